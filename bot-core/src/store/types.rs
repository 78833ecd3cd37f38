//! The values the store reads and writes: ids, times, enumerations and the records of each table.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;

/// A point in time in unix milliseconds. The engine passes the time in, so that the store never reads
/// the clock and tests can play a game over days in microseconds.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct UnixMs(pub i64);

/// A game's number in the store.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GameId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// An outgoing message's id: stable, and growing in the order the messages were committed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct OutboxId(pub i64);

impl fmt::Display for OutboxId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A text value in the database that is not one of an enumeration's names; the string is the
/// enumeration's name, never the offending value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a {0} name")]
pub struct UnknownName(pub &'static str);

/// Declares a text enumeration: its names in the database and in JSON, `as_str` and `FromStr`.
macro_rules! text_enum {
    ($(#[$doc:meta])* $name:ident, $what:literal, { $($(#[$vdoc:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $($(#[$vdoc])* #[serde(rename = $text)] $variant),+
        }

        impl $name {
            /// The name stored in the database.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl FromStr for $name {
            type Err = UnknownName;

            fn from_str(s: &str) -> Result<$name, UnknownName> {
                match s {
                    $($text => Ok($name::$variant),)+
                    _ => Err(UnknownName($what)),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

text_enum!(
    /// Where a game is played and whose bot sends its messages.
    Platform, "platform", {
        /// A Telegram group.
        Telegram = "telegram",
        /// A Discord channel.
        Discord = "discord",
        /// The `gm script` adapter: a game played from a file, for tests and demonstrations.
        Script = "script",
        /// The local web chat: rooms and private chats in a browser, with no platform token.
        Web = "web",
    }
);

text_enum!(
    /// Where a game is in its life.
    GameStatus, "game status", {
        /// Players are joining.
        Lobby = "lobby",
        /// The master is preparing the game (its setup, seats).
        Setup = "setup",
        /// Orders are being played.
        Playing = "playing",
        /// Stopped for a while; resumes later.
        Paused = "paused",
        /// Ended by its rules.
        Finished = "finished",
        /// Ended early.
        Aborted = "aborted",
    }
);

impl GameStatus {
    /// Whether the game still occupies its chat (anything but finished or aborted).
    pub fn is_running(self) -> bool {
        !matches!(self, GameStatus::Finished | GameStatus::Aborted)
    }
}

text_enum!(
    /// Whether a message goes to a group chat or privately to a user.
    TargetKind, "target kind", {
        /// A group chat or channel.
        Chat = "chat",
        /// A user, by direct message.
        User = "user",
    }
);

/// Where an outgoing message goes. Messages to one target arrive in the order they were committed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The platform whose bot sends the message.
    pub platform: Platform,
    /// A chat or a user.
    pub kind: TargetKind,
    /// The platform's id of the chat or user.
    pub id: String,
}

impl Target {
    /// A group chat.
    pub fn chat(platform: Platform, id: impl Into<String>) -> Target {
        Target {
            platform,
            kind: TargetKind::Chat,
            id: id.into(),
        }
    }

    /// A user, privately.
    pub fn user(platform: Platform, id: impl Into<String>) -> Target {
        Target {
            platform,
            kind: TargetKind::User,
            id: id.into(),
        }
    }
}

/// An inbound platform update, by the key its adapter gives it (an update id, a message id, ...).
/// Processing one twice is what the store prevents.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct InboundKey {
    /// The platform it came from.
    pub platform: Platform,
    /// The adapter's key, unique per platform.
    pub key: String,
}

impl InboundKey {
    /// The key of an update from a platform.
    pub fn new(platform: Platform, key: impl Into<String>) -> InboundKey {
        InboundKey {
            platform,
            key: key.into(),
        }
    }
}

/// A game as a list of games shows it: where it is played, which game, how far; without its
/// state (which may be large, and holds its secrets).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBrief {
    /// The game's number.
    pub id: GameId,
    /// Where it is played.
    pub platform: Platform,
    /// The platform's id of its chat.
    pub chat: String,
    /// Which game it is: the word `/newgame` takes for it.
    pub kind: String,
    /// Where it is in its life.
    pub status: GameStatus,
}

/// A game as stored.
#[derive(Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's number.
    pub id: GameId,
    /// Where it is played.
    pub platform: Platform,
    /// The platform's id of its chat.
    pub chat: String,
    /// Which game it is: the word `/newgame` takes for it.
    pub kind: String,
    /// Where it is in its life.
    pub status: GameStatus,
    /// The whole game as the engine serialised it (JSON).
    pub state: String,
    /// The version to name when writing it back.
    pub version: i64,
    /// When it was created.
    pub created_at: UnixMs,
    /// When it was last written.
    pub updated_at: UnixMs,
    /// Why the game is set aside, if it is: its state did not read back, or its timers kept
    /// failing. A held game is neither loaded nor fired until an admin resumes or aborts it.
    pub held: Option<String>,
}

/// Leaves the state out: it holds the game's secrets (a secret map, the hands), and debug output ends up
/// in logs.
impl fmt::Debug for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameRecord")
            .field("id", &self.id)
            .field("platform", &self.platform)
            .field("chat", &self.chat)
            .field("kind", &self.kind)
            .field("status", &self.status)
            .field("state_bytes", &self.state.len())
            .field("version", &self.version)
            .field("created_at", &self.created_at)
            .field("updated_at", &self.updated_at)
            .field("held", &self.held)
            .finish()
    }
}

/// A player seated in a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The place in the turn order, from 0.
    pub seat: u32,
    /// The platform's id of the user.
    pub user_id: String,
    /// The name shown in the game.
    pub name: String,
    /// The language of the player's private messages.
    #[serde(with = "lang_code")]
    pub lang: Lang,
}

/// A language as its code (`en`, `ru`) in JSON.
mod lang_code {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use crate::i18n::Lang;

    pub fn serialize<S: Serializer>(lang: &Lang, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(lang.code())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let code = String::deserialize(d)?;
        code.parse()
            .map_err(|_| D::Error::custom("a language must be `en` or `ru`"))
    }
}

/// An accepted order from the order log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderRecord {
    /// 1, 2, 3, ... within the game.
    pub seq: i64,
    /// Who gave it.
    pub user_id: String,
    /// The order as typed.
    pub text: String,
    /// When it was accepted.
    pub at: UnixMs,
}

/// A timer a game waits for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timer {
    /// The game that set it.
    pub game_id: GameId,
    /// What it is for (`deadline`, `reminder`, ...); one timer per kind per game.
    pub kind: String,
    /// When it fires.
    pub due_at: UnixMs,
    /// What the engine needs when it fires (JSON).
    pub payload: String,
}

/// An outgoing message waiting to be sent.
#[derive(Clone, PartialEq, Eq)]
pub struct Outgoing {
    /// Its id, to report back with `mark_sent` or `mark_failed`.
    pub id: OutboxId,
    /// Where it goes.
    pub target: Target,
    /// The game it belongs to, if any.
    pub game_id: Option<GameId>,
    /// The message (JSON), as the engine rendered it.
    pub payload: String,
    /// Its picture's bytes, if it carries one.
    pub picture: Option<Vec<u8>>,
    /// When it was committed.
    pub created_at: UnixMs,
    /// Failed attempts so far.
    pub attempts: u32,
    /// Parts already out of a message the platform shows as several (see
    /// [`Store::mark_parts_sent`](super::Store::mark_parts_sent)).
    pub parts_sent: u32,
    /// The platform's id of the bot's earlier message this one edits in place (its slot's last
    /// sent message), if it edits one.
    pub edit: Option<String>,
}

/// Leaves the payload out: it may hold a player's secrets, and debug output ends up in logs.
impl fmt::Debug for Outgoing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Outgoing")
            .field("id", &self.id)
            .field("target", &self.target)
            .field("game_id", &self.game_id)
            .field("payload_bytes", &self.payload.len())
            .field("picture_bytes", &self.picture.as_ref().map(Vec::len))
            .field("created_at", &self.created_at)
            .field("attempts", &self.attempts)
            .field("parts_sent", &self.parts_sent)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_strangers_are_refused() {
        for p in [
            Platform::Telegram,
            Platform::Discord,
            Platform::Script,
            Platform::Web,
        ] {
            assert_eq!(p.as_str().parse::<Platform>(), Ok(p));
        }
        assert_eq!("Telegram".parse::<Platform>(), Err(UnknownName("platform")));
        assert_eq!("paused".parse::<GameStatus>(), Ok(GameStatus::Paused));
    }

    #[test]
    fn only_finished_and_aborted_games_free_their_chat() {
        let running: Vec<_> = [
            GameStatus::Lobby,
            GameStatus::Setup,
            GameStatus::Playing,
            GameStatus::Paused,
            GameStatus::Finished,
            GameStatus::Aborted,
        ]
        .into_iter()
        .filter(|s| s.is_running())
        .collect();
        assert_eq!(running.len(), 4);
        assert!(!running.contains(&GameStatus::Finished));
    }

    #[test]
    fn debug_output_hides_a_message_payload() {
        let m = Outgoing {
            id: OutboxId(1),
            target: Target::user(Platform::Telegram, "7"),
            game_id: None,
            payload: "{\"text\":\"your start is C3\"}".into(),
            created_at: UnixMs(0),
            attempts: 0,
            parts_sent: 0,
            edit: None,
            picture: Some(vec![67, 51]),
        };
        assert!(!format!("{m:?}").contains("C3"));
        assert!(!format!("{m:?}").contains("67"));
    }
}

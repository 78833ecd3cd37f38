//! Neutral chat messages: what an adapter hands the session engine and what it gets back to send.
//! The engine never calls a platform; adapters translate their traffic to and from these.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
pub use crate::store::Platform;

/// A platform's id of a group chat (or, for a private message, of the private chat).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChatId(pub String);

/// A platform's id of a user.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UserId(pub String);

/// What a platform's bot hears of a group chat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Hearing {
    /// Every message written there.
    #[default]
    All,
    /// Only what is addressed to the bot, where it is not an administrator: commands, replies to
    /// its messages, messages that begin with its `@name` (Telegram's privacy mode, on for every
    /// new bot). Orders typed as plain words never reach it: players are taught the other ways.
    Addressed {
        /// The bot's name as players mention it, without the `@`.
        name: String,
    },
}

/// What a user sent: text, the callback data of a button he pressed, or a text file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Content {
    /// A text message.
    Text(String),
    /// A button press: the button's `data`.
    Button(String),
    /// A text file (an exported game, sent back to be imported). An adapter hands over files of
    /// at most [`MAX_FILE_BYTES`](crate::session::MAX_FILE_BYTES), decoded as UTF-8 (lossily: the
    /// session refuses a garbled one).
    File(TextFile),
}

/// A text document sent or received as a file: an exported game.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextFile {
    /// The file's name, e.g. `game-12.json`.
    pub name: String,
    /// Its content.
    pub text: String,
}

/// Leaves the content out: an exported game holds its secrets.
impl std::fmt::Debug for TextFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TextFile")
            .field("name", &self.name)
            .field("bytes", &self.text.len())
            .finish()
    }
}

/// One message (or button press) from a platform. It is kept as JSON when its handling is set
/// aside, to be handled again by `/resume`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Inbound {
    /// Where it came from.
    pub platform: Platform,
    /// The chat it was written in.
    pub chat: ChatId,
    /// Whether it was written to the bot privately.
    pub private: bool,
    /// Who wrote it.
    pub user: UserId,
    /// His display name.
    pub name: String,
    /// What he wrote.
    pub content: Content,
    /// The platform's id of the update, unique per platform: a redelivered one does nothing twice.
    pub message_id: String,
    /// The user's language as the platform knows it.
    pub lang: Option<Lang>,
    /// Whether the platform says he administers the chat (admins may pause, kick, abort).
    pub is_admin: bool,
    /// Whether the bot may open threads in this chat, each a chat of its own for a game: a
    /// Telegram forum (a supergroup with topics), a Discord server's text channel. A tournament
    /// opened here plays its games in threads the bot opens.
    pub threads: bool,
    /// The chat's title as the platform shows it (a group's name, a channel's), when it says:
    /// messages elsewhere name the chat by it rather than by its id.
    pub chat_title: Option<String>,
}

/// Where an outgoing message goes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A group chat.
    Chat(ChatId),
    /// A user, privately.
    User(UserId),
}

/// A button under a message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    /// What it says.
    pub label: String,
    /// What comes back as [`Content::Button`] when pressed; for a link, the start payload.
    pub data: String,
    /// Whether the button opens a private chat with the bot instead: a press there sends the bot
    /// `/start <data>` privately. Telegram makes it a `t.me/<bot>?start=<data>` link (so the player
    /// has opened the private chat before the bot needs to whisper); Discord, which has no such link,
    /// turns its press into that private message itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub link: bool,
}

impl Button {
    /// A button whose press comes back as `data`.
    pub fn press(label: impl Into<String>, data: impl Into<String>) -> Button {
        Button {
            label: label.into(),
            data: data.into(),
            link: false,
        }
    }

    /// A button that opens a private chat with the bot, which then receives `/start <payload>`.
    pub fn link(label: impl Into<String>, payload: impl Into<String>) -> Button {
        Button {
            label: label.into(),
            data: payload.into(),
            link: true,
        }
    }
}

/// A message to send, already durable in the outbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outbound {
    /// The outbox id: stable, to report back with `mark_sent`.
    pub id: u64,
    /// Where it goes.
    pub to: Target,
    /// The text.
    pub text: String,
    /// Rows of buttons.
    pub buttons: Vec<Vec<Button>>,
    /// A picture (PNG), sent with the text as its caption.
    pub picture: Option<Vec<u8>>,
    /// A text file sent with the text (an exported game); never together with a picture.
    pub file: Option<TextFile>,
    /// The platform's id of the bot's own earlier message this one replaces: edit that message (text
    /// and buttons) in place rather than posting anew, so a long game stays readable. Should the edit
    /// fail (deleted, too old), send it as a new message.
    pub edit: Option<String>,
    /// Failed attempts to send it so far, for the pause before the next.
    pub attempts: u32,
    /// Parts of it already out, when the platform shows it as several messages and an earlier
    /// attempt (maybe before a restart) stopped in the middle: only the rest is to be sent. A
    /// courier records each part as it goes with [`Progress`](crate::relay::Progress).
    pub parts_sent: u32,
    /// Instead of a message: open this thread. The message's target is the name the session gave
    /// the thread's chat before it existed; the courier opens the thread and answers with its chat
    /// ([`Delivered::chat`](crate::relay::Delivered::chat)), and the messages waiting for the name
    /// go there. It is the first message to that name, so none of them goes before.
    pub thread: Option<ThreadOpen>,
    /// The game it is about (the one its input or timer was handled against), if any: a client
    /// that shows one player's messages of several games can group them by game.
    pub game: Option<i64>,
}

/// A thread for the bot to open: a Telegram forum topic, a Discord thread.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadOpen {
    /// The chat it opens in.
    pub parent: ChatId,
    /// Its title, short enough for every platform (at most [`ThreadOpen::MAX_NAME`] characters).
    pub name: String,
}

impl ThreadOpen {
    /// The longest title: Discord takes 100 characters, Telegram 128.
    pub const MAX_NAME: usize = 100;

    /// A thread in `parent` titled `name`, cut to [`ThreadOpen::MAX_NAME`] characters.
    pub fn new(parent: impl Into<String>, name: &str) -> ThreadOpen {
        let mut name: String = name.trim().chars().take(Self::MAX_NAME).collect();
        if name.is_empty() {
            name.push('…');
        }
        ThreadOpen {
            parent: ChatId(parent.into()),
            name,
        }
    }
}

/// What handling one input produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// The messages it queued, already durable in the outbox.
    pub outbound: Vec<Outbound>,
    /// The answer to a button press for the presser's eyes only (a Telegram callback alert, a
    /// Discord ephemeral reply). Not in the outbox: it is only worth showing at once.
    pub popup: Option<String>,
}

/// The outbox payload: everything of an [`Outbound`] but its id and target.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    pub text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Vec<Button>>,
    /// Kept in the store's files, not in the payload's JSON; read from the JSON only as older
    /// versions wrote it (an array of byte numbers), before the store converted it.
    #[serde(default, skip_serializing)]
    pub picture: Option<Vec<u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<TextFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<ThreadOpen>,
    /// The place this message holds (e.g. a game's status): a later message in the same slot to the
    /// same chat edits this one instead of posting anew. Kept out of the payload's JSON; the outbox
    /// files it in its own column.
    #[serde(skip)]
    pub slot: Option<crate::store::Slot>,
}

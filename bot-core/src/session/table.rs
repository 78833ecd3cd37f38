//! A game as the session keeps it: the lobby, the options agreed at `/newgame`, the seats, the stage
//! of setup, the rules engine's [`Game`] once started and each player's path. Serialised whole as
//! the store's game state, so that nothing lives only in memory.

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::labyrinth::game::{Game, PlayerId};
use crate::labyrinth::geometry::{Coord, Size};
use crate::labyrinth::ruleset::Ruleset;
use crate::store::GameStatus;

/// The default time for a turn: a day (asynchronous play by message).
pub const DEFAULT_DEADLINE_MS: i64 = 24 * 3600 * 1000;
/// Missed turns in a row after which a player is removed, by default.
pub const DEFAULT_MISSED: u32 = 3;
/// The default board.
pub const DEFAULT_SIZE: (u8, u8) = (6, 5);
/// The most players at one table (the generator's limit).
pub const MAX_SEATS: usize = 8;

/// What `/newgame` agreed on besides the ruleset's own options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// Board width and height for a generated maze.
    pub size: (u8, u8),
    /// `plan=own`: the opener is the master and sends the plan privately.
    pub own_plan: bool,
    /// `order=join`: turns go in the order players joined instead of by lot.
    pub join_order: bool,
    /// Time for one turn, in milliseconds.
    pub deadline_ms: i64,
    /// Missed turns in a row before removal (0: never).
    pub missed: u32,
    /// The generator's seed, when the players fixed one.
    pub seed: Option<u64>,
    /// Players (by name) granted the ruleset's handicap (Kodex Б §7.2: "слабейшим игрокам").
    #[serde(default)]
    pub handicap: Vec<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            size: DEFAULT_SIZE,
            own_plan: false,
            join_order: false,
            deadline_ms: DEFAULT_DEADLINE_MS,
            missed: DEFAULT_MISSED,
            seed: None,
            handicap: Vec::new(),
        }
    }
}

impl Options {
    /// The board size.
    pub fn board(&self) -> Size {
        Size::new(self.size.0, self.size.1).unwrap_or(Size {
            width: DEFAULT_SIZE.0,
            height: DEFAULT_SIZE.1,
        })
    }
}

/// A player at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The platform's id of the user.
    pub user: String,
    /// His display name.
    pub name: String,
    /// The language of his private messages.
    pub lang: Lang,
}

/// Where the table is in its life.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Players join and leave.
    Lobby,
    /// Waiting for the master's plan (`plan=own`).
    AwaitPlan,
    /// Players choose their start cells privately (Б §6.1).
    Starts,
    /// In play.
    Playing,
    /// Over by the rules.
    Finished,
    /// Cancelled or aborted.
    Aborted,
}

/// One game of Labyrinth in one chat.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Table {
    /// The language of the group's messages.
    pub lang: Lang,
    /// Who opened it (the master with `plan=own`).
    pub opener: Seat,
    /// `classic` or `quantum`.
    pub code: String,
    /// The rules with the agreed options.
    pub rules: Ruleset,
    /// The session's options.
    pub options: Options,
    /// The players, in the order they joined; a seat's index is its [`PlayerId`].
    pub seats: Vec<Seat>,
    /// Where the table is.
    pub stage: Stage,
    /// Paused by an admin: no deadlines run.
    pub paused: bool,
    /// The plan in play, as plan text (the master's secret).
    pub plan: Option<String>,
    /// Start cells chosen so far, by seat.
    pub picks: Vec<Option<Coord>>,
    /// The rules engine, from the start.
    pub game: Option<Game>,
    /// Every cell each player stood on, by seat, for the final picture.
    #[serde(with = "path_text")]
    pub paths: Vec<Vec<Coord>>,
    /// Counts turns played, so that a timer set for one turn never fires on another.
    pub turn_no: u64,
    /// Draws from the session's randomness so far (lot, generator seeds).
    pub draws: u64,
    /// The last public answer to each player's order (Б §6.3 "repeat the last move").
    pub last_moves: Vec<Option<String>>,
    /// Whether the group asked for a status card: it is then kept up to date, edited in place.
    #[serde(default)]
    pub status_card: bool,
    /// When the current turn's time runs out (unix ms), while play runs and is not paused.
    #[serde(default)]
    pub turn_due_ms: Option<i64>,
}

impl Table {
    /// A new table in its lobby. The opener plays unless he is the master of his own plan.
    pub fn new(opener: Seat, code: &str, rules: Ruleset, options: Options, lang: Lang) -> Table {
        let seats = if options.own_plan {
            vec![]
        } else {
            vec![opener.clone()]
        };
        Table {
            lang,
            opener,
            code: code.to_string(),
            rules,
            options,
            seats,
            stage: Stage::Lobby,
            paused: false,
            plan: None,
            picks: vec![],
            game: None,
            paths: vec![],
            turn_no: 0,
            draws: 0,
            last_moves: vec![],
            status_card: false,
            turn_due_ms: None,
        }
    }

    /// The seat of a user, if he plays.
    pub fn seat_of(&self, user: &str) -> Option<PlayerId> {
        self.seats
            .iter()
            .position(|s| s.user == user)
            .map(|i| PlayerId(i as u8))
    }

    /// A player's name.
    pub fn name(&self, p: PlayerId) -> String {
        self.seats
            .get(usize::from(p.0))
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    /// The status the store files the game under.
    pub fn status(&self) -> GameStatus {
        match self.stage {
            Stage::Lobby => GameStatus::Lobby,
            Stage::AwaitPlan | Stage::Starts => GameStatus::Setup,
            Stage::Playing if self.paused => GameStatus::Paused,
            Stage::Playing => GameStatus::Playing,
            Stage::Finished => GameStatus::Finished,
            Stage::Aborted => GameStatus::Aborted,
        }
    }

    /// Whether the game still occupies its chat.
    pub fn running(&self) -> bool {
        !matches!(self.stage, Stage::Finished | Stage::Aborted)
    }

    /// Whether a user may run the admin commands: the opener, or a chat admin.
    pub fn is_admin(&self, user: &str, chat_admin: bool) -> bool {
        chat_admin || self.opener.user == user
    }

    /// Records where every player stands now, for the final picture of paths.
    pub fn track(&mut self) {
        let Some(game) = &self.game else { return };
        self.paths.resize(self.seats.len(), vec![]);
        for (i, path) in self.paths.iter_mut().enumerate() {
            let at = game.player(PlayerId(i as u8)).and_then(|p| match p.place {
                crate::labyrinth::game::state::Place::In(c) => Some(c),
                _ => None,
            });
            if let Some(c) = at
                && path.last() != Some(&c)
            {
                path.push(c);
            }
        }
    }

    /// A fresh number from the session's seed for this game: the lot, the generator's seed.
    pub fn draw(&mut self, session_seed: u64, game_id: i64) -> u64 {
        self.draws += 1;
        mix(mix(session_seed, game_id as u64), self.draws)
    }
}

/// SplitMix64 of two words: a stable, well-spread hash, so draws never depend on the platform.
pub fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Paths saved as one text each, `"B2 B3 C3"`: they grow with every step, and a game is saved after
/// every order. A list of cells, as earlier versions saved them, is read too.
mod path_text {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::labyrinth::geometry::Coord;

    pub fn serialize<S: Serializer>(paths: &[Vec<Coord>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(paths.iter().map(|path| {
            let mut text = String::with_capacity(path.len() * 4);
            for (i, c) in path.iter().enumerate() {
                if i > 0 {
                    text.push(' ');
                }
                text.push_str(c.name().as_str());
            }
            text
        }))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<Coord>>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Saved {
            Text(String),
            Cells(Vec<Coord>),
        }
        Vec::<Saved>::deserialize(d)?
            .into_iter()
            .map(|path| match path {
                Saved::Text(text) => text
                    .split_whitespace()
                    .map(|c| c.parse().map_err(D::Error::custom))
                    .collect(),
                Saved::Cells(cells) => Ok(cells),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_saved_as_text_and_read_in_either_form() {
        #[derive(Serialize, Deserialize, PartialEq, Debug)]
        struct Saved {
            #[serde(with = "path_text")]
            paths: Vec<Vec<Coord>>,
        }
        let paths = vec![
            vec![Coord::new(1, 1), Coord::new(1, 2), Coord::new(25, 25)],
            vec![],
        ];
        let json = serde_json::to_string(&Saved {
            paths: paths.clone(),
        })
        .unwrap();
        assert_eq!(json, r#"{"paths":["B2 B3 Z26",""]}"#);
        let back: Saved = serde_json::from_str(&json).unwrap();
        assert_eq!(back.paths, paths);
        let earlier = r#"{"paths":[[{"col":1,"row":1},"B3",{"col":25,"row":25}],[]]}"#;
        let back: Saved = serde_json::from_str(earlier).unwrap();
        assert_eq!(back.paths, paths);
        assert!(serde_json::from_str::<Saved>(r#"{"paths":["B2 Q99"]}"#).is_err());
    }
}

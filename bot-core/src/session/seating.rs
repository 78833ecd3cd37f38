//! The session's part of a table: the seats, the stage of its life, the turn clock. Every game's
//! code reads it ([`Play`](super::game::Play)'s methods are handed it); the table that joins it to
//! the game's own part is [`Table`](super::table::Table).

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::store::GameStatus;

/// The default time for a turn: a day (asynchronous play by message).
pub const DEFAULT_DEADLINE_MS: i64 = 24 * 3600 * 1000;
/// Missed turns in a row after which a player is removed, by default.
pub const DEFAULT_MISSED: u32 = 3;
/// How many times a player may ask for more time on his own move in one game, by default.
pub const DEFAULT_EXTEND_TIMES: u32 = 2;
/// How much more time each `/extend` gives, by default.
pub const DEFAULT_EXTEND_MS: i64 = 12 * 3600 * 1000;
/// The longest `/vacation`: a table does not wait longer for anyone.
pub const VACATION_CAP_MS: i64 = 14 * 24 * 3600 * 1000;

/// A player at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The platform's id of the user.
    pub user: String,
    /// His display name.
    pub name: String,
    /// The language of his private messages.
    pub lang: Lang,
    /// Until when he is away (`/vacation`): the deadlines of his moves stretch over it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_until: Option<i64>,
    /// He left the group or server the game is played in: unless he comes back (says anything
    /// there), he leaves the game when the deadline of a move of his passes.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub gone: bool,
}

impl Seat {
    /// A player who is not away.
    pub fn new(user: &str, name: &str, lang: Lang) -> Seat {
        Seat {
            user: user.to_string(),
            name: name.to_string(),
            lang,
            away_until: None,
            gone: false,
        }
    }
}

/// Where the table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Players join and leave.
    Lobby,
    /// The game sets itself up: a master's plan, secret choices before play.
    #[serde(alias = "AwaitPlan", alias = "Starts")]
    Setup,
    /// In play.
    Playing,
    /// Over by the rules.
    Finished,
    /// Cancelled or aborted.
    Aborted,
}

impl Stage {
    /// The `status` every game's peek state has (`script-harness.md`, "Every game"): `lobby`,
    /// `setup`, `playing` or `finished` (an aborted game is finished too).
    pub fn peek_status(self) -> &'static str {
        match self {
            Stage::Lobby => "lobby",
            Stage::Setup => "setup",
            Stage::Playing => "playing",
            Stage::Finished | Stage::Aborted => "finished",
        }
    }
}

/// The session's part of a table: what every game shares.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Seating {
    /// The language of the group's messages.
    pub lang: Lang,
    /// Who opened it (the game's master, when the game has one who does not play).
    pub opener: Seat,
    /// The players, in the order they joined; a seat's index is its number in the game.
    pub seats: Vec<Seat>,
    /// Where the table is.
    pub stage: Stage,
    /// Paused by an admin: no deadlines run.
    pub paused: bool,
    /// Counts turns played, so that a timer or a button made for one turn never acts on another.
    pub turn_no: u64,
    /// Draws from the session's randomness so far (lots, shuffles, generator seeds).
    pub draws: u64,
    /// Whether the group asked for a status card: it is then kept up to date, edited in place.
    #[serde(default)]
    pub status_card: bool,
    /// When the current turn's time runs out (unix ms), while play runs and is not paused.
    #[serde(default)]
    pub turn_due_ms: Option<i64>,
    /// Time for one turn, in milliseconds.
    #[serde(default = "default_deadline")]
    pub deadline_ms: i64,
    /// Missed turns in a row before removal (0: never; 1, in a game of two, is a loss on time).
    #[serde(default = "default_missed")]
    pub missed: u32,
    /// How many times each player may `/extend` his move in this game.
    #[serde(default = "default_extend_times")]
    pub extend_times: u32,
    /// How much more time one `/extend` gives, in milliseconds.
    #[serde(default = "default_extend_ms")]
    pub extend_ms: i64,
    /// The extensions each seat has used, by seat.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extended: Vec<u32>,
    /// The tournament game this table is, if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<Link>,
    /// The community (chat) whose ratings the game's result updates: `rated=yes`, and every
    /// tournament game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<String>,
}

/// Names a tournament's game: the tournament, and the game's round and place in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Link {
    /// The tournament's number in the store.
    pub id: i64,
    /// The round, from 0.
    pub round: usize,
    /// The game within the round, from 0.
    pub game: usize,
}

fn default_extend_times() -> u32 {
    DEFAULT_EXTEND_TIMES
}

fn default_extend_ms() -> i64 {
    DEFAULT_EXTEND_MS
}

fn default_deadline() -> i64 {
    DEFAULT_DEADLINE_MS
}

fn default_missed() -> u32 {
    DEFAULT_MISSED
}

impl Seating {
    /// A new table's seating in its lobby, the opener seated if he plays.
    pub fn new(opener: Seat, opener_plays: bool, lang: Lang) -> Seating {
        let seats = if opener_plays {
            vec![opener.clone()]
        } else {
            vec![]
        };
        Seating {
            lang,
            opener,
            seats,
            stage: Stage::Lobby,
            paused: false,
            turn_no: 0,
            draws: 0,
            status_card: false,
            turn_due_ms: None,
            deadline_ms: DEFAULT_DEADLINE_MS,
            missed: DEFAULT_MISSED,
            extend_times: DEFAULT_EXTEND_TIMES,
            extend_ms: DEFAULT_EXTEND_MS,
            extended: vec![],
            tournament: None,
            rated: None,
        }
    }

    /// The seat of a user, if he plays.
    pub fn seat_of(&self, user: &str) -> Option<usize> {
        self.seats.iter().position(|s| s.user == user)
    }

    /// A seat's name.
    pub fn name(&self, seat: usize) -> String {
        self.seats
            .get(seat)
            .map(|s| s.name.clone())
            .unwrap_or_default()
    }

    /// The status the store files the game under.
    pub fn status(&self) -> GameStatus {
        match self.stage {
            Stage::Lobby => GameStatus::Lobby,
            Stage::Setup => GameStatus::Setup,
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

    /// The time a new turn gets: the table's deadline, stretched over the vacations of those it
    /// awaits (at most [`VACATION_CAP_MS`] more).
    pub fn turn_time(&self, awaited: &[usize], now: i64) -> i64 {
        let away = (awaited.iter())
            .filter_map(|&s| self.seats.get(s)?.away_until)
            .map(|until| (until - now).clamp(0, VACATION_CAP_MS))
            .max()
            .unwrap_or(0);
        self.deadline_ms.max(1) + away
    }

    /// Whether a user may run the admin commands: the opener, or a chat admin.
    pub fn is_admin(&self, user: &str, chat_admin: bool) -> bool {
        chat_admin || self.opener.user == user
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

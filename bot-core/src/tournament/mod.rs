//! Play-by-message tournaments: the pure core.
//!
//! A tournament is a value: who plays, which rounds were made, how each game ended. Every method is
//! a function of that value and its arguments (a seed where chance is wanted), so that the session
//! can store it as JSON, run its clock and chats around it, and tests can replay it. Nothing here
//! sends a message, reads the time or opens a table.
//!
//! Round-robin and Swiss pair two players a game; a series and tables seat several. Pairing is in
//! the format's own file, points per game in [`scoring`], the table of places in [`standings`],
//! ratings in [`rating`].

mod error;
pub mod format;
pub mod history;
mod lobby;
pub mod matching;
mod picture;
pub mod rating;
pub mod render;
mod results;
pub mod round_robin;
mod run;
pub mod scoring;
pub mod series;
pub mod standings;
pub mod swiss;
pub mod tables;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::session::game::Outcome;

pub use crate::session::outcome::{Results, Worth};
pub use error::TournamentError;
pub use format::{Format, Plan};
pub use history::History;
pub use lobby::Left;
pub use render::Labels;
pub use scoring::Scoring;
pub use standings::Row;

/// The game every table of a tournament plays, fixed when the tournament is announced: a director
/// picks it once, so that every round is comparable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSpec {
    /// The word `/newgame` takes for the game.
    pub word: String,
    /// The ruleset every table opens with.
    pub ruleset: String,
    /// The game's own `key=value` options every table opens with, as typed.
    pub options: Vec<String>,
    /// The fewest players a table of the game seats.
    pub min_players: usize,
    /// The most players a table of the game seats.
    pub max_players: usize,
    /// How the game's outcomes count, as the game declared them when the tournament was
    /// announced; `None` in a tournament stored before games declared them, until the session
    /// reads it again from the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results: Option<Results>,
}

impl GameSpec {
    /// How the game's outcomes count: as declared, or else like chess.
    pub fn results(&self) -> std::borrow::Cow<'_, Results> {
        match &self.results {
            Some(r) => std::borrow::Cow::Borrowed(r),
            None => std::borrow::Cow::Owned(Results::duel()),
        }
    }
}

/// One entrant. Players are never removed once the tournament started, so that the indices the
/// rounds hold stay valid; a player who leaves is marked withdrawn instead.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The platform's user id, as the session keys users.
    pub id: String,
    /// The name the standings show.
    pub name: String,
    /// Left or was removed: no further pairings, unplayed games forfeited.
    pub withdrawn: bool,
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Status {
    /// Made by the pairing, not yet opened.
    Pending,
    /// Opened by the session as the table with this id.
    Running {
        /// The session's game id.
        game: i64,
    },
    /// Ended with this outcome, by seat.
    Finished {
        /// The game's result, by seat.
        outcome: Outcome,
        /// The seats that left the table before its end: they score as its last, but the game
        /// rates only those who saw it to its end, as a casual game does.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        left: Vec<usize>,
    },
    /// Not played because some seats withdrew: in a game of two the absent lose and the present
    /// win; a game of more that can no longer gather its minimum counts for nobody.
    Forfeit {
        /// The seats that withdrew.
        absent: Vec<usize>,
    },
    /// A round's odd player out, scored as the scoring's bye points.
    Bye,
}

impl Status {
    /// Whether the game still waits for a result.
    pub fn is_open(&self) -> bool {
        matches!(self, Status::Pending | Status::Running { .. })
    }
}

/// One game of a round (a bye is a game of one).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The players' indices by seat; seat 0 moves first.
    pub seats: Vec<usize>,
    /// Where the game stands.
    pub status: Status,
}

/// One round: games that may be played side by side.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Round {
    /// The round's games and byes.
    pub games: Vec<Game>,
    /// Where the round's ratings stand: a round is one rating period (see [`rating`]).
    #[serde(default)]
    pub rated: Rated,
}

/// When a round's games move the ratings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rated {
    /// Each game as it ends, a rating period of its own: a round made by a version before rounds
    /// were rating periods (its games that ended then were rated so).
    #[default]
    ByGame,
    /// At the round's end, all its games at once: one rating period.
    Due,
    /// Its games were rated, once, at the round's end.
    Done,
}

/// The kind of outcome of a tournament's table called off before its end: it scores nothing for
/// anyone and is not rated.
pub const CALLED_OFF: &str = "aborted";

/// Names one game: its round and its place in the round, both from 0. Rounds are only ever
/// appended, so a reference stays valid for the tournament's life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameRef {
    /// The round, from 0.
    pub round: usize,
    /// The game within the round, from 0.
    pub game: usize,
}

/// The life of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum State {
    /// Taking entries.
    Lobby,
    /// Rounds are being played.
    Running,
    /// Stopped by the director: results still arrive, no round is made.
    Paused,
    /// Every game has a result and no round is left to make.
    Finished,
    /// Called off by the director.
    Cancelled,
}

/// A whole tournament, as the session stores it (JSON-friendly: no maps with non-string keys,
/// nothing derived that could drift from the rounds).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tournament {
    /// The game every table plays.
    pub game: GameSpec,
    /// How players are paired or seated.
    pub format: Format,
    /// Points per result.
    pub scoring: Scoring,
    /// Entrants in join order; the index is the player's number everywhere else.
    pub players: Vec<Player>,
    /// The rounds made so far (round-robin and series make them all at the start).
    pub rounds: Vec<Round>,
    /// Where the tournament stands.
    pub state: State,
}

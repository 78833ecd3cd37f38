//! Why a tournament refuses a step.

use super::GameRef;

/// A step the tournament cannot take in its present state. The messages are English for logs and
/// the command line; the session words its own replies in the user's language from the variant.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TournamentError {
    /// Too few entrants for the format and the game.
    #[error("not enough players: {have} joined, the tournament needs at least {need}")]
    NotEnoughPlayers {
        /// Entrants now.
        have: usize,
        /// The fewest the format can start with.
        need: usize,
    },
    /// A series is one table: no more entrants than it seats.
    #[error("the tournament is full: a table seats at most {max}")]
    Full {
        /// The most entrants the format takes.
        max: usize,
    },
    /// The user is already an entrant.
    #[error("{0} has already joined")]
    AlreadyJoined(String),
    /// The user is not an entrant.
    #[error("{0} has not joined")]
    NotJoined(String),
    /// No player has this number.
    #[error("there is no player {0}")]
    UnknownPlayer(usize),
    /// The player has already left.
    #[error("{0} has already withdrawn")]
    AlreadyWithdrawn(String),
    /// A two-player format for a game that does not seat two.
    #[error(
        "a {format} tournament pairs two players a game, but {game} seats {min} to {max}: \
         choose series or tables"
    )]
    NotTwoPlayer {
        /// The format's name.
        format: &'static str,
        /// The game's word.
        game: String,
        /// The fewest the game seats.
        min: usize,
        /// The most the game seats.
        max: usize,
    },
    /// A table size the game cannot seat.
    #[error("{game} seats {min} to {max} players a table: write a size in that range")]
    TableSize {
        /// The game's word.
        game: String,
        /// The fewest the game seats.
        min: usize,
        /// The most the game seats.
        max: usize,
    },
    /// The field cannot be split into tables the game seats (5 players, tables of 3 to 4).
    #[error(
        "{players} players cannot be seated at tables of {min} to {max}: \
         wait for more players or choose another table size"
    )]
    CannotSeat {
        /// The players to seat.
        players: usize,
        /// The fewest the game seats.
        min: usize,
        /// The most the game seats.
        max: usize,
    },
    /// Rounds, cycles or games given as zero.
    #[error("the {format} format needs at least one {what}")]
    Zero {
        /// The format's name.
        format: &'static str,
        /// What was zero (`round`, `cycle`, `game`).
        what: &'static str,
    },
    /// Entries are taken only before the start.
    #[error("the tournament has already started")]
    Started,
    /// The step needs a running tournament.
    #[error("the tournament is not running")]
    NotRunning,
    /// The current round still has games without a result.
    #[error("the current round is not over yet")]
    RoundNotOver,
    /// The format has made all its rounds.
    #[error("there is no round left to make")]
    NoRoundLeft,
    /// No game has this reference.
    #[error("there is no game {} in round {}", .0.game + 1, .0.round + 1)]
    UnknownGame(GameRef),
    /// The game already has a result.
    #[error("game {} of round {} already has a result", .0.game + 1, .0.round + 1)]
    GameClosed(GameRef),
    /// An outcome for a different number of seats than the game has.
    #[error("the game has {expected} seats, the outcome {got}")]
    SeatCount {
        /// The game's seats.
        expected: usize,
        /// The outcome's seats.
        got: usize,
    },
}

//! The formats a tournament can take, and what each asks of the game.

use serde::{Deserialize, Serialize};

use super::{GameSpec, TournamentError};

/// How players meet. Two-player formats pair; multiplayer formats seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "format", rename_all = "kebab-case")]
pub enum Format {
    /// Everyone against everyone, `cycles` times (2: a double round-robin, seats swapped).
    RoundRobin {
        /// How many times each pair meets.
        cycles: u32,
    },
    /// A fixed number of rounds, each pairing players of equal score: for fields too large to
    /// play everyone.
    Swiss {
        /// The rounds to play.
        rounds: u32,
    },
    /// One table plays several games, the first seat passing round.
    Series {
        /// The games the table plays.
        games: u32,
    },
    /// Rounds of several tables, reseated each round so that players meet as rarely as possible.
    Tables {
        /// The most players a table seats; tables are as even as the field allows.
        size: usize,
        /// The rounds to play.
        rounds: u32,
    },
}

/// One round as a format makes it: the games (player numbers by seat, seat 0 first) and the byes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Each game's players by seat.
    pub games: Vec<Vec<usize>>,
    /// Players who sit the round out.
    pub byes: Vec<usize>,
}

impl Format {
    /// The format's name, as errors and the status show it.
    pub fn name(&self) -> &'static str {
        match self {
            Format::RoundRobin { .. } => "round-robin",
            Format::Swiss { .. } => "swiss",
            Format::Series { .. } => "series",
            Format::Tables { .. } => "tables",
        }
    }

    /// Whether every game seats exactly two (wins, draws and losses, Glicko-2 ratings).
    pub fn two_player(&self) -> bool {
        matches!(self, Format::RoundRobin { .. } | Format::Swiss { .. })
    }

    /// Whether the whole schedule is known at the start (it does not depend on results).
    pub fn scheduled(&self) -> bool {
        matches!(self, Format::RoundRobin { .. } | Format::Series { .. })
    }

    /// Whether the format fits the game: checked when the tournament is announced, so that a
    /// director learns it before anyone joins.
    pub fn check(&self, game: &GameSpec) -> Result<(), TournamentError> {
        let (min, max) = (game.min_players, game.max_players);
        let zero = |what| {
            Err(TournamentError::Zero {
                format: self.name(),
                what,
            })
        };
        match *self {
            Format::RoundRobin { cycles: 0 } => return zero("cycle"),
            Format::Swiss { rounds: 0 } | Format::Tables { rounds: 0, .. } => return zero("round"),
            Format::Series { games: 0 } => return zero("game"),
            Format::Tables { size, .. } if size < min || size > max => {
                return Err(TournamentError::TableSize {
                    game: game.word.clone(),
                    min,
                    max,
                });
            }
            _ => {}
        }
        if self.two_player() && !(min..=max).contains(&2) {
            return Err(TournamentError::NotTwoPlayer {
                format: self.name(),
                game: game.word.clone(),
                min,
                max,
            });
        }
        Ok(())
    }

    /// The fewest entrants the format starts with.
    pub fn min_entrants(&self, game: &GameSpec) -> usize {
        if self.two_player() {
            2
        } else {
            game.min_players
        }
    }

    /// The most entrants the format takes, if it has a limit (a series is a single table).
    pub fn max_entrants(&self, game: &GameSpec) -> Option<usize> {
        match self {
            Format::Series { .. } => Some(game.max_players),
            _ => None,
        }
    }

    /// How many rounds the format plays with `entrants` players.
    pub fn rounds(&self, entrants: usize) -> usize {
        match *self {
            Format::RoundRobin { cycles } => {
                super::round_robin::rounds_per_cycle(entrants) * cycles as usize
            }
            Format::Swiss { rounds } | Format::Tables { rounds, .. } => rounds as usize,
            Format::Series { games } => games as usize,
        }
    }
}

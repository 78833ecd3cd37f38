//! The cylinder game (seed `shared/seeds/004_23e2bcc045ef2397.txt`), a master's rules post for a
//! play-by-message Labyrinth: an 8×8 board whose west and east edges are glued, spinners, rivers
//! into swamps, a permutation of pits, crocodiles, a morgue, a bear that repeats every move and a
//! ghost on a fixed path; and no turn order: each player queues several moves whenever he likes,
//! and the master interleaves them step by step.
//!
//! - [`board`]: the board and its cells; [`walk`]: where a step ends.
//! - [`game`]: the state, one player's move, the bear's repeat and the ghost's step.
//! - [`queue`]: queued moves and the time steps that interleave them; [`orders`]: reading them.

pub mod board;
pub mod event;
pub mod game;
pub mod generate;
pub mod orders;
pub mod plan;
pub mod queue;
pub mod render;
pub mod table;
pub mod validate;
pub mod walk;

#[cfg(test)]
mod tests;

pub use board::{Across, CylBoard, Ground, Needle, Rim};
pub use event::{Beast, CylEvent, Death, Seen};
pub use game::{CylGame, CylRefusal, Stride};
pub use orders::{OrderError, looks_like_order, parse_queue};
pub use queue::{Halt, Planned, Queue, StepReport, play_step, play_step_in};

use crate::geometry::{Coord, Dir};

/// The master's secret map of a cylinder game: the board, and where the treasure, the crocodiles
/// and the creatures start.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CylPlan {
    /// Cells, walls and exits.
    pub board: CylBoard,
    /// Where the treasure lies, and goes back to when its carrier dies.
    pub treasure: Coord,
    /// The crocodiles' cells.
    pub crocodiles: Vec<Coord>,
    /// The bear's first cell, if the maze has a bear.
    pub bear: Option<Coord>,
    /// The ghost, if the maze has one.
    pub ghost: Option<GhostPath>,
}

/// The ghost's fixed path: where he starts and the steps he takes, one a time step, round and round
/// ("Призрак движется по фиксированной траектории, перемещаясь на одну клетку после хода всех
/// игроков"). He passes walls: nothing in the post stops him.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct GhostPath {
    /// His first cell.
    pub start: Coord,
    /// His steps, repeated from the first after the last.
    pub steps: Vec<Dir>,
}

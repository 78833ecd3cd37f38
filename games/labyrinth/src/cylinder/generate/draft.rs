//! An attempt's board while the cylinder's cells are chosen: the [`Draft`] every step works on.

use super::quota::Quota;
use crate::cylinder::{CylBoard, Ground};
use crate::geometry::{Coord, Dir, Size};

/// An attempt's board while its cells are chosen, and the sides its rivers flow across.
pub(super) struct Draft {
    /// The board: land at first, no walls yet.
    pub board: CylBoard,
    /// Each river cell with its flow: these sides stay open (seed 004 has no wall across a river).
    pub flows: Vec<(Coord, Dir)>,
    /// Land and spinner cells to keep (the quota's `keep`).
    keep: usize,
    /// Land cells to keep for the crocodiles, the treasure, the bear and the ghost.
    pub(super) land_keep: usize,
}

impl Draft {
    /// A board of land for `q`.
    pub fn new(size: Size, q: &Quota) -> Draft {
        Draft {
            board: CylBoard::new(size),
            flows: vec![],
            keep: q.keep,
            land_keep: q.land_things(),
        }
    }

    /// Land cells, in reading order.
    pub fn land(&self) -> Vec<Coord> {
        self.board
            .cells()
            .filter(|&(_, g)| g == Ground::Land)
            .map(|(c, _)| c)
            .collect()
    }

    /// Whether `c` is land.
    pub fn is_land(&self, c: Coord) -> bool {
        self.board.ground(c) == Ground::Land
    }

    /// How many more cells may become neither land nor spinner.
    pub fn room(&self) -> usize {
        let starts = self
            .board
            .cells()
            .filter(|&(_, g)| matches!(g, Ground::Land | Ground::Spinner(_)))
            .count();
        starts.saturating_sub(self.keep)
    }

    /// Whether any neighbour of `c` but `except` is a river or a swamp.
    pub fn near_water(&self, c: Coord, except: Option<Coord>) -> bool {
        Dir::ALL
            .into_iter()
            .filter_map(|d| self.board.neighbour(c, d))
            .filter(|&n| Some(n) != except)
            .any(|n| matches!(self.board.ground(n), Ground::River(_) | Ground::Swamp))
    }
}

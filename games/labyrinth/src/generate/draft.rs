//! A plan under construction, with the reservations the steps of one attempt leave for each other.

use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::board::{Board, Cell, InnerWall};
use crate::geometry::{Coord, Dir, Size};
use crate::item::PlacedItem;
use crate::movement::Topology;
use crate::plan::{Plan, PlanSettings};
use crate::ruleset::RiverKind;

use super::reach;

/// One attempt's plan while it is being composed.
pub(super) struct Draft {
    /// Walls, exits and cell types so far.
    pub board: Board,
    /// Items so far.
    pub items: Vec<PlacedItem>,
    /// Per cell: no river or pit may take it (a mouth's way out, a chain).
    pub dry: Vec<bool>,
    /// Per cell: only land, a hospital or an arsenal may take it (Kodex Б §7.1 chains).
    pub chain: Vec<bool>,
    /// Per cell: a treasure lies here.
    pub treasure: Vec<bool>,
    /// Inner sides that must stay open, as (cell, direction): flows, mouths' ways out, chains.
    pub keep_open: Vec<(Coord, Dir)>,
}

impl Draft {
    /// An empty draft: land everywhere, no inner walls, no floors between levels.
    pub fn new(size: Size) -> Draft {
        let n = size.area();
        let mut board = Board::new(size);
        for c in size.cells() {
            board.set_inner(c, Dir::Higher, InnerWall::Open);
        }
        Draft {
            board,
            items: vec![],
            dry: vec![false; n],
            chain: vec![false; n],
            treasure: vec![false; n],
            keep_open: vec![],
        }
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.board.size()
    }

    /// Row-major index of a cell.
    pub fn idx(&self, c: Coord) -> usize {
        self.size().index(c)
    }

    /// The neighbours of a cell with the direction toward each.
    pub fn neighbours(&self, c: Coord) -> impl Iterator<Item = (Dir, Coord)> + use<> {
        let size = self.size();
        Dir::ALL
            .into_iter()
            .filter_map(move |d| size.neighbour(c, d).map(|n| (d, n)))
    }

    /// Whether a cell lies on the border of the board.
    pub fn on_border(&self, c: Coord) -> bool {
        let s = self.size();
        c.col == 0 || c.row == 0 || c.col + 1 == s.width || c.row + 1 == s.height
    }

    /// Whether a cell is still plain land with nothing on it.
    pub fn is_free(&self, c: Coord) -> bool {
        self.board.cell(c) == Cell::Land && !self.treasure[self.idx(c)]
    }

    /// A random cell satisfying `fits`, if any.
    pub fn pick(
        &self,
        rng: &mut ChaCha8Rng,
        fits: impl Fn(&Draft, Coord) -> bool,
    ) -> Option<Coord> {
        let cells: Vec<Coord> = self.size().cells().filter(|&c| fits(self, c)).collect();
        cells.choose(rng).copied()
    }

    /// Of a few random cells satisfying `fits`, the one scoring highest: spreads features out
    /// without the cost of a full search.
    pub fn pick_best(
        &self,
        rng: &mut ChaCha8Rng,
        fits: impl Fn(&Draft, Coord) -> bool,
        score: impl Fn(Coord) -> u32,
    ) -> Option<Coord> {
        let cells: Vec<Coord> = self.size().cells().filter(|&c| fits(self, c)).collect();
        let tries = cells.len().min(4);
        (0..tries)
            .filter_map(|_| cells.choose(rng).copied())
            .max_by_key(|&c| score(c))
    }

    /// Kodex Б §7.1: one row and one column of land, hospitals and arsenals, open end to end, so that
    /// chains join opposite walls both ways.
    pub(super) fn reserve_chains(&mut self, rng: &mut ChaCha8Rng) {
        let s = self.size();
        let row = rng.random_range(0..s.height);
        let col = rng.random_range(0..s.width);
        for c in s.cells().filter(|c| c.row == row || c.col == col) {
            let i = self.idx(c);
            self.dry[i] = true;
            self.chain[i] = true;
        }
        // Each level of a 3-D maze has its own chains.
        for l in 0..s.levels {
            self.keep_open
                .extend((0..s.width - 1).map(|x| (Coord::at_level(x, row, l), Dir::Right)));
            self.keep_open
                .extend((0..s.height - 1).map(|y| (Coord::at_level(col, y, l), Dir::Down)));
        }
    }

    pub fn into_plan(self, topo: &Topology, rivers: RiverKind) -> Plan {
        let size = self.size();
        let sides = u32::from(size.width) + u32::from(size.height);
        let graph = reach::Graph::new(&self.board, topo, rivers);
        // Kodex Б §4.7, §8.6: enough moves to walk from anywhere to the nearest hospital.
        let walk = graph.farthest_from(|c| self.board.cell(c) == Cell::Hospital);
        let settings = PlanSettings {
            cure: Some(sides.max(walk)),
            nstop: Some(size.area() as u32),
        };
        Plan {
            board: self.board,
            settings,
            items: self.items,
            stocks: vec![],
            bear: None,
        }
    }
}

/// Manhattan distance between two cells, levels counted as steps.
pub(super) fn distance(a: Coord, b: Coord) -> u32 {
    u32::from(a.col.abs_diff(b.col))
        + u32::from(a.row.abs_diff(b.row))
        + u32::from(a.level.abs_diff(b.level))
}

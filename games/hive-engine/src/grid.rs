//! The engine's cells: a fixed wrapping grid of numbered cells, so that a cell's neighbours are
//! one addition away and the board's per-cell data lives in flat arrays.
//!
//! Cell `(q, r)` has number `(q + 64·r) mod 4096`: east is `+1`, south-east `+64`, and so on. The
//! grid wraps, so far-apart cells share numbers; but every cell the rules ever look at lies within
//! 30 steps of any piece in play (28 pieces in a line at most, plus two cells around for the cells
//! beside a step), and within 31 columns and 31 rows no two cells share a number. [`Cell::hex`]
//! undoes the numbering with a piece in play as its anchor.

use super::hex::{Dir, Hex};

/// Cells in a row of the grid.
const WIDTH: i32 = 64;

/// Cells in the grid.
pub(crate) const CELLS: usize = 4096;

/// What is added to a cell's number to step in each of [`Dir::ALL`]'s directions.
const STEP: [u16; 6] = {
    let mut steps = [0u16; 6];
    let dirs = Dir::ALL;
    let mut i = 0;
    while i < 6 {
        let (dq, dr) = match dirs[i] {
            Dir::NW => (0, -1),
            Dir::NE => (1, -1),
            Dir::E => (1, 0),
            Dir::SE => (0, 1),
            Dir::SW => (-1, 1),
            Dir::W => (-1, 0),
        };
        steps[i] = (dq + WIDTH * dr).rem_euclid(CELLS as i32) as u16;
        i += 1;
    }
    steps
};

/// A cell's number on the wrapping grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Cell(pub(crate) u16);

impl Cell {
    /// The cell of the first piece: the origin.
    pub(crate) const ORIGIN: Cell = Cell(0);

    /// The grid cell a table cell falls on.
    pub(crate) fn of(h: Hex) -> Cell {
        Cell((h.q + WIDTH * h.r).rem_euclid(CELLS as i32) as u16)
    }

    /// The number, as an index into per-cell arrays.
    #[inline]
    pub(crate) fn idx(self) -> usize {
        self.0 as usize
    }

    /// The neighbour in direction number `d` (an index into [`Dir::ALL`]).
    #[inline]
    pub(crate) fn step(self, d: usize) -> Cell {
        Cell(self.0.wrapping_add(STEP[d]) & (CELLS as u16 - 1))
    }

    /// The neighbour in direction `dir`.
    pub(crate) fn to(self, dir: Dir) -> Cell {
        self.step(dir as usize)
    }

    /// The six neighbours, in [`Dir::ALL`]'s order.
    #[inline]
    pub(crate) fn neighbours(self) -> [Cell; 6] {
        [
            self.step(0),
            self.step(1),
            self.step(2),
            self.step(3),
            self.step(4),
            self.step(5),
        ]
    }

    /// The table cell this grid cell stands for, near `anchor` (a table cell and its grid cell,
    /// usually a piece in play): the one within 31 columns and 31 rows of it.
    pub(crate) fn hex(self, anchor: (Hex, Cell)) -> Hex {
        let (at, cell) = anchor;
        // The offset as a signed number, then split into rows of 64 with the column in -32..32.
        let mut d = (self.0 as i32 - cell.0 as i32).rem_euclid(CELLS as i32);
        if d >= CELLS as i32 / 2 {
            d -= CELLS as i32;
        }
        let dr = (d + WIDTH / 2).div_euclid(WIDTH);
        let dq = d - WIDTH * dr;
        Hex::new(at.q + dq, at.r + dr)
    }
}

/// A set of cells: one bit per cell of the grid.
#[derive(Clone)]
pub(crate) struct CellSet {
    words: [u64; CELLS / 64],
}

impl CellSet {
    /// No cells.
    pub(crate) fn new() -> CellSet {
        CellSet {
            words: [0; CELLS / 64],
        }
    }

    /// Adds `c`; true if it was not there yet.
    #[inline]
    pub(crate) fn insert(&mut self, c: Cell) -> bool {
        let w = &mut self.words[c.idx() >> 6];
        let bit = 1u64 << (c.idx() & 63);
        let new = *w & bit == 0;
        *w |= bit;
        new
    }

    /// Removes `c`.
    #[inline]
    pub(crate) fn remove(&mut self, c: Cell) {
        self.words[c.idx() >> 6] &= !(1u64 << (c.idx() & 63));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_match_the_table_directions_and_numbers_read_back() {
        let anchor = (Hex::new(5, -7), Cell::of(Hex::new(5, -7)));
        for q in -31..=31 {
            for r in -31..=31 {
                let h = Hex::new(5 + q, -7 + r);
                let c = Cell::of(h);
                assert_eq!(c.hex(anchor), h);
                for d in Dir::ALL {
                    assert_eq!(c.to(d), Cell::of(h.to(d)));
                }
            }
        }
    }
}

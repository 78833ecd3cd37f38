//! The cells of the table: axial coordinates on pointy-topped hexagons.
//!
//! The first piece lies at the origin. `q` grows to the east, `r` to the south-east, so the six
//! neighbours of a cell are east `(+1, 0)`, west `(-1, 0)`, north-east `(+1, -1)`, north-west
//! `(0, -1)`, south-east `(0, +1)` and south-west `(-1, +1)`. UHP's position marks read on these
//! directions: `wS1-` east of `wS1`, `-wS1` west, `wS1/` north-east, `/wS1` south-west, `wS1\`
//! south-east, `\wS1` north-west.

use serde::{Deserialize, Serialize};

/// A cell of the table (the ground level; stacks rise on it).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

/// The six directions, in the order Mzinga looks around a cell for a piece to name a position
/// by: north-west first, then clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    NW,
    NE,
    E,
    SE,
    SW,
    W,
}

impl Dir {
    /// Every direction, clockwise from north-west.
    pub const ALL: [Dir; 6] = [Dir::NW, Dir::NE, Dir::E, Dir::SE, Dir::SW, Dir::W];

    /// The step `(dq, dr)` one cell this way.
    pub fn step(self) -> (i32, i32) {
        match self {
            Dir::NW => (0, -1),
            Dir::NE => (1, -1),
            Dir::E => (1, 0),
            Dir::SE => (0, 1),
            Dir::SW => (-1, 1),
            Dir::W => (-1, 0),
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        self.turned(3)
    }

    /// The direction `k` sixths of a turn clockwise (negative: anticlockwise).
    pub fn turned(self, k: i32) -> Dir {
        Dir::ALL[(self as i32 + k).rem_euclid(6) as usize]
    }
}

impl Hex {
    /// The cell at `(q, r)`.
    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The neighbour one step `dir`.
    pub fn to(self, dir: Dir) -> Hex {
        let (dq, dr) = dir.step();
        Hex::new(self.q + dq, self.r + dr)
    }

    /// The six neighbours, in [`Dir::ALL`]'s order.
    pub fn neighbours(self) -> [Hex; 6] {
        Dir::ALL.map(|d| self.to(d))
    }

    /// The direction of a neighbouring cell, if `other` is one.
    pub fn dir_to(self, other: Hex) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.to(d) == other)
    }

    /// Steps between two cells.
    pub fn distance(self, other: Hex) -> u32 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_go_and_come_back() {
        let h = Hex::new(2, -3);
        for d in Dir::ALL {
            assert_eq!(h.to(d).to(d.opposite()), h);
            assert_eq!(h.dir_to(h.to(d)), Some(d));
            assert_eq!(h.distance(h.to(d)), 1);
            assert_eq!(d.turned(1).turned(-1), d);
        }
        assert_eq!(Hex::new(0, 0).distance(Hex::new(2, -1)), 2);
    }
}

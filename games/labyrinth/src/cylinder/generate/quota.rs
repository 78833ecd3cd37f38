//! How much of everything a cylinder holds, in proportion to its area: seed 004's 8x8 board is the
//! unit, so a board four times as large holds four times as many spinners, rivers and pits.

use crate::geometry::Size;

/// The post's board, "квадрат 8х8": the area the counts below are given for.
const UNIT_AREA: usize = 64;

/// The counts of one attempt, as inclusive ranges where the generator draws.
#[derive(Clone, Debug)]
pub(super) struct Quota {
    /// Spinners.
    pub spinners: (usize, usize),
    /// River systems, each ending in its own swamp.
    pub systems: (usize, usize),
    /// River cells of a system's main channel.
    pub channel: (usize, usize),
    /// Lone swamps, besides the rivers' mouths.
    pub swamps: (usize, usize),
    /// Pits: none or at least two, since a pit leads to another.
    pub pits: (usize, usize),
    /// Crocodiles.
    pub crocodiles: usize,
    /// Arsenals.
    pub arsenals: usize,
    /// Exits in the north or south wall.
    pub exits: usize,
    /// Land and spinner cells that must stay free of rivers, swamps, pits and buildings: a start for
    /// every player, and land for the crocodiles, the treasure, the bear and the ghost.
    pub keep: usize,
}

impl Quota {
    /// The counts for a board of `size` and `players` players.
    pub fn new(size: Size, players: u32) -> Quota {
        let area = size.area();
        let (w, h) = (usize::from(size.width), usize::from(size.height));
        let crocodiles = scaled(2, area);
        let spinners = (scaled(2, area), scaled(3, area));
        Quota {
            spinners,
            systems: (scaled(1, area), scaled(2, area)),
            channel: (2, 2 + (w + h) / 8),
            swamps: (scaled(1, area), scaled(2, area)),
            pits: (scaled(3, area).max(2), scaled(4, area).max(2)),
            crocodiles,
            arsenals: scaled(1, area),
            exits: (w / 4).max(2),
            // A spinner is a start too; the land left beside the creatures takes a few.
            keep: land_for(crocodiles) + (players as usize).max(spinners.0 + 1),
        }
    }

    /// Land cells the crocodiles, the treasure, the bear and the ghost take.
    pub fn land_things(&self) -> usize {
        land_for(self.crocodiles)
    }
}

/// The crocodiles, then the treasure, the bear and the ghost.
fn land_for(crocodiles: usize) -> usize {
    crocodiles + 3
}

/// `n` of something per 8x8 board, for a board of `area` cells: rounded, at least one.
pub(super) fn scaled(n: usize, area: usize) -> usize {
    ((n * area + UNIT_AREA / 2) / UNIT_AREA).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_posts_board_gets_the_posts_counts() {
        let q = Quota::new(Size::new(8, 8).unwrap(), 3);
        assert_eq!(q.spinners, (2, 3));
        assert_eq!(q.systems, (1, 2));
        assert_eq!(q.swamps, (1, 2));
        assert_eq!(q.pits, (3, 4));
        assert_eq!((q.crocodiles, q.arsenals, q.exits), (2, 1, 2));
        assert_eq!(q.keep, 3 + 2 + 3);
        assert_eq!(Quota::new(Size::new(8, 8).unwrap(), 1).keep, 3 + 2 + 3);
    }

    #[test]
    fn small_boards_keep_at_least_one_of_each_and_two_pits() {
        let q = Quota::new(Size::new(4, 4).unwrap(), 1);
        assert_eq!(q.spinners, (1, 1));
        assert_eq!(q.pits, (2, 2));
        assert_eq!(q.crocodiles, 1);
    }
}

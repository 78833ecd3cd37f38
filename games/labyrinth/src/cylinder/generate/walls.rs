//! Inner walls: a random spanning tree over the glued grid (the seam is a side like any other), its
//! river flows open first, then 20–30 % of the remaining walls knocked out, so the maze has loops.

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::cylinder::{Across, CylBoard};
use crate::generate::sets::Sets;
use crate::geometry::{Coord, Dir, Size};

/// The share of the walls off the tree that is knocked out, drawn per attempt.
const KNOCK_OUT: (f64, f64) = (0.20, 0.30);

/// Walls every inner side, then opens a spanning tree that contains every flow and a share of the
/// other walls.
pub(super) fn build(board: &mut CylBoard, flows: &[(Coord, Dir)], rng: &mut ChaCha8Rng) {
    let size = board.size();
    let mut sides = inner_sides(size);
    for &(c, dir) in &sides {
        board.set_wall(c, dir, true);
    }
    sides.shuffle(rng);
    let mut sets = Sets::new(size.area());
    // Seed 004's rivers flow "из клетки на соседнюю": no wall across a flow. The flows form a forest
    // (each river cell flows into one cell, never in a circle), so they all belong to the tree.
    for &(c, dir) in flows {
        join(board, &mut sets, c, dir);
        board.set_wall(c, dir, false);
    }
    let mut walls = vec![];
    for (c, dir) in sides {
        let closed = matches!(board.across(c, dir), Across::Cell { wall: true, .. });
        if closed && !join(board, &mut sets, c, dir) {
            walls.push((c, dir));
        } else {
            board.set_wall(c, dir, false);
        }
    }
    let share = rng.random_range(KNOCK_OUT.0..=KNOCK_OUT.1);
    let knocked = (walls.len() as f64 * share).round() as usize;
    for &(c, dir) in &walls[..knocked] {
        board.set_wall(c, dir, false);
    }
}

/// Every inner side once: east of each cell (the last column's on the seam) and below each cell but
/// the last row's.
fn inner_sides(size: Size) -> Vec<(Coord, Dir)> {
    let east = size.cells().map(|c| (c, Dir::Right));
    let below = size
        .cells()
        .filter(|c| c.row + 1 < size.height)
        .map(|c| (c, Dir::Down));
    east.chain(below).collect()
}

/// Joins the parts of the tree on both sides of side `dir` of `c`; `true` if they were apart.
fn join(board: &CylBoard, sets: &mut Sets, c: Coord, dir: Dir) -> bool {
    let size = board.size();
    board
        .neighbour(c, dir)
        .is_some_and(|n| sets.join(size.index(c), size.index(n)))
}

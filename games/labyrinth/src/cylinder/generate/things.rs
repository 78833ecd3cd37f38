//! One attempt from start to end, and what lies on the cells: the treasure, the exits, the crocodiles,
//! the bear and the ghost.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use super::cells;
use super::draft::Draft;
use super::quota::Quota;
use super::reach::{self, Goal};
use super::walls;
use crate::cylinder::{CylBoard, CylPlan, GhostPath, Ground, Rim};
use crate::geometry::{Coord, Dir, Size};

/// The ghost's path: 6 to 12 steps, round and round.
const GHOST_STEPS: (usize, usize) = (6, 12);

/// One attempt: cells, treasure, exits, walls and their repair, creatures; `None` when the draws
/// left no room for something.
pub(super) fn attempt(size: Size, q: &Quota, rng: &mut ChaCha8Rng) -> Option<CylPlan> {
    let mut d = Draft::new(size, q);
    cells::place(&mut d, q, rng)?;
    let treasure = treasure(&d.board, rng)?;
    exits(&mut d.board, treasure, q.exits, rng)?;
    walls::build(&mut d.board, &d.flows, rng);
    let stand = reach::standable(&d.board);
    reach::repair(&mut d.board, &stand, Goal::Cell(treasure), false, rng)?;
    reach::repair(&mut d.board, &[treasure], Goal::Out, true, rng)?;
    creatures(d.board, treasure, q.crocodiles, rng)
}

/// A land cell for the treasure, off the north and south rows (so no exit is beside it) and with at
/// least two neighbours that are no river, where a walker can come from.
pub(super) fn treasure(board: &CylBoard, rng: &mut ChaCha8Rng) -> Option<Coord> {
    let h = board.size().height;
    let dry = |c: Coord| {
        Dir::ALL
            .into_iter()
            .filter_map(|d| board.neighbour(c, d))
            .filter(|&n| !matches!(board.ground(n), Ground::River(_)))
            .count()
    };
    let fit: Vec<Coord> = board
        .cells()
        .filter(|&(c, g)| g == Ground::Land && c.row > 0 && c.row + 1 < h && dry(c) >= 2)
        .map(|(c, _)| c)
        .collect();
    fit.choose(rng).copied()
}

/// Up to `count` exits in the north or south wall (seed 004: "выход. Разрыв во внешней стене"), on
/// cells where a step ends (no river or pit moves one on) and not beside the treasure; `None` when
/// none fits.
pub(super) fn exits(
    board: &mut CylBoard,
    treasure: Coord,
    count: usize,
    rng: &mut ChaCha8Rng,
) -> Option<()> {
    let size = board.size();
    let north = (0..size.width).map(|col| (Coord::new(col, 0), Dir::Up));
    let south = (0..size.width).map(|col| (Coord::new(col, size.height - 1), Dir::Down));
    let beside = |c: Coord| {
        Dir::ALL
            .iter()
            .any(|&d| board.neighbour(c, d) == Some(treasure))
    };
    let mut sides: Vec<(Coord, Dir)> = north
        .chain(south)
        .filter(|&(c, _)| ends_a_step(board.ground(c)) && !beside(c))
        .collect();
    sides.shuffle(rng);
    sides.truncate(count);
    for &(c, dir) in &sides {
        board.set_rim(c, dir, Rim::Exit);
    }
    (!sides.is_empty()).then_some(())
}

/// Whether a step onto a cell of `ground` ends on it.
fn ends_a_step(ground: Ground) -> bool {
    !matches!(ground, Ground::River(_) | Ground::Pit { .. })
}

/// The crocodiles (seed 004: "крокодил. Съедает игрока, наступившего на него"), the bear and the
/// ghost, each on a land cell of its own, none on the treasure's.
pub(super) fn creatures(
    board: CylBoard,
    treasure: Coord,
    crocodiles: usize,
    rng: &mut ChaCha8Rng,
) -> Option<CylPlan> {
    let mut land: Vec<Coord> = board
        .cells()
        .filter(|&(c, g)| g == Ground::Land && c != treasure)
        .map(|(c, _)| c)
        .collect();
    land.shuffle(rng);
    let mut land = land.into_iter();
    let bear = land.next()?;
    let start = land.next()?;
    // The plan's text lists them in reading order.
    let mut crocodiles: Vec<Coord> = land.take(crocodiles).collect();
    crocodiles.sort_by_key(|c| (c.row, c.col));
    let steps = ghost_steps(board.size(), start, rng);
    Some(CylPlan {
        board,
        treasure,
        crocodiles,
        bear: Some(bear),
        ghost: Some(GhostPath { start, steps }),
    })
}

/// A path of 6 to 12 steps from `start` (seed 004: "Призрак движется по фиксированной траектории").
/// He passes walls and the seam, but never steps past the north or south edge, and each round ends
/// on his first row, so walking it round and round keeps him on the board.
pub(super) fn ghost_steps(size: Size, start: Coord, rng: &mut ChaCha8Rng) -> Vec<Dir> {
    let count = rng.random_range(GHOST_STEPS.0..=GHOST_STEPS.1);
    let (home, h) = (i32::from(start.row), i32::from(size.height));
    let mut row = home;
    let mut steps: Vec<Dir> = vec![];
    for k in 0..count {
        let after = (count - k - 1) as i32;
        let fits = |d: Dir| {
            let r = row + d.delta().1;
            (0..h).contains(&r) && (r - home).abs() <= after
        };
        let ways: Vec<Dir> = Dir::ALL.into_iter().filter(|&d| fits(d)).collect();
        // He does not turn straight back while he has a choice.
        let back = steps.last().map(|d| d.opposite());
        let onward: Vec<Dir> = ways.iter().copied().filter(|&d| Some(d) != back).collect();
        let pool = if onward.is_empty() { ways } else { onward };
        // A step east or west always fits, so the pool is never empty.
        let &dir = pool.choose(rng).unwrap_or(&Dir::Right);
        row += dir.delta().1;
        steps.push(dir);
    }
    steps
}

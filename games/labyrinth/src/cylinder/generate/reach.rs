//! Repair by the walk rules (seed 004: "Цель игры — найти клад, потом найти выход и выйти из
//! лабиринта"): walls are opened until every cell one can stand on reaches the treasure, and the
//! treasure reaches an exit.
//!
//! A move is [`walk::step`] in each of the four ways (a spinner only renames them): through an open
//! side, then down the river or through the pit. Opening a wall only adds moves, so a repair never
//! undoes an earlier one, and it ends: at worst with every wall open.

use std::collections::VecDeque;

use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use crate::cylinder::walk::{self, Walk};
use crate::cylinder::{Across, CylBoard, Ground};
use crate::geometry::{Coord, Dir};

/// What the walkers must reach.
#[derive(Copy, Clone, Debug)]
pub(super) enum Goal {
    /// A cell: the treasure.
    Cell(Coord),
    /// Out through an exit, carrying the treasure.
    Out,
}

/// Opens walls until every cell of `sources` reaches `goal`, walking with or without the treasure;
/// `None` if no wall left to open gets them there.
pub(super) fn repair(
    board: &mut CylBoard,
    sources: &[Coord],
    goal: Goal,
    carrying: bool,
    rng: &mut ChaCha8Rng,
) -> Option<()> {
    let size = board.size();
    loop {
        let graph = Graph::new(board, carrying);
        let leads = graph.leading(&graph.seeds(board, goal));
        let failing: Vec<usize> = sources
            .iter()
            .map(|&c| size.index(c))
            .filter(|&i| !leads[i])
            .collect();
        if failing.is_empty() {
            return Some(());
        }
        let reached = graph.reached(&failing);
        let walls: Vec<(Coord, Dir, Coord)> = size
            .cells()
            .filter(|&c| reached[size.index(c)])
            .flat_map(|c| closed_sides(board, c))
            .collect();
        // A wall whose opening lands them where the goal is reached, else any on their edge.
        let helpful: Vec<&(Coord, Dir, Coord)> = walls
            .iter()
            .filter(|&&(_, _, to)| leads[size.index(landing(board, to))])
            .collect();
        let pool = if helpful.is_empty() {
            walls.iter().collect()
        } else {
            helpful
        };
        let &&(c, dir, _) = pool.choose(rng)?;
        board.set_wall(c, dir, false);
    }
}

/// Every cell a walker can be in: all but the rivers, and the river cells where a current of three
/// cells leaves him.
pub(super) fn standable(board: &CylBoard) -> Vec<Coord> {
    let size = board.size();
    let mut stand = vec![false; size.area()];
    for (c, g) in board.cells() {
        match g {
            Ground::River(_) => stand[size.index(walk::downstream(board, c))] = true,
            _ => stand[size.index(c)] = true,
        }
    }
    size.cells().filter(|&c| stand[size.index(c)]).collect()
}

/// The walled sides of `c`, with the cell across.
fn closed_sides(board: &CylBoard, c: Coord) -> impl Iterator<Item = (Coord, Dir, Coord)> + '_ {
    Dir::ALL
        .into_iter()
        .filter_map(move |dir| match board.across(c, dir) {
            Across::Cell { to, wall: true } => Some((c, dir, to)),
            _ => None,
        })
}

/// Where a walker entering `c` ends: down its river, through its pit, or on it.
fn landing(board: &CylBoard, c: Coord) -> Coord {
    match board.ground(c) {
        Ground::River(_) => walk::downstream(board, c),
        Ground::Pit { to } => to,
        _ => c,
    }
}

/// The moves of the board, by cell index.
struct Graph {
    /// Where each move from a cell ends.
    next: Vec<Vec<usize>>,
    /// Whether a cell has a way out.
    out: Vec<bool>,
}

impl Graph {
    fn new(board: &CylBoard, carrying: bool) -> Graph {
        let size = board.size();
        let mut graph = Graph {
            next: vec![vec![]; size.area()],
            out: vec![false; size.area()],
        };
        for c in size.cells() {
            let i = size.index(c);
            for dir in Dir::ALL {
                match walk::step(board, c, dir, carrying) {
                    Walk::Out => graph.out[i] = true,
                    Walk::Reached { at, .. } => graph.next[i].push(size.index(at)),
                    Walk::Bump => {}
                }
            }
        }
        graph
    }

    /// The cells where the goal is reached at once.
    fn seeds(&self, board: &CylBoard, goal: Goal) -> Vec<usize> {
        match goal {
            Goal::Cell(c) => vec![board.size().index(c)],
            Goal::Out => (0..self.out.len()).filter(|&i| self.out[i]).collect(),
        }
    }

    /// The cells some of `from` reach (themselves included).
    fn reached(&self, from: &[usize]) -> Vec<bool> {
        search(&self.next, from)
    }

    /// The cells that reach some of `seeds` (themselves included).
    fn leading(&self, seeds: &[usize]) -> Vec<bool> {
        let mut back = vec![vec![]; self.next.len()];
        for (i, next) in self.next.iter().enumerate() {
            for &j in next {
                back[j].push(i);
            }
        }
        search(&back, seeds)
    }
}

/// Breadth-first search over `edges` from `from`.
fn search(edges: &[Vec<usize>], from: &[usize]) -> Vec<bool> {
    let mut seen = vec![false; edges.len()];
    let mut queue: VecDeque<usize> = from.iter().copied().collect();
    for &i in from {
        seen[i] = true;
    }
    while let Some(i) = queue.pop_front() {
        for &j in &edges[i] {
            if !seen[j] {
                seen[j] = true;
                queue.push_back(j);
            }
        }
    }
    seen
}

//! The graph of cells a player can end a move on, without grenades (Kodex Б §8.5), built from
//! [`Topology::successors`] so that rivers of every kind and pits count as the rules say.

use std::collections::VecDeque;

use crate::board::Board;
use crate::geometry::{Coord, Size};
use crate::movement::Topology;
use crate::ruleset::RiverKind;

/// Moves between cells, forward and backward, in compressed rows.
pub(super) struct Graph {
    size: Size,
    /// Per cell: some movement can end there (not a deep river's source, not a torrential river).
    standable: Vec<bool>,
    forward: Adjacency,
    backward: Adjacency,
}

/// Compressed adjacency lists: the neighbours of cell `i` are `to[start[i]..start[i + 1]]`.
struct Adjacency {
    start: Vec<usize>,
    to: Vec<usize>,
}

impl Adjacency {
    fn new(n: usize, mut edges: Vec<(usize, usize)>) -> Adjacency {
        edges.sort_unstable();
        edges.dedup();
        let mut start = vec![0; n + 1];
        for &(a, _) in &edges {
            start[a + 1] += 1;
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        Adjacency {
            start,
            to: edges.into_iter().map(|(_, b)| b).collect(),
        }
    }

    fn of(&self, i: usize) -> &[usize] {
        &self.to[self.start[i]..self.start[i + 1]]
    }
}

/// Which standable cells a root reaches, and which reach the root.
pub(super) struct Closure {
    /// Per cell: reachable from the root.
    pub reached: Vec<bool>,
    /// Per cell: the root is reachable from it.
    pub reaching: Vec<bool>,
}

impl Graph {
    /// The moves of a board.
    pub fn new(board: &Board, topo: &Topology, rivers: RiverKind) -> Graph {
        let size = board.size();
        let standable: Vec<bool> = size
            .cells()
            .map(|c| !Topology::never_stood_on(board, rivers, c))
            .collect();
        let mut edges = Vec::with_capacity(size.area() * 4);
        for c in size.cells() {
            let a = size.index(c);
            edges.extend(
                topo.successors(board, rivers, c)
                    .map(|n| size.index(n))
                    .filter(|&b| b != a)
                    .map(|b| (a, b)),
            );
        }
        let reversed = edges.iter().map(|&(a, b)| (b, a)).collect();
        Graph {
            size,
            standable,
            forward: Adjacency::new(size.area(), edges),
            backward: Adjacency::new(size.area(), reversed),
        }
    }

    /// Whether some movement can end on the cell.
    pub fn standable(&self, c: Coord) -> bool {
        self.standable[self.size.index(c)]
    }

    /// Forward and backward reach of the first standable cell.
    pub fn closure(&self) -> Closure {
        let root = self.standable.iter().position(|&s| s);
        let search = |adj: &Adjacency| {
            let mut dist = vec![None; self.size.area()];
            if let Some(r) = root {
                bfs(adj, &[r], &mut dist);
            }
            dist.into_iter().map(|d| d.is_some()).collect()
        };
        Closure {
            reached: search(&self.forward),
            reaching: search(&self.backward),
        }
    }

    /// Whether every standable cell reaches every other, and every cell no one stands on leads to
    /// them (a player may start there), as Kodex Б §8.5 asks.
    pub fn connected(&self) -> bool {
        let cl = self.closure();
        (0..self.size.area()).all(|i| cl.reaching[i] && (cl.reached[i] || !self.standable[i]))
    }

    /// The most moves any standable cell needs to reach the nearest `target` cell (0 if there are no
    /// targets; unreachable cells are left out).
    pub fn farthest_from(&self, target: impl Fn(Coord) -> bool) -> u32 {
        let sources: Vec<usize> = self
            .size
            .cells()
            .filter(|&c| target(c))
            .map(|c| self.size.index(c))
            .collect();
        let mut dist = vec![None; self.size.area()];
        bfs(&self.backward, &sources, &mut dist);
        dist.into_iter().flatten().max().unwrap_or(0)
    }
}

/// Breadth-first distances from `sources` along `adj`.
fn bfs(adj: &Adjacency, sources: &[usize], dist: &mut [Option<u32>]) {
    let mut queue: VecDeque<usize> = VecDeque::new();
    for &s in sources {
        dist[s] = Some(0);
        queue.push_back(s);
    }
    while let Some(a) = queue.pop_front() {
        let next = dist[a].map_or(0, |d| d + 1);
        for &b in adj.of(a) {
            if dist[b].is_none() {
                dist[b] = Some(next);
                queue.push_back(b);
            }
        }
    }
}

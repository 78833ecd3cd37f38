//! The one-hive rule (Hive: «Правило единого улья»): which pieces cannot leave their cell
//! without splitting the hive.
//!
//! The hive's ground cells and their adjacency form a graph; a ground piece alone on its cell
//! pins the hive exactly when its cell is an articulation point of that graph. Tarjan's
//! depth-first search finds them all at once, so a position pays for one walk over at most 22
//! cells however many pieces it asks about. A piece on top of a stack never splits the hive: the
//! stack stays.

use super::board::{Board, NONE};
use super::grid::Cell;

/// The pieces whose leaving would split the hive: one bit per piece number. Only ground pieces
/// are ever set (their cell is an articulation point).
pub(crate) fn pinned(board: &Board) -> u32 {
    let ground = board.in_play() & !covered_or_above(board);
    let Some(root) = first(ground) else {
        return 0;
    };
    let mut walk = Walk {
        board,
        disc: [0; 22],
        low: [0; 22],
        time: 0,
        cut: 0,
    };
    walk.visit(root, NONE);
    walk.cut
}

/// The pieces lying on another piece (they are not ground cells of the graph).
fn covered_or_above(board: &Board) -> u32 {
    let mut set = 0;
    let mut rest = board.in_play();
    while let Some(i) = first(rest) {
        rest &= rest - 1;
        if board.below(i) != NONE {
            set |= 1 << i;
        }
    }
    set
}

/// The lowest piece number in a set.
fn first(set: u32) -> Option<u8> {
    (set != 0).then(|| set.trailing_zeros() as u8)
}

/// The ground piece of cell `c`, or [`NONE`] for an empty cell.
fn ground_piece(board: &Board, c: Cell) -> u8 {
    let mut p = board.top(c);
    if p == NONE {
        return NONE;
    }
    while board.below(p) != NONE {
        p = board.below(p);
    }
    p
}

/// Tarjan's search, by ground piece number (one per ground cell).
struct Walk<'a> {
    board: &'a Board,
    /// Discovery times, from 1; 0 is not yet seen.
    disc: [u8; 22],
    /// The earliest discovery time reachable from a piece's subtree by one back edge.
    low: [u8; 22],
    time: u8,
    /// The articulation pieces found.
    cut: u32,
}

impl Walk<'_> {
    fn visit(&mut self, u: u8, parent: u8) {
        self.time += 1;
        self.disc[u as usize] = self.time;
        self.low[u as usize] = self.time;
        let mut children = 0;
        let mut cuts = false;
        for n in self.board.at(u).neighbours() {
            let v = ground_piece(self.board, n);
            if v == NONE || v == parent {
                continue;
            }
            if self.disc[v as usize] == 0 {
                children += 1;
                self.visit(v, u);
                self.low[u as usize] = self.low[u as usize].min(self.low[v as usize]);
                if parent != NONE && self.low[v as usize] >= self.disc[u as usize] {
                    cuts = true;
                }
            } else {
                self.low[u as usize] = self.low[u as usize].min(self.disc[v as usize]);
            }
        }
        // The root cuts the hive when the search left it in two directions.
        if cuts || (parent == NONE && children > 1) {
            self.cut |= 1 << u;
        }
    }
}

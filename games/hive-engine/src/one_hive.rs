//! The one-hive rule (Hive: «Правило единого улья»): which pieces cannot leave their cell
//! without splitting the hive.
//!
//! The hive's ground cells and their adjacency form a graph; a ground piece alone on its cell
//! pins the hive exactly when its cell is an articulation point of that graph. Tarjan's
//! depth-first search finds them all at once, so a position pays for one walk over at most 28
//! cells however many pieces it asks about. A piece on top of a stack never splits the hive: the
//! stack stays.

use super::board::{Board, NONE, PIECES};
use super::grid::{CELLS, Cell};

/// The pieces whose leaving would split the hive: one bit per piece number. Only ground pieces
/// are ever set (their cell is an articulation point). `order` is all zeros, and is left so.
pub(crate) fn pinned(board: &Board, order: &mut [u8; CELLS]) -> u32 {
    let ground = ground(board);
    let Some(root) = first(ground) else {
        return 0;
    };
    let mut walk = Walk {
        board,
        order,
        low: [0; PIECES + 1],
        time: 0,
        cut: 0,
    };
    walk.visit(board.at(root), 0);
    let mut pinned = 0;
    let mut rest = ground;
    while let Some(i) = first(rest) {
        rest &= rest - 1;
        let c = board.at(i);
        if walk.cut >> walk.order[c.idx()] & 1 != 0 {
            pinned |= 1 << i;
        }
        walk.order[c.idx()] = 0;
    }
    pinned
}

/// The pieces in play lying on the ground.
fn ground(board: &Board) -> u32 {
    let mut set = 0;
    let mut rest = board.in_play();
    while let Some(i) = first(rest) {
        rest &= rest - 1;
        if board.below(i) == NONE {
            set |= 1 << i;
        }
    }
    set
}

/// The lowest piece number in a set.
fn first(set: u32) -> Option<u8> {
    (set != 0).then(|| set.trailing_zeros() as u8)
}

/// Tarjan's search over ground cells, numbered 1.. in the order it reaches them.
struct Walk<'a> {
    board: &'a Board,
    /// Per cell: its number, 0 while not reached.
    order: &'a mut [u8; CELLS],
    /// Per number: the lowest number reachable from the cell's subtree by one back edge.
    low: [u8; PIECES + 1],
    time: u8,
    /// The numbers of the articulation cells, one bit each.
    cut: u32,
}

impl Walk<'_> {
    /// Visits `u`, reached from the cell numbered `parent` (0 for the root); returns its low.
    fn visit(&mut self, u: Cell, parent: u8) -> u8 {
        self.time += 1;
        let t = self.time;
        self.order[u.idx()] = t;
        self.low[t as usize] = t;
        let mut children = 0;
        let mut dirs = self.board.around(u);
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let v = u.step(d);
            let seen = self.order[v.idx()];
            if seen == 0 {
                children += 1;
                let low = self.visit(v, t);
                self.low[t as usize] = self.low[t as usize].min(low);
                if parent != 0 && low >= t {
                    self.cut |= 1 << t;
                }
            } else if seen != parent {
                self.low[t as usize] = self.low[t as usize].min(seen);
            }
        }
        // The root cuts the hive when the search left it in two directions.
        if parent == 0 && children > 1 {
            self.cut |= 1 << t;
        }
        self.low[t as usize]
    }
}

//! Every legal move of a position, generated fast enough for a search.
//!
//! Placements first come from the cells around one's own pieces that touch no opposing piece
//! (Hive: «Положить фишку»), computed once and offered to each kind of piece in hand; then each
//! free piece of the side moves as its creature does (Hive: «Существа»). A ground piece whose
//! cell holds the hive together does not move at all (Hive: «Правило единого улья»); the rest
//! slide by the freedom-to-move rule of [`Slides`] (Hive: «Как передвигаться»).

use super::board::{BUG_OF, Board, HAND, KINDS, Mv, NONE};
use super::grid::{Cell, CellSet};
use super::one_hive::pinned;
use super::piece::Bug;

/// Buffers reused from one generation to the next.
pub(crate) struct Scratch {
    seen: CellSet,
    cells: Vec<Cell>,
}

impl Scratch {
    /// Fresh, empty buffers.
    pub(crate) fn new() -> Scratch {
        Scratch {
            seen: CellSet::new(),
            cells: Vec::with_capacity(128),
        }
    }

    /// Empties `seen` of the cells listed in `cells`, and the list.
    fn forget(&mut self) {
        for &c in &self.cells {
            self.seen.remove(c);
        }
        self.cells.clear();
    }
}

/// The ground-level slide rule, with one cell (the moving piece's own) counted as empty.
///
/// A piece slides from a cell to an empty neighbour when exactly one of the two cells beside
/// that step is occupied: both occupied is a gate too narrow to pass (Hive: «Как
/// передвигаться»), neither means the piece would lose touch with the hive on the way (Hive:
/// «Перемещение фишки»: all pieces must touch during the move). This is the rule Mzinga and
/// nokamute use.
#[derive(Clone, Copy)]
pub(crate) struct Slides<'a> {
    pub(crate) board: &'a Board,
    /// The moving piece's cell, empty while it moves.
    pub(crate) away: Cell,
}

impl Slides<'_> {
    /// Whether `c` holds a piece, the moving one aside.
    #[inline]
    pub(crate) fn occupied(self, c: Cell) -> bool {
        c != self.away && self.board.occupied(c)
    }

    /// Whether a piece at `from` may slide one step in direction number `d`.
    #[inline]
    pub(crate) fn can(self, from: Cell, d: usize) -> bool {
        let to = from.step(d);
        !self.occupied(to)
            && self.occupied(from.step((d + 5) % 6)) != self.occupied(from.step((d + 1) % 6))
    }
}

/// Whether a beetle at `from` (itself counted off its stack) may step in direction number `d`,
/// climbing, crawling atop the hive or coming down, by the heights of the stacks involved.
///
/// It cannot pass between two stacks both higher than where it is and where it goes (the gate
/// rule on top of the hive, Hive: «Жук»), and on the ground it needs a neighbour to slide along,
/// as every piece does.
#[inline]
pub(crate) fn beetle_can(board: &Board, from: Cell, d: usize) -> bool {
    let to = from.step(d);
    let here = board.height(from) - 1;
    let there = board.height(to);
    let left = board.height(from.step((d + 5) % 6));
    let right = board.height(from.step((d + 1) % 6));
    if here == 0 && there == 0 && left == 0 && right == 0 {
        return false;
    }
    here.max(there) >= left.min(right)
}

/// The pieces numbered `side*11..side*11+11`, as a bit set.
fn side_mask(side: usize) -> u32 {
    0x7FF << (side * 11)
}

impl Board {
    /// The legal moves of the side to move into `out`: `[PASS]` when it has none, nothing when
    /// the game is over. `tournament` forbids the queen as a side's first piece.
    pub(crate) fn generate(&self, tournament: bool, out: &mut Vec<Mv>, scratch: &mut Scratch) {
        out.clear();
        if self.over() {
            return;
        }
        let side = self.side_to_move();
        let base = (side * 11) as u8;
        let queen_in = self.placed(base);
        self.placements(tournament, out, scratch);
        if queen_in {
            let pinned = pinned(self);
            let mut free = self.in_play() & side_mask(side) & !pinned;
            while free != 0 {
                let i = free.trailing_zeros() as u8;
                free &= free - 1;
                let at = self.at(i);
                if self.top(at) != i {
                    continue; // covered: Hive: «Жук»
                }
                match BUG_OF[(i - base) as usize] {
                    Bug::Queen => self.queen_moves(i, out),
                    Bug::Beetle => self.beetle_moves(i, out),
                    Bug::Grasshopper => self.grasshopper_moves(i, out),
                    Bug::Spider => self.spider_moves(i, out, scratch),
                    Bug::Ant => self.ant_moves(i, out, scratch),
                }
            }
        }
        if out.is_empty() {
            out.push(Mv::PASS);
        }
    }

    /// The pieces the side may place now: the lowest-numbered of each kind in hand, only the
    /// queen on the fourth turn without her, not her first with `tournament`.
    pub(crate) fn placeable(&self, tournament: bool) -> impl Iterator<Item = u8> + '_ {
        let base = (self.side_to_move() * 11) as u8;
        let turn = self.turn();
        let queen_in = self.placed(base);
        KINDS.iter().filter_map(move |&(first, count)| {
            let is_queen = first == 0;
            if (turn == 4 && !queen_in && !is_queen) || (tournament && turn == 1 && is_queen) {
                return None;
            }
            (base + first..base + first + count).find(|&i| !self.placed(i))
        })
    }

    /// Fills `scratch.cells` (and `seen`) with the cells the side to move may place on.
    fn collect_placement_cells(&self, scratch: &mut Scratch) {
        scratch.cells.clear();
        match self.ply {
            0 => scratch.cells.push(Cell::ORIGIN),
            // Black's first piece may touch White's: it cannot do otherwise.
            1 => scratch.cells.extend(Cell::ORIGIN.neighbours()),
            _ => {
                let side = self.side_to_move();
                let mut own = self.in_play() & side_mask(side);
                while own != 0 {
                    let i = own.trailing_zeros() as u8;
                    own &= own - 1;
                    let at = self.at(i);
                    if self.top(at) != i {
                        continue; // a covered piece's colour does not count
                    }
                    for n in at.neighbours() {
                        if self.occupied(n) || !scratch.seen.insert(n) {
                            continue;
                        }
                        scratch.cells.push(n);
                    }
                }
                // Keep only cells touching no opposing top piece; `seen` still lists every
                // candidate so the forgetting below clears them all.
                let mut kept = 0;
                for k in 0..scratch.cells.len() {
                    let c = scratch.cells[k];
                    let clean = c.neighbours().into_iter().all(|n| {
                        let t = self.top(n);
                        t == NONE || super::board::side(t) == side
                    });
                    if clean {
                        scratch.cells.swap(kept, k);
                        kept += 1;
                    }
                }
                for k in kept..scratch.cells.len() {
                    scratch.seen.remove(scratch.cells[k]);
                }
                scratch.cells.truncate(kept);
            }
        }
    }

    /// Every placement: each placeable piece on each placement cell.
    fn placements(&self, tournament: bool, out: &mut Vec<Mv>, scratch: &mut Scratch) {
        let mut any = false;
        for i in self.placeable(tournament) {
            if !any {
                self.collect_placement_cells(scratch);
                any = true;
            }
            out.extend(scratch.cells.iter().map(|&to| Mv {
                piece: i,
                from: HAND,
                to,
            }));
        }
        if any {
            scratch.forget();
        }
    }

    /// The queen: one slide (Hive: «Королева улья»).
    fn queen_moves(&self, i: u8, out: &mut Vec<Mv>) {
        let from = self.at(i);
        let slides = Slides {
            board: self,
            away: from,
        };
        for d in 0..6 {
            if slides.can(from, d) {
                out.push(Mv {
                    piece: i,
                    from,
                    to: from.step(d),
                });
            }
        }
    }

    /// The beetle: one step, onto, atop or off the hive (Hive: «Жук»).
    fn beetle_moves(&self, i: u8, out: &mut Vec<Mv>) {
        let from = self.at(i);
        for d in 0..6 {
            if beetle_can(self, from, d) {
                out.push(Mv {
                    piece: i,
                    from,
                    to: from.step(d),
                });
            }
        }
    }

    /// The grasshopper: over a straight line of pieces to the first empty cell (Hive:
    /// «Кузнечик»).
    fn grasshopper_moves(&self, i: u8, out: &mut Vec<Mv>) {
        let from = self.at(i);
        for d in 0..6 {
            let mut to = from.step(d);
            if !self.occupied(to) {
                continue;
            }
            while self.occupied(to) {
                to = to.step(d);
            }
            out.push(Mv { piece: i, from, to });
        }
    }

    /// The spider: exactly three slides, never back to a cell it has been on (Hive: «Паук»).
    fn spider_moves(&self, i: u8, out: &mut Vec<Mv>, scratch: &mut Scratch) {
        let from = self.at(i);
        let slides = Slides {
            board: self,
            away: from,
        };
        scratch.cells.clear();
        for d1 in 0..6 {
            if !slides.can(from, d1) {
                continue;
            }
            let a = from.step(d1);
            for d2 in 0..6 {
                if !slides.can(a, d2) {
                    continue;
                }
                let b = a.step(d2);
                if b == from {
                    continue;
                }
                for d3 in 0..6 {
                    if !slides.can(b, d3) {
                        continue;
                    }
                    let c = b.step(d3);
                    if c == from || c == a || !scratch.seen.insert(c) {
                        continue;
                    }
                    scratch.cells.push(c);
                    out.push(Mv {
                        piece: i,
                        from,
                        to: c,
                    });
                }
            }
        }
        scratch.forget();
    }

    /// The soldier ant: any number of slides around the hive (Hive: «Муравей Солдат»).
    fn ant_moves(&self, i: u8, out: &mut Vec<Mv>, scratch: &mut Scratch) {
        let from = self.at(i);
        let slides = Slides {
            board: self,
            away: from,
        };
        scratch.cells.clear();
        scratch.seen.insert(from);
        scratch.cells.push(from);
        let mut next = 0;
        while next < scratch.cells.len() {
            let cur = scratch.cells[next];
            next += 1;
            for d in 0..6 {
                if !slides.can(cur, d) {
                    continue;
                }
                let to = cur.step(d);
                if scratch.seen.insert(to) {
                    scratch.cells.push(to);
                    out.push(Mv { piece: i, from, to });
                }
            }
        }
        scratch.forget();
    }

    /// The cells a piece at `from` reaches by any number of slides, itself counted off the
    /// table (its own cell excluded): where an ant goes.
    pub(crate) fn slide_reach(&self, from: Cell) -> Vec<Cell> {
        let mut scratch = Scratch::new();
        let mut out = Vec::new();
        // An ant's walk, whatever the piece: the moves name the cells.
        let i = self.top(from);
        self.ant_moves(i, &mut out, &mut scratch);
        out.into_iter().map(|m| m.to).collect()
    }
}

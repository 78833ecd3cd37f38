//! Every legal move of a position, generated fast enough for a search.
//!
//! Placements first come from the cells around one's own pieces that touch no opposing piece
//! (Hive: «Положить фишку»), computed once and offered to each kind of piece in hand; then each
//! free piece of the side moves as its creature does (Hive: «Существа»). A ground piece whose
//! cell holds the hive together does not move at all (Hive: «Правило единого улья»); the rest
//! slide by the freedom-to-move rule of [`Slides`] (Hive: «Как передвигаться»).
//!
//! The expansion pieces have a module each: [`ladybug`], [`mosquito`] and [`pillbug`]. Their
//! ways may reach a cell another way reaches too (a mosquito touching an ant and a spider, a
//! pillbug moving one's own piece where it could walk), so a position where one of them moved
//! has its moves sorted and made unique.

mod ladybug;
mod mosquito;
mod pillbug;

use super::board::{BUG_OF, Board, HAND, KINDS, Mv, NONE, PER_SIDE};
use super::grid::{CELLS, Cell, CellSet};
use super::one_hive::pinned;
use super::piece::Bug;

/// Buffers reused from one generation to the next.
pub(crate) struct Scratch {
    seen: CellSet,
    cells: Vec<Cell>,
    /// Tarjan's numbering of the ground cells (see [`pinned`]); all zeros between uses.
    order: Box<[u8; CELLS]>,
}

impl Scratch {
    /// Fresh, empty buffers.
    pub(crate) fn new() -> Scratch {
        Scratch {
            seen: CellSet::new(),
            cells: Vec::with_capacity(128),
            order: Box::new([0; CELLS]),
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
}

/// For each mask of occupied neighbours (bit `d` for direction number `d`), the directions a
/// piece may slide in: to an empty neighbour with exactly one of the two cells beside the step
/// occupied (see [`Slides`]).
const SLIDES: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        let before = ((m << 1) | (m >> 5)) & 63; // at bit d: the neighbour d-1
        let after = ((m >> 1) | (m << 5)) & 63; // at bit d: the neighbour d+1
        table[m] = (!m & (before ^ after) & 63) as u8;
        m += 1;
    }
    table
};

/// For each mask of occupied neighbours, whether they form one unbroken arc around the cell (or
/// none): then they stay joined through one another without the piece in the middle, which
/// therefore never splits the hive, and Tarjan's search need not be asked.
const ONE_ARC: [bool; 64] = {
    let mut table = [false; 64];
    let mut m = 0;
    while m < 64 {
        let before = ((m << 1) | (m >> 5)) & 63; // at bit d: the neighbour d-1
        let starts = m & !before; // occupied cells whose anticlockwise neighbour is empty
        table[m] = starts.count_ones() <= 1;
        m += 1;
    }
    table
};

/// Whether a beetle at `from` (itself counted off its stack) may step in direction number `d`,
/// climbing, crawling atop the hive or coming down, by the heights of the stacks involved.
///
/// It cannot pass between two stacks both higher than where it is and where it goes (the gate
/// rule on top of the hive, Hive: «Жук»), and on the ground it needs a neighbour to slide along,
/// as every piece does.
#[inline]
pub(crate) fn beetle_can(board: &Board, from: Cell, d: usize) -> bool {
    step_free(board, board.height(from) - 1, from, d)
}

/// [`beetle_can`] for a piece that is not on the board while it moves (a ladybug's walk, a piece
/// a pillbug carries): `here` is the height of `from`'s stack under it.
#[inline]
pub(crate) fn step_free(board: &Board, here: u8, from: Cell, d: usize) -> bool {
    let to = from.step(d);
    let there = board.height(to);
    let left = board.height(from.step((d + 5) % 6));
    let right = board.height(from.step((d + 1) % 6));
    if here == 0 && there == 0 && left == 0 && right == 0 {
        return false;
    }
    here.max(there) >= left.min(right)
}

/// The pieces of side `side` (0 White, 1 Black), as a bit set.
fn side_mask(side: usize) -> u32 {
    ((1 << PER_SIDE) - 1) << (side * PER_SIDE as usize)
}

/// The pieces that would split the hive if they left their cells (see [`pinned`]), found once a
/// position and only if some piece asks.
pub(crate) struct Pins(Option<u32>);

impl Pins {
    /// Whether piece `i`, on top of its cell, may leave it without splitting the hive (Hive:
    /// «Правило единого улья»). A piece on a stack always may; so may one whose neighbours form
    /// one arc, without Tarjan's search.
    pub(crate) fn free(&mut self, board: &Board, i: u8, order: &mut [u8; CELLS]) -> bool {
        let at = board.at(i);
        if board.height(at) > 1 || ONE_ARC[board.around(at) as usize] {
            return true;
        }
        let pinned = *self.0.get_or_insert_with(|| pinned(board, order));
        pinned >> i & 1 == 0
    }
}

impl Board {
    /// The legal moves of the side to move into `out`: `[PASS]` when it has none, nothing when
    /// the game is over. `tournament` forbids the queen as a side's first piece. The board is
    /// the same afterwards (walking pieces are lifted off it while their ways are traced).
    pub(crate) fn generate(&mut self, tournament: bool, out: &mut Vec<Mv>, scratch: &mut Scratch) {
        out.clear();
        if self.over() {
            return;
        }
        let side = self.side_to_move();
        let base = side as u8 * PER_SIDE;
        self.placements(tournament, out, scratch);
        let placements = out.len();
        // Whether some way may have repeated another's move.
        let mut doubled = false;
        if self.placed(base) {
            // Hive: «Правило единого улья»: Tarjan's search only when some piece might pin.
            let mut pins = Pins(None);
            let mut own = self.in_play() & side_mask(side);
            while own != 0 {
                let i = own.trailing_zeros() as u8;
                own &= own - 1;
                let at = self.at(i);
                if self.top(at) != i {
                    continue; // covered: Hive: «Жук»
                }
                // Hive rules, "Pillbug": a piece just moved does not move this turn.
                if i == self.last() {
                    continue;
                }
                let bug = BUG_OF[(i - base) as usize];
                if !pins.free(self, i, &mut scratch.order) {
                    // Hive rules, "Pillbug": its special ability does not move the pillbug
                    // itself, so a pillbug the hive needs may still use it, as may a mosquito
                    // touching one.
                    let thrower = match bug {
                        Bug::Pillbug => true,
                        Bug::Mosquito => self.touches_kind(at, Bug::Pillbug),
                        _ => false,
                    };
                    if thrower {
                        doubled |= self.pillbug_throws(at, out, &mut pins, scratch);
                    }
                    continue;
                }
                match bug {
                    Bug::Queen => self.queen_moves(i, out),
                    Bug::Beetle => self.beetle_moves(i, out),
                    Bug::Grasshopper => self.grasshopper_moves(i, out),
                    Bug::Spider => self.spider_moves(i, out, scratch),
                    Bug::Ant => self.ant_moves(i, out, scratch),
                    Bug::Ladybug => self.ladybug_moves(i, out, scratch),
                    Bug::Pillbug => {
                        self.queen_moves(i, out);
                        doubled |= self.pillbug_throws(at, out, &mut pins, scratch);
                    }
                    Bug::Mosquito => doubled |= self.mosquito_moves(i, out, &mut pins, scratch),
                }
            }
        }
        if doubled {
            // Placements never equal a move on the table: only the moves need sorting.
            out[placements..].sort_unstable();
            out.dedup();
        }
        if out.is_empty() {
            out.push(Mv::PASS);
        }
    }

    /// Whether a neighbour of `at` is topped by a piece of kind `bug`.
    pub(crate) fn touches_kind(&self, at: Cell, bug: Bug) -> bool {
        at.neighbours().into_iter().any(|n| {
            let t = self.top(n);
            t != NONE && super::board::bug(t) == bug
        })
    }

    /// The pieces the side may place now: the lowest-numbered of each kind in hand, only the
    /// queen on the fourth turn without her, not her first with `tournament`.
    pub(crate) fn placeable(&self, tournament: bool) -> impl Iterator<Item = u8> + '_ {
        let base = self.side_to_move() as u8 * PER_SIDE;
        let turn = self.turn();
        let queen_in = self.placed(base);
        KINDS.iter().filter_map(move |&(first, count)| {
            let is_queen = first == 0;
            if (turn == 4 && !queen_in && !is_queen) || (tournament && turn == 1 && is_queen) {
                return None;
            }
            (base + first..base + first + count)
                .find(|&i| !self.placed(i) && self.pieces() >> i & 1 != 0)
        })
    }

    /// Fills `scratch.cells` (and `seen`) with the cells the side to move may place on: empty,
    /// next to its own top pieces, next to none of the opponent's.
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
                        if !self.occupied(n)
                            && self.touching(1 - side, n) == 0
                            && scratch.seen.insert(n)
                        {
                            scratch.cells.push(n);
                        }
                    }
                }
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
        let mut dirs = SLIDES[self.around(from) as usize];
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            out.push(Mv {
                piece: i,
                from,
                to: from.step(d),
            });
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
        let mut dirs = self.around(from);
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let mut to = from.step(d);
            while self.occupied(to) {
                to = to.step(d);
            }
            out.push(Mv { piece: i, from, to });
        }
    }

    /// The spider: exactly three slides, never back to a cell it has been on (Hive: «Паук»).
    fn spider_moves(&mut self, i: u8, out: &mut Vec<Mv>, scratch: &mut Scratch) {
        let from = self.at(i);
        let hex = self.hex(i);
        self.lift(i);
        scratch.cells.clear();
        let mut first = SLIDES[self.around(from) as usize];
        while first != 0 {
            let a = from.step(first.trailing_zeros() as usize);
            first &= first - 1;
            let mut second = SLIDES[self.around(a) as usize];
            while second != 0 {
                let b = a.step(second.trailing_zeros() as usize);
                second &= second - 1;
                if b == from {
                    continue;
                }
                let mut third = SLIDES[self.around(b) as usize];
                while third != 0 {
                    let c = b.step(third.trailing_zeros() as usize);
                    third &= third - 1;
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
        self.put(i, from, hex);
    }

    /// The soldier ant: any number of slides around the hive (Hive: «Муравей Солдат»).
    fn ant_moves(&mut self, i: u8, out: &mut Vec<Mv>, scratch: &mut Scratch) {
        let from = self.at(i);
        let hex = self.hex(i);
        self.lift(i);
        scratch.cells.clear();
        scratch.seen.insert(from);
        scratch.cells.push(from);
        let mut next = 0;
        while next < scratch.cells.len() {
            let cur = scratch.cells[next];
            next += 1;
            let mut dirs = SLIDES[self.around(cur) as usize];
            while dirs != 0 {
                let to = cur.step(dirs.trailing_zeros() as usize);
                dirs &= dirs - 1;
                if scratch.seen.insert(to) {
                    scratch.cells.push(to);
                    out.push(Mv { piece: i, from, to });
                }
            }
        }
        scratch.forget();
        self.put(i, from, hex);
    }

    /// The cells a piece at `from` reaches by any number of slides, itself counted off the
    /// table (its own cell excluded): where an ant goes.
    pub(crate) fn slide_reach(&self, from: Cell) -> Vec<Cell> {
        let mut scratch = Scratch::new();
        let mut out = Vec::new();
        // An ant's walk, whatever the piece, on a copy: the moves name the cells.
        self.clone()
            .ant_moves(self.top(from), &mut out, &mut scratch);
        out.into_iter().map(|m| m.to).collect()
    }
}

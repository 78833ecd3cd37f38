//! The pieces on the table as the engine keeps them: per-cell stacks on the wrapping grid, each
//! piece's cell, and the number of moves played — everything a position is, and made and unmade
//! in place so that a search never copies it.
//!
//! Pieces are numbered by [`Piece::index`] (0..28: White's 14 in UHP's order, then Black's). A
//! stack is kept as its top piece and height per cell, and for each piece the one it lies on.
//! Each cell also knows which of its six neighbours are topped by each side (a 6-bit mask per
//! side, bit `d` for direction number `d`), kept up to date as pieces come and go: the slide
//! rule, the placement rule and the queen's count read one byte instead of six cells.
//!
//! The board also knows which pieces the game has (its box: the base game's and the expansion
//! pieces its type names) and which piece the last move moved, which may not move on the next
//! turn (Hive rules, "Pillbug").

use std::fmt;

use super::grid::{CELLS, Cell};
use super::hex::Hex;
use super::piece::{Bug, Piece};

/// No piece (an empty cell's top, a ground piece's "below").
pub(crate) const NONE: u8 = u8::MAX;

/// Where a piece in hand is.
pub(crate) const HAND: Cell = Cell(u16::MAX);

/// Pieces of both sides, expansions included.
pub(crate) const PIECES: usize = Piece::COUNT;

/// Pieces of a side.
pub(crate) const PER_SIDE: u8 = Piece::PER_SIDE as u8;

/// The kind of each piece of a side, by its number within the side.
pub(crate) const BUG_OF: [Bug; PER_SIDE as usize] = [
    Bug::Queen,
    Bug::Spider,
    Bug::Spider,
    Bug::Beetle,
    Bug::Beetle,
    Bug::Grasshopper,
    Bug::Grasshopper,
    Bug::Grasshopper,
    Bug::Ant,
    Bug::Ant,
    Bug::Ant,
    Bug::Mosquito,
    Bug::Ladybug,
    Bug::Pillbug,
];

/// The number within a side of each kind's first piece, in [`BUG_OF`]'s order of kinds, with the
/// kind's count: the pieces of a kind come into play in number order.
pub(crate) const KINDS: [(u8, u8); 8] = [
    (0, 1),
    (1, 2),
    (3, 2),
    (5, 3),
    (8, 3),
    (11, 1),
    (12, 1),
    (13, 1),
];

/// The piece numbered `i` (0..28).
pub(crate) fn piece(i: u8) -> Piece {
    Piece::from_index(usize::from(i)).expect("a piece number below 28")
}

/// The side (0 White, 1 Black) of the piece numbered `i`.
#[inline]
pub(crate) fn side(i: u8) -> usize {
    usize::from(i >= PER_SIDE)
}

/// The kind of the piece numbered `i`.
#[inline]
pub(crate) fn bug(i: u8) -> Bug {
    BUG_OF[(i % PER_SIDE) as usize]
}

/// One move as the engine plays it: a piece numbered `piece` from `from` ([`HAND`] for a
/// placement) to `to`, or a pass (`piece` is [`NONE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Mv {
    pub(crate) piece: u8,
    pub(crate) from: Cell,
    pub(crate) to: Cell,
}

impl Mv {
    /// Passing the turn.
    pub(crate) const PASS: Mv = Mv {
        piece: NONE,
        from: HAND,
        to: HAND,
    };

    /// Whether this is a pass.
    pub(crate) fn is_pass(self) -> bool {
        self.piece == NONE
    }
}

/// The hash of piece `i` lying at `cell` on `level` pieces (0 on the ground): SplitMix64's
/// finaliser of the three, spread well enough without a table of random numbers.
#[inline]
fn zobrist(i: u8, cell: Cell, level: u8) -> u64 {
    let code = u64::from(i) | u64::from(cell.0) << 8 | u64::from(level) << 24;
    let mut z = code.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What [`Board::unapply`] needs to take a move back: the move and the piece the move before it
/// moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Undo {
    pub(crate) mv: Mv,
    /// The piece the move before `mv` moved, or [`NONE`].
    pub(crate) last: u8,
}

/// The table: who lies where, and how many moves have been played.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Board {
    /// Per cell: the piece on top, or [`NONE`].
    top: [u8; CELLS],
    /// Per cell: how many pieces the stack has.
    height: [u8; CELLS],
    /// Per side, per cell: the directions in which a neighbouring stack is topped by that side.
    touch: [[u8; CELLS]; 2],
    /// Per piece: its cell, or [`HAND`].
    at: [Cell; PIECES],
    /// Per piece: the piece it lies on, or [`NONE`] on the ground (and in hand).
    below: [u8; PIECES],
    /// Per piece in play: its table cell (the origin in hand), kept so that grid cells can be
    /// named back as table cells (see [`Cell::hex`]).
    hex: [Hex; PIECES],
    /// Bit `i` set when piece `i` is in play.
    in_play: u32,
    /// Bit `i` set when piece `i` is in the game at all (its type's box).
    pieces: u32,
    /// The piece the last move placed or moved; [`NONE`] after a pass and before the first move.
    /// It may not move, nor be moved by a pillbug, on this turn (Hive rules, "Pillbug").
    last: u8,
    /// A hash of where the pieces lie: each piece in play by its cell and level, kept up to date
    /// by [`Board::apply`] and [`Board::unapply`] so that a search never recomputes it.
    hash: u64,
    /// Moves played so far, passes included.
    pub(crate) ply: u32,
}

impl Board {
    /// The empty table before the first move, with the pieces of `pieces` (one bit per piece
    /// number) in the box.
    pub(crate) fn new(pieces: u32) -> Board {
        Board {
            top: [NONE; CELLS],
            height: [0; CELLS],
            touch: [[0; CELLS]; 2],
            at: [HAND; PIECES],
            below: [NONE; PIECES],
            hex: [Hex::default(); PIECES],
            in_play: 0,
            pieces,
            last: NONE,
            hash: 0,
            ply: 0,
        }
    }

    /// The pieces in the box, one bit each.
    #[inline]
    pub(crate) fn pieces(&self) -> u32 {
        self.pieces
    }

    /// The piece the last move placed or moved, or [`NONE`].
    #[inline]
    pub(crate) fn last(&self) -> u8 {
        self.last
    }

    /// The hash of where the pieces lie (not whose turn it is).
    #[inline]
    pub(crate) fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash recomputed from every piece in play, for tests of the kept one.
    #[cfg(test)]
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for i in 0..PIECES as u8 {
            if self.placed(i) {
                let mut level = 0;
                let mut b = self.below(i);
                while b != NONE {
                    level += 1;
                    b = self.below(b);
                }
                hash ^= zobrist(i, self.at(i), level);
            }
        }
        hash
    }

    /// The side to move: 0 White, 1 Black.
    #[inline]
    pub(crate) fn side_to_move(&self) -> usize {
        (self.ply & 1) as usize
    }

    /// UHP's turn number of the side to move (1-based).
    #[inline]
    pub(crate) fn turn(&self) -> u32 {
        1 + self.ply / 2
    }

    /// Whether any piece lies on `c`.
    #[inline]
    pub(crate) fn occupied(&self, c: Cell) -> bool {
        self.top[c.idx()] != NONE
    }

    /// The piece on top of `c`, or [`NONE`].
    #[inline]
    pub(crate) fn top(&self, c: Cell) -> u8 {
        self.top[c.idx()]
    }

    /// The directions (bit `d` for direction number `d`) in which `c`'s neighbours are occupied.
    #[inline]
    pub(crate) fn around(&self, c: Cell) -> u8 {
        self.touch[0][c.idx()] | self.touch[1][c.idx()]
    }

    /// The directions in which `c`'s neighbours are topped by side `s`.
    #[inline]
    pub(crate) fn touching(&self, s: usize, c: Cell) -> u8 {
        self.touch[s][c.idx()]
    }

    /// Sets or clears, around `c`, the bits saying that `c` is topped by side `s`.
    #[inline]
    fn mark(&mut self, c: Cell, s: usize, on: bool) {
        for d in 0..6 {
            let n = c.step(d);
            // Seen from the neighbour, `c` lies the opposite way.
            let bit = 1u8 << ((d + 3) % 6);
            if on {
                self.touch[s][n.idx()] |= bit;
            } else {
                self.touch[s][n.idx()] &= !bit;
            }
        }
    }

    /// How many pieces lie on `c`.
    #[inline]
    pub(crate) fn height(&self, c: Cell) -> u8 {
        self.height[c.idx()]
    }

    /// Where piece `i` lies, or [`HAND`].
    #[inline]
    pub(crate) fn at(&self, i: u8) -> Cell {
        self.at[i as usize]
    }

    /// The piece `i` lies on, or [`NONE`].
    #[inline]
    pub(crate) fn below(&self, i: u8) -> u8 {
        self.below[i as usize]
    }

    /// Whether piece `i` is in play.
    #[inline]
    pub(crate) fn placed(&self, i: u8) -> bool {
        self.in_play >> i & 1 != 0
    }

    /// The pieces in play, one bit each.
    #[inline]
    pub(crate) fn in_play(&self) -> u32 {
        self.in_play
    }

    /// Piece `i`'s table cell (meaningful only in play).
    pub(crate) fn hex(&self, i: u8) -> Hex {
        self.hex[i as usize]
    }

    /// A table cell and its grid cell to name other cells by: the first piece in play, or the
    /// origin on an empty table.
    pub(crate) fn anchor(&self) -> (Hex, Cell) {
        if self.in_play == 0 {
            (Hex::default(), Cell::ORIGIN)
        } else {
            let i = self.in_play.trailing_zeros() as u8;
            (self.hex(i), self.at(i))
        }
    }

    /// The table cell a grid cell near the hive stands for.
    pub(crate) fn hex_of(&self, c: Cell) -> Hex {
        c.hex(self.anchor())
    }

    /// The grid cell of a table cell, if it is near enough to the hive to be told apart from the
    /// others (a cell farther than that is no place any piece can go).
    pub(crate) fn cell_of(&self, h: Hex) -> Option<Cell> {
        let c = Cell::of(h);
        (self.hex_of(c) == h).then_some(c)
    }

    /// The pieces of cell `c`, bottom first.
    pub(crate) fn stack(&self, c: Cell) -> Vec<u8> {
        let mut pieces = Vec::with_capacity(self.height(c) as usize);
        let mut p = self.top(c);
        while p != NONE {
            pieces.push(p);
            p = self.below(p);
        }
        pieces.reverse();
        pieces
    }

    /// Puts piece `i` on top of `c`, the table cell `hex`.
    pub(crate) fn put(&mut self, i: u8, c: Cell, hex: Hex) {
        let iu = i as usize;
        let old = self.top[c.idx()];
        if old == NONE {
            self.mark(c, side(i), true);
        } else if side(old) != side(i) {
            self.mark(c, side(old), false);
            self.mark(c, side(i), true);
        }
        self.below[iu] = old;
        self.top[c.idx()] = i;
        self.height[c.idx()] += 1;
        self.at[iu] = c;
        self.hex[iu] = hex;
        self.in_play |= 1 << i;
    }

    /// Lays piece `i` on top of table cell `hex` without the rules: tests build positions so.
    #[cfg(test)]
    pub(crate) fn rig(&mut self, i: u8, hex: Hex) {
        let c = Cell::of(hex);
        self.hash ^= zobrist(i, c, self.height(c));
        self.put(i, c, hex);
    }

    /// Takes piece `i` (on top of its stack) off the table.
    pub(crate) fn lift(&mut self, i: u8) {
        let iu = i as usize;
        let c = self.at[iu];
        debug_assert_eq!(self.top[c.idx()], i, "only a top piece leaves its cell");
        let under = self.below[iu];
        if under == NONE {
            self.mark(c, side(i), false);
        } else if side(under) != side(i) {
            self.mark(c, side(i), false);
            self.mark(c, side(under), true);
        }
        self.top[c.idx()] = under;
        self.height[c.idx()] -= 1;
        self.below[iu] = NONE;
        self.at[iu] = HAND;
        self.hex[iu] = Hex::default();
        self.in_play &= !(1 << i);
    }

    /// Plays `mv`, which the caller knows to be legal; the answer takes it back.
    pub(crate) fn apply(&mut self, mv: Mv) -> Undo {
        let undo = Undo {
            mv,
            last: self.last,
        };
        self.last = mv.piece;
        if !mv.is_pass() {
            let i = mv.piece;
            if mv.from == HAND {
                let hex = self.hex_of(mv.to);
                self.hash ^= zobrist(i, mv.to, self.height(mv.to));
                self.put(i, mv.to, hex);
            } else {
                // Named from the piece's own cell: the anchor may be the piece itself.
                let hex = mv.to.hex((self.hex(i), self.at(i)));
                self.hash ^= zobrist(i, mv.from, self.height(mv.from) - 1);
                self.lift(i);
                self.hash ^= zobrist(i, mv.to, self.height(mv.to));
                self.put(i, mv.to, hex);
            }
        }
        self.ply += 1;
        undo
    }

    /// Takes back the last move [`Board::apply`]'d.
    pub(crate) fn unapply(&mut self, undo: Undo) {
        let mv = undo.mv;
        self.last = undo.last;
        self.ply -= 1;
        if !mv.is_pass() {
            let i = mv.piece;
            self.hash ^= zobrist(i, mv.to, self.height(mv.to) - 1);
            if mv.from == HAND {
                self.lift(i);
            } else {
                let hex = mv.from.hex((self.hex(i), self.at(i)));
                self.lift(i);
                self.hash ^= zobrist(i, mv.from, self.height(mv.from));
                self.put(i, mv.from, hex);
            }
        }
    }

    /// How many of the cells around side `s`'s queen are occupied (0 while she is in hand).
    pub(crate) fn queen_neighbours(&self, s: usize) -> usize {
        let q = s as u8 * PER_SIDE;
        if !self.placed(q) {
            return 0;
        }
        self.around(self.at(q)).count_ones() as usize
    }

    /// Whether a queen is surrounded: the game is over.
    pub(crate) fn over(&self) -> bool {
        self.queen_neighbours(0) == 6 || self.queen_neighbours(1) == 6
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The stacks by table cell: the 4096 cells of the grid say nothing.
        let mut stacks: Vec<(Hex, Vec<Piece>)> = (0..PIECES as u8)
            .filter(|&i| self.placed(i) && self.below(i) == NONE)
            .map(|i| {
                let c = self.at(i);
                (self.hex(i), self.stack(c).into_iter().map(piece).collect())
            })
            .collect();
        stacks.sort();
        f.debug_struct("Board")
            .field("ply", &self.ply)
            .field("last", &self.last)
            .field("stacks", &stacks)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_numbers_agree_with_the_pieces_own() {
        for i in 0..PIECES as u8 {
            let p = piece(i);
            assert_eq!(p.index(), i as usize);
            assert_eq!(side(i), p.color.index());
            assert_eq!(bug(i), p.bug);
        }
    }
}

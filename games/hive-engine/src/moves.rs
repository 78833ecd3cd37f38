//! A move as the players name it: a piece placed, a piece moved, or a pass.

use serde::{Deserialize, Serialize};

use super::hex::Hex;
use super::piece::Piece;

/// One move: a piece placed from hand, a piece moved on the table, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Move {
    /// A piece from hand onto the table (Hive: «Положить фишку»).
    Place {
        /// The piece placed.
        piece: Piece,
        /// The empty cell it goes to.
        to: Hex,
    },
    /// A piece on the table, from its cell to another (onto a stack for a beetle): by its own
    /// way, or carried by a pillbug (Hive rules, "Pillbug"), which may carry the opponent's.
    Shift {
        /// The piece moved (the top of its stack).
        piece: Piece,
        /// The cell it leaves.
        from: Hex,
        /// The cell it goes to, on top of whatever lies there.
        to: Hex,
    },
    /// No move is possible (Hive: «Невозможно передвинуть или выложить фишку»).
    Pass,
}

impl Move {
    /// The piece the move is about (none for a pass).
    pub fn piece(&self) -> Option<Piece> {
        match *self {
            Move::Place { piece, .. } | Move::Shift { piece, .. } => Some(piece),
            Move::Pass => None,
        }
    }

    /// Where the piece goes (none for a pass).
    pub fn to(&self) -> Option<Hex> {
        match *self {
            Move::Place { to, .. } | Move::Shift { to, .. } => Some(to),
            Move::Pass => None,
        }
    }
}

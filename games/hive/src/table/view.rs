//! The engine's state as the board picture draws it.

use crate::picture::{BoardView, board_png};
use crate::{Hex, Move};

use super::Hive;

/// The board with the last move marked, `marks` labelled in their cells and `selected` the piece
/// being moved.
pub(super) fn board(hive: &Hive, marks: &[(Hex, String)], selected: Option<Hex>) -> Vec<u8> {
    let Some(game) = hive.game.as_ref() else {
        return board_png(&BoardView::default());
    };
    let last = game.last_move().and_then(|m| match m {
        Move::Place { to, .. } => Some((None, to)),
        Move::Shift { from, to, .. } => Some((Some(from), to)),
        Move::Pass => None,
    });
    board_png(&BoardView {
        stacks: game.stacks(),
        last,
        marks: marks.to_vec(),
        selected,
    })
}

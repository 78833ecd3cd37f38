//! The picture of a Hive table the group sees after each move ([`board_png`]).
//!
//! The picture knows nothing of the rules: the caller says which pieces lie where, which move was
//! last and which cells to offer the player. Each piece is a hexagonal tile in its side's colour
//! (ivory for White, charcoal for Black) with its bug drawn in the bug's colour (the queen gold, the
//! beetle purple, the grasshopper green, the spider brown, the ant blue; of the expansions the
//! mosquito grey, the ladybug red, the pillbug teal) and its UHP name without the colour letter
//! (`Q`, `A1`, `B2`, `M`) under the bug, so players can type moves. A stack shows its
//! top piece raised over the edges of the pieces under it, a badge with its height, and a line under
//! the table naming it from the top down (`bB1 on wQ`).
//!
//! The only text is piece names and the labels of offered cells: words are the chat's job (and the
//! bitmap font is ASCII only). No input makes the picture panic; a table whose cells lie absurdly
//! far apart is shown in part, around the middle of its pieces.

mod bugs;
mod layout;
mod render;
mod tile;

use super::{Hex, Piece};

/// What the board picture shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardView {
    /// The pieces on the table by cell, each stack listed bottom to top. A cell listed twice shows
    /// its later stack; an empty stack is an empty cell.
    pub stacks: Vec<(Hex, Vec<Piece>)>,
    /// The last move: the cell it left (`None` for a placement) and the cell it reached. The cell
    /// reached is outlined in a highlight colour, the cell left in the same colour, dashed.
    pub last: Option<(Option<Hex>, Hex)>,
    /// Cells offered to the player (say a piece's destinations), each with a short label such as
    /// `"a"` or `"12"` (ASCII; other characters show as `?`, and only the first few are drawn). An
    /// empty cell shows as a dashed ghost tile; a stack's top (a beetle's destination) keeps its
    /// tile and gets the dashed outline and label over it.
    pub marks: Vec<(Hex, String)>,
    /// The cell of the piece being moved, outlined in the marks' colour.
    pub selected: Option<Hex>,
}

/// The table as a PNG file. Empty only if PNG encoding itself fails, which a valid pixmap never
/// does.
pub fn board_png(view: &BoardView) -> Vec<u8> {
    render::render(view).encode_png().unwrap_or_default()
}

#[cfg(test)]
#[path = "tests.rs"]
mod hive_picture_tests;

//! Test helpers: cards, cells and orders by name, and games laid out as a test needs.

use crate::saboteur::board::{Board, Cell};
use crate::saboteur::card::{Card, Path};

/// A path by name (`NES`, `xNS`).
pub fn p(name: &str) -> Path {
    name.parse().expect("a path name")
}

/// A cell by name (`8,-2`).
pub fn c(name: &str) -> Cell {
    name.parse().expect("a cell name")
}

/// A card by name.
pub fn card(name: &str) -> Card {
    name.parse().expect("a card name")
}

/// A maze with the gold in the middle goal (`8,0`); the top stone is a N-E corner, the bottom one a
/// N-W corner.
pub fn gold_middle() -> Board {
    Board::new([false, true, false])
}

/// Lays tunnel cards without the rules: `(cell, as it lies)`.
pub fn lay(board: &mut Board, cards: &[(&str, &str)]) {
    for &(cell, path) in cards {
        board.put(c(cell), p(path));
    }
}

/// A straight east-west tunnel on row 0 from `1,0` to `to,0`.
pub fn road(board: &mut Board, to: i32) {
    for x in 1..=to {
        board.put(Cell::new(x, 0), p("EW"));
    }
}

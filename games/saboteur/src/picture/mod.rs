//! Pictures of a Saboteur game: the tunnel map the group sees after each play ([`map_png`]) and a
//! player's hand, sent to him privately ([`hand_png`]).
//!
//! The pictures know nothing of the rules: the caller says what each card shows. Their only text is
//! cell names, the labels of offered cells and the numbers of the cards in a hand; words are the
//! chat's job (and the bitmap font is ASCII only).
//!
//! Cells are named `x,y`: the start card at `0,0`, `x` growing to the right (toward the goals at
//! `8,-2`, `8,0` and `8,2`) and `y` growing downward. No input makes a picture panic; a map whose
//! cards lie absurdly far apart is shown in part, around the start and the goals.

mod card;
mod hand;
mod icons;
mod map;

/// How a card shows on the map.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Face {
    /// The start card: a crossing with a ladder down into the mine.
    Start,
    /// A goal card still face down.
    GoalHidden,
    /// A goal card turned over: the gold, or a stone with its tunnels.
    Goal {
        /// Whether this is the gold.
        gold: bool,
        /// Which sides a tunnel leaves by: north, east, south, west.
        sides: [bool; 4],
    },
    /// A path card.
    Tunnel {
        /// Which sides a tunnel leaves by: north, east, south, west.
        sides: [bool; 4],
        /// A dead end: the tunnels stop at a rock and do not meet.
        dead: bool,
    },
}

/// What the map shows: the cards on the table, the one just played and the cells offered to the
/// player whose turn it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MapView {
    /// Cards by cell `(x, y)`. A cell listed twice shows its later card.
    pub cards: Vec<((i32, i32), Face)>,
    /// The cell of the card played last, outlined in a highlight colour.
    pub last: Option<(i32, i32)>,
    /// Cells offered to the player, each with a short label such as `"A"` or `"3,1"` (ASCII; other
    /// characters show as `?`).
    pub marks: Vec<((i32, i32), String)>,
}

/// A card in a player's hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandCard {
    /// A path card, as [`Face::Tunnel`].
    Tunnel {
        /// Which sides a tunnel leaves by: north, east, south, west.
        sides: [bool; 4],
        /// A dead end.
        dead: bool,
    },
    /// Breaks a tool: 0 the pick, 1 the lamp, 2 the cart.
    Break(u8),
    /// Mends one of these tools (same numbers as [`HandCard::Break`]).
    Fix(Vec<u8>),
    /// Removes a path card from the map.
    Rockfall,
    /// Shows the player one goal card.
    Map,
}

/// The map as a PNG file. Empty only if PNG encoding itself fails, which a valid pixmap never does.
pub fn map_png(view: &MapView) -> Vec<u8> {
    map::render(view).encode_png().unwrap_or_default()
}

/// The cards of a hand in a row (several rows for a very large hand), numbered 1..n under each
/// card as the player names them. An empty hand gives a small empty picture.
pub fn hand_png(cards: &[HandCard]) -> Vec<u8> {
    hand::render(cards).encode_png().unwrap_or_default()
}

#[cfg(test)]
#[path = "tests.rs"]
mod saboteur_picture_tests;

//! What a cylinder's picture shows on top of the maze: where the players and the creatures are.

use crate::geometry::Coord;

/// What to draw on top of the maze: where the players and the creatures are at the end.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CylOverlay {
    /// Each player's name as the chat shows it (any script; drawn as written where the font has it) and the cell he
    /// ended on, `None` once he walked out; a player's colour follows his place here.
    pub players: Vec<(String, Option<Coord>)>,
    /// The bear's cell; `None` draws him at the plan's start (if the maze has a bear).
    pub bear: Option<Coord>,
    /// The ghost's cell; `None` draws him at the plan's start (if the maze has a ghost).
    pub ghost: Option<Coord>,
}

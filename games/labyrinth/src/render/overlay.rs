//! What a maze's picture shows on top of the maze: the players' paths and where they ended.

use crate::geometry::Coord;

/// What to draw on top of the maze: players' paths and final positions.
#[derive(Clone, Debug, Default)]
pub struct Overlay {
    /// One track per player, in turn order; a player's colour follows its place here.
    pub players: Vec<PlayerTrack>,
}

/// Where one player went during a game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerTrack {
    /// The player's name as the chat shows it (any script; drawn as written where the font has it).
    pub name: String,
    /// Cells visited in order; the last is where the player ended (or stood before leaving).
    pub path: Vec<Coord>,
    /// Whether the player walked out of the maze through an exit after the last cell.
    pub left_maze: bool,
}

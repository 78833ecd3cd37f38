//! The bear (encyclopedia, modification 2): "В лабиринте может ходить Медведь. При столкновении с
//! медведем игрок становится раненым. Медведя можно ранить, тогда он попадет в Берлогу и будет
//! ходить оттуда. Медведь может ходить по заданной траектории или повторять ходы всех игроков."
//!
//! What the plan says of him (his den and his path) and how the group agreed he walks. His moves in
//! a game are the rules engine's (`game/bear.rs`).

use serde::{Deserialize, Serialize};

use super::geometry::{Coord, Dir};

/// How the bear walks, as agreed at `/newgame` (`bear=path` or `bear=mimic`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BearMode {
    /// No bear.
    #[default]
    Off,
    /// One step of the plan's path each round, round and round ("по заданной траектории").
    Path,
    /// He repeats every player's step right after it ("повторять ходы всех игроков").
    Mimic,
}

/// The plan's `bear:` section: his den, where he starts and goes back to when wounded, and the
/// path he walks (for `bear=path`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BearPlan {
    /// Берлога.
    pub den: Coord,
    /// His steps, repeated from the first after the last.
    pub path: Vec<Dir>,
}

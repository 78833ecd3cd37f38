//! Labyrinth ("Лабиринт", Terra incognita) for the game master: the board, plans, the §8
//! validator, the generator and pictures of a maze, the rules engine of its four rulesets, its
//! table behind the session's seam ([`table::KIND`]) and `gm plan` ([`cli`]).
//!
//! The rule book is `shared/seeds/000_14838b8551a393c3.txt`: part Б is the classic code, part В the
//! quantum code. Section numbers in doc comments and tests (`Kodex Б §4.6`) refer to it.
//!
//! The pure engine (`board`, `plan`, `validate`, `generate`, `game`, `cylinder`'s rules) uses
//! nothing of the session but its words ([`bot_core::i18n`]); only `table` (and `cylinder::table`)
//! sits behind the session's seam.

pub mod bear;
pub mod board;
pub mod cli;
pub mod cylinder;
pub mod game;
pub mod generate;
pub mod geometry;
pub mod item;
pub mod locale;
pub mod movement;
pub mod pasted;
pub mod plan;
pub mod render;
pub mod ruleset;
pub mod stock;
pub mod table;
pub mod text_or_list;
pub mod validate;

pub use board::{Board, Border, Cell, InnerWall, PitId, Side};
pub use geometry::{Coord, Dir, Size};
pub use item::{Item, PlacedItem};
pub use movement::{Attempt, Carry, Move, NotHere, Obstacle, Outcome, Topology};
pub use plan::{Plan, PlanSettings};
pub use ruleset::{Code, RiverKind, Ruleset};

/// The tests' registry: this game alone, as the session's tests host their tiny game.
#[cfg(test)]
pub(crate) static TEST_GAMES: bot_core::session::Registry =
    bot_core::session::Registry::new(&[&table::KIND]);

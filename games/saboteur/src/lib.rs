//! Saboteur ("Вредитель", Frederic Moyersoen) for the game master: the pure rules engine, its
//! pictures, and its table behind the session's seam ([`table::KIND`]).
//!
//! The rule book is `shared/seeds/001_5370c1b40a3e2f73.txt` (Russian); tests cite its headings
//! (`// Saboteur: Ход картой «путь»`). Names of cards, cells and commands follow the spec's
//! "Saboteur state (peek)" in `shared/spec/script-harness.md`.
//!
//! - [`card`]: the cards and their names; [`deck`]: the box's contents as data;
//! - [`board`]: the maze, where a path card may lie, what the tunnel reaches;
//! - [`game`]: the game itself — orders, events, refusals, rounds and gold;
//! - [`picture`]: the tunnel map and a hand as pictures;
//! - [`table`]: the game at a chat's table, behind the session's game seam.

pub mod board;
pub mod card;
pub mod deck;
pub mod game;
pub mod locale;
pub mod picture;
pub mod table;

mod refusal;

#[cfg(test)]
mod tests;

pub use board::{Board, Cell, GOALS, START, Tile};
pub use card::{Action, Card, Dir, Path, Sides, Tool, UnknownName};
pub use game::{Event, Game, Order, ParseError, Phase, PlayerId, PlayerState, Refusal, Role};

/// The tests' registry: this game alone, as the session's tests host their tiny game.
#[cfg(test)]
pub(crate) static TEST_GAMES: bot_core::session::Registry =
    bot_core::session::Registry::new(&[&table::KIND]);

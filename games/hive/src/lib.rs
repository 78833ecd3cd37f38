//! Hive for the game master: the engine's games ([`hive_engine`], re-exported here) at a chat's
//! table behind the session's seam ([`table::KIND`]), the table as a picture, buttons and words
//! in the player's language, the bot opponent at the table, and `gm hive` ([`cli`]).

pub use hive_engine::*;

pub mod cli;
pub mod locale;
pub mod picture;
pub mod table;

/// The tests' registry: this game alone, as the session's tests host their tiny game.
#[cfg(test)]
pub(crate) static TEST_GAMES: bot_core::session::Registry =
    bot_core::session::Registry::new(&[&table::KIND]);

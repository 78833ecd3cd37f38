//! The game master's core: rules engines, the session engine, storage and the `gm` command line.
//!
//! Nothing in this crate talks to a chat platform. The rules engines are pure functions of state and
//! order; adapters (Telegram, Discord, `gm script`) translate platform traffic to and from neutral
//! messages.

pub mod cli;
pub mod draw;
pub mod hive;
pub mod i18n;
pub mod inlet;
pub mod labyrinth;
pub mod lanes;
pub mod panics;
pub mod relay;
pub mod saboteur;
pub mod session;
pub mod settings;
pub mod shutdown;
pub mod store;
pub mod tournament;
pub mod upkeep;

/// The unit tests' scratch databases, removed when dropped; the integration tests and benches
/// share the same file.
#[cfg(test)]
#[path = "../tests/support/mod.rs"]
mod test_support;

//! The game master's session engine: everything every game shares, and no game.
//!
//! The seam a game sits behind ([`session::game`]), lobbies, seats, clocks, admin commands and
//! routing ([`session`]), the store and its outbox ([`store`]), the relay that drains the outbox
//! to the platforms ([`relay`]), tournaments ([`tournament`]), the words in the player's language
//! ([`i18n`]) and drawing primitives ([`draw`]). The games are crates of their own above this one
//! (`games/*`); the binaries build the [`session::Registry`] of the games they host and hand it to
//! the session. Nothing here talks to a chat platform: adapters (Telegram, Discord, the web chat,
//! `gm script`) translate platform traffic to and from neutral messages.

pub mod console;
pub mod draw;
pub mod i18n;
pub mod inlet;
pub mod lanes;
pub mod panics;
pub mod relay;
pub mod script;
pub mod session;
pub mod settings;
pub mod shutdown;
pub mod store;
#[cfg(any(test, feature = "testkit"))]
pub mod testkit;
pub mod tournament;
pub mod upkeep;

//! The one list of games the bot hosts. The binaries (`gm-bot`, `gm`) hand it to the session when
//! they start; nothing below them names a game. Adding a game is its crate plus one line here.
//!
//! A crate of its own, this small, so that a change to one game rebuilds the game, this list and
//! the binaries' last step, not the command line's or an adapter's code.

use bot_core::session::Registry;

/// The games, in the order `/newgame` offers them.
pub static GAMES: Registry = Registry::new(&[
    &labyrinth::table::KIND,
    &saboteur::table::KIND,
    &hive::table::KIND,
]);

//! Hive (John Yianni, «Улей»): the pure rules engine, its notation and its players, as a library
//! that needs no chat and no session (the bot's table is the `hive` crate).
//!
//! The rule book is `shared/seeds/002_ed8148556a6fad50.txt` (Russian); tests cite its headings
//! (`// Hive: «Как передвигаться»`). The expansion pieces — the mosquito, the ladybug and the
//! pillbug, each an option of a game — follow the official rule sheets (Gen42's "Hive" rules),
//! cited as `// Hive rules, "Pillbug": "…"`, as Mzinga reads them. The notation is the Universal
//! Hive Protocol's (UHP): GameType, GameString and MoveString as Mzinga's engine writes them.
//!
//! - [`piece`]: colours, bugs and pieces and their UHP names;
//! - [`hex`]: the cells of the table and their six directions;
//! - [`Options`] and [`GameType`]: how a game is played and which expansion pieces it has
//!   (`Base+MLP`);
//! - [`Move`]: a placement, a move on the table (a piece's own or a pillbug's carry) or a pass;
//! - [`game`]: a game — its moves, whose turn, who has won, undo — and [`Refusal`], why a move
//!   is illegal;
//! - [`perft()`]: counting move sequences, the check of the move generator;
//! - [`search`]: the bot player, alpha-beta over the public moves;
//! - [`uhp`]: the Universal Hive Protocol engine over the rules and the bot.
//!
//! Inside: `grid` numbers cells on a wrapping grid, `board` keeps the stacks and makes and
//! unmakes moves, `one_hive` finds the pieces that hold the hive together, `legal` generates
//! moves (a submodule per expansion piece), `notation` reads and writes UHP moves, `refusal`
//! says why a move is illegal. Imports run one way: `game` uses `notation` and `refusal`, which
//! use only the types below them (`moves`, `options`, `board`).

mod board;
pub mod game;
mod grid;
pub mod hex;
mod legal;
mod moves;
mod notation;
mod one_hive;
mod options;
mod perft;
pub mod piece;
mod refusal;
pub mod search;
pub mod uhp;

#[cfg(test)]
mod tests;

pub use game::{Game, State};
pub use hex::{Dir, Hex};
pub use moves::Move;
pub use notation::{NotationError, PlayError};
pub use options::{GameType, Options, UnknownGameType};
pub use perft::perft;
pub use piece::{Bug, Color, Piece, UnknownPiece};
pub use refusal::Refusal;

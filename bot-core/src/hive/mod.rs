//! Hive (John Yianni, «Улей»): the pure rules engine, its notation and its players.
//!
//! The rule book is `shared/seeds/002_ed8148556a6fad50.txt` (Russian); tests cite its headings
//! (`// Hive: «Как передвигаться»`). The notation is the Universal Hive Protocol's (UHP):
//! GameString and MoveString as Mzinga's engine writes them.
//!
//! - [`piece`]: colours, bugs and pieces and their UHP names;
//! - [`hex`]: the cells of the table and their six directions;
//! - [`game`]: a game — its moves, whose turn, who has won, undo — and [`Refusal`], why a move
//!   is illegal;
//! - [`perft()`]: counting move sequences, the check of the move generator;
//! - [`picture`]: the table as a PNG picture for the chat;
//! - [`search`]: the bot player, alpha-beta over the public moves;
//! - [`table`]: the game at a chat's table, behind the session's game seam;
//! - [`uhp`]: the Universal Hive Protocol engine over the rules and the bot.
//!
//! Inside: `grid` numbers cells on a wrapping grid, `board` keeps the stacks and makes and
//! unmakes moves, `one_hive` finds the pieces that hold the hive together, `legal` generates
//! moves, `notation` reads and writes UHP.

mod board;
pub mod game;
mod grid;
pub mod hex;
mod legal;
mod notation;
mod one_hive;
mod perft;
pub mod picture;
pub mod piece;
mod refusal;
pub mod search;
pub mod table;
pub mod uhp;

#[cfg(test)]
mod tests;

pub use game::{Game, Move, Options, State};
pub use hex::{Dir, Hex};
pub use notation::{NotationError, PlayError};
pub use perft::perft;
pub use piece::{Bug, Color, Piece, UnknownPiece};
pub use refusal::Refusal;

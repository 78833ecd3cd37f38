//! Hive (John Yianni, «Улей»): the pure rules engine, its notation and its players.
//!
//! The rule book is `shared/seeds/002_ed8148556a6fad50.txt` (Russian); tests cite its headings
//! (`// Hive: «Свобода перемещения»`). The notation is the Universal Hive Protocol's (UHP):
//! GameString and MoveString as Mzinga's engine writes them.
//!
//! - [`piece`]: colours, bugs and pieces and their UHP names;
//! - [`hex`]: the cells of the table and their six directions;
//! - [`picture`]: the table as a PNG picture for the chat.

pub mod hex;
pub mod picture;
pub mod piece;

pub use hex::{Dir, Hex};
pub use piece::{Bug, Color, Piece, UnknownPiece};

//! Rules tests of the engine, by section of the rule book.

mod kit;

mod cells;
mod combat;
mod dialogue;
mod structure;
mod things;

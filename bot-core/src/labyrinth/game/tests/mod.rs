//! Rules tests of the engine, by section of the rule book.

mod kit;

mod cells;
mod dialogue;
mod structure;
mod things;

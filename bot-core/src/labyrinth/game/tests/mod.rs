//! Rules tests of the engine, by section of the rule book.

mod kit;

mod dialogue;
mod structure;

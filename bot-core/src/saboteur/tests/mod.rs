//! Rules tests of the Saboteur engine, by section of the rule book.

mod kit;

mod board;
mod cards;
mod deck;

//! Rules tests of the Saboteur engine, by section of the rule book.

mod kit;

mod absence;
mod actions;
mod board;
mod brute;
mod cards;
mod deck;
mod gold;
mod orders;
mod props;
mod setup;
mod turn;

//! Rules tests of the Hive engine, by heading of the rule book.
mod perft;

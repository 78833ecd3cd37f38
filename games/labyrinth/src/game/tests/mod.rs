//! Rules tests of the engine, by section of the rule book.

mod kit;

mod cells;
mod classic_gaps;
mod combat;
mod dialogue;
mod ending;
mod handicap;
mod props;
mod quantum;
mod structure;
mod things;
mod wiki;
mod wiki_arms;
mod wiki_bear;
mod wiki_levels;
mod wiki_master;
mod wiki_maze;
mod wiki_treasures;

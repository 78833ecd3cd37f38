//! Rules tests of the Hive engine, by heading of the rule book.

mod kit;

mod ant;
mod beetle;
mod end;
mod grasshopper;
mod ladybug;
mod mosquito;
mod notation;
mod one_hive;
mod perft;
mod pillbug;
mod placement;
mod props;
mod queen;
mod reference;
mod refusals;
mod sliding;
mod spider;

//! Saboteur: the dwarves' tunnel-laying card game.

pub mod picture;

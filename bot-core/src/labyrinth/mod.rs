//! Labyrinth ("Лабиринт", Terra incognita): the board, plans, the §8 validator, the generator and
//! pictures of a maze.
//!
//! The rule book is `shared/seeds/000_14838b8551a393c3.txt`: part Б is the classic code, part В the
//! quantum code. Section numbers in doc comments and tests (`Kodex Б §4.6`) refer to it.

pub mod bear;
pub mod board;
pub mod cylinder;
pub mod game;
pub mod generate;
pub mod geometry;
pub mod item;
pub mod movement;
pub mod pasted;
pub mod plan;
pub mod render;
pub mod ruleset;
pub mod stock;
pub mod table;
pub mod validate;

pub use board::{Board, Border, Cell, InnerWall, PitId, Side};
pub use geometry::{Coord, Dir, Size};
pub use item::{Item, PlacedItem};
pub use movement::{Attempt, Carry, Move, NotHere, Obstacle, Outcome, Topology};
pub use plan::{Plan, PlanSettings};
pub use ruleset::{Code, RiverKind, Ruleset};

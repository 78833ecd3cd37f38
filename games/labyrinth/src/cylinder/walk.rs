//! Where one step ends on the cylinder: walls, exits, rivers and pits. Pure functions of the board,
//! for players and the bear alike ("на него действуют все законы лабиринта").

use super::board::{Across, CylBoard, Ground, Rim};
use crate::geometry::{Coord, Dir};

/// Cells a river carries one at most: "он смещается на 3 клетки по течению (или до болота, в
/// которое река впадает — если оно оказалось ближе)".
pub const RIVER_CARRY: usize = 3;

/// How a step ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Walk {
    /// A wall, or an exit closed to one without the treasure: he stays, and his cell does not act
    /// again ("эти объекты повторно не действуют").
    Bump,
    /// Out through an exit, with the treasure.
    Out,
    /// He reached a cell, and maybe was moved on from it.
    Reached {
        /// The cell the step itself reached.
        stepped: Coord,
        /// Where he ends: the same, or where the river or the pit took him.
        at: Coord,
        /// What moved him on.
        via: Via,
    },
}

/// What moved a walker on after the step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// Nothing.
    Step,
    /// A river, downstream.
    River,
    /// A pit, to its pit.
    Pit,
}

/// The step from `from` the way `actual` (the compass already turned), for a walker who does or
/// does not carry the treasure (seed 004: "Если у игрока клада нет, то выход для него закрыт, и для
/// него это место выглядит как стена").
pub fn step(board: &CylBoard, from: Coord, actual: Dir, carrying: bool) -> Walk {
    let stepped = match board.across(from, actual) {
        Across::Rim(Rim::Exit) if carrying => return Walk::Out,
        Across::Rim(_) | Across::Cell { wall: true, .. } => return Walk::Bump,
        Across::Cell { to, wall: false } => to,
    };
    let (at, via) = match board.ground(stepped) {
        Ground::River(_) => (downstream(board, stepped), Via::River),
        Ground::Pit { to } => (to, Via::Pit),
        _ => (stepped, Via::Step),
    };
    Walk::Reached { stepped, at, via }
}

/// Where a river carries one who fell into it at `entered`: three cells on, or the swamp it flows
/// into if that is nearer. A broken plan (a river off the board) leaves him where the flow stops.
pub fn downstream(board: &CylBoard, entered: Coord) -> Coord {
    let mut at = entered;
    for _ in 0..RIVER_CARRY {
        let Ground::River(d) = board.ground(at) else {
            break;
        };
        match board.neighbour(at, d) {
            Some(next) => at = next,
            None => break,
        }
        if board.ground(at) == Ground::Swamp {
            break;
        }
    }
    at
}

/// The way a walker on `at` actually goes when `said` is named: a spinner's needle turns it.
pub fn turned(board: &CylBoard, at: Coord, said: Dir) -> Dir {
    match board.ground(at) {
        Ground::Spinner(needle) => needle.turn(said),
        _ => said,
    }
}

/// The cells sharing a side with `c`, walls or not, across the seam too.
pub fn around(board: &CylBoard, c: Coord) -> impl Iterator<Item = Coord> + '_ {
    Dir::ALL
        .into_iter()
        .filter_map(move |d| board.neighbour(c, d))
}

//! What a finding says: the rule of seed 004 a plan breaks, or the recommendation it ignores, with
//! the data the master needs to fix it.

use crate::cylinder::Ground;
use crate::geometry::{Coord, Dir};

/// A thing a plan puts on a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Thing {
    /// The treasure.
    Treasure,
    /// A crocodile.
    Crocodile,
    /// The bear's start.
    Bear,
    /// The ghost's start.
    Ghost,
    /// Where a pit leads.
    PitTarget,
}

/// A creature that walks the maze.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Creature {
    /// The bear, who repeats every move.
    Bear,
    /// The ghost, on his fixed path.
    Ghost,
}

/// What a start cell must reach.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The treasure.
    Treasure,
    /// An exit.
    Exit,
}

/// A rule of seed 004 (or a recommendation), with what the finding needs to say.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CylRule {
    /// No morgue: the dead would have nowhere to come back (seed 004: "Морг. Клетка, в которую
    /// игрок попадает после смерти").
    NoMorgue,
    /// A second morgue; the finding's cell is the second.
    SecondMorgue {
        /// The first morgue.
        first: Coord,
    },
    /// The treasure lies in a river, where nobody stands.
    TreasureInRiver,
    /// No exit at all.
    NoExit,
    /// Something placed beyond the board (only a plan built in code can do that).
    OffBoard {
        /// What.
        thing: Thing,
        /// Where.
        at: Coord,
    },
    /// A river flowing past the north or south edge.
    RiverOffBoard {
        /// Its flow.
        dir: Dir,
    },
    /// A wall across a river's flow.
    RiverThroughWall {
        /// The cell it flows to.
        to: Coord,
    },
    /// A river flowing into neither a river nor a swamp.
    RiverIntoNonSwamp {
        /// The cell it flows to.
        to: Coord,
        /// What that cell is.
        into: Ground,
    },
    /// A river in a circle, through the finding's cell (the circle's first in reading order).
    CircularRiver {
        /// Cells in the circle.
        cells: u32,
    },
    /// A pit leading to itself.
    PitToItself,
    /// A pit leading to a cell that is no pit.
    PitIntoNonPit {
        /// The target.
        to: Coord,
        /// What the target is.
        into: Ground,
    },
    /// A pit no pit leads into.
    PitNotEntered,
    /// A pit several pits lead into.
    PitEnteredSeveral {
        /// How many.
        count: u32,
    },
    /// A crocodile on a cell that is not land.
    CrocodileOffLand {
        /// What the cell is.
        on: Ground,
    },
    /// The bear or the ghost starting in a river.
    StartsInRiver {
        /// Which.
        creature: Creature,
    },
    /// A ghost with no steps.
    GhostWithoutPath,
    /// The ghost's path leads him past the north or south edge; the finding's cell is where he
    /// steps off.
    GhostLeaves {
        /// The step of his path, from 1.
        step: u32,
        /// Its direction.
        dir: Dir,
    },
    /// Too few cells to start on.
    FewStarts {
        /// Start cells in the plan.
        count: u32,
        /// Start cells needed.
        needed: u32,
    },
    /// From this start cell the goal cannot be reached.
    CutOff {
        /// What cannot be reached.
        goal: Goal,
    },
    /// From none of the start cells (more than one) the goal can be reached; the finding's cell is
    /// the treasure's when it is the goal.
    CutOffEverywhere {
        /// What cannot be reached.
        goal: Goal,
    },
    /// From the treasure no exit can be reached.
    NoWayOut,
    /// Warning: no spinner.
    NoSpinner,
    /// Warning: no crocodile.
    NoCrocodile,
    /// Warning: no river.
    NoRiver,
}

impl CylRule {
    /// Whether the finding is a recommendation, which does not refuse the plan.
    pub fn is_warning(self) -> bool {
        matches!(
            self,
            CylRule::NoSpinner | CylRule::NoCrocodile | CylRule::NoRiver
        )
    }
}

/// The key the locale files select on for what a cell is.
pub(super) fn ground_key(ground: Ground) -> &'static str {
    match ground {
        Ground::Land => "land",
        Ground::Spinner(_) => "spinner",
        Ground::River(_) => "river",
        Ground::Swamp => "swamp",
        Ground::Pit { .. } => "pit",
        Ground::Arsenal => "arsenal",
        Ground::Morgue => "morgue",
    }
}

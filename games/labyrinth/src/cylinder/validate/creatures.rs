//! Crocodiles, the bear and the ghost: where they may start, and that the ghost has a path that
//! keeps him on the board.

use super::rule::{Creature, CylRule, Thing};
use super::{CylFinding, CylPlan};
use crate::cylinder::{CylBoard, GhostPath, Ground};
use crate::geometry::Coord;

pub(super) fn check(plan: &CylPlan, out: &mut Vec<CylFinding>) {
    let board = &plan.board;
    for &at in &plan.crocodiles {
        // Seed 004: "крокодил. Съедает игрока, наступившего на него" — he lies on land, the one
        // cell where nothing else happens to whoever steps there.
        match board.size().contains(at).then(|| board.ground(at)) {
            None => out.push(off_board(Thing::Crocodile, at)),
            Some(Ground::Land) => {}
            Some(on) => out.push(CylFinding::at(at, CylRule::CrocodileOffLand { on })),
        }
    }
    if let Some(bear) = plan.bear {
        start(board, bear, Creature::Bear, out);
    }
    if let Some(ghost) = &plan.ghost {
        start(board, ghost.start, Creature::Ghost, out);
        ghost_path(board, ghost, out);
    }
}

fn off_board(thing: Thing, at: Coord) -> CylFinding {
    CylFinding::global(CylRule::OffBoard { thing, at })
}

/// A creature's first cell: on the board and not in a river, which would carry him off at once.
fn start(board: &CylBoard, at: Coord, creature: Creature, out: &mut Vec<CylFinding>) {
    if !board.size().contains(at) {
        let thing = match creature {
            Creature::Bear => Thing::Bear,
            Creature::Ghost => Thing::Ghost,
        };
        return out.push(off_board(thing, at));
    }
    if matches!(board.ground(at), Ground::River(_)) {
        out.push(CylFinding::at(at, CylRule::StartsInRiver { creature }));
    }
}

/// Seed 004: "Призрак движется по фиксированной траектории" — a path of at least one step, which,
/// walked round and round, never leaves past the north or south edge (he passes walls and the
/// seam, but there is no cell beyond the rim).
fn ghost_path(board: &CylBoard, ghost: &GhostPath, out: &mut Vec<CylFinding>) {
    let size = board.size();
    if !size.contains(ghost.start) {
        return;
    }
    if ghost.steps.is_empty() {
        return out.push(CylFinding::at(ghost.start, CylRule::GhostWithoutPath));
    }
    let mut at = ghost.start;
    // A round that ends on his first row repeats its rows for ever; one that does not drifts him
    // north or south, off the board within as many rounds as there are rows.
    for _round in 0..=size.height {
        for (i, &dir) in ghost.steps.iter().enumerate() {
            let Some(next) = board.neighbour(at, dir) else {
                let step = u32::try_from(i + 1).unwrap_or(u32::MAX);
                return out.push(CylFinding::at(at, CylRule::GhostLeaves { step, dir }));
            };
            at = next;
        }
        if at.row == ghost.start.row {
            return;
        }
    }
}

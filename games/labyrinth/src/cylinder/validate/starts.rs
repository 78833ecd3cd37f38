//! Start cells (seed 004: "В начале игры участника помещают на какую-нибудь клетку суши (или на
//! вертушку)"): land or spinner cells with nothing on them, at least one for every player.

use super::rule::CylRule;
use super::{CylFinding, CylPlan};
use crate::cylinder::Ground;
use crate::geometry::Coord;

/// Land and spinner cells without a crocodile, the treasure, the bear or the ghost, in reading
/// order.
pub(super) fn start_cells(plan: &CylPlan) -> Vec<Coord> {
    let taken = |c: Coord| {
        plan.crocodiles.contains(&c)
            || plan.treasure == c
            || plan.bear == Some(c)
            || plan.ghost.as_ref().is_some_and(|g| g.start == c)
    };
    plan.board
        .cells()
        .filter(|&(c, g)| matches!(g, Ground::Land | Ground::Spinner(_)) && !taken(c))
        .map(|(c, _)| c)
        .collect()
}

/// Enough start cells for `players`, or for one when the number is not known yet.
pub(super) fn check(count: usize, players: Option<u32>, out: &mut Vec<CylFinding>) {
    let needed = players.unwrap_or(1).max(1);
    let count = u32::try_from(count).unwrap_or(u32::MAX);
    if count < needed {
        out.push(CylFinding::global(CylRule::FewStarts { count, needed }));
    }
}

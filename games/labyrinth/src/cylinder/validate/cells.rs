//! What the maze must hold: one morgue, one treasure where one can stand, an exit; and the
//! recommendations that it hold spinners, crocodiles and rivers.

use super::rule::{CylRule, Thing};
use super::{CylFinding, CylPlan};
use crate::cylinder::Ground;

pub(super) fn check(plan: &CylPlan, out: &mut Vec<CylFinding>) {
    morgues(plan, out);
    treasure(plan, out);
    // Seed 004: "Цель игры — найти клад, потом найти выход и выйти из лабиринта".
    if plan.board.exits().next().is_none() {
        out.push(CylFinding::global(CylRule::NoExit));
    }
    warnings(plan, out);
}

/// Seed 004: "Морг. Клетка, в которую игрок попадает после смерти" — one cell, so exactly one.
fn morgues(plan: &CylPlan, out: &mut Vec<CylFinding>) {
    let mut morgues = plan
        .board
        .cells()
        .filter(|&(_, g)| g == Ground::Morgue)
        .map(|(c, _)| c);
    let Some(first) = morgues.next() else {
        return out.push(CylFinding::global(CylRule::NoMorgue));
    };
    for other in morgues {
        out.push(CylFinding::at(other, CylRule::SecondMorgue { first }));
    }
}

/// Seed 004: "Игрок, попавший на клетку с кладом, автоматически поднимает его" — so it lies where
/// a player stops, which is never in a river ("смещается на 3 клетки по течению").
fn treasure(plan: &CylPlan, out: &mut Vec<CylFinding>) {
    let at = plan.treasure;
    if !plan.board.size().contains(at) {
        let rule = CylRule::OffBoard {
            thing: Thing::Treasure,
            at,
        };
        return out.push(CylFinding::global(rule));
    }
    if matches!(plan.board.ground(at), Ground::River(_)) {
        out.push(CylFinding::at(at, CylRule::TreasureInRiver));
    }
}

/// The post's maze has every kind of cell; a plan without some is legal but plainer.
fn warnings(plan: &CylPlan, out: &mut Vec<CylFinding>) {
    let has = |pred: fn(Ground) -> bool| plan.board.cells().any(|(_, g)| pred(g));
    if !has(|g| matches!(g, Ground::Spinner(_))) {
        out.push(CylFinding::global(CylRule::NoSpinner));
    }
    if plan.crocodiles.is_empty() {
        out.push(CylFinding::global(CylRule::NoCrocodile));
    }
    if !has(|g| matches!(g, Ground::River(_))) {
        out.push(CylFinding::global(CylRule::NoRiver));
    }
}

//! Reachability: from every start cell the treasure and an exit can be reached, and from the
//! treasure an exit (seed 004: "Цель игры — найти клад, потом найти выход и выйти из лабиринта").
//!
//! A step goes through an open side (the seam joins the rows into rings) and ends where the cell
//! entered puts the player: a river carries him three cells downstream or to its swamp, a pit to its
//! target. Spinners only turn the names of the four ways, all of which are tried anyway; the
//! creatures, crocodiles (which bullets put to sleep) and deaths are left out.

use std::collections::VecDeque;

use super::rule::{CylRule, Goal};
use super::{CylFinding, CylPlan};
use crate::cylinder::{Across, CylBoard, Ground};
use crate::geometry::{Coord, Dir};

pub(super) fn check(plan: &CylPlan, starts: &[Coord], out: &mut Vec<CylFinding>) {
    let board = &plan.board;
    let size = board.size();
    let pred = predecessors(board);
    let exits: Vec<usize> = board.exits().map(|(c, _)| size.index(c)).collect();
    let t = plan.treasure;
    let treasure = (size.contains(t) && !matches!(board.ground(t), Ground::River(_)))
        .then(|| leads_to(&pred, &[size.index(t)]));
    // Without an exit (or a treasure to stand on) that finding says it all.
    let exit = (!exits.is_empty()).then(|| leads_to(&pred, &exits));
    for (goal, leads) in [(Goal::Treasure, &treasure), (Goal::Exit, &exit)] {
        let Some(leads) = leads else {
            continue;
        };
        let cut: Vec<Coord> = starts
            .iter()
            .copied()
            .filter(|&s| !leads[size.index(s)])
            .collect();
        cut_off(plan, goal, &cut, starts.len(), out);
    }
    if treasure.is_some() && exit.as_ref().is_some_and(|l| !l[size.index(t)]) {
        out.push(CylFinding::at(t, CylRule::NoWayOut));
    }
}

/// The start cells cut off from `goal`, each by name, or one finding when none of several reaches it.
fn cut_off(plan: &CylPlan, goal: Goal, cut: &[Coord], starts: usize, out: &mut Vec<CylFinding>) {
    if starts > 1 && cut.len() == starts {
        let rule = CylRule::CutOffEverywhere { goal };
        return out.push(match goal {
            Goal::Treasure => CylFinding::at(plan.treasure, rule),
            Goal::Exit => CylFinding::global(rule),
        });
    }
    for &s in cut {
        out.push(CylFinding::at(s, CylRule::CutOff { goal }));
    }
}

/// For every cell (by index), the cells one step from which a player ends there.
fn predecessors(board: &CylBoard) -> Vec<Vec<usize>> {
    let size = board.size();
    let mut pred = vec![Vec::new(); size.area()];
    for from in size.cells() {
        for d in Dir::ALL {
            if let Across::Cell { to, wall: false } = board.across(from, d) {
                pred[size.index(landing(board, to))].push(size.index(from));
            }
        }
    }
    pred
}

/// Which cells lead to any of `goals` (themselves included).
fn leads_to(pred: &[Vec<usize>], goals: &[usize]) -> Vec<bool> {
    let mut seen = vec![false; pred.len()];
    let mut queue: VecDeque<usize> = goals.iter().copied().collect();
    for &g in goals {
        seen[g] = true;
    }
    while let Some(i) = queue.pop_front() {
        for &p in &pred[i] {
            if !seen[p] {
                seen[p] = true;
                queue.push_back(p);
            }
        }
    }
    seen
}

/// Where a player entering `c` ends his move.
fn landing(board: &CylBoard, c: Coord) -> Coord {
    match board.ground(c) {
        Ground::River(_) => carry(board, c),
        // Seed 004: "Игрока, попавшего в яму, переносит в какую-то другую яму".
        Ground::Pit { to } if board.size().contains(to) => to,
        _ => c,
    }
}

/// Seed 004: "При попадании игрока в реку он смещается на 3 клетки по течению (или до болота, в
/// которое река впадает — если оно оказалось ближе)". A wall across the flow stops him.
fn carry(board: &CylBoard, mut at: Coord) -> Coord {
    for _ in 0..3 {
        let Ground::River(dir) = board.ground(at) else {
            break;
        };
        match board.across(at, dir) {
            Across::Cell { to, wall: false } => at = to,
            _ => break,
        }
        if board.ground(at) == Ground::Swamp {
            break;
        }
    }
    at
}

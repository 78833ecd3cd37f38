//! Pits (seed 004: "каждая яма ведет в конкретную другую яму, в каждую яму ведет ровно одна"): the
//! pits form a permutation without fixed points.

use super::CylFinding;
use super::rule::{CylRule, Thing};
use crate::cylinder::{CylBoard, Ground};

pub(super) fn check(board: &CylBoard, out: &mut Vec<CylFinding>) {
    let size = board.size();
    let mut inflows = vec![0u32; size.area()];
    for (c, ground) in board.cells() {
        let Ground::Pit { to } = ground else {
            continue;
        };
        let rule = if !size.contains(to) {
            CylRule::OffBoard {
                thing: Thing::PitTarget,
                at: to,
            }
        } else if to == c {
            CylRule::PitToItself
        } else {
            match board.ground(to) {
                Ground::Pit { .. } => {
                    inflows[size.index(to)] += 1;
                    continue;
                }
                into => CylRule::PitIntoNonPit { to, into },
            }
        };
        out.push(CylFinding::at(c, rule));
    }
    for (c, ground) in board.cells() {
        let count = inflows[size.index(c)];
        match ground {
            Ground::Pit { .. } if count == 0 => out.push(CylFinding::at(c, CylRule::PitNotEntered)),
            Ground::Pit { .. } if count > 1 => {
                out.push(CylFinding::at(c, CylRule::PitEnteredSeveral { count }));
            }
            _ => {}
        }
    }
}

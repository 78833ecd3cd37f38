//! Pit cycles (Kodex Б §4.4, Kodex В §4.4): a cycle has N > 1 pits numbered 1..N, each number once.

use std::collections::BTreeMap;

use super::rule::Rule;
use super::{Ctx, Finding};
use crate::board::{Cell, PitId};
use crate::geometry::Coord;

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    for pits in cycles(ctx).values() {
        check_cycle(pits, out);
    }
}

/// The pits of each cycle, by cycle letter, sorted by place and then reading order.
pub(super) fn cycles(ctx: &Ctx) -> BTreeMap<u8, Vec<(PitId, Coord)>> {
    let mut cycles: BTreeMap<u8, Vec<(PitId, Coord)>> = BTreeMap::new();
    for (c, cell) in ctx.board().cells() {
        if let Cell::Pit(id) = cell {
            cycles.entry(id.cycle).or_default().push((id, c));
        }
    }
    for pits in cycles.values_mut() {
        // Cells come in reading order, and a stable sort keeps it among pits of the same place.
        pits.sort_by_key(|&(id, _)| id.place);
    }
    cycles
}

/// One cycle's pits, sorted by place.
fn check_cycle(pits: &[(PitId, Coord)], out: &mut Vec<Finding>) {
    if let [(pit, c)] = pits {
        out.push(Finding::at(*c, Rule::LonePit { pit: *pit }));
    }
    let mut expected = 1u16;
    let mut previous: Option<(PitId, Coord)> = None;
    for &(pit, c) in pits {
        match previous {
            Some((p, first)) if p.place == pit.place => {
                out.push(Finding::at(c, Rule::RepeatedPit { pit, first }));
                continue;
            }
            _ => {}
        }
        if pit.place > expected {
            let missing = |place| PitId {
                cycle: pit.cycle,
                place,
            };
            let gap = Rule::PitGap {
                from: missing(expected),
                to: missing(pit.place - 1),
            };
            out.push(Finding::at(c, gap));
        }
        expected = pit.place.saturating_add(1);
        previous = Some((pit, c));
    }
}

//! Pit–exit pairs (the encyclopedia's modification 8): "Может быть несколько пар специальных видов
//! Дырок: Яма-Выход. Попав в Яму, игрок появляется в соответствующем ей Выходе." Each pit `Yn` has
//! exactly one exit `Xn`, and each exit its one pit.

use std::collections::BTreeMap;

use super::rule::{Feature, Rule};
use super::{Ctx, Finding};
use crate::board::Cell;
use crate::geometry::Coord;

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    // Pit and exit cells of each pair number, in reading order.
    let mut pairs: BTreeMap<u8, (Vec<Coord>, Vec<Coord>)> = BTreeMap::new();
    for (c, cell) in ctx.board().cells() {
        match cell {
            Cell::Chute(n) => pairs.entry(n).or_default().0.push(c),
            Cell::Outlet(n) => pairs.entry(n).or_default().1.push(c),
            _ => {}
        }
    }
    if !ctx.rules.pit_exits {
        let cells = pairs.values().flat_map(|(p, e)| p.iter().chain(e));
        let feature = Feature::PitExits;
        out.extend(cells.map(|&c| Finding::at(c, Rule::NotAgreed { feature })));
        return;
    }
    for (&n, (pits, exits)) in &pairs {
        check_pair(n, pits, exits, out);
    }
}

fn check_pair(n: u8, pits: &[Coord], exits: &[Coord], out: &mut Vec<Finding>) {
    match (pits.first(), exits.first()) {
        (Some(&p), None) => out.push(Finding::at(p, Rule::PitWithoutExit { pair: n })),
        (None, Some(&e)) => out.push(Finding::at(e, Rule::ExitWithoutPit { pair: n })),
        _ => {}
    }
    for (cells, pit) in [(pits, true), (exits, false)] {
        if let [first, rest @ ..] = cells {
            let first = *first;
            for &c in rest {
                out.push(Finding::at(
                    c,
                    Rule::RepeatedPair {
                        pair: n,
                        pit,
                        first,
                    },
                ));
            }
        }
    }
}

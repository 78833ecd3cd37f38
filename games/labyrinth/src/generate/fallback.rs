//! The plain layout taken when no attempt succeeded: valid by construction under any ruleset that
//! passed [`precheck`](super::error::precheck).
//!
//! Why it is valid: every inner side is open and there are no rivers or pits, so every cell reaches
//! every other by plain steps (Kodex Б §8.5) and no cell is never stood on (§8.4); arsenals, hospitals
//! and treasures get distinct cells, which the precheck made sure exist (§8.2, §8.3); the exits are
//! the agreed number, or 2, which the precheck made sure fit on the border, the first one open (§8.4).

use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::board::Border;
use crate::geometry::{Coord, Dir, Size};
use crate::movement::Topology;
use crate::plan::Plan;
use crate::ruleset::Ruleset;

use super::draft::{Draft, distance};
use super::quota::Quota;
use super::services;

/// A plain plan: open land with arsenals, hospitals, treasures and exits.
pub(super) fn plain(size: Size, rules: &Ruleset, lean: &Quota, rng: &mut ChaCha8Rng) -> Plan {
    let l = &rules.limits;
    let q = Quota {
        encephalitis: 0,
        ..counts(size, rules, lean)
    };
    let mut d = Draft::new(size);
    services::place(&mut d, &q, rng).expect("the precheck left room for services and treasures");
    place_exits(
        &mut d,
        l.exits.unwrap_or(2) as usize,
        rules.closed_exits,
        rng,
    );
    let topo = Topology::new(&d.board);
    d.into_plan(&topo, rules.rivers)
}

/// The agreed counts of arsenals, hospitals and treasures, or else 2 of each (one fake) while they fit
/// beside the agreed ones: the precheck fitted the agreed counts with 1 for each unagreed one.
fn counts(size: Size, rules: &Ruleset, lean: &Quota) -> Quota {
    let l = &rules.limits;
    let mut counts = [l.arsenals, l.hospitals, l.treasures].map(|n| (n.is_none(), n.unwrap_or(1)));
    let mut total: u64 = counts.iter().map(|&(_, n)| u64::from(n)).sum();
    for (free, n) in &mut counts {
        if *free && total < size.area() as u64 {
            *n = 2;
            total += 1;
        }
    }
    let [(_, arsenals), (_, hospitals), (_, treasures)] = counts;
    Quota {
        arsenals,
        hospitals,
        fakes: treasures - 1,
        ..lean.clone()
    }
}

/// `n` exits, those far from treasures first; the first open, half the rest closed when allowed.
fn place_exits(d: &mut Draft, n: usize, closed_allowed: bool, rng: &mut ChaCha8Rng) {
    let treasures: Vec<Coord> = d.items.iter().map(|i| i.at).collect();
    let mut sides: Vec<(Coord, Dir)> = d.board.border_sides().map(|(c, dir, _)| (c, dir)).collect();
    sides.shuffle(rng);
    sides.sort_by_key(|&(c, _)| treasures.iter().any(|&t| distance(t, c) <= 1));
    let closed = if closed_allowed { n / 2 } else { 0 };
    for (k, &(c, dir)) in sides.iter().take(n).enumerate() {
        let kind = if k == 0 || k > closed {
            Border::Exit
        } else {
            Border::ClosedExit
        };
        d.board.set_border(c, dir, kind);
    }
}

//! One attempt at a plan: the draft's steps in their order (rivers, pits, services, the
//! modifications' cells, walls, exits). Each step is a module of its own that works on the
//! [`Draft`]; this is the only one that knows their order.

use rand_chacha::ChaCha8Rng;

use crate::geometry::Size;
use crate::movement::Topology;
use crate::plan::Plan;
use crate::ruleset::Ruleset;

use super::draft::Draft;
use super::quota::Quota;
use super::{exits, modifications, pits, rivers, services, walls};

/// One attempt at a plan; `None` when a step found no room and the attempt should be retried.
pub(super) fn compose(
    size: Size,
    rules: &Ruleset,
    q: &Quota,
    rng: &mut ChaCha8Rng,
) -> Option<Plan> {
    let mut d = Draft::new(size);
    if q.chains {
        d.reserve_chains(rng);
    }
    rivers::place(&mut d, q, rules.rivers, rng);
    pits::place(&mut d, q, rng);
    services::place(&mut d, q, rng)?;
    // Encyclopedia, modification 17; after the treasures, so no swamp takes their cells.
    modifications::place_swamps(&mut d, q.swamps, rng);
    // Modification 8; likewise.
    modifications::place_pairs(&mut d, q.pairs, rng);
    // Cell types are final from here on, so the rivers' and pits' effects are too.
    let topo = Topology::new(&d.board);
    walls::build(&mut d, q, rng);
    walls::connect(&mut d.board, &topo, rules.rivers, rng)?;
    walls::cap(&mut d.board, q.max_walls, rng);
    // Modifications 4, 5, 16: out of the final walls, so reachability is settled.
    modifications::place_walls(&mut d.board, q.specials, rng);
    exits::place(&mut d, q, rng)?;
    services::place_mines(&mut d, q, rng);
    Some(d.into_plan(&topo, rules.rivers))
}

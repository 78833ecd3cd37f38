//! The cylinder's generator: the bot composes the master's secret map of seed 004 as the master of
//! the post would, on "квадрат 8х8 со склеенными западной и восточной сторонами" or any board from
//! 4x4 to 26x26.
//!
//! An attempt is built by construction (`generate/cells.rs`, `generate/walls.rs`,
//! `generate/things.rs`): river systems grown upstream from their swamps, lone swamps, a permutation
//! of pits, spinners, an arsenal and the morgue; the treasure, the exits, a random spanning tree of
//! walls over the glued grid with a share of the rest knocked out, then repaired
//! (`generate/reach.rs`) until every cell one can stand on reaches the treasure and the treasure an
//! exit; last the crocodiles, the bear and the ghost. An attempt the validator refuses (or whose text
//! would not read back) is dropped; if none is clean, the first valid one is kept, and if none is
//! valid, a plain layout (`generate/plain.rs`), valid by construction, ends the search.
//!
//! # Proportions
//! Counts scale with the area `A` as `n · A / 64`, rounded, at least 1 (`generate/quota.rs`); on the
//! post's 8x8 board they are the post's own numbers: 2–3 spinners, 1–2 river systems of 2 to
//! `2 + (W+H)/8` cells each (half of them with a tributary of 1–2 cells) ending in a swamp, 1–2 lone
//! swamps, 3–4 pits (at least 2), 2 crocodiles, 1 arsenal; always one morgue and one treasure, and
//! `max(2, W/4)` exits in the north or south wall. When many players need many start cells on a small
//! board, rivers, pits and swamps are cut short so that enough land remains.

mod cells;
mod draft;
mod error;
mod plain;
mod quota;
mod reach;
mod rivers;
mod things;
mod walls;

#[cfg(test)]
mod tests;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::CylPlan;
use super::validate::validate;
use crate::geometry::Size;

pub use error::CylGenerateError;

use quota::Quota;

/// The narrowest side the generator composes: on a thinner ring the rivers, pits and exits of the
/// post leave no room for a maze.
pub const MIN_GEN_SIDE: u8 = 4;

/// The widest side the generator composes, the plan format's limit.
pub const MAX_GEN_SIDE: u8 = crate::geometry::MAX_SIDE;

/// The most players a generated cylinder is meant for.
pub const MAX_GEN_PLAYERS: u32 = 8;

/// Attempts before the plain layout is taken.
const ATTEMPTS: u32 = 32;

/// Composes a cylinder plan of `size` for `players` players. The same arguments always give the same
/// plan; the plan has no problems under [`validate`] for `players`, and reads back from its text.
///
/// # Errors
/// A board not flat, or with a side outside [`MIN_GEN_SIDE`]..=[`MAX_GEN_SIDE`], or a number of
/// players outside 1..=[`MAX_GEN_PLAYERS`]: see [`CylGenerateError`].
pub fn generate(size: Size, players: u32, seed: u64) -> Result<CylPlan, CylGenerateError> {
    error::precheck(size, players)?;
    let quota = Quota::new(size, players);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut kept = None;
    for _ in 0..ATTEMPTS {
        let Some(plan) = things::attempt(size, &quota, &mut rng) else {
            continue;
        };
        let report = validate(&plan, Some(players));
        if !report.is_valid() || !reads_back(&plan) {
            continue;
        }
        if report.warnings.is_empty() {
            return Ok(plan);
        }
        kept.get_or_insert(plan);
    }
    Ok(kept.unwrap_or_else(|| plain::plan(size, &mut rng)))
}

/// Whether the plan's canonical text reads back to the same plan.
fn reads_back(plan: &CylPlan) -> bool {
    CylPlan::parse(&plan.to_text()).is_ok_and(|read| read == *plan)
}

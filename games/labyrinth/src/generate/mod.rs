//! The maze generator: the bot composes the secret plan as a master would (Kodex Б §1.1, §8).
//!
//! A plan is built by construction so that almost every attempt is valid: river systems grown from
//! their mouths, pit cycles, arsenals, hospitals, treasures and encephalitis on the remaining cells, a
//! random spanning-tree maze with many walls knocked out, then exits and (quantum code) mines. Each
//! attempt is repaired where walls cut a region off, then checked; an attempt that breaks a
//! recommendation is retried, and if no attempt is clean the best valid one is kept. A last, plain
//! layout (all walls open, no rivers or pits) is valid by construction, so [`generate`] always ends.
//!
//! # Proportions
//! With `A` the number of cells and `W`, `H` the sides (`generate/quota.rs` has the formulas):
//! - arsenals and hospitals: `2 + A/50` each (2 on the rule book's boards, 10 on 20x20);
//! - encephalitis: `1 + A/80` when the ruleset allows it;
//! - false treasures: `1 + A/50`, at most the number of players (Kodex Б §8 в);
//! - river systems: `1 + A/60`, each of half to all of `2 + (W+H)/3` cells counting the mouth (at
//!   least 2), tributaries included; mouths and channels often along the outer wall (Kodex Б §8 д);
//! - pit cycles: `A/40` (at least one from 12 cells), 2–3 pits each, 2–4 from 30 cells, half of the
//!   pits on the border;
//! - exits: `2 + (W+H)/8`, at least the number of players when mines are played (Kodex Б §5.7); half
//!   of them (rounded down) closed when closed exits are allowed, at least one always open;
//! - inner walls: a perfect maze with 15–30 % of its walls knocked out; 10 % of the rest unbreakable;
//! - quantum code with mines: `1 + A/40` unarmed mines lying on land and arsenals (Kodex В §5.7);
//! - swamps (encyclopedia, modification 17): `1 + A/40` (1 in the lean quota) on free land, off the
//!   treasures and the chains;
//! - windows, rubber and one-way walls (modifications 16, 4, 5): each allowed kind takes 10 % of the
//!   finished maze's plain walls, rounded up; a one-way wall opens either way at random;
//! - header: `cure` is the longest walk from any cell to its nearest hospital, at least `W + H`;
//!   `nstop` is the number of cells (Kodex Б §3.6).
//!
//! Agreed limits of the ruleset (Kodex Б §7.1) override these counts.
//!
//! # Modifications
//! The encyclopedia's modifications (`docs/labyrinth-wiki.md`) are options of the ruleset. With none
//! of them on, the generator draws exactly the random numbers it always drew, so seeded plans stay
//! the same. Modification 10 shapes the rivers (`generate/rivers.rs`): with `rivers_south` every river
//! cell flows down, with `straight_rivers` each system is one straight channel without tributaries;
//! systems never touch each other in any case, so `rivers_apart` always holds. Every combination of
//! the options composes, on every board from [`MIN_SIZE`], so none is refused: the options allow
//! things or narrow the rivers, and even a plan without rivers keeps every limit. The smallest boards
//! may have no free land left for a swamp, or too few walls for every special kind.
//!
//! # Small boards
//! Every board from [`MIN_SIZE`] (3x3) up gets a valid plan that also follows every recommendation
//! the validator checks, for 1 to [`MAX_PLAYERS`] players under the presets with any river kind: the
//! rule book's 4x4, 3x6, 4x5, 4x6 and 5x5 (Kodex Б §7) included. Tighter boards are refused: on a
//! strip one cell wide a mouth has no neighbour left for a way out besides its river, and on 2x2 to 2x4 boards no river system fits
//! beside two arsenals, two hospitals, encephalitis and the treasures. Longer strips two cells wide
//! would fit, but they are corridors, not mazes. With agreed limits (Kodex Б §7.1) that leave no
//! room, the generator keeps the attempt with the fewest warnings, or the plain layout.

mod compose;
mod draft;
mod error;
mod exits;
mod fallback;
mod modifications;
mod pits;
mod quota;
mod reach;
mod rivers;
mod services;
pub(crate) mod sets;
mod walls;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::geometry::Size;
use super::plan::Plan;
use super::ruleset::Ruleset;
use super::validate::validate;

pub use error::{Counted, GenerateError};

use quota::Quota;

/// The smallest board the generator composes: both sides at least 3.
pub const MIN_SIZE: Size = Size {
    width: 3,
    height: 3,
    levels: 1,
};

/// The most players a generated plan is meant for (Kodex Б §1.1 has up to 5; a few more still fit).
pub const MAX_PLAYERS: u32 = 8;

/// Attempts before the best valid attempt (or the plain layout) is taken. The second half use the
/// lean quota, which leaves room on crowded boards.
const ATTEMPTS: u32 = 48;

/// Composes a plan of `size` for `players` players under `rules`. The same arguments always give the
/// same plan; the plan has no problems under the §8 validator, and no warnings unless the agreed
/// limits leave no room for them.
///
/// # Errors
/// A board smaller than [`MIN_SIZE`], a number of players outside 1..=[`MAX_PLAYERS`], or agreed limits
/// the rules or the board cannot accommodate: see [`GenerateError`].
pub fn generate(
    size: Size,
    players: u32,
    rules: &Ruleset,
    seed: u64,
) -> Result<Plan, GenerateError> {
    error::precheck(size, players, rules)?;
    let full = Quota::new(size, players, rules, false);
    let lean = Quota::new(size, players, rules, true);
    let forced = quota::forced_warnings(rules, players);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut best: Option<(usize, Plan)> = None;
    for attempt in 0..ATTEMPTS {
        let q = if attempt < ATTEMPTS / 2 { &full } else { &lean };
        let Some(mut plan) = compose::compose(size, rules, q, &mut rng) else {
            continue;
        };
        modifications::stock_arsenals(&mut plan, rules);
        modifications::place_bear(&mut plan, rules, &mut rng);
        let verdict = validate(&plan, rules, Some(players));
        if !verdict.is_valid() {
            continue;
        }
        let warnings = verdict.warnings.len();
        if warnings <= forced {
            return Ok(plan);
        }
        if best.as_ref().is_none_or(|(w, _)| warnings < *w) {
            best = Some((warnings, plan));
        }
    }
    let mut plan = match best {
        Some((_, plan)) => plan,
        None => fallback::plain(size, rules, &lean, &mut rng),
    };
    modifications::stock_arsenals(&mut plan, rules);
    if plan.bear.is_none() {
        modifications::place_bear(&mut plan, rules, &mut rng);
    }
    Ok(plan)
}

#[cfg(test)]
mod tests;

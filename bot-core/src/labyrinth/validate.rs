//! The §8 validator: every mandatory rule of Kodex Б §8 / Kodex В §8 for the chosen code, and the
//! recommendations (а–е) as warnings.
//!
//! STUB: being written.

use super::plan::Plan;
use super::ruleset::Ruleset;

/// The validator's verdict: problems refuse the plan, warnings do not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {}

/// Checks a plan against the rules of `rules`, for `players` players when known.
pub fn validate(_plan: &Plan, _rules: &Ruleset, _players: Option<u32>) -> Report {
    Report {}
}

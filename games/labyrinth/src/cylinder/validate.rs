//! The cylinder's validator: the rules of seed 004 a plan must keep before a game is played on it,
//! and a few recommendations as warnings.
//!
//! Each submodule checks one group of rules and pushes [`CylFinding`]s; [`validate`] sorts them so
//! the master reads them cell by cell, in reading order. Nothing stops at the first problem, and no
//! plan, however it was built, makes the validator panic.

mod cells;
mod creatures;
mod pits;
mod reach;
mod rivers;
mod rule;
mod starts;
mod text;

#[cfg(test)]
mod tests;

pub use rule::{Creature, CylRule, Goal, Thing};

use super::CylPlan;
use crate::geometry::Coord;

/// The validator's verdict: problems refuse the plan, warnings do not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CylReport {
    /// Rules the plan breaks, in reading order of their cells (those of no cell first).
    pub problems: Vec<CylFinding>,
    /// Recommendations the plan ignores.
    pub warnings: Vec<CylFinding>,
}

impl CylReport {
    /// Whether the plan may be played: it breaks no rule.
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// One thing wrong with a plan: where, and which rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CylFinding {
    /// The cell at fault, when the rule concerns one cell.
    pub cell: Option<Coord>,
    /// The rule broken, with its data.
    pub rule: CylRule,
}

impl CylFinding {
    fn at(cell: Coord, rule: CylRule) -> CylFinding {
        CylFinding {
            cell: Some(cell),
            rule,
        }
    }

    fn global(rule: CylRule) -> CylFinding {
        CylFinding { cell: None, rule }
    }

    /// Findings without a cell first, then row by row, west to east.
    fn reading_key(&self) -> Option<(u8, u8)> {
        self.cell.map(|c| (c.row, c.col))
    }
}

/// Checks a plan against the rules of seed 004, for `players` players when known (at least one
/// start cell is needed either way).
pub fn validate(plan: &CylPlan, players: Option<u32>) -> CylReport {
    let mut found = Vec::new();
    cells::check(plan, &mut found);
    rivers::check(&plan.board, &mut found);
    pits::check(&plan.board, &mut found);
    creatures::check(plan, &mut found);
    let starts = starts::start_cells(plan);
    starts::check(starts.len(), players, &mut found);
    reach::check(plan, &starts, &mut found);
    // A stable sort keeps the findings of one cell in the order of the checks above.
    found.sort_by_key(CylFinding::reading_key);
    let (warnings, problems) = found.into_iter().partition(|f| f.rule.is_warning());
    CylReport { problems, warnings }
}

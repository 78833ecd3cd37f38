//! The plan's text as numbered lines, and the problems found in them so far.
//!
//! What chat clients do to a pasted text is undone by [`crate::pasted`], as for the
//! flat format.

use super::MAX_CYL_PLAN_BYTES;
use super::errors::{CylPlanErrors, CylSyntaxError, CylSyntaxKind as K};
use crate::geometry::Coord;
use crate::pasted::{self, Unreadable};

pub(super) use crate::pasted::{Line, trim_blank_end};

/// The problems found so far.
#[derive(Default)]
pub(super) struct Problems(pub Vec<CylSyntaxError>);

impl Problems {
    /// A problem of a line.
    pub fn at(&mut self, line: usize, kind: K) {
        self.0.push(CylSyntaxError {
            line,
            cell: None,
            kind,
        });
    }

    /// A problem of a cell, written on a line.
    pub fn at_cell(&mut self, line: usize, cell: Coord, kind: K) {
        self.0.push(CylSyntaxError {
            line,
            cell: Some(cell),
            kind,
        });
    }

    /// How many problems have been found.
    pub fn count(&self) -> usize {
        self.0.len()
    }

    /// The problems in line order (a stable sort: those of one line stay in the order found).
    pub fn into_errors(mut self) -> CylPlanErrors {
        self.0.sort_by_key(|e| e.line);
        CylPlanErrors { errors: self.0 }
    }
}

/// A text refused whole, with one problem.
pub(super) fn one_problem(line: usize, kind: K) -> CylPlanErrors {
    let mut problems = Problems::default();
    problems.at(line, kind);
    problems.into_errors()
}

/// The plan's lines, as [`pasted::content_lines`] reads pasted text.
pub(super) fn content_lines(text: &str) -> Result<Vec<Line<'_>>, CylPlanErrors> {
    pasted::content_lines(text, MAX_CYL_PLAN_BYTES).map_err(|why| match why {
        Unreadable::TooLong(bytes) => one_problem(1, K::TooLong { bytes }),
        Unreadable::Control(line, code) => one_problem(line, K::ControlCharacter { code }),
        Unreadable::Empty => one_problem(1, K::Empty),
    })
}

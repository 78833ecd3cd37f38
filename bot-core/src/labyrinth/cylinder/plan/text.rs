//! The plan's text as numbered lines, and the problems found in them so far.
//!
//! A few lines here repeat the flat reader's (`labyrinth/plan/read.rs`): the same chat clients
//! mangle both formats the same way, and the flat reader keeps its helpers private.

use super::MAX_CYL_PLAN_BYTES;
use super::errors::{CylPlanErrors, CylSyntaxError, CylSyntaxKind as K};
use crate::labyrinth::geometry::Coord;

/// One line of the text without its line end, with its 1-based number in the text as given.
#[derive(Copy, Clone, Debug)]
pub(super) struct Line<'a> {
    /// 1-based line number.
    pub no: usize,
    /// The line's text.
    pub text: &'a str,
}

impl Line<'_> {
    /// Whether the line holds nothing but white space.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// The line's words.
    pub fn words(&self) -> Vec<&str> {
        self.text.split_whitespace().collect()
    }
}

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

/// The plan's lines: split at line ends (CRLF too), refused whole if too long or binary, with a byte
/// order mark, surrounding blank lines and a Markdown code fence taken off.
pub(super) fn content_lines(text: &str) -> Result<Vec<Line<'_>>, CylPlanErrors> {
    if text.len() > MAX_CYL_PLAN_BYTES {
        return Err(one_problem(1, K::TooLong { bytes: text.len() }));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let all: Vec<Line> = text
        .split('\n')
        .enumerate()
        .map(|(i, t)| Line {
            no: i + 1,
            text: t.strip_suffix('\r').unwrap_or(t),
        })
        .collect();
    if let Some((line, code)) = first_control(&all) {
        // One control character means a binary file: listing its every line would only be noise.
        return Err(one_problem(line, K::ControlCharacter { code }));
    }
    let body = unfenced(trim_blank(&all));
    if body.is_empty() {
        return Err(one_problem(1, K::Empty));
    }
    Ok(body.to_vec())
}

fn first_control(lines: &[Line]) -> Option<(usize, u32)> {
    lines.iter().find_map(|l| {
        let c = l.text.chars().find(|&c| c.is_control() && c != '\t')?;
        Some((l.no, u32::from(c)))
    })
}

/// The lines inside a code fence, if they stand in one.
fn unfenced<'a, 'b>(mut body: &'b [Line<'a>]) -> &'b [Line<'a>] {
    if body
        .first()
        .is_some_and(|l| l.text.trim_start().starts_with("```"))
    {
        body = trim_blank(&body[1..]);
    }
    if body.last().is_some_and(|l| l.text.trim() == "```") {
        body = trim_blank(&body[..body.len() - 1]);
    }
    body
}

/// The lines without blank lines at either end.
pub(super) fn trim_blank<'a, 'b>(lines: &'b [Line<'a>]) -> &'b [Line<'a>] {
    let start = lines
        .iter()
        .position(|l| !l.is_blank())
        .unwrap_or(lines.len());
    trim_blank_end(&lines[start..])
}

/// The lines without blank lines at the end.
pub(super) fn trim_blank_end<'a, 'b>(lines: &'b [Line<'a>]) -> &'b [Line<'a>] {
    let end = lines
        .iter()
        .rposition(|l| !l.is_blank())
        .map_or(0, |i| i + 1);
    &lines[..end]
}

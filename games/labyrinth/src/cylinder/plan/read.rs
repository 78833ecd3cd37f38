//! Reading a cylinder plan: header, drawing, sections. Every problem is collected, not just the
//! first, so a master fixes a whole plan in one round trip through the chat.

use super::drawing::read_drawing;
use super::errors::{CylPlanErrors, CylSyntaxKind as K};
use super::sections::{read_sections, split};
use super::text::{Line, Problems, content_lines, one_problem};
use super::{DEFAULT_CYL_SIZE, MIN_CYL_SIDE};
use crate::cylinder::CylPlan;
use crate::geometry::{MAX_SIDE, Size};

/// Reads a plan, or lists every problem of its text.
pub(super) fn parse(text: &str) -> Result<CylPlan, CylPlanErrors> {
    let lines = content_lines(text)?;
    let (header, rest) = lines
        .split_first()
        .ok_or_else(|| one_problem(1, K::Empty))?;
    let mut problems = Problems::default();
    let Some(size) = read_header(*header, &mut problems) else {
        // Without a size nobody knows where the drawing ends; anything more would be guesswork.
        return Err(problems.into_errors());
    };
    let (drawn, parts) = split(rest);
    let mut drawing = read_drawing(size, header.no, drawn, &mut problems);
    let end = lines.last().map_or(header.no, |l| l.no);
    let found = read_sections(&parts, &mut drawing, end, &mut problems);
    match found.treasure {
        Some(treasure) if problems.count() == 0 => Ok(CylPlan {
            board: drawing.board,
            treasure,
            crocodiles: drawing.crocodiles,
            bear: found.bear,
            ghost: found.ghost,
        }),
        _ => Err(problems.into_errors()),
    }
}

/// Reads `cylinder WxH`, or `cylinder` alone for seed 004's 8x8. The keyword's case is forgiven:
/// phones capitalise the first word of a message.
fn read_header(line: Line, problems: &mut Problems) -> Option<Size> {
    let words = line.words();
    if !words
        .first()
        .is_some_and(|w| w.eq_ignore_ascii_case("cylinder"))
    {
        problems.at(line.no, K::NoHeader);
        return None;
    }
    if words.len() == 1 {
        return Some(DEFAULT_CYL_SIZE);
    }
    // `8x8`, `8 x 8` and `8х8` (Cyrillic х) are all a size.
    let size = words[1..].concat().parse::<Size>().ok();
    let side = |n: u8| (MIN_CYL_SIDE..=MAX_SIDE).contains(&n);
    let size = size.filter(|s| !s.is_3d() && side(s.width) && side(s.height));
    if size.is_none() {
        let found = words[1..].join(" ");
        problems.at(line.no, K::BadSize { found });
    }
    size
}

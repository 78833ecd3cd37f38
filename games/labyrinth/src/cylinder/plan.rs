//! The cylinder's plan format (`docs/labyrinth-cylinder.md`): the master's secret map of a cylinder
//! game as text, in the style of the flat format (`shared/spec/labyrinth-plan.md`).
//!
//! [`CylPlan::parse`] reads what a master types or pastes (a chat code block, CRLF line ends, trimmed
//! trailing spaces) and lists every problem of the text at once; [`CylPlan::to_text`] writes the
//! canonical text, which reads back to the same plan. Whether the maze keeps the rules of the post is
//! the validator's question ([`super::validate`]), not this module's.

mod drawing;
mod errors;
mod glyphs;
mod read;
mod sections;
mod text;
mod write;

#[cfg(test)]
mod tests;

use std::str::FromStr;

use super::CylPlan;
use crate::geometry::Size;

pub use errors::{CylPlanErrors, CylSection, CylSyntaxError, CylSyntaxKind};

/// The longest plan text accepted, in bytes: a 26x26 cylinder with a long ghost path takes under
/// 10 KB, so anything bigger is a pasted file or an attempt to tire the bot.
pub const MAX_CYL_PLAN_BYTES: usize = 64 * 1024;

/// The smallest width or height of a cylinder: a narrower ring would make a cell its own neighbour
/// twice over.
pub const MIN_CYL_SIDE: u8 = 3;

/// The board of a header without a size (`cylinder`): seed 004, "квадрат 8х8".
pub const DEFAULT_CYL_SIZE: Size = Size {
    width: 8,
    height: 8,
    levels: 1,
};

impl CylPlan {
    /// Reads a plan written in the cylinder's plan format, or lists every problem of the text, in
    /// line order.
    pub fn parse(text: &str) -> Result<CylPlan, CylPlanErrors> {
        read::parse(text)
    }

    /// The plan in the canonical format, every line ending in `\n`, trailing spaces trimmed.
    ///
    /// It reads back to the same plan whenever the plan could have been read at all: crocodiles on
    /// land, in reading order, and every cell on the board. The reader makes nothing else.
    pub fn to_text(&self) -> String {
        write::to_text(self)
    }
}

impl FromStr for CylPlan {
    type Err = CylPlanErrors;

    fn from_str(text: &str) -> Result<CylPlan, CylPlanErrors> {
        CylPlan::parse(text)
    }
}

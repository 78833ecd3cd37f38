//! Plans: the master's secret map of one maze, and its text format (`shared/spec/labyrinth-plan.md`).
//!
//! [`Plan::parse`] reads the text a master types or pastes (in a chat code block, with CRLF line ends,
//! trimmed trailing spaces) and lists every problem it finds, so one round trip through the chat
//! fixes them all. [`Plan::to_text`] writes the canonical text, which reads back to the same plan.
//! Whether the maze obeys Kodex §8 is the validator's question, not this module's.

mod errors;
mod glyphs;
mod read;
mod write;

use std::str::FromStr;

use super::bear::BearPlan;
use super::board::Board;
use super::item::PlacedItem;
use super::stock::Stock;

pub use errors::{CyrillicHint, PlanErrors, SyntaxError, SyntaxErrorKind};
pub use glyphs::{MAX_PAIR, MAX_PIT_PLACE, cell_of_glyph, glyph};

/// The longest plan text accepted, in bytes: a 26x26 maze with a generous item list takes under 8 KB,
/// so anything bigger is a pasted file or an attempt to tire the bot.
pub const MAX_PLAN_BYTES: usize = 64 * 1024;

/// Settings written in a plan's header line (`labyrinth 5x4 cure=6 nstop=20`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlanSettings {
    /// Moves a sick player has to reach a hospital (Kodex Б §4.7, §8.6); `None`: the default.
    pub cure: Option<u32>,
    /// Rounds without irreversible change that end the game in a draw (Kodex Б §3.6, §8.6).
    pub nstop: Option<u32>,
}

/// A plan: the board, its header settings and the items lying on cells at the start.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Plan {
    /// Walls, exits and cell types.
    pub board: Board,
    /// Header settings.
    pub settings: PlanSettings,
    /// The `items:` section, in the order written.
    pub items: Vec<PlacedItem>,
    /// The `arsenals:` section: what each arsenal listed gives (encyclopedia, modification 13), in
    /// the order written. An arsenal not listed gives everything the game has.
    pub stocks: Vec<Stock>,
    /// The `bear:` section: his den and path (encyclopedia, modification 2).
    pub bear: Option<BearPlan>,
}

impl Plan {
    /// A plan of a board with no items and default settings.
    pub fn new(board: Board) -> Plan {
        Plan {
            board,
            settings: PlanSettings::default(),
            items: vec![],
            stocks: vec![],
            bear: None,
        }
    }

    /// Nstop announced for the game: the plan's, or the number of cells as Kodex Б §3.6 suggests.
    pub fn nstop(&self) -> u32 {
        self.settings
            .nstop
            .unwrap_or(self.board.size().area() as u32)
    }

    /// Moves a sick player has to reach a hospital: the plan's, or width + height by default (enough to
    /// cross the board once in each direction).
    pub fn cure(&self) -> u32 {
        let s = self.board.size();
        self.settings
            .cure
            .unwrap_or(u32::from(s.width) + u32::from(s.height))
    }

    /// Reads a plan written in the plan format, or lists every problem of the text, in line order.
    pub fn parse(text: &str) -> Result<Plan, PlanErrors> {
        read::parse(text)
    }

    /// The plan in the canonical plan format, every line ending in `\n`.
    ///
    /// It reads back to the same plan as long as the plan could have been read at all: pits `a1`…`z99`
    /// and settings from 1. The generator and the parser make nothing else.
    pub fn to_text(&self) -> String {
        write::to_text(self)
    }
}

impl FromStr for Plan {
    type Err = PlanErrors;

    fn from_str(text: &str) -> Result<Plan, PlanErrors> {
        Plan::parse(text)
    }
}

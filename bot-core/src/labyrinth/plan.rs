//! Plans: the master's secret map of one maze, and its text format (`shared/spec/labyrinth-plan.md`).

use super::board::Board;
use super::item::PlacedItem;

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
}

impl Plan {
    /// A plan of a board with no items and default settings.
    pub fn new(board: Board) -> Plan {
        Plan {
            board,
            settings: PlanSettings::default(),
            items: vec![],
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
}

//! The §8 validator: every mandatory rule of Kodex Б §8 / Kodex В §8 for the chosen code, and the
//! recommendations (а–е) as warnings.
//!
//! Each submodule checks one group of rules and pushes [`Finding`]s; [`validate`] sorts them so the
//! master reads them cell by cell, in reading order. Nothing here stops at the first problem: a
//! refused plan comes back with everything that is wrong in it.

mod bear;
mod cells;
mod exits;
mod options;
mod pairs;
mod pits;
mod reach;
mod recommend;
mod rivers;
mod rule;
mod text;
mod topology;

pub use rule::{Axis, CellKind, Feature, Limit, Rule, Setting};

use super::board::{Board, Cell};
use super::geometry::{Coord, Dir};
use super::item::{Item, PlacedItem};
use super::movement::Topology;
use super::plan::Plan;
use super::ruleset::Ruleset;

/// The validator's verdict: problems refuse the plan, warnings do not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Mandatory rules the plan breaks, in reading order of their cells.
    pub problems: Vec<Finding>,
    /// Recommendations the plan ignores, in reading order of their cells.
    pub warnings: Vec<Finding>,
}

impl Report {
    /// Whether the plan may be played: it breaks no mandatory rule.
    pub fn is_valid(&self) -> bool {
        self.problems.is_empty()
    }
}

/// One thing wrong with a plan: where, and which rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    /// The cell at fault, when the rule concerns one cell.
    pub cell: Option<Coord>,
    /// The rule broken, with its data.
    pub rule: Rule,
}

impl Finding {
    fn at(cell: Coord, rule: Rule) -> Finding {
        Finding {
            cell: Some(cell),
            rule,
        }
    }

    fn global(rule: Rule) -> Finding {
        Finding { cell: None, rule }
    }

    /// Findings without a cell first (they concern the whole plan), then row by row, left to right.
    fn reading_key(&self) -> Option<(u8, u8)> {
        self.cell.map(|c| (c.row, c.col))
    }
}

/// Checks a plan against the rules of `rules`, for `players` players when known.
pub fn validate(plan: &Plan, rules: &Ruleset, players: Option<u32>) -> Report {
    let ctx = Ctx::new(plan, rules, players);
    let mut found = Vec::new();
    rivers::check(&ctx, &mut found);
    pits::check(&ctx, &mut found);
    pairs::check(&ctx, &mut found);
    bear::check(&ctx, &mut found);
    cells::check(&ctx, &mut found);
    exits::check(&ctx, &mut found);
    reach::check(&ctx, &mut found);
    options::check(&ctx, &mut found);
    if topology::agreed(rules) {
        topology::check(&ctx, &mut found);
    }
    recommend::check(&ctx, &mut found);
    // A stable sort keeps the findings of one cell in the order of the rules above.
    found.sort_by_key(Finding::reading_key);
    let (warnings, problems) = found.into_iter().partition(|f| f.rule.is_recommendation());
    Report { problems, warnings }
}

/// What every check needs: the plan, the rules and what the board's cell types imply for movement.
struct Ctx<'a> {
    plan: &'a Plan,
    rules: &'a Ruleset,
    players: Option<u32>,
    topology: Topology,
}

impl<'a> Ctx<'a> {
    fn new(plan: &'a Plan, rules: &'a Ruleset, players: Option<u32>) -> Ctx<'a> {
        Ctx {
            plan,
            rules,
            players,
            topology: Topology::new(&plan.board),
        }
    }

    fn board(&self) -> &'a Board {
        &self.plan.board
    }

    /// How many cells satisfy `pred`.
    fn count(&self, pred: impl Fn(Cell) -> bool) -> u32 {
        self.board().cells().filter(|&(_, cell)| pred(cell)).count() as u32
    }

    /// Whether a river flows from `from` into its neighbour `to`.
    fn flows_into(&self, from: Coord, to: Coord) -> bool {
        Topology::downstream(self.board(), from) == Some(to)
    }

    /// How many neighbours flow into `c`.
    fn inflows(&self, c: Coord) -> u32 {
        let board = self.board();
        Dir::ALL
            .into_iter()
            .filter_map(|d| board.neighbour(c, d))
            .filter(|&n| self.flows_into(n, c))
            .count() as u32
    }

    /// The item lines whose cell is on the board (the others are reported on their own, and looking
    /// at their cell would go off the board).
    fn items_on_board(&self) -> impl Iterator<Item = &'a PlacedItem> + 'a {
        let size = self.board().size();
        self.plan.items.iter().filter(move |i| size.contains(i.at))
    }

    /// Total count of one kind of item over all item lines: `treasure 2` is two treasures.
    fn item_total(&self, item: Item) -> u32 {
        self.plan
            .items
            .iter()
            .filter(|i| i.item == item)
            .fold(0u32, |n, i| n.saturating_add(i.count))
    }
}

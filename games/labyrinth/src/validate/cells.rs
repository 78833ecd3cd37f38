//! What the maze must contain (Kodex Б §8.2, §8.3, §3.1, §8.6) and whether its item lines make
//! sense (§1.4, §5.1).

use super::rule::{CellKind, Rule, Setting};
use super::{Ctx, Finding};
use crate::board::Cell;
use crate::item::Item;

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    required_cells(ctx, out);
    treasures(ctx, out);
    items(ctx, out);
    settings(ctx, out);
}

/// §8.2: at least one arsenal, one hospital, one land cell.
fn required_cells(ctx: &Ctx, out: &mut Vec<Finding>) {
    for (cell, kind) in [
        (Cell::Arsenal, CellKind::Arsenal),
        (Cell::Hospital, CellKind::Hospital),
        (Cell::Land, CellKind::Land),
    ] {
        if ctx.count(|c| c == cell) == 0 {
            out.push(Finding::global(Rule::MissingCellType { kind }));
        }
    }
}

/// §8.3: exactly one true treasure (at least one where the encyclopedia's modification 9 is
/// agreed), on land; §3.1: false treasures on land too.
fn treasures(ctx: &Ctx, out: &mut Vec<Finding>) {
    match ctx.item_total(Item::Treasure) {
        0 => out.push(Finding::global(Rule::NoTreasure)),
        1 => {}
        _ if ctx.rules.several_treasures => {}
        count => out.push(Finding::global(Rule::SeveralTreasures { count })),
    }
    for placed in ctx.items_on_board() {
        let on = ctx.board().cell(placed.at);
        if on == Cell::Land {
            continue;
        }
        let on = CellKind::of(on);
        match placed.item {
            Item::Treasure => out.push(Finding::at(placed.at, Rule::TreasureOffLand { on })),
            Item::Fake => out.push(Finding::at(placed.at, Rule::FakeOffLand { on })),
            _ => {}
        }
    }
}

/// Every item line lies on the board and names at least one item.
fn items(ctx: &Ctx, out: &mut Vec<Finding>) {
    let size = ctx.board().size();
    for placed in &ctx.plan.items {
        let item = placed.item;
        if !size.contains(placed.at) {
            out.push(Finding::at(placed.at, Rule::ItemOffBoard { item }));
        }
        if placed.count == 0 {
            out.push(Finding::at(placed.at, Rule::NoCount { item }));
        }
    }
}

/// §8.6: the master announces at least one move to reach a hospital and at least one round to a draw.
fn settings(ctx: &Ctx, out: &mut Vec<Finding>) {
    let s = &ctx.plan.settings;
    for (value, setting) in [(s.cure, Setting::Cure), (s.nstop, Setting::Nstop)] {
        if value == Some(0) {
            out.push(Finding::global(Rule::SettingBelowOne { setting }));
        }
    }
}

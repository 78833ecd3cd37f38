//! The bear (the encyclopedia's modification 2): a plan for a game with a bear gives his den, on a
//! cell one can stand on, and, for `bear=path`, his path; a game without one has no `bear:` section.

use super::rule::{CellKind, Feature, Rule};
use super::{Ctx, Finding};
use crate::bear::BearMode;
use crate::movement::Topology;

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    let mode = ctx.rules.play.bear;
    let Some(bear) = &ctx.plan.bear else {
        if mode != BearMode::Off {
            out.push(Finding::global(Rule::NoBear));
        }
        return;
    };
    if mode == BearMode::Off {
        let feature = Feature::Bear;
        return out.push(Finding::at(bear.den, Rule::NotAgreed { feature }));
    }
    let board = ctx.board();
    if Topology::never_stood_on(board, ctx.rules.rivers, bear.den) {
        let on = CellKind::of(board.cell(bear.den));
        out.push(Finding::at(bear.den, Rule::BadDen { on }));
    }
    if mode == BearMode::Path && bear.path.is_empty() {
        out.push(Finding::at(bear.den, Rule::BearWithoutPath));
    }
}

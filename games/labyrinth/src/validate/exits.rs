//! Exits (Kodex Б §1.4, §8.4, §7.1; Kodex В §1.4): at least two, one open when agreed (always in the
//! quantum code), none on a cell no one can stand on, none closed when the group ruled closed exits out.

use super::rule::Rule;
use super::{Ctx, Finding};
use crate::board::Border;
use crate::movement::Topology;
use crate::ruleset::Code;

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    let board = ctx.board();
    let (mut exits, mut open) = (0u32, 0u32);
    for (c, dir, border) in board.border_sides() {
        if border == Border::Wall {
            continue;
        }
        exits += 1;
        if border == Border::Exit {
            open += 1;
        }
        if Topology::never_stood_on(board, ctx.rules.rivers, c) {
            let code = ctx.rules.code;
            out.push(Finding::at(c, Rule::ExitOnNeverStood { dir, code }));
        }
        if border == Border::ClosedExit && !ctx.rules.closed_exits {
            out.push(Finding::at(c, Rule::ClosedExitNotAllowed { dir }));
        }
    }
    // The encyclopedia asks for "как минимум один проход — выход из лабиринта"; the Kodex for two.
    let least = if ctx.rules.code == Code::Wiki { 1 } else { 2 };
    if exits < least {
        out.push(Finding::global(Rule::TooFewExits {
            count: exits,
            least,
        }));
    }
    // Kodex В §1.4 makes an open exit part of the code itself, whatever the ruleset says.
    let open_required = ctx.rules.require_open_exit || ctx.rules.code == Code::Quantum;
    if open == 0 && open_required {
        let code = ctx.rules.code;
        out.push(Finding::global(Rule::NoOpenExit { code }));
    }
}

/// How many exits, open and closed, the board has.
pub(super) fn count(ctx: &Ctx) -> u32 {
    ctx.board()
        .border_sides()
        .filter(|s| s.2 != Border::Wall)
        .count() as u32
}

//! The recommendations of §8 (Kodex Б а–е, Kodex В а–д), reported as warnings: they make the game
//! more interesting but the master may ignore them.

use super::rule::Rule;
use super::{Ctx, Finding};
use crate::board::{Border, Cell, InnerWall, Side};
use crate::geometry::{Coord, Dir};
use crate::item::Item;
use crate::ruleset::Code;

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    // The encyclopedia's base maze has one hospital, one arsenal and one treasure, no false one: the
    // Kodex's а and в would only argue with it.
    let wiki = ctx.rules.code == Code::Wiki;
    if !wiki {
        arsenals_and_hospitals(ctx, out);
        false_treasures(ctx, out);
    }
    if ctx.rules.code == Code::Classic {
        hospital_next_to_arsenal(ctx, out);
    }
    attractors(ctx, out);
    rivers_and_ticks(ctx, out);
    treasures_near_exits(ctx, out);
}

/// а: at least two arsenals and two hospitals. None at all is already a problem (§8.2).
fn arsenals_and_hospitals(ctx: &Ctx, out: &mut Vec<Finding>) {
    let code = ctx.rules.code;
    let arsenals = ctx.count(|c| c == Cell::Arsenal);
    if arsenals == 1 {
        out.push(Finding::global(Rule::FewArsenals {
            code,
            count: arsenals,
        }));
    }
    let hospitals = ctx.count(|c| c == Cell::Hospital);
    if hospitals == 1 {
        out.push(Finding::global(Rule::FewHospitals {
            code,
            count: hospitals,
        }));
    }
}

/// Kodex Б б: no hospital next to an arsenal, walls or not (a wounded player would heal and rearm at
/// once, a "cyclic" stalemate).
fn hospital_next_to_arsenal(ctx: &Ctx, out: &mut Vec<Finding>) {
    let board = ctx.board();
    for (c, _) in board.cells().filter(|&(_, cell)| cell == Cell::Hospital) {
        for arsenal in neighbours(ctx, c).filter(|&n| board.cell(n) == Cell::Arsenal) {
            out.push(Finding::at(c, Rule::HospitalNextToArsenal { arsenal }));
        }
    }
}

/// Kodex Б в, Kodex В б: at least one false treasure and no more than there are players.
fn false_treasures(ctx: &Ctx, out: &mut Vec<Finding>) {
    let code = ctx.rules.code;
    let count = ctx.item_total(Item::Fake);
    if count == 0 {
        out.push(Finding::global(Rule::NoFalseTreasure { code }));
    }
    if let Some(players) = ctx.players.filter(|&p| count > p) {
        out.push(Finding::global(Rule::TooManyFalseTreasures {
            code,
            count,
            players,
        }));
    }
}

/// г: strong attractors — a mouth with at most one way out, two mouths side by side.
fn attractors(ctx: &Ctx, out: &mut Vec<Finding>) {
    let board = ctx.board();
    let code = ctx.rules.code;
    for (c, _) in board.cells().filter(|&(_, cell)| cell == Cell::Mouth) {
        let ways = board
            .size()
            .dirs()
            .iter()
            .filter(|&&d| way_out(ctx, c, d))
            .count() as u32;
        if ways <= 1 {
            out.push(Finding::at(c, Rule::MouthOneWayOut { code, ways }));
        }
        // Each pair once, at its first cell in reading order.
        for d in [Dir::Right, Dir::Down] {
            if let Some(other) = board
                .neighbour(c, d)
                .filter(|&n| board.cell(n) == Cell::Mouth)
            {
                out.push(Finding::at(c, Rule::MouthsSideBySide { code, other }));
            }
        }
    }
}

/// Whether a player may leave mouth `c` toward `d`: no wall, no closed exit, no river flowing in.
fn way_out(ctx: &Ctx, c: Coord, d: Dir) -> bool {
    let board = ctx.board();
    match board.side(c, d) {
        Side::Border(border) => border == Border::Exit,
        Side::Inner(InnerWall::Open) => {
            board.neighbour(c, d).is_some_and(|n| !ctx.flows_into(n, c))
        }
        Side::Inner(_) => false,
    }
}

/// д: rivers and encephalitis make the treasure and the exits harder to reach.
fn rivers_and_ticks(ctx: &Ctx, out: &mut Vec<Finding>) {
    let code = ctx.rules.code;
    if ctx.count(Cell::is_river) == 0 {
        out.push(Finding::global(Rule::NoRivers { code }));
    }
    if ctx.rules.encephalitis && ctx.count(|c| c == Cell::Encephalitis) == 0 {
        out.push(Finding::global(Rule::NoEncephalitis { code }));
    }
}

/// Kodex Б е, Kodex В в: no treasure, true or false, on or next to a cell with an exit (open or closed).
fn treasures_near_exits(ctx: &Ctx, out: &mut Vec<Finding>) {
    let code = ctx.rules.code;
    for placed in ctx.items_on_board() {
        let fake = match placed.item {
            Item::Treasure => false,
            Item::Fake => true,
            _ => continue,
        };
        let at = placed.at;
        let near = std::iter::once(at).chain(neighbours(ctx, at));
        if let Some(exit) = near.into_iter().find(|&c| has_exit(ctx, c)) {
            out.push(Finding::at(at, Rule::TreasureNearExit { code, fake, exit }));
        }
    }
}

fn has_exit(ctx: &Ctx, c: Coord) -> bool {
    Dir::ALL.into_iter().any(|d| {
        matches!(
            ctx.board().side(c, d),
            Side::Border(Border::Exit | Border::ClosedExit)
        )
    })
}

/// The cells sharing a side with `c` (a floor too, in a 3-D maze).
fn neighbours<'a>(ctx: &'a Ctx, c: Coord) -> impl Iterator<Item = Coord> + 'a {
    let board = ctx.board();
    board
        .size()
        .dirs()
        .iter()
        .filter_map(move |&d| board.neighbour(c, d))
}

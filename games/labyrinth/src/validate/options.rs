//! The options a group agreed on to simplify the maze (Kodex Б §7.1, Kodex В §7.1): no mines, no
//! encephalitis, counts of things, chains of open cells joining opposite walls.

use std::collections::VecDeque;

use super::rule::{Axis, CellKind, Feature, Limit, Rule};
use super::{Ctx, Finding, exits, pits, rivers};
use crate::board::{Cell, InnerWall, Side};
use crate::geometry::{Coord, Dir};
use crate::item::Item;
use crate::ruleset::Code;

pub(super) fn check(ctx: &Ctx, out: &mut Vec<Finding>) {
    excluded(ctx, out);
    limits(ctx, out);
    if ctx.rules.chains {
        for axis in [Axis::LeftRight, Axis::TopBottom] {
            if !chain(ctx, axis) {
                out.push(Finding::global(Rule::NoChain { axis }));
            }
        }
    }
}

/// Mines and encephalitis cells in a game played without them.
fn excluded(ctx: &Ctx, out: &mut Vec<Finding>) {
    if !ctx.rules.mines {
        let mines = ctx
            .plan
            .items
            .iter()
            .filter(|i| matches!(i.item, Item::Mine | Item::ArmedMine));
        out.extend(mines.map(|i| Finding::at(i.at, Rule::MinesNotAllowed)));
    }
    if ctx.rules.code == Code::Quantum {
        laid_mines(ctx, out);
    }
    if !ctx.rules.encephalitis {
        let cells = ctx
            .board()
            .cells()
            .filter(|&(_, c)| c == Cell::Encephalitis);
        out.extend(cells.map(|(c, _)| Finding::at(c, Rule::EncephalitisNotAllowed)));
    }
    not_agreed(ctx, out);
}

/// Swamps and special walls in a game not opened with their modification (encyclopedia,
/// modifications 4, 5, 16, 17).
fn not_agreed(ctx: &Ctx, out: &mut Vec<Finding>) {
    let r = ctx.rules;
    let board = ctx.board();
    if !r.swamps {
        let swamps = board.cells().filter(|&(_, c)| c == Cell::Swamp);
        out.extend(swamps.map(|(c, _)| {
            Finding::at(
                c,
                Rule::NotAgreed {
                    feature: Feature::Swamps,
                },
            )
        }));
    }
    for stock in &ctx.plan.stocks {
        if !r.arsenal_kinds {
            out.push(Finding::at(
                stock.at,
                Rule::NotAgreed {
                    feature: Feature::ArsenalKinds,
                },
            ));
        } else if board.size().contains(stock.at) && board.cell(stock.at) != Cell::Arsenal {
            let on = CellKind::of(board.cell(stock.at));
            out.push(Finding::at(stock.at, Rule::StockOffArsenal { on }));
        }
    }
    for (c, _, wall) in board.inner_sides() {
        let feature = match wall {
            InnerWall::Window if !r.windows => Feature::Windows,
            InnerWall::Rubber if !r.rubber_walls => Feature::RubberWalls,
            InnerWall::OneWay(_) if !r.one_way_walls => Feature::OneWayWalls,
            _ => continue,
        };
        out.push(Finding::at(c, Rule::NotAgreed { feature }));
    }
}

/// Kodex В §5.7: before the game the master lays unarmed mines on land and arsenals. (In the classic
/// code the players carry the mines, Б §5.3, and the book says nothing of mines in a plan.)
fn laid_mines(ctx: &Ctx, out: &mut Vec<Finding>) {
    let board = ctx.board();
    for i in &ctx.plan.items {
        if !matches!(i.item, Item::Mine | Item::ArmedMine) || !board.size().contains(i.at) {
            continue;
        }
        if i.item == Item::ArmedMine {
            out.push(Finding::at(i.at, Rule::ArmedAtStart));
        }
        let cell = board.cell(i.at);
        if !matches!(cell, Cell::Land | Cell::Arsenal) {
            out.push(Finding::at(
                i.at,
                Rule::MineOffLand {
                    on: CellKind::of(cell),
                },
            ));
        }
    }
}

/// Every count of `rules.limits` the plan goes over (or, for exact counts, misses).
fn limits(ctx: &Ctx, out: &mut Vec<Finding>) {
    let l = &ctx.rules.limits;
    let board = ctx.board();
    let mut check = |cell: Option<Coord>, limit: Limit, allowed: Option<u32>, found: u32| {
        let Some(allowed) = allowed else { return };
        let broken = if limit.is_exact() {
            found != allowed
        } else {
            found > allowed
        };
        if broken {
            let rule = Rule::LimitExceeded {
                limit,
                allowed,
                found,
            };
            out.push(Finding { cell, rule });
        }
    };
    let cycles = pits::cycles(ctx);
    let pit_count = cycles.values().map(Vec::len).sum::<usize>() as u32;
    check(None, Limit::Pits, l.max_pits, pit_count);
    check(
        None,
        Limit::PitCycles,
        l.max_pit_cycles,
        cycles.len() as u32,
    );
    for pits in cycles.values() {
        let first = pits.first().map(|&(_, c)| c);
        check(
            first,
            Limit::PitCycleLen,
            l.max_pit_cycle_len,
            pits.len() as u32,
        );
    }
    let systems = rivers::systems(ctx);
    check(
        None,
        Limit::RiverSystems,
        l.max_river_systems,
        systems.len() as u32,
    );
    for &(mouth, len) in &systems {
        check(Some(mouth), Limit::RiverLen, l.max_river_len, len);
    }
    for c in board.size().cells() {
        check(
            Some(c),
            Limit::Tributaries,
            l.max_tributaries,
            ctx.inflows(c),
        );
    }
    check(
        None,
        Limit::Arsenals,
        l.arsenals,
        ctx.count(|c| c == Cell::Arsenal),
    );
    check(
        None,
        Limit::Hospitals,
        l.hospitals,
        ctx.count(|c| c == Cell::Hospital),
    );
    let treasures = ctx
        .item_total(Item::Treasure)
        .saturating_add(ctx.item_total(Item::Fake));
    check(None, Limit::Treasures, l.treasures, treasures);
    let walls = board
        .inner_sides()
        .filter(|s| s.2 != InnerWall::Open)
        .count() as u32;
    check(None, Limit::InnerWalls, l.max_inner_walls, walls);
    check(None, Limit::Exits, l.exits, exits::count(ctx));
}

/// Whether a chain of land, hospitals, arsenals and mouths, each next to the following with no wall
/// between, joins the two opposite walls of `axis`.
fn chain(ctx: &Ctx, axis: Axis) -> bool {
    let board = ctx.board();
    let size = board.size();
    let open = |c: Coord| {
        matches!(
            board.cell(c),
            Cell::Land | Cell::Hospital | Cell::Arsenal | Cell::Mouth
        )
    };
    // The near wall (left, top) when `far` is false, the opposite one when it is true.
    let on_wall = |c: Coord, far: bool| match (axis, far) {
        (Axis::LeftRight, false) => c.col == 0,
        (Axis::LeftRight, true) => c.col + 1 == size.width,
        (Axis::TopBottom, false) => c.row == 0,
        (Axis::TopBottom, true) => c.row + 1 == size.height,
    };
    let mut seen = vec![false; size.area()];
    let mut queue = VecDeque::new();
    for c in size.cells().filter(|&c| on_wall(c, false) && open(c)) {
        seen[size.index(c)] = true;
        queue.push_back(c);
    }
    while let Some(c) = queue.pop_front() {
        if on_wall(c, true) {
            return true;
        }
        for d in Dir::ALL {
            let Some(n) = board.neighbour(c, d) else {
                continue;
            };
            if board.side(c, d) == Side::Inner(InnerWall::Open) && open(n) && !seen[size.index(n)] {
                seen[size.index(n)] = true;
                queue.push_back(n);
            }
        }
    }
    false
}

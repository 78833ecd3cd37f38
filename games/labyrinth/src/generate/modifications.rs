//! The encyclopedia's modifications a ruleset may switch on: swamps (modification 17) on free land,
//! and windows, rubber and one-way walls (modifications 16, 4, 5) made out of the finished maze's
//! walls.
//!
//! None of them spoils what the rest of the generator built. A swamp is passable, it only costs the
//! next move, so every cell reaches every other as before (Kodex Б §8.5); it takes neither a treasure's
//! cell nor a chain's (Kodex Б §7.1). A window or a rubber wall stops a player exactly as the wall it
//! replaces; a one-way wall replaces a wall, never an open side, so it only adds a move. Walls never
//! stand across a river (Kodex Б §4.5), so none of these does either.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;

use crate::bear::{BearMode, BearPlan};
use crate::board::{Board, Cell, InnerWall};
use crate::geometry::{Coord, Dir};
use crate::movement::Topology;
use crate::plan::Plan;
use crate::ruleset::{Code, Ruleset};
use crate::stock::{Stock, Supply};

use super::draft::Draft;
use super::quota::Specials;
use super::services::{cells_of, nearest};

/// Share of the maze's plain walls each allowed kind of special wall takes (rounded up): enough to
/// meet them, few enough that plain walls stay the rule.
pub(super) const SPECIAL_SHARE: f64 = 0.10;

/// Kinds of arsenal (modification 13): with two arsenals or more, the things the game's arsenals
/// give are dealt out among them in turn, round and round until every arsenal has one and every
/// thing is given somewhere. One arsenal keeps giving everything. Drawn from nothing: the arsenals'
/// reading order decides.
pub(super) fn stock_arsenals(plan: &mut Plan, rules: &Ruleset) {
    plan.stocks.clear();
    if !rules.arsenal_kinds {
        return;
    }
    let arsenals: Vec<Coord> = plan
        .board
        .cells()
        .filter(|&(_, c)| c == Cell::Arsenal)
        .map(|(c, _)| c)
        .collect();
    if arsenals.len() < 2 {
        return;
    }
    let supplies = in_play(rules);
    plan.stocks = arsenals
        .iter()
        .map(|&at| Stock {
            at,
            supplies: vec![],
        })
        .collect();
    for k in 0..arsenals.len().max(supplies.len()) {
        let stock = &mut plan.stocks[k % arsenals.len()];
        let s = supplies[k % supplies.len()];
        if !stock.supplies.contains(&s) {
            stock.supplies.push(s);
        }
    }
    for stock in &mut plan.stocks {
        stock.supplies.sort();
    }
}

/// What the arsenals of a game under these rules give.
fn in_play(rules: &Ruleset) -> Vec<Supply> {
    let play = &rules.play;
    let mut out = vec![Supply::Bullets, Supply::Grenades];
    if rules.code == Code::Wiki {
        out.push(Supply::Knives);
    }
    if play.cement {
        out.push(Supply::Cement);
    }
    if play.boomerang > 0 {
        out.push(Supply::Boomerang);
    }
    out
}

/// The bear (modification 2): his den on empty land, and for `bear=path` a path of as many steps
/// as the board has columns and rows, drawn at random (walls on the way stop him, which is his
/// business). Draws nothing when the game has no bear.
pub(super) fn place_bear(plan: &mut Plan, rules: &Ruleset, rng: &mut ChaCha8Rng) {
    plan.bear = None;
    if rules.play.bear == BearMode::Off {
        return;
    }
    let taken: Vec<Coord> = plan.items.iter().map(|i| i.at).collect();
    let dens: Vec<Coord> = plan
        .board
        .cells()
        .filter(|&(c, cell)| cell == Cell::Land && !taken.contains(&c))
        .map(|(c, _)| c)
        .collect();
    let Some(&den) = dens.choose(rng) else {
        return;
    };
    let size = plan.board.size();
    let path = match rules.play.bear {
        BearMode::Path => (0..size.width + size.height)
            .map(|_| Dir::ALL[rng.random_range(0..4)])
            .collect(),
        _ => vec![],
    };
    plan.bear = Some(BearPlan { den, path });
}

/// Up to `n` pit–exit pairs (modification 8), each pit and its exit on free land off the chains,
/// far apart so that the pit carries one somewhere new. An attempt whose pits cut a region off is
/// refused by the validator and tried again.
pub(super) fn place_pairs(d: &mut Draft, n: u32, rng: &mut ChaCha8Rng) {
    let fits = |d: &Draft, c: Coord| d.is_free(c) && !d.chain[d.idx(c)];
    for k in 1..=n.min(u32::from(crate::plan::MAX_PAIR)) {
        let Some(pit) = d.pick(rng, fits) else {
            return;
        };
        d.board.set_cell(pit, Cell::Chute(k as u8));
        let Some(exit) = d.pick_best(rng, fits, |c| super::draft::distance(c, pit)) else {
            d.board.set_cell(pit, Cell::Land);
            return;
        };
        d.board.set_cell(exit, Cell::Outlet(k as u8));
    }
}

/// Up to `n` swamps on free land off the chains, spread out.
pub(super) fn place_swamps(d: &mut Draft, n: u32, rng: &mut ChaCha8Rng) {
    let fits = |d: &Draft, c: Coord| d.is_free(c) && !d.chain[d.idx(c)];
    for _ in 0..n {
        let swamps = cells_of(d, |cell| cell == Cell::Swamp);
        let Some(c) = d.pick_best(rng, fits, |c| nearest(&swamps, c)) else {
            return;
        };
        d.board.set_cell(c, Cell::Swamp);
    }
}

/// Turns [`SPECIAL_SHARE`] of the plain walls into each allowed special kind. Draws nothing when none
/// is allowed, so plans without modifications stay as they were.
pub(super) fn place_walls(board: &mut Board, allowed: Specials, rng: &mut ChaCha8Rng) {
    if !allowed.any() {
        return;
    }
    let mut walls: Vec<(Coord, Dir)> = board
        .inner_sides()
        // Special walls stand between cells of a level: the plan format draws no special floor.
        .filter(|&(c, dir, wall)| {
            wall == InnerWall::Wall && !dir.is_vertical() && !Topology::flows_across(board, c, dir)
        })
        .map(|(c, dir, _)| (c, dir))
        .collect();
    walls.shuffle(rng);
    let each = (walls.len() as f64 * SPECIAL_SHARE).ceil() as usize;
    let kinds = [
        (allowed.windows, InnerWall::Window),
        (allowed.rubber, InnerWall::Rubber),
        (allowed.one_way, InnerWall::OneWay(Dir::Down)),
    ];
    let mut walls = walls.into_iter();
    for (_, kind) in kinds.into_iter().filter(|&(on, _)| on) {
        for (c, dir) in walls.by_ref().take(each) {
            board.set_inner(c, dir, oriented(kind, dir, rng));
        }
    }
}

/// A one-way wall opens across its side, either way at random (`dir` is the side's direction from
/// its cell); the other kinds have no way.
fn oriented(kind: InnerWall, dir: Dir, rng: &mut ChaCha8Rng) -> InnerWall {
    match kind {
        InnerWall::OneWay(_) if rng.random_bool(0.5) => InnerWall::OneWay(dir),
        InnerWall::OneWay(_) => InnerWall::OneWay(dir.opposite()),
        other => other,
    }
}

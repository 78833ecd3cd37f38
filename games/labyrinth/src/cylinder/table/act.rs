//! Orders in, steps out: the master's plan, queued moves, missed deadlines, players leaving.

use super::super::game::CylGame;
use super::super::orders::{looks_like_order, parse_queue};
use super::super::queue::{Queue, play_step_in};
use super::super::{CylPlan, generate, validate};
use super::{CylTable, narrate};
use crate::geometry::{Coord, Size};
use crate::locale::t;
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Out};
use bot_core::session::table::Stage;

/// `/begin`: a generated maze at once, or the master's: the one he sent in the lobby if it suits the
/// table, else asked for.
pub(super) fn begin(table: &mut CylTable, cx: &mut Cx) {
    let n = cx.t.seats.len();
    table.queues = vec![Queue::default(); n];
    table.idle = vec![false; n];
    table.missed = vec![0; n];
    table.removed = vec![false; n];
    table.turns = (0..n).collect();
    if table.lot {
        // "по возможности, ходы делаются по очереди": the order within a step, drawn once.
        for i in (1..n).rev() {
            let j = (cx.draw() % (i as u64 + 1)) as usize;
            table.turns.swap(i, j);
        }
    }
    cx.t.stage = Stage::Setup;
    cx.changed();
    if table.own_plan {
        if let Some(text) = table.early_plan.take() {
            master_plan(table, cx, &text);
            if table.game.is_some() {
                return;
            }
        }
        let opener = cx.t.opener.user.clone();
        cx.group(t(cx.t.lang, "cyl-awaiting-plan", &[]));
        cx.user(
            &opener,
            t(cx.t.lang, "cyl-send-plan", bot_core::args![("players", n)]),
        );
        return;
    }
    let seed = table.seed.unwrap_or_else(|| cx.draw());
    let (w, h) = table.size;
    let size = Size::new(w, h).unwrap_or_else(|| Size::new(8, 8).expect("8x8"));
    match generate::generate(size, n as u32, seed) {
        Ok(plan) => start(table, cx, plan),
        Err(why) => cx.group(narrate::problems(&why, cx.t.lang)),
    }
}

/// A private message: the master's plan in the lobby or in setup, a player's order in play.
pub(super) fn private(table: &mut CylTable, cx: &mut Cx, msg: &Inbound, text: &str) {
    let master = table.own_plan && cx.t.opener.user == msg.user.0;
    if master && cx.t.stage == Stage::Lobby {
        return keep_early_plan(table, cx, text);
    }
    if master && cx.t.stage == Stage::Setup && table.game.is_none() {
        return master_plan(table, cx, text);
    }
    typed(table, cx, msg, text);
}

/// The master's plan sent while the lobby is open: checked at once (all but the number of players,
/// not known yet) and kept for `/begin`, or refused with every problem.
fn keep_early_plan(table: &mut CylTable, cx: &mut Cx, text: &str) {
    let lang = cx.t.opener.lang;
    let opener = cx.t.opener.user.clone();
    let plan = match CylPlan::parse(text) {
        Ok(plan) => plan,
        Err(errors) => return cx.user(&opener, narrate::problems(&errors, lang)),
    };
    let report = validate::validate(&plan, None);
    if !report.problems.is_empty() {
        return cx.user(&opener, narrate::problems(&report, lang));
    }
    table.early_plan = Some(text.to_string());
    cx.changed();
    cx.user(&opener, t(lang, "lab-table-plan-kept", &[]));
}

/// The master's plan: checked against the post's rules, and the game starts on it.
fn master_plan(table: &mut CylTable, cx: &mut Cx, text: &str) {
    let lang = cx.t.lang;
    let opener = cx.t.opener.user.clone();
    let plan = match CylPlan::parse(text) {
        Ok(plan) => plan,
        Err(errors) => return cx.user(&opener, narrate::problems(&errors, lang)),
    };
    let report = validate::validate(&plan, Some(cx.t.seats.len() as u32));
    if !report.problems.is_empty() {
        return cx.user(&opener, narrate::problems(&report, lang));
    }
    cx.user(&opener, t(lang, "cyl-plan-accepted", &[]));
    start(table, cx, plan);
}

/// The bot places every player on land or a spinner, tells each his cell's kind privately, and
/// play begins ("В начале игры участника помещают на какую-нибудь клетку суши (или на вертушку)").
fn start(table: &mut CylTable, cx: &mut Cx, plan: CylPlan) {
    let mut free = start_cells(&plan);
    let mut starts = vec![];
    for _ in 0..cx.t.seats.len() {
        if free.is_empty() {
            return cx.group(t(cx.t.lang, "cyl-no-room", &[]));
        }
        let k = (cx.draw() % free.len() as u64) as usize;
        starts.push(free.swap_remove(k));
    }
    let game = match CylGame::new(&plan, &starts) {
        Ok(game) => game,
        Err(_) => return cx.group(t(cx.t.lang, "cyl-no-room", &[])),
    };
    table.plan = Some(plan.to_text());
    table.game = Some(game);
    cx.start_play();
    cx.next_turn();
    narrate::started(table, cx);
}

/// Cells a player may start on: land or a spinner with nothing on it.
fn start_cells(plan: &CylPlan) -> Vec<Coord> {
    use super::super::Ground;
    plan.board
        .cells()
        .filter(|&(_, g)| matches!(g, Ground::Land | Ground::Spinner(_)))
        .map(|(c, _)| c)
        .filter(|c| {
            !plan.crocodiles.contains(c)
                && *c != plan.treasure
                && plan.bear != Some(*c)
                && plan.ghost.as_ref().is_none_or(|g| g.start != *c)
        })
        .collect()
}

/// A message of a seated player in play: his queued moves, which replace any he had left.
pub(super) fn typed(table: &mut CylTable, cx: &mut Cx, msg: &Inbound, text: &str) {
    let Some(seat) = cx.t.seat_of(&msg.user.0) else {
        return;
    };
    if cx.t.stage != Stage::Playing || cx.t.paused || !table.active(seat) {
        return;
    }
    let lang = msg.lang.unwrap_or(cx.t.lang);
    let queue = match parse_queue(text) {
        Ok(q) => q,
        // Talk among the players is not the master's business.
        Err(_) if !looks_like_order(text) => return,
        Err(e) => return cx.push(Out::back(msg, narrate::order_error(&e, lang))),
    };
    let n = queue.moves.len();
    table.queues[seat] = queue;
    table.missed[seat] = 0;
    cx.order(&msg.user.0, text);
    cx.changed();
    cx.push(Out::back(
        msg,
        t(
            lang,
            "cyl-queued",
            bot_core::args![("name", msg.name.clone()), ("n", n)],
        ),
    ));
    advance(table, cx);
}

/// A seat's deadline passed: he stands still in this step; the step runs once nobody else is
/// awaited.
pub(super) fn timeout(table: &mut CylTable, cx: &mut Cx, seat: usize, remove_him: bool) {
    if seat >= table.idle.len() {
        return;
    }
    table.missed[seat] += 1;
    table.idle[seat] = true;
    cx.changed();
    if remove_him {
        return remove(table, cx, seat);
    }
    advance(table, cx);
}

/// A seat leaves the game in play.
pub(super) fn remove(table: &mut CylTable, cx: &mut Cx, seat: usize) {
    if seat >= table.removed.len() {
        return;
    }
    table.removed[seat] = true;
    table.queues[seat] = Queue::default();
    cx.changed();
    let name = cx.t.seats[seat].name.clone();
    cx.group(t(cx.t.lang, "cyl-removed", bot_core::args![("name", name)]));
    if (0..table.removed.len()).all(|s| !table.active(s)) {
        narrate::reveal(table, cx);
        return cx.finish();
    }
    advance(table, cx);
}

/// A seat left during setup: the vectors follow the seats.
pub(super) fn unseated(table: &mut CylTable, cx: &mut Cx, seat: usize) {
    for v in [&mut table.idle, &mut table.removed] {
        if seat < v.len() {
            v.remove(seat);
        }
    }
    if seat < table.queues.len() {
        table.queues.remove(seat);
        table.missed.remove(seat);
    }
    table.turns.retain(|&s| s != seat);
    for s in table.turns.iter_mut().filter(|s| **s > seat) {
        *s -= 1;
    }
    cx.changed();
}

/// Runs time steps while every player in the game has a move queued or has let his deadline pass,
/// and someone has a move: the fewest steps, and turns in order within each.
fn advance(table: &mut CylTable, cx: &mut Cx) {
    loop {
        let Some(game) = table.game.as_mut() else {
            return;
        };
        if game.winner.is_some() || cx.t.stage != Stage::Playing {
            return;
        }
        let anyone = table.queues.iter().any(|q| !q.moves.is_empty());
        let ready = (0..table.queues.len()).all(|s| {
            !table.queues[s].moves.is_empty()
                || table.idle[s]
                || !active_in(game, &table.removed, s)
        });
        if !anyone || !ready {
            return;
        }
        let step = game.step;
        let order: Vec<usize> = match table.turns.len() == table.queues.len() {
            true => table.turns.clone(),
            false => (0..table.queues.len()).collect(),
        };
        let report = play_step_in(game, &mut table.queues, &order);
        table.idle.iter_mut().for_each(|i| *i = false);
        narrate::step(cx, step, &report);
        cx.changed();
        if table.game.as_ref().is_some_and(|g| g.winner.is_some()) {
            narrate::reveal(table, cx);
            return cx.finish();
        }
        cx.next_turn();
    }
}

fn active_in(game: &CylGame, removed: &[bool], seat: usize) -> bool {
    !removed.get(seat).copied().unwrap_or(false)
        && game.players.get(seat).is_some_and(|r| r.at.is_some())
}

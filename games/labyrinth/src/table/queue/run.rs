//! Playing queued turns when they come, skipping those whose round deadline passed, and stopping a
//! queue where its player would want to think again.

use std::mem::discriminant;

use crate::game::event::Removal;
use crate::game::parse::Request;
use crate::game::state::{Health, Place};
use crate::game::{Game, PlayerId};
use crate::locale::t;
use bot_core::args;
use bot_core::i18n::Localize;
use bot_core::session::game::Cx;
use bot_core::session::table::Stage;

use super::super::names::{clip, find_player};
use super::super::tell::{settle, tell};
use super::super::{Labyrinth, pid};
use super::{Halt, Queued};

/// A seated player's new queue: it replaces what he had left, as a new plan does.
pub fn take(lab: &mut Labyrinth, seats: usize, seat: usize, turns: Vec<Queued>) {
    lab.queued.fit(seats);
    lab.queued.turns[seat] = turns.into();
}

/// A seat's turns still queued.
pub fn queue_of(lab: &Labyrinth, seat: usize) -> Vec<Queued> {
    lab.queued
        .turns
        .get(seat)
        .map(|q| q.iter().cloned().collect())
        .unwrap_or_default()
}

/// The seats the round still waits for: from the one whose turn it is to the round's end, those in
/// the game with nothing queued whose deadline has not passed.
pub fn awaited(lab: &Labyrinth) -> Vec<usize> {
    let Some(game) = lab.game.as_ref() else {
        return vec![];
    };
    let Some(cur) = game.current() else {
        return vec![];
    };
    let order = game.turn_order();
    let from = order.iter().position(|&p| p == cur).unwrap_or(0);
    let empty = |s: usize| lab.queued.turns.get(s).is_none_or(|q| q.is_empty());
    let lapsed = |s: usize| lab.queued.lapsed.get(s).is_some_and(Option::is_some);
    order[from..]
        .iter()
        .map(|p| usize::from(p.0))
        .filter(|&s| game.active(pid(s)) && empty(s) && !lapsed(s))
        .collect()
}

/// A seat's round deadline passed with nothing queued: his turn is skipped when it comes, and with
/// `remove` he is out for the turns he missed.
pub fn lapse(lab: &mut Labyrinth, seats: usize, seat: usize, remove: bool) {
    lab.queued.fit(seats);
    lab.queued.lapsed[seat] = Some(remove);
}

/// A seat leaves the game: his queue goes with him.
pub fn leave(lab: &mut Labyrinth, seat: usize) {
    if let Some(q) = lab.queued.turns.get_mut(seat) {
        q.clear();
    }
    if let Some(l) = lab.queued.lapsed.get_mut(seat) {
        *l = None;
    }
}

/// Plays every turn that queued orders and passed deadlines carry, in turn order, until a turn
/// comes whose player is still awaited. A new round gets a new deadline.
pub fn advance(lab: &mut Labyrinth, cx: &mut Cx) {
    lab.queued.fit(cx.t.seats.len());
    let Some(before) = lab.game.as_ref().map(|g| (g.round(), g.phase())) else {
        return;
    };
    while cx.t.stage == Stage::Playing && !cx.t.paused {
        let Some(p) = lab.game.as_ref().and_then(Game::current) else {
            break;
        };
        let seat = usize::from(p.0);
        let health = healths(lab);
        if let Some(remove) = lab.queued.lapsed[seat].take() {
            miss(lab, cx, p, remove);
        } else if let Some(turn) = lab.queued.turns[seat].pop_front() {
            play_turn(lab, cx, p, turn);
        } else {
            break;
        }
        halt_the_hurt(lab, cx, &health);
        settle(lab, cx);
    }
    let after = lab.game.as_ref().map(|g| (g.round(), g.phase()));
    if after != Some(before) {
        lab.queued.lapsed.iter_mut().for_each(|l| *l = None);
        cx.next_turn();
    }
}

/// A turn skipped for the round's deadline, or the player out for the turns he missed.
fn miss(lab: &mut Labyrinth, cx: &mut Cx, p: PlayerId, remove: bool) {
    let Some(game) = lab.game.as_mut() else {
        return;
    };
    let name = cx.t.name(usize::from(p.0));
    cx.group(t(cx.t.lang, "lab-queue-lapsed", args![("name", name)]));
    let told = if remove {
        game.remove(p, Removal::MissedTurns)
    } else {
        game.skip_for_deadline(p)
    };
    tell(lab, cx, &told, None);
    cx.changed();
}

/// One queued turn played, or the queue stopped where the rules refuse it.
fn play_turn(lab: &mut Labyrinth, cx: &mut Cx, p: PlayerId, turn: Queued) {
    let lang = cx.t.lang;
    let seat = usize::from(p.0);
    let order = match lab.parse(&turn.text) {
        Ok(Request::Order(parsed)) => parsed
            .resolve(|name| find_player(cx.t, name))
            .map_err(|e| e.localize(lang)),
        Ok(_) => Err(t(lang, "lab-queue-not-a-turn", &[])),
        Err(e) => Err(e.localize(lang)),
    };
    let Some(game) = lab.game.as_mut() else {
        return;
    };
    let played = order.and_then(|o| game.play(p, &o).map_err(|r| r.localize(lang)));
    let told = match played {
        Ok(told) => told,
        Err(why) => return halt(lab, cx, seat, Halt::Refused(turn.text, why)),
    };
    lab.track(cx.t.seats.len());
    // Orders are public in the Kodex, and the answers mean little without them: an order sent
    // privately is told to the group when it is played, as it would have been typed there.
    let said = args![("name", cx.t.name(seat)), ("order", clip(&turn.text))];
    cx.group(t(cx.t.lang, "lab-queue-turn", said));
    tell(lab, cx, &told, Some(p));
    cx.changed();
    let place = lab
        .game
        .as_ref()
        .and_then(|g| g.player(p))
        .map(|pl| pl.place);
    let asked = lab.game.as_ref().and_then(Game::choosing);
    if asked.is_some_and(|c| c.who == p) {
        halt(lab, cx, seat, Halt::Asked);
    } else if let Some(cell) = turn.expect
        && lab.game.as_ref().is_some_and(|g| g.active(p))
        && place != Some(Place::In(cell))
    {
        halt(lab, cx, seat, Halt::NotWhereExpected(cell));
    }
}

/// Every seat's health, to see who was hurt by a turn.
fn healths(lab: &Labyrinth) -> Vec<Option<Health>> {
    let Some(game) = lab.game.as_ref() else {
        return vec![];
    };
    (0..lab.queued.turns.len())
        .map(|s| game.player(pid(s)).map(|p| p.health))
        .collect()
}

/// A queue stops at its player's death (without a word: his death was told) and at a wound or an
/// illness, when he may want another plan (Б §5.5: a new cell after a wound).
fn halt_the_hurt(lab: &mut Labyrinth, cx: &mut Cx, before: &[Option<Health>]) {
    let now = healths(lab);
    for (seat, (was, is)) in before.iter().zip(&now).enumerate() {
        let (Some(was), Some(is)) = (was, is) else {
            continue;
        };
        if lab.queued.turns[seat].is_empty() || discriminant(was) == discriminant(is) {
            continue;
        }
        match is {
            Health::Dead => lab.queued.turns[seat].clear(),
            Health::Healthy => {}
            _ => halt(lab, cx, seat, Halt::Wounded),
        }
    }
}

/// Stops a seat's queue and tells him why, privately: where he is and how he is are his secrets.
fn halt(lab: &mut Labyrinth, cx: &mut Cx, seat: usize, why: Halt) {
    let dropped = lab.queued.turns[seat].len();
    lab.queued.turns[seat].clear();
    cx.changed();
    let s = cx.t.seats[seat].clone();
    let reason = match why {
        Halt::Wounded => t(s.lang, "lab-queue-halt-wounded", &[]),
        Halt::Asked => t(s.lang, "lab-queue-halt-asked", &[]),
        Halt::NotWhereExpected(cell) => t(
            s.lang,
            "lab-queue-halt-expect",
            args![("cell", cell.name().as_str().to_string())],
        ),
        Halt::Refused(text, refusal) => t(
            s.lang,
            "lab-queue-halt-refused",
            args![("order", clip(&text)), ("why", refusal)],
        ),
    };
    let text = t(
        s.lang,
        "lab-queue-halted",
        args![("why", reason), ("n", dropped)],
    );
    cx.user(&s.user, text);
}

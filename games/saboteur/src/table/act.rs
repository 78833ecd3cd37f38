//! Orders in, events out: a player's play at the table, a missed deadline, a player leaving.
//!
//! Every accepted order is one step: the engine plays it, its events are told (publicly or to
//! their player), the turn passes, and the next player is prompted privately with his cards.

use crate::game::{Game, Order, Phase};
use crate::locale::t;
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Out};
use bot_core::session::table::Stage;

use super::narrate;
use super::words;
use super::{Saboteur, pid, seat};

/// `/begin`: round 1 is dealt and the first player prompted.
pub(super) fn begin(sab: &mut Saboteur, cx: &mut Cx) {
    let n = cx.t.seats.len();
    let first = match sab.join_order {
        true => 0,
        false => (cx.draw() % n as u64) as usize,
    };
    let seed = shuffle_seed(sab.seed, cx);
    let game = match Game::new(n, pid(first), seed) {
        Ok(g) => g,
        // The session lets only 3–10 players begin, which the engine takes.
        Err(r) => return cx.group(narrate::refusal(&r, cx.t.lang)),
    };
    sab.game = Some(game);
    sab.missed = vec![0; n];
    // The group keeps a status card from the start (whose turn, broken tools, the deck, the
    // gold), brought up to date in place after every play.
    cx.t.status_card = true;
    cx.start_play();
    cx.next_turn();
    narrate::round_start(sab, cx);
    narrate::prompt(sab, cx);
}

/// A typed message, in the group or privately: an order if it reads as one.
pub(super) fn typed(sab: &mut Saboteur, cx: &mut Cx, msg: &Inbound, text: &str) {
    let Some(s) = cx.t.seat_of(&msg.user.0) else {
        return;
    };
    let Some(game) = sab.game.as_ref() else {
        return;
    };
    if cx.t.stage != Stage::Playing || cx.t.paused {
        return;
    }
    let names = names(cx);
    let order = match words::read(text, &names, game, pid(s)) {
        words::Read::Order(o) => o,
        // Talk among the players is not the master's business.
        words::Read::Talk => return,
        words::Read::Unclear => {
            let example = narrate::example(game);
            let lang = msg.lang.unwrap_or(cx.t.lang);
            return cx.push(Out::back(
                msg,
                t(lang, "sab-bad-order", bot_core::args![("example", example)]),
            ));
        }
    };
    if !msg.private && secret(&order) {
        let id = match order {
            Order::Take(_) => "sab-take-privately",
            _ => "sab-discard-privately",
        };
        return cx.push(Out::back(msg, t(cx.t.lang, id, &[])));
    }
    play(sab, cx, s, order, Some(msg));
}

/// An order whose card stays secret: only by private message.
fn secret(order: &Order) -> bool {
    matches!(order, Order::Discard(_) | Order::Take(_))
}

/// Every seat's name, as the engine's orders name players.
pub(super) fn names(cx: &Cx) -> Vec<String> {
    (0..cx.t.seats.len()).map(|i| cx.t.name(i)).collect()
}

/// Plays `order` for seat `s`: refused with its reason (to `msg`'s chat, or privately when it came
/// by a button), or played and told.
pub(super) fn play(sab: &mut Saboteur, cx: &mut Cx, s: usize, order: Order, msg: Option<&Inbound>) {
    let Some(game) = sab.game.as_mut() else {
        return;
    };
    let who = pid(s);
    if game.to_move() != Some(who) {
        let name = game
            .to_move()
            .map(|p| cx.t.name(seat(p)))
            .unwrap_or_default();
        let text = t(
            cx.t.lang,
            "sab-not-your-turn",
            bot_core::args![("name", name)],
        );
        return refuse(cx, s, msg, text);
    }
    // The draw is taken only for an order that is played, so a refusal leaves the table as it was.
    let draws = cx.t.draws;
    let seed = shuffle_seed(sab.seed, cx);
    let events = match game.play(who, &order, seed) {
        Ok(e) => e,
        Err(r) => {
            cx.t.draws = draws;
            let lang = cx.t.seats[s].lang;
            return refuse(cx, s, msg, narrate::refusal(&r, lang));
        }
    };
    let user = cx.t.seats[s].user.clone();
    cx.order(&user, &order.command(&names(cx)));
    if let Some(m) = sab.missed.get_mut(s) {
        *m = 0;
    }
    after(sab, cx, &events);
}

/// A seed for the engine's shuffles: from `seed=N` when the players fixed one, else the
/// session's draw.
fn shuffle_seed(fixed: Option<u64>, cx: &mut Cx) -> u64 {
    let drawn = cx.draw();
    match fixed {
        Some(s) => s.wrapping_add(cx.t.draws.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        None => drawn,
    }
}

/// A refusal: where the order came from, or privately for a button.
fn refuse(cx: &mut Cx, s: usize, msg: Option<&Inbound>, text: String) {
    match msg {
        Some(m) => cx.push(Out::back(m, text)),
        None => {
            let user = cx.t.seats[s].user.clone();
            cx.push(Out::user(&user, text));
        }
    }
}

/// After the engine played something: its events told, the turn passed, the game ended or the
/// next player prompted.
pub(super) fn after(sab: &mut Saboteur, cx: &mut Cx, events: &[crate::game::Event]) {
    cx.changed();
    cx.next_turn();
    narrate::events(sab, cx, events);
    let over = sab
        .game
        .as_ref()
        .is_none_or(|g| matches!(g.phase(), Phase::Over));
    if over {
        cx.finish();
    } else {
        narrate::prompt(sab, cx);
    }
}

/// The deadline passed: a card of his discarded face down (or the best gold taken for him), and,
/// after too many, he leaves the game.
pub(super) fn timeout(sab: &mut Saboteur, cx: &mut Cx, s: usize, remove_him: bool) {
    let seed = shuffle_seed(sab.seed, cx);
    let Some(game) = sab.game.as_mut() else {
        return;
    };
    if game.to_move() != Some(pid(s)) {
        return;
    }
    let sharing = matches!(game.phase(), Phase::Sharing);
    let mut events = game.timeout(seed);
    if let Some(m) = sab.missed.get_mut(s) {
        *m += 1;
    }
    let id = match sharing {
        true => "sab-timeout-share",
        false => "sab-timeout",
    };
    cx.group(t(cx.t.lang, id, bot_core::args![("name", cx.t.name(s))]));
    if remove_him && let Some(game) = sab.game.as_mut() {
        events.extend(game.remove(pid(s)));
    }
    after(sab, cx, &events);
}

/// He leaves (or is removed): his cards go to the discard pile and turns go round without him.
pub(super) fn remove(sab: &mut Saboteur, cx: &mut Cx, s: usize) {
    let Some(game) = sab.game.as_mut() else {
        return;
    };
    if game.players().get(s).is_none_or(|p| p.out) {
        return;
    }
    let events = game.remove(pid(s));
    after(sab, cx, &events);
}

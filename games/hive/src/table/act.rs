//! Moves in, the board out: the start, a move typed or pressed, the bot's reply, a missed
//! deadline, resigning and leaving.
//!
//! Every accepted move is one step: the engine plays it, the group sees it on the board, the
//! clock of the side that moved stops, and the other side is prompted — or, when the other side
//! is the bot, it answers at once in the same step.

use crate::locale::t;
use crate::{Color, Game, Move, search};
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Out};
use bot_core::session::table::Stage;

use super::offer::{self, Ask};
use super::words::{self, Read};
use super::{End, Hive, narrate};

/// `/begin`: the colours are given (as asked, or by lot), the clocks set, and White moves.
pub(super) fn begin(hive: &mut Hive, cx: &mut Cx) {
    let first = match hive.color {
        Some(c) => c,
        None if cx.draw() % 2 == 0 => Color::White,
        None => Color::Black,
    };
    let second = match hive.bot {
        Some(_) => None,
        None => Some(1),
    };
    hive.sides[first.index()] = Some(0);
    hive.sides[first.other().index()] = second;
    hive.game = Some(Game::new(hive.options()));
    hive.missed = vec![0; cx.t.seats.len()];
    let bank = hive.clock_ms.unwrap_or(0);
    hive.bank = [bank, bank];
    hive.since = cx.now;
    cx.start_play();
    narrate::start(hive, cx);
    if bot_to_move(hive) {
        bot_moves(hive, cx);
    }
    cx.next_turn();
    narrate::prompt(hive, cx);
}

/// A typed message, in the group or privately: a move or an offer, if it reads as one.
pub(super) fn typed(hive: &mut Hive, cx: &mut Cx, msg: &Inbound, text: &str) {
    let Some(s) = cx.t.seat_of(&msg.user.0) else {
        return;
    };
    if cx.t.stage != Stage::Playing || cx.t.paused || !hive.running() {
        return;
    }
    let Some(game) = hive.game.as_ref() else {
        return;
    };
    let lang = msg.lang.unwrap_or(cx.t.lang);
    match words::read(text, game) {
        Read::Talk => {}
        Read::Move(mv) => typed_move(hive, cx, s, &mv, msg),
        Read::Undo => offer::ask(hive, cx, msg, s, Ask::Undo),
        Read::Draw => offer::ask(hive, cx, msg, s, Ask::Draw),
        Read::Resign => resign(hive, cx, s),
        Read::Unclear(why) => {
            let example = narrate::example(game);
            let text = t(
                lang,
                "hive-bad-move",
                bot_core::args![("why", why.text(lang)), ("example", example)],
            );
            refuse(cx, msg, text);
        }
    }
}

/// A refusal, where the order came from.
pub(super) fn refuse(cx: &mut Cx, msg: &Inbound, text: String) {
    cx.push(Out::back(msg, text));
}

/// A move typed by seat `s` in notation: out of turn or unreadable, it is refused where it was
/// written; otherwise played as [`play`] plays it.
fn typed_move(hive: &mut Hive, cx: &mut Cx, s: usize, text: &str, msg: &Inbound) {
    let Some(game) = hive.game.as_ref() else {
        return;
    };
    let lang = msg.lang.unwrap_or(cx.t.lang);
    if hive.seat_of(game.to_move()) != Some(s) {
        let text = narrate::not_your_turn(hive, cx.t, lang);
        return refuse(cx, msg, text);
    }
    match game.parse_move(text) {
        Ok(mv) => play(hive, cx, s, mv, Some(msg)),
        Err(e) => {
            let example = narrate::example(game);
            let why = super::refusal::notation_error(&e, lang);
            let text = t(
                lang,
                "hive-bad-move",
                bot_core::args![("why", why), ("example", example)],
            );
            refuse(cx, msg, text);
        }
    }
}

/// Plays a move of seat `s`, whose turn it is (typed, or chosen by a button when `msg` is
/// `None`): refused with the rule it breaks, or played and shown, and the bot answers.
pub(super) fn play(hive: &mut Hive, cx: &mut Cx, s: usize, mv: Move, msg: Option<&Inbound>) {
    let Some(game) = hive.game.as_ref() else {
        return;
    };
    if let Err(r) = game.check(&mv) {
        let lang = msg.and_then(|m| m.lang).unwrap_or(cx.t.lang);
        let text = narrate::refusal(&r, &mv, lang);
        return match msg {
            Some(m) => refuse(cx, m, text),
            None => cx.push(Out::presser(text)),
        };
    }
    if let Some(m) = hive.missed.get_mut(s) {
        *m = 0;
    }
    let user = cx.t.seats[s].user.clone();
    moved(hive, cx, mv, Some(&user));
    if bot_to_move(hive) {
        bot_moves(hive, cx);
    }
    after(hive, cx);
}

/// Whether the side to move is the bot's.
fn bot_to_move(hive: &Hive) -> bool {
    let side = hive.game.as_ref().map(Game::to_move);
    hive.bot.is_some() && side.is_some_and(|c| hive.seat_of(c).is_none()) && hive.running()
}

/// The bot chooses and plays its move.
fn bot_moves(hive: &mut Hive, cx: &mut Cx) {
    let (Some(game), Some(level)) = (hive.game.as_ref(), hive.bot) else {
        return;
    };
    let Some(mv) = search::best_move(game, level) else {
        return;
    };
    moved(hive, cx, mv, None);
}

/// A legal move played: the clock of the side that moved stops, the offer lapses, the move is
/// logged and shown on the board.
fn moved(hive: &mut Hive, cx: &mut Cx, mv: Move, user: Option<&str>) {
    let Some(game) = hive.game.as_mut() else {
        return;
    };
    let side = game.to_move();
    let written = game.move_string(&mv);
    if game.play(mv).is_err() {
        // Checked legal a moment ago (or chosen from the legal moves by the bot).
        return;
    }
    if hive.clock_ms.is_some() {
        hive.bank[side.index()] -= (cx.now - hive.since).max(0);
    }
    hive.since = cx.now;
    hive.offer = None;
    cx.changed();
    if let Some(user) = user {
        cx.order(user, &format!("/move {written}"));
    }
    narrate::moved(hive, cx, side, &written);
}

/// After the moves of one step: the end told, or the turn passed and the next side prompted.
fn after(hive: &mut Hive, cx: &mut Cx) {
    if hive.winner().is_some() {
        narrate::result(hive, cx);
        cx.finish();
        return;
    }
    cx.next_turn();
    narrate::prompt(hive, cx);
}

/// The deadline passed: a loss on time with a clock or when the missed-turn policy says so;
/// otherwise a warning, and the same side has the move again with a fresh deadline.
pub(super) fn timeout(hive: &mut Hive, cx: &mut Cx, s: usize, remove: bool) {
    let Some(side) = hive.color_of(s) else { return };
    if !hive.running() || hive.game.as_ref().map(Game::to_move) != Some(side) {
        return;
    }
    if let Some(m) = hive.missed.get_mut(s) {
        *m += 1;
    }
    if remove || hive.clock_ms.is_some() {
        hive.end = Some(End::Time(side));
        cx.changed();
        narrate::result(hive, cx);
        cx.finish();
        return;
    }
    cx.changed();
    let text = t(
        cx.t.lang,
        "hive-missed",
        bot_core::args![
            ("name", cx.t.name(s)),
            ("n", hive.missed.get(s).copied().unwrap_or(0)),
            ("limit", cx.t.missed)
        ],
    );
    cx.group(text);
    cx.next_turn();
    narrate::prompt(hive, cx);
}

/// `/resign`, `/leave` or `/kick`: the side loses.
pub(super) fn resign(hive: &mut Hive, cx: &mut Cx, s: usize) {
    let Some(side) = hive.color_of(s) else { return };
    if !hive.running() {
        return;
    }
    hive.end = Some(End::Resigned(side));
    cx.changed();
    narrate::result(hive, cx);
    cx.finish();
}

//! The Labyrinth in play: orders in the group, requests in private, the master's answers to each
//! audience, missed turns, and the end with the maze revealed.

use crate::game::event::Removal;
use crate::game::narrate::{Words, status_text_in};
use crate::game::order::{Order, Pick};
use crate::game::parse::Request;
use crate::game::{Game, Phase, PlayerId, Refusal};
use crate::locale::t;
use crate::ruleset::Code;
use bot_core::args;
use bot_core::i18n::Localize;
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Out};
use bot_core::session::table::Stage;

use super::names::find_player;
use super::tell::{settle, tell};
use super::{Labyrinth, chatter, fault, pid, queue};

/// What the turn buttons do: the four moves, the four shots, and one's own status.
const MOVES: &[(&str, &str)] = &[("⬆", "up"), ("⬇", "down"), ("⬅", "left"), ("➡", "right")];

/// The moves of a maze of levels (the encyclopedia's modification 12): along a level by the
/// compass, which means the same there, and up and down the stairs.
const MOVES_ON_LEVELS: &[(&str, &str)] = &[
    ("⬆", "north"),
    ("⬇", "south"),
    ("⬅", "left"),
    ("➡", "right"),
    ("⏫", "up"),
    ("⏬", "down"),
];

/// The move buttons of this maze.
fn moves(lab: &Labyrinth) -> &'static [(&'static str, &'static str)] {
    if lab.levels() > 1 {
        MOVES_ON_LEVELS
    } else {
        MOVES
    }
}

/// The buttons of a turn, as label and action: each a whole turn the ruleset accepts. A shot
/// alone is one in the quantum code (В: one action a turn); in the classic code a turn needs its
/// one movement (Б §2.1), so a shot button aims, and asks where to go after the shot.
pub(super) fn turn_buttons(lab: &Labyrinth, cx: &Cx) -> Vec<Vec<(String, String)>> {
    let walks = moves(lab)
        .iter()
        .map(|(label, dir)| (label.to_string(), format!("go {dir}")))
        .collect();
    let shot = match lab.rules.code {
        Code::Quantum | Code::Wiki => "shoot",
        Code::Classic => AIM,
    };
    let shots = moves(lab)
        .iter()
        .map(|(label, dir)| (format!("🔫{label}"), format!("{shot} {dir}")))
        .collect();
    let status = vec![(
        t(cx.t.lang, "lab-table-status-button", &[]),
        "status".to_string(),
    )];
    vec![walks, shots, status]
}

/// The action of a classic shot button: the shot waits for its movement.
const AIM: &str = "aim";

/// A turn button pressed (the session checked it is the presser's turn): an aim asks for the
/// movement that makes the turn whole, with a button for each; anything else is the order it says.
pub(super) fn press(lab: &mut Labyrinth, cx: &mut Cx, msg: &Inbound, action: &str) {
    let aimed = action.strip_prefix(AIM).map(str::trim);
    let moves = moves(lab);
    let Some((label, dir)) = aimed.and_then(|d| moves.iter().find(|(_, dir)| *dir == d)) else {
        return group_text(lab, cx, msg, action);
    };
    let then = moves
        .iter()
        .map(|(l, d)| {
            cx.turn_button(
                format!("🔫{label} {l}"),
                &format!("shoot {dir} then go {d}"),
            )
        })
        .collect();
    let text = t(
        cx.t.lang,
        "lab-table-aim-then",
        args![("name", msg.name.clone()), ("shot", format!("🔫{label}"))],
    );
    cx.push(Out::group(text).with_buttons(vec![then]));
}

/// What a player writes privately in play: his status (Б §6.4), a re-order (Б §5.5).
pub(super) fn private_request(
    lab: &mut Labyrinth,
    cx: &mut Cx,
    msg: &Inbound,
    p: PlayerId,
    text: &str,
) {
    let seat = cx.t.seats[usize::from(p.0)].clone();
    if lab.options.queue && !cx.t.paused && queue::offer(lab, cx, msg, p, text) {
        return;
    }
    let request = lab.parse(text);
    if let Ok(Request::Status) = request {
        return cx.user(&seat.user, status_text(lab, p, seat.lang));
    }
    let Some(game) = lab.game.as_mut() else {
        return;
    };
    match request {
        Err(e) => cx.user(&seat.user, e.localize(seat.lang)),
        Ok(Request::Status) => {}
        Ok(Request::Reorder(cell)) => {
            let before = turn_of(game);
            match game.reorder(p, cell) {
                Ok(told) => {
                    lab.track(cx.t.seats.len());
                    tell(lab, cx, &told, None);
                    cx.order(&seat.user, text);
                    cx.changed();
                    turn_passed(lab, cx, before);
                    settle(lab, cx);
                    if lab.options.queue {
                        queue::advance(lab, cx);
                    }
                }
                Err(r) => cx.user(&seat.user, r.localize(seat.lang)),
            }
        }
        Ok(Request::Choose(pick)) if game.choosing().is_some_and(|c| c.who == p) => {
            choose(lab, cx, p, pick, text)
        }
        Ok(Request::Help) => cx.user(&seat.user, t(seat.lang, "lab-table-orders-help", &[])),
        Ok(_) => cx.user(&seat.user, t(seat.lang, "lab-table-orders-in-group", &[])),
    }
}

/// A text in the group while a game runs: an order, or a question to the master.
pub(super) fn group_text(lab: &mut Labyrinth, cx: &mut Cx, msg: &Inbound, text: &str) {
    let lang = cx.t.lang;
    let seat = cx.t.seat_of(&msg.user.0).map(pid);
    if cx.t.stage != Stage::Playing {
        // A player's order before play begins is refused with the reason; other chatter is not
        // the master's business.
        if cx.t.stage == Stage::Setup
            && seat.is_some()
            && matches!(lab.parse(text), Ok(Request::Order(_)))
        {
            cx.group(t(lang, "lab-table-not-started", &[]));
        }
        return;
    }
    let request = lab.parse(text);
    let Some(p) = seat else {
        // Strangers' chatter is not the master's business; their orders are refused.
        if matches!(request, Ok(Request::Order(_))) {
            cx.group(t(
                lang,
                "lab-table-stranger",
                args![("name", msg.name.clone())],
            ));
        }
        return;
    };
    // Queued play reads its own phrases ("expect C3"), which the plain reader does not know: its
    // reader tells talk apart itself.
    if let Err(e) = &request
        && !lab.options.queue
        && chatter::is_chatter(e, text)
    {
        return chatter::answer(lab, cx, p, e);
    }
    if cx.t.paused {
        cx.group(t(lang, "lab-table-paused", &[]));
        return;
    }
    if lab.options.queue && queue::offer(lab, cx, msg, p, text) {
        return;
    }
    match request {
        Err(e) => cx.group(e.localize(lang)),
        Ok(Request::Order(parsed)) => match parsed.resolve(|name| find_player(cx.t, name)) {
            Err(e) => cx.group(e.localize(lang)),
            Ok(order) => play(lab, cx, p, &order, text),
        },
        Ok(Request::Status) => {
            let seat = cx.t.seats[usize::from(p.0)].clone();
            cx.user(&seat.user, status_text(lab, p, seat.lang));
        }
        Ok(Request::Reorder(_)) => cx.group(t(lang, "lab-table-reorder-privately", &[])),
        Ok(Request::Choose(pick)) => choose(lab, cx, p, pick, text),
        Ok(Request::LastMove(name)) => {
            let who = name.and_then(|n| find_player(cx.t, &n));
            let last = match who {
                Some(w) => lab.last_moves.get(usize::from(w.0)).cloned().flatten(),
                None => lab.last_moves.iter().flatten().last().cloned(),
            };
            let text = last.unwrap_or_else(|| t(lang, "lab-table-no-last-move", &[]));
            cx.group(text);
        }
        Ok(Request::Help) => cx.group(t(lang, "lab-table-orders-help", &[])),
    }
}

/// A player's status, told privately (Б §6.4); in queued play with his queue.
pub(super) fn status_text(lab: &Labyrinth, p: PlayerId, lang: bot_core::i18n::Lang) -> String {
    let mut text = match lab.game.as_ref().map(|game| game.status(p)) {
        Some(Ok(s)) => status_text_in(&s, lang, Words::of(lab.rules.code)),
        Some(Err(r)) => r.localize(lang),
        None => String::new(),
    };
    if let Some(line) = queue::status_line(lab, usize::from(p.0), lang) {
        text.push('\n');
        text.push_str(&line);
    }
    text
}

/// Carries out an order, or refuses it changing nothing.
fn play(lab: &mut Labyrinth, cx: &mut Cx, p: PlayerId, order: &Order, text: &str) {
    let lang = cx.t.lang;
    let Some(game) = lab.game.as_mut() else {
        return;
    };
    let before = turn_of(game);
    match game.play(p, order) {
        Err(r) => {
            let why = fault::too_many(lab, text, r, lang).unwrap_or_else(|| r.localize(lang));
            cx.group(why)
        }
        Ok(told) => {
            lab.track(cx.t.seats.len());
            let user = cx.t.seats[usize::from(p.0)].user.clone();
            cx.order(&user, text);
            tell(lab, cx, &told, Some(p));
            cx.changed();
            turn_passed(lab, cx, before);
            settle(lab, cx);
        }
    }
}

/// The answer to the master's "which treasure?" (Б §5.8), which ends the turn; with no question
/// waiting, how to say the choice with the order instead.
fn choose(lab: &mut Labyrinth, cx: &mut Cx, p: PlayerId, pick: Pick, text: &str) {
    let lang = cx.t.lang;
    let Some(game) = lab.game.as_mut() else {
        return;
    };
    let before = turn_of(game);
    match game.choose(p, pick) {
        Err(Refusal::NothingToChoose) => cx.group(t(lang, "lab-table-choose-in-order", &[])),
        Err(r) => cx.group(r.localize(lang)),
        Ok(told) => {
            lab.track(cx.t.seats.len());
            let user = cx.t.seats[usize::from(p.0)].user.clone();
            cx.order(&user, text);
            // The order's own answer stays his last move (Б §6.3); this only completes it.
            tell(lab, cx, &told, None);
            cx.changed();
            turn_passed(lab, cx, before);
            settle(lab, cx);
            if lab.options.queue {
                queue::advance(lab, cx);
            }
        }
    }
}

/// Whose turn and which round: a change means a new turn and a new deadline.
fn turn_of(game: &Game) -> (Option<PlayerId>, u32, Phase) {
    (game.current(), game.round(), game.phase())
}

fn turn_passed(lab: &Labyrinth, cx: &mut Cx, before: (Option<PlayerId>, u32, Phase)) {
    if let Some(game) = &lab.game
        && turn_of(game) != before
    {
        cx.next_turn();
    }
}

/// Skips a player's turn for the deadline (or an admin's `/skip`); `remove` when he missed too
/// many.
pub(super) fn timeout(lab: &mut Labyrinth, cx: &mut Cx, cur: PlayerId, remove: bool) {
    let Some(game) = lab.game.as_mut() else {
        return;
    };
    let before = turn_of(game);
    // The miss that reaches the limit removes him on his own turn, before it passes on: "bob is
    // out of the game. cid, your move." rather than the other way round.
    let told = if remove {
        game.remove(cur, Removal::MissedTurns)
    } else {
        game.skip_for_deadline(cur)
    };
    tell(lab, cx, &told, None);
    cx.changed();
    turn_passed(lab, cx, before);
    settle(lab, cx);
}

/// `/kick NAME` or `/leave` in play: out of the game, a corpse left behind.
pub(super) fn remove(lab: &mut Labyrinth, cx: &mut Cx, p: PlayerId) {
    let Some(game) = lab.game.as_mut() else {
        return;
    };
    let before = turn_of(game);
    let told = game.remove(p, Removal::Left);
    tell(lab, cx, &told, None);
    cx.changed();
    turn_passed(lab, cx, before);
    settle(lab, cx);
}

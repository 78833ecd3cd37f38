//! A button pressed at Saboteur's table: a card shown with where it may go, a card discarded, an
//! order played, the hand shown again. What the buttons are is [`super::buttons`].

use crate::card::{Action, Card};
use crate::game::{Order, Phase};
use crate::locale::t;
use bot_core::session::chat::{Button, Inbound};
use bot_core::session::game::{Cx, Out};

use super::buttons::{HAND, ROW, hand_rows, plays};
use super::{Saboteur, act, cards, pid, view};

/// A button pressed (the session checked it is this turn's and the presser's).
pub(super) fn press(sab: &mut Saboteur, cx: &mut Cx, msg: &Inbound, action: &str) {
    let Some(s) = cx.t.seat_of(&msg.user.0) else {
        return;
    };
    let Some(game) = sab.game.as_ref() else {
        return;
    };
    if action == HAND {
        return show_hand(sab, cx, s);
    }
    let (kind, n) = action.split_at(1.min(action.len()));
    let Ok(n) = n.parse::<usize>() else { return };
    match kind {
        "c" => targets(sab, cx, s, n),
        "d" => {
            let Some(c) = game.players()[s].hand.get(n).cloned() else {
                return;
            };
            act::play(sab, cx, s, Order::Discard(c), None);
        }
        "m" => {
            let Some(order) = game.legal().get(n).cloned() else {
                return;
            };
            act::play(sab, cx, s, order, None);
        }
        "h" => show_hand(sab, cx, s),
        _ => {}
    }
}

/// His cards, privately: with their buttons when it is his turn to play.
fn show_hand(sab: &Saboteur, cx: &mut Cx, s: usize) {
    let Some(game) = &sab.game else { return };
    let Some(me) = game.players().get(s) else {
        return;
    };
    let lang = cx.t.seats[s].lang;
    let mine = game.to_move() == Some(pid(s)) && matches!(game.phase(), Phase::Playing);
    let mut out = Out::user(&cx.t.seats[s].user, cards::hand(&me.hand, lang));
    out.payload.picture = Some(view::hand(&me.hand));
    if mine {
        out = out.with_buttons(hand_rows(game, cx, s));
    }
    cx.push(out);
}

/// A card chosen: where it may go, as buttons (and, for a path card or a rockfall, cells marked
/// on the map), with "discard it" and "back".
fn targets(sab: &Saboteur, cx: &mut Cx, s: usize, i: usize) {
    let Some(game) = &sab.game else { return };
    let Some(c) = game.players()[s].hand.get(i).cloned() else {
        return;
    };
    let lang = cx.t.seats[s].lang;
    let names = act::names(cx);
    let legal = game.legal();
    let mut marks: Vec<((i32, i32), String)> = vec![];
    let buttons: Vec<Button> = (legal.iter().enumerate())
        .filter(|(_, o)| plays(o, &c))
        .map(|(k, o)| {
            let label = match o {
                Order::Path { cell, rotated, .. } => {
                    marks.push(((cell.x, cell.y), cell.to_string()));
                    match rotated {
                        true => format!("{cell} ↻"),
                        false => cell.to_string(),
                    }
                }
                Order::Rockfall(cell) | Order::Map(cell) => {
                    marks.push(((cell.x, cell.y), cell.to_string()));
                    cell.to_string()
                }
                Order::Break(_, p) | Order::Fix(_, p) => names[usize::from(p.0)].clone(),
                Order::FixEither { target, tool, .. } => format!(
                    "{}: {}",
                    names[usize::from(target.0)],
                    cards::tool(*tool, lang)
                ),
                _ => o.command(&names),
            };
            cx.turn_button(label, &format!("m{k}"))
        })
        .collect();
    let label = cards::card(&c, lang);
    let id = match (&buttons.is_empty(), &c) {
        (true, _) => "sab-cannot-play",
        (false, Card::Action(Action::Break(_) | Action::Fix(_) | Action::FixEither(..))) => {
            "sab-choose-player"
        }
        _ => "sab-choose-target",
    };
    let mut rows: Vec<Vec<Button>> = buttons.chunks(ROW).map(<[Button]>::to_vec).collect();
    rows.push(vec![
        cx.turn_button(t(lang, "sab-discard-button", &[]), &format!("d{i}")),
        cx.turn_button(t(lang, "sab-back-button", &[]), "h0"),
    ]);
    let mut out = Out::user(
        &cx.t.seats[s].user,
        t(lang, id, bot_core::args![("card", label)]),
    );
    if !marks.is_empty() {
        out.payload.picture = Some(view::map(game, sab.last, &marks));
    }
    cx.push(out.with_buttons(rows));
}

//! Buttons of Saboteur: the group's "my cards", and in the private chat a card per button, then
//! where it goes (cells marked on the map, players, goals), then the play.
//!
//! A press names a card by its place in the hand (`c2`), or an order by its place in the
//! engine's list of legal orders (`m14`): both lists stand still until the turn passes, and a
//! press of an older turn is refused by the session before it gets here.

use crate::saboteur::card::{Action, Card};
use crate::saboteur::game::{Game, Order, Phase};
use crate::session::chat::{Button, Inbound};
use crate::session::game::{Cx, Out};
use crate::session::text::t;

use super::{Saboteur, act, narrate, pid, view};

/// The free press that shows a player his cards, whoever's turn it is.
pub(super) const HAND: &str = "hand";

/// Buttons per row in a private chat.
const ROW: usize = 4;

/// The group's button under "your move": anyone may look at his own cards.
pub(super) fn group(_sab: &Saboteur, cx: &Cx) -> Vec<Vec<(String, String)>> {
    vec![vec![(t(cx.t.lang, "sab-my-cards", &[]), HAND.to_string())]]
}

/// A card per button, numbered as the hand's picture numbers them.
pub(super) fn hand_rows(game: &Game, cx: &Cx, s: usize) -> Vec<Vec<Button>> {
    let lang = cx.t.seats[s].lang;
    let hand = &game.players()[s].hand;
    let buttons: Vec<Button> = (hand.iter().enumerate())
        .map(|(i, c)| {
            cx.turn_button(
                format!("{} {}", i + 1, narrate::card(c, lang)),
                &format!("c{i}"),
            )
        })
        .collect();
    let mut rows: Vec<Vec<Button>> = buttons.chunks(2).map(<[Button]>::to_vec).collect();
    if game.legal().contains(&Order::Pass) {
        rows.push(vec![cx.turn_button("/pass", &index_of(game, &Order::Pass))]);
    }
    rows
}

/// The gold offered, a button per value.
pub(super) fn take_rows(game: &Game, cx: &Cx) -> Vec<Vec<Button>> {
    let buttons: Vec<Button> = (game.legal().iter().enumerate())
        .filter_map(|(k, o)| match o {
            Order::Take(v) => Some(cx.turn_button(format!("💰 {v}"), &format!("m{k}"))),
            _ => None,
        })
        .collect();
    vec![buttons]
}

fn index_of(game: &Game, order: &Order) -> String {
    let k = game.legal().iter().position(|o| o == order).unwrap_or(0);
    format!("m{k}")
}

/// Whether a legal order plays the hand's card `c`.
fn plays(order: &Order, c: &Card) -> bool {
    match (order, c) {
        (Order::Path { card, .. }, Card::Path(p)) => card == p,
        (Order::Rockfall(_), Card::Action(Action::Rockfall)) => true,
        (Order::Map(_), Card::Action(Action::Map)) => true,
        (Order::Break(x, _), Card::Action(Action::Break(y))) => x == y,
        (Order::Fix(x, _), Card::Action(Action::Fix(y))) => x == y,
        (Order::FixEither { card, .. }, Card::Action(Action::FixEither(a, b))) => *card == (*a, *b),
        _ => false,
    }
}

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
    let mut out = Out::user(&cx.t.seats[s].user, narrate::hand(&me.hand, lang));
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
                    narrate::tool(*tool, lang)
                ),
                _ => o.command(&names),
            };
            cx.turn_button(label, &format!("m{k}"))
        })
        .collect();
    let label = narrate::card(&c, lang);
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
        t(lang, id, crate::args![("card", label)]),
    );
    if !marks.is_empty() {
        out.payload.picture = Some(view::map(game, sab.last, &marks));
    }
    cx.push(out.with_buttons(rows));
}

//! Buttons of Saboteur: the group's "my cards", and in the private chat a card per button, then
//! where it goes (cells marked on the map, players, goals), then the play. What a press does is
//! [`super::press`].
//!
//! A press names a card by its place in the hand (`c2`), or an order by its place in the
//! engine's list of legal orders (`m14`): both lists stand still until the turn passes, and a
//! press of an older turn is refused by the session before it gets here.

use crate::card::{Action, Card};
use crate::game::{Game, Order};
use crate::locale::t;
use bot_core::session::chat::Button;
use bot_core::session::game::Cx;

use super::{Saboteur, cards};

/// The free press that shows a player his cards, whoever's turn it is.
pub(super) const HAND: &str = "hand";

/// Buttons per row in a private chat.
pub(super) const ROW: usize = 4;

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
                format!("{} {}", i + 1, cards::card(c, lang)),
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
pub(super) fn plays(order: &Order, c: &Card) -> bool {
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

//! Offers between the two sides: taking back a move and a draw, each made by one side and
//! accepted by the other (Hive: «Конец игры» — a draw by agreement). Against the bot an undo
//! needs no answer: the bot always agrees, and takes its own reply back too.

use serde::{Deserialize, Serialize};

use crate::Color;
use crate::locale::t;
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Out};

use super::{End, Hive, narrate};

/// What one side asks of the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ask {
    /// To take back the asker's last move (and the reply to it).
    Undo,
    /// To end the game as a draw.
    Draw,
}

/// An offer made and not yet answered; a move played since makes it void.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// What is asked.
    pub ask: Ask,
    /// The side asking.
    pub by: Color,
    /// Moves played when it was made.
    pub plies: usize,
}

/// The answer buttons' actions.
const YES: &str = "yes";
const NO: &str = "no";

/// Whether a button is an answer to an offer: pressed by the side asked, not the one to move.
pub(super) fn is_answer(action: &str) -> bool {
    action == YES || action == NO
}

/// The offer still standing: none once a move was played after it.
fn standing(hive: &Hive) -> Option<Offer> {
    let plies = hive.game.as_ref()?.history().len();
    hive.offer.filter(|o| o.plies == plies)
}

/// `/undo` or `/draw` by seat `s`: against the bot done at once (an undo) or refused (a draw);
/// the other side's same offer standing is accepted; otherwise the offer is made.
pub(super) fn ask(hive: &mut Hive, cx: &mut Cx, msg: &Inbound, s: usize, ask: Ask) {
    let Some(me) = hive.color_of(s) else { return };
    let lang = cx.t.lang;
    let Some(game) = hive.game.as_ref() else {
        return;
    };
    if ask == Ask::Undo && plies_back(game.history().len(), me) == 0 {
        return cx.push(Out::back(msg, t(lang, "hive-nothing-to-undo", &[])));
    }
    if hive.bot.is_some() {
        return match ask {
            Ask::Undo => take_back(hive, cx, me),
            Ask::Draw => cx.push(Out::back(msg, t(lang, "hive-bot-no-draw", &[]))),
        };
    }
    if let Some(o) = standing(hive).filter(|o| o.by != me && o.ask == ask) {
        return accept(hive, cx, o);
    }
    let plies = game.history().len();
    hive.offer = Some(Offer { ask, by: me, plies });
    cx.changed();
    let other = hive.seat_of(me.other()).map(|o| cx.t.name(o));
    let id = match ask {
        Ask::Undo => "hive-undo-asked",
        Ask::Draw => "hive-draw-offered",
    };
    let text = t(
        lang,
        id,
        bot_core::args![("name", cx.t.name(s)), ("other", other.unwrap_or_default())],
    );
    let buttons = vec![vec![
        cx.turn_button(t(lang, "hive-yes", &[]), YES),
        cx.turn_button(t(lang, "hive-no", &[]), NO),
    ]];
    cx.push(bot_core::session::game::Out::group(text).with_buttons(buttons));
}

/// A press of "yes" or "no" under an offer, by seat `s`: only the side asked may answer.
pub(super) fn answer(hive: &mut Hive, cx: &mut Cx, s: usize, action: &str) {
    let Some(o) = standing(hive) else {
        return cx.push(bot_core::session::game::Out::presser(t(
            cx.t.lang,
            "hive-no-offer",
            &[],
        )));
    };
    if hive.color_of(s) != Some(o.by.other()) {
        return cx.push(bot_core::session::game::Out::presser(t(
            cx.t.lang,
            "hive-not-yours-to-answer",
            &[],
        )));
    }
    if action == YES {
        return accept(hive, cx, o);
    }
    hive.offer = None;
    cx.changed();
    let text = t(
        cx.t.lang,
        "hive-offer-declined",
        bot_core::args![("name", cx.t.name(s))],
    );
    cx.group(text);
}

/// The other side agreed.
fn accept(hive: &mut Hive, cx: &mut Cx, o: Offer) {
    hive.offer = None;
    match o.ask {
        Ask::Undo => take_back(hive, cx, o.by),
        Ask::Draw => {
            hive.end = Some(End::Agreed);
            cx.changed();
            narrate::result(hive, cx);
            cx.finish();
        }
    }
}

/// How many moves to take back so that `side`'s last move is undone: it and every move after it.
/// Move `i` (from 0) was White's when `i` is even, passes included.
pub(super) fn plies_back(played: usize, side: Color) -> usize {
    (0..played)
        .rev()
        .find(|i| i % 2 == side.index())
        .map_or(0, |i| played - i)
}

/// Takes back `side`'s last move and what followed; the board is shown again and `side` moves.
fn take_back(hive: &mut Hive, cx: &mut Cx, side: Color) {
    let Some(game) = hive.game.as_mut() else {
        return;
    };
    let n = plies_back(game.history().len(), side);
    for _ in 0..n {
        game.undo();
    }
    hive.offer = None;
    hive.since = cx.now;
    cx.changed();
    let name = hive.seat_of(side).map(|s| cx.t.name(s)).unwrap_or_default();
    let text = t(
        cx.t.lang,
        "hive-undone",
        bot_core::args![("name", name), ("n", n)],
    );
    let mut out = bot_core::session::game::Out::group(text);
    out.payload.picture = Some(super::view::board(hive, &[], None));
    cx.push(out);
    cx.next_turn();
    narrate::prompt(hive, cx);
}

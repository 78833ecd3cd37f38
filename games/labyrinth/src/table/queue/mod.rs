//! Queued play (`queue=on`): the play-by-message way of seed 004 made an option of the Kodex's
//! rulesets. "Если игрок хочет сделать сразу несколько ходов — его право": a player sends the orders
//! of several turns at once, whenever he likes, in the group or privately, and the master plays each
//! when its turn comes.
//!
//! The turn order of Б §6.1 stays: a round is every player's turn in that order. What changes is
//! the waiting. A round runs as far as the queued orders carry it; it waits for the players who
//! still have nothing queued until the round's deadline, and then goes on without them, skipping
//! their turns (they stand still). A queue stops where the player would want to think again: at his
//! death, at a wound (he may choose a new cell, Б §5.5), at the master's question which treasure he
//! takes (Б §5.8), at an order the rules refuse when its turn comes, and where he said which cell
//! he expected to be on and is elsewhere.

mod read;
mod run;

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::game::{PlayerId, Refusal};
use crate::geometry::Coord;
use crate::locale::t;
use bot_core::args;
use bot_core::i18n::{Lang, Localize};
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Out};

use super::names::find_player;
use super::{Labyrinth, chatter};
use read::{Misread, read};
use run::{queue_of, take};

pub(super) use run::{advance, awaited, lapse, leave};

/// The most turns one message may queue.
pub const MAX_TURNS: usize = 20;

/// One turn's order, as the player wrote it, and where he expects to be after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queued {
    /// The order's words, read again when its turn comes (a shot's named target is found then).
    pub text: String,
    /// "Если игрок указывает, на какой клетке, по его мнению, он оказывается после очередного хода,
    /// то в случае ошибки последовательность прекращается."
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expect: Option<Coord>,
}

/// Every seat's queued turns, and whose round deadline passed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queues {
    /// Each seat's turns still to play, the next first.
    pub turns: Vec<VecDeque<Queued>>,
    /// Seats whose round deadline passed with nothing queued: when their turn comes it is skipped,
    /// and with `true` they are out for the missed turns.
    pub lapsed: Vec<Option<bool>>,
}

impl Queues {
    /// Whether nothing is queued or lapsed (so a table saves as before queued play).
    pub fn is_empty(&self) -> bool {
        self.turns.iter().all(VecDeque::is_empty) && self.lapsed.iter().all(Option::is_none)
    }

    /// Room for `seats` seats.
    fn fit(&mut self, seats: usize) {
        self.turns.resize(seats, VecDeque::new());
        self.lapsed.resize(seats, None);
    }
}

/// Why a queue stopped before its end; its player is told, and sends a new one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Halt {
    /// He was wounded: the turn after a wound may be a new start cell (Б §5.5).
    Wounded,
    /// He was not on the cell he said he expected.
    NotWhereExpected(Coord),
    /// The master asks which treasure he takes (Б §5.8): his answer first, then new orders.
    Asked,
    /// The rules refused the order when its turn came, with the refusal told.
    Refused(String, String),
}

/// A message of a seated player in queued play, if it is orders: read, queued in place of what he
/// had left, and played as far as the turn order allows. `false`: it asks something else of the
/// master (his status, a new cell, the last move), answered as in play by turns.
pub(super) fn offer(
    lab: &mut Labyrinth,
    cx: &mut Cx,
    msg: &Inbound,
    p: PlayerId,
    text: &str,
) -> bool {
    let seat = usize::from(p.0);
    let lang = match msg.private {
        true => cx.t.seats[seat].lang,
        false => cx.t.lang,
    };
    let Some(game) = lab.game.as_ref() else {
        return false;
    };
    let find = |name: &str| find_player(cx.t, name);
    let turns = match read(lab, game, text, &find) {
        Ok(None) => return false,
        Ok(Some(turns)) => turns,
        // Talk among players in the group, as in play by turns.
        Err(Misread::Whole(e)) if !msg.private && chatter::is_chatter(&e, text) => {
            chatter::answer(lab, cx, p, &e);
            return true;
        }
        Err(why) => {
            cx.push(Out::back(msg, why.localize(lang)));
            return true;
        }
    };
    if !game.active(p) {
        cx.push(Out::back(msg, Refusal::NotAPlayer.localize(lang)));
        return true;
    }
    take(lab, cx.t.seats.len(), seat, turns);
    cx.order(&msg.user.0, text);
    cx.changed();
    advance(lab, cx);
    let left = queue_of(lab, seat).len();
    let name = cx.t.name(seat);
    if left > 0 {
        let text = t(
            lang,
            "lab-queue-waiting",
            args![("name", name), ("n", left)],
        );
        cx.push(Out::back(msg, text));
    } else if msg.private {
        cx.push(Out::back(msg, t(lang, "lab-queue-played", &[])));
    }
    true
}

/// A seat's queue in a line of his status: "Queued: «up», «up», «left»".
pub(super) fn status_line(lab: &Labyrinth, seat: usize, lang: Lang) -> Option<String> {
    if !lab.options.queue {
        return None;
    }
    let turns = queue_of(lab, seat);
    if turns.is_empty() {
        return Some(t(lang, "lab-queue-status-empty", &[]));
    }
    let list: Vec<String> = turns
        .iter()
        .map(|q| match q.expect {
            Some(cell) => format!("«{}» → {}", q.text, cell.name().as_str()),
            None => format!("«{}»", q.text),
        })
        .collect();
    Some(t(
        lang,
        "lab-queue-status",
        args![("turns", list.join(", "))],
    ))
}

//! Talk among players in the group, told apart from orders: the master answers what he did not
//! understand only from the player whose turn it is, and once a turn, so that players may talk
//! beside the game without a reply to every line.

use crate::game::PlayerId;
use crate::game::parse::{ParseError, Problem};
use bot_core::i18n::Localize;
use bot_core::session::game::{Cx, Play, Waiting};

use super::Labyrinth;

/// Whether a message in the group is talk, not an order: its first word begins none, and it was
/// not sent to the master as a command (`/move hello`, or words addressed to the bot, which the
/// adapters pass on as `/move`).
pub(super) fn is_chatter(e: &ParseError, text: &str) -> bool {
    let first_word = e.at().is_some_and(|a| a.word == 1);
    !text.trim_start().starts_with('/')
        && match e.problem() {
            Problem::Empty => true,
            Problem::NotUnderstood(_) => first_word,
            _ => false,
        }
}

/// Talk of a seated player in the group: the reader's answer `e` is given only when it is his
/// turn (he may have meant an order), and once a turn, not to every line.
pub(super) fn answer(lab: &mut Labyrinth, cx: &mut Cx, p: PlayerId, e: &ParseError) {
    let seat = usize::from(p.0);
    let awaited = match lab.waiting(cx.t) {
        Waiting::Turn(s) | Waiting::Private(s) => s == seat,
        // Queued play waits for every player whose queue ran out; his turn is the one whose move
        // the round waits for.
        Waiting::Each(_) if lab.options.queue => lab.current(cx.t) == Some(seat),
        Waiting::Each(seats) => seats.contains(&seat),
        Waiting::Nobody | Waiting::Free => false,
    };
    let now = moment(cx.t.turn_no, seat);
    if !awaited || cx.t.paused || lab.chatter_answered == Some(now) {
        return;
    }
    lab.chatter_answered = Some(now);
    cx.changed();
    cx.group(e.localize(cx.t.lang));
}

/// A player's turn as one number: the table's turn count and his seat. Queued play counts turns by
/// rounds, in which every player has one.
fn moment(turn_no: u64, seat: usize) -> u64 {
    (turn_no << 16) | (seat as u64 & 0xffff)
}

//! The game's events told at the table, each to its audience in his language, and what follows
//! anything that changed the game: the paths recorded, the end revealed once it came. Both a
//! single order ([`super::play`]) and a queue of them ([`super::queue`]) end here.

use crate::game::Phase;
use crate::game::PlayerId;
use crate::game::event::{Audience, Event, Told};
use crate::game::narrate::{Words, narrate_in};
use crate::locale::t;
use bot_core::args;
use bot_core::session::chat::Payload;
use bot_core::session::game::{Cx, Dest, Out};
use bot_core::session::table::{Seating, Stage};

use super::{Labyrinth, reveal};

/// The master tells a turn's events, each to its audience; the public part is remembered as the
/// player's last move (Б §6.3).
pub(super) fn tell(lab: &mut Labyrinth, cx: &mut Cx, told: &[Told], mover: Option<PlayerId>) {
    let table = &*cx.t;
    let names = |p: PlayerId| table.name(usize::from(p.0));
    // Each audience in its own language: the group in the game's, a player privately in his.
    let lang_of = |to: Audience| match to {
        Audience::All => table.lang,
        Audience::Player(p) => table
            .seats
            .get(usize::from(p.0))
            .map_or(table.lang, |s| s.lang),
    };
    let words = Words::of(lab.rules.code);
    let mut outs = vec![];
    for chunk in told.chunk_by(|a, b| a.to == b.to) {
        for (to, text) in narrate_in(chunk, lang_of(chunk[0].to), words, &names) {
            match to {
                Audience::All => outs.push(Out::group(text)),
                Audience::Player(p) => {
                    if let Some(s) = table.seats.get(usize::from(p.0)) {
                        outs.push(Out::user(&s.user, text));
                    }
                }
            }
        }
    }
    for out in outs {
        cx.push(out);
    }
    if let Some(p) = mover {
        remember_move(lab, cx.t, told, p);
    }
}

/// Keeps a player's last move for a repeat (Б §6.3): its own public answer, without the turn
/// passing on ("Round 3. bob, your move."), which a repeat asked for later would tell wrongly.
fn remember_move(lab: &mut Labyrinth, table: &Seating, told: &[Told], p: PlayerId) {
    let own: Vec<Told> = told
        .iter()
        .take_while(|t| !matches!(t.event, Event::Turn(_) | Event::Round(_)))
        .filter(|t| t.to == Audience::All)
        .cloned()
        .collect();
    let words = Words::of(lab.rules.code);
    let public: Vec<String> =
        narrate_in(&own, table.lang, words, &|q| table.name(usize::from(q.0)))
            .into_iter()
            .map(|(_, text)| text)
            .collect();
    if !public.is_empty()
        && let Some(slot) = lab.last_moves.get_mut(usize::from(p.0))
    {
        *slot = Some(public.join(" "));
    }
}

/// After anything that changed the game: paths recorded, and the end revealed once it came.
pub(super) fn settle(lab: &mut Labyrinth, cx: &mut Cx) {
    lab.track(cx.t.seats.len());
    let over = lab
        .game
        .as_ref()
        .is_some_and(|game| matches!(game.phase(), Phase::Over(_)));
    if over && cx.t.stage == Stage::Playing {
        cx.finish();
        reveal_to_group(lab, cx);
    }
}

/// The whole maze, as plan text and as a picture with every player's path.
pub(super) fn reveal_to_group(lab: &Labyrinth, cx: &mut Cx) {
    if let Some((text, png)) = reveal::reveal(lab, cx.t) {
        cx.push(Out {
            to: Dest::Group,
            payload: Payload {
                text: t(cx.t.lang, "lab-table-reveal", args![("plan", text)]),
                picture: Some(png),
                ..Payload::default()
            },
        });
    }
}

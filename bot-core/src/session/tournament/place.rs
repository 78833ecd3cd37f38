//! Where a tournament's game begins, told to the tournament's chat and to its players.

use crate::args;
use crate::i18n::Lang;
use crate::session::Work;
use crate::session::game::{Dest, Out};
use crate::session::table::Seating;
use crate::session::text::t;
use crate::tournament::GameRef;

use super::Held;

/// A message to the tournament's chat.
pub(super) fn to_chat(h: &Held, work: &mut Work, text: String) {
    work.fx.outs.push(Out {
        to: Dest::Chat(h.chat.clone()),
        ..Out::group(text)
    });
}

/// Where a game begins: its chat, and the title of the thread the platform opens for it.
#[derive(Clone, Copy)]
pub(super) struct Place<'a> {
    /// The chat's id (or name, for a thread not yet open).
    pub(super) chat: &'a str,
    /// The thread's title, when the game plays in a thread the bot opened.
    pub(super) thread: Option<&'a str>,
}

impl Place<'_> {
    /// The place in words, for the tournament's chat (`here`) or for a player privately. A chat
    /// goes by its title where the platform gave one, else by its id (as `gm script` names them).
    fn words(self, h: &Held, lang: Lang, here: bool) -> String {
        let quoted = |s: &str| format!("«{s}»");
        let group = h.cup.title.as_deref().map(quoted);
        match self.thread {
            Some(thread) if here => quoted(thread),
            Some(thread) => match group {
                Some(group) => t(
                    lang,
                    "tour-where-thread",
                    args![("thread", thread.to_string()), ("group", group)],
                ),
                None => quoted(thread),
            },
            None if self.chat == h.chat && here => t(lang, "tour-where-here", &[]),
            None if self.chat == h.chat => group.unwrap_or_else(|| self.chat.to_string()),
            None => (h.cup.host_titles.get(self.chat))
                .map_or_else(|| self.chat.to_string(), |title| quoted(title)),
        }
    }
}

/// Tells the tournament's chat where a game begins, and each of its players privately. A game in
/// a thread is announced only once the platform opened it (see [`super::thread::opened`]): nobody
/// is sent to a thread the platform then refuses.
pub(super) fn announce(
    h: &Held,
    at: GameRef,
    names: &str,
    place: Place,
    seating: &Seating,
    work: &mut Work,
) {
    let lang = h.cup.lang;
    let args = args![
        ("round", at.round + 1),
        ("game", at.game + 1),
        ("names", names.to_string()),
        ("chat", place.words(h, lang, true))
    ];
    to_chat(h, work, t(lang, "tour-game-opens", args));
    for seat in &seating.seats {
        let chat = place.words(h, seat.lang, false);
        let args = args![("chat", chat), ("round", at.round + 1)];
        let text = t(seat.lang, "tour-your-game", args);
        work.fx.outs.push(Out::user(&seat.user, text));
    }
}

/// A table's players, in seat order.
pub(super) fn names_of(seating: &Seating) -> String {
    let names: Vec<&str> = seating.seats.iter().map(|s| s.name.as_str()).collect();
    names.join(" — ")
}

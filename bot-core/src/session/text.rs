//! The session's words: Fluent messages of `session.ftl`, and the engine's refusals.

use crate::i18n::{Arg, Lang, Localize, Messages};
use crate::labyrinth::game::Refusal;
use crate::store::GameStatus;

/// A message of the locale files.
pub(crate) fn t(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    Messages::get(lang).text(id, args)
}

/// Why an order was refused, in the player's words (nothing changed).
pub(crate) fn refusal(r: Refusal, lang: Lang) -> String {
    r.localize(lang)
}

/// Where a game is in its life, in words: "in play", "идёт игра".
pub(crate) fn stage(lang: Lang, status: GameStatus) -> String {
    t(
        lang,
        "session-stage",
        crate::args![("status", status.as_str())],
    )
}

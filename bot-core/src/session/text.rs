//! The session's words: Fluent messages of `session.ftl`, and the engine's refusals.

use crate::i18n::{Arg, Lang, Localize, Messages};
use crate::labyrinth::game::Refusal;

/// A message of the locale files.
pub(crate) fn t(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    Messages::get(lang).text(id, args)
}

/// Why an order was refused, in the player's words (nothing changed).
pub(crate) fn refusal(r: Refusal, lang: Lang) -> String {
    r.localize(lang)
}

//! The session's words: Fluent messages of `session.ftl`, and the engine's refusals.

use crate::i18n::{Arg, Lang, Messages};
use crate::labyrinth::game::Refusal;

/// A message of the locale files.
pub(crate) fn t(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    Messages::get(lang).text(id, args)
}

/// Why an order was refused, in the player's words (nothing changed).
pub(crate) fn refusal(r: Refusal, lang: Lang) -> String {
    let why = match r {
        Refusal::NotInPlay => "not-in-play",
        Refusal::NotYourTurn => "not-your-turn",
        Refusal::NotAPlayer => "not-a-player",
        Refusal::NeedsOneMovement => "one-movement",
        Refusal::OneActionOnly => "one-action",
        Refusal::NoConditionals => "no-conditionals",
        Refusal::NoDark => "no-dark",
        Refusal::NoHalfDark => "no-half-dark",
        Refusal::NoThrowing => "no-throwing",
        Refusal::NoMineToNeighbour => "no-mine-to-neighbour",
        Refusal::NoSkip => "no-skip",
        Refusal::Repeat => "repeat",
        Refusal::TargetRule => "target-rule",
        Refusal::OffBoard => "off-board",
        Refusal::NoReorder => "no-reorder",
        Refusal::BadStart => "bad-start",
        Refusal::NotInRiver => "not-in-river",
        Refusal::NotInPit => "not-in-pit",
        Refusal::SkipAlone => "skip-alone",
        Refusal::NoAimHere => "no-aim-here",
    };
    t(lang, "session-refused", crate::args![("why", why)])
}

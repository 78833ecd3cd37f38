//! How Saboteur's cards are named in the player's language: a tool, a path's glyph, a card, a hand.
//! The master's words ([`super::narrate`]) and the buttons ([`super::buttons`]) both name them.

use crate::card::{Action, Card, Path, Tool};
use crate::locale::t;
use bot_core::i18n::Lang;

/// A tool's name.
pub(super) fn tool(tool: Tool, lang: Lang) -> String {
    let id = match tool {
        Tool::Pick => "sab-tool-pick",
        Tool::Lamp => "sab-tool-lamp",
        Tool::Cart => "sab-tool-cart",
    };
    t(lang, id, &[])
}

/// The box-drawing glyph of a path card's tunnels, so a hand reads at a glance.
fn glyph(path: &Path) -> &'static str {
    use crate::card::Dir::{E, N, S, W};
    let s = &path.sides;
    match (s.has(N), s.has(E), s.has(S), s.has(W)) {
        (true, true, true, true) => "┼",
        (true, true, true, false) => "├",
        (true, true, false, true) => "┴",
        (true, false, true, true) => "┤",
        (false, true, true, true) => "┬",
        (true, false, true, false) => "│",
        (false, true, false, true) => "─",
        (true, true, false, false) => "└",
        (true, false, false, true) => "┘",
        (false, true, true, false) => "┌",
        (false, false, true, true) => "┐",
        (true, false, false, false) => "╵",
        (false, true, false, false) => "╶",
        (false, false, true, false) => "╷",
        (false, false, false, true) => "╴",
        (false, false, false, false) => "·",
    }
}

/// A path card as players read it: its glyph and its name (`├ NES`, `│ xNS` for a dead end).
pub(super) fn path(p: &Path) -> String {
    format!("{} {p}", glyph(p))
}

/// A card's label in `lang`.
pub(super) fn card(c: &Card, lang: Lang) -> String {
    match c {
        Card::Path(p) => path(p),
        Card::Action(a) => match a {
            Action::Break(x) => t(
                lang,
                "sab-card-break",
                bot_core::args![("tool", tool(*x, lang))],
            ),
            Action::Fix(x) => t(
                lang,
                "sab-card-fix",
                bot_core::args![("tool", tool(*x, lang))],
            ),
            Action::FixEither(a, b) => t(
                lang,
                "sab-card-fix-either",
                bot_core::args![("a", tool(*a, lang)), ("b", tool(*b, lang))],
            ),
            Action::Rockfall => t(lang, "sab-card-rockfall", &[]),
            Action::Map => t(lang, "sab-card-map", &[]),
        },
    }
}

/// A hand, numbered from 1 as the hand's picture and buttons number it.
pub(super) fn hand(cards: &[Card], lang: Lang) -> String {
    if cards.is_empty() {
        return t(lang, "sab-hand-empty", &[]);
    }
    let list: Vec<String> = (cards.iter().enumerate())
        .map(|(i, c)| format!("{} {}", i + 1, card(c, lang)))
        .collect();
    t(
        lang,
        "sab-hand",
        bot_core::args![("cards", list.join(" · "))],
    )
}

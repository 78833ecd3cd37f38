//! The session's words: Fluent messages of its locale files, durations, stages; games word their
//! option refusals and clocks with these too.

use crate::args;
use crate::i18n::{Arg, Lang, Messages};
use crate::store::GameStatus;

/// A message of the locale files.
pub(crate) fn t(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    Messages::get(lang).text(id, args)
}

/// `/help`: a game's own help (its rules and orders) and the commands every game shares; without
/// a game, the games there are and the shared commands.
pub(crate) fn help(registry: super::Registry, lang: Lang, game: Option<String>) -> String {
    let head = game.unwrap_or_else(|| {
        let titles: Vec<String> = (registry.all().iter())
            .map(|k| format!("{} (/newgame {})", k.title(lang), k.word()))
            .collect();
        t(lang, "session-help", args![("games", titles.join(", "))])
    });
    format!("{head}\n{}", t(lang, "session-help-common", &[]))
}

/// An option of `/newgame` refused, and why.
pub fn bad_option(lang: Lang, word: &str, why: &str) -> String {
    t(
        lang,
        "session-bad-option",
        args![("option", word.to_string()), ("why", why.to_string())],
    )
}

/// Where a game is in its life, in words: "in play", "идёт игра".
pub fn stage(lang: Lang, status: GameStatus) -> String {
    t(lang, "session-stage", args![("status", status.as_str())])
}

/// A duration as players read it: `18h`, `45m`, `1d 6h`; under a minute in seconds (`40s`), so
/// a short clock never reads "0m left".
pub fn duration_text(lang: Lang, ms: i64) -> String {
    if ms < 60_000 {
        let secs = ms.max(0) / 1000;
        return t(lang, "session-seconds", args![("n", secs)]);
    }
    let mins = ms / 60_000;
    let (d, h, m) = (mins / 1440, mins / 60 % 24, mins % 60);
    let mut parts = vec![];
    if d > 0 {
        parts.push(t(lang, "session-days", args![("n", d)]));
    }
    if h > 0 {
        parts.push(t(lang, "session-hours", args![("n", h)]));
    }
    if m > 0 || parts.is_empty() {
        parts.push(t(lang, "session-minutes", args![("n", m)]));
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_shown_in_days_hours_minutes_in_each_language() {
        assert_eq!(duration_text(Lang::En, 6 * 3_600_000), "6h");
        assert_eq!(duration_text(Lang::En, 90 * 60_000), "1h 30m");
        assert_eq!(duration_text(Lang::En, 26 * 3_600_000), "1d 2h");
        // Issue 36: a clock under a minute is told in seconds.
        assert_eq!(duration_text(Lang::En, 0), "0s");
        assert_eq!(duration_text(Lang::En, 40_000), "40s");
        assert_eq!(duration_text(Lang::En, 59_999), "59s");
        assert_eq!(duration_text(Lang::En, 60_000), "1m");
        assert_eq!(duration_text(Lang::Ru, 40_000), "40 с");
        assert_eq!(duration_text(Lang::Ru, 90 * 60_000), "1 ч 30 мин");
        assert_eq!(duration_text(Lang::Ru, 26 * 3_600_000), "1 д 2 ч");
    }
}

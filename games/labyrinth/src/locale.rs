//! The Labyrinth's words: its locale files (`locales/en`, `locales/ru`), read beside the session's.

use bot_core::i18n::{Arg, Catalog, Lang, Messages};

/// The game's messages with the session's.
pub static CATALOG: Catalog = Catalog::new(bot_core::locale_files![
    "labyrinth",
    "table",
    "cylinder",
    "plan",
    "validate",
    "generate",
    "orders",
    "engine",
    "gm"
]);

/// The messages of a language.
pub fn messages(lang: Lang) -> &'static Messages {
    CATALOG.get(lang)
}

/// A message of the game's locale files (or of the session's).
pub fn t(lang: Lang, id: &str, args: &[(&str, Arg)]) -> String {
    messages(lang).text(id, args)
}

#[cfg(test)]
mod tests {
    #[test]
    fn both_languages_have_the_same_messages() {
        assert_eq!(super::CATALOG.faults(), Vec::<String>::new());
    }
}

//! The Labyrinth's words: its locale files (`locales/en`, `locales/ru`), read beside the session's.

use bot_core::i18n::{Arg, Catalog, Lang, Messages};

/// The game's messages with the session's.
pub static CATALOG: Catalog = Catalog::new(&[
    (
        "labyrinth",
        include_str!("../locales/en/labyrinth.ftl"),
        include_str!("../locales/ru/labyrinth.ftl"),
    ),
    (
        "table",
        include_str!("../locales/en/table.ftl"),
        include_str!("../locales/ru/table.ftl"),
    ),
    (
        "cylinder",
        include_str!("../locales/en/cylinder.ftl"),
        include_str!("../locales/ru/cylinder.ftl"),
    ),
    (
        "plan",
        include_str!("../locales/en/plan.ftl"),
        include_str!("../locales/ru/plan.ftl"),
    ),
    (
        "validate",
        include_str!("../locales/en/validate.ftl"),
        include_str!("../locales/ru/validate.ftl"),
    ),
    (
        "generate",
        include_str!("../locales/en/generate.ftl"),
        include_str!("../locales/ru/generate.ftl"),
    ),
    (
        "orders",
        include_str!("../locales/en/orders.ftl"),
        include_str!("../locales/ru/orders.ftl"),
    ),
    (
        "engine",
        include_str!("../locales/en/engine.ftl"),
        include_str!("../locales/ru/engine.ftl"),
    ),
    (
        "gm",
        include_str!("../locales/en/gm.ftl"),
        include_str!("../locales/ru/gm.ftl"),
    ),
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

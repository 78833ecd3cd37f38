//! The master's words in the player's language, rendered from Fluent files: the session's and
//! the adapters' in `config/locales/`, each game's in its crate's `locales/` (a [`Catalog`]).
//!
//! Engines and validators return typed values; only this module turns them into sentences. The files
//! are compiled in so the binaries need no working directory. Unicode isolation marks are off: the
//! texts go to chat clients, which show them as stray characters.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::{LanguageIdentifier, langid};

/// A language the master speaks; saved as its code (`en`, `ru`).
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Russian, the language of the rule book.
    Ru,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ru];

    /// The language's code: `en`, `ru`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
        }
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Lang::En => langid!("en"),
            Lang::Ru => langid!("ru"),
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Why a language name was not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a language here; use en or ru")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en" | "english" => Ok(Lang::En),
            "ru" | "russian" | "рус" | "русский" => Ok(Lang::Ru),
            _ => Err(UnknownLang(s.to_string())),
        }
    }
}

/// A locale file: its name, its English text and its Russian text.
pub type LocaleFile = (&'static str, &'static str, &'static str);

/// The session's and the adapters' locale files; each game brings its own in a [`Catalog`].
const FILES: &[LocaleFile] = &[
    (
        "store",
        include_str!("../../config/locales/en/store.ftl"),
        include_str!("../../config/locales/ru/store.ftl"),
    ),
    (
        "tournament",
        include_str!("../../config/locales/en/tournament.ftl"),
        include_str!("../../config/locales/ru/tournament.ftl"),
    ),
    (
        "session",
        include_str!("../../config/locales/en/session.ftl"),
        include_str!("../../config/locales/ru/session.ftl"),
    ),
    (
        "faults",
        include_str!("../../config/locales/en/faults.ftl"),
        include_str!("../../config/locales/ru/faults.ftl"),
    ),
    (
        "discord",
        include_str!("../../config/locales/en/discord.ftl"),
        include_str!("../../config/locales/ru/discord.ftl"),
    ),
    (
        "telegram",
        include_str!("../../config/locales/en/telegram.ftl"),
        include_str!("../../config/locales/ru/telegram.ftl"),
    ),
    (
        "web",
        include_str!("../../config/locales/en/web.ftl"),
        include_str!("../../config/locales/ru/web.ftl"),
    ),
];

/// All messages of one language.
pub struct Messages {
    bundle: FluentBundle<FluentResource>,
}

/// The messages of a game: its own locale files beside the session's, loaded once per language.
/// A game's code reads its words through its catalog; the session's through [`Messages::get`].
pub struct Catalog {
    files: &'static [LocaleFile],
    en: OnceLock<Messages>,
    ru: OnceLock<Messages>,
}

impl Catalog {
    /// A catalog of these files (and the session's).
    pub const fn new(files: &'static [LocaleFile]) -> Catalog {
        Catalog {
            files,
            en: OnceLock::new(),
            ru: OnceLock::new(),
        }
    }

    /// The messages of a language, loaded once.
    pub fn get(&self, lang: Lang) -> &Messages {
        let cell = match lang {
            Lang::En => &self.en,
            Lang::Ru => &self.ru,
        };
        cell.get_or_init(|| Messages::load(lang, self.files))
    }

    /// What is wrong with the catalog's own files: a message one language has and the other
    /// lacks, or one that does not load. Empty when nothing is; a game's tests assert that.
    pub fn faults(&self) -> Vec<String> {
        faults(self.files, |lang| self.get(lang))
    }
}

/// The session's files: every message in both languages, each loading.
fn faults<'a>(files: &[LocaleFile], get: impl Fn(Lang) -> &'a Messages) -> Vec<String> {
    let mut found = vec![];
    for (name, en, ru) in files {
        let (mut e, mut r) = (ids(en), ids(ru));
        e.sort();
        r.sort();
        if e != r {
            found.push(format!(
                "{name}.ftl differs in its message ids between en and ru"
            ));
        }
        for id in &e {
            for lang in Lang::ALL {
                if !get(lang).has(id) {
                    found.push(format!("{lang}: {id} does not load"));
                }
            }
        }
        for line in en.lines().chain(ru.lines()) {
            // Chat users have no checkout: a message names no file of ours (comments may).
            let sends_away = ["docs/", ".md", "bot-core/", "config/", "games/", "shared/"]
                .iter()
                .any(|p| line.contains(p));
            if !line.trim_start().starts_with('#') && sends_away {
                found.push(format!(
                    "{name}.ftl sends a player into the repository: {line}"
                ));
            }
        }
    }
    found
}

/// The ids a locale file defines.
fn ids(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_alphabetic()))
        .filter_map(|l| l.split_once('=').map(|(id, _)| id.trim().to_string()))
        .collect()
}

impl Messages {
    /// The session's messages of a language, loaded once.
    pub fn get(lang: Lang) -> &'static Messages {
        static EN: OnceLock<Messages> = OnceLock::new();
        static RU: OnceLock<Messages> = OnceLock::new();
        let cell = match lang {
            Lang::En => &EN,
            Lang::Ru => &RU,
        };
        cell.get_or_init(|| Messages::load(lang, &[]))
    }

    fn load(lang: Lang, extra: &[LocaleFile]) -> Messages {
        let mut bundle = FluentBundle::new_concurrent(vec![lang.id()]);
        bundle.set_use_isolating(false);
        for (name, en, ru) in FILES.iter().chain(extra) {
            let text = match lang {
                Lang::En => en,
                Lang::Ru => ru,
            };
            let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(_, e)| {
                panic!("the locale file {lang}/{name}.ftl does not parse: {e:?}")
            });
            bundle.add_resource(res).unwrap_or_else(|e| {
                panic!("the locale file {lang}/{name}.ftl repeats a message: {e:?}")
            });
        }
        Messages { bundle }
    }

    /// The message `id` with its arguments. A missing message comes out as its id in brackets rather
    /// than failing: a test over all ids (below) keeps that from reaching players.
    pub fn text(&self, id: &str, args: &[(&str, Arg)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return format!("[{id}]");
        };
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            let value = match v {
                Arg::Str(s) => FluentValue::from(s.clone()),
                Arg::Num(n) => FluentValue::from(*n),
            };
            fargs.set(*k, value);
        }
        let mut errors = vec![];
        self.bundle
            .format_pattern(pattern, Some(&fargs), &mut errors)
            .into_owned()
    }

    /// Whether the message exists.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// Text, such as a cell name.
    Str(String),
    /// A number, which chooses plural forms.
    Num(f64),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}

impl From<u32> for Arg {
    fn from(n: u32) -> Arg {
        Arg::Num(f64::from(n))
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Arg {
        Arg::Num(n as f64)
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Num(n as f64)
    }
}

/// A value that has words for players.
pub trait Localize {
    /// The value in the given language.
    fn localize(&self, lang: Lang) -> String;
}

/// A crate's locale files, `locales/en/NAME.ftl` and `locales/ru/NAME.ftl` beside its manifest,
/// compiled in, for its [`Catalog`]: `Catalog::new(locale_files!["board", "words"])`.
#[macro_export]
macro_rules! locale_files {
    ($($name:literal),* $(,)?) => {
        &[$((
            $name,
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/en/", $name, ".ftl")),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/ru/", $name, ".ftl")),
        )),*]
    };
}

/// Shorthand for message arguments: `args![("cell", c.to_string()), ("n", 3u32)]`.
#[macro_export]
macro_rules! args {
    ($(($k:expr, $v:expr)),* $(,)?) => {
        &[$(($k, $crate::i18n::Arg::from($v))),*]
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_have_the_same_messages_and_none_sends_a_player_into_the_repository() {
        assert_eq!(faults(FILES, Messages::get), Vec::<String>::new());
    }

    #[test]
    fn a_catalog_finds_a_message_missing_in_one_language() {
        static BROKEN: Catalog = Catalog::new(&[("broken", "a = A\nb = B\n", "a = А\n")]);
        let found = BROKEN.faults();
        assert!(
            found.iter().any(|f| f.contains("broken.ftl differs")),
            "{found:?}"
        );
        assert!(found.iter().any(|f| f.contains("ru: b")), "{found:?}");
        assert_eq!(BROKEN.get(Lang::En).text("a", &[]), "A");
        assert!(
            Messages::get(Lang::En).has("session-help"),
            "a catalog holds the session's too"
        );
        assert!(BROKEN.get(Lang::En).has("session-help"));
    }

    #[test]
    fn a_missing_message_shows_its_id() {
        assert_eq!(
            Messages::get(Lang::Ru).text("no-such-message", &[]),
            "[no-such-message]"
        );
    }

    #[test]
    fn languages_parse() {
        assert_eq!("RU".parse::<Lang>(), Ok(Lang::Ru));
        assert!("de".parse::<Lang>().is_err());
    }
}

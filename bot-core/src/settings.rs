//! The bots' settings: a TOML file (`$GM_CONFIG`, else `config/default.toml` when it exists), each
//! key of which the environment may override, so that a deployment changes nothing in the repository
//! and tokens need never be written into it.
//!
//! A section `[telegram]` key `api_url` is overridden by `GM_TELEGRAM_API_URL`; the values of the
//! environment are read as TOML where they parse (numbers, booleans) and as strings otherwise, and a
//! setting that wants a string gets the variable exactly as written: a digits-only secret stays
//! those digits. No error quotes a value: a misplaced token or secret must not end up in a log.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::i18n::Lang;
use crate::store::Location;

/// The environment variable naming the settings file.
pub const CONFIG_VAR: &str = "GM_CONFIG";
/// The settings file read when `GM_CONFIG` is not set, if it exists.
pub const DEFAULT_FILE: &str = "config/default.toml";

/// Why the settings could not be read. The messages name the file or variables to fix. (A token is
/// any string, so it is never the value a message quotes as wrong.)
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// The file named by `GM_CONFIG` could not be read.
    #[error("cannot read the settings file {path}: {why}; set GM_CONFIG to a readable TOML file")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the system said.
        why: String,
    },
    /// The file is not valid TOML.
    #[error("the settings file {path} is not valid TOML: {why}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// Where and what.
        why: String,
    },
    /// A section does not have the shape the bot needs.
    #[error("the settings section [{section}] is wrong: {why} (check the file and GM_{upper}_* variables)", upper = section.to_uppercase())]
    Section {
        /// The section.
        section: String,
        /// What is wrong, without the value.
        why: String,
    },
}

/// The settings as read: the file's tables, before the environment's overrides.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    file: toml::Table,
    env: BTreeMap<String, String>,
}

/// What every bot needs.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Common {
    /// The SQLite file of the games.
    pub database: PathBuf,
    /// The language of a chat that has not chosen one.
    pub lang: Lang,
    /// The seed of the session's randomness, for a new database; a random one when absent.
    pub seed: Option<u64>,
}

impl Common {
    /// The seed to open the session with: the configured one, else one from the clock (a store
    /// keeps the seed it was first opened with, so this matters only for a new database).
    pub fn session_seed(&self) -> u64 {
        self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        })
    }
}

impl Default for Common {
    fn default() -> Common {
        Common {
            database: PathBuf::from("gm.sqlite"),
            lang: Lang::Ru,
            seed: None,
        }
    }
}

/// Where the games are kept: the section `[database]` (`GM_DATABASE_URL` overrides its `url`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Database {
    /// `sqlite://FILE`, or `postgres://USER:PASSWORD@HOST:PORT/NAME` for a database that several
    /// processes share; when absent, the SQLite file `[bot] database` names.
    pub url: Option<String>,
}

/// Reads the settings file and the process's environment.
pub fn load() -> Result<Settings, SettingsError> {
    let env: BTreeMap<String, String> = std::env::vars().collect();
    let file = match env.get(CONFIG_VAR) {
        Some(path) => read_file(Path::new(path))?,
        None if Path::new(DEFAULT_FILE).exists() => read_file(Path::new(DEFAULT_FILE))?,
        None => toml::Table::new(),
    };
    Ok(Settings { file, env })
}

fn read_file(path: &Path) -> Result<toml::Table, SettingsError> {
    let text = std::fs::read_to_string(path).map_err(|e| SettingsError::Unreadable {
        path: path.to_path_buf(),
        why: e.to_string(),
    })?;
    text.parse()
        .map_err(|e: toml::de::Error| SettingsError::Syntax {
            path: path.to_path_buf(),
            why: e.message().to_string(),
        })
}

impl Settings {
    /// Settings from a TOML text and the given environment (for tests and embedding).
    pub fn from_parts(
        toml_text: &str,
        env: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Settings, SettingsError> {
        let file = toml_text
            .parse()
            .map_err(|e: toml::de::Error| SettingsError::Syntax {
                path: PathBuf::from("<text>"),
                why: e.message().to_string(),
            })?;
        Ok(Settings {
            file,
            env: env.into_iter().collect(),
        })
    }

    /// The section `[bot]`: what every bot needs.
    pub fn common(&self) -> Result<Common, SettingsError> {
        self.section("bot")
    }

    /// Where the games are kept: `[database] url`, else the SQLite file of `[bot] database`.
    pub fn database(&self) -> Result<Location, SettingsError> {
        let database: Database = self.section("database")?;
        Ok(match database.url {
            Some(url) if !url.trim().is_empty() => Location::parse(url.trim()),
            _ => Location::Sqlite(self.common()?.database),
        })
    }

    /// A section of the file with the environment's `GM_<SECTION>_<KEY>` overrides applied.
    pub fn section<T: DeserializeOwned>(&self, name: &str) -> Result<T, SettingsError> {
        let table = match self.file.get(name) {
            Some(toml::Value::Table(t)) => t.clone(),
            Some(_) => {
                return Err(SettingsError::Section {
                    section: name.into(),
                    why: "it is not a table".into(),
                });
            }
            None => toml::Table::new(),
        };
        let prefix = format!("GM_{}_", name.to_uppercase());
        let mut values: BTreeMap<String, Value> = table
            .into_iter()
            .map(|(k, v)| (k, Value::File(v)))
            .collect();
        for (var, raw) in &self.env {
            if let Some(key) = var.strip_prefix(&prefix) {
                values.insert(
                    key.to_lowercase(),
                    Value::Env {
                        typed: env_value(raw),
                        raw: raw.clone(),
                    },
                );
            }
        }
        let map = serde::de::value::MapDeserializer::<_, toml::de::Error>::new(values.into_iter());
        T::deserialize(map).map_err(|e| SettingsError::Section {
            section: name.into(),
            why: without_values(e.message()),
        })
    }

    /// A variable of the environment the settings were read with (e.g. `TELOXIDE_TOKEN`).
    pub fn var(&self, name: &str) -> Option<&str> {
        self.env
            .get(name)
            .map(String::as_str)
            .filter(|v| !v.is_empty())
    }
}

/// An environment value as TOML: `42` a number, `true` a boolean, anything else a string.
fn env_value(raw: &str) -> toml::Value {
    let parsed = format!("v = {raw}")
        .parse::<toml::Table>()
        .ok()
        .and_then(|mut t| t.remove("v"))
        .filter(|v| !matches!(v, toml::Value::Table(_) | toml::Value::Array(_)));
    parsed.unwrap_or_else(|| toml::Value::String(raw.to_string()))
}

/// One value of a section: the file's, or an environment variable's, which is read as TOML (a
/// number, a boolean) except by a setting that wants a string: that gets the text as written, so
/// `GM_TELEGRAM_WEBHOOK_SECRET=0123` is the secret `0123`, not a number nor an error.
enum Value {
    File(toml::Value),
    Env { typed: toml::Value, raw: String },
}

impl Value {
    fn typed(self) -> toml::Value {
        match self {
            Value::File(v) | Value::Env { typed: v, .. } => v,
        }
    }
}

impl<'de> serde::de::IntoDeserializer<'de, toml::de::Error> for Value {
    type Deserializer = Value;

    fn into_deserializer(self) -> Value {
        self
    }
}

/// Forwards deserializer methods to the typed value.
macro_rules! forward_to_typed {
    ($($method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {
        $(
            fn $method<V: serde::de::Visitor<'de>>(
                self,
                $($arg: $ty,)*
                visitor: V,
            ) -> Result<V::Value, toml::de::Error> {
                serde::Deserializer::$method(self.typed(), $($arg,)* visitor)
            }
        )*
    };
}

impl<'de> serde::Deserializer<'de> for Value {
    type Error = toml::de::Error;

    fn deserialize_str<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, toml::de::Error> {
        match self {
            Value::Env { raw, .. } => visitor.visit_string(raw),
            Value::File(v) => serde::Deserializer::deserialize_str(v, visitor),
        }
    }

    fn deserialize_string<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, toml::de::Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_option<V: serde::de::Visitor<'de>>(
        self,
        visitor: V,
    ) -> Result<V::Value, toml::de::Error> {
        match self {
            Value::File(v) => serde::Deserializer::deserialize_option(v, visitor),
            env => visitor.visit_some(env),
        }
    }

    fn deserialize_newtype_struct<V: serde::de::Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, toml::de::Error> {
        match self {
            Value::File(v) => serde::Deserializer::deserialize_newtype_struct(v, name, visitor),
            env => visitor.visit_newtype_struct(env),
        }
    }

    forward_to_typed! {
        deserialize_any(),
        deserialize_bool(),
        deserialize_i8(),
        deserialize_i16(),
        deserialize_i32(),
        deserialize_i64(),
        deserialize_u8(),
        deserialize_u16(),
        deserialize_u32(),
        deserialize_u64(),
        deserialize_f32(),
        deserialize_f64(),
        deserialize_char(),
        deserialize_bytes(),
        deserialize_byte_buf(),
        deserialize_unit(),
        deserialize_unit_struct(name: &'static str),
        deserialize_seq(),
        deserialize_tuple(len: usize),
        deserialize_tuple_struct(name: &'static str, len: usize),
        deserialize_map(),
        deserialize_struct(name: &'static str, fields: &'static [&'static str]),
        deserialize_enum(name: &'static str, variants: &'static [&'static str]),
        deserialize_identifier(),
        deserialize_ignored_any(),
    }
}

/// A deserialisation error without the value it complains about: serde's "invalid type: integer
/// `12345`, expected a string" becomes "invalid type: integer, expected a string", since the
/// value may be a token or a secret in the wrong place.
fn without_values(message: &str) -> String {
    for lead in ["invalid type: ", "invalid value: ", "unknown variant "] {
        if let Some(rest) = message.strip_prefix(lead) {
            let (what, expected) = rest.split_once(", expected").unwrap_or((rest, ""));
            let kind = what
                .find(['`', '"', '\''])
                .map_or(what, |i| &what[..i])
                .trim_end();
            let expected = if expected.is_empty() {
                String::new()
            } else {
                format!(", expected{expected}")
            };
            return format!("{}{kind}{expected}", lead.trim_end()).replace(":,", ",");
        }
    }
    message.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Section {
        api_url: String,
        #[serde(default)]
        limit: u32,
        #[serde(default)]
        webhook: bool,
    }

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn the_environment_overrides_the_file_key_by_key() {
        let s = Settings::from_parts(
            "[telegram]\napi_url = \"https://api.telegram.org\"\nlimit = 20\n",
            env(&[("GM_TELEGRAM_LIMIT", "5"), ("GM_TELEGRAM_WEBHOOK", "true")]),
        )
        .unwrap();
        let t: Section = s.section("telegram").unwrap();
        assert_eq!(
            t,
            Section {
                api_url: "https://api.telegram.org".into(),
                limit: 5,
                webhook: true
            }
        );
    }

    #[test]
    fn a_url_from_the_environment_stays_a_string() {
        let s = Settings::from_parts("", env(&[("GM_DISCORD_API_URL", "http://127.0.0.1:9/x")]))
            .unwrap();
        let d: Section = s.section("discord").unwrap();
        assert_eq!(d.api_url, "http://127.0.0.1:9/x");
    }

    #[test]
    fn the_database_url_comes_from_the_file_or_gm_database_url() {
        let none = Settings::from_parts("", env(&[])).unwrap();
        assert_eq!(
            none.database().unwrap(),
            Location::Sqlite("gm.sqlite".into())
        );
        let file =
            Settings::from_parts("[database]\nurl = \"sqlite://games.db\"\n", env(&[])).unwrap();
        assert_eq!(
            file.database().unwrap(),
            Location::Sqlite("games.db".into())
        );
        let url = "postgres://gm:secret@127.0.0.1:5432/gm";
        let s = Settings::from_parts(
            "[database]\nurl = \"sqlite://games.db\"\n",
            env(&[("GM_DATABASE_URL", url)]),
        )
        .unwrap();
        let location = s.database().unwrap();
        assert_eq!(location, Location::Postgres(url.into()));
        // The password never reaches a log line.
        assert_eq!(location.shown(), "postgres://gm:***@127.0.0.1:5432/gm");
    }

    #[test]
    fn common_settings_have_defaults_and_read_the_language() {
        let none = Settings::from_parts("", env(&[])).unwrap();
        assert_eq!(none.common().unwrap(), Common::default());
        let s = Settings::from_parts(
            "[bot]\nlang = \"en\"\n",
            env(&[("GM_BOT_DATABASE", "/tmp/x.sqlite"), ("GM_BOT_SEED", "7")]),
        )
        .unwrap();
        let c = s.common().unwrap();
        assert_eq!(c.lang, Lang::En);
        assert_eq!(c.database, PathBuf::from("/tmp/x.sqlite"));
        assert_eq!(
            s.database().unwrap(),
            Location::Sqlite("/tmp/x.sqlite".into())
        );
        assert_eq!(c.seed, Some(7));
    }

    #[test]
    fn a_wrong_section_names_the_section_and_its_variables() {
        let s = Settings::from_parts("[bot]\nlang = \"fr\"\n", env(&[])).unwrap();
        let e = s.common().unwrap_err().to_string();
        assert!(e.contains("[bot]") && e.contains("GM_BOT_"), "{e}");
    }

    #[test]
    fn a_broken_file_is_an_error_naming_it() {
        let e = Settings::from_parts("[bot\n", env(&[])).unwrap_err();
        assert!(matches!(e, SettingsError::Syntax { .. }));
    }

    #[test]
    fn empty_variables_count_as_unset() {
        let s = Settings::from_parts("", env(&[("TELOXIDE_TOKEN", "")])).unwrap();
        assert_eq!(s.var("TELOXIDE_TOKEN"), None);
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Secrets {
        secret: Option<String>,
        #[serde(default)]
        path: Option<PathBuf>,
        #[serde(default)]
        port: u16,
        #[serde(default)]
        on: bool,
    }

    #[test]
    fn a_string_setting_keeps_the_variable_as_written() {
        for raw in [
            "12345", "0123", "1_000", "nan", "inf", "true", "1e3", "0x1F",
        ] {
            let s = Settings::from_parts(
                "",
                env(&[
                    ("GM_X_SECRET", raw),
                    ("GM_X_PATH", raw),
                    ("GM_X_PORT", "8443"),
                ]),
            )
            .unwrap();
            let x: Secrets = s.section("x").unwrap();
            assert_eq!(x.secret.as_deref(), Some(raw));
            assert_eq!(x.path, Some(PathBuf::from(raw)));
            assert_eq!(x.port, 8443, "numbers are still numbers");
        }
        let s = Settings::from_parts("", env(&[("GM_X_ON", "true")])).unwrap();
        assert!(s.section::<Secrets>("x").unwrap().on);
    }

    #[test]
    fn a_wrong_value_is_never_quoted() {
        let s = Settings::from_parts("[x]\nsecret = 424242\n", env(&[])).unwrap();
        let e = s.section::<Secrets>("x").unwrap_err().to_string();
        assert!(!e.contains("424242") && e.contains("[x]"), "{e}");
        assert!(e.contains("integer") && e.contains("expected"), "{e}");
        let s = Settings::from_parts("", env(&[("GM_X_PORT", "hunter2-secret")])).unwrap();
        let e = s.section::<Secrets>("x").unwrap_err().to_string();
        assert!(!e.contains("hunter2"), "{e}");
        let s = Settings::from_parts("[bot]\nlang = \"sekrit\"\n", env(&[])).unwrap();
        let e = s.common().unwrap_err().to_string();
        assert!(!e.contains("sekrit"), "{e}");
        assert!(e.contains("unknown variant, expected"), "{e}");
    }
}

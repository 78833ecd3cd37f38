//! The bots' settings: a TOML file (`$GM_CONFIG`, else `config/default.toml` when it exists), each
//! key of which the environment may override, so that a deployment changes nothing in the repository
//! and tokens need never be written into it.
//!
//! A section `[telegram]` key `api_url` is overridden by `GM_TELEGRAM_API_URL`; the values of the
//! environment are read as TOML where they parse (numbers, booleans) and as strings otherwise.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::i18n::Lang;

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

impl Default for Common {
    fn default() -> Common {
        Common {
            database: PathBuf::from("gm.sqlite"),
            lang: Lang::Ru,
            seed: None,
        }
    }
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

    /// A section of the file with the environment's `GM_<SECTION>_<KEY>` overrides applied.
    pub fn section<T: DeserializeOwned>(&self, name: &str) -> Result<T, SettingsError> {
        let mut table = match self.file.get(name) {
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
        for (var, value) in &self.env {
            if let Some(key) = var.strip_prefix(&prefix) {
                table.insert(key.to_lowercase(), env_value(value));
            }
        }
        toml::Value::Table(table)
            .try_into()
            .map_err(|e: toml::de::Error| SettingsError::Section {
                section: name.into(),
                why: e.message().to_string(),
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
}

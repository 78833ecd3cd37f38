//! The bot's settings: the `[discord]` section of the config file, the token from `DISCORD_TOKEN`.

use std::fmt;

use serde::Deserialize;

/// The `[discord]` section as written in the file (each key overridable by `GM_DISCORD_<KEY>`).
#[derive(Clone, Default, Deserialize)]
pub struct Section {
    /// The bot's token; `DISCORD_TOKEN` in the environment wins over it.
    #[serde(default)]
    pub token: Option<String>,
    /// Where Discord's API is, as an origin (`http://127.0.0.1:8080`): requests go to
    /// `{api_url}/api/v10/...` instead of `https://discord.com`. Unset in production.
    #[serde(default)]
    pub api_url: Option<String>,
    /// Whether to ask for the privileged MESSAGE CONTENT intent, to read orders typed in the
    /// channel (default yes). Should Discord refuse it (not enabled in the Developer Portal), the
    /// bot goes on without it all the same, through slash commands and buttons.
    #[serde(default)]
    pub message_content: Option<bool>,
    /// Whether to ask for the privileged GUILD MEMBERS intent, to learn that a player left the
    /// server, who is then taken out of his games as by `/leave` (default no: it must be enabled
    /// in the Developer Portal first). Should Discord refuse it, the bot goes on without it.
    #[serde(default)]
    pub members: Option<bool>,
    /// The shards this process runs, as a range of their numbers (`"0-1"`, or `"2"` for one), when
    /// several processes share the bot's gateway (each on the same PostgreSQL database); every
    /// process delivers any message through the REST API. Needs `shard_count`.
    #[serde(default)]
    pub shards: Option<String>,
    /// How many shards the bot's gateway is split into, over all its processes (default 1).
    #[serde(default)]
    pub shard_count: Option<u32>,
}

/// The gateway shards one process runs: `first..=last` of `count`. Discord sends a guild's events
/// to shard `(guild_id >> 22) % count`, and private messages to shard 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    /// The first shard this process runs.
    pub first: u32,
    /// The last shard this process runs (included).
    pub last: u32,
    /// How many shards there are in all.
    pub count: u32,
}

impl Default for Shards {
    fn default() -> Shards {
        Shards {
            first: 0,
            last: 0,
            count: 1,
        }
    }
}

impl Shards {
    /// Reads `shards` ("0-1", "3") and `shard_count`; absent, this process runs the one shard.
    pub fn parse(range: Option<&str>, count: Option<u32>) -> Result<Shards, ConfigError> {
        let bad = |why: String| Err(ConfigError::Shards(why));
        let Some(range) = range.map(str::trim).filter(|r| !r.is_empty()) else {
            return match count {
                None | Some(1) => Ok(Shards::default()),
                Some(n) => bad(format!(
                    "shard_count = {n} but no `shards`: say which of them this process runs (\"0-{}\" for all)",
                    n.saturating_sub(1)
                )),
            };
        };
        let Some(count) = count else {
            return bad(
                "`shards` needs `shard_count`, the number of shards over all processes".into(),
            );
        };
        let number = |s: &str| s.trim().parse::<u32>().ok();
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a), number(b)),
            None => (number(range), number(range)),
        };
        let (Some(first), Some(last)) = (first, last) else {
            return bad(format!(
                "`shards` = {range:?} is not a range such as \"0-1\" or \"2\""
            ));
        };
        if count == 0 || first > last || last >= count {
            return bad(format!(
                "`shards` = {range:?} is not within the {count} shards of `shard_count` (numbered from 0)"
            ));
        }
        Ok(Shards { first, last, count })
    }

    /// The shard that receives a guild's events.
    pub fn of_guild(guild: u64, count: u32) -> u32 {
        ((guild >> 22) % u64::from(count.max(1))) as u32
    }
}

/// A bot token. Never printed: `Debug` and `Display` hide it, so no log or error can leak it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// Wraps a token.
    pub fn new(token: impl Into<String>) -> Token {
        Token(token.into())
    }

    /// The token itself, for the HTTP client only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(***)")
    }
}

/// What the adapter needs to connect.
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot's token.
    pub token: Token,
    /// Discord's API origin, if not the real one (tests point it at a fake).
    pub api_url: Option<String>,
    /// Whether to ask for the MESSAGE CONTENT intent first.
    pub message_content: bool,
    /// Whether to ask for the GUILD MEMBERS intent first.
    pub members: bool,
    /// The gateway shards this process runs.
    pub shards: Shards,
    /// How long a stopping bot lets its event worker finish the events it has before abandoning
    /// them (they were not committed, so nothing is half done).
    pub shutdown_grace: std::time::Duration,
}

/// Why the `[discord]` section cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// No token anywhere: the bot cannot connect.
    #[error("no Discord token: set DISCORD_TOKEN or `token` in the [discord] section")]
    MissingToken,
    /// The shards are not a range of the shard count.
    #[error("the [discord] shards: {0}")]
    Shards(String),
}

impl Config {
    /// The configuration from the file's section and the `DISCORD_TOKEN` variable, which wins.
    /// Blank values count as unset.
    pub fn resolve(section: Section, env_token: Option<String>) -> Result<Config, ConfigError> {
        let present = |s: Option<String>| s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let token = present(env_token)
            .or(present(section.token))
            .ok_or(ConfigError::MissingToken)?;
        Ok(Config {
            token: Token(token),
            api_url: present(section.api_url).map(|u| u.trim_end_matches('/').to_string()),
            message_content: section.message_content.unwrap_or(true),
            members: section.members.unwrap_or(false),
            shards: Shards::parse(section.shards.as_deref(), section.shard_count)?,
            shutdown_grace: std::time::Duration::from_secs(10),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn section(token: Option<&str>, api: Option<&str>) -> Section {
        Section {
            token: token.map(str::to_string),
            api_url: api.map(str::to_string),
            message_content: None,
            members: None,
            shards: None,
            shard_count: None,
        }
    }

    #[test]
    fn the_environment_token_wins_over_the_file() {
        let c = Config::resolve(section(Some("file"), None), Some("env".into())).unwrap();
        assert_eq!(c.token.expose(), "env");
        let c = Config::resolve(section(Some("file"), None), Some("  ".into())).unwrap();
        assert_eq!(c.token.expose(), "file");
    }

    #[test]
    fn no_token_is_an_error() {
        assert_eq!(
            Config::resolve(section(Some(""), None), None).unwrap_err(),
            ConfigError::MissingToken
        );
    }

    #[test]
    fn shards_are_a_range_of_the_count() {
        assert_eq!(Shards::parse(None, None), Ok(Shards::default()));
        assert_eq!(
            Shards::parse(Some("0-1"), Some(4)),
            Ok(Shards {
                first: 0,
                last: 1,
                count: 4
            })
        );
        assert_eq!(
            Shards::parse(Some(" 3 "), Some(4)),
            Ok(Shards {
                first: 3,
                last: 3,
                count: 4
            })
        );
        for (range, count) in [
            (Some("2-1"), Some(4)),
            (Some("0-4"), Some(4)),
            (Some("a-b"), Some(4)),
            (Some("0-1"), None),
            (None, Some(4)),
            (Some("0"), Some(0)),
        ] {
            let e = Shards::parse(range, count).unwrap_err();
            assert!(
                matches!(e, ConfigError::Shards(_)),
                "{range:?} {count:?}: {e}"
            );
        }
        let mut s = section(Some("t"), None);
        s.shards = Some("1".into());
        s.shard_count = Some(2);
        assert_eq!(Config::resolve(s, None).unwrap().shards.first, 1);
    }

    #[test]
    fn shards_come_from_the_environment_as_written() {
        let env = [("GM_DISCORD_SHARDS", "0"), ("GM_DISCORD_SHARD_COUNT", "2")]
            .map(|(k, v)| (k.to_string(), v.to_string()));
        let settings = bot_core::settings::Settings::from_parts("", env).unwrap();
        let section: Section = settings.section("discord").unwrap();
        let shards = Shards::parse(section.shards.as_deref(), section.shard_count).unwrap();
        assert_eq!(
            shards,
            Shards {
                first: 0,
                last: 0,
                count: 2
            }
        );
    }

    #[test]
    fn a_guilds_events_go_to_the_shard_of_its_id() {
        // Discord's formula: shard_id = (guild_id >> 22) % num_shards.
        assert_eq!(Shards::of_guild(41771983423143937, 1), 0);
        assert_eq!(
            Shards::of_guild(41771983423143937, 2),
            ((41771983423143937u64 >> 22) % 2) as u32
        );
        assert_eq!(Shards::of_guild(5 << 22, 4), 1);
    }

    #[test]
    fn the_token_never_prints() {
        let c = Config::resolve(section(Some("s3cret"), Some("http://x/")), None).unwrap();
        let shown = format!("{c:?}");
        assert!(!shown.contains("s3cret"), "{shown}");
        assert_eq!(c.api_url.as_deref(), Some("http://x"));
    }

    #[test]
    fn the_message_content_intent_is_asked_for_unless_turned_off() {
        let c = Config::resolve(section(Some("t"), None), None).unwrap();
        assert!(c.message_content);
        let mut s = section(Some("t"), None);
        s.message_content = Some(false);
        assert!(!Config::resolve(s, None).unwrap().message_content);
    }

    #[test]
    fn the_members_intent_is_asked_for_only_when_turned_on() {
        assert!(
            !Config::resolve(section(Some("t"), None), None)
                .unwrap()
                .members
        );
        let mut s = section(Some("t"), None);
        s.members = Some(true);
        assert!(Config::resolve(s, None).unwrap().members);
    }
}

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
    /// How long a stopping bot lets its event worker finish the events it has before abandoning
    /// them (they were not committed, so nothing is half done).
    pub shutdown_grace: std::time::Duration,
}

/// No token anywhere: the bot cannot connect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no Discord token: set DISCORD_TOKEN or `token` in the [discord] section")]
pub struct MissingToken;

impl Config {
    /// The configuration from the file's section and the `DISCORD_TOKEN` variable, which wins.
    /// Blank values count as unset.
    pub fn resolve(section: Section, env_token: Option<String>) -> Result<Config, MissingToken> {
        let present = |s: Option<String>| s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        let token = present(env_token)
            .or(present(section.token))
            .ok_or(MissingToken)?;
        Ok(Config {
            token: Token(token),
            api_url: present(section.api_url).map(|u| u.trim_end_matches('/').to_string()),
            message_content: section.message_content.unwrap_or(true),
            members: section.members.unwrap_or(false),
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
            MissingToken
        );
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

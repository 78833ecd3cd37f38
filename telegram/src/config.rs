//! The `[telegram]` settings: where the Bot API is, how updates arrive, and how fast to send.

use std::fmt;
use std::net::SocketAddr;

use serde::Deserialize;

/// The Bot API everybody uses.
pub const TELEGRAM_API_URL: &str = "https://api.telegram.org/";

/// A bot token. Its `Debug` hides it, so no log line or error message ever shows it.
#[derive(Clone, Default, Deserialize)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    /// A token from its text.
    pub fn new(text: impl Into<String>) -> Token {
        Token(text.into())
    }

    /// The token itself, for the HTTP client only.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// Whether there is no token at all.
    pub fn is_empty(&self) -> bool {
        self.0.trim().is_empty()
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.is_empty() {
            "<none>"
        } else {
            "<hidden>"
        })
    }
}

/// How updates reach the bot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The bot asks (`getUpdates`); works anywhere, behind any NAT.
    #[default]
    Polling,
    /// Telegram posts updates to a public HTTPS URL.
    Webhook,
    /// No updates: this process only delivers messages and fires timers, beside the one process
    /// that receives (polling or webhook) on the same PostgreSQL database. Telegram hands each
    /// update to one `getUpdates` caller or one webhook, so exactly one process may receive.
    Deliver,
}

/// The `[telegram]` section of the config file (each key overridable by `GM_TELEGRAM_<KEY>`).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The bot token from @BotFather; `TELOXIDE_TOKEN` in the environment takes precedence.
    pub token: Token,
    /// The Bot API's base URL (a local Bot API server, or the tests' fake).
    pub api_url: String,
    /// Polling, webhook, or deliver only (see [`Mode`]).
    pub mode: Mode,
    /// Webhook mode: the local address to listen on.
    pub webhook_listen: Option<SocketAddr>,
    /// Webhook mode: the public HTTPS URL Telegram posts to.
    pub webhook_url: Option<String>,
    /// Webhook mode: the secret Telegram sends back in `X-Telegram-Bot-Api-Secret-Token`.
    pub webhook_secret: Option<Token>,
    /// Polling mode: how long one `getUpdates` waits for news, in seconds (at most 15: the HTTP
    /// client gives up on a request after 17).
    pub poll_timeout_secs: u32,
    /// Messages per second to one chat (Telegram: about 1).
    pub messages_per_sec_chat: u32,
    /// Messages per minute to one chat.
    pub messages_per_min_chat: u32,
    /// Messages per minute to one group (Telegram: 20).
    pub messages_per_min_group: u32,
    /// Messages per second overall (Telegram: 30).
    pub messages_per_sec_overall: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            token: Token::default(),
            api_url: TELEGRAM_API_URL.to_string(),
            mode: Mode::Polling,
            webhook_listen: None,
            webhook_url: None,
            webhook_secret: None,
            poll_timeout_secs: 10,
            messages_per_sec_chat: 1,
            messages_per_min_chat: 20,
            messages_per_min_group: 20,
            messages_per_sec_overall: 30,
        }
    }
}

impl Config {
    /// The token: `TELOXIDE_TOKEN` if set, else the file's; None when neither has one.
    pub fn with_env_token(mut self, env: Option<String>) -> Option<Config> {
        if let Some(t) = env.filter(|t| !t.trim().is_empty()) {
            self.token = Token::new(t.trim());
        }
        (!self.token.is_empty()).then_some(self)
    }

    /// Teloxide's throttle limits from these settings.
    pub fn limits(&self) -> teloxide::adaptors::throttle::Limits {
        teloxide::adaptors::throttle::Limits {
            messages_per_sec_chat: self.messages_per_sec_chat.max(1),
            messages_per_min_chat: self.messages_per_min_chat.max(1),
            messages_per_min_channel_or_supergroup: self.messages_per_min_group.max(1),
            messages_per_sec_overall: self.messages_per_sec_overall.max(1),
        }
    }

    /// Settings for tests against a local server: its URL, short polls, no throttling to speak of.
    pub fn for_tests(api_url: &str, token: &str) -> Config {
        Config {
            token: Token::new(token),
            api_url: api_url.to_string(),
            poll_timeout_secs: 1,
            messages_per_sec_chat: 1000,
            messages_per_min_chat: 60_000,
            messages_per_min_group: 60_000,
            messages_per_sec_overall: 1000,
            ..Config::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let c = Config::for_tests("http://127.0.0.1:1/", "123:SECRET");
        let shown = format!("{c:?}");
        assert!(!shown.contains("SECRET"), "{shown}");
        assert!(shown.contains("<hidden>"));
    }

    #[test]
    fn the_environment_token_wins_and_none_at_all_is_refused() {
        let file = Config {
            token: Token::new("file"),
            ..Config::default()
        };
        let c = file.clone().with_env_token(Some("env".into())).unwrap();
        assert_eq!(c.token.expose(), "env");
        assert_eq!(file.with_env_token(None).unwrap().token.expose(), "file");
        assert!(Config::default().with_env_token(Some(" ".into())).is_none());
    }

    #[test]
    fn a_section_reads_from_toml_with_defaults() {
        let c: Config = toml_section("mode = \"webhook\"\nwebhook_listen = \"0.0.0.0:8443\"\n");
        assert_eq!(c.mode, Mode::Webhook);
        assert_eq!(c.webhook_listen, Some("0.0.0.0:8443".parse().unwrap()));
        assert_eq!(c.api_url, TELEGRAM_API_URL);
        assert_eq!(c.limits().messages_per_min_channel_or_supergroup, 20);
        let c: Config = toml_section("mode = \"deliver\"\n");
        assert_eq!(c.mode, Mode::Deliver);
    }

    fn toml_section(text: &str) -> Config {
        toml::from_str(text).unwrap()
    }

    #[test]
    fn a_digits_only_secret_from_the_environment_stays_that_string() {
        let s = bot_core::settings::Settings::from_parts(
            "",
            [
                (
                    "GM_TELEGRAM_WEBHOOK_SECRET".to_string(),
                    "0012345".to_string(),
                ),
                ("GM_TELEGRAM_TOKEN".to_string(), "123456".to_string()),
                ("GM_TELEGRAM_POLL_TIMEOUT_SECS".to_string(), "5".to_string()),
            ],
        )
        .unwrap();
        let c: Config = s.section("telegram").unwrap();
        assert_eq!(c.webhook_secret.unwrap().expose(), "0012345");
        assert_eq!(c.token.expose(), "123456");
        assert_eq!(c.poll_timeout_secs, 5);
        // A number where a string is wanted, in the file: refused without being quoted.
        let s = bot_core::settings::Settings::from_parts(
            "[telegram]\nwebhook_secret = 987654321\n",
            std::iter::empty(),
        )
        .unwrap();
        let e = s.section::<Config>("telegram").unwrap_err().to_string();
        assert!(!e.contains("987654321"), "{e}");
    }
}

//! The `[web]` settings: where the web chat listens and whether it runs.

use std::net::SocketAddr;

use serde::Deserialize;

/// The address the web chat listens on when none is set: the loopback only, so that nobody else on
/// the network reaches it until the operator says so.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";

/// The section `[web]` of the settings.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// The address to listen on (`GM_WEB_LISTEN`); `0.0.0.0:8080` lets a LAN in.
    #[serde(default = "default_listen")]
    pub listen: SocketAddr,
    /// Whether the web chat runs: `auto` (when no bot token is set), `on` or `off`.
    #[serde(default)]
    pub enabled: Enabled,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: default_listen(),
            enabled: Enabled::Auto,
        }
    }
}

fn default_listen() -> SocketAddr {
    DEFAULT_LISTEN.parse().expect("the default address reads")
}

/// When the web chat runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Enabled {
    /// When no platform bot runs: a fresh install is playable at once, and a bot's host opens
    /// no web port it did not ask for.
    #[default]
    Auto,
    /// Always, beside the bots.
    On,
    /// Never.
    Off,
}

impl Enabled {
    /// Whether the web chat runs, given whether any platform bot does.
    pub fn runs(self, bots: bool) -> bool {
        match self {
            Enabled::Auto => !bots,
            Enabled::On => true,
            Enabled::Off => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_runs_only_without_a_bot() {
        assert!(Enabled::Auto.runs(false));
        assert!(!Enabled::Auto.runs(true));
        assert!(Enabled::On.runs(true));
        assert!(!Enabled::Off.runs(false));
    }

    #[test]
    fn the_settings_read_from_the_file_and_the_environment() {
        let s = bot_core::settings::Settings::from_parts(
            "[web]\nenabled = \"on\"\n",
            [("GM_WEB_LISTEN".to_string(), "0.0.0.0:9000".to_string())],
        )
        .unwrap();
        let c: Config = s.section("web").unwrap();
        assert_eq!(c.enabled, Enabled::On);
        assert_eq!(c.listen, "0.0.0.0:9000".parse().unwrap());
        let none: Config = bot_core::settings::Settings::from_parts("", [])
            .unwrap()
            .section("web")
            .unwrap();
        assert_eq!(none.listen.to_string(), DEFAULT_LISTEN);
        assert_eq!(none.enabled, Enabled::Auto);
    }
}

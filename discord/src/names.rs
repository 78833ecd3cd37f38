//! What Discord calls the places the bot plays in: a channel's name, its server (guild) and its
//! parent (for a thread), read once with `GET /channels/{id}` and `GET /guilds/{id}` and kept for
//! the life of the process. The session only knows channels by their snowflakes; people know them
//! by name.
//!
//! A lookup that fails is not kept: the caller shows what it had (the snowflake), and the next
//! message asks again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bot_core::session::chat::Button;
use serenity::all::{ChannelId, GuildId, LightMethod, Route};

use crate::rest::{Call, Rest};

/// Discord's channel types of threads: announcement, public and private threads.
const THREAD_TYPES: [u64; 3] = [10, 11, 12];

/// A channel as Discord describes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Channel {
    /// Its name (a DM channel has none).
    pub name: Option<String>,
    /// Its server, for a guild channel.
    pub guild: Option<u64>,
    /// The channel a thread belongs to (for other channels their category, if any).
    pub parent: Option<u64>,
    /// Discord's channel type (0 a text channel, 11 a public thread, …).
    pub kind: u64,
}

impl Channel {
    /// Whether it is a thread.
    pub fn is_thread(&self) -> bool {
        THREAD_TYPES.contains(&self.kind)
    }

    /// Reads Discord's channel object.
    pub fn of(v: &serde_json::Value) -> Channel {
        let id = |k: &str| v[k].as_str().and_then(|s| s.parse().ok());
        Channel {
            name: v["name"].as_str().map(str::to_string),
            guild: id("guild_id"),
            parent: id("parent_id"),
            kind: v["type"].as_u64().unwrap_or(0),
        }
    }
}

/// The names and places learnt so far.
#[derive(Debug)]
pub struct Names {
    rest: Arc<Rest>,
    channels: Mutex<HashMap<u64, Channel>>,
    guilds: Mutex<HashMap<u64, String>>,
}

impl Names {
    /// Nothing learnt yet.
    pub fn new(rest: Arc<Rest>) -> Names {
        Names {
            rest,
            channels: Mutex::new(HashMap::new()),
            guilds: Mutex::new(HashMap::new()),
        }
    }

    /// A channel, from what was learnt or from Discord; `None` if Discord could not tell.
    pub async fn channel(&self, id: u64) -> Option<Channel> {
        if let Some(c) = self.lock_channels().get(&id) {
            return Some(c.clone());
        }
        let req = Call::new(
            Route::Channel {
                channel_id: ChannelId::new(id.max(1)),
            },
            LightMethod::Get,
        );
        match self.rest.json::<serde_json::Value>(req).await {
            Ok(v) => {
                let c = Channel::of(&v);
                self.lock_channels().insert(id, c.clone());
                Some(c)
            }
            Err(e) => {
                tracing::debug!(channel = id, error = %e, "could not read a channel");
                None
            }
        }
    }

    /// A server's name, from what was learnt or from Discord.
    pub async fn guild(&self, id: u64) -> Option<String> {
        if let Some(n) = self.lock_guilds().get(&id) {
            return Some(n.clone());
        }
        let req = Call::new(
            Route::Guild {
                guild_id: GuildId::new(id.max(1)),
            },
            LightMethod::Get,
        );
        match self.rest.json::<serde_json::Value>(req).await {
            Ok(v) => {
                let name = v["name"].as_str()?.to_string();
                self.lock_guilds().insert(id, name.clone());
                Some(name)
            }
            Err(e) => {
                tracing::debug!(guild = id, error = %e, "could not read a server");
                None
            }
        }
    }

    /// Keeps what an event told of a channel (a thread created, a channel renamed).
    pub fn learn(&self, id: u64, channel: Channel) {
        self.lock_channels().insert(id, channel);
    }

    /// The session's "which game?" buttons, labelled `#12 600` (a game and its channel's
    /// snowflake), relabelled with the channel's name, and the server's too when the games are
    /// in more than one server; other buttons as they were. `None` when nothing changed.
    pub async fn label_games(&self, rows: &[Vec<Button>]) -> Option<Vec<Vec<Button>>> {
        let mut found = vec![];
        for b in rows.iter().flatten() {
            if let Some((_, chat)) = game_label(&b.label) {
                if let Some(c) = self.channel(chat).await {
                    found.push((chat, c));
                }
            }
        }
        if found.is_empty() {
            return None;
        }
        let mut guilds: Vec<u64> = found.iter().filter_map(|(_, c)| c.guild).collect();
        guilds.sort_unstable();
        guilds.dedup();
        let mut guild_names = HashMap::new();
        if guilds.len() > 1 {
            for g in guilds {
                if let Some(n) = self.guild(g).await {
                    guild_names.insert(g, n);
                }
            }
        }
        let relabel = |b: &Button| {
            let (game, chat) = game_label(&b.label)?;
            let (_, c) = found.iter().find(|(id, _)| *id == chat)?;
            let server = c
                .guild
                .and_then(|g| guild_names.get(&g))
                .map(String::as_str);
            Some(label(game, c.name.as_deref()?, server))
        };
        Some(
            rows.iter()
                .map(|row| {
                    row.iter()
                        .map(|b| Button {
                            label: relabel(b).unwrap_or_else(|| b.label.clone()),
                            ..b.clone()
                        })
                        .collect()
                })
                .collect(),
        )
    }

    fn lock_channels(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Channel>> {
        self.channels.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn lock_guilds(&self) -> std::sync::MutexGuard<'_, HashMap<u64, String>> {
        self.guilds.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A game button's label as the session makes it, `#12 600`: the game's number and its chat.
fn game_label(label: &str) -> Option<(u64, u64)> {
    let (game, chat) = label.strip_prefix('#')?.split_once(' ')?;
    Some((game.parse().ok()?, chat.parse().ok()?))
}

/// A game button's label: `#12 #labyrinth`, or `#12 #labyrinth (Server)`.
fn label(game: u64, channel: &str, server: Option<&str>) -> String {
    match server {
        Some(s) => format!("#{game} #{channel} ({s})"),
        None => format!("#{game} #{channel}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_sessions_game_labels_are_read() {
        assert_eq!(game_label("#12 600"), Some((12, 600)));
        assert_eq!(game_label("#12 go up"), None);
        assert_eq!(game_label("12 600"), None);
        assert_eq!(
            game_label("#1 1574859756156354569"),
            Some((1, 1574859756156354569))
        );
    }

    #[test]
    fn a_label_names_the_server_only_when_asked() {
        assert_eq!(label(3, "labyrinth", None), "#3 #labyrinth");
        assert_eq!(label(3, "labyrinth", Some("Fans")), "#3 #labyrinth (Fans)");
    }

    #[test]
    fn threads_are_known_by_their_type() {
        let v = serde_json::json!({"id": "7", "type": 11, "guild_id": "5", "parent_id": "6", "name": "t"});
        let c = Channel::of(&v);
        assert!(c.is_thread());
        assert_eq!((c.guild, c.parent), (Some(5), Some(6)));
        assert!(!Channel::of(&serde_json::json!({"type": 0})).is_thread());
    }
}

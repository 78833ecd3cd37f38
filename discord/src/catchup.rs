//! What was written while the bot was away. Discord replays missed events only to a session that
//! RESUMEs; a new one (every start, and every IDENTIFY after an invalid session) begins with
//! READY and nothing before it. So on each READY the bot reads the history of every running
//! game's channel and of its players' DM channels, after the last message it handled there, and
//! hands what it missed to the session, oldest first. The session ignores a message it has seen
//! (by its snowflake), so reading one again is harmless.
//!
//! The marks live in the store's meta table: `discord:last:{channel}`, the last message handled
//! in a channel; `discord:last`, the newest event handled anywhere, for a channel that has no mark
//! of its own yet (a game played by slash commands and buttons only); `discord:dm:{user}`, a
//! player's DM channel. A database that has no `discord:last` (the bot never ran on it) has
//! nothing to catch up on.

use std::collections::{BTreeSet, HashMap};
use std::sync::Mutex;

use bot_core::store::{Commit, Platform, Store, UnixMs};
use serenity::all::{ChannelId, GuildId, LightMethod, Message, PrivateChannel, Route};

use crate::names::Names;
use crate::rest::{Call, Rest};

/// The meta key of the newest event handled anywhere.
pub const LAST_KEY: &str = "discord:last";
/// Discord's largest page of history.
const PAGE: usize = 100;
/// Pages read at most per channel: a channel that missed more than this many messages is read
/// up to there (the oldest first), the rest is beyond what an order typed to a stopped bot needs.
const MAX_PAGES: usize = 10;

/// The meta key of the last message handled in a channel.
pub fn last_key(channel: u64) -> String {
    format!("{LAST_KEY}:{channel}")
}

/// The meta key of a user's DM channel.
pub fn dm_key(user: &str) -> String {
    format!("discord:dm:{user}")
}

/// The marks of what was handled, written to the store as they advance.
#[derive(Debug)]
pub struct Marks {
    store: Store,
    /// The values written (or read) so far, so that a mark is never moved back nor written again.
    known: Mutex<HashMap<String, u64>>,
}

impl Marks {
    /// Marks over a store.
    pub fn new(store: Store) -> Marks {
        Marks {
            store,
            known: Mutex::new(HashMap::new()),
        }
    }

    /// Records that the event `id` was handled: a message in `channel` (`None` for an
    /// interaction), written privately by `dm_of` if it was a DM. A failed write is logged: the
    /// worst it does is read a message again after a restart, which the session ignores.
    pub async fn handled(&self, id: u64, channel: Option<u64>, dm_of: Option<&str>) {
        let mut wanted = vec![(LAST_KEY.to_string(), id)];
        if let Some(c) = channel {
            wanted.push((last_key(c), id));
            if let Some(u) = dm_of {
                wanted.push((dm_key(u), c));
            }
        }
        let mut meta = vec![];
        for (key, value) in wanted {
            let stored = self.known(&key).await.unwrap_or(0);
            let advances = if key.starts_with("discord:dm:") {
                stored != value
            } else {
                value > stored
            };
            if advances {
                meta.push((key, value));
            }
        }
        if meta.is_empty() {
            return;
        }
        let mut c = Commit::at(UnixMs(bot_core::relay::now_ms()));
        c.meta = meta
            .iter()
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect();
        match self.store.commit(c).await {
            Ok(_) => {
                let mut known = self.lock();
                for (k, v) in meta {
                    known.insert(k, v);
                }
            }
            Err(e) => tracing::warn!(error = %e, "could not record the last message handled"),
        }
    }

    /// A mark's value, from memory or the store.
    async fn known(&self, key: &str) -> Option<u64> {
        if let Some(v) = self.lock().get(key) {
            return Some(*v);
        }
        let v = self.read(key).await?;
        self.lock().insert(key.to_string(), v);
        Some(v)
    }

    /// A mark as stored.
    async fn read(&self, key: &str) -> Option<u64> {
        match self.store.meta(key).await {
            Ok(v) => v.and_then(|v| v.parse().ok()),
            Err(e) => {
                tracing::warn!(error = %e, "could not read a mark of the messages handled");
                None
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, u64>> {
        self.known.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The messages missed while the bot was away, oldest first: those after the marks in each
/// running Discord game's channel and in its players' DM channels. Guild messages come with their
/// `guild_id` set (the REST API leaves it out), so that they read as written in the channel.
pub async fn missed(rest: &Rest, names: &Names, marks: &Marks) -> Vec<Message> {
    let Some(global) = marks.read(LAST_KEY).await else {
        return vec![];
    };
    let (channels, users) = match places(&marks.store).await {
        Ok(p) => p,
        Err(e) => {
            tracing::warn!(error = %e, "could not read the running games to catch up on");
            return vec![];
        }
    };
    let mut all = vec![];
    for c in channels {
        let Some(guild) = names.channel(c).await.and_then(|ch| ch.guild) else {
            tracing::warn!(
                channel = c,
                "could not read a game's channel to catch up on"
            );
            continue;
        };
        let after = marks.read(&last_key(c)).await.unwrap_or(global);
        for mut m in history(rest, c, after).await {
            m.guild_id = Some(GuildId::new(guild));
            all.push(m);
        }
    }
    for u in users {
        let Some(dm) = dm_channel(rest, marks, &u).await else {
            continue;
        };
        let after = marks.read(&last_key(dm)).await.unwrap_or(global);
        all.extend(history(rest, dm, after).await);
    }
    all.sort_by_key(|m| m.id);
    all.dedup_by_key(|m| m.id);
    all
}

/// The channels of the running Discord games and their players.
async fn places(
    store: &Store,
) -> Result<(BTreeSet<u64>, BTreeSet<String>), bot_core::store::StoreError> {
    let mut channels = BTreeSet::new();
    let mut users = BTreeSet::new();
    for g in store.running_games().await? {
        if g.platform != Platform::Discord {
            continue;
        }
        if let Ok(c) = g.chat.parse::<u64>() {
            channels.insert(c);
        }
        for p in store.players(g.id).await? {
            users.insert(p.user_id);
        }
    }
    Ok((channels, users))
}

/// A user's DM channel: kept from an earlier DM, else asked of Discord (which gives the existing
/// one) and kept.
async fn dm_channel(rest: &Rest, marks: &Marks, user: &str) -> Option<u64> {
    if let Some(c) = marks.read(&dm_key(user)).await {
        return Some(c);
    }
    let req = Call::json(
        Route::UserMeDmChannels,
        LightMethod::Post,
        &serde_json::json!({ "recipient_id": user }),
    );
    match rest.json::<PrivateChannel>(req).await {
        Ok(dm) => Some(dm.id.get()),
        Err(e) => {
            tracing::debug!(error = %e, "could not open a player's DM channel to catch up on");
            None
        }
    }
}

/// A channel's messages after `after`, oldest first, page by page.
async fn history(rest: &Rest, channel: u64, after: u64) -> Vec<Message> {
    let mut out: Vec<Message> = vec![];
    let mut cursor = after;
    for _ in 0..MAX_PAGES {
        let req = Call::new(
            Route::ChannelMessages {
                channel_id: ChannelId::new(channel.max(1)),
            },
            LightMethod::Get,
        )
        .query(vec![
            ("after", cursor.to_string()),
            ("limit", PAGE.to_string()),
        ]);
        let mut page: Vec<Message> = match rest.json(req).await {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!(channel, error = %e, "could not read a channel's history");
                break;
            }
        };
        // Discord gives a page newest first.
        page.sort_by_key(|m| m.id);
        let full = page.len() >= PAGE;
        let Some(last) = page.last().map(|m| m.id.get()) else {
            break;
        };
        cursor = last;
        out.extend(page.into_iter().filter(|m| m.id.get() > after));
        if !full {
            break;
        }
    }
    out
}

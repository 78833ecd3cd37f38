//! The running games of this process's chats, kept in memory between inputs so that an order in a
//! group neither reads its game from the store nor decodes it again.
//!
//! The cache is written through: an entry is replaced only after the store accepted the commit that
//! produced it, with the version the store gave. It is never trusted blindly: every commit made from
//! a cached game names the version it was read at and is refused with a conflict if another writer
//! (another task, another process on the same file) moved the game on; an input that would commit
//! nothing is handled again from the store. The session then forgets the entry and handles the input
//! once more from the store.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::store::GameId;
use crate::store::Platform;

use super::Loaded;

/// The most games kept; beyond it an arbitrary entry makes room (a miss only costs a read).
const CAPACITY: usize = 4096;

/// Running games by their chat. Cheap to clone: the clones share the map.
#[derive(Clone, Default)]
pub(crate) struct Games {
    by_chat: Arc<Mutex<HashMap<(Platform, String), Loaded>>>,
}

/// Shows how many games are kept, never the games: they hold the games' secrets.
impl std::fmt::Debug for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Games")
            .field("kept", &self.lock().len())
            .finish()
    }
}

impl Games {
    /// A copy of the chat's running game as last committed by this process, if it is known.
    pub fn get(&self, platform: Platform, chat: &str) -> Option<Loaded> {
        // The key is owned; one allocation per lookup is far below a store read.
        self.lock().get(&(platform, chat.to_string())).cloned()
    }

    /// Keeps a game as the store now holds it: its new version after a commit, or as just read.
    /// A game no longer running leaves the cache; an older version never replaces a newer one
    /// (two tasks may report their commits out of order).
    pub fn put(&self, game: Loaded) {
        let key = (game.platform, game.chat.clone());
        let mut map = self.lock();
        if !game.table.seating.running() {
            if map.get(&key).is_some_and(|g| g.id == game.id) {
                map.remove(&key);
            }
            return;
        }
        if let Some(known) = map.get(&key)
            && known.id == game.id
            && known.version >= game.version
        {
            return;
        }
        if map.len() >= CAPACITY && !map.contains_key(&key) {
            let victim = map.keys().next().cloned();
            if let Some(victim) = victim {
                map.remove(&victim);
            }
        }
        map.insert(key, game);
    }

    /// Forgets the chat's game: it was found stale.
    pub fn forget(&self, platform: Platform, chat: &str) {
        self.lock().remove(&(platform, chat.to_string()));
    }

    /// The game the chat's entry holds, if any.
    pub fn held(&self, platform: Platform, chat: &str) -> Option<GameId> {
        self.lock().get(&(platform, chat.to_string())).map(|g| g.id)
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<(Platform, String), Loaded>> {
        // A panic while holding the lock cannot leave a half-written entry (every change is one
        // map operation), so a poisoned map is still sound.
        self.by_chat.lock().unwrap_or_else(|e| e.into_inner())
    }
}

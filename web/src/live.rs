//! The hub that wakes the open pages: every message shown or edited rings it with its chat, and
//! each page's stream reads what changed from the history.

use tokio::sync::broadcast;

/// A chat of the web chat: a room, or one user's private chat with the master.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Chat {
    /// A room, by name.
    Room(String),
    /// A user's private chat, by the user's id.
    Private(i64),
}

impl Chat {
    /// The kind as the history stores it.
    pub fn kind(&self) -> &'static str {
        match self {
            Chat::Room(_) => "room",
            Chat::Private(_) => "private",
        }
    }

    /// The chat's key as the history stores it.
    pub fn key(&self) -> String {
        match self {
            Chat::Room(r) => r.clone(),
            Chat::Private(u) => u.to_string(),
        }
    }
}

/// Rings every open page's stream when a chat changed.
#[derive(Clone, Debug)]
pub struct Hub {
    tx: broadcast::Sender<Chat>,
}

impl Default for Hub {
    fn default() -> Hub {
        // A stream that falls this far behind reads the history afresh (it lagged), so the
        // capacity bounds memory, not correctness.
        let (tx, _) = broadcast::channel(256);
        Hub { tx }
    }
}

impl Hub {
    /// Something was shown in `chat`.
    pub fn ring(&self, chat: Chat) {
        // No page open is no error.
        let _ = self.tx.send(chat);
    }

    /// A new listener.
    pub fn listen(&self) -> broadcast::Receiver<Chat> {
        self.tx.subscribe()
    }
}

//! Telegram's flood control as it last spoke. A 429 says how long the bot must leave a chat alone;
//! Telegram counts any call about that chat, so the courier (messages, edits) and the handler
//! (`getChatMember`) both look here before calling, not only the method that was refused.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

/// Per chat, the moment Telegram lets the bot call about it again. Cheap to clone: the clones
/// share the map.
#[derive(Clone, Debug, Default)]
pub struct Flood {
    until: Arc<Mutex<HashMap<i64, Instant>>>,
}

impl Flood {
    /// Telegram answered a call about `chat` with "retry after `wait`" just now.
    pub fn hold(&self, chat: i64, wait: Duration) {
        let until = Instant::now() + wait;
        let mut map = self.lock();
        let entry = map.entry(chat).or_insert(until);
        *entry = (*entry).max(until);
        // Old entries go, so the map does not grow with every chat ever held.
        let now = Instant::now();
        map.retain(|_, t| *t > now);
    }

    /// How long `chat` must still be left alone, if at all.
    pub fn left(&self, chat: i64) -> Option<Duration> {
        let until = *self.lock().get(&chat)?;
        let left = until.saturating_duration_since(Instant::now());
        (!left.is_zero()).then_some(left)
    }

    /// Waits until `chat` may be called about again.
    pub async fn wait(&self, chat: i64) {
        while let Some(left) = self.left(chat) {
            tokio::time::sleep(left).await;
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Instant>> {
        // Every change is one map operation: a poisoned map is still sound.
        self.until.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_chat_is_held_for_as_long_as_telegram_said_and_no_other() {
        let f = Flood::default();
        assert_eq!(f.left(1), None);
        let start = Instant::now();
        f.hold(1, Duration::from_millis(300));
        f.hold(1, Duration::from_millis(100));
        assert!(
            f.left(1).is_some_and(|l| l > Duration::from_millis(200)),
            "the longer wait wins"
        );
        assert_eq!(f.left(2), None);
        f.wait(1).await;
        assert!(
            start.elapsed() >= Duration::from_millis(300),
            "not a moment before"
        );
        assert_eq!(f.left(1), None);
    }
}

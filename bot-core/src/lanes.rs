//! Lanes: work run one task after another per key, and side by side across keys. The inlet runs
//! each chat's inputs in a lane of its own, so that a slow or failing chat holds back only itself;
//! an adapter with work of its own to do before an input reaches the session (reading a channel's
//! permissions, fetching a file) runs it in the same kind of lane.
//!
//! A lane's task exists while the lane has work, and a little longer ([`IDLE`]). A task that panics
//! is logged and the lane goes on with the next.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::session::chat::{Inbound, Platform};

/// How long a lane with nothing to do waits for more before its task ends.
const IDLE: Duration = Duration::from_secs(30);

/// A piece of work in a lane.
type Task = Pin<Box<dyn Future<Output = ()> + Send>>;

/// An open lane: where its work goes, and its task.
struct Open {
    tx: mpsc::UnboundedSender<Task>,
    task: JoinHandle<()>,
    /// Which lane of its key it is: a lane that ends removes its own entry, never a newer one.
    number: u64,
}

/// The number of the next lane opened.
static NEXT_LANE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Lanes by key. Cheap to clone: the clones share the lanes.
pub struct Lanes<K> {
    map: Arc<Mutex<HashMap<K, Open>>>,
}

impl<K> Clone for Lanes<K> {
    fn clone(&self) -> Self {
        Lanes {
            map: self.map.clone(),
        }
    }
}

impl<K> Default for Lanes<K> {
    fn default() -> Self {
        Lanes {
            map: Arc::default(),
        }
    }
}

impl<K> std::fmt::Debug for Lanes<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let open = self.map.lock().map_or(0, |m| m.len());
        f.debug_struct("Lanes").field("open", &open).finish()
    }
}

impl<K: Clone + Eq + Hash + Send + 'static> Lanes<K> {
    /// Queues `task` in `key`'s lane, at once: it runs after the tasks queued there before it,
    /// beside those of other lanes. Must be called within a tokio runtime.
    pub fn run(&self, key: K, task: impl Future<Output = ()> + Send + 'static) {
        let task: Task = Box::pin(task);
        let mut map = self.lock();
        let task = match map.get(&key) {
            Some(open) => match open.tx.send(task) {
                Ok(()) => return,
                Err(mpsc::error::SendError(task)) => task,
            },
            None => task,
        };
        let (tx, rx) = mpsc::unbounded_channel();
        // The receiver is open: the send cannot fail.
        let _ = tx.send(task);
        let number = NEXT_LANE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let task = tokio::spawn(lane(self.clone(), key.clone(), number, rx));
        map.insert(key, Open { tx, task, number });
    }

    /// Lets every lane finish the work it has, for at most `grace`, then stops what is left: a
    /// piece of work cut off is dropped where it waits (a store's write it started still lands
    /// whole). Work handed in meanwhile opens new lanes, which this does not wait for.
    pub async fn finish(&self, grace: Duration) {
        let open: Vec<Open> = self.lock().drain().map(|(_, open)| open).collect();
        // Their senders go with the map's entries: each lane ends once its queue is empty.
        let mut tasks: Vec<JoinHandle<()>> = open.into_iter().map(|o| o.task).collect();
        let all = async {
            for task in &mut tasks {
                let _ = task.await;
            }
        };
        if tokio::time::timeout(grace, all).await.is_err() {
            for task in &tasks {
                task.abort();
            }
        }
    }

    /// How many lanes are open now.
    pub fn open(&self) -> usize {
        self.lock().len()
    }

    fn lock(&self) -> MutexGuard<'_, HashMap<K, Open>> {
        // Every change is one map operation: a panic cannot leave the map half-changed.
        self.map.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A lane's task: its work one piece after another, until it has been idle for [`IDLE`].
async fn lane<K: Clone + Eq + Hash + Send + 'static>(
    lanes: Lanes<K>,
    key: K,
    number: u64,
    mut rx: mpsc::UnboundedReceiver<Task>,
) {
    loop {
        let task = match tokio::time::timeout(IDLE, rx.recv()).await {
            Ok(Some(task)) => task,
            Ok(None) => return,
            Err(_) => {
                // Tasks are queued with the map locked: none can slip in between this look and
                // the lane's removal.
                let mut map = lanes.lock();
                if rx.is_empty() {
                    // Only this lane's own entry: `finish` may have replaced it meanwhile.
                    if map.get(&key).is_some_and(|o| o.number == number) {
                        map.remove(&key);
                    }
                    return;
                }
                continue;
            }
        };
        if crate::panics::catching(task).await.is_err() {
            tracing::error!("a lane's task panicked; the lane goes on");
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    #[tokio::test]
    async fn a_lane_keeps_its_order_and_a_slow_lane_holds_back_no_other() {
        let lanes: Lanes<&'static str> = Lanes::default();
        let seen = Arc::new(Mutex::new(vec![]));
        let (release, held) = tokio::sync::oneshot::channel::<()>();
        let log = seen.clone();
        lanes.run("slow", async move {
            let _ = held.await;
            log.lock().unwrap().push("slow 1");
        });
        for i in 2..=3 {
            let log = seen.clone();
            lanes.run("slow", async move {
                log.lock()
                    .unwrap()
                    .push(if i == 2 { "slow 2" } else { "slow 3" })
            });
        }
        let (done_tx, done) = tokio::sync::oneshot::channel();
        let log = seen.clone();
        lanes.run("quick", async move {
            log.lock().unwrap().push("quick");
            let _ = done_tx.send(());
        });
        // The quick lane finishes while the slow one still waits on its first task.
        done.await.unwrap();
        assert_eq!(*seen.lock().unwrap(), vec!["quick"]);
        release.send(()).unwrap();
        for _ in 0..100 {
            if seen.lock().unwrap().len() == 4 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(
            *seen.lock().unwrap(),
            vec!["quick", "slow 1", "slow 2", "slow 3"]
        );
    }

    #[tokio::test]
    async fn a_task_that_panics_ends_neither_its_lane_nor_the_others() {
        let lanes: Lanes<u8> = Lanes::default();
        lanes.run(1, async { panic!("a bug in one chat") });
        let (tx, rx) = tokio::sync::oneshot::channel();
        lanes.run(1, async move {
            let _ = tx.send("after the panic");
        });
        assert_eq!(rx.await.unwrap(), "after the panic");
    }
}

/// A chat's lane: its platform, and the group chat's id or `@USER` for a private chat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lane {
    /// The platform.
    pub platform: Platform,
    /// The chat's key within it.
    pub chat: String,
}

impl Lane {
    /// A group chat's lane.
    pub fn group(platform: Platform, chat: &str) -> Lane {
        Lane {
            platform,
            chat: chat.to_string(),
        }
    }

    /// A user's private chat's lane.
    pub fn private(platform: Platform, user: &str) -> Lane {
        Lane {
            platform,
            chat: format!("@{user}"),
        }
    }

    /// The lane an input goes through.
    pub fn of(msg: &Inbound) -> Lane {
        let chat = if msg.private {
            format!("@{}", msg.user.0)
        } else {
            msg.chat.0.clone()
        };
        Lane {
            platform: msg.platform,
            chat,
        }
    }
}

//! Limits how fast one writer (or one address choosing names) may go: a bucket of tokens per key,
//! refilled at a steady rate, so a burst of a few is fine and a flood is refused.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::Instant;

/// A token bucket per key.
#[derive(Debug)]
pub struct Flood<K> {
    burst: f64,
    per_sec: f64,
    buckets: Mutex<HashMap<K, (f64, Instant)>>,
}

/// Keys not seen for this long are forgotten when the table grows.
const FORGET_SECS: f64 = 600.0;
/// The table is swept of forgotten keys when it holds this many.
const SWEEP_AT: usize = 10_000;

impl<K: Eq + Hash + Clone> Flood<K> {
    /// At most `burst` at once, refilled at `per_sec` a second.
    pub fn new(burst: u32, per_sec: f64) -> Flood<K> {
        Flood {
            burst: f64::from(burst),
            per_sec,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes a token for `key` at `now`; false when its bucket is empty.
    pub fn take(&self, key: &K, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= SWEEP_AT {
            buckets.retain(|_, (_, at)| now.duration_since(*at).as_secs_f64() < FORGET_SECS);
        }
        let (tokens, at) = buckets.entry(key.clone()).or_insert((self.burst, now));
        let refill = now.duration_since(*at).as_secs_f64() * self.per_sec;
        *tokens = (*tokens + refill).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_burst_passes_a_flood_does_not_and_time_refills() {
        let f = Flood::new(3, 1.0);
        let t = Instant::now();
        assert!((0..3).all(|_| f.take(&"ann", t)));
        assert!(!f.take(&"ann", t), "the fourth at once is refused");
        assert!(f.take(&"bob", t), "another writer has his own bucket");
        assert!(f.take(&"ann", t + Duration::from_millis(1100)));
        assert!(!f.take(&"ann", t + Duration::from_millis(1200)));
    }
}

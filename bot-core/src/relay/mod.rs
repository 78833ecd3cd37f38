//! The relay: the loop a chat bot runs beside its inbound updates. It fires the session's deadlines
//! when they fall due and carries the durable outbox to the platform through a [`Courier`], marking
//! each message with what became of it.
//!
//! The store hands out only the oldest unsent message of each chat or user, so messages to one
//! target arrive in the order they were committed while different targets are served side by side;
//! a message is marked sent only after the platform accepted it, so a crash repeats at most the one
//! message in flight and loses none.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::Notify;
use tokio::task::JoinSet;

use crate::session::chat::{Outbound, Platform};
use crate::session::{Session, SessionError};

/// How a platform adapter sends one message.
pub trait Courier: Send + Sync + 'static {
    /// The platform whose outbox this courier carries.
    fn platform(&self) -> Platform;

    /// Sends (or, with [`Outbound::edit`], edits) one message, and says how it went. A message the
    /// platform shows as several goes out part by part: the first [`Outbound::parts_sent`] are out
    /// already, and each further part is recorded with `progress` as soon as the platform took it,
    /// so that no part is sent twice, even across a restart.
    fn deliver(
        &self,
        out: &Outbound,
        progress: &Progress,
    ) -> impl Future<Output = Result<Delivered, Refusal>> + Send;
}

/// Where a courier records the parts of a message that went out, durably.
#[derive(Clone, Debug)]
pub struct Progress {
    session: Session,
    id: u64,
}

impl Progress {
    /// The progress of outbox message `id`.
    pub fn new(session: Session, id: u64) -> Progress {
        Progress { session, id }
    }

    /// Records that the first `parts` parts are out; `message_id` is the platform's id of the last
    /// one. A store that fails here is logged, not fatal: the part is out, and the worst a crash
    /// before the next record can do is show it twice.
    pub async fn parts_sent(&self, parts: u32, message_id: Option<&str>) {
        if let Err(e) = self
            .session
            .mark_parts_sent(self.id, parts, message_id)
            .await
        {
            tracing::warn!(id = self.id, error = %e, "could not record a part sent");
        }
    }
}

/// The platform accepted a message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Delivered {
    /// The platform's id of the message that now shows it, for later edits.
    pub message_id: Option<String>,
    /// For a message that opened a thread ([`Outbound::thread`]): the thread's chat, where the
    /// messages waiting for it go.
    pub chat: Option<String>,
}

/// Why the platform did not take a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Too many requests: try again after this long (Telegram's and Discord's `retry_after`).
    RetryAfter(Duration),
    /// A passing failure (a 5xx, a dropped connection): try again after a growing pause.
    Transient(String),
    /// A private message the user has not allowed (he never opened a chat with the bot, blocked it,
    /// or closed his DMs). It waits for him; see [`Session::mark_blocked`].
    Blocked,
    /// The chat is gone for good (the bot was removed): the message is given up.
    Gone(String),
    /// The platform refused this message for good, whatever its target (too long, malformed):
    /// no later try could pass. It is given up so that the target's later messages go, and a
    /// game's message is followed by a notice to its reader; see [`Session::mark_rejected`].
    Rejected(String),
}

/// The longest pause after passing failures.
pub const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// How many due timers fire between two rounds of deliveries: a long backlog (a bot back from a
/// downtime) is worked off in slices, and what is due goes out meanwhile.
const TIMER_SLICE: usize = 64;
/// How often the relay looks for messages whose pause ran out, when nothing wakes it sooner.
const POLL: Duration = Duration::from_millis(500);

/// The outbox pump and the clock of one bot.
pub struct Relay<C: Courier> {
    session: Session,
    courier: Arc<C>,
    wake: Arc<Notify>,
}

impl<C: Courier> Relay<C> {
    /// A relay carrying `session`'s outbox for `courier`'s platform.
    pub fn new(session: Session, courier: C) -> Relay<C> {
        Relay {
            session,
            courier: Arc::new(courier),
            wake: Arc::new(Notify::new()),
        }
    }

    /// Notify this after handling an input so that its replies go out at once.
    pub fn waker(&self) -> Arc<Notify> {
        self.wake.clone()
    }

    /// Runs until `shutdown` completes: fires deadlines, sends what is due, sleeps until the next
    /// deadline, a wake or a short poll. A failing store is logged and tried again; it never ends
    /// the loop, since the bot must go on answering when the disk recovers. Shutdown ends a round
    /// at once: a commit in hand lands whole (the store's writes run to their end), and a message
    /// in flight but not yet marked is sent again after the restart.
    pub async fn run(self, shutdown: impl Future<Output = ()> + Send) {
        tokio::pin!(shutdown);
        loop {
            let round = tokio::select! {
                biased;
                () = &mut shutdown => break,
                r = self.round() => r,
            };
            if let Err(e) = round {
                tracing::error!(error = %e, "the relay could not reach the store; trying again");
            }
            let pause = self.pause().await;
            tokio::select! {
                () = &mut shutdown => break,
                () = self.wake.notified() => {}
                () = tokio::time::sleep(pause) => {}
            }
        }
    }

    /// One round: the deadlines due now fire, a slice at a time, and after each slice every
    /// message that may go is sent, until none is left that may go now. A timer that fails stays
    /// with its game (see [`Session::advance_by`]); deliveries go on whatever the timers do.
    /// Returns how many were delivered.
    pub async fn round(&self) -> Result<usize, SessionError> {
        let mut delivered = 0;
        loop {
            let more = match self.session.advance_by(now_ms(), TIMER_SLICE).await {
                Ok((_, more)) => more,
                Err(e) if is_lost(&e) => return Err(e),
                Err(e) => {
                    tracing::error!(error = %e, "firing timers failed; they are tried again");
                    false
                }
            };
            delivered += self.deliver().await?;
            if !more {
                return Ok(delivered);
            }
        }
    }

    /// Sends every message that may go now, batch after batch. A message whose outcome cannot be
    /// recorded is logged and tried again later; the others go on.
    async fn deliver(&self) -> Result<usize, SessionError> {
        let mut delivered = 0;
        // Each pass marks every message it takes, so the batches run out; the bound is a safeguard.
        for _ in 0..10_000 {
            let batch = self
                .session
                .pending_outbox(self.courier.platform(), now_ms())
                .await?;
            if batch.is_empty() {
                break;
            }
            let mut sending = JoinSet::new();
            for out in batch {
                let courier = self.courier.clone();
                let progress = Progress::new(self.session.clone(), out.id);
                sending.spawn(async move {
                    let result = courier.deliver(&out, &progress).await;
                    (out, result)
                });
            }
            while let Some(done) = sending.join_next().await {
                let Ok((out, result)) = done else { continue };
                match self.settle(&out, result).await {
                    Ok(sent) => delivered += usize::from(sent),
                    Err(e) if is_lost(&e) => return Err(e),
                    Err(e) => {
                        tracing::error!(id = out.id, error = %e, "a delivery's outcome was not recorded")
                    }
                }
            }
        }
        Ok(delivered)
    }

    /// Marks a message with what became of it; true if it was delivered.
    async fn settle(
        &self,
        out: &Outbound,
        result: Result<Delivered, Refusal>,
    ) -> Result<bool, SessionError> {
        let now = now_ms();
        if out.thread.is_some() {
            return self.settle_thread(out, result, now).await;
        }
        match result {
            Ok(d) => {
                self.session
                    .mark_sent(out.id, d.message_id.as_deref(), now)
                    .await?;
                return Ok(true);
            }
            Err(Refusal::RetryAfter(wait)) => {
                let wait = wait.max(Duration::from_millis(100));
                tracing::warn!(id = out.id, ?wait, "the platform asks to slow down");
                self.session.mark_failed(out.id, now + millis(wait)).await?;
            }
            Err(Refusal::Transient(why)) => {
                let wait = backoff(out.attempts);
                tracing::warn!(id = out.id, %why, ?wait, "sending failed; will retry");
                self.session.mark_failed(out.id, now + millis(wait)).await?;
            }
            Err(Refusal::Blocked) => {
                tracing::info!(id = out.id, "a private message waits for its reader");
                self.session.mark_blocked(out.id, now).await?;
            }
            Err(Refusal::Gone(why)) => {
                tracing::warn!(id = out.id, %why, "the chat is gone; message given up");
                self.session.mark_dropped(out.id, now).await?;
            }
            Err(Refusal::Rejected(why)) => {
                tracing::warn!(id = out.id, %why, "the platform refused the message for good; given up");
                let platform = self.courier.platform();
                if self.session.mark_rejected(platform, out, &why, now).await? {
                    self.wake.notify_one();
                }
            }
        }
        Ok(false)
    }

    /// Marks a thread's opening: the chat named before it existed becomes the thread, or, refused,
    /// its game is taken back to open elsewhere. A passing failure is tried again as any message.
    async fn settle_thread(
        &self,
        out: &Outbound,
        result: Result<Delivered, Refusal>,
        now: i64,
    ) -> Result<bool, SessionError> {
        match result {
            Ok(Delivered {
                chat: Some(chat), ..
            }) => {
                self.session
                    .thread_opened(self.courier.platform(), out, &chat, now)
                    .await?;
                Ok(true)
            }
            Ok(Delivered { chat: None, .. }) => {
                let why = "the platform opened no thread".to_string();
                self.settle_refused_thread(out, why, now).await
            }
            Err(Refusal::Gone(why) | Refusal::Rejected(why)) => {
                self.settle_refused_thread(out, why, now).await
            }
            // A thread never waits for a reader; the rest are tried again.
            Err(Refusal::Blocked) => {
                let why = "the chat refused the thread".to_string();
                self.settle_refused_thread(out, why, now).await
            }
            Err(Refusal::RetryAfter(wait)) => {
                let wait = wait.max(Duration::from_millis(100));
                self.session.mark_failed(out.id, now + millis(wait)).await?;
                Ok(false)
            }
            Err(Refusal::Transient(why)) => {
                let wait = backoff(out.attempts);
                tracing::warn!(id = out.id, %why, ?wait, "opening a thread failed; will retry");
                self.session.mark_failed(out.id, now + millis(wait)).await?;
                Ok(false)
            }
        }
    }

    async fn settle_refused_thread(
        &self,
        out: &Outbound,
        why: String,
        now: i64,
    ) -> Result<bool, SessionError> {
        tracing::warn!(id = out.id, %why, "a thread could not be opened; its game goes elsewhere");
        self.session
            .thread_refused(self.courier.platform(), out, now)
            .await?;
        self.wake.notify_one();
        Ok(false)
    }

    /// How long to sleep: until the next deadline, but never longer than the poll.
    async fn pause(&self) -> Duration {
        match self.session.store().next_timer_due().await {
            Ok(Some(due)) => {
                let left = due.0.saturating_sub(now_ms()).max(0) as u64;
                Duration::from_millis(left).min(POLL)
            }
            _ => POLL,
        }
    }
}

/// Whether the database file is gone: nothing can be recorded any more.
fn is_lost(e: &SessionError) -> bool {
    matches!(
        e,
        SessionError::Store(crate::store::StoreError::FileLost(_))
    )
}

/// The pause after `attempts` passing failures: 1 s, 2 s, 4 s … up to a minute.
pub fn backoff(attempts: u32) -> Duration {
    Duration::from_secs(1u64 << attempts.min(6)).min(MAX_BACKOFF)
}

/// Splits a text into pieces of at most `max` characters, at line breaks where it can (a revealed
/// board drawn in text must keep its rows whole), else at spaces, else anywhere. Discord counts characters; see
/// [`split_text_by`] for a platform that counts otherwise.
pub fn split_text(text: &str, max: usize) -> Vec<String> {
    split_text_by(text, max, |_| 1)
}

/// [`split_text`] with the length measured as the platform measures it: `width` is what one
/// character counts for (Telegram counts UTF-16 code units, `char::len_utf16`). The line break or
/// space a piece is cut at is left out of both pieces. A piece holds at least one character, even
/// one wider than `max`.
pub fn split_text_by(text: &str, max: usize, width: impl Fn(char) -> usize) -> Vec<String> {
    let max = max.max(1);
    let mut pieces = vec![];
    let mut rest = text;
    loop {
        // Where the longest head that fits ends, if the rest does not fit whole.
        let mut used = 0;
        let mut cut = None;
        for (i, c) in rest.char_indices() {
            used += width(c);
            if used > max {
                cut = Some(i);
                break;
            }
        }
        let Some(cut) = cut else { break };
        // At least one character, whatever it counts for.
        let cut = if cut == 0 {
            rest.chars().next().map_or(rest.len(), char::len_utf8)
        } else {
            cut
        };
        let head = &rest[..cut];
        let at = head
            .rfind('\n')
            .or_else(|| head.rfind(' '))
            .filter(|&i| i > 0)
            .unwrap_or(cut);
        pieces.push(rest[..at].to_string());
        rest = rest[at..].strip_prefix(['\n', ' ']).unwrap_or(&rest[at..]);
    }
    if !rest.is_empty() || pieces.is_empty() {
        pieces.push(rest.to_string());
    }
    pieces
}

/// Now, in unix milliseconds: the relay is the one place a bot reads the clock.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

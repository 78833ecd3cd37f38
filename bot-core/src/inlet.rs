//! The inlet: where every adapter hands the session its inputs, so that a fault stays in the chat
//! where it happened.
//!
//! Inputs go through lanes, one per chat (a group chat, or a user's private chat with the bot):
//! a lane handles its inputs one after another, in the order they were handed in, and lanes run
//! side by side. A slow or failing input thus holds back only the inputs of its own chat.
//!
//! An input whose handling fails (the store refuses, the game's code panics) is tried again after
//! a growing pause, [`ATTEMPTS`] times in all; then it is set aside: kept whole in the store (see
//! [`Store::held_inputs`](crate::store::Store::held_inputs)), its inbound key recorded so that a
//! redelivery does nothing, the chat told once in plain words what happened and that a chat admin
//! can `/resume` it (or `/abort` the game), and the log names the chat and the game. The chat then
//! goes on with its next input. Only a database that cannot even keep the input aside (the file
//! lost, a disk that refuses every write) fails the input back to the adapter, which keeps it
//! for later as it would any input the bot could not take.
//!
//! A lane exists while it has work, and a little longer (see [`lanes`](crate::lanes)): a bot in a
//! thousand chats keeps tasks only for those that talk.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::sync::oneshot;

use crate::lanes::Lanes;

pub use crate::lanes::Lane;
use crate::session::chat::{Inbound, Outbound, Platform, Reply};
use crate::session::held::{catching, fault_of};
use crate::session::{Session, SessionError};
use crate::store::StoreError;

/// How many times an input is handled before it is set aside.
pub const ATTEMPTS: u32 = 4;
/// The pause before the second attempt; it doubles before each further one (0.1 s, 0.2 s, 0.4 s).
const FIRST_PAUSE: Duration = Duration::from_millis(100);

/// What an adapter still has to learn of an input before the session can handle it (whether its
/// writer administers the chat, a file's content): done in the input's lane, so that an input
/// that needs it keeps its place among its chat's others. `None`: nothing to handle after all.
pub type Preparing = Pin<Box<dyn Future<Output = Result<Option<Inbound>, SessionError>> + Send>>;

/// An input as handed in: ready, or still to prepare.
enum Source {
    Ready(Inbound),
    Preparing(Preparing),
}

/// What a lane does for one input.
enum Job {
    /// A message or a button press.
    Input {
        msg: Source,
        now: i64,
        popups: bool,
        meta: Vec<(String, String)>,
        reply: oneshot::Sender<Result<Reply, SessionError>>,
    },
    /// A user left the chat (the platform said so under its own event key).
    Left {
        user: String,
        key: String,
        now: i64,
        reply: oneshot::Sender<Result<Reply, SessionError>>,
    },
}

/// The session's inputs, by chat. Cheap to clone: the clones share the lanes.
#[derive(Clone, Debug)]
pub struct Inlet {
    session: Session,
    lanes: Lanes<Lane>,
}

/// What the session made of an input, once its lane handled it.
pub struct Ticket(oneshot::Receiver<Result<Reply, SessionError>>);

impl Future for Ticket {
    type Output = Result<Reply, SessionError>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        Pin::new(&mut self.0)
            .poll(cx)
            .map(|r| r.unwrap_or(Err(SessionError::Store(StoreError::Interrupted))))
    }
}

impl Inlet {
    /// An inlet in front of a session.
    pub fn new(session: Session) -> Inlet {
        Inlet {
            session,
            lanes: Lanes::default(),
        }
    }

    /// The session behind it.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Lets every lane finish the inputs it has, for at most `grace`, then stops what is left (see
    /// [`Lanes::finish`]): a bot that stops.
    pub async fn finish(&self, grace: Duration) {
        self.lanes.finish(grace).await;
    }

    /// How many lanes are open now.
    pub fn lanes(&self) -> usize {
        self.lanes.open()
    }

    /// Queues an input in its chat's lane at once (so two inputs of a chat keep the order they
    /// were handed in, whoever awaits first) and returns what the session makes of it, with the
    /// answer meant for a presser's eyes alone as a popup (see [`Session::respond`]).
    pub fn submit(&self, msg: Inbound, now_ms: i64) -> Ticket {
        self.queue(msg, now_ms, true, vec![])
    }

    /// Handles an input as [`Session::respond`] does, in its lane.
    pub async fn respond(&self, msg: Inbound, now_ms: i64) -> Result<Reply, SessionError> {
        self.submit(msg, now_ms).await
    }

    /// Handles an input as [`Session::handle`] does (a presser's answer comes privately), in its
    /// lane.
    pub async fn handle(&self, msg: Inbound, now_ms: i64) -> Result<Vec<Outbound>, SessionError> {
        Ok(self.queue(msg, now_ms, false, vec![]).await?.outbound)
    }

    /// Handles an input as [`Session::handle_recording`] does, in its lane: `meta` lands with the
    /// input's commit, or with the commit that sets it aside.
    pub async fn handle_recording(
        &self,
        msg: Inbound,
        now_ms: i64,
        meta: &[(String, String)],
    ) -> Result<Vec<Outbound>, SessionError> {
        Ok(self
            .queue(msg, now_ms, false, meta.to_vec())
            .await?
            .outbound)
    }

    /// A user left a group chat, as [`Session::member_left`]: in the chat's lane, behind its
    /// earlier inputs.
    pub async fn member_left(
        &self,
        platform: Platform,
        chat: &str,
        user: &str,
        key: &str,
        now_ms: i64,
    ) -> Result<Vec<Outbound>, SessionError> {
        let (reply, ticket) = oneshot::channel();
        let lane = Lane {
            platform,
            chat: chat.to_string(),
        };
        let job = Job::Left {
            user: user.to_string(),
            key: key.to_string(),
            now: now_ms,
            reply,
        };
        self.send(lane, job);
        Ok(Ticket(ticket).await?.outbound)
    }

    /// Queues an input that needs preparing (see [`Preparing`]) in `lane` at once, and returns
    /// what the session makes of it. A preparation that fails fails the input back to the
    /// adapter, which keeps it for later; it is not set aside, having never reached the session.
    pub fn submit_prepared(&self, lane: Lane, prepare: Preparing, now_ms: i64) -> Ticket {
        let (reply, ticket) = oneshot::channel();
        let job = Job::Input {
            msg: Source::Preparing(prepare),
            now: now_ms,
            popups: true,
            meta: vec![],
            reply,
        };
        self.send(lane, job);
        Ticket(ticket)
    }

    fn queue(&self, msg: Inbound, now: i64, popups: bool, meta: Vec<(String, String)>) -> Ticket {
        let (reply, ticket) = oneshot::channel();
        let lane = Lane::of(&msg);
        let job = Job::Input {
            msg: Source::Ready(msg),
            now,
            popups,
            meta,
            reply,
        };
        self.send(lane, job);
        Ticket(ticket)
    }

    /// Hands a job to its lane.
    fn send(&self, lane: Lane, job: Job) {
        let session = self.session.clone();
        self.lanes.run(lane.clone(), run_job(session, lane, job));
    }
}

/// One job of a lane.
async fn run_job(session: Session, lane: Lane, job: Job) {
    match job {
        Job::Input {
            msg,
            now,
            popups,
            meta,
            reply,
        } => {
            let msg = match msg {
                Source::Ready(msg) => Ok(Some(msg)),
                Source::Preparing(prepare) => catching(prepare)
                    .await
                    .unwrap_or_else(|_| Err(SessionError::Platform("panicked".into()))),
            };
            let done = match msg {
                Ok(Some(msg)) => input(&session, &msg, now, popups, &meta).await,
                Ok(None) => Ok(Reply::default()),
                Err(e) => Err(e),
            };
            // Whoever handed it in may have stopped waiting: the input is handled all the same.
            let _ = reply.send(done);
        }
        Job::Left {
            user,
            key,
            now,
            reply,
        } => {
            let _ = reply.send(left(&session, &lane, &user, &key, now).await);
        }
    }
}

/// One input, tried [`ATTEMPTS`] times, then set aside.
async fn input(
    session: &Session,
    msg: &Inbound,
    now: i64,
    popups: bool,
    meta: &[(String, String)],
) -> Result<Reply, SessionError> {
    let mut pause = FIRST_PAUSE;
    let mut attempt = 1;
    loop {
        let (fault, details) = match catching(session.handle_input(msg, now, popups, meta)).await {
            Ok(Ok(reply)) => return Ok(reply),
            Ok(Err(e)) if is_final(&e) => return Err(e),
            Ok(Err(e)) => (fault_of(&e), e.to_string()),
            Err(panic) => (panic, "the game's code panicked".to_string()),
        };
        let lane = Lane::of(msg);
        tracing::warn!(platform = %lane.platform, chat = %lane.chat, attempt, fault = fault.code(), %details, "an input failed");
        if attempt >= ATTEMPTS {
            return session
                .set_input_aside(msg, fault, &details, attempt, now, meta)
                .await;
        }
        tokio::time::sleep(pause).await;
        pause *= 2;
        attempt += 1;
    }
}

/// A member's leaving, tried as an input is; one that keeps failing is logged and dropped: he is
/// taken out of the game by his missed deadlines all the same.
async fn left(
    session: &Session,
    lane: &Lane,
    user: &str,
    key: &str,
    now: i64,
) -> Result<Reply, SessionError> {
    let mut pause = FIRST_PAUSE;
    for attempt in 1..=ATTEMPTS {
        let done = session.member_left(lane.platform, &lane.chat, user, key, now);
        match catching(done).await {
            Ok(Ok(outbound)) => {
                return Ok(Reply {
                    outbound,
                    popup: None,
                });
            }
            Ok(Err(e)) if is_final(&e) => return Err(e),
            Ok(Err(e)) => {
                tracing::warn!(platform = %lane.platform, chat = %lane.chat, attempt, error = %e, "a member's leaving failed")
            }
            Err(_) => {
                tracing::warn!(platform = %lane.platform, chat = %lane.chat, attempt, "a member's leaving panicked")
            }
        }
        tokio::time::sleep(pause).await;
        pause *= 2;
    }
    Ok(Reply::default())
}

/// Whether trying an input again (or setting it aside) cannot help: the database file is gone.
fn is_final(e: &SessionError) -> bool {
    matches!(e, SessionError::Store(StoreError::FileLost(_)))
}

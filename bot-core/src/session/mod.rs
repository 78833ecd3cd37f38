//! The platform-neutral session engine: lobbies, setup, turns by message, deadlines, the end — for
//! every chat of every platform, persisted in the [`Store`].
//!
//! Every accepted input is one [`Store::commit`]: the inbound id (so a redelivered update does nothing
//! twice), the game's new state, the order log, the messages to send and the timers. Nothing lives
//! only in memory: a [`Session`] reopened on the same file resumes every game with its deadlines, and
//! the unsent messages are still in the outbox.
//!
//! Randomness (the lot of the turn order, generator seeds) comes from the seed the session was first
//! created with, mixed with each game's id and a per-game counter kept in the game; time comes only from
//! the `now_ms` arguments.

mod cache;
pub mod chat;
mod command;
mod commit;
pub use command::{commands, is_admin_command, is_chat_admin_command};
mod firing;
mod flow;
pub mod game;
pub(crate) mod held;
mod lobby;
pub mod outcome;
mod personal;
mod registry;
pub mod seating;
pub mod table;
pub mod text;
mod tournament;
mod transfer;
mod typed;
pub(crate) mod verify;
pub use held::Fault;
pub use registry::Registry;
pub use tournament::{Landing, export_tournament, import_tournament};
pub use verify::check_game_export;

use crate::i18n::Lang;
use crate::store::{
    ChatMove, Commit, GameId, GameRecord, GameStatus, Hold, InboundKey, Moved, OutboxId, Store,
    StoreError, UnixMs,
};

use chat::{Content, Hearing, Inbound, Outbound, Payload, Platform, Reply, UserId};
use commit::{ends_a_game, outbounds};
use game::{Dest, Effects, Out};
use table::Table;

/// The meta key of the session's seed.
const SEED_KEY: &str = "session-seed";
/// The longest message read, in bytes: anything longer is refused unread.
pub const MAX_TEXT_BYTES: usize = 64 * 1024;
/// The largest file read (an exported game with a long order log), in bytes.
pub const MAX_FILE_BYTES: usize = 1024 * 1024;
/// How long a private message the platform refused waits before it is tried again, unless the user
/// writes to the bot first.
pub const BLOCKED_RETRY_MS: i64 = 10 * 60 * 1000;
/// The seat under which a master who does not play is filed in the roster, so his private
/// messages find the game.
const MASTER_SEAT: u32 = 100;
/// How many times an input is handled before a refusal of the store (a game moved on meanwhile)
/// or a game that does not read is the input's failure.
const INPUT_ATTEMPTS: u32 = 4;
/// How many due timers are read from the store at once.
const TIMER_BATCH: u32 = 256;
/// How many times a timer that fails (its game's code panics, the store refuses) is tried, a
/// pause apart, before its game is set aside.
pub const TIMER_ATTEMPTS: u32 = 3;
/// The pause before a failed timer is tried again.
const TIMER_RETRY_MS: i64 = 30_000;

/// Why the session could not handle an input. Players' mistakes are never errors: they get replies.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored game does not read back (written by an incompatible version).
    #[error("a stored game does not read back: {0}")]
    Corrupt(#[from] serde_json::Error),
    /// A stored game is of a kind this version does not host.
    #[error("a stored game is of a kind this version does not know: {0}")]
    UnknownGame(String),
    /// A running game's saved state does not read (see [`Fault`]); the session sets it aside.
    /// The details name where, never what: the state holds secrets.
    #[error("game {game} does not read back ({fault:?}: {details})")]
    Unreadable {
        /// The game.
        game: GameId,
        /// What kind of failure.
        fault: Fault,
        /// Where it failed, without quoting the state.
        details: String,
    },
    /// The game is set aside: it is not loaded until an admin resumes it.
    #[error("game {0} is set aside")]
    Held(GameId),
    /// The platform could not tell what an input needs (whether its writer is an admin, a
    /// file's content) now; the adapter keeps the input for later.
    #[error("the platform: {0}")]
    Platform(String),
    /// No tournament has that number.
    #[error("there is no tournament {0}: /tournament in its chat shows its number")]
    NoTournament(i64),
    /// A document given to import is not a tournament export this version reads.
    #[error("not a tournament export this version reads: {0}")]
    BadTournamentExport(String),
}

/// A finished game's result, as [`Session::outcome`] reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The game's word (`/newgame WORD`).
    pub game: &'static str,
    /// The players' user ids, by seat.
    pub users: Vec<String>,
    /// Places and scores, by seat.
    pub outcome: game::Outcome,
}

/// The session engine over one store.
#[derive(Clone, Debug)]
pub struct Session {
    store: Store,
    seed: u64,
    lang: Lang,
    /// The games this session hosts.
    registry: Registry,
    /// The running games of the chats this process served, as it last committed them.
    games: cache::Games,
    /// Timers that failed to fire, and how often.
    timer_failures: held::TimerFailures,
    /// What each platform's bot hears of a group, as its adapter found at start.
    hearing: std::sync::Arc<std::sync::RwLock<std::collections::HashMap<Platform, Hearing>>>,
}

/// A game read from the store.
#[derive(Clone, Debug)]
struct Loaded {
    id: GameId,
    version: i64,
    platform: Platform,
    chat: String,
    table: Table,
    /// Whether the store had it running when it was read: a commit that leaves it over ends it.
    was_running: bool,
}

/// What handling one input does: replies, and maybe a game changed or created.
#[derive(Debug, Default)]
pub(crate) struct Work {
    /// The game concerned, changed in place.
    game: Option<Loaded>,
    /// A new game to create.
    insert: Option<Table>,
    /// Replies, and what changed besides the game's state.
    fx: Effects,
    /// Timer kinds that fired and are done.
    fired: Vec<String>,
    /// The user wrote privately: his refused private messages may go now.
    release: Option<UserId>,
    /// The time of the input (or of the timer that fired).
    now: i64,
    /// The game came from the session's cache rather than the store.
    cached: bool,
    /// Settings of the adapter's own (a script's cursor) to record in the same commit.
    meta: Vec<(String, String)>,
    /// The current turn's deadline moved (an extension, a vacation): the timers follow it.
    clock_due: Option<i64>,
    /// The chat a new game (`insert`) is opened in, when not the input's (a tournament's table).
    insert_chat: Option<String>,
    /// A tournament created or written back.
    cup: Option<crate::store::TournamentWrite>,
    /// Ratings a tournament's round sets, written with the tournament.
    ratings: Vec<crate::store::RatingWrite>,
    /// A game to set aside.
    hold: Option<Hold>,
    /// A game set aside that reads again.
    unhold: Option<GameId>,
    /// A game set aside to end unread.
    abort_held: Option<GameId>,
    /// The input set aside that this handles again: it leaves the held inputs in the same commit.
    resumed: Option<i64>,
    /// After the commit, the chat's inputs set aside (and those about this game) are handled
    /// again: an admin's `/resume`.
    replay: Option<GameId>,
    /// What the input does to other games (a player's setting written into each of his games),
    /// committed in the same transaction.
    others: Vec<Work>,
}

impl Work {
    /// Whether handling the input changed nothing and has nothing to say: then nothing is committed.
    fn is_idle(&self) -> bool {
        self.fx.outs.is_empty()
            && !self.fx.dirty
            && self.insert.is_none()
            && self.cup.is_none()
            && self.fired.is_empty()
            && self.release.is_none()
            && self.meta.is_empty()
            && self.hold.is_none()
            && self.unhold.is_none()
            && self.abort_held.is_none()
            && self.resumed.is_none()
            && self.replay.is_none()
    }
}

impl Session {
    /// A session over a store. The seed is kept in the store the first time; a reopened session
    /// goes on with the stored one, so a restart draws the same lots.
    pub async fn open(
        store: Store,
        registry: Registry,
        seed: u64,
        lang: Lang,
    ) -> Result<Session, SessionError> {
        let seed = match store.meta(SEED_KEY).await? {
            Some(s) => s.parse().unwrap_or(seed),
            None => {
                let mut c = Commit::at(UnixMs(0));
                c.meta.push((SEED_KEY.to_string(), seed.to_string()));
                store.commit(c).await?;
                seed
            }
        };
        Ok(Session {
            store,
            seed,
            lang,
            registry,
            games: cache::Games::default(),
            timer_failures: held::TimerFailures::default(),
            hearing: Default::default(),
        })
    }

    /// Records what `platform`'s bot hears of a group (its adapter asks the platform at start):
    /// where it hears only what is addressed to it, `/help` and the first prompt of each game say
    /// how to address it.
    pub fn set_hearing(&self, platform: Platform, hearing: Hearing) {
        let mut map = self.hearing.write().unwrap_or_else(|e| e.into_inner());
        map.insert(platform, hearing);
    }

    /// What `platform`'s bot hears of a group; every message unless its adapter said otherwise.
    pub fn hearing(&self, platform: Platform) -> Hearing {
        let map = self.hearing.read().unwrap_or_else(|e| e.into_inner());
        map.get(&platform).cloned().unwrap_or_default()
    }

    /// How to address the bot where it hears only that (see [`Hearing`]), in `lang`.
    pub(crate) fn addressed_only(&self, platform: Platform, lang: Lang) -> Option<String> {
        match self.hearing(platform) {
            Hearing::All => None,
            Hearing::Addressed { name } => Some(text::t(
                lang,
                "session-addressed-only",
                crate::args![("bot", name)],
            )),
        }
    }

    /// The games this session hosts.
    pub fn registry(&self) -> Registry {
        self.registry
    }

    /// The game this process holds in its cache for a chat, if any: what a restart or another
    /// process writing the same database makes it read afresh.
    pub fn cached_game(&self, platform: Platform, chat: &str) -> Option<GameId> {
        self.games.held(platform, chat)
    }

    /// The store under this session.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Handles one message or button press: everything it queued, already durable in the outbox.
    /// A redelivered update (same platform and message id) does nothing and returns nothing.
    /// An answer meant for a presser's eyes only comes as a private message: this is the entry of
    /// adapters without popups (`gm script`); chat bots use [`Session::respond`].
    pub async fn handle(&self, msg: Inbound, now_ms: i64) -> Result<Vec<Outbound>, SessionError> {
        Ok(self.input(msg, now_ms, false, &[]).await?.outbound)
    }

    /// Handles one input as [`Session::handle`] does, recording `meta` (an adapter's cursor, such
    /// as how far `gm script` got in its input) in the same commit: after a crash the cursor and
    /// the input's effects are both there or both missing. The commit happens even if the input
    /// changes nothing else.
    pub async fn handle_recording(
        &self,
        msg: Inbound,
        now_ms: i64,
        meta: &[(String, String)],
    ) -> Result<Vec<Outbound>, SessionError> {
        Ok(self.input(msg, now_ms, false, meta).await?.outbound)
    }

    /// Handles one message or button press, as [`Session::handle`] does, with the answer meant for
    /// the presser alone apart, to show as a popup at once.
    pub async fn respond(&self, msg: Inbound, now_ms: i64) -> Result<Reply, SessionError> {
        self.input(msg, now_ms, true, &[]).await
    }

    /// A group's running game is taken from the session's cache; if the store refuses the commit
    /// because the game moved on meanwhile (another task or process wrote it), or the input would
    /// change nothing on the cached copy, the input is handled once more on the game read afresh.
    /// A game that turns out not to read is set aside (see [`held`]) and the input handled without
    /// it.
    async fn input(
        &self,
        msg: Inbound,
        now_ms: i64,
        popups: bool,
        meta: &[(String, String)],
    ) -> Result<Reply, SessionError> {
        self.input_as(&msg, now_ms, popups, meta, None).await
    }

    /// One input as the [`Inlet`](crate::inlet::Inlet)'s lanes hand it in.
    pub(crate) async fn handle_input(
        &self,
        msg: &Inbound,
        now_ms: i64,
        popups: bool,
        meta: &[(String, String)],
    ) -> Result<Reply, SessionError> {
        self.input_as(msg, now_ms, popups, meta, None).await
    }

    /// Handles again an input set aside before, as its own commit that takes it out of the held
    /// inputs (a redelivery of it is already known, so it carries no inbound key).
    /// (Boxed: handling `/resume` replays inputs, which may be handled as inputs are.)
    pub(crate) fn replay<'a>(
        &'a self,
        msg: &'a Inbound,
        held: i64,
        now_ms: i64,
    ) -> std::pin::Pin<Box<dyn Future<Output = Result<Reply, SessionError>> + Send + 'a>> {
        Box::pin(self.input_as(msg, now_ms, false, &[], Some(held)))
    }

    async fn input_as(
        &self,
        msg: &Inbound,
        now_ms: i64,
        popups: bool,
        meta: &[(String, String)],
        held: Option<i64>,
    ) -> Result<Reply, SessionError> {
        let mut use_cache = true;
        let mut attempt = 1;
        // Notices of games set aside on the way, said before the input's own replies.
        let mut told = vec![];
        loop {
            let outcome = self
                .input_once(msg, now_ms, popups, use_cache, meta, held)
                .await;
            match outcome {
                Ok(Some((mut reply, replay))) => {
                    if let Some(game) = replay {
                        let lang = msg.lang.unwrap_or(self.lang);
                        let (platform, chat) = (msg.platform, msg.chat.0.as_str());
                        let more = self.replay_held(platform, chat, Some(game), lang, now_ms);
                        reply.outbound.extend(more.await?);
                    }
                    told.append(&mut reply.outbound);
                    reply.outbound = told;
                    return Ok(reply);
                }
                Ok(None) if !use_cache => {
                    return Ok(Reply {
                        outbound: told,
                        popup: None,
                    });
                }
                Ok(None) => {}
                Err(SessionError::Store(
                    StoreError::Conflict { .. } | StoreError::TournamentMoved(_),
                )) if attempt < INPUT_ATTEMPTS => {}
                Err(SessionError::Unreadable {
                    game,
                    fault,
                    details,
                }) if attempt < INPUT_ATTEMPTS => {
                    let (aside, notice) =
                        self.set_game_aside(game, fault, &details, now_ms).await?;
                    told.extend(notice);
                    if !aside {
                        // Not a running game (a finished one's export): nothing to set aside.
                        return Err(SessionError::Unreadable {
                            game,
                            fault,
                            details,
                        });
                    }
                }
                Err(e) => return Err(e),
            }
            self.games.forget(msg.platform, &msg.chat.0);
            use_cache = false;
            attempt += 1;
        }
    }

    /// Handles an input once; `None` when a cached game may have misled it into doing nothing.
    /// The redelivery check is the commit's: the inbound key's insert refuses a known key, so a
    /// redelivered update costs no read first. With the game it resumed, when the chat's inputs
    /// set aside are to be handled again after it.
    async fn input_once(
        &self,
        msg: &Inbound,
        now_ms: i64,
        popups: bool,
        use_cache: bool,
        meta: &[(String, String)],
        held: Option<i64>,
    ) -> Result<Option<(Reply, Option<GameId>)>, SessionError> {
        let key = match held {
            Some(_) => None,
            None => Some(InboundKey::new(msg.platform, msg.message_id.clone())),
        };
        let (raw, limit) = match &msg.content {
            Content::Text(t) | Content::Button(t) => (t.as_str(), MAX_TEXT_BYTES),
            Content::File(f) => (f.text.as_str(), MAX_FILE_BYTES),
        };
        let mut work = Work {
            now: now_ms,
            resumed: held,
            ..Work::default()
        };
        // Too long to be an order, or garbled on the way (invalid UTF-8 decoded as U+FFFD): read
        // nothing of it rather than guess.
        let unread = if raw.len() > limit {
            Some("session-too-long")
        } else if raw.contains(char::REPLACEMENT_CHARACTER) {
            Some("session-garbled")
        } else {
            None
        };
        if let Some(id) = unread {
            let lang = msg.lang.unwrap_or(self.lang);
            work.fx.outs.push(Out {
                to: reply_to(msg),
                payload: Payload {
                    text: text::t(lang, id, &[]),
                    ..Payload::default()
                },
            });
        } else if msg.private {
            work.release = Some(msg.user.clone());
            self.private(msg, raw.trim(), now_ms, &mut work).await?;
        } else {
            self.group(msg, raw.trim(), now_ms, use_cache, &mut work)
                .await?;
        }
        if work.cached && work.is_idle() {
            return Ok(None);
        }
        work.meta.extend_from_slice(meta);
        let popup = take_popups(&mut work, &msg.user, popups);
        let origin = (msg.platform, msg.chat.0.clone());
        let moves_a_tournament = work.cup.is_some() || ends_a_game(&work);
        let replay = work.replay;
        let others = std::mem::take(&mut work.others);
        let mut works = vec![work];
        works.extend(others);
        let mut outbound = commit::write_all(self, key, origin, works, now_ms).await?;
        if moves_a_tournament {
            // The input is in; a tournament's step that fails now is done at the next tick
            // (the tournament stays marked), and must not make the input look failed.
            match tournament::tick(self, now_ms).await {
                Ok(more) => outbound.extend(more),
                Err(e) => {
                    tracing::warn!(error = %e, "a tournament's step failed; it is done later")
                }
            }
        }
        Ok(Some((Reply { outbound, popup }, replay)))
    }

    /// A user left the group or server where `chat` is (the platform said so, under its own event
    /// id `key`, which makes a redelivered event do nothing): out of the chat's lobby at once; in a
    /// game under way he leaves when the deadline of a move of his passes, unless he speaks in
    /// the chat again before.
    pub async fn member_left(
        &self,
        platform: Platform,
        chat: &str,
        user: &str,
        key: &str,
        now_ms: i64,
    ) -> Result<Vec<Outbound>, SessionError> {
        let Some(rec) = self.store.running_game_in_chat(platform, chat).await? else {
            return Ok(vec![]);
        };
        if rec.held.is_some() {
            // A game set aside is not read; he stays in it until it is resumed or ended.
            return Ok(vec![]);
        }
        let mut game = match loaded(self.registry, rec) {
            Ok(g) => g,
            Err(SessionError::Unreadable {
                game,
                fault,
                details,
            }) => {
                let (_, notice) = self.set_game_aside(game, fault, &details, now_ms).await?;
                return Ok(notice);
            }
            Err(e) => return Err(e),
        };
        let Some(seat) = game.table.seating.seat_of(user) else {
            return Ok(vec![]);
        };
        let mut work = Work {
            now: now_ms,
            ..Work::default()
        };
        flow::member_left(&mut game, seat, self.seed, &mut work);
        work.game = Some(game);
        self.games.forget(platform, chat);
        let inbound = Some(InboundKey::new(platform, key.to_string()));
        // A redelivered event's key is known: the commit then writes nothing and says nothing.
        self.commit(inbound, (platform, chat.to_string()), work, now_ms)
            .await
    }

    /// The messages that may be sent now: per target only its oldest unsent one, in order.
    pub async fn pending_outbox(
        &self,
        platform: Platform,
        now_ms: i64,
    ) -> Result<Vec<Outbound>, SessionError> {
        let rows = self
            .store
            .sendable_outbox(platform, UnixMs(now_ms), 1000)
            .await?;
        let mut sendable = Vec::with_capacity(rows.len());
        for row in rows {
            let id = row.id;
            match serde_json::from_str::<Payload>(&row.payload) {
                Ok(payload) => sendable.push(commit::outbound(row, payload)),
                // A message this version cannot read would hold back its chat for good: it is
                // given up, and the others go.
                Err(e) => {
                    tracing::error!(id = id.0, error = %held::describe(&e), "a message does not read back; given up");
                    self.store.mark_dropped(id, UnixMs(now_ms)).await?;
                }
            }
        }
        Ok(sendable)
    }

    /// Every unsent message of a platform, oldest first, for an adapter that delivers them all at
    /// once and in order (`gm script`).
    pub async fn unsent_outbox(&self, platform: Platform) -> Result<Vec<Outbound>, SessionError> {
        outbounds(self.store.unsent_outbox(platform).await?)
    }

    /// Records that the platform accepted a message.
    pub async fn mark_sent(
        &self,
        id: u64,
        platform_message_id: Option<&str>,
        now_ms: i64,
    ) -> Result<(), SessionError> {
        self.store
            .mark_sent(OutboxId(id as i64), platform_message_id, UnixMs(now_ms))
            .await?;
        Ok(())
    }

    /// Records that the first `parts` parts of a message shown as several are out (see
    /// [`Outbound::parts_sent`]), with the platform's id of the last one if it has one.
    pub async fn mark_parts_sent(
        &self,
        id: u64,
        parts: u32,
        platform_message_id: Option<&str>,
    ) -> Result<(), SessionError> {
        self.store
            .mark_parts_sent(OutboxId(id as i64), parts, platform_message_id)
            .await?;
        Ok(())
    }

    /// Records that sending a message failed for a while (a 429's retry_after, a 5xx, a dropped
    /// connection): it and every later message to its target wait until `retry_at_ms`.
    pub async fn mark_failed(&self, id: u64, retry_at_ms: i64) -> Result<(), SessionError> {
        self.store
            .mark_failed(OutboxId(id as i64), UnixMs(retry_at_ms))
            .await?;
        Ok(())
    }

    /// Gives a message up for good: its chat is gone (the bot was removed from the group).
    pub async fn mark_dropped(&self, id: u64, now_ms: i64) -> Result<(), SessionError> {
        self.store
            .mark_dropped(OutboxId(id as i64), UnixMs(now_ms))
            .await?;
        Ok(())
    }

    /// Records that the platform refused a message for good (too long, malformed): it is given up,
    /// and the messages after it go. A message of a game is followed by a notice to the same reader,
    /// in his language, saying that one message could not be delivered and why (the platform's
    /// words); the notice belongs to no game, so a notice refused in turn is given up silently.
    /// Returns whether a notice was queued.
    pub async fn mark_rejected(
        &self,
        platform: Platform,
        out: &Outbound,
        why: &str,
        now_ms: i64,
    ) -> Result<bool, SessionError> {
        let id = OutboxId(out.id as i64);
        let of_a_game = (self.store.outgoing(id).await?).is_some_and(|o| o.game_id.is_some());
        self.store.mark_dropped(id, UnixMs(now_ms)).await?;
        if !of_a_game {
            return Ok(false);
        }
        let lang = match &out.to {
            chat::Target::User(user) => {
                (personal::chosen_lang(self, platform, &user.0).await?).unwrap_or(self.lang)
            }
            chat::Target::Chat(_) => self.lang,
        };
        let text = text::t(
            lang,
            "session-undelivered",
            crate::args![("why", why.to_string())],
        );
        let payload = Payload {
            text,
            ..Payload::default()
        };
        let mut c = Commit::at(UnixMs(now_ms));
        c.outbox.push(crate::store::NewOutgoing::new(
            commit::store_target(platform, &out.to),
            serde_json::to_string(&payload)?,
        ));
        self.store.commit(c).await?;
        Ok(true)
    }

    /// Records that the platform refused a private message: the user has not opened a chat with the
    /// bot, or closed it. The message is never dropped for that: it waits, tried again every
    /// [`BLOCKED_RETRY_MS`] and at once when the user next writes privately. The first time, the
    /// group chat of each of his running games is asked to tell him; those notices are returned.
    pub async fn mark_blocked(&self, id: u64, now_ms: i64) -> Result<Vec<Outbound>, SessionError> {
        let id = OutboxId(id as i64);
        let news = self
            .store
            .mark_blocked(id, UnixMs(now_ms + BLOCKED_RETRY_MS), UnixMs(now_ms))
            .await?;
        if !news {
            return Ok(vec![]);
        }
        let Some(target) = self.store.outgoing(id).await?.map(|o| o.target) else {
            return Ok(vec![]);
        };
        let mut sent = vec![];
        for rec in self
            .store
            .running_games_of_user(target.platform, &target.id)
            .await?
        {
            if rec.held.is_some() {
                continue;
            }
            let mut work = Work::default();
            // A game that does not read is set aside by its next input or timer; no notice here.
            let Ok(game) = loaded(self.registry, rec) else {
                continue;
            };
            flow::ask_to_open_chat(&game, &target.id, &mut work);
            work.game = Some(game);
            let origin = (target.platform, String::new());
            sent.extend(self.commit(None, origin, work, now_ms).await?);
        }
        Ok(sent)
    }

    /// A chat got a new id (Telegram turns a group into a supergroup): its games (the last one
    /// too, which peeks find by chat) and the messages to it not yet sent follow it, so the game
    /// goes on in the chat under its new id. Reporting the same move again changes nothing.
    pub async fn move_chat(
        &self,
        platform: Platform,
        from: &str,
        to: &str,
    ) -> Result<Moved, SessionError> {
        let m = ChatMove {
            platform,
            from: from.to_string(),
            to: to.to_string(),
            meta: vec![],
            opened_by: None,
        };
        let moved = self.store.move_chat(&m).await?;
        // The cached copy still names the old chat; the next input reads the game afresh.
        self.games.forget(platform, from);
        self.games.forget(platform, to);
        Ok(moved)
    }

    /// The platform opened the thread `out` asked for ([`Outbound::thread`]) as `chat`: what waited
    /// for it goes there, and `out` counts as sent.
    pub(crate) async fn thread_opened(
        &self,
        platform: Platform,
        out: &Outbound,
        chat: &str,
        now_ms: i64,
    ) -> Result<(), SessionError> {
        tournament::thread_opened(self, platform, out, chat, now_ms).await
    }

    /// The platform will not open the thread `out` asked for: its game goes elsewhere, and `out`
    /// is given up.
    pub(crate) async fn thread_refused(
        &self,
        platform: Platform,
        out: &Outbound,
        now_ms: i64,
    ) -> Result<(), SessionError> {
        // A game of the tournament ending meanwhile moves it: read again and decide again.
        let mut attempt = 1;
        loop {
            match tournament::thread_refused(self, platform, out, now_ms).await {
                Err(SessionError::Store(
                    StoreError::Conflict { .. } | StoreError::TournamentMoved(_),
                )) if attempt < INPUT_ATTEMPTS => attempt += 1,
                done => return done,
            }
        }
    }

    /// The game running in a chat and the user who opened it, his id and name (its manager by
    /// the session's rule): a platform without administrators of its own, the web chat, lets him
    /// name others.
    pub async fn running_opener(
        &self,
        platform: Platform,
        chat: &str,
    ) -> Result<Option<(GameId, UserId, String)>, SessionError> {
        let Some(rec) = self.store.running_game_in_chat(platform, chat).await? else {
            return Ok(None);
        };
        // A game whose state does not read is set aside; it has no opener to ask.
        Ok(loaded(self.registry, rec).ok().map(|g| {
            let opener = &g.table.seating.opener;
            (g.id, UserId(opener.user.clone()), opener.name.clone())
        }))
    }

    /// The chats whose games wait for `user` now (his move, his private choice), in the order the
    /// games began: what a client counts as "your turn". A paused game waits for nobody; one set
    /// aside waits for an admin.
    pub async fn awaiting(
        &self,
        platform: Platform,
        user: &str,
    ) -> Result<Vec<String>, SessionError> {
        let mut chats = vec![];
        for rec in self.store.running_games_of_user(platform, user).await? {
            let chat = rec.chat.clone();
            let Ok(g) = loaded(self.registry, rec) else {
                continue;
            };
            let (play, seating) = (&g.table.play, &g.table.seating);
            let his = |s: &usize| seating.seats.get(*s).is_some_and(|seat| seat.user == user);
            if !seating.paused && play.waiting(seating).seats().iter().any(his) {
                chats.push(chat);
            }
        }
        Ok(chats)
    }

    /// The omniscient state of a chat's current (or last) game, as `gm script` peeks at it.
    pub async fn peek(
        &self,
        platform: Platform,
        chat: &str,
    ) -> Result<Option<serde_json::Value>, SessionError> {
        let cup = self.store.tournament_in_chat(platform, chat).await?;
        let cup = (cup.map(|r| tournament::peek(self.registry, r))).transpose()?;
        let Some(rec) = self.store.latest_game_in_chat(platform, chat).await? else {
            // A tournament's chat before its first game there: the tournament alone.
            return Ok(cup.map(|cup| {
                serde_json::json!({"game": null, "status": null, "turn": null, "result": null,
                    "tournament": cup})
            }));
        };
        let held = rec.held.clone().map(|why| held::Fault::of(&why).code());
        let (id, kind) = (rec.id, rec.kind.clone());
        // The harness's four statuses: a pause is still play, an abort an end.
        let status = match rec.status {
            GameStatus::Lobby => "lobby",
            GameStatus::Setup => "setup",
            GameStatus::Playing | GameStatus::Paused => "playing",
            GameStatus::Finished | GameStatus::Aborted => "finished",
        };
        let table = match loaded(self.registry, rec) {
            Ok(g) => g.table,
            // A game set aside shows unread: its kind, its status, and in `held` why it waits.
            Err(SessionError::Held(_) | SessionError::Unreadable { .. }) => {
                return Ok(Some(
                    serde_json::json!({"game": kind, "status": status, "turn": null,
                    "result": null, "id": id.0, "held": held.unwrap_or("state")}),
                ));
            }
            Err(e) => return Err(e),
        };
        let mut state = table.play.peek(&table.seating);
        if let (Some(cup), Some(obj)) = (cup, state.as_object_mut()) {
            obj.insert("tournament".to_string(), cup);
        }
        Ok(Some(state))
    }

    /// How a game ended, by its rules, for a tournament to score: each seat's place and score,
    /// with the seats' users. `None` while it runs, or when it was called off.
    pub async fn outcome(&self, id: GameId) -> Result<Option<Finished>, SessionError> {
        let Some(g) = self.load(id).await? else {
            return Ok(None);
        };
        let seating = &g.table.seating;
        if seating.stage != table::Stage::Finished {
            return Ok(None);
        }
        let users = seating.seats.iter().map(|s| s.user.clone()).collect();
        Ok(g.table.play.outcome(seating).map(|outcome| Finished {
            game: g.table.kind.word(),
            users,
            outcome,
        }))
    }

    async fn load(&self, id: GameId) -> Result<Option<Loaded>, SessionError> {
        self.store
            .game(id)
            .await?
            .map(|rec| loaded(self.registry, rec))
            .transpose()
    }

    async fn group(
        &self,
        msg: &Inbound,
        text: &str,
        now: i64,
        use_cache: bool,
        work: &mut Work,
    ) -> Result<(), SessionError> {
        let chat = &msg.chat.0;
        let cached = use_cache
            .then(|| self.games.get(msg.platform, chat))
            .flatten();
        if let Some(game) = cached {
            work.game = Some(game);
            work.cached = true;
        } else if let Some(rec) = self.store.running_game_in_chat(msg.platform, chat).await? {
            if rec.held.is_some() {
                return held::group(self, msg, rec, text, work).await;
            }
            let game = loaded(self.registry, rec)?;
            self.games.put(game.clone());
            work.game = Some(game);
        }
        if let Some(g) = work.game.as_mut() {
            flow::came_back(g, &msg.user.0, &mut work.fx);
        }
        let lang = self.lang_of(msg, work);
        let mut text = text;
        if matches!(msg.content, Content::Button(_)) {
            // A button names the game it was made for: pressed after that game ended (a new one
            // may run in the chat by now), it must do nothing.
            let (named, rest) = typed::game_prefix(text);
            if let Some(id) = named {
                if work.game.as_ref().is_none_or(|g| g.id.0 != id) {
                    stale_press(msg.lang.unwrap_or(lang), work);
                    return Ok(());
                }
                text = rest;
            }
        }
        if matches!(msg.content, Content::Button(_)) && flow::is_press(text) {
            if let Some(mut game) = work.game.take() {
                flow::press(&mut game, msg, text, self.seed, work);
                work.game = Some(game);
            } else {
                stale_press(msg.lang.unwrap_or(lang), work);
            }
        } else if let Some(cmd) = typed::Command::parse(text) {
            command::group(self, msg, &cmd, lang, now, work).await?;
        } else if let Some(mut game) = work.game.take() {
            flow::with_play(&mut game, self.seed, work, |play, cx| {
                play.group_text(cx, msg, text)
            });
            work.game = Some(game);
        }
        Ok(())
    }

    /// Applies a change of a player's own (his language, a vacation) to each of his running
    /// games, in the input's one commit: the game the input was handled against (a group's, read
    /// already) is changed in place, each other game in a work of its own that lands with it. No
    /// game is thus written twice from two reads, and a redelivered input finds it all done.
    async fn each_game_of(
        &self,
        msg: &Inbound,
        work: &mut Work,
        change: impl Fn(&mut Loaded, &mut Work),
    ) -> Result<(), SessionError> {
        let now = work.now;
        for rec in (self.store)
            .running_games_of_user(msg.platform, &msg.user.0)
            .await?
        {
            if rec.held.is_some() {
                continue;
            }
            if let Some(mut g) = work.game.take_if(|g| g.id == rec.id) {
                change(&mut g, work);
                work.fx.dirty = true;
                work.game = Some(g);
                continue;
            }
            let mut other = Work {
                now,
                ..Work::default()
            };
            let mut g = loaded(self.registry, rec)?;
            change(&mut g, &mut other);
            other.fx.dirty = true;
            other.game = Some(g);
            work.others.push(other);
        }
        Ok(())
    }

    async fn private(
        &self,
        msg: &Inbound,
        text: &str,
        now: i64,
        work: &mut Work,
    ) -> Result<(), SessionError> {
        // The language he chose with /lang wins over the one his platform reports.
        let chosen = personal::lang_of(self, msg).await?;
        let with_lang;
        let msg = match chosen {
            Some(lang) => {
                with_lang = Inbound {
                    lang: Some(lang),
                    ..msg.clone()
                };
                &with_lang
            }
            None => msg,
        };
        let lang = msg.lang.unwrap_or(self.lang);
        if let Content::File(file) = &msg.content {
            return transfer::receive(self, msg, file, lang, now, work).await;
        }
        let (held, mut games): (Vec<GameRecord>, Vec<GameRecord>) = self
            .store
            .running_games_of_user(msg.platform, &msg.user.0)
            .await?
            .into_iter()
            .partition(|g| g.held.is_some());
        let (named, rest) = typed::game_prefix(text);
        if named.is_none()
            && let Some(c) = typed::Command::parse(rest)
            && c.name == "start"
        {
            return command::start(self, msg, &c, lang, work).await;
        }
        if let (None, Some(c)) = (named, typed::Command::parse(rest)) {
            match c.name.as_str() {
                "lang" => return personal::lang(self, msg, &c, work).await,
                "vacation" => return personal::vacation(self, msg, &c, lang, work).await,
                _ => {}
            }
        }
        if matches!(msg.content, Content::Button(_)) && flow::is_press(rest) {
            // A turn button in a private chat (a card, then where it goes): the game it names,
            // checked as in the group.
            let game = named.and_then(|n| games.into_iter().find(|g| g.id.0 == n));
            match game {
                Some(rec) => {
                    let mut game = loaded(self.registry, rec)?;
                    flow::press(&mut game, msg, rest, self.seed, work);
                    work.game = Some(game);
                }
                None => stale_press(lang, work),
            }
            return Ok(());
        }
        if let Some(n) = named {
            games.retain(|g| g.id.0 == n);
            if games.is_empty() {
                work.fx.outs.push(Out::user(
                    &msg.user.0,
                    text::t(
                        lang,
                        "session-no-such-game",
                        crate::args![("id", n.to_string())],
                    ),
                ));
                return Ok(());
            }
        }
        let cmd = typed::Command::parse(rest);
        if let Some(c) = &cmd
            && c.name == "games"
        {
            command::list_games(self.registry, msg, &games, lang, work)?;
            return Ok(());
        }
        if cmd.as_ref().is_some_and(|c| c.name == "import") {
            work.fx.outs.push(Out::user(
                &msg.user.0,
                text::t(lang, "session-import-how", &[]),
            ));
            return Ok(());
        }
        match games.len() {
            0 if !held.is_empty() && cmd.as_ref().is_none_or(|c| c.name != "help") => {
                held::tell_private(msg, &held, lang, work);
            }
            0 => {
                let text = if cmd.as_ref().is_some_and(|c| c.name == "help") {
                    text::help(self.registry, lang, None)
                } else {
                    text::t(lang, "session-not-playing", &[])
                };
                work.fx.outs.push(Out::user(&msg.user.0, text));
            }
            1 => {
                let rec = games.pop().expect("one game");
                let mut game = loaded(self.registry, rec)?;
                if let Some(c) = &cmd {
                    command::private(self, msg, c, &mut game, now, work).await?;
                } else {
                    flow::with_play(&mut game, self.seed, work, |play, cx| {
                        play.private_text(cx, msg, rest)
                    });
                }
                work.game = Some(game);
            }
            _ => command::choose_game(msg, &games, rest, lang, work)?,
        }
        Ok(())
    }

    fn lang_of(&self, msg: &Inbound, work: &Work) -> Lang {
        work.game
            .as_ref()
            .map(|g| g.table.seating.lang)
            .or(msg.lang)
            .unwrap_or(self.lang)
    }

    /// Writes everything one input did in one commit and returns its messages (see
    /// [`commit::write`]).
    async fn commit(
        &self,
        inbound: Option<InboundKey>,
        origin: (Platform, String),
        work: Work,
        now: i64,
    ) -> Result<Vec<Outbound>, SessionError> {
        commit::write(self, inbound, origin, work, now).await
    }
}

/// Takes the answers meant for the presser alone out of the replies: as one popup text, or, for an
/// adapter without popups, as private messages to him.
fn take_popups(work: &mut Work, presser: &UserId, popups: bool) -> Option<String> {
    let mut texts = vec![];
    for out in &mut work.fx.outs {
        if out.to == Dest::Presser {
            if popups {
                texts.push(std::mem::take(&mut out.payload.text));
            } else {
                out.to = Dest::User(presser.0.clone());
            }
        }
    }
    work.fx.outs.retain(|o| o.to != Dest::Presser);
    (!texts.is_empty()).then(|| texts.join("\n"))
}

/// A button of an earlier turn or game was pressed: its presser alone is told it does nothing now.
fn stale_press(lang: Lang, work: &mut Work) {
    work.fx.outs.push(Out {
        to: Dest::Presser,
        payload: Payload {
            text: text::t(lang, "session-press-stale", &[]),
            ..Payload::default()
        },
    });
}

/// Where a reply to this input goes when there is no game: back where it came from.
fn reply_to(msg: &Inbound) -> Dest {
    if msg.private {
        Dest::User(msg.user.0.clone())
    } else {
        Dest::Group
    }
}

/// A stored game read into a table. A game set aside is not read (`Held`); one that does not
/// read is `Unreadable`, for the caller to set aside.
fn loaded(registry: Registry, rec: GameRecord) -> Result<Loaded, SessionError> {
    if rec.held.is_some() {
        return Err(SessionError::Held(rec.id));
    }
    let table =
        held::read_table(registry, &rec).map_err(|(fault, details)| SessionError::Unreadable {
            game: rec.id,
            fault,
            details,
        })?;
    Ok(Loaded {
        id: rec.id,
        version: rec.version,
        platform: rec.platform,
        chat: rec.chat,
        table,
        was_running: rec.status.is_running(),
    })
}

/// Reads a duration such as `36h`, `90m`, `2d`, `45s` into milliseconds.
pub fn parse_duration(s: &str) -> Option<i64> {
    let s = s.trim();
    let unit = s.chars().last()?;
    let n: i64 = s[..s.len() - unit.len_utf8()].trim().parse().ok()?;
    let ms = match unit {
        's' => 1000,
        'm' => 60_000,
        'h' => 3_600_000,
        'd' => 86_400_000,
        _ => return None,
    };
    (n >= 0).then(|| n.checked_mul(ms)).flatten()
}

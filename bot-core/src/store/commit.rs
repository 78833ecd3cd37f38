//! The single write path: everything one accepted input changes, applied in one transaction.

use std::fmt;

use super::engine::{Conn, Fetched, on_conn};
use super::script::Script;

use super::error::{StoreError, is_unique_violation};
use super::files::Blob;
use super::held::{Hold, NewHeldInput};
use super::tournament::{RatingWrite, TournamentId, TournamentWrite};
use super::types::{GameId, GameStatus, InboundKey, OutboxId, Platform, Player, Target, UnixMs};

/// Everything one handled input changes. Applied whole or not at all.
///
/// The rows a commit adds (players, orders, timers) belong to its game, so a commit that has any must
/// write the game too; messages are linked to the game when there is one. A commit without a game
/// still makes sense: a reply to a stray command, or a new Telegram offset.
#[derive(Clone, Debug, Default)]
pub struct Commit {
    /// Now: the time of everything the commit writes (the game's update, the orders, the messages,
    /// the inbound key).
    pub at: UnixMs,
    /// The inbound update handled, so that a redelivery of it is refused with `Duplicate`.
    pub inbound: Option<InboundKey>,
    /// The game created or rewritten.
    pub game: Option<GameWrite>,
    /// The game's roster, when it changed: the game's players become exactly these.
    pub roster: Option<Vec<Player>>,
    /// Orders accepted, appended to the game's order log in this order.
    pub orders: Vec<NewOrder>,
    /// Messages to send, in this order after every message committed before.
    pub outbox: Vec<NewOutgoing>,
    /// The game's timers that change.
    pub timers: TimerChanges,
    /// Key-value settings to set, e.g. the Telegram update offset.
    pub meta: Vec<(String, String)>,
    /// Users who wrote to the bot privately: their private messages the platform refused before
    /// (see [`Store::mark_blocked`](super::Store::mark_blocked)) may be tried again at once.
    pub release: Vec<Target>,
    /// A game the input was handled against that the commit does not write, with the version read:
    /// refused with `Conflict` unless the game is still at it, so that nothing decided on a stale
    /// copy (a cached one) lands.
    pub expect: Option<(GameId, i64)>,
    /// A tournament created or written back (an update refused with `TournamentMoved` unless it is
    /// still at the version read).
    pub tournament: Option<TournamentWrite>,
    /// A tournament one of whose games this commit ends: its result is to be recorded.
    pub touch: Option<TournamentId>,
    /// Ratings set.
    pub ratings: Vec<RatingWrite>,
    /// A game to set aside: its state does not read, or its timers keep failing.
    pub hold: Option<Hold>,
    /// A game set aside that reads again: it is no longer held.
    pub unhold: Option<GameId>,
    /// A game set aside to end as it lies, unread (an admin's `/abort`); refused with `Conflict`
    /// unless it is still a running game set aside.
    pub abort_held: Option<GameId>,
    /// An input to set aside after its handling kept failing.
    pub set_aside: Option<NewHeldInput>,
    /// An input set aside before that is handled now: it leaves the held inputs.
    pub resumed: Option<i64>,
}

/// A game to create, or to write back after reading it.
#[derive(Clone, Debug)]
pub enum GameWrite {
    /// A new game, at version 1.
    Insert(NewGame),
    /// A game read before: refused with `Conflict` unless it is still at the version read.
    Update(GameUpdate),
}

/// A game to create.
#[derive(Clone)]
pub struct NewGame {
    /// Where it is played.
    pub platform: Platform,
    /// The platform's id of its chat.
    pub chat: String,
    /// Which game: the word `/newgame` takes for it.
    pub kind: String,
    /// Its status; a running one is refused if the chat has a running game already.
    pub status: GameStatus,
    /// The whole game (JSON).
    pub state: String,
}

/// A game written back.
#[derive(Clone)]
pub struct GameUpdate {
    /// The game.
    pub id: GameId,
    /// The version it had when read.
    pub expected_version: i64,
    /// Its status now. A finished or aborted game loses its timers.
    pub status: GameStatus,
    /// The whole game now (JSON).
    pub state: String,
}

/// An accepted order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewOrder {
    /// Who gave it.
    pub user_id: String,
    /// The order as typed.
    pub text: String,
}

/// A message to send.
#[derive(Clone)]
pub struct NewOutgoing {
    /// Where it goes.
    pub target: Target,
    /// The message (JSON: text, buttons), opaque to the store.
    pub payload: String,
    /// Its picture, kept once among the store's files however many messages carry it.
    pub picture: Option<Blob>,
    /// The place it holds in its chat, if any.
    pub slot: Option<Slot>,
}

impl NewOutgoing {
    /// A message that holds no slot and carries no picture.
    pub fn new(target: Target, payload: String) -> NewOutgoing {
        NewOutgoing {
            target,
            payload,
            picture: None,
            slot: None,
        }
    }
}

/// The place a message holds in its chat, such as a game's status card, so that a later message
/// can edit it in place instead of posting anew.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// The slot's name, unique within a chat (e.g. `status:12`).
    pub name: String,
    /// Whether this message edits the slot's last sent message; otherwise it is sent anew and
    /// becomes the slot's message.
    pub edits: bool,
}

/// Changes to the game's timers, applied in this order: clear all, clear some kinds, set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimerChanges {
    /// Remove every timer of the game first.
    pub clear_all: bool,
    /// Remove the timers of these kinds.
    pub clear: Vec<String>,
    /// Set these, replacing a timer of the same kind.
    pub set: Vec<NewTimer>,
}

impl TimerChanges {
    /// Whether nothing changes.
    pub fn is_empty(&self) -> bool {
        !self.clear_all && self.clear.is_empty() && self.set.is_empty()
    }
}

/// A timer to set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTimer {
    /// What it is for; one per kind per game.
    pub kind: String,
    /// When it fires.
    pub due_at: UnixMs,
    /// What the engine needs when it fires (JSON).
    pub payload: String,
}

/// What a commit wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommitResult {
    /// The game written and its new version.
    pub game: Option<(GameId, i64)>,
    /// The order-log numbers of the orders, in order.
    pub order_seqs: Vec<i64>,
    /// The ids of the messages, in order.
    pub outbox_ids: Vec<OutboxId>,
}

/// Leaves the state out: it holds the game's secrets.
impl fmt::Debug for NewGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NewGame")
            .field("platform", &self.platform)
            .field("chat", &self.chat)
            .field("kind", &self.kind)
            .field("status", &self.status)
            .field("state_bytes", &self.state.len())
            .finish()
    }
}

/// Leaves the state out: it holds the game's secrets.
impl fmt::Debug for GameUpdate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameUpdate")
            .field("id", &self.id)
            .field("expected_version", &self.expected_version)
            .field("status", &self.status)
            .field("state_bytes", &self.state.len())
            .finish()
    }
}

/// Leaves the payload out: a private message may hold a player's secrets.
impl fmt::Debug for NewOutgoing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NewOutgoing")
            .field("target", &self.target)
            .field("payload_bytes", &self.payload.len())
            .field("picture", &self.picture)
            .finish()
    }
}

impl Commit {
    /// An empty commit at a time, to fill in.
    pub fn at(now: UnixMs) -> Commit {
        Commit {
            at: now,
            ..Commit::default()
        }
    }

    /// Refuses a commit whose parts need a game it does not write, or whose JSON is not JSON; with
    /// `state_is_json`, the caller vouches for the game's state (serde_json wrote it), which is then
    /// not parsed again: on a long game that parse costs as much as writing the state.
    pub(crate) fn check(&self, state_is_json: bool) -> Result<(), StoreError> {
        let needs_game =
            self.roster.is_some() || !self.orders.is_empty() || !self.timers.is_empty();
        if needs_game && self.game.is_none() {
            return Err(StoreError::InvalidCommit(
                "players, orders and timers belong to the commit's game, and it writes none",
            ));
        }
        let state = match &self.game {
            Some(GameWrite::Insert(g)) => Some(&g.state),
            Some(GameWrite::Update(g)) => Some(&g.state),
            None => None,
        };
        if !state_is_json && state.is_some_and(|s| !is_json(s)) {
            return Err(StoreError::InvalidCommit("the game's state is not JSON"));
        }
        if self.timers.set.iter().any(|t| !is_json(&t.payload)) {
            return Err(StoreError::InvalidCommit("a timer's payload is not JSON"));
        }
        Ok(())
    }
}

/// Whether a text is one JSON value. The store keeps states and timer payloads verbatim, but exports
/// them as JSON, so it refuses to take what it could not give back.
fn is_json(text: &str) -> bool {
    serde_json::from_str::<&serde_json::value::RawValue>(text).is_ok()
}

/// Appends a commit that creates no game to a script that runs whole, transaction and all: a
/// marker row, then its statements, each refusal (a known inbound key, a game not at the version
/// read) failing the script before the `COMMIT` at its end. Its rows are told from the next
/// commit's by the marker.
pub(crate) fn push_script<'a>(script: &mut Script<'a>, c: &'a Commit) {
    script.push("SELECT 'k', NULL;");
    push_statements(script, c, None);
}

/// Whether a commit creates a game, and so cannot run as one script: the rest needs the new id.
pub(crate) fn creates_game(c: &Commit) -> bool {
    matches!(c.game, Some(GameWrite::Insert(_)))
}

/// Splits the rows of a script of commits (see [`push_script`]) by commit, and reads each back.
pub(crate) fn read_script<R: Fetched>(
    commits: &[&Commit],
    rows: &[R],
) -> Result<Vec<CommitResult>, StoreError> {
    let mut parts: Vec<&[R]> = Vec::with_capacity(commits.len());
    let mut start = None;
    for (i, row) in rows.iter().enumerate() {
        if row.field::<&str>(0)? == TAG_COMMIT {
            if let Some(s) = start {
                parts.push(&rows[s..i]);
            }
            start = Some(i + 1);
        }
    }
    if let Some(s) = start {
        parts.push(&rows[s..]);
    }
    if parts.len() != commits.len() {
        return Err(StoreError::Corrupt("a commit's returned rows"));
    }
    commits
        .iter()
        .zip(parts)
        .map(|(c, rows)| {
            let mut result = CommitResult::default();
            read_back(c, rows, &mut result)?;
            Ok(result)
        })
        .collect()
}

/// Applies a checked commit inside an open transaction, in a few round trips: a new game's row
/// first, then the rest as one script. On any error the caller rolls back, so a step may fail after
/// earlier steps wrote.
pub(crate) async fn apply(conn: &mut Conn<'_>, c: &Commit) -> Result<CommitResult, StoreError> {
    let mut result = CommitResult::default();
    let mut script = Script::new();
    let created = match &c.game {
        // A new game's id is needed by the rest, so it is written first, after the inbound key: a
        // redelivered `/new` must be a duplicate, not a busy chat.
        Some(GameWrite::Insert(g)) => {
            if let Some(key) = &c.inbound {
                remember_inbound(conn, key, c.at).await?;
            }
            let id = insert_game(conn, g, 1, (c.at, c.at)).await?;
            result.game = Some((id, 1));
            Some((id, g.status))
        }
        _ => None,
    };
    push_statements(&mut script, c, created);
    if script.is_empty() {
        return Ok(result);
    }
    match conn {
        Conn::Lite(conn) => {
            let mut sql = sqlx::QueryBuilder::new("");
            script.render_sqlite(&mut sql);
            let rows = sql.build().fetch_all(&mut **conn).await?;
            read_back(c, &rows, &mut result)?;
        }
        Conn::Pg(conn) => {
            let rows = script.run_postgres(conn).await?;
            read_back(c, &rows, &mut result)?;
        }
    }
    Ok(result)
}

/// A commit's statements after its new game's row, if it created one (`created`).
///
/// Each statement handed to SQLite's thread costs a round trip that outweighs the statement, so
/// they go as one script. Statements that must see a refusal are followed by a guard that fails
/// the script.
fn push_statements<'a>(
    script: &mut Script<'a>,
    c: &'a Commit,
    created: Option<(GameId, GameStatus)>,
) {
    if let Some((id, version)) = c.expect {
        script.refuse_unless(|s| {
            s.push("EXISTS (SELECT 1 FROM games WHERE id = ")
                .push_bind(id.0)
                .push(" AND version = ")
                .push_bind(version)
                .push(")");
        });
    }
    let game = match &c.game {
        Some(GameWrite::Insert(_)) => created,
        Some(GameWrite::Update(g)) => {
            push_inbound(script, c);
            push_update(script, g, c.at);
            script.refuse_unless_changed();
            Some((g.id, g.status))
        }
        None => {
            push_inbound(script, c);
            None
        }
    };
    if let Some((id, status)) = game {
        if let Some(roster) = &c.roster {
            push_roster(script, id, roster);
        }
        for order in &c.orders {
            push_order(script, id, order, c.at);
        }
        push_timers(script, id, &c.timers);
        if !status.is_running() {
            script
                .push("DELETE FROM timers WHERE game_id = ")
                .push_bind(id.0)
                .push(";");
        }
    }
    // A reply decided on a game it does not write is about that game all the same.
    let about = game.map(|(id, _)| id).or(c.expect.map(|(id, _)| id));
    push_outbox(script, about, &c.outbox, c.at);
    for target in &c.release {
        push_release(script, target);
    }
    super::tournament::push(script, c.tournament.as_ref(), c.touch, &c.ratings, c.at);
    super::held::push(script, c);
    for (key, value) in &c.meta {
        script
            .push("INSERT INTO meta (key, value) VALUES (")
            .push_bind(key.as_str())
            .push(", ")
            .push_bind(value.as_str())
            .push(") ON CONFLICT (key) DO UPDATE SET value = excluded.value;");
    }
}

/// Why commits applied in one transaction failed, in the store's terms, asked after the
/// transaction was rolled back: the first of them whose refusal explains the error (see
/// [`refusal`]), or the error as it came.
pub(crate) async fn explain(conn: &mut Conn<'_>, commits: &[&Commit], e: StoreError) -> StoreError {
    for c in commits {
        if let Some(refused) = refusal(conn, c, &e).await {
            return refused;
        }
    }
    e
}

/// Why a commit was refused, if the error is one of its refusals: a known inbound key is
/// `Duplicate`; a guard that failed means a game not at the version read (or no longer set aside);
/// a unique key of the players or the running games is a bad roster or a busy chat.
async fn refusal(conn: &mut Conn<'_>, c: &Commit, e: &StoreError) -> Option<StoreError> {
    let guard_failed = match e {
        StoreError::Refused => true,
        StoreError::Database(sqlx::Error::Database(db)) if db.is_unique_violation() => {
            return unique_refusal(conn, c, db.as_ref()).await;
        }
        StoreError::Database(sqlx::Error::Database(db)) => db.message().contains("malformed JSON"),
        _ => false,
    };
    if !guard_failed {
        return None;
    }
    let mut expected = vec![];
    expected.extend(c.expect);
    if let Some(GameWrite::Update(g)) = &c.game {
        expected.push((g.id, g.expected_version));
    }
    for (id, version) in expected {
        match stale(conn, id, version).await {
            StoreError::Conflict { found, .. } if found == version => {}
            refusal => return Some(refusal),
        }
    }
    if let Some(id) = c.abort_held
        && !is_held(conn, id).await
    {
        return Some(StoreError::NotHeld(id));
    }
    if let Some(TournamentWrite::Update { id, .. }) = &c.tournament {
        return Some(StoreError::TournamentMoved(id.0));
    }
    None
}

/// Why a commit broke a unique key, if it is one of its refusals: a known inbound key is
/// `Duplicate`; a unique key of the players or the running games is a bad roster or a busy chat.
async fn unique_refusal(
    conn: &mut Conn<'_>,
    c: &Commit,
    db: &dyn sqlx::error::DatabaseError,
) -> Option<StoreError> {
    if on_table(db, "tournaments") {
        return Some(StoreError::TournamentBusy);
    }
    if on_table(db, "inbound")
        && let Some(key) = &c.inbound
        && is_known(conn, key).await
    {
        return Some(StoreError::Duplicate {
            platform: key.platform,
            key: key.key.clone(),
        });
    }
    if on_table(db, "players") && c.roster.is_some() {
        return Some(StoreError::InvalidCommit(
            "the roster repeats a seat or a user",
        ));
    }
    // A finished game brought back to life can collide with the running-game index, and so can a
    // new game that another process started in the same chat meanwhile (PostgreSQL).
    match &c.game {
        Some(GameWrite::Update(g)) if on_table(db, "games") => {
            Some(chat_busy(conn, g.id).await.unwrap_or_else(|e| e))
        }
        Some(GameWrite::Insert(g)) if on_table(db, "games") => {
            let running = running_in_chat(conn, g.platform, &g.chat).await.ok()??;
            Some(StoreError::ChatBusy {
                platform: g.platform,
                chat: g.chat.clone(),
                running,
            })
        }
        _ => None,
    }
}

/// Whether a broken constraint is one of a table's: PostgreSQL names the table, SQLite names its
/// columns in the message (`UNIQUE constraint failed: inbound.platform, …`).
fn on_table(db: &dyn sqlx::error::DatabaseError, table: &str) -> bool {
    match db.table() {
        Some(name) => name == table,
        None => db.message().contains(&format!("{table}.")),
    }
}

/// Whether an inbound key is known (after a rollback: then it was known before the commit).
async fn is_known(conn: &mut Conn<'_>, key: &InboundKey) -> bool {
    on_conn!(conn, |c| sqlx::query_scalar::<_, i32>(
        "SELECT 1 FROM inbound WHERE platform = $1 AND key = $2"
    )
    .bind(key.platform.as_str())
    .bind(&key.key)
    .fetch_optional(&mut **c)
    .await)
    .is_ok_and(|found| found.is_some())
}

/// Whether a game is running and set aside.
async fn is_held(conn: &mut Conn<'_>, id: GameId) -> bool {
    on_conn!(conn, |c| sqlx::query_scalar::<_, i32>(
        "SELECT 1 FROM games WHERE id = $1 AND held_why IS NOT NULL
         AND status NOT IN ('finished', 'aborted')",
    )
    .bind(id.0)
    .fetch_optional(&mut **c)
    .await)
    .is_ok_and(|found| found.is_some())
}

/// The tags of the rows the script's statements return.
const TAG_COMMIT: &str = "k";
const TAG_ORDER: &str = "o";
const TAG_MESSAGE: &str = "m";

// No statement of a script says RETURNING: SQLite gathers a RETURNING statement's rows in a
// temporary b-tree, which costs more than the statement. What a commit needs back is read with
// `last_insert_rowid()` and `MAX(seq)` instead, or known beforehand (a game's new version).

/// Remembers the inbound key; a known one fails the script on the table's key.
fn push_inbound<'a>(script: &mut Script<'a>, c: &'a Commit) {
    let Some(key) = &c.inbound else { return };
    script
        .push("INSERT INTO inbound (platform, key, at) VALUES (")
        .push_bind(key.platform.as_str())
        .push(", ")
        .push_bind(key.key.as_str())
        .push(", ")
        .push_bind(c.at.0)
        .push(");");
}

/// Writes the game back if it is still at the version read (the guard after it fails the script
/// otherwise); its new version is then the next one.
fn push_update<'a>(script: &mut Script<'a>, g: &'a GameUpdate, at: UnixMs) {
    script
        .push("UPDATE games SET status = ")
        .push_bind(g.status.as_str())
        .push(", state = ")
        .push_bind(g.state.as_str())
        .push(", version = version + 1, updated_at = ")
        .push_bind(at.0)
        .push(" WHERE id = ")
        .push_bind(g.id.0)
        .push(" AND version = ")
        .push_bind(g.expected_version)
        .push(";");
}

/// The game's players become exactly these; the platform is copied from the game.
fn push_roster<'a>(script: &mut Script<'a>, game: GameId, roster: &'a [Player]) {
    script
        .push("DELETE FROM players WHERE game_id = ")
        .push_bind(game.0)
        .push(";");
    for p in roster {
        script
            .push("INSERT INTO players (game_id, seat, platform, user_id, name, lang) SELECT id, ")
            .push_bind(i64::from(p.seat))
            .push(", platform, ")
            .push_bind(p.user_id.as_str())
            .push(", ")
            .push_bind(p.name.as_str())
            .push(", ")
            .push_bind(p.lang.code())
            .push(" FROM games WHERE id = ")
            .push_bind(game.0)
            .push(";");
    }
}

/// Appends an order to the game's log, numbered after the last; returns its number.
fn push_order<'a>(script: &mut Script<'a>, game: GameId, order: &'a NewOrder, at: UnixMs) {
    script
        .push("INSERT INTO orders (game_id, seq, user_id, text, at) SELECT ")
        .push_bind(game.0)
        .push(", COALESCE(MAX(seq), 0) + 1, ")
        .push_bind(order.user_id.as_str())
        .push(", ")
        .push_bind(order.text.as_str())
        .push(", ")
        .push_bind(at.0)
        .push(" FROM orders WHERE game_id = ")
        .push_bind(game.0)
        .push("; SELECT 'o', MAX(seq) FROM orders WHERE game_id = ")
        .push_bind(game.0)
        .push(";");
}

fn push_timers<'a>(script: &mut Script<'a>, game: GameId, changes: &'a TimerChanges) {
    if changes.clear_all {
        script
            .push("DELETE FROM timers WHERE game_id = ")
            .push_bind(game.0)
            .push(";");
    }
    for kind in &changes.clear {
        script
            .push("DELETE FROM timers WHERE game_id = ")
            .push_bind(game.0)
            .push(" AND kind = ")
            .push_bind(kind.as_str())
            .push(";");
    }
    for t in &changes.set {
        script
            .push("INSERT INTO timers (game_id, kind, due_at, payload) VALUES (")
            .push_bind(game.0)
            .push(", ")
            .push_bind(t.kind.as_str())
            .push(", ")
            .push_bind(t.due_at.0)
            .push(", ")
            .push_bind(t.payload.as_str())
            .push(
                ") ON CONFLICT (game_id, kind) DO UPDATE \
                 SET due_at = excluded.due_at, payload = excluded.payload, claimed_by = NULL, \
                 claimed_until = NULL;",
            );
    }
}

/// Queues the messages, each followed by its id.
fn push_outbox<'a>(
    script: &mut Script<'a>,
    game: Option<GameId>,
    messages: &'a [NewOutgoing],
    at: UnixMs,
) {
    for m in messages {
        if let Some(picture) = &m.picture {
            script
                .push("INSERT INTO files (hash, bytes, size, created_at) VALUES (")
                .push_bind(picture.hash())
                .push(", ")
                .push_bind(picture.bytes())
                .push(", ")
                .push_bind(picture.bytes().len() as i64)
                .push(", ")
                .push_bind(at.0)
                .push(") ON CONFLICT (hash) DO NOTHING; ");
        }
        script
            .push(
                "INSERT INTO outbox (platform, target_kind, target, game_id, payload, created_at, \
                 slot, slot_edits, picture) VALUES (",
            )
            .push_bind(m.target.platform.as_str())
            .push(", ")
            .push_bind(m.target.kind.as_str())
            .push(", ")
            .push_bind(m.target.id.as_str())
            .push(", ")
            .push_bind(game.map(|g| g.0))
            .push(", ")
            .push_bind(m.payload.as_str())
            .push(", ")
            .push_bind(at.0)
            .push(", ")
            .push_bind(m.slot.as_ref().map(|s| s.name.as_str()))
            .push(", ")
            .push_bind(m.slot.as_ref().is_some_and(|s| s.edits))
            .push(", ")
            .push_bind(m.picture.as_ref().map(Blob::hash))
            .push(")")
            .returning_id(TAG_MESSAGE)
            .push(";");
    }
}

/// A user's refused private messages may be tried again now.
fn push_release<'a>(script: &mut Script<'a>, target: &'a Target) {
    script
        .push("UPDATE outbox SET next_attempt_at = 0 WHERE platform = ")
        .push_bind(target.platform.as_str())
        .push(" AND target_kind = ")
        .push_bind(target.kind.as_str())
        .push(" AND target = ")
        .push_bind(target.id.as_str())
        .push(" AND blocked_at IS NOT NULL AND sent_at IS NULL AND dropped_at IS NULL;");
}

/// The outcome of a script, from the rows it returned.
///
/// The script's guards refused whatever was refused, so a row missing here is not a refusal but a
/// script that did not run as written.
fn read_back<R: Fetched>(
    c: &Commit,
    rows: &[R],
    result: &mut CommitResult,
) -> Result<(), StoreError> {
    for row in rows {
        let tag: &str = row.field(0)?;
        let value: Option<i64> = row.field(1)?;
        match (tag, value) {
            (TAG_ORDER, Some(seq)) => result.order_seqs.push(seq),
            (TAG_MESSAGE, Some(id)) => result.outbox_ids.push(OutboxId(id)),
            _ => return Err(StoreError::Corrupt("a commit's returned rows")),
        }
    }
    if result.order_seqs.len() != c.orders.len() || result.outbox_ids.len() != c.outbox.len() {
        return Err(StoreError::Corrupt("a commit's returned rows"));
    }
    if let Some(GameWrite::Update(g)) = &c.game {
        // The guard after the update refused any other version.
        result.game = Some((g.id, g.expected_version + 1));
    }
    Ok(())
}

/// Why a game was not at the version expected: it is gone or at another version.
async fn stale(conn: &mut Conn<'_>, game: GameId, expected: i64) -> StoreError {
    let found = on_conn!(conn, |c| sqlx::query_scalar::<_, i64>(
        "SELECT version FROM games WHERE id = $1"
    )
    .bind(game.0)
    .fetch_optional(&mut **c)
    .await);
    match found {
        Ok(None) => StoreError::GameNotFound(game),
        Ok(Some(found)) => StoreError::Conflict {
            game,
            expected,
            found,
        },
        Err(e) => e.into(),
    }
}

async fn remember_inbound(
    conn: &mut Conn<'_>,
    key: &InboundKey,
    at: UnixMs,
) -> Result<(), StoreError> {
    let done = on_conn!(conn, |c| sqlx::query(
        "INSERT INTO inbound (platform, key, at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    )
    .bind(key.platform.as_str())
    .bind(&key.key)
    .bind(at.0)
    .execute(&mut **c)
    .await
    .map(|d| d.rows_affected()))?;
    if done == 0 {
        return Err(StoreError::Duplicate {
            platform: key.platform,
            key: key.key.clone(),
        });
    }
    Ok(())
}

/// Inserts a game at a version and (created, updated) times, refusing a second running game in its
/// chat.
pub(crate) async fn insert_game(
    conn: &mut Conn<'_>,
    g: &NewGame,
    version: i64,
    (created, updated): (UnixMs, UnixMs),
) -> Result<GameId, StoreError> {
    if g.status.is_running() {
        if let Some(running) = running_in_chat(conn, g.platform, &g.chat).await? {
            return Err(StoreError::ChatBusy {
                platform: g.platform,
                chat: g.chat.clone(),
                running,
            });
        }
    }
    let id: i64 = on_conn!(conn, |c| {
        sqlx::query(
        "INSERT INTO games (platform, chat, kind, status, state, version, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(g.platform.as_str())
    .bind(&g.chat)
    .bind(&g.kind)
    .bind(g.status.as_str())
    .bind(&g.state)
    .bind(version)
    .bind(created.0)
    .bind(updated.0)
    .fetch_one(&mut **c)
    .await
    .and_then(|row| row.field(0))
    })?;
    Ok(GameId(id))
}

/// The running game of a chat, if any.
pub(crate) async fn running_in_chat(
    conn: &mut Conn<'_>,
    platform: Platform,
    chat: &str,
) -> Result<Option<GameId>, StoreError> {
    let id: Option<i64> = on_conn!(conn, |c| sqlx::query_scalar(
        "SELECT id FROM games
         WHERE platform = $1 AND chat = $2 AND status NOT IN ('finished', 'aborted')",
    )
    .bind(platform.as_str())
    .bind(chat)
    .fetch_optional(&mut **c)
    .await)?;
    Ok(id.map(GameId))
}

/// The error for a game that cannot run because another runs in its chat.
async fn chat_busy(conn: &mut Conn<'_>, game: GameId) -> Result<StoreError, StoreError> {
    let (platform, chat): (String, String) = on_conn!(conn, |c| sqlx::query_as(
        "SELECT platform, chat FROM games WHERE id = $1"
    )
    .bind(game.0)
    .fetch_one(&mut **c)
    .await)?;
    let platform: Platform = platform
        .parse()
        .map_err(|_| StoreError::Corrupt("games.platform"))?;
    let running = running_in_chat(conn, platform, &chat)
        .await?
        .unwrap_or(game);
    Ok(StoreError::ChatBusy {
        platform,
        chat,
        running,
    })
}

/// Replaces the game's roster.
pub(crate) async fn write_roster(
    conn: &mut Conn<'_>,
    game: GameId,
    roster: &[Player],
) -> Result<(), StoreError> {
    on_conn!(conn, |c| sqlx::query(
        "DELETE FROM players WHERE game_id = $1"
    )
    .bind(game.0)
    .execute(&mut **c)
    .await
    .map(drop))?;
    for p in roster {
        on_conn!(conn, |c| sqlx::query(
            "INSERT INTO players (game_id, seat, platform, user_id, name, lang)
             SELECT id, $2, platform, $3, $4, $5 FROM games WHERE id = $1",
        )
        .bind(game.0)
        .bind(i64::from(p.seat))
        .bind(&p.user_id)
        .bind(&p.name)
        .bind(p.lang.code())
        .execute(&mut **c)
        .await
        .map(drop))
        .map_err(|e| {
            if is_unique_violation(&e) {
                StoreError::InvalidCommit("the roster repeats a seat or a user")
            } else {
                e.into()
            }
        })?;
    }
    Ok(())
}

/// Sets a timer, replacing the game's timer of the same kind.
pub(crate) async fn set_timer(
    conn: &mut Conn<'_>,
    game: GameId,
    t: &NewTimer,
) -> Result<(), StoreError> {
    on_conn!(conn, |c| {
        sqlx::query(
        "INSERT INTO timers (game_id, kind, due_at, payload) VALUES ($1, $2, $3, $4)
         ON CONFLICT (game_id, kind) DO UPDATE SET due_at = excluded.due_at, payload = excluded.payload,
           claimed_by = NULL, claimed_until = NULL",
    )
    .bind(game.0)
    .bind(&t.kind)
    .bind(t.due_at.0)
    .bind(&t.payload)
    .execute(&mut **c)
    .await.map(drop)
    })?;
    Ok(())
}

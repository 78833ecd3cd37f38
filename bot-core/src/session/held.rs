//! Faults that stay where they happen. A game whose saved state no longer reads (written by an
//! incompatible version, damaged on disk) is set aside — quarantined — the first time it fails to
//! load: its chat is told once, its timers stop, and it is never loaded in a loop again. An input
//! whose handling keeps failing is set aside by the [`Inlet`](crate::inlet::Inlet) the same way.
//! Either waits, whole, for a chat admin: `/resume` tries the game (and the chat's inputs set
//! aside) again, `/abort` ends a game that cannot be read, as it lies.
//!
//! What the chat and the log are told names the game and the kind of fault ([`Fault`]), never the
//! failing value: a parser's message may quote a piece of the state, and the state holds secrets.

use serde_json::Value;

use crate::args;
use crate::i18n::Lang;
use crate::store::{
    Commit, GameId, GameRecord, HeldInput, Hold, InboundKey, NewHeldInput, NewOutgoing, Platform,
    StoreError, Target, UnixMs,
};

use super::chat::{Button, Content, Inbound, Payload};
use super::game::Out;
use super::table::Table;
use super::text::t;
use super::typed::{self, Command};
use super::{Loaded, Registry, Session, SessionError, Work, flow};

/// What kind of fault set something aside: what the chat is told, in its language.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A game's saved state does not read back.
    State,
    /// A game of a kind this version does not host.
    Kind,
    /// The game's code panicked on it.
    Panic,
    /// The store refused it again and again.
    Store,
    /// A game's deadlines failed again and again.
    Timer,
}

impl Fault {
    /// The word the store keeps in front of the details.
    pub(crate) fn code(self) -> &'static str {
        match self {
            Fault::State => "state",
            Fault::Kind => "kind",
            Fault::Panic => "panic",
            Fault::Store => "store",
            Fault::Timer => "timer",
        }
    }

    /// The fault a stored reason begins with.
    pub fn of(why: &str) -> Fault {
        let code = why.split(':').next().unwrap_or_default();
        [Fault::Kind, Fault::Panic, Fault::Store, Fault::Timer]
            .into_iter()
            .find(|f| f.code() == code)
            .unwrap_or(Fault::State)
    }

    /// A stored reason: the fault's word, then details that hold no secret.
    pub fn with(self, details: &str) -> String {
        format!("{}: {details}", self.code())
    }

    /// What the chat is told of it.
    pub fn told(self, lang: Lang) -> String {
        let id = match self {
            Fault::State => "faults-why-state",
            Fault::Kind => "faults-why-kind",
            Fault::Panic => "faults-why-panic",
            Fault::Store => "faults-why-store",
            Fault::Timer => "faults-why-timer",
        };
        t(lang, id, &[])
    }
}

/// Runs a future under a guard: a panic while it runs is [`Fault::Panic`] instead of the end of
/// the task, and of every chat's inputs behind it.
pub(crate) async fn catching<F: std::future::Future>(future: F) -> Result<F::Output, Fault> {
    crate::panics::catching(future)
        .await
        .map_err(|crate::panics::Panicked| Fault::Panic)
}

/// The kind of fault an error is, as the chat is told.
pub(crate) fn fault_of(e: &SessionError) -> Fault {
    match e {
        SessionError::Store(_) => Fault::Store,
        SessionError::Unreadable { fault, .. } => *fault,
        SessionError::Corrupt(_) | SessionError::Held(_) => Fault::State,
        SessionError::UnknownGame(_) => Fault::Kind,
        _ => Fault::Panic,
    }
}

/// Where a saved state fails to read, without quoting it (serde's messages may quote a value).
pub(crate) fn describe(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let what = match e.classify() {
        Category::Syntax => "malformed JSON",
        Category::Eof => "the text ends too early",
        Category::Data => "a field is missing, unknown or of the wrong type",
        Category::Io => "the text could not be read",
    };
    format!("{what} at line {} column {}", e.line(), e.column())
}

/// A stored game as a table, or the fault that keeps it from being one. The game's own loader
/// runs under a guard: a loader that panics on a damaged state is a fault of that game alone.
pub(crate) fn read_table(registry: Registry, rec: &GameRecord) -> Result<Table, (Fault, String)> {
    let Some(kind) = registry.find(&rec.kind) else {
        return Err((Fault::Kind, format!("the kind `{}` is unknown", rec.kind)));
    };
    let state = rec.state.as_str();
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| Table::load(kind, state))) {
        Ok(Ok(table)) => Ok(table),
        Ok(Err(e)) => Err((Fault::State, describe(&e))),
        Err(_) => Err((Fault::State, "the game's loader panicked".into())),
    }
}

impl Session {
    /// Sets a running game aside because it failed: its chat is told once, its timers go, and
    /// this process forgets any copy of it. A game set aside before, or no longer running, is left
    /// as it is. Whether it is aside now, and the notice to its chat.
    pub(crate) async fn set_game_aside(
        &self,
        id: GameId,
        fault: Fault,
        details: &str,
        now: i64,
    ) -> Result<(bool, Vec<super::chat::Outbound>), SessionError> {
        let Some(rec) = self.store.game(id).await? else {
            return Ok((false, vec![]));
        };
        if !rec.status.is_running() {
            return Ok((false, vec![]));
        }
        if rec.held.is_some() {
            return Ok((true, vec![]));
        }
        tracing::error!(
            game = id.0,
            platform = %rec.platform,
            chat = %rec.chat,
            fault = fault.code(),
            %details,
            "a game failed and is set aside; a chat admin can /resume or /abort it"
        );
        let lang = self.lang;
        let text = t(
            lang,
            "faults-game-held",
            args![("id", id.0.to_string()), ("why", fault.told(lang))],
        );
        let mut work = Work {
            now,
            hold: Some(Hold {
                game: id,
                why: fault.with(details),
            }),
            ..Work::default()
        };
        work.fx.outs.push(Out::group(text));
        let told = self.commit(None, (rec.platform, rec.chat.clone()), work, now);
        let told = told.await?;
        self.games.forget(rec.platform, &rec.chat);
        Ok((true, told))
    }

    /// Sets an input aside after its handling failed `attempts` times: kept whole, its inbound key
    /// recorded (a redelivery of it does nothing), `meta` (an adapter's cursor) written with it,
    /// and the chat told — once, when it is the first input set aside there — what happened and
    /// what an admin can do. The log names the lane and the game.
    pub(crate) async fn set_input_aside(
        &self,
        msg: &Inbound,
        fault: Fault,
        details: &str,
        attempts: u32,
        now: i64,
        meta: &[(String, String)],
    ) -> Result<super::chat::Reply, SessionError> {
        let lane = crate::lanes::Lane::of(msg);
        let game = match msg.private {
            true => None,
            false => (self.store)
                .running_game_in_chat(msg.platform, &msg.chat.0)
                .await
                .ok()
                .flatten()
                .map(|g| g.id),
        };
        let first = (self.store.held_inputs(lane.platform, &lane.chat).await)
            .is_ok_and(|held| held.is_empty());
        tracing::error!(
            platform = %lane.platform,
            chat = %lane.chat,
            game = game.map(|g| g.0),
            fault = fault.code(),
            %details,
            attempts,
            "an input kept failing and is set aside; a chat admin can /resume it"
        );
        let lang = msg.lang.unwrap_or(self.lang);
        let mut c = Commit::at(UnixMs(now));
        c.inbound = Some(InboundKey::new(msg.platform, msg.message_id.clone()));
        c.meta = meta.to_vec();
        c.set_aside = Some(NewHeldInput {
            platform: lane.platform,
            lane: lane.chat.clone(),
            game,
            input: serde_json::to_string(msg)?,
            why: fault.with(details),
            attempts,
        });
        let why = fault.told(lang);
        let (target, text) = match msg.private {
            true => (
                Target::user(msg.platform, msg.user.0.clone()),
                t(lang, "faults-input-held-private", args![("why", why)]),
            ),
            false => (
                Target::chat(msg.platform, msg.chat.0.clone()),
                t(
                    lang,
                    "faults-input-held",
                    args![("name", msg.name.clone()), ("why", why)],
                ),
            ),
        };
        if first {
            c.outbox
                .push(NewOutgoing::new(target, payload(text.clone())?));
        }
        match self.store.commit(c).await {
            Ok(_) => {}
            // Handled meanwhile after all (an attempt's commit landed before it failed).
            Err(StoreError::Duplicate { .. }) => return Ok(super::chat::Reply::default()),
            Err(e) => return Err(e.into()),
        }
        // The one who sent it hears it at once where the platform can say so (a button's popup,
        // a slash command's answer); the chat heard it through the outbox.
        Ok(super::chat::Reply {
            outbound: vec![],
            popup: Some(text),
        })
    }

    /// The inputs set aside that an admin's `/resume` in a chat handles again, oldest first: the
    /// chat's own, and the private ones about its game.
    pub(crate) async fn held_for(
        &self,
        platform: Platform,
        chat: &str,
        game: Option<GameId>,
    ) -> Result<Vec<HeldInput>, SessionError> {
        let mut held = self.store.held_inputs(platform, chat).await?;
        if let Some(game) = game {
            let private = self.store.held_inputs_of_game(platform, game).await?;
            held.extend(private.into_iter().filter(|h| h.lane != chat));
        }
        held.sort_by_key(|h| h.id);
        Ok(held)
    }

    /// Handles the inputs set aside in a chat again, in order, each in its own commit that also
    /// takes it out of the held inputs. The first that fails again stops the rest, which keep
    /// their order behind it.
    pub(crate) async fn replay_held(
        &self,
        platform: Platform,
        chat: &str,
        game: Option<GameId>,
        lang: Lang,
        now: i64,
    ) -> Result<Vec<super::chat::Outbound>, SessionError> {
        let mut sent = vec![];
        let mut replayed: u32 = 0;
        for held in self.held_for(platform, chat, game).await? {
            let Ok(msg) = serde_json::from_str::<Inbound>(&held.input) else {
                // Not an input this version reads: it stays for the log and `gm db stats`.
                tracing::error!(held = held.id, "an input set aside does not read back");
                continue;
            };
            let fault = match catching(self.replay(&msg, held.id, now)).await {
                Ok(Ok(reply)) => {
                    replayed += 1;
                    sent.extend(reply.outbound);
                    None
                }
                Ok(Err(e)) => Some(fault_of(&e)),
                Err(panic) => Some(panic),
            };
            match fault {
                None => {}
                Some(fault) => {
                    tracing::warn!(held = held.id, lane = %held.lane, ?fault, "an input set aside failed again");
                    let text = t(
                        lang,
                        "faults-input-still-fails",
                        args![("why", fault.told(lang))],
                    );
                    sent.extend(self.say(platform, chat, text, now).await?);
                    break;
                }
            }
        }
        if replayed > 0 {
            let text = t(lang, "faults-inputs-replayed", args![("n", replayed)]);
            sent.extend(self.say(platform, chat, text, now).await?);
        }
        Ok(sent)
    }

    /// A message to a group chat, on its own.
    pub(crate) async fn say(
        &self,
        platform: Platform,
        chat: &str,
        text: String,
        now: i64,
    ) -> Result<Vec<super::chat::Outbound>, SessionError> {
        let mut work = Work {
            now,
            ..Work::default()
        };
        work.fx.outs.push(Out::group(text));
        self.commit(None, (platform, chat.to_string()), work, now)
            .await
    }
}

/// Timers that failed to fire, and how many times each did, in this process: a timer is tried
/// [`TIMER_ATTEMPTS`](super::TIMER_ATTEMPTS) times before its game is set aside. Bounded: a
/// timer that fires well, or its game set aside, leaves it, and past [`TIMER_FAILURES_KEPT`] the
/// oldest counts start again.
#[derive(Clone, Debug, Default)]
pub(crate) struct TimerFailures {
    counts: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<(GameId, String), u32>>>,
}

/// The most failing timers counted at once.
const TIMER_FAILURES_KEPT: usize = 4096;

impl TimerFailures {
    /// Counts one more failure of a timer; returns how many it had.
    pub fn failed(&self, timer: &crate::store::Timer) -> u32 {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.len() >= TIMER_FAILURES_KEPT {
            counts.clear();
        }
        let n = counts
            .entry((timer.game_id, timer.kind.clone()))
            .or_default();
        *n += 1;
        *n
    }

    /// Forgets a timer's failures: it fired, or its game is set aside.
    pub fn forget(&self, timer: &crate::store::Timer) {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if !counts.is_empty() {
            counts.remove(&(timer.game_id, timer.kind.clone()));
        }
    }
}

/// A message payload of a text alone, as the outbox keeps it.
fn payload(text: String) -> Result<String, SessionError> {
    Ok(serde_json::to_string(&Payload {
        text,
        ..Payload::default()
    })?)
}

/// An input in a group whose game is set aside: an admin may `/resume` or `/abort` it (or take it
/// with `/export`); any other command is told the game waits; plain words go unanswered.
pub(crate) async fn group(
    s: &Session,
    msg: &Inbound,
    rec: GameRecord,
    text: &str,
    work: &mut Work,
) -> Result<(), SessionError> {
    let lang = msg.lang.unwrap_or(s.lang);
    let (named, rest) = typed::game_prefix(text);
    if named.is_some_and(|n| n != rec.id.0) {
        // A button of an earlier game.
        return Ok(());
    }
    let Some(cmd) = Command::parse(rest) else {
        return Ok(());
    };
    let id = rec.id;
    let why = Fault::of(rec.held.as_deref().unwrap_or_default()).told(lang);
    let acts = matches!(cmd.name.as_str(), "resume" | "abort" | "cancel" | "export");
    if !acts && !cmd.is_known() {
        // A game's own order (`/move`): the chat heard once that the game waits.
        return Ok(());
    }
    if !acts {
        work.fx.outs.push(Out::group(t(
            lang,
            "faults-game-still-held",
            args![("id", id.0.to_string()), ("why", why)],
        )));
        return Ok(());
    }
    if !(msg.is_admin || opener_of(&rec).as_deref() == Some(msg.user.0.as_str())) {
        work.fx
            .outs
            .push(Out::back(msg, t(lang, "faults-admins", &[])));
        return Ok(());
    }
    match cmd.name.as_str() {
        "resume" => resume(s.registry, rec, lang, work),
        "export" => {
            let mut out = Out::user(
                &msg.user.0,
                t(lang, "session-export-sent", args![("id", id.0.to_string())]),
            );
            out.payload.file = Some(super::chat::TextFile {
                name: format!("game-{}.json", id.0),
                text: s.store.export_game(id).await?,
            });
            work.fx.outs.push(out);
        }
        _ => match cmd.args.last().map(|w| w.to_lowercase()).as_deref() {
            Some("yes" | "да") => {
                work.abort_held = Some(id);
                work.fx.outs.push(Out::group(t(
                    lang,
                    "faults-game-aborted",
                    args![("id", id.0.to_string())],
                )));
            }
            Some("no" | "нет") => work
                .fx
                .outs
                .push(Out::back(msg, t(lang, "session-kept", &[]))),
            _ => ask_to_abort(msg, id, lang, work),
        },
    }
    Ok(())
}

/// `/resume` of a game set aside: it goes on if it reads now (a fixed version of the bot), its
/// turn's time starting afresh, and the chat's inputs set aside are handled again after it.
fn resume(registry: Registry, rec: GameRecord, lang: Lang, work: &mut Work) {
    let id = rec.id;
    match read_table(registry, &rec) {
        Ok(table) => {
            let running = flow::clock_runs(&table.seating, table.play.as_ref());
            work.unhold = Some(id);
            work.fx.dirty = true;
            work.fx.restart_clock = running;
            work.fx.outs.push(Out::group(t(
                lang,
                "faults-game-back",
                args![("id", id.0.to_string())],
            )));
            work.replay = Some(id);
            work.game = Some(Loaded {
                id,
                version: rec.version,
                platform: rec.platform,
                chat: rec.chat,
                table,
                was_running: true,
            });
        }
        Err((fault, details)) => {
            tracing::warn!(game = id.0, fault = fault.code(), %details, "a game set aside still does not read");
            work.fx.outs.push(Out::group(t(
                lang,
                "faults-game-not-back",
                args![("id", id.0.to_string()), ("why", fault.told(lang))],
            )));
        }
    }
}

/// Asks to confirm ending a game set aside, with buttons that name it.
fn ask_to_abort(msg: &Inbound, id: GameId, lang: Lang, work: &mut Work) {
    let base = format!("#{} /abort", id.0);
    let mut out = Out::back(
        msg,
        t(
            lang,
            "session-confirm",
            args![("command", "/abort".to_string())],
        ),
    );
    out.payload.buttons = vec![vec![
        Button::press(t(lang, "session-confirm-yes", &[]), format!("{base} yes")),
        Button::press(t(lang, "session-confirm-no", &[]), format!("{base} no")),
    ]];
    work.fx.outs.push(out);
}

/// The user who opened a game, if its state still says so: he may resume or end it as a chat
/// admin may.
fn opener_of(rec: &GameRecord) -> Option<String> {
    let state: Value = serde_json::from_str(&rec.state).ok()?;
    Some(state.get("opener")?.get("user")?.as_str()?.to_string())
}

/// A private message from a player whose games are all set aside: which, and who can resume them.
pub(crate) fn tell_private(msg: &Inbound, held: &[GameRecord], lang: Lang, work: &mut Work) {
    if matches!(msg.content, Content::File(_)) {
        return;
    }
    for rec in held {
        let why = Fault::of(rec.held.as_deref().unwrap_or_default()).told(lang);
        work.fx.outs.push(Out::user(
            &msg.user.0,
            t(
                lang,
                "faults-game-private",
                args![("id", rec.id.0.to_string()), ("why", why)],
            ),
        ));
    }
}

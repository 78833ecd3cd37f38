//! `gm script`, the adapter of the command line: drives the session engine from JSON lines, as
//! `shared/spec/script-harness.md` says. Game-agnostic, it hosts the games of the registry it is
//! given (`gm` hands it the bot's).
//!
//! Each input line is one chat message, a clock advance or a peek; each gets one JSON line out. The
//! clock is virtual and starts at a fixed epoch, so a run is reproducible.
//!
//! With `--db`, a run goes on where the last one on that file stopped, as a bot does after a
//! restart: the number of lines handled (the cursor) and the clock are committed together with each
//! line's effects, and a message line is handed to the engine under its place in the whole input
//! (`in:<n>`) as its inbound id. So a second script goes on with the game; and a run that crashed is
//! resumed by feeding the input again from the stored cursor — a line that landed before the crash
//! is not fed again, and one that did not is handled then. Messages are printed before they are
//! marked sent: what a crash left unprinted comes with the next answer, and a crash between the
//! printing and the marking prints that answer's messages once more (at least once, never lost).

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde_json::{Value, json};

use crate::i18n::Lang;
use crate::inlet::Inlet;
use crate::session::chat::{ChatId, Content, Inbound, Platform, Target, UserId};
use crate::session::{Registry, Session, SessionError, parse_duration};
use crate::store::{Commit, Store, UnixMs};

/// The virtual clock's start: 2026-01-01T00:00:00Z.
pub const EPOCH_MS: i64 = 1_767_225_600_000;
/// The meta key of the number of input lines handled so far on a database.
pub const CURSOR_KEY: &str = "script:cursor";
/// The meta key of the virtual clock.
const CLOCK_KEY: &str = "script:clock";
/// A test hook: `GM_SCRIPT_CRASH=<line>:<point>` makes the process abort (as a crash, without
/// cleaning up) at `point` of input line `line` (counted over the whole database): `answered`,
/// after the line's effects were committed and before its answer is printed, or `printed`, after
/// printing and before marking its messages sent.
const CRASH_ENV: &str = "GM_SCRIPT_CRASH";

/// `gm script` options.
#[derive(Debug, Args)]
pub struct ScriptArgs {
    /// The session's seed: the lot of turn order and generated boards follow from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The database to keep the games in: a SQLite file, or a `sqlite://` or `postgres://` URL
    /// (default: a fresh temporary SQLite file, removed at the end).
    #[arg(long)]
    pub db: Option<String>,
}

/// Runs the script on standard input.
pub fn run(args: ScriptArgs, lang: Lang, registry: Registry) -> ExitCode {
    // Made before the runtime, so that it is dropped after it: a panic unwinds through the store
    // before the files go.
    let (url, _temporary) = match args.db {
        Some(url) => (url, None),
        None => {
            let t = TempDatabase::new();
            (format!("sqlite://{}", t.0.display()), Some(t))
        }
    };
    let Some(runtime) = crate::console::runtime("script") else {
        return ExitCode::from(2);
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let result = runtime.block_on(async {
        let store = Store::connect(&url).await?;
        let session = Session::open(store.clone(), registry, args.seed, lang).await?;
        let mut script = Script::resume(session, lang).await?;
        let crash = crash_point();
        let mut input = stdin.lock();
        let mut out = stdout.lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            if input.read_until(b'\n', &mut buf).unwrap_or(0) == 0 {
                break;
            }
            // Invalid UTF-8 from a platform arrives as U+FFFD, as the bots' libraries decode it.
            let text = String::from_utf8_lossy(&buf);
            let answer = script.answer(text.trim_end_matches(['\n', '\r'])).await?;
            crash_if(&crash, script.lines(), "answered");
            if writeln!(out, "{}", answer.value)
                .and_then(|_| out.flush())
                .is_err()
            {
                break;
            }
            crash_if(&crash, script.lines(), "printed");
            script.confirm(&answer).await?;
        }
        store.close().await;
        Ok::<(), SessionError>(())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gm script: {e}");
            ExitCode::from(2)
        }
    }
}

/// The fresh database of a run without `--db`, removed with its WAL files when dropped, so also
/// when the run fails or panics. Only an abort (the crash hook) leaves it.
struct TempDatabase(PathBuf);

impl TempDatabase {
    fn new() -> TempDatabase {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let file = format!("gm-script-{}-{nanos}.db", std::process::id());
        TempDatabase(std::env::temp_dir().join(file))
    }
}

impl Drop for TempDatabase {
    fn drop(&mut self) {
        crate::store::remove_database(&self.0);
    }
}

/// The point of an input line at which the crash hook aborts, if set.
fn crash_point() -> Option<(u64, String)> {
    let spec = std::env::var(CRASH_ENV).ok()?;
    let (line, point) = spec.split_once(':')?;
    Some((line.parse().ok()?, point.to_string()))
}

fn crash_if(crash: &Option<(u64, String)>, line: u64, point: &str) {
    if crash
        .as_ref()
        .is_some_and(|(l, p)| *l == line && p == point)
    {
        std::process::abort();
    }
}

/// The script's state: the engine, the virtual clock and the number of lines handled.
pub struct Script {
    session: Session,
    /// The session's inputs, through the lanes every adapter uses: an input that keeps failing is
    /// set aside there, and the script goes on.
    inlet: Inlet,
    lang: Lang,
    now: i64,
    line: u64,
}

/// The answer to one input line, printed before its messages are marked sent.
#[derive(Debug)]
pub struct Answer {
    /// The output line.
    pub value: Value,
    /// The outbox ids of the messages in it.
    sent: Vec<u64>,
}

impl Script {
    /// A script over a fresh session, its clock at the epoch.
    pub fn new(session: Session, lang: Lang) -> Script {
        Script {
            inlet: Inlet::new(session.clone()),
            session,
            lang,
            now: EPOCH_MS,
            line: 0,
        }
    }

    /// A script going on where the last run on the session's database stopped: its cursor and
    /// its clock.
    pub async fn resume(session: Session, lang: Lang) -> Result<Script, SessionError> {
        let store = session.store();
        let stored = |v: Option<String>| v.and_then(|v| v.parse::<i64>().ok());
        let line = stored(store.meta(CURSOR_KEY).await?).unwrap_or(0);
        let now = stored(store.meta(CLOCK_KEY).await?).unwrap_or(EPOCH_MS);
        Ok(Script {
            inlet: Inlet::new(session.clone()),
            session,
            lang,
            now,
            line: u64::try_from(line).unwrap_or(0),
        })
    }

    /// Input lines handled so far on this database.
    pub fn lines(&self) -> u64 {
        self.line
    }

    /// Handles one input line and returns the output line, its messages marked sent at once (for
    /// callers that do not print).
    pub async fn line(&mut self, text: &str) -> Result<Value, SessionError> {
        let answer = self.answer(text).await?;
        self.confirm(&answer).await?;
        Ok(answer.value)
    }

    /// Handles one input line; its messages are to be marked sent with [`Script::confirm`] once
    /// printed.
    pub async fn answer(&mut self, text: &str) -> Result<Answer, SessionError> {
        let value = self.handle(text).await?;
        if value.get("out").is_some() {
            return self.with_messages().await;
        }
        Ok(Answer {
            value,
            sent: vec![],
        })
    }

    /// Marks the messages of a printed answer sent.
    pub async fn confirm(&mut self, answer: &Answer) -> Result<(), SessionError> {
        for id in &answer.sent {
            self.session.mark_sent(*id, None, self.now).await?;
        }
        Ok(())
    }

    /// The cursor and the clock, to commit with the line's effects.
    fn cursor(&self) -> Vec<(String, String)> {
        vec![
            (CURSOR_KEY.to_string(), self.line.to_string()),
            (CLOCK_KEY.to_string(), self.now.to_string()),
        ]
    }

    /// Records the cursor and the clock alone, for a line whose effects were committed apart.
    async fn record_cursor(&self) -> Result<(), SessionError> {
        let mut c = Commit::at(UnixMs(self.now));
        c.meta = self.cursor();
        self.session.store().commit(c).await?;
        Ok(())
    }

    /// Handles one line: `{"out": []}` (filled in by the caller), `{"state": …}` or an error.
    async fn handle(&mut self, text: &str) -> Result<Value, SessionError> {
        self.line += 1;
        let value: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => return Ok(json!({"error": format!("not JSON: {e}")})),
        };
        let Some(obj) = value.as_object() else {
            return Ok(json!({"error": "a line must be a JSON object"}));
        };
        if let Some(adv) = obj.get("advance") {
            let Some(later) = adv
                .as_str()
                .and_then(parse_duration)
                .and_then(|ms| self.now.checked_add(ms))
            else {
                return Ok(json!({"error": "advance takes a time such as \"36h\" (s, m, h, d)"}));
            };
            self.now = later;
            // A crash in the middle leaves the cursor before this line: fed again, it advances
            // to the same time, and the timers that fired before the crash are gone.
            self.session.advance(self.now).await?;
            self.record_cursor().await?;
            return Ok(json!({"out": []}));
        }
        if obj.get("peek").is_some_and(|p| p == &Value::Bool(true)) {
            let chat = match obj.get("chat").map(Value::as_str) {
                None => "group",
                Some(Some(c)) => match group_name(c) {
                    Some(name) => name,
                    None => return Ok(json!({"error": "peek at \"group\" or \"group:NAME\""})),
                },
                Some(None) => return Ok(json!({"error": "chat must be a string"})),
            };
            let state = self.session.peek(Platform::Script, chat).await?;
            return Ok(json!({ "state": state }));
        }
        let (Some(user), Some(chat), Some(msg)) = (
            obj.get("user").and_then(Value::as_str),
            obj.get("chat").and_then(Value::as_str),
            obj.get("text").and_then(Value::as_str),
        ) else {
            return Ok(
                json!({"error": "expected {\"user\",\"chat\",\"text\"}, {\"advance\"} or {\"peek\":true}"}),
            );
        };
        if user.is_empty() {
            return Ok(json!({"error": "user must not be empty"}));
        }
        let (private, chat_id) = if chat == "dm" {
            (true, user.to_string())
        } else if let Some(name) = group_name(chat) {
            (false, name.to_string())
        } else {
            return Ok(json!({"error": "chat is \"group\", \"group:NAME\" or \"dm\""}));
        };
        let inbound = Inbound {
            platform: Platform::Script,
            chat: ChatId(chat_id),
            private,
            user: UserId(user.to_string()),
            name: user.to_string(),
            content: Content::Text(msg.to_string()),
            message_id: format!("in:{}", self.line),
            lang: Some(self.lang),
            is_admin: false,
            threads: false,
            chat_title: None,
        };
        let cursor = self.cursor();
        self.inlet
            .handle_recording(inbound, self.now, &cursor)
            .await?;
        Ok(json!({"out": []}))
    }

    /// An answer of every unsent message, in the order committed: the line's own, and any a crash
    /// left unprinted before.
    async fn with_messages(&mut self) -> Result<Answer, SessionError> {
        // The script prints every message at once: no target waits for another's acceptance,
        // so the whole outbox is one batch, oldest first.
        let mut unsent = self.session.unsent_outbox(Platform::Script).await?;
        unsent.sort_by_key(|m| m.id);
        let sent = unsent.iter().map(|m| m.id).collect();
        let out: Vec<Value> = unsent
            .into_iter()
            .map(|m| {
                let to = match m.to {
                    Target::Chat(c) => c.0,
                    Target::User(u) => u.0,
                };
                json!({"to": to, "text": m.text})
            })
            .collect();
        Ok(Answer {
            value: json!({ "out": out }),
            sent,
        })
    }
}

/// `group` → `group`; `group:NAME` → `NAME`.
fn group_name(chat: &str) -> Option<&str> {
    match chat {
        "group" => Some("group"),
        _ => chat.strip_prefix("group:").filter(|n| !n.is_empty()),
    }
}

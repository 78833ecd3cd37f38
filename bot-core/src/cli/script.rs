//! `gm script`: drives the session engine from JSON lines, as `shared/spec/script-harness.md` says.
//!
//! Each input line is one chat message, a clock advance or a peek; each gets one JSON line out. The
//! clock is virtual and starts at a fixed epoch, so a run is reproducible. Each message line is
//! handed to the engine under its line number as the inbound id: re-running the same script on the
//! same `--db` after a crash does nothing twice, and sends what was left unsent.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde_json::{Value, json};

use crate::i18n::Lang;
use crate::session::chat::{ChatId, Content, Inbound, Platform, Target, UserId};
use crate::session::{Session, SessionError, parse_duration};
use crate::store::Store;

/// The virtual clock's start: 2026-01-01T00:00:00Z.
pub const EPOCH_MS: i64 = 1_767_225_600_000;

/// `gm script` options.
#[derive(Debug, Args)]
pub struct ScriptArgs {
    /// The session's seed: the lot of turn order and generated mazes follow from it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The SQLite file to keep the games in (default: a fresh temporary one, removed at the end).
    #[arg(long)]
    pub db: Option<PathBuf>,
}

/// Runs the script on standard input.
pub fn run(args: ScriptArgs, lang: Lang) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("gm script: {e}");
            return ExitCode::from(2);
        }
    };
    let (path, temporary) = match args.db {
        Some(p) => (p, false),
        None => (temp_db(), true),
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let result = runtime.block_on(async {
        let store = Store::open(&path).await?;
        let session = Session::open(store.clone(), args.seed, lang).await?;
        let mut script = Script::new(session, lang);
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
            let reply = script.line(text.trim_end_matches(['\n', '\r'])).await?;
            if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
                break;
            }
        }
        store.close().await;
        Ok::<(), SessionError>(())
    });
    if temporary {
        for suffix in ["", "-wal", "-shm"] {
            let mut p = path.clone().into_os_string();
            p.push(suffix);
            let _ = std::fs::remove_file(p);
        }
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gm script: {e}");
            ExitCode::from(2)
        }
    }
}

fn temp_db() -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!("gm-script-{}-{nanos}.db", std::process::id()))
}

/// The script's state: the engine, the virtual clock and the line number.
pub struct Script {
    session: Session,
    lang: Lang,
    now: i64,
    line: u64,
}

impl Script {
    /// A script over a session, its clock at the epoch.
    pub fn new(session: Session, lang: Lang) -> Script {
        Script {
            session,
            lang,
            now: EPOCH_MS,
            line: 0,
        }
    }

    /// Handles one input line and returns the output line.
    pub async fn line(&mut self, text: &str) -> Result<Value, SessionError> {
        self.line += 1;
        let value: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => return Ok(json!({"error": format!("not JSON: {e}")})),
        };
        let Some(obj) = value.as_object() else {
            return Ok(json!({"error": "a line must be a JSON object"}));
        };
        if let Some(adv) = obj.get("advance") {
            let Some(ms) = adv.as_str().and_then(parse_duration) else {
                return Ok(json!({"error": "advance takes a time such as \"36h\" (s, m, h, d)"}));
            };
            self.now += ms;
            self.session.advance(self.now).await?;
            return self.flush().await;
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
            return Ok(json!({"state": state}));
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
            message_id: format!("line:{}", self.line),
            lang: Some(self.lang),
            is_admin: false,
        };
        self.session.handle(inbound, self.now).await?;
        self.flush().await
    }

    /// Sends everything sendable, in the order it was committed, marking each sent.
    async fn flush(&mut self) -> Result<Value, SessionError> {
        let mut sent = vec![];
        loop {
            let batch = self
                .session
                .pending_outbox(Platform::Script, self.now)
                .await?;
            if batch.is_empty() {
                break;
            }
            for m in batch {
                self.session.mark_sent(m.id, None, self.now).await?;
                sent.push(m);
            }
        }
        sent.sort_by_key(|m| m.id);
        let out: Vec<Value> = sent
            .into_iter()
            .map(|m| {
                let to = match m.to {
                    Target::Chat(c) => c.0,
                    Target::User(u) => u.0,
                };
                json!({"to": to, "text": m.text})
            })
            .collect();
        Ok(json!({ "out": out }))
    }
}

/// `group` → `group`; `group:NAME` → `NAME`.
fn group_name(chat: &str) -> Option<&str> {
    match chat {
        "group" => Some("group"),
        _ => chat.strip_prefix("group:").filter(|n| !n.is_empty()),
    }
}

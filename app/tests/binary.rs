//! The `gm-bot` binary as an operator starts it: with no token it serves the web chat, says so and
//! says how to add the bots, and stops cleanly on SIGTERM.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../../bot-core/src/testkit/scratch.rs"]
mod support;

#[path = "../../telegram/tests/fake/mod.rs"]
mod fake;

/// A free port of 127.0.0.1 (bound and released: another process could take it, which no test
/// here does).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

#[test]
fn without_a_token_it_serves_the_web_chat_and_says_how_to_add_the_bots() {
    let db = support::TempDb::new("app-web");
    let port = free_port();
    let (mut child, rx) = start(&db, port);
    let all = log_until(&rx, "the web chat is at", Duration::from_secs(20)).join("\n");
    assert!(
        all.contains("TELOXIDE_TOKEN"),
        "it says how to add Telegram:\n{all}"
    );
    assert!(all.contains("DISCORD_TOKEN"), "and Discord:\n{all}");
    assert!(
        all.contains(&format!("127.0.0.1:{port}")),
        "and where the chat is:\n{all}"
    );
    let page = reqwest::blocking_get(&format!("http://127.0.0.1:{port}/"));
    assert!(page.contains("app.js"), "the page is served");
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    // Within five seconds, after the transaction in hand (issue 29).
    let status = exit_within(&mut child, Duration::from_secs(5)).expect("it stops on SIGTERM");
    assert!(status.success(), "a clean stop: {status:?}");
}

/// The process's exit status, if it exits within `limit`.
fn exit_within(
    child: &mut std::process::Child,
    limit: Duration,
) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + limit;
    loop {
        if let Some(s) = child.try_wait().expect("a status") {
            return Some(s);
        }
        if Instant::now() >= deadline {
            let _ = child.kill();
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The database file removed under the running bot: it notices, stops taking input and exits
/// with an error that says what happened, rather than acknowledging into a file that is gone.
#[test]
fn a_database_file_removed_under_it_stops_it_with_an_error() {
    let db = support::TempDb::new("app-lost");
    let port = free_port();
    let (mut child, rx) = start(&db, port);
    log_until(&rx, "the web chat is at", Duration::from_secs(20));
    std::fs::remove_file(db.path()).expect("the file is there to remove");
    let status = exit_within(&mut child, Duration::from_secs(20)).expect("it stops by itself");
    assert!(!status.success(), "an error, not a clean stop: {status:?}");
    let log: Vec<String> = rx.try_iter().collect();
    let log = log.join("\n");
    assert!(log.contains("removed or replaced"), "it says why:\n{log}");
}

/// Starts `gm-bot` with no token on the database `db`, its web chat on `port`; its log lines come
/// through the receiver.
fn start(
    db: &support::TempDb,
    port: u16,
) -> (std::process::Child, std::sync::mpsc::Receiver<String>) {
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/default.toml");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gm-bot"))
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .env("GM_CONFIG", &config)
        .env("GM_BOT_DATABASE", db.path())
        .env("GM_WEB_LISTEN", format!("127.0.0.1:{port}"))
        .env("RUST_LOG", "info")
        // Issue 33: a log written to a pipe or a file has no colour codes, NO_COLOR or not.
        .env_remove("NO_COLOR")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gm-bot starts");
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    (child, rx)
}

/// Log lines until one contains `wanted` or `limit` passes; all of them.
fn log_until(rx: &std::sync::mpsc::Receiver<String>, wanted: &str, limit: Duration) -> Vec<String> {
    let deadline = Instant::now() + limit;
    let mut log = vec![];
    while Instant::now() < deadline {
        if let Ok(l) = rx.recv_timeout(Duration::from_millis(200)) {
            let done = l.contains(wanted);
            log.push(l);
            if done {
                break;
            }
        }
    }
    log
}

/// A database written by the previous version (pictures inside the outbox's payloads, messages
/// sent long ago): the bot converts it as it opens and prunes it as it starts (issue 30).
#[test]
fn a_database_of_the_previous_version_is_converted_and_pruned_as_the_bot_starts() {
    let db = support::TempDb::new("app-prune");
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../bot-core/tests/fixtures/db-0007.sqlite");
    std::fs::copy(fixture, db.path()).unwrap();
    let (mut child, rx) = start(&db, free_port());
    let log = log_until(&rx, "the database was pruned", Duration::from_secs(30)).join("\n");
    assert!(
        !log.contains('\u{1b}'),
        "colour codes in a piped log:\n{log}"
    );
    assert!(
        log.contains("pictures kept inside messages are now files"),
        "converted:\n{log}"
    );
    assert!(log.contains("the database was pruned"), "pruned:\n{log}");
    // The fixture's eight sent messages; its two unsent ones stay to be sent.
    assert!(log.contains("messages=8"), "{log}");
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let status = exit_within(&mut child, Duration::from_secs(5)).expect("it stops on SIGTERM");
    assert!(status.success(), "{status:?}");
}

/// A tiny blocking GET, so the test needs no runtime of its own.
mod reqwest {
    pub fn blocking_get(url: &str) -> String {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            ::reqwest::get(url)
                .await
                .expect("the page answers")
                .text()
                .await
                .unwrap_or_default()
        })
    }
}

/// A Telegram token the platform refuses (401) ends the run, and the token is never printed, not
/// even with the most talkative log (the per-platform binary's check, kept for the one binary).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_telegram_token_ends_the_run_without_being_printed() {
    let db = support::TempDb::new("app-wrong-token");
    let fake = fake::Fake::start().await;
    let out = Command::new(env!("CARGO_BIN_EXE_gm-bot"))
        .current_dir(db.dir())
        .env("TELOXIDE_TOKEN", "424242:VERY-SECRET")
        .env("GM_TELEGRAM_API_URL", fake.url())
        .env("GM_BOT_DATABASE", db.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("GM_DISCORD_TOKEN")
        .env_remove("GM_CONFIG")
        .env("RUST_LOG", "trace")
        .output()
        .expect("the bot runs");
    assert_eq!(out.status.code(), Some(1));
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!all.contains("VERY-SECRET"), "{all}");
    assert!(all.contains("telegram"), "{all}");
}

/// A Discord token from the config file never reaches the output, even when the bot fails after
/// reading it (here: a database that cannot be opened).
#[test]
fn a_secret_token_in_the_file_never_reaches_the_output() {
    let dir = support::temp_dir("app-secret");
    let config = dir.path().join("bad.toml");
    std::fs::write(
        &config,
        "[bot]\ndatabase = \"/nonexistent/dir/gm.sqlite\"\n[discord]\ntoken = \"SECRET-TOKEN-123\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gm-bot"))
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("GM_DISCORD_TOKEN")
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("GM_BOT_DATABASE")
        .env("GM_CONFIG", &config)
        .env("RUST_LOG", "trace")
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        all.contains("nonexistent"),
        "the failure is explained: {all}"
    );
    assert!(!all.contains("SECRET-TOKEN-123"), "the token leaked: {all}");
}

/// The web chat keeps its history in a SQLite file and runs as one process: on a PostgreSQL
/// database `gm-bot` refuses to start it, says what to do instead, and shows no password.
#[test]
fn the_web_chat_is_refused_on_postgresql_with_what_to_do() {
    let dir = support::temp_dir("app-pg-web");
    let out = Command::new(env!("CARGO_BIN_EXE_gm-bot"))
        .current_dir(dir.path())
        .env_remove("DISCORD_TOKEN")
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("GM_CONFIG")
        .env(
            "GM_DATABASE_URL",
            "postgres://gm:SECRET-PW-456@127.0.0.1:1/gm",
        )
        .env("RUST_LOG", "trace")
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(0));
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(all.contains("sqlite://"), "what to do instead: {all}");
    assert!(!all.contains("SECRET-PW-456"), "the password leaked: {all}");
}

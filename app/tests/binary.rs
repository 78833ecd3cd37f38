//! The `gm-bot` binary as an operator starts it: with no token it serves the web chat, says so and
//! says how to add the bots, and stops cleanly on SIGTERM.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../../bot-core/tests/support/mod.rs"]
mod support;

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
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/default.toml");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gm-bot"))
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .env("GM_CONFIG", &config)
        .env("GM_BOT_DATABASE", db.path())
        .env("GM_WEB_LISTEN", format!("127.0.0.1:{port}"))
        .env("RUST_LOG", "info")
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
    let mut log = vec![];
    let deadline = Instant::now() + Duration::from_secs(20);
    while !log
        .iter()
        .any(|l: &String| l.contains("the web chat is at"))
        && Instant::now() < deadline
    {
        if let Ok(l) = rx.recv_timeout(Duration::from_millis(200)) {
            log.push(l);
        }
    }
    let all = log.join("\n");
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
    let config = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config/default.toml");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gm-bot"))
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .env("GM_CONFIG", &config)
        .env("GM_BOT_DATABASE", db.path())
        .env("GM_WEB_LISTEN", format!("127.0.0.1:{port}"))
        .env("RUST_LOG", "info")
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
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        match rx.recv_timeout(Duration::from_millis(200)) {
            Ok(l) if l.contains("the web chat is at") => break,
            _ => {}
        }
    }
    std::fs::remove_file(db.path()).expect("the file is there to remove");
    let status = exit_within(&mut child, Duration::from_secs(20)).expect("it stops by itself");
    assert!(!status.success(), "an error, not a clean stop: {status:?}");
    let log: Vec<String> = rx.try_iter().collect();
    let log = log.join("\n");
    assert!(log.contains("removed or replaced"), "it says why:\n{log}");
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

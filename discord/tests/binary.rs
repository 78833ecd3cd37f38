//! The `discord` binary without a token: it says how to get one and how to play locally, exits 2,
//! and touches no database.

mod fake;
mod harness;

use std::process::Command;

#[test]
fn without_a_token_it_explains_and_exits_2() {
    let guard = harness::temp_dir("bin-no-token");
    let dir = guard.path();
    let config = dir.join("empty.toml");
    std::fs::write(&config, "[bot]\ndatabase = \"never.sqlite\"\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_discord"))
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("GM_DISCORD_TOKEN")
        .env("GM_CONFIG", &config)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    for needle in [
        "Reset Token",
        "MESSAGE CONTENT",
        "applications.commands",
        "gm -- script",
    ] {
        assert!(err.contains(needle), "{needle} missing from: {err}");
    }
    assert!(
        !dir.join("never.sqlite").exists(),
        "no database without a token"
    );
}

#[test]
fn a_secret_token_in_the_file_never_reaches_the_output() {
    let guard = harness::temp_dir("bin-secret");
    let dir = guard.path();
    let config = dir.join("bad.toml");
    // A database path that cannot be opened: the bot fails after reading the token.
    std::fs::write(
        &config,
        "[bot]\ndatabase = \"/nonexistent/dir/gm.sqlite\"\n[discord]\ntoken = \"SECRET-TOKEN-123\"\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_discord"))
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env("GM_CONFIG", &config)
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

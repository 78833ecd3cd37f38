//! The binary without a token: it says how to get one and how to play meanwhile, and exits 2.

use std::process::Command;

#[test]
fn without_a_token_the_bot_explains_how_to_get_one() {
    let dir = std::env::temp_dir();
    let out = Command::new(env!("CARGO_BIN_EXE_telegram"))
        .current_dir(&dir)
        .env_remove("TELOXIDE_TOKEN")
        .env_remove("GM_CONFIG")
        .env_remove("GM_TELEGRAM_TOKEN")
        .output()
        .expect("the bot runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("@BotFather") && err.contains("/newbot"),
        "{err}"
    );
    assert!(err.contains("gm -- script"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_token_from_the_environment_is_never_printed() {
    let dir = std::env::temp_dir();
    // An unreachable API: the bot fails at start, and must not show the token while saying so.
    let out = Command::new(env!("CARGO_BIN_EXE_telegram"))
        .current_dir(&dir)
        .env("TELOXIDE_TOKEN", "424242:VERY-SECRET")
        .env("GM_TELEGRAM_API_URL", "http://127.0.0.1:9/")
        .env("GM_BOT_DATABASE", dir.join("gm-tg-binary-test.db"))
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
    assert!(all.contains("Telegram"), "{all}");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(dir.join(format!("gm-tg-binary-test.db{suffix}")));
    }
}

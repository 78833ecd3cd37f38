//! The binary without a token: it says how to get one and how to play meanwhile, and exits 2.

mod fake;
mod kit;

use std::process::Command;

#[test]
fn without_a_token_the_bot_explains_how_to_get_one() {
    // A directory of its own: whatever the bot might write next to it goes with it.
    let dir = kit::temp_dir("binary-no-token");
    let out = Command::new(env!("CARGO_BIN_EXE_telegram"))
        .current_dir(dir.path())
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wrong_token_ends_the_run_without_being_printed() {
    let db = kit::temp_db("binary-wrong-token");
    // The fake refuses any token but its own, as Telegram does (401): the bot must stop, and not
    // show the token while saying so.
    let fake = fake::Fake::start().await;
    let out = Command::new(env!("CARGO_BIN_EXE_telegram"))
        .current_dir(db.dir())
        .env("TELOXIDE_TOKEN", "424242:VERY-SECRET")
        .env("GM_TELEGRAM_API_URL", fake.url())
        .env("GM_BOT_DATABASE", db.path())
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
}

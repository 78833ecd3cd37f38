//! The bot's logs never hold an interaction's token (nor the bot's), nor the signed URL of a file a
//! user sent: everything the bot and the crates under it log, at the most verbose level `RUST_LOG`
//! can ask for, is captured while interactions' answers and downloads fail.

mod fake;
mod harness;

use std::io::Write;
use std::sync::{Arc, Mutex};

use bot_core::i18n::Lang;
use fake::{CHANNEL, Fake, Fault, On, Upload, signature_of, token_of};
use harness::{Bot, temp_db};

/// Log lines, gathered in memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Captured {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_token_nor_signed_url_reaches_the_logs_when_answers_and_downloads_fail() {
    let logs = Captured::default();
    let writer = logs.clone();
    // The bot's own filter, as `RUST_LOG=trace` makes it: everything the bot's code logs.
    tracing_subscriber::fmt()
        .with_env_filter(discord::logs::filter(Some("trace")))
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .init();

    let fake = Fake::start().await;
    let db = temp_db("logs");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let ann = fake.user("ann");
    // The acknowledgement fails for good (a 5xx each time: perhaps taken, so its reply is tried
    // all the same); then, for a second command, the reply edited in.
    fake.inject_on(On::Callback, &[Fault::ServerError; 30]);
    let first = ann.slash(
        CHANNEL,
        "newgame",
        &[("ruleset", "classic"), ("options", "size=5x4")],
    );
    fake.wait("the acknowledgement is given up", |_| {
        logs.text().contains("acknowledgement got no answer")
    })
    .await;
    fake.clear_faults();
    fake.inject_on(On::EditOriginal, &[Fault::ServerError; 30]);
    let second = ann.slash(CHANNEL, "status", &[]);
    fake.wait("the reply is given up", |_| {
        logs.text().contains("could not reply")
    })
    .await;
    // A file sent by DM whose downloads all fail, then one fetched.
    fake.clear_faults();
    fake.inject_on(On::Download, &[Fault::ServerError; 3]);
    let dm = fake.dm_of(&ann);
    let before = fake.texts(dm).len();
    ann.sends_privately("", &[Upload::new("game-1.json", b"{}".to_vec())]);
    fake.wait("the download is given up", |f| f.texts(dm).len() > before)
        .await;
    ann.sends_privately("", &[Upload::new("game-2.json", b"{}".to_vec())]);
    fake.wait("the file is read", |f| f.texts(dm).len() > before + 1)
        .await;
    bot.stop().await;

    let text = logs.text();
    assert!(
        text.contains("connected to Discord"),
        "the logs were captured"
    );
    for id in [first, second] {
        assert!(
            !text.contains(&token_of(id)),
            "an interaction token in the logs:\n{text}"
        );
    }
    assert!(!text.contains("fake-token"), "the bot's token in the logs");
    assert!(
        text.contains("could not fetch a file sent privately"),
        "the failed download was logged"
    );
    let downloads = fake.downloads();
    assert_eq!(downloads.len(), 4);
    for id in downloads {
        assert!(
            !text.contains(&signature_of(id)),
            "a file's signed URL in the logs:\n{text}"
        );
    }
    assert!(!text.contains("/attachments/"), "a file's URL in the logs");
}

//! What happens while the bot is down: Discord does not replay to a new gateway session the
//! messages written meanwhile, so the bot reads each game's channel (and its players' DMs) after
//! the last message it handled, on every READY (issue 19, item 6).

mod fake;
mod harness;

use bot_core::i18n::Lang;
use fake::{CHANNEL, Fake};
use harness::{Bot, barrier, game_in_play, reply, temp_db, whose_turn};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn orders_typed_while_the_bot_is_down_are_handled_after_its_restart_once() {
    let fake = Fake::start().await;
    let db = temp_db("catch-up");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let players = game_in_play(&fake, "size=5x4").await;
    let ann = players[0].clone();
    let mover = whose_turn(&fake, &players);
    bot.stop().await;

    // While the bot is down: the mover's order in the channel, a question in a player's DMs.
    let shown = fake.shown(CHANNEL).len();
    let order = mover.says(CHANNEL, "go up");
    let other = players.iter().find(|p| p.id != mover.id).unwrap().clone();
    let dm_before = fake.dm_texts_shown(&other).len();
    other.says_privately("/games");

    let bot = Bot::start(&fake, &db, Lang::En).await;
    fake.wait("the missed order is played", |f| {
        f.shown(CHANNEL).len() > shown
    })
    .await;
    fake.wait("the missed DM is answered", |f| {
        f.dm_texts_shown(&other).len() > dm_before
    })
    .await;
    assert!(
        fake.dm_texts_shown(&other)[dm_before].contains("#1"),
        "{:?}",
        fake.dm_texts_shown(&other)
    );
    let next = whose_turn(&fake, &players);
    assert_ne!(next.id, mover.id, "the turn moved on");
    // The channel was read after what the bot had handled, not from its beginning.
    let reads = fake.history_reads();
    assert!(
        reads
            .iter()
            .any(|(c, after)| *c == CHANNEL && after.is_some_and(|a| a < order)),
        "{reads:?}"
    );
    assert!(reads.iter().all(|(_, after)| after.is_some()), "{reads:?}");
    bot.stop().await;

    // Started again: the order is read again, or not, but never played twice.
    let moved = fake.shown(CHANNEL).len();
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let new = barrier(&fake, &ann).await;
    assert!(new[0].contains("players:"), "nothing replayed: {new:?}");
    assert_eq!(fake.shown(CHANNEL).len(), moved + 1);
    assert_eq!(whose_turn(&fake, &players).id, next.id);
    bot.stop().await;
}

/// A bot whose stop comes as a kill would (a short grace), ann in its lobby, and her private lane
/// held up by a file whose download hangs at each of its three tries (5 s each): a command she
/// gives there is acknowledged and waits behind it (a command in another channel would not: each
/// channel has its lane).
async fn held_up_in_private(fake: &Fake, db: &std::path::Path) -> (Bot, fake::User) {
    let bot = Bot::start_with(fake, db, Lang::En, |c| {
        c.shutdown_grace = std::time::Duration::from_millis(300)
    })
    .await;
    let ann = fake.user("ann");
    reply(
        fake,
        ann.slash(CHANNEL, "newgame", &[("ruleset", "classic")]),
    )
    .await;
    fake.inject_on(fake::On::Download, &[fake::Fault::Stall(30.0); 3]);
    ann.sends_privately("", &[fake::Upload::new("game-1.json", "{}")]);
    fake.wait("the download hangs", |f| {
        f.faults_served_on(fake::On::Download) == [fake::Fault::Stall(30.0)]
    })
    .await;
    (bot, ann)
}

/// ann's `/status` in her private chat, once acknowledged.
async fn acknowledged_status(fake: &Fake, ann: &fake::User) -> u64 {
    let id = ann.slash(fake.dm_of(ann), "status", &[]);
    fake.wait("the command is acknowledged", |f| {
        !f.answers_to(id).is_empty()
    })
    .await;
    id
}

/// Stops `bot` before command `id` got its reply, starts it again, and gives the reply it gets.
async fn answered_after_a_restart(fake: &Fake, db: &std::path::Path, bot: Bot, id: u64) -> String {
    bot.stop().await;
    assert!(
        fake.answers_to(id).iter().all(|a| a.how == "callback"),
        "no reply before the stop"
    );
    let bot = Bot::start(fake, db, Lang::En).await;
    let text = reply(fake, id).await;
    bot.stop().await;
    text
}

/// A slash command acknowledged with "thinking…" whose bot is stopped before it could reply is
/// given its reply after the restart, while its token is valid: the bot restarted before it could
/// handle it (issue 19, item 6).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_left_thinking_by_a_stop_is_answered_after_the_restart() {
    let fake = Fake::start().await;
    let db = temp_db("thinking");
    let (bot, ann) = held_up_in_private(&fake, &db).await;
    let id = acknowledged_status(&fake, &ann).await;
    // Stopped as a kill would: the worker never gets to it.
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let text = answered_after_a_restart(&fake, &db, bot, id).await;
    assert!(text.contains("restarted"), "{text}");
    assert!(text.contains("use it again"), "{text}");
}

/// A slash command acknowledged while the database is locked (longer than its busy timeout) is
/// still noted as "thinking…" once the database is free, so that a stop before its reply does not
/// leave it so for good (issue 36).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_acknowledged_while_the_database_is_locked_is_answered_after_a_restart() {
    let fake = Fake::start().await;
    let db = temp_db("thinking-locked");
    let (bot, ann) = held_up_in_private(&fake, &db).await;
    let lock = harness::WriteLock::take(&db).await;
    let id = acknowledged_status(&fake, &ann).await;
    // Longer than the store's busy timeout (5 s): the first try at noting it fails.
    tokio::time::sleep(std::time::Duration::from_millis(6500)).await;
    lock.release().await;
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let text = answered_after_a_restart(&fake, &db, bot, id).await;
    assert!(text.contains("restarted"), "{text}");
}

/// A command the session had handled before the stop, whose reply was not given, is told it was
/// handled, not asked for again (issue 19, item 6).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_handled_before_the_stop_is_told_so_after_the_restart() {
    use bot_core::store::{Commit, Store, UnixMs};

    let fake = Fake::start().await;
    let db = temp_db("thinking-handled");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let ann = fake.user("ann");
    let id = ann.slash(CHANNEL, "newgame", &[("ruleset", "classic")]);
    reply(&fake, id).await;
    bot.stop().await;
    // As if the bot had been killed after the session took the command and before its reply:
    // the command is still noted as waiting for it.
    let store = Store::open(&db).await.unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let left = serde_json::json!([{
        "id": id, "app": fake::APP_ID, "token": fake::token_of(id), "at": now, "lang": "en"
    }]);
    let mut c = Commit::at(UnixMs(now));
    c.meta.push(("discord:thinking".into(), left.to_string()));
    store.commit(c).await.unwrap();
    store.close().await;

    let bot = Bot::start(&fake, &db, Lang::En).await;
    fake.wait("the reply is given again", |f| {
        f.answers_to(id).iter().filter(|a| a.how == "edit").count() == 2
    })
    .await;
    let last = fake.answers_to(id).last().unwrap().content.clone().unwrap();
    assert!(last.starts_with("✓ Handled"), "{last}");
    bot.stop().await;
    // Answered once: a further restart leaves it be.
    let bot = Bot::start(&fake, &db, Lang::En).await;
    barrier(&fake, &ann).await;
    assert_eq!(
        fake.answers_to(id)
            .iter()
            .filter(|a| a.how == "edit")
            .count(),
        2
    );
    bot.stop().await;
}

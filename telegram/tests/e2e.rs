//! The real bot against a fake Telegram Bot API on 127.0.0.1: whole games from bot-core's golden
//! scripts, each chat receiving exactly what `gm script` prints, once and in order; faults of every
//! kind on the way; and the bot stopped and restarted mid-game on the same database.

mod fake;
mod kit;

use bot_core::i18n::Lang;
use fake::{Fake, Fault, GROUP};
use kit::{caught_up, golden, play_lines, remove_db, start, temp_db};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_arrives_in_every_chat_exactly_as_gm_script_says() {
    let g = golden("classic_en", Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db("classic-en");
    let bot = start(&fake, &db, Lang::En).await;
    play_lines(&fake, &g, 0, g.lines.len()).await;
    assert_eq!(g.users().len(), 3, "a master and two players: three people");
    // The group never shows a private fact: a start cell, a hand, the master's plan.
    let group = fake.timeline(GROUP);
    for secret in g.private_texts() {
        assert!(
            !group.iter().any(|t| t.contains(&secret)),
            "the group saw a private text: {secret}"
        );
    }
    assert!(fake.updates_confirmed() || fake.wait(Fake::updates_confirmed).await);
    bot.stop().await.expect("a clean stop");
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_command_menu_is_registered_in_both_languages() {
    let fake = Fake::start().await;
    let db = temp_db("menu");
    let bot = start(&fake, &db, Lang::Ru).await;
    assert!(
        fake.wait(|f| f.commands("en").is_some()
            && f.commands("ru").is_some()
            && f.commands("").is_some())
            .await
    );
    let en = fake.commands("en").unwrap();
    let ru = fake.commands("ru").unwrap();
    assert!(en.as_array().is_some_and(|a| !a.is_empty()));
    assert_eq!(en.as_array().map(Vec::len), ru.as_array().map(Vec::len));
    assert_ne!(en, ru, "the descriptions are translated");
    assert_eq!(
        fake.commands(""),
        Some(ru),
        "the default menu is the bot's language"
    );
    bot.stop().await.expect("a clean stop");
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flood_control_server_errors_and_dropped_connections_lose_and_repeat_nothing() {
    let g = golden("classic_ru", Lang::Ru).await;
    let fake = Fake::start().await;
    let db = temp_db("faults");
    let bot = start(&fake, &db, Lang::Ru).await;
    fake.fail_next("sendMessage", Some(GROUP), Fault::RetryAfter(1));
    play_lines(&fake, &g, 0, 3).await;
    fake.fail_next("sendMessage", Some(GROUP), Fault::Drop);
    play_lines(&fake, &g, 3, 6).await;
    fake.fail_next("sendMessage", None, Fault::ServerError);
    fake.fail_next("getUpdates", None, Fault::Drop);
    play_lines(&fake, &g, 6, 10).await;
    fake.fail_next("getUpdates", None, Fault::RetryAfter(1));
    play_lines(&fake, &g, 10, g.lines.len()).await;
    assert!(fake.faults_used(), "every fault was met");
    bot.stop().await.expect("a clean stop");
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_neither_loses_nor_repeats_a_move() {
    let g = golden("classic_en", Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db("restart");
    let half = g.lines.len() / 2;
    let bot = start(&fake, &db, Lang::En).await;
    play_lines(&fake, &g, 0, half).await;
    bot.stop().await.expect("a clean stop");
    // Moves made while the bot is down wait at Telegram and are handled once it is back.
    kit::play(&fake, &g, half);
    kit::play(&fake, &g, half + 1);
    let bot = start(&fake, &db, Lang::En).await;
    assert!(
        fake.wait(|f| caught_up(f, &g, half + 2)).await,
        "the moves made while down"
    );
    play_lines(&fake, &g, half + 2, g.lines.len()).await;
    bot.stop().await.expect("a clean stop");
    remove_db(&db);
}

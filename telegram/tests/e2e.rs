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
    let photos: Vec<_> = fake
        .shown(GROUP)
        .into_iter()
        .filter(|m| m.photo.is_some())
        .collect();
    assert_eq!(photos.len(), 1, "the revealed maze, as a photo");
    assert!(photos[0].photo > Some(100), "a real PNG was uploaded");
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

/// The link buttons' `start` payloads under a chat's messages, in order.
fn start_links(fake: &Fake, chat: i64) -> Vec<String> {
    fake.shown(chat)
        .iter()
        .flat_map(|m| m.keyboard.as_array().cloned().unwrap_or_default())
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["url"].as_str().map(str::to_string))
        .filter_map(|u| {
            let (base, payload) = u.split_once("?start=")?;
            assert_eq!(base, format!("https://t.me/{}", fake::BOT_USERNAME));
            Some(payload.to_string())
        })
        .collect()
}

/// The callback data of the button labelled `label` under a chat's messages: (message, data).
fn button(fake: &Fake, chat: i64, label: &str) -> Option<(i64, String)> {
    fake.shown(chat).iter().rev().find_map(|m| {
        let rows = m.keyboard.as_array()?;
        rows.iter()
            .flat_map(|r| r.as_array().cloned().unwrap_or_default())
            .find(|b| b["text"] == label)
            .and_then(|b| b["callback_data"].as_str().map(|d| (m.id, d.to_string())))
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_refused_as_never_opened_waits_until_the_player_opens_the_chat() {
    refused_dm_waits_for_the_player("never-opened", fake::User::never_opened).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_refused_as_blocked_waits_until_the_player_comes_back() {
    refused_dm_waits_for_the_player("blocked", fake::User::blocks_bot).await;
}

/// Bob's private messages are refused (403, in the given wording) from the start of a golden game:
/// the group is asked to tell him, and once he opens the chat everything that waited arrives once,
/// and the game goes on exactly as `gm script` says.
async fn refused_dm_waits_for_the_player(name: &str, refuse: fn(&fake::User)) {
    let g = golden("classic_en", Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db(name);
    let bot = start(&fake, &db, Lang::En).await;
    let bob = fake.user("bob");
    refuse(&bob);
    // Up to the plan: the master's DMs go through; then the start-cell question to bob is refused.
    play_lines(&fake, &g, 0, 4).await;
    kit::play(&fake, &g, 4);
    assert!(
        fake.wait(|f| start_links(f, GROUP).len() >= 2).await,
        "the group is asked to tell bob to open a chat: {:?}",
        fake.timeline(GROUP)
    );
    let notice = fake.timeline(GROUP).last().cloned().unwrap();
    assert!(notice.contains("bob"), "{notice}");
    assert!(fake.timeline(bob.id()).is_empty());
    let payload = start_links(&fake, GROUP).pop().unwrap();
    bob.opens_private_chat(&payload);
    let want = g.expected(&fake, 5)[&bob.id()].clone();
    assert!(
        fake.wait(|f| {
            let got = f.timeline(bob.id());
            want.iter()
                .all(|w| got.iter().filter(|t| *t == w).count() == 1)
        })
        .await,
        "bob gets what waited for him, once: {:?}",
        fake.timeline(bob.id())
    );
    // The rest of the game goes on as gm script says, the notice and the reply to /start aside.
    for i in 5..g.lines.len() {
        kit::play(&fake, &g, i);
        let want = g.expected(&fake, i + 1);
        let ok = fake
            .wait(|f| {
                want.iter().all(|(chat, texts)| {
                    let got: Vec<String> = f
                        .timeline(*chat)
                        .into_iter()
                        .filter(|t| *t != notice && (*chat != bob.id() || texts.contains(t)))
                        .collect();
                    &got == texts
                })
            })
            .await;
        assert!(ok, "after line {}: {:?}", i + 1, fake.timeline(bob.id()));
    }
    let extra: Vec<String> = fake
        .timeline(bob.id())
        .into_iter()
        .filter(|t| !g.expected(&fake, g.lines.len())[&bob.id()].contains(t))
        .collect();
    assert!(extra.len() <= 1, "at most a reply to /start: {extra:?}");
    bot.stop().await.expect("a clean stop");
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_join_choose_cells_and_refuse_strangers_and_old_presses() {
    let fake = Fake::start().await;
    let db = temp_db("buttons");
    let bot = start(&fake, &db, Lang::En).await;
    let (ann, bob, cid) = (fake.user("ann"), fake.user("bob"), fake.user("cid"));
    ann.says_in_group("/newgame labyrinth classic size=5x5");
    assert!(fake.wait(|f| !start_links(f, GROUP).is_empty()).await);
    // Joining through the deep link: the player's private chat is open before the game needs it.
    let join = start_links(&fake, GROUP).pop().unwrap();
    bob.opens_private_chat(&join);
    assert!(
        fake.wait(|f| f.timeline(GROUP).iter().any(|t| t.contains("bob")))
            .await
    );
    cid.opens_private_chat(&join);
    assert!(
        fake.wait(|f| f.timeline(GROUP).iter().any(|t| t.contains("cid")))
            .await
    );
    ann.says_in_group("/begin");
    // The start cell by a grid of buttons in private.
    for u in [&ann, &bob, &cid] {
        assert!(
            fake.wait(|f| button(f, u.id(), "B2").is_some()).await,
            "a grid for {}",
            u.id()
        );
    }
    let before = fake.timeline(bob.id()).len();
    let (msg, data) = button(&fake, bob.id(), "D4").unwrap();
    let q = bob.presses(bob.id(), msg, &data);
    assert!(
        fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await,
        "the press is answered"
    );
    assert!(
        fake.wait(|f| f.timeline(bob.id())[before..]
            .iter()
            .any(|t| t.contains("D4")))
            .await,
        "bob's cell is noted: {:?}",
        fake.timeline(bob.id())
    );
    ann.says_privately("B2");
    cid.says_privately("A5");
    // Play starts: the turn's buttons are in the group.
    assert!(
        fake.wait(|f| f
            .shown(GROUP)
            .iter()
            .any(|m| m.keyboard.to_string().contains("callback_data")))
            .await,
        "the turn's buttons: {:?}",
        fake.shown(GROUP)
    );
    let peek = kit::peek(&db, Lang::En).await;
    let turn = peek["turn"].as_str().unwrap().to_string();
    let current = fake.user(&turn);
    let stranger = [&ann, &bob, &cid]
        .into_iter()
        .find(|u| u.id() != current.id())
        .unwrap();
    let (msg, data) = fake
        .shown(GROUP)
        .iter()
        .rev()
        .find_map(|m| {
            let b = m.keyboard.as_array()?.first()?.as_array()?.first()?.clone();
            b.get("callback_data")?;
            Some((m.id, b["callback_data"].as_str()?.to_string()))
        })
        .expect("a turn button");
    let shown_before = fake.timeline(GROUP);
    let q = stranger.presses(GROUP, msg, &data);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    let answer = fake.answers().into_iter().find(|a| a.0 == q).unwrap();
    assert!(
        answer.2 && answer.1.is_some(),
        "a popup for the stranger: {answer:?}"
    );
    // Nothing moved: the same turn, and the group was told nothing.
    assert_eq!(kit::peek(&db, Lang::En).await["turn"], peek["turn"]);
    // The current player's own press plays; his old button afterwards does nothing.
    let q = current.presses(GROUP, msg, &data);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() > shown_before.len())
            .await
    );
    let after = kit::peek(&db, Lang::En).await;
    assert_ne!(after, peek, "the press played the move");
    let q = current.presses(GROUP, msg, &data);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    assert_eq!(
        kit::peek(&db, Lang::En).await,
        after,
        "an old button changes nothing"
    );
    status_card_is_edited_in_place_or_sent_anew(&fake, &db).await;
    bot.stop().await.expect("a clean stop");
    remove_db(&db);
}

/// Posts an update to a webhook as Telegram does; returns the HTTP status.
async fn post_update(
    addr: std::net::SocketAddr,
    secret: Option<&str>,
    update: &serde_json::Value,
) -> u16 {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = update.to_string();
    let secret = secret
        .map(|s| format!("X-Telegram-Bot-Api-Secret-Token: {s}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "POST /hook HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n{secret}\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    stream.write_all(request.as_bytes()).await.expect("write");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer).await;
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_mode_takes_only_posts_that_carry_the_secret() {
    let fake = Fake::start().await;
    let db = temp_db("webhook");
    let addr = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let mut config = telegram::Config::for_tests(&fake.url(), fake::TOKEN);
    config.mode = telegram::Mode::Webhook;
    config.webhook_listen = Some(addr);
    config.webhook_url = Some(format!("http://{addr}/hook"));
    config.webhook_secret = Some(telegram::config::Token::new("s3cret-token"));
    let bot = kit::start_with(config, &db, Lang::En).await;
    assert!(fake.wait(|f| !f.calls("setWebhook").is_empty()).await);
    let set = fake.calls("setWebhook").pop().unwrap();
    assert_eq!(set["secret_token"], "s3cret-token");
    assert_eq!(set["url"], format!("http://{addr}/hook"));
    fake.user("ann")
        .says_in_group("/newgame labyrinth classic size=5x5");
    let update = fake.take_updates().pop().unwrap();
    let mut status = 0;
    for _ in 0..100 {
        status = post_update(addr, Some("wrong"), &update).await;
        if status != 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(status, 401, "a post without the secret is refused");
    assert_eq!(post_update(addr, Some("s3cret-token"), &update).await, 200);
    assert!(
        fake.wait(|f| f.timeline(GROUP).iter().any(|t| t.contains("ann")))
            .await
    );
    // Telegram resending the same update changes nothing.
    assert_eq!(post_update(addr, Some("s3cret-token"), &update).await, 200);
    fake.user("bob").says_in_group("/join");
    let join = fake.take_updates().pop().unwrap();
    assert_eq!(post_update(addr, Some("s3cret-token"), &join).await, 200);
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 2).await);
    assert!(
        fake.timeline(GROUP)[1].contains("bob"),
        "{:?}",
        fake.timeline(GROUP)
    );
    bot.stop().await.expect("a clean stop");
    remove_db(&db);
}

/// The whose-turn player's name, read beside the bot.
async fn turn(db: &std::path::Path) -> String {
    kit::peek(db, Lang::En).await["turn"]
        .as_str()
        .unwrap()
        .to_string()
}

/// `/status` posts a card that later turns edit in place; once the card is deleted, the next turn
/// posts it anew rather than losing it.
async fn status_card_is_edited_in_place_or_sent_anew(fake: &Fake, db: &std::path::Path) {
    let n = fake.shown(GROUP).len();
    fake.user("ann").says_in_group("/status");
    assert!(fake.wait(|f| f.shown(GROUP).len() > n).await);
    let card = fake.shown(GROUP).last().cloned().unwrap();
    fake.user(&turn(db).await).says_in_group("go up");
    assert!(
        fake.wait(|f| f
            .shown(GROUP)
            .iter()
            .any(|m| m.id == card.id && !m.history.is_empty()))
            .await,
        "the card is edited: {:?}",
        fake.shown(GROUP)
    );
    let edited = fake
        .shown(GROUP)
        .into_iter()
        .find(|m| m.id == card.id)
        .unwrap();
    assert_eq!(edited.history, vec![card.text.clone()]);
    // The card's first words (its game code), the same whatever the turn.
    let head: String = edited.text.chars().take(8).collect();
    fake.delete(GROUP, card.id);
    let last = fake.shown(GROUP).last().unwrap().id;
    fake.user(&turn(db).await).says_in_group("go up");
    assert!(
        fake.wait(|f| f
            .shown(GROUP)
            .iter()
            .any(|m| m.id > last && m.text.starts_with(&head)))
            .await,
        "the card comes anew: {:?}",
        fake.shown(GROUP)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_admin_may_cancel_after_confirming_and_a_player_may_not() {
    let fake = Fake::start().await;
    let db = temp_db("admin");
    let bot = start(&fake, &db, Lang::En).await;
    let (ann, bob, cid) = (fake.user("ann"), fake.user("bob"), fake.user("cid"));
    ann.says_in_group("/newgame labyrinth classic size=5x5");
    bob.says_in_group("/join");
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 2).await);
    bob.says_in_group("/cancel");
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() == 3).await,
        "bob is answered"
    );
    assert_eq!(kit::peek(&db, Lang::En).await["status"], "lobby");
    fake.make_admin("cid");
    cid.says_in_group("/cancel");
    assert!(
        fake.wait(|f| button_data(f, GROUP).iter().any(|d| d.ends_with(" yes")))
            .await,
        "an admin is asked to confirm: {:?}",
        fake.shown(GROUP)
    );
    assert_eq!(
        kit::peek(&db, Lang::En).await["status"],
        "lobby",
        "not before confirming"
    );
    let msg = fake.shown(GROUP).last().unwrap().id;
    let yes = button_data(&fake, GROUP)
        .into_iter()
        .find(|d| d.ends_with(" yes"))
        .unwrap();
    // A player pressing the admin's confirmation does not cancel either.
    let q = bob.presses(GROUP, msg, &yes);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    assert_eq!(kit::peek(&db, Lang::En).await["status"], "lobby");
    let q = cid.presses(GROUP, msg, &yes);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() >= 6).await,
        "{:?}",
        fake.timeline(GROUP)
    );
    // Over: peek files an aborted game as finished.
    assert_eq!(kit::peek(&db, Lang::En).await["status"], "finished");
    assert!(!fake.calls("getChatMember").is_empty());
    bot.stop().await.expect("a clean stop");
    remove_db(&db);
}

/// Every callback data under a chat's messages.
fn button_data(fake: &Fake, chat: i64) -> Vec<String> {
    fake.shown(chat)
        .iter()
        .flat_map(|m| m.keyboard.as_array().cloned().unwrap_or_default())
        .flat_map(|row| row.as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["callback_data"].as_str().map(str::to_string))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_message_resumes_after_a_failure_and_a_restart_without_repeating_a_part() {
    use bot_core::relay::{Courier, Progress, Refusal};
    use bot_core::session::Session;
    use bot_core::store::{Commit, NewOutgoing, Platform, Store, Target, UnixMs};
    use teloxide::prelude::*;
    let fake = Fake::start().await;
    let db = temp_db("parts");
    let bot = Bot::new(fake::TOKEN).set_api_url(url::Url::parse(&fake.url()).unwrap());
    let config = telegram::Config::for_tests(&fake.url(), fake::TOKEN);
    let bot = teloxide::adaptors::Throttle::new_spawn(bot, config.limits());
    let courier = telegram::courier::TelegramCourier::new(bot, fake::BOT_USERNAME).unwrap();
    let rows: Vec<String> = (0..300).map(|i| format!("row {i:03}: .   .   .")).collect();
    let text = rows.join("\n");
    assert!(text.len() > 4096);
    // One message in the outbox, as the session would have queued it.
    let open = || async {
        let store = Store::open(&db).await.unwrap();
        Session::open(store, 1, Lang::En).await.unwrap()
    };
    let session = open().await;
    let mut c = Commit::at(UnixMs(0));
    let payload = serde_json::json!({"text": text, "buttons": [[{"label": "ok", "data": "x"}]]});
    c.outbox.push(NewOutgoing::new(
        Target::chat(Platform::Telegram, GROUP.to_string()),
        payload.to_string(),
    ));
    session.store().commit(c).await.unwrap();
    let pending = |s: Session| async move {
        s.pending_outbox(Platform::Telegram, 0)
            .await
            .unwrap()
            .remove(0)
    };
    let out = pending(session.clone()).await;
    fake.fail_later("sendMessage", Some(GROUP), 1, Fault::Drop);
    let first = courier
        .deliver(&out, &Progress::new(session.clone(), out.id))
        .await;
    assert!(matches!(first, Err(Refusal::Transient(_))), "{first:?}");
    assert_eq!(fake.timeline(GROUP).len(), 1, "the first part went out");
    // The bot restarts: what went out is known from the database alone.
    session.store().clone().close().await;
    let session = open().await;
    let out = pending(session.clone()).await;
    assert_eq!(out.parts_sent, 1);
    let done = courier
        .deliver(&out, &Progress::new(session.clone(), out.id))
        .await
        .expect("the rest goes out");
    let shown = fake.shown(GROUP);
    assert_eq!(shown.len(), 2, "no part twice");
    assert_eq!(
        fake.timeline(GROUP).join("\n"),
        text,
        "split at line breaks, whole"
    );
    assert!(
        shown[0].keyboard.is_null() && shown[1].keyboard.is_array(),
        "buttons under the end"
    );
    assert_eq!(done.message_id, Some(shown[1].id.to_string()));
    session.store().clone().close().await;
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reminder_and_the_missed_deadline_are_posted_in_the_group_without_any_input() {
    let fake = Fake::start().await;
    let db = temp_db("deadline");
    let bot = start(&fake, &db, Lang::En).await;
    let (ann, bob, cid) = (fake.user("ann"), fake.user("bob"), fake.user("cid"));
    ann.says_in_group("/newgame labyrinth classic size=5x5 deadline=4s");
    bob.says_in_group("/join");
    cid.says_in_group("/join");
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 3).await);
    ann.says_in_group("/begin");
    for u in [&ann, &bob, &cid] {
        assert!(fake.wait(|f| !f.timeline(u.id()).is_empty()).await);
    }
    ann.says_privately("B2");
    bob.says_privately("D4");
    cid.says_privately("A5");
    assert!(
        fake.wait(|f| button_data(f, GROUP).iter().any(|d| d.contains(" !")))
            .await,
        "play starts: {:?}",
        fake.timeline(GROUP)
    );
    let first = turn(&db).await;
    let posted = fake.timeline(GROUP).len();
    // Nobody writes: the relay's clock posts the reminder, then the deadline passes the turn on.
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() >= posted + 2).await,
        "{:?}",
        fake.timeline(GROUP)
    );
    let news = fake.timeline(GROUP)[posted..].join("\n");
    assert!(news.contains(&first), "{news}");
    // The deadline's notice and the skip are one commit: once the notice shows, the turn moved.
    assert_ne!(turn(&db).await, first, "the missed turn passed on: {news}");
    bot.stop().await.expect("a clean stop");
    remove_db(&db);
}

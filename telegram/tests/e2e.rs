//! The real bot against a fake Telegram Bot API on 127.0.0.1: whole games from the golden
//! scripts, each chat receiving exactly what `gm script` prints, once and in order, and no secret
//! of a script ever shown in the group; faults of every kind on the way; the bot stopped,
//! restarted and killed mid-game on the same database.

mod fake;
mod kit;

use std::time::Duration;

use bot_core::i18n::Lang;
use fake::{Fake, Fault, GROUP};
use kit::{
    assert_secrets_kept, caught_up, choose_start_cells, golden, golden_of, hive_script, open_chats,
    peek_chat, peek_key, play_lines, random_saboteur_script, start, start_links, temp_db,
    three_begin, unsent,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_arrives_in_every_chat_exactly_as_gm_script_says() {
    let g = golden("classic_en", Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db("classic-en");
    open_chats(&fake, &g);
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
    // The group never shows a private fact: a start cell, a plan's line, a private message.
    assert_secrets_kept(&fake, &g.secrets());
    assert!(fake.updates_confirmed() || fake.wait(Fake::updates_confirmed).await);
    bot.stop().await.expect("a clean stop");
}

/// A whole game of Saboteur, three rounds of four players: roles and hands by private message
/// with their pictures, the tunnel map as a photo in the group, every chat exactly as `gm script`
/// says, and nothing private in the group.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_saboteur_arrives_as_gm_script_says() {
    let input = random_saboteur_script(&["ann", "bob", "cid", "dan"], 2026).await;
    let g = golden_of("saboteur", &input, Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db("saboteur");
    open_chats(&fake, &g);
    let bot = start(&fake, &db, Lang::En).await;
    play_lines(&fake, &g, 0, g.lines.len()).await;
    let last = g
        .outs
        .iter()
        .flatten()
        .last()
        .expect("the game said something");
    assert!(
        last.1.contains("The game is over"),
        "played to the end: {last:?}"
    );
    let maps = fake
        .shown(GROUP)
        .into_iter()
        .filter(|m| m.photo.is_some())
        .count();
    assert!(
        maps > 10,
        "the map, as a photo, after the plays that change it ({maps})"
    );
    let hands = fake
        .shown(fake.user("ann").id())
        .into_iter()
        .filter(|m| m.photo.is_some())
        .count();
    assert!(hands > 3, "ann's cards, as a photo ({hands})");
    assert_secrets_kept(&fake, &g.private_texts());
    bot.stop().await.expect("a clean stop");
}

// Hive: a whole game between two players in the group, each move answered with the board as a
// photo, exactly as `gm script` plays it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_hive_arrives_as_gm_script_says() {
    let input = hive_script(200).await;
    let g = golden_of("hive", &input, Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db("hive");
    open_chats(&fake, &g);
    let bot = start(&fake, &db, Lang::En).await;
    play_lines(&fake, &g, 0, g.lines.len()).await;
    let last = g
        .outs
        .iter()
        .flatten()
        .last()
        .expect("the game said something");
    assert!(
        last.1.contains("wins") || last.1.contains("draw"),
        "played to the end: {last:?}"
    );
    let boards = (fake.shown(GROUP).into_iter())
        .filter(|m| m.photo.is_some())
        .count();
    let moves = g.lines.len() - 3;
    assert!(
        boards >= moves.min(200),
        "the board after every move: {boards} of {moves}"
    );
    bot.stop().await.expect("a clean stop");
}

// A player who leaves the group keeps his seat until the deadline of his move, then leaves the
// game as by /leave (in Hive: he resigns).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_the_group_leaves_the_game_at_his_deadline() {
    let fake = Fake::start().await;
    let db = temp_db("left-group");
    let bot = start(&fake, &db, Lang::En).await;
    let (ann, bob) = (fake.user("ann"), fake.user("bob"));
    ann.says_in_group("/newgame hive color=white deadline=4s");
    bob.says_in_group("/join");
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 2).await);
    ann.says_in_group("/begin");
    let said = |f: &Fake, what: &str| f.timeline(GROUP).iter().any(|t| t.contains(what));
    assert!(fake.wait(|f| said(f, "ann (white), your move")).await);
    fake.leaves(&ann, GROUP);
    assert!(fake.wait(|f| said(f, "ann left the chat")).await);
    assert!(!said(&fake, "resigns"), "not before her deadline");
    assert!(fake.wait(|f| said(f, "ann resigns: bob wins")).await);
    bot.stop().await.expect("a clean stop");
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn flood_control_server_errors_and_dropped_connections_lose_and_repeat_nothing() {
    let g = golden("classic_ru", Lang::Ru).await;
    let fake = Fake::start().await;
    let db = temp_db("faults");
    open_chats(&fake, &g);
    let bot = start(&fake, &db, Lang::Ru).await;
    fake.fail_next("sendMessage", Some(GROUP), Fault::RetryAfter(1));
    fake.fail_next("getChatMember", Some(GROUP), Fault::ServerError);
    play_lines(&fake, &g, 0, 2).await;
    fake.fail_next("getChatMember", Some(GROUP), Fault::RetryAfter(1));
    play_lines(&fake, &g, 2, 3).await;
    fake.fail_next("sendMessage", Some(GROUP), Fault::Drop);
    play_lines(&fake, &g, 3, 6).await;
    fake.fail_next("sendMessage", None, Fault::ServerError);
    fake.fail_next("getUpdates", None, Fault::Drop);
    play_lines(&fake, &g, 6, 10).await;
    // A press by someone outside the game: its answer fails once and is given again; the group
    // is told nothing.
    fake.fail_next("answerCallbackQuery", None, Fault::ServerError);
    let before = fake.timeline(GROUP);
    let (msg, data) = turn_button(&fake, "go up").expect("a turn button");
    let q = fake.user_lang("Чужой", "ru").presses(GROUP, msg, &data);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    let answer = fake.answers().into_iter().find(|a| a.0 == q).unwrap();
    assert!(answer.1.is_some() && answer.2, "a popup: {answer:?}");
    assert_eq!(unsent(&db, Lang::Ru).await, 0);
    assert_eq!(fake.timeline(GROUP), before);
    fake.fail_next("getUpdates", None, Fault::RetryAfter(1));
    play_lines(&fake, &g, 10, 16).await;
    fake.fail_next("getUpdates", None, Fault::ServerError);
    play_lines(&fake, &g, 16, g.lines.len() - 2).await;
    // The revealed maze is refused once for flood control.
    fake.fail_next("sendPhoto", Some(GROUP), Fault::RetryAfter(1));
    play_lines(&fake, &g, g.lines.len() - 2, g.lines.len()).await;
    assert!(fake.faults_used(), "every fault was met");
    assert_eq!(
        fake.violations(),
        Vec::<String>::new(),
        "nothing called before retry_after ran out"
    );
    assert_eq!(
        fake.shown(GROUP)
            .iter()
            .filter(|m| m.photo.is_some())
            .count(),
        1
    );
    assert_secrets_kept(&fake, &g.secrets());
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_mid_game_neither_loses_nor_repeats_a_move() {
    let g = golden("classic_en", Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db("restart");
    let half = g.lines.len() / 2;
    open_chats(&fake, &g);
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
    assert_secrets_kept(&fake, &g.secrets());
    bot.stop().await.expect("a clean stop");
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
    open_chats(&fake, &g);
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
    assert_secrets_kept(&fake, &g.secrets());
    bot.stop().await.expect("a clean stop");
}

/// A private message Telegram refuses for itself ("message is too long") is given up, not retried
/// forever with every later message to him waiting behind it: bob is told once, in his words, why
/// one message did not come, the rest reach him, and the game goes on as `gm script` says.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_refused_for_itself_is_given_up_and_the_player_told_once() {
    let g = golden("classic_en", Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db("rejected-dm");
    open_chats(&fake, &g);
    let bot = start(&fake, &db, Lang::En).await;
    let bob = fake.user("bob");
    play_lines(&fake, &g, 0, 4).await;
    let refusal = "Bad Request: message is too long";
    // Refused with its buttons, and again as the text alone.
    for _ in 0..2 {
        fake.fail_next("sendMessage", Some(bob.id()), Fault::BadRequest(refusal));
    }
    kit::play(&fake, &g, 4);
    let told = |f: &Fake| -> Vec<String> {
        (f.timeline(bob.id()).into_iter())
            .filter(|t| t.contains("could not be delivered"))
            .collect()
    };
    assert!(
        fake.wait(|f| !told(f).is_empty()).await,
        "bob is told: {:?}",
        fake.timeline(bob.id())
    );
    assert!(told(&fake)[0].contains(refusal), "{:?}", told(&fake));
    for i in 5..g.lines.len() {
        kit::play(&fake, &g, i);
        let want = g.expected(&fake, i + 1);
        // Bob's chat holds all that was for him but the refused message, and the notice.
        let ok = fake
            .wait(|f| {
                want.iter().all(|(chat, texts)| {
                    let got = f.timeline(*chat);
                    if *chat != bob.id() {
                        return &got == texts;
                    }
                    let missing = texts.iter().filter(|w| !got.contains(w)).count();
                    missing == 1 && got.len() == texts.len()
                })
            })
            .await;
        if !ok {
            for (chat, texts) in want.iter() {
                assert_eq!(
                    &fake.timeline(*chat),
                    texts,
                    "after line {}, chat {chat}",
                    i + 1
                );
            }
        }
    }
    assert_eq!(told(&fake).len(), 1, "told once");
    assert_secrets_kept(&fake, &g.secrets());
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_join_choose_cells_and_refuse_strangers_and_old_presses() {
    let fake = Fake::start().await;
    let db = temp_db("buttons");
    let bot = start(&fake, &db, Lang::En).await;
    let (ann, bob, cid) = (fake.user("ann"), fake.user("bob"), fake.user("cid"));
    // The opener has written to the bot before; the others join through the lobby's link.
    ann.has_opened_chat();
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
    // Nothing moved: the same turn, and the group was told nothing (nothing shown, nothing waiting
    // to be sent).
    assert_eq!(kit::peek(&db, Lang::En).await["turn"], peek["turn"]);
    assert_eq!(unsent(&db, Lang::En).await, 0);
    assert_eq!(fake.timeline(GROUP), shown_before, "the group saw nothing");
    // The current player's own press plays; his old button afterwards does nothing.
    let q = current.presses(GROUP, msg, &data);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() > shown_before.len())
            .await
    );
    let after = kit::peek(&db, Lang::En).await;
    assert_ne!(after, peek, "the press played the move");
    assert!(kit::settled(&db, Lang::En).await);
    let shown_after = fake.timeline(GROUP);
    let q = current.presses(GROUP, msg, &data);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    let answer = fake.answers().into_iter().find(|a| a.0 == q).unwrap();
    assert_eq!(
        (answer.1.as_deref(), answer.2),
        (
            Some(kit::phrase(Lang::En, "session-press-stale").as_str()),
            true
        ),
        "the old button's popup"
    );
    assert_eq!(
        kit::peek(&db, Lang::En).await,
        after,
        "an old button changes nothing"
    );
    assert_eq!(unsent(&db, Lang::En).await, 0);
    assert_eq!(fake.timeline(GROUP), shown_after, "the group saw nothing");
    status_card_is_edited_in_place_or_sent_anew(&fake, &db).await;
    bot.stop().await.expect("a clean stop");
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
    let (config, addr) = webhook_config(&fake, Some("s3cret-token"));
    let bot = kit::start_with(config, &db, Lang::En).await;
    assert!(fake.wait(|f| !f.calls("setWebhook").is_empty()).await);
    let set = fake.calls("setWebhook").pop().unwrap();
    assert_eq!(set["secret_token"], "s3cret-token");
    assert_eq!(set["url"], format!("http://{addr}/hook"));
    // Only what the bot handles is asked for: nothing else could end up in a log.
    let allowed = match &set["allowed_updates"] {
        // A multipart call carries it as JSON text.
        serde_json::Value::String(s) => serde_json::from_str(s).unwrap(),
        v => v.clone(),
    };
    assert_eq!(allowed, serde_json::json!(["message", "callback_query"]));
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
}

/// Webhook settings on a free local port, with a secret if given.
fn webhook_config(fake: &Fake, secret: Option<&str>) -> (telegram::Config, std::net::SocketAddr) {
    let addr = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap()
    };
    let mut config = telegram::Config::for_tests(&fake.url(), fake::TOKEN);
    config.mode = telegram::Mode::Webhook;
    config.webhook_listen = Some(addr);
    config.webhook_url = Some(format!("http://{addr}/hook"));
    config.webhook_secret = secret.map(telegram::config::Token::new);
    (config, addr)
}

/// Takes SQLite's write lock on the file, as another process writing would, until dropped.
struct WriteLock(sqlx::SqliteConnection);

impl WriteLock {
    async fn take(db: &std::path::Path) -> WriteLock {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect_with(
            &sqlx::sqlite::SqliteConnectOptions::new().filename(db),
        )
        .await
        .expect("a connection of our own");
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut conn)
            .await
            .expect("the write lock");
        WriteLock(conn)
    }

    async fn release(mut self) {
        sqlx::query("ROLLBACK")
            .execute(&mut self.0)
            .await
            .expect("rollback");
    }
}

/// Store options whose writes give up quickly on a locked file.
fn impatient() -> bot_core::store::StoreOptions {
    bot_core::store::StoreOptions {
        busy_timeout: Duration::from_millis(100),
        ..bot_core::store::StoreOptions::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_update_gets_200_only_once_committed_and_500_while_the_store_fails() {
    let fake = Fake::start().await;
    let db = temp_db("webhook-store");
    let (config, addr) = webhook_config(&fake, Some("s3cret"));
    let bot = kit::start_on(config, &db, Lang::En, &impatient()).await;
    assert!(fake.wait(|f| !f.calls("setWebhook").is_empty()).await);
    fake.user("ann")
        .says_in_group("/newgame labyrinth classic size=5x5");
    let update = fake.take_updates().pop().unwrap();
    // Another writer holds the database: the update cannot be committed, and Telegram is told so,
    // to post it again.
    let lock = WriteLock::take(&db).await;
    assert_eq!(post_update(addr, Some("s3cret"), &update).await, 500);
    assert_eq!(post_update(addr, Some("s3cret"), &update).await, 500);
    lock.release().await;
    assert!(fake.timeline(GROUP).is_empty());
    // Posted again: 200 means the game is in the database by now, not merely queued.
    assert_eq!(post_update(addr, Some("s3cret"), &update).await, 200);
    assert_eq!(kit::peek(&db, Lang::En).await["status"], "lobby");
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() == 1).await,
        "{:?}",
        fake.timeline(GROUP)
    );
    // A body that is not an update is refused, and nothing of it is logged or done.
    assert_eq!(
        post_update(addr, Some("s3cret"), &serde_json::json!("nonsense")).await,
        400
    );
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_secret_telegram_would_refuse_is_a_setting_error_not_a_panic() {
    let fake = Fake::start().await;
    for (name, secret) in [("empty", ""), ("spaces", "has spaces inside")] {
        let db = temp_db(&format!("webhook-secret-{name}"));
        let (config, _) = webhook_config(&fake, Some(secret));
        let bot = kit::start_with(config, &db, Lang::En).await;
        let e = bot.stop().await.expect_err("a setting error");
        let shown = e.to_string();
        assert!(
            matches!(e, telegram::RunError::Invalid("webhook_secret", _)),
            "{shown}"
        );
        assert!(shown.contains("telegram.webhook_secret"), "{shown}");
        assert!(secret.is_empty() || !shown.contains(secret), "{shown}");
    }
    assert!(fake.calls("setWebhook").is_empty());
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
    // The edit is refused for flood control, then fails once: it is made once all the same, and
    // nothing calls about the group before retry_after ran out.
    fake.fail_next("editMessageText", Some(GROUP), Fault::RetryAfter(1));
    fake.fail_next("editMessageText", Some(GROUP), Fault::ServerError);
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
    assert!(fake.faults_used());
    assert_eq!(fake.violations(), Vec::<String>::new());
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

/// An anonymous group admin's `/cancel` comes on behalf of the group: nobody can tell who sent
/// it, so it changes nothing, and the group is told, in reply, how to send it as himself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_anonymous_admins_command_is_explained_not_ignored() {
    let fake = Fake::start().await;
    let db = temp_db("anonymous");
    let bot = start(&fake, &db, Lang::En).await;
    let (ann, bob) = (fake.user("ann"), fake.user("bob"));
    ann.says_in_group("/newgame labyrinth classic size=5x5");
    bob.says_in_group("/join");
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 2).await);
    fake.anonymous_admin_says(GROUP, "/cancel");
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() == 3).await,
        "{:?}",
        fake.timeline(GROUP)
    );
    let told = fake.shown(GROUP).last().cloned().unwrap();
    assert!(
        told.text.contains("cannot tell who you are"),
        "{}",
        told.text
    );
    assert!(told.text.contains("Remain anonymous"), "{}", told.text);
    assert_eq!(kit::peek(&db, Lang::En).await["status"], "lobby");
    // Plain words from the group are not explained to: only commands are.
    fake.anonymous_admin_says(GROUP, "good luck all");
    ann.says_in_group("/leave");
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 4).await);
    assert!(!fake.timeline(GROUP)[3].contains("anonymous"));
    assert_eq!(fake.violations(), Vec::<String>::new());
    bot.stop().await.expect("a clean stop");
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
    // A player pressing the admin's confirmation does not cancel either, and is refused in his
    // popup, not in the group.
    let q = bob.presses(GROUP, msg, &yes);
    let refused = |a: &(String, Option<String>, bool)| {
        a.0 == q
            && a.1
                .as_deref()
                .is_some_and(|t| t.contains("Only the game's opener"))
    };
    assert!(fake.wait(|f| f.answers().iter().any(refused)).await);
    assert_eq!(kit::peek(&db, Lang::En).await["status"], "lobby");
    let q = cid.presses(GROUP, msg, &yes);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() >= 5).await,
        "{:?}",
        fake.timeline(GROUP)
    );
    // Over: peek files an aborted game as finished.
    assert_eq!(kit::peek(&db, Lang::En).await["status"], "finished");
    assert!(!fake.calls("getChatMember").is_empty());
    bot.stop().await.expect("a clean stop");
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
    use bot_core::store::{Platform, Store, Target};
    use kit::first_pending;
    let fake = Fake::start().await;
    let db = temp_db("parts");
    let rows: Vec<String> = (0..300).map(|i| format!("row {i:03}: .   .   .")).collect();
    let text = rows.join("\n");
    assert!(text.len() > 4096);
    // One message in the outbox, as the session would have queued it.
    let open = || async {
        let store = Store::open(&db).await.unwrap();
        Session::open(store, registry::GAMES, 1, Lang::En)
            .await
            .unwrap()
    };
    let session = open().await;
    let courier = kit::courier(&fake, &session);
    kit::queue(
        &session,
        Target::chat(Platform::Telegram, GROUP.to_string()),
        &serde_json::json!({"text": text, "buttons": [[{"label": "ok", "data": "x"}]]}),
    )
    .await;
    let out = first_pending(&session).await;
    fake.fail_later("sendMessage", Some(GROUP), 1, Fault::Drop);
    let first = courier
        .deliver(&out, &Progress::new(session.clone(), out.id))
        .await;
    assert!(matches!(first, Err(Refusal::Transient(_))), "{first:?}");
    assert_eq!(fake.timeline(GROUP).len(), 1, "the first part went out");
    // The bot restarts: what went out is known from the database alone.
    session.store().clone().close().await;
    let session = open().await;
    let out = first_pending(&session).await;
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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reminder_and_the_missed_deadline_are_posted_in_the_group_without_any_input() {
    let fake = Fake::start().await;
    let db = temp_db("deadline");
    let bot = start(&fake, &db, Lang::En).await;
    let [ann, bob, cid] = three_begin(&fake, GROUP, "size=5x5 deadline=4s").await;
    choose_start_cells(&fake, [&ann, &bob, &cid]).await;
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
        fake.wait(|f| f.timeline(GROUP)[posted..]
            .iter()
            .any(|t| t.contains("did not move in time")))
            .await,
        "{:?}",
        fake.timeline(GROUP)
    );
    let news = fake.timeline(GROUP)[posted..].to_vec();
    // The reminder itself, naming the player, and before the deadline's notice.
    let reminder = news
        .iter()
        .position(|t| t.contains(&format!("{first}, it is your move:")));
    let missed = news
        .iter()
        .position(|t| t.contains(&format!("{first} did not move in time")));
    assert!(
        matches!((reminder, missed), (Some(r), Some(m)) if r < m),
        "the reminder, then the missed deadline: {news:?}"
    );
    // The deadline's notice and the skip are one commit: once the notice shows, the turn moved.
    assert_ne!(
        turn(&db).await,
        first,
        "the missed turn passed on: {news:?}"
    );
    bot.stop().await.expect("a clean stop");
}

/// The newest group message with a turn button for `action` ("go up"): (message, data).
fn turn_button(fake: &Fake, action: &str) -> Option<(i64, String)> {
    fake.shown(GROUP).iter().rev().find_map(|m| {
        let rows = m.keyboard.as_array()?;
        rows.iter()
            .flat_map(|r| r.as_array().cloned().unwrap_or_default())
            .filter_map(|b| b["callback_data"].as_str().map(str::to_string))
            .find(|d| d.contains(" !") && d.ends_with(&format!(" {action}")))
            .map(|d| (m.id, d))
    })
}

/// A 4x3 maze valid for three players under the classic code (`gm plan generate --size 4x3
/// --players 3 --rules classic --seed 6`): the treasure on D3, an exit above D1.
const PLAN_4X3: &str = "labyrinth 4x3 cure=7 nstop=12
+---+---+---+   +
  a2| A   E   A |
+   +   +   +---+
| >   U   .   . |
+   +---+   +---+
| M   a1  M   . |
+---+~~~+---+---+
items:
  D3 treasure
  C2 fake
";

/// How a line of the three-player game is played in Telegram.
#[derive(Clone, Copy, Debug)]
enum Via {
    /// Typed, as the script says.
    Typing,
    /// The lobby's Join button: the deep link opens the private chat and sends `/start <payload>`.
    JoinLink,
    /// The button of the cell in the private start-cell grid.
    Grid,
    /// The turn button for the order, in the group.
    TurnButton,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_join_by_link_and_play_to_the_end_by_buttons_and_typing() {
    use Via::{Grid, JoinLink, TurnButton, Typing};
    let plan = format!("```\n{PLAN_4X3}```");
    let steps: Vec<(&str, bool, &str, Via)> = vec![
        (
            "gm",
            false,
            "/newgame labyrinth classic plan=own order=join",
            Typing,
        ),
        // The master has used the bot before: he starts the private chat himself.
        ("gm", true, "/start", Typing),
        ("ann", true, "/start jgroup", JoinLink),
        ("bob", true, "/start jgroup", JoinLink),
        ("cid", true, "/start jgroup", JoinLink),
        ("gm", false, "/begin", Typing),
        ("gm", true, &plan, Typing),
        ("ann", true, "C3", Grid),
        ("bob", true, "D2", Grid),
        ("cid", true, "A3", Typing),
        ("ann", false, "go right", TurnButton),
        ("bob", false, "go up", Typing),
        ("cid", false, "go down", TurnButton),
        ("ann", false, "go left", Typing),
        ("bob", false, "go up", TurnButton),
        ("cid", false, "go down", Typing),
        ("ann", false, "go up", TurnButton),
        // She carries the treasure of D3 and finds one more (the fake of C2): the master asks
        // which she keeps, and the turn waits for her answer (Kodex Б §5.8).
        ("ann", false, "old", Typing),
        ("bob", false, "go up", Typing),
        ("cid", false, "go down", Typing),
        ("ann", false, "go up", TurnButton),
        ("bob", false, "go up", TurnButton),
        ("cid", false, "go down", TurnButton),
        ("ann", false, "go right", Typing),
        ("bob", false, "go up", Typing),
        ("cid", false, "go down", TurnButton),
        ("ann", false, "go up", TurnButton),
    ];
    // What each chat must show: `gm script` playing the same game typed.
    let script: String = steps
        .iter()
        .map(|(user, private, text, _)| {
            let chat = if *private { "dm" } else { "group" };
            format!(
                "{}\n",
                serde_json::json!({"user": user, "chat": chat, "text": text})
            )
        })
        .collect();
    let g = kit::golden_of("three-players", &script, Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db("three-players");
    let bot = start(&fake, &db, Lang::En).await;
    for (i, (user, _, text, via)) in steps.iter().enumerate() {
        let u = fake.user(user);
        match via {
            Typing => kit::play(&fake, &g, i),
            JoinLink => {
                let payload = start_links(&fake, GROUP)
                    .pop()
                    .expect("the lobby's Join link");
                u.opens_private_chat(&payload);
            }
            Grid => {
                let (msg, data) = button(&fake, u.id(), text).expect("the cell's button");
                let q = u.presses(u.id(), msg, &data);
                assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
            }
            TurnButton => {
                let (msg, data) = turn_button(&fake, text).expect("the turn's button");
                let q = u.presses(GROUP, msg, &data);
                assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
                let answer = fake.answers().into_iter().find(|a| a.0 == q).unwrap();
                assert_eq!(answer.1, None, "the player whose turn it is gets no popup");
            }
        }
        let ok = fake.wait(|f| caught_up(f, &g, i + 1)).await;
        assert!(
            ok,
            "after step {} ({user} {via:?} {text:?}): group {:?}",
            i + 1,
            fake.timeline(GROUP)
        );
    }
    assert_eq!(g.users().len(), 4, "a master and three seated players");
    let end = kit::peek(&db, Lang::En).await;
    assert_eq!(end["status"], "finished", "played to the end: {end}");
    let photos: Vec<_> = fake
        .shown(GROUP)
        .into_iter()
        .filter(|m| m.photo.is_some())
        .collect();
    assert_eq!(photos.len(), 1, "the revealed maze, as a photo");
    assert!(photos[0].photo > Some(100), "a real PNG was uploaded");
    // Everybody opened his private chat through the link before the game needed it.
    assert_eq!(fake.refused(), 0, "no private message was refused");
    assert_secrets_kept(&fake, &g.secrets());
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_message_to_someone_who_never_wrote_is_refused_as_telegram_does() {
    // The fake itself: the bot may not start a conversation.
    let fake = Fake::start().await;
    let db = temp_db("never-wrote");
    let bot = start(&fake, &db, Lang::En).await;
    let (ann, bob) = (fake.user("ann"), fake.user("bob"));
    ann.says_in_group("/newgame labyrinth classic size=5x5");
    bob.says_in_group("/join");
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 2).await);
    ann.says_in_group("/begin");
    // Neither ever wrote privately: both start-cell questions are refused and the group asked.
    assert!(
        fake.wait(|f| f.refused() >= 2 && start_links(f, GROUP).len() >= 2)
            .await,
        "{:?}",
        fake.timeline(GROUP)
    );
    assert!(fake.timeline(ann.id()).is_empty() && fake.timeline(bob.id()).is_empty());
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_crash_mid_game_resumes_from_the_saved_offset_losing_and_repeating_nothing() {
    let g = golden("classic_en", Lang::En).await;
    let fake = Fake::start().await;
    let db = temp_db("crash");
    open_chats(&fake, &g);
    let mut bot = kit::start_crashable(&fake, &db, Lang::En);
    play_lines(&fake, &g, 0, 16).await;
    // A turn button of the turn now being played: pressed after the restart it is old.
    let (old_msg, old_data) = turn_button(&fake, "go up").expect("a turn button");
    // The next move is handled, then the bot dies before Telegram heard it was: the getUpdates
    // that would confirm it never answers.
    let update = fake.next_update_id();
    fake.stall_polls_confirming(update);
    kit::play(&fake, &g, 16);
    assert!(fake.wait(|f| caught_up(f, &g, 17) && f.stalled() > 0).await);
    assert!(
        kit::settled(&db, Lang::En).await,
        "every message sent before the crash"
    );
    bot.crash();
    assert!(
        !fake.updates_confirmed(),
        "Telegram still holds the handled update"
    );
    let saved = {
        let store = bot_core::store::Store::open(&db).await.expect("store");
        let offset = telegram::polling::load_offset(&store)
            .await
            .expect("offset");
        store.close().await;
        offset
    };
    assert_eq!(
        i64::from(saved),
        update + 1,
        "the offset was saved with the move"
    );
    // A move made while the bot is dead waits at Telegram.
    kit::play(&fake, &g, 17);
    fake.stop_stalling();
    let polls = fake.calls("getUpdates").len();
    let bot = start(&fake, &db, Lang::En).await;
    assert!(fake.wait(|f| f.calls("getUpdates").len() > polls).await);
    assert_eq!(
        fake.calls("getUpdates")[polls]["offset"].as_i64(),
        Some(i64::from(saved)),
        "the first poll after the restart asks from the saved offset"
    );
    assert!(
        fake.wait(|f| caught_up(f, &g, 18)).await,
        "no move lost or repeated: {:?}",
        fake.timeline(GROUP)
    );
    // The old button does nothing but say so.
    assert!(kit::settled(&db, Lang::En).await);
    let before = fake.timeline(GROUP);
    let state = kit::peek(&db, Lang::En).await;
    let presser = fake.user(state["turn"].as_str().unwrap());
    let q = presser.presses(GROUP, old_msg, &old_data);
    assert!(fake.wait(|f| f.answers().iter().any(|a| a.0 == q)).await);
    let answer = fake.answers().into_iter().find(|a| a.0 == q).unwrap();
    assert_eq!(
        answer.1,
        Some(kit::phrase(Lang::En, "session-press-stale")),
        "{answer:?}"
    );
    assert_eq!(kit::peek(&db, Lang::En).await, state);
    assert_eq!(unsent(&db, Lang::En).await, 0);
    assert_eq!(fake.timeline(GROUP), before);
    play_lines(&fake, &g, 18, g.lines.len()).await;
    assert_secrets_kept(&fake, &g.secrets());
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_the_store_cannot_take_is_retried_until_it_can_never_skipped() {
    let fake = Fake::start().await;
    let db = temp_db("locked");
    let config = telegram::Config::for_tests(&fake.url(), fake::TOKEN);
    let bot = kit::start_on(config, &db, Lang::En, &impatient()).await;
    fake.user("ann")
        .says_in_group("/newgame labyrinth classic size=5x5");
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 1).await);
    let lock = WriteLock::take(&db).await;
    let join = fake.user("bob").says_in_group("/join").unwrap();
    fake.user("cid").says_in_group("/join");
    // Handled and failed again and again, more often than any limit of attempts would allow.
    assert!(
        fake.wait(|f| f.served(join) >= 7).await,
        "bob's /join was given up after {} attempts",
        fake.served(join)
    );
    assert_eq!(fake.timeline(GROUP).len(), 1);
    lock.release().await;
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() == 3).await,
        "{:?}",
        fake.timeline(GROUP)
    );
    let group = fake.timeline(GROUP);
    assert!(
        group[1].contains("bob") && group[2].contains("cid"),
        "in order: {group:?}"
    );
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_grid_too_big_for_one_keyboard_arrives_in_parts_and_its_last_cell_works() {
    let fake = Fake::start().await;
    let db = temp_db("big-grid");
    let bot = start(&fake, &db, Lang::En).await;
    let [_, bob, _] = three_begin(&fake, GROUP, "size=12x12").await;
    // 144 cells, rows of 12: more than Telegram takes under one message, and wider than a row.
    assert!(
        fake.wait(|f| button(f, bob.id(), "L12").is_some()).await,
        "bob's grid: {:?}",
        fake.timeline(bob.id())
    );
    let keyboards: Vec<_> = fake
        .shown(bob.id())
        .into_iter()
        .filter(|m| m.keyboard.is_array())
        .collect();
    assert!(keyboards.len() >= 2, "{keyboards:?}");
    let cells: usize = keyboards
        .iter()
        .flat_map(|m| m.keyboard.as_array().cloned().unwrap_or_default())
        .map(|r| r.as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(cells, 144, "every cell once");
    let (msg, data) = button(&fake, bob.id(), "L12").unwrap();
    assert_ne!(
        msg, keyboards[0].id,
        "the last cell is under a later message"
    );
    bob.presses(bob.id(), msg, &data);
    assert!(
        fake.wait(|f| f.timeline(bob.id()).iter().any(|t| t.contains("L12")))
            .await,
        "{:?}",
        fake.timeline(bob.id())
    );
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_privacy_mode_orders_come_as_move_commands_or_replies_to_the_bot() {
    let fake = Fake::start().await;
    fake.set_privacy(true);
    let db = temp_db("privacy");
    let bot = start(&fake, &db, Lang::En).await;
    let (ann, bob, cid) = (fake.user("ann"), fake.user("bob"), fake.user("cid"));
    for u in [&ann, &bob, &cid] {
        u.has_opened_chat();
    }
    ann.says_in_group("/newgame labyrinth classic size=5x5");
    bob.says_in_group("/join");
    cid.says_in_group(&format!("/join@{}", fake::BOT_USERNAME));
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 3).await);
    ann.says_in_group("/begin");
    choose_start_cells(&fake, [&ann, &bob, &cid]).await;
    assert!(fake.wait(|f| turn_button(f, "go up").is_some()).await);
    // getMe said privacy mode is on: the first prompt teaches the ways that reach the bot.
    let mention = format!("@{}", fake::BOT_USERNAME);
    let (prompt, _) = turn_button(&fake, "go up").unwrap();
    let prompt = fake
        .shown(GROUP)
        .into_iter()
        .find(|m| m.id == prompt)
        .unwrap();
    assert!(
        prompt.text.contains("/move") && prompt.text.contains(&mention),
        "{}",
        prompt.text
    );
    let first = turn(&db).await;
    // Plain text never reaches a bot in privacy mode...
    assert_eq!(fake.user(&first).says_in_group("go up"), None);
    // ...a command does.
    let shown = fake.timeline(GROUP).len();
    fake.user(&first).says_in_group("/move go up");
    assert!(fake.wait(|f| f.timeline(GROUP).len() > shown).await);
    let second = turn(&db).await;
    assert_ne!(
        second,
        first,
        "the /move played: {:?}",
        fake.timeline(GROUP)
    );
    // So does a reply to the bot's message that asks for the move.
    assert!(kit::settled(&db, Lang::En).await);
    let (asking, _) = turn_button(&fake, "go up").expect("the turn's message");
    let shown = fake.timeline(GROUP).len();
    fake.user(&second)
        .replies_in_group(asking, "go up")
        .expect("a reply to the bot is delivered");
    assert!(fake.wait(|f| f.timeline(GROUP).len() > shown).await);
    let third = turn(&db).await;
    assert_ne!(
        third,
        second,
        "the reply played: {:?}",
        fake.timeline(GROUP)
    );
    // And a message that begins with the bot's @name.
    assert!(kit::settled(&db, Lang::En).await);
    let shown = fake.timeline(GROUP).len();
    fake.user(&third)
        .says_in_group(&format!("{mention} go up"))
        .expect("a mention of the bot is delivered");
    assert!(fake.wait(|f| f.timeline(GROUP).len() > shown).await);
    assert_ne!(
        turn(&db).await,
        third,
        "the mention played: {:?}",
        fake.timeline(GROUP)
    );
    // Words addressed to the master are answered off the writer's turn too, where his talk
    // among players is not (issue 36).
    assert!(kit::settled(&db, Lang::En).await);
    let now = turn(&db).await;
    let other = ["ann", "bob", "cid"]
        .into_iter()
        .find(|p| *p != now)
        .unwrap();
    let shown = fake.timeline(GROUP).len();
    fake.user(other)
        .says_in_group(&format!("{mention} hello"))
        .expect("a mention of the bot is delivered");
    assert!(fake.wait(|f| f.timeline(GROUP).len() > shown).await);
    let answer = fake.timeline(GROUP).last().unwrap().clone();
    assert!(answer.contains("Did not understand"), "{answer}");
    // /help says the same.
    let shown = fake.timeline(GROUP).len();
    ann.says_in_group("/help");
    assert!(fake.wait(|f| f.timeline(GROUP).len() > shown).await);
    let help = fake.timeline(GROUP).last().unwrap().clone();
    assert!(
        help.contains("privacy mode") && help.contains(&mention),
        "{help}"
    );
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_to_one_group_are_paced_to_telegrams_limits() {
    let fake = Fake::start().await;
    let db = temp_db("paced");
    // Telegram's own limits (the defaults): one message a second to a chat, 20 a minute to a group.
    let defaults = telegram::Config::default();
    let mut config = telegram::Config::for_tests(&fake.url(), fake::TOKEN);
    config.messages_per_sec_chat = defaults.messages_per_sec_chat;
    config.messages_per_min_chat = defaults.messages_per_min_chat;
    config.messages_per_min_group = defaults.messages_per_min_group;
    config.messages_per_sec_overall = defaults.messages_per_sec_overall;
    assert_eq!(config.messages_per_sec_chat, 1);
    let bot = kit::start_with(config, &db, Lang::En).await;
    fake.user("ann")
        .says_in_group("/newgame labyrinth classic size=5x5");
    // Seven players join at once: eight answers to the group, all due at the same moment.
    for name in ["b", "c", "d", "e", "f", "g", "h"] {
        fake.user(name).says_in_group("/join");
    }
    assert!(fake.wait(|f| f.timeline(GROUP).len() == 8).await);
    let times = fake.call_times("sendMessage", GROUP);
    assert_eq!(times.len(), 8);
    // Arrival times carry a little jitter of the network; the pacing is a second.
    for w in times.windows(2) {
        assert!(
            w[1] - w[0] >= Duration::from_millis(500),
            "two messages to the group within half a second"
        );
    }
    assert!(
        times[7] - times[0] >= Duration::from_millis(6_500),
        "eight messages at one a second take seven seconds"
    );
    assert!(times.len() <= 20, "within a minute's limit");
    bot.stop().await.expect("a clean stop");
}

/// A basic group that becomes the supergroup [`GROUP`] in the migration tests.
const OLD_GROUP: i64 = -4001;

/// Plays a game in [`OLD_GROUP`] up to its first turn.
async fn game_in_old_group(fake: &Fake, db: &std::path::Path, options: &str) {
    let [ann, bob, cid] = three_begin(fake, OLD_GROUP, &format!("size=5x5 {options}")).await;
    choose_start_cells(fake, [&ann, &bob, &cid]).await;
    assert!(
        fake.wait(|f| f
            .timeline(OLD_GROUP)
            .last()
            .is_some_and(|t| t.contains("your move")))
            .await
    );
    assert!(kit::settled(db, Lang::En).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_that_becomes_a_supergroup_takes_its_game_along() {
    let fake = Fake::start().await;
    fake.add_group(OLD_GROUP);
    let db = temp_db("migrate");
    let bot = start(&fake, &db, Lang::En).await;
    game_in_old_group(&fake, &db, "").await;
    let sent_before = fake.calls("sendMessage").len();
    let first = kit::peek_chat(&db, Lang::En, OLD_GROUP).await["turn"]
        .as_str()
        .unwrap()
        .to_string();
    fake.migrate(OLD_GROUP, GROUP, &fake.user("ann"), true);
    // The game goes on in the supergroup: the next order is read there and answered there.
    fake.user(&first).says_in_group("go up");
    assert!(
        fake.wait(|f| !f.timeline(GROUP).is_empty()).await,
        "{:?}",
        fake.timeline(OLD_GROUP)
    );
    assert_ne!(turn(&db).await, first, "the move played in the supergroup");
    assert!(kit::peek_chat(&db, Lang::En, OLD_GROUP).await.is_null());
    assert!(
        fake.calls("sendMessage")[sent_before..]
            .iter()
            .all(|c| c["chat_id"].as_i64() != Some(OLD_GROUP)),
        "nothing more was sent to the old id"
    );
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_refused_with_the_groups_new_id_goes_there_with_the_game() {
    let fake = Fake::start().await;
    fake.add_group(OLD_GROUP);
    let db = temp_db("migrate-error");
    let bot = start(&fake, &db, Lang::En).await;
    game_in_old_group(&fake, &db, "deadline=4s").await;
    let first = kit::peek_chat(&db, Lang::En, OLD_GROUP).await["turn"]
        .as_str()
        .unwrap()
        .to_string();
    // The group becomes a supergroup and the bot has not heard yet: the reminder, sent to the old
    // id, is refused with the new one.
    let shown_in_old = fake.timeline(OLD_GROUP).len();
    fake.migrate(OLD_GROUP, GROUP, &fake.user("ann"), false);
    assert!(
        fake.wait(|f| f
            .timeline(GROUP)
            .iter()
            .any(|t| t.contains(&format!("{first}, it is your move:"))))
            .await,
        "the reminder reaches the supergroup: {:?}",
        fake.timeline(OLD_GROUP)
    );
    assert_eq!(
        kit::peek(&db, Lang::En).await["status"],
        "playing",
        "the game is the supergroup's now"
    );
    // The service messages come after all: nothing more to move, nothing goes wrong.
    fake.announce_migration(OLD_GROUP, GROUP, &fake.user("ann"));
    assert!(fake.wait(Fake::updates_confirmed).await);
    assert!(kit::settled(&db, Lang::En).await);
    assert_eq!(
        fake.timeline(OLD_GROUP).len(),
        shown_in_old,
        "the old id showed nothing more"
    );
    assert!(kit::peek_chat(&db, Lang::En, OLD_GROUP).await.is_null());
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn polling_removes_a_webhook_left_from_an_earlier_run_and_keeps_its_updates() {
    let fake = Fake::start().await;
    fake.set_webhook("https://gm.example/hook");
    // An update that came while the bot was away waits at Telegram.
    fake.user("ann")
        .says_in_group("/newgame labyrinth classic size=5x5");
    let db = temp_db("left-webhook");
    let bot = start(&fake, &db, Lang::En).await;
    assert!(
        fake.wait(|f| f.timeline(GROUP).len() == 1).await,
        "getUpdates works and the waiting update is handled"
    );
    assert_eq!(fake.webhook(), None);
    let delete = fake.calls("deleteWebhook").pop().unwrap();
    assert_ne!(delete["drop_pending_updates"], true, "{delete}");
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn telegram_failing_at_start_is_waited_out_unlike_a_wrong_token() {
    let fake = Fake::start().await;
    fake.fail_next("getMe", None, Fault::ServerError);
    fake.fail_next("getMe", None, Fault::RetryAfter(1));
    let db = temp_db("getme");
    let bot = start(&fake, &db, Lang::En).await;
    assert!(
        fake.wait(|f| f.commands("").is_some()).await,
        "the bot came up after getMe failed twice"
    );
    assert_eq!(fake.calls("getMe").len(), 3);
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_secrecy_check_sees_a_secret_in_a_label_and_nothing_after_the_reveal() {
    use teloxide::payloads::{SendMessageSetters, SendPhotoSetters};
    use teloxide::prelude::*;
    use teloxide::types::{ChatId, InlineKeyboardButton, InlineKeyboardMarkup, InputFile};
    assert!(kit::has_word("You go on from D4.", "D4"));
    assert!(!kit::has_word("from D45", "D4") && !kit::has_word("AD4", "D4"));
    let g = golden("classic_en", Lang::En).await;
    let secrets = g.secrets();
    for s in [
        "D4",
        "A4",
        "B4",
        "B2 treasure",
        "| U   .   .   .   . |",
        "How many bullets and grenades do I have?",
        "Noted: you start on D4.",
    ] {
        assert!(secrets.contains(&s.to_string()), "{s}: {secrets:?}");
    }
    let fake = Fake::start().await;
    let bot = Bot::new(fake::TOKEN).set_api_url(url::Url::parse(&fake.url()).unwrap());
    bot.send_message(ChatId(GROUP), "ann, your move.")
        .await
        .unwrap();
    // The revealed maze makes everything public: what comes after it is no leak.
    bot.send_photo(ChatId(GROUP), InputFile::memory(vec![1u8; 200]))
        .caption("ann started on D4")
        .await
        .unwrap();
    assert_secrets_kept(&fake, &secrets);
    let fake = Fake::start().await;
    let bot = Bot::new(fake::TOKEN).set_api_url(url::Url::parse(&fake.url()).unwrap());
    bot.send_message(ChatId(GROUP), "Choose")
        .reply_markup(InlineKeyboardMarkup::new([[
            InlineKeyboardButton::callback("D4", "#1 x"),
        ]]))
        .await
        .unwrap();
    let leak = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        assert_secrets_kept(&fake, &secrets)
    }));
    assert!(leak.is_err(), "a start cell on a group button is a leak");
}

/// A tournament in the group (issue 17), with a second group hosting its tables: the round-robin's
/// first two games run at once, one in each chat; players are told privately where; results
/// come back as the standings, text and picture, in the tournament's group, and the next round
/// opens.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_runs_two_games_at_once_in_two_chats() {
    const HOST: i64 = -1_009_999_000_001;
    let fake = Fake::start().await;
    fake.add_supergroup(HOST);
    let db = temp_db("tournament");
    let names = ["dir", "ann", "bob", "cid", "dan"];
    let users: Vec<_> = names.iter().map(|n| fake.user(n)).collect();
    for u in &users {
        u.has_opened_chat();
    }
    let bot = start(&fake, &db, Lang::En).await;
    let said = |chat: i64, n: usize| move |f: &Fake| f.timeline(chat).len() >= n;
    users[0].says_in(GROUP, "/tournament new hive format=round-robin deadline=1h");
    assert!(fake.wait(said(GROUP, 1)).await);
    for (i, u) in users[1..].iter().enumerate() {
        u.says_in(GROUP, "/tournament join");
        assert!(fake.wait(said(GROUP, i + 2)).await);
    }
    users[0].says_in(HOST, "/tournament host 1");
    assert!(fake.wait(said(HOST, 1)).await);
    assert!(fake.timeline(HOST)[0].contains("hosts tables of tournament #1"));
    users[0].says_in(GROUP, "/tournament start");
    let both = |f: &Fake| {
        let begun = |chat| f.timeline(chat).iter().any(|t| t.contains("Hive begins"));
        begun(GROUP) && begun(HOST)
    };
    assert!(fake.wait(both).await, "a game in each chat");
    // The group names where each game is: itself, and the host chat by its title.
    let told = |f: &Fake| {
        let t = f.timeline(GROUP);
        t.iter().any(|m| m.contains("— in this chat."))
            && t.iter().any(|m| m.contains("— in «Labyrinth»."))
    };
    assert!(fake.wait(told).await, "{:?}", fake.timeline(GROUP));
    let (here, there) = (
        peek_chat(&db, Lang::En, GROUP).await,
        peek_chat(&db, Lang::En, HOST).await,
    );
    assert_eq!(
        (here["status"].as_str(), there["status"].as_str()),
        (Some("playing"), Some("playing"))
    );
    let rounds = &here["tournament"]["rounds"][0];
    let player = |g: usize| rounds[g]["players"][0].as_str().unwrap().to_string();
    assert_eq!(rounds[0]["status"], "running");
    assert_eq!(
        rounds[1]["status"], "running",
        "two games of round 1 at once"
    );
    for u in &users[1..] {
        let dm = fake.timeline(u.id());
        assert!(
            dm.iter()
                .any(|t| t.contains("Your tournament game of round 1 begins")),
            "{} was told: {dm:?}",
            u.id()
        );
    }
    // The first seat of each game resigns: both results come back to the tournament's group.
    fake.user(&player(0)).says_in(GROUP, "/resign");
    fake.user(&player(1)).says_in(HOST, "/resign");
    let recorded = |f: &Fake| {
        let t = f.timeline(GROUP);
        t.iter().any(|m| m.contains("Round 1, game 1 is over"))
            && t.iter().any(|m| m.contains("Round 1, game 2 is over"))
    };
    assert!(fake.wait(recorded).await, "both results recorded");
    let pictures: Vec<_> = fake
        .shown(GROUP)
        .into_iter()
        .filter(|m| m.photo.is_some() && m.text.contains("Standings"))
        .collect();
    assert!(
        pictures.len() >= 2,
        "the standings as a picture after each game"
    );
    for m in &pictures {
        // Bot API, "MessageEntity": the table is a `pre` block, its fences never shown.
        assert!(!m.text.contains('`'), "{}", m.text);
        let table = m.pre.first().expect("the table marked pre");
        assert!(m.text.contains(table.as_str()));
        assert!(
            table.lines().count() >= 5 && table.contains("ann"),
            "{table}"
        );
    }
    let next = |f: &Fake| {
        f.timeline(GROUP)
            .iter()
            .any(|t| t.contains("Round 2, game 1:"))
    };
    assert!(fake.wait(next).await, "round 2 opens");
    bot.stop().await.expect("a clean stop");
}

/// ann, bob, cid and dan, who all opened their private chats, join the round-robin of Hive that
/// dir opens in `chat`, and dir starts it.
async fn a_tournament_starts_in(fake: &Fake, chat: i64) {
    let names = ["dir", "ann", "bob", "cid", "dan"];
    let users: Vec<_> = names.iter().map(|n| fake.user(n)).collect();
    for u in &users {
        u.has_opened_chat();
    }
    let said = |n: usize| move |f: &Fake| f.timeline(chat).len() >= n;
    users[0].says_in(chat, "/tournament new hive format=round-robin deadline=1h");
    assert!(fake.wait(said(1)).await);
    for (i, u) in users[1..].iter().enumerate() {
        u.says_in(chat, "/tournament join");
        assert!(fake.wait(said(i + 2)).await);
    }
    users[0].says_in(chat, "/tournament start");
}

/// Whether every call the bot made about a chat named a Telegram chat: the session's name of a
/// thread not yet open (`-100…/r1g2`) never reaches the API.
fn only_real_chats_called(fake: &Fake) -> bool {
    [
        "sendMessage",
        "sendPhoto",
        "sendDocument",
        "editMessageText",
    ]
    .iter()
    .flat_map(|m| fake.calls(m))
    .all(|c| match &c["chat_id"] {
        serde_json::Value::Number(n) => n.is_i64(),
        serde_json::Value::String(s) => s.parse::<i64>().is_ok(),
        _ => false,
    })
}

/// A tournament opened in a forum (issue 17): the bot opens a topic for each game, named for its
/// round, its number and its players; the game's board goes there and not to the General topic;
/// the group's announcement and the players' private messages name the topic; moves and
/// `/resign` written in a topic are played there; results come back to the tournament's chat, and
/// the next round's games get topics of their own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_in_a_forum_plays_each_game_in_a_topic_of_its_own() {
    use hive_engine::{Game, Options, search};
    const FORUM: i64 = -1_005_555_000_001;
    let fake = Fake::start().await;
    fake.add_forum(FORUM);
    let db = temp_db("tournament-forum");
    let bot = start(&fake, &db, Lang::En).await;
    a_tournament_starts_in(&fake, FORUM).await;
    assert!(
        fake.wait(|f| f.topics(FORUM).len() == 2).await,
        "a topic for each game of round 1: {:?}",
        fake.topics(FORUM)
    );
    let mut topics = fake.topics(FORUM);
    topics.sort_by(|a, b| a.1.cmp(&b.1));
    for (g, (_, name)) in topics.iter().enumerate() {
        let players = name
            .strip_prefix(&format!("R1 G{}: ", g + 1))
            .unwrap_or_else(|| panic!("a topic named for its game: {name:?}"));
        assert_eq!(players.split(" — ").count(), 2, "{name:?}");
    }
    let begun = |f: &Fake| {
        topics.iter().all(|(thread, _)| {
            f.timeline_in(FORUM, *thread)
                .iter()
                .any(|t| t.contains("Hive begins"))
        })
    };
    assert!(fake.wait(begun).await, "each game begins in its topic");
    for (g, (_, name)) in topics.iter().enumerate() {
        let announced = format!("Round 1, game {}:", g + 1);
        let place = format!("«{name}»");
        let told = |f: &Fake| {
            f.timeline(FORUM)
                .iter()
                .any(|t| t.contains(&announced) && t.contains(&place))
        };
        assert!(
            fake.wait(told).await,
            "the group is told where game {} plays: {:?}",
            g + 1,
            fake.timeline(FORUM)
        );
        for player in name.split_once(": ").unwrap().1.split(" — ") {
            let id = fake.user(player).id();
            let told = |f: &Fake| {
                f.timeline(id).iter().any(|t| {
                    t.contains("Your tournament game of round 1 begins")
                        && t.contains(&format!("{place} in «Labyrinth»"))
                })
            };
            assert!(
                fake.wait(told).await,
                "{player} is told which topic: {:?}",
                fake.timeline(id)
            );
        }
    }
    let general = fake.timeline(FORUM);
    assert!(
        !general.iter().any(|t| t.contains("Hive begins")),
        "no board in the General topic: {general:?}"
    );
    // A move written in the first game's topic is played there.
    let (thread, _) = topics[0].clone();
    let key = format!("{FORUM}/{thread}");
    let state = peek_key(&db, Lang::En, &key).await;
    assert_eq!(state["status"], "playing", "{state}");
    let before = state["gamestring"]
        .as_str()
        .expect("a gamestring")
        .to_string();
    let game = Game::from_game_string(&before, Options::default()).expect("it reads");
    let mv = search::best_move(&game, 1).expect("a first move");
    let mover = state["turn"].as_str().expect("someone to move").to_string();
    let shown = fake.timeline_in(FORUM, thread).len();
    fake.user(&mover)
        .says_in_topic(FORUM, thread, &format!("/move {}", game.move_string(&mv)));
    assert!(
        fake.wait(|f| f.timeline_in(FORUM, thread).len() > shown)
            .await,
        "the topic answers the move"
    );
    let after = peek_key(&db, Lang::En, &key).await;
    assert_ne!(
        after["gamestring"], state["gamestring"],
        "the move was played"
    );
    assert_ne!(after["turn"], state["turn"], "the other player's turn");
    // Talk in a topic is no order (issue 36): each of its messages "replies" to the topic's
    // opening, which the bot wrote, yet nobody addressed the bot. Only the marker is answered.
    assert!(kit::settled(&db, Lang::En).await);
    let shown = fake.timeline_in(FORUM, thread).len();
    fake.user(&mover).says_in_topic(FORUM, thread, "good luck");
    fake.user(&mover)
        .says_in_topic(FORUM, thread, "/move nonsense");
    assert!(
        fake.wait(|f| f.timeline_in(FORUM, thread).len() > shown)
            .await
    );
    assert!(kit::settled(&db, Lang::En).await);
    let answers = fake.timeline_in(FORUM, thread)[shown..].to_vec();
    assert_eq!(answers.len(), 1, "talk was answered: {answers:?}");
    // The player to move in each topic resigns: both results come back to the General topic.
    for (thread, _) in &topics {
        let key = format!("{FORUM}/{thread}");
        let state = peek_key(&db, Lang::En, &key).await;
        let mover = state["turn"].as_str().expect("someone to move").to_string();
        fake.user(&mover).says_in_topic(FORUM, *thread, "/resign");
    }
    let recorded = |f: &Fake| {
        let t = f.timeline(FORUM);
        t.iter().any(|m| m.contains("Round 1, game 1 is over"))
            && t.iter().any(|m| m.contains("Round 1, game 2 is over"))
    };
    assert!(fake.wait(recorded).await, "both results recorded");
    let standings = fake
        .shown(FORUM)
        .into_iter()
        .filter(|m| m.photo.is_some() && m.text.contains("Standings"))
        .count();
    assert!(standings >= 2, "the standings in the tournament's chat");
    for (thread, _) in &topics {
        let t = fake.timeline_in(FORUM, *thread);
        assert!(
            !t.iter()
                .any(|m| m.contains("is over") && m.contains("Round 1")),
            "results go to the tournament's chat, not the topic: {t:?}"
        );
    }
    assert!(
        fake.wait(|f| f.topics(FORUM).len() == 4).await,
        "round 2's games get topics of their own: {:?}",
        fake.topics(FORUM)
    );
    assert!(
        fake.topics(FORUM)[2..]
            .iter()
            .all(|(_, name)| name.starts_with("R2 G")),
        "{:?}",
        fake.topics(FORUM)
    );
    // A player who leaves the forum leaves its topics' games too, though Telegram says it once,
    // in the General topic.
    let (thread, name) = fake.topics(FORUM)[2].clone();
    let player = name
        .split_once(": ")
        .unwrap()
        .1
        .split(" — ")
        .next()
        .unwrap();
    fake.leaves(&fake.user(player), FORUM);
    let left = format!("{player} left the chat");
    let told = |f: &Fake| {
        f.timeline_in(FORUM, thread)
            .iter()
            .any(|t| t.contains(&left))
    };
    assert!(
        fake.wait(told).await,
        "his game's topic is told: {:?}",
        fake.timeline_in(FORUM, thread)
    );
    assert!(only_real_chats_called(&fake));
    bot.stop().await.expect("a clean stop");
}

/// A forum where the bot may not manage topics: Telegram refuses the topic, the group is told,
/// and the tournament plays its games in the group itself, one at a time, and goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forum_that_refuses_topics_plays_the_tournament_in_its_chat_one_game_at_a_time() {
    const FORUM: i64 = -1_005_555_000_002;
    let fake = Fake::start().await;
    fake.add_forum(FORUM);
    fake.set_manage_topics(FORUM, false);
    let db = temp_db("tournament-no-topics");
    let bot = start(&fake, &db, Lang::En).await;
    a_tournament_starts_in(&fake, FORUM).await;
    let boards = |f: &Fake| {
        f.timeline(FORUM)
            .iter()
            .filter(|t| t.contains("Hive begins"))
            .count()
    };
    let noted = |f: &Fake| {
        f.timeline(FORUM)
            .iter()
            .any(|t| t.contains("I could not open a thread for round 1"))
    };
    assert!(fake.wait(noted).await, "the group is told");
    assert!(fake.wait(|f| boards(f) == 1).await, "a game in the group");
    assert!(fake.topics(FORUM).is_empty());
    // Issue 36: a game's place is told once the platform answered: never the thread it refused,
    // and to each of the game's players once.
    let opened = |f: &Fake| (f.timeline(FORUM).iter()).any(|t| t.contains("Round 1, game 1:"));
    assert!(fake.wait(opened).await, "the game's place is told");
    let timeline = fake.timeline(FORUM);
    let opens: Vec<_> = timeline
        .iter()
        .filter(|t| t.contains("Round 1, game 1:"))
        .collect();
    assert_eq!(opens.len(), 1, "{timeline:?}");
    assert!(opens[0].contains("this chat"), "{}", opens[0]);
    assert!(
        !timeline.iter().any(|t| t.contains("R1 G1")),
        "{timeline:?}"
    );
    let state = peek_chat(&db, Lang::En, FORUM).await;
    let running = state["tournament"]["rounds"][0]
        .as_array()
        .and_then(|games| games.iter().find(|g| g["status"] == "running"))
        .expect("a game running")
        .clone();
    let players: Vec<String> = running["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p.as_str().map(str::to_string))
        .collect();
    assert_eq!(players.len(), 2, "the first game's players: {running}");
    for name in &players {
        let id = fake.user(name).id();
        let begun =
            |f: &Fake| (f.timeline(id).iter()).any(|t| t.contains("game of round 1 begins"));
        assert!(fake.wait(begun).await, "{name} is told where his game is");
        let told = fake.timeline(id);
        let begins = told
            .iter()
            .filter(|t| t.contains("game of round 1 begins"))
            .count();
        assert_eq!(begins, 1, "{name}: {told:?}");
        assert!(
            !told.iter().any(|t| t.contains("R1 G1")),
            "{name}: {told:?}"
        );
    }
    assert!(!fake.calls("createForumTopic").is_empty(), "it was asked");
    let state = peek_chat(&db, Lang::En, FORUM).await;
    assert_eq!(state["status"], "playing", "{state}");
    let statuses: Vec<_> = state["tournament"]["rounds"][0]
        .as_array()
        .expect("round 1")
        .iter()
        .map(|g| g["status"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| *s == "running").count(),
        1,
        "one game at a time: {statuses:?}"
    );
    let mover = state["turn"].as_str().expect("someone to move").to_string();
    fake.user(&mover).says_in(FORUM, "/resign");
    let over = |f: &Fake| f.timeline(FORUM).iter().any(|t| t.contains("is over"));
    assert!(fake.wait(over).await, "the result is recorded");
    assert!(
        fake.wait(|f| boards(f) == 2).await,
        "the next game begins in the group"
    );
    assert!(fake.topics(FORUM).is_empty());
    assert!(only_real_chats_called(&fake));
    bot.stop().await.expect("a clean stop");
}

/// Issue 29: a player's `/vacation` and `/lang` typed in the group of a running game are answered
/// (they stopped every chat before: Telegram's update retried for ever), and a game whose saved
/// state no longer reads is set aside in its group — told once — while another group plays on,
/// before and after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_that_fails_holds_back_no_other_and_personal_commands_work_in_the_group() {
    const OTHER: i64 = -1_009_999_000_002;
    let fake = Fake::start().await;
    fake.add_supergroup(OTHER);
    let db = temp_db("faults");
    let bot = start(&fake, &db, Lang::En).await;
    let (ann, bob) = (fake.user("ann"), fake.user("bob"));
    let said = |chat: i64, what: &'static str, n: usize| {
        move |f: &Fake| f.timeline(chat).iter().filter(|t| t.contains(what)).count() >= n
    };
    for chat in [GROUP, OTHER] {
        ann.says_in(chat, "/newgame hive color=white");
        assert!(fake.wait(said(chat, "opens a game", 1)).await);
        bob.says_in(chat, "/join");
        ann.says_in(chat, "/begin");
        assert!(fake.wait(said(chat, "ann (white), your move", 1)).await);
    }
    ann.says_in(OTHER, "/vacation 3d");
    assert!(
        fake.wait(said(OTHER, "away", 1)).await,
        "{:?}",
        fake.timeline(OTHER)
    );
    bob.says_in(OTHER, "/lang ru");
    ann.says_in(OTHER, "/move wG1");
    assert!(
        fake.wait(said(OTHER, "bob (black), your move", 1)).await,
        "the group goes on after them: {:?}",
        fake.timeline(OTHER)
    );

    // The first group's game is damaged on disk while the bot is down.
    bot.stop().await.expect("a clean stop");
    kit::damage_game_in(&db, GROUP).await;
    let bot = start(&fake, &db, Lang::En).await;
    ann.says_in(GROUP, "/move wG1");
    bob.says_in(OTHER, "/move bG1 wG1-");
    assert!(
        fake.wait(said(GROUP, "is set aside", 1)).await,
        "{:?}",
        fake.timeline(GROUP)
    );
    assert!(
        fake.wait(said(OTHER, "ann (white), your move", 2)).await,
        "the other group plays on: {:?}",
        fake.timeline(OTHER)
    );
    ann.says_in(GROUP, "/move wQ");
    ann.says_in(OTHER, "/move wQ -wG1");
    assert!(fake.wait(said(OTHER, "bob (black), your move", 2)).await);
    let notices = (fake.timeline(GROUP).iter())
        .filter(|t| t.contains("is set aside"))
        .count();
    assert_eq!(notices, 1, "told once: {:?}", fake.timeline(GROUP));
    bot.stop().await.expect("a clean stop");
}

//! Slash commands, autocomplete, buttons and refused DMs, against the real serenity client and the
//! fake Discord.

mod fake;
mod harness;

use bot_core::i18n::Lang;
use fake::{CHANNEL, Fake, Posted, User};
use harness::{Bot, temp_db};

/// Waits for the answers to an interaction and returns them.
async fn answers(fake: &Fake, id: u64) -> Vec<fake::Answered> {
    fake.wait("the interaction is answered", |f| {
        !f.answers_to(id).is_empty()
    })
    .await;
    fake.answers_to(id)
}

/// The latest message in a channel with a button whose custom id passes `pick`.
fn with_button(fake: &Fake, channel: u64, pick: impl Fn(&str) -> bool) -> Option<(Posted, String)> {
    fake.posted_in(channel).into_iter().rev().find_map(|p| {
        let id = p
            .buttons
            .iter()
            .flatten()
            .map(|(_, id)| id.clone())
            .find(|id| pick(id))?;
        Some((p, id))
    })
}

/// A lobby opened with `/newgame` by ann, joined by bob through the lobby's button and by eve with
/// `/join`.
async fn lobby(fake: &Fake) -> (User, User, User) {
    let (ann, bob, eve) = (fake.user("ann"), fake.user("bob"), fake.user("eve"));
    let id = ann.slash(
        CHANNEL,
        "newgame",
        &[("ruleset", "classic"), ("options", "size=5x4")],
    );
    let a = answers(fake, id).await;
    assert_eq!(a[0].kind, 4);
    assert!(
        a[0].ephemeral,
        "a slash command is acknowledged to its user only"
    );
    fake.wait("the lobby", |f| {
        with_button(f, CHANNEL, |id| id.starts_with("gm-dm:")).is_some()
    })
    .await;
    let (msg, join) = with_button(fake, CHANNEL, |id| id.starts_with("gm-dm:")).unwrap();
    let press = bob.presses(&msg, &join);
    answers(fake, press).await;
    // The join link seats bob and opens his DMs: the session answers him privately.
    fake.wait("bob is greeted privately", |f| {
        !f.dm_texts_shown(&bob).is_empty()
    })
    .await;
    let before = fake.shown(CHANNEL).len();
    eve.slash(CHANNEL, "join", &[]);
    fake.wait("eve joins", |f| f.shown(CHANNEL).len() > before)
        .await;
    (ann, bob, eve)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_and_newgame_options_are_suggested() {
    let fake = Fake::start().await;
    let bot = Bot::start(&fake, &temp_db("autocomplete"), Lang::En).await;
    let names: Vec<String> = fake
        .commands()
        .iter()
        .map(|c| c["name"].as_str().unwrap().to_string())
        .collect();
    for n in ["newgame", "join", "move", "status", "rules", "abort"] {
        assert!(names.contains(&n.to_string()), "{n} in {names:?}");
    }
    let ann = fake.user("ann");
    let id = ann.autocomplete(
        CHANNEL,
        "newgame",
        &[("ruleset", "classic"), ("options", "size=6x5 pl")],
        "options",
    );
    let a = answers(&fake, id).await;
    assert_eq!(a[0].kind, 8, "an autocomplete result");
    let choices: Vec<&str> = a[0].body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(
        choices,
        vec!["size=6x5 plan=generated", "size=6x5 plan=own"]
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_of_the_turn_answer_only_the_current_player() {
    let fake = Fake::start().await;
    let bot = Bot::start(&fake, &temp_db("buttons"), Lang::En).await;
    let (ann, bob, eve) = lobby(&fake).await;
    let players = [ann.clone(), bob.clone(), eve.clone()];
    ann.slash(CHANNEL, "begin", &[]);
    // Each player gets the start-cell grid by DM and presses a cell.
    for (i, p) in players.iter().enumerate() {
        let dm = fake.dm_of(p);
        fake.wait("a start-cell grid", |f| {
            with_button(f, dm, |id| id.starts_with('#')).is_some()
        })
        .await;
        let (msg, _) = with_button(&fake, dm, |id| id.starts_with('#')).unwrap();
        let cell = msg.buttons.iter().flatten().nth(i * 3).unwrap().1.clone();
        let press = p.presses(&msg, &cell);
        answers(&fake, press).await;
    }
    fake.wait("turn buttons in the channel", |f| {
        with_button(f, CHANNEL, |id| id.contains(" !") && id.ends_with("go up")).is_some()
    })
    .await;
    let (turn, up) = with_button(&fake, CHANNEL, |id| {
        id.contains(" !") && id.ends_with("go up")
    })
    .unwrap();

    // A stranger's press is refused to him alone and changes nothing.
    let zed = fake.user("zed");
    let shown = fake.shown(CHANNEL).len();
    let a = answers(&fake, zed.presses(&turn, &up)).await;
    assert!(a[0].ephemeral && a[0].kind == 4, "{a:?}");
    assert!(a[0].content.as_deref().is_some_and(|c| !c.is_empty()));

    // /status posts the game's status card, which later turns edit in place.
    answers(&fake, ann.slash(CHANNEL, "status", &[])).await;
    fake.wait("the status card", |f| f.shown(CHANNEL).len() > shown)
        .await;
    let shown = fake.shown(CHANNEL).len();

    // Of the three players exactly one may press; the others are refused privately.
    let mut mover = None;
    for p in &players {
        let a = answers(&fake, p.presses(&turn, &up)).await;
        if a[0].ephemeral {
            continue;
        }
        assert_eq!(a[0].kind, 6, "an accepted press is acknowledged silently");
        mover = Some(p.clone());
        break;
    }
    let mover = mover.expect("the player whose turn it is may press");
    fake.wait("the move is answered", |f| f.shown(CHANNEL).len() > shown)
        .await;

    // The old button does nothing harmful: a private refusal, and no new message.
    let a = answers(&fake, mover.presses(&turn, &up)).await;
    assert!(a[0].ephemeral, "an old button is refused: {a:?}");
    fake.wait("the status card is edited in place", |f| {
        f.posted_in(CHANNEL).iter().any(|p| p.history.len() > 1)
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_dm_waits_until_the_player_opens_his_dms() {
    let fake = Fake::start().await;
    let bot = Bot::start(&fake, &temp_db("refused"), Lang::En).await;
    let ann = fake.user("ann");
    let bob = fake.user("bob");
    let eve = fake.user("eve");
    fake.close_dms(&bob);
    let id = ann.slash(
        CHANNEL,
        "newgame",
        &[("ruleset", "classic"), ("options", "size=5x4")],
    );
    answers(&fake, id).await;
    for p in [&bob, &eve] {
        let before = fake.shown(CHANNEL).len();
        let id = p.slash(CHANNEL, "join", &[]);
        answers(&fake, id).await;
        fake.wait("a join", |f| f.shown(CHANNEL).len() > before)
            .await;
    }
    ann.slash(CHANNEL, "begin", &[]);
    fake.wait("bob's DM is refused", |f| f.refusals(&bob) > 0)
        .await;
    fake.wait("eve gets her grid", |f| !f.dm_texts_shown(&eve).is_empty())
        .await;
    // The channel is told (with a button to open the DMs), and bob ephemerally.
    fake.wait("the channel hears of it", |f| {
        with_button(f, CHANNEL, |id| id.starts_with("gm-dm:"))
            .is_some_and(|(p, _)| p.content.contains("bob"))
    })
    .await;
    fake.wait("bob is told ephemerally", |f| {
        f.answered()
            .iter()
            .any(|a| a.user == bob.id && a.how == "followup" && a.ephemeral)
    })
    .await;
    assert!(fake.dm_texts_shown(&bob).is_empty());
    fake.open_dms(&bob);
    bob.says_privately("hello");
    fake.wait("bob's waiting message arrives", |f| {
        with_button(f, f.dm_of(&bob), |id| id.starts_with('#')).is_some()
    })
    .await;
    let grids = fake
        .posted_in(fake.dm_of(&bob))
        .iter()
        .filter(|p| {
            p.buttons
                .iter()
                .flatten()
                .any(|(_, id)| id.starts_with('#'))
        })
        .count();
    assert_eq!(grids, 1, "the waiting message arrives once");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_shared_with_the_telegram_bot_keeps_each_platform_to_itself() {
    use bot_core::session::Session;
    use bot_core::session::chat::{ChatId, Content, Inbound, Platform, UserId};
    use bot_core::store::Store;

    let fake = Fake::start().await;
    let db = temp_db("shared");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    // The Telegram bot's session on the same file opens a game in a Telegram group.
    let telegram = Session::open(Store::open(&db).await.unwrap(), 1, Lang::En)
        .await
        .unwrap();
    let msg = Inbound {
        platform: Platform::Telegram,
        chat: ChatId("-100".into()),
        private: false,
        user: UserId("7".into()),
        name: "tg-user".into(),
        content: Content::Text("/newgame labyrinth classic".into()),
        message_id: "m-100:1".into(),
        lang: None,
        is_admin: false,
    };
    let reply = telegram.respond(msg, 1_800_000_000_000).await.unwrap();
    assert!(!reply.outbound.is_empty());
    // A Discord game goes on beside it; the Telegram lobby never reaches Discord.
    let ann = fake.user("ann");
    answers(
        &fake,
        ann.slash(CHANNEL, "newgame", &[("ruleset", "quantum")]),
    )
    .await;
    fake.wait("the Discord lobby", |f| !f.shown(CHANNEL).is_empty())
        .await;
    let pending = telegram
        .pending_outbox(Platform::Telegram, 1_800_000_000_000)
        .await
        .unwrap();
    assert_eq!(
        pending.len(),
        1,
        "the Telegram lobby waits for the Telegram bot"
    );
    assert!(fake.requests().iter().all(|r| !r.contains("-100")));
    assert_eq!(fake.shown(CHANNEL).len(), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_messages_is_handled_in_discords_order() {
    let fake = Fake::start().await;
    let bot = Bot::start(&fake, &temp_db("burst"), Lang::En).await;
    let ann = fake.user("ann");
    answers(
        &fake,
        ann.slash(CHANNEL, "newgame", &[("ruleset", "classic")]),
    )
    .await;
    fake.wait("the lobby", |f| f.shown(CHANNEL).len() == 1)
        .await;
    // Five players join at once, without waiting for each other.
    let names = ["bob", "cid", "dan", "eve", "fay"];
    for n in names {
        fake.user(n).says(CHANNEL, "/join");
    }
    fake.wait("every join answered", |f| {
        f.shown(CHANNEL).len() == 1 + names.len()
    })
    .await;
    let shown = fake.shown(CHANNEL);
    for (i, n) in names.iter().enumerate() {
        assert!(
            shown[1 + i].contains(n),
            "join {i} should be {n}'s: {shown:?}"
        );
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_large_start_grid_spills_over_several_messages_and_every_cell_works() {
    let fake = Fake::start().await;
    let bot = Bot::start(&fake, &temp_db("grid"), Lang::En).await;
    let (ann, bob, eve) = (fake.user("ann"), fake.user("bob"), fake.user("eve"));
    let id = ann.slash(
        CHANNEL,
        "newgame",
        &[("ruleset", "classic"), ("options", "size=8x8")],
    );
    answers(&fake, id).await;
    for p in [&bob, &eve] {
        let before = fake.shown(CHANNEL).len();
        answers(&fake, p.slash(CHANNEL, "join", &[])).await;
        fake.wait("a join", |f| f.shown(CHANNEL).len() > before)
            .await;
    }
    answers(&fake, ann.slash(CHANNEL, "begin", &[])).await;
    let dm = fake.dm_of(&bob);
    let cells = |f: &Fake| -> usize {
        f.posted_in(dm)
            .iter()
            .map(|p| p.buttons.iter().flatten().count())
            .sum()
    };
    fake.wait("bob's whole grid", |f| cells(f) == 64).await;
    let parts = fake.posted_in(dm);
    assert_eq!(
        parts.len(),
        4,
        "64 cells in rows of 5: 16 rows, 5 per message"
    );
    assert!(
        parts
            .iter()
            .all(|p| p.buttons.len() <= 5 && p.buttons.iter().all(|r| r.len() <= 5))
    );
    // The last cell, under the last message, is as good as any.
    let last = parts.last().unwrap().clone();
    let (_, cell) = last.buttons.last().unwrap().last().unwrap().clone();
    assert!(cell.ends_with("H8"), "{cell}");
    let shown = fake.dm_texts_shown(&bob).len();
    let a = answers(&fake, bob.presses(&last, &cell)).await;
    assert!(!a[0].ephemeral, "the choice is accepted: {a:?}");
    fake.wait("bob hears his choice", |f| {
        f.dm_texts_shown(&bob).len() > shown
    })
    .await;
    bot.stop().await;
}

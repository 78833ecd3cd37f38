//! Slash commands, autocomplete, buttons, permissions and refused DMs, against the real serenity
//! client and the fake Discord.

mod fake;
mod harness;

use bot_core::i18n::Lang;
use fake::{CHANNEL, Fake, User};
use harness::{
    Bot, WriteLock, acked, barrier, begun, game_in_play, popup, reply, temp_db, turn_button,
    whose_turn, with_button,
};

/// Waits for the answers to an interaction and returns them.
async fn answers(fake: &Fake, id: u64) -> Vec<fake::Answered> {
    fake.wait("the interaction is answered", |f| {
        !f.answers_to(id).is_empty()
    })
    .await;
    fake.answers_to(id)
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
    reply(fake, id).await;
    fake.wait("the lobby", |f| {
        with_button(f, CHANNEL, |id| id.starts_with("gm-dm:")).is_some()
    })
    .await;
    let (msg, join) = with_button(fake, CHANNEL, |id| id.starts_with("gm-dm:")).unwrap();
    acked(fake, bob.presses(&msg, &join)).await;
    // The join link seats bob and opens his DMs: the session answers him privately.
    fake.wait("bob is greeted privately", |f| {
        !f.dm_texts_shown(&bob).is_empty()
    })
    .await;
    let before = fake.shown(CHANNEL).len();
    reply(fake, eve.slash(CHANNEL, "join", &[])).await;
    fake.wait("eve joins", |f| f.shown(CHANNEL).len() > before)
        .await;
    (ann, bob, eve)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_and_newgame_options_are_suggested() {
    let fake = Fake::start().await;
    let db = temp_db("autocomplete");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let commands = fake.commands();
    let names: Vec<&str> = commands
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for n in ["newgame", "join", "move", "status", "rules", "abort"] {
        assert!(names.contains(&n), "{n} in {names:?}");
    }
    // /newgame offers exactly the session's rulesets, and suggests its options.
    let newgame = commands.iter().find(|c| c["name"] == "newgame").unwrap();
    let rulesets: Vec<&str> = newgame["options"][0]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(rulesets, registry::GAMES.rulesets());
    assert!(rulesets.contains(&"classic") && rulesets.contains(&"quantum"));
    assert_eq!(newgame["options"][1]["autocomplete"], true);
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
    // The gateway connection is kept alive.
    fake.wait("a heartbeat", |f| f.heartbeats() > 0).await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn buttons_of_the_turn_answer_only_the_current_player() {
    let fake = Fake::start().await;
    let db = temp_db("buttons");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let players = game_in_play(&fake, "size=5x4").await;
    let ann = players[0].clone();
    let (turn, up) = turn_button(&fake, "go up").unwrap();

    // A stranger's press is refused to him alone and changes nothing: the channel's next text is
    // the barrier's status card.
    let zed = fake.user("zed");
    let before = fake.shown(CHANNEL);
    let text = popup(&fake, zed.presses(&turn, &up)).await;
    assert!(text.contains("not playing"), "{text}");
    let new = barrier(&fake, &ann).await;
    assert!(
        new[0].contains("players:"),
        "nothing before the card: {new:?}"
    );

    // That /status posted the game's status card; later turns edit it in place.
    let card = fake
        .posted_in(CHANNEL)
        .into_iter()
        .rev()
        .find(|p| p.content.contains("players:"))
        .expect("the status card");
    assert_eq!(card.history.len(), 1);
    assert_eq!(fake.shown(CHANNEL)[..before.len()], before[..]);

    // Of the three players exactly the one whose turn it is may press; the others are refused.
    let mover = whose_turn(&fake, &players);
    for p in players.iter().filter(|p| p.id != mover.id) {
        let text = popup(&fake, p.presses(&turn, &up)).await;
        assert!(text.contains("move"), "not his turn: {text}");
    }
    let shown = fake.shown(CHANNEL).len();
    let a = acked(&fake, mover.presses(&turn, &up)).await;
    fake.wait("the move is answered", |f| f.shown(CHANNEL).len() > shown)
        .await;
    assert!(
        fake.answers_to(a[0].interaction)
            .iter()
            .all(|a| a.how == "callback"),
        "an accepted press has no popup"
    );
    // The card is edited in place as the turn moves on.
    fake.wait("the status card is edited in place", |f| {
        f.posted_in(CHANNEL)
            .iter()
            .any(|p| p.id == card.id && p.history.len() > 1)
    })
    .await;

    // The old button does nothing harmful: a private refusal, and no new message.
    let text = popup(&fake, mover.presses(&turn, &up)).await;
    assert!(text.contains("earlier turn"), "{text}");
    let new = barrier(&fake, &ann).await;
    assert!(
        new[0].contains("players:"),
        "nothing before the card: {new:?}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_dm_waits_until_the_player_opens_his_dms() {
    let fake = Fake::start().await;
    let db = temp_db("refused");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let ann = fake.user("ann");
    let bob = fake.user("bob");
    let eve = fake.user("eve");
    fake.close_dms(&bob);
    begun(&fake, &ann, &[&bob, &eve], "size=5x4").await;
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
    // His /join's own reply was not taken over by that follow-up.
    let joined = fake
        .answered()
        .into_iter()
        .find(|a| a.user == bob.id && a.how == "edit")
        .unwrap();
    assert!(
        joined.content.as_deref().is_some_and(|c| c.contains("bob")),
        "{joined:?}"
    );
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
    let telegram = Session::open(
        Store::open(&db).await.unwrap(),
        registry::GAMES,
        1,
        Lang::En,
    )
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
        threads: false,
        chat_title: None,
    };
    let reply_tg = telegram.respond(msg, 1_800_000_000_000).await.unwrap();
    assert!(!reply_tg.outbound.is_empty());
    // A Discord game goes on beside it; the Telegram lobby never reaches Discord.
    let ann = fake.user("ann");
    reply(
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
    assert!(
        fake.requests()
            .iter()
            .all(|r| r.split('/').all(|part| part != "-100"))
    );
    assert_eq!(fake.shown(CHANNEL).len(), 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_messages_is_handled_in_discords_order() {
    let fake = Fake::start().await;
    let db = temp_db("burst");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let ann = fake.user("ann");
    reply(
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
    let db = temp_db("grid");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let (ann, bob, eve) = (fake.user("ann"), fake.user("bob"), fake.user("eve"));
    begun(&fake, &ann, &[&bob, &eve], "size=8x8").await;
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
    let id = bob.presses(&last, &cell);
    acked(&fake, id).await;
    fake.wait("bob hears his choice", |f| {
        f.dm_texts_shown(&bob).len() > shown
    })
    .await;
    assert!(
        fake.answers_to(id).iter().all(|a| a.how == "callback"),
        "the choice is accepted without a popup"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interactions_are_acknowledged_in_time_while_the_session_is_slow() {
    let fake = Fake::start().await;
    let db = temp_db("slow");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let (ann, bob, eve) = (fake.user("ann"), fake.user("bob"), fake.user("eve"));
    reply(
        &fake,
        ann.slash(CHANNEL, "newgame", &[("ruleset", "classic")]),
    )
    .await;
    fake.wait("the lobby", |f| {
        with_button(f, CHANNEL, |id| id.starts_with("gm-dm:")).is_some()
    })
    .await;
    let (lobby, join) = with_button(&fake, CHANNEL, |id| id.starts_with("gm-dm:")).unwrap();

    // Another process holds the database: every commit of the session waits for it, longer than
    // Discord waits for an interaction's first answer.
    let lock = WriteLock::take(&db).await;
    let held = tokio::time::Instant::now();
    let press = bob.presses(&lobby, &join);
    let commands = [
        eve.slash(CHANNEL, "join", &[]),
        ann.slash(CHANNEL, "status", &[]),
        ann.slash(CHANNEL, "rules", &[]),
    ];
    fake.wait("every interaction acknowledged", |f| {
        commands
            .iter()
            .chain([&press])
            .all(|id| !f.answers_to(*id).is_empty())
    })
    .await;
    // Held past Discord's 3 s, and released well within SQLite's busy timeout (5 s).
    tokio::time::sleep_until(held + fake::ACK_LIMIT + std::time::Duration::from_millis(500)).await;
    lock.release().await;

    // Each is then answered: the commands' replies edited in, the press's effect in the DMs.
    for id in commands {
        let text = reply(&fake, id).await;
        assert!(!text.is_empty());
    }
    assert_eq!(fake.answers_to(press)[0].kind, 6);
    fake.wait("bob is seated", |f| !f.dm_texts_shown(&bob).is_empty())
        .await;
    assert!(
        fake.late_acknowledgements().is_empty(),
        "acknowledged after Discord's 3 s: {:?}",
        fake.late_acknowledgements()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_message_content_intent_slash_commands_and_buttons_still_work() {
    let fake = Fake::start().await;
    // The intent is not enabled in the Developer Portal: asking for it closes the gateway (4014).
    fake.grant_message_content(false);
    let db = temp_db("intents");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let intents = fake.identified_intents();
    assert_eq!(fake.disallowed(), 1);
    assert_eq!(intents.len(), 2, "{intents:?}");
    assert_ne!(intents[0] & fake::MESSAGE_CONTENT, 0, "asked for first");
    assert_eq!(
        intents[1] & fake::MESSAGE_CONTENT,
        0,
        "then went on without"
    );

    // A whole start through slash commands and buttons.
    let players = game_in_play(&fake, "size=5x4").await;
    let mover = whose_turn(&fake, &players);
    let (turn, up) = turn_button(&fake, "go up").unwrap();
    let shown = fake.shown(CHANNEL).len();
    acked(&fake, mover.presses(&turn, &up)).await;
    fake.wait("the move is answered", |f| f.shown(CHANNEL).len() > shown)
        .await;
    // An order typed in the channel arrives without its text and is not taken for one.
    let next = whose_turn(&fake, &players);
    next.says(CHANNEL, "go down");
    let new = barrier(&fake, &players[0]).await;
    assert!(
        new[0].contains("players:"),
        "the typed order is unread: {new:?}"
    );
    bot.stop().await;

    // Told not to ask, the bot never does.
    let fake = Fake::start().await;
    fake.grant_message_content(false);
    let db = temp_db("intents-off");
    let bot = Bot::start_with(&fake, &db, Lang::En, |c| c.message_content = false).await;
    assert_eq!(fake.disallowed(), 0);
    assert_eq!(fake.identified_intents()[0] & fake::MESSAGE_CONTENT, 0);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admins_may_abort_by_slash_or_typed_command_and_members_may_not() {
    let fake = Fake::start().await;
    let db = temp_db("admin");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let (_ann, bob, _eve) = lobby(&fake).await;
    let not_admin = "Only the game's opener or a chat admin";
    let confirm = "cannot be undone";

    // A plain member is refused, by slash command and typed alike.
    let before = fake.shown(CHANNEL).len();
    reply(&fake, bob.slash(CHANNEL, "abort", &[])).await;
    fake.wait("bob is refused", |f| f.shown(CHANNEL).len() > before)
        .await;
    assert!(fake.shown(CHANNEL)[before].contains(not_admin));
    let before = fake.shown(CHANNEL).len();
    bob.says(CHANNEL, "/abort");
    fake.wait("bob is refused", |f| f.shown(CHANNEL).len() > before)
        .await;
    assert!(fake.shown(CHANNEL)[before].contains(not_admin));

    // A channel manager by role, typing: his role's permission is read from the guild.
    let max = fake.user("max");
    fake.make_admin(&max);
    let before = fake.shown(CHANNEL).len();
    max.says(CHANNEL, "/abort");
    fake.wait("max is asked to confirm", |f| {
        f.shown(CHANNEL).len() > before
    })
    .await;
    assert!(fake.shown(CHANNEL)[before].contains(confirm));
    // A member let manage this channel alone, by the channel's overwrite.
    let kim = fake.user("kim");
    fake.let_manage(&kim, CHANNEL);
    let before = fake.shown(CHANNEL).len();
    kim.says(CHANNEL, "/abort");
    fake.wait("kim is asked to confirm", |f| {
        f.shown(CHANNEL).len() > before
    })
    .await;
    assert!(fake.shown(CHANNEL)[before].contains(confirm));

    // The slash command carries the manager's permissions; he confirms with the button.
    let before = fake.shown(CHANNEL).len();
    reply(&fake, max.slash(CHANNEL, "abort", &[])).await;
    fake.wait("max is asked to confirm", |f| {
        f.shown(CHANNEL).len() > before
    })
    .await;
    let (ask, yes) = with_button(&fake, CHANNEL, |id| id.ends_with("/abort yes")).unwrap();
    // bob's press of it is refused for his eyes only, the channel told nothing; max's ends the
    // game.
    let before = fake.shown(CHANNEL).len();
    let text = popup(&fake, bob.presses(&ask, &yes)).await;
    assert!(text.contains(not_admin), "{text}");
    assert_eq!(
        fake.shown(CHANNEL).len(),
        before,
        "the channel is told nothing"
    );
    let before = fake.shown(CHANNEL).len();
    acked(&fake, max.presses(&ask, &yes)).await;
    fake.wait("the game is aborted", |f| {
        f.shown(CHANNEL)[before..]
            .iter()
            .any(|t| t.contains("over without a result"))
    })
    .await;
    bot.stop().await;
}

/// A slash command's private reply says what became of it, never a bare "done" for a command that
/// was refused or only asked for a confirmation (issue 19, item 9).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slash_commands_private_reply_says_what_happened() {
    let fake = Fake::start().await;
    let db = temp_db("slash-reply");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let (_ann, bob, _eve) = lobby(&fake).await;
    let done = "✓ Done";

    // Refused: the reply is the refusal.
    let text = reply(&fake, bob.slash(CHANNEL, "abort", &[])).await;
    assert!(
        text.contains("Only the game's opener or a chat admin"),
        "{text}"
    );
    assert!(!text.contains(done), "{text}");

    // Asked to confirm: the reply says the question waits in the channel.
    let max = fake.user("max");
    fake.make_admin(&max);
    let text = reply(&fake, max.slash(CHANNEL, "abort", &[])).await;
    assert!(text.starts_with("Asked in the channel"), "{text}");
    assert!(text.contains("cannot be undone"), "{text}");

    // Answered in the channel: the reply quotes its first line.
    let text = reply(&fake, bob.slash(CHANNEL, "status", &[])).await;
    assert!(text.starts_with("Answered in the channel: "), "{text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_russian_client_is_answered_in_russian() {
    let fake = Fake::start().await;
    let db = temp_db("locale");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let players = game_in_play(&fake, "size=5x4").await;
    let ivan = fake.user("ivan");
    fake.set_locale(&ivan, "ru");
    // His slash command's own reply, and his press's popup, speak his language.
    let text = reply(&fake, ivan.slash(CHANNEL, "status", &[])).await;
    assert!(text.starts_with("Ответ в канале: "), "{text}");
    let (turn, up) = turn_button(&fake, "go up").unwrap();
    let text = popup(&fake, ivan.presses(&turn, &up)).await;
    assert_eq!(text, "Вы не играете в этой игре.");
    // The others are still answered in English.
    let text = reply(&fake, players[1].slash(CHANNEL, "status", &[])).await;
    assert!(text.starts_with("Answered in the channel: "), "{text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redelivered_interaction_applies_its_move_once() {
    let fake = Fake::start().await;
    let db = temp_db("redelivered");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let players = game_in_play(&fake, "size=5x4").await;
    let mover = whose_turn(&fake, &players);
    let before = fake.shown(CHANNEL).len();
    let id = mover.slash(CHANNEL, "move", &[("order", "go up")]);
    let first = reply(&fake, id).await;
    fake.wait("the move is answered", |f| f.shown(CHANNEL).len() > before)
        .await;
    let after = barrier(&fake, &players[0]).await;
    let moved = fake.shown(CHANNEL).len();

    // Discord sends the same INTERACTION_CREATE again (as after a resume).
    fake.redeliver(id);
    fake.wait("the second acknowledgement is tried", |f| {
        f.requests()
            .iter()
            .filter(|r| r.contains(&format!("/interactions/{id}/")))
            .count()
            == 2
    })
    .await;
    let new = barrier(&fake, &players[0]).await;
    assert!(
        new[0].contains("players:"),
        "the move is not played twice: {new:?}"
    );
    assert_eq!(fake.shown(CHANNEL).len(), moved + 1);
    // Its reply stands as first given: nothing edited over it.
    let a = fake.answers_to(id);
    assert_eq!(a.iter().filter(|a| a.how == "edit").count(), 1, "{a:?}");
    assert!(!first.is_empty() && !after.is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_button_of_an_earlier_game_is_refused_and_current_ones_survive_a_restart() {
    let fake = Fake::start().await;
    let db = temp_db("old-buttons");
    let mut bot = Bot::start(&fake, &db, Lang::En).await;
    let players = game_in_play(&fake, "size=5x4").await;
    let ann = players[0].clone();
    let (old_turn, old_up) = turn_button(&fake, "go up").unwrap();
    let old_mover = whose_turn(&fake, &players);
    // The opener aborts the first game with the confirmation button.
    reply(&fake, ann.slash(CHANNEL, "abort", &[])).await;
    fake.wait("the confirmation", |f| {
        with_button(f, CHANNEL, |id| id.ends_with("/abort yes")).is_some()
    })
    .await;
    let (old_ask, old_yes) = with_button(&fake, CHANNEL, |id| id.ends_with("/abort yes")).unwrap();
    let before = fake.shown(CHANNEL).len();
    acked(&fake, ann.presses(&old_ask, &old_yes)).await;
    fake.wait("the first game is over", |f| {
        f.shown(CHANNEL)[before..]
            .iter()
            .any(|t| t.contains("over without a result"))
    })
    .await;

    // A second game in the same channel.
    let players = game_in_play(&fake, "size=5x4").await;
    let (turn, up) = turn_button(&fake, "go up").unwrap();
    assert_ne!(up, old_up, "the new buttons name the new game");
    for (who, msg, id) in [(&old_mover, &old_turn, &old_up), (&ann, &old_ask, &old_yes)] {
        let text = popup(&fake, who.presses(msg, id)).await;
        assert!(text.contains("earlier turn or game"), "{text}");
        let new = barrier(&fake, &ann).await;
        assert!(new[0].contains("players:"), "no new message: {new:?}");
    }

    // After a restart, the current game's buttons still work.
    bot.stop().await;
    bot = Bot::start(&fake, &db, Lang::En).await;
    let mover = whose_turn(&fake, &players);
    let shown = fake.shown(CHANNEL).len();
    let id = mover.presses(&turn, &up);
    acked(&fake, id).await;
    fake.wait("the move is answered", |f| f.shown(CHANNEL).len() > shown)
        .await;
    assert!(fake.answers_to(id).iter().all(|a| a.how == "callback"));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_stuck_at_shutdown_is_stopped_not_left_running() {
    let fake = Fake::start().await;
    let db = temp_db("stuck");
    let bot = Bot::start_with(&fake, &db, Lang::En, |c| {
        c.shutdown_grace = std::time::Duration::from_millis(300)
    })
    .await;
    let ann = fake.user("ann");
    reply(
        &fake,
        ann.slash(CHANNEL, "newgame", &[("ruleset", "classic")]),
    )
    .await;
    // The database is held while a command waits in the worker: the bot is stopped meanwhile.
    let lock = WriteLock::take(&db).await;
    let id = ann.slash(CHANNEL, "status", &[]);
    fake.wait("the command is acknowledged", |f| {
        !f.answers_to(id).is_empty()
    })
    .await;
    bot.stop().await;
    let requests = fake.requests().len();
    lock.release().await;
    // A worker left running would now finish the command and answer it after the bot stopped.
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    assert_eq!(
        fake.requests()[requests..],
        [] as [String; 0],
        "nothing is sent once the bot has stopped"
    );
    assert!(fake.answers_to(id).iter().all(|a| a.how == "callback"));
}

/// A typed message that meets a database held longer than SQLite's busy timeout is tried again
/// until the database is free, not dropped with a log line (issue 19, item 7).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_command_waits_out_a_database_held_past_the_busy_timeout() {
    let fake = Fake::start().await;
    let db = temp_db("typed-locked");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let ann = fake.user("ann");
    reply(
        &fake,
        ann.slash(CHANNEL, "newgame", &[("ruleset", "classic")]),
    )
    .await;
    fake.wait("the lobby", |f| !f.shown(CHANNEL).is_empty())
        .await;
    let before = fake.shown(CHANNEL).len();
    let lock = WriteLock::take(&db).await;
    ann.says(CHANNEL, "/rules");
    // Longer than the store's busy timeout (5 s): the first try fails.
    tokio::time::sleep(std::time::Duration::from_millis(6500)).await;
    lock.release().await;
    fake.wait("the rules, once the database is free", |f| {
        f.shown(CHANNEL)[before..]
            .iter()
            .any(|t| t.contains("classic"))
    })
    .await;
    bot.stop().await;
}

/// A player in games of two channels who writes privately without naming the game is asked which,
/// with a button per game that names its channel as people see it, not by its snowflake (issue 19,
/// item 10).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn which_game_buttons_name_the_channels() {
    let fake = Fake::start().await;
    let db = temp_db("which-game");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let (ann, bob) = (fake.user("ann"), fake.user("bob"));
    for channel in [CHANNEL, fake::CHANNEL_2] {
        reply(
            &fake,
            ann.slash(channel, "newgame", &[("ruleset", "classic")]),
        )
        .await;
        reply(&fake, bob.slash(channel, "join", &[])).await;
    }
    bob.says_privately("hello");
    let dm = fake.dm_of(&bob);
    fake.wait("which game?", |f| {
        with_button(f, dm, |id| id.starts_with('#')).is_some()
    })
    .await;
    let (ask, _) = with_button(&fake, dm, |id| id.starts_with('#')).unwrap();
    let labels: Vec<String> = ask
        .buttons
        .iter()
        .flatten()
        .map(|(l, _)| l.clone())
        .collect();
    assert_eq!(labels, vec!["#1 #labyrinth", "#2 #maze-hall"], "{labels:?}");
    // The buttons still say which game: a press picks it.
    let (_, id) = ask.buttons[0][1].clone();
    assert!(id.starts_with("#2"), "{id}");
    bot.stop().await;
}

/// Players go by their server nicknames, whether they type or use slash commands (issue 19, item
/// 11).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_are_named_by_their_server_nicknames() {
    let fake = Fake::start().await;
    let db = temp_db("nicknames");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let (ann, bob, eve) = (fake.user("ann"), fake.user("bob"), fake.user("eve"));
    fake.set_nick(&bob, "Bobby Tables");
    fake.set_nick(&eve, "Evie");
    reply(
        &fake,
        ann.slash(CHANNEL, "newgame", &[("ruleset", "classic")]),
    )
    .await;
    fake.wait("the lobby", |f| !f.shown(CHANNEL).is_empty())
        .await;
    let before = fake.shown(CHANNEL).len();
    reply(&fake, bob.slash(CHANNEL, "join", &[])).await;
    fake.wait("bob joins", |f| f.shown(CHANNEL).len() > before)
        .await;
    eve.says(CHANNEL, "/join");
    fake.wait("eve joins", |f| f.shown(CHANNEL).len() > before + 1)
        .await;
    let shown = fake.shown(CHANNEL);
    assert!(shown[before].contains("Bobby Tables"), "{shown:?}");
    assert!(shown[before + 1].contains("Evie"), "{shown:?}");
    // Without a nickname, the global display name.
    assert!(shown[0].contains("ann"), "{shown:?}");
    bot.stop().await;
}

/// An order written in a thread of the game's channel, or edited after it was sent, is answered
/// with a note that says where and how to write it, not met with silence; and it is not played
/// (issue 19, item 11).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_order_in_a_thread_or_edited_is_answered_with_a_note() {
    let fake = Fake::start().await;
    let db = temp_db("thread-edit");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let players = game_in_play(&fake, "size=5x4").await;
    let mover = whose_turn(&fake, &players);

    // In a thread started in the game's channel.
    mover.says(fake::THREAD, "go up");
    fake.wait("the note in the thread", |f| {
        !f.shown(fake::THREAD).is_empty()
    })
    .await;
    let note = &fake.shown(fake::THREAD)[0];
    assert!(note.contains("game's channel"), "{note}");
    assert_eq!(whose_turn(&fake, &players).id, mover.id, "not played");

    // Edited: written as something else, then changed into an order.
    let id = mover.says(CHANNEL, "hmm");
    barrier(&fake, &players[0]).await;
    let shown_now = fake.shown(CHANNEL).len();
    mover.edits(id, "go up");
    // The barrier's own answer may still be edited in after it (a deferred reply): the note is
    // looked for among everything shown since.
    fake.wait("the note in the channel", |f| {
        f.shown(CHANNEL)[shown_now..]
            .iter()
            .any(|t| t.contains("new message"))
    })
    .await;
    assert_eq!(whose_turn(&fake, &players).id, mover.id, "not played");
    bot.stop().await;
}

/// A player who leaves the server leaves his game, as by `/leave`, once the deadline of his move
/// passes, when the bot is told to ask for the GUILD MEMBERS intent; it is never asked for
/// otherwise, and a refusal of it costs nothing else (issue 19, item 11).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_leaves_the_server_leaves_his_game() {
    let fake = Fake::start().await;
    let db = temp_db("member-left");
    let bot = Bot::start_with(&fake, &db, Lang::En, |c| c.members = true).await;
    assert_ne!(fake.identified_intents()[0] & fake::GUILD_MEMBERS, 0);
    let players = game_in_play(&fake, "size=5x4 deadline=6s").await;
    let gone = whose_turn(&fake, &players);
    let shown = fake.shown(CHANNEL).len();
    fake.member_leaves(&gone);
    fake.wait("the group is told", |f| {
        f.shown(CHANNEL)[shown..]
            .iter()
            .any(|t| t.contains(&gone.name) && t.contains("left the chat"))
    })
    .await;
    assert!(
        !(fake.shown(CHANNEL)[shown..].iter()).any(|t| t.contains("out of the game")),
        "not before his deadline"
    );
    fake.wait("he leaves the game at his deadline", |f| {
        f.shown(CHANNEL)[shown..]
            .iter()
            .any(|t| t.contains(&gone.name) && t.contains("out of the game"))
    })
    .await;
    // A redelivered event tells nothing again (the game's own deadlines go on meanwhile).
    fake.member_leaves(&gone);
    let speaker = players.iter().find(|p| p.id != gone.id).unwrap();
    barrier(&fake, speaker).await;
    let said = |what: &str| {
        (fake.shown(CHANNEL)[shown..].iter())
            .filter(|t| t.contains(&gone.name) && t.contains(what))
            .count()
    };
    assert_eq!((said("left the chat"), said("out of the game")), (1, 1));
    bot.stop().await;

    // Not configured: not asked for.
    let fake = Fake::start().await;
    let db = temp_db("member-left-off");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    assert_eq!(fake.identified_intents()[0] & fake::GUILD_MEMBERS, 0);
    bot.stop().await;

    // Configured but not enabled in the Developer Portal: refused, and the bot goes on without
    // it, still reading typed messages.
    let fake = Fake::start().await;
    fake.grant_members(false);
    let db = temp_db("member-left-refused");
    let bot = Bot::start_with(&fake, &db, Lang::En, |c| c.members = true).await;
    let intents = fake.identified_intents();
    assert_eq!(fake.disallowed(), 1, "{intents:?}");
    assert_eq!(intents.len(), 2, "{intents:?}");
    assert_eq!(intents[1] & fake::GUILD_MEMBERS, 0);
    assert_ne!(intents[1] & fake::MESSAGE_CONTENT, 0);
    bot.stop().await;
}

/// An acknowledgement Discord took whose answer never reached the bot (a 500 after the work, a
/// dropped connection) is known as the bot's own when the next try meets "already acknowledged":
/// the command still gets its reply instead of "thinking…" for good (issue 36).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_whose_acknowledgement_answer_was_lost_still_gets_its_reply() {
    let fake = Fake::start().await;
    let db = temp_db("ack-lost");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let ann = fake.user("ann");
    fake.inject_on(fake::On::Callback, &[fake::Fault::Lost]);
    let text = reply(
        &fake,
        ann.slash(CHANNEL, "newgame", &[("ruleset", "classic")]),
    )
    .await;
    assert_eq!(
        fake.faults_served_on(fake::On::Callback),
        [fake::Fault::Lost]
    );
    assert!(text.contains("classic"), "{text}");
    bot.stop().await;
}

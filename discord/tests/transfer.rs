//! Moving a game between installations through Discord: `/export` by DM as a file, `/import` in a
//! channel and the file sent back by DM, against the real serenity client and the fake Discord
//! (whose CDN serves the files users attach). What is not read — a channel's file, one too big —
//! changes nothing, and no line of the exported game reaches a channel.

mod fake;
mod harness;

use bot_core::i18n::Lang;
use bot_core::session::MAX_FILE_BYTES;
use bot_core::session::chat::Content;
use fake::{CHANNEL, CHANNEL_2, Fake, Fault, On, Upload, User};
use harness::{
    Bot, PLAN, Reference, acked, barrier, barrier_in, channel_target, reply, temp_db, turn_button,
    whose_turn, with_button,
};

/// Waits until a user's DMs show one more text than `before`, and returns the texts after it.
async fn dm_after(fake: &Fake, user: &User, before: usize) -> Vec<String> {
    fake.wait("a DM", |f| f.dm_texts_shown(user).len() > before)
        .await;
    fake.dm_texts_shown(user)[before..].to_vec()
}

/// Waits until a channel shows a text containing `what`, and returns it.
async fn shows(fake: &Fake, channel: u64, what: &str) -> String {
    fake.wait(what, |f| f.shown(channel).iter().any(|t| t.contains(what)))
        .await;
    fake.shown(channel)
        .into_iter()
        .rfind(|t| t.contains(what))
        .unwrap()
}

/// Everything a channel showed: each text as posted and edited, embeds and buttons' labels.
fn public(fake: &Fake, channel: u64) -> Vec<String> {
    let mut all = fake.shown(channel);
    for p in fake.posted_in(channel) {
        all.extend(p.words());
    }
    all
}

/// gm, the master of his own plan, opens a game in the channel; ann, bob and cid join and choose
/// D4, A4 and E1; ann goes up. The reference session is given the same inputs. Returns the
/// players.
async fn a_game_in_play(fake: &Fake, reference: &mut Reference) -> Vec<User> {
    let users: Vec<User> = ["gm", "ann", "bob", "cid"]
        .iter()
        .map(|n| fake.user(n))
        .collect();
    let (gm, ann) = (&users[0], &users[1]);
    let slash = |u: &User, name: &str, opts: &[(&str, &str)]| {
        let options: Vec<(String, String)> = opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        (
            Content::Text(discord::inbound::command_text(
                registry::GAMES,
                name,
                &options,
            )),
            u.slash(CHANNEL, name, opts),
        )
    };
    let (text, id) = slash(
        gm,
        "newgame",
        &[("ruleset", "classic"), ("options", "plan=own order=join")],
    );
    reference.input(fake, gm, false, text).await;
    reply(fake, id).await;
    for u in &users[1..] {
        let (text, id) = slash(u, "join", &[]);
        reference.input(fake, u, false, text).await;
        reply(fake, id).await;
    }
    let (text, id) = slash(gm, "begin", &[]);
    reference.input(fake, gm, false, text).await;
    reply(fake, id).await;
    let plan = format!("```\n{PLAN}\n```");
    reference
        .input(fake, gm, true, Content::Text(plan.clone()))
        .await;
    gm.says_privately(&plan);
    for (u, cell) in users[1..].iter().zip(["D4", "A4", "E1"]) {
        let dm = fake.dm_of(u);
        let suffix = format!(" {cell}");
        fake.wait("a start-cell grid", |f| {
            with_button(f, dm, |id| id.ends_with(&suffix)).is_some()
        })
        .await;
        let (msg, id) = with_button(fake, dm, |id| id.ends_with(&suffix)).unwrap();
        reference
            .input(fake, u, true, Content::Button(id.clone()))
            .await;
        let before = fake.dm_texts_shown(u).len();
        acked(fake, u.presses(&msg, &id)).await;
        dm_after(fake, u, before).await;
    }
    fake.wait("turn buttons in the channel", |f| {
        turn_button(f, "go up").is_some()
    })
    .await;
    let (msg, id) = turn_button(fake, "go up").unwrap();
    reference
        .input(fake, ann, false, Content::Button(id.clone()))
        .await;
    acked(fake, ann.presses(&msg, &id)).await;
    shows(fake, CHANNEL, "bob, your move").await;
    users
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_exported_by_dm_is_imported_into_another_installations_channel_and_goes_on() {
    let fake = Fake::start().await;
    let db = temp_db("export-a");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    // Both commands are registered, hidden from members who do not manage the channel.
    for name in ["export", "import"] {
        let commands = fake.commands();
        let c = commands
            .iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("/{name} is registered"));
        assert_eq!(c["default_member_permissions"], "16", "/{name}");
    }
    let mut reference = Reference::new(Lang::En).await;
    let users = a_game_in_play(&fake, &mut reference).await;
    let (ann, bob) = (&users[1], &users[2]);
    assert_eq!(whose_turn(&fake, &users).name, "bob");

    // max manages the guild's channels and does not play: he gets the game as a file, by DM.
    let max = fake.user("max");
    fake.make_admin(&max);
    let shown = fake.shown(CHANNEL).len();
    reply(&fake, max.slash(CHANNEL, "export", &[])).await;
    let dm = fake.dm_of(&max);
    fake.wait("the exported game by DM", |f| !f.files_in(dm).is_empty())
        .await;
    let files = fake.files_in(dm);
    assert_eq!(files.len(), 1);
    let (name, bytes) = files[0].clone();
    assert_eq!(name, "game-1.json");
    let doc: serde_json::Value = serde_json::from_slice(&bytes).expect("the file is JSON");
    assert_eq!(doc["format"], "gm-game");
    let note = fake
        .posted_in(dm)
        .into_iter()
        .find(|p| !p.files.is_empty())
        .unwrap();
    assert!(note.content.contains("Game #1 as a file"), "{note:?}");
    // The channel only hears that it was sent.
    shows(&fake, CHANNEL, "max, I sent you the game privately").await;
    assert_eq!(
        fake.shown(CHANNEL).len(),
        shown + 1,
        "{:?}",
        fake.shown(CHANNEL)
    );

    // A player may not have it while he plays, even one who manages the channel; nor a player
    // who does not.
    fake.let_manage(ann, CHANNEL);
    reply(&fake, ann.slash(CHANNEL, "export", &[])).await;
    shows(&fake, CHANNEL, "You play in this game").await;
    bob.says(CHANNEL, "/export");
    let heard = barrier(&fake, &max).await;
    assert!(
        heard[0].contains("Only the game's opener or a chat admin"),
        "{heard:?}"
    );
    for u in &users {
        assert!(
            fake.files_in(fake.dm_of(u)).is_empty(),
            "{} got a file",
            u.name
        );
    }
    assert!(fake.files_in(CHANNEL).is_empty(), "no file in the channel");
    bot.stop().await;

    // Another installation, on a database of its own, serves another channel, where cam is let
    // manage it (a member overwrite of that channel only).
    let db = temp_db("export-b");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let cam = fake.user("cam");
    fake.let_manage(&cam, CHANNEL_2);
    bob.says(CHANNEL_2, "/import");
    shows(&fake, CHANNEL_2, "Only a chat admin may bring a game").await;
    reply(&fake, cam.slash(CHANNEL_2, "import", &[])).await;
    shows(
        &fake,
        CHANNEL_2,
        "cam, send me the exported game's file privately",
    )
    .await;

    // A file too big is not fetched: cam is told, and the channel still waits.
    let before = fake.dm_texts_shown(&cam).len();
    cam.sends_privately(
        "",
        &[Upload::new("game-1.json", b"{}".to_vec()).claiming(2 * MAX_FILE_BYTES as u64)],
    );
    let told = dm_after(&fake, &cam, before).await;
    assert!(told[0].contains("over 1 MiB"), "{told:?}");
    assert!(fake.downloads().is_empty(), "nothing fetched");

    // The file, by DM; its first download meets a 500 and is tried again.
    fake.inject_on(On::Download, &[Fault::ServerError]);
    let before = fake.dm_texts_shown(&cam).len();
    let shown_2 = fake.shown(CHANNEL_2).len();
    cam.sends_privately("here it is", &[Upload::new(&name, bytes.clone())]);
    let told = dm_after(&fake, &cam, before).await;
    assert!(
        told[0].contains("Game #1 is imported and goes on in the group"),
        "{told:?}"
    );
    assert_eq!(fake.downloads().len(), 2, "one failure, one success");
    let announced = shows(
        &fake,
        CHANNEL_2,
        "was brought here from another installation",
    )
    .await;
    assert!(announced.contains("Game #1"), "{announced}");

    // Play goes on there, as it would have in the first channel: bob moves.
    let order = "shoot right then go down";
    let heard = reference.to(&channel_target(CHANNEL)).len();
    reference
        .input(&fake, bob, false, Content::Text(order.into()))
        .await;
    let expected = reference.to(&channel_target(CHANNEL))[heard..].to_vec();
    assert!(
        expected.iter().any(|t| t.contains("cid, your move")),
        "{expected:?}"
    );
    bob.says(CHANNEL_2, order);
    // After the announcement, as many texts as the reference's, whatever comes last.
    fake.wait("the move's texts", |f| {
        f.shown(CHANNEL_2).len() > shown_2 + expected.len()
    })
    .await;
    let after_import = fake.shown(CHANNEL_2)[shown_2 + 1..].to_vec();
    assert_eq!(after_import, expected, "the move in the new channel");
    assert!(
        with_button(&fake, CHANNEL_2, |id| id.contains(" !")).is_some(),
        "the turn buttons in the new channel"
    );
    barrier_in(&fake, CHANNEL_2, &cam).await;

    // Nothing of the plan or of the file reached either channel: no line of them (nor of the plan
    // as the file holds it) in any text, edit, embed or button, no start cell as a word, and no
    // file at all (the maze is not revealed yet).
    let json = String::from_utf8(bytes).unwrap();
    let held = doc["game"]["state"]["play"]["plan"]
        .as_str()
        .unwrap_or_default();
    assert!(held.contains("+---+~~~+"), "the file holds the plan");
    let secrets: Vec<&str> = PLAN
        .lines()
        .chain(held.lines())
        .chain(json.lines())
        .map(str::trim)
        .filter(|l| l.len() >= 8)
        .collect();
    for channel in [CHANNEL, CHANNEL_2] {
        let seen = public(&fake, channel);
        for line in &secrets {
            assert!(
                seen.iter().all(|t| !t.contains(line)),
                "{line:?} was shown in {channel}: {seen:?}"
            );
        }
        let words: Vec<&str> = seen
            .iter()
            .flat_map(|t| t.split(|c: char| !c.is_alphanumeric()))
            .collect();
        for cell in ["D4", "A4", "E1"] {
            assert!(!words.contains(&cell), "{cell} was shown in {channel}");
        }
        assert!(fake.files_in(channel).is_empty(), "a file in {channel}");
    }
    assert!(fake.late_acknowledgements().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_dms_file_within_the_limit_is_read_and_nothing_else_changes_anything() {
    let fake = Fake::start().await;
    let db = temp_db("files");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let cam = fake.user("cam");
    fake.let_manage(&cam, CHANNEL);
    reply(&fake, cam.slash(CHANNEL, "import", &[])).await;
    shows(
        &fake,
        CHANNEL,
        "cam, send me the exported game's file privately",
    )
    .await;
    let channel = fake.shown(CHANNEL).len();
    let json = Upload::new("game-1.json", br#"{"format": "gm-game"}"#.to_vec());

    // A file posted in the channel is not fetched, nor read.
    cam.sends(CHANNEL, "", std::slice::from_ref(&json));
    let heard = barrier(&fake, &cam).await;
    assert_eq!(heard.len(), 1, "only the status: {heard:?}");
    assert!(fake.downloads().is_empty(), "a channel's file was fetched");

    // Too big, as the attachment says: not fetched. Too big, though it claimed less: dropped at
    // the limit. Either way cam is told, in his DM, and nothing changes.
    let send = |files: &[Upload]| {
        let before = fake.dm_texts_shown(&cam).len();
        cam.sends_privately("", files);
        before
    };
    let before = send(&[json.clone().claiming(MAX_FILE_BYTES as u64 + 1)]);
    let told = dm_after(&fake, &cam, before).await;
    assert_eq!(told.len(), 1);
    assert!(
        told[0].contains("over 1 MiB") && told[0].contains("nothing changed"),
        "{told:?}"
    );
    assert!(fake.downloads().is_empty());
    let liar = Upload::new("game-1.json", vec![b' '; MAX_FILE_BYTES + 1]).claiming(100);
    let before = send(&[liar]);
    let told = dm_after(&fake, &cam, before).await;
    assert!(told[0].contains("over 1 MiB"), "{told:?}");
    assert_eq!(fake.downloads().len(), 1);

    // A picture is no file to import: its text is read as any DM's, and it is not fetched.
    let before = send(&[Upload::new("maze.png", vec![0x89, b'P', b'N', b'G']).typed("image/png")]);
    cam.says_privately("/start hello");
    let told = dm_after(&fake, &cam, before).await;
    assert!(
        told.iter().all(|t| !t.contains("1 MiB")),
        "the picture was taken for a file: {told:?}"
    );
    assert_eq!(fake.downloads().len(), 1, "the picture was fetched");

    // A file that cannot be fetched, even on the third try: cam is asked to send it again.
    fake.inject_on(On::Download, &[Fault::ServerError; 3]);
    let before = send(std::slice::from_ref(&json));
    let told = dm_after(&fake, &cam, before).await;
    assert!(told[0].contains("could not fetch that file"), "{told:?}");
    assert_eq!(fake.downloads().len(), 4);

    // Bytes that are not UTF-8 reach the session garbled, which refuses them.
    let before = send(&[Upload::new("game-1.json", b"{\"format\": \xff}".to_vec())]);
    let told = dm_after(&fake, &cam, before).await;
    assert!(told[0].contains("garbled"), "{told:?}");

    // The ticket survived all that: a readable file is now taken, and refused by the session as
    // no export.
    let before = send(std::slice::from_ref(&json));
    let told = dm_after(&fake, &cam, before).await;
    assert!(told[0].contains("cannot be imported"), "{told:?}");

    // The channel heard nothing of any of it.
    let heard = barrier(&fake, &cam).await;
    assert_eq!(fake.shown(CHANNEL).len(), channel + 2, "{heard:?}");
    assert!(fake.files_in(CHANNEL).is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_is_answered_in_the_language_of_the_senders_import() {
    let fake = Fake::start().await;
    // The bot speaks English; ivan's client, Russian.
    let db = temp_db("files-ru");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let ivan = fake.user("ivan");
    fake.set_locale(&ivan, "ru");
    fake.let_manage(&ivan, CHANNEL);
    reply(&fake, ivan.slash(CHANNEL, "import", &[])).await;
    shows(&fake, CHANNEL, "ivan").await;

    // The adapter's own answer: too big.
    let before = fake.dm_texts_shown(&ivan).len();
    let big = Upload::new("game-1.json", b"{}".to_vec()).claiming(MAX_FILE_BYTES as u64 + 1);
    ivan.sends_privately("", &[big]);
    let told = dm_after(&fake, &ivan, before).await;
    assert!(told[0].contains("больше 1 MiB"), "{told:?}");

    // The session's: no export.
    let before = fake.dm_texts_shown(&ivan).len();
    ivan.sends_privately("", &[Upload::new("game-1.json", b"{}".to_vec())]);
    let told = dm_after(&fake, &ivan, before).await;
    assert!(told[0].contains("Этот файл нельзя загрузить"), "{told:?}");
    bot.stop().await;
}

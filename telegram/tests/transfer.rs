//! Games moving between installations through the chat, against the fake Bot API: `/export` sends
//! the game as a document privately, a document sent privately after `/import` brings it into
//! another bot's group, and the files the bot must not read (a group's, one over the session's
//! limit) are not fetched.

mod fake;
mod kit;

use std::collections::HashMap;

use bot_core::i18n::Lang;
use bot_core::session::MAX_FILE_BYTES;
use fake::{Fake, Fault, GROUP, Stated};
use kit::{golden, open_chats, phrase, play_lines, start, start_links, temp_db};

/// The second bot's group.
const GROUP_B: i64 = -1_009_876_543_210;

/// The line after which the game moves: the players chose their cells and ann moved once.
const MOVED_AFTER: usize = 9;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_goes_from_one_bot_to_another_by_export_and_import_in_the_chat() {
    let g = golden("classic_en", Lang::En).await;
    let a = Fake::start().await;
    let db_a = temp_db("export");
    open_chats(&a, &g);
    let bot_a = start(&a, &db_a, Lang::En).await;
    play_lines(&a, &g, 0, MOVED_AFTER).await;
    let state = kit::peek(&db_a, Lang::En).await;
    assert_eq!(state["status"], "playing");

    // A chat admin who plays may not export: the file shows the whole maze.
    a.make_admin("ann");
    let (ann, gm) = (a.user("ann"), a.user("gm"));
    let before = a.timeline(GROUP).len();
    ann.says_in_group("/export");
    assert!(
        a.wait(|f| f.timeline(GROUP).len() > before).await,
        "ann is answered"
    );
    assert_eq!(
        a.timeline(GROUP)[before..],
        [phrase(Lang::En, "session-export-player")]
    );
    // The plan=own master does not play: his export comes to him privately, as a document.
    let before = a.timeline(GROUP).len();
    gm.says_in_group("/export");
    assert!(
        a.wait(|f| !f.documents(gm.id()).is_empty()).await,
        "the master gets the file: {:?}",
        a.timeline(gm.id())
    );
    assert!(a.wait(|f| f.timeline(GROUP).len() > before).await);
    assert_eq!(
        a.timeline(GROUP)[before..],
        ["gm, I sent you the game privately.".to_string()],
        "the group is only told"
    );
    let docs = a.documents(gm.id());
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0].name, "game-1.json");
    let sent = a.shown(gm.id()).last().cloned().unwrap();
    assert!(
        sent.document.is_some() && sent.text.starts_with("Game #1 as a file."),
        "the note is the document's caption: {:?}",
        sent.text
    );
    let json = String::from_utf8(docs[0].bytes.clone()).expect("UTF-8");
    let doc: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(doc["format"], "gm-game");
    assert_eq!(doc["game"]["chat"], GROUP.to_string());
    for u in [ann.id(), a.user("bob").id()] {
        assert_eq!(a.documents(u), vec![], "no player gets the file");
    }
    assert_eq!(
        kit::peek(&db_a, Lang::En).await,
        state,
        "an export changes nothing"
    );
    // No secret of the script, nor a line of the file, reached the group.
    let mut secrets = g.secrets();
    secrets.extend(
        json.lines()
            .map(str::trim)
            .filter(|l| l.len() >= 10)
            .map(str::to_string),
    );
    kit::assert_secrets_kept_in(&a, GROUP, &secrets);
    bot_a.stop().await.expect("a clean stop");

    // Another bot, on another database, in another group of the same Telegram users.
    let b = Fake::start().await;
    b.add_supergroup(GROUP_B);
    let db_b = temp_db("import");
    for u in g.users() {
        b.same_user(&a.user(&u));
    }
    for u in ["ann", "bob"] {
        b.user(u).has_opened_chat();
    }
    let bot_b = start(&b, &db_b, Lang::En).await;
    b.make_admin("gm");
    let gm = b.user("gm");
    gm.says_in(GROUP_B, "/import");
    assert!(
        b.wait(|f| !start_links(f, GROUP_B).is_empty()).await,
        "the admin is asked for the file, with a button to the private chat: {:?}",
        b.timeline(GROUP_B)
    );
    assert!(b.timeline(GROUP_B)[0].contains("send me the exported game's file privately"));
    let before = b.timeline(GROUP_B).len();
    gm.sends_document_privately(&docs[0].name, &docs[0].bytes);
    assert!(
        b.wait(|f| f.timeline(GROUP_B).len() > before).await,
        "the group hears of the game"
    );
    let announced = b.timeline(GROUP_B)[before].clone();
    assert!(
        announced.contains("was brought here from another installation"),
        "{announced}"
    );
    assert!(
        b.wait(|f| f
            .timeline(gm.id())
            .iter()
            .any(|t| t.contains("is imported")))
            .await,
        "{:?}",
        b.timeline(gm.id())
    );
    assert_eq!(b.calls("getFile").len(), 1);
    assert_eq!(b.downloads().len(), 1);
    assert_eq!(
        kit::peek_chat(&db_b, Lang::En, GROUP_B).await,
        state,
        "the same game, in the new group"
    );

    // Play goes on: bob's move is answered in every chat as `gm script` answers it.
    let want = g.expected_in(&b, GROUP_B, MOVED_AFTER..MOVED_AFTER + 1);
    let chats: Vec<i64> = b.chats();
    let seen: HashMap<i64, usize> = chats.iter().map(|c| (*c, b.timeline(*c).len())).collect();
    let kit::Line::Say { user, text, .. } = &g.lines[MOVED_AFTER] else {
        panic!("a line to say");
    };
    assert_eq!(user, "bob");
    b.user(user).says_in(GROUP_B, text);
    let caught_up = |f: &Fake| {
        f.chats().iter().all(|c| {
            let new = &f.timeline(*c)[seen.get(c).copied().unwrap_or(0)..];
            new == want.get(c).map_or(&[][..], Vec::as_slice)
        })
    };
    assert!(
        b.wait(caught_up).await,
        "after bob's move, want {want:?}, group shows {:?}",
        b.timeline(GROUP_B)
    );
    kit::assert_secrets_kept_in(&b, GROUP_B, &secrets);
    bot_b.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_the_bot_must_not_read_is_not_fetched_and_changes_nothing() {
    let fake = Fake::start().await;
    let db = temp_db("files");
    let bot = start(&fake, &db, Lang::En).await;
    fake.make_admin("zed");
    let zed = fake.user("zed");
    zed.says_in_group("/import");
    assert!(fake.wait(|f| !start_links(f, GROUP).is_empty()).await);
    let group = fake.timeline(GROUP);
    let replies = |n: usize| move |f: &Fake| f.timeline(zed_id(f)).len() >= n;
    fn zed_id(f: &Fake) -> i64 {
        f.user("zed").id()
    }

    // A document in a group is never fetched, nor answered. (Updates are handled in order: once
    // the private file after it is answered, it was handled.)
    zed.sends_document(GROUP, "game-1.json", b"{}", Stated::True);
    // Over the limit as the message states: not even asked for.
    let over = vec![b' '; MAX_FILE_BYTES + 1];
    zed.sends_document_privately("game-1.json", &over);
    assert!(fake.wait(replies(1)).await);
    assert_eq!(
        fake.timeline(zed.id()),
        [phrase(Lang::En, "session-too-long")]
    );
    assert_eq!(fake.calls("getFile").len(), 0);
    // Over the limit, unstated: the download stops at the limit.
    let over = vec![b' '; MAX_FILE_BYTES + 100_000];
    zed.has_opened_chat();
    zed.sends_document(zed.id(), "game-1.json", &over, Stated::Nothing);
    assert!(fake.wait(replies(2)).await);
    assert_eq!(
        fake.timeline(zed.id())[1],
        phrase(Lang::En, "session-too-long")
    );
    assert_eq!(fake.calls("getFile").len(), 1);
    assert_eq!(fake.downloads().len(), 1);
    // Not UTF-8: garbled, sent again.
    zed.sends_document_privately("game-1.json", b"{\"format\": \"gm-g\xffame\"}");
    assert!(fake.wait(replies(3)).await);
    assert_eq!(
        fake.timeline(zed.id())[2],
        phrase(Lang::En, "session-garbled")
    );
    // The ticket is still there: a file within the limit is read (Telegram failing once on the
    // way), and refused for what it is.
    fake.fail_next("getFile", None, Fault::ServerError);
    zed.sends_document_privately("game-1.json", b"{}");
    assert!(fake.wait(replies(4)).await);
    let refused = fake.timeline(zed.id())[3].clone();
    assert!(
        refused.contains("cannot be imported") && refused.contains("Nothing changed"),
        "{refused}"
    );
    assert!(fake.faults_used());
    assert_eq!(fake.calls("getFile").len(), 4, "one failed, then three");
    assert_eq!(fake.timeline(GROUP), group, "the group was told nothing");
    assert_eq!(kit::peek(&db, Lang::En).await, serde_json::Value::Null);
    assert!(kit::settled(&db, Lang::En).await);
    assert_eq!(fake.timeline(zed.id()).len(), 4, "each answered once");
    bot.stop().await.expect("a clean stop");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_whose_note_is_too_long_for_a_caption_follows_it_and_no_part_goes_twice() {
    use bot_core::relay::{Courier, Progress, Refusal};
    use bot_core::session::Session;
    use bot_core::store::{Platform, Store, Target};
    use kit::first_pending;
    let fake = Fake::start().await;
    let db = temp_db("file-parts");
    let ann = fake.user("ann");
    ann.has_opened_chat();
    let store = Store::open(&db).await.unwrap();
    let session = Session::open(store, registry::GAMES, 1, Lang::En)
        .await
        .unwrap();
    let courier = kit::courier(&fake, &session);
    let json = format!(
        "{{\"format\": \"gm-game\", \"pad\": \"{}\"}}",
        "é".repeat(3000)
    );
    let queue = |text: String| {
        let session = session.clone();
        let to = Target::user(Platform::Telegram, ann.id().to_string());
        let payload = serde_json::json!({"text": text,
            "file": {"name": "game-7.json", "text": json}});
        async move {
            kit::queue(&session, to, &payload).await;
            first_pending(&session).await
        }
    };
    // A short note: the document's caption.
    let out = queue("Game #7 as a file.".to_string()).await;
    let done = courier
        .deliver(&out, &Progress::new(session.clone(), out.id))
        .await
        .expect("sent");
    session
        .mark_sent(out.id, done.message_id.as_deref(), 0)
        .await
        .unwrap();
    let shown = fake.shown(ann.id());
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].text, "Game #7 as a file.");
    let d = shown[0].document.clone().expect("a document");
    assert_eq!(
        (d.name.as_str(), d.bytes),
        ("game-7.json", json.clone().into_bytes())
    );

    // A note too long for a caption goes first; the document, refused once, follows it alone.
    let note = "a line of the note\n".repeat(60);
    assert!(note.len() > 1024);
    let out = queue(note.clone()).await;
    fake.fail_next("sendDocument", None, Fault::ServerError);
    let first = courier
        .deliver(&out, &Progress::new(session.clone(), out.id))
        .await;
    assert!(matches!(first, Err(Refusal::Transient(_))), "{first:?}");
    let out = first_pending(&session).await;
    assert_eq!(out.parts_sent, 1, "the note is out");
    courier
        .deliver(&out, &Progress::new(session.clone(), out.id))
        .await
        .expect("the rest goes out");
    let shown = fake.shown(ann.id());
    assert_eq!(shown.len(), 3, "no part twice");
    assert_eq!(shown[1].text, note);
    assert!(shown[1].document.is_none());
    assert_eq!(
        (
            shown[2].text.as_str(),
            shown[2].document.as_ref().map(|d| d.name.as_str())
        ),
        ("", Some("game-7.json"))
    );
    session.store().clone().close().await;
}

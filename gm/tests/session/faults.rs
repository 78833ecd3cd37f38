//! Faults stay where they happen (issue 29): a player's own setting typed in a group, a game whose
//! saved state does not read, an input whose handling always fails, a slow chat, and a long
//! backlog of timers.

use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};

use super::{Bench, HOUR, texts};
use bot_core::inlet::Inlet;
use bot_core::session::chat::{Outbound, Platform};
use bot_core::store::GameId;

/// A connection of the test's own to the bench's file, to damage what the store keeps.
async fn raw(b: &Bench) -> SqlitePool {
    SqlitePool::connect_with(SqliteConnectOptions::new().filename(b.db_path()))
        .await
        .expect("a raw connection")
}

async fn state_of(pool: &SqlitePool, game: i64) -> String {
    sqlx::query_scalar("SELECT state FROM games WHERE id = $1")
        .bind(game)
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn set_state(pool: &SqlitePool, game: i64, state: &str) {
    sqlx::query("UPDATE games SET state = $1 WHERE id = $2")
        .bind(state)
        .bind(game)
        .execute(pool)
        .await
        .unwrap();
}

/// The id of the running game of a chat.
async fn game_in(b: &Bench, chat: &str) -> GameId {
    (b.session.store())
        .running_game_in_chat(Platform::Script, chat)
        .await
        .unwrap()
        .expect("a running game")
        .id
}

/// A tiny game of ann and bob in `chat`, begun; the one whose turn it is first.
async fn tiny(b: &mut Bench, chat: &str, options: &str) -> (String, String) {
    let open = format!("/newgame tiny deadline=1h missed=100 {options}");
    b.say("ann", Some(chat), &open).await;
    b.say("bob", Some(chat), "/join").await;
    b.say("ann", Some(chat), "/begin").await;
    let first = b.peek(chat).await["turn"].as_str().unwrap().to_string();
    let second = if first == "ann" { "bob" } else { "ann" };
    (first, second.to_string())
}

/// How many of the messages say `needle`.
fn count(out: &[Outbound], needle: &str) -> usize {
    out.iter().filter(|o| o.text.contains(needle)).count()
}

/// `/vacation` and `/lang` typed in the group, in a lobby and mid-game, for every game: each is one
/// commit with the game the group's input was read against, never a second write of it from a
/// stale read (the bug that stopped every chat).
#[tokio::test]
async fn personal_commands_typed_in_a_group_work_in_every_game() {
    let mut b = Bench::new(super::GAMES, "personal-group").await;
    let games: [(&str, &[&str]); 4] = [
        ("/newgame hive", &["bob"]),
        ("/newgame saboteur", &["bob", "carl"]),
        ("/newgame labyrinth classic", &["bob"]),
        ("/newgame tiny", &["bob"]),
    ];
    for (i, (open, others)) in games.into_iter().enumerate() {
        let chat = format!("g{i}");
        b.say("ann", Some(&chat), open).await;
        for o in others {
            b.say(o, Some(&chat), "/join").await;
        }
        for stage in ["lobby", "mid-game"] {
            if stage == "mid-game" {
                b.say("ann", Some(&chat), "/begin").await;
                assert_ne!(b.peek(&chat).await["status"], "lobby", "{open} begins");
            }
            let out = b.say("ann", Some(&chat), "/vacation 3d").await;
            assert!(
                texts(&out).contains("away"),
                "{open}, {stage}: the vacation is noted: {}",
                texts(&out)
            );
            let out = b.say("bob", Some(&chat), "/lang ru").await;
            assert!(!out.is_empty(), "{open}, {stage}: /lang answers");
            let id = game_in(&b, &chat).await;
            let state = b.session.store().game(id).await.unwrap().unwrap().state;
            assert!(
                state.contains("away_until"),
                "{open}, {stage}: ann's vacation is written into the game"
            );
            assert!(state.contains("\"ru\""), "{open}, {stage}: bob's language");
        }
    }
    // Privately too, with four games of hers: one commit writes them all.
    let out = b.say("ann", None, "/vacation 2d").await;
    assert!(texts(&out).contains("away"), "{}", texts(&out));
}

/// A game whose saved state no longer reads is set aside the first time: its chat is told once,
/// its timers stop, its inputs no longer load it; another chat plays on. An admin's `/resume`
/// tries it again (it stays aside while it does not read, and goes on once it does), `/abort`
/// ends it unread.
#[tokio::test]
async fn a_game_that_does_not_read_is_set_aside_once_and_resumed_when_it_reads() {
    let mut b = Bench::new(super::GAMES, "held-game").await;
    let (first, _) = tiny(&mut b, "t", "").await;
    let (u_first, _) = tiny(&mut b, "u", "").await;
    let pool = raw(&b).await;
    let id = game_in(&b, "t").await;
    let good = state_of(&pool, id.0).await;
    set_state(&pool, id.0, "{\"stage\": \"playing\", \"play\": 7}").await;
    // As after a restart (a new version, a file damaged on disk): nothing of it in memory.
    b.restart().await;

    let out = b.say(&first, Some("t"), "take 1").await;
    assert_eq!(count(&out, "is set aside"), 1, "told once: {}", texts(&out));
    assert!(
        !texts(&out).contains("playing"),
        "nothing of the state is quoted"
    );
    assert_eq!(b.peek("t").await["held"], "state");
    let out = b.say(&first, Some("t"), "take 1").await;
    assert!(out.is_empty(), "plain words get no second notice: {out:?}");
    let out = b.say("ann", Some("t"), "/newgame tiny").await;
    assert_eq!(count(&out, "is set aside"), 1, "{}", texts(&out));
    assert!(b.session.store().timers(id).await.unwrap().is_empty());

    // The other chat plays on, its deadline firing; nothing fires on the held game.
    let out = b.say(&u_first, Some("u"), "take 1").await;
    assert!(texts(&out).contains("stones left"), "{}", texts(&out));
    let out = b.advance("2h").await;
    assert!(
        texts(&out).contains("did not move in time"),
        "u's deadline: {}",
        texts(&out)
    );

    // A player may not resume it; an admin may, and it stays aside while it does not read.
    let out = b.say("carl", Some("t"), "/resume").await;
    assert!(texts(&out).contains("Only a chat admin"), "{}", texts(&out));
    let out = b.admin_says("t", "/resume").await;
    assert!(
        texts(&out).contains("still does not read"),
        "{}",
        texts(&out)
    );
    set_state(&pool, id.0, &good).await;
    let out = b.admin_says("t", "/resume").await;
    assert!(texts(&out).contains("reads again"), "{}", texts(&out));
    assert_eq!(b.peek("t").await["status"], "playing");
    assert!(
        !b.session.store().timers(id).await.unwrap().is_empty(),
        "its deadline runs again"
    );

    // Damaged again, and ended unread by an admin: the chat is free.
    set_state(&pool, id.0, "not json at all").await;
    b.restart().await;
    b.say(&first, Some("t"), "take 1").await;
    let out = b.admin_says("t", "/abort").await;
    assert!(texts(&out).contains("/abort"), "asked to confirm");
    let out = b.admin_says("t", "/abort yes").await;
    assert!(texts(&out).contains("is ended"), "{}", texts(&out));
    let out = b.say("ann", Some("t"), "/newgame tiny").await;
    assert!(texts(&out).contains("opens a game"), "{}", texts(&out));
}

/// A timer whose game does not read sets that game aside; the other games' timers fire, in the
/// same advance.
#[tokio::test]
async fn a_timer_of_a_game_that_does_not_read_holds_back_no_other() {
    let mut b = Bench::new(super::GAMES, "held-timer").await;
    tiny(&mut b, "t", "").await;
    tiny(&mut b, "u", "").await;
    let pool = raw(&b).await;
    let t = game_in(&b, "t").await;
    set_state(&pool, t.0, "{\"seats\": 3}").await;
    b.restart().await;
    let out = b.advance("1h").await;
    assert_eq!(count(&out, "is set aside"), 1, "{}", texts(&out));
    assert_eq!(
        count(&out, "did not move in time"),
        1,
        "u's deadline fired: {}",
        texts(&out)
    );
    assert_eq!(b.peek("t").await["held"], "state");
    let out = b.advance("1h").await;
    assert_eq!(count(&out, "is set aside"), 0, "told once");
    assert_eq!(
        count(&out, "did not move in time"),
        1,
        "u goes on: {}",
        texts(&out)
    );
}

/// An input whose handling always fails (the game's code panics on it) is tried a few times, then
/// set aside: kept, its chat told once, its redelivery nothing; the chat goes on with its next
/// input. `/resume` tries the kept inputs again, and they stay aside while they fail.
#[tokio::test]
async fn an_input_that_keeps_failing_is_set_aside_and_the_chat_goes_on() {
    let mut b = Bench::new(super::GAMES, "held-input").await;
    let (first, second) = tiny(&mut b, "t", "").await;
    let inlet = Inlet::new(b.session.clone());
    let boom = b.msg(&first, Some("t"), "boom");
    inlet
        .handle(boom.clone(), b.now)
        .await
        .expect("set aside, not failed");
    let told = b.session.unsent_outbox(Platform::Script).await.unwrap();
    assert_eq!(count(&told, "could not be handled"), 1, "{}", texts(&told));
    assert!(texts(&told).contains("/resume"), "{}", texts(&told));
    let held = (b.session.store()).held_inputs(Platform::Script, "t").await;
    let held = held.unwrap();
    assert_eq!(held.len(), 1);
    assert!(held[0].why.starts_with("panic"), "{:?}", held[0]);
    // Redelivered: already known.
    inlet.handle(boom, b.now).await.unwrap();
    assert_eq!(
        (b.session.store())
            .held_inputs(Platform::Script, "t")
            .await
            .unwrap()
            .len(),
        1
    );
    // The chat goes on.
    let take = b.msg(&first, Some("t"), "take 1");
    let out = inlet.handle(take, b.now).await.unwrap();
    assert!(texts(&out).contains("stones left"), "{}", texts(&out));
    // A second failing input is kept too, without a second notice.
    let boom = b.msg(&second, Some("t"), "boom");
    inlet.handle(boom, b.now).await.unwrap();
    let told = b.session.unsent_outbox(Platform::Script).await.unwrap();
    assert_eq!(count(&told, "could not be handled"), 1, "{}", texts(&told));
    // Resumed by an admin: tried again in order, failing again, kept.
    let mut resume = b.msg("admin", Some("t"), "/resume");
    resume.is_admin = true;
    inlet.handle(resume, b.now).await.unwrap();
    let told = b.session.unsent_outbox(Platform::Script).await.unwrap();
    assert!(
        texts(&told).contains("still cannot be handled"),
        "{}",
        texts(&told)
    );
    assert_eq!(
        (b.session.store())
            .held_inputs(Platform::Script, "t")
            .await
            .unwrap()
            .len(),
        2
    );
}

/// A chat whose input is slow holds back no other chat: while one input waits (here, on the
/// test's gate), a whole game is played in another chat through the same inlet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_chat_holds_back_no_other() {
    let mut b = Bench::new(super::GAMES, "slow-chat").await;
    let (first, _) = tiny(&mut b, "t", "").await;
    tiny(&mut b, "u", "stones=4").await;
    let inlet = Inlet::new(b.session.clone());
    // The gate is held by a thread of its own until the other chat's game is over.
    let (locked, is_locked) = std::sync::mpsc::channel();
    let (release, released) = std::sync::mpsc::channel::<()>();
    let holder = std::thread::spawn(move || {
        let _gate = super::tiny::GATE.lock().unwrap();
        locked.send(()).unwrap();
        let _ = released.recv();
    });
    is_locked.recv().unwrap();
    let slow = inlet.submit(b.msg(&first, Some("t"), "hang"), b.now);
    let behind = inlet.submit(b.msg(&first, Some("t"), "take 1"), b.now);
    let whole_game = async {
        for _ in 0..4 {
            let turn = b.peek("u").await["turn"].as_str().map(str::to_string);
            let Some(turn) = turn else { break };
            let m = b.msg(&turn, Some("u"), "take 1");
            inlet.respond(m, b.now).await.unwrap();
        }
    };
    tokio::time::timeout(Duration::from_secs(30), whole_game)
        .await
        .expect("the other chat's game is played while one chat waits");
    assert_eq!(b.peek("u").await["status"], "finished");
    assert_eq!(b.peek("t").await["status"], "playing");
    release.send(()).unwrap();
    holder.join().unwrap();
    slow.await.unwrap();
    let out = behind.await.unwrap();
    assert!(
        texts(&out.outbound).contains("stones left"),
        "the slow chat's next input came after it, in order"
    );
}

/// A backlog of due timers in more games than a batch reads at once, over a long advance: each
/// game's deadlines fire one after another at their own times (each firing sets the next, due
/// already), and firing them one at a time gives the same as all at once, where the timers of
/// distinct games fire together, a transaction a slice.
#[tokio::test]
async fn a_backlog_of_timers_fires_in_order_however_it_is_sliced() {
    let games = 300;
    let mut whole = Bench::new(super::GAMES, "timers-whole").await;
    let mut sliced = Bench::new(super::GAMES, "timers-sliced").await;
    for b in [&mut whole, &mut sliced] {
        for i in 0..games {
            tiny(b, &format!("c{i}"), "").await;
        }
        b.now += 5 * HOUR;
    }
    let all = whole.session.advance(whole.now).await.unwrap();
    let mut parts = vec![];
    let mut slices = 0;
    loop {
        // A budget of one timer a call: each fires alone, the order the others must keep.
        let (out, more) = sliced.session.advance_by(sliced.now, 1).await.unwrap();
        parts.extend(out);
        slices += 1;
        if !more {
            break;
        }
    }
    // 300 games, each missing five deadlines of an hour.
    assert_eq!(
        count(&all, "did not move in time"),
        games * 5,
        "every deadline once"
    );
    assert!(slices > 1, "the backlog came in slices");
    let said = |out: &[Outbound]| -> Vec<(String, String)> {
        out.iter()
            .map(|o| (format!("{:?}", o.to), o.text.clone()))
            .collect()
    };
    assert_eq!(
        said(&parts),
        said(&all),
        "the same messages in the same order"
    );
    // Each game's turn passed five times: the same in both.
    for i in [0, 150, 299] {
        let chat = format!("c{i}");
        assert_eq!(whole.peek(&chat).await, sliced.peek(&chat).await);
    }
}

/// Timers of several games fall due together, one of the games damaged in the middle of them:
/// it alone is set aside, and the others' firings come as they do one at a time.
#[tokio::test]
async fn a_damaged_game_among_timers_firing_together_holds_back_no_other() {
    let mut together = Bench::new(super::GAMES, "timers-together").await;
    let mut alone = Bench::new(super::GAMES, "timers-alone").await;
    for b in [&mut together, &mut alone] {
        for chat in ["a", "b", "c", "d", "e"] {
            tiny(b, chat, "").await;
        }
        let pool = raw(b).await;
        let c = game_in(b, "c").await;
        set_state(&pool, c.0, "{\"seats\": 3}").await;
        b.restart().await;
        b.now += 2 * HOUR;
    }
    let all = together.session.advance(together.now).await.unwrap();
    let mut one_by_one = vec![];
    loop {
        let (out, more) = alone.session.advance_by(alone.now, 1).await.unwrap();
        one_by_one.extend(out);
        if !more {
            break;
        }
    }
    assert_eq!(count(&all, "is set aside"), 1, "{}", texts(&all));
    // Four games, each missing two deadlines of an hour.
    assert_eq!(count(&all, "did not move in time"), 8, "{}", texts(&all));
    let said = |out: &[Outbound]| -> Vec<(String, String)> {
        out.iter()
            .map(|o| (format!("{:?}", o.to), o.text.clone()))
            .collect()
    };
    assert_eq!(said(&all), said(&one_by_one));
    assert_eq!(together.peek("c").await["held"], "state");
    for chat in ["a", "b", "d", "e"] {
        assert_eq!(together.peek(chat).await, alone.peek(chat).await);
    }
}

/// Exports of a Hive, a Saboteur, a Labyrinth and a tiny game in play, for the import tests.
async fn exports(b: &mut Bench) -> Vec<String> {
    let games: [(&str, &[&str]); 4] = [
        ("/newgame hive", &["bob"]),
        ("/newgame saboteur", &["bob", "carl"]),
        ("/newgame labyrinth classic", &["bob"]),
        ("/newgame tiny", &["bob"]),
    ];
    let mut docs = vec![];
    for (i, (open, others)) in games.into_iter().enumerate() {
        let chat = format!("x{i}");
        b.say("ann", Some(&chat), open).await;
        for o in others {
            b.say(o, Some(&chat), "/join").await;
        }
        b.say("ann", Some(&chat), "/begin").await;
        let id = game_in(b, &chat).await;
        docs.push(b.session.store().export_game(id).await.unwrap());
    }
    docs
}

/// Every leaf of a JSON value, by path.
fn leaves(v: &serde_json::Value, path: Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, v) in m {
                let mut p = path.clone();
                p.push(k.clone());
                leaves(v, p, out);
            }
        }
        serde_json::Value::Array(a) => {
            for (i, v) in a.iter().enumerate() {
                let mut p = path.clone();
                p.push(i.to_string());
                leaves(v, p, out);
            }
        }
        _ => out.push(path),
    }
}

fn leaf_mut<'a>(v: &'a mut serde_json::Value, path: &[String]) -> &'a mut serde_json::Value {
    path.iter().fold(v, |v, k| match v {
        serde_json::Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        _ => &mut v[k.as_str()],
    })
}

/// A leaf changed to another value of the kinds a damaged file holds.
fn changed(leaf: &serde_json::Value, pick: u64) -> serde_json::Value {
    use serde_json::json;
    match (leaf, pick % 4) {
        (serde_json::Value::Number(n), 0) => json!(n.as_i64().unwrap_or(0) + 1),
        (serde_json::Value::Number(n), 1) => json!(n.as_i64().unwrap_or(0) - 1),
        (serde_json::Value::Number(n), 2) => json!(n.as_i64().unwrap_or(0) * 7 + 40),
        (serde_json::Value::String(s), 0) => json!(format!("{s}x")),
        (serde_json::Value::String(_), 1) => json!(""),
        (serde_json::Value::Bool(b), _) => json!(!b),
        (serde_json::Value::Null, _) => json!(3),
        (_, 3) => json!(null),
        _ => json!("x"),
    }
}

/// Damaged exports — truncated, with bytes flipped, with a leaf of the state changed, with another
/// game's state — are either refused with a reason before anything is stored, or, accepted, make a
/// game that loads and answers in its chat: never a stored game that cannot be read (the bug that
/// silenced the web chat).
#[tokio::test]
async fn a_damaged_import_is_refused_or_plays() {
    use rand::{Rng, SeedableRng};
    let mut b = Bench::new(super::GAMES, "damaged-imports").await;
    let docs = exports(&mut b).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    let mut damaged = vec![];
    for (i, doc) in docs.iter().enumerate() {
        for _ in 0..12 {
            let cut = rng.random_range(1..doc.len());
            damaged.push(doc[..doc.floor_char_boundary(cut)].to_string());
            let mut bytes = doc.clone().into_bytes();
            for _ in 0..3 {
                let at = rng.random_range(0..bytes.len());
                if bytes[at].is_ascii() {
                    bytes[at] ^= 1 << rng.random_range(0..6);
                }
            }
            damaged.extend(String::from_utf8(bytes).ok());
        }
        let value: serde_json::Value = serde_json::from_str(doc).unwrap();
        let mut paths = vec![];
        leaves(&value["game"]["state"], vec![], &mut paths);
        for _ in 0..40 {
            let path = &paths[rng.random_range(0..paths.len())];
            let mut v = value.clone();
            let leaf = leaf_mut(&mut v["game"]["state"], path);
            *leaf = changed(leaf, rng.random());
            damaged.push(v.to_string());
        }
        let mut other = value.clone();
        let foreign: serde_json::Value = serde_json::from_str(&docs[(i + 1) % docs.len()]).unwrap();
        other["game"]["state"] = foreign["game"]["state"].clone();
        damaged.push(other.to_string());
    }
    let (mut refused, mut played) = (0, 0);
    for (i, doc) in damaged.iter().enumerate() {
        if let Err(why) = bot_core::session::check_game_export(super::GAMES, doc) {
            assert!(!why.is_empty());
            refused += 1;
            continue;
        }
        let chat = format!("imported{i}");
        let Ok(id) = (b.session.store())
            .import_game_into(doc, Some((Platform::Script, chat.clone())))
            .await
        else {
            refused += 1;
            continue;
        };
        played += 1;
        let peeked = b
            .session
            .peek(Platform::Script, &chat)
            .await
            .unwrap()
            .unwrap();
        assert!(peeked.get("held").is_none(), "accepted #{i} does not load");
        let out = b.admin_says(&chat, "/status").await;
        assert_eq!(
            count(&out, "is set aside"),
            0,
            "accepted #{i}: {}",
            texts(&out)
        );
        let held = b.session.store().game(id).await.unwrap().unwrap().held;
        assert_eq!(held, None, "accepted #{i} was set aside");
    }
    assert!(
        refused > damaged.len() / 2,
        "{refused} refused of {}",
        damaged.len()
    );
    assert!(
        played > 0,
        "undamaged parts of a state (a name) still import"
    );
}

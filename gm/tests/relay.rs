//! The relay against a real SQLite file, with a courier that plays the platform: it records what
//! it was given and refuses what a test tells it to.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use std::time::Duration;

use std::sync::Arc;

use bot_core::i18n::Lang;
use bot_core::relay::*;
use bot_core::session::Session;
use bot_core::session::chat::{ChatId, Content, Inbound, Target, ThreadOpen, UserId};
use bot_core::session::chat::{Outbound, Platform};
use bot_core::store::Store;
use bot_core::testkit::TempDb;

/// The platform's side: every message accepted, in the order accepted, and the refusals still to
/// give, per target.
#[derive(Default)]
struct Chats {
    accepted: Mutex<Vec<(Target, String, Option<String>)>>,
    refusals: Mutex<HashMap<Target, VecDeque<Refusal>>>,
    /// Private messages to these users are refused as blocked.
    closed: Mutex<Vec<String>>,
    /// Messages go out line by line, a part each, as a platform shows a long text in parts.
    in_parts: std::sync::atomic::AtomicBool,
    /// The part (by its place in its message) to a target that fails once, after the parts
    /// before it went out.
    fail_part: Mutex<Option<(Target, usize)>>,
    /// Threads asked for are opened (as chats `PARENT~N`); else refused as for a group that has
    /// no topics.
    opens_threads: std::sync::atomic::AtomicBool,
}

struct Postman(Arc<Chats>);

impl Courier for Postman {
    fn platform(&self) -> Platform {
        Platform::Telegram
    }

    async fn deliver(&self, out: &Outbound, progress: &Progress) -> Result<Delivered, Refusal> {
        let p = &self.0;
        if let Some(thread) = &out.thread {
            return p.open_thread(thread);
        }
        // A name the session gave a thread that never opened is no chat of the platform's.
        if matches!(&out.to, Target::Chat(c) if c.0.contains('/')) {
            return Err(Refusal::Gone("no such chat".into()));
        }
        if p.in_parts.load(std::sync::atomic::Ordering::SeqCst) {
            return p.deliver_in_parts(out, progress).await;
        }
        if let Target::User(u) = &out.to
            && p.closed.lock().unwrap().contains(&u.0)
        {
            return Err(Refusal::Blocked);
        }
        if let Some(r) = p
            .refusals
            .lock()
            .unwrap()
            .get_mut(&out.to)
            .and_then(VecDeque::pop_front)
        {
            return Err(r);
        }
        let mut accepted = p.accepted.lock().unwrap();
        accepted.push((out.to.clone(), out.text.clone(), out.edit.clone()));
        Ok(Delivered {
            message_id: Some(format!("m{}", accepted.len())),
            chat: None,
        })
    }
}

impl Chats {
    /// From now on threads asked for are opened.
    fn open_threads(&self) {
        (self.opens_threads).store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Opens a thread, or refuses to as a group without topics does.
    fn open_thread(&self, thread: &ThreadOpen) -> Result<Delivered, Refusal> {
        if !self.opens_threads.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(Refusal::Gone("Bad Request: the chat is not a forum".into()));
        }
        let mut accepted = self.accepted.lock().unwrap();
        let chat = format!("{}~{}", thread.parent.0, accepted.len());
        let opened = format!("(thread {})", thread.name);
        accepted.push((Target::Chat(ChatId(chat.clone())), opened, None));
        Ok(Delivered {
            message_id: None,
            chat: Some(chat),
        })
    }

    /// Sends a message line by line, from the first line not yet out, recording each.
    async fn deliver_in_parts(
        &self,
        out: &Outbound,
        progress: &Progress,
    ) -> Result<Delivered, Refusal> {
        let mut last = None;
        for (i, line) in out.text.lines().enumerate().skip(out.parts_sent as usize) {
            let failing = self
                .fail_part
                .lock()
                .unwrap()
                .take_if(|(t, n)| *t == out.to && *n == i);
            if failing.is_some() {
                return Err(Refusal::Transient("connection reset".into()));
            }
            let id = {
                let mut accepted = self.accepted.lock().unwrap();
                accepted.push((out.to.clone(), line.to_string(), None));
                format!("m{}", accepted.len())
            };
            progress.parts_sent(i as u32 + 1, Some(&id)).await;
            last = Some(id);
        }
        Ok(Delivered {
            message_id: last,
            chat: None,
        })
    }
}

struct Fixture {
    session: Session,
    relay: Relay<Postman>,
    platform: Arc<Chats>,
    n: u64,
    /// Group messages come from a chat that lets the bot open threads.
    forum: bool,
    /// Last, so that it goes after the session that has it open.
    db: TempDb,
}

impl Fixture {
    async fn new(name: &str) -> Fixture {
        let db = TempDb::new(&format!("relay-{name}"));
        Fixture::open(db, Arc::new(Chats::default())).await
    }

    /// The bot started again on the same file, talking to the same platform.
    async fn restart(self) -> Fixture {
        let Fixture {
            session,
            relay,
            platform,
            n,
            forum,
            db,
        } = self;
        session.store().clone().close().await;
        drop((relay, session));
        let mut f = Fixture::open(db, platform).await;
        f.n = n;
        f.forum = forum;
        f
    }

    async fn open(db: TempDb, platform: Arc<Chats>) -> Fixture {
        let store = Store::open(&db).await.unwrap();
        let session = Session::open(store, registry::GAMES, 7, Lang::En)
            .await
            .unwrap();
        let relay = Relay::new(session.clone(), Postman(platform.clone()));
        Fixture {
            session,
            relay,
            platform,
            n: 0,
            forum: false,
            db,
        }
    }

    async fn say(&mut self, user: &str, chat: Option<&str>, text: &str) -> Vec<Outbound> {
        self.n += 1;
        let msg = Inbound {
            platform: Platform::Telegram,
            chat: ChatId(chat.unwrap_or(user).to_string()),
            private: chat.is_none(),
            user: UserId(user.to_string()),
            name: user.to_string(),
            content: Content::Text(text.to_string()),
            message_id: self.n.to_string(),
            lang: Some(Lang::En),
            is_admin: false,
            threads: self.forum && chat.is_some(),
            chat_title: None,
        };
        self.session.respond(msg, now_ms()).await.unwrap().outbound
    }

    /// A lobby of ann and bob in chat `g`, begun: both are asked for start cells privately.
    async fn begun(&mut self) {
        self.say("ann", Some("g"), "/newgame labyrinth classic size=4x4")
            .await;
        self.say("bob", Some("g"), "/join").await;
        self.say("ann", Some("g"), "/begin").await;
    }

    fn accepted(&self) -> Vec<(Target, String, Option<String>)> {
        self.platform.accepted.lock().unwrap().clone()
    }

    fn to(&self, target: &Target) -> Vec<String> {
        self.accepted()
            .into_iter()
            .filter(|(t, _, _)| t == target)
            .map(|(_, text, _)| text)
            .collect()
    }

    /// Runs rounds until `done` holds; a generous bound, never a measure of speed.
    async fn until(&self, done: impl Fn(&Fixture) -> bool) {
        for _ in 0..300 {
            self.relay.round().await.unwrap();
            if done(self) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the relay never got there: {:?}", self.accepted());
    }
}

fn group() -> Target {
    Target::Chat(ChatId("g".into()))
}

fn user(u: &str) -> Target {
    Target::User(UserId(u.into()))
}

#[tokio::test]
async fn every_message_goes_once_in_order_per_target() {
    let mut f = Fixture::new("order").await;
    f.begun().await;
    let sent = f.relay.round().await.unwrap();
    let accepted = f.accepted();
    assert_eq!(sent, accepted.len());
    let group = f.to(&group());
    assert!(group.len() >= 3, "{group:?}");
    assert!(group[0].contains("opens"), "{group:?}");
    assert_eq!(f.to(&user("ann")).len(), 1);
    // Nothing is left: a second round sends nothing again.
    assert_eq!(f.relay.round().await.unwrap(), 0);
    assert_eq!(f.accepted().len(), accepted.len());
}

#[tokio::test]
async fn a_slow_down_or_a_failure_delays_a_target_without_losing_or_reordering() {
    let mut f = Fixture::new("retry").await;
    f.platform.refusals.lock().unwrap().insert(
        group(),
        VecDeque::from([
            Refusal::RetryAfter(Duration::from_millis(50)),
            Refusal::Transient("502 Bad Gateway".into()),
        ]),
    );
    f.begun().await;
    f.relay.round().await.unwrap();
    // The private message went at once although the group waits.
    assert_eq!(f.to(&user("ann")).len(), 1);
    assert!(f.to(&group()).is_empty());
    f.until(|f| f.to(&group()).len() >= 3).await;
    let group_texts = f.to(&group());
    assert!(group_texts[0].contains("opens"), "{group_texts:?}");
    let mut unique = group_texts.clone();
    unique.dedup();
    assert_eq!(unique, group_texts, "a message was repeated");
}

#[tokio::test]
async fn a_gone_chat_gives_its_message_up_and_the_rest_flows() {
    let mut f = Fixture::new("gone").await;
    f.platform
        .refusals
        .lock()
        .unwrap()
        .insert(group(), VecDeque::from([Refusal::Gone("kicked".into())]));
    f.begun().await;
    f.until(|f| f.to(&group()).len() >= 2).await;
    assert!(
        !f.to(&group()).iter().any(|t| t.contains("opens")),
        "the first message was given up"
    );
}

/// A game's private message the platform refuses for itself is given up: its reader is told
/// once, in his language, why; a notice refused in turn is given up silently; what follows goes.
#[tokio::test]
async fn a_message_refused_for_itself_is_given_up_and_its_reader_told_once() {
    let mut f = Fixture::new("rejected").await;
    f.say("bob", None, "/lang ru").await;
    f.until(|f| !f.to(&user("bob")).is_empty()).await;
    let too_long = || Refusal::Rejected("Bad Request: message is too long".into());
    // bob's first private message of the game, then the notice about it.
    (f.platform.refusals.lock().unwrap()).insert(user("bob"), VecDeque::from([too_long()]));
    let before = f.to(&user("bob")).len();
    f.begun().await;
    f.until(|f| f.to(&user("bob")).len() > before).await;
    let bob = f.to(&user("bob"));
    let notice = &bob[before];
    assert!(notice.contains("не удалось доставить"), "{bob:?}");
    assert!(notice.contains("message is too long"), "{bob:?}");
    assert!(
        !bob.iter().any(|t| t.contains("which cell do you start on")),
        "the refused message is given up: {bob:?}"
    );
}

/// A notice of a refused message that is refused in turn is given up silently (no notice of a
/// notice), and the reader's next message goes.
#[tokio::test]
async fn a_refused_notice_is_given_up_silently_and_the_next_message_goes() {
    let mut f = Fixture::new("rejected-twice").await;
    let too_long = || Refusal::Rejected("Bad Request: message is too long".into());
    (f.platform.refusals.lock().unwrap())
        .insert(user("bob"), VecDeque::from([too_long(), too_long()]));
    f.begun().await;
    f.relay.round().await.unwrap();
    f.relay.round().await.unwrap();
    assert!(f.to(&user("bob")).is_empty(), "{:?}", f.to(&user("bob")));
    f.say("bob", None, "A4").await;
    f.until(|f| !f.to(&user("bob")).is_empty()).await;
    let bob = f.to(&user("bob"));
    assert!(
        !bob.iter().any(|t| t.contains("could not be delivered")),
        "{bob:?}"
    );
    assert!(bob[0].contains("A4"), "{bob:?}");
}

#[tokio::test]
async fn a_refused_private_message_waits_for_its_reader_and_the_group_is_told_once() {
    let mut f = Fixture::new("blocked").await;
    f.platform.closed.lock().unwrap().push("bob".into());
    f.begun().await;
    f.relay.round().await.unwrap();
    f.relay.round().await.unwrap();
    let notices: Vec<String> = f
        .to(&group())
        .into_iter()
        .filter(|t| t.contains("cannot write to you"))
        .collect();
    assert_eq!(notices.len(), 1, "{:?}", f.to(&group()));
    assert!(notices[0].starts_with("bob"), "{notices:?}");
    assert!(f.to(&user("bob")).is_empty());
    // bob opens the chat: what waited for him goes at once, and nothing twice.
    f.platform.closed.lock().unwrap().clear();
    f.say("bob", None, "/start hello").await;
    f.until(|f| f.to(&user("bob")).len() >= 2).await;
    let bob = f.to(&user("bob"));
    assert!(bob[0].contains("which cell do you start on"), "{bob:?}");
    assert!(bob[1].contains("Hello"), "{bob:?}");
    assert_eq!(bob.len(), 2, "{bob:?}");
}

#[tokio::test]
async fn a_message_in_parts_goes_on_after_the_parts_already_out_even_across_a_restart() {
    let mut f = Fixture::new("parts").await;
    f.platform
        .in_parts
        .store(true, std::sync::atomic::Ordering::SeqCst);
    f.say("ann", Some("g"), "/newgame labyrinth classic size=4x4")
        .await;
    f.relay.round().await.unwrap();
    let before = f.to(&group()).len();
    // The rules, many lines long: the connection drops at the third line, and the bot restarts
    // before trying again.
    *f.platform.fail_part.lock().unwrap() = Some((group(), 2));
    let rules = f.say("ann", Some("g"), "/rules").await.remove(0).text;
    let lines: Vec<&str> = rules.lines().collect();
    assert!(lines.len() > 3, "{rules}");
    f.relay.round().await.unwrap();
    assert_eq!(
        f.to(&group())[before..],
        lines[..2],
        "two lines went before the drop"
    );
    let f = f.restart().await;
    f.until(|f| f.to(&group()).len() >= before + lines.len())
        .await;
    // Once more after it got there: nothing further comes.
    f.relay.round().await.unwrap();
    assert_eq!(
        f.to(&group())[before..],
        lines[..],
        "each line once, in order"
    );
}

#[test]
fn pauses_grow_to_a_minute() {
    assert_eq!(backoff(0), Duration::from_secs(1));
    assert_eq!(backoff(3), Duration::from_secs(8));
    assert_eq!(backoff(40), MAX_BACKOFF);
}

#[test]
fn long_texts_split_at_line_breaks_and_lose_nothing() {
    let rows: Vec<String> = (0..30).map(|i| format!("+---+ row {i:02} |")).collect();
    let text = rows.join("\n");
    let pieces = split_text(&text, 100);
    assert!(pieces.len() > 1);
    for p in &pieces {
        assert!(p.chars().count() <= 100, "{p}");
        assert!(p.ends_with('|'), "a row was cut: {p}");
    }
    assert_eq!(pieces.join("\n"), text);
}

#[test]
fn a_text_without_breaks_is_cut_anywhere_and_counts_characters() {
    let text = "я".repeat(250);
    let pieces = split_text(&text, 100);
    assert_eq!(
        pieces.iter().map(|p| p.chars().count()).collect::<Vec<_>>(),
        [100, 100, 50]
    );
    assert_eq!(split_text("", 10), [""]);
}

#[test]
fn a_measure_counts_what_the_platform_counts() {
    // An emoji is one character but two UTF-16 code units, as Telegram counts.
    let text = "😀".repeat(60);
    let pieces = split_text_by(&text, 100, char::len_utf16);
    assert_eq!(
        pieces.iter().map(|p| p.chars().count()).collect::<Vec<_>>(),
        [50, 10]
    );
    assert_eq!(pieces.concat(), text);
    // Counting characters, the same text fits whole.
    assert_eq!(split_text(&text, 100), std::slice::from_ref(&text));
    // A character wider than the limit still makes a piece of its own, never a loop.
    assert_eq!(split_text_by("😀😀", 1, char::len_utf16), ["😀", "😀"]);
}

#[test]
fn a_measured_split_keeps_rows_whole() {
    let rows: Vec<String> = (0..30).map(|i| format!("| я {i:02} |")).collect();
    let text = rows.join("\n");
    let pieces = split_text_by(&text, 50, char::len_utf16);
    assert!(pieces.len() > 1);
    for p in &pieces {
        assert!(p.encode_utf16().count() <= 50, "{p}");
        assert!(p.ends_with('|'), "a row was cut: {p}");
    }
    assert_eq!(pieces.join("\n"), text);
}

/// A tournament of four, two Hive games at once, in a forum: each game gets a thread of its own.
async fn tournament_in_a_forum(f: &mut Fixture) {
    f.forum = true;
    f.say(
        "dir",
        Some("g"),
        "/tournament new hive format=round-robin deadline=1h",
    )
    .await;
    for p in ["ann", "bob", "cid", "dan"] {
        f.say(p, Some("g"), "/tournament join").await;
    }
    f.say("dir", Some("g"), "/tournament start").await;
}

/// The chats the platform opened as threads, with their titles.
fn threads(f: &Fixture) -> Vec<(String, String)> {
    f.accepted()
        .into_iter()
        .filter_map(|(to, text, _)| match to {
            Target::Chat(c) if text.starts_with("(thread ") => Some((c.0, text)),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn a_tournaments_games_play_in_the_threads_the_platform_opens() {
    let mut f = Fixture::new("threads").await;
    f.platform.open_threads();
    tournament_in_a_forum(&mut f).await;
    let begun = |f: &Fixture| {
        threads(f).len() == 2
            && threads(f).iter().all(|(chat, _)| {
                let said = f.to(&Target::Chat(ChatId(chat.clone())));
                said.iter().any(|t| t.contains("Hive begins"))
            })
    };
    f.until(begun).await;
    // Opened side by side: in either order.
    let mut opened = threads(&f);
    opened.sort_by(|a, b| a.1.cmp(&b.1));
    assert!(opened[0].1.starts_with("(thread R1 G1: "), "{opened:?}");
    assert!(opened[1].1.starts_with("(thread R1 G2: "), "{opened:?}");
    // Nothing went to a name before its thread was open, nor did a game show in the group.
    assert!(
        f.accepted()
            .iter()
            .all(|(to, _, _)| !matches!(to, Target::Chat(c) if c.0.contains('/')))
    );
    let said = f.to(&group());
    assert!(!said.iter().any(|t| t.contains("Hive begins")), "{said:?}");
    let told = said.iter().filter(|t| t.contains("— in «R1 G")).count();
    assert_eq!(told, 2, "{said:?}");
    let dm = f.to(&user("ann"));
    assert!(dm.iter().any(|t| t.contains("begins in «R1 G")), "{dm:?}");
    // The thread is the game's chat: a resignation there ends it, and the group hears of it.
    let (chat, _) = &opened[0];
    let peek = f
        .session
        .peek(Platform::Telegram, "g")
        .await
        .unwrap()
        .unwrap();
    let game = &peek["tournament"]["rounds"][0][0];
    let first = game["players"][0].as_str().unwrap().to_string();
    f.say(&first, Some(chat), "/resign").await;
    f.until(|f| {
        f.to(&group())
            .iter()
            .any(|t| t.contains("Round 1, game 1 is over"))
    })
    .await;
}

#[tokio::test]
async fn a_thread_refused_sends_the_tournaments_games_to_its_chat() {
    let mut f = Fixture::new("threads-refused").await;
    tournament_in_a_forum(&mut f).await;
    let here = |f: &Fixture| {
        f.to(&group())
            .iter()
            .filter(|t| t.contains("Hive begins"))
            .count()
    };
    f.until(|f| here(f) == 1).await;
    let group_said = f.to(&group());
    let notes = group_said
        .iter()
        .filter(|t| t.contains("could not open a thread"))
        .count();
    assert_eq!(notes, 1, "told once: {group_said:?}");
    assert!(threads(&f).is_empty());
    // One game at a time in the group: the other waits for it, unplayed and unscored.
    let peek = f
        .session
        .peek(Platform::Telegram, "g")
        .await
        .unwrap()
        .unwrap();
    let statuses: Vec<&str> = peek["tournament"]["rounds"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == "running").count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == "pending").count(),
        1,
        "{statuses:?}"
    );
    let running = peek["tournament"]["rounds"][0]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["status"] == "running")
        .unwrap();
    let first = running["players"][0].as_str().unwrap().to_string();
    f.say(&first, Some("g"), "/resign").await;
    f.until(|f| here(f) == 2).await;
    let group_said = f.to(&group());
    assert!(
        group_said
            .iter()
            .any(|t| t.contains("game 1 is over") || t.contains("game 2 is over"))
    );
}

#[tokio::test]
async fn a_tournament_imported_into_a_forum_opens_threads_there_for_its_games_under_way() {
    let mut f = Fixture::new("threads-export").await;
    f.platform.open_threads();
    tournament_in_a_forum(&mut f).await;
    f.until(|f| threads(f).len() == 2).await;
    let doc = bot_core::session::export_tournament(f.session.store(), 1)
        .await
        .unwrap();

    let there = Fixture::new("threads-import").await;
    there.platform.open_threads();
    let to = bot_core::session::Landing {
        chat: Some("h".into()),
        ..Default::default()
    };
    bot_core::session::import_tournament(registry::GAMES, there.session.store(), &doc, to)
        .await
        .unwrap();
    there.until(|f| threads(f).len() == 2).await;
    for (chat, title) in threads(&there) {
        assert!(chat.starts_with("h~"), "opened in the new group: {chat}");
        assert!(title.starts_with("(thread R1 G"), "{title}");
        let game = there.session.peek(Platform::Telegram, &chat).await.unwrap();
        assert_eq!(
            game.unwrap()["status"],
            "playing",
            "the game is in its thread"
        );
    }
}

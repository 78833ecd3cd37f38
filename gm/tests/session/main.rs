//! The session engine on a real SQLite file, hosting the real games and the tiny one: redelivery,
//! routing of private messages, deadlines, restarts.

mod faults;
mod tournament;

use bot_core::i18n::Lang;
use bot_core::session::chat::{ChatId, Content, Outbound, Platform, Target, UserId};
use bot_core::session::{Registry, Session, parse_duration};
use bot_core::store::GameId;
use bot_core::testkit::tiny;
pub(crate) use bot_core::testkit::{Bench, texts};

/// The session's tests host the real games and a tiny game of their own, to show the seam carries
/// a game the session was not written for.
pub(crate) static GAMES: Registry = Registry::new(&[
    &labyrinth::table::KIND,
    &saboteur::table::KIND,
    &hive::table::KIND,
    &tiny::KIND,
]);

/// Part А's maze (Kodex rule book lines ~175–222): the treasure at B2, an exit above A1.
const PLAN: &str = "labyrinth 5x4
+   +---+---+---+---+
| .   .   .   a1  . |
+---+---+---+   +---+
| U   .   .   .   . |
+   +   +---+   +---+
| ^   M   .   .   a2|
+---+   +   +   +   +
| .   .   .   .   A |
+---+---+---+---+~~~+
items:
  A4 grenades 1
  B2 treasure
  C1 fake
";

const HOUR: i64 = 3_600_000;

/// A game of two in `chat` on the part А maze, started: ann on D4, bob on A4, ann to move.
/// Returns what the last choice brought: the start's announcements.
/// The part А maze's games on a bench.
trait Maze {
    /// A game of two in `chat` on the part А maze, started: ann on D4, bob on A4, ann to move.
    /// Returns what the last choice brought: the start's announcements.
    async fn started(&mut self, chat: &str, options: &str) -> Vec<Outbound>;
    /// A lobby of `players` in `chat` on the part А maze, begun: everyone is asked for a start
    /// cell.
    async fn choosing(&mut self, chat: &str, players: &[&str], options: &str);
}

impl Maze for Bench {
    async fn started(&mut self, chat: &str, options: &str) -> Vec<Outbound> {
        self.choosing(chat, &["ann", "bob"], options).await;
        self.say("ann", None, "D4").await;
        let out = self.say("bob", None, "A4").await;
        assert!(texts(&out).contains("ann, your move"), "{}", texts(&out));
        out
    }

    /// A lobby of `players` in `chat` on the part А maze, begun: everyone is asked for a start cell.
    async fn choosing(&mut self, chat: &str, players: &[&str], options: &str) {
        let open = format!("/newgame labyrinth classic plan=own order=join {options}");
        self.say("gm", Some(chat), &open).await;
        for p in players {
            self.say(p, Some(chat), "/join").await;
        }
        self.say("gm", Some(chat), "/begin").await;
        self.say("gm", None, PLAN).await;
    }
}

#[tokio::test]
async fn a_redelivered_update_does_nothing_twice() {
    let mut b = Bench::new(GAMES, "redeliver").await;
    b.started("g", "").await;
    let order = b.msg("ann", Some("g"), "go up");
    let first = b.session.handle(order.clone(), b.now).await.unwrap();
    assert!(texts(&first).contains("bob, your move"));
    let before = b.peek("g").await;
    let again = b.session.handle(order, b.now).await.unwrap();
    assert!(again.is_empty());
    assert_eq!(b.peek("g").await, before);
}

#[tokio::test]
async fn a_handicapped_player_may_reorder_once_of_his_own_will() {
    // Kodex Б §7.2: "право 1 раз за игру заказать себе новую клетку", granted at /newgame.
    let mut b = Bench::new(GAMES, "handicap").await;
    b.started("g", "handicap=bob").await;
    b.say("ann", Some("g"), "go up").await;
    let before = b.peek("g").await;
    assert_eq!(before["players"]["bob"]["cell"], "A4");
    let out = b.say("bob", None, "C4").await;
    assert!(!texts(&out).is_empty());
    let after = b.peek("g").await;
    assert_eq!(after["players"]["bob"]["cell"], "C4", "{}", texts(&out));
    // Once a game; and ann, without the handicap, may not.
    b.say("bob", Some("g"), "go up").await;
    b.say("ann", None, "A1").await;
    assert_eq!(
        b.peek("g").await["players"]["ann"]["cell"],
        after["players"]["ann"]["cell"]
    );
    b.say("ann", Some("g"), "go down").await;
    let again = b.say("bob", None, "D4").await;
    assert_ne!(
        b.peek("g").await["players"]["bob"]["cell"],
        "D4",
        "{}",
        texts(&again)
    );
}

#[tokio::test]
async fn refusals_change_nothing() {
    let mut b = Bench::new(GAMES, "refuse").await;
    b.started("g", "").await;
    let before = b.peek("g").await;
    for (user, text) in [
        ("bob", "go up"),                      // not his turn (Б §6.2: one after another)
        ("eve", "go up"),                      // a stranger
        ("ann", "go up and go down"),          // Б §2.1: one movement a turn
        ("ann", "jump over the moon"),         // not an order
        ("bob", "/abort"),                     // not an admin
        ("ann", "/newgame labyrinth classic"), // the chat is busy
    ] {
        let out = b.say(user, Some("g"), text).await;
        assert_eq!(out.len(), 1, "{text}: one clear reply");
        assert_eq!(b.peek("g").await, before, "{text} changed the game");
    }
}

/// A player in two groups names the game privately; a message that does not is asked about.
#[tokio::test]
async fn private_messages_find_their_game() {
    let mut b = Bench::new(GAMES, "route").await;
    for (chat, rival) in [("one", "bob"), ("two", "carl")] {
        b.say("ann", Some(chat), "/newgame labyrinth classic").await;
        b.say(rival, Some(chat), "/join").await;
        let out = b.say("ann", Some(chat), "/begin").await;
        assert!(
            texts(&out).contains("Choose your start cells"),
            "{}",
            texts(&out)
        );
    }
    let ask = b.say("ann", None, "B2").await;
    assert!(texts(&ask).contains("several games"), "{ask:?}");
    assert_eq!(ask[0].buttons[0].len(), 2);
    let noted = b.say("ann", None, "#1 B2").await;
    assert!(texts(&noted).contains("you start on B2"));
    let noted = b.say("ann", None, "#2 C3").await;
    assert!(texts(&noted).contains("you start on C3"));
    // bob is only in game 1: no number needed, and game 1 starts alone.
    let out = b.say("bob", None, "D4").await;
    assert!(
        out.iter()
            .any(|o| o.to == Target::Chat(ChatId("one".into())) && o.text.contains("Turn order"))
    );
    assert_eq!(b.peek("one").await["status"], "playing");
    assert_eq!(b.peek("one").await["players"]["ann"]["cell"], "B2");
    assert_eq!(b.peek("two").await["status"], "setup");
}

/// The online form of §9: a reminder at 3/4 of the time, a skipped turn when it runs out, and after
/// `missed` turns missed in a row the player is removed, his corpse left where he stood.
#[tokio::test]
async fn deadlines_remind_skip_and_remove() {
    let mut b = Bench::new(GAMES, "deadline").await;
    b.started("g", "deadline=1h missed=2").await;
    let out = b.advance("45m").await;
    assert!(
        texts(&out).contains("ann, it is your move: 15m left"),
        "{}",
        texts(&out)
    );
    let out = b.advance("15m").await;
    assert!(texts(&out).contains("ann did not move in time"));
    assert_eq!(b.peek("g").await["turn"], "bob");
    let out = b.say("bob", Some("g"), "go up").await;
    assert!(texts(&out).contains("ann, your move"));
    // Two hours pass at once: each deadline fires at its own time.
    let out = b.advance("2h").await;
    let text = texts(&out);
    assert!(text.contains("ann did not move in time"), "{text}");
    assert!(text.contains("out of the game"), "{text}");
    let state = b.peek("g").await;
    assert_eq!(state["players"]["ann"]["health"], "dead");
    assert!(
        state["items"]["D4"]
            .as_array()
            .unwrap()
            .contains(&"corpse".into())
    );
}

/// A session dropped and reopened on the same file goes on with the game and its deadlines.
#[tokio::test]
async fn a_restart_resumes_games_and_deadlines() {
    let mut b = Bench::new(GAMES, "restart").await;
    b.started("g", "deadline=2h").await;
    let before = b.peek("g").await;
    b.restart().await;
    assert_eq!(b.peek("g").await, before);
    let out = b.advance("90m").await;
    assert!(
        texts(&out).contains("ann, it is your move"),
        "{}",
        texts(&out)
    );
    let out = b.say("ann", Some("g"), "go up").await;
    assert!(texts(&out).contains("bob, your move"));
}

/// A whole classic game on part А's maze, until bob carries the treasure out (Б §3.4): the result,
/// the winner, and the maze revealed as plan text and as a picture.
#[tokio::test]
async fn a_whole_game_ends_with_the_maze_revealed() {
    let mut b = Bench::new(GAMES, "whole").await;
    b.started("g", "start_mines=0").await;
    let mut last = vec![];
    for (who, order) in [
        ("ann", "go up"),
        ("bob", "blow the wall up then go up"),
        ("ann", "go down"),
        ("bob", "go right"),
        ("ann", "go up"),
        ("bob", "blow the wall up then go up"),
        ("ann", "go down"),
        ("bob", "go left"),
        ("ann", "go up"),
        ("bob", "go up"),
    ] {
        last = b.say(who, Some("g"), order).await;
        assert!(!last.is_empty(), "{who}: {order}");
    }
    let state = b.peek("g").await;
    assert_eq!(state["status"], "finished", "{state}");
    assert_eq!(state["result"]["kind"], "treasure");
    assert_eq!(state["result"]["winner"], "bob");
    // The outcome a tournament scores: bob first by the treasure (Б §3.4), ann second.
    let store = b.session.store();
    let id = store.latest_game_in_chat(Platform::Script, "g").await;
    let id = id.unwrap().expect("the game").id;
    let done = b.session.outcome(id).await.unwrap().expect("an outcome");
    assert_eq!(
        (done.game, done.outcome.kind.as_str()),
        ("labyrinth", "treasure")
    );
    let bob = done.users.iter().position(|u| u == "bob").unwrap();
    assert_eq!(done.outcome.seats[bob].place, 1);
    assert_eq!(done.outcome.seats[1 - bob].place, 2);
    let reveal = last
        .iter()
        .find(|o| o.picture.is_some())
        .expect("a picture");
    assert!(reveal.text.contains("labyrinth 5x4"), "{}", reveal.text);
    assert!(reveal.picture.as_ref().unwrap().starts_with(b"\x89PNG"));
    // The game is over: the chat is free for a new one.
    let out = b.say("ann", Some("g"), "/newgame labyrinth quantum").await;
    assert!(texts(&out).contains("opens a game"));
}

/// The admin's commands: a paused game runs no deadline, `/resume` starts the time afresh, `/skip`
/// passes the turn, `/kick` removes a player with his corpse left (the online form of Б §9), and
/// `/abort` ends the game without a result, revealing the maze.
#[tokio::test]
async fn admins_pause_skip_kick_and_abort() {
    let mut b = Bench::new(GAMES, "admin").await;
    b.started("g", "deadline=1h").await;
    let out = b.say("gm", Some("g"), "/pause").await;
    assert!(texts(&out).contains("paused"));
    assert!(
        b.advance("5h").await.is_empty(),
        "a paused game has no deadline"
    );
    let out = b.say("ann", Some("g"), "go up").await;
    assert!(texts(&out).contains("paused"));
    assert_eq!(b.peek("g").await["players"]["ann"]["cell"], "D4");
    b.say("gm", Some("g"), "/resume").await;
    let out = b.advance("1h").await;
    assert!(
        texts(&out).contains("ann did not move in time"),
        "{}",
        texts(&out)
    );
    assert_eq!(b.peek("g").await["turn"], "bob");
    b.say("bob", Some("g"), "go up").await;
    let out = b.say("gm", Some("g"), "/skip").await;
    assert!(texts(&out).contains("bob, your move"), "{}", texts(&out));
    let out = b.say("gm", Some("g"), "/kick nobody").await;
    assert!(texts(&out).contains("Nobody called nobody"));
    // Removing a player cannot be undone: asked first, with buttons; "no" keeps him.
    let before = b.peek("g").await;
    let out = b.say("gm", Some("g"), "/kick bob").await;
    assert!(texts(&out).contains("cannot be undone"), "{}", texts(&out));
    let yes = out[0].buttons[0][0].data.clone();
    assert!(
        yes.starts_with('#') && yes.ends_with(" /kick bob yes"),
        "{yes}"
    );
    let out = b.say("gm", Some("g"), "/kick bob no").await;
    assert!(texts(&out).contains("Nothing changed"));
    assert_eq!(b.peek("g").await, before);
    let reply = b.press("gm", "g", &yes).await;
    let out = reply.outbound;
    assert!(texts(&out).contains("bob"), "{}", texts(&out));
    let state = b.peek("g").await;
    assert_eq!(state["players"]["bob"]["health"], "dead");
    assert!(
        state["items"]["A4"]
            .as_array()
            .unwrap()
            .contains(&"corpse".into())
    );
    // ann is the last one standing (Б §3.5).
    assert_eq!(state["status"], "finished");
    assert_eq!(state["result"]["winner"], "ann");
    b.started("h", "").await;
    let out = b.say("gm", Some("h"), "/abort").await;
    let abort = out[0].buttons[0][0].data.clone();
    assert!(abort.ends_with(" /abort yes"), "{abort}");
    assert_eq!(b.peek("h").await["status"], "playing");
    let out = b.say("gm", Some("h"), "/abort да").await;
    assert!(out.iter().any(|o| o.picture.is_some()));
    let state = b.peek("h").await;
    assert_eq!(state["status"], "finished");
    assert_eq!(state["result"]["kind"], "aborted");
    // The old confirmation, pressed in the chat's next game, does nothing to it.
    b.started("h", "").await;
    let before = b.peek("h").await;
    let reply = b.press("gm", "h", &abort).await;
    assert!(reply.outbound.is_empty(), "{:?}", reply.outbound);
    assert!(
        reply
            .popup
            .is_some_and(|p| p.contains("earlier turn or game"))
    );
    assert_eq!(b.peek("h").await, before);
}

#[test]
fn durations_read_as_players_write_them() {
    assert_eq!(parse_duration("36h"), Some(36 * HOUR));
    assert_eq!(parse_duration("90m"), Some(90 * 60_000));
    assert_eq!(parse_duration("2d"), Some(48 * HOUR));
    assert_eq!(parse_duration("soon"), None);
    assert_eq!(parse_duration("-1h"), None);
}

/// The data of the turn button labelled `label` on the newest message that carries turn buttons.
fn turn_button(out: &[Outbound], label: &str) -> String {
    out.iter()
        .rev()
        .flat_map(|o| o.buttons.iter().flatten())
        .find(|b| b.label == label)
        .map(|b| b.data.clone())
        .unwrap_or_else(|| panic!("no {label} button in {out:?}"))
}

/// The lobby's join button is a link into the private chat; following it seats the player and tells
/// the group.
#[tokio::test]
async fn a_join_link_seats_the_player_from_his_private_chat() {
    let mut b = Bench::new(GAMES, "joinlink").await;
    let out = b.say("ann", Some("g"), "/newgame labyrinth classic").await;
    let join = &out[0].buttons[0][0];
    assert!(join.link, "{join:?}");
    let out = b.say("carl", None, &format!("/start {}", join.data)).await;
    assert!(
        out.iter().any(|o| o.to == Target::Chat(ChatId("g".into()))
            && o.text.contains("carl joins (2 at the table)")),
        "{out:?}"
    );
    assert!(
        out.iter()
            .any(|o| o.to == Target::User(UserId("carl".into())))
    );
    assert!(b.peek("g").await["players"].get("carl").is_some());
    // A plain /start is a greeting, and an old link a clear answer.
    let out = b.say("dan", None, "/start").await;
    assert!(texts(&out).contains("Hello"), "{}", texts(&out));
    let out = b.say("dan", None, "/start jnowhere").await;
    assert!(texts(&out).contains("no longer open"), "{}", texts(&out));
}

/// Turn buttons name their turn: only the player to move may press them (Б §6.2, one after another),
/// anyone else gets a popup, and a button of an earlier turn does nothing.
#[tokio::test]
async fn turn_buttons_obey_the_turn_and_old_ones_do_nothing() {
    let mut b = Bench::new(GAMES, "buttons").await;
    let out = b.started("g", "").await;
    let up = turn_button(&out, "⬆");
    let before = b.peek("g").await;
    let r = b.press("bob", "g", &up).await;
    assert!(
        r.popup
            .as_deref()
            .is_some_and(|p| p.contains("not your turn")),
        "{r:?}"
    );
    assert!(r.outbound.is_empty(), "{r:?}");
    let r = b.press("eve", "g", &up).await;
    assert!(
        r.popup
            .as_deref()
            .is_some_and(|p| p.contains("not playing"))
    );
    assert_eq!(b.peek("g").await, before);
    let r = b.press("ann", "g", &up).await;
    assert_eq!(r.popup, None);
    assert!(texts(&r.outbound).contains("bob, your move"), "{r:?}");
    assert_ne!(b.peek("g").await, before);
    // ann's button again: a new turn has begun, so it is stale; nothing moves.
    let after = b.peek("g").await;
    let r = b.press("ann", "g", &up).await;
    assert!(
        r.popup
            .as_deref()
            .is_some_and(|p| p.contains("earlier turn"))
    );
    assert_eq!(b.peek("g").await, after);
    // Without popups (gm script) the refusal comes privately.
    let mut m = b.msg("ann", Some("g"), &up);
    m.content = Content::Button(up.clone());
    let out = b.session.handle(m, b.now).await.unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].to, Target::User(UserId("ann".into())));
}

/// The group's status card is posted once and then edited in place as turns pass.
#[tokio::test]
async fn the_status_card_is_edited_in_place() {
    let mut b = Bench::new(GAMES, "card").await;
    b.started("g", "").await;
    drain(&b.session).await;
    let out = b.say("ann", Some("g"), "/status").await;
    assert_eq!(out.len(), 1);
    let pending = b
        .session
        .pending_outbox(Platform::Script, b.now)
        .await
        .unwrap();
    assert_eq!(pending.len(), 1);
    assert_eq!(pending[0].edit, None, "a new card");
    b.session
        .mark_sent(pending[0].id, Some("card-1"), b.now)
        .await
        .unwrap();
    let out = b.say("ann", Some("g"), "go up").await;
    let card = out.last().unwrap();
    assert!(card.text.contains("bob"), "{card:?}");
    // The default 24 hours, from the turn's start.
    assert!(card.text.contains("Time left for the move: 1d"), "{card:?}");
    let pending = drain(&b.session).await;
    assert_eq!(
        pending.last().map(|o| o.edit.clone()),
        Some(Some("card-1".to_string())),
        "{pending:?}"
    );
}

/// Sends everything pending (as a platform would, giving each a fresh id); returns what it sent.
async fn drain(session: &Session) -> Vec<Outbound> {
    let mut all = vec![];
    loop {
        let batch = session.pending_outbox(Platform::Script, 0).await.unwrap();
        if batch.is_empty() {
            return all;
        }
        for o in batch {
            session
                .mark_sent(o.id, Some(&format!("p{}", o.id)), 0)
                .await
                .unwrap();
            all.push(o);
        }
    }
}

/// Two bots (two processes, here two stores) on one database file serve their own platforms.
#[tokio::test]
async fn two_platforms_share_one_database() {
    let mut b = Bench::new(GAMES, "shared").await;
    let other = b.open_again().await;
    b.say("ann", Some("g"), "/newgame labyrinth classic").await;
    let mut m = b.msg("ann", Some("g"), "/newgame labyrinth quantum");
    m.platform = Platform::Discord;
    other.handle(m, b.now).await.unwrap();
    let tg = b.session.pending_outbox(Platform::Script, 0).await.unwrap();
    let dc = other.pending_outbox(Platform::Discord, 0).await.unwrap();
    assert_eq!((tg.len(), dc.len()), (1, 1));
    assert!(tg[0].text.contains("classic") && dc[0].text.contains("quantum"));
}

/// Someone leaving while start cells are chosen (Б §6.1) re-seats the table: the others' choices
/// stand and play begins when they are all in; too few left and the game is called off.
#[tokio::test]
async fn leaving_before_the_start_reseats_the_table() {
    let mut b = Bench::new(GAMES, "reseat").await;
    b.choosing("g", &["ann", "bob", "carl"], "").await;
    b.say("ann", None, "D4").await;
    b.say("bob", None, "A4").await;
    assert_eq!(b.peek("g").await["status"], "setup");
    let out = b.say("carl", Some("g"), "/leave").await;
    let text = texts(&out);
    assert!(text.contains("carl leaves"), "{text}");
    assert!(text.contains("Turn order"), "{text}");
    let state = b.peek("g").await;
    assert_eq!(state["status"], "playing");
    assert!(state["players"].get("carl").is_none(), "{state}");
    assert_eq!(state["players"]["bob"]["cell"], "A4");

    b.choosing("h", &["dan", "eve"], "").await;
    let out = b.say("gm", Some("h"), "/kick eve yes").await;
    assert!(texts(&out).contains("called off"), "{}", texts(&out));
    assert_eq!(b.peek("h").await["result"]["kind"], "aborted");
}

/// Kodex Б §7.2: a handicapped player may ask the types of cells before choosing his start, as many
/// as the ruleset gives; the answer is his alone, and asking is not choosing.
#[tokio::test]
async fn a_handicapped_player_asks_cell_types_before_the_start() {
    let mut b = Bench::new(GAMES, "peekcell").await;
    b.choosing("g", &["ann", "bob"], "handicap=bob handicap_peek=1")
        .await;
    let out = b.say("bob", None, "? B2").await;
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].to, Target::User(UserId("bob".into())));
    assert!(out[0].text.contains("B2 is land"), "{}", out[0].text);
    let out = b.say("bob", None, "what is C1?").await;
    assert!(
        !out[0].text.contains("C1 is"),
        "one peek only: {}",
        out[0].text
    );
    let out = b.say("ann", None, "? B2").await;
    assert!(
        !out[0].text.contains("B2 is"),
        "ann has no handicap: {}",
        out[0].text
    );
    assert_eq!(b.peek("g").await["status"], "setup");
    let rules = b.say("ann", Some("g"), "/rules").await;
    assert!(
        texts(&rules).contains("Handicap (§7.2) for bob"),
        "{}",
        texts(&rules)
    );
}

/// A private message speaks its reader's language, whatever the group's.
#[tokio::test]
async fn private_messages_speak_the_players_own_language() {
    let mut b = Bench::new(GAMES, "lang").await;
    b.say(
        "gm",
        Some("g"),
        "/newgame labyrinth classic plan=own order=join",
    )
    .await;
    b.say("ann", Some("g"), "/join").await;
    let mut join = b.msg("bob", Some("g"), "/join");
    join.lang = Some(Lang::Ru);
    b.session.handle(join, b.now).await.unwrap();
    b.say("gm", Some("g"), "/begin").await;
    let out = b.say("gm", None, PLAN).await;
    let to_bob = out
        .iter()
        .find(|o| o.to == Target::User(UserId("bob".into())))
        .expect("bob is asked for his start");
    assert!(to_bob.text.contains("клетк"), "{}", to_bob.text);
    b.say("ann", None, "D4").await;
    b.say("bob", None, "A4").await;
    let mut ask = b.msg("bob", None, "/status");
    ask.lang = Some(Lang::Ru);
    let out = b.session.handle(ask, b.now).await.unwrap();
    assert!(
        out[0].text.chars().any(|c| ('а'..='я').contains(&c)),
        "{}",
        out[0].text
    );
    // The group still reads English.
    let out = b.say("ann", Some("g"), "go up").await;
    assert!(texts(&out).contains("bob, your move"), "{}", texts(&out));
}

/// Two sessions on one file, as two processes of the bot: each keeps the games it served in memory.
/// Whatever one writes, the other's copy goes stale; it must notice at its next input and handle it
/// on the game as stored, losing and repeating nothing.
struct TwoProcesses {
    b: Bench,
    other: Session,
}

impl TwoProcesses {
    async fn new(name: &str) -> TwoProcesses {
        let b = Bench::new(GAMES, name).await;
        let other = b.open_again().await;
        TwoProcesses { b, other }
    }

    /// The other process handles a message.
    async fn other_says(&mut self, user: &str, chat: Option<&str>, text: &str) -> Vec<Outbound> {
        let m = self.b.msg(user, chat, text);
        self.other.handle(m, self.b.now).await.unwrap()
    }

    async fn game_id(&self, chat: &str) -> GameId {
        let store = self.b.session.store();
        store
            .running_game_in_chat(Platform::Script, chat)
            .await
            .unwrap()
            .expect("a running game")
            .id
    }
}

#[tokio::test]
async fn a_stale_cached_game_refusing_an_order_is_read_afresh() {
    let mut t = TwoProcesses::new("stale-refusal").await;
    t.b.started("g", "").await;
    let id = t.game_id("g").await;
    assert_eq!(t.b.session.cached_game(Platform::Script, "g"), Some(id));
    // The other process carries out ann's move: this session's copy still has ann to move, and
    // would refuse bob (Б §6.2: one after another).
    let out = t.other_says("ann", Some("g"), "go up").await;
    assert!(texts(&out).contains("bob, your move"), "{}", texts(&out));
    let out = t.b.say("bob", Some("g"), "go right").await;
    assert!(texts(&out).contains("ann, your move"), "{}", texts(&out));
    let log: Vec<(i64, String)> =
        t.b.session
            .store()
            .orders(id)
            .await
            .unwrap()
            .into_iter()
            .map(|o| (o.seq, o.text))
            .collect();
    assert_eq!(log, [(1, "go up".into()), (2, "go right".into())]);
    assert_eq!(
        t.b.peek("g").await,
        t.other.peek(Platform::Script, "g").await.unwrap().unwrap()
    );
}

#[tokio::test]
async fn a_stale_cached_game_accepting_an_order_is_read_afresh() {
    let mut t = TwoProcesses::new("stale-accept").await;
    t.b.started("g", "").await;
    let before = t.b.peek("g").await;
    // The other process pauses the game; this session's copy would carry out ann's move.
    let out = t.other_says("gm", Some("g"), "/pause").await;
    assert!(texts(&out).contains("paused"));
    let out = t.b.say("ann", Some("g"), "go up").await;
    assert!(texts(&out).contains("paused"), "{}", texts(&out));
    assert_eq!(t.b.peek("g").await["players"], before["players"]);
    assert!(
        t.b.session
            .store()
            .orders(t.game_id("g").await)
            .await
            .unwrap()
            .is_empty()
    );
}

#[tokio::test]
async fn a_stale_cached_game_ignoring_an_order_is_read_afresh() {
    let mut t = TwoProcesses::new("stale-ignore").await;
    // This session keeps the lobby; the other one begins the game and takes the plan and starts.
    t.b.say(
        "gm",
        Some("g"),
        "/newgame labyrinth classic plan=own order=join",
    )
    .await;
    t.b.say("ann", Some("g"), "/join").await;
    t.b.say("bob", Some("g"), "/join").await;
    t.other_says("gm", Some("g"), "/begin").await;
    t.other_says("gm", None, PLAN).await;
    t.other_says("ann", None, "D4").await;
    t.other_says("bob", None, "A4").await;
    // In the lobby an order is chatter; in play it is ann's move.
    let out = t.b.say("ann", Some("g"), "go up").await;
    assert!(texts(&out).contains("bob, your move"), "{}", texts(&out));
    // The copy is current again: the next order needs no second try, and is carried out once.
    let out = t.b.say("bob", Some("g"), "go right").await;
    assert!(texts(&out).contains("ann, your move"), "{}", texts(&out));
    assert_eq!(
        t.b.session
            .store()
            .orders(t.game_id("g").await)
            .await
            .unwrap()
            .len(),
        2
    );
}

#[tokio::test]
async fn a_redelivered_order_is_refused_by_the_commit_and_leaves_the_cache_alone() {
    let mut b = Bench::new(GAMES, "redeliver-cache").await;
    b.started("g", "").await;
    let order = b.msg("ann", Some("g"), "go up");
    b.session.handle(order.clone(), b.now).await.unwrap();
    let before = b.peek("g").await;
    // Redelivered to this session and to a second one on the same file: nothing happens twice.
    assert!(
        b.session
            .handle(order.clone(), b.now)
            .await
            .unwrap()
            .is_empty()
    );
    let other = b.open_again().await;
    assert!(other.handle(order, b.now).await.unwrap().is_empty());
    assert_eq!(b.peek("g").await, before);
    let out = b.say("bob", Some("g"), "go right").await;
    assert!(texts(&out).contains("ann, your move"), "{}", texts(&out));
}

/// The session's cache of games is debug-printed without the mazes it holds.
#[tokio::test]
async fn a_session_printed_for_a_log_shows_no_maze() {
    let mut b = Bench::new(GAMES, "debug").await;
    b.started("g", "").await;
    let printed = format!("{:?}", b.session);
    assert!(printed.contains("kept: 1"), "{printed}");
    assert!(!printed.contains("treasure"), "{printed}");
}

/// `/export` gives an admin who does not play the game as a file, privately, and a playing admin
/// nothing while it runs. In another installation a chat admin's `/import` in a group, then the file
/// sent privately, bring the game there: the same state, going on, the time for the move afresh.
#[tokio::test]
async fn a_game_moves_to_another_installation_through_the_chat() {
    let mut here = Bench::new(GAMES, "export").await;
    here.started("g", "deadline=1h").await;
    here.say("ann", Some("g"), "go up").await;
    let state = here.peek("g").await;

    let m = here.admin_msg("ann", Some("g"), "/export");
    let out = here.send(m).await;
    assert!(
        texts(&out).contains("You play in this game"),
        "{}",
        texts(&out)
    );
    assert!(out.iter().all(|o| o.file.is_none()));
    let out = here.say("gm", Some("g"), "/export").await;
    let file = out
        .iter()
        .find_map(|o| {
            o.file
                .clone()
                .filter(|_| o.to == Target::User(UserId("gm".into())))
        })
        .expect("the file, privately");
    assert_eq!(file.name, "game-1.json");
    let doc: serde_json::Value = serde_json::from_str(&file.text).unwrap();
    assert_eq!(doc["format"], "gm-game");
    assert_eq!(
        doc["orders"].as_array().unwrap().len(),
        1,
        "the order log goes along"
    );
    for o in out.iter().filter(|o| matches!(o.to, Target::Chat(_))) {
        assert!(
            o.file.is_none() && !o.text.contains("labyrinth 5x4"),
            "{o:?}"
        );
    }
    assert_eq!(here.peek("g").await, state, "an export changes nothing");

    let mut there = Bench::new(GAMES, "import").await;
    let out = there.say("bob", Some("h"), "/import").await;
    assert!(texts(&out).contains("Only a chat admin"), "{}", texts(&out));
    // A file without a ticket is not taken.
    let mut m = there.msg("zed", None, "");
    m.content = Content::File(file.clone());
    let out = there.send(m).await;
    assert!(
        texts(&out).contains("write /import in the group"),
        "{}",
        texts(&out)
    );
    let m = there.admin_msg("zed", Some("h"), "/import");
    let out = there.send(m).await;
    assert!(
        texts(&out).contains("send me the exported game"),
        "{}",
        texts(&out)
    );
    assert!(out[0].buttons[0][0].link, "a button opens the private chat");
    // A damaged file is refused with the reason, and the ticket stays.
    let mut m = there.msg("zed", None, "");
    m.content = Content::File(bot_core::session::chat::TextFile {
        name: "game-1.json".into(),
        text: file.text.replace("gm-game", "something-else"),
    });
    let out = there.send(m).await;
    assert!(
        texts(&out).contains("cannot be imported"),
        "{}",
        texts(&out)
    );
    assert!(
        there
            .session
            .peek(Platform::Script, "h")
            .await
            .unwrap()
            .is_none()
    );
    let mut m = there.msg("zed", None, "");
    m.content = Content::File(file.clone());
    let out = there.send(m).await;
    assert!(texts(&out).contains("is imported"), "{}", texts(&out));
    let group: Vec<&Outbound> = out
        .iter()
        .filter(|o| matches!(o.to, Target::Chat(_)))
        .collect();
    assert!(group[0].text.contains("brought here"), "{:?}", group);
    assert!(
        !group[0].buttons.is_empty(),
        "the player to move gets his buttons"
    );
    assert_eq!(there.peek("h").await, state, "the same game");
    // It goes on: bob's move, then a deadline counted from the import.
    let out = there.say("bob", Some("h"), "go right").await;
    assert!(texts(&out).contains("ann, your move"), "{}", texts(&out));
    let out = there.advance("59m").await;
    assert!(
        !texts(&out).contains("did not move in time"),
        "{}",
        texts(&out)
    );
    // The ticket was used up.
    let mut m = there.msg("zed", None, "");
    m.content = Content::File(file);
    let out = there.send(m).await;
    assert!(
        texts(&out).contains("write /import in the group"),
        "{}",
        texts(&out)
    );

    // After the end, the chat's last game may be exported by its admin, maze revealed.
    here.say("gm", Some("g"), "/abort yes").await;
    let out = here.say("gm", Some("g"), "/export").await;
    assert!(out.iter().any(|o| o.file.is_some()), "{}", texts(&out));
}

/// `/skip` from the player whose turn it is passes his own turn (Kodex Б §6.6, the `skip` option),
/// though he is no admin; from another player it is refused; an admin's passes the one to move.
#[tokio::test]
async fn skip_is_the_players_own_order_and_the_admins_command() {
    let mut b = Bench::new(GAMES, "skip").await;
    b.started("g", "").await;
    let before = b.peek("g").await;
    let out = b.say("bob", Some("g"), "/skip").await;
    assert!(
        texts(&out).contains("Only the game's opener"),
        "{}",
        texts(&out)
    );
    assert_eq!(
        b.peek("g").await,
        before,
        "bob's refused /skip changed nothing"
    );
    b.say("ann", Some("g"), "go up").await;
    let out = b.say("bob", Some("g"), "/skip").await;
    assert!(texts(&out).contains("ann, your move"), "{}", texts(&out));
    assert_eq!(b.peek("g").await["turn"], "ann");
    let out = b.say("gm", Some("g"), "/skip").await;
    assert!(texts(&out).contains("bob, your move"), "{}", texts(&out));
}

/// The seam carries a game the session never names: the tests' own pile game is opened, joined,
/// begun, played by typing and by its buttons, timed out by the session's clock and scored.
#[tokio::test]
async fn the_seam_carries_a_second_game() {
    let mut b = Bench::new(GAMES, "tiny").await;
    let out = b
        .say(
            "ann",
            Some("t"),
            "/newgame tiny stones=5 deadline=1h missed=2",
        )
        .await;
    assert!(
        texts(&out).contains("opens a game of Tiny (pile)"),
        "{}",
        texts(&out)
    );
    b.say("bob", Some("t"), "/join").await;
    assert_eq!(b.peek("t").await["status"], "lobby");
    let out = b.say("ann", Some("t"), "/begin").await;
    assert!(texts(&out).contains("5 stones"), "{}", texts(&out));
    let state = b.peek("t").await;
    assert_eq!(
        (state["game"].as_str(), state["status"].as_str()),
        (Some("tiny"), Some("playing"))
    );
    let first = state["turn"].as_str().unwrap().to_string();
    let second = if first == "ann" { "bob" } else { "ann" };
    // The session puts the game's buttons under the turn's message, naming the turn.
    let two = turn_button(&out, "2");
    let popup = b.press(second, "t", &two).await.popup.unwrap_or_default();
    assert!(popup.contains(&first), "not his turn: {popup}");
    b.press(&first, "t", &two).await;
    assert_eq!(b.peek("t").await["stones"], 3);
    // Out of turn, typed: refused, nothing changes.
    let out = b.say(&first, Some("t"), "take 1").await;
    assert!(texts(&out).contains("Not your turn"), "{}", texts(&out));
    assert_eq!(b.peek("t").await["turn"], second);
    // `/rules` and `/help` speak of the game at hand.
    let out = b.say(second, Some("t"), "/rules").await;
    assert!(
        texts(&out).contains("takes the last wins"),
        "{}",
        texts(&out)
    );
    let out = b.say(second, Some("t"), "/help").await;
    assert!(texts(&out).starts_with("Tiny:"), "{}", texts(&out));
    // The session's clock: a missed turn passes it, the second in a row removes the player.
    let out = b.advance("1h").await;
    assert!(
        texts(&out).contains(&format!("{second} did not move in time")),
        "{}",
        texts(&out)
    );
    assert_eq!(b.peek("t").await["turn"], first.as_str());
    b.say(&first, Some("t"), "take 1").await;
    let out = b.advance("1h").await;
    assert!(
        texts(&out).contains(&format!("{second} is out")),
        "{}",
        texts(&out)
    );
    let state = b.peek("t").await;
    assert_eq!(state["status"], "finished");
    assert_eq!(state["result"]["winner"], first.as_str());
    let id = b
        .session
        .store()
        .latest_game_in_chat(Platform::Script, "t")
        .await;
    let done = b.session.outcome(id.unwrap().unwrap().id).await.unwrap();
    let done = done.expect("a finished game has an outcome");
    assert_eq!((done.game, done.outcome.kind.as_str()), ("tiny", "win"));
    let winner = done.users.iter().position(|u| *u == first).unwrap();
    assert_eq!(done.outcome.seats[winner].score, 1.0);
}

/// A `plan=own` master may send his plan as soon as the game is opened: it is checked at once and
/// used at `/begin`; a broken one gets its problems and is not kept.
#[tokio::test]
async fn a_masters_plan_sent_before_begin_is_kept_for_it() {
    let mut b = Bench::new(GAMES, "early-plan").await;
    b.say(
        "gm",
        Some("g"),
        "/newgame labyrinth classic plan=own order=join",
    )
    .await;
    let out = b.say("gm", None, "labyrinth 2x1\n+---+").await;
    assert!(!texts(&out).contains("kept"), "{}", texts(&out));
    let out = b.say("gm", None, PLAN).await;
    assert!(texts(&out).contains("kept"), "{}", texts(&out));
    b.say("ann", Some("g"), "/join").await;
    b.say("bob", Some("g"), "/join").await;
    let out = b.say("gm", Some("g"), "/begin").await;
    let text = texts(&out);
    assert!(text.contains("The plan is accepted"), "{text}");
    assert!(!text.contains("Send me the plan"), "{text}");
    assert_eq!(b.peek("g").await["status"], "setup");
    b.say("ann", None, "D4").await;
    let out = b.say("bob", None, "A4").await;
    assert!(texts(&out).contains("ann, your move"), "{}", texts(&out));
}

/// A table saved before the seam (the Labyrinth's fields beside the session's, the turn clock among
/// the Labyrinth's options, the setup stage named by its step) reads back whole.
#[tokio::test]
async fn a_table_saved_by_the_earlier_version_reads_back() {
    let mut b = Bench::new(GAMES, "upgrade").await;
    b.choosing("g", &["ann", "bob"], "deadline=2h missed=4")
        .await;
    let rec = b.session.store().running_games().await.unwrap().remove(0);
    let mut old: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&rec.state).unwrap();
    // Before the seam the Labyrinth's fields stood beside the session's.
    let Some(serde_json::Value::Object(own)) = old.remove("play") else {
        panic!("the game's part under its key")
    };
    old.extend(own);
    let deadline = old.remove("deadline_ms").unwrap();
    let missed = old.remove("missed").unwrap();
    let options = old["options"].as_object_mut().unwrap();
    options.insert("deadline_ms".into(), deadline);
    options.insert("missed".into(), missed);
    old.insert("stage".into(), "Starts".into());
    let old = serde_json::to_string(&old).unwrap();
    let kind = GAMES.find(&rec.kind).unwrap();
    let table = bot_core::session::table::Table::load(kind, &old).unwrap();
    assert_eq!(table.seating.deadline_ms, 2 * HOUR);
    assert_eq!(table.seating.missed, 4);
    assert_eq!(table.seating.stage, bot_core::session::table::Stage::Setup);
    assert_eq!(table.play.ruleset(), "classic");
    assert_eq!(table.save().unwrap(), rec.state);
}

/// Start cells are chosen at once and privately (Kodex Б §6.1), against the table's clock: the
/// slow one is reminded privately, and when time runs out the master chooses for him.
#[tokio::test]
async fn start_cells_are_chosen_against_the_clock() {
    let mut b = Bench::new(GAMES, "start-clock").await;
    b.choosing("g", &["ann", "bob"], "deadline=1h").await;
    b.say("ann", None, "D4").await;
    let out = b.advance("45m").await;
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0].to, Target::User(UserId("bob".into())));
    assert!(out[0].text.contains("15m left"), "{}", out[0].text);
    let out = b.advance("15m").await;
    let to_bob = out
        .iter()
        .find(|o| o.to == Target::User(UserId("bob".into())))
        .expect("bob is told");
    assert!(
        to_bob.text.contains("I chose your start cell"),
        "{}",
        to_bob.text
    );
    let state = b.peek("g").await;
    assert_eq!(state["status"], "playing");
    assert_eq!(state["players"]["ann"]["cell"], "D4");
    assert!(state["players"]["bob"]["cell"].is_string(), "{state}");
    assert_ne!(state["players"]["bob"]["cell"], "D4");
}

/// `/lang` sets a player's own language for what he is told privately, in every game he plays
/// and in those he joins later; the group keeps the game's.
#[tokio::test]
async fn lang_sets_a_players_own_language_in_all_his_games() {
    let mut b = Bench::new(GAMES, "own-lang").await;
    b.choosing("g", &["ann", "bob"], "").await;
    let out = b.say("bob", None, "/lang ru").await;
    assert!(texts(&out).contains("по-русски"), "{}", texts(&out));
    b.say("ann", None, "D4").await;
    let out = b.say("bob", None, "A4").await;
    let to_bob = out
        .iter()
        .find(|o| o.to == Target::User(UserId("bob".into())))
        .expect("bob is told his start");
    assert!(
        to_bob.text.chars().any(|c| ('а'..='я').contains(&c)),
        "{}",
        to_bob.text
    );
    assert!(texts(&out).contains("ann, your move"), "{}", texts(&out));
    // A game he joins later speaks it too, though his platform reports English.
    b.say("cid", Some("h"), "/newgame labyrinth classic").await;
    b.say("bob", Some("h"), "/join").await;
    b.say("cid", Some("h"), "/begin").await;
    let out = b.say("bob", Some("h"), "/status").await;
    assert!(
        !texts(&out).contains("(out)"),
        "nobody is out before play: {}",
        texts(&out)
    );
    let out = b.say("bob", None, "#2 Z99").await;
    assert!(
        texts(&out).chars().any(|c| ('а'..='я').contains(&c)),
        "{}",
        texts(&out)
    );
    let out = b.say("bob", None, "/lang de").await;
    assert!(texts(&out).contains("/lang en"), "{}", texts(&out));
}

/// `/extend` gives the player whose move it is more time, as often as the table allows; the
/// deadline moves with it, survives a restart and shows in `/status`.
#[tokio::test]
async fn extend_gives_the_mover_more_time_as_often_as_allowed() {
    let mut b = Bench::new(GAMES, "extend").await;
    b.started("g", "deadline=1h extend=1x30m").await;
    let out = b.say("bob", Some("g"), "/extend").await;
    assert!(
        texts(&out).contains("Only the player whose move"),
        "{}",
        texts(&out)
    );
    let out = b.say("ann", Some("g"), "/extend").await;
    assert!(texts(&out).contains("30m more"), "{}", texts(&out));
    assert!(texts(&out).contains("1h 30m left"), "{}", texts(&out));
    let out = b.say("ann", Some("g"), "/extend").await;
    assert!(texts(&out).contains("1 times"), "{}", texts(&out));
    let out = b.say("ann", Some("g"), "/status").await;
    assert!(
        texts(&out).contains("More time taken: ann 1/1"),
        "{}",
        texts(&out)
    );
    // A restart keeps the moved deadline: nothing at the hour, the skip at an hour and a half.
    b.restart().await;
    let out = b.advance("1h").await;
    assert!(
        !texts(&out).contains("did not move in time"),
        "{}",
        texts(&out)
    );
    let out = b.advance("30m").await;
    assert!(
        texts(&out).contains("ann did not move in time"),
        "{}",
        texts(&out)
    );
}

/// `/vacation 3d` stretches the deadlines of a player's moves over his days away, in every game,
/// a move awaited now included; `/vacation off` ends it, and a refused length changes nothing.
#[tokio::test]
async fn vacation_stretches_a_players_deadlines() {
    let mut b = Bench::new(GAMES, "vacation").await;
    b.started("g", "deadline=1h").await;
    let out = b.say("ann", None, "/vacation 30d").await;
    assert!(texts(&out).contains("/vacation 3d"), "{}", texts(&out));
    let out = b.say("ann", None, "/vacation 2d").await;
    assert!(texts(&out).contains("away for 2d"), "{}", texts(&out));
    let out = b.say("bob", Some("g"), "/status").await;
    assert!(texts(&out).contains("Away: ann (2d)"), "{}", texts(&out));
    // Her move, awaited now, has her two days and its hour.
    let out = b.advance("2d").await;
    assert!(
        !texts(&out).contains("did not move in time"),
        "{}",
        texts(&out)
    );
    let out = b.advance("1h").await;
    assert!(
        texts(&out).contains("ann did not move in time"),
        "{}",
        texts(&out)
    );
    // Back home: bob's moves and hers have their hour again.
    let out = b.say("ann", None, "/vacation off").await;
    assert!(texts(&out).contains("Welcome back"), "{}", texts(&out));
    b.say("bob", Some("g"), "go up").await;
    let out = b.advance("1h").await;
    assert!(
        texts(&out).contains("ann did not move in time"),
        "{}",
        texts(&out)
    );
}

/// Every turn button is a whole turn the ruleset accepts (Kodex Б §2.1: a classic turn is one
/// movement, a shot before or after it): a classic shot button aims and asks for the movement,
/// whose buttons then play "shoot, then go".
#[tokio::test]
async fn every_turn_button_is_a_whole_turn() {
    let mut b = Bench::new(GAMES, "shot-buttons").await;
    let out = b.started("g", "").await;
    let aim = turn_button(&out, "🔫⬆");
    assert!(aim.ends_with("aim up"), "{aim}");
    let reply = b.press("ann", "g", &aim).await;
    let asked = texts(&reply.outbound);
    assert!(asked.contains("ann aims 🔫⬆"), "{asked}");
    assert!(!asked.contains("exactly one movement"), "{asked}");
    // Nothing happened yet: still ann's move, and bob may not answer for her.
    assert_eq!(b.peek("g").await["turn"], "ann");
    let then = turn_button(&reply.outbound, "🔫⬆ ⬅");
    let popup = b.press("bob", "g", &then).await.popup.unwrap_or_default();
    assert!(popup.contains("ann"), "{popup}");
    let reply = b.press("ann", "g", &then).await;
    let told = texts(&reply.outbound);
    assert!(!told.contains("exactly one movement"), "{told}");
    assert!(told.contains("bob, your move"), "{told}");
}

/// A plain player's press of an admin's confirmation button ("Yes, do it" under `/abort`) is
/// refused for his eyes only, and changes nothing.
#[tokio::test]
async fn a_plain_players_press_of_an_admins_button_is_refused_privately() {
    let mut b = Bench::new(GAMES, "confirm-press").await;
    b.started("g", "").await;
    let out = b.say("gm", Some("g"), "/abort").await;
    let yes = out
        .iter()
        .flat_map(|o| o.buttons.iter().flatten())
        .find(|b| b.data.ends_with(" yes"))
        .expect("a yes button")
        .data
        .clone();
    let reply = b.press("bob", "g", &yes).await;
    assert!(reply.outbound.is_empty(), "{:?}", reply.outbound);
    let popup = reply.popup.unwrap_or_default();
    assert!(popup.contains("Only the game's opener"), "{popup}");
    assert_eq!(b.peek("g").await["status"], "playing");
}

/// The free-order turn model: anyone orders whenever he likes, the game decides what happens, and
/// no clock runs, so no deadline ever fires.
#[tokio::test]
async fn in_free_order_anyone_plays_and_no_clock_runs() {
    let mut b = Bench::new(GAMES, "free").await;
    b.say(
        "ann",
        Some("t"),
        "/newgame tiny order=free stones=3 deadline=1h",
    )
    .await;
    b.say("bob", Some("t"), "/join").await;
    b.say("ann", Some("t"), "/begin").await;
    assert!(b.peek("t").await["turn"].is_null());
    assert!(
        b.advance("5h").await.is_empty(),
        "no deadline in free order"
    );
    for _ in 0..2 {
        let out = b.say("bob", Some("t"), "take 1").await;
        assert!(!texts(&out).contains("Not your turn"), "{}", texts(&out));
    }
    let out = b.say("bob", Some("t"), "take 1").await;
    assert!(
        texts(&out).contains("bob takes the last stone"),
        "{}",
        texts(&out)
    );
    assert_eq!(b.peek("t").await["result"]["winner"], "bob");
}

#[tokio::test]
async fn help_lists_every_game_and_a_game_s_help_adds_the_shared_commands() {
    let mut b = Bench::new(GAMES, "help").await;
    let out = b.say("ann", Some("g"), "/help").await;
    let text = &out[0].text;
    for kind in GAMES.all() {
        assert!(
            text.contains(&format!("/newgame {}", kind.word())),
            "{} is offered: {text}",
            kind.word()
        );
    }
    assert!(text.contains("/vacation"), "the shared commands: {text}");
    b.say("ann", Some("g"), "/newgame labyrinth classic").await;
    let out = b.say("ann", Some("g"), "/help").await;
    let text = &out[0].text;
    assert!(
        text.contains("Terra incognita"),
        "the game's own help: {text}"
    );
    assert!(
        text.contains("/vacation"),
        "and the shared commands: {text}"
    );
}

// A player who left the chat keeps his seat until the deadline of his move, then leaves as by
// /leave; one who comes back and writes keeps it (issue 19, item 11).
#[tokio::test]
async fn a_player_who_left_the_chat_leaves_the_game_at_his_deadline() {
    let mut b = Bench::new(GAMES, "member-left").await;
    b.started("g", "deadline=1h").await;
    let out = b
        .session
        .member_left(Platform::Script, "g", "ann", "left:1", b.now)
        .await
        .unwrap();
    assert!(texts(&out).contains("ann left the chat"), "{}", texts(&out));
    // A redelivered event says nothing more.
    let again = b
        .session
        .member_left(Platform::Script, "g", "ann", "left:1", b.now);
    assert!(again.await.unwrap().is_empty());
    assert_eq!(b.peek("g").await["turn"], "ann", "still seated");
    let out = b.advance("61m").await;
    assert!(
        texts(&out).contains("ann is out of the game"),
        "{}",
        texts(&out)
    );

    // Back before the deadline: his turn is only skipped.
    let mut b = Bench::new(GAMES, "member-back").await;
    b.started("g", "deadline=1h").await;
    b.session
        .member_left(Platform::Script, "g", "ann", "left:2", b.now)
        .await
        .unwrap();
    b.say("ann", Some("g"), "sorry, misclick").await;
    let out = b.advance("61m").await;
    assert!(!texts(&out).contains("out of the game"), "{}", texts(&out));
    assert_eq!(b.peek("g").await["turn"], "bob");
}

/// Issue 36: `/move` where no game runs (a forum's General topic) says so, and where the player's
/// game runs, instead of "I don't know the command /move"; it changes nothing.
#[tokio::test]
async fn a_move_where_no_game_runs_points_to_the_players_game() {
    let mut b = Bench::new(GAMES, "move-elsewhere").await;
    b.started("g", "").await;
    let before = b.peek("g").await;
    let out = b.say("ann", Some("general"), "/move go up").await;
    let text = texts(&out);
    assert!(text.contains("No game runs in this chat"), "{text}");
    assert!(text.contains("Your game runs in g"), "{text}");
    assert!(!text.contains("don't know"), "{text}");
    assert_eq!(b.peek("g").await, before, "nothing moved");
    let out = b.say("cid", Some("general"), "/move go up").await;
    let text = texts(&out);
    assert!(text.contains("nothing to move"), "{text}");
}

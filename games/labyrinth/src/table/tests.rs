//! The Labyrinth at a table, through the real session on a SQLite file: what the master asks and
//! answers in the chat, beyond what the rules engine's own tests see.

use bot_core::session::chat::{Outbound, Target};
use bot_core::testkit::{Bench, texts};

/// A small maze of two exits: a fake at A1, the true treasure at B1, a hospital and an arsenal below.
const PLAN: &str = "labyrinth 3x2
+---+---+---+
  .   .   . |
+   +   +   +
| M   .   A  
+---+---+---+
items:
  A1 fake
  B1 treasure
";

/// What went to the group chat.
fn to_group(out: &[Outbound]) -> String {
    texts(
        &out.iter()
            .filter(|o| matches!(o.to, Target::Chat(_)))
            .cloned()
            .collect::<Vec<_>>(),
    )
}

/// A classic game of ann (on A1, with the fake) and bob (on C2) on [`PLAN`], ann to move.
async fn started(b: &mut Bench, options: &str) {
    let open = format!("/newgame labyrinth classic plan=own order=join start_mines=0 {options}");
    b.say("gm", Some("g"), &open).await;
    b.say("ann", Some("g"), "/join").await;
    b.say("bob", Some("g"), "/join").await;
    b.say("gm", Some("g"), "/begin").await;
    b.say("gm", None, PLAN).await;
    b.say("ann", None, "A1").await;
    let out = b.say("bob", None, "C2").await;
    assert!(texts(&out).contains("ann, your move"), "{}", texts(&out));
}

#[tokio::test]
async fn a_second_treasure_is_asked_about_and_the_turn_waits_for_the_answer() {
    // Kodex Б §5.8: the master "уточняет, какой клад -- "старый" или "вновь найденный" -- игрок
    // предпочитает взять с собой"; the turn passes once he has said.
    let mut b = Bench::new(crate::TEST_GAMES, "lab-which-treasure").await;
    started(&mut b, "").await;
    let out = b.say("ann", Some("g"), "go right").await;
    let asked = to_group(&out);
    assert!(asked.contains("the old one or the new one?"), "{asked}");
    assert!(!asked.contains("bob, your move"), "{asked}");
    assert_eq!(b.peek("g").await["turn"], "ann");
    let before = b.peek("g").await;
    for (who, text) in [
        ("bob", "go up"),
        ("ann", "go left"),
        ("ann", "third from bottom"),
    ] {
        let out = b.say(who, Some("g"), text).await;
        assert_eq!(out.len(), 1, "{text}: one clear reply");
        assert_eq!(b.peek("g").await, before, "{text} changed the game");
    }
    let out = b.say("ann", Some("g"), "take new").await;
    assert!(to_group(&out).contains("bob, your move"), "{}", texts(&out));
    let state = b.peek("g").await;
    assert_eq!(state["items"]["B1"][0], "fake", "the old one left: {state}");
    assert_eq!(state["players"]["ann"]["carrying"], "treasure");
}

/// Issue 36's rule on talk in the group, in a game started with `options`: players talk among
/// themselves; the master answers words he did not understand only from the player whose turn it
/// is (he may have meant an order), once a turn; each of `always` (who, what) gets one answer.
async fn talk_is_answered_on_the_talkers_turn_once(
    name: &str,
    options: &str,
    always: &[(&str, &str)],
) {
    let mut b = Bench::new(crate::TEST_GAMES, name).await;
    started(&mut b, options).await;
    let before = b.peek("g").await;
    let out = b.say("bob", Some("g"), "hello all").await;
    assert!(out.is_empty(), "bob talks off his turn: {}", texts(&out));
    let out = b.say("ann", Some("g"), "hmm let me think").await;
    assert!(
        to_group(&out).contains("Did not understand"),
        "{}",
        texts(&out)
    );
    let out = b.say("ann", Some("g"), "still thinking").await;
    assert!(out.is_empty(), "once a turn: {}", texts(&out));
    for (who, text) in always {
        let out = b.say(who, Some("g"), text).await;
        assert_eq!(out.len(), 1, "{who}: {text}: {}", texts(&out));
    }
    assert_eq!(b.peek("g").await, before, "talk changed the game");
    let out = b.say("ann", Some("g"), "go down").await;
    assert!(to_group(&out).contains("bob, your move"), "{}", texts(&out));
    let out = b.say("bob", Some("g"), "hello all").await;
    assert!(
        to_group(&out).contains("Did not understand"),
        "{}",
        texts(&out)
    );
}

#[tokio::test]
async fn talk_in_the_group_is_answered_only_on_the_talkers_turn_and_once() {
    // Sent to the master as a command, or an order gone wrong: always answered.
    let always = [("ann", "/move hmm"), ("bob", "go sideways")];
    talk_is_answered_on_the_talkers_turn_once("lab-chatter", "", &always).await;
}

#[tokio::test]
async fn talk_in_the_group_of_queued_play_is_answered_only_on_the_talkers_turn_and_once() {
    // Queued play's reader knows phrases of its own ("expect C3"): those gone wrong, and words
    // sent as a command, are always answered; talk is not.
    let always = [("bob", "expect C3"), ("bob", "/move hello")];
    talk_is_answered_on_the_talkers_turn_once("lab-chatter-queue", "queue=on", &always).await;
}

#[tokio::test]
async fn an_unanswered_treasure_question_keeps_the_old_one_at_the_deadline() {
    // Kodex Б §6.7: unasked, "клад при обнаружении второго клада сохраняется старый".
    let mut b = Bench::new(crate::TEST_GAMES, "lab-which-deadline").await;
    started(&mut b, "deadline=1h").await;
    b.say("ann", Some("g"), "go right").await;
    let out = b.advance("1h").await;
    assert!(to_group(&out).contains("bob, your move"), "{}", texts(&out));
    let state = b.peek("g").await;
    assert_eq!(state["items"]["B1"][0], "treasure", "{state}");
}

#[tokio::test]
async fn a_treasure_question_stops_a_queue_until_it_is_answered() {
    // Kodex Б §5.8 in queued play: the question is where the player would want to think again.
    let mut b = Bench::new(crate::TEST_GAMES, "lab-which-queue").await;
    started(&mut b, "queue=on").await;
    let out = b.say("ann", None, "go right; go left").await;
    assert!(
        to_group(&out).contains("the old one or the new one?"),
        "{}",
        texts(&out)
    );
    assert!(
        texts(&out).contains("Your queue stopped"),
        "{}",
        texts(&out)
    );
    assert_eq!(b.peek("g").await["turn"], "ann");
    let out = b.say("ann", None, "old").await;
    assert!(to_group(&out).contains("bob, your move"), "{}", texts(&out));
    assert_eq!(b.peek("g").await["players"]["ann"]["cell"], "B1");
}

#[tokio::test]
async fn a_mine_in_the_reveal_where_a_treasure_lay_was_left_in_exchange_and_told() {
    // Kodex Б §5.1: a player carrying his mine (Б §5.3) who takes a treasure leaves the mine in
    // its place ("мина на клад"). The reveal's item list is right to show it; what was missing
    // was the master saying so when it happened.
    let mut b = Bench::new(crate::TEST_GAMES, "lab-exchange").await;
    b.say(
        "gm",
        Some("g"),
        "/newgame labyrinth classic plan=own order=join",
    )
    .await;
    b.say("ann", Some("g"), "/join").await;
    b.say("bob", Some("g"), "/join").await;
    b.say("gm", Some("g"), "/begin").await;
    b.say("gm", None, PLAN).await;
    b.say("ann", None, "C1").await;
    b.say("bob", None, "B2").await;
    b.say("ann", Some("g"), "go down").await;
    let out = b.say("bob", Some("g"), "go up").await;
    let said = to_group(&out);
    assert!(said.contains("You left the mine in exchange"), "{said}");
    let state = b.peek("g").await;
    assert_eq!(state["items"]["B1"], serde_json::json!(["mine"]), "{state}");
    assert_eq!(state["players"]["bob"]["carrying"], "treasure");
}

#[tokio::test]
async fn help_tells_the_rules_of_the_games_own_code() {
    // Kodex Б §2.1 (one movement and any actions around it), В §2.1 (one action a turn), and the
    // encyclopedia's "Ход игры": /help describes the code being played, not always the classic one.
    for (code, says, not) in [
        ("classic", "drop their bullets", "A turn is one action"),
        ("quantum", "A turn is one action", "drop their bullets"),
        ("wiki", "the knife", "drop their bullets"),
    ] {
        let mut b = Bench::new(crate::TEST_GAMES, &format!("lab-help-{code}")).await;
        b.say("ann", Some("g"), &format!("/newgame labyrinth {code}"))
            .await;
        let text = texts(&b.say("ann", Some("g"), "/help").await);
        assert!(text.contains(says), "{code}: {text}");
        assert!(!text.contains(not), "{code}: {text}");
        assert!(text.contains("/rules"), "{code}: the shared part: {text}");
    }
}

#[tokio::test]
async fn rules_are_told_in_sentences_not_as_the_option_file() {
    // Б §7: "любой игрок может в любой момент уточнить все действующие в игре правила" — in words
    // he reads, in the chat's language.
    let mut b = Bench::new(crate::TEST_GAMES, "lab-rules").await;
    b.say(
        "ann",
        Some("g"),
        "/newgame labyrinth quantum dark_orders=no max_pits=4",
    )
    .await;
    let text = texts(&b.say("ann", Some("g"), "/rules").await);
    for raw in ["chains = false", "[limits]", "[play]", "dark_orders"] {
        assert!(!text.contains(raw), "«{raw}»: {text}");
    }
    for said in [
        "quantum code",
        "Dark orders are not allowed",
        "at most 4 pits",
        "Time for a move",
    ] {
        assert!(text.contains(said), "«{said}»: {text}");
    }
}

#[tokio::test]
async fn an_order_of_too_many_parts_is_refused_naming_the_part_at_fault() {
    // Kodex Б §2.1: "перемещение ... (не более одного за ход)": of "shoot left, go up, go down"
    // the second movement is at fault, and the answer says which; the game does not change.
    let mut b = Bench::new(crate::TEST_GAMES, "lab-fault").await;
    started(&mut b, "").await;
    let before = b.peek("g").await;
    let out = b.say("ann", Some("g"), "shoot left, go up, go down").await;
    let said = to_group(&out);
    assert!(said.contains("«go down»"), "{said}");
    assert!(!said.contains("«go up»"), "{said}");
    assert_eq!(b.peek("g").await, before);
    // В §2.1: a quantum turn is one action, and the second is named.
    let mut b = Bench::new(crate::TEST_GAMES, "lab-fault-q").await;
    b.say(
        "gm",
        Some("g"),
        "/newgame labyrinth quantum plan=own order=join",
    )
    .await;
    b.say("ann", Some("g"), "/join").await;
    b.say("bob", Some("g"), "/join").await;
    b.say("gm", Some("g"), "/begin").await;
    b.say("gm", None, PLAN).await;
    b.say("ann", None, "A1").await;
    b.say("bob", None, "C2").await;
    let out = b.say("ann", Some("g"), "shoot left, go up").await;
    let said = to_group(&out);
    assert!(said.contains("«go up»"), "{said}");
}

/// A started game saves its rules once, in the rules engine's part; a table saved with the
/// table's copy too (as before) reads back the same, and saves as now.
#[tokio::test]
async fn a_started_game_saves_its_rules_once_and_reads_the_old_form() {
    let mut b = Bench::new(crate::TEST_GAMES, "lab-rules-once").await;
    started(&mut b, "").await;
    let rec = b.session.store().running_games().await.unwrap().remove(0);
    let saved: serde_json::Value = serde_json::from_str(&rec.state).unwrap();
    let play = &saved["play"];
    assert!(play.get("rules").is_none(), "the table's copy is left out");
    assert_eq!(play["game"]["rules"]["code"], "classic");
    let kind = crate::TEST_GAMES.find(&rec.kind).unwrap();
    let table = bot_core::session::table::Table::load(kind, &rec.state).unwrap();
    assert_eq!(table.save().unwrap(), rec.state);
    // The form before: the table's copy beside the game's.
    let mut old = saved.clone();
    let rules = old["play"]["game"]["rules"].clone();
    old["play"]
        .as_object_mut()
        .unwrap()
        .insert("rules".into(), rules);
    let old = serde_json::to_string(&old).unwrap();
    let table = bot_core::session::table::Table::load(kind, &old).unwrap();
    assert_eq!(table.save().unwrap(), rec.state);
    // A game goes on from it.
    let out = b.say("ann", Some("g"), "go down").await;
    assert!(!texts(&out).is_empty());
}

/// A table not yet started keeps its own copy: there is no game to keep it.
#[tokio::test]
async fn a_table_in_its_lobby_keeps_its_rules() {
    let mut b = Bench::new(crate::TEST_GAMES, "lab-rules-lobby").await;
    b.say("gm", Some("g"), "/newgame labyrinth classic").await;
    let rec = b.session.store().running_games().await.unwrap().remove(0);
    let saved: serde_json::Value = serde_json::from_str(&rec.state).unwrap();
    assert_eq!(saved["play"]["rules"]["code"], "classic");
    assert!(saved["play"]["game"].is_null());
    let mut broken = saved.clone();
    broken["play"].as_object_mut().unwrap().remove("rules");
    let kind = crate::TEST_GAMES.find(&rec.kind).unwrap();
    let broken = serde_json::to_string(&broken).unwrap();
    assert!(bot_core::session::table::Table::load(kind, &broken).is_err());
}

/// A cylinder's table is told from the Kodex's by its code, first in what this version saves,
/// anywhere in a table written otherwise.
#[test]
fn a_cylinder_table_is_told_by_its_code_wherever_it_stands() {
    assert!(super::is_cylinder(r#"{"code":"cylinder","own_plan":false}"#).unwrap());
    assert!(!super::is_cylinder(r#"{"code":"classic","rules":{}}"#).unwrap());
    assert!(!super::is_cylinder(r#"{"code":"cylinders"}"#).unwrap());
    assert!(super::is_cylinder(r#"{"own_plan": false, "code": "cylinder"}"#).unwrap());
    assert!(!super::is_cylinder(r#"{"own_plan": false, "code": "quantum"}"#).unwrap());
    assert!(super::is_cylinder("not json").is_err());
}

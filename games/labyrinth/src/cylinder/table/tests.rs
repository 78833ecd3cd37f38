//! The cylinder game at a table, through the real session on a SQLite file: the master's plan and
//! what the group may hear of a queue.

use crate::geometry::Coord;
use bot_core::session::chat::{Outbound, Target, UserId};
use bot_core::testkit::{Bench, texts};

/// The rules post's board in small (seed 004): the morgue, the arsenal, a crocodile, the treasure
/// at B3, an open row glued west to east.
const PLAN: &str = "cylinder 4x3
+---+---+---+---+
| M   .   A   . |
+   +   +   +   +
  .   .   K   .
+   +   +   +   +
| .   .   .   . |
+---+   +---+---+
items:
  B3 treasure
";

/// What went to `user` privately.
fn to_user(out: &[Outbound], user: &str) -> String {
    let user = Target::User(UserId(user.to_string()));
    texts(
        &out.iter()
            .filter(|o| o.to == user)
            .cloned()
            .collect::<Vec<_>>(),
    )
}

/// What went to the group chat.
fn to_group(out: &[Outbound]) -> String {
    texts(
        &out.iter()
            .filter(|o| matches!(o.to, Target::Chat(_)))
            .cloned()
            .collect::<Vec<_>>(),
    )
}

/// A cylinder game of ann and bob on [`PLAN`], the master's plan sent after `/begin`.
async fn started(b: &mut Bench) {
    b.say("gm", Some("g"), "/newgame labyrinth cylinder plan=own")
        .await;
    b.say("ann", Some("g"), "/join").await;
    b.say("bob", Some("g"), "/join").await;
    b.say("gm", Some("g"), "/begin").await;
    b.say("gm", None, PLAN).await;
    assert_eq!(b.peek("g").await["status"], "playing");
}

#[tokio::test]
async fn a_plan_sent_in_the_lobby_is_checked_kept_and_played_at_begin() {
    // Seed 004: the master draws the maze before the game; the other rulesets keep a plan sent
    // before /begin, and the cylinder must not lose it either.
    let mut b = Bench::new(crate::TEST_GAMES, "cyl-early-plan").await;
    b.say("gm", Some("g"), "/newgame labyrinth cylinder plan=own")
        .await;
    let bad = b.say("gm", None, "cylinder 4x3\n+---+").await;
    assert!(!to_user(&bad, "gm").is_empty(), "a bad plan is answered");
    let kept = b.say("gm", None, PLAN).await;
    let reply = to_user(&kept, "gm");
    assert!(reply.contains("kept"), "{reply}");
    b.say("ann", Some("g"), "/join").await;
    b.say("bob", Some("g"), "/join").await;
    let out = b.say("gm", Some("g"), "/begin").await;
    assert!(
        !to_user(&out, "gm").contains("Send me the plan"),
        "asked again: {}",
        texts(&out)
    );
    let state = b.peek("g").await;
    assert_eq!(state["status"], "playing", "{}", texts(&out));
    assert_eq!(state["treasure"], "B3", "{state}");
}

#[tokio::test]
async fn a_plan_kept_in_the_lobby_that_does_not_suit_the_table_is_asked_for_again() {
    // A plan checked before the players are known may still fail at /begin (here: five cells of
    // land for six players, "В начале игры участника помещают на какую-нибудь клетку суши"): then
    // the master is asked for one, as if he had sent none.
    let mut b = Bench::new(crate::TEST_GAMES, "cyl-early-plan-2").await;
    b.say("gm", Some("g"), "/newgame labyrinth cylinder plan=own")
        .await;
    let crowded = PLAN.replace("| .   .   .   . |", "| K   K   K   K |");
    let kept = b.say("gm", None, &crowded).await;
    assert!(to_user(&kept, "gm").contains("kept"), "{}", texts(&kept));
    for p in ["ann", "bob", "carl", "dan", "eve", "fay"] {
        b.say(p, Some("g"), "/join").await;
    }
    let out = b.say("gm", Some("g"), "/begin").await;
    assert_eq!(b.peek("g").await["status"], "setup", "{}", texts(&out));
    let told = to_user(&out, "gm");
    assert!(told.contains("Send me the plan"), "{}", texts(&out));
    // The plan he then sends is the one played.
    b.say("gm", None, PLAN).await;
    assert_eq!(b.peek("g").await["status"], "playing");
}

#[tokio::test]
async fn a_wrong_expected_cell_is_told_to_its_player_alone() {
    // Kodex Б §2.3: where a player is, the master tells him alone; seed 004's "ожидаемая клетка" is
    // such a cell, named by the player — privately here.
    let mut b = Bench::new(crate::TEST_GAMES, "cyl-expect").await;
    started(&mut b).await;
    let state = b.peek("g").await;
    let at: Coord = state["players"]["bob"]["cell"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    // Two columns away on a cylinder four wide: no single step (no rivers, pits or spinners on
    // this board) ends there.
    let far = Coord {
        col: (at.col + 2) % 4,
        ..at
    }
    .to_string();
    b.say("ann", Some("g"), "north").await;
    let out = b.say("bob", None, &format!("east, expect {far}")).await;
    assert!(
        to_user(&out, "bob").contains(&far),
        "bob is told: {}",
        texts(&out)
    );
    let group = to_group(&out);
    assert!(group.contains("Step 1"), "{}", texts(&out));
    assert!(!group.contains(&far), "the group heard {far}: {group}");
}

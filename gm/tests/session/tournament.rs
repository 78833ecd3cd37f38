//! A tournament moved from the chat: `/tournament export` by its director, `/import` of the file
//! into a group of another installation, its games under way going on there.

use super::{Bench, texts};
use bot_core::session::chat::{Content, Target, TextFile, UserId};

/// A Hive round-robin of four in `g`, begun: two games under way in its threads.
async fn under_way(b: &mut Bench) {
    b.say(
        "dir",
        Some("g"),
        "/tournament new hive format=round-robin deadline=1h",
    )
    .await;
    for p in ["ann", "bob", "cid", "dan"] {
        b.say(p, Some("g"), "/tournament join").await;
    }
    b.say("dir", Some("g"), "/tournament start").await;
}

/// Each round's games: their players and where they stand.
fn pairings(peek: &serde_json::Value) -> Vec<(String, String)> {
    let rounds = peek["tournament"]["rounds"].as_array().unwrap();
    let games = rounds.iter().flat_map(|r| r.as_array().unwrap());
    games
        .map(|g| (g["players"].to_string(), g["status"].to_string()))
        .collect()
}

/// Everything queued to send so far, one message a line.
async fn unsent(b: &Bench) -> String {
    let out = b
        .session
        .unsent_outbox(bot_core::store::Platform::Script)
        .await;
    texts(&out.unwrap())
}

/// Who sits first at a game of the first round.
fn first_of(peek: &serde_json::Value, game: usize) -> String {
    let g = &peek["tournament"]["rounds"][0][game];
    g["players"][0].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_tournament_moves_to_another_installation_through_the_chat() {
    let mut here = Bench::new(super::GAMES, "tour-export").await;
    under_way(&mut here).await;
    let before = here.peek("g").await;
    let ann = here.admin_msg("ann", Some("g"), "/tournament export");
    let out = here.send(ann).await;
    assert!(
        texts(&out).contains("You play at a game"),
        "{}",
        texts(&out)
    );
    assert!(out.iter().all(|o| o.file.is_none()));
    let out = here.say("bob", Some("g"), "/tournament export").await;
    assert!(
        texts(&out).contains("Only the tournament's director"),
        "{}",
        texts(&out)
    );
    let out = here.say("dir", Some("g"), "/tournament export").await;
    let file: TextFile = out
        .iter()
        .find_map(|o| {
            let private = o.to == Target::User(UserId("dir".into()));
            o.file.clone().filter(|_| private)
        })
        .expect("the file, privately");
    assert_eq!(file.name, "tournament-1.json");
    assert!(
        out.iter()
            .filter(|o| o.file.is_some())
            .all(|o| matches!(o.to, Target::User(_)))
    );

    let mut there = Bench::new(super::GAMES, "tour-import").await;
    let zed = there.admin_msg("zed", Some("h"), "/import");
    there.send(zed).await;
    // A damaged file is refused with the reason, and the ticket stays for a better one.
    let mut m = there.msg("zed", None, "");
    let damaged = file
        .text
        .replace("\"format_version\": 1", "\"format_version\": 9");
    assert_ne!(damaged, file.text);
    m.content = Content::File(TextFile {
        name: file.name.clone(),
        text: damaged,
    });
    let out = there.send(m).await;
    assert!(
        texts(&out).contains("cannot be imported"),
        "{}",
        texts(&out)
    );
    let mut m = there.msg("zed", None, "");
    m.content = Content::File(file.clone());
    let out = there.send(m).await;
    assert!(
        texts(&out).contains("Tournament #1 is imported"),
        "{}",
        texts(&out)
    );
    let all = unsent(&there).await;
    assert!(all.contains("was brought here"), "{all}");
    let moved = there.peek("h").await;
    assert_eq!(
        pairings(&moved),
        pairings(&before),
        "the same rounds, the same games under way"
    );
    assert_eq!(moved["tournament"]["rounds"][0][0]["chat"], "h/r1g1");
    // A game under way goes on there: its first seat resigns, the group hears the result.
    let first = first_of(&moved, 0);
    there.say(&first, Some("h/r1g1"), "/resign").await;
    let all = unsent(&there).await;
    assert!(all.contains("Round 1, game 1 is over"), "{all}");
    // The ticket is used up, and a second tournament may not come into a group that has one.
    let zed = there.admin_msg("zed", Some("h"), "/import");
    there.send(zed).await;
    let mut m = there.msg("zed", None, "");
    m.content = Content::File(file);
    let out = there.send(m).await;
    assert!(
        texts(&out).contains("has a tournament open already"),
        "{}",
        texts(&out)
    );
}

/// The ratings of the chat `g` in Hive: each user's shown rating and rated games.
async fn hive_ratings(b: &Bench) -> Vec<(String, i64, i64)> {
    let all = b
        .session
        .store()
        .ratings(bot_core::store::Platform::Script, "g", "hive")
        .await
        .unwrap();
    all.into_iter()
        .map(|r| {
            let rating: bot_core::tournament::rating::Rating =
                serde_json::from_str(&r.rating).unwrap();
            (r.user_id, rating.display(), r.games)
        })
        .collect()
}

// Glicko-2 (Glickman): the games of a rating period are rated together, each against the
// ratings at the period's start. In a tournament a round is one period: a game that ends moves
// no rating until the round is over, and then the whole round is rated in one commit.
#[tokio::test]
async fn a_tournament_round_is_rated_when_it_is_over() {
    let mut b = Bench::new(super::GAMES, "tour-period").await;
    under_way(&mut b).await;
    let peek = b.peek("g").await;
    let first = first_of(&peek, 0);
    b.say(&first, Some("g/r1g1"), "/resign").await;
    assert_eq!(
        b.peek("g").await["tournament"]["rounds"][0][0]["status"],
        "finished"
    );
    assert_eq!(hive_ratings(&b).await, vec![], "the round is not over");
    let out = b.say(&first, Some("g"), "/rating").await;
    assert!(
        texts(&out).contains("when their round is over"),
        "{}",
        texts(&out)
    );
    let second = first_of(&peek, 1);
    b.say(&second, Some("g/r1g2"), "/resign").await;
    let rated = hive_ratings(&b).await;
    assert_eq!(rated.len(), 4, "{rated:?}");
    // Two newcomers' game each: the winners up, the losers down, alike.
    for (user, shown, games) in &rated {
        let lost = *user == first || *user == second;
        assert_eq!(*games, 1, "{rated:?}");
        assert_eq!(lost, *shown < 1500, "{rated:?}");
    }
    assert_eq!(rated.iter().filter(|r| r.1 > 1500).count(), 2);
    // A later tick rates nothing twice.
    b.advance("1m").await;
    assert_eq!(hive_ratings(&b).await, rated);
}

// A tournament called off mid-round: the games its round played to a result are rated then, and
// those still under way count for nothing.
#[tokio::test]
async fn a_cancelled_tournament_rates_what_its_round_played() {
    let mut b = Bench::new(super::GAMES, "tour-cancel-rated").await;
    under_way(&mut b).await;
    let peek = b.peek("g").await;
    let first = first_of(&peek, 0);
    b.say(&first, Some("g/r1g1"), "/resign").await;
    assert_eq!(hive_ratings(&b).await, vec![]);
    b.say("dir", Some("g"), "/tournament cancel").await;
    let rated = hive_ratings(&b).await;
    let players: Vec<String> = peek["tournament"]["rounds"][0][0]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    let mut who: Vec<String> = rated.iter().map(|r| r.0.clone()).collect();
    let mut want = players.clone();
    who.sort();
    want.sort();
    assert_eq!(who, want, "{rated:?}");
    // The game under way ends uncounted and unrated.
    let second = first_of(&peek, 1);
    b.say(&second, Some("g/r1g2"), "/resign").await;
    assert_eq!(hive_ratings(&b).await, rated);
}

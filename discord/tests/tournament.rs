//! A tournament through Discord (issue 17): announced in one channel, a second channel hosting
//! its tables, the round-robin's first two games at once, one in each; players told privately
//! where; results back as the standings (text and picture) in the tournament's channel; the next
//! round opening.

mod fake;
mod harness;

use bot_core::i18n::Lang;
use fake::{CHANNEL, CHANNEL_2, Fake, User};
use harness::{Bot, temp_db};

/// The first name in the group's line announcing a game: "Round 1, game 2: ann — bob — in …".
fn first_player(fake: &Fake, game: &str) -> String {
    let line = fake
        .texts(CHANNEL)
        .into_iter()
        .find(|t| t.starts_with(game))
        .expect("the game was announced");
    let players = line[game.len()..].trim_start_matches(':').trim();
    players.split(" — ").next().unwrap_or("").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_runs_two_games_at_once_in_two_channels() {
    let fake = Fake::start().await;
    let db = temp_db("tournament");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let users: Vec<User> = ["dir", "ann", "bob", "cid", "dan"]
        .iter()
        .map(|n| fake.user(n))
        .collect();
    let count = |channel: u64, n: usize| move |f: &Fake| f.texts(channel).len() >= n;
    users[0].says(
        CHANNEL,
        "/tournament new hive format=round-robin deadline=1h",
    );
    fake.wait("the announcement", count(CHANNEL, 1)).await;
    for (i, u) in users[1..].iter().enumerate() {
        u.says(CHANNEL, "/tournament join");
        fake.wait("a join", count(CHANNEL, i + 2)).await;
    }
    users[0].says(CHANNEL_2, "/tournament host 1");
    fake.wait("hosting", count(CHANNEL_2, 1)).await;
    users[0].says(CHANNEL, "/tournament start");
    let begun = |f: &Fake, c: u64| f.texts(c).iter().any(|t| t.contains("Hive begins"));
    fake.wait("a game in each channel", |f| {
        begun(f, CHANNEL) && begun(f, CHANNEL_2)
    })
    .await;
    for u in &users[1..] {
        let dm = fake.dm_texts(u);
        assert!(
            dm.iter()
                .any(|t| t.contains("Your tournament game of round 1 begins")),
            "{}: {dm:?}",
            u.name
        );
    }
    let (one, two) = (
        first_player(&fake, "Round 1, game 1"),
        first_player(&fake, "Round 1, game 2"),
    );
    let who = |name: &str| {
        users
            .iter()
            .find(|u| u.name == name)
            .expect("a player")
            .clone()
    };
    who(&one).says(CHANNEL, "/resign");
    who(&two).says(CHANNEL_2, "/resign");
    let over = |f: &Fake| {
        let t = f.texts(CHANNEL);
        ["Round 1, game 1 is over", "Round 1, game 2 is over"]
            .iter()
            .all(|s| t.iter().any(|m| m.contains(s)))
    };
    fake.wait("both results in the tournament's channel", over)
        .await;
    let pictures = fake
        .posted_in(CHANNEL)
        .into_iter()
        .filter(|p| p.content.contains("Standings") && !p.files.is_empty())
        .count();
    assert!(pictures >= 2, "the standings as a picture after each game");
    let next = |f: &Fake| {
        f.texts(CHANNEL)
            .iter()
            .any(|t| t.contains("Round 2, game 1:"))
    };
    fake.wait("round 2 opens", next).await;
    bot.stop().await;
}

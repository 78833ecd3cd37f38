//! A tournament through Discord (issue 17): announced in one channel, its games played in threads
//! the bot opens there, the round-robin's first two games at once, one in each; players told
//! privately where; results back as the standings (text and picture) in the tournament's channel;
//! the next round opening. Where the bot may not open threads, its games play in the channel
//! itself, one at a time, or side by side in a second channel that hosts its tables.

mod fake;
mod harness;

use bot_core::i18n::Lang;
use fake::{CHANNEL, CHANNEL_2, Fake, Fault, On, PUBLIC_THREAD, Thread, User};
use harness::{Bot, reply, temp_db};

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

/// The note the tournament's channel gets when a game's thread could not be opened.
const NO_THREAD: &str = "I could not open a thread";

/// The players of a tournament: its director first.
fn people(fake: &Fake) -> Vec<User> {
    ["dir", "ann", "bob", "cid", "dan"]
        .iter()
        .map(|n| fake.user(n))
        .collect()
}

/// The player of this name.
fn who(users: &[User], name: &str) -> User {
    users
        .iter()
        .find(|u| u.name == name)
        .expect("a player")
        .clone()
}

/// The players of a game's thread, from its name "R1 G2: ann — bob".
fn players_of(t: &Thread) -> Vec<String> {
    let (_, names) = t
        .name
        .split_once(": ")
        .expect("a thread named for its game");
    names.split(" — ").map(str::to_string).collect()
}

/// The white and the black player of the game begun in a channel or thread, from "Hive begins.
/// ⚪ White: ann. ⚫ Black: bob. …".
fn colours(fake: &Fake, channel: u64) -> (String, String) {
    let texts = fake.texts(channel);
    let start = texts
        .iter()
        .find(|t| t.contains("Hive begins"))
        .expect("the game began");
    let after = |key: &str| {
        let rest = &start[start.find(key).expect(key) + key.len()..];
        rest[..rest.find('.').unwrap()].trim().to_string()
    };
    (after("White:"), after("Black:"))
}

/// The director opens a round-robin of Hive in a channel (by slash command, or typed), the four
/// players join, and the director starts it.
async fn started(fake: &Fake, users: &[User], channel: u64, slash: bool) {
    let count = |n: usize| move |f: &Fake| f.texts(channel).len() >= n;
    let new = "new hive format=round-robin deadline=1h";
    if slash {
        reply(
            fake,
            users[0].slash(channel, "tournament", &[("what", new)]),
        )
        .await;
    } else {
        users[0].says(channel, &format!("/tournament {new}"));
    }
    fake.wait("the announcement", count(1)).await;
    for (i, u) in users[1..].iter().enumerate() {
        u.says(channel, "/tournament join");
        fake.wait("a join", count(i + 2)).await;
    }
    users[0].says(channel, "/tournament start");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournaments_games_play_in_threads_of_its_channel() {
    let fake = Fake::start().await;
    let db = temp_db("tournament-threads");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let users = people(&fake);
    // Discord fails twice to open a thread, for a moment: tried again, not given up.
    fake.inject_on(On::Thread, &[Fault::ServerError, Fault::RateLimited(0.3)]);
    // By slash command: the interaction tells the channel's type.
    started(&fake, &users, CHANNEL, true).await;
    let begun = |f: &Fake, t: &Thread| f.texts(t.id).iter().any(|m| m.contains("Hive begins"));
    fake.wait("a game begun in each of two threads", |f| {
        let threads = f.threads();
        threads.len() == 2 && threads.iter().all(|t| begun(f, t))
    })
    .await;
    assert_eq!(fake.faults_served_on(On::Thread).len(), 2);
    assert!(fake.violations().is_empty(), "{:?}", fake.violations());
    // Opened side by side: in either order.
    let mut threads = fake.threads();
    threads.sort_by(|a, b| a.name.cmp(&b.name));
    for (i, t) in threads.iter().enumerate() {
        assert!(
            t.name.starts_with(&format!("R1 G{}: ", i + 1)),
            "{}",
            t.name
        );
        assert_eq!(
            (t.parent, t.kind, t.auto_archive_duration),
            (CHANNEL, PUBLIC_THREAD, 10080),
            "a public thread of the tournament's channel, archived after a week of silence"
        );
        assert_eq!(players_of(t).len(), 2, "{}", t.name);
        // The first move's buttons are in its thread.
        fake.wait("the first move's buttons in the thread", |f| {
            f.posted_in(t.id).iter().any(|p| !p.buttons.is_empty())
        })
        .await;
    }
    let channel = fake.texts(CHANNEL);
    assert!(
        channel.iter().all(|m| !m.contains("Hive begins")),
        "no game in the tournament's channel itself: {channel:?}"
    );
    assert!(
        channel.iter().all(|m| !m.contains(NO_THREAD)),
        "{channel:?}"
    );
    for (i, t) in threads.iter().enumerate() {
        let line = format!("Round 1, game {}:", i + 1);
        let announced = channel
            .iter()
            .find(|m| m.starts_with(&line))
            .expect("the game announced");
        assert!(announced.contains(&t.name), "{announced}");
        for name in players_of(t) {
            let dm = fake.dm_texts(&who(&users, &name));
            assert!(
                dm.iter()
                    .any(|m| m.contains("round 1 begins") && m.contains(&t.name)),
                "{name} is told where his game is: {dm:?}"
            );
        }
    }

    // The first game: a move typed in its thread is played, then the other player resigns there.
    let (one, two) = (&threads[0], &threads[1]);
    let (white, black) = colours(&fake, one.id);
    let shown = fake.shown(one.id).len();
    who(&users, &white).says(one.id, "wA1");
    let blacks_turn = format!("{black} (black), your move");
    fake.wait("the move is played", |f| {
        f.shown(one.id)[shown..]
            .iter()
            .any(|m| m.contains(&blacks_turn))
    })
    .await;
    // The board, as a picture, in the thread.
    fake.wait("the board in the thread", |f| {
        f.posted_in(one.id).iter().any(|p| !p.files.is_empty())
    })
    .await;
    who(&users, &black).says(one.id, "/resign");
    // The second: resigned by slash command in its thread.
    let first = &players_of(two)[0];
    let resign = who(&users, first).slash(two.id, "resign", &[]);
    reply(&fake, resign).await;
    let over = |f: &Fake| {
        let t = f.texts(CHANNEL);
        ["Round 1, game 1 is over", "Round 1, game 2 is over"]
            .iter()
            .all(|s| t.iter().any(|m| m.contains(s)))
    };
    fake.wait("both results in the tournament's channel", over)
        .await;
    assert!(
        fake.texts(CHANNEL)
            .iter()
            .any(|m| m.contains("Round 1, game 1 is over") && m.contains(&white)),
        "the first game's winner, by resignation: {white}"
    );
    let standings = fake
        .posted_in(CHANNEL)
        .into_iter()
        .filter(|p| p.content.contains("Standings") && !p.files.is_empty())
        .count();
    assert!(standings >= 2, "the standings after each game");
    // The next round opens in threads of its own.
    fake.wait("round 2 in two new threads", |f| {
        let threads = f.threads();
        threads.len() == 4 && threads[2..].iter().all(|t| begun(f, t))
    })
    .await;
    let mut names: Vec<String> = fake.threads()[2..].iter().map(|t| t.name.clone()).collect();
    names.sort();
    assert!(
        names[0].starts_with("R2 G1: ") && names[1].starts_with("R2 G2: "),
        "{names:?}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_threads_a_tournaments_games_play_in_its_channel_one_at_a_time() {
    let fake = Fake::start().await;
    fake.forbid_threads(CHANNEL);
    let db = temp_db("tournament-no-threads");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let users = people(&fake);
    // Typed: the bot reads the channel's type itself.
    started(&fake, &users, CHANNEL, false).await;
    let games = |f: &Fake| {
        f.texts(CHANNEL)
            .iter()
            .filter(|m| m.contains("Hive begins"))
            .count()
    };
    fake.wait("the note, and a game in the channel", |f| {
        f.texts(CHANNEL).iter().any(|m| m.contains(NO_THREAD)) && games(f) == 1
    })
    .await;
    // Where the game plays is said before its first words.
    let said = fake.texts(CHANNEL);
    let opens = said.iter().position(|m| m.starts_with("Round 1, game 1:"));
    let begins = said.iter().position(|m| m.contains("Hive begins"));
    assert!(opens.is_some() && opens < begins, "{said:?}");
    assert!(fake.threads().is_empty());
    // Issue 36: a game's place is told once Discord answered: the refused thread is never named.
    let said = fake.texts(CHANNEL);
    assert!(!said.iter().any(|m| m.contains("R1 G1")), "{said:?}");
    let opens = said.iter().filter(|m| m.contains("Round 1, game 1:"));
    assert_eq!(opens.count(), 1, "{said:?}");
    assert!(
        fake.requests()
            .iter()
            .any(|r| r == &format!("POST /api/v10/channels/{CHANNEL}/threads")),
        "a thread was asked for"
    );
    for game in 1..=2 {
        // Everything said so far is out: one game at a time in the channel.
        harness::barrier(&fake, &users[0]).await;
        assert_eq!(games(&fake), game, "{:?}", fake.texts(CHANNEL));
        let line = format!("Round 1, game {game}");
        let first = first_player(&fake, &line);
        who(&users, &first).says(CHANNEL, "/resign");
        let over = format!("{line} is over");
        fake.wait("the game's result", |f| {
            f.texts(CHANNEL).iter().any(|m| m.contains(&over))
        })
        .await;
    }
    let next = |f: &Fake| {
        f.texts(CHANNEL)
            .iter()
            .any(|t| t.contains("Round 2, game 1:"))
    };
    fake.wait("round 2 opens", next).await;
    assert!(fake.threads().is_empty(), "round 2 asks for no thread");
    let notes = fake.texts(CHANNEL);
    let notes = notes.iter().filter(|m| m.contains(NO_THREAD)).count();
    assert_eq!(notes, 1, "the channel is told once, not for each game");
    bot.stop().await;
}

/// A tournament opened in a thread (threads do not nest) plays its games in that thread, one at a
/// time, and asks Discord for no thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_in_a_thread_plays_there() {
    let fake = Fake::start().await;
    let db = temp_db("tournament-in-thread");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let users = people(&fake);
    started(&fake, &users, fake::THREAD, true).await;
    let games = |f: &Fake| {
        f.texts(fake::THREAD)
            .iter()
            .filter(|m| m.contains("Hive begins"))
            .count()
    };
    fake.wait("a game in the thread", |f| games(f) == 1).await;
    harness::barrier_in(&fake, fake::THREAD, &users[0]).await;
    assert_eq!(games(&fake), 1, "one at a time");
    let texts = fake.texts(fake::THREAD);
    assert!(texts.iter().all(|m| !m.contains(NO_THREAD)), "{texts:?}");
    assert!(fake.threads().is_empty());
    assert!(
        fake.requests().iter().all(|r| !r.ends_with("/threads")),
        "no thread asked for"
    );
    bot.stop().await;
}

/// Where the bot may not open threads, a second channel hosts the tournament's tables.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_runs_two_games_at_once_in_two_channels() {
    let fake = Fake::start().await;
    fake.forbid_threads(CHANNEL);
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
    // Each game's announcement goes to the tournament's channel in the commit that begins it,
    // queued there behind what that channel already had to say: it may come after the other
    // channel's game began.
    fake.wait("both games announced", |f| {
        let t = f.texts(CHANNEL);
        ["Round 1, game 1:", "Round 1, game 2:"]
            .iter()
            .all(|s| t.iter().any(|m| m.starts_with(s)))
    })
    .await;
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
    assert!(fake.texts(CHANNEL).iter().any(|m| m.contains(NO_THREAD)));
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

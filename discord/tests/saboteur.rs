//! A whole game of Saboteur through Discord: four users play three rounds at random, in the
//! channel and by DM, against the real serenity client and the fake Discord. Every channel and DM
//! receives exactly what the session sends for the same inputs; the map and the hands come as
//! pictures; nothing said to one player alone shows in the channel.

mod fake;
mod harness;

use bot_core::i18n::Lang;
use fake::{CHANNEL, Fake, User};
use harness::{Bot, Reference, play_line, temp_db};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_saboteur_arrives_as_the_session_says() {
    let fake = Fake::start().await;
    let db = temp_db("saboteur");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let mut reference = Reference::new(Lang::En).await;
    let users: Vec<User> = ["ann", "bob", "cid", "dan"]
        .iter()
        .map(|n| fake.user(n))
        .collect();
    play_line(
        &fake,
        &mut reference,
        &users,
        &users[0],
        false,
        "/newgame saboteur order=join",
    )
    .await;
    for u in &users[1..] {
        play_line(&fake, &mut reference, &users, u, false, "/join").await;
    }
    play_line(&fake, &mut reference, &users, &users[0], false, "/begin").await;
    let mut seed: u64 = 2026;
    for step in 0..3000 {
        let state = reference.peek(CHANNEL).await;
        if state["status"] != "playing" {
            break;
        }
        let moves = state["moves"].as_array().expect("moves").clone();
        // xorshift: a fixed sequence is all the test needs.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let order = moves[(seed % moves.len() as u64) as usize]
            .as_str()
            .unwrap()
            .to_string();
        let turn = state["turn"].as_str().expect("someone to move");
        let user = users
            .iter()
            .find(|u| u.name == turn)
            .expect("a player")
            .clone();
        let private = order.starts_with("/discard") || order.starts_with("/take") || step % 2 == 0;
        play_line(&fake, &mut reference, &users, &user, private, &order).await;
    }
    let state = reference.peek(CHANNEL).await;
    assert_eq!(state["status"], "finished", "three rounds played: {state}");
    harness::assert_as_reference(&fake, &reference, &users);
    let (maps, expected) = harness::pictures_in(&fake, &reference);
    assert_eq!(
        maps, expected,
        "the map, as a picture, as often as the session sent it"
    );
    assert!(maps > 10, "{maps} maps");
    bot.stop().await;
}

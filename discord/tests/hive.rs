//! A whole game of Hive through Discord: two users play it out in the channel against the real
//! serenity client and the fake Discord, both sides chosen by the bot's level-1 search. The
//! channel receives exactly what the session sends for the same inputs, the board after every
//! move as a picture.

mod fake;
mod harness;

use bot_core::i18n::Lang;
use fake::{CHANNEL, Fake, User};
use harness::{Bot, Reference, play_line, temp_db};
use hive_engine::{Game, Options, search};

/// Moves after which the game is resigned, should the search not have ended it.
const CAP: usize = 200;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_hive_arrives_as_the_session_says() {
    let fake = Fake::start().await;
    let db = temp_db("hive");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let mut reference = Reference::new(Lang::En).await;
    let users: Vec<User> = ["ann", "bob"].iter().map(|n| fake.user(n)).collect();
    let opening = "/newgame hive color=white";
    play_line(&fake, &mut reference, &users, &users[0], false, opening).await;
    play_line(&fake, &mut reference, &users, &users[1], false, "/join").await;
    play_line(&fake, &mut reference, &users, &users[0], false, "/begin").await;
    let mut moves = 0;
    loop {
        let state = reference.peek(CHANNEL).await;
        if state["status"] != "playing" {
            break;
        }
        let turn = state["turn"].as_str().expect("someone to move");
        let user = users
            .iter()
            .find(|u| u.name == turn)
            .expect("a player")
            .clone();
        let text = match moves < CAP {
            true => {
                let gs = state["gamestring"].as_str().expect("a gamestring");
                let game = Game::from_game_string(gs, Options::default()).expect("it reads");
                let mv = search::best_move(&game, 1).expect("a move while playing");
                game.move_string(&mv)
            }
            false => "/resign".to_string(),
        };
        play_line(&fake, &mut reference, &users, &user, false, &text).await;
        moves += 1;
    }
    let state = reference.peek(CHANNEL).await;
    assert_eq!(state["status"], "finished", "{state}");
    assert!(state["result"]["kind"] == "win" || state["result"]["kind"] == "draw");
    harness::assert_as_reference(&fake, &reference, &users);
    let (boards, expected) = harness::pictures_in(&fake, &reference);
    assert_eq!(
        boards, expected,
        "the board, as a picture, as often as the session sent it"
    );
    assert!(
        boards >= moves.min(CAP),
        "{boards} boards for {moves} moves"
    );
    bot.stop().await;
}

//! Hive through `gm script` (in process, exactly as the binary plays): random whole games between
//! two players and against the bot, the spec's peek state at every step (`gamestring` grows by
//! exactly the move played, `moves` lists the legal ones), refused moves change nothing.

use bot_core::i18n::Lang;
use bot_core::script::Script;
use bot_core::session::Session;
use bot_core::store::Store;
use hive::{Game, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

/// The game under test, alone.
static GAMES: bot_core::session::Registry = bot_core::session::Registry::new(&[&hive::table::KIND]);

/// Moves after which a random game is resigned (random play seldom surrounds a queen).
const CAP: usize = 120;

async fn say(script: &mut Script, user: &str, chat: &str, text: &str) -> Vec<String> {
    let line = json!({"user": user, "chat": chat, "text": text}).to_string();
    let out = script.line(&line).await.expect("the script answers");
    (out["out"].as_array().into_iter().flatten())
        .map(|o| o["text"].as_str().unwrap_or("").to_string())
        .collect()
}

async fn peek(script: &mut Script, chat: &str) -> Value {
    let line = json!({"peek": true, "chat": chat}).to_string();
    script.line(&line).await.expect("a peek")["state"].clone()
}

fn strings(v: &Value) -> Vec<String> {
    (v.as_array().expect("a list").iter())
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// The spec's state agrees with itself: the GameString read back gives the same legal moves.
fn consistent(state: &Value, tournament: bool) {
    let gs = state["gamestring"].as_str().expect("a gamestring");
    let game = Game::from_game_string(gs, Options::base(tournament)).expect("it reads back");
    let mut legal: Vec<String> = (game.legal_moves().iter())
        .map(|m| game.move_string(m))
        .collect();
    let mut listed = strings(&state["moves"]);
    legal.sort();
    listed.sort();
    assert_eq!(listed, legal, "{state}");
}

/// One random game between ann and bob in `chat`.
async fn random_game(script: &mut Script, chat: &str, tournament: bool, rng: &mut ChaCha8Rng) {
    let opening = if tournament {
        " opening=tournament"
    } else {
        ""
    };
    say(script, "ann", chat, &format!("/newgame hive{opening}")).await;
    say(script, "bob", chat, "/join").await;
    say(script, "ann", chat, "/begin").await;
    let mut state = peek(script, chat).await;
    assert_eq!(state["status"], "playing", "{state}");
    for step in 0..CAP {
        if state["status"] == "finished" {
            break;
        }
        consistent(&state, tournament);
        let turn = state["turn"].as_str().expect("someone to move").to_string();
        let other = if turn == "ann" { "bob" } else { "ann" };
        let moves = strings(&state["moves"]);
        // Now and then a move out of turn or a broken one: refused, nothing changes.
        if step % 9 == 4 {
            let bad = [
                (other, format!("/move {}", moves[0])),
                (turn.as_str(), "/move wQ9 -bZ1".to_string()),
                (turn.as_str(), "/move pass".to_string()),
            ];
            let (who, text) = &bad[rng.random_range(0..bad.len())];
            if !(text == "/move pass" && moves == ["pass"]) {
                let said = say(script, who, chat, text).await;
                assert!(!said.is_empty(), "{who}: {text} is answered");
                assert_eq!(peek(script, chat).await, state, "{who}: {text}");
            }
        }
        let mv = moves[rng.random_range(0..moves.len())].clone();
        let text = if rng.random_bool(0.5) {
            format!("/move {mv}")
        } else {
            mv.clone()
        };
        say(script, &turn, chat, &text).await;
        let next = peek(script, chat).await;
        let before = state["gamestring"].as_str().unwrap();
        let after = next["gamestring"].as_str().unwrap();
        let moves_before = before.split(';').skip(3).count();
        let played: Vec<&str> = after.split(';').skip(3).collect();
        assert_eq!(played.len(), moves_before + 1, "{before} → {after}");
        assert_eq!(played.last(), Some(&mv.as_str()), "the move as listed");
        state = next;
    }
    if state["status"] != "finished" {
        let turn = state["turn"].as_str().unwrap().to_string();
        say(script, &turn, chat, "/resign").await;
        state = peek(script, chat).await;
        assert_eq!(state["result"]["kind"], "win");
        assert_ne!(state["result"]["winner"], turn.as_str());
    }
    assert_eq!(state["status"], "finished");
    assert!(state["moves"].as_array().unwrap().is_empty(), "{state}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_games_keep_the_spec_state() {
    let db = bot_core::testkit::TempDb::new("hive-random");
    let store = Store::open(db.path()).await.expect("store");
    let session = Session::open(store.clone(), GAMES, 7, Lang::En)
        .await
        .expect("session");
    let mut script = Script::new(session, Lang::En);
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    for g in 0..4 {
        random_game(&mut script, &format!("group:h{g}"), g % 2 == 1, &mut rng).await;
    }
    store.close().await;
}

// Against the bot: a random mover loses (Hive: «Конец игры» — the queen surrounded).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_beats_a_random_mover() {
    let db = bot_core::testkit::TempDb::new("hive-bot");
    let store = Store::open(db.path()).await.expect("store");
    let session = Session::open(store.clone(), GAMES, 7, Lang::En)
        .await
        .expect("session");
    let mut script = Script::new(session, Lang::En);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for (g, color) in ["white", "black"].into_iter().enumerate() {
        let chat = format!("group:b{g}");
        let open = format!("/newgame hive vs=bot level=2 color={color}");
        say(&mut script, "ann", &chat, &open).await;
        say(&mut script, "ann", &chat, "/begin").await;
        let mut state = peek(&mut script, &chat).await;
        for _ in 0..300 {
            if state["status"] == "finished" {
                break;
            }
            assert_eq!(state["turn"], "ann", "the bot answers at once: {state}");
            let moves = strings(&state["moves"]);
            let mv = moves[rng.random_range(0..moves.len())].clone();
            say(&mut script, "ann", &chat, &mv).await;
            state = peek(&mut script, &chat).await;
        }
        assert_eq!(state["result"]["kind"], "win", "{state}");
        assert_eq!(state["result"]["winner"], "bot", "{state}");
    }
    store.close().await;
}

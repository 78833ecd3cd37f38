//! Saboteur through `gm script` (in process, exactly as the binary plays): many random whole
//! games of 3 to 10 players, every group message checked for secrets; refused orders change
//! nothing; the peek state keeps the spec's shape.

use bot_core::i18n::Lang;
use bot_core::script::Script;
use bot_core::session::Session;
use bot_core::store::Store;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

/// The game under test, alone.
static GAMES: bot_core::session::Registry =
    bot_core::session::Registry::new(&[&saboteur::table::KIND]);

/// Random games played: every player count from 3 to 10 six times over (`GM_SABOTEUR_GAMES=N`
/// plays more, e.g. a few hundred before a release; each costs a couple of seconds, most of it
/// drawing the pictures).
fn games() -> usize {
    std::env::var("GM_SABOTEUR_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(48)
}

const NAMES: [&str; 10] = [
    "ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal", "ivy", "jon",
];

/// One line in, its output: the group's texts and each private text with its addressee.
struct Said {
    group: Vec<String>,
    private: Vec<(String, String)>,
}

async fn say(script: &mut Script, user: &str, chat: &str, text: &str) -> Said {
    let line = json!({"user": user, "chat": chat, "text": text}).to_string();
    let out = script.line(&line).await.expect("the script answers");
    let mut said = Said {
        group: vec![],
        private: vec![],
    };
    for o in out["out"].as_array().into_iter().flatten() {
        let (to, text) = (
            o["to"].as_str().unwrap_or(""),
            o["text"].as_str().unwrap_or(""),
        );
        if to.starts_with("group") {
            said.group.push(text.to_string());
        } else {
            said.private.push((to.to_string(), text.to_string()));
        }
    }
    said
}

async fn peek(script: &mut Script, chat: &str) -> Value {
    let line = json!({"peek": true, "chat": chat}).to_string();
    script.line(&line).await.expect("a peek")["state"].clone()
}

/// Plays one random game in `chat` and checks every line's group messages.
async fn random_game(script: &mut Script, chat: &str, players: usize, rng: &mut ChaCha8Rng) {
    let names = &NAMES[..players];
    say(script, names[0], chat, "/newgame saboteur").await;
    for n in names {
        say(script, n, chat, "/join").await;
    }
    say(script, names[0], chat, "/begin").await;
    let mut state = peek(script, chat).await;
    assert_eq!(state["status"], "playing", "{state}");
    for step in 0..2000 {
        if state["status"] == "finished" {
            break;
        }
        let turn = state["turn"].as_str().expect("someone to move").to_string();
        let moves: Vec<String> = (state["moves"].as_array().expect("moves").iter())
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        assert!(
            !moves.is_empty(),
            "the one to move always has a move: {state}"
        );
        // Now and then a stranger's order or one that breaks a rule: refused, nothing changes.
        if step % 7 == 3 {
            let other = names.iter().find(|n| **n != turn).unwrap();
            let bad = [
                (other.to_string(), moves[0].clone()),
                (turn.clone(), "/play NESW 40,40".to_string()),
                (turn.clone(), "/play rockfall 0,0".to_string()),
                (turn.clone(), "/take 7".to_string()),
            ];
            let (who, text) = &bad[rng.random_range(0..bad.len())];
            say(script, who, "dm", text).await;
            assert_eq!(
                peek(script, chat).await,
                state,
                "{who}: {text} changed the game"
            );
        }
        let order = moves[rng.random_range(0..moves.len())].clone();
        // Secret orders by DM; the others in the group or by DM at random.
        let private =
            order.starts_with("/discard") || order.starts_with("/take") || rng.random_bool(0.5);
        let said = say(script, &turn, if private { "dm" } else { chat }, &order).await;
        let next = peek(script, chat).await;
        check_secrets(&said, &state, &next, &order);
        state = next;
    }
    assert_eq!(
        state["status"], "finished",
        "the game ends within 2000 moves"
    );
    let result = &state["result"];
    assert_eq!(result["kind"], "gold", "{result}");
    let gold = result["gold"].as_object().expect("gold by name");
    assert_eq!(gold.len(), players);
}

/// Nothing private reaches the group: no private text, no discarded card, no map's answer, no
/// role before the round is over.
fn check_secrets(said: &Said, before: &Value, after: &Value, order: &str) {
    for g in &said.group {
        for (to, p) in &said.private {
            assert!(
                !g.contains(p.as_str()),
                "{to}'s private text reached the group: {p:?}"
            );
        }
    }
    let round_over = after["round"] != before["round"] || after["status"] == "finished";
    if !round_over {
        for g in &said.group {
            assert!(
                !g.contains("Roles:")
                    && !g.contains(" — saboteur")
                    && !g.contains(" — gold digger"),
                "roles told before the round's end: {g:?}"
            );
        }
    }
    if let Some(card) = order.strip_prefix("/discard ") {
        for g in &said.group {
            assert!(
                !g.contains(card),
                "the discarded {card} was named in the group: {g:?}"
            );
        }
    }
    if order.starts_with("/play map") && after["revealed"] == before["revealed"] {
        for g in &said.group {
            assert!(
                !g.contains(" is gold") && !g.contains(" is stone"),
                "a map's answer in the group: {g:?}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_games_never_tell_the_group_a_secret() {
    let db = bot_core::testkit::TempDb::new("saboteur-random");
    let store = Store::open(db.path()).await.expect("store");
    let session = Session::open(store.clone(), GAMES, 7, Lang::En)
        .await
        .expect("session");
    let mut script = Script::new(session, Lang::En);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for g in 0..games() {
        let players = 3 + g % 8;
        random_game(&mut script, &format!("group:t{g}"), players, &mut rng).await;
    }
    store.close().await;
}

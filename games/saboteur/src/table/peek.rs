//! The omniscient state of a Saboteur table, exactly as `gm script` prints it for
//! `{"peek":true}` (`shared/spec/script-harness.md`, "Saboteur state").

use serde_json::{Map, Value, json};

use crate::board::{Board, Tile};
use crate::game::{Game, Phase};
use bot_core::session::table::{Seating, Stage};

use super::Saboteur;

/// The state object of the spec.
pub(super) fn state(sab: &Saboteur, table: &Seating) -> Value {
    let game = sab.game.as_ref().filter(|_| table.stage != Stage::Lobby);
    let status = table.stage.peek_status();
    let names: Vec<String> = (0..table.seats.len()).map(|i| table.name(i)).collect();
    let turn = game
        .filter(|_| table.stage == Stage::Playing)
        .and_then(Game::to_move)
        .map(|p| Value::String(table.name(usize::from(p.0))))
        .unwrap_or(Value::Null);
    let Some(game) = game else {
        return json!({
            "game": "saboteur", "status": status, "round": 0, "turn": Value::Null,
            "result": result(sab, table), "players": {}, "deck": 0, "discard": 0,
            "nuggets": 0, "board": {}, "goals": {}, "revealed": [], "moves": [],
        });
    };
    let mut players = Map::new();
    for (i, p) in game.players().iter().enumerate() {
        players.insert(
            table.name(i),
            json!({
                "role": p.role.to_string(),
                "hand": p.hand.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "broken": p.broken.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "gold": p.gold,
            }),
        );
    }
    let moves: Vec<String> = match table.stage {
        Stage::Playing => game.legal().iter().map(|o| o.command(&names)).collect(),
        _ => vec![],
    };
    json!({
        "game": "saboteur",
        "status": status,
        "round": game.round(),
        "turn": turn,
        "result": result(sab, table),
        "players": players,
        "deck": game.deck_len(),
        "discard": game.discard_len(),
        "nuggets": game.nuggets_len(),
        "board": board(game.board()),
        "goals": goals(game.board()),
        "revealed": revealed(game.board()),
        "moves": moves,
    })
}

fn board(b: &Board) -> Value {
    let mut map = Map::new();
    for (cell, tile) in b.tiles() {
        let shown = match tile {
            Tile::Start => "start".to_string(),
            Tile::Goal { revealed: None, .. } => "goal".to_string(),
            Tile::Goal {
                revealed: Some(p), ..
            }
            | Tile::Tunnel(p) => p.to_string(),
        };
        map.insert(cell.to_string(), Value::String(shown));
    }
    Value::Object(map)
}

fn goals(b: &Board) -> Value {
    let mut map = Map::new();
    for (cell, tile) in b.tiles() {
        if let Tile::Goal { gold, .. } = tile {
            let what = if *gold { "gold" } else { "stone" };
            map.insert(cell.to_string(), what.into());
        }
    }
    Value::Object(map)
}

fn revealed(b: &Board) -> Value {
    let cells: Vec<String> = b
        .tiles()
        .filter(|(_, t)| {
            matches!(
                t,
                Tile::Goal {
                    revealed: Some(_),
                    ..
                }
            )
        })
        .map(|(c, _)| c.to_string())
        .collect();
    json!(cells)
}

fn result(sab: &Saboteur, table: &Seating) -> Value {
    if table.stage == Stage::Aborted {
        return json!({"kind": "aborted", "winner": null});
    }
    let Some(game) = sab.game.as_ref() else {
        return Value::Null;
    };
    let (Phase::Over, Some(gold)) = (game.phase(), game.outcome()) else {
        return Value::Null;
    };
    let best = gold.iter().copied().max().unwrap_or(0);
    let winners: Vec<String> = (gold.iter().enumerate())
        .filter(|(_, g)| **g == best)
        .map(|(i, _)| table.name(i))
        .collect();
    let by_name: Map<String, Value> = (gold.iter().enumerate())
        .map(|(i, g)| (table.name(i), json!(g)))
        .collect();
    match winners.as_slice() {
        [one] => json!({"kind": "gold", "winner": one, "gold": by_name}),
        _ => json!({"kind": "gold", "winner": null, "winners": winners, "gold": by_name}),
    }
}

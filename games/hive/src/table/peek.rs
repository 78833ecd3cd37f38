//! The state of a Hive table, exactly as `gm script` prints it for `{"peek":true}`
//! (`shared/spec/script-harness.md`, "Hive state").

use serde_json::{Map, Value, json};

use crate::{Color, Game, Options};
use bot_core::session::table::{Seating, Stage};

use super::Hive;

/// The state object of the spec.
pub(super) fn state(hive: &Hive, table: &Seating) -> Value {
    let status = table.stage.peek_status();
    let fresh = Game::new(Options::default());
    let game = hive.game.as_ref().unwrap_or(&fresh);
    let playing = table.stage == Stage::Playing && hive.running();
    let turn = (hive.seat_of(game.to_move()))
        .filter(|_| playing)
        .map_or(Value::Null, |s| Value::String(table.name(s)));
    let mut colors = Map::new();
    for c in Color::ALL {
        if let Some(s) = hive.seat_of(c).filter(|_| hive.game.is_some()) {
            colors.insert(table.name(s), json!(color(c)));
        }
    }
    let moves: Vec<String> = match playing {
        true => (game.legal_moves().iter())
            .map(|m| game.move_string(m))
            .collect(),
        false => vec![],
    };
    json!({
        "game": "hive",
        "status": status,
        "turn": turn,
        "result": result(hive, table),
        "colors": colors,
        "gamestring": game.game_string(),
        "moves": moves,
    })
}

/// A colour as the spec writes it.
fn color(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// `{"kind":"win","winner":NAME}`, a draw, or an abort; `null` while the game goes on.
fn result(hive: &Hive, table: &Seating) -> Value {
    if table.stage == Stage::Aborted {
        return json!({"kind": "aborted", "winner": null});
    }
    match hive.winner() {
        None => Value::Null,
        Some(None) => json!({"kind": "draw", "winner": null}),
        Some(Some(c)) => {
            let name = hive.seat_of(c).map_or("bot".to_string(), |s| table.name(s));
            json!({"kind": "win", "winner": name})
        }
    }
}

//! The omniscient state `gm script` prints for a cylinder game: the spec's common keys (`game`,
//! `status`, `turn`, `result`) and the game's own (docs/labyrinth-cylinder.md).

use serde_json::{Map, Value, json};

use super::CylTable;
use bot_core::session::table::{Seating, Stage};

/// The state of the table.
pub(super) fn state(table: &CylTable, t: &Seating) -> Value {
    let status = t.stage.peek_status();
    let Some(game) = table.game.as_ref() else {
        return json!({"game": "labyrinth", "ruleset": "cylinder", "status": status,
                      "turn": null, "result": null});
    };
    let name = |s: usize| t.seats.get(s).map_or_else(String::new, |x| x.name.clone());
    let mut players = Map::new();
    for (s, r) in game.players.iter().enumerate() {
        let queued: Vec<String> = table
            .queues
            .get(s)
            .map(|q| {
                q.moves
                    .iter()
                    .map(|m| compass(m.stride.go).to_string())
                    .collect()
            })
            .unwrap_or_default();
        players.insert(
            name(s),
            json!({
                "cell": r.at.map(|c| c.to_string()),
                "bullets": r.bullets,
                "carrying": r.carrying.then_some("treasure"),
                "queued": queued,
                "out": table.removed.get(s).copied().unwrap_or(false),
            }),
        );
    }
    let crocodiles: Map<String, Value> = game
        .crocodiles
        .iter()
        .map(|c| {
            let awake = game.crocodile_awake(c.at);
            (
                c.at.to_string(),
                json!(if awake { "awake" } else { "asleep" }),
            )
        })
        .collect();
    let result = game
        .winner
        .map(|w| json!({"kind": "treasure", "winner": name(usize::from(w.0))}));
    let result = match t.stage {
        Stage::Aborted => Some(json!({"kind": "aborted", "winner": null})),
        _ => result,
    };
    json!({
        "game": "labyrinth",
        "ruleset": "cylinder",
        "status": status,
        "turn": null,
        "round": game.step,
        "result": result,
        "players": players,
        "treasure": game.treasure_lying.then(|| game.treasure_home.to_string()),
        "crocodiles": crocodiles,
        "bear": game.bear.as_ref().map(|b| b.at.to_string()),
        "ghost": game.ghost.as_ref().map(|g| g.at.to_string()),
    })
}

/// A way as the post names it.
fn compass(d: crate::geometry::Dir) -> &'static str {
    use crate::geometry::Dir;
    match d {
        Dir::Up => "north",
        Dir::Down => "south",
        Dir::Left => "west",
        Dir::Right => "east",
        Dir::Higher | Dir::Lower => "none",
    }
}

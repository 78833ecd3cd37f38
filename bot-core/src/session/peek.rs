//! The omniscient state of a table, exactly as `gm script` prints it for `{"peek":true}`
//! (`shared/spec/script-harness.md`, "Labyrinth state").

use serde_json::{Map, Value, json};

use crate::labyrinth::game::event::End;
use crate::labyrinth::game::order::ThingKind;
use crate::labyrinth::game::state::{Hand, Health, Place};
use crate::labyrinth::game::{Game, Phase, PlayerId};
use crate::labyrinth::geometry::Coord;

use super::reveal::items;
use super::table::{Stage, Table};

/// The state object of the spec: status, turn, round, result, players, items, blown walls.
///
/// Items are listed by their plan keywords (`treasure`, `fake`, `mine`, `armed-mine`, `bullets`,
/// `grenades`, `corpse`), one entry per piece, treasures bottom first.
pub fn state(table: &Table) -> Value {
    let game = table.game.as_ref().filter(|_| table.stage != Stage::Lobby);
    let status = match table.stage {
        Stage::Lobby => "lobby",
        Stage::AwaitPlan | Stage::Starts => "setup",
        Stage::Playing => "playing",
        Stage::Finished | Stage::Aborted => "finished",
    };
    let started = table.stage != Stage::Starts && table.stage != Stage::AwaitPlan;
    let turn = game
        .and_then(Game::current)
        .map(|p| Value::String(table.name(p)))
        .unwrap_or(Value::Null);
    json!({
        "game": "labyrinth",
        "ruleset": table.code,
        "status": status,
        "turn": turn,
        "round": game.map_or(0, Game::round),
        "result": result(table),
        "players": players(table, game.filter(|_| started)),
        "items": game.map(items_of).unwrap_or_else(|| Value::Object(Map::new())),
        "blown": game.map(blown).unwrap_or_else(|| json!([])),
    })
}

fn result(table: &Table) -> Value {
    if table.stage == Stage::Aborted {
        return json!({"kind": "aborted", "winner": null});
    }
    let Some(Phase::Over(end)) = table.game.as_ref().map(Game::phase) else {
        return Value::Null;
    };
    let (kind, winner) = match end {
        End::Treasure(p) => ("treasure", Some(p)),
        End::LastStanding(p) => ("last-standing", Some(p)),
        End::DrawTreasureLost | End::DrawAllSkipped | End::DrawNstop | End::DrawNobodyLeft => {
            ("draw", None)
        }
    };
    json!({"kind": kind, "winner": winner.map(|p| table.name(p))})
}

fn players(table: &Table, game: Option<&Game>) -> Value {
    let mut map = Map::new();
    for (i, seat) in table.seats.iter().enumerate() {
        let p = PlayerId(i as u8);
        let v = match game.and_then(|g| g.player(p).map(|pl| (g, pl))) {
            Some((g, pl)) => {
                let cell = match pl.place {
                    Place::In(c) => Value::String(c.to_string()),
                    _ => Value::Null,
                };
                let carrying = match pl.hand {
                    Hand::Empty => Value::Null,
                    Hand::Treasure(t) if g.is_true(t) => "treasure".into(),
                    Hand::Treasure(_) => "fake".into(),
                    Hand::Mine => "mine".into(),
                    Hand::Corpse(_) => "corpse".into(),
                };
                json!({
                    "cell": cell,
                    "health": health(pl.health),
                    "bullets": pl.bullets,
                    "grenades": pl.grenades,
                    "mines": u8::from(pl.hand.kind() == Some(ThingKind::Mine)),
                    "carrying": carrying,
                    "immune": pl.immune,
                })
            }
            None => {
                let play = &table.rules.play;
                let arms = if play.common_start { 0 } else { 3 };
                let mines = u8::from(table.rules.mines && play.start_mines >= 1);
                json!({
                    "cell": null, "health": "healthy", "bullets": arms, "grenades": arms,
                    "mines": mines, "carrying": if mines > 0 { Value::from("mine") } else { Value::Null },
                    "immune": false,
                })
            }
        };
        map.insert(seat.name.clone(), v);
    }
    Value::Object(map)
}

fn health(h: Health) -> &'static str {
    match h {
        Health::Healthy => "healthy",
        Health::Wounded => "wounded",
        Health::Sick { .. } => "sick",
        Health::Dead => "dead",
    }
}

fn items_of(game: &Game) -> Value {
    let mut map = Map::new();
    for placed in items(game) {
        let entry = map
            .entry(placed.at.to_string())
            .or_insert_with(|| Value::Array(vec![]));
        if let Value::Array(list) = entry {
            for _ in 0..placed.count {
                list.push(placed.item.keyword().into());
            }
        }
    }
    Value::Object(map)
}

/// Broken walls: `B1-B2` between two cells in reading order, `B4-out` for an outer wall.
fn blown(game: &Game) -> Value {
    let size = game.board().size();
    let list: Vec<Value> = game
        .blown()
        .iter()
        .map(|&(c, d)| match size.neighbour(c, d) {
            Some(n) => {
                let key = |x: Coord| (x.row, x.col);
                let (a, b) = if key(c) <= key(n) { (c, n) } else { (n, c) };
                Value::String(format!("{a}-{b}"))
            }
            None => Value::String(format!("{c}-out")),
        })
        .collect();
    Value::Array(list)
}

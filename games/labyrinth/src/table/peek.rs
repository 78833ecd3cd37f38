//! The omniscient state of a table, exactly as `gm script` prints it for `{"peek":true}`
//! (`shared/spec/script-harness.md`, "Labyrinth state").

use serde_json::{Map, Value, json};

use crate::game::event::End;
use crate::game::order::ThingKind;
use crate::game::state::{Hand, Health, Place};
use crate::game::{Game, Phase, PlayerId};
use crate::geometry::Coord;

use bot_core::session::table::{Seating, Stage};

use super::Labyrinth;
use super::reveal::items;

/// The state object of the spec: status, turn, round, result, players, items, blown walls.
///
/// Items are listed by their plan keywords (`treasure`, `fake`, `mine`, `armed-mine`, `bullets`,
/// `grenades`, `corpse`), one entry per piece, treasures bottom first.
pub fn state(lab: &Labyrinth, table: &Seating) -> Value {
    let game = lab.game.as_ref().filter(|_| table.stage != Stage::Lobby);
    let status = table.stage.peek_status();
    let started = table.stage != Stage::Setup;
    // Nobody is to move before play begins or once it ended (an aborted game's engine still names
    // the player whose turn it was).
    let turn = game
        .filter(|_| table.stage == Stage::Playing)
        .and_then(Game::current)
        .map(|p| Value::String(table.name(usize::from(p.0))))
        .unwrap_or(Value::Null);
    let mut state = json!({
        "game": "labyrinth",
        "ruleset": lab.code,
        "status": status,
        "turn": turn,
        "round": game.map_or(0, Game::round),
        "result": result(lab, table),
        "players": players(lab, table, game.filter(|_| started)),
        "items": game.map(items_of).unwrap_or_else(|| Value::Object(Map::new())),
        "blown": game.map(blown).unwrap_or_else(|| json!([])),
    });
    if lab.options.queue {
        state["queues"] = queues(lab, table);
    }
    state
}

/// Queued play: each player's turns still to come, as he wrote them.
fn queues(lab: &Labyrinth, table: &Seating) -> Value {
    let mut all = Map::new();
    for seat in 0..table.seats.len() {
        let turns = lab.queued.turns.get(seat).into_iter().flatten();
        let list = turns
            .map(|q| match q.expect {
                Some(cell) => json!({"order": q.text, "expect": cell.name().as_str()}),
                None => json!({"order": q.text}),
            })
            .collect();
        all.insert(table.name(seat), Value::Array(list));
    }
    Value::Object(all)
}

fn result(lab: &Labyrinth, table: &Seating) -> Value {
    if table.stage == Stage::Aborted {
        return json!({"kind": "aborted", "winner": null});
    }
    let Some(Phase::Over(end)) = lab.game.as_ref().map(Game::phase) else {
        return Value::Null;
    };
    let (kind, winner) = match end {
        End::Treasure(p) | End::MostTreasures(p) => ("treasure", Some(p)),
        End::LastStanding(p) => ("last-standing", Some(p)),
        End::DrawTreasureLost
        | End::DrawAllSkipped
        | End::DrawNstop
        | End::DrawNobodyLeft
        | End::DrawTreasuresShared => ("draw", None),
    };
    json!({"kind": kind, "winner": winner.map(|p| table.name(usize::from(p.0)))})
}

fn players(lab: &Labyrinth, table: &Seating, game: Option<&Game>) -> Value {
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
                let play = &lab.rules.play;
                let arms = if play.common_start { 0 } else { 3 };
                let mines = u8::from(lab.rules.mines && play.start_mines >= 1);
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

#[cfg(test)]
mod tests {
    //! Every value of the spec's peek state (`shared/spec/script-harness.md`), each reached by play.

    use serde_json::{Value, json};

    use crate::game::parse::{Request, parse_request};
    use crate::game::{Game, PlayerId};
    use crate::geometry::Coord;
    use crate::plan::Plan;
    use crate::ruleset::Ruleset;
    use crate::table::{Labyrinth, Options};
    use bot_core::i18n::Lang;
    use bot_core::session::table::{Seat, Seating, Stage};

    /// A table of the Labyrinth: the session's part and the game's.
    struct Table {
        lab: Labyrinth,
        seating: Seating,
    }

    fn state(t: &Table) -> Value {
        super::state(&t.lab, &t.seating)
    }

    fn seat(name: &str) -> Seat {
        Seat::new(name, name, Lang::En)
    }

    fn classic(opts: &[&str]) -> Ruleset {
        let mut r = Ruleset::classic();
        for o in opts {
            let (k, v) = o.split_once('=').expect("key=value");
            r.set(k, v).expect("a known option");
        }
        r
    }

    /// A `plan=own` table in its lobby, with these players seated.
    fn lobby(rules: Ruleset, names: &[&str]) -> Table {
        let options = Options {
            own_plan: true,
            join_order: true,
            ..Options::default()
        };
        let mut seating = Seating::new(seat("gm"), false, Lang::En);
        seating.seats = names.iter().map(|n| seat(n)).collect();
        Table {
            lab: Labyrinth::new("classic", rules, options),
            seating,
        }
    }

    /// A table in play on a drawn plan: players in turn order as seated, on these start cells.
    fn playing(plan: &str, rules: Ruleset, players: &[(&str, &str)]) -> Table {
        let names: Vec<&str> = players.iter().map(|p| p.0).collect();
        let mut t = lobby(rules.clone(), &names);
        let plan = Plan::parse(plan.trim_start_matches('\n')).expect("a test plan");
        let mut game = Game::new(&plan, rules, players.len() as u8);
        let starts: Vec<Coord> = players.iter().map(|p| p.1.parse().unwrap()).collect();
        let order: Vec<PlayerId> = (0..players.len() as u8).map(PlayerId).collect();
        game.start(&starts, &order).expect("a valid start");
        t.lab.plan = Some(plan.to_text());
        t.lab.game = Some(game);
        t.seating.stage = Stage::Playing;
        t
    }

    /// The player whose turn it is gives an order typed as players type it; the table is finished
    /// when the game is over, as the session's flow has it.
    fn say(t: &mut Table, text: &str) {
        let Ok(Request::Order(parsed)) = parse_request(text) else {
            panic!("not an order: {text}");
        };
        let order = parsed.resolve(|_| None).expect("no named targets");
        let game = t.lab.game.as_mut().expect("a game");
        let who = game.current().expect("somebody's turn");
        game.play(who, &order)
            .unwrap_or_else(|r| panic!("{text:?} refused: {r:?}"));
        if game.result().is_some() {
            t.seating.stage = Stage::Finished;
        }
    }

    /// A player's cell, health and what he carries.
    fn who(v: &Value, name: &str) -> (Value, Value, Value) {
        let p = &v["players"][name];
        (
            p["cell"].clone(),
            p["health"].clone(),
            p["carrying"].clone(),
        )
    }

    /// Land everywhere; a tick on E3, a hospital on E4 and an arsenal on A4; open exits left of A2
    /// and right of E4; on the top row a treasure, a false one, a mine and a corpse.
    const FIVE: &str = "
labyrinth 5x4
+---+---+---+---+---+
| .   .   .   .   . |
+   +   +   +   +   +
  .   .   .   .   . |
+   +   +   +   +   +
| .   .   .   .   E |
+   +   +   +   +   +
| A   .   .   .   M
+---+---+---+---+---+
items:
  A1 treasure
  B1 fake
  C1 mine
  D1 corpse
";

    /// `carrying` is null, treasure, fake, mine or corpse; `health` healthy, wounded, sick or dead.
    #[test]
    fn every_hand_and_every_health() {
        // Nobody starts with a mine (Kodex Б §5.3 "по согласованию"), so hands start empty.
        let rules = classic(&["start_mines=0"]);
        let mut t = playing(
            FIVE,
            rules,
            &[
                ("ann", "A2"),
                ("bob", "B2"),
                ("cid", "C2"),
                ("dan", "D2"),
                ("eve", "D3"),
            ],
        );
        assert_eq!(
            who(&state(&t), "eve"),
            (json!("D3"), json!("healthy"), json!(null))
        );
        // Kodex Б §5.1: each takes the one thing he finds; the best of them (§5.8, §6.7).
        for order in ["go up", "go up", "go up", "go up", "go right"] {
            say(&mut t, order);
        }
        let v = state(&t);
        assert_eq!(
            who(&v, "ann"),
            (json!("A1"), json!("healthy"), json!("treasure"))
        );
        assert_eq!(
            who(&v, "bob"),
            (json!("B1"), json!("healthy"), json!("fake"))
        );
        assert_eq!(
            who(&v, "cid"),
            (json!("C1"), json!("healthy"), json!("mine"))
        );
        assert_eq!(v["players"]["cid"]["mines"], json!(1));
        assert_eq!(
            who(&v, "dan"),
            (json!("D1"), json!("healthy"), json!("corpse"))
        );
        assert_eq!(who(&v, "eve"), (json!("E3"), json!("healthy"), json!(null)));
        assert_eq!(v["items"], json!({}));
        assert_eq!((&v["turn"], &v["round"]), (&json!("ann"), &json!(2)));

        // Kodex Б §5.5: ann wounds bob; cid kills him with a second wound; dan wounds cid. §4.7:
        // eve stays on the tick she woke and falls sick.
        say(&mut t, "shoot right, then go down");
        say(&mut t, "go down");
        say(&mut t, "go down, then shoot left");
        say(&mut t, "go down, then shoot left");
        say(&mut t, "skip");
        let v = state(&t);
        assert_eq!(
            who(&v, "ann"),
            (json!("A2"), json!("healthy"), json!("treasure"))
        );
        // The dead stay where they died, as a corpse among the cell's items (Б §5.6).
        assert_eq!(who(&v, "bob"), (json!("B2"), json!("dead"), json!(null)));
        assert_eq!(
            v["items"]["B2"],
            json!(["grenades", "grenades", "grenades", "corpse"])
        );
        // The wounded drop the false treasure and their bullets (Б §5.5).
        assert_eq!(
            v["items"]["B1"],
            json!(["fake", "bullets", "bullets", "bullets"])
        );
        assert_eq!(who(&v, "cid"), (json!("C2"), json!("wounded"), json!(null)));
        assert_eq!(
            who(&v, "dan"),
            (json!("D2"), json!("healthy"), json!("corpse"))
        );
        assert_eq!(who(&v, "eve"), (json!("E3"), json!("sick"), json!(null)));
        assert_eq!(v["status"], json!("playing"));
        assert_eq!(v["result"], json!(null));
    }

    /// Land, a hospital and an arsenal; an open exit left of A2 and a closed one right of D1; a
    /// wall between B1 and C1; a false treasure on A2 and the true one on C3.
    const FOUR: &str = "
labyrinth 4x3
+---+---+---+---+
| .   . | .   A ~
+   +   +   +   +
  .   .   .   M |
+   +   +   +   +
| .   .   .   . |
+---+---+---+---+
items:
  A2 fake
  C3 treasure
";

    /// `cell` null outside the maze; `armed-mine` items; blown walls `B1-C1` and `D1-out`.
    #[test]
    fn outside_armed_mines_and_blown_walls() {
        let mut t = playing(
            FOUR,
            classic(&[]),
            &[("ann", "B2"), ("bob", "B1"), ("cid", "C1"), ("dan", "D1")],
        );
        say(&mut t, "go left");
        // Kodex Б §5.7: an armed mine is invisible to players, but the master sees it.
        say(&mut t, "set mine, then go down");
        // Б §5.4: a grenade breaks an inner wall, and turns a closed exit into an open one.
        say(&mut t, "blow up the wall to the left, then go down");
        say(&mut t, "blow up the wall to the right, then go down");
        let v = state(&t);
        assert_eq!(
            who(&v, "ann"),
            (json!("A2"), json!("healthy"), json!("fake"))
        );
        assert_eq!(v["items"]["B1"], json!(["armed-mine"]));
        assert_eq!(v["items"]["A2"], json!(["mine"]));
        assert_eq!(v["blown"], json!(["B1-C1", "D1-out"]));
        // Б §3.4: out of the maze with a false treasure, which crumbles: he stands outside.
        say(&mut t, "go left");
        let v = state(&t);
        assert_eq!(who(&v, "ann"), (json!(null), json!("healthy"), json!(null)));
        assert_eq!(v["turn"], json!("bob"));
    }

    /// Land, a hospital and an arsenal; open exits left of A1 and right of C2; the true treasure
    /// on B2 and a false one on C1.
    const SMALL: &str = "
labyrinth 3x2
+---+---+---+
  .   .   . |
+   +   +   +
| M   .   A
+---+---+---+
items:
  B2 treasure
  C1 fake
";

    /// `result` of each kind, `winner` null for a draw and an abort, and `turn` null unless in play.
    #[test]
    fn every_result_and_no_turn_out_of_play() {
        // Before play nobody is to move.
        let mut t = lobby(classic(&[]), &["ann", "bob"]);
        let v = state(&t);
        assert_eq!((&v["status"], &v["turn"]), (&json!("lobby"), &json!(null)));
        t.seating.stage = Stage::Setup;
        let v = state(&t);
        assert_eq!((&v["status"], &v["turn"]), (&json!("setup"), &json!(null)));

        // Kodex Б §3.2: the true treasure carried out.
        let mut t = playing(SMALL, classic(&[]), &[("ann", "B2"), ("bob", "A1")]);
        assert_eq!(state(&t)["turn"], json!("ann"));
        for order in ["go right", "skip", "go right"] {
            say(&mut t, order);
        }
        let v = state(&t);
        assert_eq!(v["result"], json!({"kind": "treasure", "winner": "ann"}));
        assert_eq!(
            (&v["status"], &v["turn"]),
            (&json!("finished"), &json!(null))
        );
        assert_eq!(
            who(&v, "ann"),
            (json!(null), json!("healthy"), json!("treasure"))
        );

        // Б §3.5: the last one alive wins.
        let mut t = playing(SMALL, classic(&[]), &[("ann", "A1"), ("bob", "C1")]);
        for order in [
            "shoot right, then go down",
            "skip",
            "go up, then shoot right",
        ] {
            say(&mut t, order);
        }
        let v = state(&t);
        assert_eq!(
            v["result"],
            json!({"kind": "last-standing", "winner": "ann"})
        );
        assert_eq!(v["turn"], json!(null));

        // Б §6.6: everybody skipped, a draw.
        let mut t = playing(SMALL, classic(&[]), &[("ann", "A1"), ("bob", "C1")]);
        say(&mut t, "skip");
        say(&mut t, "skip");
        let v = state(&t);
        assert_eq!(v["result"], json!({"kind": "draw", "winner": null}));
        assert_eq!(v["turn"], json!(null));

        // Aborted in play: no winner, and nobody to move although the engine still has a turn.
        let mut t = playing(SMALL, classic(&[]), &[("ann", "A1"), ("bob", "C1")]);
        say(&mut t, "go down");
        t.seating.stage = Stage::Aborted;
        assert!(t.lab.game.as_ref().and_then(Game::current).is_some());
        let v = state(&t);
        assert_eq!(v["result"], json!({"kind": "aborted", "winner": null}));
        assert_eq!(
            (&v["status"], &v["turn"]),
            (&json!("finished"), &json!(null))
        );
    }
}

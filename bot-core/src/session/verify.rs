//! What an exported game must pass before an import stores it: a file that is stored but does not
//! load would be a game its chat can never play, found out only when its first input or timer
//! comes. The checks, in order, each refusing with a reason that names what is wrong (never a
//! value of the state, which holds the game's secrets):
//!
//! 1. the document is a game export of this version, of a game this version hosts;
//! 2. its state loads through the game's own loader (a loader that panics is a refusal too);
//! 3. the state reads back whole: saved again, it is the state the file holds, so no field was
//!    dropped, defaulted or of another game (a state of the current layout; an earlier version's
//!    is brought up to date by the loader and has no such check);
//! 4. the row agrees with the state: its status, and its players seat by seat;
//! 5. the game's own checks of its state ([`Play::check`](super::game::Play::check)), which replay
//!    what the state holds of its history where it holds any (a game kept as its moves replays
//!    them);
//! 6. everything the session asks of a table while it plays (whom it waits for, each seat's
//!    status, the buttons, the peek, the outcome) answers without a panic.

use serde_json::Value;

use crate::store::{GameExport, GameRecord, GameStatus, UnixMs};

use super::game::Play;
use super::held::read_table;
use super::registry::Registry;
use super::table::{Stage, Table};
use super::{Loaded, Work, flow};

/// Checks an exported game (see the [module](self)); why it is refused, if it is.
pub fn check_game_export(registry: Registry, document: &str) -> Result<(), String> {
    let export: GameExport = serde_json::from_str(document)
        .map_err(|e| format!("not a game export: {}", super::held::describe(&e)))?;
    check_export(registry, &export)
}

/// Checks a parsed export (see the [module](self)).
pub(crate) fn check_export(registry: Registry, export: &GameExport) -> Result<(), String> {
    let g = &export.game;
    let rec = GameRecord {
        id: crate::store::GameId(0),
        platform: g.platform,
        chat: g.chat.clone(),
        kind: g.kind.clone(),
        status: g.status,
        state: g.state.get().to_string(),
        version: g.version,
        created_at: g.created_at,
        updated_at: g.updated_at,
        held: None,
    };
    let table =
        read_table(registry, &rec).map_err(|(_, details)| match registry.find(&g.kind) {
            None => format!("`{}` is not a game this version hosts", g.kind),
            Some(_) => format!("the game's state does not load: {details}"),
        })?;
    reads_back(&rec.state, &table)?;
    if table.seating.status() != g.status {
        return Err(format!(
            "the game's status says {} but its state is {}",
            g.status,
            table.seating.status()
        ));
    }
    players_agree(export, &table)?;
    seats_fit(&table)?;
    table.play.check(&table.seating)?;
    plays_without_panic(table, g.status)
}

/// Whether a state of the current layout saves again as itself.
fn reads_back(state: &str, table: &Table) -> Result<(), String> {
    let given: Value = serde_json::from_str(state).map_err(|e| super::held::describe(&e))?;
    if given.get("play").is_none() {
        // An earlier version's layout: the loader brought it up to date.
        return Ok(());
    }
    let saved = table.save().map_err(|e| {
        format!(
            "the game's state does not save: {}",
            super::held::describe(&e)
        )
    })?;
    let again: Value = serde_json::from_str(&saved).map_err(|e| super::held::describe(&e))?;
    if again != given {
        let field = first_difference(&given, &again).unwrap_or_default();
        return Err(format!(
            "the game's state does not read back whole: `{field}` is not as this game keeps it (changed, unknown, or of another game)"
        ));
    }
    Ok(())
}

/// The path of the first place two JSON values differ, for a refusal to name (the path only).
fn first_difference(a: &Value, b: &Value) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys = x.keys().chain(y.keys().filter(|k| !x.contains_key(*k)));
            for k in keys {
                match (x.get(k), y.get(k)) {
                    (Some(p), Some(q)) => {
                        if let Some(rest) = first_difference(p, q) {
                            return Some(join(k, &rest));
                        }
                    }
                    _ => return Some(k.clone()),
                }
            }
            None
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            x.iter().zip(y).enumerate().find_map(|(i, (p, q))| {
                first_difference(p, q).map(|rest| join(&i.to_string(), &rest))
            })
        }
        _ if a == b => None,
        _ => Some(String::new()),
    }
}

fn join(head: &str, rest: &str) -> String {
    if rest.is_empty() {
        head.to_string()
    } else {
        format!("{head}.{rest}")
    }
}

/// Whether the file's players are the table's, seat by seat.
fn players_agree(export: &GameExport, table: &Table) -> Result<(), String> {
    let roster = super::commit::roster_of(table);
    let given: Vec<(u32, &str)> = (export.players.iter())
        .map(|p| (p.seat, p.user_id.as_str()))
        .collect();
    let seated: Vec<(u32, &str)> = roster
        .iter()
        .map(|p| (p.seat, p.user_id.as_str()))
        .collect();
    if given != seated {
        return Err("the players listed do not match the game's seats".into());
    }
    Ok(())
}

/// Whether a game past its lobby seats as many as its kind (or its options) allow.
fn seats_fit(table: &Table) -> Result<(), String> {
    let seating = &table.seating;
    if matches!(seating.stage, Stage::Lobby) {
        return Ok(());
    }
    let allowed = table.play.seats().unwrap_or_else(|| table.kind.players());
    // A game under way may have lost players (left, kicked): fewer is fine, more never is.
    if seating.seats.len() > *allowed.end() {
        return Err(format!(
            "the game seats {} players, more than {} allows",
            seating.seats.len(),
            table.kind.word()
        ));
    }
    Ok(())
}

/// Asks the table everything the session asks while it plays, under a guard: a state that makes
/// the game's code panic is refused now rather than set aside at its first input.
fn plays_without_panic(table: Table, status: GameStatus) -> Result<(), String> {
    let asked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
        let mut g = Loaded {
            id: crate::store::GameId(0),
            version: 1,
            platform: crate::store::Platform::Script,
            chat: String::new(),
            table,
            was_running: status.is_running(),
        };
        let mut work = Work::default();
        let seating = &g.table.seating;
        let play: &dyn Play = g.table.play.as_ref();
        let awaited = play.waiting(seating).seats();
        if awaited.iter().any(|&s| s >= seating.seats.len()) {
            return Err("the game waits for a seat nobody holds".to_string());
        }
        let _ = (play.current(seating), play.round(), play.peek(seating));
        let _ = (play.outcome(seating), play.status_lines(seating));
        let _ = flow::clock_runs(seating, play);
        for seat in 0..seating.seats.len() {
            let _ = (play.is_out(seat), play.missed(seat));
        }
        let seats = g.table.seating.seats.len();
        let playing = g.table.seating.stage == Stage::Playing;
        flow::with_play(&mut g, 0, &mut work, |play, cx| {
            let _ = play.rules_text(cx);
            if playing {
                let _ = play.turn_buttons(cx);
                for seat in 0..seats {
                    let _ = play.private_status(cx, seat);
                }
            }
        });
        let _ = flow::status_card(&g, UnixMs(0).0);
        Ok(())
    }));
    asked.unwrap_or_else(|_| Err("the game's state makes its code fail".to_string()))
}

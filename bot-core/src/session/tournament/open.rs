//! A tournament's game made a table: the game and options fixed at the announcement, its players
//! seated in the pairing's order, the director as its opener.

use crate::session::Registry;
use crate::session::lobby::clock_option;
use crate::session::table::{Link, Seat, Seating, Table};
use crate::tournament::GameRef;

use super::Held;

/// The table of the game at `at`, in its lobby with every seat taken, or why it cannot open (a
/// game or an option this version no longer knows).
pub(super) fn table(registry: Registry, h: &Held, at: GameRef) -> Result<Table, String> {
    let cup = &h.cup;
    let spec = &cup.tournament.game;
    let kind = registry.find(&spec.word).ok_or_else(|| spec.word.clone())?;
    let game = cup.tournament.game(at).ok_or_else(|| spec.word.clone())?;
    let mut options: Vec<&str> = spec.options.iter().map(String::as_str).collect();
    // The pairing decided who moves first: the table keeps its seats' order.
    for o in kind.seat_order_options() {
        let key = o.split('=').next().unwrap_or(o);
        if !options.iter().any(|w| w.split('=').next() == Some(key)) {
            options.push(o);
        }
    }
    let play = kind.open(&spec.ruleset, &options, cup.lang)?;
    let mut seating = Seating::new(cup.director.clone(), false, cup.lang);
    seating.missed = kind.missed_default();
    for w in &cup.clock {
        clock_option(&mut seating, w, cup.lang)?;
    }
    seating.seats = game
        .seats
        .iter()
        .map(|&p| {
            let player = &cup.tournament.players[p];
            Seat::new(&player.id, &player.name, cup.lang)
        })
        .collect();
    seating.tournament = Some(Link {
        id: h.id.0,
        round: at.round,
        game: at.game,
    });
    // A tournament's players are rated where the tournament is, whichever chat hosts the table.
    seating.rated = Some(h.chat.clone());
    Ok(Table {
        kind,
        seating,
        play,
    })
}

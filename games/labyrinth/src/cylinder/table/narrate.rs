//! The master's words at a cylinder table (`config/locales/*/cylinder.ftl`, `cyl-*`).

use super::super::CylPlan;
use super::super::event::{Beast, CylEvent, Death, Seen};
use super::super::orders::OrderError;
use super::super::queue::{Halt, StepReport};
use super::super::render::{CylOverlay, render_png};
use super::CylTable;
use crate::game::PlayerId;
use crate::locale::t;
use bot_core::args;
use bot_core::i18n::{Lang, Localize};
use bot_core::session::chat::Payload;
use bot_core::session::game::{Cx, Dest, Out};
use bot_core::session::table::Seating;

/// A plan's problems, as the master reads them.
pub(super) fn problems(problems: &impl Localize, lang: Lang) -> String {
    problems.localize(lang)
}

/// An order that does not read, and how to write one.
pub(super) fn order_error(e: &OrderError, lang: Lang) -> String {
    let (id, word) = match e {
        OrderError::Empty => ("cyl-order-empty", String::new()),
        OrderError::Unknown(w) => ("cyl-order-unknown", w.clone()),
        OrderError::ShotWithoutWay(w) => ("cyl-order-shot-way", w.clone()),
        OrderError::BadExpect(w) => ("cyl-order-expect", w.clone()),
        OrderError::TooMany => ("cyl-order-too-many", String::new()),
    };
    let quoted: String = word.chars().take(24).collect();
    t(
        lang,
        id,
        args![("word", quoted), ("max", super::super::orders::MAX_MOVES)],
    )
}

/// Play begins: the group hears how to play; each player privately where he stands.
pub(super) fn started(table: &CylTable, cx: &mut Cx) {
    let lang = cx.t.lang;
    let Some(game) = table.game.as_ref() else {
        return;
    };
    let size = game.board.size().to_string();
    cx.group(t(lang, "cyl-started", args![("size", size)]));
    // Every start is land or a spinner, and "При попадании на эту клетку игроку говорят, что он
    // "на суше"": each hears the same, and nobody learns a cell.
    for seat in cx.t.seats.clone().iter().take(game.players.len()) {
        cx.user(&seat.user, t(seat.lang, "cyl-you-start", &[]));
    }
}

/// One time step, told to the group: each player's events in a line, then the ghost's, then whose
/// queue stopped. A queue stopped where its player was not on the cell he expected is told to him
/// alone: the cell is a coordinate, and where a player is is his secret (Б §2.3), as `queue=on`
/// keeps it for the other rulesets.
pub(super) fn step(cx: &mut Cx, step: u32, report: &StepReport) {
    let lang = cx.t.lang;
    let names: Vec<String> = cx.t.seats.iter().map(|s| s.name.clone()).collect();
    let mut lines = vec![t(lang, "cyl-step", args![("n", step)])];
    for e in &report.events {
        lines.push(event(e, &names, lang));
    }
    let mut private = vec![];
    for (p, halt) in &report.halted {
        match (*halt, cx.t.seats.get(usize::from(p.0))) {
            (Halt::NotWhereExpected(cell), Some(seat)) => {
                let text = t(
                    seat.lang,
                    "cyl-halt-expected",
                    args![("cell", cell.to_string())],
                );
                private.push((seat.user.clone(), text));
            }
            _ => lines.extend(halted(*p, *halt, &names, lang)),
        }
    }
    cx.group(lines.join("\n"));
    for (user, text) in private {
        cx.user(&user, text);
    }
}

fn name(p: PlayerId, names: &[String]) -> String {
    names.get(usize::from(p.0)).cloned().unwrap_or_default()
}

fn seen_key(seen: Seen) -> &'static str {
    match seen {
        Seen::Land => "land",
        Seen::Swamp => "swamp",
        Seen::River => "river",
        Seen::Pit => "pit",
        Seen::Arsenal => "arsenal",
        Seen::Morgue => "morgue",
    }
}

fn beast_key(beast: Beast) -> &'static str {
    match beast {
        Beast::Bear => "bear",
        Beast::Ghost => "ghost",
    }
}

fn death_key(how: Death) -> &'static str {
    match how {
        Death::Swamp => "swamp",
        Death::Crocodile => "crocodile",
        Death::Bear => "bear",
        Death::Ghost => "ghost",
        Death::Shot => "shot",
    }
}

/// One event in the master's words.
fn event(e: &CylEvent, names: &[String], lang: Lang) -> String {
    let who = |p: &PlayerId| name(*p, names);
    match e {
        CylEvent::Went(p, seen) => t(
            lang,
            "cyl-went",
            args![("name", who(p)), ("cell", seen_key(*seen))],
        ),
        CylEvent::Carried(p, seen) => t(
            lang,
            "cyl-carried",
            args![("name", who(p)), ("cell", seen_key(*seen))],
        ),
        CylEvent::Wall(p) => t(lang, "cyl-wall", args![("name", who(p))]),
        CylEvent::Shot(p) => t(lang, "cyl-shot", args![("name", who(p))]),
        CylEvent::NoBullets(p) => t(lang, "cyl-no-bullets", args![("name", who(p))]),
        CylEvent::Armed(p) => t(lang, "cyl-armed", args![("name", who(p))]),
        CylEvent::FoundTreasure(p) => t(lang, "cyl-found", args![("name", who(p))]),
        CylEvent::Died(p, how) => t(
            lang,
            "cyl-died",
            args![("name", who(p)), ("how", death_key(*how))],
        ),
        CylEvent::TreasureBack => t(lang, "cyl-treasure-back", &[]),
        CylEvent::SteppedOn(p, beast) => t(
            lang,
            "cyl-stepped-on",
            args![("name", who(p)), ("beast", beast_key(*beast))],
        ),
        CylEvent::Near(p, beast) => t(
            lang,
            "cyl-near",
            args![("name", who(p)), ("beast", beast_key(*beast))],
        ),
        CylEvent::Escaped(p) => t(lang, "cyl-escaped", args![("name", who(p))]),
    }
}

/// Why a player's queue stopped, as the group may hear it; `None` for what only he may.
fn halted(p: PlayerId, halt: Halt, names: &[String], lang: Lang) -> Option<String> {
    let name = name(p, names);
    Some(match halt {
        Halt::Done => t(lang, "cyl-halt-done", args![("name", name)]),
        Halt::Died => t(lang, "cyl-halt-died", args![("name", name)]),
        // A coordinate: told to its player alone, by `step`.
        Halt::NotWhereExpected(_) => return None,
        Halt::Near(beast) => t(
            lang,
            "cyl-halt-near",
            args![("name", name), ("beast", beast_key(beast))],
        ),
        Halt::Over => t(lang, "cyl-halt-over", args![("name", name)]),
    })
}

/// The end, or a game called off: the whole maze, as plan text and as a picture with where every
/// player and creature ended.
pub(super) fn reveal(table: &CylTable, cx: &mut Cx) {
    let Some(plan) = &table.plan else {
        return;
    };
    let text = t(cx.t.lang, "cyl-reveal", args![("plan", plan.clone())]);
    let picture = CylPlan::parse(plan)
        .ok()
        .map(|p| render_png(&p, &overlay(table, cx.t)));
    cx.push(Out {
        to: Dest::Group,
        payload: Payload {
            text,
            picture,
            ..Payload::default()
        },
    });
}

/// Where the players and the creatures are now; before play, nothing (the plan's starts).
fn overlay(table: &CylTable, seating: &Seating) -> CylOverlay {
    let Some(game) = table.game.as_ref() else {
        return CylOverlay::default();
    };
    CylOverlay {
        players: (game.players.iter().enumerate())
            .map(|(i, runner)| (seating.name(i), runner.at))
            .collect(),
        bear: game.bear.as_ref().map(|b| b.at),
        ghost: game.ghost.as_ref().map(|g| g.at),
    }
}

/// A player's own status: bullets, the treasure, his queue.
pub(super) fn private_status(table: &CylTable, t_: &Seating, seat: usize) -> String {
    let lang = t_.seats.get(seat).map_or(t_.lang, |s| s.lang);
    let Some(runner) = table.game.as_ref().and_then(|g| g.players.get(seat)) else {
        return t(lang, "cyl-status-none", &[]);
    };
    let queued = table.queues.get(seat).map_or(0, |q| q.moves.len());
    t(
        lang,
        "cyl-status",
        args![
            ("bullets", u32::from(runner.bullets)),
            ("treasure", if runner.carrying { "yes" } else { "no" }),
            ("queued", queued)
        ],
    )
}

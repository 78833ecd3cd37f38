//! Test helpers: plans drawn in the plan format (`shared/spec/labyrinth-plan.md`), shorthands for
//! orders and events.

use crate::game::event::{Audience, Event, Told};
use crate::game::order::{Action, Aim, Order, Thing};
use crate::game::{Game, PlayerId};
use crate::geometry::{Coord, Dir};
use crate::movement::Move;
use crate::plan::Plan;
use crate::ruleset::Ruleset;

/// A cell by name.
pub fn c(name: &str) -> Coord {
    name.parse().expect("a cell name")
}

/// Player n (from 0).
pub const P0: PlayerId = PlayerId(0);
/// Player 1.
pub const P1: PlayerId = PlayerId(1);
/// Player 2.
pub const P2: PlayerId = PlayerId(2);

/// Reads a plan drawing (`Plan::parse`); panics on a malformed one, listing its problems.
pub fn plan(text: &str) -> Plan {
    Plan::parse(text.trim_start_matches('\n')).unwrap_or_else(|e| panic!("a test plan: {e:?}"))
}

/// A game on a drawn plan, started with players on these cells, turns in seat order.
pub fn game(text: &str, rules: Ruleset, starts: &[&str]) -> Game {
    let mut g = Game::new(&plan(text), rules, starts.len() as u8);
    let starts: Vec<Coord> = starts.iter().map(|s| c(s)).collect();
    let order: Vec<PlayerId> = (0..starts.len() as u8).map(PlayerId).collect();
    g.start(&starts, &order).expect("a valid start");
    g
}

/// The classic ruleset with some options changed (`"skip=no"`).
pub fn classic(opts: &[&str]) -> Ruleset {
    with(Ruleset::classic(), opts)
}

/// The quantum ruleset with some options changed.
pub fn quantum(opts: &[&str]) -> Ruleset {
    with(Ruleset::quantum(), opts)
}

fn with(mut r: Ruleset, opts: &[&str]) -> Ruleset {
    for o in opts {
        let (k, v) = o.split_once('=').expect("key=value");
        r.set(k, v).expect("a known option");
    }
    r
}

/// Plays an order of plain actions; the events, whoever they are told to.
pub fn go(g: &mut Game, who: PlayerId, actions: &[Action]) -> Vec<Event> {
    events(
        g.play(who, &Order::of(actions.iter().copied()))
            .expect("an accepted order"),
    )
}

/// Plays an order; the events.
pub fn order(g: &mut Game, who: PlayerId, o: Order) -> Vec<Event> {
    events(g.play(who, &o).expect("an accepted order"))
}

/// Just the events.
pub fn events(told: Vec<Told>) -> Vec<Event> {
    told.into_iter().map(|t| t.event).collect()
}

/// Only what everybody hears.
pub fn public(told: &[Told]) -> Vec<Event> {
    told.iter()
        .filter(|t| t.to == Audience::All)
        .map(|t| t.event.clone())
        .collect()
}

/// A step.
pub fn step(d: Dir) -> Action {
    Action::Move(Move::Step(d))
}

/// A shot in a direction.
pub fn shoot(d: Dir) -> Action {
    Action::Shoot {
        aim: Aim::Dir(d),
        target: None,
    }
}

/// Leaving a thing.
pub fn leave(t: Thing) -> Action {
    Action::Leave(t)
}

pub use Dir::{Down, Left, Right, Up};

/// The §8 problems of a drawn plan under a ruleset, as rules.
pub fn problems(text: &str, rules: &Ruleset) -> Vec<crate::validate::Rule> {
    crate::validate::validate(&plan(text), rules, None)
        .problems
        .into_iter()
        .map(|f| f.rule)
        .collect()
}

/// A small valid maze of both codes to vary: land, an arsenal and a hospital on top, land below; exits
/// on the left of A1 (open) and the right of C2 (closed); the treasure at A2.
pub const MAZE: &str = "
labyrinth 3x2 nstop=30
+---+---+---+
  .   A   M |
+   +   +   +
| .   .   . ~
+---+---+---+
items:
  A2 treasure
";

/// A river A1 > B1 > C1 into the mouth D1 above a row of land, walled in: for river tests of every kind.
pub const RIVER: &str = "
labyrinth 4x2 nstop=30
+---+---+---+---+
| >   >   >   U |
+   +   +   +   +
| .   .   .   . |
+---+---+---+---+
";

/// The encyclopedia's ruleset with some options changed.
pub fn wiki(opts: &[&str]) -> Ruleset {
    with(Ruleset::wiki(), opts)
}

//! Test helpers: a small reader of the plan drawing (`shared/spec/labyrinth-plan.md`; `Plan::parse` is
//! not on main yet), and shorthands for orders and events.

use crate::labyrinth::board::{Board, Border, Cell, InnerWall, PitId};
use crate::labyrinth::game::event::{Audience, Event, Told};
use crate::labyrinth::game::order::{Action, Aim, Order, Thing};
use crate::labyrinth::game::{Game, PlayerId};
use crate::labyrinth::geometry::{Coord, Dir, Size};
use crate::labyrinth::item::{Item, PlacedItem};
use crate::labyrinth::movement::Move;
use crate::labyrinth::plan::{Plan, PlanSettings};
use crate::labyrinth::ruleset::Ruleset;

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

/// Reads a plan drawing; panics on a malformed one (tests only).
pub fn plan(text: &str) -> Plan {
    let mut lines = text.lines().skip_while(|l| l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("header").split_whitespace().collect();
    assert_eq!(header[0], "labyrinth");
    let size: Size = header[1].parse().expect("size");
    let mut settings = PlanSettings::default();
    for kv in &header[2..] {
        let (k, v) = kv.split_once('=').expect("key=value");
        match k {
            "cure" => settings.cure = Some(v.parse().unwrap()),
            "nstop" => settings.nstop = Some(v.parse().unwrap()),
            _ => panic!("unknown setting {k}"),
        }
    }
    let (w, h) = (usize::from(size.width), usize::from(size.height));
    let rows: Vec<Vec<char>> = lines
        .by_ref()
        .take(2 * h + 1)
        .map(|l| {
            let mut v: Vec<char> = l.chars().collect();
            v.resize(4 * w + 1, ' ');
            v
        })
        .collect();
    let mut board = Board::new(size);
    for r in 0..=h {
        let line = &rows[2 * r];
        for col in 0..w {
            let seg: String = line[4 * col + 1..4 * col + 4].iter().collect();
            let (cell, d) = if r < h {
                (Coord::new(col as u8, r as u8), Dir::Up)
            } else {
                (Coord::new(col as u8, (h - 1) as u8), Dir::Down)
            };
            set_side(&mut board, cell, d, seg.chars().next().unwrap());
        }
    }
    for r in 0..h {
        let line = &rows[2 * r + 1];
        for col in 0..w {
            let cell = Coord::new(col as u8, r as u8);
            set_side(&mut board, cell, Dir::Left, line[4 * col]);
            if col + 1 == w {
                set_side(&mut board, cell, Dir::Right, line[4 * col + 4]);
            }
            let glyph: String = line[4 * col + 1..4 * col + 4].iter().collect();
            board.set_cell(cell, cell_type(glyph.trim()));
        }
    }
    let mut items = vec![];
    let rest: Vec<&str> = lines.collect();
    if let Some(pos) = rest.iter().position(|l| l.trim() == "items:") {
        for l in &rest[pos + 1..] {
            let words: Vec<&str> = l.split_whitespace().collect();
            if words.is_empty() {
                continue;
            }
            items.push(PlacedItem {
                at: c(words[0]),
                item: Item::from_keyword(words[1]).expect("item"),
                count: words.get(2).map_or(1, |n| n.parse().unwrap()),
            });
        }
    }
    Plan {
        board,
        settings,
        items,
    }
}

fn set_side(board: &mut Board, cell: Coord, d: Dir, ch: char) {
    let inner = match ch {
        '-' | '|' => InnerWall::Wall,
        '#' => InnerWall::Solid,
        _ => InnerWall::Open,
    };
    if !board.set_inner(cell, d, inner) {
        let border = match ch {
            '-' | '|' => Border::Wall,
            '~' => Border::ClosedExit,
            ' ' => Border::Exit,
            _ => panic!("bad border {ch:?}"),
        };
        board.set_border(cell, d, border);
    }
}

fn cell_type(glyph: &str) -> Cell {
    match glyph {
        "." => Cell::Land,
        "M" => Cell::Hospital,
        "A" => Cell::Arsenal,
        "U" => Cell::Mouth,
        "E" => Cell::Encephalitis,
        ">" => Cell::River(Dir::Right),
        "<" => Cell::River(Dir::Left),
        "^" => Cell::River(Dir::Up),
        "v" => Cell::River(Dir::Down),
        pit => {
            let mut ch = pit.chars();
            let letter = ch.next().expect("a glyph");
            Cell::Pit(PitId {
                cycle: letter as u8 - b'a',
                place: ch.as_str().parse().expect("pit place"),
            })
        }
    }
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

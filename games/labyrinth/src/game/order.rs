//! Orders: what a player tells the master on his turn (Kodex Б §2.1, §6.5–§6.8; Kodex В §2.1, §6.6–§6.7).
//!
//! Orders are typed; the session engine parses chat text ("иду вверх, затем стреляю влево") into them.

use serde::{Deserialize, Serialize};

use crate::geometry::{Coord, Dir};
use crate::movement::Move;

/// Where a bullet goes (Kodex Б §5.5; Kodex В §2.1 adds "в клетку, где нахожусь").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Aim {
    /// Left, right, up or down.
    Dir(Dir),
    /// The shooter's own cell (quantum code; in the classic one every shot also hits the shooter's cell).
    Here,
}

/// A thing a player can leave or throw (Kodex Б §2.1, §5.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Thing {
    /// The treasure he carries (true or false: he cannot tell).
    Treasure,
    /// The corpse he carries.
    Corpse,
    /// His unarmed mine (thrown without arming it).
    Mine,
    /// Bullets.
    Bullets(u8),
    /// Grenades.
    Grenades(u8),
}

/// A kind of thing, as found on a cell and named in conditions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ThingKind {
    /// A treasure, true or false (nobody is told which).
    Treasure,
    /// An unarmed mine.
    Mine,
    /// A corpse.
    Corpse,
    /// Bullets.
    Bullets,
    /// Grenades.
    Grenades,
}

/// One action of a turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// A movement (exactly one a turn in the classic code, Б §2.1).
    Move(Move),
    /// A shot (Б §5.5, В §5.5).
    Shoot {
        /// Where.
        aim: Aim,
        /// §7.3 named target: only this player can be hit, and only on the cell named.
        target: Option<(super::PlayerId, Coord)>,
    },
    /// A grenade against the wall on this side (Б §5.4).
    Blow(Dir),
    /// Leave a thing on one's own cell (Б §5.2).
    Leave(Thing),
    /// Throw a thing to the neighbouring cell this way (Б §5.2).
    Throw(Thing, Dir),
    /// Arm one's mine and set it on one's own cell, or throw it armed to a neighbour (Б §5.7).
    SetMine(Option<Dir>),
    /// Skip the turn (Б §6.6, В §6.5).
    Skip,
    /// Strike with the knife: whoever else stands on the cell is wounded (encyclopedia, "Ход игры":
    /// "ударить кинжалом. Если в клетке есть ещё кто-то — он будет ранен").
    Stab,
    /// "Бью ногами": the guess that someone shares the cell (encyclopedia, modification 18).
    Kick,
    /// Build a wall with cement on this side (encyclopedia, modification 11).
    Build(Dir),
    /// Throw the boomerang this way (encyclopedia, modification 15).
    Boomerang(Dir),
}

/// A condition of a conditional order (Kodex Б §6.5), tested on the outcome of the turn so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Condition {
    /// "если найду клад / пулю / …"
    Found(ThingKind),
    /// "если попаду в яму / реку / …": the type of cell the master would name.
    Landed(super::seen::CellSeen),
    /// "если упрусь в стенку"
    Bumped,
    /// "если не упрусь в стенку"
    NotBumped,
}

/// A part of an order: an action, or actions done only if a condition holds.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Part {
    /// Done unconditionally.
    Do(Action),
    /// Done only if the condition holds when this part is reached (Б §6.5).
    If(Condition, Vec<Action>),
}

/// How much of the result the player wants told (Б §6.7–§6.8, В §6.6–§6.7).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Light {
    /// Tell everything.
    #[default]
    Full,
    /// "Результат не сообщать": nothing is told.
    Dark,
    /// Only whether the movement bumped into a wall.
    HalfDark,
}

/// Which treasure to carry when several are at hand (Б §5.8).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pick {
    /// The order does not say. Б §5.8: the master "уточняет, какой клад -- "старый" или "вновь
    /// найденный" -- игрок предпочитает взять с собой", so the turn waits for the answer
    /// ([`Game::choose`](super::Game::choose)); an order whose result is not told (Б §6.7, and
    /// half-dark, §6.8) is answered for him as [`Pick::Keep`].
    #[default]
    Unsaid,
    /// Keep the one carried; without one, take the top one (Б §6.7: "клад при обнаружении второго
    /// клада сохраняется старый").
    Keep,
    /// Take the newly found one (the top of the cell's stack).
    New,
    /// Take the n-th from the bottom, from 1 (Б §5.8: "нижний", "второй снизу", …).
    FromBottom(u8),
}

/// A whole turn's order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Order {
    /// The actions in order.
    pub parts: Vec<Part>,
    /// How much of the result to tell.
    pub light: Light,
    /// Which treasure to carry if several are at hand after the movement.
    pub pick: Pick,
    /// Do not refill bullets and grenades in an arsenal (Б §4.3 "если только он сам не попросил").
    pub decline_refill: bool,
}

impl Order {
    /// An order of plain actions, fully reported.
    pub fn of(actions: impl IntoIterator<Item = Action>) -> Order {
        Order {
            parts: actions.into_iter().map(Part::Do).collect(),
            ..Order::default()
        }
    }

    /// Every action, conditional or not, in order.
    pub fn actions(&self) -> impl Iterator<Item = &Action> {
        self.parts.iter().flat_map(|p| match p {
            Part::Do(a) => std::slice::from_ref(a),
            Part::If(_, actions) => actions.as_slice(),
        })
    }
}

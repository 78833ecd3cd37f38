//! The cards of Saboteur and their names.
//!
//! A path card is named by its open sides in the order N, E, S, W, with `x` in front for a dead end
//! (`NES`, `xNS`); action cards by their kind (`break-lamp`, `fix-pick+lamp`, `rockfall`, `map`). The
//! names are those of the spec (`shared/spec/script-harness.md`, "Saboteur state (peek)"): a chat user
//! types them and the peek state shows them, so [`Display`](fmt::Display) and [`FromStr`] are exact
//! inverses for every card.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A name that names nothing: a card, a side or a tool misspelt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "nothing is called {0:?}: name a card like NES, xNS, break-lamp, fix-pick+lamp, rockfall or map"
)]
pub struct UnknownName(pub String);

/// A side of a card, and the direction to the neighbouring cell on that side.
///
/// `y` grows downward (the spec's cells): north is `y − 1`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// Up.
    N,
    /// Right, toward the goals.
    E,
    /// Down.
    S,
    /// Left, toward the start.
    W,
}

impl Dir {
    /// The four sides in name order.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The side that faces this one across a shared edge.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
        }
    }

    /// The step `(dx, dy)` to the neighbouring cell on this side.
    pub fn step(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
        }
    }

    /// The side's letter in a card's name.
    pub fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The open sides of a path card, as a bit set (N = 1, E = 2, S = 4, W = 8).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct Sides(pub u8);

impl Sides {
    /// The set of these sides.
    pub fn of(dirs: &[Dir]) -> Sides {
        Sides(dirs.iter().fold(0, |bits, d| bits | d.bit()))
    }

    /// All four sides open: the cross.
    pub const ALL: Sides = Sides(0b1111);

    /// Whether the side is open.
    pub fn has(self, d: Dir) -> bool {
        self.0 & d.bit() != 0
    }

    /// The sides once the card is turned by 180°: north and south swap, east and west swap.
    pub fn rotated(self) -> Sides {
        Sides(((self.0 & 0b0011) << 2) | ((self.0 & 0b1100) >> 2))
    }

    /// The open sides in name order.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        Dir::ALL.into_iter().filter(move |&d| self.has(d))
    }

    /// No side open (no card has this).
    pub fn is_empty(self) -> bool {
        self.0 & 0b1111 == 0
    }
}

impl fmt::Display for Sides {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{}", d.letter())?;
        }
        Ok(())
    }
}

/// A tunnel card: its open sides as it is named or as it lies, and whether it is a dead end.
///
/// A dead end's openings do not meet in the middle: a tunnel that enters it goes no further.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Path {
    /// The open sides.
    pub sides: Sides,
    /// A dead end: the openings do not connect through the middle.
    pub dead: bool,
}

impl Path {
    /// A card with these open sides, connected through the middle.
    pub fn open(dirs: &[Dir]) -> Path {
        Path {
            sides: Sides::of(dirs),
            dead: false,
        }
    }

    /// A dead end with these openings.
    pub fn dead_end(dirs: &[Dir]) -> Path {
        Path {
            sides: Sides::of(dirs),
            dead: true,
        }
    }

    /// The cross: the start card and the gold goal.
    pub const CROSS: Path = Path {
        sides: Sides::ALL,
        dead: false,
    };

    /// The card turned by 180° — the only other way a card may lie (Ход картой «путь»: never
    /// crosswise).
    pub fn rotated(self) -> Path {
        Path {
            sides: self.sides.rotated(),
            dead: self.dead,
        }
    }

    /// The name a hand gives this card: the smaller, in byte order, of its name upright and its name
    /// turned (`NES`, never `NSW`).
    pub fn canonical(self) -> Path {
        let turned = self.rotated();
        if turned.to_string() < self.to_string() {
            turned
        } else {
            self
        }
    }

    /// Whether both orientations of the card are the same (`NS`, the cross): listed once.
    pub fn symmetric(self) -> bool {
        self.rotated() == self
    }

    /// Whether a tunnel entering by side `a` can leave by side `b`: both open and the middle
    /// connected. `connects(a, a)` is whether `a` is open on a connected card.
    pub fn connects(self, a: Dir, b: Dir) -> bool {
        !self.dead && self.sides.has(a) && self.sides.has(b)
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dead {
            f.write_str("x")?;
        }
        write!(f, "{}", self.sides)
    }
}

impl FromStr for Path {
    type Err = UnknownName;

    /// Reads `NESW`, `NS`, `xN`, `xNESW`. The letters are read in any case, but must come in the order
    /// N, E, S, W, each at most once: a name with sides out of order names no card.
    fn from_str(s: &str) -> Result<Path, UnknownName> {
        let bad = || UnknownName(s.to_string());
        let (dead, rest) = match s.strip_prefix(['x', 'X']) {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let mut bits = 0u8;
        let mut last: Option<Dir> = None;
        for ch in rest.chars() {
            let d = match ch.to_ascii_uppercase() {
                'N' => Dir::N,
                'E' => Dir::E,
                'S' => Dir::S,
                'W' => Dir::W,
                _ => return Err(bad()),
            };
            if last.is_some_and(|l| l >= d) {
                return Err(bad());
            }
            last = Some(d);
            bits |= d.bit();
        }
        if bits == 0 {
            return Err(bad());
        }
        Ok(Path {
            sides: Sides(bits),
            dead,
        })
    }
}

/// A tool that can be broken in front of a player.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tool {
    /// Кирка.
    Pick,
    /// Фонарь.
    Lamp,
    /// Вагонетка.
    Cart,
}

impl Tool {
    /// The three tools in name order.
    pub const ALL: [Tool; 3] = [Tool::Pick, Tool::Lamp, Tool::Cart];

    /// The tool's name: `pick`, `lamp`, `cart`.
    pub fn name(self) -> &'static str {
        match self {
            Tool::Pick => "pick",
            Tool::Lamp => "lamp",
            Tool::Cart => "cart",
        }
    }
}

impl fmt::Display for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Tool {
    type Err = UnknownName;

    /// Reads `pick`, `lamp`, `cart` in any case.
    fn from_str(s: &str) -> Result<Tool, UnknownName> {
        Tool::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownName(s.to_string()))
    }
}

/// An action card (Ход картой «действие»).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A broken tool, laid in front of a player: he lays no path card until it is mended.
    Break(Tool),
    /// Mends one broken tool of this kind.
    Fix(Tool),
    /// Mends either of two tools (not both), the first before the second in the order pick, lamp,
    /// cart.
    FixEither(Tool, Tool),
    /// Горный обвал: removes a path card from the maze.
    Rockfall,
    /// Карта: a look at a face-down goal.
    Map,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Break(t) => write!(f, "break-{t}"),
            Action::Fix(t) => write!(f, "fix-{t}"),
            Action::FixEither(a, b) => write!(f, "fix-{a}+{b}"),
            Action::Rockfall => f.write_str("rockfall"),
            Action::Map => f.write_str("map"),
        }
    }
}

impl FromStr for Action {
    type Err = UnknownName;

    /// Reads the spec's names in any case. A double fix must name its tools in the order pick, lamp,
    /// cart (`fix-pick+lamp`, not `fix-lamp+pick`), as the card is named.
    fn from_str(s: &str) -> Result<Action, UnknownName> {
        let bad = || UnknownName(s.to_string());
        let lower = s.to_ascii_lowercase();
        if lower == "rockfall" {
            return Ok(Action::Rockfall);
        }
        if lower == "map" {
            return Ok(Action::Map);
        }
        if let Some(t) = lower.strip_prefix("break-") {
            return t.parse().map(Action::Break).map_err(|_| bad());
        }
        if let Some(rest) = lower.strip_prefix("fix-") {
            return match rest.split_once('+') {
                None => rest.parse().map(Action::Fix).map_err(|_| bad()),
                Some((a, b)) => {
                    let a: Tool = a.parse().map_err(|_| bad())?;
                    let b: Tool = b.parse().map_err(|_| bad())?;
                    if a < b {
                        Ok(Action::FixEither(a, b))
                    } else {
                        Err(bad())
                    }
                }
            };
        }
        Err(bad())
    }
}

/// A playing card: a tunnel or an action.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    /// A tunnel card.
    Path(Path),
    /// An action card.
    Action(Action),
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Path(p) => p.fmt(f),
            Card::Action(a) => a.fmt(f),
        }
    }
}

impl FromStr for Card {
    type Err = UnknownName;

    /// Reads an action's name or a path's name, exactly as written: `NSW` reads as the path `NSW`,
    /// which a hand would call `NES` (see [`Path::canonical`]).
    fn from_str(s: &str) -> Result<Card, UnknownName> {
        s.parse::<Action>()
            .map(Card::Action)
            .or_else(|_| s.parse::<Path>().map(Card::Path))
            .map_err(|_| UnknownName(s.to_string()))
    }
}

/// Serialises a value by its name, so that saved states and the peek read like the spec.
macro_rules! serde_by_name {
    ($($t:ty),*) => {$(
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let name = <String as serde::Deserialize>::deserialize(d)?;
                name.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}

serde_by_name!(Path, Action, Card);
pub(crate) use serde_by_name;

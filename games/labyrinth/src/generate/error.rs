//! Why no plan can be composed: the board is too small, or the ruleset's agreed counts cannot be met.

use std::fmt;

use crate::geometry::Size;
use crate::ruleset::Ruleset;
use bot_core::args;
use bot_core::i18n::{Lang, Localize};

use super::{MAX_PLAYERS, MIN_SIZE};

/// A count a group may agree on before the game (Kodex Б §7.1) that the rules bound from below.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Counted {
    /// `limits.arsenals`: at least one (Kodex Б §8.2).
    Arsenals,
    /// `limits.hospitals`: at least one (Kodex Б §8.2).
    Hospitals,
    /// `limits.treasures`, true and false: at least the one true treasure (Kodex Б §8.3).
    Treasures,
    /// `limits.exits`, open and closed: at least two (Kodex Б §8.4).
    Exits,
}

impl Counted {
    /// The option's name in a ruleset file, which the messages also use to choose their words.
    pub fn key(self) -> &'static str {
        match self {
            Counted::Arsenals => "arsenals",
            Counted::Hospitals => "hospitals",
            Counted::Treasures => "treasures",
            Counted::Exits => "exits",
        }
    }
}

/// Why the generator could not compose a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// A side of the board is shorter than the smallest maze, [`MIN_SIZE`].
    TooSmall {
        /// The size asked for.
        size: Size,
        /// The smallest size composed.
        min: Size,
    },
    /// No players, or more than [`MAX_PLAYERS`].
    Players {
        /// The number asked for.
        players: u32,
        /// The most players supported.
        max: u32,
    },
    /// The ruleset agrees on fewer of something than the rules of Kodex Б §8 require.
    TooFew {
        /// Which agreed count.
        limit: Counted,
        /// The agreed value.
        agreed: u32,
        /// The least the rules allow.
        min: u32,
    },
    /// The agreed arsenals, hospitals and treasures need more cells than the board has.
    NoRoomForCells {
        /// The board's size.
        size: Size,
        /// Cells needed.
        need: u32,
        /// Cells on the board.
        room: u32,
    },
    /// The agreed exits are more than the sides on the border of the board.
    NoRoomForExits {
        /// The board's size.
        size: Size,
        /// Exits agreed.
        need: u32,
        /// Sides on the border.
        room: u32,
    },
}

impl Localize for GenerateError {
    fn localize(&self, lang: Lang) -> String {
        let m = crate::locale::messages(lang);
        match *self {
            GenerateError::TooSmall { size, min } => m.text(
                "generate-too-small",
                args![("size", size.to_string()), ("min", min.to_string())],
            ),
            GenerateError::Players { players, max } => m.text(
                "generate-players",
                args![("players", players), ("max", max)],
            ),
            GenerateError::TooFew { limit, agreed, min } => m.text(
                "generate-too-few",
                args![("limit", limit.key()), ("agreed", agreed), ("min", min)],
            ),
            GenerateError::NoRoomForCells { size, need, room } => m.text(
                "generate-no-room-cells",
                args![("size", size.to_string()), ("need", need), ("room", room)],
            ),
            GenerateError::NoRoomForExits { size, need, room } => m.text(
                "generate-no-room-exits",
                args![("size", size.to_string()), ("need", need), ("room", room)],
            ),
        }
    }
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

impl std::error::Error for GenerateError {}

/// Refuses what no attempt could satisfy, so that the generator's loop only meets solvable requests.
pub(super) fn precheck(size: Size, players: u32, rules: &Ruleset) -> Result<(), GenerateError> {
    if size.width < MIN_SIZE.width || size.height < MIN_SIZE.height {
        return Err(GenerateError::TooSmall {
            size,
            min: MIN_SIZE,
        });
    }
    if !(1..=MAX_PLAYERS).contains(&players) {
        return Err(GenerateError::Players {
            players,
            max: MAX_PLAYERS,
        });
    }
    let l = &rules.limits;
    let floors = [
        (Counted::Arsenals, l.arsenals, 1),
        (Counted::Hospitals, l.hospitals, 1),
        (Counted::Treasures, l.treasures, 1),
        (Counted::Exits, l.exits, 2),
    ];
    for (limit, agreed, min) in floors {
        if let Some(agreed) = agreed.filter(|&a| a < min) {
            return Err(GenerateError::TooFew { limit, agreed, min });
        }
    }
    // The plain fallback needs a cell for each arsenal, hospital and treasure.
    let need = [l.arsenals, l.hospitals, l.treasures]
        .iter()
        .map(|n| u64::from(n.unwrap_or(1)))
        .sum::<u64>();
    let room = size.area() as u64;
    if need > room {
        return Err(GenerateError::NoRoomForCells {
            size,
            need: need.min(u64::from(u32::MAX)) as u32,
            room: room as u32,
        });
    }
    let sides = 2 * (u32::from(size.width) + u32::from(size.height));
    if let Some(need) = l.exits.filter(|&e| e > sides) {
        return Err(GenerateError::NoRoomForExits {
            size,
            need,
            room: sides,
        });
    }
    Ok(())
}

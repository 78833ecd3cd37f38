//! Kinds of arsenal (encyclopedia, modification 13: "Может быть несколько типов Арсеналов — с
//! патронами, со взрывчаткой и т. п."): what an arsenal gives, as a plan's `arsenals:` section says.

use serde::{Deserialize, Serialize};

use super::geometry::Coord;

/// One thing an arsenal may give.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Supply {
    /// Bullets (Kodex Б §4.3).
    Bullets,
    /// Grenades, the encyclopedia's bombs (Kodex Б §4.3).
    Grenades,
    /// Knives (the encyclopedia's base rules).
    Knives,
    /// Cement (modification 11).
    Cement,
    /// A boomerang (modification 15).
    Boomerang,
}

impl Supply {
    /// Every supply, in the order the plan format writes them.
    pub const ALL: [Supply; 5] = [
        Supply::Bullets,
        Supply::Grenades,
        Supply::Knives,
        Supply::Cement,
        Supply::Boomerang,
    ];

    /// The word the plan format uses.
    pub fn keyword(self) -> &'static str {
        match self {
            Supply::Bullets => "bullets",
            Supply::Grenades => "grenades",
            Supply::Knives => "knives",
            Supply::Cement => "cement",
            Supply::Boomerang => "boomerang",
        }
    }

    /// The supply a plan word names; "bombs" is the encyclopedia's word for grenades.
    pub fn from_keyword(word: &str) -> Option<Supply> {
        match word {
            "bombs" => Some(Supply::Grenades),
            w => Supply::ALL.into_iter().find(|s| s.keyword() == w),
        }
    }
}

/// What one arsenal gives, as the plan's `arsenals:` section lists it. An arsenal not listed gives
/// everything the game has.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stock {
    /// The arsenal's cell.
    pub at: Coord,
    /// What it gives, each once, in the plan format's order.
    pub supplies: Vec<Supply>,
}

impl Stock {
    /// Whether this arsenal gives `s`.
    pub fn gives(&self, s: Supply) -> bool {
        self.supplies.contains(&s)
    }
}

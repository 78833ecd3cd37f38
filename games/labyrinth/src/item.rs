//! Items lying on cells at the start of a game (Kodex Б §5), as a plan lists them.

use serde::{Deserialize, Serialize};

use super::geometry::Coord;

/// A kind of item a plan may place on a cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Item {
    /// The one true treasure (§3.1).
    Treasure,
    /// A false treasure (§3.1), dust outside the maze (§3.4).
    Fake,
    /// An unarmed mine (§5.7).
    Mine,
    /// An armed mine, invisible until it explodes (§5.7).
    ArmedMine,
    /// Bullets (§5.5).
    Bullets,
    /// Grenades (§5.4).
    Grenades,
    /// A corpse (§5.6).
    Corpse,
}

impl Item {
    /// Every kind, in the order of the plan format's list.
    pub const ALL: [Item; 7] = [
        Item::Treasure,
        Item::Fake,
        Item::Mine,
        Item::ArmedMine,
        Item::Bullets,
        Item::Grenades,
        Item::Corpse,
    ];

    /// The word the plan format uses.
    pub fn keyword(self) -> &'static str {
        match self {
            Item::Treasure => "treasure",
            Item::Fake => "fake",
            Item::Mine => "mine",
            Item::ArmedMine => "armed-mine",
            Item::Bullets => "bullets",
            Item::Grenades => "grenades",
            Item::Corpse => "corpse",
        }
    }

    /// The kind a plan keyword names.
    pub fn from_keyword(word: &str) -> Option<Item> {
        Item::ALL.into_iter().find(|i| i.keyword() == word)
    }

    /// Whether the plan format requires a count after the keyword (`bullets N`, `grenades N`).
    pub fn needs_count(self) -> bool {
        matches!(self, Item::Bullets | Item::Grenades)
    }
}

/// A line of a plan's `items:` section: `count` items of one kind on one cell.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlacedItem {
    /// Where the items lie.
    pub at: Coord,
    /// What they are.
    pub item: Item,
    /// How many (at least 1).
    pub count: u32,
}

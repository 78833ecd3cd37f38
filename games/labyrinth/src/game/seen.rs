//! What the master says a cell is when a player walks onto it (Б §4): the one type both an event
//! and an order (a condition on the cell, "if land") name.

use serde::{Deserialize, Serialize};

/// The type of cell the master names (Б §4); `Land` also for encephalitis to the immune (Б §4.7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CellSeen {
    /// Суша.
    Land,
    /// Медсанбат.
    Hospital,
    /// Арсенал.
    Arsenal,
    /// Яма.
    Pit,
    /// Река.
    River,
    /// Устье.
    Mouth,
    /// Энцефалит.
    Encephalitis,
    /// Болото (encyclopedia, modification 17).
    Swamp,
    /// The exit of a pit–exit pair (encyclopedia, modification 8).
    Outlet,
}

//! What a finding says: the rule a plan breaks or the recommendation it ignores, with the data the
//! master needs to fix it, and the section of the code it comes from.

use crate::board::{Cell, PitId};
use crate::geometry::{Coord, Dir};
use crate::item::Item;
use crate::ruleset::Code;

/// The type of a cell without its data (a pit's number, a river's direction), for messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// Суша (§4.1).
    Land,
    /// Медсанбат (§4.2).
    Hospital,
    /// Арсенал (§4.3).
    Arsenal,
    /// Яма (§4.4).
    Pit,
    /// Река (§4.5).
    River,
    /// Устье (§4.5).
    Mouth,
    /// Энцефалит (§4.7).
    Encephalitis,
    /// Болото (encyclopedia, modification 17).
    Swamp,
    /// The exit of a pit–exit pair (encyclopedia, modification 8).
    Outlet,
}

impl CellKind {
    /// The kind of a cell.
    pub fn of(cell: Cell) -> CellKind {
        match cell {
            Cell::Land => CellKind::Land,
            Cell::Hospital => CellKind::Hospital,
            Cell::Arsenal => CellKind::Arsenal,
            Cell::Pit(_) => CellKind::Pit,
            Cell::River(_) => CellKind::River,
            Cell::Mouth => CellKind::Mouth,
            Cell::Encephalitis => CellKind::Encephalitis,
            Cell::Swamp => CellKind::Swamp,
            Cell::Chute(_) => CellKind::Pit,
            Cell::Outlet(_) => CellKind::Outlet,
        }
    }

    /// The key the locale files select on.
    pub fn key(self) -> &'static str {
        match self {
            CellKind::Land => "land",
            CellKind::Hospital => "hospital",
            CellKind::Arsenal => "arsenal",
            CellKind::Pit => "pit",
            CellKind::River => "river",
            CellKind::Mouth => "mouth",
            CellKind::Encephalitis => "encephalitis",
            CellKind::Swamp => "swamp",
            CellKind::Outlet => "outlet",
        }
    }
}

/// A thing in the maze that only an encyclopedia modification allows, each named by the option
/// that switches it on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Feature {
    /// Modification 17: `swamps=yes`.
    Swamps,
    /// Modification 16: `windows=yes`.
    Windows,
    /// Modification 4: `rubber_walls=yes`.
    RubberWalls,
    /// Modification 5: `one_way_walls=yes`.
    OneWayWalls,
    /// Modification 13: `arsenal_kinds=yes`.
    ArsenalKinds,
    /// Modification 8: `pit_exits=yes`.
    PitExits,
    /// Modification 2: `bear=path` or `bear=mimic`.
    Bear,
}

impl Feature {
    /// Every feature.
    pub const ALL: [Feature; 7] = [
        Feature::Bear,
        Feature::PitExits,
        Feature::Swamps,
        Feature::Windows,
        Feature::RubberWalls,
        Feature::OneWayWalls,
        Feature::ArsenalKinds,
    ];

    /// The option that switches it on, which is also the key the locale files select on.
    pub fn option(self) -> &'static str {
        match self {
            Feature::Swamps => "swamps",
            Feature::Windows => "windows",
            Feature::RubberWalls => "rubber_walls",
            Feature::OneWayWalls => "one_way_walls",
            Feature::ArsenalKinds => "arsenal_kinds",
            Feature::PitExits => "pit_exits",
            Feature::Bear => "bear",
        }
    }
}

/// A count the group may agree on before the game (Kodex Б §7.1), as `Ruleset::limits` holds them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Most pits in all.
    Pits,
    /// Most pit cycles.
    PitCycles,
    /// Most pits in one cycle.
    PitCycleLen,
    /// Most river systems.
    RiverSystems,
    /// Most rivers flowing into one cell.
    Tributaries,
    /// Most river cells in one system.
    RiverLen,
    /// Exactly this many arsenals.
    Arsenals,
    /// Exactly this many hospitals.
    Hospitals,
    /// Exactly this many treasures, true and false.
    Treasures,
    /// Most inner walls.
    InnerWalls,
    /// Exactly this many exits, open and closed.
    Exits,
}

impl Limit {
    /// Whether the agreed number is exact rather than a maximum.
    pub fn is_exact(self) -> bool {
        matches!(
            self,
            Limit::Arsenals | Limit::Hospitals | Limit::Treasures | Limit::Exits
        )
    }

    /// The key the locale files select on.
    pub fn key(self) -> &'static str {
        match self {
            Limit::Pits => "pits",
            Limit::PitCycles => "pit-cycles",
            Limit::PitCycleLen => "pit-cycle-len",
            Limit::RiverSystems => "river-systems",
            Limit::Tributaries => "tributaries",
            Limit::RiverLen => "river-len",
            Limit::Arsenals => "arsenals",
            Limit::Hospitals => "hospitals",
            Limit::Treasures => "treasures",
            Limit::InnerWalls => "inner-walls",
            Limit::Exits => "exits",
        }
    }
}

/// Which opposite walls a chain of open cells must join (Kodex Б §7.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Axis {
    /// From the left wall to the right wall.
    LeftRight,
    /// From the top wall to the bottom wall.
    TopBottom,
}

/// A setting the master announces with the plan (Kodex Б §8.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Setting {
    /// Moves a sick player has to reach a hospital (`cure=`).
    Cure,
    /// Rounds without change before a draw (`nstop=`).
    Nstop,
}

/// A rule a plan breaks (a problem) or a recommendation it ignores (a warning), with its data.
///
/// Variants whose section number differs between the codes carry the code.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// §4.5: the river on this cell flows off the board.
    RiverOffBoard {
        /// Where it flows.
        dir: Dir,
    },
    /// §4.5: a wall stands across the river between this cell and the next.
    RiverThroughWall {
        /// The cell the river flows into.
        to: Coord,
    },
    /// §4.5: the river flows into a cell that is neither a river nor a mouth.
    RiverIntoNonMouth {
        /// The cell it flows into.
        to: Coord,
        /// What that cell is.
        into: CellKind,
    },
    /// §4.5: the river runs in a circle (through this cell, the first of the circle) and never
    /// reaches a mouth.
    CircularRiver {
        /// How many cells the circle has.
        cells: u32,
    },
    /// §4.5: no river flows into this mouth.
    MouthWithoutRiver,
    /// §4.4: this pit is the only pit of its cycle.
    LonePit {
        /// The pit.
        pit: PitId,
    },
    /// §4.4: numbers of the cycle are missing before this pit.
    PitGap {
        /// The first missing pit.
        from: PitId,
        /// The last missing pit (the same as `from` when one is missing).
        to: PitId,
    },
    /// §4.4: this pit's place in its cycle is taken by another pit too.
    RepeatedPit {
        /// The pit's name.
        pit: PitId,
        /// Where the same name appears first.
        first: Coord,
    },
    /// Encyclopedia, modification 8: the pit `Yn` of a pair has no exit `Xn`.
    PitWithoutExit {
        /// The pair's number.
        pair: u8,
    },
    /// Encyclopedia, modification 8: the exit `Xn` of a pair has no pit `Yn`.
    ExitWithoutPit {
        /// The pair's number.
        pair: u8,
    },
    /// Encyclopedia, modification 8: a pair has a second pit (`pit`) or a second exit.
    RepeatedPair {
        /// The pair's number.
        pair: u8,
        /// Whether the repeated cell is the pit (else the exit).
        pit: bool,
        /// Where the first one is.
        first: Coord,
    },
    /// Encyclopedia, modification 2: the game has a bear, and the plan no `bear:` section.
    NoBear,
    /// Modification 2: the den is on a cell nobody can stand on.
    BadDen {
        /// What the cell is.
        on: CellKind,
    },
    /// Modification 2: the bear walks a path (`bear=path`), and the plan gives none.
    BearWithoutPath,
    /// §8.2: the maze has no cell of this kind.
    MissingCellType {
        /// Arsenal, hospital or land.
        kind: CellKind,
    },
    /// §8.3: there is no true treasure.
    NoTreasure,
    /// §8.3: there are several true treasures.
    SeveralTreasures {
        /// How many.
        count: u32,
    },
    /// §8.3: the true treasure lies on a cell that is not land.
    TreasureOffLand {
        /// What the cell is.
        on: CellKind,
    },
    /// §3.1: a false treasure lies on a cell that is not land.
    FakeOffLand {
        /// What the cell is.
        on: CellKind,
    },
    /// §1.4, §8.4: fewer than two exits (the encyclopedia: none).
    TooFewExits {
        /// Exits, open and closed.
        count: u32,
        /// How many the ruleset needs.
        least: u32,
    },
    /// Kodex Б §8.4 (as agreed), Kodex В §1.4 (always): no exit is open.
    NoOpenExit {
        /// The code, which decides the section.
        code: Code,
    },
    /// Kodex Б §8.4: an exit on a cell no one can ever stand on (a river's source).
    ExitOnNeverStood {
        /// The side of the cell the exit is on.
        dir: Dir,
        /// The code, which decides the section.
        code: Code,
    },
    /// §7.1: a closed exit, but the group agreed exits are not closed.
    ClosedExitNotAllowed {
        /// The side of the cell the exit is on.
        dir: Dir,
    },
    /// §8.5: the cell cannot be reached from the rest of the maze without grenades.
    Unreachable,
    /// §8.5: from this cell there is no way to the rest of the maze without grenades.
    NoWayOut {
        /// What the cell is, to hint at the usual cause.
        kind: CellKind,
    },
    /// §8.5: the cell can neither be reached from the rest of the maze nor left for it.
    CutOff,
    /// §8.6: a header setting is 0.
    SettingBelowOne {
        /// Which setting.
        setting: Setting,
    },
    /// §7.1: a mine lies here, but the game is played without mines.
    MinesNotAllowed,
    /// §7.1: an encephalitis cell, but the game is played without encephalitis.
    EncephalitisNotAllowed,
    /// The `arsenals:` section lists a cell that is no arsenal (encyclopedia, modification 13).
    StockOffArsenal {
        /// What the cell is.
        on: CellKind,
    },
    /// A thing of an encyclopedia modification the game was not opened with.
    NotAgreed {
        /// Which modification.
        feature: Feature,
    },
    /// Encyclopedia, modification 10, `rivers_south`: the river on this cell flows another way than
    /// south ("реки текут только на юг").
    RiverNotSouth {
        /// Where it flows.
        dir: Dir,
    },
    /// Modification 10, `straight_rivers`: the river turns on this cell ("река может быть только
    /// прямая").
    RiverTurns {
        /// The river cell flowing into this one from another direction.
        from: Coord,
    },
    /// Modification 10, `straight_rivers`: several rivers flow into this cell, a tributary.
    RiverTributary {
        /// How many rivers flow in.
        inflows: u32,
    },
    /// Modification 10, `rivers_apart`: this cell of one river system (a river or its mouth) is side
    /// by side with a cell of another ("реки не могут касаться").
    RiversTouch {
        /// The other system's cell.
        other: Coord,
    },
    /// Kodex В §5.7: the master lays mines on land and arsenals only.
    MineOffLand {
        /// What the cell is.
        on: CellKind,
    },
    /// Kodex В §5.7: at the start all mines lie unarmed.
    ArmedAtStart,
    /// §7.1: more (or, for exact counts, other) than the group agreed on.
    LimitExceeded {
        /// Which count.
        limit: Limit,
        /// The number agreed on.
        allowed: u32,
        /// The number in the plan.
        found: u32,
    },
    /// §7.1: no chain of land, hospitals, arsenals and mouths joins these opposite walls.
    NoChain {
        /// Which walls.
        axis: Axis,
    },
    /// §5.1: an item line with a count of 0.
    NoCount {
        /// The item.
        item: Item,
    },
    /// §1.4: an item on a cell that is not on the board.
    ItemOffBoard {
        /// The item.
        item: Item,
    },
    /// Recommendation а: fewer than two arsenals.
    FewArsenals {
        /// The code, which decides the letter.
        code: Code,
        /// Arsenals in the plan.
        count: u32,
    },
    /// Recommendation а: fewer than two hospitals.
    FewHospitals {
        /// The code, which decides the letter.
        code: Code,
        /// Hospitals in the plan.
        count: u32,
    },
    /// Kodex Б recommendation б: this hospital has an arsenal for a neighbour.
    HospitalNextToArsenal {
        /// The neighbouring arsenal.
        arsenal: Coord,
    },
    /// Recommendation в (Kodex В: б): no false treasure.
    NoFalseTreasure {
        /// The code, which decides the letter.
        code: Code,
    },
    /// Recommendation в (Kodex В: б): more false treasures than players.
    TooManyFalseTreasures {
        /// The code, which decides the letter.
        code: Code,
        /// False treasures in the plan.
        count: u32,
        /// Players in the game.
        players: u32,
    },
    /// Recommendation г: a strong attractor, a mouth with at most one way out.
    MouthOneWayOut {
        /// The code, which decides the letter.
        code: Code,
        /// Ways out: sides neither walled nor an inflowing river.
        ways: u32,
    },
    /// Recommendation г: a strong attractor, two mouths side by side.
    MouthsSideBySide {
        /// The code, which decides the letter.
        code: Code,
        /// The other mouth.
        other: Coord,
    },
    /// Recommendation д: no river at all.
    NoRivers {
        /// The code, which decides the letter.
        code: Code,
    },
    /// Recommendation д: encephalitis is in play but no cell has it.
    NoEncephalitis {
        /// The code, which decides the letter.
        code: Code,
    },
    /// Kodex Б recommendation е (Kodex В: в): a treasure on or next to a cell with an exit.
    TreasureNearExit {
        /// The code, which decides the letter.
        code: Code,
        /// A false treasure rather than the true one.
        fake: bool,
        /// The cell with the exit (this cell or a neighbour).
        exit: Coord,
    },
}

impl Rule {
    /// Whether this is a recommendation of §8 (а–е), which does not refuse a plan.
    pub fn is_recommendation(&self) -> bool {
        self.letter().is_some()
    }

    /// The recommendation's letter in its code's §8, or `None` for a mandatory rule.
    fn letter(&self) -> Option<char> {
        // The encyclopedia has no §8 of its own: its masters follow the classic code's craft.
        use Code::{Classic, Quantum, Wiki};
        Some(match *self {
            Rule::FewArsenals { .. } | Rule::FewHospitals { .. } => 'а',
            Rule::HospitalNextToArsenal { .. } => 'б',
            Rule::NoFalseTreasure { code, .. } | Rule::TooManyFalseTreasures { code, .. } => {
                match code {
                    Classic | Wiki => 'в',
                    Quantum => 'б',
                }
            }
            Rule::MouthOneWayOut { .. } | Rule::MouthsSideBySide { .. } => 'г',
            Rule::NoRivers { .. } | Rule::NoEncephalitis { .. } => 'д',
            Rule::TreasureNearExit { code, .. } => match code {
                Classic | Wiki => 'е',
                Quantum => 'в',
            },
            _ => return None,
        })
    }

    /// The section of the code the finding refers to, in that code's own numbering: `§4.5`, `§8 в`.
    pub fn section(&self) -> String {
        match self.letter() {
            Some(letter) => format!("§8 {letter}"),
            None => self.mandatory_section().to_string(),
        }
    }

    fn mandatory_section(&self) -> &'static str {
        match *self {
            Rule::RiverOffBoard { .. }
            | Rule::RiverThroughWall { .. }
            | Rule::RiverIntoNonMouth { .. }
            | Rule::CircularRiver { .. }
            | Rule::MouthWithoutRiver => "§4.5",
            Rule::LonePit { .. } | Rule::PitGap { .. } | Rule::RepeatedPit { .. } => "§4.4",
            Rule::PitWithoutExit { .. }
            | Rule::NoBear
            | Rule::BadDen { .. }
            | Rule::BearWithoutPath
            | Rule::ExitWithoutPit { .. }
            | Rule::RepeatedPair { .. }
            | Rule::StockOffArsenal { .. } => "§7.1",
            Rule::MissingCellType { .. } => "§8.2",
            Rule::NoTreasure | Rule::SeveralTreasures { .. } | Rule::TreasureOffLand { .. } => {
                "§8.3"
            }
            Rule::FakeOffLand { .. } => "§3.1",
            Rule::TooFewExits { .. } => "§1.4, §8.4",
            Rule::NoOpenExit {
                code: Code::Classic,
            } => "§8.4",
            Rule::NoOpenExit {
                code: Code::Quantum,
            } => "§1.4",
            // Kodex В §8.4 drops the classic sentence about sources; its §8.5 still wants every
            // cell with an exit reachable, which a cell no one stands on is not.
            Rule::ExitOnNeverStood {
                code: Code::Classic,
                ..
            } => "§8.4",
            Rule::ExitOnNeverStood {
                code: Code::Quantum,
                ..
            } => "§8.5",
            Rule::Unreachable | Rule::NoWayOut { .. } | Rule::CutOff => "§8.5",
            Rule::SettingBelowOne { .. } => "§8.6",
            Rule::ClosedExitNotAllowed { .. }
            | Rule::MinesNotAllowed
            | Rule::EncephalitisNotAllowed
            | Rule::NotAgreed { .. }
            | Rule::RiverNotSouth { .. }
            | Rule::RiverTurns { .. }
            | Rule::RiverTributary { .. }
            | Rule::RiversTouch { .. }
            | Rule::LimitExceeded { .. }
            | Rule::NoChain { .. } => "§7.1",
            Rule::NoCount { .. } => "§5.1",
            Rule::MineOffLand { .. } | Rule::ArmedAtStart => "§5.7",
            Rule::ItemOffBoard { .. } => "§1.4",
            // Recommendations have their letters; §8 is where they all are.
            _ => "§8",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recommendations_keep_their_own_codes_letters() {
        // Kodex Б §8 а–е and Kodex В §8 а–д: the quantum code has no hospital-arsenal rule, so its
        // false treasures are б and its treasure-near-exit is в.
        let at = Coord::new(0, 0);
        let letters = |code| {
            [
                Rule::FewArsenals { code, count: 1 },
                Rule::NoFalseTreasure { code },
                Rule::MouthsSideBySide { code, other: at },
                Rule::NoRivers { code },
                Rule::TreasureNearExit {
                    code,
                    fake: false,
                    exit: at,
                },
            ]
            .map(|r| r.section())
        };
        assert_eq!(
            letters(Code::Classic),
            ["§8 а", "§8 в", "§8 г", "§8 д", "§8 е"]
        );
        assert_eq!(
            letters(Code::Quantum),
            ["§8 а", "§8 б", "§8 г", "§8 д", "§8 в"]
        );
        assert_eq!(
            Rule::HospitalNextToArsenal { arsenal: at }.section(),
            "§8 б"
        );
        assert!(
            Rule::NoRivers {
                code: Code::Classic
            }
            .is_recommendation()
        );
        assert!(!Rule::NoTreasure.is_recommendation());
        assert_eq!(
            Rule::NoOpenExit {
                code: Code::Quantum
            }
            .section(),
            "§1.4"
        );
        assert_eq!(
            Rule::NoOpenExit {
                code: Code::Classic
            }
            .section(),
            "§8.4"
        );
    }
}

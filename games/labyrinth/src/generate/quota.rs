//! How many of each feature a plan gets: proportional to the area, bounded by the ruleset's limits
//! (Kodex Б §7.1) and by the recommendations of Kodex Б §8.

use crate::geometry::Size;
use crate::ruleset::{Code, Ruleset};

/// Target counts for one attempt. "Most" counts are upper bounds the placement may fall short of;
/// exact counts come from agreed limits and must be met.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Quota {
    /// Arsenals (exact).
    pub arsenals: u32,
    /// Hospitals (exact).
    pub hospitals: u32,
    /// Encephalitis cells (most).
    pub encephalitis: u32,
    /// False treasures (exact).
    pub fakes: u32,
    /// Exits, open and closed (wanted).
    pub exits: u32,
    /// Fewest exits acceptable: the agreed number, or 2 (Kodex Б §8.4).
    pub min_exits: u32,
    /// Whether some exits are closed by breakable outer walls.
    pub closed_exits: bool,
    /// Unarmed mines lying in the maze (quantum code, Kodex В §5.7).
    pub mines: u32,
    /// River systems (most).
    pub river_systems: u32,
    /// Cells of one river system, counting its mouth (most).
    pub river_cells: u32,
    /// Rivers flowing into one cell (most).
    pub inflows: u32,
    /// Pit cycles (most).
    pub pit_cycles: u32,
    /// Pits in one cycle (most).
    pub pit_cycle_len: u32,
    /// Pits in all (most).
    pub pits: u32,
    /// Share of a perfect maze's walls knocked out, as a range.
    pub open_share: (f64, f64),
    /// Share of the remaining walls made unbreakable.
    pub solid_share: f64,
    /// Most inner walls.
    pub max_walls: Option<u32>,
    /// Cross the board with chains of land, hospitals and arsenals (Kodex Б §7.1).
    pub chains: bool,
    /// Swamps (most; encyclopedia, modification 17), 0 when the game has none.
    pub swamps: u32,
    /// Pit–exit pairs (most; modification 8: "Обычно бывает 3 пары"), 0 when the game has none.
    pub pairs: u32,
    /// Special walls the finished maze gets, each a share of its plain walls (modifications 4, 5, 16).
    pub specials: Specials,
    /// Every river flows south (modification 10).
    pub rivers_south: bool,
    /// Every river system is one straight line (modification 10).
    pub straight_rivers: bool,
}

/// Which special walls the ruleset allows (encyclopedia, modifications 4, 5 and 16).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Specials {
    /// Walls with windows (`windows`).
    pub windows: bool,
    /// Rubber walls (`rubber_walls`).
    pub rubber: bool,
    /// One-way walls (`one_way_walls`).
    pub one_way: bool,
}

impl Specials {
    /// Whether any special wall is allowed.
    pub fn any(self) -> bool {
        self.windows || self.rubber || self.one_way
    }
}

impl Quota {
    /// The counts for a board of `size`, `players` players and `rules`. A `lean` quota is for crowded
    /// boards: no pits, one short river, the fewest services, fakes and exits the recommendations ask
    /// for; agreed exact counts stay.
    pub fn new(size: Size, players: u32, rules: &Ruleset, lean: bool) -> Quota {
        let area = size.area() as u32;
        let sides = u32::from(size.width) + u32::from(size.height);
        let l = &rules.limits;
        let capped = |want: u32, limit: Option<u32>| limit.map_or(want, |m| want.min(m));
        // Kodex Б §5.7: with mines, at least as many exits as players.
        let mine_exits = if rules.mines { players } else { 0 };
        let (services, fakes, exits) = if lean {
            (2, 1, 2)
        } else {
            (2 + area / 50, (1 + area / 50).min(players), 2 + sides / 8)
        };
        let pit_cycle_len = capped(if area >= 30 { 4 } else { 3 }, l.max_pit_cycle_len);
        let pit_cycles = if lean {
            0
        } else {
            (area / 40).max(u32::from(area >= 12))
        };
        Quota {
            arsenals: l.arsenals.unwrap_or(services),
            hospitals: l.hospitals.unwrap_or(services),
            encephalitis: match (rules.encephalitis, lean) {
                (false, _) => 0,
                (true, true) => 1,
                (true, false) => 1 + area / 80,
            },
            fakes: l.treasures.map_or(fakes, |t| t.saturating_sub(1)),
            exits: l.exits.unwrap_or(exits.max(mine_exits)),
            min_exits: l.exits.unwrap_or(2),
            closed_exits: rules.closed_exits,
            mines: if rules.mines && rules.code == Code::Quantum {
                1 + area / 40
            } else {
                0
            },
            river_systems: capped(if lean { 1 } else { 1 + area / 60 }, l.max_river_systems),
            // The limit counts river cells; a system also has its mouth.
            river_cells: capped(
                if lean { 3 } else { 2 + sides / 3 },
                l.max_river_len.map(|m| m.saturating_add(1)),
            ),
            inflows: capped(2, l.max_tributaries),
            pit_cycles: capped(pit_cycles, l.max_pit_cycles),
            pit_cycle_len: if pit_cycle_len < 2 { 0 } else { pit_cycle_len },
            pits: capped(u32::MAX, l.max_pits),
            open_share: (0.15, 0.30),
            solid_share: 0.10,
            max_walls: l.max_inner_walls,
            chains: rules.chains,
            // Encyclopedia, modification 17: a few swamps, about one per 40 cells.
            swamps: match (rules.swamps, lean) {
                (false, _) => 0,
                (true, true) => 1,
                (true, false) => 1 + area / 40,
            },
            // Modification 8: three pairs as the article says is usual, fewer on small boards.
            pairs: match (rules.pit_exits, lean) {
                (false, _) => 0,
                (true, true) => 1,
                (true, false) => (area / 12).clamp(1, 3),
            },
            specials: Specials {
                windows: rules.windows,
                rubber: rules.rubber_walls,
                one_way: rules.one_way_walls,
            },
            rivers_south: rules.rivers_south,
            straight_rivers: rules.straight_rivers,
        }
    }
}

/// How many recommendations of Kodex Б §8 the agreed limits make impossible to follow: an attempt
/// with no more warnings than this is as good as any, and the search can stop there.
pub(super) fn forced_warnings(rules: &Ruleset, players: u32) -> usize {
    let l = &rules.limits;
    let no_rivers = [l.max_river_systems, l.max_tributaries, l.max_river_len].contains(&Some(0));
    [
        l.arsenals == Some(1),
        l.hospitals == Some(1),
        l.treasures == Some(1),
        l.treasures.is_some_and(|t| t.saturating_sub(1) > players),
        no_rivers,
    ]
    .into_iter()
    .filter(|&forced| forced)
    .count()
}

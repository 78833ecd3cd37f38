//! The generator's own check of a finished attempt: the mandatory rules of Kodex Б §8 and the
//! ruleset's options and limits (problems), and the recommendations (warnings).
//!
//! It stands in for the §8 validator while that is being written and is stricter where the rule book
//! leaves room: an exit is kept off every river, not only off sources, and a treasure is kept away
//! from closed exits as well as open ones.

use std::collections::BTreeMap;

use crate::labyrinth::board::{Border, Cell, InnerWall, Side};
use crate::labyrinth::geometry::{Coord, Dir};
use crate::labyrinth::item::Item;
use crate::labyrinth::movement::{Move, Topology};
use crate::labyrinth::plan::Plan;
use crate::labyrinth::ruleset::Ruleset;

use super::draft::distance;
use super::reach::Graph;

/// What the check found, in words for tests and debugging.
#[derive(Clone, Debug, Default)]
pub(super) struct Verdict {
    /// Broken mandatory rules, options or limits.
    pub problems: Vec<String>,
    /// Recommendations not followed.
    pub warnings: Vec<String>,
}

impl Verdict {
    fn problem(&mut self, broken: bool, what: impl FnOnce() -> String) {
        if broken {
            self.problems.push(what());
        }
    }

    fn warning(&mut self, broken: bool, what: impl FnOnce() -> String) {
        if broken {
            self.warnings.push(what());
        }
    }
}

/// Checks a plan for `players` players under `rules`.
pub(super) fn check(plan: &Plan, rules: &Ruleset, players: u32) -> Verdict {
    let facts = Facts::of(plan, rules);
    let mut v = Verdict::default();
    mandatory(&facts, rules, &mut v);
    limits(&facts, rules, &mut v);
    recommendations(&facts, rules, players, &mut v);
    v
}

/// Counts and positions a check needs, gathered once.
struct Facts<'a> {
    plan: &'a Plan,
    topo: Topology,
    graph: Graph,
    count: BTreeMap<&'static str, u32>,
    exits: Vec<(Coord, Border)>,
    treasures: Vec<(Coord, Item)>,
    mouths: Vec<Coord>,
    /// Per pit cycle: its places.
    cycles: BTreeMap<u8, Vec<u16>>,
    walls: u32,
}

impl<'a> Facts<'a> {
    fn of(plan: &'a Plan, rules: &Ruleset) -> Facts<'a> {
        let b = &plan.board;
        let topo = Topology::new(b);
        let graph = Graph::new(b, &topo, rules.rivers);
        let mut count = BTreeMap::new();
        let mut cycles: BTreeMap<u8, Vec<u16>> = BTreeMap::new();
        for (_, cell) in b.cells() {
            let kind = match cell {
                Cell::Land => "land",
                Cell::Hospital => "hospital",
                Cell::Arsenal => "arsenal",
                Cell::Pit(id) => {
                    cycles.entry(id.cycle).or_default().push(id.place);
                    "pit"
                }
                Cell::River(_) => "river",
                Cell::Mouth => "mouth",
                Cell::Encephalitis => "encephalitis",
            };
            *count.entry(kind).or_insert(0) += 1;
        }
        for item in &plan.items {
            *count.entry(item.item.keyword()).or_insert(0) += item.count;
        }
        Facts {
            plan,
            exits: b
                .border_sides()
                .filter(|s| s.2 != Border::Wall)
                .map(|(c, _, k)| (c, k))
                .collect(),
            treasures: plan
                .items
                .iter()
                .filter(|i| matches!(i.item, Item::Treasure | Item::Fake))
                .map(|i| (i.at, i.item))
                .collect(),
            mouths: b
                .cells()
                .filter(|s| s.1 == Cell::Mouth)
                .map(|s| s.0)
                .collect(),
            walls: b.inner_sides().filter(|s| s.2 != InnerWall::Open).count() as u32,
            topo,
            graph,
            count,
            cycles,
        }
    }

    fn n(&self, kind: &str) -> u32 {
        self.count.get(kind).copied().unwrap_or(0)
    }

    fn cell(&self, c: Coord) -> Cell {
        self.plan.board.cell(c)
    }

    /// Rivers flowing into `c`.
    fn inflow(&self, c: Coord) -> u32 {
        let b = &self.plan.board;
        Dir::ALL
            .into_iter()
            .filter(|&d| {
                b.neighbour(c, d)
                    .is_some_and(|n| b.cell(n) == Cell::River(d.opposite()))
            })
            .count() as u32
    }
}

fn mandatory(f: &Facts, rules: &Ruleset, v: &mut Verdict) {
    let b = &f.plan.board;
    // Kodex Б §8.2.
    for kind in ["arsenal", "hospital", "land"] {
        v.problem(f.n(kind) == 0, || format!("no {kind} (§8.2)"));
    }
    // Kodex Б §8.3, §3.1.
    v.problem(f.n("treasure") != 1, || {
        format!("{} true treasures (§8.3)", f.n("treasure"))
    });
    for &(c, item) in &f.treasures {
        v.problem(f.cell(c) != Cell::Land, || {
            format!("{c}: {item:?} not on land (§3.1)")
        });
    }
    // Kodex Б §8.4, §1.4; Kodex В §1.4.
    v.problem(f.exits.len() < 2, || "fewer than two exits (§8.4)".into());
    let open = f.exits.iter().filter(|e| e.1 == Border::Exit).count();
    v.problem(rules.require_open_exit && open == 0, || {
        "no open exit (§8.4)".into()
    });
    v.problem(!rules.closed_exits && open < f.exits.len(), || {
        "closed exits are off (§7.1)".into()
    });
    for &(c, _) in &f.exits {
        v.problem(f.cell(c).is_river(), || {
            format!("{c}: exit on a river (§8.4)")
        });
    }
    // Kodex Б §4.5.
    for (c, cell) in b.cells() {
        let Cell::River(d) = cell else { continue };
        v.problem(b.side(c, d) != Side::Inner(InnerWall::Open), || {
            format!("{c}: flow blocked (§4.5)")
        });
        v.problem(
            f.topo.river_end(c).is_none_or(|e| f.cell(e) != Cell::Mouth),
            || format!("{c}: river does not end in a mouth (§4.5)"),
        );
    }
    for &m in &f.mouths {
        v.problem(f.inflow(m) == 0, || format!("{m}: mouth not fed (§4.5)"));
    }
    // Kodex Б §4.4.
    for (cycle, places) in &f.cycles {
        let mut p = places.clone();
        p.sort_unstable();
        let ok = p.len() >= 2 && p.iter().enumerate().all(|(i, &x)| usize::from(x) == i + 1);
        v.problem(!ok, || format!("pit cycle {cycle}: places {p:?} (§4.4)"));
    }
    // Kodex Б §8.5.
    v.problem(!f.graph.connected(), || {
        "some cell cannot be reached (§8.5)".into()
    });
    // Kodex Б §7.1 options; §8.6 announced settings.
    v.problem(!rules.mines && f.n("mine") + f.n("armed-mine") > 0, || {
        "mines are off".into()
    });
    v.problem(!rules.encephalitis && f.n("encephalitis") > 0, || {
        "encephalitis is off".into()
    });
    let s = &f.plan.settings;
    v.problem(s.cure.is_none() || s.nstop.is_none(), || {
        "cure or nstop missing (§8.6)".into()
    });
}

fn limits(f: &Facts, rules: &Ruleset, v: &mut Verdict) {
    let l = &rules.limits;
    let most = |limit: Option<u32>, n: u32| limit.is_some_and(|m| n > m);
    let exact = |limit: Option<u32>, n: u32| limit.is_some_and(|m| n != m);
    let longest_cycle = f.cycles.values().map(|p| p.len() as u32).max().unwrap_or(0);
    let tributaries = f
        .plan
        .board
        .cells()
        .map(|(c, _)| f.inflow(c))
        .max()
        .unwrap_or(0);
    let longest_river = f
        .mouths
        .iter()
        .map(|&m| {
            let rivers = f
                .plan
                .board
                .cells()
                .filter(|&(c, _)| f.topo.river_end(c) == Some(m));
            rivers.count() as u32 + 1
        })
        .max()
        .unwrap_or(0);
    let broken = [
        ("max_pits", most(l.max_pits, f.n("pit"))),
        (
            "max_pit_cycles",
            most(l.max_pit_cycles, f.cycles.len() as u32),
        ),
        (
            "max_pit_cycle_len",
            most(l.max_pit_cycle_len, longest_cycle),
        ),
        (
            "max_river_systems",
            most(l.max_river_systems, f.mouths.len() as u32),
        ),
        ("max_tributaries", most(l.max_tributaries, tributaries)),
        ("max_river_len", most(l.max_river_len, longest_river)),
        ("arsenals", exact(l.arsenals, f.n("arsenal"))),
        ("hospitals", exact(l.hospitals, f.n("hospital"))),
        (
            "treasures",
            exact(l.treasures, f.n("treasure") + f.n("fake")),
        ),
        ("max_inner_walls", most(l.max_inner_walls, f.walls)),
        ("exits", exact(l.exits, f.exits.len() as u32)),
    ];
    for (name, b) in broken {
        v.problem(b, || format!("limit {name} broken (§7.1)"));
    }
}

fn recommendations(f: &Facts, rules: &Ruleset, players: u32, v: &mut Verdict) {
    let b = &f.plan.board;
    // Kodex Б §8 а, б, в.
    v.warning(f.n("arsenal") < 2 || f.n("hospital") < 2, || {
        "fewer than two arsenals or hospitals (§8 а)".into()
    });
    let touching = b.cells().any(|(c, cell)| {
        cell == Cell::Hospital
            && Dir::ALL.into_iter().any(|d| {
                b.neighbour(c, d)
                    .is_some_and(|n| b.cell(n) == Cell::Arsenal)
            })
    });
    v.warning(touching, || "hospital next to an arsenal (§8 б)".into());
    v.warning(!(1..=players).contains(&f.n("fake")), || {
        format!("{} false treasures (§8 в)", f.n("fake"))
    });
    // Kodex Б §8 г.
    for &m in &f.mouths {
        let ways = Dir::ALL
            .into_iter()
            .filter(|&d| {
                let o = f.topo.step(b, rules.rivers, m, Move::Step(d));
                o.ok().and_then(|o| o.end(m)).is_some_and(|e| e != m)
            })
            .count();
        v.warning(ways < 2, || {
            format!("{m}: mouth with {ways} ways out (§8 г)")
        });
        v.warning(f.mouths.iter().any(|&o| distance(o, m) == 1), || {
            format!("{m}: mouths side by side (§8 г)")
        });
    }
    // Kodex Б §8 д.
    v.warning(f.mouths.is_empty(), || "no river system (§8 д)".into());
    v.warning(rules.encephalitis && f.n("encephalitis") == 0, || {
        "no encephalitis (§8 д)".into()
    });
    // Kodex Б §8 е.
    for &(t, _) in &f.treasures {
        let near = f.exits.iter().any(|&(e, _)| distance(e, t) <= 1);
        v.warning(near, || format!("{t}: treasure by an exit (§8 е)"));
    }
    // Kodex Б §5.7.
    v.warning(rules.mines && (f.exits.len() as u32) < players, || {
        "fewer exits than players with mines (§5.7)".into()
    });
}

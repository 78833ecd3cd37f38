use super::*;
use crate::board::{Border, Cell, InnerWall, Side};
use crate::geometry::{Coord, Dir};
use crate::item::Item;
use crate::ruleset::{Code, Limits, RiverKind};

/// The plan drawn in the spec's format, for failure messages.
fn draw(plan: &Plan) -> String {
    plan.to_text()
}

/// The three river kinds of Kodex Б §4.6 and §7.4, and the encyclopedia's.
const RIVERS: [RiverKind; 4] = [
    RiverKind::Deep,
    RiverKind::Shallow,
    RiverKind::Torrential,
    RiverKind::Swift,
];

/// A preset with the given river kind: case `k` alternates presets and river kinds.
fn rules_for(k: u64) -> Ruleset {
    let base = match k % 3 {
        0 => Ruleset::classic(),
        1 => Ruleset::quantum(),
        _ => Ruleset::wiki(),
    };
    Ruleset {
        rivers: RIVERS[(k / 3 % 4) as usize],
        ..base
    }
}

fn size(w: u8, h: u8) -> Size {
    Size::new(w, h).unwrap()
}

/// Generates and checks one case: no problems ever; no warnings when `clean`.
fn assert_valid(size: Size, players: u32, rules: &Ruleset, seed: u64, clean: bool) -> Plan {
    let plan =
        generate(size, players, rules, seed).unwrap_or_else(|e| panic!("{size} seed {seed}: {e}"));
    let v = validate(&plan, rules, Some(players));
    let context = || {
        format!(
            "{size} {players} players, {:?} rivers, {:?} code, seed {seed}",
            rules.rivers, rules.code
        )
    };
    assert!(
        v.problems.is_empty(),
        "{}: {:?}\n{}",
        context(),
        v.problems,
        draw(&plan)
    );
    if clean {
        assert!(
            v.warnings.is_empty(),
            "{}: {:?}\n{}",
            context(),
            v.warnings,
            draw(&plan)
        );
    }
    plan
}

/// Case `k` of a sweep: a board between `lo` and `hi` on each side, 2 to 6 players.
fn sweep(cases: u64, lo: u8, hi: u8, salt: u64) {
    let span = u64::from(hi - lo + 1);
    for k in 0..cases {
        let w = lo + (k % span) as u8;
        let h = lo + (k / span % span) as u8;
        let players = 2 + (k % 5) as u32;
        let seed = k.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt;
        assert_valid(size(w, h), players, &rules_for(k / 7), seed, true);
    }
}

#[test]
fn mid_boards_are_valid_and_follow_the_recommendations() {
    // Kodex Б §8.1–8.6 mandatory, §8 а–е recommended: 3000 boards from 4x4 to 12x12.
    sweep(1500, 4, 12, 1);
}

#[test]
fn more_mid_boards_are_valid_and_follow_the_recommendations() {
    // Same as above on other seeds; split so the two halves run in parallel.
    sweep(1500, 4, 12, 2);
}

#[test]
fn big_boards_are_valid_and_follow_the_recommendations() {
    // Kodex Б §8 on 20x20 (a few hundred) and 26x26, the largest board.
    for k in 0..240 {
        assert_valid(size(20, 20), 2 + (k % 5) as u32, &rules_for(k), k, true);
    }
    for k in 0..6 {
        assert_valid(size(26, 26), 2 + (k % 5) as u32, &rules_for(k), k, true);
    }
}

#[test]
fn small_boards_are_valid_and_follow_the_recommendations_from_3x3() {
    // Kodex Б §7: the usual 4x4, 3x6, 4x5, 4x6, 5x5 and everything down to 3x3.
    for w in 3..=6u8 {
        for h in 3..=6u8 {
            let s = size(w, h);
            for k in 0..100u64 {
                let players = 1 + (k % 8) as u32;
                assert_valid(s, players, &rules_for(k), k * 31 + u64::from(w), true);
            }
        }
    }
}

#[test]
fn same_inputs_give_the_same_plan_and_seeds_differ() {
    let rules = Ruleset::classic();
    let a = generate(size(8, 7), 3, &rules, 42).unwrap();
    assert_eq!(a, generate(size(8, 7), 3, &rules, 42).unwrap());
    let others: std::collections::HashSet<Plan> = (0..20)
        .map(|seed| generate(size(8, 7), 3, &rules, seed).unwrap())
        .collect();
    assert_eq!(
        others.len(),
        20,
        "20 seeds gave only {} plans",
        others.len()
    );
}

/// Cells of the board with their types, filtered.
fn count(plan: &Plan, pred: impl Fn(Cell) -> bool) -> usize {
    plan.board.cells().filter(|&(_, c)| pred(c)).count()
}

fn items(plan: &Plan, item: Item) -> usize {
    plan.items.iter().filter(|i| i.item == item).count()
}

fn exits(plan: &Plan, kind: Border) -> usize {
    plan.board.border_sides().filter(|s| s.2 == kind).count()
}

/// How many rivers flow into `c`.
fn inflow(plan: &Plan, c: Coord) -> usize {
    let b = &plan.board;
    Dir::ALL
        .into_iter()
        .filter(|&d| {
            b.neighbour(c, d)
                .is_some_and(|n| b.cell(n) == Cell::River(d.opposite()))
        })
        .count()
}

#[test]
fn a_mid_size_board_has_every_feature_of_a_good_maze() {
    // Kodex Б §8 а–д: rivers, pits, two arsenals and hospitals, fakes, encephalitis, closed exits.
    for seed in 0..30 {
        let rules = rules_for(seed);
        if rules.code == Code::Wiki {
            continue; // the encyclopedia's maze has its own features (below)
        }
        let players = 2 + (seed % 5) as u32;
        let plan = assert_valid(size(8, 8), players, &rules, seed, true);
        let show = || draw(&plan);
        assert!(count(&plan, |c| c == Cell::Mouth) >= 1, "{}", show());
        assert!(count(&plan, Cell::is_river) >= 1, "{}", show());
        assert!(
            count(&plan, |c| matches!(c, Cell::Pit(_))) >= 2,
            "{}",
            show()
        );
        assert!(count(&plan, |c| c == Cell::Arsenal) >= 2, "{}", show());
        assert!(count(&plan, |c| c == Cell::Hospital) >= 2, "{}", show());
        assert!(count(&plan, |c| c == Cell::Encephalitis) >= 1, "{}", show());
        assert_eq!(items(&plan, Item::Treasure), 1);
        assert!((1..=players as usize).contains(&items(&plan, Item::Fake)));
        assert!(exits(&plan, Border::ClosedExit) >= 1, "{}", show());
        assert!(exits(&plan, Border::Exit) >= 1, "{}", show());
        assert!(plan.board.inner_sides().any(|s| s.2 == InnerWall::Wall));
        // Kodex Б §8.6: the master announces cure and nstop; nstop is the number of cells (§3.6).
        assert_eq!(plan.settings.nstop, Some(64));
        assert!(plan.settings.cure.is_some_and(|c| c >= 16));
    }
}

#[test]
fn the_encyclopedias_maze_has_its_own_features() {
    // Encyclopedia, "Структура лабиринта": pits, a river from its source to its mouth, a hospital,
    // an arsenal, the treasure on one cell, an outer wall with at least one exit. No mines and no
    // ticks in its base rules.
    for seed in 0..10 {
        let plan = assert_valid(size(6, 5), 3, &Ruleset::wiki(), seed, true);
        let show = || draw(&plan);
        assert_eq!(count(&plan, |c| c == Cell::Arsenal), 1, "{}", show());
        assert_eq!(count(&plan, |c| c == Cell::Hospital), 1, "{}", show());
        assert!(
            count(&plan, |c| matches!(c, Cell::Pit(_))) >= 2,
            "{}",
            show()
        );
        assert!(count(&plan, |c| c == Cell::Mouth) >= 1, "{}", show());
        assert_eq!(count(&plan, |c| c == Cell::Encephalitis), 0, "{}", show());
        assert_eq!(items(&plan, Item::Treasure), 1);
        assert_eq!(items(&plan, Item::Fake), 0);
        assert_eq!(items(&plan, Item::Mine) + items(&plan, Item::ArmedMine), 0);
        assert_eq!(exits(&plan, Border::ClosedExit), 0);
        assert!(exits(&plan, Border::Exit) >= 1, "{}", show());
    }
}

#[test]
fn big_boards_have_long_rivers_with_tributaries_and_pits_along_the_wall() {
    // Kodex Б §4.5 (П- and Н-shaped systems), §8 д (rivers and pits along the outer wall).
    let mut forks = 0;
    let mut border_pits = 0;
    let mut solid = 0;
    for seed in 0..10 {
        let plan = generate(size(20, 20), 3, &Ruleset::classic(), seed).unwrap();
        let b = &plan.board;
        forks += b.cells().filter(|&(c, _)| inflow(&plan, c) >= 2).count();
        border_pits += b
            .cells()
            .filter(|&(c, cell)| {
                matches!(cell, Cell::Pit(_))
                    && (c.row == 0 || c.col == 0 || c.row == 19 || c.col == 19)
            })
            .count();
        solid += b.inner_sides().filter(|s| s.2 == InnerWall::Solid).count();
        assert!(count(&plan, |c| c == Cell::Mouth) >= 3, "{}", draw(&plan));
        assert!(count(&plan, Cell::is_river) >= 20, "{}", draw(&plan));
        let cycles: std::collections::HashSet<u8> = b
            .cells()
            .filter_map(|(_, c)| match c {
                Cell::Pit(id) => Some(id.cycle),
                _ => None,
            })
            .collect();
        assert!(cycles.len() >= 4, "{}", draw(&plan));
    }
    assert!(forks >= 10, "only {forks} river forks in 10 boards");
    assert!(
        border_pits >= 20,
        "only {border_pits} pits along the wall in 10 boards"
    );
    assert!(solid >= 50, "only {solid} unbreakable walls in 10 boards");
}

#[test]
fn the_maze_has_many_walls_but_is_no_perfect_maze() {
    // Kodex Б §8 д: players should bump into walls often, and there should be loops.
    for seed in 0..10 {
        let plan = generate(size(12, 12), 4, &Ruleset::quantum(), seed).unwrap();
        let sides = plan.board.inner_sides().count();
        let walls = plan
            .board
            .inner_sides()
            .filter(|s| s.2 != InnerWall::Open)
            .count();
        let open = sides - walls;
        // A perfect maze has exactly cells - 1 open sides; at least 15 % of its walls are knocked out.
        let tree = 144 - 1;
        assert!(
            open >= tree + (sides - tree) * 15 / 100,
            "{open} open sides: nearly a perfect maze"
        );
        assert!(
            walls * 10 >= sides * 3,
            "{walls} walls of {sides}: too open"
        );
    }
}

#[test]
fn closed_exits_and_mines_follow_the_ruleset() {
    // Kodex Б §7.1: exits may be closed only when agreed; mines only when played.
    // Kodex В §5.7: the quantum master lays unarmed mines; Kodex Б §5.7: classic players carry them.
    for seed in 0..10 {
        let quantum = generate(size(8, 8), 3, &Ruleset::quantum(), seed).unwrap();
        assert!(items(&quantum, Item::Mine) >= 1);
        for m in quantum.items.iter().filter(|i| i.item == Item::Mine) {
            assert!(matches!(
                quantum.board.cell(m.at),
                Cell::Land | Cell::Arsenal
            ));
        }
        let classic = generate(size(8, 8), 3, &Ruleset::classic(), seed).unwrap();
        assert_eq!(items(&classic, Item::Mine), 0);
        let rules = Ruleset {
            closed_exits: false,
            mines: false,
            ..Ruleset::quantum()
        };
        let plan = assert_valid(size(8, 8), 3, &rules, seed, true);
        assert_eq!(exits(&plan, Border::ClosedExit), 0);
        assert!(exits(&plan, Border::Exit) >= 2);
        assert_eq!(items(&plan, Item::Mine), 0);
    }
}

#[test]
fn no_encephalitis_when_it_is_off() {
    // Kodex Б §7.1: the group may play without encephalitis.
    let rules = Ruleset {
        encephalitis: false,
        ..Ruleset::classic()
    };
    for seed in 0..10 {
        let plan = assert_valid(size(7, 6), 3, &rules, seed, true);
        assert_eq!(count(&plan, |c| c == Cell::Encephalitis), 0);
    }
}

#[test]
fn agreed_limits_are_kept() {
    // Kodex Б §7.1: every agreed count is respected (the check counts each limit as a problem).
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for k in 0..400u64 {
        let mut rules = rules_for(k);
        let mut maybe = |lo: u32, hi: u32| rng.random_bool(0.4).then(|| rng.random_range(lo..=hi));
        rules.limits = Limits {
            max_pits: maybe(0, 6),
            max_pit_cycles: maybe(0, 3),
            max_pit_cycle_len: maybe(1, 4),
            max_river_systems: maybe(0, 3),
            max_tributaries: maybe(0, 3),
            max_river_len: maybe(0, 6),
            arsenals: maybe(1, 5),
            hospitals: maybe(1, 5),
            treasures: maybe(1, 6),
            max_inner_walls: maybe(0, 30),
            exits: maybe(2, 10),
        };
        let w = rng.random_range(3..=12);
        let h = rng.random_range(3..=12);
        match generate(size(w, h), 3, &rules, k) {
            Ok(plan) => {
                let v = validate(&plan, &rules, Some(3));
                assert!(
                    v.problems.is_empty(),
                    "{:?} {:?}\n{}",
                    rules.limits,
                    v.problems,
                    draw(&plan)
                );
            }
            Err(e) => assert!(
                matches!(
                    e,
                    GenerateError::NoRoomForCells { .. } | GenerateError::NoRoomForExits { .. }
                ),
                "{w}x{h} {:?}: {e}",
                rules.limits
            ),
        }
    }
}

#[test]
fn crowded_limits_fall_back_to_a_plain_valid_maze() {
    // Kodex Б §8: even when the agreed counts fill the board, the plan is valid.
    let mut rules = Ruleset::classic();
    rules.limits = Limits {
        arsenals: Some(3),
        hospitals: Some(3),
        treasures: Some(3),
        exits: Some(12),
        ..Limits::default()
    };
    for seed in 0..10 {
        let plan = assert_valid(size(3, 3), 3, &rules, seed, false);
        assert_eq!(
            exits(&plan, Border::Exit) + exits(&plan, Border::ClosedExit),
            12
        );
        assert_eq!(items(&plan, Item::Treasure) + items(&plan, Item::Fake), 3);
    }
}

#[test]
fn chains_join_opposite_walls() {
    // Kodex Б §7.1: land, hospitals, arsenals and mouths in unbroken chains joining opposite walls.
    let rules = Ruleset {
        chains: true,
        ..Ruleset::classic()
    };
    for seed in 0..20 {
        let plan = assert_valid(size(9, 7), 3, &rules, seed, true);
        assert!(chain_joins(&plan, Dir::Left, Dir::Right), "{}", draw(&plan));
        assert!(chain_joins(&plan, Dir::Up, Dir::Down), "{}", draw(&plan));
    }
}

/// Whether open land-like cells (land, hospital, arsenal, mouth) join the `from` wall to the `to` wall.
fn chain_joins(plan: &Plan, from: Dir, to: Dir) -> bool {
    let b = &plan.board;
    let plain = |c: Coord| {
        matches!(
            b.cell(c),
            Cell::Land | Cell::Hospital | Cell::Arsenal | Cell::Mouth
        )
    };
    let touches = |c: Coord, d: Dir| b.neighbour(c, d).is_none();
    let mut seen: Vec<Coord> = b
        .size()
        .cells()
        .filter(|&c| plain(c) && touches(c, from))
        .collect();
    let mut todo = seen.clone();
    while let Some(c) = todo.pop() {
        if touches(c, to) {
            return true;
        }
        for d in Dir::ALL {
            let Some(n) = b.neighbour(c, d) else { continue };
            if plain(n) && b.side(c, d) == Side::Inner(InnerWall::Open) && !seen.contains(&n) {
                seen.push(n);
                todo.push(n);
            }
        }
    }
    false
}

#[test]
fn impossible_requests_are_refused_with_a_reason() {
    use bot_core::i18n::{Lang, Localize};
    let classic = Ruleset::classic();
    let with = |f: fn(&mut Limits)| {
        let mut r = Ruleset::classic();
        f(&mut r.limits);
        r
    };
    let cases = [
        (
            size(2, 5),
            3,
            classic.clone(),
            GenerateError::TooSmall {
                size: size(2, 5),
                min: MIN_SIZE,
            },
        ),
        (
            size(5, 2),
            3,
            classic.clone(),
            GenerateError::TooSmall {
                size: size(5, 2),
                min: MIN_SIZE,
            },
        ),
        (
            size(5, 5),
            0,
            classic.clone(),
            GenerateError::Players {
                players: 0,
                max: MAX_PLAYERS,
            },
        ),
        (
            size(5, 5),
            9,
            classic.clone(),
            GenerateError::Players {
                players: 9,
                max: MAX_PLAYERS,
            },
        ),
        (
            size(5, 5),
            3,
            with(|l| l.arsenals = Some(0)),
            GenerateError::TooFew {
                limit: Counted::Arsenals,
                agreed: 0,
                min: 1,
            },
        ),
        (
            size(5, 5),
            3,
            with(|l| l.hospitals = Some(0)),
            GenerateError::TooFew {
                limit: Counted::Hospitals,
                agreed: 0,
                min: 1,
            },
        ),
        (
            size(5, 5),
            3,
            with(|l| l.treasures = Some(0)),
            GenerateError::TooFew {
                limit: Counted::Treasures,
                agreed: 0,
                min: 1,
            },
        ),
        (
            size(5, 5),
            3,
            with(|l| l.exits = Some(1)),
            GenerateError::TooFew {
                limit: Counted::Exits,
                agreed: 1,
                min: 2,
            },
        ),
        (
            size(3, 3),
            3,
            with(|l| l.arsenals = Some(8)),
            GenerateError::NoRoomForCells {
                size: size(3, 3),
                need: 10,
                room: 9,
            },
        ),
        (
            size(3, 3),
            3,
            with(|l| l.exits = Some(13)),
            GenerateError::NoRoomForExits {
                size: size(3, 3),
                need: 13,
                room: 12,
            },
        ),
    ];
    for (s, players, rules, want) in cases {
        let err = generate(s, players, &rules, 1).unwrap_err();
        assert_eq!(err, want);
        for lang in Lang::ALL {
            let text = err.localize(lang);
            assert!(!text.contains('[') && !text.contains("{"), "{lang}: {text}");
        }
        assert_eq!(err.to_string(), err.localize(Lang::En));
    }
    let ru = GenerateError::TooFew {
        limit: Counted::Exits,
        agreed: 1,
        min: 2,
    }
    .localize(Lang::Ru);
    assert!(ru.contains("выходов: 1"), "{ru}");
    let en = GenerateError::TooSmall {
        size: size(2, 5),
        min: MIN_SIZE,
    }
    .to_string();
    assert!(en.contains("2x5") && en.contains("3x3"), "{en}");
}

#[test]
fn the_plain_layout_is_valid_under_any_accepted_rules() {
    // Kodex Б §8.1–8.5: the last resort must itself be a valid plan, whatever the agreed limits.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for k in 0..300u64 {
        let mut rules = rules_for(k);
        rules.chains = k % 3 == 0;
        rules.require_open_exit = k % 4 != 1;
        rules.closed_exits = k % 5 != 2;
        let mut maybe = |lo: u32, hi: u32| rng.random_bool(0.5).then(|| rng.random_range(lo..=hi));
        rules.limits = Limits {
            arsenals: maybe(1, 8),
            hospitals: maybe(1, 8),
            treasures: maybe(1, 8),
            exits: maybe(2, 16),
            max_inner_walls: maybe(0, 3),
            ..Limits::default()
        };
        let s = size(rng.random_range(3..=6), rng.random_range(3..=6));
        let players = rng.random_range(1..=MAX_PLAYERS);
        if error::precheck(s, players, &rules).is_err() {
            continue;
        }
        let lean = Quota::new(s, players, &rules, true);
        let plan = fallback::plain(s, &rules, &lean, &mut rng);
        let v = validate(&plan, &rules, Some(players));
        assert!(
            v.is_valid(),
            "{s} {:?}: {:?}\n{}",
            rules.limits,
            v.problems,
            draw(&plan)
        );
    }
}

// ---- The encyclopedia's modifications (docs/labyrinth-wiki.md) ----

/// The boards the modifications are tried on: the smallest, the rule book's, mid and big ones.
const MOD_SIZES: [(u8, u8); 6] = [(3, 3), (4, 5), (6, 6), (9, 7), (12, 12), (20, 20)];

/// Case `k` of `rules_for` with `set` applied.
fn modified(k: u64, set: impl Fn(&mut Ruleset)) -> Ruleset {
    let mut rules = rules_for(k);
    set(&mut rules);
    rules
}

/// Every plan of `seeds` seeds on each of [`MOD_SIZES`] under `set`, checked by `assert_valid`: no
/// problems, no warnings.
fn modified_plans(seeds: u64, set: impl Fn(&mut Ruleset)) -> Vec<(Ruleset, Plan)> {
    let mut plans = vec![];
    for (w, h) in MOD_SIZES {
        for k in 0..seeds {
            let rules = modified(k, &set);
            let seed = k * 131 + u64::from(w) * 7 + u64::from(h);
            let plan = assert_valid(size(w, h), 2 + (k % 4) as u32, &rules, seed, true);
            plans.push((rules, plan));
        }
    }
    plans
}

/// How many inner sides hold this kind of wall.
fn sides_of(plan: &Plan, pred: impl Fn(InnerWall) -> bool) -> usize {
    plan.board.inner_sides().filter(|s| pred(s.2)).count()
}

/// The mouth (or whatever ends it) of the system of a river or mouth cell.
fn system_of(plan: &Plan, c: Coord) -> Option<Coord> {
    let b = &plan.board;
    let mut here = c;
    for _ in 0..=b.size().area() {
        match b.cell(here) {
            Cell::Mouth => return Some(here),
            Cell::River(d) => here = b.neighbour(here, d)?,
            _ => return None,
        }
    }
    None
}

/// River cells flowing anywhere but down.
fn not_south(plan: &Plan) -> usize {
    count(plan, |c| c.is_river() && c != Cell::River(Dir::Down))
}

/// River cells flowing into a river that flows another way.
fn turns(plan: &Plan) -> usize {
    let b = &plan.board;
    b.cells()
        .filter(|&(c, cell)| match cell {
            Cell::River(d) => b
                .neighbour(c, d)
                .is_some_and(|n| b.cell(n).is_river() && b.cell(n) != cell),
            _ => false,
        })
        .count()
}

/// Cells two or more rivers flow into.
fn tributaries(plan: &Plan) -> usize {
    plan.board
        .cells()
        .filter(|&(c, _)| inflow(plan, c) >= 2)
        .count()
}

/// Pairs of side-by-side cells of two different river systems.
fn touching(plan: &Plan) -> usize {
    let b = &plan.board;
    b.inner_sides()
        .filter(|&(c, d, _)| {
            let n = b.neighbour(c, d).unwrap();
            matches!((system_of(plan, c), system_of(plan, n)), (Some(x), Some(y)) if x != y)
        })
        .count()
}

/// On 20x20, rivers as rich as without the limits of modification 10: several systems and many
/// cells. The generator shapes its rivers to the limits; were it to leave that to the validator, only
/// the lean attempts (one short river) would pass.
fn assert_rich_rivers(plan: &Plan) {
    if plan.board.size() != size(20, 20) {
        return;
    }
    let mouths = count(plan, |c| c == Cell::Mouth);
    let rivers = count(plan, Cell::is_river);
    assert!(
        mouths >= 3 && rivers >= 20,
        "{mouths} systems, {rivers} river cells\n{}",
        draw(plan)
    );
}

/// The modification 10 limits a plan breaks, as (not south, turns, tributaries, touching pairs).
fn topology(plan: &Plan) -> [usize; 4] {
    [
        not_south(plan),
        turns(plan),
        tributaries(plan),
        touching(plan),
    ]
}

#[test]
fn seeded_plans_without_modifications_are_unchanged() {
    // The modifications draw no random number unless switched on: plans seeded before them (the golden
    // transcripts of tests/scripts) stay byte for byte the same.
    let classic = generate(size(4, 4), 2, &Ruleset::classic(), 7).unwrap();
    assert_eq!(classic.to_text(), GOLDEN_CLASSIC);
    let wiki = generate(size(6, 5), 3, &Ruleset::wiki(), 3).unwrap();
    assert_eq!(wiki.to_text(), GOLDEN_WIKI);
}

const GOLDEN_CLASSIC: &str = r#"labyrinth 4x4 cure=8 nstop=16
+---+---+~~~+---+
| .   M   U   < |
+   +   +   +   +
| a3| . | A   a1|
+---+   +---+###+
| .   E   .   . |
+   +   +---+   +
  A   .   a2  M |
+---+---+---+   +
items:
  C3 treasure
  B2 fake
"#;

const GOLDEN_WIKI: &str = r#"labyrinth 6x5 cure=11 nstop=30
+---+---+---+---+---+---+
| .   v   .   .   .   .
+   +   +---+###+---+   +
  .   U   .   .   .   . |
+   +   +   +---+   +   +
| . | a3| A   .   .   . |
+   +   +---+---+   +   +
| a2  .   . | .   . | a4|
+   +   +   +---+   +---+
| .   . | a1# .   .   M
+---+---+---+---+---+---+
items:
  D3 treasure
"#;

#[test]
fn swamps_lie_on_free_land_when_agreed() {
    // Encyclopedia, modification 17: "Клетка «болото». Попав в неё игрок теряет ход".
    // The smallest boards may have no free land left for one.
    let plans = modified_plans(12, |r| r.swamps = true);
    for (_, plan) in &plans {
        let area = plan.board.size().area();
        let swamps = count(plan, |c| c == Cell::Swamp);
        let least = usize::from(area >= 20);
        assert!(
            (least..=1 + area / 40).contains(&swamps),
            "{swamps} swamps\n{}",
            draw(plan)
        );
        for i in &plan.items {
            assert_ne!(plan.board.cell(i.at), Cell::Swamp, "{}", draw(plan));
        }
    }
    // Off, none: the validator refuses them then (`NotAgreed`), which `assert_valid` checks.
    let plain = assert_valid(size(9, 7), 3, &Ruleset::classic(), 5, true);
    assert_eq!(count(&plain, |c| c == Cell::Swamp), 0);
}

#[test]
fn swamps_keep_off_the_chains() {
    // Encyclopedia, modification 17, with Kodex Б §7.1 chains of land, hospitals, arsenals and mouths:
    // a swamp never breaks them.
    let rules = Ruleset {
        swamps: true,
        chains: true,
        ..Ruleset::classic()
    };
    for seed in 0..20 {
        let plan = assert_valid(size(9, 7), 3, &rules, seed, true);
        assert!(count(&plan, |c| c == Cell::Swamp) >= 1, "{}", draw(&plan));
        assert!(chain_joins(&plan, Dir::Left, Dir::Right), "{}", draw(&plan));
        assert!(chain_joins(&plan, Dir::Up, Dir::Down), "{}", draw(&plan));
    }
}

/// Which special wall each option allows.
fn is_window(w: InnerWall) -> bool {
    w == InnerWall::Window
}
fn is_rubber(w: InnerWall) -> bool {
    w == InnerWall::Rubber
}
fn is_one_way(w: InnerWall) -> bool {
    matches!(w, InnerWall::OneWay(_))
}

#[test]
fn special_walls_are_a_tenth_of_the_walls_each() {
    // Encyclopedia, modifications 16 ("«Окна» в стенах"), 4 ("Некоторые стены делаются
    // резиновыми") and 5 ("Некоторые стены делаются полупрозрачными"): each option alone gives some
    // walls of its kind and none of the others.
    type Set = fn(&mut Ruleset);
    type Kind = fn(InnerWall) -> bool;
    let kinds: [(Set, Kind); 3] = [
        (|r| r.windows = true, is_window),
        (|r| r.rubber_walls = true, is_rubber),
        (|r| r.one_way_walls = true, is_one_way),
    ];
    for (k, (set, mine)) in kinds.into_iter().enumerate() {
        for (_, plan) in modified_plans(6, set) {
            let walls = sides_of(&plan, |w| w != InnerWall::Open);
            let special = sides_of(&plan, |w| is_window(w) || is_rubber(w) || is_one_way(w));
            let kind = sides_of(&plan, mine);
            // 10 % of the plain walls, rounded up: at least one, at most a tenth of all walls and one.
            assert!(
                kind >= 1 && kind <= walls / 10 + 1,
                "kind {k}: {kind} of {walls}\n{}",
                draw(&plan)
            );
            assert_eq!(
                kind,
                special,
                "kind {k}: other special walls\n{}",
                draw(&plan)
            );
        }
    }
}

#[test]
fn one_way_walls_open_both_ways_and_rivers_cross_no_special_wall() {
    // Encyclopedia, modification 5: "В одну сторону проход есть, в обратную — прохода нет"; Kodex Б
    // §4.5: no wall across a river, of whatever kind.
    let plans = modified_plans(8, |r| {
        r.windows = true;
        r.rubber_walls = true;
        r.one_way_walls = true;
    });
    let mut ways = std::collections::HashSet::new();
    for (_, plan) in &plans {
        let b = &plan.board;
        for (_, d, w) in b.inner_sides() {
            if let InnerWall::OneWay(open) = w {
                ways.insert((d, open == d));
            }
        }
        for (c, cell) in b.cells() {
            if let Cell::River(d) = cell {
                assert_eq!(
                    b.side(c, d),
                    Side::Inner(InnerWall::Open),
                    "{c}\n{}",
                    draw(plan)
                );
            }
        }
    }
    // Across rows and across columns, each way.
    assert_eq!(ways.len(), 4, "{ways:?}");
}

#[test]
fn rivers_flow_south_when_agreed() {
    // Encyclopedia, modification 10: "Могут быть наложены ограничения на топологию лабиринта.
    // Например, реки текут только на юг".
    let plans = modified_plans(12, |r| r.rivers_south = true);
    let mut rivers = 0;
    for (_, plan) in &plans {
        assert_eq!(not_south(plan), 0, "{}", draw(plan));
        assert_rich_rivers(plan);
        rivers += count(plan, Cell::is_river);
        let big = plan.board.size().area() >= 20;
        assert!(!big || count(plan, Cell::is_river) >= 1, "{}", draw(plan));
    }
    assert!(rivers >= plans.len(), "only {rivers} river cells");
}

#[test]
fn straight_rivers_have_no_turns_and_no_tributaries() {
    // Encyclopedia, modification 10: "река может быть только прямая".
    let plans = modified_plans(12, |r| r.straight_rivers = true);
    let mut long = 0;
    for (_, plan) in &plans {
        assert_eq!((turns(plan), tributaries(plan)), (0, 0), "{}", draw(plan));
        assert_rich_rivers(plan);
        let big = plan.board.size().area() >= 20;
        assert!(!big || count(plan, Cell::is_river) >= 1, "{}", draw(plan));
        // A straight river of three cells or more shows that growth goes on straight.
        long += usize::from(plan.board.cells().any(|(c, cell)| {
            cell.is_river() && inflow(plan, c) == 1 && {
                let Cell::River(d) = cell else { unreachable!() };
                plan.board
                    .neighbour(c, d.opposite())
                    .is_some_and(|u| inflow(plan, u) == 1)
            }
        }));
    }
    assert!(
        long * 2 >= plans.len(),
        "only {long} of {} plans with long rivers",
        plans.len()
    );
}

#[test]
fn river_systems_never_touch() {
    // Encyclopedia, modification 10: "реки не могут касаться". Several systems on every mid board.
    let plans = modified_plans(12, |r| r.rivers_apart = true);
    let mut several = 0;
    for (_, plan) in &plans {
        assert_eq!(touching(plan), 0, "{}", draw(plan));
        assert_rich_rivers(plan);
        several += usize::from(count(plan, |c| c == Cell::Mouth) >= 2);
    }
    assert!(several >= 12, "only {several} plans with several systems");
}

#[test]
fn every_modification_at_once() {
    // Encyclopedia, modifications 4, 5, 10, 16 and 17 together: every feature, every limit.
    let plans = modified_plans(10, |r| {
        r.swamps = true;
        r.windows = true;
        r.rubber_walls = true;
        r.one_way_walls = true;
        r.rivers_south = true;
        r.straight_rivers = true;
        r.rivers_apart = true;
    });
    for (_, plan) in &plans {
        assert_eq!(topology(plan), [0; 4], "{}", draw(plan));
        assert_rich_rivers(plan);
        // The smallest boards may have no free land left for a swamp, too few walls for three kinds,
        // no room for a river.
        let big = plan.board.size().area() >= 20;
        for kind in [is_window, is_rubber, is_one_way] {
            assert!(!big || sides_of(plan, kind) >= 1, "{}", draw(plan));
        }
        assert!(
            !big || count(plan, |c| c == Cell::Swamp) >= 1,
            "{}",
            draw(plan)
        );
        assert!(!big || count(plan, Cell::is_river) >= 1, "{}", draw(plan));
    }
}

#[test]
fn every_combination_of_modifications_is_composed() {
    // Encyclopedia, modifications 4, 5, 10, 16, 17: none of them forbids another, and a plan without
    // rivers keeps every limit of modification 10, so the generator refuses no combination, on any
    // board from the smallest, for any river kind; the plans follow every recommendation too.
    for mask in 0..128u32 {
        let on = |bit: u32| mask & (1 << bit) != 0;
        for (k, (w, h)) in [(3, 3), (3, 6), (4, 4), (5, 4), (8, 8)]
            .into_iter()
            .enumerate()
        {
            let rules = modified(u64::from(mask) + k as u64, |r| {
                r.swamps = on(0);
                r.windows = on(1);
                r.rubber_walls = on(2);
                r.one_way_walls = on(3);
                r.rivers_south = on(4);
                r.straight_rivers = on(5);
                r.rivers_apart = on(6);
            });
            let players = 1 + (mask + k as u32) % MAX_PLAYERS;
            let plan = assert_valid(size(w, h), players, &rules, u64::from(mask), true);
            let [south, turned, forked, touched] = topology(&plan);
            assert!(
                !rules.rivers_south || south == 0,
                "{mask:07b}\n{}",
                draw(&plan)
            );
            assert!(
                !rules.straight_rivers || turned + forked == 0,
                "{mask:07b}\n{}",
                draw(&plan)
            );
            assert!(
                !rules.rivers_apart || touched == 0,
                "{mask:07b}\n{}",
                draw(&plan)
            );
        }
    }
}

#[test]
fn the_limits_bite_without_the_options() {
    // Encyclopedia, modification 10: without the limits, rivers do flow every way, turn, fork and
    // (never) touch, so the checks above could fail.
    let mut seen = [0usize; 4];
    for (_, plan) in modified_plans(6, |_| {}) {
        for (s, n) in seen.iter_mut().zip(topology(&plan)) {
            *s += n;
        }
    }
    let [south, turned, forked, touched] = seen;
    assert!(south > 0 && turned > 0 && forked > 0, "{seen:?}");
    assert_eq!(touched, 0, "systems are kept apart in any case");
    // Two systems side by side: A1 into A2 beside B1 into B2, so two touching pairs.
    let mut board = crate::board::Board::new(size(3, 3));
    for col in 0..2 {
        board.set_cell(Coord::new(col, 0), Cell::River(Dir::Down));
        board.set_cell(Coord::new(col, 1), Cell::Mouth);
    }
    assert_eq!(topology(&Plan::new(board)), [0, 0, 0, 2]);
}

// Encyclopedia, modification 13: "Может быть несколько типов Арсеналов — с патронами, со
// взрывчаткой и т. п."
#[test]
fn arsenals_of_kinds_give_everything_between_them() {
    use crate::stock::Supply;
    let mut rules = Ruleset::wiki();
    rules.set("arsenal_kinds", "yes").unwrap();
    rules.set("arsenals", "3").unwrap();
    rules.set("cement", "yes").unwrap();
    for seed in 0..6 {
        let plan = generate(Size::new(7, 6).unwrap(), 3, &rules, seed).unwrap();
        let report = validate(&plan, &rules, Some(3));
        assert!(report.is_valid(), "{:?}\n{}", report.problems, draw(&plan));
        assert_eq!(plan.stocks.len(), 3, "{}", draw(&plan));
        let given: Vec<Supply> = plan
            .stocks
            .iter()
            .flat_map(|s| s.supplies.clone())
            .collect();
        for s in [
            Supply::Bullets,
            Supply::Grenades,
            Supply::Knives,
            Supply::Cement,
        ] {
            assert!(given.contains(&s), "{s:?} nowhere: {}", draw(&plan));
        }
        assert!(
            !given.contains(&Supply::Boomerang),
            "no boomerangs were agreed"
        );
    }
    // Without the option, no arsenal has a kind.
    let plan = generate(Size::new(7, 6).unwrap(), 3, &Ruleset::wiki(), 1).unwrap();
    assert!(plan.stocks.is_empty());
}

// Encyclopedia, modification 8: "Может быть несколько пар специальных видов Дырок: Яма-Выход …
// Обычно бывает 3 пары."
#[test]
fn pit_exit_pairs_are_placed_when_agreed() {
    let mut paired = 0;
    for (k, rules) in [Ruleset::wiki(), Ruleset::classic(), Ruleset::quantum()]
        .into_iter()
        .enumerate()
    {
        let mut rules = rules;
        rules.set("pit_exits", "yes").unwrap();
        for seed in 0..4 {
            let size = Size::new(6, 6).unwrap();
            let plan = generate(size, 2, &rules, seed + 10 * k as u64).unwrap();
            let report = validate(&plan, &rules, Some(2));
            assert!(report.is_valid(), "{:?}\n{}", report.problems, draw(&plan));
            let pits = plan
                .board
                .cells()
                .filter(|c| matches!(c.1, Cell::Chute(_)))
                .count();
            let exits = plan
                .board
                .cells()
                .filter(|c| matches!(c.1, Cell::Outlet(_)))
                .count();
            assert_eq!(pits, exits, "{}", draw(&plan));
            assert!(pits <= 3);
            paired += usize::from(pits > 0);
        }
    }
    assert!(paired >= 10, "only {paired} of 12 plans have pairs");
    // Without the option, none.
    let plan = generate(Size::new(6, 6).unwrap(), 2, &Ruleset::wiki(), 1).unwrap();
    assert!(
        !plan
            .board
            .cells()
            .any(|c| matches!(c.1, Cell::Chute(_) | Cell::Outlet(_)))
    );
}

// Encyclopedia, modification 2: the generator gives the bear a den, and a path where he walks one.
#[test]
fn the_bear_gets_a_den_and_a_path() {
    for (mode, path) in [("path", true), ("mimic", false)] {
        let mut rules = Ruleset::wiki();
        rules.set("bear", mode).unwrap();
        for seed in 0..4 {
            let plan = generate(Size::new(5, 5).unwrap(), 2, &rules, seed).unwrap();
            let report = validate(&plan, &rules, Some(2));
            assert!(report.is_valid(), "{:?}\n{}", report.problems, draw(&plan));
            let bear = plan.bear.as_ref().expect("a bear");
            assert_eq!(plan.board.cell(bear.den), Cell::Land);
            assert_eq!(!bear.path.is_empty(), path, "{mode}");
        }
    }
    assert!(
        generate(Size::new(5, 5).unwrap(), 2, &Ruleset::wiki(), 1)
            .unwrap()
            .bear
            .is_none()
    );
}

// The encyclopedia's modification 12: 3-D mazes ("Лабиринт может быть трехмерный").
#[test]
fn mazes_of_levels_are_valid_and_joined_by_stairs() {
    for (k, seed) in (0..12u64).enumerate() {
        let levels = 2 + (k % 2) as u8;
        let size = Size::stacked(4 + (k % 3) as u8, 4, levels).unwrap();
        let rules = rules_for(seed);
        let plan = assert_valid(size, 3, &rules, seed, false);
        let stairs: Vec<Coord> = plan.board.stairs().collect();
        for l in 0..levels - 1 {
            assert!(
                stairs.iter().any(|c| c.level == l),
                "no stair up from level {}:\n{}",
                l + 1,
                draw(&plan)
            );
        }
        // A few stairs, not a floor full of holes: the tree's one and as many again, and what the
        // repair of reachability opens.
        let floors = size.level_area() * usize::from(levels - 1);
        assert!(stairs.len() * 4 <= floors, "{}", draw(&plan));
        assert_eq!(Plan::parse(&plan.to_text()).as_ref(), Ok(&plan));
        let rivers = plan.board.cells().filter(|&(_, c)| c.is_river()).count();
        assert!(
            rivers > 0 || rules.rivers == RiverKind::Torrential,
            "{}",
            draw(&plan)
        );
    }
}

#[test]
fn every_combination_of_modifications_is_composed_on_levels() {
    // Modification 12 with the others: a 3-D maze refuses none of them either, from the smallest
    // board of two levels. Floors are never special walls, so every plan reads back from its text.
    for mask in 0..128u32 {
        let on = |bit: u32| mask & (1 << bit) != 0;
        let (w, h) = [(3, 3), (4, 3), (4, 4)][mask as usize % 3];
        let rules = modified(u64::from(mask), |r| {
            r.swamps = on(0);
            r.windows = on(1);
            r.rubber_walls = on(2);
            r.one_way_walls = on(3);
            r.rivers_south = on(4);
            r.pit_exits = on(5);
            r.arsenal_kinds = on(6);
        });
        let size = Size::stacked(w, h, 2 + (mask % 2) as u8).unwrap();
        let plan = assert_valid(size, 1 + mask % MAX_PLAYERS, &rules, u64::from(mask), false);
        assert_eq!(
            Plan::parse(&plan.to_text()).as_ref(),
            Ok(&plan),
            "{mask:07b}"
        );
        let floors = plan
            .board
            .inner_sides()
            .filter(|&(_, d, w)| {
                d == Dir::Higher && !matches!(w, InnerWall::Open | InnerWall::Wall)
            })
            .count();
        assert_eq!(floors, 0, "{mask:07b}\n{}", draw(&plan));
    }
}

use super::*;
use crate::labyrinth::board::{Border, Cell, InnerWall, Side};
use crate::labyrinth::geometry::{Coord, Dir};
use crate::labyrinth::item::Item;
use crate::labyrinth::ruleset::{Code, Limits, RiverKind};

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
    use crate::i18n::{Lang, Localize};
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

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::things::ghost_steps;
use super::*;
use crate::cylinder::{Across, CylBoard, Ground};
use crate::geometry::{Coord, Dir};
use bot_core::i18n::{Lang, Localize};

fn size(w: u8, h: u8) -> Size {
    Size::new(w, h).unwrap()
}

fn count(board: &CylBoard, pred: impl Fn(Ground) -> bool) -> usize {
    board.cells().filter(|&(_, g)| pred(g)).count()
}

/// Swamps some river flows into.
fn mouths(board: &CylBoard) -> Vec<Coord> {
    let mut found: Vec<Coord> = board
        .cells()
        .filter_map(|(c, g)| match g {
            Ground::River(d) => board.neighbour(c, d),
            _ => None,
        })
        .filter(|&to| board.ground(to) == Ground::Swamp)
        .collect();
    found.sort_by_key(|c| (c.row, c.col));
    found.dedup();
    found
}

#[test]
fn every_plan_is_valid_and_reads_back() {
    for (w, h) in [(4, 4), (5, 7), (8, 8), (12, 9)] {
        for seed in 0..16u64 {
            let players = 1 + (seed as u32 * 3) % MAX_GEN_PLAYERS;
            let plan = generate(size(w, h), players, seed).unwrap();
            let report = validate(&plan, Some(players));
            assert!(
                report.is_valid(),
                "{w}x{h} seed {seed}, {players} players: {:?}\n{}",
                report.problems,
                plan.to_text()
            );
            assert_eq!(CylPlan::parse(&plan.to_text()), Ok(plan));
        }
    }
}

#[test]
fn the_smallest_board_holds_eight_players() {
    for seed in 0..8 {
        let plan = generate(size(4, 4), MAX_GEN_PLAYERS, seed).unwrap();
        assert!(validate(&plan, Some(MAX_GEN_PLAYERS)).is_valid());
    }
}

#[test]
fn the_largest_board_is_valid() {
    let plan = generate(size(26, 26), 5, 7).unwrap();
    assert!(validate(&plan, Some(5)).is_valid());
    assert_eq!(CylPlan::parse(&plan.to_text()), Ok(plan));
}

#[test]
fn the_same_seed_gives_the_same_plan() {
    let a = generate(size(8, 8), 3, 42).unwrap();
    assert_eq!(generate(size(8, 8), 3, 42).unwrap(), a);
    let others: Vec<CylPlan> = (43..48)
        .map(|s| generate(size(8, 8), 3, s).unwrap())
        .collect();
    assert!(others.iter().all(|p| *p != a));
}

#[test]
fn the_posts_board_has_the_posts_proportions() {
    // Seed 004: "квадрат 8х8".
    for seed in 0..24 {
        let plan = generate(size(8, 8), 4, seed).unwrap();
        let b = &plan.board;
        let spinners = count(b, |g| matches!(g, Ground::Spinner(_)));
        assert!(
            (2..=3).contains(&spinners),
            "seed {seed}: {spinners} spinners"
        );
        let systems = mouths(b).len();
        assert!((1..=2).contains(&systems), "seed {seed}: {systems} rivers");
        let lone = count(b, |g| g == Ground::Swamp) - systems;
        assert!((1..=2).contains(&lone), "seed {seed}: {lone} lone swamps");
        let pits = count(b, |g| matches!(g, Ground::Pit { .. }));
        assert!((3..=4).contains(&pits), "seed {seed}: {pits} pits");
        assert_eq!(count(b, |g| g == Ground::Arsenal), 1);
        assert_eq!(plan.crocodiles.len(), 2);
        assert_eq!(b.exits().count(), 2);
        let steps = plan.ghost.as_ref().unwrap().steps.len();
        assert!(
            (6..=12).contains(&steps),
            "seed {seed}: {steps} ghost steps"
        );
    }
}

#[test]
fn rivers_end_in_swamps_through_no_wall() {
    // Seed 004: "Каждая река в конечном итоге впадает в болото".
    for seed in 0..24 {
        let plan = generate(size(8, 8), 2, seed).unwrap();
        let b = &plan.board;
        for (c, g) in b.cells() {
            let Ground::River(_) = g else { continue };
            let mut at = c;
            for _ in 0..b.size().area() {
                let Ground::River(d) = b.ground(at) else {
                    break;
                };
                let Across::Cell { to, wall } = b.across(at, d) else {
                    panic!("seed {seed}: the river at {at} flows off the board");
                };
                assert!(!wall, "seed {seed}: a wall across the river at {at}");
                at = to;
            }
            assert_eq!(b.ground(at), Ground::Swamp, "seed {seed}: river at {c}");
        }
    }
}

#[test]
fn pits_are_a_permutation_without_a_pit_to_itself() {
    // Seed 004: "каждая яма ведет в конкретную другую яму, в каждую яму ведет ровно одна".
    for seed in 0..24 {
        let plan = generate(size(12, 9), 1, seed).unwrap();
        let b = &plan.board;
        let pits: Vec<(Coord, Coord)> = b
            .cells()
            .filter_map(|(c, g)| match g {
                Ground::Pit { to } => Some((c, to)),
                _ => None,
            })
            .collect();
        assert!(pits.len() >= 2, "seed {seed}");
        for &(from, to) in &pits {
            assert_ne!(from, to);
            assert!(matches!(b.ground(to), Ground::Pit { .. }));
            assert_eq!(pits.iter().filter(|p| p.1 == to).count(), 1);
        }
    }
}

#[test]
fn one_morgue_one_treasure_on_land_an_exit_and_crocodiles_on_land() {
    for (w, h) in [(4, 4), (5, 7), (8, 8), (12, 9)] {
        for seed in 0..12 {
            let plan = generate(size(w, h), 2, seed).unwrap();
            let b = &plan.board;
            assert_eq!(count(b, |g| g == Ground::Morgue), 1);
            assert_eq!(b.ground(plan.treasure), Ground::Land);
            assert!(b.exits().next().is_some());
            // The treasure is not next to an exit.
            for (exit, _) in b.exits() {
                let beside = Dir::ALL
                    .iter()
                    .any(|&d| b.neighbour(exit, d) == Some(plan.treasure));
                assert!(exit != plan.treasure && !beside, "{w}x{h} seed {seed}");
            }
            assert!(!plan.crocodiles.is_empty());
            assert!(plan.crocodiles.iter().all(|&c| b.ground(c) == Ground::Land));
            assert!(!plan.crocodiles.contains(&plan.treasure));
        }
    }
}

#[test]
fn the_ghost_never_steps_off_the_north_or_south_edge() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for row in [0, 1, 3] {
        let start = Coord::new(2, row);
        for _ in 0..50 {
            let steps = ghost_steps(size(6, 4), start, &mut rng);
            let mut at = i32::from(row);
            for d in &steps {
                at += d.delta().1;
                assert!((0..4).contains(&at), "{steps:?}");
            }
            assert_eq!(at, i32::from(row), "a round ends on his first row");
        }
    }
}

#[test]
fn refusals_say_why_in_both_languages() {
    let cases = [
        (
            size(3, 8),
            2,
            CylGenerateError::Side { size: size(3, 8) },
            "3x8",
        ),
        (
            Size {
                width: 27,
                height: 8,
                levels: 1,
            },
            2,
            CylGenerateError::Side {
                size: Size {
                    width: 27,
                    height: 8,
                    levels: 1,
                },
            },
            "27x8",
        ),
        (
            Size::stacked(8, 8, 2).unwrap(),
            2,
            CylGenerateError::NotFlat {
                size: Size::stacked(8, 8, 2).unwrap(),
            },
            "8x8x2",
        ),
        (size(8, 8), 0, CylGenerateError::Players { players: 0 }, "0"),
        (size(8, 8), 9, CylGenerateError::Players { players: 9 }, "9"),
    ];
    for (asked, players, error, shown) in cases {
        assert_eq!(generate(asked, players, 1), Err(error.clone()));
        let (en, ru) = (error.localize(Lang::En), error.localize(Lang::Ru));
        assert_eq!(error.to_string(), en);
        assert!(en.starts_with("A ") && en.contains(shown), "{en}");
        assert!(ru.starts_with("Цилиндр") && ru.contains(shown), "{ru}");
        assert!(!en.contains('[') && !ru.contains('['), "{en} / {ru}");
    }
    let side = CylGenerateError::Side { size: size(3, 8) };
    assert!(side.localize(Lang::En).contains("from 4 to 26"));
    assert!(side.localize(Lang::Ru).contains("от 4 до 26"));
    let players = CylGenerateError::Players { players: 9 }.localize(Lang::Ru);
    assert!(players.contains("от 1 до 8"), "{players}");
}

#[test]
fn the_plain_layout_is_valid_and_reads_back() {
    for (w, h) in [(4, 4), (5, 7), (26, 26)] {
        for seed in 0..4 {
            let plan = super::plain::plan(size(w, h), &mut ChaCha8Rng::seed_from_u64(seed));
            let report = validate(&plan, Some(MAX_GEN_PLAYERS));
            assert!(report.is_valid(), "{w}x{h}: {:?}", report.problems);
            assert_eq!(CylPlan::parse(&plan.to_text()), Ok(plan));
        }
    }
}

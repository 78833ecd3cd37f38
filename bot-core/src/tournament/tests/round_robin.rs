use std::collections::HashMap;

use crate::tournament::round_robin::{rounds_per_cycle, schedule};
use crate::tournament::{Format, State};

use super::{entered, hive};

/// Each pair's meetings, each player's first seats less second seats, and byes.
struct Tally {
    pairs: HashMap<(usize, usize), u32>,
    balance: Vec<i64>,
    byes: Vec<u32>,
}

fn tally(n: usize, cycles: u32) -> Tally {
    let players: Vec<usize> = (0..n).collect();
    let mut pairs = HashMap::new();
    let mut balance = vec![0i64; n];
    let mut byes = vec![0u32; n];
    for plan in schedule(&players, cycles) {
        let mut seen = vec![0; n];
        for g in &plan.games {
            assert_eq!(g.len(), 2);
            *pairs.entry((g[0].min(g[1]), g[0].max(g[1]))).or_insert(0) += 1;
            balance[g[0]] += 1;
            balance[g[1]] -= 1;
            g.iter().for_each(|&p| seen[p] += 1);
        }
        plan.byes.iter().for_each(|&p| {
            byes[p] += 1;
            seen[p] += 1;
        });
        assert!(
            seen.iter().all(|&s| s == 1),
            "n={n}: someone missing or twice in a round"
        );
    }
    Tally {
        pairs,
        balance,
        byes,
    }
}

#[test]
fn every_pair_meets_once_per_cycle() {
    for cycles in 1..=2 {
        for n in 2..=10 {
            let pairs = tally(n, cycles).pairs;
            assert_eq!(pairs.len(), n * (n - 1) / 2, "n={n}");
            assert!(pairs.values().all(|&c| c == cycles), "n={n}: {pairs:?}");
        }
    }
}

#[test]
fn rounds_are_n_minus_one_or_n() {
    for n in 2..=10 {
        let expected = if n % 2 == 0 { n - 1 } else { n };
        assert_eq!(rounds_per_cycle(n), expected);
        assert_eq!(schedule(&(0..n).collect::<Vec<_>>(), 2).len(), 2 * expected);
    }
}

#[test]
fn odd_fields_give_everyone_one_bye_a_cycle() {
    for n in 2..=10 {
        for cycles in 1..=2 {
            let byes = tally(n, cycles).byes;
            let each = if n % 2 == 1 { cycles } else { 0 };
            assert!(byes.iter().all(|&b| b == each), "n={n}: {byes:?}");
        }
    }
}

#[test]
fn first_moves_balance_within_one() {
    for n in 2..=10 {
        let single = tally(n, 1).balance;
        assert!(single.iter().all(|b| b.abs() <= 1), "n={n}: {single:?}");
        let double = tally(n, 2).balance;
        assert!(double.iter().all(|&b| b == 0), "n={n}: {double:?}");
    }
}

#[test]
fn a_double_round_robin_gives_each_player_the_first_seat_once_per_pair() {
    let plans = schedule(&[0, 1, 2, 3], 2);
    let mut firsts: HashMap<(usize, usize), u32> = HashMap::new();
    for g in plans.iter().flat_map(|p| &p.games) {
        *firsts.entry((g[0], g[1])).or_default() += 1;
    }
    assert_eq!(firsts.len(), 12);
    assert!(firsts.values().all(|&c| c == 1));
}

#[test]
fn the_tournament_makes_the_whole_schedule_at_the_start() {
    let mut t = entered(hive(), Format::RoundRobin { cycles: 1 }, 5);
    t.start(7).unwrap();
    assert_eq!(t.rounds.len(), 5);
    assert!(!t.next_round_ready());
    let mut rng = super::rng(1);
    super::play_round(&mut t, &mut rng);
    assert_eq!(t.state, State::Finished);
    let rows = t.standings();
    assert!(rows.iter().all(|r| r.games == 4 && r.byes == 1));
}

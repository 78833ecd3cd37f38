use crate::tournament::history::History;
use crate::tournament::tables::{cost, seat, sizes};
use crate::tournament::{Format, State};

use super::{entered, play_round, rng, spec};

#[test]
fn sizes_are_even_and_within_the_game() {
    for n in 1..=40 {
        for size in 2..=6 {
            for (min, max) in [(2, 8), (3, 10), (3, size)] {
                let Some(s) = sizes(n, size, min, max) else {
                    continue;
                };
                assert_eq!(s.iter().sum::<usize>(), n);
                let (lo, hi) = (*s.iter().min().unwrap(), *s.iter().max().unwrap());
                assert!(hi - lo <= 1, "n={n} size={size}: {s:?}");
                assert!(lo >= min && hi <= max, "n={n} size={size}: {s:?}");
            }
        }
    }
}

#[test]
fn sizes_prefer_the_given_size_and_grow_only_to_reach_the_minimum() {
    assert_eq!(sizes(10, 4, 3, 4), Some(vec![4, 3, 3]));
    assert_eq!(sizes(12, 4, 3, 4), Some(vec![4, 4, 4]));
    assert_eq!(sizes(5, 4, 3, 5), Some(vec![5]));
    assert_eq!(sizes(5, 4, 3, 4), None);
    assert_eq!(sizes(2, 4, 3, 5), None);
}

/// Plays a tables tournament with random results; the meeting counts after it.
fn play(n: usize, size: usize, rounds: u32, seed: u64) -> History {
    let mut t = entered(spec("labyrinth", 2, 8), Format::Tables { size, rounds }, n);
    t.start(seed).unwrap();
    let mut rng = rng(seed);
    loop {
        let last = &t.rounds[t.rounds.len() - 1];
        let mut seen: Vec<usize> = last.games.iter().flat_map(|g| g.seats.clone()).collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..n).collect::<Vec<_>>());
        play_round(&mut t, &mut rng);
        if !t.next_round_ready() {
            break;
        }
        t.advance(seed.wrapping_add(t.rounds.len() as u64)).unwrap();
    }
    assert_eq!(t.state, State::Finished);
    History::of(n, &t.rounds)
}

#[test]
fn nine_players_in_threes_never_meet_twice_in_four_rounds() {
    // The affine plane of order 3 splits 9 points into 4 rounds of 3 lines of 3 with every pair
    // on exactly one line, so a seating where nobody meets twice exists; and any repeat-free third
    // round leaves the fourth forced and repeat-free (the 6 remaining triangles form exactly two
    // parallel classes), so a search that finds the repeat-free round each time must succeed.
    for seed in 0..20 {
        let h = play(9, 3, 4, seed);
        let players: Vec<usize> = (0..9).collect();
        assert_eq!(h.max_met(&players), 1, "seed {seed}");
        assert!((0..9).all(|a| (0..9).all(|b| a == b || h.met(a, b) == 1)));
    }
}

#[test]
fn reseating_beats_a_naive_rotation() {
    // 16 players at tables of 4 for 5 rounds. The naive rotation seats player i at table
    // (i + r * (i / 4)) % 4 in round r: rounds 0 and 4 coincide, so it repeats whole tables.
    let (n, rounds) = (16, 5);
    let mut naive = History::new(n);
    let mut naive_cost = 0;
    for r in 0..rounds {
        let mut tables = vec![vec![]; 4];
        (0..n).for_each(|i| tables[(i + r * (i / 4)) % 4].push(i));
        naive_cost += cost(&tables, &naive);
        tables.iter().for_each(|t| naive.add_game(t));
    }
    let mut smart = History::new(n);
    let mut smart_cost = 0;
    let players: Vec<usize> = (0..n).collect();
    for r in 0..rounds {
        let plan = seat(&players, &[4, 4, 4, 4], &smart, r as u64);
        smart_cost += cost(&plan.games, &smart);
        plan.games.iter().for_each(|t| smart.add_game(t));
    }
    assert!(smart_cost < naive_cost, "{smart_cost} vs {naive_cost}");
    // 5 rounds give each player 15 table-mates, exactly everyone else: at most a few pairs can
    // be forced to meet twice by a greedy round order, never three times.
    assert!(smart.max_met(&players) <= 2);
    assert!(naive.max_met(&players) >= 2);
}

#[test]
fn the_first_seat_goes_to_who_had_it_least() {
    let h = play(8, 4, 4, 5);
    let firsts: Vec<u32> = (0..8).map(|p| h.firsts(p)).collect();
    // 8 first seats over 8 players. A third one would need a table of four who all had two, that
    // is 8 first seats before the last round, which hands out the last 2 of them.
    assert_eq!(firsts.iter().sum::<u32>(), 8);
    assert!(firsts.iter().all(|&f| f <= 2), "{firsts:?}");
}

#[test]
fn a_table_left_short_by_a_withdrawal_counts_for_nobody() {
    let mut t = entered(
        spec("saboteur", 3, 10),
        Format::Tables { size: 3, rounds: 2 },
        6,
    );
    t.start(1).unwrap();
    let touched = t.forfeit_player(0).unwrap();
    assert_eq!(touched.len(), 1);
    let mut rng = rng(1);
    play_round(&mut t, &mut rng);
    let rows = t.standings();
    let row = |p: usize| rows.iter().find(|r| r.player == p).unwrap();
    let voided = &t.game(touched[0]).unwrap().seats;
    assert!(
        voided
            .iter()
            .all(|&p| row(p).games == 0 && row(p).points == 0.0)
    );
    t.advance(2).unwrap();
    // Five players cannot make two tables of three: one table of five, without the withdrawn.
    assert_eq!(t.rounds[1].games.len(), 1);
    assert_eq!(t.rounds[1].games[0].seats.len(), 5);
    assert!(!t.rounds[1].games[0].seats.contains(&0));
}

#[test]
fn a_field_that_cannot_be_seated_is_refused_at_the_start() {
    let mut t = entered(
        spec("saboteur", 3, 4),
        Format::Tables { size: 4, rounds: 2 },
        5,
    );
    let err = t.start(0).unwrap_err();
    assert_eq!(
        err,
        crate::tournament::TournamentError::CannotSeat {
            players: 5,
            min: 3,
            max: 4
        }
    );
    assert!(err.to_string().contains("choose another table size"));
    assert_eq!(t.state, State::Lobby);
}

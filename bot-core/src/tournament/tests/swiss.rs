use std::collections::HashMap;

use crate::tournament::history::History;
use crate::tournament::{Format, Round, State, Status, Tournament};

use super::{duel, entered, hive, pending, play_round, rng};

/// Whether `players` pair up along `ok`, by exhaustive search (memoised on who is left).
fn exhaustive(players: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> bool {
    fn go(
        left: u32,
        players: &[usize],
        ok: &dyn Fn(usize, usize) -> bool,
        memo: &mut HashMap<u32, bool>,
    ) -> bool {
        if left == 0 {
            return true;
        }
        if let Some(&known) = memo.get(&left) {
            return known;
        }
        let a = left.trailing_zeros() as usize;
        let rest = left & !(1 << a);
        let found = (0..players.len())
            .filter(|&b| rest & (1 << b) != 0)
            .any(|b| ok(players[a], players[b]) && go(rest & !(1 << b), players, ok, memo));
        memo.insert(left, found);
        found
    }
    players.len() % 2 == 0
        && go(
            (1u32 << players.len()) - 1,
            players,
            ok,
            &mut HashMap::new(),
        )
}

/// Whether the field pairs along `ok` with the bye (if odd) to someone `may_bye` allows.
fn pairable(
    active: &[usize],
    may_bye: &dyn Fn(usize) -> bool,
    ok: &dyn Fn(usize, usize) -> bool,
) -> bool {
    if active.len() % 2 == 0 {
        return exhaustive(active, ok);
    }
    active.iter().filter(|&&b| may_bye(b)).any(|&b| {
        let rest: Vec<usize> = active.iter().copied().filter(|&p| p != b).collect();
        exhaustive(&rest, ok)
    })
}

/// Checks a new round against the history before it: everyone active exactly once; a repeat only
/// when no pairing with fewer repeats exists; a second bye only when no one with fewer byes could
/// have had it at the same repeat level. `exact` runs the exhaustive checks (small fields).
fn check_round(t: &Tournament, before: &History, round: &Round, exact: bool) {
    let active = t.active();
    let mut seen: Vec<usize> = round.games.iter().flat_map(|g| g.seats.clone()).collect();
    seen.sort_unstable();
    assert_eq!(seen, active, "every active player exactly once");
    let pairs: Vec<(usize, usize)> = round
        .games
        .iter()
        .filter(|g| g.seats.len() == 2)
        .map(|g| (g.seats[0], g.seats[1]))
        .collect();
    let worst = pairs
        .iter()
        .map(|&(a, b)| before.met(a, b))
        .max()
        .unwrap_or(0);
    let bye = round
        .games
        .iter()
        .find(|g| g.status == Status::Bye)
        .map(|g| g.seats[0]);
    if !exact {
        assert_eq!(
            worst, 0,
            "a repeat in a field that Dirac's theorem says pairs without one"
        );
        if let Some(b) = bye {
            assert_eq!(
                before.byes(b),
                0,
                "a second bye while fresh ones were pairable"
            );
        }
        return;
    }
    if worst > 0 {
        let fewer = |a: usize, b: usize| before.met(a, b) < worst;
        assert!(
            !pairable(&active, &|_| true, &fewer),
            "a repeat was avoidable"
        );
    }
    if let Some(b) = bye {
        let level = |a: usize, c: usize| before.met(a, c) <= worst;
        let fresher = |c: usize| before.byes(c) < before.byes(b);
        assert!(
            !pairable(&active, &fresher, &level),
            "a fresher bye was possible"
        );
    }
}

/// Plays a whole Swiss with random results, checking every round.
fn run(n: usize, rounds: u32, seed: u64, exact: bool) {
    let mut t = entered(hive(), Format::Swiss { rounds }, n);
    t.start(seed).unwrap();
    let mut rng = rng(seed);
    check_round(&t, &History::new(n), &t.rounds[0].clone(), exact);
    while t.state == State::Running {
        play_round(&mut t, &mut rng);
        if !t.next_round_ready() {
            break;
        }
        let before = History::of(n, &t.rounds);
        let r = t.advance(seed).unwrap();
        check_round(&t, &before, &t.rounds[r].clone(), exact);
    }
    assert!(t.is_finished());
    assert_eq!(t.rounds.len(), rounds as usize);
}

#[test]
fn small_fields_repeat_and_rebye_only_when_forced() {
    // As many rounds as a round-robin and one more: late rounds get stuck and must repeat.
    for n in 4..=12 {
        let rounds = (n + n % 2) as u32;
        for seed in 0..12 {
            run(n, rounds, seed, true);
        }
    }
}

#[test]
fn large_fields_never_repeat_in_short_events() {
    // After r rounds a player has met at most r others, so the unmet graph on the m players to
    // pair has minimum degree at least m - 1 - r; with r <= n/2 - 2 that is at least m/2, and by
    // Dirac's theorem it has a Hamiltonian cycle, hence a repeat-free pairing (for any bye).
    for n in 13..=20 {
        let rounds = (n / 2 - 2) as u32 + 1;
        for seed in 0..6 {
            run(n, rounds, seed, false);
        }
    }
}

#[test]
fn score_groups_pair_top_half_against_bottom_half() {
    let mut t = entered(hive(), Format::Swiss { rounds: 3 }, 8);
    t.start(0).unwrap();
    let pairs = |t: &Tournament, r: usize| -> Vec<Vec<usize>> {
        let mut p: Vec<Vec<usize>> = t.rounds[r]
            .games
            .iter()
            .map(|g| {
                let mut s = g.seats.clone();
                s.sort_unstable();
                s
            })
            .collect();
        p.sort();
        p
    };
    assert_eq!(
        pairs(&t, 0),
        vec![vec![0, 4], vec![1, 5], vec![2, 6], vec![3, 7]]
    );
    // The lower number wins every game.
    let lower_wins = |t: &mut Tournament| {
        for at in pending(t) {
            let seats = t.game(at).unwrap().seats.clone();
            let winner = if seats[0] < seats[1] { 0 } else { 1 };
            t.record(at, duel(Some(winner))).unwrap();
        }
    };
    lower_wins(&mut t);
    t.advance(0).unwrap();
    assert_eq!(
        pairs(&t, 1),
        vec![vec![0, 2], vec![1, 3], vec![4, 6], vec![5, 7]]
    );
    lower_wins(&mut t);
    t.advance(0).unwrap();
    // The only two on two wins meet in the last round.
    assert!(pairs(&t, 2).contains(&vec![0, 1]));
}

#[test]
fn the_bye_goes_to_the_lowest_ranked_without_one() {
    let mut t = entered(hive(), Format::Swiss { rounds: 3 }, 3);
    t.start(0).unwrap();
    let bye = |t: &Tournament, r: usize| {
        t.rounds[r]
            .games
            .iter()
            .find(|g| g.status == Status::Bye)
            .map(|g| g.seats[0])
    };
    assert_eq!(bye(&t, 0), Some(2));
    let mut byes = vec![bye(&t, 0).unwrap()];
    for _ in 1..3 {
        for at in pending(&t) {
            t.record(at, duel(Some(0))).unwrap();
        }
        let r = t.advance(0).unwrap();
        byes.push(bye(&t, r).unwrap());
    }
    byes.sort_unstable();
    assert_eq!(byes, vec![0, 1, 2], "each player one bye");
    let rows = t.standings();
    assert!(rows.iter().all(|r| r.byes == 1));
}

#[test]
fn first_seats_alternate() {
    let mut t = entered(hive(), Format::Swiss { rounds: 6 }, 8);
    t.start(3).unwrap();
    let mut rng = rng(3);
    while t.state == State::Running {
        play_round(&mut t, &mut rng);
        if t.next_round_ready() {
            t.advance(3).unwrap();
        }
    }
    let h = History::of(8, &t.rounds);
    assert!(
        (0..8).all(|p| h.balance(p).abs() <= 2),
        "{:?}",
        (0..8).map(|p| h.balance(p)).collect::<Vec<_>>()
    );
}

// The bye goes by the standings players are shown (points, Buchholz, Sonneborn–Berger, the games
// between the tied, then player number): to the lowest there among those with the fewest byes
// whose absence lets the rest pair, not to the lowest by points and join order alone.
#[test]
fn the_bye_goes_to_the_lowest_in_the_shown_standings() {
    let mut differs = 0;
    for n in [5, 7] {
        for seed in 0..40 {
            let mut t = entered(hive(), Format::Swiss { rounds: 4 }, n);
            t.start(seed).unwrap();
            let mut rng = rng(seed);
            loop {
                play_round(&mut t, &mut rng);
                if !t.next_round_ready() {
                    break;
                }
                let shown: Vec<usize> = t.standings().iter().map(|r| r.player).collect();
                let points = t.points();
                let before = History::of(n, &t.rounds);
                let r = t.advance(seed).unwrap();
                let round = &t.rounds[r];
                let bye = (round.games.iter())
                    .find(|g| g.status == Status::Bye)
                    .map(|g| g.seats[0])
                    .expect("an odd field has a bye");
                let worst = (round.games.iter())
                    .filter(|g| g.seats.len() == 2)
                    .map(|g| before.met(g.seats[0], g.seats[1]))
                    .max()
                    .unwrap_or(0);
                let active = t.active();
                let rest_pairs = |c: usize| {
                    let rest: Vec<usize> = active.iter().copied().filter(|&p| p != c).collect();
                    exhaustive(&rest, &|a, b| before.met(a, b) <= worst)
                };
                let place = |p: usize| shown.iter().position(|&q| q == p).unwrap();
                // Nobody preferred to him could have had it.
                for &c in active.iter().filter(|&&c| c != bye) {
                    let preferred = before.byes(c) < before.byes(bye)
                        || (before.byes(c) == before.byes(bye) && place(c) > place(bye));
                    assert!(
                        !(preferred && rest_pairs(c)),
                        "n={n} seed={seed} round {r}: the bye went to {bye}, {c} is lower in {shown:?}"
                    );
                }
                // By points and join order alone it would have gone elsewhere now and then.
                let mut old = active.clone();
                old.sort_by(|&a, &b| {
                    (before.byes(a).cmp(&before.byes(b)))
                        .then(points[a].total_cmp(&points[b]))
                        .then(b.cmp(&a))
                });
                if old.into_iter().find(|&c| rest_pairs(c)) != Some(bye) {
                    differs += 1;
                }
            }
        }
    }
    assert!(differs > 0, "no field where the two orders part");
}

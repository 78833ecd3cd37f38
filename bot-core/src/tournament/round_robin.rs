//! Round-robin: everyone against everyone, by the circle method.
//!
//! One player stays put while the others turn round him; an odd field adds a phantom whose
//! opponent has the bye, so every player sits out exactly once a cycle. Who moves first alternates
//! so that nobody moves first more than once more often than second.

use super::Plan;

/// The rounds one cycle takes: `n - 1` for an even field, `n` for an odd one.
pub fn rounds_per_cycle(n: usize) -> usize {
    match n {
        0 | 1 => 0,
        _ => n + n % 2 - 1,
    }
}

/// Every round of `cycles` cycles for `players` (their numbers, in seeding order). The second and
/// every even cycle repeat the first with the seats swapped, so that a double round-robin gives
/// each pair one game with each player first.
pub fn schedule(players: &[usize], cycles: u32) -> Vec<Plan> {
    let first = cycle(players.len());
    (0..cycles)
        .flat_map(|c| first.iter().map(move |round| (c, round)))
        .map(|(c, round)| plan(players, round, c % 2 == 1))
        .collect()
}

/// One cycle in local numbers; the phantom is `m - 1` when the field is odd.
fn cycle(n: usize) -> Vec<Vec<(usize, usize)>> {
    let m = n + n % 2;
    (0..rounds_per_cycle(n)).map(|r| round(m, r)).collect()
}

/// Round `r` of an even field of `m`: `r` meets the fixed player `m - 1`, and `r + k` meets
/// `r - k` (modulo `m - 1`). Alternating by `r` for the fixed player and by `k` for the rest
/// balances the first moves exactly (the same rule as Berger's tables).
fn round(m: usize, r: usize) -> Vec<(usize, usize)> {
    let fixed = m - 1;
    let ring = m - 1;
    let mut games = vec![if r % 2 == 0 { (r, fixed) } else { (fixed, r) }];
    for k in 1..m / 2 {
        let a = (r + k) % ring;
        let b = (r + ring - k) % ring;
        games.push(if k % 2 == 1 { (b, a) } else { (a, b) });
    }
    games
}

/// Local numbers to players; a game against the phantom becomes a bye.
fn plan(players: &[usize], round: &[(usize, usize)], swap: bool) -> Plan {
    let n = players.len();
    let mut plan = Plan::default();
    for &(a, b) in round {
        let (a, b) = if swap { (b, a) } else { (a, b) };
        match (a < n, b < n) {
            (true, true) => plan.games.push(vec![players[a], players[b]]),
            (true, false) => plan.byes.push(players[a]),
            (false, true) => plan.byes.push(players[b]),
            (false, false) => {}
        }
    }
    plan
}

//! Swiss pairing: players of equal score meet, top half against bottom half (Dutch-like), the odd
//! one of a score group floating down to the next.
//!
//! Rules, strongest first: no pair meets twice while any pairing of the whole field avoids it; no
//! one has a second bye while a first one can go elsewhere; score groups as above. The first rule
//! is exact: before a player takes his preferred opponent, [`has_perfect_matching`] checks that the
//! rest can still be paired without repeats, so a repeat-free pairing is found whenever one
//! exists. When none does, pairs that met once are allowed, then twice, and so on.
//!
//! Ranking within a score group is by player number (join order): pairing has no ratings to seed
//! by, and join order keeps it reproducible.
//!
//! The bye, in an odd field, goes by the standings as players see them: to the lowest player in
//! the shown table (points, then the tie-breaks, then player number) among those with the fewest
//! byes, whose absence lets the rest pair. A bye scores as the scoring says (a win unless `bye=`),
//! and for tie-breaks it is a game won against a virtual opponent with the player's own points
//! (see [`super::standings`]).

use super::Plan;
use super::history::History;
use super::matching::has_perfect_matching;

/// Points closer than this are equal (they are sums of halves and whole gold, but a director may
/// score in thirds).
const EPS: f64 = 1e-9;

/// Pairs the `active` players for the next round, on `points` (by player number), the
/// `standings` as shown (player numbers, best first) and the `history` of the rounds played. An
/// odd field gives the bye to the lowest player in the standings who has had fewest byes.
pub fn pair(active: &[usize], points: &[f64], standings: &[usize], history: &History) -> Plan {
    let ranked = ranked(active, points);
    let byes = bye_order(active, standings, history);
    for limit in 0..=history.max_met(&ranked) {
        let allowed = |a: usize, b: usize| history.met(a, b) <= limit;
        if let Some(plan) = pair_within(&ranked, &byes, points, history, &allowed) {
            return plan;
        }
    }
    // Unreachable: at the largest meeting count every pair is allowed, and a complete graph on
    // an even field always pairs. Kept total rather than panicking in a running bot.
    adjacent(&ranked)
}

/// The pairing under `allowed`, choosing the bye first (the first of `byes` that lets the rest
/// pair) when the field is odd.
fn pair_within(
    ranked: &[usize],
    byes: &[usize],
    points: &[f64],
    history: &History,
    allowed: &dyn Fn(usize, usize) -> bool,
) -> Option<Plan> {
    if ranked.len() % 2 == 0 {
        let pairs = dutch(ranked, points, allowed)?;
        return Some(plan(pairs, None, history));
    }
    byes.iter().copied().find_map(|bye| {
        let rest: Vec<usize> = ranked.iter().copied().filter(|&p| p != bye).collect();
        let pairs = dutch(&rest, points, allowed)?;
        Some(plan(pairs, Some(bye), history))
    })
}

/// Best first: more points, then the lower player number.
fn ranked(active: &[usize], points: &[f64]) -> Vec<usize> {
    let mut ranked = active.to_vec();
    ranked.sort_by(|&a, &b| points[b].total_cmp(&points[a]).then(a.cmp(&b)));
    ranked
}

/// Who may take the bye, in order of preference: fewest byes so far, then lowest in the shown
/// `standings`. An active player the standings do not list (none should be) counts as below
/// them all.
fn bye_order(active: &[usize], standings: &[usize], history: &History) -> Vec<usize> {
    let listed = standings
        .iter()
        .rev()
        .copied()
        .filter(|p| active.contains(p));
    let unlisted = active
        .iter()
        .rev()
        .copied()
        .filter(|p| !standings.contains(p));
    let mut order: Vec<usize> = unlisted.chain(listed).collect();
    order.sort_by_key(|&p| history.byes(p));
    order
}

/// Pairs `ranked` (even, best first), each time the best unpaired player with his most preferred
/// opponent after whom the rest still pair; `None` if they cannot pair at all.
fn dutch(
    ranked: &[usize],
    points: &[f64],
    allowed: &dyn Fn(usize, usize) -> bool,
) -> Option<Vec<(usize, usize)>> {
    let pairable =
        |left: &[usize]| has_perfect_matching(left.len(), |a, b| allowed(left[a], left[b]));
    if !pairable(ranked) {
        return None;
    }
    let mut left = ranked.to_vec();
    let mut pairs = Vec::with_capacity(left.len() / 2);
    while !left.is_empty() {
        let top = left[0];
        let pick = preferences(&left, points)
            .into_iter()
            .find(|&i| allowed(top, left[i]) && pairable(&without(&left, i)))?;
        pairs.push((top, left[pick]));
        left = without(&left, pick);
    }
    Some(pairs)
}

/// `left` less its first player and the one at `i`.
fn without(left: &[usize], i: usize) -> Vec<usize> {
    left.iter()
        .enumerate()
        .filter(|&(j, _)| j != 0 && j != i)
        .map(|(_, &p)| p)
        .collect()
}

/// Opponents for `left[0]`, as indices into `left`, most preferred first. Within his score group
/// of `g`, the player halfway down (the top half meets the bottom half in order), then the rest of
/// the bottom half downwards, then the top half upwards; then the lower groups, best first, which
/// is where a floater lands.
fn preferences(left: &[usize], points: &[f64]) -> Vec<usize> {
    let top = points[left[0]];
    let g = left
        .iter()
        .take_while(|&&p| (points[p] - top).abs() < EPS)
        .count();
    let half = g / 2;
    let in_group = (half.max(1)..g).chain((1..half).rev());
    in_group.chain(g..left.len()).collect()
}

/// The round, with each pair seated so that first moves even out.
fn plan(pairs: Vec<(usize, usize)>, bye: Option<usize>, history: &History) -> Plan {
    Plan {
        games: pairs
            .into_iter()
            .map(|(a, b)| seat_pair(a, b, history))
            .collect(),
        byes: bye.into_iter().collect(),
    }
}

/// Who moves first: the one who has moved first less often; on a level balance the one who was
/// second last time; otherwise the higher ranked `a`.
pub fn seat_pair(a: usize, b: usize, history: &History) -> Vec<usize> {
    let a_first = match history.balance(a).cmp(&history.balance(b)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => history.last_first(a) != Some(true),
    };
    if a_first { vec![a, b] } else { vec![b, a] }
}

/// Neighbours in rank order, the last one out: a total fallback that is never reached.
fn adjacent(ranked: &[usize]) -> Plan {
    Plan {
        games: ranked.chunks_exact(2).map(<[usize]>::to_vec).collect(),
        byes: ranked.chunks_exact(2).remainder().to_vec(),
    }
}

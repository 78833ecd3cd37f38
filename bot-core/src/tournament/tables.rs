//! Tables: a large field seated at several tables a round, reseated so that the same players meet
//! as rarely as possible.
//!
//! The cost of a seating is the sum, over every two players at one table, of `(m + 1)²` where `m`
//! is how often they met before: squaring spreads repeats thin instead of letting one pair meet
//! again and again. A seeded shuffle, a greedy fill and pair swaps between tables until none helps
//! give a local optimum; a few restarts from other shuffles keep the best, and stop early once no
//! pair repeats (the cost cannot go lower).

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::Plan;
use super::history::History;

/// Fresh starts tried before settling for the best seating found.
const RESTARTS: usize = 64;

/// Table sizes for `players`, as even as possible (they differ by at most one), none above `size`
/// unless fewer, larger tables are the only way to reach the game's `min`; `None` when the field
/// cannot be seated within `min..=max`.
pub fn sizes(players: usize, size: usize, min: usize, max: usize) -> Option<Vec<usize>> {
    if players == 0 || size == 0 {
        return None;
    }
    let most = players.div_ceil(size);
    (1..=most).rev().map(|t| even(players, t)).find(|s| {
        let (small, large) = (s[s.len() - 1], s[0]);
        small >= min && large <= max
    })
}

/// `players` split into `tables` sizes differing by at most one, larger first.
fn even(players: usize, tables: usize) -> Vec<usize> {
    let (q, r) = (players / tables, players % tables);
    (0..tables).map(|i| q + usize::from(i < r)).collect()
}

/// Seats the `active` players at tables of `sizes` (summing to their number), each table ordered
/// so that who has moved first least often moves first.
pub fn seat(active: &[usize], sizes: &[usize], history: &History, seed: u64) -> Plan {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let floor = sizes.iter().map(|&s| pairs_at(s)).sum::<u64>();
    let mut best: Option<(u64, Vec<Vec<usize>>)> = None;
    for _ in 0..RESTARTS {
        let mut order = active.to_vec();
        order.shuffle(&mut rng);
        let mut tables = fill(&order, sizes, history);
        improve(&mut tables, history);
        let c = cost(&tables, history);
        if best.as_ref().is_none_or(|(b, _)| c < *b) {
            best = Some((c, tables));
        }
        if c == floor {
            break;
        }
    }
    let tables = best.map(|(_, t)| t).unwrap_or_default();
    Plan {
        games: tables
            .into_iter()
            .map(|t| order_seats(t, history))
            .collect(),
        byes: vec![],
    }
}

/// Pairs at a table of `s`.
fn pairs_at(s: usize) -> u64 {
    (s * s.saturating_sub(1) / 2) as u64
}

/// The weight of seating `a` with `b` once more.
fn weight(history: &History, a: usize, b: usize) -> u64 {
    let m = u64::from(history.met(a, b)) + 1;
    m * m
}

/// The weight `p` adds at `table` (which need not hold him).
fn weight_at(history: &History, p: usize, table: &[usize]) -> u64 {
    table
        .iter()
        .filter(|&&q| q != p)
        .map(|&q| weight(history, p, q))
        .sum()
}

/// The whole seating's cost.
pub fn cost(tables: &[Vec<usize>], history: &History) -> u64 {
    tables
        .iter()
        .map(|t| t.iter().map(|&p| weight_at(history, p, t)).sum::<u64>() / 2)
        .sum()
}

/// Each player in `order` to the open table where he adds least (the first such on a tie).
fn fill(order: &[usize], sizes: &[usize], history: &History) -> Vec<Vec<usize>> {
    let mut tables: Vec<Vec<usize>> = sizes.iter().map(|&s| Vec::with_capacity(s)).collect();
    for &p in order {
        let open = (0..tables.len()).filter(|&t| tables[t].len() < sizes[t]);
        if let Some(t) = open.min_by_key(|&t| weight_at(history, p, &tables[t])) {
            tables[t].push(p);
        }
    }
    tables
}

/// Swaps two players of different tables while that lowers the cost.
fn improve(tables: &mut [Vec<usize>], history: &History) {
    while let Some((x, i, y, j)) = best_swap(tables, history) {
        let (a, b) = (tables[x][i], tables[y][j]);
        tables[x][i] = b;
        tables[y][j] = a;
    }
}

/// The swap that lowers the cost most, if any does.
fn best_swap(tables: &[Vec<usize>], history: &History) -> Option<(usize, usize, usize, usize)> {
    let mut best = None;
    let mut gain_best = 0i64;
    for x in 0..tables.len() {
        for y in x + 1..tables.len() {
            for i in 0..tables[x].len() {
                for j in 0..tables[y].len() {
                    let gain = swap_gain(tables, history, (x, i), (y, j));
                    if gain > gain_best {
                        gain_best = gain;
                        best = Some((x, i, y, j));
                    }
                }
            }
        }
    }
    best
}

/// How much the cost falls if `tables[x][i]` and `tables[y][j]` change places.
fn swap_gain(
    tables: &[Vec<usize>],
    history: &History,
    (x, i): (usize, usize),
    (y, j): (usize, usize),
) -> i64 {
    let (a, b) = (tables[x][i], tables[y][j]);
    let at = |p: usize, t: &[usize], skip: usize| -> i64 {
        let w: u64 = t
            .iter()
            .filter(|&&q| q != skip && q != p)
            .map(|&q| weight(history, p, q))
            .sum();
        w as i64
    };
    let before = at(a, &tables[x], a) + at(b, &tables[y], b);
    let after = at(b, &tables[x], a) + at(a, &tables[y], b);
    before - after
}

/// Seat 0 to whoever has moved first least often; the rest keep their order.
fn order_seats(mut table: Vec<usize>, history: &History) -> Vec<usize> {
    if let Some(i) = (0..table.len()).min_by_key(|&i| history.firsts(table[i])) {
        table.rotate_left(i);
    }
    table
}

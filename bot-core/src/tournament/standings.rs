//! The standings: points, then tie-breaks, then shared ranks.
//!
//! Two-player formats break ties by Buchholz, then Sonneborn–Berger, then the points the tied
//! players took from each other. Multiplayer formats break them by first places, then by who
//! placed better in the games the tied players shared. Players still level after all that share
//! their rank, listed by player number.
//!
//! Unplayed games (byes and forfeits) count for Buchholz and Sonneborn–Berger as a game against a
//! virtual opponent with the player's own final score — the simple convention, chosen over FIDE's
//! older virtual opponent (whose score depends on the round and the rounds planned) because it
//! needs nothing but the table itself. For Sonneborn–Berger a bye counts as won.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

/// Points closer than this are equal (sums of halves are exact, but a director may score in
/// thirds).
const EPS: f64 = 1e-9;

/// One game as the standings read it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Scored {
    /// The players by seat; one player and not `played` is a bye.
    pub players: Vec<usize>,
    /// Each seat's points.
    pub points: Vec<f64>,
    /// Each seat's place (1 best; shared first place is a draw between two).
    pub places: Vec<u32>,
    /// False for a bye or a forfeit: tie-breaks then use a virtual opponent.
    pub played: bool,
}

/// One line of the standings.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// 1 for the leader; players level on everything share a rank.
    pub rank: usize,
    /// The player's number.
    pub player: usize,
    /// Tournament points.
    pub points: f64,
    /// Games with a result, forfeits included, byes not.
    pub games: u32,
    /// Games of two won (forfeit wins included).
    pub wins: u32,
    /// Games of two drawn.
    pub draws: u32,
    /// Games of two lost (forfeit losses included).
    pub losses: u32,
    /// Byes had.
    pub byes: u32,
    /// Games finished in first place (shared first places included).
    pub firsts: u32,
    /// Two players: the sum of the opponents' points.
    pub buchholz: f64,
    /// Two players: beaten opponents' points plus half of drawn opponents'.
    pub sonneborn_berger: f64,
    /// Points among the players tied with this one on every earlier key (0 when not tied).
    pub head_to_head: f64,
}

/// The ranked standings of `players` players from `results`; `two_player` picks the tie-breaks.
pub fn standings(players: usize, results: &[Scored], two_player: bool) -> Vec<Row> {
    let mut rows = tally(players, results);
    if two_player {
        tie_breaks(&mut rows, results);
    }
    let mut order: Vec<usize> = (0..players).collect();
    order.sort_by(|&a, &b| primary(&rows[a], &rows[b], two_player).then(a.cmp(&b)));
    let groups = runs(&order, |a, b| {
        primary(&rows[a], &rows[b], two_player).is_eq()
    });
    let mut ranked = Vec::with_capacity(players);
    for group in groups {
        let h2h = head_to_head(&group, results, two_player);
        let mut group: Vec<(usize, f64)> = group.into_iter().zip(h2h).collect();
        group.sort_by(|a, b| desc(a.1, b.1));
        for (p, h) in group {
            rows[p].head_to_head = h;
            ranked.push(p);
        }
    }
    assign_ranks(
        ranked.into_iter().map(|p| rows[p].clone()).collect(),
        two_player,
    )
}

/// Points, games, wins, draws, losses, byes and first places.
fn tally(players: usize, results: &[Scored]) -> Vec<Row> {
    let mut rows: Vec<Row> = (0..players)
        .map(|player| Row {
            player,
            ..Row::default()
        })
        .collect();
    for r in results {
        if is_bye(r) {
            rows[r.players[0]].byes += 1;
            rows[r.players[0]].points += r.points[0];
            continue;
        }
        for (seat, &p) in r.players.iter().enumerate() {
            let row = &mut rows[p];
            row.points += r.points[seat];
            row.games += 1;
            row.firsts += u32::from(r.places[seat] == 1);
            if r.players.len() == 2 {
                match fraction(r, seat) {
                    f if f > 0.75 => row.wins += 1,
                    f if f > 0.25 => row.draws += 1,
                    _ => row.losses += 1,
                }
            }
        }
    }
    rows
}

/// A bye is a game of one that was not played.
fn is_bye(r: &Scored) -> bool {
    r.players.len() == 1 && !r.played
}

/// A seat's result as a share of a win: 1 alone in first place, ½ sharing it, 0 below it.
fn fraction(r: &Scored, seat: usize) -> f64 {
    let firsts = r.places.iter().filter(|&&p| p == 1).count();
    match (r.places[seat] == 1, firsts) {
        (false, _) => 0.0,
        (true, 1) => 1.0,
        (true, _) => 0.5,
    }
}

/// Buchholz and Sonneborn–Berger, from the final points (see the module on unplayed games).
fn tie_breaks(rows: &mut [Row], results: &[Scored]) {
    let points: Vec<f64> = rows.iter().map(|r| r.points).collect();
    for r in results {
        if is_bye(r) {
            let p = r.players[0];
            rows[p].buchholz += points[p];
            rows[p].sonneborn_berger += points[p];
            continue;
        }
        if r.players.len() != 2 {
            continue;
        }
        for seat in 0..2 {
            let (me, other) = (r.players[seat], r.players[1 - seat]);
            let opponent = if r.played { points[other] } else { points[me] };
            rows[me].buchholz += opponent;
            rows[me].sonneborn_berger += fraction(r, seat) * opponent;
        }
    }
}

/// The order before head-to-head, best first.
fn primary(a: &Row, b: &Row, two_player: bool) -> Ordering {
    let first = desc(a.points, b.points);
    if two_player {
        first
            .then(desc(a.buchholz, b.buchholz))
            .then(desc(a.sonneborn_berger, b.sonneborn_berger))
    } else {
        first.then(b.firsts.cmp(&a.firsts))
    }
}

/// Larger first, equal within [`EPS`].
fn desc(a: f64, b: f64) -> Ordering {
    if (a - b).abs() < EPS {
        Ordering::Equal
    } else {
        b.total_cmp(&a)
    }
}

/// `order` cut into runs of neighbours that `same` holds for.
fn runs(order: &[usize], same: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &p in order {
        match groups.last_mut() {
            Some(g) if same(g[g.len() - 1], p) => g.push(p),
            _ => groups.push(vec![p]),
        }
    }
    groups
}

/// Each member's score against the rest of `group`, by member: points taken in games of two among
/// them; in games of more, 1 for each member placed below him in a game they played together and ½
/// for each placed level.
fn head_to_head(group: &[usize], results: &[Scored], two_player: bool) -> Vec<f64> {
    let mut score = vec![0.0; group.len()];
    if group.len() < 2 {
        return score;
    }
    let member = |p: usize| group.iter().position(|&g| g == p);
    for r in results.iter().filter(|r| r.players.len() >= 2) {
        let seats: Vec<(usize, usize)> = (0..r.players.len())
            .filter_map(|s| member(r.players[s]).map(|m| (s, m)))
            .collect();
        if two_player {
            if seats.len() == 2 {
                seats.iter().for_each(|&(s, m)| score[m] += r.points[s]);
            }
        } else if r.played {
            for &(s, m) in &seats {
                for &(t, _) in seats.iter().filter(|&&(t, _)| t != s) {
                    score[m] += match r.places[s].cmp(&r.places[t]) {
                        Ordering::Less => 1.0,
                        Ordering::Equal => 0.5,
                        Ordering::Greater => 0.0,
                    };
                }
            }
        }
    }
    score
}

/// Ranks in order, a row level with the one above on every key sharing its rank.
fn assign_ranks(mut rows: Vec<Row>, two_player: bool) -> Vec<Row> {
    for i in 0..rows.len() {
        let level = i > 0
            && primary(&rows[i - 1], &rows[i], two_player).is_eq()
            && desc(rows[i - 1].head_to_head, rows[i].head_to_head).is_eq();
        rows[i].rank = if level { rows[i - 1].rank } else { i + 1 };
    }
    rows
}

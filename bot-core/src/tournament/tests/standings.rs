use crate::tournament::standings::{Row, Scored, standings};

/// A played game of two: `res` is the first player's share (1, ½ or 0).
fn game(a: usize, b: usize, res: f64) -> Scored {
    let places = match res {
        r if r > 0.75 => vec![1, 2],
        r if r > 0.25 => vec![1, 1],
        _ => vec![2, 1],
    };
    Scored {
        players: vec![a, b],
        points: vec![res, 1.0 - res],
        places,
        played: true,
    }
}

fn bye(p: usize) -> Scored {
    Scored {
        players: vec![p],
        points: vec![1.0],
        places: vec![1],
        played: false,
    }
}

fn by_player(rows: &[Row], p: usize) -> &Row {
    rows.iter().find(|r| r.player == p).unwrap()
}

fn order(rows: &[Row]) -> Vec<(usize, usize)> {
    rows.iter().map(|r| (r.player, r.rank)).collect()
}

#[test]
fn buchholz_breaks_a_tie_on_points() {
    // 0 beats 1 and 2, 1 beats 2, 3 beats 4. Points 2, 1, 0, 1, 0.
    // Tied on 1: Buchholz(1) = 2 + 0 = 2 > Buchholz(3) = 0.
    // Tied on 0: Buchholz(2) = 2 + 1 = 3 > Buchholz(4) = 1.
    let rows = standings(
        5,
        &[
            game(0, 1, 1.0),
            game(0, 2, 1.0),
            game(3, 4, 1.0),
            game(1, 2, 1.0),
        ],
        true,
    );
    assert_eq!(by_player(&rows, 1).buchholz, 2.0);
    assert_eq!(by_player(&rows, 3).buchholz, 0.0);
    assert_eq!(by_player(&rows, 2).buchholz, 3.0);
    assert_eq!(by_player(&rows, 4).buchholz, 1.0);
    assert_eq!(order(&rows), vec![(0, 1), (1, 2), (3, 3), (2, 4), (4, 5)]);
}

#[test]
fn sonneborn_berger_breaks_a_tie_on_buchholz() {
    // 0 beats 1, 2 draws 3; 0 draws 2, 1 beats 3; 3 beats 0, 1 beats 2.
    // Points: 0 1.5, 1 2, 2 1, 3 1.5. Buchholz(0) = 2 + 1 + 1.5 = 4.5 = Buchholz(3) = 1 + 2 + 1.5.
    // SB(0) = 2 (beat 1) + 0.5 (drew 2) = 2.5; SB(3) = 0.5 (drew 2) + 1.5 (beat 0) = 2.
    let results = [
        game(0, 1, 1.0),
        game(2, 3, 0.5),
        game(0, 2, 0.5),
        game(1, 3, 1.0),
        game(0, 3, 0.0),
        game(1, 2, 1.0),
    ];
    let rows = standings(4, &results, true);
    let (a, d) = (by_player(&rows, 0), by_player(&rows, 3));
    assert_eq!((a.points, a.buchholz, a.sonneborn_berger), (1.5, 4.5, 2.5));
    assert_eq!((d.points, d.buchholz, d.sonneborn_berger), (1.5, 4.5, 2.0));
    assert_eq!(order(&rows), vec![(1, 1), (0, 2), (3, 3), (2, 4)]);
    assert_eq!((a.wins, a.draws, a.losses, a.games), (1, 1, 1, 3));
}

#[test]
fn head_to_head_breaks_a_tie_on_both() {
    // 0 beats 1, 2 beats 3, 3 beats 1, 1 beats 2: everyone on 1 point; 2 and 3 level on
    // Buchholz (2) and Sonneborn–Berger (1), and 2 beat 3.
    let results = [
        game(0, 1, 1.0),
        game(2, 3, 1.0),
        game(3, 1, 1.0),
        game(1, 2, 1.0),
    ];
    let rows = standings(4, &results, true);
    assert_eq!(by_player(&rows, 2).head_to_head, 1.0);
    assert_eq!(by_player(&rows, 3).head_to_head, 0.0);
    assert_eq!(order(&rows), vec![(1, 1), (2, 2), (3, 3), (0, 4)]);
}

#[test]
fn byes_count_the_players_own_score_and_full_ties_share_a_rank() {
    // Three players: 0 beats 1 (2 has the bye), 2 beats 1 (0 has it), 0 draws 2 (1 has it).
    // Points 2.5, 1, 2.5. Buchholz(0) = 1 + 2.5 (bye: own) + 2.5 = 6, the same for 2;
    // SB(0) = 1 + 2.5 + 1.25 = 4.75, the same for 2; they drew: a full tie.
    let results = [
        game(0, 1, 1.0),
        bye(2),
        game(2, 1, 1.0),
        bye(0),
        game(0, 2, 0.5),
        bye(1),
    ];
    let rows = standings(3, &results, true);
    let z = by_player(&rows, 0);
    assert_eq!(
        (z.points, z.buchholz, z.sonneborn_berger, z.byes, z.games),
        (2.5, 6.0, 4.75, 1, 2)
    );
    assert_eq!(by_player(&rows, 1).buchholz, 6.0);
    assert_eq!(by_player(&rows, 1).sonneborn_berger, 1.0);
    assert_eq!(order(&rows), vec![(0, 1), (2, 1), (1, 3)]);
}

#[test]
fn multiplayer_ranks_by_firsts_then_who_placed_better() {
    // Saboteur-like: points are gold, places follow it.
    let table = |players: Vec<usize>, gold: Vec<f64>| Scored {
        places: (1..=gold.len() as u32).collect(),
        players,
        points: gold,
        played: true,
    };
    // 0 and 1 both end on 5, 0 with two first places, 1 with one. 2 and 3 both end on 1 without
    // a first place; 2 placed above 3 in the one game they shared. 4 and 5 have nothing and never
    // met: they share the last rank.
    let results = [
        table(vec![0, 1, 4], vec![3.0, 2.0, 0.0]),
        table(vec![0, 2, 3], vec![2.0, 1.0, 0.0]),
        table(vec![1, 3, 4], vec![3.0, 1.0, 0.0]),
    ];
    let rows = standings(6, &results, false);
    assert_eq!(
        (by_player(&rows, 0).points, by_player(&rows, 0).firsts),
        (5.0, 2)
    );
    assert_eq!(
        (by_player(&rows, 1).points, by_player(&rows, 1).firsts),
        (5.0, 1)
    );
    assert_eq!(by_player(&rows, 2).head_to_head, 1.0);
    assert_eq!(by_player(&rows, 3).head_to_head, 0.0);
    assert_eq!(
        order(&rows),
        vec![(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 5)]
    );
}

#[test]
fn multiplayer_head_to_head_decides_equal_firsts() {
    let table = |players: Vec<usize>, places: Vec<u32>| Scored {
        points: places
            .iter()
            .map(|&p| if p == 1 { 3.0 } else { 0.0 })
            .collect(),
        players,
        places,
        played: true,
    };
    // 0 and 1 won once each; in the game they shared 0 won.
    let results = [
        table(vec![1, 0, 2], vec![2, 1, 3]),
        table(vec![1, 2, 3], vec![1, 2, 3]),
    ];
    let rows = standings(4, &results, false);
    assert_eq!(order(&rows)[..2], [(0, 1), (1, 2)]);
    assert_eq!(by_player(&rows, 0).head_to_head, 1.0);
    // 2 placed above 3 where they met, and level on points and firsts.
    assert_eq!(order(&rows)[2..], [(2, 3), (3, 4)]);
}

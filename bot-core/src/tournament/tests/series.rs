use crate::tournament::Format;
use crate::tournament::series::schedule;

use super::{entered, spec};

fn firsts(n: usize, games: u32, seed: u64) -> Vec<u32> {
    let players: Vec<usize> = (0..n).collect();
    let mut firsts = vec![0; n];
    for plan in schedule(&players, games, seed) {
        assert_eq!(plan.games.len(), 1);
        let mut seats = plan.games[0].clone();
        firsts[seats[0]] += 1;
        seats.sort_unstable();
        assert_eq!(seats, players, "the same table every game");
    }
    firsts
}

#[test]
fn the_first_seat_goes_round_evenly() {
    for seed in 0..5 {
        assert_eq!(firsts(4, 8, seed), vec![2; 4]);
        let uneven = firsts(3, 4, seed);
        assert_eq!(uneven.iter().sum::<u32>(), 4);
        assert!(uneven.iter().all(|&f| (1..=2).contains(&f)), "{uneven:?}");
    }
}

#[test]
fn a_series_seats_no_more_than_a_table() {
    let mut t = entered(spec("saboteur", 3, 10), Format::Series { games: 3 }, 10);
    assert!(matches!(
        t.join("late", "Late"),
        Err(crate::tournament::TournamentError::Full { max: 10 })
    ));
    t.start(1).unwrap();
    assert_eq!(t.rounds.len(), 3);
}

#[test]
fn a_withdrawn_player_leaves_the_rest_of_the_series() {
    let mut t = entered(spec("saboteur", 3, 10), Format::Series { games: 3 }, 4);
    t.start(1).unwrap();
    let touched = t.forfeit_player(2).unwrap();
    assert_eq!(touched.len(), 3);
    assert!(
        t.games()
            .all(|(_, g)| g.seats.len() == 3 && !g.seats.contains(&2))
    );
}

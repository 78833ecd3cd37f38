use crate::tournament::rating::{PeriodGame, Rating, rate, rate_period};

use super::{duel, placed};

fn value(r: &Rating) -> f64 {
    match *r {
        Rating::Glicko2 { rating, .. } => rating,
        Rating::WengLin { mu, .. } => mu,
    }
}

#[test]
fn a_win_moves_the_winner_up_and_the_loser_down() {
    let start = [Rating::initial(true), Rating::initial(true)];
    let after = rate(true, &start, &duel(Some(1)));
    assert!(value(&after[1]) > 1500.0 + 100.0, "{after:?}");
    assert!(value(&after[0]) < 1500.0 - 100.0, "{after:?}");
    assert!(after[1].display() > after[0].display());
}

#[test]
fn a_draw_between_equals_changes_little() {
    let r = Rating::Glicko2 {
        rating: 1700.0,
        deviation: 80.0,
        volatility: 0.06,
    };
    let after = rate(true, &[r, r], &duel(None));
    for a in &after {
        assert!((value(a) - 1700.0).abs() < 1.0, "{after:?}");
    }
}

#[test]
fn weng_lin_orders_the_updates_by_place() {
    let start = vec![Rating::initial(false); 4];
    let after = rate(false, &start, &placed("treasure", &[2, 1, 4, 3]));
    let mu: Vec<f64> = after.iter().map(value).collect();
    assert!(mu[1] > mu[0] && mu[0] > mu[3] && mu[3] > mu[2], "{mu:?}");
    assert!(mu[1] > 25.0 && mu[2] < 25.0);
}

#[test]
fn weng_lin_ties_share_a_rank() {
    let start = vec![Rating::initial(false); 3];
    let after = rate(false, &start, &placed("draw", &[1, 1, 3]));
    assert!((value(&after[0]) - value(&after[1])).abs() < 1e-9);
    assert!(value(&after[0]) > value(&after[2]));
}

#[test]
fn displayed_numbers() {
    assert_eq!(Rating::initial(true).display(), 1500);
    // A newcomer's conservative Weng–Lin estimate is 25 − 3 × 25/3 = 0.
    assert_eq!(Rating::initial(false).display(), 0);
    assert_eq!(
        Rating::WengLin {
            mu: 25.0,
            sigma: 0.0
        }
        .display(),
        1500
    );
    assert_eq!(
        Rating::WengLin {
            mu: 10.0,
            sigma: 8.0
        }
        .display(),
        0
    );
}

#[test]
fn ratings_round_trip_as_plain_numbers() {
    let ratings = vec![
        Rating::Glicko2 {
            rating: 1612.5,
            deviation: 120.25,
            volatility: 0.059,
        },
        Rating::WengLin {
            mu: 27.5,
            sigma: 6.25,
        },
    ];
    let json = serde_json::to_string(&ratings).unwrap();
    assert_eq!(
        json,
        r#"[{"system":"glicko2","rating":1612.5,"deviation":120.25,"volatility":0.059},{"system":"weng-lin","mu":27.5,"sigma":6.25}]"#
    );
    let back: Vec<Rating> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, ratings);
}

#[test]
fn mismatched_outcomes_change_nothing() {
    let start = vec![Rating::initial(true); 3];
    assert_eq!(rate(true, &start, &placed("win", &[1, 2, 3])), start);
    assert_eq!(rate(false, &start, &duel(Some(0))), start);
}

#[test]
fn the_other_systems_rating_counts_as_a_newcomers() {
    let wl = Rating::initial(false);
    let after = rate(true, &[wl, Rating::initial(true)], &duel(Some(0)));
    assert!(matches!(after[0], Rating::Glicko2 { .. }));
    assert_eq!(
        after[0],
        rate(true, &[Rating::initial(true); 2], &duel(Some(0)))[0]
    );
}

fn glicko2(rating: f64, deviation: f64) -> Rating {
    Rating::Glicko2 {
        rating,
        deviation,
        volatility: 0.06,
    }
}

// Glickman, "Example of the Glicko-2 system" (τ = 0.5): a player of 1500/200/0.06 plays, in one
// rating period, 1400/30 (wins), 1550/100 (loses) and 1700/300 (loses), and ends the period at
// 1464.06/151.52/0.05999. The three games are rated together, each against the opponent's rating
// at the period's start.
#[test]
fn glickmans_example_is_one_rating_period() {
    let start = [
        glicko2(1500.0, 200.0),
        glicko2(1400.0, 30.0),
        glicko2(1550.0, 100.0),
        glicko2(1700.0, 300.0),
    ];
    let (win, loss) = (duel(Some(0)), duel(Some(1)));
    let games = [
        PeriodGame {
            seats: vec![0, 1],
            outcome: &win,
        },
        PeriodGame {
            seats: vec![0, 2],
            outcome: &loss,
        },
        PeriodGame {
            seats: vec![3, 0],
            outcome: &win,
        },
    ];
    let after = rate_period(true, &start, &games);
    let Some((
        Rating::Glicko2 {
            rating,
            deviation,
            volatility,
        },
        3,
    )) = after[0]
    else {
        panic!("{after:?}");
    };
    // The paper rounds its steps (μ' = −0.2069): to its last digit, within one unit of it.
    assert!((rating - 1464.06).abs() < 0.01, "{rating}");
    assert!((deviation - 151.52).abs() < 0.01, "{deviation}");
    assert!((volatility - 0.05999).abs() < 0.00001, "{volatility}");
    // Game by game, each a period of its own (as a casual game is), the same games end elsewhere
    // (1463.79/151.87): the paper's numbers need the period.
    let mut one_by_one = start[0];
    for (opponent, outcome) in [(start[1], &win), (start[2], &loss), (start[3], &loss)] {
        one_by_one = rate(true, &[one_by_one, opponent], outcome)[0];
    }
    assert!((value(&one_by_one) - 1464.06).abs() > 0.1, "{one_by_one:?}");
    // Each opponent played one game of the period, against the player's rating at its start.
    for (i, outcome) in [(1, &loss), (2, &win), (3, &win)] {
        let alone = rate(true, &[start[i], start[0]], outcome)[0];
        assert_eq!(after[i], Some((alone, 1)), "opponent {i}");
    }
}

#[test]
fn a_player_without_a_game_in_the_period_is_not_rated() {
    let start = vec![Rating::initial(true); 3];
    let win = duel(Some(0));
    let after = rate_period(
        true,
        &start,
        &[PeriodGame {
            seats: vec![2, 0],
            outcome: &win,
        }],
    );
    assert_eq!(after[1], None);
    assert!(after[0].is_some() && after[2].is_some());
    // A game that seats one player twice, or a stranger, rates nobody.
    let after = rate_period(
        true,
        &start,
        &[
            PeriodGame {
                seats: vec![1, 1],
                outcome: &win,
            },
            PeriodGame {
                seats: vec![0, 7],
                outcome: &win,
            },
        ],
    );
    assert_eq!(after, vec![None; 3]);
}

// A round is one rating period: it is due once every game of it has ended, in order, and only
// once; what a round played to a result is rated, byes and forfeits are not.
#[test]
fn rounds_are_rated_in_order_once_they_are_over() {
    use crate::tournament::{Format, GameRef, Rated, Status};

    use super::{entered, hive};
    // Five players: a bye each round.
    let mut t = entered(hive(), Format::RoundRobin { cycles: 1 }, 5);
    t.start(0).unwrap();
    assert!(t.rounds.iter().all(|r| r.rated == Rated::Due));
    assert_eq!(t.round_to_rate(), None, "nothing played");
    let games = |t: &crate::tournament::Tournament, r: usize| -> Vec<GameRef> {
        (t.games())
            .filter(|(at, g)| at.round == r && g.status == Status::Pending)
            .map(|(at, _)| at)
            .collect()
    };
    let (first, rest) = games(&t, 0)
        .split_first()
        .map(|(a, b)| (*a, b.to_vec()))
        .unwrap();
    t.record(first, duel(Some(0))).unwrap();
    assert_eq!(t.round_to_rate(), None, "round 1 is not over");
    // Round 2 over before round 1 waits for it.
    for at in games(&t, 1) {
        t.record(at, duel(None)).unwrap();
    }
    assert_eq!(t.round_to_rate(), None);
    for at in rest {
        t.record(at, duel(Some(1))).unwrap();
    }
    assert_eq!(t.round_to_rate(), Some(0));
    assert_eq!(t.rated_games(0).len(), 2, "two games and a bye");
    t.mark_rated(0);
    assert_eq!(t.round_to_rate(), Some(1));
    t.mark_rated(1);
    assert_eq!(t.round_to_rate(), None);
    assert!(!t.rated_by_game(GameRef { round: 2, game: 0 }));
    // Called off: the round under way is rated as it stands.
    let at = games(&t, 2)[0];
    t.record(at, duel(Some(0))).unwrap();
    t.cancel().unwrap();
    assert_eq!(t.round_to_rate(), Some(2));
    assert_eq!(t.rated_games(2).len(), 1);
}

// A round stored by a version that rated each game as it ended keeps doing so, and is not
// rated again as a period.
#[test]
fn a_round_stored_before_periods_is_rated_game_by_game() {
    use crate::tournament::{GameRef, Rated, Round};
    let round: Round = serde_json::from_str(r#"{"games":[]}"#).unwrap();
    assert_eq!(round.rated, Rated::ByGame);
    let mut t = super::entered(
        super::hive(),
        crate::tournament::Format::Swiss { rounds: 3 },
        2,
    );
    t.rounds.push(round);
    assert!(t.rated_by_game(GameRef { round: 0, game: 0 }));
    assert_eq!(t.round_to_rate(), None);
}

// One who left a table before its end scores as its last, but the game rates only those who saw
// it to its end, as a casual game rates those at its table when it ends.
#[test]
fn a_player_who_left_the_table_is_not_rated_for_it() {
    use crate::tournament::Format;

    use super::{entered, spec};
    let mut t = entered(spec("labyrinth", 3, 6), Format::Series { games: 1 }, 4);
    t.start(0).unwrap();
    let at = crate::tournament::GameRef { round: 0, game: 0 };
    let seats = t.game(at).unwrap().seats.clone();
    t.record_played(at, placed("treasure", &[1, 2, 2, 3]), vec![3])
        .unwrap();
    let rated = t.rated_games(0);
    assert_eq!(rated.len(), 1);
    assert_eq!(rated[0].0, seats[..3].to_vec());
    assert_eq!(rated[0].1, placed("treasure", &[1, 2, 2]));
    // He is still last in the standings.
    let last = t.standings().last().unwrap().player;
    assert_eq!(last, seats[3]);
}

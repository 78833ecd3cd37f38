use crate::tournament::rating::{Rating, rate};

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

use crate::session::game::{Outcome, Placing};
use crate::tournament::scoring::{Scoring, ScoringError};
use crate::tournament::{Results, Worth};

use super::{placed, treasures};

#[test]
fn a_game_of_treasures_counts_as_it_declares() {
    let r = treasures();
    let s = Scoring::new(&r);
    assert_eq!(
        s.points(&r, &placed("treasure", &[2, 1, 2])),
        vec![0.0, 3.0, 0.0]
    );
    assert_eq!(
        s.points(&r, &placed("last-standing", &[1, 2, 2])),
        vec![2.0, 0.0, 0.0]
    );
    assert_eq!(
        s.points(&r, &placed("draw", &[1, 1, 2])),
        vec![1.0, 1.0, 0.0]
    );
    // A kind it did not declare is a win.
    assert_eq!(s.points(&r, &placed("win", &[1, 2])), vec![1.0, 0.0]);
    // A forfeit win and a bye are worth its best result.
    assert_eq!(s.win_points(&r), 3.0);
    assert_eq!(s.bye_points(&r), 3.0);
}

#[test]
fn duel_defaults() {
    let r = Results::duel();
    let s = Scoring::new(&r);
    assert_eq!(s.points(&r, &placed("win", &[2, 1])), vec![0.0, 1.0]);
    assert_eq!(s.points(&r, &placed("draw", &[1, 1])), vec![0.5, 0.5]);
    assert_eq!(s.bye_points(&r), 1.0);
    assert!(r.duel);
}

#[test]
fn a_game_scored_in_gold_counts_the_gold() {
    let r = Results {
        kinds: vec![Worth::by_score("gold")],
        duel: false,
    };
    let gold = Outcome {
        kind: "gold".to_string(),
        seats: [(2, 3.0), (3, 0.0), (1, 5.0)]
            .iter()
            .map(|&(place, score)| Placing { place, score })
            .collect(),
    };
    assert_eq!(Scoring::new(&r).points(&r, &gold), vec![3.0, 0.0, 5.0]);
    assert_eq!(Scoring::new(&r).win_points(&r), 1.0);
    assert_eq!(r.keys(), ["win", "loss", "bye"]);
}

#[test]
fn overrides_change_only_their_keys() {
    let r = treasures();
    let s = Scoring::parse(
        &r,
        &[
            "treasure=5",
            "win=0,5",
            "LOSS=-1",
            "last-standing=1.5",
            "bye=1/2",
        ],
    )
    .unwrap();
    assert_eq!(s.points["treasure"], 5.0);
    assert_eq!(s.points["last"], 1.5);
    assert_eq!(s.points["win"], 0.5);
    assert_eq!(s.loss, -1.0);
    assert_eq!(s.bye, Some(0.5));
    assert_eq!(s.points["draw"], 1.0);
    assert_eq!(s.points(&r, &placed("win", &[1, 2])), vec![0.5, -1.0]);
    assert_eq!(s.bye_points(&r), 0.5);
    let back = Scoring::parse(&r, &["bye=½", "bye=win"]);
    assert_eq!(back, Err(ScoringError::Twice("bye".to_string())));
    let mut again = s.clone();
    again.set(&r, "bye=win").unwrap();
    assert_eq!(again.bye, None);
    // A key of another game is not this one's.
    assert!(Scoring::parse(&r, &["half=0.5"]).is_err());
    assert!(Scoring::parse(&Results::duel(), &["treasure=3"]).is_err());
}

#[test]
fn the_words_parse_back() {
    let r = treasures();
    let s = Scoring::parse(&r, &["treasure=4", "win=0.25", "bye=0"]).unwrap();
    let text = s.words(&r);
    assert_eq!(text, "treasure=4 last=2 draw=1 win=0.25 loss=0 bye=0");
    let words: Vec<&str> = text.split(' ').collect();
    assert_eq!(Scoring::parse(&r, &words).unwrap(), s);
    let duel = Results::duel();
    assert_eq!(
        Scoring::new(&duel).words(&duel),
        "win=1 half=0.5 loss=0 bye=win"
    );
}

#[test]
fn a_tournament_stored_before_games_declared_results_reads_the_same() {
    // Every key was written out, whatever the game.
    let old =
        r#"{"treasure":3.0,"last":2.0,"draw":1.0,"win":1.0,"half":0.5,"loss":0.0,"bye":null}"#;
    let s: Scoring = serde_json::from_str(old).unwrap();
    let r = treasures();
    assert_eq!(s.points(&r, &placed("treasure", &[1, 2])), vec![3.0, 0.0]);
    let d = Results::duel();
    assert_eq!(s.points(&d, &placed("draw", &[1, 1])), vec![0.5, 0.5]);
    let again: Scoring = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(again, s);
}

#[test]
fn parser_errors_say_what_to_write() {
    let r = treasures();
    let err = |w: &str| Scoring::parse(&r, &[w]).unwrap_err();
    assert_eq!(
        err("treasure"),
        ScoringError::NotKeyValue("treasure".to_string())
    );
    assert!(err("treasure").to_string().contains("key=value"));
    assert!(matches!(err("gold=1"), ScoringError::UnknownKey { ref key, .. } if key == "gold"));
    assert!(
        err("gold=1")
            .to_string()
            .contains("treasure, last, draw, win, loss, bye")
    );
    assert!(matches!(err("win=lots"), ScoringError::NotANumber { .. }));
    assert!(err("win=lots").to_string().contains("win=0.5"));
    assert!(matches!(err("win=inf"), ScoringError::NotANumber { .. }));
    assert!(matches!(err("win=1/0"), ScoringError::NotANumber { .. }));
    let twice = Scoring::parse(&r, &["win=2", "win=3"]).unwrap_err();
    assert!(twice.to_string().contains("twice"));
}

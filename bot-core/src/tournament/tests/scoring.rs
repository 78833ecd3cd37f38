use crate::session::game::{Outcome, Placing};
use crate::tournament::scoring::{Family, Scoring, ScoringError};

use super::placed;

#[test]
fn labyrinth_defaults() {
    let s = Scoring::default();
    let l = Family::Labyrinth;
    assert_eq!(
        s.points(l, &placed("treasure", &[2, 1, 2])),
        vec![0.0, 3.0, 0.0]
    );
    assert_eq!(
        s.points(l, &placed("last-standing", &[1, 2, 2])),
        vec![2.0, 0.0, 0.0]
    );
    assert_eq!(
        s.points(l, &placed("draw", &[1, 1, 2])),
        vec![1.0, 1.0, 0.0]
    );
    assert_eq!(s.win_points(l), 3.0);
    assert_eq!(s.bye_points(l), 3.0);
}

#[test]
fn duel_defaults() {
    let s = Scoring::default();
    let d = Family::Duel;
    assert_eq!(s.points(d, &placed("win", &[2, 1])), vec![0.0, 1.0]);
    assert_eq!(s.points(d, &placed("draw", &[1, 1])), vec![0.5, 0.5]);
    assert_eq!(s.bye_points(d), 1.0);
}

#[test]
fn saboteur_counts_the_gold() {
    let gold = Outcome {
        kind: "gold".to_string(),
        seats: [(2, 3.0), (3, 0.0), (1, 5.0)]
            .iter()
            .map(|&(place, score)| Placing { place, score })
            .collect(),
    };
    assert_eq!(
        Scoring::default().points(Family::Gold, &gold),
        vec![3.0, 0.0, 5.0]
    );
}

#[test]
fn the_game_word_picks_the_family() {
    assert_eq!(Family::of_game("labyrinth"), Family::Labyrinth);
    assert_eq!(Family::of_game("saboteur"), Family::Gold);
    assert_eq!(Family::of_game("hive"), Family::Duel);
}

#[test]
fn overrides_change_only_their_keys() {
    let s = Scoring::parse(&[
        "treasure=5",
        "half=0,5",
        "LOSS=-1",
        "last-standing=1.5",
        "bye=1/2",
    ])
    .unwrap();
    assert_eq!(s.treasure, 5.0);
    assert_eq!(s.last, 1.5);
    assert_eq!(s.half, 0.5);
    assert_eq!(s.loss, -1.0);
    assert_eq!(s.bye, Some(0.5));
    assert_eq!((s.draw, s.win), (1.0, 1.0));
    assert_eq!(
        s.points(Family::Duel, &placed("win", &[1, 2])),
        vec![1.0, -1.0]
    );
    assert_eq!(s.bye_points(Family::Labyrinth), 0.5);
    let back = Scoring::parse(&["bye=½", "bye=win"]);
    assert_eq!(back, Err(ScoringError::Twice("bye".to_string())));
    let mut again = s.clone();
    again.set("bye=win").unwrap();
    assert_eq!(again.bye, None);
}

#[test]
fn display_writes_words_that_parse_back() {
    let s = Scoring::parse(&["treasure=4", "half=0.25", "bye=0"]).unwrap();
    let text = s.to_string();
    assert_eq!(
        text,
        "treasure=4 last=2 draw=1 win=1 half=0.25 loss=0 bye=0"
    );
    let words: Vec<&str> = text.split(' ').collect();
    assert_eq!(Scoring::parse(&words).unwrap(), s);
    assert_eq!(
        Scoring::default().to_string().split(' ').next_back(),
        Some("bye=win")
    );
}

#[test]
fn parser_errors_say_what_to_write() {
    let err = |w: &str| Scoring::parse(&[w]).unwrap_err();
    assert_eq!(
        err("treasure"),
        ScoringError::NotKeyValue("treasure".to_string())
    );
    assert!(err("treasure").to_string().contains("key=value"));
    assert_eq!(err("gold=1"), ScoringError::UnknownKey("gold".to_string()));
    assert!(
        err("gold=1")
            .to_string()
            .contains("treasure, last, draw, win, half, loss, bye")
    );
    assert!(matches!(err("win=lots"), ScoringError::NotANumber { .. }));
    assert!(err("win=lots").to_string().contains("win=0.5"));
    assert!(matches!(err("win=inf"), ScoringError::NotANumber { .. }));
    assert!(matches!(err("win=1/0"), ScoringError::NotANumber { .. }));
    let twice = Scoring::parse(&["win=2", "win=3"]).unwrap_err();
    assert!(twice.to_string().contains("twice"));
}

//! What the encyclopedia's master tells and leaves to chance: how much of the walls he tells
//! (modification 6) and the hospital he carries the wounded to (14).

use super::kit::*;
use crate::game::event::{Arrival, CellSeen, Event};
use crate::game::order::Action;
use crate::game::state::{Health, Place};

/// Two hospitals at the ends of a row, an arsenal between.
const HOSPITALS: &str = "
labyrinth 4x1 nstop=30
+---+---+---+---+
| M   A   .   M |
+---+---+---+---+
";

/// An arsenal and land, a wall between, and land on.
const WALLED: &str = "
labyrinth 3x1 nstop=30
+---+---+---+
| A | .   . |
+---+---+---+
";

#[test]
fn the_wounded_are_carried_to_a_hospital_drawn_at_random() {
    // Encyclopedia, modification 14: "Может быть больше, чем один Госпиталь, и тогда ведущий может
    // помещать раненого игрока в один из них случайным образом."
    let mut seen = vec![];
    for seed in 0..16 {
        let mut g = game(HOSPITALS, wiki(&["random_hospital=yes"]), &["B1", "B1"]);
        g.set_luck(seed);
        let evs = go(&mut g, P0, &[Action::Stab]);
        assert!(evs.contains(&Event::Evacuated(P1)), "{evs:?}");
        assert_eq!(g.pl(P1).health, Health::Healthy, "the hospital healed him");
        let Place::In(at) = g.pl(P1).place else {
            panic!("he is in the maze");
        };
        assert!([c("A1"), c("D1")].contains(&at), "{at}");
        seen.push(at);
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 2, "both hospitals are drawn");
    // The same seed throws the same hospital, also for a game read back from storage.
    let mut a = game(HOSPITALS, wiki(&["random_hospital=yes"]), &["B1", "B1"]);
    a.set_luck(7);
    let mut b: crate::game::Game =
        serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
    go(&mut a, P0, &[Action::Stab]);
    go(&mut b, P0, &[Action::Stab]);
    assert_eq!(a.pl(P1).place, b.pl(P1).place);
}

#[test]
fn without_the_option_the_wounded_stay_where_they_were_hit() {
    // The base rules: "Раненый игрок … должен дойти до Госпиталя".
    let mut g = game(HOSPITALS, wiki(&[]), &["B1", "B1"]);
    let evs = go(&mut g, P0, &[Action::Stab]);
    assert!(!evs.iter().any(|e| matches!(e, Event::Evacuated(_))));
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!(g.pl(P1).place, Place::In(c("B1")));
}

#[test]
fn the_outer_wall_is_named_only_where_agreed() {
    // Encyclopedia, modification 6: "Ведущий может давать больше или меньше информации игрокам.
    // Например, не различать внутренние и внешние стенки".
    let mut g = game(WALLED, wiki(&["outer_wall_told=yes"]), &["B1", "C1"]);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(
        evs[..2],
        [Event::Bumped { carried_to: None }, Event::OuterWall]
    );
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    assert!(!evs.contains(&Event::OuterWall), "an inner wall: {evs:?}");
    let mut g = game(WALLED, wiki(&[]), &["B1", "C1"]);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    assert!(
        !evs.contains(&Event::OuterWall),
        "alike by default: {evs:?}"
    );
}

#[test]
fn passing_a_blown_wall_is_told_where_agreed() {
    // Modification 6: "сообщать о прохождении через некогда взорванную стенку".
    let mut g = game(WALLED, wiki(&["blown_told=yes"]), &["A1", "C1"]);
    go(&mut g, P0, &[Action::Blow(Right)]);
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Right)]);
    let walked = Event::Arrived {
        how: Arrival::Walked,
        cell: CellSeen::Land,
    };
    assert_eq!(evs[..2], [Event::ThroughBlown, walked.clone()]);
    go(&mut g, P1, &[Action::Skip]);
    // Either way through it.
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(evs[0], Event::ThroughBlown);
    let mut g = game(WALLED, wiki(&[]), &["A1", "C1"]);
    go(&mut g, P0, &[Action::Blow(Right)]);
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(evs[0], walked);
}

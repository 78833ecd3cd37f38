//! The bear (encyclopedia, modification 2): "В лабиринте может ходить Медведь. При столкновении с
//! медведем игрок становится раненым. Медведя можно ранить, тогда он попадет в Берлогу и будет
//! ходить оттуда. Медведь может ходить по заданной траектории или повторять ходы всех игроков."

use super::kit::*;
use crate::game::event::Event;
use crate::game::state::Health;
use crate::validate::{Feature, Rule};

/// A row of land; the bear's den at D1, his path two steps left, then two right.
const ROW: &str = "
labyrinth 4x1 nstop=30
+---+---+---+---+
| .   .   .   . |
+---+---+---+---+
bear:
  den D1
  path left left right right
";

/// Two walled rows; the bear's den at D1.
const TWO_ROWS: &str = "
labyrinth 4x2 nstop=30
+---+---+---+---+
| .   .   .   . |
+---+---+---+---+
| .   .   .   . |
+---+---+---+---+
bear:
  den D1
";

#[test]
fn the_bear_repeats_every_players_step() {
    // "Медведь может … повторять ходы всех игроков."
    let mut g = game(ROW, wiki(&["bear=mimic"]), &["A1", "C1"]);
    go(&mut g, P0, &[step(Right)]);
    assert_eq!(
        g.bear.as_ref().unwrap().at,
        c("D1"),
        "the outer wall stopped him"
    );
    go(&mut g, P1, &[step(Left)]);
    assert_eq!(g.bear.as_ref().unwrap().at, c("C1"));
    // "При столкновении с медведем игрок становится раненым": ann walks into him.
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(evs.contains(&Event::Mauled(P0)), "{evs:?}");
    assert_eq!(g.pl(P0).health, Health::Wounded);
    assert_eq!(
        g.bear.as_ref().unwrap().at,
        c("D1"),
        "and he walked on, as she did"
    );
    assert_eq!(g.pl(P1).health, Health::Healthy);
}

#[test]
fn the_bear_walks_his_path_once_a_round() {
    // "Медведь может ходить по заданной траектории."
    let mut g = game(ROW, wiki(&["bear=path"]), &["A1", "B1"]);
    go(&mut g, P0, &[step(Up)]);
    let evs = go(&mut g, P1, &[step(Up)]);
    assert_eq!(g.bear.as_ref().unwrap().at, c("C1"), "{evs:?}");
    go(&mut g, P0, &[step(Up)]);
    let evs = go(&mut g, P1, &[step(Up)]);
    assert!(evs.contains(&Event::Mauled(P1)), "{evs:?}");
    assert_eq!(g.pl(P1).health, Health::Wounded);
}

#[test]
fn a_wounded_bear_goes_back_to_his_den() {
    // "Медведя можно ранить, тогда он попадет в Берлогу и будет ходить оттуда."
    let mut g = game(TWO_ROWS, classic(&["bear=mimic"]), &["A1", "A2"]);
    go(&mut g, P0, &[step(Up)]);
    go(&mut g, P1, &[step(Left)]);
    assert_eq!(
        g.bear.as_ref().unwrap().at,
        c("C1"),
        "bob's step left moved him"
    );
    // Shot along the row with nobody in the way, he goes back to his den.
    let evs = go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert!(evs.contains(&Event::BearWounded), "{evs:?}");
    assert_eq!(g.bear.as_ref().unwrap().at, c("D1"));
    // A player in the way takes the bullet instead.
    let mut g = game(ROW, classic(&["bear=mimic"]), &["A1", "C1"]);
    let evs = go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert!(!evs.contains(&Event::BearWounded), "{evs:?}");
    assert_eq!(g.pl(P1).health, Health::Wounded);
}

#[test]
fn the_bear_needs_the_groups_agreement_and_a_den() {
    assert!(problems(ROW, &wiki(&[])).contains(&Rule::NotAgreed {
        feature: Feature::Bear
    }));
    let bare = ROW.split("bear:").next().unwrap();
    assert!(problems(bare, &wiki(&["bear=mimic"])).contains(&Rule::NoBear));
    let no_path = ROW.replace("  path left left right right\n", "");
    assert!(problems(&no_path, &wiki(&["bear=path"])).contains(&Rule::BearWithoutPath));
    assert!(!problems(&no_path, &wiki(&["bear=mimic"])).contains(&Rule::BearWithoutPath));
}

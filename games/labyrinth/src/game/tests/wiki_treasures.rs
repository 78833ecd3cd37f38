//! Several treasures (encyclopedia, modification 9): "В лабиринт помещается несколько кладов
//! (некоторые могут быть и фальшивые. Если его вынести ведущий сообщает, что клад был фальшивый и
//! игрок возвращается в лабиринт). Критерием выигрыша может быть при этом вынос хотя бы одного или
//! всех кладов".

use super::kit::*;
use crate::game::Phase;
use crate::game::event::{End, Event};
use crate::game::order::Action;
use crate::game::state::Place;
use crate::validate::{Limit, Rule};

/// A row with an exit left of A1 and two true treasures, on A1 and C1.
const TWO: &str = "
labyrinth 4x1 nstop=30
+---+---+---+---+
  .   .   .   . |
+---+---+---+---+
items:
  A1 treasure
  C1 treasure
";

#[test]
fn several_true_treasures_need_the_groups_agreement() {
    assert!(problems(TWO, &wiki(&[])).contains(&Rule::SeveralTreasures { count: 2 }));
    // The preset's agreed count (`treasures = 1`) is raised with it.
    let agreed = problems(TWO, &wiki(&["several_treasures=yes", "treasures=2"]));
    assert!(
        !agreed.iter().any(|r| matches!(
            r,
            Rule::SeveralTreasures { .. }
                | Rule::LimitExceeded {
                    limit: Limit::Treasures,
                    ..
                }
        )),
        "{agreed:?}"
    );
}

#[test]
fn by_default_the_first_true_treasure_out_wins() {
    // Modification 9: "вынос хотя бы одного".
    let mut g = game(TWO, wiki(&["several_treasures=yes"]), &["A1", "D1"]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert!(evs.contains(&Event::Over(End::Treasure(P0))), "{evs:?}");
}

#[test]
fn winning_by_all_keeps_each_treasure_and_sends_him_back_in() {
    // Modification 9: "или всех кладов".
    let rules = wiki(&["several_treasures=yes", "win_all=yes"]);
    let mut g = game(TWO, rules, &["A1", "D1"]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(
        evs[1..3],
        [Event::Banked { mine: 1, left: 1 }, Event::BackIn],
        "{evs:?}"
    );
    assert_eq!(g.pl(P0).place, Place::In(c("A1")));
    assert_eq!(g.phase(), Phase::Playing);
    for d in [Right, Right, Left, Left] {
        go(&mut g, P1, &[Action::Skip]);
        go(&mut g, P0, &[step(d)]);
    }
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert!(evs.contains(&Event::Banked { mine: 2, left: 0 }), "{evs:?}");
    assert_eq!(g.phase(), Phase::Over(End::MostTreasures(P0)));
}

#[test]
fn winning_by_all_with_a_tie_is_a_draw() {
    let rules = wiki(&["several_treasures=yes", "win_all=yes"]);
    let mut g = game(TWO, rules, &["A1", "C1"]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[step(Left)]);
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[step(Left)]);
    go(&mut g, P0, &[Action::Skip]);
    let evs = go(&mut g, P1, &[step(Left)]);
    assert!(evs.contains(&Event::Banked { mine: 1, left: 0 }), "{evs:?}");
    assert_eq!(g.phase(), Phase::Over(End::DrawTreasuresShared));
}

#[test]
fn a_false_treasure_carried_out_sends_him_back_in() {
    // Modification 9: "Если его вынести ведущий сообщает, что клад был фальшивый и игрок
    // возвращается в лабиринт".
    let text = TWO.replace("A1 treasure", "A1 fake");
    let mut g = game(&text, wiki(&["several_treasures=yes"]), &["A1", "D1"]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(evs[1..3], [Event::Dust, Event::BackIn], "{evs:?}");
    assert_eq!(g.pl(P0).place, Place::In(c("A1")));
    // The base rules, like the Kodex, leave him outside to step back in.
    let mut g = game(&text, wiki(&[]), &["A1", "D1"]);
    go(&mut g, P0, &[step(Left)]);
    assert!(matches!(g.pl(P0).place, Place::Outside { .. }));
}

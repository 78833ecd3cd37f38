//! Handicaps for weaker players (Kodex Б §7.2, Kodex В §7.2).

use super::kit::*;
use crate::game::event::{CellSeen, Event};
use crate::game::state::{Hand, Place};
use crate::game::{Game, Refusal};

/// Land all round, a hospital at C1, an arsenal at A3, the treasure at B2, exits left of A1 and right
/// of C3.
const PLAN: &str = "
labyrinth 3x3
+---+---+---+
  .   .   M |
+   +   +   +
| .   .   . |
+   +   +   +
| A   .   .
+---+---+---+
items:
  B2 treasure
";

#[test]
fn a_handicapped_player_asks_cell_types_before_the_start() {
    // Kodex Б §7.2: "право в начале игры узнать у ведущего тип m клеток по своему выбору и начать игру с
    // любой из них".
    let mut g = Game::new(&plan(PLAN), classic(&["handicap_peek=2"]), 2);
    assert_eq!(
        g.peek(P0, c("C1")),
        Err(Refusal::NoPeek),
        "no handicap granted"
    );
    g.grant_handicap(P0).unwrap();
    assert_eq!(g.peek(P0, c("C1")), Ok(CellSeen::Hospital));
    assert_eq!(g.peek(P0, c("D1")), Err(Refusal::OffBoard));
    assert_eq!(g.peek(P0, c("A3")), Ok(CellSeen::Arsenal));
    assert_eq!(
        g.peek(P0, c("B2")),
        Err(Refusal::NoPeek),
        "only m = 2 cells"
    );
    g.start(&[c("C1"), c("A1")], &[P0, P1]).unwrap();
    assert_eq!(g.grant_handicap(P1), Err(Refusal::Started));
    assert_eq!(g.peek(P0, c("B1")), Err(Refusal::Started));
}

#[test]
fn a_free_reorder_leaves_the_treasure_and_in_the_classic_code_the_bullets() {
    // Kodex Б §7.2: "право 1 раз за игру заказать себе новую клетку … игрок должен оставить пули, клад,
    // мину и труп … на той клетке, где он находился раньше".
    let mut g = Game::new(&plan(PLAN), classic(&[]), 2);
    g.grant_handicap(P0).unwrap();
    g.start(&[c("B2"), c("A1")], &[P0, P1]).unwrap();
    assert!(matches!(g.player(P0).unwrap().hand, Hand::Treasure(_)));
    let told = g.reorder(P0, c("C3")).unwrap();
    assert!(told.iter().any(|t| t.event == Event::Reordered(c("C3"))));
    let p = g.player(P0).unwrap();
    assert_eq!(
        (p.place, p.hand, p.bullets, p.grenades),
        (Place::In(c("C3")), Hand::Empty, 0, 3)
    );
    assert_eq!(g.pile(c("B2")).treasures.len(), 1);
    assert_eq!(g.pile(c("B2")).bullets, 3);
    // Once a game only; and not for the player without a handicap.
    go(&mut g, P0, &[step(Left)]);
    assert_eq!(g.reorder(P1, c("B1")), Err(Refusal::NoReorder));
    go(&mut g, P1, &[step(Right)]);
    assert_eq!(g.reorder(P0, c("B1")), Err(Refusal::NoReorder));
}

#[test]
fn a_free_reorder_keeps_the_bullets_in_the_quantum_code() {
    // Kodex В §7.2: "должен оставить клад, мину или труп" — bullets are not named.
    let mut g = Game::new(&plan(PLAN), quantum(&[]), 2);
    g.grant_handicap(P1).unwrap();
    g.start(&[c("A1"), c("B2")], &[P0, P1]).unwrap();
    assert_eq!(g.reorder(P1, c("C3")), Err(Refusal::NotYourTurn));
    go(&mut g, P0, &[step(Down)]);
    g.reorder(P1, c("C3")).unwrap();
    let p = g.player(P1).unwrap();
    assert_eq!((p.hand, p.bullets), (Hand::Empty, 3));
    assert_eq!(g.pile(c("B2")).treasures.len(), 1);
    assert_eq!(g.pile(c("B2")).bullets, 0);
}

#[test]
fn no_free_reorder_when_the_ruleset_gives_none() {
    // Kodex Б §7.2 is an option: a handicap of only cell questions gives no re-order.
    let mut g = Game::new(
        &plan(PLAN),
        classic(&["handicap_reorder=no", "handicap_peek=1"]),
        2,
    );
    g.grant_handicap(P0).unwrap();
    g.start(&[c("B1"), c("A1")], &[P0, P1]).unwrap();
    assert_eq!(g.reorder(P0, c("C3")), Err(Refusal::NoReorder));
}

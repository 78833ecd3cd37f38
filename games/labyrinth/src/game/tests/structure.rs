//! The shape of a turn and of the game's flow: Kodex Б §2.1, §6.1–§6.8; Kodex В §2.1, §6.1–§6.7.

use super::kit::*;
use crate::game::event::{Arrival, Audience, Cannot, CellSeen, Event};
use crate::game::order::{Action, Condition, Light, Order, Part, Thing, ThingKind};
use crate::game::{Game, Phase, Refusal};
use crate::movement::Move;

/// Four cells of land in a row, an exit on the left of A1.
const ROW: &str = "
labyrinth 4x1 nstop=20
+---+---+---+---+
  .   .   .   . |
+---+---+---+---+
";

fn turn_passes(g: &mut Game, who: crate::game::PlayerId) {
    go(g, who, &[Action::Skip]);
}

#[test]
fn classic_turn_is_one_movement_with_actions_before_and_after() {
    // Kodex Б §2.1: exactly one movement, any number of other actions before and after it.
    let mut g = game(ROW, classic(&[]), &["B1", "D1"]);
    let before = g.clone();
    for bad in [
        vec![],
        vec![shoot(Right)],
        vec![step(Right), step(Right)],
        vec![shoot(Left), step(Right), step(Left)],
    ] {
        assert_eq!(g.play(P0, &Order::of(bad)), Err(Refusal::NeedsOneMovement));
    }
    assert_eq!(g, before, "a refused order changes nothing");
    let evs = go(
        &mut g,
        P0,
        &[Action::Blow(Up), step(Right), Action::Blow(Down)],
    );
    assert_eq!(
        evs[..3],
        [
            Event::Blown {
                result: None,
                grenades: 2
            },
            Event::Arrived {
                how: Arrival::Walked,
                cell: CellSeen::Land
            },
            Event::Blown {
                result: None,
                grenades: 1
            },
        ]
    );
}

#[test]
fn classic_movement_may_not_hang_on_a_condition() {
    // Kodex Б §2.1, §6.5: the one movement is unconditional, or a turn could end without one.
    let mut g = game(ROW, classic(&[]), &["B1", "D1"]);
    let o = Order {
        parts: vec![
            Part::Do(shoot(Left)),
            Part::If(Condition::Bumped, vec![step(Right)]),
        ],
        ..Order::default()
    };
    assert_eq!(g.play(P0, &o), Err(Refusal::NeedsOneMovement));
}

#[test]
fn quantum_turn_is_exactly_one_action() {
    // Kodex В §2.1: a turn is one action — a movement, a shot, a grenade, a mine, leaving or throwing.
    let mut g = game(ROW, quantum(&[]), &["B1", "D1"]);
    assert_eq!(
        g.play(P0, &Order::of([shoot(Right), step(Right)])),
        Err(Refusal::OneActionOnly)
    );
    assert_eq!(g.play(P0, &Order::of([])), Err(Refusal::OneActionOnly));
    let evs = go(&mut g, P0, &[Action::Blow(Up)]);
    assert_eq!(
        evs[0],
        Event::Blown {
            result: Some(crate::game::event::Blast::Held),
            grenades: 2
        }
    );
    assert_eq!(g.cell_of(P0), Some(c("B1")), "no movement needed");
}

#[test]
fn only_the_player_whose_turn_it_is_may_order() {
    // Kodex Б §1.2, §6.2: players announce their moves in turn.
    let mut g = game(ROW, classic(&[]), &["B1", "D1"]);
    assert_eq!(
        g.play(P1, &Order::of([step(Left)])),
        Err(Refusal::NotYourTurn)
    );
    assert_eq!(
        g.play(P2, &Order::of([step(Left)])),
        Err(Refusal::NotAPlayer)
    );
    let mut setup = Game::new(&plan(ROW), classic(&[]), 2);
    assert_eq!(
        setup.play(P0, &Order::of([step(Left)])),
        Err(Refusal::NotInPlay)
    );
    go(&mut g, P0, &[step(Right)]);
    assert_eq!(g.current(), Some(P1));
}

#[test]
fn start_tells_each_cell_type_and_checks_the_lot() {
    // Kodex Б §6.1–§6.2: every player names a start cell; the order is drawn by lot; the master
    // announces the type of each start cell, never the cell.
    let text = "
labyrinth 3x1
+---+---+---+
  A   M   . |
+---+---+---+
";
    let mut g = Game::new(&plan(text), classic(&[]), 2);
    assert_eq!(g.start(&[c("A1")], &[P0, P1]), Err(Refusal::BadStart));
    assert_eq!(
        g.start(&[c("A1"), c("B1")], &[P0, P0]),
        Err(Refusal::BadStart)
    );
    assert_eq!(
        g.start(&[c("A1"), c("D1")], &[P1, P0]),
        Err(Refusal::OffBoard)
    );
    assert_eq!(g.phase(), Phase::Setup);
    let told = g.start(&[c("A1"), c("B1")], &[P1, P0]).unwrap();
    let evs = events(told.clone());
    assert!(evs.contains(&Event::StartsOn(P0, CellSeen::Arsenal)));
    assert!(evs.contains(&Event::StartsOn(P1, CellSeen::Hospital)));
    assert_eq!(evs.last(), Some(&Event::Turn(P1)), "the lot's first plays");
    assert!(told.iter().all(|t| t.to == Audience::All));
    assert_eq!(
        g.start(&[c("A1"), c("B1")], &[P1, P0]),
        Err(Refusal::NotInPlay)
    );
}

#[test]
fn start_is_an_arrival_without_movement() {
    // Kodex Б §6.1, §4.6, §5.7: a player starting in a river is not carried, on an armed mine it does
    // not go off; he picks up what lies there.
    let text = "
labyrinth 3x1
+---+---+---+
  >   U   . |
+---+---+---+
items:
  C1 armed-mine
  C1 bullets 2
  C1 treasure
";
    let mut g = Game::new(&plan(text), classic(&["common_start=yes"]), 2);
    let evs = events(g.start(&[c("A1"), c("C1")], &[P0, P1]).unwrap());
    assert!(!evs.contains(&Event::MineExploded));
    assert_eq!(g.cell_of(P0), Some(c("A1")));
    let s = g.status(P1).unwrap();
    assert_eq!((s.bullets, s.carrying), (2, Some(ThingKind::Treasure)));
    assert_eq!(g.pile(c("C1")).armed, 1);
}

#[test]
fn several_players_may_start_on_one_cell() {
    // Kodex Б §7.6: all players may start on one cell the master chooses.
    let g = game(ROW, classic(&["common_start=yes"]), &["B1", "B1", "B1"]);
    assert_eq!(g.players_on(c("B1")).len(), 3);
    // ... without bullets and grenades.
    assert_eq!(g.status(P2).unwrap().bullets, 0);
    assert_eq!(g.status(P2).unwrap().grenades, 0);
    let g = game(ROW, classic(&[]), &["B1", "C1"]);
    assert_eq!(
        (
            g.status(P0).unwrap().bullets,
            g.status(P0).unwrap().grenades
        ),
        (3, 3)
    );
}

#[test]
fn status_is_told_to_the_player() {
    // Kodex Б §6.4: before and after his move a player may ask his status.
    let g = game(ROW, classic(&[]), &["B1", "C1"]);
    let s = g.status(P0).unwrap();
    assert_eq!(
        (s.bullets, s.grenades, s.carrying),
        (3, 3, Some(ThingKind::Mine))
    );
    assert_eq!(s.reorders_left, 1);
    assert_eq!(g.status(P2), Err(Refusal::NotAPlayer));
    // Kodex В §7.6: in the quantum code players get no mine unless agreed.
    let q = game(ROW, quantum(&[]), &["B1", "C1"]);
    assert_eq!(q.status(P0).unwrap().carrying, None);
    assert_eq!(q.status(P0).unwrap().reorders_left, 0);
}

#[test]
fn conditions_are_tested_when_reached() {
    // Kodex Б §6.5: "Иду вправо, и если найду клад, то стреляю вверх, если попаду в яму, …".
    let text = "
labyrinth 3x1
+---+---+---+
  .   .   . |
+---+---+---+
items:
  B1 treasure
";
    let mut g = game(text, classic(&[]), &["A1", "C1"]);
    let o = Order {
        parts: vec![
            Part::Do(step(Right)),
            Part::If(
                Condition::Found(ThingKind::Treasure),
                vec![Action::Blow(Up)],
            ),
            Part::If(
                Condition::Found(ThingKind::Corpse),
                vec![Action::Blow(Down)],
            ),
            Part::If(Condition::Landed(CellSeen::Pit), vec![Action::Blow(Left)]),
            Part::If(Condition::NotBumped, vec![Action::Blow(Right)]),
        ],
        ..Order::default()
    };
    order(&mut g, P0, o);
    assert_eq!(g.status(P0).unwrap().grenades, 1, "two conditions held");
    // Off by §7.1, and never in the quantum code (В §2.1).
    let cond = Order {
        parts: vec![
            Part::Do(step(Right)),
            Part::If(Condition::Bumped, vec![Action::Blow(Up)]),
        ],
        ..Order::default()
    };
    let mut off = game(text, classic(&["conditional_orders=no"]), &["A1", "C1"]);
    assert_eq!(off.play(P0, &cond), Err(Refusal::NoConditionals));
    let mut q = game(text, quantum(&[]), &["A1", "C1"]);
    assert_eq!(q.play(P0, &cond), Err(Refusal::NoConditionals));
}

#[test]
fn an_impossible_part_is_told_and_the_rest_goes_on() {
    // Kodex Б §6.5: "оставляю в яме гранату — ничего не выйдет, ты забыл что гранат у тебя давно нет".
    let mut g = game(ROW, classic(&["common_start=yes"]), &["B1", "C1"]);
    let evs = go(
        &mut g,
        P0,
        &[leave(Thing::Grenades(1)), step(Right), shoot(Left)],
    );
    assert_eq!(
        evs[0],
        Event::Cannot(Cannot::NotCarrying(ThingKind::Grenades))
    );
    assert!(evs.contains(&Event::Cannot(Cannot::NoBullets)));
    assert_eq!(g.cell_of(P0), Some(c("C1")));
}

#[test]
fn skipping_is_a_whole_turn_and_everybody_skipping_is_a_draw() {
    // Kodex Б §6.6, В §6.5: a player may skip; if all skip, the game is a draw.
    let mut g = game(ROW, classic(&[]), &["B1", "C1"]);
    assert_eq!(
        g.play(P0, &Order::of([Action::Skip, step(Right)])),
        Err(Refusal::SkipAlone)
    );
    assert_eq!(go(&mut g, P0, &[Action::Skip])[0], Event::Skipped);
    let evs = go(&mut g, P1, &[Action::Skip]);
    assert_eq!(
        evs.last(),
        Some(&Event::Over(crate::game::event::End::DrawAllSkipped))
    );
    // One who moves keeps the game going.
    let mut g = game(ROW, quantum(&[]), &["B1", "C1"]);
    turn_passes(&mut g, P0);
    go(&mut g, P1, &[step(Right)]);
    assert_eq!(g.phase(), Phase::Playing);
    // Kodex Б §7.7: skipping may be forbidden.
    let mut no = game(ROW, classic(&["skip=no"]), &["B1", "C1"]);
    assert_eq!(
        no.play(P0, &Order::of([Action::Skip])),
        Err(Refusal::NoSkip)
    );
}

#[test]
fn dark_orders_tell_nothing_but_happen() {
    // Kodex Б §6.7, В §6.6: "Есть — иду вправо, результат не сообщать"; all rules still apply.
    let text = "
labyrinth 3x1
+---+---+---+
  .   .   . |
+---+---+---+
items:
  B1 treasure
";
    let mut g = game(text, classic(&[]), &["A1", "C1"]);
    let o = Order {
        parts: vec![Part::Do(step(Right))],
        light: Light::Dark,
        ..Order::default()
    };
    let told = g.play(P0, &o).unwrap();
    assert_eq!(told[0].to, Audience::Player(P0));
    assert_eq!(told[0].event, Event::DarkAccepted);
    assert_eq!(public(&told), vec![Event::Turn(P1)]);
    assert_eq!(g.status(P0).unwrap().carrying, Some(ThingKind::Treasure));
    let mut off = game(text, classic(&["dark_orders=no"]), &["A1", "C1"]);
    assert_eq!(off.play(P0, &o), Err(Refusal::NoDark));
}

#[test]
fn half_dark_orders_tell_only_the_wall() {
    // Kodex Б §6.8, В §6.7: "1) Иду вправо — 2) стенки нет" or "нельзя, стенка".
    let mut g = game(ROW, classic(&[]), &["A1", "D1"]);
    let o = |d| Order {
        parts: vec![Part::Do(step(d))],
        light: Light::HalfDark,
        ..Order::default()
    };
    let told = g.play(P0, &o(Right)).unwrap();
    assert_eq!(told[0].event, Event::HalfDark { wall: false });
    let told = g.play(P1, &o(Right)).unwrap();
    assert_eq!(told[0].event, Event::HalfDark { wall: true });
    assert_eq!(public(&told), vec![Event::Round(2), Event::Turn(P0)]);
    let mut off = game(ROW, quantum(&["half_dark_orders=no"]), &["A1", "D1"]);
    assert_eq!(off.play(P0, &o(Right)), Err(Refusal::NoHalfDark));
}

#[test]
fn movements_the_cell_does_not_allow_are_refused() {
    // Kodex Б §2.1, §4.4, §4.6: "по течению" only from a river, "по циклу" only from a pit.
    let mut g = game(ROW, classic(&[]), &["A1", "D1"]);
    assert_eq!(
        g.play(P0, &Order::of([Action::Move(Move::Current)])),
        Err(Refusal::NotInRiver)
    );
    assert_eq!(
        g.play(P0, &Order::of([Action::Move(Move::Cycle)])),
        Err(Refusal::NotInPit)
    );
}

#[test]
fn rounds_pass_over_the_dead() {
    // Kodex Б §3.6: a round is everybody still in the game having had a turn.
    let mut g = game(ROW, classic(&[]), &["A1", "B1", "D1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]); // P1 wounded
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P2, &[Action::Skip]);
    go(&mut g, P0, &[shoot(Right), step(Up)]); // P1 dies
    assert!(!g.active(P1));
    let evs = go(&mut g, P2, &[step(Left)]);
    assert_eq!(evs[evs.len() - 2..], [Event::Round(3), Event::Turn(P0)]);
    assert_eq!(go(&mut g, P0, &[step(Left)]).last(), Some(&Event::Turn(P2)));
}

#[test]
fn a_dark_shot_still_wounds_and_the_victim_is_told_at_his_turn() {
    // Kodex Б §6.7: "в случае, если он стрелял, ведущий не сообщит, были ли слышны после выстрела
    // вопли. (Впрочем, раненому сообщат о ранении, когда до него дойдет очередь хода)."
    let mut g = game(ROW, classic(&[]), &["A1", "B1"]);
    let o = Order {
        parts: vec![Part::Do(shoot(Right)), Part::Do(step(Up))],
        light: Light::Dark,
        ..Order::default()
    };
    let told = g.play(P0, &o).unwrap();
    assert!(
        !events(told.clone())
            .iter()
            .any(|e| matches!(e, Event::Shot { .. }))
    );
    assert!(public(&told).contains(&Event::WoundedNotice(P1)));
}

#[test]
fn a_mine_under_ones_own_dark_order_is_not_told() {
    // Kodex Б §6.7: "ему ничего не сообщат о подрыве на мине (в результате он лишится возможности
    // заказать себе новую клетку)".
    let mut g = game(ROW, classic(&[]), &["B1", "A1"]);
    go(&mut g, P0, &[Action::SetMine(None), step(Right)]);
    let o = Order {
        parts: vec![Part::Do(step(Right))],
        light: Light::Dark,
        ..Order::default()
    };
    let told = g.play(P1, &o).unwrap();
    assert!(!events(told.clone()).contains(&Event::MineExploded));
    assert_eq!(g.pl(P1).health, crate::game::state::Health::Wounded);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert!(!evs.contains(&Event::WoundedNotice(P1)));
    assert!(!g.pl(P1).may_reorder);
}

#[test]
fn nobody_left_is_a_draw() {
    // Kodex Б §3.5–§3.6: with nobody alive nobody can win.
    let mut g = game(ROW, classic(&[]), &["B1"]);
    g.player_mut(P0).health = crate::game::state::Health::Wounded;
    g.pile_mut(c("C1")).armed = 1;
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(
        evs[evs.len() - 2..],
        [
            Event::Died(P0),
            Event::Over(crate::game::event::End::DrawNobodyLeft)
        ]
    );
}

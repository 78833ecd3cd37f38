//! Things: Kodex Б §5.1–§5.3, §5.6–§5.8; Kodex В §5.1–§5.3, §5.6–§5.8; §7.4 floating things.

use super::kit::*;
use crate::game::event::{Cannot, End, Event};
use crate::game::order::{Action, Order, Pick, Thing, ThingKind};
use crate::game::state::{Hand, Health, TreasureId};
use crate::game::{Phase, Refusal};

/// Three cells, an exit left of A1.
const ROW: &str = "
labyrinth 3x1 nstop=30
+---+---+---+
  .   .   . |
+---+---+---+
";

fn with_items(items: &str) -> String {
    format!("{ROW}items:\n{items}")
}

#[test]
fn the_healthy_pick_up_all_they_can_and_exchange_up() {
    // Kodex Б §5.1: picks up everything he can carry; a corpse is exchanged for a mine or a treasure,
    // a mine for a treasure; equal ranks are not exchanged.
    let text = with_items("  B1 mine\n  B1 bullets 5\n  C1 treasure\n  C1 corpse\n");
    let mut g = game(
        &text,
        classic(&["start_mines=0", "common_start=yes"]),
        &["A1", "A1"],
    );
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(evs.contains(&Event::Found(vec![
        (ThingKind::Mine, 1),
        (ThingKind::Bullets, 5)
    ])));
    assert!(evs.contains(&Event::PickedUp(vec![
        (ThingKind::Bullets, 3),
        (ThingKind::Mine, 1)
    ])));
    assert_eq!(g.pile(c("B1")).bullets, 2);
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P0, &[step(Right)]);
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)));
    assert_eq!(g.pile(c("C1")).mines, 1, "the mine was left in exchange");
    assert_eq!(
        g.pile(c("C1")).corpses.len(),
        1,
        "a corpse is worth less than a treasure"
    );
}

#[test]
fn a_corpse_is_not_exchanged_for_a_corpse() {
    // Kodex Б §5.1: "Ценности равного ранга … не обмениваются".
    let text = with_items("  A1 corpse\n  B1 corpse\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "C1"]);
    assert!(matches!(g.pl(P0).hand, Hand::Corpse(_)));
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(evs.contains(&Event::Found(vec![(ThingKind::Corpse, 1)])));
    assert!(!evs.iter().any(|e| matches!(e, Event::PickedUp(_))));
}

#[test]
fn classic_wounded_carry_only_grenades() {
    // Kodex Б §5.1, §5.5: a wounded player carries only the grenades he has, and cannot use things on
    // his cell, grenades included.
    let text = with_items("  C1 treasure\n  C1 bullets 1\n  C1 grenades 1\n");
    let mut g = game(&text, classic(&[]), &["A1", "B1"]);
    go(&mut g, P0, &[shoot(Right), Action::Blow(Up), step(Up)]);
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!(g.pl(P1).bullets, 0);
    assert_eq!(g.pile(c("B1")).bullets, 3);
    assert_eq!(g.pile(c("B1")).mines, 1, "his mine fell unarmed (Б §5.7)");
    go(&mut g, P1, &[Action::Blow(Up), step(Right)]);
    assert_eq!(
        (g.pl(P1).bullets, g.pl(P1).grenades, g.pl(P1).hand),
        (0, 2, Hand::Empty)
    );
    assert_eq!(g.pile(c("C1")).treasures.len(), 1);
    assert_eq!(g.pile(c("C1")).grenades, 1);
}

#[test]
fn the_classic_wounded_take_nothing_lying_on_their_cell() {
    // Kodex Б §5.1: "Раненый или больной игрок не может ни носить имущество (исключение -- гранаты),
    // ни пользоваться имуществом, лежащим на его клетке": the exception is for grenades he carries,
    // not for picking them up. Б §5.3: lying bullets and grenades go "первому здоровому игроку". He is
    // told what he found (Б §5.2), and it all stays for the first healthy player.
    let text = with_items("  C1 bullets 2\n  C1 grenades 1\n  C1 fake\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "B1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(g.pl(P1).health, Health::Wounded);
    let evs = go(&mut g, P1, &[Action::Blow(Up), step(Right)]);
    assert!(evs.contains(&Event::Found(vec![
        (ThingKind::Treasure, 1),
        (ThingKind::Bullets, 2),
        (ThingKind::Grenades, 1)
    ])));
    assert!(
        !evs.iter().any(|e| matches!(e, Event::PickedUp(_))),
        "{evs:?}"
    );
    assert_eq!(
        (g.pl(P1).bullets, g.pl(P1).grenades, g.pl(P1).hand),
        (0, 2, Hand::Empty)
    );
    let pile = g.pile(c("C1"));
    assert_eq!(
        (pile.bullets, pile.grenades, pile.treasures.len()),
        (2, 1, 1)
    );
    // Nor does a grenade at his feet replace the one he spends (as Б §5.3 has it for the healthy).
    go(&mut g, P0, &[Action::Blow(Up), step(Right)]);
    go(&mut g, P1, &[Action::Blow(Up), step(Up)]);
    assert_eq!((g.pl(P1).grenades, g.pile(c("C1")).grenades), (1, 1));
    // The first healthy player to come takes them.
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(evs.contains(&Event::PickedUp(vec![
        (ThingKind::Grenades, 1),
        (ThingKind::Treasure, 1)
    ])));
}

#[test]
fn the_classic_sick_take_nothing_lying_on_their_cell_either() {
    // Kodex Б §5.1 names the sick with the wounded: "Раненый или больной игрок не может … пользоваться
    // имуществом, лежащим на его клетке".
    let text = with_items("  B1 grenades 1\n");
    let mut g = game(&text, classic(&[]), &["A1", "C1"]);
    g.player_mut(P0).health = Health::Sick { moves_left: None };
    g.player_mut(P0).grenades = 2;
    go(&mut g, P0, &[step(Right)]);
    assert_eq!((g.pl(P0).grenades, g.pile(c("B1")).grenades), (2, 1));
}

#[test]
fn quantum_wounded_carry_bullets_but_no_treasure() {
    // Kodex В §5.5: the wounded lose treasure, corpse or mine; they may carry bullets and shoot.
    let text = with_items("  C1 treasure\n  C1 bullets 1\n");
    let mut g = game(&text, quantum(&["start_mines=1"]), &["A1", "B1"]);
    go(
        &mut g,
        P0,
        &[Action::Shoot {
            aim: crate::game::order::Aim::Dir(Right),
            target: None,
        }],
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!((g.pl(P1).bullets, g.pl(P1).hand), (3, Hand::Empty));
    go(&mut g, P1, &[shoot(Left)]);
    assert_eq!(g.pl(P0).health, Health::Wounded, "the wounded may shoot");
    go(&mut g, P0, &[Action::Skip]);
    go(&mut g, P1, &[step(Right)]);
    assert_eq!((g.pl(P1).bullets, g.pl(P1).hand), (3, Hand::Empty));
    assert_eq!(g.pile(c("C1")).bullets, 0, "he took the bullet he lacked");
    assert_eq!(g.pile(c("C1")).treasures.len(), 1);
}

#[test]
fn leaving_and_throwing() {
    // Kodex Б §5.2: things may be left or thrown to a neighbour; thrown at a wall they fall at his
    // feet ("у твоих ног появился труп"); thrown out of the maze they vanish.
    let mut g = game(ROW, classic(&[]), &["B1", "C1"]);
    let evs = go(
        &mut g,
        P0,
        &[
            leave(Thing::Bullets(1)),
            Action::Throw(Thing::Grenades(1), Right),
            Action::Throw(Thing::Grenades(1), Up),
            step(Left),
            Action::Throw(Thing::Mine, Left),
        ],
    );
    assert_eq!(evs[0], Event::LeftHere(Thing::Bullets(1)));
    assert_eq!(evs[1], Event::Thrown(Thing::Grenades(1), Right));
    assert_eq!(evs[2], Event::AtFeet(Thing::Grenades(1)));
    assert!(evs.contains(&Event::Thrown(Thing::Mine, Left)));
    assert_eq!(g.pile(c("B1")).bullets, 1);
    assert_eq!(g.pile(c("B1")).grenades, 1);
    assert_eq!(
        g.pile(c("C1")).grenades,
        1,
        "P1 stands there, but picks up only on arrival"
    );
    assert_eq!(g.ledger().1.mines, 1, "thrown out of the maze");
    assert_eq!(
        go(
            &mut g,
            P1,
            &[Action::Throw(Thing::Treasure, Left), step(Up)]
        )[0],
        Event::Cannot(Cannot::NotCarrying(ThingKind::Treasure))
    );
    // Kodex Б §7.1: throwing may be forbidden, leaving stays allowed.
    let mut no = game(ROW, classic(&["throwing=no"]), &["B1", "C1"]);
    assert_eq!(
        no.play(P0, &Order::of([Action::Throw(Thing::Mine, Up), step(Up)])),
        Err(Refusal::NoThrowing)
    );
    go(&mut no, P0, &[leave(Thing::Mine), step(Up)]);
    assert_eq!(no.pile(c("B1")).mines, 1);
}

#[test]
fn the_true_treasure_thrown_out_or_lost_is_a_draw() {
    // Kodex Б §5.2: "Если какой-либо остолоп выбросит из лабиринта истинный клад, игра тут же
    // заканчивается вничью!"; likewise thrown where nobody can ever stand (a deep river's source,
    // Б §4.6).
    let text = with_items("  A1 treasure\n");
    let mut g = game(&text, classic(&[]), &["A1", "C1"]);
    let evs = go(
        &mut g,
        P0,
        &[Action::Throw(Thing::Treasure, Left), step(Up)],
    );
    assert!(evs.contains(&Event::Over(End::DrawTreasureLost)));
    assert_eq!(g.phase(), Phase::Over(End::DrawTreasureLost));
    let text = "
labyrinth 4x1 nstop=30
+---+---+---+---+
| >   >   U   . |
+---+---+---+---+
items:
  B1 treasure
";
    let mut g = game(text, classic(&[]), &["B1", "C1"]);
    go(
        &mut g,
        P0,
        &[Action::Throw(Thing::Treasure, Left), step(Up)],
    );
    assert_eq!(g.result(), Some(End::DrawTreasureLost));
    // A fake thrown there is just lost to the players; the game goes on.
    let fake = text.replace("treasure", "fake");
    let mut g = game(&fake, classic(&[]), &["B1", "C1"]);
    go(
        &mut g,
        P0,
        &[Action::Throw(Thing::Treasure, Left), step(Up)],
    );
    assert_eq!(g.phase(), Phase::Playing);
    // With shallow rivers one walks up the river onto its source: nothing is lost (В §4.6).
    let mut g = game(text, classic(&["rivers=shallow"]), &["B1", "C1"]);
    go(
        &mut g,
        P0,
        &[Action::Throw(Thing::Treasure, Left), step(Up)],
    );
    assert_eq!(g.phase(), Phase::Playing);
}

#[test]
fn things_thrown_into_rivers_stay_unless_they_float() {
    // Kodex Б §4.6, §5.2: rivers carry players, not things; with §7.4 floating things they drift one
    // cell a round, and in torrential rivers go to the mouth at once.
    let text = RIVER;
    let mut g = game(text, classic(&[]), &["B2", "D2"]);
    go(
        &mut g,
        P0,
        &[Action::Throw(Thing::Bullets(1), Up), step(Down)],
    );
    go(&mut g, P1, &[step(Down)]);
    assert_eq!(g.pile(c("B1")).bullets, 1);
    let mut g = game(text, classic(&["floating_items=yes"]), &["B2", "D2"]);
    go(
        &mut g,
        P0,
        &[Action::Throw(Thing::Bullets(1), Up), step(Down)],
    );
    go(&mut g, P1, &[step(Down)]);
    assert_eq!((g.pile(c("B1")).bullets, g.pile(c("C1")).bullets), (0, 1));
    let mut g = game(
        text,
        classic(&["floating_items=yes", "rivers=torrential"]),
        &["B2", "D2"],
    );
    go(
        &mut g,
        P0,
        &[Action::Throw(Thing::Bullets(1), Up), step(Down)],
    );
    assert_eq!(g.pile(c("D1")).bullets, 1);
}

#[test]
fn bullets_at_his_feet_replace_those_spent() {
    // Kodex Б §5.3, §6.5: "стреляю вверх — у тебя осталось три пули и еще одна под ногами".
    let text = with_items("  B1 bullets 2\n");
    let mut g = game(&text, classic(&[]), &["A1", "C1"]);
    let evs = go(&mut g, P0, &[step(Right), shoot(Up)]);
    assert!(evs.contains(&Event::Shot {
        scream: false,
        bullets: 3
    }));
    assert_eq!(g.pile(c("B1")).bullets, 1);
}

/// A row of land with an arsenal at D1.
const MINES: &str = "
labyrinth 4x1 nstop=30
+---+---+---+---+
| .   .   .   A |
+---+---+---+---+
";

#[test]
fn an_armed_mine_wounds_all_on_its_cell_when_someone_arrives() {
    // Kodex Б §5.7: setting a mine harms nobody; a player arriving from another cell sets it off,
    // wounding all players there; bullets and mines there are destroyed, grenades and treasures not.
    let text = format!("{MINES}items:\n  A1 treasure\n  B1 bullets 2\n  B1 grenades 1\n");
    let mut g = game(&text, classic(&[]), &["B1", "A1", "C1"]);
    let evs = go(&mut g, P0, &[Action::SetMine(None), step(Up)]);
    assert!(evs.contains(&Event::MineSet));
    assert!(
        !evs.contains(&Event::MineExploded),
        "a bump arrives nowhere"
    );
    assert_eq!(g.pile(c("B1")).armed, 1);
    let evs = go(&mut g, P1, &[step(Right)]);
    assert!(evs.contains(&Event::MineExploded));
    for p in [P0, P1] {
        assert_eq!((g.pl(p).health, g.pl(p).bullets), (Health::Wounded, 0));
    }
    let pile = g.pile(c("B1"));
    assert_eq!((pile.armed, pile.mines, pile.bullets), (0, 0, 0));
    assert_eq!((pile.treasures.len(), pile.grenades), (1, 1));
    assert!(g.pl(P0).wound_pending && g.pl(P1).wound_pending);
}

#[test]
fn a_mine_kills_the_wounded_and_a_thrown_corpse_sets_it_off() {
    // Kodex Б §5.7: a mine wounds, and kills the already wounded; "мину можно взорвать, бросив на
    // клетку с взведенной миной чей-нибудь труп".
    let mut g = game(MINES, classic(&[]), &["B1", "A1", "C1"]);
    go(&mut g, P0, &[Action::SetMine(None), step(Right)]);
    go(&mut g, P1, &[shoot(Right), step(Up)]);
    assert_eq!(
        (g.pl(P0).health, g.pl(P2).health),
        (Health::Wounded, Health::Wounded)
    );
    go(&mut g, P2, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert!(evs.contains(&Event::MineExploded));
    assert!(evs.contains(&Event::Died(P0)));
    let text = format!("{MINES}items:\n  A1 corpse\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["B1", "A1", "C1"]);
    g.pile_mut(c("B1")).armed = 1;
    go(&mut g, P0, &[step(Up)]);
    let evs = go(&mut g, P1, &[Action::Throw(Thing::Corpse, Right), step(Up)]);
    assert!(evs.contains(&Event::MineExploded));
    assert_eq!(g.pl(P0).health, Health::Wounded);
    assert_eq!(
        g.pile(c("B1")).corpses.len(),
        1,
        "corpses survive explosions"
    );
}

#[test]
fn mines_thrown_at_walls_or_out_and_into_depots() {
    // Kodex Б §5.7: set toward a wall it lands on his own cell; out of an open exit it is disarmed by
    // the outer guard; in an arsenal or hospital it is disarmed at once.
    let mut g = game(MINES, classic(&[]), &["A1", "C1"]);
    go(&mut g, P0, &[Action::SetMine(Some(Up)), step(Right)]);
    assert_eq!(g.pile(c("A1")).armed, 1);
    go(&mut g, P1, &[Action::SetMine(Some(Right)), step(Up)]);
    assert_eq!((g.pile(c("D1")).armed, g.pile(c("D1")).mines), (0, 1));
    assert_eq!(
        go(&mut g, P0, &[Action::SetMine(None), step(Up)])[0],
        Event::Cannot(Cannot::NoMine)
    );
    // §7.1: setting a mine on a neighbouring cell may be forbidden.
    let mut no = game(MINES, classic(&["mine_to_neighbour=no"]), &["A1", "C1"]);
    assert_eq!(
        no.play(P0, &Order::of([Action::SetMine(Some(Right)), step(Up)])),
        Err(Refusal::NoMineToNeighbour)
    );
}

#[test]
fn quantum_mines_lie_in_the_maze() {
    // Kodex В §5.7: the master lays unarmed mines; a player finds one, carries it and sets it.
    let text = format!("{MINES}items:\n  B1 mine\n");
    let mut g = game(&text, quantum(&[]), &["A1", "C1"]);
    assert_eq!(g.pl(P0).hand, Hand::Empty);
    go(&mut g, P0, &[step(Right)]);
    assert_eq!(g.pl(P0).hand, Hand::Mine);
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P0, &[Action::SetMine(Some(Left))]);
    assert_eq!(g.pile(c("A1")).armed, 1);
}

#[test]
fn a_mine_carried_is_left_where_a_treasure_is_taken_and_he_is_told() {
    // Kodex Б §5.1: "Если у него уже был клад, мина, или труп, то менее ценное имущество
    // автоматически обменивается на более ценное (т.е. труп на мину или клад, а мина на клад)":
    // the mine he carried lies where the treasure lay, and the master says so.
    let text = with_items("  B1 treasure\n");
    let mut g = game(&text, classic(&[]), &["A1", "C1"]);
    assert_eq!(
        g.pl(P0).hand,
        Hand::Mine,
        "a mine each at the start (Б §5.3)"
    );
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(evs.contains(&Event::Exchanged(Thing::Mine)), "{evs:?}");
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)));
    assert_eq!((g.pile(c("B1")).mines, g.pile(c("B1")).armed), (1, 0));
    assert!(g.pile(c("B1")).treasures.is_empty());
    // Nothing held, nothing left: no such words.
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "C1"]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(
        !evs.iter().any(|e| matches!(e, Event::Exchanged(_))),
        "{evs:?}"
    );
}

#[test]
fn several_treasures_are_chosen_bottom_to_top() {
    // Kodex Б §5.8: "нижний", "второй снизу", … "верхний", said with the order; said "keep", he
    // keeps his own.
    let text = with_items("  A1 fake\n  B1 treasure\n  B1 fake\n  B1 fake\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "C1"]);
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)));
    let mut o = Order::of([step(Right)]);
    o.pick = Pick::Keep;
    let evs = order(&mut g, P0, o);
    assert!(
        !evs.iter().any(|e| matches!(e, Event::WhichTreasure { .. })),
        "said, not asked: {evs:?}"
    );
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)), "kept his own");
    let back_and_forth = |g: &mut crate::game::Game, pick| {
        go(g, P1, &[step(Up)]);
        let mut o = Order::of([step(Left)]);
        o.pick = Pick::Keep;
        order(g, P0, o);
        go(g, P1, &[step(Up)]);
        let mut o = Order::of([step(Right)]);
        o.pick = pick;
        order(g, P0, o);
    };
    back_and_forth(&mut g, Pick::FromBottom(1));
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(1)));
    assert_eq!(
        g.pile(c("B1")).treasures,
        vec![TreasureId(2), TreasureId(3), TreasureId(0)],
        "the one he left is on top"
    );
    back_and_forth(&mut g, Pick::New);
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)));
    // A bump arrives nowhere: nothing is picked up again.
    back_and_forth(&mut g, Pick::Keep);
    let before = g.pile(c("B1")).clone();
    go(&mut g, P1, &[step(Up)]);
    let mut o = Order::of([step(Up)]);
    o.pick = Pick::New;
    order(&mut g, P0, o);
    assert_eq!(g.pile(c("B1")), &before);
}

#[test]
fn a_second_treasure_found_is_asked_about_and_the_turn_waits_for_the_answer() {
    // Kodex Б §5.8: "Если клад найден игроком, уже имеющим при себе клад, ведущий сообщает ему о
    // находке, и уточняет, какой клад -- "старый" или "вновь найденный" -- игрок предпочитает
    // взять с собой."
    let text = with_items("  A1 fake\n  B1 treasure\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "C1"]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(
        evs.contains(&Event::WhichTreasure {
            carrying: true,
            here: 1
        }),
        "{evs:?}"
    );
    assert!(!evs.contains(&Event::Turn(P1)), "the turn waits: {evs:?}");
    assert_eq!(g.current(), Some(P0));
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)));
    // Nothing else before the answer, from him or anybody.
    assert_eq!(
        g.play(P0, &Order::of([step(Left)])),
        Err(Refusal::ChooseFirst)
    );
    assert_eq!(
        g.play(P1, &Order::of([step(Up)])),
        Err(Refusal::NotYourTurn)
    );
    assert_eq!(g.choose(P1, Pick::New), Err(Refusal::NotYourTurn));
    assert_eq!(
        g.choose(P0, Pick::FromBottom(2)),
        Err(Refusal::NoSuchTreasure),
        "one lies here"
    );
    let evs = events(g.choose(P0, Pick::New).expect("an answer"));
    assert!(evs.contains(&Event::PickedUp(vec![(ThingKind::Treasure, 1)])));
    assert!(evs.contains(&Event::Turn(P1)), "{evs:?}");
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(1)));
    assert_eq!(g.pile(c("B1")).treasures, vec![TreasureId(0)]);
    assert_eq!(g.choose(P1, Pick::New), Err(Refusal::NothingToChoose));
    // "Старый": he keeps his own, and the turn passes.
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P0, &[step(Right)]);
    let evs = events(g.choose(P0, Pick::Keep).unwrap());
    assert_eq!(evs[0], Event::KeptTreasure);
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(1)));
    assert_eq!(g.current(), Some(P1));
}

#[test]
fn an_unanswered_treasure_question_keeps_the_old_one() {
    // Kodex Б §6.7: where the master tells nothing, "клад при обнаружении второго клада
    // сохраняется старый" — after a dark order, and when the deadline passes unanswered.
    let text = with_items("  A1 fake\n  B1 treasure\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "C1"]);
    let mut dark = Order::of([step(Right)]);
    dark.light = crate::game::order::Light::Dark;
    order(&mut g, P0, dark);
    assert_eq!(g.current(), Some(P1), "nothing asked");
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)));
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "C1"]);
    go(&mut g, P0, &[step(Right)]);
    let evs = events(g.skip_for_deadline(P0));
    assert!(evs.contains(&Event::Turn(P1)), "{evs:?}");
    assert!(!evs.contains(&Event::Skipped), "he did move: {evs:?}");
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)));
    assert!(g.choosing().is_none());
}

#[test]
fn one_who_comes_to_several_treasures_is_asked_which() {
    // Kodex Б §5.8: "Игрок, пришедший на клетку с несколькими кладами, может выбрать для
    // дальнейшей переноски любой из них".
    let text = with_items("  B1 treasure\n  B1 fake\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "C1"]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(
        evs.contains(&Event::WhichTreasure {
            carrying: false,
            here: 2
        }),
        "{evs:?}"
    );
    assert_eq!(
        g.pl(P0).hand,
        Hand::Empty,
        "nothing taken before the answer"
    );
    g.choose(P0, Pick::FromBottom(1)).unwrap();
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)));
    assert_eq!(g.pile(c("B1")).treasures, vec![TreasureId(1)]);
}

#[test]
fn the_dead_leave_a_corpse_and_everything() {
    // Kodex Б §5.5, §5.6: the dead leave bullets, grenades and their own corpse.
    let mut g = game(ROW, classic(&[]), &["A1", "B1", "C1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P2, &[step(Up)]);
    let evs = go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert!(evs.contains(&Event::Died(P1)));
    let pile = g.pile(c("B1"));
    assert_eq!((pile.bullets, pile.grenades, pile.mines), (3, 3, 1));
    assert_eq!(pile.corpses[0].of, Some(P1));
    assert!(!pile.corpses[0].infectious);
}

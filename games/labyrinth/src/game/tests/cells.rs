//! Movement and the cells: Kodex Б §2.2, §4; Kodex В §2.2, §4; the river options of §7.4.

use super::kit::*;
use crate::game::event::{Arrival, Audience, Cannot, CellSeen, Event};
use crate::game::order::{Action, Order, Thing, ThingKind};
use crate::game::state::{Health, Tick};
use crate::movement::Move;

fn arrived(how: Arrival, cell: CellSeen) -> Event {
    Event::Arrived { how, cell }
}

#[test]
fn land_and_walls() {
    // Kodex Б §2.2, §4.1: "Пришел на Сушу"; a wall stops him: "туда нельзя, стенка".
    let text = "
labyrinth 3x1 nstop=30
+---+---+---+
| .   . | . |
+---+---+---+
";
    let mut g = game(text, classic(&[]), &["A1", "C1"]);
    assert_eq!(
        go(&mut g, P0, &[step(Right)])[0],
        arrived(Arrival::Walked, CellSeen::Land)
    );
    assert_eq!(
        go(&mut g, P1, &[step(Left)])[0],
        Event::Bumped { carried_to: None }
    );
    assert_eq!(g.cell_of(P1), Some(c("C1")));
}

#[test]
fn hospital_heals_and_cremates() {
    // Kodex Б §4.2: "Пришел в Медсанбат, вылечился"; a corpse carried in is taken and cremated.
    let text = "
labyrinth 4x1 nstop=30
+---+---+---+---+
| .   M   .   . |
+---+---+---+---+
items:
  A1 corpse
";
    let mut g = game(text, classic(&["start_mines=0"]), &["A1", "D1"]);
    assert_eq!(g.status(P0).unwrap().carrying, Some(ThingKind::Corpse));
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(
        evs[..2],
        [
            arrived(Arrival::Walked, CellSeen::Hospital),
            Event::Cremated
        ]
    );
    assert_eq!(g.status(P0).unwrap().carrying, None);
    assert_eq!(g.ledger().1.corpses, 1);
    // P1 shoots P0 in the hospital: nobody can be wounded there (and the bullet stops).
    let evs = go(&mut g, P1, &[shoot(Left), step(Up)]);
    assert_eq!(
        evs[0],
        Event::Shot {
            scream: false,
            bullets: 2
        }
    );
    // P0 shoots from the hospital: forbidden, no bullet spent.
    let evs = go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(evs[0], Event::Cannot(Cannot::NoShootingHere));
    assert_eq!(g.status(P0).unwrap().bullets, 3);
    // A wounded player who walks in is healed.
    go(&mut g, P1, &[step(Left)]);
    go(&mut g, P0, &[step(Right), shoot(Right)]);
    assert_eq!(g.pl(P1).health, Health::Wounded);
    go(&mut g, P1, &[step(Left)]);
    assert_eq!(g.pl(P1).health, Health::Healthy);
}

#[test]
fn arsenal_refills_unless_declined() {
    // Kodex Б §4.3: "Пришел в Арсенал, у тебя 3 пули, 3 гранаты", unless he asked otherwise.
    let text = "
labyrinth 3x1 nstop=30
+---+---+---+
| .   A   . |
+---+---+---+
";
    let mut g = game(text, classic(&[]), &["A1", "C1"]);
    go(&mut g, P0, &[Action::Blow(Up), shoot(Left), step(Right)]);
    assert_eq!((g.pl(P0).bullets, g.pl(P0).grenades), (3, 3));
    let mut decline = Order::of([Action::Blow(Up), step(Left)]);
    decline.decline_refill = true;
    order(&mut g, P1, decline);
    assert_eq!(g.pl(P1).grenades, 2);
    // Kodex Б §5.3: standing in an arsenal, spent grenades are replaced at once.
    let evs = go(&mut g, P0, &[Action::Blow(Up), step(Up)]);
    assert_eq!(
        evs[0],
        Event::Blown {
            result: None,
            grenades: 3
        }
    );
    // A bump arrives nowhere: what he declined stays declined.
    let evs = go(&mut g, P1, &[step(Up)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    assert_eq!(g.pl(P1).grenades, 2);
    // Kodex Б §4.3: no shooting from an arsenal.
    assert_eq!(
        go(&mut g, P0, &[shoot(Left), step(Up)])[0],
        Event::Cannot(Cannot::NoShootingHere)
    );
}

#[test]
fn pits_lead_to_the_next_pit_whose_things_alone_count() {
    // Kodex Б §4.4: entering pit 1 one comes out of pit 2 and may take what lies there; the entry pit's
    // things and mines do not touch him; a bump from a pit does not move him; "ход по циклу".
    let text = "
labyrinth 4x1 nstop=30
+---+---+---+---+
| .   a1  .   a2|
+---+---+---+---+
items:
  B1 treasure
  B1 armed-mine
  D1 bullets 1
";
    let mut g = game(text, classic(&["start_mines=0"]), &["A1", "C1"]);
    let evs = go(&mut g, P0, &[shoot(Up), step(Right)]);
    assert!(evs.contains(&arrived(Arrival::ThroughPit, CellSeen::Pit)));
    assert!(!evs.contains(&Event::MineExploded));
    assert_eq!(g.cell_of(P0), Some(c("D1")));
    assert_eq!(g.pl(P0).bullets, 3, "one spent, one taken in the exit pit");
    assert_eq!(g.pl(P0).hand, crate::game::state::Hand::Empty);
    go(&mut g, P1, &[step(Up)]);
    let evs = go(&mut g, P0, &[Action::Move(Move::Cycle)]);
    assert_eq!(evs[0], arrived(Arrival::AlongCycle, CellSeen::Pit));
    assert!(
        evs.contains(&Event::MineExploded),
        "the cycle move arrives on the mine"
    );
    go(&mut g, P1, &[step(Up)]);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    assert_eq!(
        g.cell_of(P0),
        Some(c("B1")),
        "a failed exit from a pit does not teleport"
    );
}

#[test]
fn deep_rivers_carry() {
    // Kodex Б §4.6: "Попал в Реку, снесло по течению / в Устье"; a bump in a river still carries;
    // "поплыл по течению".
    let text = RIVER;
    let mut g = game(text, classic(&[]), &["A2", "C2"]);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(evs[0], arrived(Arrival::CarriedByRiver, CellSeen::River));
    assert_eq!(g.cell_of(P0), Some(c("B1")));
    let evs = go(&mut g, P1, &[step(Up)]);
    assert_eq!(evs[0], arrived(Arrival::CarriedByRiver, CellSeen::Mouth));
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(
        evs[0],
        Event::Bumped {
            carried_to: Some(CellSeen::River)
        }
    );
    assert_eq!(g.cell_of(P0), Some(c("C1")));
    go(&mut g, P1, &[step(Down)]);
    let evs = go(&mut g, P0, &[Action::Move(Move::Current)]);
    assert_eq!(evs[0], arrived(Arrival::WithCurrent, CellSeen::Mouth));
}

#[test]
fn shallow_rivers_let_one_walk_and_mouths_refuse_inflow() {
    // Kodex В §4.6: carried only on entering; then "по реке" either way; "нельзя, впадает река".
    let text = RIVER;
    let mut g = game(text, quantum(&[]), &["A2", "D1"]);
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(g.cell_of(P0), Some(c("B1")));
    assert_eq!(go(&mut g, P1, &[step(Left)])[0], Event::InflowBlocks);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(evs[0], arrived(Arrival::AlongRiver, CellSeen::River));
    assert_eq!(g.cell_of(P0), Some(c("A1")));
}

#[test]
fn torrential_rivers_carry_to_the_mouth() {
    // Kodex Б §7.4: "бурные" rivers take whoever enters to the mouth at once.
    let text = RIVER;
    let mut g = game(text, classic(&["rivers=torrential"]), &["A2", "D2"]);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(evs[0], arrived(Arrival::CarriedByRiver, CellSeen::Mouth));
    assert_eq!(g.cell_of(P0), Some(c("D1")));
}

/// A tick at B1 between land, a hospital at D1.
const TICK: &str = "
labyrinth 4x2 nstop=30 cure=3
+---+---+---+---+
| .   E   .   M |
+   +   +   +   +
| .   .   .   . |
+---+---+---+---+
items:
  A1 treasure
";

#[test]
fn the_tick_wakes_then_infects() {
    // Kodex Б §4.7: "Пришел в Энцефалит, разбудил Клеща"; from the next round the cell infects; the
    // sick drop their treasure and bullets and have `cure` productive moves to reach a hospital.
    let mut g = game(TICK, classic(&[]), &["A1", "A2"]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(
        evs[..2],
        [
            arrived(Arrival::Walked, CellSeen::Encephalitis),
            Event::TickWoken
        ]
    );
    assert!(matches!(g.tick(c("B1")), Some(Tick::Woken { .. })));
    go(&mut g, P1, &[step(Right)]);
    assert_eq!(g.tick(c("B1")), Some(Tick::Awake));
    go(&mut g, P0, &[step(Down)]);
    let evs = go(&mut g, P1, &[step(Up)]);
    assert_eq!(evs[1], Event::Infected { moves: Some(3) });
    assert_eq!(g.pl(P1).bullets, 0, "classic: the sick carry only grenades");
    assert_eq!(g.pile(c("B1")).bullets, 3);
    // Cure time runs on productive moves only.
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[step(Up)]); // bump: not counted
    assert_eq!(
        g.pl(P1).health,
        Health::Sick {
            moves_left: Some(3)
        }
    );
    go(&mut g, P0, &[step(Left)]);
    assert!(go(&mut g, P1, &[step(Right)]).contains(&Event::CureLeft(2)));
    go(&mut g, P0, &[step(Up)]);
    let evs = go(&mut g, P1, &[step(Right)]);
    assert!(evs.contains(&Event::Healed { immune: true }));
    assert!(g.pl(P1).immune);
}

#[test]
fn out_of_cure_time_the_sick_die_leaving_an_infectious_corpse() {
    // Kodex Б §4.7: "Не успевший в медсанбат вовремя ... умирает, при этом на месте его гибели
    // остается заразный труп"; a healthy player arriving there falls sick.
    let text = "
labyrinth 4x1 nstop=30 cure=1
+---+---+---+---+
| E   .   .   . |
+---+---+---+---+
";
    let mut g = game(text, classic(&[]), &["A1", "D1", "D1"]);
    go(&mut g, P0, &[step(Up)]); // woke it at the start and stayed: sick at the end of this turn
    assert!(matches!(g.pl(P0).health, Health::Sick { .. }));
    go(&mut g, P1, &[step(Left)]);
    go(&mut g, P2, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(evs.contains(&Event::Died(P0)));
    assert!(g.pile(c("B1")).corpses[0].infectious);
    let evs = go(&mut g, P1, &[step(Left)]);
    assert!(evs.contains(&Event::Infected { moves: Some(1) }));
}

#[test]
fn the_tick_kills_the_wounded_and_spares_the_immune() {
    // Kodex Б §4.7: "Раненый, заразившийся энцефалитом, немедленно погибает"; the immune are told
    // "Попал на Сушу".
    let mut g = game(TICK, classic(&[]), &["B2", "C1"]);
    go(&mut g, P0, &[step(Up)]); // wakes the tick
    go(&mut g, P1, &[shoot(Left), step(Down)]); // wounds P0 on the tick
    let evs = go(&mut g, P0, &[step(Up)]); // stays on the infectious cell
    assert!(evs.contains(&Event::Died(P0)));
    let mut g = game(TICK, classic(&[]), &["B2", "D2"]);
    g.player_mut(P0).immune = true;
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(evs[0], arrived(Arrival::Walked, CellSeen::Land));
}

#[test]
fn one_who_dies_of_encephalitis_is_told_he_caught_it() {
    // Kodex Б §2.3: the master tells the consequences of the cell, "например: ... "заразился
    // энцефалитом""; §4.7: "Раненый, заразившийся энцефалитом, немедленно погибает" — the infection
    // is said, then the death it brings.
    let mut g = game(TICK, classic(&[]), &["B2", "C1"]);
    go(&mut g, P0, &[step(Up)]); // wakes the tick
    go(&mut g, P1, &[shoot(Left), step(Down)]); // wounds P0 on the tick
    let evs = go(&mut g, P0, &[step(Up)]); // stays on the infectious cell
    let infected = evs.iter().position(|e| matches!(e, Event::Infected { .. }));
    let died = evs.iter().position(|e| *e == Event::Died(P0));
    assert!(
        matches!((infected, died), (Some(i), Some(d)) if i < d),
        "{evs:?}"
    );
}

#[test]
fn one_infected_under_a_dark_order_is_told_when_his_turn_comes() {
    // Kodex Б §6.7: a dark order's results are not told, "(Впрочем, раненому сообщат о ранении,
    // когда до него дойдет очередь хода)". The sick are told of their sickness the same way: with
    // a cure deadline (§4.7) running, he must know to seek a hospital.
    let mut g = game(TICK, classic(&[]), &["B2", "D2"]);
    go(&mut g, P0, &[step(Up)]); // wakes the tick
    go(&mut g, P1, &[Action::Skip]);
    let mut dark = Order::of([step(Up)]); // bumps, and stays on his tick
    dark.light = crate::game::order::Light::Dark;
    let told = g.play(P0, &dark).unwrap();
    assert!(matches!(g.pl(P0).health, Health::Sick { .. }));
    assert!(
        !events(told)
            .iter()
            .any(|e| matches!(e, Event::Infected { .. })),
        "a dark order tells nothing"
    );
    let told = g.play(P1, &Order::of([Action::Skip])).unwrap();
    let to_him: Vec<&Event> = told
        .iter()
        .filter(|t| t.to == Audience::Player(P0))
        .map(|t| &t.event)
        .collect();
    assert!(
        to_him.contains(&&Event::Infected { moves: Some(3) }),
        "{told:?}"
    );
    // Told once.
    go(&mut g, P0, &[step(Down)]);
    let evs = go(&mut g, P1, &[Action::Skip]);
    assert!(
        !evs.iter().any(|e| matches!(e, Event::Infected { .. })),
        "{evs:?}"
    );
}

#[test]
fn quantum_sick_see_land_keep_bullets_and_have_no_deadline() {
    // Kodex В §4.7: the sick cannot carry treasure, mine or corpse; "При попадании больного на заразную
    // клетку ему сообщается «Попал на Сушу»"; no cure time is set (В §4.7).
    let mut g = game(TICK, quantum(&[]), &["A1", "A2"]);
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[step(Right)]);
    go(&mut g, P0, &[step(Left)]);
    let evs = go(&mut g, P1, &[step(Up)]);
    assert!(evs.contains(&Event::Infected { moves: None }));
    assert_eq!(g.pl(P1).bullets, 3);
    go(&mut g, P0, &[step(Down)]);
    go(&mut g, P1, &[step(Down)]);
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(
        go(&mut g, P1, &[step(Up)])[0],
        arrived(Arrival::Walked, CellSeen::Land)
    );
    assert_eq!(
        g.pl(P0).hand,
        crate::game::state::Hand::Treasure(crate::game::state::TreasureId(0))
    );
    let _ = (Thing::Mine, Order::default());
}

#[test]
fn a_corpse_thrown_into_a_hospital_is_cremated() {
    // Kodex Б §4.2, В §4.2: "труп, попавший в медсанбат, отбирается и кремируется".
    let text = "
labyrinth 3x1 nstop=30
+---+---+---+
| .   M   . |
+---+---+---+
items:
  A1 corpse
";
    let mut g = game(text, classic(&["start_mines=0"]), &["A1", "C1"]);
    go(&mut g, P0, &[Action::Throw(Thing::Corpse, Right), step(Up)]);
    assert!(g.pile(c("B1")).corpses.is_empty());
    assert_eq!(g.ledger().1.corpses, 1);
    // Thrown elsewhere it stays.
    let mut g = game(text, quantum(&[]), &["A1", "C1"]);
    go(&mut g, P0, &[Action::Throw(Thing::Corpse, Up)]);
    assert_eq!(g.pile(c("A1")).corpses.len(), 1);
}

#[test]
fn quantum_depots_forbid_shooting_from_them() {
    // Kodex В §4.2, §4.3: no shooting from a hospital or an arsenal; one may shoot into an arsenal.
    let text = "
labyrinth 3x1 nstop=30
+---+---+---+
| M   .   A |
+---+---+---+
";
    let mut g = game(text, quantum(&[]), &["A1", "C1", "B1"]);
    let shot = |d| Action::Shoot {
        aim: crate::game::order::Aim::Dir(d),
        target: None,
    };
    // В §5.5: the bullet is spent all the same (and in the arsenal replaced at once, В §5.3).
    assert_eq!(
        go(&mut g, P0, &[shot(Right)])[0],
        Event::ShotWasted { bullets: 2 }
    );
    assert_eq!(
        go(&mut g, P1, &[shot(Left)])[0],
        Event::ShotWasted { bullets: 3 }
    );
    go(&mut g, P2, &[shot(Right)]);
    assert_eq!(g.pl(P1).health, Health::Wounded);
    let _ = Order::default();
}

//! The classic code's sections no other test cited (Kodex Б §1.4, §2.3, §3.1, §3.3, §4.5, §4.6 deep
//! rivers against and with the current, §5.6): a case carried out and a case refused or contrary each.

use super::kit::*;
use crate::game::PlayerId;
use crate::game::event::{Arrival, Audience, CellSeen, Event};
use crate::game::order::{Action, Order, Thing, ThingKind};
use crate::game::state::{Hand, Health};
use crate::validate::{CellKind, Rule};

const P3: PlayerId = PlayerId(3);

/// Six cells of land, 3x2, no inner walls, no exits.
const FIELD: &str = "
labyrinth 3x2 nstop=50
+---+---+---+
| .   .   . |
+   +   +   +
| .   .   . |
+---+---+---+
";

#[test]
fn b1_4_two_exits_any_of_them_closed() {
    // Kodex Б §1.4: "В лабиринте должно быть не менее двух выходов. В начале игры любой выход может быть
    // как закрытым, так и открытым." (The preset's open exit is the agreed rule of Б §8.4.)
    let mut lax = classic(&[]);
    lax.require_open_exit = false;
    let all_closed = MAZE.replace("  .   A   M |", "~ .   A   M |");
    assert_eq!(problems(&all_closed, &lax), vec![]);
    let one_exit = MAZE.replace("| .   .   . ~", "| .   .   . |");
    assert_eq!(
        problems(&one_exit, &lax),
        vec![Rule::TooFewExits { count: 1, least: 2 }]
    );
}

#[test]
fn b2_3_the_master_names_the_type_not_the_cell_nor_who_is_there() {
    // Kodex Б §2.3: "информацию о клетке, на которую попал игрок, за исключением ее координат и наличия
    // на ней других игроков"; "нашел клад" is told.
    let text = format!("{FIELD}items:\n  C1 fake\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "B1", "C2"]);
    let told = g.play(P0, &Order::of([step(Right)])).unwrap();
    assert!(told.iter().all(|t| t.to == Audience::All));
    assert_eq!(
        events(told),
        vec![
            Event::Arrived {
                how: Arrival::Walked,
                cell: CellSeen::Land
            },
            Event::Turn(P1)
        ]
    );
    go(&mut g, P1, &[step(Down)]);
    go(&mut g, P2, &[step(Down)]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(evs[1], Event::Found(vec![(ThingKind::Treasure, 1)]));
}

#[test]
fn b3_1_treasures_lie_on_land() {
    // Kodex Б §3.1: "В начале игры на клетках типа «суша» должны находится несколько кладов".
    let rules = classic(&[]);
    assert_eq!(problems(MAZE, &rules), vec![]);
    let fake_in_hospital = format!("{MAZE}  C1 fake\n");
    assert_eq!(
        problems(&fake_in_hospital, &rules),
        vec![Rule::FakeOffLand {
            on: CellKind::Hospital
        }]
    );
    let true_in_arsenal = MAZE.replace("A2 treasure", "B1 treasure");
    assert_eq!(
        problems(&true_in_arsenal, &rules),
        vec![Rule::TreasureOffLand {
            on: CellKind::Arsenal
        }]
    );
}

#[test]
fn b3_3_a_found_treasure_may_be_left_and_the_weak_cannot_carry_it() {
    // Kodex Б §3.3: "Игрок, нашедший клад, может взять его с собой либо оставить на прежнем месте.
    // Раненый или больной игрок не может носить клад."
    let text = format!("{FIELD}items:\n  B1 fake\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "C1", "C2"]);
    let evs = go(&mut g, P0, &[step(Right), leave(Thing::Treasure)]);
    assert!(evs.contains(&Event::LeftHere(Thing::Treasure)), "{evs:?}");
    assert_eq!(g.pl(P0).hand, Hand::Empty);
    assert_eq!(g.pile(c("B1")).treasures.len(), 1);
    g.player_mut(P1).health = Health::Wounded;
    g.player_mut(P2).health = Health::Sick {
        moves_left: Some(9),
    };
    go(&mut g, P1, &[step(Left)]);
    go(&mut g, P2, &[step(Up)]);
    assert_eq!(g.pl(P1).hand, Hand::Empty, "the wounded cannot take it");
    go(&mut g, P0, &[step(Down)]);
    go(&mut g, P1, &[step(Right)]);
    go(&mut g, P2, &[step(Left)]);
    assert_eq!(g.pl(P2).hand, Hand::Empty, "nor the sick");
    assert_eq!(g.pile(c("B1")).treasures.len(), 1);
}

#[test]
fn b4_5_a_river_system_no_wall_across_no_circle_one_mouth() {
    // Kodex Б §4.5: "стенка не может перегораживать реку"; "это условие запрещает «циклические» реки";
    // "ровно одну клетку типа «Устье»", into which a river flows.
    let base = "
labyrinth 3x2 nstop=30
+---+---+   +
| >   U   M |
+   +   +   +
| .   A   .  
+---+---+---+
items:
  A2 treasure
";
    let rules = classic(&[]);
    assert_eq!(problems(base, &rules), vec![]);
    let has = |text: &str, f: fn(&Rule) -> bool| problems(text, &rules).iter().any(f);
    let walled = base.replace("| >   U   M |", "| > | U   M |");
    assert!(has(&walled, |r| matches!(r, Rule::RiverThroughWall { .. })));
    let circle = base
        .replace("| >   U   M |", "| >   v   M |")
        .replace("| .   A   .  ", "| ^   <   U  ");
    assert!(has(&circle, |r| matches!(r, Rule::CircularRiver { .. })));
    let dry_mouth = base.replace("| .   A   .  ", "| .   A   U  ");
    assert!(has(&dry_mouth, |r| matches!(r, Rule::MouthWithoutRiver)));
}

/// A deep river of four cells, A1 → … → D1, into the mouth E1; land below.
const RIVER: &str = "
labyrinth 5x2 nstop=30
+---+---+---+---+---+
| >   >   >   >   U |
+   +   +   +   +   +
| .   .   .   .   . |
+---+---+---+---+---+
";

#[test]
fn b4_6_against_the_current_one_stays_with_it_one_goes_two_cells() {
    // Kodex Б §4.6: "При совершении хода в направлении, противоположном направлению течения … игрок
    // фактически остается в той же позиции … ведущий … сообщает … «Попал в Реку, снесло в Реку»";
    // "при движении в направлении, совпадающем с направлением течения реки, игрок за один ход
    // перемещается на две клетки."
    let mut g = game(RIVER, classic(&["start_mines=0"]), &["B2", "E2"]);
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(g.cell_of(P0), Some(c("C1")));
    go(&mut g, P1, &[step(Down)]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(
        evs[0],
        Event::Arrived {
            how: Arrival::CarriedByRiver,
            cell: CellSeen::River
        }
    );
    assert_eq!(g.cell_of(P0), Some(c("C1")), "upstream: back where he was");
    go(&mut g, P1, &[step(Down)]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(
        evs[0],
        Event::Arrived {
            how: Arrival::CarriedByRiver,
            cell: CellSeen::Mouth
        }
    );
    assert_eq!(g.cell_of(P0), Some(c("E1")), "downstream: two cells");
}

#[test]
fn b4_6_after_the_current_things_and_shots_are_where_it_left_him() {
    // Kodex Б §4.6: "обзаведение имуществом и послеходовая стрельба могут осуществляться игроком только
    // на той клетке, на которой он оказался в результате хода (т.е. после перемещения по течению)".
    let text = format!("{RIVER}items:\n  B1 bullets 1\n  C1 grenades 1\n");
    let mut g = game(&text, classic(&["start_mines=0"]), &["B2", "E2", "D1"]);
    go(
        &mut g,
        P0,
        &[shoot(Down), Action::Blow(Down), step(Up), shoot(Right)],
    );
    assert_eq!(g.cell_of(P0), Some(c("C1")));
    assert_eq!(
        g.pile(c("B1")).bullets,
        1,
        "B1's bullet was not his to take"
    );
    assert_eq!(g.pl(P0).grenades, 3, "C1's grenade was");
    assert_eq!(g.pl(P2).health, Health::Wounded, "the shot left from C1");
    assert_eq!(g.pl(P1).health, Health::Healthy);
}

#[test]
fn b5_6_the_cell_where_a_sick_mans_corpse_lies_now_infects() {
    // Kodex Б §5.6: "Если погибший был болен энцефалитом, то клетка, где в данный момент находится труп,
    // также становится заразной." Carried away by the immune (Б §4.7), it infects where it lies.
    let mut g = game(
        FIELD,
        classic(&["start_mines=0"]),
        &["A1", "B1", "A2", "C2"],
    );
    g.player_mut(P1).health = Health::Sick {
        moves_left: Some(9),
    };
    g.player_mut(P2).immune = true;
    go(&mut g, P0, &[shoot(Right), step(Down)]);
    assert_eq!(g.pl(P1).health, Health::Dead);
    assert!(g.pile(c("B1")).corpses[0].infectious);
    go(&mut g, P2, &[step(Up)]);
    go(&mut g, P3, &[step(Down)]);
    go(&mut g, P0, &[step(Down)]);
    go(
        &mut g,
        P2,
        &[step(Right), Action::Throw(Thing::Corpse, Right)],
    );
    assert_eq!(
        g.pl(P2).health,
        Health::Healthy,
        "the immune carry it safely"
    );
    assert!(g.pile(c("B1")).corpses.is_empty());
    let evs = go(&mut g, P3, &[step(Up)]);
    assert!(
        evs.iter().any(|e| matches!(e, Event::Infected { .. })),
        "{evs:?}"
    );
    go(&mut g, P0, &[step(Up)]);
    go(&mut g, P2, &[step(Down)]);
    go(&mut g, P3, &[step(Down)]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(
        !evs.iter().any(|e| matches!(e, Event::Infected { .. })),
        "B1 no longer infects: {evs:?}"
    );
    assert_eq!(g.pl(P0).health, Health::Healthy);
}

#[test]
fn b6_2_the_whole_order_first_then_the_whole_answer() {
    // Kodex Б §6.2: "Сначала игрок полностью формулирует свой запрос, затем получает полный ответ по
    // всем пунктам; нельзя, узнав часть ответа, скорректировать свой ход." The parts after a bump are
    // carried out as ordered.
    let text = FIELD.replace("| .   .   . |\n+   +", "| . | .   . |\n+   +");
    let mut g = game(&text, classic(&["start_mines=0"]), &["A1", "C2"]);
    let evs = go(
        &mut g,
        P0,
        &[step(Right), Action::Blow(Right), shoot(Right)],
    );
    assert_eq!(
        evs[..3],
        [
            Event::Bumped { carried_to: None },
            Event::Blown {
                result: None,
                grenades: 2
            },
            Event::Shot {
                scream: false,
                bullets: 2
            },
        ]
    );
    assert_eq!(evs.last(), Some(&Event::Turn(P1)));
    assert_eq!(g.cell_of(P0), Some(c("A1")), "the order was not corrected");
}

#[test]
fn b4_1_the_dead_stay_as_corpses_that_may_be_carried_off() {
    // Kodex Б §4.1: one stays on land "пока не покинет ее … (или его кто-нибудь не убьет и затем утащит
    // труп)"; Б §5.6: "Погибший игрок продолжает участвовать в игре в качестве трупа."
    let mut g = game(FIELD, classic(&["start_mines=0"]), &["A1", "B1", "C2"]);
    go(&mut g, P0, &[shoot(Right), step(Down)]);
    go(&mut g, P1, &[step(Down)]);
    go(&mut g, P2, &[step(Up)]);
    go(&mut g, P0, &[step(Up)]);
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P2, &[step(Down)]);
    go(&mut g, P0, &[shoot(Right), step(Right)]);
    assert_eq!(g.pl(P1).health, Health::Dead);
    assert!(matches!(g.pl(P0).hand, Hand::Corpse(k) if k.of == Some(P1)));
    go(&mut g, P2, &[step(Up)]);
    go(&mut g, P0, &[step(Right), leave(Thing::Corpse)]);
    assert!(g.pile(c("B1")).corpses.is_empty(), "carried off");
    assert_eq!(g.pile(c("C1")).corpses.first().and_then(|k| k.of), Some(P1));
}

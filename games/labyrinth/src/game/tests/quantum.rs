//! The quantum code, part В of the rule book, section by section (§1.4–§7.9): for each rule of play a
//! case the engine carries out and a case it refuses or that goes the other way.

use super::kit::*;
use crate::game::event::{Arrival, Audience, Blast, Cannot, CellSeen, End, Event, Harm};
use crate::game::order::{Action, Aim, Condition, Light, Order, Part, Pick, Thing};
use crate::game::state::{Hand, Health, Place, Tick, TreasureId};
use crate::game::{Game, Phase, PlayerId, Refusal};
use crate::movement::Move;
use crate::validate::Rule;

const P3: PlayerId = PlayerId(3);

fn arrived(how: Arrival, cell: CellSeen) -> Event {
    Event::Arrived { how, cell }
}

/// A quantum turn: one action, all its events.
fn one(g: &mut Game, who: PlayerId, a: Action) -> Vec<Event> {
    go(g, who, &[a])
}

fn skip(g: &mut Game, who: PlayerId) {
    one(g, who, Action::Skip);
}

fn aim(a: Aim) -> Action {
    Action::Shoot {
        aim: a,
        target: None,
    }
}

/// Six cells of land, 3x2, no inner walls, no exits.
const FIELD: &str = "
labyrinth 3x2 nstop=50
+---+---+---+
| .   .   . |
+   +   +   +
| .   .   . |
+---+---+---+
";

/// A corridor: land, land, land, an arsenal, land, a hospital, land.
const LINE: &str = "
labyrinth 7x1 nstop=50
+---+---+---+---+---+---+---+
| .   .   .   A   .   M   . |
+---+---+---+---+---+---+---+
";

#[test]
fn v1_4_at_least_two_exits_one_of_them_open() {
    // Kodex В §1.4: "В лабиринте должно быть не менее двух выходов, в том числе не менее одного
    // открытого." The quantum code demands the open exit even if the ruleset's flag is off.
    let q = quantum(&[]);
    assert_eq!(problems(MAZE, &q), vec![]);
    let one_exit = MAZE.replace("| .   .   . ~", "| .   .   . |");
    assert_eq!(
        problems(&one_exit, &q),
        vec![Rule::TooFewExits { count: 1, least: 2 }]
    );
    let none_open = MAZE.replace("  .   A   M |", "~ .   A   M |");
    let mut lax = quantum(&[]);
    lax.require_open_exit = false;
    assert_eq!(
        problems(&none_open, &lax),
        vec![Rule::NoOpenExit {
            code: crate::ruleset::Code::Quantum
        }]
    );
    let mut classic_lax = classic(&[]);
    classic_lax.require_open_exit = false;
    assert_eq!(problems(&none_open, &classic_lax), vec![]);
}

#[test]
fn v1_4_an_inner_wall_breaks_and_the_cell_type_never_changes() {
    // Kodex В §1.4: "Такая стенка называется внутренней, ее можно взорвать с помощью гранаты"; "Тип
    // клетки измениться в ходе игры не может."
    let text = "
labyrinth 2x1 nstop=30
+---+---+
| . | A |
+---+---+
";
    let mut g = game(text, quantum(&[]), &["A1", "A1"]);
    assert_eq!(
        one(&mut g, P0, step(Right))[0],
        Event::Bumped { carried_to: None }
    );
    one(&mut g, P1, Action::Blow(Right));
    assert_eq!(
        one(&mut g, P0, step(Right))[0],
        arrived(Arrival::Walked, CellSeen::Arsenal)
    );
}

#[test]
fn v2_1_each_kind_of_action_is_a_whole_turn() {
    // Kodex В §2.1: "Каждый ход представляет собой одно из следующих действий: перемещение, выстрел,
    // подрыв гранаты, установка мины, оставление или бросание на соседнюю клетку клада, трупа,
    // невзведенной мины, гранаты или пули."
    let text = format!("{FIELD}items:\n  B1 fake\n  B1 mine\n  B2 corpse\n");
    let cases: Vec<(Action, Event)> = vec![
        (step(Down), arrived(Arrival::Walked, CellSeen::Land)),
        (
            aim(Aim::Here),
            Event::Shot {
                scream: false,
                bullets: 2,
            },
        ),
        (
            Action::Blow(Up),
            Event::Blown {
                result: Some(Blast::Held),
                grenades: 2,
            },
        ),
        (leave(Thing::Treasure), Event::LeftHere(Thing::Treasure)),
        (
            Action::Throw(Thing::Treasure, Left),
            Event::Thrown(Thing::Treasure, Left),
        ),
        (
            Action::Throw(Thing::Grenades(1), Right),
            Event::Thrown(Thing::Grenades(1), Right),
        ),
        (
            Action::Throw(Thing::Bullets(1), Right),
            Event::Thrown(Thing::Bullets(1), Right),
        ),
    ];
    for (a, first) in cases {
        let mut g = game(&text, quantum(&[]), &["B1", "C2"]);
        let evs = one(&mut g, P0, a);
        assert_eq!(evs[0], first, "{a:?}");
        assert_eq!(evs.last(), Some(&Event::Turn(P1)), "{a:?} is a whole turn");
    }
    // The mine and the corpse: a player finds them on his cell at the start and carries one.
    let mine = format!("{FIELD}items:\n  B1 mine\n");
    for (a, first) in [
        (Action::SetMine(None), Event::MineSet),
        (Action::SetMine(Some(Down)), Event::MineSet),
        (
            Action::Throw(Thing::Mine, Left),
            Event::Thrown(Thing::Mine, Left),
        ),
    ] {
        let mut g = game(&mine, quantum(&[]), &["B1", "C2"]);
        assert_eq!(one(&mut g, P0, a)[0], first, "{a:?}");
    }
    let corpse = format!("{FIELD}items:\n  B1 corpse\n");
    let mut g = game(&corpse, quantum(&[]), &["B1", "C2"]);
    assert_eq!(
        one(&mut g, P0, Action::Throw(Thing::Corpse, Down))[0],
        Event::Thrown(Thing::Corpse, Down)
    );
    assert_eq!(g.pile(c("B2")).corpses.len(), 1);
    // Two actions, or none, are refused.
    let mut g = game(&text, quantum(&[]), &["B1", "C2"]);
    for bad in [
        vec![step(Down), aim(Aim::Here)],
        vec![leave(Thing::Treasure), step(Down)],
        vec![],
    ] {
        assert_eq!(g.play(P0, &Order::of(bad)), Err(Refusal::OneActionOnly));
    }
}

#[test]
fn v2_1_current_only_from_a_river_cycle_only_from_a_pit() {
    // Kodex В §2.1: "по течению реки (только из клетки типа «река») или по циклу (только из клетки типа
    // «яма»)".
    let text = "
labyrinth 4x2 nstop=30
+---+---+---+---+
| >   U   a1  . |
+   +   +   +   +
| .   .   a2  . |
+---+---+---+---+
";
    let mut g = game(text, quantum(&[]), &["A1", "C1"]);
    assert_eq!(
        g.play(P1, &Order::of([Action::Move(Move::Current)])),
        Err(Refusal::NotYourTurn)
    );
    let evs = one(&mut g, P0, Action::Move(Move::Current));
    assert_eq!(evs[0], arrived(Arrival::WithCurrent, CellSeen::Mouth));
    assert_eq!(g.cell_of(P0), Some(c("B1")));
    let evs = one(&mut g, P1, Action::Move(Move::Cycle));
    assert_eq!(evs[0], arrived(Arrival::AlongCycle, CellSeen::Pit));
    assert_eq!(g.cell_of(P1), Some(c("C2")));
    assert_eq!(
        g.play(P0, &Order::of([Action::Move(Move::Current)])),
        Err(Refusal::NotInRiver)
    );
    assert_eq!(
        g.play(P0, &Order::of([Action::Move(Move::Cycle)])),
        Err(Refusal::NotInPit)
    );
    assert_eq!(g.current(), Some(P0), "a refused order loses nothing");
}

#[test]
fn v2_1_shooting_into_ones_own_cell_is_quantum() {
    // Kodex В §2.1: "Выстрелить можно влево, вправо, вверх, вниз или «в ту клетку, где нахожусь»."
    let mut g = game(LINE, quantum(&[]), &["B1", "B1"]);
    let evs = one(&mut g, P0, aim(Aim::Here));
    assert_eq!(
        evs[..2],
        [
            Event::Shot {
                scream: true,
                bullets: 2
            },
            Event::Hit(vec![(P1, Harm::Wounded)])
        ]
    );
    let mut c2 = game(LINE, classic(&[]), &["B1", "B1"]);
    assert_eq!(
        c2.play(P0, &Order::of([aim(Aim::Here), step(Up)])),
        Err(Refusal::NoAimHere)
    );
}

#[test]
fn v2_1_things_go_to_ones_own_or_a_neighbouring_cell_only() {
    // Kodex В §2.1: "Положить (бросить) имущество или установить взведенную мину можно на ту клетку, где
    // находится игрок, или любую соседнюю клетку." Thrown at the border, a thing leaves the maze only
    // through an exit; at a wall it falls at his feet (В §5.2).
    let mut g = game(FIELD, quantum(&[]), &["A1", "C2"]);
    assert_eq!(
        one(&mut g, P0, Action::Throw(Thing::Grenades(1), Up))[0],
        Event::AtFeet(Thing::Grenades(1))
    );
    assert_eq!(g.pile(c("A1")).grenades, 1);
    one(&mut g, P1, Action::Throw(Thing::Grenades(1), Left));
    assert_eq!(g.pile(c("B2")).grenades, 1);
    assert_eq!(g.pile(c("A2")).grenades, 0, "one cell, no further");
}

#[test]
fn v2_2_a_wall_stops_and_the_cell_may_move_him_on() {
    // Kodex В §2.2: "Если движению мешает стенка, то игрок остается на месте … «туда нельзя, стенка»";
    // "игрок, переместившийся в яму, автоматически переносится в следующую яму цикла, а вошедший в
    // результате перемещения в реку — сдвигается по течению реки."
    let text = "
labyrinth 4x2 nstop=30
+---+---+---+---+
| . | a1  >   U |
+   +   +   +   +
| .   a2  .   . |
+---+---+---+---+
";
    let mut g = game(text, quantum(&[]), &["A1", "C2"]);
    let evs = one(&mut g, P0, step(Right));
    assert_eq!(evs[0], Event::Bumped { carried_to: None });
    assert_eq!(g.cell_of(P0), Some(c("A1")));
    let evs = one(&mut g, P1, step(Up));
    assert_eq!(evs[0], arrived(Arrival::CarriedByRiver, CellSeen::Mouth));
    assert_eq!(g.cell_of(P1), Some(c("D1")));
    one(&mut g, P0, step(Down));
    skip(&mut g, P1);
    let evs = one(&mut g, P0, step(Right));
    assert_eq!(evs[0], arrived(Arrival::ThroughPit, CellSeen::Pit));
    assert_eq!(g.cell_of(P0), Some(c("B1")));
}

#[test]
fn v2_3_the_master_names_the_cell_type_and_its_effects_not_the_cell_nor_who_is_there() {
    // Kodex В §2.3: "Ведущий сообщает игроку результат хода, в том числе информацию о клетке, на которую
    // попал игрок, за исключением ее координат и наличия на ней других игроков."
    let text = format!("{FIELD}items:\n  B1 fake\n");
    let mut g = game(&text, quantum(&[]), &["A1", "B1", "C2"]);
    // P1 stands on B1 and carries the fake; P0 arrives: he is told "суша", nothing of P1.
    let told = g.play(P0, &Order::of([step(Right)])).unwrap();
    assert_eq!(
        events(told.clone()),
        vec![arrived(Arrival::Walked, CellSeen::Land), Event::Turn(P1)]
    );
    assert!(told.iter().all(|t| t.to == Audience::All));
    // Consequences of the cell are told: "нашел клад".
    one(&mut g, P1, leave(Thing::Treasure));
    skip(&mut g, P2);
    one(&mut g, P0, step(Left));
    skip(&mut g, P1);
    skip(&mut g, P2);
    let evs = one(&mut g, P0, step(Right));
    assert_eq!(
        evs[1],
        Event::Found(vec![(crate::game::order::ThingKind::Treasure, 1)])
    );
}

/// An exit left of A1; the true treasure on B1, a fake on C1.
const EXIT: &str = "
labyrinth 4x1 nstop=30
+---+---+---+---+
  .   .   .   . |
+---+---+---+---+
items:
  B1 treasure
  C1 fake
";

#[test]
fn v3_1_treasures_lie_on_land() {
    // Kodex В §3.1: "В начале игры на клетках типа «суша» должны находится несколько кладов, из которых
    // один называется истинным, а остальные — ложными."
    let q = quantum(&[]);
    assert_eq!(problems(MAZE, &q), vec![]);
    let on_arsenal = format!("{MAZE}  B1 fake\n");
    assert_eq!(
        problems(&on_arsenal, &q),
        vec![Rule::FakeOffLand {
            on: crate::validate::CellKind::Arsenal
        }]
    );
    let no_true = MAZE.replace("A2 treasure", "A2 fake");
    assert_eq!(problems(&no_true, &q), vec![Rule::NoTreasure]);
}

#[test]
fn v3_2_the_goal_is_to_carry_the_true_treasure_out() {
    // Kodex В §3.2: "выйти за пределы игрового поля через выход, имея при себе истинный клад". Without
    // it, going out wins nothing.
    let mut g = game(EXIT, quantum(&[]), &["B1", "D1"]);
    one(&mut g, P0, step(Left));
    skip(&mut g, P1);
    assert_eq!(
        one(&mut g, P0, step(Left)),
        vec![Event::WentOut, Event::Over(End::Treasure(P0))]
    );
    let mut g = game(EXIT, quantum(&[]), &["A1", "D1"]);
    let evs = one(&mut g, P0, step(Left));
    assert!(!evs.iter().any(|e| matches!(e, Event::Over(_))), "{evs:?}");
    assert_eq!(g.phase(), Phase::Playing);
}

#[test]
fn v3_3_found_a_treasure_the_sick_and_wounded_cannot_carry_it() {
    // Kodex В §3.3: "ты нашел клад" … "Раненый или больной игрок не может носить клад."
    use crate::game::order::ThingKind::Treasure;
    let mut g = game(EXIT, quantum(&[]), &["A1", "D1", "D1"]);
    let evs = one(&mut g, P0, step(Right));
    assert_eq!(evs[1], Event::Found(vec![(Treasure, 1)]));
    assert_eq!(g.pl(P0).hand, Hand::Treasure(TreasureId(0)));
    g.player_mut(P1).health = Health::Wounded;
    g.player_mut(P2).health = Health::Sick { moves_left: None };
    let evs = one(&mut g, P1, step(Left));
    assert!(evs.contains(&Event::Found(vec![(Treasure, 1)])), "{evs:?}");
    assert_eq!(g.pl(P1).hand, Hand::Empty);
    one(&mut g, P2, step(Left));
    assert_eq!(g.pl(P2).hand, Hand::Empty);
    assert_eq!(g.pile(c("C1")).treasures, vec![TreasureId(1)]);
}

#[test]
fn v3_4_a_false_treasure_crumbles_and_he_must_come_back_at_once() {
    // Kodex В §3.4: "Ложный клад вне лабиринта немедленно рассыпается в прах. В этом случае игрок обязан
    // следующим ходом вернуться в лабиринт … Если он не вернулся … он выбывает из игры".
    let text = EXIT
        .replace("B1 treasure", "D1 treasure")
        .replace("C1 fake", "A1 fake");
    let mut g = game(&text, quantum(&[]), &["A1", "D1", "C1"]);
    assert_eq!(
        one(&mut g, P0, step(Left)),
        vec![Event::WentOut, Event::Dust, Event::Turn(P1)]
    );
    skip(&mut g, P1);
    skip(&mut g, P2);
    one(&mut g, P0, step(Right));
    assert_eq!(g.cell_of(P0), Some(c("A1")), "back in: still playing");
    skip(&mut g, P1);
    skip(&mut g, P2);
    // Out again (nothing in hand now), then a wrong step.
    let mut g = game(&text, quantum(&[]), &["A1", "D1", "C1"]);
    one(&mut g, P0, step(Left));
    skip(&mut g, P1);
    skip(&mut g, P2);
    assert_eq!(one(&mut g, P0, step(Up))[0], Event::Lost(P0));
    assert_eq!(g.pl(P0).place, Place::Gone);
    assert_eq!(g.phase(), Phase::Playing);
}

#[test]
fn v3_5_killing_every_rival_wins() {
    // Kodex В §3.5: "Другой … способ выигрыша заключается в том, чтобы уничтожить (убить) всех
    // конкурентов."
    let mut g = game(LINE, quantum(&[]), &["A1", "B1", "B1"]);
    one(&mut g, P0, shoot(Right));
    skip(&mut g, P1);
    skip(&mut g, P2);
    let evs = one(&mut g, P0, shoot(Right));
    assert_eq!(
        evs[1],
        Event::Hit(vec![(P1, Harm::Killed), (P2, Harm::Killed)])
    );
    assert_eq!(evs.last(), Some(&Event::Over(End::LastStanding(P0))));
    // One rival left alive: the game goes on.
    let mut g = game(LINE, quantum(&[]), &["A1", "B1", "C1"]);
    one(&mut g, P0, shoot(Right));
    skip(&mut g, P1);
    skip(&mut g, P2);
    one(&mut g, P0, shoot(Right));
    assert_eq!(g.pl(P1).health, Health::Dead);
    assert_eq!(g.phase(), Phase::Playing);
}

#[test]
fn v3_6_nstop_rounds_without_change_are_a_draw() {
    // Kodex В §3.6: "«Nstop кругов без изменений — игра окончена, НИЧЬЯ!»"; a blown wall is a change.
    let text = EXIT
        .replace("nstop=30", "nstop=3")
        .replace("  .   .   .   . |", "  .   . | .   . |");
    let mut g = game(&text, quantum(&[]), &["C1", "D1"]);
    let round = |g: &mut Game| {
        let mut evs = one(g, P0, step(Up));
        evs.extend(one(g, P1, step(Up)));
        evs
    };
    round(&mut g);
    one(&mut g, P0, Action::Blow(Left));
    one(&mut g, P1, step(Up));
    assert_eq!(g.quiet(), (0, 3), "the wall broke: the count starts again");
    round(&mut g);
    round(&mut g);
    assert_eq!(g.phase(), Phase::Playing);
    assert_eq!(round(&mut g).last(), Some(&Event::Over(End::DrawNstop)));
}

#[test]
fn v3_6_a_treasure_carried_out_is_a_change_too() {
    // Kodex В §3.6: no draw while players "смогли … вынести наружу хотя бы один клад"; a false one
    // carried out counts, though it crumbles.
    let text = "
labyrinth 4x1 nstop=2
+---+---+---+---+
  .   .   .   . |
+---+---+---+---+
items:
  A1 fake
  D1 treasure
";
    let mut g = game(text, quantum(&[]), &["A1", "D1"]);
    one(&mut g, P0, step(Up));
    one(&mut g, P1, step(Up));
    assert_eq!(g.quiet(), (1, 2));
    one(&mut g, P0, step(Left));
    one(&mut g, P1, step(Up));
    assert_eq!(g.quiet(), (0, 2), "the fake went out");
    one(&mut g, P0, step(Right));
    one(&mut g, P1, step(Up));
    one(&mut g, P0, step(Up));
    let evs = one(&mut g, P1, step(Up));
    assert_eq!(evs.last(), Some(&Event::Over(End::DrawNstop)));
}

#[test]
fn v4_1_land_keeps_him_until_he_leaves() {
    // Kodex В §4.1: "Игрок, пришедший на клетку «Суша», остается на этой клетке до тех пор, пока не
    // покинет ее в результате какого-нибудь хода"; "Пришел (попал) на Сушу".
    let mut g = game(FIELD, quantum(&[]), &["A1", "C2"]);
    assert_eq!(
        one(&mut g, P0, step(Right))[0],
        arrived(Arrival::Walked, CellSeen::Land)
    );
    skip(&mut g, P1);
    one(&mut g, P0, Action::Blow(Up));
    skip(&mut g, P1);
    assert_eq!(g.cell_of(P0), Some(c("B1")));
    one(&mut g, P0, step(Down));
    assert_eq!(g.cell_of(P0), Some(c("B2")));
}

#[test]
fn v4_3_the_arsenal_fills_up_unless_asked_otherwise() {
    // Kodex В §4.3: "автоматически дополняет свои запасы пуль и гранат до полного боекомплекта (3 пули и
    // 3 гранаты), если только он сам не попросил ведущего об ином"; one may shoot into an arsenal.
    let mut g = game(LINE, quantum(&[]), &["C1", "E1", "E1"]);
    one(&mut g, P0, shoot(Up));
    one(&mut g, P1, Action::Blow(Up));
    skip(&mut g, P2);
    let evs = one(&mut g, P0, step(Right));
    assert_eq!(
        evs[..2],
        [
            arrived(Arrival::Walked, CellSeen::Arsenal),
            Event::Refilled {
                bullets: 3,
                grenades: 3,
                knives: None
            }
        ]
    );
    let o = Order {
        decline_refill: true,
        ..Order::of([step(Left)])
    };
    let evs = order(&mut g, P1, o);
    assert!(!evs.iter().any(|e| matches!(e, Event::Refilled { .. })));
    assert_eq!(g.pl(P1).grenades, 2);
    // Shooting into the arsenal wounds whoever is there.
    one(&mut g, P2, shoot(Left));
    assert_eq!(g.pl(P1).health, Health::Wounded);
}

#[test]
fn v4_4_a_pit_leads_to_the_next_and_only_its_things_count() {
    // Kodex В §4.4: "мгновенно переносится в следующую яму цикла"; "Имущество, находившееся во входной
    // яме Я1, для него недоступно"; "Попытка выйти из ямы, окончившаяся неудачей … не приводит к
    // перемещению игрока в следующую яму"; "ход по циклу".
    let text = "
labyrinth 4x1 nstop=30
+---+---+---+---+
| .   a1  . | a2|
+---+---+---+---+
items:
  B1 fake
  B1 armed-mine
  D1 grenades 1
";
    let mut g = game(text, quantum(&[]), &["A1", "C1"]);
    one(&mut g, P0, Action::Blow(Up));
    skip(&mut g, P1);
    let evs = one(&mut g, P0, step(Right));
    assert_eq!(evs[0], arrived(Arrival::ThroughPit, CellSeen::Pit));
    assert!(
        !evs.contains(&Event::MineExploded),
        "the entry pit's mine does not touch him"
    );
    assert_eq!(g.cell_of(P0), Some(c("D1")));
    assert_eq!((g.pl(P0).grenades, g.pl(P0).hand), (3, Hand::Empty));
    skip(&mut g, P1);
    assert_eq!(
        one(&mut g, P0, step(Left))[0],
        Event::Bumped { carried_to: None }
    );
    assert_eq!(g.cell_of(P0), Some(c("D1")));
    skip(&mut g, P1);
    let evs = one(&mut g, P0, Action::Move(Move::Cycle));
    assert_eq!(evs[0], arrived(Arrival::AlongCycle, CellSeen::Pit));
    assert!(
        evs.contains(&Event::MineExploded),
        "arriving by the cycle sets it off"
    );
    assert_eq!(g.pl(P0).health, Health::Wounded);
}

#[test]
fn v4_5_a_river_system_ends_in_one_mouth_and_no_wall_crosses_it() {
    // Kodex В §4.5: "Две клетки, связанные течением … имеют общую сторону, которая не может быть
    // стенкой"; "Последовательное движение «по течению» рано или поздно приводит игрока из любой клетки
    // речной системы в Устье".
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
    let q = quantum(&[]);
    assert_eq!(problems(base, &q), vec![]);
    let walled = base.replace("| >   U   M |", "| > | U   M |");
    assert!(
        problems(&walled, &q)
            .iter()
            .any(|r| matches!(r, Rule::RiverThroughWall { .. })),
        "{:?}",
        problems(&walled, &q)
    );
    let into_land = base.replace("| >   U   M |", "| >   .   M |");
    assert!(
        problems(&into_land, &q)
            .iter()
            .any(|r| matches!(r, Rule::RiverIntoNonMouth { .. }))
    );
}

/// A shallow river: A1 → B1 → C1 → the mouth D1, land below.
#[test]
fn v4_6_along_the_river_either_way_and_into_the_mouth() {
    // Kodex В §4.6: "совершает ход в направлении клетки той же реки, связанной с исходной клеткой
    // течением (независимо от направления течения), то он перемещается именно туда, куда шел, при этом
    // ведущий говорит «по реке» или «по реке в устье»".
    let mut g = game(RIVER, quantum(&[]), &["B2", "D2"]);
    one(&mut g, P0, step(Up));
    assert_eq!(
        g.cell_of(P0),
        Some(c("C1")),
        "entered otherwise: carried one cell"
    );
    skip(&mut g, P1);
    let evs = one(&mut g, P0, step(Left));
    assert_eq!(evs[0], arrived(Arrival::AlongRiver, CellSeen::River));
    assert_eq!(
        g.cell_of(P0),
        Some(c("B1")),
        "against the current: no carrying"
    );
    skip(&mut g, P1);
    one(&mut g, P0, step(Right));
    assert_eq!(
        g.cell_of(P0),
        Some(c("C1")),
        "with the current: one cell only"
    );
    skip(&mut g, P1);
    let evs = one(&mut g, P0, step(Right));
    assert_eq!(evs[0], arrived(Arrival::AlongRiver, CellSeen::Mouth));
    assert_eq!(g.cell_of(P0), Some(c("D1")));
}

#[test]
fn v4_6_entering_otherwise_he_is_carried_one_cell() {
    // Kodex В §4.6: "Игрок же, попавший на клетку типа «Река» любым иным способом … немедленно
    // переносится по течению, на следующую клетку"; "Попал в Реку, снесло по течению" / "снесло в Устье".
    let mut g = game(RIVER, quantum(&[]), &["A2", "C2"]);
    let evs = one(&mut g, P0, step(Up));
    assert_eq!(evs[0], arrived(Arrival::CarriedByRiver, CellSeen::River));
    assert_eq!(g.cell_of(P0), Some(c("B1")));
    let evs = one(&mut g, P1, step(Up));
    assert_eq!(evs[0], arrived(Arrival::CarriedByRiver, CellSeen::Mouth));
    assert_eq!(g.cell_of(P1), Some(c("D1")));
    // In the mouth nothing carries him: "в устье течения нет".
    one(&mut g, P0, step(Down));
    let evs = one(&mut g, P1, step(Down));
    assert_eq!(evs[0], arrived(Arrival::Walked, CellSeen::Land));
    one(&mut g, P0, step(Right));
    let evs = one(&mut g, P1, step(Up));
    assert_eq!(evs[0], arrived(Arrival::Walked, CellSeen::Mouth));
    assert_eq!(g.cell_of(P1), Some(c("D1")));
}

#[test]
fn v4_6_no_way_out_of_a_mouth_toward_an_inflowing_river() {
    // Kodex В §4.6: "Из устья невозможно выйти в направлении впадающей реки … ему говорят «нельзя,
    // впадает река» (ход он при этом … теряет)."
    let mut g = game(RIVER, quantum(&[]), &["D1", "A2"]);
    let evs = one(&mut g, P0, step(Left));
    assert_eq!(evs, vec![Event::InflowBlocks, Event::Turn(P1)]);
    assert_eq!(g.cell_of(P0), Some(c("D1")));
    skip(&mut g, P1);
    one(&mut g, P0, step(Down));
    assert_eq!(g.cell_of(P0), Some(c("D2")), "other sides are open");
}

#[test]
fn v4_6_things_are_had_only_where_the_river_left_him() {
    // Kodex В §4.6: "обзаведение имуществом может осуществляться игроком только на той клетке, на которой
    // он оказался в результате хода"; "мина … действуют на игрока лишь если находятся на клетке, на
    // которую игрока снесло"; "Реки переносят игроков … но не переносят брошенное имущество".
    let text = format!("{RIVER}items:\n  A1 fake\n  A1 armed-mine\n  B1 bullets 1\n");
    let mut g = game(&text, quantum(&[]), &["A2", "C2"]);
    one(&mut g, P0, shoot(Down));
    skip(&mut g, P1);
    let evs = one(&mut g, P0, step(Up));
    assert!(!evs.contains(&Event::MineExploded));
    assert_eq!(g.cell_of(P0), Some(c("B1")));
    assert_eq!((g.pl(P0).bullets, g.pl(P0).hand), (3, Hand::Empty));
    skip(&mut g, P1);
    one(&mut g, P0, Action::Throw(Thing::Bullets(1), Right));
    assert_eq!(
        g.pile(c("C1")).bullets,
        1,
        "the river does not carry things"
    );
}

/// A tick at B1 between land, a hospital at D1.
const TICK: &str = "
labyrinth 4x2 nstop=30
+---+---+---+---+
| .   E   .   M |
+   +   +   +   +
| .   .   .   . |
+---+---+---+---+
";

/// Plays until P1 (from A2) is sick on B1; P0 woke the tick and left.
fn sick_p1(rules: &[&str]) -> Game {
    let mut g = game(TICK, quantum(rules), &["A1", "A2"]);
    assert_eq!(
        one(&mut g, P0, step(Right))[..2],
        [
            arrived(Arrival::Walked, CellSeen::Encephalitis),
            Event::TickWoken
        ]
    );
    one(&mut g, P1, step(Right));
    one(&mut g, P0, step(Right));
    assert_eq!(g.tick(c("B1")), Some(Tick::Awake));
    let evs = one(&mut g, P1, step(Up));
    assert!(
        evs.iter().any(|e| matches!(e, Event::Infected { .. })),
        "{evs:?}"
    );
    g
}

#[test]
fn v4_7_the_waker_must_leave_at_once() {
    // Kodex В §4.7: "разбудивший энцефалитного клеща игрок должен немедленно (первым же ходом) покинуть
    // опасную клетку. Начиная со следующего хода … клетка становится заразной."
    let mut g = game(TICK, quantum(&[]), &["A1", "A2"]);
    one(&mut g, P0, step(Right));
    skip(&mut g, P1);
    let evs = one(&mut g, P0, Action::Blow(Up));
    assert!(evs.contains(&Event::Infected { moves: None }), "{evs:?}");
    let mut g = game(TICK, quantum(&[]), &["A1", "A2"]);
    one(&mut g, P0, step(Right));
    skip(&mut g, P1);
    one(&mut g, P0, step(Right));
    assert_eq!(g.pl(P0).health, Health::Healthy);
}

#[test]
fn v4_7_no_cure_time_limit() {
    // Kodex В §4.7 sets no moves to reach a hospital: the sick stay sick, however long.
    let mut g = sick_p1(&[]);
    assert_eq!(g.pl(P1).health, Health::Sick { moves_left: None });
    // Ten rounds: fewer than the plan's Nstop of 30.
    for _ in 0..5 {
        one(&mut g, P0, Action::Blow(Down));
        one(&mut g, P1, step(Down));
        one(&mut g, P0, Action::Blow(Down));
        one(&mut g, P1, step(Up));
    }
    assert_eq!(g.pl(P1).health, Health::Sick { moves_left: None });
    // With a limit (the classic option) he would have died long ago.
    let g = sick_p1(&["cure_limited=yes"]);
    assert_eq!(
        g.pl(P1).health,
        Health::Sick {
            moves_left: Some(6)
        }
    );
}

#[test]
fn v4_7_the_sick_are_told_land_and_cured_become_immune() {
    // Kodex В §4.7: "При попадании больного на заразную клетку ему сообщается «Попал на Сушу»"; "Больной,
    // попавший в медсанбат, не только излечивается … но и приобретает иммунитет".
    let mut g = sick_p1(&[]);
    one(&mut g, P0, step(Down));
    one(&mut g, P1, step(Down));
    one(&mut g, P0, step(Up));
    assert_eq!(
        one(&mut g, P1, step(Up))[0],
        arrived(Arrival::Walked, CellSeen::Land)
    );
    one(&mut g, P0, step(Down));
    one(&mut g, P1, step(Right));
    one(&mut g, P0, step(Up));
    let evs = one(&mut g, P1, step(Right));
    assert_eq!(evs[1], Event::Healed { immune: true });
    assert!(g.pl(P1).immune);
    assert_eq!(g.pl(P1).health, Health::Healthy);
    // The healthy without immunity are told "Энцефалит" and fall sick.
    skip(&mut g, P0);
    one(&mut g, P1, step(Left));
    let evs = one(&mut g, P0, step(Left));
    assert_eq!(evs[0], arrived(Arrival::Walked, CellSeen::Encephalitis));
    assert!(evs.contains(&Event::Infected { moves: None }));
}

#[test]
fn v4_7_a_shot_kills_the_sick_and_leaves_an_infectious_corpse() {
    // Kodex В §4.7: "При выстреле в больного игрока последний умирает, при этом на месте его гибели
    // остается заразный труп. Не имеющий иммунитета здоровый игрок, попавший на клетку с этим трупом,
    // также заражается".
    let mut g = game(TICK, quantum(&[]), &["A2", "B2", "D2"]);
    g.player_mut(P1).health = Health::Sick { moves_left: None };
    let evs = one(&mut g, P0, shoot(Right));
    assert_eq!(evs[1], Event::Hit(vec![(P1, Harm::Killed)]));
    assert_eq!(g.pile(c("B2")).corpses.len(), 1);
    assert!(g.pile(c("B2")).corpses[0].infectious);
    skip(&mut g, P2);
    let evs = one(&mut g, P0, step(Right));
    assert!(evs.contains(&Event::Infected { moves: None }), "{evs:?}");
    // The immune are not touched.
    let mut g = game(TICK, quantum(&[]), &["A2", "B2", "D2"]);
    g.player_mut(P1).health = Health::Sick { moves_left: None };
    g.player_mut(P0).immune = true;
    one(&mut g, P0, shoot(Right));
    skip(&mut g, P2);
    one(&mut g, P0, step(Right));
    assert_eq!(g.pl(P0).health, Health::Healthy);
}

#[test]
fn v4_7_the_wounded_who_catch_it_die() {
    // Kodex В §4.7: "Раненый, заразившийся энцефалитом, немедленно погибает."
    let mut g = game(TICK, quantum(&[]), &["A1", "A2", "D2"]);
    one(&mut g, P0, step(Right));
    skip(&mut g, P1);
    skip(&mut g, P2);
    one(&mut g, P0, step(Right));
    g.player_mut(P1).health = Health::Wounded;
    one(&mut g, P1, step(Up));
    skip(&mut g, P2);
    skip(&mut g, P0);
    let evs = one(&mut g, P1, step(Right));
    assert!(evs.contains(&Event::Died(P1)), "{evs:?}");
    assert_eq!(g.pl(P1).health, Health::Dead);
    assert!(g.pile(c("B1")).corpses.iter().all(|k| !k.infectious));
}

#[test]
fn v5_1_one_big_thing_three_grenades_three_bullets() {
    // Kodex В §5.1: "не более 1 клада (вместо клада можно носить труп или мину), не более 3 гранат и не
    // более 3 пуль"; less valuable is exchanged for more valuable; "Ценности равного ранга … не
    // обмениваются".
    let text = format!(
        "{FIELD}items:\n  A1 corpse\n  B1 mine\n  C1 fake\n  C2 fake\n  B2 grenades 2\n  B2 bullets 2\n"
    );
    let mut g = game(&text, quantum(&[]), &["A1", "A2"]);
    assert!(matches!(g.pl(P0).hand, Hand::Corpse(_)));
    one(&mut g, P0, step(Right));
    assert_eq!(g.pl(P0).hand, Hand::Mine);
    assert_eq!(
        g.pile(c("B1")).corpses.len(),
        1,
        "the corpse is left for the mine"
    );
    skip(&mut g, P1);
    one(&mut g, P0, step(Right));
    assert!(matches!(g.pl(P0).hand, Hand::Treasure(_)));
    assert_eq!(g.pile(c("C1")).mines, 1);
    skip(&mut g, P1);
    let held = g.pl(P0).hand;
    one(&mut g, P0, step(Down));
    assert_eq!(g.pl(P0).hand, held, "equal rank: not exchanged");
    // В §5.8: the master asks which he keeps; the old one.
    g.choose(P0, Pick::Keep).expect("the answer");
    // Full bullets and grenades: those lying stay.
    one(&mut g, P1, step(Right));
    assert_eq!((g.pl(P1).bullets, g.pl(P1).grenades), (3, 3));
    assert_eq!((g.pile(c("B2")).bullets, g.pile(c("B2")).grenades), (2, 2));
}

#[test]
fn v5_2_left_or_thrown_at_a_wall_into_a_pit_or_out() {
    // Kodex В §5.2: "Предметы, брошенные в сторону стенки, остаются на исходной клетке"; "брошенное в
    // яму или в реку, остается на той клетке, куда оно было брошено"; "Если какой-либо остолоп выбросит
    // из лабиринта истинный клад, игра тут же заканчивается вничью!"
    let text = "
labyrinth 3x1 nstop=30
+---+---+---+
  .   a1  a2|
+---+---+---+
items:
  A1 treasure
";
    let mut g = game(text, quantum(&[]), &["A1", "C1"]);
    assert_eq!(
        one(&mut g, P0, Action::Throw(Thing::Grenades(1), Up))[0],
        Event::AtFeet(Thing::Grenades(1))
    );
    one(&mut g, P1, Action::Throw(Thing::Bullets(1), Left));
    assert_eq!(g.pile(c("B1")).bullets, 1, "not moved along the cycle");
    assert_eq!(g.pile(c("C1")).bullets, 0);
    let evs = one(&mut g, P0, Action::Throw(Thing::Treasure, Left));
    assert_eq!(evs.last(), Some(&Event::Over(End::DrawTreasureLost)));
}

#[test]
fn v5_3_three_each_at_the_start_and_loose_ones_to_the_first_who_can() {
    // Kodex В §5.3: "В начале игры каждый игрок имеет 3 пули и 3 гранаты"; "Гранаты и пули, лежащие в
    // лабиринте, немедленно попадают к первому же игроку, способному их взять".
    let text = format!("{FIELD}items:\n  B1 bullets 2\n");
    let mut g = game(&text, quantum(&[]), &["A1", "C1"]);
    assert_eq!((g.pl(P0).bullets, g.pl(P0).grenades), (3, 3));
    one(&mut g, P0, step(Right));
    assert_eq!(g.pile(c("B1")).bullets, 2, "he has three: they stay");
    one(&mut g, P1, shoot(Down));
    one(&mut g, P0, Action::Blow(Up));
    let evs = one(&mut g, P1, step(Left));
    assert!(
        evs.contains(&Event::PickedUp(vec![(
            crate::game::order::ThingKind::Bullets,
            1
        )])),
        "{evs:?}"
    );
    assert_eq!((g.pl(P1).bullets, g.pile(c("B1")).bullets), (3, 1));
}

#[test]
fn v5_4_the_master_tells_what_the_grenade_did_and_grenades_left() {
    // Kodex В §5.4: "сообщается результат («стенка взорвалась», «стенка не взорвалась», «стенки не
    // было») и количество оставшихся у него гранат"; no grenade, no blast.
    let text = "
labyrinth 3x1 nstop=30
+---+---+---+
| . | .   . ~
+---+---+---+
";
    let mut g = game(text, quantum(&[]), &["A1", "C1"]);
    let blast = |g: &mut Game, who| one(g, who, Action::Blow(Right))[0].clone();
    let told = |result, grenades| Event::Blown {
        result: Some(result),
        grenades,
    };
    assert_eq!(blast(&mut g, P0), told(Blast::Broke, 2));
    assert_eq!(
        blast(&mut g, P1),
        told(Blast::Broke, 2),
        "a closed exit opens"
    );
    assert_eq!(blast(&mut g, P0), told(Blast::NoWall, 1));
    assert_eq!(
        one(&mut g, P1, Action::Blow(Down))[0],
        told(Blast::Held, 1),
        "the outer wall holds"
    );
    one(&mut g, P0, Action::Blow(Right));
    skip(&mut g, P1);
    assert_eq!(
        one(&mut g, P0, Action::Blow(Right))[0],
        Event::Cannot(Cannot::NoGrenades)
    );
}

#[test]
fn v5_5_one_cell_range_and_not_the_shooters_own_cell() {
    // Kodex В §5.5: "дальность стрельбы в «квантовом» варианте — не более одной клетки, при этом
    // выстрел влево не поражает противников, находящихся в одной клетке со стреляющим".
    let mut g = game(LINE, quantum(&[]), &["A1", "A1", "C1"]);
    let evs = one(&mut g, P0, shoot(Right));
    assert_eq!(
        evs[0],
        Event::Shot {
            scream: false,
            bullets: 2
        }
    );
    assert_eq!(
        (g.pl(P1).health, g.pl(P2).health),
        (Health::Healthy, Health::Healthy)
    );
    one(&mut g, P1, step(Right));
    let evs = one(&mut g, P2, shoot(Left));
    assert_eq!(evs[1], Event::Hit(vec![(P1, Harm::Wounded)]));
    assert_eq!(g.pl(P0).health, Health::Healthy, "two cells away");
}

#[test]
fn v5_5_several_victims_the_healthy_wounded_the_wounded_and_sick_killed() {
    // Kodex В §5.5: "пуля … ранит всех здоровых и убивает всех раненых и больных на этой клетке
    // (исключая стреляющего)"; the master says who is wounded or killed.
    let mut g = game(LINE, quantum(&[]), &["B1", "C1", "C1", "C1"]);
    g.player_mut(P2).health = Health::Wounded;
    g.player_mut(P3).health = Health::Sick { moves_left: None };
    let evs = one(&mut g, P0, shoot(Right));
    assert_eq!(
        evs[..2],
        [
            Event::Shot {
                scream: true,
                bullets: 2
            },
            Event::Hit(vec![
                (P1, Harm::Wounded),
                (P2, Harm::Killed),
                (P3, Harm::Killed)
            ])
        ]
    );
    assert_eq!(g.pile(c("C1")).corpses.len(), 2);
    assert_eq!(
        g.pile(c("C1"))
            .corpses
            .iter()
            .filter(|k| k.infectious)
            .count(),
        1,
        "only the sick one's corpse infects"
    );
    // A wall between them stops the bullet.
    let walled = LINE.replace("| .   .   .   A", "| .   . | .   A");
    let mut g = game(&walled, quantum(&[]), &["B1", "C1"]);
    let evs = one(&mut g, P0, shoot(Right));
    assert_eq!(
        evs[0],
        Event::Shot {
            scream: false,
            bullets: 2
        }
    );
    assert_eq!(g.pl(P1).health, Health::Healthy);
}

#[test]
fn v5_5_the_wounded_drop_their_hand_but_keep_bullets_and_shoot() {
    // Kodex В §5.5: "Раненый игрок немедленно теряет (роняет) клад, труп или мину"; "Носить гранаты и
    // пули, стрелять и взрывать стенки можно"; he may not throw a treasure to a neighbour.
    let text = format!("{LINE}items:\n  C1 fake\n");
    let mut g = game(&text, quantum(&[]), &["B1", "C1"]);
    one(&mut g, P0, shoot(Right));
    assert_eq!(g.pl(P1).hand, Hand::Empty);
    assert_eq!(g.pile(c("C1")).treasures.len(), 1);
    assert_eq!(g.pl(P1).bullets, 3);
    let evs = one(&mut g, P1, shoot(Left));
    assert_eq!(evs[1], Event::Hit(vec![(P0, Harm::Wounded)]));
    assert_eq!(g.pl(P1).bullets, 2);
    // On his cell lies the treasure; wounded, he cannot take it.
    assert_eq!(g.pl(P1).hand, Hand::Empty);
    let evs = one(&mut g, P0, Action::Blow(Up));
    assert!(matches!(evs[0], Event::Blown { grenades: 2, .. }));
}

#[test]
fn v5_5_no_bullets_is_a_skip_and_the_bullet_is_spent_anyway() {
    // Kodex В §5.5: "Если условие 4 выполнено, то (независимо от условий 1-3) число пуль у стрелявшего
    // уменьшается на единицу. Если же у стрелявшего не было пуль, то попытка выстрела равносильна
    // пропуску хода."
    let mut g = game(LINE, quantum(&[]), &["A1", "G1"]);
    for left in [2, 1, 0] {
        assert_eq!(
            one(&mut g, P0, shoot(Left))[0],
            Event::Shot {
                scream: false,
                bullets: left
            }
        );
        one(&mut g, P1, step(Up));
    }
    assert_eq!(
        one(&mut g, P0, shoot(Right))[0],
        Event::Cannot(Cannot::NoBullets)
    );
    // … and counts as a skip: everybody skipping is a draw (В §6.5).
    let evs = one(&mut g, P1, Action::Skip);
    assert_eq!(evs.last(), Some(&Event::Over(End::DrawAllSkipped)));
}

#[test]
fn v5_5_hospital_spares_arsenal_forbids_shooting_out() {
    // Kodex В §5.5: the master names victims only if "3) стрелявший не находился в арсенале либо
    // медсанбате"; В §4.2: "Игрок, находящийся в Медсанбате, не может быть ранен".
    let mut g = game(LINE, quantum(&[]), &["E1", "F1", "D1"]);
    let evs = one(&mut g, P0, shoot(Right));
    assert_eq!(
        evs[0],
        Event::Shot {
            scream: false,
            bullets: 2
        }
    );
    assert_eq!(g.pl(P1).health, Health::Healthy);
    // The shot is fired and the bullet spent (replaced at once in the arsenal, В §5.3), and the
    // answer says so.
    assert_eq!(
        one(&mut g, P1, shoot(Left))[0],
        Event::ShotWasted { bullets: 2 }
    );
    assert_eq!(
        one(&mut g, P2, shoot(Right))[0],
        Event::ShotWasted { bullets: 3 }
    );
    assert_eq!(g.pl(P0).health, Health::Healthy);
    let evs = one(&mut g, P0, shoot(Left));
    assert_eq!(
        evs[1],
        Event::Hit(vec![(P2, Harm::Wounded)]),
        "into the arsenal"
    );
}

#[test]
fn v5_5_a_shot_from_a_hospital_hits_nobody_but_spends_the_bullet() {
    // Kodex В §5.5: the master names victims only if "3) стрелявший не находился в арсенале либо
    // медсанбате"; "Если условие 4 выполнено, то (независимо от условий 1-3) число пуль у стрелявшего
    // уменьшается на единицу." From an arsenal the bullet is replaced at once (В §5.3).
    let mut g = game(LINE, quantum(&[]), &["F1", "E1", "D1"]);
    assert_eq!(
        one(&mut g, P0, shoot(Left)),
        vec![Event::ShotWasted { bullets: 2 }, Event::Turn(P1)],
        "told that the bullet is spent"
    );
    assert_eq!(g.pl(P1).health, Health::Healthy);
    assert_eq!(g.pl(P0).bullets, 2, "the bullet is spent all the same");
    skip(&mut g, P1);
    one(&mut g, P2, shoot(Right));
    assert_eq!((g.pl(P1).health, g.pl(P2).bullets), (Health::Healthy, 3));
    // Without bullets it is a skip, wherever he stands.
    let mut g = game(LINE, quantum(&["common_start=yes"]), &["F1", "E1"]);
    assert_eq!(
        one(&mut g, P0, shoot(Left))[0],
        Event::Cannot(Cannot::NoBullets)
    );
    let evs = one(&mut g, P1, Action::Skip);
    assert_eq!(evs.last(), Some(&Event::Over(End::DrawAllSkipped)));
}

#[test]
fn v6_6_a_dark_shot_names_no_victim_the_wounded_learn_at_their_turn() {
    // Kodex В §6.6: "в случае, если он стрелял, ведущий не сообщит, ранен ли кто-либо из противников.
    // (Впрочем, раненому сообщат о ранении, когда до него дойдет очередь хода)."
    let mut g = game(LINE, quantum(&[]), &["A1", "B1"]);
    let dark = Order {
        parts: vec![Part::Do(shoot(Right))],
        light: Light::Dark,
        ..Order::default()
    };
    let told = g.play(P0, &dark).unwrap();
    assert_eq!(
        events(told),
        vec![
            Event::DarkAccepted,
            Event::Turn(P1),
            Event::WoundedNotice(P1)
        ]
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
}

#[test]
fn v5_5_whom_a_shot_hit_is_said_once() {
    // Kodex В §5.5: "в ответ ведущий сообщает, кто из противников ранен или убит". The shot's
    // answer names them; the death is not announced again after it, nor the wound when the
    // victim's turn comes, as the classic master must, whose answer is only "вопль" (Б §5.5).
    let mut g = game(FIELD, quantum(&[]), &["A1", "B1"]);
    let evs = one(&mut g, P0, shoot(Right));
    assert!(
        evs.contains(&Event::Hit(vec![(P1, Harm::Wounded)])),
        "{evs:?}"
    );
    assert!(
        !evs.contains(&Event::WoundedNotice(P1)),
        "said twice: {evs:?}"
    );
    skip(&mut g, P1);
    let evs = one(&mut g, P0, shoot(Right));
    assert!(
        evs.contains(&Event::Hit(vec![(P1, Harm::Killed)])),
        "{evs:?}"
    );
    assert!(!evs.contains(&Event::Died(P1)), "said twice: {evs:?}");
    assert_eq!(g.pl(P1).health, Health::Dead);
    // A dark shot names nobody: then the death is announced, and the wound at the victim's turn
    // (Б §6.7 "раненому сообщат о ранении, когда до него дойдет очередь хода").
    let mut g = game(FIELD, quantum(&[]), &["A1", "B1"]);
    g.player_mut(P1).health = Health::Wounded;
    let dark = Order {
        parts: vec![Part::Do(shoot(Right))],
        light: Light::Dark,
        ..Order::default()
    };
    let evs = events(g.play(P0, &dark).unwrap());
    assert!(evs.contains(&Event::Died(P1)), "{evs:?}");
}

#[test]
fn v5_5_what_falls_at_the_shooters_feet_is_his_first() {
    // Kodex В §5.5 leaves the dropped things "на той клетке, где несчастный был ранен", to be "подобрано
    // другими игроками"; В §5.3 gives loose things "к первому же игроку, способному их взять". The
    // engine's documented reading (as Б §5.5's "на лету"): a shooter on the victim's cell takes them at
    // once. A shooter on the next cell does not.
    let text = format!("{LINE}items:\n  B1 fake\n");
    let mut g = game(&text, quantum(&[]), &["B1", "B1", "C1"]);
    assert!(matches!(g.pl(P0).hand, Hand::Treasure(_)));
    skip(&mut g, P0);
    let evs = one(&mut g, P1, aim(Aim::Here));
    assert_eq!(evs[1], Event::Hit(vec![(P0, Harm::Wounded)]));
    assert_eq!(
        evs[2],
        Event::Caught(vec![(crate::game::order::ThingKind::Treasure, 1)])
    );
    assert!(matches!(g.pl(P1).hand, Hand::Treasure(_)));
    let mut g = game(&text, quantum(&[]), &["B1", "C1", "C1"]);
    skip(&mut g, P0);
    one(&mut g, P1, shoot(Left));
    assert_eq!(g.pl(P1).hand, Hand::Empty);
    assert_eq!(g.pile(c("B1")).treasures.len(), 1);
}

#[test]
fn v5_6_a_corpse_of_the_sick_makes_its_cell_infectious() {
    // Kodex В §5.6: "Если погибший был болен энцефалитом, то клетка, где в данный момент находится его
    // труп, также становится заразной." A healthy man's corpse infects nobody.
    let mut g = game(FIELD, quantum(&[]), &["A1", "B1", "A2", "B2"]);
    g.player_mut(P1).health = Health::Sick { moves_left: None };
    g.player_mut(P2).health = Health::Wounded;
    one(&mut g, P0, shoot(Right));
    skip(&mut g, P2);
    one(&mut g, P3, shoot(Left));
    assert_eq!(
        (g.pl(P1).health, g.pl(P2).health),
        (Health::Dead, Health::Dead)
    );
    // P0 walks into the sick man's corpse: infected.
    let evs = one(&mut g, P0, step(Right));
    assert!(evs.contains(&Event::Infected { moves: None }), "{evs:?}");
    let evs = one(&mut g, P3, step(Left));
    assert!(
        !evs.iter().any(|e| matches!(e, Event::Infected { .. })),
        "{evs:?}"
    );
    assert_eq!(g.pl(P3).health, Health::Healthy);
}

#[test]
fn v5_7_mines_lie_are_picked_up_and_set_here_or_next_door() {
    // Kodex В §5.7: "ведущий раскладывает на клетках типа «суша» и «арсенал» произвольное количество
    // мин … невзведенные"; "установить в ту клетку, где он находится, или в соседнюю"; "приход на клетку
    // с миной любого игрока, который начинал свой ход с другой клетки, приводит к взрыву".
    let text = format!("{FIELD}items:\n  A1 mine\n  C1 mine\n");
    let mut g = game(&text, quantum(&[]), &["B1", "B2"]);
    one(&mut g, P0, step(Left));
    assert_eq!(g.pl(P0).hand, Hand::Mine);
    one(&mut g, P1, step(Up));
    assert_eq!(g.pile(c("B1")).mines, 0);
    one(&mut g, P0, Action::SetMine(Some(Right)));
    assert_eq!(g.pile(c("B1")).armed, 1);
    assert_eq!(g.pl(P1).health, Health::Healthy, "setting it harms nobody");
    one(&mut g, P1, step(Right));
    assert_eq!(g.pl(P1).hand, Hand::Mine);
    one(&mut g, P0, step(Down));
    one(&mut g, P1, Action::SetMine(None));
    assert_eq!(g.pile(c("C1")).armed, 1);
    assert_eq!(
        g.pl(P1).health,
        Health::Healthy,
        "he stands on it, harmless"
    );
    one(&mut g, P0, step(Up));
    let evs = one(&mut g, P1, step(Left));
    assert!(evs.contains(&Event::MineExploded), "{evs:?}");
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!(g.pile(c("B1")).armed, 0, "a mine goes off once");
    // Only on his cell or a neighbour's, and no neighbour when §7.1 forbids it.
    let mut g = game(&text, quantum(&["mine_to_neighbour=no"]), &["A1", "B2"]);
    assert_eq!(
        g.play(P0, &Order::of([Action::SetMine(Some(Right))])),
        Err(Refusal::NoMineToNeighbour)
    );
}

#[test]
fn v5_7_blasts_set_through_walls_and_in_depots() {
    // Kodex В §5.7: "Взрыв мины уничтожает все находящиеся на клетке пули и другие мины (но не уничтожает
    // гранаты, трупы и клады)"; set toward a wall it lands on his own cell; "Мины, установленные в
    // Арсенале или Медсанбате, немедленно обезвреживаются".
    let text = "
labyrinth 3x1 nstop=30
+---+---+---+
| . | .   A |
+---+---+---+
items:
  A1 mine
  C1 mine
";
    let mut g = game(text, quantum(&[]), &["A1", "C1"]);
    one(&mut g, P0, Action::SetMine(Some(Right)));
    assert_eq!(g.pile(c("A1")).armed, 1, "a wall: it stays on his cell");
    one(&mut g, P1, Action::SetMine(None));
    assert_eq!(g.pile(c("C1")).armed, 0, "the arsenal's staff disarm it");
    skip(&mut g, P0);
    one(&mut g, P1, step(Left));
    skip(&mut g, P0);
    one(&mut g, P1, Action::Blow(Left));
    one(&mut g, P0, step(Right));
    let evs = one(&mut g, P1, step(Left));
    assert!(evs.contains(&Event::MineExploded), "{evs:?}");
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!((g.pl(P1).bullets, g.pl(P1).grenades), (0, 2));
}

#[test]
fn v5_7_the_master_lays_unarmed_mines_on_land_and_arsenals() {
    // Kodex В §5.7: "перед началом игры ведущий раскладывает на клетках типа «суша» и «арсенал»
    // произвольное количество мин, причем в начале игры все они невзведенные."
    let q = quantum(&[]);
    let laid = format!("{MAZE}  A1 mine\n  B1 mine\n");
    assert_eq!(problems(&laid, &q), vec![]);
    let in_hospital = format!("{MAZE}  C1 mine\n");
    assert_eq!(
        problems(&in_hospital, &q),
        vec![Rule::MineOffLand {
            on: crate::validate::CellKind::Hospital
        }]
    );
    let armed = format!("{MAZE}  A1 armed-mine\n");
    assert_eq!(problems(&armed, &q), vec![Rule::ArmedAtStart]);
}

#[test]
fn v7_1_no_mines_no_ticks_when_agreed() {
    // Kodex В §7.1: "Для упрощения игры можно отказаться от использования мин, энцефалитных клещей".
    let mined = format!("{MAZE}  A1 mine\n");
    let ticked = MAZE.replace("| .   .   . ~", "| .   E   . ~");
    let q = quantum(&[]);
    assert_eq!(problems(&mined, &q), vec![]);
    assert_eq!(problems(&ticked, &q), vec![]);
    let plain = quantum(&["mines=no", "encephalitis=no"]);
    assert_eq!(problems(&mined, &plain), vec![Rule::MinesNotAllowed]);
    assert_eq!(
        problems(&ticked, &plain),
        vec![Rule::EncephalitisNotAllowed]
    );
}

#[test]
fn v5_7_a_mine_falls_unarmed_from_the_wounded_and_a_thrown_corpse_sets_one_off() {
    // Kodex В §5.7: "Если раненый или заразившийся энцефалитом игрок имел при себе мину, то он не может
    // нести ее дальше — мина остается лежать на клетке … оставаясь невзведенной"; "мину можно взорвать,
    // бросив на клетку с взведенной миной чей-нибудь труп".
    let text = format!("{FIELD}items:\n  B1 mine\n  A2 corpse\n  B2 armed-mine\n  B2 bullets 1\n");
    let mut g = game(&text, quantum(&[]), &["A1", "B1", "A2"]);
    one(&mut g, P0, shoot(Right));
    assert_eq!(g.pl(P1).hand, Hand::Empty);
    assert_eq!((g.pile(c("B1")).mines, g.pile(c("B1")).armed), (1, 0));
    skip(&mut g, P1);
    assert_eq!(g.pile(c("B2")).armed, 1);
    one(&mut g, P2, Action::Throw(Thing::Corpse, Right));
    assert_eq!(g.pile(c("B2")).armed, 0, "the corpse set it off");
    assert_eq!(g.pile(c("B2")).bullets, 0, "the blast destroys bullets");
    assert_eq!(g.pile(c("B2")).corpses.len(), 1, "but not corpses");
}

#[test]
fn v5_3_standing_in_an_arsenal_spent_grenades_are_replaced_at_once() {
    // Kodex В §5.3: "Израсходованные пули и гранаты незамедлительно заменяются новыми, если игрок
    // попадает в Арсенал (или находится в оном)." Elsewhere they are not.
    let mut g = game(LINE, quantum(&[]), &["D1", "C1"]);
    one(&mut g, P0, Action::Blow(Up));
    assert_eq!(g.pl(P0).grenades, 3);
    one(&mut g, P1, Action::Blow(Up));
    assert_eq!(g.pl(P1).grenades, 2);
}

#[test]
fn v4_7_what_the_infected_carried_stays_on_the_tick() {
    // Kodex В §4.7: "Больной не может носить ни клад, ни мину, ни труп. Имевшийся у заразившегося клад
    // (мина, труп) остаются лежать на энцефалитной клетке."
    let text = format!("{TICK}items:\n  A2 fake\n");
    let mut g = game(&text, quantum(&[]), &["A1", "A2"]);
    one(&mut g, P0, step(Right));
    one(&mut g, P1, step(Right));
    one(&mut g, P0, step(Right));
    assert!(matches!(g.pl(P1).hand, Hand::Treasure(_)));
    one(&mut g, P1, step(Up));
    assert_eq!(g.pl(P1).hand, Hand::Empty);
    assert_eq!(g.pile(c("B1")).treasures.len(), 1);
    assert_eq!(g.pl(P1).bullets, 3, "bullets he keeps");
}

#[test]
fn v5_7_a_mine_wounds_everyone_on_its_cell_and_kills_the_sick() {
    // Kodex В §5.7: "приводит к взрыву мины и ранению всех игроков, находящихся на клетке с миной";
    // В §4.7: "взрыв мины смертелен для больного".
    let text = format!("{FIELD}items:\n  A1 mine\n");
    let mut g = game(&text, quantum(&[]), &["A1", "B1", "B1", "C1"]);
    g.player_mut(P2).health = Health::Sick { moves_left: None };
    one(&mut g, P0, Action::SetMine(Some(Right)));
    skip(&mut g, P1);
    skip(&mut g, P2);
    let evs = one(&mut g, P3, step(Left));
    assert!(evs.contains(&Event::MineExploded), "{evs:?}");
    assert!(evs.contains(&Event::Died(P2)), "{evs:?}");
    // P3, wounded by the blast, ends his move where the sick man's corpse now lies: infected, and
    // "Раненый, заразившийся энцефалитом, немедленно погибает" (В §4.7, §5.6).
    assert_eq!(
        (g.pl(P1).health, g.pl(P2).health, g.pl(P3).health),
        (Health::Wounded, Health::Dead, Health::Dead)
    );
    assert_eq!(g.pl(P0).health, Health::Healthy, "not on the mine's cell");
    // Without the sick man, the one who came is only wounded.
    let mut g = game(&text, quantum(&[]), &["A1", "B1", "C1"]);
    one(&mut g, P0, Action::SetMine(Some(Right)));
    skip(&mut g, P1);
    one(&mut g, P2, step(Left));
    assert_eq!(
        (g.pl(P1).health, g.pl(P2).health),
        (Health::Wounded, Health::Wounded)
    );
}

#[test]
fn v5_8_several_treasures_keep_or_choose() {
    // Kodex В §5.8: "Никто не может носить два клада одновременно"; the master asks which to carry,
    // "старый" или "вновь найденный"; several on a cell are named from the bottom.
    let text = format!("{FIELD}items:\n  A1 fake\n  B1 fake\n");
    let mut g = game(&text, quantum(&[]), &["A1", "C2"]);
    let mine = g.pl(P0).hand;
    let evs = one(&mut g, P0, step(Right));
    assert!(
        evs.contains(&Event::WhichTreasure {
            carrying: true,
            here: 1
        }),
        "{evs:?}"
    );
    g.choose(P0, Pick::Keep).expect("the answer");
    assert_eq!(g.pl(P0).hand, mine, "\"старый\": he keeps the old one");
    assert_eq!(g.pile(c("B1")).treasures.len(), 1);
    skip(&mut g, P1);
    let o = Order {
        pick: Pick::New,
        ..Order::of([step(Left)])
    };
    order(&mut g, P0, o);
    skip(&mut g, P1);
    let o = Order {
        pick: Pick::New,
        ..Order::of([step(Right)])
    };
    order(&mut g, P0, o);
    assert_eq!(
        g.pl(P0).hand,
        Hand::Treasure(TreasureId(1)),
        "he took the new one"
    );
    assert_eq!(mine, Hand::Treasure(TreasureId(0)));
    assert_eq!(g.pile(c("B1")).treasures, vec![TreasureId(0)]);
}

#[test]
fn v4_6_stepping_from_a_river_onto_an_unlinked_river_cell_carries() {
    // Kodex В §4.6: only a step to "клетки той же реки, связанной с исходной клеткой течением" is a walk
    // "по реке"; a river cell reached "любым иным способом" carries him on.
    let text = "
labyrinth 3x2 nstop=30
+---+---+---+
| >   >   v |
+   +   +   +
| U   <   < |
+---+---+---+
";
    let mut g = game(text, quantum(&[]), &["B1", "C1"]);
    let evs = one(&mut g, P0, step(Down));
    assert_eq!(evs[0], arrived(Arrival::CarriedByRiver, CellSeen::Mouth));
    assert_eq!(g.cell_of(P0), Some(c("A2")));
    let evs = one(&mut g, P1, step(Down));
    assert_eq!(evs[0], arrived(Arrival::AlongRiver, CellSeen::River));
    assert_eq!(
        g.cell_of(P1),
        Some(c("C2")),
        "linked by the current: no carrying"
    );
}

#[test]
fn v4_7_a_woken_tick_infects_from_the_next_round() {
    // Kodex В §4.7: "Начиная со следующего хода (т.е. с момента, когда все игроки сделают по одному
    // ходу), клетка становится заразной." The book's "ход" here is a round ("круг", as in §3.6): the
    // engine's documented reading is that a tick woken in a round infects from the next round on.
    let mut g = game(TICK, quantum(&[]), &["A1", "B2", "D2"]);
    one(&mut g, P0, step(Right));
    let evs = one(&mut g, P1, step(Up));
    assert!(
        !evs.iter().any(|e| matches!(e, Event::Infected { .. })),
        "{evs:?}"
    );
    skip(&mut g, P2);
    assert_eq!(g.tick(c("B1")), Some(Tick::Awake));
    one(&mut g, P0, step(Right));
    assert_eq!(g.pl(P0).health, Health::Healthy, "the waker left at once");
    let evs = one(&mut g, P1, Action::Blow(Up));
    assert!(evs.contains(&Event::Infected { moves: None }), "{evs:?}");
}

#[test]
fn v5_7_a_mine_set_outside_the_maze_is_disarmed() {
    // Kodex В §5.7: "Мина, установленная за пределами лабиринта (например, взведенная и брошенная в
    // сторону открытого выхода) незамедлительно обезвреживается службой внешней охраны".
    let mut g = game(EXIT, quantum(&["start_mines=1"]), &["A1", "D1"]);
    assert_eq!(
        one(&mut g, P0, Action::SetMine(Some(Left)))[0],
        Event::MineSet
    );
    assert_eq!(g.pl(P0).hand, Hand::Empty);
    assert_eq!(g.pile(c("A1")).armed, 0);
    assert_eq!(g.ledger().1.mines, 1, "gone for good");
    one(&mut g, P1, Action::SetMine(Some(Left)));
    assert_eq!(g.pile(c("C1")).armed, 1, "set inside, it lies armed");
}

#[test]
fn v5_8_treasures_are_named_from_the_bottom() {
    // Kodex В §5.8: "«нижний» (попавший на данную клетку раньше всех), «второй снизу», … и «верхний»";
    // "Игрок, пришедший на клетку с несколькими кладами, может выбрать … любой из них".
    let text = format!("{FIELD}items:\n  B1 fake\n  B1 fake\n");
    let (bottom, top) = (TreasureId(0), TreasureId(1));
    let mut g = game(&text, quantum(&[]), &["A1", "C2"]);
    let evs = one(&mut g, P0, step(Right));
    assert!(
        evs.contains(&Event::WhichTreasure {
            carrying: false,
            here: 2
        }),
        "{evs:?}"
    );
    g.choose(P0, Pick::New).expect("the answer");
    assert_eq!(g.pl(P0).hand, Hand::Treasure(top), "\"верхний\"");
    let mut g = game(&text, quantum(&[]), &["A1", "C2"]);
    let o = Order {
        pick: Pick::FromBottom(1),
        ..Order::of([step(Right)])
    };
    order(&mut g, P0, o);
    assert_eq!(g.pl(P0).hand, Hand::Treasure(bottom));
    assert_eq!(g.pile(c("B1")).treasures, vec![top]);
}

#[test]
fn v6_1_v6_2_secret_start_cells_then_their_types_are_told() {
    // Kodex В §6.1: each player names his cell secretly; the order by lot. В §6.2: "ведущий громко и
    // отчетливо объявляет, где (на клетке какого типа) оказался каждый игрок".
    let mut g = Game::new(&plan(LINE), quantum(&[]), 2);
    assert_eq!(
        g.start(&[c("D1"), c("H1")], &[P0, P1]),
        Err(Refusal::OffBoard)
    );
    let told = g.start(&[c("D1"), c("F1")], &[P1, P0]).unwrap();
    assert!(told.iter().all(|t| t.to == Audience::All));
    let evs = events(told);
    assert_eq!(
        evs[..],
        [
            Event::StartsOn(P1, CellSeen::Hospital),
            Event::StartsOn(P0, CellSeen::Arsenal),
            // В §4.3: "Пришел в Арсенал, у тебя 3 пули, 3 гранаты" — told even when full.
            Event::Refilled {
                bullets: 3,
                grenades: 3,
                knives: None
            },
            Event::Turn(P1)
        ]
    );
}

#[test]
fn v6_4_a_player_may_ask_his_status() {
    // Kodex В §6.4: "игрок может уточнить свой статус (здоров ли, сколько имеет пуль, гранат и т.п.)".
    let mut g = game(LINE, quantum(&[]), &["A1", "B1"]);
    one(&mut g, P0, shoot(Right));
    let s = g.status(P1).unwrap();
    assert_eq!((s.health, s.bullets, s.grenades), (Health::Wounded, 3, 3));
    assert_eq!(g.status(P0).unwrap().bullets, 2);
    assert_eq!(g.status(P3), Err(Refusal::NotAPlayer));
}

#[test]
fn v6_5_a_skip_and_all_skipping_is_a_draw() {
    // Kodex В §6.5: "Игрок имеет право пропустить ход. Если все игроки пропускают ход, игра признается
    // ничьей."
    let mut g = game(LINE, quantum(&[]), &["A1", "B1"]);
    assert_eq!(
        one(&mut g, P0, Action::Skip),
        vec![Event::Skipped, Event::Turn(P1)]
    );
    one(&mut g, P1, step(Right));
    skip(&mut g, P0);
    assert_eq!(g.phase(), Phase::Playing, "P1 moved: no draw");
    let evs = one(&mut g, P1, Action::Skip);
    assert_eq!(evs.last(), Some(&Event::Over(End::DrawAllSkipped)));
}

#[test]
fn v6_6_dark_orders_tell_nothing_and_do_everything() {
    // Kodex В §6.6: "ведущий не сообщает игроку ничего, хотя и выполняет все предусмотренные правилами
    // действия"; a wall bump is not told either.
    let text = format!("{FIELD}items:\n  B1 fake\n");
    let mut g = game(&text, quantum(&[]), &["A1", "C2"]);
    let dark = |a| Order {
        parts: vec![Part::Do(a)],
        light: Light::Dark,
        ..Order::default()
    };
    let told = g.play(P0, &dark(step(Right))).unwrap();
    assert_eq!(
        events(told.clone()),
        vec![Event::DarkAccepted, Event::Turn(P1)]
    );
    assert!(
        g.pl(P0).hand != Hand::Empty,
        "the treasure was taken all the same"
    );
    skip(&mut g, P1);
    let told = g.play(P0, &dark(step(Up))).unwrap();
    assert_eq!(events(told), vec![Event::DarkAccepted, Event::Turn(P1)]);
    let mut off = game(&text, quantum(&["dark_orders=no"]), &["A1", "C2"]);
    assert_eq!(off.play(P0, &dark(step(Right))), Err(Refusal::NoDark));
}

#[test]
fn v6_7_half_dark_orders_tell_only_the_wall() {
    // Kodex В §6.7: "«1) Иду вправо — 2) стенки нет» или «1) Иду вправо — 2) нельзя, стенка.»"
    let mut g = game(FIELD, quantum(&[]), &["A1", "C2"]);
    let half = |d| Order {
        parts: vec![Part::Do(step(d))],
        light: Light::HalfDark,
        ..Order::default()
    };
    assert_eq!(
        order(&mut g, P0, half(Right)),
        vec![Event::HalfDark { wall: false }, Event::Turn(P1)]
    );
    skip(&mut g, P1);
    assert_eq!(
        order(&mut g, P0, half(Up)),
        vec![Event::HalfDark { wall: true }, Event::Turn(P1)]
    );
    let mut off = game(FIELD, quantum(&["half_dark_orders=no"]), &["A1", "C2"]);
    assert_eq!(off.play(P0, &half(Right)), Err(Refusal::NoHalfDark));
}

#[test]
fn v6_no_conditional_orders_in_the_quantum_code() {
    // Kodex В §2.1, §6: a turn is one action, so part В has no conditional orders (Б §6.5 has).
    let mut g = game(FIELD, quantum(&[]), &["A1", "C2"]);
    let cond = Order {
        parts: vec![Part::If(Condition::Bumped, vec![Action::Blow(Up)])],
        ..Order::default()
    };
    assert_eq!(g.play(P0, &cond), Err(Refusal::NoConditionals));
    let plain = Order::of([Action::Blow(Up)]);
    assert!(g.play(P0, &plain).is_ok());
}

#[test]
fn v7_1_throwing_may_be_forbidden_leaving_stays() {
    // Kodex В §7.1: "можно запретить … бросание имущества и установку мины в соседнюю клетку".
    let mut g = game(FIELD, quantum(&["throwing=no"]), &["A1", "C2"]);
    assert_eq!(
        g.play(P0, &Order::of([Action::Throw(Thing::Grenades(1), Right)])),
        Err(Refusal::NoThrowing)
    );
    assert_eq!(
        one(&mut g, P0, leave(Thing::Grenades(1)))[0],
        Event::LeftHere(Thing::Grenades(1))
    );
}

#[test]
fn v7_3_wet_powder_and_named_targets() {
    // Kodex В §7.3: "Можно запретить стрельбу из реки («порох в реке отсыревает»)"; "называл конкретного
    // игрока — мишень и пуля ранила только его (причем только если он находится на клетке, указанной
    // стреляющим)".
    let river = "
labyrinth 3x1 nstop=30
+---+---+---+
| >   U   . |
+---+---+---+
";
    let mut g = game(river, quantum(&["shoot_from_river=no"]), &["A1", "B1"]);
    assert_eq!(
        one(&mut g, P0, shoot(Right))[0],
        Event::Cannot(Cannot::WetPowder)
    );
    assert_eq!(g.pl(P1).health, Health::Healthy);
    let mut g = game(river, quantum(&[]), &["A1", "B1"]);
    one(&mut g, P0, shoot(Right));
    assert_eq!(g.pl(P1).health, Health::Wounded);
    let named = |p, at: &str| Action::Shoot {
        aim: Aim::Dir(Right),
        target: Some((p, c(at))),
    };
    let mut g = game(LINE, quantum(&["named_target=yes"]), &["A1", "B1", "B1"]);
    assert_eq!(
        g.play(P0, &Order::of([shoot(Right)])),
        Err(Refusal::TargetRule)
    );
    let evs = one(&mut g, P0, named(P2, "B1"));
    assert_eq!(evs[1], Event::Hit(vec![(P2, Harm::Wounded)]));
    assert_eq!(g.pl(P1).health, Health::Healthy);
    skip(&mut g, P1);
    skip(&mut g, P2);
    one(&mut g, P0, named(P1, "C1"));
    assert_eq!(g.pl(P1).health, Health::Healthy, "not where named");
}

#[test]
fn v7_4_deep_and_torrential_rivers() {
    // Kodex В §7.4: rivers may be "глубокими" (as in the classic code: whoever stands in one is carried
    // every move) or "бурные, которые мгновенно, за один ход … сносят его в устье".
    let mut g = game(RIVER, quantum(&["rivers=torrential"]), &["A2", "D2"]);
    let evs = one(&mut g, P0, step(Up));
    assert_eq!(evs[0], arrived(Arrival::CarriedByRiver, CellSeen::Mouth));
    assert_eq!(g.cell_of(P0), Some(c("D1")));
    let mut g = game(RIVER, quantum(&["rivers=deep"]), &["A1", "D2"]);
    let evs = one(&mut g, P0, step(Up));
    assert_eq!(
        evs[0],
        Event::Bumped {
            carried_to: Some(CellSeen::River)
        }
    );
    assert_eq!(g.cell_of(P0), Some(c("B1")));
    let mut g = game(RIVER, quantum(&[]), &["A1", "D2"]);
    assert_eq!(
        one(&mut g, P0, step(Up))[0],
        Event::Bumped { carried_to: None }
    );
    assert_eq!(
        g.cell_of(P0),
        Some(c("A1")),
        "shallow: a bump carries nobody"
    );
}

#[test]
fn v7_4_things_may_float_downstream() {
    // Kodex В §7.4: "оказавшиеся в реке пули, клады, трупы и другое имущество могут не оставаться на
    // одной клетке, а «плыть» вниз по течению — по клетке за круг"; "В «бурном» варианте все имущество
    // мгновенно … сносится в устье." Without the option they stay (В §4.6).
    let throw_in = |rules: &[&str]| {
        let mut g = game(RIVER, quantum(rules), &["B2", "D2"]);
        one(&mut g, P0, Action::Throw(Thing::Bullets(1), Up));
        one(&mut g, P1, step(Down));
        ["A1", "B1", "C1", "D1"].map(|at| g.pile(c(at)).bullets)
    };
    assert_eq!(throw_in(&[]), [0, 1, 0, 0]);
    assert_eq!(throw_in(&["floating_items=yes"]), [0, 0, 1, 0]);
    assert_eq!(
        throw_in(&["floating_items=yes", "rivers=torrential"]),
        [0, 0, 0, 1]
    );
}

#[test]
fn v7_5_a_common_start_without_bullets_and_grenades() {
    // Kodex В §7.5: "все игроки могут стартовать с одной клетки, выбираемой ведущим, но без пуль и
    // гранат."
    let g = game(LINE, quantum(&["common_start=yes"]), &["B1", "B1"]);
    assert_eq!((g.pl(P0).bullets, g.pl(P0).grenades), (0, 0));
    let g = game(LINE, quantum(&[]), &["B1", "B1"]);
    assert_eq!((g.pl(P0).bullets, g.pl(P0).grenades), (3, 3));
}

#[test]
fn v7_6_a_mine_each_instead_of_mines_in_the_maze() {
    // Kodex В §7.6: "раздать в начале игры по мине каждому игроку".
    let g = game(LINE, quantum(&["start_mines=1"]), &["A1", "C1"]);
    assert_eq!((g.pl(P0).hand, g.pl(P1).hand), (Hand::Mine, Hand::Mine));
    let g = game(LINE, quantum(&[]), &["A1", "C1"]);
    assert_eq!(g.pl(P0).hand, Hand::Empty);
}

#[test]
fn v7_7_skips_and_repeats_may_be_forbidden() {
    // Kodex В §7.7: "Можно запретить пропуск хода и «повторение ходов» (… повторное тыканье в одну и ту
    // же стенку)".
    let mut g = game(
        LINE,
        quantum(&["skip=no", "forbid_repeats=yes"]),
        &["A1", "C1"],
    );
    assert_eq!(g.play(P0, &Order::of([Action::Skip])), Err(Refusal::NoSkip));
    one(&mut g, P0, step(Up));
    one(&mut g, P1, step(Up));
    assert_eq!(g.play(P0, &Order::of([step(Up)])), Err(Refusal::Repeat));
    one(&mut g, P0, step(Right));
    let mut free = game(LINE, quantum(&[]), &["A1", "C1"]);
    one(&mut free, P0, step(Up));
    one(&mut free, P1, step(Up));
    assert_eq!(
        one(&mut free, P0, step(Up))[0],
        Event::Bumped { carried_to: None }
    );
}

#[test]
fn v7_8_what_the_master_says_of_a_blast_may_be_agreed() {
    // Kodex В §7.8: "В разных компаниях принято сообщать, или наоборот, не сообщать о попытке взрыва
    // несуществующей стенки и о том, осталась ли стенка на месте". The quantum preset tells (В §5.4).
    let mut g = game(FIELD, quantum(&["blast_report=no"]), &["A1", "C2"]);
    assert_eq!(
        one(&mut g, P0, Action::Blow(Right))[0],
        Event::Blown {
            result: None,
            grenades: 2
        }
    );
    let mut g = game(FIELD, quantum(&[]), &["A1", "C2"]);
    assert_eq!(
        one(&mut g, P0, Action::Blow(Right))[0],
        Event::Blown {
            result: Some(Blast::NoWall),
            grenades: 2
        }
    );
}

#[test]
fn v7_9_the_last_one_standing_may_need_to_carry_the_treasure_out() {
    // Kodex В §7.9: "последний оставшийся в Лабиринте игрок … не объявляется автоматически победителем, а
    // ему дается некоторое число ходов, в течение которых он должен найти и вынести клад."
    let mut g = game(EXIT, quantum(&["last_standing_moves=3"]), &["B1", "C1"]);
    one(&mut g, P0, shoot(Right));
    one(&mut g, P1, step(Up));
    let evs = one(&mut g, P0, shoot(Right));
    assert!(evs.contains(&Event::Alone { moves: 3 }), "{evs:?}");
    assert_eq!(g.phase(), Phase::Playing);
    one(&mut g, P0, step(Left));
    one(&mut g, P0, step(Left));
    assert_eq!(g.result(), Some(End::Treasure(P0)));
    let mut g = game(EXIT, quantum(&["last_standing_moves=1"]), &["A1", "B1"]);
    one(&mut g, P0, shoot(Right));
    one(&mut g, P1, step(Up));
    one(&mut g, P0, shoot(Right));
    let evs = one(&mut g, P0, step(Up));
    assert_eq!(evs.last(), Some(&Event::Over(End::DrawNobodyLeft)));
}

#[test]
fn v6_6_a_dark_step_onto_a_mine_is_not_told() {
    // Kodex В §6.6: "Также ему ничего не сообщат о подрыве на мине (и вытекающей необходимости искать
    // медсанбат)". In full light he is told.
    let text = format!("{FIELD}items:\n  B1 armed-mine\n");
    let mut g = game(&text, quantum(&[]), &["A1", "C2"]);
    let dark = Order {
        parts: vec![Part::Do(step(Right))],
        light: Light::Dark,
        ..Order::default()
    };
    let mut evs = order(&mut g, P0, dark);
    evs.extend(one(&mut g, P1, Action::Skip));
    evs.extend(one(&mut g, P0, Action::Skip));
    assert_eq!(g.pl(P0).health, Health::Wounded);
    assert!(
        !evs.iter()
            .any(|e| matches!(e, Event::MineExploded | Event::WoundedNotice(_))),
        "{evs:?}"
    );
    let mut g = game(&text, quantum(&[]), &["A1", "C2"]);
    assert!(one(&mut g, P0, step(Right)).contains(&Event::MineExploded));
}

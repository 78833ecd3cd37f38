//! Grenades and shooting: Kodex Б §5.4, §5.5, §7.3, §7.5, §7.8; Kodex В §5.4, §5.5, §7.3.

use super::kit::*;
use crate::board::{Border, InnerWall, Side};
use crate::game::event::{Blast, Cannot, Event, Harm};
use crate::game::order::{Action, Aim, Order, ThingKind};
use crate::game::state::{Hand, Health, Place};
use crate::game::{Game, Refusal};

/// Walls of every kind around B1: breakable right, unbreakable down, a closed exit up.
const WALLS: &str = "
labyrinth 3x2 nstop=30
+---+~~~+---+
| .   . | . |
+   +###+   +
| .   .   . |
+---+---+---+
";

#[test]
fn grenades_break_walls_and_open_closed_exits() {
    // Kodex Б §5.4: a breakable wall goes with the first grenade, an unbreakable one holds, a closed
    // exit becomes an exit; blowing no wall only costs the grenade. The classic master does not say
    // what happened unless agreed (§7.8).
    let mut g = game(WALLS, classic(&[]), &["B1", "A2"]);
    let evs = go(
        &mut g,
        P0,
        &[
            Action::Blow(Right),
            Action::Blow(Down),
            Action::Blow(Up),
            step(Left),
        ],
    );
    assert_eq!(
        evs[0],
        Event::Blown {
            result: None,
            grenades: 2
        }
    );
    assert_eq!(g.board().side(c("B1"), Right), Side::Inner(InnerWall::Open));
    assert_eq!(g.board().side(c("B1"), Down), Side::Inner(InnerWall::Solid));
    assert_eq!(g.board().side(c("B1"), Up), Side::Border(Border::Exit));
    assert_eq!(g.blown(), &[(c("B1"), Right), (c("B1"), Up)]);
    go(&mut g, P1, &[step(Up)]);
    assert_eq!(
        go(&mut g, P0, &[Action::Blow(Up), step(Up)])[0],
        Event::Cannot(Cannot::NoGrenades)
    );
}

#[test]
fn quantum_and_agreed_masters_say_what_the_grenade_did() {
    // Kodex В §5.4: "стенка взорвалась", "стенка не взорвалась", "стенки не было"; §7.8 in Б.
    let mut g = game(WALLS, quantum(&[]), &["B1", "A2"]);
    let blast = |g: &mut Game, who, d| go(g, who, &[Action::Blow(d)])[0].clone();
    assert_eq!(
        blast(&mut g, P0, Right),
        Event::Blown {
            result: Some(Blast::Broke),
            grenades: 2
        }
    );
    assert_eq!(
        blast(&mut g, P1, Down),
        Event::Blown {
            result: Some(Blast::Held),
            grenades: 2
        }
    );
    assert_eq!(
        blast(&mut g, P0, Left),
        Event::Blown {
            result: Some(Blast::NoWall),
            grenades: 1
        }
    );
    let mut g = game(WALLS, classic(&["blast_report=yes"]), &["B1", "A2"]);
    let evs = go(&mut g, P0, &[Action::Blow(Down), step(Left)]);
    assert_eq!(
        evs[0],
        Event::Blown {
            result: Some(Blast::Held),
            grenades: 2
        }
    );
}

/// A corridor: land, land, land, an arsenal, land, a hospital, land.
const LINE: &str = "
labyrinth 7x1 nstop=50
+---+---+---+---+---+---+---+
| .   .   .   A   .   M   . |
+---+---+---+---+---+---+---+
";

#[test]
fn a_bullet_flies_to_the_first_player_and_wounds_all_there() {
    // Kodex Б §5.5: a bullet flies straight to the first obstacle; several players on one cell are all
    // wounded, the shooter excepted; "слышен вопль"; the bullet is spent either way.
    let mut g = game(LINE, classic(&[]), &["A1", "C1", "C1", "E1"]);
    let evs = go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(
        evs[0],
        Event::Shot {
            scream: true,
            bullets: 2
        }
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!(g.pl(P2).health, Health::Wounded);
    assert_eq!(
        g.pl(PlayerId(3)).health,
        Health::Healthy,
        "the bullet stopped at C1"
    );
    assert!(evs.ends_with(&[
        Event::Turn(P1),
        Event::WoundedNotice(P1),
        Event::ReorderOffer { left: 2 }
    ]));
    // A wall stops it.
    let mut g = game(
        &LINE.replace("| .   .   .   A", "| . | .   .   A"),
        classic(&[]),
        &["A1", "B1"],
    );
    assert_eq!(
        go(&mut g, P0, &[shoot(Right), step(Up)])[0],
        Event::Shot {
            scream: false,
            bullets: 2
        }
    );
}

/// A row of land with an open exit left of A1.
const OPEN_LEFT: &str = "
labyrinth 3x1 nstop=30
+---+---+---+
  .   .   . |
+---+---+---+
";

#[test]
fn a_bullet_out_of_an_open_exit_hits_whoever_stands_outside_it() {
    // Kodex Б §5.5: the bullet flies "до первого препятствия -- стенки, медсанбата, арсенала или
    // другого игрока"; an open exit is none of these. Б §5.2 speaks of things "потерянное (по
    // причине смерти или ранения) вне лабиринта": who stands outside can be wounded, and killed.
    let mut g = game(OPEN_LEFT, classic(&["start_mines=0"]), &["C1", "A1"]);
    go(&mut g, P0, &[step(Up)]);
    go(&mut g, P1, &[step(Left)]);
    assert!(matches!(g.pl(P1).place, Place::Outside { .. }));
    let evs = go(&mut g, P0, &[shoot(Left), step(Up)]);
    assert_eq!(
        evs[0],
        Event::Shot {
            scream: true,
            bullets: 2
        }
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!(g.pl(P1).bullets, 0, "dropped outside, and gone");
    assert_eq!(g.ledger().1.bullets, 1 + 3);
    // He is told at his turn; outside, he must still step back in (Б §3.4).
    assert!(evs.contains(&Event::WoundedNotice(P1)));
    go(&mut g, P1, &[step(Right)]);
    assert_eq!(g.cell_of(P1), Some(c("A1")));
    // Wounded outside, a second bullet kills him there, and all he had is lost (Б §5.2).
    let mut g = game(OPEN_LEFT, classic(&["start_mines=0"]), &["C1", "A1"]);
    g.player_mut(P1).health = Health::Wounded;
    go(&mut g, P0, &[step(Up)]);
    go(&mut g, P1, &[step(Left)]);
    let evs = go(&mut g, P0, &[shoot(Left), step(Up)]);
    assert!(evs.contains(&Event::Died(P1)), "{evs:?}");
    assert_eq!(g.pl(P1).place, Place::Gone);
    assert!(g.pile(c("A1")).corpses.is_empty());
    // В §5.2 loses things outside the same way: a quantum shot from the exit cell reaches him too.
    let mut q = game(OPEN_LEFT, quantum(&[]), &["A1", "A1"]);
    go(&mut q, P0, &[Action::Skip]);
    go(&mut q, P1, &[step(Left)]);
    go(&mut q, P0, &[shoot(Left)]);
    assert_eq!(q.pl(P1).health, Health::Wounded);
}

#[test]
fn a_player_wounded_outside_the_maze_is_offered_a_reorder_too() {
    // Kodex Б §5.5: "Когда очередь хода доходит до раненого, ведущий сообщает ему о ранении и
    // предлагает заказать новую клетку" — every wounded player, wherever the bullet found him. §3.4
    // only asks that he be back in the maze after his next turn, which the new cell does.
    let mut g = game(OPEN_LEFT, classic(&["start_mines=0"]), &["C1", "A1"]);
    go(&mut g, P0, &[step(Up)]);
    go(&mut g, P1, &[step(Left)]);
    let evs = go(&mut g, P0, &[shoot(Left), step(Up)]);
    assert!(evs.contains(&Event::ReorderOffer { left: 0 }), "{evs:?}");
    assert!(g.pl(P1).may_reorder);
    g.reorder(P1, c("B1")).expect("a re-order from outside");
    assert_eq!(g.cell_of(P1), Some(c("B1")));
    assert_eq!(g.pl(P1).reorders_left, 0);
    // Back in the maze by the re-order, his movement may go on inside it: §3.4 is satisfied.
    go(&mut g, P1, &[step(Right)]);
    assert_eq!(g.cell_of(P1), Some(c("C1")));
    assert!(g.active(P1));
}

#[test]
fn in_the_classic_code_everyone_on_the_shooters_cell_is_hit() {
    // Kodex Б §5.5: "Игрок, стоящий на одной клетке со стреляющим, будет ранен независимо от
    // направления выстрела."
    let mut g = game(LINE, classic(&[]), &["B1", "B1", "C1"]);
    go(&mut g, P0, &[shoot(Left), step(Up)]);
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!(g.pl(P2).health, Health::Healthy);
}

#[test]
fn arsenals_stop_bullets_but_their_visitors_can_be_hit() {
    // Kodex Б §4.3, §5.5: "в Арсенал стрелять можно"; the bullet stops there; §7.3 may let bullets
    // fly through arsenals and hospitals.
    let mut g = game(LINE, classic(&[]), &["C1", "D1", "E1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(g.pl(P1).health, Health::Wounded);
    let mut g = game(LINE, classic(&[]), &["C1", "E1", "G1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(
        g.pl(P1).health,
        Health::Healthy,
        "stopped in the empty arsenal"
    );
    let mut g = game(
        LINE,
        classic(&["shots_through_depots=yes"]),
        &["C1", "E1", "G1"],
    );
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(g.pl(P1).health, Health::Wounded);
    // Through the hospital: its patients cannot be wounded, but the bullet flies on.
    let mut g = game(
        LINE,
        classic(&["shots_through_depots=yes"]),
        &["E1", "F1", "G1"],
    );
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(
        (g.pl(P1).health, g.pl(P2).health),
        (Health::Healthy, Health::Wounded)
    );
    let mut g = game(LINE, classic(&[]), &["E1", "F1", "G1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(g.pl(P2).health, Health::Healthy);
}

#[test]
fn a_second_wound_kills_but_not_twice_in_a_turn() {
    // Kodex Б §5.5: "Повторное ранение … смертельно"; "нельзя убить человека, выстрелив в него два раза
    // подряд" — he lies on the ground.
    let mut g = game(LINE, classic(&[]), &["A1", "B1", "G1"]);
    let evs = go(&mut g, P0, &[shoot(Right), shoot(Right), step(Up)]);
    assert_eq!(
        evs[1],
        Event::Shot {
            scream: false,
            bullets: 1
        }
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P2, &[step(Up)]);
    let evs = go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert!(evs.contains(&Event::Died(P1)));
}

#[test]
fn the_shooter_catches_what_falls_at_his_feet() {
    // Kodex Б §5.5 "Буратинчик": with one bullet, wounding a fully armed neighbour on his cell he
    // catches the falling bullets and may fire three more shots in the same turn.
    let mut g = game(LINE, classic(&["start_mines=0"]), &["B1", "B1", "C1", "C1"]);
    g.player_mut(P0).bullets = 1;
    g.player_mut(P1).hand = Hand::Mine;
    let evs = go(&mut g, P0, &[shoot(Left), shoot(Right), step(Up)]);
    assert_eq!(
        evs[0],
        Event::Shot {
            scream: true,
            bullets: 0
        }
    );
    assert_eq!(
        evs[1],
        Event::Caught(vec![(ThingKind::Bullets, 3), (ThingKind::Mine, 1)])
    );
    assert_eq!(
        evs[2],
        Event::Shot {
            scream: true,
            bullets: 2
        }
    );
    assert_eq!(g.pl(P2).health, Health::Wounded);
    assert_eq!(g.pl(P0).hand, Hand::Mine);
}

#[test]
fn the_wounded_cannot_shoot_in_the_classic_code() {
    // Kodex Б §5.5: "До излечения … раненый не может … стрелять"; out of bullets: "NoBullets".
    let mut g = game(LINE, classic(&[]), &["A1", "B1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(
        go(&mut g, P1, &[shoot(Left), step(Up)])[0],
        Event::Cannot(Cannot::TooWeak)
    );
    let mut g = game(LINE, classic(&["common_start=yes"]), &["A1", "B1"]);
    assert_eq!(
        go(&mut g, P0, &[shoot(Right), step(Up)])[0],
        Event::Cannot(Cannot::NoBullets)
    );
    assert_eq!(g.pl(P1).health, Health::Healthy);
}

#[test]
fn the_wounded_may_choose_a_new_cell_on_their_next_turn_only() {
    // Kodex Б §5.5: the wounded is told at his turn and may re-order, N−1 times a game, only on the
    // turn right after the wound; the new cell is secret.
    let mut g = game(LINE, classic(&[]), &["A1", "B1", "G1"]);
    assert_eq!(g.reorder(P0, c("C1")), Err(Refusal::NoReorder));
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(g.reorder(P0, c("C1")), Err(Refusal::NotYourTurn));
    let before = g.clone();
    assert_eq!(g.reorder(P1, c("Z9")), Err(Refusal::OffBoard));
    assert_eq!(g, before);
    let told = g.reorder(P1, c("E1")).unwrap();
    assert!(
        public(&told).is_empty(),
        "the new cell is told to him alone"
    );
    assert_eq!(g.cell_of(P1), Some(c("E1")));
    assert_eq!(g.reorder(P1, c("E1")), Err(Refusal::NoReorder), "once");
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P2, &[step(Up)]);
    assert_eq!(g.pl(P1).reorders_left, 1);
    // Not taken on that turn, the right is gone.
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[step(Up)]);
    assert_eq!(g.reorder(P1, c("A1")), Err(Refusal::NotYourTurn));
}

#[test]
fn re_orders_are_n_minus_one_and_none_in_quantum() {
    // Kodex Б §5.5: "Каждый игрок имеет право на N-1 перезаказов"; В (differences, 4): none.
    let mut g = game(LINE, classic(&[]), &["A1", "B1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    g.reorder(P1, c("G1")).unwrap();
    go(&mut g, P1, &[step(Left)]);
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(g.pl(P1).reorders_left, 0);
    let mut q = game(LINE, quantum(&[]), &["A1", "B1"]);
    let told = q.play(P0, &Order::of([shoot(Right)])).unwrap();
    // В §5.5: the shot's answer named him wounded; his turn offers nothing more.
    assert!(public(&told).contains(&Event::Hit(vec![(P1, Harm::Wounded)])));
    assert!(!events(told).contains(&Event::ReorderOffer { left: 0 }));
    assert_eq!(q.reorder(P1, c("G1")), Err(Refusal::NoReorder));
}

#[test]
fn no_re_order_after_a_mine_where_agreed() {
    // Kodex Б §7.5: the right to re-order may not extend to those a mine wounded.
    for (opt, offered) in [
        ("reorder_after_mine=yes", true),
        ("reorder_after_mine=no", false),
    ] {
        let mut g = game(LINE, classic(&[opt]), &["B1", "A1"]);
        go(&mut g, P0, &[Action::SetMine(None), step(Right)]);
        go(&mut g, P1, &[step(Right)]);
        let evs = go(&mut g, P0, &[step(Right)]);
        assert_eq!(g.pl(P1).may_reorder, offered, "{opt}");
        assert!(evs.contains(&Event::WoundedNotice(P1)));
    }
}

#[test]
fn quantum_shots_reach_the_neighbour_and_name_the_victims() {
    // Kodex В §5.5: one cell only, not the shooter's own unless he shoots "в клетку, где нахожусь";
    // the master says who is wounded or killed; a hit kills the wounded.
    let mut g = game(LINE, quantum(&[]), &["B1", "B1", "C1", "D1"]);
    let shot = |d| Action::Shoot {
        aim: d,
        target: None,
    };
    let evs = go(&mut g, P0, &[shot(Aim::Dir(Right))]);
    assert_eq!(evs[1], Event::Hit(vec![(P2, Harm::Wounded)]));
    assert_eq!(g.pl(P1).health, Health::Healthy);
    go(&mut g, P1, &[shot(Aim::Here)]);
    assert_eq!(g.pl(P0).health, Health::Wounded);
    go(&mut g, P2, &[Action::Skip]);
    go(&mut g, PlayerId(3), &[Action::Skip]);
    let evs = go(&mut g, P0, &[shot(Aim::Here)]);
    assert_eq!(evs[1], Event::Hit(vec![(P1, Harm::Wounded)]));
    let evs = go(&mut g, P1, &[shot(Aim::Here)]);
    assert_eq!(evs[1], Event::Hit(vec![(P0, Harm::Killed)]));
    // Classic shots name no cell of one's own.
    let mut c2 = game(LINE, classic(&[]), &["B1", "C1"]);
    assert_eq!(
        c2.play(P0, &Order::of([shot(Aim::Here), step(Up)])),
        Err(Refusal::NoAimHere)
    );
}

#[test]
fn quantum_shot_without_bullets_is_a_skip() {
    // Kodex В §5.5: "Если же у стрелявшего не было пуль, то попытка выстрела равносильна пропуску хода."
    let mut g = game(LINE, quantum(&["common_start=yes"]), &["B1", "C1"]);
    let shot = Action::Shoot {
        aim: Aim::Dir(Right),
        target: None,
    };
    assert_eq!(go(&mut g, P0, &[shot])[0], Event::Cannot(Cannot::NoBullets));
    let evs = go(&mut g, P1, &[Action::Skip]);
    assert!(evs.contains(&Event::Over(crate::game::event::End::DrawAllSkipped)));
}

#[test]
fn range_river_and_named_target_options() {
    // Kodex Б §7.3: range one cell; no shooting from a river; a named target is hit alone, only where
    // named.
    let mut g = game(LINE, classic(&["shot_range=1"]), &["A1", "C1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(g.pl(P1).health, Health::Healthy);
    let river = "
labyrinth 3x1 nstop=30
+---+---+---+
| >   U   . |
+---+---+---+
";
    let mut g = game(river, classic(&["shoot_from_river=no"]), &["A1", "C1"]);
    assert_eq!(
        go(&mut g, P0, &[shoot(Right), step(Up)])[0],
        Event::Cannot(Cannot::WetPowder)
    );
    let named = |p, at: &str| Action::Shoot {
        aim: Aim::Dir(Right),
        target: Some((p, c(at))),
    };
    let mut g = game(LINE, classic(&["named_target=yes"]), &["A1", "C1", "C1"]);
    assert_eq!(
        g.play(P0, &Order::of([shoot(Right), step(Up)])),
        Err(Refusal::TargetRule)
    );
    go(&mut g, P0, &[named(P2, "B1"), named(P2, "C1"), step(Up)]);
    assert_eq!(
        (g.pl(P1).health, g.pl(P2).health),
        (Health::Healthy, Health::Wounded)
    );
    let mut plain = game(LINE, classic(&[]), &["A1", "C1"]);
    assert_eq!(
        plain.play(P0, &Order::of([named(P1, "C1"), step(Up)])),
        Err(Refusal::TargetRule)
    );
}

use crate::game::PlayerId;

//! The encyclopedia's ruleset (seed 003, "Лабиринт" / "Terra incognita"): its base rules ("Базовые
//! правила", "Начало игры", "Ход игры") and the modifications that need no new plan glyphs.

use super::kit::*;
use crate::board::{InnerWall, Side};
use crate::game::event::{Arrival, Blast, Cannot, CellSeen, Event, Idle};
use crate::game::order::{Action, Condition, Order, Part};
use crate::game::state::{Hand, Health};
use crate::game::{Game, Refusal};
use crate::movement::Move;

/// A walled row of land with an arsenal at C1 and a hospital at D1, an exit left of A1.
const ROW: &str = "
labyrinth 4x1 nstop=30
+---+---+---+---+
  .   .   A   M |
+---+---+---+---+
";

/// A river A1 > B1 > C1 > D1 into the mouth E1 above a row of land.
const LONG_RIVER: &str = "
labyrinth 5x2 nstop=30
+---+---+---+---+---+
| >   >   >   >   U |
+   +   +   +   +   +
| .   .   .   .   . |
+---+---+---+---+---+
";

/// Three pits in one cycle, walled cells around the first.
const PITS: &str = "
labyrinth 3x2 nstop=30
+---+---+---+
| a1| .   a2|
+---+   +   +
| a3  .   . |
+---+---+---+
";

fn with(text: &str, items: &str) -> String {
    format!("{text}items:\n{items}")
}

fn knives(g: &Game, p: crate::game::PlayerId) -> u8 {
    g.status(p).unwrap().knives
}

#[test]
fn a_turn_is_one_action_without_conditions() {
    // Encyclopedia, "Ход игры": "Далее игроки по очереди ходят. Они могут: перемещаться …
    // пропускать ход … стрелять … ударить кинжалом … взорвать стену" — one of them a turn.
    let mut g = game(ROW, wiki(&[]), &["A1", "B1"]);
    let two = Order::of([step(Right), Action::Stab]);
    assert_eq!(g.play(P0, &two), Err(Refusal::OneActionOnly));
    let cond = Order {
        parts: vec![Part::If(Condition::Bumped, vec![Action::Skip])],
        ..Order::default()
    };
    assert_eq!(g.play(P0, &cond), Err(Refusal::NoConditionals));
    assert!(g.play(P0, &Order::of([step(Right)])).is_ok());
}

#[test]
fn players_start_with_nothing_and_the_arsenal_gives_three_of_each() {
    // Encyclopedia: "Если игрок попал в Арсенал, то его запас патронов, кинжалов, взрывчатки
    // восстанавливается (по 3 единицы каждого). В начале игры — у игрока ничего нет."
    let mut g = game(ROW, wiki(&[]), &["B1", "A1"]);
    let s = g.status(P0).unwrap();
    assert_eq!((s.bullets, s.grenades, s.knives), (0, 0, 0));
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(evs.contains(&Event::Refilled {
        bullets: 3,
        grenades: 3,
        knives: Some(3)
    }));
    let s = g.status(P0).unwrap();
    assert_eq!((s.bullets, s.grenades, s.knives), (3, 3, 3));
    // The classic arsenal has no knives to speak of.
    let mut c = game(ROW, classic(&[]), &["B1", "A1"]);
    let evs = go(&mut c, P0, &[step(Right)]);
    assert!(
        evs.iter()
            .any(|e| matches!(e, Event::Refilled { knives: None, .. }))
    );
}

#[test]
fn the_knife_wounds_whoever_else_is_on_the_cell() {
    // Encyclopedia: "ударить кинжалом. Если в клетке есть ещё кто-то — он будет ранен."
    let mut g = game(ROW, wiki(&[]), &["C1", "C1", "A1"]);
    assert_eq!(knives(&g, P0), 3, "the arsenal armed him at the start");
    let evs = go(&mut g, P0, &[Action::Stab]);
    // The arsenal he stands in makes up for the knife at once, as for bullets (Б §5.3).
    assert_eq!(
        evs[0],
        Event::Stabbed {
            scream: true,
            knives: 3
        }
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!(g.pl(P2).health, Health::Healthy, "only the striker's cell");
}

#[test]
fn a_knife_is_spent_with_each_blow_and_none_is_no_blow() {
    // Encyclopedia: knives come "по 3 единицы" from the arsenal; without one there is no blow.
    let mut g = game(ROW, wiki(&[]), &["B1", "B1", "A1"]);
    let evs = go(&mut g, P0, &[Action::Stab]);
    assert_eq!(evs[0], Event::Cannot(Cannot::NoKnives));
    assert_eq!(g.pl(P1).health, Health::Healthy);
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P2, &[Action::Skip]);
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[step(Right)]);
    go(&mut g, P2, &[Action::Skip]);
    go(&mut g, P0, &[step(Left)]);
    assert_eq!(knives(&g, P0), 3);
    go(&mut g, P1, &[step(Left)]);
    go(&mut g, P2, &[Action::Skip]);
    let evs = go(&mut g, P0, &[Action::Stab]);
    assert_eq!(
        evs[0],
        Event::Stabbed {
            scream: true,
            knives: 2
        }
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
    let (created, destroyed) = g.ledger();
    assert_eq!((created.knives, destroyed.knives), (6, 1));
}

#[test]
fn the_wounded_use_no_weapon() {
    // Encyclopedia: "Раненый игрок не может применять оружие".
    let mut g = game(ROW, wiki(&[]), &["C1", "C1", "A1"]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P2, &[Action::Skip]);
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[step(Left)]);
    go(&mut g, P2, &[Action::Skip]);
    go(&mut g, P0, &[step(Left)]);
    let evs = go(&mut g, P1, &[Action::Stab]);
    assert_eq!(
        evs[0].clone(),
        Event::Stabbed {
            scream: true,
            knives: 2
        }
    );
    assert_eq!(g.pl(P0).health, Health::Wounded);
    go(&mut g, P2, &[Action::Skip]);
    for a in [Action::Stab, shoot(Left), Action::Blow(Up)] {
        let evs = go(&mut g, P0, &[a]);
        assert_eq!(evs[0], Event::Cannot(Cannot::TooWeak), "{a:?}");
        go(&mut g, P1, &[Action::Skip]);
        go(&mut g, P2, &[Action::Skip]);
    }
    // He keeps his kit: it is only of no use to him until the hospital heals him.
    assert_eq!(g.status(P0).unwrap().bullets, 3);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(!evs.contains(&Event::Healed { immune: false }));
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P2, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(evs.contains(&Event::Healed { immune: false }), "{evs:?}");
    assert_eq!(g.pl(P0).health, Health::Healthy);
}

#[test]
fn nobody_dies_a_second_wound_leaves_him_wounded() {
    // Encyclopedia: the base rules know wounds and the hospital, and no death.
    let text = with(ROW, "  A1 bullets 3\n");
    let mut g = game(&text, wiki(&[]), &["A1", "B1"]);
    go(&mut g, P0, &[shoot(Right)]);
    assert_eq!(g.pl(P1).health, Health::Wounded);
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[shoot(Right)]);
    assert!(evs.contains(&Event::Shot {
        scream: true,
        bullets: 1
    }));
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert!(g.active(P1));
}

#[test]
fn a_bullet_flies_to_the_first_wall_or_player_past_the_shooters_cell() {
    // Encyclopedia: "Пуля летит в указанном направлении до первой встреченной стенки или до клеточки
    // с другим игроком." The shooter's own cell is not on its way; an arsenal does not stop it.
    let text = with(ROW, "  A1 bullets 3\n");
    let mut g = game(&text, wiki(&[]), &["A1", "A1", "D1"]);
    let evs = go(&mut g, P0, &[shoot(Right)]);
    assert!(
        evs.contains(&Event::Shot {
            scream: false,
            bullets: 2
        }),
        "D1 is a hospital: nobody is wounded there ({evs:?})"
    );
    assert_eq!(g.pl(P1).health, Health::Healthy, "the same cell is not hit");
    go(&mut g, P1, &[step(Right)]);
    go(&mut g, P2, &[step(Left)]);
    let evs = go(&mut g, P0, &[shoot(Right)]);
    assert!(evs.contains(&Event::Shot {
        scream: true,
        bullets: 1
    }));
    assert_eq!(
        g.pl(P1).health,
        Health::Wounded,
        "the first player on the line"
    );
    assert_eq!(
        g.pl(P2).health,
        Health::Healthy,
        "the bullet stopped at him"
    );
}

#[test]
fn one_may_shoot_from_the_arsenal() {
    // Encyclopedia: no cell forbids shooting (the Kodex's Б §4.3 does).
    let mut g = game(ROW, wiki(&[]), &["C1", "A1"]);
    let evs = go(&mut g, P0, &[shoot(Left)]);
    assert!(
        evs.iter()
            .any(|e| matches!(e, Event::Shot { scream: true, .. })),
        "{evs:?}"
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
}

#[test]
fn a_wounded_carrier_drops_the_treasure_where_he_was_hit() {
    // Encyclopedia: "Если игрока с кладом ранили, то клад остается на том месте, где был ранен
    // игрок." "Раненый игрок … не может нести клад."
    let text = with(ROW, "  A1 bullets 3\n  C1 treasure\n");
    let mut g = game(&text, wiki(&[]), &["A1", "B1"]);
    go(&mut g, P0, &[Action::Skip]);
    go(&mut g, P1, &[step(Right)]);
    assert!(matches!(g.pl(P1).hand, Hand::Treasure(_)));
    go(&mut g, P0, &[shoot(Right)]);
    assert_eq!(g.pl(P1).hand, Hand::Empty);
    assert_eq!(g.pile(c("C1")).treasures.len(), 1);
    // Wounded, he does not pick it up again.
    go(&mut g, P1, &[step(Left)]);
    go(&mut g, P0, &[Action::Skip]);
    go(&mut g, P1, &[step(Right)]);
    assert_eq!(g.pl(P1).hand, Hand::Empty);
}

#[test]
fn a_treasure_dropped_in_a_river_floats_two_cells_a_move_to_the_mouth() {
    // Encyclopedia: "Если игрок с кладом был ранен в реке, то клад плывет по течению (по две клетки
    // за ход) до Устья и остается там, пока его никто не заберет."
    let text = with(LONG_RIVER, "  C2 bullets 3\n  A2 treasure\n");
    let mut g = game(&text, wiki(&[]), &["C2", "A2"]);
    assert!(matches!(g.pl(P1).hand, Hand::Treasure(_)));
    go(&mut g, P0, &[Action::Skip]);
    let evs = go(&mut g, P1, &[step(Up)]);
    assert!(evs.contains(&Event::Arrived {
        how: Arrival::CarriedByRiver,
        cell: CellSeen::River
    }));
    assert_eq!(
        g.cell_of(P1),
        Some(c("C1")),
        "carried two cells, through one"
    );
    go(&mut g, P0, &[shoot(Up)]);
    assert_eq!(g.pile(c("C1")).treasures.len(), 1);
    go(&mut g, P1, &[step(Down)]);
    assert_eq!(
        g.pile(c("E1")).treasures.len(),
        1,
        "two cells on, the mouth stopping it"
    );
    assert!(g.pile(c("C1")).treasures.is_empty());
}

#[test]
fn a_river_carries_two_cells_a_skip_floats_on_and_the_mouth_holds() {
    // Encyclopedia: "Он сразу смещается по течению на две клетки по реке (то есть через одну) от той
    // клетки куда он вошел. Находясь в речке игрок может … пропускать ходы, плывя по течению. Если
    // игрок попал в Устье, то он никуда не смещается."
    let mut g = game(LONG_RIVER, wiki(&[]), &["A2", "E2"]);
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(g.cell_of(P0), Some(c("C1")));
    go(&mut g, P1, &[step(Up)]);
    assert_eq!(g.cell_of(P1), Some(c("E1")), "the mouth does not move him");
    let evs = go(&mut g, P0, &[Action::Skip]);
    assert_eq!(evs[0], Event::Skipped);
    assert!(evs.contains(&Event::Arrived {
        how: Arrival::WithCurrent,
        cell: CellSeen::Mouth
    }));
    assert_eq!(g.cell_of(P0), Some(c("E1")));
}

#[test]
fn a_pit_leads_to_the_next_and_a_wall_or_a_skip_there_to_the_one_after() {
    // Encyclopedia: "его фишка передвигается на клеточку со следующей дыркой. Следующей для
    // последней дырки считается первая дырка … Если из Дырки игрок ходит и упирается в стену, то ему
    // сообщается, что «стена» и он перемещается в следующую дырку … Игрок, также может пропустить
    // ход, переместившись в следующую дырку."
    let mut g = game(PITS, wiki(&[]), &["B1", "C2"]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert!(evs.contains(&Event::Arrived {
        how: Arrival::ThroughPit,
        cell: CellSeen::Pit
    }));
    assert_eq!(g.cell_of(P0), Some(c("A2")), "a2 leads to a3");
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Down)]);
    assert_eq!(
        evs[0],
        Event::Bumped {
            carried_to: Some(CellSeen::Pit)
        }
    );
    assert_eq!(
        g.cell_of(P0),
        Some(c("A1")),
        "the last pit leads to the first"
    );
    go(&mut g, P1, &[Action::Skip]);
    let evs = go(&mut g, P0, &[Action::Skip]);
    assert_eq!(evs[0], Event::Skipped);
    assert_eq!(g.cell_of(P0), Some(c("C1")));
    // The classic code keeps a player who bumps from a pit where he is (Б §4.4).
    let mut k = game(PITS, classic(&[]), &["A1", "C2"]);
    go(&mut k, P0, &[step(Up)]);
    assert_eq!(k.cell_of(P0), Some(c("A1")));
}

#[test]
fn a_start_in_a_pit_or_a_river_moves_the_player_at_once() {
    // Encyclopedia, "Начало игры": the master "делает соответствующее перемещение фишек (если
    // какие-то игроки попали в Дырку или реку)".
    let g = game(PITS, wiki(&[]), &["A1", "B2"]);
    assert_eq!(g.cell_of(P0), Some(c("C1")));
    let g = game(LONG_RIVER, wiki(&[]), &["B1", "B2"]);
    assert_eq!(g.cell_of(P0), Some(c("D1")));
}

#[test]
fn bombs_blow_a_wall_and_an_unbreakable_one_takes_the_bomb_for_nothing() {
    // Encyclopedia: "взорвать стену в указанном направлении … У игрока есть 3 бомбы"; modification 3:
    // "Некоторые внутренние стены объявляются невзрываемыми. При попытке взрыва такой стены заряд у
    // игрока исчезает, а с лабиринтом ничего не происходит".
    let text = "
labyrinth 3x2 nstop=30
+---+---+---+
| .   A | . |
+   +###+   +
| .   .   . |
+---+---+---+
";
    let mut g = game(text, wiki(&["blast_report=yes"]), &["B1", "A2"]);
    assert_eq!(
        go(&mut g, P0, &[Action::Blow(Right)])[0],
        Event::Blown {
            result: Some(Blast::Broke),
            grenades: 3
        },
        "the arsenal he stands in makes up for the bomb at once"
    );
    assert_eq!(g.board().side(c("B1"), Right), Side::Inner(InnerWall::Open));
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P0, &[step(Down)]);
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[Action::Skip]);
    assert_eq!(
        go(&mut g, P0, &[Action::Blow(Up)])[0],
        Event::Blown {
            result: Some(Blast::Held),
            grenades: 2
        }
    );
    assert_eq!(g.board().side(c("B2"), Up), Side::Inner(InnerWall::Solid));
}

#[test]
fn the_kodex_has_no_knives() {
    // The knife is the encyclopedia's alone.
    let mut g = game(ROW, classic(&[]), &["A1", "B1"]);
    assert_eq!(
        g.play(P0, &Order::of([Action::Stab, step(Right)])),
        Err(Refusal::NoKnifeRule)
    );
}

#[test]
fn a_kick_that_finds_someone_costs_him_his_next_move() {
    // Encyclopedia, modification 18: "Если угадывает — «побитый» пропускает ход."
    let mut g = game(ROW, wiki(&["kick=yes"]), &["A1", "A1", "D1"]);
    let told = g.play(P0, &Order::of([Action::Kick])).unwrap();
    let evs = events(told);
    assert!(evs.contains(&Event::Kicked { hit: true }));
    assert!(evs.contains(&Event::SitsOut(P1, Idle::Kicked)));
    assert_eq!(g.current(), Some(P2));
    go(&mut g, P2, &[Action::Skip]);
    assert_eq!(g.current(), Some(P0));
    go(&mut g, P0, &[Action::Skip]);
    assert_eq!(g.current(), Some(P1), "one move only");
}

#[test]
fn a_kick_at_nobody_breaks_the_kickers_legs() {
    // Encyclopedia, modification 18: "Если не угадал … «сломал ноги» и пропускает ход сам."
    let mut g = game(ROW, wiki(&["kick=yes"]), &["A1", "B1"]);
    let evs = go(&mut g, P0, &[Action::Kick]);
    assert_eq!(evs[0], Event::Kicked { hit: false });
    let evs = go(&mut g, P1, &[Action::Skip]);
    assert!(evs.contains(&Event::SitsOut(P0, Idle::BrokenLegs)));
    assert_eq!(g.current(), Some(P1));
}

#[test]
fn kicking_needs_the_groups_agreement() {
    // Modification 18 is an option: off, the order is refused and nothing changes.
    let mut g = game(ROW, wiki(&[]), &["A1", "A1"]);
    let before = g.clone();
    assert_eq!(
        g.play(P0, &Order::of([Action::Kick])),
        Err(Refusal::NoKickRule)
    );
    assert_eq!(g, before);
}

#[test]
fn a_wall_bumped_keeps_the_move_where_agreed() {
    // Encyclopedia, modification 1: "Если обнаружилось, что по направлению движения стена, ход может
    // не теряться, ведущий может сообщить о стене и просить переходить."
    let mut g = game(ROW, wiki(&["wall_keeps_turn=yes"]), &["B1", "C1"]);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(evs, vec![Event::Bumped { carried_to: None }, Event::Again]);
    assert_eq!(g.current(), Some(P0));
    go(&mut g, P0, &[step(Left)]);
    assert_eq!(g.current(), Some(P1), "a step that went on ends the turn");
    // Without the option a wall costs the move (the base rules: "«стена» … И ход переходит").
    let mut g = game(ROW, wiki(&[]), &["B1", "C1"]);
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(g.current(), Some(P1));
    // The classic code may take it on too.
    let mut g = game(ROW, classic(&["wall_keeps_turn=yes"]), &["B1", "C1"]);
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(g.current(), Some(P0));
}

#[test]
fn a_cycle_move_is_the_wiki_skip_in_a_pit() {
    // The encyclopedia's skip in a pit is the Kodex's "по циклу" (Б §4.4): both are accepted.
    let mut g = game(PITS, wiki(&[]), &["A1", "C2"]);
    assert_eq!(g.cell_of(P0), Some(c("C1")));
    go(&mut g, P0, &[Action::Move(Move::Cycle)]);
    assert_eq!(g.cell_of(P0), Some(c("A2")));
}

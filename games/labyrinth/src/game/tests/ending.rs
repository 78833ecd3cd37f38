//! Winning, losing and draws: Kodex Б §3, §6.6, §7.7, §7.9; Kodex В §3; the session's deadline and
//! removal (the online form of Б §9); saving a game.

use super::kit::*;
use crate::game::event::{Audience, End, Event, Removal};
use crate::game::order::{Action, Order, Pick, Thing};
use crate::game::state::{Hand, Health, Place};
use crate::game::{Game, Phase, Refusal};

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
fn carrying_the_true_treasure_out_wins() {
    // Kodex Б §3.2, §3.4, В §3.4: out of the maze with the true treasure, the game is over.
    let mut g = game(EXIT, classic(&[]), &["B1", "D1"]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[step(Up)]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(evs, vec![Event::WentOut, Event::Over(End::Treasure(P0))]);
    assert_eq!(g.result(), Some(End::Treasure(P0)));
    assert_eq!(g.play(P1, &Order::of([step(Up)])), Err(Refusal::NotInPlay));
}

#[test]
fn a_false_treasure_turns_to_dust_and_he_must_step_back_in() {
    // Kodex Б §3.4: the false treasure outside turns to dust; he must come back by his next move, or
    // he is out of the game. Carried mines vanish outside (Б §5.2).
    let mut g = game(EXIT, quantum(&["start_mines=1"]), &["C1", "D1", "D1"]);
    assert_eq!(
        g.pl(P0).hand,
        Hand::Treasure(crate::game::state::TreasureId(1))
    );
    go(&mut g, P0, &[step(Left)]);
    // B1 holds the true one: asked (Б §5.8), he keeps his own.
    g.choose(P0, Pick::Keep).expect("the answer");
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P2, &[Action::Skip]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P2, &[Action::Skip]);
    let evs = go(&mut g, P0, &[step(Left)]);
    assert_eq!(evs[..2], [Event::WentOut, Event::Dust]);
    assert!(matches!(g.pl(P0).place, Place::Outside { .. }));
    assert_eq!(g.ledger().1.fakes, 1);
    go(&mut g, P1, &[Action::Skip]);
    go(&mut g, P2, &[Action::Skip]);
    assert_eq!(go(&mut g, P0, &[Action::Leave(Thing::Grenades(1))]), {
        let mut v = vec![Event::Cannot(crate::game::event::Cannot::Outside)];
        v.push(Event::Lost(P0));
        v.push(Event::Turn(P1));
        v
    });
    assert_eq!(g.pl(P0).place, Place::Gone);
    // Stepping back in through the same exit saves him.
    let mut g = game(EXIT, classic(&[]), &["A1", "D1"]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[step(Up)]);
    let evs = go(&mut g, P0, &[step(Right)]);
    assert_eq!(g.cell_of(P0), Some(c("A1")));
    assert!(!evs.contains(&Event::Lost(P0)));
    assert_eq!(g.ledger().1.mines, 1, "his mine vanished outside");
}

#[test]
fn one_standing_outside_may_shoot_into_the_maze() {
    // Kodex Б §2.1: a turn is exactly one movement and any permitted actions "как до, так и после
    // перемещения"; Б §3.4 only requires that the movement bring him back in. Nothing bans a shot:
    // his bullet flies into the maze through the exit he stands at (Б §5.5); away from the maze it
    // flies off into the open.
    let mut g = game(EXIT, classic(&[]), &["C1", "D1"]);
    go(&mut g, P0, &[step(Left)]);
    g.choose(P0, Pick::Keep).expect("the answer");
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[step(Down)]);
    assert_eq!(
        go(&mut g, P0, &[step(Left)])[..2],
        [Event::WentOut, Event::Dust]
    );
    go(&mut g, P1, &[step(Left)]);
    let evs = go(&mut g, P0, &[shoot(Left), shoot(Right), step(Right)]);
    assert_eq!(
        evs[..2],
        [
            Event::Shot {
                scream: false,
                bullets: 2
            },
            Event::Shot {
                scream: true,
                bullets: 1
            }
        ]
    );
    assert_eq!(g.pl(P1).health, Health::Wounded);
    assert_eq!(g.cell_of(P0), Some(c("A1")));
    assert!(!evs.contains(&Event::Lost(P0)));
}

#[test]
fn a_wrong_step_from_outside_loses() {
    // Kodex Б §3.4: "Если он не вернулся в лабиринт ближайшим же ходом (например, перепутал направление
    // движения), то он выбывает из игры".
    let mut g = game(EXIT, classic(&[]), &["A1", "D1", "D1"]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P2, &[step(Up)]);
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(evs[0], Event::Lost(P0));
    assert_eq!(g.phase(), Phase::Playing);
}

#[test]
fn the_last_one_standing_wins() {
    // Kodex Б §3.5: killing every rival is a (lesser) win.
    let mut g = game(EXIT, classic(&[]), &["C1", "D1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    go(&mut g, P1, &[step(Up)]);
    let evs = go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert_eq!(
        evs[evs.len() - 2..],
        [Event::Died(P1), Event::Over(End::LastStanding(P0))]
    );
}

#[test]
fn the_last_one_standing_may_have_moves_to_carry_the_treasure_out() {
    // Kodex Б §7.9: he is given some moves to find and carry out the treasure, else it is a draw.
    let mut g = game(EXIT, classic(&["last_standing_moves=2"]), &["C1", "D1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    go(&mut g, P1, &[step(Up)]);
    let evs = go(&mut g, P0, &[shoot(Right), step(Up)]);
    assert!(evs.contains(&Event::Alone { moves: 2 }));
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(
        g.phase(),
        Phase::Playing,
        "the turn he was left alone does not count"
    );
    let evs = go(&mut g, P0, &[step(Up)]);
    assert_eq!(evs.last(), Some(&Event::Over(End::DrawNobodyLeft)));
    let mut g = game(EXIT, classic(&["last_standing_moves=2"]), &["B1", "D1"]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P0, &[shoot(Right), step(Up)]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P0, &[step(Left)]);
    assert_eq!(g.result(), Some(End::Treasure(P0)));
}

#[test]
fn nstop_quiet_rounds_end_in_a_draw() {
    // Kodex Б §3.6: "Один круг без изменений…", …, "Nstop кругов без изменений — игра окончена, НИЧЬЯ!";
    // a wall blown starts the count again.
    let text = EXIT
        .replace("nstop=30", "nstop=5")
        .replace("  .   .   .   . |", "  .   . | .   . |");
    let mut g = game(&text, classic(&[]), &["C1", "D1"]);
    let round = |g: &mut Game| {
        let mut evs = go(g, P0, &[step(Up)]);
        evs.extend(go(g, P1, &[step(Up)]));
        evs
    };
    assert!(!round(&mut g).iter().any(|e| matches!(e, Event::Quiet(_))));
    assert!(round(&mut g).contains(&Event::Quiet(2)));
    go(&mut g, P0, &[Action::Blow(Left), step(Up)]);
    go(&mut g, P1, &[step(Up)]);
    assert_eq!(g.quiet(), (0, 5));
    for _ in 0..4 {
        round(&mut g);
    }
    assert_eq!(g.quiet(), (4, 5));
    assert_eq!(round(&mut g).last(), Some(&Event::Over(End::DrawNstop)));
}

#[test]
fn forbidden_repeats_are_refused_while_they_would_change_nothing() {
    // Kodex Б §7.7: "повторное тыканье в одну и ту же стенку" may be forbidden.
    let mut g = game(EXIT, classic(&["forbid_repeats=yes"]), &["D1", "C1"]);
    go(&mut g, P0, &[step(Right)]);
    go(&mut g, P1, &[step(Up)]);
    assert_eq!(g.play(P0, &Order::of([step(Right)])), Err(Refusal::Repeat));
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(g.play(P1, &Order::of([step(Up)])), Err(Refusal::Repeat));
    go(&mut g, P1, &[step(Down)]);
    go(&mut g, P0, &[step(Right)]);
    // Once someone opens the way, the same move is no repeat.
    let text = EXIT.replace("  .   .   .   . |", "  .   . | .   . |");
    let mut g = game(&text, classic(&["forbid_repeats=yes"]), &["C1", "B1"]);
    go(&mut g, P0, &[step(Left)]);
    go(&mut g, P1, &[Action::Blow(Right), step(Up)]);
    go(&mut g, P0, &[step(Left)]);
    assert_eq!(g.cell_of(P0), Some(c("B1")));
    let mut free = game(EXIT, classic(&[]), &["D1", "C1"]);
    go(&mut free, P0, &[step(Right)]);
    go(&mut free, P1, &[step(Up)]);
    go(&mut free, P0, &[step(Right)]);
}

#[test]
fn a_missed_deadline_skips_even_where_skipping_is_forbidden() {
    // The session's deadline (the online form of Б §9): a skip even under §7.7.
    let mut g = game(EXIT, classic(&["skip=no"]), &["C1", "D1"]);
    assert!(g.skip_for_deadline(P1).is_empty(), "not his turn");
    let told = g.skip_for_deadline(P0);
    assert_eq!(events(told), vec![Event::Skipped, Event::Turn(P1)]);
    assert_eq!(g.pl(P0).missed, 1);
    go(&mut g, P1, &[step(Up)]);
    go(&mut g, P0, &[step(Up)]);
    assert_eq!(g.pl(P0).missed, 0);
}

#[test]
fn a_removed_player_dies_where_he_stands() {
    // Б §9: "На месте его «гибели» остается труп и все его имущество."
    let mut g = game(EXIT, classic(&[]), &["B1", "D1", "D1"]);
    let told = g.remove(P0, Removal::MissedTurns);
    assert_eq!(told[0].event, Event::Removed(P0, Removal::MissedTurns));
    assert!(told.iter().all(|t| t.to == Audience::All));
    assert_eq!(g.pl(P0).health, Health::Dead);
    let pile = g.pile(c("B1"));
    assert_eq!(
        (pile.treasures.len(), pile.corpses.len(), pile.bullets),
        (1, 1, 3)
    );
    assert_eq!(g.current(), Some(P1), "his turn passed on");
    assert!(g.remove(P0, Removal::MissedTurns).is_empty());
    g.remove(P2, Removal::Left);
    assert_eq!(g.result(), Some(End::LastStanding(P1)));
}

#[test]
fn a_saved_game_reads_back_the_same_and_plays_on() {
    // Persistence: a game in play survives serialisation, its derived topology rebuilt.
    let text = "
labyrinth 4x2 nstop=30
+---+---+---+---+
| >   >   a1  U |
+   +   +   +   +
  .   a2  E   M |
+---+---+---+---+
items:
  A2 treasure
  D2 corpse
  C2 armed-mine
";
    let mut g = game(text, classic(&[]), &["A2", "C2"]);
    go(&mut g, P0, &[step(Up)]);
    let saved = toml::to_string(&g).expect("a game serialises");
    let mut back: Game = toml::from_str(&saved).expect("and reads back");
    assert_eq!(back, g);
    let a = go(&mut g, P1, &[step(Left)]);
    let b = go(&mut back, P1, &[step(Left)]);
    assert_eq!(a, b);
    assert_eq!(back, g);
}

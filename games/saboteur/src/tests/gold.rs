//! The end of a round (Конец раунда), the gold (Дележ золота), the next rounds and the end of the
//! game (Начало нового раунда, Завершение игры).

use super::kit::*;
use crate::game::{Event, Game, Order, Phase, PlayerId, Refusal, Role};

/// A game whose `finder` is to move holding `EW`, the tunnel one card short of the gold at `8,0`,
/// with this gold pile (top last).
fn at_the_gold(n: usize, saboteurs: &[usize], finder: PlayerId, pile: Vec<u8>) -> Game {
    let mut g = game(n, &roles(n, saboteurs), "map");
    road(g.rig_board_mut(), 6);
    g.rig_turn(finder);
    g.rig_hand(finder, cards("EW"));
    g.rig_nuggets(pile);
    g
}

/// A pile of 1s with these cards on top (the last on top).
fn pile(top: &[u8]) -> Vec<u8> {
    let mut p = vec![1; 28 - top.len()];
    p.extend_from_slice(top);
    p
}

// Saboteur: Конец раунда — the gold reached ends the round: the goal is turned, the roles shown.
// Saboteur: Дележ золота — the finder draws as many gold cards as there are players.
#[test]
fn reaching_the_gold_ends_the_round_and_the_finder_draws_gold() {
    let mut g = at_the_gold(5, &[2], P0, pile(&[3, 2, 2, 1, 1]));
    let ev = ok(&mut g, P0, "/play EW 7,0");
    assert_eq!(
        ev,
        vec![
            Event::PathPlaced {
                by: P0,
                card: p("EW"),
                cell: c("7,0")
            },
            Event::GoalRevealed {
                cell: c("8,0"),
                gold: true,
                lies: p("NESW")
            },
            Event::RoundOver {
                round: 1,
                diggers_won: true,
                finder: Some(P0),
                roles: roles(5, &[2]),
                saboteurs: 1
            },
            Event::Offered {
                to: P0,
                cards: vec![3, 2, 2, 1, 1]
            },
        ]
    );
    assert_eq!(ev[3].private_to(), Some(P0));
    assert_eq!((g.phase(), g.to_move()), (Phase::Sharing, Some(P0)));
    assert_eq!(g.offered(), &[3, 2, 2, 1, 1]);
    assert_eq!(g.nuggets_len(), 23);
    assert_eq!(g.finder(), Some(P0));
    assert_eq!(
        g.legal(),
        vec![Order::Take(1), Order::Take(2), Order::Take(3)]
    );
}

// Saboteur: Дележ золота — he takes one and passes the rest counter-clockwise to the next digger
// (not a saboteur), and so on until all are taken; some may get more than others.
#[test]
fn the_gold_goes_round_counter_clockwise_skipping_saboteurs() {
    let mut g = at_the_gold(5, &[2], P0, pile(&[3, 2, 2, 1, 1]));
    ok(&mut g, P0, "/play EW 7,0");
    let mut order = vec![];
    while g.phase() == Phase::Sharing {
        let who = g.to_move().unwrap();
        order.push(who);
        let best = *g.offered().iter().max().unwrap();
        let ev = g.play(who, &Order::Take(best), 9).unwrap();
        assert_eq!(
            ev[0],
            Event::Took {
                by: who,
                value: best
            }
        );
        assert_eq!(ev[0].private_to(), Some(who));
        assert_eq!(ev[1], Event::TookGold { by: who });
        assert!(ev[1].is_public());
    }
    // From the finder: 0, then 4, 3, (2 the saboteur skipped), 1, and round again to 0.
    assert_eq!(order, vec![P0, PlayerId(4), P3, P1, P0]);
    let gold: Vec<u32> = g.players().iter().map(|p| p.gold).collect();
    assert_eq!(gold, vec![4, 1, 0, 2, 2]);
    assert_eq!(g.player(P0).nuggets, vec![3, 1]);
    // Saboteur: Начало нового раунда — the player left of the one who moved last begins.
    assert_eq!(
        (g.round(), g.phase(), g.to_move()),
        (2, Phase::Playing, Some(P1))
    );
    assert_eq!(g.nuggets_len(), 23);
}

#[test]
fn only_an_offered_card_can_be_taken_and_only_while_sharing() {
    let mut g = at_the_gold(4, &[], P0, pile(&[3, 2, 1, 1]));
    assert_eq!(refused(&mut g, P0, "/take 1"), Refusal::NotSharing);
    ok(&mut g, P0, "/play EW 7,0");
    ok(&mut g, P0, "/take 3");
    assert_eq!(g.to_move(), Some(P3));
    assert_eq!(refused(&mut g, P3, "/take 3"), Refusal::NotOffered);
    assert_eq!(refused(&mut g, P3, "/discard map"), Refusal::Sharing);
    assert_eq!(refused(&mut g, P0, "/take 2"), Refusal::NotYourTurn);
}

// Saboteur: Дележ золота — the reading for a saboteur who reaches the gold: the first digger
// counter-clockwise from him begins the sharing.
#[test]
fn a_saboteur_finder_shares_from_the_next_digger() {
    let mut g = at_the_gold(5, &[2, 1], P2, pile(&[1, 1, 1, 1, 1]));
    let ev = ok(&mut g, P2, "/play EW 7,0");
    assert!(ev.contains(&Event::Offered {
        to: P0,
        cards: vec![1; 5]
    }));
    assert_eq!(g.to_move(), Some(P0));
}

// Saboteur: Дележ золота (примечание) — with ten players only nine gold cards.
#[test]
fn ten_players_share_nine_gold_cards() {
    let mut g = at_the_gold(10, &[1, 2, 3, 4], P0, pile(&[]));
    ok(&mut g, P0, "/play EW 7,0");
    assert_eq!(g.offered().len(), 9);
}

#[test]
fn a_short_gold_pile_gives_what_it_has() {
    let mut g = at_the_gold(5, &[2], P0, vec![2, 3]);
    ok(&mut g, P0, "/play EW 7,0");
    assert_eq!(g.offered(), &[3, 2]);
    assert_eq!(g.nuggets_len(), 0);
}

// Saboteur: Дележ золота — with only one value offered, he still chooses.
#[test]
fn one_value_offered_is_still_asked() {
    let mut g = at_the_gold(3, &[], P0, pile(&[1, 1, 1]));
    ok(&mut g, P0, "/play EW 7,0");
    assert_eq!(g.legal(), vec![Order::Take(1)]);
}

// Saboteur: Конец раунда — a stone goal reached does not end the round.
#[test]
fn a_stone_reached_goes_on() {
    let mut g = game(4, &[Role::Digger; 4], "ES");
    road(g.rig_board_mut(), 6);
    lay(g.rig_board_mut(), &[("7,0", "NW"), ("7,-1", "NS")]);
    let ev = ok(&mut g, P0, "/play ES 7,-2");
    assert_eq!(
        ev[1],
        Event::GoalRevealed {
            cell: c("8,-2"),
            gold: false,
            lies: p("SW")
        }
    );
    assert!(matches!(ev[2], Event::Drew { by: P0, .. }));
    assert_eq!(
        (g.phase(), g.round(), g.to_move()),
        (Phase::Playing, 1, Some(P1))
    );
}

/// Ends round 1 with nobody able to play, seat 0 moving last, with these saboteurs and gold pile.
fn saboteurs_win(n: usize, saboteurs: &[usize], nuggets: Vec<u8>) -> (Game, Vec<Event>) {
    let mut g = game(n, &roles(n, saboteurs), "");
    g.rig_deck(vec![]);
    g.rig_hand(P0, cards("map"));
    g.rig_nuggets(nuggets);
    let ev = ok(&mut g, P0, "/discard map");
    (g, ev)
}

fn paid(ev: &[Event]) -> Vec<(PlayerId, u32)> {
    ev.iter()
        .filter_map(|e| match *e {
            Event::SaboteursPaid { who, amount } => Some((who, amount)),
            _ => None,
        })
        .collect()
}

// Saboteur: Дележ золота — a lone saboteur gets 4 nuggets, two or three get 3 each, four get 2.
#[test]
fn the_saboteurs_pay_depends_on_how_many_they_are() {
    let (_, ev) = saboteurs_win(4, &[1], gold_cards_shuffled());
    assert_eq!(paid(&ev), vec![(P1, 4)]);
    let (_, ev) = saboteurs_win(5, &[1, 3], gold_cards_shuffled());
    assert_eq!(paid(&ev), vec![(P1, 3), (P3, 3)]);
    let (_, ev) = saboteurs_win(7, &[0, 1, 3], gold_cards_shuffled());
    assert_eq!(paid(&ev), vec![(P0, 3), (P1, 3), (P3, 3)]);
    let (g, ev) = saboteurs_win(10, &[1, 3, 5, 7], gold_cards_shuffled());
    assert_eq!(
        paid(&ev),
        vec![
            (P1, 2),
            (PlayerId(3), 2),
            (PlayerId(5), 2),
            (PlayerId(7), 2)
        ]
    );
    for (who, amount) in paid(&ev) {
        let p = g.player(who);
        assert_eq!(p.gold, amount);
        assert_eq!(p.nuggets.iter().map(|&v| u32::from(v)).sum::<u32>(), amount);
    }
}

// Saboteur: Дележ золота, Примечание — "Если в игре участвуют три или четыре игрока, то может
// случиться так, что вредителя не будет вообще. В таком случае, если золотоискатели не добрались до
// сокровища, то карты «золотой самородок» не делятся": the round ends, nobody is paid, and the
// event says that no saboteur was dealt, for the master to tell it so.
#[test]
fn a_round_lost_with_no_saboteur_dealt_pays_nobody() {
    let (g, ev) = saboteurs_win(4, &[], gold_cards_shuffled());
    assert!(paid(&ev).is_empty(), "{ev:?}");
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Event::RoundOver {
                diggers_won: false,
                saboteurs: 0,
                ..
            }
        )),
        "{ev:?}"
    );
    assert_eq!(g.gold_pile().len(), gold_cards_shuffled().len());
    let (_, ev) = saboteurs_win(4, &[2], gold_cards_shuffled());
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::RoundOver {
            diggers_won: false,
            saboteurs: 1,
            ..
        }
    )));
}

fn gold_cards_shuffled() -> Vec<u8> {
    let mut v = crate::deck::gold_cards();
    v.rotate_left(11);
    v
}

// Saboteur: Дележ золота — a card that would overshoot goes under the pile and he draws again.
#[test]
fn an_overshooting_card_goes_under_the_pile() {
    // Top first: 3 (taken), 3 (overshoots 4: under the pile), 1 (taken).
    let (g, ev) = saboteurs_win(4, &[2], vec![2, 2, 1, 3, 3]);
    assert_eq!(paid(&ev), vec![(P2, 4)]);
    assert_eq!(g.player(P2).nuggets, vec![3, 1]);
    assert_eq!(g.gold_pile(), &[3, 2, 2]);
}

// Saboteur: Дележ золота — the reading when no exact amount can be drawn: he stops once the whole
// pile has been turned without a card he could take.
#[test]
fn a_pile_without_the_exact_amount_does_not_loop() {
    let (g, ev) = saboteurs_win(4, &[2], vec![3, 3]);
    assert_eq!(paid(&ev), vec![(P2, 3)]);
    assert_eq!(g.gold_pile(), &[3]);
    let (g, ev) = saboteurs_win(5, &[1, 2], vec![]);
    assert_eq!(paid(&ev), vec![(P1, 0), (P2, 0)]);
    assert_eq!(g.gold_pile(), &[] as &[u8]);
}

// Saboteur: Дележ золота (примечание) — with no saboteur in the round and no gold reached, nobody
// scores.
#[test]
fn without_saboteurs_a_lost_round_pays_nobody() {
    let (g, ev) = saboteurs_win(3, &[], gold_cards_shuffled());
    assert_eq!(paid(&ev), vec![]);
    assert!(g.players().iter().all(|p| p.gold == 0));
    assert_eq!(g.nuggets_len(), 28);
}

// Saboteur: Начало нового раунда — roles, goals, deck and hands afresh; the gold stays.
#[test]
fn a_new_round_is_dealt_afresh() {
    let (g, ev) = saboteurs_win(4, &[2], gold_cards_shuffled());
    assert_eq!(g.round(), 2);
    assert!(ev.contains(&Event::RoundStarted {
        round: 2,
        first: P1
    }));
    let dealt = ev
        .iter()
        .filter(|e| matches!(e, Event::Dealt { .. }))
        .count();
    assert_eq!(dealt, 4);
    assert_eq!(g.board().tiles().count(), 4, "only the start and the goals");
    assert_eq!(g.board().face_down().len(), 3);
    assert_eq!(g.deck_len(), 67 - 4 * 6);
    assert_eq!(g.discard_len(), 0);
    assert!(
        g.players()
            .iter()
            .all(|p| p.hand.len() == 6 && p.broken.is_empty())
    );
    assert_eq!(g.player(P2).gold, 4, "the gold won stays");
    assert_eq!(g.nuggets_len() + g.player(P2).nuggets.len(), 28);
}

// Saboteur: Завершение игры — after three rounds the most gold wins; ties share first place.
#[test]
fn after_three_rounds_the_game_is_over() {
    let mut g = game(3, &roles(3, &[1]), "");
    for round in 1..=3 {
        assert_eq!(g.round(), round);
        let who = g.to_move().unwrap();
        let saboteur = g.players().iter().position(|p| p.role == Role::Saboteur);
        for i in 0..3 {
            g.rig_hand(PlayerId(i), vec![]);
        }
        g.rig_deck(vec![]);
        g.rig_hand(who, cards("map"));
        let ev = ok(&mut g, who, "/discard map");
        if let Some(s) = saboteur {
            assert!(paid(&ev).contains(&(PlayerId(s as u8), 4)));
        }
        if round == 3 {
            let gold: Vec<u32> = g.players().iter().map(|p| p.gold).collect();
            assert_eq!(ev.last(), Some(&Event::GameOver { gold: gold.clone() }));
            assert_eq!(g.outcome(), Some(gold.clone()));
            let best = *gold.iter().max().unwrap();
            let winners: Vec<PlayerId> = (0..3)
                .filter(|&i| gold[i] == best)
                .map(|i| PlayerId(i as u8))
                .collect();
            assert_eq!(g.winners(), winners);
        } else {
            assert_eq!(g.outcome(), None);
            assert!(g.winners().is_empty());
        }
    }
    assert_eq!((g.phase(), g.to_move()), (Phase::Over, None));
    assert_eq!(g.legal(), vec![]);
    assert_eq!(refused(&mut g, P0, "/pass"), Refusal::GameOver);
    assert_eq!(g.timeout(1), vec![]);
}

#[test]
fn tied_players_share_first_place() {
    let mut g = at_the_gold(3, &[], P0, pile(&[2, 2, 1]));
    // Finish the game quickly: rounds 2 and 3 end with nobody able to play.
    ok(&mut g, P0, "/play EW 7,0");
    ok(&mut g, P0, "/take 2");
    ok(&mut g, P2, "/take 2");
    ok(&mut g, P1, "/take 1");
    for _ in 0..2 {
        for i in 0..3 {
            g.rig_hand(PlayerId(i), vec![]);
            g.rig_role(PlayerId(i), Role::Digger);
        }
        g.rig_deck(vec![]);
        let who = g.to_move().unwrap();
        g.rig_hand(who, cards("map"));
        ok(&mut g, who, "/discard map");
    }
    assert_eq!(g.outcome(), Some(vec![2, 1, 2]));
    assert_eq!(g.winners(), vec![P0, P2]);
}

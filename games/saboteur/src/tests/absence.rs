//! A player who misses his deadline, and one who leaves.

use super::kit::*;
use crate::game::{Event, Order, Phase, PlayerId, Refusal, Role};

#[test]
fn a_missed_turn_discards_a_card_of_his_hand_and_draws() {
    let mut g = game(4, &[Role::Digger; 4], "EW map rockfall");
    let hand = g.player(P0).hand.clone();
    let ev = g.timeout(3);
    assert_eq!(ev[0], Event::TimedOut { who: P0 });
    let Event::Discarded { by: P0, card } = ev[1] else {
        panic!("{ev:?}")
    };
    assert!(hand.contains(&card));
    assert_eq!(ev[2], Event::DiscardedFaceDown { by: P0 });
    assert!(matches!(ev[3], Event::Drew { by: P0, .. }));
    assert_eq!(g.player(P0).hand.len(), 3);
    assert_eq!(g.discard_cards(), &[card]);
    assert_eq!(g.to_move(), Some(P1));
    // The card comes from the seed: some seed discards each of the three.
    let discarded: std::collections::BTreeSet<String> = (0..40)
        .map(|seed| {
            let mut h = game(4, &[Role::Digger; 4], "EW map rockfall");
            match h.timeout(seed)[1] {
                Event::Discarded { card, .. } => card.to_string(),
                ref e => panic!("{e:?}"),
            }
        })
        .collect();
    assert_eq!(discarded.len(), 3);
}

#[test]
fn a_missed_turn_with_an_empty_hand_passes() {
    let mut g = game(4, &[Role::Digger; 4], "map");
    g.rig_deck(vec![]);
    g.rig_hand(P0, vec![]);
    assert_eq!(
        g.timeout(1),
        vec![Event::TimedOut { who: P0 }, Event::Passed { by: P0 }]
    );
    assert_eq!(g.to_move(), Some(P1));
}

#[test]
fn a_missed_choice_of_gold_takes_the_most_valuable_card() {
    let mut g = game(4, &[Role::Digger; 4], "map");
    road(g.rig_board_mut(), 6);
    g.rig_hand(P0, cards("EW"));
    g.rig_nuggets(vec![1, 1, 1, 1, 1, 2, 1, 3]);
    ok(&mut g, P0, "/play EW 7,0");
    let ev = g.timeout(1);
    assert_eq!(
        ev[..2],
        [
            Event::TimedOut { who: P0 },
            Event::Took { by: P0, value: 3 }
        ]
    );
    assert_eq!(g.player(P0).gold, 3);
}

#[test]
fn a_player_who_leaves_is_skipped_and_his_hand_discarded() {
    let mut g = game(4, &[Role::Digger; 4], "EW map");
    g.rig_broken(P1, vec![crate::card::Tool::Lamp]);
    let ev = g.remove(P1);
    assert_eq!(ev, vec![Event::Removed { who: P1 }]);
    assert!(g.player(P1).out && g.player(P1).hand.is_empty() && g.player(P1).broken.is_empty());
    assert_eq!(
        g.discard_len(),
        3,
        "two cards of his hand and the broken lamp"
    );
    ok(&mut g, P0, "/discard map");
    assert_eq!(g.to_move(), Some(P2));
    assert_eq!(g.remove(P1), vec![], "gone already");
    assert_eq!(g.remove(PlayerId(9)), vec![], "no such seat");
    let before = g.clone();
    assert_eq!(g.play(P1, &Order::Pass, 1), Err(Refusal::NotAPlayer));
    assert_eq!(g, before);
}

#[test]
fn when_the_one_to_move_leaves_the_turn_passes() {
    let mut g = game(4, &[Role::Digger; 4], "EW map");
    g.remove(P0);
    assert_eq!(g.to_move(), Some(P1));
}

#[test]
fn a_chooser_who_leaves_passes_the_gold_on() {
    let mut g = game(4, &[Role::Digger; 4], "map");
    road(g.rig_board_mut(), 6);
    g.rig_hand(P0, cards("EW"));
    ok(&mut g, P0, "/play EW 7,0");
    let offered = g.offered().to_vec();
    let ev = g.remove(P0);
    assert_eq!(
        ev,
        vec![
            Event::Removed { who: P0 },
            Event::Offered {
                to: P3,
                cards: offered
            }
        ]
    );
    assert_eq!((g.phase(), g.to_move()), (Phase::Sharing, Some(P3)));
    // Nobody chooses for the one who left, later either.
    while g.phase() == Phase::Sharing {
        let who = g.to_move().unwrap();
        assert_ne!(who, P0);
        g.timeout(2);
    }
    assert_eq!(g.player(P0).gold, 0);
}

#[test]
fn when_the_last_cards_leave_with_a_player_the_round_ends() {
    let mut g = game(4, &roles(4, &[0]), "");
    g.rig_deck(vec![]);
    g.rig_hand(P2, cards("map"));
    let ev = g.remove(P2);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::RoundOver {
            diggers_won: false,
            ..
        }
    )));
    assert!(ev.contains(&Event::SaboteursPaid { who: P0, amount: 4 }));
    assert_eq!(g.round(), 2);
    assert!(
        g.player(P2).hand.is_empty(),
        "no cards dealt to a player who left"
    );
    assert_eq!(g.cast(), &[P0, P1, P3]);
}

#[test]
fn when_everybody_leaves_the_game_is_over() {
    let mut g = game(3, &[Role::Digger; 3], "map");
    g.remove(P0);
    g.remove(P1);
    let ev = g.remove(P2);
    assert_eq!(
        ev,
        vec![
            Event::Removed { who: P2 },
            Event::GameOver {
                gold: vec![0, 0, 0]
            }
        ]
    );
    assert_eq!((g.phase(), g.to_move()), (Phase::Over, None));
    assert!(g.winners().is_empty());
}

#[test]
fn two_players_left_play_on() {
    let mut g = game(3, &[Role::Digger; 3], "map EW");
    g.remove(P1);
    ok(&mut g, P0, "/discard map");
    assert_eq!(g.to_move(), Some(P2));
    ok(&mut g, P2, "/discard map");
    assert_eq!(g.to_move(), Some(P0));
}

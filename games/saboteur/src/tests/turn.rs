//! A turn (Ход игры) and the path cards (Ход картой «путь»).

use super::kit::*;
use crate::card::{Card, Tool};
use crate::game::{Event, Order, Refusal, Role};

// Saboteur: Ход игры — play a card, then draw the top card; the next player clockwise moves.
#[test]
fn a_path_card_is_laid_and_the_player_draws() {
    let mut g = game(4, &[Role::Digger; 4], "EW NS map");
    let deck = g.deck_len();
    let top = *g.deck_cards().last().unwrap();
    let ev = ok(&mut g, P0, "/play EW 1,0");
    assert_eq!(
        ev,
        vec![
            Event::PathPlaced {
                by: P0,
                card: p("EW"),
                cell: c("1,0")
            },
            Event::Drew { by: P0, card: top },
        ]
    );
    assert_eq!(ev[1].private_to(), Some(P0));
    assert_eq!(g.deck_len(), deck - 1);
    assert_eq!(g.player(P0).hand, vec![card("NS"), card("map"), top]);
    assert_eq!(g.to_move(), Some(P1));
}

#[test]
fn only_the_one_to_move_plays_and_only_what_he_holds() {
    let mut g = game(4, &[Role::Digger; 4], "EW map");
    assert_eq!(refused(&mut g, P1, "/play EW 1,0"), Refusal::NotYourTurn);
    assert_eq!(refused(&mut g, P0, "/play NS 0,1"), Refusal::NotInHand);
    assert_eq!(refused(&mut g, P0, "/discard rockfall"), Refusal::NotInHand);
    let ghost = crate::game::PlayerId(9);
    let before = g.clone();
    assert_eq!(g.play(ghost, &Order::Pass, 1), Err(Refusal::NotAPlayer));
    assert_eq!(g, before);
}

// Saboteur: Ход картой «путь» — every side matching, continuing the tunnel from the start.
#[test]
fn a_path_card_that_does_not_fit_is_refused() {
    let mut g = game(4, &[Role::Digger; 4], "EW NS xNS");
    assert_eq!(refused(&mut g, P0, "/play NS 1,0"), Refusal::DoesNotFit);
    assert_eq!(refused(&mut g, P0, "/play EW 2,0"), Refusal::NotConnected);
    assert_eq!(refused(&mut g, P0, "/play EW 0,0"), Refusal::Occupied);
    ok(&mut g, P0, "/play xNS 0,1");
    // The dead end carries the tunnel no further.
    g.rig_turn(P0);
    g.rig_hand(P0, cards("NS"));
    assert_eq!(refused(&mut g, P0, "/play NS 0,2"), Refusal::NotConnected);
}

// Saboteur: Ход картой «путь» — turned by 180°: the card lies with its sides turned.
#[test]
fn a_card_can_be_laid_turned() {
    let mut g = game(4, &[Role::Digger; 4], "NES");
    assert_eq!(
        refused(&mut g, P0, "/play NES 1,0"),
        Refusal::DoesNotFit,
        "upright its W is closed"
    );
    let ev = ok(&mut g, P0, "/play NES 1,0 rotated");
    assert_eq!(
        ev[0],
        Event::PathPlaced {
            by: P0,
            card: p("NSW"),
            cell: c("1,0")
        }
    );
    // Named as it would lie, the same card.
    let mut h = game(4, &[Role::Digger; 4], "NES");
    assert_eq!(ok(&mut h, P0, "/play NSW 1,0"), ev);
}

// Saboteur: Ход картой «действие» — a player with a broken tool lays no path card, but may play
// actions or discard.
#[test]
fn a_broken_tool_forbids_path_cards_only() {
    let mut g = game(4, &[Role::Digger; 4], "EW break-pick");
    g.rig_broken(P0, vec![Tool::Cart]);
    assert_eq!(refused(&mut g, P0, "/play EW 1,0"), Refusal::ToolBroken);
    assert!(!g.legal().iter().any(|o| matches!(o, Order::Path { .. })));
    ok(&mut g, P0, "/play break-pick bob");
    let mut h = game(4, &[Role::Digger; 4], "EW");
    h.rig_broken(P0, vec![Tool::Lamp]);
    ok(&mut h, P0, "/discard EW");
}

// Saboteur: Избавление от карты — one card face down, unseen by the others.
#[test]
fn a_discard_is_face_down() {
    let mut g = game(4, &[Role::Digger; 4], "rockfall EW");
    let ev = ok(&mut g, P0, "/discard rockfall");
    assert_eq!(
        ev[0],
        Event::Discarded {
            by: P0,
            card: card("rockfall")
        }
    );
    assert_eq!(ev[0].private_to(), Some(P0));
    assert_eq!(ev[1], Event::DiscardedFaceDown { by: P0 });
    assert!(ev[1].is_public());
    assert_eq!(g.discard_cards(), &[card("rockfall")]);
    assert_eq!(g.to_move(), Some(P1));
}

// Saboteur: Ход игры (примечание) — with the deck used up, players play from their hands; passing is
// only for a player with no card.
#[test]
fn with_the_deck_used_up_nobody_draws_and_an_empty_hand_passes() {
    let mut g = game(3, &[Role::Digger; 3], "EW map");
    g.rig_deck(vec![]);
    assert_eq!(refused(&mut g, P0, "/pass"), Refusal::MustPlay);
    let ev = ok(&mut g, P0, "/play EW 1,0");
    assert_eq!(ev.len(), 1, "no card drawn: {ev:?}");
    assert_eq!(g.player(P0).hand, cards("map"));
    g.rig_hand(P1, vec![]);
    assert_eq!(g.legal(), vec![Order::Pass]);
    assert_eq!(ok(&mut g, P1, "/pass"), vec![Event::Passed { by: P1 }]);
    assert_eq!(g.to_move(), Some(P2));
}

// Saboteur: Конец раунда — the deck used up and nobody able to play: the saboteurs win; the player to
// the left of the last to move begins the next round.
#[test]
fn the_round_ends_when_no_card_is_left() {
    let mut g = game(4, &roles(4, &[3]), "");
    g.rig_deck(vec![]);
    g.rig_hand(P0, cards("map"));
    let ev = ok(&mut g, P0, "/discard map");
    let over = ev
        .iter()
        .position(|e| {
            matches!(
                e,
                Event::RoundOver {
                    diggers_won: false,
                    finder: None,
                    round: 1,
                    ..
                }
            )
        })
        .expect("the round is over");
    assert!(matches!(
        ev[over + 1],
        Event::SaboteursPaid { who: P3, amount: 4 }
    ));
    assert!(ev.contains(&Event::RoundStarted {
        round: 2,
        first: P1
    }));
    assert_eq!((g.round(), g.to_move()), (2, Some(P1)));
    assert_eq!(g.player(P3).gold, 4);
}

#[test]
fn the_hand_keeps_its_cards_in_order_and_the_legal_list_names_each_once() {
    let mut g = game(4, &[Role::Digger; 4], "NS NS map NS");
    let legal = g.legal();
    let discards: Vec<_> = legal
        .iter()
        .filter(|o| matches!(o, Order::Discard(_)))
        .collect();
    assert_eq!(
        discards,
        vec![&Order::Discard(card("NS")), &Order::Discard(card("map"))]
    );
    let ns_up = legal
        .iter()
        .filter(|o| matches!(o, Order::Path { cell, .. } if *cell == c("0,-1")))
        .count();
    assert_eq!(ns_up, 1, "NS is the same turned: listed once");
    assert!(!legal.contains(&Order::Pass));
    for o in &legal {
        let mut h = g.clone();
        assert!(h.play(P0, o, 1).is_ok(), "{o:?}");
    }
    ok(&mut g, P0, "/play NS 0,1");
}

#[test]
fn a_card_stays_in_hand_when_played_from_a_hand_of_doubles() {
    let mut g = game(4, &[Role::Digger; 4], "EW EW");
    g.rig_deck(vec![]);
    ok(&mut g, P0, "/play EW 1,0");
    assert_eq!(g.player(P0).hand, vec![Card::Path(p("EW"))]);
}

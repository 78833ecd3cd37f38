//! A new game and its deal (Подготовка).

use std::collections::BTreeSet;

use super::kit::*;
use crate::board::{GOALS, Tile};
use crate::deck::{dwarves, hand_size};
use crate::game::{Event, Game, Phase, PlayerId, Refusal, Role};

// Saboteur: обложка — 3 to 10 players.
#[test]
fn a_game_needs_three_to_ten_players() {
    assert_eq!(Game::new(2, P0, 1), Err(Refusal::PlayerCount));
    assert_eq!(Game::new(11, P0, 1), Err(Refusal::PlayerCount));
    assert_eq!(Game::new(5, PlayerId(5), 1), Err(Refusal::NotAPlayer));
    assert!(Game::new(3, P2, 1).is_ok());
}

// Saboteur: Подготовка — one dwarf each, one set aside; hands by the number of players.
#[test]
fn the_deal_follows_the_tables() {
    for n in 3..=10 {
        for seed in 0..10 {
            let g = Game::new(n, PlayerId(1), seed).unwrap();
            let (s, d) = dwarves(n).unwrap();
            let dealt_s = g
                .players()
                .iter()
                .filter(|p| p.role == Role::Saboteur)
                .count();
            let aside_s = g.aside().iter().filter(|&&r| r == Role::Saboteur).count();
            assert_eq!(g.aside().len(), 1, "one dwarf set aside");
            assert_eq!(dealt_s + aside_s, s);
            assert_eq!(n + 1 - dealt_s - aside_s, d);
            for p in g.players() {
                assert_eq!(p.hand.len(), hand_size(n));
                assert!(p.broken.is_empty() && p.gold == 0 && !p.out);
            }
            assert_eq!(g.deck_len(), 67 - n * hand_size(n));
            assert_eq!((g.discard_len(), g.nuggets_len()), (0, 28));
            assert_eq!(
                (g.round(), g.phase(), g.to_move()),
                (1, Phase::Playing, Some(PlayerId(1)))
            );
            let gold = GOALS
                .iter()
                .filter(|&&c| {
                    matches!(
                        g.board().get(c),
                        Some(Tile::Goal {
                            gold: true,
                            revealed: None
                        })
                    )
                })
                .count();
            assert_eq!(gold, 1, "exactly one gold goal, face down");
            assert_eq!(g.board().face_down(), GOALS.to_vec());
        }
    }
}

// Saboteur: Подготовка — the goals are shuffled face down: where the gold lies, and which stone
// lies where, come from the seed.
#[test]
fn the_goals_are_shuffled() {
    let mut layouts = BTreeSet::new();
    for seed in 0..60 {
        let g = Game::new(4, P0, seed).unwrap();
        let faces: Vec<String> = GOALS
            .iter()
            .map(|&c| g.board().face(c).unwrap().to_string())
            .collect();
        layouts.insert(faces);
    }
    assert_eq!(
        layouts.len(),
        6,
        "all six orders of the three goal cards occur: {layouts:?}"
    );
}

// Saboteur: Подготовка — each player looks at his role without showing it.
#[test]
fn the_deal_is_told_privately() {
    let g = Game::new(4, P2, 3).unwrap();
    let ev = g.deal_events();
    assert_eq!(
        ev[0],
        Event::RoundStarted {
            round: 1,
            first: P2
        }
    );
    assert!(ev[0].is_public());
    assert_eq!(ev.len(), 5);
    for (i, e) in ev[1..].iter().enumerate() {
        let who = PlayerId(i as u8);
        let me = g.player(who);
        assert_eq!(
            *e,
            Event::Dealt {
                to: who,
                role: me.role,
                hand: me.hand.clone()
            }
        );
        assert_eq!(e.private_to(), Some(who));
    }
}

#[test]
fn the_same_seed_deals_the_same_game() {
    assert_eq!(Game::new(6, P0, 42), Game::new(6, P0, 42));
    assert_ne!(Game::new(6, P0, 42), Game::new(6, P0, 43));
}

//! Property tests: random legal and illegal orders through whole three-round games for 3 to 10
//! players. The engine never panics; a refused order changes nothing and an order is accepted
//! exactly when [`Game::legal`] lists it; cards and gold are conserved; one gold goal; the state
//! saves and reads back.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::{Cell, GOALS, Tile};
use crate::card::{Action, Card, Dir, Path, Sides, Tool};
use crate::deck::{gold_cards, playing_cards};
use crate::game::{Event, Game, Order, Phase, PlayerId, Role};

fn census<T: Ord + Clone>(items: impl IntoIterator<Item = T>) -> BTreeMap<T, usize> {
    let mut m = BTreeMap::new();
    for i in items {
        *m.entry(i).or_insert(0) += 1;
    }
    m
}

/// Every invariant of a game at rest.
fn check(g: &Game) {
    // The 67 playing cards: hands, deck, discard pile, the tunnel cards of the maze and the broken
    // tools lying in front of players.
    let mut cards: Vec<Card> = Vec::new();
    for p in g.players() {
        cards.extend(&p.hand);
        cards.extend(p.broken.iter().map(|&t| Card::Action(Action::Break(t))));
    }
    cards.extend(g.deck_cards());
    cards.extend(g.discard_cards());
    cards.extend(g.board().tunnels().map(|(_, p)| Card::Path(p.canonical())));
    assert_eq!(
        census(cards),
        census(playing_cards()),
        "the playing cards are conserved"
    );
    // The 28 gold cards: the pile, the cards offered and those won.
    let mut gold: Vec<u8> = g.gold_pile().to_vec();
    gold.extend(g.offered());
    for p in g.players() {
        gold.extend(&p.nuggets);
        assert_eq!(p.gold, p.nuggets.iter().map(|&v| u32::from(v)).sum::<u32>());
        let mut sorted = p.broken.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, p.broken, "broken tools once each, in order");
        if p.out {
            assert!(p.hand.is_empty() && p.broken.is_empty());
        }
    }
    assert_eq!(
        census(gold),
        census(gold_cards()),
        "the gold cards are conserved"
    );
    // One gold goal, the goals where they belong.
    let golds = g
        .board()
        .tiles()
        .filter(|(_, t)| matches!(t, Tile::Goal { gold: true, .. }))
        .count();
    assert_eq!(golds, 1);
    for c in GOALS {
        assert!(matches!(g.board().get(c), Some(Tile::Goal { .. })));
    }
    assert_eq!(g.board().get(Cell::new(0, 0)), Some(&Tile::Start));
    assert!((1..=3).contains(&g.round()));
    // Who is to move, and what he may do.
    let legal = g.legal();
    let mut unique = legal.clone();
    unique.sort_by_key(|o| format!("{o:?}"));
    unique.dedup();
    assert_eq!(unique.len(), legal.len(), "each legal order once");
    match g.phase() {
        Phase::Over => {
            assert_eq!(g.to_move(), None);
            assert!(legal.is_empty());
            assert!(g.outcome().is_some());
        }
        Phase::Playing => {
            let who = g.to_move().unwrap();
            assert!(!g.player(who).out);
            assert!(!legal.is_empty(), "the one to move can always do something");
            assert_eq!(legal.contains(&Order::Pass), g.player(who).hand.is_empty());
            assert!(g.offered().is_empty());
        }
        Phase::Sharing => {
            let who = g.to_move().unwrap();
            assert!(!g.player(who).out && g.player(who).role == Role::Digger);
            assert!(!g.offered().is_empty());
            assert!(legal.iter().all(|o| matches!(o, Order::Take(_))));
        }
    }
    // The whole state saves and reads back.
    let json = serde_json::to_string(g).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, g, "serde round trip");
}

/// Any order at all, mostly nonsense, about this game.
fn random_order(rng: &mut ChaCha8Rng, g: &Game) -> Order {
    let n = g.players().len() as u8;
    let (lo, hi) = g.board().bounds();
    let cell = |rng: &mut ChaCha8Rng| {
        if rng.random_bool(0.3) {
            GOALS[rng.random_range(0..3)]
        } else {
            Cell::new(
                rng.random_range(lo.x - 1..=hi.x + 1),
                rng.random_range(lo.y - 1..=hi.y + 1),
            )
        }
    };
    let tool = |rng: &mut ChaCha8Rng| Tool::ALL[rng.random_range(0..3)];
    let target = |rng: &mut ChaCha8Rng| PlayerId(rng.random_range(0..n + 1));
    let any_card = |rng: &mut ChaCha8Rng| {
        let deck = playing_cards();
        deck[rng.random_range(0..deck.len())]
    };
    match rng.random_range(0..10) {
        0..=2 => {
            let card = Path {
                sides: Sides(rng.random_range(1..16)),
                dead: rng.random_bool(0.2),
            };
            Order::Path {
                card,
                cell: cell(rng),
                rotated: rng.random(),
            }
        }
        3 => Order::Rockfall(cell(rng)),
        4 => Order::Map(cell(rng)),
        5 => Order::Break(tool(rng), target(rng)),
        6 => {
            if rng.random() {
                Order::Fix(tool(rng), target(rng))
            } else {
                let (a, b) = [
                    (Tool::Pick, Tool::Lamp),
                    (Tool::Pick, Tool::Cart),
                    (Tool::Lamp, Tool::Cart),
                ][rng.random_range(0..3)];
                Order::FixEither {
                    card: (a, b),
                    target: target(rng),
                    tool: tool(rng),
                }
            }
        }
        7 => Order::Discard(any_card(rng)),
        8 => Order::Pass,
        _ => Order::Take(rng.random_range(0..5)),
    }
}

/// The legal path order that lays a card farthest east, nearest the middle row, open to the east and
/// not a dead end: a digger's greed,
/// so that random games reach the goals and share gold.
fn toward_the_goals(legal: &[Order]) -> Option<Order> {
    legal
        .iter()
        .filter_map(|o| match o {
            Order::Path {
                card,
                cell,
                rotated,
            } => {
                let lies = if *rotated { card.rotated() } else { *card };
                let east = i32::from(lies.sides.has(Dir::E)) * 3;
                let dead = i32::from(lies.dead) * 20;
                Some((cell.x * 4 - cell.y.abs() + east - dead, o))
            }
            _ => None,
        })
        .max_by_key(|&(score, _)| score)
        .map(|(_, o)| o.clone())
}

/// One whole game of random play; returns how many orders were accepted.
fn random_game(seed: u64, players: usize) -> (usize, usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let first = PlayerId(rng.random_range(0..players) as u8);
    let mut g = Game::new(players, first, seed).unwrap();
    check(&g);
    let mut accepted = 0;
    let mut shared = 0;
    let mut round = g.round();
    for _ in 0..6000 {
        if g.phase() == Phase::Over {
            break;
        }
        let roll = rng.random_range(0..1000);
        let ev = if roll < 15 {
            let ev = g.timeout(rng.random());
            assert!(matches!(ev.first(), Some(Event::TimedOut { .. })), "{ev:?}");
            ev
        } else if roll < 18 {
            let who = PlayerId(rng.random_range(0..players as u8));
            g.remove(who)
        } else {
            let to_move = g.to_move().unwrap();
            let who = if rng.random_bool(0.9) {
                to_move
            } else {
                PlayerId(rng.random_range(0..players as u8 + 1))
            };
            let legal = g.legal();
            let order = if roll < 300 || legal.is_empty() {
                random_order(&mut rng, &g)
            } else if roll < 900 {
                toward_the_goals(&legal).unwrap_or_else(|| legal[0].clone())
            } else {
                legal[rng.random_range(0..legal.len())].clone()
            };
            let allowed = who == to_move && legal.contains(&order.normalized());
            let before = g.clone();
            match g.play(who, &order, rng.random()) {
                Ok(ev) => {
                    assert!(
                        allowed,
                        "accepted an order not listed: {order:?} by {who:?}"
                    );
                    accepted += 1;
                    ev
                }
                Err(r) => {
                    assert!(!allowed, "refused a listed order {order:?}: {r}");
                    assert_eq!(g, before, "a refused order changed the game");
                    assert!(!r.to_string().is_empty());
                    continue;
                }
            }
        };
        shared += ev
            .iter()
            .filter(|e| matches!(e, Event::Offered { .. }))
            .count();
        for e in &ev {
            if let Some(p) = e.private_to() {
                assert!(usize::from(p.0) < players);
            }
            // A secret never goes public: discards and draws are told to their player alone.
            if matches!(
                e,
                Event::Discarded { .. } | Event::Drew { .. } | Event::Mapped { .. }
            ) {
                assert!(e.private_to().is_some());
            }
        }
        assert!(g.round() >= round, "rounds only go forward");
        round = g.round();
        check(&g);
    }
    assert_eq!(g.phase(), Phase::Over, "the game ends");
    assert_eq!(g.round(), 3.min(g.round()));
    (accepted, shared)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_the_rules(seed in any::<u64>(), players in 3usize..=10) {
        let (accepted, _) = random_game(seed, players);
        prop_assert!(accepted > 30, "{accepted} orders accepted");
    }
}

/// The properties above are worth something only if random play reaches every part of the game:
/// gold shared, saboteurs paid, all three rounds.
#[test]
fn random_games_visit_gold_sharing() {
    let shared: usize = (0..10)
        .map(|seed| random_game(seed, 3 + seed as usize % 8).1)
        .sum();
    assert!(
        shared >= 10,
        "gold offered only {shared} times in ten games"
    );
}

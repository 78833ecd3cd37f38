//! The box's contents.

use std::collections::BTreeMap;

use crate::card::{Action, Card, Tool};
use crate::deck::{dwarves, gold_cards, hand_size, playing_cards};

/// How many of each card, by name.
fn census(cards: &[Card]) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for c in cards {
        *m.entry(c.to_string()).or_insert(0) += 1;
    }
    m
}

// Saboteur: Содержание — 44 path cards (of which the start and three goals), 27 action cards.
#[test]
fn the_deck_holds_forty_tunnels_and_twenty_seven_actions() {
    let deck = playing_cards();
    assert_eq!(deck.len(), 67);
    let tunnels: Vec<_> = deck.iter().filter(|c| matches!(c, Card::Path(_))).collect();
    assert_eq!(tunnels.len(), 44 - 4);
    let dead = tunnels
        .iter()
        .filter(|c| matches!(c, Card::Path(p) if p.dead))
        .count();
    assert_eq!(dead, 9, "one dead end of each of the nine shapes");
    for c in &deck {
        if let Card::Path(p) = c {
            assert_eq!(*p, p.canonical(), "hands name cards canonically: {p}");
        }
    }
}

#[test]
fn the_deck_counts_every_kind_as_the_two_implementations_agree() {
    let m = census(&playing_cards());
    let want = [
        ("NESW", 5),
        ("NES", 5),
        ("ESW", 5), // N-E-W as a hand names it
        ("NS", 4),
        ("EW", 3),
        ("NE", 5),
        ("ES", 4), // N-W as a hand names it
        ("xN", 1),
        ("xE", 1),
        ("xNS", 1),
        ("xEW", 1),
        ("xNE", 1),
        ("xES", 1),
        ("xNES", 1),
        ("xESW", 1),
        ("xNESW", 1),
        ("break-pick", 3),
        ("break-lamp", 3),
        ("break-cart", 3),
        ("fix-pick", 2),
        ("fix-lamp", 2),
        ("fix-cart", 2),
        ("fix-pick+lamp", 1),
        ("fix-pick+cart", 1),
        ("fix-lamp+cart", 1),
        ("rockfall", 3),
        ("map", 6),
    ];
    let want: BTreeMap<String, usize> = want.iter().map(|&(k, v)| (k.to_string(), v)).collect();
    assert_eq!(m, want);
    let breaks = playing_cards()
        .iter()
        .filter(|c| matches!(c, Card::Action(Action::Break(_))))
        .count();
    assert_eq!(breaks, 3 * Tool::ALL.len());
}

// Saboteur: Содержание — 28 gold cards.
#[test]
fn the_gold_is_twenty_eight_cards_worth_forty_four_nuggets() {
    let gold = gold_cards();
    assert_eq!(gold.len(), 28);
    let of = |v: u8| gold.iter().filter(|&&g| g == v).count();
    assert_eq!((of(1), of(2), of(3)), (16, 8, 4));
    assert_eq!(gold.iter().map(|&g| u32::from(g)).sum::<u32>(), 44);
}

// Saboteur: Подготовка — the dwarves per number of players; 7 diggers and 4 saboteurs in the box.
#[test]
fn the_dwarves_are_one_more_than_the_players() {
    let table = [
        (3, (1, 3)),
        (4, (1, 4)),
        (5, (2, 4)),
        (6, (2, 5)),
        (7, (3, 5)),
        (8, (3, 6)),
        (9, (3, 7)),
        (10, (4, 7)),
    ];
    for (n, roles) in table {
        assert_eq!(dwarves(n), Some(roles));
        let (s, d) = roles;
        assert_eq!(s + d, n + 1, "one dwarf set aside with {n} players");
        assert!(s <= 4 && d <= 7, "no more dwarves than the box holds");
    }
    assert_eq!(dwarves(2), None);
    assert_eq!(dwarves(11), None);
}

// Saboteur: Подготовка — 6 cards for 3–5 players, 5 for 6–7, 4 for 8–10.
#[test]
fn hands_shrink_with_more_players() {
    for n in 3..=10 {
        let want = match n {
            3..=5 => 6,
            6 | 7 => 5,
            _ => 4,
        };
        assert_eq!(hand_size(n), want);
        assert!(n * hand_size(n) < 67, "the deck lasts beyond the deal");
    }
}

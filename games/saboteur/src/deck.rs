//! The box's contents, written once as data: the playing cards, the gold cards, the dwarves per
//! number of players and the size of a hand (Подготовка).

use super::card::{Action, Card, Dir, Path, Tool};

use Dir::{E, N, S, W};

/// The 40 tunnel cards (the 44 cards «путь» less the start and the three goals): how many of each,
/// by open sides, connected or a dead end.
const TUNNELS: [(&[Dir], bool, usize); 16] = [
    (&[N, E, S, W], false, 5),
    (&[N, E, S], false, 5),
    (&[N, E, W], false, 5),
    (&[N, S], false, 4),
    (&[E, W], false, 3),
    (&[N, E], false, 5),
    (&[N, W], false, 4),
    (&[N], true, 1),
    (&[E], true, 1),
    (&[N, S], true, 1),
    (&[E, W], true, 1),
    (&[N, E], true, 1),
    (&[N, W], true, 1),
    (&[N, E, S], true, 1),
    (&[N, E, W], true, 1),
    (&[N, E, S, W], true, 1),
];

/// The 27 action cards, how many of each.
const ACTIONS: [(Action, usize); 11] = [
    (Action::Break(Tool::Pick), 3),
    (Action::Break(Tool::Lamp), 3),
    (Action::Break(Tool::Cart), 3),
    (Action::Fix(Tool::Pick), 2),
    (Action::Fix(Tool::Lamp), 2),
    (Action::Fix(Tool::Cart), 2),
    (Action::FixEither(Tool::Pick, Tool::Lamp), 1),
    (Action::FixEither(Tool::Pick, Tool::Cart), 1),
    (Action::FixEither(Tool::Lamp, Tool::Cart), 1),
    (Action::Rockfall, 3),
    (Action::Map, 6),
];

/// The 28 gold cards: (nuggets on the card, how many such cards).
const GOLD: [(u8, usize); 3] = [(1, 16), (2, 8), (3, 4)];

/// The 67 cards of the draw deck — tunnels named as a hand names them ([`Path::canonical`]), then
/// actions — in box order, unshuffled.
pub fn playing_cards() -> Vec<Card> {
    let tunnels = TUNNELS.iter().flat_map(|&(sides, dead, n)| {
        let p = if dead {
            Path::dead_end(sides)
        } else {
            Path::open(sides)
        };
        std::iter::repeat_n(Card::Path(p.canonical()), n)
    });
    let actions = ACTIONS
        .iter()
        .flat_map(|&(a, n)| std::iter::repeat_n(Card::Action(a), n));
    tunnels.chain(actions).collect()
}

/// The 28 gold cards by value, unshuffled: 16 of 1, 8 of 2, 4 of 3 (44 nuggets).
pub fn gold_cards() -> Vec<u8> {
    GOLD.iter()
        .flat_map(|&(v, n)| std::iter::repeat_n(v, n))
        .collect()
}

/// The dwarf cards in play for this many players, `(saboteurs, diggers)`: one more than the players,
/// so one is set aside unseen. `None` outside 3..=10 players.
pub fn dwarves(players: usize) -> Option<(usize, usize)> {
    match players {
        3 => Some((1, 3)),
        4 => Some((1, 4)),
        5 => Some((2, 4)),
        6 => Some((2, 5)),
        7 => Some((3, 5)),
        8 => Some((3, 6)),
        9 => Some((3, 7)),
        10 => Some((4, 7)),
        _ => None,
    }
}

/// The cards dealt to each player: 6 for 3–5 players, 5 for 6–7, 4 for 8–10. Fewer than 3 players (a
/// game that lost players) deal as 3, more than 10 as 10.
pub fn hand_size(players: usize) -> usize {
    match players {
        0..=5 => 6,
        6..=7 => 5,
        _ => 4,
    }
}

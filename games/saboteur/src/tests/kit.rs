//! Test helpers: cards, cells and orders by name, and games laid out as a test needs.

use crate::board::{Board, Cell};
use crate::card::{Card, Path};
use crate::game::{Event, Game, Order, PlayerId, Refusal, Role};

/// Seat 0.
pub const P0: PlayerId = PlayerId(0);
/// Seat 1.
pub const P1: PlayerId = PlayerId(1);
/// Seat 2.
pub const P2: PlayerId = PlayerId(2);
/// Seat 3.
pub const P3: PlayerId = PlayerId(3);

/// A path by name (`NES`, `xNS`).
pub fn p(name: &str) -> Path {
    name.parse().expect("a path name")
}

/// A cell by name (`8,-2`).
pub fn c(name: &str) -> Cell {
    name.parse().expect("a cell name")
}

/// A card by name.
pub fn card(name: &str) -> Card {
    name.parse().expect("a card name")
}

/// Cards by names separated by spaces.
pub fn cards(names: &str) -> Vec<Card> {
    names.split_whitespace().map(card).collect()
}

/// The seats' names.
pub fn names(n: usize) -> Vec<String> {
    [
        "ann", "bob", "cid", "dan", "eve", "fay", "gus", "hal", "ivy", "jon",
    ][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A maze with the gold in the middle goal (`8,0`); the top stone is a N-E corner, the bottom one a
/// N-W corner.
pub fn gold_middle() -> Board {
    Board::new([false, true, false])
}

/// Lays tunnel cards without the rules: `(cell, as it lies)`.
pub fn lay(board: &mut Board, cards: &[(&str, &str)]) {
    for &(cell, path) in cards {
        board.put(c(cell), p(path));
    }
}

/// A straight east-west tunnel on row 0 from `1,0` to `to,0`.
pub fn road(board: &mut Board, to: i32) {
    for x in 1..=to {
        board.put(Cell::new(x, 0), p("EW"));
    }
}

/// A game of `n` players, seat 0 to move, with these roles, the gold in the middle goal, and every
/// hand holding `hand` (the deck as dealt).
pub fn game(n: usize, roles: &[Role], hand: &str) -> Game {
    let mut g = Game::new(n, P0, 11).expect("a valid game");
    g.rig_board(gold_middle());
    for (i, &role) in roles.iter().enumerate() {
        g.rig_role(PlayerId(i as u8), role);
    }
    for i in 0..n {
        g.rig_hand(PlayerId(i as u8), cards(hand));
    }
    g
}

/// Roles: the first `saboteurs` seats saboteurs, the rest of `n` diggers.
pub fn roles(n: usize, saboteurs: &[usize]) -> Vec<Role> {
    (0..n)
        .map(|i| {
            if saboteurs.contains(&i) {
                Role::Saboteur
            } else {
                Role::Digger
            }
        })
        .collect()
}

/// Reads a canonical command for a game with the test names.
pub fn order(g: &Game, text: &str) -> Order {
    Order::parse(text, &names(g.players().len())).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays a command that must be accepted.
pub fn ok(g: &mut Game, who: PlayerId, text: &str) -> Vec<Event> {
    let o = order(g, text);
    g.play(who, &o, 5)
        .unwrap_or_else(|r| panic!("{text} refused: {r}"))
}

/// Plays a command that must be refused, and checks that nothing changed; gives the reason.
pub fn refused(g: &mut Game, who: PlayerId, text: &str) -> Refusal {
    let o = order(g, text);
    let before = g.clone();
    let r = g.play(who, &o, 5).expect_err(text);
    assert_eq!(*g, before, "a refused order changed the game: {text}");
    r
}

//! Test helpers: pieces and cells by name, positions laid out as a test needs, games played from
//! MoveStrings, and the moves and refusals a test asks about.

use std::collections::BTreeSet;

use crate::{Color, Game, Hex, Move, Options, Piece, Refusal};

/// A piece by UHP name.
pub fn p(name: &str) -> Piece {
    name.parse().expect("a piece name")
}

/// A cell.
pub fn h(q: i32, r: i32) -> Hex {
    Hex::new(q, r)
}

/// A position by the book's rules: `(piece, q, r)` laid in order (a stack bottom first), `side`
/// to move on its `turn`.
pub fn rig(layout: &[(&str, i32, i32)], side: Color, turn: u32) -> Game {
    rig_with(Options::default(), layout, side, turn)
}

/// [`rig`] with options.
pub fn rig_with(options: Options, layout: &[(&str, i32, i32)], side: Color, turn: u32) -> Game {
    let pieces: Vec<(Piece, Hex)> = layout.iter().map(|&(n, q, r)| (p(n), h(q, r))).collect();
    Game::rigged(options, &pieces, 2 * (turn - 1) + side.index() as u32)
}

/// A game by the book's rules through MoveStrings separated by `;`.
pub fn play(moves: &str) -> Game {
    play_with(Options::default(), moves)
}

/// [`play`] with options.
pub fn play_with(options: Options, moves: &str) -> Game {
    let mut game = Game::new(options);
    for m in moves.split(';').map(str::trim).filter(|m| !m.is_empty()) {
        game.play_str(m)
            .unwrap_or_else(|e| panic!("{m} should be legal: {e}"));
    }
    game
}

/// Where a piece on the table may move to now.
pub fn dests(game: &Game, piece: &str) -> BTreeSet<Hex> {
    let piece = p(piece);
    game.legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Shift { piece: q, to, .. } if q == piece => Some(to),
            _ => None,
        })
        .collect()
}

/// Cells as a set.
pub fn cells(list: &[(i32, i32)]) -> BTreeSet<Hex> {
    list.iter().map(|&(q, r)| h(q, r)).collect()
}

/// Moving a piece on the table to `(q, r)`.
pub fn shift(game: &Game, piece: &str, q: i32, r: i32) -> Move {
    let piece = p(piece);
    let (from, _) = game.position(piece).expect("the piece is on the table");
    Move::Shift {
        piece,
        from,
        to: h(q, r),
    }
}

/// Placing a piece at `(q, r)`.
pub fn place(piece: &str, q: i32, r: i32) -> Move {
    Move::Place {
        piece: p(piece),
        to: h(q, r),
    }
}

/// Why `mv` is refused (it must be).
pub fn refusal(game: &Game, mv: Move) -> Refusal {
    let before = game.clone();
    let mut after = game.clone();
    let r = after.play(mv).expect_err("the move should be refused");
    assert_eq!(after, before, "a refused move changes nothing");
    assert_eq!(game.check(&mv), Err(r));
    r
}

/// Asserts `mv` is legal: listed, checked, and playable.
pub fn legal(game: &Game, mv: Move) {
    assert!(game.legal_moves().contains(&mv), "{mv:?} should be listed");
    assert_eq!(game.check(&mv), Ok(()));
    game.clone().play(mv).expect("a legal move plays");
}

/// A short game White wins by the book's rules: ants round Black's queen, a beetle closes the
/// ring; Black lays a line eastwards meanwhile.
pub fn white_wins() -> Game {
    let mut game = Game::new(Options::default());
    let steps: [(&str, i32, i32); 17] = [
        ("wQ", 0, 0),
        ("bQ", 1, 0),
        ("wA1", -1, 0),
        ("bA1", 2, 0),
        ("wA1", 1, -1),
        ("bA2", 3, 0),
        ("wA2", 0, -1),
        ("bA3", 4, 0),
        ("wA2", 0, 1),
        ("bB1", 5, 0),
        ("wA3", -1, 0),
        ("bB2", 6, 0),
        ("wA3", 1, 1),
        ("bG1", 7, 0),
        ("wB1", 2, -2),
        ("bG2", 8, 0),
        ("wB1", 2, -1),
    ];
    for (name, q, r) in steps {
        let mv = match game.position(p(name)) {
            Some(_) => shift(&game, name, q, r),
            None => place(name, q, r),
        };
        game.play(mv)
            .unwrap_or_else(|e| panic!("{name} to {q},{r}: {e}"));
    }
    game
}

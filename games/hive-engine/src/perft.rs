//! Perft: the number of move sequences of a given length from a position, the standard check of
//! a move generator (Mzinga's table from the start, tournament opening: 4, 96, 1440, 21600,
//! 516240, 12219480 for `Base`; 7, 294, 6678, 151686, 5427108, 192353904 for `Base+MLP`).

use super::board::{Board, Mv};
use super::game::Game;
use super::legal::Scratch;

/// How many sequences of `depth` moves the game can go through from here (passes count as
/// moves; a finished game has none). The game is played and taken back in place and ends as it
/// was.
pub fn perft(game: &mut Game, depth: u32) -> u64 {
    let tournament = game.options().tournament;
    let mut lists: Vec<Vec<Mv>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    let mut scratch = Scratch::new();
    walk(
        game.board_mut(),
        tournament,
        depth,
        &mut lists,
        &mut scratch,
    )
}

fn walk(
    board: &mut Board,
    tournament: bool,
    depth: u32,
    lists: &mut [Vec<Mv>],
    scratch: &mut Scratch,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, deeper) = lists
        .split_first_mut()
        .expect("one list per level of depth");
    board.generate(tournament, moves, scratch);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &m in moves.iter() {
        let undo = board.apply(m);
        total += walk(board, tournament, depth - 1, deeper, scratch);
        board.unapply(undo);
    }
    total
}

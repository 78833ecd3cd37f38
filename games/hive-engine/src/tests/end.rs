//! The end of the game and passing (Hive: «Цель игры», «Конец игры», «Невозможно передвинуть
//! или выложить фишку»).

use super::kit::*;
use crate::{Color, Game, Move, Refusal, State};

/// Black's queen at the origin with five neighbours; White's ant can fill the sixth.
fn almost() -> Game {
    rig(
        &[
            ("bQ", 0, 0),
            ("wQ", 0, -1),
            ("wS1", 1, -1),
            ("wS2", 0, 1),
            ("bS1", -1, 1),
            ("bS2", -1, 0),
            ("wA1", 2, -1),
        ],
        Color::White,
        6,
    )
}

#[test]
fn surrounding_the_opposing_queen_wins_and_ends_the_game() {
    // Hive: «Цель игры» — surround the opponent's queen, with pieces of either colour.
    let mut game = almost();
    assert_eq!(game.state(), State::InProgress);
    assert_eq!(game.queen_surrounded(Color::Black), 5);
    game.play(shift(&game, "wA1", 1, 0)).unwrap();
    assert_eq!(game.state(), State::WhiteWins);
    assert_eq!(game.state().winner(), Some(Color::White));
    assert_eq!(game.queen_surrounded(Color::Black), 6);
    // Hive: «Конец игры» — the game ends as soon as a queen is surrounded.
    assert!(game.legal_moves().is_empty());
    assert_eq!(refusal(&game, Move::Pass), Refusal::GameOver);
    assert_eq!(refusal(&game, place("bA1", 5, 5)), Refusal::GameOver);
}

#[test]
fn a_played_game_ends_when_the_queen_is_surrounded_and_undo_reopens_it() {
    // Hive: «Конец игры».
    let mut game = white_wins();
    assert_eq!(game.state(), State::WhiteWins);
    assert!(game.legal_moves().is_empty());
    let last = game.undo().expect("a move to take back");
    assert_eq!(game.state(), State::InProgress);
    assert!(game.legal_moves().contains(&last));
}

#[test]
fn surrounding_ones_own_queen_loses() {
    // Hive: «Конец игры» — whoever's queen is surrounded loses, whoever surrounded her.
    let mut game = rig(
        &[
            ("wQ", 0, 0),
            ("bQ", 0, -1),
            ("bS1", 1, -1),
            ("bS2", 0, 1),
            ("wS1", -1, 1),
            ("wS2", -1, 0),
            ("wA1", 2, -1),
        ],
        Color::White,
        6,
    );
    game.play(shift(&game, "wA1", 1, 0)).unwrap();
    assert_eq!(game.state(), State::BlackWins);
}

#[test]
fn surrounding_both_queens_at_once_is_a_draw() {
    // Hive: «Конец игры» — both queens surrounded by the same move: a draw.
    let mut game = rig(
        &[
            ("bQ", 0, 0),
            ("wQ", 2, 0),
            ("bS1", 0, -1),
            ("wS1", 1, -1),
            ("wB1", 1, -1),
            ("bS2", 0, 1),
            ("bA1", -1, 1),
            ("bA2", -1, 0),
            ("wG1", 2, -1),
            ("wG2", 3, -1),
            ("wA1", 3, 0),
            ("wA2", 2, 1),
            ("bA3", 1, 1),
        ],
        Color::White,
        9,
    );
    game.play(shift(&game, "wB1", 1, 0)).unwrap();
    assert_eq!(game.state(), State::Draw);
    assert_eq!(game.state().winner(), None);
    assert!(game.state().is_over());
}

#[test]
fn a_side_with_no_move_passes_and_only_then() {
    // Hive: «Невозможно передвинуть или выложить фишку» — you miss your turn while you can
    // neither place nor move.
    let mut game = rig(
        &[
            ("wQ", 0, 0),
            ("bQ", 0, -1),
            ("bS1", 1, -1),
            ("bS2", 0, 1),
            ("bA1", -1, 1),
            ("bA2", -1, 0),
        ],
        Color::White,
        5,
    );
    assert_eq!(game.legal_moves(), vec![Move::Pass]);
    assert_eq!(refusal(&game, place("wS1", 1, 0)), Refusal::TouchesOpponent);
    assert_eq!(refusal(&game, shift(&game, "wQ", 1, 0)), Refusal::Gate);
    game.play(Move::Pass).unwrap();
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.last_move(), Some(Move::Pass));
    assert_eq!(refusal(&game, Move::Pass), Refusal::PassNotAllowed);
    assert_eq!(game.undo(), Some(Move::Pass));
    assert_eq!(game.to_move(), Color::White);
}

#[test]
fn a_new_game_has_not_started_and_white_moves_first() {
    // Hive: «Как играть».
    let game = Game::new(Default::default());
    assert_eq!(game.state(), State::NotStarted);
    assert_eq!(game.to_move(), Color::White);
    assert_eq!(game.turn(), 1);
    let game = play("wS1");
    assert_eq!(game.state(), State::InProgress);
    assert_eq!((game.to_move(), game.turn()), (Color::Black, 1));
    let game = play("wS1;bS1 wS1-");
    assert_eq!((game.to_move(), game.turn()), (Color::White, 2));
}

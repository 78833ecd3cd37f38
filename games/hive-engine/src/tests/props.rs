//! Property tests over random games: nothing panics; undo restores exactly; a GameString reads
//! back to the same position; every legal move's MoveString reads back to the same move; a move
//! is accepted exactly when it is listed.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::reference::random_move;
use crate::{Color, Game, Hex, Move, Options, Piece};

/// Every check at one position of a game.
fn check_position(game: &Game, rng: &mut ChaCha8Rng) {
    let legal = game.legal_moves();
    for mv in &legal {
        assert_eq!(game.check(mv), Ok(()), "{mv:?}");
        let text = game.move_string(mv);
        assert_eq!(
            game.parse_move(&text),
            Ok(*mv),
            "{text} in {}",
            game.game_string()
        );
    }
    // A random piece to a random cell near the hive: accepted exactly when listed.
    let piece = Piece::from_index(rng.random_range(0..22)).unwrap();
    let to = Hex::new(rng.random_range(-8..8), rng.random_range(-8..8));
    let mv = match game.position(piece) {
        Some((from, _)) if rng.random_bool(0.8) => Move::Shift { piece, from, to },
        _ => Move::Place { piece, to },
    };
    let mut tried = game.clone();
    match tried.play(mv) {
        Ok(()) => assert!(legal.contains(&mv), "{mv:?} played but not listed"),
        Err(r) => {
            assert!(!legal.contains(&mv), "{mv:?} listed but refused: {r}");
            assert_eq!(&tried, game, "a refusal changes nothing");
            assert!(!r.to_string().is_empty() && !r.id().is_empty());
        }
    }
    // Every piece is where the stacks say, and counted once.
    let stacks = game.stacks();
    let on_table: usize = stacks.iter().map(|(_, s)| s.len()).sum();
    let in_hand = game.hand(Color::White).len() + game.hand(Color::Black).len();
    let in_box = Color::ALL
        .into_iter()
        .map(|c| game.options().game_type.pieces(c).count())
        .sum::<usize>();
    assert_eq!(on_table + in_hand, in_box);
    for (at, s) in &stacks {
        for (level, p) in s.iter().enumerate() {
            assert_eq!(game.position(*p), Some((*at, level)));
        }
        assert_eq!(game.top(*at), s.last().copied());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_keep_every_promise(seed in any::<u64>(), plies in 1usize..160, tournament in any::<bool>(), kind in 0usize..8) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let game_type = crate::GameType::all().nth(kind).expect("eight types");
        let options = Options { tournament, game_type };
        let mut game = Game::new(options);
        for _ in 0..plies {
            check_position(&game, &mut rng);
            let Some(mv) = random_move(&game, &mut rng) else { break };
            let before = game.clone();
            let before_moves = game.legal_moves();
            game.play(mv).unwrap();
            prop_assert_eq!(game.last_move(), Some(mv));
            // The search's way: no check, the same game; the kept hash is the recomputed one.
            let mut trusted = before.clone();
            trusted.play_trusted(mv);
            prop_assert_eq!(&trusted, &game);
            prop_assert_eq!(game.position_hash(), game.position_hash_from_scratch());
            prop_assert_eq!(trusted.legal_moves_in_place(), game.legal_moves());
            prop_assert_eq!(&trusted, &game);
            let mut back = game.clone();
            prop_assert_eq!(back.undo(), Some(mv));
            prop_assert_eq!(&back, &before);
            prop_assert_eq!(back.position_hash(), before.position_hash());
            prop_assert_eq!(back.legal_moves(), before_moves);
        }
        let text = game.game_string();
        let read = Game::from_game_string(&text, options).unwrap();
        prop_assert_eq!(&read, &game);
        prop_assert_eq!(read.legal_moves(), game.legal_moves());
        prop_assert_eq!(read.game_string(), text);
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &game);
        // Taking every move back returns to the empty table.
        let mut undone = game.clone();
        while undone.undo().is_some() {}
        prop_assert_eq!(undone, Game::new(options));
    }
}

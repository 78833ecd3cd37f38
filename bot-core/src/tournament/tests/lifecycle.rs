use crate::tournament::{
    Format, GameRef, Left, Scoring, State, Status, Tournament, TournamentError,
};

use super::{duel, entered, hive, pending, placed, play_round, rng, spec};

#[test]
fn formats_must_fit_the_game() {
    let sab = spec("saboteur", 3, 10);
    let err = Tournament::new(sab.clone(), Format::Swiss { rounds: 3 }, Scoring::default());
    assert!(matches!(err, Err(TournamentError::NotTwoPlayer { .. })));
    assert!(
        err.unwrap_err()
            .to_string()
            .contains("choose series or tables")
    );
    let err = Tournament::new(
        sab.clone(),
        Format::Tables { size: 2, rounds: 3 },
        Scoring::default(),
    );
    assert!(matches!(
        err,
        Err(TournamentError::TableSize {
            min: 3,
            max: 10,
            ..
        })
    ));
    let err = Tournament::new(hive(), Format::RoundRobin { cycles: 0 }, Scoring::default());
    assert!(matches!(
        err,
        Err(TournamentError::Zero { what: "cycle", .. })
    ));
    assert!(
        Tournament::new(
            spec("labyrinth", 2, 8),
            Format::Swiss { rounds: 3 },
            Scoring::default()
        )
        .is_ok()
    );
}

#[test]
fn entries() {
    let mut t = entered(hive(), Format::Swiss { rounds: 3 }, 1);
    assert_eq!(
        t.join("u0", "Again"),
        Err(TournamentError::AlreadyJoined("Player 0".to_string()))
    );
    assert_eq!(
        t.start(0),
        Err(TournamentError::NotEnoughPlayers { have: 1, need: 2 })
    );
    assert_eq!(t.join("u1", "One"), Ok(1));
    assert_eq!(t.join("u2", "Two"), Ok(2));
    assert_eq!(t.leave("u1"), Ok(Left::Removed));
    assert_eq!(t.find("u2"), Some(1));
    assert_eq!(
        t.leave("nobody"),
        Err(TournamentError::NotJoined("nobody".to_string()))
    );
    t.start(0).unwrap();
    assert_eq!(t.join("u9", "Late"), Err(TournamentError::Started));
    assert_eq!(t.start(0), Err(TournamentError::Started));
}

#[test]
fn a_game_begun_elsewhere_in_vain_waits_again() {
    let mut t = entered(hive(), Format::Swiss { rounds: 2 }, 4);
    t.start(0).unwrap();
    let at = GameRef { round: 0, game: 0 };
    t.begin_game(at, 42).unwrap();
    // Another table's id takes nothing back.
    assert_eq!(t.reopen_game(at, 41), Err(TournamentError::GameClosed(at)));
    t.reopen_game(at, 42).unwrap();
    assert_eq!(t.game(at).unwrap().status, Status::Pending);
    assert!(t.playable().contains(&at));
    t.begin_game(at, 43).unwrap();
    t.record(at, duel(Some(0))).unwrap();
    assert_eq!(t.reopen_game(at, 43), Err(TournamentError::GameClosed(at)));
}

#[test]
fn results_are_checked() {
    let mut t = entered(hive(), Format::Swiss { rounds: 2 }, 4);
    t.start(0).unwrap();
    let at = GameRef { round: 0, game: 0 };
    t.begin_game(at, 42).unwrap();
    assert_eq!(t.game(at).unwrap().status, Status::Running { game: 42 });
    assert_eq!(t.playable(), vec![GameRef { round: 0, game: 1 }]);
    assert_eq!(
        t.record(at, placed("win", &[1, 2, 3])),
        Err(TournamentError::SeatCount {
            expected: 2,
            got: 3
        })
    );
    t.record(at, duel(Some(0))).unwrap();
    assert_eq!(
        t.record(at, duel(Some(0))),
        Err(TournamentError::GameClosed(at))
    );
    let nowhere = GameRef { round: 5, game: 0 };
    assert_eq!(
        t.record(nowhere, duel(None)),
        Err(TournamentError::UnknownGame(nowhere))
    );
    assert_eq!(t.advance(0), Err(TournamentError::RoundNotOver));
    assert!(!t.next_round_ready());
    t.record(GameRef { round: 0, game: 1 }, duel(None)).unwrap();
    assert!(t.next_round_ready());
    t.pause().unwrap();
    assert!(!t.next_round_ready());
    assert_eq!(t.advance(0), Err(TournamentError::NotRunning));
    t.resume().unwrap();
    assert_eq!(t.advance(0), Ok(1));
    let mut rng = rng(0);
    play_round(&mut t, &mut rng);
    assert!(t.is_finished());
    assert_eq!(t.advance(0), Err(TournamentError::NotRunning));
}

#[test]
fn a_withdrawn_player_forfeits_the_rest_of_a_round_robin() {
    let mut t = entered(hive(), Format::RoundRobin { cycles: 1 }, 4);
    t.start(0).unwrap();
    // Round 1 is played in full: everything drawn.
    for g in 0..2 {
        t.record(GameRef { round: 0, game: g }, duel(None)).unwrap();
    }
    let left = t.leave("u3").unwrap();
    let Left::Withdrawn(forfeited) = left else {
        panic!("withdrawn after the start");
    };
    assert_eq!(forfeited.len(), 2, "his games of rounds 2 and 3");
    assert!(forfeited.iter().all(|at| at.round > 0));
    assert!(
        t.playable()
            .iter()
            .all(|at| !t.game(*at).unwrap().seats.contains(&3))
    );
    assert_eq!(t.active(), vec![0, 1, 2]);
    let mut rng = rng(0);
    play_round(&mut t, &mut rng);
    assert!(t.is_finished());
    let rows = t.standings();
    let row = |p: usize| rows.iter().find(|r| r.player == p).unwrap().clone();
    let gone = row(3);
    assert_eq!(
        (gone.games, gone.wins, gone.draws, gone.losses, gone.points),
        (3, 0, 1, 2, 0.5)
    );
    for &at in &forfeited {
        let g = t.game(at).unwrap();
        let opponent = g.seats.iter().copied().find(|&p| p != 3).unwrap();
        assert!(row(opponent).wins >= 1);
        let seat = g.seats.iter().position(|&p| p == 3).unwrap();
        assert_eq!(g.status, Status::Forfeit { absent: vec![seat] });
    }
    assert_eq!(t.forfeit_player(3), Err(TournamentError::NotRunning));
}

#[test]
fn a_withdrawn_player_is_not_paired_again_in_a_swiss() {
    let mut t = entered(hive(), Format::Swiss { rounds: 4 }, 6);
    t.start(0).unwrap();
    let his = pending(&t)
        .into_iter()
        .find(|&at| t.game(at).unwrap().seats.contains(&2))
        .unwrap();
    assert_eq!(t.forfeit_player(2), Ok(vec![his]));
    assert_eq!(
        t.forfeit_player(2),
        Err(TournamentError::AlreadyWithdrawn("Player 2".to_string()))
    );
    assert_eq!(t.forfeit_player(9), Err(TournamentError::UnknownPlayer(9)));
    let g = t.game(his).unwrap().clone();
    let opponent = g.seats.iter().copied().find(|&p| p != 2).unwrap();
    let mut rng = rng(0);
    while t.state == State::Running {
        play_round(&mut t, &mut rng);
        if t.next_round_ready() {
            t.advance(0).unwrap();
        }
    }
    assert!(
        t.rounds[1..]
            .iter()
            .flat_map(|r| &r.games)
            .all(|g| !g.seats.contains(&2))
    );
    // Five left: one bye a round, never to the same player twice.
    let rows = t.standings();
    assert!(rows.iter().all(|r| r.byes <= 1));
    let first = t.scored()[..3].to_vec();
    let forfeit = first.iter().find(|s| s.players.contains(&2)).unwrap();
    let seat = forfeit.players.iter().position(|&p| p == opponent).unwrap();
    assert_eq!(forfeit.points[seat], 1.0);
    assert_eq!(forfeit.points[1 - seat], 0.0);
    assert!(!forfeit.played);
}

#[test]
fn a_labyrinth_forfeit_win_is_worth_the_treasure() {
    let mut t = entered(spec("labyrinth", 2, 8), Format::RoundRobin { cycles: 1 }, 2);
    t.start(0).unwrap();
    t.forfeit_player(0).unwrap();
    let rows = t.standings();
    assert_eq!(rows[0].player, 1);
    assert_eq!(rows[0].points, 3.0);
    assert!(t.is_finished());
}

#[test]
fn the_state_round_trips_through_json() {
    let mut t = entered(
        spec("labyrinth", 2, 8),
        Format::Tables { size: 3, rounds: 3 },
        7,
    );
    t.scoring = Scoring::parse(&t.game.results(), &["draw=0.5"]).unwrap();
    t.start(11).unwrap();
    let mut rng = rng(11);
    play_round(&mut t, &mut rng);
    t.advance(12).unwrap();
    t.begin_game(GameRef { round: 1, game: 0 }, 77).unwrap();
    t.forfeit_player(4).unwrap();
    let json = serde_json::to_string(&t).unwrap();
    let back: Tournament = serde_json::from_str(&json).unwrap();
    assert_eq!(back, t);
    assert!(json.contains(r#""format":"tables""#), "{json}");
    assert!(json.contains(r#""status":"running","game":77"#), "{json}");
}

#[test]
fn cancel_and_finish() {
    let mut t = entered(hive(), Format::Swiss { rounds: 1 }, 2);
    t.cancel().unwrap();
    assert_eq!(t.state, State::Cancelled);
    assert_eq!(t.cancel(), Err(TournamentError::NotRunning));
    let mut t = entered(hive(), Format::Swiss { rounds: 1 }, 2);
    t.start(0).unwrap();
    t.record(GameRef { round: 0, game: 0 }, duel(Some(1)))
        .unwrap();
    assert!(t.is_finished());
    let text = t.table(&crate::tournament::Labels::default(), 12);
    assert!(text.lines().nth(1).unwrap().contains("Player 1"), "{text}");
}

use proptest::prelude::*;

use crate::tournament::{Format, State, Status};

use super::{duel, entered, hive, pending};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random results and withdrawals never break the pairing: every round's games are disjoint
    /// and every active player is in one of them or has the bye.
    #[test]
    fn swiss_pairs_every_active_player_once(
        n in 1usize..=24,
        rounds in 1u32..=8,
        results in prop::collection::vec(0u8..3, 200),
        withdrawals in prop::collection::vec(prop::option::of(0usize..24), 8),
        seed in any::<u64>(),
    ) {
        let mut t = entered(hive(), Format::Swiss { rounds }, n);
        if n < 2 {
            prop_assert!(t.start(seed).is_err());
            return Ok(());
        }
        t.start(seed).unwrap();
        let mut results = results.into_iter().cycle();
        let mut round = 0;
        loop {
            let last = &t.rounds[t.rounds.len() - 1];
            let mut seen: Vec<usize> = last.games.iter().flat_map(|g| g.seats.clone()).collect();
            let byes = last.games.iter().filter(|g| g.status == Status::Bye).count();
            prop_assert!(byes <= 1);
            seen.sort_unstable();
            let before = seen.len();
            seen.dedup();
            prop_assert_eq!(before, seen.len(), "a player twice in a round");
            if let Some(Some(p)) = withdrawals.get(round) {
                if *p < n && !t.players[*p].withdrawn {
                    t.forfeit_player(*p).unwrap();
                }
            }
            for at in pending(&t) {
                let winner = match results.next().unwrap() { 0 => None, r => Some(r as usize - 1) };
                t.record(at, duel(winner)).unwrap();
            }
            if !t.next_round_ready() {
                break;
            }
            let r = t.advance(seed).unwrap();
            let mut seated: Vec<usize> = t.rounds[r].games.iter().flat_map(|g| g.seats.clone()).collect();
            seated.sort_unstable();
            prop_assert_eq!(seated, t.active());
            round += 1;
        }
        prop_assert_eq!(t.state, State::Finished);
    }
}

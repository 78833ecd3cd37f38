//! Who has met whom, who has had a bye, who has moved first: what pairing and seating avoid
//! repeating. Derived from the rounds each time, never stored, so it cannot drift from them.

use super::{Round, Status};

/// The past of a field, by player number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    met: Vec<Vec<u32>>,
    byes: Vec<u32>,
    firsts: Vec<u32>,
    others: Vec<u32>,
    last_first: Vec<Option<bool>>,
}

impl History {
    /// A field of `n` players that has played nothing.
    pub fn new(n: usize) -> Self {
        History {
            met: vec![vec![0; n]; n],
            byes: vec![0; n],
            firsts: vec![0; n],
            others: vec![0; n],
            last_first: vec![None; n],
        }
    }

    /// The past of `n` players through `rounds`. Every game counts as a meeting, a forfeited one
    /// too: its players are not paired again anyway, as one of them has withdrawn.
    pub fn of(n: usize, rounds: &[Round]) -> Self {
        let mut h = History::new(n);
        for game in rounds.iter().flat_map(|r| &r.games) {
            match game.status {
                Status::Bye => game.seats.iter().for_each(|&p| h.add_bye(p)),
                _ => h.add_game(&game.seats),
            }
        }
        h
    }

    /// Notes a game: everyone at it met everyone else; seat 0 moved first.
    pub fn add_game(&mut self, seats: &[usize]) {
        for (i, &a) in seats.iter().enumerate() {
            for &b in &seats[i + 1..] {
                self.met[a][b] += 1;
                self.met[b][a] += 1;
            }
            let first = i == 0;
            if first {
                self.firsts[a] += 1;
            } else {
                self.others[a] += 1;
            }
            self.last_first[a] = Some(first);
        }
    }

    /// Notes a bye.
    pub fn add_bye(&mut self, player: usize) {
        self.byes[player] += 1;
    }

    /// How many games `a` and `b` shared.
    pub fn met(&self, a: usize, b: usize) -> u32 {
        self.met[a][b]
    }

    /// The most games any two players of `players` shared.
    pub fn max_met(&self, players: &[usize]) -> u32 {
        players
            .iter()
            .flat_map(|&a| players.iter().map(move |&b| (a, b)))
            .map(|(a, b)| self.met[a][b])
            .max()
            .unwrap_or(0)
    }

    /// How many byes the player has had.
    pub fn byes(&self, player: usize) -> u32 {
        self.byes[player]
    }

    /// How many games the player moved first in.
    pub fn firsts(&self, player: usize) -> u32 {
        self.firsts[player]
    }

    /// First moves less other seats: positive when the player moved first more often.
    pub fn balance(&self, player: usize) -> i64 {
        i64::from(self.firsts[player]) - i64::from(self.others[player])
    }

    /// Whether the player moved first in his last game (`None` before his first).
    pub fn last_first(&self, player: usize) -> Option<bool> {
        self.last_first[player]
    }
}

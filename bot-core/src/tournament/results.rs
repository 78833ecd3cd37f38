//! Results: games opened and ended, withdrawals, and the standings they make.

use crate::session::game::Outcome;

use super::render::{Labels, render};
use super::standings::{Row, Scored, standings};
use super::{CALLED_OFF, Game, GameRef, Rated, State, Status, Tournament, TournamentError};

impl Tournament {
    /// The game at `at`, if there is one.
    pub fn game(&self, at: GameRef) -> Option<&Game> {
        self.rounds.get(at.round)?.games.get(at.game)
    }

    /// Every game made so far, with its reference.
    pub fn games(&self) -> impl Iterator<Item = (GameRef, &Game)> {
        self.rounds.iter().enumerate().flat_map(|(round, r)| {
            r.games
                .iter()
                .enumerate()
                .map(move |(game, g)| (GameRef { round, game }, g))
        })
    }

    /// The pending games the session may open now: those whose players sit at no running game
    /// and have no earlier pending game, so everyone plays his schedule in order.
    pub fn playable(&self) -> Vec<GameRef> {
        if self.state != State::Running {
            return Vec::new();
        }
        // Players at a running game, then those whose earliest pending game was already seen.
        let mut claimed: Vec<usize> = self
            .games()
            .filter(|(_, g)| matches!(g.status, Status::Running { .. }))
            .flat_map(|(_, g)| g.seats.clone())
            .collect();
        let mut out = Vec::new();
        for (at, g) in self.games() {
            if g.status != Status::Pending {
                continue;
            }
            if g.seats.iter().all(|p| !claimed.contains(p)) {
                out.push(at);
            }
            claimed.extend(&g.seats);
        }
        out
    }

    /// Notes that the session opened the game as its table `id`.
    pub fn begin_game(&mut self, at: GameRef, id: i64) -> Result<(), TournamentError> {
        if self.state != State::Running {
            return Err(TournamentError::NotRunning);
        }
        let game = self.game_mut(at)?;
        if game.status != Status::Pending {
            return Err(TournamentError::GameClosed(at));
        }
        game.status = Status::Running { game: id };
        Ok(())
    }

    /// Takes back a game the session began but could not host (a thread the platform refused to
    /// open): it waits as if never begun, to open elsewhere. Only the table `id` it was begun as
    /// is taken back, so a stale request changes nothing.
    pub fn reopen_game(&mut self, at: GameRef, id: i64) -> Result<(), TournamentError> {
        let game = self.game_mut(at)?;
        if game.status != (Status::Running { game: id }) {
            return Err(TournamentError::GameClosed(at));
        }
        game.status = Status::Pending;
        Ok(())
    }

    /// Records how the game ended (its seats in the game's seat order). A paused tournament still
    /// takes results: the games were under way before the pause.
    pub fn record(&mut self, at: GameRef, outcome: Outcome) -> Result<(), TournamentError> {
        self.record_played(at, outcome, vec![])
    }

    /// Records how the game ended, as [`Tournament::record`], with the seats that left its table
    /// before the end (they are placed last in `outcome`).
    pub fn record_played(
        &mut self,
        at: GameRef,
        outcome: Outcome,
        left: Vec<usize>,
    ) -> Result<(), TournamentError> {
        if !matches!(self.state, State::Running | State::Paused) {
            return Err(TournamentError::NotRunning);
        }
        let game = self.game_mut(at)?;
        if !game.status.is_open() {
            return Err(TournamentError::GameClosed(at));
        }
        if outcome.seats.len() != game.seats.len() {
            return Err(TournamentError::SeatCount {
                expected: game.seats.len(),
                got: outcome.seats.len(),
            });
        }
        game.status = Status::Finished { outcome, left };
        self.settle();
        Ok(())
    }

    /// The round whose ratings are due now, if one is: the first round still to rate, once every
    /// game of it has ended (a round is one rating period, see [`super::rating`]). In a tournament
    /// that is over or called off, its rounds still to rate are due as they stand: what was
    /// played counts, games never played or still under way do not.
    pub fn round_to_rate(&self) -> Option<usize> {
        let r = self.rounds.iter().position(|r| r.rated == Rated::Due)?;
        let over = matches!(self.state, State::Finished | State::Cancelled);
        (over || self.rounds[r].games.iter().all(|g| !g.status.is_open())).then_some(r)
    }

    /// The games of round `r` that move the ratings: those played to a result (not forfeited, not
    /// a bye, not called off), each with its players by seat and its outcome, among the seats
    /// that saw it to its end.
    pub fn rated_games(&self, r: usize) -> Vec<(Vec<usize>, Outcome)> {
        let Some(round) = self.rounds.get(r) else {
            return vec![];
        };
        (round.games.iter())
            .filter_map(|g| match &g.status {
                Status::Finished { outcome, left } if outcome.kind != CALLED_OFF => {
                    let stayed: Vec<usize> =
                        (0..g.seats.len()).filter(|s| !left.contains(s)).collect();
                    let seats = stayed.iter().map(|&s| g.seats[s]).collect();
                    let places = stayed.iter().filter_map(|&s| outcome.seats.get(s).copied());
                    let outcome = Outcome {
                        kind: outcome.kind.clone(),
                        seats: places.collect(),
                    };
                    Some((seats, outcome))
                }
                _ => None,
            })
            .collect()
    }

    /// Notes that round `r` was rated.
    pub fn mark_rated(&mut self, r: usize) {
        if let Some(round) = self.rounds.get_mut(r) {
            round.rated = Rated::Done;
        }
    }

    /// Whether a game's table is rated when it ends, a rating period of its own: a game of a
    /// round made before rounds were rating periods. Every other game is rated with its round.
    pub fn rated_by_game(&self, at: GameRef) -> bool {
        self.rounds
            .get(at.round)
            .is_none_or(|r| r.rated == Rated::ByGame)
    }

    /// Withdraws the player (he left, or the director removed him): he is paired no more, and his
    /// pending games are forfeited — in a game of two he loses and his opponent wins; a game of
    /// more goes on without him, or counts for nobody if it no longer has enough players. A game
    /// already running is left to end by itself (the session drops him from it). Returns the
    /// games changed.
    pub fn forfeit_player(&mut self, player: usize) -> Result<Vec<GameRef>, TournamentError> {
        if !matches!(self.state, State::Running | State::Paused) {
            return Err(TournamentError::NotRunning);
        }
        let p = self
            .players
            .get_mut(player)
            .ok_or(TournamentError::UnknownPlayer(player))?;
        if p.withdrawn {
            return Err(TournamentError::AlreadyWithdrawn(p.name.clone()));
        }
        p.withdrawn = true;
        let touched: Vec<GameRef> = self
            .games()
            .filter(|(_, g)| g.status == Status::Pending && g.seats.contains(&player))
            .map(|(at, _)| at)
            .collect();
        for &at in &touched {
            self.drop_from(at, player);
        }
        self.settle();
        Ok(touched)
    }

    /// Takes a withdrawn player out of a pending game.
    fn drop_from(&mut self, at: GameRef, player: usize) {
        let two_player = self.format.two_player();
        let min = self.game.min_players;
        let withdrawn: Vec<bool> = self.players.iter().map(|p| p.withdrawn).collect();
        let game = &mut self.rounds[at.round].games[at.game];
        if !two_player && game.seats.len() > min {
            game.seats.retain(|&p| p != player);
            return;
        }
        let absent = (0..game.seats.len())
            .filter(|&s| withdrawn[game.seats[s]])
            .collect();
        game.status = Status::Forfeit { absent };
    }

    /// Every result as the standings read it.
    pub fn scored(&self) -> Vec<Scored> {
        self.games().filter_map(|(_, g)| self.score(g)).collect()
    }

    /// One game's result, if it has one that counts.
    fn score(&self, g: &Game) -> Option<Scored> {
        let results = self.game.results();
        let scored = |points: Vec<f64>, places: Vec<u32>, played| Scored {
            players: g.seats.clone(),
            points,
            places,
            played,
        };
        match &g.status {
            Status::Pending | Status::Running { .. } => None,
            Status::Finished { outcome, .. } => Some(scored(
                self.scoring.points(&results, outcome),
                outcome.seats.iter().map(|s| s.place).collect(),
                true,
            )),
            Status::Bye => Some(scored(
                vec![self.scoring.bye_points(&results)],
                vec![1],
                false,
            )),
            Status::Forfeit { absent } if self.format.two_player() => {
                let gone = |s: usize| absent.contains(&s);
                let seats = 0..g.seats.len();
                let win = self.scoring.win_points(&results);
                let points = seats
                    .clone()
                    .map(|s| if gone(s) { self.scoring.loss } else { win });
                let places = seats.map(|s| if gone(s) { 2 } else { 1 });
                Some(scored(points.collect(), places.collect(), false))
            }
            Status::Forfeit { .. } => None,
        }
    }

    /// The standings now, best first.
    pub fn standings(&self) -> Vec<Row> {
        standings(self.players.len(), &self.scored(), self.format.two_player())
    }

    /// Each player's points now, by player number.
    pub(super) fn points(&self) -> Vec<f64> {
        let mut points = vec![0.0; self.players.len()];
        for row in self.standings() {
            points[row.player] = row.points;
        }
        points
    }

    /// The standings as monospace text under the caller's headings.
    pub fn table(&self, labels: &Labels, name_width: usize) -> String {
        let names: Vec<String> = self.players.iter().map(|p| p.name.clone()).collect();
        render(
            &self.standings(),
            &names,
            labels,
            self.format.two_player(),
            name_width,
        )
    }

    /// The game at `at`, to change.
    fn game_mut(&mut self, at: GameRef) -> Result<&mut Game, TournamentError> {
        self.rounds
            .get_mut(at.round)
            .and_then(|r| r.games.get_mut(at.game))
            .ok_or(TournamentError::UnknownGame(at))
    }
}

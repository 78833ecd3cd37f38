//! The tournament's course: the start, each next round, pauses and the end.

use super::history::History;
use super::{Format, Game, Plan, Rated, Round, State, Status, Tournament, TournamentError};
use super::{round_robin, series, swiss, tables};

impl Tournament {
    /// Closes entries and makes the first round, or for round-robin and series the whole schedule
    /// (it does not depend on results, and players may then play ahead). `seed` draws seats where
    /// the format wants chance.
    pub fn start(&mut self, seed: u64) -> Result<(), TournamentError> {
        if self.state != State::Lobby {
            return Err(TournamentError::Started);
        }
        let need = self.format.min_entrants(&self.game);
        if self.players.len() < need {
            return Err(TournamentError::NotEnoughPlayers {
                have: self.players.len(),
                need,
            });
        }
        let everyone: Vec<usize> = (0..self.players.len()).collect();
        let plans = match self.format {
            Format::RoundRobin { cycles } => round_robin::schedule(&everyone, cycles),
            Format::Series { games } => series::schedule(&everyone, games, seed),
            Format::Swiss { .. } | Format::Tables { .. } => vec![self.next_plan(seed)?],
        };
        plans.into_iter().for_each(|p| self.push_plan(p));
        self.state = State::Running;
        self.settle();
        Ok(())
    }

    /// Whether [`Tournament::advance`] would make a round now: Swiss and tables, running, the
    /// current round over and rounds left.
    pub fn next_round_ready(&self) -> bool {
        self.state == State::Running
            && !self.format.scheduled()
            && self.round_over()
            && self.rounds_left() > 0
    }

    /// Makes the next round on the current standings; returns its index.
    pub fn advance(&mut self, seed: u64) -> Result<usize, TournamentError> {
        if self.state != State::Running {
            return Err(TournamentError::NotRunning);
        }
        if !self.round_over() {
            return Err(TournamentError::RoundNotOver);
        }
        if self.format.scheduled() || self.rounds_left() == 0 {
            return Err(TournamentError::NoRoundLeft);
        }
        let plan = self.next_plan(seed)?;
        self.push_plan(plan);
        Ok(self.rounds.len() - 1)
    }

    /// Stops making rounds until [`Tournament::resume`]; results still count.
    pub fn pause(&mut self) -> Result<(), TournamentError> {
        if self.state != State::Running {
            return Err(TournamentError::NotRunning);
        }
        self.state = State::Paused;
        Ok(())
    }

    /// Undoes [`Tournament::pause`]; finishes the tournament if its last results came meanwhile.
    pub fn resume(&mut self) -> Result<(), TournamentError> {
        if self.state != State::Paused {
            return Err(TournamentError::NotRunning);
        }
        self.state = State::Running;
        self.settle();
        Ok(())
    }

    /// Calls the tournament off.
    pub fn cancel(&mut self) -> Result<(), TournamentError> {
        if matches!(self.state, State::Finished | State::Cancelled) {
            return Err(TournamentError::NotRunning);
        }
        self.state = State::Cancelled;
        Ok(())
    }

    /// Whether every game has its result and no round is left to make.
    pub fn is_finished(&self) -> bool {
        self.state == State::Finished
    }

    /// The players still in, by number.
    pub fn active(&self) -> Vec<usize> {
        (0..self.players.len())
            .filter(|&p| !self.players[p].withdrawn)
            .collect()
    }

    /// Finishes a running tournament once nothing is left to play or make.
    pub(super) fn settle(&mut self) {
        if self.state == State::Running && self.round_over() && self.rounds_left() == 0 {
            self.state = State::Finished;
        }
    }

    /// Whether every game made so far has its result.
    fn round_over(&self) -> bool {
        self.rounds
            .iter()
            .flat_map(|r| &r.games)
            .all(|g| !g.status.is_open())
    }

    /// Rounds still to make; none once too few players are left to pair or seat.
    fn rounds_left(&self) -> usize {
        if self.format.scheduled() {
            return 0;
        }
        let active = self.active().len();
        let enough = match self.format {
            Format::Tables { size, .. } => self.table_sizes(active, size).is_some(),
            _ => active >= 2,
        };
        let planned = self.format.rounds(self.players.len());
        if enough {
            planned.saturating_sub(self.rounds.len())
        } else {
            0
        }
    }

    /// The next Swiss or tables round for the active players.
    fn next_plan(&self, seed: u64) -> Result<Plan, TournamentError> {
        let active = self.active();
        let history = History::of(self.players.len(), &self.rounds);
        match self.format {
            Format::Swiss { .. } => {
                let shown: Vec<usize> = self.standings().iter().map(|r| r.player).collect();
                Ok(swiss::pair(&active, &self.points(), &shown, &history))
            }
            Format::Tables { size, .. } => {
                let sizes =
                    self.table_sizes(active.len(), size)
                        .ok_or(TournamentError::CannotSeat {
                            players: active.len(),
                            min: self.game.min_players,
                            max: self.game.max_players,
                        })?;
                Ok(tables::seat(&active, &sizes, &history, seed))
            }
            Format::RoundRobin { .. } | Format::Series { .. } => Err(TournamentError::NoRoundLeft),
        }
    }

    /// Table sizes for `players` within the game's seat range.
    fn table_sizes(&self, players: usize, size: usize) -> Option<Vec<usize>> {
        tables::sizes(players, size, self.game.min_players, self.game.max_players)
    }

    /// Appends a round: its games pending, its byes settled at once.
    fn push_plan(&mut self, plan: Plan) {
        let game = |seats, status| Game { seats, status };
        let games = plan.games.into_iter().map(|s| game(s, Status::Pending));
        let byes = plan.byes.into_iter().map(|p| game(vec![p], Status::Bye));
        self.rounds.push(Round {
            games: games.chain(byes).collect(),
            rated: Rated::Due,
        });
    }
}

//! Entries: announcing a tournament, joining and leaving.

use super::{Format, GameRef, GameSpec, Player, Scoring, State, Tournament, TournamentError};

/// What leaving did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Left {
    /// Before the start: the entry is gone, and later players' numbers moved down by one.
    Removed,
    /// After the start: the player withdrew; these games were forfeited or reseated.
    Withdrawn(Vec<GameRef>),
}

impl Tournament {
    /// A tournament taking entries, if the format fits the game.
    pub fn new(game: GameSpec, format: Format, scoring: Scoring) -> Result<Self, TournamentError> {
        format.check(&game)?;
        Ok(Tournament {
            game,
            format,
            scoring,
            players: Vec::new(),
            rounds: Vec::new(),
            state: State::Lobby,
        })
    }

    /// Enters the user; returns his player number.
    pub fn join(&mut self, id: &str, name: &str) -> Result<usize, TournamentError> {
        if self.state != State::Lobby {
            return Err(TournamentError::Started);
        }
        if let Some(p) = self.find(id) {
            return Err(TournamentError::AlreadyJoined(self.players[p].name.clone()));
        }
        if let Some(max) = self.format.max_entrants(&self.game) {
            if self.players.len() >= max {
                return Err(TournamentError::Full { max });
            }
        }
        self.players.push(Player {
            id: id.to_string(),
            name: name.to_string(),
            withdrawn: false,
        });
        Ok(self.players.len() - 1)
    }

    /// The user leaves: before the start his entry is struck out, after it he withdraws (see
    /// [`Tournament::forfeit_player`]).
    pub fn leave(&mut self, id: &str) -> Result<Left, TournamentError> {
        let p = self
            .find(id)
            .ok_or_else(|| TournamentError::NotJoined(id.to_string()))?;
        if self.state == State::Lobby {
            self.players.remove(p);
            return Ok(Left::Removed);
        }
        self.forfeit_player(p).map(Left::Withdrawn)
    }

    /// The player number of the user with this id.
    pub fn find(&self, id: &str) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }
}

//! Tournaments in the session: a director's commands in a chat, the tournament's games opened as
//! tables of their own, their results recorded, the standings posted, the ratings kept.
//!
//! The pure tournament ([`crate::tournament::Tournament`]) decides pairings, points and places;
//! this module keeps it in the store beside the session's own part ([`Cup`]: the director, the
//! clock every table gets, the chats that host tables), and drives it:
//! - commands (`/tournament …`, `/standings`, `/rating`, `/leaderboard`) are inputs like any other,
//!   each one commit;
//! - a tournament's game is an ordinary table that names its tournament ([`Link`]); the commit
//!   that ends it marks the tournament dirty, and [`tick`] then records the result, opens the next
//!   games and posts the standings, each step a commit of its own, redone after a crash.

mod command;
mod open;
mod place;
mod rate;
mod thread;
mod tick;
mod transfer;
mod words;

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::store::{Platform, TournamentId, TournamentRecord, TournamentWrite};
use crate::tournament::{State, Tournament};

use super::table::Seat;
use super::{Registry, SessionError};

pub(crate) use command::{COMMANDS, group};
pub(crate) use rate::ratings;
pub(crate) use thread::{opened as thread_opened, refused as thread_refused};
pub(crate) use tick::tick;
pub use transfer::{Landing, export_tournament, import_tournament};
pub(crate) use transfer::{is_tournament_file, receive as receive_file};

/// The session's part of a tournament, stored with the pure tournament.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(crate) struct Cup {
    /// Who opened it: he (and the chat's admins) starts, pauses and ends it.
    pub director: Seat,
    /// The language of the tournament chat's messages.
    pub lang: Lang,
    /// The clock every table opens with, as typed (`deadline=24h`, `missed=3`).
    pub clock: Vec<String>,
    /// Other chats that host its tables (`/tournament host`), besides threads of its own chat.
    #[serde(default)]
    pub hosts: Vec<String>,
    /// Whether its games play in threads the bot opens in its chat (the chat allowed it when the
    /// tournament was opened); cleared when the platform refuses one, so the games go to the host
    /// chats instead.
    #[serde(default)]
    pub threads: bool,
    /// The title of its chat, as the platform showed it when the tournament was opened: private
    /// messages name the chat by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The titles of host chats, by chat, as shown when each was added.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub host_titles: std::collections::BTreeMap<String, String>,
    /// Draws from the session's randomness so far (pairings, seat lots).
    pub draws: u64,
    /// The tournament itself.
    pub tournament: Tournament,
}

/// A tournament as read from the store, to write back at its version.
#[derive(Clone, Debug)]
pub(crate) struct Held {
    pub id: TournamentId,
    pub version: i64,
    pub platform: Platform,
    pub chat: String,
    pub dirty: bool,
    pub cup: Cup,
}

impl Held {
    /// A stored tournament read back.
    pub fn read(rec: TournamentRecord) -> Result<Held, SessionError> {
        Ok(Held {
            id: rec.id,
            version: rec.version,
            platform: rec.platform,
            chat: rec.chat,
            dirty: rec.dirty,
            cup: serde_json::from_str(&rec.state)?,
        })
    }

    /// A stored tournament read back as [`Held::read`] does, with its game's results as the game
    /// declares them when it was stored before games declared them (its standings count so).
    pub fn read_hosted(registry: Registry, rec: TournamentRecord) -> Result<Held, SessionError> {
        let mut h = Held::read(rec)?;
        let game = &mut h.cup.tournament.game;
        if game.results.is_none() {
            game.results = registry.find(&game.word).map(|k| k.results());
        }
        Ok(h)
    }

    /// The write that puts it back as it is now; `dirty` while work remains for [`tick`].
    pub fn write(&self, dirty: bool) -> Result<TournamentWrite, SessionError> {
        Ok(TournamentWrite::Update {
            id: self.id,
            expected_version: self.version,
            status: status(self.cup.tournament.state).to_string(),
            state: serde_json::to_string(&self.cup)?,
            dirty,
        })
    }

    /// A fresh number from the session's randomness, for this tournament.
    pub fn draw(&mut self, seed: u64) -> u64 {
        self.cup.draws += 1;
        super::table::mix(super::table::mix(seed, self.id.0 as u64), self.cup.draws)
    }

    /// The chat a game of the tournament is played in when it is a thread of the tournament's own
    /// chat: `CHAT/r1g2` (`gm script` addresses it as `group:CHAT/r1g2`).
    pub fn thread(&self, round: usize, game: usize) -> String {
        format!("{}/r{}g{}", self.chat, round + 1, game + 1)
    }
}

/// The running tournament of a chat, if it has one: a game there that ends may let one of its
/// games open.
pub(crate) async fn waiting_in(
    store: &crate::store::Store,
    platform: Platform,
    chat: &str,
) -> Result<Option<TournamentId>, SessionError> {
    let rec = store.tournament_in_chat(platform, chat).await?;
    Ok(rec.filter(|r| r.status == "running").map(|r| r.id))
}

/// The status the store files a tournament under.
pub(crate) fn status(state: State) -> &'static str {
    match state {
        State::Lobby => "lobby",
        State::Running => "running",
        State::Paused => "paused",
        State::Finished => "finished",
        State::Cancelled => "cancelled",
    }
}

/// Whether a platform's chats can hold a tournament's games as threads the session names itself:
/// `gm script`'s chats are names. Telegram's forum topics and Discord's threads are opened by the
/// platform ([`Cup::threads`]): the session names each first, and the chat takes the thread's id
/// once it is open ([`thread`]).
pub(crate) fn names_threads(platform: Platform) -> bool {
    matches!(platform, Platform::Script)
}

impl Held {
    /// Whether its games play in threads: named by the session, or opened by the platform.
    pub fn in_threads(&self) -> bool {
        names_threads(self.platform) || self.cup.threads
    }
}

/// The tournament as `gm script`'s peek shows it: its game and format, its players, every game of
/// every round with its players, where it stands and the chat it is played in, and the standings.
pub(crate) fn peek(
    registry: Registry,
    rec: TournamentRecord,
) -> Result<serde_json::Value, SessionError> {
    use crate::tournament::Status;
    use serde_json::json;
    let h = Held::read_hosted(registry, rec)?;
    let tour = &h.cup.tournament;
    let name = |p: usize| tour.players[p].name.clone();
    let rounds: Vec<serde_json::Value> = tour
        .rounds
        .iter()
        .enumerate()
        .map(|(r, round)| {
            let games: Vec<serde_json::Value> = round
                .games
                .iter()
                .enumerate()
                .map(|(i, g)| {
                    let seats: Vec<String> = g.seats.iter().map(|&p| name(p)).collect();
                    let (state, game) = match &g.status {
                        Status::Pending => ("pending", None),
                        Status::Running { game } => ("running", Some(*game)),
                        Status::Finished { .. } => ("finished", None),
                        Status::Forfeit { .. } => ("forfeit", None),
                        Status::Bye => ("bye", None),
                    };
                    let chat =
                        (state != "bye" && names_threads(h.platform)).then(|| h.thread(r, i));
                    json!({"players": seats, "status": state, "game": game, "chat": chat})
                })
                .collect();
            json!(games)
        })
        .collect();
    let standings: Vec<serde_json::Value> = tour
        .standings()
        .iter()
        .map(|row| json!({"rank": row.rank, "player": name(row.player), "points": row.points}))
        .collect();
    Ok(json!({
        "id": h.id.0,
        "game": tour.game.word,
        "ruleset": tour.game.ruleset,
        "format": tour.format.name(),
        "status": status(tour.state),
        "players": tour.players.iter().map(|p| json!({"name": p.name, "withdrawn": p.withdrawn})).collect::<Vec<_>>(),
        "rounds": rounds,
        "standings": standings,
    }))
}

//! A game of Saboteur: three rounds of digging, gold sharing and the final count.
//!
//! Pure: [`Game::play`] takes the state and one player's [`Order`] and either refuses it — with a
//! [`Refusal`] that says what to do, changing nothing — or carries it out whole and tells what happened
//! as typed [`Event`]s, each public or private to one player. No I/O, no clock; chance comes only from
//! the seeds passed in (a new round's deal, a timed-out player's discard).
//!
//! Seats are numbered from 0 in turn order: the next player clockwise (Ход игры) is the next seat,
//! and counter-clockwise (Дележ золота) the previous one.

pub mod event;
pub mod order;

mod absence;
mod gold;
mod legal;
#[cfg(test)]
mod rig;
mod round;
mod turn;

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::board::Board;
use super::card::{Card, Tool, UnknownName};
use super::deck;

pub use super::refusal::Refusal;
pub use event::Event;
pub use order::{Order, ParseError};

/// A player's seat, from 0, in turn order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlayerId(pub u8);

impl PlayerId {
    fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A dwarf's side, dealt afresh each round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Золотоискатель: digs toward the gold.
    Digger,
    /// Вредитель: keeps the diggers from it.
    Saboteur,
}

impl Role {
    /// The role's name: `digger`, `saboteur`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Digger => "digger",
            Role::Saboteur => "saboteur",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Role {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Role, UnknownName> {
        [Role::Digger, Role::Saboteur]
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownName(s.to_string()))
    }
}

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// A round is being played: the one to move plays a card, discards or passes.
    Playing,
    /// The diggers reached the gold: the one to move takes a gold card of those offered.
    Sharing,
    /// After the third round (or when every player has left).
    Over,
}

/// One player: his role this round, his hand, the broken tools in front of him and his gold.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    /// His role this round (for a player who has left, the role of his last round).
    pub role: Role,
    /// His cards, path cards named as a hand names them ([`Path::canonical`](super::card::Path::canonical)).
    pub hand: Vec<Card>,
    /// The broken tools in front of him, in the order pick, lamp, cart.
    pub broken: Vec<Tool>,
    /// The nuggets he has won so far.
    pub gold: u32,
    /// The gold cards he has won, by value (their sum is `gold`).
    pub nuggets: Vec<u8>,
    /// He has left the game: skipped in turns and in gold sharing.
    pub out: bool,
}

/// A game of Saboteur for 3 to 10 players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    players: Vec<PlayerState>,
    /// 1 to 3.
    round: u8,
    phase: Phase,
    board: Board,
    /// The draw pile; its top is the last card.
    deck: Vec<Card>,
    /// The discard pile, face down.
    discard: Vec<Card>,
    /// The gold cards not yet won; the top is the last card. Shuffled once for the whole game.
    nuggets: Vec<u8>,
    /// The dwarf cards not dealt this round (the one set aside, and those of players who left).
    aside: Vec<Role>,
    /// The seats dealt a role this round, in seat order.
    cast: Vec<PlayerId>,
    /// Who is to move while playing; who chooses a gold card while sharing.
    turn: PlayerId,
    /// Who began this round.
    first: PlayerId,
    /// Who moved last this round: the player to his left begins the next (Начало нового раунда).
    last: Option<PlayerId>,
    /// The player who reached the gold this round.
    finder: Option<PlayerId>,
    /// The gold cards being passed round while sharing.
    offered: Vec<u8>,
    /// A seed drawn at each deal, for a deal that [`Game::remove`] brings about (it has no seed).
    spare_seed: u64,
}

impl Game {
    /// A new game for `players` players (3 to 10), `first` beginning: the gold cards shuffled once for
    /// the whole game, and round 1 dealt — roles, goals, deck and hands (Подготовка). The deal is told
    /// by [`Game::deal_events`].
    pub fn new(players: usize, first: PlayerId, seed: u64) -> Result<Game, Refusal> {
        if deck::dwarves(players).is_none() {
            return Err(Refusal::PlayerCount);
        }
        if first.index() >= players {
            return Err(Refusal::NotAPlayer);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut nuggets = deck::gold_cards();
        nuggets.shuffle(&mut rng);
        let player = PlayerState {
            role: Role::Digger,
            hand: Vec::new(),
            broken: Vec::new(),
            gold: 0,
            nuggets: Vec::new(),
            out: false,
        };
        let mut game = Game {
            players: vec![player; players],
            round: 1,
            phase: Phase::Playing,
            // The deal below lays the maze, the deck and the hands.
            board: Board::new([false, true, false]),
            deck: Vec::new(),
            discard: Vec::new(),
            nuggets,
            aside: Vec::new(),
            cast: Vec::new(),
            turn: first,
            first,
            last: None,
            finder: None,
            offered: Vec::new(),
            spare_seed: 0,
        };
        game.deal(&mut rng, first, &mut Vec::new());
        Ok(game)
    }

    /// Carries out one player's order, or refuses it changing nothing.
    ///
    /// `seed` is used only when the order ends a round and the next must be dealt. Every refusal is
    /// decided before anything changes. A path order may name its card in either orientation
    /// (`NSW` lies as `NES` turned); see [`Order::normalized`].
    pub fn play(&mut self, who: PlayerId, order: &Order, seed: u64) -> Result<Vec<Event>, Refusal> {
        let order = order.normalized();
        self.check(who, &order)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut events = Vec::new();
        self.run(who, &order, &mut rng, &mut events);
        Ok(events)
    }

    /// Refuses an order the rules do not allow now, or lets it through.
    fn check(&self, who: PlayerId, order: &Order) -> Result<(), Refusal> {
        if self.phase == Phase::Over {
            return Err(Refusal::GameOver);
        }
        if !self.is_in(who) {
            return Err(Refusal::NotAPlayer);
        }
        if self.to_move() != Some(who) {
            return Err(Refusal::NotYourTurn);
        }
        match (self.phase, order) {
            (Phase::Sharing, Order::Take(v)) => {
                if self.offered.contains(v) {
                    Ok(())
                } else {
                    Err(Refusal::NotOffered)
                }
            }
            (Phase::Sharing, _) => Err(Refusal::Sharing),
            (_, Order::Take(_)) => Err(Refusal::NotSharing),
            _ => self.check_turn(who, order),
        }
    }

    /// Carries out an order already checked.
    fn run(&mut self, who: PlayerId, order: &Order, rng: &mut ChaCha8Rng, ev: &mut Vec<Event>) {
        match order {
            Order::Take(v) => self.take(who, *v, rng, ev),
            _ => self.run_turn(who, order, rng, ev),
        }
    }

    /// The one to move: the player whose turn it is, or who chooses a gold card; `None` when over.
    pub fn to_move(&self) -> Option<PlayerId> {
        match self.phase {
            Phase::Over => None,
            _ => Some(self.turn),
        }
    }

    /// The round in play, 1 to 3 (3 once over).
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Where the game stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Every seat, in turn order.
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    /// One seat. Panics if there is no such seat (`who` must come from this game).
    pub fn player(&self, who: PlayerId) -> &PlayerState {
        &self.players[who.index()]
    }

    /// The maze.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Cards left in the draw pile.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// Cards in the discard pile.
    pub fn discard_len(&self) -> usize {
        self.discard.len()
    }

    /// Gold cards not yet won (those being passed round while sharing not counted).
    pub fn nuggets_len(&self) -> usize {
        self.nuggets.len()
    }

    /// The gold cards offered to the one to move while sharing, highest first; empty otherwise.
    pub fn offered(&self) -> &[u8] {
        &self.offered
    }

    /// Who began this round.
    pub fn first(&self) -> PlayerId {
        self.first
    }

    /// Who reached the gold this round, if anyone did.
    pub fn finder(&self) -> Option<PlayerId> {
        self.finder
    }

    /// The gold of every seat, once the game is over.
    pub fn outcome(&self) -> Option<Vec<u32>> {
        (self.phase == Phase::Over).then(|| self.players.iter().map(|p| p.gold).collect())
    }

    /// The players with the most gold once the game is over — several share first place on a tie
    /// (Завершение игры). Players who left are not ranked. Empty while in play.
    pub fn winners(&self) -> Vec<PlayerId> {
        if self.phase != Phase::Over {
            return Vec::new();
        }
        let best = self
            .seats()
            .filter(|&p| self.is_in(p))
            .map(|p| self.player(p).gold)
            .max();
        self.seats()
            .filter(|&p| self.is_in(p) && Some(self.player(p).gold) == best)
            .collect()
    }

    /// The events that tell the round in play as it was dealt, as it stands now: who begins, and each
    /// player's role and hand, privately. For telling the first deal, which [`Game::new`] makes
    /// without events.
    pub fn deal_events(&self) -> Vec<Event> {
        let mut ev = vec![Event::RoundStarted {
            round: self.round,
            first: self.first,
        }];
        for &p in &self.cast {
            if self.is_in(p) {
                let s = self.player(p);
                ev.push(Event::Dealt {
                    to: p,
                    role: s.role,
                    hand: s.hand.clone(),
                });
            }
        }
        ev
    }

    /// All seats in order.
    fn seats(&self) -> impl Iterator<Item = PlayerId> + use<> {
        (0..self.players.len() as u8).map(PlayerId)
    }

    /// Whether `who` is a seat of this game and has not left.
    fn is_in(&self, who: PlayerId) -> bool {
        self.players.get(who.index()).is_some_and(|p| !p.out)
    }

    fn player_mut(&mut self, who: PlayerId) -> &mut PlayerState {
        &mut self.players[who.index()]
    }

    /// The first player still in after `from` clockwise, `from` himself last.
    fn next_in(&self, from: PlayerId) -> Option<PlayerId> {
        let n = self.players.len();
        (1..=n)
            .map(|k| PlayerId(((from.index() + k) % n) as u8))
            .find(|&p| self.is_in(p))
    }

    /// The first digger still in after `from` counter-clockwise, `from` himself last.
    fn prev_digger(&self, from: PlayerId) -> Option<PlayerId> {
        let n = self.players.len();
        (1..=n)
            .map(|k| PlayerId(((from.index() + n - k % n) % n) as u8))
            .find(|&p| {
                self.is_in(p) && self.player(p).role == Role::Digger && self.cast.contains(&p)
            })
    }
}

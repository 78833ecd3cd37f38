//! The Labyrinth rules engine: pure state + order → new state + events, for both codes of the rule
//! book (part Б classic, part В quantum) with every §7 option of [`Ruleset`].
//!
//! No I/O, no clock, no randomness: the turn order by lot and any other chance come from the caller.
//! [`Game::play`] either refuses an order — with a reason, changing nothing — or carries it out whole.
//! Parts of an accepted order that turn out impossible (shooting without bullets) are told as
//! [`Cannot`](event::Cannot) events, as the master of Б §6.5 does, and the rest goes on.

pub mod event;
pub mod narrate;
pub mod order;
pub mod parse;
pub mod state;

use crate::labyrinth::board::Board;
use crate::labyrinth::geometry::Coord;
use crate::labyrinth::movement::Topology;
use crate::labyrinth::plan::Plan;
use crate::labyrinth::ruleset::Ruleset;

use event::{End, Told};
use order::Order;
use state::{Pile, Player, Status, Tick};

/// A player's seat in a game, from 0, in the order the session engine listed the players.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u8);

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Waiting for the start cells.
    Setup,
    /// In play.
    Playing,
    /// Over.
    Over(End),
}

/// Why an order, a start or a re-order was refused. Nothing changed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum Refusal {
    /// The game has not started or is over.
    #[error("the game is not in play")]
    NotInPlay,
    /// Someone else's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// No such player, or he is out of the game.
    #[error("you are not in this game")]
    NotAPlayer,
    /// Classic: a turn has exactly one movement (Б §2.1).
    #[error("a turn needs exactly one movement")]
    NeedsOneMovement,
    /// Quantum: a turn is exactly one action (В §2.1).
    #[error("a turn is exactly one action")]
    OneActionOnly,
    /// Conditional orders are off (Б §7.1), or this is the quantum code.
    #[error("conditional orders are not allowed in this game")]
    NoConditionals,
    /// Dark orders are off (§7.1).
    #[error("dark orders are not allowed in this game")]
    NoDark,
    /// Half-dark orders are off (§7.1).
    #[error("half-dark orders are not allowed in this game")]
    NoHalfDark,
    /// Throwing is off (§7.1).
    #[error("throwing things is not allowed in this game, only leaving them")]
    NoThrowing,
    /// Setting a mine on a neighbouring cell is off (§7.1).
    #[error("a mine may only be set on your own cell in this game")]
    NoMineToNeighbour,
    /// Skipping is off (§7.7).
    #[error("skipping a turn is not allowed in this game")]
    NoSkip,
    /// A move that cannot change anything, such as bumping the same wall again (§7.7).
    #[error("repeating a move that changes nothing is not allowed in this game")]
    Repeat,
    /// Shooting at a named target is required (§7.3), or named when not allowed.
    #[error("name the target player and cell of the shot, as agreed for this game")]
    TargetRule,
    /// A start or re-ordered cell off the board.
    #[error("that cell is not on the board")]
    OffBoard,
    /// Not the moment to re-order (Б §5.5: only on the turn right after the wound).
    #[error("you cannot choose a new cell now")]
    NoReorder,
    /// The start cells do not match the players, or the turn order is not a permutation of them.
    #[error("every player needs one start cell and one place in the turn order")]
    BadStart,
}

/// A game of Labyrinth.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Ruleset,
    board: Board,
    topology: Topology,
    piles: Vec<Pile>,
    players: Vec<Player>,
    /// True treasure flag per treasure id.
    treasures: Vec<bool>,
    ticks: Vec<(Coord, Tick)>,
    turn_order: Vec<PlayerId>,
    turn: usize,
    round: u32,
    quiet_rounds: u32,
    phase: Phase,
    cure: u32,
    nstop: u32,
    blown: Vec<(Coord, crate::labyrinth::geometry::Dir)>,
}

impl Game {
    /// A game on a plan (already validated) for `players` players, waiting for start cells.
    pub fn new(_plan: &Plan, _rules: Ruleset, _players: u8) -> Game {
        todo!("rules engine")
    }

    /// Places the players on their start cells (Б §6.1) and sets the turn order drawn by lot; tells the
    /// type of each start cell (Б §6.2).
    pub fn start(
        &mut self,
        _starts: &[Coord],
        _turn_order: &[PlayerId],
    ) -> Result<Vec<Told>, Refusal> {
        todo!("rules engine")
    }

    /// Carries out one player's order, or refuses it changing nothing.
    pub fn play(&mut self, _who: PlayerId, _order: &Order) -> Result<Vec<Told>, Refusal> {
        todo!("rules engine")
    }

    /// A wounded player's new cell (Б §5.5), on the turn right after the wound.
    pub fn reorder(&mut self, _who: PlayerId, _cell: Coord) -> Result<Vec<Told>, Refusal> {
        todo!("rules engine")
    }

    /// A player's own status (Б §6.4).
    pub fn status(&self, _who: PlayerId) -> Result<Status, Refusal> {
        todo!("rules engine")
    }
}

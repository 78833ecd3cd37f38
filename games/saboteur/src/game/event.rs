//! What happened, typed, for the session to tell. Each event is either public (told in the group) or
//! private to one player ([`Event::private_to`]); the engine never builds sentences.
//!
//! Secrets stay secret: a role is private until the round is over (Подготовка: roles are shown only
//! when the gold is shared), a discarded card and a drawn card are seen by their player only, a map
//! shows the goal to its player only, and the gold cards offered and taken are seen by the one
//! choosing. Each secret act has a public twin that tells everybody only that it happened
//! ([`Event::DiscardedFaceDown`], [`Event::MapPlayed`], [`Event::TookGold`]).

use serde::{Deserialize, Serialize};

use super::{PlayerId, Role};
use crate::board::Cell;
use crate::card::{Card, Path, Tool};

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A round begins, `first` to move (public).
    RoundStarted {
        /// 1 to 3.
        round: u8,
        /// Who moves first.
        first: PlayerId,
    },
    /// A player's role and hand for the round (private to `to`).
    Dealt {
        /// The player.
        to: PlayerId,
        /// His role this round.
        role: Role,
        /// His cards.
        hand: Vec<Card>,
    },
    /// A path card laid in the maze (public).
    PathPlaced {
        /// Who laid it.
        by: PlayerId,
        /// The card as it lies.
        card: Path,
        /// Where.
        cell: Cell,
    },
    /// A broken tool laid in front of `target` (public).
    Broke {
        /// Who played it.
        by: PlayerId,
        /// In front of whom.
        target: PlayerId,
        /// The tool.
        tool: Tool,
    },
    /// A broken tool mended; both cards go to the discard pile (public).
    Fixed {
        /// Who played the fix.
        by: PlayerId,
        /// Whose tool.
        target: PlayerId,
        /// The tool mended.
        tool: Tool,
    },
    /// A rockfall took a path card out of the maze (public).
    Rockfall {
        /// Who played it.
        by: PlayerId,
        /// The cell emptied.
        cell: Cell,
        /// The card removed, as it lay.
        card: Path,
    },
    /// A map played on a goal (public: everybody sees which goal he looks at).
    MapPlayed {
        /// Who played it.
        by: PlayerId,
        /// The goal looked at.
        cell: Cell,
    },
    /// What the map showed (private to `by`).
    Mapped {
        /// Who looked.
        by: PlayerId,
        /// The goal.
        cell: Cell,
        /// Gold, else stone.
        gold: bool,
    },
    /// The card a player discarded face down (private to `by`).
    Discarded {
        /// Who discarded.
        by: PlayerId,
        /// The card.
        card: Card,
    },
    /// A player discarded a card face down (public).
    DiscardedFaceDown {
        /// Who discarded.
        by: PlayerId,
    },
    /// The card a player drew from the deck (private to `by`).
    Drew {
        /// Who drew.
        by: PlayerId,
        /// The card.
        card: Card,
    },
    /// A player with no cards left passed (public).
    Passed {
        /// Who passed.
        by: PlayerId,
    },
    /// A goal card turned face up (public).
    GoalRevealed {
        /// Its cell.
        cell: Cell,
        /// Gold, else stone.
        gold: bool,
        /// The sides it lies with.
        lies: Path,
    },
    /// The round is over; the roles are shown (public).
    RoundOver {
        /// 1 to 3.
        round: u8,
        /// The gold was reached.
        diggers_won: bool,
        /// Who reached it.
        finder: Option<PlayerId>,
        /// Every seat's role this round (for a player who left earlier, his last role).
        roles: Vec<Role>,
        /// Saboteurs dealt this round. With 3 or 4 players there may be none, and then a round
        /// the diggers lose pays nobody (Saboteur: Дележ золота, Примечание).
        saboteurs: u8,
    },
    /// Gold cards offered to a digger to choose one (private to `to`).
    Offered {
        /// The one choosing.
        to: PlayerId,
        /// The cards' values, highest first.
        cards: Vec<u8>,
    },
    /// The gold card a digger took (private to `by`).
    Took {
        /// Who took it.
        by: PlayerId,
        /// Its value.
        value: u8,
    },
    /// A digger took a gold card (public).
    TookGold {
        /// Who took it.
        by: PlayerId,
    },
    /// A saboteur's pay drawn from the gold pile (public).
    SaboteursPaid {
        /// The saboteur.
        who: PlayerId,
        /// The nuggets he drew.
        amount: u32,
    },
    /// The game is over: every seat's gold (public).
    GameOver {
        /// Gold by seat.
        gold: Vec<u32>,
    },
    /// The one to move missed his deadline; what the engine did for him follows (public).
    TimedOut {
        /// Who.
        who: PlayerId,
    },
    /// A player left the game; his hand went to the discard pile (public).
    Removed {
        /// Who.
        who: PlayerId,
    },
}

impl Event {
    /// The only player this event may be told to, or `None` if it is public.
    pub fn private_to(&self) -> Option<PlayerId> {
        match *self {
            Event::Dealt { to, .. } | Event::Offered { to, .. } => Some(to),
            Event::Mapped { by, .. }
            | Event::Discarded { by, .. }
            | Event::Drew { by, .. }
            | Event::Took { by, .. } => Some(by),
            _ => None,
        }
    }

    /// Whether everybody may be told.
    pub fn is_public(&self) -> bool {
        self.private_to().is_none()
    }
}

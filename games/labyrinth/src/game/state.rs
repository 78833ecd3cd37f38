//! The state of a game in play: players, what lies where, the tick, counters.

use serde::{Deserialize, Serialize};

use super::PlayerId;
use super::order::{Order, ThingKind};
use crate::geometry::{Coord, Dir};

/// A player's health (Б §1.3, §4.7, §5.5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Health {
    /// Healthy.
    Healthy,
    /// Wounded: a second wound or encephalitis kills (Б §5.5).
    Wounded,
    /// Sick with encephalitis; `moves_left` to reach a hospital when the cure time is limited (Б §4.7).
    Sick {
        /// Productive moves left, `None` when unlimited.
        moves_left: Option<u32>,
    },
    /// Dead: a corpse on the board (Б §5.6).
    Dead,
}

/// Where a player is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    /// On this cell.
    In(Coord),
    /// Outside the maze after a false treasure turned to dust; must step back in through the exit he
    /// left by on his next move (Б §3.4).
    Outside {
        /// The border cell he left from.
        exit: Coord,
        /// The side he left through.
        dir: Dir,
    },
    /// Out of the game without a corpse in the maze: failed to step back in (Б §3.4), or removed for
    /// missed turns while outside. The dead stay `In` the cell where they died (their corpse may be
    /// carried away since; the corpse is an item of the pile then).
    Gone,
}

/// A treasure's identity; whether it is true is known to the master only.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TreasureId(pub u8);

/// A corpse: a dead player's, or one the plan laid (Б §5.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Corpse {
    /// Whose, if a player's.
    pub of: Option<PlayerId>,
    /// A sick player's corpse infects whoever comes (Б §4.7).
    pub infectious: bool,
}

/// What a player carries in his one big slot: a treasure, or instead a mine or a corpse (Б §5.1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hand {
    /// Nothing.
    Empty,
    /// A treasure.
    Treasure(TreasureId),
    /// An unarmed mine.
    Mine,
    /// A corpse.
    Corpse(Corpse),
}

impl Hand {
    /// The kind of thing in the hand, if any.
    pub fn kind(self) -> Option<ThingKind> {
        match self {
            Hand::Empty => None,
            Hand::Treasure(_) => Some(ThingKind::Treasure),
            Hand::Mine => Some(ThingKind::Mine),
            Hand::Corpse(_) => Some(ThingKind::Corpse),
        }
    }
}

/// One player.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    /// Where he is.
    pub place: Place,
    /// His health.
    pub health: Health,
    /// Immune to encephalitis after a cure (Б §4.7).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub immune: bool,
    /// Bullets, at most 3 (Б §5.1).
    pub bullets: u8,
    /// Grenades, at most 3 (Б §5.1).
    pub grenades: u8,
    /// Knives, at most 3 (encyclopedia; none in the Kodex).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub knives: u8,
    /// Cement, at most 3 (encyclopedia, modification 11).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cement: u8,
    /// He carries a boomerang (encyclopedia, modification 15).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boomerang: bool,
    /// Turns he must sit out, and why, the next first (encyclopedia, modifications 17 and 18).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub idle: Vec<super::event::Idle>,
    /// Treasure, mine or corpse.
    pub hand: Hand,
    /// Re-orders of a start cell left (Б §5.5: N−1 a game).
    pub reorders_left: u8,
    /// Wounded since his last turn: told, and offered a re-order, when his turn comes (Б §5.5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wound_pending: bool,
    /// That wound came from a mine (Б §7.5 may deny the re-order).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wound_by_mine: bool,
    /// Fell sick unseen (under his own dark or half-dark order): told when his turn comes, as the
    /// wounded are (Б §6.7).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sick_pending: bool,
    /// That wound was named in the shot's answer (В §5.5): his turn does not announce it again.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wound_named: bool,
    /// May re-order on this turn (only the turn right after the wound).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub may_reorder: bool,
    /// Cell types he may still ask before the start: a §7.2 handicap.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub peeks_left: u8,
    /// He may still re-order his cell once, of his own will: a §7.2 handicap.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub free_reorder: bool,
    /// Consecutive turns missed (the session engine's deadline; the online form of §9).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub missed: u32,
    /// His previous order, kept only when it changed nothing (a bump that did not move him): §7.7 may
    /// forbid repeating it while it would still change nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub futile: Option<Order>,
    /// True treasures he has carried out and keeps (encyclopedia, modification 9, winning by all).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub banked: u8,
    /// Rubber walls he bumped on his cell, believing he went (encyclopedia, modification 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rubber: Option<Rubber>,
}

/// The rubber walls a player has bumped on one cell since he last learned of them (encyclopedia,
/// modification 4): he is told of them when he turns another way.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rubber {
    /// The cell.
    pub at: Coord,
    /// The directions of the rubber walls bumped there, each once.
    pub dirs: Vec<Dir>,
    /// He has been told of every one of them.
    pub told: bool,
}

/// What lies on one cell. Treasures keep their order, bottom first (Б §5.8).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
// Saved sparsely: most cells hold nothing, and a game is saved after every order.
pub struct Pile {
    /// Treasures, bottom first: the last is the top one, the one brought last.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treasures: Vec<TreasureId>,
    /// Loose bullets.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bullets: u32,
    /// Loose grenades.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub grenades: u32,
    /// Unarmed mines.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mines: u32,
    /// Armed mines, invisible (Б §5.7).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub armed: u32,
    /// Corpses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corpses: Vec<Corpse>,
}

/// Whether a count is zero: counts at zero are left out of a saved game.
pub(super) fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

impl Pile {
    /// Whether nothing lies here.
    pub fn is_empty(&self) -> bool {
        self.treasures.is_empty()
            && self.bullets == 0
            && self.grenades == 0
            && self.mines == 0
            && self.armed == 0
            && self.corpses.is_empty()
    }
}

/// The encephalitis tick of one cell (Б §4.7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tick {
    /// Asleep: the first visitor wakes it.
    Asleep,
    /// Woken in this round; infectious from the next (when everybody has moved once).
    Woken {
        /// The round it woke.
        round: u32,
        /// Who woke it: he must leave on his next move.
        by: PlayerId,
    },
    /// Infectious.
    Awake,
}

/// A player's view of himself, answered on request (Б §6.4).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Status {
    /// His health.
    pub health: Health,
    /// Immune to encephalitis.
    pub immune: bool,
    /// Bullets.
    pub bullets: u8,
    /// Grenades.
    pub grenades: u8,
    /// Knives (encyclopedia).
    pub knives: u8,
    /// Cement (encyclopedia, modification 11).
    #[serde(default)]
    pub cement: u8,
    /// He has a boomerang (encyclopedia, modification 15).
    #[serde(default)]
    pub boomerang: bool,
    /// What he carries in his hand (he cannot tell a true treasure from a false one).
    pub carrying: Option<ThingKind>,
    /// Re-orders left.
    pub reorders_left: u8,
    /// Whether he stands outside the maze.
    pub outside: bool,
}

/// How many things of each kind there are, somewhere: counted on cells and in players' hands, or
/// tallied as created (an arsenal's refill, a new corpse) and destroyed (a bullet fired, a mine blown
/// up, a corpse cremated, anything lost outside the maze). Items are conserved: what is in the maze
/// always equals what the plan laid plus what was created minus what was destroyed.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Census {
    /// The true treasure (0 or 1).
    pub true_treasures: u32,
    /// False treasures.
    pub fakes: u32,
    /// Bullets.
    pub bullets: u32,
    /// Grenades.
    pub grenades: u32,
    /// Knives (encyclopedia).
    #[serde(default)]
    pub knives: u32,
    /// Cement (encyclopedia, modification 11).
    #[serde(default)]
    pub cement: u32,
    /// Boomerangs (encyclopedia, modification 15).
    #[serde(default)]
    pub boomerangs: u32,
    /// Mines, armed or not.
    pub mines: u32,
    /// Corpses.
    pub corpses: u32,
}

impl Census {
    /// Adds another census to this one.
    pub fn add(&mut self, o: &Census) {
        self.true_treasures += o.true_treasures;
        self.fakes += o.fakes;
        self.bullets += o.bullets;
        self.grenades += o.grenades;
        self.knives += o.knives;
        self.cement += o.cement;
        self.boomerangs += o.boomerangs;
        self.mines += o.mines;
        self.corpses += o.corpses;
    }
}

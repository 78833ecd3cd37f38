//! Events: what happened, typed, for the master to tell (Kodex Б §2.3).
//!
//! The engine never builds sentences. The session engine renders events through the locale files
//! (`config/locales/*/labyrinth.ftl`), sending each to its [`Audience`]. An event told to everybody must
//! never name a cell, nor say who is where (Б §2.3: the master reports the cell's type, not its
//! coordinates nor who else stands there).

use serde::{Deserialize, Serialize};

use super::PlayerId;
use super::order::{Thing, ThingKind};
use crate::geometry::{Coord, Dir};

pub use super::seen::CellSeen;

/// Who is told.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Audience {
    /// Everybody, in the group (Б §1.2, §6.2).
    All,
    /// Only this player, privately.
    Player(PlayerId),
}

/// How a movement ended (Б §2.2, §4.4, §4.6).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Arrival {
    /// Walked onto the cell ("пришел").
    Walked,
    /// Shallow rivers: walked along the river ("по реке", "по реке в устье").
    AlongRiver,
    /// Entered a river and the current took him on ("попал в Реку, снесло по течению / в Устье").
    CarriedByRiver,
    /// Moved with the current ("поплыл по течению").
    WithCurrent,
    /// Fell into a pit and came out of the next one ("попал в Яму").
    ThroughPit,
    /// Moved along the pit cycle ("по циклу").
    AlongCycle,
}

/// What a grenade did, told only where the rules say (Б §7.8, В §5.4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Blast {
    /// "Стенка взорвалась" (an inner wall, or a closed exit now open).
    Broke,
    /// "Стенка не взорвалась" (an outer or unbreakable wall).
    Held,
    /// "Стенки не было".
    NoWall,
}

/// Why a player was taken out of play by the master rather than by the maze.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Removal {
    /// He did not name his moves in time, as many times as the game allows (the online form of
    /// Б §9).
    MissedTurns,
    /// He left the game, or an admin put him out of it.
    Left,
}

/// What happened to whoever a bullet or a mine reached.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Harm {
    /// Wounded (Б §5.5).
    Wounded,
    /// Killed: a second wound, or a sick player hit (Б §4.7, §5.5).
    Killed,
}

/// Why the game ended (Б §3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    /// The true treasure was carried out (Б §3.4).
    Treasure(PlayerId),
    /// Every true treasure is carried out, this player the most of them (encyclopedia,
    /// modification 9, winning by all).
    MostTreasures(PlayerId),
    /// Every true treasure is carried out, and the most of them by more than one player.
    DrawTreasuresShared,
    /// All rivals are dead (Б §3.5), after the §7.9 grace moves if any.
    LastStanding(PlayerId),
    /// The true treasure was thrown out or lost where nobody can reach it (Б §4.6, §5.2).
    DrawTreasureLost,
    /// Everybody skipped a round (Б §6.6).
    DrawAllSkipped,
    /// Nstop rounds without irreversible change (Б §3.6).
    DrawNstop,
    /// Nobody is left alive, or nobody can win any more.
    DrawNobodyLeft,
}

/// Why a part of an order could not be done; told, and the rest of the order goes on (Б §6.5 example:
/// "ничего не выйдет, ты забыл что гранат у тебя давно нет").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cannot {
    /// No bullets to shoot.
    NoBullets,
    /// No grenades to blow a wall.
    NoGrenades,
    /// Not carrying that thing.
    NotCarrying(ThingKind),
    /// No mine to set.
    NoMine,
    /// Wounded or sick players cannot do this (Б §5.1, §5.5; В §5.5).
    TooWeak,
    /// No shooting from a hospital or an arsenal (Б §4.2, §4.3).
    NoShootingHere,
    /// No shooting from a river (§7.3 option).
    WetPowder,
    /// Standing outside the maze, only a shot and the step back in are possible (Б §2.1, §3.4).
    Outside,
    /// No knife to strike with (encyclopedia: the arsenal gives three).
    NoKnives,
    /// No cement to build with (encyclopedia, modification 11).
    NoCement,
    /// No boomerang to throw (encyclopedia, modification 15).
    NoBoomerang,
}

/// Why a player sits out his next turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Idle {
    /// He was kicked (encyclopedia, modification 18: "«побитый» пропускает ход").
    Kicked,
    /// He kicked nobody and "broke his legs" (modification 18).
    BrokenLegs,
    /// He walked into a swamp (modification 17: "Попав в неё игрок теряет ход").
    Swamp,
}

/// One thing the master tells.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    /// It is this player's turn.
    Turn(PlayerId),
    /// A new round begins (all living players moved once).
    Round(u32),
    /// Start: where each player stands, by type of cell only (Б §6.2).
    StartsOn(PlayerId, CellSeen),
    /// The movement ended on a cell of this type.
    Arrived { how: Arrival, cell: CellSeen },
    /// The step was stopped ("туда нельзя, стенка"); the river may still carry him (Б §4.6).
    Bumped { carried_to: Option<CellSeen> },
    /// Shallow rivers: a mouth cannot be left toward an inflowing river ("нельзя, впадает река").
    InflowBlocks,
    /// Walked out of the maze.
    WentOut,
    /// The player found things on his cell: kinds and counts (Б §5.1 "нашел клад, две пули и труп").
    Found(Vec<(ThingKind, u32)>),
    /// The master asks which treasure he takes, and the turn waits for the answer (Б §5.8): the one
    /// he `carrying` or the new one, or one of the `here` on the cell, named from the bottom.
    WhichTreasure { carrying: bool, here: u8 },
    /// The answer kept the treasure he carries (Б §5.8).
    KeptTreasure,
    /// Quantum: a shot fired from a hospital or an arsenal hits nobody, but the bullet is spent
    /// (В §5.5: "независимо от условий 1-3 число пуль у стрелявшего уменьшается на единицу"); he
    /// has this many left.
    ShotWasted { bullets: u8 },
    /// What he held was left on his cell for the more valuable thing he took (Б §5.1: "труп на мину
    /// или клад, а мина на клад"; Б §5.8 a treasure for a treasure).
    Exchanged(Thing),
    /// Picked up things automatically (Б §5.1, §5.3).
    PickedUp(Vec<(ThingKind, u32)>),
    /// Healed in a hospital (Б §4.2); `immune` when it cured encephalitis (Б §4.7).
    Healed { immune: bool },
    /// Refilled in an arsenal (Б §4.3): now holds this many; knives where the rules have them
    /// (encyclopedia: "запас патронов, кинжалов, взрывчатки восстанавливается (по 3 единицы каждого)").
    Refilled {
        bullets: u8,
        grenades: u8,
        knives: Option<u8>,
    },
    /// The first visitor woke the tick (Б §4.7).
    TickWoken,
    /// Caught encephalitis; `moves` to reach a hospital when limited (Б §4.7).
    Infected { moves: Option<u32> },
    /// A sick player's cure time is running out: this many moves left.
    CureLeft(u32),
    /// A corpse was taken away and cremated in a hospital (Б §4.2).
    Cremated,
    /// A mine blew up on this player's arrival (Б §5.7).
    MineExploded,
    /// A shot was fired: was a scream heard (Б §5.5)? `bullets` left.
    Shot { scream: bool, bullets: u8 },
    /// Quantum code: the master names who was hit and how (В §5.5).
    Hit(Vec<(PlayerId, Harm)>),
    /// Things fell at the shooter's feet from a victim on his cell, and were caught (Б §5.5).
    Caught(Vec<(ThingKind, u32)>),
    /// A grenade went off: what it did if the rules say to tell, and grenades left (Б §5.4, §7.8).
    Blown { result: Option<Blast>, grenades: u8 },
    /// The knife struck (encyclopedia): was someone there and wounded? `knives` left.
    Stabbed { scream: bool, knives: u8 },
    /// The kick (encyclopedia, modification 18): `hit` when someone shared the cell; whoever is
    /// idle for it is told when his turn comes.
    Kicked { hit: bool },
    /// This player sits out the turn that has come (encyclopedia, modifications 17 and 18).
    SitsOut(PlayerId, Idle),
    /// The wall did not cost the move: he moves again (encyclopedia, modification 1).
    Again,
    /// He built a wall with cement (encyclopedia, modification 11): whether it stood where there
    /// was none, if the rules say to tell (as for grenades, §7.8), and the cement left.
    Built { result: Option<bool>, cement: u8 },
    /// The boomerang flew (encyclopedia, modification 15): was someone hit, and did it come back?
    Boomerang { scream: bool, back: bool },
    /// What an arsenal gives besides bullets, grenades and knives, where agreed: cement
    /// (modification 11) and whether he has a boomerang (modification 15).
    Stocked {
        cement: Option<u8>,
        boomerang: Option<bool>,
    },
    /// The step crossed a one-way wall the way it opens (encyclopedia, modification 5).
    OneWay,
    /// This player ran into the bear, or the bear into him, and is wounded (encyclopedia,
    /// modification 2).
    Mauled(PlayerId),
    /// The bear was wounded and went back to his den (modification 2).
    BearWounded,
    /// He carried out a true treasure and keeps it: he has carried out `mine`, and `left` are still
    /// in the maze (encyclopedia, modification 9, winning by all).
    Banked { mine: u8, left: u32 },
    /// He is back in the maze on the exit cell (encyclopedia, modification 9: "игрок возвращается
    /// в лабиринт").
    BackIn,
    /// The wall bumped is the outer one (encyclopedia, modification 6, where agreed).
    OuterWall,
    /// The step crossed where a wall was blown (encyclopedia, modification 6, where agreed).
    ThroughBlown,
    /// This player was wounded and carried to a hospital drawn at random, which healed him
    /// (encyclopedia, modification 14).
    Evacuated(PlayerId),
    /// What he took for steps were bumps into rubber (encyclopedia, modification 4): `room` when
    /// rubber stood on three sides of the cell he has just left ("был в резиновой комнате").
    WasRubber { room: bool },
    /// A thing was left on the cell.
    LeftHere(Thing),
    /// A thrown thing hit a wall and lies at the thrower's feet (Б §5.2).
    AtFeet(Thing),
    /// A thing was thrown to the neighbouring cell (or out of the maze, where it vanishes).
    Thrown(Thing, Dir),
    /// A mine was set (armed).
    MineSet,
    /// Part of the order could not be done.
    Cannot(Cannot),
    /// Skipped the turn.
    Skipped,
    /// A dark order was accepted: nothing more is told (Б §6.7).
    DarkAccepted,
    /// A half-dark order: only whether there was a wall (Б §6.8).
    HalfDark { wall: bool },
    /// The wounded player is told of his wound when his turn comes (Б §5.5)…
    WoundedNotice(PlayerId),
    /// …and may choose a new cell this turn (Б §5.5): `left` re-orders remain after this one.
    ReorderOffer { left: u8 },
    /// He chose a new cell (private: the cell is secret).
    Reordered(Coord),
    /// The player is dead (shot, mined, sickness), announced at once: a dead man has no turn at which
    /// to be told (unlike a wound, Б §5.5).
    Died(PlayerId),
    /// The player was taken out of play, for the reason given: he dies where he stands, leaving his
    /// corpse and all he had (the online form of Б §9); outside the maze he is simply gone.
    Removed(PlayerId, Removal),
    /// All rivals are gone; the last one has this many moves to carry out the true treasure (§7.9).
    Alone {
        /// Moves left.
        moves: u32,
    },
    /// The false treasure turned to dust outside; he must step back in next move (Б §3.4).
    Dust,
    /// He did not step back in: out of the game (Б §3.4).
    Lost(PlayerId),
    /// The Nstop count: this many rounds without irreversible change (Б §3.6).
    Quiet(u32),
    /// The game is over.
    Over(End),
}

/// An event and who is told.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Told {
    /// Who.
    pub to: Audience,
    /// What.
    pub event: Event,
}

//! What the master tells in the cylinder game. Events are typed; the chat's words come later.

use crate::game::PlayerId;

/// What a cell looks like to the player who arrived on it (a spinner is told as land: "При
/// попадании на эту клетку игроку говорят, что он "на суше"").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    /// Land or a spinner.
    Land,
    /// A swamp.
    Swamp,
    /// A river (he is then carried).
    River,
    /// A pit (he is then moved to its pit).
    Pit,
    /// The arsenal.
    Arsenal,
    /// The morgue.
    Morgue,
}

/// A creature other players meet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Beast {
    /// The bear.
    Bear,
    /// The ghost.
    Ghost,
}

/// How a player died.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Death {
    /// A second move in a row in a swamp.
    Swamp,
    /// He stepped on a crocodile awake.
    Crocodile,
    /// The bear walked onto his cell.
    Bear,
    /// The ghost came onto his cell.
    Ghost,
    /// Shot from a neighbouring cell, by a player or the bear.
    Shot,
}

/// One thing the master tells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CylEvent {
    /// He walked onto a cell that looks like this.
    Went(PlayerId, Seen),
    /// A wall (or an exit closed to one without the treasure): he stayed.
    Wall(PlayerId),
    /// A river carried him on to a cell that looks like this.
    Carried(PlayerId, Seen),
    /// He fired a shot.
    Shot(PlayerId),
    /// He wanted to shoot and had no bullet.
    NoBullets(PlayerId),
    /// The arsenal gave him three bullets.
    Armed(PlayerId),
    /// He picked up the treasure.
    FoundTreasure(PlayerId),
    /// He died this way and is in the morgue, alive again, without bullets.
    Died(PlayerId, Death),
    /// The treasure went back to its place (its carrier died).
    TreasureBack,
    /// He stepped onto this creature's cell: nothing happens.
    SteppedOn(PlayerId, Beast),
    /// This creature is on a neighbouring cell.
    Near(PlayerId, Beast),
    /// He walked out with the treasure and won.
    Escaped(PlayerId),
}

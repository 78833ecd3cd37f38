//! Play without turn order (seed 004): "Если игрок хочет сделать сразу несколько ходов — его право.
//! Но при одновременной игре нескольких игроков ведущий упорядочивает их заявки так, чтобы
//! минимизировать число ходов по времени игры (т.е. по возможности, ходы делаются по очереди)."
//!
//! Each time step, every player with a move queued makes one, in seat order, and then the ghost
//! steps: as many time steps as the longest queue, the fewest there can be, and turns in order
//! within each. A queue stops at its player's death, where he named the cell he expected and was
//! elsewhere, and, if he asked, when the bear or the ghost is near.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use super::event::{Beast, CylEvent};
use super::game::{CylGame, Stride};
use crate::game::PlayerId;
use crate::geometry::Coord;

/// One queued move, and where the player expects to be after it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Planned {
    /// The move.
    pub stride: Stride,
    /// "Если игрок указывает, на какой клетке, по его мнению, он оказывается после очередного хода,
    /// то в случае ошибки последовательность прекращается."
    pub expect: Option<Coord>,
}

/// A player's queued moves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queue {
    /// Moves still to make, first first.
    pub moves: VecDeque<Planned>,
    /// "по желанию игрока цепочку можно останавливать в случае, если близко будет призрак или
    /// медведь".
    pub stop_near: bool,
}

/// Why a queue ended; its player is told, and sends a new one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Halt {
    /// Every move was made.
    Done,
    /// He died ("В случае смерти игрока его последовательность ходов прекращается").
    Died,
    /// He was not on the cell he said he expected.
    NotWhereExpected(Coord),
    /// The bear or the ghost is near, and he asked to stop then.
    Near(Beast),
    /// The game ended.
    Over,
}

/// What one time step did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StepReport {
    /// Events, in the order they happened.
    pub events: Vec<CylEvent>,
    /// The queues that ended in this step, and why.
    pub halted: Vec<(PlayerId, Halt)>,
}

/// Plays one time step: one queued move of each player who has one, in seat order, then the
/// ghost's step. Players with nothing queued stand still.
pub fn play_step(game: &mut CylGame, queues: &mut [Queue]) -> StepReport {
    let order: Vec<usize> = (0..queues.len()).collect();
    play_step_in(game, queues, &order)
}

/// [`play_step`] with the moves of a step made in this order of seats (a seat missing from it
/// does not move).
pub fn play_step_in(game: &mut CylGame, queues: &mut [Queue], order: &[usize]) -> StepReport {
    let mut report = StepReport::default();
    let seats = queues.len().min(game.players.len());
    for &i in order.iter().filter(|&&i| i < seats) {
        let p = PlayerId(i as u8);
        let Some(planned) = queues[i].moves.pop_front() else {
            continue;
        };
        let Ok(events) = game.stride(p, planned.stride) else {
            halt(queues, &mut report, p, Halt::Over);
            continue;
        };
        let near = events.iter().find_map(|e| match e {
            CylEvent::Near(q, beast) if *q == p => Some(*beast),
            _ => None,
        });
        let died = events
            .iter()
            .any(|e| matches!(e, CylEvent::Died(q, _) if *q == p));
        stop_the_dead(queues, &mut report, &events);
        report.events.extend(events);
        if game.winner.is_some() {
            break;
        }
        if died {
            continue;
        }
        let at = game.players[i].at;
        let why = match planned.expect {
            Some(want) if at != Some(want) => Some(Halt::NotWhereExpected(want)),
            _ => match near.filter(|_| queues[i].stop_near) {
                Some(beast) => Some(Halt::Near(beast)),
                None => queues[i].moves.is_empty().then_some(Halt::Done),
            },
        };
        if let Some(why) = why {
            halt(queues, &mut report, p, why);
        }
    }
    if game.winner.is_some() {
        for i in 0..queues.len() {
            if !queues[i].moves.is_empty() {
                halt(queues, &mut report, PlayerId(i as u8), Halt::Over);
            }
        }
        return report;
    }
    let events = game.end_step();
    stop_the_dead(queues, &mut report, &events);
    report.events.extend(events);
    report
}

/// Ends the queue of everyone who died in these events, whoever's move it was.
fn stop_the_dead(queues: &mut [Queue], report: &mut StepReport, events: &[CylEvent]) {
    for e in events {
        if let CylEvent::Died(q, _) = e
            && usize::from(q.0) < queues.len()
            && !report.halted.contains(&(*q, Halt::Died))
        {
            halt(queues, report, *q, Halt::Died);
        }
    }
}

fn halt(queues: &mut [Queue], report: &mut StepReport, p: PlayerId, why: Halt) {
    queues[usize::from(p.0)].moves.clear();
    report.halted.retain(|h| h.0 != p);
    report.halted.push((p, why));
}

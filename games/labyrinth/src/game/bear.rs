//! The bear (encyclopedia, modification 2): "В лабиринте может ходить Медведь. При столкновении с
//! медведем игрок становится раненым. Медведя можно ранить, тогда он попадет в Берлогу и будет
//! ходить оттуда. Медведь может ходить по заданной траектории или повторять ходы всех игроков."
//!
//! The laws of the maze act on him as on a player: walls stop him, rivers carry him, pits move him;
//! he never leaves the maze. Whoever shares a cell with him after his step or theirs is wounded (a
//! hospital still protects, Б §4.2). A bullet, boomerang or knife that reaches him before anyone
//! else wounds him: he goes back to his den.

use serde::{Deserialize, Serialize};

use super::combat::Spot;
use super::event::Event;
use super::state::Place;
use super::turn::Ctx;
use super::{Game, PlayerId};
use crate::bear::{BearMode, BearPlan};
use crate::geometry::{Coord, Dir};
use crate::movement::Move;

/// The bear in a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bear {
    /// Where he is.
    pub at: Coord,
    /// His den.
    pub den: Coord,
    /// His path, for `bear=path`.
    pub path: Vec<Dir>,
    /// The next step of the path.
    pub next: usize,
}

impl Bear {
    /// The bear of a plan, in his den, if the game has one.
    pub fn of(mode: BearMode, plan: Option<&BearPlan>) -> Option<Bear> {
        let plan = plan.filter(|_| mode != BearMode::Off)?;
        Some(Bear {
            at: plan.den,
            den: plan.den,
            path: plan.path.clone(),
            next: 0,
        })
    }
}

impl Game {
    /// After a player's movement: he ran into the bear, or the bear repeats his step (`mimic`).
    pub(super) fn bear_after_move(&mut self, ctx: &mut Ctx, mv: Move) {
        let Some(at) = self.bear.as_ref().map(|b| b.at) else {
            return;
        };
        if self.cell_of(ctx.who) == Some(at) {
            self.maul(ctx, at);
        }
        if let (BearMode::Mimic, Move::Step(d)) = (self.rules.play.bear, mv) {
            self.bear_step(ctx, d);
        }
    }

    /// A new round: the bear walks one step of his path (`path`).
    pub(super) fn bear_round(&mut self, ctx: &mut Ctx) {
        if self.rules.play.bear != BearMode::Path {
            return;
        }
        let Some(bear) = self.bear.as_mut() else {
            return;
        };
        let Some(&d) = bear.path.get(bear.next) else {
            return;
        };
        bear.next = (bear.next + 1) % bear.path.len();
        self.bear_step(ctx, d);
    }

    /// One step of the bear, the maze's laws acting on him; he mauls whoever is where he ends.
    fn bear_step(&mut self, ctx: &mut Ctx, d: Dir) {
        let Some(from) = self.bear.as_ref().map(|b| b.at) else {
            return;
        };
        let to = self
            .topology
            .step(&self.board, self.rules.rivers, from, Move::Step(d))
            .ok()
            .and_then(|o| o.end(from))
            .unwrap_or(from);
        if let Some(b) = self.bear.as_mut() {
            b.at = to;
        }
        if to != from {
            self.maul(ctx, to);
        }
    }

    /// "При столкновении с медведем игрок становится раненым": everyone in the game on the cell.
    fn maul(&mut self, ctx: &mut Ctx, at: Coord) {
        let here: Vec<PlayerId> = (0..self.players.len() as u8)
            .map(PlayerId)
            .filter(|&p| self.active(p) && self.pl(p).place == Place::In(at))
            .collect();
        for p in here {
            if self.wound(ctx, p, false, true).is_some() {
                ctx.announce(Event::Mauled(p));
            }
        }
        self.check_end(ctx);
    }

    /// Whether the bear stands on this spot.
    pub(super) fn bear_on(&self, s: Spot) -> bool {
        matches!((s, &self.bear), (Spot::Cell(c), Some(b)) if b.at == c)
    }

    /// "Медведя можно ранить, тогда он попадет в Берлогу и будет ходить оттуда."
    pub(super) fn wound_bear(&mut self, ctx: &mut Ctx) {
        if let Some(b) = self.bear.as_mut() {
            b.at = b.den;
            ctx.announce(Event::BearWounded);
        }
    }
}

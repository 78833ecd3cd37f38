//! Cement (encyclopedia, modification 11): "В арсенале также может храниться цемент. У игрока
//! появится ещё один тип хода: поставить стену в указанном направлении."

use super::Game;
use super::event::{Cannot, Event};
use super::turn::Ctx;
use crate::board::{InnerWall, Side};
use crate::geometry::Dir;
use crate::movement::Topology;

impl Game {
    /// Builds a wall a grenade breaks on side `d` of his cell, spending one cement. Only an open
    /// side between two cells takes one: the outer wall and its exits are the master's, and a wall
    /// across a river would stop the current, which a river's cells never allow (Б §8.3). Elsewhere
    /// the cement is spent and nothing changes, as a grenade against a wall no grenade breaks.
    pub(super) fn build(&mut self, ctx: &mut Ctx, d: Dir) {
        let who = ctx.who;
        let Some(from) = self.cell_of(who) else {
            return;
        };
        if self.pl(who).cement == 0 {
            return ctx.say(Event::Cannot(Cannot::NoCement));
        }
        self.player_mut(who).cement -= 1;
        self.destroyed.cement += 1;
        let open = self.board.side(from, d) == Side::Inner(InnerWall::Open);
        let built = open && !Topology::flows_across(&self.board, from, d);
        if built {
            self.board.set_inner(from, d, InnerWall::Wall);
        }
        self.top_up(ctx, who);
        let cement = self.pl(who).cement;
        let result = self.rules.play.blast_report.then_some(built);
        ctx.say(Event::Built { result, cement });
    }
}

//! The knife of the encyclopedia's rules (seed 003, "Ход игры": "ударить кинжалом. Если в клетке есть
//! ещё кто-то — он будет ранен").
//!
//! A knife is spent with each blow, as the arsenal's "по 3 единицы каждого" implies; the blow wounds
//! everybody else on the striker's cell.

use super::Game;
use super::event::{Cannot, Event};
use super::turn::Ctx;

impl Game {
    /// A blow of the knife. The wounded cannot strike ("Раненый игрок не может применять оружие").
    pub(super) fn stab(&mut self, ctx: &mut Ctx) {
        let who = ctx.who;
        let Some(at) = self.cell_of(who) else {
            return;
        };
        if self.disarmed(who) {
            return ctx.say(Event::Cannot(Cannot::TooWeak));
        }
        if self.pl(who).knives == 0 {
            return ctx.say(Event::Cannot(Cannot::NoKnives));
        }
        self.player_mut(who).knives -= 1;
        self.destroyed.knives += 1;
        let mut scream = false;
        for v in self.cellmates(who, at) {
            scream |= self.wound(ctx, v, false, true).is_some();
        }
        if self.bear_on(super::combat::Spot::Cell(at)) {
            self.wound_bear(ctx);
        }
        self.top_up(ctx, who);
        let knives = self.pl(who).knives;
        ctx.say(Event::Stabbed { scream, knives });
        self.check_end(ctx);
    }
}

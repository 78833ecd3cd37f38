//! "Бью ногами" (encyclopedia, modification 18) and the turns players sit out for it.
//!
//! "Если игрок считает, что находится в одной клетке с другим игроком, может сказать «бью ногами».
//! Если угадывает — «побитый» пропускает ход. Если не угадал, и в клетке с ним никого не было —
//! получал ответ от ведущего «сломал ноги» и пропускает ход сам."

use super::event::{Event, Idle};
use super::turn::Ctx;
use super::{Game, PlayerId};

impl Game {
    /// The kick: everybody else on the kicker's cell loses his next turn; if nobody is there, the
    /// kicker loses his own.
    pub(super) fn kick(&mut self, ctx: &mut Ctx) {
        let who = ctx.who;
        let Some(at) = self.cell_of(who) else {
            return;
        };
        let others = self.cellmates(who, at);
        let hit = !others.is_empty();
        if hit {
            for p in others {
                self.player_mut(p).idle.push(Idle::Kicked);
            }
        } else {
            self.player_mut(who).idle.push(Idle::BrokenLegs);
        }
        ctx.say(Event::Kicked { hit });
    }

    /// Whether `who`, whose turn has come, must sit it out; if so the turn is spent, and everybody
    /// is told why.
    pub(super) fn sits_out(&mut self, ctx: &mut Ctx, who: PlayerId) -> bool {
        let idle = &mut self.player_mut(who).idle;
        if idle.is_empty() {
            return false;
        }
        let why = idle.remove(0);
        ctx.announce(Event::SitsOut(who, why));
        // A move lost to a kick is no skip of his choosing: a round of them is not the draw of
        // Б §6.6, which counts only those who chose to skip.
        self.acted = true;
        true
    }
}

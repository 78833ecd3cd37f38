//! The boomerang (encyclopedia, modification 15): "Бумеранг летит на определённое ведущим
//! расстояние, но направление его полёта должен указывать игрок. Если бумеранг попал в стену, он
//! ломается и не возвращался к игроку. Находится, например, в Арсенале."

use super::Game;
use super::combat::Spot;
use super::event::{Cannot, Event};
use super::turn::Ctx;
use crate::geometry::Dir;

impl Game {
    /// Throws the boomerang `d`. It flies the agreed distance, through windows as bullets do
    /// (modification 16); a wall breaks it; the first cell with players on it wounds them, as a
    /// bullet would, and it comes back; flying its whole way it comes back too. Out of an open exit
    /// it is lost in the open, as a thrown thing is (Б §5.2).
    pub(super) fn boomerang(&mut self, ctx: &mut Ctx, d: Dir) {
        let who = ctx.who;
        let Some(from) = self.cell_of(who) else {
            return;
        };
        if self.disarmed(who) {
            return ctx.say(Event::Cannot(Cannot::TooWeak));
        }
        if !self.pl(who).boomerang {
            return ctx.say(Event::Cannot(Cannot::NoBoomerang));
        }
        let (victims, back, bear) = self.flight(ctx, from, d);
        if !back {
            self.player_mut(who).boomerang = false;
            self.destroyed.boomerangs += 1;
        }
        ctx.say(Event::Boomerang {
            scream: !victims.is_empty(),
            back,
        });
        if bear {
            self.wound_bear(ctx);
        }
        self.hit(ctx, victims, Some(from));
        if !back {
            self.top_up(ctx, who);
        }
        self.check_end(ctx);
    }

    /// Where the boomerang goes: whom it hits, whether it comes back, and whether it hit the bear
    /// (modification 2) instead.
    fn flight(
        &self,
        ctx: &Ctx,
        from: crate::geometry::Coord,
        d: Dir,
    ) -> (Vec<super::PlayerId>, bool, bool) {
        let mut here = Spot::Cell(from);
        for _ in 0..self.rules.play.boomerang {
            let Some(next) = self.bullet_step(here, d) else {
                return (vec![], false, false);
            };
            if matches!(next, Spot::Outside { .. }) {
                return (vec![], false, false);
            }
            let there = self.standing(ctx, next);
            if !self.is_hospital(next) {
                if !there.is_empty() {
                    return (there, true, false);
                }
                if self.bear_on(next) {
                    return (vec![], true, true);
                }
            }
            here = next;
        }
        (vec![], true, false)
    }
}

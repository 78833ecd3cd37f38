//! Wounds, sickness, healing and death (Б §4.2, §4.7, §5.5, §5.6; В §4.2, §4.7, §5.5, §5.6).

use super::event::{Event, Harm};
use super::items::Loose;
use super::state::{Corpse, Hand, Health, Place};
use super::turn::Ctx;
use super::{Game, PlayerId};
use crate::board::Cell;
use crate::geometry::Coord;

/// What fell from a player who was wounded or killed, onto the cell where it happened (Б §5.5).
#[derive(Clone, Debug, Default)]
pub(super) struct Fell {
    /// Bullets dropped.
    pub bullets: u32,
    /// Grenades dropped (the dead only).
    pub grenades: u32,
    /// Hand things dropped: what he held, and his corpse.
    pub big: Vec<Loose>,
}

impl Game {
    /// Whether he may carry a treasure, a mine or a corpse: the healthy only (Б §5.1, §3.3; В §5.1).
    pub(super) fn can_carry_hand(&self, who: PlayerId) -> bool {
        self.pl(who).health == Health::Healthy
    }

    /// Whether he may take, or use, what lies on his cell. Classic: the healthy only (Б §5.1 "Раненый
    /// или больной игрок не может … пользоваться имуществом, лежащим на его клетке"; §5.3 gives lying
    /// bullets and grenades to "первому здоровому игроку"). Quantum: anyone, each thing as far as he
    /// may carry it (В §5.1 takes from the weak only treasures, mines and corpses; §5.3 "первому
    /// игроку").
    pub(super) fn can_take_loose(&self, who: PlayerId) -> bool {
        self.quantum() || self.pl(who).health == Health::Healthy
    }

    /// Whether he may carry (and use) bullets: the healthy; the wounded where they keep them (В §5.5,
    /// the `wounded_shoot` option; not in Б §5.5); the sick in the quantum code only (В §5.1 takes from
    /// them only treasures, mines and corpses; Б §4.7 everything but grenades).
    pub(super) fn can_carry_bullets(&self, who: PlayerId) -> bool {
        match self.pl(who).health {
            Health::Healthy => true,
            // The encyclopedia's wounded keep their kit but "не может применять оружие".
            Health::Wounded => self.rules.play.wounded_shoot || self.wiki(),
            Health::Sick { .. } => self.quantum(),
            Health::Dead => false,
        }
    }

    /// Whether his wound keeps him from every weapon: the encyclopedia's "Раненый игрок не может
    /// применять оружие" (bullets, knives and bombs), unless the wounded may shoot.
    pub(super) fn disarmed(&self, who: PlayerId) -> bool {
        self.wiki() && self.pl(who).health == Health::Wounded && !self.rules.play.wounded_shoot
    }

    /// A bullet or a mine reaches a player: the healthy are wounded and drop their treasure, mine or
    /// corpse (and bullets, where the wounded cannot carry them); the wounded and the sick die
    /// (Б §4.7, §5.5; В §5.5). Nobody is wounded in a hospital (Б §4.2). One standing outside the
    /// maze can be hit too; what he drops there is lost (Б §5.2, В §5.2).
    ///
    /// A player wounded by a mine under his own dark order is not told, and so loses his re-order
    /// (Б §6.7: "ему ничего не сообщат о подрыве на мине (в результате он лишится возможности
    /// заказать себе новую клетку)").
    /// `tell_death`: announce a death at once (a bullet's victims are named first, then the dead).
    pub(super) fn wound(
        &mut self,
        ctx: &mut Ctx,
        victim: PlayerId,
        by_mine: bool,
        tell_death: bool,
    ) -> Option<(Harm, Fell)> {
        let at = match self.pl(victim).place {
            Place::In(c) => Some(c),
            Place::Outside { .. } => None,
            Place::Gone => return None,
        };
        if at.is_some_and(|c| self.board.cell(c) == Cell::Hospital) {
            return None;
        }
        match self.pl(victim).health {
            Health::Healthy => {}
            // The encyclopedia knows no death: a wounded player hit again stays wounded.
            Health::Wounded if self.wiki() => return Some((Harm::Wounded, Fell::default())),
            Health::Wounded | Health::Sick { .. } => {
                return Some((Harm::Killed, self.die(ctx, victim, tell_death)));
            }
            Health::Dead => return None,
        }
        let told = !(by_mine && victim == ctx.who && ctx.light != super::order::Light::Full);
        let p = self.player_mut(victim);
        p.health = Health::Wounded;
        p.wound_pending = told;
        p.wound_by_mine = by_mine;
        p.wound_named = false;
        let fell = self.drop_unfit(victim, at);
        if self.rules.play.random_hospital {
            self.evacuate(ctx, victim);
        }
        Some((Harm::Wounded, fell))
    }

    /// Encyclopedia, modification 14: "Может быть больше, чем один Госпиталь, и тогда ведущий может
    /// помещать раненого игрока в один из них случайным образом." He is carried there at once, and
    /// the hospital heals him (Б §4.2); what he dropped stays where he was hit.
    fn evacuate(&mut self, ctx: &mut Ctx, victim: PlayerId) {
        let hospitals: Vec<Coord> = self
            .board
            .cells()
            .filter(|&(_, c)| c == Cell::Hospital)
            .map(|(c, _)| c)
            .collect();
        if hospitals.is_empty() {
            return;
        }
        let to = hospitals[self.roll(hospitals.len())];
        let p = self.player_mut(victim);
        p.place = Place::In(to);
        p.health = Health::Healthy;
        p.wound_pending = false;
        p.rubber = None;
        ctx.announce(Event::Evacuated(victim));
    }

    /// He can no longer carry his hand item, nor perhaps his bullets: they fall where he stands
    /// (Б §5.5, §5.7; В §5.5), a mine unarmed; `at` is `None` outside the maze.
    fn drop_unfit(&mut self, who: PlayerId, at: Option<Coord>) -> Fell {
        let mut fell = Fell::default();
        let hand = std::mem::replace(&mut self.player_mut(who).hand, Hand::Empty);
        if let Some(thing) = hand.loose() {
            fell.big.push(thing);
            self.drop_at(at, thing);
        }
        if !self.can_carry_bullets(who) {
            let n = std::mem::take(&mut self.player_mut(who).bullets);
            if n > 0 {
                fell.bullets = u32::from(n);
                self.drop_at(at, Loose::Bullets(u32::from(n)));
            }
        }
        fell
    }

    /// A dropped thing lies on his cell; outside the maze it vanishes at once (Б §5.2 "потерянное
    /// (по причине смерти или ранения) вне лабиринта, немедленно и бесследно исчезает").
    fn drop_at(&mut self, at: Option<Coord>, thing: Loose) {
        match at {
            Some(c) => {
                self.lay(c, thing);
            }
            None => self.destroy(thing),
        }
    }

    /// A player dies (Б §5.5, §5.6): everything he had stays where he died, with his corpse, which
    /// infects if he was sick (Б §4.7). Outside the maze it is all lost (Б §5.2).
    pub(super) fn die(&mut self, ctx: &mut Ctx, who: PlayerId, tell: bool) -> Fell {
        let was_sick = matches!(self.pl(who).health, Health::Sick { .. });
        let p = self.player_mut(who);
        p.health = Health::Dead;
        p.wound_pending = false;
        p.may_reorder = false;
        let place = p.place;
        self.changed = true;
        if tell {
            ctx.announce(Event::Died(who));
        }
        let Place::In(at) = place else {
            self.vanish_kit(who);
            self.player_mut(who).place = Place::Gone;
            return Fell::default();
        };
        let mut fell = Fell::default();
        let p = self.player_mut(who);
        let (bullets, grenades) = (
            std::mem::take(&mut p.bullets),
            std::mem::take(&mut p.grenades),
        );
        let hand = std::mem::replace(&mut p.hand, Hand::Empty);
        if bullets > 0 {
            fell.bullets = u32::from(bullets);
            self.lay(at, Loose::Bullets(fell.bullets));
        }
        if grenades > 0 {
            fell.grenades = u32::from(grenades);
            self.lay(at, Loose::Grenades(fell.grenades));
        }
        if let Some(thing) = hand.loose() {
            fell.big.push(thing);
            self.lay(at, thing);
        }
        let corpse = Loose::Corpse(Corpse {
            of: Some(who),
            infectious: was_sick,
        });
        self.created.corpses += 1;
        if self.lay(at, corpse).is_some() {
            fell.big.push(corpse);
        }
        fell
    }

    /// Encephalitis (Б §4.7): a healthy player without immunity falls sick, dropping his treasure, mine
    /// or corpse (and, in the classic code, his bullets); a wounded one dies; the sick and the immune
    /// feel nothing.
    ///
    /// He is told he caught it (Б §2.3 names "заразился энцефалитом" among what the master tells),
    /// before a wounded man's death too. Under his own dark or half-dark order he is told when his
    /// turn comes, as Б §6.7 has the wounded told: the cure's deadline runs, and he must know.
    pub(super) fn infect(&mut self, ctx: &mut Ctx, who: PlayerId) {
        let Some(at) = self.cell_of(who) else {
            return;
        };
        let p = self.pl(who);
        if p.immune {
            return;
        }
        match p.health {
            Health::Healthy => {}
            Health::Wounded => {
                ctx.say(Event::Infected { moves: None });
                self.die(ctx, who, true);
                return;
            }
            Health::Sick { .. } | Health::Dead => return,
        }
        let moves = self.rules.play.cure_limited.then_some(self.cure);
        let unseen = who == ctx.who && ctx.light != super::order::Light::Full;
        let p = self.player_mut(who);
        p.health = Health::Sick { moves_left: moves };
        p.sick_pending = unseen;
        self.drop_unfit(who, Some(at));
        ctx.say(Event::Infected { moves });
    }

    /// A hospital cures (Б §4.2); a cured encephalitis leaves immunity, an irreversible change
    /// (Б §3.6, §4.7).
    pub(super) fn heal(&mut self, ctx: &mut Ctx, who: PlayerId) {
        let p = self.player_mut(who);
        let was_sick = matches!(p.health, Health::Sick { .. });
        p.health = Health::Healthy;
        p.wound_pending = false;
        if was_sick {
            p.immune = true;
            self.changed = true;
        }
        ctx.say(Event::Healed { immune: was_sick });
    }

    /// A productive move (one that changed his cell) uses up one move of a sick player's cure time
    /// (Б §4.7).
    pub(super) fn cure_tick(&mut self, who: PlayerId) {
        if let Health::Sick {
            moves_left: Some(n),
        } = &mut self.player_mut(who).health
        {
            *n = n.saturating_sub(1);
        }
    }

    /// After a productive move: out of cure time outside a hospital, he dies, leaving an infectious
    /// corpse (Б §4.7); otherwise he is told the moves left.
    pub(super) fn cure_deadline(&mut self, ctx: &mut Ctx, who: PlayerId) {
        let Health::Sick {
            moves_left: Some(n),
        } = self.pl(who).health
        else {
            return;
        };
        if n == 0 {
            self.die(ctx, who, true);
            self.check_end(ctx);
        } else {
            ctx.say(Event::CureLeft(n));
        }
    }
}

//! Which treasure to carry, asked when the order did not say (Б §5.8, В §5.8).
//!
//! "Если клад найден игроком, уже имеющим при себе клад, ведущий сообщает ему о находке, и
//! уточняет, какой клад -- "старый" или "вновь найденный" -- игрок предпочитает взять с собой", and
//! one who comes to a cell of several "может выбрать для дальнейшей переноски любой из них". The
//! master asks once the order is carried out (its later parts were said before the question, and
//! Б §6.2 lets nobody change his order on hearing part of the answer), and the turn waits for the
//! answer: the turn passes only when it is given, or when the deadline passes, which keeps the old
//! one as a dark order does (Б §6.7).

use serde::{Deserialize, Serialize};

use super::event::Event;
use super::order::{Light, Pick, ThingKind};
use super::state::Hand;
use super::turn::Ctx;
use super::{Game, Phase, PlayerId, Refusal, Told};
use crate::geometry::Coord;

/// A treasure question waiting for its answer, with what the turn must remember until it ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choosing {
    /// Who chooses: the player whose turn it is.
    pub who: PlayerId,
    /// The cell of the treasures.
    pub at: Coord,
    /// He woke a tick this turn (Б §4.7): his turn's end must not infect him for standing on it.
    pub woke: bool,
    /// The last rival fell during this turn (§7.9).
    pub alone_now: bool,
}

impl Game {
    /// The treasure question waiting for an answer, if any.
    pub fn choosing(&self) -> Option<Choosing> {
        self.choosing
    }

    /// What the choice on `at` is now, if there still is one: whether he carries a treasure, and
    /// how many lie here. He must still be there and able to carry one, with a treasure here to take
    /// and something to weigh it against.
    fn treasure_choice(&self, who: PlayerId, at: Coord) -> Option<(bool, u8)> {
        if self.phase != Phase::Playing
            || !self.active(who)
            || self.cell_of(who) != Some(at)
            || !self.can_carry_hand(who)
        {
            return None;
        }
        let carrying = matches!(self.pl(who).hand, Hand::Treasure(_));
        let here = self.pile(at).treasures.len();
        (here >= 1 && (carrying || here >= 2)).then(|| (carrying, here.min(255) as u8))
    }

    /// After an order: asks the question its movement left open, if it is still one, and makes the
    /// turn wait for the answer. Whether the turn now waits.
    pub(super) fn ask_which(&mut self, ctx: &mut Ctx) -> bool {
        let Some(at) = ctx.ask.take() else {
            return false;
        };
        let Some((carrying, here)) = self.treasure_choice(ctx.who, at) else {
            return false;
        };
        self.choosing = Some(Choosing {
            who: ctx.who,
            at,
            woke: ctx.woke,
            alone_now: ctx.alone_now,
        });
        ctx.say(Event::WhichTreasure { carrying, here });
        true
    }

    /// The answer to the treasure question: keep the one he carries (without one, take the top one,
    /// as when nothing is asked), take the newly found (the top one), or the n-th from the bottom.
    /// Then his turn ends.
    pub fn choose(&mut self, who: PlayerId, pick: Pick) -> Result<Vec<Told>, Refusal> {
        self.check_turn(who)?;
        let Some(asked) = self.choosing.filter(|c| c.who == who) else {
            return Err(Refusal::NothingToChoose);
        };
        let here = self.pile(asked.at).treasures.len();
        let carrying = matches!(self.pl(who).hand, Hand::Treasure(_));
        let index = match pick {
            Pick::Keep | Pick::Unsaid if carrying => None,
            Pick::Keep | Pick::Unsaid => here.checked_sub(1),
            Pick::New if here > 0 => Some(here - 1),
            Pick::FromBottom(k) if k >= 1 && usize::from(k) <= here => Some(usize::from(k) - 1),
            Pick::New | Pick::FromBottom(_) => return Err(Refusal::NoSuchTreasure),
        };
        Ok(self.settle_choice(asked, index))
    }

    /// The turn waiting for the answer ends without one (a deadline): as after a dark order
    /// (Б §6.7), he keeps his own, and without one takes the top one.
    pub(super) fn choice_lapses(&mut self, who: PlayerId) -> Option<Vec<Told>> {
        self.choosing.filter(|c| c.who == who)?;
        self.choose(who, Pick::Keep).ok()
    }

    /// Takes the treasure at `index` from the bottom of the pile (what he held is left on top of it,
    /// Б §5.8: "верхним всегда будет клад, принесенный последним"), and ends the turn.
    fn settle_choice(&mut self, asked: Choosing, index: Option<usize>) -> Vec<Told> {
        self.choosing = None;
        let mut ctx = Ctx::new(asked.who, Light::Full, Some(asked.at));
        ctx.woke = asked.woke;
        ctx.alone_now = asked.alone_now;
        match index {
            Some(i) => {
                let held = self.pl(asked.who).hand;
                let t = self.pile_mut(asked.at).treasures.remove(i);
                self.give(asked.who, asked.at, Hand::Treasure(t));
                ctx.say(Event::PickedUp(vec![(ThingKind::Treasure, 1)]));
                self.tell_exchange(&mut ctx, held);
            }
            None => ctx.say(Event::KeptTreasure),
        }
        self.end_turn(&mut ctx);
        ctx.finish()
    }
}

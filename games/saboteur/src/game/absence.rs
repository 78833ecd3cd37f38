//! A player who misses his deadline, and a player who leaves.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Event, Game, Order, Phase, PlayerId};
use crate::card::{Action, Card};

impl Game {
    /// The one to move missed his deadline: while playing, a random card of his hand is discarded
    /// face down and he draws (he passes with an empty hand); while sharing, he takes the most
    /// valuable gold card offered. `seed` chooses the card and deals a new round if one is due.
    /// Nothing happens once the game is over.
    pub fn timeout(&mut self, seed: u64) -> Vec<Event> {
        let Some(who) = self.to_move() else {
            return Vec::new();
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let hand = &self.player(who).hand;
        let order = match self.phase {
            Phase::Sharing => match self.offered.iter().max() {
                Some(&v) => Order::Take(v),
                None => return Vec::new(),
            },
            Phase::Playing if hand.is_empty() => Order::Pass,
            Phase::Playing => Order::Discard(hand[rng.random_range(0..hand.len())]),
            Phase::Over => return Vec::new(),
        };
        if self.check(who, &order).is_err() {
            return Vec::new();
        }
        let mut ev = vec![Event::TimedOut { who }];
        self.run(who, &order, &mut rng, &mut ev);
        ev
    }

    /// `who` leaves the game: his hand and the broken tools in front of him go to the discard pile,
    /// and he is skipped from now on in turns and in gold sharing. If he was to move, the turn (or
    /// the gold offered) passes on. His leaving may end the round (nobody holds a card any more), or
    /// the game (nobody is left). A seat not in the game, or already gone, changes nothing.
    ///
    /// A deal this brings about uses a seed drawn at the last deal, so the engine stays pure.
    pub fn remove(&mut self, who: PlayerId) -> Vec<Event> {
        if !self.is_in(who) {
            return Vec::new();
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.spare_seed);
        let me = self.player_mut(who);
        me.out = true;
        let hand = std::mem::take(&mut me.hand);
        let broken = std::mem::take(&mut me.broken);
        self.discard.extend(hand);
        self.discard
            .extend(broken.into_iter().map(|t| Card::Action(Action::Break(t))));
        let mut ev = vec![Event::Removed { who }];
        if self.phase == Phase::Over {
            return ev;
        }
        if self.seats().all(|p| !self.is_in(p)) {
            self.game_over(&mut ev);
            return ev;
        }
        match self.phase {
            Phase::Playing => {
                if !self.end_if_exhausted(&mut rng, &mut ev) && self.turn == who {
                    if let Some(next) = self.next_in(who) {
                        self.turn = next;
                    }
                }
            }
            Phase::Sharing => {
                if self.turn == who {
                    self.pass_on(who, &mut rng, &mut ev);
                }
            }
            Phase::Over => {}
        }
        ev
    }
}

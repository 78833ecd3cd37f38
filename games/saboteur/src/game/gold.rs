//! Gold (Дележ золота): the finder's gold cards passed round the diggers, or the saboteurs' pay.

use rand_chacha::ChaCha8Rng;

use super::{Event, Game, Phase, PlayerId, Role};

/// At most this many gold cards are drawn for the diggers (with ten players only nine, Дележ золота).
const MOST_GOLD_CARDS: usize = 9;

impl Game {
    /// The diggers reached the gold: the finder draws as many gold cards as there are players still
    /// in (nine at most, fewer if the pile runs short) and the sharing begins with him — or, if he is
    /// a saboteur, with the first digger counter-clockwise from him.
    pub(super) fn start_sharing(&mut self, rng: &mut ChaCha8Rng, ev: &mut Vec<Event>) {
        let players = self.seats().filter(|&p| self.is_in(p)).count();
        let n = players.min(MOST_GOLD_CARDS).min(self.nuggets.len());
        self.offered = self.nuggets.split_off(self.nuggets.len() - n);
        self.offered.sort_unstable_by(|a, b| b.cmp(a));
        let finder = self.finder.unwrap_or(self.turn);
        let chooser = if self.is_digger(finder) {
            Some(finder)
        } else {
            self.prev_digger(finder)
        };
        match chooser {
            Some(c) if !self.offered.is_empty() => self.offer(c, ev),
            _ => self.finish_round(rng, ev),
        }
    }

    /// Whether `who` is in and a digger this round.
    fn is_digger(&self, who: PlayerId) -> bool {
        self.is_in(who) && self.cast.contains(&who) && self.player(who).role == Role::Digger
    }

    /// The cards left are passed to `to`, who chooses one.
    pub(super) fn offer(&mut self, to: PlayerId, ev: &mut Vec<Event>) {
        self.phase = Phase::Sharing;
        self.turn = to;
        ev.push(Event::Offered {
            to,
            cards: self.offered.clone(),
        });
    }

    /// `who` takes a gold card of value `v` (checked to be offered); the rest go on counter-clockwise
    /// to the next digger, until none is left.
    pub(super) fn take(&mut self, who: PlayerId, v: u8, rng: &mut ChaCha8Rng, ev: &mut Vec<Event>) {
        if let Some(i) = self.offered.iter().position(|&o| o == v) {
            self.offered.remove(i);
            let me = self.player_mut(who);
            me.gold += u32::from(v);
            me.nuggets.push(v);
            ev.push(Event::Took { by: who, value: v });
            ev.push(Event::TookGold { by: who });
        }
        self.pass_on(who, rng, ev);
    }

    /// The offered cards go from `from` to the next digger counter-clockwise; once none is left (or
    /// no digger is), the round is over.
    pub(super) fn pass_on(&mut self, from: PlayerId, rng: &mut ChaCha8Rng, ev: &mut Vec<Event>) {
        match self.prev_digger(from) {
            Some(next) if !self.offered.is_empty() => self.offer(next, ev),
            _ => self.finish_round(rng, ev),
        }
    }

    /// Gold cards nobody could take go back on the pile.
    pub(super) fn return_offered(&mut self) {
        self.nuggets.append(&mut self.offered);
    }

    /// The saboteurs won: each saboteur dealt this round and still in draws, in seat order, card by
    /// card from the gold pile to his exact pay — 4 nuggets for a lone saboteur, 3 each for two or
    /// three, 2 each for four; a card that would overshoot goes to the bottom of the pile and he draws
    /// again. With no saboteur in the round nobody is paid. The pay is set by how many saboteurs were
    /// dealt this round, those who left since included (the book counts those who took part), but
    /// only those still in are paid. The book does not say which saboteur draws first: seat order.
    ///
    /// The pile may hold no card small enough for what he still lacks (late in a game, only 3s left
    /// when he needs 2): once he has turned over the whole pile without taking a card, he stops with
    /// what he has.
    pub(super) fn pay_saboteurs(&mut self, ev: &mut Vec<Event>) {
        let saboteurs: Vec<PlayerId> = self
            .cast
            .iter()
            .copied()
            .filter(|&p| self.player(p).role == Role::Saboteur)
            .collect();
        let pay: u32 = match saboteurs.len() {
            0 => return,
            1 => 4,
            2 | 3 => 3,
            _ => 2,
        };
        for who in saboteurs {
            if !self.is_in(who) {
                continue;
            }
            let mut got = 0u32;
            let mut misses = 0usize;
            while got < pay && misses < self.nuggets.len() {
                let Some(v) = self.nuggets.pop() else { break };
                if got + u32::from(v) <= pay {
                    got += u32::from(v);
                    self.player_mut(who).nuggets.push(v);
                    misses = 0;
                } else {
                    self.nuggets.insert(0, v);
                    misses += 1;
                }
            }
            self.player_mut(who).gold += got;
            ev.push(Event::SaboteursPaid { who, amount: got });
        }
    }
}

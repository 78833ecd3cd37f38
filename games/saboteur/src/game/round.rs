//! Rounds: the deal (Подготовка, Начало нового раунда), the end of a round (Конец раунда) and of the
//! game (Завершение игры).

use rand::RngCore;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::{Event, Game, Phase, PlayerId, Role};
use crate::board::Board;
use crate::card::{Dir, Path};
use crate::deck;

impl Game {
    /// Deals a round to the players still in, `first` to move: roles (one dwarf card more than
    /// needed is set aside unseen), the three goals shuffled face down, the deck shuffled and the
    /// hands dealt from its top. The gold pile carries over.
    ///
    /// A game that lost players deals as for the players still in (3 at least): their roles and hand
    /// size are those of a game of that size.
    pub(super) fn deal(&mut self, rng: &mut ChaCha8Rng, first: PlayerId, ev: &mut Vec<Event>) {
        let cast: Vec<PlayerId> = self.seats().filter(|&p| self.is_in(p)).collect();
        let size = cast.len().clamp(3, 10);
        let (saboteurs, diggers) = deck::dwarves(size).unwrap_or((1, 3));
        let mut roles = [vec![Role::Saboteur; saboteurs], vec![Role::Digger; diggers]].concat();
        roles.shuffle(rng);
        let mut goals = [
            (true, Path::CROSS),
            (false, Path::open(&[Dir::N, Dir::E])),
            (false, Path::open(&[Dir::N, Dir::W])),
        ];
        goals.shuffle(rng);
        self.board = Board::with_goals(goals);
        self.deck = deck::playing_cards();
        self.deck.shuffle(rng);
        self.discard.clear();
        let hand = deck::hand_size(size);
        for p in &mut self.players {
            p.hand.clear();
            p.broken.clear();
        }
        for &p in &cast {
            let role = roles.pop().unwrap_or(Role::Digger);
            let from = self.deck.len().saturating_sub(hand);
            let cards = self.deck.split_off(from);
            let s = self.player_mut(p);
            s.role = role;
            s.hand = cards;
        }
        self.aside = roles;
        self.cast = cast;
        self.phase = Phase::Playing;
        self.turn = first;
        self.first = first;
        self.last = None;
        self.finder = None;
        self.offered.clear();
        self.spare_seed = rng.next_u64();
        ev.extend(self.deal_events());
    }

    /// The round is over: the roles are shown; the diggers share the gold or the saboteurs are paid
    /// (Дележ золота).
    pub(super) fn end_round(
        &mut self,
        diggers_won: bool,
        rng: &mut ChaCha8Rng,
        ev: &mut Vec<Event>,
    ) {
        let roles = self.players.iter().map(|p| p.role).collect();
        let saboteurs = (self.cast.iter())
            .filter(|&&p| self.player(p).role == Role::Saboteur)
            .count();
        ev.push(Event::RoundOver {
            round: self.round,
            diggers_won,
            finder: if diggers_won { self.finder } else { None },
            roles,
            saboteurs: saboteurs.min(255) as u8,
        });
        if diggers_won {
            self.start_sharing(rng, ev);
        } else {
            self.pay_saboteurs(ev);
            self.finish_round(rng, ev);
        }
    }

    /// The gold is shared: after the third round the game is over (Завершение игры); else the next
    /// round is dealt, begun by the player to the left of the one who moved last (Начало нового
    /// раунда) — the next seat still in after him.
    pub(super) fn finish_round(&mut self, rng: &mut ChaCha8Rng, ev: &mut Vec<Event>) {
        self.return_offered();
        let first = match self.last {
            Some(last) => self.next_in(last),
            None if self.is_in(self.first) => Some(self.first),
            None => self.next_in(self.first),
        };
        match first {
            Some(first) if self.round < 3 => {
                self.round += 1;
                self.deal(rng, first, ev);
            }
            _ => self.game_over(ev),
        }
    }

    /// Ends the game: every seat's gold is told.
    pub(super) fn game_over(&mut self, ev: &mut Vec<Event>) {
        self.return_offered();
        self.phase = Phase::Over;
        ev.push(Event::GameOver {
            gold: self.players.iter().map(|p| p.gold).collect(),
        });
    }
}

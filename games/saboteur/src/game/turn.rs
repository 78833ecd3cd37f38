//! A turn while a round is played (Ход игры): play a card — a path card into the maze or an action
//! card in front of a player — or discard one face down, then draw while the deck lasts; with an
//! empty hand, pass.

use rand_chacha::ChaCha8Rng;

use super::{Event, Game, Order, PlayerId, Refusal};
use crate::board::Tile;
use crate::card::{Action, Card, Tool};

impl Game {
    /// Refuses a turn's order the rules do not allow; the game is in play and `who` is to move.
    pub(super) fn check_turn(&self, who: PlayerId, order: &Order) -> Result<(), Refusal> {
        let me = self.player(who);
        let holds = |card: Card| {
            if me.hand.contains(&card) {
                Ok(())
            } else {
                Err(Refusal::NotInHand)
            }
        };
        let target_of = |target: PlayerId| {
            if self.is_in(target) {
                Ok(self.player(target))
            } else {
                Err(Refusal::NoSuchPlayer)
            }
        };
        match *order {
            Order::Take(_) => Err(Refusal::NotSharing),
            Order::Pass => {
                if me.hand.is_empty() {
                    Ok(())
                } else {
                    Err(Refusal::MustPlay)
                }
            }
            Order::Discard(card) => holds(card),
            Order::Path {
                card,
                cell,
                rotated,
            } => {
                holds(Card::Path(card))?;
                // Ход картой «действие»: a broken tool in front of him forbids path cards.
                if !me.broken.is_empty() {
                    return Err(Refusal::ToolBroken);
                }
                let lies = if rotated { card.rotated() } else { card };
                self.board.check(cell, lies)
            }
            Order::Rockfall(cell) => {
                holds(Card::Action(Action::Rockfall))?;
                match self.board.get(cell) {
                    None => Err(Refusal::NothingThere),
                    Some(Tile::Start | Tile::Goal { .. }) => Err(Refusal::CannotRemove),
                    Some(Tile::Tunnel(_)) => Ok(()),
                }
            }
            Order::Map(cell) => {
                holds(Card::Action(Action::Map))?;
                match self.board.get(cell) {
                    Some(Tile::Goal { revealed: None, .. }) => Ok(()),
                    Some(Tile::Goal { .. }) => Err(Refusal::AlreadyRevealed),
                    _ => Err(Refusal::NotAGoal),
                }
            }
            Order::Break(tool, target) => {
                holds(Card::Action(Action::Break(tool)))?;
                // One broken tool of each kind at most in front of a player.
                if target_of(target)?.broken.contains(&tool) {
                    Err(Refusal::AlreadyBroken)
                } else {
                    Ok(())
                }
            }
            Order::Fix(tool, target) => {
                holds(Card::Action(Action::Fix(tool)))?;
                mendable(target_of(target)?.broken.as_slice(), tool)
            }
            Order::FixEither {
                card: (a, b),
                target,
                tool,
            } => {
                holds(Card::Action(Action::FixEither(a, b)))?;
                if tool != a && tool != b {
                    return Err(Refusal::WrongTool);
                }
                mendable(target_of(target)?.broken.as_slice(), tool)
            }
        }
    }

    /// Carries out a turn's order already checked, then ends the turn.
    pub(super) fn run_turn(
        &mut self,
        who: PlayerId,
        order: &Order,
        rng: &mut ChaCha8Rng,
        ev: &mut Vec<Event>,
    ) {
        match *order {
            Order::Take(_) => {}
            Order::Pass => ev.push(Event::Passed { by: who }),
            Order::Discard(card) => {
                self.spend(who, card);
                self.discard.push(card);
                ev.push(Event::Discarded { by: who, card });
                ev.push(Event::DiscardedFaceDown { by: who });
            }
            Order::Path {
                card,
                cell,
                rotated,
            } => {
                self.spend(who, Card::Path(card));
                let lies = if rotated { card.rotated() } else { card };
                if self.board.place(cell, lies).is_err() {
                    // Checked before: cannot happen. Keep the card rather than lose it.
                    self.player_mut(who).hand.push(Card::Path(card));
                    return;
                }
                ev.push(Event::PathPlaced {
                    by: who,
                    card: lies,
                    cell,
                });
                let mut gold = false;
                for (cell, is_gold, lies) in self.board.reveal(cell) {
                    gold |= is_gold;
                    ev.push(Event::GoalRevealed {
                        cell,
                        gold: is_gold,
                        lies,
                    });
                }
                if gold {
                    // Конец раунда: the gold reached ends the round at once; nobody draws.
                    self.last = Some(who);
                    self.finder = Some(who);
                    self.end_round(true, rng, ev);
                    return;
                }
            }
            Order::Rockfall(cell) => {
                self.spend(who, Card::Action(Action::Rockfall));
                if let Ok(card) = self.board.remove(cell) {
                    self.discard.push(Card::Path(card.canonical()));
                    ev.push(Event::Rockfall {
                        by: who,
                        cell,
                        card,
                    });
                }
                self.discard.push(Card::Action(Action::Rockfall));
            }
            Order::Map(cell) => {
                self.spend(who, Card::Action(Action::Map));
                self.discard.push(Card::Action(Action::Map));
                let gold = matches!(self.board.get(cell), Some(Tile::Goal { gold: true, .. }));
                ev.push(Event::MapPlayed { by: who, cell });
                ev.push(Event::Mapped {
                    by: who,
                    cell,
                    gold,
                });
            }
            Order::Break(tool, target) => {
                self.spend(who, Card::Action(Action::Break(tool)));
                let broken = &mut self.player_mut(target).broken;
                broken.push(tool);
                broken.sort();
                ev.push(Event::Broke {
                    by: who,
                    target,
                    tool,
                });
            }
            Order::Fix(tool, target) => {
                self.spend(who, Card::Action(Action::Fix(tool)));
                self.discard.push(Card::Action(Action::Fix(tool)));
                self.mend(who, target, tool, ev);
            }
            Order::FixEither {
                card: (a, b),
                target,
                tool,
            } => {
                self.spend(who, Card::Action(Action::FixEither(a, b)));
                self.discard.push(Card::Action(Action::FixEither(a, b)));
                self.mend(who, target, tool, ev);
            }
        }
        self.end_turn(who, rng, ev);
    }

    /// Takes one copy of a card out of a player's hand.
    fn spend(&mut self, who: PlayerId, card: Card) {
        let hand = &mut self.player_mut(who).hand;
        if let Some(i) = hand.iter().position(|&c| c == card) {
            hand.remove(i);
        }
    }

    /// Takes a broken tool away from in front of `target`; the broken-tool card goes to the discard
    /// pile with the fix card.
    fn mend(&mut self, by: PlayerId, target: PlayerId, tool: Tool, ev: &mut Vec<Event>) {
        self.player_mut(target).broken.retain(|&t| t != tool);
        self.discard.push(Card::Action(Action::Break(tool)));
        ev.push(Event::Fixed { by, target, tool });
    }

    /// After a card is played: draw the top card while the deck lasts; end the round if nobody holds a
    /// card any more (Конец раунда); else the next player clockwise is to move.
    fn end_turn(&mut self, who: PlayerId, rng: &mut ChaCha8Rng, ev: &mut Vec<Event>) {
        self.last = Some(who);
        if let Some(card) = self.deck.pop() {
            self.player_mut(who).hand.push(card);
            ev.push(Event::Drew { by: who, card });
        }
        if self.end_if_exhausted(rng, ev) {
            return;
        }
        if let Some(next) = self.next_in(who) {
            self.turn = next;
        }
    }

    /// Ends the round, saboteurs winning, if the deck is used up and no player still in holds a card.
    /// Tells whether it did.
    pub(super) fn end_if_exhausted(&mut self, rng: &mut ChaCha8Rng, ev: &mut Vec<Event>) -> bool {
        let exhausted = self.deck.is_empty()
            && self
                .seats()
                .all(|p| !self.is_in(p) || self.player(p).hand.is_empty());
        if exhausted {
            self.end_round(false, rng, ev);
        }
        exhausted
    }
}

/// A fix card mends only a broken tool of its kind (Ход картой «действие»).
fn mendable(broken: &[Tool], tool: Tool) -> Result<(), Refusal> {
    if broken.contains(&tool) {
        Ok(())
    } else {
        Err(Refusal::NothingToFix)
    }
}

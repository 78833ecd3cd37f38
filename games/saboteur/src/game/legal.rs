//! Every legal order of the one to move, each exactly once — for the peek's `moves` and for the
//! buttons of a turn.

use super::{Game, Order, Phase, PlayerId};
use crate::board::Tile;
use crate::card::{Action, Card, Tool};

impl Game {
    /// Every order [`Game::play`] would accept from the one to move, each once, in the form of
    /// [`Order::normalized`]: for each distinct card of his hand in hand order, its plays (a path
    /// card on every cell it fits, upright and turned, a card whose orientations are the same once);
    /// then a discard of each distinct card; `Pass` only with an empty hand. While sharing, `Take` of
    /// each distinct value offered, lowest first. Empty once the game is over.
    pub fn legal(&self) -> Vec<Order> {
        let Some(who) = self.to_move() else {
            return Vec::new();
        };
        if self.phase == Phase::Sharing {
            let mut values = self.offered.clone();
            values.sort_unstable();
            values.dedup();
            return values.into_iter().map(Order::Take).collect();
        }
        let me = self.player(who);
        let mut cards: Vec<Card> = Vec::new();
        for &c in &me.hand {
            if !cards.contains(&c) {
                cards.push(c);
            }
        }
        let targets: Vec<PlayerId> = self.seats().filter(|&p| self.is_in(p)).collect();
        let broken = |p: PlayerId, t: Tool| self.player(p).broken.contains(&t);
        let mut out = Vec::new();
        for &card in &cards {
            match card {
                Card::Path(p) => {
                    if me.broken.is_empty() {
                        out.extend(
                            self.board
                                .placements(&p)
                                .into_iter()
                                .map(|(cell, rotated)| Order::Path {
                                    card: p,
                                    cell,
                                    rotated,
                                }),
                        );
                    }
                }
                Card::Action(Action::Break(t)) => out.extend(
                    targets
                        .iter()
                        .filter(|&&p| !broken(p, t))
                        .map(|&p| Order::Break(t, p)),
                ),
                Card::Action(Action::Fix(t)) => out.extend(
                    targets
                        .iter()
                        .filter(|&&p| broken(p, t))
                        .map(|&p| Order::Fix(t, p)),
                ),
                Card::Action(Action::FixEither(a, b)) => {
                    for &target in &targets {
                        for tool in [a, b] {
                            if broken(target, tool) {
                                out.push(Order::FixEither {
                                    card: (a, b),
                                    target,
                                    tool,
                                });
                            }
                        }
                    }
                }
                Card::Action(Action::Rockfall) => {
                    out.extend(self.board.tunnels().map(|(cell, _)| Order::Rockfall(cell)))
                }
                Card::Action(Action::Map) => out.extend(
                    self.board
                        .tiles()
                        .filter(|(_, t)| matches!(t, Tile::Goal { revealed: None, .. }))
                        .map(|(cell, _)| Order::Map(cell)),
                ),
            }
        }
        out.extend(cards.into_iter().map(Order::Discard));
        if me.hand.is_empty() {
            out.push(Order::Pass);
        }
        out
    }
}

//! Test-only access to a game's hidden parts: to lay out a position the rules tests need, and to
//! count every card for the conservation properties.

use super::{Game, Phase, PlayerId, Role};
use crate::board::Board;
use crate::card::{Card, Tool};

impl Game {
    /// Gives a player these cards.
    pub(crate) fn rig_hand(&mut self, who: PlayerId, hand: Vec<Card>) {
        self.player_mut(who).hand = hand;
    }

    /// Gives a player this role (he must have been dealt in this round).
    pub(crate) fn rig_role(&mut self, who: PlayerId, role: Role) {
        self.player_mut(who).role = role;
    }

    /// Lays broken tools in front of a player.
    pub(crate) fn rig_broken(&mut self, who: PlayerId, broken: Vec<Tool>) {
        self.player_mut(who).broken = broken;
    }

    /// Replaces the draw pile (the top is the last card).
    pub(crate) fn rig_deck(&mut self, deck: Vec<Card>) {
        self.deck = deck;
    }

    /// Replaces the gold pile (the top is the last card).
    pub(crate) fn rig_nuggets(&mut self, nuggets: Vec<u8>) {
        self.nuggets = nuggets;
    }

    /// Replaces the maze.
    pub(crate) fn rig_board(&mut self, board: Board) {
        self.board = board;
    }

    /// The maze, to lay cards without the rules.
    pub(crate) fn rig_board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    /// Makes `who` the one to move in play.
    pub(crate) fn rig_turn(&mut self, who: PlayerId) {
        self.phase = Phase::Playing;
        self.turn = who;
    }

    /// The draw pile.
    pub(crate) fn deck_cards(&self) -> &[Card] {
        &self.deck
    }

    /// The discard pile.
    pub(crate) fn discard_cards(&self) -> &[Card] {
        &self.discard
    }

    /// The gold pile.
    pub(crate) fn gold_pile(&self) -> &[u8] {
        &self.nuggets
    }

    /// The dwarf cards set aside this round.
    pub(crate) fn aside(&self) -> &[Role] {
        &self.aside
    }

    /// The seats dealt a role this round.
    pub(crate) fn cast(&self) -> &[PlayerId] {
        &self.cast
    }
}

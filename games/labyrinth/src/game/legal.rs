//! Which orders the master accepts (Б §2.1, §6.5–§6.8, §7.1, §7.3, §7.7; В §2.1, §6.5–§6.7).
//!
//! Everything here only looks: an order is refused before any of it is carried out, so a refusal
//! changes nothing.

use super::order::{Action, Aim, Light, Order, Part};
use super::state::Place;
use super::{Game, Refusal};
use crate::board::Cell;
use crate::movement::Move;
use crate::ruleset::Code;
use bot_core::i18n::{Lang, Localize};

impl Game {
    /// Refuses an order that is not `who`'s to give now, or that the code and the options forbid.
    pub(super) fn check_order(&self, who: super::PlayerId, order: &Order) -> Result<(), Refusal> {
        self.check_turn(who)?;
        if self.choosing.is_some() {
            return Err(Refusal::ChooseFirst);
        }
        self.check_light(order.light)?;
        self.check_shape(order)?;
        for action in order.actions() {
            self.check_action(who, action)?;
        }
        if self.is_repeat(who, order) {
            return Err(Refusal::Repeat);
        }
        Ok(())
    }

    /// Refuses an order that the code and the options forbid whatever the moment: its light and
    /// its shape (Б §2.1, §6.6, §7.1; В §2.1). Queued play checks each order so when it is sent,
    /// long before its turn comes and the rest of [`Game::play`]'s checks can be made.
    pub fn admits(&self, order: &Order) -> Result<(), Refusal> {
        self.check_light(order.light)?;
        self.check_shape(order)
    }

    /// Dark and half-dark orders, unless forbidden (§7.1).
    fn check_light(&self, light: Light) -> Result<(), Refusal> {
        match light {
            Light::Dark if !self.rules.play.dark_orders => Err(Refusal::NoDark),
            Light::HalfDark if !self.rules.play.half_dark_orders => Err(Refusal::NoHalfDark),
            _ => Ok(()),
        }
    }

    /// The structure of a turn: a skip alone (Б §6.6); classic, exactly one movement and it may not
    /// hang on a condition, or the turn could end without one (Б §2.1, §6.5); quantum, exactly one
    /// action and no conditions (В §2.1).
    fn check_shape(&self, order: &Order) -> Result<(), Refusal> {
        let has_if = order.parts.iter().any(|p| matches!(p, Part::If(..)));
        if has_if && (self.one_action() || !self.rules.play.conditional_orders) {
            return Err(Refusal::NoConditionals);
        }
        if order.actions().any(|a| *a == Action::Skip) {
            if order.parts != [Part::Do(Action::Skip)] {
                return Err(Refusal::SkipAlone);
            }
            return match self.rules.play.skip {
                true => Ok(()),
                false => Err(Refusal::NoSkip),
            };
        }
        if self.one_action() {
            return match order.actions().count() {
                1 => Ok(()),
                _ => Err(Refusal::OneActionOnly),
            };
        }
        let is_move = |a: &Action| matches!(a, Action::Move(_));
        let plain_moves = order
            .parts
            .iter()
            .filter(|p| matches!(p, Part::Do(a) if is_move(a)))
            .count();
        let all_moves = order.actions().filter(|a| is_move(a)).count();
        match (plain_moves, all_moves) {
            (1, 1) => Ok(()),
            _ => Err(Refusal::NeedsOneMovement),
        }
    }

    /// One action against the options (§7.1, §7.3) and the cell (Б §4.4, §4.6).
    fn check_action(&self, who: super::PlayerId, action: &Action) -> Result<(), Refusal> {
        let play = &self.rules.play;
        match *action {
            Action::Throw(..) if !play.throwing => Err(Refusal::NoThrowing),
            Action::SetMine(Some(_)) if !play.mine_to_neighbour => Err(Refusal::NoMineToNeighbour),
            Action::Shoot { aim, target } => {
                if aim == Aim::Here && !self.quantum() {
                    return Err(Refusal::NoAimHere);
                }
                let named_ok = match target {
                    None => !play.named_target,
                    Some((p, c)) => {
                        play.named_target
                            && usize::from(p.0) < self.players.len()
                            && self.board.size().contains(c)
                    }
                };
                named_ok.then_some(()).ok_or(Refusal::TargetRule)
            }
            Action::Move(mv) => self.check_movement(who, mv),
            Action::Stab if self.rules.code != Code::Wiki => Err(Refusal::NoKnifeRule),
            Action::Kick if !play.kick => Err(Refusal::NoKickRule),
            Action::Build(_) if !play.cement => Err(Refusal::NoCementRule),
            Action::Boomerang(_) if play.boomerang == 0 => Err(Refusal::NoBoomerangRule),
            _ => Ok(()),
        }
    }

    /// "По течению" only from a river, "по циклу" only from a pit; he loses nothing (Б §4.4, §4.6).
    /// Outside the maze every movement is accepted: the wrong one loses him the game (Б §3.4).
    fn check_movement(&self, who: super::PlayerId, mv: Move) -> Result<(), Refusal> {
        let Place::In(c) = self.pl(who).place else {
            return Ok(());
        };
        match (mv, self.board.cell(c)) {
            (Move::Current, Cell::River(_)) | (Move::Cycle, Cell::Pit(_)) | (Move::Step(_), _) => {
                Ok(())
            }
            (Move::Current, _) => Err(Refusal::NotInRiver),
            (Move::Cycle, _) => Err(Refusal::NotInPit),
        }
    }
}

impl Refusal {
    /// The message id of the refusal in `config/locales/*/engine.ftl`.
    fn message_id(self) -> &'static str {
        match self {
            Refusal::NotInPlay => "engine-not-in-play",
            Refusal::NotYourTurn => "engine-not-your-turn",
            Refusal::ChooseFirst => "engine-choose-first",
            Refusal::NothingToChoose => "engine-nothing-to-choose",
            Refusal::NoSuchTreasure => "engine-no-such-treasure",
            Refusal::NotAPlayer => "engine-not-a-player",
            Refusal::NeedsOneMovement => "engine-needs-one-movement",
            Refusal::OneActionOnly => "engine-one-action-only",
            Refusal::NoConditionals => "engine-no-conditionals",
            Refusal::NoDark => "engine-no-dark",
            Refusal::NoHalfDark => "engine-no-half-dark",
            Refusal::NoThrowing => "engine-no-throwing",
            Refusal::NoMineToNeighbour => "engine-no-mine-to-neighbour",
            Refusal::NoSkip => "engine-no-skip",
            Refusal::Repeat => "engine-repeat",
            Refusal::TargetRule => "engine-target-rule",
            Refusal::OffBoard => "engine-off-board",
            Refusal::NoReorder => "engine-no-reorder",
            Refusal::BadStart => "engine-bad-start",
            Refusal::Started => "engine-started",
            Refusal::NoPeek => "engine-no-peek",
            Refusal::NotInRiver => "engine-not-in-river",
            Refusal::NotInPit => "engine-not-in-pit",
            Refusal::SkipAlone => "engine-skip-alone",
            Refusal::NoAimHere => "engine-no-aim-here",
            Refusal::NoKnifeRule => "engine-no-knife-rule",
            Refusal::NoKickRule => "engine-no-kick-rule",
            Refusal::NoCementRule => "engine-no-cement-rule",
            Refusal::NoBoomerangRule => "engine-no-boomerang-rule",
        }
    }
}

impl Localize for Refusal {
    fn localize(&self, lang: Lang) -> String {
        crate::locale::messages(lang).text(self.message_id(), &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_has_words_in_both_languages() {
        let all = [
            Refusal::NotInPlay,
            Refusal::NotYourTurn,
            Refusal::ChooseFirst,
            Refusal::NothingToChoose,
            Refusal::NoSuchTreasure,
            Refusal::NotAPlayer,
            Refusal::NeedsOneMovement,
            Refusal::OneActionOnly,
            Refusal::NoConditionals,
            Refusal::NoDark,
            Refusal::NoHalfDark,
            Refusal::NoThrowing,
            Refusal::NoMineToNeighbour,
            Refusal::NoSkip,
            Refusal::Repeat,
            Refusal::TargetRule,
            Refusal::OffBoard,
            Refusal::NoReorder,
            Refusal::BadStart,
            Refusal::Started,
            Refusal::NoPeek,
            Refusal::NotInRiver,
            Refusal::NotInPit,
            Refusal::SkipAlone,
            Refusal::NoAimHere,
            Refusal::NoKnifeRule,
            Refusal::NoKickRule,
            Refusal::NoCementRule,
            Refusal::NoBoomerangRule,
        ];
        for r in all {
            for lang in Lang::ALL {
                let text = r.localize(lang);
                assert!(!text.starts_with('['), "{lang}: {r:?} has no message");
            }
        }
        assert_eq!(
            Refusal::NoSkip.localize(Lang::Ru),
            "Пропускать ход в этой игре нельзя."
        );
    }
}

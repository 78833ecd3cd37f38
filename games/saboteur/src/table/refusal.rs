//! The engine's refusals in the players' words.

use crate::game::Refusal;
use bot_core::i18n::{Lang, Localize};

impl Refusal {
    /// The message id of this refusal in the locale files.
    fn message_id(self) -> &'static str {
        match self {
            Refusal::PlayerCount => "sab-refusal-player-count",
            Refusal::GameOver => "sab-refusal-game-over",
            Refusal::NotAPlayer => "sab-refusal-not-a-player",
            Refusal::NotYourTurn => "sab-refusal-not-your-turn",
            Refusal::NotInHand => "sab-refusal-not-in-hand",
            Refusal::ToolBroken => "sab-refusal-tool-broken",
            Refusal::Occupied => "sab-refusal-occupied",
            Refusal::DoesNotFit => "sab-refusal-does-not-fit",
            Refusal::NotConnected => "sab-refusal-not-connected",
            Refusal::NoSuchPlayer => "sab-refusal-no-such-player",
            Refusal::AlreadyBroken => "sab-refusal-already-broken",
            Refusal::NothingToFix => "sab-refusal-nothing-to-fix",
            Refusal::WrongTool => "sab-refusal-wrong-tool",
            Refusal::NothingThere => "sab-refusal-nothing-there",
            Refusal::CannotRemove => "sab-refusal-cannot-remove",
            Refusal::NotAGoal => "sab-refusal-not-a-goal",
            Refusal::AlreadyRevealed => "sab-refusal-already-revealed",
            Refusal::MustPlay => "sab-refusal-must-play",
            Refusal::Sharing => "sab-refusal-sharing",
            Refusal::NotSharing => "sab-refusal-not-sharing",
            Refusal::NotOffered => "sab-refusal-not-offered",
        }
    }
}

impl Localize for Refusal {
    fn localize(&self, lang: Lang) -> String {
        crate::locale::messages(lang).text(self.message_id(), &[])
    }
}

//! The engine's refusals in the players' words: each rule's id (`Refusal::id`) is a message
//! `hive-refusal-ID` in the locale files.

use crate::hive::Refusal;
use crate::i18n::{Lang, Localize, Messages};

impl Localize for Refusal {
    fn localize(&self, lang: Lang) -> String {
        Messages::get(lang).text(&format!("hive-refusal-{}", self.id()), &[])
    }
}

//! Saboteur at a chat's table: what the session hosts through its game seam
//! ([`bot_core::session::game`]). The rules engine's [`Game`], the players' missed deadlines, and the
//! master's words, pictures and buttons for it all.
//!
//! Roles, hands, discards, a map's answer and gold taken go to their player privately; the group
//! sees every public play with the tunnel map as a picture.

mod act;
mod buttons;
mod cards;
mod narrate;
mod peek;
mod press;
mod refusal;
mod view;
mod words;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::{Game, PlayerId};
use crate::locale::t;
use bot_core::i18n::Lang;
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Kind, Outcome, Placing, Play, Waiting};
use bot_core::session::table::{Seating, Stage};
use bot_core::session::text::bad_option;
use bot_core::tournament::{Results, Worth};

/// The game `/newgame saboteur` opens.
pub struct Saboteurs;

/// The registered kind.
pub static KIND: Saboteurs = Saboteurs;

/// Options `/newgame saboteur` takes besides the session's clock.
const EXAMPLES: &[&str] = &["order=join", "seed=1"];

impl Kind for Saboteurs {
    fn word(&self) -> &'static str {
        "saboteur"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["саботёр", "саботер", "вредитель", "гномы"]
    }

    fn title(&self, lang: Lang) -> String {
        t(lang, "sab-title", &[])
    }

    fn rulesets(&self) -> Vec<&'static str> {
        vec!["standard"]
    }

    fn ruleset_required(&self) -> bool {
        false
    }

    fn option_examples(&self) -> &'static [&'static str] {
        EXAMPLES
    }

    /// Seat 0 moves first.
    fn seat_order_options(&self) -> &'static [&'static str] {
        &["order=join"]
    }

    fn players(&self) -> std::ops::RangeInclusive<usize> {
        3..=10
    }

    fn open(&self, _ruleset: &str, words: &[&str], lang: Lang) -> Result<Box<dyn Play>, String> {
        let mut sab = Saboteur::default();
        for w in words {
            let bad = |why: String| bad_option(lang, w, &why);
            match w.split_once('=') {
                Some(("order", "join")) => sab.join_order = true,
                Some(("order", "lot")) => sab.join_order = false,
                Some(("seed", v)) => {
                    let n = v
                        .parse()
                        .map_err(|_| bad(t(lang, "session-bad-number", &[])))?;
                    sab.seed = Some(n);
                }
                _ => return Err(bad(t(lang, "sab-options", &[]))),
            }
        }
        Ok(Box::new(sab))
    }

    /// A tournament counts the gold each seat won (Saboteur: Дележ золота), its own score.
    fn results(&self) -> Results {
        Results {
            kinds: vec![Worth::by_score("gold")],
            duel: false,
        }
    }

    fn load(&self, saved: &str) -> Result<Box<dyn Play>, serde_json::Error> {
        Ok(Box::new(serde_json::from_str::<Saboteur>(saved)?))
    }
}

/// One game of Saboteur: the game's part of a table.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Saboteur {
    /// Turns go in the order players joined, the first to join starting (otherwise by lot).
    #[serde(default)]
    pub join_order: bool,
    /// The shuffles' seed, when the players fixed one.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The rules engine, from the start.
    pub game: Option<Game>,
    /// Deadlines missed in a row, by seat.
    #[serde(default)]
    pub missed: Vec<u32>,
    /// The cell of the last path card laid, outlined on the map.
    #[serde(default)]
    pub last: Option<(i32, i32)>,
}

/// A seat's number as the rules engine counts players.
fn pid(seat: usize) -> PlayerId {
    PlayerId(seat as u8)
}

/// The engine's player's seat.
fn seat(p: PlayerId) -> usize {
    usize::from(p.0)
}

impl Play for Saboteur {
    fn clone_box(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }

    fn save(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    fn ruleset(&self) -> String {
        "standard".to_string()
    }

    fn begin(&mut self, cx: &mut Cx) {
        act::begin(self, cx);
    }

    fn group_text(&mut self, cx: &mut Cx, msg: &Inbound, text: &str) {
        act::typed(self, cx, msg, text);
    }

    fn private_text(&mut self, cx: &mut Cx, msg: &Inbound, text: &str) {
        act::typed(self, cx, msg, text);
    }

    fn turn_buttons(&self, cx: &Cx) -> Vec<Vec<(String, String)>> {
        buttons::group(self, cx)
    }

    fn free_press(&self, action: &str) -> bool {
        action == buttons::HAND
    }

    fn press(&mut self, cx: &mut Cx, msg: &Inbound, action: &str) {
        press::press(self, cx, msg, action);
    }

    fn waiting(&self, t: &Seating) -> Waiting {
        match (t.stage, self.game.as_ref().and_then(Game::to_move)) {
            (Stage::Playing, Some(p)) => Waiting::Turn(seat(p)),
            _ => Waiting::Nobody,
        }
    }

    fn round(&self) -> u32 {
        self.game.as_ref().map_or(0, |g| u32::from(g.round()))
    }

    fn is_out(&self, s: usize) -> bool {
        let game = self.game.as_ref();
        game.is_some_and(|g| g.players().get(s).is_some_and(|p| p.out))
    }

    fn missed(&self, s: usize) -> u32 {
        self.missed.get(s).copied().unwrap_or(0)
    }

    fn timeout(&mut self, cx: &mut Cx, s: usize, remove: bool) {
        act::timeout(self, cx, s, remove);
    }

    fn remove(&mut self, cx: &mut Cx, s: usize) {
        act::remove(self, cx, s);
    }

    fn unseated(&mut self, cx: &mut Cx, s: usize) {
        if self.game.is_some() {
            act::remove(self, cx, s);
        }
    }

    fn aborted(&mut self, cx: &mut Cx) {
        narrate::reveal_roles(self, cx);
    }

    fn private_status(&self, cx: &Cx, s: usize) -> String {
        narrate::private_status(self, cx.t, s)
    }

    fn status_lines(&self, t: &Seating) -> Option<String> {
        narrate::status_lines(self, t)
    }

    fn rules_text(&self, cx: &Cx) -> String {
        let lang = cx.t.lang;
        let mut text = t(lang, "sab-title", &[]);
        if self.join_order {
            text.push_str(", order=join");
        }
        if let Some(s) = self.seed {
            text.push_str(&format!(", seed={s}"));
        }
        text
    }

    fn help(&self, lang: Lang) -> String {
        t(lang, "sab-help", &[])
    }

    fn peek(&self, t: &Seating) -> Value {
        peek::state(self, t)
    }

    fn outcome(&self, t: &Seating) -> Option<Outcome> {
        let game = self.game.as_ref()?;
        let gold = game.outcome()?;
        let seats = (0..t.seats.len())
            .map(|i| {
                let mine = gold.get(i).copied().unwrap_or(0);
                // Ties share first place (Saboteur: «Завершение игры»).
                let place = 1 + gold.iter().filter(|&&g| g > mine).count() as u32;
                Placing {
                    place,
                    score: f64::from(mine),
                }
            })
            .collect();
        Some(Outcome {
            kind: "gold".to_string(),
            seats,
        })
    }
}

#[cfg(test)]
mod tests;

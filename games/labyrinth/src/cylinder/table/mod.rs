//! The cylinder game at a chat's table (`/newgame labyrinth cylinder`): what the session hosts
//! through its game seam ([`bot_core::session::game`]).
//!
//! Play has no turn order (seed 004): every player queues moves whenever he likes, in the group or
//! privately, and a time step runs as soon as every player in the game has a move queued. Players
//! with nothing queued are awaited until the step's deadline ([`Waiting::Each`]); then the step runs
//! without them, and they stand still. What happens is told to the group step by step; where each
//! player starts is told to him alone.

mod act;
mod narrate;
mod peek;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::game::CylGame;
use super::queue::Queue;
use crate::geometry::{BadSize, Size};
use crate::locale::t;
use bot_core::args;
use bot_core::i18n::Lang;
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Outcome, Placing, Play, Waiting};
use bot_core::session::table::{Seating, Stage};
use bot_core::session::text::bad_option;

/// The ruleset's name, which also marks a saved cylinder table.
pub const CODE: &str = "cylinder";

/// The board a generated cylinder maze has: "квадрат 8х8".
pub const DEFAULT_SIZE: (u8, u8) = (8, 8);

/// The narrowest side of a generated cylinder maze.
const MIN_SIDE: u8 = 4;

/// One example of each option `/newgame labyrinth cylinder` reads besides the session's clock.
pub const EXAMPLES: &[&str] = &[
    "size=8x8",
    "size=6x6",
    "plan=generated",
    "plan=own",
    "order=join",
    "order=lot",
    "seed=1",
];

/// One cylinder game: the game's part of a table.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CylTable {
    /// Always [`CODE`]: a saved table says which Labyrinth it is.
    pub code: String,
    /// `plan=own`: the opener is the master and sends the plan privately.
    pub own_plan: bool,
    /// The seed the players fixed, if any.
    pub seed: Option<u64>,
    /// The board of a generated maze.
    pub size: (u8, u8),
    /// The plan in play, as plan text (the master's secret).
    pub plan: Option<String>,
    /// A `plan=own` master's plan sent before `/begin`, checked and kept for it, as the other
    /// rulesets keep one.
    #[serde(default)]
    pub early_plan: Option<String>,
    /// The rules engine, from the start.
    pub game: Option<CylGame>,
    /// Each seat's queued moves.
    pub queues: Vec<Queue>,
    /// Seats whose deadline passed in this step: they stand still in it.
    pub idle: Vec<bool>,
    /// Deadlines missed in a row, by seat.
    pub missed: Vec<u32>,
    /// Seats taken out of the game.
    pub removed: Vec<bool>,
    /// `order=lot`: the order of moves within a step is drawn at the start (else the order of
    /// joining).
    #[serde(default)]
    pub lot: bool,
    /// The order of moves within a step, by seat.
    #[serde(default)]
    pub turns: Vec<usize>,
}

impl CylTable {
    /// A new table in its lobby, from `/newgame labyrinth cylinder`'s options.
    pub fn open(words: &[&str], lang: Lang) -> Result<CylTable, String> {
        let mut table = CylTable {
            code: CODE.to_string(),
            own_plan: false,
            seed: None,
            size: DEFAULT_SIZE,
            plan: None,
            early_plan: None,
            game: None,
            queues: vec![],
            idle: vec![],
            missed: vec![],
            removed: vec![],
            lot: false,
            turns: vec![],
        };
        for w in words {
            let bad = |why: String| bad_option(lang, w, &why);
            match w.split_once('=') {
                Some(("plan", "own")) => table.own_plan = true,
                Some(("plan", "generated")) => table.own_plan = false,
                Some(("order", "join")) => table.lot = false,
                Some(("order", "lot")) => table.lot = true,
                Some(("size", v)) => {
                    let size: Size = v.parse().map_err(|e: BadSize| bad(e.to_string()))?;
                    if size.is_3d() || size.width < MIN_SIDE || size.height < MIN_SIDE {
                        return Err(bad(t(
                            lang,
                            "cyl-size",
                            args![("min", u32::from(MIN_SIDE))],
                        )));
                    }
                    table.size = (size.width, size.height);
                }
                Some(("seed", v)) => {
                    table.seed = Some(
                        v.parse()
                            .map_err(|_| bad(t(lang, "session-bad-number", &[])))?,
                    )
                }
                _ => return Err(bad(t(lang, "cyl-options", &[]))),
            }
        }
        Ok(table)
    }

    fn active(&self, seat: usize) -> bool {
        !self.removed.get(seat).copied().unwrap_or(false)
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.players.get(seat).is_some_and(|r| r.at.is_some()))
    }

    /// Active seats with nothing queued and no deadline passed: those the step waits for.
    fn awaited(&self) -> Vec<usize> {
        (0..self.queues.len())
            .filter(|&s| self.active(s) && self.queues[s].moves.is_empty() && !self.idle[s])
            .collect()
    }
}

impl Play for CylTable {
    fn clone_box(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }

    fn save(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    fn ruleset(&self) -> String {
        CODE.to_string()
    }

    fn opener_plays(&self) -> bool {
        !self.own_plan
    }

    fn begin(&mut self, cx: &mut Cx) {
        act::begin(self, cx);
    }

    fn group_text(&mut self, cx: &mut Cx, msg: &Inbound, text: &str) {
        act::typed(self, cx, msg, text);
    }

    fn private_text(&mut self, cx: &mut Cx, msg: &Inbound, text: &str) {
        act::private(self, cx, msg, text);
    }

    fn turn_buttons(&self, _cx: &Cx) -> Vec<Vec<(String, String)>> {
        vec![]
    }

    fn press(&mut self, cx: &mut Cx, msg: &Inbound, action: &str) {
        act::typed(self, cx, msg, action);
    }

    fn waiting(&self, t: &Seating) -> Waiting {
        match t.stage {
            Stage::Playing if self.game.as_ref().is_some_and(|g| g.winner.is_none()) => {
                Waiting::Each(self.awaited())
            }
            _ => Waiting::Nobody,
        }
    }

    fn round(&self) -> u32 {
        self.game.as_ref().map_or(0, |g| g.step)
    }

    fn is_out(&self, seat: usize) -> bool {
        self.removed.get(seat).copied().unwrap_or(false)
    }

    fn missed(&self, seat: usize) -> u32 {
        self.missed.get(seat).copied().unwrap_or(0)
    }

    fn timeout(&mut self, cx: &mut Cx, seat: usize, remove: bool) {
        act::timeout(self, cx, seat, remove);
    }

    fn remove(&mut self, cx: &mut Cx, seat: usize) {
        act::remove(self, cx, seat);
    }

    fn unseated(&mut self, cx: &mut Cx, seat: usize) {
        act::unseated(self, cx, seat);
    }

    fn aborted(&mut self, cx: &mut Cx) {
        narrate::reveal(self, cx);
    }

    fn private_status(&self, cx: &Cx, seat: usize) -> String {
        narrate::private_status(self, cx.t, seat)
    }

    fn rules_text(&self, cx: &Cx) -> String {
        let lang = cx.t.lang;
        let mut text = t(lang, "cyl-rules", &[]);
        if self.own_plan {
            text.push_str("\nplan=own");
        }
        if let Some(seed) = self.seed {
            text.push_str(&format!("\nseed={seed}"));
        }
        text
    }

    fn help(&self, lang: Lang) -> String {
        t(lang, "cyl-help", &[])
    }

    fn peek(&self, t: &Seating) -> Value {
        peek::state(self, t)
    }

    fn outcome(&self, t: &Seating) -> Option<Outcome> {
        let winner = self.game.as_ref()?.winner?;
        let seats = (0..t.seats.len())
            .map(|s| {
                let won = s == usize::from(winner.0);
                Placing {
                    place: if won { 1 } else { 2 },
                    score: if won { 1.0 } else { 0.0 },
                }
            })
            .collect();
        Some(Outcome {
            kind: "treasure".to_string(),
            seats,
        })
    }
}

//! Hive at a chat's table: what the session hosts through its game seam
//! ([`bot_core::session::game`]). The rules engine's [`Game`], who plays which side (a person or the
//! bot), the clocks, offers of an undo or a draw, and how a game ended off the board.
//!
//! Everything in Hive is open: the group sees every move with the board as a picture, and the
//! player to move gets a button per piece he can play, then its destinations marked on the board.

mod act;
mod buttons;
mod narrate;
mod offer;
mod peek;
mod refusal;
mod view;
mod words;

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::locale::t;
use crate::{Bug, Color, Game, GameType, Options, State};
use bot_core::i18n::Lang;
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Kind, Outcome, Placing, Play, Waiting};
use bot_core::session::parse_duration;
use bot_core::session::table::{Seating, Stage};
use bot_core::session::text::bad_option;

pub use offer::Offer;

/// The game `/newgame hive` opens.
pub struct Hives;

/// The registered kind.
pub static KIND: Hives = Hives;

/// Options `/newgame hive` takes besides the session's clock.
const EXAMPLES: &[&str] = &[
    "opening=tournament",
    "pieces=mlp",
    "clock=1h",
    "vs=bot",
    "level=3",
    "color=white",
];

/// The bot's strength when `vs=bot` names none.
const DEFAULT_LEVEL: u8 = 3;

impl Kind for Hives {
    fn word(&self) -> &'static str {
        "hive"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["улей", "хайв"]
    }

    fn title(&self, lang: Lang) -> String {
        t(lang, "hive-title", &[])
    }

    fn rulesets(&self) -> Vec<&'static str> {
        vec!["base"]
    }

    fn ruleset_required(&self) -> bool {
        false
    }

    fn option_examples(&self) -> &'static [&'static str] {
        EXAMPLES
    }

    /// Seat 0 moves first.
    fn seat_order_options(&self) -> &'static [&'static str] {
        &["color=white"]
    }

    fn players(&self) -> RangeInclusive<usize> {
        2..=2
    }

    /// A game of two: the first missed deadline loses on time, unless `missed=N` says otherwise.
    fn missed_default(&self) -> u32 {
        1
    }

    fn open(&self, _ruleset: &str, words: &[&str], lang: Lang) -> Result<Box<dyn Play>, String> {
        let mut hive = Hive::default();
        for w in words {
            read_option(&mut hive, w, lang).map_err(|why| bad_option(lang, w, &why))?;
        }
        Ok(Box::new(hive))
    }

    fn load(&self, saved: &str) -> Result<Box<dyn Play>, serde_json::Error> {
        Ok(Box::new(serde_json::from_str::<Hive>(saved)?))
    }
}

/// One `key=value` of `/newgame hive` (a bare `tournament` too), or why it is refused.
fn read_option(hive: &mut Hive, word: &str, lang: Lang) -> Result<(), String> {
    let (k, v) = word.split_once('=').unwrap_or((word, ""));
    let v = v.to_lowercase();
    match (k.to_lowercase().as_str(), v.as_str()) {
        ("tournament", "") | ("opening", "tournament") => hive.tournament = true,
        ("opening", "book" | "standard") => hive.tournament = false,
        ("pieces" | "expansions" | "game" | "фишки", v) => {
            hive.game_type = game_type(v).ok_or_else(|| t(lang, "hive-bad-pieces", &[]))?;
        }
        (k, "") if expansion(k).is_some() => {
            let bug = expansion(k).expect("just seen");
            hive.game_type = with(hive.game_type, bug);
        }
        ("clock", v) => {
            let ms = parse_duration(v).filter(|&d| d > 0);
            hive.clock_ms = Some(ms.ok_or_else(|| t(lang, "session-bad-duration", &[]))?);
        }
        ("vs", "bot" | "бот" | "ai") => hive.bot = Some(hive.bot.unwrap_or(DEFAULT_LEVEL)),
        ("vs", "human" | "people") => hive.bot = None,
        ("level", v) => match v.parse::<u8>() {
            Ok(n @ 1..=5) => hive.bot = Some(n),
            _ => return Err(t(lang, "hive-bad-level", &[])),
        },
        ("color" | "colour", "white" | "белые" | "w") => hive.color = Some(Color::White),
        ("color" | "colour", "black" | "чёрные" | "черные" | "b") => {
            hive.color = Some(Color::Black)
        }
        ("color" | "colour", "random" | "lot") => hive.color = None,
        _ => return Err(t(lang, "hive-options", &[])),
    }
    Ok(())
}

/// The expansion a word names: its English or Russian name, or its UHP letter.
fn expansion(word: &str) -> Option<Bug> {
    match word {
        "m" | "mosquito" | "комар" => Some(Bug::Mosquito),
        "l" | "ladybug" | "божья-коровка" | "коровка" => Some(Bug::Ladybug),
        "p" | "pillbug" | "мокрица" => Some(Bug::Pillbug),
        _ => None,
    }
}

/// `game_type` with `bug` in the box too.
fn with(game_type: GameType, bug: Bug) -> GameType {
    GameType {
        mosquito: game_type.mosquito || bug == Bug::Mosquito,
        ladybug: game_type.ladybug || bug == Bug::Ladybug,
        pillbug: game_type.pillbug || bug == Bug::Pillbug,
    }
}

/// The game type `pieces=` names (lower-cased): `base`, the letters of the expansions (`mlp`,
/// `m+p`), a UHP game type (`base+ml`), or the pieces' names joined by commas.
fn game_type(v: &str) -> Option<GameType> {
    let v = v.strip_prefix("base").unwrap_or(v);
    let v = v.strip_prefix('+').unwrap_or(v);
    let mut game_type = GameType::BASE;
    let words: Vec<&str> = if v.contains(',') {
        v.split(',').collect()
    } else {
        v.split('+')
            .flat_map(|w| match expansion(w) {
                Some(_) => vec![w],
                None => w
                    .char_indices()
                    .map(|(i, c)| &w[i..i + c.len_utf8()])
                    .collect(),
            })
            .collect()
    };
    for w in words.into_iter().filter(|w| !w.is_empty()) {
        game_type = with(game_type, expansion(w.trim())?);
    }
    Some(game_type)
}

/// How a game ended off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// This side resigned (or left the game).
    Resigned(Color),
    /// This side's time ran out.
    Time(Color),
    /// Both agreed to a draw.
    Agreed,
}

/// One game of Hive: the game's part of a table.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Hive {
    /// No queen on either side's first placement (the rule of tournaments and of Mzinga).
    #[serde(default)]
    pub tournament: bool,
    /// The expansion pieces in the box (`Base` by default).
    #[serde(default)]
    pub game_type: GameType,
    /// Each side's whole time for the game, when a clock runs instead of a deadline per move.
    #[serde(default)]
    pub clock_ms: Option<i64>,
    /// The bot's level (1–5), when one of the sides is the bot.
    #[serde(default)]
    pub bot: Option<u8>,
    /// The colour the first seat asked for (otherwise by lot).
    #[serde(default)]
    pub color: Option<Color>,
    /// The rules engine, from the start.
    #[serde(default)]
    pub game: Option<Game>,
    /// Each side's seat, White's then Black's; `None` for the bot.
    #[serde(default)]
    pub sides: [Option<usize>; 2],
    /// Deadlines missed in a row, by seat.
    #[serde(default)]
    pub missed: Vec<u32>,
    /// Each side's time left on its clock (with `clock_ms`), White's then Black's.
    #[serde(default)]
    pub bank: [i64; 2],
    /// When the move now awaited began (unix ms), for the clock.
    #[serde(default)]
    pub since: i64,
    /// An undo or a draw offered and not yet answered.
    #[serde(default)]
    pub offer: Option<Offer>,
    /// How the game ended off the board, if it did.
    #[serde(default)]
    pub end: Option<End>,
}

impl Hive {
    /// The seat playing `color`, if a person plays it.
    pub(crate) fn seat_of(&self, color: Color) -> Option<usize> {
        self.sides[color.index()]
    }

    /// The colour seat `s` plays.
    pub(crate) fn color_of(&self, s: usize) -> Option<Color> {
        Color::ALL.into_iter().find(|c| self.seat_of(*c) == Some(s))
    }

    /// Whether the game goes on: begun, not won, drawn, resigned or lost on time.
    pub(crate) fn running(&self) -> bool {
        let on_board = self.game.as_ref().map(Game::state);
        self.end.is_none() && matches!(on_board, Some(State::InProgress | State::NotStarted))
    }

    /// The engine's options for these table options.
    fn options(&self) -> Options {
        Options {
            tournament: self.tournament,
            game_type: self.game_type,
        }
    }

    /// The winner, if there is one; `Some(None)` for a draw; `None` while the game goes on.
    pub(crate) fn winner(&self) -> Option<Option<Color>> {
        match self.end {
            Some(End::Resigned(c) | End::Time(c)) => return Some(Some(c.other())),
            Some(End::Agreed) => return Some(None),
            None => {}
        }
        match self.game.as_ref()?.state() {
            State::WhiteWins => Some(Some(Color::White)),
            State::BlackWins => Some(Some(Color::Black)),
            State::Draw => Some(None),
            State::NotStarted | State::InProgress => None,
        }
    }
}

impl Play for Hive {
    fn clone_box(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }

    fn save(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    fn ruleset(&self) -> String {
        "base".to_string()
    }

    fn seats(&self) -> Option<RangeInclusive<usize>> {
        self.bot.map(|_| 1..=1)
    }

    fn turn_time(&self, _t: &Seating, now: i64) -> Option<i64> {
        self.clock_ms?;
        let side = self.game.as_ref()?.to_move();
        // The clock started when the move began; a restart (a resume, a warning) keeps what is
        // left, not a fresh bank.
        let spent = (now - self.since).max(0);
        Some((self.bank[side.index()] - spent).max(1))
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
        offer::is_answer(action)
    }

    fn press(&mut self, cx: &mut Cx, msg: &Inbound, action: &str) {
        buttons::press(self, cx, msg, action);
    }

    fn waiting(&self, t: &Seating) -> Waiting {
        let side = self.game.as_ref().map(Game::to_move);
        match (t.stage, side.and_then(|c| self.seat_of(c))) {
            (Stage::Playing, Some(s)) if self.running() => Waiting::Turn(s),
            _ => Waiting::Nobody,
        }
    }

    fn round(&self) -> u32 {
        self.game.as_ref().map_or(0, Game::turn)
    }

    fn is_out(&self, _seat: usize) -> bool {
        false
    }

    fn missed(&self, s: usize) -> u32 {
        self.missed.get(s).copied().unwrap_or(0)
    }

    fn timeout(&mut self, cx: &mut Cx, s: usize, remove: bool) {
        act::timeout(self, cx, s, remove);
    }

    fn remove(&mut self, cx: &mut Cx, s: usize) {
        act::resign(self, cx, s);
    }

    fn unseated(&mut self, _cx: &mut Cx, _seat: usize) {
        // Hive has no setup between the lobby and play.
    }

    fn aborted(&mut self, _cx: &mut Cx) {
        // Nothing is hidden in Hive: there is nothing to reveal.
    }

    fn private_status(&self, cx: &Cx, s: usize) -> String {
        narrate::private_status(self, cx.t, s)
    }

    fn status_lines(&self, t: &Seating) -> Option<String> {
        narrate::status_lines(self, t)
    }

    fn rules_text(&self, cx: &Cx) -> String {
        narrate::rules(self, cx.t.lang)
    }

    fn help(&self, lang: Lang) -> String {
        t(lang, "hive-help", &[])
    }

    fn peek(&self, t: &Seating) -> Value {
        peek::state(self, t)
    }

    fn outcome(&self, t: &Seating) -> Option<Outcome> {
        let winner = self.winner()?;
        let placing = |s: usize| {
            let mine = self.color_of(s);
            match winner {
                None => Placing {
                    place: 1,
                    score: 0.5,
                },
                Some(w) if mine == Some(w) => Placing {
                    place: 1,
                    score: 1.0,
                },
                Some(_) => Placing {
                    place: 2,
                    score: 0.0,
                },
            }
        };
        let kind = match winner {
            Some(_) => "win",
            None => "draw",
        };
        Some(Outcome {
            kind: kind.to_string(),
            seats: (0..t.seats.len()).map(placing).collect(),
        })
    }
}

#[cfg(test)]
mod tests;

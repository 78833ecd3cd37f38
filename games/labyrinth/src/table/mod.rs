//! The Labyrinth at a chat's table: what the session hosts through its game seam
//! ([`bot_core::session::game`]). The options agreed at `/newgame`, the plan, the start cells, the rules
//! engine's [`Game`] once started, each player's path, and the master's words for all of it.

mod chatter;
mod fault;
mod names;
mod options;
mod paths;
pub mod peek;
mod play;
mod queue;
mod reveal;
mod rules;
mod saved;
mod setup;
mod tell;
#[cfg(test)]
mod tests;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::cylinder;
use crate::cylinder::table::CylTable;
use crate::game::event::End;
use crate::game::parse::{ParseError, Request, parse_request, parse_request_on_levels};
use crate::game::{Game, Phase, PlayerId};
use crate::geometry::Coord;
use crate::locale::t;
use crate::ruleset::Ruleset;
use bot_core::i18n::Lang;
use bot_core::session::chat::Inbound;
use bot_core::session::game::{Cx, Kind, Outcome, Placing, Play, Waiting};
use bot_core::session::table::{Seating, Stage};
use bot_core::tournament::{Results, Worth};

pub use options::Options;

/// The game `/newgame labyrinth` opens.
pub struct Labyrinths;

/// The registered kind.
pub static KIND: Labyrinths = Labyrinths;

/// The fewest players a game starts with: the Labyrinth is a game against rivals (Б §1.1).
const MIN_PLAYERS: usize = 2;
/// The most players at one table (the generator's limit).
pub const MAX_SEATS: usize = 8;

impl Kind for Labyrinths {
    fn word(&self) -> &'static str {
        "labyrinth"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["лабиринт"]
    }

    fn title(&self, lang: Lang) -> String {
        t(lang, "labyrinth-title", &[])
    }

    fn rulesets(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = Ruleset::PRESETS.iter().map(|(name, _)| *name).collect();
        names.push(cylinder::table::CODE);
        names
    }

    fn option_examples(&self) -> &'static [&'static str] {
        options::EXAMPLES
    }

    fn ruleset_examples(&self, ruleset: &str) -> &'static [&'static str] {
        if ruleset.eq_ignore_ascii_case(cylinder::table::CODE) {
            cylinder::table::EXAMPLES
        } else {
            options::EXAMPLES
        }
    }

    /// Seat 0 moves first.
    fn seat_order_options(&self) -> &'static [&'static str] {
        &["order=join"]
    }

    fn players(&self) -> std::ops::RangeInclusive<usize> {
        MIN_PLAYERS..=MAX_SEATS
    }

    fn open(&self, ruleset: &str, words: &[&str], lang: Lang) -> Result<Box<dyn Play>, String> {
        if ruleset.eq_ignore_ascii_case(cylinder::table::CODE) {
            return Ok(Box::new(CylTable::open(words, lang)?));
        }
        Ok(Box::new(options::read(ruleset, words, lang)?))
    }

    /// A tournament rewards carrying the treasure out above outlasting everyone, and both above a
    /// draw (Б §3.5: the last one standing wins, but less than by the treasure).
    fn results(&self) -> Results {
        Results {
            kinds: vec![
                Worth::new("treasure", "treasure", 3.0),
                Worth::new("last-standing", "last", 2.0).alias("last-standing"),
                Worth::new("draw", "draw", 1.0),
            ],
            duel: false,
        }
    }

    fn load(&self, saved: &str) -> Result<Box<dyn Play>, serde_json::Error> {
        if is_cylinder(saved)? {
            return Ok(Box::new(serde_json::from_str::<CylTable>(saved)?));
        }
        Ok(Box::new(serde_json::from_str::<Labyrinth>(saved)?))
    }

    /// Tables saved before the seam kept the turn clock among the Labyrinth's options.
    fn upgrade(&self, saved: &mut Map<String, Value>) {
        let Some(Value::Object(options)) = saved.get("options").cloned() else {
            return;
        };
        for key in ["deadline_ms", "missed"] {
            if let (false, Some(v)) = (saved.contains_key(key), options.get(key)) {
                saved.insert(key.to_string(), v.clone());
            }
        }
    }
}

/// Whether a saved Labyrinth table is a cylinder's, which says so in its code. Tables this version
/// saved begin with their code; others (an earlier version's, a file edited by hand) are read for
/// it, the rest skipped.
fn is_cylinder(saved: &str) -> Result<bool, serde_json::Error> {
    if let Some(code) = saved.strip_prefix(r#"{"code":""#) {
        return Ok(code
            .strip_prefix(cylinder::table::CODE)
            .is_some_and(|rest| rest.starts_with('"')));
    }
    #[derive(Deserialize)]
    struct Code<'a> {
        #[serde(borrow)]
        code: Option<std::borrow::Cow<'a, str>>,
    }
    let Code { code } = serde_json::from_str(saved)?;
    Ok(code.as_deref() == Some(cylinder::table::CODE))
}

/// One game of Labyrinth: the game's part of a table. Saved as [`saved`] says: the rules once.
#[derive(Clone, Debug, Deserialize)]
#[serde(try_from = "saved::Read")]
pub struct Labyrinth {
    /// `classic` or `quantum`.
    pub code: String,
    /// The rules with the agreed options.
    pub rules: Ruleset,
    /// What `/newgame` agreed on besides the ruleset's own options.
    pub options: Options,
    /// The plan in play, as plan text (the master's secret); none while the master is awaited.
    pub plan: Option<String>,
    /// A `plan=own` master's plan sent before `/begin`, checked and kept for it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub early_plan: Option<String>,
    /// Start cells chosen so far, by seat.
    pub picks: Vec<Option<Coord>>,
    /// The rules engine, from the start.
    pub game: Option<Game>,
    /// Every cell each player stood on, by seat, for the final picture.
    pub paths: Vec<Vec<Coord>>,
    /// The last public answer to each player's order (Б §6.3 "repeat the last move").
    pub last_moves: Vec<Option<String>>,
    /// Queued play (`queue=on`): each seat's turns sent ahead.
    pub queued: queue::Queues,
    /// The player's turn in whose course his chatter was last answered (the turn count and his
    /// seat, see `chatter::moment`): once a turn.
    pub chatter_answered: Option<u64>,
}

impl Labyrinth {
    /// Levels of the maze: the game's board once it is set up, else the agreed size's.
    pub fn levels(&self) -> u8 {
        self.game
            .as_ref()
            .map_or(self.options.levels, |g| g.board().size().levels)
    }

    /// Reads a player's message as this maze's orders: in a maze of levels "вверх" and "вниз" climb
    /// (the encyclopedia's modification 12).
    pub fn parse(&self, text: &str) -> Result<Request, ParseError> {
        if self.levels() > 1 {
            parse_request_on_levels(text)
        } else {
            parse_request(text)
        }
    }

    /// A new game in its lobby.
    pub fn new(code: &str, rules: Ruleset, options: Options) -> Labyrinth {
        Labyrinth {
            code: code.to_string(),
            rules,
            options,
            plan: None,
            early_plan: None,
            picks: vec![],
            game: None,
            paths: vec![],
            last_moves: vec![],
            queued: queue::Queues::default(),
            chatter_answered: None,
        }
    }

    /// Records where every player stands now, for the final picture of paths.
    pub fn track(&mut self, seats: usize) {
        let Some(game) = &self.game else { return };
        self.paths.resize(seats, vec![]);
        for (i, path) in self.paths.iter_mut().enumerate() {
            let at = game.player(PlayerId(i as u8)).and_then(|p| match p.place {
                crate::game::state::Place::In(c) => Some(c),
                _ => None,
            });
            if let Some(c) = at
                && path.last() != Some(&c)
            {
                path.push(c);
            }
        }
    }
}

/// A seat's number as the rules engine counts players.
fn pid(seat: usize) -> PlayerId {
    PlayerId(seat as u8)
}

impl Play for Labyrinth {
    fn clone_box(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }

    fn save(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    fn ruleset(&self) -> String {
        self.code.clone()
    }

    fn opener_plays(&self) -> bool {
        !self.options.own_plan
    }

    fn begin(&mut self, cx: &mut Cx) {
        setup::begin(self, cx);
    }

    fn group_text(&mut self, cx: &mut Cx, msg: &Inbound, text: &str) {
        play::group_text(self, cx, msg, text);
    }

    fn private_text(&mut self, cx: &mut Cx, msg: &Inbound, text: &str) {
        setup::private_text(self, cx, msg, text);
    }

    fn turn_buttons(&self, cx: &Cx) -> Vec<Vec<(String, String)>> {
        play::turn_buttons(self, cx)
    }

    /// One's status at any time; in queued play every button, which queues its order.
    fn free_press(&self, action: &str) -> bool {
        action == "status" || self.options.queue
    }

    fn press(&mut self, cx: &mut Cx, msg: &Inbound, action: &str) {
        play::press(self, cx, msg, action);
    }

    /// In setup, the players who have not chosen their start cells yet (Б §6.1: they choose at
    /// once, privately); in play, the player whose turn it is; in queued play, everyone the round
    /// still waits for, until the round's deadline.
    fn waiting(&self, t: &Seating) -> Waiting {
        match t.stage {
            Stage::Setup if self.plan.is_some() => {
                let left = (self.picks.iter().enumerate())
                    .filter(|(_, p)| p.is_none())
                    .map(|(i, _)| i);
                Waiting::Each(left.collect())
            }
            Stage::Playing if self.options.queue => match queue::awaited(self) {
                seats if seats.is_empty() => Waiting::Nobody,
                seats => Waiting::Each(seats),
            },
            Stage::Playing => match self.game.as_ref().and_then(Game::current) {
                Some(p) => Waiting::Turn(usize::from(p.0)),
                None => Waiting::Nobody,
            },
            _ => Waiting::Nobody,
        }
    }

    /// In queued play too, the player whose turn it is while the round waits for him: his are the
    /// buttons under the round's message, and an admin's `/skip`.
    fn current(&self, t: &Seating) -> Option<usize> {
        match self.waiting(t) {
            Waiting::Turn(s) => Some(s),
            Waiting::Each(seats) if self.options.queue && t.stage == Stage::Playing => {
                let cur = self.game.as_ref().and_then(Game::current)?;
                seats
                    .contains(&usize::from(cur.0))
                    .then_some(usize::from(cur.0))
            }
            _ => None,
        }
    }

    fn round(&self) -> u32 {
        self.game.as_ref().map_or(0, Game::round)
    }

    /// Dead or removed, once play began (before it, nobody is in the maze and nobody is out).
    fn is_out(&self, seat: usize) -> bool {
        let started = |g: &&Game| !g.turn_order().is_empty();
        self.game
            .as_ref()
            .filter(started)
            .is_some_and(|g| !g.active(pid(seat)))
    }

    fn missed(&self, seat: usize) -> u32 {
        let game = self.game.as_ref();
        game.and_then(|g| g.player(pid(seat)))
            .map_or(0, |p| p.missed)
    }

    fn timeout(&mut self, cx: &mut Cx, seat: usize, remove: bool) {
        match cx.t.stage {
            Stage::Setup => setup::start_for(self, cx, seat),
            _ if self.options.queue => {
                queue::lapse(self, cx.t.seats.len(), seat, remove);
                queue::advance(self, cx);
            }
            _ => play::timeout(self, cx, pid(seat), remove),
        }
    }

    fn remove(&mut self, cx: &mut Cx, seat: usize) {
        queue::leave(self, seat);
        play::remove(self, cx, pid(seat));
        if self.options.queue {
            queue::advance(self, cx);
        }
    }

    fn unseated(&mut self, cx: &mut Cx, seat: usize) {
        setup::unseated(self, cx, seat);
    }

    fn aborted(&mut self, cx: &mut Cx) {
        tell::reveal_to_group(self, cx);
    }

    fn private_status(&self, cx: &Cx, seat: usize) -> String {
        play::status_text(self, pid(seat), cx.t.seats[seat].lang)
    }

    fn rules_text(&self, cx: &Cx) -> String {
        rules::rules_text(self, cx.t)
    }

    /// The code's own rules first (a turn, a shot, a wound differ between the codes), then the
    /// commands every Labyrinth shares.
    fn help(&self, lang: Lang) -> String {
        let code = rules::code_word(self.rules.code);
        let intro = t(lang, "lab-help-intro", bot_core::args![("code", code)]);
        format!("{intro}\n{}", t(lang, "lab-help", &[]))
    }

    fn peek(&self, t: &Seating) -> Value {
        peek::state(self, t)
    }

    fn outcome(&self, t: &Seating) -> Option<Outcome> {
        let Some(Phase::Over(end)) = self.game.as_ref().map(Game::phase) else {
            return None;
        };
        Some(outcome(self, t, end))
    }
}

/// Places and scores: the winner first; in a draw, everyone still in the game shares the first
/// place and the rest the last (Б §3.5: the last one standing wins, but less than by the treasure).
fn outcome(lab: &Labyrinth, t: &Seating, end: End) -> Outcome {
    let n = t.seats.len();
    let (kind, winner) = match end {
        End::Treasure(p) | End::MostTreasures(p) => ("treasure", Some(p)),
        End::LastStanding(p) => ("last-standing", Some(p)),
        End::DrawTreasureLost
        | End::DrawAllSkipped
        | End::DrawNstop
        | End::DrawNobodyLeft
        | End::DrawTreasuresShared => ("draw", None),
    };
    let seats = (0..n)
        .map(|i| {
            let won = winner == Some(pid(i));
            let drew = winner.is_none() && !lab.is_out(i);
            match (won, drew) {
                (true, _) => Placing {
                    place: 1,
                    score: 1.0,
                },
                (_, true) => Placing {
                    place: 1,
                    score: 0.5,
                },
                _ => Placing {
                    place: 2,
                    score: 0.0,
                },
            }
        })
        .collect();
    Outcome {
        kind: kind.to_string(),
        seats,
    }
}

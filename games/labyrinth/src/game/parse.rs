//! Reading what players type in chat (Kodex Б §2.1, §5, §6; Kodex В §2.1, §5.5), in Russian or English
//! or both at once: "иду вверх, затем стреляю влево", "go up then shoot left", "/move up".
//!
//! The parser translates faithfully and judges nothing: an order of two movements parses, and the
//! engine refuses it. It never panics and reads at most [`MAX_WORDS`] words.
//!
//! Conventions where chat phrasing is ambiguous:
//! - A bare direction ("вверх", "up") is a movement. Right after a shot or a blast joined by a plain
//!   "и"/"and" it repeats that action instead: "стреляю влево и вправо" is two shots, while
//!   "стреляю влево, потом вверх" is a shot and a movement.
//! - One-letter directions: `л` `п` `н` and `l` `r` `u` `d` anywhere a direction fits; `в` ("вверх")
//!   only as a whole phrase ("в", "иду вправо, в"), since elsewhere it is the preposition ("стреляю в
//!   Анну"): "стреляю в" is an error, not a shot upward.
//! - A thing thrown with no direction, or put down with none, is left on the player's cell (Б §2.1:
//!   "положить (бросить) имущество … можно на ту клетку, где находится игрок"); put with a direction it
//!   is thrown there. "Кладу мину" leaves the mine unarmed; "ставлю / взвожу мину" arms it (Б §5.7).
//! - Bullets and grenades without a number are one if the noun is singular ("пулю"); a plural
//!   without a number ("пули") asks how many.
//! - A condition ("если …", "if …") governs the actions after it up to the next condition, "иначе"
//!   (only after a wall condition), "в любом случае" / "anyway", or the end of the message.
//! - Whether to tell the result, which treasure to carry and refilling apply to the whole turn,
//!   wherever they are said. A treasure choice or "не пополнять" may stand alone under a condition
//!   ("если найду клад, беру новый": the same thing); "результат не сообщать" may not.
//! - A message that is only a treasure choice ("беру второй снизу") answers the master's question of
//!   Б §5.8: [`Request::Choose`]. Other settings alone make an order with no actions, for the engine
//!   to refuse.

mod grammar;
mod lexicon;
mod token;

#[cfg(test)]
mod tests;

use std::fmt;
use std::ops::Range;

use super::PlayerId;
use super::order::{Action, Order, Part, Pick};
use crate::geometry::Coord;
use bot_core::args;
use bot_core::i18n::{Lang, Localize};

pub use token::MAX_WORDS;

/// What a player's message asks of the master.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A turn (Kodex Б §2.1, В §2.1), maybe naming target players still to be found.
    Order(ParsedOrder),
    /// "Сколько у меня пуль и гранат?" (Б §6.4).
    Status,
    /// A wounded player's new cell (Б §5.5).
    Reorder(Coord),
    /// The answer to "which treasure?" when several are at hand (Б §5.8), said on its own.
    Choose(Pick),
    /// "Repeat the last move of player X" (Б §6.3): the name as typed, or `None` for the last move made.
    LastMove(Option<String>),
    /// How to write orders.
    Help,
}

/// An order whose §7.3 named targets are still names: only the session knows who is who.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedOrder {
    /// The order, with every shot's `target` left `None`.
    pub order: Order,
    /// The named targets of shots, in order.
    pub targets: Vec<NamedTarget>,
}

/// "Стреляю вправо в Анну на C3" (Kodex Б §7.3): the target named in a shot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedTarget {
    /// Which action is the shot: its index in [`Order::actions`].
    pub action: usize,
    /// The player's name as typed, in any grammatical case ("Анну"): matching it is the caller's.
    pub name: String,
    /// The cell the shooter says the target stands on.
    pub cell: Coord,
}

/// A target name that matches no player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlayer(pub String);

impl ParsedOrder {
    /// The order with its named targets filled in by `find`, which maps a name to a player.
    pub fn resolve(
        self,
        mut find: impl FnMut(&str) -> Option<PlayerId>,
    ) -> Result<Order, UnknownPlayer> {
        let mut order = self.order;
        for t in self.targets {
            let who = find(&t.name).ok_or_else(|| UnknownPlayer(t.name.clone()))?;
            if let Some(Action::Shoot { target, .. }) = nth_action(&mut order, t.action) {
                *target = Some((who, t.cell));
            }
        }
        Ok(order)
    }
}

/// The `n`-th action of an order, counted as [`Order::actions`] does.
fn nth_action(order: &mut Order, n: usize) -> Option<&mut Action> {
    order
        .parts
        .iter_mut()
        .flat_map(|p| match p {
            Part::Do(a) => std::slice::from_mut(a),
            Part::If(_, actions) => actions.as_mut_slice(),
        })
        .nth(n)
}

impl Localize for UnknownPlayer {
    fn localize(&self, lang: Lang) -> String {
        crate::locale::messages(lang).text("orders-unknown-player", args![("name", self.0.clone())])
    }
}

/// Parses one chat message. Case-insensitive, both languages (even mixed), tolerant of punctuation,
/// `ё`/`е`, extra spaces, a leading bot mention or slash command (`/move@bot up`).
pub fn parse_request(text: &str) -> Result<Request, ParseError> {
    grammar::parse(text, false)
}

/// Parses one chat message in a maze of levels (the encyclopedia's modification 12), where "вверх"
/// and "вниз" ("up", "down") climb between levels and "вперед", "назад" ("forward", "back", "north",
/// "south") go along a level. Otherwise as [`parse_request`].
pub fn parse_request_on_levels(text: &str) -> Result<Request, ParseError> {
    grammar::parse(text, true)
}

/// The longest quotation of the player's words in an error, in characters.
const QUOTE_CHARS: usize = 40;

/// Where in the message a problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct At {
    /// The word or words as typed, shortened to 40 characters and an ellipsis.
    pub text: String,
    /// The 1-based number of the (first) word in the message, counting mentions and commands.
    pub word: usize,
    /// Char offsets of the words in the message.
    pub chars: Range<usize>,
}

/// What the player should have written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// Go, shoot, blow, throw, leave, set a mine, skip.
    Action,
    /// Where to move.
    Direction,
    /// Where to shoot.
    Aim,
    /// Which wall to blow.
    WallSide,
    /// A thing, maybe with a number.
    Thing,
    /// A condition of Б §6.5.
    Condition,
    /// A cell name.
    Cell,
    /// The cell of a named target (§7.3).
    TargetCell,
    /// Which treasure (Б §5.8).
    Pick,
    /// What to tell of a dark or half-dark move (Б §6.7–§6.8).
    LightMode,
    /// What follows "не" / "no".
    Negation,
    /// The knife or the feet, after "бью" (encyclopedia).
    Weapon,
    /// Nothing more.
    End,
}

impl Expected {
    fn id(self) -> &'static str {
        match self {
            Expected::Action => "orders-expected-action",
            Expected::Direction => "orders-expected-direction",
            Expected::Aim => "orders-expected-aim",
            Expected::WallSide => "orders-expected-wall-side",
            Expected::Thing => "orders-expected-thing",
            Expected::Condition => "orders-expected-condition",
            Expected::Cell => "orders-expected-cell",
            Expected::TargetCell => "orders-expected-target-cell",
            Expected::Pick => "orders-expected-pick",
            Expected::LightMode => "orders-expected-light",
            Expected::Negation => "orders-expected-negation",
            Expected::Weapon => "orders-expected-weapon",
            Expected::End => "orders-expected-end",
        }
    }
}

/// What went wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No words at all.
    Empty,
    /// More than `cap` words.
    TooLong {
        /// The cap, [`MAX_WORDS`].
        cap: usize,
    },
    /// A word that does not fit here.
    NotUnderstood(Expected),
    /// The message stops, or a phrase ends, where more was needed.
    Missing(Expected),
    /// A plural without a number ("бросаю пули").
    HowMany,
    /// A number no count can be.
    NumberTooBig,
    /// A number of things a player carries one of ("2 клада", Б §5.1).
    OnlyOne,
    /// "Если не найду клад": only a wall condition can be negated (Б §6.5 has no others).
    NegatedCondition,
    /// "Иначе" after a condition that has no opposite.
    ElseNeedsWall,
}

/// What was not understood, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    problem: Problem,
    at: Option<At>,
}

impl ParseError {
    fn new(problem: Problem, at: Option<At>) -> ParseError {
        ParseError { problem, at }
    }

    /// What went wrong.
    pub fn problem(&self) -> Problem {
        self.problem
    }

    /// The offending words; `None` only for an empty or too long message.
    pub fn at(&self) -> Option<&At> {
        self.at.as_ref()
    }
}

impl Localize for ParseError {
    fn localize(&self, lang: Lang) -> String {
        let m = crate::locale::messages(lang);
        let (word, n) = self
            .at
            .as_ref()
            .map_or((String::new(), 0), |a| (a.text.clone(), a.word));
        let with = |id: &str, expected: Option<Expected>| {
            let expected = expected.map_or(String::new(), |e| m.text(e.id(), &[]));
            m.text(
                id,
                args![("word", word.clone()), ("n", n), ("expected", expected)],
            )
        };
        match self.problem {
            Problem::Empty => m.text("orders-empty", &[]),
            Problem::TooLong { cap } => m.text("orders-too-long", args![("cap", cap)]),
            Problem::NotUnderstood(e) => with("orders-not-understood", Some(e)),
            Problem::Missing(e) => with("orders-missing", Some(e)),
            Problem::HowMany => with("orders-how-many", None),
            Problem::NumberTooBig => with("orders-number-too-big", None),
            Problem::OnlyOne => with("orders-only-one", None),
            Problem::NegatedCondition => with("orders-negated-condition", None),
            Problem::ElseNeedsWall => with("orders-else-needs-wall", None),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

impl std::error::Error for ParseError {}

//! The seam between the session and the games it hosts.
//!
//! The session owns what every game shares: the lobby, the seats, the stage of a table, the turn
//! clock, the admin commands, the status card, routing, storage and the outbox. A game owns its
//! options, its setup, how it reads orders and button presses, what it tells whom, its peek state,
//! its pictures and its outcome. A game is a [`Kind`] (what `/newgame` opens) whose tables are
//! [`Play`] values; the session reaches every game only through these two traits, and the games are
//! listed once, in the [`Registry`](super::Registry) the binary that wires the bot hands over.

use std::fmt::Debug;
use std::ops::RangeInclusive;

use serde_json::{Map, Value};

use crate::i18n::Lang;
use crate::store::NewOrder;

use super::chat::{Button, Inbound, Payload};
pub use super::outcome::{Outcome, Placing, Results, Worth};
use super::seating::{Seating, Stage, mix};

/// A kind of game the session can host: what `/newgame WORD` opens.
pub trait Kind: Send + Sync + 'static {
    /// The word `/newgame` takes and the store files the game under.
    fn word(&self) -> &'static str;
    /// Other spellings `/newgame` accepts (in another language).
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    /// The game's name as players read it, in `lang`.
    fn title(&self, lang: Lang) -> String;
    /// The rulesets `/newgame WORD RULESET` accepts, the default first.
    fn rulesets(&self) -> Vec<&'static str>;
    /// Whether `/newgame WORD` must name a ruleset (otherwise the first is taken).
    fn ruleset_required(&self) -> bool {
        self.rulesets().len() > 1
    }
    /// Examples of the game's own `key=value` options, for a platform's suggestions.
    fn option_examples(&self) -> &'static [&'static str];
    /// The examples a ruleset reads, when its options differ from the kind's other rulesets'; by
    /// default all of them.
    fn ruleset_examples(&self, ruleset: &str) -> &'static [&'static str] {
        let _ = ruleset;
        self.option_examples()
    }
    /// The options that make the seats' order the order of play (seat 0 first), for a table whose
    /// seats someone else ordered: a tournament's pairing balances who moves first.
    fn seat_order_options(&self) -> &'static [&'static str] {
        &[]
    }
    /// How many players a table seats.
    fn players(&self) -> RangeInclusive<usize>;
    /// Missed deadlines in a row before a player is out, unless `/newgame` says `missed=`: in a
    /// game of two, 1 is a loss on time.
    fn missed_default(&self) -> u32 {
        super::seating::DEFAULT_MISSED
    }
    /// A new table in its lobby, from the ruleset and the game's own options as typed (the
    /// session has taken its own: `deadline`, `missed`); or why they are refused, in `lang`.
    fn open(&self, ruleset: &str, options: &[&str], lang: Lang) -> Result<Box<dyn Play>, String>;
    /// A table as [`Play::save`] wrote it (a JSON object).
    fn load(&self, saved: &str) -> Result<Box<dyn Play>, serde_json::Error>;
    /// The kinds of result its outcomes carry and what each is worth in a tournament by default
    /// (the keys a director may change); by default a game of two that counts like chess.
    fn results(&self) -> Results {
        Results::duel()
    }
    /// Brings a table saved by an earlier version to today's form, before it is read: the whole
    /// saved object, the session's part included.
    fn upgrade(&self, saved: &mut Map<String, Value>) {
        let _ = saved;
    }
}

/// The prefix of a turn button's data after the game's number: `#<game> !<turn number> <action>`.
pub(crate) const PRESS: char = '!';

/// The data of a turn button: it names the game and the turn, so that a press after either moved
/// on does nothing.
pub(crate) fn press_data(game: i64, turn: u64, action: &str) -> String {
    format!("#{game} {PRESS}{turn} {action}")
}

/// Whom a table waits for, and how: the turn models of every game. The session runs the clock for
/// all but [`Waiting::Nobody`] and [`Waiting::Free`], reminds those awaited, and when time runs out
/// hands the game [`Play::timeout`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// Nobody: the lobby, a setup step without a clock (a master's plan), the end.
    Nobody,
    /// One seat in turn order, in the open: most games' moves.
    Turn(usize),
    /// One seat choosing privately, out of turn order (a share of the spoils).
    Private(usize),
    /// Several seats choosing privately at once, each until the one deadline (secret starting
    /// positions).
    Each(Vec<usize>),
    /// Anyone at any time: orders are queued and the game decides when they happen.
    Free,
}

impl Waiting {
    /// The seats awaited.
    pub fn seats(&self) -> Vec<usize> {
        match self {
            Waiting::Nobody | Waiting::Free => vec![],
            Waiting::Turn(s) | Waiting::Private(s) => vec![*s],
            Waiting::Each(seats) => seats.clone(),
        }
    }

    /// Whether a clock runs for it.
    pub fn timed(&self) -> bool {
        !matches!(self, Waiting::Nobody | Waiting::Free)
    }
}

/// One table of a game, in the session's hands. Every method is handed a [`Cx`] with the
/// session's part of the table and the effects of the input being handled.
pub trait Play: Send + Sync + Debug {
    /// A copy (the session caches running tables).
    fn clone_box(&self) -> Box<dyn Play>;
    /// The table's own part, to store, as a JSON object; [`Kind::load`] reads it back.
    fn save(&self) -> Result<String, serde_json::Error>;
    /// The ruleset's name, as the lobby and `/games` show it.
    fn ruleset(&self) -> String;
    /// Whether the opener takes a seat (not when he is the game's master).
    fn opener_plays(&self) -> bool {
        true
    }
    /// How many people this table seats, when its options change the kind's count (a game
    /// against the bot seats one).
    fn seats(&self) -> Option<RangeInclusive<usize>> {
        None
    }
    /// The time the awaited seat has for this turn, when the game keeps its own clock (a time
    /// bank for each side) instead of the table's deadline for every turn.
    fn turn_time(&self, t: &Seating, now: i64) -> Option<i64> {
        let _ = (t, now);
        None
    }
    /// `/begin`: the lobby closed with enough players. The game sets itself up (the stage becomes
    /// [`Stage::Setup`] or [`Stage::Playing`]) or says why it cannot.
    fn begin(&mut self, cx: &mut Cx);
    /// A text (or a command the session does not know) in the group.
    fn group_text(&mut self, cx: &mut Cx, msg: &Inbound, text: &str);
    /// A text (or a command the session does not know) written privately by someone of this
    /// table: a seated player, or the opener.
    fn private_text(&mut self, cx: &mut Cx, msg: &Inbound, text: &str);
    /// The buttons under the group's message that opens a turn: label and action.
    fn turn_buttons(&self, cx: &Cx) -> Vec<Vec<(String, String)>>;
    /// Whether a turn button's action may be pressed by any player at any time (one's status).
    fn free_press(&self, action: &str) -> bool {
        let _ = action;
        false
    }
    /// A turn button pressed by a seated player, checked by the session to be fresh and his to
    /// press.
    fn press(&mut self, cx: &mut Cx, msg: &Inbound, action: &str);
    /// Whom the table waits for now.
    fn waiting(&self, t: &Seating) -> Waiting;
    /// The seat whose turn it is in the open, if the table waits for one.
    fn current(&self, t: &Seating) -> Option<usize> {
        match self.waiting(t) {
            Waiting::Turn(s) => Some(s),
            _ => None,
        }
    }
    /// The round, as the status card shows it (0 when the game has none).
    fn round(&self) -> u32 {
        0
    }
    /// Whether a seat is out of the game (dead, removed).
    fn is_out(&self, seat: usize) -> bool;
    /// The turns a seat has missed in a row.
    fn missed(&self, seat: usize) -> u32;
    /// An awaited seat's time ran out (or an admin skipped him): the game goes on without his
    /// choice; `remove` when the missed-turn policy takes him out of the game. For several seats
    /// awaited at once it is called for each.
    fn timeout(&mut self, cx: &mut Cx, seat: usize, remove: bool);
    /// A seat leaves the game in play (`/leave`, `/kick`).
    fn remove(&mut self, cx: &mut Cx, seat: usize);
    /// A seat left during setup: the session has taken it off [`Seating::seats`] already and
    /// enough players remain; the game sets itself again for them.
    fn unseated(&mut self, cx: &mut Cx, seat: usize);
    /// The game was called off in play: what it reveals at the end.
    fn aborted(&mut self, cx: &mut Cx);
    /// A seat's own status, told privately, in play.
    fn private_status(&self, cx: &Cx, seat: usize) -> String;
    /// The game's own lines on the group's status card (its board in a sentence or two), when
    /// it has any to add to whose turn it is.
    fn status_lines(&self, _t: &Seating) -> Option<String> {
        None
    }
    /// `/rules`: the ruleset and every option as it stands.
    fn rules_text(&self, cx: &Cx) -> String;
    /// `/help` about this game.
    fn help(&self, lang: Lang) -> String;
    /// The omniscient state `gm script` prints for a peek.
    fn peek(&self, t: &Seating) -> Value;
    /// The result, once the game is over by its rules.
    fn outcome(&self, t: &Seating) -> Option<Outcome>;
    /// Whether a state read from elsewhere (an imported game) holds together by the game's own
    /// rules — its options valid, its pieces where they can be, what it holds of its history
    /// replaying to it — or why not, in words that name what is wrong but no secret. The session
    /// checks first that it loads, reads back whole and agrees with its seats.
    fn check(&self, t: &Seating) -> Result<(), String> {
        let _ = t;
        Ok(())
    }
}

impl Clone for Box<dyn Play> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// Where a reply goes, before the platform is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dest {
    /// The game's group chat (or, without a game, the chat the input came from).
    Group,
    /// A user privately.
    User(String),
    /// The user who pressed a button, for his eyes only and only now (see
    /// [`Reply::popup`](super::chat::Reply::popup)).
    Presser,
    /// Another group chat of the same platform, by id (a tournament's chat, from one of its games).
    Chat(String),
}

/// A reply being composed.
#[derive(Clone, Debug)]
pub struct Out {
    pub to: Dest,
    pub payload: Payload,
}

impl Out {
    /// A text to the group.
    pub fn group(text: String) -> Out {
        Out {
            to: Dest::Group,
            payload: Payload {
                text,
                ..Payload::default()
            },
        }
    }

    /// A text to a user privately.
    pub fn user(user: &str, text: String) -> Out {
        Out {
            to: Dest::User(user.to_string()),
            payload: Payload {
                text,
                ..Payload::default()
            },
        }
    }

    /// A reply where a message came from: privately to its writer, or to the group.
    pub fn back(msg: &Inbound, text: String) -> Out {
        if msg.private {
            Out::user(&msg.user.0, text)
        } else {
            Out::group(text)
        }
    }

    /// A text for the presser's eyes only.
    pub fn presser(text: String) -> Out {
        Out {
            to: Dest::Presser,
            payload: Payload {
                text,
                ..Payload::default()
            },
        }
    }

    /// The same, asking the platform to open a thread instead of showing a message (see
    /// [`Outbound::thread`](super::chat::Outbound::thread)).
    pub fn opening(mut self, thread: super::chat::ThreadOpen) -> Out {
        self.payload.thread = Some(thread);
        self
    }

    /// The same, with rows of buttons.
    pub fn with_buttons(mut self, buttons: Vec<Vec<Button>>) -> Out {
        self.payload.buttons = buttons;
        self
    }
}

/// What handling one input did to a table, besides its state: committed with it.
#[derive(Debug, Default)]
pub struct Effects {
    /// Replies.
    pub outs: Vec<Out>,
    /// The table's state changed and must be written.
    pub dirty: bool,
    /// The roster changed.
    pub roster: bool,
    /// The turn changed (or play began or resumed): deadlines start afresh.
    pub restart_clock: bool,
    /// Orders accepted, for the game's order log.
    pub orders: Vec<NewOrder>,
    /// Play began with this input: its first prompt says how to address the bot, where the bot
    /// hears only that.
    pub play_began: bool,
}

/// What a game is handed for one input: the session's part of its table, the effects so far,
/// and the input's time and randomness.
pub struct Cx<'a> {
    /// The session's part of the table.
    pub t: &'a mut Seating,
    /// What the input did so far.
    pub fx: &'a mut Effects,
    /// The game's id (buttons name it, so a press after the game ended does nothing).
    pub id: i64,
    /// The session's seed, the root of the table's draws.
    pub seed: u64,
    /// The time of the input, unix milliseconds.
    pub now: i64,
}

impl Cx<'_> {
    /// A text to the group.
    pub fn group(&mut self, text: String) {
        self.fx.outs.push(Out::group(text));
    }

    /// A text to a user privately.
    pub fn user(&mut self, user: &str, text: String) {
        self.fx.outs.push(Out::user(user, text));
    }

    /// Any reply.
    pub fn push(&mut self, out: Out) {
        self.fx.outs.push(out);
    }

    /// The table changed: it is written with the input.
    pub fn changed(&mut self) {
        self.fx.dirty = true;
    }

    /// An accepted order, for the game's log.
    pub fn order(&mut self, user: &str, text: &str) {
        self.fx.orders.push(NewOrder {
            user_id: user.to_string(),
            text: text.to_string(),
        });
    }

    /// The turn passed on: a fresh deadline, and a press of an older turn's button is stale.
    pub fn next_turn(&mut self) {
        self.t.turn_no += 1;
        self.fx.restart_clock = true;
        self.fx.dirty = true;
    }

    /// Play begins.
    pub fn start_play(&mut self) {
        self.t.stage = Stage::Playing;
        self.fx.dirty = true;
        self.fx.play_began = true;
    }

    /// The game is over by its rules.
    pub fn finish(&mut self) {
        self.t.stage = Stage::Finished;
        self.fx.dirty = true;
    }

    /// A button of the current turn, as [`Play::turn_buttons`] offers them: pressed, it comes
    /// back to [`Play::press`] as `action` if it is still this turn and the presser's to press.
    pub fn turn_button(&self, label: impl Into<String>, action: &str) -> Button {
        Button::press(label, press_data(self.id, self.t.turn_no, action))
    }

    /// A fresh number from the session's seed for this table: a lot, a shuffle, a generator's
    /// seed. The same session seed and game draw the same numbers.
    pub fn draw(&mut self) -> u64 {
        self.t.draws += 1;
        mix(mix(self.seed, self.id as u64), self.t.draws)
    }
}

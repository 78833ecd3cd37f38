//! The master's words for the rules engine's events (Kodex Б §2.3, §6.2): every [`Event`] is a clause
//! of the locale files (`config/locales/*/labyrinth.ftl`), and the clauses of one turn are joined into
//! the answers the master gives.
//!
//! Joining rules, applied in this order:
//! 1. Consecutive events for the same [`Audience`] make one message; a change of audience starts a new
//!    message, even for an audience already told something this turn.
//! 2. An event that reports something new — a movement, a shot, a throw, a wound, a death — starts a
//!    sentence. The consequences of the cell reached or of a shot ([`Event::Found`],
//!    [`Event::PickedUp`], [`Event::Exchanged`], [`Event::Healed`], [`Event::Refilled`], [`Event::TickWoken`],
//!    [`Event::CureLeft`], [`Event::Cremated`], [`Event::MineExploded`], [`Event::Caught`]) continue
//!    the sentence before them after the locale's `lab-then`: ", " in Russian ("Попал в Реку, снесло в
//!    Устье, нашел клад и две пули."), ". " in English. A consequence that opens a message, or follows a
//!    sentence that ended in "!" or "?", starts a sentence of its own.
//! 3. Taking things is not said when it repeats the last finding of the same message: the master's
//!    "нашел" already means the player took them (Б §5.1). Taking less than was found is said.
//! 4. Each sentence begins with a capital and ends with a full stop, unless it already ends in ".",
//!    "!" or "?"; sentences are separated by one space. Players' names are never altered.
//! 5. An event with nothing to say (an empty list of things) is left out, and an empty message is
//!    not sent.
//!
//! Only [`Event::Reordered`] names a cell, for its player alone: told to everybody it says only that
//! a new cell was chosen (Б §2.3, §5.5).

use crate::geometry::Dir;
use bot_core::args;
use bot_core::i18n::{Arg, Lang, Messages};

use super::PlayerId;
use super::event::{
    Arrival, Audience, Blast, Cannot, CellSeen, End, Event, Harm, Idle, Removal, Told,
};
use super::order::{Thing, ThingKind};
use super::state::{Health, Status};

/// Renders a turn's events as the master's messages: consecutive events for the same audience join into
/// one message, in order ("Попал в Реку, снесло в Устье, нашел клад и две пули.").
pub fn narrate(
    events: &[Told],
    lang: Lang,
    names: &dyn Fn(PlayerId) -> String,
) -> Vec<(Audience, String)> {
    narrate_in(events, lang, Words::Kodex, names)
}

/// Which book's words the master uses where the books differ: the Kodex's grenades are the
/// encyclopedia's bombs ("взрывчатка", "бомбы").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Words {
    /// The Kodex (classic and quantum codes).
    #[default]
    Kodex,
    /// The encyclopedia's article (`wiki`).
    Encyclopedia,
}

impl Words {
    /// The words of a ruleset's code.
    pub fn of(code: crate::ruleset::Code) -> Words {
        match code {
            crate::ruleset::Code::Wiki => Words::Encyclopedia,
            _ => Words::Kodex,
        }
    }
}

/// [`narrate`] in the words of a ruleset's book.
pub fn narrate_in(
    events: &[Told],
    lang: Lang,
    words: Words,
    names: &dyn Fn(PlayerId) -> String,
) -> Vec<(Audience, String)> {
    events
        .chunk_by(|a, b| a.to == b.to)
        .filter_map(|group| {
            let to = group[0].to;
            let say = Say::new(lang, to == Audience::All).in_words(words);
            let text = say.compose(&say.clauses(group));
            (!text.is_empty()).then(|| (to, restore_names(&text, names)))
        })
        .collect()
}

/// One event as a phrase: a whole sentence, or "" when there is nothing to say. The cell of
/// [`Event::Reordered`] is shown: it is for its player only.
pub fn phrase(event: &Event, lang: Lang, names: &dyn Fn(PlayerId) -> String) -> String {
    let say = Say::new(lang, false);
    let clauses: Vec<Clause> = say.clause(event).into_iter().collect();
    restore_names(&say.compose(&clauses), names)
}

/// A player's status answer (Б §6.4): "Две пули, три гранаты" etc. Health is named unless healthy,
/// then immunity, bullets, grenades, what he carries, re-orders left if any, and being outside.
pub fn status_text(status: &Status, lang: Lang) -> String {
    status_text_in(status, lang, Words::Kodex)
}

/// [`status_text`] in the words of a ruleset's book.
pub fn status_text_in(status: &Status, lang: Lang, words: Words) -> String {
    let say = Say::new(lang, false).in_words(words);
    let m = say.m;
    let mut parts = Vec::new();
    match status.health {
        Health::Dead => return say.compose(&[Clause::lead(m.text("lab-status-dead", &[]))]),
        Health::Healthy => {}
        Health::Wounded => parts.push(m.text("lab-status-wounded", &[])),
        Health::Sick { moves_left } => {
            parts.push(m.text("lab-status-sick", &[]));
            parts.extend(moves_left.map(|n| say.cure_left(n)));
        }
    }
    if status.immune {
        parts.push(m.text("lab-status-immune", &[]));
    }
    let (bullets, grenades) = (u32::from(status.bullets), u32::from(status.grenades));
    parts.push(say.count(
        Noun::Thing(ThingKind::Bullets),
        bullets,
        Case::Nom,
        Form::Count,
    ));
    parts.push(say.count(
        Noun::Thing(ThingKind::Grenades),
        grenades,
        Case::Nom,
        Form::Count,
    ));
    // Knives are the encyclopedia's: named only when he has some.
    if status.knives > 0 {
        let n = u32::from(status.knives);
        parts.push(say.count(Noun::Knives, n, Case::Nom, Form::Count));
    }
    // Cement and the boomerang are modifications 11 and 15: named only when he has them.
    if status.cement > 0 {
        let n = u32::from(status.cement);
        parts.push(say.count(Noun::Cement, n, Case::Nom, Form::Count));
    }
    if status.boomerang {
        parts.push(m.text("lab-status-boomerang", &[]));
    }
    if let Some(kind) = status.carrying {
        parts.push(say.count(Noun::Thing(kind), 1, Case::Nom, Form::Some));
    }
    if status.reorders_left > 0 {
        let n = u32::from(status.reorders_left);
        let reorders = say.count(Noun::Reorder, n, Case::Nom, Form::Count);
        parts.push(m.text(
            "lab-status-reorders",
            args![("n", n), ("reorders", reorders)],
        ));
    }
    if status.outside {
        parts.push(m.text("lab-status-outside", &[]));
    }
    let text = parts.join(&m.text("lab-list-comma", &[]));
    say.compose(&[Clause::lead(text)])
}

/// Names go through Fluent as these private-use marks around the seat number, so that joining and
/// capitalizing never touch them; [`restore_names`] puts the real names in at the end.
const NAME_OPEN: char = '\u{E000}';
const NAME_CLOSE: char = '\u{E001}';

fn who(p: PlayerId) -> String {
    format!("{NAME_OPEN}{}{NAME_CLOSE}", p.0)
}

fn restore_names(text: &str, names: &dyn Fn(PlayerId) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(NAME_OPEN) {
        out.push_str(&rest[..start]);
        let after = &rest[start + NAME_OPEN.len_utf8()..];
        let Some(end) = after.find(NAME_CLOSE) else {
            break;
        };
        match after[..end].parse::<u8>() {
            Ok(seat) => out.push_str(&names(PlayerId(seat))),
            Err(_) => out.push_str(&after[..end]),
        }
        rest = &after[end + NAME_CLOSE.len_utf8()..];
    }
    out.push_str(rest);
    out
}

/// A clause and whether it starts a sentence (rule 2 of the module documentation).
struct Clause {
    lead: bool,
    text: String,
}

impl Clause {
    fn lead(text: String) -> Clause {
        Clause { lead: true, text }
    }
}

/// Whether the event reports something new rather than a consequence of the clause before it.
fn leads(event: &Event) -> bool {
    match event {
        Event::Found(_)
        | Event::PickedUp(_)
        | Event::Exchanged(_)
        | Event::Healed { .. }
        | Event::Refilled { .. }
        | Event::Stocked { .. }
        | Event::TickWoken
        | Event::CureLeft(_)
        | Event::Cremated
        | Event::MineExploded
        | Event::Caught(_) => false,
        Event::Turn(_)
        | Event::Round(_)
        | Event::StartsOn(..)
        | Event::Arrived { .. }
        | Event::Bumped { .. }
        | Event::InflowBlocks
        | Event::WentOut
        | Event::WhichTreasure { .. }
        | Event::KeptTreasure
        | Event::Infected { .. }
        | Event::Shot { .. }
        | Event::ShotWasted { .. }
        | Event::Hit(_)
        | Event::Blown { .. }
        | Event::LeftHere(_)
        | Event::AtFeet(_)
        | Event::Thrown(..)
        | Event::MineSet
        | Event::Cannot(_)
        | Event::Skipped
        | Event::Stabbed { .. }
        | Event::Kicked { .. }
        | Event::SitsOut(..)
        | Event::Again
        | Event::OneWay
        | Event::Mauled(_)
        | Event::BearWounded
        | Event::Banked { .. }
        | Event::BackIn
        | Event::OuterWall
        | Event::ThroughBlown
        | Event::Evacuated(_)
        | Event::WasRubber { .. }
        | Event::Built { .. }
        | Event::Boomerang { .. }
        | Event::DarkAccepted
        | Event::HalfDark { .. }
        | Event::WoundedNotice(_)
        | Event::ReorderOffer { .. }
        | Event::Reordered(_)
        | Event::Died(_)
        | Event::Removed(..)
        | Event::Alone { .. }
        | Event::Dust
        | Event::Lost(_)
        | Event::Quiet(_)
        | Event::Over(_) => true,
    }
}

/// Things by kind, merged and in a fixed order, to compare what was found with what was taken.
fn tally(things: &[(ThingKind, u32)]) -> Vec<(ThingKind, u32)> {
    let mut out: Vec<(ThingKind, u32)> = Vec::new();
    for &(kind, n) in things {
        match out.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, total)) => *total += n,
            None => out.push((kind, n)),
        }
    }
    out.retain(|&(_, n)| n > 0);
    out.sort();
    out
}

/// Something counted.
#[derive(Copy, Clone)]
enum Noun {
    Thing(ThingKind),
    Knives,
    Cement,
    Move,
    Round,
    Reorder,
}

impl Noun {
    fn id(self) -> &'static str {
        match self {
            Noun::Thing(ThingKind::Treasure) => "lab-count-treasure",
            Noun::Thing(ThingKind::Mine) => "lab-count-mine",
            Noun::Thing(ThingKind::Corpse) => "lab-count-corpse",
            Noun::Thing(ThingKind::Bullets) => "lab-count-bullets",
            Noun::Thing(ThingKind::Grenades) => "lab-count-grenades",
            Noun::Knives => "lab-count-knives",
            Noun::Cement => "lab-count-cement",
            Noun::Move => "lab-count-move",
            Noun::Round => "lab-count-round",
            Noun::Reorder => "lab-count-reorder",
        }
    }
}

/// The grammatical case a count stands in: "у тебя одна пуля" (nominative), "нашел пулю" (accusative).
#[derive(Copy, Clone)]
enum Case {
    Nom,
    Acc,
}

/// How a single thing is named: "a bullet" when found, "the treasure" when it is his, "one bullet"
/// when counting what is left.
#[derive(Copy, Clone)]
enum Form {
    Some,
    The,
    Count,
}

/// The Fluent selector of a cell type: `land`, `hospital`, `arsenal`, `pit`, `river`, `mouth`,
/// `encephalitis`.
pub fn cell_key(cell: CellSeen) -> &'static str {
    match cell {
        CellSeen::Land => "land",
        CellSeen::Hospital => "hospital",
        CellSeen::Arsenal => "arsenal",
        CellSeen::Pit => "pit",
        CellSeen::River => "river",
        CellSeen::Mouth => "mouth",
        CellSeen::Encephalitis => "encephalitis",
        CellSeen::Swamp => "swamp",
        CellSeen::Outlet => "outlet",
    }
}

fn kind_key(kind: ThingKind) -> &'static str {
    match kind {
        ThingKind::Treasure => "treasure",
        ThingKind::Mine => "mine",
        ThingKind::Corpse => "corpse",
        ThingKind::Bullets => "bullets",
        ThingKind::Grenades => "grenades",
    }
}

fn dir_key(dir: Dir) -> &'static str {
    match dir {
        Dir::Up => "up",
        Dir::Down => "down",
        Dir::Left => "left",
        Dir::Right => "right",
        Dir::Higher => "higher",
        Dir::Lower => "lower",
    }
}

fn arrival_id(how: Arrival) -> &'static str {
    match how {
        Arrival::Walked => "lab-arrived-walked",
        Arrival::AlongRiver => "lab-arrived-along-river",
        Arrival::CarriedByRiver => "lab-arrived-carried",
        Arrival::WithCurrent => "lab-arrived-with-current",
        Arrival::ThroughPit => "lab-arrived-through-pit",
        Arrival::AlongCycle => "lab-arrived-along-cycle",
    }
}

fn cannot_key(why: Cannot) -> &'static str {
    match why {
        Cannot::NoBullets => "no-bullets",
        Cannot::NoGrenades => "no-grenades",
        Cannot::NoMine => "no-mine",
        Cannot::TooWeak => "too-weak",
        Cannot::NoShootingHere => "no-shooting-here",
        Cannot::WetPowder => "wet-powder",
        Cannot::Outside => "outside",
        Cannot::NoKnives => "no-knives",
        Cannot::NoCement => "no-cement",
        Cannot::NoBoomerang => "no-boomerang",
        Cannot::NotCarrying(kind) => kind_key(kind),
    }
}

fn end_key(end: End) -> (&'static str, Option<PlayerId>) {
    match end {
        End::Treasure(p) => ("treasure", Some(p)),
        End::MostTreasures(p) => ("most-treasures", Some(p)),
        End::DrawTreasuresShared => ("treasures-shared", None),
        End::LastStanding(p) => ("last-standing", Some(p)),
        End::DrawTreasureLost => ("treasure-lost", None),
        End::DrawAllSkipped => ("all-skipped", None),
        End::DrawNstop => ("nstop", None),
        End::DrawNobodyLeft => ("nobody-left", None),
    }
}

fn yes(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// A thing as a kind and a count.
fn thing_count(thing: Thing) -> (ThingKind, u32) {
    match thing {
        Thing::Treasure => (ThingKind::Treasure, 1),
        Thing::Corpse => (ThingKind::Corpse, 1),
        Thing::Mine => (ThingKind::Mine, 1),
        Thing::Bullets(n) => (ThingKind::Bullets, u32::from(n)),
        Thing::Grenades(n) => (ThingKind::Grenades, u32::from(n)),
    }
}

/// The master speaking one language to one audience.
struct Say {
    m: &'static Messages,
    /// Told to everybody: no cell may be named.
    public: bool,
    /// The player the consequences being told are of, within the start's announcement.
    subject: std::cell::Cell<Option<PlayerId>>,
    /// Whose words: the Kodex's grenades or the encyclopedia's bombs.
    words: Words,
}

impl Say {
    fn new(lang: Lang, public: bool) -> Say {
        Say {
            m: crate::locale::messages(lang),
            public,
            subject: std::cell::Cell::new(None),
            words: Words::Kodex,
        }
    }

    fn in_words(mut self, words: Words) -> Say {
        self.words = words;
        self
    }

    /// Whether grenades are called bombs.
    fn bombs(&self) -> bool {
        self.words == Words::Encyclopedia
    }

    /// The clauses of one message, leaving out taking that repeats finding (rule 3).
    fn clauses(&self, group: &[Told]) -> Vec<Clause> {
        let mut found = None;
        let mut out = Vec::new();
        for told in group {
            match &told.event {
                Event::Found(things) => found = Some(tally(things)),
                Event::PickedUp(things) if found.as_ref() == Some(&tally(things)) => continue,
                _ => {}
            }
            // The start is told to all at once (Б §6.2): what each player found there is said
            // of him, not to "you".
            match &told.event {
                Event::StartsOn(p, _) => self.subject.set(Some(*p)),
                e if leads(e) => self.subject.set(None),
                _ => {}
            }
            out.extend(self.clause(&told.event));
        }
        out
    }

    /// A message about the player it concerns: said to him ("you found…"), or, within the start's
    /// announcement, of him (its `-of` form, with his name).
    fn personal(&self, id: &str, args: &[(&str, Arg)]) -> String {
        match self.subject.get() {
            None => self.m.text(id, args),
            Some(p) => {
                let mut with_name = args.to_vec();
                with_name.push(("name", Arg::from(who(p))));
                self.m.text(&format!("{id}-of"), &with_name)
            }
        }
    }

    fn clause(&self, event: &Event) -> Option<Clause> {
        let text = self.event(event)?;
        Some(Clause {
            lead: leads(event),
            text,
        })
    }

    /// Joins clauses into sentences (rules 2 and 4).
    fn compose(&self, clauses: &[Clause]) -> String {
        let then = self.m.text("lab-then", &[]);
        let mut sentences: Vec<String> = Vec::new();
        for clause in clauses {
            match sentences.last_mut() {
                Some(open) if !clause.lead && !ends_sentence(open) => {
                    open.push_str(&then);
                    open.push_str(&clause.text);
                }
                _ => sentences.push(clause.text.clone()),
            }
        }
        let text = sentences
            .into_iter()
            .map(|mut s| {
                if !ends_sentence(&s) {
                    s.push('.');
                }
                s
            })
            .collect::<Vec<_>>()
            .join(" ");
        capitalize_sentences(&text)
    }

    fn count(&self, noun: Noun, n: u32, case: Case, form: Form) -> String {
        let case = match case {
            Case::Nom => "nom",
            Case::Acc => "acc",
        };
        let form = match form {
            Form::Some => "some",
            Form::The => "the",
            Form::Count => "count",
        };
        let id = match noun {
            Noun::Thing(ThingKind::Grenades) if self.bombs() => "lab-count-bombs",
            _ => noun.id(),
        };
        self.m
            .text(id, args![("n", n), ("case", case), ("form", form)])
    }

    /// "клад, две пули и труп"; `None` when nothing is listed.
    fn things(&self, things: &[(ThingKind, u32)]) -> Option<String> {
        let items = things
            .iter()
            .filter(|&&(_, n)| n > 0)
            .map(|&(kind, n)| self.count(Noun::Thing(kind), n, Case::Acc, Form::Some))
            .collect();
        self.list(items)
    }

    /// A thing he carried: "the treasure", but "a grenade" (one of his).
    fn thing(&self, thing: Thing, case: Case) -> String {
        let (kind, n) = thing_count(thing);
        let form = match thing {
            Thing::Treasure | Thing::Corpse | Thing::Mine => Form::The,
            Thing::Bullets(_) | Thing::Grenades(_) => Form::Some,
        };
        self.count(Noun::Thing(kind), n, case, form)
    }

    fn list(&self, items: Vec<String>) -> Option<String> {
        let (last, rest) = items.split_last()?;
        if rest.is_empty() {
            return Some(last.clone());
        }
        let comma = self.m.text("lab-list-comma", &[]);
        let and = self.m.text("lab-list-and", &[]);
        Some(format!("{}{and}{last}", rest.join(&comma)))
    }

    fn cure_left(&self, n: u32) -> String {
        let moves = self.count(Noun::Move, n, Case::Nom, Form::Count);
        self.m
            .text("lab-cure-left", args![("n", n), ("moves", moves)])
    }

    fn event(&self, event: &Event) -> Option<String> {
        let m = self.m;
        let text = match event {
            Event::Turn(p) => m.text("lab-turn", args![("name", who(*p))]),
            Event::Round(n) => m.text("lab-round", args![("n", *n)]),
            Event::StartsOn(p, cell) => m.text(
                "lab-starts-on",
                args![("name", who(*p)), ("cell", cell_key(*cell))],
            ),
            Event::Arrived { how, cell } => {
                m.text(arrival_id(*how), args![("cell", cell_key(*cell))])
            }
            Event::Bumped { carried_to: None } => m.text("lab-bumped", &[]),
            Event::Bumped {
                carried_to: Some(cell),
            } => m.text("lab-bumped-carried", args![("cell", cell_key(*cell))]),
            Event::InflowBlocks => m.text("lab-inflow", &[]),
            Event::WentOut => m.text("lab-went-out", &[]),
            Event::Found(things) => {
                self.personal("lab-found", args![("things", self.things(things)?)])
            }
            Event::WhichTreasure { carrying, here } => {
                let n = u32::from(*here);
                let treasures =
                    self.count(Noun::Thing(ThingKind::Treasure), n, Case::Nom, Form::Count);
                m.text(
                    "lab-which-treasure",
                    args![
                        ("carrying", yes(*carrying)),
                        ("n", n),
                        ("treasures", treasures)
                    ],
                )
            }
            Event::KeptTreasure => m.text("lab-kept-treasure", &[]),
            Event::ShotWasted { bullets } => {
                let n = u32::from(*bullets);
                let left = self.count(Noun::Thing(ThingKind::Bullets), n, Case::Nom, Form::Count);
                m.text("lab-shot-wasted", args![("n", n), ("bullets", left)])
            }
            Event::Exchanged(thing) => self.personal(
                "lab-exchanged",
                args![("thing", self.thing(*thing, Case::Acc))],
            ),
            Event::PickedUp(things) => {
                self.personal("lab-picked-up", args![("things", self.things(things)?)])
            }
            Event::Healed { immune } => m.text("lab-healed", args![("immune", yes(*immune))]),
            Event::Refilled {
                bullets,
                grenades,
                knives,
            } => {
                let bullets = self.count(
                    Noun::Thing(ThingKind::Bullets),
                    u32::from(*bullets),
                    Case::Nom,
                    Form::Count,
                );
                let grenades = self.count(
                    Noun::Thing(ThingKind::Grenades),
                    u32::from(*grenades),
                    Case::Nom,
                    Form::Count,
                );
                match knives {
                    None => self.personal(
                        "lab-refilled",
                        args![("bullets", bullets), ("grenades", grenades)],
                    ),
                    Some(k) => {
                        let knives =
                            self.count(Noun::Knives, u32::from(*k), Case::Nom, Form::Count);
                        self.personal(
                            "lab-refilled-knives",
                            args![
                                ("bullets", bullets),
                                ("grenades", grenades),
                                ("knives", knives)
                            ],
                        )
                    }
                }
            }
            Event::TickWoken => self.personal("lab-tick-woken", &[]),
            Event::Infected { moves: None } => m.text("lab-infected", &[]),
            Event::Infected { moves: Some(n) } => {
                let moves = self.count(Noun::Move, *n, Case::Nom, Form::Count);
                m.text("lab-infected-moves", args![("n", *n), ("moves", moves)])
            }
            Event::CureLeft(n) => self.cure_left(*n),
            Event::Cremated => m.text("lab-cremated", &[]),
            Event::MineExploded => m.text("lab-mine-exploded", &[]),
            Event::Shot { scream, bullets } => {
                let n = u32::from(*bullets);
                let left = self.count(Noun::Thing(ThingKind::Bullets), n, Case::Nom, Form::Count);
                m.text(
                    "lab-shot",
                    args![("scream", yes(*scream)), ("n", n), ("bullets", left)],
                )
            }
            Event::Hit(hits) if hits.is_empty() => m.text("lab-hit-nobody", &[]),
            Event::Hit(hits) => {
                let items = hits
                    .iter()
                    .map(|&(p, harm)| {
                        let id = match harm {
                            Harm::Wounded => "lab-hit-wounded",
                            Harm::Killed => "lab-hit-killed",
                        };
                        m.text(id, args![("name", who(p))])
                    })
                    .collect();
                self.list(items)?
            }
            Event::Caught(things) => m.text("lab-caught", args![("things", self.things(things)?)]),
            Event::Blown { result, grenades } => {
                let result = match result {
                    Some(Blast::Broke) => "broke",
                    Some(Blast::Held) => "held",
                    Some(Blast::NoWall) => "no-wall",
                    None => "untold",
                };
                let n = u32::from(*grenades);
                let left = self.count(Noun::Thing(ThingKind::Grenades), n, Case::Nom, Form::Count);
                let bomb = yes(self.bombs());
                m.text(
                    "lab-blown",
                    args![
                        ("result", result),
                        ("n", n),
                        ("grenades", left),
                        ("bomb", bomb)
                    ],
                )
            }
            Event::LeftHere(thing) => m.text(
                "lab-left-here",
                args![("thing", self.thing(*thing, Case::Acc))],
            ),
            Event::AtFeet(thing) => {
                let (kind, n) = thing_count(*thing);
                m.text(
                    "lab-at-feet",
                    args![
                        ("thing", self.thing(*thing, Case::Nom)),
                        ("kind", kind_key(kind)),
                        ("n", n)
                    ],
                )
            }
            Event::Thrown(thing, dir) => m.text(
                "lab-thrown",
                args![
                    ("thing", self.thing(*thing, Case::Acc)),
                    ("dir", dir_key(*dir))
                ],
            ),
            Event::MineSet => m.text("lab-mine-set", &[]),
            Event::Cannot(why @ Cannot::NotCarrying(_)) => {
                m.text("lab-cannot-carrying", args![("kind", cannot_key(*why))])
            }
            Event::Cannot(Cannot::NoGrenades) if self.bombs() => {
                m.text("lab-cannot", args![("why", "no-bombs")])
            }
            Event::Cannot(why) => m.text("lab-cannot", args![("why", cannot_key(*why))]),
            Event::Skipped => m.text("lab-skipped", &[]),
            Event::Stabbed { scream, knives } => {
                let n = u32::from(*knives);
                let left = self.count(Noun::Knives, n, Case::Nom, Form::Count);
                m.text(
                    "lab-stabbed",
                    args![("scream", yes(*scream)), ("n", n), ("knives", left)],
                )
            }
            Event::Kicked { hit } => m.text("lab-kicked", args![("hit", yes(*hit))]),
            Event::SitsOut(p, why) => {
                let why = match why {
                    Idle::Kicked => "kicked",
                    Idle::BrokenLegs => "broken-legs",
                    Idle::Swamp => "swamp",
                };
                m.text("lab-sits-out", args![("name", who(*p)), ("why", why)])
            }
            Event::Again => m.text("lab-again", &[]),
            Event::OneWay => m.text("lab-one-way", &[]),
            Event::Mauled(p) => m.text("lab-mauled", args![("name", who(*p))]),
            Event::BearWounded => m.text("lab-bear-wounded", &[]),
            Event::Banked { mine, left } => {
                let kind = Noun::Thing(ThingKind::Treasure);
                let mine = self.count(kind, u32::from(*mine), Case::Acc, Form::Count);
                let n = *left;
                let left = self.count(kind, n, Case::Nom, Form::Count);
                m.text(
                    "lab-banked",
                    args![("mine", mine), ("n", n), ("left", left)],
                )
            }
            Event::BackIn => m.text("lab-back-in", &[]),
            Event::OuterWall => m.text("lab-outer-wall", &[]),
            Event::ThroughBlown => m.text("lab-through-blown", &[]),
            Event::Evacuated(p) => m.text("lab-evacuated", args![("name", who(*p))]),
            Event::Built { result, cement } => {
                let result = match result {
                    Some(true) => "built",
                    Some(false) => "nothing",
                    None => "untold",
                };
                let n = u32::from(*cement);
                let left = self.count(Noun::Cement, n, Case::Nom, Form::Count);
                m.text(
                    "lab-built",
                    args![("result", result), ("n", n), ("cement", left)],
                )
            }
            Event::Boomerang { scream, back } => m.text(
                "lab-boomerang",
                args![("scream", yes(*scream)), ("back", yes(*back))],
            ),
            Event::Stocked { cement, boomerang } => {
                let mut parts = vec![];
                if let Some(n) = cement {
                    let n = u32::from(*n);
                    parts.push(self.count(Noun::Cement, n, Case::Nom, Form::Count));
                }
                if let Some(has) = boomerang {
                    parts.push(m.text("lab-stocked-boomerang", args![("has", yes(*has))]));
                }
                self.personal("lab-stocked", args![("things", parts.join(", "))])
            }
            Event::WasRubber { room } => m.text("lab-was-rubber", args![("room", yes(*room))]),
            Event::DarkAccepted => m.text("lab-dark", &[]),
            Event::HalfDark { wall } => m.text("lab-half-dark", args![("wall", yes(*wall))]),
            Event::WoundedNotice(p) => m.text("lab-wounded", args![("name", who(*p))]),
            Event::ReorderOffer { left } => {
                let n = u32::from(*left);
                let reorders = self.count(Noun::Reorder, n, Case::Nom, Form::Count);
                m.text("lab-reorder-offer", args![("n", n), ("reorders", reorders)])
            }
            Event::Reordered(_) if self.public => m.text("lab-reordered-secret", &[]),
            Event::Reordered(cell) => m.text("lab-reordered", args![("cell", cell.to_string())]),
            Event::Died(p) => m.text("lab-died", args![("name", who(*p))]),
            Event::Removed(p, why) => {
                let id = match why {
                    Removal::MissedTurns => "lab-removed",
                    Removal::Left => "lab-removed-left",
                };
                m.text(id, args![("name", who(*p))])
            }
            Event::Alone { moves } => {
                let left = self.count(Noun::Move, *moves, Case::Nom, Form::Count);
                m.text("lab-alone", args![("n", *moves), ("moves", left)])
            }
            Event::Dust => m.text("lab-dust", &[]),
            Event::Lost(p) => m.text("lab-lost", args![("name", who(*p))]),
            Event::Quiet(n) => {
                let rounds = self.count(Noun::Round, *n, Case::Nom, Form::Count);
                m.text("lab-quiet", args![("rounds", rounds)])
            }
            Event::Over(end) => {
                let (key, winner) = end_key(*end);
                let name = winner.map(who).unwrap_or_default();
                m.text("lab-over", args![("end", key), ("name", name)])
            }
        };
        Some(text)
    }
}

fn ends_sentence(text: &str) -> bool {
    text.trim_end().ends_with(['.', '!', '?'])
}

/// Capitalizes the first letter of the text and of every sentence after ".", "!" or "?" and a space.
fn capitalize_sentences(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at_start = true;
    let mut after_stop = false;
    for c in text.chars() {
        if at_start && !c.is_whitespace() {
            at_start = false;
            if c.is_lowercase() {
                out.extend(c.to_uppercase());
                continue;
            }
        }
        if c.is_whitespace() && after_stop {
            at_start = true;
        }
        after_stop = matches!(c, '.' | '!' | '?');
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests;

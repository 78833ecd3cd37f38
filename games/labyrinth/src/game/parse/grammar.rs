//! The grammar of orders: a hand-written reader over the tokens, one phrase ("clause") at a time.
//!
//! Every look-ahead is a few tokens, so parsing is linear in the (capped) number of tokens.

use super::lexicon::{self, Many, Verb, is};
use super::token::{self, Kind, MAX_WORDS, Tok};
use super::{At, Expected, NamedTarget, ParseError, ParsedOrder, Problem, QUOTE_CHARS, Request};
use crate::game::order::{Action, Aim, Condition, Light, Order, Part, Pick, Thing, ThingKind};
use crate::geometry::{Coord, Dir};
use crate::movement::Move;

/// Parses a whole message.
pub(super) fn parse(text: &str, levels: bool) -> Result<Request, ParseError> {
    let mut toks = token::tokenize(text)
        .map_err(|_| ParseError::new(Problem::TooLong { cap: MAX_WORDS }, None))?;
    let command = strip_address(&mut toks);
    let whole = read(text, &toks, command, levels);
    // "/move go up then shoot left": the command's own word, then the order said in words, as
    // players in a group whose bot sees only commands write it. Read so only if the whole does
    // not read, so that "/move up" keeps its meaning and its errors.
    if whole.is_err()
        && command
        && toks.first().is_some_and(|t| t.norm == "move")
        && let Ok(r) = read(text, &toks[1..], false, levels)
    {
        return Ok(r);
    }
    whole
}

/// Reads the tokens of a message, its address taken off; `levels`: the maze is 3-D.
fn read(text: &str, toks: &[Tok], command: bool, levels: bool) -> Result<Request, ParseError> {
    if !toks.iter().any(|t| t.kind == Kind::Word) {
        return Err(ParseError::new(Problem::Empty, None));
    }
    let mut p = Parser {
        text,
        toks,
        pos: 0,
        command,
        levels,
    };
    match p.meta()? {
        Some(r) => Ok(r),
        None => p.order(),
    }
}

/// Drops a leading bot mention (`@bot`, Discord's `<@123>`) and the `/` of commands; says whether the
/// message was a slash command. `/mine` becomes "set": a mine is set, not left.
fn strip_address(toks: &mut Vec<Tok>) -> bool {
    let lead = toks
        .iter()
        .take_while(|t| t.kind == Kind::Sep || t.norm.starts_with('@'))
        .count();
    toks.drain(..lead);
    let command = toks.first().is_some_and(|t| t.norm.starts_with('/'));
    if command && toks.get(1).is_some_and(|t| t.norm.starts_with('@')) {
        toks.remove(1);
    }
    for t in toks.iter_mut() {
        if let Some(rest) = t.norm.strip_prefix('/') {
            t.norm = rest.to_string();
        }
    }
    if command && toks[0].norm == "mine" {
        toks[0].norm = "set".to_string();
    }
    command
}

/// How a phrase was joined to the one before.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Join {
    /// Nothing between them, or punctuation and sequencing words.
    Other,
    /// Only "и" / "and": the verb may be left out ("стреляю влево и вправо").
    And,
}

/// One phrase of an order.
enum Clause {
    /// An action, with a named target for a shot (§7.3).
    Act(Action, Option<(String, Coord)>),
    /// "Бросаю вправо" with no thing named: the mine just armed ("взвожу мину и бросаю вправо").
    ThrowIt { dir: Option<Dir>, verb: usize },
    /// "Если …": the condition, and where it ended.
    If(Condition, usize),
    /// "Иначе" at this token.
    Else(usize),
    /// "В любом случае": back to unconditional actions.
    Anyway,
    /// How much to tell.
    Light(Light),
    /// Which treasure to carry.
    Pick(Pick),
    /// Do not refill in an arsenal.
    Refill,
}

// Words by role. All normalised: lower case, "е" for "ё".
const SEQUENCE: &[&str] = &[
    "затем",
    "потом",
    "далее",
    "а",
    "но",
    "then",
    "but",
    "also",
    "afterwards",
    "plus",
    "плюс",
];
const AND: &[&str] = &["и", "and"];
const FILLERS: &[&str] = &[
    "я",
    "i",
    "i'll",
    "ну",
    "итак",
    "так",
    "теперь",
    "now",
    "сначала",
    "сперва",
    "first",
    "please",
    "пожалуйста",
    "ok",
    "ок",
    "окей",
    "okay",
    "ход",
    "turn",
    "мой",
    "my",
    "хочу",
    "want",
    "to",
    "will",
    "let's",
    "давай",
];
const IF: &[&str] = &["если", "if", "when", "коли"];
const ELSE: &[&str] = &["иначе", "else", "otherwise"];
const ANYWAY: &[&[&str]] = &[
    &["в", "любом", "случае"],
    &["in", "any", "case"],
    &["все", "равно"],
    &["anyway"],
    &["regardless"],
];
const NEGATION: &[&str] = &[
    "не", "нет", "no", "not", "don't", "dont", "без", "without", "didn't", "didnt", "doesn't",
    "won't", "wont",
];
const TELL: &[&str] = &[
    "сообщать",
    "сообщай",
    "сообщить",
    "сообщи",
    "сообщайте",
    "говорить",
    "говори",
    "сказать",
    "скажи",
    "скажите",
    "tell",
    "report",
    "say",
    "show",
    "result",
    "results",
    "результат",
    "результата",
];
const LIGHT_START: &[&str] = &[
    "результат",
    "результата",
    "result",
    "втемную",
    "темную",
    "вслепую",
    "вполутемную",
    "полутемную",
    "dark",
    "blind",
    "blindly",
    "silent",
    "silently",
    "half",
    "half-dark",
    "halfdark",
    "semi-dark",
    "semidark",
    "сообщить",
    "сообщи",
    "скажи",
    "tell",
    "report",
];
const LIGHT_MORE: &[&str] = &[
    "не",
    "not",
    "don't",
    "dont",
    "do",
    "no",
    "the",
    "me",
    "мне",
    "меня",
    "anything",
    "ничего",
    "куда",
    "я",
    "i",
    "попал",
    "where",
    "went",
    "но",
    "but",
    "only",
    "только",
    "ли",
    "whether",
    "в",
    "in",
    "into",
    "a",
    "about",
    "о",
    "об",
    "игра",
    "play",
];
const LIGHT_AFTER_TELL: &[&str] = &[
    "only",
    "только",
    "me",
    "мне",
    "tell",
    "report",
    "сообщить",
    "сообщи",
    "скажи",
];
const LIGHT_CONT: &[&str] = &[
    "но",
    "but",
    "не",
    "сообщить",
    "сообщи",
    "скажи",
    "tell",
    "report",
    "только",
    "only",
    "ли",
];
const HALF: &[&str] = &[
    "вполутемную",
    "полутемную",
    "half",
    "half-dark",
    "halfdark",
    "semi-dark",
    "semidark",
];
const DARK: &[&str] = &[
    "не",
    "not",
    "don't",
    "dont",
    "no",
    "dark",
    "втемную",
    "темную",
    "вслепую",
    "blind",
    "blindly",
    "silent",
    "silently",
];
const BUMP: &[&str] = &[
    "стенка",
    "стенку",
    "стенки",
    "стену",
    "стена",
    "стены",
    "стеной",
    "стенкой",
    "wall",
    "walls",
    "упрусь",
    "уперся",
    "упрешься",
    "упираюсь",
    "стукнусь",
    "стукнулся",
    "ударюсь",
    "ударился",
    "bump",
    "bumps",
    "bumped",
    "hit",
    "hits",
    "blocked",
    "нельзя",
    "cannot",
    "can't",
];
const THROUGH: &[&str] = &[
    "пройду",
    "прошел",
    "пройдет",
    "пройдешь",
    "получится",
    "получилось",
    "удастся",
    "удалось",
    "through",
    "succeed",
    "succeeds",
    "moved",
];
const COND_FILLER: &[&str] = &[
    "я",
    "i",
    "i'm",
    "im",
    "me",
    "my",
    "there",
    "there's",
    "is",
    "are",
    "a",
    "an",
    "the",
    "any",
    "в",
    "во",
    "на",
    "into",
    "in",
    "on",
    "onto",
    "to",
    "at",
    "it",
    "will",
    "ли",
    "do",
    "does",
    "did",
    "же",
    "вдруг",
    "будет",
    "есть",
    "get",
    "gets",
    "got",
    "reach",
    "come",
    "arrive",
    "приду",
    "пришел",
    "окажусь",
    "оказался",
    "окажется",
    "попаду",
    "попал",
    "попадаю",
    "попадет",
    "find",
    "found",
    "finds",
    "найду",
    "нашел",
    "найдется",
    "найдешь",
    "обнаружу",
    "увижу",
    "see",
    "lands",
    "landed",
    "land",
    "клетка",
    "клетку",
    "cell",
    "тут",
    "там",
    "here",
];
const REFILL: &[&str] = &[
    "пополнять",
    "пополняй",
    "пополнение",
    "пополнения",
    "пополняться",
    "пополнить",
    "пополнюсь",
    "refill",
    "refilling",
    "rearm",
    "reload",
    "restock",
];
const REFILL_TAIL: &[&str] = &[
    "запасы",
    "запас",
    "боекомплект",
    "в",
    "арсенале",
    "at",
    "in",
    "the",
    "arsenal",
    "ammo",
    "please",
];
const NEW_PICK: &[&str] = &[
    "новый",
    "новую",
    "новое",
    "найденный",
    "вновь",
    "верхний",
    "последний",
    "new",
    "newer",
    "newest",
    "newly",
    "fresh",
    "top",
    "topmost",
    "last",
];
const OLD_PICK: &[&str] = &[
    "старый",
    "старую",
    "прежний",
    "свой",
    "old",
    "older",
    "previous",
    "own",
    "my",
];
/// What "оставляю …" keeps rather than leaves ("оставляю свой клад" leaves it).
const KEEP_WHICH: &[&str] = &["старый", "прежний", "новый", "найденный"];
const BOTTOM_PICK: &[&str] = &["нижний", "bottom", "lowest", "bottommost"];
const PICK_FILLER: &[&str] = &[
    "the",
    "a",
    "клад",
    "treasure",
    "one",
    "номер",
    "number",
    "самый",
    "себе",
    "найденный",
    "found",
];
const FROM_BOTTOM: &[&str] = &["снизу", "from", "the", "bottom"];
const CURRENT: &[&str] = &[
    "течению",
    "течение",
    "current",
    "stream",
    "flow",
    "downstream",
];
const CYCLE: &[&str] = &["циклу", "цикл", "кругу", "cycle", "loop"];
const MOVE_WAY: &[&str] = &["по", "with", "along", "the", "by", "via"];
const DIR_PREFIX: &[&str] = &[
    "в",
    "во",
    "на",
    "to",
    "the",
    "towards",
    "toward",
    "onto",
    "into",
    "on",
    "at",
    "клетку",
    "клетка",
    "cell",
    "соседнюю",
    "соседняя",
    "соседней",
    "neighbour",
    "neighbouring",
    "neighboring",
    "neighbor",
    "adjacent",
    "my",
];
const DIR_TAIL: &[&str] = &[
    "от",
    "меня",
    "of",
    "me",
    "side",
    "сторону",
    "стороны",
    "стороне",
];
const HERE_PREFIX: &[&str] = &["в", "во", "at", "into", "in", "on", "to", "the"];
const HERE: &[&str] = &["сюда", "здесь", "тут", "here", "себе", "под", "myself"];
const OWN: &[&str] = &["свою", "мою", "эту", "own", "my", "this", "current"];
const CELL: &[&str] = &["клетку", "клетка", "cell", "square"];
const WHERE: &[&str] = &["где", "where"];
const HERE_TAIL: &[&str] = &[
    "клетку",
    "клетка",
    "cell",
    "square",
    "own",
    "где",
    "where",
    "нахожусь",
    "стою",
    "я",
    "i",
    "am",
    "i'm",
    "stand",
    "standing",
    "под",
    "ноги",
    "feet",
    "my",
    "сейчас",
    "now",
];
const AT_PLAYER: &[&str] = &["в", "во", "at", "in", "into"];
const ON_CELL: &[&str] = &["на", "on", "at", "in"];
const PLAYER_WORD: &[&str] = &["игрока", "player", "the"];
/// A wall to build (modification 11), the noun alone.
const WALL_NOUN: &[&str] = &["стену", "стенку", "стена", "стенка", "wall"];
/// Words around a wall to build: "a new wall", "wall of cement", "стенку из цемента".
const BUILD_FILLER: &[&str] = &[
    "a",
    "the",
    "new",
    "новую",
    "with",
    "of",
    "cement",
    "цементом",
    "из",
    "цемента",
];
/// The boomerang (modification 15).
const BOOMERANG: &[&str] = &["бумеранг", "бумерангом", "boomerang"];
const WALL: &[&str] = &[
    "стенку",
    "стену",
    "стенка",
    "стенки",
    "стены",
    "стена",
    "wall",
    "the",
    "a",
    "гранатой",
    "grenade",
    "with",
    "using",
];
const MINE_WORDS: &[&str] = &[
    "мину",
    "mine",
    "a",
    "the",
    "my",
    "свою",
    "взведенную",
    "armed",
];
const ARMED: &[&str] = &["взведенную", "взведенная", "armed"];
const THING_FILLER: &[&str] = &[
    "там",
    "тут",
    "здесь",
    "here",
    "there",
    "the",
    "a",
    "an",
    "my",
    "мой",
    "мою",
    "свой",
    "свою",
    "свои",
    "мои",
];
const OBJECT_FILLER: &[&str] = &["the", "a", "мои", "свои", "my", "of"];
const PRONOUN: &[&str] = &["ее", "его", "it"];
/// Words before a weapon: "with the knife", "with my feet", "в ногу".
const WEAPON_PREFIX: &[&str] = &["with", "the", "my", "a", "his"];

const SKIP_TAIL: &[&str] = &[
    "ход",
    "хода",
    "turn",
    "my",
    "мой",
    "свой",
    "this",
    "этот",
    "the",
    "a",
    "очередь",
    "move",
];
const STATUS: &[&str] = &[
    "статус",
    "status",
    "stats",
    "сколько",
    "инвентарь",
    "inventory",
    "имущество",
    "запасы",
];
const STATUS_NOUN: &[&str] = &[
    "статус",
    "status",
    "inventory",
    "инвентарь",
    "имущество",
    "stuff",
    "things",
];
const HELP: &[&str] = &["help", "помощь", "справка", "помоги", "хелп"];
const LAST_START: &[&str] = &[
    "последний",
    "последнего",
    "повтори",
    "повторите",
    "напомни",
    "last",
    "repeat",
    "remind",
];
const LAST_WORDS: &[&str] = &[
    "последний",
    "последнего",
    "повтори",
    "повторите",
    "напомни",
    "last",
    "repeat",
    "remind",
    "ход",
    "хода",
    "move",
    "turn",
    "of",
    "player",
    "игрока",
    "by",
    "the",
    "мне",
    "me",
    "пожалуйста",
    "please",
];
const LAST_MOVE: &[&str] = &["ход", "хода", "move", "turn"];
const REORDER_HEAD: &[&str] = &[
    "клетка",
    "клетку",
    "cell",
    "перезаказ",
    "перезаказываю",
    "перезаказать",
    "reorder",
    "re-order",
];
const REORDER_WORDS: &[&str] = &[
    "клетка",
    "клетку",
    "cell",
    "перезаказ",
    "перезаказываю",
    "перезаказать",
    "reorder",
    "re-order",
    "заказываю",
    "новая",
    "новую",
    "new",
    "хочу",
    "want",
    "выбираю",
    "choose",
    "i",
    "я",
    "my",
    "моя",
    "на",
    "в",
    "to",
    "at",
    "the",
    "a",
    "start",
    "начинаю",
    "с",
    "from",
    "please",
    "пожалуйста",
];

/// The reader.
struct Parser<'a> {
    text: &'a str,
    toks: &'a [Tok],
    pos: usize,
    command: bool,
    /// The maze has levels: "вверх" and "вниз" climb (the encyclopedia's modification 12).
    levels: bool,
}

impl<'a> Parser<'a> {
    // ---- looking at tokens ----

    fn word_at(&self, i: usize) -> Option<&'a str> {
        let toks: &'a [Tok] = self.toks;
        toks.get(i)
            .filter(|t| t.kind == Kind::Word)
            .map(|t| t.norm.as_str())
    }

    fn cur(&self) -> Option<&'a str> {
        self.word_at(self.pos)
    }

    fn peek(&self, k: usize) -> &'a str {
        self.word_at(self.pos + k).unwrap_or("")
    }

    fn is_sep(&self, i: usize) -> bool {
        self.toks.get(i).is_some_and(|t| t.kind == Kind::Sep)
    }

    /// Whether token `i` ends a phrase: punctuation or the end of the message.
    fn is_break(&self, i: usize) -> bool {
        i >= self.toks.len() || self.is_sep(i)
    }

    fn eat(&mut self, list: &[&str]) -> bool {
        let hit = self.cur().is_some_and(|w| is(w, list));
        if hit {
            self.pos += 1;
        }
        hit
    }

    fn eat_all(&mut self, list: &[&str]) {
        while self.eat(list) {}
    }

    fn eat_phrase(&mut self, phrases: &[&[&str]]) -> bool {
        let hit = phrases.iter().find(|ph| {
            ph.iter()
                .enumerate()
                .all(|(k, w)| self.word_at(self.pos + k) == Some(w))
        });
        if let Some(ph) = hit {
            self.pos += ph.len();
        }
        hit.is_some()
    }

    // ---- errors ----

    /// Tokens `from..=to` as typed. Indices past the end are clamped: an error must never panic.
    fn at(&self, from: usize, to: usize) -> At {
        let last = self.toks.len().saturating_sub(1);
        let (from, to) = (from.min(last), to.max(from).min(last));
        let (Some(a), Some(b)) = (self.toks.get(from), self.toks.get(to)) else {
            return At {
                text: String::new(),
                word: 0,
                chars: 0..0,
            };
        };
        let typed = self.text.get(a.bytes.0..b.bytes.1).unwrap_or_default();
        let mut text: String = typed.chars().take(QUOTE_CHARS).collect();
        if typed.chars().nth(QUOTE_CHARS).is_some() {
            text.push('…');
        }
        At {
            text,
            word: a.word,
            chars: a.chars.0..b.chars.1,
        }
    }

    fn fail(&self, problem: Problem, from: usize, to: usize) -> ParseError {
        ParseError::new(problem, Some(self.at(from, to)))
    }

    /// `expected` was not found here: the word here is wrong, or, at a phrase's end, something is
    /// missing after the last word.
    fn expected(&self, expected: Expected) -> ParseError {
        if self.cur().is_some() {
            return self.fail(Problem::NotUnderstood(expected), self.pos, self.pos);
        }
        match (0..self.pos.min(self.toks.len()))
            .rev()
            .find(|&i| self.word_at(i).is_some())
        {
            Some(i) => self.fail(Problem::Missing(expected), i, i),
            None => ParseError::new(Problem::Empty, None),
        }
    }

    // ---- requests other than orders ----

    /// Status, help, last move and re-order, which are whole messages of their own.
    fn meta(&mut self) -> Result<Option<Request>, ParseError> {
        let (w0, w1, w2) = (self.peek(0), self.peek(1), self.peek(2));
        // Kodex Б §6.4: a player may ask his status before and after his move.
        let status = is(w0, STATUS)
            || (is(w0, &["мой", "my"]) && is(w1, STATUS_NOUN))
            || (is(w0, &["что", "чего"]) && w1 == "у" && w2 == "меня")
            || (w0 == "what" && (1..=3).any(|k| is(self.peek(k), &["have", "got"])))
            || (w0 == "how" && w1 == "many");
        if status {
            return Ok(Some(Request::Status));
        }
        if is(w0, HELP) {
            return Ok(Some(Request::Help));
        }
        if let Some(r) = self.last_move() {
            return Ok(Some(r));
        }
        self.reorder()
    }

    /// Kodex Б §6.3: "повтори последний ход Анны", "last move of ann", "/last".
    fn last_move(&mut self) -> Option<Request> {
        if !is(self.peek(0), LAST_START) {
            return None;
        }
        let mut said_move = self.command && self.peek(0) == "last";
        let mut i = self.pos;
        while let Some(w) = self.word_at(i).filter(|w| is(w, LAST_WORDS)) {
            said_move |= is(w, LAST_MOVE);
            i += 1;
        }
        if !said_move {
            return None;
        }
        let words: Vec<usize> = (i..self.toks.len())
            .filter(|&k| self.word_at(k).is_some())
            .collect();
        let name = match (words.first(), words.last()) {
            (Some(&a), Some(&b)) => {
                let bytes = self.toks[a].bytes.0..self.toks[b].bytes.1;
                self.text.get(bytes).map(str::to_string)
            }
            _ => None,
        };
        Some(Request::LastMove(name))
    }

    /// Kodex Б §5.5: a wounded player names his new cell — "B2", "клетка В2", "/cell B2".
    fn reorder(&mut self) -> Result<Option<Request>, ParseError> {
        let words: Vec<usize> = (self.pos..self.toks.len())
            .filter(|&k| self.word_at(k).is_some())
            .collect();
        let word = |k: usize| self.word_at(k).unwrap_or("");
        let coords: Vec<(usize, Coord)> = words
            .iter()
            .filter_map(|&k| lexicon::coord(word(k)).map(|c| (k, c)))
            .collect();
        let stray = words
            .iter()
            .find(|&&k| lexicon::coord(word(k)).is_none() && !is(word(k), REORDER_WORDS));
        if let ([(_, c)], None) = (coords.as_slice(), stray) {
            return Ok(Some(Request::Reorder(*c)));
        }
        if !is(self.peek(0), REORDER_HEAD) {
            return Ok(None);
        }
        let (problem, k) = match (coords.as_slice(), stray) {
            ([], None) => (
                Problem::Missing(Expected::Cell),
                *words.last().unwrap_or(&self.pos),
            ),
            ([], Some(&k)) => (Problem::NotUnderstood(Expected::Cell), k),
            (_, Some(&k)) => (Problem::NotUnderstood(Expected::End), k),
            ([_, (k, _), ..], None) => (Problem::NotUnderstood(Expected::End), *k),
            ([_], None) => return Ok(None),
        };
        Err(self.fail(problem, k, k))
    }

    // ---- orders ----

    /// Kodex Б §2.1: a sequence of actions, with conditions (§6.5), dark or half-dark (§6.7–§6.8),
    /// a treasure choice (§5.8) and refill refusal (§4.3) anywhere in it.
    fn order(&mut self) -> Result<Request, ParseError> {
        let mut b = Builder::default();
        loop {
            let join = self.separators();
            let before = self.pos;
            self.skip_fillers();
            if self.pos >= self.toks.len() {
                break;
            }
            if self.is_sep(self.pos) {
                continue;
            }
            let join = if self.pos == before {
                join
            } else {
                Join::Other
            };
            let start = self.pos;
            let clause = self.clause(b.last_action(), join)?;
            if self.pos == start {
                return Err(self.expected(Expected::Action));
            }
            b.add(clause, self)?;
        }
        b.finish()
    }

    /// Skips punctuation and sequencing words; says how the next phrase is joined.
    fn separators(&mut self) -> Join {
        let mut only_and = true;
        let mut any = false;
        loop {
            if self.is_sep(self.pos) {
                only_and = false;
            } else if self.eat_phrase(&[
                &["после", "этого"],
                &["after", "that"],
                &["after", "this"],
            ]) {
                only_and = false;
                any = true;
                continue;
            } else if self.cur().is_some_and(|w| is(w, SEQUENCE)) {
                only_and = false;
            } else if !self.cur().is_some_and(|w| is(w, AND)) {
                break;
            }
            any = true;
            self.pos += 1;
        }
        if any && only_and {
            Join::And
        } else {
            Join::Other
        }
    }

    /// Skips words that say nothing at a phrase's start ("я", "ну", "my turn:") and mentions.
    fn skip_fillers(&mut self) {
        while self
            .cur()
            .is_some_and(|w| is(w, FILLERS) || w.starts_with('@'))
        {
            self.pos += 1;
        }
    }

    /// One phrase. `last` is the action before, for phrases that leave out the verb.
    fn clause(&mut self, last: Option<Action>, join: Join) -> Result<Clause, ParseError> {
        let i = self.pos;
        let Some(w) = self.cur() else {
            return Err(self.expected(Expected::Action));
        };
        if is(w, IF) {
            return self.condition();
        }
        if is(w, ELSE) {
            self.pos += 1;
            return Ok(Clause::Else(i));
        }
        if self.eat_phrase(ANYWAY) {
            return Ok(Clause::Anyway);
        }
        if self.light_start() {
            return self.light();
        }
        if is(w, NEGATION) || (w == "do" && self.peek(1) == "not") {
            return self.negation();
        }
        if let Some(p) = self.bare_pick()? {
            return Ok(Clause::Pick(p));
        }
        if let Some(v) = lexicon::verb(w) {
            self.pos += 1;
            return self.verb(v, i);
        }
        if let Some(c) = self.repeated(last, join)? {
            return Ok(c);
        }
        if let Some(m) = self.stream_or_cycle() {
            return Ok(Clause::Act(Action::Move(m), None));
        }
        if let Some(d) = self.dir_phrase(false, true) {
            // Kodex Б §2.1: a bare direction is a movement ("вверх", "up").
            return Ok(Clause::Act(Action::Move(self.after_dir(d)?), None));
        }
        Err(self.expected(Expected::Action))
    }

    /// The verb left out: "стреляю влево и вправо", "оставляю клад и две пули".
    fn repeated(&mut self, last: Option<Action>, join: Join) -> Result<Option<Clause>, ParseError> {
        let i = self.pos;
        let again = match last {
            Some(Action::Shoot { .. }) if join == Join::And => {
                let aims = self.here_phrase() || self.dir_phrase(false, false).is_some();
                aims.then_some(Verb::Shoot)
            }
            Some(Action::Blow(_)) if join == Join::And => {
                self.dir_phrase(true, false).is_some().then_some(Verb::Blow)
            }
            Some(Action::Leave(_) | Action::Throw(..)) => {
                let w = self.peek(0);
                (lexicon::noun(w).is_some() || lexicon::number(w).is_some()).then_some(Verb::Put)
            }
            _ => None,
        };
        self.pos = i;
        match again {
            Some(Verb::Shoot) => self.shoot().map(Some),
            Some(Verb::Blow) => self.blow().map(Some),
            Some(_) => self.things(i).map(Some),
            None => Ok(None),
        }
    }

    fn verb(&mut self, v: Verb, i: usize) -> Result<Clause, ParseError> {
        let act = |a: Action| Ok(Clause::Act(a, None));
        match v {
            // Kodex Б §2.1: left, right, up, down, with the current, along the cycle.
            Verb::Go => {
                let m = match self.stream_or_cycle() {
                    Some(m) => m,
                    None => match self.dir_phrase(false, false) {
                        Some(d) => self.after_dir(d)?,
                        None => return Err(self.expected(Expected::Direction)),
                    },
                };
                act(Action::Move(m))
            }
            Verb::Shoot => self.shoot(),
            Verb::Blow => self.blow(),
            // Modification 11: "ставлю стену вверх" builds; "ставлю мину" sets a mine.
            Verb::Set | Verb::Put if self.wall_follows() => self.build(),
            // Kodex Б §5.8: "оставляю (себе) старый" keeps the old treasure; nothing is left.
            Verb::Put
                if self.word_at(i).is_some_and(|w| w.starts_with("остав"))
                    && (is(self.peek(0), KEEP_WHICH)
                        || (self.peek(0) == "себе" && is(self.peek(1), KEEP_WHICH))) =>
            {
                Ok(Clause::Pick(self.pick_choice()?))
            }
            Verb::Throw | Verb::Put => self.things(i),
            Verb::Set => self.set_mine(),
            Verb::Build => self.build(),
            // Kodex Б §6.6 (В §6.5): skipping a turn.
            Verb::Skip => {
                self.eat_all(SKIP_TAIL);
                act(Action::Skip)
            }
            // Kodex Б §5.8: "keep" alone keeps the old treasure.
            Verb::Take if self.word_at(i) == Some("keep") && self.is_break(self.pos) => {
                Ok(Clause::Pick(Pick::Keep))
            }
            Verb::Take => Ok(Clause::Pick(self.pick_choice()?)),
            // The encyclopedia: "ударить кинжалом"; modification 18: "бью ногами".
            Verb::Strike => match self.weapon() {
                Some(true) => act(Action::Stab),
                Some(false) => act(Action::Kick),
                None => Err(self.expected(Expected::Weapon)),
            },
            Verb::Stab => {
                self.weapon();
                act(Action::Stab)
            }
            Verb::Kick => {
                self.weapon();
                act(Action::Kick)
            }
        }
    }

    /// "ножом", "with the knife", "ногами", "with my feet": which weapon strikes.
    fn weapon(&mut self) -> Option<bool> {
        let save = self.pos;
        self.eat_all(WEAPON_PREFIX);
        if let Some(knife) = self.cur().and_then(lexicon::blade) {
            self.pos += 1;
            return Some(knife);
        }
        self.pos = save;
        None
    }

    // ---- movement ----

    /// "По течению", "with the current", "по циклу", "cycle" (Kodex Б §2.1, §4.4, §4.6).
    fn stream_or_cycle(&mut self) -> Option<Move> {
        let save = self.pos;
        self.eat_all(MOVE_WAY);
        if self.eat(CURRENT) {
            return Some(Move::Current);
        }
        if self.eat(CYCLE) {
            return Some(Move::Cycle);
        }
        self.pos = save;
        None
    }

    /// A step, unless "вниз по течению" (down the river) means the current.
    fn after_dir(&mut self, d: Dir) -> Result<Move, ParseError> {
        let at = self.pos;
        match self.stream_or_cycle() {
            None => Ok(Move::Step(d)),
            Some(Move::Current) if d == Dir::Down => Ok(Move::Current),
            Some(_) => Err(self.fail(
                Problem::NotUnderstood(Expected::Direction),
                at,
                self.pos - 1,
            )),
        }
    }

    /// A direction with its prepositions: "вправо", "в право", "на соседнюю клетку справа",
    /// "to the left", "справа от меня"; `walls` also takes "верхнюю", "top". `alone`: the phrase has
    /// no verb, and a lone "в" is "вверх" — after a verb it is the preposition of an unfinished
    /// phrase ("стреляю в …"), and guessing "up" there could waste a shot.
    fn dir_phrase(&mut self, walls: bool, alone: bool) -> Option<Dir> {
        let save = self.pos;
        for _ in 0..5 {
            let Some(w) = self.cur() else { break };
            if let Some(d) = lexicon::dir(w, walls, self.levels) {
                self.pos += 1;
                self.eat_all(DIR_TAIL);
                return Some(d);
            }
            if alone && w == "в" && self.pos == save && self.is_break(self.pos + 1) {
                self.pos += 1;
                return Some(if self.levels { Dir::Higher } else { Dir::Up });
            }
            if !is(w, DIR_PREFIX) {
                break;
            }
            self.pos += 1;
        }
        self.pos = save;
        None
    }

    // ---- shooting ----

    /// Kodex Б §5.5, В §5.5: "стреляю влево", "стреляю сюда", and §7.3 "… в Анну на C3".
    fn shoot(&mut self) -> Result<Clause, ParseError> {
        let (mut aim, mut target) = (None, None);
        for _ in 0..3 {
            if aim.is_none() {
                if self.here_phrase() {
                    aim = Some(Aim::Here);
                    continue;
                }
                if let Some(d) = self.dir_phrase(false, false) {
                    aim = Some(Aim::Dir(d));
                    continue;
                }
            }
            if target.is_none() {
                // "стреляю вправо, в Анну на C3"
                let save = self.pos;
                self.pos += usize::from(self.is_sep(self.pos));
                target = self.target();
                if target.is_some() {
                    continue;
                }
                self.pos = save;
            }
            break;
        }
        let Some(aim) = aim else {
            return Err(self.expected(Expected::Aim));
        };
        if target.is_none() && is(self.peek(0), AT_PLAYER) && self.word_at(self.pos + 1).is_some() {
            let k = self.pos + 1;
            return Err(self.fail(Problem::Missing(Expected::TargetCell), k, k));
        }
        Ok(Clause::Act(Action::Shoot { aim, target: None }, target))
    }

    /// Kodex В §2.1: "в клетку, где нахожусь", "сюда", "себе под ноги", "here", "my own cell".
    fn here_phrase(&mut self) -> bool {
        let save = self.pos;
        for _ in 0..2 {
            if !self.eat(HERE_PREFIX) {
                break;
            }
        }
        let w = self.peek(0);
        let found = if is(w, HERE) {
            self.pos += 1;
            true
        } else if is(w, OWN) {
            self.pos += 1;
            self.eat(&["own"]);
            self.eat(CELL)
        } else {
            is(w, CELL)
                && (is(self.peek(1), WHERE)
                    || (self.is_sep(self.pos + 1) && is(self.peek(2), WHERE)))
        };
        if !found {
            self.pos = save;
            return false;
        }
        loop {
            if self.eat(HERE_TAIL) {
                continue;
            }
            if self.is_sep(self.pos) && is(self.peek(1), WHERE) {
                self.pos += 1;
                continue;
            }
            break;
        }
        true
    }

    /// Kodex Б §7.3: "в Анну на C3", "at ann on C3", "в игрока Анна C3": the name as typed.
    fn target(&mut self) -> Option<(String, Coord)> {
        let save = self.pos;
        if !self.eat(AT_PLAYER) {
            return None;
        }
        self.eat_all(PLAYER_WORD);
        let first = self.pos;
        for len in 1..=3 {
            let last = first + len - 1;
            if self.word_at(last).is_none() {
                break;
            }
            let mut j = last + 1;
            if self.word_at(j).is_some_and(|w| is(w, ON_CELL)) {
                j += 1;
            }
            if let Some(c) = self.word_at(j).and_then(lexicon::coord) {
                let bytes = self.toks[first].bytes.0..self.toks[last].bytes.1;
                let name = self.text.get(bytes).unwrap_or_default().to_string();
                self.pos = j + 1;
                return Some((name, c));
            }
        }
        self.pos = save;
        None
    }

    // ---- grenades, things, mines ----

    /// Kodex Б §5.4: "взрываю стенку справа", "blow the right wall", "blow up" (the wall above).
    fn blow(&mut self) -> Result<Clause, ParseError> {
        if self.peek(0) == "up" {
            // "Blow up the left wall": here "up" belongs to the verb.
            self.pos += 1;
            let after = self.pos;
            self.eat_all(WALL);
            let d = self.dir_phrase(true, false).unwrap_or_else(|| {
                self.pos = after;
                Dir::Up
            });
            self.eat_all(WALL);
            return Ok(Clause::Act(Action::Blow(d), None));
        }
        self.eat_all(WALL);
        let Some(d) = self.dir_phrase(true, false) else {
            return Err(self.expected(Expected::WallSide));
        };
        self.eat_all(WALL);
        Ok(Clause::Act(Action::Blow(d), None))
    }

    /// Whether the words after the verb name a wall to build ("стену", "a wall").
    fn wall_follows(&self) -> bool {
        let at = |k: usize| self.peek(k);
        // "Put up a wall": here "up" belongs to the verb.
        let mut k = usize::from(at(0) == "up");
        k += usize::from(is(at(k), BUILD_FILLER));
        is(at(k), WALL_NOUN)
    }

    /// Encyclopedia, modification 11: "поставить стену в указанном направлении".
    fn build(&mut self) -> Result<Clause, ParseError> {
        if self.wall_follows() && self.peek(0) == "up" {
            self.pos += 1;
        }
        self.eat_all(BUILD_FILLER);
        self.eat_all(WALL);
        self.eat_all(BUILD_FILLER);
        let Some(d) = self.dir_phrase(true, false) else {
            return Err(self.expected(Expected::WallSide));
        };
        self.eat_all(WALL);
        self.eat_all(BUILD_FILLER);
        Ok(Clause::Act(Action::Build(d), None))
    }

    /// Kodex Б §5.2: leaving a thing or throwing it to a neighbour; an armed mine is set (§5.7).
    /// Encyclopedia, modification 15: "кидаю бумеранг влево".
    fn things(&mut self, verb: usize) -> Result<Clause, ParseError> {
        self.eat_all(THING_FILLER);
        if self.eat(BOOMERANG) {
            let Some(d) = self.dir_phrase(false, false) else {
                return Err(self.expected(Expected::Direction));
            };
            return Ok(Clause::Act(Action::Boomerang(d), None));
        }
        let (mut armed, mut thing, mut dir, mut it) = (false, None, None, false);
        for _ in 0..4 {
            self.eat_all(THING_FILLER);
            if thing.is_none() && !it {
                if self.eat(ARMED) {
                    armed = true;
                    continue;
                }
                if let Some(t) = self.object()? {
                    thing = Some(t);
                    continue;
                }
                if self.eat(PRONOUN) {
                    it = true;
                    continue;
                }
            }
            if dir.is_none() {
                dir = self.dir_phrase(false, false);
                if dir.is_some() {
                    continue;
                }
            }
            break;
        }
        match thing {
            Some(Thing::Mine) if armed => Ok(Clause::Act(Action::SetMine(dir), None)),
            Some(t) if !armed => Ok(Clause::Act(
                dir.map_or(Action::Leave(t), |d| Action::Throw(t, d)),
                None,
            )),
            Some(_) => Err(self.fail(Problem::NotUnderstood(Expected::Thing), verb, self.pos - 1)),
            None if armed => Ok(Clause::Act(Action::SetMine(dir), None)),
            None if self.is_break(self.pos) || lexicon::verb(self.peek(0)).is_some() => {
                Ok(Clause::ThrowIt { dir, verb })
            }
            None => Err(self.expected(Expected::Thing)),
        }
    }

    /// A thing with its count: "клад", "2 пули", "одну гранату", "two bullets".
    fn object(&mut self) -> Result<Option<Thing>, ParseError> {
        let save = self.pos;
        let count = self.cur().and_then(lexicon::number).map(|n| (n, self.pos));
        if count.is_some() {
            self.pos += 1;
        }
        let all = count.is_none() && self.eat(&["все", "all"]);
        self.eat_all(OBJECT_FILLER);
        if all && self.cur().and_then(lexicon::noun).is_some() {
            // "Бросаю все пули": the player may not know how many he has; the engine needs a number.
            return Err(self.fail(Problem::HowMany, save, self.pos));
        }
        let Some((kind, many)) = self.cur().and_then(lexicon::noun) else {
            if count.is_some() {
                return Err(self.expected(Expected::Thing));
            }
            self.pos = save;
            return Ok(None);
        };
        let noun = self.pos;
        self.pos += 1;
        let one = |t: Thing| match (count, many) {
            (Some((1, _)), _) | (None, Many::One) => Ok(Some(t)),
            _ => Err(self.fail(Problem::OnlyOne, save, noun)),
        };
        let n = match (count, many) {
            (Some((n, at)), _) => {
                u8::try_from(n).map_err(|_| self.fail(Problem::NumberTooBig, at, at))
            }
            (None, Many::One) => Ok(1),
            (None, Many::Several) => Err(self.fail(Problem::HowMany, noun, noun)),
        };
        match kind {
            ThingKind::Treasure => one(Thing::Treasure),
            ThingKind::Corpse => one(Thing::Corpse),
            ThingKind::Mine => one(Thing::Mine),
            ThingKind::Bullets => Ok(Some(Thing::Bullets(n?))),
            ThingKind::Grenades => Ok(Some(Thing::Grenades(n?))),
        }
    }

    /// Kodex Б §5.7: "ставлю мину", "ставлю мину справа", "set mine left".
    fn set_mine(&mut self) -> Result<Clause, ParseError> {
        self.eat_all(MINE_WORDS);
        let dir = if self.here_phrase() {
            None
        } else {
            self.dir_phrase(false, false)
        };
        Ok(Clause::Act(Action::SetMine(dir), None))
    }

    // ---- treasure choice, refilling, light ----

    /// A treasure choice said without a verb: "новый", "old", "второй снизу".
    fn bare_pick(&mut self) -> Result<Option<Pick>, ParseError> {
        let w = self.peek(0);
        let word = is(w, NEW_PICK) || is(w, BOTTOM_PICK) || is(w, &["старый", "old"]);
        let ordinal = lexicon::ordinal(w).is_some() && is(self.peek(1), &["снизу", "from"]);
        if word || ordinal {
            return self.pick_choice().map(Some);
        }
        Ok(None)
    }

    /// Kodex Б §5.8: "новый", "старый", "нижний", "второй снизу", "верхний", "2nd from bottom".
    fn pick_choice(&mut self) -> Result<Pick, ParseError> {
        self.eat_all(PICK_FILLER);
        let w = self.peek(0);
        let at = self.pos;
        let pick = if is(w, NEW_PICK) {
            Pick::New
        } else if is(w, OLD_PICK) {
            Pick::Keep
        } else if is(w, BOTTOM_PICK) {
            Pick::FromBottom(1)
        } else if let Some(n) = lexicon::ordinal(w) {
            match u8::try_from(n) {
                Ok(0) => return Err(self.fail(Problem::NotUnderstood(Expected::Pick), at, at)),
                Ok(n) => Pick::FromBottom(n),
                Err(_) => return Err(self.fail(Problem::NumberTooBig, at, at)),
            }
        } else {
            return Err(self.expected(Expected::Pick));
        };
        self.pos += 1;
        self.eat_all(PICK_FILLER);
        self.eat_all(FROM_BOTTOM);
        self.eat_all(PICK_FILLER);
        Ok(pick)
    }

    /// Kodex Б §4.3: "не пополнять", "no refill"; "не сообщать" is taken by [`Self::light`].
    fn negation(&mut self) -> Result<Clause, ParseError> {
        self.pos += 1;
        self.eat(&["not"]);
        if !self.eat(REFILL) {
            return Err(self.expected(Expected::Negation));
        }
        self.eat_all(REFILL_TAIL);
        Ok(Clause::Refill)
    }

    fn light_start(&self) -> bool {
        let (w0, w1, w2) = (self.peek(0), self.peek(1), self.peek(2));
        is(w0, LIGHT_START)
            || (is(w0, NEGATION) && is(w1, TELL))
            || (w0 == "do" && w1 == "not" && is(w2, TELL))
            || (w0 == "в" && is(w1, &["темную", "полутемную"]))
            || (w0 == "in" && (w1 == "dark" || (w1 == "the" && w2 == "dark")))
    }

    /// Kodex Б §6.7–§6.8: "результат не сообщать" (dark), "… но сообщить, не стукнулся ли я в
    /// стенку", "tell only if wall", "half-dark" (half-dark).
    fn light(&mut self) -> Result<Clause, ParseError> {
        let (mut half, mut dark, mut prev) = (false, false, "");
        loop {
            if let Some(w) = self.cur() {
                let word = is(w, LIGHT_START)
                    || is(w, LIGHT_MORE)
                    || is(w, TELL)
                    || is(w, BUMP)
                    || (is(w, &["если", "if"]) && is(prev, LIGHT_AFTER_TELL));
                if !word || (is(w, NEGATION) && is(self.peek(1), REFILL)) {
                    break;
                }
                half |= is(w, HALF) || is(w, BUMP);
                dark |= is(w, DARK);
                prev = w;
                self.pos += 1;
            } else if self.is_sep(self.pos)
                && is(self.peek(1), LIGHT_CONT)
                && !is(self.peek(2), REFILL)
            {
                self.pos += 1;
            } else {
                break;
            }
        }
        match (half, dark) {
            (true, _) => Ok(Clause::Light(Light::HalfDark)),
            (false, true) => Ok(Clause::Light(Light::Dark)),
            (false, false) => Err(self.expected(Expected::LightMode)),
        }
    }

    // ---- conditions ----

    /// Kodex Б §6.5: "если найду клад", "если попаду в яму", "если стенка", "если не стенка",
    /// "if I land in a pit", "if no wall"; "если нет" is "otherwise".
    fn condition(&mut self) -> Result<Clause, ParseError> {
        let start = self.pos;
        self.pos += 1;
        let mut c = CondWords::default();
        let mut prev = "if";
        while let Some(w) = self.cur() {
            if is(w, &["то", "then", "и", "and", "а"]) {
                break;
            }
            if w == "end" && self.peek(1) == "up" {
                self.pos += 2;
                continue;
            }
            if w != "land"
                && (lexicon::verb(w).is_some() || lexicon::dir(w, false, false).is_some())
            {
                break;
            }
            if !c.take(w, prev) {
                return Err(self.fail(
                    Problem::NotUnderstood(Expected::Condition),
                    self.pos,
                    self.pos,
                ));
            }
            prev = w;
            self.pos += 1;
        }
        let last = self.pos.max(start + 1) - 1;
        let cond = c.condition().map_err(|p| self.fail(p, start, last))?;
        loop {
            if self.is_sep(self.pos) {
                self.pos += 1;
            } else if !self.eat(&["то", "then"]) {
                break;
            }
        }
        Ok(match cond {
            Some(cond) => Clause::If(cond, last),
            None => Clause::Else(start),
        })
    }
}

/// The words of one condition, sorted by what they say.
#[derive(Default)]
struct CondWords {
    negated: bool,
    bump: bool,
    through: bool,
    cell: Vec<crate::game::event::CellSeen>,
    thing: Vec<ThingKind>,
}

impl CondWords {
    /// Notes the word; false if it has no place in a condition. `prev` tells the verb "land" ("if I
    /// land in a pit") from the cell ("if on land").
    fn take(&mut self, w: &str, prev: &str) -> bool {
        use crate::game::event::CellSeen;
        if is(w, NEGATION) {
            self.negated = true;
        } else if is(w, BUMP) {
            self.bump = true;
        } else if is(w, THROUGH) {
            self.through = true;
        } else if w == "land" {
            if is(prev, &["on", "onto", "dry", "if"]) {
                self.cell.push(CellSeen::Land);
            }
        } else if let Some(c) = lexicon::cell(w) {
            self.cell.push(c);
        } else if let Some((k, _)) = lexicon::noun(w) {
            self.thing.push(k);
        } else {
            return is(w, COND_FILLER);
        }
        true
    }

    /// The condition; `None` for a bare "если нет" (otherwise).
    fn condition(mut self) -> Result<Option<Condition>, Problem> {
        self.cell.dedup();
        self.thing.dedup();
        let wall = self.bump || self.through;
        let kinds = usize::from(wall) + self.cell.len() + self.thing.len();
        if kinds > 1 {
            return Err(Problem::NotUnderstood(Expected::Condition));
        }
        if wall {
            let bumped = (self.bump && !self.through) != self.negated;
            return Ok(Some(if bumped {
                Condition::Bumped
            } else {
                Condition::NotBumped
            }));
        }
        if kinds == 1 && self.negated {
            return Err(Problem::NegatedCondition);
        }
        if let Some(&c) = self.cell.first() {
            return Ok(Some(Condition::Landed(c)));
        }
        if let Some(&k) = self.thing.first() {
            return Ok(Some(Condition::Found(k)));
        }
        if self.negated {
            return Ok(None);
        }
        Err(Problem::Missing(Expected::Condition))
    }
}

/// A condition still taking actions, and the error if it ends with none.
struct Open {
    cond: Condition,
    actions: Vec<Action>,
    /// Whether a choice of the whole turn was said in it ("если найду клад, беру новый").
    settings: bool,
    empty: ParseError,
}

/// Assembles the order from its phrases.
#[derive(Default)]
struct Builder {
    parts: Vec<Part>,
    open: Option<Open>,
    last_condition: Option<Condition>,
    light: Light,
    pick: Option<Pick>,
    refill: bool,
    targets: Vec<NamedTarget>,
    actions: usize,
}

impl Builder {
    fn last_action(&self) -> Option<Action> {
        match (&self.open, self.parts.last()) {
            (Some(o), _) => o.actions.last().copied(),
            (None, Some(Part::Do(a))) => Some(*a),
            (None, Some(Part::If(_, v))) => v.last().copied(),
            (None, None) => None,
        }
    }

    fn last_action_mut(&mut self) -> Option<&mut Action> {
        match (&mut self.open, self.parts.last_mut()) {
            (Some(o), _) => o.actions.last_mut(),
            (None, Some(Part::Do(a))) => Some(a),
            (None, Some(Part::If(_, v))) => v.last_mut(),
            (None, None) => None,
        }
    }

    fn push(&mut self, a: Action, target: Option<(String, Coord)>) {
        if let Some((name, cell)) = target {
            self.targets.push(NamedTarget {
                action: self.actions,
                name,
                cell,
            });
        }
        self.actions += 1;
        match &mut self.open {
            Some(o) => o.actions.push(a),
            None => self.parts.push(Part::Do(a)),
        }
    }

    fn close(&mut self) -> Result<(), ParseError> {
        match self.open.take() {
            Some(o) if o.actions.is_empty() && !o.settings => return Err(o.empty),
            Some(o) if !o.actions.is_empty() => self.parts.push(Part::If(o.cond, o.actions)),
            _ => {}
        }
        Ok(())
    }

    fn open(&mut self, cond: Condition, last: usize, p: &Parser) -> Result<(), ParseError> {
        self.close()?;
        self.last_condition = Some(cond);
        self.open = Some(Open {
            cond,
            actions: vec![],
            settings: false,
            empty: p.fail(Problem::Missing(Expected::Action), last, last),
        });
        Ok(())
    }

    fn add(&mut self, c: Clause, p: &Parser) -> Result<(), ParseError> {
        // A treasure choice or a refill refusal under a condition on finding treasure or landing in
        // an arsenal means the same said for the whole turn; how much to tell does not, so a
        // condition with only that still lacks its actions.
        if let (Some(o), Clause::Pick(_) | Clause::Refill) = (&mut self.open, &c) {
            o.settings = true;
        }
        match c {
            Clause::Act(a, target) => self.push(a, target),
            // Kodex Б §5.7: a mine armed, then thrown to a neighbour.
            Clause::ThrowIt { dir, verb } => match self.last_action_mut() {
                Some(a @ Action::SetMine(None)) => *a = Action::SetMine(dir),
                _ => return Err(p.fail(Problem::Missing(Expected::Thing), verb, verb)),
            },
            Clause::If(cond, last) => self.open(cond, last, p)?,
            Clause::Else(at) => {
                let opposite = match self.last_condition {
                    Some(Condition::Bumped) => Condition::NotBumped,
                    Some(Condition::NotBumped) => Condition::Bumped,
                    _ => return Err(p.fail(Problem::ElseNeedsWall, at, at)),
                };
                self.open(opposite, at, p)?;
            }
            Clause::Anyway => self.close()?,
            // Half-dark asks for more than dark: "не сообщать, но сообщить, не стукнулся ли я".
            Clause::Light(l) => {
                if self.light != Light::HalfDark {
                    self.light = l;
                }
            }
            Clause::Pick(pick) => self.pick = Some(pick),
            Clause::Refill => self.refill = true,
        }
        Ok(())
    }

    fn finish(mut self) -> Result<Request, ParseError> {
        self.close()?;
        if self.parts.is_empty() && self.light == Light::Full && !self.refill {
            return match self.pick {
                Some(p) => Ok(Request::Choose(p)),
                None => Err(ParseError::new(Problem::Empty, None)),
            };
        }
        Ok(Request::Order(ParsedOrder {
            order: Order {
                parts: self.parts,
                light: self.light,
                pick: self.pick.unwrap_or_default(),
                decline_refill: self.refill,
            },
            targets: self.targets,
        }))
    }
}

//! What can be wrong with a plan's text, and how to say it to the master (`config/locales/*/plan.ftl`).

use std::fmt;

use crate::geometry::{Coord, Dir, Size};
use crate::item::Item;
use bot_core::i18n::{Arg, Lang, Localize};

/// One problem of a plan's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// 1-based line in the text as given (code fences and blank lines count).
    pub line: usize,
    /// The cell the problem is about, when there is one.
    pub cell: Option<Coord>,
    /// What is wrong.
    pub kind: SyntaxErrorKind,
}

/// What a master typed instead of a Cyrillic letter's Latin twin, by what the letter means in the
/// rule book's cell names (С суша, Я яма, Р река) or looks like (М, А, У, Е).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CyrillicHint {
    /// Type this Latin letter instead.
    Latin(char),
    /// `С` (суша): land is written `.`.
    Land,
    /// `Я` (яма): a pit is written like `a1`.
    Pit,
    /// `Р` (река): a river is written as its flow, `> < ^ v`.
    River,
}

/// The kinds of problem a plan's text can have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SyntaxErrorKind {
    /// Nothing but blank lines (or an empty code block).
    Empty,
    /// The text is over [`super::MAX_PLAN_BYTES`].
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// A control character other than tab and line ends: a binary file, not a plan.
    ControlCharacter {
        /// The character's code point.
        code: u32,
    },
    /// The first line is not `labyrinth WxH …`.
    NoHeader,
    /// `labyrinth` with no size after it.
    MissingSize,
    /// The size is not `WxH` with sides 1..=26.
    BadSize {
        /// What stands where the size belongs.
        found: String,
    },
    /// A header word that is not `key=value`.
    NotASetting {
        /// The word.
        found: String,
    },
    /// A setting other than `cure` and `nstop`.
    UnknownSetting {
        /// Its key.
        key: String,
    },
    /// A setting given twice.
    DuplicateSetting {
        /// Its key.
        key: String,
    },
    /// A setting whose value is not a whole number from 1.
    BadSettingValue {
        /// Its key.
        key: String,
        /// The value written.
        value: String,
    },
    /// The drawing has fewer than 2·H+1 lines.
    MissingLines {
        /// The size in the header.
        size: Size,
        /// 2·H+1.
        expected: usize,
        /// Lines found before the text (or the items) ended.
        found: usize,
    },
    /// Text after the last line of the drawing that is not the items section.
    ExtraLine {
        /// The size in the header.
        size: Size,
        /// The line the drawing ends at.
        last: usize,
    },
    /// A drawing line longer than 4·W+1 characters, trailing spaces aside.
    LineTooLong {
        /// The size in the header.
        size: Size,
        /// 4·W+1.
        max: usize,
    },
    /// A blank line inside the drawing.
    BlankLine,
    /// A tab inside the drawing, where columns must line up.
    Tab,
    /// A long dash, which keyboards and chat apps put in for `--` and which shifts the columns.
    LongDash {
        /// The dash.
        found: char,
    },
    /// Where a wall line belongs stands a line with no corner `+` at all.
    NotAWallLine,
    /// Where a cell line belongs stands a line of corners.
    NotACellLine,
    /// A wall line without `+` at a corner.
    BadCorner {
        /// 1-based character column.
        column: usize,
        /// What stands there.
        found: char,
    },
    /// A character outside ASCII that has no obvious Latin twin.
    NonAscii {
        /// The character.
        found: char,
    },
    /// A Cyrillic letter where a Latin one (or a symbol) belongs.
    Cyrillic {
        /// The letter.
        found: char,
        /// What to write instead.
        hint: CyrillicHint,
    },
    /// The text between two cells is not a side. The error's cell is the upper or left one.
    BadInnerSide {
        /// The lower or right cell.
        other: Coord,
        /// The text found.
        found: String,
    },
    /// The text on the border is not a border side. The error's cell is the cell inside it.
    BadBorderSide {
        /// The side of the cell the text stands on.
        dir: Dir,
        /// The text found.
        found: String,
    },
    /// `###` or `#` on the border, where the outer wall is unbreakable anyway.
    SolidOnBorder {
        /// The side of the cell the text stands on.
        dir: Dir,
        /// The text found.
        found: String,
    },
    /// `~~~` or `~` between cells: closed exits lie on the border only (Kodex Б §1.4).
    ClosedExitInside {
        /// The lower or right cell.
        other: Coord,
        /// The text found.
        found: String,
    },
    /// A cell of three spaces.
    EmptyCell,
    /// A cell text that is no glyph.
    BadGlyph {
        /// The trimmed text.
        found: String,
    },
    /// `m`, `u`, `e` for `M`, `U`, `E`.
    LowercaseGlyph {
        /// The letter found.
        found: char,
        /// The capital to write.
        instead: char,
    },
    /// A pit with a capital cycle letter (`A1`), which reads like a cell name.
    PitUppercase {
        /// The text found.
        found: String,
        /// The pit in lowercase.
        instead: String,
    },
    /// Pit place 0 (`a0`).
    PitPlaceZero {
        /// The text found.
        found: String,
    },
    /// A pit place with a leading zero (`a01`).
    PitLeadingZero {
        /// The text found.
        found: String,
        /// The same pit written canonically.
        instead: String,
    },
    /// `items:` with more text on the same line.
    ItemsLabelWithText,
    /// `arsenals:` with more text on the same line.
    ArsenalsLabelWithText,
    /// An `arsenals:` line with a cell and nothing it gives.
    MissingSupply,
    /// A word of an `arsenals:` line that is no supply.
    UnknownSupply {
        /// The word.
        found: String,
    },
    /// The same arsenal listed twice in `arsenals:`.
    RepeatedStock,
    /// A maze of levels whose drawing does not give each level under its line `level N`, in order
    /// (the encyclopedia's modification 12).
    MissingLevel {
        /// The first level missing or out of place, from 1.
        level: u8,
    },
    /// Text after `stairs:` on its line.
    StairsLabelWithText,
    /// A stair on the highest level: there is no level above it. The error's cell is the stair.
    StairOnTop {
        /// The levels in the header.
        levels: u8,
    },
    /// A `bear:` line that is neither `den <cell>` nor `path <directions>`, or no den.
    BadBearLine,
    /// A word of the bear's path that is no direction.
    BadBearDir {
        /// The word.
        found: String,
    },
    /// An item line that does not begin with a cell name.
    BadItemCell {
        /// The first word.
        found: String,
    },
    /// An item on a cell beyond the board. The error's cell is that cell.
    ItemOffBoard {
        /// The size in the header.
        size: Size,
    },
    /// An item line with a cell and nothing else.
    MissingItem,
    /// A word that is no item keyword.
    UnknownItem {
        /// The word.
        found: String,
    },
    /// `bullets` or `grenades` without a count.
    MissingCount {
        /// The item.
        item: Item,
    },
    /// A count that is not a whole number from 1.
    BadCount {
        /// The text found.
        found: String,
    },
    /// Words after the count.
    ExtraWords {
        /// The extra words.
        found: String,
    },
}

/// Where a message puts the line and the cell.
enum Place {
    /// About the whole text: no line.
    Text,
    /// `line 4: …`; the message names any cells itself.
    Line,
    /// `line 4, C2: …` when the error has a cell.
    Cell,
}

/// The most characters of the master's own text quoted back, so a pasted essay does not come back.
const QUOTE_MAX: usize = 24;

impl SyntaxErrorKind {
    /// The Fluent message id; `cell` picks between an inner wall and an inner side.
    fn message_id(&self, cell: Option<Coord>) -> &'static str {
        use SyntaxErrorKind as K;
        match self {
            K::Empty => "plan-empty",
            K::TooLong { .. } => "plan-too-long",
            K::ControlCharacter { .. } => "plan-control-character",
            K::NoHeader => "plan-no-header",
            K::MissingSize => "plan-missing-size",
            K::BadSize { .. } => "plan-bad-size",
            K::NotASetting { .. } => "plan-not-a-setting",
            K::UnknownSetting { .. } => "plan-unknown-setting",
            K::DuplicateSetting { .. } => "plan-duplicate-setting",
            K::BadSettingValue { .. } => "plan-bad-setting-value",
            K::MissingLines { .. } => "plan-missing-lines",
            K::ExtraLine { .. } => "plan-extra-line",
            K::LineTooLong { .. } => "plan-line-too-long",
            K::BlankLine => "plan-blank-line",
            K::Tab => "plan-tab",
            K::LongDash { .. } => "plan-long-dash",
            K::NotAWallLine => "plan-not-a-wall-line",
            K::NotACellLine => "plan-not-a-cell-line",
            K::BadCorner { .. } => "plan-bad-corner",
            K::NonAscii { .. } => "plan-non-ascii",
            K::Cyrillic { hint, .. } => match hint {
                CyrillicHint::Latin(_) => "plan-cyrillic-latin",
                CyrillicHint::Land => "plan-cyrillic-land",
                CyrillicHint::Pit => "plan-cyrillic-pit",
                CyrillicHint::River => "plan-cyrillic-river",
            },
            K::BadInnerSide { other, .. } if cell.is_some_and(|c| c.row == other.row) => {
                "plan-bad-inner-side"
            }
            K::BadInnerSide { .. } => "plan-bad-inner-wall",
            K::BadBorderSide {
                dir: Dir::Up | Dir::Down,
                ..
            } => "plan-bad-border-wall",
            K::BadBorderSide { .. } => "plan-bad-border-side",
            K::SolidOnBorder { .. } => "plan-solid-on-border",
            K::ClosedExitInside { .. } => "plan-closed-exit-inside",
            K::EmptyCell => "plan-empty-cell",
            K::BadGlyph { .. } => "plan-bad-glyph",
            K::LowercaseGlyph { .. } => "plan-lowercase-glyph",
            K::PitUppercase { .. } => "plan-pit-uppercase",
            K::PitPlaceZero { .. } => "plan-pit-place-zero",
            K::PitLeadingZero { .. } => "plan-pit-leading-zero",
            K::ItemsLabelWithText => "plan-items-label-text",
            K::ArsenalsLabelWithText => "plan-arsenals-label-text",
            K::MissingSupply => "plan-missing-supply",
            K::UnknownSupply { .. } => "plan-unknown-supply",
            K::RepeatedStock => "plan-repeated-stock",
            K::MissingLevel { .. } => "plan-missing-level",
            K::StairsLabelWithText => "plan-stairs-label-text",
            K::StairOnTop { .. } => "plan-stair-on-top",
            K::BadBearLine => "plan-bad-bear-line",
            K::BadBearDir { .. } => "plan-bad-bear-dir",
            K::BadItemCell { .. } => "plan-bad-item-cell",
            K::ItemOffBoard { .. } => "plan-item-off-board",
            K::MissingItem => "plan-missing-item",
            K::UnknownItem { .. } => "plan-unknown-item",
            K::MissingCount { .. } => "plan-missing-count",
            K::BadCount { .. } => "plan-bad-count",
            K::ExtraWords { .. } => "plan-extra-words",
        }
    }

    fn place(&self) -> Place {
        use SyntaxErrorKind as K;
        match self {
            K::Empty | K::TooLong { .. } => Place::Text,
            K::BadInnerSide { .. }
            | K::BadBorderSide { .. }
            | K::SolidOnBorder { .. }
            | K::ClosedExitInside { .. } => Place::Line,
            _ => Place::Cell,
        }
    }

    /// The message arguments of the kind's own fields.
    fn args(&self) -> Vec<(&'static str, Arg)> {
        use SyntaxErrorKind as K;
        match self {
            K::Empty
            | K::NoHeader
            | K::MissingSize
            | K::BlankLine
            | K::Tab
            | K::NotAWallLine
            | K::NotACellLine
            | K::EmptyCell
            | K::ItemsLabelWithText
            | K::ArsenalsLabelWithText
            | K::MissingSupply
            | K::RepeatedStock
            | K::BadBearLine
            | K::StairsLabelWithText
            | K::MissingItem => vec![],
            K::MissingLevel { level } => vec![("level", Arg::from(usize::from(*level)))],
            K::StairOnTop { levels } => vec![("levels", Arg::from(usize::from(*levels)))],
            K::TooLong { bytes } => vec![
                ("bytes", Arg::from(*bytes)),
                ("limit", Arg::from(super::MAX_PLAN_BYTES)),
            ],
            K::ControlCharacter { code } => vec![("code", code_point(*code).into())],
            K::BadSize { found }
            | K::NotASetting { found }
            | K::BadGlyph { found }
            | K::PitPlaceZero { found }
            | K::BadItemCell { found }
            | K::UnknownItem { found }
            | K::UnknownSupply { found }
            | K::BadBearDir { found }
            | K::BadCount { found }
            | K::ExtraWords { found } => vec![("found", quote(found).into())],
            K::UnknownSetting { key } | K::DuplicateSetting { key } => {
                vec![("key", quote(key).into())]
            }
            K::BadSettingValue { key, value } => {
                vec![("key", quote(key).into()), ("value", quote(value).into())]
            }
            K::MissingLines {
                size,
                expected,
                found,
            } => vec![
                ("size", size.to_string().into()),
                ("expected", Arg::from(*expected)),
                ("found", Arg::from(*found)),
            ],
            K::ExtraLine { size, last } => vec![
                ("size", size.to_string().into()),
                ("last", Arg::from(*last)),
            ],
            K::LineTooLong { size, max } => {
                vec![("size", size.to_string().into()), ("max", Arg::from(*max))]
            }
            K::LongDash { found } => vec![("found", found.to_string().into())],
            K::BadCorner { column, found } => vec![
                ("column", Arg::from(*column)),
                ("found", found.to_string().into()),
            ],
            K::NonAscii { found } => vec![
                ("found", found.to_string().into()),
                ("code", code_point(u32::from(*found)).into()),
            ],
            K::Cyrillic { found, hint } => {
                let mut args = vec![("found", found.to_string().into())];
                if let CyrillicHint::Latin(c) = hint {
                    args.push(("instead", c.to_string().into()));
                }
                args
            }
            K::BadInnerSide { other, found } => vec![
                ("other", other.to_string().into()),
                ("found", quote(found).into()),
            ],
            K::ClosedExitInside { other, found } => {
                let instead = if found.len() == 1 { "|" } else { "---" };
                vec![
                    ("other", other.to_string().into()),
                    ("found", quote(found).into()),
                    ("instead", instead.into()),
                ]
            }
            K::BadBorderSide { dir, found } => {
                vec![("dir", dir.name().into()), ("found", quote(found).into())]
            }
            K::SolidOnBorder { dir, found } => {
                let instead = if found.len() == 1 { "|" } else { "---" };
                vec![
                    ("dir", dir.name().into()),
                    ("found", quote(found).into()),
                    ("instead", instead.into()),
                ]
            }
            K::LowercaseGlyph { found, instead } => vec![
                ("found", found.to_string().into()),
                ("instead", instead.to_string().into()),
            ],
            K::PitUppercase { found, instead } | K::PitLeadingZero { found, instead } => vec![
                ("found", quote(found).into()),
                ("instead", instead.clone().into()),
            ],
            K::ItemOffBoard { size } => vec![("size", size.to_string().into())],
            K::MissingCount { item } => vec![("item", item.keyword().into())],
        }
    }
}

/// `U+00A0`: how a character that may be invisible is named.
fn code_point(code: u32) -> String {
    format!("U+{code:04X}")
}

/// The master's text, cut to [`QUOTE_MAX`] characters.
fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE_MAX {
        return text.to_string();
    }
    let cut: String = text.chars().take(QUOTE_MAX - 1).collect();
    format!("{cut}…")
}

impl Localize for SyntaxError {
    fn localize(&self, lang: Lang) -> String {
        let messages = crate::locale::messages(lang);
        let mut args = self.kind.args();
        if let Some(cell) = self.cell {
            args.push(("cell", cell.to_string().into()));
        }
        let body = messages.text(self.kind.message_id(self.cell), &args);
        let line = ("line", Arg::from(self.line));
        match (self.kind.place(), self.cell) {
            (Place::Text, _) => body,
            (Place::Cell, Some(cell)) => messages.text(
                "plan-at-cell",
                &[
                    line,
                    ("cell", cell.to_string().into()),
                    ("body", body.into()),
                ],
            ),
            (Place::Line | Place::Cell, _) => {
                messages.text("plan-at-line", &[line, ("body", body.into())])
            }
        }
    }
}

impl fmt::Display for SyntaxError {
    /// The English message, for logs and the command line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

impl std::error::Error for SyntaxError {}

/// Every problem of a refused plan, in line order. Never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanErrors {
    /// The problems.
    pub errors: Vec<SyntaxError>,
}

impl PlanErrors {
    /// The problems.
    pub fn iter(&self) -> std::slice::Iter<'_, SyntaxError> {
        self.errors.iter()
    }

    /// The kinds of the problems, in order: what tests and callers usually look at.
    pub fn kinds(&self) -> Vec<&SyntaxErrorKind> {
        self.errors.iter().map(|e| &e.kind).collect()
    }
}

impl<'a> IntoIterator for &'a PlanErrors {
    type Item = &'a SyntaxError;
    type IntoIter = std::slice::Iter<'a, SyntaxError>;

    fn into_iter(self) -> Self::IntoIter {
        self.errors.iter()
    }
}

impl Localize for PlanErrors {
    /// One problem per line.
    fn localize(&self, lang: Lang) -> String {
        let lines: Vec<String> = self.errors.iter().map(|e| e.localize(lang)).collect();
        lines.join("\n")
    }
}

impl fmt::Display for PlanErrors {
    /// The English messages, one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

impl std::error::Error for PlanErrors {}

#[cfg(test)]
mod tests {
    use super::*;
    use SyntaxErrorKind as K;

    /// One error of every kind (and every message variant), as the reader would make it.
    fn samples() -> Vec<SyntaxError> {
        let size = Size::new(5, 4).unwrap();
        let (c2, c3, d2) = (Coord::new(2, 1), Coord::new(2, 2), Coord::new(3, 1));
        let s = |t: &str| t.to_string();
        let cyrillic = |hint| K::Cyrillic { found: 'Я', hint };
        let kinds = vec![
            (None, K::Empty),
            (None, K::TooLong { bytes: 70_000 }),
            (None, K::ControlCharacter { code: 0 }),
            (None, K::NoHeader),
            (None, K::MissingSize),
            (None, K::BadSize { found: s("0x4") }),
            (None, K::NotASetting { found: s("cure6") }),
            (None, K::UnknownSetting { key: s("foo") }),
            (None, K::DuplicateSetting { key: s("cure") }),
            (
                None,
                K::BadSettingValue {
                    key: s("cure"),
                    value: s("0"),
                },
            ),
            (
                None,
                K::MissingLines {
                    size,
                    expected: 9,
                    found: 7,
                },
            ),
            (None, K::ExtraLine { size, last: 10 }),
            (None, K::LineTooLong { size, max: 21 }),
            (None, K::BlankLine),
            (None, K::Tab),
            (None, K::LongDash { found: '—' }),
            (None, K::NotAWallLine),
            (None, K::NotACellLine),
            (
                None,
                K::BadCorner {
                    column: 5,
                    found: 'x',
                },
            ),
            (Some(c2), K::NonAscii { found: 'é' }),
            (Some(c2), cyrillic(CyrillicHint::Latin('M'))),
            (Some(c2), cyrillic(CyrillicHint::Land)),
            (Some(c2), cyrillic(CyrillicHint::Pit)),
            (Some(c2), cyrillic(CyrillicHint::River)),
            (
                Some(c2),
                K::BadInnerSide {
                    other: c3,
                    found: s("-=-"),
                },
            ),
            (
                Some(c2),
                K::BadInnerSide {
                    other: d2,
                    found: s("/"),
                },
            ),
            (
                Some(c2),
                K::BadBorderSide {
                    dir: Dir::Up,
                    found: s("x"),
                },
            ),
            (
                Some(c2),
                K::BadBorderSide {
                    dir: Dir::Left,
                    found: s("x"),
                },
            ),
            (
                Some(c2),
                K::SolidOnBorder {
                    dir: Dir::Down,
                    found: s("###"),
                },
            ),
            (
                Some(c2),
                K::ClosedExitInside {
                    other: c3,
                    found: s("~~~"),
                },
            ),
            (Some(c2), K::EmptyCell),
            (Some(c2), K::BadGlyph { found: s("x") }),
            (
                Some(c2),
                K::LowercaseGlyph {
                    found: 'm',
                    instead: 'M',
                },
            ),
            (
                Some(c2),
                K::PitUppercase {
                    found: s("A1"),
                    instead: s("a1"),
                },
            ),
            (Some(c2), K::PitPlaceZero { found: s("a0") }),
            (
                Some(c2),
                K::PitLeadingZero {
                    found: s("a01"),
                    instead: s("a1"),
                },
            ),
            (None, K::ItemsLabelWithText),
            (None, K::BadItemCell { found: s("Q0") }),
            (Some(c2), K::ItemOffBoard { size }),
            (Some(c2), K::MissingItem),
            (Some(c2), K::UnknownItem { found: s("gold") }),
            (
                Some(c2),
                K::MissingCount {
                    item: Item::Bullets,
                },
            ),
            (
                Some(c2),
                K::MissingCount {
                    item: Item::Grenades,
                },
            ),
            (Some(c2), K::BadCount { found: s("0") }),
            (None, K::ArsenalsLabelWithText),
            (Some(c2), K::MissingSupply),
            (Some(c2), K::UnknownSupply { found: s("gold") }),
            (Some(c2), K::RepeatedStock),
            (None, K::BadBearLine),
            (None, K::MissingLevel { level: 2 }),
            (None, K::StairsLabelWithText),
            (Some(c2), K::StairOnTop { levels: 2 }),
            (None, K::BadBearDir { found: s("north") }),
            (Some(c2), K::ExtraWords { found: s("x") }),
        ];
        kinds
            .into_iter()
            .map(|(cell, kind)| SyntaxError {
                line: 4,
                cell,
                kind,
            })
            .collect()
    }

    #[test]
    fn every_kind_renders_all_its_arguments_in_both_languages() {
        for e in samples() {
            for lang in Lang::ALL {
                let text = e.localize(lang);
                // Fluent shows a missing message as [id] and a missing argument as {$name}.
                assert!(
                    !text.contains("[plan-") && !text.contains("{$"),
                    "{lang}: {text}"
                );
                if !matches!(e.kind, K::Empty | K::TooLong { .. }) {
                    assert!(text.contains('4'), "{lang}: {text} names no line");
                }
            }
        }
    }

    #[test]
    fn every_plan_message_is_used() {
        let used: Vec<&str> = samples()
            .iter()
            .map(|e| e.kind.message_id(e.cell))
            .chain(["plan-at-line", "plan-at-cell"])
            .collect();
        let ftl = include_str!("../../locales/en/plan.ftl");
        for line in ftl.lines().filter(|l| l.starts_with("plan-")) {
            let id = line.split(' ').next().unwrap_or_default();
            assert!(used.contains(&id), "{id} is never shown");
        }
    }
}

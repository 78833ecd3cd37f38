//! What can be wrong with a cylinder plan's text, and how to say it to the master
//! (`config/locales/*/cylinder.ftl`, messages `cylinder-plan-*`).

use std::fmt;

use super::MAX_CYL_PLAN_BYTES;
use crate::geometry::{Coord, Dir, Size};
use bot_core::i18n::{Arg, Lang, Localize};

/// One problem of a plan's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CylSyntaxError {
    /// 1-based line in the text as given (code fences and blank lines count).
    pub line: usize,
    /// The cell the problem is about, when there is one.
    pub cell: Option<Coord>,
    /// What is wrong.
    pub kind: CylSyntaxKind,
}

/// A section after the drawing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CylSection {
    /// `items:`, the treasure.
    Items,
    /// `pits:`, where each pit leads.
    Pits,
    /// `bear:`, where the bear starts.
    Bear,
    /// `ghost:`, the ghost's start and path.
    Ghost,
}

impl CylSection {
    /// Every section, in the canonical order.
    pub const ALL: [CylSection; 4] = [
        CylSection::Items,
        CylSection::Pits,
        CylSection::Bear,
        CylSection::Ghost,
    ];

    /// The label line that opens the section.
    pub fn label(self) -> &'static str {
        match self {
            CylSection::Items => "items:",
            CylSection::Pits => "pits:",
            CylSection::Bear => "bear:",
            CylSection::Ghost => "ghost:",
        }
    }

    /// The key the locale files select on.
    fn key(self) -> &'static str {
        self.label().trim_end_matches(':')
    }
}

/// The kinds of problem a cylinder plan's text can have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CylSyntaxKind {
    /// Nothing but blank lines (or an empty code block).
    Empty,
    /// The text is over [`MAX_CYL_PLAN_BYTES`].
    TooLong {
        /// Its length in bytes.
        bytes: usize,
    },
    /// A control character other than tab and line ends: a binary file, not a plan.
    ControlCharacter {
        /// The character's code point.
        code: u32,
    },
    /// The first line is not `cylinder WxH`.
    NoHeader,
    /// The size is not `WxH` with sides 3..=26.
    BadSize {
        /// What stands where the size belongs.
        found: String,
    },
    /// The drawing has fewer than 2·H+1 lines.
    MissingLines {
        /// The size in the header.
        size: Size,
        /// 2·H+1.
        expected: usize,
        /// Lines found.
        found: usize,
    },
    /// A line after the drawing that opens no section.
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
    /// A tab inside the drawing.
    Tab,
    /// A long dash, which chat apps put in for `--`.
    LongDash {
        /// The dash.
        found: char,
    },
    /// Where a wall line belongs stands a line with no corner `+`.
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
    /// A character outside ASCII with no Latin twin.
    NonAscii {
        /// The character.
        found: char,
    },
    /// A Cyrillic letter where its Latin twin belongs.
    Cyrillic {
        /// The letter.
        found: char,
        /// The Latin letter to type.
        instead: char,
    },
    /// `###` or `#`: nothing breaks walls in this game, so no wall is marked unbreakable.
    SolidWall {
        /// The text found.
        found: String,
    },
    /// `~~~` or `~`: an exit here is a gap in the outer wall, never closed.
    ClosedExit {
        /// The text found.
        found: String,
    },
    /// A wall line's segment between two cells that is no wall. The error's cell is the upper one.
    BadWall {
        /// The lower cell.
        other: Coord,
        /// The text found.
        found: String,
    },
    /// A cell line's side between two cells (the seam too) that is no side. The error's cell is the
    /// one to the west.
    BadSide {
        /// The cell to the east.
        other: Coord,
        /// The text found.
        found: String,
    },
    /// A segment of the north or south edge that is neither the outer wall nor an exit.
    BadRim {
        /// The edge: `Up` north, `Down` south.
        dir: Dir,
        /// The text found.
        found: String,
    },
    /// The first and last side characters of a cell line, both the seam, disagree. The error's cell
    /// is in column A.
    SeamMismatch {
        /// The cell of the last column.
        other: Coord,
        /// Whether the first character is the wall (and the last a space).
        west_wall: bool,
    },
    /// A cell of three spaces.
    EmptyCell,
    /// A cell text that is no glyph.
    BadGlyph {
        /// The trimmed text.
        found: String,
    },
    /// A lowercase letter for a capital glyph (`s` for `S`).
    LowercaseGlyph {
        /// The letter found.
        found: char,
        /// The capital to write.
        instead: char,
    },
    /// `*` without a good needle letter.
    BadSpinner {
        /// The text found.
        found: String,
    },
    /// A line `word:` after the drawing that is no section's label.
    UnknownSection {
        /// The line, trimmed.
        found: String,
    },
    /// A section given twice.
    RepeatedSection {
        /// The section.
        section: CylSection,
    },
    /// A section's label with more text on its line.
    LabelWithText {
        /// The section.
        section: CylSection,
    },
    /// A section line whose cell is no cell name.
    BadCell {
        /// The word.
        found: String,
    },
    /// A cell beyond the board. The error's cell is that cell.
    OffBoard {
        /// The size in the header.
        size: Size,
    },
    /// An `items:` line with a cell and nothing else.
    MissingItem,
    /// An item other than `treasure`.
    UnknownItem {
        /// The word.
        found: String,
    },
    /// Words after what a line needs.
    ExtraWords {
        /// The extra words.
        found: String,
    },
    /// A second treasure.
    SecondTreasure {
        /// Where the first lies.
        first: Coord,
    },
    /// No treasure anywhere (seed 004: "Цель игры — найти клад").
    NoTreasure,
    /// A `pits:` line with its pit and no target.
    MissingTarget,
    /// A `pits:` line for a cell not drawn `P`.
    NotAPit,
    /// A second `pits:` line for the same pit.
    RepeatedPitLine {
        /// The line of the first.
        first: usize,
    },
    /// A pit drawn `P` with no `pits:` line.
    PitWithoutLine,
    /// A `bear:` or `ghost:` line that is none of the section's lines.
    BadCreatureLine {
        /// The section.
        section: CylSection,
    },
    /// A `bear:` or `ghost:` section without `start`.
    MissingStart {
        /// The section.
        section: CylSection,
    },
    /// A second `start` line.
    RepeatedStart {
        /// The section.
        section: CylSection,
    },
    /// A word of the ghost's path that is no direction.
    BadDir {
        /// The word.
        found: String,
    },
}

/// Where a message puts the line and the cell.
enum Place {
    /// About the whole text: no line.
    Text,
    /// `line 4: …`; the message names its cells itself.
    Line,
    /// `line 4, C2: …` when the error has a cell.
    Cell,
}

/// The most characters of the master's own text quoted back.
const QUOTE_MAX: usize = 24;

impl CylSyntaxKind {
    /// The Fluent message id.
    pub(super) fn message_id(&self) -> &'static str {
        use CylSyntaxKind as K;
        match self {
            K::Empty => "cylinder-plan-empty",
            K::TooLong { .. } => "cylinder-plan-too-long",
            K::ControlCharacter { .. } => "cylinder-plan-control-character",
            K::NoHeader => "cylinder-plan-no-header",
            K::BadSize { .. } => "cylinder-plan-bad-size",
            K::MissingLines { .. } => "cylinder-plan-missing-lines",
            K::ExtraLine { .. } => "cylinder-plan-extra-line",
            K::LineTooLong { .. } => "cylinder-plan-line-too-long",
            K::BlankLine => "cylinder-plan-blank-line",
            K::Tab => "cylinder-plan-tab",
            K::LongDash { .. } => "cylinder-plan-long-dash",
            K::NotAWallLine => "cylinder-plan-not-a-wall-line",
            K::NotACellLine => "cylinder-plan-not-a-cell-line",
            K::BadCorner { .. } => "cylinder-plan-bad-corner",
            K::NonAscii { .. } => "cylinder-plan-non-ascii",
            K::Cyrillic { .. } => "cylinder-plan-cyrillic",
            K::SolidWall { .. } => "cylinder-plan-solid-wall",
            K::ClosedExit { .. } => "cylinder-plan-closed-exit",
            K::BadWall { .. } => "cylinder-plan-bad-wall",
            K::BadSide { .. } => "cylinder-plan-bad-side",
            K::BadRim { .. } => "cylinder-plan-bad-rim",
            K::SeamMismatch { .. } => "cylinder-plan-seam-mismatch",
            K::EmptyCell => "cylinder-plan-empty-cell",
            K::BadGlyph { .. } => "cylinder-plan-bad-glyph",
            K::LowercaseGlyph { .. } => "cylinder-plan-lowercase-glyph",
            K::BadSpinner { .. } => "cylinder-plan-bad-spinner",
            K::UnknownSection { .. } => "cylinder-plan-unknown-section",
            K::RepeatedSection { .. } => "cylinder-plan-repeated-section",
            K::LabelWithText { .. } => "cylinder-plan-label-with-text",
            K::BadCell { .. } => "cylinder-plan-bad-cell",
            K::OffBoard { .. } => "cylinder-plan-off-board",
            K::MissingItem => "cylinder-plan-missing-item",
            K::UnknownItem { .. } => "cylinder-plan-unknown-item",
            K::ExtraWords { .. } => "cylinder-plan-extra-words",
            K::SecondTreasure { .. } => "cylinder-plan-second-treasure",
            K::NoTreasure => "cylinder-plan-no-treasure",
            K::MissingTarget => "cylinder-plan-missing-target",
            K::NotAPit => "cylinder-plan-not-a-pit",
            K::RepeatedPitLine { .. } => "cylinder-plan-repeated-pit-line",
            K::PitWithoutLine => "cylinder-plan-pit-without-line",
            K::BadCreatureLine { .. } => "cylinder-plan-bad-creature-line",
            K::MissingStart { .. } => "cylinder-plan-missing-start",
            K::RepeatedStart { .. } => "cylinder-plan-repeated-start",
            K::BadDir { .. } => "cylinder-plan-bad-dir",
        }
    }

    fn place(&self) -> Place {
        use CylSyntaxKind as K;
        match self {
            K::Empty | K::TooLong { .. } => Place::Text,
            K::BadWall { .. } | K::BadSide { .. } | K::BadRim { .. } | K::SeamMismatch { .. } => {
                Place::Line
            }
            _ => Place::Cell,
        }
    }

    /// The message arguments of the kind's own fields.
    fn args(&self) -> Vec<(&'static str, Arg)> {
        use CylSyntaxKind as K;
        let found = |f: &str| vec![("found", Arg::from(quote(f)))];
        let section = |s: &CylSection| vec![("section", Arg::from(s.key()))];
        match self {
            K::TooLong { bytes } => vec![
                ("bytes", Arg::from(*bytes)),
                ("limit", Arg::from(MAX_CYL_PLAN_BYTES)),
            ],
            K::ControlCharacter { code } => vec![("code", code_point(*code).into())],
            K::BadSize { found: f }
            | K::BadGlyph { found: f }
            | K::BadSpinner { found: f }
            | K::UnknownSection { found: f }
            | K::BadCell { found: f }
            | K::UnknownItem { found: f }
            | K::ExtraWords { found: f }
            | K::SolidWall { found: f }
            | K::ClosedExit { found: f }
            | K::BadDir { found: f } => found(f),
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
            K::Cyrillic { found, instead } | K::LowercaseGlyph { found, instead } => vec![
                ("found", found.to_string().into()),
                ("instead", instead.to_string().into()),
            ],
            K::BadWall { other, found: f } | K::BadSide { other, found: f } => {
                let mut args = found(f);
                args.push(("other", other.to_string().into()));
                args
            }
            K::BadRim { dir, found: f } => {
                let mut args = found(f);
                args.push(("dir", dir.name().into()));
                args
            }
            K::SeamMismatch { other, west_wall } => vec![
                ("other", other.to_string().into()),
                ("west", if *west_wall { "wall" } else { "open" }.into()),
            ],
            K::RepeatedSection { section: s }
            | K::LabelWithText { section: s }
            | K::BadCreatureLine { section: s }
            | K::MissingStart { section: s }
            | K::RepeatedStart { section: s } => section(s),
            K::OffBoard { size } => vec![("size", size.to_string().into())],
            K::SecondTreasure { first } => vec![("first", first.to_string().into())],
            K::RepeatedPitLine { first } => vec![("first", Arg::from(*first))],
            K::Empty
            | K::NoHeader
            | K::BlankLine
            | K::Tab
            | K::NotAWallLine
            | K::NotACellLine
            | K::EmptyCell
            | K::MissingItem
            | K::NoTreasure
            | K::MissingTarget
            | K::NotAPit
            | K::PitWithoutLine => vec![],
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

impl Localize for CylSyntaxError {
    fn localize(&self, lang: Lang) -> String {
        let messages = crate::locale::messages(lang);
        let mut args = self.kind.args();
        if let Some(cell) = self.cell {
            args.push(("cell", cell.to_string().into()));
        }
        let body = messages.text(self.kind.message_id(), &args);
        let line = ("line", Arg::from(self.line));
        match (self.kind.place(), self.cell) {
            (Place::Text, _) => body,
            (Place::Cell, Some(cell)) => messages.text(
                "cylinder-plan-at-cell",
                &[
                    line,
                    ("cell", cell.to_string().into()),
                    ("body", body.into()),
                ],
            ),
            (Place::Line | Place::Cell, _) => {
                messages.text("cylinder-plan-at-line", &[line, ("body", body.into())])
            }
        }
    }
}

impl fmt::Display for CylSyntaxError {
    /// The English message, for logs and the command line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

impl std::error::Error for CylSyntaxError {}

/// Every problem of a refused plan, in line order. Never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CylPlanErrors {
    /// The problems.
    pub errors: Vec<CylSyntaxError>,
}

impl CylPlanErrors {
    /// The kinds of the problems, in order.
    pub fn kinds(&self) -> Vec<&CylSyntaxKind> {
        self.errors.iter().map(|e| &e.kind).collect()
    }
}

impl Localize for CylPlanErrors {
    /// One problem per line.
    fn localize(&self, lang: Lang) -> String {
        let lines: Vec<String> = self.errors.iter().map(|e| e.localize(lang)).collect();
        lines.join("\n")
    }
}

impl fmt::Display for CylPlanErrors {
    /// The English messages, one per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.localize(Lang::En))
    }
}

impl std::error::Error for CylPlanErrors {}

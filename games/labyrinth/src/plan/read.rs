//! Reading the plan format. Every problem is collected, not just the first, so a master fixes a
//! whole plan in one round trip through the chat.

use super::errors::{PlanErrors, SyntaxError, SyntaxErrorKind as K};
use super::glyphs::{latin_twin, read_glyph};
use super::{MAX_PLAN_BYTES, Plan, PlanSettings};
use crate::bear::BearPlan;
use crate::board::{Board, Border, InnerWall};
use crate::geometry::{Coord, Dir, Size};
use crate::item::{Item, PlacedItem};
use crate::pasted;
use crate::pasted::{Line, Mangled, Unreadable, trim_blank_end};
use crate::stock::{Stock, Supply};

/// The problems found so far.
#[derive(Default)]
struct Problems(Vec<SyntaxError>);

impl Problems {
    fn at(&mut self, line: usize, kind: K) {
        self.0.push(SyntaxError {
            line,
            cell: None,
            kind,
        });
    }

    fn at_cell(&mut self, line: usize, cell: Coord, kind: K) {
        self.0.push(SyntaxError {
            line,
            cell: Some(cell),
            kind,
        });
    }

    fn into_errors(mut self) -> PlanErrors {
        self.0.sort_by_key(|e| e.line);
        PlanErrors { errors: self.0 }
    }
}

/// Reads a plan, or lists every problem of its text.
pub(super) fn parse(text: &str) -> Result<Plan, PlanErrors> {
    let lines = content_lines(text)?;
    let mut problems = Problems::default();
    let (header, rest) = lines
        .split_first()
        .ok_or_else(|| one_problem(1, K::Empty))?;
    let (size, settings) = read_header(*header, &mut problems);
    let Some(size) = size else {
        // Without a size nobody knows where the drawing ends; anything more would be guesswork.
        return Err(problems.into_errors());
    };
    let (drawing, sections) = split_sections(rest);
    let board = read_drawing(size, header.no, drawing, &mut problems);
    let (mut items, mut stocks, mut bear) = (vec![], vec![], None);
    let mut board = board;
    for (section, label, lines) in sections {
        match section {
            Section::Stairs => read_stairs(&mut board, label, lines, &mut problems),
            Section::Items => items.extend(read_items(size, label, lines, &mut problems)),
            Section::Arsenals => read_stocks(size, label, lines, &mut stocks, &mut problems),
            Section::Bear => bear = read_bear(size, label, lines, &mut problems),
        }
    }
    if problems.0.is_empty() {
        Ok(Plan {
            board,
            settings,
            items,
            stocks,
            bear,
        })
    } else {
        Err(problems.into_errors())
    }
}

fn one_problem(line: usize, kind: K) -> PlanErrors {
    PlanErrors {
        errors: vec![SyntaxError {
            line,
            cell: None,
            kind,
        }],
    }
}

/// The plan's lines, as [`pasted::content_lines`] reads pasted text.
fn content_lines(text: &str) -> Result<Vec<Line<'_>>, PlanErrors> {
    pasted::content_lines(text, MAX_PLAN_BYTES).map_err(|why| match why {
        Unreadable::TooLong(bytes) => one_problem(1, K::TooLong { bytes }),
        Unreadable::Control(line, code) => one_problem(line, K::ControlCharacter { code }),
        Unreadable::Empty => one_problem(1, K::Empty),
    })
}

/// Reads `labyrinth WxH [key=value …]`. The keyword's case is forgiven: phones capitalise the first
/// word of a message.
fn read_header(line: Line, problems: &mut Problems) -> (Option<Size>, PlanSettings) {
    let mut words = line.text.split_whitespace();
    if !words
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("labyrinth"))
    {
        problems.at(line.no, K::NoHeader);
        return (None, PlanSettings::default());
    }
    let words: Vec<&str> = words.collect();
    // `5x4`, `5 x 4` and `5х4` (Cyrillic х) are all a size; the settings follow it.
    let size_words = words.iter().take_while(|w| is_size_word(w)).count();
    let (size_words, settings) = match size_words {
        0 if words.first().is_some_and(|w| !w.contains('=')) => words.split_at(1),
        n => words.split_at(n),
    };
    let size = if size_words.is_empty() {
        problems.at(line.no, K::MissingSize);
        None
    } else {
        let text = size_words.join(" ");
        let size = text.parse::<Size>().ok();
        if size.is_none() {
            problems.at(line.no, K::BadSize { found: text });
        }
        size
    };
    (size, read_settings(settings, line.no, problems))
}

fn is_size_word(word: &str) -> bool {
    word.chars()
        .all(|c| c.is_ascii_digit() || matches!(c, 'x' | 'X' | 'х' | 'Х' | '×'))
}

/// Reads `cure=N nstop=N` (Kodex Б §8.6: both are announced before the game).
fn read_settings(words: &[&str], line: usize, problems: &mut Problems) -> PlanSettings {
    let mut settings = PlanSettings::default();
    let mut seen: Vec<String> = vec![];
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            problems.at(
                line,
                K::NotASetting {
                    found: word.to_string(),
                },
            );
            continue;
        };
        let key = key.to_ascii_lowercase();
        let slot = match key.as_str() {
            "cure" => &mut settings.cure,
            "nstop" => &mut settings.nstop,
            _ => {
                problems.at(line, K::UnknownSetting { key });
                continue;
            }
        };
        if seen.contains(&key) {
            problems.at(line, K::DuplicateSetting { key });
            continue;
        }
        match positive(value) {
            Some(n) => *slot = Some(n),
            None => problems.at(
                line,
                K::BadSettingValue {
                    key: key.clone(),
                    value: value.to_string(),
                },
            ),
        }
        seen.push(key);
    }
    settings
}

/// A whole number from 1, digits only (no sign, no spaces).
fn positive(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|&n| n >= 1)
}

/// The sections after the drawing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Section {
    /// `items:` (the spec).
    Items,
    /// `arsenals:` (docs/labyrinth-wiki.md: the encyclopedia's modification 13).
    Arsenals,
    /// `bear:` (docs/labyrinth-wiki.md: the encyclopedia's modification 2).
    Bear,
    /// `stairs:` (docs/labyrinth-wiki.md: the encyclopedia's modification 12).
    Stairs,
}

impl Section {
    fn label(self) -> &'static str {
        match self {
            Section::Items => "items:",
            Section::Arsenals => "arsenals:",
            Section::Bear => "bear:",
            Section::Stairs => "stairs:",
        }
    }

    /// The section a line opens, if it is a section's label.
    fn of(text: &str) -> Option<Section> {
        let text = text.trim_start();
        [
            Section::Items,
            Section::Arsenals,
            Section::Bear,
            Section::Stairs,
        ]
        .into_iter()
        .find(|s| {
            text.get(..s.label().len())
                .is_some_and(|t| t.eq_ignore_ascii_case(s.label()))
        })
    }
}

type Sections<'a, 'b> = Vec<(Section, Line<'a>, &'b [Line<'a>])>;

/// The drawing (trailing blank lines off) and the sections after it, each with its label line and
/// the lines up to the next label.
fn split_sections<'a, 'b>(rest: &'b [Line<'a>]) -> (&'b [Line<'a>], Sections<'a, 'b>) {
    let starts: Vec<(usize, Section)> = rest
        .iter()
        .enumerate()
        .filter_map(|(i, l)| Section::of(l.text).map(|s| (i, s)))
        .collect();
    let Some(&(first, _)) = starts.first() else {
        return (trim_blank_end(rest), vec![]);
    };
    let sections = starts
        .iter()
        .enumerate()
        .map(|(k, &(i, s))| {
            let end = starts.get(k + 1).map_or(rest.len(), |n| n.0);
            (s, rest[i], &rest[i + 1..end])
        })
        .collect();
    (trim_blank_end(&rest[..first]), sections)
}

/// Reads the drawing into a board: the 2·H+1 lines of a flat maze, or those of each level of a 3-D
/// maze, each under its line `level N` (the encyclopedia's modification 12).
fn read_drawing(size: Size, header: usize, lines: &[Line], problems: &mut Problems) -> Board {
    let mut board = Board::new(size);
    if !size.is_3d() {
        read_level(&mut board, 0, header, lines, problems);
        return board;
    }
    let labels: Vec<(usize, Option<u8>)> = lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| level_label(l.text).map(|n| (i, n)))
        .collect();
    let numbered = labels.len() == usize::from(size.levels)
        && labels
            .first()
            .is_some_and(|&(i, _)| lines[..i].iter().all(Line::is_blank))
        && labels
            .iter()
            .enumerate()
            .all(|(k, &(_, n))| n == Some(k as u8 + 1));
    if !numbered {
        // Without every level's label in its place nobody knows which lines draw which level.
        let wrong = (0..usize::from(size.levels))
            .find(|&k| labels.get(k).is_none_or(|&(_, n)| n != Some(k as u8 + 1)))
            .unwrap_or(0);
        let at = labels.get(wrong).map_or_else(
            || lines.last().map_or(header, |l| l.no),
            |&(i, _)| lines[i].no,
        );
        problems.at(
            at,
            K::MissingLevel {
                level: wrong as u8 + 1,
            },
        );
        return board;
    }
    for (k, &(i, _)) in labels.iter().enumerate() {
        let end = labels.get(k + 1).map_or(lines.len(), |n| n.0);
        let drawing = trim_blank_end(&lines[i + 1..end]);
        read_level(&mut board, k as u8, lines[i].no, drawing, problems);
    }
    board
}

/// The number of a line `level N` (also `level N:`), `Some(None)` for such a line with no good
/// number; `None` for any other line.
fn level_label(text: &str) -> Option<Option<u8>> {
    let mut words = text.split_whitespace();
    let first = words.next()?.trim_end_matches(':');
    if !first.eq_ignore_ascii_case("level") {
        return None;
    }
    let number = words.next().map(|w| w.trim_end_matches(':'));
    let number = number.and_then(positive).and_then(|n| u8::try_from(n).ok());
    Some(number.filter(|_| words.next().is_none()))
}

/// Reads the 2·H+1 lines of one level's drawing; missing or extra lines are one problem each.
fn read_level(
    board: &mut Board,
    level: u8,
    header: usize,
    lines: &[Line],
    problems: &mut Problems,
) {
    let size = board.size();
    let expected = 2 * usize::from(size.height) + 1;
    // A blank line is reported and skipped, so the lines after it still land in their slots.
    for blank in lines.iter().filter(|l| l.is_blank()) {
        problems.at(blank.no, K::BlankLine);
    }
    let lines: Vec<Line> = lines.iter().filter(|l| !l.is_blank()).copied().collect();
    for (k, line) in lines.iter().take(expected).enumerate() {
        let Some(chars) = drawing_chars(*line, size, problems) else {
            continue;
        };
        let row = DrawnLine {
            no: line.no,
            chars: &chars,
            size,
            level,
        };
        if k % 2 == 0 {
            row.read_walls(k / 2, board, problems);
        } else {
            row.read_cells(k / 2, board, problems);
        }
    }
    // A level's lines are counted against the size of one level.
    let size = Size::new(size.width, size.height).unwrap_or(size);
    if lines.len() < expected {
        let at = lines.last().map_or(header, |l| l.no) + 1;
        let found = lines.len();
        problems.at(
            at,
            K::MissingLines {
                size,
                expected,
                found,
            },
        );
    } else if lines.len() > expected {
        let last = lines[expected - 1].no;
        problems.at(lines[expected].no, K::ExtraLine { size, last });
    }
}

/// A drawing line's characters, padded with spaces to the full width (chat clients trim them), or
/// `None` after reporting why its columns cannot be trusted.
fn drawing_chars(line: Line, size: Size, problems: &mut Problems) -> Option<Vec<char>> {
    let full = 4 * usize::from(size.width) + 1;
    let kind = match pasted::padded(line, full) {
        Ok(chars) => return Some(chars),
        Err(Mangled::Tab) => K::Tab,
        Err(Mangled::LongDash(found)) => K::LongDash { found },
        Err(Mangled::TooLong) => K::LineTooLong { size, max: full },
    };
    problems.at(line.no, kind);
    None
}

/// One padded line of the drawing.
struct DrawnLine<'c> {
    no: usize,
    chars: &'c [char],
    size: Size,
    /// The level drawn, 0 for the first.
    level: u8,
}

/// What a side's text says before it is known to lie inside or on the border.
#[derive(Copy, Clone)]
enum Mark {
    Wall,
    Solid,
    Tilde,
    Space,
    /// A window, rubber or one-way wall: inside only (the encyclopedia's modifications 4, 5, 16).
    Special(InnerWall),
    Other,
}

impl Mark {
    /// A wall line's 3-character segment: `---` `###` `~~~` or three spaces.
    fn of_segment(text: &str) -> Mark {
        match text {
            "---" => Mark::Wall,
            "###" => Mark::Solid,
            "~~~" => Mark::Tilde,
            "   " => Mark::Space,
            ":::" => Mark::Special(InnerWall::Window),
            "ooo" => Mark::Special(InnerWall::Rubber),
            "vvv" => Mark::Special(InnerWall::OneWay(Dir::Down)),
            "^^^" => Mark::Special(InnerWall::OneWay(Dir::Up)),
            _ => Mark::Other,
        }
    }

    /// A cell line's side character: `|` `#` `~` `:` `o` `>` `<` or a space.
    fn of_side(c: char) -> Mark {
        match c {
            '|' => Mark::Wall,
            '#' => Mark::Solid,
            '~' => Mark::Tilde,
            ' ' => Mark::Space,
            ':' => Mark::Special(InnerWall::Window),
            'o' => Mark::Special(InnerWall::Rubber),
            '>' => Mark::Special(InnerWall::OneWay(Dir::Right)),
            '<' => Mark::Special(InnerWall::OneWay(Dir::Left)),
            _ => Mark::Other,
        }
    }
}

impl DrawnLine<'_> {
    fn width(&self) -> usize {
        usize::from(self.size.width)
    }

    /// The wall line above row `boundary` (or below the last row): `+` and 3-character segments.
    fn read_walls(&self, boundary: usize, board: &mut Board, problems: &mut Problems) {
        let w = self.width();
        if (0..=w).all(|c| self.chars[4 * c] != '+') {
            problems.at(self.no, K::NotAWallLine);
            return;
        }
        for c in 0..=w {
            let found = self.chars[4 * c];
            if found != '+' {
                let column = 4 * c + 1;
                problems.at(self.no, K::BadCorner { column, found });
            }
        }
        for c in 0..w {
            let text = self.cell_text(c);
            let mark = Mark::of_segment(&text);
            let col = c as u8;
            // The side is named from the upper cell, so messages read "between B1 and B2".
            let (cell, dir) = match boundary {
                0 => (Coord::at_level(col, 0, self.level), Dir::Up),
                b => (Coord::at_level(col, (b - 1) as u8, self.level), Dir::Down),
            };
            self.set_side(board, cell, dir, &text, mark, problems);
        }
    }

    /// The cell line of row `row`: side characters around 3-character cells.
    fn read_cells(&self, row: usize, board: &mut Board, problems: &mut Problems) {
        let w = self.width();
        let corners = (0..=w).filter(|&c| self.chars[4 * c] == '+').count();
        if corners * 2 > w + 1 {
            problems.at(self.no, K::NotACellLine);
            return;
        }
        let row = row as u8;
        for c in 0..=w {
            let found = self.chars[4 * c];
            // The side is named from the left cell, so messages read "between A1 and B1".
            let (cell, dir) = match c {
                0 => (Coord::at_level(0, row, self.level), Dir::Left),
                c => (Coord::at_level((c - 1) as u8, row, self.level), Dir::Right),
            };
            let mark = Mark::of_side(found);
            self.set_side(board, cell, dir, &found.to_string(), mark, problems);
        }
        for c in 0..w {
            let at = Coord::at_level(c as u8, row, self.level);
            match read_glyph(self.cell_text(c).trim_matches(' ')) {
                Ok(cell) => {
                    board.set_cell(at, cell);
                }
                Err(kind) => problems.at_cell(self.no, at, kind),
            }
        }
    }

    /// The three characters of column `c` (0-based) between its `+` or side characters.
    fn cell_text(&self, c: usize) -> String {
        self.chars[4 * c + 1..4 * c + 4].iter().collect()
    }

    /// Sets the side of `cell` toward `dir` as the drawing marks it (Kodex Б §1.4: inner walls break,
    /// the outer wall does not; exits, open or closed, lie on the border).
    fn set_side(
        &self,
        board: &mut Board,
        cell: Coord,
        dir: Dir,
        text: &str,
        mark: Mark,
        problems: &mut Problems,
    ) {
        if let Some(found) = text.chars().find(|c| !c.is_ascii()) {
            problems.at(self.no, K::NonAscii { found });
            return;
        }
        let found = text.to_string();
        match board.neighbour(cell, dir) {
            None => {
                let border = match mark {
                    Mark::Wall => Border::Wall,
                    Mark::Tilde => Border::ClosedExit,
                    Mark::Space => Border::Exit,
                    Mark::Solid => {
                        return self.side_problem(cell, K::SolidOnBorder { dir, found }, problems);
                    }
                    Mark::Special(_) | Mark::Other => {
                        return self.side_problem(cell, K::BadBorderSide { dir, found }, problems);
                    }
                };
                board.set_border(cell, dir, border);
            }
            Some(other) => {
                let wall = match mark {
                    Mark::Wall => InnerWall::Wall,
                    Mark::Solid => InnerWall::Solid,
                    Mark::Space => InnerWall::Open,
                    Mark::Special(wall) => wall,
                    Mark::Tilde => {
                        return self.side_problem(
                            cell,
                            K::ClosedExitInside { other, found },
                            problems,
                        );
                    }
                    Mark::Other => {
                        return self.side_problem(cell, K::BadInnerSide { other, found }, problems);
                    }
                };
                board.set_inner(cell, dir, wall);
            }
        }
    }

    fn side_problem(&self, cell: Coord, kind: K, problems: &mut Problems) {
        problems.at_cell(self.no, cell, kind);
    }
}

/// Reads the `stairs:` section: cells whose floor above is open, several to a line (the
/// encyclopedia's modification 12, "вверх", "вниз").
fn read_stairs(board: &mut Board, label: Line, lines: &[Line], problems: &mut Problems) {
    let size = board.size();
    let after = label.text.trim_start().get(7..).unwrap_or("");
    if !after.trim().is_empty() {
        problems.at(label.no, K::StairsLabelWithText);
    }
    for line in lines.iter().filter(|l| !l.is_blank()) {
        for word in line.text.split_whitespace() {
            let Some(at) = leading_cell(size, *line, &[word], problems) else {
                continue;
            };
            if size.contains(at) && !board.set_inner(at, Dir::Higher, InnerWall::Open) {
                problems.at_cell(
                    line.no,
                    at,
                    K::StairOnTop {
                        levels: size.levels,
                    },
                );
            }
        }
    }
}

/// Reads the `bear:` section: `den <cell>` and `path <direction> …` (up, down, left, right).
fn read_bear(size: Size, label: Line, lines: &[Line], problems: &mut Problems) -> Option<BearPlan> {
    let (mut den, mut path) = (None, vec![]);
    if !label
        .text
        .trim_start()
        .get(5..)
        .unwrap_or("")
        .trim()
        .is_empty()
    {
        problems.at(label.no, K::BadBearLine);
    }
    for line in lines.iter().filter(|l| !l.is_blank()) {
        let words: Vec<String> = line
            .text
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        match words.first().map(String::as_str) {
            Some("den") if words.len() == 2 => match item_cell(&words[1].to_ascii_uppercase()) {
                Ok(at) if size.contains(at) => den = Some(at),
                Ok(at) => problems.at_cell(line.no, at, K::ItemOffBoard { size }),
                Err(kind) => problems.at(line.no, kind),
            },
            Some("path") if words.len() > 1 => {
                for w in &words[1..] {
                    match dir_word(w) {
                        Some(d) => path.push(d),
                        None => problems.at(line.no, K::BadBearDir { found: w.clone() }),
                    }
                }
            }
            _ => problems.at(line.no, K::BadBearLine),
        }
    }
    if den.is_none() {
        problems.at(label.no, K::BadBearLine);
    }
    Some(BearPlan { den: den?, path })
}

/// A direction as the `bear:` section writes it.
fn dir_word(w: &str) -> Option<Dir> {
    Dir::SPATIAL.into_iter().find(|d| d.name() == w)
}

/// Reads the `arsenals:` section: `<cell> <supply> …` per line, blank lines skipped.
fn read_stocks(
    size: Size,
    label: Line,
    lines: &[Line],
    stocks: &mut Vec<Stock>,
    problems: &mut Problems,
) {
    let after = label.text.trim_start().get(9..).unwrap_or("");
    if !after.trim().is_empty() {
        problems.at(label.no, K::ArsenalsLabelWithText);
    }
    for line in lines.iter().filter(|l| !l.is_blank()) {
        if let Some(stock) = read_stock(size, *line, problems) {
            if stocks.iter().any(|s| s.at == stock.at) {
                problems.at_cell(line.no, stock.at, K::RepeatedStock);
                continue;
            }
            stocks.push(stock);
        }
    }
}

/// Reads one arsenal line; `None` after reporting its problems. Whether the cell is an arsenal is
/// the validator's question.
fn read_stock(size: Size, line: Line, problems: &mut Problems) -> Option<Stock> {
    let words: Vec<&str> = line.text.split_whitespace().collect();
    let before = problems.0.len();
    let at = leading_cell(size, line, &words, problems)?;
    if words.len() < 2 {
        problems.at_cell(line.no, at, K::MissingSupply);
    }
    let mut supplies = vec![];
    for word in &words[1..] {
        match Supply::from_keyword(&word.to_ascii_lowercase()) {
            Some(s) if !supplies.contains(&s) => supplies.push(s),
            Some(_) => {}
            None => {
                let found = word.to_string();
                problems.at_cell(line.no, at, K::UnknownSupply { found });
            }
        }
    }
    supplies.sort();
    (problems.0.len() == before).then_some(Stock { at, supplies })
}

/// Reads the `items:` section: `<cell> <item> [count]` per line, blank lines skipped.
fn read_items(size: Size, label: Line, lines: &[Line], problems: &mut Problems) -> Vec<PlacedItem> {
    let after = label.text.trim_start().get(6..).unwrap_or("");
    if !after.trim().is_empty() {
        problems.at(label.no, K::ItemsLabelWithText);
    }
    lines
        .iter()
        .filter(|l| !l.is_blank())
        .filter_map(|l| read_item(size, *l, problems))
        .collect()
}

/// Reads one item line; `None` after reporting its problems.
fn read_item(size: Size, line: Line, problems: &mut Problems) -> Option<PlacedItem> {
    let words: Vec<&str> = line.text.split_whitespace().collect();
    let before = problems.0.len();
    let at = leading_cell(size, line, &words, problems)?;
    let Some(word) = words.get(1) else {
        problems.at_cell(line.no, at, K::MissingItem);
        return None;
    };
    let Some(item) = Item::from_keyword(&word.to_ascii_lowercase()) else {
        let found = word.to_string();
        problems.at_cell(line.no, at, K::UnknownItem { found });
        return None;
    };
    let count = match words.get(2) {
        None if item.needs_count() => {
            problems.at_cell(line.no, at, K::MissingCount { item });
            None
        }
        None => Some(1),
        Some(text) => {
            let count = positive(text);
            if count.is_none() {
                let found = text.to_string();
                problems.at_cell(line.no, at, K::BadCount { found });
            }
            count
        }
    };
    if words.len() > 3 {
        let found = words[3..].join(" ");
        problems.at_cell(line.no, at, K::ExtraWords { found });
    }
    let count = count.filter(|_| problems.0.len() == before)?;
    Some(PlacedItem { at, item, count })
}

/// The cell a section's line begins with (`B3 treasure`, `A1 bullets`), reported if it is no cell
/// name; one off the board is reported and still returned, so the rest of the line is checked too.
fn leading_cell(size: Size, line: Line, words: &[&str], problems: &mut Problems) -> Option<Coord> {
    let at = match item_cell(words.first().copied().unwrap_or("")) {
        Ok(at) => at,
        Err(kind) => {
            problems.at(line.no, kind);
            return None;
        }
    };
    if !size.contains(at) {
        problems.at_cell(line.no, at, K::ItemOffBoard { size });
    }
    Some(at)
}

/// The cell an item line begins with; a Cyrillic look-alike (`С3`) gets its Latin twin named.
fn item_cell(word: &str) -> Result<Coord, K> {
    if let Ok(at) = word.parse::<Coord>() {
        return Ok(at);
    }
    let twin = word.chars().find_map(|c| match c.is_ascii() {
        true => None,
        false => Some((c, latin_twin(c))),
    });
    match twin {
        Some((found, Some(latin))) => Err(K::Cyrillic {
            found,
            hint: super::CyrillicHint::Latin(latin),
        }),
        _ => Err(K::BadItemCell {
            found: word.to_string(),
        }),
    }
}

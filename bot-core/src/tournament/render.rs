//! The standings as plain monospace text, for a chat's code block.
//!
//! The caller owns the words: column headings come in [`Labels`], already in the reader's
//! language. Widths count characters, so a name in Cyrillic lines up as well as one in Latin
//! letters; wide characters (CJK, emoji) take two cells in most fonts and will shift their row.

use super::standings::Row;

/// Column headings, in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labels {
    /// The rank column (`#`).
    pub rank: String,
    /// The name column.
    pub name: String,
    /// Games with a result.
    pub games: String,
    /// Wins (two-player formats).
    pub wins: String,
    /// Draws (two-player formats).
    pub draws: String,
    /// Losses (two-player formats).
    pub losses: String,
    /// First places (multiplayer formats).
    pub firsts: String,
    /// Points.
    pub points: String,
    /// Buchholz (two-player formats).
    pub buchholz: String,
    /// Sonneborn–Berger (two-player formats).
    pub sonneborn_berger: String,
}

impl Default for Labels {
    /// English headings, short enough for a phone's width.
    fn default() -> Self {
        let s = |x: &str| x.to_string();
        Labels {
            rank: s("#"),
            name: s("Player"),
            games: s("G"),
            wins: s("W"),
            draws: s("D"),
            losses: s("L"),
            firsts: s("1st"),
            points: s("Pts"),
            buchholz: s("BH"),
            sonneborn_berger: s("SB"),
        }
    }
}

/// A number without needless decimals: `3`, `2.5`, `1.25`.
pub fn number(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// The table: a heading line, then one line per row. `names` is indexed by player number; names
/// longer than `name_width` characters are cut with `…`.
pub fn render(
    rows: &[Row],
    names: &[String],
    labels: &Labels,
    two_player: bool,
    name_width: usize,
) -> String {
    let columns = columns(rows, names, labels, two_player, name_width);
    let height = rows.len() + 1;
    let mut out = String::new();
    for line in 0..height {
        let cells: Vec<String> = columns.iter().map(|c| c.cell(line)).collect();
        out.push_str(cells.join(" ").trim_end());
        out.push('\n');
    }
    out
}

/// One column: its heading and cells, and how it aligns.
struct Column {
    cells: Vec<String>,
    left: bool,
    width: usize,
}

impl Column {
    /// A column as wide as its widest cell.
    fn new(heading: &str, values: Vec<String>, left: bool) -> Self {
        let mut cells = vec![heading.to_string()];
        cells.extend(values);
        let width = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0);
        Column { cells, left, width }
    }

    /// Line `line` (0 the heading), padded to the width.
    fn cell(&self, line: usize) -> String {
        let text = &self.cells[line];
        let pad = " ".repeat(self.width - text.chars().count());
        if self.left {
            format!("{text}{pad}")
        } else {
            format!("{pad}{text}")
        }
    }
}

/// The columns a format shows.
fn columns(
    rows: &[Row],
    names: &[String],
    labels: &Labels,
    two_player: bool,
    name_width: usize,
) -> Vec<Column> {
    let num = |f: &dyn Fn(&Row) -> String| rows.iter().map(f).collect::<Vec<_>>();
    let name = |r: &Row| cut(names.get(r.player).map_or("?", String::as_str), name_width);
    let mut cols = vec![
        Column::new(&labels.rank, num(&|r| r.rank.to_string()), false),
        Column::new(&cut(&labels.name, name_width), num(&name), true),
        Column::new(&labels.games, num(&|r| r.games.to_string()), false),
    ];
    if two_player {
        cols.push(Column::new(
            &labels.wins,
            num(&|r| r.wins.to_string()),
            false,
        ));
        cols.push(Column::new(
            &labels.draws,
            num(&|r| r.draws.to_string()),
            false,
        ));
        cols.push(Column::new(
            &labels.losses,
            num(&|r| r.losses.to_string()),
            false,
        ));
        cols.push(Column::new(
            &labels.points,
            num(&|r| number(r.points)),
            false,
        ));
        cols.push(Column::new(
            &labels.buchholz,
            num(&|r| number(r.buchholz)),
            false,
        ));
        let sb = num(&|r| number(r.sonneborn_berger));
        cols.push(Column::new(&labels.sonneborn_berger, sb, false));
    } else {
        cols.push(Column::new(
            &labels.firsts,
            num(&|r| r.firsts.to_string()),
            false,
        ));
        cols.push(Column::new(
            &labels.points,
            num(&|r| number(r.points)),
            false,
        ));
    }
    cols
}

/// `text` cut to `width` characters, the last one an ellipsis when cut.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut s: String = text.chars().take(width.saturating_sub(1)).collect();
    s.push('…');
    s
}

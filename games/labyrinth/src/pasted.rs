//! Text a master pastes through a chat: the numbered lines of a plan, whatever the client did to
//! them (CRLF line ends, a byte order mark, a Markdown code fence, blank lines around, long dashes
//! for `--`). Shared by the flat plan format and the cylinder's, which chat clients mangle alike.

/// One line of the text, without its line end, with its 1-based number in the text as given.
#[derive(Copy, Clone, Debug)]
pub struct Line<'a> {
    /// 1-based line number.
    pub no: usize,
    /// The line's text.
    pub text: &'a str,
}

impl Line<'_> {
    /// Whether the line holds nothing but white space.
    pub fn is_blank(&self) -> bool {
        self.text.trim().is_empty()
    }

    /// The line's words.
    pub fn words(&self) -> Vec<&str> {
        self.text.split_whitespace().collect()
    }
}

/// Why a text is refused whole, before any of its lines is read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Longer than the format allows, in bytes.
    TooLong(usize),
    /// A control character other than tab: a binary file. Its line and code point.
    Control(usize, u32),
    /// Nothing but blank lines (or an empty code block).
    Empty,
}

/// The text's lines: split at line ends (CRLF too), refused whole if over `max` bytes or binary,
/// with a byte order mark, surrounding blank lines and a Markdown code fence taken off.
pub fn content_lines(text: &str, max: usize) -> Result<Vec<Line<'_>>, Unreadable> {
    if text.len() > max {
        return Err(Unreadable::TooLong(text.len()));
    }
    // Files saved by Windows editors begin with a byte order mark, invisible to the master.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let all: Vec<Line> = text
        .split('\n')
        .enumerate()
        .map(|(i, t)| Line {
            no: i + 1,
            text: t.strip_suffix('\r').unwrap_or(t),
        })
        .collect();
    if let Some((line, code)) = first_control(&all) {
        // One control character means a binary file: listing its every line would only be noise.
        return Err(Unreadable::Control(line, code));
    }
    let body = unfenced(trim_blank(&all));
    if body.is_empty() {
        return Err(Unreadable::Empty);
    }
    Ok(body.to_vec())
}

fn first_control(lines: &[Line]) -> Option<(usize, u32)> {
    lines.iter().find_map(|l| {
        let c = l.text.chars().find(|&c| c.is_control() && c != '\t')?;
        Some((l.no, u32::from(c)))
    })
}

/// The lines inside a code fence, if they stand in one.
fn unfenced<'a, 'b>(mut body: &'b [Line<'a>]) -> &'b [Line<'a>] {
    if body
        .first()
        .is_some_and(|l| l.text.trim_start().starts_with("```"))
    {
        body = trim_blank(&body[1..]);
    }
    if body.last().is_some_and(|l| l.text.trim() == "```") {
        body = trim_blank(&body[..body.len() - 1]);
    }
    body
}

/// The lines without blank lines at either end.
pub fn trim_blank<'a, 'b>(lines: &'b [Line<'a>]) -> &'b [Line<'a>] {
    let start = lines
        .iter()
        .position(|l| !l.is_blank())
        .unwrap_or(lines.len());
    trim_blank_end(&lines[start..])
}

/// The lines without blank lines at the end.
pub fn trim_blank_end<'a, 'b>(lines: &'b [Line<'a>]) -> &'b [Line<'a>] {
    let end = lines
        .iter()
        .rposition(|l| !l.is_blank())
        .map_or(0, |i| i + 1);
    &lines[..end]
}

/// Why a drawing line's columns cannot be trusted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mangled {
    /// A tab: its width is the client's guess.
    Tab,
    /// A long dash where `--` was typed.
    LongDash(char),
    /// More characters than the drawing is wide.
    TooLong,
}

/// A drawing line's characters, padded with spaces to `width` (chat clients trim them), or why its
/// columns cannot be trusted.
pub fn padded(line: Line, width: usize) -> Result<Vec<char>, Mangled> {
    if line.text.contains('\t') {
        return Err(Mangled::Tab);
    }
    if let Some(found) = line.text.chars().find(|c| is_long_dash(*c)) {
        return Err(Mangled::LongDash(found));
    }
    let mut chars: Vec<char> = line.text.trim_end().chars().collect();
    if chars.len() > width {
        return Err(Mangled::TooLong);
    }
    chars.resize(width, ' ');
    Ok(chars)
}

/// Figure dash, en dash, em dash, horizontal bar and the minus sign: what `--` becomes in chat apps.
pub fn is_long_dash(c: char) -> bool {
    matches!(c, '\u{2012}'..='\u{2015}' | '\u{2212}')
}

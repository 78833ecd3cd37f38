//! Discord's markdown kept out of the session's plain texts.

/// The text as Discord shows it, not as markdown: the session's texts are plain, and a revealed maze
/// (`+---+~~~+`, `| . |`) or a name with `_` must not turn into strike-through, tables or italics.
/// Discord drops a backslash before any punctuation, so escaped text reads exactly as written.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    for line in text.split_inclusive('\n') {
        let body = line.trim_start_matches(' ');
        out.push_str(&line[..line.len() - body.len()]);
        // Quotes, headings and lists only start a line ("1. " too).
        if body.starts_with(['>', '#', '-', '+']) {
            out.push('\\');
        }
        let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        for (i, c) in body.char_indices() {
            let numbered = digits > 0 && i == digits && c == '.';
            if numbered
                || matches!(
                    c,
                    '\\' | '*' | '_' | '~' | '|' | '`' | '[' | ']' | '<' | '@'
                )
            {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out
}

//! Splitting a chat message into words and separators, normalised for matching but keeping where each
//! word stands in the text the player typed, so errors can point at it.

/// The most words of one message the parser looks at. A whole conditional order of Б §6.5 is under
/// 40 words; the cap keeps a pasted novel from costing more than a glance.
pub const MAX_WORDS: usize = 120;

/// What a token is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A word: letters and digits, possibly joined by inner hyphens or apostrophes (`2-й`, `don't`),
    /// or a mention / command (`@bot`, `/move`).
    Word,
    /// A run of punctuation that separates phrases (`,` `;` `.` `!` `?` `:`) or a list marker `1)`.
    Sep,
}

/// One token with its place in the original text.
#[derive(Clone, Debug)]
pub(super) struct Tok {
    /// Lower-cased, `ё`→`е`, look-alike Latin letters in Cyrillic words made Cyrillic.
    pub norm: String,
    /// Word or separator.
    pub kind: Kind,
    /// Char offsets `start..end` in the original text.
    pub chars: (usize, usize),
    /// Byte offsets `start..end` in the original text, for quoting it.
    pub bytes: (usize, usize),
    /// 1-based number of the word in the message (separators carry the number of the word before).
    pub word: usize,
}

/// The message has more than [`MAX_WORDS`] words.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct TooLong;

/// Punctuation that separates phrases; everything else that is not part of a word is ignored.
fn is_separator(c: char) -> bool {
    matches!(c, ',' | ';' | '.' | '!' | '?' | ':' | '…' | '\n')
}

/// Combining diacritics (Unicode block U+0300–U+036F): text typed on some phones decomposes `й` and
/// `ё` into a letter and a mark; the mark belongs to the word.
fn is_mark(c: char) -> bool {
    ('\u{300}'..='\u{36f}').contains(&c)
}

fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '’' | 'ʼ' | '‘')
}

/// Splits `text` into tokens, or says it is too long. Linear in the length of the text read, and the
/// reading stops at the first word over the cap.
pub(super) fn tokenize(text: &str) -> Result<Vec<Tok>, TooLong> {
    let mut toks: Vec<Tok> = vec![];
    let mut words = 0;
    let mut it = text.char_indices().enumerate().peekable();
    while let Some((ci, (bi, c))) = it.next() {
        let next_is_alnum = it.peek().is_some_and(|(_, (_, n))| n.is_alphanumeric());
        let starts_word = c.is_alphanumeric() || (matches!(c, '@' | '/') && next_is_alnum);
        if starts_word {
            words += 1;
            if words > MAX_WORDS {
                return Err(TooLong);
            }
            let mut raw = String::new();
            raw.push(c);
            let (mut cend, mut bend) = (ci + 1, bi + c.len_utf8());
            while let Some(&(cj, (bj, d))) = it.peek() {
                let joins = d.is_alphanumeric() || is_mark(d);
                let inner = (d == '-' || is_apostrophe(d)) && {
                    let mut ahead = it.clone();
                    ahead.next();
                    ahead.peek().is_some_and(|(_, (_, e))| e.is_alphanumeric())
                };
                if !(joins || inner) {
                    break;
                }
                raw.push(d);
                it.next();
                (cend, bend) = (cj + 1, bj + d.len_utf8());
            }
            let list_marker = raw.len() <= 2
                && raw.bytes().all(|b| b.is_ascii_digit())
                && it.peek().is_some_and(|(_, (_, d))| *d == ')');
            let kind = if list_marker { Kind::Sep } else { Kind::Word };
            if list_marker {
                words -= 1;
            }
            push(
                &mut toks,
                normalize(&raw),
                kind,
                (ci, cend),
                (bi, bend),
                words,
            );
        } else if is_separator(c) {
            push(
                &mut toks,
                c.to_string(),
                Kind::Sep,
                (ci, ci + 1),
                (bi, bi + c.len_utf8()),
                words,
            );
        }
    }
    Ok(toks)
}

/// Adds a token; a separator right after a separator is dropped, so runs of punctuation cost one token.
fn push(
    toks: &mut Vec<Tok>,
    norm: String,
    kind: Kind,
    chars: (usize, usize),
    bytes: (usize, usize),
    word: usize,
) {
    if kind == Kind::Sep && toks.last().is_none_or(|t| t.kind == Kind::Sep) {
        return;
    }
    toks.push(Tok {
        norm,
        kind,
        chars,
        bytes,
        word,
    });
}

/// Lower case, `ё`→`е`, decomposed `й` recomposed, other marks dropped, typographic apostrophes made
/// plain, and in a word with Cyrillic letters the Latin look-alikes made Cyrillic (a mixed keyboard
/// layout types `cтреляю` with a Latin `c`).
fn normalize(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars().flat_map(char::to_lowercase) {
        match c {
            'ё' => out.push('е'),
            '\u{306}' if out.ends_with('и') => {
                out.pop();
                out.push('й');
            }
            c if is_mark(c) => {}
            c if is_apostrophe(c) => out.push('\''),
            c => out.push(c),
        }
    }
    if out.chars().any(is_cyrillic) && out.chars().any(|c| c.is_ascii_alphabetic()) {
        out = out.chars().map(latin_to_cyrillic).collect();
    }
    out
}

fn is_cyrillic(c: char) -> bool {
    ('\u{400}'..='\u{4ff}').contains(&c)
}

fn latin_to_cyrillic(c: char) -> char {
    match c {
        'a' => 'а',
        'b' => 'в',
        'c' => 'с',
        'e' => 'е',
        'h' => 'н',
        'k' => 'к',
        'm' => 'м',
        'o' => 'о',
        'p' => 'р',
        't' => 'т',
        'x' => 'х',
        'y' => 'у',
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norms(text: &str) -> Vec<String> {
        tokenize(text)
            .unwrap()
            .into_iter()
            .map(|t| t.norm)
            .collect()
    }

    #[test]
    fn words_separators_and_spans() {
        let t = tokenize("Иду  вверх,, затем!").unwrap();
        let n: Vec<_> = t.iter().map(|t| t.norm.as_str()).collect();
        assert_eq!(n, ["иду", "вверх", ",", "затем", "!"]);
        assert_eq!(t[1].chars, (5, 10));
        assert_eq!(t[3].word, 3);
    }

    #[test]
    fn yo_marks_apostrophes_and_look_alikes() {
        assert_eq!(norms("ВЗВЕДЁННУЮ"), ["взведенную"]);
        assert_eq!(norms("и\u{306}"), ["й"]);
        assert_eq!(norms("don’t"), ["don't"]);
        assert_eq!(norms("cтреляю"), ["стреляю"]);
        assert_eq!(norms("2-й"), ["2-й"]);
        assert_eq!(norms("/move@bot up"), ["/move", "@bot", "up"]);
    }

    #[test]
    fn list_markers_are_separators() {
        // A leading one is dropped like any leading punctuation.
        let t = tokenize("1) иду вправо 2) сообщить").unwrap();
        let kinds: Vec<_> = t.iter().map(|t| t.kind).collect();
        assert_eq!(kinds, [Kind::Word, Kind::Word, Kind::Sep, Kind::Word]);
        assert_eq!((t[0].word, t[3].word), (1, 3));
    }

    #[test]
    fn the_cap_is_enforced() {
        assert!(tokenize(&"a ".repeat(MAX_WORDS)).is_ok());
        assert_eq!(tokenize(&"a ".repeat(MAX_WORDS + 1)).err(), Some(TooLong));
    }
}

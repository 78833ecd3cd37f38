//! What a user typed, read as the session reads it: a slash command, a game's number in front.

/// A slash command as typed: `/name@bot arg arg`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Command {
    /// The name, lower case, without the slash and the bot's mention.
    pub name: String,
    /// The words after it.
    pub args: Vec<String>,
}

impl Command {
    /// Reads a command, if the text is one.
    pub fn parse(text: &str) -> Option<Command> {
        let rest = text.strip_prefix('/')?;
        let mut words = rest.split_whitespace();
        let head = words.next()?;
        let name = head.split('@').next().unwrap_or(head).to_lowercase();
        if name.is_empty() {
            return None;
        }
        Some(Command {
            name,
            args: words.map(str::to_string).collect(),
        })
    }
}

/// A private message's game prefix, `#12 B2`: the game's number and the rest.
pub(crate) fn game_prefix(text: &str) -> (Option<i64>, &str) {
    let Some(rest) = text.strip_prefix('#') else {
        return (None, text);
    };
    let end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    match rest[..end].parse() {
        Ok(n) => (Some(n), rest[end..].trim_start()),
        Err(_) => (None, text),
    }
}

/// The commands the session knows; any other slash word in a game in play is read as an order
/// (`/move up`).
const KNOWN: &[&str] = &[
    "newgame",
    "join",
    "leave",
    "begin",
    "cancel",
    "rules",
    "help",
    "status",
    "games",
    "pause",
    "resume",
    "kick",
    "skip",
    "abort",
    "export",
    "import",
    "start",
    "extend",
    "vacation",
    "lang",
    "tournament",
    "standings",
    "rating",
    "leaderboard",
];

impl Command {
    /// Whether the session knows the command (any other is the game's).
    pub(crate) fn is_known(&self) -> bool {
        KNOWN.contains(&self.name.as_str())
    }
}

//! Slash commands: `/newgame`, `/join`, … and the admin's `/pause`, `/kick`, `/abort`, ….
//! Unknown commands and strangers' commands get a clear reply and change nothing.

use crate::args;
use crate::i18n::Lang;
use crate::labyrinth::game::PlayerId;
use crate::labyrinth::geometry::Size;
use crate::labyrinth::ruleset::Ruleset;
use crate::store::GameRecord;

use super::chat::{Button, Inbound, Payload};
use super::table::{MAX_SEATS, Options, Seat, Stage, Table};
use super::text::t;
use super::{Dest, Loaded, Out, Session, SessionError, Work, flow, parse_duration, transfer};

/// The commands the session knows; any other slash word in a game in play is read as an order
/// (`/move up`).
const KNOWN: &[&str] = &[
    "newgame", "join", "leave", "begin", "cancel", "rules", "help", "status", "games", "pause",
    "resume", "kick", "skip", "abort", "export", "import", "start",
];

/// The commands a chat bot registers with its platform (Telegram's menu, Discord's slash commands),
/// in the order shown.
const REGISTERED: &[&str] = &[
    "newgame", "join", "leave", "begin", "move", "status", "rules", "help", "games", "pause",
    "resume", "skip", "kick", "abort", "cancel", "export", "import",
];

/// The commands only a game's opener or a chat admin may give.
const ADMIN_ONLY: &[&str] = &[
    "begin", "start", "cancel", "pause", "resume", "kick", "skip", "abort", "export", "import",
];

/// The admin commands of a game's lobby, which whoever opened the game gives (rarely a chat admin):
/// a platform that hides admin commands from plain members keeps these in view.
const LOBBY_ADMIN: &[&str] = &["begin", "start", "cancel"];

/// The kind of game `/newgame` opens, as its first word.
const GAME_WORD: &str = "labyrinth";

/// One example of each `/newgame` option `key=value` the session reads (besides a ruleset's own
/// options), for a platform's suggestions while the options are typed.
const OPTION_EXAMPLES: &[&str] = &[
    "size=5x4",
    "size=6x5",
    "size=8x8",
    "plan=generated",
    "plan=own",
    "order=lot",
    "order=join",
    "deadline=24h",
    "deadline=1h",
    "missed=3",
    "seed=1",
];

/// The payload of a lobby's join link: `j` and the group chat's id.
const JOIN_LINK: &str = "j";

/// The bot's commands and their one-line descriptions in `lang`, for the platform's command menu.
pub fn commands(lang: Lang) -> Vec<(&'static str, String)> {
    REGISTERED
        .iter()
        .map(|name| (*name, t(lang, &format!("command-{name}"), &[])))
        .collect()
}

/// Whether a command is for a game's opener and the chat's admins only (a platform may hide it from
/// the others).
pub fn is_admin_command(name: &str) -> bool {
    ADMIN_ONLY.contains(&name)
}

/// Whether an admin command is for chat admins in practice, so a platform may hide it from plain
/// members: every admin command but the lobby's `/begin` and `/cancel`, which a game's opener gives.
/// The session still decides who may use any command.
pub fn is_chat_admin_command(name: &str) -> bool {
    is_admin_command(name) && !LOBBY_ADMIN.contains(&name)
}

/// The names of the rulesets `/newgame` accepts (`classic`, `quantum`).
pub fn rulesets() -> Vec<&'static str> {
    Ruleset::PRESETS.iter().map(|(name, _)| *name).collect()
}

/// Examples of `/newgame`'s `key=value` options, one or more per key the session reads.
pub fn option_examples() -> &'static [&'static str] {
    OPTION_EXAMPLES
}

/// The text of `/newgame` for a ruleset and its options as typed (`size=6x5 plan=own`), for a
/// platform whose command form asks for them separately.
pub fn newgame_text(ruleset: &str, options: &str) -> String {
    let mut text = format!("/newgame {GAME_WORD}");
    for word in ruleset.split_whitespace().chain(options.split_whitespace()) {
        text.push(' ');
        text.push_str(word);
    }
    text
}

/// The start payload of a link that joins the game in a chat.
pub(crate) fn join_payload(chat: &str) -> String {
    format!("{JOIN_LINK}{chat}")
}

/// `/start` written privately: the player opened the private chat, maybe through a lobby's join
/// link (`/start j<chat>`), which seats him in that chat's game.
pub(crate) async fn start(
    s: &Session,
    msg: &Inbound,
    cmd: &Command,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let Some(chat) = cmd.args.first().and_then(|a| a.strip_prefix(JOIN_LINK)) else {
        work.outs
            .push(Out::user(&msg.user.0, t(lang, "session-hello", &[])));
        return Ok(());
    };
    let Some(rec) = s.store.running_game_in_chat(msg.platform, chat).await? else {
        work.outs
            .push(Out::user(&msg.user.0, t(lang, "session-link-no-game", &[])));
        return Ok(());
    };
    let mut g = super::loaded(rec)?;
    join(&mut g, msg, work);
    if work.roster {
        let n = g.table.seats.len();
        let text = t(
            g.table.lang,
            "session-joined",
            args![("name", msg.name.clone()), ("n", n)],
        );
        work.outs.push(Out::group(text));
    }
    work.game = Some(g);
    Ok(())
}

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

    fn known(&self) -> bool {
        KNOWN.contains(&self.name.as_str())
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

/// A command written in a group chat.
pub(crate) async fn group(
    s: &Session,
    msg: &Inbound,
    cmd: &Command,
    lang: Lang,
    now: i64,
    work: &mut Work,
) -> Result<(), SessionError> {
    let _ = now;
    if cmd.name == "newgame" {
        new_game(msg, cmd, lang, work);
        return Ok(());
    }
    if cmd.name == "help" {
        work.outs.push(Out::group(t(lang, "session-help", &[])));
        return Ok(());
    }
    if cmd.name == "import" {
        transfer::ask(msg, work.game.is_some(), lang, now, work);
        return Ok(());
    }
    if cmd.name == "export" && work.game.is_none() {
        // After the end the chat has no running game: its last one, maze revealed, may go.
        if let Some(rec) = s
            .store
            .latest_game_in_chat(msg.platform, &msg.chat.0)
            .await?
        {
            let g = super::loaded(rec)?;
            if !g.table.is_admin(&msg.user.0, msg.is_admin) {
                work.outs
                    .push(reply(msg, t(lang, "session-not-admin", &[])));
                return Ok(());
            }
            return transfer::export(s, msg, &g, lang, work).await;
        }
    }
    let Some(mut game) = work.game.take() else {
        let id = if cmd.known() {
            "session-no-game"
        } else {
            "session-unknown-command"
        };
        work.outs
            .push(Out::group(t(lang, id, args![("cmd", cmd.name.clone())])));
        return Ok(());
    };
    if !cmd.known() {
        if game.table.stage == Stage::Playing {
            flow::group_text(
                &mut game,
                msg,
                &format!("/{} {}", cmd.name, cmd.args.join(" ")),
                work,
            );
        } else {
            work.outs.push(Out::group(t(
                lang,
                "session-unknown-command",
                args![("cmd", cmd.name.clone())],
            )));
        }
        work.game = Some(game);
        return Ok(());
    }
    in_game(s, msg, cmd, &mut game, work).await?;
    work.game = Some(game);
    Ok(())
}

/// A command about a game, from its group or privately.
async fn in_game(
    s: &Session,
    msg: &Inbound,
    cmd: &Command,
    g: &mut Loaded,
    work: &mut Work,
) -> Result<(), SessionError> {
    // A private answer speaks the asker's language; the group, the game's.
    let lang = match msg.private {
        true => msg.lang.unwrap_or(g.table.lang),
        false => g.table.lang,
    };
    let user = msg.user.0.as_str();
    let admin = g.table.is_admin(user, msg.is_admin);
    // `/skip` from the player whose turn it is passes his own turn (Б §6.6), an order like any
    // other; from an admin, it passes whoever is keeping the table waiting.
    let current = g
        .table
        .game
        .as_ref()
        .and_then(crate::labyrinth::game::Game::current);
    let own_turn = g.table.stage == Stage::Playing
        && g.table.seat_of(user).is_some_and(|p| current == Some(p));
    if cmd.name == "skip" && own_turn && !msg.private {
        flow::group_text(g, msg, "/skip", work);
        return Ok(());
    }
    if is_admin_command(&cmd.name) && !admin {
        work.outs
            .push(reply(msg, t(lang, "session-not-admin", &[])));
        return Ok(());
    }
    match cmd.name.as_str() {
        "join" => join(g, msg, work),
        "leave" => leave(g, msg, s.seed, work),
        "begin" | "start" => flow::begin(g, s.seed, work),
        "cancel" | "abort" => match confirmation(cmd) {
            Some(true) => flow::abort(g, work),
            Some(false) => work.outs.push(reply(msg, t(lang, "session-kept", &[]))),
            None => ask_to_confirm(msg, g, cmd, None, lang, work),
        },
        "rules" => work.outs.push(reply(msg, flow::rules_text(&g.table))),
        "status" => flow::status(g, msg, work),
        "games" => work.outs.push(reply(
            msg,
            t(lang, "session-game-line", game_args(g, lang).as_slice()),
        )),
        "pause" => flow::pause(g, true, work),
        "resume" => flow::pause(g, false, work),
        "kick" => {
            let confirmed = confirmation(cmd);
            let words = &cmd.args[..cmd.args.len() - usize::from(confirmed.is_some())];
            let name = words.join(" ");
            let seat = g
                .table
                .seats
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(&name) || p.user == name);
            match (seat, confirmed) {
                (None, _) => work.outs.push(reply(
                    msg,
                    t(lang, "session-no-such-player", args![("name", name)]),
                )),
                (Some(i), Some(true)) => flow::kick(g, PlayerId(i as u8), s.seed, work),
                (Some(_), Some(false)) => work.outs.push(reply(msg, t(lang, "session-kept", &[]))),
                (Some(i), None) => {
                    // The buttons name the player by his id: a name may be long or ambiguous.
                    let user = g.table.seats[i].user.clone();
                    ask_to_confirm(msg, g, cmd, Some(&user), lang, work)
                }
            }
        }
        "skip" => flow::skip(g, work),
        // The export holds the whole maze and every start cell: not for a player's eyes while
        // the game runs (the opener of a generated maze plays, and may be the chat's admin).
        "export" => transfer::export(s, msg, g, lang, work).await?,
        _ => work.outs.push(reply(
            msg,
            t(
                lang,
                "session-unknown-command",
                args![("cmd", cmd.name.clone())],
            ),
        )),
    }
    Ok(())
}

fn game_args(g: &Loaded, lang: Lang) -> Vec<(&'static str, crate::i18n::Arg)> {
    vec![
        ("id", crate::i18n::Arg::from(g.id.0.to_string())),
        ("chat", crate::i18n::Arg::from(g.chat.clone())),
        ("code", crate::i18n::Arg::from(g.table.code.clone())),
        (
            "status",
            crate::i18n::Arg::from(super::text::stage(lang, g.table.status())),
        ),
    ]
}

/// A command written privately, about the one game it concerns.
pub(crate) async fn private(
    s: &Session,
    msg: &Inbound,
    cmd: &Command,
    g: &mut Loaded,
    now: i64,
    work: &mut Work,
) -> Result<(), SessionError> {
    let _ = now;
    match cmd.name.as_str() {
        "help" => work
            .outs
            .push(reply(msg, t(g.table.lang, "session-help", &[]))),
        "newgame" | "join" | "begin" | "start" => work
            .outs
            .push(reply(msg, t(g.table.lang, "session-in-group", &[]))),
        _ if !cmd.known() => {
            let text = format!("/{} {}", cmd.name, cmd.args.join(" "));
            flow::private_text(g, msg, &text, s.seed, work);
        }
        _ => in_game(s, msg, cmd, g, work).await?,
    }
    Ok(())
}

/// The answer a destructive command carries as its last word: `yes` goes ahead, `no` keeps the
/// game; without either the admin is asked first.
fn confirmation(cmd: &Command) -> Option<bool> {
    cmd.args.last().and_then(|w| confirmation_word(w))
}

/// `yes` or `no`, in either language.
fn confirmation_word(word: &str) -> Option<bool> {
    match word.to_lowercase().as_str() {
        "yes" | "да" => Some(true),
        "no" | "нет" => Some(false),
        _ => None,
    }
}

/// Asks an admin to confirm a command that cannot be undone, with buttons that repeat it with
/// `yes` or `no` (naming a player to kick by his id). The buttons name the game, so that one
/// pressed after it ended does nothing to the next game in the chat.
fn ask_to_confirm(
    msg: &Inbound,
    g: &Loaded,
    cmd: &Command,
    target: Option<&str>,
    lang: Lang,
    work: &mut Work,
) {
    let (shown, base) = match target {
        None => (
            format!("/{}", cmd.name),
            format!("#{} /{}", g.id.0, cmd.name),
        ),
        Some(user) => (
            format!("/{} {}", cmd.name, cmd.args.join(" ")),
            format!("#{} /{} {user}", g.id.0, cmd.name),
        ),
    };
    let mut out = reply(msg, t(lang, "session-confirm", args![("command", shown)]));
    out.payload.buttons = vec![vec![
        Button::press(t(lang, "session-confirm-yes", &[]), format!("{base} yes")),
        Button::press(t(lang, "session-confirm-no", &[]), format!("{base} no")),
    ]];
    work.outs.push(out);
}

/// `/games`: the running games of a user, privately.
pub(crate) fn list_games(
    msg: &Inbound,
    games: &[GameRecord],
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let mut lines = vec![];
    for rec in games {
        let g = super::loaded(rec.clone())?;
        lines.push(t(lang, "session-game-line", game_args(&g, lang).as_slice()));
    }
    let text = if lines.is_empty() {
        t(lang, "session-not-playing", &[])
    } else {
        lines.join("\n")
    };
    work.outs.push(Out::user(&msg.user.0, text));
    Ok(())
}

/// A private message from someone in several games that does not say which: ask, with a button per
/// game that repeats the message with the game's number.
pub(crate) fn choose_game(
    msg: &Inbound,
    games: &[GameRecord],
    rest: &str,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let mut row = vec![];
    for rec in games {
        let mut data = format!("#{} {rest}", rec.id.0);
        if data.len() > 60 {
            data = format!("#{}", rec.id.0);
        }
        row.push(Button::press(format!("#{} {}", rec.id.0, rec.chat), data));
    }
    let ids: Vec<String> = games.iter().map(|g| format!("#{}", g.id.0)).collect();
    work.outs.push(Out {
        to: Dest::User(msg.user.0.clone()),
        payload: Payload {
            text: t(lang, "session-which-game", args![("games", ids.join(", "))]),
            buttons: vec![row],
            ..Payload::default()
        },
    });
    Ok(())
}

/// A reply where the command came from.
pub(crate) fn reply(msg: &Inbound, text: String) -> Out {
    if msg.private {
        Out::user(&msg.user.0, text)
    } else {
        Out::group(text)
    }
}

/// `/newgame labyrinth classic|quantum [key=value …]`.
fn new_game(msg: &Inbound, cmd: &Command, lang: Lang, work: &mut Work) {
    if work.game.is_some() {
        work.outs
            .push(Out::group(t(lang, "session-chat-busy", &[])));
        return;
    }
    match table_of(msg, cmd, lang) {
        Ok(table) => {
            let who = if table.options.own_plan {
                "session-lobby-master"
            } else {
                "session-lobby"
            };
            let text = t(
                lang,
                who,
                args![("name", msg.name.clone()), ("code", table.code.clone())],
            );
            work.outs.push(Out {
                to: Dest::Group,
                payload: Payload {
                    text,
                    // A link rather than a press: joining opens the private chat the game's secrets
                    // will need.
                    buttons: vec![vec![Button::link(
                        t(lang, "session-join-button", &[]),
                        join_payload(&msg.chat.0),
                    )]],
                    ..Payload::default()
                },
            });
            work.insert = Some(table);
        }
        Err(text) => work.outs.push(Out::group(text)),
    }
}

/// Reads `/newgame`'s words into a new table, or says what is wrong with them.
fn table_of(msg: &Inbound, cmd: &Command, lang: Lang) -> Result<Table, String> {
    let mut words = cmd.args.iter();
    let usage = || t(lang, "session-newgame-usage", &[]);
    match words.next() {
        Some(w) if w.eq_ignore_ascii_case(GAME_WORD) || w == "лабиринт" => {}
        _ => return Err(usage()),
    }
    let code = words.next().ok_or_else(usage)?.to_lowercase();
    let mut rules = Ruleset::preset(&code).map_err(|_| usage())?;
    let mut options = Options::default();
    for w in words {
        let Some((k, v)) = w.split_once('=') else {
            return Err(bad_option(lang, w, &usage()));
        };
        let bad = |why: String| bad_option(lang, w, &why);
        match k.to_lowercase().as_str() {
            "size" => {
                let s: Size = v
                    .parse()
                    .map_err(|e: crate::labyrinth::geometry::BadSize| bad(e.to_string()))?;
                options.size = (s.width, s.height);
            }
            "plan" if v == "own" => options.own_plan = true,
            "plan" if v == "generated" => options.own_plan = false,
            "order" if v == "join" => options.join_order = true,
            "order" if v == "lot" => options.join_order = false,
            "deadline" => {
                options.deadline_ms = parse_duration(v)
                    .filter(|&d| d > 0)
                    .ok_or_else(|| bad(t(lang, "session-bad-duration", &[])))?
            }
            "missed" => {
                options.missed = v
                    .parse()
                    .map_err(|_| bad(t(lang, "session-bad-number", &[])))?
            }
            "handicap" => {
                options.handicap = v
                    .split(',')
                    .filter(|n| !n.is_empty())
                    .map(str::to_string)
                    .collect()
            }
            "seed" => {
                options.seed = Some(
                    v.parse()
                        .map_err(|_| bad(t(lang, "session-bad-number", &[])))?,
                )
            }
            _ => rules.set(k, v).map_err(|e| bad(e.to_string()))?,
        }
    }
    let opener = Seat {
        user: msg.user.0.clone(),
        name: msg.name.clone(),
        lang: msg.lang.unwrap_or(lang),
    };
    Ok(Table::new(opener, &code, rules, options, lang))
}

fn bad_option(lang: Lang, word: &str, why: &str) -> String {
    t(
        lang,
        "session-bad-option",
        args![("option", word.to_string()), ("why", why.to_string())],
    )
}

fn join(g: &mut Loaded, msg: &Inbound, work: &mut Work) {
    let lang = g.table.lang;
    let table = &mut g.table;
    let name = msg.name.clone();
    let id = if table.stage != Stage::Lobby {
        "session-join-closed"
    } else if table.seat_of(&msg.user.0).is_some() {
        "session-already-joined"
    } else if table.options.own_plan && table.opener.user == msg.user.0 {
        "session-master-cannot-play"
    } else if table.seats.len() >= MAX_SEATS {
        "session-table-full"
    } else {
        table.seats.push(Seat {
            user: msg.user.0.clone(),
            name: name.clone(),
            lang: msg.lang.unwrap_or(lang),
        });
        work.dirty = true;
        work.roster = true;
        "session-joined"
    };
    let n = table.seats.len();
    work.outs
        .push(reply(msg, t(lang, id, args![("name", name), ("n", n)])));
}

fn leave(g: &mut Loaded, msg: &Inbound, seed: u64, work: &mut Work) {
    let lang = g.table.lang;
    let Some(seat) = g.table.seat_of(&msg.user.0) else {
        work.outs
            .push(reply(msg, t(lang, "session-not-in-game", &[])));
        return;
    };
    flow::kick(g, seat, seed, work);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::chat::{ChatId, Content, Platform, UserId};

    fn newgame(text: &str) -> Result<Table, String> {
        let msg = Inbound {
            platform: Platform::Script,
            chat: ChatId("g".into()),
            private: false,
            user: UserId("u".into()),
            name: "ann".into(),
            content: Content::Text(text.into()),
            message_id: "1".into(),
            lang: None,
            is_admin: false,
        };
        let cmd = Command::parse(text).unwrap();
        table_of(&msg, &cmd, Lang::En)
    }

    #[test]
    fn every_option_example_and_ruleset_is_read() {
        for r in rulesets() {
            for o in option_examples() {
                let text = newgame_text(r, o);
                assert!(newgame(&text).is_ok(), "{text}");
            }
        }
        assert_eq!(rulesets(), vec!["classic", "quantum"]);
    }

    #[test]
    fn newgame_text_is_the_typed_command() {
        assert_eq!(
            newgame_text("classic", " size=6x5  plan=own "),
            "/newgame labyrinth classic size=6x5 plan=own"
        );
        assert_eq!(newgame_text("quantum", ""), "/newgame labyrinth quantum");
    }

    #[test]
    fn lobby_commands_stay_visible_to_members() {
        assert!(is_chat_admin_command("abort") && is_chat_admin_command("kick"));
        assert!(!is_chat_admin_command("begin") && !is_chat_admin_command("cancel"));
        assert!(!is_chat_admin_command("join"));
    }
}

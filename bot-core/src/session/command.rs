//! Slash commands: `/newgame`, `/join`, … and the admin's `/pause`, `/kick`, `/abort`, ….
//! Unknown commands and strangers' commands get a clear reply and change nothing.

use crate::args;
use crate::i18n::Lang;
use crate::store::GameRecord;

use super::chat::{Button, Content, Inbound, Payload};
use super::game::{Dest, Out};
use super::lobby::{JOIN_LINK, join, leave, new_game};
use super::table::Stage;
use super::text::t;
use super::typed::Command;
use super::{Loaded, Session, SessionError, Work, flow, transfer};

/// The commands a chat bot registers with its platform (Telegram's menu, Discord's slash commands),
/// in the order shown.
const REGISTERED: &[&str] = &[
    "newgame",
    "join",
    "leave",
    "begin",
    "move",
    "undo",
    "draw",
    "resign",
    "status",
    "rules",
    "help",
    "games",
    "extend",
    "vacation",
    "lang",
    "pause",
    "resume",
    "skip",
    "kick",
    "abort",
    "cancel",
    "export",
    "import",
    "tournament",
    "standings",
    "rating",
    "leaderboard",
];

/// The commands only a game's opener or a chat admin may give.
const ADMIN_ONLY: &[&str] = &[
    "begin", "start", "cancel", "pause", "resume", "kick", "skip", "abort", "export", "import",
];

/// The admin commands of a game's lobby, which whoever opened the game gives (rarely a chat admin):
/// a platform that hides admin commands from plain members keeps these in view.
const LOBBY_ADMIN: &[&str] = &["begin", "start", "cancel"];

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
        work.fx
            .outs
            .push(Out::user(&msg.user.0, t(lang, "session-hello", &[])));
        return Ok(());
    };
    let Some(rec) = s.store.running_game_in_chat(msg.platform, chat).await? else {
        work.fx
            .outs
            .push(Out::user(&msg.user.0, t(lang, "session-link-no-game", &[])));
        return Ok(());
    };
    if rec.held.is_some() {
        super::held::tell_private(msg, &[rec], lang, work);
        return Ok(());
    }
    let mut g = super::loaded(s.registry, rec)?;
    let away = super::personal::away_of(s, msg, work.now).await?;
    join(&mut g, msg, msg.lang, away, work);
    if work.fx.roster {
        let n = g.table.seating.seats.len();
        let text = t(
            g.table.seating.lang,
            "session-joined",
            args![("name", msg.name.clone()), ("n", n)],
        );
        work.fx.outs.push(Out::group(text));
    }
    work.game = Some(g);
    Ok(())
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
    if super::tournament::COMMANDS.contains(&cmd.name.as_str()) {
        return super::tournament::group(s, msg, cmd, lang, work).await;
    }
    if cmd.name == "newgame" {
        new_game(s.registry, msg, cmd, lang, work);
        return Ok(());
    }
    if cmd.name == "help" {
        let game = work.game.as_ref().map(|g| g.table.play.help(lang));
        let text = help(s, msg, lang, game);
        work.fx.outs.push(Out::group(text));
        return Ok(());
    }
    match cmd.name.as_str() {
        "vacation" => return super::personal::vacation(s, msg, cmd, lang, work).await,
        "lang" => return super::personal::lang(s, msg, cmd, work).await,
        _ => {}
    }
    if cmd.name == "import" {
        transfer::ask(msg, work.game.is_some(), lang, now, work);
        return Ok(());
    }
    if cmd.name == "export" && work.game.is_none() {
        // After the end the chat has no running game: its last one, secrets revealed, may go.
        if let Some(rec) = s
            .store
            .latest_game_in_chat(msg.platform, &msg.chat.0)
            .await?
        {
            let g = super::loaded(s.registry, rec)?;
            if !g.table.seating.is_admin(&msg.user.0, msg.is_admin) {
                work.fx
                    .outs
                    .push(Out::back(msg, t(lang, "session-not-admin", &[])));
                return Ok(());
            }
            return transfer::export(s, msg, &g, lang, work).await;
        }
    }
    let Some(mut game) = work.game.take() else {
        if cmd.name == MOVE {
            return move_without_a_game(s, msg, lang, work).await;
        }
        let id = if Command::is_known(cmd) {
            "session-no-game"
        } else {
            "session-unknown-command"
        };
        work.fx
            .outs
            .push(Out::group(t(lang, id, args![("cmd", cmd.name.clone())])));
        return Ok(());
    };
    if !Command::is_known(cmd) {
        if game.table.seating.stage == Stage::Playing {
            let text = format!("/{} {}", cmd.name, cmd.args.join(" "));
            flow::with_play(&mut game, s.seed, work, |play, cx| {
                play.group_text(cx, msg, &text)
            });
        } else {
            work.fx.outs.push(Out::group(t(
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

/// `/help`: the game's help (or the games hosted) and the session's commands; where the bot hears
/// only what is addressed to it, how to address it.
fn help(s: &Session, msg: &Inbound, lang: Lang, game: Option<String>) -> String {
    let text = super::text::help(s.registry, lang, game);
    match s.addressed_only(msg.platform, lang) {
        Some(how) => format!("{text}\n\n{how}"),
        None => text,
    }
}

/// The order every game reads (`/move go up`): the session passes it to the chat's game.
const MOVE: &str = "move";

/// `/move` where no game runs (a forum's General topic, a chat whose game ended): no game runs
/// here, and the player's games run in these chats, if he plays any.
async fn move_without_a_game(
    s: &Session,
    msg: &Inbound,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let games = s
        .store
        .running_games_of_user(msg.platform, &msg.user.0)
        .await?;
    // As `/games` names them.
    let mut chats: Vec<&str> = vec![];
    for rec in &games {
        if !chats.contains(&rec.chat.as_str()) {
            chats.push(&rec.chat);
        }
    }
    let text = if chats.is_empty() {
        t(lang, "session-move-no-game", &[])
    } else {
        t(
            lang,
            "session-move-elsewhere",
            args![("chats", chats.join(", ")), ("n", chats.len())],
        )
    };
    work.fx.outs.push(Out::back(msg, text));
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
        true => msg.lang.unwrap_or(g.table.seating.lang),
        false => g.table.seating.lang,
    };
    let user = msg.user.0.as_str();
    let admin = g.table.seating.is_admin(user, msg.is_admin);
    // `/skip` from the player whose turn it is is his own order to the game (a game may let a
    // player pass); from an admin, it passes whoever is keeping the table waiting.
    let current = g.table.play.current(&g.table.seating);
    let own_turn = flow::own_turn(&g.table.seating, current, user);
    if cmd.name == "skip" && own_turn && !msg.private {
        flow::with_play(g, s.seed, work, |play, cx| {
            play.group_text(cx, msg, "/skip")
        });
        return Ok(());
    }
    if is_admin_command(&cmd.name) && !admin {
        // A confirmation button pressed by a plain player is answered for his eyes only: the
        // chat need not read who pressed what he may not.
        let text = t(msg.lang.unwrap_or(lang), "session-not-admin", &[]);
        let out = match msg.content {
            Content::Button(_) => Out::presser(text),
            _ => Out::back(msg, text),
        };
        work.fx.outs.push(out);
        return Ok(());
    }
    match cmd.name.as_str() {
        "join" => {
            let lang = super::personal::lang_of(s, msg).await?;
            let away = super::personal::away_of(s, msg, work.now).await?;
            join(g, msg, lang, away, work)
        }
        "extend" => flow::extend(g, msg, work),
        "leave" => leave(g, msg, s.seed, work),
        "begin" | "start" => flow::begin(g, s.seed, work),
        "cancel" | "abort" => match confirmation(cmd) {
            Some(true) => flow::abort(g, s.seed, work),
            Some(false) => work
                .fx
                .outs
                .push(Out::back(msg, t(lang, "session-kept", &[]))),
            None => ask_to_confirm(msg, g, cmd, None, lang, work),
        },
        "rules" => {
            let text = flow::with_play(g, s.seed, work, |play, cx| play.rules_text(cx));
            work.fx.outs.push(Out::back(msg, text))
        }
        "status" => flow::status(g, msg, s.seed, work),
        "games" => work.fx.outs.push(Out::back(
            msg,
            t(lang, "session-game-line", game_args(g, lang).as_slice()),
        )),
        "pause" => flow::pause(g, true, work),
        // Inputs of the chat set aside after they kept failing go first: the game is not paused
        // then, and they are what the admin asks to try again.
        "resume"
            if !msg.private
                && !s
                    .held_for(msg.platform, &msg.chat.0, Some(g.id))
                    .await?
                    .is_empty() =>
        {
            work.replay = Some(g.id)
        }
        "resume" => flow::pause(g, false, work),
        "kick" => {
            let confirmed = confirmation(cmd);
            let words = &cmd.args[..cmd.args.len() - usize::from(confirmed.is_some())];
            let name = words.join(" ");
            let seat = g
                .table
                .seating
                .seats
                .iter()
                .position(|p| p.name.eq_ignore_ascii_case(&name) || p.user == name);
            match (seat, confirmed) {
                (None, _) => work.fx.outs.push(Out::back(
                    msg,
                    t(lang, "session-no-such-player", args![("name", name)]),
                )),
                (Some(i), Some(true)) => flow::kick(g, i, s.seed, work),
                (Some(_), Some(false)) => work
                    .fx
                    .outs
                    .push(Out::back(msg, t(lang, "session-kept", &[]))),
                (Some(i), None) => {
                    // The buttons name the player by his id: a name may be long or ambiguous.
                    let user = g.table.seating.seats[i].user.clone();
                    ask_to_confirm(msg, g, cmd, Some(&user), lang, work)
                }
            }
        }
        "skip" => flow::skip(g, s.seed, work),
        // The export holds every secret of the game: not for a player's eyes while it runs (the
        // opener may play, and may be the chat's admin).
        "export" => transfer::export(s, msg, g, lang, work).await?,
        _ => work.fx.outs.push(Out::back(
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
        ("code", crate::i18n::Arg::from(g.table.play.ruleset())),
        (
            "status",
            crate::i18n::Arg::from(super::text::stage(lang, g.table.seating.status())),
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
    let lang = g.table.seating.lang;
    match cmd.name.as_str() {
        "help" => {
            let text = help(s, msg, lang, Some(g.table.play.help(lang)));
            work.fx.outs.push(Out::back(msg, text))
        }
        "newgame" | "join" | "begin" | "start" => work
            .fx
            .outs
            .push(Out::back(msg, t(lang, "session-in-group", &[]))),
        _ if !Command::is_known(cmd) => {
            let text = format!("/{} {}", cmd.name, cmd.args.join(" "));
            flow::with_play(g, s.seed, work, |play, cx| {
                play.private_text(cx, msg, &text)
            });
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
    let mut out = Out::back(msg, t(lang, "session-confirm", args![("command", shown)]));
    out.payload.buttons = vec![vec![
        Button::press(t(lang, "session-confirm-yes", &[]), format!("{base} yes")),
        Button::press(t(lang, "session-confirm-no", &[]), format!("{base} no")),
    ]];
    work.fx.outs.push(out);
}

/// `/games`: the running games of a user, privately.
pub(crate) fn list_games(
    registry: super::Registry,
    msg: &Inbound,
    games: &[GameRecord],
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let mut lines = vec![];
    for rec in games {
        let g = super::loaded(registry, rec.clone())?;
        lines.push(t(lang, "session-game-line", game_args(&g, lang).as_slice()));
    }
    let text = if lines.is_empty() {
        t(lang, "session-not-playing", &[])
    } else {
        lines.join("\n")
    };
    work.fx.outs.push(Out::user(&msg.user.0, text));
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
    work.fx.outs.push(Out {
        to: Dest::User(msg.user.0.clone()),
        payload: Payload {
            text: t(lang, "session-which-game", args![("games", ids.join(", "))]),
            buttons: vec![row],
            ..Payload::default()
        },
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lobby_commands_stay_visible_to_members() {
        assert!(is_chat_admin_command("abort") && is_chat_admin_command("kick"));
        assert!(!is_chat_admin_command("begin") && !is_chat_admin_command("cancel"));
        assert!(!is_chat_admin_command("join"));
    }
}

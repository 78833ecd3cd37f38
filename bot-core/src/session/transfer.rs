//! Moving a game between installations from the chat. `/export` sends an admin the game as a file
//! (its players, order log and timers: see [`Store::export_game`](crate::store::Store::export_game));
//! `/import` in a group asks the admin for such a file privately, and the file he then sends brings
//! the game into that group, where it goes on.
//!
//! The file holds every secret of the game, so it never reaches a group, nor a player of the game while it
//! runs. Between the `/import` and the file, the group waits in a ticket (a meta key per admin)
//! that lasts [`TICKET_MS`].

use crate::args;
use crate::i18n::Lang;
use crate::store::{GameId, StoreError};

use super::chat::{Button, Inbound, Platform, TextFile};
use super::game::Out;
use super::text::t;
use super::{Loaded, Session, SessionError, Work, loaded};

/// How long an `/import` waits for its file.
pub const TICKET_MS: i64 = 10 * 60 * 1000;

/// The meta key of a user's import ticket.
fn ticket_key(platform: Platform, user: &str) -> String {
    format!("import:{platform}:{user}")
}

/// A ticket's mark of a group that takes threads, and of one that does not.
const THREADS: &str = "threads";
const NO_THREADS: &str = "plain";

/// A ticket still valid at `now`: its group, and whether it takes threads. A ticket of an earlier
/// version names only the group.
fn read_ticket(ticket: &str, now: i64) -> Option<(String, bool)> {
    let (until, rest) = ticket.split_once(' ')?;
    if until.parse::<i64>().ok()? < now {
        return None;
    }
    Some(match rest.split_once(' ') {
        Some((THREADS, chat)) => (chat.to_string(), true),
        Some((NO_THREADS, chat)) => (chat.to_string(), false),
        _ => (rest.to_string(), false),
    })
}

/// `/export`: the game as a file, privately, for an admin who may see its secrets: not a player of it
/// while it runs.
pub(crate) async fn export(
    s: &Session,
    msg: &Inbound,
    g: &Loaded,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let user = msg.user.0.as_str();
    if g.table.seating.running() && g.table.seating.seat_of(user).is_some() {
        work.fx
            .outs
            .push(Out::back(msg, t(lang, "session-export-player", &[])));
        return Ok(());
    }
    let json = s.store.export_game(g.id).await?;
    let mut out = Out::user(
        user,
        t(
            lang,
            "session-export-sent",
            args![("id", g.id.0.to_string())],
        ),
    );
    out.payload.file = Some(TextFile {
        name: format!("game-{}.json", g.id.0),
        text: json,
    });
    work.fx.outs.push(out);
    if !msg.private {
        work.fx.outs.push(Out::group(t(
            lang,
            "session-export-done",
            args![("name", msg.name.clone())],
        )));
    }
    Ok(())
}

/// `/import` in a group: a chat admin is asked for the file privately; the group waits for it.
pub(crate) fn ask(msg: &Inbound, running: bool, lang: Lang, now: i64, work: &mut Work) {
    if !msg.is_admin {
        work.fx
            .outs
            .push(Out::group(t(lang, "session-import-admins", &[])));
        return;
    }
    if running {
        work.fx
            .outs
            .push(Out::group(t(lang, "session-import-busy", &[])));
        return;
    }
    // Whether the group takes threads goes with the ticket: the file comes privately, where the
    // platform does not say it (an imported tournament's games may play in threads).
    let threads = if msg.threads { THREADS } else { NO_THREADS };
    work.meta.push((
        ticket_key(msg.platform, &msg.user.0),
        format!("{} {threads} {}", now + TICKET_MS, msg.chat.0),
    ));
    let mut out = Out::group(t(
        lang,
        "session-import-send",
        args![("name", msg.name.clone())],
    ));
    out.payload.buttons = vec![vec![Button::link(
        t(lang, "session-open-chat-button", &[]),
        "hello",
    )]];
    work.fx.outs.push(out);
}

/// A file sent privately: the game an admin was asked for, imported into the group of his ticket.
pub(crate) async fn receive(
    s: &Session,
    msg: &Inbound,
    file: &TextFile,
    lang: Lang,
    now: i64,
    work: &mut Work,
) -> Result<(), SessionError> {
    let user = msg.user.0.as_str();
    let key = ticket_key(msg.platform, user);
    let ticket = s.store.meta(&key).await?;
    let Some((chat, threads)) = ticket.as_deref().and_then(|t| read_ticket(t, now)) else {
        work.fx
            .outs
            .push(Out::user(user, t(lang, "session-import-how", &[])));
        return Ok(());
    };
    if super::tournament::is_tournament_file(&file.text) {
        let to = (chat, threads);
        if super::tournament::receive_file(s, msg, file, to, lang, work).await? {
            // The ticket is used up; a file refused leaves it for a better one, as for a game.
            work.meta.push((key, String::new()));
        }
        return Ok(());
    }
    if let Err(why) = super::verify::check_game_export(s.registry, &file.text) {
        // Nothing is stored: the ticket stays for a better file.
        work.fx.outs.push(Out::user(
            user,
            t(lang, "session-import-refused", args![("why", why)]),
        ));
        return Ok(());
    }
    let id = match s
        .store
        .import_game_into(&file.text, Some((msg.platform, chat.clone())))
        .await
    {
        Ok(id) => id,
        Err(StoreError::BadExport(why)) => {
            work.fx.outs.push(Out::user(
                user,
                t(lang, "session-import-refused", args![("why", why)]),
            ));
            return Ok(());
        }
        Err(StoreError::ChatBusy { .. }) => {
            work.fx
                .outs
                .push(Out::user(user, t(lang, "session-import-busy", &[])));
            return Ok(());
        }
        Err(e) => return Err(e.into()),
    };
    // The ticket is used up (an empty value is no ticket).
    work.meta.push((key, String::new()));
    resume(s, msg, id, lang, work).await
}

/// The imported game goes on in its group: announced there, its turn's time starting afresh (the
/// deadline it had may have passed while it travelled).
async fn resume(
    s: &Session,
    msg: &Inbound,
    id: GameId,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let Some(rec) = s.store.game(id).await? else {
        return Err(StoreError::GameNotFound(id).into());
    };
    let g = loaded(s.registry, rec)?;
    work.fx.outs.push(Out::user(
        &msg.user.0,
        t(lang, "session-imported", args![("id", id.0.to_string())]),
    ));
    let table = &g.table.seating;
    let status = super::text::stage(table.lang, table.status());
    work.fx.outs.push(Out::group(t(
        table.lang,
        "session-imported-group",
        args![("id", id.0.to_string()), ("status", status)],
    )));
    work.fx.dirty = true;
    work.fx.restart_clock = super::flow::clock_runs(table, g.table.play.as_ref());
    work.game = Some(g);
    Ok(())
}

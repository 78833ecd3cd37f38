//! A player's own settings, the same in all his games: `/lang ru|en` (the language of what the
//! master tells him privately) and `/vacation 3d` (days away: the deadlines of his moves stretch
//! over them, up to [`VACATION_CAP_MS`]). Both are kept in the store's meta, so that games he joins
//! later follow them too, and written into each running game of his.

use crate::args;
use crate::i18n::Lang;
use crate::store::Platform;

use super::chat::Inbound;
use super::game::Out;
use super::table::{Seating, VACATION_CAP_MS};
use super::text::{duration_text, t};
use super::typed::Command;
use super::{Loaded, Session, SessionError, Work, flow, parse_duration};

/// The meta key of a user's language.
pub(crate) fn lang_key(platform: Platform, user: &str) -> String {
    format!("lang:{platform}:{user}")
}

/// The meta key of a user's vacation: until when, in unix milliseconds.
pub(crate) fn away_key(platform: Platform, user: &str) -> String {
    format!("away:{platform}:{user}")
}

/// A user's language as he chose it with `/lang`, if he did.
pub(crate) async fn lang_of(s: &Session, msg: &Inbound) -> Result<Option<Lang>, SessionError> {
    chosen_lang(s, msg.platform, &msg.user.0).await
}

/// A user's language as he chose it with `/lang`, if he did, known by his platform and id.
pub(crate) async fn chosen_lang(
    s: &Session,
    platform: Platform,
    user: &str,
) -> Result<Option<Lang>, SessionError> {
    let chosen = s.store.meta(&lang_key(platform, user)).await?;
    Ok(chosen.and_then(|l| l.parse().ok()))
}

/// Until when a user is away, if he is.
pub(crate) async fn away_of(
    s: &Session,
    msg: &Inbound,
    now: i64,
) -> Result<Option<i64>, SessionError> {
    let until = s.store.meta(&away_key(msg.platform, &msg.user.0)).await?;
    Ok(until.and_then(|u| u.parse().ok()).filter(|&u| u > now))
}

/// `/lang ru|en`: from now on his private messages speak it, in every game.
pub(crate) async fn lang(
    s: &Session,
    msg: &Inbound,
    cmd: &Command,
    work: &mut Work,
) -> Result<(), SessionError> {
    let asked = msg.lang.unwrap_or(s.lang);
    let Some(lang) = cmd.args.first().and_then(|w| w.parse::<Lang>().ok()) else {
        work.fx
            .outs
            .push(Out::user(&msg.user.0, t(asked, "session-lang-usage", &[])));
        return Ok(());
    };
    let user = msg.user.0.clone();
    s.each_game_of(msg, work, |g, _| {
        let seating = &mut g.table.seating;
        if seating.opener.user == user {
            seating.opener.lang = lang;
        }
        for seat in seating.seats.iter_mut().filter(|p| p.user == user) {
            seat.lang = lang;
        }
    })
    .await?;
    work.meta
        .push((lang_key(msg.platform, &msg.user.0), lang.to_string()));
    work.fx
        .outs
        .push(Out::user(&msg.user.0, t(lang, "session-lang-set", &[])));
    Ok(())
}

/// `/vacation 3d` or `/vacation off`: days away, in every game; a move of his awaited now gets the
/// time too.
pub(crate) async fn vacation(
    s: &Session,
    msg: &Inbound,
    cmd: &Command,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let now = work.now;
    let word = cmd.args.first().map(|w| w.to_lowercase());
    let until = match word.as_deref() {
        Some("off" | "нет" | "0") => None,
        Some(w) => match parse_duration(w).filter(|&d| d > 0 && d <= VACATION_CAP_MS) {
            Some(d) => Some(now + d),
            None => return usage(msg, lang, work),
        },
        None => return usage(msg, lang, work),
    };
    let user = msg.user.0.clone();
    s.each_game_of(msg, work, |g, game_work| {
        away_in_game(g, &user, until, game_work)
    })
    .await?;
    let key = away_key(msg.platform, &msg.user.0);
    work.meta
        .push((key, until.map(|u| u.to_string()).unwrap_or_default()));
    let text = match until {
        Some(u) => t(
            lang,
            "session-vacation-set",
            args![("days", duration_text(lang, u - now))],
        ),
        None => t(lang, "session-vacation-off", &[]),
    };
    work.fx.outs.push(Out::back(msg, text));
    Ok(())
}

fn usage(msg: &Inbound, lang: Lang, work: &mut Work) -> Result<(), SessionError> {
    let cap = duration_text(lang, VACATION_CAP_MS);
    let text = t(lang, "session-vacation-usage", args![("cap", cap)]);
    work.fx.outs.push(Out::back(msg, text));
    Ok(())
}

/// A vacation written into one game: his seat knows it, and a move of his that runs now gets the
/// stretched time at once (never less than it had).
fn away_in_game(g: &mut Loaded, user: &str, until: Option<i64>, work: &mut Work) {
    let seating = &mut g.table.seating;
    let Some(seat) = seating.seat_of(user) else {
        return;
    };
    seating.seats[seat].away_until = until;
    let awaited = g.table.play.waiting(&g.table.seating).seats();
    let seating = &g.table.seating;
    if awaited.contains(&seat) && flow::clock_runs(seating, g.table.play.as_ref()) {
        stretch(seating, &awaited, work);
    }
}

/// The running turn's deadline stretched over the awaited players' vacations.
fn stretch(seating: &Seating, awaited: &[usize], work: &mut Work) {
    let now = work.now;
    let due = now + seating.turn_time(awaited, now);
    if seating.turn_due_ms.is_none_or(|d| due > d) {
        work.clock_due = Some(due);
    }
}

//! Threads the bot opens for a tournament's games: a Telegram forum topic, a Discord thread.
//!
//! A game's table opens under a name the session gives its chat (`CHAT/r1g2`), and its first
//! message asks the platform to open the thread ([`ThreadOpen`]); the game's messages wait behind
//! it. Once the platform opened the thread, the name becomes the thread's chat, messages and all,
//! in one transaction with the opener marked sent ([`opened`]); only then are the tournament's
//! chat and the players told where the game plays. Should the platform refuse (the bot may not
//! manage topics, the channel takes no threads), the game is taken back, unplayed, to open in the
//! tournament's chat or its host chats instead ([`refused`]), and only that place is ever named.

use crate::args;
use crate::session::chat::{Outbound, Platform, Target, ThreadOpen};
use crate::session::game::{Dest, Out};
use crate::session::table::Stage;
use crate::session::text::t;
use crate::session::{Session, SessionError, Work, loaded};
use crate::store::{ChatMove, InboundKey, OutboxId, StoreError, TournamentId, UnixMs};
use crate::tournament::GameRef;

use super::Held;
use super::place::{Place, announce, names_of};

/// The message that opens a game's thread: the first to its chat's name.
pub(super) fn opener(h: &Held, at: GameRef, names: &str, chat: &str) -> Out {
    Out {
        to: Dest::Chat(chat.to_string()),
        ..Out::group(String::new())
    }
    .opening(ThreadOpen::new(h.chat.clone(), &title(h, at, names)))
}

/// A game's thread's title: its round, its number and its players.
fn title(h: &Held, at: GameRef, names: &str) -> String {
    let args = args![
        ("round", at.round + 1),
        ("game", at.game + 1),
        ("names", names.to_string())
    ];
    t(h.cup.lang, "tour-thread-name", args)
}

/// The platform opened the thread `out` asked for as `chat`: the game named for it, and the
/// messages waiting for it, move there, and `out` is sent, all at once.
pub(crate) async fn opened(
    s: &Session,
    platform: Platform,
    out: &Outbound,
    chat: &str,
    now: i64,
) -> Result<(), SessionError> {
    let Target::Chat(name) = &out.to else {
        return s.mark_sent(out.id, None, now).await;
    };
    announce_opened(s, platform, out, &name.0, now).await?;
    let m = ChatMove {
        platform,
        from: name.0.clone(),
        to: chat.to_string(),
        meta: vec![],
        opened_by: Some((OutboxId(out.id as i64), UnixMs(now))),
    };
    match s.store.move_chat(&m).await {
        Ok(_) => {}
        // The platform answered with a chat that has a game of its own: not a new thread.
        Err(StoreError::ChatBusy { .. }) => return refused(s, platform, out, now).await,
        Err(e) => return Err(e.into()),
    }
    s.games.forget(platform, &name.0);
    s.games.forget(platform, chat);
    Ok(())
}

/// Tells the tournament's chat and the game's players where the game plays, now that the platform
/// opened its thread (and not before: a thread it refused is never named). Committed once per
/// opener, keyed by its outbox id: should the bot stop before the move that follows, the opener is
/// sent again and the announcement is not.
async fn announce_opened(
    s: &Session,
    platform: Platform,
    out: &Outbound,
    name: &str,
    now: i64,
) -> Result<(), SessionError> {
    let Some(open) = &out.thread else {
        return Ok(());
    };
    let Some(rec) = s.store.running_game_in_chat(platform, name).await? else {
        return Ok(());
    };
    let g = loaded(s.registry, rec)?;
    let Some(link) = g.table.seating.tournament else {
        return Ok(());
    };
    let Some(rec) = s.store.tournament(TournamentId(link.id)).await? else {
        return Ok(());
    };
    let h = Held::read_hosted(s.registry, rec)?;
    let at = GameRef {
        round: link.round,
        game: link.game,
    };
    let mut work = Work {
        now,
        ..Work::default()
    };
    let place = Place {
        chat: name,
        thread: Some(&open.name),
    };
    let names = names_of(&g.table.seating);
    announce(&h, at, &names, place, &g.table.seating, &mut work);
    let key = InboundKey::new(platform, format!("thread-opened:{}", out.id));
    match s
        .commit(Some(key), (platform, name.to_string()), work, now)
        .await
    {
        Ok(_) | Err(SessionError::Store(StoreError::Duplicate { .. })) => Ok(()),
        Err(e) => Err(e),
    }
}

/// The platform will not open the thread `out` asked for: its game is called off unplayed and
/// taken back by its tournament, which opens its games in chats from now on, and the tournament's
/// chat is told. Asked again (a crash before the opener was given up), it only gives it up.
pub(crate) async fn refused(
    s: &Session,
    platform: Platform,
    out: &Outbound,
    now: i64,
) -> Result<(), SessionError> {
    if let Target::Chat(name) = &out.to
        && let Some(rec) = s.store.running_game_in_chat(platform, &name.0).await?
    {
        let mut g = loaded(s.registry, rec)?;
        let mut work = Work {
            now,
            ..Work::default()
        };
        if let Some(link) = g.table.seating.tournament
            && let Some(rec) = s.store.tournament(TournamentId(link.id)).await?
        {
            let mut h = Held::read_hosted(s.registry, rec)?;
            // Told once: the tournament's other threads asked for meanwhile fail alike.
            let news = std::mem::replace(&mut h.cup.threads, false);
            let at = GameRef {
                round: link.round,
                game: link.game,
            };
            // A table inserted but not yet begun is not the tournament's yet: nothing to take back.
            let _ = h.cup.tournament.reopen_game(at, g.id.0);
            if news {
                let args = args![("round", at.round + 1), ("game", at.game + 1)];
                let text = t(h.cup.lang, "tour-no-threads", args);
                work.fx.outs.push(Out {
                    to: Dest::Chat(h.chat.clone()),
                    ..Out::group(text)
                });
            }
            work.cup = Some(h.write(true)?);
        }
        // Called off, not ended: nobody scores and no rating moves.
        g.table.seating.stage = Stage::Aborted;
        g.was_running = false;
        work.fx.dirty = true;
        work.game = Some(g);
        s.commit(None, (platform, name.0.clone()), work, now)
            .await?;
    }
    s.mark_dropped(out.id, now).await?;
    if let Target::Chat(name) = &out.to {
        let target = crate::store::Target::chat(platform, name.0.clone());
        s.store.drop_unsent_to(&target, UnixMs(now)).await?;
    }
    Ok(())
}

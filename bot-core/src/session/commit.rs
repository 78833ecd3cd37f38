//! One input's commit: everything it did (the game's state, its roster, the order log, the timers,
//! the messages, a tournament's write, ratings) written to the store at once, and the messages
//! handed back as adapters send them.

use crate::store::{
    Commit, CommitResult, GameId, GameUpdate, GameWrite, InboundKey, NewGame, NewOutgoing,
    NewTimer, Player, StoreError, TimerChanges, UnixMs,
};

use super::chat::{ChatId, Outbound, Payload, Platform, Target, UserId};
use super::game::{Dest, Effects};
use super::table::Table;
use super::{Loaded, MASTER_SEAT, Session, SessionError, Work, flow, tournament};

/// Writes everything one input did in one commit and returns its messages. `origin` is the
/// platform and chat the input came from, where replies go when no game is concerned.
pub(super) async fn write(
    s: &Session,
    inbound: Option<InboundKey>,
    origin: (Platform, String),
    work: Work,
    now: i64,
) -> Result<Vec<Outbound>, SessionError> {
    write_all(s, inbound, origin, vec![work], now).await
}

/// Writes what one input did to several games in one transaction, all of it or none, and returns
/// the messages in order. The inbound key goes with the first work; `origin` serves each work
/// that concerns no game.
pub(super) async fn write_all(
    s: &Session,
    inbound: Option<InboundKey>,
    origin: (Platform, String),
    works: Vec<Work>,
    now: i64,
) -> Result<Vec<Outbound>, SessionError> {
    Ok(write_all_setting(s, inbound, origin, works, now).await?.0)
}

/// [`write_all`], also handing back the timers the commits set: a firing timer's successors,
/// known without reading them back.
pub(super) async fn write_all_setting(
    s: &Session,
    inbound: Option<InboundKey>,
    origin: (Platform, String),
    works: Vec<Work>,
    now: i64,
) -> Result<(Vec<Outbound>, Vec<NewTimer>), SessionError> {
    let mut inbound = inbound;
    let mut prepared = vec![];
    for work in works {
        let key = inbound.take();
        if let Some(p) = prepare(s, key.clone(), &origin, work, now).await? {
            prepared.push(p);
        } else {
            // Nothing to write for this one: the key goes with the next.
            inbound = key;
        }
    }
    if prepared.is_empty() {
        return Ok((vec![], vec![]));
    }
    if let Some(key) = inbound
        && let Some(first) = prepared.first_mut()
    {
        first.commit.inbound = Some(key);
    }
    let set: Vec<NewTimer> = (prepared.iter())
        .flat_map(|p| p.commit.timers.set.iter().cloned())
        .collect();
    match write_prepared(s, prepared).await {
        Ok(sent) => Ok((sent.into_iter().flatten().collect(), set)),
        Err(SessionError::Store(StoreError::Duplicate { .. })) => Ok((vec![], vec![])),
        Err(e) => Err(e),
    }
}

/// Makes a timer's firing (a work that carries its own time) into a commit of its own, to be
/// written with others by [`write_prepared`]; `None` when it changed nothing.
pub(super) async fn prepare_firing(
    s: &Session,
    work: Work,
) -> Result<Option<Prepared>, SessionError> {
    let now = work.now;
    // A timer belongs to a game, whose chat the commit takes: the origin is never used.
    let origin = (Platform::Script, String::new());
    prepare(s, None, &origin, work, now).await
}

/// Writes prepared commits in one transaction, all of them or none, and hands back each one's
/// messages.
pub(super) async fn write_prepared(
    s: &Session,
    mut prepared: Vec<Prepared>,
) -> Result<Vec<Vec<Outbound>>, SessionError> {
    let commits = prepared.iter_mut().map(|p| std::mem::take(&mut p.commit));
    // Every state here comes from `Table::save`, a `serde_json::to_string`.
    let results = s.store.commit_all_serialized(commits.collect()).await?;
    Ok((prepared.into_iter().zip(results))
        .map(|(p, result)| finish(s, p, result))
        .collect())
}

/// The first prompt of a game, where the bot hears only what is addressed to it: how to address
/// it, under the group's last text (the one that says whose turn it is), else on its own.
fn teach(outs: &mut Vec<super::game::Out>, how: String) {
    let last = outs
        .iter_mut()
        .rev()
        .find(|o| o.to == Dest::Group && o.payload.picture.is_none());
    match last {
        Some(o) => {
            o.payload.text.push_str("\n\n");
            o.payload.text.push_str(&how);
        }
        None => outs.push(super::game::Out::group(how)),
    }
}

/// One work made into a commit, with what its outcome needs once the store took it.
pub(super) struct Prepared {
    commit: Commit,
    /// The game written, to cache with its new version.
    game: Option<Loaded>,
    /// A table created.
    insert: Option<Table>,
    /// The game's (or the input's) platform and chat.
    platform: Platform,
    chat: String,
    /// The messages, and where each goes.
    outs: Vec<super::game::Out>,
    targets: Vec<Target>,
    /// The game the messages are about, written or only read (a created one's id comes with the
    /// commit's result).
    about: Option<GameId>,
}

impl Prepared {
    /// The timers the commit sets.
    pub(super) fn sets(&self) -> &[NewTimer] {
        &self.commit.timers.set
    }

    /// Whether the commit writes what other commits of its transaction could have read before it
    /// (a tournament, ratings): what is committed after it must be prepared after it is written.
    pub(super) fn writes_shared(&self) -> bool {
        let c = &self.commit;
        c.tournament.is_some() || c.touch.is_some() || !c.ratings.is_empty()
    }
}

/// Makes one work into a commit; `None` when it changed nothing and has nothing to say.
async fn prepare(
    s: &Session,
    inbound: Option<InboundKey>,
    origin: &(Platform, String),
    mut work: Work,
    now: i64,
) -> Result<Option<Prepared>, SessionError> {
    if let Some(mut g) = work.game.take() {
        let clock_runs = flow::clock_runs(&g.table.seating, g.table.play.as_ref());
        let table = &mut g.table.seating;
        if !clock_runs {
            table.turn_due_ms = None;
        } else if work.fx.restart_clock {
            let awaited = g.table.play.waiting(&g.table.seating).seats();
            let time = g.table.turn_time(&awaited, now);
            g.table.seating.turn_due_ms = Some(now + time);
            flow::new_turn(&mut g, s.seed, &mut work);
        } else if let Some(due) = work.clock_due {
            table.turn_due_ms = Some(due);
        }
        if work.fx.play_began
            && let Some(how) = s.addressed_only(g.platform, g.table.seating.lang)
        {
            teach(&mut work.fx.outs, how);
        }
        work.game = Some(g);
    }
    let Work {
        game,
        insert,
        fx:
            Effects {
                outs,
                dirty,
                roster,
                restart_clock,
                orders,
                play_began: _,
            },
        fired,
        release,
        now: _,
        cached: _,
        meta,
        clock_due,
        insert_chat,
        cup,
        ratings,
        hold,
        unhold,
        abort_held,
        resumed,
        replay: _,
        others: _,
    } = work;
    let restart_clock = restart_clock || clock_due.is_some();
    let idle = outs.is_empty()
        && !dirty
        && insert.is_none()
        && fired.is_empty()
        && release.is_none()
        && cup.is_none()
        && ratings.is_empty()
        && hold.is_none()
        && unhold.is_none()
        && abort_held.is_none()
        && resumed.is_none();
    if idle && meta.is_empty() {
        // Nothing to say and nothing changed (chatter in a group): nothing to remember either.
        return Ok(None);
    }
    let mut c = Commit::at(UnixMs(now));
    c.inbound = inbound;
    c.meta = meta;
    c.tournament = cup;
    c.ratings = ratings;
    c.hold = hold;
    c.unhold = unhold;
    c.abort_held = abort_held;
    c.resumed = resumed;
    let (platform, chat) = match &game {
        Some(g) => (g.platform, g.chat.clone()),
        None => (origin.0, insert_chat.unwrap_or_else(|| origin.1.clone())),
    };
    if let Some(g) = &game
        && g.was_running
        && !g.table.seating.running()
    {
        // The commit that ends a game: a tournament's result is due, a rated game's ratings
        // change with it.
        let seating = &g.table.seating;
        c.touch = match seating.tournament {
            Some(link) => Some(crate::store::TournamentId(link.id)),
            // A casual game that kept a tournament's games out of its chat frees it now.
            None => tournament::waiting_in(&s.store, g.platform, &g.chat).await?,
        };
        c.ratings.extend(tournament::ratings(&s.store, g).await?);
    }
    if let Some(user) = release {
        c.release.push(store_target(origin.0, &Target::User(user)));
    }
    if let Some(table) = &insert {
        c.game = Some(GameWrite::Insert(NewGame {
            platform,
            chat: chat.clone(),
            kind: table.kind.word().to_string(),
            status: table.seating.status(),
            state: table.save()?,
        }));
        c.roster = Some(roster_of(table));
    } else if let Some(g) = &game
        && (dirty || !fired.is_empty())
    {
        c.game = Some(GameWrite::Update(GameUpdate {
            id: g.id,
            expected_version: g.version,
            status: g.table.seating.status(),
            state: g.table.save()?,
        }));
        if roster {
            c.roster = Some(roster_of(&g.table));
        }
        c.orders = orders;
        c.timers = timers(&g.table, restart_clock, fired, now);
    } else if let Some(g) = &game {
        // A reply decided on the game as read: it must not land if the game moved on meanwhile.
        c.expect = Some((g.id, g.version));
    }
    let targets: Vec<Target> = outs
        .iter()
        .map(|o| match &o.to {
            Dest::Group => Target::Chat(ChatId(chat.clone())),
            Dest::Chat(c) => Target::Chat(ChatId(c.clone())),
            Dest::User(u) => Target::User(UserId(u.clone())),
            // Popups were taken out before; one left is a bug, and the presser is unknown here.
            Dest::Presser => unreachable!("popups are taken out before the commit"),
        })
        .collect();
    // A picture sent to several players is hashed once: the commit's pictures so far.
    let mut pictures: Vec<crate::store::Blob> = vec![];
    for (o, t) in outs.iter().zip(&targets) {
        let picture = o.payload.picture.as_deref().map(|bytes| {
            match pictures.iter().find(|b| b.bytes() == bytes) {
                Some(same) => same.clone(),
                None => {
                    let new = crate::store::Blob::new(bytes);
                    pictures.push(new.clone());
                    new
                }
            }
        });
        c.outbox.push(NewOutgoing {
            target: store_target(platform, t),
            payload: serde_json::to_string(&o.payload)?,
            picture,
            slot: o.payload.slot.clone(),
        });
    }
    let written = c.game.is_some();
    let about = game.as_ref().map(|g| g.id);
    Ok(Some(Prepared {
        about,
        commit: c,
        game: game.filter(|_| written),
        insert,
        platform,
        chat,
        outs,
        targets,
    }))
}

/// Caches the game a commit wrote, with its new version, and hands back the commit's messages as
/// adapters send them.
fn finish(s: &Session, p: Prepared, result: CommitResult) -> Vec<Outbound> {
    let Prepared {
        game,
        insert,
        platform,
        chat,
        outs,
        targets,
        about,
        ..
    } = p;
    let about = result.game.map(|(id, _)| id).or(about);
    if let Some((id, version)) = result.game {
        let table = match (insert, game) {
            (Some(table), _) => Some(table),
            (None, Some(g)) => Some(g.table),
            (None, None) => None,
        };
        if let Some(table) = table {
            let was_running = table.seating.running();
            s.games.put(Loaded {
                id,
                version,
                platform,
                chat,
                table,
                was_running,
            });
        }
    }
    result
        .outbox_ids
        .iter()
        .zip(outs)
        .zip(targets)
        .map(|((id, o), to)| Outbound {
            id: id.0 as u64,
            to,
            text: o.payload.text,
            buttons: o.payload.buttons,
            picture: o.payload.picture,
            file: o.payload.file,
            edit: None,
            attempts: 0,
            parts_sent: 0,
            thread: o.payload.thread,
            game: about.map(|g| g.0),
        })
        .collect()
}

/// Whether an input ends a game: a tournament's result may be due, or its next game may take the
/// chat the game leaves.
pub(super) fn ends_a_game(work: &Work) -> bool {
    (work.game.as_ref()).is_some_and(|g| g.was_running && !g.table.seating.running())
}

/// The players of a table as the store files them; a master who does not play too, under his own
/// seat.
pub(super) fn roster_of(table: &Table) -> Vec<Player> {
    let t = &table.seating;
    let mut players: Vec<Player> = t
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| Player {
            seat: i as u32,
            user_id: s.user.clone(),
            name: s.name.clone(),
            lang: s.lang,
        })
        .collect();
    if !table.play.opener_plays() && t.seat_of(&t.opener.user).is_none() {
        players.push(Player {
            seat: MASTER_SEAT,
            user_id: t.opener.user.clone(),
            name: t.opener.name.clone(),
            lang: t.opener.lang,
        });
    }
    players
}

/// The timer changes after an input: fired ones go, a new turn sets the deadline and its reminder,
/// and a game out of play (paused, over) waits for nothing.
pub(super) fn timers(table: &Table, restart: bool, fired: Vec<String>, now: i64) -> TimerChanges {
    let t = &table.seating;
    let mut ch = TimerChanges {
        clear: fired,
        ..TimerChanges::default()
    };
    if !flow::clock_runs(t, table.play.as_ref()) {
        ch.clear_all = true;
        return ch;
    }
    if let (true, Some(due)) = (restart, t.turn_due_ms) {
        // The reminder comes when a quarter of the table's deadline is left, however far a
        // vacation or an extension moved the deadline itself.
        let d = t.deadline_ms.max(1);
        let payload = t.turn_no.to_string();
        ch.clear.clear();
        ch.clear_all = true;
        let remind = due - (d - d * 3 / 4);
        if remind > now {
            ch.set.push(NewTimer {
                kind: flow::REMINDER.to_string(),
                due_at: UnixMs(remind),
                payload: payload.clone(),
            });
        }
        ch.set.push(NewTimer {
            kind: flow::DEADLINE.to_string(),
            due_at: UnixMs(due),
            payload,
        });
    }
    ch
}

pub(super) fn store_target(platform: Platform, t: &Target) -> crate::store::Target {
    match t {
        Target::Chat(c) => crate::store::Target::chat(platform, c.0.clone()),
        Target::User(u) => crate::store::Target::user(platform, u.0.clone()),
    }
}

/// Messages of the outbox as adapters get them.
pub(super) fn outbounds(rows: Vec<crate::store::Outgoing>) -> Result<Vec<Outbound>, SessionError> {
    rows.into_iter()
        .map(|o| {
            let payload: Payload = serde_json::from_str(&o.payload)?;
            Ok(outbound(o, payload))
        })
        .collect()
}

pub(super) fn outbound(o: crate::store::Outgoing, p: Payload) -> Outbound {
    let (id, t) = (o.id, &o.target);
    let to = match t.kind {
        crate::store::TargetKind::Chat => Target::Chat(ChatId(t.id.clone())),
        crate::store::TargetKind::User => Target::User(UserId(t.id.clone())),
    };
    Outbound {
        id: id.0 as u64,
        to,
        text: p.text,
        buttons: p.buttons,
        picture: o.picture.or(p.picture),
        file: p.file,
        edit: o.edit,
        attempts: o.attempts,
        parts_sent: o.parts_sent,
        thread: p.thread,
        game: o.game_id.map(|g| g.0),
    }
}

//! The tournament's course between inputs: results recorded, rounds made, games opened, the end.
//!
//! Each dirty tournament is brought forward one step at a time, each step one commit: record a
//! game that ended, rate a round that is over (one rating period), make the next round, open a game (insert its table, then begin it and note it
//! in the tournament), or, with nothing left to do, clear the mark. A step decides from what is
//! stored, so a crash between two steps loses nothing: the mark is still there, and the next tick
//! takes up the work where it stopped.

use crate::args;
use crate::session::chat::Outbound;
use crate::session::game::{Dest, Out, Outcome, Placing};
use crate::session::table::Link;
use crate::session::text::t;
use crate::session::{Finished, Session, SessionError, Work, flow, loaded};
use crate::store::{GameId, StoreError};
use crate::tournament::{GameRef, State, Status};

use super::command::{round_lines, standings_out};
use super::place::{Place, announce, names_of, to_chat};
use super::{Held, names_threads, open, thread};

/// The most steps one tick takes: a safeguard against a step that would not move on.
const MAX_STEPS: usize = 10_000;

/// Brings every dirty tournament forward as far as it goes now.
pub(crate) async fn tick(s: &Session, now: i64) -> Result<Vec<Outbound>, SessionError> {
    let mut out = vec![];
    for _ in 0..MAX_STEPS {
        let Some(rec) = s.store.dirty_tournaments().await?.into_iter().next() else {
            break;
        };
        match step(s, Held::read_hosted(s.registry, rec)?, now).await {
            Ok(sent) => out.extend(sent),
            // Someone wrote it meanwhile: read again and decide again.
            Err(SessionError::Store(
                StoreError::TournamentMoved(_) | StoreError::Conflict { .. },
            )) => {}
            // A game of another's took the chat a table was to open in: the tournament waits for
            // the next game that ends rather than asking again and again now.
            Err(SessionError::Store(StoreError::ChatBusy { .. })) => break,
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// One step of one tournament.
async fn step(s: &Session, mut h: Held, now: i64) -> Result<Vec<Outbound>, SessionError> {
    let mut work = Work {
        now,
        ..Work::default()
    };
    let over = matches!(h.cup.tournament.state, State::Finished | State::Cancelled);
    if let Some(r) = h.cup.tournament.round_to_rate().filter(|_| over) {
        // Over: what its last rounds played is rated.
        rate_round(s, &mut h, r, &mut work).await?;
    } else if over {
        // Games still under way end by themselves, uncounted.
        work.cup = Some(h.write(false)?);
    } else if let Some((at, id)) = ended(s, &h).await? {
        record(s, &mut h, at, id, &mut work).await?;
    } else if let Some(r) = h.cup.tournament.round_to_rate() {
        rate_round(s, &mut h, r, &mut work).await?;
    } else if h.cup.tournament.next_round_ready() {
        let seed = h.draw(s.seed);
        if h.cup.tournament.advance(seed).is_ok() {
            let round = h.cup.tournament.rounds.len();
            let text = t(
                h.cup.lang,
                "tour-next-round",
                args![("round", round), ("schedule", last_round(&h))],
            );
            to_chat(&h, &mut work, text);
        }
        work.cup = Some(h.write(true)?);
    } else if let Some(done) = open_next(s, &mut h, &mut work).await? {
        if !done {
            return commit(s, &h, work, now).await;
        }
        work.cup = Some(h.write(true)?);
    } else {
        work.cup = Some(h.write(false)?);
    }
    commit(s, &h, work, now).await
}

/// The commit of a step, its messages going where they are addressed.
async fn commit(
    s: &Session,
    h: &Held,
    work: Work,
    now: i64,
) -> Result<Vec<Outbound>, SessionError> {
    s.commit(None, (h.platform, h.chat.clone()), work, now)
        .await
}

/// The last round's games, one a line.
fn last_round(h: &Held) -> String {
    let tour = &h.cup.tournament;
    round_lines(tour, tour.rounds.len().saturating_sub(1), h.cup.lang).join("\n")
}

/// A running game of the tournament that has ended, with its table's number.
async fn ended(s: &Session, h: &Held) -> Result<Option<(GameRef, i64)>, SessionError> {
    for (at, g) in h.cup.tournament.games() {
        let Status::Running { game } = g.status else {
            continue;
        };
        let over = match s.store.game(GameId(game)).await? {
            Some(rec) => !rec.status.is_running(),
            None => true,
        };
        if over {
            return Ok(Some((at, game)));
        }
    }
    Ok(None)
}

/// Records an ended game: its outcome (none when it was called off: nobody scores), the standings
/// after it, and at the tournament's end the final ones.
async fn record(
    s: &Session,
    h: &mut Held,
    at: GameRef,
    id: i64,
    work: &mut Work,
) -> Result<(), SessionError> {
    let players: Vec<String> = h.cup.tournament.game(at).map_or(vec![], |g| {
        g.seats
            .iter()
            .map(|&p| h.cup.tournament.players[p].id.clone())
            .collect()
    });
    let (outcome, left) = by_player(s.outcome(GameId(id)).await?, &players);
    let lang = h.cup.lang;
    // A result the tournament refuses (it was cancelled meanwhile) is not asked for again.
    let recorded = h.cup.tournament.record_played(at, outcome, left).is_ok();
    if recorded {
        let text = t(
            lang,
            "tour-game-over",
            args![("round", at.round + 1), ("game", at.game + 1)],
        );
        let out = standings_out(&h.cup.tournament, lang, Some(text));
        work.fx.outs.push(Out {
            to: Dest::Chat(h.chat.clone()),
            ..out
        });
    }
    if h.cup.tournament.state == State::Finished {
        let winners: Vec<String> = h
            .cup
            .tournament
            .standings()
            .iter()
            .filter(|row| row.rank == 1)
            .map(|row| h.cup.tournament.players[row.player].name.clone())
            .collect();
        let args = args![("names", winners.join(", ")), ("n", winners.len())];
        let text = t(lang, "tour-finished", args);
        to_chat(h, work, text);
    }
    // A result refused is not asked for again and again: the mark goes until the next game ends.
    work.cup = Some(h.write(recorded)?);
    Ok(())
}

/// Rates round `r`, one rating period, in the commit that notes it rated.
async fn rate_round(
    s: &Session,
    h: &mut Held,
    r: usize,
    work: &mut Work,
) -> Result<(), SessionError> {
    work.ratings = super::rate::round(&s.store, h, r).await?;
    h.cup.tournament.mark_rated(r);
    work.cup = Some(h.write(true)?);
    Ok(())
}

/// A table's result in the order of the tournament game's seats (`users`), with the seats that
/// left the table before its end: each of them is last, with nothing. A table called off gives
/// everyone that.
fn by_player(finished: Option<Finished>, users: &[String]) -> (Outcome, Vec<usize>) {
    let nothing = |last| Placing {
        place: last,
        score: 0.0,
    };
    let Some(f) = finished else {
        let outcome = Outcome {
            kind: crate::tournament::CALLED_OFF.into(),
            seats: vec![nothing(2); users.len()],
        };
        return (outcome, vec![]);
    };
    let last = f.outcome.seats.iter().map(|p| p.place).max().unwrap_or(1) + 1;
    let placed: Vec<Option<Placing>> = (users.iter())
        .map(|u| {
            let seat = f.users.iter().position(|x| x == u);
            seat.and_then(|i| f.outcome.seats.get(i).copied())
        })
        .collect();
    let left = (placed.iter().enumerate())
        .filter(|(_, p)| p.is_none())
        .map(|(s, _)| s)
        .collect();
    let seats = placed.into_iter().map(|p| p.unwrap_or(nothing(last)));
    let outcome = Outcome {
        kind: f.outcome.kind,
        seats: seats.collect(),
    };
    (outcome, left)
}

/// Opens the first game that may open now. `None`: none may. `Some(false)`: its table was
/// inserted, to begin at the next step (the insert alone is the commit). `Some(true)`: a table
/// inserted before was begun and noted in the tournament.
async fn open_next(
    s: &Session,
    h: &mut Held,
    work: &mut Work,
) -> Result<Option<bool>, SessionError> {
    let mut taken: Vec<String> = vec![];
    for at in h.cup.tournament.playable() {
        let Some(chat) = chat_for(s, h, at, &mut taken).await? else {
            continue;
        };
        let link = Link {
            id: h.id.0,
            round: at.round,
            game: at.game,
        };
        match s.store.running_game_in_chat(h.platform, &chat).await? {
            Some(rec) => {
                let mut g = loaded(s.registry, rec)?;
                if g.table.seating.tournament != Some(link) {
                    continue;
                }
                let names = names_of(&g.table.seating);
                let opens = h.cup.threads && !names_threads(h.platform);
                if opens {
                    // The thread opens first; the game's messages wait behind it, and where it
                    // plays is told once the platform opened it.
                    work.fx.outs.push(thread::opener(h, at, &names, &chat));
                }
                if !opens {
                    // Said before the game's first words: a chat reads where its game is first.
                    let place = Place {
                        chat: &chat,
                        thread: None,
                    };
                    announce(h, at, &names, place, &g.table.seating, work);
                }
                flow::begin(&mut g, s.seed, work);
                let _ = h.cup.tournament.begin_game(at, g.id.0);
                work.game = Some(g);
                return Ok(Some(true));
            }
            None => match open::table(s.registry, h, at) {
                Ok(table) => {
                    work.insert = Some(table);
                    work.insert_chat = Some(chat);
                    return Ok(Some(false));
                }
                // A game that cannot open any more counts for nobody; the tournament goes on.
                Err(_) => continue,
            },
        }
    }
    Ok(None)
}

/// The chat a game plays in: a thread of the tournament's chat where the platform lets the session
/// name one, else the first host chat (the tournament's own first) with no game running and none
/// claimed in this step.
async fn chat_for(
    s: &Session,
    h: &Held,
    at: GameRef,
    taken: &mut Vec<String>,
) -> Result<Option<String>, SessionError> {
    if h.in_threads() {
        return Ok(Some(h.thread(at.round, at.game)));
    }
    let chats = std::iter::once(h.chat.clone()).chain(h.cup.hosts.iter().cloned());
    for chat in chats {
        if taken.contains(&chat) {
            continue;
        }
        taken.push(chat.clone());
        let busy = s.store.running_game_in_chat(h.platform, &chat).await?;
        let ours = busy.as_ref().and_then(|rec| {
            let g = loaded(s.registry, rec.clone()).ok()?;
            g.table.seating.tournament
        });
        let this = Link {
            id: h.id.0,
            round: at.round,
            game: at.game,
        };
        if busy.is_none() || ours == Some(this) {
            return Ok(Some(chat));
        }
    }
    Ok(None)
}

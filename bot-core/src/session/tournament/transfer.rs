//! A tournament moved between installations (`gm tournament export | import`): the tournament
//! with its games under way, as one JSON document. Finished games need not travel: their results
//! are in the tournament itself.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::store::{
    Commit, GameId, NewOutgoing, Platform, Store, StoreError, TournamentId, TournamentWrite, UnixMs,
};
use crate::tournament::{GameRef, Status};

use crate::args;
use crate::i18n::Lang;
use crate::session::chat::{Inbound, TextFile};
use crate::session::game::{Dest, Out};
use crate::session::text::{self, t};
use crate::session::{Session, Work, flow, loaded};

use super::{Held, SessionError, names_threads, thread};

/// What an exported tournament's `format` says.
const FORMAT: &str = "gm-tournament";
/// The layout's version.
const FORMAT_VERSION: u32 = 1;

/// An exported tournament.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Document {
    /// Always [`FORMAT`].
    format: String,
    /// Always [`FORMAT_VERSION`].
    format_version: u32,
    /// Where it was opened.
    platform: Platform,
    /// The chat it was opened in.
    chat: String,
    /// The session's part and the tournament, as stored.
    state: Value,
    /// Its games under way, each as `gm game export` writes it, with its number there.
    games: Vec<Exported>,
}

/// One game under way, and the number the tournament knows it by.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Exported {
    id: i64,
    export: Value,
}

/// The tournament as a JSON document.
pub async fn export_tournament(store: &Store, id: i64) -> Result<String, SessionError> {
    let rec = store.tournament(TournamentId(id)).await?;
    let rec = rec.ok_or(SessionError::NoTournament(id))?;
    let held = Held::read(rec.clone())?;
    let mut games = vec![];
    for (_, g) in held.cup.tournament.games() {
        if let Status::Running { game } = g.status {
            let export = store.export_game(GameId(game)).await?;
            games.push(Exported {
                id: game,
                export: serde_json::from_str(&export)?,
            });
        }
    }
    let doc = Document {
        format: FORMAT.into(),
        format_version: FORMAT_VERSION,
        platform: rec.platform,
        chat: rec.chat,
        state: serde_json::from_str(&rec.state)?,
        games,
    };
    Ok(serde_json::to_string_pretty(&doc)?)
}

/// Where an imported tournament goes: the chat it opened in, unless given, and whether its games
/// play in threads there, unless known.
#[derive(Clone, Debug, Default)]
pub struct Landing {
    /// The chat it goes on in (on its own platform); by default the one it was exported from.
    pub chat: Option<String>,
    /// Whether that chat lets the bot open threads; by default as it was where it came from.
    pub threads: Option<bool>,
    /// The platform it must come from (an import from the chat: players are the platform's).
    pub platform: Option<Platform>,
}

/// Imports an exported tournament under a new number, with its games under way, as `to` says.
/// A game under way goes where it was if that was a host chat; from the tournament's own chat to
/// the new one; from a thread to a thread of the new chat, which the platform is asked to open
/// when it opens threads itself. It is left with its work marked, so that the next tick opens what
/// may open.
pub async fn import_tournament(
    registry: crate::session::Registry,
    store: &Store,
    text: &str,
    to: Landing,
) -> Result<i64, SessionError> {
    let bad = SessionError::BadTournamentExport;
    let doc: Document = serde_json::from_str(text).map_err(|e| bad(e.to_string()))?;
    if doc.format != FORMAT || doc.format_version != FORMAT_VERSION {
        return Err(bad(format!(
            "expected format `{FORMAT}` version {FORMAT_VERSION}"
        )));
    }
    if let Some(p) = to.platform.filter(|&p| p != doc.platform) {
        return Err(bad(format!(
            "it was exported from {}, not {p}",
            doc.platform
        )));
    }
    // Everything is checked before anything is stored: a tournament that does not read, or any
    // game of it that would not load, refuses the whole file.
    serde_json::from_value::<super::Cup>(doc.state.clone()).map_err(|e| {
        bad(format!(
            "the tournament does not read: {}",
            crate::session::held::describe(&e)
        ))
    })?;
    for game in &doc.games {
        let export = serde_json::from_value::<crate::store::GameExport>(game.export.clone())
            .map_err(|e| {
                bad(format!(
                    "its game {}: {}",
                    game.id,
                    crate::session::held::describe(&e)
                ))
            })?;
        crate::session::verify::check_export(registry, &export)
            .map_err(|why| bad(format!("its game {}: {why}", game.id)))?;
    }
    let chat = to.chat.unwrap_or_else(|| doc.chat.clone());
    let insert = Commit {
        tournament: Some(TournamentWrite::Insert {
            platform: doc.platform,
            chat: chat.clone(),
            status: "lobby".into(),
            state: doc.state.to_string(),
        }),
        ..Commit::at(UnixMs(0))
    };
    store.commit(insert).await?;
    let rec = store.tournament_in_chat(doc.platform, &chat).await?;
    let mut held = Held::read_hosted(registry, rec.ok_or(StoreError::Corrupt("tournaments"))?)?;
    if let Some(threads) = to.threads {
        held.cup.threads = threads;
    }
    let mut write = Commit::at(UnixMs(0));
    for game in doc.games {
        let (new, opener) = import_game(store, &held, &doc.chat, game.export).await?;
        renumber(&mut held, game.id, new);
        write.outbox.extend(opener);
    }
    write.tournament = Some(held.write(true)?);
    store.commit(write).await?;
    Ok(held.id.0)
}

/// One game under way, naming the tournament's new number, in the chat that follows the
/// tournament's (see [`import_tournament`]); with the message that opens its thread, when the
/// platform is to open one.
async fn import_game(
    store: &Store,
    held: &Held,
    old_chat: &str,
    mut export: Value,
) -> Result<(i64, Option<NewOutgoing>), SessionError> {
    let link = &mut export["game"]["state"]["tournament"];
    link["id"] = Value::from(held.id.0);
    let place = |key: &str| link[key].as_u64().map(|n| n as usize);
    let at = place("round").zip(place("game"));
    let chat = export["game"]["chat"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let mut opener = None;
    let moved = match at {
        _ if chat == old_chat => held.chat.clone(),
        _ if held.cup.hosts.contains(&chat) => chat,
        Some((round, game)) => {
            let name = held.thread(round, game);
            if held.in_threads() && !names_threads(held.platform) {
                let at = GameRef { round, game };
                let names = seat_names(&export);
                let out = thread::opener(held, at, &names, &name);
                let payload = serde_json::to_string(&out.payload)?;
                opener = Some(NewOutgoing::new(
                    crate::store::Target::chat(held.platform, name.clone()),
                    payload,
                ));
            }
            name
        }
        None => chat,
    };
    let id = store
        .import_game_into(&export.to_string(), Some((held.platform, moved)))
        .await?;
    Ok((id.0, opener))
}

/// The players of an exported game, in seat order, as a thread's title names them.
fn seat_names(export: &Value) -> String {
    let seats = export["game"]["state"]["seats"].as_array();
    let names: Vec<&str> = seats
        .into_iter()
        .flatten()
        .filter_map(|seat| seat["name"].as_str())
        .collect();
    names.join(" — ")
}

/// The tournament's note of a game under way, moved to the game's new number.
fn renumber(held: &mut Held, old: i64, new: i64) {
    let games = held
        .cup
        .tournament
        .rounds
        .iter_mut()
        .flat_map(|r| &mut r.games);
    for g in games {
        if g.status == (Status::Running { game: old }) {
            g.status = Status::Running { game: new };
        }
    }
}

/// Whether a file sent to the bot is an exported tournament rather than a game.
pub(crate) fn is_tournament_file(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Head {
        format: String,
    }
    serde_json::from_str::<Head>(text).is_ok_and(|h| h.format == FORMAT)
}

/// `/tournament export`: the tournament as a file, privately, for its director or a chat admin
/// who plays at none of its games under way (the file holds their secrets).
pub(super) async fn export_to(
    s: &Session,
    h: &Held,
    msg: &Inbound,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let user = msg.user.0.as_str();
    let tour = &h.cup.tournament;
    let plays = tour.games().any(|(_, g)| {
        matches!(g.status, Status::Running { .. })
            && g.seats.iter().any(|&p| tour.players[p].id == user)
    });
    if plays {
        work.fx
            .outs
            .push(Out::back(msg, t(lang, "tour-export-player", &[])));
        return Ok(());
    }
    let text = export_tournament(&s.store, h.id.0).await?;
    let id = h.id.0;
    let mut out = Out::user(user, t(lang, "tour-export-sent", args![("id", id)]));
    out.payload.file = Some(TextFile {
        name: format!("tournament-{id}.json"),
        text,
    });
    work.fx.outs.push(out);
    if !msg.private {
        let name = msg.name.clone();
        let done = t(lang, "tour-export-done", args![("name", name)]);
        work.fx.outs.push(Out::group(done));
    }
    Ok(())
}

/// An exported tournament, sent privately by the admin whose `/import` in `chat` waits for it: it
/// goes on there, its games under way each told in its chat, their turns' time starting afresh.
/// The ratings stay where they were: they belong to the community they were won in. Returns
/// whether it came in (else the admin is told why not).
pub(crate) async fn receive(
    s: &Session,
    msg: &Inbound,
    file: &TextFile,
    to: (String, bool),
    lang: Lang,
    work: &mut Work,
) -> Result<bool, SessionError> {
    let user = msg.user.0.as_str();
    let (chat, threads) = to;
    let open = s.store.tournament_in_chat(msg.platform, &chat).await?;
    if open.is_some_and(|r| matches!(r.status.as_str(), "lobby" | "running" | "paused")) {
        let busy = t(lang, "tour-import-busy", &[]);
        work.fx.outs.push(Out::user(user, busy));
        return Ok(false);
    }
    let landing = Landing {
        chat: Some(chat.clone()),
        threads: Some(threads),
        platform: Some(msg.platform),
    };
    let id = match import_tournament(s.registry, &s.store, &file.text, landing).await {
        Ok(id) => id,
        Err(SessionError::BadTournamentExport(why)) => {
            let refused = t(lang, "session-import-refused", args![("why", why)]);
            work.fx.outs.push(Out::user(user, refused));
            return Ok(false);
        }
        Err(SessionError::Store(StoreError::ChatBusy { .. })) => {
            let busy = t(lang, "session-import-busy", &[]);
            work.fx.outs.push(Out::user(user, busy));
            return Ok(false);
        }
        Err(e) => return Err(e),
    };
    let rec = s.store.tournament(TournamentId(id)).await?;
    let h = Held::read_hosted(s.registry, rec.ok_or(SessionError::NoTournament(id))?)?;
    resume_games(s, &h, work.now).await?;
    let imported = t(lang, "tour-imported", args![("id", id)]);
    work.fx.outs.push(Out::user(user, imported));
    let summary = t(h.cup.lang, "tour-imported-group", args![("id", id)]);
    work.fx.outs.push(Out {
        to: Dest::Chat(chat),
        ..Out::group(summary)
    });
    Ok(true)
}

/// Each game under way of an imported tournament goes on: told in its chat (after the thread's
/// opening, where one is asked for), its turn's time starting afresh, each game one commit.
async fn resume_games(s: &Session, h: &Held, now: i64) -> Result<(), SessionError> {
    for (_, g) in h.cup.tournament.games() {
        let Status::Running { game } = g.status else {
            continue;
        };
        let Some(rec) = s.store.game(GameId(game)).await? else {
            continue;
        };
        let g = loaded(s.registry, rec)?;
        let table = &g.table.seating;
        let status = text::stage(table.lang, table.status());
        let args = args![("id", game.to_string()), ("status", status)];
        let mut work = Work {
            now,
            ..Work::default()
        };
        let said = t(table.lang, "session-imported-group", args);
        work.fx.outs.push(Out::group(said));
        work.fx.dirty = true;
        work.fx.restart_clock = flow::clock_runs(table, g.table.play.as_ref());
        let origin = (g.platform, g.chat.clone());
        work.game = Some(g);
        s.commit(None, origin, work, now).await?;
    }
    Ok(())
}

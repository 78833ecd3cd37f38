//! The tournament's commands in a group: `/tournament new|join|leave|start|pause|resume|cancel|
//! kick|host|export`, `/standings`, `/rating`, `/leaderboard`.

use crate::args;
use crate::i18n::Lang;
use crate::session::chat::{Button, Inbound};
use crate::session::game::{Dest, Out};
use crate::session::table::Seat;
use crate::session::text::t;
use crate::session::typed::Command;
use crate::session::{Session, SessionError, Work, flow, loaded};
use crate::store::{GameId, TournamentId, TournamentWrite};
use crate::tournament::rating::Rating;
use crate::tournament::{Format, Labels, Left, State, Status, Tournament};

use super::words::{announce, tournament_error};
use super::{Cup, Held, status};

/// The commands this module answers.
pub(crate) const COMMANDS: &[&str] = &["tournament", "standings", "rating", "leaderboard"];

/// The widest name the standings show, in characters: a phone's width.
const NAME_WIDTH: usize = 14;
/// The most rows a leaderboard shows.
const LEADERBOARD: usize = 20;

/// A tournament command written in a group.
pub(crate) async fn group(
    s: &Session,
    msg: &Inbound,
    cmd: &Command,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let held = match s
        .store
        .tournament_in_chat(msg.platform, &msg.chat.0)
        .await?
    {
        Some(rec) => Some(Held::read_hosted(s.registry, rec)?),
        None => None,
    };
    let lang = held.as_ref().map_or(lang, |h| h.cup.lang);
    match cmd.name.as_str() {
        "standings" => return standings(held.as_ref(), lang, work),
        "rating" => return rating(s, msg, cmd, lang, work).await,
        "leaderboard" => return leaderboard(s, msg, cmd, lang, work).await,
        _ => {}
    }
    let sub = cmd
        .args
        .first()
        .map(|a| a.to_lowercase())
        .unwrap_or_default();
    let rest = cmd.args.get(1..).unwrap_or_default();
    let open = held.filter(|h| is_open(h.cup.tournament.state));
    match (sub.as_str(), open) {
        ("new", Some(_)) => reply(work, t(lang, "tour-busy", &[])),
        ("new", None) => new(s, msg, rest, lang, work),
        ("host", _) => host(s, msg, rest, lang, work).await?,
        (_, None) => reply(work, t(lang, "tour-none", &[])),
        ("join", Some(h)) => join(h, msg, lang, work)?,
        ("leave", Some(h)) => withdraw(s, h, &msg.user.0, lang, work).await?,
        (sub, Some(h)) if !is_director(&h, msg) && DIRECTOR.contains(&sub) => {
            reply(work, t(lang, "tour-not-director", &[]))
        }
        ("start", Some(h)) => start(s, h, lang, work)?,
        ("pause", Some(h)) => pause(h, true, lang, work)?,
        ("resume", Some(h)) => pause(h, false, lang, work)?,
        ("cancel", Some(h)) => cancel(h, lang, work)?,
        ("kick", Some(h)) => kick(s, h, &rest.join(" "), lang, work).await?,
        ("export", Some(h)) => super::transfer::export_to(s, &h, msg, lang, work).await?,
        (_, Some(h)) => reply(work, summary(&h, lang)),
    }
    Ok(())
}

/// Whether a tournament still takes commands (not finished or cancelled).
pub(super) fn is_open(state: State) -> bool {
    matches!(state, State::Lobby | State::Running | State::Paused)
}

/// The subcommands only the director (or a chat admin) gives.
const DIRECTOR: &[&str] = &["start", "pause", "resume", "cancel", "kick", "export"];

fn is_director(h: &Held, msg: &Inbound) -> bool {
    msg.is_admin || h.cup.director.user == msg.user.0
}

fn reply(work: &mut Work, text: String) {
    work.fx.outs.push(Out::group(text));
}

/// `/tournament new GAME [RULESET] [key=value …]`: the tournament takes entries.
fn new(s: &Session, msg: &Inbound, words: &[String], lang: Lang, work: &mut Work) {
    let announced = match announce(s.registry, words, lang) {
        Ok(a) => a,
        Err(why) => return reply(work, why),
    };
    let cup = Cup {
        director: Seat::new(&msg.user.0, &msg.name, msg.lang.unwrap_or(lang)),
        lang,
        clock: announced.clock,
        hosts: vec![],
        threads: msg.threads,
        title: msg.chat_title.clone(),
        host_titles: Default::default(),
        draws: 0,
        tournament: announced.tournament,
    };
    let Ok(state) = serde_json::to_string(&cup) else {
        return;
    };
    let text = t(
        lang,
        "tour-opened",
        args![
            ("name", msg.name.clone()),
            ("about", about(&cup.tournament, lang))
        ],
    );
    let button = Button::press(t(lang, "tour-join-button", &[]), "/tournament join");
    work.fx
        .outs
        .push(Out::group(text).with_buttons(vec![vec![button]]));
    work.cup = Some(TournamentWrite::Insert {
        platform: msg.platform,
        chat: msg.chat.0.clone(),
        status: status(cup.tournament.state).to_string(),
        state,
    });
}

/// The game, the format and the scoring in a line.
fn about(tour: &Tournament, lang: Lang) -> String {
    let g = &tour.game;
    // A round-robin's rounds depend on how many join: told once they have.
    let known = tour.state != State::Lobby || !matches!(tour.format, Format::RoundRobin { .. });
    let rounds = match known {
        true => tour.format.rounds(tour.players.len()) as i64,
        false => -1,
    };
    let options = match g.options.is_empty() {
        true => String::new(),
        false => format!(" ({})", g.options.join(" ")),
    };
    t(
        lang,
        "tour-about",
        args![
            ("game", format!("{} {}{options}", g.word, g.ruleset)),
            ("format", tour.format.name()),
            ("rounds", rounds)
        ],
    )
}

/// `/tournament join` (or its button).
fn join(mut h: Held, msg: &Inbound, lang: Lang, work: &mut Work) -> Result<(), SessionError> {
    match h.cup.tournament.join(&msg.user.0, &msg.name) {
        Err(e) => reply(work, tournament_error(&e, lang)),
        Ok(_) => {
            let n = h.cup.tournament.players.len();
            let name = msg.name.clone();
            reply(
                work,
                t(lang, "tour-joined", args![("name", name), ("n", n)]),
            );
            work.cup = Some(h.write(h.dirty)?);
        }
    }
    Ok(())
}

/// `/tournament start`: entries close and the first games open.
fn start(s: &Session, mut h: Held, lang: Lang, work: &mut Work) -> Result<(), SessionError> {
    let seed = h.draw(s.seed);
    if let Err(e) = h.cup.tournament.start(seed) {
        reply(work, tournament_error(&e, lang));
        return Ok(());
    }
    let tour = &h.cup.tournament;
    let text = t(
        lang,
        "tour-started",
        args![
            ("n", tour.players.len()),
            ("about", about(tour, lang)),
            ("schedule", schedule(tour, lang))
        ],
    );
    reply(work, text);
    work.cup = Some(h.write(true)?);
    Ok(())
}

/// The games of every round made so far, under each round's heading.
pub(super) fn schedule(tour: &Tournament, lang: Lang) -> String {
    let mut lines = vec![];
    for r in 0..tour.rounds.len() {
        lines.push(t(lang, "tour-round", args![("round", r + 1)]));
        lines.extend(round_lines(tour, r, lang));
    }
    lines.join("\n")
}

/// The games of round `r`, one a line: the players in seat order, or who sits the round out.
pub(super) fn round_lines(tour: &Tournament, r: usize, lang: Lang) -> Vec<String> {
    let games = tour.rounds.get(r).map_or(&[][..], |round| &round.games[..]);
    games
        .iter()
        .map(|g| {
            let names: Vec<&str> = g
                .seats
                .iter()
                .map(|&p| tour.players[p].name.as_str())
                .collect();
            let line = match g.status {
                Status::Bye => t(lang, "tour-bye", args![("name", names.join(""))]),
                _ => names.join(" — "),
            };
            format!("  {line}")
        })
        .collect()
}

/// `/tournament pause|resume`.
fn pause(mut h: Held, on: bool, lang: Lang, work: &mut Work) -> Result<(), SessionError> {
    let done = match on {
        true => h.cup.tournament.pause(),
        false => h.cup.tournament.resume(),
    };
    match done {
        Err(e) => reply(work, tournament_error(&e, lang)),
        Ok(()) => {
            let id = if on { "tour-paused" } else { "tour-resumed" };
            reply(work, t(lang, id, &[]));
            // Resumed, games may be due to open.
            work.cup = Some(h.write(!on)?);
        }
    }
    Ok(())
}

/// `/tournament cancel`: no more games open; those under way end by themselves, uncounted. The
/// games the round under way played to a result are rated at the next tick.
fn cancel(mut h: Held, lang: Lang, work: &mut Work) -> Result<(), SessionError> {
    match h.cup.tournament.cancel() {
        Err(e) => reply(work, tournament_error(&e, lang)),
        Ok(()) => {
            reply(work, t(lang, "tour-cancelled", &[]));
            let rate = h.cup.tournament.round_to_rate().is_some();
            work.cup = Some(h.write(rate)?);
        }
    }
    Ok(())
}

/// `/tournament kick NAME`: the director removes a player.
async fn kick(
    s: &Session,
    h: Held,
    name: &str,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let found = h.cup.tournament.players.iter().find(|p| {
        !p.withdrawn && (p.name.eq_ignore_ascii_case(name.trim()) || p.id == name.trim())
    });
    match found.map(|p| p.id.clone()) {
        None => reply(
            work,
            t(
                lang,
                "session-no-such-player",
                args![("name", name.to_string())],
            ),
        ),
        Some(user) => withdraw(s, h, &user, lang, work).await?,
    }
    Ok(())
}

/// A player leaves (or is removed): before the start his entry goes; after it his remaining games
/// are forfeited, and in a game under way he leaves the table as by `/leave`, in the same commit.
async fn withdraw(
    s: &Session,
    mut h: Held,
    user: &str,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let Some(player) = h.cup.tournament.find(user) else {
        reply(work, t(lang, "tour-err-not-joined", &[]));
        return Ok(());
    };
    let name = h.cup.tournament.players[player].name.clone();
    let running = running_game_of(&h.cup.tournament, player);
    let left = match h.cup.tournament.leave(user) {
        Ok(left) => left,
        Err(e) => {
            reply(work, tournament_error(&e, lang));
            return Ok(());
        }
    };
    let id = match left {
        Left::Removed => "tour-left",
        Left::Withdrawn(_) => "tour-withdrawn",
    };
    let text = t(lang, id, args![("name", name)]);
    work.fx.outs.push(Out {
        to: Dest::Chat(h.chat.clone()),
        ..Out::group(text)
    });
    if let Some(game) = running {
        leave_table(s, game, user, work).await?;
    }
    work.cup = Some(h.write(true)?);
    Ok(())
}

/// The running game a player sits at, if any.
fn running_game_of(tour: &Tournament, player: usize) -> Option<i64> {
    tour.games().find_map(|(_, g)| match g.status {
        Status::Running { game } if g.seats.contains(&player) => Some(game),
        _ => None,
    })
}

/// Takes a withdrawn player off the table he sits at: the game goes on without him.
async fn leave_table(
    s: &Session,
    game: i64,
    user: &str,
    work: &mut Work,
) -> Result<(), SessionError> {
    let Some(rec) = s.store.game(GameId(game)).await? else {
        return Ok(());
    };
    let mut g = loaded(s.registry, rec)?;
    if let Some(seat) = g.table.seating.seat_of(user) {
        flow::kick(&mut g, seat, s.seed, work);
        work.game = Some(g);
    }
    Ok(())
}

/// `/tournament host ID` in another group: that chat hosts the tournament's tables.
async fn host(
    s: &Session,
    msg: &Inbound,
    words: &[String],
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let id = words
        .first()
        .and_then(|w| w.trim_start_matches('#').parse().ok());
    let rec = match id {
        Some(id) => s.store.tournament(TournamentId(id)).await?,
        None => None,
    };
    let Some(mut h) = rec.map(Held::read).transpose()? else {
        reply(work, t(lang, "tour-host-usage", &[]));
        return Ok(());
    };
    if !is_director(&h, msg) {
        reply(work, t(lang, "tour-not-director", &[]));
        return Ok(());
    }
    let chat = msg.chat.0.clone();
    if h.platform != msg.platform || h.chat == chat || h.cup.hosts.contains(&chat) {
        reply(work, t(lang, "tour-host-already", &[]));
        return Ok(());
    }
    if let Some(title) = &msg.chat_title {
        h.cup.host_titles.insert(chat.clone(), title.clone());
    }
    h.cup.hosts.push(chat);
    reply(work, t(h.cup.lang, "tour-hosting", args![("id", h.id.0)]));
    work.cup = Some(h.write(true)?);
    Ok(())
}

/// The standings' column headings in `lang`.
pub(super) fn labels(lang: Lang) -> Labels {
    let l = |id: &str| t(lang, id, &[]);
    Labels {
        rank: "#".into(),
        name: l("tour-col-name"),
        games: l("tour-col-games"),
        wins: l("tour-col-wins"),
        draws: l("tour-col-draws"),
        losses: l("tour-col-losses"),
        firsts: l("tour-col-firsts"),
        points: l("tour-col-points"),
        buchholz: l("tour-col-buchholz"),
        sonneborn_berger: l("tour-col-sb"),
    }
}

/// The standings as a monospace block under a heading.
pub(super) fn standings_text(tour: &Tournament, lang: Lang) -> String {
    let table = tour.table(&labels(lang), NAME_WIDTH);
    let table = table.trim_end();
    t(
        lang,
        "tour-standings",
        args![("table", format!("```\n{table}\n```"))],
    )
}

/// The standings to post: the table as text, and as a picture for a phone's narrow screen.
pub(super) fn standings_out(tour: &Tournament, lang: Lang, heading: Option<String>) -> Out {
    let mut text = standings_text(tour, lang);
    if let Some(h) = heading {
        text = format!("{h}\n{text}");
    }
    let mut out = Out::group(text);
    out.payload.picture = Some(tour.standings_png(&labels(lang), NAME_WIDTH));
    out
}

/// `/standings`.
fn standings(held: Option<&Held>, lang: Lang, work: &mut Work) -> Result<(), SessionError> {
    match held {
        Some(h) if h.cup.tournament.state != State::Lobby => {
            work.fx
                .outs
                .push(standings_out(&h.cup.tournament, lang, None));
        }
        Some(_) => reply(work, t(lang, "tour-not-started", &[])),
        None => reply(work, t(lang, "tour-none", &[])),
    }
    Ok(())
}

/// The status line: what, how far, how many.
fn summary(h: &Held, lang: Lang) -> String {
    let tour = &h.cup.tournament;
    let names: Vec<&str> = tour.players.iter().map(|p| p.name.as_str()).collect();
    t(
        lang,
        "tour-summary",
        args![
            ("id", h.id.0),
            ("about", about(tour, lang)),
            ("state", status(tour.state)),
            ("names", names.join(", ")),
            ("n", names.len())
        ],
    )
}

/// `/rating [NAME]`: a player's ratings in this chat, one line per game he was rated in.
async fn rating(
    s: &Session,
    msg: &Inbound,
    cmd: &Command,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let asked = cmd.args.join(" ");
    let mut lines = vec![];
    for game in s.registry.words() {
        let all = s.store.ratings(msg.platform, &msg.chat.0, game).await?;
        let found = all.iter().find(|r| match asked.is_empty() {
            true => r.user_id == msg.user.0,
            false => r.name.eq_ignore_ascii_case(asked.trim()) || r.user_id == asked.trim(),
        });
        if let Some(r) = found
            && let Ok(rating) = serde_json::from_str::<Rating>(&r.rating)
        {
            let args = args![
                ("name", r.name.clone()),
                ("game", game),
                ("rating", rating.display()),
                ("games", r.games)
            ];
            lines.push(t(lang, "tour-rating-line", args));
        }
    }
    let text = match lines.is_empty() {
        true => t(lang, "tour-no-rating", &[]),
        false => lines.join("\n"),
    };
    reply(work, text);
    Ok(())
}

/// `/leaderboard GAME`: the chat's best rated players in a game.
async fn leaderboard(
    s: &Session,
    msg: &Inbound,
    cmd: &Command,
    lang: Lang,
    work: &mut Work,
) -> Result<(), SessionError> {
    let Some(kind) = cmd.args.first().and_then(|w| s.registry.find(w)) else {
        reply(work, t(lang, "tour-leaderboard-usage", &[]));
        return Ok(());
    };
    let game = kind.word();
    let mut rows: Vec<(i64, String, i64)> = s
        .store
        .ratings(msg.platform, &msg.chat.0, game)
        .await?
        .into_iter()
        .filter_map(|r| {
            let rating: Rating = serde_json::from_str(&r.rating).ok()?;
            Some((rating.display(), r.name, r.games))
        })
        .collect();
    rows.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    if rows.is_empty() {
        reply(work, t(lang, "tour-no-ratings", args![("game", game)]));
        return Ok(());
    }
    let lines: Vec<String> = rows
        .iter()
        .take(LEADERBOARD)
        .enumerate()
        .map(|(i, (rating, name, games))| format!("{:>2}. {name} — {rating} ({games})", i + 1))
        .collect();
    let text = t(
        lang,
        "tour-leaderboard",
        args![("game", game), ("lines", lines.join("\n"))],
    );
    reply(work, text);
    Ok(())
}

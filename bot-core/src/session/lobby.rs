//! The lobby every game shares: `/newgame GAME [RULESET] [key=value …]` (with buttons of the games
//! and of their rulesets for whoever types less), `/join` and `/leave`.

use crate::args;
use crate::i18n::Lang;

use super::chat::{Button, Inbound};
use super::game::{Kind, Out};
use super::registry::Registry;
use super::table::{Seat, Seating, Stage, Table};
use super::text::t;
use super::typed::Command;
use super::{Loaded, Work, flow, parse_duration};

/// The payload of a lobby's join link: `j` and the group chat's id.
pub(crate) const JOIN_LINK: &str = "j";

/// The keys of the session's own `/newgame` options.
pub(crate) const CLOCK_KEYS: &[&str] = &["deadline", "missed", "extend"];

/// The start payload of a link that joins the game in a chat.
pub(crate) fn join_payload(chat: &str) -> String {
    format!("{JOIN_LINK}{chat}")
}

/// `/newgame GAME [RULESET] [key=value …]`: a lobby opens; without a game or a ruleset, buttons
/// offer them.
pub(crate) fn new_game(games: Registry, msg: &Inbound, cmd: &Command, lang: Lang, work: &mut Work) {
    if work.game.is_some() {
        work.fx
            .outs
            .push(Out::group(t(lang, "session-chat-busy", &[])));
        return;
    }
    match table_of(games, msg, cmd, lang) {
        Ok(table) => {
            let id = if table.play.opener_plays() {
                "session-lobby"
            } else {
                "session-lobby-master"
            };
            let text = t(
                lang,
                id,
                args![
                    ("name", msg.name.clone()),
                    ("game", table.kind.title(lang)),
                    ("code", table.play.ruleset())
                ],
            );
            // A link rather than a press: joining opens the private chat the game's secrets will
            // need.
            let join = Button::link(
                t(lang, "session-join-button", &[]),
                join_payload(&msg.chat.0),
            );
            work.fx
                .outs
                .push(Out::group(text).with_buttons(vec![vec![join]]));
            work.insert = Some(table);
        }
        Err(out) => work.fx.outs.push(*out),
    }
}

/// Reads `/newgame`'s words into a new table, or the reply that asks which game or ruleset, or
/// says what is wrong with them.
fn table_of(games: Registry, msg: &Inbound, cmd: &Command, lang: Lang) -> Result<Table, Box<Out>> {
    let mut words = cmd.args.iter().map(String::as_str).peekable();
    let Some(word) = words.next() else {
        return Err(Box::new(choose_game(
            games,
            lang,
            "session-newgame-choose",
            "",
        )));
    };
    let Some(kind) = games.find(word) else {
        return Err(Box::new(choose_game(
            games,
            lang,
            "session-newgame-unknown",
            word,
        )));
    };
    let ruleset = match words.peek() {
        Some(w) if !w.contains('=') => words.next().unwrap_or_default(),
        _ if kind.ruleset_required() => return Err(Box::new(choose_ruleset(kind, lang))),
        _ => kind.rulesets().first().copied().unwrap_or_default(),
    };
    let mut seating_words = vec![];
    let mut own = vec![];
    let mut rated = None;
    for w in words {
        match w.split_once('=').map(|(k, _)| k.to_lowercase()) {
            Some(k) if CLOCK_KEYS.contains(&k.as_str()) => seating_words.push(w),
            Some(k) if k == "rated" => rated = Some(w),
            _ => own.push(w),
        }
    }
    let play = (kind.open(ruleset, &own, lang)).map_err(|e| Box::new(Out::group(e)))?;
    let opener = Seat::new(&msg.user.0, &msg.name, msg.lang.unwrap_or(lang));
    let mut seating = Seating::new(opener, play.opener_plays(), lang);
    seating.missed = kind.missed_default();
    for w in seating_words {
        clock_option(&mut seating, w, lang).map_err(|e| Box::new(Out::group(e)))?;
    }
    if let Some(w) = rated {
        // `rated=yes`: the result changes the players' ratings in this chat.
        let yes = match w.split_once('=').map(|(_, v)| v.to_lowercase()).as_deref() {
            Some("yes" | "on" | "true" | "да") => true,
            Some("no" | "off" | "false" | "нет") => false,
            _ => {
                let why = t(lang, "tour-rated-option", &[]);
                let text = t(
                    lang,
                    "session-bad-option",
                    args![("option", w.to_string()), ("why", why)],
                );
                return Err(Box::new(Out::group(text)));
            }
        };
        seating.rated = yes.then(|| msg.chat.0.clone());
    }
    Ok(Table {
        kind,
        seating,
        play,
    })
}

/// `deadline=24h`, `missed=3` (or `loss`: out at the first missed turn), `extend=2x12h`: the turn
/// clock every game has.
pub(crate) fn clock_option(seating: &mut Seating, word: &str, lang: Lang) -> Result<(), String> {
    let (k, v) = word.split_once('=').unwrap_or((word, ""));
    let bad = |id: &str| {
        t(
            lang,
            "session-bad-option",
            args![("option", word.to_string()), ("why", t(lang, id, &[]))],
        )
    };
    match k.to_lowercase().as_str() {
        "deadline" => {
            seating.deadline_ms = parse_duration(v)
                .filter(|&d| d > 0)
                .ok_or_else(|| bad("session-bad-duration"))?
        }
        "missed" if v.eq_ignore_ascii_case("loss") => seating.missed = 1,
        "missed" => seating.missed = v.parse().map_err(|_| bad("session-bad-number"))?,
        _ => {
            let (times, each) = v
                .split_once(['x', '×'])
                .ok_or_else(|| bad("session-bad-extend"))?;
            seating.extend_times = times.parse().map_err(|_| bad("session-bad-extend"))?;
            seating.extend_ms = parse_duration(each)
                .filter(|&d| d > 0)
                .ok_or_else(|| bad("session-bad-extend"))?;
        }
    }
    Ok(())
}

/// Which game? A button for each.
fn choose_game(games: Registry, lang: Lang, id: &str, word: &str) -> Out {
    let kinds = games.all();
    let names: Vec<&str> = kinds.iter().map(|k| k.word()).collect();
    let row = kinds
        .iter()
        .map(|k| Button::press(k.title(lang), format!("/newgame {}", k.word())))
        .collect();
    let text = t(
        lang,
        id,
        args![("game", word.to_string()), ("games", names.join(", "))],
    );
    Out::group(text).with_buttons(vec![row])
}

/// Which ruleset of the game? A button for each.
fn choose_ruleset(kind: &dyn Kind, lang: Lang) -> Out {
    let rulesets = kind.rulesets();
    let row = rulesets
        .iter()
        .map(|r| Button::press(*r, format!("/newgame {} {r}", kind.word())))
        .collect();
    let text = t(
        lang,
        "session-newgame-rulesets",
        args![
            ("game", kind.title(lang)),
            ("word", kind.word()),
            ("rulesets", rulesets.join(", "))
        ],
    );
    Out::group(text).with_buttons(vec![row])
}

/// `/join`: a seat in the lobby, while there is one; his private messages in `chosen`, the
/// language he chose with `/lang`, and his vacation, if he is away, known.
pub(crate) fn join(
    g: &mut Loaded,
    msg: &Inbound,
    chosen: Option<Lang>,
    away: Option<i64>,
    work: &mut Work,
) {
    let (kind, play) = (g.table.kind, &g.table.play);
    let table = &mut g.table.seating;
    let lang = table.lang;
    let name = msg.name.clone();
    let id = if table.stage != Stage::Lobby {
        "session-join-closed"
    } else if table.seat_of(&msg.user.0).is_some() {
        "session-already-joined"
    } else if !play.opener_plays() && table.opener.user == msg.user.0 {
        "session-master-cannot-play"
    } else if table.seats.len() >= *play.seats().unwrap_or(kind.players()).end() {
        "session-table-full"
    } else {
        let mut seat = Seat::new(&msg.user.0, &name, chosen.or(msg.lang).unwrap_or(lang));
        seat.away_until = away;
        table.seats.push(seat);
        work.fx.dirty = true;
        work.fx.roster = true;
        "session-joined"
    };
    let n = table.seats.len();
    work.fx
        .outs
        .push(Out::back(msg, t(lang, id, args![("name", name), ("n", n)])));
}

/// `/leave`: as a kick of oneself.
pub(crate) fn leave(g: &mut Loaded, msg: &Inbound, seed: u64, work: &mut Work) {
    let lang = g.table.seating.lang;
    let Some(seat) = g.table.seating.seat_of(&msg.user.0) else {
        work.fx
            .outs
            .push(Out::back(msg, t(lang, "session-not-in-game", &[])));
        return;
    };
    flow::kick(g, seat, seed, work);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Registry;
    use crate::session::chat::{ChatId, Content, Platform, UserId};
    use crate::session::registry::CLOCK_EXAMPLES;
    use crate::testkit::tiny;

    /// The lobby's tests host the tiny game alone: the real games' lobbies are tested in their
    /// crates, through the session.
    static GAMES: Registry = Registry::new(&[&tiny::KIND]);

    fn newgame(text: &str) -> Result<Table, Box<Out>> {
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
            threads: false,
            chat_title: None,
        };
        let cmd = Command::parse(text).unwrap();
        table_of(GAMES, &msg, &cmd, Lang::En)
    }

    #[test]
    fn every_option_example_and_ruleset_of_every_game_is_read() {
        for kind in GAMES.all() {
            for r in kind.rulesets() {
                for o in kind.ruleset_examples(r).iter().chain(CLOCK_EXAMPLES) {
                    let text = GAMES.newgame_text(kind.word(), r, o);
                    assert!(newgame(&text).is_ok(), "{text}");
                }
            }
        }
        assert_eq!(GAMES.rulesets(), ["pile"]);
    }

    #[test]
    fn newgame_text_is_the_typed_command() {
        assert_eq!(
            GAMES.newgame_text("tiny", "pile", " stones=5  order=free "),
            "/newgame tiny pile stones=5 order=free"
        );
        assert_eq!(GAMES.newgame_text("hive", "", ""), "/newgame hive");
        // A ruleset of one game only names that game.
        assert_eq!(GAMES.newgame_text("", "pile", ""), "/newgame tiny pile");
    }

    #[test]
    fn without_a_game_buttons_offer_them() {
        let Err(out) = newgame("/newgame") else {
            panic!("no table without a game")
        };
        let presses: Vec<&str> = out.payload.buttons[0]
            .iter()
            .map(|b| b.data.as_str())
            .collect();
        assert_eq!(presses, ["/newgame tiny"]);
        assert!(newgame("/newgame chess").is_err());
    }

    #[test]
    fn the_clock_is_the_sessions_for_every_game() {
        let Ok(table) = newgame("/newgame tiny deadline=2h missed=5") else {
            panic!("a table")
        };
        assert_eq!(table.seating.deadline_ms, 2 * 3_600_000);
        assert_eq!(table.seating.missed, 5);
        assert!(newgame("/newgame tiny deadline=soon").is_err());
    }
}

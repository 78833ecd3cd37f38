//! The master's words for Hive: the start, every move with the board, the prompt of the side to
//! move, the end, the status, and bugs and colours in a player's language.

use crate::locale::t;
use crate::{Bug, Color, Game, Move, Piece, Refusal};
use bot_core::i18n::Lang;
use bot_core::session::game::{Cx, Out};
use bot_core::session::table::Seating;
use bot_core::session::text::duration_text;

use super::{End, Hive, view};

/// A bug's name.
pub(super) fn bug(bug: Bug, lang: Lang) -> String {
    let id = match bug {
        Bug::Queen => "hive-bug-queen",
        Bug::Beetle => "hive-bug-beetle",
        Bug::Grasshopper => "hive-bug-grasshopper",
        Bug::Spider => "hive-bug-spider",
        Bug::Ant => "hive-bug-ant",
        Bug::Mosquito => "hive-bug-mosquito",
        Bug::Ladybug => "hive-bug-ladybug",
        Bug::Pillbug => "hive-bug-pillbug",
    };
    t(lang, id, &[])
}

/// Which expansion pieces the game has, in words ("With the expansion pieces: mosquito,
/// pillbug.").
fn pieces_note(hive: &Hive, lang: Lang) -> String {
    let names: Vec<String> = Bug::EXPANSIONS
        .into_iter()
        .filter(|&b| hive.game_type.has(b))
        .map(|b| bug(b, lang))
        .collect();
    if names.is_empty() {
        return t(lang, "hive-pieces-base", &[]);
    }
    t(
        lang,
        "hive-pieces-note",
        bot_core::args![("pieces", names.join(", "))],
    )
}

/// A side's name ("white", "black").
pub(super) fn color(c: Color, lang: Lang) -> String {
    let id = match c {
        Color::White => "hive-white",
        Color::Black => "hive-black",
    };
    t(lang, id, &[])
}

/// A side's disc, for short lines.
fn disc(c: Color) -> &'static str {
    match c {
        Color::White => "⚪",
        Color::Black => "⚫",
    }
}

/// Who plays a side: the player's name, or the bot.
fn who(hive: &Hive, t_: &Seating, c: Color) -> String {
    match hive.seat_of(c) {
        Some(s) => t_.name(s),
        None => t(
            t_.lang,
            "hive-bot-name",
            bot_core::args![("level", u32::from(hive.bot.unwrap_or(0)))],
        ),
    }
}

/// Play begins: who has which colour.
pub(super) fn start(hive: &Hive, cx: &mut Cx) {
    let lang = cx.t.lang;
    let mut text = t(
        lang,
        "hive-start",
        bot_core::args![
            ("white", who(hive, cx.t, Color::White)),
            ("black", who(hive, cx.t, Color::Black))
        ],
    );
    if hive.tournament {
        text.push('\n');
        text.push_str(&t(lang, "hive-tournament-note", &[]));
    }
    if !hive.game_type.is_base() {
        text.push('\n');
        text.push_str(&pieces_note(hive, lang));
    }
    if let Some(ms) = hive.clock_ms {
        text.push('\n');
        let each = duration_text(lang, ms);
        text.push_str(&t(lang, "hive-clock-note", bot_core::args![("each", each)]));
    }
    cx.group(text);
}

/// A move played by `side`, as `written`: the group sees it on the board.
pub(super) fn moved(hive: &Hive, cx: &mut Cx, side: Color, written: &str) {
    let lang = cx.t.lang;
    let name = who(hive, cx.t, side);
    let text = match written {
        "pass" => t(lang, "hive-passed", bot_core::args![("name", name)]),
        _ => t(
            lang,
            "hive-moved",
            bot_core::args![
                ("name", name),
                ("color", color(side, lang)),
                ("move", written.to_string())
            ],
        ),
    };
    let mut out = Out::group(text);
    out.payload.picture = Some(view::board(hive, &[], None));
    cx.push(out);
}

/// The side to move is asked for its move (the session adds the time left and the buttons).
pub(super) fn prompt(hive: &Hive, cx: &mut Cx) {
    let Some(game) = hive.game.as_ref().filter(|_| hive.running()) else {
        return;
    };
    let side = game.to_move();
    let Some(s) = hive.seat_of(side) else { return };
    let lang = cx.t.lang;
    let legal = game.legal_moves();
    let mut text = t(
        lang,
        "hive-your-move",
        bot_core::args![("name", cx.t.name(s)), ("color", color(side, lang))],
    );
    text.push('\n');
    let hint = if legal == [Move::Pass] {
        t(lang, "hive-only-pass", &[])
    } else if queen_due(game, side) {
        t(lang, "hive-queen-due", &[])
    } else {
        t(
            lang,
            "hive-how-to-move",
            bot_core::args![("example", example(game))],
        )
    };
    text.push_str(&hint);
    cx.group(text);
}

/// Whether this is the side's fourth turn with its queen still in hand (Hive: «Выложить
/// королеву»).
fn queen_due(game: &Game, side: Color) -> bool {
    game.turn() == 4 && game.position(Piece::queen(side)).is_none()
}

/// A legal move of the side to move, in notation, for the hints.
pub(super) fn example(game: &Game) -> String {
    let legal = game.legal_moves();
    let pick = (legal.iter().rev())
        .find(|m| !matches!(m, Move::Pass))
        .or(legal.first());
    pick.map_or_else(|| "wA1 -bG1".to_string(), |m| game.move_string(m))
}

/// The end, as the group is told it.
pub(super) fn result(hive: &Hive, cx: &mut Cx) {
    let lang = cx.t.lang;
    let name = |c: Color| who(hive, cx.t, c);
    let text = match (hive.end, hive.winner()) {
        (Some(End::Resigned(c)), _) => t(
            lang,
            "hive-resigned",
            bot_core::args![("name", name(c)), ("winner", name(c.other()))],
        ),
        (Some(End::Time(c)), _) => t(
            lang,
            "hive-lost-on-time",
            bot_core::args![("name", name(c)), ("winner", name(c.other()))],
        ),
        (Some(End::Agreed), _) => t(lang, "hive-draw-agreed", &[]),
        (None, Some(Some(w))) => t(
            lang,
            "hive-queen-surrounded",
            bot_core::args![
                ("queen", color(w.other(), lang)),
                ("winner", name(w)),
                ("color", color(w, lang))
            ],
        ),
        (None, Some(None)) => t(lang, "hive-both-surrounded", &[]),
        (None, None) => return,
    };
    cx.group(text);
}

/// Someone moved out of turn.
pub(super) fn not_your_turn(hive: &Hive, t_: &Seating, lang: Lang) -> String {
    let side = hive.game.as_ref().map_or(Color::White, Game::to_move);
    t(
        lang,
        "hive-not-your-turn",
        bot_core::args![("name", who(hive, t_, side))],
    )
}

/// A move refused, with the rule it breaks.
pub(super) fn refusal(r: &Refusal, mv: &Move, lang: Lang) -> String {
    let what = match mv {
        Move::Place { piece, .. } | Move::Shift { piece, .. } => piece.to_string(),
        Move::Pass => "pass".to_string(),
    };
    t(
        lang,
        "hive-refused",
        bot_core::args![("move", what), ("why", super::refusal::refusal(r, lang))],
    )
}

/// A seat's own status: his colour and whose move it is.
pub(super) fn private_status(hive: &Hive, t_: &Seating, s: usize) -> String {
    let lang = t_.seats.get(s).map_or(t_.lang, |x| x.lang);
    let Some(me) = hive.color_of(s) else {
        return t(lang, "hive-not-begun", &[]);
    };
    let mut text = t(
        lang,
        "hive-you-play",
        bot_core::args![
            ("color", color(me, lang)),
            ("other", who(hive, t_, me.other()))
        ],
    );
    if let Some(lines) = status_lines(hive, t_) {
        text.push('\n');
        text.push_str(&lines);
    }
    text
}

/// The status card's lines: who plays which side, the move, the clocks.
pub(super) fn status_lines(hive: &Hive, t_: &Seating) -> Option<String> {
    let game = hive.game.as_ref()?;
    let lang = t_.lang;
    let mut text = format!(
        "{} {} · {} {} — {}",
        disc(Color::White),
        who(hive, t_, Color::White),
        disc(Color::Black),
        who(hive, t_, Color::Black),
        t(lang, "hive-turn-no", bot_core::args![("n", game.turn())]),
    );
    if hive.clock_ms.is_some() {
        let left = |c: Color| duration_text(lang, hive.bank[c.index()].max(0));
        text.push_str(&format!(
            "\n⏱ {} {} · {} {}",
            disc(Color::White),
            left(Color::White),
            disc(Color::Black),
            left(Color::Black)
        ));
    }
    Some(text)
}

/// `/rules`: the game and its options.
pub(super) fn rules(hive: &Hive, lang: Lang) -> String {
    let mut text = t(lang, "hive-rules", &[]);
    let opening = match hive.tournament {
        true => "hive-opening-tournament",
        false => "hive-opening-book",
    };
    text.push('\n');
    text.push_str(&t(lang, opening, &[]));
    text.push('\n');
    text.push_str(&pieces_note(hive, lang));
    if let Some(ms) = hive.clock_ms {
        text.push('\n');
        let each = duration_text(lang, ms);
        text.push_str(&t(lang, "hive-clock-note", bot_core::args![("each", each)]));
    }
    if let Some(level) = hive.bot {
        text.push('\n');
        text.push_str(&t(
            lang,
            "hive-vs-bot",
            bot_core::args![("level", u32::from(level))],
        ));
    }
    text
}

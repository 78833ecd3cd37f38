//! Hive at a table: moves typed in notation and in words, the buttons, offers, the clock, the bot
//! and what the group is told — through the real session on a SQLite file.

use crate::{Game, Options};
use bot_core::session::chat::{Content, Outbound, Reply};
use bot_core::testkit::{Bench, texts};

use super::words::{Read, Why, read};

/// A game after `moves` (UHP MoveStrings), by the book's rules.
fn after(moves: &[&str]) -> Game {
    let mut g = Game::new(Options::default());
    for m in moves {
        g.play_str(m).unwrap();
    }
    g
}

fn said(g: &Game, text: &str) -> Read {
    read(text, g)
}

fn mv(s: &str) -> Read {
    Read::Move(s.to_string())
}

// Hive: «Ход» — a move in UHP notation, in any case, bare or after /move.
#[test]
fn notation_is_read_in_any_case() {
    let g = after(&["wS1"]);
    assert_eq!(said(&g, "/move bG1 -wS1"), mv("bG1 -wS1"));
    assert_eq!(said(&g, "bg1 -ws1"), mv("bG1 -wS1"));
    assert_eq!(said(&g, "/move@hivebot bQ ws1/"), mv("bQ wS1/"));
    assert_eq!(said(&g, "/pass"), mv("pass"));
    assert_eq!(said(&g, "пас"), mv("pass"));
    assert_eq!(said(&g, "/undo"), Read::Undo);
    assert_eq!(said(&g, "/draw"), Read::Draw);
    assert_eq!(said(&g, "/resign"), Read::Resign);
    // Talk is not a move.
    assert_eq!(said(&g, "hello there"), Read::Talk);
    assert_eq!(said(&g, "good move!"), Read::Talk);
    assert_eq!(said(&g, "/move"), Read::Unclear(Why::NoPiece));
}

// Hive: «Ход» — words in both languages, where they name one move only.
#[test]
fn moves_are_read_in_words_where_they_are_unambiguous() {
    let g = after(&["wS1", "bG1 -wS1", "wQ wS1/"]);
    assert_eq!(
        said(&g, "муравей слева от чёрного кузнечика"),
        mv("bA1 -bG1")
    );
    assert_eq!(said(&g, "ant left of black grasshopper"), mv("bA1 -bG1"));
    assert_eq!(said(&g, "королева слева сверху от bG1"), mv("bQ \\bG1"));
    assert_eq!(said(&g, "queen below left of bG1"), mv("bQ /bG1"));
    assert_eq!(said(&g, "spider 2 right of my grasshopper"), mv("bS2 bG1-"));
    // Only one white spider is on the board: no number needed.
    assert_eq!(said(&g, "beetle on white spider"), mv("bB1 wS1"));
    // A move in words needs a place.
    assert_eq!(said(&g, "ant"), Read::Unclear(Why::NoPlace));
    assert_eq!(said(&g, "муравей слева"), Read::Unclear(Why::NoPlace));
    // A bug named in a sentence is talk.
    assert_eq!(said(&g, "queen is in danger"), Read::Talk);
    assert_eq!(said(&g, "муравей хорош"), Read::Talk);
    // The first piece of the game needs none.
    assert_eq!(said(&after(&[]), "ant"), mv("wA1"));
}

#[test]
fn words_that_could_name_two_pieces_ask_for_the_number() {
    // White has two spiders on the board: "white spider" is ambiguous.
    let g = after(&["wS1", "bS1 wS1-", "wS2 -wS1", "bQ bS1-", "wQ \\wS1"]);
    assert_eq!(
        said(&g, "ant left of white spider"),
        Read::Unclear(Why::Ambiguous(crate::Bug::Spider))
    );
    assert_eq!(said(&g, "ant left of white spider 2"), mv("bA1 -wS2"));
}

/// The newest button whose label passes `label`, in `out`.
fn button(out: &[Outbound], label: impl Fn(&str) -> bool) -> String {
    out.iter()
        .rev()
        .flat_map(|o| o.buttons.iter().flatten())
        .find(|b| label(&b.label))
        .map(|b| b.data.clone())
        .unwrap_or_else(|| panic!("no such button in {out:?}"))
}

/// A press of a button in the group.
async fn press(b: &mut Bench, user: &str, data: &str) -> Reply {
    let mut m = b.msg(user, Some("g"), data);
    m.content = Content::Button(data.to_string());
    b.session.respond(m, b.now).await.unwrap()
}

/// ann (white) and bob (black) at a table in `g`: what `/begin` said.
async fn begun(b: &mut Bench, options: &str) -> Vec<Outbound> {
    let opening = format!("/newgame hive color=white {options}");
    b.say("ann", Some("g"), &opening).await;
    b.say("bob", Some("g"), "/join").await;
    b.say("ann", Some("g"), "/begin").await
}

async fn moves(b: &Bench) -> Vec<String> {
    let state = b.peek("g").await;
    (state["moves"].as_array().unwrap().iter())
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

// The spec's Hive state: colours, the GameString and the legal moves.
#[tokio::test]
async fn the_peek_follows_the_spec() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-peek").await;
    let out = begun(&mut b, "").await;
    assert!(
        texts(&out).contains("ann (white), your move"),
        "{}",
        texts(&out)
    );
    let state = b.peek("g").await;
    assert_eq!(state["game"], "hive");
    assert_eq!(state["status"], "playing");
    assert_eq!(state["turn"], "ann");
    assert_eq!(state["colors"]["ann"], "white");
    assert_eq!(state["colors"]["bob"], "black");
    assert_eq!(state["gamestring"], "Base;NotStarted;White[1]");
    // By the book any of the five kinds may come first.
    assert_eq!(moves(&b).await, ["wQ", "wS1", "wB1", "wG1", "wA1"]);
    b.say("ann", Some("g"), "/move wS1").await;
    let out = b.say("bob", Some("g"), "bG1 -wS1").await;
    assert!(out.iter().any(|o| o.picture.is_some()), "the board");
    let out = b.say("ann", Some("g"), "wQ wS1/").await;
    assert!(
        texts(&out).contains("bob (black), your move"),
        "{}",
        texts(&out)
    );
    let state = b.peek("g").await;
    assert_eq!(
        state["gamestring"],
        "Base;InProgress;Black[2];wS1;bG1 -wS1;wQ wS1/"
    );
    assert_eq!(state["turn"], "bob");
    assert!(moves(&b).await.contains(&"bQ \\bG1".to_string()));
}

// Hive: «Выкладывание фишек» — an illegal move is refused with the rule, and changes nothing.
#[tokio::test]
async fn an_illegal_move_is_refused_with_its_rule() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-refuse").await;
    begun(&mut b, "opening=tournament").await;
    let before = b.peek("g").await;
    let out = b.say("ann", Some("g"), "/move wQ").await;
    assert!(texts(&out).contains("wQ can't go there"), "{}", texts(&out));
    assert_eq!(b.peek("g").await, before);
    let out = b.say("bob", Some("g"), "/move bA1").await;
    assert!(texts(&out).contains("ann's move"), "{}", texts(&out));
    let out = b.say("ann", Some("g"), "/move wZ9 nonsense").await;
    assert!(
        texts(&out).contains("can't read that move"),
        "{}",
        texts(&out)
    );
    assert_eq!(b.peek("g").await, before);
}

// Hive UHP, as Mzinga reads it: `bB1 -bQ` names the ground west of bQ, taken by bS1. At the
// table it is refused in the players' words, naming the climb's spelling, and changes nothing.
#[tokio::test]
async fn a_mark_at_a_taken_cell_is_refused_and_the_climb_is_spelled_out() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-taken").await;
    begun(&mut b, "").await;
    let moves = [
        ("ann", "wS1"),
        ("bob", "bS1 wS1-"),
        ("ann", "wQ -wS1"),
        ("bob", "bQ bS1-"),
        ("ann", "wB1 \\wQ"),
        ("bob", "bB1 bQ/"),
        ("ann", "wA1 -wQ"),
        ("bob", "bB1 \\bQ"),
        ("ann", "wA2 -wA1"),
    ];
    for (who, m) in moves {
        b.say(who, Some("g"), m).await;
    }
    let before = b.peek("g").await;
    assert_eq!(before["turn"], "bob", "{before}");
    let out = b.say("bob", Some("g"), "bB1 -bQ").await;
    assert!(texts(&out).contains("bB1 bS1"), "{}", texts(&out));
    assert_eq!(b.peek("g").await, before);
    b.say("bob", Some("g"), "bB1 bS1").await;
    let after = b.peek("g").await;
    let game = after["gamestring"].as_str().unwrap();
    assert!(game.ends_with(";bB1 bS1"), "{game}");
}

// Buttons: a piece, then one of its destinations numbered on the board.
#[tokio::test]
async fn a_move_is_made_by_two_presses() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-press").await;
    let out = begun(&mut b, "").await;
    let piece = button(&out, |l| l.contains("wA1"));
    // Not bob's to press.
    let r = press(&mut b, "bob", &piece).await;
    assert!(r.popup.is_some_and(|p| p.contains("not your turn")));
    let r = press(&mut b, "ann", &piece).await;
    assert!(
        r.outbound.iter().any(|o| o.picture.is_some()),
        "the board with its marks"
    );
    let target = button(&r.outbound, |l| l == "1");
    press(&mut b, "ann", &target).await;
    let state = b.peek("g").await;
    assert_eq!(state["gamestring"], "Base;InProgress;Black[1];wA1");
    // bob's turn: his first piece goes next to white's.
    let out = b
        .say("bob", Some("g"), "муравей справа от белого муравья")
        .await;
    assert!(
        texts(&out).contains("bob (black): bA1 wA1-"),
        "{}",
        texts(&out)
    );
}

// Hive rules, "Mosquito", "Ladybug", "Pillbug": `pieces=mlp` puts the expansions in the box —
// said at the start, on the buttons with their own emoji, and in words in both languages.
#[tokio::test]
async fn the_expansion_pieces_are_an_option_with_buttons_and_words() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-mlp").await;
    let out = begun(&mut b, "pieces=mlp").await;
    assert!(
        texts(&out).contains("mosquito, ladybug, pillbug"),
        "{}",
        texts(&out)
    );
    let state = b.peek("g").await;
    assert_eq!(state["gamestring"], "Base+MLP;NotStarted;White[1]");
    for (name, emoji) in [("wM", "🦟"), ("wL", "🐞"), ("wP", "🐛")] {
        let label = button(&out, |l| l.contains(name));
        assert!(!label.is_empty(), "{name}");
        assert!(
            out.iter()
                .flat_map(|o| o.buttons.iter().flatten())
                .any(|btn| btn.label.contains(name) && btn.label.contains(emoji)),
            "{name} with {emoji}"
        );
    }
    b.say("ann", Some("g"), "/move wM").await;
    let out = b
        .say("bob", Some("g"), "мокрица справа от белого комара")
        .await;
    assert!(
        texts(&out).contains("bob (black): bP wM-"),
        "{}",
        texts(&out)
    );
    // The base game has none: typed, they are not in the game.
    let mut base = Bench::new(crate::TEST_GAMES, "hive-base-m").await;
    begun(&mut base, "").await;
    let out = base.say("ann", Some("g"), "/move wM").await;
    assert!(texts(&out).contains("not in this game"), "{}", texts(&out));
}

#[test]
fn the_pieces_option_reads_letters_names_and_game_types() {
    use crate::GameType;
    use bot_core::i18n::Lang;
    use bot_core::session::game::Kind;
    let open = |words: &[&str]| {
        super::KIND
            .open("", words, Lang::En)
            .map(|_| ())
            .map_err(|e| e.to_string())
    };
    for ok in [
        "pieces=mlp",
        "pieces=base+ml",
        "pieces=p",
        "mosquito",
        "pieces=base",
    ] {
        assert!(open(&[ok]).is_ok(), "{ok}");
    }
    assert!(open(&["pieces=xyz"]).is_err());
    assert_eq!(super::game_type("mlp"), Some(GameType::MLP));
    assert_eq!(super::game_type("base+mlp"), Some(GameType::MLP));
    assert_eq!(
        super::game_type("комар,мокрица").map(|t| t.to_string()),
        Some("Base+MP".to_string())
    );
    assert_eq!(super::game_type("base"), Some(GameType::BASE));
    assert_eq!(super::game_type("q"), None);
}

// Undo by agreement: asked by one side, agreed by a press of the other.
#[tokio::test]
async fn an_undo_needs_the_other_sides_yes() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-undo").await;
    begun(&mut b, "").await;
    b.say("ann", Some("g"), "wS1").await;
    b.say("bob", Some("g"), "bG1 -wS1").await;
    let out = b.say("bob", Some("g"), "/undo").await;
    assert!(texts(&out).contains("ann, do you agree"), "{}", texts(&out));
    let yes = button(&out, |l| l.contains("Yes"));
    // bob cannot agree to his own request.
    let r = press(&mut b, "bob", &yes).await;
    assert!(r.popup.is_some_and(|p| p.contains("other player")));
    press(&mut b, "ann", &yes).await;
    let state = b.peek("g").await;
    assert_eq!(state["gamestring"], "Base;InProgress;Black[1];wS1");
    assert_eq!(state["turn"], "bob");
}

// Hive: «Конец игры» — a draw by agreement; and resigning.
#[tokio::test]
async fn a_draw_is_agreed_and_a_resignation_ends_the_game() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-draw").await;
    begun(&mut b, "").await;
    b.say("ann", Some("g"), "/draw").await;
    let out = b.say("bob", Some("g"), "/draw").await;
    assert!(texts(&out).contains("Draw by agreement"), "{}", texts(&out));
    let state = b.peek("g").await;
    assert_eq!(state["status"], "finished");
    assert_eq!(state["result"]["kind"], "draw");

    let mut b = Bench::new(crate::TEST_GAMES, "hive-resign").await;
    begun(&mut b, "").await;
    let out = b.say("bob", Some("g"), "/resign").await;
    assert!(
        texts(&out).contains("bob resigns: ann wins"),
        "{}",
        texts(&out)
    );
    assert_eq!(b.peek("g").await["result"]["winner"], "ann");
}

// In a game of two a missed deadline loses on time; with missed=2 the first is a warning.
#[tokio::test]
async fn a_missed_deadline_loses_on_time() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-time").await;
    begun(&mut b, "deadline=1h").await;
    let out = b.advance("61m").await;
    assert!(
        texts(&out).contains("ann ran out of time"),
        "{}",
        texts(&out)
    );
    assert_eq!(b.peek("g").await["result"]["winner"], "bob");

    let mut b = Bench::new(crate::TEST_GAMES, "hive-warn").await;
    begun(&mut b, "deadline=1h missed=2").await;
    let out = b.advance("61m").await;
    assert!(texts(&out).contains("1 of 2"), "{}", texts(&out));
    assert_eq!(b.peek("g").await["turn"], "ann");
}

// A clock for each side: time spent on one's moves is taken from one's own bank.
#[tokio::test]
async fn a_clock_counts_each_sides_time() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-clock").await;
    begun(&mut b, "clock=1h").await;
    b.now += 40 * 60_000;
    b.say("ann", Some("g"), "wS1").await;
    b.now += 10 * 60_000;
    b.say("bob", Some("g"), "bG1 -wS1").await;
    // ann has 20 minutes left: at 21 she has lost, though a move's deadline is a day.
    let out = b.advance("21m").await;
    assert!(
        texts(&out).contains("ann ran out of time"),
        "{}",
        texts(&out)
    );
}

// Against the bot: one seat, and the bot answers each move at once.
#[tokio::test]
async fn the_bot_answers_at_once() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-bot").await;
    b.say("ann", Some("g"), "/newgame hive vs=bot level=1 color=white")
        .await;
    let out = b.say("bob", Some("g"), "/join").await;
    assert!(texts(&out).contains("full"), "{}", texts(&out));
    b.say("ann", Some("g"), "/begin").await;
    let out = b.say("ann", Some("g"), "wS1").await;
    assert!(
        texts(&out).contains("the bot (level 1) (black)"),
        "{}",
        texts(&out)
    );
    let state = b.peek("g").await;
    assert_eq!(state["turn"], "ann");
    assert!(state["gamestring"].as_str().unwrap().contains("White[2]"));
    // An undo against the bot takes back its reply too.
    b.say("ann", Some("g"), "/undo").await;
    assert_eq!(b.peek("g").await["gamestring"], "Base;NotStarted;White[1]");
}

// Every rule a move can break is told in both languages.
#[test]
fn every_refusal_has_its_words_in_both_languages() {
    use super::refusal::{notation_error, refusal};
    use bot_core::i18n::Lang;
    for r in crate::Refusal::ALL {
        let (en, ru) = (refusal(&r, Lang::En), refusal(&r, Lang::Ru));
        assert!(
            !en.contains("hive-refusal") && !ru.contains("hive-refusal"),
            "{r:?}"
        );
        assert_ne!(en, ru, "{r:?} has its own Russian words");
    }
    let g = after(&["wS1"]);
    for typed in ["wS1 -bQ", "wZ1", "bA1", "nonsense here"] {
        let e = g.parse_move(typed).expect_err(typed);
        let (en, ru) = (notation_error(&e, Lang::En), notation_error(&e, Lang::Ru));
        assert!(
            !ru.contains("hive-notation") && !en.contains("hive-notation"),
            "{e:?}"
        );
        assert_ne!(en, ru, "{typed}: {e:?} in Russian");
    }
    let g = after(&["wS1", "bS1 wS1-"]);
    let e = g.parse_move("wA1 -bS1").expect_err("west of bS1 lies wS1");
    let (en, ru) = (notation_error(&e, Lang::En), notation_error(&e, Lang::Ru));
    assert!(
        en.contains("wA1 wS1") && ru.contains("wA1 wS1"),
        "{en} / {ru}"
    );
    assert_ne!(en, ru);
}

// A restart loses nothing: the position, the clocks, an offer standing, the bot's side.
#[tokio::test]
async fn a_restart_goes_on_where_the_game_was() {
    let mut b = Bench::new(crate::TEST_GAMES, "hive-restart").await;
    begun(&mut b, "clock=1h").await;
    b.now += 10 * 60_000;
    b.say("ann", Some("g"), "wS1").await;
    let out = b.say("ann", Some("g"), "/draw").await;
    let yes = button(&out, |l| l.contains("Yes"));
    let before = b.peek("g").await;
    b.restart().await;
    assert_eq!(b.peek("g").await, before);
    // The offer stands across the restart; bob's clock runs from ann's move, not the restart.
    let out = b.advance("59m").await;
    assert!(!texts(&out).contains("out of time"), "{}", texts(&out));
    press(&mut b, "bob", &yes).await;
    assert_eq!(b.peek("g").await["result"]["kind"], "draw");

    let mut b = Bench::new(crate::TEST_GAMES, "hive-restart-bot").await;
    b.say("ann", Some("g"), "/newgame hive vs=bot level=1 color=black")
        .await;
    b.say("ann", Some("g"), "/begin").await;
    let before = b.peek("g").await;
    // The bot, White, has made its first move.
    assert_eq!(before["turn"], "ann");
    assert_eq!(before["gamestring"].as_str().unwrap().split(';').count(), 4);
    b.restart().await;
    assert_eq!(b.peek("g").await, before);
    let mv = before["moves"][0].as_str().unwrap().to_string();
    b.say("ann", Some("g"), &mv).await;
    let after = b.peek("g").await;
    assert_eq!(
        after["turn"], "ann",
        "the bot answered after the restart: {after}"
    );
    let played = after["gamestring"].as_str().unwrap().split(';').count();
    assert_eq!(
        played,
        before["gamestring"].as_str().unwrap().split(';').count() + 2
    );
}

use super::*;
use crate::game::event::CellSeen;
use crate::game::order::{Aim, Condition, Light, Thing, ThingKind};
use crate::geometry::Dir::{self, Down, Left, Right, Up};
use crate::movement::Move;

use proptest::prelude::*;

fn step(d: Dir) -> Action {
    Action::Move(Move::Step(d))
}

fn shoot(d: Dir) -> Action {
    Action::Shoot {
        aim: Aim::Dir(d),
        target: None,
    }
}

fn here() -> Action {
    Action::Shoot {
        aim: Aim::Here,
        target: None,
    }
}

fn of(actions: impl IntoIterator<Item = Action>) -> Request {
    full(Order::of(actions))
}

fn full(order: Order) -> Request {
    Request::Order(ParsedOrder {
        order,
        targets: vec![],
    })
}

fn parts(parts: Vec<Part>) -> Order {
    Order {
        parts,
        ..Order::default()
    }
}

fn lit(order: Order, light: Light) -> Request {
    full(Order { light, ..order })
}

fn c(s: &str) -> Coord {
    s.parse().unwrap()
}

fn targeted(a: Action, name: &str, cell: &str) -> Request {
    Request::Order(ParsedOrder {
        order: Order::of([a]),
        targets: vec![NamedTarget {
            action: 0,
            name: name.to_string(),
            cell: c(cell),
        }],
    })
}

/// Checks a table of inputs against what they must parse to.
fn check(table: &[(&str, Request)]) {
    let mut wrong = vec![];
    for (text, want) in table {
        let got = parse_request(text);
        if got.as_ref() != Ok(want) {
            wrong.push(format!("{text:?}\n   want {want:?}\n   got  {got:?}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// Kodex Б §2.1: movement left, right, up, down, with the current (only from a river), along the
// cycle (only from a pit).
#[test]
fn movements() {
    check(&[
        ("иду вверх", of([step(Up)])),
        ("иду вниз", of([step(Down)])),
        ("иду влево", of([step(Left)])),
        ("иду вправо", of([step(Right)])),
        ("Иду  ВВЕРХ!!!", of([step(Up)])),
        ("идти вниз", of([step(Down)])),
        ("иди налево", of([step(Left)])),
        ("иду в право", of([step(Right)])),
        ("вверх", of([step(Up)])),
        ("наверх", of([step(Up)])),
        ("шаг вправо", of([step(Right)])),
        ("go up", of([step(Up)])),
        ("move left", of([step(Left)])),
        ("I go to the left", of([step(Left)])),
        ("up", of([step(Up)])),
        ("/move up", of([step(Up)])),
        ("/move@LabBot down", of([step(Down)])),
        // The command, then the order in words (privacy mode hides plain text from the bot).
        ("/move go up", of([step(Up)])),
        ("/move@LabBot иду вниз", of([step(Down)])),
        ("@labbot иду вверх", of([step(Up)])),
        ("<@123456> go right", of([step(Right)])),
        ("плыву по течению", of([Action::Move(Move::Current)])),
        ("плыву вниз по течению", of([Action::Move(Move::Current)])),
        ("go with the current", of([Action::Move(Move::Current)])),
        ("/move current", of([Action::Move(Move::Current)])),
        ("по течению", of([Action::Move(Move::Current)])),
        ("по циклу", of([Action::Move(Move::Cycle)])),
        ("иду по циклу", of([Action::Move(Move::Cycle)])),
        ("along the cycle", of([Action::Move(Move::Cycle)])),
        ("/move cycle", of([Action::Move(Move::Cycle)])),
        // One-letter forms: "в" only where it cannot be the preposition.
        ("в", of([step(Up)])),
        ("н", of([step(Down)])),
        ("л", of([step(Left)])),
        ("п", of([step(Right)])),
        ("в, стреляю л", of([step(Up), shoot(Left)])),
        ("go r", of([step(Right)])),
        // Mixed languages and keyboard layouts.
        ("go вверх", of([step(Up)])),
        ("иду up, затем shoot left", of([step(Up), shoot(Left)])),
    ]);
}

// Kodex Б §5.5 (direction of a shot), В §2.1 and §5.5 ("в клетку, где нахожусь"), §7.3 (named target).
#[test]
fn shots() {
    check(&[
        ("стреляю влево", of([shoot(Left)])),
        ("стрелять вверх", of([shoot(Up)])),
        ("стреляй вниз", of([shoot(Down)])),
        ("cтреляю влево", of([shoot(Left)])), // a Latin "c"
        ("shoot left", of([shoot(Left)])),
        ("/shoot up", of([shoot(Up)])),
        ("fire right", of([shoot(Right)])),
        ("стреляю в свою клетку", of([here()])),
        ("стреляю сюда", of([here()])),
        ("стреляю в клетку, где нахожусь", of([here()])),
        ("стреляю себе под ноги", of([here()])),
        ("shoot here", of([here()])),
        ("shoot at my own cell", of([here()])),
        ("стреляю влево и вправо", of([shoot(Left), shoot(Right)])),
        (
            "стреляю вправо в Анну на C3",
            targeted(shoot(Right), "Анну", "C3"),
        ),
        (
            "стреляю вправо в Анну на С3", // Cyrillic С
            targeted(shoot(Right), "Анну", "C3"),
        ),
        (
            "стреляю вправо, в игрока Анна Петрова на C3",
            targeted(shoot(Right), "Анна Петрова", "C3"),
        ),
        (
            "shoot right at ann on C3",
            targeted(shoot(Right), "ann", "C3"),
        ),
        (
            "shoot at @ann on b2 left",
            targeted(shoot(Left), "@ann", "B2"),
        ),
    ]);
}

// Kodex Б §5.4: "Взрываю стенку справа"; before or after the movement.
#[test]
fn grenades() {
    check(&[
        ("взрываю стенку справа", of([Action::Blow(Right)])),
        ("взрываю стену сверху", of([Action::Blow(Up)])),
        ("взрываю справа", of([Action::Blow(Right)])),
        ("взорвать стенку снизу", of([Action::Blow(Down)])),
        ("взрываю правую стенку", of([Action::Blow(Right)])),
        ("blow the wall right", of([Action::Blow(Right)])),
        ("blow up", of([Action::Blow(Up)])),
        ("blow up the left wall", of([Action::Blow(Left)])),
        ("blow the top wall", of([Action::Blow(Up)])),
        ("/blow left", of([Action::Blow(Left)])),
        // The English of "сверху" and "снизу" for a wall's side.
        ("blow up the wall to the right", of([Action::Blow(Right)])),
        ("blow up the wall above", of([Action::Blow(Up)])),
        ("blow the wall below", of([Action::Blow(Down)])),
        (
            "blow up the wall below, then go down",
            of([Action::Blow(Down), step(Down)]),
        ),
        (
            "взрываю стенку справа и слева",
            of([Action::Blow(Right), Action::Blow(Left)]),
        ),
    ]);
}

// Kodex Б §5.2: leaving a thing on one's cell or throwing it to a neighbour; §2.1 "положить
// (бросить) … на ту клетку, где находится игрок".
#[test]
fn things() {
    use Action::{Leave, Throw};
    check(&[
        ("бросаю клад вниз", of([Throw(Thing::Treasure, Down)])),
        ("бросаю труп вправо", of([Throw(Thing::Corpse, Right)])),
        ("бросаю 2 пули влево", of([Throw(Thing::Bullets(2), Left)])),
        (
            "бросаю две гранаты вверх",
            of([Throw(Thing::Grenades(2), Up)]),
        ),
        (
            "бросаю одну пулю вправо",
            of([Throw(Thing::Bullets(1), Right)]),
        ),
        ("бросаю мину влево", of([Throw(Thing::Mine, Left)])),
        ("оставляю клад", of([Leave(Thing::Treasure)])),
        ("оставляю свой клад здесь", of([Leave(Thing::Treasure)])),
        ("оставляю гранату", of([Leave(Thing::Grenades(1))])),
        ("оставляю три пули", of([Leave(Thing::Bullets(3))])),
        ("оставляю там одну гранату", of([Leave(Thing::Grenades(1))])),
        ("кладу мину", of([Leave(Thing::Mine)])),
        ("бросаю клад", of([Leave(Thing::Treasure)])),
        ("throw treasure down", of([Throw(Thing::Treasure, Down)])),
        ("drop the corpse", of([Leave(Thing::Corpse)])),
        ("leave 2 bullets", of([Leave(Thing::Bullets(2))])),
        ("leave two grenades", of([Leave(Thing::Grenades(2))])),
        ("leave a grenade", of([Leave(Thing::Grenades(1))])),
        (
            "оставляю клад и две пули",
            of([Leave(Thing::Treasure), Leave(Thing::Bullets(2))]),
        ),
    ]);
}

// Kodex Б §5.7: a mine is set on one's cell, or armed and thrown to a neighbour; unarmed it is
// thrown like any thing.
#[test]
fn mines() {
    use Action::SetMine;
    check(&[
        ("ставлю мину", of([SetMine(None)])),
        ("ставлю мину здесь", of([SetMine(None)])),
        ("ставлю мину справа", of([SetMine(Some(Right))])),
        ("взвожу мину и бросаю вправо", of([SetMine(Some(Right))])),
        ("взвожу мину и бросаю ее вправо", of([SetMine(Some(Right))])),
        ("бросаю взведённую мину влево", of([SetMine(Some(Left))])),
        ("set mine", of([SetMine(None)])),
        ("set mine left", of([SetMine(Some(Left))])),
        ("/mine down", of([SetMine(Some(Down))])),
    ]);
}

// Kodex Б §6.6, В §6.5: skipping a turn.
#[test]
fn skips() {
    for text in [
        "пропускаю ход",
        "пас",
        "skip",
        "pass",
        "/skip",
        "пропустить ход",
        "skip my turn",
    ] {
        assert_eq!(parse_request(text), Ok(of([Action::Skip])), "{text}");
    }
}

// Kodex Б §2.1: any actions in any order around the movement; part А's examples.
#[test]
fn sequences() {
    check(&[
        (
            "иду вверх, затем стреляю влево",
            of([step(Up), shoot(Left)]),
        ),
        (
            "стреляю влево, потом иду вверх и взрываю стенку сверху",
            of([shoot(Left), step(Up), Action::Blow(Up)]),
        ),
        ("go up then shoot left", of([step(Up), shoot(Left)])),
        (
            "shoot left, go up, blow up",
            of([shoot(Left), step(Up), Action::Blow(Up)]),
        ),
        (
            "Взрываю стенку сверху, затем иду вверх",
            of([Action::Blow(Up), step(Up)]),
        ),
        (
            "Взрываю стенку справа и иду вправо.",
            of([Action::Blow(Right), step(Right)]),
        ),
        ("иду вверх; стреляю влево", of([step(Up), shoot(Left)])),
        ("иду вверх стреляю влево", of([step(Up), shoot(Left)])),
        ("go up and then shoot left", of([step(Up), shoot(Left)])),
        ("стреляю влево, вверх", of([shoot(Left), step(Up)])),
        (
            "стреляю влево, после этого иду вверх",
            of([shoot(Left), step(Up)]),
        ),
    ]);
}

// Kodex Б §6.5: conditional orders.
#[test]
fn conditionals() {
    use Part::{Do, If};
    let book = "Иду вправо, и если найду клад, то стреляю вверх, если найду пулю, то стреляю \
                вправо, а если попаду в яму, то оставляю там одну гранату";
    check(&[
        (
            book,
            full(parts(vec![
                Do(step(Right)),
                If(Condition::Found(ThingKind::Treasure), vec![shoot(Up)]),
                If(Condition::Found(ThingKind::Bullets), vec![shoot(Right)]),
                If(
                    Condition::Landed(CellSeen::Pit),
                    vec![Action::Leave(Thing::Grenades(1))],
                ),
            ])),
        ),
        (
            "go right; if I find treasure shoot up; if I land in a pit leave a grenade",
            full(parts(vec![
                Do(step(Right)),
                If(Condition::Found(ThingKind::Treasure), vec![shoot(Up)]),
                If(
                    Condition::Landed(CellSeen::Pit),
                    vec![Action::Leave(Thing::Grenades(1))],
                ),
            ])),
        ),
        (
            "иду вправо, если стенка, то взрываю стенку справа",
            full(parts(vec![
                Do(step(Right)),
                If(Condition::Bumped, vec![Action::Blow(Right)]),
            ])),
        ),
        (
            "go right, if wall then blow right and go right",
            full(parts(vec![
                Do(step(Right)),
                If(Condition::Bumped, vec![Action::Blow(Right), step(Right)]),
            ])),
        ),
        (
            "иду вверх, если не стенка, стреляю вверх",
            full(parts(vec![
                Do(step(Up)),
                If(Condition::NotBumped, vec![shoot(Up)]),
            ])),
        ),
        (
            "go up, if no wall shoot up",
            full(parts(vec![
                Do(step(Up)),
                If(Condition::NotBumped, vec![shoot(Up)]),
            ])),
        ),
        (
            "иду вправо, если упрусь в стенку, взрываю справа, иначе стреляю вправо",
            full(parts(vec![
                Do(step(Right)),
                If(Condition::Bumped, vec![Action::Blow(Right)]),
                If(Condition::NotBumped, vec![shoot(Right)]),
            ])),
        ),
        (
            "иду вправо, если найду клад, стреляю вверх, в любом случае взрываю стенку слева",
            full(parts(vec![
                Do(step(Right)),
                If(Condition::Found(ThingKind::Treasure), vec![shoot(Up)]),
                Do(Action::Blow(Left)),
            ])),
        ),
        (
            "go right, if I end up in a river, shoot left",
            full(parts(vec![
                Do(step(Right)),
                If(Condition::Landed(CellSeen::River), vec![shoot(Left)]),
            ])),
        ),
        (
            "иду вниз, если попаду на сушу, то пропускаю",
            full(parts(vec![
                Do(step(Down)),
                If(Condition::Landed(CellSeen::Land), vec![Action::Skip]),
            ])),
        ),
        (
            "go down, if on land, shoot up",
            full(parts(vec![
                Do(step(Down)),
                If(Condition::Landed(CellSeen::Land), vec![shoot(Up)]),
            ])),
        ),
        (
            "иду вправо, если найду клад, беру новый",
            full(Order {
                pick: Pick::New,
                ..Order::of([step(Right)])
            }),
        ),
        (
            "иду влево, если в арсенале, стреляю влево",
            full(parts(vec![
                Do(step(Left)),
                If(Condition::Landed(CellSeen::Arsenal), vec![shoot(Left)]),
            ])),
        ),
    ]);
}

// Kodex Б §6.7 (dark) and §6.8 (half-dark); В §6.6–§6.7.
#[test]
fn dark_and_half_dark() {
    let right = Order::of([step(Right)]);
    check(&[
        (
            "Иду вправо, результат не сообщать!",
            lit(right.clone(), Light::Dark),
        ),
        ("иду вправо втемную", lit(right.clone(), Light::Dark)),
        (
            "иду вправо, не сообщать результат",
            lit(right.clone(), Light::Dark),
        ),
        ("go right, don't tell", lit(right.clone(), Light::Dark)),
        ("go right, do not tell me", lit(right.clone(), Light::Dark)),
        ("go right, dark", lit(right.clone(), Light::Dark)),
        ("go right in the dark", lit(right.clone(), Light::Dark)),
        (
            "1) Иду вправо, результат (куда я попал) не сообщать, но 2) сообщить, не стукнулся ли \
             я в стенку!",
            lit(right.clone(), Light::HalfDark),
        ),
        (
            "иду вправо, результат не сообщать, но сообщить, не стукнулся ли я в стенку",
            lit(right.clone(), Light::HalfDark),
        ),
        (
            "go right, tell only if wall",
            lit(right.clone(), Light::HalfDark),
        ),
        ("go right, half-dark", lit(right.clone(), Light::HalfDark)),
        (
            "иду вправо вполутемную",
            lit(right.clone(), Light::HalfDark),
        ),
    ]);
}

// Kodex Б §5.8 (which treasure to carry) and §4.3 (refilling in an arsenal only unless declined).
#[test]
fn choices_and_refill() {
    check(&[
        ("беру новый клад", Request::Choose(Pick::New)),
        ("беру второй снизу", Request::Choose(Pick::FromBottom(2))),
        ("беру 2-й снизу", Request::Choose(Pick::FromBottom(2))),
        ("беру нижний", Request::Choose(Pick::FromBottom(1))),
        ("беру верхний", Request::Choose(Pick::New)),
        ("оставляю старый", Request::Choose(Pick::Keep)),
        ("оставляю себе старый клад", Request::Choose(Pick::Keep)),
        ("оставляю новый", Request::Choose(Pick::New)),
        ("keep old", Request::Choose(Pick::Keep)),
        ("keep", Request::Choose(Pick::Keep)),
        ("take new", Request::Choose(Pick::New)),
        ("take 2nd from bottom", Request::Choose(Pick::FromBottom(2))),
        (
            "take the second from the bottom",
            Request::Choose(Pick::FromBottom(2)),
        ),
        ("новый", Request::Choose(Pick::New)),
        ("второй снизу", Request::Choose(Pick::FromBottom(2))),
        (
            "иду вправо, беру новый клад",
            full(Order {
                pick: Pick::New,
                ..Order::of([step(Right)])
            }),
        ),
        (
            "иду вниз, не пополнять",
            full(Order {
                decline_refill: true,
                ..Order::of([step(Down)])
            }),
        ),
        (
            "go down, no refill",
            full(Order {
                decline_refill: true,
                ..Order::of([step(Down)])
            }),
        ),
        (
            "иду вниз, результат не сообщать, не пополнять",
            full(Order {
                decline_refill: true,
                light: Light::Dark,
                ..Order::of([step(Down)])
            }),
        ),
    ]);
}

// Kodex Б §6.4 (status), §5.5 (re-order), §6.3 (last move of a player).
#[test]
fn other_requests() {
    check(&[
        ("Сколько у меня пуль и гранат?", Request::Status),
        ("статус", Request::Status),
        ("status", Request::Status),
        ("/status", Request::Status),
        ("what do I have", Request::Status),
        ("что у меня?", Request::Status),
        ("B2", Request::Reorder(c("B2"))),
        ("В2", Request::Reorder(c("B2"))), // Cyrillic В
        ("клетка B2", Request::Reorder(c("B2"))),
        ("/cell B2", Request::Reorder(c("B2"))),
        ("перезаказываю клетку Е4", Request::Reorder(c("E4"))), // Cyrillic Е
        ("новая клетка c10", Request::Reorder(c("C10"))),
        (
            "последний ход Анны",
            Request::LastMove(Some("Анны".to_string())),
        ),
        (
            "повтори последний ход игрока Петя?",
            Request::LastMove(Some("Петя".to_string())),
        ),
        (
            "repeat the last move of Bob Smith",
            Request::LastMove(Some("Bob Smith".to_string())),
        ),
        ("/last", Request::LastMove(None)),
        ("/last ann", Request::LastMove(Some("ann".to_string()))),
        ("/help", Request::Help),
        ("помощь", Request::Help),
    ]);
}

/// The error, rendered in both languages.
fn error(text: &str) -> (ParseError, String, String) {
    let e = parse_request(text).expect_err(text);
    let (en, ru) = (e.localize(Lang::En), e.localize(Lang::Ru));
    (e, en, ru)
}

#[test]
fn errors_name_the_word_and_what_was_expected() {
    let (e, en, ru) = error("иду вверх, стрелаю влево");
    assert_eq!(e.problem(), Problem::NotUnderstood(Expected::Action));
    let at = e.at().unwrap();
    assert_eq!(
        (at.text.as_str(), at.word, at.chars.clone()),
        ("стрелаю", 3, 11..18)
    );
    assert_eq!(
        ru,
        "Не понял «стрелаю» (слово 3): ожидалось действие — иду, стреляю, взрываю, бросаю, \
         оставляю, ставлю мину, пропускаю"
    );
    assert!(en.starts_with("Did not understand \"стрелаю\" (word 3): expected an action"));

    let (_, en, _) = error("go up, shoto left");
    assert_eq!(
        en,
        "Did not understand \"shoto\" (word 3): expected an action — go, shoot, blow, throw, \
         leave, set mine, skip"
    );
}

#[test]
fn errors_count_words_from_the_message_start() {
    // A mention is a word the player sees; the "ё" and the emoji are one char each.
    let (e, _, _) = error("@bot 🙂 ещё вверх");
    let at = e.at().unwrap();
    assert_eq!(
        (at.text.as_str(), at.word, at.chars.clone()),
        ("ещё", 2, 7..10)
    );
}

#[test]
fn missing_words_are_reported_after_the_last_word() {
    let cases: &[(&str, Problem, &str, usize)] = &[
        ("стреляю", Problem::Missing(Expected::Aim), "стреляю", 1),
        ("иду", Problem::Missing(Expected::Direction), "иду", 1),
        ("/move", Problem::Missing(Expected::Direction), "/move", 1),
        (
            "иду вверх, затем взрываю стенку",
            Problem::Missing(Expected::WallSide),
            "стенку",
            5,
        ),
        (
            "иду вправо, если найду клад",
            Problem::Missing(Expected::Action),
            "клад",
            5,
        ),
        (
            "иду вправо, если стенка, результат не сообщать",
            Problem::Missing(Expected::Action),
            "стенка",
            4,
        ),
        (
            "go right, if",
            Problem::Missing(Expected::Condition),
            "if",
            3,
        ),
        ("клетка", Problem::Missing(Expected::Cell), "клетка", 1),
        (
            "стреляю вправо в Анну",
            Problem::Missing(Expected::TargetCell),
            "Анну",
            4,
        ),
        (
            "бросаю вправо",
            Problem::Missing(Expected::Thing),
            "бросаю",
            1,
        ),
    ];
    for (text, problem, word, n) in cases {
        let (e, en, ru) = error(text);
        assert_eq!(e.problem(), *problem, "{text}");
        let at = e.at().unwrap();
        assert_eq!((at.text.as_str(), at.word), (*word, *n), "{text}");
        assert!(
            ru.starts_with(&format!("После «{word}» (слово {n})")),
            "{ru}"
        );
        assert!(
            en.starts_with(&format!("Something is missing after \"{word}\" (word {n})")),
            "{en}"
        );
    }
}

#[test]
fn other_errors() {
    let cases: &[(&str, Problem, &str)] = &[
        ("бросаю пули вправо", Problem::HowMany, "пули"),
        ("leave all bullets", Problem::HowMany, "all bullets"),
        ("бросаю 2 клада вниз", Problem::OnlyOne, "2 клада"),
        ("бросаю 300 пуль", Problem::NumberTooBig, "300"),
        (
            "иду вправо, если не найду клад, стреляю вверх",
            Problem::NegatedCondition,
            "если не найду клад",
        ),
        (
            "иду вправо, если найду клад, стреляю вверх, иначе стреляю вниз",
            Problem::ElseNeedsWall,
            "иначе",
        ),
        ("стреляю в", Problem::NotUnderstood(Expected::Aim), "в"),
        ("иду в", Problem::NotUnderstood(Expected::Direction), "в"),
        (
            "иду вверх, если найду банан, стреляю",
            Problem::NotUnderstood(Expected::Condition),
            "банан",
        ),
        ("клетка Z99", Problem::NotUnderstood(Expected::Cell), "Z99"),
        (
            "клетка B2 пожалуйста скорее",
            Problem::NotUnderstood(Expected::End),
            "скорее",
        ),
        (
            "иду вверх, не шуметь",
            Problem::NotUnderstood(Expected::Negation),
            "шуметь",
        ),
        (
            "иду вверх, сообщить",
            Problem::Missing(Expected::LightMode),
            "сообщить",
        ),
        ("беру клад", Problem::Missing(Expected::Pick), "клад"),
        (
            "плыву вверх по течению",
            Problem::NotUnderstood(Expected::Direction),
            "по течению",
        ),
    ];
    for (text, problem, word) in cases {
        let (e, en, ru) = error(text);
        assert_eq!(e.problem(), *problem, "{text}");
        assert_eq!(e.at().unwrap().text, *word, "{text}");
        for s in [&en, &ru] {
            assert!(s.contains(word) && !s.contains("[orders-"), "{s}");
        }
    }
}

#[test]
fn empty_and_junk_messages_are_errors() {
    for text in [
        "",
        "   ",
        "🙂🙂🙂",
        ",,,;!",
        "@bot",
        "\u{0}\u{1}\u{7f}",
        "ну",
    ] {
        let (e, en, ru) = error(text);
        assert_eq!(e.problem(), Problem::Empty, "{text:?}");
        assert!(
            en.contains("go up") && ru.contains("иду вверх"),
            "{en} / {ru}"
        );
    }
}

#[test]
fn long_messages_stop_at_the_cap_and_say_it() {
    let text = "иду вверх ".repeat(6554); // 64 KB
    let start = std::time::Instant::now();
    let (e, en, ru) = error(&text);
    assert!(start.elapsed() < std::time::Duration::from_millis(500));
    assert_eq!(e.problem(), Problem::TooLong { cap: MAX_WORDS });
    assert!(en.contains(&MAX_WORDS.to_string()) && ru.contains(&MAX_WORDS.to_string()));
    // Just under the cap is read in full (and the engine will refuse the many movements).
    let text = "иду вверх ".repeat(MAX_WORDS / 2);
    let Ok(Request::Order(p)) = parse_request(&text) else {
        panic!("not an order")
    };
    assert_eq!(p.order.parts.len(), MAX_WORDS / 2);
}

#[test]
fn long_words_are_quoted_short() {
    let word = "ы".repeat(10_000);
    let (e, _, _) = error(&format!("иду {word}"));
    let at = e.at().unwrap();
    assert_eq!(at.text.chars().count(), QUOTE_CHARS + 1);
    assert_eq!(at.chars, 4..10_004);
}

// Kodex Б §7.3: the named target is matched to a player by the session.
#[test]
fn named_targets_resolve_to_players() {
    let Ok(Request::Order(p)) =
        parse_request("иду вверх, если стенка, стреляю влево, стреляю вправо в Анну на C3")
    else {
        panic!("not an order")
    };
    assert_eq!(p.targets[0].action, 2);
    let find = |n: &str| n.to_lowercase().starts_with("ан").then_some(PlayerId(1));
    let order = p.clone().resolve(find).unwrap();
    let shots: Vec<_> = order.actions().copied().collect();
    assert_eq!(
        shots[2],
        Action::Shoot {
            aim: Aim::Dir(Right),
            target: Some((PlayerId(1), c("C3")))
        }
    );
    assert_eq!(shots[1], shoot(Left));
    let err = p.resolve(|_| None).unwrap_err();
    assert_eq!(err, UnknownPlayer("Анну".to_string()));
    assert_eq!(err.localize(Lang::Ru), "В этой игре нет игрока «Анну».");
}

const VOCABULARY: &[&str] = &[
    "иду",
    "вверх",
    "вниз",
    "в",
    "на",
    "стреляю",
    "взрываю",
    "стенку",
    "бросаю",
    "клад",
    "2",
    "пули",
    "если",
    "не",
    "то",
    "иначе",
    "и",
    "затем",
    ",",
    ";",
    "результат",
    "сообщать",
    "но",
    "сообщить",
    "стенка",
    "беру",
    "второй",
    "снизу",
    "ставлю",
    "мину",
    "взвожу",
    "её",
    "go",
    "up",
    "blow",
    "if",
    "then",
    "wall",
    "tell",
    "only",
    "dark",
    "B2",
    "С3",
    "Анну",
    "at",
    "keep",
    "old",
    "/move",
    "@bot",
    "по",
    "течению",
    "сюда",
    "where",
    "где",
    "1)",
    "🙂",
    "пропускаю",
    "ход",
    "и",
    "в любом случае",
    "no",
    "refill",
];

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = parse_request(&text);
    }

    #[test]
    fn word_salad_never_panics_and_points_inside_the_text(
        words in proptest::collection::vec(proptest::sample::select(VOCABULARY), 0..40),
    ) {
        let text = words.join(" ");
        let result = parse_request(&text);
        if let Some((e, at)) = result.as_ref().err().and_then(|e| e.at().map(|a| (e, a))) {
            let len = text.chars().count();
            prop_assert!(at.chars.start < at.chars.end && at.chars.end <= len);
            let quoted: String = text.chars().skip(at.chars.start).take(at.chars.len()).collect();
            prop_assert!(quoted.starts_with(at.text.trim_end_matches('…')));
            for lang in Lang::ALL {
                prop_assert!(!e.localize(lang).contains("[orders-"));
            }
        }
    }
}

#[test]
fn the_knife_and_the_kick_in_both_languages() {
    // Encyclopedia, "Ход игры": "ударить кинжалом"; modification 18: "бью ногами".
    for text in [
        "бью ножом",
        "ударю кинжалом",
        "режу",
        "stab",
        "strike with the knife",
        "knife",
    ] {
        assert_eq!(parse_request(text), Ok(of([Action::Stab])), "{text}");
    }
    for text in ["бью ногами", "пинаю", "kick", "strike with my feet"] {
        assert_eq!(parse_request(text), Ok(of([Action::Kick])), "{text}");
    }
    // "Бью" alone does not say with what.
    let (e, en, ru) = error("бью");
    assert_eq!(e.problem(), Problem::Missing(Expected::Weapon));
    assert!(en.contains("the knife or the feet"), "{en}");
    assert!(ru.contains("ножом или ногами"), "{ru}");
    let (e, _, _) = error("бью кулаком");
    assert_eq!(e.problem(), Problem::NotUnderstood(Expected::Weapon));
    assert_eq!(e.at().unwrap().text, "кулаком");
}

#[test]
fn cement_and_the_boomerang_in_both_languages() {
    // Encyclopedia, modification 11: "поставить стену в указанном направлении".
    for (text, d) in [
        ("ставлю стену вверх", Dir::Up),
        ("строю стенку слева", Dir::Left),
        ("замуровываю вправо", Dir::Right),
        ("build a wall down", Dir::Down),
        ("put up a wall to the left", Dir::Left),
        ("cement the right wall", Dir::Right),
    ] {
        assert_eq!(parse_request(text), Ok(of([Action::Build(d)])), "{text}");
    }
    // "Ставлю мину" still sets a mine.
    assert_eq!(
        parse_request("ставлю мину"),
        Ok(of([Action::SetMine(None)]))
    );
    let (e, _, _) = error("строю стену");
    assert_eq!(e.problem(), Problem::Missing(Expected::WallSide));
    // Modification 15: "направление его полёта должен указывать игрок".
    for (text, d) in [
        ("кидаю бумеранг влево", Dir::Left),
        ("бросаю бумеранг вверх", Dir::Up),
        ("throw the boomerang down", Dir::Down),
        ("throw boomerang right", Dir::Right),
    ] {
        assert_eq!(
            parse_request(text),
            Ok(of([Action::Boomerang(d)])),
            "{text}"
        );
    }
    let (e, _, _) = error("кидаю бумеранг");
    assert_eq!(e.problem(), Problem::Missing(Expected::Direction));
}

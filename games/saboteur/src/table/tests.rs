//! Saboteur at a table: orders typed in words, the private chat's buttons, deadlines, and what the
//! group is told — through the real session on a SQLite file.

use crate::board::Cell;
use crate::card::{Action, Card, Path, Tool};
use crate::game::{Game, Order, PlayerId};
use bot_core::session::chat::{Outbound, Target, UserId};
use bot_core::testkit::{Bench, texts};

use super::words::{Read, read};

fn cards(names: &str) -> Vec<Card> {
    names
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect()
}

fn path(name: &str) -> Path {
    name.parse().unwrap()
}

fn cell(x: i32, y: i32) -> Cell {
    Cell { x, y }
}

/// A game of three, the first player holding `hand`.
fn game_with(hand: &str) -> Game {
    let mut g = Game::new(3, PlayerId(0), 1).unwrap();
    g.rig_hand(PlayerId(0), cards(hand));
    g
}

fn names() -> Vec<String> {
    ["Аня", "Боря", "Cid"].map(String::from).to_vec()
}

fn said(g: &Game, text: &str) -> Read {
    read(text, &names(), g, PlayerId(0))
}

// Saboteur: Ход игры — a card played, named in Russian or English words, by its name or its
// number in the hand.
#[test]
fn orders_read_in_words_in_both_languages() {
    let g = game_with("NESW NES break-lamp fix-pick fix-pick+lamp map rockfall");
    let p = |card: &str, x, y, rotated| {
        Read::Order(Order::Path {
            card: path(card),
            cell: cell(x, y),
            rotated,
        })
    };
    assert_eq!(said(&g, "кладу перекрёсток на 1,0"), p("NESW", 1, 0, false));
    assert_eq!(said(&g, "lay NES at 1,0 rotated"), p("NES", 1, 0, true));
    // A card named as it lies turned round is that card turned.
    assert_eq!(said(&g, "кладу NSW на 1,0"), p("NES", 1, 0, true));
    assert_eq!(said(&g, "play 2 at 0,1"), p("NES", 0, 1, false));
    let (p1, p2) = (PlayerId(1), PlayerId(2));
    // Saboteur: Ход картой «действие» — a player named by his name or its Russian forms.
    assert_eq!(
        said(&g, "ломаю фонарь Боре"),
        Read::Order(Order::Break(Tool::Lamp, p1))
    );
    assert_eq!(
        said(&g, "break lamp cid"),
        Read::Order(Order::Break(Tool::Lamp, p2))
    );
    // A single fix before a double one; the double one for the tool only it mends.
    assert_eq!(
        said(&g, "чиню кирку Боре"),
        Read::Order(Order::Fix(Tool::Pick, p1))
    );
    let either = Order::FixEither {
        card: (Tool::Pick, Tool::Lamp),
        target: p2,
        tool: Tool::Lamp,
    };
    assert_eq!(said(&g, "fix lamp Cid"), Read::Order(either));
    assert_eq!(
        said(&g, "карта верхняя цель"),
        Read::Order(Order::Map(cell(8, -2)))
    );
    assert_eq!(
        said(&g, "map bottom goal"),
        Read::Order(Order::Map(cell(8, 2)))
    );
    assert_eq!(
        said(&g, "обвал 2,0"),
        Read::Order(Order::Rockfall(cell(2, 0)))
    );
    let lamp = Card::Action(Action::Break(Tool::Lamp));
    assert_eq!(said(&g, "сбрасываю 3"), Read::Order(Order::Discard(lamp)));
    assert_eq!(
        said(&g, "discard map"),
        Read::Order(Order::Discard(Card::Action(Action::Map)))
    );
    assert_eq!(said(&g, "пас"), Read::Order(Order::Pass));
    assert_eq!(said(&g, "беру 3"), Read::Order(Order::Take(3)));
    assert_eq!(said(&g, "/play NES 1,0"), p("NES", 1, 0, false));
    // Talk is not an order; an order not understood is said to be so.
    assert_eq!(said(&g, "привет всем"), Read::Talk);
    assert_eq!(said(&g, "/help"), Read::Talk);
    assert_eq!(said(&g, "кладу что-нибудь куда-нибудь"), Read::Unclear);
    assert_eq!(said(&g, "/play nonsense"), Read::Unclear);
    assert_eq!(said(&g, "ломаю фонарь"), Read::Unclear);
}

/// The data of the newest button labelled like `label` in `out`.
fn button(out: &[Outbound], label: impl Fn(&str) -> bool) -> String {
    out.iter()
        .rev()
        .flat_map(|o| o.buttons.iter().flatten())
        .find(|b| label(&b.label))
        .map(|b| b.data.clone())
        .unwrap_or_else(|| panic!("no such button in {out:?}"))
}

fn to(out: &[Outbound], user: &str) -> Vec<Outbound> {
    (out.iter())
        .filter(|o| o.to == Target::User(UserId(user.into())))
        .cloned()
        .collect()
}

fn group(out: &[Outbound]) -> Vec<Outbound> {
    (out.iter())
        .filter(|o| !matches!(o.to, Target::User(_)))
        .cloned()
        .collect()
}

/// A press of a button in `user`'s private chat with the bot.
async fn press(b: &mut Bench, user: &str, data: &str) -> bot_core::session::chat::Reply {
    let mut m = b.msg(user, None, data);
    m.content = bot_core::session::chat::Content::Button(data.to_string());
    b.session.respond(m, b.now).await.unwrap()
}

/// ann, bob and cid at a table in `g`, turns in the order they joined: what `/begin` said.
async fn begun(b: &mut Bench, options: &str) -> Vec<Outbound> {
    b.say(
        "ann",
        Some("g"),
        &format!("/newgame saboteur order=join {options}"),
    )
    .await;
    for n in ["bob", "cid"] {
        b.say(n, Some("g"), "/join").await;
    }
    b.say("ann", Some("g"), "/begin").await
}

// Saboteur: Подготовка — roles and hands are dealt privately; the group sees the empty map.
#[tokio::test]
async fn the_deal_is_private_and_the_map_is_a_picture() {
    let mut b = Bench::new(crate::TEST_GAMES, "sab-deal").await;
    let out = begun(&mut b, "").await;
    let state = b.peek("g").await;
    assert_eq!(state["turn"], "ann");
    for n in ["ann", "bob", "cid"] {
        let role = state["players"][n]["role"].as_str().unwrap();
        let mine = texts(&to(&out, n));
        let word = if role == "digger" {
            "gold digger"
        } else {
            "saboteur"
        };
        assert!(mine.contains(word), "{n} is told he is a {role}: {mine}");
        assert!(!texts(&group(&out)).contains(word), "no role in the group");
    }
    assert!(group(&out).iter().any(|o| o.picture.is_some()), "the map");
    // The status card, kept from the start: the round, the deck, the gold so far.
    let card = group(&out)
        .into_iter()
        .find(|o| o.text.contains("Gold so far"));
    assert!(
        card.is_some_and(|c| c.text.contains("Round 1/3")),
        "{}",
        texts(&out)
    );
    // ann, first to move, has her cards as buttons and as a picture.
    let mine = to(&out, "ann");
    assert!(
        mine.iter()
            .any(|o| o.picture.is_some() && !o.buttons.is_empty())
    );
}

// Saboteur: Ход картой «путь» — by buttons: a card, then one of the cells marked on the map.
#[tokio::test]
async fn a_path_card_is_played_by_two_presses() {
    let mut b = Bench::new(crate::TEST_GAMES, "sab-press").await;
    let out = begun(&mut b, "").await;
    let state = b.peek("g").await;
    let hand: Vec<String> = (state["players"]["ann"]["hand"].as_array().unwrap().iter())
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    // Lay the cross, or any path card ann holds that fits somewhere.
    let moves = state["moves"].to_string();
    let (i, card) = (hand.iter().enumerate())
        .find(|(_, c)| {
            moves.contains(&format!("/play {c} ")) && c.chars().all(|x| "xNESW".contains(x))
        })
        .expect("a path card that fits");
    let card_button = button(&to(&out, "ann"), |l| l.starts_with(&format!("{} ", i + 1)));
    // Not bob's to press.
    let r = press(&mut b, "bob", &card_button).await;
    assert!(
        r.popup
            .as_deref()
            .is_some_and(|p| p.contains("not your turn")),
        "{r:?}"
    );
    let r = press(&mut b, "ann", &card_button).await;
    let offer = to(&r.outbound, "ann");
    assert!(
        offer.iter().any(|o| o.picture.is_some()),
        "cells marked on the map"
    );
    let target = button(&offer, |l| l.contains(','));
    let before = b.peek("g").await;
    let r = press(&mut b, "ann", &target).await;
    let after = b.peek("g").await;
    assert_ne!(after["board"], before["board"], "the card lies on the map");
    assert_eq!(after["turn"], "bob");
    let told = texts(&group(&r.outbound));
    assert!(
        told.contains("ann lays") && told.contains("bob, your move"),
        "{told}"
    );
    assert!(!told.contains(card.as_str()) || after["board"].to_string().contains(card.as_str()));
    // The old button of ann's turn does nothing now.
    let r = press(&mut b, "ann", &target).await;
    assert!(r.popup.is_some_and(|p| p.contains("earlier turn")));
    assert_eq!(b.peek("g").await, after);
}

// Saboteur: Избавление от карты — a discard is face down: typed in the group it is refused,
// by DM the group learns only that a card was discarded.
#[tokio::test]
async fn a_discard_stays_private() {
    let mut b = Bench::new(crate::TEST_GAMES, "sab-discard").await;
    begun(&mut b, "").await;
    let state = b.peek("g").await;
    let first = state["players"]["ann"]["hand"][0]
        .as_str()
        .unwrap()
        .to_string();
    let out = b.say("ann", Some("g"), &format!("/discard {first}")).await;
    assert!(texts(&out).contains("private chat"), "{}", texts(&out));
    assert_eq!(b.peek("g").await, state, "refused, nothing changed");
    let out = b.say("ann", None, &format!("/discard {first}")).await;
    let public = texts(&group(&out));
    assert!(public.contains("ann discards a card face down"), "{public}");
    let mine = texts(&to(&out, "ann"));
    assert!(mine.contains("You discarded"), "{mine}");
    assert_eq!(b.peek("g").await["discard"], 1);
}

// A missed deadline discards a card of his, unnamed; missed again and again, he leaves the game.
#[tokio::test]
async fn a_missed_deadline_discards_a_card_and_too_many_remove_the_player() {
    let mut b = Bench::new(crate::TEST_GAMES, "sab-deadline").await;
    begun(&mut b, "deadline=1h missed=2").await;
    let deck = b.peek("g").await["deck"].as_u64().unwrap();
    let out = b.advance("61m").await;
    let said = texts(&out);
    assert!(said.contains("ann missed the deadline"), "{said}");
    let state = b.peek("g").await;
    assert_eq!(state["turn"], "bob");
    assert_eq!(state["discard"], 1);
    assert_eq!(
        state["deck"].as_u64().unwrap(),
        deck - 1,
        "ann drew after her discard"
    );
    // bob and cid play; ann misses again and is out.
    for n in ["bob", "cid"] {
        let m = b.peek("g").await["moves"][0].as_str().unwrap().to_string();
        b.say(n, None, &m).await;
    }
    let out = b.advance("61m").await;
    assert!(
        texts(&out).contains("ann leaves the game"),
        "{}",
        texts(&out)
    );
    let state = b.peek("g").await;
    assert_eq!(state["players"]["ann"]["hand"], serde_json::json!([]));
    assert_eq!(state["turn"], "bob");
}

/// What the group is told of `events` at a table of `n` seated in `lang`.
fn told(n: usize, lang: bot_core::i18n::Lang, events: &[crate::game::Event]) -> String {
    use bot_core::session::game::{Cx, Dest, Effects};
    use bot_core::session::table::{Seat, Seating};
    let names = ["ann", "bob", "cid", "dan", "eve"];
    let mut seating = Seating::new(Seat::new("ann", "ann", lang), true, lang);
    for n in &names[1..n] {
        seating.seats.push(Seat::new(n, n, lang));
    }
    let mut fx = Effects::default();
    let mut cx = Cx {
        t: &mut seating,
        fx: &mut fx,
        id: 1,
        seed: 0,
        now: 0,
    };
    super::narrate::events(&mut super::Saboteur::default(), &mut cx, events);
    (fx.outs.iter())
        .filter(|o| o.to == Dest::Group)
        .map(|o| o.payload.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

// Saboteur: Дележ золота, Примечание — "если в игре участвуют три или четыре игрока, то может
// случиться так, что вредителя не будет вообще. В таком случае, если золотоискатели не добрались
// до сокровища, то карты «золотой самородок» не делятся": the round is nobody's, not the
// saboteurs'.
#[test]
fn a_round_lost_with_no_saboteur_dealt_is_told_as_paying_nobody() {
    use crate::game::{Event, Role};
    use bot_core::i18n::Lang;
    let lost = |saboteurs: u8, roles: Vec<Role>| Event::RoundOver {
        round: 2,
        diggers_won: false,
        finder: None,
        roles,
        saboteurs,
    };
    let none = lost(0, vec![Role::Digger; 4]);
    let en = told(4, Lang::En, std::slice::from_ref(&none));
    assert!(en.contains("nobody is paid for round 2"), "{en}");
    assert!(!en.contains("goes to the saboteurs"), "{en}");
    let ru = told(4, Lang::Ru, std::slice::from_ref(&none));
    assert!(ru.contains("никому не достаются"), "{ru}");
    assert!(!ru.contains("за вредителями"), "{ru}");
    // With a saboteur dealt, the round is his.
    let mut roles = vec![Role::Digger; 4];
    roles[1] = Role::Saboteur;
    let one = told(4, Lang::En, &[lost(1, roles)]);
    assert!(one.contains("round 2 goes to the saboteurs"), "{one}");
}

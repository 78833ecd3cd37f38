//! The canonical commands of the spec, written and read back.

use super::kit::*;
use crate::card::Tool;
use crate::game::{Event, Order, ParseError, PlayerId};

#[test]
fn the_spec_commands_read_and_write_back() {
    let names = names(3);
    let read = |s: &str| Order::parse(s, &names).unwrap();
    let examples = [
        (
            "/play NES 1,-1",
            Order::Path {
                card: p("NES"),
                cell: c("1,-1"),
                rotated: false,
            },
        ),
        (
            "/play NES 2,0 rotated",
            Order::Path {
                card: p("NES"),
                cell: c("2,0"),
                rotated: true,
            },
        ),
        ("/play break-lamp bob", Order::Break(Tool::Lamp, P1)),
        ("/play fix-cart cid", Order::Fix(Tool::Cart, P2)),
        (
            "/play fix-pick+lamp bob lamp",
            Order::FixEither {
                card: (Tool::Pick, Tool::Lamp),
                target: P1,
                tool: Tool::Lamp,
            },
        ),
        ("/play rockfall 3,0", Order::Rockfall(c("3,0"))),
        ("/play map 8,2", Order::Map(c("8,2"))),
        ("/discard xNS", Order::Discard(card("xNS"))),
        ("/pass", Order::Pass),
        ("/take 3", Order::Take(3)),
    ];
    for (text, order) in examples {
        assert_eq!(read(text), order, "{text}");
        assert_eq!(order.command(&names), text);
    }
}

#[test]
fn commands_are_read_leniently() {
    let names: Vec<String> = ["Ann", "Анна Мария", "bob"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let read = |s: &str| Order::parse(s, &names).unwrap();
    assert_eq!(
        read("/play NSW 2,0"),
        read("/play NES 2,0 rotated"),
        "named as it would lie"
    );
    assert_eq!(read("/play NSW 2,0 rotated"), read("/play NES 2,0"));
    assert_eq!(
        read("/play NS 2,0 rotated"),
        read("/play NS 2,0"),
        "the same either way"
    );
    assert_eq!(read("/PLAY nes 1,0 ROTATED"), read("/play NES 1,0 rotated"));
    assert_eq!(read("/play@sab_bot map 8,0"), Order::Map(c("8,0")));
    assert_eq!(read("/play break-pick ANN"), Order::Break(Tool::Pick, P0));
    assert_eq!(read("/play break-pick @bob"), Order::Break(Tool::Pick, P2));
    assert_eq!(
        read("/play break-pick анна   мария"),
        Order::Break(Tool::Pick, P1)
    );
    assert_eq!(
        read("/play fix-lamp+cart Анна Мария cart"),
        Order::FixEither {
            card: (Tool::Lamp, Tool::Cart),
            target: P1,
            tool: Tool::Cart
        }
    );
    assert_eq!(read("/discard NSW"), Order::Discard(card("NES")));
    assert_eq!(
        Order::Break(Tool::Lamp, P1).command(&names),
        "/play break-lamp Анна Мария"
    );
    assert_eq!(
        Order::Break(Tool::Lamp, PlayerId(7)).command(&names),
        "/play break-lamp #7"
    );
}

#[test]
fn unreadable_commands_say_why() {
    let names = names(3);
    let err = |s: &str| Order::parse(s, &names).unwrap_err();
    assert_eq!(err(""), ParseError::NotACommand);
    assert_eq!(err("hello"), ParseError::NotACommand);
    assert_eq!(err("/play"), ParseError::NoCard);
    assert!(matches!(err("/play NSEW 1,0"), ParseError::UnknownCard(_)));
    assert!(matches!(
        err("/play fix-lamp+pick bob lamp"),
        ParseError::UnknownCard(_)
    ));
    assert_eq!(err("/play NES"), ParseError::NoCell);
    assert!(matches!(err("/play NES 1"), ParseError::BadCell(_)));
    assert_eq!(
        err("/play NES 1,0 upside"),
        ParseError::Extra("upside".into())
    );
    assert_eq!(err("/play break-lamp"), ParseError::NoPlayer);
    assert_eq!(
        err("/play break-lamp zed"),
        ParseError::UnknownPlayer("zed".into())
    );
    assert_eq!(err("/play fix-pick+lamp bob"), ParseError::NoTool);
    assert_eq!(err("/play fix-pick+lamp lamp"), ParseError::NoPlayer);
    assert_eq!(err("/play fix-pick+lamp bob hammer"), ParseError::NoTool);
    assert!(matches!(err("/take x"), ParseError::BadValue(_)));
    assert_eq!(err("/pass now"), ParseError::Extra("now".into()));
    assert_eq!(err("/discard"), ParseError::NoCard);
    for e in [err("/play"), err("/play break-lamp zed"), err("/take")] {
        assert!(!e.to_string().is_empty());
    }
}

#[test]
fn every_legal_order_reads_back_from_its_command() {
    for seed in 0..20 {
        let mut g = crate::game::Game::new(5, P0, seed).unwrap();
        let names = names(5);
        for step in 0..60 {
            let legal = g.legal();
            if legal.is_empty() {
                break;
            }
            for o in &legal {
                let text = o.command(&names);
                assert_eq!(Order::parse(&text, &names).as_ref(), Ok(o), "{text}");
            }
            let who = g.to_move().unwrap();
            let pick = &legal[(seed as usize * 7 + step * 13) % legal.len()];
            g.play(who, pick, seed).unwrap();
        }
    }
}

#[test]
fn secrets_are_private_and_the_rest_public() {
    let private = [
        Event::Dealt {
            to: P1,
            role: crate::game::Role::Digger,
            hand: vec![],
        },
        Event::Mapped {
            by: P1,
            cell: c("8,0"),
            gold: false,
        },
        Event::Discarded {
            by: P1,
            card: card("map"),
        },
        Event::Drew {
            by: P1,
            card: card("map"),
        },
        Event::Offered {
            to: P1,
            cards: vec![1],
        },
        Event::Took { by: P1, value: 1 },
    ];
    for e in private {
        assert_eq!(e.private_to(), Some(P1), "{e:?}");
    }
    let public = [
        Event::MapPlayed {
            by: P1,
            cell: c("8,0"),
        },
        Event::DiscardedFaceDown { by: P1 },
        Event::TookGold { by: P1 },
        Event::Passed { by: P1 },
        Event::GoalRevealed {
            cell: c("8,0"),
            gold: true,
            lies: p("NESW"),
        },
    ];
    for e in public {
        assert!(e.is_public(), "{e:?}");
    }
}

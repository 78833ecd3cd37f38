//! Part А's example fragment of a game (rule book lines ~175–222), answer by answer.

use super::kit::*;
use crate::game::event::{Arrival, Audience, CellSeen, Event, Told};
use crate::game::order::Action;
use crate::game::state::Health;

/// Player "1" is P0 and player "2" is P1. Row 2 is open from D2 to the mouth A2 (P0's shot), the pit
/// a1 at D1 leads to a2 on the right edge (E3), the river A3 flows up into the mouth A2, the hospital
/// B3 lies under the treasure at B2.
const PLAN: &str = "
labyrinth 5x4
+   +---+---+---+---+
| .   .   .   a1  . |
+---+---+---+   +---+
| U   .   .   .   . |
+   +   +---+   +---+
| ^   M   .   .   a2|
+---+   +   +   +   +
| .   .   .   .   A |
+---+---+---+---+~~~+
items:
  A4 grenades 1
  B2 treasure
  C1 fake
";

fn all(e: Event) -> Told {
    Told {
        to: Audience::All,
        event: e,
    }
}

fn to(p: crate::game::PlayerId, e: Event) -> Told {
    Told {
        to: Audience::Player(p),
        event: e,
    }
}

#[test]
fn part_a_example_fragment() {
    // The fragment says "Две пули, три гранаты" of player 2 just after he was wounded. Under strict
    // classic a wounded player drops his bullets (Kodex Б §5.5), so this test plays it with the one
    // documented option change `wounded_shoot = true` (the wounded keep their bullets, as В §5.5).
    // His third grenade comes back from one lying at his feet right after the blast (Б §5.3, as the
    // bullet "под ногами" of Б §6.5), and his two bullets from a shot of an earlier fragment.
    let mut g = Game::new(&plan(PLAN), classic(&["wounded_shoot=yes"]), 2);
    let start = g.start(&[c("D4"), c("A4")], &[P0, P1]).unwrap();
    assert_eq!(
        start,
        vec![
            all(Event::StartsOn(P0, CellSeen::Land)),
            all(Event::StartsOn(P1, CellSeen::Land)),
            all(Event::Found(vec![(ThingKind::Grenades, 1)])),
            all(Event::Turn(P0)),
        ]
    );
    // The earlier fragment: 1 steps up; 2 shoots right (nobody there) and bumps the outer wall.
    go(&mut g, P0, &[step(Up)]);
    go(&mut g, P1, &[shoot(Right), step(Down)]);

    // "1: Иду вверх" — "На суше".
    let walked = |cell| Event::Arrived {
        how: Arrival::Walked,
        cell,
    };
    assert_eq!(
        go(&mut g, P0, &[step(Up)]),
        vec![walked(CellSeen::Land), Event::Turn(P1)]
    );
    // "2: Взрываю стенку сверху, затем иду вверх" — "Попал в реку, снесло в устье." (the classic master
    // does not say what the grenade did, Б §7.8).
    assert_eq!(
        go(&mut g, P1, &[Action::Blow(Up), step(Up)]),
        vec![
            Event::Blown {
                result: None,
                grenades: 3
            },
            Event::Arrived {
                how: Arrival::CarriedByRiver,
                cell: CellSeen::Mouth
            },
            Event::Round(3),
            Event::Turn(P0),
        ]
    );
    // "1: Стреляю влево, затем иду вверх" — "Слышен вопль. Попал в яму, переместился по циклу."
    // Then "игрок 2 ранен. Можно заказать новую клетку".
    let told = g
        .play(P0, &order::Order::of([shoot(Left), step(Up)]))
        .unwrap();
    assert_eq!(
        told,
        vec![
            all(Event::Shot {
                scream: true,
                bullets: 2
            }),
            all(Event::Arrived {
                how: Arrival::ThroughPit,
                cell: CellSeen::Pit
            }),
            all(Event::Turn(P1)),
            all(Event::WoundedNotice(P1)),
            to(P1, Event::ReorderOffer { left: 0 }),
        ]
    );
    // "2: Сколько у меня пуль и гранат?" — "Две пули, три гранаты."
    let s = g.status(P1).unwrap();
    assert_eq!((s.health, s.bullets, s.grenades), (Health::Wounded, 2, 3));
    // "2 (показывает клетку, …): Иду вверх." — "Попал в медсанбат, вылечился."
    assert_eq!(
        g.reorder(P1, c("B4")).unwrap(),
        vec![to(P1, Event::Reordered(c("B4")))]
    );
    assert_eq!(
        go(&mut g, P1, &[step(Up)]),
        vec![
            walked(CellSeen::Hospital),
            Event::Healed { immune: false },
            Event::Round(4),
            Event::Turn(P0),
        ]
    );
    // "1: Иду вправо." — "Справа стенка."
    assert_eq!(
        go(&mut g, P0, &[step(Right)]),
        vec![Event::Bumped { carried_to: None }, Event::Turn(P1)]
    );
    // "2: Иду вверх, затем взрываю стенку сверху." — "На суше. Нашел клад."
    assert_eq!(
        go(&mut g, P1, &[step(Up), Action::Blow(Up)]),
        vec![
            walked(CellSeen::Land),
            Event::Found(vec![(ThingKind::Treasure, 1)]),
            Event::PickedUp(vec![(ThingKind::Treasure, 1)]),
            Event::Blown {
                result: None,
                grenades: 2
            },
            Event::Round(5),
            Event::Turn(P0),
        ]
    );
    // "1: Взрываю стенку справа и иду вправо." — "Справа стенка" (the outer wall held: he is at the
    // right edge).
    assert_eq!(
        go(&mut g, P0, &[Action::Blow(Right), step(Right)]),
        vec![
            Event::Blown {
                result: None,
                grenades: 2
            },
            Event::Bumped { carried_to: None },
            Event::Turn(P1),
        ]
    );
    assert_eq!(g.cell_of(P0), Some(c("E3")));
}

/// The master's words for a turn, in Russian, as the group and the player hear them.
fn words(told: &[Told]) -> Vec<String> {
    let names = |p: crate::game::PlayerId| format!("игрок {}", p.0 + 1);
    narrate(told, Lang::Ru, &names)
        .into_iter()
        .map(|(to, text)| match to {
            Audience::All => text,
            Audience::Player(p) => format!("[{}] {text}", p.0 + 1),
        })
        .collect()
}

#[test]
fn part_a_example_fragment_in_the_masters_words() {
    // Part А: the same fragment, now as the master says it. The book's answers are abbreviated
    // ("На суше"); the bot says them in the full form of Б §4.1–§4.6 ("Пришел на Сушу").
    let mut g = Game::new(&plan(PLAN), classic(&["wounded_shoot=yes"]), 2);
    g.start(&[c("D4"), c("A4")], &[P0, P1]).unwrap();
    go(&mut g, P0, &[step(Up)]);
    go(&mut g, P1, &[shoot(Right), step(Down)]);
    let turn = |g: &mut Game, who, actions: &[Action]| {
        let told = g
            .play(who, &order::Order::of(actions.iter().copied()))
            .unwrap();
        words(&told)
    };
    // "1: Иду вверх" — "В: На суше".
    let said = turn(&mut g, P0, &[step(Up)]);
    assert!(said[0].starts_with("Пришел на Сушу."), "{said:?}");
    // "2: Взрываю стенку сверху, затем иду вверх" — "В: Попал в реку, снесло в устье."
    let said = turn(&mut g, P1, &[Action::Blow(Up), step(Up)]);
    assert!(
        said[0].contains("Попал в Реку, снесло в Устье."),
        "{said:?}"
    );
    // "1: Стреляю влево, затем иду вверх" — "В: Слышен вопль. Попал в яму, переместился по циклу."
    // Then, as 2's turn comes: "В: игрок 2 ранен. Можно заказать новую клетку".
    let said = turn(&mut g, P0, &[shoot(Left), step(Up)]);
    assert!(said[0].starts_with("Слышен вопль"), "{said:?}");
    assert!(said[0].contains("Попал в Яму."), "{said:?}");
    // The wound is public; the offer to re-order goes to him alone (Б §5.5).
    assert!(said[0].contains("игрок 2 ранен."), "{said:?}");
    assert!(
        said[1].starts_with("[2] Можно заказать новую клетку"),
        "{said:?}"
    );
    // "2: Сколько у меня пуль и гранат?" — "В: Две пули, три гранаты."
    let status = status_text(&g.status(P1).unwrap(), Lang::Ru);
    assert!(status.contains("две пули, три гранаты"), "{status}");
    // "2 (показывает клетку …): Иду вверх." — "В: Попал в медсанбат, вылечился."
    g.reorder(P1, c("B4")).unwrap();
    let said = turn(&mut g, P1, &[step(Up)]);
    assert!(
        said[0].starts_with("Пришел в Медсанбат, вылечился."),
        "{said:?}"
    );
    // "1: Иду вправо." — "В: Справа стенка."
    let said = turn(&mut g, P0, &[step(Right)]);
    assert!(said[0].starts_with("Туда нельзя, стенка."), "{said:?}");
    // "2: Иду вверх, затем взрываю стенку сверху." — "В: На суше. Нашел клад."
    let said = turn(&mut g, P1, &[step(Up), Action::Blow(Up)]);
    assert!(
        said[0].starts_with("Пришел на Сушу, нашел клад."),
        "{said:?}"
    );
    // "1: Взрываю стенку справа и иду вправо." — "В: Справа стенка."
    let said = turn(&mut g, P0, &[Action::Blow(Right), step(Right)]);
    assert!(said[0].contains("Туда нельзя, стенка."), "{said:?}");
}

use crate::game::Game;
use crate::game::narrate::{narrate, status_text};
use crate::game::order::{self, ThingKind};
use bot_core::i18n::Lang;

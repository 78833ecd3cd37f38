//! The master's phrases in both languages, each checked against the rule book's wording.

use proptest::prelude::*;

use super::*;
use crate::geometry::Coord;

const P1: PlayerId = PlayerId(0);
const P2: PlayerId = PlayerId(1);
const P3: PlayerId = PlayerId(2);

/// The rule book's way of naming players: "игрок 2 ранен" (part А).
fn name(p: PlayerId) -> String {
    format!("игрок {}", p.0 + 1)
}

/// Checks one event's phrase in English and in Russian.
#[track_caller]
fn check(event: Event, en: &str, ru: &str) {
    assert_eq!(phrase(&event, Lang::En, &name), en, "en: {event:?}");
    assert_eq!(phrase(&event, Lang::Ru, &name), ru, "ru: {event:?}");
}

/// The messages of a turn told to everybody.
fn to_all(events: &[Event], lang: Lang) -> Vec<String> {
    let told: Vec<Told> = events
        .iter()
        .map(|e| Told {
            to: Audience::All,
            event: e.clone(),
        })
        .collect();
    narrate(&told, lang, &name)
        .into_iter()
        .map(|(to, text)| {
            assert_eq!(to, Audience::All);
            text
        })
        .collect()
}

#[track_caller]
fn check_turn(events: &[Event], en: &[&str], ru: &[&str]) {
    assert_eq!(to_all(events, Lang::En), en);
    assert_eq!(to_all(events, Lang::Ru), ru);
}

fn arrived(how: Arrival, cell: CellSeen) -> Event {
    Event::Arrived { how, cell }
}

// ---- Turns and the start ----

#[test]
fn turn() {
    // Kodex Б §6.2: players announce their moves in turn.
    check(Event::Turn(P2), "игрок 2, your move.", "игрок 2, твой ход.");
}

#[test]
fn round() {
    // Kodex Б §3.6: the game is counted in rounds ("круг").
    check(Event::Round(4), "Round 4.", "Круг 4.");
}

#[test]
fn starts_on_every_cell_type() {
    // Kodex Б §6.2: the master announces on what type of cell each player stands.
    let cases = [
        (CellSeen::Land, "on land", "на Суше"),
        (CellSeen::Hospital, "in a hospital", "в Медсанбате"),
        (CellSeen::Arsenal, "in an arsenal", "в Арсенале"),
        (CellSeen::Pit, "in a pit", "в Яме"),
        (CellSeen::River, "in a river", "в Реке"),
        (CellSeen::Mouth, "at a river mouth", "в Устье"),
        (
            CellSeen::Encephalitis,
            "in an encephalitis cell",
            "в Энцефалите",
        ),
    ];
    for (cell, en, ru) in cases {
        check(
            Event::StartsOn(P1, cell),
            &format!("игрок 1 starts {en}."),
            &format!("игрок 1 начинает {ru}."),
        );
    }
}

#[test]
fn what_a_player_finds_at_the_start_is_said_of_him_to_all() {
    // Kodex Б §6.2: the start is announced to everybody aloud, so what each found on his cell is
    // said of him ("игрок 2 finds…"), never to "you"; the next player's start is his own sentence.
    let events = [
        Event::StartsOn(P1, CellSeen::Land),
        Event::Found(vec![(ThingKind::Treasure, 1)]),
        Event::StartsOn(P2, CellSeen::Arsenal),
        Event::Refilled {
            bullets: 3,
            grenades: 3,
            knives: None,
        },
        Event::StartsOn(P3, CellSeen::Encephalitis),
        Event::TickWoken,
        Event::Turn(P1),
        Event::Found(vec![(ThingKind::Bullets, 2)]),
    ];
    check_turn(
        &events,
        &[
            "игрок 1 starts on land. игрок 1 finds a treasure. игрок 2 starts in an arsenal. \
           игрок 2 has three bullets and three grenades. игрок 3 starts in an encephalitis cell. \
           игрок 3 woke the tick. игрок 1, your move. You found two bullets.",
        ],
        &[
            "игрок 1 начинает на Суше, нашел клад. игрок 2 начинает в Арсенале, при нём три \
           пули, три гранаты. игрок 3 начинает в Энцефалите, разбудил Клеща. игрок 1, твой ход, \
           нашел две пули.",
        ],
    );
}

// ---- Movement: every Arrival × CellSeen the rules can produce ----

#[test]
fn walked_onto_land() {
    // Kodex Б §4.1: "Пришел (попал) на Сушу".
    check(
        arrived(Arrival::Walked, CellSeen::Land),
        "You walked onto land.",
        "Пришел на Сушу.",
    );
}

#[test]
fn walked_into_hospital() {
    // Kodex Б §4.2: "Пришел в Медсанбат".
    check(
        arrived(Arrival::Walked, CellSeen::Hospital),
        "You walked into a hospital.",
        "Пришел в Медсанбат.",
    );
}

#[test]
fn walked_into_arsenal() {
    // Kodex Б §4.3: "Пришел в Арсенал".
    check(
        arrived(Arrival::Walked, CellSeen::Arsenal),
        "You walked into an arsenal.",
        "Пришел в Арсенал.",
    );
}

#[test]
fn walked_into_mouth() {
    // Kodex Б §4.6: "Пришел (попал) в Устье".
    check(
        arrived(Arrival::Walked, CellSeen::Mouth),
        "You walked into a river mouth.",
        "Пришел в Устье.",
    );
}

#[test]
fn walked_into_encephalitis() {
    // Kodex Б §4.7: "Пришел в Энцефалит".
    check(
        arrived(Arrival::Walked, CellSeen::Encephalitis),
        "You walked into an encephalitis cell.",
        "Пришел в Энцефалит.",
    );
}

#[test]
fn through_a_pit() {
    // Kodex Б §4.4: "Пришел (попал) в Яму".
    check(
        arrived(Arrival::ThroughPit, CellSeen::Pit),
        "You fell into a pit.",
        "Попал в Яму.",
    );
}

#[test]
fn along_the_pit_cycle() {
    // Kodex Б §4.4: the "ход по циклу" ends in the next pit.
    check(
        arrived(Arrival::AlongCycle, CellSeen::Pit),
        "Along the pit cycle, into a pit.",
        "По циклу, попал в Яму.",
    );
}

#[test]
fn carried_on_by_the_river() {
    // Kodex Б §4.6: "Попал в Реку, снесло по течению".
    check(
        arrived(Arrival::CarriedByRiver, CellSeen::River),
        "You're in a river; the current carried you on.",
        "Попал в Реку, снесло по течению.",
    );
}

#[test]
fn carried_into_the_mouth() {
    // Kodex Б §4.6: "Попал в Реку, снесло в Устье".
    check(
        arrived(Arrival::CarriedByRiver, CellSeen::Mouth),
        "You're in a river; the current carried you to its mouth.",
        "Попал в Реку, снесло в Устье.",
    );
}

#[test]
fn with_the_current_into_a_river() {
    // Kodex Б §4.6: "поплыл по течению, попал в Реку".
    check(
        arrived(Arrival::WithCurrent, CellSeen::River),
        "You swam with the current into a river.",
        "Поплыл по течению, попал в Реку.",
    );
}

#[test]
fn with_the_current_into_the_mouth() {
    // Kodex Б §4.6: "поплыл по течению, попал … в Устье".
    check(
        arrived(Arrival::WithCurrent, CellSeen::Mouth),
        "You swam with the current into a river mouth.",
        "Поплыл по течению, попал в Устье.",
    );
}

#[test]
fn along_a_shallow_river() {
    // Kodex В §4.6, Б §7.4: "по реке", not saying with or against the current.
    check(
        arrived(Arrival::AlongRiver, CellSeen::River),
        "Along the river.",
        "По реке.",
    );
}

#[test]
fn along_a_shallow_river_into_the_mouth() {
    // Kodex В §4.6: "по реке в устье".
    check(
        arrived(Arrival::AlongRiver, CellSeen::Mouth),
        "Along the river to its mouth.",
        "По реке в Устье.",
    );
}

#[test]
fn bumped_into_a_wall() {
    // Kodex Б §2.2: "туда нельзя, стенка".
    check(
        Event::Bumped { carried_to: None },
        "Wall — you can't go there.",
        "Туда нельзя, стенка.",
    );
}

#[test]
fn bumped_in_a_river_and_carried() {
    // Kodex Б §4.6: "Туда-то нельзя, стенка, снесло по течению, попал в Реку (или в Устье)".
    check(
        Event::Bumped {
            carried_to: Some(CellSeen::River),
        },
        "Wall — you can't go there; the current carried you into a river.",
        "Туда нельзя, стенка, снесло по течению, попал в Реку.",
    );
    check(
        Event::Bumped {
            carried_to: Some(CellSeen::Mouth),
        },
        "Wall — you can't go there; the current carried you into a river mouth.",
        "Туда нельзя, стенка, снесло по течению, попал в Устье.",
    );
}

#[test]
fn inflow_blocks() {
    // Kodex Б §7.4, В §4.6: "нельзя, впадает река".
    check(
        Event::InflowBlocks,
        "You can't — a river flows in there.",
        "Нельзя, впадает река.",
    );
}

#[test]
fn went_out() {
    // Kodex Б §3.2: leaving the playing field through an exit.
    check(
        Event::WentOut,
        "You walked out of the maze.",
        "Вышел из лабиринта.",
    );
}

// ---- What lies on the cell ----

#[test]
fn found() {
    // Kodex Б §6.5: "нашел клад, две пули и труп"; Б §3.3: "ты нашел клад".
    check(
        Event::Found(vec![
            (ThingKind::Treasure, 1),
            (ThingKind::Bullets, 2),
            (ThingKind::Corpse, 1),
        ]),
        "You found a treasure, two bullets and a corpse.",
        "Нашел клад, две пули и труп.",
    );
    check(
        Event::Found(vec![(ThingKind::Treasure, 1)]),
        "You found a treasure.",
        "Нашел клад.",
    );
}

#[test]
fn found_nothing_says_nothing() {
    // Kodex Б §5.2: only a player who can take something is told what he found.
    check(Event::Found(vec![]), "", "");
    check(Event::Found(vec![(ThingKind::Bullets, 0)]), "", "");
}

#[test]
fn which_treasure() {
    // Kodex Б §5.8: "нижний", "второй снизу", …, "верхний".
    check(
        Event::WhichTreasure {
            carrying: false,
            here: 2,
        },
        "There are two treasures here: which do you take, the bottom one or the top one?",
        "Здесь два клада: какой берешь — нижний или верхний?",
    );
    check(
        Event::WhichTreasure {
            carrying: false,
            here: 3,
        },
        "There are three treasures here: which do you take — the bottom one, the second from the bottom, … or the top one?",
        "Здесь три клада: какой берешь — нижний, второй снизу, … или верхний?",
    );
    // Kodex Б §5.8: one who carries a treasure is asked "старый" или "вновь найденный".
    check(
        Event::WhichTreasure {
            carrying: true,
            here: 1,
        },
        "You carry a treasure and found another: which do you take, the old one or the new one?",
        "У тебя уже есть клад, а нашелся еще один: какой берешь — старый или новый?",
    );
    check(
        Event::WhichTreasure {
            carrying: true,
            here: 2,
        },
        "You carry a treasure, and there are two treasures here: do you keep yours, or take the bottom one, the second from the bottom, … or the top one?",
        "У тебя уже есть клад, а здесь два клада: оставляешь свой или берешь нижний, второй снизу, … или верхний?",
    );
    check(
        Event::KeptTreasure,
        "You kept your treasure.",
        "Оставил себе свой клад.",
    );
}

#[test]
fn what_the_shooter_caught_is_his_not_the_victims() {
    // Kodex Б §5.5: the shooter on the victim's cell "может хватать падающее имущество «на лету»":
    // it is the shooter who catches, and the words say so after naming the dead (В §5.5).
    check_turn(
        &[
            Event::Shot {
                scream: true,
                bullets: 2,
            },
            Event::Hit(vec![(P2, Harm::Killed)]),
            Event::Caught(vec![(ThingKind::Bullets, 2)]),
        ],
        &[
            "A scream is heard; you have two bullets left. игрок 2 is killed. You caught two bullets on the fly.",
        ],
        &["Слышен вопль, у тебя осталось две пули. игрок 2 убит, ты поймал на лету две пули."],
    );
}

#[test]
fn a_quantum_shot_from_a_hospital_says_the_bullet_is_spent() {
    // Kodex В §5.5: from an arsenal or a hospital nobody is hit, yet "(независимо от условий 1-3)
    // число пуль у стрелявшего уменьшается на единицу": the answer says so and counts what is left.
    check(
        Event::ShotWasted { bullets: 2 },
        "A shot from a hospital or an arsenal hits nobody, and the bullet is spent; you have two bullets left.",
        "Выстрел из Медсанбата или Арсенала никого не ранит, а пуля потрачена; у тебя осталось две пули.",
    );
    check(
        Event::ShotWasted { bullets: 0 },
        "A shot from a hospital or an arsenal hits nobody, and the bullet is spent; you have no bullets left.",
        "Выстрел из Медсанбата или Арсенала никого не ранит, а пуля потрачена; пуль у тебя больше нет.",
    );
}

#[test]
fn what_was_held_is_left_in_exchange() {
    // Kodex Б §5.1: "менее ценное имущество автоматически обменивается на более ценное (т.е. труп
    // на мину или клад, а мина на клад)": what he carried stays on the cell, and he is told.
    check_turn(
        &[
            Event::Found(vec![(ThingKind::Treasure, 1)]),
            Event::PickedUp(vec![(ThingKind::Treasure, 1)]),
            Event::Exchanged(Thing::Mine),
        ],
        &["You found a treasure. You left the mine in exchange."],
        &["Нашел клад, оставил взамен мину."],
    );
}

#[test]
fn picked_up() {
    // Kodex Б §5.1: a healthy player takes all he can carry.
    check(
        Event::PickedUp(vec![(ThingKind::Mine, 1), (ThingKind::Grenades, 1)]),
        "You took a mine and a grenade.",
        "Взял мину и гранату.",
    );
}

// ---- Cells' effects ----

#[test]
fn healed() {
    // Kodex Б §4.2: "[,вылечился]"; Б §4.7: the cured gain immunity.
    check(
        Event::Healed { immune: false },
        "You are healed.",
        "Вылечился.",
    );
    check(
        Event::Healed { immune: true },
        "You are healed and now immune to encephalitis.",
        "Вылечился, теперь у тебя иммунитет к энцефалиту.",
    );
}

#[test]
fn refilled() {
    // Kodex Б §4.3: "у тебя 3 пули, 3 гранаты", numbers as words as in part А.
    check(
        Event::Refilled {
            bullets: 3,
            grenades: 3,
            knives: None,
        },
        "You have three bullets and three grenades.",
        "У тебя три пули, три гранаты.",
    );
}

#[test]
fn tick_woken() {
    // Kodex Б §4.7: "разбудил Клеща".
    check(Event::TickWoken, "You woke the tick.", "Разбудил Клеща.");
}

#[test]
fn infected() {
    // Kodex Б §4.7: "Ты заразился энцефалитом, на лечение у тебя есть ... ходов"; В §4.7 without a limit.
    check(
        Event::Infected { moves: Some(5) },
        "You caught encephalitis; you have five moves to reach a hospital.",
        "Ты заразился энцефалитом, на лечение у тебя есть пять ходов.",
    );
    check(
        Event::Infected { moves: None },
        "You caught encephalitis.",
        "Ты заразился энцефалитом.",
    );
}

#[test]
fn cure_left() {
    // Kodex Б §4.7: the cure time counts productive moves.
    check(
        Event::CureLeft(2),
        "Two moves left to reach a hospital.",
        "На лечение осталось два хода.",
    );
}

#[test]
fn cremated() {
    // Kodex Б §4.2: "труп … отбирается и кремируется".
    check(
        Event::Cremated,
        "The corpse was taken away and cremated.",
        "Труп отобрали и кремировали.",
    );
}

#[test]
fn mine_exploded() {
    // Kodex Б §5.7: coming onto a set mine blows it up.
    check(Event::MineExploded, "A mine went off.", "Взорвалась мина.");
}

// ---- Shots, grenades, things ----

#[test]
fn shot() {
    // Kodex Б §5.5, §6.5: "Слышен вопль" / "воплей нет", "у тебя осталось три пули".
    check(
        Event::Shot {
            scream: true,
            bullets: 2,
        },
        "A scream is heard; you have two bullets left.",
        "Слышен вопль, у тебя осталось две пули.",
    );
    check(
        Event::Shot {
            scream: false,
            bullets: 3,
        },
        "No scream; you have three bullets left.",
        "Воплей нет, у тебя осталось три пули.",
    );
}

#[test]
fn hit() {
    // Kodex В §5.5: the master says who was wounded or killed; part А: "игрок 2 ранен".
    check(
        Event::Hit(vec![(P2, Harm::Wounded)]),
        "игрок 2 is wounded.",
        "игрок 2 ранен.",
    );
    check(
        Event::Hit(vec![(P2, Harm::Wounded), (P3, Harm::Killed)]),
        "игрок 2 is wounded and игрок 3 is killed.",
        "игрок 2 ранен и игрок 3 убит.",
    );
    check(Event::Hit(vec![]), "Nobody was hit.", "Никого не задело.");
}

#[test]
fn caught() {
    // Kodex Б §5.5: things falling from a victim on one's cell are caught "на лету".
    check(
        Event::Caught(vec![(ThingKind::Bullets, 3)]),
        "You caught three bullets on the fly.",
        "Ты поймал на лету три пули.",
    );
}

#[test]
fn blown_each_result() {
    // Kodex В §5.4, Б §7.8: "стенка взорвалась", "стенка не взорвалась", "стенки не было", and the
    // grenades left; Б §7.8 lets a game keep the result untold.
    check(
        Event::Blown {
            result: Some(Blast::Broke),
            grenades: 2,
        },
        "The wall blew up; you have two grenades left.",
        "Стенка взорвалась, у тебя осталось две гранаты.",
    );
    check(
        Event::Blown {
            result: Some(Blast::Held),
            grenades: 1,
        },
        "The wall held; you have one grenade left.",
        "Стенка не взорвалась, у тебя осталась одна граната.",
    );
    check(
        Event::Blown {
            result: Some(Blast::NoWall),
            grenades: 0,
        },
        "There was no wall; you have no grenades left.",
        "Стенки не было, гранат у тебя больше нет.",
    );
    check(
        Event::Blown {
            result: None,
            grenades: 3,
        },
        "The grenade went off; you have three grenades left.",
        "Граната взорвалась, у тебя осталось три гранаты.",
    );
}

#[test]
fn left_here() {
    // Kodex Б §5.2, §6.5: "оставляю в яме гранату".
    check(
        Event::LeftHere(Thing::Treasure),
        "You left the treasure here.",
        "Оставил клад.",
    );
    check(
        Event::LeftHere(Thing::Grenades(1)),
        "You left a grenade here.",
        "Оставил гранату.",
    );
}

#[test]
fn at_feet() {
    // Kodex Б §5.2: "ты бросал труп вправо -- у твоих ног появился труп".
    check(
        Event::AtFeet(Thing::Corpse),
        "The corpse fell at your feet.",
        "У твоих ног появился труп.",
    );
    check(
        Event::AtFeet(Thing::Mine),
        "The mine fell at your feet.",
        "У твоих ног появилась мина.",
    );
    check(
        Event::AtFeet(Thing::Bullets(2)),
        "Two bullets fell at your feet.",
        "У твоих ног появились две пули.",
    );
}

#[test]
fn thrown_each_way() {
    // Kodex Б §2.1, §5.2: things are thrown left, right, up or down.
    check(
        Event::Thrown(Thing::Treasure, Dir::Right),
        "You threw the treasure to the right.",
        "Бросил клад вправо.",
    );
    check(
        Event::Thrown(Thing::Mine, Dir::Left),
        "You threw the mine to the left.",
        "Бросил мину влево.",
    );
    check(
        Event::Thrown(Thing::Bullets(1), Dir::Up),
        "You threw a bullet up.",
        "Бросил пулю вверх.",
    );
    check(
        Event::Thrown(Thing::Grenades(2), Dir::Down),
        "You threw two grenades down.",
        "Бросил две гранаты вниз.",
    );
}

#[test]
fn mine_set() {
    // Kodex Б §5.7: a set mine is invisible, so only its owner is told.
    check(Event::MineSet, "Your mine is set.", "Мина установлена.");
}

// ---- Parts of an order that cannot be done ----

#[test]
fn cannot_each_reason() {
    // Kodex Б §6.5: "ничего не выйдет, ты забыл что гранат у тебя давно нет"; reasons from Б §4.2,
    // §4.3 (no shooting from a hospital or an arsenal), §5.5 (the wounded), §7.3 (wet powder), §3.4
    // (outside, the next move must step back in).
    let cases = [
        (
            Cannot::NoBullets,
            "That won't work: you have no bullets.",
            "Ничего не выйдет, пуль у тебя нет.",
        ),
        (
            Cannot::NoGrenades,
            "That won't work: you have no grenades.",
            "Ничего не выйдет, гранат у тебя нет.",
        ),
        (
            Cannot::NoMine,
            "That won't work: you have no mine.",
            "Ничего не выйдет, мины у тебя нет.",
        ),
        (
            Cannot::TooWeak,
            "That won't work: the wounded and the sick cannot do that.",
            "Ничего не выйдет, раненому и больному это не под силу.",
        ),
        (
            Cannot::NoShootingHere,
            "That won't work: no shooting from a hospital or an arsenal.",
            "Ничего не выйдет, из Медсанбата и Арсенала стрелять нельзя.",
        ),
        (
            Cannot::WetPowder,
            "That won't work: your powder got wet in the river.",
            "Ничего не выйдет, порох в реке отсырел.",
        ),
        (
            Cannot::Outside,
            "That won't work: outside the maze you can only shoot or step back in.",
            "Ничего не выйдет, вне лабиринта можно только стрелять или вернуться.",
        ),
    ];
    for (why, en, ru) in cases {
        check(Event::Cannot(why), en, ru);
    }
}

#[test]
fn cannot_leave_what_he_does_not_carry() {
    // Kodex Б §5.2: only things one has can be left or thrown.
    let cases = [
        (ThingKind::Treasure, "treasure", "клада"),
        (ThingKind::Corpse, "corpse", "трупа"),
        (ThingKind::Mine, "mine", "мины"),
        (ThingKind::Bullets, "bullets", "пуль"),
        (ThingKind::Grenades, "grenades", "гранат"),
    ];
    for (kind, en, ru) in cases {
        check(
            Event::Cannot(Cannot::NotCarrying(kind)),
            &format!("That won't work: you have no {en}."),
            &format!("Ничего не выйдет, у тебя нет {ru}."),
        );
    }
}

// ---- Skips, dark and half-dark orders ----

#[test]
fn skipped() {
    // Kodex Б §6.6: a player may skip his turn.
    check(Event::Skipped, "Turn skipped.", "Ход пропущен.");
}

#[test]
fn dark_accepted() {
    // Kodex Б §6.7: "Есть -- иду вправо результат не сообщать".
    check(
        Event::DarkAccepted,
        "Understood — no result will be told.",
        "Есть — результат не сообщать.",
    );
}

#[test]
fn half_dark() {
    // Kodex Б §6.8: "2) стенки нет" or "2) нельзя, стенка".
    check(
        Event::HalfDark { wall: true },
        "You can't, there is a wall.",
        "Нельзя, стенка.",
    );
    check(Event::HalfDark { wall: false }, "No wall.", "Стенки нет.");
}

// ---- Wounds, re-orders, deaths ----

#[test]
fn wounded_notice() {
    // Part А: "игрок 2 ранен"; Б §5.5: told when his turn comes.
    check(
        Event::WoundedNotice(P2),
        "игрок 2 is wounded.",
        "игрок 2 ранен.",
    );
}

#[test]
fn reorder_offer() {
    // Part А: "Можно заказать новую клетку"; Б §5.5: N−1 re-orders a game.
    check(
        Event::ReorderOffer { left: 0 },
        "You may choose a new cell; this is your last re-order.",
        "Можно заказать новую клетку, это последний перезаказ.",
    );
    check(
        Event::ReorderOffer { left: 1 },
        "You may choose a new cell, leaving you one re-order.",
        "Можно заказать новую клетку, после этого останется ещё один перезаказ.",
    );
}

#[test]
fn reordered_names_the_cell_to_its_player_only() {
    // Kodex Б §5.5: the new cell is chosen "тайно от других игроков"; Б §2.3: no coordinates in public.
    let cell = Coord::new(1, 2);
    check(
        Event::Reordered(cell),
        "You go on from B3.",
        "Продолжаешь с клетки B3.",
    );
    let told = |to| Told {
        to,
        event: Event::Reordered(cell),
    };
    assert_eq!(
        narrate(&[told(Audience::Player(P2))], Lang::Ru, &name),
        [(Audience::Player(P2), "Продолжаешь с клетки B3.".to_string())]
    );
    assert_eq!(
        narrate(&[told(Audience::All)], Lang::Ru, &name),
        [(Audience::All, "Новая клетка заказана.".to_string())]
    );
    assert_eq!(
        narrate(&[told(Audience::All)], Lang::En, &name),
        [(Audience::All, "A new cell was chosen.".to_string())]
    );
}

#[test]
fn died() {
    // Kodex Б §5.5: a second wound kills.
    check(Event::Died(P3), "игрок 3 is dead.", "игрок 3 погиб.");
}

#[test]
fn dust() {
    // Kodex Б §3.4: a false treasure turns to dust outside; he must come back on his next move.
    check(
        Event::Dust,
        "The treasure crumbled to dust! Step back into the maze on your next move.",
        "Клад рассыпался в прах! Следующим ходом вернись в лабиринт.",
    );
}

#[test]
fn lost() {
    // Kodex Б §3.4: not coming back at once puts him out of the game.
    check(
        Event::Lost(P1),
        "игрок 1 did not step back in and is out of the game.",
        "игрок 1 не вернулся в лабиринт и выбывает из игры.",
    );
}

#[test]
fn removed() {
    // Kodex Б §9: a player who does not name his move in time "объявляется проигравшим".
    check(
        Event::Removed(P2, Removal::MissedTurns),
        "игрок 2 did not name a move in time and is out of the game.",
        "игрок 2 не назвал ход вовремя и выбывает из игры.",
    );
}

#[test]
fn removed_on_leaving() {
    // Kodex Б §9: "На месте его «гибели» остается труп и все его имущество" — said of a player who
    // left or was put out, without blaming the clock.
    check(
        Event::Removed(P2, Removal::Left),
        "игрок 2 is out of the game; his corpse and everything he had stay in the maze.",
        "игрок 2 выбывает из игры; его труп и всё его имущество остаются в лабиринте.",
    );
}

// ---- The end ----

#[test]
fn alone() {
    // Kodex Б §7.9: the last one left gets some moves to find and carry out the treasure.
    check(
        Event::Alone { moves: 5 },
        "You are the last one left in the maze: you have five moves to carry out the treasure.",
        "Ты остался в лабиринте один: на вынос клада у тебя пять ходов.",
    );
    check(
        Event::Alone { moves: 1 },
        "You are the last one left in the maze: you have one move to carry out the treasure.",
        "Ты остался в лабиринте один: на вынос клада у тебя один ход.",
    );
    check(
        Event::Alone { moves: 0 },
        "You are the last one left in the maze, but you have no moves left to carry out the treasure.",
        "Ты остался в лабиринте один, но ходов на вынос клада больше нет.",
    );
}

#[test]
fn quiet() {
    // Kodex Б §3.6: "Один круг без изменений...", "Два круга без изменений...".
    check(
        Event::Quiet(1),
        "One round without change...",
        "Один круг без изменений...",
    );
    check(
        Event::Quiet(2),
        "Two rounds without change...",
        "Два круга без изменений...",
    );
}

#[test]
fn over_each_end() {
    // Kodex Б §3.4 (the true treasure carried out), §3.5 (the last one standing), §4.6 and §5.2 (the
    // true treasure lost: "игра заканчивается вничью"), §6.6 (everybody skipped), §3.6 ("Nstop кругов
    // без изменений -- игра окончена, НИЧЬЯ!").
    let cases = [
        (
            End::Treasure(P1),
            "игрок 1 carried out the true treasure and wins! Game over.",
            "игрок 1 вынес истинный клад — победа! Игра окончена.",
        ),
        (
            End::LastStanding(P2),
            "игрок 2 is the last one left in the maze and wins! Game over.",
            "игрок 2 остался в лабиринте один — победа! Игра окончена.",
        ),
        (
            End::DrawTreasureLost,
            "The true treasure is lost — game over, DRAW!",
            "Истинный клад потерян — игра окончена, НИЧЬЯ!",
        ),
        (
            End::DrawAllSkipped,
            "Everybody skipped a turn — game over, DRAW!",
            "Все пропустили ход — игра окончена, НИЧЬЯ!",
        ),
        (
            End::DrawNstop,
            "Nstop rounds without change — game over, DRAW!",
            "Nstop кругов без изменений — игра окончена, НИЧЬЯ!",
        ),
        (
            End::DrawNobodyLeft,
            "Nobody can win any more — game over, DRAW!",
            "Победить больше некому — игра окончена, НИЧЬЯ!",
        ),
    ];
    for (end, en, ru) in cases {
        check(Event::Over(end), en, ru);
    }
}

// ---- Plural forms: 0, 1, 2, 5, 11, 21 ----

const COUNTS: [u8; 6] = [0, 1, 2, 5, 11, 21];

#[test]
fn bullets_left_in_every_plural_form() {
    // Kodex Б §6.5: "у тебя осталось три пули"; Russian needs one, few and many forms.
    let en = [
        "no bullets",
        "one bullet",
        "two bullets",
        "five bullets",
        "11 bullets",
        "21 bullets",
    ];
    let ru = [
        "пуль у тебя больше нет",
        "у тебя осталась одна пуля",
        "у тебя осталось две пули",
        "у тебя осталось пять пуль",
        "у тебя осталось 11 пуль",
        "у тебя осталась 21 пуля",
    ];
    for ((n, en), ru) in COUNTS.into_iter().zip(en).zip(ru) {
        let en = if n == 0 {
            "No scream; you have no bullets left.".to_string()
        } else {
            format!("No scream; you have {en} left.")
        };
        check(
            Event::Shot {
                scream: false,
                bullets: n,
            },
            &en,
            &format!("Воплей нет, {ru}."),
        );
    }
}

#[test]
fn found_things_in_every_plural_form() {
    // Kodex Б §5.2: the finder is told what he found "и в каком количестве", in the accusative.
    let table: [(ThingKind, [&str; 5], [&str; 5]); 5] = [
        (
            ThingKind::Bullets,
            [
                "a bullet",
                "two bullets",
                "five bullets",
                "11 bullets",
                "21 bullets",
            ],
            ["пулю", "две пули", "пять пуль", "11 пуль", "21 пулю"],
        ),
        (
            ThingKind::Grenades,
            [
                "a grenade",
                "two grenades",
                "five grenades",
                "11 grenades",
                "21 grenades",
            ],
            [
                "гранату",
                "две гранаты",
                "пять гранат",
                "11 гранат",
                "21 гранату",
            ],
        ),
        (
            ThingKind::Mine,
            ["a mine", "two mines", "five mines", "11 mines", "21 mines"],
            ["мину", "две мины", "пять мин", "11 мин", "21 мину"],
        ),
        (
            ThingKind::Treasure,
            [
                "a treasure",
                "two treasures",
                "five treasures",
                "11 treasures",
                "21 treasures",
            ],
            ["клад", "два клада", "пять кладов", "11 кладов", "21 клад"],
        ),
        (
            ThingKind::Corpse,
            [
                "a corpse",
                "two corpses",
                "five corpses",
                "11 corpses",
                "21 corpses",
            ],
            ["труп", "два трупа", "пять трупов", "11 трупов", "21 труп"],
        ),
    ];
    for (kind, en, ru) in table {
        for ((n, en), ru) in COUNTS[1..].iter().zip(en).zip(ru) {
            check(
                Event::Found(vec![(kind, u32::from(*n))]),
                &format!("You found {en}."),
                &format!("Нашел {ru}."),
            );
        }
    }
}

#[test]
fn moves_in_every_plural_form() {
    // Kodex Б §4.7: "на лечение у тебя есть ... ходов".
    let en = [
        "No moves left",
        "One move left",
        "Two moves left",
        "Five moves left",
        "11 moves left",
        "21 moves left",
    ];
    let ru = [
        "не осталось ни одного хода",
        "остался один ход",
        "осталось два хода",
        "осталось пять ходов",
        "осталось 11 ходов",
        "остался 21 ход",
    ];
    for ((n, en), ru) in COUNTS.into_iter().zip(en).zip(ru) {
        check(
            Event::CureLeft(u32::from(n)),
            &format!("{en} to reach a hospital."),
            &format!("На лечение {ru}."),
        );
    }
}

#[test]
fn rounds_in_every_plural_form() {
    // Kodex Б §3.6: "Один круг без изменений...", "Два круга …", "Nstop кругов …".
    let en = [
        "No rounds",
        "One round",
        "Two rounds",
        "Five rounds",
        "11 rounds",
        "21 rounds",
    ];
    let ru = [
        "Ни одного круга",
        "Один круг",
        "Два круга",
        "Пять кругов",
        "11 кругов",
        "21 круг",
    ];
    for ((n, en), ru) in COUNTS.into_iter().zip(en).zip(ru) {
        check(
            Event::Quiet(u32::from(n)),
            &format!("{en} without change..."),
            &format!("{ru} без изменений..."),
        );
    }
}

#[test]
fn status_counts_in_every_plural_form() {
    // Kodex Б §6.4 and part А: "Две пули, три гранаты" — counted, in the nominative.
    let en = [
        "no grenades",
        "one grenade",
        "two grenades",
        "five grenades",
        "11 grenades",
        "21 grenades",
    ];
    let ru = [
        "ни одной гранаты",
        "одна граната",
        "две гранаты",
        "пять гранат",
        "11 гранат",
        "21 граната",
    ];
    for ((n, en), ru) in COUNTS.into_iter().zip(en).zip(ru) {
        check_status(
            Status {
                grenades: n,
                ..healthy()
            },
            &format!("Three bullets, {en}."),
            &format!("Три пули, {ru}."),
        );
    }
}

// ---- A player's status ----

fn healthy() -> Status {
    Status {
        health: Health::Healthy,
        immune: false,
        bullets: 3,
        grenades: 3,
        knives: 0,
        cement: 0,
        boomerang: false,
        carrying: None,
        reorders_left: 0,
        outside: false,
    }
}

#[track_caller]
fn check_status(status: Status, en: &str, ru: &str) {
    assert_eq!(status_text(&status, Lang::En), en);
    assert_eq!(status_text(&status, Lang::Ru), ru);
}

#[test]
fn status_of_the_part_a_example() {
    // Part А: "Сколько у меня пуль и гранат?" — "Две пули, три гранаты."
    check_status(
        Status {
            bullets: 2,
            ..healthy()
        },
        "Two bullets, three grenades.",
        "Две пули, три гранаты.",
    );
}

#[test]
fn status_of_the_wounded() {
    // Kodex Б §5.5: the wounded drop their bullets; N−1 re-orders a game.
    check_status(
        Status {
            health: Health::Wounded,
            bullets: 0,
            grenades: 1,
            reorders_left: 1,
            ..healthy()
        },
        "Wounded, no bullets, one grenade, one re-order left.",
        "Ранен, ни одной пули, одна граната, остался один перезаказ.",
    );
}

#[test]
fn status_of_the_sick() {
    // Kodex Б §4.7: the sick keep only grenades and have a limited time to reach a hospital.
    check_status(
        Status {
            health: Health::Sick {
                moves_left: Some(2),
            },
            bullets: 0,
            ..healthy()
        },
        "Sick with encephalitis, two moves left to reach a hospital, no bullets, three grenades.",
        "Болен энцефалитом, на лечение осталось два хода, ни одной пули, три гранаты.",
    );
    check_status(
        Status {
            health: Health::Sick { moves_left: None },
            bullets: 0,
            ..healthy()
        },
        "Sick with encephalitis, no bullets, three grenades.",
        "Болен энцефалитом, ни одной пули, три гранаты.",
    );
}

#[test]
fn status_of_the_immune_carrier_outside() {
    // Kodex Б §4.7 (immunity), §5.1 (one treasure carried), §3.4 (outside after the dust).
    check_status(
        Status {
            immune: true,
            grenades: 2,
            carrying: Some(ThingKind::Treasure),
            ..healthy()
        },
        "Immune to encephalitis, three bullets, two grenades, a treasure.",
        "Иммунитет к энцефалиту, три пули, две гранаты, клад.",
    );
    check_status(
        Status {
            outside: true,
            ..healthy()
        },
        "Three bullets, three grenades, you are outside the maze; step back in on your next move.",
        "Три пули, три гранаты, ты вне лабиринта, следующим ходом вернись.",
    );
}

#[test]
fn status_of_the_dead() {
    // Kodex Б §5.6: the dead take part only as a corpse.
    check_status(
        Status {
            health: Health::Dead,
            ..healthy()
        },
        "You are dead.",
        "Ты погиб.",
    );
}

// ---- Joining a turn ----

#[test]
fn a_typical_turn_reads_as_one_answer() {
    // Kodex Б §4.1: "Пришел (попал) на Сушу [,нашел....]"; Б §5.1: found things are taken without
    // asking, so taking them is not said again.
    let found = vec![(ThingKind::Treasure, 1), (ThingKind::Bullets, 2)];
    check_turn(
        &[
            arrived(Arrival::Walked, CellSeen::Land),
            Event::Found(found.clone()),
            Event::PickedUp(found.into_iter().rev().collect()),
        ],
        &["You walked onto land. You found a treasure and two bullets."],
        &["Пришел на Сушу, нашел клад и две пули."],
    );
}

#[test]
fn carried_to_the_mouth_and_found() {
    // Kodex Б §4.6: "Попал в Реку, снесло в Устье [,нашел....]".
    check_turn(
        &[
            arrived(Arrival::CarriedByRiver, CellSeen::Mouth),
            Event::Found(vec![(ThingKind::Treasure, 1), (ThingKind::Bullets, 2)]),
        ],
        &[
            "You're in a river; the current carried you to its mouth. You found a treasure and two bullets.",
        ],
        &["Попал в Реку, снесло в Устье, нашел клад и две пули."],
    );
}

#[test]
fn bumped_carried_and_found() {
    // Kodex Б §4.6: "Туда-то нельзя, стенка, снесло по течению, попал в Реку [, нашел....]".
    check_turn(
        &[
            Event::Bumped {
                carried_to: Some(CellSeen::River),
            },
            Event::Found(vec![(ThingKind::Bullets, 1)]),
        ],
        &["Wall — you can't go there; the current carried you into a river. You found a bullet."],
        &["Туда нельзя, стенка, снесло по течению, попал в Реку, нашел пулю."],
    );
}

#[test]
fn cells_effects_continue_the_arrival() {
    // Kodex Б §4.2 "Пришел в Медсанбат [,вылечился]", §4.3 "Пришел в Арсенал, у тебя 3 пули, 3 гранаты
    // [,нашел....]", §4.7 "Пришел в Энцефалит, разбудил Клеща".
    check_turn(
        &[
            arrived(Arrival::Walked, CellSeen::Hospital),
            Event::Healed { immune: false },
        ],
        &["You walked into a hospital. You are healed."],
        &["Пришел в Медсанбат, вылечился."],
    );
    check_turn(
        &[
            arrived(Arrival::Walked, CellSeen::Arsenal),
            Event::Refilled {
                bullets: 3,
                grenades: 3,
                knives: None,
            },
            Event::Found(vec![(ThingKind::Mine, 1)]),
        ],
        &[
            "You walked into an arsenal. You have three bullets and three grenades. You found a mine.",
        ],
        &["Пришел в Арсенал, у тебя три пули, три гранаты, нашел мину."],
    );
    check_turn(
        &[
            arrived(Arrival::Walked, CellSeen::Encephalitis),
            Event::TickWoken,
        ],
        &["You walked into an encephalitis cell. You woke the tick."],
        &["Пришел в Энцефалит, разбудил Клеща."],
    );
}

#[test]
fn infection_is_a_sentence_of_its_own() {
    // Kodex Б §4.7: "Ты заразился энцефалитом, на лечение у тебя есть ... ходов" is said whole.
    check_turn(
        &[
            arrived(Arrival::Walked, CellSeen::Encephalitis),
            Event::Infected { moves: Some(3) },
        ],
        &[
            "You walked into an encephalitis cell. You caught encephalitis; you have three moves to reach a hospital.",
        ],
        &["Пришел в Энцефалит. Ты заразился энцефалитом, на лечение у тебя есть три хода."],
    );
}

#[test]
fn a_shot_and_a_movement_are_two_sentences() {
    // Part А: "Слышен вопль. Попал в яму, …".
    check_turn(
        &[
            Event::Shot {
                scream: true,
                bullets: 2,
            },
            arrived(Arrival::ThroughPit, CellSeen::Pit),
        ],
        &["A scream is heard; you have two bullets left. You fell into a pit."],
        &["Слышен вопль, у тебя осталось две пули. Попал в Яму."],
    );
}

#[test]
fn the_conditional_order_of_the_book() {
    // Kodex Б §6.5: "попал в яму, нашел клад, две пули и труп; … воплей нет; … ничего не выйдет, ты
    // забыл что гранат у тебя давно нет". He had two bullets, so he took one: taking less is said.
    check_turn(
        &[
            arrived(Arrival::ThroughPit, CellSeen::Pit),
            Event::Found(vec![
                (ThingKind::Treasure, 1),
                (ThingKind::Bullets, 2),
                (ThingKind::Corpse, 1),
            ]),
            Event::PickedUp(vec![(ThingKind::Treasure, 1), (ThingKind::Bullets, 1)]),
            Event::Shot {
                scream: false,
                bullets: 2,
            },
            Event::Cannot(Cannot::NoGrenades),
        ],
        &[
            "You fell into a pit. You found a treasure, two bullets and a corpse. You took a treasure and a bullet. \
           No scream; you have two bullets left. That won't work: you have no grenades.",
        ],
        &[
            "Попал в Яму, нашел клад, две пули и труп, взял клад и пулю. Воплей нет, у тебя осталось две пули. \
           Ничего не выйдет, гранат у тебя нет.",
        ],
    );
}

#[test]
fn wound_and_reorder_offer() {
    // Part А: "игрок 2 ранен. Можно заказать новую клетку"; the name keeps its small letter.
    check_turn(
        &[Event::WoundedNotice(P2), Event::ReorderOffer { left: 0 }],
        &["игрок 2 is wounded. You may choose a new cell; this is your last re-order."],
        &["игрок 2 ранен. Можно заказать новую клетку, это последний перезаказ."],
    );
}

#[test]
fn a_consequence_after_a_question_starts_a_sentence() {
    // Kodex Б §5.8: the master asks which treasure to take; what else was taken is told after.
    check_turn(
        &[
            Event::WhichTreasure {
                carrying: false,
                here: 2,
            },
            Event::PickedUp(vec![(ThingKind::Bullets, 1)]),
        ],
        &[
            "There are two treasures here: which do you take, the bottom one or the top one? You took a bullet.",
        ],
        &["Здесь два клада: какой берешь — нижний или верхний? Взял пулю."],
    );
}

#[test]
fn a_consequence_opening_a_message_is_capitalized() {
    // Kodex Б §4.3: refilling told on its own, as when staying in an arsenal (Б §5.3).
    check_turn(
        &[Event::Refilled {
            bullets: 3,
            grenades: 2,
            knives: None,
        }],
        &["You have three bullets and two grenades."],
        &["У тебя три пули, две гранаты."],
    );
}

#[test]
fn each_audience_change_starts_a_message() {
    // Kodex Б §1.2: results go to everybody; Б §5.5: the new cell only to its player.
    let told = [
        Told {
            to: Audience::All,
            event: arrived(Arrival::Walked, CellSeen::Land),
        },
        Told {
            to: Audience::All,
            event: Event::Found(vec![(ThingKind::Grenades, 1)]),
        },
        Told {
            to: Audience::Player(P2),
            event: Event::Reordered(Coord::new(0, 0)),
        },
        Told {
            to: Audience::All,
            event: Event::Died(P3),
        },
    ];
    assert_eq!(
        narrate(&told, Lang::Ru, &name),
        [
            (Audience::All, "Пришел на Сушу, нашел гранату.".to_string()),
            (Audience::Player(P2), "Продолжаешь с клетки A1.".to_string()),
            (Audience::All, "игрок 3 погиб.".to_string()),
        ]
    );
}

#[test]
fn an_empty_message_is_not_sent() {
    // Kodex Б §5.2: nothing found, nothing told.
    let told = [Told {
        to: Audience::Player(P1),
        event: Event::PickedUp(vec![]),
    }];
    assert_eq!(narrate(&told, Lang::Ru, &name), []);
}

#[test]
fn names_are_never_altered() {
    // Kodex Б §6.2: the master names players; a name is the player's own, dots and small letters too.
    let odd = |_: PlayerId| "dr. who".to_string();
    assert_eq!(
        phrase(&Event::Turn(P1), Lang::En, &odd),
        "dr. who, your move."
    );
    assert_eq!(phrase(&Event::Died(P1), Lang::Ru, &odd), "dr. who погиб.");
}

// ---- Nothing told to everybody names a cell (Б §2.3) ----

/// Every event, one or more of each variant, built from the given values.
fn every_event(p: PlayerId, n: u8, cell: CellSeen, cell_at: Coord, flag: bool) -> Vec<Event> {
    let k = u32::from(n);
    let some = k.max(1);
    let thing = [
        Thing::Treasure,
        Thing::Corpse,
        Thing::Mine,
        Thing::Bullets(n),
        Thing::Grenades(n),
    ][usize::from(n) % 5];
    let kind = [
        ThingKind::Treasure,
        ThingKind::Mine,
        ThingKind::Corpse,
        ThingKind::Bullets,
        ThingKind::Grenades,
    ][usize::from(n) % 5];
    let mut events = vec![
        Event::Turn(p),
        Event::Round(k),
        Event::StartsOn(p, cell),
        Event::Bumped { carried_to: None },
        Event::Bumped {
            carried_to: Some(cell),
        },
        Event::InflowBlocks,
        Event::WentOut,
        Event::Found(vec![(kind, some), (ThingKind::Bullets, some)]),
        Event::WhichTreasure {
            carrying: flag,
            here: n,
        },
        Event::KeptTreasure,
        Event::Exchanged(thing),
        Event::ShotWasted { bullets: n },
        Event::PickedUp(vec![(kind, some)]),
        Event::Healed { immune: flag },
        Event::Refilled {
            bullets: n,
            grenades: n,
            knives: None,
        },
        Event::TickWoken,
        Event::Infected { moves: None },
        Event::Infected { moves: Some(k) },
        Event::CureLeft(k),
        Event::Cremated,
        Event::MineExploded,
        Event::Shot {
            scream: flag,
            bullets: n,
        },
        Event::Hit(vec![(p, Harm::Wounded), (PlayerId(n), Harm::Killed)]),
        Event::Hit(vec![]),
        Event::Caught(vec![(kind, some)]),
        Event::Blown {
            result: None,
            grenades: n,
        },
        Event::LeftHere(thing),
        Event::AtFeet(thing),
        Event::MineSet,
        Event::Skipped,
        Event::DarkAccepted,
        Event::HalfDark { wall: flag },
        Event::WoundedNotice(p),
        Event::ReorderOffer { left: n },
        Event::Reordered(cell_at),
        Event::Died(p),
        Event::Removed(p, Removal::Left),
        Event::Alone { moves: k },
        Event::Dust,
        Event::Lost(p),
        Event::Quiet(k),
    ];
    let arrivals = [
        Arrival::Walked,
        Arrival::AlongRiver,
        Arrival::CarriedByRiver,
        Arrival::WithCurrent,
        Arrival::ThroughPit,
        Arrival::AlongCycle,
    ];
    events.extend(arrivals.map(|how| Event::Arrived { how, cell }));
    events.extend(
        [Blast::Broke, Blast::Held, Blast::NoWall].map(|b| Event::Blown {
            result: Some(b),
            grenades: n,
        }),
    );
    events.extend(Dir::ALL.map(|d| Event::Thrown(thing, d)));
    events.extend(
        [
            Cannot::NoBullets,
            Cannot::NoGrenades,
            Cannot::NotCarrying(kind),
            Cannot::NoMine,
            Cannot::TooWeak,
            Cannot::NoShootingHere,
            Cannot::WetPowder,
            Cannot::Outside,
            Cannot::NoKnives,
            Cannot::NoCement,
            Cannot::NoBoomerang,
        ]
        .map(Event::Cannot),
    );
    events.extend([
        Event::Stabbed {
            scream: flag,
            knives: n,
        },
        Event::Kicked { hit: flag },
        Event::SitsOut(p, Idle::Kicked),
        Event::SitsOut(p, Idle::BrokenLegs),
        Event::SitsOut(p, Idle::Swamp),
        Event::OneWay,
        Event::Mauled(p),
        Event::BearWounded,
        Event::Banked { mine: 1, left: 2 },
        Event::Banked { mine: 2, left: 0 },
        Event::BackIn,
        Event::OuterWall,
        Event::ThroughBlown,
        Event::Evacuated(p),
        Event::WasRubber { room: false },
        Event::WasRubber { room: true },
        Event::Built {
            result: None,
            cement: 2,
        },
        Event::Built {
            result: Some(true),
            cement: 0,
        },
        Event::Built {
            result: Some(false),
            cement: 1,
        },
        Event::Boomerang {
            scream: true,
            back: true,
        },
        Event::Boomerang {
            scream: false,
            back: false,
        },
        Event::Stocked {
            cement: Some(3),
            boomerang: Some(true),
        },
        Event::Stocked {
            cement: None,
            boomerang: Some(false),
        },
        Event::Again,
        Event::Refilled {
            bullets: n,
            grenades: n,
            knives: Some(n),
        },
    ]);
    events.extend(
        [
            End::Treasure(p),
            End::LastStanding(p),
            End::DrawTreasureLost,
            End::DrawAllSkipped,
            End::DrawNstop,
            End::DrawNobodyLeft,
            End::MostTreasures(p),
            End::DrawTreasuresShared,
        ]
        .map(Event::Over),
    );
    events
}

/// The variant's number: no wildcard, so a new variant does not compile until it is sampled above.
fn variant(event: &Event) -> usize {
    match event {
        Event::Turn(_) => 0,
        Event::Round(_) => 1,
        Event::StartsOn(..) => 2,
        Event::Arrived { .. } => 3,
        Event::Bumped { .. } => 4,
        Event::InflowBlocks => 5,
        Event::WentOut => 6,
        Event::Found(_) => 7,
        Event::WhichTreasure { .. } => 8,
        Event::PickedUp(_) => 9,
        Event::Healed { .. } => 10,
        Event::Refilled { .. } => 11,
        Event::TickWoken => 12,
        Event::Infected { .. } => 13,
        Event::CureLeft(_) => 14,
        Event::Cremated => 15,
        Event::MineExploded => 16,
        Event::Shot { .. } => 17,
        Event::Hit(_) => 18,
        Event::Caught(_) => 19,
        Event::Blown { .. } => 20,
        Event::LeftHere(_) => 21,
        Event::AtFeet(_) => 22,
        Event::Thrown(..) => 23,
        Event::MineSet => 24,
        Event::Cannot(_) => 25,
        Event::Skipped => 26,
        Event::DarkAccepted => 27,
        Event::HalfDark { .. } => 28,
        Event::WoundedNotice(_) => 29,
        Event::ReorderOffer { .. } => 30,
        Event::Reordered(_) => 31,
        Event::Died(_) => 32,
        Event::Dust => 33,
        Event::Lost(_) => 34,
        Event::Quiet(_) => 35,
        Event::Over(_) => 36,
        Event::Removed(..) => 37,
        Event::Alone { .. } => 38,
        Event::Stabbed { .. } => 39,
        Event::Kicked { .. } => 40,
        Event::SitsOut(..) => 41,
        Event::Again => 42,
        Event::OneWay => 43,
        Event::WasRubber { .. } => 44,
        Event::Built { .. } => 45,
        Event::Boomerang { .. } => 46,
        Event::Stocked { .. } => 47,
        Event::OuterWall => 48,
        Event::ThroughBlown => 49,
        Event::Evacuated(_) => 50,
        Event::Banked { .. } => 51,
        Event::BackIn => 52,
        Event::Mauled(_) => 53,
        Event::BearWounded => 54,
        Event::KeptTreasure => 55,
        Event::Exchanged(_) => 56,
        Event::ShotWasted { .. } => 57,
    }
}

const VARIANTS: usize = 58;

#[test]
fn every_variant_is_sampled() {
    let mut seen: Vec<usize> = every_event(P1, 2, CellSeen::Land, Coord::new(0, 0), true)
        .iter()
        .map(variant)
        .collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, (0..VARIANTS).collect::<Vec<_>>());
}

/// Whether the text has something like a cell name: a capital Latin letter followed by a digit.
fn looks_like_a_cell(text: &str) -> bool {
    text.chars()
        .zip(text.chars().skip(1))
        .any(|(a, b)| a.is_ascii_uppercase() && b.is_ascii_digit())
}

const CELLS: [CellSeen; 9] = [
    CellSeen::Land,
    CellSeen::Hospital,
    CellSeen::Arsenal,
    CellSeen::Pit,
    CellSeen::River,
    CellSeen::Mouth,
    CellSeen::Encephalitis,
    CellSeen::Swamp,
    CellSeen::Outlet,
];

proptest! {
    #[test]
    fn nothing_told_to_all_names_a_cell(
        col in 0u8..26,
        row in 0u8..40,
        seat in 0u8..6,
        n in 0u8..=30,
        cell in 0usize..7,
        flag in any::<bool>(),
    ) {
        // Kodex Б §2.3: the master tells the type of the cell, never its coordinates.
        let at = Coord::new(col, row);
        for event in every_event(PlayerId(seat), n, CELLS[cell], at, flag) {
            for lang in Lang::ALL {
                let told = [Told { to: Audience::All, event: event.clone() }];
                for (_, text) in narrate(&told, lang, &name) {
                    prop_assert!(!text.contains(&at.to_string()), "{lang} {event:?}: {text}");
                    prop_assert!(!looks_like_a_cell(&text), "{lang} {event:?}: {text}");
                    // A missing message or argument would show as "[id]" or "{$arg}".
                    prop_assert!(!text.contains(['[', '{', NAME_OPEN, NAME_CLOSE]), "{lang}: {text}");
                }
            }
        }
    }

    #[test]
    fn the_new_cell_is_told_to_its_player(col in 0u8..26, row in 0u8..40) {
        // Kodex Б §5.5: the re-ordering player must be able to see his chosen cell.
        let at = Coord::new(col, row);
        let told = [Told { to: Audience::Player(P1), event: Event::Reordered(at) }];
        for lang in Lang::ALL {
            let said = narrate(&told, lang, &name);
            prop_assert_eq!(said.len(), 1);
            prop_assert!(said[0].1.contains(&at.to_string()));
        }
    }
}

// The encyclopedia says "бомбы" ("взрывчатка") where the Kodex says grenades: "Если игрок попал в
// Арсенал, то его запас патронов, кинжалов, взрывчатки восстанавливается".
#[test]
fn the_encyclopedias_master_says_bombs() {
    let to = Audience::Player(PlayerId(0));
    let told = |event: Event| Told { to, event };
    let events = [
        told(Event::Refilled {
            bullets: 3,
            grenades: 2,
            knives: Some(3),
        }),
        told(Event::Blown {
            result: None,
            grenades: 0,
        }),
        told(Event::Cannot(Cannot::NoGrenades)),
    ];
    let names = |p: PlayerId| format!("p{}", p.0);
    for (lang, bomb, grenade) in [(Lang::En, "bomb", "grenade"), (Lang::Ru, "бомб", "гранат")]
    {
        for event in &events {
            let wiki = narrate_in(
                std::slice::from_ref(event),
                lang,
                Words::Encyclopedia,
                &names,
            );
            let text = &wiki[0].1;
            assert!(
                text.contains(bomb) && !text.contains(grenade),
                "{lang}: {text}"
            );
            let kodex = narrate(std::slice::from_ref(event), lang, &names);
            assert!(kodex[0].1.contains(grenade), "{lang}: {}", kodex[0].1);
        }
    }
    let status = Status {
        grenades: 2,
        ..healthy()
    };
    assert!(status_text_in(&status, Lang::Ru, Words::Encyclopedia).contains("две бомбы"));
}

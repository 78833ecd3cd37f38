//! The words players use, Russian and English, already normalised (lower case, `е` for `ё`).
//!
//! Nouns and directions are listed form by form: their cases are few and a stray prefix match would
//! misread (`клад` the treasure, `кладу` I put). Verbs are matched by stem with a short ending, which
//! takes every person and mood (`стреляю`, `стрелять`, `стреляй`, `стреляем`) without listing them.

use crate::game::event::CellSeen;
use crate::game::order::ThingKind;
use crate::geometry::{Coord, Dir};

/// What a verb asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Verb {
    /// Move (Б §2.1).
    Go,
    /// Shoot (Б §5.5).
    Shoot,
    /// Blow a wall with a grenade (Б §5.4).
    Blow,
    /// Throw a thing to a neighbour (Б §5.2).
    Throw,
    /// Put a thing down: leave it, or put it on a neighbouring cell (Б §2.1 "положить (бросить)").
    Put,
    /// Set or arm a mine (Б §5.7).
    Set,
    /// Skip the turn (Б §6.6).
    Skip,
    /// Choose a treasure (Б §5.8).
    Take,
    /// Strike: with the knife or the feet, said next ("бью ножом", "бью ногами").
    Strike,
    /// Strike with the knife (encyclopedia: "ударить кинжалом").
    Stab,
    /// Kick (encyclopedia, modification 18: "бью ногами").
    Kick,
    /// Build a wall with cement (encyclopedia, modification 11: "поставить стену").
    Build,
}

/// The weapon after "бью" / "strike": `true` the knife, `false` the feet.
pub(super) fn blade(w: &str) -> Option<bool> {
    const KNIFE: &[&str] = &[
        "ножом",
        "нож",
        "кинжалом",
        "кинжал",
        "knife",
        "dagger",
        "blade",
    ];
    const FEET: &[&str] = &["ногами", "ногой", "ноги", "feet", "foot", "legs", "leg"];
    if is(w, KNIFE) {
        Some(true)
    } else if is(w, FEET) {
        Some(false)
    } else {
        None
    }
}

/// Whether `w` is one of `list`.
pub(super) fn is(w: &str, list: &[&str]) -> bool {
    list.contains(&w)
}

/// Whether `w` is a stem of `stems` followed by at most four more letters.
fn stem(w: &str, stems: &[&str]) -> bool {
    stems.iter().any(|s| {
        w.strip_prefix(s)
            .is_some_and(|rest| rest.chars().count() <= 4)
    })
}

/// The verb `w`, if it is one.
pub(super) fn verb(w: &str) -> Option<Verb> {
    const GO: &[&str] = &[
        "иду",
        "идти",
        "иди",
        "идем",
        "пойду",
        "пойти",
        "пошел",
        "хожу",
        "ходить",
        "ходи",
        "шаг",
        "плыву",
        "плыть",
        "плыви",
        "поплыву",
        "двинусь",
        "go",
        "goes",
        "going",
        "move",
        "moves",
        "moving",
        "walk",
        "step",
        "swim",
        "float",
        "head",
        "run",
    ];
    const GO_STEMS: &[&str] = &["шага", "шагн", "двига", "перемещ", "перейд"];
    const SHOOT: &[&str] = &["пали", "палю", "shoot", "shoots", "fire", "shot"];
    const SHOOT_STEMS: &[&str] = &["стреля", "выстрел", "стрельн", "пальн"];
    const BLOW: &[&str] = &[
        "взрыв",
        "подрыв",
        "blow",
        "blast",
        "explode",
        "bomb",
        "breach",
    ];
    const BLOW_STEMS: &[&str] = &["взрыва", "взорв", "подрыва", "подорв"];
    const THROW: &[&str] = &[
        "кину",
        "кинуть",
        "кинь",
        "брошу",
        "throw",
        "throws",
        "toss",
        "hurl",
        "fling",
    ];
    const THROW_STEMS: &[&str] = &["броса", "брос", "кида", "швыр"];
    const PUT: &[&str] = &[
        "кладу",
        "класть",
        "клади",
        "ложу",
        "роняю",
        "уроню",
        "leave",
        "drop",
        "put",
        "place",
        "dump",
    ];
    const PUT_STEMS: &[&str] = &["оставл", "остав", "полож", "выклад", "вылож"];
    const SET: &[&str] = &[
        "ставлю",
        "ставить",
        "ставь",
        "поставлю",
        "поставить",
        "поставь",
        "set",
        "plant",
        "arm",
        "lay",
    ];
    const SET_STEMS: &[&str] = &["устан", "взвож", "взвед", "взвес", "миниру", "заминир"];
    const SKIP: &[&str] = &["пропуск", "пас", "пасую", "skip", "pass"];
    const SKIP_STEMS: &[&str] = &["пропуска", "пропуст", "пропущ"];
    const TAKE: &[&str] = &[
        "беру",
        "брать",
        "бери",
        "берем",
        "возьму",
        "взять",
        "возьми",
        "take",
        "pick",
        "choose",
        "grab",
        "keep",
    ];
    const TAKE_STEMS: &[&str] = &["выбира", "выбер", "забира", "забер", "забра"];
    const STRIKE: &[&str] = &[
        "бью",
        "бить",
        "бей",
        "ударю",
        "ударить",
        "ударь",
        "ударяю",
        "strike",
    ];
    const STAB: &[&str] = &["режу", "зарежу", "пырну", "stab", "stabs", "knife"];
    const STAB_STEMS: &[&str] = &["заколю", "закол"];
    const KICK: &[&str] = &["пинаю", "пну", "пнуть", "пни", "kick", "kicks"];
    const KICK_STEMS: &[&str] = &["лягаю", "лягну"];
    const BUILD: &[&str] = &["строю", "построю", "строить", "build", "builds", "cement"];
    const BUILD_STEMS: &[&str] = &["цементир", "замуров", "возвож", "возвед"];
    let table: [(&[&str], &[&str], Verb); 12] = [
        (GO, GO_STEMS, Verb::Go),
        (SHOOT, SHOOT_STEMS, Verb::Shoot),
        (BLOW, BLOW_STEMS, Verb::Blow),
        (THROW, THROW_STEMS, Verb::Throw),
        (PUT, PUT_STEMS, Verb::Put),
        (SET, SET_STEMS, Verb::Set),
        (SKIP, SKIP_STEMS, Verb::Skip),
        (TAKE, TAKE_STEMS, Verb::Take),
        (STRIKE, &[], Verb::Strike),
        (STAB, STAB_STEMS, Verb::Stab),
        (KICK, KICK_STEMS, Verb::Kick),
        (BUILD, BUILD_STEMS, Verb::Build),
    ];
    table
        .iter()
        .find(|(words, stems, _)| is(w, words) || stem(w, stems))
        .map(|t| t.2)
}

/// A direction word. `walls` adds the words that only name a wall's side ("верхнюю стенку",
/// "the top wall"), which as a bare word would be read as something else ("top" is a treasure choice).
///
/// `levels`: the maze is 3-D, and as the encyclopedia says, one moves "вперед", "назад", "вправо",
/// "влево", "вверх" or "вниз": up and down climb between levels, forward and back (north and south)
/// go along a level. On a flat maze forward and back are up and down, as players also say.
pub(super) fn dir(w: &str, walls: bool, levels: bool) -> Option<Dir> {
    const UP: &[&str] = &[
        "вверх",
        "наверх",
        "верх",
        "вверху",
        "сверху",
        "up",
        "upward",
        "upwards",
        "u",
    ];
    const DOWN: &[&str] = &[
        "вниз",
        "низ",
        "внизу",
        "снизу",
        "down",
        "downward",
        "downwards",
        "н",
        "d",
    ];
    const LEFT: &[&str] = &[
        "влево",
        "налево",
        "лево",
        "слева",
        "left",
        "west",
        "запад",
        "л",
        "l",
    ];
    const RIGHT: &[&str] = &[
        "вправо",
        "направо",
        "право",
        "справа",
        "right",
        "east",
        "восток",
        "п",
        "r",
    ];
    const FORWARD: &[&str] = &["вперед", "forward", "forwards", "ahead"];
    const BACK: &[&str] = &["назад", "back", "backward", "backwards"];
    const UP_WALL: &[&str] = &["верхнюю", "верхняя", "верхней", "top", "upper", "above"];
    const DOWN_WALL: &[&str] = &["нижнюю", "нижняя", "нижней", "bottom", "lower", "below"];
    const LEFT_WALL: &[&str] = &["левую", "левая", "левой"];
    const RIGHT_WALL: &[&str] = &["правую", "правая", "правой"];
    const CEILING: &[&str] = &["потолок", "потолке", "ceiling"];
    const FLOOR: &[&str] = &["пол", "полу", "floor"];
    // Compass words name a way along a level in any maze.
    if is(w, &["north", "север"]) {
        return Some(Dir::Up);
    }
    if is(w, &["south", "юг"]) {
        return Some(Dir::Down);
    }
    let (up, down) = match levels {
        true => (Dir::Higher, Dir::Lower),
        false => (Dir::Up, Dir::Down),
    };
    let plain = [
        (UP, up),
        (DOWN, down),
        (LEFT, Dir::Left),
        (RIGHT, Dir::Right),
        (FORWARD, Dir::Up),
        (BACK, Dir::Down),
    ];
    let wall = [
        (UP_WALL, up),
        (DOWN_WALL, down),
        (LEFT_WALL, Dir::Left),
        (RIGHT_WALL, Dir::Right),
        (CEILING, Dir::Higher),
        (FLOOR, Dir::Lower),
    ];
    let found = plain.iter().find(|(l, _)| is(w, l)).map(|t| t.1);
    found.or_else(|| {
        walls
            .then(|| wall.iter().find(|(l, _)| is(w, l)).map(|t| t.1))
            .flatten()
    })
}

/// Whether a noun was singular ("пулю") or plural without saying how many ("пули").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Many {
    /// One thing.
    One,
    /// Several.
    Several,
}

/// A thing's name in any case and number.
pub(super) fn noun(w: &str) -> Option<(ThingKind, Many)> {
    use ThingKind::*;
    const TABLE: &[(&str, ThingKind, Many)] = &[
        ("клад", Treasure, Many::One),
        ("клада", Treasure, Many::One),
        ("кладом", Treasure, Many::One),
        ("клады", Treasure, Many::Several),
        ("кладов", Treasure, Many::Several),
        ("treasure", Treasure, Many::One),
        ("treasures", Treasure, Many::Several),
        ("труп", Corpse, Many::One),
        ("трупа", Corpse, Many::One),
        ("трупом", Corpse, Many::One),
        ("трупы", Corpse, Many::Several),
        ("трупов", Corpse, Many::Several),
        ("corpse", Corpse, Many::One),
        ("body", Corpse, Many::One),
        ("corpses", Corpse, Many::Several),
        ("мина", Mine, Many::One),
        ("мину", Mine, Many::One),
        ("миной", Mine, Many::One),
        ("мины", Mine, Many::Several),
        ("мин", Mine, Many::Several),
        ("mine", Mine, Many::One),
        ("mines", Mine, Many::Several),
        ("пуля", Bullets, Many::One),
        ("пулю", Bullets, Many::One),
        ("пули", Bullets, Many::Several),
        ("пуль", Bullets, Many::Several),
        ("патрон", Bullets, Many::One),
        ("патрона", Bullets, Many::Several),
        ("патроны", Bullets, Many::Several),
        ("патронов", Bullets, Many::Several),
        ("bullet", Bullets, Many::One),
        ("bullets", Bullets, Many::Several),
        ("граната", Grenades, Many::One),
        ("гранату", Grenades, Many::One),
        ("гранаты", Grenades, Many::Several),
        ("гранат", Grenades, Many::Several),
        ("grenade", Grenades, Many::One),
        ("grenades", Grenades, Many::Several),
    ];
    TABLE.iter().find(|t| t.0 == w).map(|t| (t.1, t.2))
}

/// A count: digits or a number word. Digits too long for any count come out as `u32::MAX`.
pub(super) fn number(w: &str) -> Option<u32> {
    if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) {
        return Some(if w.len() > 9 {
            u32::MAX
        } else {
            w.parse().unwrap_or(u32::MAX)
        });
    }
    const WORDS: &[(&str, u32)] = &[
        ("один", 1),
        ("одна", 1),
        ("одну", 1),
        ("одно", 1),
        ("одного", 1),
        ("одной", 1),
        ("два", 2),
        ("две", 2),
        ("двух", 2),
        ("три", 3),
        ("трех", 3),
        ("четыре", 4),
        ("пять", 5),
        ("one", 1),
        ("two", 2),
        ("three", 3),
        ("four", 4),
        ("five", 5),
    ];
    WORDS.iter().find(|t| t.0 == w).map(|t| t.1)
}

/// An ordinal: "второй", "2-й", "2nd", "second", or plain digits.
pub(super) fn ordinal(w: &str) -> Option<u32> {
    const WORDS: &[(&str, u32)] = &[
        ("первый", 1),
        ("второй", 2),
        ("третий", 3),
        ("четвертый", 4),
        ("пятый", 5),
        ("шестой", 6),
        ("first", 1),
        ("second", 2),
        ("third", 3),
        ("fourth", 4),
        ("fifth", 5),
        ("sixth", 6),
    ];
    if let Some(t) = WORDS.iter().find(|t| t.0 == w) {
        return Some(t.1);
    }
    let digits = w.len() - w.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (n, suffix) = w.split_at(digits);
    const SUFFIXES: &[&str] = &[
        "", "-й", "-ой", "й", "ой", "st", "nd", "rd", "th", "-st", "-nd",
    ];
    (digits > 0 && is(suffix, SUFFIXES))
        .then(|| number(n))
        .flatten()
}

/// A type of cell the master names, as a player names it in a condition (Б §4).
pub(super) fn cell(w: &str) -> Option<CellSeen> {
    use CellSeen::*;
    const TABLE: &[(&[&str], CellSeen)] = &[
        (&["суша", "сушу", "суше", "ground", "dry"], Land),
        (
            &[
                "медсанбат",
                "медсанбате",
                "медсанбата",
                "hospital",
                "infirmary",
            ],
            Hospital,
        ),
        (
            &[
                "арсенал",
                "арсенале",
                "арсенала",
                "arsenal",
                "armory",
                "armoury",
            ],
            Arsenal,
        ),
        (&["яма", "яму", "яме", "ямы", "pit", "hole"], Pit),
        (&["река", "реку", "реке", "реки", "river"], River),
        (&["устье", "устья", "mouth", "estuary"], Mouth),
        (
            &["болото", "болоте", "болота", "swamp", "marsh", "bog"],
            Swamp,
        ),
        (&["выход", "выходе", "outlet"], Outlet),
        (
            &[
                "энцефалит",
                "энцефалитом",
                "энцефалитную",
                "заражусь",
                "заболею",
                "encephalitis",
                "infected",
            ],
            Encephalitis,
        ),
    ];
    TABLE.iter().find(|t| is(w, t.0)).map(|t| t.1)
}

/// A cell name such as `b2`, also with a Cyrillic look-alike letter (`в2`: a Russian keyboard).
pub(super) fn coord(w: &str) -> Option<Coord> {
    let mut chars = w.chars();
    let letter = match chars.next()? {
        c @ 'a'..='z' => c,
        'а' => 'a',
        'в' => 'b',
        'с' => 'c',
        'е' => 'e',
        'н' => 'h',
        'к' => 'k',
        'м' => 'm',
        'о' => 'o',
        'р' => 'p',
        'т' => 't',
        'х' => 'x',
        _ => return None,
    };
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    format!("{letter}{digits}").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Kodex Б §2.1: the actions of a turn, as players name them in any person or mood.
    #[test]
    fn verbs_in_every_person_and_mood() {
        for w in ["стреляю", "стрелять", "стреляй", "shoot", "выстрелю"]
        {
            assert_eq!(verb(w), Some(Verb::Shoot), "{w}");
        }
        for w in ["иду", "идти", "иди", "шагаю", "go"] {
            assert_eq!(verb(w), Some(Verb::Go), "{w}");
        }
        assert_eq!(verb("кладу"), Some(Verb::Put));
        assert_eq!(verb("клад"), None);
        assert_eq!(verb("стрелаю"), None);
        assert_eq!(verb("оставляю"), Some(Verb::Put));
        assert_eq!(verb("взвожу"), Some(Verb::Set));
    }

    // Kodex Б §5.1–§5.2: the things a player carries, in the cases orders use.
    #[test]
    fn nouns_in_their_cases() {
        // "Кладу" is the verb "I put", never the treasure.
        for w in ["стенку", "кладу"] {
            assert_eq!(noun(w), None, "{w}");
        }
        assert_eq!(noun("пуль"), Some((ThingKind::Bullets, Many::Several)));
        assert_eq!(noun("гранату"), Some((ThingKind::Grenades, Many::One)));
        assert_eq!(noun("клада"), Some((ThingKind::Treasure, Many::One)));
    }

    // Kodex Б §1.4 (cells named by letter and number), §5.5 (re-order): typed on a Russian keyboard.
    #[test]
    fn coordinates_with_cyrillic_look_alikes() {
        assert_eq!(coord("в2"), Some(Coord::new(1, 1)));
        assert_eq!(coord("c3"), Some(Coord::new(2, 2)));
        assert_eq!(coord("с3"), Some(Coord::new(2, 2)));
        assert_eq!(coord("н10"), Some(Coord::new(7, 9)));
        assert_eq!(coord("b"), None);
        assert_eq!(coord("б2"), None);
        assert_eq!(coord("b0"), None);
    }

    // Kodex Б §5.2 (counts of bullets and grenades), §5.8 ("второй снизу").
    #[test]
    fn numbers_and_ordinals() {
        assert_eq!(number("две"), Some(2));
        assert_eq!(number("99999999999999"), Some(u32::MAX));
        assert_eq!(ordinal("2-й"), Some(2));
        assert_eq!(ordinal("2nd"), Some(2));
        assert_eq!(ordinal("второй"), Some(2));
        assert_eq!(ordinal("2x"), None);
    }
}

//! What players write of each other: a player found by his name as typed, in any grammatical
//! case, and a player's words quoted back.

use crate::game::PlayerId;
use bot_core::session::table::Seating;

/// Finds a player by a name as typed, in any grammatical case ("Анну" for "Анна"): the longest
/// name that shares all but its last letter with the word.
pub(super) fn find_player(table: &Seating, typed: &str) -> Option<PlayerId> {
    let typed = typed.to_lowercase();
    let mut best: Option<(usize, PlayerId)> = None;
    for (i, s) in table.seats.iter().enumerate() {
        let name = s.name.to_lowercase();
        let chars: Vec<char> = name.chars().collect();
        let stem: String = if chars.len() > 3 {
            chars[..chars.len() - 1].iter().collect()
        } else {
            name.clone()
        };
        if (typed == name || typed.starts_with(&stem))
            && best.is_none_or(|(len, _)| chars.len() > len)
        {
            best = Some((chars.len(), PlayerId(i as u8)));
        }
    }
    best.map(|(_, p)| p)
}

/// A player's words quoted back, at most 40 characters.
pub(super) fn clip(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_core::i18n::Lang;
    use bot_core::session::table::Seat;

    fn seat(name: &str) -> Seat {
        Seat::new(&name.to_lowercase(), name, Lang::Ru)
    }

    /// §7.3: "стреляю вправо в Анну на C3" names the target in any grammatical case.
    #[test]
    fn named_targets_are_found_in_any_case() {
        let mut t = Seating::new(seat("Анна"), true, Lang::Ru);
        t.seats.push(seat("Борис"));
        t.seats.push(seat("ann"));
        assert_eq!(find_player(&t, "Анну"), Some(PlayerId(0)));
        assert_eq!(find_player(&t, "Бориса"), Some(PlayerId(1)));
        assert_eq!(find_player(&t, "ANN"), Some(PlayerId(2)));
        assert_eq!(find_player(&t, "Вера"), None);
    }
}

//! Which part of a refused order is at fault: of "shoot left, go up, go down", the second
//! movement. A turn has one movement in the classic code (Б §2.1) and is one action in the
//! quantum code and the encyclopedia's (В §2.1); an order of several parts that breaks this is
//! answered with the part that does, so the player need not guess which to drop.

use crate::game::Refusal;
use crate::game::order::Action;
use crate::game::parse::Request;
use crate::locale::t;
use bot_core::args;
use bot_core::i18n::Lang;

use super::Labyrinth;
use super::names::clip;

/// Words that put one part of an order after another.
const THEN: &[&str] = &["then", "затем", "потом"];

/// The answer to an order refused for having one part too many, naming that part; `None` for any
/// other refusal, or when the order is not made of parts that tell it.
pub(super) fn too_many(
    lab: &Labyrinth,
    text: &str,
    refusal: Refusal,
    lang: Lang,
) -> Option<String> {
    let (id, counts): (&str, fn(&Action) -> bool) = match refusal {
        Refusal::NeedsOneMovement => ("lab-fault-second-movement", |a| {
            matches!(a, Action::Move(_))
        }),
        Refusal::OneActionOnly => ("lab-fault-second-action", |_| true),
        _ => return None,
    };
    let mut seen = 0;
    for part in parts(text) {
        let Ok(Request::Order(parsed)) = lab.parse(&part) else {
            continue;
        };
        let here = parsed.order.actions().filter(|a| counts(a)).count();
        seen += here;
        // A part that breaks the rule by itself ("go up and go down") names nothing the whole
        // refusal does not.
        if seen > 1 {
            return (here == 1).then(|| t(lang, id, args![("part", clip(&part))]));
        }
    }
    None
}

/// The parts of an order: cut at commas, semicolons and line breaks, and at "then".
fn parts(text: &str) -> Vec<String> {
    let mut out = vec![];
    for piece in text.split([',', ';', '\n']) {
        let mut part = String::new();
        for word in piece.split_whitespace() {
            let bare = word
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase();
            if THEN.contains(&bare.as_str()) {
                if !part.is_empty() {
                    out.push(std::mem::take(&mut part));
                }
                continue;
            }
            if !part.is_empty() {
                part.push(' ');
            }
            part.push_str(word);
        }
        if !part.is_empty() {
            out.push(part);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_order_is_cut_at_commas_and_before_then() {
        assert_eq!(
            parts("shoot left, go up then go down; skip"),
            ["shoot left", "go up", "go down", "skip"]
        );
        assert_eq!(parts("иду вверх, затем стреляю"), ["иду вверх", "стреляю"]);
    }
}

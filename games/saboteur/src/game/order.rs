//! What a player can do on his turn, and its canonical command (`/play NES 2,0 rotated`).
//!
//! The command forms are those of the spec (`shared/spec/script-harness.md`, "Saboteur state
//! (peek)"): [`Order::command`] writes them and [`Order::parse`] reads them back.

use serde::{Deserialize, Serialize};

use super::PlayerId;
use crate::board::{BadCell, Cell};
use crate::card::{Action, Card, Path, Tool, UnknownName};

/// One move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Order {
    /// Lay a path card from the hand on `cell`, upright or turned by 180°.
    Path {
        /// The card as a hand names it.
        card: Path,
        /// Where.
        cell: Cell,
        /// Turned by 180° from its name.
        rotated: bool,
    },
    /// Play a rockfall on the path card at this cell.
    Rockfall(Cell),
    /// Play a map on the face-down goal at this cell.
    Map(Cell),
    /// Lay a broken tool in front of a player (oneself allowed).
    Break(Tool, PlayerId),
    /// Mend a player's broken tool with a single fix card.
    Fix(Tool, PlayerId),
    /// Mend one of a player's broken tools with a double fix card.
    FixEither {
        /// The card's two tools, in the order pick, lamp, cart.
        card: (Tool, Tool),
        /// Whose tool.
        target: PlayerId,
        /// Which of the two to mend.
        tool: Tool,
    },
    /// Put a card from the hand face down on the discard pile.
    Discard(Card),
    /// With an empty hand (the deck used up): do nothing.
    Pass,
    /// While sharing gold: take a gold card of this value from those offered.
    Take(u8),
}

/// A command that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Not one of the commands.
    #[error("write /play CARD …, /discard CARD, /pass or /take N")]
    NotACommand,
    /// No card named.
    #[error("name the card, like /play NES 1,0 or /discard map")]
    NoCard,
    /// A name that is no card.
    #[error(transparent)]
    UnknownCard(#[from] UnknownName),
    /// No cell named.
    #[error("name the cell as x,y, like /play NES 1,0")]
    NoCell,
    /// A cell that cannot be read.
    #[error(transparent)]
    BadCell(#[from] BadCell),
    /// No player named.
    #[error("name the player, like /play break-lamp bob")]
    NoPlayer,
    /// A name that is nobody's.
    #[error("nobody in this game is called {0:?}")]
    UnknownPlayer(String),
    /// A double fix without the tool to mend.
    #[error("name the tool to mend last, like /play fix-pick+lamp bob lamp")]
    NoTool,
    /// A gold value that cannot be read.
    #[error("{0:?} is not a gold value: take 1, 2 or 3, like /take 3")]
    BadValue(String),
    /// Words left over.
    #[error("{0:?} is too much: see /help for the commands")]
    Extra(String),
}

impl Order {
    /// The same order with a path card named as a hand names it: a card named the other way round
    /// (`NSW`) is its hand's card (`NES`) turned, and a card whose two orientations are the same is
    /// never turned. The engine and [`Game::legal`](super::Game::legal) use this form.
    pub fn normalized(&self) -> Order {
        match *self {
            Order::Path {
                card,
                cell,
                rotated,
            } => {
                let named = card.canonical();
                let turned = (named != card) != rotated;
                Order::Path {
                    card: named,
                    cell,
                    rotated: turned && !named.symmetric(),
                }
            }
            Order::Discard(Card::Path(p)) => Order::Discard(Card::Path(p.canonical())),
            ref other => other.clone(),
        }
    }

    /// The canonical command (`/play NES 1,-1`, `/play NES 2,0 rotated`, `/play break-lamp bob`,
    /// `/play fix-pick+lamp bob lamp`, `/play rockfall 3,0`, `/play map 8,2`, `/discard xNS`, `/pass`,
    /// `/take 3`), `names` giving each seat's name; a seat without a name is written `#N`.
    pub fn command(&self, names: &[String]) -> String {
        let name = |p: PlayerId| {
            names
                .get(usize::from(p.0))
                .cloned()
                .unwrap_or_else(|| format!("#{}", p.0))
        };
        match self.normalized() {
            Order::Path {
                card,
                cell,
                rotated,
            } => {
                let turn = if rotated { " rotated" } else { "" };
                format!("/play {card} {cell}{turn}")
            }
            Order::Rockfall(cell) => format!("/play {} {cell}", Action::Rockfall),
            Order::Map(cell) => format!("/play {} {cell}", Action::Map),
            Order::Break(t, p) => format!("/play {} {}", Action::Break(t), name(p)),
            Order::Fix(t, p) => format!("/play {} {}", Action::Fix(t), name(p)),
            Order::FixEither {
                card: (a, b),
                target,
                tool,
            } => {
                format!("/play {} {} {tool}", Action::FixEither(a, b), name(target))
            }
            Order::Discard(card) => format!("/discard {card}"),
            Order::Pass => "/pass".to_string(),
            Order::Take(v) => format!("/take {v}"),
        }
    }

    /// Reads a canonical command back (see [`Order::command`]), leniently: words in any case, a
    /// `/play@bot` suffix ignored, a path card named either way round (`/play NSW 2,0` is
    /// `/play NES 2,0 rotated`), a player's name matched ignoring case and with an optional `@`.
    ///
    /// A name may contain spaces: after a break or single fix card the rest of the command is the
    /// name; after a double fix card, all but the last word (the tool).
    pub fn parse(text: &str, names: &[String]) -> Result<Order, ParseError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((&head, rest)) = words.split_first() else {
            return Err(ParseError::NotACommand);
        };
        let head = head.split('@').next().unwrap_or(head).to_lowercase();
        let no_more = |rest: &[&str]| match rest.first() {
            None => Ok(()),
            Some(_) => Err(ParseError::Extra(rest.join(" "))),
        };
        match head.as_str() {
            "/pass" => no_more(rest).map(|()| Order::Pass),
            "/take" => {
                let (&v, rest) = rest
                    .split_first()
                    .ok_or(ParseError::BadValue(String::new()))?;
                no_more(rest)?;
                v.parse()
                    .map(Order::Take)
                    .map_err(|_| ParseError::BadValue(v.to_string()))
            }
            "/discard" => {
                let (&c, rest) = rest.split_first().ok_or(ParseError::NoCard)?;
                no_more(rest)?;
                Ok(Order::Discard(c.parse::<Card>()?).normalized())
            }
            "/play" => {
                let (&c, rest) = rest.split_first().ok_or(ParseError::NoCard)?;
                match c.parse::<Card>()? {
                    Card::Path(card) => {
                        let (cell, rest) = cell_of(rest)?;
                        let (rotated, rest) = match rest.split_first() {
                            Some((w, rest)) if w.eq_ignore_ascii_case("rotated") => (true, rest),
                            _ => (false, rest),
                        };
                        no_more(rest)?;
                        Ok(Order::Path {
                            card,
                            cell,
                            rotated,
                        }
                        .normalized())
                    }
                    Card::Action(Action::Rockfall) => {
                        let (cell, rest) = cell_of(rest)?;
                        no_more(rest).map(|()| Order::Rockfall(cell))
                    }
                    Card::Action(Action::Map) => {
                        let (cell, rest) = cell_of(rest)?;
                        no_more(rest).map(|()| Order::Map(cell))
                    }
                    Card::Action(Action::Break(t)) => Ok(Order::Break(t, player(rest, names)?)),
                    Card::Action(Action::Fix(t)) => Ok(Order::Fix(t, player(rest, names)?)),
                    Card::Action(Action::FixEither(a, b)) => {
                        let (&tool, who) = rest.split_last().ok_or(ParseError::NoPlayer)?;
                        if who.is_empty() {
                            // One word: a player named without the tool, or a tool without a player.
                            return match tool.parse::<Tool>() {
                                Ok(_) => Err(ParseError::NoPlayer),
                                Err(_) => Err(ParseError::NoTool),
                            };
                        }
                        let tool = tool.parse().map_err(|_| ParseError::NoTool)?;
                        let target = player(who, names)?;
                        Ok(Order::FixEither {
                            card: (a, b),
                            target,
                            tool,
                        })
                    }
                }
            }
            _ => Err(ParseError::NotACommand),
        }
    }
}

/// The cell that starts `words`, and what follows.
fn cell_of<'a, 'b>(words: &'a [&'b str]) -> Result<(Cell, &'a [&'b str]), ParseError> {
    let (&w, rest) = words.split_first().ok_or(ParseError::NoCell)?;
    Ok((w.parse()?, rest))
}

/// The seat whose name is `words` (joined by single spaces), ignoring case and a leading `@`.
fn player(words: &[&str], names: &[String]) -> Result<PlayerId, ParseError> {
    if words.is_empty() {
        return Err(ParseError::NoPlayer);
    }
    let typed = words.join(" ");
    let key = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let find = |wanted: &str| names.iter().position(|n| key(n) == key(wanted));
    find(&typed)
        .or_else(|| typed.strip_prefix('@').and_then(find))
        .map(|i| PlayerId(i as u8))
        .ok_or(ParseError::UnknownPlayer(typed))
}

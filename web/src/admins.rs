//! A room's admins. A room is anybody's, so the web chat has no administrators of its own as a
//! Telegram group or a Discord server has: a room's running game is its opener's to manage (the
//! session's rule, as on the platforms), and he may name others to manage it with him
//! (`/admin NAME`, taken back by `/unadmin NAME`; `/admin` alone says who manages it). A name holds
//! for that game only: the room's next game starts with its own opener alone. A room where no
//! game runs is anybody's to act in as its admin (to `/import` a game, say).

use bot_core::i18n::{Arg, Lang, Messages};
use bot_core::session::chat::Platform;
use bot_core::session::{Session, SessionError};

use crate::auth::name_key;
use crate::history::{History, User};

/// What an `/admin` command asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// `/admin`: who manages the room's game.
    List,
    /// `/admin NAME`: let NAME manage it too.
    Name(String),
    /// `/unadmin NAME`: no longer.
    Unname(String),
}

impl Order {
    /// The order a room's message gives, if it is `/admin` or `/unadmin`.
    pub fn of(text: &str) -> Option<Order> {
        let text = text.trim();
        let (head, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        // `/admin@gm`, as a platform's client writes a command meant for one bot.
        let command = head.split('@').next()?.to_lowercase();
        let name = rest.trim().trim_start_matches('@');
        match (command.as_str(), name.is_empty()) {
            ("/admin" | "/unadmin", true) | ("/admins", _) => Some(Order::List),
            ("/admin", false) => Some(Order::Name(name.to_string())),
            ("/unadmin", false) => Some(Order::Unname(name.to_string())),
            _ => None,
        }
    }
}

/// Why a room's admins could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// The web chat's records.
    #[error("the web chat's records: {0}")]
    History(#[from] sqlx::Error),
    /// The session's store.
    #[error("the game store: {0}")]
    Session(#[from] SessionError),
}

/// Carries out `user`'s `order` in `room`: the master's answer, said in the room for all to read.
pub async fn apply(
    history: &History,
    session: &Session,
    room: &str,
    user: &User,
    order: Order,
    lang: Lang,
    now: i64,
) -> Result<String, AdminError> {
    let words = |id: &str, args: &[(&str, Arg)]| Messages::get(lang).text(id, args);
    let Some((game, opener, opener_name)) = session.running_opener(Platform::Web, room).await?
    else {
        return Ok(words("web-admin-no-game", &[]));
    };
    let (id, number) = (game.0, Arg::Num(game.0 as f64));
    let name = match order {
        Order::List => {
            let mut names = vec![opener_name];
            names.extend(history.admins(room, id).await?.into_iter().map(|u| u.name));
            let names = Arg::Str(names.join(", "));
            return Ok(words(
                "web-admin-list",
                &[("game", number), ("names", names)],
            ));
        }
        Order::Name(ref name) | Order::Unname(ref name) => name.clone(),
    };
    if opener.0 != user.id.to_string() {
        let args = [("game", number), ("opener", Arg::Str(opener_name))];
        return Ok(words("web-admin-not-opener", &args));
    }
    let Some(named) = history.user_by_key(&name_key(&name)).await? else {
        return Ok(words("web-admin-who", &[("name", Arg::Str(name))]));
    };
    let args = [
        ("game", number),
        ("name", Arg::Str(named.name.clone())),
        ("opener", Arg::Str(opener_name)),
    ];
    let key = match order {
        Order::Name(_) if named.id == user.id => "web-admin-already",
        Order::Name(_) if history.name_admin(room, id, named.id, user.id, now).await? => {
            "web-admin-named"
        }
        Order::Name(_) => "web-admin-already",
        _ if history.unname_admin(room, id, named.id).await? => "web-admin-unnamed",
        _ => "web-admin-not-named",
    };
    Ok(words(key, &args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admin_commands_are_read_with_or_without_a_name() {
        let name = |n: &str| Some(Order::Name(n.to_string()));
        assert_eq!(Order::of("/admin"), Some(Order::List));
        assert_eq!(Order::of("  /ADMIN  "), Some(Order::List));
        assert_eq!(Order::of("/admin bob"), name("bob"));
        assert_eq!(Order::of("/admin@gm @bob"), name("bob"));
        assert_eq!(Order::of("/admin Анна Петровна"), name("Анна Петровна"));
        assert_eq!(
            Order::of("/unadmin bob"),
            Some(Order::Unname("bob".to_string()))
        );
        assert_eq!(Order::of("/unadmin"), Some(Order::List));
        assert_eq!(Order::of("/admins"), Some(Order::List));
        for other in ["/administer bob", "admin bob", "/abort", ""] {
            assert_eq!(Order::of(other), None, "{other}");
        }
    }
}

//! What the session benches share: a game in play as players leave it between two turns.

use bot_core::i18n::Lang;
use bot_core::session::Session;
use bot_core::session::chat::{ChatId, Content, Inbound, Platform, UserId};

/// Says `text` as `user` in `chat` (privately when `chat` is `None`), under a fresh message id.
pub async fn say(s: &Session, n: &mut u64, user: &str, chat: Option<&str>, text: &str) {
    *n += 1;
    let msg = Inbound {
        platform: Platform::Script,
        chat: ChatId(chat.unwrap_or(user).to_string()),
        private: chat.is_none(),
        user: UserId(user.to_string()),
        name: user.to_string(),
        content: Content::Text(text.to_string()),
        message_id: format!("setup-{chat:?}-{n}"),
        lang: Some(Lang::En),
        is_admin: false,
        threads: false,
        chat_title: None,
    };
    s.handle(msg, 0)
        .await
        .expect("the session handles the setup");
}

/// A game as most games are most of the time: a generated maze of the default size for three,
/// `orders` orders into play, waiting for the next one.
pub async fn game_in_play(s: &Session, chat: &str, orders: usize) {
    let mut n = 0;
    let group = chat;
    let chat = Some(chat);
    say(s, &mut n, "ann", chat, "/newgame labyrinth classic").await;
    say(s, &mut n, "bob", chat, "/join").await;
    say(s, &mut n, "eve", chat, "/join").await;
    say(s, &mut n, "ann", chat, "/begin").await;
    for (who, cell) in [("ann", "A1"), ("bob", "C3"), ("eve", "F5")] {
        say(s, &mut n, who, None, cell).await;
    }
    for i in 0..orders {
        let state = s
            .peek(Platform::Script, group)
            .await
            .unwrap()
            .expect("the game");
        assert_eq!(state["status"], "playing", "the game is in play");
        let who = state["turn"].as_str().expect("someone's turn").to_string();
        let order = ["go up", "go right", "go down", "go left"][i % 4];
        say(s, &mut n, &who, chat, order).await;
    }
}

//! What the session benches share: a game in play as players leave it between two turns, and a
//! driver that plays games order by order.

#![allow(dead_code)]

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

/// Part А's maze with an Nstop the benchmark never reaches.
pub const PLAN: &str = "labyrinth 5x4 nstop=1000000000
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
  B2 treasure
  C1 fake
";

/// Orders a game lasts in the benchmarks, a long game by the book's measure. A game's saved state
/// grows with every move (the paths walked), so one game played forever would measure ever larger
/// writes instead of games as they are played.
pub const GAME_LENGTH: usize = 200;

#[derive(Clone)]
pub struct Driver {
    pub session: Session,
    n: u64,
    /// Makes message ids unique across drivers sharing a store.
    tag: String,
    /// The game's number: its chat is `g<number>`, its players `ann<number>` and `bob<number>`, so
    /// that their private messages have one game to go to.
    pub game: usize,
    /// Orders given in the game so far.
    pub played: usize,
}

/// ann and bob walking to and fro along the open bottom row: every order accepted.
pub const SCRIPT: [(&str, &str); 4] = [
    ("ann", "go right"),
    ("bob", "go left"),
    ("ann", "go left"),
    ("bob", "go right"),
];

impl Driver {
    pub fn new(session: Session, tag: String) -> Driver {
        Driver {
            session,
            n: 0,
            tag,
            game: 0,
            played: 0,
        }
    }

    async fn say(&mut self, user: &str, chat: Option<&str>, text: &str) -> usize {
        self.n += 1;
        let msg = Inbound {
            platform: Platform::Script,
            chat: ChatId(chat.unwrap_or(user).to_string()),
            private: chat.is_none(),
            user: UserId(user.to_string()),
            name: user.to_string(),
            content: Content::Text(text.to_string()),
            message_id: format!("{}-{}", self.tag, self.n),
            lang: Some(Lang::En),
            is_admin: false,
            threads: false,
            chat_title: None,
        };
        self.session
            .handle(msg, 0)
            .await
            .map(|o| o.len())
            .unwrap_or(0)
    }

    /// Game number `game` in its own chat, in play: ann on C4 and bob on B4.
    pub async fn start(&mut self, game: usize) {
        (self.game, self.played) = (game, 0);
        let chat = format!("g{game}");
        let [gm, ann, bob] = ["gm", "ann", "bob"].map(|who| format!("{who}{game}"));
        let open = "/newgame labyrinth classic plan=own order=join start_mines=0";
        self.say(&gm, Some(&chat), open).await;
        self.say(&ann, Some(&chat), "/join").await;
        self.say(&bob, Some(&chat), "/join").await;
        self.say(&gm, Some(&chat), "/begin").await;
        self.say(&gm, None, PLAN).await;
        self.say(&ann, None, "C4").await;
        self.say(&bob, None, "B4").await;
        let state = self.session.peek(Platform::Script, &chat).await.unwrap();
        assert_eq!(
            state.unwrap()["status"],
            "playing",
            "game {game} did not start"
        );
    }

    /// The game's next order; once it has lasted its length, game `next_game` is started first.
    pub async fn order(&mut self, next_game: usize) -> usize {
        if self.played == GAME_LENGTH {
            self.start(next_game).await;
        }
        let (who, text) = SCRIPT[self.played % SCRIPT.len()];
        self.played += 1;
        let (user, chat) = (format!("{who}{}", self.game), format!("g{}", self.game));
        self.say(&user, Some(&chat), text).await
    }
}

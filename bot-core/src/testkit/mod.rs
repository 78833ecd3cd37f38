//! What the tests of the session and of every game share (the `testkit` feature): scratch
//! databases removed when dropped, a session on its own clock to talk to, and a tiny game that
//! shows the seam carries a game the session was not written for.
//!
//! Game crates take it as a dev-dependency (`bot-core = { features = ["testkit"] }`); nothing in
//! the bot uses it.

mod scratch;
pub mod tiny;

pub use scratch::{PgScratch, Raw, ScratchDb, TempDb, engines, postgres, temp_dir};

use crate::i18n::Lang;
use crate::session::chat::{ChatId, Content, Inbound, Outbound, Platform, Reply, UserId};
use crate::session::{Registry, Session, parse_duration};
use crate::store::Store;

/// A session on a fresh database with a clock of its own, for the session's tests and games'.
pub struct Bench {
    /// The session under test.
    pub session: Session,
    n: u64,
    /// The bench's clock, in milliseconds.
    pub now: i64,
    registry: Registry,
    /// Last, so that it goes after the session that has it open.
    db: TempDb,
}

impl Bench {
    /// A session hosting `registry`'s games on a fresh database named after `name`.
    pub async fn new(registry: Registry, name: &str) -> Bench {
        let db = TempDb::new(&format!("session-{name}"));
        let session = Bench::open_on(registry, &db).await;
        Bench {
            session,
            n: 0,
            now: 1_000_000,
            registry,
            db,
        }
    }

    /// A second session on the bench's database, as another process would open it.
    pub async fn open_again(&self) -> Session {
        Bench::open_on(self.registry, &self.db).await
    }

    async fn open_on(registry: Registry, path: &std::path::Path) -> Session {
        let store = Store::open(path).await.unwrap();
        Session::open(store, registry, 7, Lang::En).await.unwrap()
    }

    /// A message of `user` in `chat` (privately when `chat` is `None`), under a fresh id.
    pub fn msg(&mut self, user: &str, chat: Option<&str>, text: &str) -> Inbound {
        self.n += 1;
        Inbound {
            platform: Platform::Script,
            chat: ChatId(chat.unwrap_or(user).to_string()),
            private: chat.is_none(),
            user: UserId(user.to_string()),
            name: user.to_string(),
            content: Content::Text(text.to_string()),
            message_id: self.n.to_string(),
            lang: Some(Lang::En),
            is_admin: false,
            threads: false,
            chat_title: None,
        }
    }

    /// Says `text` as `user` in `chat` (privately when `chat` is `None`): what it brought.
    pub async fn say(&mut self, user: &str, chat: Option<&str>, text: &str) -> Vec<Outbound> {
        let m = self.msg(user, chat, text);
        self.session.handle(m, self.now).await.unwrap()
    }

    /// A message of a chat admin.
    pub fn admin_msg(&mut self, user: &str, chat: Option<&str>, text: &str) -> Inbound {
        let mut m = self.msg(user, chat, text);
        m.is_admin = true;
        m
    }

    /// A command of a chat admin who does not play: what it brought.
    pub async fn admin_says(&mut self, chat: &str, text: &str) -> Vec<Outbound> {
        let m = self.admin_msg("admin", Some(chat), text);
        self.send(m).await
    }

    /// Handles a message made beforehand: what it brought.
    pub async fn send(&mut self, m: Inbound) -> Vec<Outbound> {
        self.session.handle(m, self.now).await.unwrap()
    }

    /// A button press by `user` in `chat`, answered as a chat bot is.
    pub async fn press(&mut self, user: &str, chat: &str, data: &str) -> Reply {
        let mut m = self.msg(user, Some(chat), data);
        m.content = Content::Button(data.to_string());
        self.session.respond(m, self.now).await.unwrap()
    }

    /// The database's path, for a second connection beside the session's.
    pub fn db_path(&self) -> &std::path::Path {
        self.db.path()
    }

    /// The peek state of the game in `chat`.
    pub async fn peek(&self, chat: &str) -> serde_json::Value {
        self.session
            .peek(Platform::Script, chat)
            .await
            .unwrap()
            .unwrap()
    }

    /// The session dropped and reopened on the same file, as after a restart.
    pub async fn restart(&mut self) {
        self.session.store().clone().close().await;
        self.session = self.open_again().await;
    }

    /// The clock moved on by `by` (`1h`, `30m`), and what the timers that fell due brought.
    pub async fn advance(&mut self, by: &str) -> Vec<Outbound> {
        self.now += parse_duration(by).unwrap();
        self.session.advance(self.now).await.unwrap()
    }
}

/// The texts of what a session sent, one per line.
pub fn texts(out: &[Outbound]) -> String {
    out.iter()
        .map(|o| o.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

//! The Discord adapter: serenity in, the session engine behind, the relay out.
//!
//! Gateway events become the session's [`Inbound`](bot_core::session::chat::Inbound)s, handled one
//! at a time in arrival order by a single worker (serenity hands each event to its own task);
//! interactions are answered right after the session has seen them. Everything to send is in the
//! durable outbox, which the [`Relay`] pumps through the [`DiscordCourier`]. The session dedupes by
//! snowflake, so a replayed event neither loses nor repeats a move.

pub mod commands;
pub mod config;
pub mod courier;
pub mod inbound;
pub mod interaction;

use std::future::Future;
use std::sync::Arc;

use bot_core::i18n::Lang;
use bot_core::relay::Relay;
use bot_core::session::Session;
use bot_core::session::chat::Inbound;
use serenity::all::{
    ClientBuilder, Command, CommandInteraction, ComponentInteraction, Context, EventHandler,
    GatewayIntents, HttpBuilder, Interaction, Message, Ready,
};
use tokio::sync::{Notify, mpsc, oneshot};

pub use config::Config;
pub use courier::DiscordCourier;

/// Why the bot stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// serenity could not start or lost the gateway for good (a bad token, disallowed intents).
    #[error("Discord: {0}")]
    Discord(#[from] serenity::Error),
}

/// The gateway intents: guild and DM messages with their content (a privileged intent, granted in
/// the Developer Portal), and guilds.
pub fn intents() -> GatewayIntents {
    GatewayIntents::GUILDS
        | GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::DIRECT_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT
}

/// An event waiting for the worker.
enum Event {
    Message(Box<Message>),
    Command(Box<CommandInteraction>),
    Component(Box<ComponentInteraction>),
}

impl Event {
    /// The event's snowflake: Discord's order of creation.
    fn snowflake(&self) -> u64 {
        match self {
            Event::Message(m) => m.id.get(),
            Event::Command(c) => c.id.get(),
            Event::Component(c) => c.id.get(),
        }
    }
}

/// How long the worker gathers events before handling them in snowflake order. serenity runs each
/// event's handler in a task of its own, so two events arriving together may reach the worker
/// swapped; a moment's wait puts them back in Discord's order.
const GATHER: std::time::Duration = std::time::Duration::from_millis(15);

/// serenity's handler: forwards events to the worker in arrival order; registers the commands.
struct Handler {
    events: mpsc::UnboundedSender<Event>,
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        if let Err(e) = Command::set_global_commands(&ctx.http, commands::all()).await {
            tracing::warn!(error = %e, "could not register the slash commands");
        }
    }

    async fn message(&self, _ctx: Context, msg: Message) {
        let _ = self.events.send(Event::Message(Box::new(msg)));
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(c) => {
                let _ = self.events.send(Event::Command(Box::new(c)));
            }
            Interaction::Component(c) => {
                let _ = self.events.send(Event::Component(Box::new(c)));
            }
            // Suggestions need no game state: answered at once, beside the worker.
            Interaction::Autocomplete(c) => {
                let typed = focused_value(&c);
                interaction::answer_autocomplete(&ctx.http, &c, commands::suggest(&typed)).await;
            }
            _ => {}
        }
    }
}

/// The text of the option being typed in an autocomplete request.
fn focused_value(c: &CommandInteraction) -> String {
    c.data
        .autocomplete()
        .map(|a| a.value.to_string())
        .unwrap_or_default()
}

/// Handles events one by one: to the session, wake the relay, answer interactions.
struct Worker {
    session: Session,
    http: Arc<serenity::all::Http>,
    waker: Arc<Notify>,
    tokens: Arc<interaction::Tokens>,
    lang: Lang,
}

impl Worker {
    async fn run(self, mut events: mpsc::UnboundedReceiver<Event>) {
        while let Some(first) = events.recv().await {
            let mut batch = vec![first];
            tokio::time::sleep(GATHER).await;
            while let Ok(e) = events.try_recv() {
                batch.push(e);
            }
            batch.sort_by_key(Event::snowflake);
            for e in batch {
                self.handle(e).await;
            }
        }
    }

    /// One event: to the session, then the interaction answered.
    async fn handle(&self, e: Event) {
        match e {
            Event::Message(m) => {
                if let Some(msg) = inbound::from_message(&m) {
                    self.respond(msg).await;
                }
            }
            Event::Command(c) => {
                let msg = inbound::from_command(&c);
                let lang = msg.lang.unwrap_or(self.lang);
                self.tokens.remember(&msg.user.0, &c.token, lang);
                let popup = self.respond(msg).await;
                interaction::answer_command(&self.http, &c, popup, lang).await;
            }
            Event::Component(c) => {
                let msg = inbound::from_component(&c);
                let lang = msg.lang.unwrap_or(self.lang);
                self.tokens.remember(&msg.user.0, &c.token, lang);
                let popup = self.respond(msg).await;
                interaction::answer_press(&self.http, &c, popup).await;
            }
        }
    }

    /// Hands one input to the session; its popup, if any. Nothing of the text is logged: it may be a
    /// player's secret.
    async fn respond(&self, msg: Inbound) -> Option<String> {
        let id = msg.message_id.clone();
        let lang = msg.lang.unwrap_or(self.lang);
        match self.session.respond(msg, bot_core::relay::now_ms()).await {
            Ok(reply) => {
                self.waker.notify_one();
                tracing::debug!(%id, queued = reply.outbound.len(), "handled");
                reply.popup
            }
            Err(e) => {
                tracing::error!(%id, error = %e, "the session failed on an input");
                Some(bot_core::i18n::Messages::get(lang).text("discord-failed", &[]))
            }
        }
    }
}

/// Runs the bot until `shutdown` completes: the gateway, the event worker and the relay. Returns when
/// all three have stopped; everything not yet sent stays in the outbox for the next start.
pub async fn run(
    config: Config,
    session: Session,
    lang: Lang,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), RunError> {
    let mut http = HttpBuilder::new(config.token.expose());
    if let Some(url) = &config.api_url {
        // serenity's rate limiter sends its requests to discord.com whatever the proxy, so it goes
        // off with one; a 429 then reaches the courier, which hands the relay a `RetryAfter`.
        http = http.proxy(url.clone()).ratelimiter_disabled(true);
    }
    let (events_tx, events_rx) = mpsc::unbounded_channel();
    let mut client = ClientBuilder::new_with_http(http.build(), intents())
        .event_handler(Handler { events: events_tx })
        .await?;
    let http = client.http.clone();
    let tokens = Arc::new(interaction::Tokens::default());
    let relay = Relay::new(
        session.clone(),
        DiscordCourier::new(http.clone(), tokens.clone()),
    );
    let waker = relay.waker();
    let (stop_relay, relay_stopped) = oneshot::channel::<()>();
    let relay = tokio::spawn(relay.run(async move {
        let _ = relay_stopped.await;
    }));
    let worker = tokio::spawn(
        Worker {
            session,
            http,
            waker,
            tokens,
            lang,
        }
        .run(events_rx),
    );
    let shards = client.shard_manager.clone();
    let stopper = tokio::spawn(async move {
        shutdown.await;
        shards.shutdown_all().await;
    });
    let result = client.start().await;
    stopper.abort();
    // The client is gone: no more events; let the worker finish what it has, then stop the relay.
    drop(client);
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), worker).await;
    let _ = stop_relay.send(());
    let _ = relay.await;
    result.map_err(RunError::from)
}

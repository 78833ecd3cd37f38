//! The Discord adapter: serenity in, the session engine behind, the relay out.
//!
//! Gateway events become the session's [`Inbound`](bot_core::session::chat::Inbound)s. A worker
//! takes them in Discord's order (serenity hands each event to its own task) and runs each in its
//! channel's lane: one after another per channel, channels side by side, so that a slow or failing
//! channel holds back no other (the session's [`Inlet`](bot_core::inlet::Inlet) does the same for
//! what reaches it). Interactions are acknowledged the moment they arrive, since a lane may be
//! busy for longer than Discord waits, and answered once the session has seen them (see
//! [`interaction`]).
//! Everything to send is in the durable outbox, which the [`Relay`] pumps through the
//! [`DiscordCourier`]. The session dedupes by snowflake, so a replayed event neither loses nor
//! repeats a move.

pub mod catchup;
pub mod commands;
pub mod config;
pub mod courier;
pub mod files;
pub mod inbound;
pub mod interaction;
pub mod logs;
pub mod markdown;
pub mod names;
pub mod permissions;
pub mod refusal;
pub mod rest;
pub mod resume;
pub mod thread;

use std::sync::Arc;
use std::time::Instant;

use bot_core::i18n::Lang;
use bot_core::relay::Relay;
use bot_core::session::chat::Inbound;
use bot_core::session::{Registry, Session};
use serenity::all::{
    Attachment, ChannelId, ClientBuilder, CommandInteraction, ComponentInteraction, Context,
    EventHandler, GatewayError, GatewayIntents, Interaction, LightMethod, Message,
    MessageUpdateEvent, Ready, Route,
};
use tokio::sync::{Notify, mpsc, oneshot, watch};

pub use config::Config;
pub use courier::DiscordCourier;

use interaction::Ack;
use rest::{Call, Rest};

/// Why the bot stopped.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// serenity could not start or lost the gateway for good (a bad token).
    #[error("Discord: {0}")]
    Discord(#[from] serenity::Error),
    /// The database could not be read or written before the bot started.
    #[error("the database: {0}")]
    Store(#[from] bot_core::store::StoreError),
}

/// The gateway intents: guild and DM messages and guilds; with `message_content` the content
/// of guild messages, with `members` the members leaving (both privileged intents, granted in the
/// Developer Portal).
pub fn intents(message_content: bool, members: bool) -> GatewayIntents {
    let mut i =
        GatewayIntents::GUILDS | GatewayIntents::GUILD_MESSAGES | GatewayIntents::DIRECT_MESSAGES;
    if message_content {
        i |= GatewayIntents::MESSAGE_CONTENT;
    }
    if members {
        i |= GatewayIntents::GUILD_MEMBERS;
    }
    i
}

/// An interaction waiting for the worker, with the outcome of its acknowledgement to come.
struct Pending<T> {
    interaction: Box<T>,
    ack: oneshot::Receiver<Ack>,
}

/// An event waiting for the worker.
enum Event {
    Message(Box<Message>),
    Command(Pending<CommandInteraction>),
    Component(Pending<ComponentInteraction>),
    /// A new gateway session began (READY), with the bot's own user id: read what was written
    /// while there was none.
    Ready(u64),
    /// A message was edited.
    Edited(Box<MessageUpdateEvent>),
    /// A member left a server (or was removed from it): his guild and his user.
    Left(u64, Box<serenity::all::User>),
}

impl Event {
    /// The lane the event runs in: its channel's, or, for what concerns no one channel (a
    /// catch-up, a member leaving a server), a lane of its own.
    fn lane(&self) -> u64 {
        match self {
            Event::Ready(_) | Event::Left(..) => 0,
            Event::Edited(e) => e.channel_id.get(),
            Event::Message(m) => m.channel_id.get(),
            Event::Command(c) => c.interaction.channel_id.get(),
            Event::Component(c) => c.interaction.channel_id.get(),
        }
    }

    /// The event's snowflake: Discord's order of creation. A catch-up goes before the events
    /// gathered with it, which are newer than anything it reads.
    fn snowflake(&self) -> u64 {
        match self {
            Event::Ready(_) => 0,
            Event::Edited(e) => e.id.get(),
            // No snowflake: after whatever was gathered with it.
            Event::Left(..) => u64::MAX,
            Event::Message(m) => m.id.get(),
            Event::Command(c) => c.interaction.id.get(),
            Event::Component(c) => c.interaction.id.get(),
        }
    }
}

/// How long the worker gathers events before handling them in snowflake order. serenity runs each
/// event's handler in a task of its own, so two events arriving together may reach the worker
/// swapped; a moment's wait puts them back in Discord's order.
const GATHER: std::time::Duration = std::time::Duration::from_millis(15);

/// serenity's handler: forwards events to the worker in arrival order, acknowledges interactions,
/// registers the commands.
struct Handler {
    events: mpsc::UnboundedSender<Event>,
    rest: Arc<Rest>,
    names: Arc<names::Names>,
    thinking: Arc<interaction::Thinking>,
    /// The games hosted: the commands' choices and suggestions name them.
    registry: Registry,
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn guild_member_removal(
        &self,
        _ctx: Context,
        guild: serenity::all::GuildId,
        user: serenity::all::User,
        _member: Option<serenity::all::Member>,
    ) {
        let _ = self.events.send(Event::Left(guild.get(), Box::new(user)));
    }

    async fn thread_create(&self, _ctx: Context, thread: serenity::all::GuildChannel) {
        // Threads are learnt as they start, sparing a read of each when an order comes in one.
        self.names.learn(
            thread.id.get(),
            names::Channel {
                name: Some(thread.name.clone()),
                guild: Some(thread.guild_id.get()),
                parent: thread.parent_id.map(|p| p.get()),
                kind: u8::from(thread.kind).into(),
            },
        );
    }

    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        resume::follow(&ctx, &ready).await;
        // A new session: Discord replays nothing written before it.
        let _ = self.events.send(Event::Ready(ready.user.id.get()));
        let req = Call::json(
            Route::Commands {
                application_id: ready.application.id,
            },
            LightMethod::Put,
            &commands::all(self.registry),
        );
        if let Err(e) = self.rest.call(req).await {
            tracing::warn!(error = %e, "could not register the slash commands");
        }
    }

    async fn message(&self, _ctx: Context, msg: Message) {
        let _ = self.events.send(Event::Message(Box::new(msg)));
    }

    async fn message_update(
        &self,
        _ctx: Context,
        _old: Option<Message>,
        _new: Option<Message>,
        event: MessageUpdateEvent,
    ) {
        let _ = self.events.send(Event::Edited(Box::new(event)));
    }

    async fn interaction_create(&self, _ctx: Context, interaction: Interaction) {
        let received = Instant::now();
        // The event goes to the worker first, so that events keep their order; the worker answers
        // only once the acknowledgement is done.
        let (done, ack) = oneshot::channel();
        let mut command = None;
        let (id, token, response) = match interaction {
            Interaction::Command(c) => {
                let (id, token) = (c.id, c.token.clone());
                let lang = inbound::lang_of(&c.locale).unwrap_or(Lang::En);
                command = Some((c.application_id, lang));
                let _ = self.events.send(Event::Command(Pending {
                    interaction: Box::new(c),
                    ack,
                }));
                (id, token, interaction::deferred_command())
            }
            Interaction::Component(c) => {
                let (id, token) = (c.id, c.token.clone());
                let _ = self.events.send(Event::Component(Pending {
                    interaction: Box::new(c),
                    ack,
                }));
                (id, token, interaction::deferred_press())
            }
            // Suggestions need no game state: answered at once, beside the worker.
            Interaction::Autocomplete(c) => {
                let typed = focused_value(&c);
                let choices = commands::suggest(self.registry, &typed);
                interaction::answer_autocomplete(&self.rest, c.id, &c.token, choices, received)
                    .await;
                return;
            }
            _ => return,
        };
        let outcome = interaction::acknowledge(&self.rest, id, &token, &response, received).await;
        // A command now shows "thinking…" until its reply: noted, should the bot be stopped
        // before it, and noted before the worker may reply.
        if let (true, Some((app, lang))) = (outcome.ours(), command) {
            self.thinking.begin(app, id, &token, lang).await;
        }
        let _ = done.send(outcome);
    }
}

/// The text of the option being typed in an autocomplete request.
fn focused_value(c: &CommandInteraction) -> String {
    c.data
        .autocomplete()
        .map(|a| a.value.to_string())
        .unwrap_or_default()
}

/// Takes events in order and runs each in its channel's lane: to the session, answer
/// interactions, wake the relay.
struct Worker {
    session: Session,
    inlet: bot_core::inlet::Inlet,
    lanes: bot_core::lanes::Lanes<u64>,
    rest: Arc<Rest>,
    waker: Arc<Notify>,
    tokens: Arc<interaction::Tokens>,
    names: Arc<names::Names>,
    marks: catchup::Marks,
    thinking: Arc<interaction::Thinking>,
    lang: Lang,
    /// The bot's own user id, from READY (0 before it): messages that mention it are its orders.
    me: std::sync::atomic::AtomicU64,
}

impl Worker {
    async fn run(self, mut events: mpsc::UnboundedReceiver<Event>) {
        let worker = Arc::new(self);
        while let Some(first) = events.recv().await {
            let mut batch = vec![first];
            tokio::time::sleep(GATHER).await;
            while let Ok(e) = events.try_recv() {
                batch.push(e);
            }
            batch.sort_by_key(Event::snowflake);
            for e in batch {
                if let Event::Ready(me) = e {
                    worker.me.store(me, std::sync::atomic::Ordering::Relaxed);
                    // What was written while away goes into its lanes before anything newer.
                    worker.catch_up().await;
                    continue;
                }
                worker.dispatch(e);
            }
        }
    }

    /// Runs an event in its lane.
    fn dispatch(self: &Arc<Self>, e: Event) {
        let worker = self.clone();
        self.lanes.run(e.lane(), async move {
            // Only an input the session saw can have queued anything: the echo of each message
            // the bot posts, a file not read, wake no relay round. The interaction's answer went
            // first, so that a follow-up about closed DMs never takes its place.
            if worker.handle(e).await {
                worker.waker.notify_one();
            }
        });
    }

    /// What was written while the bot had no gateway session, read and put in its channels'
    /// lanes in order, before any event that came after.
    async fn catch_up(self: &Arc<Self>) {
        let missed = catchup::missed(&self.rest, &self.names, &self.marks).await;
        if !missed.is_empty() {
            tracing::info!(
                messages = missed.len(),
                "reading what was written while away"
            );
        }
        for m in missed {
            self.dispatch(Event::Message(Box::new(m)));
        }
    }

    /// A message edited after it was sent: the session reads each message once, as it was first
    /// written, so an edited order would go unheeded in silence. Its writer is told to send it
    /// anew, in a DM or in a channel where a game runs (elsewhere the bot has no business).
    /// Discord sends MESSAGE_UPDATE also when it only adds a link's preview: those carry no
    /// `edited_timestamp` and are let be, as are bots' edits and texts not readable.
    async fn edited(&self, e: &MessageUpdateEvent) {
        let by_a_user = e.author.as_ref().is_some_and(|a| !a.bot);
        let has_text = e.content.as_deref().is_some_and(|t| !t.trim().is_empty());
        if !by_a_user || !has_text || e.edited_timestamp.is_none() {
            return;
        }
        if e.guild_id.is_some() && !self.game_in(e.channel_id.get()).await {
            return;
        }
        let lang = e
            .author
            .as_ref()
            .and_then(|a| self.tokens.lang(&a.id.to_string()))
            .unwrap_or(self.lang);
        let text = bot_core::i18n::Messages::get(lang).text("discord-edited", &[]);
        files::say(&self.rest, e.channel_id, &text).await;
    }

    /// A member who left a server is told to the session for each running game he plays in its
    /// channels: out of a lobby at once; in a game under way he keeps his seat until the deadline
    /// of a move of his passes, then leaves as by `/leave` — unless he came back and wrote in the
    /// channel meanwhile. The event's id names the game, so a replayed event counts once. Whether
    /// the session saw anything.
    async fn left(&self, guild: u64, user: &serenity::all::User) -> bool {
        let id = user.id.to_string();
        let games = match self
            .session
            .store()
            .running_games_of_user(bot_core::store::Platform::Discord, &id)
            .await
        {
            Ok(g) => g,
            Err(e) => {
                tracing::warn!(error = %e, "could not read the games of a member who left");
                return false;
            }
        };
        let mut seen = false;
        for g in games {
            let Ok(channel) = g.chat.parse::<u64>() else {
                continue;
            };
            if self.names.channel(channel).await.and_then(|c| c.guild) != Some(guild) {
                continue;
            }
            let key = format!("left:{guild}:{id}:{}", g.id.0);
            let told = self.inlet.member_left(
                bot_core::store::Platform::Discord,
                &g.chat,
                &id,
                &key,
                bot_core::relay::now_ms(),
            );
            match told.await {
                Ok(_) => seen = true,
                Err(e) => tracing::warn!(error = %e, "could not tell the session a member left"),
            }
        }
        seen
    }

    /// Whether a running game is played in a channel. A store that cannot say is taken for yes:
    /// the worst that does is a note too many.
    async fn game_in(&self, channel: u64) -> bool {
        self.session
            .store()
            .running_game_in_chat(bot_core::store::Platform::Discord, &channel.to_string())
            .await
            .map_or(true, |g| g.is_some())
    }

    /// Whether a message was written in a thread of a game's channel that has no game of its
    /// own: the session knows the thread as a chat apart, where no game runs, and would let an
    /// order there go unheeded. Its writer is told to write in the game's channel instead. A
    /// thread the bot opened for a tournament's game has a game of its own: played in as any
    /// channel.
    async fn in_a_games_thread(&self, m: &Message) -> bool {
        if m.guild_id.is_none() || m.author.bot || m.content.trim().is_empty() {
            return false;
        }
        let channel = m.channel_id.get();
        if self.game_in(channel).await {
            return false;
        }
        let Some(parent) = self
            .names
            .channel(channel)
            .await
            .filter(names::Channel::is_thread)
            .and_then(|c| c.parent)
        else {
            return false;
        };
        if !self.game_in(parent).await {
            return false;
        }
        let lang = self
            .tokens
            .lang(&m.author.id.to_string())
            .unwrap_or(self.lang);
        let text = bot_core::i18n::Messages::get(lang).text("discord-thread", &[]);
        files::say(&self.rest, m.channel_id, &text).await;
        true
    }

    /// Records a message handled, for the catch-up after a restart.
    async fn mark(&self, m: &Message) {
        let dm_of = m.guild_id.is_none().then(|| m.author.id.to_string());
        self.marks
            .handled(m.id.get(), Some(m.channel_id.get()), dm_of.as_deref())
            .await;
    }

    /// One event: to the session, then the interaction answered. Whether the session saw it.
    async fn handle(&self, e: Event) -> bool {
        match e {
            // Taken before the lanes (see `run`).
            Event::Ready(_) => return false,
            Event::Edited(e) => {
                self.edited(&e).await;
                return false;
            }
            Event::Left(guild, user) => return self.left(guild, &user).await,
            Event::Message(m) => {
                if self.in_a_games_thread(&m).await {
                    return false;
                }
                if let Some(a) = files::attachment(&m) {
                    let seen = self.file(&m, a).await;
                    if seen {
                        self.mark(&m).await;
                    }
                    return seen;
                }
                let me = self.me.load(std::sync::atomic::Ordering::Relaxed);
                let Some(mut msg) = inbound::from_message(&m, me) else {
                    return false;
                };
                msg.is_admin = self.typed_admin(&m).await;
                // A server's channel, as Discord describes it (read once, then cached): whether
                // the bot may open threads there, and its name.
                if m.guild_id.is_some() {
                    let channel = self.names.channel(m.channel_id.get()).await;
                    msg.threads = channel
                        .as_ref()
                        .is_some_and(|c| thread::takes_threads(c.kind));
                    msg.chat_title = channel.and_then(|c| c.name);
                }
                let lang = msg.lang.unwrap_or(self.lang);
                if self.respond(msg).await.is_err() {
                    // Never dropped in silence: the writer is asked to send it again.
                    let text = bot_core::i18n::Messages::get(lang).text("discord-send-again", &[]);
                    files::say(&self.rest, m.channel_id, &text).await;
                } else {
                    self.mark(&m).await;
                }
            }
            Event::Command(Pending {
                interaction: c,
                ack,
            }) => {
                let msg = inbound::from_command(self.session.registry(), &c);
                let (user, lang) = (msg.user.0.clone(), msg.lang.unwrap_or(self.lang));
                let chat = msg.chat.0.clone();
                let text = match self.respond(msg).await {
                    Ok(reply) => {
                        self.marks.handled(c.id.get(), None, None).await;
                        interaction::command_reply(lang, &reply, &chat)
                    }
                    Err(why) => why,
                };
                if ack.await.is_ok_and(Ack::ours) {
                    interaction::reply(&self.rest, c.application_id, c.id, &c.token, &text).await;
                    self.thinking.end(c.id).await;
                    self.tokens
                        .remember(&user, c.application_id, c.id, &c.token, lang);
                }
            }
            Event::Component(Pending {
                interaction: c,
                ack,
            }) => {
                let msg = inbound::from_component(&c);
                let (user, lang) = (msg.user.0.clone(), msg.lang.unwrap_or(self.lang));
                let popup = match self.respond(msg).await {
                    Ok(reply) => {
                        self.marks.handled(c.id.get(), None, None).await;
                        reply.popup
                    }
                    Err(why) => Some(why),
                };
                if ack.await.is_ok_and(Ack::ours) {
                    if let Some(text) = popup {
                        interaction::follow_up(&self.rest, c.application_id, c.id, &c.token, &text)
                            .await;
                    }
                    self.tokens
                        .remember(&user, c.application_id, c.id, &c.token, lang);
                }
            }
        }
        true
    }

    /// A file sent privately (an exported game to import): fetched and handed to the session, or
    /// the sender told why not, in the language of his latest interaction (his `/import`, most
    /// likely), else the bot's. Whether the session saw it.
    async fn file(&self, m: &Message, a: &Attachment) -> bool {
        let lang = self.tokens.lang(&m.author.id.to_string());
        match files::fetch(&self.rest, a).await {
            Ok(file) => {
                let mut msg = inbound::from_file(m, file);
                msg.lang = lang;
                if let Err(text) = self.respond(msg).await {
                    files::say(&self.rest, m.channel_id, &text).await;
                }
                true
            }
            Err(why) => {
                files::tell(&self.rest, m.channel_id, why, lang.unwrap_or(self.lang)).await;
                false
            }
        }
    }

    /// Whether the author of a typed message administers its channel; read from Discord only for
    /// an admin command in a guild. Should Discord not answer, he is taken for a plain member: the
    /// slash command, which carries his permissions, still works.
    async fn typed_admin(&self, m: &Message) -> bool {
        let (Some(guild), Some(member)) = (m.guild_id, m.member.as_deref()) else {
            return false;
        };
        if !inbound::is_admin_command(&m.content) {
            return false;
        }
        let roles: Vec<u64> = member.roles.iter().map(|r| r.get()).collect();
        // A thread has no overwrites of its own: its channel's apply in it, as Discord reckons.
        let channel = match self.names.channel(m.channel_id.get()).await {
            Some(c) if c.is_thread() => c.parent.map_or(m.channel_id, ChannelId::new),
            _ => m.channel_id,
        };
        match permissions::is_admin(&self.rest, guild, channel, m.author.id.get(), &roles).await {
            Ok(admin) => admin,
            Err(e) => {
                tracing::warn!(error = %e, "could not read a member's permissions");
                false
            }
        }
    }

    /// Hands one input to the session through its chat's lane, where an input that keeps failing
    /// is set aside (and its chat told); what the session made of it, or the words that tell its
    /// sender it could not be taken at all. Nothing of the text is logged: it may be a player's
    /// secret.
    async fn respond(&self, msg: Inbound) -> Result<bot_core::session::chat::Reply, String> {
        let id = msg.message_id.clone();
        let lang = msg.lang.unwrap_or(self.lang);
        match self.inlet.respond(msg, bot_core::relay::now_ms()).await {
            Ok(reply) => {
                tracing::debug!(%id, queued = reply.outbound.len(), "handled");
                Ok(reply)
            }
            Err(e) => {
                tracing::error!(%id, error = %e, "the session could not take an input");
                Err(bot_core::i18n::Messages::get(lang).text("discord-failed", &[]))
            }
        }
    }
}

/// Runs the gateway until `stop` turns true, or Discord ends it. On close code 4014 (the MESSAGE
/// CONTENT intent is not enabled for the bot) it connects again without that intent: slash
/// commands and buttons work all the same, only typed orders go unread.
async fn gateway(
    config: &Config,
    rest: &Arc<Rest>,
    names: &Arc<names::Names>,
    thinking: &Arc<interaction::Thinking>,
    registry: Registry,
    events: mpsc::UnboundedSender<Event>,
    stop: watch::Receiver<bool>,
) -> Result<(), RunError> {
    let mut message_content = config.message_content;
    let mut members = config.members;
    loop {
        let result = shards(
            config,
            intents(message_content, members),
            || Handler {
                events: events.clone(),
                rest: rest.clone(),
                names: names.clone(),
                thinking: thinking.clone(),
                registry,
            },
            rest,
            &stop,
        )
        .await;
        // Discord's 4014 does not say which privileged intent it refused: the members' goes
        // first, as the lesser loss.
        match result {
            Err(serenity::Error::Gateway(GatewayError::DisallowedGatewayIntents))
                if members && !*stop.borrow() =>
            {
                tracing::warn!(
                    "Discord refused a privileged intent (close code 4014); going on without \
                     GUILD MEMBERS (enable it in the Developer Portal): a player who leaves the \
                     server stays in his games until his turns are skipped or he is kicked."
                );
                members = false;
            }
            Err(serenity::Error::Gateway(GatewayError::DisallowedGatewayIntents))
                if message_content && !*stop.borrow() =>
            {
                tracing::warn!(
                    "Discord refused the MESSAGE CONTENT intent (close code 4014): it is not \
                     enabled for this bot in the Developer Portal. Going on without it: slash \
                     commands and buttons work, orders typed in a channel are not read."
                );
                message_content = false;
            }
            other => return other.map_err(RunError::from),
        }
    }
}

/// Discord lets a bot IDENTIFY once per 5 s (`max_concurrency` 1, as for every bot not in its
/// large-bot sharding): the shards of a process start this far apart, as serenity's queue would.
const BETWEEN_SHARDS: std::time::Duration = std::time::Duration::from_secs(5);

/// Runs each shard of the process in a serenity client of its own (see [`resume`]) until `stop`
/// turns true or one of them ends; then stops the others and returns how the first one ended.
async fn shards(
    config: &Config,
    intents: GatewayIntents,
    handler: impl Fn() -> Handler,
    rest: &Arc<Rest>,
    stop: &watch::Receiver<bool>,
) -> Result<(), serenity::Error> {
    let range = config.shards;
    let mut managers = Vec::new();
    let mut runs = tokio::task::JoinSet::new();
    for (n, shard) in (range.first..=range.last).enumerate() {
        let mut client = ClientBuilder::new_with_http(rest.gateway_http(), intents)
            .event_handler(handler())
            .await?;
        client
            .data
            .write()
            .await
            .insert::<resume::Address>(client.ws_url.clone());
        managers.push(client.shard_manager.clone());
        let mut stopped = stop.clone();
        let count = range.count;
        runs.spawn(async move {
            let wait = BETWEEN_SHARDS * n as u32;
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = stopped.wait_for(|s| *s) => return Ok(()),
            }
            client.start_shard(shard, count).await
        });
    }
    let all = managers.clone();
    let mut watch = stop.clone();
    let stopper = tokio::spawn(async move {
        let _ = watch.wait_for(|s| *s).await;
        for m in &all {
            m.shutdown_all().await;
        }
    });
    let first = runs.join_next().await;
    stopper.abort();
    for m in &managers {
        m.shutdown_all().await;
    }
    while runs.join_next().await.is_some() {}
    match first {
        Some(Ok(result)) => result,
        // A shard's task panicked: the gateway is gone all the same.
        Some(Err(e)) => Err(serenity::Error::Other(if e.is_panic() {
            "a gateway shard panicked"
        } else {
            "a gateway shard was cancelled"
        })),
        None => Ok(()),
    }
}

/// Runs the bot until `shutdown` completes: the gateway, the event worker and the relay. Returns when
/// all three have stopped; everything not yet sent stays in the outbox for the next start.
pub async fn run(
    config: Config,
    session: Session,
    lang: Lang,
    shutdown: bot_core::shutdown::Stop,
) -> Result<(), RunError> {
    let nonce_tag = courier::nonce_tag(session.store()).await?;
    let rest = Arc::new(Rest::new(&config.token, config.api_url.as_deref()));
    let (events_tx, events_rx) = mpsc::unbounded_channel();
    let tokens = Arc::new(interaction::Tokens::default());
    let names = Arc::new(names::Names::new(rest.clone()));
    let relay = Relay::new(
        session.clone(),
        DiscordCourier::new(rest.clone(), tokens.clone(), nonce_tag, names.clone()),
    );
    let waker = relay.waker();
    let (stop_relay, relay_stopped) = oneshot::channel::<()>();
    let relay = tokio::spawn(relay.run(async move {
        let _ = relay_stopped.await;
    }));
    let marks = catchup::Marks::new(session.store().clone());
    // Commands an earlier run left "thinking…" are answered before any of this run is noted.
    let thinking = Arc::new(interaction::Thinking::new(session.store().clone()));
    thinking.finish_left(&rest).await;
    let registry = session.registry();
    let inlet = bot_core::inlet::Inlet::new(session.clone());
    let lanes = bot_core::lanes::Lanes::default();
    let mut worker = tokio::spawn(
        Worker {
            inlet: inlet.clone(),
            lanes: lanes.clone(),
            session,
            rest: rest.clone(),
            waker,
            tokens,
            names: names.clone(),
            marks,
            thinking: thinking.clone(),
            lang,
            me: Default::default(),
        }
        .run(events_rx),
    );
    let (stop, stopped) = watch::channel(false);
    let signal = tokio::spawn(async move {
        shutdown.await;
        let _ = stop.send(true);
    });
    let result = gateway(
        &config, &rest, &names, &thinking, registry, events_tx, stopped,
    )
    .await;
    signal.abort();
    // The gateway is gone and with it every sender of events: the worker hands out what it has
    // and ends, and the channels' lanes finish their events. Should that take too long (a
    // database that does not answer), they are stopped: what was not committed is not half done.
    let started = tokio::time::Instant::now();
    if tokio::time::timeout(config.shutdown_grace, &mut worker)
        .await
        .is_err()
    {
        tracing::warn!("the event worker did not finish in time; stopping it");
        worker.abort();
        let _ = worker.await;
    }
    let left = config.shutdown_grace.saturating_sub(started.elapsed());
    lanes.finish(left).await;
    inlet.finish(left).await;
    let _ = stop_relay.send(());
    let _ = relay.await;
    result
}

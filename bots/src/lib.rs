//! The one process of the game master: on one database it runs the Telegram bot and the Discord
//! bot whose tokens are set and, with no token at all (or `[web] enabled = "on"`), the local web
//! chat at <http://127.0.0.1:8080>. The log says which run and how to add the others.
//!
//! It hosts the games it is handed ([`main`]'s registry) and names none: the binary `gm-bot` hands
//! it the bot's list. So a change to a game rebuilds that game, the list and `gm-bot`'s few lines,
//! not this crate's platforms, logging and runtime.

use std::process::ExitCode;

use bot_core::i18n::Lang;
use bot_core::session::{Registry, Session};
use bot_core::settings::Settings;
use bot_core::store::{Location, Retention, Store, StoreOptions};
use tokio::sync::watch;
use tokio::task::JoinSet;

/// What runs in this process.
struct Plan {
    telegram: Option<telegram::Config>,
    discord: Option<discord::config::Config>,
    web: Option<web::Config>,
}

/// Runs the game master hosting `games` until it is asked to stop; the process's exit code.
pub fn main(games: Registry) -> ExitCode {
    // The Discord bot's filter: its libraries' lower levels log tokens and private messages.
    tracing_subscriber::fmt()
        .with_env_filter(discord::logs::filter(
            std::env::var("RUST_LOG").ok().as_deref(),
        ))
        .with_writer(std::io::stderr)
        // Colour codes only for a terminal: a log written to a file or a journal stays plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    bot_core::panics::quiet();
    let settings = match bot_core::settings::load() {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let plan = match plan(&settings) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    if plan.telegram.is_none() && plan.discord.is_none() && plan.web.is_none() {
        eprintln!(
            "Nothing to run: no bot token is set and the web chat is off ([web] enabled = \"off\").\n\
             Set TELOXIDE_TOKEN or DISCORD_TOKEN, or turn the web chat on (GM_WEB_ENABLED=on)."
        );
        return ExitCode::from(2);
    }
    announce(&plan);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    match runtime.block_on(run(&settings, plan, games)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// Reads which platforms run from the settings and the environment.
fn plan(settings: &Settings) -> Result<Plan, String> {
    let location = settings.database().map_err(|e| e.to_string())?;
    let telegram = settings
        .section::<telegram::Config>("telegram")
        .map_err(|e| e.to_string())?
        .with_env_token(settings.var("TELOXIDE_TOKEN").map(str::to_string));
    let section: discord::config::Section =
        settings.section("discord").map_err(|e| e.to_string())?;
    let discord = match discord::config::Config::resolve(
        section,
        settings.var("DISCORD_TOKEN").map(str::to_string),
    ) {
        Ok(c) => Some(c),
        Err(discord::config::ConfigError::MissingToken) => None,
        Err(e) => return Err(e.to_string()),
    };
    let web: web::Config = settings.section("web").map_err(|e| e.to_string())?;
    let bots = telegram.is_some() || discord.is_some();
    if matches!(location, Location::Postgres(_)) && web.enabled.runs(bots) {
        return Err(
            "the web chat keeps its history in a SQLite file and runs as one process: run it \
             with a sqlite:// database, and the bots on PostgreSQL without it (GM_WEB_ENABLED=off)"
                .into(),
        );
    }
    Ok(Plan {
        telegram,
        discord,
        web: web.enabled.runs(bots).then_some(web),
    })
}

/// Says what runs, and how to add what does not.
fn announce(plan: &Plan) {
    match &plan.telegram {
        Some(_) => tracing::info!("Telegram: running"),
        None => tracing::info!(
            "Telegram: off; to add it, ask @BotFather for a token (/newbot) and set TELOXIDE_TOKEN"
        ),
    }
    match &plan.discord {
        Some(_) => tracing::info!("Discord: running"),
        None => tracing::info!(
            "Discord: off; to add it, set DISCORD_TOKEN (the README's section \"Discord\" says how to get one)"
        ),
    }
    match &plan.web {
        Some(w) => tracing::info!(
            "web chat: open http://{} in a browser, one tab per player",
            w.listen
        ),
        None => tracing::info!(
            "web chat: off while a bot runs; GM_WEB_ENABLED=on runs it beside the bots"
        ),
    }
}

/// Runs every planned platform on one session until Ctrl-C or SIGTERM, or until one of them fails
/// (then the others are stopped too, and the failure reported).
async fn run(settings: &Settings, plan: Plan, games: Registry) -> Result<(), String> {
    let common = settings.common().map_err(|e| e.to_string())?;
    let location = settings.database().map_err(|e| e.to_string())?;
    let store = Store::connect_with(&location, &StoreOptions::default())
        .await
        .map_err(|e| format!("the database {}: {e}", location.shown()))?;
    let seed = common.session_seed();
    let session = Session::open(store.clone(), games, seed, common.lang)
        .await
        .map_err(|e| e.to_string())?;
    tracing::info!(database = %location.shown(), "store open");
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut running: JoinSet<Result<(), String>> = JoinSet::new();
    let lang: Lang = common.lang;
    if let Some(c) = plan.telegram {
        let (s, stop) = (session.clone(), stopped(stop_rx.clone()));
        running.spawn(async move {
            telegram::run(c, s, lang, Box::pin(stop))
                .await
                .map_err(|e| format!("telegram: {e}"))
        });
    }
    if let Some(c) = plan.discord {
        let (s, stop) = (session.clone(), stopped(stop_rx.clone()));
        running.spawn(async move {
            discord::run(c, s, lang, Box::pin(stop))
                .await
                .map_err(|e| format!("discord: {e}"))
        });
    }
    if let Some(c) = plan.web {
        let (s, stop) = (session.clone(), stopped(stop_rx.clone()));
        let database = common.database.clone();
        running.spawn(async move {
            web::run(c, s, &database, lang, Box::pin(stop))
                .await
                .map_err(|e| format!("web: {e}"))
        });
    }
    {
        let (store, stop) = (store.clone(), stopped(stop_rx.clone()));
        running.spawn(async move {
            bot_core::upkeep::run(store, Retention::default(), stop).await;
            Ok(())
        });
    }
    let signalled = stop_tx.clone();
    tokio::spawn(async move {
        bot_core::shutdown::signal().await;
        let _ = signalled.send(true);
    });
    let failure = supervise(&store, &mut running, &stop_tx, stop_rx).await;
    store.close().await;
    failure.map_or(Ok(()), Err)
}

/// How long the platforms have to stop once asked: each ends after the transaction in hand (the
/// store's writes run to their end); whatever is still running after this is cut off.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(4);

/// Waits for the platforms to end, asking all to stop when one fails or the database file is lost,
/// and cutting off what has not stopped [`SHUTDOWN_GRACE`] after the stop. The failure to report,
/// if any.
async fn supervise(
    store: &Store,
    running: &mut JoinSet<Result<(), String>>,
    stop_tx: &watch::Sender<bool>,
    stop_rx: watch::Receiver<bool>,
) -> Option<String> {
    let mut failure = None;
    let lost = store.lost();
    tokio::pin!(lost);
    let mut lost_seen = false;
    let deadline = async {
        stopped(stop_rx).await;
        tokio::time::sleep(SHUTDOWN_GRACE).await;
    };
    tokio::pin!(deadline);
    loop {
        tokio::select! {
            done = running.join_next() => {
                let Some(done) = done else { break };
                let result = done.unwrap_or_else(|e| Err(format!("a platform's task failed: {e}")));
                if let Err(e) = result {
                    tracing::error!("{e}");
                    failure.get_or_insert(e);
                    let _ = stop_tx.send(true);
                }
            }
            path = &mut lost, if !lost_seen => {
                lost_seen = true;
                let e = format!(
                    "the database file {} was removed or replaced while the bot ran; it stopped \
                     taking input so that nothing more is acknowledged into a file that is gone. \
                     Put the file back (or set GM_BOT_DATABASE to the right one) and start the bot again",
                    path.display()
                );
                tracing::error!("{e}");
                failure.get_or_insert(e);
                let _ = stop_tx.send(true);
            }
            () = &mut deadline => {
                tracing::warn!("the platforms took too long to stop; the rest is cut off");
                running.abort_all();
                while running.join_next().await.is_some() {}
                break;
            }
        }
    }
    failure
}

/// Resolves once the stop is signalled.
async fn stopped(mut rx: watch::Receiver<bool>) {
    while !*rx.borrow() {
        if rx.changed().await.is_err() {
            return;
        }
    }
}

fn fail(e: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("gm-bot: {e}");
    ExitCode::FAILURE
}

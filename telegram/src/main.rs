//! The Telegram bot: loads the settings, opens the store, runs until Ctrl-C or SIGTERM.

use std::process::ExitCode;

use bot_core::session::Session;
use bot_core::store::Store;
use telegram::Config;

const NO_TOKEN: &str = "\
The Telegram bot needs a token. Ask @BotFather in Telegram for one (/newbot), then
  TELOXIDE_TOKEN=<token> cargo run --release -p telegram
(or put it in config/default.toml under [telegram] as token = \"...\").
Meanwhile, play locally with gm script (chat messages in as JSON lines, the master's answers out):
  cargo run --release --bin gm -- script --help
The README's sections \"Telegram\" and \"Playing locally\" say more.";

fn main() -> ExitCode {
    init_tracing();
    let settings = match bot_core::settings::load() {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let (common, config) = match (settings.common(), settings.section::<Config>("telegram")) {
        (Ok(c), Ok(t)) => (c, t),
        (Err(e), _) => return fail(&e),
        (_, Err(e)) => return fail(&e),
    };
    let Some(config) = config.with_env_token(settings.var("TELOXIDE_TOKEN").map(str::to_string))
    else {
        eprintln!("{NO_TOKEN}");
        return ExitCode::from(2);
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let result = runtime.block_on(async {
        let store = Store::open(&common.database)
            .await
            .map_err(|e| e.to_string())?;
        let seed = common.session_seed();
        let session = Session::open(store.clone(), bot_core::cli::GAMES, seed, common.lang)
            .await
            .map_err(|e| e.to_string())?;
        tracing::info!(database = %common.database.display(), "store open");
        let run = telegram::run(config, session, common.lang, bot_core::shutdown::signal()).await;
        store.close().await;
        run.map_err(|e| e.to_string())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// Logs to stderr, `RUST_LOG` choosing how much (info by default). Nothing logged carries the
/// token or the text of a private message.
fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}

fn fail(e: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("telegram: {e}");
    ExitCode::FAILURE
}

//! Two bot processes on one PostgreSQL database: one receives Telegram's updates (polling), the
//! other only delivers messages and fires timers (`mode = "deliver"`); both send from the shared
//! outbox. A whole game plays as on one process, each message shown once; a process killed with
//! a message in flight is taken over after its lease, and the message goes once.

mod fake;
mod kit;

use std::time::Duration;

use bot_core::i18n::Lang;
use bot_core::store::{Location, StoreOptions};
use fake::{Fake, Fault, TOKEN};
use kit::{caught_up, golden, open_chats, play_lines};
use telegram::{Config, Mode};

/// How long a lease lasts in this test: a dead process's messages wait that long.
const LEASE: Duration = Duration::from_secs(2);

fn options() -> StoreOptions {
    StoreOptions {
        lease: LEASE,
        ..StoreOptions::default()
    }
}

fn config(fake: &Fake, mode: Mode) -> Config {
    Config {
        mode,
        ..Config::for_tests(&fake.url(), TOKEN)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_receiver_and_a_deliverer_share_a_game_and_take_over_from_each_other() {
    let Some(db) = kit::postgres("tg-processes").await else {
        return;
    };
    let location = Location::parse(&db.url());
    let g = golden("classic_en", Lang::En).await;
    let fake = Fake::start().await;
    open_chats(&fake, &g);
    let (mut deliverer, deliverer_owner) =
        kit::start_crashable_at(config(&fake, Mode::Deliver), &location, Lang::En, options());
    // A process that only delivers never asks Telegram for updates.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(fake.calls("getUpdates").is_empty());
    let (mut receiver, receiver_owner) =
        kit::start_crashable_at(config(&fake, Mode::Polling), &location, Lang::En, options());
    let half = g.lines.len() / 2;
    play_lines(&fake, &g, 0, half).await;
    // The next message hangs on its way to Telegram, and the process sending it dies.
    fake.fail_next("sendMessage", None, Fault::Stall);
    kit::play(&fake, &g, half);
    assert!(fake.wait(|f| f.faults_used()).await, "a message hangs");
    let holders = db.leaseholders().await;
    assert_eq!(holders.len(), 1, "one process sends it: {holders:?}");
    if holders[0] == receiver_owner {
        receiver.crash();
        receiver =
            kit::start_crashable_at(config(&fake, Mode::Polling), &location, Lang::En, options()).0;
    } else {
        assert_eq!(holders[0], deliverer_owner);
        deliverer.crash();
        deliverer =
            kit::start_crashable_at(config(&fake, Mode::Deliver), &location, Lang::En, options()).0;
    }
    assert!(
        fake.wait(|f| caught_up(f, &g, half + 1)).await,
        "the message went once, after the lease"
    );
    play_lines(&fake, &g, half + 1, g.lines.len()).await;
    receiver.crash();
    deliverer.crash();
}

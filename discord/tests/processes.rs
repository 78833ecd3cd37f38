//! Two bot processes on one PostgreSQL database, the Discord gateway split between them: the
//! guild's events reach one (shard 1 of 2), the players' private messages the other (shard 0), and
//! both deliver any message through the REST API. A whole game plays as on one process, each
//! message shown once; a process killed with a message in flight is taken over after its lease, and
//! the message goes once.

mod fake;
mod harness;

use std::time::Duration;

use bot_core::i18n::Lang;
use fake::{Fault, On, User};
use harness::{Process, Reference, postgres, script};

/// How long a lease lasts in this test: a dead process's messages wait that long.
const LEASE: Duration = Duration::from_secs(2);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_a_game_and_one_takes_over_from_a_dead_one() {
    let Some(db) = postgres("discord-processes").await else {
        return;
    };
    let fake = fake::Fake::start().await;
    let url = db.url();
    let lang = Lang::En;
    let mut dms = Process::start(&fake, &url, lang, (0, 0, 2), LEASE).await;
    let mut guild = Process::start(&fake, &url, lang, (1, 1, 2), LEASE).await;
    assert_eq!(
        fake.shards().1,
        vec![[0, 2], [1, 2]],
        "each process identifies as its shard"
    );
    let mut reference = Reference::new(lang).await;
    let mut users: Vec<User> = vec![];
    let lines = script("classic_en");
    let (mut public, mut private) = (0, 0);
    for (i, line) in lines.iter().enumerate() {
        let user = fake.user(&line.user);
        if !users.iter().any(|u| u.id == user.id) {
            users.push(user.clone());
        }
        if line.private {
            private += 1;
        } else {
            public += 1;
        }
        if i != lines.len() / 2 {
            harness::play_line(
                &fake,
                &mut reference,
                &users,
                &user,
                line.private,
                &line.text,
            )
            .await;
            continue;
        }
        // Halfway, the next message hangs on its way to Discord, and the process sending it dies.
        fake.inject_on(On::Send, &[Fault::Stall(30.0)]);
        let served = fake.faults_served().len();
        reference.play(&fake, &user, line).await;
        if line.private {
            user.says_privately(&line.text);
        } else {
            user.says(fake::CHANNEL, &line.text);
        }
        fake.wait("a message hangs", |f| f.faults_served().len() > served)
            .await;
        let holders = db.leaseholders().await;
        assert_eq!(holders.len(), 1, "one process sends it: {holders:?}");
        let replacement = if holders[0] == dms.owner() {
            dms.kill();
            (0, 0, 2)
        } else {
            assert_eq!(holders[0], guild.owner());
            guild.kill();
            (1, 1, 2)
        };
        // The other delivers it after the lease, and a new process takes the dead one's shard.
        let started = Process::start(&fake, &url, lang, replacement, LEASE).await;
        if replacement.0 == 0 {
            dms = started;
        } else {
            guild = started;
        }
        harness::caught_up(&fake, &reference, &users).await;
    }
    assert!(public > 5 && private > 2, "a game played on both shards");
    // The dead process's shard was identified anew by its replacement.
    assert_eq!(fake.shards().1.len(), 3, "{:?}", fake.shards());
    assert!(
        fake.faults_served()
            .iter()
            .any(|f| matches!(f, Fault::Stall(_))),
        "a message hung"
    );
    let channel = harness::assert_as_reference(&fake, &reference, &users);
    assert!(channel.len() > 10, "a whole game was played");
    dms.stop().await;
    guild.stop().await;
}

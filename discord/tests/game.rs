//! Whole games through Discord: bot-core's golden scripts played by three users in a channel and by
//! DM against the real serenity client and the fake Discord. Every channel and DM must receive
//! exactly what the session sends for the same inputs, in order, once — also through 429s, 500s, a
//! dropped gateway, a redelivered event and a restart — and no private text may reach the channel.

mod fake;
mod harness;

use bot_core::i18n::Lang;
use fake::{CHANNEL, Fake, Fault, User};
use harness::{Bot, Reference, channel_target, script, temp_db, user_target};

/// Something that goes wrong before a line is played.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Trouble {
    /// The line's first message meets a 429 with `retry_after`.
    RateLimited,
    /// The line's first two sends meet 500s.
    ServerErrors,
    /// The gateway drops just before the line is written: it arrives on RESUME.
    GatewayDrop,
    /// The line's event is delivered twice.
    Redelivered,
    /// The bot is stopped while the line's answers are stuck behind 500s, and started again.
    Restart,
}

/// Waits until every target has been shown as many texts as the reference sent it.
async fn caught_up(fake: &Fake, reference: &Reference, users: &[User]) {
    let targets: Vec<(u64, usize)> = std::iter::once(CHANNEL)
        .map(|c| (c, reference.to(&channel_target(c)).len()))
        .chain(
            users
                .iter()
                .map(|u| (fake.dm_of(u), reference.to(&user_target(u)).len())),
        )
        .collect();
    fake.wait("every answer delivered", |f| {
        targets.iter().all(|(c, n)| f.shown(*c).len() >= *n)
    })
    .await;
}

async fn play(name: &str, lang: Lang, trouble: impl Fn(usize) -> Option<Trouble>) {
    let fake = Fake::start().await;
    let db = temp_db(name);
    let mut bot = Bot::start(&fake, &db, lang).await;
    let mut reference = Reference::new(lang).await;
    let mut users: Vec<User> = vec![];
    let mut met = vec![];
    for (i, line) in script(name).iter().enumerate() {
        let user = fake.user(&line.user);
        if !users.iter().any(|u| u.id == user.id) {
            users.push(user.clone());
        }
        let trouble = trouble(i);
        met.extend(trouble);
        match trouble {
            Some(Trouble::RateLimited) => fake.inject(&[Fault::RateLimited(0.4)]),
            Some(Trouble::ServerErrors) => fake.inject(&[Fault::ServerError, Fault::ServerError]),
            Some(Trouble::GatewayDrop) => {
                fake.drop_gateway();
                fake.wait("the socket is down", |f| !f.connected()).await;
            }
            Some(Trouble::Restart) => fake.inject(&[Fault::ServerError; 3]),
            _ => {}
        }
        let served = fake.faults_served().len();
        reference.play(&fake, &user, line).await;
        let id = if line.private {
            user.says_privately(&line.text)
        } else {
            user.says(CHANNEL, &line.text)
        };
        if trouble == Some(Trouble::Restart) {
            fake.wait("the relay meets a 500", |f| {
                f.faults_served().len() > served
            })
            .await;
            bot.stop().await;
            bot = Bot::start(&fake, &db, lang).await;
        }
        caught_up(&fake, &reference, &users).await;
        if trouble == Some(Trouble::Redelivered) {
            // Handled twice, it would show its answers twice: the final comparison catches that.
            fake.redeliver(id);
        }
    }
    let channel = fake.shown(CHANNEL);
    assert_eq!(
        channel,
        reference.to(&channel_target(CHANNEL)),
        "the channel"
    );
    for u in &users {
        assert_eq!(
            fake.dm_texts_shown(u),
            reference.to(&user_target(u)),
            "{}'s DMs",
            u.name
        );
    }
    // The revealed maze comes as an attachment, as often as the session sent a picture.
    let pictures = fake
        .posted_in(CHANNEL)
        .iter()
        .filter(|p| p.files == ["maze.png"] && p.file_sizes[0] > 100)
        .count();
    let expected = reference.pictures.get(&channel_target(CHANNEL)).copied();
    assert_eq!(pictures, expected.unwrap_or(0), "pictures in the channel");
    // What was said to one player alone never appears in the channel.
    let public = channel.join("\n");
    for u in &users {
        for text in reference.to(&user_target(u)) {
            if text.len() > 12 && !channel.contains(&text) {
                assert!(!public.contains(&text), "a DM to {} leaked: {text}", u.name);
            }
        }
    }
    assert!(
        channel.len() > 10 && users.len() == 3,
        "a whole game was played"
    );
    // The troubles really happened: the fake served the faults, serenity resumed and re-identified.
    let count = |t: Trouble| met.iter().filter(|m| **m == t).count();
    let served = fake.faults_served();
    let rate_limited = served
        .iter()
        .filter(|f| matches!(f, Fault::RateLimited(_)))
        .count();
    let failed = served.iter().filter(|f| **f == Fault::ServerError).count();
    assert_eq!(rate_limited, count(Trouble::RateLimited));
    assert!(
        fake.violations().is_empty(),
        "retried before retry_after: {:?}",
        fake.violations()
    );
    assert_eq!(
        failed,
        2 * count(Trouble::ServerErrors) + 3 * count(Trouble::Restart)
    );
    let (identifies, resumes) = fake.sessions();
    assert_eq!(identifies as usize, 1 + count(Trouble::Restart));
    assert!(resumes as usize >= count(Trouble::GatewayDrop));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_classic_game_in_english_as_in_gm_script() {
    play("classic_en", Lang::En, |_| None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_classic_game_in_russian_through_faults_and_a_restart() {
    play("classic_ru", Lang::Ru, |i| match i {
        2 => Some(Trouble::RateLimited),
        5 => Some(Trouble::ServerErrors),
        8 => Some(Trouble::GatewayDrop),
        10 => Some(Trouble::Redelivered),
        13 => Some(Trouble::Restart),
        17 => Some(Trouble::GatewayDrop),
        _ => None,
    })
    .await;
}

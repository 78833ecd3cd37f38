//! Whole games through Discord: the golden scripts played by three users in a channel and by
//! DM against the real serenity client and the fake Discord. Every channel and DM must receive
//! exactly what the session sends for the same inputs, in order, once — also through 429s, 500s, a
//! dropped gateway, a redelivered event and a restart — and no private text may reach the channel.

mod fake;
mod harness;

use bot_core::i18n::Lang;
use bot_core::session::chat::Content;
use fake::{CHANNEL, Fake, Fault, User};
use harness::{
    Bot, PLAN, Reference, acked, channel_target, reply, script, temp_db, turn_button, user_target,
    with_button,
};

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
                let before = fake.sessions();
                fake.drop_gateway();
                // The bot may be back (resumed, or identified anew) before a poll sees it away.
                fake.wait("the socket is down or back", |f| {
                    !f.connected() || f.sessions() != before
                })
                .await;
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
        harness::caught_up(&fake, &reference, &users).await;
        if trouble == Some(Trouble::Redelivered) {
            // Handled twice, it would show its answers twice: the final comparison catches that.
            fake.redeliver(id);
        }
    }
    let channel = harness::assert_as_reference(&fake, &reference, &users);
    // The revealed maze comes as an attachment, as often as the session sent a picture.
    let (pictures, expected) = harness::pictures_in(&fake, &reference);
    assert_eq!(pictures, expected, "pictures in the channel");
    let names: Vec<String> = fake
        .posted_in(CHANNEL)
        .iter()
        .flat_map(|p| p.files.clone())
        .collect();
    assert!(names.iter().all(|n| n == "picture.png"), "{names:?}");
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
    // Discord's gateway documentation ("Resuming"): on the READY's resume_gateway_url.
    assert_eq!(fake.resumed_elsewhere(), 0, "resumed on the first address");
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

/// One input of the three-player game, as a user gives it in Discord.
enum Step {
    /// A slash command in the channel, with its options.
    Slash(
        &'static str,
        &'static str,
        &'static [(&'static str, &'static str)],
    ),
    /// A text typed in the channel.
    Says(&'static str, &'static str),
    /// A text written to the bot privately.
    Dm(&'static str, &'static str),
    /// A press of the start-cell button for this cell, on the grid in the user's DMs.
    Cell(&'static str, &'static str),
    /// A press of the turn button for this action (`go down`), in the channel.
    Turn(&'static str, &'static str),
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_to_the_reveal_with_commands_buttons_and_typed_orders() {
    use Step::*;
    let plan = format!("```\n{PLAN}\n```");
    let plan: &'static str = Box::leak(plan.into_boxed_str());
    // gm is the master of his own plan; ann, bob and cid play, in the order they joined. bob is
    // shot and wounded in round 3 and chooses a new cell privately; he finds the treasure and
    // walks out with it in round 7.
    let steps = [
        Slash(
            "gm",
            "newgame",
            &[
                ("ruleset", "classic"),
                ("options", "plan=own order=join wounded_shoot=yes"),
            ],
        ),
        Slash("ann", "join", &[]),
        Slash("bob", "join", &[]),
        Slash("cid", "join", &[]),
        Slash("gm", "begin", &[]),
        Dm("gm", plan),
        Cell("ann", "D4"),
        Cell("bob", "A4"),
        Cell("cid", "E1"),
        Turn("ann", "go up"),
        Slash("bob", "move", &[("order", "shoot right then go down")]),
        Turn("cid", "go down"),
        Says("ann", "Go up"),
        Says("bob", "Blow the wall up, then go up"),
        Slash("cid", "move", &[("order", "go down")]),
        Says("ann", "Shoot left then go up"),
        Dm("bob", "B4"),
        Turn("bob", "go up"),
        Says("cid", "go down"),
        Says("ann", "go right"),
        Says("bob", "go up then blow the wall up"),
        Turn("cid", "go down"),
        Says("ann", "blow the wall right and go right"),
        Says("bob", "go up"),
        Says("cid", "go down"),
        Slash("ann", "move", &[("order", "go left")]),
        Says("bob", "go left"),
        Says("cid", "go down"),
        Says("ann", "go left"),
        Turn("bob", "go up"),
    ];
    let fake = Fake::start().await;
    let db = temp_db("three");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let mut reference = Reference::new(Lang::En).await;
    let users: Vec<User> = ["gm", "ann", "bob", "cid"]
        .iter()
        .map(|n| fake.user(n))
        .collect();
    let user = |name: &str| users.iter().find(|u| u.name == name).unwrap().clone();
    for step in &steps {
        match step {
            Slash(who, name, opts) => {
                let u = user(who);
                let options: Vec<(String, String)> = opts
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect();
                let text = discord::inbound::command_text(registry::GAMES, name, &options);
                reference.input(&fake, &u, false, Content::Text(text)).await;
                reply(&fake, u.slash(CHANNEL, name, opts)).await;
            }
            Says(who, text) => {
                let u = user(who);
                reference
                    .input(&fake, &u, false, Content::Text(text.to_string()))
                    .await;
                u.says(CHANNEL, text);
            }
            Dm(who, text) => {
                let u = user(who);
                reference
                    .input(&fake, &u, true, Content::Text(text.to_string()))
                    .await;
                u.says_privately(text);
            }
            Cell(who, cell) => {
                let u = user(who);
                let dm = fake.dm_of(&u);
                let suffix = format!(" {cell}");
                let (msg, id) =
                    with_button(&fake, dm, |id| id.ends_with(&suffix)).expect("a start-cell grid");
                reference
                    .input(&fake, &u, true, Content::Button(id.clone()))
                    .await;
                acked(&fake, u.presses(&msg, &id)).await;
            }
            Turn(who, action) => {
                let u = user(who);
                let (msg, id) = turn_button(&fake, action).expect("turn buttons");
                reference
                    .input(&fake, &u, false, Content::Button(id.clone()))
                    .await;
                acked(&fake, u.presses(&msg, &id)).await;
            }
        }
        harness::caught_up(&fake, &reference, &users).await;
    }

    // Every channel and DM got exactly what the session sent, in order, once.
    let channel = fake.shown(CHANNEL);
    assert_eq!(channel, reference.to(&channel_target(CHANNEL)));
    for u in &users {
        let dms = fake.dm_texts_shown(u);
        assert_eq!(dms, reference.to(&user_target(u)), "{}'s DMs", u.name);
        assert!(!dms.is_empty(), "{} heard privately", u.name);
    }
    let reveal = channel
        .iter()
        .position(|t| t.contains("The whole maze"))
        .expect("the maze revealed");
    assert!(channel[reveal - 1].contains("bob carried out the true treasure and wins"));
    // The maze's drawing is a code block, in monospace, so that its columns line up: every row
    // of the maze, as written, and nothing else (issue 19, item 11).
    let revealed = fake
        .posted_in(CHANNEL)
        .into_iter()
        .find(|p| p.history[0].contains("The whole maze"))
        .unwrap();
    let rows: Vec<&str> = revealed
        .content
        .lines()
        .filter(|l| l.starts_with(['+', '|']))
        .collect();
    assert_eq!(rows.len(), 9, "{revealed:?}");
    assert_eq!(revealed.code, vec![rows.join("\n")], "{revealed:?}");
    let pictures: Vec<_> = fake
        .posted_in(CHANNEL)
        .into_iter()
        .filter(|p| p.files == ["picture.png"] && p.file_sizes[0] > 100)
        .collect();
    assert_eq!(pictures.len(), 1, "the revealed maze as a picture");

    // Before the reveal, the channel showed no secret: no start cell or new cell as a word, no
    // line of the plan, no text sent privately — in texts (with every edit), embeds or buttons.
    let reveal_id = fake
        .posted_in(CHANNEL)
        .iter()
        .find(|p| p.history[0].contains("The whole maze"))
        .unwrap()
        .id;
    let mut public: Vec<String> = channel[..reveal].to_vec();
    for p in fake.posted_in(CHANNEL).iter().filter(|p| p.id < reveal_id) {
        public.extend(p.words());
    }
    let words: Vec<&str> = public
        .iter()
        .flat_map(|t| t.split(|c: char| !c.is_alphanumeric()))
        .collect();
    for cell in ["D4", "A4", "E1", "B4"] {
        assert!(
            !words.contains(&cell),
            "the cell {cell} was shown: {public:?}"
        );
    }
    for line in PLAN.lines().map(str::trim).filter(|l| !l.is_empty()) {
        assert!(
            public.iter().all(|t| !t.contains(line)),
            "the plan's line {line:?} was shown"
        );
    }
    for u in &users {
        for text in fake.dm_texts_shown(u) {
            assert!(
                public.iter().all(|t| !t.contains(&text)),
                "a DM to {} was shown: {text}",
                u.name
            );
        }
    }
    assert!(fake.late_acknowledgements().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn words_addressed_to_the_bot_are_answered_off_turn_and_talk_is_not() {
    // Issue 36: players talk among themselves in the channel; off his turn a player is answered
    // only when he addresses the master, by mentioning the bot or replying to its message.
    let fake = Fake::start().await;
    let db = temp_db("addressed");
    let bot = Bot::start(&fake, &db, Lang::En).await;
    let players = harness::game_in_play(&fake, "").await;
    let now = harness::whose_turn(&fake, &players);
    let other = players.iter().find(|p| p.name != now.name).unwrap();
    other.says(CHANNEL, "hello all");
    let heard = harness::barrier(&fake, other).await;
    assert_eq!(heard.len(), 1, "talk off his turn is answered: {heard:?}");
    let answered = |f: &Fake, shown: usize| {
        f.shown(CHANNEL)[shown..]
            .iter()
            .any(|t| t.contains("Did not understand"))
    };
    let shown = fake.shown(CHANNEL).len();
    other.says(CHANNEL, &format!("<@{}> hello", fake::BOT_ID));
    fake.wait("an answer to the mention", |f| answered(f, shown))
        .await;
    let (asking, _) = turn_button(&fake, "go up").expect("the turn's message");
    let shown = fake.shown(CHANNEL).len();
    other.replies(&asking, "hmm");
    fake.wait("an answer to the reply", |f| answered(f, shown))
        .await;
    bot.stop().await;
}

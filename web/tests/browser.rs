//! The web chat in a real browser: headless Chromium, driven through ChromeDriver's WebDriver
//! protocol, opens the page as three players, who play a Labyrinth game by typing and by buttons;
//! each page is checked for what it shows, and nothing of another's private chat.
//!
//! Needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them); without them the test
//! fails and says so. `GM_SCREENSHOTS=DIR` keeps its screenshots there (the README's come from
//! `GM_SCREENSHOTS=docs`).

mod kit;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use bot_core::i18n::Lang;
use bot_core::session::chat::Platform;
use kit::{Server, temp_db};
use serde_json::{Value, json};
use tokio::process::{Child, Command};

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";
/// WebDriver's key for an element reference.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";
const ROOM: &str = "table1";

/// ChromeDriver on a free port of 127.0.0.1, stopped when dropped.
struct Driver {
    url: String,
    child: Child,
    http: reqwest::Client,
}

impl Driver {
    async fn start() -> Driver {
        for bin in [CHROMIUM, DRIVER] {
            assert!(
                Path::new(bin).exists(),
                "{bin} is missing: install Debian's chromium and chromium-driver \
                 (apt-get install chromium chromium-driver), as .ci/run does"
            );
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(DRIVER)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("chromedriver starts");
        let d = Driver {
            url: format!("http://127.0.0.1:{port}"),
            child,
            http: reqwest::Client::new(),
        };
        for _ in 0..100 {
            if let Ok(r) = d.http.get(format!("{}/status", d.url)).send().await
                && r.status().is_success()
            {
                return d;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("chromedriver did not come up");
    }

    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let mut req = self.http.request(method, format!("{}{path}", self.url));
        if let Some(b) = body {
            req = req
                .header("content-type", "application/json")
                .body(b.to_string());
        }
        let res = req.send().await.expect("chromedriver answers");
        let text = res.text().await.unwrap_or_default();
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert!(
            v["value"]["error"].is_null(),
            "WebDriver {path}: {}",
            v["value"]["message"]
        );
        v["value"].clone()
    }

    /// A new browser, in a profile of its own: one player's tab.
    async fn browser(&self, profile: &Path) -> Browser<'_> {
        let args = [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1280,860",
            "--lang=en-US",
        ];
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args}
        }}});
        let v = self
            .call(reqwest::Method::POST, "/session", Some(caps))
            .await;
        Browser {
            driver: self,
            session: v["sessionId"].as_str().expect("a session").to_string(),
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

/// One browser window, on the page.
struct Browser<'a> {
    driver: &'a Driver,
    session: String,
}

impl Browser<'_> {
    async fn post(&self, path: &str, body: Value) -> Value {
        let path = format!("/session/{}{path}", self.session);
        self.driver
            .call(reqwest::Method::POST, &path, Some(body))
            .await
    }

    async fn open(&self, url: &str) {
        self.post("/url", json!({ "url": url })).await;
    }

    async fn js(&self, script: &str, args: Value) -> Value {
        self.post("/execute/sync", json!({ "script": script, "args": args }))
            .await
    }

    async fn element(&self, css: &str) -> String {
        let v = self
            .post("/element", json!({ "using": "css selector", "value": css }))
            .await;
        v[ELEMENT].as_str().expect("an element").to_string()
    }

    /// Types into an element, as a person at the keyboard.
    async fn type_in(&self, css: &str, text: &str) {
        let e = self.element(css).await;
        self.post(&format!("/element/{e}/value"), json!({ "text": text }))
            .await;
    }

    async fn click(&self, css: &str) {
        let e = self.element(css).await;
        self.post(&format!("/element/{e}/click"), json!({})).await;
    }

    /// Chooses a name on the name screen.
    async fn enter(&self, url: &str, name: &str) {
        self.open(url).await;
        self.type_in("#name-input", name).await;
        self.click("#name-go").await;
        assert!(
            self.wait_js("return !document.getElementById('main').hidden")
                .await,
            "{name} is in"
        );
    }

    /// Writes in a pane (`room` or `dm`) and sends with Enter.
    async fn write(&self, pane: &str, text: &str) {
        self.type_in(&format!("#{pane}-input"), &format!("{text}\u{E007}"))
            .await;
    }

    /// The texts a pane's log shows, each message's author and text.
    async fn texts(&self, pane: &str) -> Vec<String> {
        let v = self
            .js(
                "return Array.from(document.querySelectorAll('#' + arguments[0] + '-log .msg'))\
                   .map(m => m.querySelector('.author').textContent + ': ' + \
                        ((m.querySelector('.text') || {}).textContent || ''))",
                json!([pane]),
            )
            .await;
        serde_json::from_value(v).unwrap_or_default()
    }

    /// Clicks the last button labelled `label` in a pane; false if there is none.
    async fn press(&self, pane: &str, label: &str) -> bool {
        self.js(
            "const bs = Array.from(document.querySelectorAll('#' + arguments[0] + '-log .rows button'))\
               .filter(b => b.textContent === arguments[1]);\
             if (!bs.length) return false; bs[bs.length - 1].click(); return true;",
            json!([pane, label]),
        )
        .await
            == Value::Bool(true)
    }

    /// The labels of the buttons of the last message with buttons in a pane.
    async fn last_buttons(&self, pane: &str) -> Vec<String> {
        let v = self
            .js(
                "const r = Array.from(document.querySelectorAll('#' + arguments[0] + '-log .rows'));\
                 return r.length ? Array.from(r[r.length - 1].querySelectorAll('button')).map(b => b.textContent) : [];",
                json!([pane]),
            )
            .await;
        serde_json::from_value(v).unwrap_or_default()
    }

    /// Waits (up to 10 s) until a script returns true.
    async fn wait_js(&self, script: &str) -> bool {
        for _ in 0..100 {
            if self.js(script, json!([])).await == Value::Bool(true) {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        false
    }

    /// Waits until a pane shows a text containing `needle`.
    async fn wait_text(&self, pane: &str, needle: &str) -> bool {
        for _ in 0..100 {
            if self.texts(pane).await.iter().any(|t| t.contains(needle)) {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        false
    }

    async fn screenshot(&self, file: &Path) {
        let path = format!("/session/{}/screenshot", self.session);
        let v = self.driver.call(reqwest::Method::GET, &path, None).await;
        let png = base64_decode(v.as_str().expect("base64"));
        assert!(png.starts_with(b"\x89PNG"));
        std::fs::write(file, png).expect("the screenshot is written");
    }

    async fn close(self) {
        let path = format!("/session/{}", self.session);
        self.driver.call(reqwest::Method::DELETE, &path, None).await;
    }
}

/// Standard base64, as WebDriver sends screenshots.
fn base64_decode(s: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = s.bytes().filter_map(value).collect();
    digits
        .chunks(4)
        .flat_map(|c| {
            let n = c
                .iter()
                .enumerate()
                .fold(0u32, |n, (i, d)| n | u32::from(*d) << (18 - 6 * i));
            let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            bytes.into_iter().take(c.len().saturating_sub(1))
        })
        .collect()
}

/// Where screenshots go: `GM_SCREENSHOTS`, relative to the workspace, or a scratch directory.
fn shots(scratch: &Path) -> PathBuf {
    match std::env::var("GM_SCREENSHOTS") {
        Ok(dir) if !dir.is_empty() => {
            let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
            std::fs::create_dir_all(&d).expect("the screenshots' directory");
            d
        }
        _ => scratch.to_path_buf(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_in_a_real_browser_by_typing_and_buttons() {
    let db = temp_db("browser");
    let server = Server::start(&db, Lang::En).await;
    let driver = Driver::start().await;
    let url = server.url(&format!("/#room={ROOM}"));
    let names = ["ann", "bob", "cid"];
    let mut pages = vec![];
    for n in names {
        let profile = db.dir().join(format!("profile-{n}"));
        let b = driver.browser(&profile).await;
        if n == "bob" {
            // A name that reads as one taken (here with a Cyrillic А) is refused on the name
            // screen, in the error's red, not the help's grey.
            b.open(&url).await;
            b.type_in("#name-input", "Аnn").await;
            b.click("#name-go").await;
            assert!(
                b.wait_js(
                    "const e = document.getElementById('name-error'); \
                     return e.textContent.includes('taken') && \
                     getComputedStyle(e).color === 'rgb(163, 32, 32)'"
                )
                .await,
                "the name screen's error shows in red"
            );
            b.js(
                "document.getElementById('name-input').value = ''",
                json!([]),
            )
            .await;
        }
        b.enter(&url, n).await;
        pages.push(b);
    }
    let [ann, bob, cid] = &pages[..] else {
        unreachable!()
    };
    // A lost connection shows a bar over the page, in the page's language, until it is back.
    let offline = "document.body.classList.add('offline'); \
                   return getComputedStyle(document.body, '::before').content";
    let bar = ann.js(offline, json!([])).await;
    assert!(
        bar.as_str()
            .is_some_and(|c| c.contains("connection is lost")),
        "{bar}"
    );
    ann.js("document.body.classList.remove('offline')", json!([]))
        .await;
    // ann opens a game by typing; bob and cid join by the lobby's button.
    ann.write("room", "/newgame labyrinth classic size=4x4 order=join")
        .await;
    for p in [bob, cid] {
        assert!(p.wait_text("room", "Labyrinth").await, "the lobby shows");
        assert!(
            p.wait_js("return !!Array.from(document.querySelectorAll('#room-log .rows button')).find(b => b.textContent === 'Join')")
                .await
        );
        assert!(p.press("room", "Join").await);
    }
    assert!(ann.wait_text("room", "cid").await, "cid's joining shows");
    // The Join link reaches the private chat without showing `/start …` as the player's words.
    for p in [bob, cid] {
        assert!(
            p.wait_js("return document.querySelectorAll('#dm-log .msg').length > 0")
                .await
        );
        let dm = p.texts("dm").await;
        assert!(dm.iter().all(|t| !t.contains("/start")), "{dm:?}");
    }
    ann.write("room", "/begin").await;
    // Each chooses a start cell from the grid in his private chat, by a button.
    for p in &pages {
        assert!(
            p.wait_js("return document.querySelectorAll('#dm-log .rows button').length >= 16")
                .await,
            "a grid of start cells"
        );
        let cells = p.last_buttons("dm").await;
        assert!(cells.contains(&"A1".to_string()), "{cells:?}");
    }
    assert!(ann.press("dm", "A1").await);
    assert!(bob.press("dm", "D4").await);
    assert!(cid.press("dm", "B2").await);
    // Each rings the bell: a tone and, the page being out of sight, a notification when his turn
    // comes (issue 33, item 3). The browser's sound and notices are stood in for, to count them.
    let stand_ins = "window.rung = 0; window.notes = []; \
        window.AudioContext = function () { window.rung++; return { destination: null, currentTime: 0, \
          createOscillator: () => ({ frequency: {}, connect() {}, start() {}, stop() {} }) }; }; \
        window.Notification = function (title, o) { window.notes.push(title + ': ' + o.body); }; \
        window.Notification.permission = 'granted'; \
        Object.defineProperty(document, 'hidden', { get: () => true });";
    for p in &pages {
        p.js(stand_ins, json!([])).await;
        p.click("#bell").await;
        assert!(
            p.wait_js("return localStorage.getItem('gm-bell') === 'on' && document.getElementById('bell').getAttribute('aria-pressed') === 'true'")
                .await
        );
    }
    // Play begins: whose turn it is, the session says.
    let mut typed = 0;
    let mut pressed = 0;
    for round in 0..6 {
        let turn = wait_turn(&server, typed + pressed).await;
        let page = &pages[names.iter().position(|n| *n == turn).expect("a player")];
        // Issue 33: the tab of the player whose turn it is counts it in its title; no other.
        assert!(
            page.wait_js("return document.title.startsWith('(1) ')")
                .await,
            "{turn}'s tab counts his turn"
        );
        for (i, other) in pages.iter().enumerate() {
            if names[i] != turn {
                assert!(
                    other
                        .wait_js("return !document.title.startsWith('(')")
                        .await,
                    "{}'s tab waits for nothing",
                    names[i]
                );
            }
        }
        if round > 0 {
            // Its turn came after the bell was rung: a tone and a notice naming the room.
            let rang =
                format!("return window.rung > 0 && window.notes.includes('Your turn: #{ROOM}')");
            assert!(
                page.wait_js(&rang).await,
                "{turn} hears of his turn: {}",
                page.js("return [window.rung, window.notes]", json!([]))
                    .await
            );
        }
        let before = page.texts("room").await.len();
        if round % 2 == 0 {
            page.write("room", "go down").await;
            typed += 1;
        } else {
            let labels = page.last_buttons("room").await;
            let label = labels
                .iter()
                .find(|l| !l.contains('🔫') && !l.is_empty())
                .cloned()
                .expect("a move button");
            assert!(page.press("room", &label).await);
            pressed += 1;
            // The room reads who pressed what, as for a typed order (issue 33).
            let announced = format!(
                "return Array.from(document.querySelectorAll('#room-log .msg')).some(m => \
                 m.querySelector('.author').textContent === {turn:?} && \
                 (m.querySelector('.text') || {{}}).textContent === {label:?})"
            );
            assert!(page.wait_js(&announced).await, "{turn} pressed {label}");
        }
        assert!(
            page.wait_js(&format!(
                "return document.querySelectorAll('#room-log .msg').length > {before}"
            ))
            .await,
            "the move is answered"
        );
    }
    // Older turn prompts show their buttons disabled; the newest one's are live (issue 33).
    assert!(
        ann.wait_js(
            "const stale = document.querySelectorAll('#room-log .rows.stale'); \
             const rows = document.querySelectorAll('#room-log .rows'); \
             const last = rows[rows.length - 1]; \
             return stale.length > 0 \
               && Array.from(stale).every(r => Array.from(r.querySelectorAll('button:not(.link)')).every(b => b.disabled)) \
               && !last.classList.contains('stale') \
               && Array.from(last.querySelectorAll('button')).some(b => !b.disabled)"
        )
        .await,
        "stale buttons disabled, the newest live"
    );
    // The lobby lists the room, its game, whose turn and who is there; each room has an invite
    // link (issue 33, item 4).
    cid.click("#rooms").await;
    let turn = wait_turn(&server, typed + pressed).await;
    let listed = format!(
        "const li = Array.from(document.querySelectorAll('#rooms-list li')) \
           .find(l => l.querySelector('.name').textContent === '#{ROOM}'); \
         return !!li && li.textContent.includes('labyrinth') && li.textContent.includes({turn:?}) \
           && ['ann', 'bob', 'cid'].every(n => li.querySelector('.people').textContent.includes(n))"
    );
    assert!(cid.wait_js(&listed).await, "the lobby lists {ROOM}");
    cid.click("#rooms-list li .invite").await;
    assert!(
        cid.wait_js(&format!(
            "return document.getElementById('toast').textContent.includes('/#room={ROOM}')"
        ))
        .await,
        "the invite link"
    );
    cid.click("#rooms-close").await;
    assert!(
        cid.wait_js("return document.getElementById('room-here').textContent.includes('bob')")
            .await,
        "who is here, beside the room's name"
    );
    // Every page shows the same room, and the master's part of it is the history's.
    let room = ann.texts("room").await;
    assert!(room.len() > 10, "{room:?}");
    for p in [bob, cid] {
        assert!(
            p.wait_js(&format!(
                "return document.querySelectorAll('#room-log .msg').length === {}",
                room.len()
            ))
            .await
        );
        assert_eq!(p.texts("room").await, room);
    }
    // Each private chat shows its own player's start cell, and nobody else's.
    let private: Vec<Vec<String>> = futures_join(&pages).await;
    for (i, cell) in ["A1", "D4", "B2"].iter().enumerate() {
        assert!(
            private[i].iter().any(|t| t.contains(cell)),
            "{} sees his cell {cell}: {:?}",
            names[i],
            private[i]
        );
        for (j, other) in private.iter().enumerate() {
            if j != i {
                assert!(
                    !other
                        .iter()
                        .any(|t| t.starts_with(&format!("{}: ", names[i]))),
                    "{}'s private chat shows nothing {} wrote",
                    names[j],
                    names[i]
                );
            }
        }
    }
    // The room mid-game, as the player whose turn it is sees it: the README's first picture.
    let dir = shots(db.dir());
    let turn = wait_turn(&server, typed + pressed).await;
    let page = &pages[names.iter().position(|n| *n == turn).expect("a player")];
    page.screenshot(&dir.join("web-room.png")).await;
    // A player who did not open the game may not call it off (issue 33, item 2).
    bob.write("room", "/abort").await;
    assert!(
        bob.wait_text("room", "Only the game's opener").await,
        "bob's /abort refused: {:?}",
        bob.texts("room").await
    );
    // The revealed maze is a picture every page shows, after ann calls the game off.
    ann.write("room", "/abort").await;
    assert!(
        ann.wait_js(
            "return !!Array.from(document.querySelectorAll('#room-log .rows button')).length"
        )
        .await
    );
    let confirm = ann.last_buttons("room").await;
    let yes = confirm.first().cloned().expect("a confirmation button");
    assert!(ann.press("room", &yes).await);
    for p in &pages {
        assert!(
            p.wait_js("return Array.from(document.querySelectorAll('#room-log img')).some(i => i.complete && i.naturalWidth > 50)")
                .await,
            "the maze's picture shows"
        );
        // The board is pinned above the room: the newest picture, here the revealed maze.
        assert!(
            p.wait_js("const b = document.getElementById('room-board'); \
                       const i = b.querySelector('img'); \
                       return !b.hidden && !!i && i.complete && i.naturalWidth > 50 && \
                       b.getBoundingClientRect().top < document.getElementById('room-log').getBoundingClientRect().top")
                .await,
            "the board is pinned above the room"
        );
        // Once the picture has loaded, the room is still scrolled to its end.
        assert!(
            p.wait_js(
                "const l = document.getElementById('room-log'); \
                       return l.scrollHeight - l.scrollTop - l.clientHeight < 5"
            )
            .await,
            "the room stays at its end after a picture loads: {}",
            p.js(
                "const l = document.getElementById('room-log'); \
                 return [l.scrollHeight, l.scrollTop, l.clientHeight, l.stick, \
                   Array.from(l.querySelectorAll('img')).map(i => i.complete)]",
                json!([])
            )
            .await
        );
    }
    // The private chat is split by game: the game called off is folded away under its heading,
    // its buttons stale (issue 33, item 5).
    let folded = "const s = document.querySelectorAll('#dm-log details.game'); \
                  return s.length === 1 && s[0].classList.contains('over') && !s[0].open \
                    && /^Labyrinth #1 · #table1 — over$/.test(s[0].querySelector('summary').textContent) \
                    && Array.from(s[0].querySelectorAll('.rows button:not(.link)')).every(b => b.disabled)";
    for p in &pages {
        assert!(
            p.wait_js(folded).await,
            "the finished game's private part is folded"
        );
    }
    // A new game in the same room: its private part opens beside the folded one.
    ann.write("room", "/newgame labyrinth classic size=4x4 order=join")
        .await;
    for p in [bob, cid] {
        assert!(
            p.wait_js("return Array.from(document.querySelectorAll('#room-log .rows:not(.stale) button')).some(b => b.textContent === 'Join')")
                .await,
            "the new lobby"
        );
        let before = p.texts("dm").await.len();
        assert!(p.press("room", "Join").await);
        assert!(
            p.wait_js(&format!(
                "return document.querySelectorAll('#dm-log .msg').length > {before}"
            ))
            .await,
            "the joining is answered"
        );
    }
    ann.write("room", "/begin").await;
    let split = "const s = Array.from(document.querySelectorAll('#dm-log details.game')); \
                 return s.length === 2 && s[0].classList.contains('over') && !s[0].open \
                   && s[1].open && !s[1].classList.contains('over') \
                   && /^Labyrinth #\\d+ · #table1$/.test(s[1].querySelector('summary').textContent) \
                   && s[1].querySelectorAll('.rows button:not(:disabled)').length >= 16";
    for p in &pages {
        assert!(
            p.wait_js(split).await,
            "the new game's part open, the old one folded: {}",
            p.js(
                "return Array.from(document.querySelectorAll('#dm-log details.game')).map(s => [s.open, s.className, s.querySelector('summary').textContent, s.querySelectorAll('.msg').length])",
                json!([])
            )
            .await
        );
    }
    bob.screenshot(&dir.join("web-private.png")).await;
    // Issue 33: a player takes his name to another device by his sign-in link; without it a
    // fresh browser cannot be him, and "Switch player" offers nobody's private chat.
    ann.click("#signin").await;
    assert!(
        ann.wait_js("return document.getElementById('toast').textContent.includes('#signin=')")
            .await
    );
    let told = ann
        .js(
            "return document.getElementById('toast').textContent",
            json!([]),
        )
        .await;
    let link = told
        .as_str()
        .and_then(|t| t.lines().find(|l| l.contains("#signin=")))
        .expect("the link")
        .trim()
        .to_string();
    let elsewhere = driver.browser(&db.dir().join("profile-phone")).await;
    elsewhere.open(&link).await;
    assert!(
        elsewhere
            .wait_js("return !document.getElementById('main').hidden && document.getElementById('me').textContent === 'ann'")
            .await,
        "the link signs ann in on another device"
    );
    assert!(
        elsewhere.wait_text("dm", "A1").await,
        "with her private chat: {:?}",
        elsewhere.texts("dm").await
    );
    assert!(
        !elsewhere
            .js("return location.hash", json!([]))
            .await
            .as_str()
            .unwrap_or("")
            .contains("signin"),
        "the secret leaves the address bar"
    );
    bob.click("#leave").await;
    assert!(
        bob.wait_js("return !document.getElementById('name-screen').hidden")
            .await
    );
    let offered = bob
        .js(
            "return document.getElementById('name-form').querySelectorAll('button').length",
            json!([]),
        )
        .await;
    assert_eq!(
        offered,
        json!(1),
        "only the form's own button, no 'Continue as'"
    );
    elsewhere.close().await;
    // A reload fetches no picture again: each is asked for by its hash and kept by the browser.
    ann.js("location.reload()", json!([])).await;
    assert!(
        ann.wait_js("return performance.getEntriesByType('navigation')[0].type === 'reload' && Array.from(document.querySelectorAll('#room-log img')).some(i => i.complete && i.naturalWidth > 50)")
            .await,
        "the pictures show again"
    );
    let fetched = ann
        .js(
            "return performance.getEntriesByType('resource') \
               .filter(e => e.name.includes('/api/picture/')) \
               .map(e => e.transferSize)",
            json!([]),
        )
        .await;
    let sizes: Vec<u64> = serde_json::from_value(fetched.clone()).expect("sizes");
    assert!(!sizes.is_empty(), "{fetched}");
    assert!(
        sizes.iter().all(|s| *s == 0),
        "every picture came from the browser's cache: {fetched}"
    );
    // On a phone (375×667): the header on one row, the board whole on screen, the private chat
    // a tab of its own (issue 33, item 6).
    ann.post("/window/rect", json!({"width": 375, "height": 667}))
        .await;
    let phone = "const h = document.querySelector('header').getBoundingClientRect(); \
                 const i = document.querySelector('#room-board img').getBoundingClientRect(); \
                 return innerWidth <= 400 && h.height < 50 && i.height > 100 && i.top >= h.bottom \
                   && i.bottom <= innerHeight && i.left >= 0 && i.right <= innerWidth \
                   && getComputedStyle(document.getElementById('dm-pane')).display === 'none' \
                   && getComputedStyle(document.getElementById('tabs')).display !== 'none'";
    assert!(
        ann.wait_js(phone).await,
        "a phone's screen: {}",
        ann.js("return [innerWidth, innerHeight, document.querySelector('header').getBoundingClientRect().height, JSON.stringify(document.querySelector('#room-board img').getBoundingClientRect())]", json!([])).await
    );
    ann.screenshot(&dir.join("web-phone.png")).await;
    ann.click("#tab-dm").await;
    assert!(
        ann.wait_js(
            "return getComputedStyle(document.getElementById('dm-pane')).display !== 'none' \
                     && getComputedStyle(document.getElementById('room-pane')).display === 'none'"
        )
        .await,
        "the private tab shows the private chat"
    );
    // `/room NAME` moves a page to another room, which starts empty: several games at once.
    cid.write("room", "/room side").await;
    assert!(
        cid.wait_js("return document.getElementById('room-title').textContent.includes('side') && !document.querySelector('#room-log img')")
            .await,
        "cid is in the room \"side\", without the other room's messages"
    );
    for p in pages {
        p.close().await;
    }
    server.stop().await;
}

/// The private panes of every page.
async fn futures_join(pages: &[Browser<'_>]) -> Vec<Vec<String>> {
    let mut v = vec![];
    for p in pages {
        v.push(p.texts("dm").await);
    }
    v
}

/// Waits until the game is in play and returns whose turn it is, after `moves` moves.
async fn wait_turn(server: &Server, moves: usize) -> String {
    for _ in 0..100 {
        if let Ok(Some(state)) = server.session.peek(Platform::Web, ROOM).await
            && state["status"] == "playing"
            && let Some(turn) = state["turn"].as_str()
        {
            let _ = moves;
            return turn.to_string();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the game did not start");
}

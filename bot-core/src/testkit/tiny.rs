//! A tiny game registered only in the tests: a pile of stones, each player in turn takes one to
//! three, and who takes the last wins. It shows that the seam carries a game the session has never
//! heard of: its options, its orders, its buttons, its peek state and its outcome.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::i18n::Lang;
use crate::session::chat::Inbound;
use crate::session::game::{Cx, Kind, Outcome, Placing, Play, Waiting};
use crate::session::table::{Seating, Stage};

/// The kind `/newgame tiny` opens.
pub struct Tinies;

/// The registered kind.
pub static KIND: Tinies = Tinies;

impl Kind for Tinies {
    fn word(&self) -> &'static str {
        "tiny"
    }

    fn title(&self, _lang: Lang) -> String {
        "Tiny".into()
    }

    fn rulesets(&self) -> Vec<&'static str> {
        vec!["pile"]
    }

    fn option_examples(&self) -> &'static [&'static str] {
        &["stones=7"]
    }

    fn players(&self) -> std::ops::RangeInclusive<usize> {
        2..=3
    }

    fn open(&self, _ruleset: &str, words: &[&str], _lang: Lang) -> Result<Box<dyn Play>, String> {
        let mut stones = 7;
        let mut free = false;
        for w in words {
            match w.split_once('=') {
                Some(("stones", n)) => {
                    stones = n.parse().map_err(|_| format!("stones: {n} is no number"))?
                }
                Some(("order", "free")) => free = true,
                _ => return Err(format!("tiny knows no option {w}")),
            }
        }
        Ok(Box::new(Tiny {
            free,
            stones,
            turn: 0,
            missed: vec![],
            out: vec![],
            winner: None,
        }))
    }

    fn load(&self, saved: &str) -> Result<Box<dyn Play>, serde_json::Error> {
        Ok(Box::new(serde_json::from_str::<Tiny>(saved)?))
    }
}

/// Held by a test while an order `hang` is to wait: a chat that is slow for as long as the test
/// likes.
pub static GATE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A pile and whose turn it is.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tiny {
    /// `order=free`: anyone takes whenever he likes, and no clock runs.
    #[serde(default)]
    free: bool,
    stones: u32,
    turn: usize,
    missed: Vec<u32>,
    out: Vec<bool>,
    winner: Option<usize>,
}

impl Tiny {
    fn pass_turn(&mut self, cx: &mut Cx) {
        let n = cx.t.seats.len();
        for step in 1..=n {
            let next = (self.turn + step) % n;
            if !self.out[next] {
                self.turn = next;
                break;
            }
        }
        cx.next_turn();
        let name = cx.t.name(self.turn);
        cx.group(format!("{} stones left; {name} takes.", self.stones));
    }

    fn take(&mut self, cx: &mut Cx, seat: usize, n: u32, text: &str) {
        if !(1..=3).contains(&n) || n > self.stones {
            cx.group("Take one to three stones, no more than lie.".into());
            return;
        }
        self.stones -= n;
        self.missed[seat] = 0;
        let user = cx.t.seats[seat].user.clone();
        cx.order(&user, text);
        if self.stones == 0 {
            self.winner = Some(seat);
            cx.group(format!(
                "{} takes the last stone and wins.",
                cx.t.name(seat)
            ));
            cx.finish();
            return;
        }
        self.pass_turn(cx);
    }
}

impl Play for Tiny {
    fn clone_box(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }

    fn save(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    fn ruleset(&self) -> String {
        "pile".into()
    }

    fn begin(&mut self, cx: &mut Cx) {
        let n = cx.t.seats.len();
        self.missed = vec![0; n];
        self.out = vec![false; n];
        self.turn = (cx.draw() % n as u64) as usize;
        cx.start_play();
        cx.next_turn();
        let name = cx.t.name(self.turn);
        cx.group(format!("{} stones; {name} takes first.", self.stones));
    }

    fn group_text(&mut self, cx: &mut Cx, msg: &Inbound, text: &str) {
        // Faults on purpose, for the tests of fault isolation: a bug that panics on an order, and
        // an order that is slow until the test lets it go.
        match text {
            "boom" => panic!("a bug in the game's code"),
            "hang" => drop(GATE.lock().unwrap_or_else(|e| e.into_inner())),
            _ => {}
        }
        let seat = cx.t.seat_of(&msg.user.0);
        let n = text
            .strip_prefix("take ")
            .and_then(|n| n.trim().parse().ok());
        match (cx.t.stage, seat, n) {
            (Stage::Playing, Some(s), Some(n)) if (self.free || s == self.turn) && !cx.t.paused => {
                self.take(cx, s, n, text)
            }
            (Stage::Playing, Some(_), Some(_)) => cx.group("Not your turn.".into()),
            _ => {}
        }
    }

    fn private_text(&mut self, cx: &mut Cx, msg: &Inbound, _text: &str) {
        cx.user(&msg.user.0, format!("{} stones lie.", self.stones));
    }

    fn turn_buttons(&self, _cx: &Cx) -> Vec<Vec<(String, String)>> {
        vec![
            (1..=3)
                .map(|n| (n.to_string(), format!("take {n}")))
                .collect(),
        ]
    }

    fn press(&mut self, cx: &mut Cx, msg: &Inbound, action: &str) {
        self.group_text(cx, msg, action);
    }

    fn waiting(&self, t: &Seating) -> Waiting {
        match (t.stage, self.winner) {
            (Stage::Playing, None) if self.free => Waiting::Free,
            (Stage::Playing, None) => Waiting::Turn(self.turn),
            _ => Waiting::Nobody,
        }
    }

    fn is_out(&self, seat: usize) -> bool {
        self.out.get(seat).copied().unwrap_or(false)
    }

    fn missed(&self, seat: usize) -> u32 {
        self.missed.get(seat).copied().unwrap_or(0)
    }

    fn timeout(&mut self, cx: &mut Cx, seat: usize, remove: bool) {
        self.missed[seat] += 1;
        if remove {
            self.out[seat] = true;
            cx.group(format!("{} is out.", cx.t.name(seat)));
            let left: Vec<usize> = (0..self.out.len()).filter(|&i| !self.out[i]).collect();
            if let [last] = left[..] {
                self.winner = Some(last);
                cx.finish();
                return;
            }
        }
        self.pass_turn(cx);
    }

    fn remove(&mut self, cx: &mut Cx, seat: usize) {
        self.timeout(cx, seat, true);
    }

    fn unseated(&mut self, _cx: &mut Cx, _seat: usize) {}

    fn aborted(&mut self, cx: &mut Cx) {
        cx.group(format!("The pile had {} stones.", self.stones));
    }

    fn private_status(&self, _cx: &Cx, _seat: usize) -> String {
        format!("{} stones lie.", self.stones)
    }

    fn rules_text(&self, _cx: &Cx) -> String {
        "Take one to three stones; who takes the last wins.".into()
    }

    fn help(&self, _lang: Lang) -> String {
        "Tiny: write take 1, take 2 or take 3.".into()
    }

    fn peek(&self, t: &Seating) -> Value {
        let status = t.stage.peek_status();
        let result = match (t.stage, self.winner) {
            (Stage::Aborted, _) => json!({"kind": "aborted", "winner": null}),
            (_, Some(w)) => json!({"kind": "win", "winner": t.name(w)}),
            _ => Value::Null,
        };
        let turn = self.current(t).map(|s| t.name(s));
        json!({"game": "tiny", "status": status, "turn": turn, "result": result,
               "stones": self.stones})
    }

    fn outcome(&self, t: &Seating) -> Option<Outcome> {
        let w = self.winner?;
        let seats = (0..t.seats.len())
            .map(|i| Placing {
                place: if i == w { 1 } else { 2 },
                score: if i == w { 1.0 } else { 0.0 },
            })
            .collect();
        Some(Outcome {
            kind: "win".into(),
            seats,
        })
    }
}

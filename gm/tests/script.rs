//! `gm script` as the real binary: golden transcripts of whole games (insta) in both languages,
//! each checked for secrets said in public before the maze is revealed; bad input of every kind and
//! a plan with every kind of error, each answered and changing nothing; a process crashing at every
//! line of a game that, restarted on the same database, ends exactly as an uninterrupted run; and a
//! game played by two scripts in turn.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{Value, json};

fn gm() -> Command {
    Command::new(env!("CARGO_BIN_EXE_gm"))
}

fn script_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts")
        .join(format!("{name}.jsonl"))
}

/// Runs a whole script at once, its bytes exactly as given (invalid UTF-8 included, as a platform
/// might hand it over), and returns its output lines.
fn run_bytes(input: &[u8], lang: &str, db: Option<&std::ffi::OsStr>) -> Vec<String> {
    let mut cmd = gm();
    cmd.args(["--lang", lang, "script", "--seed", "1"]);
    if let Some(db) = db {
        cmd.arg("--db").arg(db);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("gm runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Fed from a thread: a long script's answers would otherwise fill the pipe while we write.
    let feeder = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap().unwrap();
    assert!(out.status.success(), "gm script failed");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn run(input: &str, lang: &str, db: Option<&Path>) -> Vec<String> {
    run_bytes(input.as_bytes(), lang, db.map(Path::as_os_str))
}

/// A script played: its input lines and the answer to each.
struct Played {
    inputs: Vec<String>,
    outputs: Vec<String>,
}

impl Played {
    /// The answer to the first input line that contains `needle`, parsed.
    fn answer(&self, needle: &str) -> Value {
        let i = self
            .inputs
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no input line has {needle:?}"));
        serde_json::from_str(&self.outputs[i]).unwrap()
    }

    /// The answers to every input line that contains `needle`, parsed.
    fn answers(&self, needle: &str) -> Vec<Value> {
        self.inputs
            .iter()
            .zip(&self.outputs)
            .filter(|(i, _)| i.contains(needle))
            .map(|(_, o)| serde_json::from_str(o).unwrap())
            .collect()
    }

    /// The answer to the `n`-th input line (from 0), parsed.
    fn at(&self, n: usize) -> Value {
        serde_json::from_str(&self.outputs[n]).unwrap()
    }

    /// The peek answers, in order.
    fn peeks(&self) -> Vec<Value> {
        self.outputs
            .iter()
            .filter(|o| o.starts_with("{\"state\""))
            .map(|o| serde_json::from_str::<Value>(o).unwrap()["state"].clone())
            .collect()
    }

    fn transcript(&self) -> String {
        self.inputs
            .iter()
            .zip(&self.outputs)
            .map(|(i, o)| format!("> {i}\n< {o}\n"))
            .collect()
    }
}

/// The messages of an answer: (to, text).
fn messages(answer: &Value) -> Vec<(String, String)> {
    answer["out"]
        .as_array()
        .unwrap_or_else(|| panic!("not messages: {answer}"))
        .iter()
        .map(|m| {
            (
                m["to"].as_str().unwrap().to_string(),
                m["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The texts of an answer sent to `to`, joined.
fn told(answer: &Value, to: &str) -> String {
    messages(answer)
        .into_iter()
        .filter(|(t, _)| t == to)
        .map(|(_, text)| text)
        .collect::<Vec<_>>()
        .join("\n")
}

fn play(name: &str, lang: &str) -> Played {
    let input = std::fs::read_to_string(script_path(name)).unwrap();
    let outputs = run(&input, lang, None);
    let inputs: Vec<String> = input.lines().map(str::to_string).collect();
    assert_eq!(
        outputs.len(),
        inputs.len(),
        "one output line per input line"
    );
    Played { inputs, outputs }
}

/// A golden game, played after checking that nothing said privately reached a group before the
/// maze was revealed.
fn golden(name: &str, lang: &str) -> Played {
    let played = play(name, lang);
    let leaks = leaks(&played.inputs, &played.outputs);
    assert!(
        leaks.is_empty(),
        "{name}: secrets let out:\n{}",
        leaks.join("\n")
    );
    played
}

// ---------------------------------------------------------------------------------------------
// Secrecy: what is said privately stays private until the reveal.
// ---------------------------------------------------------------------------------------------

/// Cells the master's fixed texts name as examples ("e.g. B2"): nobody's secret.
const EXAMPLES: &[&str] = &[
    "#12 B2",
    "e.g. B2",
    "such as B2",
    "e.g. \"? B3\"",
    "on C3",
    "например B2",
    "например, B2",
    "«? B3»",
    "на C3",
];

/// The cell names in a text: `B2`, `C10`.
fn cells(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| {
            let b = w.as_bytes();
            (2..=3).contains(&b.len())
                && b[0].is_ascii_uppercase()
                && b[1] != b'0'
                && b[1..].iter().all(u8::is_ascii_digit)
        })
        .map(str::to_string)
        .collect()
}

/// The revealed maze: the plan text shown at the end.
fn is_reveal(text: &str) -> bool {
    text.contains("\nlabyrinth ")
}

/// The secret facts of a plan text: its drawing's lines (whole rows, long enough to be telling)
/// and the cells its items lie on.
fn plan_facts(text: &str, lines: &mut BTreeSet<String>, cells_: &mut BTreeSet<String>) {
    let Some(start) = text.find("labyrinth ") else {
        return;
    };
    let mut in_items = false;
    for line in text[start..].lines().skip(1) {
        let t = line.trim();
        if t == "items:" {
            in_items = true;
        } else if in_items {
            cells_.extend(cells(t.split_whitespace().next().unwrap_or("")));
        } else if t.len() >= 9 && !t.starts_with("```") {
            lines.insert(t.to_string());
        }
    }
}

/// What a script let out: every group message, before the maze was revealed, that names a cell
/// only said privately (a start cell, a re-ordered cell, a cell of the master's plan) or shows a
/// line of a plan's drawing; and every private message before the end that shows a drawing to
/// anyone but the master who sent it. Each leak is "line N: to: text".
fn leaks(inputs: &[String], outputs: &[String]) -> Vec<String> {
    let parsed: Vec<Value> = inputs
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or(Value::Null))
        .collect();
    let groups: BTreeSet<&str> = parsed
        .iter()
        .filter_map(|v| v["chat"].as_str())
        .filter_map(|c| match c {
            "group" => Some("group"),
            _ => c.strip_prefix("group:"),
        })
        .collect();
    let strip = |text: &str| {
        EXAMPLES
            .iter()
            .fold(text.to_string(), |t, e| t.replace(e, ""))
    };
    let (mut secret_cells, mut secret_lines, mut public) =
        (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    let answers: Vec<Vec<(String, String)>> = outputs
        .iter()
        .map(|o| {
            serde_json::from_str::<Value>(o)
                .ok()
                .filter(|v| v["out"].is_array())
                .map(|v| messages(&v))
                .unwrap_or_default()
        })
        .collect();
    for (input, answer) in parsed.iter().zip(&answers) {
        let text = input["text"].as_str().unwrap_or("");
        match input["chat"].as_str() {
            Some("dm") => {
                plan_facts(text, &mut secret_lines, &mut secret_cells);
                secret_cells.extend(cells(text));
            }
            Some(_) => public.extend(cells(text)),
            None => {}
        }
        for (to, text) in answer {
            if !groups.contains(to.as_str()) {
                secret_cells.extend(cells(&strip(text)));
            } else if is_reveal(text) {
                plan_facts(text, &mut secret_lines, &mut secret_cells);
            }
        }
    }
    // Whoever sent a plan is its master; nobody else is shown a drawing before the last reveal.
    let masters: BTreeSet<&str> = parsed
        .iter()
        .filter(|v| {
            v["chat"] == "dm" && v["text"].as_str().is_some_and(|t| t.contains("labyrinth "))
        })
        .filter_map(|v| v["user"].as_str())
        .collect();
    let last_reveal = answers
        .iter()
        .rposition(|a| {
            a.iter()
                .any(|(to, text)| groups.contains(to.as_str()) && is_reveal(text))
        })
        .unwrap_or(answers.len());
    let mut found = vec![];
    for (n, answer) in answers.iter().enumerate() {
        for (to, text) in answer {
            if !groups.contains(to.as_str()) {
                let shown = secret_lines.iter().any(|l| text.contains(l.as_str()));
                if shown && n < last_reveal && !masters.contains(to.as_str()) {
                    found.push(format!("line {}: {to}: {text}", n + 1));
                }
                continue;
            }
            if is_reveal(text) {
                continue;
            }
            let shown = strip(text);
            let cell = cells(&shown)
                .into_iter()
                .find(|c| secret_cells.contains(c) && !public.contains(c));
            let line = secret_lines.iter().find(|l| shown.contains(l.as_str()));
            if cell.is_some() || line.is_some() {
                found.push(format!("line {}: {to}: {text}", n + 1));
            }
        }
    }
    found
}

/// The check itself can fail: a start cell, a plan's cell and a plan's rows said in a group are
/// caught; the same in the reveal, in a private message, as an example or in a player's own public
/// words are not.
#[test]
fn the_secrecy_check_finds_what_was_said_in_public() {
    let line = |v: Value| v.to_string();
    let plan = "```\nlabyrinth 3x1\n+---+---+---+\n| .   M   A  \n+---+---+---+\nitems:\n  A1 treasure\n```";
    let inputs = [
        line(json!({"user": "gm", "chat": "dm", "text": plan})),
        line(json!({"user": "ann", "chat": "dm", "text": "#1 B1"})),
        line(json!({"user": "ann", "chat": "group:club", "text": "I stand on C1, go up"})),
        line(json!({"user": "ann", "chat": "group", "text": "go up"})),
        line(json!({"user": "ann", "chat": "group", "text": "go up"})),
        line(json!({"user": "ann", "chat": "group", "text": "go up"})),
    ];
    let out = |msgs: &[(&str, &str)]| {
        let msgs: Vec<Value> = msgs
            .iter()
            .map(|(to, text)| json!({"to": to, "text": text}))
            .collect();
        line(json!({ "out": msgs }))
    };
    let reveal =
        "The whole maze:\nlabyrinth 3x1\n+---+---+---+\n| .   M   A\nitems:\n  A1 treasure";
    let mut outputs = vec![
        out(&[("gm", "The plan is accepted.")]),
        out(&[("ann", "Noted: you start on C1. Write it (e.g. B2).")]),
        out(&[("club", "ann, on C1 you say? Write \"#12 B2\".")]),
        out(&[("group", "ann walked from B1 to A1.")]),
        out(&[("group", "Round 2.")]),
        out(&[("ann", "You are on B1 and A1."), ("group", reveal)]),
    ];
    assert_eq!(
        leaks(&inputs, &outputs),
        ["line 4: group: ann walked from B1 to A1."]
    );
    outputs[3] = out(&[("group", "go up: | .   M   A")]);
    outputs[4] = out(&[("group", "+---+---+---+")]);
    assert_eq!(
        leaks(&inputs, &outputs),
        [
            "line 4: group: go up: | .   M   A",
            "line 5: group: +---+---+---+"
        ]
    );
    // A player shown the drawing privately before the end is a leak too; the master is not.
    outputs[3] = out(&[("group", "Round 1."), ("gm", "| .   M   A")]);
    outputs[4] = out(&[("ann", "your export: +---+---+---+")]);
    assert_eq!(
        leaks(&inputs, &outputs),
        ["line 5: ann: your export: +---+---+---+"]
    );
    outputs[4] = out(&[("ann", "B2 A1")]);
    assert!(leaks(&inputs, &outputs).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Golden games.
// ---------------------------------------------------------------------------------------------

#[test]
fn classic_game_in_english() {
    insta::assert_snapshot!(golden("classic_en", "en").transcript());
}

#[test]
fn classic_game_in_russian() {
    insta::assert_snapshot!(golden("classic_ru", "ru").transcript());
}

#[test]
fn quantum_game_in_english() {
    insta::assert_snapshot!(golden("quantum_en", "en").transcript());
}

#[test]
fn quantum_game_in_russian() {
    insta::assert_snapshot!(golden("quantum_ru", "ru").transcript());
}

/// The encyclopedia's ruleset (seed 003): the arsenal's three knives, the knife that wounds whoever
/// shares the cell, the wounded who use no weapon and drop the treasure, and the treasure carried out.
fn wiki_game(lang: &str, said: [&str; 4]) -> Played {
    let g = golden(&format!("wiki_{lang}"), lang);
    let [knives, wounded_weak, kick_refused, won] = said;
    let all = g.outputs.join("\n");
    for phrase in [knives, wounded_weak, kick_refused, won] {
        assert!(all.contains(phrase), "{lang}: no «{phrase}»");
    }
    let last = g.peeks().pop().unwrap();
    assert_eq!(last["result"]["winner"], "ann");
    assert_eq!(last["players"]["bob"]["health"], "wounded");
    assert_eq!(last["players"]["cat"]["health"], "wounded");
    g
}

#[test]
fn wiki_game_in_english() {
    let g = wiki_game(
        "en",
        [
            "three knives",
            "the wounded and the sick cannot do that",
            "Kicking was not agreed on",
            "ann carried out the true treasure",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn wiki_game_in_russian() {
    let g = wiki_game(
        "ru",
        [
            "три ножа",
            "раненому и больному это не под силу",
            "«Бью ногами» в этой игре не договаривались",
            "ann вынес истинный клад",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

/// The encyclopedia's modifications 1 (a wall keeps the move) and 18 (the kick), and the master
/// placing the players secretly ("Вариант — ведущий ставит игроков в известные только ему места").
fn wiki_mods_game(lang: &str, said: [&str; 4]) -> Played {
    let g = golden(&format!("wiki_mods_{lang}"), lang);
    let all = g.outputs.join("\n");
    for phrase in said {
        assert!(all.contains(phrase), "{lang}: no «{phrase}»");
    }
    // Nobody chose a start cell: nobody was asked to.
    assert!(
        !g.inputs
            .iter()
            .any(|i| i.contains("\"dm\"") && i.contains("\"ann\""))
    );
    let last = g.peeks().pop().unwrap();
    assert_eq!(last["result"]["winner"], "bob");
    g
}

#[test]
fn wiki_modifications_in_english() {
    let g = wiki_mods_game(
        "en",
        [
            "The master places you on your start cells himself",
            "The wall did not cost your move: move again",
            "ann loses this move: broken legs",
            "ann loses this move: kicked",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn wiki_modifications_in_russian() {
    let g = wiki_mods_game(
        "ru",
        [
            "На стартовые клетки вас расставит мастер",
            "Ход не потерян, ходи ещё",
            "ann пропускает ход: сломал ноги",
            "ann пропускает ход: его побили",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

/// The encyclopedia's modifications that change the maze and the arsenal: the outer wall named (6),
/// a one-way wall (5), a rubber wall (4), a swamp (17), the boomerang (15), a window (16) and cement
/// (11), in one game on the master's own plan.
fn wiki_maze_game(lang: &str, said: [&str; 6]) -> Played {
    let g = golden(&format!("wiki_maze_{lang}"), lang);
    let all = g.outputs.join("\n");
    for phrase in said {
        assert!(all.contains(phrase), "{lang}: no «{phrase}»");
    }
    let last = g.peeks().pop().unwrap();
    assert_eq!(last["result"]["winner"], "ann");
    assert_eq!(
        last["players"]["bob"]["health"], "wounded",
        "the boomerang hit him"
    );
    // The reveal shows the wall ann built with her cement under B2.
    assert!(
        all.contains("+   +---+vvv+"),
        "no wall of cement in the reveal"
    );
    g
}

#[test]
fn wiki_maze_modifications_in_english() {
    let g = wiki_maze_game(
        "en",
        [
            "It is the outer wall",
            "There was a rubber wall",
            "ann loses this move: stuck in a swamp",
            "the boomerang came back to you",
            "three bags of cement, a boomerang",
            "The cement is laid",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn wiki_maze_modifications_in_russian() {
    let g = wiki_maze_game(
        "ru",
        [
            "Это внешняя стена",
            "До этого была резиновая стена",
            "ann пропускает ход: увяз в болоте",
            "бумеранг вернулся к тебе",
            "три мешка цемента, бумеранг",
            "Цемент положен",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

/// The encyclopedia's modification 12, a 3-D maze on the master's own plan: "up" climbs a stair,
/// "forward" and "back" go along a level, "down" at the bottom is the outer wall; the treasure lies
/// on level 2 and goes out through an exit on level 1.
fn wiki_levels_game(lang: &str, said: [&str; 3]) -> Played {
    let g = golden(&format!("wiki_levels_{lang}"), lang);
    let all = g.outputs.join("\n");
    for phrase in said {
        assert!(all.contains(phrase), "{lang}: no «{phrase}»");
    }
    let peeks = g.peeks();
    assert_eq!(
        peeks[1]["players"]["ann"]["cell"], "A2@2",
        "up, right, back, left"
    );
    assert_eq!(peeks[1]["players"]["ann"]["carrying"], "treasure");
    assert_eq!(
        peeks[1]["players"]["bob"]["cell"], "C2",
        "forward and down were walls"
    );
    let last = peeks.last().unwrap();
    assert_eq!(last["result"]["winner"], "ann");
    assert_eq!(last["players"]["bob"]["cell"], "C2@2");
    g
}

#[test]
fn wiki_levels_in_english() {
    let g = wiki_levels_game(
        "en",
        [
            "The maze is ready: 3x2x2",
            "A 3-D maze of 2 levels",
            "level 2\\n+---+---+---+",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn wiki_levels_in_russian() {
    let g = wiki_levels_game(
        "ru",
        [
            "3x2x2",
            "Трёхмерный лабиринт из 2 уровней",
            "stairs:\\n  A1 C2",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

/// The cylinder game (seed 004) on the master's own plan, three players sending queues at different
/// times: moves interleaved step by step, a step run at a deadline without the players who sent
/// nothing, a crocodile's meal that stops a queue, a wrong guess that stops another, the arsenal, a
/// crocodile shot asleep and walked over, the treasure carried out.
fn cylinder_game(lang: &str, said: [&str; 5]) -> Played {
    let g = golden(&format!("cylinder_{lang}"), lang);
    let all = g.outputs.join("\n");
    for phrase in said {
        assert!(all.contains(phrase), "{lang}: no «{phrase}»");
    }
    let peeks = g.peeks();
    assert_eq!(
        peeks[1]["round"], 4,
        "three steps before bob's second order"
    );
    assert_eq!(peeks[1]["players"]["bob"]["bullets"], 3);
    assert_eq!(peeks[1]["players"]["ann"]["carrying"], "treasure");
    let last = peeks.last().unwrap();
    assert_eq!(last["result"]["winner"], "ann");
    assert_eq!(
        last["players"]["bob"]["cell"], "C2",
        "over the crocodile he shot"
    );
    assert_eq!(last["crocodiles"]["C2"], "asleep");
    assert_eq!(
        last["players"]["carl"]["cell"], "B2",
        "from the morgue, south, then east"
    );
    g
}

#[test]
fn cylinder_in_english() {
    let g = cylinder_game(
        "en",
        [
            "Step 2:\\nbob — land",
            "you are not on B3, where you expected to be",
            "bob takes three bullets",
            "ann walked out with the treasure and wins!",
            "carl was eaten by a crocodile",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn cylinder_in_russian() {
    let g = cylinder_game(
        "ru",
        [
            "Шаг 2:\\nbob — суша",
            "вы не на B3, где ожидали оказаться",
            "bob берёт три патрона",
            "ann вышел из лабиринта с кладом и побеждает!",
            "carl съеден крокодилом",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

/// Queued play (`queue=on`, seed 004's way as an option of the Kodex): three players send several
/// turns at once, in the group and privately; turns are played in the Kodex's order as they come;
/// a round waits at its deadline for the one with nothing queued, then skips him; a wrong guess, a
/// wound stop queues (told privately); a part that is no order refuses the whole message.
fn queue_game(lang: &str, said: [&str; 5]) -> Played {
    let g = golden(&format!("queue_{lang}"), lang);
    let all = g.outputs.join("\n");
    for phrase in said {
        assert!(all.contains(phrase), "{lang}: no «{phrase}»");
    }
    let peeks = g.peeks();
    let queue = |p: usize, who: &str| peeks[p]["queues"][who].as_array().unwrap().len();
    assert_eq!(
        (queue(0, "ann"), queue(0, "bob"), queue(0, "carl")),
        (0, 4, 2)
    );
    assert_eq!(peeks[0]["queues"]["carl"][0]["expect"], "B2");
    assert_eq!(peeks[1]["round"], 3, "two rounds played from the queues");
    assert_eq!(peeks[1]["turn"], "carl", "the round waits for carl");
    assert_eq!((queue(1, "ann"), queue(1, "bob")), (3, 1));
    assert_eq!(peeks[2]["players"]["ann"]["health"], "wounded");
    assert_eq!(peeks[2]["players"]["carl"]["cell"], "B2");
    let last = peeks.last().unwrap();
    assert_eq!(last["round"], 6);
    assert_eq!(
        (queue(3, "ann"), queue(3, "bob"), queue(3, "carl")),
        (0, 1, 0)
    );
    g
}

#[test]
fn queued_play_in_english() {
    let g = queue_game(
        "en",
        [
            "Your queue stopped: you are not on D2, where you expected to be. 2 more turns",
            "Your queue stopped: you are wounded. 2 more turns were dropped",
            "carl's turn is skipped: nothing was queued for it in time.",
            "ann: «shoot left then go up»",
            "«fly»: Did not understand",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn queued_play_in_russian() {
    let g = queue_game(
        "ru",
        [
            "Ваша очередь ходов прервана: вы не на D2, где ожидали оказаться. Ещё 2 хода",
            "Ваша очередь ходов прервана: вы ранены. Ещё 2 хода отменены",
            "Ход carl пропущен: на него ничего не заявлено в срок.",
            "ann: «стреляю влево, затем иду вверх»",
            "«лечу»: Не понял",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

/// The tournament in the last peek of a script: each player's rank and points, best first.
fn final_standings(g: &Played) -> Vec<(String, u64, f64)> {
    let peeks = g.peeks();
    let last = peeks.last().unwrap();
    last["tournament"]["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            (
                row["player"].as_str().unwrap().to_string(),
                row["rank"].as_u64().unwrap(),
                row["points"].as_f64().unwrap(),
            )
        })
        .collect()
}

/// A round-robin of five at Hive through `gm script` (issue 17): every pair meets once, a bye a
/// round, the games of a round at once in threads of the tournament's chat, a pause that holds
/// back the next games, results by resignation and by an agreed draw, the standings after every
/// game, ratings, and the winner.
fn hive_round_robin(lang: &str, said: [&str; 4]) -> Played {
    let g = golden(&format!("tournament_hive_{lang}"), lang);
    let all = g.outputs.join("\n");
    for phrase in said {
        assert!(all.contains(phrase), "{lang}: no «{phrase}»");
    }
    let peeks = g.peeks();
    let rounds = peeks[0]["tournament"]["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 5, "five rounds for five players");
    // Every pair meets exactly once.
    let mut pairs = BTreeSet::new();
    for round in rounds {
        for game in round.as_array().unwrap() {
            let mut p: Vec<&str> = game["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            p.sort();
            if p.len() == 2 {
                assert!(pairs.insert(p.join("-")), "{p:?} twice");
            }
        }
    }
    assert_eq!(pairs.len(), 10);
    // Paused with round 2 over: round 3 waits.
    assert_eq!(peeks[1]["tournament"]["status"], "paused");
    assert_eq!(peeks[1]["tournament"]["rounds"][2][0]["status"], "pending");
    assert_eq!(peeks[2]["game"], "hive", "a game's chat peeks its game");
    assert_eq!(peeks[2]["colors"]["cat"], "white", "seat 0 moves first");
    let table = final_standings(&g);
    let want = [
        ("ann", 1, 5.0),
        ("bob", 2, 4.0),
        ("cat", 3, 2.5),
        ("dan", 4, 2.0),
        ("eve", 5, 1.5),
    ];
    let want: Vec<(String, u64, f64)> = want
        .iter()
        .map(|(n, r, p)| (n.to_string(), *r, *p))
        .collect();
    assert_eq!(table, want);
    assert_eq!(peeks.last().unwrap()["tournament"]["status"], "finished");
    g
}

#[test]
fn a_hive_round_robin_in_english() {
    let g = hive_round_robin(
        "en",
        [
            "Round 1, game 2: cat — dan — in group/r1g2.",
            "bob has already joined.",
            "The tournament is over. Winner: ann!",
            "1. ann — ",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn a_hive_round_robin_in_russian() {
    let g = hive_round_robin(
        "ru",
        [
            "Тур 1, партия 2: cat — dan — в group/r1g2.",
            "bob уже записан.",
            "Турнир окончен. Победитель: ann!",
            "1. ann — ",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

/// A series of two Labyrinth games for six (issue 17): the master's plan each game, the first seat
/// passing on, the treasure carried out by a different player each time, a player removed by the
/// director between the games (his table goes on without him), Labyrinth's scoring (3 for the
/// treasure), a shared first place, and ratings of six.
fn labyrinth_series(lang: &str, said: [&str; 3]) -> Played {
    let g = golden(&format!("tournament_labyrinth_{lang}"), lang);
    let all = g.outputs.join("\n");
    for phrase in said {
        assert!(all.contains(phrase), "{lang}: no «{phrase}»");
    }
    let peeks = g.peeks();
    let rounds = &peeks[0]["tournament"]["rounds"];
    assert_eq!(rounds[0][0]["players"][0], "ann");
    assert_eq!(
        rounds[1][0]["players"][0], "eve",
        "the first seat passes on"
    );
    assert_eq!(peeks[1]["result"]["winner"], "cat");
    let last = &peeks.last().unwrap()["tournament"];
    assert_eq!(last["players"][5]["withdrawn"], true);
    let table = final_standings(&g);
    let top: Vec<(&str, u64, f64)> = table
        .iter()
        .take(2)
        .map(|(n, r, p)| (n.as_str(), *r, *p))
        .collect();
    assert_eq!(top, [("cat", 1, 3.0), ("dan", 1, 3.0)]);
    assert!(table[2..].iter().all(|(_, _, p)| *p == 0.0));
    g
}

#[test]
fn a_labyrinth_series_in_english() {
    let g = labyrinth_series(
        "en",
        [
            "fay withdraws from the tournament",
            "fay leaves the game.",
            "The tournament is over. Winners: cat, dan!",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn a_labyrinth_series_in_russian() {
    let g = labyrinth_series(
        "ru",
        [
            "fay снимается с турнира",
            "Турнир окончен. Победители: cat, dan!",
            "Лучшие в labyrinth здесь",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

/// Tournaments stopped and restarted at every line go on as if nothing happened: entries, the
/// schedule, the games opened in threads, their results and the standings are all in the store.
#[test]
fn tournaments_survive_a_restart_at_any_line() {
    survives_a_restart_at_any_line("tournament_hive_en");
    survives_a_restart_at_any_line("tournament_labyrinth_en");
}

/// Every script in `tests/scripts` has a golden test here, and so its secrecy check.
#[test]
fn every_script_is_a_golden_game() {
    let tested = [
        "classic_en",
        "classic_ru",
        "quantum_en",
        "quantum_ru",
        "generated_classic_en",
        "generated_classic_ru",
        "generated_quantum_en",
        "generated_quantum_ru",
        "part_a_ru",
        "part_a_en",
        "orders_en",
        "orders_ru",
        "groups_en",
        "groups_ru",
        "admin_en",
        "admin_ru",
        "wounded_finds_en",
        "wounded_finds_ru",
        "shot_through_exit_en",
        "shot_through_exit_ru",
        "shot_from_outside_en",
        "shot_from_outside_ru",
        "wiki_en",
        "wiki_ru",
        "wiki_mods_en",
        "wiki_mods_ru",
        "wiki_maze_en",
        "wiki_maze_ru",
        "wiki_levels_en",
        "wiki_levels_ru",
        "cylinder_en",
        "cylinder_ru",
        "queue_en",
        "queue_ru",
        "tournament_hive_en",
        "tournament_hive_ru",
        "tournament_labyrinth_en",
        "tournament_labyrinth_ru",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts");
    let mut found: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    found.sort();
    let mut tested: Vec<String> = tested.iter().map(|s| s.to_string()).collect();
    tested.sort();
    assert_eq!(found, tested);
}

/// A generated maze (no `plan=own`), turn order by lot. Kodex Б §8.6: the master announces the cure
/// time and Nstop with the maze; §7.1: the exits the group agreed on (`exits=3`); §6.2: where each
/// player landed, by cell type only.
fn generated_classic(name: &str, lang: &str, said: [&str; 6]) -> Played {
    let g = golden(name, lang);
    let announced = told(&g.answer("/begin"), "group");
    for s in &said[..4] {
        assert!(announced.contains(s), "{s:?} not in {announced:?}");
    }
    // The opener plays a generated maze: its export, the whole maze, waits for the end.
    let export = g.answer("/export");
    assert_eq!(messages(&export).len(), 1);
    assert!(!messages(&export)[0].1.contains("labyrinth"), "{export}");
    let start = g.at(6);
    let start = told(&start, "group");
    assert!(start.contains(said[4]), "{start}");
    assert!(start.contains(said[5]), "{start}");
    let peeks = g.peeks();
    let first = &peeks[0];
    assert_eq!(first["status"], "playing");
    assert_eq!(first["items"], json!({"A4": ["treasure"], "E4": ["fake"]}));
    assert_eq!(first["round"], 1);
    let last = peeks.last().unwrap();
    assert_eq!(last["result"]["kind"], "treasure");
    assert_eq!(last["blown"], json!(["A3-A4", "A1-out"]));
    g
}

#[test]
fn generated_classic_maze_in_english() {
    let g = generated_classic(
        "generated_classic_en",
        "en",
        [
            "5x4",
            "3 exits",
            "a sick player has 9 moves to reach a hospital",
            "Nstop 20 rounds",
            "Turn order, drawn by lot: ann, cid, bob.",
            "ann starts on land. cid starts on land. bob starts in an arsenal.",
        ],
    );
    assert_eq!(g.peeks().last().unwrap()["result"]["winner"], "cid");
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn generated_classic_maze_in_russian() {
    let g = generated_classic(
        "generated_classic_ru",
        "ru",
        [
            "5x4",
            "3 выхода",
            "заболевшему энцефалитом даётся 9 ходов",
            "Nstop — 20 кругов",
            "Порядок ходов по жребию: Антон, Семён, Борис.",
            "Антон начинает на Суше. Семён начинает на Суше. Борис начинает в Арсенале",
        ],
    );
    assert_eq!(g.peeks().last().unwrap()["result"]["winner"], "Семён");
    insta::assert_snapshot!(g.transcript());
}

/// The quantum code (part В) on a generated 6x5 maze: exits left to the master, the sick not
/// hurried (В §4.7 as preset), Nstop; one action a turn (В §2.1).
fn generated_quantum(name: &str, lang: &str, said: [&str; 5], winner: &str) -> Played {
    let g = golden(name, lang);
    let announced = told(&g.answer("/begin"), "group");
    for s in &said[..4] {
        assert!(announced.contains(s), "{s:?} not in {announced:?}");
    }
    assert!(told(&g.at(6), "group").contains(said[4]));
    let peeks = g.peeks();
    assert_eq!(
        peeks[0]["items"],
        json!({"D1": ["fake"], "E4": ["treasure"], "F5": ["mine"]})
    );
    let last = peeks.last().unwrap();
    assert_eq!(
        last["result"],
        json!({"kind": "treasure", "winner": winner})
    );
    // В §4.7: the one who stayed near the tick he woke fell sick.
    let sick = last["players"]
        .as_object()
        .unwrap()
        .values()
        .filter(|p| p["health"] == "sick")
        .count();
    assert_eq!(sick, 1);
    g
}

#[test]
fn generated_quantum_maze_in_english() {
    let g = generated_quantum(
        "generated_quantum_en",
        "en",
        [
            "6x5",
            "exits: as many as the master chose",
            "no time limit for the sick to reach a hospital",
            "Nstop 30 rounds",
            "ann starts on land. cid starts on land. bob starts on land.",
        ],
        "ann",
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn generated_quantum_maze_in_russian() {
    let g = generated_quantum(
        "generated_quantum_ru",
        "ru",
        [
            "6x5",
            "число выходов — на усмотрение мастера",
            "время на дорогу в медсанбат не ограничено",
            "Nstop — 30 кругов",
            "Антон начинает на Суше. Семён начинает на Суше. Борис начинает на Суше.",
        ],
        "Антон",
    );
    insta::assert_snapshot!(g.transcript());
}

/// Part А of the rule book: the example fragment of a game (lines ~175–190 of the book), played by
/// "игрок 1" and "игрок 2" as the book names them, with the master's answers. Two orders before it
/// set the scene the fragment implies (2 has already fired a bullet: "Две пули"), and
/// `wounded_shoot=yes` lets the wounded keep it (В §5.5; Б §5.5 would drop it). The book's
/// "1 (показывает клетку…)" is player 2, the wounded one, who shows his new cell privately; the
/// bot answers the status question privately too, and tells the wound at once, since 2 moves next.
#[test]
fn part_a_example_dialogue() {
    let g = golden("part_a_ru", "ru");
    let book = [
        ("\"Иду вверх\"", "group", "Пришел на Сушу."),
        (
            "Взрываю стенку сверху, затем иду вверх",
            "group",
            "Попал в Реку, снесло в Устье.",
        ),
        (
            "Стреляю влево, затем иду вверх",
            "group",
            "Слышен вопль, у тебя осталось две пули. Попал в Яму.",
        ),
        ("Стреляю влево, затем иду вверх", "group", "Игрок 2 ранен."),
        (
            "Стреляю влево, затем иду вверх",
            "Игрок 2",
            "Можно заказать новую клетку",
        ),
        (
            "Сколько у меня пуль и гранат?",
            "Игрок 2",
            "Ранен, две пули, три гранаты",
        ),
        ("\"B4\"", "Игрок 2", "Продолжаешь с клетки B4."),
        ("\"Иду вверх.\"", "group", "Пришел в Медсанбат, вылечился."),
        ("Иду вправо.", "group", "Туда нельзя, стенка."),
        (
            "Иду вверх, затем взрываю стенку сверху.",
            "group",
            "Пришел на Сушу, нашел клад.",
        ),
        (
            "Взрываю стенку справа и иду вправо.",
            "group",
            "Туда нельзя, стенка.",
        ),
    ];
    for (said, to, answer) in book {
        let got = told(&g.answer(said), to);
        assert!(
            got.contains(answer),
            "to {said:?} the book's master answers {answer:?} to {to}; the bot: {got:?}"
        );
    }
    // "Справа стенка (т.е., стенка не взорвалась — значит, игрок 1 у правого края лабиринта)".
    let last = g.peeks().pop().unwrap();
    assert_eq!(last["players"]["Игрок 1"]["cell"], "E3");
    assert_eq!(last["players"]["Игрок 2"]["carrying"], "treasure");
    insta::assert_snapshot!(g.transcript());
}

/// Part А's fragment again, as an English-speaking table plays it.
#[test]
fn part_a_example_dialogue_in_english() {
    let g = golden("part_a_en", "en");
    let book = [
        ("\"Go up\"", "group", "You walked onto land."),
        (
            "Blow up the wall above, then go up",
            "group",
            "the current carried you to its mouth",
        ),
        (
            "Shoot left, then go up",
            "group",
            "A scream is heard; you have two bullets left. You fell into a pit.",
        ),
        ("Shoot left, then go up", "group", "Player 2 is wounded."),
        (
            "How many bullets",
            "Player 2",
            "Wounded, two bullets, three grenades",
        ),
        (
            "\"Go up.\"",
            "group",
            "You walked into a hospital. You are healed.",
        ),
        ("Go right.", "group", "Wall — you can't go there."),
        (
            "Go up, then blow up the wall above.",
            "group",
            "You found a treasure.",
        ),
        (
            "Blow up the wall to the right and go right.",
            "group",
            "Wall — you can't go there.",
        ),
    ];
    for (said, to, answer) in book {
        let got = told(&g.answer(said), to);
        assert!(got.contains(answer), "{said:?} → {to}: {got:?}");
    }
    assert_eq!(
        g.peeks().pop().unwrap()["players"]["Player 1"]["cell"],
        "E3"
    );
    insta::assert_snapshot!(g.transcript());
}

/// Orders in every phrasing the issue names, through the session. A classic game (Kodex Б §2.1:
/// one movement and any other actions a turn), then a quantum one (В §2.1: one action a turn).
fn orders(name: &str, lang: &str, said: &Phrases) -> Played {
    let g = golden(name, lang);
    let peeks = g.peeks();
    // "go up then shoot left" (Б §2.1, §5.5): moved, shot, and the wounded one told at his turn.
    let shot = g.answer(said.up_shoot_left);
    assert!(told(&shot, "group").contains(said.wounded), "{shot}");
    assert!(
        !told(&shot, said.second).is_empty(),
        "the re-order offer is his"
    );
    // "/move up" is an order like any other.
    assert!(told(&g.answer(said.move_up), "group").contains(said.healed));
    // A grenade alone is no classic turn (Б §2.1): refused with the reason, nothing changed.
    let refused = told(&g.answer(said.blow_right_alone), "group");
    assert!(refused.contains(said.one_movement), "{refused}");
    assert_eq!(peeks[0], peeks[1]);
    // Б §5.4 blows the wall; Б §6.5 a condition that holds; Б §5.2 a treasure thrown down lands there.
    assert_eq!(peeks[2]["blown"], json!(["C3-D3", "D2-D3"]));
    assert_eq!(peeks[2]["items"]["B2"], json!(["treasure"]));
    assert_eq!(peeks[2]["players"][said.second]["cell"], "B1");
    // Б §6.7: a dark order is acknowledged to the player alone; the group hears only whose turn.
    let dark = g.answer(said.dark);
    assert_eq!(
        messages(&dark),
        [
            (said.first.to_string(), said.dark_ack.to_string()),
            ("group".to_string(), said.second_to_move.to_string()),
        ]
    );
    // Б §6.8: half-dark, only whether there was a wall, to him alone.
    let half = g.answer(said.half_dark);
    assert_eq!(messages(&half)[0].0, said.first);
    assert_eq!(messages(&half)[1].1, said.second_to_move);
    assert_eq!(peeks[3]["players"][said.first]["cell"], "D2");
    // The quantum game: two actions, or a condition, are refused (В §2.1; its §6 has no
    // conditional orders), the second action named...
    let twice = &g.answers(said.up_shoot_left)[1];
    assert_eq!(told(twice, "group"), said.one_action);
    assert_eq!(
        told(&g.answer(said.conditional), "group"),
        said.no_conditions
    );
    let quantum = &peeks[5..];
    assert_eq!(quantum[0]["ruleset"], "quantum");
    assert_eq!(quantum[0]["blown"], json!(["C2-D2"]));
    // ...a treasure thrown down lies below the thrower (В §5.2)...
    assert_eq!(quantum[1]["items"]["C2"], json!(["treasure"]));
    assert_eq!(quantum[1]["players"][said.first]["carrying"], Value::Null);
    // ...and the dark order is his alone here too (В §6.6).
    assert_eq!(
        messages(&g.answer(said.quantum_dark)),
        [
            (said.first.to_string(), said.dark_ack.to_string()),
            ("group".to_string(), said.second_to_move.to_string()),
        ]
    );
    assert_eq!(quantum[2]["players"][said.first]["cell"], "B1");
    assert_eq!(quantum[3]["result"]["kind"], "aborted");
    g
}

/// The phrases of the orders scripts, in one language.
struct Phrases {
    first: &'static str,
    second: &'static str,
    up_shoot_left: &'static str,
    wounded: &'static str,
    move_up: &'static str,
    healed: &'static str,
    blow_right_alone: &'static str,
    one_movement: &'static str,
    dark: &'static str,
    dark_ack: &'static str,
    second_to_move: &'static str,
    half_dark: &'static str,
    one_action: &'static str,
    conditional: &'static str,
    no_conditions: &'static str,
    quantum_dark: &'static str,
}

#[test]
fn orders_in_english() {
    let g = orders(
        "orders_en",
        "en",
        &Phrases {
            first: "ann",
            second: "bob",
            up_shoot_left: "\"go up then shoot left\"",
            wounded: "A scream is heard",
            move_up: "\"/move up\"",
            healed: "You are healed.",
            blow_right_alone: "\"blow up the wall to the right\"",
            one_movement: "A turn needs exactly one movement",
            dark: "\"go up, don't tell the result\"",
            dark_ack: "Understood — no result will be told.",
            second_to_move: "bob, your move.\n⏳ 1d for the move.",
            half_dark: "go left, tell only if wall",
            one_action: "«shoot left» is a second action, and a turn is exactly one action (§2.1): send one of them.",
            conditional: "go right, if wall then blow up the wall to the right",
            no_conditions: "Conditional orders are not allowed in this game.",
            quantum_dark: "\"go left, don't tell the result\"",
        },
    );
    assert!(
        told(&g.answer("go right, if I find a treasure"), "group")
            .contains("That won't work: you have no bullets.")
    );
    assert!(
        told(&g.answer("if wall then blow up the wall above"), "group")
            .starts_with("Wall — you can't go there. The grenade went off")
    );
    assert!(
        told(&g.answer("go up then throw the treasure down"), "group")
            .contains("You threw the treasure down.")
    );
    assert_eq!(
        told(&g.answer("\"status\""), "ann"),
        "Two bullets, one grenade, a mine, one re-order left."
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn orders_in_russian() {
    let g = orders(
        "orders_ru",
        "ru",
        &Phrases {
            first: "Антон",
            second: "Борис",
            up_shoot_left: "\"иду вверх, затем стреляю влево\"",
            wounded: "Слышен вопль",
            move_up: "\"/move up\"",
            healed: "вылечился",
            blow_right_alone: "\"взрываю стенку справа\"",
            one_movement: "Ход должен включать ровно одно перемещение",
            dark: "\"иду вверх, результат не сообщать\"",
            dark_ack: "Есть — результат не сообщать.",
            second_to_move: "Борис, твой ход.\n⏳ На ход: 1 д.",
            half_dark: "не стукнулся ли я в стенку",
            one_action: "«стреляю влево» — второе действие, а ход — ровно одно действие (§2.1): пришлите одно из них.",
            conditional: "иду вправо, если стенка, то взрываю стенку справа",
            no_conditions: "Условные ходы в этой игре запрещены.",
            quantum_dark: "\"иду влево, результат не сообщать\"",
        },
    );
    assert!(
        told(&g.answer("если найду клад, то стреляю вверх"), "group")
            .contains("Ничего не выйдет, пуль у тебя нет.")
    );
    assert!(
        told(&g.answer("если стенка, то взрываю стенку сверху"), "group")
            .starts_with("Туда нельзя, стенка. Граната взорвалась")
    );
    assert!(
        told(&g.answer("иду вверх, затем бросаю клад вниз"), "group").contains("Бросил клад вниз.")
    );
    assert!(told(&g.answer("\"бросаю клад вниз\""), "group").contains("Бросил клад вниз."));
    insta::assert_snapshot!(g.transcript());
}

/// One player in games in two groups (`group:NAME`): a private message names its game with `#id`;
/// without one he is asked which, and nothing happens; with one game left it goes there.
fn two_groups(name: &str, lang: &str, player: &str, club: &str, which: &str) -> Played {
    let g = golden(name, lang);
    for bare in ["\"C4\"", "\"/status\"", "\"B1\""] {
        let asked = g.answer(bare);
        assert_eq!(messages(&asked).len(), 1, "{asked}");
        assert!(told(&asked, player).contains(which), "{asked}");
    }
    let peeks = g.peeks();
    assert_eq!(peeks[0]["players"][player]["cell"], "C4");
    assert_eq!(peeks[1]["ruleset"], "quantum");
    assert_eq!(peeks[1]["players"][player]["cell"], "D4");
    // The re-order named its game: the wound was in the first.
    assert_eq!(peeks[2]["players"][player]["cell"], "B1");
    assert_eq!(peeks[3]["players"][player]["cell"], "D3");
    // A number that is none of his games is answered, and nothing else happens.
    assert_eq!(messages(&g.answer("#3 /status")).len(), 1);
    // What is said in the other group is answered there.
    assert!(
        messages(&g.answer(&format!("\"group:{club}\", \"text\": \"/join\"")))
            .iter()
            .all(|(to, _)| to == club)
    );
    // Both games end, each in its own chat; in between, the unnamed "D3" went to the one left
    // (checked by each language's test).
    let last_two = &peeks[peeks.len() - 2..];
    assert_eq!(last_two[0]["ruleset"], "classic");
    assert_eq!(last_two[0]["result"]["kind"], "aborted");
    assert_eq!(last_two[1]["ruleset"], "quantum");
    assert_eq!(last_two[1]["result"]["kind"], "aborted");
    g
}

#[test]
fn a_player_in_two_groups_in_english() {
    let g = two_groups(
        "groups_en",
        "en",
        "bob",
        "club",
        "You play in several games (#1, #2)",
    );
    assert_eq!(
        told(&g.answer("#2 /status"), "bob"),
        "Three bullets, three grenades, a treasure."
    );
    assert_eq!(
        told(&g.answer("\"D3\""), "bob"),
        "You cannot choose a new cell now: only on your turn right after a wound."
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn a_player_in_two_groups_in_russian() {
    let g = two_groups(
        "groups_ru",
        "ru",
        "Борис",
        "клуб",
        "Вы играете в нескольких играх (#1, #2)",
    );
    assert!(told(&g.answer("\"D3\""), "Борис").starts_with("Заказать новую клетку сейчас нельзя"));
    insta::assert_snapshot!(g.transcript());
}

/// The admin's commands and the table's life: leaving in the lobby and during setup, start cells
/// refused without a reason (as `/rules` states), pause and resume, deadlines that remind and skip
/// and remove after missed turns leaving the corpse (the online form of §9), `/skip`, `/kick` and
/// `/abort` asked to confirm, `/help`, `/games`, `/status`.
fn admin(name: &str, lang: &str, w: &AdminWords) -> Played {
    let g = golden(name, lang);
    let peeks = g.peeks();
    // Б §6.1: two on one cell are both refused, privately, without a reason; the rule is in /rules.
    assert!(told(&g.answer("\"/rules\""), "group").contains(w.rules_start));
    let refused = g.answer(w.fourth_start);
    assert_eq!(told(&refused, "group"), "");
    assert!(told(&refused, w.bob).contains(w.refused));
    assert!(told(&refused, w.cid).contains(w.refused));
    assert_eq!(peeks[0]["status"], "setup");
    assert_eq!(peeks[0]["players"][w.bob]["cell"], Value::Null);
    assert_eq!(peeks[1]["players"][w.bob]["cell"], "B1");
    // Paused: no deadline fires however long it waits.
    assert_eq!(g.answer("\"3h\"")["out"], json!([]));
    // Two missed turns in a row: out, his corpse and all he had on his cell.
    let removed = &peeks[2];
    assert_eq!(removed["players"][w.bob]["health"], "dead");
    assert_eq!(
        removed["items"]["B1"],
        json!([
            "bullets", "bullets", "bullets", "grenades", "grenades", "grenades", "mine", "corpse"
        ])
    );
    // /kick asks first; "no" keeps him; "yes" removes him, corpse left.
    let kicked = &peeks[3];
    assert_eq!(kicked["players"][w.fay]["health"], "dead");
    assert!(told(&g.answer(w.kick_yes), "group").contains(w.out));
    // /abort asks first too; the game aborted has no winner and nobody to move.
    let aborted = &peeks[4];
    assert_eq!(
        aborted["result"],
        json!({"kind": "aborted", "winner": null})
    );
    assert_eq!(aborted["turn"], Value::Null);
    // An order before the start cells are all chosen is refused, with the reason (the same words
    // earlier were refused because the game was paused).
    let orders = g.answers(w.order_in_setup);
    assert_eq!(told(&orders[0], "group"), w.paused);
    for o in &orders[orders.len() - 2..] {
        assert_eq!(told(o, "group"), w.not_started);
    }
    // Leaving during setup, too few are left: the game is called off, no maze revealed.
    let off = peeks.last().unwrap();
    assert_eq!(off["result"]["kind"], "aborted");
    g
}

struct AdminWords {
    bob: &'static str,
    cid: &'static str,
    fay: &'static str,
    rules_start: &'static str,
    fourth_start: &'static str,
    refused: &'static str,
    kick_yes: &'static str,
    out: &'static str,
    order_in_setup: &'static str,
    paused: &'static str,
    not_started: &'static str,
}

#[test]
fn admin_commands_in_english() {
    let g = admin(
        "admin_en",
        "en",
        &AdminWords {
            bob: "bob",
            cid: "cid",
            fay: "fay",
            rules_start: "refuses, without saying why, the choices of players who picked the same cell",
            fourth_start: "\"D1\"",
            refused: "The master does not allow that start cell.",
            kick_yes: "/kick fay yes",
            out: "fay is out of the game; his corpse and everything he had stay in the maze.",
            order_in_setup: "\"user\": \"bob\", \"chat\": \"group\", \"text\": \"go up\"",
            paused: "The game is paused; an admin resumes it with /resume.",
            not_started: "The game has not begun yet: orders go once everyone has chosen a start cell.",
        },
    );
    let asked = &g.answers("/kick fay\"")[1];
    assert!(told(asked, "group").contains("cannot be undone"), "{asked}");
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn admin_commands_in_russian() {
    let g = admin(
        "admin_ru",
        "ru",
        &AdminWords {
            bob: "Борис",
            cid: "Семён",
            fay: "Фёдор",
            rules_start: "Мастер без объяснения причин отказывает игрокам, выбравшим одну и ту же клетку",
            fourth_start: "\"D1\"",
            refused: "Мастер не разрешает начать с этой клетки.",
            kick_yes: "/kick Фёдор да",
            out: "Фёдор выбывает из игры; его труп и всё его имущество остаются в лабиринте.",
            order_in_setup: "\"user\": \"Борис\", \"chat\": \"group\", \"text\": \"иду вверх\"",
            paused: "Игра приостановлена; продолжить её может администратор командой /resume.",
            not_started: "Игра ещё не началась: ходы — когда все выберут стартовые клетки.",
        },
    );
    let asked = &g.answers("/kick Фёдор\"")[1];
    assert!(
        told(asked, "group").contains("этого не отменить"),
        "{asked}"
    );
    insta::assert_snapshot!(g.transcript());
}

// ---------------------------------------------------------------------------------------------
// One rule of the Kodex each: short classic games on one small maze.
// ---------------------------------------------------------------------------------------------

/// Kodex Б §5.1, §5.3: wounded, bob walks onto a cell with two bullets, a grenade and a false
/// treasure. He is told what he found and takes none of it, not even the grenade he lacks: the
/// wounded "не может … пользоваться имуществом, лежащим на его клетке", and lying ammunition goes
/// to "первому здоровому игроку" — ann, who comes next and takes a bullet, the grenade and the
/// treasure.
fn wounded_finds(name: &str, lang: &str, [ann, bob, walks, took]: [&str; 4]) -> Played {
    let g = golden(name, lang);
    let walked = told(&g.answers(walks)[0], "group");
    assert!(!walked.contains(took), "{walked}");
    let peeks = g.peeks();
    assert_eq!(peeks[0]["players"][bob]["grenades"], 2);
    assert_eq!(peeks[0]["players"][bob]["carrying"], Value::Null);
    assert_eq!(
        peeks[0]["items"]["B2"],
        json!(["fake", "bullets", "bullets", "grenades"])
    );
    assert!(told(&g.answers(walks)[1], "group").contains(took));
    assert_eq!(peeks[1]["players"][ann]["carrying"], "fake");
    assert_eq!(peeks[1]["players"][ann]["grenades"], 3);
    g
}

#[test]
fn the_wounded_take_nothing_lying_on_their_cell_in_english() {
    let g = wounded_finds(
        "wounded_finds_en",
        "en",
        ["ann", "bob", "the wall ", "You took"],
    );
    assert!(
        told(&g.answer("blow up the wall above"), "group")
            .contains("You found a treasure, two bullets and a grenade. Round 2.")
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn the_wounded_take_nothing_lying_on_their_cell_in_russian() {
    let g = wounded_finds(
        "wounded_finds_ru",
        "ru",
        ["Антон", "Борис", "взрываю стенку", "взял"],
    );
    assert!(
        told(&g.answer("взрываю стенку сверху"), "group")
            .contains("Пришел на Сушу, нашел клад, две пули и гранату. Круг 2.")
    );
    insta::assert_snapshot!(g.transcript());
}

/// Kodex Б §5.5, §5.2: bob walks out through the open exit left of A1; ann, at C1, shoots left.
/// The bullet flies to the first wall, hospital, arsenal or player — an open exit is none of them —
/// and wounds bob outside; the bullets he drops there are lost. He steps back in, wounded (§3.4).
fn shot_through_exit(name: &str, lang: &str, [bob, shot, scream, wounded]: [&str; 4]) -> Played {
    let g = golden(name, lang);
    let said = told(&g.answer(shot), "group");
    assert!(said.starts_with(scream), "{said}");
    assert!(said.contains(wounded), "{said}");
    let last = g.peeks().pop().unwrap();
    assert_eq!(last["players"][bob]["cell"], "A1");
    assert_eq!(last["players"][bob]["health"], "wounded");
    assert_eq!(
        last["items"].get("A1"),
        None,
        "what he dropped outside is gone"
    );
    g
}

#[test]
fn a_bullet_out_of_an_open_exit_hits_who_stands_outside_in_english() {
    let g = shot_through_exit(
        "shot_through_exit_en",
        "en",
        ["bob", "shoot left", "A scream is heard", "bob is wounded."],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn a_bullet_out_of_an_open_exit_hits_who_stands_outside_in_russian() {
    let g = shot_through_exit(
        "shot_through_exit_ru",
        "ru",
        ["Борис", "стреляю влево", "Слышен вопль", "Борис ранен."],
    );
    insta::assert_snapshot!(g.transcript());
}

/// Kodex Б §2.1, §3.4: bob carries a false treasure out; it crumbles and he must step back in. On
/// that turn he first shoots right, into the maze through his exit, and wounds ann on B1: a turn is
/// one movement and any permitted actions before or after it, and §3.4 asks only that the movement
/// bring him back in.
fn shot_from_outside(
    name: &str,
    lang: &str,
    [ann, bob, shot, scream, wounded]: [&str; 5],
) -> Played {
    let g = golden(name, lang);
    let said = told(&g.answer(shot), "group");
    assert!(said.starts_with(scream), "{said}");
    assert!(said.contains(wounded), "{said}");
    let last = g.peeks().pop().unwrap();
    assert_eq!(last["players"][ann]["health"], "wounded");
    assert_eq!(last["players"][bob]["cell"], "A1");
    assert_eq!(last["players"][bob]["bullets"], 2);
    g
}

#[test]
fn one_outside_the_maze_may_shoot_into_it_in_english() {
    let g = shot_from_outside(
        "shot_from_outside_en",
        "en",
        [
            "ann",
            "bob",
            "shoot right",
            "A scream is heard",
            "ann is wounded.",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

#[test]
fn one_outside_the_maze_may_shoot_into_it_in_russian() {
    let g = shot_from_outside(
        "shot_from_outside_ru",
        "ru",
        [
            "Антон",
            "Борис",
            "стреляю вправо",
            "Слышен вопль",
            "Антон ранен.",
        ],
    );
    insta::assert_snapshot!(g.transcript());
}

// ---------------------------------------------------------------------------------------------
// Bad input: each gets a clear answer, and nothing changes.
// ---------------------------------------------------------------------------------------------

/// How a bad line must be answered.
enum Expect {
    /// `{"error": …}` containing this.
    Error(&'static str),
    /// Messages to this chat or user containing this.
    Told(&'static str, &'static str),
}

/// Bad input of every kind through the real binary, each line followed by a peek: every line gets
/// a clear answer and the peek after it equals the peek before. Invalid UTF-8 is written to gm's
/// stdin as raw bytes.
#[test]
fn bad_input_changes_nothing() {
    let setup = std::fs::read_to_string(script_path("classic_en")).unwrap();
    // Up to the first peek after the start: a game in play, ann to move.
    let setup: String = setup.lines().take(8).map(|l| format!("{l}\n")).collect();
    let say = |user: &str, chat: &str, text: &str| {
        json!({"user": user, "chat": chat, "text": text})
            .to_string()
            .into_bytes()
    };
    let exactly_64k = "go up ".repeat(10_922) + "left";
    assert_eq!(exactly_64k.len(), 64 * 1024);
    let cases: Vec<(&str, Vec<u8>, Expect)> = vec![
        // Invalid UTF-8 from a platform, inside a message's text.
        (
            "raw invalid UTF-8 in a group message",
            b"{\"user\":\"ann\",\"chat\":\"group\",\"text\":\"go \xff\xfe up\"}".to_vec(),
            Expect::Told("group", "Your message arrived garbled"),
        ),
        (
            "raw invalid UTF-8 in a private message",
            b"{\"user\":\"ann\",\"chat\":\"dm\",\"text\":\"\xc3\x28 B2\"}".to_vec(),
            Expect::Told("ann", "Your message arrived garbled"),
        ),
        (
            "a lone continuation byte",
            b"{\"user\":\"ann\",\"chat\":\"group\",\"text\":\"\x80\"}".to_vec(),
            Expect::Told("group", "garbled"),
        ),
        (
            "invalid UTF-8 outside any string",
            b"\xff{\"user\":\"ann\",\"chat\":\"group\",\"text\":\"go up\"}".to_vec(),
            Expect::Error("not JSON"),
        ),
        // Malformed JSON.
        (
            "not JSON at all",
            b"go up".to_vec(),
            Expect::Error("not JSON"),
        ),
        (
            "a cut-off object",
            b"{\"user\":\"ann\",\"chat\":\"group\",\"text\":\"go".to_vec(),
            Expect::Error("not JSON"),
        ),
        ("an empty line", b"".to_vec(), Expect::Error("not JSON")),
        (
            "a trailing comma",
            b"{\"peek\":true,}".to_vec(),
            Expect::Error("not JSON"),
        ),
        // JSON of the wrong shape.
        (
            "an array",
            b"[1,2,3]".to_vec(),
            Expect::Error("must be a JSON object"),
        ),
        (
            "a string",
            b"\"go up\"".to_vec(),
            Expect::Error("must be a JSON object"),
        ),
        (
            "a number",
            b"42".to_vec(),
            Expect::Error("must be a JSON object"),
        ),
        (
            "null",
            b"null".to_vec(),
            Expect::Error("must be a JSON object"),
        ),
        (
            "no chat and no text",
            b"{\"user\":\"ann\"}".to_vec(),
            Expect::Error("expected {"),
        ),
        (
            "a text that is a number",
            b"{\"user\":\"ann\",\"chat\":\"group\",\"text\":5}".to_vec(),
            Expect::Error("expected {"),
        ),
        (
            "an empty user",
            say("", "group", "go up"),
            Expect::Error("user must not be empty"),
        ),
        (
            "an unknown chat",
            say("ann", "elsewhere", "go up"),
            Expect::Error("chat is"),
        ),
        (
            "a group with an empty name",
            say("ann", "group:", "go up"),
            Expect::Error("chat is"),
        ),
        (
            "an advance without a unit",
            b"{\"advance\":\"soon\"}".to_vec(),
            Expect::Error("advance takes a time"),
        ),
        (
            "an advance as a number",
            b"{\"advance\":36}".to_vec(),
            Expect::Error("advance takes a time"),
        ),
        (
            "a negative advance",
            b"{\"advance\":\"-5h\"}".to_vec(),
            Expect::Error("advance takes a time"),
        ),
        (
            "a peek that is not true",
            b"{\"peek\":\"yes\"}".to_vec(),
            Expect::Error("expected {"),
        ),
        (
            "a peek at a chat that is no group",
            b"{\"peek\":true,\"chat\":\"dm\"}".to_vec(),
            Expect::Error("peek at"),
        ),
        // Unknown commands: in play one is read as an order and named as not understood.
        (
            "an unknown command in play",
            say("ann", "group", "/frobnicate"),
            Expect::Told("group", "\"/frobnicate\""),
        ),
        (
            "an unknown command privately",
            say("ann", "dm", "/frobnicate now"),
            Expect::Told("ann", "\"/frobnicate\""),
        ),
        (
            "an unknown command where no game runs",
            say("ann", "group:empty", "/frobnicate"),
            Expect::Told("empty", "I don't know the command /frobnicate"),
        ),
        (
            "a known command with a bot's mention where no game runs",
            say("ann", "group:empty", "/begin@labbot"),
            Expect::Told("empty", "There is no game in this chat"),
        ),
        // Oversized texts: over 64 KB is refused unread; 64 KB is read, and answered.
        (
            "a text of 64 KB and one byte",
            say("ann", "group", &"x".repeat(64 * 1024 + 1)),
            Expect::Told("group", "That message is too long to read"),
        ),
        (
            "a private text over 64 KB",
            say("ann", "dm", &"B2 ".repeat(30_000)),
            Expect::Told("ann", "That message is too long to read"),
        ),
        (
            "an order of exactly 64 KB, read up to the parser's cap",
            say("ann", "group", &exactly_64k),
            Expect::Told("group", "I read at most 120 words"),
        ),
        // Orders the rules or the table refuse (Kodex Б §2.1, §6.2), with the reason.
        (
            "out of turn",
            say("bob", "group", "go down"),
            Expect::Told("group", "It is not your turn"),
        ),
        (
            "from a stranger",
            say("eve", "group", "go up"),
            Expect::Told("group", "eve, you are not playing"),
        ),
        (
            "an admin command from a player",
            say("bob", "group", "/abort yes"),
            Expect::Told("group", "Only the game's opener"),
        ),
        (
            "two movements (Kodex Б §2.1)",
            say("ann", "group", "go up and go down"),
            Expect::Told("group", "exactly one movement"),
        ),
        (
            "an order not understood",
            say("ann", "group", "fly to the moon"),
            Expect::Told("group", "Did not understand \"fly\""),
        ),
        (
            "a re-order by one not wounded (Kodex Б §5.5)",
            say("ann", "dm", "C3"),
            Expect::Told("ann", "You cannot choose a new cell now"),
        ),
        (
            "a new cell named in the group",
            say("ann", "group", "B2"),
            Expect::Told("group", "Name your new cell privately"),
        ),
        (
            "a second game in a busy chat",
            say("bob", "group", "/newgame labyrinth quantum"),
            Expect::Told("group", "already has a running game"),
        ),
        (
            "a bad option (Kodex Б §7: an unknown option is an error)",
            say(
                "bob",
                "group:empty",
                "/newgame labyrinth classic rivers=lava",
            ),
            Expect::Told("empty", "\"rivers=lava\""),
        ),
        (
            "an unknown game",
            say("bob", "group:empty", "/newgame chess"),
            Expect::Told("empty", "There is no game \"chess\" here"),
        ),
        (
            "a game number that is not his",
            say("ann", "dm", "#7 /status"),
            Expect::Told("ann", "no running game #7"),
        ),
    ];
    let mut input = setup.clone().into_bytes();
    input.extend_from_slice(b"{\"peek\":true}\n");
    for (_, line, _) in &cases {
        input.extend_from_slice(line);
        input.extend_from_slice(b"\n{\"peek\":true}\n");
    }
    let out = run_bytes(&input, "en", None);
    let n = setup.lines().count();
    assert_eq!(out.len(), n + 1 + 2 * cases.len(), "one answer per line");
    let before = &out[n];
    assert!(before.contains("\"turn\":\"ann\""), "{before}");
    let mut wrong = vec![];
    for (i, (what, _, expect)) in cases.iter().enumerate() {
        let answer: Value = serde_json::from_str(&out[n + 1 + 2 * i]).unwrap();
        let peek = &out[n + 2 + 2 * i];
        let ok = match expect {
            Expect::Error(e) => answer["error"].as_str().is_some_and(|s| s.contains(e)),
            Expect::Told(to, t) => {
                let msgs = messages(&answer);
                !msgs.is_empty() && msgs.iter().all(|(who, text)| who == to && text.contains(t))
            }
        };
        if !ok {
            wrong.push(format!("{what}: {answer}"));
        }
        if peek != before {
            wrong.push(format!("{what} changed the game: {peek}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// ---------------------------------------------------------------------------------------------
// Plans with every kind of error, sent by the master through the session.
// ---------------------------------------------------------------------------------------------

/// A 5x4 plan that breaks no rule of either code: two arsenals and two hospitals apart, a river
/// B2 > C2 into a mouth, a tick, exits right of E1 and left of A4, the treasure on C3 and a false
/// one on D4.
const BASE: &str = "\
labyrinth 5x4
+---+---+---+---+---+
| M   .   .   A   .
+   +   +   +   +   +
| .   >   U   .   E |
+   +   +   +   +   +
| A   .   .   .   M |
+   +   +   +   +   +
  .   .   .   .   . |
+---+---+---+---+---+
items:
  C3 treasure
  D4 fake
";

/// `BASE` with lines replaced, 1-based; a replacement may hold several lines, or none.
fn base_with(edits: &[(usize, &str)]) -> String {
    let mut lines: Vec<String> = BASE.lines().map(str::to_string).collect();
    let mut edits = edits.to_vec();
    edits.sort_by_key(|e| e.0);
    for &(no, text) in edits.iter().rev() {
        let new: Vec<String> = text.lines().map(str::to_string).collect();
        lines.splice(no - 1..no, new);
    }
    lines.join("\n") + "\n"
}

/// `BASE` with its items replaced.
fn base_items(items: &str) -> String {
    base_with(&[(12, items), (13, "")])
}

/// A refused plan: what it breaks, the code and options of the game at `/newgame`, the plan as typed (sent in
/// a code block, so line numbers count the opening fence as line 1), and what the refusal must say.
struct BadPlan {
    what: &'static str,
    options: &'static str,
    plan: String,
    says: &'static str,
}

fn bad(what: &'static str, plan: String, says: &'static str) -> BadPlan {
    BadPlan {
        what,
        options: "classic",
        plan,
        says,
    }
}

fn bad_with(
    what: &'static str,
    options: &'static str,
    plan: String,
    says: &'static str,
) -> BadPlan {
    BadPlan {
        what,
        options,
        plan,
        says,
    }
}

/// One plan per kind of format error (`plan/errors.rs`).
fn format_errors() -> Vec<BadPlan> {
    vec![
        bad("empty", String::new(), "The plan is empty."),
        // Over 64 KB the session refuses the message unread, before the plan reader would.
        bad(
            "too long",
            format!("{BASE}{}", " ".repeat(66_000)),
            "That message is too long to read",
        ),
        bad(
            "a control character",
            base_with(&[(3, "| M   .   .   A   .\u{7}")]),
            "line 4: the text holds a control character (U+0007)",
        ),
        bad(
            "no header",
            base_with(&[(1, "maze 5x4")]),
            "line 2: a plan begins with the line labyrinth WxH",
        ),
        bad(
            "no size",
            base_with(&[(1, "labyrinth")]),
            "line 2: write the maze's size after labyrinth",
        ),
        bad(
            "a bad size",
            base_with(&[(1, "labyrinth 27x4")]),
            "line 2: \"27x4\" is not a size",
        ),
        bad(
            "not a setting",
            base_with(&[(1, "labyrinth 5x4 cure6")]),
            "line 2: \"cure6\" is not a setting",
        ),
        bad(
            "an unknown setting",
            base_with(&[(1, "labyrinth 5x4 colour=red")]),
            "line 2: there is no setting \"colour\"",
        ),
        bad(
            "a setting twice",
            base_with(&[(1, "labyrinth 5x4 cure=3 cure=4")]),
            "line 2: cure is set twice",
        ),
        // Kodex Б §8.6: the cure time and Nstop are numbers the master announces.
        bad(
            "a bad setting value",
            base_with(&[(1, "labyrinth 5x4 nstop=0")]),
            "line 2: \"nstop=0\": the value must be a whole number from 1",
        ),
        bad(
            "missing lines",
            BASE.lines().take(6).collect::<Vec<_>>().join("\n") + "\n",
            "the drawing of a 5x4 maze takes 9 lines, but only 5 are here",
        ),
        bad(
            "text after the drawing",
            base_with(&[(11, "")]),
            "line 12: the drawing of a 5x4 maze ends at line 11",
        ),
        bad(
            "a line too long",
            base_with(&[(3, "| M   .   .   A   .   x")]),
            "line 4: the line is longer than 21 characters",
        ),
        bad(
            "a blank line",
            base_with(&[(4, "+   +   +   +   +   +\n\n")]),
            "line 6: a blank line inside the drawing",
        ),
        bad(
            "a tab",
            base_with(&[(5, "|\t.   >   U   .   E |")]),
            "line 6: a tab inside the drawing",
        ),
        bad(
            "a long dash",
            base_with(&[(2, "+—--+---+---+---+---+")]),
            "line 3: \"—\" is a long dash",
        ),
        bad(
            "a cell line for a wall line",
            base_with(&[(4, "| .   .   .   .   . |")]),
            "line 5: expected a wall line",
        ),
        bad(
            "a wall line for a cell line",
            base_with(&[(5, "+---+---+---+---+---+")]),
            "line 6: expected a cell line",
        ),
        bad(
            "a bad corner",
            base_with(&[(4, "+   x   +   +   +   +")]),
            "line 5: \"x\" at column 5 stands where a corner + belongs",
        ),
        bad(
            "a non-ASCII character",
            base_with(&[(3, "| M   é   .   A   .")]),
            "line 4, B1: \"é\" (U+00E9) is not a plain ASCII character",
        ),
        bad(
            "a Cyrillic twin of a Latin letter",
            base_with(&[(3, "| М   .   .   A   .")]),
            "line 4, A1: \"М\" is a Cyrillic letter; type the Latin M",
        ),
        bad(
            "a Cyrillic С for land",
            base_with(&[(3, "| M   С   .   A   .")]),
            "line 4, B1: \"С\" is a Cyrillic letter; land is written as a dot",
        ),
        bad(
            "a Cyrillic Я for a pit",
            base_with(&[(3, "| M   Я   .   A   .")]),
            "line 4, B1: \"Я\" is a Cyrillic letter; a pit is written",
        ),
        bad(
            "a Cyrillic Р for a river",
            base_with(&[(3, "| M   Р   .   A   .")]),
            "line 4, B1: \"Р\" is a Cyrillic letter; a river is written",
        ),
        bad(
            "a bad wall between rows",
            base_with(&[(4, "+   +-=-+   +   +   +")]),
            "line 5: \"-=-\" between B1 and B2 is not a wall",
        ),
        bad(
            "a bad side between cells",
            base_with(&[(3, "| M / .   .   A   .")]),
            "line 4: \"/\" between A1 and B1 is not a side",
        ),
        bad(
            "a bad outer wall",
            base_with(&[(10, "+---+-x-+---+---+---+")]),
            "line 11: \"-x-\" below B4 is not an outer side",
        ),
        bad(
            "a bad outer side",
            base_with(&[(5, "| .   >   U   .   E !")]),
            "line 6: \"!\" right of E2 is not an outer side",
        ),
        bad(
            "an unbreakable wall on the border",
            base_with(&[(2, "+###+---+---+---+---+")]),
            "line 3: \"###\" above A1",
        ),
        // Kodex Б §1.4: closed exits are on the outer wall.
        bad(
            "a closed exit inside",
            base_with(&[(4, "+~~~+   +   +   +   +")]),
            "line 5: \"~~~\" between A1 and A2: a closed exit lies only on the border",
        ),
        bad(
            "an empty cell",
            base_with(&[(3, "| M       .   A   .")]),
            "line 4, B1: the cell is empty",
        ),
        bad(
            "a bad glyph",
            base_with(&[(3, "| M   x   .   A   .")]),
            "line 4, B1: \"x\" is not a cell type",
        ),
        bad(
            "a lowercase glyph",
            base_with(&[(3, "| m   .   .   A   .")]),
            "line 4, A1: \"m\" is not a cell type; write the capital M",
        ),
        bad(
            "an uppercase pit",
            base_with(&[(3, "| M   A1  A1  A   .")]),
            "line 4, B1: \"A1\" is not a cell type; a pit's cycle is a lowercase letter: a1",
        ),
        bad(
            "pit 0",
            base_with(&[(3, "| M   a0  a1  A   .")]),
            "line 4, B1: \"a0\": the pits of a cycle are numbered from 1",
        ),
        bad(
            "a pit with a leading zero",
            base_with(&[(3, "| M  a01  a2  A   .")]),
            "line 4, B1: \"a01\": write the pit's number without a leading zero: a1",
        ),
        bad(
            "items on the label's line",
            base_with(&[(11, "items: C3 treasure"), (12, "")]),
            "line 12: write each item on its own line after items:",
        ),
        bad(
            "an item line without a cell",
            base_items("  33 treasure"),
            "line 13: \"33\" is not a cell name",
        ),
        bad(
            "an item off the board",
            base_items("  C3 treasure\n  Z9 fake"),
            "line 14, Z9: there is no cell Z9 on a 5x4 board",
        ),
        bad(
            "a cell without an item",
            base_items("  C3 treasure\n  D4"),
            "line 14, D4: say what lies on D4",
        ),
        bad(
            "an unknown item",
            base_items("  C3 treasure\n  D4 gold"),
            "line 14, D4: \"gold\" is not an item",
        ),
        bad(
            "bullets without a count",
            base_items("  C3 treasure\n  D4 bullets"),
            "line 14, D4: say how many bullets lie there",
        ),
        bad(
            "a bad count",
            base_items("  C3 treasure\n  D4 bullets x"),
            "line 14, D4: \"x\" is not a count",
        ),
        // Kodex Б §5.1: a count of nothing is no item; the reader refuses it before the validator.
        bad(
            "a count of 0",
            base_items("  C3 treasure\n  D4 bullets 0"),
            "line 14, D4: \"0\" is not a count",
        ),
        bad(
            "extra words",
            base_items("  C3 treasure\n  D4 bullets 2 now"),
            "line 14, D4: unexpected \"now\"",
        ),
    ]
}

/// One plan per mandatory rule of Kodex §8 and the rules it refers to (`validate/`,
/// `validate.ftl`); a plan that reads but breaks them. Three rules of the validator a plan's text
/// cannot break: a setting of 0, an item count of 0 and an item off the board are refused by the
/// reader first (above: "a bad setting value", "a count of 0", "an item off the board").
fn rule_errors() -> Vec<BadPlan> {
    vec![
        // Kodex Б §4.5: a river ends in a mouth; no wall across it; no circles.
        bad(
            "a river off the board",
            base_with(&[(5, "| .   >   U   .   > |")]),
            "E2: the river flows right off the board; a river must end in a mouth (§4.5)",
        ),
        bad(
            "a wall across a river",
            base_with(&[(5, "| .   > | U   .   E |")]),
            "B2: a wall stands across the river flowing into C2; a wall cannot cross a river (§4.5)",
        ),
        bad(
            "a river into land",
            base_with(&[(5, "| .   >   .   U   E |")]),
            "B2: the river flows into the land at C2; a river must end in a mouth (§4.5)",
        ),
        bad(
            "a circular river",
            base_with(&[(5, "| .   >   <   U   E |")]),
            "B2: the river runs in a circle of 2 cells through here and never reaches a mouth; a river must end in a mouth (§4.5)",
        ),
        bad(
            "a mouth without a river",
            base_with(&[(5, "| .   .   U   .   E |")]),
            "C2: no river flows into this mouth; a river system has at least one river (§4.5)",
        ),
        // Kodex Б §4.4: a cycle of pits numbered 1..N, N > 1.
        bad(
            "a lone pit",
            base_with(&[(9, "  .   a1  .   .   . |")]),
            "B4: a1 is the only pit of cycle a; a cycle has at least two pits (§4.4)",
        ),
        bad(
            "a gap in a cycle",
            base_with(&[(9, "  .   a1  a3  .   . |")]),
            "C4: cycle a has no pit a2 before this one; the pits of a cycle are numbered 1, 2, 3… without gaps (§4.4)",
        ),
        bad(
            "a pit twice",
            base_with(&[(9, "  .   a1  a1  a2  . |")]),
            "C4: pit a1 is already at B4; each number of a cycle is one pit (§4.4)",
        ),
        // Kodex Б §8.2: an arsenal, a hospital and land.
        bad(
            "no arsenal",
            base_with(&[(3, "| M   .   .   .   ."), (7, "| .   .   .   .   M |")]),
            "the maze has no arsenal; it needs at least one arsenal, one hospital and one land cell (§8.2)",
        ),
        // Kodex Б §8.3: exactly one true treasure, on land; §3.1: the false ones on land too.
        bad(
            "no treasure",
            base_items("  D4 fake"),
            "there is no true treasure; put exactly one on land (a `treasure` item) (§8.3)",
        ),
        bad(
            "two treasures",
            base_items("  C3 treasure\n  D4 treasure"),
            "there are 2 true treasures; there must be exactly one (make the others `fake`) (§8.3)",
        ),
        bad(
            "the treasure in a hospital",
            base_items("  A1 treasure\n  D4 fake"),
            "A1: the true treasure lies in the hospital; it may only be put on land (§8.3)",
        ),
        bad(
            "a false treasure in an arsenal",
            base_items("  C3 treasure\n  A3 fake"),
            "A3: a false treasure lies in the arsenal; at the start all treasures lie on land (§3.1)",
        ),
        // Kodex Б §1.4, §8.4: two exits at least, one open; none on a river's source.
        bad(
            "one exit",
            base_with(&[(3, "| M   .   .   A   . |")]),
            "the maze has only one exit; it needs at least two, open or closed (§1.4, §8.4)",
        ),
        bad(
            "no open exit",
            base_with(&[(3, "| M   .   .   A   . ~"), (9, "~ .   .   .   .   . |")]),
            "no exit is open; at least one exit must be open at the start (§8.4)",
        ),
        // Kodex В §1.4: the quantum code always wants an open exit, in its own section.
        bad_with(
            "no open exit (quantum)",
            "quantum",
            base_with(&[(3, "| M   .   .   A   . ~"), (9, "~ .   .   .   .   . |")]),
            "no exit is open; at least one exit must be open at the start (§1.4)",
        ),
        bad(
            "no hospital",
            base_with(&[(3, "| .   .   .   A   ."), (7, "| A   .   .   .   . |")]),
            "the maze has no hospital; it needs at least one arsenal, one hospital and one land cell (§8.2)",
        ),
        bad(
            "an exit on a river's source",
            base_with(&[(5, "  >   >   U   .   E |"), (9, "| .   .   .   .   . |")]),
            "A2: the exit on the left is on a cell no one can ever stand on",
        ),
        // Kodex Б §7.1: the group agreed exits are not closed.
        bad_with(
            "a closed exit where none may be",
            "classic closed_exits=no",
            base_with(&[(10, "+---+---+~~~+---+---+")]),
            "C4: the exit at the bottom is closed, but exits cannot be closed in this game; open it or make it a wall (§7.1)",
        ),
        // Kodex Б §8.5: every cell reachable, and left, without grenades.
        bad(
            "a cell no one reaches",
            base_with(&[
                (3, "| M   .   . | .   v |"),
                (4, "+   +   +   +---+   +"),
                (5, "| .   >   U   .   U |"),
                (7, "| A   .   .   .   M"),
                (9, "  .   .   .   .   E |"),
            ]),
            "D1: this cell cannot be reached from the rest of the maze without grenades",
        ),
        bad(
            "a mouth closed in",
            base_with(&[
                (4, "+   +   +   +   +---+"),
                (5, "| .   >   U   .   v |"),
                (7, "| A   .   .   . | U |"),
                (8, "+   +   +   +   +---+"),
                (9, "  .   .   .   .   E |"),
            ]),
            "E3: a player here can never get back to the rest of the maze without grenades: a mouth must not be closed in by walls and inflowing rivers (§8.5)",
        ),
        bad(
            "a cell cut off",
            base_with(&[(8, "+   +   +   +---+   +"), (9, "  .   .   . | . | . |")]),
            "D4: this cell is cut off from the rest of the maze without grenades: there is no way in and no way out (§8.5)",
        ),
        // Kodex Б §7.1: options the group agreed on.
        bad_with(
            "a mine where there are none",
            "classic mines=no",
            base_items("  C3 treasure\n  D4 fake\n  B1 mine"),
            "B1: a mine lies here, but this game is played without mines (§7.1)",
        ),
        bad_with(
            "a tick where there are none",
            "classic encephalitis=no",
            BASE.to_string(),
            "E2: an encephalitis cell, but this game is played without encephalitis (§7.1)",
        ),
        // Kodex В §5.7: the master lays mines, unarmed, on land and arsenals (in the classic code
        // the players bring them, Б §5.7).
        bad_with(
            "a mine in a hospital",
            "quantum",
            base_items("  C3 treasure\n  D4 fake\n  A1 mine"),
            "A1: a mine lies in the hospital; the master lays mines on land and arsenals only (§5.7)",
        ),
        bad_with(
            "an armed mine at the start",
            "quantum",
            base_items("  C3 treasure\n  D4 fake\n  B1 armed-mine"),
            "B1: an armed mine at the start; the master lays mines unarmed (write `mine`, not `armed-mine`) (§5.7)",
        ),
        // Kodex Б §7.1: counts agreed on before the game.
        bad_with(
            "more pits than agreed",
            "classic max_pits=1",
            base_with(&[(9, "  .   a1  a2  .   . |")]),
            "number of pits: 2, but the group agreed on at most 1 (§7.1)",
        ),
        bad_with(
            "more pit cycles than agreed",
            "classic max_pit_cycles=1",
            base_with(&[(9, "  a1  a2  b1  b2  . |")]),
            "number of pit cycles: 2, but the group agreed on at most 1 (§7.1)",
        ),
        bad_with(
            "a longer pit cycle than agreed",
            "classic max_pit_cycle_len=2",
            base_with(&[(9, "  a1  a2  a3  .   . |")]),
            "pits in this cycle: 3, but the group agreed on at most 2 (§7.1)",
        ),
        bad_with(
            "more river systems than agreed",
            "classic max_river_systems=0",
            BASE.to_string(),
            "number of river systems: 1, but the group agreed on at most 0 (§7.1)",
        ),
        bad_with(
            "more tributaries than agreed",
            "classic max_tributaries=1",
            base_with(&[(3, "| M   .   v   A   ."), (5, "| .   >   U   <   E |")]),
            "rivers flowing into this cell: 3, but the group agreed on at most 1 (§7.1)",
        ),
        bad_with(
            "a longer river than agreed",
            "classic max_river_len=1",
            base_with(&[(5, "| >   >   U   .   E |")]),
            "river cells flowing into this mouth: 2, but the group agreed on at most 1 (§7.1)",
        ),
        bad_with(
            "other than the agreed arsenals",
            "classic arsenals=1",
            BASE.to_string(),
            "number of arsenals: 2, but the group agreed on exactly 1 (§7.1)",
        ),
        bad_with(
            "other than the agreed hospitals",
            "classic hospitals=3",
            BASE.to_string(),
            "number of hospitals: 2, but the group agreed on exactly 3 (§7.1)",
        ),
        bad_with(
            "other than the agreed treasures",
            "classic treasures=3",
            BASE.to_string(),
            "number of treasures, true and false: 2, but the group agreed on exactly 3 (§7.1)",
        ),
        bad_with(
            "more inner walls than agreed",
            "classic max_inner_walls=0",
            base_with(&[(4, "+   +---+   +   +   +")]),
            "number of inner walls: 1, but the group agreed on at most 0 (§7.1)",
        ),
        bad_with(
            "other than the agreed exits",
            "classic exits=3",
            BASE.to_string(),
            "number of exits, open and closed: 2, but the group agreed on exactly 3 (§7.1)",
        ),
        bad_with(
            "no chain from top to bottom",
            "classic chains=yes",
            base_with(&[
                (6, "+---+---+---+---+   +"),
                (7, "| A   .   .   .   E |"),
                (5, "| .   >   U   .   M |"),
            ]),
            "no unbroken chain of land, hospitals, arsenals and mouths joins the top and bottom walls, as the group agreed (§7.1)",
        ),
    ]
}

/// A plan with every kind of error, sent by the master through `gm script`: each refusal names the
/// problem (its line and cell, or its cell and the rule's section), in both languages, and nothing
/// of the plan is kept: the peek after equals the peek before. Each plan goes to a game of its own,
/// opened with the options the rule needs.
#[test]
fn every_kind_of_bad_plan_is_refused_and_kept_nowhere() {
    let mut cases = format_errors();
    cases.extend(rule_errors());
    cases.push(bad(
        "nothing: the plan is good",
        BASE.to_string(),
        "The plan is accepted.",
    ));
    for lang in ["en", "ru"] {
        let mut input = String::new();
        for (i, case) in cases.iter().enumerate() {
            let (group, master) = (format!("group:p{i}"), format!("m{i}"));
            let newgame = format!("/newgame labyrinth {} plan=own", case.options);
            for (user, chat, text) in [
                (master.as_str(), group.as_str(), newgame.as_str()),
                ("ann", group.as_str(), "/join"),
                ("bob", group.as_str(), "/join"),
                (master.as_str(), group.as_str(), "/begin"),
            ] {
                input.push_str(&json!({"user": user, "chat": chat, "text": text}).to_string());
                input.push('\n');
            }
            let peek = json!({"peek": true, "chat": group}).to_string();
            let plan = if case.plan.is_empty() {
                String::new()
            } else {
                format!("```\n{}```", case.plan)
            };
            input.push_str(&format!("{peek}\n"));
            input.push_str(&json!({"user": master, "chat": "dm", "text": plan}).to_string());
            input.push_str(&format!("\n{peek}\n"));
        }
        let out = run(&input, lang, None);
        assert_eq!(out.len(), cases.len() * 7);
        let mut wrong = vec![];
        for (i, case) in cases.iter().enumerate() {
            let (before, answer, after) = (&out[7 * i + 4], &out[7 * i + 5], &out[7 * i + 6]);
            let answer: Value = serde_json::from_str(answer).unwrap();
            let to_master = told(&answer, &format!("m{i}"));
            let good = i == cases.len() - 1;
            if lang == "en" && !to_master.contains(case.says) {
                wrong.push(format!(
                    "{}: not {:?} but {to_master:?}",
                    case.what, case.says
                ));
            }
            if lang == "ru" {
                // The same problem in Russian: the same line and section, the same cell.
                let line = case.says.strip_prefix("line ").map(|r| {
                    let n: String = r.chars().take_while(char::is_ascii_digit).collect();
                    format!("строка {n}")
                });
                let section = case.says.rfind("(§").map(|k| &case.says[k..]);
                let cell = cells(case.says.split(':').next().unwrap_or("")).pop();
                for must in [line, section.map(str::to_string), cell]
                    .into_iter()
                    .flatten()
                {
                    if !to_master.contains(&must) {
                        wrong.push(format!("{} (ru): no {must:?} in {to_master:?}", case.what));
                    }
                }
            }
            if good {
                assert!(after.contains("\"status\":\"setup\""), "{after}");
                continue;
            }
            if messages(&answer).len() != 1 {
                wrong.push(format!(
                    "{}: only the master is answered: {answer}",
                    case.what
                ));
            }
            if after != before {
                wrong.push(format!(
                    "{}: the refused plan changed the game: {after}",
                    case.what
                ));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}

// ---------------------------------------------------------------------------------------------
// Restarts and moves between installations.
// ---------------------------------------------------------------------------------------------

/// Runs the script on `db` with the crash hook set to abort at `point` of line `k`: returns what it
/// printed before it died.
fn run_crashing(input: &str, db: &Path, k: usize, point: &str) -> Vec<String> {
    let mut child = gm()
        .args(["--lang", "en", "script", "--seed", "1", "--db"])
        .arg(db)
        .env("GM_SCRIPT_CRASH", format!("{k}:{point}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The process may die before it read everything: a broken pipe here is expected.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success(), "the crash hook fired at {k}:{point}");
    let mut stdout = BufReader::new(&out.stdout[..]);
    let mut lines = vec![];
    let mut line = String::new();
    while stdout.read_line(&mut line).unwrap() > 0 {
        lines.push(line.trim_end().to_string());
        line.clear();
    }
    lines
}

/// Every message of a run's answers, in the order printed.
fn all_messages(answers: &[String]) -> Vec<serde_json::Value> {
    answers
        .iter()
        .filter_map(|a| serde_json::from_str::<serde_json::Value>(a).ok())
        .filter_map(|a| a["out"].as_array().cloned())
        .flatten()
        .collect()
}

/// How many input lines the database says were handled.
fn cursor(db: &Path) -> usize {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = bot_core::store::Store::open(db).await.unwrap();
        let n = store.meta(bot_core::script::CURSOR_KEY).await.unwrap();
        store.close().await;
        n.map_or(0, |n| n.parse().unwrap())
    })
}

/// The process crashing at any line of the longest game (deadlines, a pause, removals, a kick, an
/// abort) — after the line's effects were committed and
/// before its answer was printed, or after printing and before marking its messages sent — and
/// restarted on the same database with the input from the stored cursor on, ends with the same
/// state and the same messages as an uninterrupted run: none lost, none repeated but the ones of a
/// crash between printing and marking (sent at least once, as a bot's message in flight is).
#[test]
fn a_crash_at_any_point_of_a_game_loses_nothing_and_repeats_nothing() {
    let input = std::fs::read_to_string(script_path("admin_en")).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    // The clock ticks on without moving, and the final state is read: what a crash left unprinted
    // comes with the next answer that can carry messages, which a peek's cannot.
    let peek = "{\"advance\":\"0s\"}\n{\"peek\":true}";
    let whole = run(&format!("{input}{peek}\n"), "en", None);
    let (final_state, whole) = whole.split_last().unwrap();
    for k in 1..=lines.len() {
        for point in ["answered", "printed"] {
            let db = bot_core::testkit::TempDb::new(&format!("crash-{k}-{point}"));
            let first = run_crashing(&input, &db, k, point);
            assert_eq!(first.len(), k - usize::from(point == "answered"));
            let from = cursor(&db);
            assert!(from <= k, "the cursor ran ahead: {from} > {k}");
            let rest: String = lines[from..].iter().map(|l| format!("{l}\n")).collect();
            let second = run(&format!("{rest}{peek}\n"), "en", Some(db.path()));
            let (state, second) = second.split_last().unwrap();
            assert_eq!(state, final_state, "the state after a crash at {k}:{point}");
            let mut expected = all_messages(&whole[..k]);
            if point == "printed" {
                expected.extend(all_messages(&whole[k - 1..k]));
            }
            expected.extend(all_messages(&whole[k..]));
            let got: Vec<_> = all_messages(&first)
                .into_iter()
                .chain(all_messages(second))
                .collect();
            assert_eq!(got, expected, "the messages around a crash at {k}:{point}");
        }
    }
}

/// A second script on the same database goes on with the game where the first left it: its lines
/// are new messages (not taken for redeliveries of the first script's), and its clock goes on.
#[test]
fn a_second_script_on_the_same_database_goes_on_with_the_game() {
    let input = std::fs::read_to_string(script_path("quantum_en")).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    let whole = run(&input, "en", None);
    let db = bot_core::testkit::TempDb::new("parts");
    let half = lines.len() / 2;
    let part = |l: &[&str]| l.iter().map(|l| format!("{l}\n")).collect::<String>();
    let mut got = run(&part(&lines[..half]), "en", Some(db.path()));
    got.extend(run(&part(&lines[half..]), "en", Some(db.path())));
    assert_eq!(got, whole);
}

/// The cylinder game stopped and restarted on its database at every line goes on as if nothing
/// happened: queues, the step, the deadline and the crocodile's sleep are all saved.
#[test]
fn a_cylinder_game_survives_a_restart_at_any_line() {
    survives_a_restart_at_any_line("cylinder_en");
}

/// Queued play stopped and restarted at every line: the queues, their expected cells and the
/// round's deadline are saved with the game.
#[test]
fn queued_play_survives_a_restart_at_any_line() {
    survives_a_restart_at_any_line("queue_en");
}

fn survives_a_restart_at_any_line(script: &str) {
    let input = std::fs::read_to_string(script_path(script)).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    let whole = run(&input, "en", None);
    let part = |l: &[&str]| l.iter().map(|l| format!("{l}\n")).collect::<String>();
    for cut in 1..lines.len() {
        let db = bot_core::testkit::TempDb::new(&format!("{script}-{cut}"));
        let mut got = run(&part(&lines[..cut]), "en", Some(db.path()));
        got.extend(run(&part(&lines[cut..]), "en", Some(db.path())));
        assert_eq!(got, whole, "restarted after line {cut}");
    }
}

/// `gm game export` then `gm game import` into another database: the game goes on there.
#[test]
fn a_game_moves_between_installations() {
    let dir = bot_core::testkit::temp_dir("move");
    let dir = dir.path();
    let (from, to) = (dir.join("from.db"), dir.join("to.db"));
    let input = std::fs::read_to_string(script_path("classic_en")).unwrap();
    let mut setup: String = input.lines().take(9).map(|l| format!("{l}\n")).collect();
    setup.push_str("{\"peek\":true}\n");
    let here = run(&setup, "en", Some(&from));
    let out = gm()
        .args(["game", "export", "--db"])
        .arg(&from)
        .arg("1")
        .output()
        .unwrap();
    assert!(out.status.success());
    let json = dir.join("game.json");
    std::fs::write(&json, &out.stdout).unwrap();
    let out = gm()
        .args(["game", "import", "--db"])
        .arg(&to)
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let there = run(
        "{\"peek\":true}\n{\"user\":\"bob\",\"chat\":\"group\",\"text\":\"go down\"}\n",
        "en",
        Some(&to),
    );
    assert_eq!(
        &there[0],
        here.last().unwrap(),
        "the imported game is the same game"
    );
    assert!(there[1].contains("ann, your move"), "{}", there[1]);

    // Into another chat of a third installation: the game goes on there, under its new name.
    let third = dir.join("third.db");
    let out = gm()
        .args(["game", "import", "--chat", "club", "--db"])
        .arg(&third)
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let there = run(
        "{\"peek\":true,\"chat\":\"group:club\"}\n{\"peek\":true}\n",
        "en",
        Some(&third),
    );
    assert_eq!(
        &there[0],
        here.last().unwrap(),
        "the same game, in the club"
    );
    assert_eq!(
        there[1], "{\"state\":null}",
        "and nothing left where it was"
    );

    // A file that cannot be read is a failure, said without a trace of panic.
    let out = gm()
        .args(["game", "import", "--db"])
        .arg(&third)
        .arg(dir.join("missing.json"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot read") && err.contains("missing.json"),
        "{err}"
    );
}

/// `rated=yes` (issue 17): a casual game's result moves its players' ratings in the chat, in the
/// commit that ends it; an unrated one does not; a wrong value is refused with the right words.
#[test]
fn a_casual_game_opened_rated_moves_the_ratings() {
    let say = |user: &str, text: &str| {
        json!({"user": user, "chat": "group", "text": text}).to_string() + "\n"
    };
    let mut input = String::new();
    for (user, text) in [
        ("ann", "/newgame hive rated=maybe"),
        ("ann", "/newgame hive rated=yes color=white"),
        ("bob", "/join"),
        ("ann", "/begin"),
        ("ann", "/resign"),
        ("ann", "/rating"),
        ("bob", "/rating"),
        ("ann", "/newgame hive color=white"),
        ("bob", "/join"),
        ("ann", "/begin"),
        ("bob", "/resign"),
        ("ann", "/leaderboard hive"),
    ] {
        input.push_str(&say(user, text));
    }
    let out = run(&input, "en", None);
    assert!(out[0].contains("rated=yes or rated=no"), "{}", out[0]);
    let rating = |line: &str, who: &str| -> i64 {
        let text = &messages(&serde_json::from_str(line).unwrap())[0].1;
        let tail = text.split(&format!("{who}, hive: ")).nth(1).unwrap();
        tail.split(' ').next().unwrap().parse().unwrap()
    };
    let (ann, bob) = (rating(&out[5], "ann"), rating(&out[6], "bob"));
    assert!(
        ann < 1500 && bob > 1500,
        "the loser down, the winner up: {ann} {bob}"
    );
    // The second game was not rated: the leaderboard still shows one game each.
    assert!(out[11].contains(&format!("bob — {bob} (1)")), "{}", out[11]);
    assert!(out[11].contains(&format!("ann — {ann} (1)")), "{}", out[11]);
}

/// `gm tournament export` then `gm tournament import` into another database, in the middle of a
/// round (issue 17): the game under way there goes on, the next rounds open, and the tournament
/// ends with the standings it ends with when it never moved.
#[test]
fn a_tournament_moves_between_installations() {
    let dir = bot_core::testkit::temp_dir("tournament-move");
    let dir = dir.path();
    let (from, to) = (dir.join("from.db"), dir.join("to.db"));
    let input = std::fs::read_to_string(script_path("tournament_hive_en")).unwrap();
    let lines: Vec<&str> = input.lines().collect();
    let whole = run(&input, "en", None);
    let part = |l: &[&str]| l.iter().map(|l| format!("{l}\n")).collect::<String>();
    // After line 13 one game of round 2 is under way.
    run(&part(&lines[..13]), "en", Some(&from));
    let out = gm()
        .args(["tournament", "export", "--db"])
        .arg(&from)
        .arg("1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json = dir.join("tournament.json");
    std::fs::write(&json, &out.stdout).unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        doc["games"].as_array().unwrap().len(),
        1,
        "the game under way"
    );
    let out = gm()
        .args(["tournament", "import", "--db"])
        .arg(&to)
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A second import into a chat with an open tournament is refused, changing nothing.
    let again = gm()
        .args(["tournament", "import", "--db"])
        .arg(&to)
        .arg(&json)
        .output()
        .unwrap();
    assert!(!again.status.success());
    let there = run(&part(&lines[13..]), "en", Some(&to));
    let standings = |answer: &str| {
        let v: Value = serde_json::from_str(answer).unwrap();
        v["state"]["tournament"]["standings"].clone()
    };
    assert_eq!(
        standings(there.last().unwrap()),
        standings(whole.last().unwrap())
    );
    // The game under way at the move ended there, by a resignation in its thread.
    let resigned = &there[1];
    assert!(resigned.contains("eve resigns"), "{resigned}");
}

/// `gm script --db postgres://…` plays every golden script exactly as on the default SQLite file,
/// answer for answer (a fresh PostgreSQL database each; skipped, and said, without one).
#[test]
fn every_script_plays_the_same_on_postgresql() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let Some(server) = runtime.block_on(bot_core::testkit::postgres("script-pg")) else {
        return;
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() > 30, "{names:?}");
    for name in names {
        let lang = if name.ends_with("_ru") { "ru" } else { "en" };
        let input = std::fs::read_to_string(script_path(&name)).unwrap();
        let db = runtime.block_on(server.sibling("script-pg"));
        let url = db.url();
        let on_postgres = run_bytes(input.as_bytes(), lang, Some(url.as_ref()));
        assert_eq!(on_postgres, run(&input, lang, None), "{name}");
        drop(db);
    }
}

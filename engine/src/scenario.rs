//! Rules scenarios (`shared/design/scenario-format.md`): a table to start
//! from, the choices players make, and the table that must result. This
//! module reads scenario files, runs them against the engine and says, for a
//! failure, the first zone that differs.

use crate::card::{card, normalize_title, CardDb, CardId, Color, Icon, Special};
use crate::game::{Game, GameConfig};
use crate::prompt::{Action, Choice, Decision, Prompt};
use crate::state::{Achievement, PlayerId, Splay, State, Turn, WinReason};
use serde::Serialize;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// The outcome of one scenario.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioResult {
    pub name: String,
    pub file: String,
    pub passed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Every `*.json` file under the given files and folders, sorted.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut stack = vec![p.clone()];
            while let Some(d) = stack.pop() {
                let entries = std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
                for entry in entries {
                    let path = entry.map_err(|e| format!("{}: {e}", d.display()))?.path();
                    if path.is_dir() {
                        stack.push(path);
                    } else if path.extension().is_some_and(|x| x == "json") {
                        out.push(path);
                    }
                }
            }
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such file or folder", p.display()));
        }
    }
    out.sort();
    Ok(out)
}

/// Runs every scenario of a file (one scenario object, or an array of them).
pub fn run_file(path: &Path) -> Vec<ScenarioResult> {
    let file = path.display().to_string();
    let fail = |name: String, error: String| ScenarioResult { name, file: file.clone(), passed: false, error: Some(error) };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return vec![fail(file.clone(), format!("cannot read the file: {e}"))],
    };
    let json: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return vec![fail(file.clone(), format!("malformed JSON: {e}"))],
    };
    let list = match json {
        Value::Array(v) => v,
        v => vec![v],
    };
    list.iter()
        .map(|s| {
            let name = s.get("name").and_then(Value::as_str).unwrap_or(&file).to_string();
            match run_scenario(s) {
                Ok(()) => ScenarioResult { name, file: file.clone(), passed: true, error: None },
                Err(e) => fail(name, e),
            }
        })
        .collect()
}

/// Runs one scenario given as JSON. `Err` says what failed.
pub fn run_scenario(s: &Value) -> Result<(), String> {
    let obj = s.as_object().ok_or("a scenario is a JSON object")?;
    check_keys(
        obj,
        &["name", "players", "edition", "expansions", "teams", "seed", "setup", "steps", "expect", "description", "comment"],
        "scenario",
    )?;
    obj.get("name").and_then(Value::as_str).ok_or("`name` (a string) is missing")?;
    let names: Vec<String> = obj
        .get("players")
        .and_then(Value::as_array)
        .ok_or("`players` (a list of 2 to 5 names) is missing")?
        .iter()
        .map(|v| v.as_str().map(str::to_string).ok_or("`players` must hold names (strings)"))
        .collect::<Result<_, _>>()?;
    let seat = |n: &str| -> Result<PlayerId, String> { names.iter().position(|x| x == n).ok_or(format!("unknown player {n:?}")) };
    let teams = match obj.get("teams") {
        None | Some(Value::Null) => None,
        Some(Value::Array(ts)) => Some(
            ts.iter()
                .map(|t| {
                    t.as_array()
                        .ok_or("`teams` is a list of lists of player names".to_string())?
                        .iter()
                        .map(|n| seat(n.as_str().ok_or("`teams` is a list of lists of player names")?))
                        .collect::<Result<Vec<_>, _>>()
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
        Some(_) => return Err("`teams` is a list of lists of player names".into()),
    };
    let expansions = match obj.get("expansions") {
        None => Vec::new(),
        Some(v) => v
            .as_array()
            .ok_or("`expansions` is a list of names")?
            .iter()
            .map(|x| {
                let n = x.as_str().ok_or("`expansions` is a list of names")?;
                if !EXPANSIONS.contains(&n) {
                    return Err(format!("unknown expansion {n:?} (the expansions are {})", EXPANSIONS.join(", ")));
                }
                Ok(n.to_string())
            })
            .collect::<Result<_, String>>()?,
    };
    let config = GameConfig {
        players: names.clone(),
        teams,
        edition: obj.get("edition").map(|v| v.as_u64().ok_or("`edition` is 3 or 4")).transpose()?.unwrap_or(4) as u8,
        expansions,
        // Any integer: a negative one is used as its two's complement bits.
        seed: obj.get("seed").map(|v| v.as_u64().or(v.as_i64().map(|i| i as u64)).ok_or("`seed` is an integer")).transpose()?.unwrap_or(0),
    };
    let mut st = Game::initial_state(&config).map_err(|e| e.to_string())?;
    let empty = Value::Object(Map::new());
    arrange(&mut st, &names, obj.get("setup").unwrap_or(&empty))?;
    let mut game = Game::from_state(config, st).map_err(|e| format!("setup: {e}"))?;
    let steps = match obj.get("steps") {
        None => Vec::new(),
        Some(v) => v.as_array().ok_or("`steps` is a list")?.clone(),
    };
    for (i, step) in steps.iter().enumerate() {
        run_step(&mut game, &names, step).map_err(|e| format!("step {}: {e}", i + 1))?;
    }
    check_expect(&game, &names, obj.get("expect").unwrap_or(&empty))
}

fn check_keys(obj: &Map<String, Value>, allowed: &[&str], what: &str) -> Result<(), String> {
    for k in obj.keys() {
        if !allowed.contains(&k.as_str()) {
            return Err(format!("unknown key {k:?} in {what}"));
        }
    }
    Ok(())
}

fn card_named(name: &str) -> Result<CardId, String> {
    CardDb::get().by_title(name).ok_or_else(|| format!("unknown card {name:?}"))
}

fn card_list(v: &Value, what: &str) -> Result<Vec<CardId>, String> {
    v.as_array()
        .ok_or(format!("{what} must be a list of card names"))?
        .iter()
        .map(|x| card_named(x.as_str().ok_or(format!("{what} must be a list of card names"))?))
        .collect()
}

/// The expansions the format names (the engine plays none of them yet).
const EXPANSIONS: [&str; 5] = ["echoes", "cities", "artifacts", "figures", "unseen"];

const PLAYER_ZONES: [&str; 12] =
    ["red", "yellow", "green", "blue", "purple", "hand", "score", "achievements", "forecast", "safe", "display", "museums"];

/// Applies a scenario's `setup` to a freshly set-up table.
fn arrange(st: &mut State, names: &[String], setup: &Value) -> Result<(), String> {
    let setup = setup.as_object().ok_or("`setup` is an object")?;
    let mut table_keys = vec!["achievements", "special_achievements", "junk", "decks", "decks_exact", "turn"];
    table_keys.extend(names.iter().map(String::as_str));
    check_keys(setup, &table_keys, "setup")?;
    // Every hand and board goes back to its deck.
    for p in 0..st.players.len() {
        let mut cards = std::mem::take(&mut st.players[p].hand);
        for pile in st.players[p].piles.iter_mut() {
            cards.append(&mut pile.cards);
            pile.splay = Splay::None;
        }
        for c in cards {
            st.decks[card(c).age as usize].insert(0, c);
        }
    }
    let mut placed: Vec<CardId> = Vec::new();
    let mut place = |c: CardId, st: &mut State| -> Result<(), String> {
        if placed.contains(&c) {
            return Err(format!("{} is placed twice in the setup", card(c).title));
        }
        placed.push(c);
        st.remove(c);
        Ok(())
    };
    if let Some(v) = setup.get("achievements") {
        let list = card_list(v, "setup.achievements")?;
        for c in std::mem::take(&mut st.achievements) {
            st.decks[card(c).age as usize].insert(0, c);
        }
        for c in list {
            place(c, st)?;
            st.achievements.push(c);
        }
    }
    if let Some(v) = setup.get("special_achievements") {
        let list = v.as_array().ok_or("setup.special_achievements is a list of names")?;
        st.specials = Vec::new();
        for x in list {
            let s = x.as_str().and_then(Special::parse).ok_or(format!("setup.special_achievements: unknown special achievement {x}"))?;
            if st.specials.contains(&s) {
                return Err(format!("setup.special_achievements names {} twice", s.name()));
            }
            st.specials.push(s);
        }
    }
    // A special achievement is in one place only.
    let mut placed_specials: Vec<Special> = Vec::new();
    let mut place_special = |s: Special| -> Result<(), String> {
        if placed_specials.contains(&s) {
            return Err(format!("{} is placed twice in the setup", s.name()));
        }
        placed_specials.push(s);
        Ok(())
    };
    for (p, name) in names.iter().enumerate() {
        let Some(zones) = setup.get(name) else { continue };
        let zones = zones.as_object().ok_or(format!("setup.{name} is an object of zones"))?;
        check_keys(zones, &PLAYER_ZONES, &format!("setup.{name}"))?;
        for (zone, v) in zones {
            if let Some(col) = Color::parse(zone) {
                let (cards, splay) = pile_spec(v, &format!("setup.{name}.{zone}"))?;
                for c in cards.iter().rev() {
                    if card(*c).color != col {
                        return Err(format!("setup.{name}.{zone}: {} is {}, not {col}", card(*c).title, card(*c).color));
                    }
                    place(*c, st)?;
                    st.pile_mut(p, col).cards.push(*c);
                }
                st.pile_mut(p, col).splay = if cards.len() >= 2 { splay } else { Splay::None };
                continue;
            }
            match zone.as_str() {
                "hand" | "score" => {
                    for c in card_list(v, &format!("setup.{name}.{zone}"))? {
                        place(c, st)?;
                        if zone == "hand" {
                            st.players[p].hand.push(c)
                        } else {
                            st.players[p].score.push(c)
                        }
                    }
                }
                "achievements" => {
                    for x in v.as_array().ok_or(format!("setup.{name}.achievements is a list"))? {
                        let n = x.as_str().ok_or(format!("setup.{name}.achievements is a list of names"))?;
                        if let Some(s) = Special::parse(n) {
                            place_special(s)?;
                            st.specials.retain(|y| *y != s);
                            st.players[p].achievements.push(Achievement::Special(s));
                        } else {
                            let c = card_named(n)?;
                            place(c, st)?;
                            st.players[p].achievements.push(Achievement::Card(c));
                        }
                    }
                }
                // An expansion zone may be written empty; cards there need the expansion.
                _ if v.as_array().is_some_and(|a| a.is_empty()) => {}
                other => return Err(format!("setup.{name}.{other}: that zone belongs to an expansion, which this game does not use")),
            }
        }
    }
    if let Some(v) = setup.get("junk") {
        let list = v.as_array().ok_or("setup.junk is a list of names")?;
        for x in list {
            let n = x.as_str().ok_or("setup.junk is a list of names")?;
            if let Some(s) = Special::parse(n) {
                place_special(s)?;
                st.specials.retain(|y| *y != s);
                st.junked_specials.push(s);
            } else {
                let c = card_named(n)?;
                place(c, st)?;
                st.junk.push(c);
            }
        }
    }
    for (key, exact) in [("decks", false), ("decks_exact", true)] {
        let Some(v) = setup.get(key) else { continue };
        let sets = v.as_object().ok_or(format!("setup.{key} is an object of sets"))?;
        for (set, ages) in sets {
            if set != "base" {
                return Err(format!("setup.{key}: set {set:?} is not in this game"));
            }
            let ages = ages.as_object().ok_or(format!("setup.{key}.base is an object of ages"))?;
            for (age, list) in ages {
                let a: usize = age
                    .parse()
                    .ok()
                    .filter(|a| (1..=11).contains(a))
                    .ok_or(format!("setup.{key}.base: {age:?} is not an age from 1 to 11"))?;
                let cards = card_list(list, &format!("setup.{key}.base.{age}"))?;
                for c in cards.iter().rev() {
                    if card(*c).age as usize != a {
                        return Err(format!("setup.{key}.base.{age}: {} is a {}", card(*c).title, card(*c).age));
                    }
                    place(*c, st)?;
                    st.decks[a].push(*c);
                }
                if exact {
                    // The rest of that deck is junked, not lost.
                    let rest: Vec<CardId> = st.decks[a].iter().copied().filter(|x| !cards.contains(x)).collect();
                    st.decks[a].retain(|x| cards.contains(x));
                    st.junk.extend(rest);
                }
            }
        }
    }
    let n = names.len() as u32;
    st.turn = match setup.get("turn") {
        None => Turn { player: 0, actions_left: 1, number: 0 },
        Some(t) => {
            let t = t.as_object().ok_or("setup.turn is {\"player\": NAME, \"actions_left\": 1 or 2}")?;
            check_keys(t, &["player", "actions_left"], "setup.turn")?;
            let name = t.get("player").and_then(Value::as_str).ok_or("setup.turn.player is a player name")?;
            let player = names.iter().position(|x| x == name).ok_or(format!("setup.turn: unknown player {name:?}"))?;
            let actions_left = t
                .get("actions_left")
                .map(|v| v.as_u64().filter(|a| (1..=2).contains(a)).ok_or("setup.turn.actions_left is 1 or 2"))
                .transpose()?
                .unwrap_or(2) as u8;
            Turn { player, actions_left, number: 2 * n }
        }
    };
    Ok(())
}

fn pile_spec(v: &Value, what: &str) -> Result<(Vec<CardId>, Splay), String> {
    match v {
        Value::Array(_) => Ok((card_list(v, what)?, Splay::None)),
        Value::Object(o) => {
            check_keys(o, &["cards", "splay"], what)?;
            let cards = card_list(o.get("cards").ok_or(format!("{what}.cards is missing"))?, what)?;
            let splay = match o.get("splay") {
                None => Splay::None,
                Some(s) => s.as_str().and_then(Splay::parse).ok_or(format!("{what}.splay is none, left, right, up or aslant"))?,
            };
            Ok((cards, splay))
        }
        _ => Err(format!("{what} is a list of card names or {{\"cards\": [...], \"splay\": ...}}")),
    }
}

/// A key comparing answers loosely: letters and digits, lower case.
fn key(s: &str) -> String {
    normalize_title(s)
}

/// How an option is written in a scenario.
fn option_key(c: &Choice, names: &[String]) -> String {
    match c {
        Choice::Action(Action::Draw) => "draw".into(),
        Choice::Action(Action::Meld(x)) => format!("meld {}", key(&card(*x).title)),
        Choice::Action(Action::Dogma(x)) => format!("dogma {}", key(&card(*x).title)),
        Choice::Action(Action::Achieve(a)) => format!("achieve {a}"),
        Choice::Card(x) => key(&card(*x).title),
        Choice::Player(p) => key(&names[*p]),
        other => key(&other.to_string()),
    }
}

fn expected_key(v: &Value) -> Result<String, String> {
    Ok(match v {
        Value::String(s) => key(s),
        Value::Number(n) => n.to_string(),
        Value::Object(o) => {
            let action = o.get("action").and_then(Value::as_str).ok_or(format!("cannot read the option {v}"))?;
            match action {
                "draw" => "draw".into(),
                "achieve" => format!("achieve {}", o.get("age").ok_or(format!("{v}: `age` is missing"))?),
                a => format!("{a} {}", key(o.get("card").and_then(Value::as_str).ok_or(format!("{v}: `card` is missing"))?)),
            }
        }
        _ => return Err(format!("cannot read the option {v}")),
    })
}

/// Turns one written answer into the option of `prompt` it picks.
fn resolve_answer(prompt: &Prompt, names: &[String], st: &State, v: &Value) -> Result<Vec<Choice>, String> {
    let found = |pred: &dyn Fn(&Choice) -> bool| -> Vec<Choice> { prompt.options.iter().filter(|c| pred(c)).cloned().collect() };
    let one = |v: Vec<Choice>, what: &str| -> Result<Vec<Choice>, String> {
        v.into_iter().next().map(|c| vec![c]).ok_or(format!("{what} is not one of the answers to \"{}\"", prompt.reason))
    };
    match v {
        Value::Number(n) => {
            let n = n.as_u64().ok_or(format!("{v} is not a value"))? as u8;
            one(found(&|c| *c == Choice::Value(n)), &v.to_string())
        }
        Value::String(s) if s.eq_ignore_ascii_case("any order") => Ok(prompt.options.clone()),
        Value::String(s) => {
            let k = key(s);
            let exact = found(&|c| option_key(c, names) == k);
            if !exact.is_empty() {
                return one(exact, s);
            }
            let labels = found(&|c| matches!(c, Choice::Label(l) if key(l).contains(&k)));
            match labels.len() {
                1 => Ok(labels),
                0 => Err(format!("{s:?} is not one of the answers to \"{}\"", prompt.reason)),
                _ => Err(format!("{s:?} matches several options of \"{}\"", prompt.reason)),
            }
        }
        Value::Object(o) => {
            if let (Some(p), Some(c)) = (o.get("player").and_then(Value::as_str), o.get("color").and_then(Value::as_str)) {
                let seat = names.iter().position(|x| x == p).ok_or(format!("unknown player {p:?}"))?;
                let col = Color::parse(c).ok_or(format!("unknown colour {c:?}"))?;
                let top = st.players[seat].top(col);
                return one(
                    found(&|x| matches!(x, Choice::Card(t) if Some(*t) == top) || (*x == Choice::Color(col) && seat == prompt.player)),
                    &v.to_string(),
                );
            }
            if let Some(age) = o.get("age").and_then(Value::as_u64) {
                let owner = o.get("player").and_then(Value::as_str).and_then(|p| names.iter().position(|x| x == p));
                let zone = o.get("zone").and_then(Value::as_str);
                return one(
                    found(&|x| match x {
                        Choice::Card(c) if card(*c).age as u64 == age => {
                            let z = st.locate(*c);
                            let owner_ok = owner.is_none_or(|p| {
                                matches!(z, Some(crate::state::Zone::Hand(q) | crate::state::Zone::Score(q) | crate::state::Zone::Achievements(q) | crate::state::Zone::Pile(q, _)) if q == p)
                            });
                            let zone_ok = match zone {
                                None => true,
                                Some("hand") => matches!(z, Some(crate::state::Zone::Hand(_))),
                                Some("score") => matches!(z, Some(crate::state::Zone::Score(_))),
                                Some("achievements") => matches!(z, Some(crate::state::Zone::Achievements(_))),
                                Some(_) => false,
                            };
                            owner_ok && zone_ok
                        }
                        _ => false,
                    }),
                    &v.to_string(),
                );
            }
            Err(format!("cannot read the answer {v}"))
        }
        _ => Err(format!("cannot read the answer {v}")),
    }
}

fn run_step(game: &mut Game, names: &[String], step: &Value) -> Result<(), String> {
    let o = step.as_object().ok_or("a step is an object")?;
    check_keys(o, &["player", "action", "card", "age", "choose", "comment"], "step")?;
    if game.is_over() {
        return Err("the game is already over".into());
    }
    let prompt = match o.get("player").and_then(Value::as_str) {
        Some(n) => {
            let p = names.iter().position(|x| x == n).ok_or(format!("unknown player {n:?}"))?;
            game.prompt_for(p).cloned().ok_or_else(|| {
                let asked: Vec<String> = game.prompts().iter().map(|x| format!("{} (\"{}\")", names[x.player], x.reason)).collect();
                format!("{n} is not being asked; the game asks {}", asked.join(", "))
            })?
        }
        None => game.prompts().first().cloned().ok_or("the game is not asking anything")?,
    };
    let answer: Vec<Choice> = if let Some(a) = o.get("action") {
        let a = a.as_str().ok_or("`action` is a string")?;
        let named = |o: &Map<String, Value>| -> Result<CardId, String> {
            card_named(o.get("card").and_then(Value::as_str).ok_or(format!("action {a} needs `card`"))?)
        };
        let action = match a {
            "draw" => Action::Draw,
            "meld" => Action::Meld(named(o)?),
            "dogma" => Action::Dogma(named(o)?),
            "achieve" => match (o.get("age").and_then(Value::as_u64), o.get("card").and_then(Value::as_str)) {
                (Some(n), _) => Action::Achieve(n as u8),
                (None, Some(c)) => Action::Achieve(card(card_named(c)?).age),
                _ => return Err("action achieve needs `age` or `card`".into()),
            },
            other => return Err(format!("unknown action {other:?} (the base game has draw, meld, dogma, achieve)")),
        };
        vec![Choice::Action(action)]
    } else if let Some(c) = o.get("choose") {
        let list = c.as_array().ok_or("`choose` is a list of answers")?;
        let mut out = Vec::new();
        for v in list {
            out.extend(resolve_answer(&prompt, names, game.state(), v)?);
        }
        out
    } else {
        return Err("a step has `action` or `choose`".into());
    };
    game.apply(Decision::new(prompt.player, answer)).map_err(|e| e.to_string())
}

fn names_of(cards: &[CardId]) -> Vec<String> {
    let mut v: Vec<String> = cards.iter().map(|c| card(*c).title.clone()).collect();
    v.sort();
    v
}

fn achievement_names(a: &[Achievement]) -> Vec<String> {
    let mut v: Vec<String> = a
        .iter()
        .map(|x| match x {
            Achievement::Card(c) => card(*c).title.clone(),
            Achievement::Special(s) => s.name().to_string(),
        })
        .collect();
    v.sort();
    v
}

fn unordered(v: &Value, what: &str) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = v
        .as_array()
        .ok_or(format!("{what} is a list of names"))?
        .iter()
        .map(|x| {
            let s = x.as_str().ok_or(format!("{what} is a list of names"))?;
            if let Some(sp) = Special::parse(s) {
                return Ok(sp.name().to_string());
            }
            Ok(card(card_named(s)?).title.clone())
        })
        .collect::<Result<_, String>>()?;
    out.sort();
    Ok(out)
}

fn check_expect(game: &Game, names: &[String], expect: &Value) -> Result<(), String> {
    let e = expect.as_object().ok_or("`expect` is an object")?;
    let mut keys = vec![
        "junk",
        "achievements",
        "special_achievements",
        "winner",
        "win_reason",
        "win_card",
        "asking",
        "turn",
        "question",
        "deck_sizes",
        "partial",
    ];
    keys.extend(names.iter().map(String::as_str));
    check_keys(e, &keys, "expect")?;
    let st = game.state();
    let partial = e.get("partial").and_then(Value::as_bool).unwrap_or(false);
    let differ =
        |zone: String, want: &dyn std::fmt::Debug, got: &dyn std::fmt::Debug| Err(format!("{zone}: expected {want:?}, got {got:?}"));
    for (p, name) in names.iter().enumerate() {
        let zones = match e.get(name) {
            Some(z) => z.as_object().ok_or(format!("expect.{name} is an object of zones"))?.clone(),
            None if partial => continue,
            None => Map::new(),
        };
        check_keys(&zones, &PLAYER_ZONES, &format!("expect.{name}"))?;
        let ps = &st.players[p];
        for col in Color::ALL {
            let Some(v) = zones.get(col.name()).or(if partial { None } else { Some(&Value::Null) }) else { continue };
            let (want, splay) = if v.is_null() { (Vec::new(), Splay::None) } else { pile_spec(v, &format!("expect.{name}.{col}"))? };
            let got = ps.pile(col).top_first();
            if want != got || splay != ps.pile(col).splay {
                let w: Vec<&str> = want.iter().map(|c| card(*c).title.as_str()).collect();
                let g: Vec<&str> = got.iter().map(|c| card(*c).title.as_str()).collect();
                return differ(format!("{name}.{col}"), &(w, splay.name()), &(g, ps.pile(col).splay.name()));
            }
        }
        for (zone, got) in
            [("hand", names_of(&ps.hand)), ("score", names_of(&ps.score)), ("achievements", achievement_names(&ps.achievements))]
        {
            let want = match zones.get(zone) {
                Some(v) => unordered(v, &format!("expect.{name}.{zone}"))?,
                None if partial => continue,
                None => Vec::new(),
            };
            if want != got {
                return differ(format!("{name}.{zone}"), &want, &got);
            }
        }
        for zone in ["forecast", "safe", "display", "museums"] {
            if let Some(v) = zones.get(zone) {
                if !v.as_array().is_some_and(|a| a.is_empty()) {
                    return Err(format!("expect.{name}.{zone}: that zone belongs to an expansion, which this game does not use"));
                }
            }
        }
    }
    if let Some(v) = e.get("junk") {
        let want = unordered(v, "expect.junk")?;
        let mut got = names_of(&st.junk);
        got.extend(st.junked_specials.iter().map(|s| s.name().to_string()));
        got.sort();
        if want != got {
            return differ("junk".into(), &want, &got);
        }
    }
    if let Some(v) = e.get("achievements") {
        let want = unordered(v, "expect.achievements")?;
        let got = names_of(&st.achievements);
        if want != got {
            return differ("achievements".into(), &want, &got);
        }
    }
    if let Some(v) = e.get("special_achievements") {
        let want = unordered(v, "expect.special_achievements")?;
        let mut got: Vec<String> = st.specials.iter().map(|s| s.name().to_string()).collect();
        got.sort();
        if want != got {
            return differ("special_achievements".into(), &want, &got);
        }
    }
    let result = game.result();
    if let Some(v) = e.get("winner") {
        let mut want: Vec<String> = match v {
            Value::String(s) => vec![s.clone()],
            Value::Array(a) => a.iter().map(|x| x.as_str().unwrap_or("").to_string()).collect(),
            _ => return Err("expect.winner is a name or a list of names".into()),
        };
        want.sort();
        let Some(r) = result else { return Err(format!("winner: expected {want:?}, but the game is not over")) };
        let mut got: Vec<String> = r.winners.iter().map(|p| names[*p].clone()).collect();
        got.sort();
        if want != got {
            return differ("winner".into(), &want, &got);
        }
    }
    if let Some(v) = e.get("win_reason") {
        let want = v.as_str().ok_or("expect.win_reason is a string")?;
        let got = result.map(|r| r.reason.name()).unwrap_or("(the game is not over)");
        if want != got {
            return differ("win_reason".into(), &want, &got);
        }
        let _ = WinReason::Card;
    }
    if let Some(v) = e.get("win_card") {
        let want = card(card_named(v.as_str().ok_or("expect.win_card is a card name")?)?).title.clone();
        let got = result.and_then(|r| r.card).map(|c| card(c).title.clone());
        if Some(&want) != got.as_ref() {
            return differ("win_card".into(), &want, &got);
        }
    }
    if let Some(v) = e.get("asking") {
        let want = v.as_str().ok_or("expect.asking is a player name")?;
        let got: Vec<&str> = game.prompts().iter().map(|p| names[p.player].as_str()).collect();
        if got != [want] {
            return differ("asking".into(), &want, &got);
        }
    }
    if let Some(v) = e.get("turn") {
        let want_p = v.get("player").and_then(Value::as_str);
        let want_a = v.get("actions_left").and_then(Value::as_u64);
        let got_p = names[st.turn.player].as_str();
        if want_p.is_some_and(|w| w != got_p) || want_a.is_some_and(|w| w != st.turn.actions_left as u64) {
            return differ("turn".into(), &(want_p, want_a), &(got_p, st.turn.actions_left));
        }
    }
    if let Some(v) = e.get("question") {
        let q = game.prompts().first().ok_or("question: expected a question, but the game is not asking anything")?;
        if let Some(p) = v.get("player").and_then(Value::as_str) {
            if names[q.player] != p {
                return differ("question.player".into(), &p, &names[q.player]);
            }
        }
        if let Some(opts) = v.get("options") {
            let mut want: Vec<String> =
                opts.as_array().ok_or("question.options is a list")?.iter().map(expected_key).collect::<Result<_, _>>()?;
            want.sort();
            let mut got: Vec<String> = q.options.iter().map(|c| option_key(c, names)).collect();
            got.sort();
            if want != got {
                return differ("question.options".into(), &want, &got);
            }
        }
        if let Some(acts) = v.get("actions").and_then(Value::as_object) {
            for (kind, list) in acts {
                let mut want: Vec<String> = list
                    .as_array()
                    .ok_or("question.actions.KIND is a list")?
                    .iter()
                    .map(|x| match x {
                        Value::Number(n) => format!("{kind} {n}"),
                        Value::String(s) => format!("{kind} {}", key(s)),
                        _ => String::new(),
                    })
                    .collect();
                want.sort();
                let mut got: Vec<String> =
                    q.options.iter().map(|c| option_key(c, names)).filter(|k| k.starts_with(&format!("{kind} "))).collect();
                got.sort();
                if want != got {
                    return differ(format!("question.actions.{kind}"), &want, &got);
                }
            }
        }
        for (k, got) in [("min", q.min), ("max", q.max)] {
            if let Some(w) = v.get(k).and_then(Value::as_u64) {
                if w as usize != got {
                    return differ(format!("question.{k}"), &w, &got);
                }
            }
        }
    }
    if let Some(v) = e.get("deck_sizes") {
        let sets = v.as_object().ok_or("expect.deck_sizes is an object of sets")?;
        for (set, ages) in sets {
            if set != "base" {
                return Err(format!("expect.deck_sizes: set {set:?} is not in this game"));
            }
            for (age, n) in ages.as_object().ok_or("expect.deck_sizes.base is an object of ages")? {
                let a: usize =
                    age.parse().ok().filter(|a| (1..=11).contains(a)).ok_or(format!("expect.deck_sizes.base: {age:?} is not an age"))?;
                let want = n.as_u64().ok_or("a deck size is a number")? as usize;
                if st.decks[a].len() != want {
                    return differ(format!("deck_sizes.base.{age}"), &want, &st.decks[a].len());
                }
            }
        }
    }
    let _ = Icon::Hex;
    Ok(())
}

/// The cards a scenario is about: those whose title its name mentions, and
/// those a step uses for a Dogma action.
pub fn cards_exercised(s: &Value) -> Vec<CardId> {
    let mut out = Vec::new();
    let name = s.get("name").and_then(Value::as_str).unwrap_or("").to_lowercase();
    for c in &CardDb::get().cards {
        if mentions(&name, &c.title.to_lowercase()) {
            out.push(c.id);
        }
    }
    for step in s.get("steps").and_then(Value::as_array).into_iter().flatten() {
        if step.get("action").and_then(Value::as_str) == Some("dogma") {
            if let Some(c) = step.get("card").and_then(Value::as_str).and_then(|t| CardDb::get().by_title(t)) {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// Whether `title` appears in `text` as whole words.
fn mentions(text: &str, title: &str) -> bool {
    let mut from = 0;
    while let Some(i) = text[from..].find(title) {
        let start = from + i;
        let end = start + title.len();
        let before = text[..start].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
        let after = text[end..].chars().next().is_none_or(|c| !c.is_alphanumeric());
        if before && after {
            return true;
        }
        from = start + 1;
        while !text.is_char_boundary(from) {
            from += 1;
        }
    }
    false
}

/// How many scenarios under `dir` exercise each card (indexed by card id).
pub fn scenario_counts(dir: &Path) -> Vec<usize> {
    let mut counts = vec![0; CardDb::get().cards.len()];
    let Ok(files) = collect_files(&[dir.to_path_buf()]) else { return counts };
    for f in files {
        let Ok(text) = std::fs::read_to_string(&f) else { continue };
        let Ok(json) = serde_json::from_str::<Value>(&text) else { continue };
        let list = match json {
            Value::Array(v) => v,
            v => vec![v],
        };
        for s in &list {
            for c in cards_exercised(s) {
                counts[c.0 as usize] += 1;
            }
        }
    }
    counts
}

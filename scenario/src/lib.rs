//! Rules scenarios (`shared/design/scenario-format.md`): a table to start
//! from, the choices players make, and the table that must result. This
//! crate reads scenario files, runs them against the engine and says, for a
//! failure, the first zone that differs. The `innovation scenario` command and
//! the tests use it; the scenarios themselves live in `engine/tests/scenarios/`.
//!
//! Files are written by others, against the format rather than this engine, so
//! where engines may ask the same thing in different shapes the runner accepts
//! each reasonable way of writing it, and never a different outcome:
//! - notes for readers (`comment`, `note`, `_key`, ...) anywhere;
//! - one answer written without its list;
//! - whether the order of cards moving together is asked: `"any order"` with
//!   nothing to order is passed over, and an order question no step answers gets
//!   the order the choosing step wrote (else the engine's);
//! - a "you may" about one thing, asked as that thing: `yes`/`no`/`[]`/the thing,
//!   and checked as the thing or as a yes/no; a yes-then-which (Tools) answered
//!   straight with the cards, and checked as the which;
//! - "all but one" answered with the cards that go instead of the one kept;
//! - a value asked before the cards of it (Hypersonics) answered with the cards;
//! - a branch of an "A or B" asked as one choice (Publications) named first;
//! - a decline (`[]`, `"no"`) of a "you may" not asked because nothing could be chosen;
//! - `{"action": "achieve", "card": NAME}` among achievements of one value.
//!
//! One optional extension of the format: `setup.coin_flips`, a list of `"win"`/`"lose"`, arranges
//! the results of the coin flips to come (The Unseen's Quantum Computers), taken in order.

use engine::card::{card, normalize_title, CardDb, CardId, Color, Set, Special};
use engine::game::{Game, GameConfig};
use engine::prompt::{Action, AnswerKind, Choice, Decision, Prompt};
use engine::state::{Achievement, PlayerId, Splay, State, Turn, WinReason, Zone};
use serde::Serialize;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// The outcome of one scenario.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioResult {
    pub name: String,
    pub file: String,
    pub passed: bool,
    /// Why it failed; `null` when it passed (the format lists the key for every scenario).
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
    trace_file(path, false).into_iter().map(|(r, _)| r).collect()
}

/// Runs every scenario of a file, and when `trace` is set also says, step by step, what
/// the game asked and which step answered it (for writers finding out why a step fails).
pub fn trace_file(path: &Path, trace: bool) -> Vec<(ScenarioResult, Vec<String>)> {
    let file = path.display().to_string();
    let fail = |name: String, error: String| ScenarioResult { name, file: file.clone(), passed: false, error: Some(error) };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return vec![(fail(file.clone(), format!("cannot read the file: {e}")), Vec::new())],
    };
    let json: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return vec![(fail(file.clone(), format!("malformed JSON: {e}")), Vec::new())],
    };
    let list = match json {
        Value::Array(v) => v,
        v => vec![v],
    };
    list.iter()
        .map(|s| {
            let name = s.get("name").and_then(Value::as_str).unwrap_or(&file).to_string();
            let mut lines = Vec::new();
            let result = match run_scenario_traced(s, trace.then_some(&mut lines)) {
                Ok(()) => ScenarioResult { name, file: file.clone(), passed: true, error: None },
                Err(e) => fail(name, e),
            };
            (result, lines)
        })
        .collect()
}

/// Runs one scenario given as JSON. `Err` says what failed.
pub fn run_scenario(s: &Value) -> Result<(), String> {
    run_scenario_traced(s, None)
}

/// The questions the game is asking, one line each, as a trace shows them.
fn asked_lines(game: &Game, names: &[String]) -> Vec<String> {
    if let Some(r) = game.result() {
        let winners: Vec<&str> = r.winners.iter().map(|w| names[*w].as_str()).collect();
        return vec![format!("the game is over: {} won by {}", winners.join(" and "), r.reason.name())];
    }
    game.prompts()
        .iter()
        .map(|q| {
            let mut options: Vec<String> = q.options.iter().map(|c| option_name(c, names)).collect();
            if options.len() > 12 {
                let more = options.len() - 12;
                options.truncate(12);
                options.push(format!("... {more} more"));
            }
            let count = if q.min == q.max { format!("{}", q.min) } else { format!("{} to {}", q.min, q.max) };
            format!("{} is asked \"{}\" ({count} of: {})", names[q.player], q.reason, options.join(", "))
        })
        .collect()
}

/// [`run_scenario`], writing what the game asked before each step and at the end into `trace`.
pub fn run_scenario_traced(s: &Value, mut trace: Option<&mut Vec<String>>) -> Result<(), String> {
    let obj = s.as_object().ok_or("a scenario is a JSON object")?;
    check_keys(obj, &["name", "players", "edition", "expansions", "teams", "seed", "setup", "steps", "expect"], "scenario")?;
    obj.get("name").and_then(Value::as_str).ok_or("`name` (a string) is missing")?;
    let names: Vec<String> = obj
        .get("players")
        .and_then(Value::as_array)
        .ok_or(if obj.contains_key("players") {
            "`players` must be a list of 2 to 5 names"
        } else {
            "`players` (a list of 2 to 5 names) is missing"
        })?
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
        None => Default::default(),
        Some(v) => v
            .as_array()
            .ok_or("`expansions` is a list of names")?
            .iter()
            .map(|x| {
                let n = x.as_str().ok_or("`expansions` is a list of names")?;
                Set::parse(n)
                    .filter(|s| *s != Set::Base)
                    .ok_or(format!("unknown expansion {n:?} (the expansions are {})", EXPANSIONS.join(", ")))
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
    // The cards of the last step that chose several: if the engine then asks for their order and no
    // step answers, they go in the order the step wrote them ("several answers ... give an order").
    let mut written: Option<Vec<Choice>> = None;
    // An order answered a card at a time: the cards placed so far.
    let mut placed: Vec<Choice> = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        if let Some(t) = trace.as_deref_mut() {
            t.extend(asked_lines(&game, &names));
            t.push(format!("step {}: {step}", i + 1));
        }
        let at = |e: String| format!("step {}: {e}", i + 1);
        if order_in_parts(&mut game, &names, step, &mut placed).map_err(at)? {
            continue;
        }
        run_step_settling_order(&mut game, &names, step, &mut written).map_err(at)?;
    }
    if let Some(t) = trace {
        t.extend(asked_lines(&game, &names));
        t.push("(the steps run out here)".into());
    }
    let expect = obj.get("expect").unwrap_or(&empty);
    // Steps that stop where this engine asks for an order the file's writer did not expect: the
    // order written by the last step that chose these cards, else the order the engine proposes.
    // A file that checks the question the game stops at may mean that order question itself:
    // it is checked as it stands first.
    let settle = |game: &mut Game| {
        for _ in 0..MAX_SETTLED {
            if !settle_order(game, written.as_deref()) {
                break;
            }
        }
    };
    if expect.get("question").is_none() && expect.get("asking").is_none() {
        settle(&mut game);
        return check_expect(&game, &names, expect);
    }
    let as_it_stands = check_expect(&game, &names, expect);
    if as_it_stands.is_ok() || !game.prompts().iter().any(|q| q.kind == AnswerKind::Order) {
        return as_it_stands;
    }
    let mut settled = game.clone();
    settle(&mut settled);
    check_expect(&settled, &names, expect).map_err(|_| as_it_stands.unwrap_err())
}

/// "An order question may also be answered a card at a time": a step naming fewer cards than
/// the pending order question still orders puts them next, in the order named; the question
/// stands for the rest (a last single card is placed by itself), and the whole order is
/// answered once complete. False when the step is not such a part (it names something else).
fn order_in_parts(game: &mut Game, names: &[String], step: &Value, placed: &mut Vec<Choice>) -> Result<bool, String> {
    let Some(q) = game.prompts().first().filter(|q| q.kind == AnswerKind::Order && game.prompts().len() == 1).cloned() else {
        placed.clear();
        return Ok(false);
    };
    let Some(choose) = step.as_object().and_then(|o| o.get("choose")) else { return Ok(false) };
    if is_any_order(step) {
        return Ok(false);
    }
    let list = choose_list(choose)?;
    let rest = Prompt { options: q.options.iter().filter(|c| !placed.contains(c)).cloned().collect(), ..q.clone() };
    if list.is_empty() || list.len() > rest.options.len() || (list.len() == rest.options.len() && placed.is_empty()) {
        return Ok(false);
    }
    // A step that does not name cards being ordered answers something else (the order is then
    // settled as usual, see `run_step_settling_order`).
    let Ok(given) = resolve_answers(&rest, names, game.state(), &list) else {
        placed.clear();
        return Ok(false);
    };
    placed.extend(given);
    let left: Vec<Choice> = q.options.iter().filter(|c| !placed.contains(c)).cloned().collect();
    if left.len() <= 1 {
        placed.extend(left);
        let answer = std::mem::take(placed);
        game.apply(Decision::new(q.player, answer)).map_err(|e| e.to_string())?;
    }
    Ok(true)
}

/// The most order questions settled in a row (each settles one move of several cards).
const MAX_SETTLED: usize = 16;

/// Answers a pending question asking for the order of cards that move together: in the
/// order a step wrote exactly these cards (`written`), else in the order the engine proposes;
/// false when no such question is pending.
fn settle_order(game: &mut Game, written: Option<&[Choice]>) -> bool {
    let Some(q) = game.prompts().first().filter(|q| q.kind == AnswerKind::Order && game.prompts().len() == 1).cloned() else {
        return false;
    };
    let order = match written {
        Some(w) if w.len() == q.options.len() && w.iter().all(|c| q.options.contains(c)) => w.to_vec(),
        _ => q.options.clone(),
    };
    game.apply(Decision::new(q.player, order)).is_ok()
}

/// Whether a step only says `"any order"`.
fn is_any_order(step: &Value) -> bool {
    step.get("choose")
        .and_then(|c| choose_list(c).ok())
        .is_some_and(|l| l.len() == 1 && l[0].as_str().is_some_and(|s| s.eq_ignore_ascii_case("any order")))
}

/// Whether a step that fits no answer names one branch of the "A, or B" the pending question
/// asks as a single choice (Publications: "junk an available special achievement, or make a
/// special achievement in the junk available" is one choice among the specials, since where a
/// special lies tells which was meant): such a step is passed over, and the next names the thing.
fn names_a_branch(game: &Game, names: &[String], step: &Value) -> bool {
    let Some(q) = game.prompts().first() else { return false };
    let Some(list) = well_formed_choose(step, names) else { return false };
    let [Value::String(branch)] = list.as_slice() else { return false };
    let (reason, branch) = (label_key(&q.reason), label_key(branch.trim()));
    let Some((a, b)) = reason.split_once(", or ").or_else(|| reason.split_once(" or ")) else { return false };
    branch.len() >= 8 && (a.contains(&branch) || b.contains(&branch))
}

/// Whether a step declines (`[]` or `"no"`) a "you may" this engine did not ask, because
/// nothing could be chosen (an empty hand, no pile to splay): declining it changes nothing, so
/// it is passed over; the steps after it are then checked against the game as it is.
fn declines_the_unasked(game: &Game, names: &[String], step: &Value) -> bool {
    let Some(list) = well_formed_choose(step, names) else { return false };
    let declines = match list.as_slice() {
        [] => true,
        [Value::String(s)] => s.eq_ignore_ascii_case("no"),
        _ => false,
    };
    if !declines {
        return false;
    }
    let asked = |p: PlayerId| game.prompt_for(p).is_some_and(|q| q.min == 0 || q.kind == AnswerKind::YesNo);
    match step.get("player").and_then(Value::as_str).and_then(|n| names.iter().position(|x| x == n)) {
        // The named player is not asked anything that could be declined.
        Some(p) => !asked(p),
        None => !game.prompts().iter().any(|q| asked(q.player)),
    }
}

/// The answers of a step that is only a well-formed `choose` (with an optional known `player`):
/// the tolerances that pass a step over never pass over a malformed one.
fn well_formed_choose(step: &Value, names: &[String]) -> Option<Vec<Value>> {
    let o = step.as_object()?;
    check_keys(o, &["player", "choose"], "step").ok()?;
    if let Some(p) = o.get("player") {
        names.iter().position(|x| Some(x.as_str()) == p.as_str())?;
    }
    choose_list(o.get("choose")?).ok()
}

/// The answers of a `choose` step: a list, or (leniently) one answer written without its list.
fn choose_list(v: &Value) -> Result<Vec<Value>, String> {
    match v {
        Value::Array(list) => Ok(list.clone()),
        Value::Null | Value::Bool(_) => Err("`choose` is a list of answers".into()),
        one => Ok(vec![one.clone()]),
    }
}

/// "Transfer all but one card" is asked as the card to keep; a step that names the cards
/// that go instead (a count the question does not take, whose complement it does) means the same.
fn kept_or_given(prompt: &Prompt, answer: Vec<Choice>) -> Vec<Choice> {
    let fits = |n: usize| (prompt.min..=prompt.max).contains(&n);
    if fits(answer.len()) || !prompt.reason.contains("keep") || prompt.kind != AnswerKind::Cards {
        return answer;
    }
    let rest: Vec<Choice> = prompt.options.iter().filter(|c| !answer.contains(c)).cloned().collect();
    if fits(rest.len()) {
        rest
    } else {
        answer
    }
}

/// Runs a step, tolerant of one difference between engines the format allows: whether
/// the order of cards moving together is asked (`"any order"`: "the order the engine
/// proposes") or settled by the engine. A step that is only `"any order"` when no order
/// is asked is passed over; an order question that the step does not answer is given
/// the written or proposed order, and the step then answers the question after it.
/// A step naming a branch of an "A or B" asked as one choice is passed over.
/// `written` keeps the cards of the last step that chose several, in its order.
fn run_step_settling_order(game: &mut Game, names: &[String], step: &Value, written: &mut Option<Vec<Choice>>) -> Result<(), String> {
    let order_asked = game.prompts().iter().any(|q| q.kind == AnswerKind::Order);
    if is_any_order(step) && !order_asked && !game.is_over() {
        return Ok(());
    }
    let first = match run_step(game, names, step) {
        Ok(answer) => {
            if answer.len() >= 2 {
                *written = Some(answer);
            }
            return Ok(());
        }
        Err(e) => e,
    };
    let mut settled = game.clone();
    for _ in 0..MAX_SETTLED {
        if !settle_order(&mut settled, written.as_deref()) {
            break;
        }
        if let Ok(answer) = run_step(&mut settled, names, step) {
            *game = settled;
            *written = (answer.len() >= 2).then_some(answer);
            return Ok(());
        }
    }
    if names_a_branch(game, names, step) || declines_the_unasked(game, names, step) {
        return Ok(());
    }
    Err(first)
}

/// Keys that only annotate a scenario for its readers, allowed anywhere: a
/// misspelt key of the format is still refused, a note beside it is not.
fn annotation(key: &str) -> bool {
    matches!(key, "description" | "comment" | "comments" | "note" | "notes" | "why" | "rule" | "source")
        || key.starts_with('_')
        || key.starts_with("//")
        || key.starts_with('$')
}

fn check_keys(obj: &Map<String, Value>, allowed: &[&str], what: &str) -> Result<(), String> {
    for k in obj.keys() {
        if !allowed.contains(&k.as_str()) && !annotation(k) {
            let hint = if what == "setup" || what == "expect" { " (neither a player of this scenario nor a table-wide key)" } else { "" };
            return Err(format!("unknown key {k:?} in {what}{hint}"));
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
        .map(|x| {
            let name = x.as_str().ok_or(format!("{what} must be a list of card names"))?;
            card_named(name).map_err(|e| match Special::parse(name) {
                Some(sp) => format!("{what}: {} is a special achievement, not a card (see `special_achievements`)", sp.name()),
                None => e,
            })
        })
        .collect()
}

/// The expansions the format names (the engine plays none of them yet).
const EXPANSIONS: [&str; 5] = ["echoes", "cities", "artifacts", "figures", "unseen"];

const PLAYER_ZONES: [&str; 12] =
    ["red", "yellow", "green", "blue", "purple", "hand", "score", "achievements", "forecast", "safe", "display", "museums"];

/// Applies a scenario's `setup` to a freshly set-up table.
fn arrange(st: &mut State, names: &[String], setup: &Value) -> Result<(), String> {
    let setup = setup.as_object().ok_or("`setup` is an object")?;
    let mut table_keys = vec!["achievements", "special_achievements", "junk", "decks", "decks_exact", "turn", "coin_flips"];
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
            st.deck_mut(card(c).set, card(c).age).insert(0, c);
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
            st.deck_mut(card(c).set, card(c).age).insert(0, c);
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
        for (zone, v) in zones.iter().filter(|(k, _)| !annotation(k)) {
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
                        } else if let Some(col) = CardDb::get().decree_named(n).filter(|_| card_named(n).is_err()) {
                            // Figures: a Decree, by its name ("War"), taken from the supply.
                            if !st.decrees.contains(&col) {
                                return Err(format!(
                                    "setup.{name}.achievements: the {n} Decree is not in the supply (Figures in the Sand only, once each)"
                                ));
                            }
                            st.decrees.retain(|c| *c != col);
                            st.players[p].achievements.push(Achievement::Decree(col));
                        } else {
                            let c = card_named(n)?;
                            place(c, st)?;
                            st.players[p].achievements.push(Achievement::Card(c));
                        }
                    }
                }
                // An expansion zone may be written empty; cards there need the expansion.
                _ if v.as_array().is_some_and(|a| a.is_empty()) => {}
                "forecast" | "safe" | "display" | "museums" => {
                    let set = match zone.as_str() {
                        "forecast" => Set::Echoes,
                        "safe" => Set::Unseen,
                        _ => Set::Artifacts,
                    };
                    if !st.has(set) {
                        return Err(format!(
                            "setup.{name}.{zone}: that zone belongs to the expansion {}, which this game does not use",
                            set.title()
                        ));
                    }
                    let cards = card_list(v, &format!("setup.{name}.{zone}"))?;
                    for c in cards {
                        place(c, st)?;
                        match zone.as_str() {
                            "forecast" => st.players[p].forecast.push(c),
                            "safe" => st.players[p].safe.push(c),
                            "display" if st.players[p].display.is_none() => st.players[p].display = Some(c),
                            "display" => return Err(format!("setup.{name}.display: one Artifact at most is on display")),
                            _ => {
                                let m = st.museums.pop().ok_or(format!("setup.{name}.museums: the five Museums are all in use"))?;
                                st.players[p].museums.push((m, c));
                            }
                        }
                    }
                }
                other => return Err(format!("setup.{name}.{other}: unknown zone")),
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
        for (set, a, list) in decks_by_set(st, v, &format!("setup.{key}"))? {
            let (set_name, age) = (set.name(), a);
            let cards = card_list(list, &format!("setup.{key}.{set_name}.{age}"))?;
            // Naming the Age 0 deck introduces it, as Bear Grylls does: the Age 0 cards placed
            // nowhere else make the deck (in the game's order), the ones named on top.
            if a == 0 && !st.age_zero {
                let rest = engine::card::CardDb::get().of_set_and_age(Set::Base, 0).iter().copied().filter(|c| st.locate(*c).is_none());
                let rest: Vec<CardId> = rest.collect();
                st.deck_mut(Set::Base, 0).extend(rest);
                st.age_zero = true;
            }
            for c in cards.iter().rev() {
                if card(*c).set != set {
                    return Err(format!("setup.{key}.{set_name}.{age}: {} is a card of {}", card(*c).title, card(*c).set.title()));
                }
                if card(*c).age != a {
                    return Err(format!("setup.{key}.{set_name}.{age}: {} is a {}", card(*c).title, card(*c).age));
                }
                place(*c, st)?;
                st.deck_mut(set, a).push(*c);
            }
            if exact {
                // The rest of that deck is junked, not lost.
                let rest: Vec<CardId> = st.deck(set, a).iter().copied().filter(|x| !cards.contains(x)).collect();
                st.deck_mut(set, a).retain(|x| cards.contains(x));
                st.junk.extend(rest);
            }
        }
    }
    // An extension of the format: coin flips arranged in advance ("win"/"lose", for the player flipping).
    if let Some(v) = setup.get("coin_flips") {
        let flips = v.as_array().ok_or("setup.coin_flips is a list of \"win\" or \"lose\"")?;
        st.coin_flips = flips
            .iter()
            .map(|f| match f.as_str() {
                Some("win") => Ok(true),
                Some("lose") => Ok(false),
                _ => Err(format!("setup.coin_flips: {f} is neither \"win\" nor \"lose\"")),
            })
            .collect::<Result<_, _>>()?;
    }
    let n = names.len() as u32;
    st.turn = match setup.get("turn") {
        None => Turn::new(0, 1, 0),
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
            // A turn with both its actions left is at its start (an Artifact on display is showcased
            // first); with one left, its start is past.
            let mut turn = Turn::new(player, actions_left, 2 * n);
            turn.started = actions_left < 2;
            turn
        }
    };
    Ok(())
}

/// `{"base": {"3": X}, "unseen": {...}}` (setup.decks, expect.deck_sizes): each set in play, age
/// from 1 to 11 (from 0 for the base set with Figures in the Sand: the Age 0 deck) and the value
/// written for it.
fn decks_by_set<'v>(st: &State, v: &'v Value, what: &str) -> Result<Vec<(Set, u8, &'v Value)>, String> {
    let sets = v.as_object().ok_or(format!("{what} is an object of sets"))?;
    let mut out = Vec::new();
    for (set_name, ages) in sets.iter().filter(|(k, _)| !annotation(k)) {
        let set = Set::parse(set_name).ok_or(format!("{what}: unknown set {set_name:?}"))?;
        if !st.has(set) {
            return Err(format!("{what}: set {set_name:?} is not in this game"));
        }
        let ages = ages.as_object().ok_or(format!("{what}.{set_name} is an object of ages"))?;
        // Figures' Age 0 deck is a base deck ("0"), once the set is in play.
        let lowest = if set == Set::Base && st.has(Set::Figures) { 0 } else { 1 };
        for (age, x) in ages.iter().filter(|(k, _)| !annotation(k)) {
            let a = age.parse().ok().filter(|a| (lowest..=11).contains(a)).ok_or(if lowest == 0 {
                format!("{what}.{set_name}: {age:?} is not an age from 0 to 11")
            } else {
                format!("{what}.{set_name}: {age:?} is not an age from 1 to 11 (0, the Age 0 deck, needs Figures in the Sand)")
            })?;
            out.push((set, a, x));
        }
    }
    Ok(out)
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

/// A key comparing names loosely: letters and digits, lower case ("A.I." = "AI").
fn key(s: &str) -> String {
    normalize_title(s)
}

/// A label as the format compares it: ignoring case and the markup characters `{}[]`.
fn label_key(s: &str) -> String {
    s.chars().filter(|c| !"{}[]".contains(*c)).flat_map(char::to_lowercase).collect()
}

/// How an option reads in a message.
fn option_name(c: &Choice, names: &[String]) -> String {
    match c {
        Choice::Player(p) => names.get(*p).cloned().unwrap_or_else(|| c.to_string()),
        other => other.to_string(),
    }
}

/// The key of an option answered by a plain string (labels are compared apart).
fn option_key(c: &Choice, names: &[String]) -> Option<String> {
    match c {
        Choice::Label(_) | Choice::Concede => None,
        Choice::Action(Action::Draw) => Some("draw".into()),
        Choice::Action(Action::Meld(x)) => Some(format!("meld {}", key(&card(*x).title))),
        Choice::Action(Action::Dogma(x)) => Some(format!("dogma {}", key(&card(*x).title))),
        Choice::Action(Action::Endorse(x)) => Some(format!("endorse {}", key(&card(*x).title))),
        Choice::Action(Action::Achieve(a)) => Some(format!("achieve {a}")),
        Choice::Card(x) => Some(key(&card(*x).title)),
        Choice::Player(p) => Some(key(&names[*p])),
        other => Some(key(&other.to_string())),
    }
}

const BACK_ZONES: [&str; 5] = ["hand", "score", "achievements", "safe", "forecast"];

fn small_number(v: &Value) -> Option<u8> {
    v.as_u64().and_then(|n| u8::try_from(n).ok())
}

/// The action a step (or a written option) `{"action": ..., ...}` stands for.
fn action_of(o: &Map<String, Value>, st: &State) -> Result<Action, String> {
    let a = o.get("action").and_then(Value::as_str).ok_or("`action` is a string")?;
    let named = || -> Result<CardId, String> {
        card_named(o.get("card").and_then(Value::as_str).ok_or(format!("action {a} needs `card` (a card name)"))?)
    };
    Ok(match a {
        "draw" => Action::Draw,
        "meld" => Action::Meld(named()?),
        "dogma" => Action::Dogma(named()?),
        // Cities: the city and the card junked to pay are asked next (when there is a choice).
        "endorse" => Action::Endorse(named()?),
        "achieve" => match (o.get("age"), o.get("card")) {
            (Some(n), None) => Action::Achieve(small_number(n).ok_or("action achieve: `age` is a number")?),
            (None, Some(_)) => {
                let c = named()?;
                let age = card(c).age;
                // A secret: the Achieve action names its place in the safe.
                if let Some(Zone::Safe(p)) = st.locate(c) {
                    let i = st.players[p].safe.iter().position(|x| *x == c).expect("in the safe");
                    return Ok(Action::AchieveSecret(i as u8));
                }
                // Figures: a card counting as an available achievement for the current player.
                if !st.achievements.contains(&c) && engine::derived::achievements_available_to(st, st.turn.player).contains(&c) {
                    return Ok(Action::AchieveCard(c));
                }
                if !st.achievements.contains(&c) {
                    return Err(format!("action achieve: {} is not an available achievement", card(c).title));
                }
                // The engine's Achieve action names a value and takes the first available achievement of it.
                if st.achievements.iter().find(|x| card(**x).age == age) != Some(&c) {
                    return Err(format!(
                        "action achieve: several achievements of value {age} are available, and this engine cannot claim {} by name",
                        card(c).title
                    ));
                }
                Action::Achieve(age)
            }
            (Some(_), Some(_)) => return Err("action achieve takes `age` or `card`, not both".into()),
            (None, None) => return Err("action achieve needs `age` or `card`".into()),
        },
        "decree" => {
            let c = o.get("color").or(o.get("card")).and_then(Value::as_str).and_then(Color::parse);
            Action::Decree(c.ok_or("action decree needs `color` (the Decree's colour)")?)
        }
        other => return Err(format!("unknown action {other:?} (the actions are draw, meld, dogma, endorse, achieve and decree)")),
    })
}

/// The options of `prompt` one written answer stands for: one, or several
/// interchangeable ones (cards with the same back). Empty when none fits.
fn candidates(prompt: &Prompt, names: &[String], st: &State, v: &Value) -> Result<Vec<Choice>, String> {
    let found = |pred: &dyn Fn(&Choice) -> bool| -> Vec<Choice> { prompt.options.iter().filter(|c| pred(c)).cloned().collect() };
    let seat = |v: &Value, what: &str| -> Result<PlayerId, String> {
        let n = v.as_str().ok_or(format!("{what} is a player name"))?;
        names.iter().position(|x| x == n).ok_or(format!("unknown player {n:?}"))
    };
    match v {
        Value::Number(_) => {
            let n = small_number(v).ok_or(format!("{v} is not a value or a count"))?;
            let values = found(&|c| *c == Choice::Value(n));
            if !values.is_empty() {
                return Ok(values);
            }
            // A face-down card the asked player cannot see (an achievement, another player's
            // hand or score card) may also be named by its value, as by its back.
            let face_down = |c: &CardId| card(*c).age == n && st.locate(*c).is_some_and(|z| !z.front_visible_to(Some(prompt.player)));
            Ok(found(&|c| matches!(c, Choice::Card(x) if face_down(x))))
        }
        Value::String(s) => {
            let (k, lk) = (key(s), label_key(s));
            let exact = found(&|c| match c {
                Choice::Label(l) => label_key(l) == lk,
                c => option_key(c, names).is_some_and(|x| x == k),
            });
            if !exact.is_empty() {
                return Ok(exact);
            }
            // A colour picks the asked player's pile, also when the question offers its top card.
            if let Some(col) = Color::parse(s) {
                let top = st.players[prompt.player].top(col);
                let piles = found(&|c| matches!(c, Choice::Card(t) if Some(*t) == top));
                if !piles.is_empty() {
                    return Ok(piles);
                }
            }
            let labels = found(&|c| matches!(c, Choice::Label(l) if label_key(l).contains(&lk)));
            if labels.len() > 1 {
                return Err(format!("{s:?} matches several options of \"{}\"", prompt.reason));
            }
            Ok(labels)
        }
        Value::Object(o) if o.contains_key("action") => {
            check_keys(o, &["action", "card", "age", "color"], "an action")?;
            let a = action_of(o, st)?;
            Ok(found(&|c| *c == Choice::Action(a)))
        }
        Value::Object(o) if o.contains_key("color") => {
            check_keys(o, &["player", "color"], "a pile answer")?;
            let p = seat(o.get("player").ok_or(format!("{v}: a pile is {{\"player\": NAME, \"color\": COLOUR}}"))?, "`player`")?;
            let c = o["color"].as_str().ok_or(format!("{v}: `color` is a colour"))?;
            let col = Color::parse(c).ok_or(format!("unknown colour {c:?}"))?;
            let top = st.players[p].top(col);
            Ok(found(&|x| matches!(x, Choice::Card(t) if Some(*t) == top) || (*x == Choice::Color(col) && p == prompt.player)))
        }
        Value::Object(o) if o.contains_key("age") => {
            check_keys(o, &["age", "set", "player", "zone"], "a card back")?;
            let age = small_number(&o["age"]).filter(|a| (0..=11).contains(a)).ok_or(format!("{v}: `age` is a value from 0 to 11"))?;
            let set = match o.get("set") {
                None => None,
                Some(set) => {
                    let set = set.as_str().ok_or(format!("{v}: `set` is a set name"))?;
                    let set = Set::parse(set).ok_or(format!("{v}: unknown set {set:?}"))?;
                    if !st.has(set) {
                        return Err(format!("{v}: set {:?} is not in this game", set.name()));
                    }
                    Some(set)
                }
            };
            let owner = o.get("player").map(|p| seat(p, "`player`")).transpose()?;
            let zone = match o.get("zone") {
                None => None,
                Some(z) => {
                    Some(z.as_str().filter(|z| BACK_ZONES.contains(z)).ok_or(format!("{v}: `zone` is one of {}", BACK_ZONES.join(", ")))?)
                }
            };
            Ok(found(&|x| {
                let Choice::Card(c) = x else { return false };
                if card(*c).age != age || set.is_some_and(|s| card(*c).set != s) {
                    return false;
                }
                let z = st.locate(*c);
                let (at, zone_name) = match z {
                    Some(z) => (z.owner(), z.key()),
                    None => (None, ""),
                };
                owner.is_none_or(|p| at == Some(p)) && zone.is_none_or(|w| w == zone_name)
            }))
        }
        _ => Err(format!("cannot read the answer {v}")),
    }
}

/// Turns a step's written answers into options of `prompt`, in order.
fn resolve_answers(prompt: &Prompt, names: &[String], st: &State, list: &[Value]) -> Result<Vec<Choice>, String> {
    let mut out: Vec<Choice> = Vec::new();
    for v in list {
        if v.as_str().is_some_and(|s| s.eq_ignore_ascii_case("any order")) {
            if prompt.kind != AnswerKind::Order {
                return Err(format!("\"any order\" answers a question asking for an order, not \"{}\"", prompt.reason));
            }
            let rest: Vec<Choice> = prompt.options.iter().filter(|c| !out.contains(c)).cloned().collect();
            out.extend(rest);
            continue;
        }
        let all = candidates(prompt, names, st, v)?;
        let shown = v.as_str().map(|s| format!("{s:?}")).unwrap_or_else(|| v.to_string());
        if all.is_empty() {
            return Err(format!("{shown} is not one of the answers to \"{}\"", prompt.reason));
        }
        let c = all.into_iter().find(|c| !out.contains(c)).ok_or(format!("{shown} is given more often than the question offers it"))?;
        out.push(c);
    }
    Ok(out)
}

/// `{"action": "achieve", "card": NAME}` when several available achievements share its value:
/// the Achieve action names a value and claims "any one achievement you are eligible for", which
/// face down are all alike; the named one is put first among them (between actions, where the
/// table may be re-arranged without changing anything a player can see), so it is the one claimed.
fn put_named_achievement_first(game: &mut Game, o: &Map<String, Value>) -> Result<(), String> {
    let Some(name) = o.get("card").and_then(Value::as_str) else { return Ok(()) };
    let c = card_named(name)?;
    let st = game.state();
    let (Some(at), Some(first)) =
        (st.achievements.iter().position(|x| *x == c), st.achievements.iter().position(|x| card(*x).age == card(c).age))
    else {
        return Ok(());
    };
    if at == first || game.prompts().len() != 1 {
        return Ok(());
    }
    let mut st = st.clone();
    st.achievements.swap(at, first);
    *game = Game::from_state(game.config().clone(), st).map_err(|e| e.to_string())?;
    Ok(())
}

/// Runs one step; returns the answer it gave.
fn run_step(game: &mut Game, names: &[String], step: &Value) -> Result<Vec<Choice>, String> {
    let o = step.as_object().ok_or("a step is an object")?;
    check_keys(o, &["player", "action", "card", "age", "color", "choose"], "step")?;
    if o.contains_key("action") == o.contains_key("choose") {
        return Err("a step has either `action` or `choose`".into());
    }
    if o.contains_key("choose") && (o.contains_key("card") || o.contains_key("age")) {
        return Err("`card` and `age` belong to an `action` step".into());
    }
    if game.is_over() {
        return Err("the game is already over".into());
    }
    let prompt = match o.get("player") {
        Some(n) => {
            let n = n.as_str().ok_or("`player` is a player name")?;
            let p = names.iter().position(|x| x == n).ok_or(format!("unknown player {n:?}"))?;
            game.prompt_for(p).cloned().ok_or_else(|| {
                let asked: Vec<String> = game.prompts().iter().map(|x| format!("{} (\"{}\")", names[x.player], x.reason)).collect();
                format!("{n} is not being asked; the game asks {}", asked.join(", "))
            })?
        }
        None => game.prompts().first().cloned().ok_or("the game is not asking anything")?,
    };
    if o.get("action").and_then(Value::as_str) == Some("achieve") && prompt.kind == AnswerKind::Action {
        put_named_achievement_first(game, o)?;
    }
    let answer: Vec<Choice> = if o.contains_key("action") {
        vec![Choice::Action(action_of(o, game.state())?)]
    } else {
        let list = choose_list(&o["choose"])?;
        let list = &list;
        match (list.as_slice(), list.first().and_then(Value::as_str).map(str::to_ascii_lowercase).as_deref()) {
            // `[]` declines an optional choice, and a "you may ..." yes/no question is one.
            ([], _) if prompt.kind == AnswerKind::YesNo => vec![Choice::No],
            // "no" declines any optional question; "yes" takes the only option of one.
            ([_], Some("no")) if prompt.kind != AnswerKind::YesNo && prompt.min == 0 => Vec::new(),
            ([_], Some("yes")) if prompt.kind != AnswerKind::YesNo && prompt.min == 0 && prompt.options.len() == 1 => {
                prompt.options.clone()
            }
            // A "you may ..." asked as yes, then which (as Tools: "you may return three cards"), answered
            // straight with the cards: that is a yes, then these answers to the question that follows.
            ([first, ..], _) if prompt.kind == AnswerKind::YesNo && candidates(&prompt, names, game.state(), first)?.is_empty() => {
                let mut after = game.clone();
                after.apply(Decision::new(prompt.player, vec![Choice::Yes])).map_err(|e| e.to_string())?;
                // The cards named were the only ones the "yes" could take (the question which was
                // answered by the game): a plain yes.
                let named: Vec<CardId> = list.iter().filter_map(|v| v.as_str().and_then(|n| card_named(n).ok())).collect();
                if named.len() == list.len() && named.iter().all(|c| game.state().locate(*c) != after.state().locate(*c)) {
                    *game = after;
                    return Ok(vec![Choice::Yes]);
                }
                let next = after.prompt_for(prompt.player).cloned().ok_or(format!(
                    "{} is not one of the answers to \"{}\" (yes or no)",
                    first.as_str().map(|s| format!("{s:?}")).unwrap_or_else(|| first.to_string()),
                    prompt.reason
                ))?;
                let answer = resolve_answers(&next, names, after.state(), list)?;
                after.apply(Decision::new(next.player, answer.clone())).map_err(|e| e.to_string())?;
                *game = after;
                return Ok(answer);
            }
            // A value asked first, then which cards of it (Hypersonics: "two top cards of the same
            // value"), answered straight with the cards: their value, then the cards if still asked.
            ([first, ..], _) if prompt.kind == AnswerKind::Value && candidates(&prompt, names, game.state(), first)?.is_empty() => {
                let values: Vec<u8> =
                    list.iter().filter_map(|v| v.as_str().and_then(|n| card_named(n).ok())).map(|c| card(c).age).collect();
                let value = values.first().copied().filter(|v| values.len() == list.len() && values.iter().all(|x| x == v));
                let Some(v) = value.filter(|v| prompt.options.contains(&Choice::Value(*v))) else {
                    return Err(resolve_answers(&prompt, names, game.state(), list).err().unwrap_or_else(|| "not a value".into()));
                };
                let mut after = game.clone();
                after.apply(Decision::new(prompt.player, vec![Choice::Value(v)])).map_err(|e| e.to_string())?;
                if let Some(next) = after.prompt_for(prompt.player).cloned().filter(|q| q.kind == AnswerKind::Cards) {
                    let answer = resolve_answers(&next, names, after.state(), list)?;
                    after.apply(Decision::new(next.player, answer)).map_err(|e| e.to_string())?;
                }
                *game = after;
                return Ok(vec![Choice::Value(v)]);
            }
            _ => kept_or_given(&prompt, resolve_answers(&prompt, names, game.state(), list)?),
        }
    };
    game.apply(Decision::new(prompt.player, answer.clone())).map_err(|e| e.to_string())?;
    Ok(answer)
}

/// Checks `expect.question` against the question the game asks. `optional_which`: the question
/// is the "which" after a yes, so an expected `min` of 0 (the whole may be declined) also fits.
fn check_question(game: &Game, names: &[String], v: &Value, optional_which: bool) -> Result<(), String> {
    let st = game.state();
    let differ =
        |zone: String, want: &dyn std::fmt::Debug, got: &dyn std::fmt::Debug| Err(format!("{zone}: expected {want:?}, got {got:?}"));
    let v = v.as_object().ok_or("expect.question is an object")?;
    check_keys(v, &["player", "options", "min", "max", "actions"], "expect.question")?;
    let q = match v.get("player") {
        Some(p) => {
            let p = p.as_str().ok_or("expect.question.player is a player name")?;
            let seat = names.iter().position(|x| x == p).ok_or(format!("expect.question: unknown player {p:?}"))?;
            match game.prompt_for(seat) {
                Some(q) => q,
                None => {
                    let got: Vec<&str> = game.prompts().iter().map(|x| names[x.player].as_str()).collect();
                    return differ("question.player".into(), &p, &got);
                }
            }
        }
        None => game.prompts().first().ok_or("question: expected a question, but the game is not asking anything")?,
    };
    let shown = |c: &[Choice]| -> Vec<String> {
        let mut v: Vec<String> = c.iter().map(|c| option_name(c, names)).collect();
        v.sort();
        v
    };
    // "You may ..." about one thing is asked as that one option, which may be declined; a file
    // may describe it as the yes/no question it also is (yes takes it, no declines it).
    let one_optional = q.kind != AnswerKind::YesNo && q.min == 0 && q.max == 1 && q.options.len() == 1;
    let written_yes_no = |opts: &Value| {
        let mut w: Vec<String> = opts.as_array().into_iter().flatten().filter_map(|o| o.as_str().map(str::to_ascii_lowercase)).collect();
        w.sort();
        w == ["no", "yes"]
    };
    let as_yes_no = one_optional && v.get("options").is_some_and(written_yes_no);
    if let Some(opts) = v.get("options").filter(|_| !as_yes_no) {
        let opts = opts.as_array().ok_or("expect.question.options is a list of answers")?;
        // Each written option takes one option of the question; none may be left over.
        let mut taken: Vec<Choice> = Vec::new();
        let mut missing = false;
        for o in opts {
            match candidates(q, names, st, o)?.into_iter().find(|c| !taken.contains(c)) {
                Some(c) => taken.push(c),
                None => missing = true,
            }
        }
        if missing || taken.len() != q.options.len() {
            let mut want: Vec<String> = opts.iter().map(|o| o.as_str().map(str::to_string).unwrap_or_else(|| o.to_string())).collect();
            want.sort();
            return differ("question.options".into(), &want, &shown(&q.options));
        }
    }
    if let Some(acts) = v.get("actions") {
        let acts = acts.as_object().ok_or("expect.question.actions is an object of action kinds")?;
        for (kind, list) in acts {
            if !["achieve", "dogma", "endorse", "meld"].contains(&kind.as_str()) {
                return Err(format!("expect.question.actions: unknown action kind {kind:?} (achieve, dogma, endorse or meld)"));
            }
            let list = list.as_array().ok_or(format!("expect.question.actions.{kind} is a list"))?;
            let mut want: Vec<Choice> = Vec::new();
            for x in list {
                want.push(Choice::Action(match kind.as_str() {
                    // A value, or (Figures) a card counting as an available achievement.
                    "achieve" => match x.as_str() {
                        Some(name) => Action::AchieveCard(card_named(name)?),
                        None => {
                            Action::Achieve(small_number(x).ok_or("expect.question.actions.achieve is a list of values or card names")?)
                        }
                    },
                    "dogma" | "endorse" | "meld" => {
                        let c = card_named(x.as_str().ok_or(format!("expect.question.actions.{kind} is a list of card names"))?)?;
                        match kind.as_str() {
                            "dogma" => Action::Dogma(c),
                            "endorse" => Action::Endorse(c),
                            _ => Action::Meld(c),
                        }
                    }
                    _ => unreachable!("the kind is checked above"),
                }));
            }
            let of_kind = |c: &Choice| {
                matches!(
                    (kind.as_str(), c),
                    ("achieve", Choice::Action(Action::Achieve(_) | Action::AchieveCard(_)))
                        | ("dogma", Choice::Action(Action::Dogma(_)))
                        | ("endorse", Choice::Action(Action::Endorse(_)))
                        | ("meld", Choice::Action(Action::Meld(_)))
                )
            };
            let mut got: Vec<Choice> = q.options.iter().filter(|c| of_kind(c)).cloned().collect();
            // Figures: a card counting as an available achievement, not named in the list, is
            // compared as an achievement of its value.
            for c in got.iter_mut() {
                if let Choice::Action(Action::AchieveCard(x)) = *c {
                    if !want.contains(c) {
                        *c = Choice::Action(Action::Achieve(engine::derived::value_of(game.state(), x)));
                    }
                }
            }
            got.dedup();
            if shown(&want) != shown(&got) {
                return differ(format!("question.actions.{kind}"), &shown(&want), &shown(&got));
            }
        }
    }
    for (k, got) in [("min", q.min), ("max", q.max)] {
        if let Some(w) = v.get(k) {
            let w = w.as_u64().ok_or(format!("expect.question.{k} is a number"))?;
            // As a yes/no question it takes exactly one answer; after a yes, the "may" lets none be written;
            // "all but one", asked as the one kept, may be described as the cards that go.
            let all_but_one = q.kind == AnswerKind::Cards && q.reason.contains("keep") && got == 1 && w as usize + 1 == q.options.len();
            if w as usize != got && !(as_yes_no && w == 1) && !(optional_which && k == "min" && w == 0) && !all_but_one {
                return differ(format!("question.{k}"), &w, &got);
            }
        }
    }
    Ok(())
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
            Achievement::Decree(c) => engine::card::CardDb::get().decree(*c).name.clone(),
            Achievement::Museum(m) => format!("Museum {m}"),
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
            match (card_named(s), engine::card::CardDb::get().decree_named(s)) {
                (Ok(c), _) => Ok(card(c).title.clone()),
                (Err(_), Some(col)) => Ok(engine::card::CardDb::get().decree(col).name.clone()),
                (Err(e), None) => Err(e),
            }
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
    let partial = match e.get("partial") {
        None => false,
        Some(v) => v.as_bool().ok_or("expect.partial is true or false")?,
    };
    let known = |n: &str, what: &str| -> Result<(), String> {
        if names.iter().any(|x| x == n) {
            Ok(())
        } else {
            Err(format!("{what}: unknown player {n:?}"))
        }
    };
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
        let ps = &st.players[p];
        let museums: Vec<CardId> = ps.museums.iter().map(|(_, c)| *c).collect();
        for (zone, cards) in
            [("forecast", &ps.forecast), ("safe", &ps.safe), ("display", &ps.display.into_iter().collect()), ("museums", &museums)]
        {
            let mut got = names_of(cards);
            got.sort();
            let want = match zones.get(zone) {
                Some(v) => unordered(v, &format!("expect.{name}.{zone}"))?,
                None if partial => continue,
                None => Vec::new(),
            };
            if want != got {
                return differ(format!("{name}.{zone}"), &want, &got);
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
            Value::Array(a) => a
                .iter()
                .map(|x| x.as_str().map(str::to_string).ok_or("expect.winner is a name or a list of names"))
                .collect::<Result<_, _>>()?,
            _ => return Err("expect.winner is a name or a list of names".into()),
        };
        for w in &want {
            known(w, "expect.winner")?;
        }
        want.sort();
        let Some(r) = result else { return Err(format!("winner: expected {want:?}, but the game is not over")) };
        let mut got: Vec<String> = r.winners.iter().map(|p| names[*p].clone()).collect();
        got.sort();
        if want != got {
            return differ("winner".into(), &want, &got);
        }
    }
    if let Some(v) = e.get("win_reason") {
        let reasons = [WinReason::Achievements, WinReason::Score, WinReason::Card, WinReason::Elimination].map(WinReason::name);
        let want = v
            .as_str()
            .filter(|w| reasons.contains(w))
            .ok_or(format!("expect.win_reason is one of {}", reasons.map(|r| format!("{r:?}")).join(", ")))?;
        let got = result.map(|r| r.reason.name()).unwrap_or("(the game is not over)");
        if want != got {
            return differ("win_reason".into(), &want, &got);
        }
    }
    if let Some(v) = e.get("win_card") {
        let want = card(card_named(v.as_str().ok_or("expect.win_card is a card name")?)?).title.clone();
        let got = result.and_then(|r| r.card).map(|c| card(c).title.clone());
        if Some(&want) != got.as_ref() {
            let got = got.unwrap_or_else(|| match result {
                Some(r) => format!("(none: the game ended by {})", r.reason.name()),
                None => "(the game is not over)".into(),
            });
            return Err(format!("win_card: expected {want:?}, got {got:?}"));
        }
    }
    if let Some(v) = e.get("asking") {
        let want = v.as_str().ok_or("expect.asking is a player name")?;
        known(want, "expect.asking")?;
        let got: Vec<&str> = game.prompts().iter().map(|p| names[p.player].as_str()).collect();
        if got != [want] {
            let got = if got.is_empty() { "nobody (the game is over)".to_string() } else { got.join(" and ") };
            return Err(format!("asking: expected {want}, got {got}"));
        }
    }
    if let Some(v) = e.get("turn") {
        let v = v.as_object().ok_or("expect.turn is {\"player\": NAME, \"actions_left\": N}")?;
        check_keys(v, &["player", "actions_left"], "expect.turn")?;
        let want_p = v.get("player").map(|p| p.as_str().ok_or("expect.turn.player is a player name")).transpose()?;
        if let Some(p) = want_p {
            known(p, "expect.turn")?;
        }
        let want_a = v.get("actions_left").map(|a| a.as_u64().ok_or("expect.turn.actions_left is a number")).transpose()?;
        let got_p = names[st.turn.player].as_str();
        if want_p.is_some_and(|w| w != got_p) || want_a.is_some_and(|w| w != st.turn.actions_left as u64) {
            let want = format!("{} with {} action(s) left", want_p.unwrap_or(got_p), want_a.unwrap_or(st.turn.actions_left as u64));
            return Err(format!("turn: expected {want}, got {got_p} with {} action(s) left", st.turn.actions_left));
        }
    }
    if let Some(v) = e.get("question") {
        if let Err(first) = check_question(game, names, v, false) {
            // "You may return three cards" asked as yes, then which (Tools): a file may describe the which.
            let after_yes = game.prompts().first().filter(|q| q.kind == AnswerKind::YesNo && game.prompts().len() == 1).and_then(|q| {
                let mut g = game.clone();
                g.apply(Decision::new(q.player, vec![Choice::Yes])).ok()?;
                g.prompt_for(q.player).is_some().then_some(g)
            });
            if after_yes.is_none_or(|g| check_question(&g, names, v, true).is_err()) {
                return Err(first);
            }
        }
    }
    if let Some(v) = e.get("deck_sizes") {
        for (set, a, n) in decks_by_set(st, v, "expect.deck_sizes")? {
            let (set_name, age) = (set.name(), a);
            let want = n.as_u64().ok_or("a deck size is a number")? as usize;
            if st.deck(set, a).len() != want {
                return differ(format!("deck_sizes.{set_name}.{age}"), &want, &st.deck(set, a).len());
            }
        }
    }
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
        if step.get("action").and_then(Value::as_str).is_some_and(|a| a == "dogma" || a == "endorse") {
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

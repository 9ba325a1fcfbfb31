//! `innovation simulate`: plays many games with random legal answers on
//! several threads, checks the invariants after every decision, and reports
//! speed and how games ended. `--replay SEED:GAME` retraces one game.
//! With `--ai basic,random` it pits computer players against each other
//! instead and reports each one's wins and thinking time.

use anyhow::{bail, Context, Result};
use engine::sim::{play_random, sim_config_with, Checks, SimGame, Tally};
use engine::Game;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

pub struct Options {
    pub games: u64,
    pub players: (usize, usize),
    pub seed: u64,
    pub teams: bool,
    pub threads: usize,
    pub cap: usize,
    pub checks: Checks,
    pub json: bool,
    /// The expansions in play.
    pub expansions: Vec<engine::Set>,
}

/// "unseen,cities": the expansions named, each playable (all its cards implemented).
pub fn parse_expansions(names: &[String]) -> Result<Vec<engine::Set>> {
    Ok(innovation_bot::expansions::parse_names(names)?)
}

/// "3" or "2-5".
pub fn parse_players(s: &str) -> Result<(usize, usize)> {
    let (a, b) = match s.split_once('-') {
        Some((a, b)) => (a.trim().parse::<usize>()?, b.trim().parse::<usize>()?),
        None => {
            let n = s.trim().parse::<usize>().context("players is a number from 2 to 5, or a range such as 2-5")?;
            (n, n)
        }
    };
    if !(2..=5).contains(&a) || !(2..=5).contains(&b) || a > b {
        bail!("players must be from 2 to 5 (got {s})");
    }
    Ok((a, b))
}

pub fn players_of(index: u64, range: (usize, usize)) -> usize {
    range.0 + (index as usize % (range.1 - range.0 + 1))
}

pub fn run(o: Options) -> Result<ExitCode> {
    let next = Arc::new(AtomicU64::new(0));
    let total = Arc::new(Mutex::new(Tally::default()));
    let failures = Arc::new(Mutex::new(Vec::<(u64, String)>::new()));
    let start = Instant::now();
    let threads: Vec<_> = (0..o.threads.max(1))
        .map(|_| {
            let (next, total, failures) = (next.clone(), total.clone(), failures.clone());
            let (games, players, seed, teams, cap, checks) = (o.games, o.players, o.seed, o.teams, o.cap, o.checks);
            let expansions = o.expansions.clone();
            std::thread::spawn(move || {
                let mut tally = Tally::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let (config, answer_seed) = sim_config_with(players_of(i, players), teams, seed, i, &expansions);
                    let g: SimGame = play_random(config, answer_seed, cap, checks, |_, _| {});
                    if let Some(f) = &g.failure {
                        failures.lock().expect("no thread panicked holding it").push((i, f.clone()));
                    }
                    tally.add(&g);
                }
                total.lock().expect("no thread panicked holding it").merge(&tally);
            })
        })
        .collect();
    for t in threads {
        t.join().map_err(|_| anyhow::anyhow!("a simulation thread panicked"))?;
    }
    let secs = start.elapsed().as_secs_f64();
    let t = total.lock().expect("threads are done").clone();
    let mut fails = failures.lock().expect("threads are done").clone();
    fails.sort();
    if o.json {
        let v = serde_json::json!({
            "tally": t, "seconds": secs, "games_per_second": t.games as f64 / secs,
            "decisions_per_second": t.decisions as f64 / secs,
            "failures": fails.iter().map(|(i, f)| serde_json::json!({"replay": format!("{}:{}", o.seed, i), "error": f})).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        // The replay needs the same table: players, teams and expansions.
        let sets: Vec<&str> = o.expansions.iter().map(|s| s.name()).collect();
        let table = players_arg(o.players)
            + if o.teams { " --teams" } else { "" }
            + &if sets.is_empty() { String::new() } else { format!(" --expansions {}", sets.join(",")) };
        for (i, f) in &fails {
            println!("FAIL game {i}: {f}\n     replay with: innovation simulate --replay {}:{i} --players {table}", o.seed);
        }
        println!("games: {} ({} finished, {} capped at {} decisions, {} failed)", t.games, t.finished, t.capped, o.cap, t.failures);
        println!(
            "speed: {:.0} games/s, {:.0} decisions/s on {} thread(s) ({:.2} s)",
            t.games as f64 / secs,
            t.decisions as f64 / secs,
            o.threads,
            secs
        );
        println!("decisions per game: {:.1}", t.decisions as f64 / t.games.max(1) as f64);
        println!(
            "ended by: achievements {}, score {}, card {}, elimination {}",
            t.by_achievements, t.by_score, t.by_card, t.by_elimination
        );
        let rates: Vec<String> = t
            .wins_by_seat
            .iter()
            .zip(&t.games_by_seat)
            .enumerate()
            .map(|(s, (w, g))| format!("seat {}: {:.1}%", s + 1, 100.0 * *w as f64 / (*g).max(1) as f64))
            .collect();
        println!("wins by seat: {}", rates.join(", "));
        if o.checks == Checks::Undo {
            println!("decisions taken back and compared with the game before them: {} of {}", t.undos, t.decisions);
        }
        if t.unimplemented_refusals > 0 {
            println!("answers refused because a card is not implemented yet: {}", t.unimplemented_refusals);
        }
        println!("{} passed, {} failed", t.games - t.failures, t.failures);
    }
    Ok(if t.failures == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn players_arg(p: (usize, usize)) -> String {
    if p.0 == p.1 {
        p.0.to_string()
    } else {
        format!("{}-{}", p.0, p.1)
    }
}

/// Replays game `index` of a run with base seed `seed`, printing every decision and what followed.
pub fn replay(spec: &str, players: (usize, usize), teams: bool, cap: usize, expansions: &[engine::Set]) -> Result<ExitCode> {
    let (seed, index) = spec.split_once(':').context("--replay takes SEED:GAME, as printed by a failed run")?;
    let (seed, index): (u64, u64) = (seed.parse().context("SEED is a number")?, index.parse().context("GAME is a number")?);
    let (config, answer_seed) = sim_config_with(players_of(index, players), teams, seed, index, expansions);
    println!("game {index} of seed {seed}: players {:?}, config seed {}", config.players, config.seed);
    let names = config.players.clone();
    let mut seen = 0;
    let g = play_random(config, answer_seed, cap, Checks::Full, |game: &Game, d| {
        let who = &names[d.player];
        let words: Vec<String> = d.answer.iter().map(|c| game_label(game, d.player, c)).collect();
        println!("#{:<4} {who}: {}", game.decisions().len(), words.join(", "));
        for e in game.events().skip(seen) {
            println!("        {}", e.public);
        }
        seen = game.event_count();
    });
    match &g.failure {
        Some(f) => {
            println!("FAILED: {f}");
            Ok(ExitCode::FAILURE)
        }
        None => {
            match &g.result {
                Some(r) => println!("over: {:?} won by {}", r.winners.iter().map(|w| &names[*w]).collect::<Vec<_>>(), r.reason.name()),
                None => println!("capped at {cap} decisions"),
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn game_label(game: &Game, viewer: usize, c: &engine::Choice) -> String {
    // Decisions are traced after they were applied, so a card's place may have changed: name it plainly.
    let _ = (game, viewer);
    c.to_string()
}

// ---------- computer players against each other ----------

pub struct MatchOptions {
    /// The players, one per seat before rotation.
    pub lineup: Vec<ai::Kind>,
    pub games: u64,
    pub seed: u64,
    pub teams: bool,
    pub threads: usize,
    pub cap: usize,
    /// Rotate the lineup by one seat each game, so every player sits in every seat as often.
    pub rotate: bool,
    pub json: bool,
    /// Print one line per game.
    pub verbose: bool,
    /// The expansions in play.
    pub expansions: Vec<engine::Set>,
}

/// Results of one player of the lineup over a run.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct PlayerTally {
    pub player: String,
    pub games: usize,
    /// Games won, a shared win (tied score, team) counting for each winner.
    pub wins: usize,
    pub decisions: usize,
    pub think_seconds: f64,
    pub slowest_decision_seconds: f64,
}

#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct MatchTally {
    pub games: usize,
    pub finished: usize,
    pub capped: usize,
    pub failures: usize,
    pub by_reason: std::collections::BTreeMap<String, usize>,
    pub players: Vec<PlayerTally>,
}

impl MatchTally {
    fn merge(&mut self, o: &MatchTally) {
        self.games += o.games;
        self.finished += o.finished;
        self.capped += o.capped;
        self.failures += o.failures;
        for (k, v) in &o.by_reason {
            *self.by_reason.entry(k.clone()).or_default() += v;
        }
        if self.players.is_empty() {
            self.players = o.players.iter().map(|p| PlayerTally { player: p.player.clone(), ..Default::default() }).collect();
        }
        for (a, b) in self.players.iter_mut().zip(&o.players) {
            a.games += b.games;
            a.wins += b.wins;
            a.decisions += b.decisions;
            a.think_seconds += b.think_seconds;
            a.slowest_decision_seconds = a.slowest_decision_seconds.max(b.slowest_decision_seconds);
        }
    }
}

/// Which lineup entry sits in `seat` in game `index`.
pub fn lineup_index(seat: usize, index: u64, n: usize, rotate: bool) -> usize {
    if rotate {
        (seat + index as usize) % n
    } else {
        seat
    }
}

/// One game between computer players; adds its results to `t` and returns an error text on failure.
pub fn play_match_game(o: &MatchOptions, index: u64, t: &mut MatchTally) -> Option<String> {
    let n = o.lineup.len();
    let (config, answer_seed) = sim_config_with(n, o.teams, o.seed, index, &o.expansions);
    let mut game = match Game::new(config) {
        Ok(g) => g,
        Err(e) => return Some(format!("setup: {e}")),
    };
    let entry: Vec<usize> = (0..n).map(|s| lineup_index(s, index, n, o.rotate)).collect();
    let mut seats: Vec<ai::Computer> =
        (0..n).map(|s| ai::Computer::new(o.lineup[entry[s]].clone(), answer_seed.wrapping_add(s as u64))).collect();
    t.games += 1;
    for e in &entry {
        t.players[*e].games += 1;
    }
    while !game.is_over() {
        if game.decisions().len() >= o.cap {
            t.capped += 1;
            if o.verbose {
                println!("game {index}: capped at {} decisions", o.cap);
            }
            return None;
        }
        let seat = game.prompts()[0].player;
        let started = Instant::now();
        let r = seats[seat].play(&mut game, seat);
        let secs = started.elapsed().as_secs_f64();
        let pt = &mut t.players[entry[seat]];
        pt.decisions += 1;
        pt.think_seconds += secs;
        pt.slowest_decision_seconds = pt.slowest_decision_seconds.max(secs);
        if let Err(e) = r {
            t.failures += 1;
            return Some(format!("decision {} by seat {seat}: {e}", game.decisions().len() + 1));
        }
    }
    let r = game.result().expect("the game is over");
    t.finished += 1;
    *t.by_reason.entry(r.reason.name().to_string()).or_default() += 1;
    for w in &r.winners {
        t.players[entry[*w]].wins += 1;
    }
    if o.verbose {
        let names: Vec<String> = r.winners.iter().map(|w| format!("seat {} ({})", w + 1, o.lineup[entry[*w]])).collect();
        println!("game {index}: {} won by {} after {} decisions", names.join(" and "), r.reason.name(), game.decisions().len());
    }
    None
}

/// Plays computer players against each other and reports each one's wins.
pub fn run_matches(o: MatchOptions) -> Result<ExitCode> {
    if !(2..=5).contains(&o.lineup.len()) {
        bail!("a game has 2 to 5 players; the lineup has {}", o.lineup.len());
    }
    let o = Arc::new(o);
    let next = Arc::new(AtomicU64::new(0));
    let total = Arc::new(Mutex::new(MatchTally::default()));
    let failures = Arc::new(Mutex::new(Vec::<(u64, String)>::new()));
    let start = Instant::now();
    let threads: Vec<_> = (0..o.threads.max(1))
        .map(|_| {
            let (o, next, total, failures) = (o.clone(), next.clone(), total.clone(), failures.clone());
            std::thread::spawn(move || {
                let mut t = MatchTally {
                    players: o.lineup.iter().map(|k| PlayerTally { player: k.to_string(), ..Default::default() }).collect(),
                    ..Default::default()
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= o.games {
                        break;
                    }
                    if let Some(f) = play_match_game(&o, i, &mut t) {
                        failures.lock().expect("no thread panicked holding it").push((i, f));
                    }
                }
                total.lock().expect("no thread panicked holding it").merge(&t);
            })
        })
        .collect();
    for t in threads {
        t.join().map_err(|_| anyhow::anyhow!("a simulation thread panicked"))?;
    }
    let secs = start.elapsed().as_secs_f64();
    let t = total.lock().expect("threads are done").clone();
    let mut fails = failures.lock().expect("threads are done").clone();
    fails.sort();
    if o.json {
        let v = serde_json::json!({
            "tally": t, "seconds": secs, "seed": o.seed, "rotate": o.rotate,
            "failures": fails.iter().map(|(i, f)| serde_json::json!({"game": i, "error": f})).collect::<Vec<_>>(),
        });
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        for (i, f) in &fails {
            println!("FAIL game {i}: {f}");
        }
        println!(
            "games: {} with {} players{} ({} finished, {} capped at {} decisions, {} failed) in {:.1} s",
            t.games,
            o.lineup.len(),
            if o.rotate { ", seats rotated every game" } else { "" },
            t.finished,
            t.capped,
            o.cap,
            t.failures,
            secs
        );
        let reasons: Vec<String> = t.by_reason.iter().map(|(k, v)| format!("{k} {v}")).collect();
        println!("ended by: {}", reasons.join(", "));
        for p in &t.players {
            let rate = p.wins as f64 / p.games.max(1) as f64;
            let margin = 1.96 * (rate * (1.0 - rate) / p.games.max(1) as f64).sqrt();
            println!(
                "{:<40} wins {:>5} of {:>5} ({:>5.1}% ± {:.1}), {:.2} ms per decision (slowest {:.0} ms)",
                p.player,
                p.wins,
                p.games,
                100.0 * rate,
                100.0 * margin,
                1000.0 * p.think_seconds / p.decisions.max(1) as f64,
                1000.0 * p.slowest_decision_seconds
            );
        }
    }
    Ok(if t.failures == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

//! `innovation simulate`: plays many games with random legal answers on
//! several threads, checks the invariants after every decision, and reports
//! speed and how games ended. `--replay SEED:GAME` retraces one game.

use anyhow::{bail, Context, Result};
use engine::sim::{play_random, sim_config, Checks, SimGame, Tally};
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
            std::thread::spawn(move || {
                let mut tally = Tally::default();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let (config, answer_seed) = sim_config(players_of(i, players), teams, seed, i);
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
        for (i, f) in &fails {
            println!(
                "FAIL game {i}: {f}\n     replay with: innovation simulate --replay {}:{i} --players {}",
                o.seed,
                players_arg(o.players) + if o.teams { " --teams" } else { "" }
            );
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
pub fn replay(spec: &str, players: (usize, usize), teams: bool, cap: usize) -> Result<ExitCode> {
    let (seed, index) = spec.split_once(':').context("--replay takes SEED:GAME, as printed by a failed run")?;
    let (seed, index): (u64, u64) = (seed.parse().context("SEED is a number")?, index.parse().context("GAME is a number")?);
    let (config, answer_seed) = sim_config(players_of(index, players), teams, seed, index);
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

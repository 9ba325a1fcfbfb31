//! Plays the basic player with changed weights against the basic player with
//! the default weights (two-player games, seats alternating, on two threads),
//! with or without expansions, and prints the first one's share of the wins.
//!
//!     cargo run --release -p innovation-ai --example versus -- GAMES SEED EXPANSIONS [NAME=VALUE ...] [b.NAME=VALUE ...]
//!
//! EXPANSIONS is `base` or a list such as `unseen`; each NAME=VALUE changes one
//! weight of the first player (`secret=0`, `claimable=60`, ...), `b.NAME=VALUE`
//! one of the second.

use ai::eval::Weights;
use ai::players::BasicPlayer;
use ai::Computer;
use engine::sim::sim_config_with;
use engine::{Game, Set};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

const USAGE: &str = "usage: versus GAMES SEED base|EXPANSION[,...] [NAME=VALUE ...] [b.NAME=VALUE ...]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

fn set_weight(w: &mut Weights, name: &str, v: f64) -> Result<(), String> {
    let slot = match name {
        "achievement" => &mut w.achievement,
        "claimable" => &mut w.claimable,
        "secret" => &mut w.secret,
        "claimable_secret" => &mut w.claimable_secret,
        "score_point" => &mut w.score_point,
        "score_excess" => &mut w.score_excess,
        "progress" => &mut w.progress,
        "highest_top" => &mut w.highest_top,
        "top_age" => &mut w.top_age,
        "color" => &mut w.color,
        "icon" => &mut w.icon,
        "hand_card" => &mut w.hand_card,
        "hand_age" => &mut w.hand_age,
        "forecast_card" => &mut w.forecast_card,
        "forecast_age" => &mut w.forecast_age,
        "dominant_dogma" => &mut w.dominant_dogma,
        "dominant_demand" => &mut w.dominant_demand,
        "long_game_pressure" => &mut w.long_game_pressure,
        _ => return Err(format!("unknown weight {name:?}")),
    };
    *slot = v;
    Ok(())
}

/// 1 if the changed player (in seat `a_seat`) won, 0.5 for a shared win, 0 otherwise.
fn one_game(a: &Weights, b: &Weights, seed: u64, index: u64, sets: &[Set]) -> Result<f64, String> {
    let (config, answer_seed) = sim_config_with(2, false, seed, index, sets);
    let mut game = Game::new(config).map_err(|e| e.to_string())?;
    let a_seat = (index % 2) as usize;
    let mut seats: Vec<Computer> = (0..2)
        .map(|s| {
            let w = if s == a_seat { a.clone() } else { b.clone() };
            Computer::with_player(Box::new(BasicPlayer { weights: w, ..BasicPlayer::default() }), answer_seed.wrapping_add(s as u64))
        })
        .collect();
    while !game.is_over() && game.decisions().len() < 5000 {
        let p = game.prompts()[0].player;
        seats[p].play(&mut game, p).map_err(|e| format!("game {index}: {e}"))?;
    }
    Ok(game.result().map_or(0.0, |r| if r.winners.contains(&a_seat) { 1.0 / r.winners.len() as f64 } else { 0.0 }))
}

fn run(args: &[String]) -> Result<(), String> {
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).ok_or("GAMES is missing or not a number")?;
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).ok_or("SEED is missing or not a number")?;
    let sets: Vec<Set> = match args.get(3).map(String::as_str) {
        None => return Err("EXPANSIONS is missing".into()),
        Some("base") => Vec::new(),
        Some(list) => list.split(',').map(|n| Set::parse(n).ok_or(format!("unknown set {n:?}"))).collect::<Result<_, _>>()?,
    };
    let (mut a, mut b) = (Weights::default(), Weights::default());
    for change in &args[4.min(args.len())..] {
        let (name, v) = change.split_once('=').ok_or(format!("{change:?} is not NAME=VALUE or b.NAME=VALUE"))?;
        let v: f64 = v.parse().map_err(|_| format!("{v:?} is not a number"))?;
        match name.strip_prefix("b.") {
            Some(name) => set_weight(&mut b, name, v)?,
            None => set_weight(&mut a, name, v)?,
        }
    }
    let next = Arc::new(AtomicU64::new(0));
    let wins = Arc::new(Mutex::new((0.0f64, 0u64, Vec::<String>::new())));
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let (a, b, sets, next, wins) = (a.clone(), b.clone(), sets.clone(), next.clone(), wins.clone());
            std::thread::spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let r = one_game(&a, &b, seed, i, &sets);
                let mut t = wins.lock().expect("no thread panicked holding it");
                match r {
                    Ok(x) => {
                        t.0 += x;
                        t.1 += 1;
                    }
                    Err(e) => t.2.push(e),
                }
            })
        })
        .collect();
    for t in threads {
        t.join().map_err(|_| "a thread panicked")?;
    }
    let (won, played, errors) = wins.lock().expect("threads are done").clone();
    for e in &errors {
        eprintln!("{e}");
    }
    let rate = won / played.max(1) as f64;
    let margin = 1.96 * (rate * (1.0 - rate) / played.max(1) as f64).sqrt();
    println!("changed weights won {won} of {played} games ({:.1}% ± {:.1})", 100.0 * rate, 100.0 * margin);
    Ok(())
}

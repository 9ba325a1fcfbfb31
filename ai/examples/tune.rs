//! Tunes the evaluation weights by playing the basic player against itself:
//! each weight in turn is halved and doubled, and a change is kept when it
//! wins clearly more than half of its games against the current weights.
//!
//!     cargo run --release -p innovation-ai --example tune -- [GAMES_PER_TRIAL]

use ai::eval::Weights;
use ai::players::BasicPlayer;
use ai::Computer;
use engine::sim::sim_config;
use engine::Game;

/// Wins of `a` over `b` in `games` two-player games, seats alternating.
fn match_up(a: &Weights, b: &Weights, games: u64, seed: u64) -> f64 {
    let mut wins = 0.0;
    for i in 0..games {
        let (config, answer_seed) = sim_config(2, false, seed, i);
        let mut game = Game::new(config).unwrap();
        let a_seat = (i % 2) as usize;
        let mut seats: Vec<Computer> = (0..2)
            .map(|s| {
                let w = if s == a_seat { a.clone() } else { b.clone() };
                Computer::with_player(Box::new(BasicPlayer { deals: 2, weights: w }), answer_seed + s as u64)
            })
            .collect();
        while !game.is_over() && game.decisions().len() < 3000 {
            let p = game.prompts()[0].player;
            if seats[p].play(&mut game, p).is_err() {
                break;
            }
        }
        if let Some(r) = game.result() {
            if r.winners.contains(&a_seat) {
                wins += 1.0 / r.winners.len() as f64;
            }
        }
    }
    wins / games as f64
}

fn get(w: &mut Weights, i: usize) -> &mut f64 {
    match i {
        0 => &mut w.achievement,
        1 => &mut w.claimable,
        2 => &mut w.score_point,
        3 => &mut w.progress,
        4 => &mut w.highest_top,
        5 => &mut w.top_age,
        6 => &mut w.color,
        7 => &mut w.icon,
        8 => &mut w.hand_card,
        9 => &mut w.hand_age,
        10 => &mut w.dominant_dogma,
        11 => &mut w.dominant_demand,
        12 => &mut w.score_excess,
        _ => &mut w.splay[(i - 13) % 4 + 1],
    }
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(300);
    let mut best = Weights::default();
    let mut seed = 100;
    for i in 0..17 {
        for factor in [0.5, 2.0] {
            let mut trial = best.clone();
            *get(&mut trial, i) *= factor;
            seed += 1;
            let rate = match_up(&trial, &best, games, seed);
            println!("weight {i} x{factor}: {:.1}% against the current weights", 100.0 * rate);
            if rate > 0.5 + 1.5 * (0.25 / games as f64).sqrt() {
                best = trial;
                println!("  kept: {best:?}");
                break;
            }
        }
    }
    println!("final: {best:?}");
}

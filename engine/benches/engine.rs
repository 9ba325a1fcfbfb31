//! Engine benchmark (run with `cargo bench -p innovation-engine`):
//! complete 2-player games with random answers per second on one thread, the
//! median time to apply one decision, and the stored size of a finished game.

use engine::sim::{play_random, sim_config, Checks};
use engine::Game;
use std::time::{Duration, Instant};

fn main() {
    let games: u64 = std::env::var("BENCH_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(2000);
    // Complete games per second, one thread.
    let start = Instant::now();
    let mut decisions = 0usize;
    let mut finished = Vec::new();
    for i in 0..games {
        let (config, seed) = sim_config(2, false, 77, i);
        let g = play_random(config, seed, 5000, Checks::None, |_, _| {});
        decisions += g.decisions.len();
        if i < 200 {
            finished.push(g);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "2-player games: {games} in {secs:.2} s = {:.0} games/s, {:.0} decisions/s (one thread)",
        games as f64 / secs,
        decisions as f64 / secs
    );

    // Median time to apply one decision, replaying recorded games.
    let mut times: Vec<Duration> = Vec::new();
    for g in &finished {
        let mut game = Game::new(g.config.clone()).unwrap();
        for d in &g.decisions {
            let t = Instant::now();
            game.apply(d.clone()).unwrap();
            times.push(t.elapsed());
        }
    }
    times.sort();
    let median = times[times.len() / 2];
    let p99 = times[times.len() * 99 / 100];
    println!(
        "apply one decision: median {:.1} µs, p99 {:.1} µs over {} decisions",
        median.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6,
        times.len()
    );

    // Stored size of a finished game (configuration + decisions as JSON).
    let mut sizes: Vec<usize> =
        finished.iter().filter(|g| g.result.is_some()).map(|g| serde_json::to_string(&(&g.config, &g.decisions)).unwrap().len()).collect();
    sizes.sort();
    if !sizes.is_empty() {
        println!("stored game (config + decisions, JSON): median {} bytes, max {} bytes", sizes[sizes.len() / 2], sizes[sizes.len() - 1]);
    }
}

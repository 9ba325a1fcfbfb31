//! How long a computer player takes to answer in the bot (without the pause):
//! lock the game, decide with the `ai` crate off the async threads, check the
//! answer on a copy, apply, store (committed) and say what to tell whom. One
//! person (answering at random) against three computers, 4-player games.
//!
//!     cargo bench -p innovation-bot --bench computers
//!
//! Prints p50 / p99 / max per level.

#[path = "../tests/common/mod.rs"]
mod common;

use innovation_bot::ids::Asked;
use innovation_bot::service::{Answer, Level, Service, User};
use innovation_bot::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

fn ann() -> User {
    User::new(100, "ann")
}

async fn new_game(svc: &Service, level: Level, seed: u64) -> i64 {
    let l = svc.create_lobby_with_computers(1, 2, &ann(), 4, false, 3, level).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &ann(), seed).await.unwrap();
    drop(svc.open_game(game, 10_000 + game as u64).await.unwrap());
    game
}

/// Ann answers at random.
async fn ann_answers(svc: &Service, game: i64, rng: &mut ChaCha8Rng) {
    let (p, stamp) = svc.inspect(game, |l| (l.game.prompt_for(0).cloned(), l.stamps[0])).await.unwrap();
    let p = p.expect("ann is asked");
    let pick = common::random_pick(&p, rng);
    drop(svc.answer(game, ann().id, Some(Asked::new(0, stamp)), Answer::Indices(pick)).await.unwrap());
}

fn report(name: &str, v: Vec<Duration>, games: usize) {
    println!("{name:<6} {} computer decisions over {games} games: {}", v.len(), common::percentiles(v));
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("bench.db").display());
        let svc = Service::new(Store::connect(&url).await.unwrap());
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        for (level, samples) in [(Level::Basic, 1000), (Level::Strong, 300)] {
            let mut times = Vec::new();
            let mut games = 0;
            while times.len() < samples {
                games += 1;
                let game = new_game(&svc, level, games as u64).await;
                loop {
                    let (over, ann_asked) = svc.inspect(game, |l| (l.game.is_over(), l.game.prompt_for(0).is_some())).await.unwrap();
                    if over || times.len() >= samples {
                        break;
                    }
                    let t = Instant::now();
                    match svc.computer_move(game).await.unwrap() {
                        Some(out) => {
                            times.push(t.elapsed());
                            drop(out);
                        }
                        None if ann_asked => ann_answers(&svc, game, &mut rng).await,
                        None => panic!("the game waits on nobody"),
                    }
                }
            }
            report(level.as_str(), times, games);
        }
    });
}

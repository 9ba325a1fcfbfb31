//! Handling one decision end to end without the network, for 4-player games:
//! load the game (from SQLite, rebuilt by replaying its decisions), apply a
//! legal answer, store it (committed, fsync'd), and draw the table (the
//! picture, or its words when the picture cannot be drawn).
//!
//!     cargo bench -p innovation-bot --bench decision
//!
//! Prints p50 / p99 / max for the cold path (every decision loads its game
//! from the database) and the warm path (the game is cached in memory).

#[path = "../tests/common/mod.rs"]
mod common;

use common::user;
use innovation_bot::ids::Asked;
use innovation_bot::service::{Answer, Outcome, Picture, Refusal, Service};
use innovation_bot::store::Store;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

const SAMPLES: usize = 600;

async fn new_game(svc: &Service, seed: u64) -> i64 {
    let l = svc.create_lobby(1, 2, &user(0), 4, false).await.unwrap();
    for i in 1..4 {
        svc.join_lobby(l.id, &user(i)).await.unwrap();
    }
    let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
    drop(svc.open_game(game, 10_000 + game as u64).await.unwrap());
    game
}

/// Draws the table the outcome shows (or the table anyway), falling back to words.
fn render(out: &Outcome, fallback: &Picture) -> usize {
    let pic = out.posts.iter().flat_map(|p| p.pictures.iter()).find(|p| matches!(p, Picture::Table(_))).unwrap_or(fallback);
    match pic.png() {
        Ok(bytes) => bytes.len(),
        Err(_) => pic.fallback().len(),
    }
}

/// One random legal decision by a waiting player; None if the game is over.
async fn one(svc: &Service, game: i64, rng: &mut ChaCha8Rng, cold: bool) -> Option<Duration> {
    let (prompts, stamps) = svc.inspect(game, |l| (l.game.prompts().to_vec(), l.stamps.clone())).await.ok()?;
    if prompts.is_empty() {
        return None;
    }
    let p = &prompts[rng.gen_range(0..prompts.len())];
    for _ in 0..50 {
        let pick = common::random_pick(p, rng);
        if cold {
            svc.evict(game);
        }
        let t = Instant::now();
        match svc.answer(game, user(p.player).id, Some(Asked::new(p.player, stamps[p.player])), Answer::Indices(pick)).await {
            Ok(out) => {
                let table = svc.inspect(game, |l| Picture::Table(l.game.view(None))).await;
                let fallback = table.unwrap_or(Picture::Card(engine::CardId(0)));
                std::hint::black_box(render(&out, &fallback));
                drop(out);
                return Some(t.elapsed());
            }
            Err(Refusal::Unimplemented(_)) => continue,
            Err(e) => panic!("a legal answer was refused: {e}"),
        }
    }
    None
}

fn report(name: &str, v: Vec<Duration>) {
    println!("{name:<6} {} decisions: {}", v.len(), common::percentiles(v));
}

fn main() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("bench.db").display());
        let svc = Service::new(Store::connect(&url).await.unwrap());
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        for (name, cold) in [("cold", true), ("warm", false)] {
            let mut times = Vec::new();
            let mut seed = 0;
            let mut game = new_game(&svc, seed).await;
            let mut lengths = Vec::new();
            let mut played = 0;
            while times.len() < SAMPLES {
                match one(&svc, game, &mut rng, cold).await {
                    Some(d) => {
                        times.push(d);
                        played += 1;
                    }
                    None => {
                        lengths.push(played);
                        played = 0;
                        seed += 1;
                        game = new_game(&svc, seed).await;
                    }
                }
            }
            lengths.push(played);
            report(name, times);
            println!("       over {} games of up to {} decisions", lengths.len(), lengths.iter().max().unwrap());
        }
        match render::table_png(&svc.inspect(1, |l| l.game.view(None)).await.unwrap()) {
            Ok(_) => println!("(the table was drawn as a picture)"),
            Err(e) => println!("(the table picture is not available in this build: {e}; its words were rendered instead)"),
        }
    });
}

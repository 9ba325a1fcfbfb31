//! What the bot's service tests (and benches) share: the server they play in, the
//! people, a service on a private in-memory database, and random legal picks.
#![allow(dead_code)] // each test file uses its own part

use engine::{AnswerKind, Prompt};
use innovation_bot::ids::Asked;
use innovation_bot::remind::ManualClock;
use innovation_bot::service::{Answer, Outcome, Service, User};
use innovation_bot::store::Store;
use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

pub const GUILD: u64 = 1;
pub const CHANNEL: u64 = 2;

/// Person `i` (0 to 4): ann, bo, cy, di, ed.
pub fn user(i: usize) -> User {
    User::new(100 + i as u64, ["ann", "bo", "cy", "di", "ed"][i])
}

/// A clock moved by hand, at a fixed moment.
pub fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::at("2030-01-15T09:00:00Z"))
}

/// A service on a private in-memory database, reading time from `clock`.
pub async fn service(clock: &Arc<ManualClock>) -> Service {
    Service::with_clock(Store::connect("sqlite::memory:").await.unwrap(), clock.clone())
}

/// A random legal answer to `p`, as option indices (every option for an order question).
pub fn random_pick(p: &Prompt, rng: &mut impl Rng) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..p.options.len()).collect();
    let n = if p.kind == AnswerKind::Order { idx.len() } else { rng.gen_range(p.min..=p.max) };
    (0..n).map(|_| idx.remove(rng.gen_range(0..idx.len()))).collect()
}

/// "p50 … ms, p99 … ms, max … ms" of some measured times (benches).
pub fn percentiles(mut v: Vec<std::time::Duration>) -> String {
    v.sort();
    let q = |f: f64| v[((v.len() as f64 * f).ceil() as usize).saturating_sub(1).min(v.len() - 1)].as_secs_f64() * 1e3;
    format!("p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", q(0.50), q(0.99), q(1.0))
}

/// Plays the game to its end (people at random, computers by themselves) and returns the last outcome.
pub async fn play_to_the_end(svc: &Service, game: i64, seed: u64) -> Outcome {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..5000 {
        let (over, asked) = svc
            .inspect(game, |l| {
                let asked: Vec<(usize, bool, i64)> =
                    l.game.prompts().iter().map(|p| (p.player, l.is_computer(p.player), l.stamps[p.player])).collect();
                (l.game.is_over(), asked)
            })
            .await
            .unwrap();
        assert!(!over, "the last outcome is returned when the game ends");
        let (seat, computer, stamp) = asked[0];
        let out = if computer {
            svc.start_driving(game);
            let out = svc.computer_move(game).await.unwrap().expect("the computer answers");
            svc.stop_driving(game);
            out
        } else {
            let prompt = svc.inspect(game, |l| l.game.prompt_for(seat).cloned()).await.unwrap().unwrap();
            let who = svc.store().players(game).await.unwrap()[seat].user_id;
            svc.answer(game, who, Some(Asked::new(seat, stamp)), Answer::Indices(random_pick(&prompt, &mut rng))).await.unwrap()
        };
        if svc.inspect(game, |l| l.game.is_over()).await.unwrap() {
            return out;
        }
    }
    panic!("the game did not end");
}

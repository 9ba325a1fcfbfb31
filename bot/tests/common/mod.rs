//! What the bot's service tests (and benches) share: the server they play in, the
//! people, a service on a private in-memory database, and random legal picks.
#![allow(dead_code)] // each test file uses its own part

use engine::{AnswerKind, Prompt};
use innovation_bot::remind::ManualClock;
use innovation_bot::service::{Service, User};
use innovation_bot::store::Store;
use rand::Rng;
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

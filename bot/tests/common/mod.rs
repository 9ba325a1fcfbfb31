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

/// Person `i` (0 to 5): ann, bo, cy, di, ed, flo.
pub fn user(i: usize) -> User {
    User::new(100 + i as u64, ["ann", "bo", "cy", "di", "ed", "flo"][i])
}

/// A clock moved by hand, at a fixed moment.
pub fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::at("2030-01-15T09:00:00Z"))
}

/// A service on a private in-memory database, reading time from `clock`.
pub async fn service(clock: &Arc<ManualClock>) -> Service {
    Service::with_clock(Store::connect("sqlite::memory:").await.unwrap(), clock.clone())
}

/// The database a test runs on: SQLite, or PostgreSQL when `TEST_POSTGRES_URL` names a
/// server (each test gets a database of its own there, created for it).
pub enum Db {
    Sqlite(tempfile::TempDir),
    Postgres(String),
}

impl Db {
    pub fn sqlite() -> Db {
        Db::Sqlite(tempfile::tempdir().unwrap())
    }

    /// A new, empty database on the server `TEST_POSTGRES_URL` names; `None` (and a line
    /// saying the PostgreSQL tests were skipped, once per test program) when it is not set.
    pub async fn postgres() -> Option<Db> {
        let Some(admin) = std::env::var("TEST_POSTGRES_URL").ok().filter(|u| !u.trim().is_empty()) else {
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| {
                use std::io::Write;
                // Straight to stderr: the test harness would hide a println! of a passing test.
                let _ = writeln!(
                    std::io::stderr(),
                    "PostgreSQL tests skipped: TEST_POSTGRES_URL is not set (`.ci/postgres` starts a local server and prints its URL)"
                );
            });
            return None;
        };
        Some(Db::Postgres(fresh_postgres_database(admin.trim()).await))
    }

    /// The database's URL (SQLite: a file in a temporary folder, the same at every call).
    pub fn url(&self) -> String {
        match self {
            Db::Sqlite(dir) => format!("sqlite://{}?mode=rwc", dir.path().join("innovation.db").display()),
            Db::Postgres(url) => url.clone(),
        }
    }

    /// A store on the test's database (SQLite: a private in-memory one, new at every call).
    pub async fn store(&self) -> Store {
        match self {
            Db::Sqlite(_) => Store::connect("sqlite::memory:").await.unwrap(),
            Db::Postgres(url) => Store::connect(url).await.unwrap(),
        }
    }

    pub async fn service(&self) -> Service {
        Service::new(self.store().await)
    }

    pub async fn service_with(&self, clock: &Arc<ManualClock>) -> Service {
        Service::with_clock(self.store().await, clock.clone())
    }
}

/// Creates an empty database for one test on the server of `admin` and returns its URL.
/// Databases left by test programs that are gone are dropped first.
async fn fresh_postgres_database(admin: &str) -> String {
    use sqlx::{Connection, Row};
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    static SWEPT: std::sync::Once = std::sync::Once::new();
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(admin).await.expect("connecting to TEST_POSTGRES_URL");
    let mut sweep = false;
    SWEPT.call_once(|| sweep = true);
    if sweep {
        let names: Vec<String> = sqlx::query("SELECT datname::text FROM pg_database WHERE datname LIKE 'innovation_test_%'")
            .fetch_all(&mut conn)
            .await
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect();
        for name in names {
            let pid = name.split('_').nth(2).unwrap_or("");
            if !pid.is_empty() && !std::path::Path::new(&format!("/proc/{pid}")).exists() {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name}")).execute(&mut conn).await;
            }
        }
    }
    let name = format!("innovation_test_{}_{}", std::process::id(), N.fetch_add(1, Ordering::SeqCst));
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.expect("creating a test database");
    let _ = conn.close().await;
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (admin, String::new()),
    };
    let root = match base.find("://").map(|i| i + 3) {
        Some(start) => match base[start..].find('/') {
            Some(slash) => &base[..start + slash],
            None => base,
        },
        None => base,
    };
    format!("{root}/{name}{query}")
}

/// Runs each named test (an `async fn(&Db)`) on SQLite, and on PostgreSQL when
/// `TEST_POSTGRES_URL` is set (else that half says it was skipped and passes).
#[macro_export]
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod on_sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let db = crate::common::Db::sqlite();
                    super::$name(&db).await
                }
            )*
        }
        mod on_postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let Some(db) = crate::common::Db::postgres().await else { return };
                    super::$name(&db).await
                }
            )*
        }
    };
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

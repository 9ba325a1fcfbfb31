//! End to end with two bot processes on one PostgreSQL database, each running one of two
//! gateway shards of the stand-in (which enforces Discord's rate limits; serenity's limiter
//! is on): games in servers on both shards, one with a computer player on each, are played
//! while the process of shard 1 is killed (SIGKILL) in the middle and started again. Then:
//! every game ended, no confirmed decision was lost and none was stored twice (each game's
//! log replays to its end), no thread got more posts than decisions, and no claim on a
//! reminder or time limit was left behind. Skipped (saying so) when `TEST_POSTGRES_URL` is
//! not set.

use e2e::bot::{BotProcess, Launch};
use e2e::discord::{Config, StandIn};
use e2e::players::{Options, Table};
use engine::{Game, GameConfig};
use innovation_bot::store::Store;
use std::path::PathBuf;
use std::time::Duration;

mod common;

fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_innovation"))
}

async fn launch(discord: &StandIn, url: &str, shard: u32, log: &std::path::Path) -> BotProcess {
    let sessions = discord.state().sessions;
    let bot =
        BotProcess::launch(&bin(), discord, &Launch { database_url: url.to_string(), shards: Some((2, shard.to_string())) }, log).unwrap();
    if let Err(e) = discord.wait_session(sessions, Duration::from_secs(60)).await {
        panic!("shard {shard} did not connect: {e:#}\n{}", bot.log_tail(40));
    }
    bot
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_two_shards_one_killed_mid_game() {
    let Some(db) = common::Db::postgres().await else { return };
    let url = db.url();
    let dir = tempfile::tempdir().unwrap();
    let discord = StandIn::start(Config { shards: 2, ..Config::default() }).await.unwrap();
    let guilds = [discord.add_guild(0), discord.add_guild(1)];
    assert_eq!((discord.shard_of(Some(guilds[0])), discord.shard_of(Some(guilds[1]))), (0, 1));
    let (log_a, log_b) = (dir.path().join("a.log"), dir.path().join("b.log"));
    // A first: it creates the schema; then B.
    let a = launch(&discord, &url, 0, &log_a).await;
    let mut b = Some(launch(&discord, &url, 1, &log_b).await);
    discord.wait_ready(Duration::from_secs(60)).await.unwrap();

    // Two games per server: three people, or two people and a computer player.
    let mut tables = Vec::new();
    for (k, guild) in [guilds[0], guilds[1], guilds[0], guilds[1]].into_iter().enumerate() {
        let channel = discord.add_channel_in(guild, &format!("games-{k}"));
        let computers = usize::from(k >= 2);
        let users: Vec<u64> = (0..3 - computers).map(|p| discord.add_user(&format!("p{k}x{p}"))).collect();
        let opts = Options {
            seed: 40 + k as u64,
            computers,
            response_timeout: Duration::from_secs(10),
            recover_after: Some(Duration::from_secs(5)),
            ..Options::default()
        };
        tables.push(Table::new(&discord, channel, users, opts));
    }
    let mut handles = Vec::new();
    for (k, mut t) in tables.into_iter().enumerate() {
        handles.push(tokio::spawn(async move {
            t.open().await?;
            // The first half at once; the kill comes while these play on.
            t.play_until(|t| t.tally.decisions >= 25 + 5 * k).await?;
            anyhow::Ok(t)
        }));
    }
    let mut tables = Vec::new();
    for h in handles {
        tables.push(tokio::time::timeout(Duration::from_secs(600), h).await.expect("first half in time").unwrap().unwrap());
    }
    // Play on, and kill B (shard 1) in the middle of it.
    let mut handles = Vec::new();
    for mut t in tables {
        handles.push(tokio::spawn(async move {
            t.play().await?;
            anyhow::Ok(t)
        }));
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    b.take().unwrap().kill().await.unwrap();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let b = launch(&discord, &url, 1, &log_b).await;
    let mut tallies = Vec::new();
    for h in handles {
        let t = match tokio::time::timeout(Duration::from_secs(900), h).await {
            Ok(r) => r.unwrap().unwrap_or_else(|e| panic!("{e:#}\n--- A ---\n{}\n--- B ---\n{}", a.log_tail(30), b.log_tail(30))),
            Err(_) => panic!("the games did not end\n--- A ---\n{}\n--- B ---\n{}", a.log_tail(30), b.log_tail(30)),
        };
        tallies.push((t.users[0], t.thread, t.tally.clone()));
    }

    let store = Store::connect(&url).await.unwrap();
    for (user, thread, tally) in &tallies {
        let games = store.games_of_user(*user).await.unwrap();
        assert_eq!(games.len(), 1);
        let row = store.game(games[0].0).await.unwrap();
        let decisions = store.decisions(row.id).await.unwrap();
        assert!(row.over, "game {} ended", row.id);
        assert!(
            decisions.len() >= tally.decisions,
            "game {}: {} confirmed, {} stored: a confirmed decision was lost",
            row.id,
            tally.decisions,
            decisions.len()
        );
        // Stored once each: the log replays to the end (a decision stored twice would not replay).
        let config: GameConfig = row.config.clone();
        let mut g = Game::new(config).unwrap();
        for d in &decisions {
            g.apply(d.clone()).unwrap_or_else(|e| panic!("game {}: the stored log does not replay: {e}", row.id));
        }
        assert!(g.is_over());
        // No outcome delivered twice: a decision makes at most one post in the thread (besides the
        // opening ones). Two equal posts in a row prove nothing: a repeated demand (Oars) reads the same.
        let st = discord.state();
        let posts: Vec<&str> = st
            .messages_in(thread.expect("a thread"))
            .filter(|m| m.interaction.is_none())
            .map(|m| m.content.as_str())
            .filter(|c| !c.is_empty())
            .collect();
        assert!(posts.len() <= decisions.len() + 3, "game {}: {} posts for {} decisions", row.id, posts.len(), decisions.len());
    }
    // Background work all done or given back: no live claim of B's first life is left.
    let claims = store.claims().await.unwrap();
    assert!(claims.iter().all(|(kind, _, _)| kind == "computer"), "claims left: {claims:?}");
    let st = discord.state();
    let refused: Vec<_> = st.rejections.iter().filter(|r| !r.reason.contains("50007")).collect();
    assert!(refused.is_empty(), "requests Discord would refuse: {refused:#?}");
    assert!(st.unknown.is_empty(), "unknown routes: {:?}", st.unknown);
    let shards: Vec<_> = st.identifies.iter().map(|i| i["shard"].clone()).collect();
    println!("identified shards: {shards:?}; 429s by route: {:?}", discord.refused_by_route());
    drop(st);
    store.close().await;
    // Stopped (or already gone): nothing to check any more.
    let _ = a.stop(Duration::from_secs(10)).await;
    let _ = b.stop(Duration::from_secs(10)).await;
}

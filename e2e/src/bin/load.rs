//! Load mode: many games played at once by simulated people against the real
//! bot process, through the local stand-in for Discord. Reports the time from
//! an interaction reaching the bot (written on its gateway socket) to the bot's
//! first response to it (its HTTP callback arriving), and the bot's peak memory.
//!
//!     cargo build --release -p innovation-bot
//!     cargo run --release -p innovation-e2e --bin load -- --games 100

use anyhow::{anyhow, bail, Context as _};
use clap::Parser;
use innovation_e2e::bot::BotProcess;
use innovation_e2e::discord::{Config, InteractionKind, StandIn};
use innovation_e2e::percentile;
use innovation_e2e::players::{Options, Table, Tally};
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Parser)]
#[command(name = "load", about = "Many games at once against the real bot; response times and the bot's peak memory")]
struct Args {
    /// Games played at once.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Players per game.
    #[arg(long, default_value_t = 3)]
    players: usize,
    /// A player's pause before each action, in milliseconds: "MIN-MAX" or one number.
    #[arg(long, default_value = "1000-3000")]
    think_ms: String,
    /// Games start spread over this many seconds.
    #[arg(long, default_value_t = 10.0)]
    ramp_s: f64,
    /// The bot binary (default: `innovation` next to this program, from `cargo build --release -p innovation-bot`).
    #[arg(long)]
    bot: Option<PathBuf>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Give up after this many minutes.
    #[arg(long, default_value_t = 30.0)]
    timeout_min: f64,
    /// Exit with an error when a target is missed (p99 at most 100 ms, peak memory at most 500 MB).
    #[arg(long)]
    strict: bool,
}

fn parse_range(s: &str) -> anyhow::Result<(Duration, Duration)> {
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let ms = |x: &str| -> anyhow::Result<Duration> {
        Ok(Duration::from_millis(x.trim().parse().with_context(|| format!("not milliseconds: {x}"))?))
    };
    Ok((ms(a)?, ms(b)?))
}

/// CPU seconds (user + system) the process used so far.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let think = parse_range(&args.think_ms)?;
    let bin = match &args.bot {
        Some(b) => b.clone(),
        None => std::env::current_exe()?.parent().ok_or_else(|| anyhow!("no folder"))?.join("innovation"),
    };
    if !bin.exists() {
        bail!("no bot binary at {} (build it: cargo build --release -p innovation-bot, or give --bot)", bin.display());
    }
    let dir = tempfile_dir()?;
    let discord = StandIn::start(Config { keep_files: false, keep_history: false, ..Config::default() }).await?;
    let log = dir.join("bot.log");
    let bot = BotProcess::start(&bin, &discord, &dir.join("load.db"), &log)?;
    discord.wait_ready(Duration::from_secs(60)).await.with_context(|| format!("the bot did not come up; see {}", log.display()))?;
    let pid = bot.pid().ok_or_else(|| anyhow!("no pid"))?;
    let cpu_before = cpu_seconds(pid).unwrap_or(0.0);
    println!(
        "load: {} games of {} players at once, think {}-{} ms, bot {} (pid {pid})",
        args.games,
        args.players,
        think.0.as_millis(),
        think.1.as_millis(),
        bin.display()
    );

    let started = Instant::now();
    let mut tasks = Vec::new();
    for g in 0..args.games {
        let channel = discord.add_channel(&format!("games-{g}"));
        let users: Vec<u64> = (0..args.players).map(|p| discord.add_user(&format!("p{g}x{p}"))).collect();
        let opts = Options {
            seed: args.seed * 1_000_003 + g as u64,
            think,
            response_timeout: Duration::from_secs(30),
            recover_after: Some(Duration::from_secs(60)),
            max_actions: 10_000,
            ..Options::default()
        };
        let mut table = Table::new(&discord, channel, users, opts);
        let delay = Duration::from_secs_f64(args.ramp_s * g as f64 / args.games.max(1) as f64);
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            let r = async {
                table.open().await?;
                table.play().await
            }
            .await;
            (r, table.tally.clone())
        }));
    }
    let deadline = Duration::from_secs_f64(args.timeout_min * 60.0);
    let mut tallies: Vec<Tally> = Vec::new();
    let mut failures = Vec::new();
    let all = futures_util::future::join_all(tasks);
    let results = match tokio::time::timeout(deadline, all).await {
        Ok(r) => r,
        Err(_) => bail!("not done after {} minutes", args.timeout_min),
    };
    for r in results {
        let (r, t) = r?;
        if let Err(e) = r {
            failures.push(format!("{e:#}"));
        }
        tallies.push(t);
    }
    let wall = started.elapsed();
    let peak = bot.peak_rss().unwrap_or(0);
    let cpu = cpu_seconds(pid).unwrap_or(0.0) - cpu_before;
    bot.stop(Duration::from_secs(10)).await?;

    let st = discord.state();
    let mut all = Vec::new();
    let mut by_kind: [(&str, Vec<Duration>); 3] =
        [("button/menu", Vec::new()), ("slash command", Vec::new()), ("autocomplete", Vec::new())];
    let mut unanswered = 0;
    let mut late = 0;
    for i in st.interactions.values() {
        match i.latency() {
            Some(l) => {
                all.push(l);
                let k = match i.kind {
                    InteractionKind::Component { .. } => 0,
                    InteractionKind::Command { .. } => 1,
                    InteractionKind::Autocomplete { .. } => 2,
                };
                by_kind[k].1.push(l);
            }
            None => unanswered += 1,
        }
        late += usize::from(i.late);
    }
    all.sort();
    let decisions: usize = tallies.iter().map(|t| t.decisions).sum();
    println!(
        "done in {:.1} s: {} games finished of {}, {decisions} decisions ({:.1}/s), {} interactions, {} HTTP calls by the bot",
        wall.as_secs_f64(),
        args.games - failures.len(),
        args.games,
        decisions as f64 / wall.as_secs_f64(),
        st.interactions.len(),
        st.calls.len()
    );
    let p50 = percentile(&all, 50.0).unwrap_or_default();
    let p99 = percentile(&all, 99.0).unwrap_or_default();
    println!(
        "interaction → first response: p50 {}, p90 {}, p99 {}, max {} ({} responses; {unanswered} never answered, {late} after 3 s)",
        ms(p50),
        ms(percentile(&all, 90.0).unwrap_or_default()),
        ms(p99),
        ms(all.last().copied().unwrap_or_default()),
        all.len()
    );
    for (name, v) in by_kind.iter_mut() {
        v.sort();
        if !v.is_empty() {
            println!(
                "  {name:14} n={:6}  p50 {:>9}  p99 {:>9}",
                v.len(),
                ms(percentile(v, 50.0).unwrap()),
                ms(percentile(v, 99.0).unwrap())
            );
        }
    }
    let peak_mb = peak as f64 / 1_048_576.0;
    println!("bot: peak memory (VmHWM) {peak_mb:.1} MB, CPU {cpu:.1} s ({:.0}% of one core)", 100.0 * cpu / wall.as_secs_f64());
    println!("requests Discord would refuse: {}; unknown routes: {}", st.rejections.len(), st.unknown.len());
    for r in st.rejections.iter().take(5) {
        println!("  {} {} {}: {}", r.method, r.path, r.status, r.reason);
    }
    let p99_ok = p99 <= Duration::from_millis(100);
    let mem_ok = peak_mb <= 500.0;
    println!(
        "targets: p99 ≤ 100 ms {}; peak memory ≤ 500 MB {}",
        if p99_ok { "met" } else { "MISSED" },
        if mem_ok { "met" } else { "MISSED" }
    );
    for f in failures.iter().take(5) {
        println!("failed game: {f}");
    }
    drop(st);
    if !failures.is_empty() {
        bail!("{} games failed (the bot's log: {})", failures.len(), log.display());
    }
    let _ = std::fs::remove_dir_all(&dir);
    if args.strict && !(p99_ok && mem_ok) {
        bail!("a target was missed");
    }
    Ok(())
}

fn tempfile_dir() -> anyhow::Result<PathBuf> {
    let d = std::env::temp_dir().join(format!("innovation-load-{}", std::process::id()));
    std::fs::create_dir_all(&d)?;
    Ok(d)
}

//! Load mode: many games played at once by simulated people against the real
//! bot process, through the local stand-in for Discord. Reports the time from
//! an interaction reaching the bot (written on its gateway socket) to the bot's
//! first response to it (its HTTP callback arriving), and the bot's peak memory.
//!
//!     cargo build --release -p innovation-bot
//!     cargo run --release -p innovation-e2e --bin load -- --games 100

use anyhow::{anyhow, bail, Context as _};
use clap::Parser;
use innovation_e2e::bot::{BotProcess, Launch};
use innovation_e2e::discord::{ChannelKind, Config, InteractionKind, StandIn, State, GUILD};
use innovation_e2e::limits::{route_name, RateLimits};
use innovation_e2e::percentile;
use innovation_e2e::players::{Options, Table, Tally};
use std::collections::{BTreeMap, HashMap};
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
    /// Bot processes, each running one gateway shard of this many (2 or more need a shared
    /// database: give --database-url postgres://...).
    #[arg(long, default_value_t = 1)]
    processes: u32,
    /// The bots' DATABASE_URL (default: a new SQLite file). A PostgreSQL database should be empty.
    #[arg(long)]
    database_url: Option<String>,
    /// Do not enforce Discord's rate limits in the stand-in.
    #[arg(long)]
    no_rate_limits: bool,
    /// The chance that a request the buckets allow gets a 429 anyway (testing recovery).
    #[arg(long, default_value_t = 0.0)]
    random_429: f64,
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
    let processes = args.processes.max(1);
    let limits = RateLimits { enforce: !args.no_rate_limits, random_429: args.random_429, ..RateLimits::default() };
    let discord = StandIn::start(Config { keep_files: false, keep_history: false, limits, shards: processes }).await?;
    let log = dir.join("bot.log");
    let database_url = args.database_url.clone().unwrap_or_else(|| format!("sqlite://{}?mode=rwc", dir.join("load.db").display()));
    let mut bots = Vec::new();
    for shard in 0..processes {
        let launch = Launch { database_url: database_url.clone(), shards: (processes > 1).then(|| (processes, shard.to_string())) };
        bots.push(BotProcess::launch(&bin, &discord, &launch, &log)?);
        if shard == 0 {
            // The first one applies the migrations alone.
            discord
                .wait_session(0, Duration::from_secs(60))
                .await
                .with_context(|| format!("the bot did not come up; see {}", log.display()))?;
        }
    }
    discord.wait_ready(Duration::from_secs(60)).await.with_context(|| format!("the bot did not come up; see {}", log.display()))?;
    let pids: Vec<u32> = bots.iter().map(|b| b.pid().ok_or_else(|| anyhow!("no pid"))).collect::<anyhow::Result<_>>()?;
    let cpu_before: Vec<f64> = pids.iter().map(|p| cpu_seconds(*p).unwrap_or(0.0)).collect();
    // Servers on every shard: games are spread over them.
    let guilds: Vec<u64> = if processes > 1 { (0..processes).map(|s| discord.add_guild(s)).collect() } else { vec![GUILD] };
    println!(
        "load: {} games of {} players at once, think {}-{} ms, {} bot process(es) {} (pids {pids:?}), database {}, rate limits {}",
        args.games,
        args.players,
        think.0.as_millis(),
        think.1.as_millis(),
        processes,
        bin.display(),
        if database_url.starts_with("postgres") { "PostgreSQL" } else { "SQLite" },
        if args.no_rate_limits { "off".to_string() } else { format!("enforced (random 429: {})", args.random_429) }
    );

    let started = Instant::now();
    // A line a minute, so a long run shows it is moving: games done, interactions answered.
    let done = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let progress = {
        let (done, discord, games) = (done.clone(), discord.clone(), args.games);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                let n = done.load(std::sync::atomic::Ordering::Relaxed);
                let interactions = discord.state().interactions.len();
                println!(
                    "  after {:.0} min: {n} of {games} games done, {interactions} interactions",
                    started.elapsed().as_secs_f64() / 60.0
                );
            }
        })
    };
    let mut tasks = Vec::new();
    for g in 0..args.games {
        let channel = discord.add_channel_in(guilds[g % guilds.len()], &format!("games-{g}"));
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
        let done = done.clone();
        tasks.push(tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            let r = async {
                table.open().await?;
                table.play().await
            }
            .await;
            done.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
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
    progress.abort();
    let wall = started.elapsed();
    let peaks: Vec<u64> = bots.iter().map(|b| b.peak_rss().unwrap_or(0)).collect();
    let cpus: Vec<f64> = pids.iter().zip(&cpu_before).map(|(p, b)| cpu_seconds(*p).unwrap_or(0.0) - b).collect();
    for bot in bots {
        bot.stop(Duration::from_secs(10)).await?;
    }

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
    let mut peak_mb: f64 = 0.0;
    for (i, (peak, cpu)) in peaks.iter().zip(&cpus).enumerate() {
        let mb = *peak as f64 / 1_048_576.0;
        peak_mb = peak_mb.max(mb);
        println!("bot {i}: peak memory (VmHWM) {mb:.1} MB, CPU {cpu:.1} s ({:.0}% of one core)", 100.0 * cpu / wall.as_secs_f64());
    }
    print_requests(&st, decisions, wall, &discord.refused_by_route());
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

/// The bot's requests per decision by route, those other than interaction responses first.
fn print_requests(st: &State, decisions: usize, wall: Duration, refused: &HashMap<String, u64>) {
    let mut by_route: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    for c in &st.calls {
        let rest = c.path.strip_prefix("/api/v10").unwrap_or(&c.path);
        let segs: Vec<&str> = rest.trim_matches('/').split('/').collect();
        let mut name = route_name(&c.method, &segs);
        if segs.first() == Some(&"channels") {
            // Which kind of channel: the thread of a game, a direct message, a server's channel.
            let kind = match segs.get(1).and_then(|c| c.parse::<u64>().ok()).and_then(|c| st.channels.get(&c)) {
                Some(ChannelKind::Thread { .. }) => "thread",
                Some(ChannelKind::Dm { .. }) => "DM",
                Some(ChannelKind::Text { .. }) => "channel",
                None => "?",
            };
            name = format!("{name} ({kind})");
        }
        let e = by_route.entry(name).or_default();
        if c.status == 429 {
            e.1 += 1;
        } else {
            e.0 += 1;
        }
    }
    let d = decisions.max(1) as f64;
    let response = |r: &str| r.contains(" /interactions/") || r.contains(" /webhooks/");
    let others: u64 = by_route.iter().filter(|(r, _)| !response(r)).map(|(_, (n, _))| n).sum();
    let responses: u64 = by_route.iter().filter(|(r, _)| response(r)).map(|(_, (n, _))| n).sum();
    let refused_total: u64 = refused.values().sum();
    println!(
        "requests per decision: {:.2} other than interaction responses ({others}; {:.1}/s), {:.2} interaction responses and their edits ({responses}); {refused_total} answered 429",
        others as f64 / d,
        others as f64 / wall.as_secs_f64(),
        responses as f64 / d
    );
    let mut rows: Vec<_> = by_route.into_iter().collect();
    rows.sort_by_key(|(r, (n, _))| (response(r), std::cmp::Reverse(*n)));
    for (route, (n, r429)) in rows {
        println!("  {route:55} {:6.3}/decision  ({n}{})", n as f64 / d, if r429 > 0 { format!(", {r429} × 429") } else { String::new() });
    }
}

fn tempfile_dir() -> anyhow::Result<PathBuf> {
    let d = std::env::temp_dir().join(format!("innovation-load-{}", std::process::id()));
    std::fs::create_dir_all(&d)?;
    Ok(d)
}

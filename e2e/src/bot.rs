//! The real bot as a separate process (`innovation run`), pointed at the stand-in.

use crate::discord::{StandIn, TOKEN};
use anyhow::Context as _;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;
use tokio::process::{Child, Command};

pub struct BotProcess {
    child: Child,
    pub log: PathBuf,
}

/// How a bot process is started.
#[derive(Clone, Debug)]
pub struct Launch {
    /// Its `DATABASE_URL`.
    pub database_url: String,
    /// `SHARD_COUNT` and `SHARDS` (`None`: the bot asks for the recommended count and runs them all).
    pub shards: Option<(u32, String)>,
}

impl Launch {
    /// On a SQLite file, all shards.
    pub fn sqlite(database: &Path) -> Launch {
        Launch { database_url: format!("sqlite://{}?mode=rwc", database.display()), shards: None }
    }
}

impl BotProcess {
    /// Starts `bin run` with the stand-in as Discord and `database` as its SQLite file;
    /// its output goes to `log` (appended, so a restart keeps the earlier lines).
    pub fn start(bin: &Path, discord: &StandIn, database: &Path, log: &Path) -> anyhow::Result<BotProcess> {
        BotProcess::launch(bin, discord, &Launch::sqlite(database), log)
    }

    /// Starts `bin run` as `launch` says. The bot reaches the stand-in as it would reach
    /// Discord (HTTPS to discord.com, through the stand-in's tunnel), with serenity's rate
    /// limiter on: the stand-in enforces Discord's rate limits.
    pub fn launch(bin: &Path, discord: &StandIn, launch: &Launch, log: &Path) -> anyhow::Result<BotProcess> {
        let out = std::fs::OpenOptions::new().create(true).append(true).open(log).with_context(|| format!("opening {}", log.display()))?;
        let err = out.try_clone()?;
        let mut cmd = Command::new(bin);
        match &launch.shards {
            Some((count, range)) => cmd.env("SHARD_COUNT", count.to_string()).env("SHARDS", range),
            None => cmd.env_remove("SHARD_COUNT").env_remove("SHARDS"),
        };
        let child = cmd
            .arg("run")
            .env("DISCORD_TOKEN", TOKEN)
            .env_remove("DISCORD_API_PROXY")
            .env("DISCORD_API_TUNNEL", discord.tunnel_url())
            .env("DATABASE_URL", &launch.database_url)
            .env("RUST_LOG", std::env::var("E2E_BOT_LOG").unwrap_or_else(|_| "info,serenity=warn,poise=warn,sqlx=warn".into()))
            .env_remove("DEV_GUILD_ID")
            // Computer players answer after a short pause (people in tests do not read).
            .env("COMPUTER_PAUSE_MS", "20")
            // The same deals at every run, so that a failure can be replayed (`E2E_DEAL_SEED` tries others).
            .env("DEAL_SEED", std::env::var("E2E_DEAL_SEED").unwrap_or_else(|_| "1".into()))
            // Loopback only: no system proxy in between.
            .env_remove("HTTP_PROXY")
            .env_remove("HTTPS_PROXY")
            .env_remove("ALL_PROXY")
            .env_remove("http_proxy")
            .env_remove("https_proxy")
            .env_remove("all_proxy")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("starting {}", bin.display()))?;
        Ok(BotProcess { child, log: log.to_path_buf() })
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// The process's peak resident memory so far, in bytes (Linux: VmHWM).
    pub fn peak_rss(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()?)).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    }

    /// Still running?
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Kills it at once (SIGKILL), as a crash or a power cut would.
    pub async fn kill(mut self) -> anyhow::Result<()> {
        self.child.kill().await?;
        Ok(())
    }

    /// Asks it to stop (SIGINT, as Ctrl-C) and waits; kills it if it takes longer than `grace`.
    pub async fn stop(mut self, grace: Duration) -> anyhow::Result<()> {
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill").arg("-INT").arg(pid.to_string()).status();
        }
        match tokio::time::timeout(grace, self.child.wait()).await {
            Ok(r) => {
                r?;
            }
            Err(_) => self.child.kill().await?,
        }
        Ok(())
    }

    /// The last lines of the bot's log (for failure messages).
    pub fn log_tail(&self, lines: usize) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let all: Vec<&str> = text.lines().collect();
        all[all.len().saturating_sub(lines)..].join("\n")
    }
}

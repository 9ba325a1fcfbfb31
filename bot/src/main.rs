//! The `innovation` command: runs the Discord bot, and the tools around the
//! engine (rules scenarios, the card list, ...).

mod cli;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "innovation", version, about = "Innovation (4th edition) for Discord, and its tools")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot. Needs DISCORD_TOKEN; optional DATABASE_URL (default: sqlite file
    /// innovation.db here) and DEV_GUILD_ID (register the slash commands instantly in that server).
    Run,
    /// Run rules scenario files (or folders of *.json) against the engine.
    Scenario {
        /// Scenario files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// One JSON object per scenario instead of text.
        #[arg(long)]
        json: bool,
    },
    /// List every card the game knows, whether it is implemented and how many scenarios exercise it.
    Cards {
        #[arg(long)]
        json: bool,
        /// The scenario folder to count in (default: engine/tests/scenarios of this repository).
        #[arg(long)]
        scenarios: Option<PathBuf>,
    },
}

fn run_bot() -> anyhow::Result<ExitCode> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,serenity=warn,poise=warn,sqlx=warn")),
        )
        .init();
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(innovation_bot::discord::run())?;
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let r = match cli.command {
        Command::Run => run_bot(),
        Command::Scenario { paths, json } => cli::scenario::run(&paths, json),
        Command::Cards { json, scenarios } => cli::cards::run(json, scenarios),
    };
    match r {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let r = match cli.command {
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

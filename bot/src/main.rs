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
        /// Also show, for each scenario, what the game asked before each step and where the steps ran out.
        #[arg(long)]
        trace: bool,
    },
    /// List every card the game knows, whether it is implemented and how many scenarios exercise it.
    Cards {
        #[arg(long)]
        json: bool,
        /// The scenario folder to count in (default: engine/tests/scenarios of this repository).
        #[arg(long)]
        scenarios: Option<PathBuf>,
    },
    /// Play a game in the terminal, no Discord needed: people at this keyboard
    /// (hot-seat) and computer players.
    Play {
        /// Seats in turn order: a person's name, or a computer player (basic, strong,
        /// random, or NAME=KIND such as hal=strong). Default: you basic.
        seats: Vec<String>,
        /// The shuffle of the decks (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Pause before each computer answer, in milliseconds.
        #[arg(long, default_value_t = 700)]
        pause_ms: u64,
        /// Do not hide one person's screen from the next (hot-seat is on with two or more people).
        #[arg(long)]
        no_hide: bool,
        /// Expansions in play, such as unseen (only sets whose cards are all implemented);
        /// each allows one more seat.
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
    },
    /// Draw pictures: `--demo DIR` writes a seeded 4-player mid-game as the table, each board, a hand and cards.
    Render {
        #[arg(long, value_name = "DIR")]
        demo: PathBuf,
    },
    /// Play many games with random legal answers, check invariants, report speed and results;
    /// or, with --ai, pit computer players against each other and report their win rates.
    Simulate {
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Players per game: a number from 2 to 5, or a range such as 2-5 (games cycle through it).
        /// With --ai the lineup sets the number of players.
        #[arg(long, default_value = "2")]
        players: String,
        /// Computer players, one per seat: random, basic or strong, with settings as in
        /// strong:rollouts=48:horizon=4:width=4 or strong:ms=300 (e.g. --ai basic,random).
        #[arg(long, value_delimiter = ',')]
        ai: Vec<String>,
        /// With --ai: keep each player in its seat instead of rotating the lineup every game.
        #[arg(long)]
        no_rotate: bool,
        /// With --ai: one line per finished game.
        #[arg(long)]
        verbose: bool,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Team games (3 to 5 players).
        #[arg(long)]
        teams: bool,
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Stop a game after this many decisions (reported as capped).
        #[arg(long, default_value_t = 5000)]
        cap: usize,
        #[arg(long, value_enum, default_value = "full")]
        checks: CheckLevel,
        /// Retrace one game, SEED:GAME as printed by a failed run.
        #[arg(long)]
        replay: Option<String>,
        /// Expansions in play, such as unseen or unseen,cities (only sets whose cards are all implemented).
        #[arg(long, value_delimiter = ',')]
        expansions: Vec<String>,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum CheckLevel {
    /// No checks: speed only.
    None,
    /// Table invariants and views after every decision, replay at the end.
    Table,
    /// Also every offered answer applied on a copy.
    Full,
    /// Table checks, and every decision that may be taken back is taken back and compared with the game before it.
    Undo,
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

/// Command-line tools die quietly when their reader goes away (`innovation cards | head`),
/// as Unix tools do, instead of panicking on a broken pipe. Not for the bot (`run`).
fn default_sigpipe() {
    #[cfg(unix)]
    // SAFETY: called at the start of main, before any other thread exists; SIG_DFL is a valid disposition.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Run) {
        default_sigpipe();
    }
    let r = match cli.command {
        Command::Run => run_bot(),
        Command::Scenario { paths, json, trace } => cli::scenario::run(&paths, json, trace),
        Command::Cards { json, scenarios } => cli::cards::run(json, scenarios),
        Command::Play { seats, seed, pause_ms, no_hide, expansions } => (|| {
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1)
            });
            let expansions = cli::simulate::parse_expansions(&expansions)?;
            let seats = cli::play::parse_seats(&seats, &expansions)?;
            println!("(game seed {seed}: `--seed {seed}` deals the same cards again)");
            let pause = std::time::Duration::from_millis(pause_ms);
            cli::play::run(cli::play::Options { seats, seed, expansions, pause, hot_seat: !no_hide })
        })(),
        Command::Render { demo } => cli::render::demo(&demo),
        Command::Simulate { games, players, ai, no_rotate, verbose, seed, teams, threads, cap, checks, replay, json, expansions } => {
            (|| {
                let expansions = cli::simulate::parse_expansions(&expansions)?;
                if !ai.is_empty() {
                    let lineup = ai.iter().map(|s| s.parse::<ai::Kind>()).collect::<Result<Vec<_>, _>>()?;
                    return cli::simulate::run_matches(cli::simulate::MatchOptions {
                        lineup,
                        games,
                        seed,
                        teams,
                        threads,
                        cap,
                        rotate: !no_rotate,
                        json,
                        verbose,
                        expansions,
                    });
                }
                let players = cli::simulate::parse_players(&players)?;
                if let Some(spec) = replay {
                    return cli::simulate::replay(&spec, players, teams, cap, &expansions);
                }
                let checks = match checks {
                    CheckLevel::None => engine::sim::Checks::None,
                    CheckLevel::Table => engine::sim::Checks::Table,
                    CheckLevel::Full => engine::sim::Checks::Full,
                    CheckLevel::Undo => engine::sim::Checks::Undo,
                };
                cli::simulate::run(cli::simulate::Options { games, players, seed, teams, threads, cap, checks, json, expansions })
            })()
        }
    };
    match r {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

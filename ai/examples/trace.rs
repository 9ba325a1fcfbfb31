//! Plays one computer game and prints a line per action with a summary of
//! the table (to inspect a game that does not end).
//!
//!     cargo run --release -p innovation-ai --example trace -- basic,basic SEED GAME [FROM] [TO]

use ai::{Computer, Kind};
use engine::card::card;
use engine::sim::sim_config;
use engine::{Choice, Game};
use std::process::ExitCode;

const USAGE: &str = "usage: trace KIND,KIND[,...] SEED GAME [FROM] [TO]  (as in simulate --ai KIND,... --seed SEED, game GAME)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

fn arg<T: std::str::FromStr>(args: &[String], i: usize, default: Option<T>) -> Result<T, String> {
    match (args.get(i), default) {
        (Some(s), _) => s.parse().map_err(|_| format!("argument {i} ({s:?}) is not valid")),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(format!("argument {i} is missing")),
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let kinds: Vec<Kind> = args
        .get(1)
        .ok_or("the lineup is missing")?
        .split(',')
        .map(|s| s.parse().map_err(|e| format!("{e}")))
        .collect::<Result<_, String>>()?;
    let seed: u64 = arg(args, 2, None)?;
    let index: u64 = arg(args, 3, None)?;
    let from: usize = arg(args, 4, Some(0))?;
    let to: usize = arg(args, 5, Some(5000))?;
    let n = kinds.len();
    let (config, answer_seed) = sim_config(n, false, seed, index);
    let mut game = Game::new(config).map_err(|e| format!("setup: {e}"))?;
    // Seats as `simulate` rotates them.
    let mut seats: Vec<Computer> =
        (0..n).map(|s| Computer::new(kinds[(s + index as usize) % n].clone(), answer_seed.wrapping_add(s as u64))).collect();
    while !game.is_over() && game.decisions().len() < to {
        let Some(prompt) = game.prompts().first() else { break };
        let (seat, reason) = (prompt.player, prompt.reason.clone());
        let d = seats[seat].play(&mut game, seat).map_err(|e| format!("decision {}: {e}", game.decisions().len() + 1))?;
        let k = game.decisions().len();
        if k >= from {
            let st = game.state();
            let ans: Vec<String> = d
                .answer
                .iter()
                .map(|c| match c {
                    Choice::Card(x) => format!("{}({})", card(*x).title, card(*x).age),
                    Choice::Action(engine::Action::Meld(x)) => format!("MELD {}({})", card(*x).title, card(*x).age),
                    Choice::Action(engine::Action::Dogma(x)) => format!("DOGMA {}({})", card(*x).title, card(*x).age),
                    Choice::Action(engine::Action::Endorse(x)) => format!("ENDORSE {}({})", card(*x).title, card(*x).age),
                    Choice::Action(a) => format!("{a:?}"),
                    o => format!("{o:?}"),
                })
                .collect();
            println!("#{k} p{seat} [{reason}] -> {}", ans.join(", "));
            if matches!(d.answer.first(), Some(Choice::Action(_))) || k.is_multiple_of(20) {
                for (p, ps) in st.players.iter().enumerate() {
                    let tops: Vec<String> = ps.top_cards().iter().map(|c| format!("{}:{}", card(*c).title, card(*c).age)).collect();
                    println!(
                        "    p{p}: ach {} score {} ({} cards) hand {} [{}] tops {}",
                        ps.achievements.len(),
                        engine::derived::score(st, p),
                        ps.score.len(),
                        ps.hand.len(),
                        ps.hand.iter().map(|c| card(*c).age.to_string()).collect::<Vec<_>>().join(""),
                        tops.join(" ")
                    );
                }
                let decks: Vec<String> = st.decks[0].iter().skip(1).map(|d| d.len().to_string()).collect();
                println!("    decks {} achievements left {}", decks.join(" "), st.achievements.len());
            }
        }
    }
    println!(
        "over: {:?} after {} decisions, turn {}",
        game.result().map(|r| r.reason.name()),
        game.decisions().len(),
        game.state().turn.number
    );
    Ok(())
}

//! Plays one computer game and prints a line per action with a summary of
//! the table (to inspect a game that does not end).
//!
//!     cargo run --release -p innovation-ai --example trace -- basic,basic SEED GAME [FROM] [TO]

use ai::{Computer, Kind};
use engine::card::card;
use engine::sim::sim_config;
use engine::{Choice, Game};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kinds: Vec<Kind> = args[1].split(',').map(|s| s.parse().unwrap()).collect();
    let seed: u64 = args[2].parse().unwrap();
    let index: u64 = args[3].parse().unwrap();
    let from: usize = args.get(4).map(|s| s.parse().unwrap()).unwrap_or(0);
    let to: usize = args.get(5).map(|s| s.parse().unwrap()).unwrap_or(5000);
    let n = kinds.len();
    let (config, answer_seed) = sim_config(n, false, seed, index);
    let mut game = Game::new(config).unwrap();
    let mut seats: Vec<Computer> =
        (0..n).map(|s| Computer::new(kinds[(s + index as usize) % n].clone(), answer_seed.wrapping_add(s as u64))).collect();
    while !game.is_over() && game.decisions().len() < to {
        let seat = game.prompts()[0].player;
        let reason = game.prompts()[0].reason.clone();
        let d = seats[seat].play(&mut game, seat).unwrap();
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
                    Choice::Action(a) => format!("{a:?}"),
                    o => format!("{o:?}"),
                })
                .collect();
            println!("#{k} p{seat} [{reason}] -> {}", ans.join(", "));
            if matches!(d.answer.first(), Some(Choice::Action(_))) || k % 20 == 0 {
                for (p, ps) in st.players.iter().enumerate() {
                    let tops: Vec<String> = ps.top_cards().iter().map(|c| format!("{}:{}", card(*c).title, card(*c).age)).collect();
                    println!(
                        "    p{p}: ach {} score {} ({} cards) hand {} [{}] tops {}",
                        ps.achievements.len(),
                        ps.score_total(),
                        ps.score.len(),
                        ps.hand.len(),
                        ps.hand.iter().map(|c| card(*c).age.to_string()).collect::<Vec<_>>().join(""),
                        tops.join(" ")
                    );
                }
                let decks: Vec<String> = st.decks.iter().skip(1).map(|d| d.len().to_string()).collect();
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
}

//! Random play with Figures in the Sand before the set is playable: games from a dealt table (each
//! player's first card melded), played with random answers and the table checks, reporting what
//! fails. `cargo run --release -p innovation-engine --example figures_random -- GAMES [SETS...]`.

use engine::sim::{play_random_from, Checks};
use engine::state::Turn;
use engine::{GameConfig, Set};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let mut sets = vec![Set::Figures];
    for a in args {
        if let Some(s) = Set::ALL.into_iter().find(|s| s.name() == a) {
            sets.push(s);
        }
    }
    let (mut failed, mut refused, mut decisions, mut finished) = (0, 0, 0, 0);
    for i in 0..games {
        let names = ["ann", "bo", "cy", "di", "ed"];
        let n = 2 + (i as usize % 4);
        let config = GameConfig::new(&names[..n], 1000 + i).with_expansions(&sets);
        let mut st = engine::Game::initial_state(&config).expect("a valid configuration");
        for p in 0..n {
            let c = st.players[p].hand.remove(0);
            st.players[p].piles[engine::card(c).color.index()].cards.push(c);
        }
        st.turn = Turn::new(0, 1, 0);
        if std::env::var("FIG_GAME").ok().and_then(|s| s.parse::<u64>().ok()).is_some_and(|g| g != i) {
            continue;
        }
        let verbose = std::env::var("FIG_GAME").is_ok();
        let mut told = 0;
        let sim = play_random_from(config, Some(st), i * 7 + 1, 3000, Checks::Table, |g, d| {
            if verbose {
                let events: Vec<String> = g.events().skip(told).map(|e| e.public.clone()).collect();
                told = g.event_count();
                println!("{d:?} -> {}", events.join(" | "));
            }
        });
        decisions += sim.decisions.len();
        refused += sim.unimplemented;
        finished += usize::from(sim.result.is_some());
        if let Some(f) = sim.failure {
            failed += 1;
            println!("game {i} ({n} players): {f}");
        }
    }
    println!("{games} games: {finished} finished, {failed} failed, {decisions} decisions, {refused} answers refused as unimplemented");
}

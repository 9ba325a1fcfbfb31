//! Random play with Echoes of the Past: games set up with `Game::new` (the set is playable: all its
//! 115 cards are implemented) and played with random legal answers (`sim::play_random`), echo
//! effects, foreshadowing and promotions included. Every answer is accepted, every table keeps the
//! invariants and every view shows only what its seat may see (`sim::check_table`; the forecast to
//! its owner only), every decision that may be taken back is taken back to the game before it, one
//! game in ten also tries every offered answer of every question, and the decision log replays to
//! the same game. `ECHOES_GAMES=N` plays N games (24 by default); one game in four also has Cities
//! and The Unseen.

use engine::sim::{play_random, Checks};
use engine::{Game, GameConfig, Set};

#[test]
fn echoes_are_playable() {
    assert_eq!(engine::cards::implemented_in(Set::Echoes), (115, 115));
    assert!(Game::new(GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Echoes])).is_ok());
}

#[test]
fn random_games_with_echoes_keep_every_invariant() {
    let games: u64 = std::env::var("ECHOES_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(24);
    let mut failures = Vec::new();
    let (mut decisions, mut forecasts) = (0, 0);
    for i in 0..games {
        let names = ["ann", "bo", "cy", "di", "ed"];
        let n = 2 + (i as usize % 4);
        let sets: &[Set] = if i % 4 == 3 { &[Set::Echoes, Set::Cities, Set::Unseen] } else { &[Set::Echoes] };
        let config = GameConfig::new(&names[..n], i).with_expansions(sets);
        let checks = if i % 10 == 0 { Checks::Full } else { Checks::Undo };
        let sim = play_random(config.clone(), i * 7 + 1, 3000, checks, |_, _| {});
        decisions += sim.decisions.len();
        if let Some(f) = sim.failure {
            failures.push(format!("game {i}: {f}"));
        }
        if sim.unimplemented > 0 {
            failures.push(format!("game {i}: {} answers refused as unimplemented", sim.unimplemented));
        }
        if let Ok(g) = Game::replay(config, &sim.decisions) {
            forecasts += g.state().players.iter().map(|p| p.forecast.len()).sum::<usize>();
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(decisions > games as usize * 20, "the games were played ({decisions} decisions)");
    assert!(forecasts > 0, "cards were foreshadowed ({forecasts} in forecasts at the games' ends)");
}

//! Random play with The Unseen: games set up with `Game::new` (the set is playable: all its 115
//! cards are implemented) and played with random legal answers (`sim::play_random`). Every answer
//! is accepted, every table keeps the invariants and every view shows only what its seat may see
//! (`sim::check_table`), every decision that may be taken back is taken back to the game before
//! it, one game in ten also tries every offered answer of every question, and the decision log
//! replays to the same game. `UNSEEN_GAMES=N` plays N games (40 by default).

use engine::sim::{play_random, Checks};
use engine::{Game, GameConfig, Set};

#[test]
fn the_unseen_is_playable() {
    assert_eq!(engine::cards::implemented_in(Set::Unseen), (115, 115));
    assert!(Game::new(GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Unseen])).is_ok());
}

#[test]
fn random_games_with_the_unseen_keep_every_invariant() {
    let games: u64 = std::env::var("UNSEEN_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    let mut failures = Vec::new();
    let mut decisions = 0;
    for i in 0..games {
        let names = ["ann", "bo", "cy", "di", "ed"];
        let n = 2 + (i as usize % 4);
        let config = GameConfig::new(&names[..n], i).with_expansions(&[Set::Unseen]);
        let checks = if i % 10 == 0 { Checks::Full } else { Checks::Undo };
        let sim = play_random(config, i * 7 + 1, 3000, checks, |_, _| {});
        decisions += sim.decisions.len();
        if let Some(f) = sim.failure {
            failures.push(format!("game {i}: {f}"));
        }
        if sim.unimplemented > 0 {
            failures.push(format!("game {i}: {} answers refused as unimplemented", sim.unimplemented));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(decisions > games as usize * 20, "the games were played ({decisions} decisions)");
}

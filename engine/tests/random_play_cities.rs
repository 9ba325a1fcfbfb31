//! Random play with Cities of Destiny: games set up with `Game::new` (the set is playable: every city
//! counts as implemented, its rules being in the engine) and played with random legal answers
//! (`sim::play_random`), Endorse included. Every answer is accepted, every table keeps the invariants
//! and every view shows only what its seat may see (`sim::check_table`), every decision that may be
//! taken back is taken back to the game before it, one game in ten also tries every offered answer
//! of every question, and the decision log replays to the same game. `CITIES_GAMES=N` plays N games
//! (40 by default); one game in four also has The Unseen.

use engine::prompt::{Action, Choice};
use engine::sim::{play_random, Checks};
use engine::{Game, GameConfig, Set};

#[test]
fn cities_are_playable() {
    assert_eq!(engine::cards::implemented_in(Set::Cities), (115, 115));
    assert!(Game::new(GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Cities])).is_ok());
}

#[test]
fn random_games_with_cities_keep_every_invariant() {
    let games: u64 = std::env::var("CITIES_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    let mut failures = Vec::new();
    let (mut decisions, mut endorsed) = (0, 0);
    for i in 0..games {
        let names = ["ann", "bo", "cy", "di", "ed"];
        let n = 2 + (i as usize % 4);
        let sets: &[Set] = if i % 4 == 3 { &[Set::Cities, Set::Unseen] } else { &[Set::Cities] };
        let config = GameConfig::new(&names[..n], i).with_expansions(sets);
        let checks = if i % 10 == 0 { Checks::Full } else { Checks::Undo };
        let sim = play_random(config, i * 7 + 1, 3000, checks, |_, _| {});
        decisions += sim.decisions.len();
        endorsed += sim.decisions.iter().filter(|d| matches!(d.answer.first(), Some(Choice::Action(Action::Endorse(_))))).count();
        if let Some(f) = sim.failure {
            failures.push(format!("game {i}: {f}"));
        }
        if sim.unimplemented > 0 {
            failures.push(format!("game {i}: {} answers refused as unimplemented", sim.unimplemented));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(decisions > games as usize * 20, "the games were played ({decisions} decisions)");
    assert!(endorsed > 0, "random play endorsed some Dogma actions");
}

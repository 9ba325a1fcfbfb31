//! Random play with Echoes of the Past: games set up with `Game::new` (the set is playable: all its
//! 115 cards are implemented) and played with random legal answers (`sim::play_random`), echo
//! effects, foreshadowing and promotions included. Every answer is accepted, every table keeps the
//! invariants and every view shows only what its seat may see (`sim::check_table`; the forecast to
//! its owner only), every decision that may be taken back is taken back to the game before it, one
//! game in ten also tries every offered answer of every question, and the decision log replays to
//! the same game. `ECHOES_GAMES=N` plays N games (24 by default); one game in four also has Cities
//! and The Unseen.

mod common;

use engine::{Game, GameConfig, Set};

#[test]
fn echoes_are_playable() {
    assert_eq!(engine::cards::implemented_in(Set::Echoes), (115, 115));
    assert!(Game::new(GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Echoes])).is_ok());
}

#[test]
fn random_games_with_echoes_keep_every_invariant() {
    let sets = |i: u64| -> &'static [Set] {
        if i % 4 == 3 {
            &[Set::Echoes, Set::Cities, Set::Unseen]
        } else {
            &[Set::Echoes]
        }
    };
    let mut foreshadowed = 0;
    let played = common::play_new_games(common::games("ECHOES_GAMES", 24), sets, |_, g, _| {
        foreshadowed += usize::from(g.state().players.iter().any(|p| !p.forecast.is_empty()));
    });
    played.assert_held();
    assert!(foreshadowed > 0, "cards were foreshadowed (a forecast held cards after {foreshadowed} decisions)");
}

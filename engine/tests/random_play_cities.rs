//! Random play with Cities of Destiny: games set up with `Game::new` (the set is playable: every city
//! counts as implemented, its rules being in the engine) and played with random legal answers
//! (`sim::play_random`), Endorse included. Every answer is accepted, every table keeps the invariants
//! and every view shows only what its seat may see (`sim::check_table`), every decision that may be
//! taken back is taken back to the game before it, one game in ten also tries every offered answer
//! of every question, and the decision log replays to the same game. `CITIES_GAMES=N` plays N games
//! (40 by default); one game in four also has The Unseen.

mod common;

use engine::prompt::{Action, Choice};
use engine::{Game, GameConfig, Set};

#[test]
fn cities_are_playable() {
    assert_eq!(engine::cards::implemented_in(Set::Cities), (115, 115));
    assert!(Game::new(GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Cities])).is_ok());
}

#[test]
fn random_games_with_cities_keep_every_invariant() {
    let sets = |i: u64| -> &'static [Set] {
        if i % 4 == 3 {
            &[Set::Cities, Set::Unseen]
        } else {
            &[Set::Cities]
        }
    };
    let mut endorsed = 0;
    let played = common::play_new_games(common::games("CITIES_GAMES", 40), sets, |_, _, d| {
        endorsed += usize::from(matches!(d.answer.first(), Some(Choice::Action(Action::Endorse(_)))));
    });
    played.assert_held();
    assert!(endorsed > 0, "random play endorsed some Dogma actions");
}

//! Random play with The Unseen: games set up with `Game::new` (the set is playable: all its 115
//! cards are implemented) and played with random legal answers (`sim::play_random`). Every answer
//! is accepted, every table keeps the invariants and every view shows only what its seat may see
//! (`sim::check_table`), every decision that may be taken back is taken back to the game before
//! it, one game in ten also tries every offered answer of every question, and the decision log
//! replays to the same game. `UNSEEN_GAMES=N` plays N games (40 by default).

mod common;

use engine::{Game, GameConfig, Set};

#[test]
fn the_unseen_is_playable() {
    assert_eq!(engine::cards::implemented_in(Set::Unseen), (115, 115));
    assert!(Game::new(GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Unseen])).is_ok());
}

#[test]
fn random_games_with_the_unseen_keep_every_invariant() {
    let played = common::play_new_games(common::games("UNSEEN_GAMES", 40), |_| &[Set::Unseen], |_, _, _| {});
    played.assert_held();
}

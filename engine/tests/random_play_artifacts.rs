//! Random play with Artifacts of History: games set up with `Game::new` (the set is playable: all
//! its 115 cards are implemented) and played with random legal answers (`sim::play_random`), digs,
//! showcases, Museums and the Museum Check included; and games from arranged tables where Martian
//! Internet is a top card, so that games within the game are played again and again. Every answer
//! is accepted, every table keeps the invariants and every view shows only what its seat may see
//! (`sim::check_table`: the cards set aside for a game within the game are counted, face down),
//! in games from a new game's start every decision that may be taken back is taken back to the
//! game before it, one game in ten also tries every offered answer of every question, and the
//! decision log replays to the same game.
//! `ARTIFACTS_GAMES=N` plays N games of each kind (24 by default); one game in four also has
//! Echoes, Cities and The Unseen.

mod common;

use engine::card::CardDb;
use engine::state::Turn;
use engine::{Color, Game, GameConfig, Set};

fn games() -> u64 {
    common::games("ARTIFACTS_GAMES", 24)
}

fn sets(i: u64) -> &'static [Set] {
    if i % 4 == 3 {
        &[Set::Echoes, Set::Cities, Set::Unseen, Set::Artifacts]
    } else {
        &[Set::Artifacts]
    }
}

#[test]
fn artifacts_are_playable() {
    assert_eq!(engine::cards::implemented_in(Set::Artifacts), (115, 115));
    assert!(Game::new(GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Artifacts])).is_ok());
}

#[test]
fn random_games_with_artifacts_keep_every_invariant() {
    let mut dug = 0;
    let played = common::play_new_games(games(), sets, |_, g, _| {
        dug += usize::from(g.state().players.iter().any(|ps| ps.display.is_some() || !ps.museums.is_empty()));
    });
    played.assert_held();
    assert!(dug > 0, "random play dug up some Artifacts");
}

/// A new game's table with Martian Internet the only card on the first player's board and their
/// hand empty: a random player takes its Dogma action half of the time.
fn martian_table(config: &GameConfig, _game: u64) -> engine::State {
    let mut st = Game::initial_state(config).expect("a valid configuration");
    let db = CardDb::get();
    let mi = db.by_title("Martian Internet").expect("a card");
    st.remove(mi);
    st.players[0].piles[Color::Blue.index()].cards.push(mi);
    for c in std::mem::take(&mut st.players[0].hand) {
        st.deck_mut(Set::Base, 1).insert(0, c);
    }
    // Everyone else starts with a card of their hand on their board.
    for p in 1..st.players.len() {
        let c = st.players[p].hand.remove(0);
        st.players[p].piles[engine::card(c).color.index()].cards.push(c);
    }
    st.turn = Turn::new(0, 2, 2);
    st
}

#[test]
fn games_within_the_game_keep_every_invariant() {
    let mut within = vec![false; games() as usize];
    let tables = common::Tables { config_seed: 100, answer_seed: |i| i * 11 + 3, table: martian_table };
    let played = common::play_from_tables(games(), sets, tables, |i, g, _| within[i as usize] |= !g.state().set_aside.is_empty());
    let new_games = within.iter().filter(|w| **w).count();
    eprintln!("{new_games} of {} games played a game within the game ({} decisions)", games(), played.decisions);
    played.assert_held();
    assert!(new_games >= games() as usize / 4, "games within the game were played in {new_games} games ({} decisions)", played.decisions);
}

//! Random play with Figures in the Sand: games set up with `Game::new` (the set is playable: all
//! its 115 Figures are implemented) and played with random legal answers (`sim::play_random`),
//! Figures drawn, karmas, Auspice, Decrees and fading included; and games from arranged tables
//! where every player starts with a Figure on their board and two in hand, so that karmas act and
//! Decrees are issued again and again. Every answer is accepted, every table keeps the invariants
//! and every view shows only what its seat may see (`sim::check_table`), in games from a new game's
//! start every decision that may be taken back is taken back to the game before it, one game in ten
//! also tries every offered answer of every question, and the decision log replays to the same
//! game. `FIGURES_GAMES=N` plays N games of each kind (24 by default); one game in four also has
//! Echoes, Cities, The Unseen and Artifacts.

mod common;

use engine::card::{card, CardDb};
use engine::state::{Achievement, Turn};
use engine::{Game, GameConfig, Set};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn games() -> u64 {
    common::games("FIGURES_GAMES", 24)
}

fn sets(i: u64) -> &'static [Set] {
    if i % 4 == 3 {
        &[Set::Echoes, Set::Cities, Set::Unseen, Set::Artifacts, Set::Figures]
    } else {
        &[Set::Figures]
    }
}

/// Whether a Figure is on a board.
fn figure_on_board(g: &Game) -> bool {
    g.state().players.iter().any(|ps| ps.top_cards().into_iter().any(|c| card(c).is_figure()))
}

/// Whether a player holds a Decree.
fn decree_held(g: &Game) -> bool {
    g.state().players.iter().any(|ps| ps.achievements.iter().any(|a| matches!(a, Achievement::Decree(_))))
}

#[test]
fn figures_are_playable() {
    assert_eq!(engine::cards::implemented_in(Set::Figures), (115, 115));
    assert!(Game::new(GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Figures])).is_ok());
}

#[test]
fn random_games_with_figures_keep_every_invariant() {
    let mut on_boards = 0;
    let played = common::play_new_games(games(), sets, |_, g, _| on_boards += usize::from(figure_on_board(g)));
    played.assert_held();
    assert!(on_boards > 0, "random play put a Figure on a board ({} decisions)", played.decisions);
}

/// A new game's table where every player has a random Figure on their board (on top of their first
/// meld) and two more Figures in hand.
fn figures_table(config: &GameConfig, seed: u64) -> engine::State {
    let mut st = Game::initial_state(config).expect("a valid configuration");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut figures: Vec<_> = CardDb::get().cards.iter().filter(|c| c.is_figure()).map(|c| c.id).collect();
    figures.shuffle(&mut rng);
    for p in 0..st.players.len() {
        let c = st.players[p].hand.remove(0);
        st.players[p].piles[card(c).color.index()].cards.push(c);
        for k in 0..3 {
            let f = figures.pop().expect("enough Figures");
            st.remove(f);
            if k == 0 {
                st.players[p].piles[card(f).color.index()].cards.push(f);
            } else {
                st.players[p].hand.push(f);
            }
        }
    }
    st.turn = Turn::new(0, 2, 2);
    st
}

#[test]
fn games_from_tables_full_of_figures_keep_every_invariant() {
    let mut decree = vec![false; games() as usize];
    let tables = common::Tables { config_seed: 200, answer_seed: |i| i * 13 + 5, table: figures_table };
    let played = common::play_from_tables(games(), sets, tables, |i, g, _| decree[i as usize] |= decree_held(g));
    let decrees = decree.iter().filter(|d| **d).count();
    eprintln!("{decrees} of {} games saw a Decree claimed ({} decisions)", games(), played.decisions);
    played.assert_held();
    assert!(decrees > 0, "random play claimed a Decree in some game ({} decisions)", played.decisions);
}

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

use engine::card::CardDb;
use engine::sim::{play_random, play_random_from, Checks};
use engine::state::Turn;
use engine::{Color, Game, GameConfig, Set};

fn games() -> u64 {
    std::env::var("ARTIFACTS_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(24)
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
    let mut failures = Vec::new();
    let (mut decisions, mut with_artifacts) = (0, 0);
    for i in 0..games() {
        let names = ["ann", "bo", "cy", "di", "ed"];
        let n = 2 + (i as usize % 4);
        let config = GameConfig::new(&names[..n], i).with_expansions(sets(i));
        let checks = if i % 10 == 0 { Checks::Full } else { Checks::Undo };
        let mut dug = false;
        let sim = play_random(config, i * 7 + 1, 3000, checks, |g, _| {
            dug |= g.state().players.iter().any(|ps| ps.display.is_some() || !ps.museums.is_empty());
        });
        decisions += sim.decisions.len();
        with_artifacts += usize::from(dug);
        if let Some(f) = sim.failure {
            failures.push(format!("game {i}: {f}"));
        }
        if sim.unimplemented > 0 {
            failures.push(format!("game {i}: {} answers refused as unimplemented", sim.unimplemented));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(decisions > games() as usize * 20, "the games were played ({decisions} decisions)");
    assert!(with_artifacts > 0, "random play dug up some Artifacts");
}

/// A new game's table with Martian Internet the only card on the first player's board and their
/// hand empty: a random player takes its Dogma action half of the time.
fn martian_table(config: &GameConfig) -> engine::State {
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
    let mut failures = Vec::new();
    let (mut new_games, mut decisions) = (0, 0);
    for i in 0..games() {
        let names = ["ann", "bo", "cy", "di", "ed"];
        let n = 2 + (i as usize % 4);
        let mut config = GameConfig::new(&names[..n], 100 + i).with_expansions(sets(i));
        if i % 3 == 2 && n >= 3 {
            config.teams = engine::sim::sim_teams(n);
        }
        // (Taking back is checked from a new game's start only: these games begin from a table.)
        let checks = if i % 10 == 0 { Checks::Full } else { Checks::Table };
        let mut within = false;
        let origin = martian_table(&config);
        let sim = play_random_from(config, Some(origin), i * 11 + 3, 4000, checks, |g, _| {
            within |= !g.state().set_aside.is_empty();
        });
        decisions += sim.decisions.len();
        new_games += usize::from(within);
        if let Some(f) = sim.failure {
            failures.push(format!("game {i}: {f}"));
        }
    }
    eprintln!("{new_games} of {} games played a game within the game ({decisions} decisions)", games());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(new_games >= games() as usize / 4, "games within the game were played in {new_games} games ({decisions} decisions)");
}

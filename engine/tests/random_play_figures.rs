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

use engine::card::{card, CardDb};
use engine::sim::{play_random, play_random_from, Checks};
use engine::state::{Achievement, Turn};
use engine::{Game, GameConfig, Set};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn games() -> u64 {
    std::env::var("FIGURES_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(24)
}

fn sets(i: u64) -> &'static [Set] {
    if i % 4 == 3 {
        &[Set::Echoes, Set::Cities, Set::Unseen, Set::Artifacts, Set::Figures]
    } else {
        &[Set::Figures]
    }
}

/// What a game showed of the set: a Figure on a board, a Decree claimed.
#[derive(Default)]
struct Seen {
    figure_on_board: bool,
    decree: bool,
}

impl Seen {
    fn look(&mut self, g: &Game) {
        let st = g.state();
        for ps in &st.players {
            self.figure_on_board |= ps.top_cards().into_iter().any(|c| card(c).is_figure());
            self.decree |= ps.achievements.iter().any(|a| matches!(a, Achievement::Decree(_)));
        }
    }
}

#[test]
fn figures_are_playable() {
    assert_eq!(engine::cards::implemented_in(Set::Figures), (115, 115));
    assert!(Game::new(GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Figures])).is_ok());
}

#[test]
fn random_games_with_figures_keep_every_invariant() {
    let mut failures = Vec::new();
    let (mut decisions, mut on_boards) = (0, 0);
    for i in 0..games() {
        let names = ["ann", "bo", "cy", "di", "ed"];
        let n = 2 + (i as usize % 4);
        let config = GameConfig::new(&names[..n], i).with_expansions(sets(i));
        let checks = if i % 10 == 0 { Checks::Full } else { Checks::Undo };
        let mut seen = Seen::default();
        let sim = play_random(config, i * 7 + 1, 3000, checks, |g, _| seen.look(g));
        decisions += sim.decisions.len();
        on_boards += usize::from(seen.figure_on_board);
        if let Some(f) = sim.failure {
            failures.push(format!("game {i}: {f}"));
        }
        if sim.unimplemented > 0 {
            failures.push(format!("game {i}: {} answers refused as unimplemented", sim.unimplemented));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(decisions > games() as usize * 20, "the games were played ({decisions} decisions)");
    assert!(on_boards > 0, "random play put a Figure on a board ({decisions} decisions)");
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
    let mut failures = Vec::new();
    let (mut decisions, mut decrees) = (0, 0);
    for i in 0..games() {
        let names = ["ann", "bo", "cy", "di", "ed"];
        let n = 2 + (i as usize % 4);
        let mut config = GameConfig::new(&names[..n], 200 + i).with_expansions(sets(i));
        if i % 3 == 2 && n >= 3 {
            config.teams = engine::sim::sim_teams(n);
        }
        // (Taking back is checked from a new game's start only: these games begin from a table.)
        let checks = if i % 10 == 0 { Checks::Full } else { Checks::Table };
        let mut seen = Seen::default();
        let origin = figures_table(&config, i);
        let sim = play_random_from(config, Some(origin), i * 13 + 5, 4000, checks, |g, _| seen.look(g));
        decisions += sim.decisions.len();
        decrees += usize::from(seen.decree);
        if let Some(f) = sim.failure {
            failures.push(format!("game {i}: {f}"));
        }
        if sim.unimplemented > 0 {
            failures.push(format!("game {i}: {} answers refused as unimplemented", sim.unimplemented));
        }
    }
    eprintln!("{decrees} of {} games saw a Decree claimed ({decisions} decisions)", games());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(decrees > 0, "random play claimed a Decree in some game ({decisions} decisions)");
}

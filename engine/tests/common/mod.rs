//! The harness the expansions' random-play tests share: games of 2 to 5 players (cycling), played
//! with random legal answers (`sim::play_random`), either from a new game's start or from an
//! arranged table, and what they gave: the failures (a refused answer, a broken invariant or
//! view, an answer that reached a card without an implementation) and the decisions taken.
#![allow(dead_code)] // each test file uses its part

use engine::sim::{play_random, play_random_from, Checks};
use engine::{Decision, Game, GameConfig, Set, State};

const NAMES: [&str; 5] = ["ann", "bo", "cy", "di", "ed"];

/// How many games to play: the environment variable `var`, or `default`.
pub fn games(var: &str, default: u64) -> u64 {
    std::env::var(var).ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// What a run of games gave.
#[derive(Default)]
pub struct Played {
    pub games: u64,
    pub failures: Vec<String>,
    pub decisions: usize,
}

impl Played {
    fn add(&mut self, i: u64, sim: engine::sim::SimGame) {
        self.games += 1;
        self.decisions += sim.decisions.len();
        if let Some(f) = sim.failure {
            self.failures.push(format!("game {i}: {f}"));
        }
        if sim.unimplemented > 0 {
            self.failures.push(format!("game {i}: {} answers refused as unimplemented", sim.unimplemented));
        }
    }

    /// Every game held, and the games were played (not ended at once).
    pub fn assert_held(&self) {
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
        assert!(self.decisions > self.games as usize * 20, "the games were played ({} decisions)", self.decisions);
    }
}

/// The number of players of game `i`: 2 to 5, cycling.
fn players(i: u64) -> &'static [&'static str] {
    &NAMES[..2 + (i as usize % 4)]
}

/// Plays `games` games from a new game's start, game `i` with the sets `sets(i)` (dealt from seed
/// `i`). Every decision that may be taken back is taken back to the game before it, and one game
/// in ten also tries every offered answer of every question. `watch(i, game, decision)` sees the
/// game after each decision.
pub fn play_new_games(games: u64, sets: impl Fn(u64) -> &'static [Set], mut watch: impl FnMut(u64, &Game, &Decision)) -> Played {
    let mut played = Played::default();
    for i in 0..games {
        let config = GameConfig::new(players(i), i).with_expansions(sets(i));
        let checks = if i % 10 == 0 { Checks::Full } else { Checks::Undo };
        let sim = play_random(config, i * 7 + 1, 3000, checks, |g, d| watch(i, g, d));
        played.add(i, sim);
    }
    played
}

/// Where games from arranged tables start: game `i` is dealt from seed `config_seed + i`, set out
/// by `table(config, i)`, and answered from seed `answer_seed(i)`; one game in three with 3 or
/// more players is played in teams.
pub struct Tables<T: Fn(&GameConfig, u64) -> State> {
    pub config_seed: u64,
    pub answer_seed: fn(u64) -> u64,
    pub table: T,
}

/// Plays `games` games from arranged tables (see [`Tables`]), game `i` with the sets `sets(i)`.
/// Taking back is checked from a new game's start only (these games begin from a table); one game
/// in ten also tries every offered answer of every question. `watch` as in [`play_new_games`].
pub fn play_from_tables<T: Fn(&GameConfig, u64) -> State>(
    games: u64,
    sets: impl Fn(u64) -> &'static [Set],
    tables: Tables<T>,
    mut watch: impl FnMut(u64, &Game, &Decision),
) -> Played {
    let mut played = Played::default();
    for i in 0..games {
        let n = players(i).len();
        let mut config = GameConfig::new(players(i), tables.config_seed + i).with_expansions(sets(i));
        if i % 3 == 2 && n >= 3 {
            config.teams = engine::sim::sim_teams(n);
        }
        let checks = if i % 10 == 0 { Checks::Full } else { Checks::Table };
        let origin = (tables.table)(&config, i);
        let sim = play_random_from(config, Some(origin), (tables.answer_seed)(i), 4000, checks, |g, d| watch(i, g, d));
        played.add(i, sim);
    }
    played
}

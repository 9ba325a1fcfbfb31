//! A short simulator run inside the test command: a few hundred games with
//! random legal answers over 2 to 5 players, checking the invariants after
//! every decision and the replay at the end (long runs: `innovation simulate`).

use engine::sim::{play_random, sim_config, Checks, Tally};

fn run(games: u64, teams: bool, checks: Checks) -> Tally {
    let mut t = Tally::default();
    for i in 0..games {
        let (config, answer_seed) = sim_config(2 + (i as usize % 4), teams, 2026, i);
        let g = play_random(config, answer_seed, 3000, checks, |_, _| {});
        assert!(
            g.failure.is_none(),
            "game {i}: {}\nreplay: innovation simulate --replay 2026:{i} --players 2-5{}",
            g.failure.unwrap(),
            if teams { " --teams" } else { "" }
        );
        t.add(&g);
    }
    t
}

#[test]
fn three_hundred_games_keep_every_invariant() {
    let t = run(300, false, Checks::Table);
    assert_eq!(t.failures, 0);
    assert!(t.finished > 250, "most games should end: {t:?}");
}

#[test]
fn team_games_keep_every_invariant() {
    let t = run(60, true, Checks::Table);
    assert_eq!(t.failures, 0);
}

#[test]
fn every_offered_answer_is_accepted() {
    let t = run(16, false, Checks::Full);
    assert_eq!(t.failures, 0);
}

#[test]
fn every_decision_that_may_be_taken_back_gives_the_game_before_it() {
    let t = run(120, false, Checks::Undo);
    assert_eq!(t.failures, 0);
    assert!(t.undos > 500, "undos should be tried often: {t:?}");
}

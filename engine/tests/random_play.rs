//! Plays games with random legal answers and checks that replaying the
//! decision log rebuilds the identical game.

use engine::{Choice, Decision, Game, GameConfig, GameError};

/// Plays until the game ends or `cap` decisions.
pub fn play(config: GameConfig, seed: u64, cap: usize) -> Game {
    let g = engine::sim::play_random(config.clone(), seed, cap, engine::sim::Checks::None, |_, _| {});
    Game::replay(config, &g.decisions).unwrap()
}

fn fingerprint(g: &Game) -> String {
    format!("{:?}|{:?}|{:?}", g.view(Some(0)), g.view(Some(1)), g.prompts())
}

#[test]
fn random_games_replay_identically() {
    for seed in 0..30u64 {
        let players: Vec<&str> = ["ann", "bo", "cy", "di", "ed"][..2 + (seed as usize % 4)].to_vec();
        let g = play(GameConfig::new(&players, seed), seed, 400);
        let r = Game::replay(g.config().clone(), g.decisions()).unwrap();
        assert_eq!(fingerprint(&g), fingerprint(&r), "seed {seed}");
        assert_eq!(g.state().all_cards().len(), 115, "seed {seed}: cards lost or duplicated");
        let json = serde_json::to_string(g.decisions()).unwrap();
        let back: Vec<Decision> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g.decisions());
    }
}

#[test]
fn an_illegal_answer_changes_nothing() {
    let mut g = Game::new(GameConfig::new(&["ann", "bo"], 3)).unwrap();
    let before = fingerprint(&g);
    assert!(matches!(g.apply(Decision::new(0, vec![Choice::Yes])), Err(GameError::Illegal { .. })));
    assert!(matches!(g.apply(Decision::new(7, vec![Choice::Yes])), Err(GameError::NotAsked { .. })));
    assert_eq!(before, fingerprint(&g));
}

#[test]
fn conceding_in_a_two_player_game_ends_it_by_elimination() {
    let mut g = Game::new(GameConfig::new(&["ann", "bo"], 5)).unwrap();
    for p in 0..2 {
        let c = g.prompt_for(p).unwrap().options[0].clone();
        g.apply(Decision::new(p, vec![c])).unwrap();
    }
    g.concede(1).unwrap();
    let r = g.result().unwrap();
    assert_eq!(r.winners, vec![0]);
    assert_eq!(r.reason, engine::WinReason::Elimination);
    assert!(g.state().players[1].hand.is_empty() && g.state().players[1].board_cards().count() == 0);
    let again = Game::replay(g.config().clone(), g.decisions()).unwrap();
    assert_eq!(again.result(), g.result());
}

#[test]
fn a_concession_in_a_three_player_game_skips_the_player() {
    let mut g = Game::new(GameConfig::new(&["ann", "bo", "cy"], 5)).unwrap();
    for p in 0..3 {
        let c = g.prompt_for(p).unwrap().options[0].clone();
        g.apply(Decision::new(p, vec![c])).unwrap();
    }
    let current = g.prompts()[0].player;
    g.concede(current).unwrap();
    assert!(!g.is_over());
    assert_ne!(g.prompts()[0].player, current);
    assert!(g.state().players[current].eliminated);
    assert_eq!(g.state().all_cards().len(), 115);
    let again = Game::replay(g.config().clone(), g.decisions()).unwrap();
    assert_eq!(again.prompts(), g.prompts());
}

/// A game can go on from its resumable table alone: rebuilt from that table (through JSON, as
/// the bot keeps it), it asks the same questions and, given the same later decisions, reaches
/// the same end. Never offered in the first meld nor in the middle of an action.
#[test]
fn a_game_goes_on_from_its_resumable_table() {
    for seed in 0..8u64 {
        let players: Vec<&str> = ["ann", "bo", "cy", "di"][..2 + (seed as usize % 3)].to_vec();
        let config = GameConfig::new(&players, seed);
        let full = play(config.clone(), seed, 300);
        let mut g = Game::new(config.clone()).unwrap();
        assert!(g.resumable_state().is_none(), "not in the first meld");
        let (mut boundaries, mut mid_action) = (0, 0);
        for (i, d) in full.decisions().iter().enumerate() {
            g.apply(d.clone()).unwrap();
            let Some(st) = g.resumable_state() else {
                mid_action += usize::from(!g.in_first_meld() && !g.is_over());
                continue;
            };
            boundaries += 1;
            let json = serde_json::to_string(st).unwrap();
            let mut resumed = Game::from_state(config.clone(), serde_json::from_str(&json).unwrap()).unwrap();
            assert_eq!(format!("{:?}", resumed.prompts()), format!("{:?}", g.prompts()), "seed {seed}, after decision {i}");
            for later in &full.decisions()[i + 1..] {
                resumed.apply(later.clone()).unwrap();
            }
            assert_eq!(fingerprint(&resumed), fingerprint(&full), "seed {seed}, resumed after decision {i}");
        }
        assert!(boundaries > 10, "seed {seed}: {boundaries} boundaries");
        assert!(mid_action > 0, "seed {seed}: questions inside actions are not boundaries");
    }
}

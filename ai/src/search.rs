//! Playing inside a sampled [`crate::info::World`], where every card is
//! known: a one-step greedy policy for everyone at the table, finishing the
//! current action, and rollouts a few actions ahead.

use crate::candidates::candidates;
use crate::eval::{evaluate, Weights};
use engine::{AnswerKind, Choice, Decision, Game, GameError, Prompt};
use rand::seq::SliceRandom;
use rand::Rng;

/// Limits a runaway action (an effect asking very many questions).
const MAX_QUESTIONS_PER_ACTION: usize = 200;

/// Whether the game waits for the choice of an action (or is over): the current action is finished.
pub fn between_actions(game: &Game) -> bool {
    game.prompts().first().is_none_or(|p| p.kind == AnswerKind::Action)
}

/// Applies `answer` to a copy of `game`, `None` if the game refuses it.
pub fn after(game: &Game, player: usize, answer: &[Choice]) -> Option<Game> {
    let mut g = game.clone();
    match g.apply(Decision::new(player, answer.to_vec())) {
        Ok(()) => Some(g),
        Err(GameError::Unimplemented { .. }) | Err(_) => None,
    }
}

/// The greedy policy inside a world: the answer whose immediate result
/// (after the rest of the action, for a choice of action when `finish` is
/// set) the asked player likes best.
pub fn greedy(game: &Game, prompt: &Prompt, w: &Weights, finish: bool, rng: &mut impl Rng) -> Option<(Vec<Choice>, Game)> {
    let mut cands = candidates(prompt, &[], rng);
    cands.shuffle(rng);
    let mut best: Option<(f64, Vec<Choice>, Game)> = None;
    for a in cands {
        let Some(mut g) = after(game, prompt.player, &a) else { continue };
        if finish && prompt.kind == AnswerKind::Action {
            finish_action(&mut g, w, rng);
        }
        let v = evaluate(g.state(), prompt.player, w);
        if best.as_ref().is_none_or(|(b, _, _)| v > *b) {
            best = Some((v, a, g));
        }
    }
    best.map(|(_, a, g)| (a, g))
}

/// Plays the rest of the current action with the greedy policy for everyone.
/// Stops early (leaving the action unfinished) if no answer is accepted.
pub fn finish_action(game: &mut Game, w: &Weights, rng: &mut impl Rng) {
    for _ in 0..MAX_QUESTIONS_PER_ACTION {
        if between_actions(game) {
            return;
        }
        let prompt = game.prompts()[0].clone();
        match greedy(game, &prompt, w, false, rng) {
            Some((_, g)) => *game = g,
            None => return,
        }
    }
}

/// Plays `actions` more actions (or to the end of the game) with the greedy
/// policy for everyone, finishing the current action first.
/// Returns false if the game got stuck (no answer accepted).
pub fn rollout(game: &mut Game, actions: usize, w: &Weights, rng: &mut impl Rng) -> bool {
    finish_action(game, w, rng);
    for _ in 0..actions {
        if game.is_over() {
            return true;
        }
        if !between_actions(game) {
            return false;
        }
        let prompt = game.prompts()[0].clone();
        match greedy(game, &prompt, w, true, rng) {
            Some((_, g)) => *game = g,
            None => return false,
        }
    }
    true
}

//! The computer players. Each answers an [`InfoSet`] (what its seat knows)
//! and sees nothing else of the game.

use crate::candidates::candidates;
use crate::eval::{evaluate, Weights};
use crate::info::{InfoSet, Phase, World};
use crate::search::{after, finish_action, rollout};
use engine::Choice;
use rand::seq::SliceRandom;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// A computer player: given what its seat knows, an answer to the question it is asked.
pub trait Player: Send {
    /// A short name ("basic").
    fn name(&self) -> String;
    /// An answer to `info.prompt`, in the info set's names. `None` when no
    /// answer is left (every one was refused).
    fn choose(&mut self, info: &InfoSet, rng: &mut ChaCha8Rng) -> Option<Vec<Choice>>;
}

/// Random legal answers (the baseline).
#[derive(Clone, Debug, Default)]
pub struct RandomPlayer;

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".into()
    }
    fn choose(&mut self, info: &InfoSet, rng: &mut ChaCha8Rng) -> Option<Vec<Choice>> {
        for _ in 0..100 {
            let a = engine::sim::random_answer(&info.prompt, rng);
            if !info.refused.contains(&a) {
                return Some(a);
            }
        }
        candidates(&info.prompt, &info.refused, rng).choose(rng).cloned()
    }
}

/// Sums of values over deals, per candidate answer.
struct Scores {
    sum: Vec<f64>,
    n: Vec<u32>,
}

impl Scores {
    fn new(k: usize) -> Scores {
        Scores { sum: vec![0.0; k], n: vec![0; k] }
    }
    fn add(&mut self, i: usize, v: f64) {
        self.sum[i] += v;
        self.n[i] += 1;
    }
    fn mean(&self, i: usize) -> Option<f64> {
        (self.n[i] > 0).then(|| self.sum[i] / self.n[i] as f64)
    }
    /// Candidates ordered best first (never tried ones last).
    fn ranking(&self) -> Vec<usize> {
        let mut idx: Vec<usize> = (0..self.sum.len()).collect();
        idx.sort_by(|a, b| {
            let (x, y) = (self.mean(*a).unwrap_or(f64::MIN), self.mean(*b).unwrap_or(f64::MIN));
            y.partial_cmp(&x).unwrap_or(std::cmp::Ordering::Equal)
        });
        idx
    }
    fn best(&self) -> Option<usize> {
        self.ranking().into_iter().next().filter(|i| self.n[*i] > 0)
    }
}

/// A world in which `answer` (in the info set's names) was given, or `None` if refused there.
fn world_after(info: &InfoSet, world: &World, answer: &[Choice]) -> Option<engine::Game> {
    after(&world.game, info.seat, &world.answer(answer))
}

/// The first meld: each card tried in a few deals, everyone else melding at random.
fn choose_first_meld(info: &InfoSet, cands: &[Vec<Choice>], deals: usize, w: &Weights, rng: &mut ChaCha8Rng) -> Option<Vec<Choice>> {
    let mut scores = Scores::new(cands.len());
    for _ in 0..deals {
        for (i, a) in cands.iter().enumerate() {
            let Some(Choice::Card(c)) = a.first() else { continue };
            let Some(world) = info.first_meld_world(*c, rng) else { continue };
            let mut g = world.game;
            finish_action(&mut g, w, rng);
            scores.add(i, evaluate(g.state(), info.seat, w));
        }
    }
    scores.best().map(|i| cands[i].clone())
}

/// The basic player: tries every answer in a few deals of the hidden cards,
/// finishes the action with the greedy policy for everyone, and keeps the
/// answer whose result it likes best on average (one step of lookahead).
#[derive(Clone, Debug)]
pub struct BasicPlayer {
    pub deals: usize,
    pub weights: Weights,
}

impl Default for BasicPlayer {
    fn default() -> Self {
        BasicPlayer { deals: 2, weights: Weights::default() }
    }
}

/// Scores candidates one step ahead over `deals` deals; `None` if no deal was found.
fn one_step(info: &InfoSet, cands: &[Vec<Choice>], deals: usize, w: &Weights, rng: &mut ChaCha8Rng) -> Option<Scores> {
    let mut scores = Scores::new(cands.len());
    let mut found = false;
    for _ in 0..deals {
        let Some(world) = info.sample_world(rng) else { continue };
        found = true;
        for (i, a) in cands.iter().enumerate() {
            let Some(mut g) = world_after(info, &world, a) else { continue };
            finish_action(&mut g, w, rng);
            scores.add(i, evaluate(g.state(), info.seat, w));
        }
    }
    found.then_some(scores)
}

impl Player for BasicPlayer {
    fn name(&self) -> String {
        "basic".into()
    }
    fn choose(&mut self, info: &InfoSet, rng: &mut ChaCha8Rng) -> Option<Vec<Choice>> {
        let cands = candidates(&info.prompt, &info.refused, rng);
        if cands.len() <= 1 {
            return cands.into_iter().next();
        }
        if info.phase == Phase::FirstMeld {
            return choose_first_meld(info, &cands, self.deals.max(4), &self.weights, rng).or_else(|| cands.first().cloned());
        }
        match one_step(info, &cands, self.deals, &self.weights, rng) {
            Some(s) => s.best().map(|i| cands[i].clone()),
            // No deal agrees with what was seen (it should not happen): any legal answer.
            None => cands.choose(rng).cloned(),
        }
    }
}

/// How much thinking the strong player does per question.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many rollouts (deterministic for a given seed).
    Rollouts(usize),
    /// As many rollouts as fit in this time (at least one round).
    Time(Duration),
}

/// The strong player: determinized Monte Carlo. It ranks the answers one
/// step ahead like the basic player, keeps the best few, then plays each of
/// them on fresh deals of the hidden cards, followed by `horizon` more
/// actions of greedy play by everyone, and keeps the answer with the best
/// average result (wins and losses count as ±[`crate::eval::WIN`]).
#[derive(Clone, Debug)]
pub struct StrongPlayer {
    pub budget: Budget,
    /// Actions played after the answer in each rollout.
    pub horizon: usize,
    /// Answers kept after the one-step ranking.
    pub width: usize,
    pub weights: Weights,
}

impl Default for StrongPlayer {
    fn default() -> Self {
        StrongPlayer { budget: Budget::Rollouts(48), horizon: 4, width: 4, weights: Weights::default() }
    }
}

impl Player for StrongPlayer {
    fn name(&self) -> String {
        "strong".into()
    }
    fn choose(&mut self, info: &InfoSet, rng: &mut ChaCha8Rng) -> Option<Vec<Choice>> {
        let start = Instant::now();
        let w = &self.weights;
        let cands = candidates(&info.prompt, &info.refused, rng);
        if cands.len() <= 1 {
            return cands.into_iter().next();
        }
        if info.phase == Phase::FirstMeld {
            return choose_first_meld(info, &cands, 8, w, rng).or_else(|| cands.first().cloned());
        }
        let Some(first) = one_step(info, &cands, 2, w, rng) else { return cands.choose(rng).cloned() };
        let kept: Vec<usize> = first.ranking().into_iter().filter(|i| first.n[*i] > 0).take(self.width).collect();
        if kept.len() <= 1 {
            return kept.first().map(|i| cands[*i].clone());
        }
        let mut scores = Scores::new(cands.len());
        let mut done = 0;
        loop {
            let enough = match self.budget {
                Budget::Rollouts(n) => done >= n,
                Budget::Time(t) => done > 0 && start.elapsed() >= t,
            };
            if enough {
                break;
            }
            let Some(world) = info.sample_world(rng) else { break };
            // The same deal and the same dice for every answer: differences come from the answers.
            let seed: u64 = rng.gen();
            for i in &kept {
                let mut r = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
                let Some(mut g) = world_after(info, &world, &cands[*i]) else { continue };
                rollout(&mut g, self.horizon, w, &mut r);
                scores.add(*i, evaluate(g.state(), info.seat, w));
                done += 1;
            }
        }
        scores.best().or_else(|| kept.first().copied()).map(|i| cands[i].clone())
    }
}

//! Computer players for Innovation.
//!
//! * [`players::RandomPlayer`]: random legal answers (a baseline).
//! * [`players::BasicPlayer`]: one step of lookahead on a few deals of the
//!   hidden cards, with a position evaluation ([`eval`]).
//! * [`players::StrongPlayer`]: determinized Monte Carlo rollouts with a
//!   budget per question.
//!
//! Both thinking players push a game that goes long toward its end
//! ([`pace`]), so two of them never trade the same actions forever.
//!
//! A computer player decides only from what its seat may see: [`info`] is the
//! boundary. It turns a game into an [`info::InfoSet`] in which every card the
//! seat cannot see has been renamed, and players get nothing else. To play in
//! a game, wrap a player in a [`Computer`] (or call [`decide`]).

pub mod candidates;
pub mod eval;
pub mod info;
pub mod pace;
pub mod players;
pub mod search;

use engine::{Choice, Decision, Game, GameError, PlayerId};
use info::Observer;
use players::{BasicPlayer, Budget, Player, RandomPlayer, StrongPlayer};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

#[derive(Debug, Error, PartialEq)]
pub enum AiError {
    #[error("seat {0} is not being asked anything")]
    NotAsked(PlayerId),
    #[error("the game's decisions could not be replayed: {0}")]
    History(String),
    #[error("no answer is left to give to \"{0}\" (every one was refused)")]
    NoAnswer(String),
    #[error("the game refused the computer's answer: {0}")]
    Refused(GameError),
    #[error("unknown computer player {0:?} (random, basic or strong, as in strong:rollouts=64:horizon=4 or strong:ms=500)")]
    Spec(String),
}

/// Which computer player, with its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Random,
    Basic { deals: usize },
    Strong { budget: Budget, horizon: usize, width: usize },
}

impl Kind {
    pub fn basic() -> Kind {
        let d = BasicPlayer::default();
        Kind::Basic { deals: d.deals }
    }
    pub fn strong() -> Kind {
        let d = StrongPlayer::default();
        Kind::Strong { budget: d.budget, horizon: d.horizon, width: d.width }
    }
    /// A new player of this kind.
    pub fn player(&self) -> Box<dyn Player> {
        match self {
            Kind::Random => Box::new(RandomPlayer),
            Kind::Basic { deals } => Box::new(BasicPlayer { deals: *deals, ..BasicPlayer::default() }),
            Kind::Strong { budget, horizon, width } => {
                Box::new(StrongPlayer { budget: *budget, horizon: *horizon, width: *width, ..StrongPlayer::default() })
            }
        }
    }
}

impl FromStr for Kind {
    type Err = AiError;
    /// `random`, `basic`, `basic:deals=3`, `strong`, `strong:rollouts=64:horizon=4:width=4`, `strong:ms=500`.
    fn from_str(s: &str) -> Result<Kind, AiError> {
        let err = || AiError::Spec(s.to_string());
        let (name, params) = s.trim().split_once(':').unwrap_or((s.trim(), ""));
        let mut kind = match name.to_ascii_lowercase().as_str() {
            "random" => Kind::Random,
            "basic" | "computer" | "ai" => Kind::basic(),
            "strong" => Kind::strong(),
            _ => return Err(err()),
        };
        for p in params.split(':').map(str::trim).filter(|p| !p.is_empty()) {
            let (k, v) = p.split_once('=').ok_or_else(err)?;
            let v: u64 = v.trim().parse().map_err(|_| err())?;
            match (&mut kind, k.trim()) {
                (Kind::Basic { deals }, "deals") => *deals = (v as usize).max(1),
                (Kind::Strong { budget, .. }, "rollouts") => *budget = Budget::Rollouts(v as usize),
                (Kind::Strong { budget, .. }, "ms") => *budget = Budget::Time(Duration::from_millis(v)),
                (Kind::Strong { horizon, .. }, "horizon") => *horizon = v as usize,
                (Kind::Strong { width, .. }, "width") => *width = (v as usize).max(1),
                _ => return Err(err()),
            }
        }
        Ok(kind)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::Random => write!(f, "random"),
            Kind::Basic { deals } => write!(f, "basic:deals={deals}"),
            Kind::Strong { budget: Budget::Rollouts(n), horizon, width } => {
                write!(f, "strong:rollouts={n}:horizon={horizon}:width={width}")
            }
            Kind::Strong { budget: Budget::Time(t), horizon, width } => {
                write!(f, "strong:ms={}:horizon={horizon}:width={width}", t.as_millis())
            }
        }
    }
}

/// A computer player seated in one game: the player, its view of the game's
/// history and its own seeded dice. Deterministic for a given seed (except
/// with a time budget).
pub struct Computer {
    player: Box<dyn Player>,
    observer: Observer,
    rng: ChaCha8Rng,
}

impl Computer {
    pub fn new(kind: Kind, seed: u64) -> Computer {
        Computer::with_player(kind.player(), seed)
    }
    /// Any player, such as a [`players::BasicPlayer`] with its own weights.
    pub fn with_player(player: Box<dyn Player>, seed: u64) -> Computer {
        Computer { player, observer: Observer::new(), rng: ChaCha8Rng::seed_from_u64(seed) }
    }
    pub fn name(&self) -> String {
        self.player.name()
    }
    /// For a game that began from an arranged table (`Game::from_state`).
    pub fn for_arranged_game(kind: Kind, seed: u64, origin: engine::State) -> Computer {
        Computer::new(kind, seed).arranged(origin)
    }
    /// This computer, told that its game began from an arranged table (`Game::from_state`).
    pub fn arranged(self, origin: engine::State) -> Computer {
        Computer { observer: Observer::from_arranged(origin), ..self }
    }

    /// The answer for `seat` to the question it is asked, avoiding answers already `refused`.
    pub fn decide(&mut self, game: &Game, seat: PlayerId, refused: &[Vec<Choice>]) -> Result<Decision, AiError> {
        let (info, unmask) = match self.observer.observe(game, seat, refused) {
            Ok(x) => x,
            // The history cannot be followed (a game arranged without telling the
            // observer): answer at random rather than not at all.
            Err(AiError::History(_)) => {
                let prompt = game.prompt_for(seat).ok_or(AiError::NotAsked(seat))?;
                let answer = candidates::candidates(prompt, refused, &mut self.rng)
                    .choose(&mut self.rng)
                    .cloned()
                    .ok_or_else(|| AiError::NoAnswer(prompt.reason.clone()))?;
                return Ok(Decision::new(seat, answer));
            }
            Err(e) => return Err(e),
        };
        let answer = self.player.choose(&info, &mut self.rng).ok_or_else(|| AiError::NoAnswer(info.prompt.reason.clone()))?;
        Ok(Decision::new(seat, unmask.answer(&answer)))
    }

    /// Decides for `seat` and applies the answer; an answer reaching a card
    /// that is not implemented yet is refused by the game, and another is chosen.
    pub fn play(&mut self, game: &mut Game, seat: PlayerId) -> Result<Decision, AiError> {
        let mut refused: Vec<Vec<Choice>> = Vec::new();
        loop {
            let d = self.decide(game, seat, &refused)?;
            match game.apply(d.clone()) {
                Ok(()) => return Ok(d),
                Err(GameError::Unimplemented { .. }) if refused.len() < 100 => refused.push(d.answer),
                Err(e) => return Err(AiError::Refused(e)),
            }
        }
    }
}

/// One decision by a computer player of `kind` for `seat`, from scratch
/// (replaying the game's history if needed). Deterministic for a given seed
/// (except with a time budget). The game must have begun with `Game::new`.
pub fn decide(kind: &Kind, game: &Game, seat: PlayerId, seed: u64) -> Result<Decision, AiError> {
    decide_avoiding(kind, game, seat, seed, &[])
}

/// [`decide`], avoiding answers the game already refused for this question
/// (`GameError::Unimplemented`: a card not implemented yet).
pub fn decide_avoiding(kind: &Kind, game: &Game, seat: PlayerId, seed: u64, refused: &[Vec<Choice>]) -> Result<Decision, AiError> {
    Computer::new(kind.clone(), seed).decide(game, seat, refused)
}

/// Decides for `seat` and applies the answer to `game`, choosing again when
/// the game refuses an answer because a card is not implemented yet.
pub fn play(kind: &Kind, game: &mut Game, seat: PlayerId, seed: u64) -> Result<Decision, AiError> {
    Computer::new(kind.clone(), seed).play(game, seat)
}

#[cfg(test)]
mod tests;

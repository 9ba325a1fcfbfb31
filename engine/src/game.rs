//! A game: its configuration plus the decisions made so far. Applying a
//! decision replays the current step from its start with the answers given in
//! it, so the same configuration and decisions always give the same game.

use crate::card::{card, CardDb, CardId, Color, Set, Special};
use crate::ctx::{Ctx, Stop};
use crate::event::Event;
use crate::prompt::{AnswerKind, Choice, Decision, Prompt};
use crate::state::{Outcome, Pile, PlayerId, PlayerState, State, Turn};
use crate::turn;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::sync::Arc;
use thiserror::Error;

/// Everything that fixes a game before the first decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    /// Player names in seat order, clockwise.
    pub players: Vec<String>,
    /// Teams as lists of seats; `None` for every player on their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub teams: Option<Vec<Vec<PlayerId>>>,
    #[serde(default = "default_edition")]
    pub edition: u8,
    /// The expansions in play (the base set always is).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub expansions: BTreeSet<Set>,
    pub seed: u64,
}

fn default_edition() -> u8 {
    4
}

impl GameConfig {
    pub fn new(players: &[&str], seed: u64) -> GameConfig {
        GameConfig { players: players.iter().map(|s| s.to_string()).collect(), teams: None, edition: 4, expansions: BTreeSet::new(), seed }
    }

    /// The same configuration with these expansions.
    pub fn with_expansions(mut self, sets: &[Set]) -> GameConfig {
        self.expansions = sets.iter().copied().collect();
        self
    }

    /// The sets in play: the base set, then the expansions in `Set` order.
    pub fn sets(&self) -> Vec<Set> {
        std::iter::once(Set::Base).chain(self.expansions.iter().copied().filter(|s| *s != Set::Base)).collect()
    }

    /// "The maximum player count for a game with just the base set [is] 5. Each expansion you add
    /// increases that maximum by 1."
    pub fn max_players(&self) -> usize {
        5 + self.sets().len() - 1
    }
}

#[derive(Debug, Error, PartialEq)]
pub enum GameError {
    #[error("a game has 2 to {max} players, not {count}")]
    PlayerCount { count: usize, max: usize },
    #[error("player names must be distinct and not empty")]
    PlayerNames,
    #[error("teams must put every seat on exactly one team")]
    Teams,
    #[error("edition {0} is not supported (only the 4th edition rules are)")]
    Edition(u8),
    #[error("{title} cannot be played yet: {implemented} of its {total} cards are implemented")]
    SetNotPlayable { title: &'static str, implemented: usize, total: usize },
    #[error("nobody can concede before the first meld; cancel the game instead")]
    FirstMeldConcession,
    #[error("the game is over")]
    Over,
    #[error("{name} is not being asked anything now")]
    NotAsked { name: String },
    #[error("illegal answer to \"{reason}\": {problem}")]
    Illegal { reason: String, problem: String },
    #[error("{title} is not implemented yet")]
    Unimplemented { title: String },
    #[error("the decision log does not fit the game: {0}")]
    Desync(String),
}

#[derive(Clone, Debug)]
enum Phase {
    /// Everyone chooses one of their two cards at the same time.
    FirstMeld {
        chosen: Vec<Option<CardId>>,
    },
    Playing,
}

/// A game in progress or over.
#[derive(Clone, Debug)]
pub struct Game {
    config: GameConfig,
    names: Arc<Vec<String>>,
    phase: Phase,
    /// The table at the start of the current step.
    snapshot: State,
    /// The table now (the snapshot with the current step's answers applied).
    state: State,
    step_answers: Vec<Decision>,
    decisions: Vec<Decision>,
    pending: Vec<Prompt>,
    events: Vec<Event>,
    step_events: Vec<Event>,
    /// Write no event texts (the state is the same either way).
    quiet: bool,
    /// Scratch table a step is replayed on (kept to reuse its memory).
    work: State,
    /// What the latest decision did, for taking it back (see `undo.rs`).
    pub(crate) ledger: crate::undo::Ledger,
    /// Cards revealed so far in the step that waits (their identity is public).
    revealed: Vec<CardId>,
}

impl Game {
    /// Sets up a new game: shuffled decks, one achievement of each age 1 to 10,
    /// the special achievements, two cards to each player; then everyone is asked for their first meld.
    pub fn new(config: GameConfig) -> Result<Game, GameError> {
        for set in config.sets() {
            let (implemented, total) = crate::cards::implemented_in(set);
            if implemented < total {
                return Err(GameError::SetNotPlayable { title: set.title(), implemented, total });
            }
        }
        Self::start(config)
    }

    /// Sets up a game of any sets, played or not (rules tests use cards without effects).
    fn start(config: GameConfig) -> Result<Game, GameError> {
        let state = Self::setup(&config)?;
        let state_copy = state.clone();
        let names = Arc::new(config.players.clone());
        let n = config.players.len();
        let mut g = Game {
            config,
            names,
            phase: Phase::FirstMeld { chosen: vec![None; n] },
            snapshot: state.clone(),
            state,
            step_answers: Vec::new(),
            decisions: Vec::new(),
            pending: Vec::new(),
            events: Vec::new(),
            step_events: Vec::new(),
            quiet: false,
            work: state_copy,
            ledger: Default::default(),
            revealed: Vec::new(),
        };
        g.ask_first_melds();
        Ok(g)
    }

    /// A game that starts from an arranged table (scenarios, tests): no first
    /// meld; play begins with `state.turn`.
    /// Any set may be in play: a card without an implementation stops the game with an error
    /// only when it is executed.
    pub fn from_state(config: GameConfig, state: State) -> Result<Game, GameError> {
        let mut g = Game::start(config)?;
        g.state = state;
        g.phase = Phase::Playing;
        g.snapshot = g.state.clone();
        g.pending.clear();
        g.ledger.arranged = true;
        g.run_steps()?;
        Ok(g)
    }

    /// The table right after setup, before the first meld.
    pub fn initial_state(config: &GameConfig) -> Result<State, GameError> {
        Self::setup(config)
    }

    fn setup(config: &GameConfig) -> Result<State, GameError> {
        let n = config.players.len();
        if !(2..=config.max_players()).contains(&n) {
            return Err(GameError::PlayerCount { count: n, max: config.max_players() });
        }
        let mut seen = std::collections::HashSet::new();
        if config.players.iter().any(|p| p.trim().is_empty() || !seen.insert(p.to_lowercase())) {
            return Err(GameError::PlayerNames);
        }
        if config.edition != 4 {
            return Err(GameError::Edition(config.edition));
        }
        let teams = match &config.teams {
            None => (0..n).map(|p| vec![p]).collect(),
            Some(t) => {
                let mut all: Vec<PlayerId> = t.iter().flatten().copied().collect();
                all.sort();
                if all != (0..n).collect::<Vec<_>>() || t.iter().any(|x| x.is_empty()) {
                    return Err(GameError::Teams);
                }
                t.clone()
            }
        };
        let sets = config.sets();
        let db = CardDb::get();
        let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
        // Base decks first, so a base game deals as it always has; the Age 0 deck stays in the box.
        let mut decks: Vec<crate::state::Decks> = Vec::with_capacity(sets.len());
        for set in &sets {
            let mut of_set: crate::state::Decks = Default::default();
            for age in 1..=11u8 {
                let mut d = db.of_set_and_age(*set, age).to_vec();
                d.shuffle(&mut rng);
                of_set[age as usize] = d;
            }
            decks.push(of_set);
        }
        let base = &mut decks[0];
        let achievements = (1..=10).filter_map(|a| base[a].pop()).collect();
        let mut players: Vec<PlayerState> = (0..n).map(|_| PlayerState::default()).collect();
        for ps in players.iter_mut() {
            for _ in 0..2 {
                ps.hand.push(base[1].pop().expect("age 1 has enough cards"));
            }
        }
        Ok(State {
            players,
            decks,
            age_zero: false,
            // Drawn after every shuffle, so the decks deal as they always have.
            coin: rand::Rng::gen(&mut rng),
            coin_flips: Vec::new(),
            achievements,
            specials: Special::in_play(&sets),
            junk: Vec::new(),
            junked_specials: Vec::new(),
            decrees: if sets.contains(&Set::Figures) { Color::ALL.to_vec() } else { Vec::new() },
            museums: if sets.contains(&Set::Artifacts) { (1..=5).collect() } else { Vec::new() },
            sets: crate::card::SetList::of(&sets),
            turn: Turn::new(0, 1, 0),
            teams,
            result: None,
            set_aside: Vec::new(),
        })
    }

    fn ask_first_melds(&mut self) {
        let Phase::FirstMeld { chosen } = &self.phase else { return };
        self.pending = (0..self.state.players.len())
            .filter(|p| chosen[*p].is_none())
            .map(|p| Prompt {
                player: p,
                kind: AnswerKind::Cards,
                options: self.state.players[p].hand.iter().map(|c| Choice::Card(*c)).collect(),
                min: 1,
                max: 1,
                reason: "choose your first card to meld (everyone chooses at the same time)".into(),
                on_behalf_of: None,
                about: None,
            })
            .collect();
    }

    /// Rebuilds a game from its configuration and decisions.
    pub fn replay(config: GameConfig, decisions: &[Decision]) -> Result<Game, GameError> {
        let mut g = Game::new(config)?;
        for d in decisions {
            g.apply(d.clone())?;
        }
        Ok(g)
    }

    /// A quiet game writes no events and keeps no record for taking a move back: for simulations
    /// and look-ahead, where nobody reads them or takes anything back.
    pub fn set_quiet(&mut self, quiet: bool) {
        self.quiet = quiet;
    }

    // ---------- reading ----------

    pub fn config(&self) -> &GameConfig {
        &self.config
    }
    pub fn names(&self) -> &[String] {
        &self.names
    }
    /// The full table, hidden cards included (not for players: use `view`).
    pub fn state(&self) -> &State {
        &self.state
    }
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }
    /// The questions waiting for answers (none when the game is over).
    pub fn prompts(&self) -> &[Prompt] {
        &self.pending
    }
    pub fn prompt_for(&self, p: PlayerId) -> Option<&Prompt> {
        self.pending.iter().find(|x| x.player == p)
    }
    pub fn result(&self) -> Option<&Outcome> {
        self.state.result.as_ref()
    }
    /// Whether the game is in its simultaneous first meld.
    pub fn in_first_meld(&self) -> bool {
        matches!(self.phase, Phase::FirstMeld { .. })
    }
    pub fn is_over(&self) -> bool {
        self.state.result.is_some()
    }
    /// The table, when the game can go on from it alone with [`Game::from_state`]: at the start
    /// of an action (no step half answered), after the first meld, and before the end.
    pub fn resumable_state(&self) -> Option<&State> {
        let at_action = matches!(self.pending.as_slice(), [p] if p.kind == AnswerKind::Action) && self.step_answers.is_empty();
        (matches!(self.phase, Phase::Playing) && at_action && !self.is_over()).then_some(&self.state)
    }
    /// Cards revealed during the step in progress (the current action), whose identity is public.
    pub fn revealed_now(&self) -> &[CardId] {
        &self.revealed
    }
    /// Every event so far, in order (those of the step in progress last).
    pub fn events(&self) -> impl Iterator<Item = &Event> {
        self.events.iter().chain(self.step_events.iter())
    }
    pub fn event_count(&self) -> usize {
        self.events.len() + self.step_events.len()
    }
    pub fn player_by_name(&self, name: &str) -> Option<PlayerId> {
        self.names.iter().position(|n| n.eq_ignore_ascii_case(name))
    }

    // ---------- deciding ----------

    /// Applies one player's answer. An illegal answer returns an error and changes nothing.
    pub fn apply(&mut self, d: Decision) -> Result<(), GameError> {
        if self.quiet {
            return self.apply_answer(d);
        }
        let entry = crate::undo::Entry::before(self, &d);
        self.ledger.fresh.clear();
        self.apply_answer(d)?;
        self.ledger.applied(entry);
        Ok(())
    }

    fn apply_answer(&mut self, d: Decision) -> Result<(), GameError> {
        if self.is_over() {
            return Err(GameError::Over);
        }
        let name = self.names.get(d.player).cloned().unwrap_or_else(|| format!("seat {}", d.player));
        if d.is_concession() {
            if self.state.players.get(d.player).is_none_or(|ps| ps.eliminated) {
                return Err(GameError::NotAsked { name });
            }
            if matches!(self.phase, Phase::FirstMeld { .. }) {
                return Err(GameError::FirstMeldConcession);
            }
            return self.apply_in_step(d);
        }
        let prompt = self.prompt_for(d.player).ok_or(GameError::NotAsked { name })?;
        prompt.check(&d.answer).map_err(|problem| GameError::Illegal { reason: prompt.reason.clone(), problem })?;
        match &mut self.phase {
            Phase::FirstMeld { chosen } => {
                let Some(Choice::Card(c)) = d.answer.first() else { unreachable!("checked above") };
                chosen[d.player] = Some(*c);
                self.decisions.push(d);
                if chosen.iter().all(|c| c.is_some()) {
                    let cards: Vec<CardId> = chosen.iter().map(|c| c.expect("all chosen")).collect();
                    let mut st = self.state.clone();
                    let mut ctx = Ctx::new(&mut st, &self.names, &[]);
                    turn::first_meld(&mut ctx, &cards);
                    let events = std::mem::take(&mut ctx.events);
                    self.ledger.fresh.append(&mut ctx.trace);
                    self.events.extend(events);
                    self.state = st;
                    self.snapshot = self.state.clone();
                    self.phase = Phase::Playing;
                    self.pending.clear();
                    self.run_steps()?;
                } else {
                    self.ask_first_melds();
                }
                Ok(())
            }
            Phase::Playing => self.apply_in_step(d),
        }
    }

    fn apply_in_step(&mut self, d: Decision) -> Result<(), GameError> {
        self.step_answers.push(d.clone());
        match self.run_steps() {
            Ok(()) => {
                self.decisions.push(d);
                Ok(())
            }
            Err(e) => {
                // run_steps changed nothing: only the answer is taken back.
                self.step_answers.pop();
                Err(e)
            }
        }
    }

    /// Replays the current step with its answers; finished steps are committed
    /// and the next begins, until a question waits or the game is over.
    fn run_steps(&mut self) -> Result<(), GameError> {
        // Work on copies and commit only at the end, so an error changes nothing.
        let mut snapshot: Option<State> = None;
        let mut answers: &[Decision] = &self.step_answers;
        let mut done_events: Vec<Event> = Vec::new();
        loop {
            self.work.clone_from(snapshot.as_ref().unwrap_or(&self.snapshot));
            let mut ctx = Ctx::new(&mut self.work, &self.names, answers);
            ctx.quiet = self.quiet;
            let r = turn::action_step(&mut ctx);
            let unused = ctx.unused_answers();
            let events = std::mem::take(&mut ctx.events);
            let trace = std::mem::take(&mut ctx.trace);
            let revealed = std::mem::take(&mut ctx.revealed);
            if unused > 0 && !matches!(r, Err(Stop::GameOver(_))) {
                return Err(GameError::Desync("an answer was given that no question asked for".into()));
            }
            match r {
                Ok(()) => {
                    if !self.quiet {
                        self.ledger.ran(&trace, snapshot.is_none());
                    }
                    done_events.extend(events);
                    snapshot = Some(self.work.clone());
                    answers = &[];
                }
                Err(Stop::Ask(p)) => {
                    if !self.quiet {
                        self.ledger.waits(&trace, snapshot.is_none());
                    }
                    let stepped = snapshot.is_some();
                    if let Some(s) = snapshot {
                        self.snapshot = s;
                    }
                    if stepped {
                        self.step_answers.clear();
                    }
                    self.events.extend(done_events);
                    self.step_events = events;
                    std::mem::swap(&mut self.state, &mut self.work);
                    self.pending.clear();
                    self.pending.push(p);
                    self.revealed = revealed;
                    return Ok(());
                }
                Err(Stop::GameOver(o)) => {
                    if !self.quiet {
                        self.ledger.ran(&trace, snapshot.is_none());
                    }
                    done_events.extend(events);
                    self.events.extend(done_events);
                    self.step_events.clear();
                    self.step_answers.clear();
                    self.work.result = Some(o);
                    self.revealed.clear();
                    self.snapshot = self.work.clone();
                    std::mem::swap(&mut self.state, &mut self.work);
                    self.pending.clear();
                    return Ok(());
                }
                Err(Stop::Unimplemented(c)) => return Err(GameError::Unimplemented { title: card(c).title.clone() }),
                Err(Stop::Desync(s)) => return Err(GameError::Desync(s)),
                Err(Stop::Lost(p)) => return Err(GameError::Desync(format!("seat {p} lost outside any action"))),
                Err(Stop::ActionComplete) => return Err(GameError::Desync("an action was completed outside any action".into())),
                Err(Stop::SentenceEnd) => return Err(GameError::Desync("a sentence ended outside its execution".into())),
                Err(Stop::Endless) => return Err(GameError::Desync("an effect repeated without end outside any effect".into())),
            }
        }
    }

    /// A player concedes: treated as losing by an effect (their cards are
    /// junked, they leave turn order). It takes effect where the game waits now.
    pub fn concede(&mut self, p: PlayerId) -> Result<(), GameError> {
        self.apply(Decision::concede(p))
    }
}

impl Pile {
    /// Top card first, as scenarios and views write piles.
    pub fn top_first(&self) -> Vec<CardId> {
        self.cards.iter().rev().copied().collect()
    }
}

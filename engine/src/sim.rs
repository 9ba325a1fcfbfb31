//! Random play and the invariants every table must keep: the simulator's
//! engine (the `innovation simulate` command drives it over many games).

use crate::card::{card, CardDb, Color, Set};
use crate::game::{Game, GameConfig, GameError};
use crate::prompt::{AnswerKind, Choice, Decision, Prompt};
use crate::state::{Splay, State, WinReason};
use crate::view::Face;
use crate::zone::Zone;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random legal answer to `prompt`.
pub fn random_answer(prompt: &Prompt, rng: &mut impl Rng) -> Vec<Choice> {
    let mut opts = prompt.options.clone();
    let n = if prompt.kind == AnswerKind::Order { opts.len() } else { rng.gen_range(prompt.min..=prompt.max.min(opts.len())) };
    (0..n).map(|_| opts.remove(rng.gen_range(0..opts.len()))).collect()
}

/// A random legal decision for one of the waiting questions.
pub fn random_decision(game: &Game, rng: &mut impl Rng) -> Option<Decision> {
    let prompts = game.prompts();
    if prompts.is_empty() {
        return None;
    }
    let p = &prompts[rng.gen_range(0..prompts.len())];
    Some(Decision::new(p.player, random_answer(p, rng)))
}

/// How thoroughly each decision is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checks {
    /// No checks (for measuring speed).
    None,
    /// The table invariants and hidden information after every decision (views, and the words
    /// of every question: [`crate::public`]), replay at the end.
    Table,
    /// Also apply every offered answer of every question on a copy and see it accepted.
    Full,
    /// The table checks, and every decision that may be taken back is taken back and the
    /// result compared with the game before it (see [`crate::undo::check_undo`]).
    Undo,
}

/// One simulated game.
#[derive(Clone, Debug)]
pub struct SimGame {
    pub config: GameConfig,
    pub decisions: Vec<Decision>,
    pub result: Option<crate::state::Outcome>,
    pub capped: bool,
    pub failure: Option<String>,
    /// Answers refused because they reached a card without an implementation.
    pub unimplemented: usize,
    /// Decisions taken back and found to give the game before them (with [`Checks::Undo`]).
    pub undos: usize,
}

/// The configuration and answer seed of game `index` of a run with base seed `seed`.
pub fn game_seeds(seed: u64, index: u64) -> (u64, u64) {
    let mut r = ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    (r.gen(), r.gen())
}

pub fn seat_names(n: usize) -> Vec<String> {
    ["ann", "bo", "cy", "di", "ed"][..n].iter().map(|s| s.to_string()).collect()
}

/// Teams for a simulated team game: partners sit across.
pub fn sim_teams(n: usize) -> Option<Vec<Vec<usize>>> {
    match n {
        3 => Some(vec![vec![0], vec![1, 2]]),
        4 => Some(vec![vec![0, 2], vec![1, 3]]),
        5 => Some(vec![vec![0, 2], vec![1, 3], vec![4]]),
        _ => None,
    }
}

pub fn sim_config(players: usize, teams: bool, seed: u64, index: u64) -> (GameConfig, u64) {
    sim_config_with(players, teams, seed, index, &[])
}

/// A simulated game's configuration with expansions.
pub fn sim_config_with(players: usize, teams: bool, seed: u64, index: u64, expansions: &[Set]) -> (GameConfig, u64) {
    let (config_seed, answer_seed) = game_seeds(seed, index);
    let config = GameConfig {
        players: seat_names(players),
        teams: if teams { sim_teams(players) } else { None },
        edition: 4,
        expansions: expansions.iter().copied().collect(),
        seed: config_seed,
    };
    (config, answer_seed)
}

/// Plays one game with random answers until it ends or `cap` decisions.
/// `trace` is called after every applied decision.
pub fn play_random(config: GameConfig, answer_seed: u64, cap: usize, checks: Checks, trace: impl FnMut(&Game, &Decision)) -> SimGame {
    play_random_from(config, None, answer_seed, cap, checks, trace)
}

/// [`play_random`] from an arranged table (`Game::from_state`), or from a new game with `None`.
pub fn play_random_from(
    config: GameConfig,
    origin: Option<State>,
    answer_seed: u64,
    cap: usize,
    checks: Checks,
    mut trace: impl FnMut(&Game, &Decision),
) -> SimGame {
    let mut out =
        SimGame { config: config.clone(), decisions: Vec::new(), result: None, capped: false, failure: None, unimplemented: 0, undos: 0 };
    let start = |config: GameConfig| match &origin {
        Some(st) => Game::from_state(config, st.clone()),
        None => Game::new(config),
    };
    let mut game = match start(config) {
        Ok(g) => g,
        Err(e) => {
            out.failure = Some(format!("setup: {e}"));
            return out;
        }
    };
    // Events are only written when someone reads them (a trace, or the checks).
    game.set_quiet(checks == Checks::None);
    let mut rng = ChaCha8Rng::seed_from_u64(answer_seed);
    let mut refusals_in_a_row = 0;
    let mut public = crate::public::PublicKnowledge::new();
    while !game.is_over() {
        if game.decisions().len() >= cap {
            out.capped = true;
            break;
        }
        if checks == Checks::Full {
            if let Err(e) = every_answer_accepted(&game) {
                out.failure = Some(e);
                break;
            }
        }
        let Some(d) = random_decision(&game, &mut rng) else {
            out.failure = Some("the game is not over but asks nothing".into());
            break;
        };
        let before = (checks == Checks::Undo).then(|| game.clone());
        match game.apply(d.clone()) {
            Ok(()) => refusals_in_a_row = 0,
            Err(GameError::Unimplemented { .. }) => {
                out.unimplemented += 1;
                refusals_in_a_row += 1;
                if refusals_in_a_row > 1000 {
                    out.failure = Some("only unimplemented cards can be played".into());
                    break;
                }
                continue;
            }
            Err(e) => {
                out.failure = Some(format!("decision {} ({:?}) refused: {e}", game.decisions().len() + 1, d));
                break;
            }
        }
        trace(&game, &d);
        if let Some(before) = before {
            match crate::undo::check_undo(&before, &game) {
                Ok(tried) => out.undos += usize::from(tried),
                Err(e) => {
                    out.failure = Some(format!("after decision {}: {e}", game.decisions().len()));
                    break;
                }
            }
        }
        if checks != Checks::None {
            if let Err(e) = check_table(&game).and_then(|()| public.check(&game)) {
                out.failure = Some(format!("after decision {}: {e}", game.decisions().len()));
                break;
            }
        }
    }
    if out.failure.is_none() && checks != Checks::None {
        let replayed =
            start(game.config().clone()).and_then(|mut r| game.decisions().iter().try_for_each(|d| r.apply(d.clone())).map(|()| r));
        match replayed {
            Ok(r) => {
                if format!("{:?}", r.state()) != format!("{:?}", game.state()) || r.prompts() != game.prompts() {
                    out.failure = Some("replaying the decisions gave a different game".into());
                }
            }
            Err(e) => out.failure = Some(format!("replaying the decisions failed: {e}")),
        }
    }
    out.decisions = game.decisions().to_vec();
    out.result = game.result().cloned();
    out
}

/// Every offered answer of every waiting question is accepted when applied (on a copy).
pub fn every_answer_accepted(game: &Game) -> Result<(), String> {
    for p in game.prompts() {
        let answers: Vec<Vec<Choice>> = if p.max == 1 && p.kind != AnswerKind::Order {
            let mut v: Vec<Vec<Choice>> = p.options.iter().map(|o| vec![o.clone()]).collect();
            if p.min == 0 {
                v.push(Vec::new());
            }
            v
        } else {
            vec![p.options.iter().take(p.max).cloned().collect()]
        };
        for a in answers {
            if a.len() < p.min {
                continue;
            }
            let mut copy = game.clone();
            match copy.apply(Decision::new(p.player, a.clone())) {
                Ok(()) | Err(GameError::Unimplemented { .. }) => {}
                Err(e) => return Err(format!("offered answer {a:?} to \"{}\" was refused: {e}", p.reason)),
            }
        }
    }
    Ok(())
}

/// The invariants of the table, and what each player's view shows.
pub fn check_table(game: &Game) -> Result<(), String> {
    let st = game.state();
    let mut all = st.all_cards();
    let n = CardDb::get().cards.iter().filter(|c| st.has(c.set) && (c.age > 0 || st.age_zero)).count();
    if all.len() != n {
        return Err(format!("{} cards on the table instead of {n}", all.len()));
    }
    all.sort();
    all.dedup();
    if all.len() != n {
        return Err("a card is in two places".into());
    }
    for (p, ps) in st.players.iter().enumerate() {
        for col in Color::ALL {
            let pile = ps.pile(col);
            if let Some(c) = pile.cards.iter().find(|c| card(**c).color != col) {
                return Err(format!("{} lies in seat {p}'s {col} pile", card(*c).title));
            }
            if pile.len() < 2 && pile.splay != Splay::None {
                return Err(format!("seat {p}'s {col} pile of {} card(s) is splayed", pile.len()));
            }
        }
        if ps.eliminated && (!ps.all_cards().is_empty() || !ps.achievements.is_empty()) {
            return Err(format!("seat {p} lost but still has cards"));
        }
        if ps.display.is_some_and(|c| !card(c).is_artifact()) {
            return Err(format!("seat {p} has a card on display that is not an Artifact"));
        }
    }
    // Martian Internet: every table set aside for a game within the game has every seat, with
    // piles of their own colour; the views count its cards.
    let view = game.view(None);
    if view.set_aside.len() != st.set_aside.len() {
        return Err("the view shows the wrong number of games within the game".into());
    }
    for (frame, fv) in st.set_aside.iter().zip(&view.set_aside) {
        if frame.players.len() != st.players.len() {
            return Err("a table set aside has the wrong number of seats".into());
        }
        for (p, ps) in frame.players.iter().enumerate() {
            if fv.cards.get(p) != Some(&ps.all_cards().len()) {
                return Err(format!("the view counts seat {p}'s cards set aside wrong"));
            }
            if Color::ALL.iter().any(|col| ps.pile(*col).cards.iter().any(|c| card(*c).color != *col)) {
                return Err(format!("seat {p}'s board set aside has a card in the wrong pile"));
            }
        }
    }
    for set in Set::ALL {
        for a in 0..=11u8 {
            if let Some(c) = st.deck(set, a).iter().find(|c| card(**c).age != a || card(**c).set != set) {
                return Err(format!("{} lies in the {set} {a} deck", card(*c).title));
            }
        }
    }
    for viewer in 0..st.players.len() {
        let v = game.view(Some(viewer));
        // Hitchhiking: a player asked on another's behalf sees that player's cards.
        let proxy = game.prompt_for(viewer).and_then(|p| p.on_behalf_of);
        for pv in &v.players {
            let ps = &st.players[pv.seat];
            let q = pv.seat;
            for (zone, faces, real, z) in [
                ("hand", &pv.hand, &ps.hand, Zone::Hand(q)),
                ("score", &pv.score, &ps.score, Zone::Score(q)),
                ("forecast", &pv.forecast, &ps.forecast, Zone::Forecast(q)),
                ("safe", &pv.safe, &ps.safe, Zone::Safe(q)),
            ] {
                if faces.len() != real.len() {
                    return Err(format!("seat {viewer}'s view of seat {}'s {zone} has the wrong size", pv.seat));
                }
                let sees = z.front_visible_to(Some(viewer)) || (proxy == Some(q) && z.front_visible_to(proxy));
                for (f, c) in faces.iter().zip(real) {
                    let ok = match f {
                        Face::Front(x) => sees && x == c,
                        Face::Back { age, set } => !sees && *age == card(*c).age && *set == card(*c).set,
                    };
                    if !ok {
                        return Err(format!("seat {viewer}'s view of seat {}'s {zone} shows what it should not", pv.seat));
                    }
                }
            }
            if pv.achievements.len() != st.players[pv.seat].achievements.len() {
                return Err("a view shows the wrong number of achievements".into());
            }
        }
    }
    Ok(())
}

/// Tally of a run of simulated games.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Tally {
    pub games: usize,
    pub finished: usize,
    pub capped: usize,
    pub failures: usize,
    pub decisions: usize,
    pub unimplemented_refusals: usize,
    /// Decisions taken back and compared (with [`Checks::Undo`]).
    pub undos: usize,
    pub by_achievements: usize,
    pub by_score: usize,
    pub by_card: usize,
    pub by_elimination: usize,
    /// Wins by seat (a shared or team win counts for each winner).
    pub wins_by_seat: Vec<usize>,
    /// Games played by seat count, to turn wins into rates.
    pub games_by_seat: Vec<usize>,
}

impl Tally {
    pub fn add(&mut self, g: &SimGame) {
        self.games += 1;
        self.decisions += g.decisions.len();
        self.unimplemented_refusals += g.unimplemented;
        self.undos += g.undos;
        let n = g.config.players.len();
        if self.wins_by_seat.len() < n {
            self.wins_by_seat.resize(n, 0);
            self.games_by_seat.resize(n, 0);
        }
        for s in 0..n {
            self.games_by_seat[s] += 1;
        }
        if g.failure.is_some() {
            self.failures += 1;
        } else if g.capped {
            self.capped += 1;
        } else if let Some(r) = &g.result {
            self.finished += 1;
            match r.reason {
                WinReason::Achievements => self.by_achievements += 1,
                WinReason::Score => self.by_score += 1,
                WinReason::Card => self.by_card += 1,
                WinReason::Elimination => self.by_elimination += 1,
            }
            for w in &r.winners {
                self.wins_by_seat[*w] += 1;
            }
        }
    }
    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.finished += o.finished;
        self.capped += o.capped;
        self.failures += o.failures;
        self.decisions += o.decisions;
        self.unimplemented_refusals += o.unimplemented_refusals;
        self.undos += o.undos;
        self.by_achievements += o.by_achievements;
        self.by_score += o.by_score;
        self.by_card += o.by_card;
        self.by_elimination += o.by_elimination;
        let n = self.wins_by_seat.len().max(o.wins_by_seat.len());
        self.wins_by_seat.resize(n, 0);
        self.games_by_seat.resize(n, 0);
        for i in 0..o.wins_by_seat.len() {
            self.wins_by_seat[i] += o.wins_by_seat[i];
            self.games_by_seat[i] += o.games_by_seat[i];
        }
    }
}

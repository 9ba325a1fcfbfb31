//! How the computer players use Cities of Destiny: plays two-player games with
//! the set (seats alternating, on two threads) and prints, per player, its wins
//! and what it did with the set: Endorse actions chosen of those offered, cities
//! melded with a Meld action, and the achievements its flags and fountains were
//! worth at the end.
//!
//!     cargo run --release -p innovation-ai --example cities -- GAMES SEED KIND,KIND
//!
//! A KIND is one of `simulate --ai`'s (`basic`, `random`, `strong:rollouts=8`),
//! or one followed by `-noendorse`: the same player with every Endorse action
//! taken out of its choices of action (to measure what endorsing is worth).

use ai::info::InfoSet;
use ai::players::Player;
use ai::{Computer, Kind};
use engine::card::card;
use engine::sim::sim_config_with;
use engine::{Action, AnswerKind, Choice, Game, Set};
use rand_chacha::ChaCha8Rng;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

const USAGE: &str = "usage: cities GAMES SEED KIND,KIND  (a KIND as in simulate --ai, or KIND-noendorse)";

/// A player that never endorses: Endorse actions are taken out of its choices of action.
struct NoEndorse(Box<dyn Player>);

impl Player for NoEndorse {
    fn name(&self) -> String {
        format!("{}-noendorse", self.0.name())
    }
    fn choose(&mut self, info: &InfoSet, rng: &mut ChaCha8Rng) -> Option<Vec<Choice>> {
        let mut info = info.clone();
        info.prompt.options.retain(|o| !matches!(o, Choice::Action(Action::Endorse(_))));
        self.0.choose(&info, rng)
    }
}

#[derive(Clone)]
struct Entry {
    kind: Kind,
    endorse: bool,
}

impl Entry {
    fn parse(s: &str) -> Result<Entry, String> {
        let (k, endorse) = match s.strip_suffix("-noendorse") {
            Some(k) => (k, false),
            None => (s, true),
        };
        Ok(Entry { kind: k.parse().map_err(|e| format!("{e}"))?, endorse })
    }
    fn name(&self) -> String {
        format!("{}{}", self.kind, if self.endorse { "" } else { "-noendorse" })
    }
    fn computer(&self, seed: u64) -> Computer {
        let p = self.kind.player();
        Computer::with_player(if self.endorse { p } else { Box::new(NoEndorse(p)) }, seed)
    }
}

/// What one player did over a run.
#[derive(Clone, Copy, Default)]
struct Tally {
    games: u64,
    wins: f64,
    /// Choices of action in which an Endorse was offered, and those in which one was chosen.
    endorse_offered: u64,
    endorsed: u64,
    /// Cities melded with a Meld action, and Meld actions in all.
    city_melds: u64,
    melds: u64,
    /// Achievements that flags and fountains were worth at the end of the game.
    city_achievements: u64,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.games += o.games;
        self.wins += o.wins;
        self.endorse_offered += o.endorse_offered;
        self.endorsed += o.endorsed;
        self.city_melds += o.city_melds;
        self.melds += o.melds;
        self.city_achievements += o.city_achievements;
    }
}

fn one_game(lineup: &[Entry], seed: u64, index: u64, t: &mut [Tally]) -> Result<(), String> {
    let (config, answer_seed) = sim_config_with(2, false, seed, index, &[Set::Cities]);
    let mut game = Game::new(config).map_err(|e| e.to_string())?;
    let entry = |seat: usize| (seat + index as usize) % 2;
    let mut seats: Vec<Computer> = (0..2).map(|s| lineup[entry(s)].computer(answer_seed.wrapping_add(s as u64))).collect();
    while !game.is_over() && game.decisions().len() < 5000 {
        let prompt = game.prompts()[0].clone();
        let p = prompt.player;
        let first_meld = game.in_first_meld();
        let d = seats[p].play(&mut game, p).map_err(|e| format!("game {index}: {e}"))?;
        if prompt.kind != AnswerKind::Action || first_meld {
            continue;
        }
        let tally = &mut t[entry(p)];
        if prompt.options.iter().any(|o| matches!(o, Choice::Action(Action::Endorse(_)))) {
            tally.endorse_offered += 1;
        }
        match d.answer.first() {
            Some(Choice::Action(Action::Endorse(_))) => tally.endorsed += 1,
            Some(Choice::Action(Action::Meld(c))) => {
                tally.melds += 1;
                tally.city_melds += card(*c).is_city() as u64;
            }
            _ => {}
        }
    }
    let st = game.state();
    for p in 0..2 {
        let tally = &mut t[entry(p)];
        tally.games += 1;
        tally.city_achievements += (engine::derived::achievement_count(st, p) - st.players[p].achievements.len()) as u64;
        if let Some(r) = game.result().filter(|r| r.winners.contains(&p)) {
            tally.wins += 1.0 / r.winners.len() as f64;
        }
    }
    Ok(())
}

fn run(args: &[String]) -> Result<(), String> {
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).ok_or("GAMES is missing or not a number")?;
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).ok_or("SEED is missing or not a number")?;
    let lineup: Vec<Entry> = args.get(3).ok_or("the lineup is missing")?.split(',').map(Entry::parse).collect::<Result<_, _>>()?;
    if lineup.len() != 2 {
        return Err("the lineup names two players".into());
    }
    let next = Arc::new(AtomicU64::new(0));
    let total = Arc::new(Mutex::new((vec![Tally::default(); 2], Vec::<String>::new())));
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let (lineup, next, total) = (lineup.clone(), next.clone(), total.clone());
            std::thread::spawn(move || {
                let mut t = vec![Tally::default(); 2];
                let mut errors = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    if let Err(e) = one_game(&lineup, seed, i, &mut t) {
                        errors.push(e);
                    }
                }
                let mut all = total.lock().expect("no thread panicked holding it");
                for (a, b) in all.0.iter_mut().zip(&t) {
                    a.add(b);
                }
                all.1.extend(errors);
            })
        })
        .collect();
    for t in threads {
        t.join().map_err(|_| "a thread panicked")?;
    }
    let (tallies, errors) = total.lock().expect("threads are done").clone();
    for e in &errors {
        eprintln!("{e}");
    }
    for (e, t) in lineup.iter().zip(&tallies) {
        let rate = t.wins / t.games.max(1) as f64;
        let margin = 1.96 * (rate * (1.0 - rate) / t.games.max(1) as f64).sqrt();
        println!(
            "{:<44} wins {:>6.1} of {:>4} ({:>5.1}% ± {:.1}); endorsed {} of {} times offered; {} of {} melds were cities; flags and fountains worth {:.2} achievements a game",
            e.name(),
            t.wins,
            t.games,
            100.0 * rate,
            100.0 * margin,
            t.endorsed,
            t.endorse_offered,
            t.city_melds,
            t.melds,
            t.city_achievements as f64 / t.games.max(1) as f64
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

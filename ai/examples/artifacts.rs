//! How the computer players use Artifacts of History: plays two-player games
//! with the set (seats alternating, on two threads) and prints, per player, its
//! wins and what it did with the set: Artifacts dug up, showcases taken of those
//! offered, Artifacts seized and melded from a Museum, Museums claimed.
//!
//!     cargo run --release -p innovation-ai --example artifacts -- GAMES SEED KIND,KIND
//!
//! A KIND is one of `simulate --ai`'s (`basic`, `random`, `strong:rollouts=8`),
//! or `basic-noartifacts`: the basic player with the evaluation's Artifacts
//! terms at zero (to measure what they are worth), or `basic-w:NAME=X:...`:
//! the basic player with some of those terms' weights changed (`display_card`,
//! `display_age`, `museum_card`, `museum_age`, `museum_lead`).
//!
//! Until all of the set's cards are implemented, `Game::new` refuses it: the
//! games then start from an arranged table (the set in play, each player's
//! first meld a random card of their hand) and are played by the set's rules
//! with its cards' effects missing: an answer that would execute an Artifact
//! (a Dogma action on one, the showcase's free Dogma action) is refused by the
//! game and the player chooses again. The first line printed says which.

use ai::players::BasicPlayer;
use ai::{Computer, Kind};
use engine::ctx::Ctx;
use engine::sim::sim_config_with;
use engine::state::Achievement;
use engine::{Action, Choice, Game, Set};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

const USAGE: &str = "usage: artifacts GAMES SEED KIND,KIND  (a KIND as in simulate --ai, basic-noartifacts or basic-w:museum_lead=40:...)";

#[derive(Clone)]
enum Entry {
    Kind(Kind),
    /// The basic player without the evaluation's Artifacts terms.
    BasicNoArtifacts,
    /// The basic player with some Artifacts weights changed, as written.
    BasicWith(String, ai::eval::Weights),
}

impl Entry {
    fn parse(s: &str) -> Result<Entry, String> {
        if s == "basic-noartifacts" {
            return Ok(Entry::BasicNoArtifacts);
        }
        if let Some(rest) = s.strip_prefix("basic-w:") {
            let mut w = ai::eval::Weights::default();
            for kv in rest.split(':') {
                let (k, v) = kv.split_once('=').ok_or(format!("{kv}: NAME=X"))?;
                let v: f64 = v.parse().map_err(|_| format!("{kv}: not a number"))?;
                match k {
                    "display_card" => w.display_card = v,
                    "display_age" => w.display_age = v,
                    "museum_card" => w.museum_card = v,
                    "museum_age" => w.museum_age = v,
                    "museum_lead" => w.museum_lead = v,
                    _ => return Err(format!("unknown weight {k}")),
                }
            }
            return Ok(Entry::BasicWith(s.to_string(), w));
        }
        Ok(Entry::Kind(s.parse().map_err(|e| format!("{e}"))?))
    }
    fn name(&self) -> String {
        match self {
            Entry::Kind(k) => k.to_string(),
            Entry::BasicNoArtifacts => "basic-noartifacts".into(),
            Entry::BasicWith(name, _) => name.clone(),
        }
    }
    fn computer(&self, seed: u64, origin: Option<&engine::State>) -> Computer {
        let player: Box<dyn ai::players::Player> = match self {
            Entry::Kind(k) => k.player(),
            Entry::BasicNoArtifacts => {
                let mut b = BasicPlayer::default();
                let w = &mut b.weights;
                (w.display_card, w.display_age, w.museum_card, w.museum_age, w.museum_lead) = (0.0, 0.0, 0.0, 0.0, 0.0);
                Box::new(b)
            }
            Entry::BasicWith(_, w) => Box::new(BasicPlayer { weights: w.clone(), ..BasicPlayer::default() }),
        };
        let c = Computer::with_player(player, seed);
        match origin {
            Some(st) => c.arranged(st.clone()),
            None => c,
        }
    }
}

/// What one player did over a run.
#[derive(Clone, Copy, Default)]
struct Tally {
    games: u64,
    wins: f64,
    digs: u64,
    showcase_offered: u64,
    showcased: u64,
    seized: u64,
    museum_melds: u64,
    museums_claimed: u64,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.games += o.games;
        self.wins += o.wins;
        self.digs += o.digs;
        self.showcase_offered += o.showcase_offered;
        self.showcased += o.showcased;
        self.seized += o.seized;
        self.museum_melds += o.museum_melds;
        self.museums_claimed += o.museums_claimed;
    }
}

/// Whether all of the set's cards are implemented (`Game::new` accepts it).
fn playable() -> bool {
    let (done, total) = engine::cards::implemented_in(Set::Artifacts);
    done == total
}

/// A game with the set: `Game::new` once it is playable, else an arranged table after a random
/// first meld (returned as the origin the computers are told of).
fn begin(seed: u64, index: u64) -> Result<(Game, Option<engine::State>, u64), String> {
    let (config, answer_seed) = sim_config_with(2, false, seed, index, &[Set::Artifacts]);
    if playable() {
        return Ok((Game::new(config).map_err(|e| e.to_string())?, None, answer_seed));
    }
    let mut st = Game::initial_state(&config).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(answer_seed);
    let chosen: Vec<engine::CardId> = st.players.iter().map(|ps| *ps.hand.choose(&mut rng).expect("two cards dealt")).collect();
    {
        let mut ctx = Ctx::new(&mut st, &config.players, &[]);
        engine::turn::first_meld(&mut ctx, &chosen);
    }
    let game = Game::from_state(config, st.clone()).map_err(|e| e.to_string())?;
    Ok((game, Some(st), answer_seed))
}

fn one_game(lineup: &[Entry], seed: u64, index: u64, t: &mut [Tally]) -> Result<(), String> {
    let (mut game, origin, answer_seed) = begin(seed, index)?;
    let entry = |seat: usize| (seat + index as usize) % 2;
    let mut seats: Vec<Computer> = (0..2).map(|s| lineup[entry(s)].computer(answer_seed.wrapping_add(s as u64), origin.as_ref())).collect();
    while !game.is_over() && game.decisions().len() < 5000 {
        let prompt = game.prompts()[0].clone();
        let p = prompt.player;
        let before = game.state().clone();
        let d = seats[p].play(&mut game, p).map_err(|e| format!("game {index}: {e}"))?;
        let after = game.state();
        let tally = &mut t[entry(p)];
        if prompt.reason.starts_with("showcase:") {
            tally.showcase_offered += 1;
            tally.showcased += (d.answer == [Choice::Yes]) as u64;
        }
        if let Some(Choice::Action(Action::Meld(c))) = d.answer.first() {
            tally.museum_melds += before.players[p].museums.iter().any(|(_, a)| a == c) as u64;
        }
        for q in 0..2 {
            let tq = &mut t[entry(q)];
            let (b, a) = (&before.players[q], &after.players[q]);
            if a.display.is_some() && a.display != b.display {
                tq.digs += 1;
            }
            let museums = |ps: &engine::state::PlayerState| ps.achievements.iter().filter(|x| matches!(x, Achievement::Museum(_))).count();
            tq.museums_claimed += museums(a).saturating_sub(museums(b)) as u64;
            tq.seized += a.museums.iter().filter(|(_, x)| before.players[1 - q].museums.iter().any(|(_, y)| y == x)).count() as u64;
        }
    }
    for p in 0..2 {
        let tally = &mut t[entry(p)];
        tally.games += 1;
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
    let (done, total) = engine::cards::implemented_in(Set::Artifacts);
    if playable() {
        println!("Artifacts of History is playable: games begin with Game::new");
    } else {
        println!("Artifacts of History is not playable yet ({done} of {total} cards): arranged games, the set's rules without its cards' effects");
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
    println!("{} games failed", errors.len());
    for (e, t) in lineup.iter().zip(&tallies) {
        let rate = t.wins / t.games.max(1) as f64;
        let margin = 1.96 * (rate * (1.0 - rate) / t.games.max(1) as f64).sqrt();
        let g = t.games.max(1) as f64;
        println!(
            "{:<40} wins {:>6.1} of {:>4} ({:>5.1}% ± {:.1}); a game: {:.2} digs, {} of {} showcases taken, {:.2} seized, {:.2} melded from a Museum, {:.2} Museums claimed",
            e.name(),
            t.wins,
            t.games,
            100.0 * rate,
            100.0 * margin,
            t.digs as f64 / g,
            t.showcased,
            t.showcase_offered,
            t.seized as f64 / g,
            t.museum_melds as f64 / g,
            t.museums_claimed as f64 / g,
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

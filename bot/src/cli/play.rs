//! `innovation play`: a whole game in the terminal, no network needed, with
//! the expansions asked for. Each seat is a person at this keyboard or a
//! computer player. With two or more
//! people the screen hides one player's hand until the next one says they are
//! at the keyboard (hot-seat).
//!
//! The game loop reads lines from any [`Input`] and writes to any writer, so
//! a test can play a whole game with scripted answers.

use anyhow::{bail, Context, Result};
use engine::card::{card, CardId, EffectKind};
use engine::prompt::Action;
use engine::view::{Face, View};
use engine::{AnswerKind, Choice, Decision, Game, GameConfig, GameError, Outcome, PlayerId, Prompt};
use std::io::{BufRead, Write};
use std::time::Duration;

/// One seat: a person, or a computer player.
#[derive(Clone, Debug, PartialEq)]
pub struct Seat {
    pub name: String,
    pub computer: Option<ai::Kind>,
}

pub struct Options {
    pub seats: Vec<Seat>,
    pub seed: u64,
    /// The expansions in play (each playable).
    pub expansions: Vec<engine::Set>,
    /// Pause before a computer player answers, so people can follow.
    pub pause: Duration,
    /// Hide each person's screen from the next (on by default with two or more people).
    pub hot_seat: bool,
}

const COMPUTER_NAMES: [&str; 10] = ["ada", "hal", "eve", "max", "zoe", "kit", "ray", "ivy", "leo", "sam"];

/// Seats from the command line: `NAME` (a person), `basic` / `strong` / `random`
/// (a computer with a made-up name) or `NAME=KIND` (a computer named NAME). A game
/// has 2 to 5 seats, and one more for each expansion.
pub fn parse_seats(specs: &[String], expansions: &[engine::Set]) -> Result<Vec<Seat>> {
    let specs: Vec<String> = if specs.is_empty() { vec!["you".into(), "basic".into()] } else { specs.to_vec() };
    let max = innovation_bot::service::max_seats(expansions);
    if !(2..=max).contains(&specs.len()) {
        bail!("a game of {} has 2 to {max} seats (got {})", innovation_bot::expansions::words(expansions), specs.len());
    }
    let mut seats: Vec<Seat> = Vec::new();
    for s in &specs {
        let s = s.trim();
        let seat = if let Some((name, kind)) = s.split_once('=') {
            Seat { name: name.trim().to_string(), computer: Some(kind.parse::<ai::Kind>()?) }
        } else if let Ok(kind) = s.parse::<ai::Kind>() {
            Seat { name: String::new(), computer: Some(kind) }
        } else {
            Seat { name: s.to_string(), computer: None }
        };
        seats.push(seat);
    }
    let taken: Vec<String> = seats.iter().map(|s| s.name.to_lowercase()).collect();
    let mut spare = COMPUTER_NAMES.iter().filter(|n| !taken.contains(&n.to_string()));
    for s in seats.iter_mut().filter(|s| s.name.is_empty()) {
        s.name = spare.next().context("too many computer players")?.to_string();
    }
    Ok(seats)
}

/// Where the answers come from: a line at a time, `None` at the end.
pub trait Input {
    fn line(&mut self) -> Option<String>;
}

/// Lines from a reader (the terminal).
pub struct Lines<R: BufRead>(pub R);

impl<R: BufRead> Input for Lines<R> {
    fn line(&mut self) -> Option<String> {
        let mut s = String::new();
        match self.0.read_line(&mut s) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(s.trim_end_matches(['\n', '\r']).to_string()),
        }
    }
}

/// A scripted input that cycles through its lines (for tests), forever or up to a limit.
#[cfg(test)]
pub struct Script {
    lines: Vec<String>,
    next: usize,
    limit: usize,
}

#[cfg(test)]
impl Script {
    pub fn new(lines: &[&str]) -> Script {
        Script { lines: lines.iter().map(|s| s.to_string()).collect(), next: 0, limit: usize::MAX }
    }
    /// Ends the input after `n` lines (a game that keeps refusing the script then fails instead of running on).
    pub fn at_most(mut self, n: usize) -> Script {
        self.limit = n;
        self
    }
}

#[cfg(test)]
impl Input for Script {
    fn line(&mut self) -> Option<String> {
        if self.next >= self.limit {
            return None;
        }
        let l = self.lines.get(self.next % self.lines.len().max(1)).cloned();
        self.next += 1;
        l
    }
}

/// Runs the game from the command line.
pub fn run(o: Options) -> Result<std::process::ExitCode> {
    let stdin = std::io::stdin();
    let mut input = Lines(stdin.lock());
    let mut out = std::io::stdout();
    play(&o, &mut input, &mut out)?;
    Ok(std::process::ExitCode::SUCCESS)
}

struct Table<'a> {
    o: &'a Options,
    game: Game,
    computers: Vec<Option<ai::Computer>>,
    /// Events each seat has been shown.
    shown: Vec<usize>,
    /// The person at the keyboard.
    at_keyboard: Option<PlayerId>,
}

/// Plays a whole game; returns how it ended (`None` if someone quit).
pub fn play(o: &Options, input: &mut dyn Input, out: &mut dyn Write) -> Result<Option<Outcome>> {
    let names: Vec<&str> = o.seats.iter().map(|s| s.name.as_str()).collect();
    let config = GameConfig::new(&names, o.seed).with_expansions(&o.expansions);
    let game = Game::new(config)?;
    let computers = o
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| s.computer.clone().map(|k| ai::Computer::new(k, o.seed.wrapping_add(1 + i as u64))))
        .collect();
    let mut t = Table { o, game, computers, shown: vec![0; o.seats.len()], at_keyboard: None };
    let people = o.seats.iter().filter(|s| s.computer.is_none()).count();
    let hot_seat = o.hot_seat && people >= 2;
    writeln!(out, "Innovation, {} players: {}", o.seats.len(), t.describe_seats())?;
    writeln!(out, "Played with {}.", innovation_bot::expansions::words(&o.expansions))?;
    writeln!(out, "Answer by number or by name; type 'help' for the commands.")?;
    loop {
        if let Some(r) = t.game.result().cloned() {
            t.show_events(out, t.at_keyboard)?;
            t.show_end(out, &r)?;
            return Ok(Some(r));
        }
        let prompt = t.game.prompts()[0].clone();
        let p = prompt.player;
        if t.computers[p].is_some() {
            t.computer_turn(out, &prompt)?;
            continue;
        }
        if t.at_keyboard != Some(p) {
            if hot_seat && t.at_keyboard.is_some() {
                // Clear the screen (and, where the terminal allows, its scrollback).
                write!(out, "{}\x1b[2J\x1b[3J\x1b[H", "\n".repeat(40))?;
                writeln!(out, "==== Pass the keyboard to {}. {}, press Enter when you are at the keyboard. ====", names[p], names[p])?;
                out.flush()?;
                input.line().context("the input ended")?;
            }
            t.at_keyboard = Some(p);
            t.show_events(out, Some(p))?;
            t.show_table(out, p)?;
        } else {
            t.show_events(out, Some(p))?;
            // The table again at the start of each of this person's turns.
            let turn = t.game.state().turn;
            let first_action = turn.actions_left == engine::turn::actions_in_turn(turn.number, t.game.state().active_players().len());
            if prompt.kind == AnswerKind::Action && first_action {
                t.show_table(out, p)?;
            }
        }
        if !t.person_turn(out, input, &prompt)? {
            writeln!(out, "Game abandoned.")?;
            return Ok(None);
        }
        t.show_events(out, Some(p))?;
    }
}

fn norm(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(|c| c.to_lowercase()).collect()
}

impl Table<'_> {
    fn name(&self, p: PlayerId) -> &str {
        &self.o.seats[p].name
    }

    fn describe_seats(&self) -> String {
        self.o
            .seats
            .iter()
            .map(|s| match &s.computer {
                Some(k) => format!("{} (computer, {})", s.name, k.to_string().split(':').next().unwrap_or("")),
                None => s.name.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// New events, in the wording `viewer` may read.
    fn show_events(&mut self, out: &mut dyn Write, viewer: Option<PlayerId>) -> Result<()> {
        let total = self.game.event_count();
        let from = match viewer {
            Some(v) => self.shown[v],
            None => *self.shown.iter().min().unwrap_or(&0),
        };
        for e in self.game.events().skip(from) {
            writeln!(out, "  > {}", e.text_for(viewer))?;
        }
        match viewer {
            Some(v) => self.shown[v] = total,
            None => self.shown.iter_mut().for_each(|s| *s = total),
        }
        Ok(())
    }

    /// An answer in words a viewer may read (a spectator sees only what is public).
    fn label(&self, viewer: Option<PlayerId>, c: &Choice) -> String {
        let v = viewer.unwrap_or(usize::MAX);
        match c {
            Choice::Action(Action::Dogma(id)) => format!("Dogma {}", self.dogma_words(*id)),
            // Cities: an endorsed Dogma, with the top cities that may endorse it (which one, and the
            // card junked to pay, are asked next).
            Choice::Action(Action::Endorse(id)) => {
                let p = self.game.state().turn.player;
                let cities: Vec<String> = engine::city::endorsing_cities(self.game.state(), p, *id)
                    .into_iter()
                    .map(|c| format!("{} ({})", card(c).title, card(c).age))
                    .collect();
                format!("Endorse the Dogma of {}, with {}", self.dogma_words(*id), cities.join(" or "))
            }
            Choice::Player(q) => self.name(*q).to_string(),
            // Figures: a Decree action names its Decree ("Issue the War Decree (red)").
            other => innovation_bot::text::choice_words(&self.game, v, other),
        }
    }

    /// A Dogma's card and who it reaches: "Archery (1 authority), demands of bo".
    fn dogma_words(&self, id: CardId) -> String {
        let pv = self.game.dogma_preview(self.game.state().turn.player, id);
        let info = card(id);
        let featured = info.featured_icon.map_or("", |i| i.name());
        let mut s = format!("{} ({} {featured})", info.title, info.age);
        let names = |v: &[PlayerId]| v.iter().map(|q| self.name(*q).to_string()).collect::<Vec<_>>().join(", ");
        if !pv.sharing.is_empty() {
            s += &format!(", shared with {}", names(&pv.sharing));
        }
        if !pv.demanded.is_empty() {
            s += &format!(", demands of {}", names(&pv.demanded));
        }
        s
    }

    fn computer_turn(&mut self, out: &mut dyn Write, prompt: &Prompt) -> Result<()> {
        let p = prompt.player;
        if !self.o.pause.is_zero() {
            std::thread::sleep(self.o.pause);
        }
        let viewer = self.at_keyboard;
        self.show_events(out, viewer)?;
        let first_meld = self.game.in_first_meld();
        let before = self.game.clone();
        let comp = self.computers[p].as_mut().expect("a computer seat");
        let d = comp.play(&mut self.game, p).with_context(|| format!("computer player {}", self.o.seats[p].name))?;
        let words = if first_meld {
            "has chosen a card to meld".to_string()
        } else {
            let t = Table { o: self.o, game: before, computers: Vec::new(), shown: Vec::new(), at_keyboard: None };
            let ls: Vec<String> = d.answer.iter().map(|c| t.label(viewer, c)).collect();
            if ls.is_empty() {
                "declines".into()
            } else {
                format!("chooses {}", ls.join(", "))
            }
        };
        if first_meld {
            writeln!(out, "   {} (computer) {words}.", self.name(p))?;
        } else if prompt.kind == AnswerKind::Action {
            writeln!(out, "\n-- {} (computer), {}: {words}", self.name(p), prompt.reason)?;
        } else {
            writeln!(out, "   {} (computer) {words} ({})", self.name(p), prompt.reason)?;
        }
        self.show_events(out, viewer)?;
        Ok(())
    }

    /// Asks the person in `prompt.player`'s seat until they give an accepted answer.
    /// Returns false if they quit.
    fn person_turn(&mut self, out: &mut dyn Write, input: &mut dyn Input, prompt: &Prompt) -> Result<bool> {
        let p = prompt.player;
        loop {
            self.show_question(out, prompt)?;
            write!(out, "{}> ", self.name(p))?;
            out.flush()?;
            let line = input.line().context("the input ended")?;
            writeln!(out)?;
            let cmd = line.trim();
            let lower = cmd.to_lowercase();
            match lower.as_str() {
                "" => continue,
                "help" | "?" => {
                    self.show_help(out, prompt)?;
                    continue;
                }
                "table" | "t" | "board" => {
                    self.show_table(out, p)?;
                    continue;
                }
                "quit" | "exit" => return Ok(false),
                "undo" => {
                    match self.game.undo(p) {
                        Ok(g) => {
                            writeln!(out, "{} takes back their last move.", self.name(p))?;
                            self.take_back(g);
                            return Ok(true);
                        }
                        Err(e) => writeln!(out, "cannot take that back: {e}")?,
                    }
                    continue;
                }
                "concede" => {
                    match self.game.apply(Decision::concede(p)) {
                        Ok(()) => {
                            writeln!(out, "{} concedes.", self.name(p))?;
                            return Ok(true);
                        }
                        Err(e) => writeln!(out, "cannot concede now: {e}")?,
                    }
                    continue;
                }
                _ => {}
            }
            if let Some(rest) = lower.strip_prefix("card ").or_else(|| lower.strip_prefix("c ")) {
                match (innovation_bot::lookup::resolve(rest), innovation_bot::lookup::resolve_decree(rest)) {
                    (Ok(c), _) => self.show_card(out, c)?,
                    // Figures: a Decree's words ("card war").
                    (Err(_), Some(d)) => {
                        let info = engine::CardDb::get().decree(d);
                        writeln!(out, "{} (a Decree of Figures in the Sand, {d}): issued by a Decree action", info.name)?;
                        for e in &info.effects {
                            writeln!(out, "  Effect: {}", e.text)?;
                        }
                    }
                    (Err(_), None) => writeln!(out, "no card is called {rest:?}")?,
                }
                continue;
            }
            let answer = match self.parse_answer(prompt, cmd) {
                Ok(a) => a,
                Err(e) => {
                    writeln!(out, "{e}")?;
                    continue;
                }
            };
            match self.game.apply(Decision::new(p, answer)) {
                Ok(()) => return Ok(true),
                Err(GameError::Unimplemented { title }) => writeln!(out, "{title} is not implemented yet: choose something else.")?,
                Err(e) => writeln!(out, "{e}")?,
            }
        }
    }

    /// Goes on with `g`, the game with the latest move taken back: nobody is shown events
    /// twice, and the computer players start afresh (they saw the move taken back).
    fn take_back(&mut self, g: Game) {
        let total = g.event_count();
        self.shown.iter_mut().for_each(|s| *s = (*s).min(total));
        self.game = g;
        for (i, s) in self.o.seats.iter().enumerate() {
            self.computers[i] = s.computer.clone().map(|k| ai::Computer::new(k, self.o.seed.wrapping_add(1 + i as u64)));
        }
    }

    /// Numbers ("2", "1,3", "3 1 2"), names ("draw", "meld archery", "red"), "none" or "all".
    fn parse_answer(&self, prompt: &Prompt, line: &str) -> Result<Vec<Choice>, String> {
        let p = prompt.player;
        let labels: Vec<String> = prompt.options.iter().map(|c| self.label(Some(p), c)).collect();
        let lower = line.trim().to_lowercase();
        if ["none", "pass", "-", "nothing"].contains(&lower.as_str()) {
            return if prompt.min == 0 { Ok(Vec::new()) } else { Err("this question cannot be declined".into()) };
        }
        if lower == "all" {
            return Ok(prompt.options.clone());
        }
        let parts: Vec<&str> = if line.split([',', ' ']).filter(|s| !s.is_empty()).all(|s| s.parse::<usize>().is_ok()) {
            line.split([',', ' ']).filter(|s| !s.is_empty()).collect()
        } else {
            line.split(',').map(str::trim).filter(|s| !s.is_empty()).collect()
        };
        let mut answer = Vec::new();
        for part in parts {
            let i = if let Ok(n) = part.parse::<usize>() {
                if n == 0 || n > labels.len() {
                    return Err(format!("{n} is not one of the numbers 1 to {}", labels.len()));
                }
                n - 1
            } else {
                let key = norm(part);
                let exact: Vec<usize> =
                    (0..labels.len()).filter(|i| norm(&labels[*i]) == key || norm(&prompt.options[*i].to_string()) == key).collect();
                let found: Vec<usize> = if exact.is_empty() {
                    (0..labels.len()).filter(|i| norm(&labels[*i]).contains(&key) && !key.is_empty()).collect()
                } else {
                    exact
                };
                match found.as_slice() {
                    [i] => *i,
                    [] => return Err(format!("{part:?} is none of the answers")),
                    _ => return Err(format!("{part:?} could be several answers: use the number")),
                }
            };
            answer.push(prompt.options[i].clone());
        }
        prompt.check(&answer)?;
        Ok(answer)
    }

    fn show_question(&self, out: &mut dyn Write, prompt: &Prompt) -> Result<()> {
        let p = prompt.player;
        writeln!(out, "\n{}, {}", self.name(p), self.game.reason_for(prompt, p))?;
        for (i, c) in prompt.options.iter().enumerate() {
            writeln!(out, "  {:>2}. {}", i + 1, self.label(Some(p), c))?;
        }
        let how = if prompt.kind == AnswerKind::Order {
            "give all of them in order, first first (e.g. 2 1 3)".to_string()
        } else if prompt.min == prompt.max {
            if prompt.max == 1 {
                "choose one".to_string()
            } else {
                format!("choose {} (e.g. 1,3)", prompt.max)
            }
        } else {
            format!("choose {} to {} (e.g. 1,3)", prompt.min, prompt.max)
        };
        let decline = if prompt.min == 0 { ", or 'none'" } else { "" };
        writeln!(out, "  ({how}{decline}; 'help' for more)")?;
        Ok(())
    }

    fn show_help(&self, out: &mut dyn Write, prompt: &Prompt) -> Result<()> {
        writeln!(out, "Answer with the number of an answer or its name (\"draw\", \"meld sailing\", \"red\").")?;
        writeln!(out, "Several answers: separate them with commas (1,3). 'none' declines when that is allowed; 'all' picks all.")?;
        writeln!(
            out,
            "Other commands: 'table' shows the table again, 'card NAME' shows a card (or a Decree), 'undo' takes back your last move"
        )?;
        writeln!(out, "(until something hidden is shown or someone else answers), 'concede' gives up, 'quit' leaves.")?;
        let _ = prompt;
        Ok(())
    }

    fn show_card(&self, out: &mut dyn Write, c: CardId) -> Result<()> {
        let info = card(c);
        let icons: Vec<String> = info.slots.iter().map(|i| i.name()).collect();
        let featured = info.featured_icon.map_or("none", |i| i.name());
        writeln!(
            out,
            "{} ({}, age {}, {}): icons {}; featured {featured}",
            info.title,
            info.set.title(),
            info.age,
            info.color,
            icons.join(" ")
        )?;
        if let Some(echo) = &info.echo {
            writeln!(out, "  Echo: {echo}")?;
        }
        for k in &info.karma {
            writeln!(out, "  Karma: {k}")?;
        }
        for e in &info.effects {
            let kind = match e.kind {
                EffectKind::Demand => "Demand",
                EffectKind::Compel => "Compel",
                EffectKind::NonDemand => "Effect",
            };
            writeln!(out, "  {kind}: {}", e.text)?;
        }
        if info.is_figure() {
            writeln!(out, "  No dogma effects: a Figure is never chosen for Dogma; its karmas act while it is a top card.")?;
        }
        Ok(())
    }

    /// What `p` may see, as text.
    fn show_table(&self, out: &mut dyn Write, p: PlayerId) -> Result<()> {
        let v: View = self.game.view(Some(p));
        let turn = v.turn;
        writeln!(out, "\n================ {}'s view ================", self.name(p))?;
        if self.game.in_first_meld() {
            writeln!(out, "First meld: everyone chooses a card of their hand to meld")?;
        } else {
            writeln!(out, "Turn {}: {} to play", turn.number + 1, self.name(turn.player))?;
        }
        let decks = |sizes: &[usize]| sizes.iter().enumerate().map(|(i, n)| format!("{}:{n}", i + 1)).collect::<Vec<_>>().join(" ");
        writeln!(out, "Decks (age:cards): {}", decks(&v.deck_sizes))?;
        for (set, sizes) in v.set_deck_sizes.iter().filter(|(s, _)| *s != engine::Set::Base) {
            writeln!(out, "{} decks: {}", set.title(), decks(sizes))?;
        }
        let ach: Vec<String> = v.achievements.iter().map(|a| a.to_string()).collect();
        let specials: Vec<&str> = v.specials.iter().map(|s| s.name()).collect();
        writeln!(
            out,
            "Achievements available: {}; special: {}",
            if ach.is_empty() { "none".into() } else { ach.join(" ") },
            if specials.is_empty() { "none".into() } else { specials.join(", ") }
        )?;
        if v.sets.contains(&engine::Set::Artifacts) {
            writeln!(out, "Museums in the supply: {}", v.museums)?;
        }
        for line in innovation_bot::text::figures_supply(&v) {
            writeln!(out, "{line}")?;
        }
        if v.junk > 0 || !v.junked_specials.is_empty() {
            writeln!(
                out,
                "Junk: {} cards{}",
                v.junk,
                if v.junked_specials.is_empty() { String::new() } else { format!(", {:?}", v.junked_specials) }
            )?;
        }
        let need = v.achievements_to_win;
        writeln!(out, "{need} achievements win.")?;
        if let Some(words) = v.set_aside_words() {
            writeln!(out, "{words}")?;
        }
        for pv in &v.players {
            let me = pv.seat == p;
            let who = if me { format!("{} (you)", pv.name) } else { pv.name.clone() };
            let comp = if self.o.seats[pv.seat].computer.is_some() { " [computer]" } else { "" };
            let out_of_game = if pv.eliminated { " [out of the game]" } else { "" };
            let achs: Vec<String> = pv.achievements.iter().map(innovation_bot::text::achievement_word).collect();
            writeln!(
                out,
                "\n{who}{comp}{out_of_game}: score {}, {} achievement(s){}",
                pv.score_total,
                pv.achievements_held,
                if achs.is_empty() { String::new() } else { format!(" ({})", achs.join(", ")) }
            )?;
            let faces = |fs: &[Face]| -> String {
                fs.iter()
                    .map(|f| match f {
                        Face::Front(c) => format!("{} ({} {})", card(*c).title, card(*c).age, card(*c).color),
                        Face::Back { age, set } => innovation_bot::text::back_words(*age, *set),
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            writeln!(out, "  hand ({}): {}", pv.hand.len(), if pv.hand.is_empty() { "empty".into() } else { faces(&pv.hand) })?;
            if me && !pv.score.is_empty() {
                writeln!(out, "  score pile: {}", faces(&pv.score))?;
            }
            for (zone, what) in innovation_bot::text::expansion_zones(&v, pv) {
                writeln!(out, "  {zone}: {what}")?;
            }
            let icons: Vec<String> = pv.icons.iter().map(|(i, n)| format!("{i} {n}")).collect();
            writeln!(out, "  icons: {}", icons.join(", "))?;
            for pile in pv.piles.iter().filter(|pl| !pl.cards.is_empty()) {
                let top = card(pile.cards[0]);
                let icons: Vec<String> = top.slots.iter().filter(|i| **i != engine::Slot::Hex).map(|i| i.name()).collect();
                let splay = if pile.splay == engine::Splay::None { String::new() } else { format!(", splayed {}", pile.splay.name()) };
                let under = if pile.cards.len() > 1 { format!(" [{} cards{splay}]", pile.cards.len()) } else { String::new() };
                let echoes = innovation_bot::text::visible_echoes(pile);
                let echoes = if echoes.is_empty() { String::new() } else { format!(" (echo effects of {})", echoes.join(", ")) };
                writeln!(out, "  {:<7} {} ({}; {}){under}{echoes}", format!("{}:", pile.color), top.title, top.age, icons.join(" "))?;
            }
        }
        writeln!(out)?;
        Ok(())
    }

    fn show_end(&self, out: &mut dyn Write, r: &Outcome) -> Result<()> {
        let winners: Vec<&str> = r.winners.iter().map(|w| self.name(*w)).collect();
        writeln!(out, "\n================ game over ================")?;
        writeln!(out, "{} won by {}.", winners.join(" and "), r.reason.name())?;
        let st = self.game.state();
        for q in 0..st.players.len() {
            let (held, score) = (engine::derived::achievement_count(st, q), engine::derived::score(st, q));
            writeln!(out, "  {}: {held} achievement(s), score {score}", self.name(q))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(seats: &[&str], seed: u64) -> Options {
        let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
        Options { seats: parse_seats(&seats, &[]).unwrap(), seed, expansions: Vec::new(), pause: Duration::ZERO, hot_seat: true }
    }

    #[test]
    fn seats_parse() {
        let s = parse_seats(&["ann".into(), "basic".into(), "bo=strong".into()], &[]).unwrap();
        assert_eq!(s[0], Seat { name: "ann".into(), computer: None });
        assert_eq!(s[1].name, "ada");
        assert!(s[1].computer.is_some() && s[2].computer.is_some() && s[2].name == "bo");
        assert_eq!(parse_seats(&[], &[]).unwrap().len(), 2);
        assert!(parse_seats(&["solo".into()], &[]).is_err());
        let six: Vec<String> = ["ann", "basic", "basic", "basic", "basic", "basic"].iter().map(|s| s.to_string()).collect();
        let e = parse_seats(&six, &[]).unwrap_err().to_string();
        assert!(e.contains("the base game only has 2 to 5 seats"), "{e}");
        let seats = parse_seats(&six, &[engine::Set::Unseen]).unwrap();
        assert_eq!(seats.len(), 6, "one more seat with an expansion");
    }

    /// `--expansions unseen`: computer players play a whole game with The Unseen, and the table
    /// shows each safe (needs The Unseen playable: all its cards implemented).
    #[test]
    fn computers_play_a_whole_game_with_the_unseen_in_the_terminal() {
        let expansions = crate::cli::simulate::parse_expansions(&["unseen".to_string()]).expect("The Unseen is playable");
        let seats: Vec<String> = ["ann", "basic", "basic"].iter().map(|s| s.to_string()).collect();
        let o = Options { seats: parse_seats(&seats, &expansions).unwrap(), seed: 4, expansions, pause: Duration::ZERO, hot_seat: true };
        // ann draws whenever she can, and otherwise gives the first answers that fit (a question
        // may ask for up to six cards: Secret Secretorum returns exactly five).
        let mut out = Vec::new();
        let mut script = Script::new(&["draw", "1", "all", "1,2", "1,2,3", "1,2,3,4", "1,2,3,4,5", "1,2,3,4,5,6", "none"]).at_most(20_000);
        let r = play(&o, &mut script, &mut out);
        let text = String::from_utf8(out).unwrap();
        let tail = text.char_indices().rev().nth(3000).map_or(text.as_str(), |(i, _)| &text[i..]);
        let r = r.unwrap_or_else(|e| panic!("{e}: ...{tail}"));
        assert!(r.is_some() && text.contains("game over"), "{text}");
        assert!(text.contains("Played with the base game and The Unseen."), "{text}");
        assert!(text.contains("The Unseen decks: 1:") && text.contains("  safe: "), "{text}");
        assert!(text.contains(" drew an unseen ") && text.contains(" (unseen "), "Unseen cards are drawn, by others and by ann: {tail}");
    }

    /// `--expansions cities`: a person and two computers play a whole game with Cities of Destiny;
    /// the person endorses whenever Endorse is offered (named "endorse ..." among the actions, with
    /// its cities), and the table shows the Cities decks.
    #[test]
    fn a_whole_game_with_cities_in_the_terminal_where_endorse_is_offered_and_played() {
        let expansions = crate::cli::simulate::parse_expansions(&["cities".to_string()]).expect("Cities of Destiny is playable");
        let seats: Vec<String> = ["ann", "basic", "basic"].iter().map(|s| s.to_string()).collect();
        let o = Options { seats: parse_seats(&seats, &expansions).unwrap(), seed: 1, expansions, pause: Duration::ZERO, hot_seat: true };
        // ann endorses when she can (when "endorse" could mean several cards, it is refused and
        // the next line answers), else takes the second action (often a meld) or the first answers that fit.
        let lines = ["endorse", "2", "1", "all", "1,2", "1,2,3", "none"];
        let mut out = Vec::new();
        let r = play(&o, &mut Script::new(&lines).at_most(20_000), &mut out);
        let text = String::from_utf8(out).unwrap();
        let tail = text.char_indices().rev().nth(3000).map_or(text.as_str(), |(i, _)| &text[i..]);
        let r = r.unwrap_or_else(|e| panic!("{e}: ...{tail}"));
        assert!(r.is_some() && text.contains("game over"), "{tail}");
        assert!(text.contains("Played with the base game and Cities of Destiny."));
        assert!(text.contains("Cities of Destiny decks: 1:"), "the Cities decks are on the table");
        let offered = text.lines().find(|l| l.contains(". Endorse the Dogma of ")).expect("Endorse is offered among ann's actions");
        assert!(offered.contains(", with "), "{offered}");
        assert!(text.contains("ann endorses the Dogma action on"), "ann endorsed: {tail}");
    }

    /// `--expansions artifacts`: a person and a computer play a whole game with Artifacts of
    /// History; the table shows the Artifacts decks, every display and Museum, and Artifacts are
    /// dug up (said in the game's story) and shown on a display.
    #[test]
    fn a_whole_game_with_artifacts_in_the_terminal() {
        let expansions = crate::cli::simulate::parse_expansions(&["artifacts".to_string()]).expect("Artifacts of History is playable");
        let seats: Vec<String> = ["ann", "basic"].iter().map(|s| s.to_string()).collect();
        let o = Options { seats: parse_seats(&seats, &expansions).unwrap(), seed: 3, expansions, pause: Duration::ZERO, hot_seat: true };
        let lines = ["2", "1", "all", "1,2", "1,2,3", "none"];
        let mut out = Vec::new();
        let r = play(&o, &mut Script::new(&lines).at_most(20_000), &mut out);
        let text = String::from_utf8(out).unwrap();
        let tail = text.char_indices().rev().nth(3000).map_or(text.as_str(), |(i, _)| &text[i..]);
        let r = r.unwrap_or_else(|e| panic!("{e}: ...{tail}"));
        assert!(r.is_some() && text.contains("game over"), "{tail}");
        assert!(text.contains("Played with the base game and Artifacts of History."));
        assert!(text.contains("Artifacts of History decks: 1:") && text.contains("Museums in the supply: "), "the supply is on the table");
        assert!(text.contains("  display: none") && text.contains("  museums: "), "every player's display and Museums are shown");
        assert!(text.contains(" and put it on display"), "someone dug up an Artifact: {tail}");
        assert!(text.lines().any(|l| l.starts_with("  display: ") && l != "  display: none"), "an Artifact is shown on a display");
    }

    /// `--expansions echoes`: a person and a computer play a whole game with Echoes of the Past;
    /// the person sees their own forecast's cards by name and the computer's as backs, promotions
    /// are asked and said, piles say whose echo effects they show, and the table shows the Echoes decks.
    #[test]
    fn a_whole_game_with_echoes_in_the_terminal_with_the_forecast_shown_to_its_owner() {
        let expansions = crate::cli::simulate::parse_expansions(&["echoes".to_string()]).expect("Echoes of the Past is playable");
        let seats: Vec<String> = ["ann", "basic"].iter().map(|s| s.to_string()).collect();
        let o = Options { seats: parse_seats(&seats, &expansions).unwrap(), seed: 5, expansions, pause: Duration::ZERO, hot_seat: true };
        // Seed 5: both players foreshadow in this game (in many, the person never does).
        let lines = ["2", "1", "all", "1,2", "1,2,3", "none"];
        let mut out = Vec::new();
        let r = play(&o, &mut Script::new(&lines).at_most(20_000), &mut out);
        let text = String::from_utf8(out).unwrap();
        let tail = text.char_indices().rev().nth(3000).map_or(text.as_str(), |(i, _)| &text[i..]);
        let r = r.unwrap_or_else(|e| panic!("{e}: ...{tail}"));
        assert!(r.is_some() && text.contains("game over"), "{tail}");
        assert!(text.contains("Played with the base game and Echoes of the Past."));
        assert!(text.contains("Echoes of the Past decks: 1:"), "the Echoes decks are on the table");
        // ann's own forecast by name, ada's as backs, in ann's view (the only screen: ada is a computer).
        let forecast_lines = |who: &str| -> Vec<&str> {
            text.split("\n\n")
                .filter(|block| block.starts_with(who))
                .flat_map(|block| block.lines().filter(|l| l.starts_with("  forecast: ")))
                .collect()
        };
        let ann = forecast_lines("ann (you)");
        let ada = forecast_lines("ada [computer]");
        // "2 cards: Chopsticks (1), an echoes 4": her own cards by title, as the view names them.
        let named =
            |l: &&str| l.split_once("card: ").or_else(|| l.split_once("cards: ")).is_some_and(|(_, c)| c.starts_with(char::is_uppercase));
        assert!(ann.iter().any(named), "ann sees her forecast by name: {ann:?}");
        assert!(!ada.iter().any(named), "ann sees ada's forecast as backs: {ada:?}");
        assert!(ada.iter().any(|l| !l.starts_with("  forecast: 0 cards")), "ada foreshadows: {ada:?}");
        assert!(text.contains(" promotes ") && text.contains("from their forecast"), "a promotion happened: {tail}");
        assert!(text.contains("echo effects of "), "a pile shows its echo effects");
    }

    /// `--expansions figures`: a person and two computers play a whole game with Figures in the
    /// Sand; the table shows the Figures decks and the Decrees in the supply, Figures are drawn and
    /// reach the boards, and the person issues a Decree when one is offered (named "Issue the War
    /// Decree (red)" among the actions; when "decree" could mean several, it is refused and the
    /// next line answers by number). `card war` shows a Decree's words.
    #[test]
    fn a_whole_game_with_figures_in_the_terminal_where_a_decree_is_issued() {
        let expansions = crate::cli::simulate::parse_expansions(&["figures".to_string()]).expect("Figures in the Sand is playable");
        let seats: Vec<String> = ["ann", "basic", "basic"].iter().map(|s| s.to_string()).collect();
        // Seed 1: ann is offered a Decree (in many games only the computers are).
        let o = Options { seats: parse_seats(&seats, &expansions).unwrap(), seed: 1, expansions, pause: Duration::ZERO, hot_seat: true };
        let lines = ["decree", "2", "card war", "1", "all", "1,2", "1,2,3", "none"];
        let mut out = Vec::new();
        let r = play(&o, &mut Script::new(&lines).at_most(20_000), &mut out);
        let text = String::from_utf8(out).unwrap();
        let tail = text.char_indices().rev().nth(3000).map_or(text.as_str(), |(i, _)| &text[i..]);
        let r = r.unwrap_or_else(|e| panic!("{e}: ...{tail}"));
        assert!(r.is_some() && text.contains("game over"), "{tail}");
        assert!(text.contains("Played with the base game and Figures in the Sand."));
        assert!(text.contains("Figures in the Sand decks: 1:"), "the Figures decks are on the table");
        assert!(
            text.contains("\nDecrees in the supply: War (red), Expansion (yellow), Trade (green), Advancement (blue), Rivalry (purple)\n")
        );
        assert!(text.contains("War (a Decree of Figures in the Sand, red): issued by a Decree action\n  Effect: Choose a value."));
        assert!(text.contains(" drew a figures "), "Figures are drawn: {tail}");
        let figures: Vec<&str> = engine::CardDb::get().cards.iter().filter(|c| c.is_figure()).map(|c| c.title.as_str()).collect();
        let on_board = text.lines().any(|l| {
            engine::Color::ALL.iter().any(|c| l.starts_with(&format!("  {:<7} ", format!("{c}:"))))
                && figures.iter().any(|f| l.contains(&format!(" {f} (")))
        });
        assert!(on_board, "a Figure reached a board");
        let offered = text.lines().find(|l| l.contains(". Issue the ") && l.contains(" Decree (")).expect("a Decree is offered to ann");
        assert!(engine::Color::ALL.iter().any(|c| offered.ends_with(&format!(" Decree ({c})"))), "{offered}");
        assert!(text.contains("ann issues the "), "ann issued a Decree: {tail}");
        // Auspice is asked of ann in words, as a yes or no.
        assert!(text.contains("\nann, Auspice with ") && text.contains("for sharing and demands?\n   1. yes\n   2. no\n"), "{tail}");
    }

    #[test]
    fn computers_play_a_whole_game_in_the_terminal() {
        let o = opts(&["basic", "random", "basic"], 3);
        let mut out = Vec::new();
        let r = play(&o, &mut Script::new(&[]), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(r.is_some(), "{text}");
        assert!(text.contains("game over"), "{text}");
    }

    /// Two people at one keyboard and a computer, the people answering from a
    /// script that mixes numbers, names, commands and mistakes, to the end.
    #[test]
    fn people_play_a_whole_hot_seat_game_with_scripted_input() {
        let o = opts(&["ann", "bo", "basic"], 8);
        let script = Script::new(&["", "help", "2", "draw", "table", "zzz", "1", "meld", "none", "card archery", "1,2", "1"]);
        let mut input = script;
        let mut out = Vec::new();
        let r = play(&o, &mut input, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(r.is_some(), "the game did not end");
        assert!(text.contains("game over") && text.contains("Pass the keyboard to bo"));
        assert!(text.contains("Archery (Base, age 1, red)"), "the card command shows a card");
        assert!(text.contains("is none of the answers"), "a wrong answer is refused and asked again");
    }

    #[test]
    fn a_person_can_take_back_a_meld_but_not_a_draw() {
        let o = opts(&["ann", "bo"], 5);
        let mut out = Vec::new();
        // Both first melds; ann melds (her one action); bo melds, takes it back, draws, and tries to take that back.
        let script = ["1", "", "1", "", "2", "", "2", "undo", "1", "undo", "quit"];
        let _ = play(&o, &mut Script::new(&script), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("takes back their last move"), "{text}");
        assert!(text.contains("cannot take that back: a card was drawn since"), "{text}");
    }

    #[test]
    fn a_person_can_concede() {
        let o = opts(&["ann", "bo"], 5);
        let mut out = Vec::new();
        // Conceding before the first meld is refused; after it, the game ends.
        let r = play(&o, &mut Script::new(&["concede", "1", "", "1", "", "concede"]), &mut out).unwrap().unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("cannot concede now") && text.contains("concedes"), "{text}");
        assert_eq!(r.winners.len(), 1);
    }

    /// The screen shown to one person never names the cards in the other's hand.
    #[test]
    fn the_hot_seat_screen_hides_the_other_hand() {
        let o = opts(&["ann", "bo"], 5);
        let start = Game::initial_state(&GameConfig::new(&["ann", "bo"], 5)).unwrap();
        let bo_hand: Vec<&str> = start.players[1].hand.iter().map(|c| card(*c).title.as_str()).collect();
        let ann_hand: Vec<&str> = start.players[0].hand.iter().map(|c| card(*c).title.as_str()).collect();
        let mut out = Vec::new();
        // Answers: ann melds, Enter to pass, bo melds, then keep drawing until the game is over.
        let _ = play(&o, &mut Script::new(&["1", "", "1", "", "1", "", "1"]), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let first_pass = text.find("Pass the keyboard to bo").expect("the keyboard is passed");
        let ann_screen = &text[..first_pass];
        let bo_screen = &text[first_pass..text[first_pass..].find("Pass the keyboard to ann").map_or(text.len(), |i| first_pass + i)];
        for t in &bo_hand {
            assert!(!ann_screen.contains(t), "ann's screen shows bo's {t}");
            assert!(bo_screen.contains(t), "bo's screen does not show bo's {t}");
        }
        for t in &ann_hand {
            assert!(ann_screen.contains(t));
        }
    }
}

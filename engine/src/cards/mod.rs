//! The card implementations, one module per age, and the registry that maps
//! each card to its effects. An effect is ordinary Rust that reads like the
//! printed text; the keywords it uses are the primitives of `ctx`.

use crate::card::{CardDb, CardId};
use crate::ctx::{Ctx, Exec, Res};
use crate::karma::Karma;
use crate::state::PlayerId;
use std::sync::OnceLock;

mod age0;
mod age1;
mod age10;
mod age11;
mod age2;
mod age3;
mod age4;
mod age5;
mod age6;
mod age7;
mod age8;
mod age9;
mod artifacts;
mod decrees;
mod echoes;
mod figures;
#[cfg(test)]
mod testing;
mod unseen;

/// What card modules need, in one import.
pub mod prelude {
    pub use super::Registry;
    pub use crate::card::{card, CardId, Color, Icon, Set, Special};
    pub use crate::ctx::{Act, Ctx, Exec, Mode, Res, Stop};
    pub use crate::dogma::SelfExecution;
    pub use crate::karma::{Each, Event, Karma, Reaction, Trigger};
    pub use crate::primitives::{Dest, Drawn};
    pub use crate::query::*;
    pub use crate::state::{PlayerId, Splay, Zone};
}

/// One printed effect: executed by `e.you`, issued by `e.me`.
pub type EffectFn = fn(&mut Ctx, Exec) -> Res<()>;

/// Collects the implementations while the registry is built.
pub struct Registry {
    effects: Vec<Option<&'static [EffectFn]>>,
    echoes: Vec<Option<EffectFn>>,
    karmas: Vec<Option<&'static [Karma]>>,
    problems: Vec<String>,
}

impl Registry {
    /// Registers a card's dogma effects, in printed order.
    pub fn card(&mut self, title: &str, effects: &'static [EffectFn]) {
        self.register(title, None, effects);
    }

    /// Registers an Echoes card's echo effect and its dogma effects, in printed order.
    pub fn echo_card(&mut self, title: &str, echo: EffectFn, effects: &'static [EffectFn]) {
        self.register(title, Some(echo), effects);
    }

    /// Registers a Figure's karma effects, in printed order.
    pub fn figure(&mut self, title: &str, karmas: &'static [Karma]) {
        let db = CardDb::get();
        let Some(id) = db.by_title(title) else {
            self.problems.push(format!("no card is titled {title:?}"));
            return;
        };
        let printed = db.card(id).karma.len();
        if !db.card(id).is_figure() || printed != karmas.len() {
            self.problems.push(format!("{title} prints {printed} karma effects but {} are implemented", karmas.len()));
            return;
        }
        if self.karmas[id.0 as usize].replace(karmas).is_some() {
            self.problems.push(format!("{title} is registered twice"));
        }
    }

    fn register(&mut self, title: &str, echo: Option<EffectFn>, effects: &'static [EffectFn]) {
        let db = CardDb::get();
        let Some(id) = db.by_title(title) else {
            self.problems.push(format!("no card is titled {title:?}"));
            return;
        };
        if db.card(id).echo.is_some() != echo.is_some() {
            let printed = if db.card(id).echo.is_some() { "prints an echo effect" } else { "prints no echo effect" };
            self.problems.push(format!("{title} {printed}: register it with `{}`", if echo.is_some() { "card" } else { "echo_card" }));
            return;
        }
        self.echoes[id.0 as usize] = echo;
        let printed = db.card(id).effects.len();
        if printed != effects.len() {
            self.problems.push(format!("{title} prints {printed} effects but {} are implemented", effects.len()));
            return;
        }
        if self.effects[id.0 as usize].is_some() {
            self.problems.push(format!("{title} is registered twice"));
        }
        self.effects[id.0 as usize] = Some(effects);
    }
}

struct Built {
    effects: Vec<Option<&'static [EffectFn]>>,
    echoes: Vec<Option<EffectFn>>,
    karmas: Vec<Option<&'static [Karma]>>,
    problems: Vec<String>,
}

fn registry() -> &'static Built {
    static R: OnceLock<Built> = OnceLock::new();
    R.get_or_init(|| {
        let n = CardDb::get().cards.len();
        let mut r = Registry { effects: vec![None; n], echoes: vec![None; n], karmas: vec![None; n], problems: Vec::new() };
        age0::register(&mut r);
        age1::register(&mut r);
        age2::register(&mut r);
        age3::register(&mut r);
        age4::register(&mut r);
        age5::register(&mut r);
        age6::register(&mut r);
        age7::register(&mut r);
        age8::register(&mut r);
        age9::register(&mut r);
        age10::register(&mut r);
        age11::register(&mut r);
        artifacts::register(&mut r);
        echoes::register(&mut r);
        unseen::register(&mut r);
        figures::register(&mut r);
        Built { effects: r.effects, echoes: r.echoes, karmas: r.karmas, problems: r.problems }
    })
}

/// The effects of a card, or `None` if it is not implemented yet.
pub fn effects_of(c: CardId) -> Option<&'static [EffectFn]> {
    registry().effects.get(c.0 as usize).copied().flatten()
}

/// The echo effect of an Echoes card, if it prints one and it is implemented.
pub fn echo_of(c: CardId) -> Option<EffectFn> {
    registry().echoes.get(c.0 as usize).copied().flatten()
}

/// The karma effects of a Figure, or `None` if it is not implemented yet.
pub fn karmas_of(c: CardId) -> Option<&'static [Karma]> {
    registry().karmas.get(c.0 as usize).copied().flatten()
}

/// Whether a card is implemented: its effects (and echo effect) are registered, or its karmas (a
/// Figure), or it is a city, which prints no effects (what a city does is its icons, whose rules
/// are in `city` and `derived`).
pub fn is_implemented(c: CardId) -> bool {
    effects_of(c).is_some() || karmas_of(c).is_some() || crate::card::card(c).is_city()
}

/// Figures: executes the Decree of a colour for `p` (see `decrees`).
pub fn run_decree(ctx: &mut Ctx, p: PlayerId, col: crate::card::Color) -> Res<()> {
    decrees::run(ctx, p, col)
}

/// How many of a set's 115 cards are implemented, and how many it has: a game may include the
/// set only when all are.
pub fn implemented_in(set: crate::card::Set) -> (usize, usize) {
    let cards: Vec<&crate::card::CardInfo> = CardDb::get().cards.iter().filter(|c| c.set == set && c.age > 0).collect();
    (cards.iter().filter(|c| is_implemented(c.id)).count(), cards.len())
}

/// Mistakes in the registrations (wrong titles, wrong effect counts); empty when all is well.
pub fn registry_problems() -> &'static [String] {
    &registry().problems
}

#[cfg(test)]
mod tests {
    use crate::card::{CardDb, EffectKind};
    use crate::sentence::sentences;
    use std::collections::{BTreeSet, HashMap};

    #[test]
    fn registrations_match_the_card_data() {
        assert_eq!(super::registry_problems(), &[] as &[String]);
    }

    /// The source of every card module.
    const SOURCES: &[&str] = &[
        include_str!("age0.rs"),
        include_str!("age1.rs"),
        include_str!("age2.rs"),
        include_str!("age3.rs"),
        include_str!("age4.rs"),
        include_str!("age5.rs"),
        include_str!("age6.rs"),
        include_str!("age7.rs"),
        include_str!("age8.rs"),
        include_str!("age9.rs"),
        include_str!("age10.rs"),
        include_str!("age11.rs"),
        include_str!("artifacts/age1.rs"),
        include_str!("artifacts/age2.rs"),
        include_str!("artifacts/age3.rs"),
        include_str!("artifacts/age4.rs"),
        include_str!("artifacts/age5.rs"),
        include_str!("artifacts/age6.rs"),
        include_str!("artifacts/age7.rs"),
        include_str!("artifacts/age8.rs"),
        include_str!("artifacts/age9.rs"),
        include_str!("artifacts/age10.rs"),
        include_str!("artifacts/age11.rs"),
        include_str!("echoes/age1.rs"),
        include_str!("echoes/age2.rs"),
        include_str!("echoes/age3.rs"),
        include_str!("echoes/age4.rs"),
        include_str!("echoes/age5.rs"),
        include_str!("echoes/age6.rs"),
        include_str!("echoes/age7.rs"),
        include_str!("echoes/age8.rs"),
        include_str!("echoes/age9.rs"),
        include_str!("echoes/age10.rs"),
        include_str!("echoes/age11.rs"),
        include_str!("unseen/age1.rs"),
        include_str!("unseen/age2.rs"),
        include_str!("unseen/age3.rs"),
        include_str!("unseen/age4.rs"),
        include_str!("unseen/age5.rs"),
        include_str!("unseen/age6.rs"),
        include_str!("unseen/age7.rs"),
        include_str!("unseen/age8.rs"),
        include_str!("unseen/age9.rs"),
        include_str!("unseen/age10.rs"),
        include_str!("unseen/age11.rs"),
    ];

    /// The sentence numbers marked in a function's body (`ctx.sentence(N)`, `ctx.sentence_on(N, …)`).
    fn markers(body: &str) -> BTreeSet<usize> {
        let mut out = BTreeSet::new();
        for (i, _) in body.match_indices("sentence") {
            let rest = &body[i + "sentence".len()..];
            let rest = rest.strip_prefix("_on").unwrap_or(rest);
            if let Some(args) = rest.strip_prefix('(') {
                let digits: String = args.chars().take_while(|c| c.is_ascii_digit()).collect();
                if let Ok(n) = digits.parse() {
                    out.insert(n);
                }
            }
        }
        out
    }

    /// Each effect function's markers, by the function's name.
    type Markers = HashMap<String, BTreeSet<usize>>;
    /// A registration: the card's title and its effect functions.
    type Registration = (String, Vec<String>);

    /// Every effect function's markers, and every registration.
    fn read_sources() -> (Markers, Vec<Registration>) {
        let mut fns = HashMap::new();
        let mut regs = Vec::new();
        for src in SOURCES {
            let lines: Vec<&str> = src.lines().collect();
            for (i, l) in lines.iter().enumerate() {
                if let Some(rest) = l.strip_prefix("fn ") {
                    let name = rest.split('(').next().unwrap().to_string();
                    let end = lines[i..].iter().position(|x| *x == "}").map(|e| i + e).unwrap_or(lines.len());
                    fns.insert(name, markers(&lines[i..end].join("\n")));
                }
                // `r.card("Title", &[effects])`, `r.echo_card("Title", echo, &[effects])`: the echo
                // effect is not a dogma effect (Teleprompter's sentences are of dogma effects).
                if let Some(rest) = l.trim().strip_prefix("r.card(\"").or_else(|| l.trim().strip_prefix("r.echo_card(\"")) {
                    let (title, rest) = rest.split_once('"').unwrap();
                    let list = rest.split('[').nth(1).unwrap().split(']').next().unwrap();
                    regs.push((title.to_string(), list.split(',').map(|f| f.trim().to_string()).filter(|f| !f.is_empty()).collect()));
                }
            }
        }
        (fns, regs)
    }

    /// The boxed age values a printed text names: "{1}", "{10}".
    fn boxed_values(text: &str) -> BTreeSet<u8> {
        text.split('{').skip(1).filter_map(|rest| rest.split_once('}')).filter_map(|(n, _)| n.parse().ok()).collect()
    }

    /// Archimedes and Johannes Kepler raise "every age value in the effect": each implemented
    /// effect (echo effects too) names every boxed value of its printed text through `Exec::age`
    /// (`e.age(N)`), never as a bare number the raise would miss.
    #[test]
    fn every_effect_names_its_boxed_values_through_the_raise() {
        let db = CardDb::get();
        // Each module's functions by name, with their bodies.
        let mut bodies: Vec<HashMap<String, String>> = Vec::new();
        let mut regs: Vec<(usize, String, Option<String>, Vec<String>)> = Vec::new();
        for (k, src) in SOURCES.iter().enumerate() {
            let lines: Vec<&str> = src.lines().collect();
            let mut fns = HashMap::new();
            for (i, l) in lines.iter().enumerate() {
                let decl = l.strip_prefix("fn ").or_else(|| l.strip_prefix("pub(super) fn ")).or_else(|| l.strip_prefix("pub fn "));
                if let Some(rest) = decl {
                    let name = rest.split(['(', '<']).next().unwrap().to_string();
                    let end = lines[i..].iter().position(|x| *x == "}").map(|e| i + e).unwrap_or(lines.len());
                    fns.insert(name, lines[i..end].join("\n"));
                }
                let l = l.trim();
                if let Some(rest) = l.strip_prefix("r.card(\"").or_else(|| l.strip_prefix("r.echo_card(\"")) {
                    let (title, rest) = rest.split_once('"').unwrap();
                    let echo =
                        l.starts_with("r.echo_card").then(|| rest.trim_start_matches(',').split(',').next().unwrap().trim().to_string());
                    let list = rest.split('[').nth(1).unwrap().split(']').next().unwrap();
                    let effects = list.split(',').map(|f| f.trim().to_string()).filter(|f| !f.is_empty()).collect();
                    regs.push((k, title.to_string(), echo, effects));
                }
            }
            bodies.push(fns);
        }
        let body = |k: usize, f: &str| -> &String {
            bodies[k].get(f).or_else(|| bodies.iter().find_map(|m| m.get(f))).unwrap_or_else(|| panic!("no function {f}"))
        };
        let mut wrong = Vec::new();
        let mut checked = 0;
        for (k, title, echo, effects) in &regs {
            let info = db.card(db.by_title(title).unwrap());
            let printed = effects.iter().zip(info.effects.iter().map(|e| e.text.as_str()));
            let echoed = echo.iter().zip(info.echo.as_deref());
            for (f, text) in printed.chain(echoed) {
                let code = body(*k, f);
                for v in boxed_values(text) {
                    if !code.contains(&format!("age({v})")) {
                        wrong.push(format!("{title} ({f}): prints {{{v}}}, the code never says e.age({v})"));
                    }
                }
                checked += 1;
            }
        }
        assert!(checked >= 700, "every effect of every set with effects was checked ({checked})");
        assert!(wrong.is_empty(), "{} boxed values:\n{}", wrong.len(), wrong.join("\n"));
    }

    /// Teleprompter executes one sentence of a card's non-demand effects, which the effect's
    /// code marks: each implemented non-demand effect marks every printed sentence after its
    /// first, and nothing else (a demand marks nothing).
    #[test]
    fn every_effect_marks_its_printed_sentences() {
        let db = CardDb::get();
        let (fns, regs) = read_sources();
        // Every implemented card's module is read (a new module is added to `SOURCES`).
        let implemented = db.cards.iter().filter(|c| super::effects_of(c.id).is_some()).count();
        assert_eq!(regs.len(), implemented, "registrations read from SOURCES vs. cards implemented");
        let mut wrong = Vec::new();
        let mut checked = 0;
        for (title, effects) in &regs {
            let info = db.card(db.by_title(title).unwrap());
            for (i, f) in effects.iter().enumerate() {
                let got: BTreeSet<usize> =
                    fns.get(f).unwrap_or_else(|| panic!("no function {f}")).iter().copied().filter(|n| *n != 1).collect();
                let want: BTreeSet<usize> = match info.effects[i].kind {
                    EffectKind::NonDemand => (2..=sentences(&info.effects[i].text).len()).collect(),
                    _ => BTreeSet::new(),
                };
                if got != want {
                    wrong.push(format!("{title} effect {} ({f}): marks {got:?}, prints sentences {want:?} after the first", i + 1));
                }
                checked += 1;
            }
        }
        assert!(checked >= 368, "every effect of the base set and The Unseen was checked ({checked})");
        assert!(wrong.is_empty(), "{} effects:\n{}", wrong.len(), wrong.join("\n"));
    }
}

//! The card implementations, one module per age, and the registry that maps
//! each card to its effects. An effect is ordinary Rust that reads like the
//! printed text; the keywords it uses are the primitives of `ctx`.

use crate::card::{CardDb, CardId};
use crate::ctx::{Ctx, Exec, Res};
use crate::state::PlayerId;
use std::sync::OnceLock;

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
mod unseen;

/// What card modules need, in one import.
pub mod prelude {
    pub use super::Registry;
    pub use crate::card::{card, CardId, Color, Icon, Set, Special};
    pub use crate::ctx::{Act, Ctx, Exec, Mode, Res, Stop};
    pub use crate::dogma::SelfExecution;
    pub use crate::primitives::Dest;
    pub use crate::query::*;
    pub use crate::state::{PlayerId, Splay, Zone};
}

/// One printed effect: executed by `e.you`, issued by `e.me`.
pub type EffectFn = fn(&mut Ctx, Exec) -> Res<()>;

/// Collects the implementations while the registry is built.
pub struct Registry {
    effects: Vec<Option<&'static [EffectFn]>>,
    problems: Vec<String>,
}

impl Registry {
    /// Registers a card's effects, in printed order.
    pub fn card(&mut self, title: &str, effects: &'static [EffectFn]) {
        let db = CardDb::get();
        let Some(id) = db.by_title(title) else {
            self.problems.push(format!("no card is titled {title:?}"));
            return;
        };
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
    problems: Vec<String>,
}

fn registry() -> &'static Built {
    static R: OnceLock<Built> = OnceLock::new();
    R.get_or_init(|| {
        let mut r = Registry { effects: vec![None; CardDb::get().cards.len()], problems: Vec::new() };
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
        unseen::register(&mut r);
        Built { effects: r.effects, problems: r.problems }
    })
}

/// The effects of a card, or `None` if it is not implemented yet.
pub fn effects_of(c: CardId) -> Option<&'static [EffectFn]> {
    registry().effects.get(c.0 as usize).copied().flatten()
}

pub fn is_implemented(c: CardId) -> bool {
    effects_of(c).is_some()
}

/// Figures: executes the Decree of a colour for `p`. The five Decrees' effects come with the
/// Figures cards; until then issuing one stops with "not implemented" (and no playable game has
/// Figures, see `implemented_in`).
pub fn run_decree(_ctx: &mut Ctx, _p: PlayerId, col: crate::card::Color) -> Res<()> {
    Err(crate::ctx::Stop::UnimplementedRule(format!("the {} Decree", CardDb::get().decree(col).name)))
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
    #[test]
    fn registrations_match_the_card_data() {
        assert_eq!(super::registry_problems(), &[] as &[String]);
    }
}

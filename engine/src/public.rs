//! What the public may know of a game, and the check that no question names a card it may not.
//!
//! A question's reason is posted in the game's public thread, and so are the answers of a
//! question whose choices are not private: a card named there must be one whose face a
//! spectator sees (now or just before the last decision), or one a public event has named.
//! The simulations run this check after every decision ([`crate::sim::Checks::Table`]).

use crate::card::{CardDb, CardId};
use crate::game::Game;
use crate::view::Face;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// The titles of all cards, by their first word (longest title first within a word).
fn titles_by_first_word() -> &'static HashMap<&'static str, Vec<(CardId, &'static str)>> {
    static INDEX: OnceLock<HashMap<&'static str, Vec<(CardId, &'static str)>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: HashMap<&'static str, Vec<(CardId, &'static str)>> = HashMap::new();
        for c in &CardDb::get().cards {
            let title: &'static str = c.title.as_str();
            index.entry(first_word(title)).or_default().push((c.id, title));
        }
        for v in index.values_mut() {
            v.sort_by_key(|(_, t)| std::cmp::Reverse(t.len()));
        }
        index
    })
}

/// The leading run of letters and digits.
fn first_word(s: &str) -> &str {
    let end = s.char_indices().find(|(_, c)| !c.is_alphanumeric()).map_or(s.len(), |(i, _)| i);
    &s[..end]
}

/// The cards a text names by title, as whole words (the longest title wins where two start
/// at the same word: "Steam Engine" before "Steam").
pub fn named(text: &str) -> Vec<CardId> {
    let index = titles_by_first_word();
    let mut out = Vec::new();
    let mut i = 0;
    let mut prev_alnum = false;
    while i < text.len() {
        let c = text[i..].chars().next().expect("in bounds");
        let starts_word = c.is_alphanumeric() && !prev_alnum;
        prev_alnum = c.is_alphanumeric();
        if starts_word {
            let rest = &text[i..];
            if let Some(candidates) = index.get(first_word(rest)) {
                let whole = |t: &str| rest.starts_with(t) && rest[t.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric());
                if let Some((id, t)) = candidates.iter().find(|(_, t)| whole(t)) {
                    out.push(*id);
                    i += t.len();
                    prev_alnum = true;
                    continue;
                }
            }
        }
        i += c.len_utf8();
    }
    out
}

/// Cards whose face a spectator sees: the boards, the Artifacts' display and Museums, and any
/// card shown face up elsewhere.
fn faces(game: &Game) -> HashSet<CardId> {
    let v = game.view(None);
    let mut out = HashSet::new();
    for p in &v.players {
        for pile in &p.piles {
            out.extend(pile.cards.iter().copied());
        }
        out.extend(p.display.iter().chain(p.museums.iter()).copied());
        for f in p.hand.iter().chain(&p.score).chain(&p.forecast).chain(&p.safe) {
            if let Face::Front(c) = f {
                out.insert(*c);
            }
        }
    }
    out
}

/// What the public has been told of one game so far; fed the game after every decision.
#[derive(Default)]
pub struct PublicKnowledge {
    told: HashSet<CardId>,
    events: usize,
    faces_before: HashSet<CardId>,
}

impl PublicKnowledge {
    pub fn new() -> PublicKnowledge {
        PublicKnowledge::default()
    }

    /// Reads the public events since the last call, then checks the questions now asked:
    /// their reasons, and the answers of those asked in public, name only cards the public
    /// may know.
    pub fn check(&mut self, game: &Game) -> Result<(), String> {
        for e in game.events().skip(self.events) {
            self.told.extend(named(e.text_for(None)));
        }
        self.events = game.event_count();
        let faces = faces(game);
        let known = |c: &CardId| faces.contains(c) || self.faces_before.contains(c) || self.told.contains(c);
        let mut failure = None;
        for p in game.prompts() {
            let mut words = p.reason.clone();
            if !game.prompt_is_private(p) {
                for c in &p.options {
                    words.push('\n');
                    words.push_str(&game.choice_label(p.player, c));
                }
            }
            if let Some(c) = named(&words).into_iter().find(|c| !known(c)) {
                failure = Some(format!(
                    "a question to seat {} names {}, which the public may not know: {words:?}",
                    p.player,
                    crate::card(c).title
                ));
                break;
            }
        }
        self.faces_before = faces;
        failure.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn title(id: CardId) -> &'static str {
        crate::card(id).title.as_str()
    }

    #[test]
    fn names_whole_titles_longest_first() {
        let n: Vec<&str> = named("Scissors: either meld Steam Engine or score it; Papers are not Paper.").into_iter().map(title).collect();
        assert_eq!(n, ["Scissors", "Steam Engine", "Paper"]);
    }

    #[test]
    fn names_nothing_in_plain_words() {
        assert!(named("either meld it or score it").is_empty());
    }
}

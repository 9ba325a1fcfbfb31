//! One sentence of a card's non-demand effects, executed alone (Teleprompter: "Execute the first
//! sentence of non-demand dogma effect on the card … repeat this effect using the next sentence").
//!
//! **Numbering.** The printed text of each non-demand effect is split where a sentence ends (`.`,
//! `!` or `?` before a space or the end, [`sentences`]); the sentences of a card are numbered from 1
//! in printed order across its non-demand effects, its demand and compel effects skipped
//! ([`sentence_of`]).
//!
//! **Marking.** An effect's code marks where its sentence `n` (2, 3, …, counted within the effect)
//! begins with [`Ctx::sentence`], or with [`Ctx::sentence_on`] when that sentence refers to cards an
//! earlier sentence found ("it", "the drawn card", "the melded card"). In every other execution a
//! marker does nothing. A test checks that each implemented effect marks every one of its printed
//! sentences after the first (`cards::tests`).
//!
//! **Executing sentence k** ([`Ctx::execute_sentence`]): the effect that holds it runs under a
//! gate. Before its sentence k the effect is *suppressed*: every keyword does nothing and says it
//! did nothing, every question is answered with nothing, a draw hands back a card that is not in
//! play (recorded as void), nothing is told to the table. So "if you do" about an earlier sentence
//! is false, and a choice made by an earlier sentence ("that color") is none. Sentence k runs as
//! usual, except that it ends at once when it refers to a void card ("it" is nothing). The effect
//! ends when its code leaves sentence k (the next marker, or a loop back for "repeat this effect"),
//! when it returns, or when it skips past sentence k. Effects executed by sentence k itself (a
//! self-execution) run as usual: the gate is the effect's own.

use crate::card::{card, CardDb, CardId, EffectKind, Set};
use crate::cards::effects_of;
use crate::ctx::{Ctx, Mode, Res, Stop};
use crate::state::PlayerId;

/// The sentences of one printed effect text, in order.
pub fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        let ends = matches!(b, b'.' | b'!' | b'?') && bytes.get(i + 1).is_none_or(|n| n.is_ascii_whitespace());
        if ends {
            let s = text[start..=i].trim();
            if !s.is_empty() {
                out.push(s);
            }
            start = i + 1;
        }
    }
    let rest = text[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

/// Where sentence `k` (from 1) of card `c`'s non-demand effects is: the effect's index and the
/// sentence's number within that effect (from 1). `None` when the card has no such sentence.
pub fn sentence_of(c: CardId, k: usize) -> Option<(usize, usize)> {
    let mut left = k.checked_sub(1)?;
    for (i, eff) in card(c).effects.iter().enumerate() {
        if eff.kind != EffectKind::NonDemand {
            continue;
        }
        let n = sentences(&eff.text).len();
        if left < n {
            return Some((i, left + 1));
        }
        left -= n;
    }
    None
}

/// The gate an effect runs under while one of its sentences is executed alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gate {
    /// The depth of `Ctx::frames` of the gated effect's own frame.
    depth: usize,
    /// The sentence to execute, numbered within the effect.
    target: usize,
    /// The sentence the effect's code is in now.
    at: usize,
    /// Cards handed back by suppressed draws: "it" refers to nothing.
    void: Vec<CardId>,
    /// Draws and questions suppressed so far: a loop that never reaches its sentence ends.
    idle: usize,
}

/// How many draws and questions an effect may suppress before its sentence is taken as never reached.
const IDLE_LIMIT: usize = 200;

impl Ctx<'_> {
    /// The gate of the effect being executed now, if it is being executed one sentence alone.
    fn gate(&self) -> Option<&Gate> {
        self.gates.last().filter(|g| g.depth == self.frames.len())
    }

    /// Whether the effect being executed now is before the sentence executed alone: its
    /// keywords and questions do nothing.
    pub fn suppressed(&self) -> bool {
        self.gate().is_some_and(|g| g.at < g.target)
    }

    /// Counts a suppressed draw or question: an effect looping before its sentence ends there.
    pub(crate) fn idle(&mut self) -> Res<()> {
        let depth = self.frames.len();
        match self.gates.last_mut().filter(|g| g.depth == depth) {
            Some(g) if g.idle >= IDLE_LIMIT => Err(Stop::SentenceEnd),
            Some(g) => {
                g.idle += 1;
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// What a suppressed draw hands back: a card not in play, so that nothing can be done with it.
    pub(crate) fn void_card(&mut self) -> CardId {
        let db = CardDb::get();
        let out_of_play =
            Set::ALL.into_iter().find(|s| !self.st.has(*s)).and_then(|s| (0..=11).find_map(|a| db.of_set_and_age(s, a).first().copied()));
        let c = out_of_play.or_else(|| db.cards.iter().map(|i| i.id).find(|c| self.st.locate(*c).is_none())).unwrap_or(CardId(0));
        if let Some(g) = self.gates.last_mut() {
            g.void.push(c);
        }
        c
    }

    /// Marks the start of sentence `n` (2, 3, …) of the effect being executed. Nothing happens
    /// unless one sentence of this effect is being executed alone: then the effect ends here when
    /// it leaves that sentence.
    pub fn sentence(&mut self, n: usize) -> Res<()> {
        let depth = self.frames.len();
        let Some(g) = self.gates.last_mut().filter(|g| g.depth == depth) else { return Ok(()) };
        if n == g.at {
            return Ok(());
        }
        // Leaving the sentence executed, looping back before reaching it, or skipping past it.
        if g.at == g.target || n < g.at || n > g.target {
            return Err(Stop::SentenceEnd);
        }
        g.at = n;
        Ok(())
    }

    /// Marks the start of sentence `n`, which refers to `cards` found by earlier sentences ("it",
    /// "the drawn cards"). Executed alone, with those cards never found, it does nothing.
    pub fn sentence_on(&mut self, n: usize, cards: &[CardId]) -> Res<()> {
        self.sentence(n)?;
        if self.gate().is_some_and(|g| g.at == g.target && cards.iter().any(|c| g.void.contains(c))) {
            return Err(Stop::SentenceEnd);
        }
        Ok(())
    }

    /// Executes sentence `k` (from 1) of card `c`'s non-demand effects for `p`, alone. Returns
    /// whether the card has such a sentence.
    pub fn execute_sentence(&mut self, p: PlayerId, c: CardId, k: usize) -> Res<bool> {
        let Some((i, n)) = sentence_of(c, k) else { return Ok(false) };
        if effects_of(c).is_none() {
            return Err(Stop::Unimplemented(c));
        }
        if self.telling() {
            let who = self.name(p).to_string();
            let text = sentences(&card(c).effects[i].text)[n - 1];
            self.say(format!("{who} executes sentence {k} of {}: \"{text}\"", card(c).title));
        }
        self.gates.push(Gate { depth: self.frames.len() + 1, target: n, at: 1, void: Vec::new(), idle: 0 });
        let r = self.run_effect(c, i, p, p, Mode::Sentence);
        self.gates.pop();
        match r {
            Ok(()) | Err(Stop::SentenceEnd) => Ok(true),
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_split_where_they_end() {
        assert_eq!(
            sentences("Draw and meld an {11}. Score all cards beneath it."),
            vec!["Draw and meld an {11}.", "Score all cards beneath it."]
        );
        assert_eq!(sentences("I demand you draw! Then meld it!"), vec!["I demand you draw!", "Then meld it!"]);
        assert_eq!(sentences("Draw and reveal a {1}, {2}, {3}, {4}, and {5}."), vec!["Draw and reveal a {1}, {2}, {3}, {4}, and {5}."]);
        assert_eq!(sentences("If it is: green, tuck it; purple, meld it."), vec!["If it is: green, tuck it; purple, meld it."]);
    }

    #[test]
    fn sentences_are_numbered_across_non_demand_effects() {
        let db = CardDb::get();
        // Flight: two non-demand effects of one sentence each.
        let flight = db.by_title("Flight").unwrap();
        assert_eq!((sentence_of(flight, 1), sentence_of(flight, 2), sentence_of(flight, 3)), (Some((0, 1)), Some((1, 1)), None));
        // Oars: its demand is skipped.
        let oars = db.by_title("Oars").unwrap();
        assert_eq!(sentence_of(oars, 1), Some((1, 1)));
        // Genetics: one effect of two sentences.
        let genetics = db.by_title("Genetics").unwrap();
        assert_eq!(sentence_of(genetics, 2), Some((0, 2)));
        assert_eq!(sentence_of(genetics, 0), None);
        // Databases: a demand alone.
        assert_eq!(sentence_of(db.by_title("Databases").unwrap(), 1), None);
    }

    /// Every sentence of every base and Unseen card, executed alone on a busy table, ends as an
    /// effect may (done, a question, the game over) and never panics, never escapes its gate.
    #[test]
    fn every_sentence_executes_alone() {
        use crate::game::{Game, GameConfig};
        let config = GameConfig::new(&["ann", "bo", "cy"], 5).with_expansions(&[Set::Unseen]);
        let mut table = Game::initial_state(&config).unwrap();
        for p in 0..3 {
            for a in 1..=6u8 {
                for set in [Set::Base, Set::Unseen] {
                    let c = table.deck_mut(set, a).pop().unwrap();
                    match (a + p as u8) % 3 {
                        0 => table.players[p].hand.push(c),
                        1 => table.players[p].score.push(c),
                        _ => table.players[p].piles[card(c).color.index()].cards.push(c),
                    }
                }
            }
        }
        let names: Vec<String> = config.players.clone();
        let db = CardDb::get();
        let mut runs = 0;
        for info in db.cards.iter().filter(|c| matches!(c.set, Set::Base | Set::Unseen) && c.age > 0) {
            for k in 1.. {
                if sentence_of(info.id, k).is_none() {
                    break;
                }
                if std::env::var("SENTENCE_TRACE").is_ok() {
                    eprintln!("{} sentence {k}", info.title);
                }
                let mut st = table.clone();
                let mut ctx = Ctx::new(&mut st, &names, &[]);
                let r = ctx.execute_sentence(0, info.id, k);
                let ok =
                    matches!(r, Ok(true) | Err(Stop::Ask(_)) | Err(Stop::GameOver(_)) | Err(Stop::Lost(_)) | Err(Stop::ActionComplete));
                assert!(ok, "{} sentence {k}: {r:?}", info.title);
                assert!(ctx.gates.is_empty() && ctx.frames.is_empty());
                runs += 1;
            }
        }
        assert!(runs > 400, "{runs} sentences executed");
    }

    /// Executed alone, a sentence does what it says and nothing before or after it.
    #[test]
    fn a_sentence_alone_does_only_what_it_says() {
        use crate::card::Color;
        use crate::game::{Game, GameConfig};
        let db = CardDb::get();
        let id = |t: &str| db.by_title(t).unwrap();
        let config = GameConfig::new(&["ann", "bo"], 2);
        let mut table = Game::initial_state(&config).unwrap();
        for p in 0..2 {
            for c in std::mem::take(&mut table.players[p].hand) {
                table.deck_mut(Set::Base, 1).insert(0, c);
            }
        }
        for (t, col) in [("Archery", Color::Red), ("Oars", Color::Red), ("Sailing", Color::Green), ("Clothing", Color::Green)] {
            table.remove(id(t));
            table.players[0].piles[col.index()].cards.push(id(t));
        }
        table.remove(id("Writing"));
        table.players[0].hand.push(id("Writing"));
        let names: Vec<String> = config.players.clone();
        let run = |c: &str, k: usize| {
            let mut st = table.clone();
            let mut ctx = Ctx::new(&mut st, &names, &[]);
            assert_eq!(ctx.execute_sentence(0, id(c), k), Ok(true), "{c} {k}");
            let acts: Vec<crate::ctx::Act> = ctx.trace.iter().map(|h| h.act).collect();
            (acts, st)
        };
        use crate::ctx::Act;
        // Domestication: "Meld the lowest card in your hand. Draw a {1}."
        let (acts, st) = run("Domestication", 1);
        assert_eq!(acts, vec![Act::Meld], "the meld, and not the draw");
        assert!(st.players[0].hand.is_empty());
        let (acts, st) = run("Domestication", 2);
        assert_eq!(acts, vec![Act::Draw], "the draw, and not the meld");
        assert_eq!(st.players[0].hand.len(), 2);
        // Genetics: "Score all cards beneath it." refers to no melded card.
        assert_eq!(run("Genetics", 2).0, vec![]);
        // Tools: "If you do, draw and meld a {3}." (nothing was returned).
        assert_eq!(run("Tools", 2).0, vec![]);
        // Metalworking: "If it has [authority], score it and repeat this effect." refers to no card.
        assert_eq!(run("Metalworking", 2).0, vec![]);
        // Railroad: its third sentence is its third effect, "You may splay up any one color of your
        // cards currently splayed right": nothing is splayed right, so nothing happens; its second
        // draws three 6s and nothing else.
        assert_eq!(run("Railroad", 2).0, vec![Act::Draw, Act::Draw, Act::Draw]);
        assert_eq!(run("Railroad", 3).0, vec![]);
    }
}

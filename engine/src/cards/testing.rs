//! Test helpers shared by the card modules' tests: running an effect on a busy table with
//! every question answered mechanically, and what counts as ending well.

use crate::card::{CardDb, CardId, Set};
use crate::ctx::{Ctx, Res, Stop};
use crate::prompt::{AnswerKind, Decision};
use crate::sentence::sentence_of;
use crate::state::State;
use std::ops::RangeInclusive;

fn names() -> Vec<String> {
    ["ann", "bo", "cy"].iter().map(|s| s.to_string()).collect()
}

/// Runs `f` on copies of `table`, answering every question with its first (or last) options,
/// until it ends; its result.
pub fn answering(table: &State, last: bool, f: impl Fn(&mut Ctx) -> Res<()>) -> Res<()> {
    let names = names();
    let mut answers: Vec<Decision> = Vec::new();
    for _ in 0..300 {
        let mut st = table.clone();
        let mut ctx = Ctx::new(&mut st, &names, &answers);
        match f(&mut ctx) {
            Err(Stop::Ask(q)) => {
                let n = q.min.max(1).min(q.max).min(q.options.len());
                let pick = if last { q.options[q.options.len() - n..].to_vec() } else { q.options[..n].to_vec() };
                answers.push(Decision::new(q.player, pick));
            }
            other => return other,
        }
    }
    panic!("more than 300 questions");
}

/// Runs `f` on a copy of `table` to its end, answering every question with its first options
/// (at least one where one may be given: "yes", a card, the proposed order), replayed as the
/// engine replays a step. Returns how it ended and the table then.
pub fn run_through<T>(table: &State, f: impl Fn(&mut Ctx) -> Res<T>) -> (Res<T>, State) {
    run_answering(table, |p| if p.kind == AnswerKind::Order { p.options.len() } else { p.min.max(1).min(p.max) }, f)
}

/// As [`run_through`], taking from each question the first `pick(question)` options.
pub fn run_answering<T>(table: &State, pick: impl Fn(&crate::prompt::Prompt) -> usize, f: impl Fn(&mut Ctx) -> Res<T>) -> (Res<T>, State) {
    let names = names();
    let mut answers: Vec<Decision> = Vec::new();
    loop {
        let mut st = table.clone();
        let mut ctx = Ctx::new(&mut st, &names, &answers);
        let r = f(&mut ctx);
        assert!(ctx.frames.is_empty() && ctx.gates.is_empty());
        match r {
            Err(Stop::Ask(p)) => {
                assert!(answers.len() < 500, "too many questions: {}", p.reason);
                let n = pick(&p);
                answers.push(Decision { player: p.player, answer: p.options[..n].to_vec() });
            }
            other => return (other, st),
        }
    }
}

/// An effect ended as an effect may: done, the game over, or a player lost.
pub fn ends_well<T>(r: &Res<T>) -> bool {
    matches!(r, Ok(_) | Err(Stop::GameOver(_)) | Err(Stop::Lost(_)))
}

/// An action or a sentence executed alone ended as one may: done, the game over, or the end of
/// the sentence reached.
pub fn fine(r: &Res<()>) -> bool {
    matches!(r, Ok(()) | Err(Stop::GameOver(_)) | Err(Stop::SentenceEnd))
}

/// The cards of `set` of the ages `ages`.
pub fn cards_of(set: Set, ages: RangeInclusive<u8>) -> Vec<CardId> {
    let db = CardDb::get();
    ages.flat_map(|a| db.of_set_and_age(set, a).to_vec()).collect()
}

/// Every sentence of every one of `cards` executed alone by the first player on each of
/// `tables`, answered with first and with last options, ends [`fine`]; how many ran.
pub fn execute_every_sentence_alone(tables: &[State], cards: &[CardId]) -> usize {
    let mut runs = 0;
    for table in tables {
        for &c in cards {
            for k in (1..).take_while(|k| sentence_of(c, *k).is_some()) {
                for last in [false, true] {
                    let r = answering(table, last, |ctx| ctx.execute_sentence(0, c, k).map(drop));
                    assert!(fine(&r), "{} sentence {k}: {r:?}", crate::card::card(c).title);
                    runs += 1;
                }
            }
        }
    }
    runs
}

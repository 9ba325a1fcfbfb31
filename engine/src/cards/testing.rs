//! Test helpers shared by the card modules' tests: running an effect on a busy table with
//! every question answered mechanically.

use crate::ctx::{Ctx, Res, Stop};
use crate::prompt::Decision;
use crate::state::State;

/// Runs `f` on copies of `table`, answering every question with its first (or last) options,
/// until it ends; its result.
pub fn answering(table: &State, last: bool, f: impl Fn(&mut Ctx) -> Res<()>) -> Res<()> {
    let names: Vec<String> = ["ann", "bo", "cy"].iter().map(|s| s.to_string()).collect();
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

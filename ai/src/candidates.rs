//! The answers worth trying for a question: every answer when there are few,
//! a spread of them when a question allows many combinations.

use engine::{AnswerKind, Choice, Prompt};
use rand::seq::SliceRandom;
use rand::Rng;

/// At most this many answers are tried for one question.
pub const MAX_CANDIDATES: usize = 24;

fn binomial(n: usize, k: usize) -> usize {
    let k = k.min(n - k.min(n));
    let mut r: usize = 1;
    for i in 0..k {
        r = r.saturating_mul(n - i) / (i + 1);
    }
    r
}

fn combinations(opts: &[Choice], k: usize, from: usize, cur: &mut Vec<Choice>, out: &mut Vec<Vec<Choice>>) {
    if cur.len() == k {
        out.push(cur.clone());
        return;
    }
    for i in from..opts.len() {
        cur.push(opts[i].clone());
        combinations(opts, k, i + 1, cur, out);
        cur.pop();
    }
}

fn permutations(opts: &[Choice], cur: &mut Vec<Choice>, used: &mut Vec<bool>, out: &mut Vec<Vec<Choice>>) {
    if cur.len() == opts.len() {
        out.push(cur.clone());
        return;
    }
    for i in 0..opts.len() {
        if !used[i] {
            used[i] = true;
            cur.push(opts[i].clone());
            permutations(opts, cur, used, out);
            cur.pop();
            used[i] = false;
        }
    }
}

/// Answers to try for `prompt`, each legal, none in `refused`, no two alike.
pub fn candidates(prompt: &Prompt, refused: &[Vec<Choice>], rng: &mut impl Rng) -> Vec<Vec<Choice>> {
    let opts = &prompt.options;
    let n = opts.len();
    let max = prompt.max.min(n);
    let min = prompt.min.min(max);
    let mut out: Vec<Vec<Choice>> = Vec::new();
    if prompt.kind == AnswerKind::Order {
        if n <= 4 {
            permutations(opts, &mut Vec::new(), &mut vec![false; n], &mut out);
        } else {
            out.push(opts.clone());
            let mut rev = opts.clone();
            rev.reverse();
            out.push(rev);
            while out.len() < MAX_CANDIDATES {
                let mut o = opts.clone();
                o.shuffle(rng);
                if !out.contains(&o) {
                    out.push(o);
                }
            }
        }
    } else {
        let total: usize = (min..=max).map(|k| binomial(n, k)).fold(0usize, |a, b| a.saturating_add(b));
        if total <= MAX_CANDIDATES {
            for k in min..=max {
                combinations(opts, k, 0, &mut Vec::new(), &mut out);
            }
        } else {
            // The extremes, each single card when singles are allowed, then random picks.
            let push = |a: Vec<Choice>, out: &mut Vec<Vec<Choice>>| {
                if a.len() >= min && a.len() <= max && !out.contains(&a) {
                    out.push(a);
                }
            };
            push(Vec::new(), &mut out);
            for o in opts {
                push(vec![o.clone()], &mut out);
            }
            push(opts[..max].to_vec(), &mut out);
            push(opts[n - min..].to_vec(), &mut out);
            let mut tries = 0;
            while out.len() < MAX_CANDIDATES + n && tries < 200 {
                tries += 1;
                let k = rng.gen_range(min..=max);
                let mut pick: Vec<Choice> = opts.choose_multiple(rng, k).cloned().collect();
                // Order does not matter outside `Order` questions: keep the options' order.
                pick.sort_by_key(|c| opts.iter().position(|o| o == c));
                push(pick, &mut out);
            }
        }
    }
    out.retain(|a| !refused.contains(a) && !a.contains(&Choice::Concede));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::CardId;
    use rand::SeedableRng;

    fn prompt(kind: AnswerKind, n: usize, min: usize, max: usize) -> Prompt {
        Prompt {
            player: 0,
            kind,
            options: (0..n as u16).map(|i| Choice::Card(CardId(i))).collect(),
            min,
            max,
            reason: String::new(),
            on_behalf_of: None,
            about: None,
        }
    }

    #[test]
    fn every_candidate_is_legal_and_small_questions_are_enumerated() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for (kind, n, min, max) in [
            (AnswerKind::Cards, 3, 0, 1),
            (AnswerKind::Cards, 4, 0, 4),
            (AnswerKind::Cards, 12, 0, 12),
            (AnswerKind::Order, 3, 3, 3),
            (AnswerKind::Order, 7, 7, 7),
            (AnswerKind::Cards, 9, 2, 2),
        ] {
            let p = prompt(kind, n, min, max);
            let c = candidates(&p, &[], &mut rng);
            assert!(!c.is_empty());
            for a in &c {
                assert!(p.check(a).is_ok(), "{a:?} for {kind:?} {n} {min}..{max}");
            }
            let mut d = c.clone();
            d.sort_by_key(|a| format!("{a:?}"));
            d.dedup();
            assert_eq!(d.len(), c.len(), "duplicates for {kind:?} {n}");
        }
        assert_eq!(candidates(&prompt(AnswerKind::Cards, 3, 0, 1), &[], &mut rng).len(), 4);
        assert_eq!(candidates(&prompt(AnswerKind::Cards, 4, 0, 4), &[], &mut rng).len(), 16);
        assert_eq!(candidates(&prompt(AnswerKind::Order, 3, 3, 3), &[], &mut rng).len(), 6);
    }
}

//! Catching up: when a game comes back to a player (their new question, their
//! reminder), a recap of everything since their last decision, one line for each
//! action of another player with its effects, in the words that player may read:
//! public moves in full, their own hidden cards by name, the others' by their back
//! (the events' private wording goes only to those allowed to see it). Long recaps
//! are folded to the latest lines that fit, saying how many were left out and that
//! `/log since: my last turn` shows them all.

use super::*;

/// The most characters a folded recap takes (a direct message holds 2,000).
pub const RECAP_CHARS: usize = 1_000;
/// The most characters one line of a folded recap takes.
pub const LINE_CHARS: usize = 300;

/// Everything since `seat`'s last decision (since the start, if they made none), one line
/// per action of another player ("bo: bo melded Sailing (1); ..."), in `seat`'s words.
pub fn recap_lines(live: &Live, seat: usize) -> Vec<String> {
    let g = &live.game;
    let ds = g.decisions();
    if live.marks.len() != ds.len() {
        return Vec::new(); // not kept for this game (never expected)
    }
    let events: Vec<&engine::Event> = g.events().collect();
    let (first, mut from) = match ds.iter().rposition(|d| d.player == seat) {
        Some(k) => (k + 1, live.marks[k]),
        None => (0, 0),
    };
    let mut lines = Vec::new();
    let mut group: Option<(usize, Vec<String>)> = None;
    let flush = |group: Option<(usize, Vec<String>)>, lines: &mut Vec<String>| {
        if let Some((actor, texts)) = group.filter(|(_, t)| !t.is_empty()) {
            lines.push(format!("{}: {}", g.names()[actor], texts.join("; ")));
        }
    };
    for (j, d) in ds.iter().enumerate().skip(first) {
        // An action (or a concession) begins a new line; answers during it join the line.
        let starts = d.answer.iter().any(|c| matches!(c, Choice::Action(_) | Choice::Concede));
        if starts || group.is_none() {
            flush(group.take(), &mut lines);
            group = Some((d.player, Vec::new()));
        }
        let to = live.marks[j];
        if let (Some((_, texts)), Some(evs)) = (group.as_mut(), events.get(from..to)) {
            texts.extend(evs.iter().map(|e| e.text_for(Some(seat)).to_string()));
        }
        from = to;
    }
    flush(group, &mut lines);
    lines
}

/// A recap folded to fit a message: the latest lines within [`RECAP_CHARS`], each at most
/// [`LINE_CHARS`], and a note saying what was left out and where to read it (never cut silently).
pub fn folded(lines: &[String]) -> String {
    let hint = "`/log since: my last turn` shows it all";
    let mut kept: Vec<String> = Vec::new();
    let mut used = 0;
    let mut shortened = false;
    for l in lines.iter().rev() {
        let line = if l.chars().count() > LINE_CHARS {
            shortened = true;
            format!("{}…", l.chars().take(LINE_CHARS - 1).collect::<String>())
        } else {
            l.clone()
        };
        let n = line.chars().count() + 3;
        if used + n > RECAP_CHARS && !kept.is_empty() {
            break;
        }
        used += n;
        kept.push(line);
    }
    kept.reverse();
    let left_out = lines.len() - kept.len();
    let mut s = String::new();
    if left_out > 0 {
        let _ = writeln!(s, "• … {left_out} earlier {} not shown: {hint}.", if left_out == 1 { "action" } else { "actions" });
    }
    s.push_str(&bullets(&kept));
    if shortened {
        let _ = writeln!(s, "(Long lines are shortened: {hint}.)");
    }
    s
}

impl Service {
    /// After a decision: each person whose new question brings the game back to them gets the
    /// recap first, in the direct message they are sent anyway or in one of its own.
    pub(super) fn add_recaps(&self, live: &Live, actor: usize, out: &mut Outcome) {
        let g = &live.game;
        if g.is_over() || g.in_first_meld() {
            return;
        }
        for prompt in g.prompts() {
            let seat = prompt.player;
            if seat == actor || live.is_computer(seat) || live.stamps[seat] != live.version {
                continue;
            }
            let lines = recap_lines(live, seat);
            if lines.is_empty() {
                continue;
            }
            let recap = format!("**Since your last move:**\n{}", folded(&lines));
            match out.dms.iter_mut().find(|d| d.seat == seat) {
                Some(dm) => dm.text = format!("{recap}\n{}", dm.text),
                None => {
                    let text = format!(
                        "**Game #{}**{} comes back to you: {}{}\n{recap}",
                        live.id,
                        live.thread.map(|t| format!(" (<#{t}>)")).unwrap_or_default(),
                        prompt.reason,
                        Self::how_many(prompt)
                    );
                    out.dms.push(Dm { user: live.user_of(seat), seat, text, pictures: Vec::new(), ui: None, fallback: None });
                }
            }
        }
    }

    /// The recap for `seat` of a game, folded to fit a message (for a reminder); empty when nothing happened.
    pub(super) async fn folded_recap(&self, game: i64, seat: usize) -> String {
        let Ok((_slot, guard)) = self.lock(game).await else { return String::new() };
        let live = guard.as_ref().expect("loaded");
        let lines = recap_lines(live, seat);
        if lines.is_empty() {
            return String::new();
        }
        format!("**Since your last move:**\n{}", folded(&lines))
    }

    /// `/log since: my last turn`: every line of the user's recap, unfolded.
    pub async fn recap(&self, game: i64, user: Snowflake) -> Result<Vec<String>> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        Ok(recap_lines(live, seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_recap_keeps_the_latest_lines_and_says_what_it_left_out() {
        let lines: Vec<String> = (0..40).map(|i| format!("bo: line {i} {}", "x".repeat(60))).collect();
        let s = folded(&lines);
        assert!(s.chars().count() <= RECAP_CHARS + 200, "{}", s.chars().count());
        assert!(s.contains("line 39") && !s.contains("line 0 "), "the latest lines are kept");
        let shown = s.lines().filter(|l| l.starts_with("• bo:")).count();
        assert!(s.starts_with(&format!("• … {} earlier actions not shown: `/log since: my last turn`", 40 - shown)), "{s}");
        let one = folded(&[format!("bo: {}", "y".repeat(LINE_CHARS * 2))]);
        assert!(one.contains("…") && one.contains("Long lines are shortened"), "{one}");
        assert_eq!(folded(&["bo: bo drew a 1".into()]), "• bo: bo drew a 1\n", "a short recap is whole");
    }
}

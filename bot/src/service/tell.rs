//! Telling players: after a decision, the thread's post (what happened in public
//! words, who is asked what), the direct messages (private happenings, the hand
//! when it changed, private questions), the final scores; and the messages with
//! buttons kept so their buttons can be taken away once stale.

use super::*;

pub(super) struct Before {
    events: usize,
    hands: Vec<Vec<CardId>>,
    scores: Vec<Vec<CardId>>,
    first_meld: bool,
    /// What follows is a move taken back, not a decision.
    took_back: bool,
}

impl Before {
    pub(super) fn of(g: &Game) -> Before {
        let sorted = |v: &Vec<CardId>| {
            let mut v = v.clone();
            v.sort();
            v
        };
        Before {
            events: g.event_count(),
            hands: g.state().players.iter().map(|p| sorted(&p.hand)).collect(),
            scores: g.state().players.iter().map(|p| sorted(&p.score)).collect(),
            first_meld: in_first_meld(g),
            took_back: false,
        }
    }
    /// The same, for telling that the decision after it was taken back.
    pub(super) fn taken_back(self) -> Before {
        Before { took_back: true, ..self }
    }
}

/// Whether every card now in a player's hand and score pile was in their hand or score pile
/// before (cards only left them, or moved between the two): nothing there they have not seen.
fn only_known_cards(hand: &[CardId], score: &[CardId], before: &Before, seat: usize) -> bool {
    let mut had: Vec<CardId> = before.hands[seat].iter().chain(&before.scores[seat]).copied().collect();
    for c in hand.iter().chain(score) {
        match had.iter().position(|h| h == c) {
            Some(i) => {
                had.swap_remove(i);
            }
            None => return false,
        }
    }
    true
}

/// Puts the reply to the one who acted before what the outcome tells them with it (see
/// [`Outcome::reply_tells`]).
pub(super) fn set_reply(out: &mut Outcome, reply: String) {
    out.reply = if out.reply.is_empty() { reply } else { format!("{reply}\n\n{}", out.reply) };
}

pub(super) fn bullets(lines: &[String]) -> String {
    lines.iter().map(|l| format!("• {l}\n")).collect()
}

impl Service {
    /// What to tell whom after a decision.
    pub(super) fn tell(&self, live: &Live, before: &Before, actor: usize, headline: Option<String>) -> Outcome {
        let g = &live.game;
        let mut out = Outcome { game: live.id, thread: live.thread, ..Default::default() };
        let events: Vec<&engine::Event> = g.events().skip(before.events).collect();
        let first_meld = in_first_meld(g);

        // The thread: what happened, in public words, then who is asked what.
        let mut post = Post::default();
        if let Some(h) = headline {
            let _ = writeln!(post.text, "{h}");
        }
        if before.first_meld && first_meld {
            let waiting: Vec<String> = g.prompts().iter().map(|p| live.mention(p.player)).collect();
            let _ = writeln!(
                post.text,
                "{}Still choosing: {}.",
                if before.took_back { String::new() } else { format!("{} has chosen a first card. ", g.names()[actor]) },
                if waiting.is_empty() { "nobody".into() } else { waiting.join(", ") }
            );
        } else {
            let lines: Vec<String> = events.iter().map(|e| e.text_for(None).to_string()).collect();
            post.text.push_str(&bullets(&lines));
        }
        let mut private_questions = Vec::new();
        if let Some(r) = g.result() {
            let _ = write!(post.text, "\n🏆 **Game over.** {}\n", text::result_text(g.names(), r));
            post.text.push_str(&Self::final_scores(live, r));
            post.pictures.push(Picture::Table(g.view(None)));
            post.ui = Some(Ui { game: live.id, stamp: live.version, seat: 0, kind: UiKind::Rematch });
        } else if !first_meld {
            for prompt in g.prompts() {
                if live.stamps[prompt.player] != live.version && !before.first_meld {
                    continue; // the same question as before: already shown
                }
                let who = live.mention(prompt.player);
                if live.is_computer(prompt.player) {
                    // A computer answers by itself in a moment: no buttons, no picture.
                    if prompt.kind == AnswerKind::Action {
                        let _ = write!(post.text, "\n{who} (computer) takes its turn…");
                    } else {
                        let _ = write!(post.text, "\n{who} (computer) is answering: {}{}", prompt.reason, Self::how_many(prompt));
                    }
                } else if prompt.kind == AnswerKind::Action {
                    let _ = write!(post.text, "\n{who}, {}", prompt.reason);
                    post.pictures.push(Picture::Table(g.view(None)));
                    post.ui = Some(self.ui_for(live, prompt));
                } else if is_private(g, prompt) {
                    let _ = write!(
                        post.text,
                        "\n{who}: {}{} — I sent you the choices by direct message (or use /answer here).",
                        prompt.reason,
                        Self::how_many(prompt)
                    );
                    private_questions.push(prompt.player);
                } else {
                    let _ = write!(post.text, "\n{who}: {}{}", prompt.reason, Self::how_many(prompt));
                    post.ui = Some(self.ui_for(live, prompt));
                }
            }
        }
        if !post.text.trim().is_empty() || post.ui.is_some() {
            out.posts.push(post);
        }

        // Direct messages: private happenings, the hand when it changed, private questions.
        if g.is_over() {
            return out;
        }
        for p in live.players.iter().filter(|p| p.computer.is_none()) {
            let seat = p.seat;
            let private_lines: Vec<String> = events
                .iter()
                .filter(|e| e.private.is_some() && e.audience.contains(&seat))
                .map(|e| e.text_for(Some(seat)).to_string())
                .collect();
            let st = &g.state().players[seat];
            let mut hand = st.hand.clone();
            hand.sort();
            let mut score = st.score.clone();
            score.sort();
            let changed = hand != before.hands[seat] || score != before.scores[seat];
            let asked = private_questions.contains(&seat);
            if st.eliminated || (private_lines.is_empty() && !changed && !asked) {
                continue;
            }
            if seat == actor && changed && !asked && private_lines.is_empty() && only_known_cards(&hand, &score, before, seat) {
                // Changed only by what the one who acted just did and saw (a meld, a card returned
                // or scored from the hand): their hand is told with the reply to their click or
                // command, which they see at once, instead of in one more direct message.
                out.reply = text::hand_text(&g.view(Some(seat)), seat);
                out.reply_tells = true;
                continue;
            }
            if asked {
                let mut dm = self.question_dm(live, seat, false);
                if !private_lines.is_empty() {
                    dm.text = format!("{}\n{}", bullets(&private_lines), dm.text);
                }
                out.dms.push(dm);
            } else {
                let view = g.view(Some(seat));
                let mut text = format!("**Game #{}**{}\n", live.id, live.thread.map(|t| format!(" (<#{t}>)")).unwrap_or_default());
                text.push_str(&bullets(&private_lines));
                text.push_str(&text::hand_text(&view, seat));
                let pictures = if changed { vec![Picture::Hand(view, seat)] } else { Vec::new() };
                out.dms.push(Dm { user: p.user_id, seat, text, pictures, ui: None, fallback: None });
            }
        }
        out
    }

    /// Every player's achievements and score, each mentioned so that everyone is notified of the end.
    pub(super) fn final_scores(live: &Live, r: &GameResult) -> String {
        let g = &live.game;
        let mut s = String::new();
        for (seat, ps) in g.state().players.iter().enumerate() {
            let _ = writeln!(
                s,
                "{} {} ({}): {} achievement{}, score {}{}",
                if r.winners.contains(&seat) { "👑" } else { "·" },
                g.names()[seat],
                live.mention(seat),
                engine::derived::achievement_count(g.state(), seat),
                if engine::derived::achievement_count(g.state(), seat) == 1 { "" } else { "s" },
                engine::derived::score(g.state(), seat),
                if ps.eliminated { " (out)" } else { "" }
            );
        }
        s
    }

    pub async fn record_prompt_message(&self, game: i64, m: PromptMessage) -> Result<()> {
        Ok(self.store.record_prompt_message(game, &m).await?)
    }

    pub async fn forget_prompt_message(&self, channel: Snowflake, message: Snowflake) -> Result<()> {
        Ok(self.store.forget_prompt_message(channel, message).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn before(hand: &[u16], score: &[u16]) -> Before {
        let ids = |v: &[u16]| v.iter().map(|c| CardId(*c)).collect::<Vec<_>>();
        Before { events: 0, hands: vec![ids(hand)], scores: vec![ids(score)], first_meld: false, took_back: false }
    }

    #[test]
    fn only_cards_seen_before_need_no_direct_message() {
        let b = before(&[1, 2, 3], &[7]);
        let ids = |v: &[u16]| v.iter().map(|c| CardId(*c)).collect::<Vec<_>>();
        assert!(only_known_cards(&ids(&[1, 3]), &ids(&[7]), &b, 0), "a card melded from the hand");
        assert!(only_known_cards(&ids(&[1]), &ids(&[2, 3, 7]), &b, 0), "cards scored from the hand");
        assert!(only_known_cards(&ids(&[1, 2, 3, 7]), &[], &b, 0), "a card taken back from the score pile");
        assert!(!only_known_cards(&ids(&[1, 2, 3, 9]), &ids(&[7]), &b, 0), "a card drawn");
        assert!(!only_known_cards(&ids(&[1, 2]), &ids(&[7, 8]), &b, 0), "a card scored from elsewhere");
        assert!(!only_known_cards(&ids(&[1, 1]), &ids(&[7]), &b, 0), "each card counts once");
    }
}

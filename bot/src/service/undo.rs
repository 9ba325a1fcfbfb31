//! Taking back a move: `/undo` and the **Undo** button under a move's confirmation
//! take back the player's latest decision when the engine allows it (nothing hidden
//! was shown since, nobody else answered since: see `engine/src/undo.rs`).
//!
//! The decision stays in the database, marked as taken back at the version the
//! undo made (migration 0007); an undo bumps the version like a decision, so every
//! button from before it is stale and two presses at once take back one decision.
//! The thread is told what was taken back, and the questions are asked again.

use super::*;

impl Service {
    /// The decision `seat` may take back now, by its number, to offer with its reply.
    pub(super) fn undo_offer(live: &Live, seat: usize) -> Option<i64> {
        if live.is_computer(seat) || live.cancelled {
            return None;
        }
        let i = live.game.undoable(seat).ok()?;
        live.seqs.get(i).copied()
    }

    /// Takes back the user's latest decision (`/undo`), or decision number `seq` when it is
    /// still their latest (the Undo button, which must not take back an older one).
    pub async fn undo(&self, game: i64, user: Snowflake, seq: Option<i64>) -> Result<Outcome> {
        let (slot, mut guard) = self.lock(game).await?;
        let live = guard.as_mut().expect("loaded");
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if let Some(s) = seq {
            if !live.seqs.contains(&s) {
                return Err(Refusal::Other("That move was already taken back.".into()));
            }
            if live.seqs.last() != Some(&s) {
                let last = live.game.decisions().last().map(|d| d.player);
                if last == Some(seat) {
                    return Err(Refusal::Other("You have moved again since: `/undo` takes back your latest move.".into()));
                }
            }
        }
        let i = live.game.undoable(seat).map_err(|r| Refusal::Undo(r.to_string()))?;
        let undone = match live.game.undo(seat) {
            Ok(g) => g,
            Err(engine::UndoRefusal::Arranged) => {
                return Err(Refusal::Other(
                    "This game goes on from a table kept after an upgrade of the rules: its moves cannot be taken back.".into(),
                ))
            }
            Err(e) => return Err(Refusal::Internal(e.to_string())),
        };
        let d = live.game.decisions()[i].clone();
        let seq = live.seqs[i];
        let new_version = live.version + 1;
        // What is taken back, in the thread's words (the events it set off) and the player's own.
        let gone: Vec<String> = live.game.events().skip(undone.event_count()).map(|e| e.text_for(None).to_string()).collect();
        let labels: Vec<String> = d.answer.iter().map(|c| text::choice_words(&undone, seat, c)).collect();
        let before = Before::of(&live.game);
        let old = std::mem::replace(&mut live.game, undone);
        let stamps = vec![new_version; live.stamps.len()];
        let waits = Self::waits(live, &stamps);
        if let Err(e) = self.store.undo_decision(live.id, live.version, seq, Some((self.now(), &waits))).await {
            live.game = old;
            return Err(e.into());
        }
        live.version = new_version;
        live.stamps = stamps;
        live.seqs.truncate(i);
        live.marks.truncate(i);
        // The computer players forget what they saw of the game (as after a restart).
        live.computers.get_mut().unwrap_or_else(|e| e.into_inner()).clear();
        let name = live.game.names()[seat].clone();
        let mut headline = if live.game.in_first_meld() {
            format!("↩️ **{name}** took back their choice of a first card.")
        } else {
            format!("↩️ **{name}** took back their last move.")
        };
        for line in &gone {
            let _ = write!(headline, "\n~~{line}~~");
        }
        let mut out = self.tell(live, &before.taken_back(), seat, Some(headline));
        if live.game.in_first_meld() {
            out.dms.push(self.question_dm(live, seat, true));
        }
        let reply =
            if labels.is_empty() { "You took back your answer (none).".into() } else { format!("You took back: {}.", labels.join(", ")) };
        set_reply(&mut out, reply);
        out.stale = self.stale_messages(live).await;
        out.order = Some(OrderTicket::issue(&slot.deliver));
        out.computer_turn = Self::computer_asked(live).is_some();
        out.undo = Self::undo_offer(live, seat);
        tracing::info!(game, seat, seq, "a move was taken back");
        drop(guard);
        Ok(out)
    }
}

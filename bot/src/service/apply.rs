//! Applying decisions: mapping a click or command to an engine decision (after
//! checking it answers the user's own current question), applying it, and
//! storing it (committed before anyone is told) with what goes along with it.

use super::*;
use engine::Color;

/// An answer as it arrives: option indices (buttons, menus) or choices.
#[derive(Clone, Debug)]
pub enum Answer {
    Indices(Vec<usize>),
    Choices(Vec<Choice>),
}

pub(super) fn engine_refusal(e: GameError) -> Refusal {
    match e {
        GameError::Unimplemented { title } => Refusal::Unimplemented(title),
        GameError::Over => Refusal::GameOver,
        GameError::NotAsked { .. } => Refusal::NotAsked(String::new()),
        GameError::Illegal { problem, .. } => Refusal::Illegal(problem),
        GameError::FirstMeldConcession => {
            Refusal::Other("Nobody can concede before the first meld. Ask the other players to simply leave this game be.".into())
        }
        other => Refusal::Internal(other.to_string()),
    }
}

/// Figures: the Decree someone names, by its name ("War", "war decree") or its colour ("red"), in
/// any case; "War (red)", as the suggestions show it, too.
pub(super) fn decree_named(arg: &str) -> Result<Color> {
    let arg = arg.trim();
    let name = arg.split_once('(').map_or(arg, |(name, _)| name).trim();
    CardDb::get().decree_named(name).or_else(|| Color::parse(&arg.to_lowercase())).ok_or_else(|| {
        let all: Vec<String> = Color::ALL.iter().map(|c| text::decree_name(*c)).collect();
        Refusal::Illegal(format!("there is no Decree called \"{arg}\": the Decrees are {}", all.join(", ")))
    })
}

impl Service {
    /// A button must answer the clicker's own current question.
    pub(super) fn check_stamp(&self, live: &Live, user: Snowflake, stamp: Option<Asked>) -> Result<()> {
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        match stamp {
            Some(a) if a.seat != seat => {
                let name = live.game.names().get(a.seat).cloned().unwrap_or_default();
                Err(Refusal::NotAsked(format!(": this question is for {name}")))
            }
            Some(a) if live.game.prompt_for(seat).is_none() || a.stamp != live.stamps[seat] => Err(Refusal::Stale),
            _ => Ok(()),
        }
    }

    pub(super) fn asked<'a>(&self, live: &'a Live, user: Snowflake) -> Result<(usize, &'a Prompt)> {
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        match live.game.prompt_for(seat) {
            Some(p) => Ok((seat, p)),
            None => {
                let w = live.waiting_names();
                Err(Refusal::NotAsked(if w.is_empty() { String::new() } else { format!(": the game waits on {}", w.join(", ")) }))
            }
        }
    }

    /// A slash command's action: /draw, /meld card, /dogma card, /achieve age, /endorse card,
    /// /decree decree (a Decree by name or colour).
    pub async fn act(&self, game: i64, user: Snowflake, which: ActionButton, arg: Option<&str>) -> Result<Outcome> {
        let choice = match which {
            ActionButton::Draw => Choice::Action(Action::Draw),
            ActionButton::Decree => {
                let col = decree_named(arg.unwrap_or(""))?;
                self.check_decree(game, user, col).await?;
                Choice::Action(Action::Decree(col))
            }
            ActionButton::Achieve => {
                let arg = arg.unwrap_or("").trim().to_lowercase();
                // "3": the available achievement of that age; "secret 2": The Unseen's second secret in the safe.
                match arg.strip_prefix("secret") {
                    Some(place) => {
                        let n: u8 = place.trim().parse().ok().filter(|n| *n >= 1).ok_or_else(|| {
                            Refusal::Illegal("give the place of the secret in your safe, 1 for the first that came in".into())
                        })?;
                        Choice::Action(Action::AchieveSecret(n - 1))
                    }
                    None => match arg.parse::<u8>() {
                        Ok(v) => Choice::Action(Action::Achieve(v)),
                        // Figures: a top card a karma makes an available achievement, by its title.
                        Err(_) => match CardDb::get().by_title(&arg) {
                            Some(id) => Choice::Action(Action::AchieveCard(id)),
                            None => {
                                return Err(Refusal::Illegal(
                                    "give the age of the achievement, a number from 1 to 10 (or \"secret N\", or a card a karma makes available)".into(),
                                ))
                            }
                        },
                    },
                }
            }
            ActionButton::Meld | ActionButton::Dogma | ActionButton::Endorse => {
                let name = arg.unwrap_or("").trim();
                let id = CardDb::get().by_title(name).ok_or_else(|| Refusal::UnknownCard(name.to_string()))?;
                match which {
                    ActionButton::Meld => Choice::Action(Action::Meld(id)),
                    ActionButton::Dogma => Choice::Action(Action::Dogma(id)),
                    _ => {
                        self.check_endorse(game, user, id).await?;
                        Choice::Action(Action::Endorse(id))
                    }
                }
            }
        };
        self.answer(game, user, None, Answer::Choices(vec![choice])).await
    }

    /// Cities: `/endorse card:` on a card the player may not endorse now is refused in words that
    /// say what Endorse needs (whether it is legal is the engine's answer: the options it offers).
    async fn check_endorse(&self, game: i64, user: Snowflake, id: CardId) -> Result<()> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let (_, prompt) = self.asked(live, user)?;
        if prompt.kind != AnswerKind::Action || prompt.options.contains(&Choice::Action(Action::Endorse(id))) {
            return Ok(());
        }
        let title = &card(id).title;
        Err(Refusal::Illegal(if prompt.options.iter().any(|c| matches!(c, Choice::Action(Action::Endorse(_)))) {
            format!(
                "you cannot endorse {title} now (a top city of yours must show its featured icon, with a card in your hand of \
                 that city's value or less to junk); /endorse suggests the cards you can"
            )
        } else {
            "you cannot endorse a Dogma action now: that needs a top city showing the card's featured icon, a card in your \
             hand of that city's value or less to junk, and no other Endorse this turn"
                .to_string()
        }))
    }

    /// Figures: `/decree` of a Decree the player may not issue now is refused in words that say
    /// what a Decree action needs (whether it is legal is the engine's answer: the options it offers).
    async fn check_decree(&self, game: i64, user: Snowflake, col: Color) -> Result<()> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let (_, prompt) = self.asked(live, user)?;
        if prompt.kind != AnswerKind::Action || prompt.options.contains(&Choice::Action(Action::Decree(col))) {
            return Ok(());
        }
        let offered: Vec<String> = prompt
            .options
            .iter()
            .filter_map(|c| match c {
                Choice::Action(Action::Decree(c)) => Some(text::decree_name(*c)),
                _ => None,
            })
            .collect();
        Err(Refusal::Illegal(if offered.is_empty() {
            super::present::NO_DECREE.to_string()
        } else {
            format!(
                "you cannot issue the {} Decree now: with the Figures in your hand you may issue {} (a Decree action needs \
                 Figures of three different values in hand and gives the Decree of one of their colours, or a top Figure's \
                 Decree karma)",
                CardDb::get().decree(col).name,
                offered.join(" or ")
            )
        }))
    }

    /// `/answer` with typed text: option numbers ("2", "1,3") or labels, or "none".
    pub async fn answer_text(&self, game: i64, user: Snowflake, text: &str) -> Result<Outcome> {
        let indices = {
            let (_slot, guard) = self.lock(game).await?;
            let live = guard.as_ref().expect("loaded");
            let (_, prompt) = self.asked(live, user)?;
            let labels = self.labels(live, prompt);
            let t = text.trim();
            if t.eq_ignore_ascii_case("none") || t.is_empty() {
                Vec::new()
            } else {
                let mut v = Vec::new();
                for part in t.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    let i = match part.parse::<usize>() {
                        Ok(n) if n >= 1 && n <= labels.len() => n - 1,
                        _ => option_named(&labels, part)?,
                    };
                    v.push(i);
                }
                v
            }
        };
        self.answer(game, user, None, Answer::Indices(indices)).await
    }

    /// Applies a user's answer to their current question. With a `stamp` (from
    /// a button), the answer is refused if that question is no longer the one asked.
    pub async fn answer(&self, game: i64, user: Snowflake, stamp: Option<Asked>, answer: Answer) -> Result<Outcome> {
        let (slot, mut guard) = self.lock(game).await?;
        let live = guard.as_mut().expect("loaded");
        self.check_stamp(live, user, stamp)?;
        let (seat, prompt) = self.asked(live, user)?;
        let choices = match answer {
            Answer::Choices(c) => c,
            Answer::Indices(ix) => {
                let mut v = Vec::new();
                for i in ix {
                    v.push(prompt.options.get(i).cloned().ok_or(Refusal::Stale)?);
                }
                v
            }
        };
        // A Dogma on a card without an implementation is refused before it starts: the
        // engine may otherwise accept it and ask a first question (a Parley's payment)
        // whose every answer then fails, leaving the game stuck.
        for c in &choices {
            if let Choice::Action(Action::Dogma(id) | Action::Endorse(id)) = c {
                if !engine::cards::is_implemented(*id) {
                    return Err(Refusal::Unimplemented(card(*id).title.clone()));
                }
            }
        }
        let labels: Vec<String> = choices.iter().map(|c| text::choice_words(&live.game, seat, c)).collect();
        let reply = if labels.is_empty() { "You chose none.".to_string() } else { format!("You chose: {}.", labels.join(", ")) };
        self.decide(slot, guard, Decision::new(seat, choices), user, reply, None).await
    }

    /// The user concedes the game (they lose; the others play on).
    pub async fn concede(&self, game: i64, user: Snowflake) -> Result<Outcome> {
        let (slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if live.game.state().players[seat].eliminated {
            return Err(Refusal::Other("You are already out of this game.".into()));
        }
        let headline = format!("**{}** conceded.", live.game.names()[seat]);
        self.decide(slot, guard, Decision::concede(seat), user, "You conceded.".into(), Some(headline)).await
    }

    /// Applies, stores (committed before anything is told), then says what to tell whom.
    pub(super) async fn decide(
        &self,
        slot: Arc<Slot>,
        mut guard: OwnedMutexGuard<Option<Live>>,
        d: Decision,
        user: Snowflake,
        reply: String,
        headline: Option<String>,
    ) -> Result<Outcome> {
        let live = guard.as_mut().expect("loaded");
        let before = Before::of(&live.game);
        let n = live.game.names().len();
        let prompts_before: Vec<Option<Prompt>> = (0..n).map(|p| live.game.prompt_for(p).cloned()).collect();
        // An illegal answer changes nothing in the engine.
        live.game.apply(d.clone()).map_err(engine_refusal)?;
        let over = live.game.is_over();
        let mut stamps = live.stamps.clone();
        update_stamps(&live.game, &prompts_before, d.player, live.version + 1, &mut stamps);
        let waits = Self::waits(live, &stamps);
        let winners = live.game.result().map(|r| r.winners.clone());
        let snapshot = Self::snapshot_at_boundary(&live.game);
        let alongside = Alongside { result: winners.as_deref(), waiting: Some((self.now(), &waits)), snapshot: snapshot.as_deref() };
        let stored = self.store.append_decision_with(live.id, live.version, &d, user, alongside).await;
        if let Err(e) = stored {
            // The engine moved on but the database did not: forget the cached game.
            *guard = None;
            drop(guard);
            self.evict_slot(&slot);
            return Err(e.into());
        }
        live.seqs.push(live.version);
        live.marks.push(live.game.event_count());
        live.version += 1;
        live.stamps = stamps;
        let mut out = self.tell(live, &before, d.player, headline);
        self.add_recaps(live, d.player, &mut out);
        set_reply(&mut out, reply);
        out.undo = Self::undo_offer(live, d.player);
        out.stale = self.stale_messages(live).await;
        out.order = Some(OrderTicket::issue(&slot.deliver));
        out.computer_turn = Self::computer_asked(live).is_some();
        let id = live.id;
        drop(guard);
        if over {
            self.evict(id);
        }
        Ok(out)
    }

    pub(super) async fn stale_messages(&self, live: &Live) -> Vec<PromptMessage> {
        let Ok(msgs) = self.store.prompt_messages(live.id).await else { return Vec::new() };
        msgs.into_iter().filter(|m| live.game.prompt_for(m.seat).is_none() || live.stamps.get(m.seat) != Some(&m.stamp)).collect()
    }
}

/// The option a typed answer names: the one whose label it is (ignoring case), else the one
/// label it begins (ignoring case and markup); refused when it begins several different labels.
fn option_named(labels: &[String], part: &str) -> Result<usize, Refusal> {
    if let Some(i) = labels.iter().position(|l| l.eq_ignore_ascii_case(part)) {
        return Ok(i);
    }
    let key = engine::card::normalize_title(part);
    let begun: Vec<usize> = if key.is_empty() {
        Vec::new()
    } else {
        (0..labels.len()).filter(|i| engine::card::normalize_title(&labels[*i]).starts_with(&key)).collect()
    };
    match begun.as_slice() {
        [] => Err(Refusal::Illegal(format!("\"{part}\" is not one of the answers (try the numbers /answer suggests)"))),
        [i, rest @ ..] if rest.iter().all(|j| labels[*j] == labels[*i]) => Ok(*i),
        _ => {
            let named: Vec<String> = begun.iter().map(|i| format!("{} ({})", labels[*i], i + 1)).collect();
            Err(Refusal::Illegal(format!("\"{part}\" could be any of {}: type more of it, or its number", named.join(", "))))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(ls: &[&str]) -> Vec<String> {
        ls.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_typed_answer_names_one_option() {
        let ls = labels(&["Agriculture", "Archery", "Sailing", "Sail"]);
        assert_eq!(option_named(&ls, "archery").unwrap(), 1, "a whole label, any case");
        assert_eq!(option_named(&ls, "Agri").unwrap(), 0, "the one label it begins");
        assert_eq!(option_named(&ls, "sail").unwrap(), 3, "a whole label before the labels it begins");
        let Err(Refusal::Illegal(why)) = option_named(&ls, "a") else { panic!("two labels begin with a") };
        assert!(why.contains("Agriculture (1)") && why.contains("Archery (2)"), "{why}");
        assert!(matches!(option_named(&ls, "Oars"), Err(Refusal::Illegal(_))));
        assert!(matches!(option_named(&ls, "{}"), Err(Refusal::Illegal(_))), "nothing but markup names nothing");
    }

    #[test]
    fn options_with_the_same_label_are_one_answer() {
        let ls = labels(&["a 3 in bo's hand", "a 3 in bo's hand", "a 4 in bo's hand"]);
        assert_eq!(option_named(&ls, "a 3").unwrap(), 0);
    }
}

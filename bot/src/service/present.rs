//! Presenting questions: the labels, buttons and menus of a player's current
//! question, the direct message carrying a private one, `/answer`'s view of it,
//! and the autocomplete of the action commands.

use super::*;
use engine::turn::DecreeFate;
use engine::Color;

/// A player's current question, for `/answer` and for showing it again.
#[derive(Clone, Debug)]
pub struct Question {
    pub text: String,
    pub ui: Ui,
    pub private: bool,
    pub pictures: Vec<Picture>,
}

/// An entry of an ephemeral select menu (Meld, Dogma, Achieve, Endorse, Decree).
#[derive(Clone, Debug, PartialEq)]
pub struct MenuOption {
    /// Index into the question's options.
    pub index: usize,
    pub label: String,
    pub description: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Menu {
    pub stamp: Asked,
    pub title: String,
    pub options: Vec<MenuOption>,
}

/// Figures: the refusal of a Decree action when none may be issued.
pub(super) const NO_DECREE: &str = "you cannot take a Decree action now: that needs Figures of three different values in your \
     hand (for the Decree of one of their colours), or a top Figure whose Decree karma allows it with fewer";

/// Is this question about the asked player's own hidden cards (hand or score pile)?
pub(super) fn is_private(g: &Game, prompt: &Prompt) -> bool {
    g.prompt_is_private(prompt)
}

impl Service {
    pub(super) fn labels(&self, live: &Live, prompt: &Prompt) -> Vec<String> {
        prompt.options.iter().map(|c| text::choice_words(&live.game, prompt.player, c)).collect()
    }

    pub(super) fn ui_for(&self, live: &Live, prompt: &Prompt) -> Ui {
        let kind = if prompt.kind == AnswerKind::Action {
            let has = |f: fn(&Choice) -> bool| prompt.options.iter().any(f);
            UiKind::Actions {
                draw: has(|c| matches!(c, Choice::Action(Action::Draw))),
                meld: has(|c| matches!(c, Choice::Action(Action::Meld(_)))),
                dogma: has(|c| matches!(c, Choice::Action(Action::Dogma(_)))),
                achieve: has(|c| matches!(c, Choice::Action(Action::Achieve(_) | Action::AchieveSecret(_) | Action::AchieveCard(_)))),
                endorse: has(|c| matches!(c, Choice::Action(Action::Endorse(_)))),
                decree: has(|c| matches!(c, Choice::Action(Action::Decree(_)))),
            }
        } else {
            UiKind::Choose { options: self.labels(live, prompt), min: prompt.min, max: prompt.max, order: prompt.kind == AnswerKind::Order }
        };
        Ui { game: live.id, stamp: live.stamps[prompt.player], seat: prompt.player, kind }
    }

    pub(super) fn how_many(prompt: &Prompt) -> String {
        if prompt.kind == AnswerKind::Order {
            return " (put them in order)".into();
        }
        match (prompt.min, prompt.max) {
            (1, 1) => String::new(),
            (0, 1) => " (or none)".into(),
            (a, b) if a == b => format!(" (choose {a})"),
            (0, b) => format!(" (choose up to {b}, or none)"),
            (a, b) => format!(" (choose {a} to {b})"),
        }
    }

    /// The DM carrying a private question (with the hand), or the first meld.
    pub(super) fn question_dm(&self, live: &Live, seat: usize, first_meld: bool) -> Dm {
        let g = &live.game;
        let prompt = g.prompt_for(seat).expect("asked");
        let view = g.view(Some(seat));
        let mut pictures = Vec::new();
        let text = if first_meld {
            pictures.extend(prompt.options.iter().filter_map(|c| match c {
                Choice::Card(id) => Some(Picture::Card(*id)),
                _ => None,
            }));
            let cards: Vec<String> = prompt
                .options
                .iter()
                .filter_map(|c| match c {
                    Choice::Card(id) => Some(text::card_text(*id)),
                    _ => None,
                })
                .collect();
            format!(
                "**Game #{}**: choose the card you meld first (the first player is the one whose card comes first alphabetically).\n\n{}",
                live.id,
                cards.join("\n")
            )
        } else {
            pictures.push(Picture::Hand(view.clone(), seat));
            format!(
                "**Game #{}**{}: {}{}\n\n{}",
                live.id,
                live.thread.map(|t| format!(" (<#{t}>)")).unwrap_or_default(),
                g.reason_for(prompt, seat),
                Self::how_many(prompt),
                text::hand_text(&view, seat)
            )
        };
        Dm { user: live.user_of(seat), seat, text, pictures, ui: Some(self.ui_for(live, prompt)), fallback: None }
    }

    /// The current question of a seat, as shown again by `/answer`.
    pub(super) fn question_of(&self, live: &Live, seat: usize) -> Option<Question> {
        let g = &live.game;
        let prompt = g.prompt_for(seat)?;
        let private = is_private(g, prompt) || in_first_meld(g);
        let mut pictures = Vec::new();
        if private {
            pictures.push(Picture::Hand(g.view(Some(seat)), seat));
        }
        let reason = if private { g.reason_for(prompt, seat) } else { prompt.reason.clone() };
        let mut text = format!("{reason}{}", Self::how_many(prompt));
        if private {
            let _ = write!(text, "\n\n{}", text::hand_text(&g.view(Some(seat)), seat));
        }
        Some(Question { text, ui: self.ui_for(live, prompt), private, pictures })
    }

    /// A user's current question in a game (`None`: nothing asked of them now).
    pub async fn question(&self, game: i64, user: Snowflake) -> Result<Option<Question>> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        Ok(self.question_of(live, seat))
    }

    /// The entries of the ephemeral menu behind the Meld, Dogma, Achieve, Endorse or Decree button.
    pub async fn action_menu(&self, game: i64, user: Snowflake, stamp: Option<Asked>, which: ActionButton) -> Result<Menu> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        self.check_stamp(live, user, stamp)?;
        let (seat, prompt) = self.asked(live, user)?;
        if prompt.kind != AnswerKind::Action {
            return Err(Refusal::NotAsked(" for an action: answer the question you were asked first (see /answer)".into()));
        }
        let g = &live.game;
        let mut options = Vec::new();
        for (index, c) in prompt.options.iter().enumerate() {
            let entry = match (which, c) {
                (ActionButton::Draw, Choice::Action(Action::Draw)) => Some(("Draw".to_string(), None)),
                // Figures: melding one brings its karma into play, which people want to see before they choose.
                (ActionButton::Meld, Choice::Action(Action::Meld(id))) => {
                    let colour = card(*id).color;
                    let description = if card(*id).is_figure() {
                        format!("{colour} Figure: its karma acts while it is a top card")
                    } else {
                        colour.to_string()
                    };
                    Some((text::card_name(*id), Some(description)))
                }
                (ActionButton::Dogma, Choice::Action(Action::Dogma(id))) => {
                    let mut label = text::card_name(*id);
                    if let Some(Zone::Pile(owner, _)) = g.state().locate(*id) {
                        if owner != seat {
                            label = format!("{label} on {}'s board (Parley)", g.names()[owner]);
                        }
                    }
                    Some((label, Some(self.dogma_description(g, seat, *id))))
                }
                // Cities: a Dogma action endorsed, with the top cities that may endorse it.
                (ActionButton::Endorse, Choice::Action(Action::Endorse(id))) => {
                    Some((text::card_name(*id), Some(self.endorse_description(g, seat, *id))))
                }
                (ActionButton::Achieve, Choice::Action(Action::Achieve(v))) => Some((format!("Achieve {v}"), None)),
                // The Unseen: a secret is chosen by its place in the safe; its back shows its value.
                (ActionButton::Achieve, Choice::Action(Action::AchieveSecret(i))) => {
                    let back = g.view(Some(seat)).players[seat].safe.get(*i as usize).map(text::face_words).unwrap_or_default();
                    Some((format!("Achieve secret {}: {back}", i + 1), Some("from your safe".to_string())))
                }
                // Figures: a top card that a karma makes an available achievement for this player.
                (ActionButton::Achieve, Choice::Action(Action::AchieveCard(id))) => {
                    Some((format!("Achieve {}", text::card_name(*id)), Some("from your board (a karma makes it available)".to_string())))
                }
                // Figures: a Decree the player may issue, by name and colour, with what issuing it does.
                (ActionButton::Decree, Choice::Action(Action::Decree(col))) => {
                    Some((text::decree_name(*col), Some(self.decree_description(g, seat, *col))))
                }
                _ => None,
            };
            if let Some((label, description)) = entry {
                options.push(MenuOption { index, label, description });
            }
        }
        let title = match which {
            ActionButton::Draw => "Draw",
            ActionButton::Meld => "Meld a card from your hand",
            ActionButton::Dogma => "Use the dogma of a top card",
            ActionButton::Achieve => "Achieve",
            ActionButton::Endorse => "Endorse the Dogma of a top card with a city",
            ActionButton::Decree => "Issue a Decree (your whole hand is junked first)",
        };
        if options.is_empty() {
            return Err(Refusal::Illegal(match which {
                ActionButton::Decree => NO_DECREE.to_string(),
                _ => format!("you have nothing to {}", title.to_lowercase()),
            }));
        }
        Ok(Menu { stamp: Asked::new(seat, live.stamps[seat]), title: title.into(), options })
    }

    /// "with Athens (1) or Rome (2) · shares: bo · demands: cy": the top cities that may endorse a
    /// Dogma action on `c` (the engine's `city::endorsing_cities`), then who shares and is demanded.
    pub(super) fn endorse_description(&self, g: &Game, seat: usize, c: CardId) -> String {
        let cities: Vec<String> = engine::city::endorsing_cities(g.state(), seat, c).into_iter().map(text::card_name).collect();
        let with = match cities.as_slice() {
            [] => String::new(),
            [one] => format!("with {one}"),
            [rest @ .., last] => format!("with {} or {last}", rest.join(", ")),
        };
        format!("{with} · {}", self.dogma_description(g, seat, c))
    }

    /// "in the supply: you run it, then claim it · Splay any one of your colors up.": what
    /// issuing the Decree of `col` does, by where it is now, then its effect.
    pub(super) fn decree_description(&self, g: &Game, seat: usize, col: Color) -> String {
        let fate = match engine::turn::decree_fate(g.state(), seat, col) {
            DecreeFate::ExecutedAndClaimed => "in the supply: you run it, then claim it".to_string(),
            DecreeFate::ExecutedAgain => "yours: you run it again".to_string(),
            DecreeFate::ReturnedFrom(q) => format!("{}'s: it goes back to the supply, not run", g.names()[q]),
        };
        let effect: Vec<String> = CardDb::get().decree(col).effects.iter().map(|e| render::plain_words(&e.text)).collect();
        format!("{fate} · {}", effect.join(" "))
    }

    pub(super) fn dogma_description(&self, g: &Game, seat: usize, c: CardId) -> String {
        let prev = g.dogma_preview(seat, c);
        let names = |v: &[usize]| v.iter().map(|p| g.names()[*p].clone()).collect::<Vec<_>>().join(", ");
        let mut parts = Vec::new();
        parts.push(if prev.sharing.is_empty() { "no one shares".to_string() } else { format!("shares: {}", names(&prev.sharing)) });
        if card(c).has_demand() {
            parts.push(if prev.demanded.is_empty() { "demands no one".to_string() } else { format!("demands: {}", names(&prev.demanded)) });
        }
        if !engine::cards::is_implemented(c) {
            parts.push("not implemented yet".into());
        }
        parts.join(" · ")
    }

    /// Autocomplete of /meld, /dogma, /achieve, /endorse, /decree: (label, value) of the caller's legal choices.
    pub async fn action_choices(&self, game: i64, user: Snowflake, which: ActionButton, partial: &str) -> Vec<(String, String)> {
        let Ok(menu) = self.action_menu(game, user, None, which).await else { return Vec::new() };
        let (_slot, guard) = match self.lock(game).await {
            Ok(x) => x,
            Err(_) => return Vec::new(),
        };
        let live = guard.as_ref().expect("loaded");
        let Some(seat) = live.seat_of(user) else { return Vec::new() };
        let Some(prompt) = live.game.prompt_for(seat) else { return Vec::new() };
        let partial = partial.to_lowercase();
        menu.options
            .iter()
            .filter(|o| o.label.to_lowercase().contains(&partial))
            .map(|o| {
                let value = match &prompt.options[o.index] {
                    Choice::Action(Action::Meld(c) | Action::Dogma(c) | Action::Endorse(c)) => card(*c).title.clone(),
                    Choice::Action(Action::Achieve(v)) => v.to_string(),
                    Choice::Action(Action::AchieveSecret(i)) => format!("secret {}", i + 1),
                    Choice::Action(Action::AchieveCard(c)) => card(*c).title.clone(),
                    Choice::Action(Action::Decree(col)) => CardDb::get().decree(*col).name.clone(),
                    _ => "draw".into(),
                };
                let label = match &o.description {
                    Some(d) if matches!(which, ActionButton::Dogma | ActionButton::Endorse | ActionButton::Decree) => {
                        format!("{} — {d}", o.label)
                    }
                    _ => o.label.clone(),
                };
                (label.chars().take(100).collect(), value)
            })
            .take(25)
            .collect()
    }

    /// Autocomplete of /answer: the caller's options, valued by number.
    pub async fn answer_choices(&self, game: i64, user: Snowflake, partial: &str) -> Vec<(String, String)> {
        let Ok((_slot, guard)) = self.lock(game).await else { return Vec::new() };
        let live = guard.as_ref().expect("loaded");
        let Ok((_, prompt)) = self.asked(live, user) else { return Vec::new() };
        let partial = partial.to_lowercase();
        let mut out: Vec<(String, String)> = self
            .labels(live, prompt)
            .into_iter()
            .enumerate()
            .map(|(i, l)| (format!("{}. {l}", i + 1), (i + 1).to_string()))
            .filter(|(l, _)| partial.is_empty() || l.to_lowercase().contains(&partial))
            .collect();
        if prompt.min == 0 {
            out.push(("none (decline)".into(), "none".into()));
        }
        out.into_iter().map(|(l, v)| (l.chars().take(100).collect(), v)).take(25).collect()
    }
}

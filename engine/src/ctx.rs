//! The execution context of one step of the game: the table being changed,
//! the answers given so far in this step, the events and the trace of what
//! happened. Effects ask questions through it; a question without an answer
//! yet stops the step (`Stop::Ask`), and the step is replayed from its start
//! once the answer arrives, so effect code reads straight through.

use crate::card::{card, CardId, Color, Icon, Special};
use crate::event::Event;
use crate::prompt::{AnswerKind, Choice, Decision, Prompt};
use crate::state::{Outcome, PlayerId, State, Zone};

/// Why a step stopped before its end.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// A question waits for its answer.
    Ask(Prompt),
    /// The game is over.
    GameOver(Outcome),
    /// This player lost (was eliminated); their running effects end.
    Lost(PlayerId),
    /// "The Dogma action is complete" (Fission): the rest of the action is
    /// skipped, and the end of the action follows as usual.
    ActionComplete,
    /// A card without an implementation was executed.
    Unimplemented(CardId),
    /// A stored answer does not fit the question it is replayed against (a corrupt log).
    Desync(String),
    /// The sentence being executed alone is over (see `sentence`): the rest of its effect is skipped.
    SentenceEnd,
    /// The effect being executed (the outermost one of `Ctx::frames`) repeats without end: it
    /// has attempted [`ENDLESS`] keywords; it stops there (see `Ctx::run_effect_as`).
    Endless,
}

/// How many keywords one effect (with all it executes) attempts before it counts as repeating
/// without end. The rulebook has no rule for a loop nobody can end (Astronomy's "repeat this
/// effect" while Yuna Kim returns each melded card's colour to the deck can draw the same cards
/// forever); no effect of a game needs nearly as many (all six sets have 705 cards). Attempts
/// count, not only keywords that happen, so that a loop whose keywords are all refused or
/// replaced ends too.
pub const ENDLESS: usize = 10_000;

pub type Res<T> = Result<T, Stop>;

/// The keyword a happening was (for "if you do", "this effect" and the free draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    Draw,
    Meld,
    Tuck,
    Score,
    Return,
    Junk,
    Transfer,
    Exchange,
    Reveal,
    Splay,
    Achieve,
    Safeguard,
    Foreshadow,
    /// Artifacts: moving an Artifact (and its Museum); not a transfer.
    Rotate,
    /// Artifacts: a dig event put an Artifact on display (not a draw).
    Dig,
    /// A coin was flipped (chance, like a draw).
    Flip,
    Lose,
}

/// A rule of the game that makes things happen by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The free Draw action earned by sharing.
    SharingDraw,
    /// Cities: a Meld action added a colour, or a colour was splayed in a new direction.
    CityDraw,
    /// Cities: a city's special icon acting after a Meld action melded it.
    CityIcon,
    /// Echoes: a card promoted from the forecast after a Meld action.
    Promote,
    /// Artifacts: a dig event or a seize.
    Dig,
    /// Artifacts: the showcase at the start of a turn.
    Showcase,
    /// Artifacts: the Museum Check when the supply has no Museum left.
    MuseumCheck,
    /// Figures: opponents draw a Figure when a standard achievement is claimed by an Achieve action.
    FigureDraw,
    /// Figures: fading excess top Figures at the end of an action.
    Fade,
    /// Figures: the Decree action.
    Decree,
    /// The chain rule's draw and achieve.
    Chain,
}

/// What made a happening happen: "if you do" and "this effect" look at effects, and
/// "karmas never trigger off karmas" at karmas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The action itself (the Draw, Meld or Achieve action's own card).
    Action,
    /// A dogma effect of a card (by its index).
    Effect { card: CardId, effect: usize },
    /// A card's echo effect.
    Echo(CardId),
    /// A Figure's karma.
    Karma(CardId),
    /// A rule of the game.
    Rule(Rule),
}

/// Something a player did with a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Happening {
    pub by: PlayerId,
    pub act: Act,
    pub card: Option<CardId>,
    pub from: Option<Zone>,
    pub cause: Cause,
    /// The effect being executed when it happened: (card, effect index).
    pub during: Option<(CardId, usize)>,
}

/// How an effect is being executed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// As part of a Dogma action (shared or demanded as usual).
    Dogma,
    /// Self-executed: non-demand effects only, no sharing.
    SelfExecute,
    /// Super-executed: demands on every opponent, then the non-demand effects.
    SuperExecute,
    /// One sentence of a non-demand effect executed alone by another card (Teleprompter); no
    /// sharing, and not a self-execution (see `sentence`).
    Sentence,
}

/// `Exec::effect` of a card's echo effect (Echoes), which is not one of its dogma effects.
pub const ECHO: usize = usize::MAX;

/// The effect being executed: whose card, which effect, who executes it ("you")
/// and who issued it ("I"/"me" of a demand; the same player otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exec {
    pub card: CardId,
    pub effect: usize,
    pub you: PlayerId,
    pub me: PlayerId,
    pub mode: Mode,
    pub demand: bool,
    /// Index in the trace where this effect's execution began ("this effect").
    pub trace_start: usize,
    /// Blackmail: self-executed "replacing 'may' with 'must'" (see `Ctx::ask`).
    pub must: bool,
    /// Figures: how much every boxed age value printed in this effect is increased (Archimedes,
    /// Johannes Kepler). Cards name their boxed values through [`Exec::age`].
    pub raise: u8,
}

impl Exec {
    /// The boxed age value `printed` in this effect's text ("a {1}"), as it counts now: increased
    /// while a Figure's karma raises every age value in the effect.
    pub fn age(&self, printed: u8) -> u8 {
        printed.saturating_add(self.raise)
    }

    /// Whether this is the card's echo effect.
    pub fn is_echo(&self) -> bool {
        self.effect == ECHO
    }

    /// The printed text of the effect being executed.
    pub fn text(&self) -> &'static str {
        let info = card(self.card);
        if self.is_echo() {
            info.echo.as_deref().unwrap_or("")
        } else {
            info.effects.get(self.effect).map_or("", |t| t.text.as_str())
        }
    }
}

pub struct Ctx<'a> {
    pub st: &'a mut State,
    names: &'a [String],
    answers: &'a [Decision],
    cursor: usize,
    pub events: Vec<Event>,
    pub trace: Vec<Happening>,
    pub frames: Vec<Exec>,
    /// Causes other than effects (rules, karmas) making things happen now, innermost last, each
    /// with the depth of `frames` it was given at: it applies while no deeper effect runs.
    pub causes: Vec<(Cause, usize)>,
    /// Cards revealed during this step: their identity is public.
    pub revealed: Vec<CardId>,
    /// No event texts are written (simulations and computer players' look-ahead).
    pub quiet: bool,
    /// Hitchhiking: while a self-execution runs "with that player making all decisions for you",
    /// (you, that player): every question to `you` goes to that player. Innermost last.
    pub deciders: Vec<(PlayerId, PlayerId)>,
    /// Effects being executed one sentence alone, innermost last (see `sentence`).
    pub(crate) gates: Vec<crate::sentence::Gate>,
    /// Echoes: the card promoted from a forecast whose free Dogma action runs now ("if this was
    /// foreseen" holds during it only).
    pub foreseen: Option<CardId>,
    /// Figures: the player who has "sole majority in every icon" during the Dogma action about to
    /// be locked in (Muhammad Yunus); the lock-in reads it once.
    pub sole_majority: Option<PlayerId>,
    /// The cards of the exchange about to happen, while "would exchange" karmas look at it
    /// (`karma::Event::Exchange`).
    pub exchanging: Vec<CardId>,
    /// Figures: how much every boxed age value in every effect of the Dogma action being taken is
    /// increased (Johannes Kepler); see `Exec::raise`.
    pub dogma_raise: u8,
    /// Figures: how much every boxed age value in the effect about to be executed is increased,
    /// set by an "If you would execute an effect, first ..." karma (Archimedes).
    pub next_effect_raise: u8,
    /// Keywords attempted (whether they happened or not) since the outermost effect running began:
    /// the measure of an effect repeating without end (see [`ENDLESS`]).
    pub(crate) attempts: usize,
}

impl<'a> Ctx<'a> {
    pub fn new(st: &'a mut State, names: &'a [String], answers: &'a [Decision]) -> Self {
        Ctx {
            st,
            names,
            answers,
            cursor: 0,
            events: Vec::new(),
            trace: Vec::new(),
            frames: Vec::new(),
            causes: Vec::new(),
            revealed: Vec::new(),
            quiet: false,
            deciders: Vec::new(),
            gates: Vec::new(),
            foreseen: None,
            sole_majority: None,
            exchanging: Vec::new(),
            dogma_raise: 0,
            next_effect_raise: 0,
            attempts: 0,
        }
    }

    pub fn name(&self, p: PlayerId) -> &str {
        &self.names[p]
    }

    /// Answers not used by the replay (only possible with a corrupt log).
    pub fn unused_answers(&self) -> usize {
        self.answers.len() - self.cursor
    }

    // ---------- events and trace ----------

    /// Whether events are being written (false in quiet games).
    pub fn telling(&self) -> bool {
        !self.quiet
    }

    pub fn say(&mut self, public: impl Into<String>) {
        if self.quiet || self.suppressed() {
            return;
        }
        self.events.push(Event::public(public.into()));
    }

    pub fn say_private(&mut self, public: impl Into<String>, private: impl Into<String>, audience: Vec<PlayerId>) {
        if self.quiet || self.suppressed() {
            return;
        }
        self.events.push(Event::with_private(public.into(), private.into(), audience));
    }

    pub fn record(&mut self, by: PlayerId, act: Act, card: Option<CardId>, from: Option<Zone>) {
        let during = self.frames.last().map(|e| (e.card, e.effect));
        let cause = self.cause();
        self.trace.push(Happening { by, act, card, from, cause, during });
    }

    /// What is making things happen now: the innermost of the effect being executed and the
    /// rule or karma given with `because_of`.
    pub fn cause(&self) -> Cause {
        match (self.causes.last(), self.frames.last()) {
            (Some((c, depth)), _) if *depth == self.frames.len() => *c,
            (_, Some(e)) if e.is_echo() => Cause::Echo(e.card),
            (_, Some(e)) => Cause::Effect { card: e.card, effect: e.effect },
            (Some((c, _)), None) => *c,
            (None, None) => Cause::Action,
        }
    }

    /// Runs `f` with `cause` as what makes its happenings happen.
    pub fn because_of<T>(&mut self, cause: Cause, f: impl FnOnce(&mut Self) -> Res<T>) -> Res<T> {
        self.causes.push((cause, self.frames.len()));
        let r = f(self);
        self.causes.pop();
        r
    }

    /// Whether a karma is being resolved now ("karmas do not trigger during a karma's resolution").
    pub fn in_karma(&self) -> bool {
        self.causes.iter().any(|(c, _)| matches!(c, Cause::Karma(_)))
    }

    /// The last thing that happened (the keyword just done, in `react::did`).
    pub fn last_happening(&self) -> Option<&Happening> {
        self.trace.last()
    }

    /// Marks the trace so that `since` can tell what happened after it.
    pub fn mark(&self) -> usize {
        self.trace.len()
    }

    /// What happened since a mark.
    pub fn since(&self, mark: usize) -> &[Happening] {
        &self.trace[mark.min(self.trace.len())..]
    }

    /// How many cards were moved with `act` since `mark`.
    pub fn count_since(&self, mark: usize, act: Act) -> usize {
        self.since(mark).iter().filter(|h| h.act == act).count()
    }

    /// How many cards were moved with `act` during this action by effect
    /// `effect` of `card` ("transferred due to the demand", whoever executed it).
    pub fn due_to(&self, act: Act, card: CardId, effect: usize) -> usize {
        self.trace.iter().filter(|h| h.act == act && h.during == Some((card, effect))).count()
    }

    /// The effect being executed right now, if any.
    pub fn exec(&self) -> Option<&Exec> {
        self.frames.last()
    }

    /// Prefixes a question's or event's sentence with the card being executed.
    pub fn because(&self, text: &str) -> String {
        match (self.frames.last(), self.causes.last()) {
            (Some(e), _) => format!("{}: {}", card(e.card).title, text),
            (None, Some((Cause::Rule(Rule::MuseumCheck), _))) => format!("Museum Check: {text}"),
            (None, _) => text.to_string(),
        }
    }

    // ---------- asking ----------

    /// Asks a question. With nothing to choose it answers "nothing" (the golden
    /// rule); with one forced answer the engine answers itself; otherwise the
    /// next stored answer is used, or the step stops to wait for it.
    ///
    /// This is the one place where questions are addressed and where "you may" is read:
    /// - in an effect self-executed "replacing 'may' with 'must'" (Blackmail), a question that
    ///   could be declined must be answered with something, and a "you may" yes/no is a yes;
    /// - while a self-execution runs with another player "making all decisions for you"
    ///   (Hitchhiking), a question to you is asked of that player on your behalf.
    pub fn ask(&mut self, mut prompt: Prompt) -> Res<Vec<Choice>> {
        // Before the sentence executed alone, nothing is asked and nothing is chosen.
        if self.suppressed() {
            self.idle()?;
            return Ok(Vec::new());
        }
        if prompt.options.is_empty() {
            return Ok(Vec::new());
        }
        if self.may_reads_must() {
            if prompt.kind == AnswerKind::YesNo {
                return Ok(vec![Choice::Yes]);
            }
            prompt.min = prompt.min.max(1);
        }
        prompt.max = prompt.max.min(prompt.options.len());
        prompt.min = prompt.min.min(prompt.max);
        if let Some(forced) = prompt.forced() {
            return Ok(forced);
        }
        // Concessions given while this question waited take effect here.
        while let Some(d) = self.answers.get(self.cursor).filter(|d| d.is_concession()) {
            self.cursor += 1;
            // During a game within the game (Martian Internet) the concession leaves this game too.
            if let Some(frame) = self.st.set_aside.last_mut() {
                frame.conceded.push(d.player);
            }
            self.lose(d.player)?;
        }
        if self.st.players[prompt.player].eliminated {
            return Err(Stop::Lost(prompt.player));
        }
        if let Some(by) = self.decider_for(prompt.player) {
            prompt.reason = format!("for {}: {}", self.name(prompt.player), prompt.reason);
            prompt.on_behalf_of = Some(prompt.player);
            prompt.player = by;
        }
        if let Some(d) = self.answers.get(self.cursor) {
            if d.player != prompt.player {
                return Err(Stop::Desync(format!("answer by seat {} replayed against a question to seat {}", d.player, prompt.player)));
            }
            prompt.check(&d.answer).map_err(Stop::Desync)?;
            self.cursor += 1;
            return Ok(d.answer.clone());
        }
        Err(Stop::Ask(prompt))
    }

    /// Whether "may" reads "must" now: the effect being executed was self-executed "replacing
    /// 'may' with 'must'" and its printed text says "may" (an effect without "may" is unchanged,
    /// so its "up to" and "any number" stay optional).
    fn may_reads_must(&self) -> bool {
        self.frames.last().is_some_and(|e| e.must && e.text().split(|c: char| !c.is_alphanumeric()).any(|w| w == "may"))
    }

    /// Who answers the questions to `p` now: another player making `p`'s decisions (the
    /// innermost), unless that player has left the game.
    fn decider_for(&self, p: PlayerId) -> Option<PlayerId> {
        self.deciders.iter().rev().find(|(you, _)| *you == p).map(|(_, by)| *by).filter(|by| !self.st.players[*by].eliminated && *by != p)
    }

    fn prompt(&self, player: PlayerId, kind: AnswerKind, options: Vec<Choice>, min: usize, max: usize, why: &str) -> Prompt {
        Prompt { player, kind, options, min, max, reason: self.because(why), on_behalf_of: None, about: None }
    }

    /// Choose between `min` and `max` of `cards` (fewer if there are fewer: the golden rule).
    pub fn choose_cards(&mut self, p: PlayerId, cards: &[CardId], min: usize, max: usize, why: &str) -> Res<Vec<CardId>> {
        let opts = dedup(cards).into_iter().map(Choice::Card).collect();
        let pr = self.prompt(p, AnswerKind::Cards, opts, min, max, why);
        Ok(self.ask(pr)?.into_iter().filter_map(as_card).collect())
    }

    /// Choose among cards the chooser may not see (another player's hand or
    /// score pile, achievements, any safe): cards with the same back (set and
    /// value) in the same place are interchangeable, so the choice is made by
    /// the back, as at the table.
    pub fn choose_backs(&mut self, p: PlayerId, cards: &[CardId], min: usize, max: usize, why: &str) -> Res<Vec<CardId>> {
        let mut seen: Vec<(Option<Zone>, u8, crate::card::Set)> = Vec::new();
        let mut opts: Vec<CardId> = Vec::new();
        for &c in cards {
            let z = self.st.locate(c);
            let visible = z.is_some_and(|z| z.front_visible_to(Some(p)));
            let key = (z, card(c).age, card(c).set);
            // Up to `max` cards of one back stay pickable, so several can be taken.
            if visible || seen.iter().filter(|k| **k == key).count() < max {
                seen.push(key);
                opts.push(c);
            }
        }
        self.choose_cards(p, &opts, min, max, why)
    }

    /// Choose one card; `None` when there is none (or when declined, if `optional`).
    pub fn choose_card(&mut self, p: PlayerId, cards: &[CardId], optional: bool, why: &str) -> Res<Option<CardId>> {
        Ok(self.choose_cards(p, cards, if optional { 0 } else { 1 }, 1, why)?.into_iter().next())
    }

    /// Chooses up to `max` of `cards`, no two sharing `key` ("of different values", "of each
    /// color"). When the candidates left all differ, one question takes them all; otherwise one
    /// card at a time, so that no answer can break the rule.
    pub fn choose_one_each<K: PartialEq>(
        &mut self,
        p: PlayerId,
        cards: &[CardId],
        key: impl Fn(CardId) -> K,
        max: usize,
        why: &str,
    ) -> Res<Vec<CardId>> {
        let mut chosen: Vec<CardId> = Vec::new();
        loop {
            let left: Vec<CardId> = cards.iter().copied().filter(|c| !chosen.iter().any(|x| key(*x) == key(*c))).collect();
            let room = max.saturating_sub(chosen.len());
            if room == 0 || left.is_empty() {
                return Ok(chosen);
            }
            let all_differ = left.iter().enumerate().all(|(i, a)| left[i + 1..].iter().all(|b| key(*a) != key(*b)));
            if all_differ {
                chosen.extend(self.choose_cards(p, &left, 0, room, why)?);
                return Ok(chosen);
            }
            match self.choose_card(p, &left, true, why)? {
                Some(c) => chosen.push(c),
                None => return Ok(chosen),
            }
        }
    }

    /// Puts cards in the order they are to be handled, first first.
    pub fn choose_order(&mut self, p: PlayerId, cards: &[CardId], why: &str) -> Res<Vec<CardId>> {
        let cards = dedup(cards);
        if cards.len() < 2 {
            return Ok(cards);
        }
        let opts = cards.iter().copied().map(Choice::Card).collect();
        let pr = self.prompt(p, AnswerKind::Order, opts, cards.len(), cards.len(), why);
        Ok(self.ask(pr)?.into_iter().filter_map(as_card).collect())
    }

    pub fn choose_color(&mut self, p: PlayerId, colors: &[Color], optional: bool, why: &str) -> Res<Option<Color>> {
        let opts = dedup(colors).into_iter().map(Choice::Color).collect();
        let pr = self.prompt(p, AnswerKind::Color, opts, usize::from(!optional), 1, why);
        Ok(self.ask(pr)?.into_iter().find_map(|c| if let Choice::Color(c) = c { Some(c) } else { None }))
    }

    pub fn choose_colors(&mut self, p: PlayerId, colors: &[Color], min: usize, max: usize, why: &str) -> Res<Vec<Color>> {
        let opts = dedup(colors).into_iter().map(Choice::Color).collect();
        let pr = self.prompt(p, AnswerKind::Color, opts, min, max, why);
        Ok(self.ask(pr)?.into_iter().filter_map(|c| if let Choice::Color(c) = c { Some(c) } else { None }).collect())
    }

    pub fn choose_player(&mut self, p: PlayerId, players: &[PlayerId], optional: bool, why: &str) -> Res<Option<PlayerId>> {
        let opts = dedup(players).into_iter().map(Choice::Player).collect();
        let pr = self.prompt(p, AnswerKind::Player, opts, usize::from(!optional), 1, why);
        Ok(self.ask(pr)?.into_iter().find_map(|c| if let Choice::Player(q) = c { Some(q) } else { None }))
    }

    pub fn choose_value(&mut self, p: PlayerId, values: &[u8], why: &str) -> Res<Option<u8>> {
        let opts = dedup(values).into_iter().map(Choice::Value).collect();
        let pr = self.prompt(p, AnswerKind::Value, opts, 1, 1, why);
        Ok(self.ask(pr)?.into_iter().find_map(|c| if let Choice::Value(v) = c { Some(v) } else { None }))
    }

    /// "You may … a {A} or {B}": a value question that may be declined (`None`).
    pub fn may_choose_value(&mut self, p: PlayerId, values: &[u8], why: &str) -> Res<Option<u8>> {
        let opts = dedup(values).into_iter().map(Choice::Value).collect();
        let pr = self.prompt(p, AnswerKind::Value, opts, 0, 1, why);
        Ok(self.ask(pr)?.into_iter().find_map(|c| if let Choice::Value(v) = c { Some(v) } else { None }))
    }

    /// "Choose a value": any value a card can have, 1 to 11, even one nobody holds (rulebook,
    /// Value: "you can only choose a possible age value of a card (from 1 to 11)").
    pub fn choose_a_value(&mut self, p: PlayerId, why: &str) -> Res<Option<u8>> {
        let values: Vec<u8> = (1..=11).collect();
        self.choose_value(p, &values, why)
    }

    pub fn choose_icon(&mut self, p: PlayerId, icons: &[Icon], why: &str) -> Res<Option<Icon>> {
        let opts = dedup(icons).into_iter().map(Choice::Icon).collect();
        let pr = self.prompt(p, AnswerKind::Icon, opts, 1, 1, why);
        Ok(self.ask(pr)?.into_iter().find_map(|c| if let Choice::Icon(i) = c { Some(i) } else { None }))
    }

    /// "You may ...": a yes/no question.
    pub fn yes_no(&mut self, p: PlayerId, why: &str) -> Res<bool> {
        let pr = self.prompt(p, AnswerKind::YesNo, vec![Choice::Yes, Choice::No], 1, 1, why);
        Ok(self.ask(pr)? == vec![Choice::Yes])
    }

    /// "You may ..." about a card the words may not name in public (see [`Prompt::about`]).
    pub fn yes_no_about(&mut self, p: PlayerId, c: CardId, why: &str) -> Res<bool> {
        let mut pr = self.prompt(p, AnswerKind::YesNo, vec![Choice::Yes, Choice::No], 1, 1, why);
        pr.about = Some(c);
        Ok(self.ask(pr)? == vec![Choice::Yes])
    }

    /// "Choose to either A or B": returns the index of the chosen label, `None` if declined.
    pub fn choose_option(&mut self, p: PlayerId, labels: &[&str], optional: bool, why: &str) -> Res<Option<usize>> {
        let opts = labels.iter().map(|l| Choice::Label(l.to_string())).collect();
        let pr = self.prompt(p, AnswerKind::Option, opts, usize::from(!optional), 1, why);
        let a = self.ask(pr)?;
        Ok(a.first().and_then(|c| match c {
            Choice::Label(l) => labels.iter().position(|x| x == l),
            _ => None,
        }))
    }

    /// "Either meld it or score it" for a card the words may not name in public (it may be in
    /// the hand): the labels as in [`Ctx::choose_option`], the card shown to whoever may see it.
    pub fn choose_option_about(&mut self, p: PlayerId, c: CardId, labels: &[&str], optional: bool, why: &str) -> Res<Option<usize>> {
        let opts = labels.iter().map(|l| Choice::Label(l.to_string())).collect();
        let mut pr = self.prompt(p, AnswerKind::Option, opts, usize::from(!optional), 1, why);
        pr.about = Some(c);
        let a = self.ask(pr)?;
        Ok(a.first().and_then(|c| match c {
            Choice::Label(l) => labels.iter().position(|x| x == l),
            _ => None,
        }))
    }

    pub fn choose_special(&mut self, p: PlayerId, specials: &[Special], optional: bool, why: &str) -> Res<Option<Special>> {
        let opts = dedup(specials).into_iter().map(Choice::Special).collect();
        let pr = self.prompt(p, AnswerKind::Option, opts, usize::from(!optional), 1, why);
        Ok(self.ask(pr)?.into_iter().find_map(|c| if let Choice::Special(s) = c { Some(s) } else { None }))
    }
}

fn as_card(c: Choice) -> Option<CardId> {
    match c {
        Choice::Card(c) => Some(c),
        _ => None,
    }
}

/// The items of `v` once each, in their first order: a card, colour or player listed twice (a hand
/// that a karma also counts as a score pile, say) is still one.
pub(crate) fn dedup<T: PartialEq + Copy>(v: &[T]) -> Vec<T> {
    let mut out: Vec<T> = Vec::with_capacity(v.len());
    for x in v {
        if !out.contains(x) {
            out.push(*x);
        }
    }
    out
}

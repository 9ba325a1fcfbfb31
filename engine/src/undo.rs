//! Taking back a misclick: which of a player's decisions may be undone, and the
//! game as if it had never been made.
//!
//! A decision can be taken back only while it is the latest one of the game and
//! the game is not over. Undoing it must tell nobody anything the rules would not
//! have told them, so it is refused when, from the moment the decision was applied
//! until the game next waited (its *consequences*), any of these happened:
//!
//! 1. **A card was drawn**, by anyone: a draw takes a card nobody knew from a
//!    deck whose order is hidden (and the only chance in the game: the decks are
//!    shuffled at setup, nothing is random after). Undoing it would let the
//!    drawer, and whoever saw what followed, peek at the deck.
//! 2. **A card the undoing player could not see was revealed**, or **became
//!    visible to someone who could not see it where it was** (another player's
//!    hand card transferred to you, an achievement or a junked card put in a hand,
//!    the first melds shown together).
//! 3. **A card of another player's hand or score pile was touched** at all, even
//!    if it stayed hidden: an effect chose it for what is on its face ("a card with
//!    a [crown]"), which tells something about it.
//! 4. **Another player took part in the Dogma action** the decision belongs to
//!    (they share it or are demanded of): their effects may read their hidden
//!    cards even when nothing moves ("you have no card with a [leaf]"). This holds
//!    for the Dogma decision and for every answer given during that action.
//!
//! What a player's *own* cards show is never a reason: melding, tucking, scoring,
//! returning, revealing or giving away a card from one's own hand or score pile
//! only tells the others about cards the undoing player chose to show, and they
//! are back where they were after the undo. Cards that go from one hidden place to
//! another without anyone seeing them (a deck junked, an achievement claimed, a
//! card returned) are not a reason either.
//!
//! Besides, the decision must be the undoing player's own, and **nobody else may
//! have answered since**: another player's (or a computer's) decision after it
//! blocks it, which also keeps anyone from taking back an answer others reacted
//! to. A concession is never taken back. After an undo the player's previous
//! decision may be the latest one: undo is repeatable under the same rule.
//!
//! The rule is checked on what the engine recorded of the latest decision (the
//! happenings of [`crate::ctx::Happening`]), so it costs nothing to ask; taking
//! back replays the game without the decision, which gives exactly the game as if
//! it had never been made.

use crate::ctx::{Act, Happening};
use crate::game::Game;
use crate::prompt::{Action, AnswerKind, Choice, Decision};
use crate::state::{PlayerId, State, Zone};
use thiserror::Error;

/// Why a player's latest decision cannot be taken back.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum UndoRefusal {
    #[error("the game is over")]
    Over,
    #[error("you have no move to take back")]
    Nothing,
    #[error("{name} has answered since")]
    AnsweredSince { name: String },
    #[error("a concession cannot be taken back")]
    Concession,
    #[error("a card was drawn since")]
    Drawn,
    #[error("a coin was flipped since")]
    Flipped,
    #[error("a card from {place} was revealed since")]
    Revealed { place: String },
    #[error("a card from {place} was seen since by someone who could not see it before")]
    Shown { place: String },
    #[error("a card from {place} was chosen since, which tells something about it")]
    Touched { place: String },
    #[error("{names} took part in this Dogma (it may have shown something of their hidden cards)")]
    Involved { names: String },
    #[error("this game began from an arranged table: take it back with the table it began from")]
    Arranged,
    #[error("replaying the game without that move failed: {0}")]
    Replay(String),
}

/// What the engine keeps of one applied decision.
#[derive(Clone, Debug, Default)]
pub(crate) struct Entry {
    concession: bool,
    /// The decision chose the turn's action (it begins a new action).
    action: bool,
    /// Other players taking part in the Dogma action this decision belongs to.
    with: Vec<PlayerId>,
    /// Everything that happened from the decision until the game waited again.
    happenings: Vec<Happening>,
}

impl Entry {
    /// What to keep of `d`, worked out before it is applied to `g`.
    pub(crate) fn before(g: &Game, d: &Decision) -> Entry {
        let asked = g.prompt_for(d.player);
        let action = !d.is_concession() && asked.is_some_and(|p| p.kind == AnswerKind::Action);
        let with = if action {
            match d.answer.first() {
                Some(Choice::Action(Action::Dogma(c))) => {
                    let preview = g.dogma_preview(d.player, *c);
                    let mut v: Vec<PlayerId> = preview.sharing.iter().chain(&preview.demanded).copied().collect();
                    v.sort();
                    v
                }
                _ => Vec::new(),
            }
        } else if g.in_first_meld() {
            Vec::new()
        } else {
            g.ledger.action_with.clone()
        };
        Entry { concession: d.is_concession(), action, with, happenings: Vec::new() }
    }
}

/// The engine's record for taking back the latest decision (kept in [`Game`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Ledger {
    /// The game began with `Game::from_state`: it cannot be replayed from its configuration.
    pub(crate) arranged: bool,
    /// Happenings since the decision being applied (filled while it is applied).
    pub(crate) fresh: Vec<Happening>,
    /// Happenings of the current step already known (the step is replayed from its start).
    seen: usize,
    /// Other players taking part in the current action (a Dogma shared or demanding).
    action_with: Vec<PlayerId>,
    last: Option<Entry>,
}

impl Ledger {
    /// A step ran to its end (`resumed`: it is the step that was waiting, replayed).
    pub(crate) fn ran(&mut self, trace: &[Happening], resumed: bool) {
        let skip = if resumed { self.seen.min(trace.len()) } else { 0 };
        self.fresh.extend_from_slice(&trace[skip..]);
    }

    /// A step stopped at a question: its trace so far is known from now on.
    pub(crate) fn waits(&mut self, trace: &[Happening], resumed: bool) {
        self.ran(trace, resumed);
        self.seen = trace.len();
    }

    /// The decision of `entry` was applied.
    pub(crate) fn applied(&mut self, mut entry: Entry) {
        entry.happenings = std::mem::take(&mut self.fresh);
        if entry.action {
            self.action_with = entry.with.clone();
        }
        self.last = Some(entry);
    }
}

/// Who may see the front of a card in zone `z` (`None`: everyone), by the one rule of `Zone`.
fn viewers(z: Zone, players: usize) -> Option<Vec<PlayerId>> {
    if z.is_public() {
        return None;
    }
    Some((0..players).filter(|q| z.front_visible_to(Some(*q))).collect())
}

impl Game {
    /// Whether `p` may take back their latest decision now: its index in
    /// [`Game::decisions`], or why not (see the module's comment for the rule).
    pub fn undoable(&self, p: PlayerId) -> Result<usize, UndoRefusal> {
        if self.is_over() {
            return Err(UndoRefusal::Over);
        }
        let decisions = self.decisions();
        let Some(last) = decisions.last() else { return Err(UndoRefusal::Nothing) };
        if last.player != p {
            if !decisions.iter().any(|d| d.player == p) {
                return Err(UndoRefusal::Nothing);
            }
            return Err(UndoRefusal::AnsweredSince { name: self.seat_name(last.player) });
        }
        let Some(entry) = &self.ledger.last else { return Err(UndoRefusal::Nothing) };
        if entry.concession {
            return Err(UndoRefusal::Concession);
        }
        let others: Vec<String> = entry.with.iter().filter(|q| **q != p).map(|q| self.seat_name(*q)).collect();
        if !others.is_empty() {
            return Err(UndoRefusal::Involved { names: others.join(", ") });
        }
        self.check_happenings(p, &entry.happenings)?;
        Ok(decisions.len() - 1)
    }

    fn check_happenings(&self, p: PlayerId, hs: &[Happening]) -> Result<(), UndoRefusal> {
        for (i, h) in hs.iter().enumerate() {
            if h.act == Act::Draw {
                return Err(UndoRefusal::Drawn);
            }
            if h.act == Act::Flip {
                return Err(UndoRefusal::Flipped);
            }
            let (Some(c), Some(from)) = (h.card, h.from) else { continue };
            let n = self.state().num_players();
            let seen_by = viewers(from, n);
            // Public, or the undoing player's own: nothing is told that they did not choose to show.
            if seen_by.as_ref().is_none_or(|v| v.contains(&p)) {
                continue;
            }
            let place = self.place_words(from);
            if h.act == Act::Reveal {
                return Err(UndoRefusal::Revealed { place });
            }
            // Where the card went: where it was next touched, else where it is now.
            let to = hs[i + 1..].iter().find(|n| n.card == Some(c)).and_then(|n| n.from).or_else(|| self.state().locate(c));
            let before = seen_by.unwrap_or_default();
            let newly_seen = match to.and_then(|z| viewers(z, n)) {
                None => to.is_some(),
                Some(v) => v.iter().any(|q| !before.contains(q)),
            };
            if newly_seen {
                return Err(UndoRefusal::Shown { place });
            }
            if matches!(from, Zone::Hand(q) | Zone::Score(q) if q != p) {
                return Err(UndoRefusal::Touched { place });
            }
        }
        Ok(())
    }

    fn seat_name(&self, p: PlayerId) -> String {
        self.names().get(p).cloned().unwrap_or_else(|| format!("seat {p}"))
    }

    fn place_words(&self, z: Zone) -> String {
        match z {
            Zone::Hand(q) => format!("{}'s hand", self.seat_name(q)),
            Zone::Score(q) => format!("{}'s score pile", self.seat_name(q)),
            Zone::Achievements(q) => format!("{}'s achievements", self.seat_name(q)),
            Zone::Pile(q, col) => format!("{}'s {col} pile", self.seat_name(q)),
            Zone::Forecast(q) => format!("{}'s forecast", self.seat_name(q)),
            Zone::Safe(q) => format!("{}'s safe", self.seat_name(q)),
            Zone::Display(q) => format!("{}'s display", self.seat_name(q)),
            Zone::Museum(q) => format!("{}'s Museums", self.seat_name(q)),
            Zone::Deck(set, a) => {
                format!("the {} deck", crate::view::back_words(a, set).trim_start_matches("an ").trim_start_matches("a "))
            }
            Zone::AvailableAchievements => "the achievements".into(),
            Zone::Junk => "the junk".into(),
            Zone::SetAside(q) => format!("{}'s cards set aside", self.seat_name(q)),
        }
    }

    /// The game as if `p`'s latest decision had never been made (when [`Game::undoable`] allows it).
    pub fn undo(&self, p: PlayerId) -> Result<Game, UndoRefusal> {
        if self.ledger.arranged {
            return Err(UndoRefusal::Arranged);
        }
        let n = self.undoable(p)?;
        let mut g = Game::new(self.config().clone()).map_err(|e| UndoRefusal::Replay(e.to_string()))?;
        self.replay_into(&mut g, n)?;
        Ok(g)
    }

    /// [`Game::undo`] for a game that began with `Game::from_state(config, start)`.
    pub fn undo_from(&self, p: PlayerId, start: State) -> Result<Game, UndoRefusal> {
        let n = self.undoable(p)?;
        let mut g = Game::from_state(self.config().clone(), start).map_err(|e| UndoRefusal::Replay(e.to_string()))?;
        self.replay_into(&mut g, n)?;
        Ok(g)
    }

    fn replay_into(&self, g: &mut Game, n: usize) -> Result<(), UndoRefusal> {
        for d in &self.decisions()[..n] {
            g.apply(d.clone()).map_err(|e| UndoRefusal::Replay(e.to_string()))?;
        }
        Ok(())
    }

    /// The happenings of the latest decision, from when it was applied until the game waited again.
    pub fn latest_happenings(&self) -> &[Happening] {
        self.ledger.last.as_ref().map(|e| e.happenings.as_slice()).unwrap_or(&[])
    }
}

/// Takes back the latest decision of `after` wherever its player may, and checks that this gives
/// `before`, the game just before that decision, in every respect players see: the table, the
/// questions, the decisions and the events. `Ok(false)`: nothing could be taken back.
pub fn check_undo(before: &Game, after: &Game) -> Result<bool, String> {
    let Some(d) = after.decisions().last() else { return Ok(false) };
    if after.undoable(d.player).is_err() {
        return Ok(false);
    }
    let undone = after.undo(d.player).map_err(|e| format!("an undo that was allowed failed: {e}"))?;
    same_game(before, &undone).map_err(|e| format!("taking back {d:?} did not give the game before it: {e}"))?;
    Ok(true)
}

/// Whether two games are the same for everyone: table, questions, decisions, events.
pub fn same_game(a: &Game, b: &Game) -> Result<(), String> {
    if format!("{:?}", a.state()) != format!("{:?}", b.state()) {
        return Err("the tables differ".into());
    }
    if a.prompts() != b.prompts() {
        return Err("the questions differ".into());
    }
    if a.decisions() != b.decisions() {
        return Err("the decisions differ".into());
    }
    if !a.events().eq(b.events()) {
        return Err("the events differ".into());
    }
    if a.in_first_meld() != b.in_first_meld() {
        return Err("one is in the first meld".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{card, CardDb, CardId};
    use crate::game::GameConfig;

    fn id(t: &str) -> CardId {
        CardDb::get().by_title(t).unwrap()
    }

    /// A dealt game after both first melds (the first player then has one action).
    fn dealt(seed: u64) -> Game {
        let mut g = Game::new(GameConfig::new(&["ann", "bo"], seed)).unwrap();
        for p in 0..2 {
            let c = g.prompt_for(p).unwrap().options[0].clone();
            g.apply(Decision::new(p, vec![c])).unwrap();
        }
        g
    }

    /// An arranged table: empty hands, the given top cards and hand cards.
    fn table(piles: &[(usize, &str)], hands: &[(usize, &str)]) -> State {
        let mut st = Game::initial_state(&GameConfig::new(&["ann", "bo"], 3)).unwrap();
        for p in 0..2 {
            for c in std::mem::take(&mut st.players[p].hand) {
                st.deck_mut(crate::card::Set::Base, 1).insert(0, c);
            }
        }
        for (p, t) in piles {
            st.remove(id(t));
            st.players[*p].piles[card(id(t)).color.index()].cards.push(id(t));
        }
        for (p, t) in hands {
            st.remove(id(t));
            st.players[*p].hand.push(id(t));
        }
        st
    }

    fn arranged(st: &State) -> Game {
        Game::from_state(GameConfig::new(&["ann", "bo"], 3), st.clone()).unwrap()
    }

    fn act(g: &mut Game, p: PlayerId, a: Action) {
        g.apply(Decision::new(p, vec![Choice::Action(a)])).unwrap();
    }

    #[test]
    fn a_meld_can_be_taken_back_and_gives_the_game_before_it() {
        let mut g = dealt(1);
        let p = g.prompts()[0].player;
        let before = g.clone();
        let c = g.state().players[p].hand[0];
        act(&mut g, p, Action::Meld(c));
        assert_eq!(g.undoable(p), Ok(before.decisions().len()));
        same_game(&before, &g.undo(p).unwrap()).unwrap();
        // The other player made no decision since: not theirs to take back.
        let other = 1 - p;
        assert_eq!(g.undoable(other), Err(UndoRefusal::AnsweredSince { name: g.names()[p].clone() }));
    }

    #[test]
    fn a_draw_cannot_be_taken_back() {
        let mut g = dealt(2);
        let p = g.prompts()[0].player;
        act(&mut g, p, Action::Draw);
        assert_eq!(g.undoable(p), Err(UndoRefusal::Drawn));
        assert!(g.undo(p).is_err());
    }

    #[test]
    fn a_first_meld_choice_can_be_taken_back_until_the_cards_are_shown() {
        let mut g = Game::new(GameConfig::new(&["ann", "bo"], 5)).unwrap();
        let fresh = g.clone();
        let c = g.prompt_for(0).unwrap().options[0].clone();
        g.apply(Decision::new(0, vec![c])).unwrap();
        assert_eq!(g.undoable(0), Ok(0), "nothing was shown yet");
        assert_eq!(g.undoable(1), Err(UndoRefusal::Nothing));
        same_game(&fresh, &g.undo(0).unwrap()).unwrap();
        let c = g.prompt_for(1).unwrap().options[0].clone();
        g.apply(Decision::new(1, vec![c])).unwrap();
        // Bo's choice showed ann's card to bo: not undoable; and bo answered after ann.
        assert_eq!(g.undoable(1), Err(UndoRefusal::Shown { place: "ann's hand".into() }));
        assert_eq!(g.undoable(0), Err(UndoRefusal::AnsweredSince { name: "bo".into() }));
    }

    #[test]
    fn a_dogma_with_public_effects_and_its_answers_can_be_taken_back_one_by_one() {
        // Code of Laws: "You may tuck a card from your hand of the same color as any card on
        // your board. If you do, you may splay that color of your cards left." Bo has no
        // [authority]: he does not share.
        let st = table(&[(0, "Code of Laws")], &[(0, "Mysticism"), (1, "Agriculture")]);
        let mut g = arranged(&st);
        let at_start = g.clone();
        act(&mut g, 0, Action::Dogma(id("Code of Laws")));
        assert_eq!(g.prompt_for(0).map(|p| p.kind), Some(AnswerKind::Cards), "asked which card to tuck");
        let asked = g.clone();
        g.apply(Decision::new(0, vec![Choice::Card(id("Mysticism"))])).unwrap();
        assert_eq!(g.undoable(0), Ok(1), "tucking one's own card tells nothing");
        let back = g.undo_from(0, st.clone()).unwrap();
        same_game(&asked, &back).unwrap();
        assert_eq!(back.undoable(0), Ok(0), "and the Dogma before it, again");
        same_game(&at_start, &back.undo_from(0, st.clone()).unwrap()).unwrap();
        assert_eq!(g.undo(0).unwrap_err(), UndoRefusal::Arranged, "an arranged game needs its table");
    }

    #[test]
    fn a_dogma_another_player_takes_part_in_cannot_be_taken_back() {
        // Archery demands of bo (fewer [authority]); Agriculture is shared by bo (Pottery: as much [health]).
        let st = table(&[(0, "Archery")], &[]);
        let mut g = arranged(&st);
        act(&mut g, 0, Action::Dogma(id("Archery")));
        assert_eq!(g.undoable(0), Err(UndoRefusal::Involved { names: "bo".into() }));
        let st = table(&[(0, "Agriculture"), (1, "Pottery")], &[(0, "Sailing")]);
        let mut g = arranged(&st);
        act(&mut g, 0, Action::Dogma(id("Agriculture")));
        assert!(g.prompt_for(1).is_some() || g.prompt_for(0).is_some());
        assert_eq!(g.undoable(0).unwrap_err(), UndoRefusal::Involved { names: "bo".into() });
    }

    #[test]
    fn another_players_answer_blocks_the_undo() {
        // Oars demands: "transfer a card with a [crown] from your hand to my score pile"; bo
        // holds two, so he is asked which, and answers.
        let st = table(&[(0, "Oars")], &[(1, "Code of Laws"), (1, "Sailing")]);
        let mut g = arranged(&st);
        act(&mut g, 0, Action::Dogma(id("Oars")));
        let q = g.prompt_for(1).expect("bo is asked").clone();
        g.apply(Decision::new(1, vec![q.options[0].clone()])).unwrap();
        assert_eq!(g.undoable(0), Err(UndoRefusal::AnsweredSince { name: "bo".into() }));
        assert!(g.undoable(1).is_err(), "bo's answer gave ann his card");
    }

    #[test]
    fn each_kind_of_happening_is_judged_by_whose_card_it_was_and_who_sees_it_now() {
        let st = table(&[(0, "Code of Laws")], &[(0, "Sailing"), (1, "Mysticism"), (1, "Tools")]);
        let g = arranged(&st);
        let h = |act: Act, c: &str, from: Zone| Happening {
            by: 0,
            act,
            card: Some(id(c)),
            from: Some(from),
            cause: crate::ctx::Cause::Action,
            during: None,
        };
        let ok = |hs: &[Happening]| g.check_happenings(0, hs);
        assert_eq!(ok(&[h(Act::Draw, "Sailing", Zone::Deck(crate::card::Set::Base, 1))]), Err(UndoRefusal::Drawn));
        assert_eq!(ok(&[h(Act::Reveal, "Sailing", Zone::Hand(0))]), Ok(()), "one's own card");
        assert_eq!(ok(&[h(Act::Reveal, "Mysticism", Zone::Hand(1))]), Err(UndoRefusal::Revealed { place: "bo's hand".into() }));
        assert_eq!(ok(&[h(Act::Reveal, "Code of Laws", Zone::Pile(0, card(id("Code of Laws")).color))]), Ok(()), "a public card");
        // Mysticism is in bo's hand now: as if it had come from ann's hand, fine; from bo's score pile, touched.
        assert_eq!(ok(&[h(Act::Transfer, "Mysticism", Zone::Hand(0))]), Ok(()), "ann gave bo her card");
        assert_eq!(ok(&[h(Act::Transfer, "Mysticism", Zone::Score(1))]), Err(UndoRefusal::Touched { place: "bo's score pile".into() }));
        // Sailing is in ann's hand now: coming from bo's hand or the achievements, ann saw it.
        assert_eq!(ok(&[h(Act::Transfer, "Sailing", Zone::Hand(1))]), Err(UndoRefusal::Shown { place: "bo's hand".into() }));
        assert_eq!(
            ok(&[h(Act::Transfer, "Sailing", Zone::AvailableAchievements)]),
            Err(UndoRefusal::Shown { place: "the achievements".into() })
        );
        // A card moved on within the consequences is judged where it went next.
        let twice = [h(Act::Transfer, "Tools", Zone::Hand(1)), h(Act::Return, "Tools", Zone::Hand(0))];
        assert_eq!(ok(&twice), Err(UndoRefusal::Shown { place: "bo's hand".into() }));
        // Hidden to hidden, nobody the wiser: a deck junked, a card returned from the junk to a deck.
        let deck_card = *st.deck(crate::card::Set::Base, 3).first().unwrap();
        let junked = Happening {
            by: 0,
            act: Act::Junk,
            card: Some(deck_card),
            from: Some(Zone::Deck(crate::card::Set::Base, 3)),
            cause: crate::ctx::Cause::Action,
            during: None,
        };
        assert_eq!(ok(&[junked]), Ok(()));
    }

    #[test]
    fn a_concession_and_a_finished_game_cannot_be_taken_back() {
        let mut g = dealt(3);
        let p = g.prompts()[0].player;
        g.apply(Decision::concede(1 - p)).unwrap();
        assert!(g.is_over(), "two players: the other wins");
        assert_eq!(g.undoable(1 - p), Err(UndoRefusal::Over));
        let mut g = Game::new(GameConfig::new(&["ann", "bo", "cy"], 4)).unwrap();
        for p in 0..3 {
            let c = g.prompt_for(p).unwrap().options[0].clone();
            g.apply(Decision::new(p, vec![c])).unwrap();
        }
        let p = g.prompts()[0].player;
        g.apply(Decision::concede(p)).unwrap();
        assert_eq!(g.undoable(p), Err(UndoRefusal::Concession));
    }
}

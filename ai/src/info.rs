//! The information boundary: what a seat knows when it is asked a question.
//!
//! A computer player decides only from what its seat may see. This module is
//! the only part of the crate that reads a game's hidden cards (through
//! [`Game::state`] and a replay of the decisions of the current action), and
//! it reads them only to throw their identities away:
//!
//! * every card the seat can see (as `Zone::front_visible_to` says: its own
//!   hand, score pile and forecast, every board, display and Museum), now or
//!   when the current action began, keeps its name, unless it is a secret now;
//! * every other card (other hands and score piles, achievements, decks, the
//!   junk, and every secret) is renamed: the cards of one set and age that the
//!   seat has not seen are listed in a fixed order (by id) and handed out to
//!   the hidden places of that set and age in table order. Only the *shape* of
//!   the table (which places hold a hidden card of which back) survives, and
//!   the seat sees that shape.
//!
//! Nobody may look at a secret, its owner included: a card the seat saw in
//! its hand, score pile or forecast before it went into a safe is forgotten at once. One
//! safeguarded from a board during the current action keeps its name until
//! the action ends (a deal replays the action from the table everyone saw
//! when it began), and is forgotten from the next action on. The coin of The
//! Unseen's flips is hidden too (it decides the flips to come): it is zeroed
//! in an info set, and every world gets a coin of its own.
//!
//! The result, an [`InfoSet`], is the same for two games that differ only in
//! cards the seat cannot see (the tests check this), and players get nothing
//! else. To simulate, a player samples a [`World`]: the hidden cards dealt at
//! random into the hidden places, the current action replayed from its start
//! with the answers given so far (renamed the same way), kept only if the
//! seat would see exactly what it sees now and be asked the same question.
//!
//! The game's seed is zeroed in the configuration a player gets: the seed
//! fixes the shuffle of the decks, so it is hidden information too.

use crate::AiError;
use engine::card::{card, CardDb, CardId};
use engine::ctx::Ctx;
use engine::state::{Achievement, State};
use engine::Zone;
use engine::{Action, AnswerKind, Choice, Decision, Game, GameConfig, PlayerId, Prompt, View};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashSet;

/// How many random deals are tried before giving up on finding one that
/// agrees with what the seat saw during the current action.
pub const WORLD_TRIES: usize = 40;

/// A renaming of cards: a permutation of card ids that keeps backs (set and age).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Relabel(Vec<CardId>);

impl Relabel {
    pub fn identity() -> Relabel {
        Relabel((0..CardDb::get().cards.len() as u16).map(CardId).collect())
    }
    /// The identity changed at the given (from, to) pairs (which must make a permutation).
    pub fn from_pairs(pairs: impl IntoIterator<Item = (CardId, CardId)>) -> Relabel {
        let mut r = Relabel::identity();
        for (from, to) in pairs {
            r.set(from, to);
        }
        r
    }
    pub fn card(&self, c: CardId) -> CardId {
        self.0[c.0 as usize]
    }
    fn set(&mut self, from: CardId, to: CardId) {
        self.0[from.0 as usize] = to;
    }
    pub fn inverse(&self) -> Relabel {
        let mut inv = Relabel::identity();
        for (i, to) in self.0.iter().enumerate() {
            inv.set(*to, CardId(i as u16));
        }
        inv
    }
    pub fn choice(&self, c: &Choice) -> Choice {
        match c {
            Choice::Card(x) => Choice::Card(self.card(*x)),
            Choice::Action(a) => Choice::Action(self.action(a)),
            other => other.clone(),
        }
    }
    /// An action renamed: every action that names a card (listed in full, so
    /// that a new action naming a card cannot be forgotten here).
    pub fn action(&self, a: &Action) -> Action {
        match a {
            Action::Meld(x) => Action::Meld(self.card(*x)),
            Action::Dogma(x) => Action::Dogma(self.card(*x)),
            Action::Endorse(x) => Action::Endorse(self.card(*x)),
            Action::AchieveCard(x) => Action::AchieveCard(self.card(*x)),
            Action::Draw | Action::Achieve(_) | Action::AchieveSecret(_) | Action::Decree(_) => *a,
        }
    }
    pub fn choices(&self, cs: &[Choice]) -> Vec<Choice> {
        cs.iter().map(|c| self.choice(c)).collect()
    }
    pub fn decision(&self, d: &Decision) -> Decision {
        Decision::new(d.player, self.choices(&d.answer))
    }
    /// A question renamed: its options, and the card it is about (Murasaki Shikibu's "achieve the
    /// junked card?" is about a card the asked seat cannot see).
    pub fn prompt(&self, p: &Prompt) -> Prompt {
        Prompt { options: self.choices(&p.options), about: p.about.map(|c| self.card(c)), ..p.clone() }
    }
    /// The same table with every card renamed in place.
    pub fn state(&self, st: &State) -> State {
        let mut s = st.clone();
        let m = |v: &mut Vec<CardId>| v.iter_mut().for_each(|c| *c = self.card(*c));
        // Martian Internet: the tables set aside for a game within the game are cards too.
        let set_aside = s.set_aside.iter_mut().flat_map(|f| f.players.iter_mut());
        for ps in set_aside.chain(s.players.iter_mut()) {
            m(&mut ps.hand);
            m(&mut ps.score);
            for a in ps.achievements.iter_mut() {
                if let Achievement::Card(c) = a {
                    *c = self.card(*c);
                }
            }
            for pile in ps.piles.iter_mut() {
                m(&mut pile.cards);
            }
            m(&mut ps.forecast);
            m(&mut ps.safe);
            ps.display = ps.display.map(|c| self.card(c));
            ps.museums.iter_mut().for_each(|(_, c)| *c = self.card(*c));
        }
        for set in s.decks.iter_mut() {
            for d in set.iter_mut() {
                m(d);
            }
        }
        m(&mut s.achievements);
        m(&mut s.junk);
        s
    }
}

/// Which part of the game a question belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Everyone chooses their first card to meld at the same time.
    FirstMeld,
    Playing,
}

/// Everything a seat knows when it answers a question, hidden cards renamed
/// (see the module documentation). Players decide from this alone.
#[derive(Clone, Debug)]
pub struct InfoSet {
    pub seat: PlayerId,
    /// The game's configuration with its seed zeroed.
    pub config: GameConfig,
    pub phase: Phase,
    /// The table when the current action began (now, for a choice of action
    /// or the first meld), hidden cards renamed.
    pub start: State,
    /// The answers given since then, the choice of action first, renamed the same way.
    pub answers: Vec<Decision>,
    /// The question to answer, renamed the same way.
    pub prompt: Prompt,
    /// What the seat sees now.
    pub view: View,
    /// The cards the seat has not seen, by back (see [`back`]), in their fixed order.
    pub hidden: Vec<Vec<CardId>>,
    /// Answers already refused for this question (a card not implemented yet), renamed.
    pub refused: Vec<Vec<Choice>>,
}

/// Turns an answer chosen on an [`InfoSet`] back into the real game's names.
/// Players never get one.
#[derive(Clone, Debug)]
pub struct Unmask(Relabel);

impl Unmask {
    pub fn answer(&self, answer: &[Choice]) -> Vec<Choice> {
        self.0.choices(answer)
    }
}

/// A determinized game: one deal of the hidden cards consistent with an
/// [`InfoSet`], at the same question. Everything in it may be looked at.
#[derive(Clone, Debug)]
pub struct World {
    pub game: Game,
    /// From the info set's names to this world's names.
    pub map: Relabel,
}

impl World {
    pub fn choice(&self, c: &Choice) -> Choice {
        self.map.choice(c)
    }
    pub fn answer(&self, a: &[Choice]) -> Vec<Choice> {
        self.map.choices(a)
    }
}

fn is_action(d: &Decision) -> bool {
    matches!(d.answer.first(), Some(Choice::Action(_)))
}

/// Cards `viewer` sees on this table (everyone, for `None`), by the one rule of who sees what where.
fn visible_to(st: &State, viewer: Option<PlayerId>, out: &mut HashSet<CardId>) {
    let sees = |z: Zone| z.front_visible_to(viewer);
    for (p, ps) in st.players.iter().enumerate() {
        for (z, cards) in
            [(Zone::Hand(p), &ps.hand), (Zone::Score(p), &ps.score), (Zone::Forecast(p), &ps.forecast), (Zone::Safe(p), &ps.safe)]
        {
            if sees(z) {
                out.extend(cards);
            }
        }
        if sees(Zone::Pile(p, engine::Color::Red)) {
            out.extend(ps.board_cards());
        }
        if sees(Zone::Display(p)) {
            out.extend(ps.display);
        }
        if sees(Zone::Museum(p)) {
            out.extend(ps.museums.iter().map(|(_, c)| *c));
        }
    }
}

/// How many different backs there are: one per set and age (0 to 11).
const BACKS: usize = 6 * 12;

/// The back of a card, as an index: its set and its age.
fn back(c: CardId) -> usize {
    card(c).set.index() * 12 + card(c).age as usize
}

/// Hidden places in table order: each player's hand, score pile and
/// achievements, then the decks, the available achievements and the junk, then
/// every card set aside for a game within the game (Martian Internet: all face down).
fn hidden_places(st: &State) -> Vec<CardId> {
    let mut v = Vec::new();
    for ps in &st.players {
        v.extend(&ps.hand);
        v.extend(&ps.score);
        v.extend(ps.achievements.iter().filter_map(|a| match a {
            Achievement::Card(c) => Some(*c),
            _ => None,
        }));
        v.extend(&ps.forecast);
        v.extend(&ps.safe);
    }
    for set in &st.decks {
        for d in set {
            v.extend(d);
        }
    }
    v.extend(&st.achievements);
    v.extend(&st.junk);
    for ps in st.set_aside.iter().flat_map(|f| &f.players) {
        v.extend(ps.all_cards());
    }
    v
}

/// Follows one game for one or more seats, keeping a copy of it to find where
/// the current action began without replaying the whole game each time.
#[derive(Clone, Debug, Default)]
pub struct Observer {
    /// The arranged table the game began from, for games made with `Game::from_state`.
    origin: Option<State>,
    replica: Option<Game>,
}

impl Observer {
    pub fn new() -> Observer {
        Observer::default()
    }
    /// For a game that began from an arranged table (`Game::from_state`) rather than `Game::new`.
    pub fn from_arranged(origin: State) -> Observer {
        Observer { origin: Some(origin), replica: None }
    }

    /// The game as it was after its first `n` decisions.
    fn game_after(&mut self, game: &Game, n: usize) -> Result<&Game, AiError> {
        let decisions = &game.decisions()[..n];
        let usable = self
            .replica
            .as_ref()
            .is_some_and(|r| r.config() == game.config() && r.decisions().len() <= n && r.decisions() == &decisions[..r.decisions().len()]);
        if !usable {
            let fresh = match &self.origin {
                Some(st) => Game::from_state(game.config().clone(), st.clone()),
                None => Game::new(game.config().clone()),
            };
            let mut fresh = fresh.map_err(|e| AiError::History(e.to_string()))?;
            fresh.set_quiet(true);
            self.replica = Some(fresh);
        }
        let r = self.replica.as_mut().expect("set above");
        let done = r.decisions().len();
        for d in &decisions[done..] {
            if let Err(e) = r.apply(d.clone()) {
                self.replica = None;
                return Err(AiError::History(e.to_string()));
            }
        }
        Ok(self.replica.as_ref().expect("set above"))
    }

    /// What `seat` knows now, and the key back to the real game's names.
    /// `refused` lists answers the game already refused for this question.
    pub fn observe(&mut self, game: &Game, seat: PlayerId, refused: &[Vec<Choice>]) -> Result<(InfoSet, Unmask), AiError> {
        let prompt = game.prompt_for(seat).ok_or(AiError::NotAsked(seat))?.clone();
        let now = game.state();
        let first_meld = game.in_first_meld();
        let (phase, start, answers): (Phase, State, Vec<Decision>) = if first_meld {
            // The others' first melds are secret until everyone has chosen.
            (Phase::FirstMeld, now.clone(), Vec::new())
        } else if prompt.kind == AnswerKind::Action {
            (Phase::Playing, now.clone(), Vec::new())
        } else {
            let i = game.decisions().iter().rposition(is_action).ok_or_else(|| AiError::History("no action was chosen yet".into()))?;
            let start = self.game_after(game, i)?.state().clone();
            (Phase::Playing, start, game.decisions()[i..].to_vec())
        };
        let mut seen = HashSet::new();
        visible_to(&start, Some(seat), &mut seen);
        visible_to(now, Some(seat), &mut seen);
        // A secret's front is seen by nobody: one the seat saw before it was safeguarded is
        // forgotten. Only one that lay on the public table when the action began (a board) keeps
        // its name until the action ends, as a deal replays the action from that table.
        let mut public_at_start = HashSet::new();
        visible_to(&start, None, &mut public_at_start);
        for c in now.players.iter().flat_map(|ps| &ps.safe) {
            if !public_at_start.contains(c) {
                seen.remove(c);
            }
        }
        // The renaming: the unseen cards of each back, by id, go to the hidden places of that back in table order.
        let mut hidden: Vec<Vec<CardId>> = vec![Vec::new(); BACKS];
        for c in &CardDb::get().cards {
            if !seen.contains(&c.id) {
                hidden[back(c.id)].push(c.id);
            }
        }
        let mut rename = Relabel::identity();
        let mut next = [0usize; BACKS];
        for c in hidden_places(&start) {
            if seen.contains(&c) {
                continue;
            }
            let b = back(c);
            rename.set(c, hidden[b][next[b]]);
            next[b] += 1;
        }
        let mut start = rename.state(&start);
        // The order of the junk is not seen: keep it in a fixed order.
        start.junk.sort_by_key(|c| (card(*c).age, *c));
        // Nor are the coin flips to come.
        start.coin = 0;
        start.coin_flips.clear();
        let info = InfoSet {
            seat,
            config: GameConfig { seed: 0, ..game.config().clone() },
            phase,
            start,
            answers: answers.iter().map(|d| rename.decision(d)).collect(),
            prompt: rename.prompt(&prompt),
            view: game.view(Some(seat)),
            hidden,
            refused: refused.iter().map(|a| rename.choices(a)).collect(),
        };
        Ok((info, Unmask(rename.inverse())))
    }
}

impl InfoSet {
    /// A random renaming of the unseen cards (backs kept).
    fn deal(&self, rng: &mut impl Rng) -> Relabel {
        let mut map = Relabel::identity();
        for cards in &self.hidden {
            let mut shuffled = cards.clone();
            shuffled.shuffle(rng);
            for (from, to) in cards.iter().zip(shuffled) {
                map.set(*from, to);
            }
        }
        map
    }

    /// One deal of the hidden cards that agrees with everything the seat has
    /// seen, at the same question; `None` if none was found in [`WORLD_TRIES`]
    /// deals (or in the first meld, see [`InfoSet::first_meld_world`]).
    pub fn sample_world(&self, rng: &mut impl Rng) -> Option<World> {
        if self.phase == Phase::FirstMeld {
            return None;
        }
        (0..WORLD_TRIES).find_map(|_| {
            let map = self.deal(rng);
            self.try_world(map, rng.gen())
        })
    }

    fn try_world(&self, map: Relabel, coin: u64) -> Option<World> {
        let mut st = map.state(&self.start);
        st.coin = coin;
        let mut game = Game::from_state(self.config.clone(), st).ok()?;
        // Nobody reads a world's events.
        game.set_quiet(true);
        for d in &self.answers {
            game.apply(map.decision(d)).ok()?;
        }
        let asked = game.prompt_for(self.seat)?;
        let expected = map.prompt(&self.prompt);
        let same = asked.kind == expected.kind
            && asked.options == expected.options
            && asked.about == expected.about
            && asked.min == expected.min
            && asked.max == expected.max;
        if !same || game.view(Some(self.seat)) != self.view {
            return None;
        }
        Some(World { game, map })
    }

    /// For the first meld: a deal of the hidden cards, the seat melding
    /// `mine` and everyone else a random card of their hand; the game then
    /// waits for the first action.
    pub fn first_meld_world(&self, mine: CardId, rng: &mut impl Rng) -> Option<World> {
        let map = self.deal(rng);
        let mut st = map.state(&self.start);
        st.coin = rng.gen();
        let mine = map.card(mine);
        let chosen: Vec<CardId> = (0..st.players.len())
            .map(|p| if p == self.seat { Some(mine) } else { st.players[p].hand.choose(rng).copied() })
            .collect::<Option<Vec<CardId>>>()?;
        {
            let mut ctx = Ctx::new(&mut st, &self.config.players, &[]);
            engine::turn::first_meld(&mut ctx, &chosen);
        }
        let mut game = Game::from_state(self.config.clone(), st).ok()?;
        game.set_quiet(true);
        Some(World { game, map })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every action naming a card is renamed with its card, and renamed back
    /// by the inverse: an answer chosen in an info set's names (or a world's)
    /// is the same action on the real table.
    #[test]
    fn actions_naming_a_card_are_renamed_with_it() {
        let (a, b) = (CardId(3), CardId(40));
        let r = Relabel::from_pairs([(a, b), (b, a)]);
        for (action, renamed) in [
            (Action::Meld(a), Action::Meld(b)),
            (Action::Dogma(a), Action::Dogma(b)),
            (Action::Endorse(a), Action::Endorse(b)),
            (Action::Draw, Action::Draw),
            (Action::Achieve(3), Action::Achieve(3)),
        ] {
            assert_eq!(r.choice(&Choice::Action(action)), Choice::Action(renamed));
            assert_eq!(r.inverse().choice(&Choice::Action(renamed)), Choice::Action(action));
        }
    }
}

//! The table: every player's hand, board, score pile and achievements (and the
//! expansions' forecast, safe, display and Museums), the decks of every set in
//! play, the available achievements, Decrees and Museums, the junk, and whose
//! turn it is. Quantities derived from the table (icons, score, achievements
//! held, limits) are rules queries in `derived`, not here.

use crate::card::{card, CardId, Color, Set, SetList, Special};
pub use crate::zone::Zone;
use serde::{Deserialize, Serialize};

/// A seat at the table, 0 = the first name in the configuration.
pub type PlayerId = usize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Splay {
    #[default]
    None,
    Left,
    Right,
    Up,
    Aslant,
}

impl Splay {
    pub fn name(self) -> &'static str {
        match self {
            Splay::None => "none",
            Splay::Left => "left",
            Splay::Right => "right",
            Splay::Up => "up",
            Splay::Aslant => "aslant",
        }
    }
    pub fn parse(s: &str) -> Option<Splay> {
        [Splay::None, Splay::Left, Splay::Right, Splay::Up, Splay::Aslant].into_iter().find(|x| x.name() == s)
    }
    /// Icon slots that the splay reveals on a covered card with four slots (top-left,
    /// bottom-left, bottom-middle, bottom-right) or, for a city, six (slots 1 to 6 in the
    /// card data's order; slot 5 is the city's image and slot 6 its special icon beside the
    /// top-left icon: a reading the Cities work confirms against the printed cards).
    pub fn revealed_slots(self, slots: usize) -> &'static [usize] {
        match (self, slots) {
            (Splay::None, _) => &[],
            (Splay::Left, 6) => &[3],
            (Splay::Right, 6) => &[0, 1, 5],
            (Splay::Up, 6) => &[1, 2, 3],
            (Splay::Aslant, 6) => &[0, 1, 2, 3, 5],
            (Splay::Left, _) => &[3],
            (Splay::Right, _) => &[0, 1],
            (Splay::Up, _) => &[1, 2, 3],
            (Splay::Aslant, _) => &[0, 1, 2, 3],
        }
    }
    /// How far the splay reveals, for "best splay" (none < left < right < up < aslant).
    pub fn rank(self) -> u8 {
        match self {
            Splay::None => 0,
            Splay::Left => 1,
            Splay::Right => 2,
            Splay::Up => 3,
            Splay::Aslant => 4,
        }
    }
}

/// One colour's pile on a board: `cards[0]` is the bottom card, the last is the top card.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pile {
    pub cards: Vec<CardId>,
    pub splay: Splay,
}

impl Pile {
    pub fn top(&self) -> Option<CardId> {
        self.cards.last().copied()
    }
    pub fn bottom(&self) -> Option<CardId> {
        self.cards.first().copied()
    }
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    /// Visible cards: the top card, and every card of a splayed pile ("a card is visible if it
    /// is a top card, or if it is in a splayed pile and you can see any part of it").
    pub fn visible_count(&self) -> usize {
        if self.splay == Splay::None {
            self.cards.len().min(1)
        } else {
            self.cards.len()
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Achievement {
    Card(CardId),
    Special(Special),
    /// A Decree of Figures in the Sand, by its colour.
    Decree(Color),
    /// A Museum of Artifacts of History (the five are alike; numbered 1 to 5).
    Museum(u8),
}

impl Achievement {
    /// The value of an achievement: its age, or none for a special achievement, Decree or Museum.
    pub fn value(self) -> Option<u8> {
        match self {
            Achievement::Card(c) => Some(card(c).age),
            _ => None,
        }
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct PlayerState {
    pub hand: Vec<CardId>,
    pub score: Vec<CardId>,
    pub achievements: Vec<Achievement>,
    pub piles: [Pile; 5],
    /// Echoes: the forecast, in the order the cards entered it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forecast: Vec<CardId>,
    /// The Unseen: the safe, in the order the secrets entered it (that order is public).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub safe: Vec<CardId>,
    /// Artifacts: the Artifact on display.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<CardId>,
    /// Artifacts: the Artifacts in this player's Museums, each with its Museum (1 to 5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub museums: Vec<(u8, CardId)>,
    /// Cards drawn during the current turn (on anyone's turn): the Unseen's "first card you draw".
    #[serde(default)]
    pub drawn_this_turn: u16,
    /// Cards scored and tucked during the current turn (on anyone's turn): Figures' "a sixth card
    /// this turn".
    #[serde(default, skip_serializing_if = "is_zero")]
    pub scored_this_turn: u16,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub tucked_this_turn: u16,
    pub eliminated: bool,
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

impl PlayerState {
    pub fn pile(&self, c: Color) -> &Pile {
        &self.piles[c.index()]
    }
    pub fn top(&self, c: Color) -> Option<CardId> {
        self.piles[c.index()].top()
    }
    pub fn top_cards(&self) -> Vec<CardId> {
        self.piles.iter().filter_map(|p| p.top()).collect()
    }
    pub fn colors_on_board(&self) -> Vec<Color> {
        Color::ALL.into_iter().filter(|c| !self.pile(*c).is_empty()).collect()
    }
    pub fn board_cards(&self) -> impl Iterator<Item = CardId> + '_ {
        self.piles.iter().flat_map(|p| p.cards.iter().copied())
    }
    /// The value of the score pile's cards alone (the score adds bonuses: `derived::score`).
    pub fn score_pile_total(&self) -> u32 {
        self.score.iter().map(|c| card(*c).age as u32).sum()
    }
    /// Every card this player holds anywhere (hand, score pile, board, achievements and the
    /// expansions' zones), for elimination.
    pub fn all_cards(&self) -> Vec<CardId> {
        let mut v: Vec<CardId> = self.hand.iter().chain(&self.score).copied().chain(self.board_cards()).collect();
        v.extend(self.achievements.iter().filter_map(|a| if let Achievement::Card(c) = a { Some(*c) } else { None }));
        v.extend(self.forecast.iter().chain(&self.safe).copied());
        v.extend(self.display);
        v.extend(self.museums.iter().map(|(_, c)| *c));
        v
    }
    /// Whether `c` is one of this player's cards anywhere.
    pub fn holds(&self, c: CardId) -> bool {
        self.hand.contains(&c)
            || self.score.contains(&c)
            || self.achievements.contains(&Achievement::Card(c))
            || self.piles.iter().any(|p| p.cards.contains(&c))
            || self.forecast.contains(&c)
            || self.safe.contains(&c)
            || self.display == Some(c)
            || self.museums.iter().any(|(_, x)| *x == c)
    }
    /// Takes `c` out of wherever this player holds it (a set-aside table's card; the table's own
    /// cards leave through `State::remove`, which keeps the rules of piles and Museums).
    fn take(&mut self, c: CardId) {
        for v in [&mut self.hand, &mut self.score, &mut self.forecast, &mut self.safe] {
            v.retain(|x| *x != c);
        }
        self.achievements.retain(|a| *a != Achievement::Card(c));
        for p in self.piles.iter_mut() {
            p.cards.retain(|x| *x != c);
        }
        if self.display == Some(c) {
            self.display = None;
        }
        self.museums.retain(|(_, x)| *x != c);
    }
}

/// Artifacts (Martian Internet): this game's table set aside while a new game is played on the
/// same decks, supply and junk ("start a new game, ignoring all players' current cards").
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SetAside {
    /// The player who started the new game.
    pub by: PlayerId,
    /// Every player's cards in this game, as they were.
    pub players: Vec<PlayerState>,
    /// This game's turn, to go on with once the new game is over.
    pub turn: Turn,
    /// Players who conceded during the new game: conceding leaves this game too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conceded: Vec<PlayerId>,
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Turn {
    pub player: PlayerId,
    pub actions_left: u8,
    /// Turns begun since the first meld; 0 is the first player's first turn.
    pub number: u32,
    /// Cities: a Dogma action was endorsed this turn (once per turn).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub endorsed: bool,
    /// The start-of-turn step (Artifacts' showcase) is done for this turn.
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub started: bool,
}

/// A table kept before turns had a start is past the start of its turn.
fn yes() -> bool {
    true
}

fn is_yes(b: &bool) -> bool {
    *b
}

impl Turn {
    pub fn new(player: PlayerId, actions_left: u8, number: u32) -> Turn {
        Turn { player, actions_left, number, endorsed: false, started: false }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WinReason {
    Achievements,
    Score,
    Card,
    Elimination,
}

impl WinReason {
    pub fn name(self) -> &'static str {
        match self {
            WinReason::Achievements => "achievements",
            WinReason::Score => "score",
            WinReason::Card => "card",
            WinReason::Elimination => "elimination",
        }
    }
}

/// How a finished game ended. Several winners mean a team or a shared (drawn) result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<PlayerId>,
    pub reason: WinReason,
    pub card: Option<CardId>,
}

/// The whole table (serialisable: the bot keeps the table as of the last action boundary
/// beside a game's log, to go on from if a later version's rules no longer replay the log).
#[derive(Debug, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<PlayerState>,
    /// The sets in play, the base set first.
    #[serde(default = "base_only")]
    pub sets: SetList,
    /// The supply decks of each set in play, in the order of `sets` (see [`State::deck`]):
    /// `[age]`, top card last. The base deck of age 0 holds the Age 0 cards once a card
    /// introduces them. (Only the sets in play have decks: a base game's table stays small.)
    #[serde(deserialize_with = "decks_of_any_version")]
    pub decks: Vec<Decks>,
    /// The Age 0 deck has been introduced (0 becomes a value to choose).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub age_zero: bool,
    /// The seeded generator of coin flips (The Unseen's Quantum Computers), drawn at setup.
    #[serde(default)]
    pub coin: u64,
    /// Coin flips arranged in advance (rules scenarios): taken first, `true` a won flip.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub coin_flips: Vec<bool>,
    /// Available standard achievements.
    pub achievements: Vec<CardId>,
    /// Available special achievements.
    pub specials: Vec<Special>,
    pub junk: Vec<CardId>,
    /// Special achievements in the junk (Feudalism junks them, Publications brings them back).
    pub junked_specials: Vec<Special>,
    /// Figures: the Decrees in the supply, by colour.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decrees: Vec<Color>,
    /// Artifacts: the Museums in the supply (numbered 1 to 5).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub museums: Vec<u8>,
    pub turn: Turn,
    /// Teams as lists of seats; every player is on a team (alone without teams).
    pub teams: Vec<Vec<PlayerId>>,
    pub result: Option<Outcome>,
    /// Artifacts (Martian Internet): the tables set aside for the games being played within this
    /// one, the outermost first. Empty unless a new game is being played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub set_aside: Vec<SetAside>,
}

// Cloning reuses the target's allocations (`clone_from`): a step is replayed
// from its snapshot for every answer, so this is the engine's hottest copy.
impl Clone for Pile {
    fn clone(&self) -> Self {
        Pile { cards: self.cards.clone(), splay: self.splay }
    }
    fn clone_from(&mut self, src: &Self) {
        self.cards.clone_from(&src.cards);
        self.splay = src.splay;
    }
}

impl Clone for PlayerState {
    fn clone(&self) -> Self {
        PlayerState {
            hand: self.hand.clone(),
            score: self.score.clone(),
            achievements: self.achievements.clone(),
            piles: self.piles.clone(),
            forecast: self.forecast.clone(),
            safe: self.safe.clone(),
            display: self.display,
            museums: self.museums.clone(),
            drawn_this_turn: self.drawn_this_turn,
            scored_this_turn: self.scored_this_turn,
            tucked_this_turn: self.tucked_this_turn,
            eliminated: self.eliminated,
        }
    }
    fn clone_from(&mut self, src: &Self) {
        self.hand.clone_from(&src.hand);
        self.score.clone_from(&src.score);
        self.achievements.clone_from(&src.achievements);
        for (a, b) in self.piles.iter_mut().zip(&src.piles) {
            a.clone_from(b);
        }
        clone_vec(&mut self.forecast, &src.forecast);
        clone_vec(&mut self.safe, &src.safe);
        self.display = src.display;
        clone_vec(&mut self.museums, &src.museums);
        self.drawn_this_turn = src.drawn_this_turn;
        self.scored_this_turn = src.scored_this_turn;
        self.tucked_this_turn = src.tucked_this_turn;
        self.eliminated = src.eliminated;
    }
}

/// `clone_from` that skips the work when both are empty (most expansion zones and decks in most games).
fn clone_vec<T: Clone>(a: &mut Vec<T>, b: &[T]) {
    if !(a.is_empty() && b.is_empty()) {
        a.clear();
        a.extend_from_slice(b);
    }
}

/// One set's supply decks: `[age]`, ages 0 to 11.
pub type Decks = [Vec<CardId>; 12];

/// Reads the decks as stored now, or as stored before the expansions (the base decks alone).
fn decks_of_any_version<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Decks>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum AnyDecks {
        PerSet(Vec<Decks>),
        BaseOnly(Box<Decks>),
    }
    Ok(match AnyDecks::deserialize(d)? {
        AnyDecks::PerSet(all) => all,
        AnyDecks::BaseOnly(base) => vec![*base],
    })
}

fn base_only() -> SetList {
    SetList::of(&[Set::Base])
}

impl Clone for State {
    fn clone(&self) -> Self {
        State {
            players: self.players.clone(),
            sets: self.sets,
            decks: self.decks.clone(),
            age_zero: self.age_zero,
            coin: self.coin,
            coin_flips: self.coin_flips.clone(),
            achievements: self.achievements.clone(),
            specials: self.specials.clone(),
            junk: self.junk.clone(),
            junked_specials: self.junked_specials.clone(),
            decrees: self.decrees.clone(),
            museums: self.museums.clone(),
            turn: self.turn,
            teams: self.teams.clone(),
            result: self.result.clone(),
            set_aside: self.set_aside.clone(),
        }
    }
    fn clone_from(&mut self, src: &Self) {
        self.players.clone_from(&src.players);
        self.sets = src.sets;
        self.decks.truncate(src.decks.len());
        for (a, b) in self.decks.iter_mut().zip(&src.decks) {
            for (x, y) in a.iter_mut().zip(b) {
                x.clone_from(y);
            }
        }
        let have = self.decks.len();
        self.decks.extend(src.decks[have..].iter().cloned());
        self.age_zero = src.age_zero;
        self.coin = src.coin;
        clone_vec(&mut self.coin_flips, &src.coin_flips);
        self.achievements.clone_from(&src.achievements);
        self.specials.clone_from(&src.specials);
        self.junk.clone_from(&src.junk);
        self.junked_specials.clone_from(&src.junked_specials);
        clone_vec(&mut self.decrees, &src.decrees);
        clone_vec(&mut self.museums, &src.museums);
        self.turn = src.turn;
        self.teams.clone_from(&src.teams);
        self.result.clone_from(&src.result);
        clone_vec(&mut self.set_aside, &src.set_aside);
    }
}

impl State {
    pub fn player(&self, p: PlayerId) -> &PlayerState {
        &self.players[p]
    }
    pub fn num_players(&self) -> usize {
        self.players.len()
    }
    pub fn team_of(&self, p: PlayerId) -> &[PlayerId] {
        self.teams.iter().find(|t| t.contains(&p)).map(|t| t.as_slice()).unwrap_or(&[])
    }
    pub fn are_teammates(&self, a: PlayerId, b: PlayerId) -> bool {
        a != b && self.team_of(a).contains(&b)
    }
    /// Who decides as "the current player" (which of several karmas occurs): the player whose
    /// turn it is, or, once they have lost during it, the next player in turn order (a player
    /// who loses is "skipped in turn order" and no longer part of the table).
    pub fn deciding_current_player(&self) -> PlayerId {
        let current = self.turn.player;
        if !self.players[current].eliminated {
            return current;
        }
        self.order_from_left_of(current).first().copied().unwrap_or(current)
    }
    /// Players still in the game, clockwise starting with the one left of `p`
    /// and ending with `p` itself (if still in the game).
    pub fn order_from_left_of(&self, p: PlayerId) -> Vec<PlayerId> {
        let n = self.players.len();
        (1..=n).map(|i| (p + i) % n).filter(|q| !self.players[*q].eliminated).collect()
    }
    /// Opponents of `p`: players still in the game who are not `p` or a teammate of `p`, clockwise from `p`'s left.
    pub fn opponents(&self, p: PlayerId) -> Vec<PlayerId> {
        self.order_from_left_of(p).into_iter().filter(|q| *q != p && !self.are_teammates(p, *q)).collect()
    }
    /// Other players still in the game (teammates included), clockwise from `p`'s left.
    pub fn others(&self, p: PlayerId) -> Vec<PlayerId> {
        self.order_from_left_of(p).into_iter().filter(|q| *q != p).collect()
    }
    pub fn active_players(&self) -> Vec<PlayerId> {
        (0..self.players.len()).filter(|q| !self.players[*q].eliminated).collect()
    }
    pub fn pile(&self, p: PlayerId, c: Color) -> &Pile {
        &self.players[p].piles[c.index()]
    }
    pub fn pile_mut(&mut self, p: PlayerId, c: Color) -> &mut Pile {
        &mut self.players[p].piles[c.index()]
    }

    /// Whether a set is in play.
    pub fn has(&self, set: Set) -> bool {
        self.sets.contains(set)
    }
    /// The number of expansions in play.
    pub fn expansion_count(&self) -> usize {
        self.sets.iter().filter(|s| *s != Set::Base).count()
    }
    /// The supply deck of a set and age (a set not in play, or an age above 11, has none: empty).
    pub fn deck(&self, set: Set, age: u8) -> &[CardId] {
        match self.sets.position(set) {
            Some(i) => self.decks[i].get(age as usize).map_or(&[], |d| d.as_slice()),
            None => &[],
        }
    }
    /// The supply deck of a set in play and an age from 0 to 11.
    pub fn deck_mut(&mut self, set: Set, age: u8) -> &mut Vec<CardId> {
        let i = self.sets.position(set).expect("the set is in play");
        &mut self.decks[i][age as usize]
    }

    /// Where `c` lies, if it is anywhere.
    pub fn locate(&self, c: CardId) -> Option<Zone> {
        for (p, ps) in self.players.iter().enumerate() {
            if ps.hand.contains(&c) {
                return Some(Zone::Hand(p));
            }
            if ps.score.contains(&c) {
                return Some(Zone::Score(p));
            }
            if ps.achievements.contains(&Achievement::Card(c)) {
                return Some(Zone::Achievements(p));
            }
            for col in Color::ALL {
                if ps.pile(col).cards.contains(&c) {
                    return Some(Zone::Pile(p, col));
                }
            }
            if ps.forecast.contains(&c) {
                return Some(Zone::Forecast(p));
            }
            if ps.safe.contains(&c) {
                return Some(Zone::Safe(p));
            }
            if ps.display == Some(c) {
                return Some(Zone::Display(p));
            }
            if ps.museums.iter().any(|(_, x)| *x == c) {
                return Some(Zone::Museum(p));
            }
        }
        let info = card(c);
        if self.deck(info.set, info.age).contains(&c) {
            return Some(Zone::Deck(info.set, info.age));
        }
        if self.achievements.contains(&c) {
            return Some(Zone::AvailableAchievements);
        }
        if self.junk.contains(&c) {
            return Some(Zone::Junk);
        }
        for frame in &self.set_aside {
            if let Some(p) = frame.players.iter().position(|ps| ps.holds(c)) {
                return Some(Zone::SetAside(p));
            }
        }
        None
    }

    /// Takes `c` out of wherever it is. A pile left with fewer than two cards forgets its splay;
    /// a Museum emptied of its Artifact goes back to the supply.
    pub fn remove(&mut self, c: CardId) -> Option<Zone> {
        let zone = self.locate(c)?;
        fn rm(v: &mut Vec<CardId>, c: CardId) {
            if let Some(i) = v.iter().position(|x| *x == c) {
                v.remove(i);
            }
        }
        match zone {
            Zone::Hand(p) => rm(&mut self.players[p].hand, c),
            Zone::Score(p) => rm(&mut self.players[p].score, c),
            Zone::Achievements(p) => self.players[p].achievements.retain(|a| *a != Achievement::Card(c)),
            Zone::Pile(p, col) => {
                let pile = self.pile_mut(p, col);
                rm(&mut pile.cards, c);
                if pile.cards.len() < 2 {
                    pile.splay = Splay::None;
                }
            }
            Zone::Forecast(p) => rm(&mut self.players[p].forecast, c),
            Zone::Safe(p) => rm(&mut self.players[p].safe, c),
            Zone::Display(p) => self.players[p].display = None,
            Zone::Museum(p) => {
                let museums = &mut self.players[p].museums;
                if let Some(i) = museums.iter().position(|(_, x)| *x == c) {
                    let (m, _) = museums.remove(i);
                    self.museums.push(m);
                }
            }
            Zone::Deck(set, a) => rm(self.deck_mut(set, a), c),
            Zone::AvailableAchievements => rm(&mut self.achievements, c),
            Zone::Junk => rm(&mut self.junk, c),
            Zone::SetAside(p) => {
                if let Some(frame) = self.set_aside.iter_mut().find(|f| f.players.get(p).is_some_and(|ps| ps.holds(c))) {
                    frame.players[p].take(c);
                }
            }
        }
        Some(zone)
    }

    /// Every card of the game that is somewhere, for the invariant checks.
    pub fn all_cards(&self) -> Vec<CardId> {
        let mut v = Vec::new();
        for ps in &self.players {
            v.extend(ps.all_cards());
        }
        for set in &self.decks {
            for d in set {
                v.extend(d);
            }
        }
        v.extend(&self.achievements);
        v.extend(&self.junk);
        for frame in &self.set_aside {
            for ps in &frame.players {
                v.extend(ps.all_cards());
            }
        }
        v
    }

    /// The whole team of `p` (for "you win" in a team game).
    pub fn winners_with_team(&self, p: PlayerId) -> Vec<PlayerId> {
        let mut t = self.team_of(p).to_vec();
        if t.is_empty() {
            t.push(p);
        }
        t.sort();
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameConfig};

    /// A table kept by the bot before the expansions (the base decks as one list of twelve,
    /// no sets, no expansion zones) still reads, as the same base table.
    #[test]
    fn a_table_kept_before_the_expansions_still_reads() {
        let st = Game::initial_state(&GameConfig::new(&["ann", "bo"], 5)).unwrap();
        let mut old = serde_json::to_value(&st).unwrap();
        let o = old.as_object_mut().unwrap();
        let base = o["decks"][0].clone();
        o.insert("decks".into(), base);
        o.remove("sets");
        let back: State = serde_json::from_value(old).unwrap();
        assert_eq!(serde_json::to_value(&back).unwrap(), serde_json::to_value(&st).unwrap());
        assert!(back.has(Set::Base) && back.expansion_count() == 0);
    }
}

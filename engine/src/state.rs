//! The table: every player's hand, board, score pile and achievements, the
//! decks, the available achievements and the junk, and whose turn it is.
//! Reading the table (top cards, visible icons, scores) lives here too.

use crate::card::{card, CardId, Color, Icon, Special};
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
    /// Icon positions (top-left, bottom-left, bottom-middle, bottom-right)
    /// that the splay reveals on a covered card.
    pub fn revealed_positions(self) -> &'static [usize] {
        match self {
            Splay::None => &[],
            Splay::Left => &[3],
            Splay::Right => &[0, 1],
            Splay::Up => &[1, 2, 3],
            Splay::Aslant => &[0, 1, 2, 3],
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
    /// Visible icons of `icon` in this pile: all of the top card, and what the splay reveals below it.
    pub fn icon_count(&self, icon: Icon) -> usize {
        let Some((top, rest)) = self.cards.split_last() else { return 0 };
        let mut n = card(*top).icon_count(icon);
        for c in rest {
            let icons = card(*c).icons;
            n += self.splay.revealed_positions().iter().filter(|p| icons[**p] == icon).count();
        }
        n
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Achievement {
    Card(CardId),
    Special(Special),
}

impl Achievement {
    /// The value of an achievement: its age, or none for a special achievement.
    pub fn value(self) -> Option<u8> {
        match self {
            Achievement::Card(c) => Some(card(c).age),
            Achievement::Special(_) => None,
        }
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct PlayerState {
    pub hand: Vec<CardId>,
    pub score: Vec<CardId>,
    pub achievements: Vec<Achievement>,
    pub piles: [Pile; 5],
    pub eliminated: bool,
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
    pub fn icon_count(&self, icon: Icon) -> usize {
        self.piles.iter().map(|p| p.icon_count(icon)).sum()
    }
    pub fn score_total(&self) -> u32 {
        self.score.iter().map(|c| card(*c).age as u32).sum()
    }
    /// Value of the highest top card, 0 with an empty board.
    pub fn highest_top_value(&self) -> u8 {
        self.top_cards().iter().map(|c| card(*c).age).max().unwrap_or(0)
    }
}

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub player: PlayerId,
    pub actions_left: u8,
    /// Turns begun since the first meld; 0 is the first player's first turn.
    pub number: u32,
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

/// Where a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    Hand(PlayerId),
    Score(PlayerId),
    Achievements(PlayerId),
    Pile(PlayerId, Color),
    Deck(u8),
    AvailableAchievements,
    Junk,
}

/// The whole table (serialisable: the bot keeps the table as of the last action boundary
/// beside a game's log, to go on from if a later version's rules no longer replay the log).
#[derive(Debug, Serialize, Deserialize)]
pub struct State {
    pub players: Vec<PlayerState>,
    /// `decks[age]`, top card last. Index 0 is unused (age 0 is not in the base game).
    pub decks: [Vec<CardId>; 12],
    /// Available standard achievements.
    pub achievements: Vec<CardId>,
    /// Available special achievements.
    pub specials: Vec<Special>,
    pub junk: Vec<CardId>,
    /// Special achievements in the junk (Feudalism junks them, Publications brings them back).
    pub junked_specials: Vec<Special>,
    pub turn: Turn,
    /// Teams as lists of seats; every player is on a team (alone without teams).
    pub teams: Vec<Vec<PlayerId>>,
    pub result: Option<Outcome>,
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
        self.eliminated = src.eliminated;
    }
}

impl Clone for State {
    fn clone(&self) -> Self {
        State {
            players: self.players.clone(),
            decks: self.decks.clone(),
            achievements: self.achievements.clone(),
            specials: self.specials.clone(),
            junk: self.junk.clone(),
            junked_specials: self.junked_specials.clone(),
            turn: self.turn,
            teams: self.teams.clone(),
            result: self.result.clone(),
        }
    }
    fn clone_from(&mut self, src: &Self) {
        self.players.clone_from(&src.players);
        for (a, b) in self.decks.iter_mut().zip(&src.decks) {
            a.clone_from(b);
        }
        self.achievements.clone_from(&src.achievements);
        self.specials.clone_from(&src.specials);
        self.junk.clone_from(&src.junk);
        self.junked_specials.clone_from(&src.junked_specials);
        self.turn = src.turn;
        self.teams.clone_from(&src.teams);
        self.result.clone_from(&src.result);
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
        }
        if let Some(a) = self.decks.iter().position(|d| d.contains(&c)) {
            return Some(Zone::Deck(a as u8));
        }
        if self.achievements.contains(&c) {
            return Some(Zone::AvailableAchievements);
        }
        if self.junk.contains(&c) {
            return Some(Zone::Junk);
        }
        None
    }

    /// Takes `c` out of wherever it is. A pile left with fewer than two cards forgets its splay.
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
            Zone::Deck(a) => rm(&mut self.decks[a as usize], c),
            Zone::AvailableAchievements => rm(&mut self.achievements, c),
            Zone::Junk => rm(&mut self.junk, c),
        }
        Some(zone)
    }

    /// Every card of the game that is somewhere, for the invariant checks.
    pub fn all_cards(&self) -> Vec<CardId> {
        let mut v = Vec::new();
        for ps in &self.players {
            v.extend(&ps.hand);
            v.extend(&ps.score);
            v.extend(ps.achievements.iter().filter_map(|a| match a {
                Achievement::Card(c) => Some(*c),
                _ => None,
            }));
            v.extend(ps.board_cards());
        }
        for d in &self.decks {
            v.extend(d);
        }
        v.extend(&self.achievements);
        v.extend(&self.junk);
        v
    }

    /// Achievements counted for victory: the player's, plus their teammates'.
    pub fn team_achievement_count(&self, p: PlayerId) -> usize {
        self.team_of(p).iter().map(|q| self.players[*q].achievements.len()).sum()
    }

    pub fn team_score(&self, p: PlayerId) -> u32 {
        self.team_of(p).iter().map(|q| self.players[*q].score_total()).sum()
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

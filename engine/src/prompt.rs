//! Questions the game asks (`Prompt`), the answers players give (`Choice`),
//! and a decision: one player's answer, the unit a game's log is made of.

use crate::card::{card, CardId, Color, Icon, Special};
use crate::state::{PlayerId, Splay};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of the four actions of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Draw,
    Meld(CardId),
    /// Dogma on a top card: the player's own, or (Parley, 4+ players) a distant player's.
    Dogma(CardId),
    /// Cities: a Dogma action on the player's own top card, endorsed (the city and the card
    /// junked to pay are asked next, see `city::endorse`).
    Endorse(CardId),
    /// Achieve an available standard achievement of this value.
    Achieve(u8),
    /// The Unseen: achieve the secret at this place in the player's safe (secrets are chosen by
    /// their place: nobody may see their fronts).
    AchieveSecret(u8),
    /// Figures: issue the Decree of this colour.
    Decree(Color),
    /// Figures: achieve a card that counts as an available achievement for the player (a top card
    /// of theirs, by a top Figure's "Each" karma).
    AchieveCard(CardId),
}

/// One pickable answer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    Action(Action),
    Card(CardId),
    Color(Color),
    Player(PlayerId),
    Value(u8),
    Yes,
    No,
    Icon(Icon),
    Splay(Splay),
    Special(Special),
    /// "Choose to either ... or ...": the option's label, quoting the printed words.
    Label(String),
    /// Not an answer to a question: the deciding player concedes (loses) at this point.
    Concede,
}

/// What kind of answer a question wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnswerKind {
    Action,
    Cards,
    Color,
    Player,
    Value,
    YesNo,
    Order,
    Icon,
    Option,
}

/// A question to one player.
#[derive(Clone, Debug, PartialEq)]
pub struct Prompt {
    pub player: PlayerId,
    pub kind: AnswerKind,
    pub options: Vec<Choice>,
    pub min: usize,
    pub max: usize,
    /// Why it is asked: "Archery: transfer the highest card in your hand to alice".
    pub reason: String,
    /// Hitchhiking: the player whose decision this is, when another player (`player`, who
    /// answers) makes it for them; `None` for a player's own decision.
    pub on_behalf_of: Option<PlayerId>,
    /// The card the question is about when its words cannot name it in public (Scissors: "either
    /// meld it or score it" for a card from the hand): named to whoever may see it
    /// ([`crate::Game::reason_for`]), and a question about a card only its player sees is asked
    /// in private.
    pub about: Option<CardId>,
}

impl Prompt {
    pub fn may_decline(&self) -> bool {
        self.min == 0
    }
    /// A question the engine answers itself: one legal answer and no way to decline,
    /// or "pick all of them" where order does not matter.
    /// The choice of an action is never taken for a player, even when Draw is all they can do.
    pub fn forced(&self) -> Option<Vec<Choice>> {
        if self.min == 0 || self.kind == AnswerKind::Action {
            return None;
        }
        if self.options.len() == 1 {
            return Some(self.options.clone());
        }
        if self.kind != AnswerKind::Order && self.min == self.options.len() {
            return Some(self.options.clone());
        }
        None
    }
    /// Checks an answer against the legal ones.
    pub fn check(&self, answer: &[Choice]) -> Result<(), String> {
        if answer.len() < self.min || answer.len() > self.max {
            return Err(if self.min == self.max {
                format!("pick exactly {} (got {})", self.min, answer.len())
            } else {
                format!("pick from {} to {} (got {})", self.min, self.max, answer.len())
            });
        }
        for (i, a) in answer.iter().enumerate() {
            if !self.options.contains(a) {
                return Err(format!("{a} is not one of the answers"));
            }
            if answer[..i].contains(a) {
                return Err(format!("{a} is picked twice"));
            }
        }
        Ok(())
    }
}

/// One player's answer to the question they were asked. Stored compactly as
/// a string: the seat, a colon, the answer's tokens separated by `|` (`"0:D"`, `"1:c12|c40"`, `"0:"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub player: PlayerId,
    pub answer: Vec<Choice>,
}

impl Serialize for Decision {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let tokens: Vec<String> = self.answer.iter().map(Choice::token).collect();
        s.serialize_str(&format!("{}:{}", self.player, tokens.join("|")))
    }
}

impl<'de> Deserialize<'de> for Decision {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        let bad = || serde::de::Error::custom(format!("not a decision: {s:?}"));
        let (p, rest) = s.split_once(':').ok_or_else(bad)?;
        let player = p.parse().map_err(|_| bad())?;
        let answer = if rest.is_empty() {
            Vec::new()
        } else {
            rest.split('|').map(|t| Choice::from_token(t).ok_or_else(bad)).collect::<Result<_, _>>()?
        };
        Ok(Decision { player, answer })
    }
}

impl Decision {
    pub fn new(player: PlayerId, answer: Vec<Choice>) -> Decision {
        Decision { player, answer }
    }
    pub fn concede(player: PlayerId) -> Decision {
        Decision { player, answer: vec![Choice::Concede] }
    }
    pub fn is_concession(&self) -> bool {
        self.answer == [Choice::Concede]
    }
}

// ---------- compact tokens, used for storage and logs ----------

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Action(Action::Draw) => write!(f, "draw"),
            Choice::Action(Action::Meld(c)) => write!(f, "meld {}", card(*c).title),
            Choice::Action(Action::Dogma(c)) => write!(f, "dogma {}", card(*c).title),
            Choice::Action(Action::Endorse(c)) => write!(f, "endorse {}", card(*c).title),
            Choice::Action(Action::Achieve(a)) => write!(f, "achieve {a}"),
            Choice::Action(Action::AchieveSecret(i)) => write!(f, "achieve secret {}", i + 1),
            Choice::Action(Action::Decree(c)) => write!(f, "decree {c}"),
            Choice::Action(Action::AchieveCard(c)) => write!(f, "achieve {}", card(*c).title),
            Choice::Card(c) => write!(f, "{}", card(*c).title),
            Choice::Color(c) => write!(f, "{c}"),
            Choice::Player(p) => write!(f, "player {p}"),
            Choice::Value(v) => write!(f, "{v}"),
            Choice::Yes => write!(f, "yes"),
            Choice::No => write!(f, "no"),
            Choice::Icon(i) => write!(f, "{i}"),
            Choice::Splay(s) => write!(f, "{}", s.name()),
            Choice::Special(s) => write!(f, "{}", s.name()),
            Choice::Label(l) => write!(f, "{l}"),
            Choice::Concede => write!(f, "concede"),
        }
    }
}

impl Choice {
    /// The compact stored token: `D`, `M12`, `G12`, `N12` (endorse), `A3`, `S0`, `Ered`, `C12` (achieve a card), `c12`, `kred`, `p1`, `v3`, `y`, `n`, `iauthority`, `sleft`, `xMonument`, `lLabel`.
    pub fn token(&self) -> String {
        match self {
            Choice::Action(Action::Draw) => "D".into(),
            Choice::Action(Action::Meld(c)) => format!("M{}", c.0),
            Choice::Action(Action::Dogma(c)) => format!("G{}", c.0),
            Choice::Action(Action::Endorse(c)) => format!("N{}", c.0),
            Choice::Action(Action::Achieve(a)) => format!("A{a}"),
            Choice::Action(Action::AchieveSecret(i)) => format!("S{i}"),
            Choice::Action(Action::Decree(c)) => format!("E{}", c.name()),
            Choice::Action(Action::AchieveCard(c)) => format!("C{}", c.0),
            Choice::Card(c) => format!("c{}", c.0),
            Choice::Color(c) => format!("k{}", c.name()),
            Choice::Player(p) => format!("p{p}"),
            Choice::Value(v) => format!("v{v}"),
            Choice::Yes => "y".into(),
            Choice::No => "n".into(),
            Choice::Icon(i) => format!("i{}", i.name()),
            Choice::Splay(s) => format!("s{}", s.name()),
            Choice::Special(s) => format!("x{}", s.name()),
            Choice::Label(l) => format!("l{l}"),
            Choice::Concede => "Q".into(),
        }
    }
    pub fn from_token(t: &str) -> Option<Choice> {
        let mut chars = t.chars();
        let head = chars.next()?;
        let rest = chars.as_str();
        let card_id = |s: &str| -> Option<CardId> {
            let n: u16 = s.parse().ok()?;
            ((n as usize) < crate::card::CardDb::get().cards.len()).then_some(CardId(n))
        };
        Some(match head {
            'D' if rest.is_empty() => Choice::Action(Action::Draw),
            'M' => Choice::Action(Action::Meld(card_id(rest)?)),
            'G' => Choice::Action(Action::Dogma(card_id(rest)?)),
            'N' => Choice::Action(Action::Endorse(card_id(rest)?)),
            'A' => Choice::Action(Action::Achieve(rest.parse().ok()?)),
            'S' => Choice::Action(Action::AchieveSecret(rest.parse().ok()?)),
            'E' => Choice::Action(Action::Decree(Color::parse(rest)?)),
            'C' => Choice::Action(Action::AchieveCard(card_id(rest)?)),
            'c' => Choice::Card(card_id(rest)?),
            'k' => Choice::Color(Color::parse(rest)?),
            'p' => Choice::Player(rest.parse().ok()?),
            'v' => Choice::Value(rest.parse().ok()?),
            'y' if rest.is_empty() => Choice::Yes,
            'n' if rest.is_empty() => Choice::No,
            'i' => Choice::Icon(Icon::parse(rest)?),
            's' => Choice::Splay(Splay::parse(rest)?),
            'x' => Choice::Special(Special::parse(rest)?),
            'l' => Choice::Label(rest.to_string()),
            'Q' if rest.is_empty() => Choice::Concede,
            _ => return None,
        })
    }
}

impl Serialize for Choice {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.token())
    }
}

impl<'de> Deserialize<'de> for Choice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Choice::from_token(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown answer token {s:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip() {
        let all = vec![
            Choice::Action(Action::Draw),
            Choice::Action(Action::Meld(CardId(3))),
            Choice::Action(Action::Dogma(CardId(114))),
            Choice::Action(Action::Endorse(CardId(7))),
            Choice::Action(Action::Achieve(10)),
            Choice::Action(Action::AchieveSecret(2)),
            Choice::Action(Action::Decree(Color::Green)),
            Choice::Card(CardId(0)),
            Choice::Color(Color::Purple),
            Choice::Player(4),
            Choice::Value(11),
            Choice::Yes,
            Choice::No,
            Choice::Icon(Icon::Avatar),
            Choice::Splay(Splay::Aslant),
            Choice::Special(Special::Universe),
            Choice::Label("Draw a {3}".into()),
            Choice::Concede,
        ];
        for c in all {
            assert_eq!(Choice::from_token(&c.token()), Some(c.clone()), "{}", c.token());
        }
        assert_eq!(Choice::from_token("c9999"), None);
        assert_eq!(Choice::from_token("q"), None);
    }

    #[test]
    fn decisions_round_trip_as_compact_strings() {
        for d in [
            Decision::new(0, vec![Choice::Action(Action::Draw)]),
            Decision::new(3, vec![Choice::Card(CardId(12)), Choice::Card(CardId(40))]),
            Decision::new(1, vec![]),
            Decision::new(2, vec![Choice::Label("Draw a {3}, then splay".into())]),
        ] {
            let json = serde_json::to_string(&d).unwrap();
            assert_eq!(serde_json::from_str::<Decision>(&json).unwrap(), d, "{json}");
        }
        assert_eq!(serde_json::to_string(&Decision::new(0, vec![Choice::Action(Action::Draw)])).unwrap(), "\"0:D\"");
        assert!(serde_json::from_str::<Decision>("\"x:D\"").is_err());
        assert!(serde_json::from_str::<Decision>("\"0:zz\"").is_err());
    }

    #[test]
    fn check_refuses_illegal_answers() {
        let p = Prompt {
            player: 0,
            kind: AnswerKind::Cards,
            options: vec![Choice::Card(CardId(1)), Choice::Card(CardId(2))],
            min: 1,
            max: 1,
            reason: String::new(),
            on_behalf_of: None,
            about: None,
        };
        assert!(p.check(&[Choice::Card(CardId(1))]).is_ok());
        assert!(p.check(&[]).is_err());
        assert!(p.check(&[Choice::Card(CardId(3))]).is_err());
        assert!(p.check(&[Choice::Card(CardId(1)), Choice::Card(CardId(2))]).is_err());
    }
}

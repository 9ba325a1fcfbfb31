//! What one player may see ("Can I look?", page 7): their own hand and score
//! pile face up, everyone's boards, and only the backs of everything else.
//! The renderer and the bot draw from views, never from the full state.

use crate::card::{card, CardId, Color, Icon, Special};
use crate::game::Game;
use crate::state::{Achievement, Outcome, PlayerId, Splay, Turn};
use serde::Serialize;

/// A card as a viewer sees it: its face, or only its back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Face {
    Front(CardId),
    Back { age: u8 },
}

impl Face {
    pub fn age(self) -> u8 {
        match self {
            Face::Front(c) => card(c).age,
            Face::Back { age } => age,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum AchievementFace {
    /// A standard (or other card) achievement: only its back.
    Back {
        age: u8,
    },
    Special(Special),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PileView {
    pub color: Color,
    /// Top card first.
    pub cards: Vec<CardId>,
    pub splay: Splay,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: PlayerId,
    pub name: String,
    pub hand: Vec<Face>,
    pub score: Vec<Face>,
    pub score_total: u32,
    pub achievements: Vec<AchievementFace>,
    pub piles: Vec<PileView>,
    /// Visible icons of the seven standard kinds, in `Icon::STANDARD` order.
    pub icons: Vec<(Icon, usize)>,
    pub eliminated: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub viewer: Option<PlayerId>,
    pub players: Vec<PlayerView>,
    /// Cards left in each base deck, ages 1 to 11 (index 0 is age 1).
    pub deck_sizes: Vec<usize>,
    /// Values of the available standard achievements.
    pub achievements: Vec<u8>,
    pub specials: Vec<Special>,
    pub junk: usize,
    /// Special achievements in the junk (their fronts are public).
    pub junked_specials: Vec<Special>,
    /// The simultaneous first meld is under way.
    pub first_meld: bool,
    pub turn: Turn,
    /// Players the game waits on.
    pub waiting_on: Vec<PlayerId>,
    pub result: Option<Outcome>,
    pub teams: Vec<Vec<PlayerId>>,
}

impl Game {
    /// What `viewer` may see (`None`: a spectator, who sees only public information).
    pub fn view(&self, viewer: Option<PlayerId>) -> View {
        let st = self.state();
        let players = st
            .players
            .iter()
            .enumerate()
            .map(|(p, ps)| {
                let mine = viewer == Some(p);
                let face = |c: &CardId| if mine { Face::Front(*c) } else { Face::Back { age: card(*c).age } };
                PlayerView {
                    seat: p,
                    name: self.names()[p].clone(),
                    hand: ps.hand.iter().map(face).collect(),
                    score: ps.score.iter().map(face).collect(),
                    score_total: ps.score_total(),
                    achievements: ps
                        .achievements
                        .iter()
                        .map(|a| match a {
                            Achievement::Card(c) => AchievementFace::Back { age: card(*c).age },
                            Achievement::Special(s) => AchievementFace::Special(*s),
                        })
                        .collect(),
                    piles: Color::ALL
                        .iter()
                        .map(|c| PileView { color: *c, cards: ps.pile(*c).top_first(), splay: ps.pile(*c).splay })
                        .collect(),
                    icons: Icon::STANDARD.iter().map(|i| (*i, ps.icon_count(*i))).collect(),
                    eliminated: ps.eliminated,
                }
            })
            .collect();
        let mut achievements: Vec<u8> = st.achievements.iter().map(|c| card(*c).age).collect();
        achievements.sort();
        View {
            viewer,
            players,
            deck_sizes: (1..=11).map(|a| st.decks[a].len()).collect(),
            achievements,
            specials: st.specials.clone(),
            junk: st.junk.len(),
            junked_specials: st.junked_specials.clone(),
            first_meld: self.in_first_meld(),
            turn: st.turn,
            waiting_on: self.prompts().iter().map(|p| p.player).collect(),
            result: st.result.clone(),
            teams: st.teams.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameConfig};

    #[test]
    fn a_view_shows_only_the_viewers_hidden_cards() {
        let g = Game::new(GameConfig::new(&["alice", "bob"], 7)).unwrap();
        let v = g.view(Some(0));
        assert!(v.players[0].hand.iter().all(|f| matches!(f, Face::Front(_))));
        assert!(v.players[1].hand.iter().all(|f| matches!(f, Face::Back { .. })));
        let s = g.view(None);
        assert!(s.players.iter().all(|p| p.hand.iter().all(|f| matches!(f, Face::Back { .. }))));
    }
}

/// Who would share and who would be demanded of if `p` used the dogma of top card `c` now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DogmaPreview {
    pub sharing: Vec<PlayerId>,
    pub demanded: Vec<PlayerId>,
}

impl Game {
    pub fn dogma_preview(&self, p: PlayerId, c: CardId) -> DogmaPreview {
        let st = self.state();
        let info = card(c);
        let mine = st.players[p].icon_count(info.featured_icon);
        let mut out = DogmaPreview { sharing: Vec::new(), demanded: Vec::new() };
        for q in st.others(p) {
            let n = st.players[q].icon_count(info.featured_icon);
            if n >= mine {
                out.sharing.push(q);
            } else if info.has_demand() && !st.are_teammates(p, q) {
                out.demanded.push(q);
            }
        }
        out
    }

    /// Whether a question shows the asked player's hidden cards (their hand or
    /// score pile) among its answers, so it must be asked in private.
    pub fn prompt_is_private(&self, prompt: &crate::prompt::Prompt) -> bool {
        use crate::prompt::{Action, Choice};
        use crate::state::Zone;
        self.in_first_meld()
            || prompt.options.iter().any(|c| {
                let id = match c {
                    Choice::Card(id) | Choice::Action(Action::Meld(id)) => *id,
                    _ => return false,
                };
                matches!(self.state().locate(id), Some(Zone::Hand(q) | Zone::Score(q)) if q == prompt.player)
            })
    }

    /// Words for an answer as `viewer` may read them: a card the viewer cannot
    /// see is named by its back and place ("a 3 in bob's score pile").
    pub fn choice_label(&self, viewer: PlayerId, c: &crate::prompt::Choice) -> String {
        use crate::prompt::{Action, Choice};
        use crate::state::Zone;
        let st = self.state();
        let names = self.names();
        let card_words = |id: CardId| -> String {
            let info = card(id);
            let z = st.locate(id);
            let visible = match z {
                Some(Zone::Pile(..)) => true,
                Some(Zone::Hand(q) | Zone::Score(q)) => q == viewer,
                _ => false,
            };
            if visible {
                return format!("{} ({})", info.title, info.age);
            }
            let place = match z {
                Some(Zone::Hand(q)) => format!("{}'s hand", names[q]),
                Some(Zone::Score(q)) => format!("{}'s score pile", names[q]),
                Some(Zone::Achievements(q)) => format!("{}'s achievements", names[q]),
                Some(Zone::AvailableAchievements) => "the available achievements".into(),
                Some(Zone::Deck(_)) => "its deck".into(),
                _ => "the junk".into(),
            };
            format!("a {} in {place}", info.age)
        };
        match c {
            Choice::Action(Action::Draw) => "Draw".into(),
            Choice::Action(Action::Meld(id)) => format!("Meld {}", card_words(*id)),
            Choice::Action(Action::Dogma(id)) => format!("Dogma {}", card(*id).title),
            Choice::Action(Action::Achieve(v)) => format!("Achieve {v}"),
            Choice::Card(id) => card_words(*id),
            Choice::Player(q) => names.get(*q).cloned().unwrap_or_default(),
            other => other.to_string(),
        }
    }
}

//! What a table or board picture may show: the public part of a view. Hands
//! and score piles become their backs' values and achievements their backs or
//! names, whatever the view shows face up, so the drawing code for public
//! pictures cannot reach a hidden card.

use engine::view::{AchievementFace, Face, PileView};
use engine::{Color, Icon, PlayerId, Set, Special, View};
use std::borrow::Cow;

/// A hidden card as everyone sees it: its back, which shows its value and its set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Back {
    pub age: u8,
    pub set: Set,
}

impl Back {
    pub fn of(f: &Face) -> Back {
        match f {
            Face::Front(c) => Back { age: engine::card(*c).age, set: engine::card(*c).set },
            Face::Back { age, set } => Back { age: *age, set: *set },
        }
    }
}

pub enum PublicAchievement {
    Back(Back),
    Special(Special),
    /// Figures: a Decree, by its colour (drawn by name, in its colour).
    Decree(Color),
    /// A Museum, by name.
    Named(String),
}

impl PublicAchievement {
    /// Figures: a claimed Decree's name ("War"), its colour, and the colour of words on it.
    pub fn decree(c: Color) -> (&'static str, crate::draw::Rgb, crate::draw::Rgb) {
        (engine::CardDb::get().decree(c).name.as_str(), crate::theme::card(c), crate::theme::on_card(c))
    }
}

pub struct PublicPlayer<'a> {
    pub seat: PlayerId,
    /// The name as drawn: "Player N" when no character of it can be drawn.
    pub name: Cow<'a, str>,
    /// Backs of the cards in hand, lowest first.
    pub hand: Vec<Back>,
    /// Backs of the cards in the score pile, lowest first.
    pub score: Vec<Back>,
    pub score_total: u32,
    pub achievements: Vec<PublicAchievement>,
    /// Achievements held for victory (with visible fountains and flags).
    pub achievements_held: usize,
    /// The Unseen: the secrets, in the order they entered the safe (backs for everyone).
    pub safe: Vec<Back>,
    /// Echoes: the cards in the forecast (their backs).
    pub forecast: Vec<Back>,
    /// The forecast and safe limit (best splay).
    pub zone_limit: usize,
    /// Artifacts: the Artifact on display and those in Museums (public).
    pub display: Option<engine::CardId>,
    pub museums: Vec<engine::CardId>,
    /// Boards are public.
    pub piles: &'a [PileView],
    pub icons: &'a [(Icon, usize)],
    pub eliminated: bool,
}

impl PublicPlayer<'_> {
    pub fn hand_count(&self) -> usize {
        self.hand.len()
    }
}

/// A player's name as pictures draw it: "Player N" (by seat) when no character
/// of it can be drawn, so that nobody's name comes out blank.
pub fn drawn_name(name: &str, seat: PlayerId) -> Cow<'_, str> {
    if crate::draw::drawable(name) {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(format!("Player {}", seat + 1))
    }
}

pub fn players(view: &View) -> Vec<PublicPlayer<'_>> {
    view.players
        .iter()
        .map(|p| {
            let mut hand: Vec<Back> = p.hand.iter().map(Back::of).collect();
            hand.sort();
            let mut score: Vec<Back> = p.score.iter().map(Back::of).collect();
            score.sort();
            PublicPlayer {
                seat: p.seat,
                name: drawn_name(&p.name, p.seat),
                hand,
                score,
                score_total: p.score_total,
                achievements: p
                    .achievements
                    .iter()
                    .map(|a| match a {
                        AchievementFace::Back { age, set } => PublicAchievement::Back(Back { age: *age, set: *set }),
                        AchievementFace::Special(s) => PublicAchievement::Special(*s),
                        AchievementFace::Decree(c) => PublicAchievement::Decree(*c),
                        AchievementFace::Museum => PublicAchievement::Named("Museum".into()),
                    })
                    .collect(),
                achievements_held: p.achievements_held,
                safe: p.safe.iter().map(Back::of).collect(),
                forecast: p.forecast.iter().map(Back::of).collect(),
                zone_limit: p.zone_limit,
                display: p.display,
                museums: p.museums.clone(),
                piles: &p.piles,
                icons: &p.icons,
                eliminated: p.eliminated,
            }
        })
        .collect()
}

//! Every place a card can be, and the one rule of who may see a card's front
//! there ("Can I look?", p. 7, and each expansion's zones). The view, event
//! wording, choosing by back and the computer players' hidden-card renaming
//! all ask [`Zone::front_visible_to`]; the set of a card is public everywhere
//! (the backs of the sets differ).

use crate::card::{Color, Set};
use crate::state::PlayerId;

/// Where a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    Hand(PlayerId),
    Score(PlayerId),
    Achievements(PlayerId),
    Pile(PlayerId, Color),
    /// Echoes: foreshadowed cards, face down under the top edge of the reference card.
    Forecast(PlayerId),
    /// The Unseen: secrets, face down under the bottom edge of the reference card.
    Safe(PlayerId),
    /// Artifacts: the Artifact on display, face up on the reference card.
    Display(PlayerId),
    /// Artifacts: Artifacts in the player's Museums, face up beside the board.
    Museum(PlayerId),
    /// A supply deck of one set and age.
    Deck(Set, u8),
    AvailableAchievements,
    Junk,
    /// Artifacts (Martian Internet): this game's cards of a player, set aside face down while a
    /// new game is played.
    SetAside(PlayerId),
}

impl Zone {
    /// The player the zone belongs to, if any.
    pub fn owner(self) -> Option<PlayerId> {
        match self {
            Zone::Hand(p)
            | Zone::Score(p)
            | Zone::Achievements(p)
            | Zone::Pile(p, _)
            | Zone::Forecast(p)
            | Zone::Safe(p)
            | Zone::Display(p)
            | Zone::Museum(p)
            | Zone::SetAside(p) => Some(p),
            Zone::Deck(..) | Zone::AvailableAchievements | Zone::Junk => None,
        }
    }

    /// Whether `viewer` (`None`: a spectator) may see the front of a card here.
    /// - boards, the display and Museums are public;
    /// - a hand, a score pile and a forecast are seen by their owner alone;
    /// - a secret in a safe is seen by nobody, its owner included;
    /// - achievements (claimed or available), decks and the junk are face down;
    /// - cards set aside for a game within the game (Martian Internet) are face down.
    pub fn front_visible_to(self, viewer: Option<PlayerId>) -> bool {
        match self {
            Zone::Pile(..) | Zone::Display(_) | Zone::Museum(_) => true,
            Zone::Hand(p) | Zone::Score(p) | Zone::Forecast(p) => viewer == Some(p),
            Zone::Safe(_) | Zone::Achievements(_) | Zone::Deck(..) | Zone::AvailableAchievements | Zone::Junk | Zone::SetAside(_) => false,
        }
    }

    /// Whether everyone may see a card's front here.
    pub fn is_public(self) -> bool {
        self.front_visible_to(None)
    }

    /// The zone's name in scenario files and text ("hand", "score", "safe", ...).
    pub fn key(self) -> &'static str {
        match self {
            Zone::Hand(_) => "hand",
            Zone::Score(_) => "score",
            Zone::Achievements(_) => "achievements",
            Zone::Pile(..) => "board",
            Zone::Forecast(_) => "forecast",
            Zone::Safe(_) => "safe",
            Zone::Display(_) => "display",
            Zone::Museum(_) => "museums",
            Zone::Deck(..) => "deck",
            Zone::AvailableAchievements => "available achievements",
            Zone::Junk => "junk",
            Zone::SetAside(_) => "set aside",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_sees_what() {
        let me = Some(0);
        let you = Some(1);
        assert!(Zone::Forecast(0).front_visible_to(me));
        assert!(!Zone::Forecast(0).front_visible_to(you));
        assert!(!Zone::Forecast(0).front_visible_to(None));
        assert!(!Zone::Safe(0).front_visible_to(me), "a secret is hidden from its owner too");
        assert!(!Zone::Safe(0).front_visible_to(you));
        assert!(Zone::Display(0).front_visible_to(you) && Zone::Museum(0).front_visible_to(None));
        assert!(Zone::Hand(0).front_visible_to(me) && !Zone::Hand(0).front_visible_to(you));
        assert!(!Zone::Achievements(0).front_visible_to(me));
        assert!(!Zone::Deck(Set::Unseen, 3).front_visible_to(me));
        assert!(Zone::Pile(1, Color::Red).is_public());
    }
}

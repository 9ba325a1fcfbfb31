//! Reading the table the way card texts do: "the highest card in your hand",
//! "a top card with [authority]", "the value of ...". Values of missing cards are 0.

use crate::card::{card, CardId, Color, Icon};
use crate::ctx::{Ctx, Exec, Mode};
use crate::state::{PlayerId, Splay};

/// The article a value is read with: "an 8", "an 11", "a 9".
pub fn article(v: u8) -> &'static str {
    if matches!(v, 8 | 11 | 18 | 80..=89) {
        "an"
    } else {
        "a"
    }
}

/// A value with its article, as a question names it: "a 9", "an 8", "an 11" (a raised age value
/// may change the article the printed one had).
pub fn a_value(v: u8) -> String {
    format!("{} {v}", article(v))
}

/// The value (age) of a card; a card you don't have is worth 0.
pub fn value(c: Option<CardId>) -> u8 {
    c.map_or(0, |c| card(c).age)
}

pub fn color(c: CardId) -> Color {
    card(c).color
}

pub fn has_icon(c: CardId, icon: Icon) -> bool {
    card(c).has_icon(icon)
}

/// All the cards tied for the highest value (empty for no cards).
pub fn highest(cards: &[CardId]) -> Vec<CardId> {
    let Some(m) = cards.iter().map(|c| card(*c).age).max() else { return Vec::new() };
    cards.iter().copied().filter(|c| card(*c).age == m).collect()
}

/// All the cards tied for the lowest value.
pub fn lowest(cards: &[CardId]) -> Vec<CardId> {
    let Some(m) = cards.iter().map(|c| card(*c).age).min() else { return Vec::new() };
    cards.iter().copied().filter(|c| card(*c).age == m).collect()
}

pub fn with_icon(cards: &[CardId], icon: Icon) -> Vec<CardId> {
    cards.iter().copied().filter(|c| has_icon(*c, icon)).collect()
}

pub fn of_color(cards: &[CardId], col: Color) -> Vec<CardId> {
    cards.iter().copied().filter(|c| color(*c) == col).collect()
}

pub fn of_value(cards: &[CardId], v: u8) -> Vec<CardId> {
    cards.iter().copied().filter(|c| card(*c).age == v).collect()
}

impl Ctx<'_> {
    /// "Your hand", with the cards a Figure's karma counts as being in it.
    pub fn hand(&self, p: PlayerId) -> Vec<CardId> {
        crate::derived::hand(self.st, p)
    }
    /// "Your score pile", with the cards a Figure's karma considers part of it.
    pub fn score_pile(&self, p: PlayerId) -> Vec<CardId> {
        crate::derived::score_pile(self.st, p)
    }
    pub fn top_cards(&self, p: PlayerId) -> Vec<CardId> {
        self.st.players[p].top_cards()
    }
    /// "Cards on your board": every card of every pile, covered ones included ("cards that you
    /// cover up over time are still part of your board"), colour by colour, top card first.
    pub fn board_cards(&self, p: PlayerId) -> Vec<CardId> {
        Color::ALL.into_iter().flat_map(|col| self.pile_cards(p, col)).collect()
    }
    pub fn top(&self, p: PlayerId, col: Color) -> Option<CardId> {
        self.st.players[p].top(col)
    }
    pub fn bottom(&self, p: PlayerId, col: Color) -> Option<CardId> {
        self.st.players[p].pile(col).bottom()
    }
    /// The cards of one colour on a board, top card first.
    pub fn pile_cards(&self, p: PlayerId, col: Color) -> Vec<CardId> {
        self.st.players[p].pile(col).top_first()
    }
    pub fn splay_of(&self, p: PlayerId, col: Color) -> Splay {
        self.st.players[p].pile(col).splay
    }
    pub fn colors_on_board(&self, p: PlayerId) -> Vec<Color> {
        self.st.players[p].colors_on_board()
    }
    pub fn icons(&self, p: PlayerId, icon: Icon) -> usize {
        crate::derived::icon_count(self.st, p, icon)
    }
    /// "Every color on your board with [icon]": the colours whose pile shows the
    /// icon, on its top card or on a card its splay reveals (a visible icon).
    pub fn colors_with_icon(&self, p: PlayerId, icon: Icon) -> Vec<Color> {
        crate::derived::colors_with_icon(self.st, p, icon)
    }
    /// The player's score: the score pile and visible bonuses.
    pub fn score_total(&self, p: PlayerId) -> u32 {
        crate::derived::score(self.st, p)
    }
    pub fn opponents(&self, p: PlayerId) -> Vec<PlayerId> {
        self.st.opponents(p)
    }
    pub fn others(&self, p: PlayerId) -> Vec<PlayerId> {
        self.st.others(p)
    }
    /// Echoes: the player's forecast (its owner sees it; nobody else does).
    pub fn forecast(&self, p: PlayerId) -> Vec<CardId> {
        self.st.players[p].forecast.clone()
    }
    /// Echoes: "if this was foreseen" ("if Bangle was foreseen"): true during the free Dogma action
    /// on this card right after it was promoted from a forecast, and not in later activations.
    pub fn foreseen(&self, e: Exec) -> bool {
        self.foreseen == Some(e.card) && e.mode == Mode::Dogma
    }
    /// Echoes: how many echo effects one colour of a board shows.
    pub fn echo_effects_in(&self, p: PlayerId, col: Color) -> usize {
        crate::derived::visible_echoes(self.st.pile(p, col)).len()
    }
    /// Visible bonus icons on a board, highest first.
    pub fn bonuses(&self, p: PlayerId) -> Vec<u8> {
        crate::derived::bonuses(self.st, p)
    }
    /// The Unseen: the player's secrets, in the order they entered the safe.
    pub fn secrets(&self, p: PlayerId) -> Vec<CardId> {
        self.st.players[p].safe.clone()
    }
    /// The top card of the base deck of a value (an age with no base card has none).
    pub fn top_of_deck(&self, age: u8) -> Option<CardId> {
        self.st.deck(crate::card::Set::Base, age).last().copied()
    }
    /// Available standard achievements (the cards among the available achievements).
    pub fn available_achievements(&self) -> Vec<CardId> {
        self.st.achievements.clone()
    }
    /// Colours that `p` could splay in direction `dir` (two or more cards, not already splayed that way).
    pub fn splayable(&self, p: PlayerId, dir: Splay) -> Vec<Color> {
        Color::ALL.into_iter().filter(|c| self.st.pile(p, *c).len() >= 2 && self.st.pile(p, *c).splay != dir).collect()
    }
    /// "You may splay your X cards DIR": offers that colour (or nothing, when it cannot be
    /// splayed so), which may be declined; asked as the two-colour form is. Returns whether it splayed.
    pub fn may_splay(&mut self, p: PlayerId, col: Color, dir: Splay) -> crate::ctx::Res<bool> {
        self.may_splay_one_of(p, &[col], dir)
    }
    /// "You may splay your A or B cards DIR": offers the colours that can be splayed.
    pub fn may_splay_one_of(&mut self, p: PlayerId, colors: &[Color], dir: Splay) -> crate::ctx::Res<bool> {
        let can: Vec<Color> = colors.iter().copied().filter(|c| self.splayable(p, dir).contains(c)).collect();
        let names: Vec<&str> = colors.iter().map(|c| c.name()).collect();
        match self.choose_color(p, &can, true, &format!("you may splay your {} cards {}", names.join(" or "), dir.name()))? {
            Some(c) => self.splay(p, c, dir),
            None => Ok(false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::a_value;

    #[test]
    fn a_value_takes_the_article_its_number_is_read_with() {
        assert_eq!(a_value(1), "a 1");
        assert_eq!(a_value(8), "an 8");
        assert_eq!(a_value(9), "a 9");
        assert_eq!(a_value(11), "an 11");
        assert_eq!(a_value(12), "a 12");
    }
}

//! The Figures of Figures in the Sand: each registers its karma effects in printed order
//! (`crate::karma`), reading like its printed text.

use super::Registry;

mod age1;
mod age10;
mod age11;
mod age2;
mod age3;
mod age4;
mod age5;
mod age6;
mod age7;
mod age8;
mod age9;

pub fn register(r: &mut Registry) {
    age1::register(r);
    age2::register(r);
    age3::register(r);
    age4::register(r);
    age5::register(r);
    age6::register(r);
    age7::register(r);
    age8::register(r);
    age9::register(r);
    age10::register(r);
    age11::register(r);
}

/// The players still in the game, `p` first, then clockwise ("all boards", "each player" of a karma).
pub(crate) fn from(st: &crate::state::State, p: crate::state::PlayerId) -> Vec<crate::state::PlayerId> {
    let mut v = vec![p];
    v.extend(st.others(p));
    v.retain(|q| !st.players[*q].eliminated);
    v
}

/// "Instead, do nothing" (the event just does not happen).
pub(crate) fn nothing(_ctx: &mut crate::ctx::Ctx, _t: crate::karma::Trigger) -> crate::ctx::Res<()> {
    Ok(())
}

/// "You may issue a <name> Decree with any two figures."
pub(crate) mod decree_with_two {
    use crate::card::Color;
    use crate::karma::Karma;
    pub const WAR: Karma = Karma::Decree { color: Some(Color::Red), figures: 2 };
    pub const EXPANSION: Karma = Karma::Decree { color: Some(Color::Yellow), figures: 2 };
    pub const TRADE: Karma = Karma::Decree { color: Some(Color::Green), figures: 2 };
    pub const ADVANCEMENT: Karma = Karma::Decree { color: Some(Color::Blue), figures: 2 };
    pub const RIVALRY: Karma = Karma::Decree { color: Some(Color::Purple), figures: 2 };
}

/// What Figures' karmas often ask of their trigger.
pub(crate) mod when {
    use crate::card::{card, CardId, Icon};
    use crate::ctx::{Act, Ctx};
    use crate::karma::{Event, Trigger};
    use crate::primitives::Keyword;
    use crate::state::Zone;

    /// "If you would ...": the Figure's owner is the one doing it.
    pub fn yours(t: Trigger) -> bool {
        t.by == t.owner
    }

    /// "during your first action" / "as your second action": the owner's turn, at that action.
    pub fn your_action(ctx: &Ctx, t: Trigger, n: u8) -> bool {
        ctx.st.turn.player == t.owner && crate::turn::action_number(ctx.st) == n
    }

    /// A draw of a card of this value asked for ("draw a {1}"), or of any value with `None`.
    pub fn draw_of(t: Trigger, value: Option<u8>) -> bool {
        matches!(t.event, Event::Keyword(Keyword::Draw { age, .. }) if value.is_none_or(|v| v == age))
    }

    /// The card about to be moved with `act`.
    pub fn moving(t: Trigger, act: Act) -> Option<CardId> {
        match t.event {
            Event::Keyword(Keyword::Move { act: a, card, .. }) if a == act => Some(card),
            _ => None,
        }
    }

    /// A Dogma action (or a free one) about to be taken on a card featuring `icon` ("using [icon]
    /// as a featured icon"); any icon with `None`.
    pub fn dogma_using(t: Trigger, icon: Option<Icon>) -> Option<CardId> {
        match t.event {
            Event::Dogma { card, icon: i, .. } if icon.is_none_or(|x| x == i) => Some(card),
            _ => None,
        }
    }

    /// The Dogma action of the owner's turn `n` (1 or 2), not a free one.
    pub fn dogma_as_action(t: Trigger, n: u8) -> Option<CardId> {
        match t.event {
            Event::Dogma { card, nth: Some(x), .. } if x == n => Some(card),
            _ => None,
        }
    }

    /// "Claim a standard achievement": the standard achievement about to be claimed from the
    /// available ones (or a card counting as one for the claimer).
    pub fn claiming_standard(ctx: &Ctx, t: Trigger) -> Option<CardId> {
        moving(t, Act::Achieve).filter(|c| {
            ctx.st.locate(*c) == Some(Zone::AvailableAchievements) || crate::derived::achievements_available_to(ctx.st, t.by).contains(c)
        })
    }

    /// "Claim an achievement": any achievement about to be claimed: a standard one (as
    /// [`claiming_standard`]), a secret from a safe, a special achievement, a Decree or a Museum.
    pub fn claiming_any(ctx: &Ctx, t: Trigger) -> bool {
        match t.event {
            Event::Keyword(Keyword::Achieve(_)) => true,
            Event::Keyword(Keyword::Move { act: Act::Achieve, card: c, .. }) => {
                claiming_standard(ctx, t).is_some() || matches!(ctx.st.locate(c), Some(Zone::Safe(_)))
            }
            _ => false,
        }
    }

    /// A card in the owner's hand.
    pub fn in_hand(ctx: &Ctx, t: Trigger, c: CardId) -> bool {
        ctx.st.locate(c) == Some(Zone::Hand(t.owner))
    }

    pub fn is_figure(c: CardId) -> bool {
        card(c).is_figure()
    }
}

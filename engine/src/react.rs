//! What reacts to a keyword, at the primitives' one intercept point: before it
//! ("would" karmas of Figures, "instead" or "first") and after it (the Cities
//! draw on a splay in a new direction, its special achievements claimed the moment a city is
//! melded or junked; "when" karmas). The Meld action's own
//! triggers (city icons, city draw, dig, promotion) follow the action, not the
//! keyword: they live in `turn`.

use crate::card::{card, Set};
use crate::ctx::{Act, Cause, Ctx, Res, Rule};
use crate::derived;
use crate::primitives::{Dest, DrawFrom, Keyword};
use crate::state::{PlayerId, Splay, Zone};

/// Just before keyword `k` happens for `by`: returns whether it still happens. Figures' "would"
/// karmas act here ("instead": false after their own instructions; "first": true after them).
/// A draw replaced ("instead", Rod Serling's loss) hands back a card not in play (`Ctx::draw_from`);
/// karmas that replace a Draw *action* act on the action, see `turn`.
pub fn would(ctx: &mut Ctx, by: PlayerId, k: Keyword) -> Res<bool> {
    crate::karma::would(ctx, by, crate::karma::Event::Keyword(k))
}

/// Just after keyword `k` happened for `by`.
pub fn did(ctx: &mut Ctx, by: PlayerId, k: Keyword) -> Res<()> {
    // Figures: "When you meld this card", for any reason.
    if let Keyword::Move { act: Act::Meld, card: c, to: Dest::Board(p) } = k {
        if card(c).is_figure() {
            crate::karma::melded(ctx, p, c)?;
        }
    }
    if ctx.st.has(Set::Cities) {
        match k {
            // Tradition, Repute, Fame: "if you meld a city with a [arrow] on a color already splayed" that way.
            Keyword::Move { act: Act::Meld, card: c, to: Dest::Board(p) } => crate::city::melded(ctx, p, c)?,
            // Glory, Victory: "if you junk a city with a [flag] / [fountain] from your hand".
            Keyword::Move { act: Act::Junk, card: c, .. } => {
                if ctx.last_happening().and_then(|h| h.from) == Some(Zone::Hand(by)) {
                    crate::city::junked_from_hand(ctx, by, c)?;
                }
            }
            _ => {}
        }
    }
    if let Keyword::Splay { dir, .. } = k {
        if dir != Splay::None {
            // Cities: "Immediately after you splay a color (on any board) in any new direction, draw a City."
            city_draw(ctx, by)?;
        }
    }
    Ok(())
}

/// Cities: draw a City of the value of the player's highest top card, unless one is in their hand.
pub fn city_draw(ctx: &mut Ctx, p: PlayerId) -> Res<()> {
    if !ctx.st.has(Set::Cities) || ctx.st.players[p].hand.iter().any(|c| card(*c).is_city()) {
        return Ok(());
    }
    let v = derived::highest_top_value(ctx.st, p);
    ctx.because_of(Cause::Rule(Rule::CityDraw), |ctx| ctx.draw_from(p, v, DrawFrom::Set(Set::Cities)))?;
    Ok(())
}

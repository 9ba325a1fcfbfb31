//! Cities of Destiny (pp. 22–23): a city prints no dogma effects; what it does is
//! its icons. Here: the special icons that act when a city is melded with a Meld
//! action (plus, junk, search, the three splay arrows, unsplay, uplift; the top
//! icon first), Endorse (the Dogma action modifier, once per turn), and the set's
//! special achievements, claimed the moment a city is melded or junked (Tradition,
//! Repute, Fame, Glory, Victory). Flags, fountains and bonus icons count through
//! `derived`; the City draw rule lives in `react`.

use crate::card::{card, CardId, CardInfo, CityIcon, Icon, Slot, Special};
use crate::ctx::{Cause, Ctx, Res, Rule};
use crate::derived;
use crate::primitives::Dest;
use crate::state::{PlayerId, Splay, State};

/// A city's special icons that act when it is melded with a Meld action, top icon first: the
/// special slot of the top row (`slot_6`), then the bottom row left to right.
pub fn immediate_icons(info: &CardInfo) -> Vec<Slot> {
    let order = [5, 1, 2, 3, 0];
    order
        .iter()
        .filter_map(|i| info.slots.get(*i).copied())
        .filter(|s| match s {
            Slot::Search(_) => true,
            Slot::City(c) => !matches!(c, CityIcon::Flag | CityIcon::Fountain),
            _ => false,
        })
        .collect()
}

/// "If you meld a city with a Meld action, immediate effect icons on it trigger after the meld.
/// If there are two immediate effects, execute the top icon's effect first, then the bottom one."
pub fn meld_action_icons(ctx: &mut Ctx, p: PlayerId, city: CardId) -> Res<()> {
    let info = card(city);
    for icon in immediate_icons(info) {
        ctx.because_of(Cause::Rule(Rule::CityIcon), |ctx| special_icon(ctx, p, info, icon))?;
    }
    Ok(())
}

fn special_icon(ctx: &mut Ctx, p: PlayerId, city: &CardInfo, icon: Slot) -> Res<()> {
    let (age, col) = (city.age, city.color);
    let who = ctx.name(p).to_string();
    match icon {
        // "Plus: Draw a card of value one higher than the city's age."
        Slot::City(CityIcon::Plus) => {
            ctx.draw(p, age + 1)?;
        }
        // "Junk: Junk an available achievement of value equal to the city's age, if one exists."
        Slot::City(CityIcon::Junk) => {
            let why = format!("{}'s junk icon: junk an available achievement of value {age}", city.title);
            ctx.junk_an_available_achievement(p, &[age], false, &why)?;
        }
        // "Arrow: Splay the city's color in the direction indicated by the arrow."
        Slot::City(CityIcon::ArrowLeft) => drop(ctx.splay(p, col, Splay::Left)?),
        Slot::City(CityIcon::ArrowRight) => drop(ctx.splay(p, col, Splay::Right)?),
        Slot::City(CityIcon::ArrowUp) => drop(ctx.splay(p, col, Splay::Up)?),
        // "Unsplay: Unsplay the city's color on all opponents' boards."
        Slot::City(CityIcon::Unsplay) => {
            ctx.say(format!("{who}'s {} unsplays {col} on every opponent's board", city.title));
            for q in ctx.st.order_from_left_of(p) {
                if ctx.st.opponents(p).contains(&q) {
                    ctx.unsplay(q, col)?;
                }
            }
        }
        // "Uplift: Junk the deck of value one higher than the city's age. Then, draw a card of
        // value two higher than the city's age." (There is no deck above 11 to junk.)
        Slot::City(CityIcon::Uplift) => {
            if age < 11 {
                ctx.junk_deck(p, age + 1)?;
            }
            ctx.draw(p, age + 2)?;
        }
        Slot::Search(i) => search(ctx, p, city, i)?,
        _ => {}
    }
    Ok(())
}

/// "Reveal the top X cards of the base X deck, where X is the city's age. If there are not enough
/// cards in the deck, reveal the entire deck, and do not go up to the next age. Take each card that
/// has an icon matching the Search icon into your hand, and return the rest in any order." The
/// cards taken are not draws: no draw rule applies to them.
fn search(ctx: &mut Ctx, p: PlayerId, city: &CardInfo, icon: Icon) -> Res<()> {
    let x = city.age;
    let deck = ctx.st.deck(crate::card::Set::Base, x);
    let revealed: Vec<CardId> = deck.iter().rev().take(x as usize).copied().collect();
    let who = ctx.name(p).to_string();
    ctx.say(format!("{who}'s {} searches the top {} of the {x} deck for [{icon}]", city.title, revealed.len()));
    for c in &revealed {
        ctx.reveal(p, *c)?;
    }
    let (taken, rest): (Vec<CardId>, Vec<CardId>) = revealed.into_iter().partition(|c| card(*c).icon_count(icon) > 0);
    for c in taken {
        ctx.transfer(p, c, Dest::Hand(p))?;
    }
    ctx.return_all(p, &rest)?;
    Ok(())
}

/// Cities: the special achievements claimed the moment a city is melded: "if you meld a city with
/// a [arrow] on a color already splayed" that way (Tradition left, Repute right, Fame up).
pub fn melded(ctx: &mut Ctx, p: PlayerId, c: CardId) -> Res<()> {
    let info = card(c);
    if !info.is_city() {
        return Ok(());
    }
    let splay = ctx.st.pile(p, info.color).splay;
    for (arrow, dir, special) in [
        (CityIcon::ArrowLeft, Splay::Left, Special::Tradition),
        (CityIcon::ArrowRight, Splay::Right, Special::Repute),
        (CityIcon::ArrowUp, Splay::Up, Special::Fame),
    ] {
        if splay == dir && info.slots.contains(&Slot::City(arrow)) {
            ctx.claim_special(p, special)?;
        }
    }
    Ok(())
}

/// Cities: "if you junk a city with a [flag] (Glory) / [fountain] (Victory) from your hand".
pub fn junked_from_hand(ctx: &mut Ctx, p: PlayerId, c: CardId) -> Res<()> {
    let info = card(c);
    if !info.is_city() {
        return Ok(());
    }
    for (icon, special) in [(CityIcon::Flag, Special::Glory), (CityIcon::Fountain, Special::Victory)] {
        if info.slots.contains(&Slot::City(icon)) {
            ctx.claim_special(p, special)?;
        }
    }
    Ok(())
}

// ---------- Endorse ----------

/// The top cities `p` could endorse a Dogma action on `c` with: showing `c`'s featured icon, with
/// a card in hand of value at most the city's to pay. Empty once a Dogma action was endorsed this
/// turn, and for a card with no dogma effects.
pub fn endorsing_cities(st: &State, p: PlayerId, c: CardId) -> Vec<CardId> {
    let info = card(c);
    let Some(icon) = info.featured_icon.filter(|_| info.has_dogma() && !st.turn.endorsed) else { return Vec::new() };
    let ps = &st.players[p];
    let cheapest = ps.hand.iter().map(|h| derived::value_of(st, *h)).min();
    let Some(cheapest) = cheapest else { return Vec::new() };
    ps.top_cards()
        .into_iter()
        .filter(|t| card(*t).is_city() && card(*t).icon_count(icon) > 0 && derived::value_of(st, *t) >= cheapest)
        .collect()
}

impl Ctx<'_> {
    /// Endorse (p. 23): "1 Note the featured icon of the card chosen with the Dogma action. 2 Choose a
    /// top city on your board. It must have the featured icon on it. 3 Pay for the Endorse action by
    /// junking a card from your hand of equal or lower value to the city you chose. 4 Proceed with the
    /// Dogma action": non-demand effects twice for you, demands twice round, sharers once, one free
    /// Draw at most. Returns the Dogma action done (see `Ctx::dogma_action`).
    pub fn endorse(&mut self, p: PlayerId, c: CardId) -> Res<Option<crate::dogma::DogmaDone>> {
        let cities = endorsing_cities(self.st, p, c);
        let title = &card(c).title;
        let why = format!("Endorse {title}: choose a top city showing [{}]", card(c).featured_icon.map(|i| i.name()).unwrap_or(""));
        let Some(city) = self.choose_card(p, &cities, false, &why)? else {
            return Err(crate::ctx::Stop::Desync(format!("no city can endorse {title}")));
        };
        self.st.turn.endorsed = true;
        let limit = derived::value_of(self.st, city);
        let payable: Vec<CardId> = self.st.players[p].hand.iter().copied().filter(|h| derived::value_of(self.st, *h) <= limit).collect();
        let why = format!("Endorse {title} with {}: junk a card from your hand of value {limit} or less", card(city).title);
        if let Some(paid) = self.choose_card(p, &payable, false, &why)? {
            self.junk(p, paid)?;
        }
        let who = self.name(p).to_string();
        self.say(format!("{who} endorses the Dogma action on {title} with {}", card(city).title));
        self.endorsed_dogma(p, c)
    }
}

//! The Figures of age 11.

use super::from;
use super::when;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::ctx::ECHO;
use crate::karma::Reaction::{First, Instead};
use crate::prompt::Action;

pub fn register(r: &mut Registry) {
    r.figure("Bear Grylls", &[Karma::WhenMelded(bear_grylls)]);
    r.figure("Max Verstappen", &[Karma::Would { when: verstappen_when, reaction: First, run: verstappen }]);
    r.figure("Sheikh Tamim", &[Karma::Would { when: tamim_when, reaction: First, run: tamim }]);
    r.figure("Greta Thunberg", &[Karma::Would { when: thunberg_when, reaction: First, run: thunberg }]);
    r.figure("Therese Kirongozi", &[Karma::Would { when: kirongozi_when, reaction: Instead, run: kirongozi }]);
    r.figure("Boyan Slat", &[Karma::Would { when: slat_when, reaction: First, run: slat }]);
    r.figure("Giuseppe Scionti", &[Karma::Would { when: scionti_when, reaction: First, run: scionti }]);
    r.figure("Konstantin Novoselov", &[Karma::Would { when: novoselov_when, reaction: Instead, run: novoselov }]);
    r.figure(
        "Emma Watson",
        &[Karma::WhenMelded(emma_watson_melded), Karma::Would { when: emma_watson_when, reaction: First, run: emma_watson }],
    );
    r.figure("Lily Hevesh", &[Karma::Would { when: hevesh_when, reaction: Instead, run: hevesh }]);
}

/// A dogma effect (not an echo effect) the owner is about to execute: (card, effect, issued by).
fn your_dogma_effect(t: Trigger) -> Option<(CardId, usize, PlayerId)> {
    match t.event {
        Event::Execute { card, effect, you, me, .. } if you == t.owner && effect != ECHO => Some((card, effect, me)),
        _ => None,
    }
}

/// The values a player may choose: 1 to 11, and 0 once the Age 0 deck is in the game.
fn values(ctx: &Ctx) -> Vec<u8> {
    let first = if ctx.st.age_zero { 0 } else { 1 };
    (first..=11).collect()
}

/// If you would execute a dogma effect, first return any number of cards from your hand. If you
/// do, execute that dogma effect an additional time for every card you return, then draw an {11}.
fn verstappen_when(_ctx: &Ctx, t: Trigger) -> bool {
    your_dogma_effect(t).is_some()
}

fn verstappen(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let (c, effect, me) = your_dogma_effect(t).expect("checked by the trigger");
    let hand = ctx.hand(t.owner);
    if hand.is_empty() {
        return Ok(());
    }
    let chosen = ctx.choose_cards(t.owner, &hand, 0, hand.len(), "Max Verstappen: return any number of cards from your hand")?;
    let mut returned = 0;
    for x in chosen {
        if ctx.return_card(t.owner, x)? {
            returned += 1;
        }
    }
    if returned == 0 {
        return Ok(());
    }
    for _ in 0..returned {
        ctx.run_effect(c, effect, t.owner, me, Mode::Dogma)?;
    }
    ctx.draw(t.owner, 11)?;
    Ok(())
}

/// If you would dogma a card using a featured icon, first you may return a card from your hand
/// with that icon. If you do, issue a Decree of the color matching the color of the returned card.
fn tamim_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some()
}

fn tamim(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Event::Dogma { icon, .. } = t.event else { return Ok(()) };
    let with_icon = with_icon(&ctx.hand(t.owner), icon);
    let why = format!("Sheikh Tamim: you may return a card with [{icon}] from your hand to issue the Decree of its color");
    let Some(c) = ctx.choose_card(t.owner, &with_icon, true, &why)? else { return Ok(()) };
    if ctx.return_card(t.owner, c)? {
        crate::turn::issue_decree(ctx, t.owner, color(c))?;
    }
    Ok(())
}

/// If a player would dogma a card, first junk another top card with [industry] from any board.
/// Then if there is no top card with [industry] on any board, you win.
fn thunberg_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::dogma_using(t, None).is_some()
}

fn thunberg(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let activated = when::dogma_using(t, None).expect("checked by the trigger");
    let industry = |ctx: &Ctx| -> Vec<CardId> {
        from(ctx.st, t.owner).into_iter().flat_map(|q| ctx.top_cards(q)).filter(|c| has_icon(*c, Icon::Industry)).collect()
    };
    let others: Vec<CardId> = industry(ctx).into_iter().filter(|c| *c != activated).collect();
    if let Some(c) = ctx.choose_card(t.owner, &others, false, "Greta Thunberg: junk another top card with [industry]")? {
        ctx.junk(t.owner, c)?;
    }
    if industry(ctx).is_empty() {
        return Err(ctx.win(t.owner));
    }
    Ok(())
}

/// If an opponent would take a Dogma action, instead the opponent draws, reveals, and returns a
/// card of any value. The opponent super-executes their top card of the revealed card's color,
/// if there is one.
fn kirongozi_when(ctx: &Ctx, t: Trigger) -> bool {
    ctx.st.opponents(t.owner).contains(&t.by) && when::dogma_using(t, None).is_some()
}

fn kirongozi(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let q = t.by;
    let Some(v) = ctx.choose_value(q, &values(ctx), "Therese Kirongozi: draw, reveal and return a card of any value")? else {
        return Ok(());
    };
    let c = ctx.draw_and_reveal(q, v)?;
    ctx.return_card(q, c)?;
    if let Some(top) = ctx.top(q, color(c)) {
        ctx.super_execute(q, top)?;
    }
    Ok(())
}

/// If you would draw a card, first choose a value and return all cards of that value from all
/// score piles. If you return exactly one card, achieve it, regardless of eligibility.
fn slat_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, None)
}

fn slat(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let why = "Boyan Slat: choose a value; all cards of that value in all score piles are returned";
    let Some(v) = ctx.choose_value(t.owner, &values(ctx), why)? else { return Ok(()) };
    let cards: Vec<CardId> = from(ctx.st, t.owner).into_iter().flat_map(|q| of_value(&ctx.score_pile(q), v)).collect();
    let mut returned = Vec::new();
    for c in cards {
        if ctx.return_card(t.owner, c)? {
            returned.push(c);
        }
    }
    if let [only] = returned[..] {
        ctx.achieve(t.owner, only)?;
    }
    Ok(())
}

/// If you would execute a dogma effect, first draw and score a {9}.
fn scionti_when(_ctx: &Ctx, t: Trigger) -> bool {
    your_dogma_effect(t).is_some()
}

fn scionti(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.draw_and_score(t.owner, 9)?;
    Ok(())
}

/// If you would take a Dogma action as your second action, instead super-execute each of your
/// top cards, if you have one, in red, blue, green, yellow, purple order.
fn novoselov_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_as_action(t, 2).is_some()
}

fn novoselov(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    for col in [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Purple] {
        if let Some(top) = ctx.top(t.owner, col) {
            ctx.super_execute(t.owner, top)?;
        }
    }
    Ok(())
}

/// When you meld this card, unsplay all colors on all boards.
fn emma_watson_melded(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    for q in from(ctx.st, t.owner) {
        for col in Color::ALL {
            if ctx.splay_of(q, col) != Splay::None {
                ctx.unsplay(q, col)?;
            }
        }
    }
    Ok(())
}

/// If a player would meld a card, first return their top six cards of its color. If you don't,
/// that player scores all cards of its color from all boards.
fn emma_watson_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::moving(t, Act::Meld).is_some()
}

fn emma_watson(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let col = color(when::moving(t, Act::Meld).expect("checked by the trigger"));
    let mut returned = 0;
    for c in ctx.pile_cards(t.by, col).into_iter().take(6) {
        if ctx.return_card(t.owner, c)? {
            returned += 1;
        }
    }
    if returned == 0 {
        let all: Vec<CardId> = from(ctx.st, t.by).into_iter().flat_map(|q| ctx.pile_cards(q, col)).collect();
        ctx.score_all(t.by, &all)?;
    }
    Ok(())
}

/// If you would take a Draw action, instead reveal the top card of five decks, one at a time. If
/// you reveal five colors, you win. Otherwise, draw one of the revealed cards (it comes into your
/// hand from its deck), and splay aslant a color on your board.
fn hevesh_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::Action { action: Action::Draw, .. } | Event::SharingDraw { .. })
}

fn hevesh(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let p = t.owner;
    let mut revealed: Vec<CardId> = Vec::new();
    for _ in 0..5 {
        let sets: Vec<Set> = ctx.st.sets.iter().collect();
        let first = if ctx.st.age_zero { 0 } else { 1 };
        let tops: Vec<CardId> = sets
            .into_iter()
            .flat_map(|s| (first..=11).map(move |a| (s, a)))
            .filter_map(|(s, a)| ctx.st.deck(s, a).last().copied())
            .filter(|c| !revealed.contains(c))
            .collect();
        let Some(c) = ctx.choose_backs(p, &tops, 1, 1, "Lily Hevesh: reveal the top card of a deck")?.first().copied() else { break };
        ctx.reveal(p, c)?;
        revealed.push(c);
    }
    let mut colors: Vec<Color> = revealed.iter().map(|c| color(*c)).collect();
    colors.sort_by_key(|c| c.index());
    colors.dedup();
    if colors.len() == 5 {
        return Err(ctx.win(t.owner));
    }
    let still: Vec<CardId> = revealed.into_iter().filter(|c| matches!(ctx.st.locate(*c), Some(Zone::Deck(..)))).collect();
    if let Some(c) = ctx.choose_card(p, &still, false, "Lily Hevesh: draw one of the revealed cards")? {
        ctx.transfer(p, c, Dest::Hand(p))?;
    }
    let can = ctx.splayable(p, Splay::Aslant);
    if let Some(col) = ctx.choose_color(p, &can, false, "Lily Hevesh: splay a color on your board aslant")? {
        ctx.splay(p, col, Splay::Aslant)?;
    }
    Ok(())
}

/// When you meld this card, junk all cards that are not achievements or in decks. Introduce the
/// {0} deck. Draw a {0}.
fn bear_grylls(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let mut cards: Vec<CardId> = Vec::new();
    for ps in &ctx.st.players {
        cards.extend(ps.hand.iter().chain(&ps.score).chain(&ps.forecast).chain(&ps.safe));
        cards.extend(ps.piles.iter().flat_map(|pile| pile.cards.iter()));
        cards.extend(ps.display);
        cards.extend(ps.museums.iter().map(|(_, a)| *a));
    }
    let who = ctx.name(t.owner).to_string();
    ctx.say(format!("{who} junks all {} cards that are not achievements or in decks", cards.len()));
    // One card at a time, as "all cards" go; the line above tells the table.
    let quiet = std::mem::replace(&mut ctx.quiet, true);
    let r = cards.into_iter().try_for_each(|c| ctx.junk(t.owner, c).map(drop));
    ctx.quiet = quiet;
    r?;
    ctx.introduce_age_zero(t.owner)?;
    ctx.draw(t.owner, 0)?;
    Ok(())
}

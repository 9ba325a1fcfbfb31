//! The Figures of age 2.

use super::decree_with_two::*;
use super::when;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::karma::Reaction::{First, Instead};
use crate::primitives::Keyword;
use crate::prompt::Action;

pub fn register(r: &mut Registry) {
    r.figure(
        "Alexander the Great",
        &[Karma::WhenMelded(alexander_melded), Karma::Would { when: alexander_when, reaction: First, run: alexander }],
    );
    r.figure("Ximen Bao", &[EXPANSION, Karma::Would { when: ximen_bao_when, reaction: First, run: ximen_bao }]);
    r.figure("Augustus Caesar", &[Karma::Would { when: augustus_when, reaction: Instead, run: augustus }]);
    r.figure("Zhang Heng", &[Karma::Would { when: zhang_heng_when, reaction: First, run: zhang_heng }]);
    r.figure("Confucius", &[Karma::Would { when: confucius_when, reaction: Instead, run: confucius }]);
    r.figure("Plato", &[RIVALRY, Karma::Would { when: plato_when, reaction: First, run: plato }]);
    r.figure(
        "Cai Lun",
        &[
            Karma::Would { when: cai_lun_when, reaction: First, run: cai_lun },
            Karma::Each(Each::AvailableAchievements(cai_lun_achievements)),
        ],
    );
    r.figure("Ptolemy", &[TRADE, Karma::Each(Each::Dogma(ptolemy_dogma))]);
    r.figure("Sun Tzu", &[WAR, Karma::Would { when: sun_tzu_when, reaction: First, run: sun_tzu }]);
    r.figure("Archimedes", &[ADVANCEMENT, Karma::Would { when: archimedes_when, reaction: First, run: archimedes }]);
}

/// If you would execute an effect, first increase every age value in the effect by one for the
/// duration of the effect.
fn archimedes_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::Execute { .. })
}

fn archimedes(ctx: &mut Ctx, _t: Trigger) -> Res<()> {
    ctx.next_effect_raise += 1;
    ctx.say("every age value in the effect is increased by 1");
    Ok(())
}

/// If you would draw for a share bonus, first meld any number of cards from your hand matching
/// the Dogma action's featured biscuit.
fn sun_tzu_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::SharingDraw { .. })
}

fn sun_tzu(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Event::SharingDraw { icon, .. } = t.event else { return Ok(()) };
    let matching: Vec<CardId> = ctx.hand(t.owner).into_iter().filter(|c| card(*c).has_icon(icon)).collect();
    let why = format!("Sun Tzu: meld any number of cards with [{icon}] from your hand");
    for c in ctx.choose_cards(t.owner, &matching, 0, matching.len(), &why)? {
        ctx.meld(t.owner, c)?;
    }
    Ok(())
}

/// When you meld this card, score all opponent's top figures.
fn alexander_melded(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    for q in ctx.opponents(t.owner) {
        let figures: Vec<CardId> = ctx.top_cards(q).into_iter().filter(|c| when::is_figure(*c)).collect();
        ctx.score_all(t.owner, &figures)?;
    }
    Ok(())
}

/// If you would take a Dogma action, first draw and score a {2}. If it isn't a {2}, score
/// Alexander the Great.
fn alexander_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some()
}

fn alexander(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = ctx.draw_and_score(t.owner, 2)?;
    if card(c).age != 2 {
        ctx.score(t.owner, t.figure)?;
    }
    Ok(())
}

/// If you would issue a decree, first junk all cards from all opponents' hands.
fn ximen_bao_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::Action { action: Action::Decree(_), .. })
}

fn ximen_bao(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    for q in ctx.opponents(t.owner) {
        let hand = ctx.hand(q);
        ctx.junk_all(t.owner, &hand)?;
    }
    Ok(())
}

/// If any player would dogma a card with [authority], instead draw and reveal a card of the same
/// value. If it has [authority] or [concept], meld it. Otherwise, the player super-executes the
/// original card.
fn augustus_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::dogma_using(t, None).is_some_and(|c| card(c).has_icon(Icon::Authority))
}

fn augustus(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(original) = when::dogma_using(t, None) else { return Ok(()) };
    let value = crate::derived::value_of(ctx.st, original);
    let c = ctx.draw_and_reveal(t.owner, value)?;
    if card(c).has_icon(Icon::Authority) || card(c).has_icon(Icon::Concept) {
        ctx.meld(t.owner, c)?;
    } else {
        ctx.super_execute(t.by, original)?;
    }
    Ok(())
}

/// If a player would claim an achievement, first draw and tuck a {3}, then score all cards above
/// the tucked card.
fn zhang_heng_when(_ctx: &Ctx, t: Trigger) -> bool {
    matches!(
        t.event,
        Event::Keyword(Keyword::Move { act: Act::Achieve, to: Dest::Achievements(_), .. }) | Event::Keyword(Keyword::Achieve(_))
    )
}

fn zhang_heng(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let tucked = ctx.draw_and_tuck(t.owner, 3)?;
    let col = card(tucked).color;
    // The pile, top card first: the cards above the tucked card, top first.
    let pile = ctx.pile_cards(t.owner, col);
    let Some(at) = pile.iter().position(|c| *c == tucked) else { return Ok(()) };
    let above: Vec<CardId> = pile[..at].to_vec();
    ctx.score_all(t.owner, &above)?;
    Ok(())
}

/// If you would dogma a card using [authority] as a featured icon, instead score the card and junk
/// all cards in the {2} deck or the {3} deck.
fn confucius_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, Some(Icon::Authority)).is_some()
}

fn confucius(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_using(t, Some(Icon::Authority)) else { return Ok(()) };
    ctx.score(t.owner, c)?;
    let deck = ctx.choose_option(t.owner, &["2 deck", "3 deck"], false, "Confucius: junk all cards in the {2} deck or the {3} deck")?;
    ctx.junk_deck(t.owner, if deck == Some(1) { 3 } else { 2 })
}

/// If you would dogma a card as your first action, first splay the card's color left. If you
/// don't, junk an available achievement of value 2.
fn plato_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_as_action(t, 1).is_some()
}

fn plato(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_as_action(t, 1) else { return Ok(()) };
    if !ctx.splay(t.owner, card(c).color, Splay::Left)? {
        ctx.junk_an_available_achievement(t.owner, &[2], false, "Plato: junk an available achievement of value 2")?;
    }
    Ok(())
}

/// If a player would score a card, first splay all colors on your board left.
fn cai_lun_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::moving(t, Act::Score).is_some()
}

fn cai_lun(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    for col in Color::ALL {
        ctx.splay(t.owner, col, Splay::Left)?;
    }
    Ok(())
}

/// Each top card on your board of a color not splayed counts as an available achievement for you.
fn cai_lun_achievements(st: &crate::state::State, owner: PlayerId) -> Vec<CardId> {
    Color::ALL.into_iter().filter(|col| st.pile(owner, *col).splay == Splay::None).filter_map(|col| st.players[owner].top(col)).collect()
}

/// Each top blue card on every player's board counts as a card you can activate with a Dogma
/// action.
fn ptolemy_dogma(st: &crate::state::State, _owner: PlayerId) -> Vec<CardId> {
    st.active_players().into_iter().filter_map(|q| st.players[q].top(Color::Blue)).collect()
}

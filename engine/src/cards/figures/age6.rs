//! The Figures of age 6.

use super::age4::{draw_action, score_a_top_card, top_cards_anywhere};
use super::decree_with_two::*;
use super::when;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;
use crate::karma::Reaction::{First, Instead};
use crate::primitives::DrawFrom;

pub fn register(r: &mut Registry) {
    r.figure("Napoleon Bonaparte", &[WAR, Karma::Would { when: napoleon_when, reaction: Instead, run: napoleon }]);
    r.figure("Tecumseh", &[Karma::Would { when: tecumseh_when, reaction: First, run: tecumseh }]);
    r.figure(
        "Edward Jenner",
        &[
            Karma::Would { when: jenner_demand_when, reaction: Instead, run: jenner_demand },
            Karma::Would { when: jenner_score_when, reaction: First, run: jenner_score },
        ],
    );
    r.figure(
        "Adam Smith",
        &[Karma::Each(Each::Icons(adam_smith_icons)), Karma::Would { when: adam_smith_when, reaction: First, run: adam_smith }],
    );
    r.figure("John Harrison", &[TRADE, Karma::Would { when: harrison_when, reaction: First, run: harrison }]);
    r.figure("Benjamin Franklin", &[ADVANCEMENT, Karma::Would { when: franklin_when, reaction: First, run: franklin }]);
    r.figure(
        "Carl Friedrich Gauss",
        &[
            Karma::Would { when: gauss_meld_when, reaction: First, run: gauss_meld },
            Karma::Would { when: gauss_draw_when, reaction: First, run: gauss_draw },
        ],
    );
    r.figure(
        "Catherine the Great",
        &[Karma::Each(Each::Icons(catherine_icons)), Karma::Would { when: catherine_when, reaction: First, run: catherine }],
    );
    r.figure("Ludwig Van Beethoven", &[RIVALRY, Karma::Would { when: beethoven_when, reaction: First, run: beethoven }]);
    r.figure("John Loudon McAdam", &[EXPANSION, Karma::Each(Each::AvailableAchievements(mcadam_achievements))]);
}

/// Each top card with a [industry] on your board counts as an available achievement for you.
fn mcadam_achievements(st: &crate::state::State, owner: PlayerId) -> Vec<CardId> {
    st.players[owner].top_cards().into_iter().filter(|c| card(*c).has_icon(Icon::Industry)).collect()
}

/// The card about to be melded, tucked, scored or returned.
fn napoleon_card(t: Trigger) -> Option<CardId> {
    [Act::Meld, Act::Tuck, Act::Score, Act::Return].into_iter().find_map(|a| when::moving(t, a))
}

/// If you would meld, tuck, score, or return a card, instead meld it, then if the melded card is
/// red or blue, tuck it. Score a top card of value 5 or 6 from anywhere.
fn napoleon_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && napoleon_card(t).is_some()
}

fn napoleon(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = napoleon_card(t) else { return Ok(()) };
    if ctx.meld(t.owner, c)? && matches!(card(c).color, Color::Red | Color::Blue) {
        ctx.tuck(t.owner, c)?;
    }
    let why = "Napoleon Bonaparte: score a top card of value 5 or 6 from anywhere";
    let five_or_six = |ctx: &Ctx| -> Vec<CardId> {
        top_cards_anywhere(ctx).into_iter().filter(|x| matches!(derived::value_of(ctx.st, *x), 5 | 6)).collect()
    };
    let tops = five_or_six(ctx);
    score_a_top_card(ctx, t.owner, |x| tops.contains(&x), why)?;
    Ok(())
}

/// If you would meld a card, first choose a value. Return a top card with [industry] of the
/// chosen value from each player's board. Junk an available achievement of the chosen value.
fn tecumseh_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn tecumseh(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(v) = ctx.choose_a_value(t.owner, "Tecumseh: choose a value")? else { return Ok(()) };
    let mut returned = Vec::new();
    for q in ctx.st.active_players() {
        let tops: Vec<CardId> =
            ctx.top_cards(q).into_iter().filter(|c| card(*c).has_icon(Icon::Industry) && derived::value_of(ctx.st, *c) == v).collect();
        let why = format!("Tecumseh: return a top card with [industry] of value {v} from {}'s board", ctx.name(q));
        if let Some(c) = ctx.choose_card(t.owner, &tops, false, &why)? {
            returned.push(c);
        }
    }
    ctx.return_all(t.owner, &returned)?;
    ctx.junk_an_available_achievement(t.owner, &[v], false, "Tecumseh: junk an available achievement of the chosen value")?;
    Ok(())
}

/// If a player would execute a demand effect against you, instead return a card from your hand.
fn jenner_demand_when(_ctx: &Ctx, t: Trigger) -> bool {
    matches!(t.event, Event::Execute { demand: true, you, me, .. } if you == t.owner && me != t.owner)
}

fn jenner_demand(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let hand = ctx.hand(t.owner);
    if let Some(c) = ctx.choose_card(t.owner, &hand, false, "Edward Jenner: return a card from your hand")? {
        ctx.return_card(t.owner, c)?;
    }
    Ok(())
}

/// If a player would score a card, first junk an available achievement of the same value.
fn jenner_score_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::moving(t, Act::Score).is_some()
}

fn jenner_score(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::moving(t, Act::Score) else { return Ok(()) };
    let v = derived::value_of(ctx.st, c);
    ctx.junk_an_available_achievement(t.owner, &[v], false, "Edward Jenner: junk an available achievement of the scored card's value")?;
    Ok(())
}

/// Each [prosperity] on your board provides two additional [prosperity].
fn adam_smith_icons(_st: &crate::state::State, _owner: PlayerId, plain: &[usize; 8]) -> [usize; 8] {
    let mut extra = [0; 8];
    extra[Icon::Prosperity.index()] = 2 * plain[Icon::Prosperity.index()];
    extra
}

/// If you would take a dogma action with no player eligible to share, first junk all cards in the
/// {6} deck. If you don't, splay one color of your cards right.
fn adam_smith_when(ctx: &Ctx, t: Trigger) -> bool {
    let Event::Dogma { icon, .. } = t.event else { return false };
    when::yours(t) && crate::dogma::lock_in_with(ctx.st, t.owner, 0, icon).eligible.is_empty()
}

fn adam_smith(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let mark = ctx.mark();
    ctx.junk_deck(t.owner, 6)?;
    if ctx.count_since(mark, Act::Junk) == 0 {
        let colors = ctx.splayable(t.owner, Splay::Right);
        if let Some(col) = ctx.choose_color(t.owner, &colors, false, "Adam Smith: splay one color of your cards right")? {
            ctx.splay(t.owner, col, Splay::Right)?;
        }
    }
    Ok(())
}

/// If you would take a Draw action, first return a card from your hand. If you do, draw a card
/// from any set of value equal to the returned card.
fn harrison_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && draw_action(t)
}

fn harrison(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let hand = ctx.hand(t.owner);
    let Some(c) = ctx.choose_card(t.owner, &hand, false, "John Harrison: return a card from your hand")? else { return Ok(()) };
    if !ctx.return_card(t.owner, c)? {
        return Ok(());
    }
    let sets: Vec<Set> = Set::ALL.into_iter().filter(|s| ctx.st.has(*s)).collect();
    let labels: Vec<&str> = sets.iter().map(|s| s.name()).collect();
    let why = "John Harrison: draw a card of the returned card's value from any set";
    if let Some(i) = ctx.choose_option(t.owner, &labels, false, why)? {
        ctx.draw_from(t.owner, card(c).age, DrawFrom::Set(sets[i]))?;
    }
    Ok(())
}

/// If you would meld a card, first if there is a top figure of the same color on any opponent's
/// board, transfer that figure to your hand.
fn franklin_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn franklin(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::moving(t, Act::Meld) else { return Ok(()) };
    let col = card(c).color;
    let figures: Vec<CardId> = ctx.opponents(t.owner).into_iter().filter_map(|q| ctx.top(q, col)).filter(|f| when::is_figure(*f)).collect();
    let why = "Benjamin Franklin: transfer a top figure of the melded card's color to your hand";
    if let Some(f) = ctx.choose_card(t.owner, &figures, false, why)? {
        ctx.transfer(t.owner, f, Dest::Hand(t.owner))?;
    }
    Ok(())
}

/// If you would meld a card, first choose a value and meld all other cards of that value from
/// your hand and score pile.
fn gauss_meld_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn gauss_meld(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let melding = when::moving(t, Act::Meld);
    let Some(v) = ctx.choose_a_value(t.owner, "Carl Friedrich Gauss: choose a value")? else { return Ok(()) };
    let mut cards = ctx.hand(t.owner);
    cards.extend(ctx.score_pile(t.owner));
    cards.retain(|c| Some(*c) != melding && card(*c).age == v);
    ctx.meld_all(t.owner, &cards)?;
    Ok(())
}

/// If you would take a Draw action, first draw a {7}.
fn gauss_draw_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && draw_action(t)
}

fn gauss_draw(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.draw(t.owner, 7)?;
    Ok(())
}

/// Each [concept] on your board provides one additional [concept] and one additional [efficiency].
fn catherine_icons(_st: &crate::state::State, _owner: PlayerId, plain: &[usize; 8]) -> [usize; 8] {
    let n = plain[Icon::Concept.index()];
    let mut extra = [0; 8];
    extra[Icon::Concept.index()] = n;
    extra[Icon::Efficiency.index()] = n;
    extra
}

/// If a player would meld a card, first that player transfers their top card of the same color to
/// their hand.
fn catherine_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::moving(t, Act::Meld).is_some()
}

fn catherine(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::moving(t, Act::Meld) else { return Ok(()) };
    if let Some(top) = ctx.top(t.by, card(c).color) {
        ctx.transfer(t.by, top, Dest::Hand(t.by))?;
    }
    Ok(())
}

/// If you would score a card, first junk all cards from your score pile, then draw and score four
/// {5}. If you score only {5}, draw and score four {5}.
fn beethoven_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Score).is_some()
}

fn beethoven(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let pile = ctx.score_pile(t.owner);
    ctx.junk_all(t.owner, &pile)?;
    let mut scored = Vec::new();
    for _ in 0..4 {
        let c = ctx.draw(t.owner, 5)?;
        if ctx.score(t.owner, c)? {
            scored.push(c);
        }
    }
    if !scored.is_empty() && scored.iter().all(|c| card(*c).age == 5) {
        for _ in 0..4 {
            ctx.draw_and_score(t.owner, 5)?;
        }
    }
    Ok(())
}

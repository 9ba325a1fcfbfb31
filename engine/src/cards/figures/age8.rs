//! The Figures of age 8.

use super::decree_with_two::*;
use super::from;
use super::when;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::karma::Reaction::{First, Instead};
use crate::prompt::Action;
use crate::state::State;

pub fn register(r: &mut Registry) {
    r.figure("Erwin Rommel", &[WAR, Karma::Would { when: rommel_when, reaction: Instead, run: rommel }]);
    r.figure(
        "John Von Neumann",
        &[
            Karma::Would { when: von_neumann_draw_when, reaction: First, run: von_neumann_draw },
            Karma::Would { when: von_neumann_when, reaction: Instead, run: von_neumann },
        ],
    );
    r.figure("Caresse Crosby", &[Karma::Would { when: crosby_when, reaction: First, run: crosby }]);
    r.figure("Nikola Tesla", &[EXPANSION, Karma::Would { when: tesla_when, reaction: First, run: tesla }]);
    r.figure(
        "Emmy Noether",
        &[Karma::Each(Each::Score(noether_score)), Karma::Would { when: noether_when, reaction: First, run: noether }],
    );
    r.figure("J.P. Morgan", &[TRADE, Karma::Would { when: morgan_when, reaction: First, run: morgan }]);
    r.figure("Albert Einstein", &[ADVANCEMENT, Karma::Would { when: einstein_when, reaction: First, run: einstein }]);
    r.figure(
        "Marie Curie",
        &[Karma::Each(Each::Achievements(curie_achievements)), Karma::Would { when: curie_when, reaction: First, run: curie }],
    );
    r.figure(
        "Duke Ellington",
        &[
            Karma::Would { when: ellington_fade_when, reaction: Instead, run: super::nothing },
            Karma::Would { when: ellington_meld_when, reaction: Instead, run: ellington_win },
        ],
    );
    r.figure("H.G. Wells", &[Karma::Would { when: wells_when, reaction: Instead, run: wells }]);
}

/// If you would score a non-figure, instead score the top card of its color from all boards, and
/// score a card in any score pile.
fn rommel_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Score).is_some_and(|c| !when::is_figure(c))
}

fn rommel(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::moving(t, Act::Score) else { return Ok(()) };
    let col = card(c).color;
    for q in from(ctx.st, t.owner) {
        if let Some(top) = ctx.top(q, col) {
            ctx.score(t.owner, top)?;
        }
    }
    let scored: Vec<CardId> = from(ctx.st, t.owner).into_iter().flat_map(|q| ctx.score_pile(q)).collect();
    if let Some(x) = ctx.choose_card(t.owner, &scored, false, "Erwin Rommel: score a card in any score pile")? {
        ctx.score(t.owner, x)?;
    }
    Ok(())
}

/// If you would draw an {8}, first junk all cards in the {8} deck.
fn von_neumann_draw_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, Some(8))
}

fn von_neumann_draw(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.junk_deck(t.owner, 8)
}

/// If you would meld a card, instead meld it and self-execute it.
fn von_neumann_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn von_neumann(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::moving(t, Act::Meld) else { return Ok(()) };
    if ctx.meld(t.owner, c)? {
        ctx.self_execute(t.owner, c)?;
    }
    Ok(())
}

/// If a player would dogma a card of a color you do not have splayed left, first splay that color
/// on any board left and draw two {2}. If you splay a fifth color left on your board this way,
/// you win.
fn crosby_when(ctx: &Ctx, t: Trigger) -> bool {
    when::dogma_using(t, None).is_some_and(|c| ctx.splay_of(t.owner, card(c).color) != Splay::Left)
}

fn crosby(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_using(t, None) else { return Ok(()) };
    let col = card(c).color;
    let boards: Vec<PlayerId> = from(ctx.st, t.owner).into_iter().filter(|q| ctx.splayable(*q, Splay::Left).contains(&col)).collect();
    let tops: Vec<CardId> = boards.iter().filter_map(|q| ctx.top(*q, col)).collect();
    let why = format!("Caresse Crosby: splay {col} left on any board");
    let mut splayed_mine = false;
    if let Some(top) = ctx.choose_card(t.owner, &tops, false, &why)? {
        if let Some(q) = boards.iter().copied().find(|q| ctx.top(*q, col) == Some(top)) {
            splayed_mine = ctx.splay_board_of(t.owner, q, col, Splay::Left)? && q == t.owner;
        }
    }
    ctx.draw_n(t.owner, 2, 2)?;
    let left = Color::ALL.into_iter().filter(|x| ctx.splay_of(t.owner, *x) == Splay::Left).count();
    if splayed_mine && left == 5 {
        return Err(ctx.win(t.owner));
    }
    Ok(())
}

/// If you would meld a card, first score an opponent's top card with neither [concept] nor
/// [efficiency]. If no card in your score pile has a higher value than the scored card, draw a {9}.
fn tesla_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn tesla(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let tops: Vec<CardId> = ctx
        .opponents(t.owner)
        .into_iter()
        .flat_map(|q| ctx.top_cards(q))
        .filter(|c| !card(*c).has_icon(Icon::Concept) && !card(*c).has_icon(Icon::Efficiency))
        .collect();
    let why = "Nikola Tesla: score an opponent's top card with neither [concept] nor [efficiency]";
    let Some(c) = ctx.choose_card(t.owner, &tops, false, why)? else { return Ok(()) };
    if ctx.score(t.owner, c)? {
        let v = card(c).age;
        if ctx.score_pile(t.owner).iter().all(|x| card(*x).age <= v) {
            ctx.draw(t.owner, 9)?;
        }
    }
    Ok(())
}

/// Each [efficiency] on your board provides an additional number of points equal to the number
/// of [efficiency] on your board.
fn noether_score(_st: &State, owner: PlayerId, p: PlayerId, icons: &[usize; 8]) -> i64 {
    if p == owner {
        let n = icons[Icon::Efficiency.index()] as i64;
        n * n
    } else {
        0
    }
}

/// If a player would score a card, first junk a card from that player's score pile.
fn noether_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::moving(t, Act::Score).is_some()
}

fn noether(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let pile = ctx.score_pile(t.by);
    if let Some(c) = ctx.choose_card(t.owner, &pile, false, "Emmy Noether: junk a card from that player's score pile")? {
        ctx.junk(t.owner, c)?;
    }
    Ok(())
}

/// If a player would dogma a card, first splay the color of the card up on your board.
fn morgan_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::dogma_using(t, None).is_some()
}

fn morgan(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_using(t, None) else { return Ok(()) };
    ctx.splay(t.owner, card(c).color, Splay::Up)?;
    Ok(())
}

/// If you would take a Draw action, first meld all cards with [concept] or [efficiency] from each
/// player's hand.
fn einstein_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::Action { action: Action::Draw, .. } | Event::SharingDraw { .. })
}

fn einstein(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    for q in from(ctx.st, t.owner) {
        let cards: Vec<CardId> =
            ctx.hand(q).into_iter().filter(|c| card(*c).has_icon(Icon::Concept) || card(*c).has_icon(Icon::Efficiency)).collect();
        ctx.meld_all(t.owner, &cards)?;
    }
    Ok(())
}

/// Each different value present in your score pile above 6 counts as an achievement.
fn curie_achievements(st: &State, owner: PlayerId) -> usize {
    let mut values: Vec<u8> = st.players[owner].score.iter().map(|c| card(*c).age).filter(|v| *v > 6).collect();
    values.sort_unstable();
    values.dedup();
    values.len()
}

/// If you would draw a card of a value not present in your hand, first draw a {9}.
fn curie_when(ctx: &Ctx, t: Trigger) -> bool {
    match t.event {
        Event::Keyword(crate::primitives::Keyword::Draw { age, .. }) => {
            when::yours(t) && !ctx.st.players[t.owner].hand.iter().any(|c| card(*c).age == age)
        }
        _ => false,
    }
}

fn curie(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.draw(t.owner, 9)?;
    Ok(())
}

/// If you would dogma a card using [concept] as a featured icon, instead draw and junk a {10},
/// then super-execute the junked card.
fn wells_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, Some(Icon::Concept)).is_some()
}

fn wells(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = ctx.draw(t.owner, 10)?;
    if ctx.junk(t.owner, c)? {
        ctx.super_execute(t.owner, c)?;
    }
    Ok(())
}

/// If you are required to fade a figure, instead do nothing.
fn ellington_fade_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && t.event == Event::Fade
}

/// If you would meld a figure and have at least four top figures already, instead you win.
fn ellington_meld_when(ctx: &Ctx, t: Trigger) -> bool {
    let figures = ctx.top_cards(t.owner).into_iter().filter(|c| when::is_figure(*c)).count();
    when::yours(t) && when::moving(t, Act::Meld).is_some_and(when::is_figure) && figures >= 4
}

fn ellington_win(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    Err(ctx.win(t.owner))
}

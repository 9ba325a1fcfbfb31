//! The Figures of age 9.

use super::age7::opponent;
use super::decree_with_two::*;
use super::from;
use super::when;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::karma::Reaction::{First, Instead};
use crate::primitives::Keyword;
use crate::state::State;

pub fn register(r: &mut Registry) {
    r.figure("Mikhail Kalashnikov", &[Karma::Would { when: kalashnikov_when, reaction: First, run: kalashnikov }]);
    r.figure(
        "Nelson Mandela",
        &[Karma::Would { when: mandela_when, reaction: Instead, run: mandela }, Karma::Each(Each::Achievements(mandela_achievements))],
    );
    r.figure("Che Guevara", &[Karma::Would { when: guevara_when, reaction: First, run: guevara }]);
    r.figure("Ruth Handler", &[Karma::Would { when: handler_when, reaction: First, run: handler }]);
    r.figure(
        "Hedy Lamar",
        &[Karma::Each(Each::SpecialRequirements(lamar_requirements)), Karma::Would { when: lamar_when, reaction: First, run: lamar }],
    );
    r.figure("Taiichi Ono", &[Karma::Would { when: ono_when, reaction: First, run: ono }]);
    r.figure("Grace Hopper", &[Karma::Would { when: hopper_when, reaction: First, run: hopper }]);
    r.figure(
        "Wernher Von Braun",
        &[Karma::Would { when: von_braun_when, reaction: First, run: von_braun }, Karma::Each(Each::ScorePile(von_braun_score_pile))],
    );
    r.figure("Pele", &[RIVALRY, Karma::Would { when: pele_when, reaction: First, run: pele }]);
    r.figure("Rod Serling", &[Karma::Would { when: serling_when, reaction: Instead, run: serling }]);
}

/// If an opponent would meld a card, first choose a top red card on an opponent's board. Choose
/// to either score it, or self-execute it.
fn kalashnikov_when(ctx: &Ctx, t: Trigger) -> bool {
    opponent(ctx.st, t.owner, t.by) && when::moving(t, Act::Meld).is_some()
}

fn kalashnikov(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let reds: Vec<CardId> = ctx.opponents(t.owner).into_iter().filter_map(|q| ctx.top(q, Color::Red)).collect();
    let Some(c) = ctx.choose_card(t.owner, &reds, false, "Mikhail Kalashnikov: choose a top red card on an opponent's board")? else {
        return Ok(());
    };
    let options = ["score it", "self-execute it"];
    match ctx.choose_option_about(t.owner, c, &options, false, "Mikhail Kalashnikov: score it or self-execute it?")? {
        Some(0) => {
            ctx.score(t.owner, c)?;
        }
        _ => ctx.self_execute(t.owner, c)?,
    }
    Ok(())
}

/// If you would dogma a card as your second action, instead super-execute the card.
fn mandela_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_as_action(t, 2).is_some()
}

fn mandela(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_as_action(t, 2) else { return Ok(()) };
    ctx.super_execute(t.owner, c)
}

/// Each two [avatar] on your board counts as an achievement.
fn mandela_achievements(st: &State, owner: PlayerId) -> usize {
    crate::derived::icon_count(st, owner, Icon::Avatar) / 2
}

/// If you would meld a card, first draw and score a {9}. If the scored card is yellow, junk all
/// cards in all score piles and all available standard achievements.
fn guevara_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn guevara(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = ctx.draw(t.owner, 9)?;
    if !ctx.score(t.owner, c)? || card(c).color != Color::Yellow {
        return Ok(());
    }
    for q in from(ctx.st, t.owner) {
        let pile = ctx.score_pile(q);
        ctx.junk_all(t.owner, &pile)?;
    }
    for a in ctx.available_achievements() {
        ctx.junk_achievement(t.owner, a)?;
    }
    Ok(())
}

/// If you would meld a card, first meld all other cards of that color from each player's hand,
/// then draw and achieve a {9} for each card you meld in this way, regardless of eligibility.
fn handler_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn handler(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::moving(t, Act::Meld) else { return Ok(()) };
    let col = card(c).color;
    let mut melded = 0;
    for q in from(ctx.st, t.owner) {
        let cards: Vec<CardId> = ctx.hand(q).into_iter().filter(|x| *x != c && card(*x).color == col).collect();
        for x in cards {
            if ctx.meld(t.owner, x)? {
                melded += 1;
            }
        }
    }
    for _ in 0..melded {
        let x = ctx.draw(t.owner, 9)?;
        ctx.achieve(t.owner, x)?;
    }
    Ok(())
}

/// If you would dogma a card, first you may achieve a card from your hand with featured biscuit
/// matching that card's featured biscuit, regardless of eligibility. If you don't, draw an {11}.
fn ono_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some()
}

fn ono(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_using(t, None) else { return Ok(()) };
    let featured = card(c).featured_icon;
    let matching: Vec<CardId> =
        ctx.hand(t.owner).into_iter().filter(|x| featured.is_some() && card(*x).featured_icon == featured).collect();
    let why = "Taiichi Ono: you may achieve a card from your hand with the same featured icon";
    let achieved = match ctx.choose_card(t.owner, &matching, true, why)? {
        Some(x) => ctx.achieve(t.owner, x)?,
        None => false,
    };
    if !achieved {
        ctx.draw(t.owner, 11)?;
    }
    Ok(())
}

/// If you would score a card, first if both your top yellow card and your top green card are
/// highest top cards on your board, you win.
fn pele_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Score).is_some()
}

fn pele(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let highest = crate::derived::highest_top_value(ctx.st, t.owner);
    let is_highest = |c: Option<CardId>| c.is_some_and(|c| crate::derived::value_on_board(c) == highest);
    if is_highest(ctx.top(t.owner, Color::Yellow)) && is_highest(ctx.top(t.owner, Color::Green)) {
        return Err(ctx.win(t.owner));
    }
    Ok(())
}

/// If a player would transfer, return, draw, score, meld, tuck, or junk a card of value less
/// than 4, instead that player loses.
fn serling_when(ctx: &Ctx, t: Trigger) -> bool {
    match t.event {
        Event::Keyword(Keyword::Draw { age, .. }) => age < 4,
        Event::Keyword(Keyword::Move { act, card: c, .. }) => {
            matches!(act, Act::Transfer | Act::Return | Act::Score | Act::Meld | Act::Tuck | Act::Junk)
                && crate::derived::value_of(ctx.st, c) < 4
        }
        _ => false,
    }
}

fn serling(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.lose(t.by)
}

/// If an opponent would not draw a card for sharing after a Dogma action, first draw and reveal a
/// {10}. If it is blue, you win.
fn hopper_when(ctx: &Ctx, t: Trigger) -> bool {
    opponent(ctx.st, t.owner, t.by) && matches!(t.event, Event::NoSharingDraw { .. })
}

fn hopper(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = ctx.draw_and_reveal(t.owner, 10)?;
    if card(c).color == Color::Blue {
        return Err(ctx.win(t.owner));
    }
    Ok(())
}

/// Each special achievement is claimed with one fewer or one lower of each requirement listed for
/// you.
fn lamar_requirements(_st: &State, _owner: PlayerId) -> usize {
    1
}

/// If you would claim an achievement, first splay a color of your cards up.
fn lamar_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::claiming_any(ctx, t)
}

fn lamar(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let colors = ctx.splayable(t.owner, Splay::Up);
    if let Some(col) = ctx.choose_color(t.owner, &colors, false, "Hedy Lamar: splay a color of your cards up")? {
        ctx.splay(t.owner, col, Splay::Up)?;
    }
    Ok(())
}

/// If a player would draw a figure, first junk all cards in the {9} or {10} deck.
fn von_braun_when(_ctx: &Ctx, t: Trigger) -> bool {
    matches!(t.event, Event::Keyword(Keyword::Draw { set: Set::Figures, .. }))
}

fn von_braun(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    if let Some(v) = ctx.choose_value(t.owner, &[9, 10], "Wernher Von Braun: junk all cards in the 9 or the 10 deck")? {
        ctx.junk_deck(t.owner, v)?;
    }
    Ok(())
}

/// Each valued card in the junk counts as being in your score pile.
fn von_braun_score_pile(st: &State, _owner: PlayerId) -> Vec<CardId> {
    st.junk.clone()
}

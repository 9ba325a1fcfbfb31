//! The Figures of age 4, and what the karmas of ages 4 to 6 share ("from anywhere", "claim an
//! available achievement regardless of eligibility", "take a Draw action").

use super::decree_with_two::*;
use super::when;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::karma::Reaction::{First, Instead};
use crate::primitives::Keyword;
use crate::prompt::Action;
use crate::state::{Outcome, WinReason};

pub fn register(r: &mut Registry) {
    r.figure("Johannes Kepler", &[Karma::Would { when: kepler_when, reaction: First, run: kepler }]);
    r.figure("Leonardo Da Vinci", &[Karma::Would { when: leonardo_when, reaction: First, run: leonardo }]);
    r.figure(
        "Galileo Galilei",
        &[
            Karma::Would { when: galileo_draw_when, reaction: First, run: galileo_draw },
            Karma::Would { when: galileo_meld_when, reaction: First, run: galileo_meld },
        ],
    );
    r.figure("Pedro Alvarez Cabral", &[TRADE, Karma::Would { when: cabral_when, reaction: Instead, run: cabral }]);
    r.figure("Taki ad-Din", &[ADVANCEMENT, Karma::Would { when: taki_when, reaction: Instead, run: taki }]);
    r.figure(
        "Niccolo Machiavelli",
        &[
            Karma::Each(Each::Achievements(machiavelli_achievements)),
            Karma::Would { when: machiavelli_when, reaction: First, run: machiavelli },
        ],
    );
    r.figure("William Shakespeare", &[RIVALRY, Karma::Decree { color: None, figures: 3 }]);
    r.figure("Yi Sun-Sin", &[Karma::Would { when: yi_sun_sin_when, reaction: Instead, run: yi_sun_sin }]);
    r.figure("Michaelangelo", &[Karma::Each(Each::ScorePile(michaelangelo_score_pile))]);
    r.figure(
        "Amina Sukhera",
        &[Karma::Would { when: amina_when, reaction: First, run: amina }, Karma::Each(Each::AvailableAchievements(amina_achievements))],
    );
}

/// If any player would transfer a card or exchange any number of cards, instead tuck that card or
/// those cards, draw and tuck a {4}, and score a top card with a [authority] from anywhere.
fn yi_sun_sin_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::moving(t, Act::Transfer).is_some() || t.event == Event::Exchange
}

fn yi_sun_sin(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let cards = match when::moving(t, Act::Transfer) {
        Some(c) => vec![c],
        None => ctx.exchanging.clone(),
    };
    ctx.tuck_all(t.owner, &cards)?;
    ctx.draw_and_tuck(t.owner, 4)?;
    score_a_top_card(ctx, t.owner, |c| card(c).has_icon(Icon::Authority), "Yi Sun-Sin: score a top card with [authority] from anywhere")?;
    Ok(())
}

/// Each card in your hand is also considered part of your score pile.
fn michaelangelo_score_pile(st: &crate::state::State, owner: PlayerId) -> Vec<CardId> {
    st.players[owner].hand.clone()
}

/// If you would dogma a card as your second action, first score a figure from an opponent's hand.
fn amina_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_as_action(t, 2).is_some()
}

fn amina(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let figures: Vec<CardId> = ctx.opponents(t.owner).into_iter().flat_map(|q| ctx.hand(q)).filter(|c| when::is_figure(*c)).collect();
    if let Some(c) = ctx.choose_card(t.owner, &figures, false, "Amina Sukhera: score a figure from an opponent's hand")? {
        ctx.score(t.owner, c)?;
    }
    Ok(())
}

/// Each top card with a [authority] on your board counts as an available achievement for you.
fn amina_achievements(st: &crate::state::State, owner: PlayerId) -> Vec<CardId> {
    st.players[owner].top_cards().into_iter().filter(|c| card(*c).has_icon(Icon::Authority)).collect()
}

// ---------- shared by the karmas of ages 4 to 6 ----------

/// "If you would take a Draw action": one of the turn's, or the free one for sharing (a free
/// action triggers karmas on actions too).
pub(super) fn draw_action(t: Trigger) -> bool {
    matches!(t.event, Event::Action { action: Action::Draw, .. } | Event::SharingDraw { .. })
}

/// The value of a draw asked for.
pub(super) fn drawing(t: Trigger) -> Option<u8> {
    match t.event {
        Event::Keyword(Keyword::Draw { age, .. }) => Some(age),
        _ => None,
    }
}

/// Every top card on every board still in the game ("from anywhere").
pub(super) fn top_cards_anywhere(ctx: &Ctx) -> Vec<CardId> {
    ctx.st.active_players().into_iter().flat_map(|q| ctx.st.players[q].top_cards()).collect()
}

/// "Score a top card ... from anywhere": the owner picks one of those that `fits`.
pub(super) fn score_a_top_card(ctx: &mut Ctx, p: PlayerId, fits: impl Fn(CardId) -> bool, why: &str) -> Res<bool> {
    let tops: Vec<CardId> = top_cards_anywhere(ctx).into_iter().filter(|c| fits(*c)).collect();
    match ctx.choose_card(p, &tops, false, why)? {
        Some(c) => ctx.score(p, c),
        None => Ok(false),
    }
}

/// "Claim an available (standard) achievement" among `candidates`: they are face down, so the
/// player picks one by its back.
pub(super) fn claim_one_of(ctx: &mut Ctx, p: PlayerId, candidates: &[CardId], why: &str) -> Res<bool> {
    match ctx.choose_backs(p, candidates, 1, 1, why)?.first().copied() {
        Some(c) => ctx.claim_achievement(p, c),
        None => Ok(false),
    }
}

/// The available standard achievements of a value that fits.
pub(super) fn available_of(ctx: &Ctx, fits: impl Fn(u8) -> bool) -> Vec<CardId> {
    ctx.st.achievements.iter().copied().filter(|c| fits(card(*c).age)).collect()
}

// ---------- the Figures ----------

/// If you would meld a card, first meld another card in your hand. If the other card is purple,
/// draw three {4}, then score a top figure from anywhere.
fn leonardo_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn leonardo(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let melding = when::moving(t, Act::Meld);
    let others: Vec<CardId> = ctx.hand(t.owner).into_iter().filter(|c| Some(*c) != melding).collect();
    let Some(other) = ctx.choose_card(t.owner, &others, false, "Leonardo Da Vinci: first meld another card in your hand")? else {
        return Ok(());
    };
    ctx.meld(t.owner, other)?;
    if card(other).color == Color::Purple {
        ctx.draw_n(t.owner, 4, 3)?;
        score_a_top_card(ctx, t.owner, when::is_figure, "Leonardo Da Vinci: score a top figure from anywhere")?;
    }
    Ok(())
}

/// If you would draw a card, first junk all cards in the {4} or {5} deck.
fn galileo_draw_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && drawing(t).is_some()
}

fn galileo_draw(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    if let Some(v) = ctx.choose_value(t.owner, &[4, 5], "Galileo Galilei: junk all cards in the 4 or the 5 deck")? {
        ctx.junk_deck(t.owner, v)?;
    }
    Ok(())
}

/// If you would meld a card, first junk an available achievement of value 3, 4, or 5.
fn galileo_meld_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn galileo_meld(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.junk_an_available_achievement(t.owner, &[3, 4, 5], false, "Galileo Galilei: junk an available achievement of value 3, 4, or 5")?;
    Ok(())
}

/// If you would dogma a {1}, instead claim the World achievement. If you can't, and Monotheism is
/// a top card on your board, you win.
fn cabral_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some_and(|c| crate::derived::value_of(ctx.st, c) == 1)
}

fn cabral(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    if ctx.claim_special(t.owner, Special::World)? {
        return Ok(());
    }
    let monotheism = ctx.top_cards(t.owner).into_iter().any(|c| card(c).title == "Monotheism");
    if monotheism {
        let who = ctx.name(t.owner).to_string();
        ctx.say(format!("{who} could not claim World and has Monotheism on top: {who} wins"));
        return Err(Stop::GameOver(Outcome { winners: ctx.st.winners_with_team(t.owner), reason: WinReason::Card, card: Some(t.figure) }));
    }
    Ok(())
}

/// If you would take a Draw action, instead draw and reveal a {5}, and splay its color on your
/// board right. If the drawn card has [concept], meld it.
fn taki_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && draw_action(t)
}

fn taki(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = ctx.draw_and_reveal(t.owner, 5)?;
    ctx.splay(t.owner, card(c).color, Splay::Right)?;
    if card(c).has_icon(Icon::Concept) {
        ctx.meld(t.owner, c)?;
    }
    Ok(())
}

/// Each color splayed right only on your board counts as an achievement for you.
fn machiavelli_achievements(st: &crate::state::State, owner: PlayerId) -> usize {
    let right = |q: PlayerId, col: Color| st.pile(q, col).splay == Splay::Right;
    Color::ALL.into_iter().filter(|col| right(owner, *col) && !st.opponents(owner).into_iter().any(|q| right(q, *col))).count()
}

/// If you would splay a color on your board, first unsplay that color on all opponent's boards.
fn machiavelli_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::Keyword(Keyword::Splay { board, dir, .. }) if board == t.owner && dir != Splay::None)
}

fn machiavelli(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Event::Keyword(Keyword::Splay { color, .. }) = t.event else { return Ok(()) };
    for q in ctx.opponents(t.owner) {
        ctx.unsplay(q, color)?;
    }
    Ok(())
}

/// If you would take a Dogma action, instead do so while increasing each {} value in every
/// effect during this action by the number of different top card values on your board greater
/// than 3.
fn kepler_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some()
}

fn kepler(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let mut values = crate::derived::top_values(ctx.st, t.owner);
    values.retain(|v| *v > 3);
    values.sort_unstable();
    values.dedup();
    let n = values.len() as u8;
    ctx.dogma_raise = ctx.dogma_raise.saturating_add(n);
    ctx.say(format!("every age value in every effect during this action is increased by {n}"));
    Ok(())
}

//! The Figures of age 1.

use super::decree_with_two::*;
use super::when;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::karma::Reaction::{First, Instead};
use crate::primitives::Keyword;
use crate::prompt::Action;

pub fn register(r: &mut Registry) {
    r.figure("Gilgamesh", &[Karma::Each(Each::Icons(gilgamesh_icons)), Karma::Each(Each::Score(gilgamesh_score))]);
    r.figure("Hammurabi", &[Karma::Would { when: hammurabi_when, reaction: First, run: hammurabi }]);
    r.figure("Tigernmas", &[WAR, Karma::Each(Each::Score(tigernmas_score))]);
    r.figure("Shennong", &[Karma::Would { when: shennong_when, reaction: First, run: shennong }]);
    r.figure("Sneferu", &[EXPANSION, Karma::Would { when: sneferu_when, reaction: First, run: sneferu }]);
    r.figure("Fu Xi", &[TRADE, Karma::Would { when: fu_xi_when, reaction: First, run: fu_xi }]);
    r.figure("Huang Di", &[ADVANCEMENT, Karma::Would { when: huang_di_when, reaction: First, run: huang_di }]);
    r.figure(
        "Homer",
        &[
            Karma::Would { when: homer_when, reaction: First, run: homer },
            Karma::Would { when: homer_hand_when, reaction: Instead, run: homer_hand },
        ],
    );
    r.figure("Ptahhotep", &[Karma::Would { when: ptahhotep_when, reaction: Instead, run: ptahhotep }]);
    r.figure("Sinuhe", &[RIVALRY, Karma::Each(Each::Score(sinuhe_score))]);
    r.figure("Hatshepsut", &[Karma::Would { when: hatshepsut_when, reaction: First, run: hatshepsut }]);
    r.figure("Imhotep", &[Karma::Would { when: imhotep_when, reaction: First, run: imhotep }]);
    r.figure(
        "Sunshu Ao",
        &[
            Karma::Would { when: sunshu_ao_meld_when, reaction: Instead, run: sunshu_ao_meld },
            Karma::Would { when: sunshu_ao_score_when, reaction: First, run: draw_and_achieve_a_1 },
            Karma::Would { when: sunshu_ao_tuck_when, reaction: First, run: draw_and_achieve_a_1 },
        ],
    );
    r.figure("Sargon of Akkad", &[Karma::Would { when: sargon_when, reaction: Instead, run: sargon }]);
    r.figure("Daedalus", &[Karma::Each(Each::ClaimingValue(daedalus_value))]);
}

/// Each unsplayed color on your board adds one to the value of your highest top card for the
/// purpose of claiming achievements.
fn daedalus_value(st: &crate::state::State, owner: PlayerId) -> u8 {
    st.players[owner].piles.iter().filter(|pile| !pile.cards.is_empty() && pile.splay == Splay::None).count() as u8
}

/// Each [authority] on your board provides one additional [authority] and one additional [industry].
fn gilgamesh_icons(_st: &crate::state::State, _owner: PlayerId, plain: &[usize; 8]) -> [usize; 8] {
    let a = plain[Icon::Authority.index()];
    let mut extra = [0; 8];
    extra[Icon::Authority.index()] = a;
    extra[Icon::Industry.index()] = a;
    extra
}

/// Each [authority] on an opponent's board subtracts one point from that opponent's score.
fn gilgamesh_score(st: &crate::state::State, owner: PlayerId, p: PlayerId, icons: &[usize; 8]) -> i64 {
    if st.opponents(owner).contains(&p) {
        -(icons[Icon::Authority.index()] as i64)
    } else {
        0
    }
}

/// If a player would execute a demand effect against you, first execute that demand effect
/// yourself on that player.
fn hammurabi_when(_ctx: &Ctx, t: Trigger) -> bool {
    matches!(t.event, Event::Execute { demand: true, you, me, .. } if you == t.owner && me != t.owner)
}

fn hammurabi(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Event::Execute { card: c, effect, me, .. } = t.event else { return Ok(()) };
    ctx.run_effect(c, effect, me, t.owner, Mode::Dogma)
}

/// Each card in your hand provides one additional point toward your score.
fn tigernmas_score(st: &crate::state::State, owner: PlayerId, p: PlayerId, _icons: &[usize; 8]) -> i64 {
    if p == owner {
        st.players[p].hand.len() as i64
    } else {
        0
    }
}

/// If you would draw a {1} during your first action, first draw and score a card of value equal
/// to the number of {1} in your hand.
fn shennong_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, Some(1)) && when::your_action(ctx, t, 1)
}

fn shennong(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let ones = ctx.st.players[t.owner].hand.iter().filter(|c| card(**c).age == 1).count() as u8;
    ctx.draw_and_score(t.owner, ones)?;
    Ok(())
}

/// If you would meld a card, first draw and tuck a {2}. If the tucked card has no [authority],
/// return it.
fn sneferu_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn sneferu(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = ctx.draw_and_tuck(t.owner, 2)?;
    if !card(c).has_icon(Icon::Authority) {
        ctx.return_card(t.owner, c)?;
    }
    Ok(())
}

/// If you would draw a card during your first action, first draw and score a {2}.
fn fu_xi_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, None) && when::your_action(ctx, t, 1)
}

fn fu_xi(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.draw_and_score(t.owner, 2)?;
    Ok(())
}

/// If you would dogma a card using [health] as a featured icon, first draw a {2}.
fn huang_di_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, Some(Icon::Health)).is_some()
}

fn huang_di(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.draw(t.owner, 2)?;
    Ok(())
}

/// If you would dogma a card of a color, first draw and tuck a {2}, then return your top card of
/// the drawn card's color if it is different (from the tucked card: a pile the tuck started has
/// the tucked card on top, and nothing is returned).
fn homer_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some()
}

fn homer(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let tucked = ctx.draw_and_tuck(t.owner, 2)?;
    let col = card(tucked).color;
    if let Some(top) = ctx.st.players[t.owner].top(col).filter(|top| *top != tucked) {
        ctx.return_card(t.owner, top)?;
    }
    Ok(())
}

/// If you would junk or return a figure from your hand, instead tuck it.
fn homer_hand_when(ctx: &Ctx, t: Trigger) -> bool {
    let c = when::moving(t, Act::Junk).or(when::moving(t, Act::Return));
    c.is_some_and(|c| when::is_figure(c) && when::in_hand(ctx, t, c))
}

fn homer_hand(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = when::moving(t, Act::Junk).or(when::moving(t, Act::Return)).expect("checked by the trigger");
    ctx.tuck(t.owner, c)?;
    Ok(())
}

/// If you would dogma a card as your second action, instead score a card from your hand. If you
/// do, super-execute the scored card.
fn ptahhotep_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_as_action(t, 2).is_some()
}

fn ptahhotep(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let hand = ctx.hand(t.owner);
    let Some(c) = ctx.choose_card(t.owner, &hand, false, "Ptahhotep: score a card from your hand (then it is super-executed)")? else {
        return Ok(());
    };
    if ctx.score(t.owner, c)? {
        ctx.super_execute(t.owner, c)?;
    }
    Ok(())
}

/// Each [authority] on your board provides one additional point towards your score.
fn sinuhe_score(_st: &crate::state::State, owner: PlayerId, p: PlayerId, icons: &[usize; 8]) -> i64 {
    if p == owner {
        icons[Icon::Authority.index()] as i64
    } else {
        0
    }
}

/// If you would draw a card of value higher than 1 and you have a {1} in your hand, first return
/// all cards from your hand and draw a card of that value for each card you return.
fn hatshepsut_when(ctx: &Ctx, t: Trigger) -> bool {
    let higher = matches!(t.event, Event::Keyword(Keyword::Draw { age, .. }) if age > 1);
    when::yours(t) && higher && ctx.st.players[t.owner].hand.iter().any(|c| card(*c).age == 1)
}

fn hatshepsut(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Event::Keyword(Keyword::Draw { age, .. }) = t.event else { return Ok(()) };
    let mut returned = 0;
    for c in ctx.hand(t.owner) {
        if ctx.return_card(t.owner, c)? {
            returned += 1;
        }
    }
    ctx.draw_n(t.owner, age, returned)?;
    Ok(())
}

/// If you would dogma a {1} as your second action, first draw and meld a {2}, then splay left the
/// color of the melded card on your board. If you do both, and the melded card was a {2}, return
/// the top card of that color from all boards.
fn imhotep_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_as_action(t, 2).is_some_and(|c| card(c).age == 1)
}

fn imhotep(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let drawn = ctx.draw(t.owner, 2)?;
    let melded = ctx.meld(t.owner, drawn)?;
    let col = card(drawn).color;
    let splayed = ctx.splay(t.owner, col, Splay::Left)?;
    if melded && splayed && card(drawn).age == 2 {
        let mut boards = vec![t.owner];
        boards.extend(ctx.st.others(t.owner));
        for p in boards {
            if let Some(top) = ctx.top(p, col) {
                ctx.return_card(t.owner, top)?;
            }
        }
    }
    Ok(())
}

/// If you would not be eligible for sharing, instead become eligible for sharing and junk an
/// available achievement of value 1.
fn sargon_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::NotEligible { .. })
}

fn sargon(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let ones: Vec<CardId> = ctx.available_achievements().into_iter().filter(|c| card(*c).age == 1).collect();
    if let Some(c) = ctx.choose_card(t.owner, &ones, false, "Sargon of Akkad: junk an available achievement of value 1")? {
        ctx.junk(t.owner, c)?;
    }
    Ok(())
}

/// If you would meld a non-figure with a Meld action, instead self-execute it.
fn sunshu_ao_meld_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::Action { action: Action::Meld(c), .. } if !when::is_figure(c))
}

fn sunshu_ao_meld(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Event::Action { action: Action::Meld(c), .. } = t.event else { return Ok(()) };
    ctx.self_execute(t.owner, c)
}

/// If you would score a sixth card this turn, first draw and achieve a {1}.
fn sunshu_ao_score_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Score).is_some() && ctx.st.players[t.owner].scored_this_turn == 5
}

/// If you would tuck a sixth card this turn, first draw and achieve a {1}.
fn sunshu_ao_tuck_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Tuck).is_some() && ctx.st.players[t.owner].tucked_this_turn == 5
}

fn draw_and_achieve_a_1(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = ctx.draw(t.owner, 1)?;
    ctx.achieve(t.owner, c)?;
    Ok(())
}

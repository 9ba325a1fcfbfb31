//! The Figures of age 3.

use super::decree_with_two::*;
use super::when;
use crate::card::EffectKind;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;
use crate::karma::Reaction::{First, Instead};
use crate::primitives::Keyword;
use crate::prompt::Action;
use crate::state::State;

pub fn register(r: &mut Registry) {
    r.figure("Saladin", &[WAR, Karma::Would { when: saladin_when, reaction: Instead, run: saladin }]);
    r.figure(
        "Tran Huang Dao",
        &[Karma::Would { when: tran_huang_dao_when, reaction: First, run: tran_huang_dao }, Karma::Each(Each::Icons(tran_huang_dao_icons))],
    );
    r.figure("Avicenna", &[EXPANSION, Karma::Would { when: avicenna_when, reaction: Instead, run: avicenna }]);
    r.figure("Rhazes", &[Karma::Would { when: rhazes_when, reaction: First, run: rhazes }]);
    r.figure(
        "Shen Kuo",
        &[
            Karma::Would { when: shen_kuo_score_when, reaction: Instead, run: shen_kuo_score },
            Karma::Would { when: shen_kuo_splay_when, reaction: Instead, run: shen_kuo_splay },
            Karma::Each(Each::Score(shen_kuo_points)),
        ],
    );
    r.figure("Su Song", &[TRADE, Karma::Would { when: su_song_when, reaction: First, run: su_song }]);
    r.figure("Alhazen", &[Karma::Would { when: alhazen_when, reaction: Instead, run: alhazen }]);
    r.figure("Sejong the Great", &[ADVANCEMENT, Karma::Would { when: sejong_when, reaction: Instead, run: sejong }]);
    r.figure(
        "Al-Kindi",
        &[
            Karma::Would { when: al_kindi_when, reaction: First, run: al_kindi },
            Karma::Would { when: al_kindi_other_when, reaction: First, run: al_kindi_other },
        ],
    );
    r.figure("Murasaki Shikibu", &[RIVALRY, Karma::Would { when: murasaki_when, reaction: Instead, run: murasaki }]);
}

/// If you would dogma a card with a demand effect, instead score a top card with [authority] of
/// each color on each opponent's board.
fn saladin_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some_and(|c| card(c).effects.iter().any(|e| e.kind == EffectKind::Demand))
}

fn saladin(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    for q in ctx.opponents(t.owner) {
        let tops = with_icon(&ctx.top_cards(q), Icon::Authority);
        ctx.score_all(t.owner, &tops)?;
    }
    Ok(())
}

/// If you would draw a {3}, first score a top red card of value less than 4 from anywhere.
fn tran_huang_dao_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, Some(3))
}

fn tran_huang_dao(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let reds: Vec<CardId> = (0..ctx.st.num_players())
        .filter(|p| !ctx.st.players[*p].eliminated)
        .filter_map(|p| ctx.top(p, Color::Red))
        .filter(|c| derived::value_of(ctx.st, *c) < 4)
        .collect();
    if let Some(c) = ctx.choose_card(t.owner, &reds, false, "Tran Huang Dao: score a top red card of value less than 4 from anywhere")? {
        ctx.score(t.owner, c)?;
    }
    Ok(())
}

/// Each two [authority] on your board provides one additional icon of every other standard icon
/// on your board.
fn tran_huang_dao_icons(st: &State, _owner: PlayerId, plain: &[usize; 8]) -> [usize; 8] {
    let n = plain[Icon::Authority.index()] / 2;
    let mut extra = [0; 8];
    for icon in Icon::ALL {
        // [meat] is a standard icon only with the Age 0 deck.
        let standard = Icon::STANDARD.contains(&icon) || (icon == Icon::Meat && st.age_zero);
        if standard && icon != Icon::Authority {
            extra[icon.index()] = n;
        }
    }
    extra
}

/// If you would dogma a card as your first action, instead junk the lowest available standard
/// achievement, then super-execute the junked card.
fn avicenna_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_as_action(t, 1).is_some()
}

fn avicenna(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let available = ctx.available_achievements();
    let lowest = lowest(&available);
    let why = "Avicenna: junk the lowest available standard achievement (then super-execute it)";
    let Some(c) = ctx.choose_backs(t.owner, &lowest, 1, 1, why)?.first().copied() else { return Ok(()) };
    if ctx.junk_achievement(t.owner, c)? {
        ctx.super_execute(t.owner, c)?;
    }
    Ok(())
}

/// If you would draw a card, first tuck a card of the same value from your hand or from an
/// opponent's score pile.
fn rhazes_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, None)
}

fn rhazes(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Event::Keyword(Keyword::Draw { age, .. }) = t.event else { return Ok(()) };
    let mut cards = of_value(&ctx.hand(t.owner), age);
    for q in ctx.opponents(t.owner) {
        cards.extend(of_value(&ctx.score_pile(q), age));
    }
    let why = format!("Rhazes: tuck {} from your hand or from an opponent's score pile", a_value(age));
    if let Some(c) = ctx.choose_card(t.owner, &cards, false, &why)? {
        ctx.tuck(t.owner, c)?;
    }
    Ok(())
}

/// If you would score a non-figure, instead splay that card's color right.
fn shen_kuo_score_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Score).is_some_and(|c| !when::is_figure(c))
}

fn shen_kuo_score(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::moving(t, Act::Score) else { return Ok(()) };
    ctx.splay(t.owner, card(c).color, Splay::Right)?;
    Ok(())
}

/// If you would splay a color left, instead splay that color right.
fn shen_kuo_splay_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::Keyword(Keyword::Splay { dir: Splay::Left, .. }))
}

fn shen_kuo_splay(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    // "That color": the pile about to be splayed, on whichever board it is.
    let Event::Keyword(Keyword::Splay { board, color, .. }) = t.event else { return Ok(()) };
    ctx.splay_board_of(t.owner, board, color, Splay::Right)?;
    Ok(())
}

/// Each visible card on your board provides an additional point towards your score.
fn shen_kuo_points(st: &State, owner: PlayerId, p: PlayerId, _icons: &[usize; 8]) -> i64 {
    if p == owner {
        st.players[p].piles.iter().map(|pile| pile.visible_count() as i64).sum()
    } else {
        0
    }
}

/// If you would meld a card, first draw and meld a {3}. If the drawn card has no [health], return it.
fn su_song_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn su_song(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = ctx.draw_and_meld(t.owner, 3)?;
    if !card(c).has_icon(Icon::Health) {
        ctx.return_card(t.owner, c)?;
    }
    Ok(())
}

/// If you would take a Draw action, instead tuck a top card with a [authority] from anywhere. Then
/// draw a card of value equal to the number of [authority] or [concept] in a color on your board.
fn alhazen_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::Action { action: Action::Draw, .. })
}

fn alhazen(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let tops: Vec<CardId> = (0..ctx.st.num_players())
        .filter(|p| !ctx.st.players[*p].eliminated)
        .flat_map(|p| ctx.top_cards(p))
        .filter(|c| card(*c).has_icon(Icon::Authority))
        .collect();
    if let Some(c) = ctx.choose_card(t.owner, &tops, false, "Alhazen: tuck a top card with [authority] from anywhere")? {
        ctx.tuck(t.owner, c)?;
    }
    // The [authority] and [concept] visible in one colour of the owner's board.
    let mut values: Vec<u8> = ctx
        .colors_on_board(t.owner)
        .into_iter()
        .map(|col| {
            let pile = ctx.st.pile(t.owner, col);
            (derived::pile_icon_count(pile, Icon::Authority) + derived::pile_icon_count(pile, Icon::Concept)).min(u8::MAX as usize) as u8
        })
        .collect();
    values.sort_unstable();
    values.dedup();
    let v = match values.len() {
        0 => 0,
        1 => values[0],
        _ => ctx
            .choose_value(t.owner, &values, "Alhazen: draw a card of value equal to the [authority] or [concept] in a color")?
            .unwrap_or(values[0]),
    };
    ctx.draw(t.owner, v)?;
    Ok(())
}

/// If you would meld a card of value equal to your top red card, instead return it and draw and
/// meld a card of value one higher.
fn sejong_when(ctx: &Ctx, t: Trigger) -> bool {
    let Some(red) = ctx.st.players[t.owner].top(Color::Red) else { return false };
    when::yours(t) && when::moving(t, Act::Meld).is_some_and(|c| derived::value_of(ctx.st, c) == derived::value_of(ctx.st, red))
}

fn sejong(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::moving(t, Act::Meld) else { return Ok(()) };
    let v = derived::value_of(ctx.st, c);
    ctx.return_card(t.owner, c)?;
    ctx.draw_and_meld(t.owner, v + 1)?;
    Ok(())
}

/// If you would draw a card for sharing, first draw two cards of the same value.
fn al_kindi_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::SharingDraw { .. })
}

fn al_kindi(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    // The free Draw is a Draw action: of the value of the highest top card.
    let v = derived::highest_top_value(ctx.st, t.owner);
    ctx.draw_n(t.owner, v, 2)?;
    Ok(())
}

/// If another player would draw a card for sharing, first score a card from your hand.
fn al_kindi_other_when(_ctx: &Ctx, t: Trigger) -> bool {
    !when::yours(t) && matches!(t.event, Event::SharingDraw { .. })
}

fn al_kindi_other(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let hand = ctx.hand(t.owner);
    if let Some(c) = ctx.choose_card(t.owner, &hand, false, "Al-Kindi: score a card from your hand")? {
        ctx.score(t.owner, c)?;
    }
    Ok(())
}

/// If you would claim a standard achievement, instead you may junk a card from your score and then
/// achieve the standard achievement if eligible. If you do, you may achieve the junked card if
/// eligible.
fn murasaki_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && standard_claimed(ctx, t).is_some()
}

/// The available standard achievement about to be claimed.
fn standard_claimed(ctx: &Ctx, t: Trigger) -> Option<CardId> {
    match t.event {
        Event::Keyword(Keyword::Move { act: Act::Achieve, card: c, to: Dest::Achievements(_) })
            if ctx.st.locate(c) == Some(Zone::AvailableAchievements) =>
        {
            Some(c)
        }
        _ => None,
    }
}

fn murasaki(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(standard) = standard_claimed(ctx, t) else { return Ok(()) };
    let score = ctx.score_pile(t.owner);
    let why = "Murasaki Shikibu: you may junk a card from your score pile (then achieve the standard achievement if eligible)";
    let Some(junked) = ctx.choose_card(t.owner, &score, true, why)? else { return Ok(()) };
    if !ctx.junk(t.owner, junked)? {
        return Ok(());
    }
    if !derived::eligible_for(ctx.st, t.owner, card(standard).age) || !ctx.achieve(t.owner, standard)? {
        return Ok(());
    }
    if ctx.st.locate(junked) == Some(Zone::Junk)
        && derived::eligible_for(ctx.st, t.owner, card(junked).age)
        && ctx.yes_no_about(t.owner, junked, "Murasaki Shikibu: achieve the junked card?")?
    {
        ctx.achieve(t.owner, junked)?;
    }
    Ok(())
}

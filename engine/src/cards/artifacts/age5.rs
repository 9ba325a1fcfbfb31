//! The Artifacts cards of age 5.

use super::age1::claim_ignoring_eligibility;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;

pub fn register(r: &mut Registry) {
    r.card("Galley Whydah", &[galley_whydah_compel]);
    r.card("Ship of the Line Sussex", &[ship_of_the_line_sussex]);
    r.card("Gujin Tushu Jicheng", &[gujin_tushu_jicheng]);
    r.card("The Daily Courant", &[the_daily_courant]);
    r.card("Barque-Longue La Belle", &[barque_longue_la_belle]);
    r.card("Hudson's Bay Company Archives", &[hudsons_bay_company_archives]);
    r.card("Boerhaave Microscope", &[boerhaave_microscope]);
    r.card("Principia", &[principia]);
    r.card("Almira, Queen of Castile", &[almira_queen_of_castile]);
    r.card("Sandham Room Cricket Bat", &[sandham_room_cricket_bat]);
}

/// "Junk an available standard achievement" (of any value). True if one was junked.
pub(super) fn junk_any_achievement(ctx: &mut Ctx, p: PlayerId) -> Res<bool> {
    let values: Vec<u8> = (0..=11).collect();
    ctx.junk_an_available_achievement(p, &values, false, "junk an available standard achievement")
}

/// I compel you to choose a color of which there are more visible cards on your board than on my board! From the bottom up, transfer all cards of that color from my board to my score pile, then from your board to my board!
fn galley_whydah_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let more: Vec<Color> =
        Color::ALL.into_iter().filter(|c| ctx.st.pile(e.you, *c).visible_count() > ctx.st.pile(e.me, *c).visible_count()).collect();
    let why = format!("choose a color of which there are more visible cards on your board than on {}'s board", ctx.name(e.me));
    let Some(col) = ctx.choose_color(e.you, &more, false, &why)? else { return Ok(()) };
    // From the bottom up: the bottom card first (a board's pile lists its bottom card first).
    for c in ctx.st.pile(e.me, col).cards.clone() {
        ctx.transfer(e.you, c, Dest::Score(e.me))?;
    }
    for c in ctx.st.pile(e.you, col).cards.clone() {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    Ok(())
}

/// If you have no cards in your score pile, choose a color and score all cards of that color on your board. Otherwise, return all cards from your score pile.
fn ship_of_the_line_sussex(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.score_pile(e.you).is_empty() {
        // The golden rule: a colour with cards on the board (one alone is not asked).
        let colors = ctx.colors_on_board(e.you);
        let why = "choose a color: score all cards of that color on your board";
        let Some(col) = ctx.choose_color(e.you, &colors, false, why)? else { return Ok(()) };
        let pile = ctx.pile_cards(e.you, col);
        ctx.score_all(e.you, &pile)?;
        return Ok(());
    }
    ctx.sentence(2)?;
    let score = ctx.score_pile(e.you);
    ctx.return_all(e.you, &score)?;
    Ok(())
}

/// If it is your turn, choose any other top card on any other board and super-execute it.
fn gujin_tushu_jicheng(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.st.turn.player != e.you {
        return Ok(());
    }
    let tops: Vec<CardId> = ctx.others(e.you).into_iter().flat_map(|q| ctx.top_cards(q)).filter(|c| *c != e.card).collect();
    if let Some(c) = ctx.choose_card(e.you, &tops, false, "choose any other top card on any other board to super-execute")? {
        ctx.super_execute(e.you, c)?;
    }
    Ok(())
}

/// Draw, reveal, and return a {6}. Draw and meld a card of value equal to the value of your top card of the same color as the returned card. Self-execute the melded card.
fn the_daily_courant(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(6))?;
    ctx.return_card(e.you, c)?;
    ctx.sentence_on(2, &[c])?;
    // No top card of that colour: its value is 0 (a 0 is drawn, which goes up to the 1s).
    let v = ctx.top(e.you, color(c)).map_or(0, |t| derived::value_of(ctx.st, t));
    let m = ctx.draw_and_meld(e.you, v)?;
    ctx.sentence_on(3, &[m])?;
    ctx.self_execute(e.you, m)
}

/// Draw and meld a {5}. If the drawn card is not green, repeat this effect.
fn barque_longue_la_belle(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_meld(e.you, e.age(5))?;
        ctx.sentence_on(2, &[c])?;
        if color(c) == Color::Green {
            return Ok(());
        }
    }
}

/// Score the bottom card of every color on your board. Meld a card from your score pile. Splay right the color of the melded card. Junk all cards in the deck of value equal to the melded card.
fn hudsons_bay_company_archives(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let bottoms: Vec<CardId> = Color::ALL.into_iter().filter_map(|col| ctx.bottom(e.you, col)).collect();
    ctx.score_all(e.you, &bottoms)?;
    ctx.sentence(2)?;
    let score = ctx.score_pile(e.you);
    let Some(m) = ctx.choose_card(e.you, &score, false, "meld a card from your score pile")? else { return Ok(()) };
    if !ctx.meld(e.you, m)? {
        return Ok(());
    }
    ctx.sentence_on(3, &[m])?;
    ctx.splay(e.you, color(m), Splay::Right)?;
    ctx.sentence_on(4, &[m])?;
    let v = derived::value_of(ctx.st, m);
    ctx.junk_deck(e.you, v)
}

/// Return the lowest card in your hand and the lowest top card on your board. Draw and score a card of value equal to the sum of the values of the cards you return.
fn boerhaave_microscope(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut sum = 0u8;
    let lowest_hand = lowest(&ctx.hand(e.you));
    if let Some(c) = ctx.choose_card(e.you, &lowest_hand, false, "return the lowest card in your hand")? {
        if ctx.return_card(e.you, c)? {
            sum += card(c).age;
        }
    }
    let tops = ctx.top_cards(e.you);
    let low = tops.iter().map(|t| derived::value_of(ctx.st, *t)).min();
    let lowest_tops: Vec<CardId> = tops.into_iter().filter(|t| Some(derived::value_of(ctx.st, *t)) == low).collect();
    if let Some(t) = ctx.choose_card(e.you, &lowest_tops, false, "return the lowest top card on your board")? {
        // Its value as it lay on the board (Battleship Yamato: 11).
        let v = derived::value_of(ctx.st, t);
        if ctx.return_card(e.you, t)? {
            sum += v;
        }
    }
    ctx.sentence(2)?;
    // Nothing returned: the sum is 0, and a 0 is drawn (which goes up to the 1s).
    ctx.draw_and_score(e.you, sum)?;
    Ok(())
}

/// Return your top card of each non-blue color. For each card you return, draw and meld a card of value one higher than the value of the returned card, in ascending order.
fn principia(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<CardId> = Color::ALL.into_iter().filter(|c| *c != Color::Blue).filter_map(|c| ctx.top(e.you, c)).collect();
    // Each card's value as it lay on the board (Battleship Yamato: 11).
    let values: Vec<(CardId, u8)> = tops.iter().map(|t| (*t, derived::value_of(ctx.st, *t))).collect();
    let returned = ctx.return_all(e.you, &tops)?;
    ctx.sentence(2)?;
    let mut ups: Vec<u8> = values.iter().filter(|(c, _)| returned.contains(c)).map(|(_, v)| v + 1).collect();
    ups.sort_unstable();
    for v in ups {
        ctx.draw_and_meld(e.you, v)?;
    }
    Ok(())
}

/// Meld a card from your hand. If you do, claim an achievement of matching value, ignoring eligibility. Otherwise, junk all cards in the deck of value equal to the lowest available achievement, if there is one.
fn almira_queen_of_castile(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_card(e.you, &hand, false, "meld a card from your hand")?;
    let melded = match chosen {
        Some(c) if ctx.meld(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    if let Some(c) = melded {
        let v = derived::value_of(ctx.st, c);
        let of_v = of_value(&ctx.available_achievements(), v);
        let why = format!("claim an achievement of value {v}, ignoring eligibility");
        if let Some(a) = ctx.choose_backs(e.you, &of_v, 1, 1, &why)?.first().copied() {
            ctx.claim_achievement(e.you, a)?;
        }
        return Ok(());
    }
    ctx.sentence(3)?;
    // The available achievements with a value are the standard ones.
    if let Some(v) = ctx.available_achievements().iter().map(|a| card(*a).age).min() {
        ctx.junk_deck(e.you, v)?;
    }
    Ok(())
}

/// Draw and reveal a {6}. If it is red, claim an achievement, ignoring eligibility. Otherwise, junk an available standard achievement.
fn sandham_room_cricket_bat(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(6))?;
    ctx.sentence_on(2, &[c])?;
    if color(c) == Color::Red {
        // "An achievement": an available standard one (the second source text says so).
        claim_ignoring_eligibility(ctx, e.you, None, "claim an achievement, ignoring eligibility")?;
        return Ok(());
    }
    ctx.sentence_on(3, &[c])?;
    junk_any_achievement(ctx, e.you)?;
    Ok(())
}

//! The Artifacts cards of age 7.

use super::age5::junk_any_achievement;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;

pub fn register(r: &mut Registry) {
    r.card("Jedlik's Electromagnetic Self-Rotor", &[jedliks_electromagnetic_self_rotor, jedliks_electromagnetic_self_rotor_meld]);
    r.card("Submarine H. L. Hunley", &[submarine_h_l_hunley_compel]);
    r.card("Colt Paterson Revolver", &[colt_paterson_revolver_compel]);
    r.card("Singer Model 27", &[singer_model_27]);
    r.card("Hansen Writing Ball", &[hansen_writing_ball_compel, hansen_writing_ball]);
    r.card("International Prototype Metre Bar", &[international_prototype_metre_bar]);
    r.card("Corvette Challenger", &[corvette_challenger]);
    r.card("Periodic Table", &[periodic_table]);
    r.card("Roundhay Garden Scene", &[roundhay_garden_scene]);
    r.card("The Communist Manifesto", &[the_communist_manifesto]);
}

/// Draw and score an {8}.
fn jedliks_electromagnetic_self_rotor(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_score(e.you, e.age(8))?;
    Ok(())
}

/// Draw and meld an {8}. If it is an {8}, choose a value, and junk all cards in the deck of that value.
fn jedliks_electromagnetic_self_rotor_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(8))?;
    ctx.sentence_on(2, &[c])?;
    // Its value where it lies (the deck may have been empty, and a higher card drawn).
    if derived::value_of(ctx.st, c) == e.age(8) {
        if let Some(v) = ctx.choose_a_value(e.you, "choose a value: all cards in the deck of that value are junked")? {
            ctx.junk_deck(e.you, v)?;
        }
    }
    Ok(())
}

/// I compel you to draw and meld a {7}! Reveal your bottom card of the melded card's color! If the revealed card is even-valued, return all cards of its color from your board!
fn submarine_h_l_hunley_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(7))?;
    let col = color(c);
    let Some(b) = ctx.bottom(e.you, col) else { return Ok(()) };
    // "The revealed card": a card a karma kept from being revealed is none.
    if ctx.reveal(e.you, b)? && derived::value_of(ctx.st, b) % 2 == 0 {
        let pile = ctx.pile_cards(e.you, col);
        ctx.return_all(e.you, &pile)?;
    }
    Ok(())
}

/// I compel you to reveal your hand! Draw a {7}! If the color of the drawn card matches the color of any other cards in your hand, return all cards in your hand and all cards in your score pile!
fn colt_paterson_revolver_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.reveal_hand(e.you)?;
    let c = ctx.draw(e.you, e.age(7))?;
    let matches = ctx.hand(e.you).into_iter().any(|h| h != c && color(h) == color(c));
    if matches {
        let mut cards = ctx.hand(e.you);
        cards.extend(ctx.score_pile(e.you));
        ctx.return_all(e.you, &cards)?;
    }
    Ok(())
}

/// Tuck a card from your hand. If you do, splay up its color, and then tuck all cards from your score pile of that color. If you do, junk an available standard achievement.
fn singer_model_27(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(c) = ctx.choose_card(e.you, &hand, false, "tuck a card from your hand")? else { return Ok(()) };
    if !ctx.tuck(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    let col = color(c);
    ctx.splay(e.you, col, Splay::Up)?;
    let cards = of_color(&ctx.score_pile(e.you), col);
    let tucked = ctx.tuck_all(e.you, &cards)?;
    ctx.sentence(3)?;
    // "If you do": the sentence's last deed, the tuck from the score pile, amounted to something.
    if !tucked.is_empty() {
        junk_any_achievement(ctx, e.you)?;
    }
    Ok(())
}

/// I compel you to draw four {7}! Meld a blue card, then transfer all cards in your hand to my hand!
fn hansen_writing_ball_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_n(e.you, e.age(7), 4)?;
    let blue = of_color(&ctx.hand(e.you), Color::Blue);
    if let Some(c) = ctx.choose_card(e.you, &blue, false, "meld a blue card")? {
        ctx.meld(e.you, c)?;
    }
    let hand = ctx.hand(e.you);
    ctx.transfer_all(e.you, &hand, Dest::Hand(e.me))?;
    Ok(())
}

/// Draw and reveal a {7}. If it has no [efficiency], tuck it and repeat this effect.
fn hansen_writing_ball(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_reveal(e.you, e.age(7))?;
        ctx.sentence_on(2, &[c])?;
        if has_icon(c, Icon::Efficiency) {
            return Ok(());
        }
        ctx.tuck(e.you, c)?;
    }
}

/// Choose a value. Draw and reveal three cards of that value. Splay up the colors of the cards. If the number of cards of each of those colors on your board is equal to that value, you win. Otherwise, return the drawn cards.
fn international_prototype_metre_bar(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = ctx.choose_a_value(e.you, "choose a value: draw and reveal three cards of that value")?;
    ctx.sentence(2)?;
    let Some(v) = v else { return Ok(()) };
    let drawn = vec![ctx.draw_and_reveal(e.you, v)?, ctx.draw_and_reveal(e.you, v)?, ctx.draw_and_reveal(e.you, v)?];
    ctx.sentence_on(3, &drawn)?;
    let mut colors: Vec<Color> = drawn.iter().map(|c| color(*c)).collect();
    colors.sort_by_key(|c| c.index());
    colors.dedup();
    for &col in &colors {
        ctx.splay(e.you, col, Splay::Up)?;
    }
    ctx.sentence_on(4, &drawn)?;
    if colors.iter().all(|col| ctx.st.pile(e.you, *col).len() == usize::from(v)) {
        return Err(ctx.win(e.you));
    }
    ctx.sentence_on(5, &drawn)?;
    let still: Vec<CardId> = drawn.into_iter().filter(|c| ctx.st.locate(*c) == Some(Zone::Hand(e.you))).collect();
    ctx.return_all(e.you, &still)?;
    Ok(())
}

/// Draw and tuck an {8}. Splay up the color of the tucked card. Draw and score a card of value equal to the number of cards of that color on your board. Junk all cards in the deck of that value.
fn corvette_challenger(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_tuck(e.you, e.age(8))?;
    let col = color(c);
    ctx.sentence_on(2, &[c])?;
    ctx.splay(e.you, col, Splay::Up)?;
    ctx.sentence_on(3, &[c])?;
    let n = u8::try_from(ctx.st.pile(e.you, col).len()).unwrap_or(u8::MAX);
    ctx.draw_and_score(e.you, n)?;
    ctx.sentence_on(4, &[c])?;
    // There is no deck of value 0, nor above 11.
    if (1..=11).contains(&n) {
        ctx.junk_deck(e.you, n)?;
    }
    Ok(())
}

/// Choose two top cards on your board of the same value. If you do, draw a card of value one higher and meld it. If it melded over one of the chosen cards, repeat this effect.
fn periodic_table(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let tops = ctx.top_cards(e.you);
        let val = |ctx: &Ctx, c: CardId| derived::value_of(ctx.st, c);
        let mut values: Vec<u8> = tops.iter().map(|c| val(ctx, *c)).collect();
        values.retain(|v| tops.iter().filter(|c| val(ctx, **c) == *v).count() >= 2);
        values.sort_unstable();
        values.dedup();
        // With pairs of several values the value is asked first, then the two cards of it.
        let v = ctx.choose_value(e.you, &values, "choose the value of two top cards on your board")?;
        let of_v: Vec<CardId> = tops.iter().copied().filter(|c| Some(val(ctx, *c)) == v).collect();
        let chosen = ctx.choose_cards(e.you, &of_v, 2, 2, "choose two top cards on your board of the same value")?;
        ctx.sentence(2)?;
        let Some(v) = v.filter(|_| chosen.len() == 2) else { return Ok(()) };
        let c = ctx.draw(e.you, v + 1)?;
        let covered = ctx.top(e.you, color(c));
        let melded = ctx.meld(e.you, c)?;
        ctx.sentence_on(3, &[c])?;
        if !(melded && covered.is_some_and(|t| chosen.contains(&t))) {
            return Ok(());
        }
    }
}

/// Meld the highest card from your score pile. Draw and score two cards of value equal to the melded card. Self-execute the melded card.
fn roundhay_garden_scene(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let high = highest(&ctx.score_pile(e.you));
    let Some(m) = ctx.choose_card(e.you, &high, false, "meld the highest card from your score pile")? else { return Ok(()) };
    if !ctx.meld(e.you, m)? {
        return Ok(());
    }
    ctx.sentence_on(2, &[m])?;
    let v = derived::value_of(ctx.st, m);
    ctx.draw_and_score(e.you, v)?;
    ctx.draw_and_score(e.you, v)?;
    ctx.sentence_on(3, &[m])?;
    ctx.self_execute(e.you, m)
}

/// For each player, draw and reveal a {7}. Transfer one of the drawn cards to each other player's board. Meld the last, and self-execute it.
fn the_communist_manifesto(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let players = ctx.st.active_players().len();
    let mut drawn = Vec::new();
    for _ in 0..players {
        drawn.push(ctx.draw_and_reveal(e.you, e.age(7))?);
    }
    ctx.sentence_on(2, &drawn)?;
    for q in ctx.others(e.you) {
        let left: Vec<CardId> = drawn.iter().copied().filter(|c| ctx.st.locate(*c) == Some(Zone::Hand(e.you))).collect();
        let why = format!("transfer one of the drawn cards to {}'s board", ctx.name(q));
        if let Some(c) = ctx.choose_card(e.you, &left, false, &why)? {
            ctx.transfer(e.you, c, Dest::Board(q))?;
        }
    }
    ctx.sentence_on(3, &drawn)?;
    let left: Vec<CardId> = drawn.iter().copied().filter(|c| ctx.st.locate(*c) == Some(Zone::Hand(e.you))).collect();
    if let Some(last) = ctx.choose_card(e.you, &left, false, "meld the last drawn card, and self-execute it")? {
        if ctx.meld(e.you, last)? {
            ctx.self_execute(e.you, last)?;
        }
    }
    Ok(())
}

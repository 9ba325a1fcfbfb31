//! The base cards of age 1.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Archery", &[archery_demand, archery]);
    r.card("Metalworking", &[metalworking]);
    r.card("Oars", &[oars_demand, oars]);
    r.card("Agriculture", &[agriculture]);
    r.card("Domestication", &[domestication]);
    r.card("Masonry", &[masonry_meld, masonry_monument]);
    r.card("Clothing", &[clothing_meld, clothing_score]);
    r.card("Sailing", &[sailing]);
    r.card("The Wheel", &[the_wheel]);
    r.card("Pottery", &[pottery_return, pottery_draw]);
    r.card("Tools", &[tools_three, tools_one]);
    r.card("Writing", &[writing]);
    r.card("City States", &[city_states_demand]);
    r.card("Code of Laws", &[code_of_laws]);
    r.card("Mysticism", &[mysticism]);
}

/// I demand you draw a {1}, then transfer the highest card in your hand to my hand!
fn archery_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(1))?;
    let why = format!("transfer the highest card in your hand to {}'s hand", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &highest(&ctx.hand(e.you)), false, &why)? {
        ctx.transfer(e.you, c, Dest::Hand(e.me))?;
    }
    Ok(())
}

/// Junk an available achievement of value {1} or {2}.
fn archery(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("junk an available achievement of value {} or {}", e.age(1), e.age(2));
    ctx.junk_an_available_achievement(e.you, &[e.age(1), e.age(2)], false, &why)?;
    Ok(())
}

/// Draw and reveal a {1}. If it has [authority], score it and repeat this effect.
fn metalworking(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_reveal(e.you, e.age(1))?;
        ctx.sentence_on(2, &[c])?;
        if !has_icon(c, Icon::Authority) {
            return Ok(());
        }
        ctx.score(e.you, c)?;
    }
}

/// I demand you transfer a card with [prosperity] from your hand to my score pile!
/// If you do, draw a {1}, and repeat this effect!
fn oars_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        let why = format!("transfer a card with [prosperity] from your hand to {}'s score pile", ctx.name(e.me));
        let Some(c) = ctx.choose_card(e.you, &with_icon(&ctx.hand(e.you), Icon::Prosperity), false, &why)? else {
            // Verification: the hand is shown to prove there is no such card.
            ctx.reveal_hand(e.you)?;
            return Ok(());
        };
        if !ctx.transfer(e.you, c, Dest::Score(e.me))? {
            return Ok(());
        }
        ctx.draw(e.you, e.age(1))?;
    }
}

/// If no cards were transferred due to this demand, draw a {1}.
fn oars(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // "This demand": Oars' demand effect during this action.
    let transferred = ctx.due_to(Act::Transfer, e.card, 0) > 0;
    if !transferred {
        ctx.draw(e.you, e.age(1))?;
    }
    Ok(())
}

/// You may return a card from your hand. If you do, draw and score a card of
/// value one higher than the card you return.
fn agriculture(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may return a card from your hand")? else { return Ok(()) };
    // "If you do": a karma may return it instead, or keep it from being returned (Figures).
    let returned = ctx.return_card(e.you, c)?;
    ctx.sentence(2)?;
    if returned {
        ctx.draw_and_score(e.you, value(Some(c)) + 1)?;
    }
    Ok(())
}

/// Meld the lowest card in your hand. Draw a {1}.
fn domestication(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &lowest(&ctx.hand(e.you)), false, "meld the lowest card in your hand")? {
        ctx.meld(e.you, c)?;
    }
    ctx.sentence(2)?;
    ctx.draw(e.you, e.age(1))?;
    Ok(())
}

/// You may meld any number of cards from your hand, each with [authority].
fn masonry_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let with = with_icon(&ctx.hand(e.you), Icon::Authority);
    let chosen = ctx.choose_cards(e.you, &with, 0, with.len(), "you may meld any number of cards with [authority] from your hand")?;
    ctx.meld_all(e.you, &chosen)?;
    Ok(())
}

/// If you have exactly three red cards on your board, claim the Monument achievement.
fn masonry_monument(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.pile_cards(e.you, Color::Red).len() == 3 {
        ctx.claim_special(e.you, Special::Monument)?;
    }
    Ok(())
}

/// Meld a card from your hand of a color not on your board.
fn clothing_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let on_board = ctx.colors_on_board(e.you);
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| !on_board.contains(&color(*c))).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "meld a card from your hand of a color not on your board")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// Draw and score a {1} for each color present on your board that no opponent has on their board.
fn clothing_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let opponents = ctx.opponents(e.you);
    let n = ctx.colors_on_board(e.you).into_iter().filter(|col| opponents.iter().all(|o| ctx.top(*o, *col).is_none())).count();
    for _ in 0..n {
        ctx.draw_and_score(e.you, e.age(1))?;
    }
    Ok(())
}

/// Draw and meld a {1}.
fn sailing(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(1))?;
    Ok(())
}

/// Draw two {1}.
fn the_wheel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_n(e.you, e.age(1), 2)?;
    Ok(())
}

/// You may return up to three cards from your hand. If you return any cards,
/// draw and score a card of value equal to the number of cards you return.
fn pottery_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), 0, 3, "you may return up to three cards from your hand")?;
    if chosen.is_empty() {
        return Ok(());
    }
    let returned = ctx.return_all(e.you, &chosen)?;
    if returned.is_empty() {
        return Ok(());
    }
    ctx.sentence(2)?;
    ctx.draw_and_score(e.you, returned.len() as u8)?;
    Ok(())
}

/// Draw a {1}.
fn pottery_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(1))?;
    Ok(())
}

/// You may return three cards from your hand. If you do, draw and meld a {3}.
fn tools_three(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Golden rule: with fewer than three cards the player returns what they
    // have, and "if you do" holds since that amounted to more than nothing.
    let hand = ctx.hand(e.you);
    if hand.is_empty() || !ctx.yes_no(e.you, "you may return three cards from your hand")? {
        return Ok(());
    }
    let n = hand.len().min(3);
    let chosen = ctx.choose_cards(e.you, &hand, n, n, "return three cards from your hand")?;
    if ctx.return_all(e.you, &chosen)?.is_empty() {
        return Ok(());
    }
    ctx.sentence(2)?;
    ctx.draw_and_meld(e.you, e.age(3))?;
    Ok(())
}

/// You may return a {3} from your hand. If you do, draw three {1}.
fn tools_one(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let threes = of_value(&ctx.hand(e.you), e.age(3));
    let why = format!("you may return {} from your hand", a_value(e.age(3)));
    if let Some(c) = ctx.choose_card(e.you, &threes, true, &why)? {
        if ctx.return_card(e.you, c)? {
            ctx.sentence(2)?;
            ctx.draw_n(e.you, e.age(1), 3)?;
        }
    }
    Ok(())
}

/// Draw a {2}.
fn writing(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(2))?;
    Ok(())
}

/// I demand you transfer a top card with [authority] from your board to my board
/// if you have four [authority] on your board! If you do, draw a {1}!
fn city_states_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // "Four [authority]" is read as at least four.
    if ctx.icons(e.you, Icon::Authority) < 4 {
        return Ok(());
    }
    let why = format!("transfer a top card with [authority] from your board to {}'s board", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &with_icon(&ctx.top_cards(e.you), Icon::Authority), false, &why)? {
        if ctx.transfer(e.you, c, Dest::Board(e.me))? {
            ctx.draw(e.you, e.age(1))?;
        }
    }
    Ok(())
}

/// You may tuck a card from your hand of the same color as any card on your
/// board. If you do, you may splay that color of your cards left.
fn code_of_laws(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let on_board = ctx.colors_on_board(e.you);
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| on_board.contains(&color(*c))).collect();
    let why = "you may tuck a card from your hand of the same color as any card on your board";
    if let Some(c) = ctx.choose_card(e.you, &cands, true, why)? {
        if ctx.tuck(e.you, c)? {
            ctx.sentence(2)?;
            ctx.may_splay(e.you, color(c), Splay::Left)?;
        }
    }
    Ok(())
}

/// Draw and reveal a {1}. If it is the same color as any card on your board, meld it and draw a {1}.
fn mysticism(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(1))?;
    ctx.sentence_on(2, &[c])?;
    if ctx.colors_on_board(e.you).contains(&color(c)) {
        ctx.meld(e.you, c)?;
        ctx.draw(e.you, e.age(1))?;
    }
    Ok(())
}

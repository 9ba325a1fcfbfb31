//! The base cards of age 5.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Coal", &[coal_tuck, coal_splay, coal_score]);
    r.card("The Pirate Code", &[the_pirate_code_demand, the_pirate_code]);
    r.card("Statistics", &[statistics_demand, statistics_splay]);
    r.card("Steam Engine", &[steam_engine]);
    r.card("Banking", &[banking_demand, banking_splay]);
    r.card("Measurement", &[measurement]);
    r.card("Chemistry", &[chemistry_splay, chemistry_score]);
    r.card("Physics", &[physics]);
    r.card("Astronomy", &[astronomy_meld, astronomy_universe]);
    r.card("Societies", &[societies_demand]);
}

/// Draw and tuck a {5}.
fn coal_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(5))?;
    Ok(())
}

/// You may splay your red cards right.
fn coal_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Red, Splay::Right)?;
    Ok(())
}

/// You may score one of your top cards. If you do, also score the card beneath it.
fn coal_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.top_cards(e.you), true, "you may score one of your top cards")? {
        if !ctx.score(e.you, c)? {
            return Ok(());
        }
        ctx.sentence(2)?;
        // The card beneath it is now the top card of that colour, if there is one.
        if let Some(beneath) = ctx.top(e.you, color(c)) {
            ctx.score(e.you, beneath)?;
        }
    }
    Ok(())
}

/// I demand you transfer two cards of value 4 or less from your score pile to my score pile!
fn the_pirate_code_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let low: Vec<CardId> = ctx.score_pile(e.you).into_iter().filter(|c| card(*c).age <= 4).collect();
    let why = format!("transfer two cards of value 4 or less from your score pile to {}'s score pile", ctx.name(e.me));
    let chosen = ctx.choose_cards(e.you, &low, 2, 2, &why)?;
    ctx.transfer_all(e.you, &chosen, Dest::Score(e.me))?;
    Ok(())
}

/// If any cards were transferred due to the demand, score the lowest top card
/// with [prosperity] from your board.
fn the_pirate_code(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // "The demand": The Pirate Code's demand effect during this action.
    let transferred = ctx.due_to(Act::Transfer, e.card, 0) > 0;
    if !transferred {
        return Ok(());
    }
    let lowest_with = lowest(&with_icon(&ctx.top_cards(e.you), Icon::Prosperity));
    if let Some(c) = ctx.choose_card(e.you, &lowest_with, false, "score the lowest top card with [prosperity] from your board")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// I demand you transfer all the cards of the value of my choice in your score pile to your hand!
fn statistics_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("choose a value: {} transfers all the cards of that value in their score pile to their hand", ctx.name(e.you));
    let Some(v) = ctx.choose_a_value(e.me, &why)? else { return Ok(()) };
    let cards = of_value(&ctx.score_pile(e.you), v);
    ctx.transfer_all(e.you, &cards, Dest::Hand(e.you))?;
    Ok(())
}

/// You may splay your yellow cards right.
fn statistics_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Yellow, Splay::Right)?;
    Ok(())
}

/// Draw and tuck two {4}. Score your bottom yellow card. If it is Steam
/// Engine, junk all cards in the {6} deck.
fn steam_engine(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(4))?;
    ctx.draw_and_tuck(e.you, e.age(4))?;
    ctx.sentence(2)?;
    if let Some(b) = ctx.bottom(e.you, Color::Yellow) {
        // "It" is the card scored: executed alone, the third sentence has none.
        let scored = ctx.score(e.you, b)?;
        ctx.sentence(3)?;
        if scored && b == e.card {
            ctx.junk_deck(e.you, e.age(6))?;
        }
    }
    Ok(())
}

/// I demand you transfer a top non-green card with [industry] from your board
/// to my board. If you do, draw and score a {5}!
fn banking_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = with_icon(&ctx.top_cards(e.you), Icon::Industry).into_iter().filter(|c| color(*c) != Color::Green).collect();
    let why = format!("transfer a top non-green card with [industry] from your board to {}'s board", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        // "You" of a demand: the player who transferred draws and scores.
        if ctx.transfer(e.you, c, Dest::Board(e.me))? {
            ctx.draw_and_score(e.you, e.age(5))?;
        }
    }
    Ok(())
}

/// You may splay your green cards right.
fn banking_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Green, Splay::Right)?;
    Ok(())
}

/// You may reveal and return a card from your hand. If you do, splay that
/// color of your cards right, and draw a card of value equal to the number of
/// cards of that color on your board.
fn measurement(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = "you may reveal and return a card from your hand";
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, why)? else { return Ok(()) };
    ctx.reveal(e.you, c)?;
    if !ctx.return_card(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    // The draw happens even if the colour could not be splayed (fewer than two cards);
    // with no card of that colour the value is 0, which draws a 1.
    ctx.splay(e.you, color(c), Splay::Right)?;
    let n = ctx.pile_cards(e.you, color(c)).len();
    ctx.draw(e.you, n as u8)?;
    Ok(())
}

/// You may splay your blue cards right.
fn chemistry_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Blue, Splay::Right)?;
    Ok(())
}

/// Draw and score a card of value one higher than the highest top card on your
/// board and then return a card from your score pile.
fn chemistry_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let highest_top = value(highest(&ctx.top_cards(e.you)).first().copied());
    ctx.draw_and_score(e.you, highest_top + 1)?;
    if let Some(c) = ctx.choose_card(e.you, &ctx.score_pile(e.you), false, "return a card from your score pile")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Draw three {6} and reveal them. If at least two of the drawn cards are the
/// same color, return all cards in your hand.
fn physics(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_n(e.you, e.age(6), 3)?;
    for &c in &drawn {
        ctx.reveal(e.you, c)?;
    }
    ctx.sentence_on(2, &drawn)?;
    let same_color = drawn.iter().enumerate().any(|(i, c)| drawn[..i].iter().any(|d| color(*d) == color(*c)));
    if same_color {
        let hand = ctx.hand(e.you);
        ctx.return_all(e.you, &hand)?;
    }
    Ok(())
}

/// Draw and reveal a {6}. If the card is green or blue, meld it and repeat this effect.
fn astronomy_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_reveal(e.you, e.age(6))?;
        ctx.sentence_on(2, &[c])?;
        if !matches!(color(c), Color::Green | Color::Blue) {
            return Ok(());
        }
        ctx.meld(e.you, c)?;
    }
}

/// If all non-purple top cards on your board are value {6} or higher, claim
/// the Universe achievement.
fn astronomy_universe(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let non_purple: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Purple).collect();
    // An if-clause must amount to more than nothing: with no non-purple top card, nothing is claimed.
    if !non_purple.is_empty() && non_purple.iter().all(|c| card(*c).age >= e.age(6)) {
        ctx.claim_special(e.you, Special::Universe)?;
    }
    Ok(())
}

/// I demand you transfer a top card with [concept] higher than my top card of
/// the same color from your board to my board! If you do, draw an {5}!
fn societies_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Against a colour I don't have, my top card's value is 0: any such card is higher.
    let cands: Vec<CardId> =
        with_icon(&ctx.top_cards(e.you), Icon::Concept).into_iter().filter(|c| card(*c).age > value(ctx.top(e.me, color(*c)))).collect();
    let why = format!("transfer a top card with [concept] higher than {}'s top card of the same color to their board", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        if ctx.transfer(e.you, c, Dest::Board(e.me))? {
            ctx.draw(e.you, e.age(5))?;
        }
    }
    Ok(())
}

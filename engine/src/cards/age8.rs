//! The base cards of age 8.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Flight", &[flight_any_color, flight_red]);
    r.card("Mobility", &[mobility_demand]);
    r.card("Antibiotics", &[antibiotics]);
    r.card("Skyscrapers", &[skyscrapers_demand]);
    r.card("Corporations", &[corporations_demand, corporations]);
    r.card("Mass Media", &[mass_media_return, mass_media_splay]);
    r.card("Quantum Theory", &[quantum_theory]);
    r.card("Rocketry", &[rocketry]);
    r.card("Empiricism", &[empiricism_draw, empiricism_win]);
    r.card("Socialism", &[socialism_tuck, socialism_junk]);
}

/// If your red cards are splayed up, you may splay any one color of your cards up.
fn flight_any_color(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.splay_of(e.you, Color::Red) == Splay::Up {
        ctx.may_splay_one_of(e.you, &Color::ALL, Splay::Up)?;
    }
    Ok(())
}

/// You may splay your red cards up.
fn flight_red(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Red, Splay::Up)?;
    Ok(())
}

/// The two highest of `cands`, chosen by `p` among tied cards.
fn two_highest(ctx: &mut Ctx, p: PlayerId, cands: &[CardId], why: &str) -> Res<Vec<CardId>> {
    let top = highest(cands);
    if top.len() >= 2 {
        return ctx.choose_cards(p, &top, 2, 2, why);
    }
    let mut out = top;
    let rest: Vec<CardId> = cands.iter().copied().filter(|c| !out.contains(c)).collect();
    if !out.is_empty() {
        out.extend(ctx.choose_card(p, &highest(&rest), false, why)?);
    }
    Ok(out)
}

/// I demand you transfer your two highest non-red top cards without [industry]
/// to my score pile! If you transfer any cards, draw an {8}!
fn mobility_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> =
        ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Red && !has_icon(*c, Icon::Industry)).collect();
    // Both cards are picked among the top cards as they are before either moves.
    let why = format!("transfer your two highest non-red top cards without [industry] to {}'s score pile", ctx.name(e.me));
    let chosen = two_highest(ctx, e.you, &cands, &why)?;
    if !ctx.transfer_all(e.you, &chosen, Dest::Score(e.me))?.is_empty() {
        ctx.draw(e.you, e.age(8))?;
    }
    Ok(())
}

/// You may return up to three cards from your hand. For every different value
/// of card that you return, draw two {8}.
fn antibiotics(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), 0, 3, "you may return up to three cards from your hand")?;
    ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    let mut values: Vec<u8> = chosen.iter().map(|c| card(*c).age).collect();
    values.sort();
    values.dedup();
    for _ in values {
        ctx.draw_n(e.you, e.age(8), 2)?;
    }
    Ok(())
}

/// I demand you transfer a top non-yellow card with [efficiency] from your
/// board to my board! If you do, score the card beneath it, return all your
/// other cards of that color, and transfer Skyscrapers to my hand if it is a top card!
fn skyscrapers_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> =
        ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Yellow && has_icon(*c, Icon::Efficiency)).collect();
    let why = format!("transfer a top non-yellow card with [efficiency] from your board to {}'s board", ctx.name(e.me));
    let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? else { return Ok(()) };
    let col = color(c);
    if !ctx.transfer(e.you, c, Dest::Board(e.me))? {
        return Ok(());
    }
    if let Some(beneath) = ctx.top(e.you, col) {
        ctx.score(e.you, beneath)?;
    }
    let others = ctx.pile_cards(e.you, col);
    ctx.return_all(e.you, &others)?;
    // "If it is a top card": on any board.
    if crate::turn::is_top_card(ctx.st, e.card) {
        ctx.transfer(e.you, e.card, Dest::Hand(e.me))?;
    }
    Ok(())
}

/// I demand you transfer a top non-green card with [industry] from your board
/// to my score pile! If you do, draw and meld an {8}!
fn corporations_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> =
        ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Green && has_icon(*c, Icon::Industry)).collect();
    let why = format!("transfer a top non-green card with [industry] from your board to {}'s score pile", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        if ctx.transfer(e.you, c, Dest::Score(e.me))? {
            ctx.draw_and_meld(e.you, e.age(8))?;
        }
    }
    Ok(())
}

/// Draw and meld an {8}.
fn corporations(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(8))?;
    Ok(())
}

/// You may return a card from your hand. If you do, choose a value, and return
/// all cards of that value from all score piles.
fn mass_media_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may return a card from your hand")? else { return Ok(()) };
    if !ctx.return_card(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    let Some(v) = ctx.choose_a_value(e.you, "choose a value: all cards of that value are returned from all score piles")? else {
        return Ok(());
    };
    let cards: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|p| of_value(&ctx.score_pile(p), v)).collect();
    ctx.return_all(e.you, &cards)?;
    Ok(())
}

/// You may splay your purple cards up.
fn mass_media_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Purple, Splay::Up)?;
    Ok(())
}

/// You may return up to two cards from your hand. If you return two, draw a
/// {10} and then draw and score a {10}.
fn quantum_theory(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), 0, 2, "you may return up to two cards from your hand")?;
    let returned = ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    if returned.len() == 2 {
        ctx.draw(e.you, e.age(10))?;
        ctx.draw_and_score(e.you, e.age(10))?;
    }
    Ok(())
}

/// Return a card in any opponent's score pile for every two [efficiency] on your board.
fn rocketry(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.icons(e.you, Icon::Efficiency) / 2;
    let cands: Vec<CardId> = ctx.opponents(e.you).into_iter().flat_map(|o| ctx.score_pile(o)).collect();
    let why = format!("return {n} card{} from your opponents' score piles", if n == 1 { "" } else { "s" });
    let chosen = ctx.choose_backs(e.you, &cands, n, n, &why)?;
    ctx.return_all(e.you, &chosen)?;
    Ok(())
}

/// Choose two colors, then draw and reveal a {9}. If the drawn card is one of
/// those colors, meld it and splay your cards of that color up, otherwise
/// unsplay that color.
fn empiricism_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_colors(e.you, &Color::ALL, 2, 2, "choose two colors")?;
    let c = ctx.draw_and_reveal(e.you, e.age(9))?;
    ctx.sentence_on(2, &[c])?;
    let col = color(c);
    if chosen.contains(&col) {
        ctx.meld(e.you, c)?;
        ctx.splay(e.you, col, Splay::Up)?;
    } else {
        // "That color" is the drawn card's color; the card stays in the hand.
        ctx.unsplay(e.you, col)?;
    }
    Ok(())
}

/// If you have at least twenty [concept] on your board, you win.
fn empiricism_win(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.icons(e.you, Icon::Concept) >= 20 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// You may tuck a top card from your board. If you do, tuck all cards from your hand.
fn socialism_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.top_cards(e.you), true, "you may tuck a top card from your board")? {
        if ctx.tuck(e.you, c)? {
            ctx.sentence(2)?;
            ctx.tuck_all(e.you, &ctx.hand(e.you))?;
        }
    }
    Ok(())
}

/// You may junk an available achievement of value {8}, {9}, or {10}.
fn socialism_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let values = [e.age(8), e.age(9), e.age(10)];
    let why = format!("you may junk an available achievement of value {}, {}, or {}", values[0], values[1], values[2]);
    ctx.junk_an_available_achievement(e.you, &values, true, &why)?;
    Ok(())
}

//! The base cards of age 11.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Astrogeology", &[astrogeology_splay, astrogeology_win]);
    r.card("Fusion", &[fusion]);
    r.card("Near-Field Comm", &[near_field_comm_demand, near_field_comm]);
    r.card("Reclamation", &[reclamation]);
    r.card("Hypersonics", &[hypersonics_demand]);
    r.card("Space Traffic", &[space_traffic]);
    r.card("Climatology", &[climatology_demand, climatology]);
    r.card("Solar Sailing", &[solar_sailing]);
    r.card("Escapism", &[escapism]);
    r.card("Whataboutism", &[whataboutism_demand]);
}

/// Draw and reveal an {11}. Splay its color on your board aslant. If you do,
/// transfer all but your top four cards of that color into your hand.
fn astrogeology_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(11))?;
    ctx.sentence_on(2, &[c])?;
    let col = color(c);
    if ctx.splay(e.you, col, Splay::Aslant)? {
        ctx.sentence(3)?;
        let below: Vec<CardId> = ctx.pile_cards(e.you, col).into_iter().skip(4).collect();
        ctx.transfer_all(e.you, &below, Dest::Hand(e.you))?;
    }
    Ok(())
}

/// If you have at least eight cards in your hand, you win.
fn astrogeology_win(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.hand(e.you).len() >= 8 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Score a top card of value {11} on your board. If you do, choose a value one
/// or two lower than the scored card, then repeat this dogma effect using the
/// chosen value.
fn fusion(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut v = e.age(11);
    loop {
        ctx.sentence(1)?;
        let cands = of_value(&ctx.top_cards(e.you), v);
        let Some(c) = ctx.choose_card(e.you, &cands, false, &format!("score a top card of value {v} on your board"))? else {
            return Ok(());
        };
        if !ctx.score(e.you, c)? {
            return Ok(());
        }
        ctx.sentence(2)?;
        // Only values from 1 up exist: after scoring a 1 there is none to choose.
        let lower: Vec<u8> = [1u8, 2].iter().filter(|d| value(Some(c)) > **d).map(|d| value(Some(c)) - d).collect();
        let Some(next) = ctx.choose_value(e.you, &lower, "choose a value one or two lower than the scored card")? else {
            return Ok(());
        };
        v = next;
    }
}

/// I demand you transfer all the cards of the value of my choice from your
/// score pile to my score pile!
fn near_field_comm_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("choose a value: {} transfers all cards of that value from their score pile to yours", ctx.name(e.you));
    let Some(v) = ctx.choose_a_value(e.me, &why)? else { return Ok(()) };
    let cards = of_value(&ctx.score_pile(e.you), v);
    ctx.transfer_all(e.you, &cards, Dest::Score(e.me))?;
    Ok(())
}

/// Reveal and self-execute the highest card in your score pile.
fn near_field_comm(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = "reveal and self-execute the highest card in your score pile";
    if let Some(c) = ctx.choose_card(e.you, &highest(&ctx.score_pile(e.you)), false, why)? {
        ctx.reveal(e.you, c)?;
        ctx.self_execute(e.you, c)?;
    }
    Ok(())
}

/// Return your three bottom red cards. Draw and meld a card of value equal to
/// half the total sum value of the returned cards, rounded up. If you returned
/// three cards, repeat this effect using the color of the melded card.
fn reclamation(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut col = Color::Red;
    loop {
        ctx.sentence(1)?;
        // Fewer than three cards of the colour: all of them are returned (golden rule).
        let bottoms: Vec<CardId> = ctx.pile_cards(e.you, col).into_iter().rev().take(3).collect();
        let returned = ctx.return_all(e.you, &bottoms)?;
        ctx.sentence(2)?;
        let sum: u32 = returned.iter().map(|c| card(*c).age as u32).sum();
        let melded = ctx.draw_and_meld(e.you, sum.div_ceil(2) as u8)?;
        ctx.sentence(3)?;
        if returned.len() < 3 {
            return Ok(());
        }
        col = color(melded);
    }
}

/// I demand you return exactly two top cards of different color from your board
/// of the same value! If you do, return all cards of that value or less in your
/// hand and score pile!
fn hypersonics_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops = ctx.top_cards(e.you);
    // Top cards are each of a different colour; a pair needs two of one value.
    let mut values: Vec<u8> = tops.iter().map(|c| card(*c).age).filter(|v| of_value(&tops, *v).len() >= 2).collect();
    values.sort();
    values.dedup();
    let Some(v) = ctx.choose_value(e.you, &values, "choose the value of the two top cards to return")? else {
        return Ok(());
    };
    let pair = ctx.choose_cards(e.you, &of_value(&tops, v), 2, 2, "return exactly two top cards of the same value")?;
    if ctx.return_all(e.you, &pair)?.is_empty() {
        return Ok(());
    }
    let mut rest: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| card(*c).age <= v).collect();
    rest.extend(ctx.score_pile(e.you).into_iter().filter(|c| card(*c).age <= v));
    ctx.return_all(e.you, &rest)?;
    Ok(())
}

/// Draw and tuck an {11}. If you tucked directly under an {11}, you lose. Score
/// all but your top five cards of the color of the tucked card, and splay that
/// color aslant, and if you do not have the highest score, repeat this effect.
fn space_traffic(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_tuck(e.you, e.age(11))?;
        ctx.sentence_on(2, &[c])?;
        let col = color(c);
        // The card directly above the tucked card is the second from the bottom.
        let pile = ctx.pile_cards(e.you, col);
        if pile.len() >= 2 && value(Some(pile[pile.len() - 2])) == e.age(11) {
            ctx.lose(e.you)?;
            return Ok(());
        }
        ctx.sentence_on(3, &[c])?;
        let below: Vec<CardId> = pile.into_iter().skip(5).collect();
        ctx.score_all(e.you, &below)?;
        ctx.splay(e.you, col, Splay::Aslant)?;
        // Tied for the highest score is having the highest score.
        let mine = ctx.score_total(e.you);
        if ctx.others(e.you).iter().all(|o| ctx.score_total(*o) <= mine) {
            return Ok(());
        }
    }
}

/// I demand you return two top cards from your board each with the icon of my
/// choice other than [health]!
fn climatology_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let icons: Vec<Icon> = Icon::STANDARD.into_iter().filter(|i| *i != Icon::Health).collect();
    let why = format!("choose an icon: {} returns two top cards with it", ctx.name(e.you));
    let Some(icon) = ctx.choose_icon(e.me, &icons, &why)? else { return Ok(()) };
    let cands = with_icon(&ctx.top_cards(e.you), icon);
    let chosen = ctx.choose_cards(e.you, &cands, 2, 2, &format!("return two top cards with [{icon}] from your board"))?;
    ctx.return_all(e.you, &chosen)?;
    Ok(())
}

/// Return a top card from your board. Return all cards in your score pile of
/// equal or higher value than the top card.
fn climatology(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let top = ctx.choose_card(e.you, &ctx.top_cards(e.you), false, "return a top card from your board")?;
    if let Some(c) = top {
        ctx.return_card(e.you, c)?;
    }
    ctx.sentence(2)?;
    // Without a top card to return its value is 0: every card is of equal or higher value.
    let v = value(top);
    let cards: Vec<CardId> = ctx.score_pile(e.you).into_iter().filter(|c| card(*c).age >= v).collect();
    ctx.return_all(e.you, &cards)?;
    Ok(())
}

/// Draw and meld an {11}. If its color is not splayed aslant on your board,
/// return all but your top four cards of that color, and splay that color
/// aslant. If there are at least six cards of that color on your board, you win.
fn solar_sailing(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(11))?;
    ctx.sentence_on(2, &[c])?;
    let col = color(c);
    if ctx.splay_of(e.you, col) != Splay::Aslant {
        let below: Vec<CardId> = ctx.pile_cards(e.you, col).into_iter().skip(4).collect();
        ctx.return_all(e.you, &below)?;
        ctx.splay(e.you, col, Splay::Aslant)?;
    }
    ctx.sentence_on(3, &[c])?;
    if ctx.pile_cards(e.you, col).len() >= 6 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Reveal and junk a card in your hand. Return from your hand all cards of value
/// equal to the value of the junked card. Draw three cards of that value.
/// Self-execute the junked card.
fn escapism(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let junked = ctx.choose_card(e.you, &ctx.hand(e.you), false, "reveal and junk a card in your hand")?;
    if let Some(c) = junked {
        ctx.reveal(e.you, c)?;
        ctx.junk(e.you, c)?;
    }
    ctx.sentence(2)?;
    // With an empty hand nothing is junked: its value is 0, and a 0 is drawn as a 1 (rulebook, Draw).
    let v = value(junked);
    let same = of_value(&ctx.hand(e.you), v);
    ctx.return_all(e.you, &same)?;
    ctx.sentence(3)?;
    ctx.draw_n(e.you, v, 3)?;
    ctx.sentence(4)?;
    if let Some(c) = junked {
        ctx.self_execute(e.you, c)?;
    }
    Ok(())
}

/// I demand you transfer a top card with a demand effect of each color from your
/// board to my board! If you transfer any cards, exchange all cards in your score
/// pile with all cards in my score pile!
fn whataboutism_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // One card of each colour: the top cards with a demand effect when the demand begins.
    let cards: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| card(*c).has_demand()).collect();
    if !ctx.transfer_all(e.you, &cards, Dest::Board(e.me))?.is_empty() {
        let (yours, mine) = (ctx.score_pile(e.you), ctx.score_pile(e.me));
        ctx.exchange(e.you, &yours, Dest::Score(e.me), &mine, Dest::Score(e.you))?;
    }
    Ok(())
}

//! The Echoes cards of age 9.

use crate::cards::prelude::*;
use crate::ctx::Cause;

pub fn register(r: &mut Registry) {
    r.card("Helicopter", &[helicopter]);
    r.echo_card("Jet", jet_echo, &[jet_demand, jet]);
    r.echo_card("ATM", atm_echo, &[atm_demand, atm_splay, atm_junk]);
    r.echo_card("Wristwatch", wristwatch_echo, &[wristwatch_return, wristwatch_meld]);
    r.echo_card("Credit Card", credit_card_echo, &[credit_card_transfer, credit_card_splay]);
    r.echo_card("Email", email_echo, &[email_foreshadow, email_execute]);
    r.card("Calculator", &[calculator_score, calculator_splay]);
    r.card("Laser", &[laser_return, laser_draw]);
    r.echo_card("Karaoke", karaoke_echo, &[karaoke_transfer, karaoke_claim]);
    r.card("Rock", &[rock_demand, rock]);
}

/// The card `p` last melded due to `c`'s echo effect during this action (Jet, Karaoke), if any.
fn last_melded_by_echo(ctx: &Ctx, p: PlayerId, c: CardId) -> Option<CardId> {
    ctx.trace.iter().rev().find(|h| h.act == Act::Meld && h.by == p && h.cause == Cause::Echo(c)).and_then(|h| h.card)
}

/// Transfer a top card other than Helicopter from any player's board to its owner's score pile.
/// You may return a card from your hand which shares an icon type with the transferred card. If
/// you do, repeat this effect.
fn helicopter(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let tops: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|q| ctx.top_cards(q)).filter(|c| *c != e.card).collect();
        let why = "transfer a top card other than Helicopter from any player's board to its owner's score pile";
        let Some(t) = ctx.choose_card(e.you, &tops, false, why)? else { return Ok(()) };
        if let Some(Zone::Pile(owner, _)) = ctx.st.locate(t) {
            ctx.transfer(e.you, t, Dest::Score(owner))?;
        }
        ctx.sentence_on(2, &[t])?;
        // An icon type is a standard icon (card images and bonuses are not icon types).
        let types: Vec<Icon> = card(t).slots.iter().filter_map(|s| s.icon()).collect();
        let sharing: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| types.iter().any(|i| has_icon(*c, *i))).collect();
        let why = format!("you may return a card from your hand which shares an icon type with {}", card(t).title);
        let returned = match ctx.choose_card(e.you, &sharing, true, &why)? {
            Some(c) => ctx.return_card(e.you, c)?,
            None => false,
        };
        ctx.sentence(3)?;
        if !returned {
            return Ok(());
        }
    }
}

/// Meld a card from your hand.
fn jet_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "meld a card from your hand")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// I demand you return your top card of the last color I melded due to Jet's echo effect during
/// this action! Junk all available achievements of values equal to the melded card and the
/// returned card!
fn jet_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // With nothing melded by Jet's echo there is no colour and no melded card: nothing happens.
    let Some(melded) = last_melded_by_echo(ctx, e.me, e.card) else { return Ok(()) };
    let returned = match ctx.top(e.you, color(melded)) {
        Some(c) if ctx.return_card(e.you, c)? => Some(c),
        _ => None,
    };
    // The melded card's value is junked even when nothing was returned (the golden rule).
    let values: Vec<u8> = [Some(melded), returned].into_iter().flatten().map(|c| card(c).age).collect();
    let junked: Vec<CardId> = ctx.available_achievements().into_iter().filter(|c| values.contains(&card(*c).age)).collect();
    for c in junked {
        ctx.junk_achievement(e.you, c)?;
    }
    Ok(())
}

/// Draw and foreshadow a {10}.
fn jet(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_foreshadow(e.you, e.age(10))?;
    Ok(())
}

/// Draw and score a card of any value.
fn atm_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(v) = ctx.choose_a_value(e.you, "draw and score a card of any value: choose the value")? {
        ctx.draw_and_score(e.you, v)?;
    }
    Ok(())
}

/// I demand you transfer your highest top non-yellow card without [prosperity] to my board!
fn atm_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<CardId> =
        ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Yellow && !has_icon(*c, Icon::Prosperity)).collect();
    let why = format!("transfer your highest top non-yellow card without [prosperity] to {}'s board", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &highest(&tops), false, &why)? {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    Ok(())
}

/// You may splay your purple cards up.
fn atm_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Purple, Splay::Up)?;
    Ok(())
}

/// Junk all cards in the {10} deck.
fn atm_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.junk_deck(e.you, e.age(10))
}

/// Tuck a top card from your board.
fn wristwatch_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.top_cards(e.you), false, "tuck a top card from your board")? {
        ctx.tuck(e.you, c)?;
    }
    Ok(())
}

/// If Wristwatch was foreseen, return all non-bottom cards from your board.
fn wristwatch_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        let non_bottom: Vec<CardId> =
            Color::ALL.into_iter().flat_map(|col| ctx.st.pile(e.you, col).cards.iter().skip(1).copied().collect::<Vec<_>>()).collect();
        ctx.return_all(e.you, &non_bottom)?;
    }
    Ok(())
}

/// For each bonus on your board, draw and meld a card of that value, in ascending order.
fn wristwatch_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The bonuses visible when the effect begins, lowest first.
    let mut bonuses = ctx.bonuses(e.you);
    bonuses.reverse();
    for b in bonuses {
        ctx.draw_and_meld(e.you, b)?;
    }
    Ok(())
}

/// Draw and foreshadow a {9}.
fn credit_card_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_foreshadow(e.you, e.age(9))?;
    Ok(())
}

/// You may transfer a top non-green card from your board to your hand. If you do, draw and score
/// a card of equal value. If you do, and Credit Card was foreseen, repeat this effect.
fn credit_card_transfer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let tops: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Green).collect();
        let moved = match ctx.choose_card(e.you, &tops, true, "you may transfer a top non-green card from your board to your hand")? {
            Some(c) if ctx.transfer(e.you, c, Dest::Hand(e.you))? => Some(c),
            _ => None,
        };
        ctx.sentence(2)?;
        let Some(moved) = moved else { return Ok(()) };
        let scored = ctx.draw_and(e.you, card(moved).age, Ctx::score)?.done;
        ctx.sentence(3)?;
        if !scored || !ctx.foreseen(e) {
            return Ok(());
        }
    }
}

/// You may splay your green cards up.
fn credit_card_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Green, Splay::Up)?;
    Ok(())
}

/// Draw and foreshadow a {10}.
fn email_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_foreshadow(e.you, e.age(10))?;
    Ok(())
}

/// Draw and foreshadow a {9}. If Email was foreseen, draw and foreshadow an {11}
fn email_foreshadow(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_foreshadow(e.you, e.age(9))?;
    ctx.sentence(2)?;
    if ctx.foreseen(e) {
        ctx.draw_and_foreshadow(e.you, e.age(11))?;
    }
    Ok(())
}

/// Self-execute your lowest non-green top card.
fn email_execute(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Green).collect();
    if let Some(c) = ctx.choose_card(e.you, &lowest(&tops), false, "self-execute your lowest non-green top card")? {
        ctx.self_execute(e.you, c)?;
    }
    Ok(())
}

/// Score two bottom non-blue cards of different color on your board. If you score two and they
/// have a total value less than 12, draw a card of that total value and repeat this effect (once
/// only).
fn calculator_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for round in 0..2 {
        ctx.sentence(1)?;
        // One bottom card per colour: any two are of different colours.
        let bottoms: Vec<CardId> = Color::ALL.into_iter().filter(|c| *c != Color::Blue).filter_map(|c| ctx.bottom(e.you, c)).collect();
        let two = ctx.choose_cards(e.you, &bottoms, 2, 2, "score two bottom non-blue cards of different color on your board")?;
        let scored = ctx.score_all(e.you, &two)?;
        ctx.sentence(2)?;
        let total: u8 = scored.iter().map(|c| card(*c).age).sum();
        if scored.len() < 2 || total >= 12 {
            return Ok(());
        }
        ctx.draw(e.you, total)?;
        // The repeat draws too when its two make less than 12, and is not repeated again.
        if round == 1 {
            return Ok(());
        }
    }
    Ok(())
}

/// You may splay your blue cards up.
fn calculator_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Blue, Splay::Up)?;
    Ok(())
}

/// Return four cards from your score pile. Return all available standard achievements.
fn laser_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let four = ctx.choose_cards(e.you, &ctx.score_pile(e.you), 4, 4, "return four cards from your score pile")?;
    ctx.return_all(e.you, &four)?;
    ctx.sentence(2)?;
    ctx.return_all(e.you, &ctx.available_achievements())?;
    Ok(())
}

/// Draw and foreshadow an {11}. Draw and meld a {10}. If Laser was foreseen, draw and meld an {11}.
fn laser_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_foreshadow(e.you, e.age(11))?;
    ctx.sentence(2)?;
    ctx.draw_and_meld(e.you, e.age(10))?;
    ctx.sentence(3)?;
    if ctx.foreseen(e) {
        ctx.draw_and_meld(e.you, e.age(11))?;
    }
    Ok(())
}

/// Draw and meld a card of a value present in your hand.
fn karaoke_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut present: Vec<u8> = ctx.hand(e.you).iter().map(|c| card(*c).age).collect();
    present.sort_unstable();
    present.dedup();
    if let Some(v) = ctx.choose_value(e.you, &present, "draw and meld a card of a value present in your hand")? {
        ctx.draw_and_meld(e.you, v)?;
    }
    Ok(())
}

/// Transfer your bottom card of each color to your hand.
fn karaoke_transfer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let bottoms: Vec<CardId> = Color::ALL.into_iter().filter_map(|c| ctx.bottom(e.you, c)).collect();
    ctx.transfer_all(e.you, &bottoms, Dest::Hand(e.you))?;
    Ok(())
}

/// Claim an available achievement of value equal to the card you last melded due to Karaoke's echo
/// effect during this action, regardless of eligibility. If you do, self-execute the melded card.
fn karaoke_claim(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Nothing melded by Karaoke's echo: no value to match, nothing is claimed.
    let Some(melded) = last_melded_by_echo(ctx, e.you, e.card) else { return Ok(()) };
    let v = card(melded).age;
    let of_v = of_value(&ctx.available_achievements(), v);
    let why = format!("claim an available achievement of value {v}");
    let mut claimed = false;
    if let Some(a) = ctx.choose_backs(e.you, &of_v, 1, 1, &why)?.first().copied() {
        claimed = ctx.claim_achievement(e.you, a)?;
    }
    ctx.sentence(2)?;
    if claimed {
        ctx.self_execute(e.you, melded)?;
    }
    Ok(())
}

/// I demand you transfer your top green card to my hand! If Scissors is your new top green card,
/// I win!
fn rock_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(green) = ctx.top(e.you, Color::Green) else { return Ok(()) };
    // "Your new top green card": only after the transfer.
    if ctx.transfer(e.you, green, Dest::Hand(e.me))? && ctx.top(e.you, Color::Green).is_some_and(|c| card(c).title == "Scissors") {
        return Err(ctx.win(e.me));
    }
    Ok(())
}

/// You may score a top card from your board. If Paper is your top green card, you win.
fn rock(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.top_cards(e.you), true, "you may score a top card from your board")? {
        ctx.score(e.you, c)?;
    }
    ctx.sentence(2)?;
    if ctx.top(e.you, Color::Green).is_some_and(|c| card(c).title == "Paper") {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

//! The Echoes cards of age 5.

use super::age1::may_junk_deck;
use crate::card::Slot;
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.echo_card("Coke", coke_echo, &[coke, coke_foreseen]);
    r.card("Octant", &[octant_demand, octant]);
    r.card("Pressure Cooker", &[pressure_cooker_foreseen, pressure_cooker]);
    r.echo_card("Stove", stove_echo, &[stove, stove_splay]);
    r.card("Palampore", &[palampore, palampore_splay, palampore_wealth]);
    r.card("Seed Drill", &[seed_drill_demand, seed_drill]);
    r.echo_card("Lightning Rod", lightning_rod_echo, &[lightning_rod_demand, lightning_rod_return, lightning_rod_junk]);
    r.echo_card("Thermometer", thermometer_echo, &[thermometer]);
    r.echo_card("Piano", piano_echo, &[piano]);
    r.echo_card("Tuning Fork", tuning_fork_echo, &[tuning_fork]);
}

/// Draw and tuck a {4}.
fn coke_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(4))?;
    Ok(())
}

/// Draw and reveal a {6}. If it has [industry], meld it and repeat this effect. Otherwise, foreshadow it.
fn coke(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_reveal(e.you, e.age(6))?;
        ctx.sentence_on(2, &[c])?;
        if has_icon(c, Icon::Industry) {
            ctx.meld(e.you, c)?;
            continue;
        }
        ctx.sentence_on(3, &[c])?;
        ctx.foreshadow(e.you, c)?;
        return Ok(());
    }
}

/// If Coke was foreseen, score your top card of each non-red color.
fn coke_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        let tops: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Red).collect();
        ctx.score_all(e.you, &tops)?;
    }
    Ok(())
}

/// I demand you transfer your top card with [health] or [industry] of each non-red color to my board! If you do, and Octant wasn't foreseen, draw and foreshadow a {6}!
fn octant_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<CardId> = ctx
        .top_cards(e.you)
        .into_iter()
        .filter(|c| color(*c) != Color::Red && (has_icon(*c, Icon::Health) || has_icon(*c, Icon::Industry)))
        .collect();
    let transferred = ctx.transfer_all(e.you, &tops, Dest::Board(e.me))?;
    if !transferred.is_empty() && !ctx.foreseen(e) {
        ctx.draw_and_foreshadow(e.you, e.age(6))?;
    }
    Ok(())
}

/// Draw and foreshadow a {6}.
fn octant(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_foreshadow(e.you, e.age(6))?;
    Ok(())
}

/// If Pressure Cooker was foreseen, meld all cards from your hand.
fn pressure_cooker_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        let hand = ctx.hand(e.you);
        ctx.meld_all(e.you, &hand)?;
    }
    Ok(())
}

/// Return all cards from your hand. For each top card of different color on your board with a bonus, both draw a card and junk an available achievement of value equal to that bonus.
fn pressure_cooker(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    ctx.return_all(e.you, &hand)?;
    ctx.sentence(2)?;
    // Each top card's own bonus (no card prints two), read before anything is drawn.
    let bonuses: Vec<u8> = ctx
        .top_cards(e.you)
        .into_iter()
        .filter_map(|c| card(c).slots.iter().find_map(|s| if let Slot::Bonus(b) = s { Some(*b) } else { None }))
        .collect();
    for b in bonuses {
        ctx.draw(e.you, b)?;
        ctx.junk_an_available_achievement(e.you, &[b], false, &format!("junk an available achievement of value {b}"))?;
    }
    Ok(())
}

/// Score a top card from your board without [industry].
fn stove_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !has_icon(*c, Icon::Industry)).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score a top card from your board without [industry]")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Draw and tuck a {4}. If your top card of the tucked card's color has value less than {4}, draw and score a {4}.
fn stove(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_tuck(e.you, e.age(4))?;
    ctx.sentence_on(2, &[c])?;
    if let Some(t) = ctx.top(e.you, color(c)) {
        if card(t).age < e.age(4) {
            ctx.draw_and_score(e.you, e.age(4))?;
        }
    }
    Ok(())
}

/// You may splay your green cards right.
fn stove_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Green, Splay::Right)?;
    Ok(())
}

/// Draw and score a card of value equal to a bonus that occurs more than once on your board, if there is one.
fn palampore(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let bonuses = ctx.bonuses(e.you);
    let twice: Vec<u8> = bonuses.iter().copied().filter(|b| bonuses.iter().filter(|x| *x == b).count() > 1).collect();
    let why = "choose a bonus that occurs more than once on your board: draw and score a card of its value";
    if let Some(v) = ctx.choose_value(e.you, &twice, why)? {
        ctx.draw_and_score(e.you, v)?;
    }
    Ok(())
}

/// You may splay your purple cards right.
fn palampore_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Purple, Splay::Right)?;
    Ok(())
}

/// If you have at least six bonuses on your board, claim the Wealth achievement.
fn palampore_wealth(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.bonuses(e.you).len() >= 6 {
        ctx.claim_special(e.you, Special::Wealth)?;
    }
    Ok(())
}

/// I demand you return a top card from your board of value less than 3!
fn seed_drill_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| card(*c).age < 3).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "return a top card from your board of value less than 3")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Choose the {3}, {4}, or {5} deck. You may junk all cards in the chosen deck. If you do, achieve the highest card in the junk if eligible.
fn seed_drill(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("choose the {}, {}, or {} deck", e.age(3), e.age(4), e.age(5));
    let v = ctx.choose_value(e.you, &[e.age(3), e.age(4), e.age(5)], &why)?;
    ctx.sentence(2)?;
    let Some(v) = v else { return Ok(()) };
    // An empty deck has nothing to junk: "if you do" could not hold.
    let junked = may_junk_deck(ctx, e.you, v)?;
    ctx.sentence(3)?;
    if !junked {
        return Ok(());
    }
    let junk = ctx.st.junk.clone();
    let top = highest(&junk);
    let Some(&first) = top.first() else { return Ok(()) };
    if !crate::derived::eligible_for(ctx.st, e.you, card(first).age) {
        return Ok(());
    }
    if let Some(c) = ctx.choose_card(e.you, &top, false, "achieve the highest card in the junk")? {
        ctx.achieve(e.you, c)?;
    }
    Ok(())
}

/// Draw and tuck a {5}.
fn lightning_rod_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(5))?;
    Ok(())
}

/// I demand you draw and tuck a {5}! Return your top card of the tucked card's color!
fn lightning_rod_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_tuck(e.you, e.age(5))?;
    if let Some(t) = ctx.top(e.you, color(c)) {
        ctx.return_card(e.you, t)?;
    }
    Ok(())
}

/// Return a top card from your board.
fn lightning_rod_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.top_cards(e.you), false, "return a top card from your board")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Junk all cards in the {6} deck.
fn lightning_rod_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.junk_deck(e.you, e.age(6))
}

/// Meld your bottom green card.
fn thermometer_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.bottom(e.you, Color::Green) {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// Draw and meld a card of value one higher than the value of your top yellow card. If the melded card is yellow, or if Thermometer was foreseen and the melded card is red or purple, repeat this effect.
fn thermometer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let v = value(ctx.top(e.you, Color::Yellow)) + 1;
        let c = ctx.draw_and_meld(e.you, v)?;
        ctx.sentence_on(2, &[c])?;
        let again = match color(c) {
            Color::Yellow => true,
            Color::Red | Color::Purple => ctx.foreseen(e),
            _ => false,
        };
        if !again {
            return Ok(());
        }
    }
}

/// Draw a card of a value present in any player's hand.
fn piano_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut values: Vec<u8> = Vec::new();
    for q in ctx.st.active_players() {
        values.extend(ctx.hand(q).iter().map(|c| card(*c).age));
    }
    values.sort_unstable();
    if let Some(v) = ctx.choose_value(e.you, &values, "draw a card of a value present in any player's hand")? {
        ctx.draw(e.you, v)?;
    }
    Ok(())
}

/// If you have five top cards, each with a different value, return five cards from your score pile and then draw and score a card of each of your top card's values in ascending order.
fn piano(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut values: Vec<u8> = ctx.top_cards(e.you).iter().map(|c| card(*c).age).collect();
    values.sort_unstable();
    values.dedup();
    if ctx.top_cards(e.you).len() != 5 || values.len() != 5 {
        return Ok(());
    }
    let score = ctx.score_pile(e.you);
    let five = ctx.choose_cards(e.you, &score, 5, 5, "return five cards from your score pile")?;
    ctx.return_all(e.you, &five)?;
    for v in values {
        ctx.draw_and_score(e.you, v)?;
    }
    Ok(())
}

/// Draw a card of value present in any score pile.
fn tuning_fork_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut values: Vec<u8> = Vec::new();
    for q in ctx.st.active_players() {
        values.extend(ctx.score_pile(q).iter().map(|c| card(*c).age));
    }
    values.sort_unstable();
    if let Some(v) = ctx.choose_value(e.you, &values, "draw a card of value present in any score pile")? {
        ctx.draw(e.you, v)?;
    }
    Ok(())
}

/// Foreshadow a card from your hand. If you do, draw and reveal a card of the same value, and meld it if it is higher than the top card of the same color on your board. If you don't meld it, return it, and you may repeat this effect.
fn tuning_fork(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "foreshadow a card from your hand")? else { return Ok(()) };
        let foreshadowed = ctx.foreshadow(e.you, c)?;
        ctx.sentence(2)?;
        if !foreshadowed {
            return Ok(());
        }
        let d = ctx.draw_and_reveal(e.you, card(c).age)?;
        // A colour without a card has a top card of value 0.
        if card(d).age > value(ctx.top(e.you, color(d))) && ctx.meld(e.you, d)? {
            return Ok(());
        }
        ctx.sentence_on(3, &[d])?;
        ctx.return_card(e.you, d)?;
        // Repeating with an empty hand would foreshadow nothing: it is not offered.
        if ctx.hand(e.you).is_empty() || !ctx.yes_no(e.you, "you may repeat this effect")? {
            return Ok(());
        }
    }
}

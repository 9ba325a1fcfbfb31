//! The base cards of age 3.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Engineering", &[engineering_demand, engineering]);
    r.card("Optics", &[optics]);
    r.card("Machinery", &[machinery_demand, machinery_score, machinery_splay]);
    r.card("Medicine", &[medicine_demand, medicine]);
    r.card("Compass", &[compass_demand]);
    r.card("Paper", &[paper_splay, paper_score]);
    r.card("Alchemy", &[alchemy_draw, alchemy_meld]);
    r.card("Translation", &[translation_meld, translation_world]);
    r.card("Education", &[education]);
    r.card("Feudalism", &[feudalism_demand, feudalism]);
}

/// I demand you transfer a top card with [authority] of each color from your board to my score pile!
fn engineering_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops = with_icon(&ctx.top_cards(e.you), Icon::Authority);
    ctx.transfer_all(e.you, &tops, Dest::Score(e.me))?;
    Ok(())
}

/// You may splay your red cards left.
fn engineering(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Red, Splay::Left)?;
    Ok(())
}

/// Draw and meld a {3}. If it has [prosperity], draw and score a {4}. Otherwise,
/// transfer a card from your score pile to the score pile of an opponent with fewer points than you.
fn optics(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(3))?;
    ctx.sentence_on(2, &[c])?;
    if has_icon(c, Icon::Prosperity) {
        ctx.draw_and_score(e.you, e.age(4))?;
        return Ok(());
    }
    ctx.sentence_on(3, &[c])?;
    let mine = ctx.score_total(e.you);
    let poorer: Vec<PlayerId> = ctx.opponents(e.you).into_iter().filter(|o| ctx.score_total(*o) < mine).collect();
    if poorer.is_empty() {
        return Ok(());
    }
    let why = "transfer a card from your score pile to the score pile of an opponent with fewer points";
    let Some(c) = ctx.choose_card(e.you, &ctx.score_pile(e.you), false, why)? else { return Ok(()) };
    if let Some(o) = ctx.choose_player(e.you, &poorer, false, why)? {
        ctx.transfer(e.you, c, Dest::Score(o))?;
    }
    Ok(())
}

/// I demand you exchange all the cards in your hand with all the highest cards in my hand!
fn machinery_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let yours = ctx.hand(e.you);
    let my_highest = highest(&ctx.hand(e.me));
    ctx.exchange(e.you, &yours, Dest::Hand(e.me), &my_highest, Dest::Hand(e.you))?;
    Ok(())
}

/// Score a card from your hand with [authority].
fn machinery_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = with_icon(&ctx.hand(e.you), Icon::Authority);
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score a card from your hand with [authority]")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// You may splay your red cards left.
fn machinery_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Red, Splay::Left)?;
    Ok(())
}

/// I demand you exchange the highest card in your score pile with the lowest card in my score pile!
fn medicine_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = "exchange the highest card in your score pile";
    let yours = ctx.choose_card(e.you, &highest(&ctx.score_pile(e.you)), false, why)?;
    // My score pile is face down to the victim: tied lowest cards are told apart by their backs only.
    let why = format!("exchange with the lowest card in {}'s score pile", ctx.name(e.me));
    let mine = ctx.choose_backs(e.you, &lowest(&ctx.score_pile(e.me)), 1, 1, &why)?;
    // An exchange happens even if one half of it is empty.
    let yours: Vec<CardId> = yours.into_iter().collect();
    ctx.exchange(e.you, &yours, Dest::Score(e.me), &mine, Dest::Score(e.you))?;
    Ok(())
}

/// Junk an available achievement of value {3} or {4}.
fn medicine(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("junk an available achievement of value {} or {}", e.age(3), e.age(4));
    ctx.junk_an_available_achievement(e.you, &[e.age(3), e.age(4)], false, &why)?;
    Ok(())
}

/// I demand you transfer a top non-green card with [health] from your board to my
/// board, and then you transfer a top card without [health] from my board to your board!
fn compass_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let yours: Vec<CardId> = with_icon(&ctx.top_cards(e.you), Icon::Health).into_iter().filter(|c| color(*c) != Color::Green).collect();
    let why = format!("transfer a top non-green card with [health] from your board to {}'s board", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &yours, false, &why)? {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    // "And then" is not "if you do": the second transfer happens either way.
    let mine: Vec<CardId> = ctx.top_cards(e.me).into_iter().filter(|c| !has_icon(*c, Icon::Health)).collect();
    let why = format!("transfer a top card without [health] from {}'s board to your board", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &mine, false, &why)? {
        ctx.transfer(e.you, c, Dest::Board(e.you))?;
    }
    Ok(())
}

/// You may splay your green or blue cards left.
fn paper_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Green, Color::Blue], Splay::Left)?;
    Ok(())
}

/// Score a top card with [health] from your board. If you do, draw a {4} for
/// every color you have splayed left.
fn paper_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = with_icon(&ctx.top_cards(e.you), Icon::Health);
    let Some(c) = ctx.choose_card(e.you, &cands, false, "score a top card with [health] from your board")? else {
        return Ok(());
    };
    if !ctx.score(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    // Counted after the score: a pile left with one card is no longer splayed.
    let n = Color::ALL.into_iter().filter(|col| ctx.splay_of(e.you, *col) == Splay::Left).count();
    ctx.draw_n(e.you, e.age(4), n)?;
    Ok(())
}

/// Draw and reveal a {4} for every color on your board with [authority]. If any of
/// the drawn cards are red, return all cards from your hand.
fn alchemy_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.colors_with_icon(e.you, Icon::Authority).len();
    let mut drawn = Vec::new();
    for _ in 0..n {
        drawn.push(ctx.draw_and_reveal(e.you, e.age(4))?);
    }
    ctx.sentence_on(2, &drawn)?;
    if drawn.iter().any(|c| color(*c) == Color::Red) {
        ctx.return_all(e.you, &ctx.hand(e.you))?;
    }
    Ok(())
}

/// Meld a card from your hand, then score a card from your hand.
fn alchemy_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "meld a card from your hand")? {
        ctx.meld(e.you, c)?;
    }
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "score a card from your hand")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// You may meld all the cards in your score pile.
fn translation_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let score = ctx.score_pile(e.you);
    if score.is_empty() || !ctx.yes_no(e.you, "you may meld all the cards in your score pile")? {
        return Ok(());
    }
    ctx.meld_all(e.you, &score)?;
    Ok(())
}

/// If each top card on your board has [prosperity], claim the World achievement.
fn translation_world(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops = ctx.top_cards(e.you);
    // An empty board does not meet the condition: it must amount to more than nothing.
    if !tops.is_empty() && tops.iter().all(|c| has_icon(*c, Icon::Prosperity)) {
        ctx.claim_special(e.you, Special::World)?;
    }
    Ok(())
}

/// You may return the highest card from your score pile. If you do, draw a card of
/// value two higher than the highest card remaining in your score pile.
fn education(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let top = highest(&ctx.score_pile(e.you));
    if let Some(c) = ctx.choose_card(e.you, &top, true, "you may return the highest card from your score pile")? {
        if ctx.return_card(e.you, c)? {
            ctx.sentence(2)?;
            // With no card remaining, the highest remaining card is worth 0.
            let remaining = highest(&ctx.score_pile(e.you)).first().copied();
            ctx.draw(e.you, value(remaining) + 2)?;
        }
    }
    Ok(())
}

/// I demand you transfer a card with [authority] from your hand to my hand! If you
/// do, junk all available special achievements!
fn feudalism_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("transfer a card with [authority] from your hand to {}'s hand", ctx.name(e.me));
    let Some(c) = ctx.choose_card(e.you, &with_icon(&ctx.hand(e.you), Icon::Authority), false, &why)? else {
        // Verification: the hand is shown to prove there is no such card.
        ctx.reveal_hand(e.you)?;
        return Ok(());
    };
    if !ctx.transfer(e.you, c, Dest::Hand(e.me))? {
        return Ok(());
    }
    for s in ctx.st.specials.clone() {
        ctx.junk_special(e.you, s)?;
    }
    Ok(())
}

/// You may splay your yellow or purple cards left. If you do, draw a {3}.
fn feudalism(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.may_splay_one_of(e.you, &[Color::Yellow, Color::Purple], Splay::Left)? {
        ctx.sentence(2)?;
        ctx.draw(e.you, e.age(3))?;
    }
    Ok(())
}

//! The base cards of age 6.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Industrialization", &[industrialization_tuck, industrialization_splay]);
    r.card("Machine Tools", &[machine_tools]);
    r.card("Canning", &[canning_tuck, canning_splay]);
    r.card("Vaccination", &[vaccination_demand, vaccination]);
    r.card("Classification", &[classification]);
    r.card("Metric System", &[metric_system_any, metric_system_green]);
    r.card("Atomic Theory", &[atomic_theory_splay, atomic_theory_meld]);
    r.card("Encyclopedia", &[encyclopedia_meld, encyclopedia_junk]);
    r.card("Democracy", &[democracy]);
    r.card("Emancipation", &[emancipation_demand, emancipation]);
}

/// Draw and tuck three {6}. Then, if you are the single player with the most
/// [efficiency], return your top red card.
fn industrialization_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for _ in 0..3 {
        ctx.draw_and_tuck(e.you, e.age(6))?;
    }
    ctx.sentence(2)?;
    // "The single player with the most": every other player has fewer (a tie is not enough).
    let mine = ctx.icons(e.you, Icon::Efficiency);
    if ctx.others(e.you).iter().all(|q| ctx.icons(*q, Icon::Efficiency) < mine) {
        if let Some(c) = ctx.top(e.you, Color::Red) {
            ctx.return_card(e.you, c)?;
        }
    }
    Ok(())
}

/// You may splay your red or purple cards right.
fn industrialization_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Red, Color::Purple], Splay::Right)?;
    Ok(())
}

/// Draw and score a card of value equal to the highest card in your score pile.
fn machine_tools(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // An empty score pile has a highest card of value 0: the draw is a 1.
    let v = value(highest(&ctx.score_pile(e.you)).first().copied());
    ctx.draw_and_score(e.you, v)?;
    Ok(())
}

/// You may draw and tuck a {6}. If you tuck a card, score a top card without
/// [industry] of each color on your board.
fn canning_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = e.age(6);
    if !ctx.yes_no(e.you, &format!("you may draw and tuck {}", a_value(v)))? {
        return Ok(());
    }
    ctx.draw_and_tuck(e.you, v)?;
    ctx.sentence(2)?;
    // One top card per colour, as they are after the tuck; a card uncovered by scoring is not scored.
    let without: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !has_icon(*c, Icon::Industry)).collect();
    ctx.score_all(e.you, &without)?;
    Ok(())
}

/// You may splay your yellow cards right.
fn canning_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Yellow, Splay::Right)?;
    Ok(())
}

/// I demand you choose a card in your score pile! Return all the cards from
/// your score pile of its value! If you do, draw and meld a {6}!
fn vaccination_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(chosen) = ctx.choose_card(e.you, &ctx.score_pile(e.you), false, "choose a card in your score pile")? else {
        return Ok(());
    };
    let same = of_value(&ctx.score_pile(e.you), value(Some(chosen)));
    if !ctx.return_all(e.you, &same)?.is_empty() {
        ctx.draw_and_meld(e.you, e.age(6))?;
    }
    Ok(())
}

/// If any card was returned as a result of the demand, draw and meld a {7}.
fn vaccination(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // "The demand": Vaccination's demand effect during this action.
    let returned = ctx.due_to(Act::Return, e.card, 0) > 0;
    if returned {
        ctx.draw_and_meld(e.you, e.age(7))?;
    }
    Ok(())
}

/// Reveal a card from your hand. Take into your hand all cards of that color
/// from all opponents' hands. Then, meld all cards of that color from your hand.
fn classification(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "reveal a card from your hand")? else {
        return Ok(());
    };
    ctx.reveal(e.you, c)?;
    let col = color(c);
    ctx.sentence(2)?;
    for o in ctx.opponents(e.you) {
        let theirs = of_color(&ctx.hand(o), col);
        ctx.transfer_all(e.you, &theirs, Dest::Hand(e.you))?;
        // Verification (rulebook, page 14): the opponent shows no card of that colour is left.
        ctx.reveal_hand(o)?;
    }
    ctx.sentence(3)?;
    let mine = of_color(&ctx.hand(e.you), col);
    ctx.meld_all(e.you, &mine)?;
    // Verification: no card of that colour is left in your hand.
    ctx.reveal_hand(e.you)?;
    Ok(())
}

/// If your green cards are splayed right, you may splay any one color of your cards right.
fn metric_system_any(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.splay_of(e.you, Color::Green) == Splay::Right {
        let can = ctx.splayable(e.you, Splay::Right);
        if let Some(col) = ctx.choose_color(e.you, &can, true, "you may splay any one color of your cards right")? {
            ctx.splay(e.you, col, Splay::Right)?;
        }
    }
    Ok(())
}

/// You may splay your green cards right.
fn metric_system_green(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Green, Splay::Right)?;
    Ok(())
}

/// You may splay your blue cards right.
fn atomic_theory_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Blue, Splay::Right)?;
    Ok(())
}

/// Draw and meld a {7}.
fn atomic_theory_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(7))?;
    Ok(())
}

/// Choose a value. You may meld all the cards of that value in your score pile.
fn encyclopedia_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(v) = ctx.choose_a_value(e.you, "choose a value: you may meld all the cards of that value in your score pile")? else {
        return Ok(());
    };
    ctx.sentence(2)?;
    let cards = of_value(&ctx.score_pile(e.you), v);
    // With no card of that value there is nothing to meld: the "you may" is not asked.
    if !cards.is_empty() && ctx.yes_no(e.you, &format!("you may meld all the cards of value {v} in your score pile"))? {
        ctx.meld_all(e.you, &cards)?;
    }
    Ok(())
}

/// You may junk an available achievement of value {5}, {6}, or {7}.
fn encyclopedia_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let values = [e.age(5), e.age(6), e.age(7)];
    let why = format!("you may junk an available achievement of value {}, {}, or {}", values[0], values[1], values[2]);
    ctx.junk_an_available_achievement(e.you, &values, true, &why)?;
    Ok(())
}

/// You may return any number of cards from your hand. If you have returned more
/// cards than any other player due to Democracy so far during this action, draw
/// and score an {8}.
fn democracy(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_cards(e.you, &hand, 0, hand.len(), "you may return any number of cards from your hand")?;
    ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    let returned_by = |ctx: &Ctx, p: PlayerId| {
        ctx.since(0).iter().filter(|h| h.act == Act::Return && h.by == p && h.during.is_some_and(|d| d.0 == e.card)).count()
    };
    let mine = returned_by(ctx, e.you);
    if ctx.others(e.you).iter().all(|q| returned_by(ctx, *q) < mine) {
        ctx.draw_and_score(e.you, e.age(8))?;
    }
    Ok(())
}

/// I demand you transfer a card from your hand to my score pile! If you do, draw a {6}!
fn emancipation_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("transfer a card from your hand to {}'s score pile", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, &why)? {
        if ctx.transfer(e.you, c, Dest::Score(e.me))? {
            ctx.draw(e.you, e.age(6))?;
        }
    }
    Ok(())
}

/// You may splay your red or purple cards right.
fn emancipation(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Red, Color::Purple], Splay::Right)?;
    Ok(())
}

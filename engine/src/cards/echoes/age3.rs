//! The Echoes cards of age 3.

#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::ctx::Cause;
use crate::primitives::DrawFrom;

pub fn register(r: &mut Registry) {
    r.card("Katana", &[katana_demand]);
    r.card("Liquid Fire", &[liquid_fire_demand]);
    r.echo_card("Deodorant", deodorant_echo, &[deodorant, deodorant_junk]);
    r.card("Sandpaper", &[sandpaper, sandpaper_meld, sandpaper_foreseen]);
    r.echo_card("Charitable Trust", charitable_trust_echo, &[charitable_trust]);
    r.card("Homing Pigeons", &[homing_pigeons_demand, homing_pigeons]);
    r.echo_card("Almanac", almanac_echo, &[almanac]);
    r.echo_card("Magnifying Glass", magnifying_glass_echo, &[magnifying_glass, magnifying_glass_splay]);
    r.echo_card("Novel", novel_echo, &[novel, novel_splay, novel_supremacy]);
    r.echo_card("Sunglasses", sunglasses_echo, &[sunglasses]);
}

/// How many more cards `p`'s forecast takes before its limit.
fn forecast_room(ctx: &Ctx, p: PlayerId) -> usize {
    crate::derived::zone_limit(ctx.st, p).saturating_sub(ctx.forecast(p).len())
}

/// I demand you transfer two top cards with [authority] from your board to my score pile! If you transfer exactly one and Katana was foreseen, junk all available standard achievements!
fn katana_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = with_icon(&ctx.top_cards(e.you), Icon::Authority);
    let why = format!("transfer two top cards with [authority] from your board to {}'s score pile", ctx.name(e.me));
    let two = ctx.choose_cards(e.you, &cands, 2, 2, &why)?;
    let mut transferred = 0;
    for c in two {
        if ctx.transfer(e.you, c, Dest::Score(e.me))? {
            transferred += 1;
        }
    }
    if transferred == 1 && ctx.foreseen(e) {
        for a in ctx.available_achievements() {
            ctx.junk_achievement(e.you, a)?;
        }
    }
    Ok(())
}

/// I demand you draw a card of value equal to the highest bonus on your board! Transfer it to my forecast! If it is red, transfer all cards from your hand to my score pile!
fn liquid_fire_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // With no bonus, the highest bonus is 0 (a 0 is drawn as a 1).
    let v = ctx.bonuses(e.you).first().copied().unwrap_or(0);
    let c = ctx.draw(e.you, v)?;
    // A transfer, not a foreshadow: the forecast's limit does not apply.
    ctx.transfer(e.you, c, Dest::Forecast(e.me))?;
    if color(c) == Color::Red {
        let hand = ctx.hand(e.you);
        ctx.transfer_all(e.you, &hand, Dest::Score(e.me))?;
    }
    Ok(())
}

/// Draw and meld a {3}.
fn deodorant_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(3))?;
    Ok(())
}

/// If you have a top card with [authority], draw and meld a {3}. Otherwise, draw a {4}.
fn deodorant(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !with_icon(&ctx.top_cards(e.you), Icon::Authority).is_empty() {
        ctx.draw_and_meld(e.you, e.age(3))?;
    } else {
        ctx.sentence(2)?;
        ctx.draw(e.you, e.age(4))?;
    }
    Ok(())
}

/// If you have a top card with [industry], junk all cards in the {4} deck.
fn deodorant_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !with_icon(&ctx.top_cards(e.you), Icon::Industry).is_empty() {
        ctx.junk_deck(e.you, e.age(4))?;
    }
    Ok(())
}

/// You may return any number of cards from your hand. Draw a {3} for each card you return.
fn sandpaper(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_cards(e.you, &hand, 0, hand.len(), "you may return any number of cards from your hand")?;
    let returned = ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    ctx.draw_n(e.you, e.age(3), returned.len())?;
    Ok(())
}

/// Meld a card from your hand.
fn sandpaper_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "meld a card from your hand")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// If Sandpaper was foreseen, foreshadow all cards in your hand.
fn sandpaper_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !ctx.foreseen(e) {
        return Ok(());
    }
    // As many as the forecast takes: when it cannot take them all, the player chooses which.
    let hand = ctx.hand(e.you);
    let room = forecast_room(ctx, e.you);
    let cards = if room == 0 {
        Vec::new()
    } else if hand.len() > room {
        ctx.choose_cards(e.you, &hand, room, room, &format!("foreshadow {room} cards from your hand (your forecast's limit)"))?
    } else {
        hand
    };
    for c in cards {
        ctx.foreshadow(e.you, c)?;
    }
    Ok(())
}

/// Draw a {3} or {4}.
fn charitable_trust_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("draw {} or {}", a_value(e.age(3)), e.age(4));
    if let Some(v) = ctx.choose_value(e.you, &[e.age(3), e.age(4)], &why)? {
        ctx.draw(e.you, v)?;
    }
    Ok(())
}

/// You may meld the last card you drew due to Charitable Trust's echo effect. If you meld a {3}, achieve your top green card, if eligible. If you meld a {4}, return your top green card
fn charitable_trust(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The echo effect runs before the dogma effects, in this action: its draws are in the trace.
    let last = ctx.trace.iter().rev().find(|h| h.act == Act::Draw && h.by == e.you && h.cause == Cause::Echo(e.card)).and_then(|h| h.card);
    let Some(c) = last.filter(|c| ctx.hand(e.you).contains(c)) else { return Ok(()) };
    if !ctx.yes_no_about(e.you, c, "you may meld the last card you drew due to the echo effect")? {
        return Ok(());
    }
    let melded = ctx.meld(e.you, c)?;
    ctx.sentence(2)?;
    if melded && card(c).age == e.age(3) {
        if let Some(g) = ctx.top(e.you, Color::Green) {
            if crate::derived::eligible_for(ctx.st, e.you, card(g).age) {
                ctx.achieve(e.you, g)?;
            }
        }
    }
    ctx.sentence(3)?;
    if melded && card(c).age == e.age(4) {
        if let Some(g) = ctx.top(e.you, Color::Green) {
            ctx.return_card(e.you, g)?;
        }
    }
    Ok(())
}

/// I demand you return two cards from your score pile whose values each match a card in my hand!
fn homing_pigeons_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mine: Vec<u8> = ctx.hand(e.me).into_iter().map(|c| card(c).age).collect();
    let cands: Vec<CardId> = ctx.score_pile(e.you).into_iter().filter(|c| mine.contains(&card(*c).age)).collect();
    let why = format!("return two cards from your score pile whose values each match a card in {}'s hand", ctx.name(e.me));
    let two = ctx.choose_cards(e.you, &cands, 2, 2, &why)?;
    ctx.return_all(e.you, &two)?;
    Ok(())
}

/// You may splay your red or green cards left. If Homing Pigeons was foreseen, splay all your colors left.
fn homing_pigeons(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Red, Color::Green], Splay::Left)?;
    ctx.sentence(2)?;
    if ctx.foreseen(e) {
        for col in Color::ALL {
            ctx.splay(e.you, col, Splay::Left)?;
        }
    }
    Ok(())
}

/// Draw and foreshadow an Echoes {4}.
fn almanac_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_from(e.you, e.age(4), DrawFrom::Set(Set::Echoes))?;
    ctx.foreshadow(e.you, c)?;
    Ok(())
}

/// If Almanac was foreseen, foreshadow all cards in another player's forecast.
fn almanac(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !ctx.foreseen(e) {
        return Ok(());
    }
    let others = ctx.others(e.you);
    let Some(q) = ctx.choose_player(e.you, &others, false, "foreshadow all cards in another player's forecast")? else { return Ok(()) };
    // As many as the forecast takes: when it cannot take them all, the player chooses which, by their backs.
    let theirs = ctx.forecast(q);
    let room = forecast_room(ctx, e.you);
    let cards = if room == 0 {
        Vec::new()
    } else if theirs.len() > room {
        let why = format!("foreshadow {room} cards from {}'s forecast (your forecast's limit)", ctx.name(q));
        ctx.choose_backs(e.you, &theirs, room, room, &why)?
    } else {
        theirs
    };
    for c in cards {
        ctx.foreshadow(e.you, c)?;
    }
    Ok(())
}

/// Draw a {4} then return a card from your hand.
fn magnifying_glass_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(4))?;
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "return a card from your hand")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// You may return exactly three cards of equal value from your hand. If you do, draw a card of value two higher than the cards you return.
fn magnifying_glass(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let mut values: Vec<u8> = hand.iter().map(|c| card(*c).age).filter(|v| of_value(&hand, *v).len() >= 3).collect();
    values.sort_unstable();
    values.dedup();
    // The value first, then which three of it.
    let why = "you may return exactly three cards of equal value from your hand (choose their value)";
    let Some(v) = ctx.may_choose_value(e.you, &values, why)? else { return Ok(()) };
    let three = ctx.choose_cards(e.you, &of_value(&hand, v), 3, 3, &format!("return exactly three {v}s from your hand"))?;
    let returned = ctx.return_all(e.you, &three)?;
    ctx.sentence(2)?;
    if returned.len() == 3 {
        ctx.draw(e.you, v + 2)?;
    }
    Ok(())
}

/// You may splay your yellow or blue cards left.
fn magnifying_glass_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Yellow, Color::Blue], Splay::Left)?;
    Ok(())
}

/// Return all cards from your forecast.
fn novel_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cards = ctx.forecast(e.you);
    ctx.return_all(e.you, &cards)?;
    Ok(())
}

/// Draw a {3}.
fn novel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(3))?;
    Ok(())
}

/// You may splay your purple cards left.
fn novel_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Purple, Splay::Left)?;
    Ok(())
}

/// If all your non-purple top cards share a common icon other than [prosperity], claim the Supremacy achievement.
fn novel_supremacy(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Purple).collect();
    // A condition about all of no cards is not met.
    let common = !tops.is_empty() && Icon::ALL.into_iter().any(|i| i != Icon::Prosperity && tops.iter().all(|c| has_icon(*c, i)));
    if common {
        ctx.claim_special(e.you, Special::Supremacy)?;
    }
    Ok(())
}

/// The colours of a board that are splayed.
fn splayed_colors(ctx: &Ctx, p: PlayerId) -> Vec<Color> {
    Color::ALL.into_iter().filter(|c| ctx.splay_of(p, *c) != Splay::None && ctx.pile_cards(p, *c).len() >= 2).collect()
}

/// Score a card from your hand of a color you have splayed.
fn sunglasses_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let splayed = splayed_colors(ctx, e.you);
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| splayed.contains(&color(*c))).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score a card from your hand of a color you have splayed")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// You may either splay your purple cards in the direction one of your other cards is splayed, or you may splay one of your other colors in the direction that your purple cards are splayed.
fn sunglasses(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let splayed = splayed_colors(ctx, e.you);
    let purple = if splayed.contains(&Color::Purple) { ctx.splay_of(e.you, Color::Purple) } else { Splay::None };
    // Directions the purple cards could take: those of the other splayed colours.
    let mut dirs: Vec<Splay> = Vec::new();
    if ctx.pile_cards(e.you, Color::Purple).len() >= 2 {
        for col in splayed.iter().filter(|c| **c != Color::Purple) {
            let d = ctx.splay_of(e.you, *col);
            if d != purple && !dirs.contains(&d) {
                dirs.push(d);
            }
        }
    }
    // Other colours that could take the purple cards' direction.
    let others: Vec<Color> =
        if purple == Splay::None { Vec::new() } else { ctx.splayable(e.you, purple).into_iter().filter(|c| *c != Color::Purple).collect() };
    const PURPLE: &str = "splay your purple cards in the direction one of your other cards is splayed";
    const OTHER: &str = "splay one of your other colors in the direction that your purple cards are splayed";
    let mut labels: Vec<&str> = Vec::new();
    if !dirs.is_empty() {
        labels.push(PURPLE);
    }
    if !others.is_empty() {
        labels.push(OTHER);
    }
    let why = "you may either splay your purple cards like another color, or another color like your purple cards";
    let Some(k) = ctx.choose_option(e.you, &labels, true, why)? else { return Ok(()) };
    if labels[k] == PURPLE {
        let names: Vec<&str> = dirs.iter().map(|d| d.name()).collect();
        if let Some(i) = ctx.choose_option(e.you, &names, false, "splay your purple cards in which direction")? {
            ctx.splay(e.you, Color::Purple, dirs[i])?;
        }
    } else {
        let why = format!("splay one of your other colors {}", purple.name());
        if let Some(col) = ctx.choose_color(e.you, &others, false, &why)? {
            ctx.splay(e.you, col, purple)?;
        }
    }
    Ok(())
}

//! The base cards of age 7.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Combustion", &[combustion_demand, combustion]);
    r.card("Explosives", &[explosives_demand]);
    r.card("Refrigeration", &[refrigeration_demand, refrigeration]);
    r.card("Sanitation", &[sanitation_demand, sanitation]);
    r.card("Bicycle", &[bicycle]);
    r.card("Electricity", &[electricity]);
    r.card("Evolution", &[evolution]);
    r.card("Publications", &[publications_splay, publications_special]);
    r.card("Lighting", &[lighting]);
    r.card("Railroad", &[railroad_return, railroad_draw, railroad_splay]);
}

/// "The N highest cards" of `cards`: those above the Nth highest value are
/// taken; among the cards tied at that value, `p` chooses the rest.
fn n_highest(ctx: &mut Ctx, p: PlayerId, cards: &[CardId], n: usize, why: &str) -> Res<Vec<CardId>> {
    let mut values: Vec<u8> = cards.iter().map(|c| card(*c).age).collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    let Some(&edge) = values.get(n.min(values.len()).saturating_sub(1)) else { return Ok(Vec::new()) };
    let mut out: Vec<CardId> = cards.iter().copied().filter(|c| card(*c).age > edge).collect();
    let tied = of_value(cards, edge);
    let k = n.min(cards.len()) - out.len();
    out.extend(ctx.choose_cards(p, &tied, k, k, why)?);
    Ok(out)
}

/// I demand you transfer one card from your score pile to my score pile for
/// every color with [prosperity] on my board!
fn combustion_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // A colour "with [prosperity]" shows at least one visible [prosperity] (top card or splay).
    let n = ctx.colors_with_icon(e.me, Icon::Prosperity).len();
    let why = format!("transfer {n} cards from your score pile to {}'s score pile", ctx.name(e.me));
    let chosen = ctx.choose_cards(e.you, &ctx.score_pile(e.you), n, n, &why)?;
    ctx.transfer_all(e.you, &chosen, Dest::Score(e.me))?;
    Ok(())
}

/// Return your bottom red card.
fn combustion(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.bottom(e.you, Color::Red) {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// I demand you transfer the three highest cards from your hand to my hand! If
/// you transfer any, and have no cards in hand, draw a {7}!
fn explosives_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("transfer the three highest cards from your hand to {}'s hand", ctx.name(e.me));
    let hand = ctx.hand(e.you);
    let three = n_highest(ctx, e.you, &hand, 3, &why)?;
    let transferred = ctx.transfer_all(e.you, &three, Dest::Hand(e.me))?;
    if !transferred.is_empty() && ctx.hand(e.you).is_empty() {
        ctx.draw(e.you, e.age(7))?;
    }
    Ok(())
}

/// I demand you return all but one of the cards in your hand!
fn refrigeration_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    if hand.len() < 2 {
        return Ok(());
    }
    let Some(kept) = ctx.choose_card(e.you, &hand, false, "choose the one card you keep in your hand")? else { return Ok(()) };
    let rest: Vec<CardId> = hand.into_iter().filter(|c| *c != kept).collect();
    ctx.return_all(e.you, &rest)?;
    Ok(())
}

/// You may score a card from your hand.
fn refrigeration(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may score a card from your hand")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// I demand you exchange the two highest cards in your hand with the lowest card in my hand!
fn sanitation_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("exchange the two highest cards in your hand with the lowest card in {}'s hand", ctx.name(e.me));
    let hand = ctx.hand(e.you);
    let two = n_highest(ctx, e.you, &hand, 2, &why)?;
    // Among tied lowest cards, the owner of the hand chooses: only they can see them.
    let why = format!("give the lowest card in your hand to {}", ctx.name(e.you));
    let lowest_mine = ctx.choose_card(e.me, &lowest(&ctx.hand(e.me)), false, &why)?;
    ctx.exchange(e.you, &two, Dest::Hand(e.me), lowest_mine.as_slice(), Dest::Hand(e.you))?;
    Ok(())
}

/// Choose {7} or {8}. Junk all cards in that deck.
fn sanitation(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let (a, b) = (e.age(7), e.age(8));
    if let Some(v) = ctx.choose_value(e.you, &[a, b], &format!("choose {a} or {b}: junk all cards in that deck"))? {
        ctx.sentence(2)?;
        ctx.junk_deck(e.you, v)?;
    }
    Ok(())
}

/// You may exchange all cards in your hand with all cards in your score pile.
fn bicycle(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let (hand, score) = (ctx.hand(e.you), ctx.score_pile(e.you));
    if hand.is_empty() && score.is_empty() {
        return Ok(());
    }
    if ctx.yes_no(e.you, "you may exchange all cards in your hand with all cards in your score pile")? {
        ctx.exchange(e.you, &hand, Dest::Score(e.you), &score, Dest::Hand(e.you))?;
    }
    Ok(())
}

/// Return your top card of each color without [industry], then draw an {8} for each card you return.
fn electricity(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let without: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !has_icon(*c, Icon::Industry)).collect();
    let m = ctx.mark();
    ctx.return_all(e.you, &without)?;
    let n = ctx.count_since(m, Act::Return);
    ctx.draw_n(e.you, e.age(8), n)?;
    Ok(())
}

/// You may choose to either draw and score an {8} and then return a card from
/// your score pile, or draw a card of value one higher than the highest card in
/// your score pile.
fn evolution(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = e.age(8);
    let first = format!("draw and score {} {{{v}}} and then return a card from your score pile", article(v));
    let labels = [first.as_str(), "draw a card of value one higher than the highest card in your score pile"];
    match ctx.choose_option(e.you, &labels, true, "you may choose to either")? {
        Some(0) => {
            ctx.draw_and_score(e.you, v)?;
            if let Some(c) = ctx.choose_card(e.you, &ctx.score_pile(e.you), false, "return a card from your score pile")? {
                ctx.return_card(e.you, c)?;
            }
        }
        Some(_) => {
            let v = value(highest(&ctx.score_pile(e.you)).first().copied());
            ctx.draw(e.you, v + 1)?;
        }
        None => {}
    }
    Ok(())
}

/// You may splay your yellow or blue cards up.
fn publications_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Yellow, Color::Blue], Splay::Up)?;
    Ok(())
}

/// You may junk an available special achievement or make a special achievement in the junk available.
fn publications_special(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // A special achievement is either available or in the junk, so one choice tells which was meant.
    let options: Vec<Special> = ctx.st.specials.iter().chain(&ctx.st.junked_specials).copied().collect();
    let why = "you may junk an available special achievement or make a special achievement in the junk available";
    if let Some(s) = ctx.choose_special(e.you, &options, true, why)? {
        if !ctx.junk_special(e.you, s)? {
            ctx.make_special_available(e.you, s)?;
        }
    }
    Ok(())
}

/// You may tuck up to three cards from your hand. If you do, draw and score a
/// {7} for every different value of card you tuck.
fn lighting(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), 0, 3, "you may tuck up to three cards from your hand")?;
    let tucked = ctx.tuck_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    let mut values: Vec<u8> = tucked.iter().map(|c| card(*c).age).collect();
    values.sort_unstable();
    values.dedup();
    for _ in 0..values.len() {
        ctx.draw_and_score(e.you, e.age(7))?;
    }
    Ok(())
}

/// Return all cards from your hand.
fn railroad_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.return_all(e.you, &ctx.hand(e.you))?;
    Ok(())
}

/// Draw three {6}.
fn railroad_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_n(e.you, e.age(6), 3)?;
    Ok(())
}

/// You may splay up any one color of your cards currently splayed right.
fn railroad_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let right: Vec<Color> = Color::ALL.into_iter().filter(|c| ctx.splay_of(e.you, *c) == Splay::Right).collect();
    if let Some(col) = ctx.choose_color(e.you, &right, true, "you may splay up any one color of your cards currently splayed right")? {
        ctx.splay(e.you, col, Splay::Up)?;
    }
    Ok(())
}

//! The Unseen cards of age 3.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Knights Templar", &[knights_templar_demand, knights_templar]);
    r.card("Red Envelope", &[red_envelope, red_envelope_score]);
    r.card("Freemasons", &[freemasons, freemasons_splay]);
    r.card("Secret Police", &[secret_police_demand, secret_police]);
    r.card("Cliffhanger", &[cliffhanger]);
    r.card("Smuggling", &[smuggling_demand]);
    r.card("Brethren of Purity", &[brethren_of_purity]);
    r.card("Secret Secretorum", &[secret_secretorum]);
    r.card("Masquerade", &[masquerade, masquerade_splay]);
    r.card("Taqiyya", &[taqiyya, taqiyya_meld]);
}

/// I demand you unsplay a splayed color on your board! If you do, transfer the top card on your board of that color to my score pile!
fn knights_templar_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let splayed: Vec<Color> = Color::ALL.into_iter().filter(|c| ctx.splay_of(e.you, *c) != Splay::None).collect();
    let Some(col) = ctx.choose_color(e.you, &splayed, false, "unsplay a splayed color on your board")? else { return Ok(()) };
    if ctx.unsplay(e.you, col)? {
        if let Some(t) = ctx.top(e.you, col) {
            ctx.transfer(e.you, t, Dest::Score(e.me))?;
        }
    }
    Ok(())
}

/// You may splay your red or green cards left.
fn knights_templar(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Red, Color::Green], Splay::Left)?;
    Ok(())
}

/// Choose a value of which you have exactly two or three cards altogether in your hand and score pile. Transfer those cards to the score pile of the player on your right.
fn red_envelope(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut mine = ctx.hand(e.you);
    mine.extend(ctx.score_pile(e.you));
    let values: Vec<u8> = (1..=11).filter(|v| matches!(of_value(&mine, *v).len(), 2 | 3)).collect();
    let why = "choose a value of which you have exactly two or three cards in your hand and score pile";
    let Some(v) = ctx.choose_value(e.you, &values, why)? else { return Ok(()) };
    ctx.sentence(2)?;
    let Some(right) = ctx.others(e.you).last().copied() else { return Ok(()) };
    ctx.transfer_all(e.you, &of_value(&mine, v), Dest::Score(right))?;
    Ok(())
}

/// You may score exactly two or three cards from your hand.
fn red_envelope_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    if hand.len() < 2 || !ctx.yes_no(e.you, "you may score exactly two or three cards from your hand")? {
        return Ok(());
    }
    let cards = ctx.choose_cards(e.you, &hand, 2, 3, "score two or three cards from your hand")?;
    ctx.score_all(e.you, &cards)?;
    Ok(())
}

/// For each color, you may tuck a card from your hand of that color. If you tuck a yellow card or an expansion card, draw two {3}.
fn freemasons(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let cards = ctx.choose_one_each(e.you, &hand, color, 5, "for each color, you may tuck a card from your hand of that color")?;
    let tucked = ctx.tuck_all(e.you, &cards)?;
    ctx.sentence(2)?;
    if tucked.iter().any(|c| color(*c) == Color::Yellow || card(*c).set != Set::Base) {
        ctx.draw_n(e.you, e.age(3), 2)?;
    }
    Ok(())
}

/// You may splay your yellow or blue cards left.
fn freemasons_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Yellow, Color::Blue], Splay::Left)?;
    Ok(())
}

/// I demand you tuck a card in your hand, then return your top card of its color! If you do, repeat this effect! Otherwise, draw a {3}!
fn secret_police_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    while let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "tuck a card in your hand")? {
        let tucked = ctx.tuck(e.you, c)?;
        let returned = match ctx.top(e.you, color(c)) {
            Some(t) => ctx.return_card(e.you, t)?,
            None => false,
        };
        // "If you do": the whole sentence, the tuck and the return, amounted to something.
        if !tucked || !returned {
            break;
        }
    }
    ctx.draw(e.you, e.age(3))?;
    Ok(())
}

/// You may tuck any number of cards of any one color from your hand.
fn secret_police(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let why = "you may tuck any number of cards of any one color from your hand";
    // All of one colour: one question; otherwise the first card names the colour, then any more of it.
    let cards = if hand.iter().all(|c| color(*c) == color(hand[0])) {
        ctx.choose_cards(e.you, &hand, 0, hand.len(), why)?
    } else {
        let Some(first) = ctx.choose_card(e.you, &hand, true, why)? else { return Ok(()) };
        let more: Vec<CardId> = of_color(&hand, color(first)).into_iter().filter(|c| *c != first).collect();
        let mut cards = vec![first];
        cards.extend(ctx.choose_cards(e.you, &more, 0, more.len(), &format!("tuck any number more {} cards", color(first)))?);
        cards
    };
    ctx.tuck_all(e.you, &cards)?;
    Ok(())
}

/// Reveal a {4} in your safe. If it is: green, tuck it; purple, meld it; red, achieve it regardless of eligibility; yellow, score it; blue, draw a {5}. Otherwise, safeguard the top card of the {4} deck.
fn cliffhanger(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let four = e.age(4);
    let fours = of_value(&ctx.secrets(e.you), four);
    let revealed = match ctx.choose_secret(e.you, &fours, false, &format!("reveal {} in your safe", a_value(four)))? {
        Some(c) if ctx.reveal(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    // "Otherwise": no {4} was revealed.
    let Some(c) = revealed else {
        ctx.sentence(3)?;
        if let Some(top) = ctx.top_of_deck(four) {
            ctx.safeguard(e.you, top)?;
        }
        return Ok(());
    };
    match color(c) {
        Color::Green => {
            ctx.tuck(e.you, c)?;
        }
        Color::Purple => {
            ctx.meld(e.you, c)?;
        }
        Color::Red => {
            ctx.achieve(e.you, c)?;
        }
        Color::Yellow => {
            ctx.score(e.you, c)?;
        }
        Color::Blue => {
            ctx.draw(e.you, e.age(5))?;
        }
    }
    Ok(())
}

/// I demand you transfer a card of value equal to your top yellow card and a card of value equal to my top yellow card from your score pile to my score pile!
fn smuggling_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for v in [value(ctx.top(e.you, Color::Yellow)), value(ctx.top(e.me, Color::Yellow))] {
        let why = format!("transfer {} from your score pile to {}'s score pile", a_value(v), ctx.name(e.me));
        if let Some(c) = ctx.choose_card(e.you, &of_value(&ctx.score_pile(e.you), v), false, &why)? {
            ctx.transfer(e.you, c, Dest::Score(e.me))?;
        }
    }
    Ok(())
}

/// Draw and meld a {3} or a card of value one higher than the last card melded due to Brethren of Purity during this action. If you meld over a card with a [concept], repeat this effect.
fn brethren_of_purity(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        // The last card melded by anyone due to this card during this action.
        let last =
            ctx.since(0).iter().rev().find(|h| h.act == Act::Meld && h.during.is_some_and(|(c, _)| c == e.card)).and_then(|h| h.card);
        let mut values = vec![e.age(3)];
        if let Some(l) = last {
            values.push(card(l).age + 1);
        }
        let why = format!("draw and meld {} or a card one higher than the last melded", a_value(e.age(3)));
        let Some(v) = ctx.choose_value(e.you, &values, &why)? else {
            return Ok(());
        };
        let c = ctx.draw_and_meld(e.you, v)?;
        ctx.sentence_on(2, &[c])?;
        let over = ctx.pile_cards(e.you, color(c));
        let melded_over_concept = over.first() == Some(&c) && over.get(1).is_some_and(|b| has_icon(*b, Icon::Concept));
        if !melded_over_concept {
            return Ok(());
        }
    }
}

/// Return five cards from your hand and/or score pile. Draw two cards of value equal to the number of different colors of cards you return. Meld one of the drawn cards and score the other.
fn secret_secretorum(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut mine = ctx.hand(e.you);
    mine.extend(ctx.score_pile(e.you));
    let five = ctx.choose_cards(e.you, &mine, 5, 5, "return five cards from your hand and/or score pile")?;
    let returned = ctx.return_all(e.you, &five)?;
    ctx.sentence(2)?;
    let mut colors: Vec<Color> = returned.into_iter().map(color).collect();
    colors.sort_by_key(|c| c.index());
    colors.dedup();
    let v = colors.len() as u8;
    let drawn = ctx.draw_n(e.you, v, 2)?;
    ctx.sentence_on(3, &drawn)?;
    let Some(m) = ctx.choose_card(e.you, &drawn, false, "meld one of the drawn cards (the other is scored)")? else { return Ok(()) };
    ctx.meld(e.you, m)?;
    for c in drawn.into_iter().filter(|c| *c != m) {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Safeguard an available achievement of value equal to the number of cards in your hand. If you do, return all cards of that value from your hand. If you return a {4}, claim the Anonymity achievement.
fn masquerade(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = ctx.hand(e.you).len().min(255) as u8;
    if !ctx.safeguard_an_available_achievement(e.you, &[v], false, &format!("safeguard an available achievement of value {v}"))? {
        return Ok(());
    }
    ctx.sentence(2)?;
    let returned = ctx.return_all(e.you, &of_value(&ctx.hand(e.you), v))?;
    ctx.sentence(3)?;
    if returned.iter().any(|c| card(*c).age == e.age(4)) {
        ctx.claim_special(e.you, Special::Anonymity)?;
    }
    Ok(())
}

/// You may splay your purple cards left.
fn masquerade_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Purple, Splay::Left)?;
    Ok(())
}

/// Choose a color. Transfer all cards of that color on your board into your hand.
fn taqiyya(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(col) = ctx.choose_color(e.you, &Color::ALL, false, "choose a color")? else { return Ok(()) };
    ctx.sentence(2)?;
    let cards = ctx.pile_cards(e.you, col);
    ctx.transfer_all(e.you, &cards, Dest::Hand(e.you))?;
    Ok(())
}

/// Draw and meld a {3}. If the melded card is a bottom card on your board, score it and any number of cards of its color in your hand.
fn taqiyya_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(3))?;

    ctx.sentence_on(2, &[c])?;
    if ctx.bottom(e.you, color(c)) != Some(c) {
        return Ok(());
    }
    ctx.score(e.you, c)?;
    let same = of_color(&ctx.hand(e.you), color(c));
    let more = ctx.choose_cards(e.you, &same, 0, same.len(), "score any number of cards of its color in your hand")?;
    ctx.score_all(e.you, &more)?;
    Ok(())
}

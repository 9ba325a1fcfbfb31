//! The Unseen cards of age 2.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Padlock", &[padlock_demand, padlock]);
    r.card("Password", &[password]);
    r.card("Exile", &[exile_demand, exile]);
    r.card("Fingerprints", &[fingerprints_splay, fingerprints]);
    r.card("Cipher", &[cipher, cipher_draw]);
    r.card("Counterfeiting", &[counterfeiting, counterfeiting_splay]);
    r.card("Astrology", &[astrology_splay, astrology]);
    r.card("Meteorology", &[meteorology, meteorology_zen]);
    r.card("Propaganda", &[propaganda_demand, propaganda]);
    r.card("Steganography", &[steganography]);
}

/// I demand you transfer one of your secrets to the available achievements!
fn padlock_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let secrets = ctx.secrets(e.you);
    if let Some(s) = ctx.choose_secret(e.you, &secrets, false, "transfer one of your secrets to the available achievements")? {
        ctx.transfer(e.you, s, Dest::AvailableAchievements)?;
    }
    Ok(())
}

/// If no card was transferred due to the demand, you may score up to three cards from your hand of different values.
fn padlock(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.due_to(Act::Transfer, e.card, 0) > 0 {
        return Ok(());
    }
    let hand = ctx.hand(e.you);
    let why = "you may score up to three cards from your hand of different values";
    let cards = ctx.choose_one_each(e.you, &hand, |c| card(c).age, 3, why)?;
    ctx.score_all(e.you, &cards)?;
    Ok(())
}

/// Draw and reveal a {2}. You may safeguard another card from your hand of the color of the drawn card. If you do, score the drawn card. Otherwise, return all cards from your hand except the drawn card.
fn password(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_and_reveal(e.you, e.age(2))?;
    ctx.sentence_on(2, &[drawn])?;
    let others: Vec<CardId> = of_color(&ctx.hand(e.you), color(drawn)).into_iter().filter(|c| *c != drawn).collect();
    let why = format!("you may safeguard another {} card from your hand", color(drawn));
    let safeguarded = match ctx.choose_card(e.you, &others, true, &why)? {
        Some(c) => ctx.safeguard(e.you, c)?,
        None => false,
    };
    ctx.sentence(3)?;
    if safeguarded {
        ctx.score(e.you, drawn)?;
    } else {
        ctx.sentence(4)?;
        let rest: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| *c != drawn).collect();
        ctx.return_all(e.you, &rest)?;
    }
    Ok(())
}

/// I demand you return a top card without [health] from your board! Return all cards of the returned card's value from your score pile!
fn exile_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !has_icon(*c, Icon::Health)).collect();
    let Some(c) = ctx.choose_card(e.you, &cands, false, "return a top card without [health] from your board")? else { return Ok(()) };
    if ctx.return_card(e.you, c)? {
        let same = of_value(&ctx.score_pile(e.you), card(c).age);
        ctx.return_all(e.you, &same)?;
    }
    Ok(())
}

/// If exactly one card was returned due to the demand, return Exile and draw a {3}.
fn exile(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Counted over every player who executed the demand during this action.
    if ctx.due_to(Act::Return, e.card, 0) == 1 {
        // Exile is returned from wherever it is in play (not again from a deck).
        if !matches!(ctx.st.locate(e.card), None | Some(Zone::Deck(..))) {
            ctx.return_card(e.you, e.card)?;
        }
        ctx.draw(e.you, e.age(3))?;
    }
    Ok(())
}

/// You may splay your red or yellow cards left.
fn fingerprints_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Red, Color::Yellow], Splay::Left)?;
    Ok(())
}

/// Safeguard an available achievement of value equal to the number of splayed colors on your board. Transfer a card of that value in your hand to any board.
fn fingerprints(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = Color::ALL.into_iter().filter(|c| ctx.splay_of(e.you, *c) != Splay::None).count() as u8;
    ctx.safeguard_an_available_achievement(e.you, &[v], false, &format!("safeguard an available achievement of value {v}"))?;
    ctx.sentence(2)?;
    let cands = of_value(&ctx.hand(e.you), v);
    let Some(c) = ctx.choose_card(e.you, &cands, false, &format!("transfer {} in your hand to any board", a_value(v)))? else {
        return Ok(());
    };
    let players = ctx.st.active_players();
    if let Some(q) = ctx.choose_player(e.you, &players, false, "transfer it to any board")? {
        ctx.transfer(e.you, c, Dest::Board(q))?;
    }
    Ok(())
}

/// Return all cards from your hand. If you return at least two, draw a card of value one higher than the highest value of card you return.
fn cipher(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let returned = ctx.return_all(e.you, &hand)?;
    ctx.sentence(2)?;
    if returned.len() >= 2 {
        let v = value(highest(&returned).first().copied());
        ctx.draw(e.you, v + 1)?;
    }
    Ok(())
}

/// Draw a {2}. You may splay your blue cards left.
fn cipher_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(2))?;
    ctx.sentence(2)?;
    ctx.may_splay(e.you, Color::Blue, Splay::Left)?;
    Ok(())
}

/// Score a top card from your board of a value not in your score pile. If you do, repeat this effect.
fn counterfeiting(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let scored: Vec<u8> = ctx.score_pile(e.you).iter().map(|c| card(*c).age).collect();
        let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !scored.contains(&card(*c).age)).collect();
        let why = "score a top card from your board of a value not in your score pile";
        let Some(c) = ctx.choose_card(e.you, &cands, false, why)? else { return Ok(()) };
        if !ctx.score(e.you, c)? {
            return Ok(());
        }
        ctx.sentence(2)?;
    }
}

/// You may splay your green or purple cards left.
fn counterfeiting_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Green, Color::Purple], Splay::Left)?;
    Ok(())
}

/// You may splay left the color of which you have the most cards on your board.
fn astrology_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let most = Color::ALL.iter().map(|c| ctx.pile_cards(e.you, *c).len()).max().unwrap_or(0);
    if most == 0 {
        return Ok(());
    }
    // With a tie, any of the tied colours is "the color of which you have the most cards".
    let tied: Vec<Color> = Color::ALL.into_iter().filter(|c| ctx.pile_cards(e.you, *c).len() == most).collect();
    let can: Vec<Color> = tied.into_iter().filter(|c| ctx.splayable(e.you, Splay::Left).contains(c)).collect();
    if let Some(col) = ctx.choose_color(e.you, &can, true, "you may splay left the color of which you have the most cards")? {
        ctx.splay(e.you, col, Splay::Left)?;
    }
    Ok(())
}

/// Draw and meld a card of value equal to the number of visible purple cards on your board. If the melded card has no [prosperity], tuck it.
fn astrology(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = ctx.st.pile(e.you, Color::Purple).visible_count() as u8;
    let c = ctx.draw_and_meld(e.you, v)?;
    ctx.sentence_on(2, &[c])?;
    if !has_icon(c, Icon::Prosperity) {
        ctx.tuck(e.you, c)?;
    }
    Ok(())
}

/// Draw and reveal a {3}. If it has [health], score it. Otherwise, if it has [prosperity], return it and draw two {3}. Otherwise, tuck it.
fn meteorology(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(3))?;
    ctx.sentence_on(2, &[c])?;
    if has_icon(c, Icon::Health) {
        ctx.score(e.you, c)?;
        return Ok(());
    }
    ctx.sentence_on(3, &[c])?;
    if has_icon(c, Icon::Prosperity) {
        ctx.return_card(e.you, c)?;
        ctx.draw_n(e.you, e.age(3), 2)?;
        return Ok(());
    }
    ctx.sentence_on(4, &[c])?;
    ctx.tuck(e.you, c)?;
    Ok(())
}

/// If you have no [authority], claim the Zen achievement.
fn meteorology_zen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.icons(e.you, Icon::Authority) == 0 {
        ctx.claim_special(e.you, Special::Zen)?;
    }
    Ok(())
}

/// I demand you meld a card of the color of my choice from your hand! If you do, transfer the card beneath it to my board!
fn propaganda_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // I choose among all colours: my opponent's hand is hidden from me.
    let Some(col) = ctx.choose_color(e.me, &Color::ALL, false, "choose a color for the demand")? else { return Ok(()) };
    let why = format!("meld a {col} card from your hand");
    let Some(c) = ctx.choose_card(e.you, &of_color(&ctx.hand(e.you), col), false, &why)? else { return Ok(()) };
    if ctx.meld(e.you, c)? {
        if let Some(beneath) = ctx.pile_cards(e.you, col).get(1).copied() {
            ctx.transfer(e.you, beneath, Dest::Board(e.me))?;
        }
    }
    Ok(())
}

/// Meld a card from your hand.
fn propaganda(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "meld a card from your hand")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// You may splay left a color on your board with [concept]. If you do, safeguard an available achievement of value equal to the number of cards of that color on your board. Otherwise, draw and tuck a {3}.
fn steganography(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let splayable = ctx.splayable(e.you, Splay::Left);
    let can: Vec<Color> = ctx.colors_with_icon(e.you, Icon::Concept).into_iter().filter(|c| splayable.contains(c)).collect();
    let splayed = match ctx.choose_color(e.you, &can, true, "you may splay left a color on your board with [concept]")? {
        Some(col) if ctx.splay(e.you, col, Splay::Left)? => Some(col),
        _ => None,
    };
    ctx.sentence(2)?;
    match splayed {
        Some(col) => {
            let v = ctx.pile_cards(e.you, col).len() as u8;
            ctx.safeguard_an_available_achievement(e.you, &[v], false, &format!("safeguard an available achievement of value {v}"))?;
        }
        None => {
            ctx.sentence(3)?;
            ctx.draw_and_tuck(e.you, e.age(3))?;
        }
    }
    Ok(())
}

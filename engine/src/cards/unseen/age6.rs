//! The Unseen cards of age 6.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Red Herring", &[red_herring_splay, red_herring]);
    r.card("Sniping", &[sniping_demand]);
    r.card("Attic", &[attic, attic_return, attic_score]);
    r.card("Sabotage", &[sabotage_demand]);
    r.card("Hiking", &[hiking]);
    r.card("Swiss Bank Account", &[swiss_bank_account, swiss_bank_account_draw]);
    r.card("Placebo", &[placebo]);
    r.card("Reconnaissance", &[reconnaissance_demand, reconnaissance]);
    r.card("Illuminati", &[illuminati]);
    r.card("Triad", &[triad]);
}

/// Splay your red cards left, right, or up.
fn red_herring_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Only the directions the red pile can really take are offered (two cards or more, a new direction).
    let all = [(Splay::Left, "left"), (Splay::Right, "right"), (Splay::Up, "up")];
    let can: Vec<(Splay, &str)> = all.into_iter().filter(|(d, _)| ctx.splayable(e.you, *d).contains(&Color::Red)).collect();
    let labels: Vec<&str> = can.iter().map(|(_, l)| *l).collect();
    if let Some(k) = ctx.choose_option(e.you, &labels, false, "splay your red cards left, right, or up")? {
        ctx.splay(e.you, Color::Red, can[k].0)?;
    }
    Ok(())
}

/// Draw and tuck a {6}. If the color on your board of the card you tuck is splayed in the same direction as your red cards, splay that color up. Otherwise, unsplay that color.
fn red_herring(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_tuck(e.you, e.age(6))?;
    ctx.sentence_on(2, &[c])?;
    let col = color(c);
    let dir = ctx.splay_of(e.you, col);
    // Unsplayed is no direction: two unsplayed colors are not "splayed in the same direction".
    if dir != Splay::None && dir == ctx.splay_of(e.you, Color::Red) {
        ctx.splay(e.you, col, Splay::Up)?;
    } else {
        ctx.sentence_on(3, &[c])?;
        ctx.unsplay(e.you, col)?;
    }
    Ok(())
}

/// I demand you unsplay the color on your board of my choice! Meld your bottom card of that color! Transfer your bottom non-top card of that color to my board!
fn sniping_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let colors = ctx.colors_on_board(e.you);
    let why = format!("choose a color on {}'s board", ctx.name(e.you));
    let Some(col) = ctx.choose_color(e.me, &colors, false, &why)? else { return Ok(()) };
    ctx.unsplay(e.you, col)?;
    if let Some(b) = ctx.bottom(e.you, col) {
        ctx.meld(e.you, b)?;
    }
    let pile = ctx.pile_cards(e.you, col);
    // The bottom card is a non-top card only when the pile holds two cards or more.
    if pile.len() >= 2 {
        if let Some(b) = ctx.bottom(e.you, col) {
            ctx.transfer(e.you, b, Dest::Board(e.me))?;
        }
    }
    Ok(())
}

/// You may score or safeguard a card from your hand.
fn attic(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    if hand.is_empty() {
        return Ok(());
    }
    let opts = ["score a card from your hand", "safeguard a card from your hand"];
    let Some(k) = ctx.choose_option(e.you, &opts, true, "you may score or safeguard a card from your hand")? else { return Ok(()) };
    let Some(c) = ctx.choose_card(e.you, &hand, false, opts[k])? else { return Ok(()) };
    if k == 0 {
        ctx.score(e.you, c)?;
    } else {
        ctx.safeguard(e.you, c)?;
    }
    Ok(())
}

/// Return a card from your score pile.
fn attic_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let score = ctx.score_pile(e.you);
    if let Some(c) = ctx.choose_card(e.you, &score, false, "return a card from your score pile")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Draw and score a card of value equal to a card in your score pile.
fn attic_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut values: Vec<u8> = ctx.score_pile(e.you).iter().map(|c| card(*c).age).collect();
    // An empty score pile: "the value of something you don't have" is 0, and a 0 is drawn.
    if values.is_empty() {
        values.push(0);
    }
    if let Some(v) = ctx.choose_value(e.you, &values, "draw and score a card of value equal to a card in your score pile")? {
        ctx.draw_and_score(e.you, v)?;
    }
    Ok(())
}

/// I demand you draw a {6}! Reveal the cards in your hand! Return the card of my choice from your hand! Tuck the top card from your board and all cards from your score pile of the same color as the returned card!
fn sabotage_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(6))?;
    ctx.reveal_hand(e.you)?;
    let hand = ctx.hand(e.you);
    let why = format!("return a card from {}'s hand", ctx.name(e.you));
    let Some(c) = ctx.choose_card(e.me, &hand, false, &why)? else { return Ok(()) };
    // "The returned card": a card a karma kept from being returned is none.
    if !ctx.return_card(e.you, c)? {
        return Ok(());
    }
    let col = color(c);
    if let Some(t) = ctx.top(e.you, col) {
        ctx.tuck(e.you, t)?;
    }
    let cards = of_color(&ctx.score_pile(e.you), col);
    ctx.tuck_all(e.you, &cards)?;
    Ok(())
}

/// Draw and reveal a {6}. If the top card on your board of the drawn card's color has [industry], tuck the drawn card and draw and reveal a {7}. If the second drawn card has [health], meld it and draw an {8}.
fn hiking(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let first = ctx.draw_and_reveal(e.you, e.age(6))?;
    ctx.sentence_on(2, &[first])?;
    if ctx.top(e.you, color(first)).is_some_and(|t| has_icon(t, Icon::Industry)) {
        ctx.tuck(e.you, first)?;
        let second = ctx.draw_and_reveal(e.you, e.age(7))?;
        ctx.sentence_on(3, &[second])?;
        if has_icon(second, Icon::Health) {
            ctx.meld(e.you, second)?;
            ctx.draw(e.you, e.age(8))?;
        }
    }
    Ok(())
}

/// Safeguard an available achievement of value equal to the number of cards in your score pile. If you do, score all cards in your hand of its value.
fn swiss_bank_account(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.score_pile(e.you).len();
    let Ok(v) = u8::try_from(n) else { return Ok(()) };
    let why = "safeguard an available achievement of value equal to the number of cards in your score pile";
    if ctx.safeguard_an_available_achievement(e.you, &[v], false, why)? {
        ctx.sentence(2)?;
        let cards = of_value(&ctx.hand(e.you), v);
        ctx.score_all(e.you, &cards)?;
    }
    Ok(())
}

/// Draw a {6} for each secret in your safe.
fn swiss_bank_account_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.secrets(e.you).len();
    ctx.draw_n(e.you, e.age(6), n)?;
    Ok(())
}

/// Return at least one card of one color from your board, from the top. Draw a {7} for each card you return. If you return exactly one {7}, draw an {8}.
fn placebo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let colors = ctx.colors_on_board(e.you);
    let Some(col) = ctx.choose_color(e.you, &colors, false, "return at least one card of one color from your board, from the top")? else {
        return Ok(());
    };
    let n = ctx.pile_cards(e.you, col).len();
    let counts: Vec<u8> = (1..=n.min(255) as u8).collect();
    let Some(k) = ctx.choose_value(e.you, &counts, "how many cards to return, from the top")? else { return Ok(()) };
    let mut returned = Vec::new();
    for _ in 0..k {
        let Some(t) = ctx.top(e.you, col) else { break };
        if ctx.return_card(e.you, t)? {
            returned.push(t);
        }
    }
    ctx.sentence(2)?;
    ctx.draw_n(e.you, e.age(7), returned.len())?;
    ctx.sentence(3)?;
    if of_value(&returned, e.age(7)).len() == 1 {
        ctx.draw(e.you, e.age(8))?;
    }
    Ok(())
}

/// I demand you reveal your hand!
fn reconnaissance_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.reveal_hand(e.you)
}

/// Draw and reveal three {7}. Return two of the drawn cards. You may splay the color of the card not returned right.
fn reconnaissance(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut drawn = Vec::new();
    for _ in 0..3 {
        drawn.push(ctx.draw_and_reveal(e.you, e.age(7))?);
    }
    ctx.sentence_on(2, &drawn)?;
    let two = ctx.choose_cards(e.you, &drawn, 2, 2, "return two of the drawn cards")?;
    ctx.return_all(e.you, &two)?;
    ctx.sentence_on(3, &drawn)?;
    if let Some(kept) = drawn.iter().copied().find(|c| !two.contains(c)) {
        ctx.may_splay(e.you, color(kept), Splay::Right)?;
    }
    Ok(())
}

/// Reveal a card in your hand. Splay the card's color on your board right. Safeguard the top card on your board of that color. Safeguard an available achievement of value one higher than the secret.
fn illuminati(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(c) = ctx.choose_card(e.you, &hand, false, "reveal a card in your hand")? else { return Ok(()) };
    ctx.reveal(e.you, c)?;
    let col = color(c);
    ctx.sentence(2)?;
    ctx.splay(e.you, col, Splay::Right)?;
    ctx.sentence(3)?;
    let Some(t) = ctx.top(e.you, col) else { return Ok(()) };
    // "The secret" is the card just safeguarded: if it did not reach the safe, there is none.
    if ctx.safeguard(e.you, t)? {
        ctx.sentence(4)?;
        let v = card(t).age + 1;
        ctx.safeguard_an_available_achievement(
            e.you,
            &[v],
            false,
            "safeguard an available achievement of value one higher than the secret",
        )?;
    }
    Ok(())
}

/// If you have at least three cards in your hand, return a card from your hand and splay the color of the returned card right, tuck a card from your hand, and score a card from your hand.
fn triad(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.hand(e.you).len() < 3 {
        return Ok(());
    }
    let hand = ctx.hand(e.you);
    if let Some(c) = ctx.choose_card(e.you, &hand, false, "return a card from your hand")? {
        // "The returned card": a card a karma kept from being returned is none.
        if ctx.return_card(e.you, c)? {
            ctx.splay(e.you, color(c), Splay::Right)?;
        }
    }
    let hand = ctx.hand(e.you);
    if let Some(c) = ctx.choose_card(e.you, &hand, false, "tuck a card from your hand")? {
        ctx.tuck(e.you, c)?;
    }
    let hand = ctx.hand(e.you);
    if let Some(c) = ctx.choose_card(e.you, &hand, false, "score a card from your hand")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

//! The Age 0 cards (base cards of age 0, in the game only once Bear Grylls introduces their deck).

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Fire", &[fire_demand, fire]);
    r.card("Stone Knives", &[stone_knives_demand, stone_knives]);
    r.card("Trapping", &[trapping_demand]);
    r.card("Fresh Water", &[fresh_water]);
    r.card("Shelter", &[shelter_demand]);
    r.card("Skinning", &[skinning]);
    r.card("Fishing", &[fishing]);
    r.card("Foraging", &[foraging]);
    r.card("Hunting", &[hunting_demand]);
    r.card("Curing", &[curing_score, curing_exchange]);
    r.card("First Aid", &[first_aid]);
    r.card("Knots", &[knots]);
    r.card("Speak with Bird", &[speak_with_bird]);
    r.card("Tanning", &[tanning_score, tanning_transfer]);
    r.card("Tracking", &[tracking]);
}

/// I demand you reveal a card in your hand of color not on my board or of value greater than 0!
/// If you don't, you lose!
fn fire_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mine = ctx.colors_on_board(e.me);
    let fits: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| !mine.contains(&color(*c)) || value(Some(*c)) > 0).collect();
    let why = format!("reveal a card in your hand of a color not on {}'s board or of value greater than 0", ctx.name(e.me));
    let revealed = match ctx.choose_card(e.you, &fits, false, &why)? {
        Some(c) => ctx.reveal(e.you, c)?,
        None => {
            // Verification: the hand is shown to prove there is no such card.
            ctx.reveal_hand(e.you)?;
            false
        }
    };
    if !revealed {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// Meld a card from your hand of color on your board. If you don't, you lose.
fn fire(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mine = ctx.colors_on_board(e.you);
    let fits: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| mine.contains(&color(*c))).collect();
    let melded = match ctx.choose_card(e.you, &fits, false, "meld a card from your hand of a color on your board")? {
        Some(c) => ctx.meld(e.you, c)?,
        None => false,
    };
    ctx.sentence(2)?;
    if !melded {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// I demand you draw, reveal, and return a {0}! Transfer your top card of the color of the
/// revealed card to my board!
fn stone_knives_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(0))?;
    ctx.return_card(e.you, c)?;
    if let Some(top) = ctx.top(e.you, color(c)) {
        ctx.transfer(e.you, top, Dest::Board(e.me))?;
    }
    Ok(())
}

/// If Skinning is a top card on your board, draw a {1}.
fn stone_knives(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.top_cards(e.you).iter().any(|c| card(*c).title == "Skinning") {
        ctx.draw(e.you, e.age(1))?;
    }
    Ok(())
}

/// I demand you reveal your hand and all cards in my score pile! Transfer all cards in your hand
/// of the colors of the cards in my score pile to my hand!
fn trapping_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.reveal_hand(e.you)?;
    let theirs = ctx.score_pile(e.me);
    for c in &theirs {
        ctx.reveal(e.you, *c)?;
    }
    let colors: Vec<Color> = theirs.iter().map(|c| color(*c)).collect();
    let taken: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| colors.contains(&color(*c))).collect();
    ctx.transfer_all(e.you, &taken, Dest::Hand(e.me))?;
    Ok(())
}

/// Splay an unsplayed color on your board left. If you don't, you lose.
fn fresh_water(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let unsplayed: Vec<Color> = ctx.splayable(e.you, Splay::Left).into_iter().filter(|c| ctx.splay_of(e.you, *c) == Splay::None).collect();
    let splayed = match ctx.choose_color(e.you, &unsplayed, false, "splay an unsplayed color on your board left")? {
        Some(col) => ctx.splay(e.you, col, Splay::Left)?,
        None => false,
    };
    ctx.sentence(2)?;
    if !splayed {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// I demand you score a card from your hand! If there are fewer cards in your score pile than in
/// mine, you lose!
fn shelter_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    if let Some(c) = ctx.choose_card(e.you, &hand, false, "score a card from your hand")? {
        ctx.score(e.you, c)?;
    }
    if ctx.score_pile(e.you).len() < ctx.score_pile(e.me).len() {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// Score a card with [meat] on your board. If you do, meld a card from your hand for each [meat]
/// on the scored card.
fn skinning(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // "On your board", not "top": covered cards too.
    let fits = with_icon(&ctx.board_cards(e.you), Icon::Meat);
    let scored = match ctx.choose_card(e.you, &fits, false, "score a card with [meat] on your board")? {
        Some(c) if ctx.score(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    let Some(c) = scored else { return Ok(()) };
    for _ in 0..card(c).icon_count(Icon::Meat) {
        let hand = ctx.hand(e.you);
        let Some(m) = ctx.choose_card(e.you, &hand, false, "meld a card from your hand")? else { break };
        ctx.meld(e.you, m)?;
    }
    Ok(())
}

/// Draw and meld a {0}. Reveal all hands and transfer all revealed cards of that drawn card's
/// color to your hand, and if you drew or transferred Fresh Water, draw a {1}. If you have three
/// cards of any one color in your hand, draw a {2}.
fn fishing(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_and_meld(e.you, e.age(0))?;
    ctx.sentence_on(2, &[drawn])?;
    let players = ctx.st.active_players();
    for q in &players {
        ctx.reveal_hand(*q)?;
    }
    let col = color(drawn);
    let revealed: Vec<CardId> = players.iter().filter(|q| **q != e.you).flat_map(|q| ctx.hand(*q)).filter(|c| color(*c) == col).collect();
    let mut fresh_water = card(drawn).title == "Fresh Water";
    for c in revealed {
        if ctx.transfer(e.you, c, Dest::Hand(e.you))? && card(c).title == "Fresh Water" {
            fresh_water = true;
        }
    }
    if fresh_water {
        ctx.draw(e.you, e.age(1))?;
    }
    ctx.sentence(3)?;
    let hand = ctx.hand(e.you);
    if Color::ALL.iter().any(|col| of_color(&hand, *col).len() >= 3) {
        ctx.draw(e.you, e.age(2))?;
    }
    Ok(())
}

/// Draw a {0}. If it has no [meat], you may reveal it, score it, and draw a {0}.
fn foraging(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw(e.you, e.age(0))?;
    ctx.sentence_on(2, &[c])?;
    if has_icon(c, Icon::Meat) {
        return Ok(());
    }
    // The drawn card is named to its owner only (`Prompt::about`): the question is posted publicly.
    let why = format!("reveal the drawn card, score it, and draw {}?", a_value(e.age(0)));
    if ctx.yes_no_about(e.you, c, &why)? {
        ctx.reveal(e.you, c)?;
        ctx.score(e.you, c)?;
        ctx.draw(e.you, e.age(0))?;
    }
    Ok(())
}

/// I demand you draw and reveal two {0}! Transfer the card of my choice to my board!
fn hunting_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = vec![ctx.draw_and_reveal(e.you, e.age(0))?, ctx.draw_and_reveal(e.you, e.age(0))?];
    let why = format!("choose the card {} transfers to your board", ctx.name(e.you));
    if let Some(c) = ctx.choose_card(e.me, &drawn, false, &why)? {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    Ok(())
}

/// Score another top card with a [meat] on your board. If you don't, you lose.
fn curing_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let fits: Vec<CardId> = with_icon(&ctx.top_cards(e.you), Icon::Meat).into_iter().filter(|c| *c != e.card).collect();
    let scored = match ctx.choose_card(e.you, &fits, false, "score another top card with [meat] on your board")? {
        Some(c) => ctx.score(e.you, c)?,
        None => false,
    };
    ctx.sentence(2)?;
    if !scored {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// You may exchange all cards in your hand with all the highest cards in an opponent's score pile.
fn curing_exchange(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let opponents = ctx.opponents(e.you);
    let why = "you may exchange all cards in your hand with all the highest cards in an opponent's score pile: whose?";
    let Some(q) = ctx.choose_player(e.you, &opponents, true, why)? else { return Ok(()) };
    let hand = ctx.hand(e.you);
    let theirs = highest(&ctx.score_pile(q));
    ctx.exchange(e.you, &hand, Dest::Score(q), &theirs, Dest::Hand(e.you))
}

/// Return a top card from your board. Draw a {0}. Reveal your hand. If you have exactly one card
/// in your hand of the color of the returned card, meld it. Otherwise, you lose.
fn first_aid(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops = ctx.top_cards(e.you);
    let returned = match ctx.choose_card(e.you, &tops, false, "return a top card from your board")? {
        Some(c) if ctx.return_card(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    ctx.draw(e.you, e.age(0))?;
    ctx.sentence(3)?;
    ctx.reveal_hand(e.you)?;
    ctx.sentence(4)?;
    let same = returned.map(|r| of_color(&ctx.hand(e.you), color(r))).unwrap_or_default();
    if let [only] = same[..] {
        ctx.meld(e.you, only)?;
    }
    ctx.sentence(5)?;
    if same.len() != 1 {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// Reveal a card in your score pile of a color on your board. If you do, draw a {1}.
fn knots(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mine = ctx.colors_on_board(e.you);
    let fits: Vec<CardId> = ctx.score_pile(e.you).into_iter().filter(|c| mine.contains(&color(*c))).collect();
    let revealed = match ctx.choose_card(e.you, &fits, false, "reveal a card in your score pile of a color on your board")? {
        Some(c) => ctx.reveal(e.you, c)?,
        None => false,
    };
    ctx.sentence(2)?;
    if revealed {
        ctx.draw(e.you, e.age(1))?;
    }
    Ok(())
}

/// If you have five top cards of value 0 on your board, you win.
fn speak_with_bird(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let zeros = ctx.top_cards(e.you).into_iter().filter(|c| crate::derived::value_of(ctx.st, *c) == 0).count();
    if zeros == 5 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Score two cards from your hand.
fn tanning_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    for c in ctx.choose_cards(e.you, &hand, hand.len().min(2), 2, "score two cards from your hand")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Transfer a card from your score pile to another player's board. If you do, meld that player's
/// bottom card of the transferred card's color.
fn tanning_transfer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let pile = ctx.score_pile(e.you);
    let mut transferred = None;
    if let Some(c) = ctx.choose_card(e.you, &pile, false, "transfer a card from your score pile to another player's board")? {
        let others: Vec<PlayerId> = ctx.others(e.you).into_iter().filter(|q| !ctx.st.players[*q].eliminated).collect();
        // The card lies in a score pile, hidden: the public question does not name it.
        let why = "to whose board does the card from your score pile go?";
        if let Some(q) = ctx.choose_player(e.you, &others, false, why)? {
            if ctx.transfer(e.you, c, Dest::Board(q))? {
                transferred = Some((c, q));
            }
        }
    }
    ctx.sentence(2)?;
    let Some((c, q)) = transferred else { return Ok(()) };
    if let Some(bottom) = ctx.bottom(q, color(c)) {
        ctx.meld(e.you, bottom)?;
    }
    Ok(())
}

/// Draw two {0}. Return one of them.
fn tracking(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_n(e.you, e.age(0), 2)?;
    ctx.sentence_on(2, &drawn)?;
    let held: Vec<CardId> = drawn.into_iter().filter(|c| ctx.st.locate(*c) == Some(Zone::Hand(e.you))).collect();
    if let Some(c) = ctx.choose_card(e.you, &held, false, "return one of the drawn cards")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

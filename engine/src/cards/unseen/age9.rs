//! The Unseen cards of age 9.

use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Iron Curtain", &[iron_curtain]);
    r.card("McCarthyism", &[mccarthyism_demand, mccarthyism_score, mccarthyism_splay]);
    r.card("Magic 8-Ball", &[magic_8_ball]);
    r.card("Surveillance", &[surveillance_demand, surveillance]);
    r.card("Area 51", &[area_51_splay, area_51_choose, area_51_reveal]);
    r.card("Teleprompter", &[teleprompter]);
    r.card("Consulting", &[consulting]);
    r.card("Fermi Paradox", &[fermi_paradox_reveal, fermi_paradox_win]);
    r.card("Clown Car", &[clown_car_demand]);
    r.card("Urban Legend", &[urban_legend_draw, urban_legend_splay]);
}

/// "Safeguard an available standard achievement": any of them, chosen by its back.
fn safeguard_any_available(ctx: &mut Ctx, p: PlayerId) -> Res<bool> {
    let values: Vec<u8> = (0..=11).collect();
    ctx.safeguard_an_available_achievement(p, &values, false, "safeguard an available standard achievement")
}

/// Unsplay each splayed color on your board. For each color you unsplay, return your top card of
/// that color and safeguard an available standard achievement.
fn iron_curtain(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut unsplayed = Vec::new();
    for col in Color::ALL {
        if ctx.unsplay(e.you, col)? {
            unsplayed.push(col);
        }
    }
    ctx.sentence(2)?;
    for col in unsplayed {
        if let Some(c) = ctx.top(e.you, col) {
            ctx.return_card(e.you, c)?;
        }
        safeguard_any_available(ctx, e.you)?;
    }
    Ok(())
}

/// I demand you draw and meld an {8}! If Socialism is a top card on your board, you lose!
fn mccarthyism_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(8))?;
    if ctx.top_cards(e.you).iter().any(|c| card(*c).title == "Socialism") {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// Score your top purple card.
fn mccarthyism_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.top(e.you, Color::Purple) {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// You may splay your red or blue cards up.
fn mccarthyism_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Red, Color::Blue], Splay::Up)?;
    Ok(())
}

/// Choose whether you wish to draw two {10}, draw and score two {8}, or safeguard two available
/// standard achievements. Draw and tuck an {8}. If it has [concept], do as you wish. If it is
/// red or purple, repeat this effect.
fn magic_8_ball(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let draw_two = format!("draw two {{{}}}", e.age(10));
    let draw_and_score_two = format!("draw and score two {{{}}}", e.age(8));
    let labels = [draw_two.as_str(), draw_and_score_two.as_str(), "safeguard two available standard achievements"];
    loop {
        ctx.sentence(1)?;
        let wish = ctx.choose_option(e.you, &labels, false, "choose whether you wish to")?;
        ctx.sentence(2)?;
        let c = ctx.draw_and_tuck(e.you, e.age(8))?;
        ctx.sentence_on(3, &[c])?;
        if has_icon(c, Icon::Concept) {
            match wish {
                Some(0) => {
                    ctx.draw_n(e.you, e.age(10), 2)?;
                }
                Some(1) => {
                    ctx.draw_and_score(e.you, e.age(8))?;
                    ctx.draw_and_score(e.you, e.age(8))?;
                }
                Some(_) => {
                    safeguard_any_available(ctx, e.you)?;
                    safeguard_any_available(ctx, e.you)?;
                }
                None => {}
            }
        }
        ctx.sentence_on(4, &[c])?;
        if !matches!(color(c), Color::Red | Color::Purple) {
            return Ok(());
        }
    }
}

/// I demand you reveal your hand! If each color present in my hand is present in yours, and
/// vice versa, and your hand is not empty, I win!
fn surveillance_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.reveal_hand(e.you)?;
    let colors = |cards: Vec<CardId>| -> Vec<Color> { Color::ALL.into_iter().filter(|c| !of_color(&cards, *c).is_empty()).collect() };
    let (yours, mine) = (ctx.hand(e.you), ctx.hand(e.me));
    if !yours.is_empty() && colors(yours) == colors(mine) {
        return Err(ctx.win(e.me));
    }
    Ok(())
}

/// Draw a {10}.
fn surveillance(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(10))?;
    Ok(())
}

/// You may splay your green cards up.
fn area_51_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Green, Splay::Up)?;
    Ok(())
}

/// Choose to either draw an {11}, or safeguard an available standard achievement.
fn area_51_choose(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let draw = format!("draw an {{{}}}", e.age(11));
    let labels = [draw.as_str(), "safeguard an available standard achievement"];
    match ctx.choose_option(e.you, &labels, false, "choose to either draw or safeguard")? {
        Some(0) => {
            ctx.draw(e.you, e.age(11))?;
        }
        Some(_) => {
            safeguard_any_available(ctx, e.you)?;
        }
        None => {}
    }
    Ok(())
}

/// Reveal one of your secrets, and super-execute it if it is your turn.
fn area_51_reveal(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(c) = ctx.choose_secret(e.you, &ctx.secrets(e.you), false, "reveal one of your secrets")? else { return Ok(()) };
    ctx.reveal(e.you, c)?;
    if ctx.st.turn.player == e.you {
        ctx.super_execute(e.you, c)?;
    }
    Ok(())
}

/// Reveal the top card of any value deck of any set. Execute the first sentence of non-demand
/// dogma effect on the card. If you do, return the revealed card and repeat this effect using
/// the next sentence.
fn teleprompter(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut k = 1;
    loop {
        // "Repeat this effect": back to its first sentence.
        ctx.sentence(1)?;
        // Any deck of a set in play, 1 to 11; an empty deck has no top card to reveal.
        let sets: Vec<Set> = ctx.st.sets.iter().collect();
        let tops: Vec<CardId> =
            sets.into_iter().flat_map(|s| (1..=11).map(move |a| (s, a))).filter_map(|(s, a)| ctx.st.deck(s, a).last().copied()).collect();
        let Some(c) = ctx.choose_card(e.you, &tops, false, "reveal the top card of any value deck of any set")? else { return Ok(()) };
        // Chosen by its back: the card on top is the one revealed.
        ctx.reveal(e.you, c)?;
        ctx.sentence_on(2, &[c])?;
        // "If you do": the revealed card has a sentence of that number to execute.
        if !ctx.execute_sentence(e.you, c, k)? {
            return Ok(());
        }
        ctx.sentence_on(3, &[c])?;
        ctx.return_card(e.you, c)?;
        k += 1;
    }
}

/// Choose an opponent. Draw and meld two {10}. Self-execute the top card on your board of that
/// player's choice.
fn consulting(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let opp = ctx.choose_player(e.you, &ctx.opponents(e.you), false, "choose an opponent")?;
    ctx.sentence(2)?;
    ctx.draw_and_meld(e.you, e.age(10))?;
    ctx.draw_and_meld(e.you, e.age(10))?;
    ctx.sentence(3)?;
    let Some(q) = opp else { return Ok(()) };
    let why = format!("choose the top card on {}'s board that they self-execute", ctx.name(e.you));
    if let Some(c) = ctx.choose_card(q, &ctx.top_cards(e.you), false, &why)? {
        ctx.self_execute(e.you, c)?;
    }
    Ok(())
}

/// Reveal the top card of the {9} deck and the {10} deck. Return the top card of the {9} deck or
/// the {10} deck.
fn fermi_paradox_reveal(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The base decks of those values; an empty deck has no top card.
    let (nine, ten) = (e.age(9), e.age(10));
    let tops: Vec<CardId> = [nine, ten].into_iter().filter_map(|a| ctx.top_of_deck(a)).collect();
    for &c in &tops {
        ctx.reveal(e.you, c)?;
    }
    ctx.sentence(2)?;
    let why = format!("return the top card of the {nine} deck or the {ten} deck");
    if let Some(c) = ctx.choose_card(e.you, &tops, false, &why)? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// If you have no cards on your board, you win. Otherwise, transfer all valued cards in the junk
/// to your hand.
fn fermi_paradox_win(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.colors_on_board(e.you).is_empty() {
        return Err(ctx.win(e.you));
    }
    ctx.sentence(2)?;
    // Every card in the junk has a value (special achievements there are not cards).
    let junk = ctx.st.junk.clone();
    ctx.transfer_all(e.you, &junk, Dest::Hand(e.you))?;
    Ok(())
}

/// I demand you transfer a card from my score pile to your board! If the transferred card has
/// no [prosperity], repeat this effect!
fn clown_car_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        let why = format!("transfer a card from {}'s score pile to your board", ctx.name(e.me));
        let Some(c) = ctx.choose_backs(e.you, &ctx.score_pile(e.me), 1, 1, &why)?.first().copied() else { return Ok(()) };
        if !ctx.transfer(e.you, c, Dest::Board(e.you))? || has_icon(c, Icon::Prosperity) {
            return Ok(());
        }
    }
}

/// For each color on your board with [industry], draw a {9}. If you draw five cards, you win.
fn urban_legend_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.colors_with_icon(e.you, Icon::Industry).len();
    // Only this effect's own draws count: "if clauses ignore anything that happened during a
    // triggered Karma effect" (a karma's "instead" draws nothing here).
    let (m, cause) = (ctx.mark(), ctx.cause());
    ctx.draw_n(e.you, e.age(9), n)?;

    ctx.sentence(2)?;
    if ctx.since(m).iter().filter(|h| h.act == Act::Draw && h.cause == cause).count() == 5 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// You may splay your yellow or purple cards up.
fn urban_legend_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Yellow, Color::Purple], Splay::Up)?;
    Ok(())
}

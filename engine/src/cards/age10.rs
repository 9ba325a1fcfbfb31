//! The base cards of age 10.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Miniaturization", &[miniaturization]);
    r.card("Robotics", &[robotics]);
    r.card("Globalization", &[globalization_demand, globalization]);
    r.card("Stem Cells", &[stem_cells_score, stem_cells_draw]);
    r.card("Databases", &[databases_demand]);
    r.card("Self Service", &[self_service_win, self_service_execute]);
    r.card("Bioengineering", &[bioengineering_score, bioengineering_win]);
    r.card("Software", &[software_score, software_meld]);
    r.card("A. I.", &[ai_score, ai_win]);
    r.card("The Internet", &[the_internet_splay, the_internet_score, the_internet_meld]);
}

/// Return a card from your hand. If you return a {10}, draw a {10} for every
/// different value of card in your score pile. If you return an {11}, junk all
/// cards in the {11} deck.
fn miniaturization(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "return a card from your hand")? else {
        return Ok(());
    };
    if !ctx.return_card(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    if value(Some(c)) == e.age(10) {
        let mut values: Vec<u8> = ctx.score_pile(e.you).iter().map(|s| card(*s).age).collect();
        values.sort();
        values.dedup();
        ctx.draw_n(e.you, e.age(10), values.len())?;
    }
    ctx.sentence(3)?;
    // The returned 11 is at the bottom of the 11 deck by then, and is junked with it.
    if value(Some(c)) == e.age(11) {
        ctx.junk_deck(e.you, e.age(11))?;
    }
    Ok(())
}

/// Score your top green card. Draw and meld a {10}. If it has [industry] or
/// [efficiency], self-execute it.
fn robotics(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.top(e.you, Color::Green) {
        ctx.score(e.you, c)?;
    }
    ctx.sentence(2)?;
    let c = ctx.draw_and_meld(e.you, e.age(10))?;
    ctx.sentence_on(3, &[c])?;
    if has_icon(c, Icon::Industry) || has_icon(c, Icon::Efficiency) {
        ctx.self_execute(e.you, c)?;
    }
    Ok(())
}

/// I demand you return a top card with [health] from your board!
fn globalization_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = with_icon(&ctx.top_cards(e.you), Icon::Health);
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "return a top card with [health] from your board")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Draw and meld an {11}. If no player has more [health] than [industry] on
/// their board, the single player with the most points wins.
fn globalization(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(11))?;
    ctx.sentence(2)?;
    let players = ctx.st.active_players();
    if players.iter().all(|p| ctx.icons(*p, Icon::Health) <= ctx.icons(*p, Icon::Industry)) {
        ctx.single_player_with_most_wins(|st, p| crate::derived::score(st, p) as i64)?;
    }
    Ok(())
}

/// You may score all cards from your hand. If you score one, you must score them all.
fn stem_cells_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    if !hand.is_empty() && ctx.yes_no(e.you, "you may score all cards from your hand")? {
        ctx.score_all(e.you, &hand)?;
    }
    // "If you score one, you must score them all": the yes above scores them all.
    ctx.sentence(2)?;
    Ok(())
}

/// Draw an {11}.
fn stem_cells_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(11))?;
    Ok(())
}

/// I demand you return a number of cards from your score pile equal to the
/// value of your highest achievement!
fn databases_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Special achievements have no value; with none of value the number is 0.
    let n = ctx.st.players[e.you].achievements.iter().filter_map(|a| a.value()).max().unwrap_or(0) as usize;
    if n == 0 {
        return Ok(());
    }
    let why = format!("return {n} cards from your score pile");
    let chosen = ctx.choose_cards(e.you, &ctx.score_pile(e.you), n, n, &why)?;
    ctx.return_all(e.you, &chosen)?;
    Ok(())
}

/// If you have at least twice as many achievements as each opponent, you win.
fn self_service_win(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Read literally: zero achievements are at least twice zero.
    let mine = ctx.st.players[e.you].achievements.len();
    if ctx.opponents(e.you).iter().all(|o| mine >= 2 * ctx.st.players[*o].achievements.len()) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Self-execute any top card other than Self Service on your board.
fn self_service_execute(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| *c != e.card).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "self-execute a top card other than Self Service on your board")? {
        ctx.self_execute(e.you, c)?;
    }
    Ok(())
}

/// Score a top card with [health] on any opponent's board.
fn bioengineering_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.opponents(e.you).into_iter().flat_map(|o| with_icon(&ctx.top_cards(o), Icon::Health)).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score a top card with [health] on any opponent's board")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// If any player has fewer than two [health] on their board, the single player
/// with the most [health] on their board wins.
fn bioengineering_win(ctx: &mut Ctx, _e: Exec) -> Res<()> {
    let players = ctx.st.active_players();
    if players.iter().any(|p| ctx.icons(*p, Icon::Health) < 2) {
        ctx.single_player_with_most_wins(|st, p| crate::derived::icon_count(st, p, Icon::Health) as i64)?;
    }
    Ok(())
}

/// Draw and score a {10}.
fn software_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_score(e.you, e.age(10))?;
    Ok(())
}

/// Draw and meld two {9}, then self-execute the second card.
fn software_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(9))?;
    let second = ctx.draw_and_meld(e.you, e.age(9))?;
    ctx.self_execute(e.you, second)
}

/// Draw and score a {10}.
fn ai_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_score(e.you, e.age(10))?;
    Ok(())
}

/// If Robotics and Software are top cards on any board, the single player with
/// the lowest score wins.
fn ai_win(ctx: &mut Ctx, _e: Exec) -> Res<()> {
    // Each may be on any board: they need not share one.
    let tops: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|p| ctx.top_cards(p)).collect();
    let is_top = |title: &str| tops.iter().any(|c| card(*c).title == title);
    if is_top("Robotics") && is_top("Software") {
        ctx.single_player_with_most_wins(|st, p| -(crate::derived::score(st, p) as i64))?;
    }
    Ok(())
}

/// You may splay your green cards up.
fn the_internet_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Green, Splay::Up)?;
    Ok(())
}

/// Draw and score a {10}.
fn the_internet_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_score(e.you, e.age(10))?;
    Ok(())
}

/// Draw and meld a {10} for every two [efficiency] on your board.
fn the_internet_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Counted once, before the first draw: the cards melded do not change the number.
    let n = ctx.icons(e.you, Icon::Efficiency) / 2;
    for _ in 0..n {
        ctx.draw_and_meld(e.you, e.age(10))?;
    }
    Ok(())
}

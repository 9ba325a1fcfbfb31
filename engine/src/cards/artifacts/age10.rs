//! The Artifacts cards of age 10.

#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::primitives::DrawFrom;
use crate::state::Zone;

pub fn register(r: &mut Registry) {
    r.card("Maldives", &[maldives_compel, maldives]);
    r.card("Tanker Exxon Valdez", &[tanker_exxon_valdez_compel]);
    r.card("Dolly the Sheep", &[dolly_the_sheep, dolly_the_sheep_junk]);
    r.card("Where's Waldo?", &[wheres_waldo]);
    r.card("Musk's Tesla Roadster", &[musks_tesla_roadster]);
    r.card("Seikan Tunnel", &[seikan_tunnel]);
    r.card("Higgs Boson", &[higgs_boson]);
    r.card("Rover Curiosity", &[rover_curiosity]);
    r.card("DeLorean DMC-12", &[delorean_dmc_12]);
    r.card("Dragon's Lair", &[dragons_lair_compel]);
}

/// "Return all cards in your X but N": the player keeps `keep` of them, chosen (asked as the cards
/// kept, as "all but one" is), and returns the others.
fn return_all_but(ctx: &mut Ctx, p: PlayerId, cards: &[CardId], keep: usize, why: &str) -> Res<()> {
    if cards.len() <= keep {
        return Ok(());
    }
    let kept = ctx.choose_cards(p, cards, keep, keep, why)?;
    let others: Vec<CardId> = cards.iter().copied().filter(|c| !kept.contains(c)).collect();
    ctx.return_all(p, &others)?;
    Ok(())
}

/// I compel you to return all cards in your hand but two! Return all cards in your score pile but
/// two!
fn maldives_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    return_all_but(ctx, e.you, &hand, 2, "choose the two cards you keep in your hand: the others are returned")?;
    let score = ctx.score_pile(e.you);
    return_all_but(ctx, e.you, &score, 2, "choose the two cards you keep in your score pile: the others are returned")
}

/// Return all cards in your score pile but four.
fn maldives(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let score = ctx.score_pile(e.you);
    return_all_but(ctx, e.you, &score, 4, "choose the four cards you keep in your score pile: the others are returned")
}

/// I compel you to junk all your cards! You lose!
fn tanker_exxon_valdez_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Every card the player has anywhere: hand, score pile, board, achievements, and the
    // expansions' zones (an Artifact leaving a Museum sends the Museum back to the supply).
    let all = ctx.st.players[e.you].all_cards();
    ctx.junk_all(e.you, &all)?;
    ctx.lose(e.you)
}

/// You may score your bottom yellow card. You may draw and tuck a {1}. If your bottom yellow card
/// is Domestication, you win. Otherwise, meld the highest card in your hand, then draw a {11}.
fn dolly_the_sheep(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(b) = ctx.bottom(e.you, Color::Yellow) {
        if ctx.yes_no(e.you, "you may score your bottom yellow card")? {
            ctx.score(e.you, b)?;
        }
    }
    ctx.sentence(2)?;
    if ctx.yes_no(e.you, &format!("you may draw and tuck {}", a_value(e.age(1))))? {
        ctx.draw_and_tuck(e.you, e.age(1))?;
    }
    ctx.sentence(3)?;
    if ctx.bottom(e.you, Color::Yellow).is_some_and(|b| card(b).title == "Domestication") {
        return Err(ctx.win(e.you));
    }
    ctx.sentence(4)?;
    let high = highest(&ctx.hand(e.you));
    if let Some(c) = ctx.choose_card(e.you, &high, false, "meld the highest card in your hand")? {
        ctx.meld(e.you, c)?;
    }
    ctx.draw(e.you, e.age(11))?;
    Ok(())
}

/// Junk all available achievements.
fn dolly_the_sheep_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The standard and the special achievements in the supply (a Museum is not an achievement
    // until it is claimed).
    for c in ctx.available_achievements() {
        ctx.junk_achievement(e.you, c)?;
    }
    for s in ctx.st.specials.clone() {
        ctx.junk_special(e.you, s)?;
    }
    Ok(())
}

/// You win.
fn wheres_waldo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    Err(ctx.win(e.you))
}

/// If you have the most cards in your score pile, you win. Otherwise, draw and reveal an {11}.
/// Score all cards on your board of the color of the drawn card. If you do, return the drawn card.
/// Otherwise, meld it.
fn musks_tesla_roadster(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mine = ctx.score_pile(e.you).len();
    // "The most": more than every other player.
    if ctx.others(e.you).iter().all(|q| ctx.st.players[*q].score.len() < mine) {
        return Err(ctx.win(e.you));
    }
    ctx.sentence(2)?;
    let d = ctx.draw_and_reveal(e.you, e.age(11))?;
    ctx.sentence_on(3, &[d])?;
    let col = color(d);
    let on_board: Vec<CardId> = ctx.pile_cards(e.you, col);
    let scored = !ctx.score_all(e.you, &on_board)?.is_empty();
    ctx.sentence_on(4, &[d])?;
    if scored {
        ctx.return_card(e.you, d)?;
        return Ok(());
    }
    ctx.sentence_on(5, &[d])?;
    ctx.meld(e.you, d)?;
    Ok(())
}

/// If you have the most cards of a color visible on your board out of all colors on all boards,
/// you win.
fn seikan_tunnel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let most = |ctx: &Ctx, p: PlayerId| Color::ALL.into_iter().map(|col| ctx.st.pile(p, col).visible_count()).max().unwrap_or(0);
    let mine = most(ctx, e.you);
    // More than any colour on any other board (two colours of one's own tied is still the most).
    if mine > 0 && ctx.others(e.you).iter().all(|q| most(ctx, *q) < mine) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Score all cards on your board.
fn higgs_boson(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let all: Vec<CardId> = Color::ALL.into_iter().flat_map(|col| ctx.pile_cards(e.you, col)).collect();
    ctx.score_all(e.you, &all)?;
    Ok(())
}

/// Draw and meld an Artifact {10}, then self-execute it.
fn rover_curiosity(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // An empty Artifacts deck gives a base card (the expansions' draw rule).
    let c = ctx.draw_from(e.you, e.age(10), DrawFrom::Set(Set::Artifacts))?;
    ctx.meld(e.you, c)?;
    ctx.self_execute(e.you, c)
}

/// If Delorean DMC-12 is a top card on any board, junk a top card of each color from each board
/// and all cards in all hands.
fn delorean_dmc_12(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !matches!(ctx.st.locate(e.card), Some(Zone::Pile(q, col)) if ctx.top(q, col) == Some(e.card)) {
        return Ok(());
    }
    let players = ctx.st.active_players();
    let tops: Vec<CardId> = players.iter().flat_map(|q| ctx.top_cards(*q)).collect();
    ctx.junk_all(e.you, &tops)?;
    let hands: Vec<CardId> = players.iter().flat_map(|q| ctx.hand(*q)).collect();
    ctx.junk_all(e.you, &hands)?;
    Ok(())
}

/// I compel you to meld the lowest card in your score pile with a unique value! If you do, meld a
/// card of the same color from your hand! If you meld one card total, you lose! Otherwise, junk
/// the top card of each deck!
fn dragons_lair_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let score = ctx.score_pile(e.you);
    let unique: Vec<CardId> = score.iter().copied().filter(|c| of_value(&score, card(*c).age).len() == 1).collect();
    let mut melded = 0;
    // Values are unique: the lowest is one card.
    if let Some(low) = lowest(&unique).first().copied() {
        if ctx.meld(e.you, low)? {
            melded += 1;
            let same = of_color(&ctx.hand(e.you), color(low));
            if let Some(c) = ctx.choose_card(e.you, &same, false, "meld a card of the same color from your hand")? {
                if ctx.meld(e.you, c)? {
                    melded += 1;
                }
            }
        }
    }
    if melded == 1 {
        return ctx.lose(e.you);
    }
    // Every supply deck of every set in play (the Age 0 deck once introduced).
    let first = if ctx.st.age_zero { 0 } else { 1 };
    let mut tops: Vec<CardId> = Vec::new();
    for set in ctx.st.sets.iter() {
        for a in first..=11 {
            tops.extend(ctx.st.deck(set, a).last().copied());
        }
    }
    ctx.junk_all(e.you, &tops)?;
    Ok(())
}

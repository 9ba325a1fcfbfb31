//! The Artifacts cards of age 3.

use super::age1::{claim_ignoring_eligibility, junk_deck_of_value, top_cards_anywhere, top_value};
#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Excalibur", &[excalibur_compel]);
    r.card("Mjölnir Amulet", &[mjolnir_amulet_compel]);
    r.card("Along the River during the Qingming Festival", &[along_the_river]);
    r.card("Moylough Belt Shrine", &[moylough_belt_shrine_compel]);
    r.card("Ife Head", &[ife_head]);
    r.card("Philosopher's Stone", &[philosophers_stone]);
    r.card("Dunhuang Star Chart", &[dunhuang_star_chart]);
    r.card("Yata No Kagami", &[yata_no_kagami]);
    r.card("Necronomicon", &[necronomicon]);
    r.card("Shroud of Turin", &[shroud_of_turin]);
}

/// I compel you to transfer a top card of higher value than my top card of the same color from your board to my board!
fn excalibur_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // My missing top card of a colour is worth 0.
    let cands: Vec<CardId> = ctx
        .top_cards(e.you)
        .into_iter()
        .filter(|c| top_value(ctx, *c) > ctx.top(e.me, color(*c)).map_or(0, |m| top_value(ctx, m)))
        .collect();
    let why = "transfer a top card of higher value than my top card of the same color from your board to my board";
    if let Some(c) = ctx.choose_card(e.you, &cands, false, why)? {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    Ok(())
}

/// I compel you to choose a top card on your board! Transfer all cards of that card's color from your board to my score pile!
fn mjolnir_amulet_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops = ctx.top_cards(e.you);
    let Some(c) = ctx.choose_card(e.you, &tops, false, "choose a top card on your board")? else { return Ok(()) };
    let cards = ctx.pile_cards(e.you, color(c));
    ctx.transfer_all(e.you, &cards, Dest::Score(e.me))?;
    Ok(())
}

/// Draw and reveal a {4}. If it is yellow, tuck it. If it is purple, score it. Otherwise, repeat this effect.
fn along_the_river(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_reveal(e.you, e.age(4))?;
        ctx.sentence_on(2, &[c])?;
        if color(c) == Color::Yellow {
            ctx.tuck(e.you, c)?;
            return Ok(());
        }
        ctx.sentence_on(3, &[c])?;
        if color(c) == Color::Purple {
            ctx.score(e.you, c)?;
            return Ok(());
        }
        ctx.sentence_on(4, &[c])?;
    }
}

/// I compel you to reveal all cards in your hand and transfer the card of my choice to my board! If you do, junk all cards in the deck of the chosen card's value!
fn moylough_belt_shrine_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.reveal_hand(e.you)?;
    let hand = ctx.hand(e.you);
    let why = format!("choose the card of {}'s hand to transfer to your board", ctx.name(e.you));
    let Some(c) = ctx.choose_card(e.me, &hand, false, &why)? else { return Ok(()) };
    if ctx.transfer(e.you, c, Dest::Board(e.me))? {
        junk_deck_of_value(ctx, e.you, card(c).age)?;
    }
    Ok(())
}

/// Splay right an unsplayed color on your board. Junk an available achievement of value equal to the number of cards of that color on your board. If you don't, draw a card of that value.
fn ife_head(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Any unsplayed colour on the board may be chosen; a lone card stays unsplayed (the golden rule).
    let unsplayed: Vec<Color> = ctx.colors_on_board(e.you).into_iter().filter(|c| ctx.splay_of(e.you, *c) == Splay::None).collect();
    let col = ctx.choose_color(e.you, &unsplayed, false, "splay right an unsplayed color on your board")?;
    if let Some(col) = col {
        ctx.splay(e.you, col, Splay::Right)?;
    }
    ctx.sentence(2)?;
    let Some(col) = col else { return Ok(()) };
    let n = ctx.pile_cards(e.you, col).len().min(255) as u8;
    let junked = ctx.junk_an_available_achievement(e.you, &[n], false, &format!("junk an available achievement of value {n}"))?;
    ctx.sentence(3)?;
    if !junked {
        ctx.draw(e.you, n)?;
    }
    Ok(())
}

/// Return a card from your hand. Score a number of cards from your hand equal to the value of the card you return. Junk all cards in the deck of value equal to the total value of the cards you score.
fn philosophers_stone(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_card(e.you, &hand, false, "return a card from your hand")?;
    let returned = match chosen {
        Some(c) if ctx.return_card(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    let n = usize::from(value(returned));
    let hand = ctx.hand(e.you);
    let to_score = if n == 0 { Vec::new() } else { ctx.choose_cards(e.you, &hand, n, n, &format!("score {n} cards from your hand"))? };
    let scored = ctx.score_all(e.you, &to_score)?;
    let total: u32 = scored.iter().map(|c| u32::from(card(*c).age)).sum();
    ctx.sentence(3)?;
    junk_deck_of_value(ctx, e.you, total.min(255) as u8)
}

/// Return all cards from your hand. Draw a card of value equal to the number of cards you return.
fn dunhuang_star_chart(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let n = ctx.return_all(e.you, &hand)?.len();
    ctx.sentence(2)?;
    ctx.draw(e.you, n.min(255) as u8)?;
    Ok(())
}

/// Reveal a card from your hand. If you do, splay left its color on your board, then choose a top card other than Yata No Kagami of that color on any board and self-execute it.
fn yata_no_kagami(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(c) = ctx.choose_card(e.you, &hand, false, "reveal a card from your hand")? else { return Ok(()) };
    if !ctx.reveal(e.you, c)? {
        return Ok(());
    }
    ctx.sentence_on(2, &[c])?;
    let col = color(c);
    ctx.splay(e.you, col, Splay::Left)?;
    let cands: Vec<CardId> = top_cards_anywhere(ctx, col).into_iter().filter(|t| *t != e.card).collect();
    let why = format!("choose a top {col} card other than Yata No Kagami on any board to self-execute");
    if let Some(t) = ctx.choose_card(e.you, &cands, false, &why)? {
        ctx.self_execute(e.you, t)?;
    }
    Ok(())
}

/// Draw and reveal a {3}. If it is: Yellow: Return all cards in your hand. Green: Unsplay all your stacks. Red: Return all cards in your score pile. Blue: Draw a {9}.
fn necronomicon(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(3))?;
    ctx.sentence_on(2, &[c])?;
    if color(c) == Color::Yellow {
        let hand = ctx.hand(e.you);
        ctx.return_all(e.you, &hand)?;
    }
    ctx.sentence_on(3, &[c])?;
    if color(c) == Color::Green {
        for col in Color::ALL {
            ctx.unsplay(e.you, col)?;
        }
    }
    ctx.sentence_on(4, &[c])?;
    if color(c) == Color::Red {
        let score = ctx.score_pile(e.you);
        ctx.return_all(e.you, &score)?;
    }
    ctx.sentence_on(5, &[c])?;
    if color(c) == Color::Blue {
        ctx.draw(e.you, e.age(9))?;
    }
    Ok(())
}

/// Return a card from your hand. If you do, return a top card of the same color from your board and a card of the same color from your score pile. If you do all three, claim an achievement ignoring eligibility.
fn shroud_of_turin(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(c) = ctx.choose_card(e.you, &hand, false, "return a card from your hand")? else { return Ok(()) };
    if !ctx.return_card(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    let col = color(c);
    let top_returned = match ctx.top(e.you, col) {
        Some(t) => ctx.return_card(e.you, t)?,
        None => false,
    };
    let cands = of_color(&ctx.score_pile(e.you), col);
    let score_returned = match ctx.choose_card(e.you, &cands, false, &format!("return a {col} card from your score pile"))? {
        Some(s) => ctx.return_card(e.you, s)?,
        None => false,
    };
    ctx.sentence(3)?;
    if top_returned && score_returned {
        claim_ignoring_eligibility(ctx, e.you, None, "claim an achievement")?;
    }
    Ok(())
}

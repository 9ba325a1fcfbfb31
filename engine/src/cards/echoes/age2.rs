//! The Echoes cards of age 2.

use super::age1::{achieve_highest_in_junk, is_expansion, may_junk_deck};
#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Crossbow", &[crossbow_demand, crossbow]);
    r.echo_card("Horseshoes", horseshoes_echo, &[horseshoes_demand]);
    r.echo_card("Toothbrush", toothbrush_echo, &[toothbrush, toothbrush_junk]);
    r.card("Watermill", &[watermill, watermill_tuck]);
    r.echo_card("Glassblowing", glassblowing_echo, &[glassblowing, glassblowing_junk]);
    r.echo_card("Scissors", scissors_echo, &[scissors, scissors_paper]);
    r.echo_card("Lever", lever_echo, &[lever]);
    r.echo_card("Linguistics", linguistics_echo, &[linguistics]);
    r.card("Chaturanga", &[chaturanga, chaturanga_foreseen]);
    r.card("Pagoda", &[pagoda]);
}

/// The distinct values of some cards, lowest first.
fn values_of(cards: &[CardId]) -> Vec<u8> {
    let mut v: Vec<u8> = cards.iter().map(|c| card(*c).age).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// I demand you transfer an expansion card from your hand to my score pile!
fn crossbow_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| is_expansion(*c)).collect();
    let why = format!("transfer an expansion card from your hand to {}'s score pile", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        ctx.transfer(e.you, c, Dest::Score(e.me))?;
    }
    Ok(())
}

/// Transfer a card from your hand to any opponent's board.
fn crossbow(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let opponents = ctx.opponents(e.you);
    if opponents.is_empty() {
        return Ok(());
    }
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "transfer a card from your hand to any opponent's board")? else {
        return Ok(());
    };
    if let Some(q) = ctx.choose_player(e.you, &opponents, false, "transfer it to the board of which opponent")? {
        ctx.transfer(e.you, c, Dest::Board(q))?;
    }
    Ok(())
}

/// You may draw and foreshadow a {2} or {3}.
fn horseshoes_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("you may draw and foreshadow {} or {}", a_value(e.age(2)), e.age(3));
    if let Some(v) = ctx.may_choose_value(e.you, &[e.age(2), e.age(3)], &why)? {
        ctx.draw_and_foreshadow(e.you, v)?;
    }
    Ok(())
}

/// I demand you transfer a top card without [authority] or [industry] from your board to my board! If you do, draw and meld a {2}!
fn horseshoes_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> =
        ctx.top_cards(e.you).into_iter().filter(|c| !has_icon(*c, Icon::Authority) && !has_icon(*c, Icon::Industry)).collect();
    let why = format!("transfer a top card without [authority] or [industry] from your board to {}'s board", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        if ctx.transfer(e.you, c, Dest::Board(e.me))? {
            ctx.draw_and_meld(e.you, e.age(2))?;
        }
    }
    Ok(())
}

/// Tuck all cards of one present value from your hand.
fn toothbrush_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    if let Some(v) = ctx.choose_value(e.you, &values_of(&hand), "tuck all cards of one present value from your hand")? {
        ctx.tuck_all(e.you, &of_value(&hand, v))?;
    }
    Ok(())
}

/// You may splay any one color of your cards left.
fn toothbrush(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let can = ctx.splayable(e.you, Splay::Left);
    if let Some(col) = ctx.choose_color(e.you, &can, true, "you may splay any one color of your cards left")? {
        ctx.splay(e.you, col, Splay::Left)?;
    }
    Ok(())
}

/// You may junk all cards in the {2} deck. If you do, achieve the highest card in the junk if eligible.
fn toothbrush_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !may_junk_deck(ctx, e.you, e.age(2))? {
        return Ok(());
    }
    ctx.sentence(2)?;
    achieve_highest_in_junk(ctx, e.you)
}

/// Draw a card of value equal to a bonus on your board, if you have one.
fn watermill(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let bonuses = ctx.bonuses(e.you);
    if let Some(v) = ctx.choose_value(e.you, &bonuses, "draw a card of value equal to a bonus on your board")? {
        ctx.draw(e.you, v)?;
    }
    Ok(())
}

/// Tuck a card from your hand. If Watermill was foreseen, tuck all cards from the deck of value equal to the tucked card.
fn watermill_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tucked = match ctx.choose_card(e.you, &ctx.hand(e.you), false, "tuck a card from your hand")? {
        Some(c) if ctx.tuck(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    // "The deck" of a value is its base deck; with no card tucked there is no such deck.
    let Some(c) = tucked.filter(|_| ctx.foreseen(e)) else { return Ok(()) };
    // The deck's cards, top first.
    let cards: Vec<CardId> = ctx.st.deck(Set::Base, card(c).age).iter().rev().copied().collect();
    ctx.tuck_all(e.you, &cards)?;
    Ok(())
}

/// Score an expansion card from your hand.
fn glassblowing_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| is_expansion(*c)).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score an expansion card from your hand")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Draw and foreshadow a card of value three higher than the lowest non-green top card on your board.
fn glassblowing(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // With no non-green top card, its value is 0.
    let lowest = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Green).map(|c| card(c).age).min().unwrap_or(0);
    ctx.draw_and_foreshadow(e.you, lowest + 3)?;
    Ok(())
}

/// Choose {2} or {3}. Junk all cards in that deck.
fn glassblowing_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("choose {} or {}: all cards in that deck are junked", e.age(2), e.age(3));
    let v = ctx.choose_value(e.you, &[e.age(2), e.age(3)], &why)?;
    ctx.sentence(2)?;
    if let Some(v) = v {
        ctx.junk_deck(e.you, v)?;
    }
    Ok(())
}

/// Score your bottom yellow card.
fn scissors_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.bottom(e.you, Color::Yellow) {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// You may choose up to two cards from your hand. For each card chosen, either meld it or score it.
fn scissors(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), 0, 2, "you may choose up to two cards from your hand")?;
    ctx.sentence(2)?;
    for c in chosen {
        match ctx.choose_option_about(e.you, c, &["meld it", "score it"], false, "for a card you chose, either meld it or score it")? {
            Some(0) => {
                ctx.meld(e.you, c)?;
            }
            Some(_) => {
                ctx.score(e.you, c)?;
            }
            None => {}
        }
    }
    Ok(())
}

/// If Paper is a top card on any player's board, score it.
fn scissors_paper(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(paper) = crate::card::CardDb::get().by_title("Paper") else { return Ok(()) };
    if let Some(Zone::Pile(q, col)) = ctx.st.locate(paper) {
        if ctx.top(q, col) == Some(paper) {
            ctx.score(e.you, paper)?;
        }
    }
    Ok(())
}

/// Draw two {2}.
fn lever_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_n(e.you, e.age(2), 2)?;
    Ok(())
}

/// You may return any number of cards from your hand. For every two cards of matching value you return, draw a card of value one higher.
fn lever(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_cards(e.you, &hand, 0, hand.len(), "you may return any number of cards from your hand")?;
    let returned = ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    for v in values_of(&returned) {
        let pairs = of_value(&returned, v).len() / 2;
        ctx.draw_n(e.you, v + 1, pairs)?;
    }
    Ok(())
}

/// Draw a {3} OR Draw and foreshadow a {4}.
fn linguistics_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let draw = format!("Draw a {{{}}}", e.age(3));
    let foreshadow = format!("Draw and foreshadow a {{{}}}", e.age(4));
    let why = format!("draw {}, or draw and foreshadow {}", a_value(e.age(3)), a_value(e.age(4)));
    match ctx.choose_option(e.you, &[draw.as_str(), foreshadow.as_str()], false, &why)? {
        Some(0) => {
            ctx.draw(e.you, e.age(3))?;
        }
        Some(_) => {
            ctx.draw_and_foreshadow(e.you, e.age(4))?;
        }
        None => {}
    }
    Ok(())
}

/// Draw a card of value equal to a bonus on any board, if there is one. If you do, and Linguistics was foreseen, junk all available achievements of that value.
fn linguistics(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let bonuses: Vec<u8> = ctx.st.active_players().into_iter().flat_map(|p| ctx.bonuses(p)).collect();
    let v = ctx.choose_value(e.you, &bonuses, "draw a card of value equal to a bonus on any board")?;
    // Only this effect's own draw counts: "if clauses ignore anything that happened during a
    // triggered Karma effect" (a karma's "instead" draws nothing here).
    let (m, cause) = (ctx.mark(), ctx.cause());
    if let Some(v) = v {
        ctx.draw(e.you, v)?;
    }
    ctx.sentence(2)?;
    let drew = ctx.since(m).iter().any(|h| h.act == Act::Draw && h.cause == cause);
    let Some(v) = v.filter(|_| drew) else { return Ok(()) };
    if ctx.foreseen(e) {
        for a in of_value(&ctx.available_achievements(), v) {
            ctx.junk_achievement(e.you, a)?;
        }
    }
    Ok(())
}

/// Meld a card from your hand. Draw and foreshadow a card of value equal to the melded card.
fn chaturanga(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let melded = match ctx.choose_card(e.you, &ctx.hand(e.you), false, "meld a card from your hand")? {
        Some(c) if ctx.meld(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    // The value of a card not melded (none chosen, or a karma's "instead") is 0 (a 0 is drawn as a 1).
    ctx.draw_and_foreshadow(e.you, value(melded))?;
    Ok(())
}

/// If Chaturanga was foreseen, draw and foreshadow a card of value equal to the number of colors on your board.
fn chaturanga_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        let n = ctx.colors_on_board(e.you).len() as u8;
        ctx.draw_and_foreshadow(e.you, n)?;
    }
    Ok(())
}

/// Draw and foreshadow a {3}. You may tuck another card of matching color from your hand. If you do, meld the drawn card. If you do, and Pagoda was foreseen, meld all cards of that color from all other boards.
fn pagoda(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_and_foreshadow(e.you, e.age(3))?;
    ctx.sentence_on(2, &[drawn])?;
    let col = color(drawn);
    let cands: Vec<CardId> = of_color(&ctx.hand(e.you), col).into_iter().filter(|c| *c != drawn).collect();
    let why = format!("you may tuck another {col} card from your hand");
    let Some(t) = ctx.choose_card(e.you, &cands, true, &why)? else { return Ok(()) };
    if !ctx.tuck(e.you, t)? {
        return Ok(());
    }
    ctx.sentence_on(3, &[drawn])?;
    if !ctx.meld(e.you, drawn)? {
        return Ok(());
    }
    ctx.sentence(4)?;
    if ctx.foreseen(e) {
        for q in ctx.others(e.you) {
            // Bottom first, so that the pile keeps its order on the melding board.
            let mut cards = ctx.pile_cards(q, col);
            cards.reverse();
            ctx.meld_all(e.you, &cards)?;
        }
    }
    Ok(())
}

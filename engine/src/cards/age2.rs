//! The base cards of age 2.

use super::prelude::*;
use crate::turn::is_top_card;

pub fn register(r: &mut Registry) {
    r.card("Construction", &[construction_demand, construction]);
    r.card("Road Building", &[road_building]);
    r.card("Canal Building", &[canal_building]);
    r.card("Fermenting", &[fermenting_draw, fermenting_tuck]);
    r.card("Currency", &[currency]);
    r.card("Mapmaking", &[mapmaking_demand, mapmaking]);
    r.card("Calendar", &[calendar]);
    r.card("Mathematics", &[mathematics]);
    r.card("Monotheism", &[monotheism_demand, monotheism]);
    r.card("Philosophy", &[philosophy_splay, philosophy_score]);
}

/// I demand you transfer two cards from your hand to my hand! Draw a {2}!
fn construction_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("transfer two cards from your hand to {}'s hand", ctx.name(e.me));
    let two = ctx.choose_cards(e.you, &ctx.hand(e.you), 2, 2, &why)?;
    ctx.transfer_all(e.you, &two, Dest::Hand(e.me))?;
    ctx.draw(e.you, e.age(2))?;
    Ok(())
}

/// If you are the only player with five top cards, claim the Empire achievement.
fn construction(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let five = |ctx: &Ctx, p: PlayerId| ctx.top_cards(p).len() == 5;
    if five(ctx, e.you) && ctx.others(e.you).into_iter().all(|q| !five(ctx, q)) {
        ctx.claim_special(e.you, Special::Empire)?;
    }
    Ok(())
}

/// Meld one or two cards from your hand. If you meld two, you may transfer your
/// top red card to another player's board. If you do, meld that player's top green card.
fn road_building(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), 1, 2, "meld one or two cards from your hand")?;
    let melded = ctx.meld_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    if melded.len() < 2 {
        return Ok(());
    }
    let Some(red) = ctx.top(e.you, Color::Red) else { return Ok(()) };
    let why = format!("you may transfer your top red card ({}) to another player's board", card(red).title);
    let Some(q) = ctx.choose_player(e.you, &ctx.others(e.you), true, &why)? else { return Ok(()) };
    if !ctx.transfer(e.you, red, Dest::Board(q))? {
        return Ok(());
    }
    ctx.sentence(3)?;
    if let Some(green) = ctx.top(q, Color::Green) {
        ctx.meld(e.you, green)?;
    }
    Ok(())
}

/// You may choose to either exchange all the highest cards in your hand with all
/// the highest cards in your score pile, or junk all cards in the {3} deck.
fn canal_building(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let junk = format!("junk all cards in the {{{}}} deck", e.age(3));
    let options = ["exchange all the highest cards in your hand with all the highest cards in your score pile", junk.as_str()];
    match ctx.choose_option(e.you, &options, true, "you may choose to either exchange or junk")? {
        Some(0) => {
            let hand = highest(&ctx.hand(e.you));
            let score = highest(&ctx.score_pile(e.you));
            ctx.exchange(e.you, &hand, Dest::Score(e.you), &score, Dest::Hand(e.you))?;
        }
        Some(_) => ctx.junk_deck(e.you, e.age(3))?,
        None => {}
    }
    Ok(())
}

/// Draw a {2} for every color on your board with [health].
fn fermenting_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // A colour "with [health]" shows one on its pile: its top card, or a card its splay reveals.
    let n = ctx.colors_with_icon(e.you, Icon::Health).len();
    ctx.draw_n(e.you, e.age(2), n)?;
    Ok(())
}

/// You may tuck a green card from your hand. If you don't, junk all cards in the
/// {2} deck, and junk Fermenting if it is a top card on any board.
fn fermenting_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let greens = of_color(&ctx.hand(e.you), Color::Green);
    if let Some(c) = ctx.choose_card(e.you, &greens, true, "you may tuck a green card from your hand")? {
        if ctx.tuck(e.you, c)? {
            return Ok(());
        }
    }
    ctx.sentence(2)?;
    // "If you don't" holds as well for a player without a green card to tuck, and for one whose
    // tuck a karma replaced.
    ctx.junk_deck(e.you, e.age(2))?;
    if is_top_card(ctx.st, e.card) {
        ctx.junk(e.you, e.card)?;
    }
    Ok(())
}

/// You may return any number of cards from your hand. If you do, draw and score
/// a {2} for every different value of card you return.
fn currency(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_cards(e.you, &hand, 0, hand.len(), "you may return any number of cards from your hand")?;
    let returned = ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    let mut values: Vec<u8> = returned.iter().map(|c| card(*c).age).collect();
    values.sort();
    values.dedup();
    for _ in values {
        ctx.draw_and_score(e.you, e.age(2))?;
    }
    Ok(())
}

/// I demand you transfer a {1} from your score pile to my score pile!
fn mapmaking_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Score piles show their cards' values on the backs: no verification is needed.
    let why = format!("transfer {} from your score pile to {}'s score pile", a_value(e.age(1)), ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &of_value(&ctx.score_pile(e.you), e.age(1)), false, &why)? {
        ctx.transfer(e.you, c, Dest::Score(e.me))?;
    }
    Ok(())
}

/// If any card was transferred due to the demand, draw and score a {1}.
fn mapmaking(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // "The demand": Mapmaking's demand effect during this action, whoever it was made of.
    let transferred = ctx.due_to(Act::Transfer, e.card, 0) > 0;
    if transferred {
        ctx.draw_and_score(e.you, e.age(1))?;
    }
    Ok(())
}

/// If you have more cards in your score pile than in your hand, draw two {3}.
fn calendar(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.score_pile(e.you).len() > ctx.hand(e.you).len() {
        ctx.draw_n(e.you, e.age(3), 2)?;
    }
    Ok(())
}

/// You may return a card from your hand. If you do, draw and meld a card of value
/// one higher than the card you return.
fn mathematics(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may return a card from your hand")? {
        if ctx.return_card(e.you, c)? {
            ctx.sentence(2)?;
            ctx.draw_and_meld(e.you, value(Some(c)) + 1)?;
        }
    }
    Ok(())
}

/// I demand you transfer a top card on your board of different color from every
/// card on my board to my score pile! If you do, draw and tuck a {1}!
fn monotheism_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mine = ctx.colors_on_board(e.me);
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !mine.contains(&color(*c))).collect();
    let why = format!("transfer a top card of a color not on {}'s board to their score pile", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        if ctx.transfer(e.you, c, Dest::Score(e.me))? {
            ctx.draw_and_tuck(e.you, e.age(1))?;
        }
    }
    Ok(())
}

/// Draw and tuck a {1}.
fn monotheism(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(1))?;
    Ok(())
}

/// You may splay left any one color of your cards.
fn philosophy_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let can = ctx.splayable(e.you, Splay::Left);
    if let Some(col) = ctx.choose_color(e.you, &can, true, "you may splay left any one color of your cards")? {
        ctx.splay(e.you, col, Splay::Left)?;
    }
    Ok(())
}

/// You may score a card from your hand.
fn philosophy_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may score a card from your hand")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

//! The base cards of age 9.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Composites", &[composites_demand]);
    r.card("Fission", &[fission_demand, fission_return, fission_draw]);
    r.card("Ecology", &[ecology_return, ecology_junk]);
    r.card("Suburbia", &[suburbia_tuck, suburbia_junk]);
    r.card("Collaboration", &[collaboration_demand, collaboration_win]);
    r.card("Satellites", &[satellites_return, satellites_draw, satellites_meld]);
    r.card("Computers", &[computers_splay, computers_meld]);
    r.card("Genetics", &[genetics]);
    r.card("Services", &[services_demand]);
    r.card("Specialization", &[specialization_reveal, specialization_splay]);
}

/// I demand you transfer all but one card from your hand to my hand! Also
/// transfer the highest card from your score pile to my score pile!
fn composites_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    // "All but one": the player keeps the card of their choice.
    let why = format!("keep one card in your hand (all the others go to {}'s hand)", ctx.name(e.me));
    if let Some(keep) = ctx.choose_card(e.you, &hand, false, &why)? {
        let rest: Vec<CardId> = hand.into_iter().filter(|c| *c != keep).collect();
        ctx.transfer_all(e.you, &rest, Dest::Hand(e.me))?;
    }
    let why = format!("transfer the highest card from your score pile to {}'s score pile", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &highest(&ctx.score_pile(e.you)), false, &why)? {
        ctx.transfer(e.you, c, Dest::Score(e.me))?;
    }
    Ok(())
}

/// I demand you draw a {10}! If it is red, junk each player's non-achievement
/// cards, and the Dogma action is complete!
fn fission_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw(e.you, e.age(10))?;
    // Verification: everyone must see whether the drawn card is red.
    ctx.reveal(e.you, c)?;
    if color(c) != Color::Red {
        return Ok(());
    }
    for p in ctx.st.active_players() {
        let ps = ctx.st.player(p);
        let cards: Vec<CardId> = ps.hand.iter().chain(&ps.score).copied().chain(ps.board_cards()).collect();
        ctx.junk_all(e.you, &cards)?;
    }
    Err(Stop::ActionComplete)
}

/// Return a top card other than Fission from any player board.
fn fission_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|p| ctx.top_cards(p)).filter(|c| *c != e.card).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "return a top card other than Fission from any player's board")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Draw a {10}.
fn fission_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(10))?;
    Ok(())
}

/// You may return a card from your hand. If you do, score a card from your
/// hand and draw two {10}.
fn ecology_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may return a card from your hand")? else { return Ok(()) };
    if !ctx.return_card(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    if let Some(s) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "score a card from your hand")? {
        ctx.score(e.you, s)?;
    }
    ctx.draw_n(e.you, e.age(10), 2)?;
    Ok(())
}

/// You may junk all cards in the {10} deck.
fn ecology_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    may_junk_deck(ctx, e.you, e.age(10))
}

/// "You may junk all cards in the N deck" (nothing to ask when it is empty).
fn may_junk_deck(ctx: &mut Ctx, p: PlayerId, age: u8) -> Res<()> {
    if !ctx.st.deck(Set::Base, age).is_empty() && ctx.yes_no(p, &format!("you may junk all cards in the {age} deck"))? {
        ctx.junk_deck(p, age)?;
    }
    Ok(())
}

/// You may tuck any number of cards from your hand. Draw and score a {1} for
/// each card you tuck.
fn suburbia_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_cards(e.you, &hand, 0, hand.len(), "you may tuck any number of cards from your hand")?;
    let m = ctx.mark();
    ctx.tuck_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    for _ in 0..ctx.count_since(m, Act::Tuck) {
        ctx.draw_and_score(e.you, e.age(1))?;
    }
    Ok(())
}

/// You may junk all cards in the {9} deck.
fn suburbia_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    may_junk_deck(ctx, e.you, e.age(9))
}

/// I demand you draw two {9} and reveal them! Transfer the card of my choice
/// to my board, and meld the other!
fn collaboration_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_n(e.you, e.age(9), 2)?;
    for &c in &drawn {
        ctx.reveal(e.you, c)?;
    }
    let why = format!("choose the card {} transfers to your board (they meld the other)", ctx.name(e.you));
    let Some(chosen) = ctx.choose_card(e.me, &drawn, false, &why)? else { return Ok(()) };
    ctx.transfer(e.you, chosen, Dest::Board(e.me))?;
    for c in drawn.into_iter().filter(|c| *c != chosen) {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// If you have at least ten green cards on your board, you win.
fn collaboration_win(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.pile_cards(e.you, Color::Green).len() >= 10 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Return all cards from your hand. You may splay your purple cards up.
fn satellites_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.return_all(e.you, &ctx.hand(e.you))?;
    ctx.sentence(2)?;
    ctx.may_splay(e.you, Color::Purple, Splay::Up)?;
    Ok(())
}

/// Draw three {8}.
fn satellites_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_n(e.you, e.age(8), 3)?;
    Ok(())
}

/// Meld a card from your hand, then self-execute it.
fn satellites_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "meld a card from your hand, then self-execute it")? {
        ctx.meld(e.you, c)?;
        ctx.self_execute(e.you, c)?;
    }
    Ok(())
}

/// You may splay your red cards or your green cards up.
fn computers_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Red, Color::Green], Splay::Up)?;
    Ok(())
}

/// Draw and meld a {10}, then self-execute it.
fn computers_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(10))?;
    ctx.self_execute(e.you, c)
}

/// Draw and meld an {11}. Score all cards beneath it.
fn genetics(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(11))?;
    ctx.sentence_on(2, &[c])?;
    let beneath: Vec<CardId> = ctx.pile_cards(e.you, color(c)).into_iter().filter(|x| *x != c).collect();
    ctx.score_all(e.you, &beneath)?;
    Ok(())
}

/// I demand you transfer all the cards of the value of my choice from your
/// score pile to my hand! If you do, transfer a top card without [health] from
/// my board to your hand!
fn services_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // A value the score pile lacks transfers nothing, and "if you do" is not met (rulebook p. 15).
    let why = format!("choose a value: {} transfers all cards of that value from their score pile to your hand", ctx.name(e.you));
    let Some(v) = ctx.choose_a_value(e.me, &why)? else { return Ok(()) };
    let cards = of_value(&ctx.score_pile(e.you), v);
    if cards.is_empty() {
        return Ok(());
    }
    if ctx.transfer_all(e.you, &cards, Dest::Hand(e.me))?.is_empty() {
        return Ok(());
    }
    let cands: Vec<CardId> = ctx.top_cards(e.me).into_iter().filter(|c| !has_icon(*c, Icon::Health)).collect();
    let why = format!("transfer a top card without [health] from {}'s board to your hand", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        ctx.transfer(e.you, c, Dest::Hand(e.you))?;
    }
    Ok(())
}

/// Reveal a card from your hand. Transfer to your hand the top card of that
/// color from all opponents' boards.
fn specialization_reveal(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "reveal a card from your hand")? else { return Ok(()) };
    ctx.reveal(e.you, c)?;
    let col = color(c);
    ctx.sentence(2)?;
    for o in ctx.opponents(e.you) {
        if let Some(t) = ctx.top(o, col) {
            ctx.transfer(e.you, t, Dest::Hand(e.you))?;
        }
    }
    Ok(())
}

/// You may splay your yellow or blue cards up.
fn specialization_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Yellow, Color::Blue], Splay::Up)?;
    Ok(())
}

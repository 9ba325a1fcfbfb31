//! The Artifacts cards of age 2.

use super::age1::{choose_card_type, claim_ignoring_eligibility, in_hand, junk_deck_of_value, top_cards_anywhere};
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::primitives::DrawFrom;

pub fn register(r: &mut Registry) {
    r.card("Babylonian Chronicles", &[babylonian_chronicles_compel, babylonian_chronicles]);
    r.card("Chronicle of Zuo", &[chronicle_of_zuo, chronicle_of_zuo_concept]);
    r.card("Holy Grail", &[holy_grail]);
    r.card("Terracotta Army", &[terracotta_army_compel, terracotta_army]);
    r.card("Baghdad Battery", &[baghdad_battery]);
    r.card("Holy Lance", &[holy_lance_compel, holy_lance]);
    r.card("Rosetta Stone", &[rosetta_stone]);
    r.card("Seikilos Epitaph", &[seikilos_epitaph]);
    r.card("Cyrus Cylinder", &[cyrus_cylinder, cyrus_cylinder_execute]);
    r.card("Dead Sea Scrolls", &[dead_sea_scrolls, dead_sea_scrolls_junk]);
}

/// I compel you to transfer a top non-red card with [authority] from your board to my board!
fn babylonian_chronicles_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = with_icon(&ctx.top_cards(e.you), Icon::Authority).into_iter().filter(|c| color(*c) != Color::Red).collect();
    let why = "transfer a top non-red card with [authority] from your board to my board";
    if let Some(c) = ctx.choose_card(e.you, &cands, false, why)? {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    Ok(())
}

/// Draw and score a {3}.
fn babylonian_chronicles(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_score(e.you, e.age(3))?;
    Ok(())
}

/// Whether `p` has the least of an icon: no player has fewer (a tie for the least counts).
fn has_least(ctx: &Ctx, p: PlayerId, icon: Icon) -> bool {
    let mine = ctx.icons(p, icon);
    ctx.st.active_players().iter().all(|q| ctx.icons(*q, icon) >= mine)
}

/// If you have the least [authority] or the least [prosperity], draw a {3}.
fn chronicle_of_zuo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if has_least(ctx, e.you, Icon::Authority) || has_least(ctx, e.you, Icon::Prosperity) {
        ctx.draw(e.you, e.age(3))?;
    }
    Ok(())
}

/// If you have the least [concept], draw a {4}.
fn chronicle_of_zuo_concept(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if has_least(ctx, e.you, Icon::Concept) {
        ctx.draw(e.you, e.age(4))?;
    }
    Ok(())
}

/// Return a card from your hand. Claim an achievement of matching value ignoring eligibility.
fn holy_grail(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(c) = ctx.choose_card(e.you, &hand, false, "return a card from your hand")? else { return Ok(()) };
    ctx.return_card(e.you, c)?;
    ctx.sentence_on(2, &[c])?;
    let v = card(c).age;
    claim_ignoring_eligibility(ctx, e.you, Some(&[v]), &format!("claim an achievement of value {v}"))?;
    Ok(())
}

/// I compel you to return a top card with no [authority] from your board!
fn terracotta_army_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !has_icon(*c, Icon::Authority)).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "return a top card with no [authority] from your board")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Score a card from your hand with no [authority]. If you do, junk all cards in the deck of value equal to the scored card. Otherwise, tuck Terracotta Army.
fn terracotta_army(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| !has_icon(*c, Icon::Authority)).collect();
    let chosen = ctx.choose_card(e.you, &cands, false, "score a card from your hand with no [authority]")?;
    let scored = match chosen {
        Some(c) if ctx.score(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    if let Some(c) = scored {
        junk_deck_of_value(ctx, e.you, card(c).age)?;
        return Ok(());
    }
    ctx.sentence(3)?;
    // Terracotta Army is tucked from wherever it is in play (a board, or on display).
    if matches!(ctx.st.locate(e.card), Some(z) if !matches!(z, Zone::Deck(..))) {
        ctx.tuck(e.you, e.card)?;
    }
    Ok(())
}

/// Meld a card from your hand. Score a card from your hand. If you do both, and the cards have different values, junk all cards in the decks of both values.
fn baghdad_battery(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let melded = match ctx.choose_card(e.you, &hand, false, "meld a card from your hand")? {
        Some(c) if ctx.meld(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    let hand = ctx.hand(e.you);
    let scored = match ctx.choose_card(e.you, &hand, false, "score a card from your hand")? {
        Some(c) if ctx.score(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(3)?;
    if let (Some(m), Some(s)) = (melded, scored) {
        let (a, b) = (card(m).age, card(s).age);
        if a != b {
            junk_deck_of_value(ctx, e.you, a)?;
            junk_deck_of_value(ctx, e.you, b)?;
        }
    }
    Ok(())
}

/// I compel you to transfer a top Artifact from your board to my board!
fn holy_lance_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| card(*c).is_artifact()).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "transfer a top Artifact from your board to my board")? {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    Ok(())
}

/// If Holy Grail is a top card on your board, you win.
fn holy_lance(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let grail = crate::card::CardDb::get().by_title("Holy Grail");
    if grail.is_some_and(|g| ctx.top(e.you, color(g)) == Some(g)) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Choose a card type. Draw two {2} of that type. Meld one and transfer the other to an opponent's board.
fn rosetta_stone(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let set = choose_card_type(ctx, e.you, "choose a card type")?;
    ctx.sentence(2)?;
    let drawn = vec![ctx.draw_from(e.you, e.age(2), DrawFrom::Set(set))?, ctx.draw_from(e.you, e.age(2), DrawFrom::Set(set))?];
    ctx.sentence_on(3, &drawn)?;
    let left = in_hand(ctx, e.you, &drawn);
    let Some(m) = ctx.choose_card(e.you, &left, false, "meld one of the drawn cards and transfer the other to an opponent's board")? else {
        return Ok(());
    };
    ctx.meld(e.you, m)?;
    let other: Vec<CardId> = in_hand(ctx, e.you, &drawn).into_iter().filter(|c| *c != m).collect();
    let Some(o) = other.first().copied() else { return Ok(()) };
    let opponents = ctx.opponents(e.you);
    if let Some(q) = ctx.choose_player(e.you, &opponents, false, "transfer the other drawn card to an opponent's board")? {
        ctx.transfer(e.you, o, Dest::Board(q))?;
    }
    Ok(())
}

/// Draw and meld a {3}. Meld your bottom card of the drawn card's color, then self-execute it.
fn seikilos_epitaph(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(3))?;
    ctx.sentence_on(2, &[c])?;
    if let Some(b) = ctx.bottom(e.you, color(c)) {
        ctx.meld(e.you, b)?;
        ctx.self_execute(e.you, b)?;
    }
    Ok(())
}

/// Splay left a color on any player's board.
fn cyrus_cylinder(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.splay_any_board(e.you, Splay::Left, "splay left a color on any player's board")?;
    Ok(())
}

/// Choose any top purple card other than Cyrus Cylinder on any player's board. Self-execute it.
fn cyrus_cylinder_execute(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = top_cards_anywhere(ctx, Color::Purple).into_iter().filter(|c| *c != e.card).collect();
    let chosen = ctx.choose_card(e.you, &cands, false, "choose any top purple card other than Cyrus Cylinder on any player's board")?;
    let Some(c) = chosen else { return Ok(()) };
    ctx.sentence_on(2, &[c])?;
    ctx.self_execute(e.you, c)
}

/// Draw an Artifact of value equal to the value of your highest top card. Junk the Artifact deck of that value
fn dead_sea_scrolls(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = crate::derived::highest_top_value(ctx.st, e.you);
    ctx.draw_from(e.you, v, DrawFrom::Set(Set::Artifacts))?;
    ctx.sentence(2)?;
    // "That value" is the highest top card's value (the deck drawn from, unless it was empty).
    if (1..=11).contains(&v) && !ctx.suppressed() {
        let deck: Vec<CardId> = ctx.st.deck(Set::Artifacts, v).to_vec();
        let who = ctx.name(e.you).to_string();
        ctx.say(format!("{who} junked all {} cards of the Artifacts {v} deck", deck.len()));
        // One card at a time, as "all cards" go; the line above tells the table.
        let quiet = std::mem::replace(&mut ctx.quiet, true);
        let r = deck.into_iter().try_for_each(|c| ctx.junk(e.you, c).map(drop));
        ctx.quiet = quiet;
        r?;
    }
    Ok(())
}

/// Choose a player. Junk an available achievement of value equal to the highest top card on that player's board.
fn dead_sea_scrolls_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let players = ctx.st.active_players();
    let q = ctx.choose_player(e.you, &players, false, "choose a player")?;
    ctx.sentence(2)?;
    let Some(q) = q else { return Ok(()) };
    let v = crate::derived::highest_top_value(ctx.st, q);
    ctx.junk_an_available_achievement(e.you, &[v], false, &format!("junk an available achievement of value {v}"))?;
    Ok(())
}

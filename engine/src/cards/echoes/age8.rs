//! The Echoes cards of age 8.

use super::age7::junk_available_achievements;
use crate::cards::prelude::*;
use crate::derived;

pub fn register(r: &mut Registry) {
    r.echo_card("Bandage", bandage_echo, &[bandage_demand]);
    r.card("Parachute", &[parachute_demand, parachute]);
    r.echo_card("Air Conditioner", air_conditioner_echo, &[air_conditioner_demand, air_conditioner]);
    r.echo_card("Tractor", tractor_echo, &[tractor_score, tractor_draw, tractor_forecast]);
    r.card("Nylon", &[nylon_tuck, nylon_splay]);
    r.echo_card("Sliced Bread", sliced_bread_echo, &[sliced_bread]);
    r.card("Radio Telescope", &[radio_telescope]);
    r.echo_card("X-Ray", x_ray_echo, &[x_ray_draw, x_ray_return, x_ray_splay]);
    r.card("Crossword", &[crossword_draw, crossword_return]);
    r.echo_card("Television", television_echo, &[television]);
}

/// Meld a card from hand with [health].
fn bandage_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let with = with_icon(&ctx.hand(e.you), Icon::Health);
    if let Some(c) = ctx.choose_card(e.you, &with, false, "meld a card from hand with [health]")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// I demand you return a card with [efficiency] from your score pile! Return a top card with
/// [efficiency] from your board! If you do both, junk an available achievement for each
/// achievement you have!
fn bandage_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let from_score = with_icon(&ctx.score_pile(e.you), Icon::Efficiency);
    let from_score_returned = match ctx.choose_card(e.you, &from_score, false, "return a card with [efficiency] from your score pile")? {
        Some(c) => ctx.return_card(e.you, c)?,
        None => false,
    };
    let from_board = with_icon(&ctx.top_cards(e.you), Icon::Efficiency);
    let from_board_returned = match ctx.choose_card(e.you, &from_board, false, "return a top card with [efficiency] from your board")? {
        Some(c) => ctx.return_card(e.you, c)?,
        None => false,
    };
    if from_score_returned && from_board_returned {
        // "You" are the demanded player: their achievements are counted, and they junk.
        let n = derived::achievement_count(ctx.st, e.you);
        junk_available_achievements(ctx, e.you, n, &format!("junk {n} available achievements (one for each achievement you have)"))?;
    }
    Ok(())
}

/// I demand you transfer all cards without [efficiency] from your hand to my hand!
fn parachute_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let without: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| !has_icon(*c, Icon::Efficiency)).collect();
    ctx.transfer_all(e.you, &without, Dest::Hand(e.me))?;
    Ok(())
}

/// If Parachute was foreseen, junk all cards from all boards.
fn parachute(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        let cards: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|q| ctx.board_cards(q)).collect();
        ctx.junk_all(e.you, &cards)?;
    }
    Ok(())
}

/// You may score a card from your hand.
fn air_conditioner_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may score a card from your hand")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// I demand you return all cards from your score pile of value matching any of your top cards!
fn air_conditioner_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<u8> = ctx.top_cards(e.you).iter().map(|c| card(*c).age).collect();
    let matching: Vec<CardId> = ctx.score_pile(e.you).into_iter().filter(|c| tops.contains(&card(*c).age)).collect();
    ctx.return_all(e.you, &matching)?;
    Ok(())
}

/// Junk all cards in the {9} deck.
fn air_conditioner(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.junk_deck(e.you, e.age(9))
}

/// Draw a {7}.
fn tractor_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(7))?;
    Ok(())
}

/// Draw and score a {7}.
fn tractor_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_score(e.you, e.age(7))?;
    Ok(())
}

/// Draw a {7}.
fn tractor_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(7))?;
    Ok(())
}

/// If Tractor was foreseen, draw and score seven {7}.
fn tractor_forecast(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        for _ in 0..7 {
            ctx.draw_and_score(e.you, e.age(7))?;
        }
    }
    Ok(())
}

/// Draw and tuck three {8}. If any of the tucked cards are green, repeat this effect.
fn nylon_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        // Three draw-and-tucks in a row: the draw rule is checked at each draw. "The tucked cards"
        // are those really tucked (a karma's "instead" tucks nothing).
        let mut drawn = Vec::new();
        let mut tucked = Vec::new();
        for _ in 0..3 {
            let d = ctx.draw_and(e.you, e.age(8), Ctx::tuck)?;
            if d.done {
                tucked.push(d.card);
            }
            drawn.push(d.card);
        }
        ctx.sentence_on(2, &drawn)?;
        if !tucked.iter().any(|c| color(*c) == Color::Green) {
            return Ok(());
        }
    }
}

/// You may splay your red cards up.
fn nylon_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Red, Splay::Up)?;
    Ok(())
}

/// Return all cards from your hand and draw two {8}.
fn sliced_bread_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.return_all(e.you, &ctx.hand(e.you))?;
    ctx.draw_n(e.you, e.age(8), 2)?;
    Ok(())
}

/// Return a card from your score pile. Draw and score two cards of value one less than the value
/// of the card you return.
fn sliced_bread(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let returned = match ctx.choose_card(e.you, &ctx.score_pile(e.you), false, "return a card from your score pile")? {
        Some(c) if ctx.return_card(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    // The value of a card not returned is 0; one less than 1 (or than 0) is 0, and a draw of 0
    // goes up to the 1s (no 0 deck in play).
    let v = value(returned).saturating_sub(1);
    for _ in 0..2 {
        ctx.draw_and_score(e.you, v)?;
    }
    Ok(())
}

/// For every color on your board with [concept], draw a {9}, and if Radio Telescope was foreseen,
/// for every color also draw a {10}. Meld one of the drawn cards and return the rest. If you meld
/// AI due to this effect, you win.
fn radio_telescope(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.colors_with_icon(e.you, Icon::Concept).len();
    let mut drawn = ctx.draw_n(e.you, e.age(9), n)?;
    if ctx.foreseen(e) {
        drawn.extend(ctx.draw_n(e.you, e.age(10), n)?);
    }
    ctx.sentence_on(2, &drawn)?;
    let in_hand: Vec<CardId> = drawn.into_iter().filter(|c| ctx.hand(e.you).contains(c)).collect();
    let mut melded_ai = false;
    if let Some(m) = ctx.choose_card(e.you, &in_hand, false, "meld one of the drawn cards and return the rest")? {
        melded_ai = ctx.meld(e.you, m)? && card(m).title == "A. I.";
        let rest: Vec<CardId> = in_hand.into_iter().filter(|c| *c != m).collect();
        ctx.return_all(e.you, &rest)?;
    }
    ctx.sentence(3)?;
    if melded_ai {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Draw and tuck an {8}.
fn x_ray_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(8))?;
    Ok(())
}

/// Choose a value. For every color on your board with [health], draw a card of that value.
/// Foreshadow any number of them.
fn x_ray_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(v) = ctx.choose_a_value(e.you, "choose a value")? else { return Ok(()) };
    ctx.sentence(2)?;
    let n = ctx.colors_with_icon(e.you, Icon::Health).len();
    let drawn = ctx.draw_n(e.you, v, n)?;
    ctx.sentence_on(3, &drawn)?;
    let in_hand: Vec<CardId> = drawn.into_iter().filter(|c| ctx.hand(e.you).contains(c)).collect();
    let n = in_hand.len();
    for c in ctx.choose_cards(e.you, &in_hand, 0, n, "foreshadow any number of the drawn cards")? {
        ctx.foreshadow(e.you, c)?;
    }
    Ok(())
}

/// Return all cards from your hand.
fn x_ray_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.return_all(e.you, &ctx.hand(e.you))?;
    Ok(())
}

/// You may splay your yellow cards up.
fn x_ray_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Yellow, Splay::Up)?;
    Ok(())
}

/// For each even bonus on your board, draw a card of that value. If Crossword was foreseen,
/// transfer the drawn cards to the available achievements.
fn crossword_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let even: Vec<u8> = ctx.bonuses(e.you).into_iter().filter(|b| b % 2 == 0).collect();
    let mut drawn = Vec::new();
    for b in even {
        drawn.push(ctx.draw(e.you, b)?);
    }
    ctx.sentence_on(2, &drawn)?;
    if ctx.foreseen(e) {
        let in_hand: Vec<CardId> = drawn.into_iter().filter(|c| ctx.hand(e.you).contains(c)).collect();
        ctx.transfer_all(e.you, &in_hand, Dest::AvailableAchievements)?;
    }
    Ok(())
}

/// For each odd bonus on your board, return the lowest card from your hand.
fn crossword_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let odd = ctx.bonuses(e.you).into_iter().filter(|b| b % 2 == 1).count();
    for _ in 0..odd {
        let low = lowest(&ctx.hand(e.you));
        match ctx.choose_card(e.you, &low, false, "return the lowest card from your hand")? {
            Some(c) => ctx.return_card(e.you, c)?,
            None => return Ok(()),
        };
    }
    Ok(())
}

/// Draw and meld an {8}.
fn television_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(8))?;
    Ok(())
}

/// Choose a value and an opponent. Transfer a card of that value from their score pile to their
/// board. If they have an achievement of the same value, achieve (if eligible) a card of that
/// value from their score pile.
fn television(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(v) = ctx.choose_a_value(e.you, "choose a value")? else { return Ok(()) };
    let opponents = ctx.opponents(e.you);
    let Some(q) = ctx.choose_player(e.you, &opponents, false, "choose an opponent")? else { return Ok(()) };
    ctx.sentence(2)?;
    let name = ctx.name(q).to_string();
    // Another player's score pile is face down: its cards are chosen by their back.
    let cards = of_value(&ctx.score_pile(q), v);
    let why = format!("transfer a card of value {v} from {name}'s score pile to their board");
    if let Some(c) = ctx.choose_backs(e.you, &cards, 1, 1, &why)?.first().copied() {
        ctx.transfer(e.you, c, Dest::Board(q))?;
    }
    ctx.sentence(3)?;
    let has_same = ctx.st.players[q].achievements.iter().any(|a| a.value() == Some(v));
    // Eligible as for an achievement of that value: the achiever's points and top card.
    if has_same && derived::eligible_for(ctx.st, e.you, v) {
        let cards = of_value(&ctx.score_pile(q), v);
        let why = format!("achieve a card of value {v} from {name}'s score pile");
        if let Some(c) = ctx.choose_backs(e.you, &cards, 1, 1, &why)?.first().copied() {
            ctx.achieve(e.you, c)?;
        }
    }
    Ok(())
}

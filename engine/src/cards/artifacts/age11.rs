//! The Artifacts cards of age 11.

#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;

pub fn register(r: &mut Registry) {
    r.card("Pizza Pacaya", &[pizza_pacaya_compel]);
    r.card("Psyche", &[psyche]);
    r.card("Tasmanian Tiger", &[tasmanian_tiger]);
    r.card("What Does The Fox Say", &[what_does_the_fox_say]);
    r.card("Greenland", &[greenland_compel, greenland]);
    r.card("Sanskrit", &[sanskrit]);
    r.card("Great Barrier Reef", &[great_barrier_reef_junk, great_barrier_reef_splay]);
    r.card("Jumbo Kingdom", &[jumbo_kingdom_junk, jumbo_kingdom_score]);
    r.card("Oculus Quest", &[oculus_quest_compel]);
    r.card("Martian Internet", &[martian_internet]);
}

/// I compel you to junk all cards from your board! Draw and meld a card of each value in
/// ascending order!
fn pizza_pacaya_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let board = ctx.board_cards(e.you);
    ctx.junk_all(e.you, &board)?;
    // Values 1 to 11 (and 0 once the Age 0 deck is in the game).
    let first = if ctx.st.age_zero { 0 } else { 1 };
    for v in first..=11 {
        ctx.draw_and_meld(e.you, v)?;
    }
    Ok(())
}

/// Choose a value different from any top card on your board. Score all cards in the deck of that
/// value. Score all cards in the junk of that value.
fn psyche(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops = derived::top_values(ctx.st, e.you);
    let values: Vec<u8> = (1..=11).filter(|v| !tops.contains(v)).collect();
    let v = ctx.choose_value(e.you, &values, "choose a value different from any top card on your board")?;
    ctx.sentence(2)?;
    let Some(v) = v else { return Ok(()) };
    // "The deck of that value" is the base deck, as junking a deck is.
    let deck: Vec<CardId> = ctx.st.deck(Set::Base, v).to_vec();
    ctx.score_all(e.you, &deck)?;
    ctx.sentence(3)?;
    let junk: Vec<CardId> = ctx.st.junk.iter().copied().filter(|c| card(*c).age == v).collect();
    ctx.score_all(e.you, &junk)?;
    Ok(())
}

/// Choose a card in your score pile. Choose a top card of the same color on any player's board.
/// Exchange the two cards. You may return two cards from your hand. If you do, repeat this effect.
fn tasmanian_tiger(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let players = ctx.st.active_players();
        let tops: Vec<CardId> = players.iter().flat_map(|q| ctx.top_cards(*q)).collect();
        // A card of a colour some board shows on top: with none, no choice changes anything and
        // nothing is asked.
        let matching: Vec<CardId> = ctx.score_pile(e.you).into_iter().filter(|c| tops.iter().any(|t| color(*t) == color(*c))).collect();
        let mine = ctx.choose_card(e.you, &matching, false, "choose a card in your score pile")?;
        ctx.sentence(2)?;
        let same: Vec<CardId> = mine.map(|m| of_color(&tops, color(m))).unwrap_or_default();
        let top = ctx.choose_card(e.you, &same, false, "choose a top card of the same color on any player's board")?;
        ctx.sentence(3)?;
        if let (Some(m), Some(t)) = (mine, top) {
            if let Some(crate::state::Zone::Pile(owner, _)) = ctx.st.locate(t) {
                // The score pile card takes the top card's place; the top card goes to the score pile.
                ctx.exchange(e.you, &[m], Dest::Board(owner), &[t], Dest::Score(e.you))?;
            }
        }
        ctx.sentence(4)?;
        // As Tools' "you may return three cards": yes or no, then which two (all, with fewer).
        let hand = ctx.hand(e.you);
        if hand.is_empty() || !ctx.yes_no(e.you, "you may return two cards from your hand")? {
            return Ok(());
        }
        let n = hand.len().min(2);
        let chosen = ctx.choose_cards(e.you, &hand, n, n, "return two cards from your hand")?;
        let returned = ctx.return_all(e.you, &chosen)?;
        ctx.sentence(5)?;
        if returned.is_empty() {
            return Ok(());
        }
    }
}

/// Draw two {11}s. Meld one of them, then meld the other and if it is your turn, super-execute it,
/// otherwise self-execute it.
fn what_does_the_fox_say(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_n(e.you, e.age(11), 2)?;
    ctx.sentence_on(2, &drawn)?;
    let in_hand: Vec<CardId> = drawn.iter().copied().filter(|c| ctx.hand(e.you).contains(c)).collect();
    let Some(first) = ctx.choose_card(e.you, &in_hand, false, "meld one of the two drawn cards (the other is melded and executed)")? else {
        return Ok(());
    };
    ctx.meld(e.you, first)?;
    let Some(other) = in_hand.iter().copied().find(|c| *c != first) else { return Ok(()) };
    ctx.meld(e.you, other)?;
    if ctx.st.turn.player == e.you {
        ctx.super_execute(e.you, other)
    } else {
        ctx.self_execute(e.you, other)
    }
}

/// Returns one of `p`'s top cards with `icon`, chosen; whether one was returned.
fn return_a_top_card_with(ctx: &mut Ctx, p: PlayerId, icon: Icon, why: &str) -> Res<bool> {
    let cands = with_icon(&ctx.top_cards(p), icon);
    match ctx.choose_card(p, &cands, false, why)? {
        Some(c) => ctx.return_card(p, c),
        None => Ok(false),
    }
}

/// I compel you to return one of your top cards with [efficiency]! If you do, repeat this effect.
fn greenland_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    while return_a_top_card_with(ctx, e.you, Icon::Efficiency, "return one of your top cards with [efficiency]")? {}
    Ok(())
}

/// Return one of your top cards with [prosperity]. If you do, repeat this effect.
fn greenland(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let returned = return_a_top_card_with(ctx, e.you, Icon::Prosperity, "return one of your top cards with [prosperity]")?;
        ctx.sentence(2)?;
        if !returned {
            return Ok(());
        }
    }
}

/// Junk all cards in all score piles. If you don't, for each player, choose the highest top card
/// on their board, then for each other different color, transfer their top card of that color to
/// their score pile.
fn sanskrit(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Each player in turn, from you clockwise.
    let players: Vec<PlayerId> = std::iter::once(e.you).chain(ctx.others(e.you)).collect();
    let all: Vec<CardId> = players.iter().flat_map(|q| ctx.score_pile(*q)).collect();
    let junked = ctx.junk_all(e.you, &all)?;
    ctx.sentence(2)?;
    if !junked.is_empty() {
        return Ok(());
    }
    for q in players {
        let high = derived::highest_top_value(ctx.st, q);
        let cands: Vec<CardId> = ctx.top_cards(q).into_iter().filter(|c| derived::value_of(ctx.st, *c) == high).collect();
        let why = format!("choose the highest top card on {}'s board: their other top cards go to their score pile", ctx.name(q));
        let Some(kept) = ctx.choose_card(e.you, &cands, false, &why)? else { continue };
        let others: Vec<CardId> = ctx.top_cards(q).into_iter().filter(|c| color(*c) != color(kept)).collect();
        ctx.transfer_all(e.you, &others, Dest::Score(q))?;
    }
    Ok(())
}

/// Junk all cards on your board other than the top five of each color.
fn great_barrier_reef_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let below: Vec<CardId> = Color::ALL.into_iter().flat_map(|col| ctx.pile_cards(e.you, col).into_iter().skip(5)).collect();
    ctx.junk_all(e.you, &below)?;
    Ok(())
}

/// Splay each color on your board aslant.
fn great_barrier_reef_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for col in Color::ALL {
        ctx.splay(e.you, col, Splay::Aslant)?;
    }
    Ok(())
}

/// Choose a color on your board. Junk all cards of that color from all boards.
fn jumbo_kingdom_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let colors = ctx.colors_on_board(e.you);
    let col = ctx.choose_color(e.you, &colors, false, "choose a color on your board: all cards of that color on all boards are junked")?;
    ctx.sentence(2)?;
    let Some(col) = col else { return Ok(()) };
    let players = ctx.st.active_players();
    let cards: Vec<CardId> = players.iter().flat_map(|q| ctx.pile_cards(*q, col)).collect();
    ctx.junk_all(e.you, &cards)?;
    Ok(())
}

/// Choose a card in the junk. Score all cards of the chosen card's value in the junk. If you do,
/// and you score fewer than eleven points, repeat this effect.
fn jumbo_kingdom_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        // The junk is face down: a card is chosen by its back.
        let junk = ctx.st.junk.clone();
        let chosen = ctx.choose_backs(e.you, &junk, 1, 1, "choose a card in the junk: all cards of its value there are scored")?;
        ctx.sentence(2)?;
        let Some(c) = chosen.first().copied() else { return Ok(()) };
        let v = card(c).age;
        let same: Vec<CardId> = ctx.st.junk.iter().copied().filter(|x| card(*x).age == v).collect();
        let scored = ctx.score_all(e.you, &same)?;
        ctx.sentence(3)?;
        let points: u32 = scored.iter().map(|c| u32::from(card(*c).age)).sum();
        if scored.is_empty() || points >= 11 {
            return Ok(());
        }
    }
}

/// I compel you to transfer all cards on your board to your hand!
fn oculus_quest_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let board = ctx.board_cards(e.you);
    ctx.transfer_all(e.you, &board, Dest::Hand(e.you))?;
    Ok(())
}

/// Start a new game, ignoring all players' current cards and without shuffling, each player
/// drawing and melding {9} to begin, the winner then transferring their cards to this game and
/// junking each player's other cards from that game.
fn martian_internet(ctx: &mut Ctx, e: Exec) -> Res<()> {
    crate::nested::play_new_game(ctx, e.you, e.age(9))
}

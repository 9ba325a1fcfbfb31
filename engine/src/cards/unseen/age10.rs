//! The Unseen cards of age 10.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Fight Club", &[fight_club_demand, fight_club]);
    r.card("Secret Santa", &[secret_santa_demand, secret_santa]);
    r.card("Ride-Hailing", &[ride_hailing_splay, ride_hailing_meld]);
    r.card("Whatchamacallit", &[whatchamacallit]);
    r.card("Cryptocurrency", &[cryptocurrency_return, cryptocurrency_splay]);
    r.card("Denver Airport", &[denver_airport_achieve, denver_airport_splay]);
    r.card("Hacking", &[hacking_demand]);
    r.card("Inhomogeneous Cosmology", &[inhomogeneous_cosmology_place, inhomogeneous_cosmology_draw]);
    r.card("3D Printing", &[three_d_printing]);
    r.card("Order of the Occult Hand", &[occult_hand_lose, occult_hand_win, occult_hand_meld]);
}

/// I demand you transfer one of your secrets to my achievements!
fn fight_club_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("transfer one of your secrets to {}'s achievements", ctx.name(e.me));
    if let Some(c) = ctx.choose_secret(e.you, &ctx.secrets(e.you), false, &why)? {
        ctx.transfer(e.you, c, Dest::Achievements(e.me))?;
    }
    Ok(())
}

/// You may splay your yellow cards up.
fn fight_club(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Yellow, Splay::Up)?;
    Ok(())
}

/// I demand you meld a card from my score pile!
fn secret_santa_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("meld a card from {}'s score pile", ctx.name(e.me));
    // The demander's score pile is hidden from you: the card is chosen by its back.
    if let Some(c) = ctx.choose_backs(e.you, &ctx.score_pile(e.me), 1, 1, &why)?.first().copied() {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// Draw and score three {10}.
fn secret_santa(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for _ in 0..3 {
        ctx.draw_and_score(e.you, e.age(10))?;
    }
    Ok(())
}

/// You may splay your green cards up.
fn ride_hailing_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Green, Splay::Up)?;
    Ok(())
}

/// Meld a top non-yellow card with [efficiency] from another player's board. If you do,
/// self-execute it. Otherwise, draw an {11}.
fn ride_hailing_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx
        .others(e.you)
        .into_iter()
        .flat_map(|q| with_icon(&ctx.top_cards(q), Icon::Efficiency))
        .filter(|c| color(*c) != Color::Yellow)
        .collect();
    let why = "meld a top non-yellow card with [efficiency] from another player's board";
    let melded = match ctx.choose_card(e.you, &cands, false, why)? {
        Some(c) if ctx.meld(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    if let Some(c) = melded {
        return ctx.self_execute(e.you, c);
    }
    ctx.sentence(3)?;
    ctx.draw(e.you, e.age(11))?;
    Ok(())
}

/// For each value, in ascending order, if that value is not a value of a top card on your
/// board or a card in your score pile, draw and score a card of that value.
fn whatchamacallit(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for v in 1..=11u8 {
        // Checked as each value is reached: cards scored for lower values count.
        let tops = crate::derived::top_values(ctx.st, e.you);
        let scored = ctx.score_pile(e.you).iter().any(|c| card(*c).age == v);
        if !tops.contains(&v) && !scored {
            ctx.draw_and_score(e.you, v)?;
        }
    }
    Ok(())
}

/// Return all cards from your score pile. For each different value of card you return, draw
/// and score a {10}.
fn cryptocurrency_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let returned = ctx.return_all(e.you, &ctx.score_pile(e.you))?;
    ctx.sentence(2)?;
    let mut values: Vec<u8> = returned.iter().map(|c| card(*c).age).collect();
    values.sort_unstable();
    values.dedup();
    for _ in 0..values.len() {
        ctx.draw_and_score(e.you, e.age(10))?;
    }
    Ok(())
}

/// You may splay your red cards up.
fn cryptocurrency_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Red, Splay::Up)?;
    Ok(())
}

/// You may achieve one of your secrets regardless of eligibility.
fn denver_airport_achieve(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = "you may achieve one of your secrets regardless of eligibility";
    if let Some(c) = ctx.choose_secret(e.you, &ctx.secrets(e.you), true, why)? {
        ctx.achieve(e.you, c)?;
    }
    Ok(())
}

/// You may splay your purple cards up.
fn denver_airport_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Purple, Splay::Up)?;
    Ok(())
}

/// I demand you transfer your two highest secrets to my safe! Transfer the two highest cards in
/// your score pile to my score pile! Meld the two lowest cards from your score pile!
fn hacking_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let me = ctx.name(e.me).to_string();
    // A transfer is not a safeguard: the demander's safe limit does not stop it.
    let secrets = ctx.secrets(e.you);
    let two = choose_extreme(ctx, e.you, &secrets, 2, true, true, &format!("transfer your two highest secrets to {me}'s safe"))?;
    ctx.transfer_all(e.you, &two, Dest::Safe(e.me))?;
    let pile = ctx.score_pile(e.you);
    let why = format!("transfer the two highest cards in your score pile to {me}'s score pile");
    let two = choose_extreme(ctx, e.you, &pile, 2, true, false, &why)?;
    ctx.transfer_all(e.you, &two, Dest::Score(e.me))?;
    let pile = ctx.score_pile(e.you);
    let two = choose_extreme(ctx, e.you, &pile, 2, false, false, "meld the two lowest cards from your score pile")?;
    ctx.meld_all(e.you, &two)?;
    Ok(())
}

/// You may place a top card from your board on top of its deck. You may meld a card from your
/// hand. If you do either, repeat this effect.
fn inhomogeneous_cosmology_place(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let why = "you may place a top card from your board on top of its deck";
        let placed = match ctx.choose_card(e.you, &ctx.top_cards(e.you), true, why)? {
            Some(c) => ctx.place_on_top_of_deck(e.you, c)?,
            None => false,
        };
        ctx.sentence(2)?;
        let melded = match ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may meld a card from your hand")? {
            Some(c) => ctx.meld(e.you, c)?,
            None => false,
        };
        ctx.sentence(3)?;
        if !placed && !melded {
            return Ok(());
        }
    }
}

/// Draw an {11} for every color not on your board.
fn inhomogeneous_cosmology_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let missing = Color::ALL.len() - ctx.colors_on_board(e.you).len();
    ctx.draw_n(e.you, e.age(11), missing)?;
    Ok(())
}

/// Return a top or bottom card on your board. Achieve one of your secrets of value equal to the
/// returned card regardless of eligibility, then safeguard an available standard achievement. If
/// you do, repeat this effect.
fn three_d_printing(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let mut cands = ctx.top_cards(e.you);
        cands.extend(Color::ALL.into_iter().filter_map(|col| ctx.bottom(e.you, col)));
        let returned = match ctx.choose_card(e.you, &cands, false, "return a top or bottom card on your board")? {
            Some(c) if ctx.return_card(e.you, c)? => Some(c),
            _ => None,
        };
        ctx.sentence(2)?;
        let v = value(returned);
        let secrets = of_value(&ctx.secrets(e.you), v);
        let why = format!("achieve one of your secrets of value {v} regardless of eligibility");
        let achieved = match ctx.choose_secret(e.you, &secrets, false, &why)? {
            Some(c) => ctx.achieve(e.you, c)?,
            None => false,
        };
        let values: Vec<u8> = (1..=11).collect();
        let safeguarded = ctx.safeguard_an_available_achievement(e.you, &values, false, "safeguard an available standard achievement")?;
        ctx.sentence(3)?;
        // "If you do": the sentence before amounted to more than nothing (an achieve or a safeguard).
        if !achieved && !safeguarded {
            return Ok(());
        }
    }
}

/// If you have a {3} in your score pile, you lose.
fn occult_hand_lose(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !of_value(&ctx.score_pile(e.you), e.age(3)).is_empty() {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// If you have a {7} in your hand, you win.
fn occult_hand_win(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !of_value(&ctx.hand(e.you), e.age(7)).is_empty() {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Meld two cards from your hand. Score four cards from your hand. Splay your blue cards up.
fn occult_hand_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let two = ctx.choose_cards(e.you, &ctx.hand(e.you), 2, 2, "meld two cards from your hand")?;
    ctx.meld_all(e.you, &two)?;
    ctx.sentence(2)?;
    let four = ctx.choose_cards(e.you, &ctx.hand(e.you), 4, 4, "score four cards from your hand")?;
    ctx.score_all(e.you, &four)?;
    ctx.sentence(3)?;
    ctx.splay(e.you, Color::Blue, Splay::Up)?;
    Ok(())
}

// ---------- helpers (candidates for the shared engine) ----------

/// "Your N highest (lowest) cards" among `cards`: the ones beyond the N-th value are taken, and
/// the player chooses among those tied at it (by their backs when `hidden`).
fn choose_extreme(ctx: &mut Ctx, p: PlayerId, cards: &[CardId], n: usize, high: bool, hidden: bool, why: &str) -> Res<Vec<CardId>> {
    if cards.len() <= n {
        return Ok(cards.to_vec());
    }
    let mut values: Vec<u8> = cards.iter().map(|c| card(*c).age).collect();
    values.sort_unstable();
    if high {
        values.reverse();
    }
    let edge = values[n - 1];
    let beyond = |v: u8| if high { v > edge } else { v < edge };
    let mut out: Vec<CardId> = cards.iter().copied().filter(|c| beyond(card(*c).age)).collect();
    let tied = of_value(cards, edge);
    let need = n - out.len();
    let picked = if hidden { ctx.choose_backs(p, &tied, need, need, why)? } else { ctx.choose_cards(p, &tied, need, need, why)? };
    out.extend(picked);
    Ok(out)
}

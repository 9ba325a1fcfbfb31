//! The Unseen cards of age 5.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Cabal", &[cabal_demand, cabal]);
    r.card("Witch Trial", &[witch_trial_demand]);
    r.card("Chartreuse", &[chartreuse, chartreuse_splay]);
    r.card("Gallery", &[gallery, gallery_draw]);
    r.card("Buried Treasure", &[buried_treasure]);
    r.card("Secret History", &[secret_history_demand, secret_history]);
    r.card("Popular Science", &[popular_science, popular_science_yellow, popular_science_splay]);
    r.card("Probability", &[probability_return, probability]);
    r.card("Pantheism", &[pantheism, pantheism_tuck]);
    r.card("Pen Name", &[pen_name]);
}

/// I demand you transfer all cards from your hand that have a value matching any of my secrets to my score pile! Draw a {5}!
fn cabal_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let values: Vec<u8> = ctx.secrets(e.me).iter().map(|c| card(*c).age).collect();
    let cards: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| values.contains(&card(*c).age)).collect();
    ctx.transfer_all(e.you, &cards, Dest::Score(e.me))?;
    ctx.draw(e.you, e.age(5))?;
    Ok(())
}

/// Safeguard an available achievement of value equal to a top card on your board.
fn cabal(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let values: Vec<u8> = ctx.top_cards(e.you).iter().map(|c| card(*c).age).collect();
    ctx.safeguard_an_available_achievement(
        e.you,
        &values,
        false,
        "safeguard an available achievement of value equal to a top card on your board",
    )?;
    Ok(())
}

/// I demand you draw and reveal a {5}! Return your top card of the color of the drawn card, another card of that color from your hand, and a card from your score pile! If you do, repeat this effect!
fn witch_trial_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        let drawn = ctx.draw_and_reveal(e.you, e.age(5))?;
        let col = color(drawn);
        let mut returned = 0;
        if let Some(t) = ctx.top(e.you, col) {
            if ctx.return_card(e.you, t)? {
                returned += 1;
            }
        }
        let others: Vec<CardId> = of_color(&ctx.hand(e.you), col).into_iter().filter(|c| *c != drawn).collect();
        if let Some(c) = ctx.choose_card(e.you, &others, false, &format!("return another {} card from your hand", col.name()))? {
            if ctx.return_card(e.you, c)? {
                returned += 1;
            }
        }
        let score = ctx.score_pile(e.you);
        if let Some(c) = ctx.choose_card(e.you, &score, false, "return a card from your score pile")? {
            if ctx.return_card(e.you, c)? {
                returned += 1;
            }
        }
        // "If you do" refers to the previous sentence in its entirety: all three were returned.
        // (Were any one enough, the drawn card would be returned the next time round for ever.)
        if returned < 3 {
            return Ok(());
        }
    }
}

/// Draw and reveal a {3}, a {4}, a {5}, and a {6}. Meld each drawn green card and each drawn yellow card, in any order. Return the other drawn cards.
fn chartreuse(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut drawn = Vec::new();
    for v in [e.age(3), e.age(4), e.age(5), e.age(6)] {
        drawn.push(ctx.draw_and_reveal(e.you, v)?);
    }
    ctx.sentence_on(2, &drawn)?;
    let (meld, back): (Vec<CardId>, Vec<CardId>) = drawn.iter().copied().partition(|c| matches!(color(*c), Color::Green | Color::Yellow));
    ctx.meld_all(e.you, &meld)?;
    ctx.sentence_on(3, &drawn)?;
    ctx.return_all(e.you, &back)?;
    Ok(())
}

/// You may splay your green or yellow cards right.
fn chartreuse_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Green, Color::Yellow], Splay::Right)?;
    Ok(())
}

/// If you have a {2} in your score pile, draw a {6}.
fn gallery(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !of_value(&ctx.score_pile(e.you), e.age(2)).is_empty() {
        ctx.draw(e.you, e.age(6))?;
    }
    Ok(())
}

/// If you have a {1} in your score pile, draw a {7}. Otherwise, draw a {5}.
fn gallery_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !of_value(&ctx.score_pile(e.you), e.age(1)).is_empty() {
        ctx.draw(e.you, e.age(7))?;
    } else {
        ctx.sentence(2)?;
        ctx.draw(e.you, e.age(5))?;
    }
    Ok(())
}

/// Choose an odd value. Transfer all cards of that value from all score piles to the available achievements. If you transfer at least four cards, draw and safeguard a card of that value, and score three available standard achievements.
fn buried_treasure(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(v) = ctx.choose_value(e.you, &[1, 3, 5, 7, 9, 11], "choose an odd value")? else { return Ok(()) };
    ctx.sentence(2)?;
    let mut transferred = 0;
    let mut players = vec![e.you];
    players.extend(ctx.others(e.you));
    for p in players {
        let cards = of_value(&ctx.score_pile(p), v);
        transferred += ctx.transfer_all(e.you, &cards, Dest::AvailableAchievements)?.len();
    }
    ctx.sentence(3)?;
    if transferred >= 4 {
        ctx.draw_and_safeguard(e.you, v)?;
        let avail = ctx.available_achievements();
        let three = ctx.choose_backs(e.you, &avail, 3, 3, "score three available standard achievements")?;
        ctx.score_all(e.you, &three)?;
    }
    Ok(())
}

/// I demand you transfer one of your secrets to my safe!
fn secret_history_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let secrets = ctx.secrets(e.you);
    let why = format!("transfer one of your secrets to {}'s safe", ctx.name(e.me));
    if let Some(s) = ctx.choose_secret(e.you, &secrets, false, &why)? {
        ctx.transfer(e.you, s, Dest::Safe(e.me))?;
    }
    Ok(())
}

/// If your red and purple cards are splayed right, claim the Mystery achievement. Otherwise, splay your red or purple cards right.
fn secret_history(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.splay_of(e.you, Color::Red) == Splay::Right && ctx.splay_of(e.you, Color::Purple) == Splay::Right {
        ctx.claim_special(e.you, Special::Mystery)?;
        return Ok(());
    }
    ctx.sentence(2)?;
    let can: Vec<Color> = [Color::Red, Color::Purple].into_iter().filter(|c| ctx.splayable(e.you, Splay::Right).contains(c)).collect();
    if let Some(c) = ctx.choose_color(e.you, &can, false, "splay your red or purple cards right")? {
        ctx.splay(e.you, c, Splay::Right)?;
    }
    Ok(())
}

/// Draw and meld a card of value equal to the value of a top green card anywhere.
fn popular_science(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut values = Vec::new();
    for p in 0..ctx.st.num_players() {
        if let Some(g) = ctx.top(p, Color::Green) {
            values.push(card(g).age);
        }
    }
    // With no top green card anywhere, its value is 0 ("treat the value as 0"): a 0 is drawn.
    if values.is_empty() {
        values.push(0);
    }
    if let Some(v) = ctx.choose_value(e.you, &values, "draw and meld a card of value equal to a top green card anywhere")? {
        ctx.draw_and_meld(e.you, v)?;
    }
    Ok(())
}

/// Draw and meld a card of value one higher than the value of your top yellow card.
fn popular_science_yellow(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = value(ctx.top(e.you, Color::Yellow)) + 1;
    ctx.draw_and_meld(e.you, v)?;
    Ok(())
}

/// You may splay your blue cards right.
fn popular_science_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Blue, Splay::Right)?;
    Ok(())
}

/// Return all cards from your hand.
fn probability_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    ctx.return_all(e.you, &hand)?;
    Ok(())
}

/// Draw and reveal two {6}, then return them. If exactly two different icon types appear on the drawn cards, draw and score two {6}. If exactly four different icon types appear, draw a {7}. Draw a {6}.
fn probability(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let a = ctx.draw_and_reveal(e.you, e.age(6))?;
    let b = ctx.draw_and_reveal(e.you, e.age(6))?;
    ctx.return_all(e.you, &[a, b])?;
    ctx.sentence_on(2, &[a, b])?;
    let mut types: Vec<Icon> = Vec::new();
    for c in [a, b] {
        for s in &card(c).slots {
            if let Some(i) = s.icon() {
                if !types.contains(&i) {
                    types.push(i);
                }
            }
        }
    }
    if types.len() == 2 {
        ctx.draw_and_score(e.you, e.age(6))?;
        ctx.draw_and_score(e.you, e.age(6))?;
    }
    ctx.sentence_on(3, &[a, b])?;
    if types.len() == 4 {
        ctx.draw(e.you, e.age(7))?;
    }
    ctx.sentence(4)?;
    ctx.draw(e.you, e.age(6))?;
    Ok(())
}

/// Tuck a card from your hand. If you do, draw and tuck a {4}, score all cards on your board of the color of one of the tucked cards, and splay right the color on your board of the other tucked card.
fn pantheism(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(first) = ctx.choose_card(e.you, &hand, false, "tuck a card from your hand")? else { return Ok(()) };
    if !ctx.tuck(e.you, first)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    let second = ctx.draw_and_tuck(e.you, e.age(4))?;
    // Two tucked cards of one color leave nothing to choose.
    let pick = if color(first) == color(second) {
        Some(first)
    } else {
        ctx.choose_card(
            e.you,
            &[first, second],
            false,
            "score all cards on your board of the color of one of the tucked cards (the other's color is splayed right)",
        )?
    };
    let (scored, other) = if pick == Some(second) { (second, first) } else { (first, second) };
    let pile = ctx.pile_cards(e.you, color(scored));
    ctx.score_all(e.you, &pile)?;
    ctx.splay(e.you, color(other), Splay::Right)?;
    Ok(())
}

/// Draw and tuck a {4}.
fn pantheism_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(4))?;

    Ok(())
}

/// Choose to either splay an unsplayed non-purple color on your board left and self-execute its top card, or meld a card from your hand and splay its color on your board right.
fn pen_name(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let opts = [
        "splay an unsplayed non-purple color on your board left and self-execute its top card",
        "meld a card from your hand and splay its color on your board right",
    ];
    let colors: Vec<Color> =
        ctx.colors_on_board(e.you).into_iter().filter(|c| *c != Color::Purple && ctx.splay_of(e.you, *c) == Splay::None).collect();
    // An option that cannot be done at all (no such color; an empty hand) is not offered.
    let labels: Vec<&str> =
        [(!colors.is_empty(), opts[0]), (!ctx.hand(e.you).is_empty(), opts[1])].into_iter().filter_map(|(ok, l)| ok.then_some(l)).collect();
    let k = ctx.choose_option(e.you, &labels, false, "choose to either")?;
    match k.map(|k| labels[k]) {
        None => {}
        Some(l) if l == opts[0] => {
            if let Some(col) = ctx.choose_color(e.you, &colors, false, "splay an unsplayed non-purple color left")? {
                ctx.splay(e.you, col, Splay::Left)?;
                if let Some(t) = ctx.top(e.you, col) {
                    ctx.self_execute(e.you, t)?;
                }
            }
        }
        _ => {
            let hand = ctx.hand(e.you);
            if let Some(c) = ctx.choose_card(e.you, &hand, false, "meld a card from your hand")? {
                ctx.meld(e.you, c)?;
                ctx.splay(e.you, color(c), Splay::Right)?;
            }
        }
    }
    Ok(())
}

//! The Echoes cards of age 4.

use crate::cards::prelude::*;
use crate::primitives::DrawFrom;

pub fn register(r: &mut Registry) {
    r.echo_card("Kobukson", kobukson_echo, &[kobukson_demand, kobukson_tuck, kobukson_foreseen]);
    r.card("Shuriken", &[shuriken_demand, shuriken_splay]);
    r.echo_card("Barometer", barometer_echo, &[barometer, barometer_return]);
    r.echo_card("Pencil", pencil_echo, &[pencil]);
    r.card("Chintz", &[chintz_draw, chintz, chintz_foreseen]);
    r.card("Globe", &[globe, globe_foreseen]);
    r.card("Slide Rule", &[slide_rule_splay, slide_rule]);
    r.echo_card("Telescope", telescope_echo, &[telescope]);
    r.echo_card("Clock", clock_echo, &[clock_demand]);
    r.echo_card("Toilet", toilet_echo, &[toilet_demand, toilet]);
}

/// Splay left one color on any player's board.
fn kobukson_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.splay_any_board(e.you, Splay::Left, "splay left one color on any player's board")?;
    Ok(())
}

/// I demand you return all your top cards with [authority] of each color from your board! Draw and tuck a {4}!
fn kobukson_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The top cards as they are now: the cards they uncover are not returned.
    let tops = with_icon(&ctx.top_cards(e.you), Icon::Authority);
    ctx.return_all(e.you, &tops)?;
    ctx.draw_and_tuck(e.you, e.age(4))?;
    Ok(())
}

/// Draw and tuck a {4}.
fn kobukson_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(4))?;
    Ok(())
}

/// If Kobukson was foreseen, draw and meld a {5}.
fn kobukson_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        ctx.draw_and_meld(e.you, e.age(5))?;
    }
    Ok(())
}

/// I demand you transfer two non-red top cards with [authority] or [avatar] from your board to my board! If you do, and Shuriken was foreseen, transfer them to my achievements!
fn shuriken_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx
        .top_cards(e.you)
        .into_iter()
        .filter(|c| color(*c) != Color::Red && (has_icon(*c, Icon::Authority) || has_icon(*c, Icon::Avatar)))
        .collect();
    let why = format!("transfer two non-red top cards with [authority] or [avatar] from your board to {}'s board", ctx.name(e.me));
    let two = ctx.choose_cards(e.you, &cands, 2, 2, &why)?;
    let mut moved = Vec::new();
    for c in two {
        if ctx.transfer(e.you, c, Dest::Board(e.me))? {
            moved.push(c);
        }
    }
    if !moved.is_empty() && ctx.foreseen(e) {
        // "Them": the transferred cards, from my board (where they still are).
        for c in moved {
            if ctx.st.locate(c).is_some_and(|z| matches!(z, Zone::Pile(q, _) if q == e.me)) {
                ctx.transfer(e.you, c, Dest::Achievements(e.me))?;
            }
        }
    }
    Ok(())
}

/// You may splay your purple cards right.
fn shuriken_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Purple, Splay::Right)?;
    Ok(())
}

/// Transfer a {5} from your forecast to your hand.
fn barometer_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let fives = of_value(&ctx.forecast(e.you), e.age(5));
    let why = format!("transfer {} from your forecast to your hand", a_value(e.age(5)));
    if let Some(c) = ctx.choose_card(e.you, &fives, false, &why)? {
        ctx.transfer(e.you, c, Dest::Hand(e.you))?;
    }
    Ok(())
}

/// Draw and foreshadow a card of value two higher than a bonus on any board, if there is one.
fn barometer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The bonus is chosen (by its value) among the visible bonuses of every board.
    let mut bonuses: Vec<u8> = Vec::new();
    for q in ctx.st.active_players() {
        bonuses.extend(ctx.bonuses(q));
    }
    bonuses.sort_unstable();
    let why = "choose a bonus on any board: draw and foreshadow a card of value two higher";
    if let Some(b) = ctx.choose_value(e.you, &bonuses, why)? {
        ctx.draw_and_foreshadow(e.you, b + 2)?;
    }
    Ok(())
}

/// You may return all cards in your forecast. If any were blue, claim the Destiny achievement.
fn barometer_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let forecast = ctx.forecast(e.you);
    if forecast.is_empty() || !ctx.yes_no(e.you, "you may return all cards in your forecast")? {
        return Ok(());
    }
    let returned = ctx.return_all(e.you, &forecast)?;
    ctx.sentence(2)?;
    if returned.iter().any(|c| color(*c) == Color::Blue) {
        ctx.claim_special(e.you, Special::Destiny)?;
    }
    Ok(())
}

/// Draw a {5}.
fn pencil_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(5))?;
    Ok(())
}

/// You may return up to three cards from your hand. If you do, draw that many cards of value one higher than the highest card you return. Return all but one of them, and foreshadow the remaining card.
fn pencil(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), 0, 3, "you may return up to three cards from your hand")?;
    let returned = ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    if returned.is_empty() {
        return Ok(());
    }
    let v = value(highest(&returned).first().copied()) + 1;
    let drawn = ctx.draw_n(e.you, v, returned.len())?;
    ctx.sentence_on(3, &drawn)?;
    // "Return all but one of them": asked as the ones returned; the one left is kept to foreshadow.
    let n = drawn.len();
    let why = "return all but one of them: choose the cards to return (the one you keep is foreshadowed)";
    let back = if n > 1 { ctx.choose_cards(e.you, &drawn, n - 1, n - 1, why)? } else { Vec::new() };
    ctx.return_all(e.you, &back)?;
    if let Some(kept) = drawn.into_iter().find(|c| !back.contains(c)) {
        ctx.foreshadow(e.you, kept)?;
    }
    Ok(())
}

/// Draw a {4}.
fn chintz_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(4))?;
    Ok(())
}

/// If you have exactly one card in your hand, draw a {4}, then draw and score a {4}.
fn chintz(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.hand(e.you).len() == 1 {
        ctx.draw(e.you, e.age(4))?;
        ctx.draw_and_score(e.you, e.age(4))?;
    }
    Ok(())
}

/// If Chintz was foreseen, transfer all cards from your hand to the available achievements.
fn chintz_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        let hand = ctx.hand(e.you);
        ctx.transfer_all(e.you, &hand, Dest::AvailableAchievements)?;
    }
    Ok(())
}

/// You may return all cards from your hand. If you return blue, green, and yellow cards, draw and foreshadow a {6}, {7}, and {8}, then splay any color on your board right.
fn globe(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let mut returned: Vec<Color> = Vec::new();
    if !hand.is_empty() && ctx.yes_no(e.you, "you may return all cards from your hand")? {
        returned = ctx.return_all(e.you, &hand)?.into_iter().map(color).collect();
    }
    ctx.sentence(2)?;
    if [Color::Blue, Color::Green, Color::Yellow].iter().all(|c| returned.contains(c)) {
        for v in [e.age(6), e.age(7), e.age(8)] {
            ctx.draw_and_foreshadow(e.you, v)?;
        }
        let can = ctx.splayable(e.you, Splay::Right);
        if let Some(col) = ctx.choose_color(e.you, &can, false, "splay any color on your board right")? {
            ctx.splay(e.you, col, Splay::Right)?;
        }
    }
    Ok(())
}

/// If Globe was foreseen, foreshadow a top card from any board.
fn globe_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !ctx.foreseen(e) {
        return Ok(());
    }
    let mut tops = Vec::new();
    for q in ctx.st.active_players() {
        tops.extend(ctx.top_cards(q));
    }
    if let Some(c) = ctx.choose_card(e.you, &tops, false, "foreshadow a top card from any board")? {
        ctx.foreshadow(e.you, c)?;
    }
    Ok(())
}

/// You may splay your yellow cards right.
fn slide_rule_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Yellow, Splay::Right)?;
    Ok(())
}

/// Draw a card of value equal to the value of your lowest top card plus the number of colors you have splayed.
fn slide_rule(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let lowest_top = value(lowest(&ctx.top_cards(e.you)).first().copied());
    let splayed = Color::ALL.into_iter().filter(|c| ctx.splay_of(e.you, *c) != Splay::None).count() as u8;
    ctx.draw(e.you, lowest_top + splayed)?;
    Ok(())
}

/// Draw and foreshadow an Echoes {5}.
fn telescope_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_from(e.you, e.age(5), DrawFrom::Set(Set::Echoes))?;
    ctx.foreshadow(e.you, c)?;
    Ok(())
}

/// You may place a card from your forecast on top of its deck. If you do, exchange all cards in your forecast with an equal number of available standard achievements, and junk all the cards in the {5} deck.
fn telescope(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = "you may place a card from your forecast on top of its deck";
    let placed = match ctx.choose_card(e.you, &ctx.forecast(e.you), true, why)? {
        Some(c) => ctx.place_on_top_of_deck(e.you, c)?,
        None => false,
    };
    ctx.sentence(2)?;
    if !placed {
        return Ok(());
    }
    // As many as can be: with fewer available standard achievements than forecast cards, the
    // player chooses which forecast cards are exchanged.
    let forecast = ctx.forecast(e.you);
    let available = ctx.available_achievements();
    let n = forecast.len().min(available.len());
    if n == 0 {
        ctx.junk_deck(e.you, e.age(5))?;
        return Ok(());
    }
    let achievements = ctx.choose_backs(e.you, &available, n, n, "choose the available standard achievements to exchange")?;
    let mine = if n < forecast.len() {
        ctx.choose_cards(e.you, &forecast, n, n, "choose the cards of your forecast to exchange")?
    } else {
        forecast
    };
    ctx.exchange(e.you, &mine, Dest::AvailableAchievements, &achievements, Dest::Forecast(e.you))?;
    ctx.junk_deck(e.you, e.age(5))?;
    Ok(())
}

/// You may splay your color with the most cards right.
fn clock_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let most = Color::ALL.into_iter().map(|c| ctx.pile_cards(e.you, c).len()).max().unwrap_or(0);
    let colors: Vec<Color> = Color::ALL.into_iter().filter(|c| most > 0 && ctx.pile_cards(e.you, *c).len() == most).collect();
    ctx.may_splay_one_of(e.you, &colors, Splay::Right)?;
    Ok(())
}

/// I demand you transfer all cards of value equal to the number of visible cards of the color of my choice on my board from your hand and your score pile to my score pile! Junk an available achievement of that value!
fn clock_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The colour is chosen among the colours on my board (any other shows no card: value 0).
    let colors = ctx.colors_on_board(e.me);
    let why = format!("choose a color on your board: {} transfers the cards of value equal to its visible cards", ctx.name(e.you));
    let Some(col) = ctx.choose_color(e.me, &colors, false, &why)? else { return Ok(()) };
    let v = ctx.st.pile(e.me, col).visible_count() as u8;
    let mut cards = of_value(&ctx.hand(e.you), v);
    cards.extend(of_value(&ctx.score_pile(e.you), v));
    ctx.transfer_all(e.you, &cards, Dest::Score(e.me))?;
    ctx.junk_an_available_achievement(e.you, &[v], false, &format!("junk an available achievement of value {v}"))?;
    Ok(())
}

/// Draw and tuck a {4}.
fn toilet_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(4))?;
    Ok(())
}

/// I demand you return a card from your score pile matching each different bonus value on my board!
fn toilet_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut values = ctx.bonuses(e.me);
    values.dedup();
    for v in values {
        let cands = of_value(&ctx.score_pile(e.you), v);
        if let Some(c) = ctx.choose_card(e.you, &cands, false, &format!("return {} from your score pile", a_value(v)))? {
            ctx.return_card(e.you, c)?;
        }
    }
    Ok(())
}

/// You may return a card from your hand and draw a card of the same value.
fn toilet(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = "you may return a card from your hand and draw a card of the same value";
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, why)? {
        if ctx.return_card(e.you, c)? {
            ctx.draw(e.you, card(c).age)?;
        }
    }
    Ok(())
}

//! The Unseen cards of age 8.

use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Concealment", &[concealment_demand, concealment]);
    r.card("Enigma Machine", &[enigma_machine_choose, enigma_machine_splay]);
    r.card("Jackalope", &[jackalope_demand, jackalope]);
    r.card("Shangri-La", &[shangri_la]);
    r.card("Handbag", &[handbag]);
    r.card("Hitchhiking", &[hitchhiking]);
    r.card("Blacklight", &[blacklight]);
    r.card("Scouting", &[scouting]);
    r.card("Joy Buzzer", &[joy_buzzer_demand, joy_buzzer]);
    r.card("Opus Dei", &[opus_dei_reveal, opus_dei_draw]);
}

/// I demand you tuck all your secrets!
fn concealment_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Nobody may look at a secret: there is no order to choose, they go as they lie in the safe.
    for c in ctx.secrets(e.you) {
        ctx.tuck(e.you, c)?;
    }
    Ok(())
}

/// Safeguard your bottom purple card.
fn concealment(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.bottom(e.you, Color::Purple) {
        ctx.safeguard(e.you, c)?;
    }
    Ok(())
}

/// Choose to either safeguard all available standard achievements, transfer all your secrets
/// to your hand, or transfer all cards in your hand to the available achievements.
fn enigma_machine_choose(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let labels = [
        "safeguard all available standard achievements",
        "transfer all your secrets to your hand",
        "transfer all cards in your hand to the available achievements",
    ];
    match ctx.choose_option(e.you, &labels, false, "choose to either safeguard, transfer your secrets, or transfer your hand")? {
        Some(0) => {
            // One at a time; once the safe is at its limit, the rest stay where they are.
            for c in ctx.available_achievements() {
                ctx.safeguard(e.you, c)?;
            }
        }
        Some(1) => {
            let secrets = ctx.secrets(e.you);
            ctx.transfer_all(e.you, &secrets, Dest::Hand(e.you))?;
        }
        Some(_) => {
            let hand = ctx.hand(e.you);
            ctx.transfer_all(e.you, &hand, Dest::AvailableAchievements)?;
        }
        None => {}
    }
    Ok(())
}

/// Choose a color you have splayed left and splay it up.
fn enigma_machine_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let left: Vec<Color> = Color::ALL.into_iter().filter(|c| ctx.splay_of(e.you, *c) == Splay::Left).collect();
    if let Some(col) = ctx.choose_color(e.you, &left, false, "choose a color you have splayed left and splay it up")? {
        ctx.splay(e.you, col, Splay::Up)?;
    }
    Ok(())
}

/// I demand you transfer the highest card on your board without [efficiency] to my board! If
/// you do, unsplay the transferred card's color on your board!
fn jackalope_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // "A card on your board" is any card of its piles, covered cards included (rulebook, Board).
    let all: Vec<CardId> = ctx.board_cards(e.you).into_iter().filter(|c| !has_icon(*c, Icon::Efficiency)).collect();
    let why = format!("transfer the highest card on your board without [efficiency] to {}'s board", ctx.name(e.me));
    let Some(c) = ctx.choose_card(e.you, &highest(&all), false, &why)? else { return Ok(()) };
    if ctx.transfer(e.you, c, Dest::Board(e.me))? {
        ctx.unsplay(e.you, color(c))?;
    }
    Ok(())
}

/// Unsplay the color on your board with the most visible cards.
fn jackalope(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let most = Color::ALL.iter().map(|c| ctx.st.pile(e.you, *c).visible_count()).max().unwrap_or(0);
    if most == 0 {
        return Ok(());
    }
    let tied: Vec<Color> = Color::ALL.into_iter().filter(|c| ctx.st.pile(e.you, *c).visible_count() == most).collect();
    if let Some(col) = ctx.choose_color(e.you, &tied, false, "unsplay the color on your board with the most visible cards")? {
        ctx.unsplay(e.you, col)?;
    }
    Ok(())
}

/// Draw and tuck an {8}. If it has [industry], score it. Otherwise, draw and meld an {8}. If it
/// is an {8}, repeat this effect.
fn shangri_la(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_tuck(e.you, e.age(8))?;
        ctx.sentence_on(2, &[c])?;
        if has_icon(c, Icon::Industry) {
            ctx.score(e.you, c)?;
            return Ok(());
        }
        ctx.sentence_on(3, &[c])?;
        // The last sentence belongs to "Otherwise": its "it" is the melded card (an {8} unless the
        // {8} deck ran out), so the effect repeats until a tucked card has [industry].
        let melded = ctx.draw_and_meld(e.you, e.age(8))?;
        ctx.sentence_on(4, &[melded])?;
        if card(melded).age != e.age(8) {
            return Ok(());
        }
    }
}

/// You may choose to either transfer the bottom card of each color from your board to your
/// hand, or tuck all cards from your score pile, or choose a value and score all cards from
/// your hand of that value.
fn handbag(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let labels = [
        "transfer the bottom card of each color from your board to your hand",
        "tuck all cards from your score pile",
        "choose a value and score all cards from your hand of that value",
    ];
    match ctx.choose_option(e.you, &labels, true, "you may choose to either transfer, tuck or score")? {
        Some(0) => {
            let bottoms: Vec<CardId> = Color::ALL.into_iter().filter_map(|c| ctx.bottom(e.you, c)).collect();
            ctx.transfer_all(e.you, &bottoms, Dest::Hand(e.you))?;
        }
        Some(1) => {
            let score = ctx.score_pile(e.you);
            ctx.tuck_all(e.you, &score)?;
        }
        Some(_) => {
            if let Some(v) = ctx.choose_a_value(e.you, "choose a value: score all cards from your hand of that value")? {
                let cards = of_value(&ctx.hand(e.you), v);
                ctx.score_all(e.you, &cards)?;
            }
        }
        None => {}
    }
    Ok(())
}

/// Choose another player. That player chooses and transfers a card from their hand to your
/// board. Self-execute the card, with that player making all decisions for you with visibility
/// of your cards.
fn hitchhiking(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let others = ctx.others(e.you);
    let Some(q) = ctx.choose_player(e.you, &others, false, "choose another player")? else { return Ok(()) };
    ctx.sentence(2)?;
    let why = format!("choose a card from your hand to transfer to {}'s board", ctx.name(e.you));
    let hand = ctx.hand(q);
    let Some(c) = ctx.choose_card(q, &hand, false, &why)? else { return Ok(()) };
    // "The card" is the transferred one: with nothing transferred there is nothing to self-execute.
    if !ctx.transfer(q, c, Dest::Board(e.you))? {
        return Ok(());
    }
    ctx.sentence(3)?;
    // The engine routes every question to you to that player, who sees your cards (see `Ctx::ask`).
    ctx.self_execute_as(e.you, c, SelfExecution { must: false, decider: Some(q) })
}

/// Choose to either unsplay one color of your cards, or splay up an unsplayed color on your
/// board and draw a {9}.
fn blacklight(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let splay_up = format!("splay up an unsplayed color on your board and draw a {{{}}}", e.age(9));
    let labels = ["unsplay one color of your cards", splay_up.as_str()];
    match ctx.choose_option(e.you, &labels, false, "choose to either unsplay or splay up and draw")? {
        Some(0) => {
            let splayed: Vec<Color> = Color::ALL.into_iter().filter(|c| ctx.splay_of(e.you, *c) != Splay::None).collect();
            if let Some(col) = ctx.choose_color(e.you, &splayed, false, "unsplay one color of your cards")? {
                ctx.unsplay(e.you, col)?;
            }
        }
        Some(_) => {
            // The golden rule: a colour that can be splayed up (two cards or more) is chosen.
            let unsplayed: Vec<Color> =
                ctx.splayable(e.you, Splay::Up).into_iter().filter(|c| ctx.splay_of(e.you, *c) == Splay::None).collect();
            if let Some(col) = ctx.choose_color(e.you, &unsplayed, false, "splay up an unsplayed color on your board")? {
                ctx.splay(e.you, col, Splay::Up)?;
            }
            // The draw does not depend on the splay ("and", not "if you do").
            ctx.draw(e.you, e.age(9))?;
        }
        None => {}
    }
    Ok(())
}

/// Draw and reveal two {9}. Return at least one of the drawn cards. If you return at least two
/// cards, reveal the top card of the {10} deck. If the color of the revealed card matches the
/// color of one of the returned cards, draw a {10}.
fn scouting(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = vec![ctx.draw_and_reveal(e.you, e.age(9))?, ctx.draw_and_reveal(e.you, e.age(9))?];
    ctx.sentence_on(2, &drawn)?;
    let chosen = ctx.choose_cards(e.you, &drawn, 1, 2, "return at least one of the drawn cards")?;
    let returned = ctx.return_all(e.you, &chosen)?;
    ctx.sentence(3)?;
    if returned.len() < 2 {
        return Ok(());
    }
    // The base {10} deck; an empty deck has no top card to reveal.
    let Some(top) = ctx.top_of_deck(e.age(10)) else { return Ok(()) };
    let revealed = ctx.reveal(e.you, top)?;
    ctx.sentence(4)?;
    // "The revealed card": a card a karma kept from being revealed is none.
    if revealed && returned.iter().any(|c| color(*c) == color(top)) {
        ctx.draw(e.you, e.age(10))?;
    }
    Ok(())
}

/// I demand you exchange all cards in your hand with all the lowest cards in my hand!
fn joy_buzzer_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let yours = ctx.hand(e.you);
    let mine = lowest(&ctx.hand(e.me));
    ctx.exchange(e.you, &yours, Dest::Hand(e.me), &mine, Dest::Hand(e.you))
}

/// You may choose a value and score all the cards in your hand of that value. If you do, score
/// your top purple card.
fn joy_buzzer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // With an empty hand no value could score anything: nothing to choose.
    if ctx.hand(e.you).is_empty() || !ctx.yes_no(e.you, "you may choose a value and score all the cards in your hand of that value")? {
        return Ok(());
    }
    let Some(v) = ctx.choose_a_value(e.you, "choose a value: score all the cards in your hand of that value")? else { return Ok(()) };
    let cards = of_value(&ctx.hand(e.you), v);
    let scored = ctx.score_all(e.you, &cards)?;
    ctx.sentence(2)?;
    // "If you do": at least one card was scored.
    if !scored.is_empty() {
        if let Some(c) = ctx.top(e.you, Color::Purple) {
            ctx.score(e.you, c)?;
        }
    }
    Ok(())
}

/// Reveal the highest card in your score pile. If you do, splay your cards of the revealed
/// card's color up, and safeguard the revealed card.
fn opus_dei_reveal(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let high = highest(&ctx.score_pile(e.you));
    let Some(c) = ctx.choose_card(e.you, &high, false, "reveal the highest card in your score pile")? else { return Ok(()) };
    if !ctx.reveal(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    ctx.splay(e.you, color(c), Splay::Up)?;
    ctx.safeguard(e.you, c)?;
    Ok(())
}

/// Draw an {8} for each color on your board splayed up.
fn opus_dei_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = Color::ALL.into_iter().filter(|c| ctx.splay_of(e.you, *c) == Splay::Up).count();
    ctx.draw_n(e.you, e.age(8), n)?;

    Ok(())
}

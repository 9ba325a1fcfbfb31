//! The Unseen cards of age 4.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Ninja", &[ninja_demand, ninja]);
    r.card("Spanish Inquisition", &[spanish_inquisition_demand, spanish_inquisition]);
    r.card("April Fool's Day", &[april_fools_day, april_fools_day_splay]);
    r.card("Heirloom", &[heirloom]);
    r.card("El Dorado", &[el_dorado]);
    r.card("Quackery", &[quackery, quackery_return]);
    r.card("The Prophecies", &[the_prophecies]);
    r.card("Confession", &[confession, confession_draw]);
    r.card("Legend", &[legend]);
    r.card("Blackmail", &[blackmail_demand]);
}

/// I demand you return a card of the color of my choice from your hand! If you do, transfer the top card of that color from your board to mine!
fn ninja_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The issuer cannot see the hand: any of the five colors may be named.
    let Some(col) = ctx.choose_color(e.me, &Color::ALL, false, "choose a color for the card to return")? else { return Ok(()) };
    let cands = of_color(&ctx.hand(e.you), col);
    let Some(c) = ctx.choose_card(e.you, &cands, false, &format!("return a {} card from your hand", col.name()))? else { return Ok(()) };
    if ctx.return_card(e.you, c)? {
        if let Some(t) = ctx.top(e.you, col) {
            ctx.transfer(e.you, t, Dest::Board(e.me))?;
        }
    }
    Ok(())
}

/// You may splay your red cards right.
fn ninja(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Red, Splay::Right)?;
    Ok(())
}

/// I demand you return all but the highest cards from your hand and all but the highest cards from your score pile!
fn spanish_inquisition_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let keep = highest(&hand);
    let back: Vec<CardId> = hand.into_iter().filter(|c| !keep.contains(c)).collect();
    ctx.return_all(e.you, &back)?;
    let score = ctx.score_pile(e.you);
    let keep = highest(&score);
    let back: Vec<CardId> = score.into_iter().filter(|c| !keep.contains(c)).collect();
    ctx.return_all(e.you, &back)?;
    Ok(())
}

/// If Spanish Inquisition is a top card on your board, return all red cards from your board.
fn spanish_inquisition(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.top(e.you, color(e.card)) == Some(e.card) {
        let reds = ctx.pile_cards(e.you, Color::Red);
        ctx.return_all(e.you, &reds)?;
    }
    Ok(())
}

/// Transfer a card from your hand or score pile to the board of the player on your right. If you don't, claim the Folklore achievement.
fn april_fools_day(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Play goes clockwise (to the left), so the player on your right is the last of the others.
    let right = ctx.others(e.you).last().copied();
    let mut done = false;
    if let Some(right) = right {
        let mut cands = ctx.hand(e.you);
        cands.extend(ctx.score_pile(e.you));
        let why = format!("transfer a card from your hand or score pile to {}'s board", ctx.name(right));
        if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
            done = ctx.transfer(e.you, c, Dest::Board(right))?;
        }
    }
    ctx.sentence(2)?;
    if !done {
        ctx.claim_special(e.you, Special::Folklore)?;
    }
    Ok(())
}

/// Splay your yellow cards right, and unsplay your purple cards, or vice versa.
fn april_fools_day_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let opts = [
        "splay your yellow cards right, and unsplay your purple cards",
        "vice versa: splay your purple cards right, and unsplay your yellow cards",
    ];
    let (a, b) =
        match ctx.choose_option(e.you, &opts, false, "splay your yellow cards right, and unsplay your purple cards, or vice versa")? {
            Some(1) => (Color::Purple, Color::Yellow),
            _ => (Color::Yellow, Color::Purple),
        };
    ctx.splay(e.you, a, Splay::Right)?;
    ctx.unsplay(e.you, b)?;
    Ok(())
}

/// Transfer one of your secrets to the available achievements and draw a card of value one higher than the transferred card. If you don't, safeguard an available achievement of value equal to the value of your top red card.
fn heirloom(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let secrets = ctx.secrets(e.you);
    if let Some(s) = ctx.choose_secret(e.you, &secrets, false, "transfer one of your secrets to the available achievements")? {
        if ctx.transfer(e.you, s, Dest::AvailableAchievements)? {
            ctx.draw(e.you, card(s).age + 1)?;
            return Ok(());
        }
    }
    ctx.sentence(2)?;
    let v = value(ctx.top(e.you, Color::Red));
    ctx.safeguard_an_available_achievement(e.you, &[v], false, "safeguard an available achievement of value equal to your top red card")?;
    Ok(())
}

/// Draw and meld a {3}, a {2}, and a {1}. If all three cards have [prosperity], score all cards in the {5} deck. If two have [prosperity], splay your green and blue cards right.
fn el_dorado(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut drawn = Vec::new();
    for v in [e.age(3), e.age(2), e.age(1)] {
        drawn.push(ctx.draw_and_meld(e.you, v)?);
    }
    let n = with_icon(&drawn, Icon::Prosperity).len();
    ctx.sentence_on(2, &drawn)?;
    if n == 3 {
        let deck = ctx.st.deck(Set::Base, e.age(5)).to_vec();
        ctx.score_all(e.you, &deck)?;
    }
    ctx.sentence_on(3, &drawn)?;
    if n == 2 {
        ctx.splay(e.you, Color::Green, Splay::Right)?;
        ctx.splay(e.you, Color::Blue, Splay::Right)?;
    }
    Ok(())
}

/// Choose to either score a card from your hand, or draw a {4}.
fn quackery(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let score = "score a card from your hand";
    let draw = format!("draw a {{{}}}", e.age(4));
    // With an empty hand there is nothing to score: only the draw can be done.
    let labels: Vec<&str> = if hand.is_empty() { vec![&draw] } else { vec![score, &draw] };
    let k = ctx.choose_option(e.you, &labels, false, &format!("choose to either {score}, or {draw}"))?;
    match k.map(|k| labels[k]) {
        Some(l) if l == score => {
            if let Some(c) = ctx.choose_card(e.you, &hand, false, "score a card from your hand")? {
                ctx.score(e.you, c)?;
            }
        }
        _ => {
            ctx.draw(e.you, e.age(4))?;
        }
    }
    Ok(())
}

/// Return exactly two cards in your hand. If you do, draw a card of value equal to the sum number of [health] and [concept] on the returned cards.
fn quackery_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    // "Exactly two": with fewer than two cards in hand, nothing is returned.
    if hand.len() < 2 {
        return Ok(());
    }
    let two = ctx.choose_cards(e.you, &hand, 2, 2, "return exactly two cards from your hand")?;
    let returned = ctx.return_all(e.you, &two)?;
    ctx.sentence(2)?;
    if returned.len() == 2 {
        let sum: usize = returned.iter().map(|c| card(*c).icon_count(Icon::Health) + card(*c).icon_count(Icon::Concept)).sum();
        ctx.draw(e.you, sum as u8)?;
    }
    Ok(())
}

/// Choose to either draw and safeguard a {4}, or draw and reveal a card of value one higher than one of your secrets. If you reveal a red or purple card, meld one of your other secrets. If you do, safeguard the drawn card.
fn the_prophecies(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let secrets = ctx.secrets(e.you);
    let first = format!("draw and safeguard a {{{}}}", e.age(4));
    let mut labels = vec![first.as_str()];
    // With no secret, the second option cannot be done at all.
    if !secrets.is_empty() {
        labels.push("draw and reveal a card of value one higher than one of your secrets");
    }
    if ctx.choose_option(e.you, &labels, false, "choose to either")? != Some(1) {
        ctx.draw_and_safeguard(e.you, e.age(4))?;
        return Ok(());
    }
    let Some(s) = ctx.choose_secret(e.you, &secrets, false, "choose one of your secrets")? else { return Ok(()) };
    let Drawn { card: drawn, done: revealed } = ctx.draw_and(e.you, card(s).age + 1, Ctx::reveal)?;
    ctx.sentence_on(2, &[drawn])?;
    if revealed && matches!(color(drawn), Color::Red | Color::Purple) {
        let others: Vec<CardId> = ctx.secrets(e.you).into_iter().filter(|c| *c != s).collect();
        if let Some(o) = ctx.choose_secret(e.you, &others, false, "meld one of your other secrets")? {
            if ctx.meld(e.you, o)? {
                ctx.sentence(3)?;
                ctx.safeguard(e.you, drawn)?;
            }
        }
    }
    Ok(())
}

/// Return a top card with [authority] of each color from your board. If you return none, meld a card from your score pile, then draw and score a {4}.
fn confession(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops = with_icon(&ctx.top_cards(e.you), Icon::Authority);
    let returned = ctx.return_all(e.you, &tops)?;
    ctx.sentence(2)?;
    if returned.is_empty() {
        let score = ctx.score_pile(e.you);
        if let Some(c) = ctx.choose_card(e.you, &score, false, "meld a card from your score pile")? {
            ctx.meld(e.you, c)?;
        }
        ctx.draw_and_score(e.you, e.age(4))?;
    }
    Ok(())
}

/// Draw a {4} for each {4} in your score pile.
fn confession_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = of_value(&ctx.score_pile(e.you), e.age(4)).len();
    ctx.draw_n(e.you, e.age(4), n)?;

    Ok(())
}

/// Choose a non-purple color. Self-execute your top card of that color. Score your top card of that color. If you do, repeat this effect with the same color if you have scored fewer than nine points due to Legend during this action.
fn legend(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let colors: Vec<Color> = Color::ALL.into_iter().filter(|c| *c != Color::Purple).collect();
    let Some(col) = ctx.choose_color(e.you, &colors, false, "choose a non-purple color")? else { return Ok(()) };
    let start = ctx.mark();
    loop {
        // "Repeat this effect with the same color": from the self-execution on.
        ctx.sentence(2)?;
        if let Some(t) = ctx.top(e.you, col) {
            ctx.self_execute(e.you, t)?;
        }
        ctx.sentence(3)?;
        let scored = match ctx.top(e.you, col) {
            Some(t) => ctx.score(e.you, t)?,
            None => false,
        };
        ctx.sentence(4)?;
        if !scored {
            return Ok(());
        }
        // Points scored due to Legend during this action: the cards this player scored while a
        // Legend effect ran, the self-executed card's own scoring included (it runs because of
        // Legend): in this execution everything since it began, in earlier ones Legend's own.
        let points: u32 = ctx
            .since(0)
            .iter()
            .enumerate()
            .filter(|(i, h)| h.by == e.you && h.act == Act::Score && (*i >= start || h.during == Some((e.card, e.effect))))
            .filter_map(|(_, h)| h.card)
            .map(|c| card(c).age as u32)
            .sum();
        if points >= 9 {
            return Ok(());
        }
    }
}

/// I demand you reveal your hand! Meld a revealed card of my choice! Reveal your score pile!
/// Self-execute a card revealed due to this effect of my choice, replacing 'may' with 'must'!
fn blackmail_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let revealed_here = |ctx: &Ctx| -> Vec<CardId> {
        let mut cards: Vec<CardId> = Vec::new();
        for h in ctx.since(e.trace_start).iter().filter(|h| h.act == Act::Reveal && h.by == e.you) {
            if let Some(c) = h.card.filter(|c| !cards.contains(c)) {
                cards.push(c);
            }
        }
        cards
    };
    ctx.reveal_hand(e.you)?;
    // The revealed cards are public: the demander names the one to meld.
    let in_hand: Vec<CardId> = revealed_here(ctx).into_iter().filter(|c| ctx.st.locate(*c) == Some(Zone::Hand(e.you))).collect();
    let why = format!("choose a revealed card for {} to meld", ctx.name(e.you));
    if let Some(c) = ctx.choose_card(e.me, &in_hand, false, &why)? {
        ctx.meld(e.you, c)?;
    }
    for c in ctx.score_pile(e.you) {
        ctx.reveal(e.you, c)?;
    }
    // "A card revealed due to this effect": from the hand (the melded one too) or the score pile;
    // it is self-executed where it now lies, and the demanded player makes its decisions.
    let why = format!("choose a card revealed due to this effect for {} to self-execute, replacing 'may' with 'must'", ctx.name(e.you));
    if let Some(c) = ctx.choose_card(e.me, &revealed_here(ctx), false, &why)? {
        ctx.self_execute_as(e.you, c, SelfExecution { must: true, decider: None })?;
    }
    Ok(())
}

//! The base cards of age 4.

use super::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Colonialism", &[colonialism]);
    r.card("Gunpowder", &[gunpowder_demand, gunpowder]);
    r.card("Anatomy", &[anatomy_demand]);
    r.card("Perspective", &[perspective]);
    r.card("Invention", &[invention_splay, invention_wonder]);
    r.card("Navigation", &[navigation_demand]);
    r.card("Experimentation", &[experimentation]);
    r.card("Printing Press", &[printing_press_return, printing_press_splay]);
    r.card("Enterprise", &[enterprise_demand, enterprise_splay]);
    r.card("Reformation", &[reformation_tuck, reformation_splay]);
}

/// Draw and tuck a {3}. If it is green, junk all cards in the {5} deck. If it
/// has [prosperity], repeat this effect.
fn colonialism(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_tuck(e.you, e.age(3))?;
        ctx.sentence_on(2, &[c])?;
        if color(c) == Color::Green {
            ctx.junk_deck(e.you, e.age(5))?;
        }
        ctx.sentence_on(3, &[c])?;
        if !has_icon(c, Icon::Prosperity) {
            return Ok(());
        }
    }
}

/// I demand you transfer a top card with [authority] from your board to my score pile!
fn gunpowder_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("transfer a top card with [authority] from your board to {}'s score pile", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &with_icon(&ctx.top_cards(e.you), Icon::Authority), false, &why)? {
        ctx.transfer(e.you, c, Dest::Score(e.me))?;
    }
    Ok(())
}

/// If any card was transfered due to the demand, draw and score a {2}.
fn gunpowder(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // "The demand": Gunpowder's demand effect during this action, whoever executed it.
    let transferred = ctx.due_to(Act::Transfer, e.card, 0) > 0;
    if transferred {
        ctx.draw_and_score(e.you, e.age(2))?;
    }
    Ok(())
}

/// I demand you return a card from your score pile! If you do, return a top
/// card of equal value from your board! If you do, junk all cards in the {4} deck!
fn anatomy_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(s) = ctx.choose_card(e.you, &ctx.score_pile(e.you), false, "return a card from your score pile")? else {
        return Ok(());
    };
    if !ctx.return_card(e.you, s)? {
        return Ok(());
    }
    let equal = of_value(&ctx.top_cards(e.you), value(Some(s)));
    let Some(t) = ctx.choose_card(e.you, &equal, false, "return a top card of equal value from your board")? else {
        return Ok(());
    };
    if ctx.return_card(e.you, t)? {
        ctx.junk_deck(e.you, e.age(4))?;
    }
    Ok(())
}

/// You may return a card from your hand. If you do, score a card from your
/// hand for every color on your board with [concept].
fn perspective(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may return a card from your hand")? else {
        return Ok(());
    };
    if !ctx.return_card(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    // A colour "with [concept]" is a pile showing at least one [concept], counted after the return.
    let n = ctx.colors_with_icon(e.you, Icon::Concept).len();
    if n == 0 {
        return Ok(());
    }
    let why = format!("score {n} cards from your hand (one for every color on your board with [concept])");
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), n, n, &why)?;
    ctx.score_all(e.you, &chosen)?;
    Ok(())
}

/// You may choose a color you have splayed left and splay it right. If you do,
/// draw and score a {4}.
fn invention_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let left: Vec<Color> = Color::ALL.into_iter().filter(|c| ctx.splay_of(e.you, *c) == Splay::Left).collect();
    let why = "you may choose a color you have splayed left and splay it right";
    if let Some(col) = ctx.choose_color(e.you, &left, true, why)? {
        if ctx.splay(e.you, col, Splay::Right)? {
            ctx.sentence(2)?;
            ctx.draw_and_score(e.you, e.age(4))?;
        }
    }
    Ok(())
}

/// If you have five colors splayed, claim the Wonder achievement.
fn invention_wonder(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Splayed in any direction, left included (unlike the Wonder's own condition).
    let splayed = Color::ALL.into_iter().filter(|c| ctx.splay_of(e.you, *c) != Splay::None).count();
    if splayed == 5 {
        ctx.claim_special(e.you, Special::Wonder)?;
    }
    Ok(())
}

/// I demand you transfer a {2} or {3} from your score pile to my score pile!
fn navigation_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let (two, three) = (e.age(2), e.age(3));
    let cands: Vec<CardId> = ctx.score_pile(e.you).into_iter().filter(|c| card(*c).age == two || card(*c).age == three).collect();
    let why = format!("transfer {} or {three} from your score pile to {}'s score pile", a_value(two), ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        ctx.transfer(e.you, c, Dest::Score(e.me))?;
    }
    Ok(())
}

/// Draw and meld a {5}.
fn experimentation(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(5))?;
    Ok(())
}

/// You may return a card from your score pile. If you do, draw a card of value
/// two higher than the top purple card on your board.
fn printing_press_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.score_pile(e.you), true, "you may return a card from your score pile")? {
        if ctx.return_card(e.you, c)? {
            ctx.sentence(2)?;
            // Without a purple card its value is 0: a 2 is drawn.
            ctx.draw(e.you, value(ctx.top(e.you, Color::Purple)) + 2)?;
        }
    }
    Ok(())
}

/// You may splay your blue cards right.
fn printing_press_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Blue, Splay::Right)?;
    Ok(())
}

/// I demand you transfer a top non-purple card with [prosperity] from your
/// board to my board! If you do, draw and meld a {4}!
fn enterprise_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> =
        with_icon(&ctx.top_cards(e.you), Icon::Prosperity).into_iter().filter(|c| color(*c) != Color::Purple).collect();
    let why = format!("transfer a top non-purple card with [prosperity] from your board to {}'s board", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        // "You" of a demand: the player who transferred draws and melds.
        if ctx.transfer(e.you, c, Dest::Board(e.me))? {
            ctx.draw_and_meld(e.you, e.age(4))?;
        }
    }
    Ok(())
}

/// You may splay your green cards right.
fn enterprise_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Green, Splay::Right)?;
    Ok(())
}

/// You may tuck a card from your hand for every color on your board with [health].
fn reformation_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Up to one card per colour whose pile shows at least one [health].
    let n = ctx.colors_with_icon(e.you, Icon::Health).len();
    if n == 0 {
        return Ok(());
    }
    let why = format!("you may tuck up to {n} cards from your hand (one for every color on your board with [health])");
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), 0, n, &why)?;
    ctx.tuck_all(e.you, &chosen)?;
    Ok(())
}

/// You may splay your yellow or purple cards right.
fn reformation_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Yellow, Color::Purple], Splay::Right)?;
    Ok(())
}

//! The five Decrees of Figures in the Sand, executed by a Decree action (`turn::decree_action`):
//! each reads like its printed text.

#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;

/// Executes the Decree of colour `col` for `p`.
pub fn run(ctx: &mut Ctx, p: PlayerId, col: Color) -> Res<()> {
    match col {
        Color::Red => war(ctx, p),
        Color::Yellow => expansion(ctx, p),
        Color::Green => trade(ctx, p),
        Color::Blue => advancement(ctx, p),
        Color::Purple => rivalry(ctx, p),
    }
}

/// War: Choose a value. Return all top cards of that value from all other players' boards.
fn war(ctx: &mut Ctx, p: PlayerId) -> Res<()> {
    let first = if ctx.st.age_zero { 0 } else { 1 };
    let values: Vec<u8> = (first..=11).collect();
    let Some(v) =
        ctx.choose_value(p, &values, "War Decree: choose a value; all top cards of that value on the other boards are returned")?
    else {
        return Ok(());
    };
    let tops: Vec<CardId> =
        ctx.st.others(p).into_iter().flat_map(|q| ctx.top_cards(q)).filter(|c| derived::value_of(ctx.st, *c) == v).collect();
    ctx.return_all(p, &tops)?;
    Ok(())
}

/// Expansion: Splay any one of your colors up.
fn expansion(ctx: &mut Ctx, p: PlayerId) -> Res<()> {
    let colors: Vec<Color> =
        Color::ALL.into_iter().filter(|c| ctx.st.pile(p, *c).len() >= 2 && ctx.st.pile(p, *c).splay != Splay::Up).collect();
    if let Some(col) = ctx.choose_color(p, &colors, false, "Expansion Decree: splay one of your colors up")? {
        ctx.splay(p, col, Splay::Up)?;
    }
    Ok(())
}

/// Trade: Draw and foreshadow three cards of value one higher than your highest top card.
fn trade(ctx: &mut Ctx, p: PlayerId) -> Res<()> {
    for _ in 0..3 {
        let v = derived::highest_top_value(ctx.st, p) + 1;
        ctx.draw_and_foreshadow(p, v)?;
    }
    Ok(())
}

/// Advancement: Draw a card of value two higher than your highest top card.
fn advancement(ctx: &mut Ctx, p: PlayerId) -> Res<()> {
    let v = derived::highest_top_value(ctx.st, p) + 2;
    ctx.draw(p, v)?;
    Ok(())
}

/// Rivalry: Choose another player. Return three cards from their score pile, and all their top
/// figures.
fn rivalry(ctx: &mut Ctx, p: PlayerId) -> Res<()> {
    let others = ctx.st.others(p);
    let Some(q) = ctx.choose_player(p, &others, false, "Rivalry Decree: choose another player")? else { return Ok(()) };
    let score = ctx.st.players[q].score.clone();
    let three = ctx.choose_backs(p, &score, 3, 3, "Rivalry Decree: return three cards from their score pile")?;
    ctx.return_all(p, &three)?;
    let figures: Vec<CardId> = ctx.top_cards(q).into_iter().filter(|c| card(*c).is_figure()).collect();
    ctx.return_all(p, &figures)?;
    Ok(())
}

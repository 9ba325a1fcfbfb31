//! The Echoes cards of age 10.

#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;

pub fn register(r: &mut Registry) {
    r.card("Camcorder", &[camcorder_demand, camcorder]);
    r.echo_card("Social Networking", social_networking_echo, &[social_networking_demand, social_networking]);
    r.echo_card("Cell Phone", cell_phone_echo, &[cell_phone_draw, cell_phone_splay, cell_phone_tuck]);
    r.echo_card("MP3", mp3_echo, &[mp3_score, mp3_return]);
    r.card("Barcode", &[barcode_demand, barcode]);
    r.card("GPS", &[gps_demand, gps_splay, gps_draw]);
    r.card("Artificial Heart", &[artificial_heart]);
    r.echo_card("Human Genome", human_genome_echo, &[human_genome]);
    r.echo_card("Puzzle Cube", puzzle_cube_echo, &[puzzle_cube, puzzle_cube_meld]);
    r.echo_card("Sudoku", sudoku_echo, &[sudoku]);
}

// ---------- shared by several cards of this age ----------

/// The available standard achievements `p` is eligible for with `points` points (the engine's
/// eligibility rule, `derived::Eligibility`, with those points in place of the score).
fn eligible_achievements(ctx: &Ctx, p: PlayerId, points: u32) -> Vec<CardId> {
    let e = derived::Eligibility::with_points(ctx.st, p, points);
    ctx.available_achievements().into_iter().filter(|c| e.allows(ctx.st, p, card(*c).age)).collect()
}

// ---------- the cards ----------

/// I demand you transfer all cards in your hand to my hand! Draw a {9}!
fn camcorder_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    ctx.transfer_all(e.you, &hand, Dest::Hand(e.me))?;
    ctx.draw(e.you, e.age(9))?;
    Ok(())
}

/// Meld all {9} from your hand. If Camcorder wasn't foreseen, return all other cards from your
/// hand, and draw three {9}.
fn camcorder(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let nines = of_value(&ctx.hand(e.you), e.age(9));
    ctx.meld_all(e.you, &nines)?;
    ctx.sentence(2)?;
    if !ctx.foreseen(e) {
        let others: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| !nines.contains(c)).collect();
        ctx.return_all(e.you, &others)?;
        ctx.draw_n(e.you, e.age(9), 3)?;
    }
    Ok(())
}

/// Score a top non-red card from your board.
fn social_networking_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Red).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score a top non-red card from your board")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// The icon types a player may choose: the seven standard icons (and the Age 0 deck's, when it
/// is in the game: "counts as a standard icon type").
pub(super) fn icon_types(ctx: &Ctx) -> &'static [Icon] {
    if ctx.st.age_zero {
        &Icon::ALL
    } else {
        &Icon::STANDARD
    }
}

/// I demand you choose an icon type! Transfer a top card without that icon of each color from
/// your board to my score pile!
fn social_networking_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // With no top card nothing can go, whatever the icon: nothing to choose.
    if ctx.top_cards(e.you).is_empty() {
        return Ok(());
    }
    let why = format!("choose an icon type: your top cards without it go to {}'s score pile", ctx.name(e.me));
    let Some(icon) = ctx.choose_icon(e.you, icon_types(ctx), &why)? else { return Ok(()) };
    // A board has one top card of each colour: every top card without the icon goes.
    let without: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !has_icon(*c, icon)).collect();
    ctx.transfer_all(e.you, &without, Dest::Score(e.me))?;
    Ok(())
}

/// If you have fewer [industry], fewer [prosperity], and fewer [authority] than each opponent,
/// you win.
fn social_networking(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let fewer = |ctx: &Ctx, icon: Icon| ctx.opponents(e.you).iter().all(|o| ctx.icons(e.you, icon) < ctx.icons(*o, icon));
    if [Icon::Industry, Icon::Prosperity, Icon::Authority].into_iter().all(|i| fewer(ctx, i)) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Draw and foreshadow an {11}.
fn cell_phone_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_foreshadow(e.you, e.age(11))?;
    Ok(())
}

/// Draw a {10} for every two [efficiency] on your board.
fn cell_phone_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Counted once, before the first draw (drawn cards go to the hand anyway).
    let n = ctx.icons(e.you, Icon::Efficiency) / 2;
    ctx.draw_n(e.you, e.age(10), n)?;
    Ok(())
}

/// You may splay your green cards up.
fn cell_phone_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Green, Splay::Up)?;
    Ok(())
}

/// You may tuck any number of cards with a [efficiency] from your hand, splaying up each color
/// into which you tuck.
fn cell_phone_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = with_icon(&ctx.hand(e.you), Icon::Efficiency);
    let why = "you may tuck any number of cards with [efficiency] from your hand, splaying up each color into which you tuck";
    let chosen = ctx.choose_cards(e.you, &cands, 0, cands.len(), why)?;
    let tucked_into: Vec<Color> = ctx.tuck_all(e.you, &chosen)?.into_iter().map(color).collect();
    for col in Color::ALL.into_iter().filter(|c| tucked_into.contains(c)) {
        // A pile of one card (a colour the tuck began) cannot be splayed.
        ctx.splay(e.you, col, Splay::Up)?;
    }
    Ok(())
}

/// Draw and score a {10}.
fn mp3_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_score(e.you, e.age(10))?;
    Ok(())
}

/// Draw and score a card of value equal to a bonus on your board, if there is one.
fn mp3_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let bonuses = ctx.bonuses(e.you);
    if let Some(v) = ctx.choose_value(e.you, &bonuses, "draw and score a card of value equal to a bonus on your board")? {
        ctx.draw_and_score(e.you, v)?;
    }
    Ok(())
}

/// Return any number of cards from your hand. For each card returned, claim two standard
/// achievements for which you are eligible.
fn mp3_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_cards(e.you, &hand, 0, hand.len(), "return any number of cards from your hand")?;
    let returned = ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    let mut left = 2 * returned.len();
    while left > 0 {
        let cands = eligible_achievements(ctx, e.you, ctx.score_total(e.you));
        if cands.is_empty() {
            break;
        }
        // Claims of different values do not change each other's eligibility: they are chosen
        // together. Two of one value are claimed one at a time (the second needs more points).
        let values: Vec<u8> = cands.iter().map(|c| card(*c).age).collect();
        let differ = values.iter().enumerate().all(|(i, v)| !values[..i].contains(v));
        let n = if differ { left.min(cands.len()) } else { 1 };
        let why = format!("claim {n} standard achievement{} for which you are eligible", if n == 1 { "" } else { "s" });
        let picked = ctx.choose_backs(e.you, &cands, n, n, &why)?;
        if picked.is_empty() {
            break;
        }
        for c in picked {
            ctx.claim_achievement(e.you, c)?;
            left -= 1;
        }
    }
    Ok(())
}

/// I demand you return a card of matching value from your score pile for each bonus on your board!
fn barcode_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut bonuses = ctx.bonuses(e.you);
    bonuses.dedup();
    let mut chosen: Vec<CardId> = Vec::new();
    for v in bonuses {
        // As many cards of that value as there are bonuses of it (fewer if there are fewer).
        let k = ctx.bonuses(e.you).iter().filter(|b| **b == v).count();
        let cands = of_value(&ctx.score_pile(e.you), v);
        let why = format!("return {k} card{} of value {v} from your score pile", if k == 1 { "" } else { "s" });
        chosen.extend(ctx.choose_cards(e.you, &cands, k, k, &why)?);
    }
    ctx.return_all(e.you, &chosen)?;
    Ok(())
}

/// You may splay any one color of your cards up. If Barcode was foreseen, splay all your colors up.
fn barcode(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let can = ctx.splayable(e.you, Splay::Up);
    if let Some(col) = ctx.choose_color(e.you, &can, true, "you may splay any one color of your cards up")? {
        ctx.splay(e.you, col, Splay::Up)?;
    }
    ctx.sentence(2)?;
    if ctx.foreseen(e) {
        for col in Color::ALL {
            ctx.splay(e.you, col, Splay::Up)?;
        }
    }
    Ok(())
}

/// I demand you return all cards from your forecast!
fn gps_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let forecast = ctx.forecast(e.you);
    ctx.return_all(e.you, &forecast)?;
    Ok(())
}

/// You may splay your yellow cards up.
fn gps_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Yellow, Splay::Up)?;
    Ok(())
}

/// Draw three {11}. If GPS was foreseen, foreshadow them.
fn gps_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_n(e.you, e.age(11), 3)?;
    ctx.sentence_on(2, &drawn)?;
    if ctx.foreseen(e) {
        // Each at the forecast's limit stays in the hand.
        for c in drawn {
            ctx.foreshadow(e.you, c)?;
        }
    }
    Ok(())
}

/// Claim one standard achievement, if eligible, doubling your current score for the purpose of
/// checking eligibility. If you do, and Artifical Heart was foreseen, repeat this effect.
fn artificial_heart(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let cands = eligible_achievements(ctx, e.you, 2 * ctx.score_total(e.you));
        let why = "claim one standard achievement you are eligible for with your score doubled";
        let claimed = match ctx.choose_backs(e.you, &cands, 1, 1, why)?.first().copied() {
            Some(c) => ctx.claim_achievement(e.you, c)?,
            None => false,
        };
        ctx.sentence(2)?;
        if !(claimed && ctx.foreseen(e)) {
            return Ok(());
        }
    }
}

/// Draw an {11}.
fn human_genome_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(11))?;
    Ok(())
}

/// You may draw and score a card of any value. Transfer your bottom red card to your hand. If the
/// values of all the cards in your hand match the values of all the cards in your score pile
/// exactly, you win.
fn human_genome(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(v) = ctx.may_choose_value(e.you, &(1..=11).collect::<Vec<u8>>(), "you may draw and score a card of any value")? {
        ctx.draw_and_score(e.you, v)?;
    }
    ctx.sentence(2)?;
    if let Some(c) = ctx.bottom(e.you, Color::Red) {
        ctx.transfer(e.you, c, Dest::Hand(e.you))?;
    }
    ctx.sentence(3)?;
    // The two collections of values, duplicates included; "all" of no cards is not a match.
    let sorted = |cards: Vec<CardId>| {
        let mut v: Vec<u8> = cards.iter().map(|c| card(*c).age).collect();
        v.sort_unstable();
        v
    };
    let (hand, score) = (sorted(ctx.hand(e.you)), sorted(ctx.score_pile(e.you)));
    if !hand.is_empty() && hand == score {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Meld a card from your score pile.
fn puzzle_cube_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.score_pile(e.you), false, "meld a card from your score pile")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// You may score the bottom card or two bottom cards of one color from your board. If all colors
/// on your board contain the same number of visible cards, you win.
fn puzzle_cube(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let colors = ctx.colors_on_board(e.you);
    let why = "you may score the bottom card or two bottom cards of one color from your board";
    if let Some(col) = ctx.choose_color(e.you, &colors, true, why)? {
        let pile = ctx.pile_cards(e.you, col);
        let counts: Vec<u8> = [1, 2].into_iter().filter(|n| *n as usize <= pile.len()).collect();
        let n = ctx.choose_value(e.you, &counts, &format!("score the bottom card or the two bottom {col} cards: how many?"))?.unwrap_or(0);
        // Bottom first.
        let bottoms: Vec<CardId> = pile.iter().rev().take(n as usize).copied().collect();
        ctx.score_all(e.you, &bottoms)?;
    }
    ctx.sentence(2)?;
    let st = &*ctx.st;
    let visible: Vec<usize> = ctx.colors_on_board(e.you).into_iter().map(|col| st.pile(e.you, col).visible_count()).collect();
    if visible.first().is_some_and(|n| visible.iter().all(|m| m == n)) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Draw and meld a {10}.
fn puzzle_cube_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(10))?;
    Ok(())
}

/// You may tuck any number of cards from your hand.
fn sudoku_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_cards(e.you, &hand, 0, hand.len(), "you may tuck any number of cards from your hand")?;
    ctx.tuck_all(e.you, &chosen)?;
    Ok(())
}

/// Draw and meld a card of any value. If you have nine different bonus values on your board, you
/// win. Otherwise, self-execute the melded card.
fn sudoku(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let melded = match ctx.choose_a_value(e.you, "draw and meld a card of any value")? {
        Some(v) => Some(ctx.draw_and_meld(e.you, v)?),
        None => None,
    };
    ctx.sentence(2)?;
    // At least nine: values of bonuses are 1 to 12.
    let mut values = ctx.bonuses(e.you);
    values.dedup();
    if values.len() >= 9 {
        return Err(ctx.win(e.you));
    }
    let melded: Vec<CardId> = melded.into_iter().collect();
    ctx.sentence_on(3, &melded)?;
    for c in melded {
        ctx.self_execute(e.you, c)?;
    }
    Ok(())
}

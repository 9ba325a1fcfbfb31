//! The Unseen cards of age 11.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Cloaking", &[cloaking_demand]);
    r.card("Dark Web", &[dark_web_unsplay, dark_web_choose]);
    r.card("Escape Room", &[escape_room_demand, escape_room]);
    r.card("Fashion Mask", &[fashion_mask_tuck, fashion_mask_score]);
    r.card("Green Hydrogen", &[green_hydrogen]);
    r.card("Mystery Box", &[mystery_box]);
    r.card("Astrobiology", &[astrobiology]);
    r.card("Holography", &[holography]);
    r.card("Metaverse", &[metaverse]);
    r.card("Quantum Computers", &[quantum_computers_demand, quantum_computers]);
}

/// I demand you flip a coin! If you lose the flip, you lose!
fn quantum_computers_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !ctx.flip_coin(e.you)? {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// Flip a coin. If you win the flip, this effect is complete. If you lose the flip, return one of
/// your secrets. If you don't, you lose. Otherwise, repeat this effect.
fn quantum_computers(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let m = ctx.mark();
        let won = ctx.flip_coin(e.you)?;
        let lost = !won && ctx.count_since(m, Act::Flip) > 0;
        ctx.sentence(2)?;
        if won {
            return Ok(());
        }
        ctx.sentence(3)?;
        let returned = if lost {
            match ctx.choose_secret(e.you, &ctx.secrets(e.you), false, "return one of your secrets")? {
                Some(c) => ctx.return_card(e.you, c)?,
                None => false,
            }
        } else {
            false
        };
        ctx.sentence(4)?;
        if !returned {
            return ctx.lose(e.you);
        }
        ctx.sentence(5)?;
    }
}

/// The player's claimed standard achievements (the cards among their achievements).
fn claimed_standard(ctx: &Ctx, p: PlayerId) -> Vec<CardId> {
    ctx.st.players[p].achievements.iter().filter_map(|a| if let crate::state::Achievement::Card(c) = a { Some(*c) } else { None }).collect()
}

/// I demand you transfer one of your claimed standard achievements to my safe!
fn cloaking_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("transfer one of your claimed standard achievements to {}'s safe", ctx.name(e.me));
    // Achievements are face down: chosen by their backs. A transfer is not a safeguard: no safe limit.
    if let Some(c) = ctx.choose_backs(e.you, &claimed_standard(ctx, e.you), 1, 1, &why)?.first().copied() {
        ctx.transfer(e.you, c, Dest::Safe(e.me))?;
    }
    Ok(())
}

/// Unsplay any color on any board.
fn dark_web_unsplay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // A pile is chosen by its top card; only a splayed pile can be unsplayed.
    let mut piles: Vec<(PlayerId, Color, CardId)> = Vec::new();
    for q in ctx.st.active_players() {
        for col in Color::ALL {
            if let (true, Some(t)) = (ctx.splay_of(q, col) != Splay::None, ctx.top(q, col)) {
                piles.push((q, col, t));
            }
        }
    }
    let tops: Vec<CardId> = piles.iter().map(|x| x.2).collect();
    if let Some(t) = ctx.choose_card(e.you, &tops, false, "unsplay any color on any board")? {
        if let Some((q, col, _)) = piles.into_iter().find(|x| x.2 == t) {
            ctx.unsplay(q, col)?;
        }
    }
    Ok(())
}

/// Choose to either safeguard any number of available standard achievements, or achieve any
/// number of secrets from your safe regardless of eligibility.
fn dark_web_choose(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let labels = [
        "safeguard any number of available standard achievements",
        "achieve any number of secrets from your safe regardless of eligibility",
    ];
    match ctx.choose_option(e.you, &labels, false, "choose to either safeguard or achieve")? {
        Some(0) => {
            let avail = ctx.available_achievements();
            let n = avail.len();
            let chosen = ctx.choose_backs(e.you, &avail, 0, n, labels[0])?;
            for c in chosen {
                // Each safeguard at the safe's limit does nothing by itself.
                ctx.safeguard(e.you, c)?;
            }
        }
        Some(1) => {
            let secrets = ctx.secrets(e.you);
            let n = secrets.len();
            for c in ctx.choose_backs(e.you, &secrets, 0, n, labels[1])? {
                ctx.achieve(e.you, c)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// I demand you draw, reveal, and score an {11}! Score a card from your hand of the same color as
/// the drawn card! If you don't, you lose!
fn escape_room_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_and_reveal(e.you, e.age(11))?;
    ctx.score(e.you, drawn)?;
    let col = color(drawn);
    let cands = of_color(&ctx.hand(e.you), col);
    let why = format!("score a card from your hand of the same color as the drawn card ({col})");
    let scored = match ctx.choose_card(e.you, &cands, false, &why)? {
        Some(c) => ctx.score(e.you, c)?,
        None => false,
    };
    if !scored {
        ctx.lose(e.you)?;
    }
    Ok(())
}

/// Score four top non-yellow cards each with [efficiency] of different colors on your board.
fn escape_room(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> =
        with_icon(&ctx.top_cards(e.you), Icon::Efficiency).into_iter().filter(|c| color(*c) != Color::Yellow).collect();
    let four = ctx.choose_cards(e.you, &cands, 4, 4, "score four top non-yellow cards each with [efficiency] of different colors")?;
    ctx.score_all(e.you, &four)?;
    Ok(())
}

/// Tuck a top card with [prosperity] or [industry] of each color on your board. You may
/// safeguard one of the tucked cards.
fn fashion_mask_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<CardId> =
        ctx.top_cards(e.you).into_iter().filter(|c| has_icon(*c, Icon::Prosperity) || has_icon(*c, Icon::Industry)).collect();
    let tucked = ctx.tuck_all(e.you, &tops)?;
    ctx.sentence(2)?;
    if let Some(c) = ctx.choose_card(e.you, &tucked, true, "you may safeguard one of the tucked cards")? {
        ctx.safeguard(e.you, c)?;
    }
    Ok(())
}

/// Score all but the top five each of your yellow and purple cards. Splay those colors aslant.
fn fashion_mask_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for col in [Color::Yellow, Color::Purple] {
        let below: Vec<CardId> = ctx.pile_cards(e.you, col).into_iter().skip(5).collect();
        ctx.score_all(e.you, &below)?;
    }
    ctx.sentence(2)?;
    for col in [Color::Yellow, Color::Purple] {
        ctx.splay(e.you, col, Splay::Aslant)?;
    }
    Ok(())
}

/// Score all non-top green cards on your board. Draw and tuck an {11} for each card scored.
fn green_hydrogen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let below: Vec<CardId> = ctx.pile_cards(e.you, Color::Green).into_iter().skip(1).collect();
    let scored = ctx.score_all(e.you, &below)?;
    ctx.sentence(2)?;
    for _ in 0..scored.len() {
        ctx.draw_and_tuck(e.you, e.age(11))?;
    }
    Ok(())
}

/// Claim an available standard achievement, regardless of eligibility. Self-execute it.
fn mystery_box(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let avail = ctx.available_achievements();
    let why = "claim an available standard achievement, regardless of eligibility";
    if let Some(c) = ctx.choose_backs(e.you, &avail, 1, 1, why)?.first().copied() {
        // "It": the claimed card, self-executed where it lies (among the achievements).
        if ctx.claim_achievement(e.you, c)? {
            ctx.sentence(2)?;
            ctx.self_execute(e.you, c)?;
        }
    }
    Ok(())
}

/// Return a bottom card from your board. Splay that color on your board aslant. Score all cards
/// on your board of that color without [health].
fn astrobiology(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let bottoms: Vec<CardId> = Color::ALL.into_iter().filter_map(|col| ctx.bottom(e.you, col)).collect();
    let Some(c) = ctx.choose_card(e.you, &bottoms, false, "return a bottom card from your board")? else { return Ok(()) };
    ctx.return_card(e.you, c)?;
    let col = color(c);
    ctx.sentence(2)?;
    ctx.splay(e.you, col, Splay::Aslant)?;
    ctx.sentence(3)?;
    let without: Vec<CardId> = ctx.pile_cards(e.you, col).into_iter().filter(|x| !has_icon(*x, Icon::Health)).collect();
    ctx.score_all(e.you, &without)?;
    Ok(())
}

/// Choose red, blue, or green. Score all but your top five cards of that color, then splay it
/// aslant. If you do both, exchange all lowest cards in your score pile with all your claimed
/// standard achievements of lower value.
fn holography(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(col) = ctx.choose_color(e.you, &[Color::Red, Color::Blue, Color::Green], false, "choose red, blue, or green")? else {
        return Ok(());
    };
    ctx.sentence(2)?;
    let below: Vec<CardId> = ctx.pile_cards(e.you, col).into_iter().skip(5).collect();
    let scored = !ctx.score_all(e.you, &below)?.is_empty();
    let splayed = ctx.splay(e.you, col, Splay::Aslant)?;
    ctx.sentence(3)?;
    if scored && splayed {
        let low = lowest(&ctx.score_pile(e.you));
        let v = value(low.first().copied());
        let achs: Vec<CardId> = claimed_standard(ctx, e.you).into_iter().filter(|a| card(*a).age < v).collect();
        ctx.exchange(e.you, &low, Dest::Achievements(e.you), &achs, Dest::Score(e.you))?;
    }
    Ok(())
}

/// For each splayed color on your board, score its top card. If you score fewer than three
/// cards, you lose.
fn metaverse(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<CardId> =
        Color::ALL.into_iter().filter(|col| ctx.splay_of(e.you, *col) != Splay::None).filter_map(|col| ctx.top(e.you, col)).collect();
    let scored = ctx.score_all(e.you, &tops)?;
    ctx.sentence(2)?;
    if scored.len() < 3 {
        ctx.lose(e.you)?;
    }
    Ok(())
}

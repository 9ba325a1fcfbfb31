//! The Unseen cards of age 7.

use crate::cards::prelude::*;
use crate::state::Achievement;

pub fn register(r: &mut Registry) {
    r.card("Camouflage", &[camouflage_choose, camouflage_draw]);
    r.card("Safe Deposit Box", &[safe_deposit_box]);
    r.card("Mafia", &[mafia_demand, mafia_tuck, mafia_splay]);
    r.card("Subway", &[subway]);
    r.card("Black Market", &[black_market]);
    r.card("Plot Voucher", &[plot_voucher]);
    r.card("Counterintelligence", &[counterintelligence_demand, counterintelligence]);
    r.card("Private Eye", &[private_eye_demand, private_eye_score, private_eye_splay]);
    r.card("Fortune Cookie", &[fortune_cookie]);
    r.card("Slot Machine", &[slot_machine]);
}

/// The values shared by at least two of `cards`.
fn paired_values(cards: &[CardId]) -> Vec<u8> {
    let mut v: Vec<u8> = cards.iter().map(|c| card(*c).age).filter(|a| of_value(cards, *a).len() >= 2).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Choose to either junk exactly two top cards of different color and equal value on your
/// board, then safeguard them, or score exactly two of your secrets of equal value.
fn camouflage_choose(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let labels = [
        "junk exactly two top cards of different color and equal value on your board, then safeguard them",
        "score exactly two of your secrets of equal value",
    ];
    match ctx.choose_option(e.you, &labels, false, "choose to either junk two top cards or score two secrets")? {
        Some(0) => {
            // Top cards are always of different colours; the value is chosen first, then the two.
            let tops = ctx.top_cards(e.you);
            let Some(v) = ctx.choose_value(e.you, &paired_values(&tops), "choose the value of the two top cards to junk")? else {
                return Ok(());
            };
            let two = ctx.choose_cards(e.you, &of_value(&tops, v), 2, 2, "junk exactly two top cards of equal value")?;
            let junked = ctx.junk_all(e.you, &two)?;
            for c in junked {
                ctx.safeguard(e.you, c)?;
            }
        }
        Some(_) => {
            // A secret's back shows its value: the value is chosen first, then two secrets by their backs.
            let secrets = ctx.secrets(e.you);
            let Some(v) = ctx.choose_value(e.you, &paired_values(&secrets), "choose the value of the two secrets to score")? else {
                return Ok(());
            };
            let two = ctx.choose_backs(e.you, &of_value(&secrets, v), 2, 2, "score exactly two of your secrets of equal value")?;
            ctx.score_all(e.you, &two)?;
        }
        None => {}
    }
    Ok(())
}

/// Draw a {7} for each special achievement you have.
fn camouflage_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.st.players[e.you].achievements.iter().filter(|a| matches!(a, Achievement::Special(_))).count();
    ctx.draw_n(e.you, e.age(7), n)?;
    Ok(())
}

/// You may choose to either draw and junk two {7}, or exchange all cards in your score pile
/// with all valued cards in the junk.
fn safe_deposit_box(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let draw = format!("draw and junk two {{{}}}", e.age(7));
    let labels = [draw.as_str(), "exchange all cards in your score pile with all valued cards in the junk"];
    match ctx.choose_option(e.you, &labels, true, "you may choose to either draw and junk or exchange")? {
        Some(0) => {
            for _ in 0..2 {
                let c = ctx.draw(e.you, e.age(7))?;
                ctx.junk(e.you, c)?;
            }
        }
        Some(_) => {
            // Every card in the junk has a value (special achievements there are not cards).
            let score = ctx.score_pile(e.you);
            let junk = ctx.st.junk.clone();
            ctx.exchange(e.you, &score, Dest::Junk, &junk, Dest::Score(e.you))?;
        }
        None => {}
    }
    Ok(())
}

/// I demand you transfer your lowest secret to my safe!
fn mafia_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("transfer your lowest secret to {}'s safe", ctx.name(e.me));
    if let Some(c) = ctx.choose_secret(e.you, &lowest(&ctx.secrets(e.you)), false, &why)? {
        // A transfer, not a safeguard: the safe's limit does not apply.
        ctx.transfer(e.you, c, Dest::Safe(e.me))?;
    }
    Ok(())
}

/// Tuck a card from any score pile.
fn mafia_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let all: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|p| ctx.score_pile(p)).collect();
    if let Some(c) = ctx.choose_backs(e.you, &all, 1, 1, "tuck a card from any score pile")?.first().copied() {
        ctx.tuck(e.you, c)?;
    }
    Ok(())
}

/// You may splay your red or yellow cards right.
fn mafia_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay_one_of(e.you, &[Color::Red, Color::Yellow], Splay::Right)?;
    Ok(())
}

/// Draw and tuck a {7}. If you have at least seven visible cards on your board of the color of
/// the tucked card, draw a {9}. Otherwise, junk all cards on your board of that color, and draw
/// an {8}.
fn subway(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_tuck(e.you, e.age(7))?;
    ctx.sentence_on(2, &[c])?;
    let col = color(c);
    if ctx.st.pile(e.you, col).visible_count() >= 7 {
        ctx.draw(e.you, e.age(9))?;
    } else {
        ctx.sentence_on(3, &[c])?;
        let pile = ctx.pile_cards(e.you, col);
        ctx.junk_all(e.you, &pile)?;
        ctx.draw(e.you, e.age(8))?;
    }
    Ok(())
}

/// You may safeguard a card from your hand. If you do, reveal two available standard
/// achievements. You may meld a revealed card with no [efficiency] or [avatar]. Return each
/// revealed card you do not meld.
fn black_market(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may safeguard a card from your hand")? else { return Ok(()) };
    if !ctx.safeguard(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    let avail = ctx.available_achievements();
    let two = ctx.choose_backs(e.you, &avail, 2, 2, "reveal two available standard achievements")?;
    // "A revealed card": one a karma kept from being revealed is not.
    let mut revealed = Vec::new();
    for &a in &two {
        if ctx.reveal(e.you, a)? {
            revealed.push(a);
        }
    }
    ctx.sentence(3)?;
    let meldable: Vec<CardId> =
        revealed.iter().copied().filter(|a| !has_icon(*a, Icon::Efficiency) && !has_icon(*a, Icon::Avatar)).collect();
    let melded = match ctx.choose_card(e.you, &meldable, true, "you may meld a revealed card with no [efficiency] or [avatar]")? {
        Some(m) if ctx.meld(e.you, m)? => Some(m),
        _ => None,
    };
    ctx.sentence(4)?;
    let rest: Vec<CardId> = revealed.into_iter().filter(|a| Some(*a) != melded).collect();
    ctx.return_all(e.you, &rest)?;
    Ok(())
}

/// Meld a card from your score pile. Safeguard the lowest available standard achievement. If
/// you do, super-execute the melded card if it is your turn, or if it is not your turn
/// self-execute it.
fn plot_voucher(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let melded = match ctx.choose_card(e.you, &ctx.score_pile(e.you), false, "meld a card from your score pile")? {
        Some(c) if ctx.meld(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    let low = value(lowest(&ctx.available_achievements()).first().copied());
    let safeguarded =
        ctx.safeguard_an_available_achievement(e.you, &[low], false, "safeguard the lowest available standard achievement")?;
    ctx.sentence(3)?;
    if !safeguarded {
        return Ok(());
    }
    // With no card melded (none chosen, or a karma's "instead") there is nothing to execute.
    let Some(c) = melded else { return Ok(()) };
    if ctx.st.turn.player == e.you {
        ctx.super_execute(e.you, c)
    } else {
        ctx.self_execute(e.you, c)
    }
}

/// I demand you tuck a top card on your board with [concept]! If you do, transfer your top card
/// of color matching the tucked card to my board, and draw a {7}!
fn counterintelligence_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops = with_icon(&ctx.top_cards(e.you), Icon::Concept);
    let Some(c) = ctx.choose_card(e.you, &tops, false, "tuck a top card on your board with [concept]")? else { return Ok(()) };
    if !ctx.tuck(e.you, c)? {
        return Ok(());
    }
    // A pile of one card: the tucked card is again its top card, and is transferred.
    if let Some(t) = ctx.top(e.you, color(c)) {
        ctx.transfer(e.you, t, Dest::Board(e.me))?;
    }
    ctx.draw(e.you, e.age(7))?;
    Ok(())
}

/// Draw an {8}.
fn counterintelligence(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(8))?;
    Ok(())
}

/// I demand you reveal your hand! Transfer the card in your hand of my choice to my board!
/// Draw a {7}!
fn private_eye_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.reveal_hand(e.you)?;
    let why = format!("choose the card in {}'s hand to transfer to your board", ctx.name(e.you));
    if let Some(c) = ctx.choose_card(e.me, &ctx.hand(e.you), false, &why)? {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    ctx.draw(e.you, e.age(7))?;
    Ok(())
}

/// Score one of your secrets.
fn private_eye_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_secret(e.you, &ctx.secrets(e.you), false, "score one of your secrets")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// You may splay your blue cards right.
fn private_eye_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Blue, Splay::Right)?;
    Ok(())
}

/// Whether `p` has exactly `n` of any icon on their board.
fn exactly_of_any_icon(ctx: &Ctx, p: PlayerId, n: usize) -> bool {
    let counts = crate::derived::icon_counts(ctx.st, p);
    let icons: &[Icon] = if ctx.st.age_zero { &Icon::ALL } else { &Icon::STANDARD };
    icons.iter().any(|i| counts[i.index()] == n)
}

/// If you have exactly seven of any icon on your board, draw and score a {7}; exactly eight,
/// splay your green or purple cards right and draw an {8}; exactly nine, draw a {9}.
fn fortune_cookie(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Each of the three conditions is checked when it is reached (the splay may change the counts).
    if exactly_of_any_icon(ctx, e.you, 7) {
        ctx.draw_and_score(e.you, e.age(7))?;
    }
    if exactly_of_any_icon(ctx, e.you, 8) {
        let can: Vec<Color> =
            [Color::Green, Color::Purple].into_iter().filter(|c| ctx.splayable(e.you, Splay::Right).contains(c)).collect();
        if let Some(col) = ctx.choose_color(e.you, &can, false, "splay your green or purple cards right")? {
            ctx.splay(e.you, col, Splay::Right)?;
        }
        ctx.draw(e.you, e.age(8))?;
    }
    if exactly_of_any_icon(ctx, e.you, 9) {
        ctx.draw(e.you, e.age(9))?;
    }
    Ok(())
}

/// Draw and reveal a {1}, {2}, {3}, {4}, and {5}. If at least one drawn card is green, splay
/// your green or purple cards right. If at least two drawn cards are green, score all drawn
/// cards, otherwise return them. If three drawn cards are green, you win.
fn slot_machine(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut drawn = Vec::new();
    for v in [e.age(1), e.age(2), e.age(3), e.age(4), e.age(5)] {
        drawn.push(ctx.draw_and_reveal(e.you, v)?);
    }
    let greens = of_color(&drawn, Color::Green).len();
    ctx.sentence_on(2, &drawn)?;
    if greens >= 1 {
        let can: Vec<Color> =
            [Color::Green, Color::Purple].into_iter().filter(|c| ctx.splayable(e.you, Splay::Right).contains(c)).collect();
        if let Some(col) = ctx.choose_color(e.you, &can, false, "splay your green or purple cards right")? {
            ctx.splay(e.you, col, Splay::Right)?;
        }
    }
    ctx.sentence_on(3, &drawn)?;
    if greens >= 2 {
        ctx.score_all(e.you, &drawn)?;
    } else {
        ctx.return_all(e.you, &drawn)?;
    }
    ctx.sentence_on(4, &drawn)?;
    // "Three drawn cards are green" holds with three or more green cards.
    if greens >= 3 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

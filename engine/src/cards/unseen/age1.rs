//! The Unseen cards of age 1.

#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("Assassination", &[assassination_demand, assassination]);
    r.card("Maze", &[maze_demand]);
    r.card("Pilgrimage", &[pilgrimage, pilgrimage_junk]);
    r.card("Handshake", &[handshake_demand]);
    r.card("Tomb", &[tomb, tomb_transfer]);
    r.card("Woodworking", &[woodworking]);
    r.card("Dance", &[dance]);
    r.card("Rumor", &[rumor, rumor_transfer]);
    r.card("Silk", &[silk, silk_score]);
    r.card("Espionage", &[espionage_demand]);
    r.card("Palmistry", &[palmistry, palmistry_return]);
    r.card("Proverb", &[proverb]);
    r.card("Myth", &[myth]);
    r.card("Polytheism", &[polytheism, polytheism_tuck]);
    r.card("Symbology", &[symbology]);
}

/// I demand you draw and reveal a {1}! If it has [authority], transfer it and the top card on your board of its color to my score pile!
fn assassination_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(1))?;
    if has_icon(c, Icon::Authority) {
        let top = ctx.top(e.you, color(c));
        ctx.transfer(e.you, c, Dest::Score(e.me))?;
        if let Some(t) = top {
            ctx.transfer(e.you, t, Dest::Score(e.me))?;
        }
    }
    Ok(())
}

/// If no player has a top green card, claim the Confidence achievement.
fn assassination(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.st.num_players();
    if (0..n).all(|p| ctx.top(p, Color::Green).is_none()) {
        ctx.claim_special(e.you, Special::Confidence)?;
    }
    Ok(())
}

/// I demand you score a card from your hand of matching color for each card in my hand! If you don't, and I have a card in my hand, exchange all cards in your hand with all cards in my score pile!
fn maze_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut scored = false;
    // One card of the matching colour scored for each card in my hand, one card of mine at a time.
    for mine in ctx.hand(e.me) {
        let col = color(mine);
        let why = format!("score a card from your hand of matching color ({col})");
        if let Some(c) = ctx.choose_card(e.you, &of_color(&ctx.hand(e.you), col), false, &why)? {
            scored |= ctx.score(e.you, c)?;
        }
    }
    if !scored && !ctx.hand(e.me).is_empty() {
        let yours = ctx.hand(e.you);
        let my_score = ctx.score_pile(e.me);
        ctx.exchange(e.you, &yours, Dest::Score(e.me), &my_score, Dest::Hand(e.you))?;
    }
    Ok(())
}

/// You may return a {1} from your hand. If you do, safeguard an available achievement of value equal to the returned card, then repeat this effect using a value one higher.
fn pilgrimage(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut v = e.age(1);
    while v <= 11 {
        ctx.sentence(1)?;
        let why = format!("you may return {} from your hand", a_value(v));
        let Some(c) = ctx.choose_card(e.you, &of_value(&ctx.hand(e.you), v), true, &why)? else { return Ok(()) };
        if !ctx.return_card(e.you, c)? {
            return Ok(());
        }
        ctx.sentence(2)?;
        let a = card(c).age;
        ctx.safeguard_an_available_achievement(e.you, &[a], false, &format!("safeguard an available achievement of value {a}"))?;
        v += 1;
    }
    Ok(())
}

/// You may junk all cards in the {1} deck.
fn pilgrimage_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = e.age(1);
    if ctx.yes_no(e.you, &format!("you may junk all cards in the {v} deck"))? {
        ctx.junk_deck(e.you, v)?;
    }
    Ok(())
}

/// I demand you transfer all cards from my hand to your hand! Choose two colors of cards in your hand! Transfer all cards in your hand of those colors to my hand!
fn handshake_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mine = ctx.hand(e.me);
    ctx.transfer_all(e.you, &mine, Dest::Hand(e.you))?;
    let hand = ctx.hand(e.you);
    let colors: Vec<Color> = hand.iter().map(|c| color(*c)).collect();
    let chosen = ctx.choose_colors(e.you, &colors, 2, 2, "choose two colors of cards in your hand")?;
    let give: Vec<CardId> = hand.into_iter().filter(|c| chosen.contains(&color(*c))).collect();
    ctx.transfer_all(e.you, &give, Dest::Hand(e.me))?;
    Ok(())
}

/// Safeguard an available achievement of value 1 plus the number of achievements you have.
fn tomb(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = 1 + crate::derived::achievement_count(ctx.st, e.you);
    let v = v.min(255) as u8;
    ctx.safeguard_an_available_achievement(e.you, &[v], false, &format!("safeguard an available achievement of value {v}"))?;
    Ok(())
}

/// You may transfer the lowest available achievement to your hand. If you do, return all yellow cards and all blue cards on your board.
fn tomb_transfer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let lowest_ones = lowest(&ctx.available_achievements());
    let why = "you may transfer the lowest available achievement to your hand";
    let Some(a) = ctx.choose_backs(e.you, &lowest_ones, 0, 1, why)?.first().copied() else { return Ok(()) };
    if ctx.transfer(e.you, a, Dest::Hand(e.you))? {
        ctx.sentence(2)?;
        let mut cards = ctx.pile_cards(e.you, Color::Yellow);
        cards.extend(ctx.pile_cards(e.you, Color::Blue));
        ctx.return_all(e.you, &cards)?;
    }
    Ok(())
}

/// Draw and meld a {2}. If the melded card is a bottom card on your board, score it.
fn woodworking(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(2))?;
    ctx.sentence_on(2, &[c])?;
    if ctx.bottom(e.you, color(c)) == Some(c) {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Transfer a top card on your board with [authority] to the board of any other player. If you do, meld the lowest top card without [authority] from that player's board.
fn dance(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = with_icon(&ctx.top_cards(e.you), Icon::Authority);
    let others = ctx.others(e.you);
    if others.is_empty() {
        return Ok(());
    }
    let Some(c) = ctx.choose_card(e.you, &cands, false, "transfer a top card on your board with [authority]")? else { return Ok(()) };
    let Some(q) = ctx.choose_player(e.you, &others, false, "transfer it to the board of any other player")? else { return Ok(()) };
    if ctx.transfer(e.you, c, Dest::Board(q))? {
        ctx.sentence(2)?;
        let without: Vec<CardId> = ctx.top_cards(q).into_iter().filter(|c| !has_icon(*c, Icon::Authority)).collect();
        let why = format!("meld the lowest top card without [authority] from {}'s board", ctx.name(q));
        if let Some(m) = ctx.choose_card(e.you, &lowest(&without), false, &why)? {
            ctx.meld(e.you, m)?;
        }
    }
    Ok(())
}

/// Return a card from your score pile. If you do, draw a card of value one higher than the card you return.
fn rumor(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.score_pile(e.you), false, "return a card from your score pile")? {
        if ctx.return_card(e.you, c)? {
            ctx.sentence(2)?;
            ctx.draw(e.you, card(c).age + 1)?;
        }
    }
    Ok(())
}

/// Transfer a card from your hand to the hand of the player on your left.
fn rumor_transfer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let Some(left) = ctx.others(e.you).first().copied() else { return Ok(()) };
    let why = format!("transfer a card from your hand to {}'s hand", ctx.name(left));
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, &why)? {
        ctx.transfer(e.you, c, Dest::Hand(left))?;
    }
    Ok(())
}

/// Meld a card from your hand.
fn silk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "meld a card from your hand")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// You may score a card from your hand of each color on your board.
fn silk_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let board = ctx.colors_on_board(e.you);
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| board.contains(&color(*c))).collect();
    let why = "you may score a card from your hand of each color on your board";
    let cards = ctx.choose_one_each(e.you, &cands, color, 5, why)?;
    ctx.score_all(e.you, &cards)?;
    Ok(())
}

/// I demand you reveal a card in your hand! If you do, and I have no card in my hand of the same color, transfer it to my hand, then repeat this effect!
fn espionage_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), false, "reveal a card in your hand")? else { return Ok(()) };
        if !ctx.reveal(e.you, c)? {
            return Ok(());
        }
        if !of_color(&ctx.hand(e.me), color(c)).is_empty() {
            return Ok(());
        }
        ctx.transfer(e.you, c, Dest::Hand(e.me))?;
    }
}

/// Draw and meld a {1}.
fn palmistry(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(1))?;
    Ok(())
}

/// Return two cards from your hand. If you do, draw and score a {2}.
fn palmistry_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cards = ctx.choose_cards(e.you, &ctx.hand(e.you), 2, 2, "return two cards from your hand")?;
    let returned = ctx.return_all(e.you, &cards)?;
    ctx.sentence(2)?;
    // "If you do": more than nothing was returned (one card, when that is all the hand holds).
    if !returned.is_empty() {
        ctx.draw_and_score(e.you, e.age(2))?;
    }
    Ok(())
}

/// Draw, reveal, and return a {1}. If the color of the returned card is yellow or purple, safeguard an available achievement of value equal to a card in your hand, then return all cards from your hand. Otherwise, draw two {1}.
fn proverb(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(1))?;
    let returned = ctx.return_card(e.you, c)?;
    ctx.sentence_on(2, &[c])?;
    // A card a karma kept from being returned is no "returned card": "otherwise" holds.
    if returned && matches!(color(c), Color::Yellow | Color::Purple) {
        let values: Vec<u8> = ctx.hand(e.you).iter().map(|c| card(*c).age).collect();
        ctx.safeguard_an_available_achievement(
            e.you,
            &values,
            false,
            "safeguard an available achievement of value equal to a card in your hand",
        )?;
        let hand = ctx.hand(e.you);
        ctx.return_all(e.you, &hand)?;
    } else {
        // "Otherwise" is about the returned card too.
        ctx.sentence_on(3, &[c])?;
        ctx.draw_n(e.you, e.age(1), 2)?;
    }
    Ok(())
}

/// If you have two cards of the same color in your hand, tuck them both. If you do, splay left that color, and draw and safeguard a card of value equal to the value of your bottom card of that color.
fn myth(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let pairs: Vec<Color> = Color::ALL.into_iter().filter(|col| of_color(&hand, *col).len() >= 2).collect();
    let Some(col) = ctx.choose_color(e.you, &pairs, false, "choose the color of two cards in your hand to tuck")? else { return Ok(()) };
    let two = ctx.choose_cards(e.you, &of_color(&hand, col), 2, 2, "tuck two cards of the same color")?;
    if !ctx.tuck_all(e.you, &two)?.is_empty() {
        ctx.sentence(2)?;
        ctx.splay(e.you, col, Splay::Left)?;
        let v = value(ctx.bottom(e.you, col));
        ctx.draw_and_safeguard(e.you, v)?;
    }
    Ok(())
}

/// Meld a card from your hand with no icon on a card already melded by you during this action due to Polytheism. If you do, repeat this effect.
fn polytheism(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let melded: Vec<CardId> = ctx
            .since(0)
            .iter()
            .filter(|h| h.act == Act::Meld && h.by == e.you && h.during.is_some_and(|(c, _)| c == e.card))
            .filter_map(|h| h.card)
            .collect();
        let cands: Vec<CardId> = ctx
            .hand(e.you)
            .into_iter()
            .filter(|c| !Icon::ALL.iter().any(|i| has_icon(*c, *i) && melded.iter().any(|m| has_icon(*m, *i))))
            .collect();
        let why = "meld a card from your hand with no icon on a card already melded due to Polytheism";
        let Some(c) = ctx.choose_card(e.you, &cands, false, why)? else { return Ok(()) };
        if !ctx.meld(e.you, c)? {
            return Ok(());
        }
        ctx.sentence(2)?;
    }
}

/// Draw and tuck a {1}.
fn polytheism_tuck(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(1))?;
    Ok(())
}

/// If you have at least four each of at least four icons on your board, draw a {4}. Otherwise, if you have at least three each of at least three icons on your board, draw a {3}. Otherwise, if you have at least two each of at least two icons on your board, draw a {2}.
fn symbology(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let counts = crate::derived::icon_counts(ctx.st, e.you);
    let kinds_with = |n: usize| counts.iter().filter(|k| **k >= n).count();
    if kinds_with(4) >= 4 {
        ctx.draw(e.you, e.age(4))?;
        return Ok(());
    }
    ctx.sentence(2)?;
    if kinds_with(3) >= 3 {
        ctx.draw(e.you, e.age(3))?;
        return Ok(());
    }
    ctx.sentence(3)?;
    if kinds_with(2) >= 2 {
        ctx.draw(e.you, e.age(2))?;
    }
    Ok(())
}

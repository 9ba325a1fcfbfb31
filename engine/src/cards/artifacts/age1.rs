//! The Artifacts cards of age 1.

#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::primitives::DrawFrom;
use crate::state::Achievement;

pub fn register(r: &mut Registry) {
    r.card("Holmegaard Bows", &[holmegaard_bows_compel, holmegaard_bows]);
    r.card("Papyrus of Ani", &[papyrus_of_ani]);
    r.card("Pavlovian Tusk", &[pavlovian_tusk]);
    r.card("Dancing Girl", &[dancing_girl_compel, dancing_girl]);
    r.card("Lurgan Canoe", &[lurgan_canoe]);
    r.card("Xianrendong Shards", &[xianrendong_shards]);
    r.card("Electrum Stater of Efesos", &[electrum_stater_of_efesos]);
    r.card("Jiskairumoko Necklace", &[jiskairumoko_necklace_compel]);
    r.card("Priest-King", &[priest_king]);
    r.card("Basur Hoyuk Tokens", &[basur_hoyuk_tokens]);
    r.card("Sibidu Needle", &[sibidu_needle]);
    r.card("Treaty of Kadesh", &[treaty_of_kadesh_compel, treaty_of_kadesh]);
    r.card("Ark of the Covenant", &[ark_of_the_covenant, ark_of_the_covenant_transfer]);
    r.card("Mask of Warka", &[mask_of_warka]);
    r.card("Tale of the Shipwrecked Sailor", &[tale_of_the_shipwrecked_sailor]);
}

// ---------- shared by the Artifacts cards of ages 1 to 4 ----------

/// "Choose a card type": one of the sets in play, by its name.
pub(super) fn choose_card_type(ctx: &mut Ctx, p: PlayerId, why: &str) -> Res<Set> {
    let sets: Vec<Set> = ctx.st.sets.iter().collect();
    let labels: Vec<&str> = sets.iter().map(|s| s.name()).collect();
    let i = ctx.choose_option(p, &labels, false, why)?.unwrap_or(0);
    Ok(sets.get(i).copied().unwrap_or(Set::Base))
}

/// "Junk all cards in the deck of value N": the base deck of that value; there is no deck of a
/// value below 1 or above 11, so nothing is junked then.
pub(super) fn junk_deck_of_value(ctx: &mut Ctx, p: PlayerId, v: u8) -> Res<()> {
    if (1..=11).contains(&v) {
        ctx.junk_deck(p, v)?;
    }
    Ok(())
}

/// The value of a top card as it lies on the board (Battleship Yamato: 11).
pub(super) fn top_value(ctx: &Ctx, c: CardId) -> u8 {
    crate::derived::value_of(ctx.st, c)
}

/// The standard achievements (cards) among a player's achievements.
pub(super) fn card_achievements(ctx: &Ctx, p: PlayerId) -> Vec<CardId> {
    ctx.st.players[p].achievements.iter().filter_map(|a| if let Achievement::Card(c) = a { Some(*c) } else { None }).collect()
}

/// "Claim an achievement (of value V) ignoring eligibility": an available standard achievement,
/// chosen by its back. Returns whether one was claimed.
pub(super) fn claim_ignoring_eligibility(ctx: &mut Ctx, p: PlayerId, values: Option<&[u8]>, why: &str) -> Res<bool> {
    let cands: Vec<CardId> =
        ctx.available_achievements().into_iter().filter(|c| values.is_none_or(|vs| vs.contains(&card(*c).age))).collect();
    let Some(a) = ctx.choose_backs(p, &cands, 1, 1, why)?.first().copied() else { return Ok(false) };
    ctx.claim_achievement(p, a)
}

/// Whether a card is still in a player's hand (a drawn card an effect goes on with).
pub(super) fn in_hand(ctx: &Ctx, p: PlayerId, cards: &[CardId]) -> Vec<CardId> {
    let hand = ctx.hand(p);
    cards.iter().copied().filter(|c| hand.contains(c)).collect()
}

/// Top cards of every player's board (in player order), of one colour.
pub(super) fn top_cards_anywhere(ctx: &Ctx, col: Color) -> Vec<CardId> {
    ctx.st.active_players().into_iter().filter_map(|q| ctx.top(q, col)).collect()
}

// ---------- the cards ----------

/// I compel you to transfer your highest top card with [authority] to my hand! If you don't, junk all cards in the deck of value equal to the value of your lowest top card!
fn holmegaard_bows_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = highest(&with_icon(&ctx.top_cards(e.you), Icon::Authority));
    let chosen = ctx.choose_card(e.you, &cands, false, "transfer your highest top card with [authority] to my hand")?;
    let transferred = match chosen {
        Some(c) => ctx.transfer(e.you, c, Dest::Hand(e.me))?,
        None => false,
    };
    if !transferred {
        let tops = ctx.top_cards(e.you);
        // With no top card there is no lowest top card, and no deck of its value to junk.
        if let Some(v) = tops.iter().map(|c| top_value(ctx, *c)).min() {
            junk_deck_of_value(ctx, e.you, v)?;
        }
    }
    Ok(())
}

/// Draw a {2}.
fn holmegaard_bows(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(2))?;
    Ok(())
}

/// Return a purple card from your hand. If you do, draw and reveal a card of any type of value two higher. If the drawn card is purple, meld it and self-execute it.
fn papyrus_of_ani(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let purple = of_color(&ctx.hand(e.you), Color::Purple);
    let Some(c) = ctx.choose_card(e.you, &purple, false, "return a purple card from your hand")? else { return Ok(()) };
    if !ctx.return_card(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(2)?;
    let v = card(c).age + 2;
    let set = choose_card_type(ctx, e.you, &format!("draw and reveal a card of any type of value {v}: choose its type"))?;
    let d = ctx.draw_from(e.you, v, DrawFrom::Set(set))?;
    ctx.reveal(e.you, d)?;
    ctx.sentence_on(3, &[d])?;
    if color(d) == Color::Purple {
        ctx.meld(e.you, d)?;
        ctx.self_execute(e.you, d)?;
    }
    Ok(())
}

/// Draw three cards of value equal to your top green card. Return one of the drawn cards. Score one of the drawn cards.
fn pavlovian_tusk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = ctx.top(e.you, Color::Green).map_or(0, |c| top_value(ctx, c));
    let drawn = ctx.draw_n(e.you, v, 3)?;
    ctx.sentence_on(2, &drawn)?;
    let left = in_hand(ctx, e.you, &drawn);
    if let Some(c) = ctx.choose_card(e.you, &left, false, "return one of the drawn cards")? {
        ctx.return_card(e.you, c)?;
    }
    ctx.sentence_on(3, &drawn)?;
    let left = in_hand(ctx, e.you, &drawn);
    if let Some(c) = ctx.choose_card(e.you, &left, false, "score one of the drawn cards")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// I compel you to transfer Dancing Girl to your board!
fn dancing_girl_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // From wherever it is in play (a board, or on display when showcased); not from a deck.
    if matches!(ctx.st.locate(e.card), Some(z) if !matches!(z, Zone::Deck(..))) {
        ctx.transfer(e.you, e.card, Dest::Board(e.you))?;
    }
    Ok(())
}

/// If Dancing Girl has been on every board during this action, and it started on your board, you win.
fn dancing_girl(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The boards it was on: those it moved from during this action, and where it lies now.
    let moves: Vec<Option<Zone>> = ctx.trace.iter().filter(|h| h.card == Some(e.card)).map(|h| h.from).collect();
    let now = ctx.st.locate(e.card);
    let board_of = |z: Option<Zone>| match z {
        Some(Zone::Pile(p, _)) => Some(p),
        _ => None,
    };
    let mut boards: Vec<PlayerId> = moves.iter().filter_map(|z| board_of(*z)).collect();
    boards.extend(board_of(now));
    let started = moves.first().copied().unwrap_or(now);
    let everywhere = ctx.st.active_players().iter().all(|p| boards.contains(p));
    if everywhere && board_of(started) == Some(e.you) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Meld a card from your hand. Score all other cards of the same color from your board. If you score a card, repeat this effect.
fn lurgan_canoe(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let hand = ctx.hand(e.you);
        let Some(c) = ctx.choose_card(e.you, &hand, false, "meld a card from your hand")? else { return Ok(()) };
        ctx.meld(e.you, c)?;
        ctx.sentence_on(2, &[c])?;
        let others: Vec<CardId> = ctx.pile_cards(e.you, color(c)).into_iter().filter(|x| *x != c).collect();
        let scored = ctx.score_all(e.you, &others)?;
        ctx.sentence(3)?;
        if scored.is_empty() {
            return Ok(());
        }
    }
}

/// Reveal three cards from your hand. Score two, then tuck the other. If you score two cards of the same color, draw three {1}.
fn xianrendong_shards(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let revealed = ctx.choose_cards(e.you, &hand, 3, 3, "reveal three cards from your hand")?;
    for &c in &revealed {
        ctx.reveal(e.you, c)?;
    }
    ctx.sentence_on(2, &revealed)?;
    let to_score = ctx.choose_cards(e.you, &revealed, 2, 2, "score two of the revealed cards, then tuck the other")?;
    let scored = ctx.score_all(e.you, &to_score)?;
    let rest: Vec<CardId> = in_hand(ctx, e.you, &revealed).into_iter().filter(|c| !to_score.contains(c)).collect();
    ctx.tuck_all(e.you, &rest)?;
    ctx.sentence(3)?;
    if scored.len() == 2 && color(scored[0]) == color(scored[1]) {
        ctx.draw_n(e.you, e.age(1), 3)?;
    }
    Ok(())
}

/// Draw and reveal a {3}. If you do not have a top card of the drawn card's color, meld it and repeat this effect.
fn electrum_stater_of_efesos(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_reveal(e.you, e.age(3))?;
        ctx.sentence_on(2, &[c])?;
        if ctx.top(e.you, color(c)).is_some() {
            return Ok(());
        }
        ctx.meld(e.you, c)?;
    }
}

/// I compel you to return a card from your score pile! If you do, transfer an achievement of the same value from your achievements to mine, and junk all cards in the deck of that value!
fn jiskairumoko_necklace_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let score = ctx.score_pile(e.you);
    let Some(c) = ctx.choose_card(e.you, &score, false, "return a card from your score pile")? else { return Ok(()) };
    if !ctx.return_card(e.you, c)? {
        return Ok(());
    }
    let v = card(c).age;
    let mine = of_value(&card_achievements(ctx, e.you), v);
    let why = format!("transfer an achievement of value {v} from your achievements to {}'s", ctx.name(e.me));
    if let Some(a) = ctx.choose_backs(e.you, &mine, 1, 1, &why)?.first().copied() {
        ctx.transfer(e.you, a, Dest::Achievements(e.me))?;
    }
    junk_deck_of_value(ctx, e.you, v)
}

/// Score a card from your hand. If you have a top card matching its color, super-execute it if it is your turn, otherwise self-execute it.
fn priest_king(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(c) = ctx.choose_card(e.you, &hand, false, "score a card from your hand")? else { return Ok(()) };
    ctx.score(e.you, c)?;
    ctx.sentence_on(2, &[c])?;
    // "It" is the top card matching the scored card's colour.
    if let Some(t) = ctx.top(e.you, color(c)) {
        if ctx.st.turn.player == e.you {
            ctx.super_execute(e.you, t)?;
        } else {
            ctx.self_execute(e.you, t)?;
        }
    }
    Ok(())
}

/// Draw and reveal a {4}. If you have a top card of the drawn card's color that comes before it in the alphabet, return the drawn card and all cards from your score pile.
fn basur_hoyuk_tokens(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(4))?;
    ctx.sentence_on(2, &[c])?;
    let before = |t: CardId| card(t).title.to_lowercase() < card(c).title.to_lowercase();
    if ctx.top(e.you, color(c)).is_some_and(before) {
        let mut cards = vec![c];
        cards.extend(ctx.score_pile(e.you));
        ctx.return_all(e.you, &cards)?;
    }
    Ok(())
}

/// Draw and reveal a {1}. If you have a top card of matching color and value to the drawn card, score the drawn card and repeat this effect.
fn sibidu_needle(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_reveal(e.you, e.age(1))?;
        ctx.sentence_on(2, &[c])?;
        let matching = ctx.top(e.you, color(c)).is_some_and(|t| top_value(ctx, t) == card(c).age);
        if !matching {
            return Ok(());
        }
        ctx.score(e.you, c)?;
    }
}

/// I compel you to return a top card with a demand effect of each color from your board!
fn treaty_of_kadesh_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Compel effects count as demand effects.
    let cards: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| card(*c).has_demand()).collect();
    ctx.return_all(e.you, &cards)?;
    Ok(())
}

/// Score a top, non-blue card from your board with a demand effect.
fn treaty_of_kadesh(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Blue && card(*c).has_demand()).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score a top, non-blue card from your board with a demand effect")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Return a card from your hand. Score all cards of the same color on the boards of all players with no top Artifacts.
fn ark_of_the_covenant(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(c) = ctx.choose_card(e.you, &hand, false, "return a card from your hand")? else { return Ok(()) };
    ctx.return_card(e.you, c)?;
    ctx.sentence_on(2, &[c])?;
    let col = color(c);
    let players: Vec<PlayerId> =
        ctx.st.active_players().into_iter().filter(|q| !ctx.top_cards(*q).iter().any(|t| card(*t).is_artifact())).collect();
    for q in players {
        let cards = ctx.pile_cards(q, col);
        ctx.score_all(e.you, &cards)?;
    }
    Ok(())
}

/// If Ark of the Covenant is a top card on any board, transfer it to your hand.
fn ark_of_the_covenant_transfer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if crate::turn::is_top_card(ctx.st, e.card) {
        ctx.transfer(e.you, e.card, Dest::Hand(e.you))?;
    }
    Ok(())
}

/// Choose a color. Each player reveals their hand. If you are the only player to reveal at least one card of that color, return them and claim all achievements of value matching those cards, ignoring eligibility.
fn mask_of_warka(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let col = ctx.choose_color(e.you, &Color::ALL, false, "choose a color")?;
    ctx.sentence(2)?;
    let players = ctx.st.active_players();
    for &q in &players {
        ctx.reveal_hand(q)?;
    }
    ctx.sentence(3)?;
    let Some(col) = col else { return Ok(()) };
    let with_color: Vec<PlayerId> = players.iter().copied().filter(|q| !of_color(&ctx.hand(*q), col).is_empty()).collect();
    if with_color != [e.you] {
        return Ok(());
    }
    let cards = of_color(&ctx.hand(e.you), col);
    ctx.return_all(e.you, &cards)?;
    let values: Vec<u8> = cards.iter().map(|c| card(*c).age).collect();
    let claim: Vec<CardId> = ctx.available_achievements().into_iter().filter(|a| values.contains(&card(*a).age)).collect();
    for a in claim {
        ctx.claim_achievement(e.you, a)?;
    }
    Ok(())
}

/// Choose a color. Draw a {1}. Meld a card of the chosen color from your hand. If you do, splay that color left, and junk an available achievement of value equal to the value of the melded card.
fn tale_of_the_shipwrecked_sailor(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let col = ctx.choose_color(e.you, &Color::ALL, false, "choose a color")?;
    ctx.sentence(2)?;
    ctx.draw(e.you, e.age(1))?;
    ctx.sentence(3)?;
    let Some(col) = col else { return Ok(()) };
    let cands = of_color(&ctx.hand(e.you), col);
    let Some(c) = ctx.choose_card(e.you, &cands, false, &format!("meld a {col} card from your hand"))? else { return Ok(()) };
    if !ctx.meld(e.you, c)? {
        return Ok(());
    }
    ctx.sentence(4)?;
    ctx.splay(e.you, col, Splay::Left)?;
    let v = card(c).age;
    ctx.junk_an_available_achievement(e.you, &[v], false, &format!("junk an available achievement of value {v}"))?;
    Ok(())
}

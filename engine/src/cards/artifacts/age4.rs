//! The Artifacts cards of age 4.

use super::age1::{in_hand, junk_deck_of_value, top_value};
#[allow(unused_imports)]
use crate::cards::prelude::*;

pub fn register(r: &mut Registry) {
    r.card("East India Company Charter", &[east_india_company_charter]);
    r.card("Galleon Nuestra Señora De Atocha", &[galleon_nuestra_senora_de_atocha_compel]);
    r.card("Mona Lisa", &[mona_lisa]);
    r.card("Moses", &[moses_compel, moses]);
    r.card("Hunt-Lenox Globe", &[hunt_lenox_globe, hunt_lenox_globe_meld]);
    r.card("Molasses Reef Caravel", &[molasses_reef_caravel, molasses_reef_caravel_draw]);
    r.card("Delft Pocket Telescope", &[delft_pocket_telescope]);
    r.card("Petition of Right", &[petition_of_right_compel, petition_of_right]);
    r.card("Abell Gallery Harpsichord", &[abell_gallery_harpsichord]);
    r.card("Cross of Coronado", &[cross_of_coronado]);
}

/// Choose a value other than {5}. Return all cards of that value from all score piles. For each score pile from which cards are returned, draw and score a {5}. If you score only {5}s, junk all cards in the deck of the chosen value.
fn east_india_company_charter(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let values: Vec<u8> = (1..=11).filter(|v| *v != e.age(5)).collect();
    let v = ctx.choose_value(e.you, &values, &format!("choose a value other than {}", e.age(5)))?;
    ctx.sentence(2)?;
    let Some(v) = v else { return Ok(()) };
    let mut piles = 0;
    for q in ctx.st.active_players() {
        let cards = of_value(&ctx.score_pile(q), v);
        if !ctx.return_all(e.you, &cards)?.is_empty() {
            piles += 1;
        }
    }
    ctx.sentence(3)?;
    // Draw and score, the cards really scored kept for "if you score only 5s" that follows.
    let mut scored = Vec::new();
    for _ in 0..piles {
        let c = ctx.draw(e.you, e.age(5))?;
        if ctx.score(e.you, c)? {
            scored.push(c);
        }
    }
    ctx.sentence(4)?;
    // "Only 5s" of no card at all is not met.
    if !scored.is_empty() && scored.iter().all(|c| card(*c).age == e.age(5)) {
        junk_deck_of_value(ctx, e.you, v)?;
    }
    Ok(())
}

/// I compel you to transfer all the cards of the value of my choice from your score pile to my score pile! If you do, transfer a top card on your board of that value to my board!
fn galleon_nuestra_senora_de_atocha_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The compelling player cannot see the score pile: any value may be chosen.
    let why = format!("choose a value: {} transfers all cards of that value from their score pile to yours", ctx.name(e.you));
    let Some(v) = ctx.choose_a_value(e.me, &why)? else { return Ok(()) };
    let cards = of_value(&ctx.score_pile(e.you), v);
    if ctx.transfer_all(e.you, &cards, Dest::Score(e.me))?.is_empty() {
        return Ok(());
    }
    let tops: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| top_value(ctx, *c) == v).collect();
    if let Some(c) = ctx.choose_card(e.you, &tops, false, &format!("transfer a top card on your board of value {v} to my board"))? {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    Ok(())
}

/// Choose a number and a color. Draw five {4}, then reveal your hand. If you have exactly that many cards of that color, score them, and splay right your cards of that color. Otherwise, return all cards from your hand.
fn mona_lisa(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // A number that the hand could hold after the draw: 0 up to its size plus five.
    let most = (ctx.hand(e.you).len() + 5).min(255) as u8;
    let numbers: Vec<u8> = (0..=most).collect();
    let n = ctx.choose_value(e.you, &numbers, "choose a number")?;
    let col = ctx.choose_color(e.you, &Color::ALL, false, "choose a color")?;
    ctx.sentence(2)?;
    ctx.draw_n(e.you, e.age(4), 5)?;
    ctx.reveal_hand(e.you)?;
    ctx.sentence(3)?;
    let (Some(n), Some(col)) = (n, col) else { return Ok(()) };
    let cards = of_color(&ctx.hand(e.you), col);
    if cards.len() == usize::from(n) {
        ctx.score_all(e.you, &cards)?;
        ctx.splay(e.you, col, Splay::Right)?;
        return Ok(());
    }
    ctx.sentence(4)?;
    let hand = ctx.hand(e.you);
    ctx.return_all(e.you, &hand)?;
    Ok(())
}

/// I compel you to transfer a top card with [prosperity] of each color from your board to my score pile!
fn moses_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cards = with_icon(&ctx.top_cards(e.you), Icon::Prosperity);
    ctx.transfer_all(e.you, &cards, Dest::Score(e.me))?;
    Ok(())
}

/// Score a top card on your board with [prosperity].
fn moses(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = with_icon(&ctx.top_cards(e.you), Icon::Prosperity);
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score a top card on your board with [prosperity]")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// If you have fewer than four cards in your hand, return your top card of each non-green color. Draw a {5} for each card you return.
fn hunt_lenox_globe(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut n = 0;
    if ctx.hand(e.you).len() < 4 {
        let tops: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Green).collect();
        n = ctx.return_all(e.you, &tops)?.len();
    }
    ctx.sentence(2)?;
    ctx.draw_n(e.you, e.age(5), n)?;
    Ok(())
}

/// Meld a card from your hand.
fn hunt_lenox_globe_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    if let Some(c) = ctx.choose_card(e.you, &hand, false, "meld a card from your hand")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// Return all cards from your hand.
fn molasses_reef_caravel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    ctx.return_all(e.you, &hand)?;
    Ok(())
}

/// Draw three {4}. Meld a green card from your hand. Junk all cards in the deck of value equal to your top green card.
fn molasses_reef_caravel_draw(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_n(e.you, e.age(4), 3)?;
    ctx.sentence(2)?;
    let green = of_color(&ctx.hand(e.you), Color::Green);
    if let Some(c) = ctx.choose_card(e.you, &green, false, "meld a green card from your hand")? {
        ctx.meld(e.you, c)?;
    }
    ctx.sentence(3)?;
    // With no top green card its value is 0, and there is no deck of value 0.
    let v = ctx.top(e.you, Color::Green).map_or(0, |c| top_value(ctx, c));
    junk_deck_of_value(ctx, e.you, v)
}

/// The standard icons printed on a card.
fn icons_of(c: CardId) -> Vec<Icon> {
    card(c).slots.iter().filter_map(|s| s.icon()).collect()
}

/// Return a card from your score pile. If you do, draw a {5} and a {6}, then reveal one of the drawn cards that has an icon in common with the returned card. If you cannot, return the drawn cards and repeat this effect.
fn delft_pocket_telescope(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let score = ctx.score_pile(e.you);
        let Some(r) = ctx.choose_card(e.you, &score, false, "return a card from your score pile")? else { return Ok(()) };
        if !ctx.return_card(e.you, r)? {
            return Ok(());
        }
        ctx.sentence(2)?;
        let drawn = vec![ctx.draw(e.you, e.age(5))?, ctx.draw(e.you, e.age(6))?];
        let icons = icons_of(r);
        let common: Vec<CardId> =
            in_hand(ctx, e.you, &drawn).into_iter().filter(|c| icons_of(*c).iter().any(|i| icons.contains(i))).collect();
        let why = "reveal one of the drawn cards that has an icon in common with the returned card";
        if let Some(c) = ctx.choose_card(e.you, &common, false, why)? {
            ctx.reveal(e.you, c)?;
            return Ok(());
        }
        ctx.sentence_on(3, &drawn)?;
        let back = in_hand(ctx, e.you, &drawn);
        ctx.return_all(e.you, &back)?;
    }
}

/// I compel you to transfer a card from your score pile to my score pile for each color with [authority] on your board!
fn petition_of_right_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.colors_with_icon(e.you, Icon::Authority).len();
    if n == 0 {
        return Ok(());
    }
    let score = ctx.score_pile(e.you);
    let why = format!("transfer {n} cards from your score pile to my score pile");
    let cards = ctx.choose_cards(e.you, &score, n, n, &why)?;
    ctx.transfer_all(e.you, &cards, Dest::Score(e.me))?;
    Ok(())
}

/// Junk an available achievement of value equal to the number of [authority] on your board.
fn petition_of_right(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.icons(e.you, Icon::Authority).min(255) as u8;
    ctx.junk_an_available_achievement(e.you, &[n], false, &format!("junk an available achievement of value {n}"))?;
    Ok(())
}

/// For each value of top card on your board appearing exactly once, draw and score a card of that value in ascending order.
fn abell_gallery_harpsichord(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops = crate::derived::top_values(ctx.st, e.you);
    let mut once: Vec<u8> = tops.iter().copied().filter(|v| tops.iter().filter(|x| *x == v).count() == 1).collect();
    once.sort_unstable();
    for v in once {
        ctx.draw_and_score(e.you, v)?;
    }
    Ok(())
}

/// Reveal your hand. If you have exactly five cards and five colors in your hand, you win.
fn cross_of_coronado(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.reveal_hand(e.you)?;
    ctx.sentence(2)?;
    let hand = ctx.hand(e.you);
    let mut colors: Vec<Color> = hand.iter().map(|c| color(*c)).collect();
    colors.sort_by_key(|c| c.index());
    colors.dedup();
    if hand.len() == 5 && colors.len() == 5 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The Artifacts cards of ages 1 to 4 (this module and `age1` .. `age3`) on busy tables:
    //! every sentence executed alone, and every card used in a Dogma action and self-executed,
    //! each question answered with its first or its last options, end as an effect may (done,
    //! or the game over) and never panic, desync or stop on something unimplemented.
    use crate::card::{card, CardId, Set};
    use crate::cards::testing::{answering, cards_of, execute_every_sentence_alone, fine};
    use crate::game::{Game, GameConfig};
    use crate::state::{Achievement, Splay, State};

    /// Three players, each with base and Artifacts cards of ages 1 to 5 in hand, score pile,
    /// board and achievements; `splay` on every pile.
    fn busy_table(seed: u64, splay: Splay) -> State {
        let config = GameConfig::new(&["ann", "bo", "cy"], seed).with_expansions(&[Set::Artifacts]);
        let mut table = Game::initial_state(&config).unwrap();
        for p in 0..3 {
            for a in 1..=5u8 {
                for set in [Set::Base, Set::Artifacts] {
                    if set == Set::Artifacts && a > 4 {
                        continue;
                    }
                    for k in 0..2u8 {
                        let Some(c) = table.deck_mut(set, a).pop() else { continue };
                        match (a + k + p as u8) % 4 {
                            0 => table.players[p].hand.push(c),
                            1 => table.players[p].score.push(c),
                            2 if set == Set::Base => table.players[p].achievements.push(Achievement::Card(c)),
                            _ => table.players[p].piles[card(c).color.index()].cards.push(c),
                        }
                    }
                }
            }
            for pile in table.players[p].piles.iter_mut() {
                pile.splay = if pile.cards.len() >= 2 { splay } else { Splay::None };
            }
        }
        table
    }

    fn cards_of_ages_1_to_4() -> Vec<CardId> {
        cards_of(Set::Artifacts, 1..=4)
    }

    #[test]
    fn every_sentence_executes_alone() {
        let tables = [busy_table(1, Splay::Right), busy_table(2, Splay::Right)];
        let runs = execute_every_sentence_alone(&tables, &cards_of_ages_1_to_4());
        assert!(runs > 100, "{runs} sentences executed");
    }

    #[test]
    fn every_card_runs_in_a_dogma_action_and_self_executed() {
        for (seed, splay) in [(3, Splay::None), (4, Splay::Left), (5, Splay::Up), (6, Splay::Aslant)] {
            let base = busy_table(seed, splay);
            for c in cards_of_ages_1_to_4() {
                // The card on top of its pile on the first player's board.
                let mut table = base.clone();
                table.remove(c);
                table.players[0].piles[card(c).color.index()].cards.push(c);
                for last in [false, true] {
                    let r = answering(&table, last, |ctx| ctx.dogma_action(0, c).map(drop));
                    assert!(fine(&r), "{}: {r:?}", card(c).title);
                    let r = answering(&table, last, |ctx| ctx.self_execute(1, c));
                    assert!(fine(&r), "{} self-executed: {r:?}", card(c).title);
                }
            }
        }
    }
}

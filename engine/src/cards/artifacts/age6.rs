//! The Artifacts cards of age 6.

use super::age1::claim_ignoring_eligibility;
use super::age5::junk_any_achievement;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;

pub fn register(r: &mut Registry) {
    r.card("Frigate Constitution", &[frigate_constitution_compel]);
    r.card("U.S. Declaration of Independence", &[us_declaration_of_independence_compel]);
    r.card("Pride and Prejudice", &[pride_and_prejudice]);
    r.card("Qianlong's Dragon Robe", &[qianlongs_dragon_robe_compel]);
    r.card("Buttonwood Agreement", &[buttonwood_agreement]);
    r.card("The Wealth of Nations", &[the_wealth_of_nations]);
    r.card("Kilogram of the Archives", &[kilogram_of_the_archives]);
    r.card("Puffing Billy", &[puffing_billy]);
    r.card("Marcha Real", &[marcha_real]);
    r.card("Moonlight Sonata", &[moonlight_sonata, moonlight_sonata_claim]);
}

/// I compel you to reveal a card in your hand! If you do, and its value is equal to the value of any of my top cards, return it and all cards of its color from your board!
fn frigate_constitution_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(c) = ctx.choose_card(e.you, &hand, false, "reveal a card in your hand")? else { return Ok(()) };
    if !ctx.reveal(e.you, c)? {
        return Ok(());
    }
    if derived::top_values(ctx.st, e.me).contains(&card(c).age) {
        let mut cards = vec![c];
        cards.extend(ctx.pile_cards(e.you, color(c)));
        ctx.return_all(e.you, &cards)?;
    }
    Ok(())
}

/// I compel you to transfer the highest card in your hand to my hand, the highest card in your score pile to my score pile, and the highest top card with [industry] from your board to my board!
fn us_declaration_of_independence_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let me = ctx.name(e.me).to_string();
    let hand = highest(&ctx.hand(e.you));
    if let Some(c) = ctx.choose_card(e.you, &hand, false, &format!("transfer the highest card in your hand to {me}'s hand"))? {
        ctx.transfer(e.you, c, Dest::Hand(e.me))?;
    }
    let score = highest(&ctx.score_pile(e.you));
    let why = format!("transfer the highest card in your score pile to {me}'s score pile");
    if let Some(c) = ctx.choose_card(e.you, &score, false, &why)? {
        ctx.transfer(e.you, c, Dest::Score(e.me))?;
    }
    let with: Vec<CardId> = with_icon(&ctx.top_cards(e.you), Icon::Industry);
    let high = with.iter().map(|c| derived::value_of(ctx.st, *c)).max();
    let tops: Vec<CardId> = with.into_iter().filter(|c| Some(derived::value_of(ctx.st, *c)) == high).collect();
    let why = format!("transfer the highest top card with [industry] from your board to {me}'s board");
    if let Some(c) = ctx.choose_card(e.you, &tops, false, &why)? {
        ctx.transfer(e.you, c, Dest::Board(e.me))?;
    }
    Ok(())
}

/// Draw and meld a {6}. If the drawn card's color is the color with the fewest (or tied) number of visible cards on your board, score the melded card, and repeat this effect.
fn pride_and_prejudice(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_meld(e.you, e.age(6))?;
        ctx.sentence_on(2, &[c])?;
        // Every colour counts, one missing from the board with no visible card (0).
        let fewest = Color::ALL.into_iter().map(|col| ctx.st.pile(e.you, col).visible_count()).min().unwrap_or(0);
        if ctx.st.pile(e.you, color(c)).visible_count() != fewest {
            return Ok(());
        }
        ctx.score(e.you, c)?;
    }
}

/// I compel you to transfer your top red card to my score pile! Transfer your top green card to my board! Transfer a yellow card from your score pile to mine! Transfer a purple card from your score pile to my hand!
fn qianlongs_dragon_robe_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let me = ctx.name(e.me).to_string();
    if let Some(t) = ctx.top(e.you, Color::Red) {
        ctx.transfer(e.you, t, Dest::Score(e.me))?;
    }
    if let Some(t) = ctx.top(e.you, Color::Green) {
        ctx.transfer(e.you, t, Dest::Board(e.me))?;
    }
    let yellow = of_color(&ctx.score_pile(e.you), Color::Yellow);
    let why = format!("transfer a yellow card from your score pile to {me}'s score pile");
    if let Some(c) = ctx.choose_card(e.you, &yellow, false, &why)? {
        ctx.transfer(e.you, c, Dest::Score(e.me))?;
    }
    let purple = of_color(&ctx.score_pile(e.you), Color::Purple);
    let why = format!("transfer a purple card from your score pile to {me}'s hand");
    if let Some(c) = ctx.choose_card(e.you, &purple, false, &why)? {
        ctx.transfer(e.you, c, Dest::Hand(e.me))?;
    }
    Ok(())
}

/// Choose three colors. Draw and reveal a {8}. If the drawn card is one of the chosen colors, score it and splay up that color on your board. Otherwise, return all cards of that color from your score pile, and unsplay that color.
fn buttonwood_agreement(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_colors(e.you, &Color::ALL, 3, 3, "choose three colors")?;
    ctx.sentence(2)?;
    let c = ctx.draw_and_reveal(e.you, e.age(8))?;
    let col = color(c);
    ctx.sentence_on(3, &[c])?;
    if chosen.contains(&col) {
        ctx.score(e.you, c)?;
        ctx.splay(e.you, col, Splay::Up)?;
        return Ok(());
    }
    ctx.sentence_on(4, &[c])?;
    let cards = of_color(&ctx.score_pile(e.you), col);
    ctx.return_all(e.you, &cards)?;
    ctx.unsplay(e.you, col)?;
    Ok(())
}

/// Draw and score a {1}. Add up the values of all the cards in your score pile, divide by five, and round up. Draw and score a card of value equal to the result. Junk all cards in the deck of that value.
fn the_wealth_of_nations(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_score(e.you, e.age(1))?;
    ctx.sentence(2)?;
    let total: u32 = ctx.score_pile(e.you).iter().map(|c| u32::from(card(*c).age)).sum();
    let result = u8::try_from(total.div_ceil(5)).unwrap_or(u8::MAX);
    ctx.sentence(3)?;
    ctx.draw_and_score(e.you, result)?;
    ctx.sentence(4)?;
    // There is no deck of value 0, nor above 11.
    if (1..=11).contains(&result) {
        ctx.junk_deck(e.you, result)?;
    }
    Ok(())
}

/// Return a card from your hand. Return a top card from your board. If you return two cards and their values sum to ten, draw and score a {10}. Otherwise, junk all cards in the deck of value equal to the sum.
fn kilogram_of_the_archives(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut returned: Vec<u8> = Vec::new();
    let hand = ctx.hand(e.you);
    if let Some(c) = ctx.choose_card(e.you, &hand, false, "return a card from your hand")? {
        if ctx.return_card(e.you, c)? {
            returned.push(card(c).age);
        }
    }
    ctx.sentence(2)?;
    let tops = ctx.top_cards(e.you);
    if let Some(t) = ctx.choose_card(e.you, &tops, false, "return a top card from your board")? {
        // Its value as it lay on the board (Battleship Yamato: 11).
        let v = derived::value_of(ctx.st, t);
        if ctx.return_card(e.you, t)? {
            returned.push(v);
        }
    }
    ctx.sentence(3)?;
    let sum: u8 = returned.iter().sum();
    if returned.len() == 2 && sum == 10 {
        ctx.draw_and_score(e.you, e.age(10))?;
        return Ok(());
    }
    ctx.sentence(4)?;
    // There is no deck of value 0, nor above 11.
    if (1..=11).contains(&sum) {
        ctx.junk_deck(e.you, sum)?;
    }
    Ok(())
}

/// Tuck a card from your hand. Splay right its color on your board. Draw a card of value equal to the highest number of icons of the same type in that color on your board.
fn puffing_billy(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let Some(c) = ctx.choose_card(e.you, &hand, false, "tuck a card from your hand")? else { return Ok(()) };
    ctx.tuck(e.you, c)?;
    ctx.sentence_on(2, &[c])?;
    let col = color(c);
    ctx.splay(e.you, col, Splay::Right)?;
    ctx.sentence_on(3, &[c])?;
    // Icons in that colour on the board: the visible ones.
    let pile = ctx.st.pile(e.you, col);
    let most = Icon::ALL.into_iter().map(|i| derived::pile_icon_count(pile, i)).max().unwrap_or(0);
    ctx.draw(e.you, most as u8)?;
    Ok(())
}

/// Reveal and return two cards from your hand. If they have the same value, draw a card of value one higher. If they have the same color, claim an achievement, ignoring eligibility.
fn marcha_real(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let two = ctx.choose_cards(e.you, &hand, 2, 2, "reveal and return two cards from your hand")?;
    for &c in &two {
        ctx.reveal(e.you, c)?;
    }
    let returned = ctx.return_all(e.you, &two)?;
    ctx.sentence_on(2, &two)?;
    // "They": the two returned cards (one card alone has no pair to compare).
    if returned.len() == 2 && card(returned[0]).age == card(returned[1]).age {
        ctx.draw(e.you, card(returned[0]).age + 1)?;
    }
    ctx.sentence_on(3, &two)?;
    if returned.len() == 2 && color(returned[0]) == color(returned[1]) {
        claim_ignoring_eligibility(ctx, e.you, None, "claim an achievement, ignoring eligibility")?;
    }
    Ok(())
}

/// Choose a color on your board having the highest top card. Meld your bottom card of that color.
fn moonlight_sonata(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let high = derived::highest_top_value(ctx.st, e.you);
    let colors: Vec<Color> = ctx
        .colors_on_board(e.you)
        .into_iter()
        .filter(|col| ctx.top(e.you, *col).is_some_and(|t| derived::value_of(ctx.st, t) == high))
        .collect();
    let col = ctx.choose_color(e.you, &colors, false, "choose a color on your board having the highest top card")?;
    ctx.sentence(2)?;
    if let Some(b) = col.and_then(|col| ctx.bottom(e.you, col)) {
        ctx.meld(e.you, b)?;
    }
    Ok(())
}

/// Claim an available standard achievement, ignoring eligibility. Junk an available standard achievement.
fn moonlight_sonata_claim(ctx: &mut Ctx, e: Exec) -> Res<()> {
    claim_ignoring_eligibility(ctx, e.you, None, "claim an available standard achievement, ignoring eligibility")?;
    ctx.sentence(2)?;
    junk_any_achievement(ctx, e.you)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    //! Pride and Prejudice's "the color with the fewest (or tied) number of visible cards on your
    //! board" is read over the five colours: a colour missing from the board has 0 visible cards.
    use crate::card::{card, CardDb, CardId, Color, Set};
    use crate::ctx::{Ctx, Mode};
    use crate::game::{Game, GameConfig};

    fn id(t: &str) -> CardId {
        CardDb::get().by_title(t).unwrap()
    }

    #[test]
    fn a_missing_colour_has_the_fewest_visible_cards() {
        let mut st = Game::initial_state(&GameConfig::new(&["ann", "bo"], 1)).unwrap();
        for p in 0..2 {
            for c in std::mem::take(&mut st.players[p].hand) {
                st.deck_mut(Set::Base, 1).insert(0, c);
            }
        }
        // Ann has a red card; she draws and melds Canning (yellow): 1 visible yellow card, and
        // blue, green and purple have none, so yellow is not the fewest: it stays, no repeat.
        st.remove(id("Coal"));
        st.players[0].piles[card(id("Coal")).color.index()].cards.push(id("Coal"));
        for t in ["Vaccination", "Canning"] {
            st.remove(id(t));
            st.deck_mut(Set::Base, 6).push(id(t));
        }
        let names: Vec<String> = ["ann", "bo"].iter().map(|s| s.to_string()).collect();
        let mut ctx = Ctx::new(&mut st, &names, &[]);
        ctx.run_effect(id("Pride and Prejudice"), 0, 0, 0, Mode::Dogma).unwrap();
        assert_eq!(st.players[0].top(Color::Yellow), Some(id("Canning")));
        assert!(st.players[0].score.is_empty());
        assert_eq!(st.deck(Set::Base, 6).last(), Some(&id("Vaccination")), "no second draw");
    }
}

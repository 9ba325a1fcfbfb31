//! The Artifacts cards of age 8.

use super::age1::claim_ignoring_eligibility;
use super::age5::junk_any_achievement;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;
use crate::state::Achievement;

pub fn register(r: &mut Registry) {
    r.card("Battleship Bismarck", &[battleship_bismarck_compel]);
    // No icons and no dogma effects; its value 11 on a board is the engine's (`derived::value_of`).
    r.card("Battleship Yamato", &[]);
    r.card("Action Comics #1", &[action_comics_1_compel]);
    r.card("Plüsch Beweglich Rod Bear", &[plusch_beweglich_rod_bear]);
    r.card("Liner Titanic", &[liner_titanic, liner_titanic_junk]);
    r.card("Meiji-Mura Stamp Vending Machine", &[meiji_mura_stamp_vending_machine]);
    r.card("Earhart's Lockheed Electra 10E", &[earharts_lockheed_electra_10e, earharts_lockheed_electra_10e_claim]);
    r.card("Parnell Pitch Drop", &[parnell_pitch_drop]);
    r.card("'30 World Cup Final Ball", &[world_cup_final_ball_compel, world_cup_final_ball]);
    r.card("Garland's Ruby Slippers", &[garlands_ruby_slippers]);
}

/// I compel you to draw and reveal an {8}! Return all cards of the drawn card's color from your board!
fn battleship_bismarck_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(8))?;
    let pile = ctx.pile_cards(e.you, color(c));
    ctx.return_all(e.you, &pile)?;
    Ok(())
}

/// I compel you to draw an {8}! If it is green, achieve Action Comics #1 if it is a top card! Otherwise, if it has [efficiency], return it, and if your top card of its color has [efficiency], transfer it to my achievements, and repeat this effect!
fn action_comics_1_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        let c = ctx.draw(e.you, e.age(8))?;
        if color(c) == Color::Green {
            // On a board (the compeller's, when it was chosen there), not on display.
            if crate::turn::is_top_card(ctx.st, e.card) {
                ctx.achieve(e.you, e.card)?;
            }
            return Ok(());
        }
        if !has_icon(c, Icon::Efficiency) {
            return Ok(());
        }
        ctx.return_card(e.you, c)?;
        // "And repeat this effect" goes with the transfer: it repeats only when the top card moved.
        let Some(t) = ctx.top(e.you, color(c)).filter(|t| has_icon(*t, Icon::Efficiency)) else { return Ok(()) };
        if !ctx.transfer(e.you, t, Dest::Achievements(e.me))? {
            return Ok(());
        }
    }
}

/// Choose a value. Splay up each color on your board with a top card of the chosen value. Return all cards of the chosen value from all score piles.
fn plusch_beweglich_rod_bear(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = ctx.choose_a_value(e.you, "choose a value")?;
    ctx.sentence(2)?;
    let Some(v) = v else { return Ok(()) };
    for col in Color::ALL {
        if ctx.top(e.you, col).is_some_and(|t| derived::value_of(ctx.st, t) == v) {
            ctx.splay(e.you, col, Splay::Up)?;
        }
    }
    ctx.sentence(3)?;
    let cards: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|p| of_value(&ctx.score_pile(p), v)).collect();
    ctx.return_all(e.you, &cards)?;
    Ok(())
}

/// Score your bottom card of each color.
fn liner_titanic(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let bottoms: Vec<CardId> = Color::ALL.into_iter().filter_map(|col| ctx.bottom(e.you, col)).collect();
    ctx.score_all(e.you, &bottoms)?;
    Ok(())
}

/// Junk all cards from the deck of lowest value with a card.
fn liner_titanic_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // The base decks, as "empty ages" are read; the Age 0 deck once it is in the game.
    let Some(a) = (0..=11).find(|a| !ctx.st.deck(Set::Base, *a).is_empty()) else { return Ok(()) };
    if a == 0 {
        // `junk_deck` knows the values 1 to 11: the Age 0 deck's cards are junked one by one.
        let cards = ctx.st.deck(Set::Base, 0).to_vec();
        ctx.junk_all(e.you, &cards)?;
        return Ok(());
    }
    ctx.junk_deck(e.you, a)
}

/// Return a card from your hand. Draw and score three cards of the returned card's value. If you don't, junk all cards in the deck of value equal to the highest scored card.
fn meiji_mura_stamp_vending_machine(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_card(e.you, &hand, false, "return a card from your hand")?;
    let returned = match chosen {
        Some(c) if ctx.return_card(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    let mut scored = false;
    if let Some(r) = returned {
        for _ in 0..3 {
            scored |= ctx.draw_and(e.you, card(r).age, Ctx::score)?.done;
        }
    }
    ctx.sentence(3)?;
    // Nothing drawn and scored (an empty hand): "the highest scored card" is then the highest
    // card in the score pile, the cards scored before.
    if !scored {
        if let Some(v) = ctx.score_pile(e.you).iter().map(|c| card(*c).age).max() {
            ctx.junk_deck(e.you, v)?;
        }
    }
    Ok(())
}

/// For each value below 9, junk a top card of that value from your board, in descending order. Then, if there is a junked card of each value below 9, you win.
fn earharts_lockheed_electra_10e(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for v in (1..=8).rev() {
        let of_v: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|t| derived::value_of(ctx.st, *t) == v).collect();
        if let Some(c) = ctx.choose_card(e.you, &of_v, false, &format!("junk a top card of value {v} from your board"))? {
            ctx.junk(e.you, c)?;
        }
    }
    ctx.sentence(2)?;
    // "A junked card": any card in the junk, whoever junked it.
    if (1..=8).all(|v| ctx.st.junk.iter().any(|c| card(*c).age == v)) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Claim an achievement, ignoring eligibility.
fn earharts_lockheed_electra_10e_claim(ctx: &mut Ctx, e: Exec) -> Res<()> {
    claim_ignoring_eligibility(ctx, e.you, None, "claim an achievement, ignoring eligibility")?;
    Ok(())
}

/// Draw and meld a card of value one higher than the highest top card on your board. Junk an available standard achievement. If you don't, and the melded card has at least three [efficiency], you win.
fn parnell_pitch_drop(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = derived::highest_top_value(ctx.st, e.you) + 1;
    let m = ctx.draw_and_meld(e.you, v)?;
    ctx.sentence(2)?;
    let junked = junk_any_achievement(ctx, e.you)?;
    ctx.sentence_on(3, &[m])?;
    if !junked && card(m).icon_count(Icon::Efficiency) >= 3 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// I compel you to return one of your claimed standard achievements!
fn world_cup_final_ball_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let standard: Vec<CardId> =
        ctx.st.players[e.you].achievements.iter().filter_map(|a| if let Achievement::Card(c) = a { Some(*c) } else { None }).collect();
    if let Some(c) = ctx.choose_backs(e.you, &standard, 1, 1, "return one of your claimed standard achievements")?.first().copied() {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Draw and reveal an {8}. The single player with the highest top card of the drawn card's color achieves the drawn card, ignoring eligibility. If they do, repeat this effect.
fn world_cup_final_ball(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_reveal(e.you, e.age(8))?;
        ctx.sentence_on(2, &[c])?;
        let col = color(c);
        let tops: Vec<(PlayerId, u8)> =
            ctx.st.active_players().into_iter().filter_map(|p| ctx.top(p, col).map(|t| (p, derived::value_of(ctx.st, t)))).collect();
        let high = tops.iter().map(|(_, v)| *v).max();
        let best: Vec<PlayerId> = tops.iter().filter(|(_, v)| Some(*v) == high).map(|(p, _)| *p).collect();
        let achieved = match best[..] {
            [single] => ctx.achieve(single, c)?,
            _ => false,
        };
        ctx.sentence(3)?;
        if !achieved {
            return Ok(());
        }
    }
}

/// Meld an {8} from your hand. If the melded card has no effects, you win. Otherwise, self-execute it.
fn garlands_ruby_slippers(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let eights = of_value(&ctx.hand(e.you), e.age(8));
    let why = format!("meld {} from your hand", a_value(e.age(8)));
    let Some(c) = ctx.choose_card(e.you, &eights, false, &why)? else { return Ok(()) };
    if !ctx.meld(e.you, c)? {
        return Ok(());
    }
    ctx.sentence_on(2, &[c])?;
    // No effects of any kind: no dogma effect, echo effect or karma (Battleship Yamato, a City).
    let info = card(c);
    if info.effects.is_empty() && info.echo.is_none() && info.karma.is_empty() {
        return Err(ctx.win(e.you));
    }
    ctx.sentence_on(3, &[c])?;
    ctx.self_execute(e.you, c)
}

#[cfg(test)]
mod tests {
    //! Action Comics #1's "and repeat this effect" is read with the transfer before it.
    use crate::card::{card, CardDb, CardId, Set};
    use crate::ctx::{Ctx, Mode};
    use crate::game::{Game, GameConfig};
    use crate::state::{Achievement, State};

    fn id(t: &str) -> CardId {
        CardDb::get().by_title(t).unwrap()
    }

    /// Two players with empty hands; `decks` go on top of their decks, the last on top.
    fn table(red_of_bob: &str, eights: &[&str]) -> State {
        let mut st = Game::initial_state(&GameConfig::new(&["ann", "bo"], 1)).unwrap();
        for p in 0..2 {
            for c in std::mem::take(&mut st.players[p].hand) {
                st.deck_mut(Set::Base, 1).insert(0, c);
            }
        }
        st.remove(id(red_of_bob));
        st.players[1].piles[card(id(red_of_bob)).color.index()].cards.push(id(red_of_bob));
        for t in eights {
            st.remove(id(t));
            st.deck_mut(Set::Base, 8).push(id(t));
        }
        st
    }

    fn compel(st: &mut State) {
        let names: Vec<String> = ["ann", "bo"].iter().map(|s| s.to_string()).collect();
        let mut ctx = Ctx::new(st, &names, &[]);
        ctx.run_effect(id("Action Comics #1"), 0, 1, 0, Mode::Dogma).unwrap();
    }

    #[test]
    fn a_returned_card_repeats_only_when_the_top_card_is_transferred() {
        // Mobility (red, [efficiency]) is returned; bo's top red card has no [efficiency]: the end.
        let mut st = table("Industrialization", &["Antibiotics", "Mobility"]);
        compel(&mut st);
        assert!(st.players[1].hand.is_empty(), "one draw only: {:?}", st.players[1].hand);
        assert_eq!(st.players[1].top(crate::card::Color::Red), Some(id("Industrialization")));
        assert_eq!(st.deck(Set::Base, 8).first(), Some(&id("Mobility")), "returned to the bottom");

        // Flight has [efficiency]: it goes to ann's achievements, and the effect repeats.
        let mut st = table("Flight", &["Antibiotics", "Mobility"]);
        compel(&mut st);
        assert!(st.players[0].achievements.contains(&Achievement::Card(id("Flight"))));
        assert_eq!(st.players[1].hand, vec![id("Antibiotics")], "the repeat drew the next 8");
    }
}

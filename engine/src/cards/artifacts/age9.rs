//! The Artifacts cards of age 9.

#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;

pub fn register(r: &mut Registry) {
    r.card("Crusader Rabbit", &[crusader_rabbit_compel, crusader_rabbit]);
    r.card("Velcro Shoes", &[velcro_shoes_compel, velcro_shoes]);
    r.card("Magnavox Odyssey", &[magnavox_odyssey]);
    r.card("Rock Around the Clock", &[rock_around_the_clock_score, rock_around_the_clock_junk]);
    r.card("Philips Compact Cassette", &[philips_compact_cassette_compel, philips_compact_cassette]);
    r.card("Syncom 3", &[syncom_3]);
    r.card("Luna 3", &[luna_3_return, luna_3_junk]);
    r.card("Yeager's Bell X-1A", &[yeagers_bell_x1a]);
    r.card("Marilyn Diptych", &[marilyn_diptych_score, marilyn_diptych_junk]);
    r.card("The Big Bang", &[the_big_bang]);
}

/// The top cards of a board with a demand effect (a compel effect is a demand effect "for all
/// purposes").
fn tops_with_demand(ctx: &Ctx, p: PlayerId) -> Vec<CardId> {
    ctx.top_cards(p).into_iter().filter(|c| card(*c).has_demand()).collect()
}

/// I compel you to transfer the two bottom cards of each color which has a top card with a
/// demand effect to my score pile!
fn crusader_rabbit_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut bottoms: Vec<CardId> = Vec::new();
    for col in Color::ALL {
        if ctx.top(e.you, col).is_some_and(|t| card(t).has_demand()) {
            // Bottom first; a pile of one card gives its only card (the golden rule).
            let pile: Vec<CardId> = ctx.pile_cards(e.you, col).into_iter().rev().take(2).collect();
            bottoms.extend(pile);
        }
    }
    ctx.transfer_all(e.you, &bottoms, Dest::Score(e.me))?;
    Ok(())
}

/// If you have a top card on your board with a demand effect, score it, and draw a {10}.
fn crusader_rabbit(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = tops_with_demand(ctx, e.you);
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score a top card on your board with a demand effect")? {
        ctx.score(e.you, c)?;
        ctx.draw(e.you, e.age(10))?;
    }
    Ok(())
}

/// I compel you to transfer a {9} from your hand to my hand! If you don't, transfer a {9} from
/// your score pile to my score pile! If you do neither, I win!
fn velcro_shoes_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let nines = of_value(&ctx.hand(e.you), e.age(9));
    let why = format!("transfer {} from your hand to {}'s hand", a_value(e.age(9)), ctx.name(e.me));
    let from_hand = match ctx.choose_card(e.you, &nines, false, &why)? {
        Some(c) => ctx.transfer(e.you, c, Dest::Hand(e.me))?,
        None => false,
    };
    if from_hand {
        return Ok(());
    }
    let nines = of_value(&ctx.score_pile(e.you), e.age(9));
    let why = format!("transfer {} from your score pile to {}'s score pile", a_value(e.age(9)), ctx.name(e.me));
    let from_score = match ctx.choose_card(e.you, &nines, false, &why)? {
        Some(c) => ctx.transfer(e.you, c, Dest::Score(e.me))?,
        None => false,
    };
    if !from_score {
        return Err(ctx.win(e.me));
    }
    Ok(())
}

/// Score your highest top card.
fn velcro_shoes(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let high = derived::highest_top_value(ctx.st, e.you);
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| derived::value_of(ctx.st, *c) == high).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score your highest top card")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Draw and meld two {10}. If they are the same color, you win.
fn magnavox_odyssey(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let a = ctx.draw_and_meld(e.you, e.age(10))?;
    let b = ctx.draw_and_meld(e.you, e.age(10))?;
    ctx.sentence_on(2, &[a, b])?;
    if color(a) == color(b) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// For each top card on your board with [efficiency], draw and score a {9}.
fn rock_around_the_clock_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Counted once, before the first draw.
    let n = with_icon(&ctx.top_cards(e.you), Icon::Efficiency).len();
    for _ in 0..n {
        ctx.draw_and_score(e.you, e.age(9))?;
    }
    Ok(())
}

/// Junk all cards in the deck of value equal to the number of cards in your score pile.
fn rock_around_the_clock_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Decks are of values 1 to 11: with no card, or more than eleven, there is no such deck.
    let n = ctx.score_pile(e.you).len();
    if (1..=11).contains(&n) {
        ctx.junk_deck(e.you, n as u8)?;
    }
    Ok(())
}

/// I compel you to unsplay all splayed colors on your board!
fn philips_compact_cassette_compel(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for col in Color::ALL {
        ctx.unsplay(e.you, col)?;
    }
    Ok(())
}

/// Splay up two colors on your board.
fn philips_compact_cassette(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let can = ctx.splayable(e.you, Splay::Up);
    for col in ctx.choose_colors(e.you, &can, 2, 2, "splay up two colors on your board")? {
        ctx.splay(e.you, col, Splay::Up)?;
    }
    Ok(())
}

/// Return all cards from your hand. Draw and reveal five {9}. If you reveal all five colors, you
/// win.
fn syncom_3(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    ctx.return_all(e.you, &hand)?;
    ctx.sentence(2)?;
    // "If you reveal" asks about the cards really revealed (a karma's "instead" reveals nothing).
    let mut drawn = Vec::new();
    let mut revealed = Vec::new();
    for _ in 0..5 {
        let d = ctx.draw_and(e.you, e.age(9), Ctx::reveal)?;
        if d.done {
            revealed.push(d.card);
        }
        drawn.push(d.card);
    }
    ctx.sentence_on(3, &drawn)?;
    if Color::ALL.into_iter().all(|col| revealed.iter().any(|c| color(*c) == col)) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Return all cards from your score pile. Draw and score a card of value equal to the number of
/// cards returned.
fn luna_3_return(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let score = ctx.score_pile(e.you);
    let returned = ctx.return_all(e.you, &score)?;
    ctx.sentence(2)?;
    // More than eleven returned: a draw above 11 ends the game.
    let n = returned.len().min(12) as u8;
    ctx.draw_and_score(e.you, n)?;
    Ok(())
}

/// Choose a value. Junk all cards in that deck.
fn luna_3_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = ctx.choose_a_value(e.you, "choose a value: all cards in that deck are junked")?;
    ctx.sentence(2)?;
    if let Some(v) = v {
        ctx.junk_deck(e.you, v)?;
    }
    Ok(())
}

/// Draw and meld a {9}, and self-execute it. If that card has [efficiency], repeat this effect.
fn yeagers_bell_x1a(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_meld(e.you, e.age(9))?;
        ctx.self_execute(e.you, c)?;
        ctx.sentence_on(2, &[c])?;
        if !has_icon(c, Icon::Efficiency) {
            return Ok(());
        }
    }
}

/// You may score a card from your hand. You may transfer any card from your score pile to your
/// hand. If you have exactly 25 points, you win.
fn marilyn_diptych_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    if let Some(c) = ctx.choose_card(e.you, &hand, true, "you may score a card from your hand")? {
        ctx.score(e.you, c)?;
    }
    ctx.sentence(2)?;
    let score = ctx.score_pile(e.you);
    if let Some(c) = ctx.choose_card(e.you, &score, true, "you may transfer any card from your score pile to your hand")? {
        ctx.transfer(e.you, c, Dest::Hand(e.you))?;
    }
    ctx.sentence(3)?;
    if ctx.score_total(e.you) == 25 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Junk an available standard achievement.
fn marilyn_diptych_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let values: Vec<u8> = (0..=11).collect();
    ctx.junk_an_available_achievement(e.you, &values, false, "junk an available standard achievement")?;
    Ok(())
}

/// Self-execute your top blue card. If this causes any change to occur, draw and junk a {10},
/// then repeat this effect.
fn the_big_bang(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let Some(blue) = ctx.top(e.you, Color::Blue) else { return Ok(()) };
        let m = ctx.mark();
        ctx.self_execute(e.you, blue)?;
        ctx.sentence(2)?;
        // A change: any card moved, drawn, splayed, achieved... (showing a card or flipping a
        // coin changes nothing on the table).
        if !ctx.since(m).iter().any(|h| !matches!(h.act, Act::Reveal | Act::Flip)) {
            return Ok(());
        }
        let c = ctx.draw(e.you, e.age(10))?;
        ctx.junk(e.you, c)?;
    }
}

#[cfg(test)]
mod tests {
    //! The Artifacts cards of ages 9 to 11 (this module and `age10`, `age11`) on a busy table:
    //! every effect ends as an effect may, keeps every card somewhere once, and every sentence
    //! executed alone (Teleprompter) stays in its gate. Then a few cards whose reading is subtle.
    use super::*;
    use crate::card::CardDb;
    use crate::cards::effects_of;
    use crate::cards::testing::{ends_well, run_through};
    use crate::game::{Game, GameConfig};
    use crate::state::State;

    fn id(t: &str) -> CardId {
        CardDb::get().by_title(t).unwrap()
    }

    /// Three players with base and Artifacts cards of ages 1 to 10 in hands, score piles and
    /// boards (some piles splayed), and a few cards in the junk.
    fn busy_table() -> State {
        let config = GameConfig::new(&["ann", "bo", "cy"], 9).with_expansions(&[Set::Artifacts]);
        let mut st = Game::initial_state(&config).unwrap();
        for p in 0..3 {
            for c in std::mem::take(&mut st.players[p].hand) {
                st.deck_mut(Set::Base, 1).insert(0, c);
            }
            for a in 1..=10u8 {
                for set in [Set::Base, Set::Artifacts] {
                    let c = st.deck_mut(set, a).pop().unwrap();
                    match (a as usize + p) % 3 {
                        0 => st.players[p].hand.push(c),
                        1 => st.players[p].score.push(c),
                        _ => st.players[p].piles[card(c).color.index()].cards.push(c),
                    }
                }
            }
            for pile in st.players[p].piles.iter_mut().filter(|pile| pile.len() >= 2) {
                pile.splay = if p == 1 { Splay::Up } else { Splay::Right };
            }
        }
        for a in [3, 5, 5, 8] {
            let c = st.deck_mut(Set::Base, a).pop().unwrap();
            st.junk.push(c);
        }
        st
    }

    fn ours() -> Vec<CardId> {
        CardDb::get().cards.iter().filter(|c| c.set == Set::Artifacts && c.age >= 9 && effects_of(c.id).is_some()).map(|c| c.id).collect()
    }

    #[test]
    fn every_effect_of_ages_9_to_11_runs_on_a_busy_table() {
        let table = busy_table();
        let mut runs = 0;
        for c in ours() {
            let info = card(c);
            for i in 0..info.effects.len() {
                let (you, me) = if info.effects[i].kind.is_demand() { (1, 0) } else { (0, 0) };
                let (r, st) = run_through(&table, |ctx| ctx.run_effect(c, i, you, me, Mode::Dogma));
                assert!(ends_well(&r), "{} effect {i}: {r:?}", info.title);
                let (mut before, mut after) = (table.all_cards(), st.all_cards());
                before.sort();
                after.sort();
                assert_eq!(before, after, "{} effect {i}", info.title);
                runs += 1;
            }
        }
        assert!(runs >= 40, "{runs} effects run: the 40 effects of the 29 cards implemented");
    }

    #[test]
    fn every_sentence_of_ages_9_to_11_executes_alone() {
        use crate::sentence::sentence_of;
        let table = busy_table();
        let mut runs = 0;
        for c in ours() {
            for k in 1.. {
                if sentence_of(c, k).is_none() {
                    break;
                }
                let (r, _) = run_through(&table, |ctx| ctx.execute_sentence(0, c, k));
                assert!(ends_well(&r), "{} sentence {k}: {r:?}", card(c).title);
                runs += 1;
            }
        }
        assert!(runs >= 40, "{runs} sentences executed");
    }

    /// An empty table of two players with Artifacts, nobody holding anything.
    fn empty_table() -> State {
        let config = GameConfig::new(&["ann", "bo", "cy"], 3).with_expansions(&[Set::Artifacts]);
        let mut st = Game::initial_state(&config).unwrap();
        for p in 0..3 {
            for c in std::mem::take(&mut st.players[p].hand) {
                st.deck_mut(Set::Base, 1).insert(0, c);
            }
        }
        st
    }

    fn place(st: &mut State, t: &str, to: impl FnOnce(&mut State, CardId)) {
        let c = id(t);
        st.remove(c);
        to(st, c);
    }

    #[test]
    fn crusader_rabbit_takes_the_two_bottom_cards_under_a_demand_only() {
        let mut st = empty_table();
        // Bo's red pile: Archery (bottom), Construction, Oars on top (Oars demands). Blue: Writing
        // under Tools (no demand).
        for t in ["Archery", "Construction", "Oars"] {
            place(&mut st, t, |st, c| st.players[1].piles[Color::Red.index()].cards.push(c));
        }
        for t in ["Writing", "Tools"] {
            place(&mut st, t, |st, c| st.players[1].piles[Color::Blue.index()].cards.push(c));
        }
        let (r, st) = run_through(&st, |ctx| ctx.run_effect(id("Crusader Rabbit"), 0, 1, 0, Mode::Dogma));
        assert_eq!(r, Ok(()));
        let mut got = st.players[0].score.clone();
        got.sort();
        let mut want = vec![id("Archery"), id("Construction")];
        want.sort();
        assert_eq!(got, want);
        assert_eq!(st.players[1].piles[Color::Red.index()].cards, vec![id("Oars")]);
        assert_eq!(st.players[1].piles[Color::Blue.index()].cards.len(), 2);
    }

    #[test]
    fn the_big_bang_repeats_while_the_blue_card_changes_something() {
        let mut st = empty_table();
        // Writing ("Draw a {2}") always changes something: the repeats end when the draws run
        // past 11 and the game ends.
        place(&mut st, "Writing", |st, c| st.players[0].piles[Color::Blue.index()].cards.push(c));
        let (r, _) = run_through(&st, |ctx| ctx.run_effect(id("The Big Bang"), 0, 0, 0, Mode::Dogma));
        assert!(matches!(r, Err(Stop::GameOver(_))), "{r:?}");
        // Without a top blue card nothing happens, once.
        let (r, after) = run_through(&empty_table(), |ctx| ctx.run_effect(id("The Big Bang"), 0, 0, 0, Mode::Dogma));
        assert_eq!(r, Ok(()));
        assert_eq!(after.junk.len(), 0);
    }
}

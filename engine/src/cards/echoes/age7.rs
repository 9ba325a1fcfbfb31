//! The Echoes cards of age 7.

use super::age1::may_junk_deck;
use crate::card::Slot;
use crate::cards::prelude::*;
use crate::derived;
use crate::prompt::{AnswerKind, Choice, Prompt};

pub fn register(r: &mut Registry) {
    r.echo_card("Machine Gun", machine_gun_echo, &[machine_gun_demand, machine_gun]);
    r.echo_card("Rubber", rubber_echo, &[rubber_score, rubber_splay, rubber_forecast]);
    r.echo_card("Elevator", elevator_echo, &[elevator]);
    r.card("Fertilizer", &[fertilizer_transfer, fertilizer_foreshadow]);
    r.echo_card("Jeans", jeans_echo, &[jeans_meld, jeans_junk, jeans_forecast]);
    r.card("Telegraph", &[telegraph_match, telegraph_splay, telegraph_forecast]);
    r.echo_card("Photography", photography_echo, &[photography_demand, photography]);
    r.card("Typewriter", &[typewriter]);
    r.echo_card("Ice Cream", ice_cream_echo, &[ice_cream_demand, ice_cream]);
    r.card("Saxophone", &[saxophone_splay, saxophone]);
}

/// Whether a card prints a bonus icon ("a top card with a bonus", "without a bonus").
pub(super) fn has_bonus(c: CardId) -> bool {
    card(c).slots.iter().any(|s| matches!(s, Slot::Bonus(_)))
}

/// "Junk N available achievements": the available achievements are the standard ones (face down,
/// chosen by their back) and the special ones (rulebook, Available Achievement). With N or fewer
/// available, all are junked without a question.
pub(super) fn junk_available_achievements(ctx: &mut Ctx, p: PlayerId, n: usize, why: &str) -> Res<()> {
    if n == 0 {
        return Ok(());
    }
    let standard = ctx.available_achievements();
    let specials = ctx.st.specials.clone();
    if standard.len() + specials.len() <= n {
        for c in standard {
            ctx.junk_achievement(p, c)?;
        }
        for s in specials {
            ctx.junk_special(p, s)?;
        }
        return Ok(());
    }
    // Up to N standard achievements of one back stay pickable (they are alike face down).
    let mut backs: Vec<(u8, Set)> = Vec::new();
    let mut options: Vec<Choice> = Vec::new();
    for c in standard {
        let back = (card(c).age, card(c).set);
        if backs.iter().filter(|b| **b == back).count() < n {
            backs.push(back);
            options.push(Choice::Card(c));
        }
    }
    options.extend(specials.into_iter().map(Choice::Special));
    let prompt =
        Prompt { player: p, kind: AnswerKind::Cards, options, min: n, max: n, reason: ctx.because(why), on_behalf_of: None, about: None };
    for choice in ctx.ask(prompt)? {
        match choice {
            Choice::Card(c) => {
                ctx.junk_achievement(p, c)?;
            }
            Choice::Special(s) => {
                ctx.junk_special(p, s)?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// If you have five top cards, draw and score a {7}.
fn machine_gun_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.top_cards(e.you).len() == 5 {
        ctx.draw_and_score(e.you, e.age(7))?;
    }
    Ok(())
}

/// I demand you transfer a top card with a bonus of each color from your board to my score pile!
/// If you transfer any, junk four available achievements, and draw a {7}!
fn machine_gun_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let with_bonus: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| has_bonus(*c)).collect();
    if !ctx.transfer_all(e.you, &with_bonus, Dest::Score(e.me))?.is_empty() {
        junk_available_achievements(ctx, e.you, 4, "junk four available achievements")?;
        ctx.draw(e.you, e.age(7))?;
    }
    Ok(())
}

/// Return your top card of each non-red color.
fn machine_gun(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Red).collect();
    ctx.return_all(e.you, &tops)?;
    Ok(())
}

/// Draw and tuck two {8}.
fn rubber_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    for _ in 0..2 {
        ctx.draw_and_tuck(e.you, e.age(8))?;
    }
    Ok(())
}

/// Score a top card from your board without a bonus.
fn rubber_score(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let without: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !has_bonus(*c)).collect();
    if let Some(c) = ctx.choose_card(e.you, &without, false, "score a top card from your board without a bonus")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// You may splay your red cards up.
fn rubber_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Red, Splay::Up)?;
    Ok(())
}

/// If Rubber was foreseen, foreshadow a top card on your board.
fn rubber_forecast(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        if let Some(c) = ctx.choose_card(e.you, &ctx.top_cards(e.you), false, "foreshadow a top card on your board")? {
            ctx.foreshadow(e.you, c)?;
        }
    }
    Ok(())
}

/// Score your top or bottom green card.
fn elevator_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let ends: Vec<CardId> = [ctx.top(e.you, Color::Green), ctx.bottom(e.you, Color::Green)].into_iter().flatten().collect();
    if let Some(c) = ctx.choose_card(e.you, &ends, false, "score your top or bottom green card")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Choose a value present in your score pile. Choose to score all cards of the chosen value from
/// either all opponents' hands or all their score piles. Draw and foreshadow a card of the chosen
/// value.
fn elevator(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut present: Vec<u8> = ctx.score_pile(e.you).iter().map(|c| card(*c).age).collect();
    present.sort_unstable();
    present.dedup();
    // With no value present in the score pile there is no chosen value: nothing follows.
    let Some(v) = ctx.choose_value(e.you, &present, "choose a value present in your score pile")? else { return Ok(()) };
    ctx.sentence(2)?;
    let labels = ["all opponents' hands", "all their score piles"];
    let why = format!("choose to score all cards of value {v} from either all opponents' hands or all their score piles");
    if let Some(i) = ctx.choose_option(e.you, &labels, false, &why)? {
        let cards: Vec<CardId> = ctx
            .opponents(e.you)
            .into_iter()
            .flat_map(|q| if i == 0 { ctx.hand(q) } else { ctx.score_pile(q) })
            .filter(|c| card(*c).age == v)
            .collect();
        ctx.score_all(e.you, &cards)?;
    }
    ctx.sentence(3)?;
    ctx.draw_and_foreshadow(e.you, v)?;
    Ok(())
}

/// You may return a card from your hand. If you do, transfer all cards from all score piles to
/// your hand of value equal to the returned card.
fn fertilizer_transfer(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let returned = match ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may return a card from your hand")? {
        Some(c) if ctx.return_card(e.you, c)? => Some(c),
        _ => None,
    };
    ctx.sentence(2)?;
    if let Some(r) = returned {
        let v = card(r).age;
        // "All score piles": the player's own too.
        let cards: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|q| of_value(&ctx.score_pile(q), v)).collect();
        ctx.transfer_all(e.you, &cards, Dest::Hand(e.you))?;
    }
    Ok(())
}

/// Draw and foreshadow a card of value equal to the number of cards in your hand.
fn fertilizer_foreshadow(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.hand(e.you).len().min(u8::MAX as usize) as u8;
    ctx.draw_and_foreshadow(e.you, n)?;
    Ok(())
}

/// Draw two {8}. Return one, foreshadow the other.
fn jeans_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_n(e.you, e.age(8), 2)?;
    let in_hand: Vec<CardId> = drawn.into_iter().filter(|c| ctx.hand(e.you).contains(c)).collect();
    let Some(back) = ctx.choose_card(e.you, &in_hand, false, "return one of the two drawn cards (the other is foreshadowed)")? else {
        return Ok(());
    };
    ctx.return_card(e.you, back)?;
    for c in in_hand.into_iter().filter(|c| *c != back) {
        ctx.foreshadow(e.you, c)?;
    }
    Ok(())
}

/// Draw and reveal two cards of value equal to your top blue card. Meld one, and return the other.
fn jeans_meld(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let v = value(ctx.top(e.you, Color::Blue));
    let drawn = vec![ctx.draw_and_reveal(e.you, v)?, ctx.draw_and_reveal(e.you, v)?];
    ctx.sentence_on(2, &drawn)?;
    let in_hand: Vec<CardId> = drawn.into_iter().filter(|c| ctx.hand(e.you).contains(c)).collect();
    let Some(m) = ctx.choose_card(e.you, &in_hand, false, "meld one of the revealed cards, and return the other")? else { return Ok(()) };
    ctx.meld(e.you, m)?;
    let rest: Vec<CardId> = in_hand.into_iter().filter(|c| *c != m).collect();
    ctx.return_all(e.you, &rest)?;
    Ok(())
}

/// Junk all cards in the {7} or {8} deck.
fn jeans_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let (a, b) = (e.age(7), e.age(8));
    if let Some(v) = ctx.choose_value(e.you, &[a, b], &format!("junk all cards in the {a} or {b} deck"))? {
        ctx.junk_deck(e.you, v)?;
    }
    Ok(())
}

/// If Jeans was foreseen, transfer a valued card in the junk to your hand.
fn jeans_forecast(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        // Every card in the junk has a value (junked special achievements are not cards).
        let junk = ctx.st.junk.clone();
        if let Some(c) = ctx.choose_card(e.you, &junk, false, "transfer a valued card in the junk to your hand")? {
            ctx.transfer(e.you, c, Dest::Hand(e.you))?;
        }
    }
    Ok(())
}

/// You may choose another player and a color, and match your splay in that color to theirs.
fn telegraph_match(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let others = ctx.others(e.you);
    let why = "you may choose another player and a color, and match your splay in that color to theirs";
    let Some(q) = ctx.choose_player(e.you, &others, true, why)? else { return Ok(()) };
    let why = format!("choose a color: match your splay in that color to {}'s", ctx.name(q));
    let Some(col) = ctx.choose_color(e.you, &Color::ALL, false, &why)? else { return Ok(()) };
    // Matching an unsplayed pile unsplays mine.
    match ctx.splay_of(q, col) {
        Splay::None => ctx.unsplay(e.you, col)?,
        dir => ctx.splay(e.you, col, dir)?,
    };
    Ok(())
}

/// You may splay your blue cards up.
fn telegraph_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Blue, Splay::Up)?;
    Ok(())
}

/// If Telegraph was foreseen, splay all your splayed colors up.
fn telegraph_forecast(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        for col in Color::ALL {
            if ctx.splay_of(e.you, col) != Splay::None {
                ctx.splay(e.you, col, Splay::Up)?;
            }
        }
    }
    Ok(())
}

/// Meld a card from your forecast.
fn photography_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.forecast(e.you), false, "meld a card from your forecast")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// I demand you transfer your highest top card to your hand!
fn photography_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let high = highest(&ctx.top_cards(e.you));
    if let Some(c) = ctx.choose_card(e.you, &high, false, "transfer your highest top card to your hand")? {
        ctx.transfer(e.you, c, Dest::Hand(e.you))?;
    }
    Ok(())
}

/// If you have at least three echo effects visible in one color, claim the History achievement.
/// If you do, and Photography was foreseen, you win.
fn photography(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut claimed = false;
    if Color::ALL.into_iter().any(|col| ctx.echo_effects_in(e.you, col) >= 3) {
        claimed = ctx.claim_special(e.you, Special::History)?;
    }
    ctx.sentence(2)?;
    if claimed && ctx.foreseen(e) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Return all cards from your hand, then draw a {6}. For each color of card you return, draw a
/// card of value one higher than the highest card in your hand.
fn typewriter(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut colors: Vec<Color> = ctx.return_all(e.you, &ctx.hand(e.you))?.into_iter().map(color).collect();
    colors.sort_by_key(|c| c.index());
    colors.dedup();
    ctx.draw(e.you, e.age(6))?;
    ctx.sentence(2)?;
    // "The highest card in your hand" is read again before each draw.
    for _ in colors {
        let v = value(highest(&ctx.hand(e.you)).first().copied());
        ctx.draw(e.you, v + 1)?;
    }
    Ok(())
}

/// Score a non-purple top card from your board without a bonus.
fn ice_cream_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let tops: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Purple && !has_bonus(*c)).collect();
    if let Some(c) = ctx.choose_card(e.you, &tops, false, "score a non-purple top card from your board without a bonus")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// I demand you draw and meld a {1}!
fn ice_cream_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_meld(e.you, e.age(1))?;
    Ok(())
}

/// Choose the {6}, {7}, {8}, or {9} deck. You may junk all cards in the chosen deck. If you do,
/// achieve the highest card in the junk if eligible.
fn ice_cream(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let decks = [e.age(6), e.age(7), e.age(8), e.age(9)];
    let why = format!("choose the {}, {}, {}, or {} deck", decks[0], decks[1], decks[2], decks[3]);
    let Some(v) = ctx.choose_value(e.you, &decks, &why)? else { return Ok(()) };
    ctx.sentence(2)?;
    // An empty deck has nothing to junk: no question.
    let junked = may_junk_deck(ctx, e.you, v)?;
    ctx.sentence(3)?;
    if !junked {
        return Ok(());
    }
    // Eligible as for an achievement of the card's value: points (bonuses included) and a top card.
    let high = highest(&ctx.st.junk);
    let Some(top_value) = high.first().map(|c| card(*c).age) else { return Ok(()) };
    if !derived::eligible_for(ctx.st, e.you, top_value) {
        return Ok(());
    }
    if let Some(c) = ctx.choose_card(e.you, &high, false, "achieve the highest card in the junk")? {
        ctx.achieve(e.you, c)?;
    }
    Ok(())
}

/// You may splay your purple cards up.
fn saxophone_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Purple, Splay::Up)?;
    Ok(())
}

/// The four cards printing a music note.
const MUSIC: [&str; 4] = ["Bell", "Flute", "Piano", "Saxophone"];

/// Whether a card's music note is visible: it is printed in the card image (the hexagon's slot), so
/// it shows on a top card, and on a covered card whose splay reveals that slot.
fn note_visible(st: &crate::state::State, c: CardId) -> bool {
    let Some(Zone::Pile(owner, col)) = st.locate(c) else { return false };
    let pile = st.pile(owner, col);
    let Some(slot) = card(c).hex_slot() else { return false };
    pile.top() == Some(c) || pile.splay.revealed_slots(card(c).slots.len()).contains(&slot)
}

/// If the [music note] for Bell, Flute, Piano, and Saxophone are visible anywhere, you win.
/// Otherwise, draw a {7} for each [music note] that is visible.
fn saxophone(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let db = crate::card::CardDb::get();
    let visible = MUSIC.iter().filter_map(|t| db.by_title(t)).filter(|c| note_visible(ctx.st, *c)).count();
    if visible == MUSIC.len() {
        return Err(ctx.win(e.you));
    }
    ctx.sentence(2)?;
    ctx.draw_n(e.you, e.age(7), visible)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The Echoes cards of ages 7 to 9 (this module and `age8`, `age9`) on a busy table: every effect
    //! ends as an effect may, and every sentence executed alone (Teleprompter) stays in its gate.
    use super::*;
    use crate::card::CardDb;
    use crate::cards::testing::{ends_well, run_through};
    use crate::ctx::{Mode, ECHO};
    use crate::game::{Game, GameConfig};
    use crate::state::State;

    fn id(t: &str) -> CardId {
        CardDb::get().by_title(t).unwrap()
    }

    /// Three players with cards of ages 1 to 9 of both sets in hands, score piles, boards (some
    /// splayed, so covered echo effects show) and forecasts.
    fn busy_table() -> State {
        let config = GameConfig::new(&["ann", "bo", "cy"], 7).with_expansions(&[Set::Echoes]);
        let mut st = Game::initial_state(&config).unwrap();
        for p in 0..3 {
            for a in 1..=9u8 {
                for set in [Set::Base, Set::Echoes] {
                    let c = st.deck_mut(set, a).pop().unwrap();
                    match (a as usize + p) % 4 {
                        0 => st.players[p].hand.push(c),
                        1 => st.players[p].score.push(c),
                        2 => st.players[p].forecast.push(c),
                        _ => st.players[p].piles[card(c).color.index()].cards.push(c),
                    }
                }
            }
            for pile in st.players[p].piles.iter_mut().filter(|pile| pile.len() >= 2) {
                pile.splay = if p == 1 { Splay::Up } else { Splay::Right };
            }
        }
        st
    }

    fn ours() -> Vec<CardId> {
        CardDb::get().cards.iter().filter(|c| c.set == Set::Echoes && (7..=9).contains(&c.age)).map(|c| c.id).collect()
    }

    #[test]
    fn every_effect_of_ages_7_to_9_runs_on_a_busy_table() {
        let table = busy_table();
        let mut runs = 0;
        for c in ours() {
            let info = card(c);
            let mut effects: Vec<usize> = (0..info.effects.len()).collect();
            if info.echo.is_some() {
                effects.push(ECHO);
            }
            for i in effects {
                let demand = i != ECHO && info.effects[i].kind.is_demand();
                let (you, me) = if demand { (1, 0) } else { (0, 0) };
                let (r, st) = run_through(&table, |ctx| ctx.run_effect(c, i, you, me, Mode::Dogma));
                assert!(ends_well(&r), "{} effect {i}: {r:?}", info.title);
                // Every card is still somewhere, once.
                let (mut before, mut after) = (table.all_cards(), st.all_cards());
                before.sort();
                after.sort();
                assert_eq!(before, after, "{} effect {i}", info.title);
                runs += 1;
            }
        }
        assert_eq!(runs, 59 + 18, "the 59 dogma effects and 18 echo effects of the 30 cards");
    }

    #[test]
    fn every_sentence_of_ages_7_to_9_executes_alone() {
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
        assert!(runs >= 60, "{runs} sentences executed");
    }

    #[test]
    fn a_music_note_shows_where_the_card_image_shows() {
        let mut st = Game::initial_state(&GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Echoes])).unwrap();
        // Piano (image bottom-middle) under Saxophone: an up splay shows it, a left splay does not.
        for t in ["Piano", "Saxophone"] {
            st.remove(id(t));
            st.players[0].piles[Color::Purple.index()].cards.push(id(t));
        }
        assert!(note_visible(&st, id("Saxophone")), "a top card");
        st.players[0].piles[Color::Purple.index()].splay = Splay::Left;
        assert!(!note_visible(&st, id("Piano")));
        st.players[0].piles[Color::Purple.index()].splay = Splay::Up;
        assert!(note_visible(&st, id("Piano")));
        st.remove(id("Flute"));
        st.players[1].hand.push(id("Flute"));
        assert!(!note_visible(&st, id("Flute")), "a card in hand");
    }

    #[test]
    fn junking_four_available_achievements_takes_special_ones_too() {
        let mut st = Game::initial_state(&GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Echoes])).unwrap();
        let names: Vec<String> = ["ann", "bo"].iter().map(|s| s.to_string()).collect();
        st.achievements.truncate(2);
        st.specials = vec![Special::History, Special::Wealth];
        let mut ctx = Ctx::new(&mut st, &names, &[]);
        junk_available_achievements(&mut ctx, 1, 4, "junk four").unwrap();
        assert!(ctx.st.achievements.is_empty() && ctx.st.specials.is_empty());
        assert_eq!((ctx.st.junk.len(), ctx.st.junked_specials.len()), (2, 2));
        // With more available than four, the player chooses (by back, or the special achievement).
        ctx.st.specials = vec![Special::History, Special::Wealth, Special::Heritage];
        let two = std::mem::take(&mut ctx.st.junk);
        ctx.st.achievements = two;
        match junk_available_achievements(&mut ctx, 1, 4, "junk four") {
            Err(Stop::Ask(p)) => assert_eq!((p.options.len(), p.min, p.max, p.player), (5, 4, 4, 1)),
            other => panic!("{other:?}"),
        }
    }
}

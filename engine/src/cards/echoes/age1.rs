//! The Echoes cards of age 1.

use crate::card::Slot;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::primitives::DrawFrom;

pub fn register(r: &mut Registry) {
    r.echo_card("Bangle", bangle_echo, &[bangle, bangle_forecast]);
    r.echo_card("Candles", candles_echo, &[candles_demand]);
    r.echo_card("Plumbing", plumbing_echo, &[plumbing]);
    r.echo_card("Chopsticks", chopsticks_echo, &[chopsticks]);
    r.card("Noodles", &[noodles, noodles_reveal]);
    r.card("Soap", &[soap]);
    r.card("Comb", &[comb]);
    r.card("Ice Skates", &[ice_skates_foreseen, ice_skates]);
    r.echo_card("Umbrella", umbrella_echo, &[umbrella]);
    r.card("Dice", &[dice, dice_foreseen]);
    r.echo_card("Perfume", perfume_echo, &[perfume_demand]);
    r.echo_card("Ruler", ruler_echo, &[ruler]);
    r.echo_card("Bell", bell_echo, &[bell, bell_foreseen]);
    r.echo_card("Flute", flute_echo, &[flute_demand, flute]);
    r.card("Puppet", &[puppet]);
}

// ---------- shared by several Echoes cards ----------

/// An expansion card: any card not of the base set.
pub(super) fn is_expansion(c: CardId) -> bool {
    card(c).set != Set::Base
}

/// The bonus printed on a card, if any ("if the card has a bonus", "its bonus").
pub(super) fn bonus_of(c: CardId) -> Option<u8> {
    card(c).slots.iter().find_map(|s| if let Slot::Bonus(v) = s { Some(*v) } else { None })
}

/// A player's bonus points: "your highest bonus is worth its value in points; each other bonus
/// is worth one point".
pub(super) fn bonus_points(ctx: &Ctx, p: PlayerId) -> u32 {
    let b = ctx.bonuses(p);
    b.first().map_or(0, |h| *h as u32 + (b.len() as u32 - 1))
}

/// "You may junk all cards in the {N} deck": asked only when that deck holds a card (with nothing
/// to junk there is nothing to choose). Returns whether any card was junked ("if you do").
pub(super) fn may_junk_deck(ctx: &mut Ctx, p: PlayerId, age: u8) -> Res<bool> {
    if ctx.top_of_deck(age).is_none() || !ctx.yes_no(p, &format!("you may junk all cards in the {age} deck"))? {
        return Ok(false);
    }
    // Only this deck's junking counts: "if clauses ignore anything that happened during a
    // triggered Karma effect" (a karma's "instead" junks nothing here).
    let (m, cause) = (ctx.mark(), ctx.cause());
    ctx.junk_deck(p, age)?;
    Ok(ctx.since(m).iter().any(|h| h.act == Act::Junk && h.cause == cause))
}

/// "Achieve the highest card in the junk if eligible": the player chooses among cards tied for
/// the highest value, if eligible for that value.
pub(super) fn achieve_highest_in_junk(ctx: &mut Ctx, p: PlayerId) -> Res<()> {
    let top = highest(&ctx.st.junk.clone());
    let Some(v) = top.first().map(|c| card(*c).age) else { return Ok(()) };
    if !crate::derived::eligible_for(ctx.st, p, v) {
        return Ok(());
    }
    if let Some(c) = ctx.choose_card(p, &top, false, "achieve the highest card in the junk")? {
        ctx.achieve(p, c)?;
    }
    Ok(())
}

// ---------- the cards ----------

/// Tuck a {1} from your hand.
fn bangle_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let why = format!("tuck {} from your hand", a_value(e.age(1)));
    if let Some(c) = ctx.choose_card(e.you, &of_value(&ctx.hand(e.you), e.age(1)), false, &why)? {
        ctx.tuck(e.you, c)?;
    }
    Ok(())
}

/// Choose to either draw and foreshadow a {2}, or tuck a {2} from your forecast.
fn bangle(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let twos = of_value(&ctx.forecast(e.you), e.age(2));
    let draw = format!("draw and foreshadow a {{{}}}", e.age(2));
    let tuck = format!("tuck a {{{}}} from your forecast", e.age(2));
    // With no {2} in the forecast there is nothing to tuck: only the draw can be done.
    let labels: Vec<&str> = if twos.is_empty() { vec![draw.as_str()] } else { vec![draw.as_str(), tuck.as_str()] };
    let why = format!("choose to either draw and foreshadow {0}, or tuck {0} from your forecast", a_value(e.age(2)));
    match ctx.choose_option(e.you, &labels, false, &why)? {
        Some(1) => {
            let why = format!("tuck {} from your forecast", a_value(e.age(2)));
            if let Some(c) = ctx.choose_card(e.you, &twos, false, &why)? {
                ctx.tuck(e.you, c)?;
            }
        }
        Some(_) => {
            ctx.draw_and_foreshadow(e.you, e.age(2))?;
        }
        None => {}
    }
    Ok(())
}

/// If you have no cards in your forecast, draw and foreshadow a {3}.
fn bangle_forecast(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.forecast(e.you).is_empty() {
        ctx.draw_and_foreshadow(e.you, e.age(3))?;
    }
    Ok(())
}

/// If no player has fewer points than you, draw a {3}.
fn candles_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mine = ctx.score_total(e.you);
    if ctx.st.active_players().into_iter().all(|q| ctx.score_total(q) >= mine) {
        ctx.draw(e.you, e.age(3))?;
    }
    Ok(())
}

/// I demand you transfer a card with [authority] or [concept] from your hand to my hand! If you do, draw a {1}!
fn candles_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| has_icon(*c, Icon::Authority) || has_icon(*c, Icon::Concept)).collect();
    let why = format!("transfer a card with [authority] or [concept] from your hand to {}'s hand", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        if ctx.transfer(e.you, c, Dest::Hand(e.me))? {
            ctx.draw(e.you, e.age(1))?;
        }
    }
    Ok(())
}

/// Score the bottom blue card from your board.
fn plumbing_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.bottom(e.you, Color::Blue) {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Junk all cards in the {1} deck.
fn plumbing(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.junk_deck(e.you, e.age(1))
}

/// You may draw and foreshadow a {1}.
fn chopsticks_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.yes_no(e.you, &format!("you may draw and foreshadow {}", a_value(e.age(1))))? {
        ctx.draw_and_foreshadow(e.you, e.age(1))?;
    }
    Ok(())
}

/// You may junk all cards in the {1} deck. If you do, achieve the highest card in the junk if eligible.
fn chopsticks(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !may_junk_deck(ctx, e.you, e.age(1))? {
        return Ok(());
    }
    ctx.sentence(2)?;
    achieve_highest_in_junk(ctx, e.you)
}

/// If you have more {1} in your hand than every opponent, draw and score a {2}.
fn noodles(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let ones = |ctx: &Ctx, p: PlayerId| of_value(&ctx.hand(p), e.age(1)).len();
    let mine = ones(ctx, e.you);
    if ctx.opponents(e.you).into_iter().all(|q| ones(ctx, q) < mine) {
        ctx.draw_and_score(e.you, e.age(2))?;
    }
    Ok(())
}

/// Draw and reveal a {1}. If it is yellow, score all {1} from your hand.
fn noodles_reveal(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(1))?;
    ctx.sentence_on(2, &[c])?;
    if color(c) == Color::Yellow {
        let ones = of_value(&ctx.hand(e.you), e.age(1));
        ctx.score_all(e.you, &ones)?;
    }
    Ok(())
}

/// Choose a color. You may tuck any number of cards of that color from your hand. If you do, and your top card of that color is higher than each opponent's, you may achieve (if eligible) a card from your hand.
fn soap(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let col = ctx.choose_color(e.you, &Color::ALL, false, "choose a color")?;
    ctx.sentence(2)?;
    let Some(col) = col else { return Ok(()) };
    let cards = of_color(&ctx.hand(e.you), col);
    let why = format!("you may tuck any number of {col} cards from your hand");
    let chosen = ctx.choose_cards(e.you, &cards, 0, cards.len(), &why)?;
    let tucked = ctx.tuck_all(e.you, &chosen)?;
    ctx.sentence(3)?;
    if tucked.is_empty() {
        return Ok(());
    }
    // An opponent without a card of that colour has a top card of value 0 there.
    let mine = value(ctx.top(e.you, col));
    if !ctx.opponents(e.you).into_iter().all(|q| value(ctx.top(q, col)) < mine) {
        return Ok(());
    }
    let eligible: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| crate::derived::eligible_for(ctx.st, e.you, card(*c).age)).collect();
    if let Some(c) = ctx.choose_card(e.you, &eligible, true, "you may achieve (if eligible) a card from your hand")? {
        ctx.achieve(e.you, c)?;
    }
    Ok(())
}

/// Choose a color, then draw and reveal five {1}. Return the drawn cards that do not match the chosen color. If Comb was foreseen, return all cards of the chosen color from all boards.
fn comb(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let col = ctx.choose_color(e.you, &Color::ALL, false, "choose a color")?;
    let mut drawn = Vec::new();
    for _ in 0..5 {
        drawn.push(ctx.draw_and_reveal(e.you, e.age(1))?);
    }
    ctx.sentence_on(2, &drawn)?;
    let Some(col) = col else { return Ok(()) };
    // The drawn cards still in the hand (an effect of the draw may have moved one).
    let hand = ctx.hand(e.you);
    let other: Vec<CardId> = drawn.iter().copied().filter(|c| color(*c) != col && hand.contains(c)).collect();
    ctx.return_all(e.you, &other)?;
    ctx.sentence(3)?;
    if ctx.foreseen(e) {
        let cards: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|p| ctx.pile_cards(p, col)).collect();
        ctx.return_all(e.you, &cards)?;
    }
    Ok(())
}

/// If Ice Skates was foreseen, junk all cards in the {1} deck and {2} deck.
fn ice_skates_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        ctx.junk_deck(e.you, e.age(1))?;
        ctx.junk_deck(e.you, e.age(2))?;
    }
    Ok(())
}

/// Return up to two cards from your hand. For each card you return, either draw and meld a {2}, or draw and foreshadow a {3}.
fn ice_skates(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let chosen = ctx.choose_cards(e.you, &ctx.hand(e.you), 0, 2, "return up to two cards from your hand")?;
    let returned = ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    let meld = format!("draw and meld a {{{}}}", e.age(2));
    let foreshadow = format!("draw and foreshadow a {{{}}}", e.age(3));
    let why = format!("either draw and meld {}, or draw and foreshadow {}", a_value(e.age(2)), a_value(e.age(3)));
    for _ in 0..returned.len() {
        match ctx.choose_option(e.you, &[meld.as_str(), foreshadow.as_str()], false, &why)? {
            Some(0) => {
                ctx.draw_and_meld(e.you, e.age(2))?;
            }
            Some(_) => {
                ctx.draw_and_foreshadow(e.you, e.age(3))?;
            }
            None => {}
        }
    }
    Ok(())
}

/// You may meld a card from your hand.
fn umbrella_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may meld a card from your hand")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// Return any number of cards from your hand. Score two cards from your hand for every card you return.
fn umbrella(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    let chosen = ctx.choose_cards(e.you, &hand, 0, hand.len(), "return any number of cards from your hand")?;
    let returned = ctx.return_all(e.you, &chosen)?;
    ctx.sentence(2)?;
    let n = 2 * returned.len();
    if n == 0 {
        return Ok(());
    }
    let why = format!("score {n} cards from your hand");
    let scored = ctx.choose_cards(e.you, &ctx.hand(e.you), n, n, &why)?;
    ctx.score_all(e.you, &scored)?;
    Ok(())
}

/// Draw and reveal a Echoes {1}. If the card has a bonus, draw and meld a card of value equal to its bonus.
fn dice(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_from(e.you, e.age(1), DrawFrom::Set(Set::Echoes))?;
    ctx.reveal(e.you, c)?;
    ctx.sentence_on(2, &[c])?;
    if let Some(b) = bonus_of(c) {
        ctx.draw_and_meld(e.you, b)?;
    }
    Ok(())
}

/// If Dice was foreseen, draw a {4}, then transfer it to the hand of an opponent with more bonus points than you.
fn dice_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if !ctx.foreseen(e) {
        return Ok(());
    }
    let c = ctx.draw(e.you, e.age(4))?;
    let mine = bonus_points(ctx, e.you);
    let more: Vec<PlayerId> = ctx.opponents(e.you).into_iter().filter(|q| bonus_points(ctx, *q) > mine).collect();
    if let Some(q) = ctx.choose_player(e.you, &more, false, "transfer it to the hand of an opponent with more bonus points than you")? {
        ctx.transfer(e.you, c, Dest::Hand(q))?;
    }
    Ok(())
}

/// Draw and tuck a {1}. If it has [authority], repeat this effect.
fn perfume_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        let c = ctx.draw_and_tuck(e.you, e.age(1))?;
        if !has_icon(c, Icon::Authority) {
            return Ok(());
        }
    }
}

/// I demand you transfer a top card of different value from any top card on my board from your board to mine! If you do, draw and meld a card of equal value!
fn perfume_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mine: Vec<u8> = ctx.top_cards(e.me).into_iter().map(|c| card(c).age).collect();
    let cands: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| !mine.contains(&card(*c).age)).collect();
    let why = format!("transfer a top card of different value from any top card on {}'s board to their board", ctx.name(e.me));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, &why)? {
        if ctx.transfer(e.you, c, Dest::Board(e.me))? {
            ctx.draw_and_meld(e.you, card(c).age)?;
        }
    }
    Ok(())
}

/// Draw a {2}.
fn ruler_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(2))?;
    Ok(())
}

/// Draw two Echoes {1}. Foreshadow one of them and return the other.
fn ruler(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn =
        vec![ctx.draw_from(e.you, e.age(1), DrawFrom::Set(Set::Echoes))?, ctx.draw_from(e.you, e.age(1), DrawFrom::Set(Set::Echoes))?];
    ctx.sentence_on(2, &drawn)?;
    let hand = ctx.hand(e.you);
    let held: Vec<CardId> = drawn.into_iter().filter(|c| hand.contains(c)).collect();
    let Some(f) = ctx.choose_card(e.you, &held, false, "foreshadow one of them (the other is returned)")? else { return Ok(()) };
    ctx.foreshadow(e.you, f)?;
    for c in held.into_iter().filter(|c| *c != f) {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// You may score a card from your hand.
fn bell_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.hand(e.you), true, "you may score a card from your hand")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// Draw and foreshadow a {1} and {2}.
fn bell(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_foreshadow(e.you, e.age(1))?;
    ctx.draw_and_foreshadow(e.you, e.age(2))?;
    Ok(())
}

/// If Bell was foreseen, return all cards from all hands.
fn bell_foreseen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.foreseen(e) {
        let cards: Vec<CardId> = ctx.st.active_players().into_iter().flat_map(|p| ctx.hand(p)).collect();
        ctx.return_all(e.you, &cards)?;
    }
    Ok(())
}

/// You may splay one color of your cards left.
fn flute_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let can = ctx.splayable(e.you, Splay::Left);
    if let Some(col) = ctx.choose_color(e.you, &can, true, "you may splay one color of your cards left")? {
        ctx.splay(e.you, col, Splay::Left)?;
    }
    Ok(())
}

/// I demand you return an expansion card from your hand!
fn flute_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| is_expansion(*c)).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "return an expansion card from your hand")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Draw and reveal an Echoes {1}. If it has a bonus, draw a {1}.
fn flute(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_from(e.you, e.age(1), DrawFrom::Set(Set::Echoes))?;
    ctx.reveal(e.you, c)?;
    ctx.sentence_on(2, &[c])?;
    if bonus_of(c).is_some() {
        ctx.draw(e.you, e.age(1))?;
    }
    Ok(())
}

/// Junk an available achievement of value equal to the value of a card in your score pile.
fn puppet(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let values: Vec<u8> = ctx.score_pile(e.you).into_iter().map(|c| card(c).age).collect();
    let why = "junk an available achievement of value equal to the value of a card in your score pile";
    ctx.junk_an_available_achievement(e.you, &values, false, why)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The Echoes cards of ages 1 to 3 (this module and `age2`, `age3`) on busy tables: every
    //! sentence executed alone, and every card used in a Dogma action (foreseen or not) and
    //! self-executed, each question answered with its first or its last options, end as an effect
    //! may (done, or the game over) and never panic, desync or stop on something unimplemented.
    use crate::card::{card, CardId, Set};
    use crate::cards::testing::{answering, cards_of, execute_every_sentence_alone, fine};
    use crate::game::{Game, GameConfig};
    use crate::state::{Splay, State};

    /// Three players, each with cards of ages 1 to 4 of both sets in hand, score pile, board and
    /// forecast; `splay` on every pile.
    fn busy_table(seed: u64, splay: Splay) -> State {
        let config = GameConfig::new(&["ann", "bo", "cy"], seed).with_expansions(&[Set::Echoes]);
        let mut table = Game::initial_state(&config).unwrap();
        for p in 0..3 {
            for a in 1..=4u8 {
                for set in [Set::Base, Set::Echoes] {
                    for k in 0..2u8 {
                        let Some(c) = table.deck_mut(set, a).pop() else { continue };
                        match (a + k + p as u8) % 4 {
                            0 => table.players[p].hand.push(c),
                            1 => table.players[p].score.push(c),
                            2 => table.players[p].forecast.push(c),
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

    fn cards_of_ages_1_to_3() -> Vec<CardId> {
        cards_of(Set::Echoes, 1..=3)
    }

    #[test]
    fn every_sentence_executes_alone() {
        let tables = [busy_table(1, Splay::Right), busy_table(2, Splay::Right)];
        let runs = execute_every_sentence_alone(&tables, &cards_of_ages_1_to_3());
        assert!(runs > 100, "{runs} sentences executed");
    }

    #[test]
    fn every_card_runs_in_a_dogma_action_and_self_executed() {
        for (seed, splay) in [(3, Splay::None), (4, Splay::Left), (5, Splay::Up), (6, Splay::Aslant)] {
            let base = busy_table(seed, splay);
            for c in cards_of_ages_1_to_3() {
                // The card on top of its pile on the first player's board.
                let mut table = base.clone();
                table.remove(c);
                table.players[0].piles[card(c).color.index()].cards.push(c);
                for last in [false, true] {
                    for foreseen in [false, true] {
                        let r = answering(&table, last, |ctx| {
                            ctx.foreseen = foreseen.then_some(c);
                            ctx.dogma_action(0, c).map(drop)
                        });
                        assert!(fine(&r), "{} (foreseen: {foreseen}): {r:?}", card(c).title);
                    }
                    let r = answering(&table, last, |ctx| ctx.self_execute(1, c));
                    assert!(fine(&r), "{} self-executed: {r:?}", card(c).title);
                }
            }
        }
    }
}

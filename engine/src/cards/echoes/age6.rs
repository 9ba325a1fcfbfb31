//! The Echoes cards of age 6.

use crate::cards::prelude::*;
use crate::ctx::Cause;

pub fn register(r: &mut Registry) {
    r.echo_card("Loom", loom_echo, &[loom, loom_heritage]);
    r.card("Shrapnel", &[shrapnel_demand]);
    r.echo_card("Dentures", dentures_echo, &[dentures, dentures_splay]);
    r.echo_card("Morphine", morphine_echo, &[morphine_demand, morphine, morphine_splay]);
    r.echo_card("Hot Air Balloon", hot_air_balloon_echo, &[hot_air_balloon]);
    r.card("Steamboat", &[steamboat_demand]);
    r.echo_card("Bifocals", bifocals_echo, &[bifocals, bifocals_splay]);
    r.echo_card("Stethoscope", stethoscope_echo, &[stethoscope, stethoscope_splay]);
    r.card("Indian Clubs", &[indian_clubs_demand, indian_clubs]);
    r.card("Kaleidoscope", &[kaleidoscope, kaleidoscope_junk]);
}

/// Score your lowest top card.
fn loom_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands = lowest(&ctx.top_cards(e.you));
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "score your lowest top card")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// You may return exactly two cards of different value from your score pile. If you do, draw and tuck three {6}.
fn loom(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let two = choose_two_of_different_value(ctx, e.you)?;
    let returned = ctx.return_all(e.you, &two)?;
    ctx.sentence(2)?;
    if !returned.is_empty() {
        for _ in 0..3 {
            ctx.draw_and_tuck(e.you, e.age(6))?;
        }
    }
    Ok(())
}

/// Loom's "you may return exactly two cards of different value from your score pile": the two
/// cards chosen, or none. One question takes both; an answer of one card is completed by a second
/// of another value, and an answer of two cards of one value is asked again a card at a time.
fn choose_two_of_different_value(ctx: &mut Ctx, p: PlayerId) -> Res<Vec<CardId>> {
    let score = ctx.score_pile(p);
    let distinct = |cards: &[CardId]| cards.iter().any(|c| card(*c).age != card(cards[0]).age);
    if score.is_empty() || !distinct(&score) {
        return Ok(Vec::new());
    }
    let why = "you may return exactly two cards of different value from your score pile";
    let answer = ctx.choose_cards(p, &score, 0, 2, why)?;
    let first = match answer.as_slice() {
        [] => return Ok(Vec::new()),
        [a, b] if card(*a).age != card(*b).age => return Ok(answer),
        [a] => *a,
        _ => match ctx.choose_card(p, &score, true, &format!("{why}: the first card"))? {
            Some(a) => a,
            None => return Ok(Vec::new()),
        },
    };
    let others: Vec<CardId> = score.into_iter().filter(|c| card(*c).age != card(first).age).collect();
    match ctx.choose_card(p, &others, true, &format!("{why}: a card of another value than {}", card(first).age))? {
        Some(second) => Ok(vec![first, second]),
        None => Ok(Vec::new()),
    }
}

/// If you have at least five [hex] on your board in one color, claim the Heritage achievement.
fn loom_heritage(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if Color::ALL.into_iter().any(|c| crate::derived::visible_hexes(ctx.st.pile(e.you, c)) >= 5) {
        ctx.claim_special(e.you, Special::Heritage)?;
    }
    Ok(())
}

/// I demand you draw and tuck a {6}! Transfer your top two cards of its color to my score pile! Score the bottom card of its color on my board!
fn shrapnel_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_tuck(e.you, e.age(6))?;
    let col = color(c);
    let two: Vec<CardId> = ctx.pile_cards(e.you, col).into_iter().take(2).collect();
    ctx.transfer_all(e.you, &two, Dest::Score(e.me))?;
    // "You" score it: it goes to the demanded player's score pile.
    if let Some(b) = ctx.bottom(e.me, col) {
        ctx.score(e.you, b)?;
    }
    Ok(())
}

/// Draw and tuck a {6}.
fn dentures_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_tuck(e.you, e.age(6))?;
    Ok(())
}

/// Score the top two non-bottom cards of the color of the last card you tucked due to Dentures. If there are none to score, draw and tuck a {6}, then repeat this effect.
fn dentures(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        // Tucked due to Dentures during this action: by its echo effect or by this effect.
        let last = ctx
            .since(0)
            .iter()
            .rev()
            .find(|h| h.by == e.you && h.act == Act::Tuck && h.during.is_some_and(|(c, _)| c == e.card))
            .and_then(|h| h.card);
        let two: Vec<CardId> = match last {
            Some(t) => {
                let pile = ctx.pile_cards(e.you, color(t));
                let non_bottom = pile.len().saturating_sub(1);
                pile.into_iter().take(non_bottom.min(2)).collect()
            }
            None => Vec::new(),
        };
        if !two.is_empty() {
            ctx.score_all(e.you, &two)?;
            return Ok(());
        }
        ctx.sentence(2)?;
        ctx.draw_and_tuck(e.you, e.age(6))?;
    }
}

/// You may splay your blue cards right.
fn dentures_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Blue, Splay::Right)?;
    Ok(())
}

/// Score an odd-valued card from your hand.
fn morphine_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let odd: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| card(*c).age % 2 == 1).collect();
    if let Some(c) = ctx.choose_card(e.you, &odd, false, "score an odd-valued card from your hand")? {
        ctx.score(e.you, c)?;
    }
    Ok(())
}

/// I demand you return all odd-valued cards in your hand! Draw a {6}!
fn morphine_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let odd: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| card(*c).age % 2 == 1).collect();
    ctx.return_all(e.you, &odd)?;
    ctx.draw(e.you, e.age(6))?;
    Ok(())
}

/// Draw a card of value one higher than the highest card returned due to the demand.
fn morphine(ctx: &mut Ctx, e: Exec) -> Res<()> {
    // Returned by anyone due to Morphine's demand during this action; none is a value of 0.
    let returned: Vec<CardId> =
        ctx.since(0).iter().filter(|h| h.act == Act::Return && h.during == Some((e.card, 0))).filter_map(|h| h.card).collect();
    let v = value(highest(&returned).first().copied()) + 1;
    ctx.draw(e.you, v)?;
    Ok(())
}

/// You may splay your red cards right.
fn morphine_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Red, Splay::Right)?;
    Ok(())
}

/// Draw and score a {7}.
fn hot_air_balloon_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_score(e.you, e.age(7))?;
    Ok(())
}

/// You may achieve (if eligible) a top card from an opponent's board if they have an achievement of matching value. If you do, transfer your top green card to that player's board. Otherwise, draw and meld a {7}.
fn hot_air_balloon(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut cands: Vec<(CardId, PlayerId)> = Vec::new();
    for q in ctx.opponents(e.you) {
        for c in ctx.top_cards(q) {
            let v = card(c).age;
            let matching = ctx.st.players[q].achievements.iter().any(|a| a.value() == Some(v));
            if matching && crate::derived::eligible_for(ctx.st, e.you, v) {
                cands.push((c, q));
            }
        }
    }
    let tops: Vec<CardId> = cands.iter().map(|x| x.0).collect();
    let why = "you may achieve (if eligible) a top card from an opponent's board if they have an achievement of matching value";
    let mut achieved_from = None;
    if let Some(c) = ctx.choose_card(e.you, &tops, true, why)? {
        let q = cands.iter().find(|x| x.0 == c).map(|x| x.1);
        if ctx.achieve(e.you, c)? {
            achieved_from = q;
        }
    }
    ctx.sentence(2)?;
    if let Some(q) = achieved_from {
        if let Some(g) = ctx.top(e.you, Color::Green) {
            ctx.transfer(e.you, g, Dest::Board(q))?;
        }
    } else {
        ctx.sentence(3)?;
        ctx.draw_and_meld(e.you, e.age(7))?;
    }
    Ok(())
}

/// I demand you draw and reveal a {6}! If it is blue or yellow, transfer it and all cards in your hand to my hand! If it is red or green, transfer two cards from your score pile to mine!
fn steamboat_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_reveal(e.you, e.age(6))?;
    match color(c) {
        Color::Blue | Color::Yellow => {
            // "It" is in the hand: the whole hand goes.
            let hand = ctx.hand(e.you);
            ctx.transfer_all(e.you, &hand, Dest::Hand(e.me))?;
        }
        Color::Red | Color::Green => {
            let why = format!("transfer two cards from your score pile to {}'s score pile", ctx.name(e.me));
            let two = ctx.choose_cards(e.you, &ctx.score_pile(e.you), 2, 2, &why)?;
            ctx.transfer_all(e.you, &two, Dest::Score(e.me))?;
        }
        Color::Purple => {}
    }
    Ok(())
}

/// Return a card from your forecast.
fn bifocals_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if let Some(c) = ctx.choose_card(e.you, &ctx.forecast(e.you), false, "return a card from your forecast")? {
        ctx.return_card(e.you, c)?;
    }
    Ok(())
}

/// Draw and foreshadow a {7}, and then if Bifocals was foreseen, draw and foreshadow a card of value equal to the lowest available standard achievement.
fn bifocals(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw_and_foreshadow(e.you, e.age(7))?;
    if ctx.foreseen(e) {
        // With no available standard achievement, its value is 0.
        let v = value(lowest(&ctx.available_achievements()).first().copied());
        ctx.draw_and_foreshadow(e.you, v)?;
    }
    Ok(())
}

/// You may splay your green cards right. If you do, splay any color of your cards up.
fn bifocals_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let splayed = ctx.may_splay(e.you, Color::Green, Splay::Right)?;
    ctx.sentence(2)?;
    if splayed {
        let can = ctx.splayable(e.you, Splay::Up);
        if let Some(col) = ctx.choose_color(e.you, &can, false, "splay any color of your cards up")? {
            ctx.splay(e.you, col, Splay::Up)?;
        }
    }
    Ok(())
}

/// Meld a blue or yellow card from your hand.
fn stethoscope_echo(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let cands: Vec<CardId> = ctx.hand(e.you).into_iter().filter(|c| matches!(color(*c), Color::Blue | Color::Yellow)).collect();
    if let Some(c) = ctx.choose_card(e.you, &cands, false, "meld a blue or yellow card from your hand")? {
        ctx.meld(e.you, c)?;
    }
    Ok(())
}

/// Draw a {7}. If you melded a blue card due to Stethoscope's echo effect, draw an {8}, and if Stethoscope was foreseen, also draw a {9}.
fn stethoscope(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.draw(e.you, e.age(7))?;
    ctx.sentence(2)?;
    // Melded by you during this action, because of Stethoscope's echo effect.
    let melded_blue = ctx
        .since(0)
        .iter()
        .any(|h| h.by == e.you && h.act == Act::Meld && h.cause == Cause::Echo(e.card) && h.card.is_some_and(|c| color(c) == Color::Blue));
    if melded_blue {
        ctx.draw(e.you, e.age(8))?;
        // "Also": the 9 comes with the 8.
        if ctx.foreseen(e) {
            ctx.draw(e.you, e.age(9))?;
        }
    }
    Ok(())
}

/// You may splay your yellow cards right.
fn stethoscope_splay(ctx: &mut Ctx, e: Exec) -> Res<()> {
    ctx.may_splay(e.you, Color::Yellow, Splay::Right)?;
    Ok(())
}

/// I demand you return two cards from your score pile! If Indian Clubs was foreseen, return all cards from your score pile!
fn indian_clubs_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let two = ctx.choose_cards(e.you, &ctx.score_pile(e.you), 2, 2, "return two cards from your score pile")?;
    ctx.return_all(e.you, &two)?;
    if ctx.foreseen(e) {
        let rest = ctx.score_pile(e.you);
        ctx.return_all(e.you, &rest)?;
    }
    Ok(())
}

/// For every value of card you have in your score pile, score a card from your hand of that value.
fn indian_clubs(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut values: Vec<u8> = ctx.score_pile(e.you).iter().map(|c| card(*c).age).collect();
    values.sort_unstable();
    values.dedup();
    for v in values {
        let cands = of_value(&ctx.hand(e.you), v);
        if let Some(c) = ctx.choose_card(e.you, &cands, false, &format!("score {} from your hand", a_value(v)))? {
            ctx.score(e.you, c)?;
        }
    }
    Ok(())
}

/// Draw and meld a {7}. You may splay your cards of that color right.
fn kaleidoscope(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let c = ctx.draw_and_meld(e.you, e.age(7))?;
    ctx.sentence_on(2, &[c])?;
    ctx.may_splay(e.you, color(c), Splay::Right)?;
    Ok(())
}

/// Junk an available achievement of value equal to the number of [concept] on your board. If Kaleidoscope was foreseen, junk all available achievements of lower value.
fn kaleidoscope_junk(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let n = ctx.icons(e.you, Icon::Concept).min(u8::MAX as usize) as u8;
    ctx.junk_an_available_achievement(e.you, &[n], false, &format!("junk an available achievement of value {n}"))?;
    ctx.sentence(2)?;
    if ctx.foreseen(e) {
        let lower: Vec<CardId> = ctx.available_achievements().into_iter().filter(|c| card(*c).age < n).collect();
        for c in lower {
            ctx.junk_achievement(e.you, c)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::card::{card, CardDb, CardId, Set};
    use crate::game::{Game, GameConfig};
    use crate::prompt::{Action, Choice, Decision};
    use crate::state::Turn;

    fn id(t: &str) -> CardId {
        CardDb::get().by_title(t).unwrap()
    }

    /// Alice with Loom on Agriculture's board (Loom's echo scores Agriculture, her lowest top
    /// card) and Writing (1), Archery (1), Calendar (2) in her score pile, at her Dogma action on Loom.
    fn at_loom() -> Game {
        let config = GameConfig::new(&["alice", "bob"], 7).with_expansions(&[Set::Echoes]);
        let mut st = Game::initial_state(&config).unwrap();
        for p in 0..2 {
            st.players[p].hand.clear();
        }
        for t in ["Loom", "Agriculture"] {
            st.remove(id(t));
            st.players[0].piles[card(id(t)).color.index()].cards.push(id(t));
        }
        for t in ["Writing", "Archery", "Calendar"] {
            st.remove(id(t));
            st.players[0].score.push(id(t));
        }
        st.turn = Turn::new(0, 2, 3);
        let mut g = Game::from_state(config, st).unwrap();
        g.apply(Decision { player: 0, answer: vec![Choice::Action(Action::Dogma(id("Loom")))] }).unwrap();
        g
    }

    fn answer(g: &mut Game, cards: &[&str]) {
        g.apply(Decision { player: 0, answer: cards.iter().map(|t| Choice::Card(id(t))).collect() }).unwrap();
    }

    fn returned(g: &Game) -> Vec<&'static str> {
        let mut v: Vec<&str> =
            ["Writing", "Archery", "Calendar"].into_iter().filter(|t| !g.state().players[0].score.contains(&id(t))).collect();
        v.sort();
        v
    }

    #[test]
    fn loom_returns_two_cards_of_different_value_asked_at_once() {
        let mut g = at_loom();
        assert_eq!(g.prompts()[0].max, 2);
        answer(&mut g, &["Archery", "Calendar"]);
        assert_eq!(returned(&g), ["Archery", "Calendar"]);
        assert_eq!(g.state().players[0].piles.iter().map(|p| p.cards.len()).sum::<usize>(), 4, "Loom and three tucked 6s");
    }

    #[test]
    fn loom_completes_one_card_with_one_of_another_value() {
        let mut g = at_loom();
        answer(&mut g, &["Writing"]);
        let offered: Vec<Choice> = g.prompts()[0].options.clone();
        assert_eq!(offered, vec![Choice::Card(id("Calendar"))], "only a card of another value");
        answer(&mut g, &["Calendar"]);
        assert_eq!(returned(&g), ["Calendar", "Writing"]);
    }

    #[test]
    fn loom_asks_again_after_two_cards_of_one_value_and_may_still_be_declined() {
        let mut g = at_loom();
        answer(&mut g, &["Writing", "Archery"]);
        assert_eq!(g.prompts()[0].max, 1, "asked a card at a time");
        answer(&mut g, &["Archery"]);
        answer(&mut g, &[]);
        assert!(returned(&g).is_empty(), "declined: nothing returned");
        assert_eq!(g.state().players[0].piles.iter().map(|p| p.cards.len()).sum::<usize>(), 1, "no 6 tucked");
    }
}

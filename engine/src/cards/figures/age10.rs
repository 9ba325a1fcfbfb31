//! The Figures of age 10.

use super::decree_with_two::*;
use super::when;
use crate::card::CardDb;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::karma::Reaction::{First, Instead};

pub fn register(r: &mut Registry) {
    r.figure("Margaret Thatcher", &[WAR, Karma::Would { when: thatcher_when, reaction: First, run: thatcher }]);
    r.figure("Alex Trebek", &[Karma::Would { when: trebek_when, reaction: First, run: trebek }]);
    r.figure("Shigeru Miyamoto", &[Karma::Would { when: miyamoto_when, reaction: First, run: miyamoto }]);
    r.figure(
        "Stephen Hawking",
        &[
            Karma::Would { when: hawking_dogma_when, reaction: First, run: hawking_dogma },
            Karma::Would { when: hawking_draw_when, reaction: First, run: hawking_draw },
        ],
    );
    r.figure("Martin Scorsese", &[Karma::Would { when: scorsese_when, reaction: Instead, run: scorsese }]);
    r.figure(
        "Yuna Kim",
        &[
            Karma::Would { when: yuna_kim_score_when, reaction: First, run: yuna_kim_score },
            Karma::Would { when: yuna_kim_meld_when, reaction: Instead, run: yuna_kim_meld },
        ],
    );
    r.figure(
        "Jackie Chan",
        &[
            Karma::Would { when: jackie_chan_win_when, reaction: First, run: jackie_chan_win },
            Karma::Would { when: jackie_chan_draw_when, reaction: First, run: jackie_chan_draw },
        ],
    );
    r.figure("Muhammad Yunus", &[TRADE, Karma::Would { when: yunus_when, reaction: First, run: yunus }]);
    r.figure("Sergey Brin", &[Karma::Each(Each::Dogma(brin_dogma)), Karma::Would { when: brin_when, reaction: First, run: brin }]);
    r.figure(
        "Susan Blackmore",
        &[
            Karma::Would { when: blackmore_other_when, reaction: First, run: blackmore },
            Karma::Would { when: blackmore_when, reaction: First, run: blackmore },
        ],
    );
}

/// If another player would not draw a card for sharing after a Dogma action, first self-execute
/// the card activated by the Dogma action.
fn blackmore_other_when(_ctx: &Ctx, t: Trigger) -> bool {
    !when::yours(t) && matches!(t.event, Event::NoSharingDraw { .. })
}

/// If you would draw a card for sharing after a Dogma action, first self-execute the card
/// activated by the dogma action.
fn blackmore_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && matches!(t.event, Event::SharingDraw { .. })
}

fn blackmore(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let (Event::SharingDraw { card: c, .. } | Event::NoSharingDraw { card: c, .. }) = t.event else { return Ok(()) };
    ctx.self_execute(t.owner, c)
}

/// If you would take a Dogma action, first score any top card with a [prosperity] or
/// [industry] from anywhere.
fn thatcher_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some()
}

fn thatcher(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let tops: Vec<CardId> = super::from(ctx.st, t.owner)
        .into_iter()
        .flat_map(|q| ctx.top_cards(q))
        .filter(|c| has_icon(*c, Icon::Prosperity) || has_icon(*c, Icon::Industry))
        .collect();
    if let Some(c) = ctx.choose_card(t.owner, &tops, false, "Margaret Thatcher: score a top card with [prosperity] or [industry]")? {
        ctx.score(t.owner, c)?;
    }
    Ok(())
}

/// If you would draw a card and have no figures in hand, first say "Who is" and name a figure.
/// Search the figures deck of any age for the named figure and take it into hand if present.
/// Then shuffle that deck.
fn trebek_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, None) && !ctx.st.players[t.owner].hand.iter().any(|c| when::is_figure(*c))
}

fn trebek(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    // Any Figure may be named, wherever it is: naming shows nothing.
    let figures: Vec<CardId> = CardDb::get().cards.iter().filter(|c| c.is_figure()).map(|c| c.id).collect();
    let Some(named) = ctx.choose_card(t.owner, &figures, false, "Alex Trebek: \"Who is ...\": name a figure")? else {
        return Ok(());
    };
    let who = ctx.name(t.owner).to_string();
    ctx.say(format!("{who}: \"Who is {}?\"", card(named).title));
    // "The figures deck of any age": the one the named Figure belongs to.
    let age = card(named).age;
    if ctx.st.locate(named) == Some(Zone::Deck(Set::Figures, age)) {
        ctx.transfer(t.owner, named, Dest::Hand(t.owner))?;
    }
    shuffle_deck(ctx, Set::Figures, age);
    Ok(())
}

/// Shuffles a deck with the table's seeded generator (the one of coin flips), so replays shuffle
/// alike.
fn shuffle_deck(ctx: &mut Ctx, set: Set, age: u8) {
    let mut deck = std::mem::take(ctx.st.deck_mut(set, age));
    for i in (1..deck.len()).rev() {
        // splitmix64, one step per card.
        ctx.st.coin = ctx.st.coin.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = ctx.st.coin;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        deck.swap(i, (z % (i as u64 + 1)) as usize);
    }
    *ctx.st.deck_mut(set, age) = deck;
    ctx.say(format!("the {set} {age} deck is shuffled"));
}

/// If you would dogma a card using [efficiency] as the featured biscuit, first if you have
/// exactly one, three, or six [efficiency] on your board, you win.
fn miyamoto_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, Some(Icon::Efficiency)).is_some()
}

fn miyamoto(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    if [1, 3, 6].contains(&ctx.icons(t.owner, Icon::Efficiency)) {
        return Err(ctx.win(t.owner));
    }
    Ok(())
}

/// If you would dogma a card, first score your bottom card of its color for each [hex] in that
/// color on your board (the card images its splay shows, counted once).
fn hawking_dogma_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some()
}

fn hawking_dogma(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let col = color(when::dogma_using(t, None).expect("checked by the trigger"));
    let hexes = crate::derived::visible_hexes(ctx.st.pile(t.owner, col));
    for _ in 0..hexes {
        let Some(bottom) = ctx.bottom(t.owner, col) else { break };
        ctx.score(t.owner, bottom)?;
    }
    Ok(())
}

/// If you would draw a card, first draw and tuck a card of the same value.
fn hawking_draw_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, None)
}

fn hawking_draw(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Event::Keyword(crate::primitives::Keyword::Draw { age, .. }) = t.event else { return Ok(()) };
    ctx.draw_and_tuck(t.owner, age)?;
    Ok(())
}

/// If you would meld a figure, instead tuck the figure and claim an achievement, regardless of
/// eligibility.
fn scorsese_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some_and(when::is_figure)
}

fn scorsese(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let figure = when::moving(t, Act::Meld).expect("checked by the trigger");
    ctx.tuck(t.owner, figure)?;
    let available = ctx.available_achievements();
    if let Some(a) = ctx.choose_backs(t.owner, &available, 1, 1, "Martin Scorsese: claim an achievement")?.first() {
        ctx.claim_achievement(t.owner, *a)?;
    }
    Ok(())
}

/// If you would score a card, first if your top card of the same color has [authority], you win.
fn yuna_kim_score_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Score).is_some()
}

fn yuna_kim_score(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let scored = when::moving(t, Act::Score).expect("checked by the trigger");
    if ctx.top(t.owner, color(scored)).is_some_and(|top| has_icon(top, Icon::Authority)) {
        return Err(ctx.win(t.owner));
    }
    Ok(())
}

/// If a player would meld a card, instead return the top three cards of its color from all
/// boards (up to three from each). Then that player tucks the card.
fn yuna_kim_meld_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::moving(t, Act::Meld).is_some()
}

fn yuna_kim_meld(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let melded = when::moving(t, Act::Meld).expect("checked by the trigger");
    let col = color(melded);
    for q in super::from(ctx.st, t.owner) {
        for c in ctx.pile_cards(q, col).into_iter().take(3) {
            ctx.return_card(t.owner, c)?;
        }
    }
    ctx.tuck(t.by, melded)?;
    Ok(())
}

/// If an opponent would win, first score all other top figures anywhere. If you now have the most
/// points, you win instead.
fn jackie_chan_win_when(ctx: &Ctx, t: Trigger) -> bool {
    t.event == Event::Win && ctx.opponents(t.owner).contains(&t.by)
}

fn jackie_chan_win(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let mut boards = vec![t.owner];
    boards.extend(ctx.others(t.owner));
    let figures: Vec<CardId> =
        boards.into_iter().flat_map(|q| ctx.top_cards(q)).filter(|c| *c != t.figure && when::is_figure(*c)).collect();
    ctx.score_all(t.owner, &figures)?;
    let mine = ctx.score_total(t.owner);
    if ctx.others(t.owner).iter().all(|q| ctx.score_total(*q) < mine) {
        return Err(ctx.win(t.owner));
    }
    Ok(())
}

/// If you would draw a card, first score a figure from your hand.
fn jackie_chan_draw_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, None)
}

fn jackie_chan_draw(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let figures: Vec<CardId> = ctx.hand(t.owner).into_iter().filter(|c| when::is_figure(*c)).collect();
    if let Some(c) = ctx.choose_card(t.owner, &figures, false, "Jackie Chan: score a figure from your hand")? {
        ctx.score(t.owner, c)?;
    }
    Ok(())
}

/// Each top card on every player's board counts as a card you can activate with a Dogma action.
fn brin_dogma(st: &crate::state::State, _owner: PlayerId) -> Vec<CardId> {
    st.active_players().into_iter().flat_map(|q| st.players[q].top_cards()).collect()
}

/// If you would dogma a card on another player's board, first splay its color up on your board.
fn brin_when(ctx: &Ctx, t: Trigger) -> bool {
    let elsewhere = |c: CardId| matches!(ctx.st.locate(c), Some(Zone::Pile(q, _)) if q != t.owner);
    when::yours(t) && when::dogma_using(t, None).is_some_and(elsewhere)
}

fn brin(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_using(t, None) else { return Ok(()) };
    ctx.splay(t.owner, card(c).color, Splay::Up)?;
    Ok(())
}

/// If a player would take a Dogma action, first you may return your bottom green card. If you
/// do, you have sole majority in every icon during the action.
fn yunus_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::dogma_using(t, None).is_some()
}

fn yunus(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(bottom) = ctx.bottom(t.owner, Color::Green) else { return Ok(()) };
    let why = format!(
        "Muhammad Yunus: return your bottom green card ({}) to have sole majority in every icon during the action?",
        card(bottom).title
    );
    if ctx.yes_no(t.owner, &why)? && ctx.return_card(t.owner, bottom)? {
        ctx.sole_majority = Some(t.owner);
    }
    Ok(())
}

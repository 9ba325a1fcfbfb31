//! The Figures of age 7.

use super::decree_with_two::*;
use super::when;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::karma::Reaction::{First, Instead};
use crate::primitives::Keyword;
use crate::state::State;

pub fn register(r: &mut Registry) {
    r.figure(
        "John Ericsson",
        &[
            Karma::Would { when: ericsson_when, reaction: First, run: ericsson },
            Karma::Would { when: ericsson_draw_when, reaction: First, run: ericsson_draw },
        ],
    );
    r.figure(
        "Robert E. Lee",
        &[Karma::Would { when: lee_when, reaction: First, run: lee }, Karma::Each(Each::Achievements(lee_achievements))],
    );
    r.figure("Florence Nightingale", &[EXPANSION, Karma::Would { when: nightingale_when, reaction: Instead, run: super::nothing }]);
    r.figure("Rowland Hill", &[Karma::Would { when: rowland_hill_when, reaction: First, run: rowland_hill }]);
    r.figure(
        "Alfred Nobel",
        &[Karma::Each(Each::Achievements(nobel_achievements)), Karma::Would { when: nobel_when, reaction: First, run: nobel }],
    );
    r.figure(
        "George Stephenson",
        &[
            Karma::Would { when: stephenson_when, reaction: First, run: stephenson },
            Karma::Would { when: stephenson_claim_when, reaction: First, run: stephenson_claim },
        ],
    );
    r.figure("Charles Darwin", &[ADVANCEMENT, Karma::Would { when: darwin_when, reaction: First, run: darwin }]);
    r.figure(
        "James Clerk Maxwell",
        &[Karma::Each(Each::Icons(maxwell_icons)), Karma::Would { when: maxwell_when, reaction: First, run: maxwell }],
    );
    r.figure("Emperor Meiji", &[Karma::Would { when: meiji_when, reaction: Instead, run: meiji }, Karma::Each(Each::Hand(meiji_hand))]);
    r.figure("Queen Victoria", &[RIVALRY, Karma::Would { when: victoria_when, reaction: First, run: victoria }]);
}

/// Whether `by` is an opponent of `owner`.
pub(super) fn opponent(st: &State, owner: PlayerId, by: PlayerId) -> bool {
    st.opponents(owner).contains(&by)
}

/// If you would dogma a card of a color an opponent has splayed right, first unsplay that color
/// on an opponent's board.
fn ericsson_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t)
        && when::dogma_using(t, None)
            .is_some_and(|c| ctx.st.opponents(t.owner).iter().any(|q| ctx.st.pile(*q, card(c).color).splay == Splay::Right))
}

fn ericsson(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_using(t, None) else { return Ok(()) };
    let col = card(c).color;
    let splayed: Vec<PlayerId> = ctx.st.opponents(t.owner).into_iter().filter(|q| ctx.st.pile(*q, col).splay != Splay::None).collect();
    let why = format!("John Ericsson: unsplay {col} on an opponent's board");
    if let Some(q) = ctx.choose_player(t.owner, &splayed, false, &why)? {
        ctx.unsplay(q, col)?;
    }
    Ok(())
}

/// If an opponent would draw a card, first draw and tuck a {7}.
fn ericsson_draw_when(ctx: &Ctx, t: Trigger) -> bool {
    opponent(ctx.st, t.owner, t.by) && when::draw_of(t, None)
}

fn ericsson_draw(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.draw_and_tuck(t.owner, 7)?;
    Ok(())
}

/// If a player would dogma a card with a demand effect, first transfer a top card of another
/// color with [health] from anywhere to any player's board.
fn lee_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::dogma_using(t, None).is_some_and(|c| card(c).effects.iter().any(|e| e.kind.is_demand()))
}

fn lee(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_using(t, None) else { return Ok(()) };
    let col = card(c).color;
    let players = super::from(ctx.st, t.owner);
    let tops: Vec<CardId> =
        players.iter().flat_map(|q| ctx.top_cards(*q)).filter(|x| card(*x).color != col && card(*x).has_icon(Icon::Health)).collect();
    let Some(x) = ctx.choose_card(t.owner, &tops, false, "Robert E. Lee: transfer a top card of another color with [health]")? else {
        return Ok(());
    };
    let why = format!("Robert E. Lee: to whose board does {} go?", card(x).title);
    if let Some(q) = ctx.choose_player(t.owner, &players, false, &why)? {
        ctx.transfer(t.owner, x, Dest::Board(q))?;
    }
    Ok(())
}

/// Each seven [health] on your board counts as an achievement.
fn lee_achievements(st: &State, owner: PlayerId) -> usize {
    crate::derived::icon_count(st, owner, Icon::Health) / 7
}

/// If a player would transfer, return, meld, score, or junk a card from your score pile, instead
/// leave it there.
fn nightingale_when(ctx: &Ctx, t: Trigger) -> bool {
    match t.event {
        Event::Keyword(Keyword::Move { act, card: c, .. }) => {
            matches!(act, Act::Transfer | Act::Return | Act::Meld | Act::Score | Act::Junk)
                && ctx.st.locate(c) == Some(Zone::Score(t.owner))
        }
        _ => false,
    }
}

/// If you would claim an achievement, first return three cards from your hand. If you do,
/// achieve all other cards in your hand, ignoring eligibility.
fn rowland_hill_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::claiming_any(ctx, t)
}

fn rowland_hill(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let hand = ctx.hand(t.owner);
    let chosen = ctx.choose_cards(t.owner, &hand, hand.len().min(3), 3, "Rowland Hill: return three cards from your hand")?;
    let mut returned = 0;
    for c in chosen {
        if ctx.return_card(t.owner, c)? {
            returned += 1;
        }
    }
    if returned == 3 {
        for c in ctx.hand(t.owner) {
            ctx.achieve(t.owner, c)?;
        }
    }
    Ok(())
}

/// Each standard icon type on your board counts as an achievement, if you have at least twice as
/// many of that icon as every opponent.
fn nobel_achievements(st: &State, owner: PlayerId) -> usize {
    let mine = crate::derived::icon_counts(st, owner);
    let theirs: Vec<[usize; 8]> = st.opponents(owner).into_iter().map(|q| crate::derived::icon_counts(st, q)).collect();
    Icon::STANDARD
        .into_iter()
        .filter(|i| {
            let n = mine[i.index()];
            n > 0 && theirs.iter().all(|o| n >= 2 * o[i.index()])
        })
        .count()
}

/// If a player would transfer a card, first junk all cards in the {7} deck.
fn nobel_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::moving(t, Act::Transfer).is_some()
}

fn nobel(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.junk_deck(t.owner, 7)
}

/// If you would dogma a card of a color you have splayed right, first splay that color on your
/// board up.
fn stephenson_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some_and(|c| ctx.splay_of(t.owner, card(c).color) == Splay::Right)
}

fn stephenson(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_using(t, None) else { return Ok(()) };
    ctx.splay(t.owner, card(c).color, Splay::Up)?;
    Ok(())
}

/// If you would claim an achievement, first transfer the bottom yellow card on each board to the
/// available achievements.
fn stephenson_claim_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::claiming_any(ctx, t)
}

fn stephenson_claim(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    for q in super::from(ctx.st, t.owner) {
        if let Some(c) = ctx.bottom(q, Color::Yellow) {
            ctx.transfer(t.owner, c, Dest::AvailableAchievements)?;
        }
    }
    Ok(())
}

/// If you would claim an achievement, first if no other player has more achievements than you,
/// you win. Otherwise, draw an {8}.
fn darwin_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::claiming_any(ctx, t)
}

fn darwin(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let mine = crate::derived::achievement_count(ctx.st, t.owner);
    if ctx.st.others(t.owner).iter().all(|q| crate::derived::achievement_count(ctx.st, *q) <= mine) {
        return Err(ctx.win(t.owner));
    }
    ctx.draw(t.owner, 8)?;
    Ok(())
}

/// If you would meld a {10} and you have top cards of five different values on your board,
/// instead you win.
fn meiji_when(ctx: &Ctx, t: Trigger) -> bool {
    let mut values = crate::derived::top_values(ctx.st, t.owner);
    values.sort();
    values.dedup();
    when::yours(t) && when::moving(t, Act::Meld).is_some_and(|c| crate::derived::value_of(ctx.st, c) == 10) && values.len() >= 5
}

fn meiji(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    Err(ctx.win(t.owner))
}

/// On your turn, until your second action, each card in an opponent's hand counts as being in
/// your hand.
fn meiji_hand(st: &State, owner: PlayerId) -> Vec<CardId> {
    if st.turn.player != owner || crate::turn::action_number(st) >= 2 {
        return Vec::new();
    }
    st.opponents(owner).into_iter().flat_map(|q| st.players[q].hand.clone()).collect()
}

/// Each card in your hand provides one additional standard icon of every type on your board.
fn maxwell_icons(st: &State, owner: PlayerId, plain: &[usize; 8]) -> [usize; 8] {
    let n = st.players[owner].hand.len();
    let mut extra = [0; 8];
    for i in Icon::STANDARD {
        if plain[i.index()] > 0 {
            extra[i.index()] = n;
        }
    }
    extra
}

/// If a player would return a card of value lower than 8, first draw an {8}.
fn maxwell_when(ctx: &Ctx, t: Trigger) -> bool {
    when::moving(t, Act::Return).is_some_and(|c| crate::derived::value_of(ctx.st, c) < 8)
}

fn maxwell(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.draw(t.owner, 8)?;
    Ok(())
}

/// If you would score a card, first choose a figure in any score pile. Choose to either score it
/// or transfer it to the available achievements.
fn victoria_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Score).is_some()
}

fn victoria(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let figures: Vec<CardId> =
        super::from(ctx.st, t.owner).into_iter().flat_map(|q| ctx.score_pile(q)).filter(|c| when::is_figure(*c)).collect();
    let Some(f) = ctx.choose_card(t.owner, &figures, false, "Queen Victoria: choose a figure in any score pile")? else {
        return Ok(());
    };
    let options = ["score it", "transfer it to the available achievements"];
    match ctx.choose_option_about(t.owner, f, &options, false, "Queen Victoria: score it or transfer it to the available achievements?")? {
        Some(0) => ctx.score(t.owner, f)?,
        _ => ctx.transfer(t.owner, f, Dest::AvailableAchievements)?,
    };
    Ok(())
}

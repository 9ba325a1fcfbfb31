//! The Figures of age 5.

use super::age4::{available_of, claim_one_of, draw_action, drawing, score_a_top_card};
use super::decree_with_two::*;
use super::when;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;
use crate::karma::Reaction::{First, Instead};
use crate::primitives::Keyword;
use crate::state::Achievement;

pub fn register(r: &mut Registry) {
    r.figure("Peter the Great", &[WAR, Karma::Would { when: peter_when, reaction: First, run: peter }]);
    r.figure(
        "Shivaji",
        &[
            Karma::Would { when: shivaji_claim_when, reaction: First, run: shivaji_claim },
            Karma::Would { when: shivaji_dogma_when, reaction: First, run: shivaji_dogma },
        ],
    );
    r.figure("Christopher Polhem", &[EXPANSION, Karma::Each(Each::Score(polhem_score))]);
    r.figure(
        "Bartholomew Roberts",
        &[
            Karma::Would { when: roberts_action_when, reaction: Instead, run: roberts_action },
            Karma::Would { when: roberts_draw_when, reaction: First, run: roberts_draw },
        ],
    );
    r.figure(
        "Samuel de Champlain",
        &[
            Karma::Would { when: champlain_fifth_when, reaction: First, run: champlain_fifth },
            Karma::Would { when: champlain_first_when, reaction: First, run: champlain_first },
        ],
    );
    r.figure("Christiaan Huygens", &[Karma::Would { when: huygens_when, reaction: Instead, run: huygens }]);
    r.figure(
        "Isaac Newton",
        &[
            Karma::Would { when: newton_action_when, reaction: First, run: newton_action },
            Karma::Would { when: newton_dogma_when, reaction: First, run: newton_dogma },
        ],
    );
    r.figure("Bartolomeo Cristofori", &[Karma::Would { when: cristofori_when, reaction: First, run: cristofori }]);
    r.figure(
        "Johannes Vermeer",
        &[
            Karma::Would { when: vermeer_claim_when, reaction: First, run: vermeer_claim },
            Karma::Would { when: vermeer_meld_when, reaction: First, run: vermeer_meld },
        ],
    );
    r.figure(
        "Antonie Van Leeuwenhoek",
        &[
            Karma::Each(Each::ClaimingPoints(leeuwenhoek_points)),
            Karma::Would { when: leeuwenhoek_when, reaction: First, run: leeuwenhoek },
        ],
    );
}

/// Each card in hand counts as ten points towards the cost of claiming an achievement of that
/// card's value.
fn leeuwenhoek_points(st: &crate::state::State, owner: PlayerId, v: u8) -> u32 {
    10 * st.players[owner].hand.iter().filter(|c| derived::value_of(st, **c) == v).count() as u32
}

/// If you would draw a card, first you may return a {5} from your hand. If you do, draw a {6}.
fn leeuwenhoek_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::draw_of(t, None)
}

fn leeuwenhoek(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let fives: Vec<CardId> = ctx.hand(t.owner).into_iter().filter(|c| card(*c).age == 5).collect();
    let Some(c) = ctx.choose_card(t.owner, &fives, true, "Antonie Van Leeuwenhoek: you may return a 5 from your hand (then draw a 6)")?
    else {
        return Ok(());
    };
    if ctx.return_card(t.owner, c)? {
        ctx.draw(t.owner, 6)?;
    }
    Ok(())
}

/// If you would return a card, first score your bottom green card. If the scored card has
/// [prosperity], achieve your bottom green card, if eligible.
fn peter_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Return).is_some()
}

fn peter(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(bottom) = ctx.bottom(t.owner, Color::Green) else { return Ok(()) };
    if !ctx.score(t.owner, bottom)? || !card(bottom).has_icon(Icon::Prosperity) {
        return Ok(());
    }
    if let Some(next) = ctx.bottom(t.owner, Color::Green) {
        if derived::eligible_for(ctx.st, t.owner, derived::value_of(ctx.st, next)) {
            ctx.achieve(t.owner, next)?;
        }
    }
    Ok(())
}

/// If an opponent would claim an achievement, first you claim another available standard
/// achievement if eligible.
fn shivaji_claim_when(ctx: &Ctx, t: Trigger) -> bool {
    let claims = when::claiming_standard(ctx, t).is_some() || matches!(t.event, Event::Keyword(Keyword::Achieve(Achievement::Special(_))));
    claims && ctx.st.opponents(t.owner).contains(&t.by)
}

fn shivaji_claim(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let claimed = when::claiming_standard(ctx, t);
    let eligible = derived::Eligibility::of(ctx.st, t.owner);
    let others: Vec<CardId> =
        ctx.st.achievements.iter().copied().filter(|c| Some(*c) != claimed && eligible.allows(ctx.st, t.owner, card(*c).age)).collect();
    claim_one_of(ctx, t.owner, &others, "Shivaji: first claim another available standard achievement you are eligible for")?;
    Ok(())
}

/// If you would dogma a yellow card, first transfer all purple cards on your board to the
/// available achievements.
fn shivaji_dogma_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some_and(|c| card(c).color == Color::Yellow)
}

fn shivaji_dogma(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    // One card at a time, from the top of the pile.
    let mut purple = ctx.pile_cards(t.owner, Color::Purple);
    purple.reverse();
    ctx.transfer_all(t.owner, &purple, Dest::AvailableAchievements)?;
    Ok(())
}

/// Each [industry] on your board provides one additional points towards your score for each
/// achievement you have.
fn polhem_score(st: &crate::state::State, owner: PlayerId, p: PlayerId, icons: &[usize; 8]) -> i64 {
    if p == owner {
        (icons[Icon::Industry.index()] * st.players[p].achievements.len()) as i64
    } else {
        0
    }
}

/// If you would take a Draw action, instead score a top card with a [prosperity] from anywhere.
fn roberts_action_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && draw_action(t)
}

fn roberts_action(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let why = "Bartholomew Roberts: score a top card with [prosperity] from anywhere";
    score_a_top_card(ctx, t.owner, |c| card(c).has_icon(Icon::Prosperity), why)?;
    Ok(())
}

/// If you would draw a card, first claim an available achievement matching that card's value,
/// regardless of eligibility.
fn roberts_draw_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && drawing(t).is_some()
}

fn roberts_draw(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(v) = drawing(t) else { return Ok(()) };
    let of_value = available_of(ctx, |a| a == v);
    claim_one_of(ctx, t.owner, &of_value, "Bartholomew Roberts: claim an available achievement of the drawn card's value")?;
    Ok(())
}

/// If you would draw a fifth card into your hand, first claim an achievement of that card's value
/// or below, regardless of eligibility.
fn champlain_fifth_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && drawing(t).is_some() && ctx.st.players[t.owner].hand.len() == 4
}

fn champlain_fifth(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(v) = drawing(t) else { return Ok(()) };
    let up_to = available_of(ctx, |a| a <= v);
    claim_one_of(ctx, t.owner, &up_to, "Samuel de Champlain: claim an achievement of the drawn card's value or below")?;
    Ok(())
}

/// If you would draw a first card into your hand, first draw a {6}.
fn champlain_first_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && drawing(t).is_some() && ctx.st.players[t.owner].hand.is_empty()
}

fn champlain_first(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.draw(t.owner, 6)?;
    Ok(())
}

/// If you would dogma a card as your first action, instead junk all cards in the {6} deck. Then
/// draw and reveal one {7}, two {8}, or three {9}. If the drawn cards have more [efficiency] than
/// you have on your board, return them.
fn huygens_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_as_action(t, 1).is_some()
}

fn huygens(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    ctx.junk_deck(t.owner, 6)?;
    let labels = ["one {7}", "two {8}", "three {9}"];
    let Some(i) = ctx.choose_option(t.owner, &labels, false, "Christiaan Huygens: draw and reveal one 7, two 8, or three 9")? else {
        return Ok(());
    };
    let (age, n) = [(7, 1), (8, 2), (9, 3)][i];
    let mut drawn = Vec::new();
    for _ in 0..n {
        drawn.push(ctx.draw_and_reveal(t.owner, age)?);
    }
    let efficiency: usize = drawn.iter().map(|c| card(*c).icon_count(Icon::Efficiency)).sum();
    if efficiency > derived::icon_count(ctx.st, t.owner, Icon::Efficiency) {
        ctx.return_all(t.owner, &drawn)?;
    }
    Ok(())
}

/// If you would take a Draw action, first draw and reveal a {1} and transfer it to any player's
/// board.
fn newton_action_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && draw_action(t)
}

fn newton_action(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let c = ctx.draw_and_reveal(t.owner, 1)?;
    let players = ctx.st.active_players();
    if let Some(q) = ctx.choose_player(t.owner, &players, false, "Isaac Newton: transfer the revealed 1 to any player's board")? {
        ctx.transfer(t.owner, c, Dest::Board(q))?;
    }
    Ok(())
}

/// If you would dogma a card, first splay right every color on your board with a top card of
/// that card's value.
fn newton_dogma_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::dogma_using(t, None).is_some()
}

fn newton_dogma(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::dogma_using(t, None) else { return Ok(()) };
    let v = derived::value_of(ctx.st, c);
    for col in Color::ALL {
        if ctx.top(t.owner, col).is_some_and(|top| derived::value_of(ctx.st, top) == v) {
            ctx.splay(t.owner, col, Splay::Right)?;
        }
    }
    Ok(())
}

/// If you would meld a fifth visible card of a color on your board, first claim an available
/// standard achievement regardless of eligibility.
fn cristofori_when(ctx: &Ctx, t: Trigger) -> bool {
    let fifth = |c: CardId| ctx.st.pile(t.owner, card(c).color).visible_count() == 4;
    when::yours(t) && when::moving(t, Act::Meld).is_some_and(fifth)
}

fn cristofori(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let all = available_of(ctx, |_| true);
    claim_one_of(ctx, t.owner, &all, "Bartolomeo Cristofori: claim an available standard achievement")?;
    Ok(())
}

/// If you would claim a standard achievement, first claim an available achievement of value one
/// higher, regardless of eligibility.
fn vermeer_claim_when(ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::claiming_standard(ctx, t).is_some()
}

fn vermeer_claim(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let Some(c) = when::claiming_standard(ctx, t) else { return Ok(()) };
    let higher = available_of(ctx, |a| a == card(c).age + 1);
    claim_one_of(ctx, t.owner, &higher, "Johannes Vermeer: first claim an available achievement of value one higher")?;
    Ok(())
}

/// If you would meld a card, first score all cards of a color on your board.
fn vermeer_meld_when(_ctx: &Ctx, t: Trigger) -> bool {
    when::yours(t) && when::moving(t, Act::Meld).is_some()
}

fn vermeer_meld(ctx: &mut Ctx, t: Trigger) -> Res<()> {
    let colors = ctx.colors_on_board(t.owner);
    let Some(col) = ctx.choose_color(t.owner, &colors, false, "Johannes Vermeer: score all cards of a color on your board")? else {
        return Ok(());
    };
    // One card at a time, from the top of the pile.
    let mut cards = ctx.pile_cards(t.owner, col);
    cards.reverse();
    ctx.score_all(t.owner, &cards)?;
    Ok(())
}

//! The Echoes cards of age 11.

use super::age10::icon_types;
#[allow(unused_imports)]
use crate::cards::prelude::*;
use crate::derived;

pub fn register(r: &mut Registry) {
    r.card("Drone", &[drone]);
    r.card("Exoskeleton", &[exoskeleton_demand, exoskeleton]);
    r.card("Digital Pet", &[digital_pet_demand]);
    r.card("Esports", &[esports]);
    r.card("Algocracy", &[algocracy]);
    r.card("Robocar", &[robocar]);
    r.card("Streaming", &[streaming]);
    r.card("Touchscreen", &[touchscreen]);
    r.card("Deepfake", &[deepfake]);
    r.card("Meritocracy", &[meritocracy_demand]);
}

// ---------- shared by several cards of this age ----------

/// Whether card `c` of `p`'s board shows `icon`: anywhere on a top card, in the slots its pile's
/// splay reveals on a covered card.
fn shows_icon(ctx: &Ctx, p: PlayerId, c: CardId, icon: Icon) -> bool {
    let slots = &card(c).slots;
    let pile = ctx.st.pile(p, color(c));
    let is = |s: &crate::card::Slot| s.icon() == Some(icon);
    if pile.top() == Some(c) {
        slots.iter().any(is)
    } else {
        pile.splay.revealed_slots(slots.len()).iter().any(|i| is(&slots[*i]))
    }
}

// ---------- the cards ----------

/// Draw and reveal a {10}. If you have fewer than six cards of that color on your board, splay
/// that color aslant on your board. Otherwise, return the bottom five cards of that color from
/// all boards. If you do, repeat this effect.
fn drone(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let c = ctx.draw_and_reveal(e.you, e.age(10))?;
        let col = color(c);
        ctx.sentence_on(2, &[c])?;
        let fewer = ctx.pile_cards(e.you, col).len() < 6;
        if fewer {
            ctx.splay(e.you, col, Splay::Aslant)?;
        }
        ctx.sentence_on(3, &[c])?;
        let mut returned = false;
        if !fewer {
            // Up to five from each board, as many as there are.
            let bottoms: Vec<CardId> =
                ctx.st.active_players().into_iter().flat_map(|q| ctx.pile_cards(q, col).into_iter().rev().take(5)).collect();
            returned = !ctx.return_all(e.you, &bottoms)?.is_empty();
        }
        ctx.sentence(4)?;
        if !returned {
            return Ok(());
        }
    }
}

/// I demand you transfer all but the lowest cards in your hand to my score pile!
fn exoskeleton_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let hand = ctx.hand(e.you);
    // Every card tied for the lowest value stays.
    let low = lowest(&hand);
    let rest: Vec<CardId> = hand.into_iter().filter(|c| !low.contains(c)).collect();
    ctx.transfer_all(e.you, &rest, Dest::Score(e.me))?;
    Ok(())
}

/// You may achieve a card from any player's hand, if eligible. If you do, and Exoskeleton was
/// foreseen, repeat this effect.
fn exoskeleton(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let eligible = derived::Eligibility::of(ctx.st, e.you);
        let cands: Vec<CardId> = ctx
            .st
            .active_players()
            .into_iter()
            .flat_map(|q| ctx.hand(q))
            .filter(|c| eligible.allows(ctx.st, e.you, card(*c).age))
            .collect();
        // Other players' hands are hidden: their cards are chosen by their backs.
        let why = "you may achieve a card from any player's hand, if eligible";
        let achieved = match ctx.choose_backs(e.you, &cands, 0, 1, why)?.first().copied() {
            Some(c) => ctx.achieve(e.you, c)?,
            None => false,
        };
        ctx.sentence(2)?;
        if !(achieved && ctx.foreseen(e)) {
            return Ok(());
        }
    }
}

/// I demand you draw and reveal an {11}! Return all cards from your board and score pile of color
/// matching the drawn card!
fn digital_pet_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let drawn = ctx.draw_and_reveal(e.you, e.age(11))?;
    let col = color(drawn);
    let mut cards = ctx.pile_cards(e.you, col);
    cards.extend(of_color(&ctx.score_pile(e.you), col));
    ctx.return_all(e.you, &cards)?;
    Ok(())
}

/// For each non-yellow top card on your board, draw and score a card of equal value, in ascending
/// order. If you do, and Esports was foreseen, you win.
fn esports(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut values: Vec<u8> =
        ctx.top_cards(e.you).into_iter().filter(|c| color(*c) != Color::Yellow).map(|c| derived::value_of(ctx.st, c)).collect();
    values.sort_unstable();
    let mut scored = false;
    for v in values {
        scored |= ctx.draw_and(e.you, v, Ctx::score)?.done;
    }
    ctx.sentence(2)?;
    if scored && ctx.foreseen(e) {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// Choose an icon type. Transfer all cards with that featured icon from all hands and score piles
/// to the hand of the single player with the most of the chosen icon on their board.
fn algocracy(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let icon = ctx.choose_icon(e.you, icon_types(ctx), "choose an icon type")?;
    ctx.sentence(2)?;
    let Some(icon) = icon else { return Ok(()) };
    let players = ctx.st.active_players();
    let most = players.iter().map(|q| ctx.icons(*q, icon)).max().unwrap_or(0);
    let top: Vec<PlayerId> = players.iter().copied().filter(|q| ctx.icons(*q, icon) == most).collect();
    // A tie (even at none) has no single player: nothing moves.
    let [to] = top[..] else { return Ok(()) };
    let cards: Vec<CardId> = players
        .iter()
        .flat_map(|q| {
            let mut v = if *q == to { Vec::new() } else { ctx.hand(*q) };
            v.extend(ctx.score_pile(*q));
            v
        })
        .filter(|c| card(*c).featured_icon == Some(icon))
        .collect();
    ctx.transfer_all(e.you, &cards, Dest::Hand(to))?;
    Ok(())
}

/// Choose an opponent. That player chooses a card (unrevealed) in your hand. Meld the chosen card.
/// If you do, and it is your turn, self-execute the card, then repeat this effect.
fn robocar(ctx: &mut Ctx, e: Exec) -> Res<()> {
    loop {
        ctx.sentence(1)?;
        let opponents = ctx.opponents(e.you);
        let opponent = ctx.choose_player(e.you, &opponents, false, "choose an opponent: they choose a card in your hand")?;
        ctx.sentence(2)?;
        let chosen = match opponent {
            Some(o) => {
                // Unrevealed: the opponent chooses by the cards' backs.
                let why = format!("choose a card (unrevealed) in {}'s hand: they meld it", ctx.name(e.you));
                ctx.choose_backs(o, &ctx.hand(e.you), 1, 1, &why)?.first().copied()
            }
            None => None,
        };
        ctx.sentence(3)?;
        let melded = match chosen {
            Some(c) => ctx.meld(e.you, c)?,
            None => false,
        };
        ctx.sentence(4)?;
        let Some(c) = chosen.filter(|_| melded && ctx.st.turn.player == e.you) else { return Ok(()) };
        ctx.self_execute(e.you, c)?;
    }
}

/// Choose a color on your board. Choose to either achieve the top card of that color on your
/// board, if eligible, or score it. If you do either, and Streaming was foreseen, repeat this
/// effect using the same color.
fn streaming(ctx: &mut Ctx, e: Exec) -> Res<()> {
    const ACHIEVE: &str = "achieve the top card of that color on your board, if eligible";
    const SCORE: &str = "score it";
    let mut same: Option<Color> = None;
    loop {
        ctx.sentence(1)?;
        let col = match same {
            Some(col) => Some(col),
            None => ctx.choose_color(e.you, &ctx.colors_on_board(e.you), false, "choose a color on your board")?,
        };
        ctx.sentence(2)?;
        let top = col.and_then(|col| ctx.top(e.you, col));
        let mut did = false;
        if let Some(t) = top {
            // Achieving is offered only when eligible for the top card's value.
            let labels: &[&str] =
                if derived::eligible_for(ctx.st, e.you, derived::value_of(ctx.st, t)) { &[ACHIEVE, SCORE] } else { &[SCORE] };
            let why = format!("choose to either achieve your top {} card, if eligible, or score it", color(t));
            did = match ctx.choose_option(e.you, labels, false, &why)?.map(|k| labels[k]) {
                Some(ACHIEVE) => ctx.achieve(e.you, t)?,
                Some(_) => ctx.score(e.you, t)?,
                None => false,
            };
        }
        ctx.sentence(3)?;
        if !(did && ctx.foreseen(e)) {
            return Ok(());
        }
        same = col;
    }
}

/// Splay each color on your board in a direction according to the number of cards of that color
/// on your board: two or three, aslant; four or five, up; six or seven, right; eight or more, left.
/// If you splay five colors, you win.
fn touchscreen(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let mut splayed = 0;
    for col in ctx.colors_on_board(e.you) {
        let dir = match ctx.pile_cards(e.you, col).len() {
            0 | 1 => continue,
            2 | 3 => Splay::Aslant,
            4 | 5 => Splay::Up,
            6 | 7 => Splay::Right,
            _ => Splay::Left,
        };
        // A colour already splayed that way is not splayed again.
        if ctx.splay(e.you, col, dir)? {
            splayed += 1;
        }
    }
    ctx.sentence(2)?;
    if splayed >= 5 {
        return Err(ctx.win(e.you));
    }
    Ok(())
}

/// If it is your turn, transfer a top card from any board to your board, then fully execute a top
/// card on your board other than Deepfake. If the transferred card is still a top card, transfer
/// it to its original board.
fn deepfake(ctx: &mut Ctx, e: Exec) -> Res<()> {
    if ctx.st.turn.player != e.you {
        return Ok(());
    }
    // "Any board": yours too, though a top card of your own board is on your board already.
    let mut tops: Vec<(CardId, PlayerId)> = Vec::new();
    for q in ctx.st.active_players() {
        tops.extend(ctx.top_cards(q).into_iter().map(|c| (c, q)));
    }
    let cands: Vec<CardId> = tops.iter().map(|t| t.0).collect();
    let taken = ctx.choose_card(e.you, &cands, false, "transfer a top card from any board to your board")?;
    let mut transferred = None;
    if let Some((c, owner)) = tops.iter().copied().find(|t| Some(t.0) == taken) {
        if owner != e.you && ctx.transfer(e.you, c, Dest::Board(e.you))? {
            transferred = Some((c, owner));
        }
    }
    // "Fully execute": every effect, demands included, as a super-execution.
    let mine: Vec<CardId> = ctx.top_cards(e.you).into_iter().filter(|c| *c != e.card).collect();
    if let Some(c) = ctx.choose_card(e.you, &mine, false, "fully execute a top card on your board other than Deepfake")? {
        ctx.super_execute(e.you, c)?;
    }
    let moved: Vec<CardId> = transferred.iter().map(|t| t.0).collect();
    ctx.sentence_on(2, &moved)?;
    if let Some((c, owner)) = transferred {
        if crate::turn::is_top_card(ctx.st, c) {
            ctx.transfer(e.you, c, Dest::Board(owner))?;
        }
    }
    Ok(())
}

/// I demand you choose the standard icon of which I have the most among my icon types! Transfer
/// all cards with that visible icon from your board to mine, or if Meritocracy was foreseen, to my
/// achievements!
fn meritocracy_demand(ctx: &mut Ctx, e: Exec) -> Res<()> {
    let counts = derived::icon_counts(ctx.st, e.me);
    let types = icon_types(ctx);
    let most = types.iter().map(|i| counts[i.index()]).max().unwrap_or(0);
    let tied: Vec<Icon> = types.iter().copied().filter(|i| counts[i.index()] == most).collect();
    let why = format!("choose the standard icon of which {} has the most", ctx.name(e.me));
    let Some(icon) = ctx.choose_icon(e.you, &tied, &why)? else { return Ok(()) };
    // Every card showing it, read before any moves (a move changes what the splays reveal);
    // offered bottom of each pile first, so that by default they keep their order.
    let cards: Vec<CardId> =
        Color::ALL.into_iter().flat_map(|col| ctx.st.pile(e.you, col).cards.clone()).filter(|c| shows_icon(ctx, e.you, *c, icon)).collect();
    let to = if ctx.foreseen(e) { Dest::Achievements(e.me) } else { Dest::Board(e.me) };
    ctx.transfer_all(e.you, &cards, to)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::card::{card, CardDb, Set};
    use crate::ctx::{Ctx, Stop};
    use crate::game::{Game, GameConfig};
    use crate::sentence::sentence_of;

    /// Every sentence of the Echoes cards of ages 10 and 11, executed alone on a busy table (the
    /// cards' loops and "if you do" included), ends as an effect may and never escapes its gate.
    #[test]
    fn every_sentence_of_ages_10_and_11_executes_alone() {
        let config = GameConfig::new(&["ann", "bo", "cy"], 7).with_expansions(&[Set::Echoes]);
        let mut table = Game::initial_state(&config).unwrap();
        for p in 0..3 {
            for a in 1..=9u8 {
                for set in [Set::Base, Set::Echoes] {
                    let c = table.deck_mut(set, a).pop().unwrap();
                    match (a + p as u8) % 4 {
                        0 => table.players[p].hand.push(c),
                        1 => table.players[p].score.push(c),
                        2 => table.players[p].forecast.push(c),
                        _ => table.players[p].piles[card(c).color.index()].cards.push(c),
                    }
                }
            }
        }
        let names: Vec<String> = config.players.clone();
        let mut runs = 0;
        for info in CardDb::get().cards.iter().filter(|c| c.set == Set::Echoes && c.age >= 10) {
            for k in 1.. {
                if sentence_of(info.id, k).is_none() {
                    break;
                }
                let mut st = table.clone();
                let mut ctx = Ctx::new(&mut st, &names, &[]);
                let r = ctx.execute_sentence(0, info.id, k);
                let ok = matches!(r, Ok(true) | Err(Stop::Ask(_)) | Err(Stop::GameOver(_)) | Err(Stop::Lost(_)));
                assert!(ok, "{} sentence {k}: {r:?}", info.title);
                assert!(ctx.gates.is_empty() && ctx.frames.is_empty());
                runs += 1;
            }
        }
        assert_eq!(runs, 46, "sentences of the non-demand effects of E096 to E115");
    }
}

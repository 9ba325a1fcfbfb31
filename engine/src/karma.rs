//! Figures in the Sand's karma effects: what a Figure does while it is a top card on its owner's
//! board. Four kinds (rulebook, "Karma Effects"):
//! - "When you meld this card, ...": runs when the Figure is melded, for any reason;
//! - "If you/another player would ..., first/instead ...": interrupts an event just before it
//!   happens ([`Event`]: a keyword at the primitives' intercept point, an action, a Dogma action
//!   on a card, the free Draw for sharing or its absence, an exchange, a player's eligibility at
//!   the lock-in, fading, a win, an effect about to be executed); "first" runs and the event goes
//!   on, "instead" runs and the event does not happen. When several meet one event, the current
//!   player picks one;
//! - "You may issue a ... Decree with any two figures": eases the Decree action (`turn`);
//! - "Each ...": a standing change (icons, score, achievements, what counts as an available
//!   achievement, in a hand or a score pile, what may be dogma'd, what claiming needs), each
//!   looking at the plain game state, applied where that quantity is derived.
//!
//! Karmas do not trigger during a "would" or "when" karma's resolution (`Ctx::in_karma`).

use crate::card::{card, CardId, Color, Icon};
use crate::ctx::{Cause, Ctx, Res};
use crate::primitives::Keyword;
use crate::prompt::Action;
use crate::state::{PlayerId, State};

/// Something about to happen that a "would" karma may interrupt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A keyword of a card moving, a draw, a reveal, a splay or a claim (`primitives::Keyword`).
    Keyword(Keyword),
    /// Taking an action: `nth` is 1 or 2 for the turn's actions, `None` for a free action.
    Action { action: Action, nth: Option<u8> },
    /// A Dogma action (or a free one) on `card`, with the icon it features.
    Dogma { card: CardId, icon: Icon, nth: Option<u8> },
    /// The free Draw earned by sharing ("draw for sharing") after a Dogma action on `card`, with
    /// the icon locked in (the featured icon, or [avatar] with Auspice).
    SharingDraw { card: CardId, icon: Icon },
    /// A Dogma action on `card` ended without the free Draw for sharing ("would not draw a card
    /// for sharing after a Dogma action"); `by` is the player who took it.
    NoSharingDraw { card: CardId, icon: Icon },
    /// An exchange of cards (both groups, `Ctx::exchanging`), as one event: "instead" replaces it
    /// as a whole.
    Exchange,
    /// At the lock-in of a Dogma action on `card`, `by` is not eligible to share it ("instead"
    /// makes them eligible, and so not vulnerable).
    NotEligible { card: CardId },
    /// `by` is required to fade one of their top Figures at the end of an action ("instead"
    /// cancels the fading of their excess Figures).
    Fade,
    /// `by` is about to win (a card's "you win", achievement victory, or score victory when the
    /// game ends on a draw above 11). "First" karmas may end the game themselves; the win is not
    /// replaced otherwise.
    Win,
    /// An effect of `card` about to be executed by `you`, issued by `me`.
    Execute { card: CardId, effect: usize, demand: bool, you: PlayerId, me: PlayerId },
}

/// What a karma sees when it triggers: its Figure, the Figure's owner, the player doing the
/// event, and the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trigger {
    pub figure: CardId,
    pub owner: PlayerId,
    pub by: PlayerId,
    pub event: Event,
}

/// A karma's instructions.
pub type KarmaFn = fn(&mut Ctx, Trigger) -> Res<()>;

/// Whether a "would" karma's condition is met.
pub type WhenFn = fn(&Ctx, Trigger) -> bool;

/// "First" or "instead".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reaction {
    First,
    Instead,
}

/// A standing change of an "Each" karma, from the plain game state.
#[derive(Clone, Copy)]
pub enum Each {
    /// Icons added to the owner's board, from its plain counts (in `Icon::ALL` order).
    Icons(fn(&State, PlayerId, &[usize; 8]) -> [usize; 8]),
    /// Points added to (or taken from) a player's score: (state, owner, player, player's plain icon counts).
    Score(fn(&State, PlayerId, PlayerId, &[usize; 8]) -> i64),
    /// Achievements the owner holds besides their claimed ones.
    Achievements(fn(&State, PlayerId) -> usize),
    /// Cards that count as cards the owner can activate with a Dogma action (besides their own
    /// top cards; without Parley's cost).
    Dogma(fn(&State, PlayerId) -> Vec<CardId>),
    /// Cards also counting as being in the owner's hand (the Meld action's options, the Decree's
    /// Figures, and effects reading "your hand", `Ctx::hand`).
    Hand(fn(&State, PlayerId) -> Vec<CardId>),
    /// Cards also considered part of the owner's score pile (for the score, and for effects
    /// reading "your score pile", `Ctx::score_pile`).
    ScorePile(fn(&State, PlayerId) -> Vec<CardId>),
    /// Cards that count as available achievements for the owner (claimed with the Achieve action
    /// under the usual eligibility, `prompt::Action::AchieveCard`).
    AvailableAchievements(fn(&State, PlayerId) -> Vec<CardId>),
    /// Added to the owner's highest top value for the purpose of claiming achievements.
    ClaimingValue(fn(&State, PlayerId) -> u8),
    /// Points counted toward the owner's cost of claiming an achievement of the given value.
    ClaimingPoints(fn(&State, PlayerId, u8) -> u32),
    /// How much fewer or lower each requirement of the special achievements is for the owner.
    SpecialRequirements(fn(&State, PlayerId) -> usize),
}

/// One printed karma effect.
#[derive(Clone, Copy)]
pub enum Karma {
    /// "When you meld this card, ...".
    WhenMelded(KarmaFn),
    /// "If ... would ..., first/instead ...".
    Would {
        when: WhenFn,
        reaction: Reaction,
        run: KarmaFn,
    },
    /// "You may issue a <colour> Decree (any Decree with `None`) with any N figures".
    Decree {
        color: Option<Color>,
        figures: usize,
    },
    Each(Each),
}

/// The karmas of a Figure, in printed order (none for other cards, or a Figure not implemented).
pub fn of(c: CardId) -> &'static [Karma] {
    crate::cards::karmas_of(c).unwrap_or(&[])
}

/// Top Figures whose karmas are active now, with their owners, clockwise from the current player.
pub fn active(st: &State) -> Vec<(PlayerId, CardId)> {
    if !st.has(crate::card::Set::Figures) {
        return Vec::new();
    }
    // The current player first, then clockwise. Asked at every keyword and every reading of the
    // table, so it allocates nothing while no Figure is a top card.
    let n = st.players.len();
    let current = st.turn.player;
    let mut out = Vec::new();
    for p in (0..n).map(|i| (current + i) % n).filter(|p| !st.players[*p].eliminated) {
        out.extend(st.players[p].piles.iter().filter_map(|pile| pile.top()).filter(|c| card(*c).is_figure()).map(|c| (p, c)));
    }
    out
}

/// Just before `event` happens for `by`: the "would" karmas it meets act. Returns whether the
/// event still happens (false after an "instead").
pub fn would(ctx: &mut Ctx, by: PlayerId, event: Event) -> Res<bool> {
    if ctx.in_karma() || !ctx.st.has(crate::card::Set::Figures) {
        return Ok(true);
    }
    let mut met: Vec<(Trigger, Reaction, KarmaFn)> = Vec::new();
    for (owner, figure) in active(ctx.st) {
        for k in of(figure) {
            if let Karma::Would { when, reaction, run } = k {
                let t = Trigger { figure, owner, by, event };
                if when(ctx, t) {
                    met.push((t, *reaction, *run));
                }
            }
        }
    }
    let chosen = match met.len() {
        0 => return Ok(true),
        1 => 0,
        // "The current player decides which karma occurs and ignores the others."
        _ => {
            let current = ctx.st.deciding_current_player();
            let figures: Vec<CardId> = met.iter().map(|(t, ..)| t.figure).collect();
            let pick = ctx.choose_card(current, &figures, false, "several karmas would trigger: choose the one that occurs")?;
            pick.and_then(|f| met.iter().position(|(t, ..)| t.figure == f)).unwrap_or(0)
        }
    };
    let (t, reaction, run) = met[chosen];
    let who = ctx.name(t.owner).to_string();
    ctx.say(format!(
        "{}'s karma ({who}) {}",
        card(t.figure).title,
        if reaction == Reaction::Instead { "acts instead" } else { "acts first" }
    ));
    ctx.because_of(Cause::Karma(t.figure), |ctx| run(ctx, t))?;
    Ok(reaction == Reaction::First)
}

/// "When you meld this card": after `figure` was melded onto `owner`'s board.
pub fn melded(ctx: &mut Ctx, owner: PlayerId, figure: CardId) -> Res<()> {
    if ctx.in_karma() || !card(figure).is_figure() || !crate::turn::is_top_card(ctx.st, figure) {
        return Ok(());
    }
    for k in of(figure) {
        if let Karma::WhenMelded(run) = k {
            let melding = Keyword::Move { act: crate::ctx::Act::Meld, card: figure, to: crate::primitives::Dest::Board(owner) };
            let t = Trigger { figure, owner, by: owner, event: Event::Keyword(melding) };
            ctx.because_of(Cause::Karma(figure), |ctx| run(ctx, t))?;
        }
    }
    Ok(())
}

/// The "Each" karmas active on the table, with their owners.
pub fn each(st: &State) -> impl Iterator<Item = (PlayerId, Each)> + '_ {
    active(st)
        .into_iter()
        .flat_map(|(owner, f)| of(f).iter().filter_map(move |k| if let Karma::Each(e) = k { Some((owner, *e)) } else { None }))
}

/// Decree karmas of `p`'s top Figures: (the Decree's colour, or any; Figures needed).
pub fn decree_karmas(st: &State, p: PlayerId) -> Vec<(Option<Color>, usize)> {
    active(st)
        .into_iter()
        .filter(|(owner, _)| *owner == p)
        .flat_map(|(_, f)| {
            of(f).iter().filter_map(|k| if let Karma::Decree { color, figures } = k { Some((*color, *figures)) } else { None })
        })
        .collect()
}

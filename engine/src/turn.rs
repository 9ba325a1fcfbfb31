//! A turn's actions (Draw, Meld, Dogma, Achieve), eligibility for standard
//! achievements, and what is checked at the end of every action: special
//! achievements, then achievement victory. Then the turn moves on.

use crate::card::{card, CardId, Color, Icon, Special};
use crate::ctx::{Ctx, Res, Stop};
use crate::prompt::{Action, AnswerKind, Choice, Prompt};
use crate::state::{Achievement, Outcome, PlayerId, Splay, State, WinReason, Zone};

/// Score needed for a standard achievement of value `v`: five times its value (p. 11). The
/// extra points for a value one already holds are the expansions' rule ("EXPANSIONS: Claiming
/// duplicate achievements requires extra points", p. 21): only expansions put duplicates in play,
/// and this engine plays the base game. Blind testers padding a player's achievements in a
/// setup expected the plain rule.
pub fn achieve_threshold(v: u8) -> u32 {
    5 * v as u32
}

/// Whether `p` is eligible to claim a standard achievement of value `v`.
pub fn eligible_for(st: &State, p: PlayerId, v: u8) -> bool {
    let ps = &st.players[p];
    ps.score_total() >= achieve_threshold(v) && ps.highest_top_value() >= v
}

/// Values of the available standard achievements `p` could claim now.
pub fn achievable_values(st: &State, p: PlayerId) -> Vec<u8> {
    let mut v: Vec<u8> = st.achievements.iter().map(|c| card(*c).age).filter(|v| eligible_for(st, p, *v)).collect();
    v.sort();
    v.dedup();
    v
}

/// Distant top cards `p` could use with a Parley (4+ players, a card in hand to pay).
fn parley_targets(ctx: &Ctx, p: PlayerId) -> Vec<CardId> {
    if ctx.st.players[p].hand.is_empty() || ctx.st.players.len() < 4 {
        return Vec::new();
    }
    ctx.st.others(p).into_iter().filter(|q| ctx.is_distant(p, *q)).flat_map(|q| ctx.st.players[q].top_cards()).collect()
}

/// Every legal action for the player whose turn it is.
pub fn legal_actions(ctx: &Ctx, p: PlayerId) -> Vec<Choice> {
    let ps = &ctx.st.players[p];
    let mut v = vec![Choice::Action(Action::Draw)];
    v.extend(ps.hand.iter().map(|c| Choice::Action(Action::Meld(*c))));
    v.extend(ps.top_cards().into_iter().map(|c| Choice::Action(Action::Dogma(c))));
    v.extend(parley_targets(ctx, p).into_iter().map(|c| Choice::Action(Action::Dogma(c))));
    v.extend(achievable_values(ctx.st, p).into_iter().map(|a| Choice::Action(Action::Achieve(a))));
    v
}

/// One action of the current turn, from the choice of action to the checks at its end.
pub fn action_step(ctx: &mut Ctx) -> Res<()> {
    let p = ctx.st.turn.player;
    // Seats at setup, as advance_turn counts them: the first turns stay short after an elimination.
    let total = actions_in_turn(ctx.st.turn.number, ctx.st.num_players());
    let nth = total - ctx.st.turn.actions_left + 1;
    let options = legal_actions(ctx, p);
    let prompt =
        Prompt { player: p, kind: AnswerKind::Action, options, min: 1, max: 1, reason: format!("your move (action {nth} of {total})") };
    let free_draw = match choose_and_perform(ctx, prompt) {
        Ok(free_draw) => free_draw,
        // The player lost (or conceded) during their action: the turn moves on.
        Err(Stop::Lost(q)) if q == p => false,
        Err(Stop::ActionComplete) => false,
        Err(other) => return Err(other),
    };
    end_of_action(ctx)?;
    // Sharing: "you take one free Draw action after the Dogma action is complete" (it is not one
    // of the turn's actions); the checks at the end of an action follow it too.
    if free_draw && !ctx.st.players[p].eliminated {
        let who = ctx.name(p).to_string();
        ctx.say(format!("{who} takes a free Draw action for sharing"));
        ctx.draw_action(p)?;
        end_of_action(ctx)?;
    }
    advance_turn(ctx.st);
    Ok(())
}

/// Performs the chosen action; true when it earned the free Draw action for sharing.
fn choose_and_perform(ctx: &mut Ctx, prompt: Prompt) -> Res<bool> {
    let p = prompt.player;
    let answer = ctx.ask(prompt)?;
    let Some(Choice::Action(action)) = answer.first().cloned() else {
        return Err(Stop::Desync("an action was expected".into()));
    };
    perform(ctx, p, action)
}

fn perform(ctx: &mut Ctx, p: PlayerId, action: Action) -> Res<bool> {
    match action {
        Action::Draw => {
            ctx.draw_action(p)?;
        }
        Action::Meld(c) => ctx.meld(p, c),
        Action::Dogma(c) => return ctx.dogma_action(p, c),
        Action::Achieve(v) => {
            if let Some(c) = ctx.st.achievements.iter().copied().find(|c| card(*c).age == v) {
                ctx.claim_achievement(p, c);
            }
        }
    }
    Ok(false)
}

/// Actions in a turn: one for the first player's first turn (the first two players' with 4 or more), else two.
pub fn actions_in_turn(turn_number: u32, players: usize) -> u8 {
    if turn_number == 0 || (turn_number == 1 && players >= 4) {
        1
    } else {
        2
    }
}

/// Moves to the next action, or to the next player still in the game.
pub fn advance_turn(st: &mut State) {
    let t = &mut st.turn;
    t.actions_left = t.actions_left.saturating_sub(1);
    if t.actions_left > 0 && !st.players[t.player].eliminated {
        return;
    }
    let next = st.order_from_left_of(st.turn.player).into_iter().find(|q| *q != st.turn.player).unwrap_or(st.turn.player);
    let number = st.turn.number + 1;
    let n = st.players.len();
    st.turn = crate::state::Turn { player: next, actions_left: actions_in_turn(number, n), number };
}

/// Whether `p` meets a special achievement's condition.
pub fn meets_special(st: &State, p: PlayerId, s: Special) -> bool {
    let ps = &st.players[p];
    let tops = || ps.piles.iter().filter_map(|pile| pile.top());
    match s {
        Special::Monument => tops().filter(|c| card(*c).has_demand()).count() >= 4,
        Special::Empire => [Icon::Prosperity, Icon::Health, Icon::Concept, Icon::Authority, Icon::Industry, Icon::Efficiency]
            .iter()
            .all(|i| ps.icon_count(*i) >= 3),
        Special::World => ps.icon_count(Icon::Efficiency) >= 12,
        Special::Wonder => Color::ALL.iter().all(|c| matches!(ps.pile(*c).splay, Splay::Right | Splay::Up | Splay::Aslant)),
        Special::Universe => tops().count() == 5 && tops().all(|c| card(c).age >= 8),
    }
}

/// Achievements needed to win: 8 minus the number of players (or teams), at least 3.
pub fn achievements_to_win(st: &State) -> usize {
    (8usize.saturating_sub(st.teams.len())).max(3)
}

/// The checks at the end of every action: special achievements (ties go to the
/// first player clockwise from the left of the current player), then achievement victory.
pub fn end_of_action(ctx: &mut Ctx) -> Res<()> {
    let current = ctx.st.turn.player;
    for s in ctx.st.specials.clone() {
        if let Some(q) = ctx.st.order_from_left_of(current).into_iter().find(|q| meets_special(ctx.st, *q, s)) {
            ctx.claim_special(q, s);
        }
    }
    let need = achievements_to_win(ctx.st);
    let order = ctx.st.order_from_left_of(current);
    let best = order.iter().map(|q| ctx.st.team_achievement_count(*q)).max().unwrap_or(0);
    if best >= need {
        let q = *order.iter().find(|q| ctx.st.team_achievement_count(**q) == best).expect("a best player exists");
        let winners = ctx.st.winners_with_team(q);
        let names: Vec<String> = winners.iter().map(|w| ctx.name(*w).to_string()).collect();
        ctx.say(format!("{} won with {best} achievements", names.join(" and ")));
        return Err(Stop::GameOver(Outcome { winners, reason: WinReason::Achievements, card: None }));
    }
    Ok(())
}

/// The simultaneous first meld: each player melds the chosen card; the first
/// player is the one whose melded title comes first alphabetically.
pub fn first_meld(ctx: &mut Ctx, chosen: &[CardId]) {
    for (p, c) in chosen.iter().enumerate() {
        ctx.meld(p, *c);
    }
    let first = (0..chosen.len()).min_by_key(|p| card(chosen[*p]).title.to_lowercase()).unwrap_or(0);
    let who = ctx.name(first).to_string();
    ctx.say(format!("{who} goes first"));
    ctx.st.turn = crate::state::Turn { player: first, actions_left: 1, number: 0 };
}

/// Where a standard achievement of value `v` lies in the supply, if available.
pub fn available_of_value(st: &State, v: u8) -> Option<CardId> {
    st.achievements.iter().copied().find(|c| card(*c).age == v)
}

/// Whether `c` is one of the player's achievements.
pub fn has_achievement(st: &State, p: PlayerId, a: Achievement) -> bool {
    st.players[p].achievements.contains(&a)
}

/// Where a card lies, for cards that ask "is it a top card".
pub fn is_top_card(st: &State, c: CardId) -> bool {
    matches!(st.locate(c), Some(Zone::Pile(p, col)) if st.players[p].top(col) == Some(c))
}

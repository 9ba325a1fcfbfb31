//! A turn as the rulebook charts it: the start of the turn (Artifacts'
//! showcase), the actions (Draw, Meld, Dogma, Achieve, and Figures' Decree),
//! the triggers after a Meld action in the chart's order (p. 9), the free Draw
//! for sharing, and what is checked at the end of every action: fading, then
//! special achievements, then achievement victory. Then the turn moves on.

use crate::card::{card, CardId, Color, Icon, Set, Special};
use crate::ctx::{Act, Cause, Ctx, Res, Rule, Stop};
use crate::derived;
use crate::dogma::DogmaDone;
use crate::primitives::{DrawFrom, Keyword};
use crate::prompt::{Action, AnswerKind, Choice, Prompt};
use crate::state::{Achievement, Outcome, PlayerId, Splay, State, WinReason, Zone};

/// Values of the available standard achievements `p` could claim now.
pub fn achievable_values(st: &State, p: PlayerId) -> Vec<u8> {
    let e = derived::Eligibility::of(st, p);
    let mut v: Vec<u8> = st.achievements.iter().map(|c| card(*c).age).filter(|v| e.allows(st, p, *v)).collect();
    v.sort();
    v.dedup();
    v
}

/// Places in `p`'s safe of the secrets `p` could achieve now (The Unseen): eligibility is that of
/// an available achievement of the secret's value.
pub fn achievable_secrets(st: &State, p: PlayerId) -> Vec<u8> {
    let safe = &st.players[p].safe;
    if safe.is_empty() {
        return Vec::new();
    }
    let e = derived::Eligibility::of(st, p);
    (0..safe.len()).filter(|i| e.allows(st, p, card(safe[*i]).age)).map(|i| i as u8).collect()
}

/// Figures: cards counting as available achievements for `p` that `p` could achieve now, with the
/// eligibility of an available achievement of their value.
pub fn achievable_cards(st: &State, p: PlayerId) -> Vec<CardId> {
    let e = derived::Eligibility::of(st, p);
    derived::achievements_available_to(st, p).into_iter().filter(|c| e.allows(st, p, derived::value_of(st, *c))).collect()
}

/// Distant top cards `p` could use with a Parley (4+ players, a card in hand to pay).
fn parley_targets(ctx: &Ctx, p: PlayerId) -> Vec<CardId> {
    if ctx.st.players[p].hand.is_empty() || ctx.st.players.len() < 4 {
        return Vec::new();
    }
    ctx.st.others(p).into_iter().filter(|q| ctx.is_distant(p, *q)).flat_map(|q| ctx.st.players[q].top_cards()).collect()
}

/// Figures: the colours of Decree `p` may issue: with Figures of three different values in hand,
/// those of their colours; with a top Figure's Decree karma, its Decree (or any, for "any
/// decree") with as many Figures of any values and colours as it says.
fn decree_colors(st: &State, p: PlayerId) -> Vec<Color> {
    if !st.has(Set::Figures) {
        return Vec::new();
    }
    let figures: Vec<CardId> = derived::hand(st, p).into_iter().filter(|c| card(*c).is_figure()).collect();
    let mut values: Vec<u8> = figures.iter().map(|c| card(*c).age).collect();
    values.sort();
    values.dedup();
    let mut colors: Vec<Color> = Vec::new();
    if values.len() >= 3 {
        colors.extend(Color::ALL.into_iter().filter(|col| figures.iter().any(|c| card(*c).color == *col)));
    }
    for (color, needed) in crate::karma::decree_karmas(st, p) {
        if figures.len() >= needed {
            colors.extend(color.map_or(Color::ALL.to_vec(), |c| vec![c]));
        }
    }
    Color::ALL.into_iter().filter(|c| colors.contains(c)).collect()
}

/// Every legal action for the player whose turn it is.
pub fn legal_actions(ctx: &Ctx, p: PlayerId) -> Vec<Choice> {
    let ps = &ctx.st.players[p];
    let mut v = vec![Choice::Action(Action::Draw)];
    v.extend(derived::hand(ctx.st, p).into_iter().map(|c| Choice::Action(Action::Meld(c))));
    // Artifacts: "You may use a Meld action … to meld an Artifact in one of your Museums."
    v.extend(ps.museums.iter().map(|(_, c)| Choice::Action(Action::Meld(*c))));
    let dogma = |c: &CardId| card(*c).has_dogma();
    v.extend(ps.top_cards().into_iter().filter(dogma).map(|c| Choice::Action(Action::Dogma(c))));
    v.extend(parley_targets(ctx, p).into_iter().filter(dogma).map(|c| Choice::Action(Action::Dogma(c))));
    // Figures: cards that count as cards the player can activate with a Dogma action.
    for c in derived::activatable(ctx.st, p).into_iter().filter(dogma) {
        if !v.contains(&Choice::Action(Action::Dogma(c))) {
            v.push(Choice::Action(Action::Dogma(c)));
        }
    }
    // Cities: "When you take a Dogma action, you can use one of your Cities to Endorse it" (once a turn).
    let endorsable = |c: &CardId| !crate::city::endorsing_cities(ctx.st, p, *c).is_empty();
    v.extend(ps.top_cards().into_iter().filter(endorsable).map(|c| Choice::Action(Action::Endorse(c))));
    v.extend(achievable_values(ctx.st, p).into_iter().map(|a| Choice::Action(Action::Achieve(a))));
    v.extend(achievable_secrets(ctx.st, p).into_iter().map(|i| Choice::Action(Action::AchieveSecret(i))));
    v.extend(achievable_cards(ctx.st, p).into_iter().map(|c| Choice::Action(Action::AchieveCard(c))));
    v.extend(decree_colors(ctx.st, p).into_iter().map(|c| Choice::Action(Action::Decree(c))));
    v
}

/// One action of the current turn, from the choice of action to the checks at its end (with the
/// start of the turn before its first action).
pub fn action_step(ctx: &mut Ctx) -> Res<()> {
    let p = ctx.st.turn.player;
    if !ctx.st.turn.started {
        ctx.st.turn.started = true;
        match start_of_turn(ctx, p) {
            // The player lost at the start of their turn (a karma during the showcase's checks).
            Ok(()) | Err(Stop::Lost(_)) if ctx.st.players[p].eliminated => {}
            other => other?,
        }
        if ctx.st.players[p].eliminated {
            advance_turn(ctx.st);
            return Ok(());
        }
    }
    // Seats at setup, as advance_turn counts them: the first turns stay short after an elimination.
    let total = actions_in_turn(ctx.st.turn.number, ctx.st.num_players());
    let nth = total - ctx.st.turn.actions_left + 1;
    let options = legal_actions(ctx, p);
    let prompt = Prompt {
        player: p,
        kind: AnswerKind::Action,
        options,
        min: 1,
        max: 1,
        reason: format!("your move (action {nth} of {total})"),
        on_behalf_of: None,
        about: None,
    };
    let dogma = match choose_and_perform(ctx, prompt) {
        Ok(dogma) => dogma,
        // The player lost (or conceded) during their action: the turn moves on.
        Err(Stop::Lost(q)) if q == p => None,
        Err(Stop::ActionComplete) => None,
        Err(other) => return Err(other),
    };
    match end_of_action(ctx).and_then(|()| take_free_draw(ctx, p, dogma)) {
        Ok(()) => {}
        // The player lost during the checks at the end of their action (a karma while fading):
        // the checks go on without them.
        Err(Stop::Lost(q)) if q == p => end_of_action(ctx)?,
        Err(other) => return Err(other),
    }
    advance_turn(ctx.st);
    Ok(())
}

/// Sharing: "you take one free Draw action after the Dogma action is complete" (it is not one
/// of the turn's actions); the checks at the end of an action follow it too. A Dogma action that
/// did not earn it meets the "would not draw a card for sharing" karmas instead.
fn take_free_draw(ctx: &mut Ctx, p: PlayerId, dogma: Option<DogmaDone>) -> Res<()> {
    let Some(DogmaDone { card, icon, shared }) = dogma else { return Ok(()) };
    if ctx.st.players[p].eliminated {
        return Ok(());
    }
    let mark = ctx.mark();
    if shared {
        let who = ctx.name(p).to_string();
        ctx.say(format!("{who} takes a free Draw action for sharing"));
        if crate::karma::would(ctx, p, crate::karma::Event::SharingDraw { card, icon })? {
            ctx.draw_action_for_sharing(p)?;
        }
    } else {
        crate::karma::would(ctx, p, crate::karma::Event::NoSharingDraw { card, icon })?;
    }
    if !ctx.since(mark).is_empty() {
        end_of_action(ctx)?;
    }
    Ok(())
}

/// Performs the chosen action; the Dogma action done, whose free Draw for sharing follows.
fn choose_and_perform(ctx: &mut Ctx, prompt: Prompt) -> Res<Option<DogmaDone>> {
    let p = prompt.player;
    let answer = ctx.ask(prompt)?;
    let Some(Choice::Action(action)) = answer.first().cloned() else {
        return Err(Stop::Desync("an action was expected".into()));
    };
    perform(ctx, p, action)
}

fn perform(ctx: &mut Ctx, p: PlayerId, action: Action) -> Res<Option<DogmaDone>> {
    // Figures: "If you would take a ... action" karmas, just before it (a Dogma action's own
    // karmas act when its card is dogma'd, in `dogma`).
    if !matches!(action, Action::Dogma(_) | Action::Endorse(_)) {
        let nth = Some(action_number(ctx.st));
        if !crate::karma::would(ctx, p, crate::karma::Event::Action { action, nth })? {
            return Ok(None);
        }
    }
    match action {
        Action::Draw => {
            ctx.draw_action(p)?;
        }
        Action::Meld(c) => return meld_action(ctx, p, c),
        Action::Dogma(c) => return ctx.dogma_action(p, c),
        Action::Endorse(c) => return ctx.endorse(p, c),
        Action::Achieve(v) => {
            if let Some(c) = available_of_value(ctx.st, v) {
                ctx.claim_achievement(p, c)?;
                figures_for_opponents(ctx, p)?;
            }
        }
        Action::AchieveSecret(i) => {
            if let Some(c) = ctx.st.players[p].safe.get(i as usize).copied() {
                ctx.claim_achievement(p, c)?;
            }
        }
        Action::Decree(col) => decree_action(ctx, p, col)?,
        // Figures: a card counting as an available achievement is claimed as a standard one (and
        // each opponent draws a Figure, as for a standard achievement added by an effect).
        Action::AchieveCard(c) => {
            if derived::achievements_available_to(ctx.st, p).contains(&c) {
                ctx.claim_achievement(p, c)?;
                figures_for_opponents(ctx, p)?;
            }
        }
    }
    Ok(None)
}

/// Figures: "When you take an Achieve action and claim a Standard Achievement, each opponent
/// draws a Figure in clockwise order from you", of the value of their own highest top card.
fn figures_for_opponents(ctx: &mut Ctx, p: PlayerId) -> Res<()> {
    if !ctx.st.has(Set::Figures) {
        return Ok(());
    }
    for q in ctx.st.opponents(p) {
        let v = derived::highest_top_value(ctx.st, q);
        ctx.because_of(Cause::Rule(Rule::FigureDraw), |ctx| ctx.draw_from(q, v, DrawFrom::Set(Set::Figures)))?;
    }
    Ok(())
}

/// The Meld action and the triggers that follow it, in the order of the chart on p. 9. Each
/// trigger happens only while the melded card is still a top card on the player's board.
/// Triggers of sets still to come take their place in this order: the city's special icons
/// first, then the City draw, the dig, "when" karmas, and the forecast promotion. Returns whether
/// the promoted card's free Dogma action, whose free Draw for sharing follows.
fn meld_action(ctx: &mut Ctx, p: PlayerId, c: CardId) -> Res<Option<DogmaDone>> {
    let col = card(c).color;
    let covered = ctx.st.pile(p, col).top();
    if !ctx.meld(p, c)? {
        return Ok(None);
    }
    let still_top = |ctx: &Ctx| ctx.st.players[p].top(col) == Some(c);
    // Cities: "If you meld a city with a Meld action, immediate effect icons on it trigger after the meld."
    if card(c).is_city() && still_top(ctx) {
        crate::city::meld_action_icons(ctx, p, c)?;
    }
    // Cities: "When you take a Meld action to meld a card that adds a new color to your board, draw a City."
    if covered.is_none() && still_top(ctx) {
        crate::react::city_draw(ctx, p)?;
    }
    if let Some(under) = covered {
        if still_top(ctx) {
            dig(ctx, p, c, under)?;
        }
    }
    if still_top(ctx) {
        return promote(ctx, p, c);
    }
    Ok(None)
}

/// Echoes: "At the conclusion of a Meld action, any card in your Forecast of equal or lower value
/// to the card you melded is eligible to be promoted. You must choose one eligible card to promote
/// (meld it). If you do, you must also take a free Dogma action, choosing the promoted card", during
/// which "if this was foreseen" holds. Returns that Dogma action.
fn promote(ctx: &mut Ctx, p: PlayerId, melded: CardId) -> Res<Option<DogmaDone>> {
    let v = derived::value_of(ctx.st, melded);
    let eligible: Vec<CardId> = ctx.st.players[p].forecast.iter().copied().filter(|f| derived::value_of(ctx.st, *f) <= v).collect();
    if eligible.is_empty() {
        return Ok(None);
    }
    let why = format!("promote a card of value {v} or less from your forecast (meld it, then a free Dogma action on it)");
    let Some(f) = ctx.choose_card(p, &eligible, false, &why)? else { return Ok(None) };
    let who = ctx.name(p).to_string();
    ctx.say(format!("{who} promotes {} ({}) from their forecast", card(f).title, card(f).age));
    if !ctx.because_of(Cause::Rule(Rule::Promote), |ctx| ctx.meld(p, f))? || !card(f).has_dogma() {
        return Ok(None);
    }
    if ctx.st.locate(f) != Some(Zone::Pile(p, card(f).color)) {
        return Ok(None);
    }
    let before = ctx.foreseen.replace(f);
    let r = ctx.free_dogma(p, f, 0);
    ctx.foreseen = before;
    r
}

/// Artifacts: a dig event, if the melded card covered a card of equal or higher value, or one
/// whose card image is in the same slot. The Artifact of the covered card's value (empty ages
/// skipped as for a draw) goes on display, unless one is there already or that Artifacts deck is
/// empty; instead, an opponent's Artifact of that value in a Museum may be seized, with its Museum.
fn dig(ctx: &mut Ctx, p: PlayerId, melded: CardId, covered: CardId) -> Res<()> {
    if !ctx.st.has(Set::Artifacts) {
        return Ok(());
    }
    let (m, u) = (card(melded), card(covered));
    let v = derived::value_of(ctx.st, covered);
    let same_image = m.hex_slot().is_some() && m.hex_slot() == u.hex_slot();
    if derived::value_of(ctx.st, melded) > v && !same_image {
        return Ok(());
    }
    ctx.because_of(Cause::Rule(Rule::Dig), |ctx| {
        let seizable: Vec<CardId> = ctx
            .st
            .opponents(p)
            .into_iter()
            .flat_map(|q| ctx.st.players[q].museums.iter().map(|(_, a)| *a).collect::<Vec<_>>())
            .filter(|a| card(*a).age == v)
            .collect();
        let why = format!("dig event ({v}): you may seize an opponent's Artifact of value {v} with its Museum instead");
        if let Some(a) = ctx.choose_card(p, &seizable, true, &why)? {
            return seize(ctx, p, a);
        }
        if ctx.st.players[p].display.is_some() {
            return Ok(());
        }
        let mut a = v.max(1);
        while a <= 11 && ctx.st.deck(Set::Base, a).is_empty() {
            a += 1;
        }
        if a > 11 {
            return Ok(());
        }
        let Some(artifact) = ctx.st.deck_mut(Set::Artifacts, a).pop() else { return Ok(()) };
        ctx.st.players[p].display = Some(artifact);
        ctx.record(p, Act::Dig, Some(artifact), Some(Zone::Deck(Set::Artifacts, a)));
        let who = ctx.name(p).to_string();
        ctx.say(format!("{who} dug up {} ({a}) and put it on display", card(artifact).title));
        Ok(())
    })
}

/// Artifacts: an opponent's Artifact and its Museum rotate to `p` (not a transfer).
fn seize(ctx: &mut Ctx, p: PlayerId, a: CardId) -> Res<()> {
    let Some(Zone::Museum(q)) = ctx.st.locate(a) else { return Ok(()) };
    let museums = &mut ctx.st.players[q].museums;
    let Some(i) = museums.iter().position(|(_, x)| *x == a) else { return Ok(()) };
    let entry = museums.remove(i);
    ctx.st.players[p].museums.push(entry);
    ctx.record(p, Act::Rotate, Some(a), Some(Zone::Museum(q)));
    let (who, whose) = (ctx.name(p).to_string(), ctx.name(q).to_string());
    ctx.say(format!("{who} seized {} ({}) from {whose}'s Museum", card(a).title, card(a).age));
    Ok(())
}

/// The start of a turn. Artifacts' showcase: an Artifact on display may get a free Dogma action
/// (its icons count for sharing and vulnerability only), then it rotates into a Museum from the
/// supply (into the hand when none is left); with no Museum left in the supply, the Museum Check.
fn start_of_turn(ctx: &mut Ctx, p: PlayerId) -> Res<()> {
    let Some(a) = ctx.st.players[p].display else { return Ok(()) };
    let info = card(a);
    let take =
        info.has_dogma() && ctx.yes_no(p, &format!("showcase: take a free Dogma action on {} (it then goes to a Museum)?", info.title))?;
    if take {
        let extra = info.featured_icon.map_or(0, |i| info.icon_count(i));
        let dogma = match ctx.because_of(Cause::Rule(Rule::Showcase), |ctx| ctx.free_dogma(p, a, extra)) {
            Ok(dogma) => dogma,
            Err(Stop::Lost(q)) if q == p => return Ok(()),
            Err(Stop::ActionComplete) => None,
            Err(other) => return Err(other),
        };
        end_of_action(ctx)?;
        take_free_draw(ctx, p, dogma)?;
    }
    if ctx.st.players[p].display != Some(a) {
        return Ok(());
    }
    ctx.st.players[p].display = None;
    let who = ctx.name(p).to_string();
    ctx.record(p, Act::Rotate, Some(a), Some(Zone::Display(p)));
    let Some(m) = ctx.st.museums.pop() else {
        ctx.st.players[p].hand.push(a);
        ctx.say(format!("{who} rotated {} into their hand: no Museum is left", info.title));
        return Ok(());
    };
    ctx.st.players[p].museums.push((m, a));
    ctx.say(format!("{who} rotated {} into a Museum", info.title));
    // "After you rotate your Artifact into a Museum, if there are no available Museums in the
    // supply area, you must resolve a Museum Check."
    if ctx.st.museums.is_empty() {
        museum_check(ctx, p)?;
    }
    Ok(())
}

/// Artifacts: the single player with the most Artifacts in Museums claims one of those Museums;
/// then the current player returns every Artifact in a Museum, in the order they choose, and the
/// vacant Museums go back to the supply.
fn museum_check(ctx: &mut Ctx, current: PlayerId) -> Res<()> {
    ctx.because_of(Cause::Rule(Rule::MuseumCheck), |ctx| {
        let counts: Vec<usize> = ctx.st.players.iter().map(|ps| ps.museums.len()).collect();
        let best = counts.iter().copied().max().unwrap_or(0);
        if best > 0 && counts.iter().filter(|n| **n == best).count() == 1 {
            let q = counts.iter().position(|n| *n == best).expect("a best player");
            let m = ctx.st.players[q].museums[0].0;
            // Claiming the Museum is claiming an achievement: it passes the intercept point.
            if ctx.would(q, Keyword::Achieve(Achievement::Museum(m)))? && !ctx.st.players[q].museums.is_empty() {
                let (m, a) = ctx.st.players[q].museums.remove(0);
                ctx.st.players[q].achievements.push(Achievement::Museum(m));
                ctx.st.players[q].hand.push(a);
                let who = ctx.name(q).to_string();
                ctx.say(format!("Museum Check: {who} claimed a Museum"));
                ctx.did(q, Keyword::Achieve(Achievement::Museum(m)))?;
                ctx.return_card(current, a)?;
            }
        }
        let artifacts: Vec<CardId> = ctx.st.players.iter().flat_map(|ps| ps.museums.iter().map(|(_, a)| *a)).collect();
        ctx.return_all(current, &artifacts)
    })?;
    Ok(())
}

/// Figures: the Decree action. Junk the whole hand, then the Decree of the chosen colour (one of
/// the junked Figures'): from another player's achievements it returns to the supply; from the
/// supply it is executed and claimed; one's own is executed.
fn decree_action(ctx: &mut Ctx, p: PlayerId, col: Color) -> Res<()> {
    ctx.because_of(Cause::Rule(Rule::Decree), |ctx| {
        let hand = ctx.hand(p);
        ctx.junk_all(p, &hand)?;
        issue_decree(ctx, p, col)
    })
}

/// What issuing a Decree does, by where the Decree is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecreeFate {
    /// In another player's achievements: it returns to the supply, not executed.
    ReturnedFrom(PlayerId),
    /// In the supply: it is executed, then claimed.
    ExecutedAndClaimed,
    /// Already the issuer's: it is executed again. (A Decree is always in the supply or in one
    /// player's achievements: a player who loses puts theirs back.)
    ExecutedAgain,
}

/// What `p` issuing the Decree of colour `col` would do now.
pub fn decree_fate(st: &State, p: PlayerId, col: Color) -> DecreeFate {
    let decree = Achievement::Decree(col);
    match (0..st.num_players()).find(|q| *q != p && st.players[*q].achievements.contains(&decree)) {
        Some(q) => DecreeFate::ReturnedFrom(q),
        None if st.decrees.contains(&col) => DecreeFate::ExecutedAndClaimed,
        None => DecreeFate::ExecutedAgain,
    }
}

/// Issuing the Decree of colour `col` (the Decree action once the hand is junked; a karma may
/// issue one without that cost), as [`decree_fate`] says.
pub fn issue_decree(ctx: &mut Ctx, p: PlayerId, col: Color) -> Res<()> {
    let decree = Achievement::Decree(col);
    let name = crate::card::CardDb::get().decree(col).name.clone();
    let who = ctx.name(p).to_string();
    if let DecreeFate::ReturnedFrom(q) = decree_fate(ctx.st, p, col) {
        ctx.st.players[q].achievements.retain(|a| *a != decree);
        ctx.st.decrees.push(col);
        ctx.say(format!("{who} returned the {name} Decree to the supply"));
        return Ok(());
    }
    ctx.say(format!("{who} issues the {name} Decree"));
    crate::cards::run_decree(ctx, p, col)?;
    // Claiming the Decree is claiming an achievement: it passes the intercept point.
    if ctx.st.decrees.contains(&col) && ctx.would(p, Keyword::Achieve(decree))? {
        if let Some(i) = ctx.st.decrees.iter().position(|c| *c == col) {
            ctx.st.decrees.remove(i);
            ctx.st.players[p].achievements.push(decree);
            ctx.say(format!("{who} claimed the {name} Decree"));
            ctx.did(p, Keyword::Achieve(decree))?;
        }
    }
    Ok(())
}

/// Which of the turn's actions is being taken now: 1 for the first, 2 for the second.
pub fn action_number(st: &State) -> u8 {
    actions_in_turn(st.turn.number, st.num_players()) - st.turn.actions_left + 1
}

/// Actions in a turn: one for the first player's first turn (the first two players' with 4 or more), else two.
pub fn actions_in_turn(turn_number: u32, players: usize) -> u8 {
    if turn_number == 0 || (turn_number == 1 && players >= 4) {
        1
    } else {
        2
    }
}

/// Moves to the next action, or to the next player still in the game (a new turn: nobody has
/// drawn in it yet, and no Dogma action has been endorsed).
pub fn advance_turn(st: &mut State) {
    let t = &mut st.turn;
    t.actions_left = t.actions_left.saturating_sub(1);
    if t.actions_left > 0 && !st.players[t.player].eliminated {
        return;
    }
    let next = st.order_from_left_of(st.turn.player).into_iter().find(|q| *q != st.turn.player).unwrap_or(st.turn.player);
    let number = st.turn.number + 1;
    let n = st.players.len();
    st.turn = crate::state::Turn::new(next, actions_in_turn(number, n), number);
    for ps in st.players.iter_mut() {
        ps.drawn_this_turn = 0;
        ps.scored_this_turn = 0;
        ps.tucked_this_turn = 0;
    }
}

/// Whether `p` meets a special achievement's condition at the end of an action, each requirement
/// (a count, a value) made fewer or lower by the Figures' "Each" karmas that say so
/// (`derived::special_requirements_lowered`). Cities' are claimed at the moment their condition
/// happens instead (`city::melded`, `city::junked_from_hand`).
pub fn meets_special(st: &State, p: PlayerId, s: Special) -> bool {
    let ps = &st.players[p];
    let tops = || ps.piles.iter().filter_map(|pile| pile.top());
    let less = derived::special_requirements_lowered(st, p);
    // A requirement of at least `n` (a count or a value), for `p`.
    let at_least = |n: usize| n.saturating_sub(less);
    let value_at_least = |v: u8| at_least(v as usize) as u8;
    let highest = derived::highest_top_value(st, p);
    match s {
        Special::Monument => tops().filter(|c| card(*c).has_demand()).count() >= at_least(4),
        Special::Empire => {
            let icons = derived::icon_counts(st, p);
            [Icon::Prosperity, Icon::Health, Icon::Concept, Icon::Authority, Icon::Industry, Icon::Efficiency]
                .iter()
                .all(|i| icons[i.index()] >= at_least(3))
        }
        Special::World => derived::icon_count(st, p, Icon::Efficiency) >= at_least(12),
        Special::Wonder => {
            Color::ALL.iter().filter(|c| matches!(ps.pile(**c).splay, Splay::Right | Splay::Up | Splay::Aslant)).count() >= at_least(5)
        }
        Special::Universe => derived::top_values(st, p).iter().filter(|v| **v >= value_at_least(8)).count() >= at_least(5),
        // The Unseen: a top card of a value, and a condition ("4+ Secrets", "No odd Top Card", ...).
        Special::Confidence => highest >= value_at_least(5) && ps.safe.len() >= at_least(4),
        Special::Zen => highest >= value_at_least(6) && derived::top_values(st, p).iter().all(|v| v % 2 == 0),
        // A standard achievement is a card claimed as an achievement (not a special one, a Decree or a Museum).
        Special::Anonymity => highest >= value_at_least(7) && !ps.achievements.iter().any(|a| matches!(a, Achievement::Card(_))),
        Special::Folklore => highest >= value_at_least(8) && derived::icon_count(st, p, Icon::Industry) == 0,
        Special::Mystery => highest >= value_at_least(9) && ps.colors_on_board().len() < 5,
        // Echoes: "at least three icons of the same icon type visible in each of at least four
        // different colors", "five cards in your forecast", "at least eight bonuses visible on your
        // board", "at least eight [hex] visible in one color", "a color with at least four echo effects".
        Special::Supremacy => Icon::ALL
            .iter()
            .any(|i| ps.piles.iter().filter(|pile| derived::pile_icon_count(pile, *i) >= at_least(3)).count() >= at_least(4)),
        Special::Destiny => ps.forecast.len() >= at_least(5),
        Special::Wealth => derived::bonuses(st, p).len() >= at_least(8),
        Special::Heritage => ps.piles.iter().any(|pile| derived::visible_hexes(pile) >= at_least(8)),
        Special::History => ps.piles.iter().any(|pile| derived::visible_echoes(pile).len() >= at_least(4)),
        // Cities' are claimed the moment a city is melded or junked (`city`).
        Special::Tradition | Special::Repute | Special::Fame | Special::Glory | Special::Victory => false,
    }
}

/// Figures: "At the end of any action … if you have more than one top Figure you must fade the
/// excess": score them one by one, chosen by their owner, until one is left (current player first).
fn fade(ctx: &mut Ctx) -> Res<()> {
    if !ctx.st.has(Set::Figures) {
        return Ok(());
    }
    let current = ctx.st.turn.player;
    let mut order = vec![current];
    order.extend(ctx.st.others(current));
    for q in order {
        loop {
            let figures: Vec<CardId> = ctx.top_cards(q).into_iter().filter(|c| card(*c).is_figure()).collect();
            if figures.len() < 2 {
                break;
            }
            // Figures: "If you are required to fade a figure" karmas ("instead do nothing").
            if !crate::karma::would(ctx, q, crate::karma::Event::Fade)? {
                break;
            }
            let Some(f) = ctx.choose_card(q, &figures, false, "fade: score one of your top Figures")? else { break };
            ctx.because_of(Cause::Rule(Rule::Fade), |ctx| ctx.score(q, f))?;
        }
    }
    Ok(())
}

/// The checks at the end of every action: fading, special achievements (ties go to the first
/// player clockwise from the left of the current player), then achievement victory.
pub fn end_of_action(ctx: &mut Ctx) -> Res<()> {
    fade(ctx)?;
    let current = ctx.st.turn.player;
    for s in ctx.st.specials.clone() {
        if let Some(q) = ctx.st.order_from_left_of(current).into_iter().find(|q| meets_special(ctx.st, *q, s)) {
            ctx.claim_special(q, s)?;
        }
    }
    let need = derived::achievements_to_win(ctx.st);
    let order = ctx.st.order_from_left_of(current);
    let best = order.iter().map(|q| derived::team_achievement_count(ctx.st, *q)).max().unwrap_or(0);
    if best >= need {
        let q = *order.iter().find(|q| derived::team_achievement_count(ctx.st, **q) == best).expect("a best player exists");
        ctx.would_win(q)?;
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
        // No karma exists before the first meld: the meld always happens.
        let _ = ctx.meld(p, *c);
    }
    let first = (0..chosen.len()).min_by_key(|p| card(chosen[*p]).title.to_lowercase()).unwrap_or(0);
    let who = ctx.name(first).to_string();
    ctx.say(format!("{who} goes first"));
    ctx.st.turn = crate::state::Turn::new(first, 1, 0);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameConfig};

    /// A Decree in the supply is run and claimed; in another player's achievements it goes back to
    /// the supply; in the issuer's own, it is run again.
    #[test]
    fn a_decree_s_fate_follows_where_it_is() {
        let config = GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Figures]);
        let mut st = Game::initial_state(&config).unwrap();
        assert_eq!(decree_fate(&st, 0, Color::Red), DecreeFate::ExecutedAndClaimed);
        st.decrees.retain(|c| *c != Color::Red);
        st.players[1].achievements.push(Achievement::Decree(Color::Red));
        assert_eq!(decree_fate(&st, 0, Color::Red), DecreeFate::ReturnedFrom(1));
        assert_eq!(decree_fate(&st, 1, Color::Red), DecreeFate::ExecutedAgain);
    }
}

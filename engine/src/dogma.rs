//! The Dogma action (pages 10 and 11): featured icon counts locked in at the
//! start ([`lock_in`], also the dogma preview's), sharing clockwise from the
//! left then the active player, demands on vulnerable opponents and compels on
//! those eligible to share, the free Draw when a sharing opponent (not a
//! teammate) did something with a card, and Parley in games of four or more.
//! Also self-execute, super-execute and the chain rule (page 16).

use crate::card::Set;
use crate::card::{card, CardId, EffectKind, Icon};
use crate::cards::{echo_of, effects_of};
use crate::ctx::{Act, Cause, Ctx, Exec, Mode, Res, Stop, ECHO};
use crate::derived;
use crate::state::{PlayerId, State, Zone};

/// How a self-execution differs from the plain keyword.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SelfExecution {
    /// Blackmail: "replacing 'may' with 'must'".
    pub must: bool,
    /// Hitchhiking: "with that player making all decisions for you".
    pub decider: Option<PlayerId>,
}

/// A Dogma action that ran to its end: its card, the icon locked in (the featured icon, or
/// [avatar] with Auspice), and whether a sharing opponent earned the active player the free Draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DogmaDone {
    pub card: CardId,
    pub icon: Icon,
    pub shared: bool,
}

/// Who takes part in a Dogma action, fixed at its start ("locking in").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LockIn {
    /// The icon compared (the featured icon; a Figure's with Auspice).
    pub icon: Icon,
    /// The active player's count of it.
    pub count: usize,
    /// Players with at least as many: they share non-demand effects (teammates included).
    pub eligible: Vec<PlayerId>,
    /// Opponents with fewer: demands reach them.
    pub vulnerable: Vec<PlayerId>,
    /// Opponents eligible to share: compels reach them.
    pub compelled: Vec<PlayerId>,
}

impl LockIn {
    /// `q` becomes eligible to share (and so is not vulnerable).
    fn make_eligible(&mut self, st: &State, p: PlayerId, q: PlayerId) {
        if !self.eligible.contains(&q) {
            self.eligible.push(q);
        }
        self.vulnerable.retain(|x| *x != q);
        if !st.are_teammates(p, q) && !self.compelled.contains(&q) {
            self.compelled.push(q);
        }
    }

    /// Figures: `q` "has sole majority in every icon during the action": as the active player
    /// nobody else is eligible and every opponent is vulnerable; otherwise `q` is eligible.
    fn with_sole_majority(mut self, st: &State, p: PlayerId, q: PlayerId) -> LockIn {
        if q == p {
            self.eligible.clear();
            self.compelled.clear();
            self.vulnerable = st.others(p).into_iter().filter(|x| !st.are_teammates(p, *x)).collect();
        } else {
            self.make_eligible(st, p, q);
        }
        self
    }
}

/// Locks in a Dogma action of `p` on `c`: each player's count of the featured icon (`extra`
/// adds the icons of a showcased Artifact to `p`'s count, "for sharing and vulnerability only").
pub fn lock_in(st: &State, p: PlayerId, c: CardId, extra: usize) -> LockIn {
    lock_in_with(st, p, extra, card(c).featured_icon.unwrap_or(Icon::Authority))
}

/// [`lock_in`] comparing `icon` (the featured icon, or a Figure's [avatar] with Auspice).
pub fn lock_in_with(st: &State, p: PlayerId, extra: usize, icon: Icon) -> LockIn {
    let count = derived::icon_count(st, p, icon) + extra;
    let mut out = LockIn { icon, count, eligible: Vec::new(), vulnerable: Vec::new(), compelled: Vec::new() };
    for q in st.others(p) {
        let teammate = st.are_teammates(p, q);
        if derived::icon_count(st, q, icon) >= count {
            out.eligible.push(q);
            if !teammate {
                out.compelled.push(q);
            }
        } else if !teammate {
            out.vulnerable.push(q);
        }
    }
    out
}

impl Ctx<'_> {
    /// Executes effect `i` of card `c` for `you`, issued by `me`.
    pub fn run_effect(&mut self, c: CardId, i: usize, you: PlayerId, me: PlayerId, mode: Mode) -> Res<()> {
        self.run_effect_as(c, i, you, me, mode, false)
    }

    /// Executes effect `i` of card `c` (`ECHO`: its echo effect); with `must`, its "may" reads
    /// "must" (see `Ctx::ask`).
    fn run_effect_as(&mut self, c: CardId, i: usize, you: PlayerId, me: PlayerId, mode: Mode, must: bool) -> Res<()> {
        // "If a player loses, all of their cards are junked and they no longer are part of the
        // table": a player out of the game executes nothing more (Max Verstappen's owner losing in
        // one of the extra executions of Space Traffic his karma gives).
        if self.st.players[you].eliminated {
            return Ok(());
        }
        let (f, demand) = if i == ECHO {
            (echo_of(c).ok_or(Stop::Unimplemented(c))?, false)
        } else {
            let fns = effects_of(c).ok_or(Stop::Unimplemented(c))?;
            (*fns.get(i).ok_or(Stop::Unimplemented(c))?, card(c).effects[i].kind.is_demand())
        };
        // Figures: "If you would execute an effect" / "If a player would execute a demand effect
        // against you" karmas, just before it.
        let about = crate::karma::Event::Execute { card: c, effect: i, demand, you, me };
        self.next_effect_raise = 0;
        if !crate::karma::would(self, you, about)? {
            return Ok(());
        }
        let raise = self.dogma_raise.saturating_add(std::mem::take(&mut self.next_effect_raise));
        let e = Exec { card: c, effect: i, you, me, mode, demand, trace_start: self.mark(), must, raise };
        if self.frames.is_empty() {
            self.attempts = 0;
        }
        self.frames.push(e);
        // The effect is the cause of what happens in it (see `Ctx::cause`).
        let r = f(self, e);
        self.frames.pop();
        match r {
            // An effect repeating without end stops (the outermost one running: see `ENDLESS`).
            Err(Stop::Endless) if self.frames.is_empty() => {
                self.say(format!("{} repeats without end: the effect stops", card(c).title));
                Ok(())
            }
            // A player who loses while executing an effect in another player's turn (a karma's
            // self-execution, say) ends their part there, at their outermost effect; the action
            // goes on. The current player's loss ends the action (`turn::action_step`).
            Err(Stop::Lost(x)) if x == you && x != self.st.turn.player && !self.frames.iter().any(|e| e.you == x) => Ok(()),
            other => other,
        }
    }

    /// Runs one player's part of an action; if that player loses meanwhile, their part just ends.
    fn guard(q: PlayerId, r: Res<()>) -> Res<()> {
        match r {
            Err(Stop::Lost(x)) if x == q => Ok(()),
            other => other,
        }
    }

    /// A player who left the game while asked counts as having said no.
    fn lost_as_no(q: PlayerId, r: Res<bool>) -> Res<bool> {
        match r {
            Err(Stop::Lost(x)) if x == q => Ok(false),
            other => other,
        }
    }

    /// Neighbours are adjacent among the players still in the game; teammates are never distant.
    pub fn is_distant(&self, a: PlayerId, b: PlayerId) -> bool {
        let active = self.st.active_players();
        if active.len() < 4 || a == b || self.st.are_teammates(a, b) {
            return false;
        }
        let (Some(ia), Some(ib)) = (active.iter().position(|x| *x == a), active.iter().position(|x| *x == b)) else {
            return false;
        };
        let n = active.len();
        !((ia + 1) % n == ib || (ib + 1) % n == ia)
    }

    /// The cost of a Parley: return a card from hand.
    fn pay_parley(&mut self, q: PlayerId, why: &str) -> Res<()> {
        let hand = self.st.players[q].hand.clone();
        if let Some(c) = self.choose_card(q, &hand, false, why)? {
            self.return_card(q, c)?;
        }
        Ok(())
    }

    /// Asks whether a distant player pays a Parley; only possible with a card in hand.
    fn offer_parley(&mut self, q: PlayerId, why: &str) -> Res<bool> {
        if self.st.players[q].hand.is_empty() || !self.yes_no(q, why)? {
            return Ok(false);
        }
        self.pay_parley(q, "Parley: return a card from your hand")?;
        Ok(true)
    }

    /// The Dogma action on top card `c` (the player's own, or a distant player's through Parley).
    /// Returns the action done (`None` when a karma replaced it); its free Draw action, if earned,
    /// is taken "after the Dogma action is complete", so after the checks at its end (see
    /// `turn::action_step`).
    pub fn dogma_action(&mut self, p: PlayerId, c: CardId) -> Res<Option<DogmaDone>> {
        if let Some(Zone::Pile(owner, _)) = self.st.locate(c) {
            // Figures: a card that counts as one the player can activate needs no Parley.
            if owner != p && !derived::activatable(self.st, p).contains(&c) {
                if effects_of(c).is_none() {
                    return Err(Stop::Unimplemented(c));
                }
                let (who, whose) = (self.name(p).to_string(), self.name(owner).to_string());
                self.say(format!("{who} parleys to use {whose}'s {}", card(c).title));
                self.pay_parley(p, &format!("Parley: return a card from your hand to use {}", card(c).title))?;
            }
        }
        let nth = Some(crate::turn::action_number(self.st));
        self.run_dogma(p, c, 0, 1, nth)
    }

    /// Cities: an endorsed Dogma action on `p`'s top card `c`, once the city is chosen and paid
    /// for (see `Ctx::endorse`): "When you execute a non-demand effect, do it twice. When you issue
    /// a demand, affect each vulnerable opponent twice (go around the table clockwise once and then
    /// a second time). When another player shares a non-demand effect, they execute it only once.
    /// Take only a single free Draw action for sharing."
    pub fn endorsed_dogma(&mut self, p: PlayerId, c: CardId) -> Res<Option<DogmaDone>> {
        let nth = Some(crate::turn::action_number(self.st));
        self.run_dogma(p, c, 0, 2, nth)
    }

    /// A free Dogma action (not one of the turn's two): the showcase of an Artifact on display,
    /// whose icons count for `p` for sharing and vulnerability only.
    pub fn free_dogma(&mut self, p: PlayerId, c: CardId, extra_icons: usize) -> Res<Option<DogmaDone>> {
        self.run_dogma(p, c, extra_icons, 1, None)
    }

    /// The effects of a Dogma action, once the card is chosen and paid for; `times` is how many
    /// times the active player executes each effect and each demand goes round (2 when endorsed).
    /// `nth` is which of the turn's actions this is (`None` for a free Dogma action).
    fn run_dogma(&mut self, p: PlayerId, c: CardId, extra_icons: usize, times: usize, nth: Option<u8>) -> Res<Option<DogmaDone>> {
        if effects_of(c).is_none() {
            return Err(Stop::Unimplemented(c));
        }
        let icon = self.auspice(p, c)?;
        // Figures: "If you would dogma a card ..." karmas, before anything is locked in. A karma
        // raising the age values of this action's effects (Johannes Kepler) raises them until the
        // action ends, on top of any raise of an action it is taken within.
        let outer_raise = self.dogma_raise;
        if !crate::karma::would(self, p, crate::karma::Event::Dogma { card: c, icon, nth })? {
            self.sole_majority = None;
            self.dogma_raise = outer_raise;
            return Ok(None);
        }
        let done = self.run_locked_in(p, c, extra_icons, times, icon);
        self.dogma_raise = outer_raise;
        done
    }

    /// [`Ctx::run_dogma`] once its karmas have acted: the lock-in, then the effects.
    fn run_locked_in(&mut self, p: PlayerId, c: CardId, extra_icons: usize, times: usize, icon: Icon) -> Res<Option<DogmaDone>> {
        let info = card(c);
        let mut lock = lock_in_with(self.st, p, extra_icons, icon);
        if let Some(q) = self.sole_majority.take() {
            lock = lock.with_sole_majority(self.st, p, q);
        }
        // Figures: "If you would not be eligible for sharing" karmas, for each player who is not.
        for q in self.st.others(p) {
            if !lock.eligible.contains(&q) && !self.st.players[q].eliminated {
                if !crate::karma::would(self, q, crate::karma::Event::NotEligible { card: c })? {
                    lock.make_eligible(self.st, p, q);
                }
            }
        }
        let LockIn { icon, count: mine, eligible, vulnerable, compelled } = lock;
        if self.telling() {
            let who = self.name(p).to_string();
            let names = |v: &[PlayerId], ctx: &Self| v.iter().map(|q| ctx.name(*q).to_string()).collect::<Vec<_>>().join(", ");
            let mut text = format!("{who} used the dogma of {} ({} [{}] for {who})", info.title, mine, icon);
            if !eligible.is_empty() {
                text += &format!("; sharing: {}", names(&eligible, self));
            }
            if info.effects.iter().any(|e| e.kind == EffectKind::Demand) && !vulnerable.is_empty() {
                text += &format!("; demanded of: {}", names(&vulnerable, self));
            }
            if info.effects.iter().any(|e| e.kind == EffectKind::Compel) && !compelled.is_empty() {
                text += &format!("; compelled: {}", names(&compelled, self));
            }
            self.say(text);
        }

        let n_players = self.st.num_players();
        let mut share_parley: Vec<Option<bool>> = vec![None; n_players];
        let mut immune: Vec<Option<bool>> = vec![None; n_players];
        let mut shared = false;
        // Echoes: "before executing the dogma effects of a card, first check to see if any echo
        // effects are visible in its color. Execute each of those effects, starting from the card on
        // the bottom of the pile": non-demand effects, shared like the dogma effects.
        let echoes = match self.st.locate(c) {
            Some(Zone::Pile(owner, col)) if self.st.has(Set::Echoes) => derived::visible_echoes(self.st.pile(owner, col)),
            _ => Vec::new(),
        };
        let steps: Vec<(CardId, usize)> = echoes.into_iter().map(|e| (e, ECHO)).chain((0..info.effects.len()).map(|i| (c, i))).collect();
        for (c, i) in steps {
            if i != ECHO && info.effects[i].kind.is_demand() {
                let eff = &info.effects[i];
                let targets = if eff.kind == EffectKind::Compel { &compelled } else { &vulnerable };
                let round = self.st.order_from_left_of(p);
                for q in round.iter().copied().cycle().take(round.len() * times) {
                    if !targets.contains(&q) || self.st.players[q].eliminated {
                        continue;
                    }
                    if self.is_distant(p, q) && immune[q].is_none() {
                        let why = format!("Parley: return a card from your hand to be immune to {}'s demand?", self.name(p));
                        immune[q] = Some(Self::lost_as_no(q, self.offer_parley(q, &why))?);
                    }
                    if immune[q] == Some(true) {
                        continue;
                    }
                    Self::guard(q, self.run_effect(c, i, q, p, Mode::Dogma))?;
                }
                continue;
            }
            for q in self.st.order_from_left_of(p) {
                if q == p {
                    continue;
                }
                if !eligible.contains(&q) || self.st.players[q].eliminated {
                    continue;
                }
                if self.is_distant(p, q) {
                    if share_parley[q].is_none() {
                        let why = format!("Parley: return a card from your hand to share {}'s {}?", self.name(p), info.title);
                        share_parley[q] = Some(Self::lost_as_no(q, self.offer_parley(q, &why))?);
                    }
                    if share_parley[q] == Some(false) {
                        continue;
                    }
                }
                let mark = self.mark();
                Self::guard(q, self.run_effect(c, i, q, p, Mode::Dogma))?;
                // "This only occurs if an opponent's use of the shared effect causes them to do
                // something with a card", and "an 'opponent' ignores your teammate": a teammate
                // shares, but never earns the free Draw.
                if !self.st.are_teammates(p, q) && self.since(mark).iter().any(|h| h.act != Act::Reveal) {
                    shared = true;
                }
            }
            for _ in 0..times {
                self.run_effect(c, i, p, p, Mode::Dogma)?;
            }
        }
        Ok(Some(DogmaDone { card: c, icon, shared }))
    }

    /// Figures' Auspice: "When you select a card for a Dogma action, check its featured icon. If
    /// you have a top Figure with that icon, you may choose to Auspice. If you do, use [avatar] in
    /// place of the featured icon when determining sharing eligibility and demand vulnerability."
    /// Returns the icon compared.
    fn auspice(&mut self, p: PlayerId, c: CardId) -> Res<Icon> {
        let featured = card(c).featured_icon.unwrap_or(Icon::Authority);
        if !self.st.has(Set::Figures) || featured == Icon::Avatar {
            return Ok(featured);
        }
        let figure = self.st.players[p].top_cards().into_iter().find(|f| card(*f).is_figure() && card(*f).has_icon(featured));
        let Some(f) = figure else { return Ok(featured) };
        let why = format!("Auspice with {}: use [avatar] in place of [{featured}] for sharing and demands?", card(f).title);
        Ok(if self.yes_no(p, &why)? { Icon::Avatar } else { featured })
    }

    /// Whether a self-/super-execution now would trigger the chain rule.
    fn chain_rule_applies(&self) -> bool {
        self.exec().is_some_and(|e| matches!(e.mode, Mode::SelfExecute | Mode::SuperExecute) && !e.demand)
    }

    /// Chain rule: first draw and achieve an 11.
    fn chain_achievement(&mut self, p: PlayerId) -> Res<()> {
        if self.chain_rule_applies() {
            let who = self.name(p).to_string();
            self.say(format!("Chain rule: {who} draws and achieves an 11"));
            let c = self.because_of(Cause::Rule(crate::ctx::Rule::Chain), |ctx| ctx.draw(p, 11))?;
            self.achieve(p, c)?;
        }
        Ok(())
    }

    /// Echoes: "When self-executing or super-executing a card, if it is a top card on a board,
    /// execute all echo effects in its color on that board. If it is elsewhere, only execute the
    /// echo effects on the card itself." Bottom of the pile first.
    fn echoes_when_executing(&self, c: CardId) -> Vec<CardId> {
        if !self.st.has(Set::Echoes) {
            return Vec::new();
        }
        match self.st.locate(c) {
            Some(Zone::Pile(owner, col)) if self.st.players[owner].top(col) == Some(c) => derived::visible_echoes(self.st.pile(owner, col)),
            _ if card(c).echo.is_some() => vec![c],
            _ => Vec::new(),
        }
    }

    /// Executes every non-demand effect of `c` for `p`, without sharing. The card stays where it is.
    pub fn self_execute(&mut self, p: PlayerId, c: CardId) -> Res<()> {
        self.self_execute_as(p, c, SelfExecution::default())
    }

    /// A self-execution with a change the effect asking for it makes (Blackmail, Hitchhiking).
    pub fn self_execute_as(&mut self, p: PlayerId, c: CardId, how: SelfExecution) -> Res<()> {
        // "If a card would cause a City [or a Figure] to be self-executed or super-executed, nothing happens."
        if !card(c).has_dogma() || self.suppressed() {
            return Ok(());
        }
        self.chain_achievement(p)?;
        let who = self.name(p).to_string();
        let mut text = format!("{who} self-executes {}", card(c).title);
        if how.must {
            text += ", reading 'may' as 'must'";
        }
        if let Some(d) = how.decider {
            text += &format!(", with {} making all decisions", self.name(d));
        }
        self.say(text);
        if let Some(d) = how.decider {
            self.deciders.push((p, d));
        }
        let r = (|| {
            for e in self.echoes_when_executing(c) {
                self.run_effect_as(e, ECHO, p, p, Mode::SelfExecute, how.must)?;
            }
            for (i, eff) in card(c).effects.iter().enumerate() {
                if eff.kind == EffectKind::NonDemand {
                    self.run_effect_as(c, i, p, p, Mode::SelfExecute, how.must)?;
                }
            }
            Ok(())
        })();
        if how.decider.is_some() {
            self.deciders.pop();
        }
        r
    }

    /// Like self-execute, but demand effects are executed too, with every opponent vulnerable.
    pub fn super_execute(&mut self, p: PlayerId, c: CardId) -> Res<()> {
        if !card(c).has_dogma() || self.suppressed() {
            return Ok(());
        }
        self.chain_achievement(p)?;
        let who = self.name(p).to_string();
        self.say(format!("{who} super-executes {}", card(c).title));
        for e in self.echoes_when_executing(c) {
            self.run_effect(e, ECHO, p, p, Mode::SuperExecute)?;
        }
        for (i, eff) in card(c).effects.iter().enumerate() {
            match eff.kind {
                EffectKind::Demand => {
                    for q in self.st.opponents(p) {
                        Self::guard(q, self.run_effect(c, i, q, p, Mode::SuperExecute))?;
                    }
                }
                EffectKind::NonDemand => self.run_effect(c, i, p, p, Mode::SuperExecute)?,
                // "You also execute all demand effects (but not compel effects on Artifacts cards)."
                EffectKind::Compel => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    //! No base card super-executes, so the keyword is tested here directly.
    use crate::card::CardDb;
    use crate::ctx::{Ctx, Exec, Mode};
    use crate::game::{Game, GameConfig};
    use crate::state::{Achievement, State};

    fn id(t: &str) -> crate::card::CardId {
        CardDb::get().by_title(t).unwrap()
    }

    fn table(players: &[&str]) -> State {
        let mut st = Game::initial_state(&GameConfig::new(players, 1)).unwrap();
        for p in 0..players.len() {
            for c in std::mem::take(&mut st.players[p].hand) {
                st.deck_mut(crate::card::Set::Base, 1).insert(0, c);
            }
        }
        st
    }

    /// "They no longer are part of the table": an effect executed for a player who has lost does
    /// nothing. Space Traffic repeats "if you do not have the highest score": for a player out of
    /// the game, with nothing left to draw, tuck or score, it would repeat until the endless bound.
    #[test]
    fn a_player_out_of_the_game_executes_nothing() {
        let mut st = table(&["ann", "bo"]);
        st.remove(id("Agriculture"));
        st.players[0].score.push(id("Agriculture"));
        st.players[1].eliminated = true;
        let elevens = st.deck(crate::card::Set::Base, 11).len();
        let names: Vec<String> = ["ann", "bo"].iter().map(|s| s.to_string()).collect();
        let mut ctx = Ctx::new(&mut st, &names, &[]);
        ctx.run_effect(id("Space Traffic"), 0, 1, 1, Mode::Dogma).unwrap();
        assert_eq!(ctx.attempts, 0, "no keyword was attempted for bo");
        assert!(ctx.events.is_empty(), "nothing happened: {:?}", ctx.events);
        assert_eq!(ctx.st.deck(crate::card::Set::Base, 11).len(), elevens);
    }

    #[test]
    fn super_execute_demands_of_every_opponent_whatever_their_icons() {
        let mut st = table(&["ann", "bo", "cy"]);
        // Bo has more [authority] than ann: a Dogma would not touch him; a super-execution does.
        for (p, t) in [(1, "The Wheel"), (1, "Mysticism")] {
            st.remove(id(t));
            st.players[p].piles[crate::card::card(id(t)).color.index()].cards.push(id(t));
        }
        for t in ["Tools", "Sailing"] {
            st.remove(id(t));
            st.deck_mut(crate::card::Set::Base, 1).push(id(t));
        }
        st.achievements.retain(|c| crate::card::card(*c).age > 2);
        let names: Vec<String> = ["ann", "bo", "cy"].iter().map(|s| s.to_string()).collect();
        let mut ctx = Ctx::new(&mut st, &names, &[]);
        ctx.super_execute(0, id("Archery")).unwrap();
        // Bo drew Sailing (top), then cy drew Tools; each gave it (their only card) to ann.
        let hand = &ctx.st.players[0].hand;
        assert!(hand.contains(&id("Sailing")) && hand.contains(&id("Tools")), "{hand:?}");
        assert!(ctx.st.players[1].hand.is_empty() && ctx.st.players[2].hand.is_empty());
    }

    #[test]
    fn super_execute_while_self_executing_follows_the_chain_rule() {
        let mut st = table(&["ann", "bo"]);
        let names: Vec<String> = ["ann", "bo"].iter().map(|s| s.to_string()).collect();
        let eleven = *st.deck(crate::card::Set::Base, 11).last().unwrap();
        let mut ctx = Ctx::new(&mut st, &names, &[]);
        ctx.frames.push(Exec {
            card: id("Writing"),
            effect: 0,
            you: 0,
            me: 0,
            mode: Mode::SelfExecute,
            demand: false,
            trace_start: 0,
            must: false,
            raise: 0,
        });
        ctx.super_execute(0, id("Writing")).unwrap();
        assert!(ctx.st.players[0].achievements.contains(&Achievement::Card(eleven)), "the chain rule draws and achieves an 11 first");
        assert_eq!(ctx.st.players[0].hand.len(), 1, "then Writing's draw");
    }

    /// Blackmail's "replacing 'may' with 'must'", read where questions are asked: a "you may"
    /// yes/no is a yes, a choice that could be declined must pick something, and an effect whose
    /// text has no "may" keeps its "any number".
    #[test]
    fn may_reads_must_only_in_an_effect_that_says_may() {
        use crate::ctx::Stop;
        let mut st = table(&["ann", "bo"]);
        let names: Vec<String> = ["ann", "bo"].iter().map(|s| s.to_string()).collect();
        let cards = [id("Sailing"), id("Writing")];
        let frame = |c: &str, effect: usize, must: bool| Exec {
            card: id(c),
            effect,
            you: 0,
            me: 0,
            mode: Mode::SelfExecute,
            demand: false,
            trace_start: 0,
            must,
            raise: 0,
        };
        let mut ctx = Ctx::new(&mut st, &names, &[]);
        // Agriculture: "You may return a card from your hand. …"
        ctx.frames.push(frame("Agriculture", 0, true));
        assert_eq!(ctx.yes_no(0, "you may"), Ok(true), "a yes without a question");
        match ctx.choose_cards(0, &cards, 0, 1, "you may return a card") {
            Err(Stop::Ask(p)) => assert_eq!((p.min, p.max), (1, 1)),
            other => panic!("{other:?}"),
        }
        assert_eq!(ctx.choose_cards(0, &[], 0, 1, "you may return a card"), Ok(vec![]), "nothing possible: nothing happens");
        // The same effect self-executed as printed asks.
        ctx.frames.pop();
        ctx.frames.push(frame("Agriculture", 0, false));
        assert!(matches!(ctx.yes_no(0, "you may"), Err(Stop::Ask(_))));
        // Taqiyya's second effect says no "may": its "any number" stays optional.
        ctx.frames.pop();
        ctx.frames.push(frame("Taqiyya", 1, true));
        match ctx.choose_cards(0, &cards, 0, 2, "score any number") {
            Err(Stop::Ask(p)) => assert_eq!(p.min, 0),
            other => panic!("{other:?}"),
        }
    }
}

//! The dogma keywords (pages 12 and 13 of the rulebook), each written once:
//! draw (the expansions' draw rules, skipping empty ages, ending the game above
//! 11), meld, tuck, score, return, junk, transfer, exchange, reveal, splay,
//! achieve, claim, safeguard, foreshadow, lose, win. Every keyword that moves a
//! card passes through one intercept point ([`Ctx::keyword`]): there a Figure's
//! "would" karma may replace it or go first, and after it the "when" reactions
//! run (`crate::react`). Every one records what it did and why in the trace,
//! for "if you do", "this effect" and the free draw, and tells the table in an event.

use crate::card::{card, CardId, Color, Set, Special};
use crate::ctx::{Act, Cause, Ctx, Res, Rule, Stop};
use crate::derived;
use crate::state::{Achievement, Outcome, PlayerId, Splay, WinReason, Zone};

/// What a "draw and <keyword>" did ([`Ctx::draw_and`]): the card drawn, and whether the
/// keyword then happened to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub card: CardId,
    pub done: bool,
}

/// Where a moved card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dest {
    Hand(PlayerId),
    Score(PlayerId),
    Achievements(PlayerId),
    /// On top of the pile of the card's colour.
    Board(PlayerId),
    /// At the bottom of the pile of the card's colour (as tucked).
    BoardBottom(PlayerId),
    /// The bottom of its deck (returned).
    Deck,
    /// The top of its deck ("place it on top of its deck"; not a return).
    DeckTop,
    Junk,
    AvailableAchievements,
    /// The Unseen: a player's safe.
    Safe(PlayerId),
    /// Echoes: a player's forecast.
    Forecast(PlayerId),
}

impl Dest {
    /// The zone a card lands in (`None` for a deck, whose set and age depend on the card).
    fn zone(self) -> Option<Zone> {
        Some(match self {
            Dest::Hand(p) => Zone::Hand(p),
            Dest::Score(p) => Zone::Score(p),
            Dest::Achievements(p) => Zone::Achievements(p),
            // Any pile: who may see a card there does not depend on its colour.
            Dest::Board(p) | Dest::BoardBottom(p) => Zone::Pile(p, Color::Red),
            Dest::Deck | Dest::DeckTop => return None,
            Dest::Junk => Zone::Junk,
            Dest::AvailableAchievements => Zone::AvailableAchievements,
            Dest::Safe(p) => Zone::Safe(p),
            Dest::Forecast(p) => Zone::Forecast(p),
        })
    }
    fn public(self) -> bool {
        self.zone().is_some_and(Zone::is_public)
    }
}

/// A keyword about to happen, as the intercept point sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keyword {
    /// A draw of a card of value `age` asked for, from `set`'s deck as the draw rules say (before
    /// empty ages are skipped; it may still come from the base deck if that set's deck is empty).
    Draw {
        age: u8,
        set: Set,
    },
    Move {
        act: Act,
        card: CardId,
        to: Dest,
    },
    Reveal(CardId),
    /// A splay of `board`'s pile of `color` (the splay may be done by another player).
    Splay {
        board: PlayerId,
        color: Color,
        dir: Splay,
    },
    Achieve(Achievement),
}

/// Which deck a draw is from, before the expansions' draw rules are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawFrom {
    /// A base card, as the Figures, Echoes and Unseen draw rules may replace it.
    Base,
    /// A card of this expansion (a City draw, a Figure draw): the base card when its deck is empty.
    Set(Set),
}

impl Ctx<'_> {
    // ---------- wording ----------

    fn whose(&self, owner: PlayerId, by: PlayerId) -> String {
        if owner == by {
            "their".to_string()
        } else {
            format!("{}'s", self.name(owner))
        }
    }

    fn zone_words(&self, z: Zone, by: PlayerId) -> String {
        match z {
            Zone::Hand(p) => format!("{} hand", self.whose(p, by)),
            Zone::Score(p) => format!("{} score pile", self.whose(p, by)),
            Zone::Achievements(p) => format!("{} achievements", self.whose(p, by)),
            Zone::Pile(p, _) => format!("{} board", self.whose(p, by)),
            Zone::Deck(Set::Base, a) => format!("the {a} deck"),
            Zone::Deck(set, a) => format!("the {set} {a} deck"),
            Zone::AvailableAchievements => "the available achievements".to_string(),
            Zone::Junk => "the junk".to_string(),
            Zone::Forecast(p) => format!("{} forecast", self.whose(p, by)),
            Zone::Safe(p) => format!("{} safe", self.whose(p, by)),
            Zone::Display(p) => format!("{} display", self.whose(p, by)),
            Zone::Museum(p) => format!("{} Museums", self.whose(p, by)),
            Zone::SetAside(p) => format!("{} cards set aside", self.whose(p, by)),
        }
    }

    fn dest_words(&self, d: Dest, by: PlayerId) -> String {
        match d {
            Dest::Hand(p) => format!("{} hand", self.whose(p, by)),
            Dest::Score(p) => format!("{} score pile", self.whose(p, by)),
            Dest::Achievements(p) => format!("{} achievements", self.whose(p, by)),
            Dest::Board(p) | Dest::BoardBottom(p) => format!("{} board", self.whose(p, by)),
            Dest::Deck => "its deck".to_string(),
            Dest::DeckTop => "the top of its deck".to_string(),
            Dest::Junk => "the junk".to_string(),
            Dest::AvailableAchievements => "the available achievements".to_string(),
            Dest::Safe(p) => format!("{} safe", self.whose(p, by)),
            Dest::Forecast(p) => format!("{} forecast", self.whose(p, by)),
        }
    }

    /// Tells the table that `by` moved `c`: by name where anyone could see it, by its back otherwise.
    fn tell_move(&mut self, by: PlayerId, verb: &str, c: CardId, from: Zone, to: Dest, say_to: bool) {
        if !self.telling() {
            return;
        }
        let info = card(c);
        let known = from.is_public() || to.public() || self.revealed.contains(&c);
        let from_w = self.zone_words(from, by);
        let to_w = if say_to { format!(" to {}", self.dest_words(to, by)) } else { String::new() };
        let who = self.name(by).to_string();
        let named = format!("{who} {verb} {} ({}) from {from_w}{to_w}", info.title, info.age);
        if known {
            self.say(named);
        } else {
            let back = format!("{who} {verb} {} from {from_w}{to_w}", crate::view::back_words(info.age, info.set));
            // Only who could see it where it was, or can see it where it goes, reads its name.
            let mut audience: Vec<PlayerId> = [from, to.zone().unwrap_or(Zone::Junk)]
                .into_iter()
                .filter_map(|z| z.owner().filter(|o| z.front_visible_to(Some(*o))))
                .collect();
            audience.dedup();
            self.say_private(back, named, audience);
        }
    }

    // ---------- moving cards ----------

    fn put(&mut self, c: CardId, to: Dest) {
        let col = card(c).color;
        let st = &mut *self.st;
        match to {
            Dest::Hand(p) => st.players[p].hand.push(c),
            Dest::Score(p) => st.players[p].score.push(c),
            Dest::Achievements(p) => st.players[p].achievements.push(Achievement::Card(c)),
            Dest::Board(p) => st.pile_mut(p, col).cards.push(c),
            Dest::BoardBottom(p) => st.pile_mut(p, col).cards.insert(0, c),
            Dest::Deck => st.deck_mut(card(c).set, card(c).age).insert(0, c),
            Dest::DeckTop => st.deck_mut(card(c).set, card(c).age).push(c),
            Dest::Junk => st.junk.push(c),
            Dest::AvailableAchievements => st.achievements.push(c),
            Dest::Safe(p) => st.players[p].safe.push(c),
            Dest::Forecast(p) => st.players[p].forecast.push(c),
        }
    }

    // ---------- the intercept point ----------

    /// Every keyword passes here just before it happens. A Figure's "would" karma may go
    /// first or replace it ("instead"); returns whether the keyword still happens. Karmas do
    /// not trigger while a karma is being resolved.
    pub fn would(&mut self, by: PlayerId, k: Keyword) -> Res<bool> {
        self.attempt()?;
        // Before the sentence executed alone (see `sentence`), no keyword happens.
        if self.suppressed() {
            return Ok(false);
        }
        if self.in_karma() {
            return Ok(true);
        }
        crate::react::would(self, by, k)
    }

    /// Counts a keyword attempted by the effects running; past [`crate::ctx::ENDLESS`] of them the
    /// outermost effect repeats without end (`Stop::Endless`).
    fn attempt(&mut self) -> Res<()> {
        if self.frames.is_empty() {
            return Ok(());
        }
        self.attempts += 1;
        if self.attempts > crate::ctx::ENDLESS {
            return Err(Stop::Endless);
        }
        Ok(())
    }

    /// Every keyword passes here just after it happened: the rules and "when" karmas that react to it.
    pub fn did(&mut self, by: PlayerId, k: Keyword) -> Res<()> {
        crate::react::did(self, by, k)
    }

    /// Moves a card through the intercept point, recording it as `act` by `by`. Returns whether it moved.
    fn keyword(&mut self, by: PlayerId, act: Act, verb: &str, c: CardId, to: Dest, say_to: bool) -> Res<bool> {
        let k = Keyword::Move { act, card: c, to };
        // "If a player loses, all of their cards are junked and they no longer are part of the
        // table": nothing moves to a player out of the game (Deepfake after Escape Room's demand).
        if to.zone().and_then(Zone::owner).is_some_and(|o| self.st.players[o].eliminated) {
            self.attempt()?;
            return Ok(false);
        }
        if !self.would(by, k)? {
            return Ok(false);
        }
        let Some(from) = self.st.remove(c) else { return Ok(false) };
        self.put(c, to);
        self.record(by, act, Some(c), Some(from));
        let ps = &mut self.st.players[by];
        match act {
            Act::Score => ps.scored_this_turn = ps.scored_this_turn.saturating_add(1),
            Act::Tuck => ps.tucked_this_turn = ps.tucked_this_turn.saturating_add(1),
            _ => {}
        }
        self.tell_move(by, verb, c, from, to, say_to);
        self.did(by, k)?;
        Ok(true)
    }

    // ---------- draw ----------

    /// Draws a card of value `age` into the hand: the expansions' draw rules may make it a card
    /// of another set; empty ages are skipped; a draw above 11 ends the game at once (score victory).
    pub fn draw(&mut self, p: PlayerId, age: u8) -> Res<CardId> {
        self.draw_from(p, age, DrawFrom::Base)
    }

    /// Draws from a set's deck, or (with `DrawFrom::Base`) as the draw rules say.
    pub fn draw_from(&mut self, p: PlayerId, age: u8, from: DrawFrom) -> Res<CardId> {
        // Before the sentence executed alone, nothing is drawn: "it" is a card not in play.
        if self.suppressed() {
            self.idle()?;
            return Ok(self.void_card());
        }
        // A karma may go first here, or replace the draw ("instead"); a player who lost meanwhile
        // (Rod Serling) draws nothing. A draw that does not happen hands back a card not in play,
        // so that nothing can be done with "it".
        let asked = match from {
            DrawFrom::Set(set) => set,
            DrawFrom::Base => self.draw_rule(p),
        };
        if !self.would(p, Keyword::Draw { age, set: asked })? || self.st.players[p].eliminated {
            return Ok(self.void_card());
        }
        // "You can never draw cards from an empty age": an age is empty when its base deck is.
        let mut a = if age == 0 && !self.st.age_zero { 1 } else { age };
        while a <= 11 && self.st.deck(Set::Base, a).is_empty() {
            a += 1;
        }
        if a > 11 {
            let who = self.name(p).to_string();
            self.say(format!("{who} would draw a card above 11: the game ends"));
            return Err(self.score_victory());
        }
        let wanted = match from {
            DrawFrom::Set(set) => set,
            DrawFrom::Base => self.draw_rule(p),
        };
        // "If an expansion deck is empty … draw a card from the corresponding base deck instead."
        let set = if self.st.deck(wanted, a).is_empty() { Set::Base } else { wanted };
        let c = self.st.deck_mut(set, a).pop().expect("deck is not empty");
        self.st.players[p].hand.push(c);
        self.st.players[p].drawn_this_turn = self.st.players[p].drawn_this_turn.saturating_add(1);
        self.record(p, Act::Draw, Some(c), Some(Zone::Deck(set, a)));
        if self.telling() {
            let who = self.name(p).to_string();
            let info = card(c);
            let back = crate::view::back_words(a, set);
            let of = if set == Set::Base { String::new() } else { format!("{set} ") };
            self.say_private(format!("{who} drew {back}"), format!("{who} drew {} ({of}{a})", info.title), vec![p]);
        }
        self.did(p, Keyword::Draw { age: a, set })?;
        Ok(c)
    }

    /// The set a base draw comes from under the expansions' draw rules, checked in the
    /// rulebook's order: Figures (the free Draw for sharing, see `draw_action_for_sharing`),
    /// then Echoes (a unique highest top card), then The Unseen (the first card drawn this turn).
    fn draw_rule(&self, p: PlayerId) -> Set {
        let st = &*self.st;
        if st.has(Set::Figures) && self.cause() == Cause::Rule(Rule::SharingDraw) {
            return Set::Figures;
        }
        if st.has(Set::Echoes) {
            let tops = derived::top_values(st, p);
            let high = tops.iter().copied().max();
            if high.is_some_and(|h| tops.iter().filter(|v| **v == h).count() == 1) {
                return Set::Echoes;
            }
        }
        if st.has(Set::Unseen) && st.players[p].drawn_this_turn == 0 {
            return Set::Unseen;
        }
        Set::Base
    }

    /// "Draw N {age}".
    pub fn draw_n(&mut self, p: PlayerId, age: u8, n: usize) -> Res<Vec<CardId>> {
        (0..n).map(|_| self.draw(p, age)).collect()
    }

    /// "Draw and <keyword>": draws a card, then does the keyword to it (meld, score, tuck,
    /// reveal, safeguard, foreshadow, ...). Reports the drawn card and whether the keyword then
    /// happened: a karma's "instead" may cancel it, and an "if you do" that follows asks `done`.
    pub fn draw_and(&mut self, p: PlayerId, age: u8, keyword: fn(&mut Self, PlayerId, CardId) -> Res<bool>) -> Res<Drawn> {
        let card = self.draw(p, age)?;
        let done = keyword(self, p, card)?;
        Ok(Drawn { card, done })
    }

    pub fn draw_and_meld(&mut self, p: PlayerId, age: u8) -> Res<CardId> {
        Ok(self.draw_and(p, age, Self::meld)?.card)
    }

    pub fn draw_and_score(&mut self, p: PlayerId, age: u8) -> Res<CardId> {
        Ok(self.draw_and(p, age, Self::score)?.card)
    }

    pub fn draw_and_tuck(&mut self, p: PlayerId, age: u8) -> Res<CardId> {
        Ok(self.draw_and(p, age, Self::tuck)?.card)
    }

    /// "Draw and reveal": the card stays in the hand unless the effect moves it.
    pub fn draw_and_reveal(&mut self, p: PlayerId, age: u8) -> Res<CardId> {
        Ok(self.draw_and(p, age, Self::reveal)?.card)
    }

    /// "Draw and safeguard" (The Unseen).
    pub fn draw_and_safeguard(&mut self, p: PlayerId, age: u8) -> Res<CardId> {
        Ok(self.draw_and(p, age, Self::safeguard)?.card)
    }

    /// "Draw and foreshadow" (Echoes).
    pub fn draw_and_foreshadow(&mut self, p: PlayerId, age: u8) -> Res<CardId> {
        Ok(self.draw_and(p, age, Self::foreshadow)?.card)
    }

    /// The Draw action: a card of the value of the highest top card.
    pub fn draw_action(&mut self, p: PlayerId) -> Res<CardId> {
        let v = derived::highest_top_value(self.st, p);
        self.draw(p, v)
    }

    /// The free Draw action earned by sharing: with Figures in the Sand, a Figure.
    pub fn draw_action_for_sharing(&mut self, p: PlayerId) -> Res<CardId> {
        self.because_of(Cause::Rule(Rule::SharingDraw), |ctx| ctx.draw_action(p))
    }

    // ---------- the other keywords ----------

    /// Places a card on top of its colour's pile, continuing the splay.
    pub fn meld(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        self.keyword(p, Act::Meld, "melded", c, Dest::Board(p), false)
    }

    /// Places a card at the bottom of its colour's pile.
    pub fn tuck(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        self.keyword(p, Act::Tuck, "tucked", c, Dest::BoardBottom(p), false)
    }

    pub fn score(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        self.keyword(p, Act::Score, "scored", c, Dest::Score(p), false)
    }

    /// Returns a card to the bottom of its deck (of its own set).
    pub fn return_card(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        self.keyword(p, Act::Return, "returned", c, Dest::Deck, false)
    }

    /// "Place a card on top of its deck": a transfer to the top of the deck of its set and value.
    pub fn place_on_top_of_deck(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        self.keyword(p, Act::Transfer, "placed", c, Dest::DeckTop, true)
    }

    pub fn junk(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        self.keyword(p, Act::Junk, "junked", c, Dest::Junk, false)
    }

    /// Moves a card from one place in play to another; not a meld, score, etc.
    pub fn transfer(&mut self, p: PlayerId, c: CardId, to: Dest) -> Res<bool> {
        self.keyword(p, Act::Transfer, "transferred", c, to, true)
    }

    /// The "achieve" keyword: the card becomes one of the player's achievements.
    pub fn achieve(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        self.keyword(p, Act::Achieve, "achieved", c, Dest::Achievements(p), false)
    }

    /// Safeguard (The Unseen): the card goes face down into the player's safe, unless the safe
    /// is at or above its limit, when nothing happens and the card stays where it was.
    pub fn safeguard(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        if self.suppressed() {
            return Ok(false);
        }
        if self.st.players[p].safe.len() >= derived::zone_limit(self.st, p) {
            let who = self.name(p).to_string();
            self.say(format!("{who}'s safe is full: nothing is safeguarded"));
            return Ok(false);
        }
        self.keyword(p, Act::Safeguard, "safeguarded", c, Dest::Safe(p), false)
    }

    /// Foreshadow (Echoes): the card goes face down into the player's forecast, unless the
    /// forecast is at or above its limit, when nothing happens and the card stays where it was.
    pub fn foreshadow(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        if self.suppressed() {
            return Ok(false);
        }
        if self.st.players[p].forecast.len() >= derived::zone_limit(self.st, p) {
            let who = self.name(p).to_string();
            self.say(format!("{who}'s forecast is full: nothing is foreshadowed"));
            return Ok(false);
        }
        self.keyword(p, Act::Foreshadow, "foreshadowed", c, Dest::Forecast(p), false)
    }

    /// Shows a card to everyone; it stays where it is. Does not count for sharing.
    pub fn reveal(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        if !self.would(p, Keyword::Reveal(c))? {
            return Ok(false);
        }
        let info = card(c);
        let from = self.st.locate(c);
        self.record(p, Act::Reveal, Some(c), from);
        if !self.revealed.contains(&c) {
            self.revealed.push(c);
        }
        if self.telling() {
            let who = self.name(p).to_string();
            self.say(format!("{who} revealed {} ({})", info.title, info.age));
        }
        self.did(p, Keyword::Reveal(c))?;
        Ok(true)
    }

    /// Reveals every card of a hand (verification, and "reveal your hand").
    pub fn reveal_hand(&mut self, p: PlayerId) -> Res<()> {
        for c in self.st.players[p].hand.clone() {
            self.reveal(p, c)?;
        }
        Ok(())
    }

    /// Figures: "Introduce the {0} deck": the Age 0 cards not in play are shuffled (by the game's
    /// seeded generator) into the base deck of age 0, and 0 becomes a value to choose.
    pub fn introduce_age_zero(&mut self, p: PlayerId) -> Res<()> {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        if self.suppressed() {
            return Ok(());
        }
        let mut cards: Vec<CardId> =
            crate::card::CardDb::get().of_set_and_age(Set::Base, 0).iter().copied().filter(|c| self.st.locate(*c).is_none()).collect();
        self.st.coin = self.st.coin.wrapping_add(0x9E37_79B9_7F4A_7C15);
        cards.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(self.st.coin));
        self.st.deck_mut(Set::Base, 0).extend(cards);
        self.st.age_zero = true;
        let who = self.name(p).to_string();
        self.say(format!("{who} introduced the Age 0 deck"));
        Ok(())
    }

    /// Junks every card of the base deck of that value ("that base deck is junked, not expansion decks").
    pub fn junk_deck(&mut self, p: PlayerId, age: u8) -> Res<()> {
        if self.suppressed() {
            return Ok(());
        }
        // A deck past 11 (a raised age value) does not exist: there is nothing to junk.
        let a = age;
        let cards: Vec<CardId> = self.st.deck(Set::Base, a).to_vec();
        let n = cards.len();
        let who = self.name(p).to_string();
        self.say(format!("{who} junked all {n} cards of the {a} deck"));
        // One card at a time, as "all cards" go; the one line above tells the table.
        let quiet = std::mem::replace(&mut self.quiet, true);
        let r = cards.into_iter().try_for_each(|c| self.junk(p, c).map(drop));
        self.quiet = quiet;
        r
    }

    /// Splays a colour. A pile of fewer than two cards, or already splayed that
    /// way, cannot be splayed: nothing happens. Returns whether it was splayed.
    pub fn splay(&mut self, p: PlayerId, col: Color, dir: Splay) -> Res<bool> {
        let pile = self.st.pile(p, col);
        if pile.len() < 2 || pile.splay == dir || dir == Splay::None {
            return Ok(false);
        }
        let k = Keyword::Splay { board: p, color: col, dir };
        if !self.would(p, k)? {
            return Ok(false);
        }
        self.st.pile_mut(p, col).splay = dir;
        self.record(p, Act::Splay, None, Some(Zone::Pile(p, col)));
        if self.telling() {
            let who = self.name(p).to_string();
            self.say(format!("{who} splayed their {col} cards {}", dir.name()));
        }
        self.did(p, k)?;
        Ok(true)
    }

    /// Removes a splay (a pile becomes unsplayed).
    pub fn unsplay(&mut self, p: PlayerId, col: Color) -> Res<bool> {
        if self.st.pile(p, col).splay == Splay::None {
            return Ok(false);
        }
        let k = Keyword::Splay { board: p, color: col, dir: Splay::None };
        if !self.would(p, k)? {
            return Ok(false);
        }
        self.st.pile_mut(p, col).splay = Splay::None;
        self.record(p, Act::Splay, None, Some(Zone::Pile(p, col)));
        let who = self.name(p).to_string();
        self.say(format!("{who} unsplayed their {col} cards"));
        self.did(p, k)?;
        Ok(true)
    }

    /// Swaps two groups of cards: `a` goes to `a_to`, `b` goes to `b_to`, even if one group is empty.
    /// The exchange is one event for "would exchange" karmas; then each card passes the intercept
    /// point as exchanged.
    pub fn exchange(&mut self, p: PlayerId, a: &[CardId], a_to: Dest, b: &[CardId], b_to: Dest) -> Res<()> {
        // A card in both groups (a hand card that Michaelangelo counts in the score pile too) is
        // exchanged with itself: it stays where it is.
        let (only_a, only_b): (Vec<CardId>, Vec<CardId>) = (
            crate::ctx::dedup(a).into_iter().filter(|c| !b.contains(c)).collect(),
            crate::ctx::dedup(b).into_iter().filter(|c| !a.contains(c)).collect(),
        );
        let (a, b) = (only_a.as_slice(), only_b.as_slice());
        let cards: Vec<CardId> = a.iter().chain(b).copied().collect();
        if !cards.is_empty() && !self.suppressed() && !self.in_karma() {
            let before = std::mem::replace(&mut self.exchanging, cards);
            let goes_on = crate::karma::would(self, p, crate::karma::Event::Exchange);
            self.exchanging = before;
            if !goes_on? {
                return Ok(());
            }
        }
        for &c in a {
            self.keyword(p, Act::Exchange, "exchanged", c, a_to, true)?;
        }
        for &c in b {
            self.keyword(p, Act::Exchange, "exchanged", c, b_to, true)?;
        }
        Ok(())
    }

    /// Claims an available standard achievement (the Achieve action, or an effect's "claim"), or
    /// (The Unseen) a secret from the player's own safe.
    pub fn claim_achievement(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        self.keyword(p, Act::Achieve, "claimed the achievement", c, Dest::Achievements(p), false)
    }

    /// Claims a special achievement if it is still available. Returns whether it was claimed.
    pub fn claim_special(&mut self, p: PlayerId, s: Special) -> Res<bool> {
        if !self.st.specials.contains(&s) || !self.would(p, Keyword::Achieve(Achievement::Special(s)))? {
            return Ok(false);
        }
        self.st.specials.retain(|x| *x != s);
        self.st.players[p].achievements.push(Achievement::Special(s));
        self.record(p, Act::Achieve, None, Some(Zone::AvailableAchievements));
        let who = self.name(p).to_string();
        self.say(format!("{who} claimed the {} achievement", s.name()));
        self.did(p, Keyword::Achieve(Achievement::Special(s)))?;
        Ok(true)
    }

    /// Junks an available special achievement. Returns whether it was available.
    pub fn junk_special(&mut self, p: PlayerId, s: Special) -> Res<bool> {
        if self.suppressed() {
            return Ok(false);
        }
        let Some(i) = self.st.specials.iter().position(|x| *x == s) else { return Ok(false) };
        self.st.specials.remove(i);
        self.st.junked_specials.push(s);
        self.record(p, Act::Junk, None, Some(Zone::AvailableAchievements));
        let who = self.name(p).to_string();
        self.say(format!("{who} junked the {} achievement", s.name()));
        Ok(true)
    }

    /// Makes a special achievement in the junk available again. Returns whether it was in the junk.
    pub fn make_special_available(&mut self, p: PlayerId, s: Special) -> Res<bool> {
        if self.suppressed() {
            return Ok(false);
        }
        let Some(i) = self.st.junked_specials.iter().position(|x| *x == s) else { return Ok(false) };
        self.st.junked_specials.remove(i);
        self.st.specials.push(s);
        // Not a keyword; it is recorded as a transfer out of the junk (it counts for sharing).
        self.record(p, Act::Transfer, None, Some(Zone::Junk));
        let who = self.name(p).to_string();
        self.say(format!("{who} made the {} achievement available again", s.name()));
        Ok(true)
    }

    /// Junks an available standard achievement.
    pub fn junk_achievement(&mut self, p: PlayerId, c: CardId) -> Res<bool> {
        self.keyword(p, Act::Junk, "junked the achievement", c, Dest::Junk, false)
    }

    /// "(You may) junk an available achievement of value X or Y": achievements are face
    /// down, so the player picks one by its back (its value). True if one was junked.
    pub fn junk_an_available_achievement(&mut self, p: PlayerId, values: &[u8], optional: bool, why: &str) -> Res<bool> {
        let candidates: Vec<CardId> = self.st.achievements.iter().copied().filter(|c| values.contains(&card(*c).age)).collect();
        let Some(c) = self.choose_backs(p, &candidates, usize::from(!optional), 1, why)?.first().copied() else { return Ok(false) };
        self.junk_achievement(p, c)
    }

    /// The Unseen: "(you may) safeguard an available achievement of value X": available
    /// achievements are face down, so the player picks one by its back. True if one was safeguarded.
    pub fn safeguard_an_available_achievement(&mut self, p: PlayerId, values: &[u8], optional: bool, why: &str) -> Res<bool> {
        let candidates: Vec<CardId> = self.st.achievements.iter().copied().filter(|c| values.contains(&card(*c).age)).collect();
        let Some(c) = self.choose_backs(p, &candidates, usize::from(!optional), 1, why)?.first().copied() else { return Ok(false) };
        self.safeguard(p, c)
    }

    /// The Unseen: choose one of `p`'s secrets among `candidates`, by its back (nobody may look at a
    /// secret, its owner included).
    pub fn choose_secret(&mut self, p: PlayerId, candidates: &[CardId], optional: bool, why: &str) -> Res<Option<CardId>> {
        Ok(self.choose_backs(p, candidates, usize::from(!optional), 1, why)?.first().copied())
    }

    /// Does `f` to every card of `cards`, one at a time, in an order the player
    /// chooses when the order matters (several cards ending in the same pile or deck).
    /// Returns the cards it happened to (a karma's "instead" leaves a card out), for the
    /// "if you do" that follows: "if clauses ignore anything that happened during a triggered
    /// Karma effect".
    pub fn each_in_order(
        &mut self,
        p: PlayerId,
        cards: &[CardId],
        ordered_by: OrderKey,
        why: &str,
        mut f: impl FnMut(&mut Self, CardId) -> Res<bool>,
    ) -> Res<Vec<CardId>> {
        // A card counted in two places at once (Michaelangelo: "each card in your hand is also
        // considered part of your score pile") is still one card, handled once.
        let cards = crate::ctx::dedup(cards);
        let needs_order = match ordered_by {
            OrderKey::None => false,
            OrderKey::Deck => has_pair(&cards, |c| card(c).age),
            OrderKey::Pile => has_pair(&cards, |c| card(c).color.index() as u8),
        };
        let order = if needs_order { self.choose_order(p, &cards, why)? } else { cards };
        let mut done = Vec::new();
        for c in order {
            if f(self, c)? {
                done.push(c);
            }
        }
        Ok(done)
    }

    pub fn return_all(&mut self, p: PlayerId, cards: &[CardId]) -> Res<Vec<CardId>> {
        self.each_in_order(p, cards, OrderKey::Deck, "order the cards to return (first goes to the bottom first)", |ctx, c| {
            ctx.return_card(p, c)
        })
    }
    pub fn meld_all(&mut self, p: PlayerId, cards: &[CardId]) -> Res<Vec<CardId>> {
        self.each_in_order(p, cards, OrderKey::Pile, "order the cards to meld (first is melded first)", |ctx, c| ctx.meld(p, c))
    }
    pub fn tuck_all(&mut self, p: PlayerId, cards: &[CardId]) -> Res<Vec<CardId>> {
        self.each_in_order(p, cards, OrderKey::Pile, "order the cards to tuck (first is tucked first)", |ctx, c| ctx.tuck(p, c))
    }
    pub fn score_all(&mut self, p: PlayerId, cards: &[CardId]) -> Res<Vec<CardId>> {
        self.each_in_order(p, cards, OrderKey::None, "", |ctx, c| ctx.score(p, c))
    }
    pub fn junk_all(&mut self, p: PlayerId, cards: &[CardId]) -> Res<Vec<CardId>> {
        self.each_in_order(p, cards, OrderKey::None, "", |ctx, c| ctx.junk(p, c))
    }
    /// Transfers several cards; asks their order when they land in the same pile.
    pub fn transfer_all(&mut self, p: PlayerId, cards: &[CardId], to: Dest) -> Res<Vec<CardId>> {
        let key = if matches!(to, Dest::Board(_) | Dest::BoardBottom(_)) {
            OrderKey::Pile
        } else if to == Dest::Deck {
            OrderKey::Deck
        } else {
            OrderKey::None
        };
        self.each_in_order(p, cards, key, "order the cards to transfer (first goes first)", |ctx, c| ctx.transfer(p, c, to))
    }

    // ---------- chance ----------

    /// "Flip a coin": true when `p` wins the flip. The result comes from the game's seeded
    /// generator (or from flips a rules scenario arranged), so replays give the same flips.
    pub fn flip_coin(&mut self, p: PlayerId) -> Res<bool> {
        if self.suppressed() {
            return Ok(false);
        }
        let won = if self.st.coin_flips.is_empty() {
            // splitmix64: one step of the table's own generator.
            self.st.coin = self.st.coin.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.st.coin;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)) & 1 == 1
        } else {
            self.st.coin_flips.remove(0)
        };
        self.record(p, Act::Flip, None, None);
        let who = self.name(p).to_string();
        self.say(format!("{who} flipped a coin and {} the flip", if won { "won" } else { "lost" }));
        Ok(won)
    }

    // ---------- winning and losing ----------

    /// The game ends on a draw above 11: the highest score wins (teams add
    /// their scores), then the most achievements; still tied, a draw. Each player who would win
    /// meets the "would win" karmas first, and the winners are counted after them.
    pub fn score_victory(&mut self) -> Stop {
        for w in self.score_winners().winners {
            if let Err(stop) = self.would_win(w) {
                return stop;
            }
        }
        Stop::GameOver(self.score_winners())
    }

    fn score_winners(&self) -> Outcome {
        let st = &*self.st;
        let mut teams: Vec<Vec<PlayerId>> = Vec::new();
        for p in st.active_players() {
            let t = st.winners_with_team(p).into_iter().filter(|q| !st.players[*q].eliminated).collect::<Vec<_>>();
            if !teams.contains(&t) {
                teams.push(t);
            }
        }
        let key = |t: &Vec<PlayerId>| (derived::team_score(st, t[0]), derived::team_achievement_count(st, t[0]));
        let best = teams.iter().map(key).max().unwrap_or((0, 0));
        let mut winners: Vec<PlayerId> = teams.iter().filter(|t| key(t) == best).flatten().copied().collect();
        winners.sort();
        Outcome { winners, reason: WinReason::Score, card: None }
    }

    /// Just before `p` wins: the "would win" karmas (Figures). Their "first" instructions may end
    /// the game (or ask a question): that is returned.
    pub fn would_win(&mut self, p: PlayerId) -> Res<()> {
        crate::karma::would(self, p, crate::karma::Event::Win).map(drop)
    }

    /// "You win": the player (and their team) win at once.
    /// The card a win or a loss is by: the Figure whose karma is being resolved, or the card of the
    /// effect being executed.
    fn deciding_card(&self) -> Option<CardId> {
        match self.cause() {
            Cause::Karma(figure) => Some(figure),
            _ => self.exec().map(|e| e.card),
        }
    }

    pub fn win(&mut self, p: PlayerId) -> Stop {
        // Before the sentence executed alone nobody wins: the effect just ends there.
        if self.suppressed() {
            return Stop::SentenceEnd;
        }
        if let Err(stop) = self.would_win(p) {
            return stop;
        }
        let card = self.deciding_card();
        let who = self.name(p).to_string();
        self.say(format!("{who} wins"));
        Stop::GameOver(Outcome { winners: self.st.winners_with_team(p), reason: WinReason::Card, card })
    }

    /// "The single player with the most X wins": ignored on a tie.
    pub fn single_player_with_most_wins(&mut self, value: impl Fn(&crate::state::State, PlayerId) -> i64) -> Res<()> {
        let players = self.st.active_players();
        let best = players.iter().map(|p| value(self.st, *p)).max();
        let tops: Vec<PlayerId> = players.iter().copied().filter(|p| Some(value(self.st, *p)) == best).collect();
        if tops.len() == 1 {
            return Err(self.win(tops[0]));
        }
        Ok(())
    }

    /// The player loses: all their cards are junked and they leave turn order.
    /// The last player (or team) standing wins by elimination.
    pub fn lose(&mut self, p: PlayerId) -> Res<()> {
        if self.st.players[p].eliminated || self.suppressed() {
            return Ok(());
        }
        let who = self.name(p).to_string();
        self.say(format!("{who} loses and is out of the game"));
        for c in self.st.players[p].all_cards() {
            self.st.remove(c);
            self.st.junk.push(c);
        }
        let specials: Vec<Special> =
            self.st.players[p].achievements.iter().filter_map(|a| if let Achievement::Special(s) = a { Some(*s) } else { None }).collect();
        self.st.junked_specials.extend(specials);
        // Decrees and Museums go back to the supply (they are not cards to junk).
        for a in std::mem::take(&mut self.st.players[p].achievements) {
            match a {
                Achievement::Decree(col) => self.st.decrees.push(col),
                Achievement::Museum(m) => self.st.museums.push(m),
                _ => {}
            }
        }
        self.st.players[p].eliminated = true;
        self.record(p, Act::Lose, None, None);
        let mut teams_left: Vec<Vec<PlayerId>> = Vec::new();
        for q in self.st.active_players() {
            let t = self.st.winners_with_team(q);
            if !teams_left.contains(&t) {
                teams_left.push(t);
            }
        }
        if teams_left.len() <= 1 {
            let winners = teams_left.pop().unwrap_or_default();
            let card = self.deciding_card();
            return Err(Stop::GameOver(Outcome { winners, reason: WinReason::Elimination, card }));
        }
        // Only a player who is acting now has something to stop.
        let acting = self.st.turn.player == p || self.frames.iter().any(|e| e.you == p);
        if acting {
            Err(Stop::Lost(p))
        } else {
            Ok(())
        }
    }

    // Echoes (age 4): Kobukson's "Splay left one color on any player's board".

    /// Splays a colour of `owner`'s board, done by `by` (who may be another player): what `splay`
    /// does, with the splay recorded as `by`'s, so that what reacts to a splay (the Cities draw:
    /// "a splay by an effect on another board still draws for the player executing it") is `by`'s.
    /// Returns whether it was splayed.
    pub fn splay_board_of(&mut self, by: PlayerId, owner: PlayerId, col: Color, dir: Splay) -> Res<bool> {
        let pile = self.st.pile(owner, col);
        if pile.len() < 2 || pile.splay == dir || dir == Splay::None {
            return Ok(false);
        }
        let k = Keyword::Splay { board: owner, color: col, dir };
        if !self.would(by, k)? {
            return Ok(false);
        }
        self.st.pile_mut(owner, col).splay = dir;
        self.record(by, Act::Splay, None, Some(Zone::Pile(owner, col)));
        if self.telling() {
            let (who, whose) = (self.name(by).to_string(), self.whose(owner, by));
            self.say(format!("{who} splayed {whose} {col} cards {}", dir.name()));
        }
        self.did(by, k)?;
        Ok(true)
    }

    /// "Splay DIR a color on any player's board": `by` chooses one of the piles of any board that
    /// can be splayed that way (by its top card: a pile is known by what shows) and splays it.
    /// Returns whether a pile was splayed.
    pub fn splay_any_board(&mut self, by: PlayerId, dir: Splay, why: &str) -> Res<bool> {
        let mut piles: Vec<(PlayerId, Color, CardId)> = Vec::new();
        for q in self.st.active_players() {
            for col in self.splayable(q, dir) {
                if let Some(t) = self.top(q, col) {
                    piles.push((q, col, t));
                }
            }
        }
        let tops: Vec<CardId> = piles.iter().map(|x| x.2).collect();
        let Some(t) = self.choose_card(by, &tops, false, why)? else { return Ok(false) };
        match piles.into_iter().find(|x| x.2 == t) {
            Some((q, col, _)) => self.splay_board_of(by, q, col, dir),
            None => Ok(false),
        }
    }
}

/// When the order of several cards handled one at a time matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderKey {
    None,
    /// They go to the bottoms of decks: order matters within one age.
    Deck,
    /// They go to piles: order matters within one colour.
    Pile,
}

fn has_pair(cards: &[CardId], key: impl Fn(CardId) -> u8) -> bool {
    let keys: Vec<u8> = cards.iter().map(|c| key(*c)).collect();
    keys.iter().enumerate().any(|(i, k)| keys[..i].contains(k))
}

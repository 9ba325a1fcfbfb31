//! What one player may see ("Can I look?", page 7, and the expansions' zones):
//! each zone's cards face up or as backs as `Zone::front_visible_to` says, and
//! the derived quantities (score, achievements held, icons) as the rules count them.
//! The renderer and the bot draw from views, never from the full state.

use crate::card::{card, CardId, Color, Icon, Set, Special};
use crate::derived;
use crate::game::Game;
use crate::state::{Achievement, Outcome, PlayerId, Splay, State, Turn, Zone};
use serde::Serialize;

/// A card as a viewer sees it: its face, or only its back (which shows its value and set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Face {
    Front(CardId),
    Back { age: u8, set: Set },
}

impl Face {
    pub fn age(self) -> u8 {
        match self {
            Face::Front(c) => card(c).age,
            Face::Back { age, .. } => age,
        }
    }
    /// How `viewer` sees card `c` lying in `zone`.
    pub fn of(c: CardId, zone: Zone, viewer: Option<PlayerId>) -> Face {
        if zone.front_visible_to(viewer) {
            Face::Front(c)
        } else {
            Face::Back { age: card(c).age, set: card(c).set }
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum AchievementFace {
    /// A standard (or other card) achievement: only its back.
    Back {
        age: u8,
        set: Set,
    },
    Special(Special),
    /// Figures: a Decree, by its colour.
    Decree(Color),
    /// Artifacts: a Museum.
    Museum,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PileView {
    pub color: Color,
    /// Top card first.
    pub cards: Vec<CardId>,
    pub splay: Splay,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub seat: PlayerId,
    pub name: String,
    pub hand: Vec<Face>,
    pub score: Vec<Face>,
    /// The score: the score pile and visible bonuses.
    pub score_total: u32,
    pub achievements: Vec<AchievementFace>,
    /// Achievements held for victory (with Cities' visible fountains and flags).
    pub achievements_held: usize,
    pub piles: Vec<PileView>,
    /// Visible icons of the standard kinds, in `Icon::STANDARD` order (and the Age 0 icon once in play).
    pub icons: Vec<(Icon, usize)>,
    /// Echoes: the forecast, fronts for its owner only.
    pub forecast: Vec<Face>,
    /// The Unseen: the safe in the order its secrets entered, backs for everyone.
    pub safe: Vec<Face>,
    /// Artifacts: the Artifact on display (public).
    pub display: Option<CardId>,
    /// Artifacts: the Artifacts in this player's Museums (public).
    pub museums: Vec<CardId>,
    /// The forecast and safe limit (best splay).
    pub zone_limit: usize,
    pub eliminated: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub viewer: Option<PlayerId>,
    pub players: Vec<PlayerView>,
    /// The sets in play, the base set first.
    pub sets: Vec<Set>,
    /// Cards left in each base deck, ages 1 to 11 (index 0 is age 1).
    pub deck_sizes: Vec<usize>,
    /// Cards left in each deck of each set in play, ages 1 to 11 (`sets` order).
    pub set_deck_sizes: Vec<(Set, Vec<usize>)>,
    /// Achievements needed to win.
    pub achievements_to_win: usize,
    /// Figures: the Decrees in the supply.
    pub decrees: Vec<Color>,
    /// Figures: cards left in the Age 0 deck, once a card has introduced it (`None` before).
    pub age_zero_deck: Option<usize>,
    /// Artifacts: Museums left in the supply.
    pub museums: usize,
    /// Values of the available standard achievements.
    pub achievements: Vec<u8>,
    pub specials: Vec<Special>,
    pub junk: usize,
    /// Special achievements in the junk (their fronts are public).
    pub junked_specials: Vec<Special>,
    /// The simultaneous first meld is under way.
    pub first_meld: bool,
    pub turn: Turn,
    /// Players the game waits on.
    pub waiting_on: Vec<PlayerId>,
    pub result: Option<Outcome>,
    pub teams: Vec<Vec<PlayerId>>,
    /// Artifacts (Martian Internet): the games within the game being played, the outermost first.
    pub set_aside: Vec<SetAsideView>,
}

/// A game within the game (Martian Internet): who started it, and how many of this game's cards
/// each seat has set aside, face down, until it is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetAsideView {
    pub by: PlayerId,
    pub cards: Vec<usize>,
}

impl Game {
    /// What `viewer` may see (`None`: a spectator, who sees only public information).
    pub fn view(&self, viewer: Option<PlayerId>) -> View {
        let st = self.state();
        // Hitchhiking: a player making another's decisions sees that player's cards while asked.
        let proxy = viewer.and_then(|v| self.prompt_for(v)).and_then(|q| q.on_behalf_of);
        let players = (0..st.players.len())
            .map(|p| player_view(st, p, self.names()[p].clone(), if Some(p) == proxy { proxy } else { viewer }))
            .collect();
        let mut achievements: Vec<u8> = st.achievements.iter().map(|c| card(*c).age).collect();
        achievements.sort();
        View {
            viewer,
            players,
            sets: st.sets.iter().collect(),
            deck_sizes: (1..=11).map(|a| st.deck(Set::Base, a).len()).collect(),
            set_deck_sizes: st.sets.iter().map(|s| (s, (1..=11).map(|a| st.deck(s, a).len()).collect())).collect(),
            achievements_to_win: derived::achievements_to_win(st),
            decrees: st.decrees.clone(),
            age_zero_deck: st.age_zero.then(|| st.deck(Set::Base, 0).len()),
            museums: st.museums.len(),
            achievements,
            specials: st.specials.clone(),
            junk: st.junk.len(),
            junked_specials: st.junked_specials.clone(),
            first_meld: self.in_first_meld(),
            turn: st.turn,
            waiting_on: self.prompts().iter().map(|p| p.player).collect(),
            result: st.result.clone(),
            teams: st.teams.clone(),
            set_aside: st
                .set_aside
                .iter()
                .map(|f| SetAsideView { by: f.by, cards: f.players.iter().map(|ps| ps.all_cards().len()).collect() })
                .collect(),
        }
    }
}

impl View {
    /// Words for the games within the game being played (Martian Internet), for the text views
    /// and pictures: who started the innermost, and the cards set aside, face down, by seat.
    pub fn set_aside_words(&self) -> Option<String> {
        let frame = self.set_aside.last()?;
        let name = |p: PlayerId| self.players.get(p).map_or("?", |x| x.name.as_str());
        let counts: Vec<String> = frame.cards.iter().enumerate().map(|(p, n)| format!("{} {n}", name(p))).collect();
        let depth = if self.set_aside.len() > 1 { format!(" (within {} more)", self.set_aside.len() - 1) } else { String::new() };
        Some(format!(
            "New game within the game{depth}, started by {} with Martian Internet: the winner brings their cards from it into this game. Cards set aside: {}",
            name(frame.by),
            counts.join(", ")
        ))
    }
}

/// A card's back in words: its value, and its set unless base ("a 3", "an unseen 3", "a cities 5").
pub fn back_words(age: u8, set: Set) -> String {
    match set {
        Set::Base => format!("a {age}"),
        Set::Echoes | Set::Unseen | Set::Artifacts => format!("an {set} {age}"),
        Set::Figures | Set::Cities => format!("a {set} {age}"),
    }
}

/// One seat's part of the table as `viewer` may see it (the seat itself, for a player making
/// its decisions).
fn player_view(st: &State, p: PlayerId, name: String, viewer: Option<PlayerId>) -> PlayerView {
    let ps = &st.players[p];
    let faces = |cards: &[CardId], zone: Zone| cards.iter().map(|c| Face::of(*c, zone, viewer)).collect();
    let counts = derived::icon_counts(st, p);
    let kinds: &[Icon] = if st.age_zero { &Icon::ALL } else { &Icon::STANDARD };
    PlayerView {
        seat: p,
        name,
        hand: faces(&ps.hand, Zone::Hand(p)),
        score: faces(&ps.score, Zone::Score(p)),
        score_total: derived::score(st, p),
        achievements: ps
            .achievements
            .iter()
            .map(|a| match a {
                Achievement::Card(c) => AchievementFace::Back { age: card(*c).age, set: card(*c).set },
                Achievement::Special(s) => AchievementFace::Special(*s),
                Achievement::Decree(c) => AchievementFace::Decree(*c),
                Achievement::Museum(_) => AchievementFace::Museum,
            })
            .collect(),
        achievements_held: derived::achievement_count(st, p),
        piles: Color::ALL.iter().map(|c| PileView { color: *c, cards: ps.pile(*c).top_first(), splay: ps.pile(*c).splay }).collect(),
        icons: kinds.iter().map(|i| (*i, counts[i.index()])).collect(),
        forecast: faces(&ps.forecast, Zone::Forecast(p)),
        safe: faces(&ps.safe, Zone::Safe(p)),
        display: ps.display,
        museums: ps.museums.iter().map(|(_, c)| *c).collect(),
        zone_limit: derived::zone_limit(st, p),
        eliminated: ps.eliminated,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameConfig};

    #[test]
    fn a_view_shows_only_the_viewers_hidden_cards() {
        let g = Game::new(GameConfig::new(&["alice", "bob"], 7)).unwrap();
        let v = g.view(Some(0));
        assert!(v.players[0].hand.iter().all(|f| matches!(f, Face::Front(_))));
        assert!(v.players[1].hand.iter().all(|f| matches!(f, Face::Back { .. })));
        let s = g.view(None);
        assert!(s.players.iter().all(|p| p.hand.iter().all(|f| matches!(f, Face::Back { .. }))));
    }

    /// The forecast is its owner's alone; a secret is seen by nobody, its owner included; the
    /// display and Museums are public; every back shows its set.
    #[test]
    fn the_expansion_zones_show_what_each_player_may_see() {
        use crate::card::CardDb;
        let config = GameConfig::new(&["alice", "bob"], 7).with_expansions(&[Set::Echoes, Set::Unseen, Set::Artifacts]);
        let mut st = Game::initial_state(&config).unwrap();
        let id = |t: &str| CardDb::get().by_title(t).unwrap();
        let (foreseen, secret, artifact) = (id("Chopsticks"), id("Assassination"), id("Holmegaard Bows"));
        for c in [foreseen, secret, artifact] {
            st.remove(c);
        }
        st.players[0].forecast.push(foreseen);
        st.players[0].safe.push(secret);
        st.players[0].display = Some(artifact);
        let g = Game::from_state(config, st).unwrap();
        let back = |c: CardId| Face::Back { age: card(c).age, set: card(c).set };
        let alice = g.view(Some(0));
        assert_eq!(alice.players[0].forecast, vec![Face::Front(foreseen)]);
        assert_eq!(alice.players[0].safe, vec![back(secret)], "alice may not look at her own secret");
        for other in [g.view(Some(1)), g.view(None)] {
            assert_eq!(other.players[0].forecast, vec![back(foreseen)]);
            assert_eq!(other.players[0].safe, vec![back(secret)]);
            assert_eq!(other.players[0].display, Some(artifact));
        }
        assert_eq!(back(secret), Face::Back { age: 1, set: Set::Unseen });
        assert_eq!(g.choice_label(0, &crate::prompt::Choice::Card(secret)), "an unseen 1 in alice's safe");
        assert_eq!(g.choice_label(0, &crate::prompt::Choice::Card(foreseen)), "Chopsticks (1)");
        assert_eq!(g.choice_label(1, &crate::prompt::Choice::Card(foreseen)), "an echoes 1 in alice's forecast");
    }
    /// Hitchhiking: the questions of alice's self-execution go to bob, on her behalf; while he is
    /// asked he sees her hand (view and answer labels), and the answer is logged as his.
    #[test]
    fn a_player_deciding_for_another_sees_their_cards() {
        use crate::card::CardDb;
        use crate::prompt::{Action, Choice, Decision};
        let config = GameConfig::new(&["alice", "bob", "carol"], 3).with_expansions(&[Set::Unseen]);
        let mut st = Game::initial_state(&config).unwrap();
        let id = |t: &str| CardDb::get().by_title(t).unwrap();
        for p in 0..3 {
            for c in std::mem::take(&mut st.players[p].hand) {
                st.deck_mut(Set::Base, 1).insert(0, c);
            }
        }
        for (p, t) in [(0, "Sailing"), (0, "Clothing"), (1, "Agriculture"), (1, "Pottery")] {
            st.remove(id(t));
            st.players[p].hand.push(id(t));
        }
        st.remove(id("Hitchhiking"));
        st.players[0].piles[Color::Green.index()].cards.push(id("Hitchhiking"));
        st.turn = crate::state::Turn::new(0, 2, 3);
        let mut g = Game::from_state(config, st).unwrap();
        g.apply(Decision::new(0, vec![Choice::Action(Action::Dogma(id("Hitchhiking")))])).unwrap();
        g.apply(Decision::new(0, vec![Choice::Player(1)])).unwrap();
        g.apply(Decision::new(1, vec![Choice::Card(id("Agriculture"))])).unwrap();
        let q = g.prompts()[0].clone();
        assert_eq!((q.player, q.on_behalf_of), (1, Some(0)), "bob answers for alice");
        assert!(q.reason.starts_with("for alice: Agriculture"), "{}", q.reason);
        assert!(g.prompt_is_private(&q), "alice's hand is shown to bob alone");
        assert_eq!(g.choice_label(1, &Choice::Card(id("Clothing"))), "Clothing (1)");
        assert_eq!(g.choice_label(2, &Choice::Card(id("Clothing"))), "a 1 in alice's hand");
        assert!(g.view(Some(1)).players[0].hand.iter().all(|f| matches!(f, Face::Front(_))), "bob sees alice's hand");
        assert!(g.view(Some(2)).players[0].hand.iter().all(|f| matches!(f, Face::Back { .. })), "carol does not");
        assert!(g.view(Some(1)).players[2].hand.iter().all(|f| matches!(f, Face::Back { .. })));
        assert!(g.apply(Decision::new(0, vec![Choice::Card(id("Clothing"))])).is_err(), "alice is not the one asked");
        g.apply(Decision::new(1, vec![Choice::Card(id("Clothing"))])).unwrap();
        assert_eq!(g.decisions().last(), Some(&Decision::new(1, vec![Choice::Card(id("Clothing"))])));
        assert!(g.view(Some(1)).players[0].hand.iter().all(|f| matches!(f, Face::Back { .. })), "no longer asked: no longer shown");
        assert!(!g.state().players[0].hand.contains(&id("Clothing")));
    }
}

/// Who would share and who would be demanded of if `p` used the dogma of top card `c` now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DogmaPreview {
    pub sharing: Vec<PlayerId>,
    pub demanded: Vec<PlayerId>,
}

impl Game {
    /// The same lock-in as the Dogma action's (`dogma::lock_in`): demands and compels.
    pub fn dogma_preview(&self, p: PlayerId, c: CardId) -> DogmaPreview {
        let info = card(c);
        let lock = crate::dogma::lock_in(self.state(), p, c, 0);
        let mut demanded = Vec::new();
        for q in self.state().others(p) {
            let demand = info.effects.iter().any(|e| e.kind == crate::card::EffectKind::Demand) && lock.vulnerable.contains(&q);
            let compel = info.effects.iter().any(|e| e.kind == crate::card::EffectKind::Compel) && lock.compelled.contains(&q);
            if demand || compel {
                demanded.push(q);
            }
        }
        DogmaPreview { sharing: lock.eligible, demanded }
    }

    /// Whether a question shows the asked player's hidden cards (their hand or
    /// score pile) among its answers, so it must be asked in private.
    pub fn prompt_is_private(&self, prompt: &crate::prompt::Prompt) -> bool {
        use crate::prompt::{Action, Choice};
        // A card only the asked player may see (their hand, score pile or forecast), or only the
        // player on whose behalf they decide.
        let seen_by = |z: Zone| z.front_visible_to(Some(prompt.player)) || z.front_visible_to(prompt.on_behalf_of);
        let private = |id: CardId| self.state().locate(id).is_some_and(|z| seen_by(z) && !z.is_public());
        self.in_first_meld()
            || prompt.about.is_some_and(private)
            || prompt.options.iter().any(|c| match c {
                Choice::Card(id) | Choice::Action(Action::Meld(id)) => private(*id),
                _ => false,
            })
    }

    /// A question's words as `viewer` may read them: its reason, and the card it is about
    /// ([`crate::Prompt::about`]) named as [`Game::choice_label`] names it.
    pub fn reason_for(&self, prompt: &crate::prompt::Prompt, viewer: PlayerId) -> String {
        match prompt.about {
            Some(c) => format!("{}: {}", prompt.reason, self.choice_label(viewer, &crate::prompt::Choice::Card(c))),
            None => prompt.reason.clone(),
        }
    }

    /// Words for an answer as `viewer` may read them: a card the viewer cannot
    /// see is named by its back and place ("a 3 in bob's score pile"). A card revealed during
    /// the current action is named, and so is a card of the player on whose behalf the viewer
    /// is being asked (Hitchhiking: "with visibility of your cards").
    pub fn choice_label(&self, viewer: PlayerId, c: &crate::prompt::Choice) -> String {
        use crate::prompt::{Action, Choice};

        let st = self.state();
        let names = self.names();
        let proxy = self.prompt_for(viewer).and_then(|q| q.on_behalf_of);
        let card_words = |id: CardId| -> String {
            let info = card(id);
            let z = st.locate(id);
            let seen = |z: Zone| z.front_visible_to(Some(viewer)) || (proxy.is_some() && z.front_visible_to(proxy));
            if z.is_some_and(seen) || self.revealed_now().contains(&id) {
                return match z {
                    // Artifacts: whose Museum (a seize, a Meld action from one's own Museum).
                    Some(Zone::Museum(q)) if q != viewer => format!("{} ({}) in {}'s Museum", info.title, info.age, names[q]),
                    Some(Zone::Museum(_)) => format!("{} ({}) from your Museum", info.title, info.age),
                    _ => format!("{} ({})", info.title, info.age),
                };
            }
            let place = match z {
                Some(Zone::Hand(q)) => format!("{}'s hand", names[q]),
                Some(Zone::Score(q)) => format!("{}'s score pile", names[q]),
                Some(Zone::Achievements(q)) => format!("{}'s achievements", names[q]),
                Some(Zone::Forecast(q)) => format!("{}'s forecast", names[q]),
                Some(Zone::Safe(q)) => format!("{}'s safe", names[q]),
                Some(Zone::AvailableAchievements) => "the available achievements".into(),
                Some(Zone::Deck(..)) => "its deck".into(),
                _ => "the junk".into(),
            };
            format!("{} in {place}", back_words(info.age, info.set))
        };
        match c {
            Choice::Action(Action::Draw) => "Draw".into(),
            Choice::Action(Action::Meld(id)) => format!("Meld {}", card_words(*id)),
            Choice::Action(Action::Dogma(id)) => format!("Dogma {}", card(*id).title),
            Choice::Action(Action::Endorse(id)) => format!("Endorse the Dogma of {}", card(*id).title),
            Choice::Action(Action::Achieve(v)) => format!("Achieve {v}"),
            Choice::Action(Action::AchieveSecret(i)) => format!("Achieve secret {}", i + 1),
            Choice::Action(Action::Decree(c)) => format!("Decree ({c})"),
            Choice::Action(Action::AchieveCard(id)) => format!("Achieve {}", card_words(*id)),
            Choice::Card(id) => card_words(*id),
            Choice::Player(q) => names.get(*q).cloned().unwrap_or_default(),
            other => other.to_string(),
        }
    }
}

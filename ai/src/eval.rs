//! How good a table is for one player: a sum of what brings a player closer
//! to winning (achievements, what could be achieved next, score, the ages of
//! top cards, icons, hand, splays), theirs minus the best opponent's.
//!
//! The Unseen's secrets count as what could be achieved next: each is an
//! achievement its owner alone may claim once eligible for its value (the
//! value is on its back, so nothing here reads a secret's front).
//!
//! Cities of Destiny adds no term of its own: visible flags and fountains are
//! in the engine's count of achievements held (`derived::team_achievement_count`)
//! and visible bonuses in its score (`derived::score`), both read below, and
//! what a city does when it arrives (the City draw, the special icons of a city
//! melded with a Meld action, an Endorse's doubled effects and the card junked
//! to pay) is played out before a table is evaluated, as the players finish
//! the action first. (Terms for a city in hand, for a board ready to endorse,
//! and for flags and fountains at less than a full achievement were tried
//! against these weights: each won 45 to 52 % of 400 games, ± 5 %, so none
//! was kept.)
//!
//! Echoes of the Past adds one term: each card in a forecast is a meld to
//! come (promoted after a Meld action, with a free Dogma action on it), worth
//! its owner as much as a hand card of its age (`forecast_card`,
//! `forecast_age`), read from its back alone. Basic with it beat basic without
//! it in 169 of 300 games (56.3 % ± 5.6). Visible bonuses are in the engine's
//! score (`derived::score`) and the set's special achievements (Supremacy,
//! Destiny, Wealth, Heritage, History) are claimed by the engine at the end of
//! an action, so once held they are in its count of achievements; the echo
//! effects and promotions themselves are played out before a table is
//! evaluated, as the players finish the action first.
//!
//! Artifacts of History adds three terms, all read from public zones: an
//! Artifact on display (`display_card`, `display_age`) is a free Dogma action
//! at the start of its owner's next turn, after which it goes to a Museum; an
//! Artifact in a Museum (`museum_card`, `museum_age`) is a card its owner may
//! meld with a Meld action, and counts at the Museum Check; and holding the
//! single most Artifacts in Museums (`museum_lead`) is worth a share of an
//! achievement, the larger the fewer Museums are left in the supply (the
//! check comes when the last one leaves). Digging (a Meld action covering a
//! card of equal or higher value, or one with its image in the same slot) and
//! seizing are played out before a table is evaluated, as the players finish
//! the action first, and so is the showcase's free Dogma action. A compel
//! reaches the opponents eligible to share, so a top card with compels and
//! no demand is worth `dominant_dogma` when its owner uses it alone (nobody
//! is compelled, nobody shares), never `dominant_demand`. Measured before the
//! set's cards were implemented (arranged games by its rules, Artifacts without
//! effects, `examples/artifacts.rs`): basic with these terms beat basic without
//! them in 240 of 400 games (60 % ± 4.8); doubling `museum_lead` changed nothing
//! (50.4 %), doubling the display and Museum terms lost (43 %). The display's
//! weights stand for a free Dogma action that those games could not take:
//! measure them again once the cards are in.
//!
//! Figures in the Sand adds no term: a Figure's "Each" karmas are in the
//! engine's icon counts (`derived::icon_count`), score (`derived::score`) and
//! count of achievements (claimed Decrees among them), all read below, and its
//! "would" and "when" karmas, Auspice, the Decree action and fading are played
//! out before a table is evaluated, as the players finish the action first.
//! Measured with the set (2 players, `innovation simulate --ai`, seats
//! rotated): basic beat random in 1,000 of 1,000 games, strong beat basic in
//! 43 of 48 (89.6 % ± 8.6).
//!
//! It reads a whole [`State`]: call it only on a [`crate::info::World`]
//! (a sampled deal), never on the real game.

use crate::pace::long_game_cost;
use engine::card::{card, EffectKind, Icon};
use engine::derived::{self, achievements_to_win};
use engine::state::{PlayerId, Splay, State};
use engine::turn::{achievable_secrets, achievable_values};

/// The value of a won game (a lost one is its negative).
pub const WIN: f64 = 10_000.0;

/// Weights of the evaluation. `Default` holds values tuned by playing the
/// basic player against itself (`cargo run --release -p innovation-ai --example tune`).
#[derive(Clone, Debug)]
pub struct Weights {
    pub achievement: f64,
    /// Each available standard achievement the player could claim now.
    pub claimable: f64,
    /// Each secret in the player's safe (The Unseen): an achievement only its owner may claim.
    pub secret: f64,
    /// Each secret the player could achieve now (more than [`Weights::secret`]).
    pub claimable_secret: f64,
    pub score_point: f64,
    /// Share of `score_point` for points beyond what the dearest available
    /// achievement needs (they only count if the game ends on score).
    pub score_excess: f64,
    /// Progress of the score toward the next achievement the player could reach.
    pub progress: f64,
    pub highest_top: f64,
    pub top_age: f64,
    pub color: f64,
    pub icon: f64,
    pub hand_card: f64,
    pub hand_age: f64,
    /// Each card in the player's forecast (Echoes): a meld to come, promoted after a Meld action
    /// with a free Dogma action on it.
    pub forecast_card: f64,
    /// The same per age of each forecast card.
    pub forecast_age: f64,
    /// An Artifact on display (Artifacts): a free Dogma action at the start of its owner's next turn.
    pub display_card: f64,
    /// The same per age of the Artifact on display.
    pub display_age: f64,
    /// Each Artifact in the player's Museums: a card to meld, counted at the Museum Check.
    pub museum_card: f64,
    /// The same per age of each Artifact in a Museum.
    pub museum_age: f64,
    /// Holding the single most Artifacts in Museums, divided by the Museums left in the supply.
    pub museum_lead: f64,
    pub splay: [f64; 5],
    /// A top card whose dogma the player uses alone (more of its featured icon than every opponent).
    pub dominant_dogma: f64,
    /// The same for a card with a demand: a threat over every opponent.
    pub dominant_demand: f64,
    /// The turn after which a long game is pushed toward its end ([`crate::pace`]).
    pub long_game_turn: u32,
    /// What each card left in the decks costs everyone, per turn past `long_game_turn`.
    pub long_game_pressure: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            achievement: 100.0,
            claimable: 40.0,
            secret: 15.0,
            claimable_secret: 40.0,
            score_point: 1.5,
            score_excess: 0.25,
            progress: 15.0,
            highest_top: 5.0,
            top_age: 3.0,
            color: 3.0,
            icon: 0.8,
            hand_card: 2.0,
            hand_age: 0.4,
            forecast_card: 2.0,
            forecast_age: 0.4,
            display_card: 6.0,
            display_age: 0.5,
            museum_card: 2.0,
            museum_age: 0.4,
            museum_lead: 30.0,
            splay: [0.0, 2.0, 3.0, 5.0, 6.0],
            dominant_dogma: 1.5,
            dominant_demand: 2.0,
            long_game_turn: 60,
            long_game_pressure: 0.5,
        }
    }
}

fn splay_index(s: Splay) -> usize {
    match s {
        Splay::None => 0,
        Splay::Left => 1,
        Splay::Right => 2,
        Splay::Up => 3,
        Splay::Aslant => 4,
    }
}

/// Visible icons of each standard kind, per player (`Icon::STANDARD` order).
pub fn icon_table(st: &State) -> Vec<[usize; 7]> {
    (0..st.players.len()).map(|p| Icon::STANDARD.map(|i| derived::icon_count(st, p, i))).collect()
}

fn icon_slot(i: Icon) -> usize {
    Icon::STANDARD.iter().position(|x| *x == i).unwrap_or(0)
}

/// How strong one player's position is, on its own (`icons` from [`icon_table`]).
pub fn strength(st: &State, p: PlayerId, icons: &[[usize; 7]], w: &Weights) -> f64 {
    let ps = &st.players[p];
    if ps.eliminated {
        return -WIN / 2.0;
    }
    let mut v = 0.0;
    let need = achievements_to_win(st) as f64;
    let ach = derived::team_achievement_count(st, p) as f64;
    v += w.achievement * ach;
    if ach + 1.0 >= need {
        v += w.achievement * 0.5;
    }
    let claimable = achievable_values(st, p);
    let claimable_secrets = achievable_secrets(st, p).len();
    v += w.claimable * claimable.len() as f64;
    v += w.secret * ps.safe.len() as f64 + w.claimable_secret * claimable_secrets as f64;
    // What could be achieved: the available standard achievements and the player's secrets, by value.
    let targets = || st.achievements.iter().chain(&ps.safe).map(|c| card(*c).age);
    let score = derived::score(st, p) as f64;
    let enough = targets().map(|a| derived::achieve_threshold(st, p, a)).max().unwrap_or(0) as f64;
    v += w.score_point * (score.min(enough) + w.score_excess * (score - enough).max(0.0));
    let high = derived::highest_top_value(st, p);
    // The next achievement the board allows: how close the score is to it.
    let eligible = derived::Eligibility::of(st, p);
    if let Some(next) = targets().filter(|a| *a <= high.max(1) && !eligible.allows(st, p, *a)).min() {
        let need_points = derived::achieve_threshold(st, p, next) as f64;
        v += w.progress * (score / need_points).min(1.0);
    }
    v += w.highest_top * high as f64;
    let tops = ps.top_cards();
    v += w.top_age * tops.iter().map(|c| card(*c).age as f64).sum::<f64>();
    v += w.color * tops.len() as f64;
    v += w.icon * icons[p].iter().sum::<usize>() as f64;
    v += w.hand_card * ps.hand.len().min(8) as f64;
    v += w.hand_age * ps.hand.iter().map(|c| card(*c).age as f64).sum::<f64>();
    // A forecast card's value is on its back: nothing here reads an opponent's forecast card's front.
    v += w.forecast_card * ps.forecast.len() as f64;
    v += w.forecast_age * ps.forecast.iter().map(|c| card(*c).age as f64).sum::<f64>();
    v += ps.piles.iter().map(|pile| w.splay[splay_index(pile.splay)]).sum::<f64>();
    v += artifacts(st, p, w);
    let opponents = st.opponents(p);
    for c in tops {
        let info = card(c);
        let Some(featured) = info.featured_icon else { continue };
        let slot = icon_slot(featured);
        let mine = icons[p][slot];
        if opponents.iter().all(|q| icons[*q][slot] < mine) {
            // A compel reaches only opponents eligible to share: used alone, it reaches nobody.
            let demands = info.effects.iter().any(|e| e.kind == EffectKind::Demand);
            v += if demands { w.dominant_demand } else { w.dominant_dogma };
        }
    }
    v
}

/// Artifacts of History: the Artifact on display, those in Museums, and the lead toward the
/// Museum Check (all public).
fn artifacts(st: &State, p: PlayerId, w: &Weights) -> f64 {
    let ps = &st.players[p];
    let mut v = 0.0;
    if let Some(a) = ps.display {
        v += w.display_card + w.display_age * card(a).age as f64;
    }
    v += w.museum_card * ps.museums.len() as f64;
    v += w.museum_age * ps.museums.iter().map(|(_, a)| card(*a).age as f64).sum::<f64>();
    let mine = ps.museums.len();
    let left = st.museums.len();
    // "The single player (if there is one) with the most Artifacts in Museums": teammates too.
    let single = st.players.iter().enumerate().all(|(q, other)| q == p || other.museums.len() < mine);
    if mine > 0 && left > 0 && single {
        v += w.museum_lead / left as f64;
    }
    v
}

/// The table from `p`'s side: a won game is [`WIN`], a lost one `-WIN`;
/// otherwise the strength of `p`'s team minus that of the strongest other
/// team, less the cost of a long game ([`crate::pace::long_game_cost`], the
/// same for every player: zero in a game of ordinary length).
pub fn evaluate(st: &State, p: PlayerId, w: &Weights) -> f64 {
    if let Some(r) = &st.result {
        return if r.winners.contains(&p) { WIN } else { -WIN };
    }
    let team = st.team_of(p).to_vec();
    let team = if team.is_empty() { vec![p] } else { team };
    let icons = icon_table(st);
    let team_value = |t: &[PlayerId]| t.iter().map(|q| strength(st, *q, &icons, w)).fold(f64::MIN, f64::max);
    let mine = team_value(&team);
    let theirs = st.teams.iter().filter(|t| !t.contains(&p)).map(|t| team_value(t)).fold(f64::MIN, f64::max);
    let relative = if theirs == f64::MIN { mine } else { mine - theirs };
    relative - long_game_cost(st, w)
}

//! Quantities derived from the table, each computed in this one place so that
//! cards, the end-of-action checks, the renderer, the bot and the computer
//! players agree: visible icons (every visible slot of every set, search icons
//! included), a card's value where it lies (Battleship Yamato), the score with
//! visible bonuses, the achievements held (with Cities' flags and fountains),
//! the forecast and safe limits, and the points an achievement needs.
//! Figures' "Each" karmas change these quantities here.

use crate::card::{card, CardId, CityIcon, Color, Icon, Set, Slot};
use crate::karma::Each;
use crate::state::{Pile, PlayerId, Splay, State, Zone};

/// Battleship Yamato "has value 11 while it is on a board".
const YAMATO_ON_BOARD: u8 = 11;

/// The visible slots of one pile: every slot of the top card, and what the splay reveals of the others.
pub fn visible_slots(pile: &Pile) -> impl Iterator<Item = Slot> + '_ {
    let (top, rest): (&[CardId], &[CardId]) = match pile.cards.split_last() {
        Some((t, r)) => (std::slice::from_ref(t), r),
        None => (&[], &[]),
    };
    let top_slots = top.iter().flat_map(|c| card(*c).slots.iter().copied());
    let covered = rest.iter().flat_map(move |c| {
        let slots = &card(*c).slots;
        pile.splay.revealed_slots(slots.len()).iter().map(move |i| slots[*i])
    });
    top_slots.chain(covered)
}

/// Echoes: the cards of a pile whose echo effect is visible, bottom of the pile first. A slot
/// marked for an echo effect on a card that prints none (Marie Curie's: the 4th edition cut echo
/// effects from Figures) is no echo effect.
pub fn visible_echoes(pile: &Pile) -> Vec<CardId> {
    let n = pile.cards.len();
    pile.cards
        .iter()
        .enumerate()
        .filter(|(_, c)| card(**c).echo.is_some())
        .filter(|(i, c)| {
            let slots = &card(**c).slots;
            if i + 1 == n {
                slots.contains(&Slot::Echo)
            } else {
                pile.splay.revealed_slots(slots.len()).iter().any(|s| slots[*s] == Slot::Echo)
            }
        })
        .map(|(_, c)| *c)
        .collect()
}

/// Visible card images (hexagons) in one pile (Echoes' Heritage).
pub fn visible_hexes(pile: &Pile) -> usize {
    visible_slots(pile).filter(|s| *s == Slot::Hex).count()
}

/// Visible icons of `icon` in one pile (the hottest query of the engine: a plain loop over
/// what `visible_slots` yields).
pub fn pile_icon_count(pile: &Pile, icon: Icon) -> usize {
    let Some((top, rest)) = pile.cards.split_last() else { return 0 };
    let is = |s: &Slot| s.icon() == Some(icon);
    let mut n = card(*top).slots.iter().filter(|s| is(s)).count();
    if pile.splay != Splay::None {
        for c in rest {
            let slots = &card(*c).slots;
            n += pile.splay.revealed_slots(slots.len()).iter().filter(|i| is(&slots[**i])).count();
        }
    }
    n
}

/// Visible icons of `icon` on a player's board (with Figures' "Each" karmas that provide icons).
pub fn icon_count(st: &State, p: PlayerId, icon: Icon) -> usize {
    if st.has(Set::Figures) {
        return icon_counts(st, p)[icon.index()];
    }
    st.players[p].piles.iter().map(|pile| pile_icon_count(pile, icon)).sum()
}

/// Every standard icon's count on a board, in `Icon::ALL` order: the visible icons, and those
/// that Figures' "Each" karmas provide (each looking at the plain counts).
pub fn icon_counts(st: &State, p: PlayerId) -> [usize; 8] {
    let plain = plain_icon_counts(st, p);
    if !st.has(Set::Figures) {
        return plain;
    }
    let mut n = plain;
    for (owner, each) in crate::karma::each(st) {
        if let crate::karma::Each::Icons(extra) = each {
            if owner == p {
                for (x, e) in n.iter_mut().zip(extra(st, p, &plain)) {
                    *x += e;
                }
            }
        }
    }
    n
}

/// Every standard icon's visible count on a board, in `Icon::ALL` order, as printed (no karma).
pub fn plain_icon_counts(st: &State, p: PlayerId) -> [usize; 8] {
    let mut n = [0usize; 8];
    for pile in &st.players[p].piles {
        for s in visible_slots(pile) {
            if let Some(i) = s.icon() {
                n[i.index()] += 1;
            }
        }
    }
    n
}

/// The colours of a board showing `icon` (on the top card or revealed by the splay).
pub fn colors_with_icon(st: &State, p: PlayerId, icon: Icon) -> Vec<Color> {
    Color::ALL.into_iter().filter(|c| pile_icon_count(st.pile(p, *c), icon) > 0).collect()
}

/// The value of a card where it lies now: its age, but Battleship Yamato is an 11 on a board.
pub fn value_of(st: &State, c: CardId) -> u8 {
    match st.locate(c) {
        Some(Zone::Pile(..)) => value_on_board(c),
        _ => card(c).age,
    }
}

/// The value a card has while it is on a board: its age, but Battleship Yamato (the Artifact
/// printing no icons) is an 11 there.
pub fn value_on_board(c: CardId) -> u8 {
    let info = card(c);
    if info.is_artifact() && info.slots.iter().all(|s| matches!(s, Slot::Empty | Slot::Hex)) {
        return YAMATO_ON_BOARD;
    }
    info.age
}

/// The value of the highest top card, 0 with an empty board.
pub fn highest_top_value(st: &State, p: PlayerId) -> u8 {
    st.players[p].piles.iter().filter_map(|pile| pile.top()).map(value_on_board).max().unwrap_or(0)
}

/// The values of a player's top cards, one per pile.
pub fn top_values(st: &State, p: PlayerId) -> Vec<u8> {
    st.players[p].piles.iter().filter_map(|pile| pile.top()).map(value_on_board).collect()
}

/// Visible bonus icons on a board, highest first.
pub fn bonuses(st: &State, p: PlayerId) -> Vec<u8> {
    // Only Echoes, Cities and Figures print bonus icons.
    if ![Set::Echoes, Set::Cities, Set::Figures].iter().any(|s| st.has(*s)) {
        return Vec::new();
    }
    let mut v: Vec<u8> =
        st.players[p].piles.iter().flat_map(visible_slots).filter_map(|s| if let Slot::Bonus(b) = s { Some(b) } else { None }).collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    v
}

/// Figures: cards besides their own top cards that `p` can activate with a Dogma action
/// (`Each::Dogma`).
pub fn activatable(st: &State, p: PlayerId) -> Vec<CardId> {
    let mut v: Vec<CardId> = Vec::new();
    for e in owners_each(st, p) {
        if let Each::Dogma(f) = e {
            v.extend(f(st, p).into_iter().filter(|c| !v.contains(c)).collect::<Vec<_>>());
        }
    }
    v
}

/// A player's hand: its cards, and (Figures) the cards an "Each" karma counts as being in it
/// (`Each::Hand`).
pub fn hand(st: &State, p: PlayerId) -> Vec<CardId> {
    let mut v = st.players[p].hand.clone();
    for e in owners_each(st, p) {
        if let Each::Hand(f) = e {
            v.extend(f(st, p).into_iter().filter(|c| !v.contains(c)).collect::<Vec<_>>());
        }
    }
    v
}

/// A player's score pile: its cards, and (Figures) the cards an "Each" karma considers part of it
/// (`Each::ScorePile`).
pub fn score_pile(st: &State, p: PlayerId) -> Vec<CardId> {
    let mut v = st.players[p].score.clone();
    for e in owners_each(st, p) {
        if let Each::ScorePile(f) = e {
            v.extend(f(st, p).into_iter().filter(|c| !v.contains(c)).collect::<Vec<_>>());
        }
    }
    v
}

/// The score: the score pile's values, plus visible bonuses ("your highest bonus is worth its
/// value in points; each other bonus is worth one point").
pub fn score(st: &State, p: PlayerId) -> u32 {
    let b = bonuses(st, p);
    let bonus = b.first().map_or(0, |h| *h as u32 + (b.len() as u32 - 1));
    let pile: u32 =
        if st.has(Set::Figures) { score_pile(st, p).iter().map(|c| card(*c).age as u32).sum() } else { st.players[p].score_pile_total() };
    let plain = pile + bonus;
    if !st.has(Set::Figures) {
        return plain;
    }
    // Figures' "Each" karmas add points (or take them away), never below nothing.
    let icons = plain_icon_counts(st, p);
    let change: i64 = crate::karma::each(st)
        .filter_map(|(owner, e)| if let crate::karma::Each::Score(f) = e { Some(f(st, owner, p, &icons)) } else { None })
        .sum();
    (plain as i64 + change).max(0) as u32
}

/// The combined score of a player's team.
pub fn team_score(st: &State, p: PlayerId) -> u32 {
    st.team_of(p).iter().map(|q| score(st, *q)).sum()
}

/// Achievements a player holds, counting visible fountains, and visible flags whose colour no
/// opponent shows more visible cards of.
pub fn achievement_count(st: &State, p: PlayerId) -> usize {
    let mut n = st.players[p].achievements.len();
    // Figures' "Each" karmas that count things as achievements.
    if st.has(Set::Figures) {
        n += crate::karma::each(st)
            .filter_map(|(owner, e)| match e {
                crate::karma::Each::Achievements(f) if owner == p => Some(f(st, owner)),
                _ => None,
            })
            .sum::<usize>();
    }
    // Only Cities print flags and fountains.
    if !st.has(Set::Cities) {
        return n;
    }
    for col in Color::ALL {
        let pile = st.pile(p, col);
        for s in visible_slots(pile) {
            match s {
                Slot::City(CityIcon::Fountain) => n += 1,
                Slot::City(CityIcon::Flag) => {
                    let mine = pile.visible_count();
                    if st.opponents(p).iter().all(|q| st.pile(*q, col).visible_count() <= mine) {
                        n += 1;
                    }
                }
                _ => {}
            }
        }
    }
    n
}

/// Figures: how much fewer or lower each requirement of the special achievements is for `p`
/// (the "Each" karmas of `p`'s top Figures that say so).
pub fn special_requirements_lowered(st: &State, p: PlayerId) -> usize {
    owners_each(st, p).filter_map(|e| if let Each::SpecialRequirements(f) = e { Some(f(st, p)) } else { None }).sum()
}

/// Achievements counted for victory: the player's, plus their teammates'.
pub fn team_achievement_count(st: &State, p: PlayerId) -> usize {
    st.team_of(p).iter().map(|q| achievement_count(st, *q)).sum()
}

/// The forecast and safe limit: 5, or 4/3/2/1 for the best splay left/right/up/aslant.
pub fn zone_limit(st: &State, p: PlayerId) -> usize {
    let best = st.players[p].piles.iter().map(|pile| pile.splay).max_by_key(|s| s.rank()).unwrap_or(Splay::None);
    5 - best.rank() as usize
}

/// Points needed to claim an achievement of value `v`: five times its value; with expansions in
/// play, doubled if the player already holds one of that value, tripled for two, and so on (p. 21).
pub fn achieve_threshold(st: &State, p: PlayerId, v: u8) -> u32 {
    let times =
        if st.expansion_count() > 0 { 1 + st.players[p].achievements.iter().filter(|a| a.value() == Some(v)).count() as u32 } else { 1 };
    5 * v as u32 * times
}

/// Whether `p` is eligible to claim an achievement of value `v` (points, and a top card of that value or higher).
pub fn eligible_for(st: &State, p: PlayerId, v: u8) -> bool {
    Eligibility::of(st, p).allows(st, p, v)
}

/// A player's score and highest top value for the purpose of claiming achievements, read once to
/// test several achievement values. Figures' "Each" karmas may add to that value
/// (`Each::ClaimingValue`) and count points toward the cost of one value (`Each::ClaimingPoints`).
pub struct Eligibility {
    score: u32,
    highest: u8,
}

impl Eligibility {
    pub fn of(st: &State, p: PlayerId) -> Eligibility {
        Eligibility::with_points(st, p, score(st, p))
    }
    /// Eligibility counted with `points` in place of the score (Artificial Heart's doubled score).
    pub fn with_points(st: &State, p: PlayerId, points: u32) -> Eligibility {
        let added: u8 = owners_each(st, p).filter_map(|e| if let Each::ClaimingValue(f) = e { Some(f(st, p)) } else { None }).sum();
        Eligibility { score: points, highest: highest_top_value(st, p).saturating_add(added) }
    }
    pub fn allows(&self, st: &State, p: PlayerId, v: u8) -> bool {
        let toward: u32 = owners_each(st, p).filter_map(|e| if let Each::ClaimingPoints(f) = e { Some(f(st, p, v)) } else { None }).sum();
        self.highest >= v && self.score + toward >= achieve_threshold(st, p, v)
    }
}

/// Figures: cards that count as available achievements for `p` besides the available ones
/// (`Each::AvailableAchievements`).
pub fn achievements_available_to(st: &State, p: PlayerId) -> Vec<CardId> {
    let mut v: Vec<CardId> =
        owners_each(st, p).flat_map(|e| if let Each::AvailableAchievements(f) = e { f(st, p) } else { Vec::new() }).collect();
    v.dedup();
    v
}

/// Figures: the "Each" karmas of `p`'s own top Figures.
fn owners_each(st: &State, p: PlayerId) -> impl Iterator<Item = Each> + '_ {
    let figures = st.has(Set::Figures);
    figures.then(|| crate::karma::each(st)).into_iter().flatten().filter(move |(owner, _)| *owner == p).map(|(_, e)| e)
}

/// Achievements needed to win: 8 − players (or teams) + expansions, at least 3.
pub fn achievements_to_win(st: &State) -> usize {
    (8 + st.expansion_count()).saturating_sub(st.teams.len()).max(3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardDb;
    use crate::game::{Game, GameConfig};
    use crate::state::Achievement;

    fn id(t: &str) -> CardId {
        CardDb::get().by_title(t).unwrap()
    }

    fn table(sets: &[Set]) -> State {
        let mut st = Game::initial_state(&GameConfig::new(&["ann", "bo"], 3).with_expansions(sets)).unwrap();
        for p in 0..2 {
            st.players[p].hand.clear();
        }
        st
    }

    fn put(st: &mut State, p: PlayerId, titles: &[&str], splay: Splay) {
        for t in titles.iter().rev() {
            let c = id(t);
            st.remove(c);
            st.players[p].piles[card(c).color.index()].cards.push(c);
        }
        if let Some(t) = titles.first() {
            st.players[p].piles[card(id(t)).color.index()].splay = splay;
        }
    }

    #[test]
    fn bonuses_add_their_highest_value_and_one_for_each_other() {
        let mut st = table(&[Set::Echoes]);
        // Two cards of different colours with one bonus each, both top cards.
        let bonus_cards: Vec<CardId> = CardDb::get()
            .cards
            .iter()
            .filter(|c| c.set == Set::Echoes && c.slots.iter().filter(|s| matches!(s, Slot::Bonus(_))).count() == 1)
            .map(|c| c.id)
            .collect();
        let (a, b) = (bonus_cards[0], *bonus_cards.iter().find(|c| card(**c).color != card(bonus_cards[0]).color).unwrap());
        for c in [a, b] {
            st.remove(c);
            st.players[0].piles[card(c).color.index()].cards.push(c);
        }
        let val = |c: CardId| card(c).slots.iter().find_map(|s| if let Slot::Bonus(v) = s { Some(*v as u32) } else { None }).unwrap();
        let (hi, lo) = (val(a).max(val(b)), val(a).min(val(b)));
        assert_eq!(bonuses(&st, 0), vec![hi as u8, lo as u8]);
        assert_eq!(score(&st, 0), hi + 1);
        st.players[0].score.push(id("Sailing"));
        assert_eq!(score(&st, 0), hi + 2);
    }

    #[test]
    fn a_covered_bonus_counts_only_when_the_splay_reveals_it() {
        let mut st = table(&[Set::Echoes]);
        // A card whose only bonus is bottom-right is revealed by a left splay.
        let c = CardDb::get()
            .cards
            .iter()
            .find(|c| {
                c.set == Set::Echoes && matches!(c.slots[3], Slot::Bonus(_)) && c.slots[..3].iter().all(|s| !matches!(s, Slot::Bonus(_)))
            })
            .unwrap();
        let top = CardDb::get().cards.iter().find(|x| x.set == Set::Base && x.color == c.color).unwrap();
        st.remove(c.id);
        st.remove(top.id);
        st.players[0].piles[c.color.index()].cards = vec![c.id, top.id];
        assert!(bonuses(&st, 0).is_empty());
        st.players[0].piles[c.color.index()].splay = Splay::Left;
        assert_eq!(bonuses(&st, 0).len(), 1);
    }

    #[test]
    fn limits_follow_the_best_splay() {
        let mut st = table(&[Set::Unseen]);
        assert_eq!(zone_limit(&st, 0), 5);
        put(&mut st, 0, &["Archery", "Oars"], Splay::Left);
        assert_eq!(zone_limit(&st, 0), 4);
        put(&mut st, 0, &["Sailing", "The Wheel"], Splay::Up);
        assert_eq!(zone_limit(&st, 0), 2);
    }

    #[test]
    fn duplicate_achievements_need_more_points_only_with_expansions() {
        let two = *CardDb::get().of_set_and_age(Set::Base, 2).first().unwrap();
        let mut st = table(&[]);
        st.players[0].achievements.push(Achievement::Card(two));
        assert_eq!(achieve_threshold(&st, 0, 2), 10);
        let mut st = table(&[Set::Unseen]);
        st.players[0].achievements.push(Achievement::Card(two));
        assert_eq!(achieve_threshold(&st, 0, 2), 20);
        assert_eq!(achieve_threshold(&st, 0, 3), 15);
        st.players[0].achievements.push(Achievement::Card(CardDb::get().of_set_and_age(Set::Base, 2)[1]));
        assert_eq!(achieve_threshold(&st, 0, 2), 30);
    }

    #[test]
    fn echo_effects_are_visible_like_icons_bottom_first() {
        let mut st = table(&[Set::Echoes]);
        // Red, top first: Katana (no echo) on Bangle (echo bottom-middle) on Candles (echo top-left).
        put(&mut st, 0, &["Katana", "Bangle", "Candles"], Splay::None);
        let red = |st: &State| visible_echoes(st.pile(0, Color::Red));
        assert!(red(&st).is_empty(), "covered and unsplayed: none");
        st.players[0].piles[Color::Red.index()].splay = Splay::Up;
        assert_eq!(red(&st), vec![id("Bangle")], "up reveals the bottom row");
        st.players[0].piles[Color::Red.index()].splay = Splay::Right;
        assert_eq!(red(&st), vec![id("Candles")], "right reveals the top-left");
        st.players[0].piles[Color::Red.index()].splay = Splay::Aslant;
        assert_eq!(red(&st), vec![id("Candles"), id("Bangle")], "bottom of the pile first");
        put(&mut st, 0, &["Plumbing", "Katana", "Bangle", "Candles"], Splay::None);
        assert_eq!(red(&st), vec![id("Plumbing")], "a top card shows its echo effect");
        // Marie Curie's card data marks an echo slot, but a Figure prints no echo effect.
        let mut st = table(&[Set::Echoes, Set::Figures]);
        put(&mut st, 0, &["Marie Curie"], Splay::None);
        assert!(visible_echoes(st.pile(0, Color::Blue)).is_empty(), "no echo effect to execute");
    }

    #[test]
    fn achievements_to_win_add_one_per_expansion() {
        assert_eq!(achievements_to_win(&table(&[])), 6);
        assert_eq!(achievements_to_win(&table(&[Set::Echoes])), 7);
        assert_eq!(achievements_to_win(&table(&[Set::Echoes, Set::Cities])), 8);
    }

    #[test]
    fn fountains_and_flags_count_as_achievements() {
        let mut st = table(&[Set::Cities]);
        let db = CardDb::get();
        let fountain = db.cards.iter().find(|c| c.slots.contains(&Slot::City(CityIcon::Fountain))).unwrap();
        st.remove(fountain.id);
        st.players[0].piles[fountain.color.index()].cards.push(fountain.id);
        assert_eq!(achievement_count(&st, 0), 1);
        let flag = db.cards.iter().find(|c| c.slots.contains(&Slot::City(CityIcon::Flag)) && c.color != fountain.color).unwrap();
        st.remove(flag.id);
        st.players[0].piles[flag.color.index()].cards.push(flag.id);
        assert_eq!(achievement_count(&st, 0), 2, "no opponent shows more cards of the flag's colour");
        let other: Vec<CardId> = db.cards.iter().filter(|c| c.set == Set::Base && c.color == flag.color).take(2).map(|c| c.id).collect();
        for c in &other {
            st.remove(*c);
        }
        st.players[1].piles[flag.color.index()] = Pile { cards: other, splay: Splay::Left };
        assert_eq!(achievement_count(&st, 0), 1, "bo shows two visible cards of that colour");
    }

    #[test]
    fn battleship_yamato_is_an_eleven_on_a_board() {
        let mut st = table(&[Set::Artifacts]);
        let y = id("Battleship Yamato");
        assert_eq!(value_of(&st, y), 8);
        st.remove(y);
        st.players[0].piles[card(y).color.index()].cards.push(y);
        assert_eq!(value_of(&st, y), 11);
        assert_eq!(highest_top_value(&st, 0), 11);
    }
}

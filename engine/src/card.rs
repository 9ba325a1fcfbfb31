//! Card facts: colours, icons, sets, the card data embedded from `cards/`, and
//! its validation. Everything here is printed on the cards; nothing is a rule.

use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::sync::OnceLock;
use thiserror::Error;

/// Index of a card in the card database: stable across builds and releases (stored games
/// hold them), base first, then each expansion in the order of [`Set`], then the Age 0 cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u16);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red,
    Yellow,
    Green,
    Blue,
    Purple,
}

impl Color {
    pub const ALL: [Color; 5] = [Color::Red, Color::Yellow, Color::Green, Color::Blue, Color::Purple];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Yellow => "yellow",
            Color::Green => "green",
            Color::Blue => "blue",
            Color::Purple => "purple",
        }
    }
    pub fn parse(s: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == s)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The standard icons: the seven of the 4th edition, and the Age 0 cards' icon, which counts
/// as a standard icon only once the Age 0 deck is in the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Icon {
    Authority,
    Concept,
    Health,
    Prosperity,
    Industry,
    Efficiency,
    Avatar,
    Meat,
}

impl Icon {
    /// The seven standard icons of every game.
    pub const STANDARD: [Icon; 7] =
        [Icon::Authority, Icon::Concept, Icon::Health, Icon::Prosperity, Icon::Industry, Icon::Efficiency, Icon::Avatar];
    pub const ALL: [Icon; 8] =
        [Icon::Authority, Icon::Concept, Icon::Health, Icon::Prosperity, Icon::Industry, Icon::Efficiency, Icon::Avatar, Icon::Meat];
    pub fn name(self) -> &'static str {
        match self {
            Icon::Authority => "authority",
            Icon::Concept => "concept",
            Icon::Health => "health",
            Icon::Prosperity => "prosperity",
            Icon::Industry => "industry",
            Icon::Efficiency => "efficiency",
            Icon::Avatar => "avatar",
            Icon::Meat => "meat",
        }
    }
    pub fn parse(s: &str) -> Option<Icon> {
        Icon::ALL.into_iter().find(|i| i.name() == s)
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Icon {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The special icons of Cities of Destiny: constant (flag, fountain) or immediate on a Meld action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CityIcon {
    Flag,
    Fountain,
    Plus,
    Junk,
    Uplift,
    Unsplay,
    ArrowLeft,
    ArrowRight,
    ArrowUp,
}

impl CityIcon {
    pub const ALL: [CityIcon; 9] = [
        CityIcon::Flag,
        CityIcon::Fountain,
        CityIcon::Plus,
        CityIcon::Junk,
        CityIcon::Uplift,
        CityIcon::Unsplay,
        CityIcon::ArrowLeft,
        CityIcon::ArrowRight,
        CityIcon::ArrowUp,
    ];
    pub fn name(self) -> &'static str {
        match self {
            CityIcon::Flag => "flag",
            CityIcon::Fountain => "fountain",
            CityIcon::Plus => "plus",
            CityIcon::Junk => "junk",
            CityIcon::Uplift => "uplift",
            CityIcon::Unsplay => "unsplay",
            CityIcon::ArrowLeft => "arrow-left",
            CityIcon::ArrowRight => "arrow-right",
            CityIcon::ArrowUp => "arrow-up",
        }
    }
    pub fn parse(s: &str) -> Option<CityIcon> {
        CityIcon::ALL.into_iter().find(|i| i.name() == s)
    }
}

/// What one icon slot of a card shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Slot {
    /// A standard icon.
    Icon(Icon),
    /// A Cities search icon: counts as its standard icon, and searches when melded.
    Search(Icon),
    /// The card image (hexagon).
    Hex,
    /// The echo effect (Echoes).
    Echo,
    /// A bonus icon of this value: adds to the score while visible.
    Bonus(u8),
    /// A Cities special icon.
    City(CityIcon),
    /// Nothing printed (Battleship Yamato).
    Empty,
}

impl Slot {
    /// The standard icon this slot counts as, if any.
    pub fn icon(self) -> Option<Icon> {
        match self {
            Slot::Icon(i) | Slot::Search(i) => Some(i),
            _ => None,
        }
    }
    pub fn name(self) -> String {
        match self {
            Slot::Icon(i) => i.name().to_string(),
            Slot::Search(i) => format!("search-{}", i.name()),
            Slot::Hex => "hex".into(),
            Slot::Echo => "echo".into(),
            Slot::Bonus(v) => format!("bonus-{v}"),
            Slot::City(c) => c.name().to_string(),
            Slot::Empty => "none".into(),
        }
    }
    pub fn parse(s: &str) -> Option<Slot> {
        if let Some(i) = Icon::parse(s) {
            return Some(Slot::Icon(i));
        }
        if let Some(c) = CityIcon::parse(s) {
            return Some(Slot::City(c));
        }
        if let Some(v) = s.strip_prefix("bonus-") {
            return v.parse().ok().filter(|v| (1..=12).contains(v)).map(Slot::Bonus);
        }
        if let Some(i) = s.strip_prefix("search-") {
            return Icon::parse(i).map(Slot::Search);
        }
        match s {
            "hex" => Some(Slot::Hex),
            "echo" => Some(Slot::Echo),
            "none" => Some(Slot::Empty),
            _ => None,
        }
    }
}

/// The six sets of Innovation Ultimate, in the order their cards are numbered
/// (card ids are stable forever: stored games hold them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Set {
    Base,
    Echoes,
    Figures,
    Cities,
    Artifacts,
    Unseen,
}

impl Set {
    pub const ALL: [Set; 6] = [Set::Base, Set::Echoes, Set::Figures, Set::Cities, Set::Artifacts, Set::Unseen];
    /// The five expansions.
    pub const EXPANSIONS: [Set; 5] = [Set::Echoes, Set::Figures, Set::Cities, Set::Artifacts, Set::Unseen];
    pub fn name(self) -> &'static str {
        match self {
            Set::Base => "base",
            Set::Echoes => "echoes",
            Set::Figures => "figures",
            Set::Cities => "cities",
            Set::Artifacts => "artifacts",
            Set::Unseen => "unseen",
        }
    }
    /// The name printed on the box.
    pub fn title(self) -> &'static str {
        match self {
            Set::Base => "Base",
            Set::Echoes => "Echoes of the Past",
            Set::Figures => "Figures in the Sand",
            Set::Cities => "Cities of Destiny",
            Set::Artifacts => "Artifacts of History",
            Set::Unseen => "The Unseen",
        }
    }
    pub fn parse(s: &str) -> Option<Set> {
        Set::ALL.into_iter().find(|x| x.name().eq_ignore_ascii_case(s.trim()))
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Set {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The sets in play, as a small set kept in `Set` order (stored as the list of their names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct SetList(u8);

impl SetList {
    pub fn of(sets: &[Set]) -> SetList {
        SetList(sets.iter().fold(0, |m, s| m | 1 << s.index()))
    }
    pub fn contains(self, s: Set) -> bool {
        self.0 & (1 << s.index()) != 0
    }
    /// The sets, in `Set` order.
    pub fn iter(self) -> impl Iterator<Item = Set> {
        Set::ALL.into_iter().filter(move |s| self.contains(*s))
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The place of a set among those in the list, if in it.
    pub fn position(self, s: Set) -> Option<usize> {
        self.contains(s).then(|| (self.0 & ((1 << s.index()) - 1)).count_ones() as usize)
    }
}

impl Serialize for SetList {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SetList {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(SetList::of(&Vec::<Set>::deserialize(d)?))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EffectKind {
    Demand,
    /// Artifacts' "I compel": a demand on the opponents who would be eligible to share.
    Compel,
    NonDemand,
}

impl EffectKind {
    /// Demands and compels ("compel effects are considered to be demand effects for all purposes").
    pub fn is_demand(self) -> bool {
        matches!(self, EffectKind::Demand | EffectKind::Compel)
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct EffectText {
    pub kind: EffectKind,
    pub text: String,
}

/// One card as printed.
#[derive(Clone, Debug)]
pub struct CardInfo {
    pub id: CardId,
    pub number: String,
    pub title: String,
    pub set: Set,
    pub age: u8,
    pub color: Color,
    /// The icon slots: top-left, bottom-left, bottom-middle, bottom-right; Cities print six.
    pub slots: Vec<Slot>,
    /// The icon before each dogma effect; none on cards without dogma effects.
    pub featured_icon: Option<Icon>,
    /// The echo effect's text, printed in the echo slot.
    pub echo: Option<String>,
    /// Dogma effects in printed order.
    pub effects: Vec<EffectText>,
    /// Karma effects (Figures).
    pub karma: Vec<String>,
}

impl CardInfo {
    pub fn has_icon(&self, icon: Icon) -> bool {
        self.slots.iter().any(|s| s.icon() == Some(icon))
    }
    pub fn icon_count(&self, icon: Icon) -> usize {
        self.slots.iter().filter(|s| s.icon() == Some(icon)).count()
    }
    /// A demand or compel effect.
    pub fn has_demand(&self) -> bool {
        self.effects.iter().any(|e| e.kind.is_demand())
    }
    /// Cards a Dogma action may choose: those with dogma effects (not Cities, Figures or Battleship Yamato).
    pub fn has_dogma(&self) -> bool {
        !self.effects.is_empty()
    }
    /// The slot of the card image, if printed.
    pub fn hex_slot(&self) -> Option<usize> {
        self.slots.iter().position(|s| *s == Slot::Hex)
    }
    pub fn is_city(&self) -> bool {
        self.set == Set::Cities
    }
    pub fn is_figure(&self) -> bool {
        self.set == Set::Figures
    }
    pub fn is_artifact(&self) -> bool {
        self.set == Set::Artifacts
    }
}

/// The special achievements of the base game, Echoes, Cities and The Unseen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Special {
    Monument,
    Empire,
    World,
    Wonder,
    Universe,
    Supremacy,
    Destiny,
    Wealth,
    Heritage,
    History,
    Tradition,
    Repute,
    Fame,
    Glory,
    Victory,
    Confidence,
    Zen,
    Anonymity,
    Folklore,
    Mystery,
}

impl Special {
    pub const ALL: [Special; 20] = [
        Special::Monument,
        Special::Empire,
        Special::World,
        Special::Wonder,
        Special::Universe,
        Special::Supremacy,
        Special::Destiny,
        Special::Wealth,
        Special::Heritage,
        Special::History,
        Special::Tradition,
        Special::Repute,
        Special::Fame,
        Special::Glory,
        Special::Victory,
        Special::Confidence,
        Special::Zen,
        Special::Anonymity,
        Special::Folklore,
        Special::Mystery,
    ];
    /// The base game's five.
    pub const BASE: [Special; 5] = [Special::Monument, Special::Empire, Special::World, Special::Wonder, Special::Universe];
    pub fn name(self) -> &'static str {
        match self {
            Special::Monument => "Monument",
            Special::Empire => "Empire",
            Special::World => "World",
            Special::Wonder => "Wonder",
            Special::Universe => "Universe",
            Special::Supremacy => "Supremacy",
            Special::Destiny => "Destiny",
            Special::Wealth => "Wealth",
            Special::Heritage => "Heritage",
            Special::History => "History",
            Special::Tradition => "Tradition",
            Special::Repute => "Repute",
            Special::Fame => "Fame",
            Special::Glory => "Glory",
            Special::Victory => "Victory",
            Special::Confidence => "Confidence",
            Special::Zen => "Zen",
            Special::Anonymity => "Anonymity",
            Special::Folklore => "Folklore",
            Special::Mystery => "Mystery",
        }
    }
    pub fn parse(s: &str) -> Option<Special> {
        Special::ALL.into_iter().find(|x| x.name().eq_ignore_ascii_case(s))
    }
    /// The set whose box holds it.
    pub fn set(self) -> Set {
        match self as usize {
            0..=4 => Set::Base,
            5..=9 => Set::Echoes,
            10..=14 => Set::Cities,
            _ => Set::Unseen,
        }
    }
    /// The special achievements of a game with these sets in play.
    pub fn in_play(sets: &[Set]) -> Vec<Special> {
        Special::ALL.into_iter().filter(|s| s.set() == Set::Base || sets.contains(&s.set())).collect()
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SpecialInfo {
    pub name: String,
    pub set: String,
    pub condition: String,
    pub claimed_via: Option<String>,
}

/// A Decree of Figures in the Sand, one per colour (red War, yellow Expansion, green Trade,
/// blue Advancement, purple Rivalry).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DecreeInfo {
    pub name: String,
    pub color: Color,
    pub effects: Vec<EffectText>,
}

// ---------- the data files ----------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSet {
    set: String,
    edition: u8,
    cards: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    number: String,
    title: String,
    age: u8,
    color: String,
    icons: serde_json::Map<String, serde_json::Value>,
    featured_icon: Option<String>,
    #[serde(default)]
    echo: Option<String>,
    effects: Vec<EffectText>,
    #[serde(default)]
    karma: Vec<String>,
}

#[derive(Deserialize)]
struct RawSpecials {
    special_achievements: Vec<SpecialInfo>,
}

#[derive(Deserialize)]
struct RawDecrees {
    decrees: Vec<DecreeInfo>,
}

/// A card data file that cannot be used, naming the card and the field.
#[derive(Debug, Error, PartialEq)]
pub enum CardDataError {
    #[error("card data is not valid JSON: {0}")]
    Json(String),
    #[error("card {card:?}: field `{field}`: {problem}")]
    Field { card: String, field: String, problem: String },
}

fn field_err(card: &str, field: &str, problem: impl Into<String>) -> CardDataError {
    CardDataError::Field { card: card.to_string(), field: field.to_string(), problem: problem.into() }
}

const FOUR_SLOTS: [&str; 4] = ["top_left", "bottom_left", "bottom_middle", "bottom_right"];
const SIX_SLOTS: [&str; 6] = ["slot_1", "slot_2", "slot_3", "slot_4", "slot_5", "slot_6"];

/// Parses and validates one set's card file; the cards get ids from `first_id` on.
/// `ages` is the range of ages the file may hold (1 to 11; 0 for the Age 0 cards).
pub fn parse_card_set(json: &str, first_id: u16) -> Result<Vec<CardInfo>, CardDataError> {
    parse_cards(json, first_id, 1..=11)
}

fn parse_cards(json: &str, first_id: u16, ages: std::ops::RangeInclusive<u8>) -> Result<Vec<CardInfo>, CardDataError> {
    let raw: RawSet = serde_json::from_str(json).map_err(|e| CardDataError::Json(e.to_string()))?;
    let set = Set::parse(&raw.set).ok_or_else(|| field_err("(file)", "set", format!("unknown set {:?}", raw.set)))?;
    if raw.edition != 4 {
        return Err(field_err("(file)", "edition", format!("edition {} is not supported", raw.edition)));
    }
    let mut titles = HashSet::new();
    let mut numbers = HashSet::new();
    let mut out = Vec::with_capacity(raw.cards.len());
    for (i, c) in raw.cards.into_iter().enumerate() {
        let t = c.title.as_str();
        if t.trim().is_empty() {
            return Err(field_err(&c.number, "title", "is empty"));
        }
        if !titles.insert(t.to_lowercase()) {
            return Err(field_err(t, "title", "duplicate title"));
        }
        if !numbers.insert(c.number.clone()) {
            return Err(field_err(t, "number", format!("duplicate number {}", c.number)));
        }
        if !ages.contains(&c.age) {
            return Err(field_err(t, "age", format!("{} is not an age from {} to {}", c.age, ages.start(), ages.end())));
        }
        let color = Color::parse(&c.color).ok_or_else(|| field_err(t, "color", format!("unknown colour {:?}", c.color)))?;
        let (names, expected): (&[&str], &str) =
            if set == Set::Cities { (&SIX_SLOTS, "a city has 6") } else { (&FOUR_SLOTS, "a card of this set has 4") };
        if c.icons.len() != names.len() {
            return Err(field_err(t, "icons", format!("has {} icon positions, {expected}", c.icons.len())));
        }
        let mut slots = Vec::with_capacity(names.len());
        for pos in names {
            let v = c.icons.get(*pos).ok_or_else(|| field_err(t, "icons", format!("missing position {pos}")))?;
            let name = v.as_str().ok_or_else(|| field_err(t, &format!("icons.{pos}"), "is not a string"))?;
            slots.push(Slot::parse(name).ok_or_else(|| field_err(t, &format!("icons.{pos}"), format!("unknown icon {name:?}")))?);
        }
        if slots.iter().filter(|s| **s == Slot::Hex).count() > 1 {
            return Err(field_err(t, "icons", "has more than one card image (hex)"));
        }
        if set == Set::Base && slots.iter().filter(|s| **s == Slot::Hex).count() != 1 {
            return Err(field_err(t, "icons", "must have exactly one card image (hex)"));
        }
        let featured_icon = match &c.featured_icon {
            None => None,
            Some(f) => Some(Icon::parse(f).ok_or_else(|| field_err(t, "featured_icon", format!("unknown icon {f:?}")))?),
        };
        if !c.effects.is_empty() && featured_icon.is_none() {
            return Err(field_err(t, "featured_icon", "a card with dogma effects has a featured icon"));
        }
        if set == Set::Base && c.effects.is_empty() {
            return Err(field_err(t, "effects", "a base card has at least one effect"));
        }
        if c.echo.is_some() && !slots.contains(&Slot::Echo) {
            return Err(field_err(t, "echo", "an echo effect is printed in an echo slot, and this card has none"));
        }
        if c.effects.iter().any(|e| e.kind == EffectKind::Compel) && set != Set::Artifacts {
            return Err(field_err(t, "effects", "only Artifacts print compel effects"));
        }
        out.push(CardInfo {
            id: CardId(first_id + i as u16),
            number: c.number,
            title: c.title,
            set,
            age: c.age,
            color,
            slots,
            featured_icon,
            echo: c.echo,
            effects: c.effects,
            karma: c.karma,
        });
    }
    Ok(out)
}

/// Every card the game knows, loaded once from the embedded data.
pub struct CardDb {
    pub cards: Vec<CardInfo>,
    pub specials: Vec<SpecialInfo>,
    pub decrees: Vec<DecreeInfo>,
    /// Cards of each set, ages 0 to 11, in id order (`by_set[set][age]`).
    by_set: [[Vec<CardId>; 12]; 6],
}

static DB: OnceLock<CardDb> = OnceLock::new();

/// The card files in id order: base first, then each expansion in the order of `Set`, then the
/// Age 0 base cards. Ids never change for a card already released (a test pins them).
const CARD_FILES: [(&str, &str); 7] = [
    ("base", include_str!("../../cards/base.json")),
    ("echoes", include_str!("../../cards/echoes.json")),
    ("figures", include_str!("../../cards/figures.json")),
    ("cities", include_str!("../../cards/cities.json")),
    ("artifacts", include_str!("../../cards/artifacts.json")),
    ("unseen", include_str!("../../cards/unseen.json")),
    ("age-0", include_str!("../../cards/age-0.json")),
];
const SPECIALS_JSON: &str = include_str!("../../cards/special-achievements.json");
const DECREES_JSON: &str = include_str!("../../cards/decrees.json");

impl CardDb {
    pub fn get() -> &'static CardDb {
        DB.get_or_init(|| CardDb::load().expect("embedded card data is valid (checked by tests)"))
    }

    fn load() -> Result<CardDb, CardDataError> {
        let mut cards: Vec<CardInfo> = Vec::new();
        for (name, json) in CARD_FILES {
            let ages = if name == "age-0" { 0..=0 } else { 1..=11 };
            cards.extend(parse_cards(json, cards.len() as u16, ages)?);
        }
        let mut seen = HashSet::new();
        for c in &cards {
            if !seen.insert(normalize_title(&c.title)) {
                return Err(field_err(&c.title, "title", "the same title is in two sets"));
            }
        }
        let specials: RawSpecials = serde_json::from_str(SPECIALS_JSON).map_err(|e| CardDataError::Json(e.to_string()))?;
        let decrees: RawDecrees = serde_json::from_str(DECREES_JSON).map_err(|e| CardDataError::Json(e.to_string()))?;
        let mut by_set: [[Vec<CardId>; 12]; 6] = Default::default();
        for c in &cards {
            by_set[c.set.index()][c.age as usize].push(c.id);
        }
        Ok(CardDb { cards, specials: specials.special_achievements, decrees: decrees.decrees, by_set })
    }

    pub fn card(&self, id: CardId) -> &CardInfo {
        &self.cards[id.0 as usize]
    }
    pub fn by_title(&self, title: &str) -> Option<CardId> {
        let norm = normalize_title(title);
        self.cards.iter().find(|c| normalize_title(&c.title) == norm).map(|c| c.id)
    }
    /// The cards of one set and age (the Age 0 cards are base cards of age 0).
    pub fn of_set_and_age(&self, set: Set, age: u8) -> &[CardId] {
        self.by_set[set.index()].get(age as usize).map_or(&[], |v| v.as_slice())
    }
    pub fn special_info(&self, s: Special) -> &SpecialInfo {
        self.specials.iter().find(|x| x.name == s.name()).expect("every special achievement has data")
    }
    pub fn decree(&self, c: Color) -> &DecreeInfo {
        self.decrees.iter().find(|d| d.color == c).expect("every colour has a Decree")
    }
    /// The colour of the Decree of this name ("War", or "War Decree"), ignoring case.
    pub fn decree_named(&self, name: &str) -> Option<Color> {
        let norm = normalize_title(name);
        let norm = norm.strip_suffix("decree").unwrap_or(&norm);
        self.decrees.iter().find(|d| normalize_title(&d.name) == norm).map(|d| d.color)
    }
}

/// Titles compare ignoring case, spaces and dots ("A. I." = "AI" = "a.i.").
pub fn normalize_title(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(|c| c.to_lowercase()).collect()
}

/// Shorthand for the card database.
pub fn card(id: CardId) -> &'static CardInfo {
    CardDb::get().card(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(card: &str) -> String {
        format!(r#"{{"set":"base","edition":4,"cards":[{card}]}}"#)
    }
    const GOOD: &str = r#"{"number":"B008","title":"Sailing","age":1,"color":"green","icons":{"top_left":"prosperity","bottom_left":"prosperity","bottom_middle":"hex","bottom_right":"health"},"featured_icon":"prosperity","effects":[{"kind":"non-demand","text":"Draw and meld a {1}."}]}"#;

    #[test]
    fn embedded_data_has_every_set() {
        let db = CardDb::get();
        assert_eq!(db.cards.len(), 6 * 115 + 15);
        assert_eq!(db.specials.len(), 20);
        assert_eq!(db.decrees.len(), 5);
        for set in Set::ALL {
            for age in 1..=11u8 {
                let n = db.of_set_and_age(set, age).len();
                assert_eq!(n, if age == 1 { 15 } else { 10 }, "{set} age {age}");
            }
        }
        assert_eq!(db.of_set_and_age(Set::Base, 0).len(), 15);
        let archery = db.card(db.by_title("archery").unwrap());
        assert_eq!(archery.slots, [Slot::Icon(Icon::Authority), Slot::Icon(Icon::Concept), Slot::Hex, Slot::Icon(Icon::Authority)]);
        assert!(db.by_title("A.I.").is_some());
        for s in Special::ALL {
            assert_eq!(db.special_info(s).set, s.set().name(), "{}", s.name());
        }
    }

    /// Stored games hold card ids: these must never change.
    #[test]
    fn card_ids_are_pinned() {
        let db = CardDb::get();
        let pinned = [
            (0, "Archery"),
            (105, "Astrogeology"),
            (114, "Whataboutism"),
            (115, "Bangle"),
            (229, "Meritocracy"),
            (230, "Gilgamesh"),
            (345, "Athens"),
            (460, "Holmegaard Bows"),
            (536, "Battleship Yamato"),
            (575, "Assassination"),
            (689, "Metaverse"),
            (690, "Fire"),
        ];
        for (id, title) in pinned {
            assert_eq!(db.card(CardId(id)).title, title, "card id {id}");
        }
        let sets: Vec<(Set, u16)> = Set::ALL.iter().map(|s| (*s, db.cards.iter().find(|c| c.set == *s).unwrap().id.0)).collect();
        assert_eq!(
            sets,
            [(Set::Base, 0), (Set::Echoes, 115), (Set::Figures, 230), (Set::Cities, 345), (Set::Artifacts, 460), (Set::Unseen, 575)]
        );
    }

    #[test]
    fn expansion_card_features_are_read() {
        let db = CardDb::get();
        let c = |t: &str| db.card(db.by_title(t).unwrap());
        assert_eq!(c("Chopsticks").echo.as_deref(), Some("You may draw and foreshadow a {1}."));
        assert_eq!(c("Chopsticks").slots[3], Slot::Echo);
        assert_eq!(c("Athens").slots.len(), 6);
        assert!(c("Athens").slots.contains(&Slot::City(CityIcon::Plus)));
        assert!(!c("Athens").has_dogma() && c("Athens").featured_icon.is_none());
        assert_eq!(c("Dancing Girl").effects[0].kind, EffectKind::Compel);
        assert!(c("Dancing Girl").has_demand());
        assert!(!c("Shennong").karma.is_empty() && !c("Shennong").has_dogma());
        assert_eq!(c("Battleship Yamato").slots, [Slot::Empty, Slot::Hex, Slot::Empty, Slot::Empty]);
        assert_eq!(c("Fire").age, 0);
        assert!(c("Fire").has_icon(Icon::Meat));
        assert!(db.cards.iter().any(|x| x.slots.contains(&Slot::Bonus(12))));
    }

    #[test]
    fn a_city_needs_six_slots() {
        let json = format!(r#"{{"set":"cities","edition":4,"cards":[{GOOD}]}}"#);
        let err = parse_card_set(&json, 0).unwrap_err().to_string();
        assert!(err.contains("Sailing") && err.contains("a city has 6"), "{err}");
    }

    #[test]
    fn compel_outside_artifacts_is_refused() {
        let bad = GOOD.replace(r#""kind":"non-demand""#, r#""kind":"compel""#);
        let err = parse_card_set(&one(&bad), 0).unwrap_err().to_string();
        assert!(err.contains("compel"), "{err}");
    }

    #[test]
    fn a_good_card_parses() {
        assert_eq!(parse_card_set(&one(GOOD), 0).unwrap().len(), 1);
    }

    #[test]
    fn unknown_icon_is_refused_naming_card_and_field() {
        let bad = GOOD.replace(r#""bottom_right":"health""#, r#""bottom_right":"lightning""#);
        let err = parse_card_set(&one(&bad), 0).unwrap_err().to_string();
        assert!(err.contains("Sailing") && err.contains("icons.bottom_right") && err.contains("lightning"), "{err}");
    }

    #[test]
    fn five_icon_positions_are_refused() {
        let bad = GOOD.replace(r#""bottom_right":"health""#, r#""bottom_right":"health","extra":"health""#);
        let err = parse_card_set(&one(&bad), 0).unwrap_err().to_string();
        assert!(err.contains("Sailing") && err.contains("icons") && err.contains("5 icon positions"), "{err}");
    }

    #[test]
    fn duplicate_title_is_refused() {
        let second = GOOD.replace("B008", "B009");
        let err = parse_card_set(&one(&format!("{GOOD},{second}")), 0).unwrap_err().to_string();
        assert!(err.contains("Sailing") && err.contains("title") && err.contains("duplicate"), "{err}");
    }

    #[test]
    fn unknown_colour_is_refused() {
        let bad = GOOD.replace(r#""color":"green""#, r#""color":"teal""#);
        let err = parse_card_set(&one(&bad), 0).unwrap_err().to_string();
        assert!(err.contains("Sailing") && err.contains("color"), "{err}");
    }
}

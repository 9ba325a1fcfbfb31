//! Card facts: colours, icons, sets, the card data embedded from `cards/`, and
//! its validation. Everything here is printed on the cards; nothing is a rule.

use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::sync::OnceLock;
use thiserror::Error;

/// Index of a card in the card database (stable within one build).
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

/// The seven standard icons of the 4th edition, plus the card image (`hex`).
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
    Hex,
}

impl Icon {
    /// The seven standard icons (not the card image).
    pub const STANDARD: [Icon; 7] =
        [Icon::Authority, Icon::Concept, Icon::Health, Icon::Prosperity, Icon::Industry, Icon::Efficiency, Icon::Avatar];
    pub fn name(self) -> &'static str {
        match self {
            Icon::Authority => "authority",
            Icon::Concept => "concept",
            Icon::Health => "health",
            Icon::Prosperity => "prosperity",
            Icon::Industry => "industry",
            Icon::Efficiency => "efficiency",
            Icon::Avatar => "avatar",
            Icon::Hex => "hex",
        }
    }
    pub fn parse(s: &str) -> Option<Icon> {
        Icon::STANDARD.into_iter().chain([Icon::Hex]).find(|i| i.name() == s)
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Set {
    Base,
}

impl Set {
    pub fn name(self) -> &'static str {
        "base"
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EffectKind {
    Demand,
    NonDemand,
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
    /// Top-left, bottom-left, bottom-middle, bottom-right.
    pub icons: [Icon; 4],
    pub featured_icon: Icon,
    pub effects: Vec<EffectText>,
}

impl CardInfo {
    pub fn has_icon(&self, icon: Icon) -> bool {
        self.icons.contains(&icon)
    }
    pub fn icon_count(&self, icon: Icon) -> usize {
        self.icons.iter().filter(|i| **i == icon).count()
    }
    pub fn has_demand(&self) -> bool {
        self.effects.iter().any(|e| e.kind == EffectKind::Demand)
    }
}

/// The special achievements of the base game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Special {
    Monument,
    Empire,
    World,
    Wonder,
    Universe,
}

impl Special {
    pub const ALL: [Special; 5] = [Special::Monument, Special::Empire, Special::World, Special::Wonder, Special::Universe];
    pub fn name(self) -> &'static str {
        match self {
            Special::Monument => "Monument",
            Special::Empire => "Empire",
            Special::World => "World",
            Special::Wonder => "Wonder",
            Special::Universe => "Universe",
        }
    }
    pub fn parse(s: &str) -> Option<Special> {
        Special::ALL.into_iter().find(|x| x.name().eq_ignore_ascii_case(s))
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SpecialInfo {
    pub name: String,
    pub set: String,
    pub condition: String,
    pub claimed_via: Option<String>,
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
    featured_icon: String,
    effects: Vec<EffectText>,
}

#[derive(Deserialize)]
struct RawSpecials {
    special_achievements: Vec<SpecialInfo>,
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

const ICON_POSITIONS: [&str; 4] = ["top_left", "bottom_left", "bottom_middle", "bottom_right"];

/// Parses and validates one set's card file.
pub fn parse_card_set(json: &str, first_id: u16) -> Result<Vec<CardInfo>, CardDataError> {
    let raw: RawSet = serde_json::from_str(json).map_err(|e| CardDataError::Json(e.to_string()))?;
    if raw.set != "base" {
        return Err(field_err("(file)", "set", format!("unknown set {:?}", raw.set)));
    }
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
        if !(1..=11).contains(&c.age) {
            return Err(field_err(t, "age", format!("{} is not an age from 1 to 11", c.age)));
        }
        let color = Color::parse(&c.color).ok_or_else(|| field_err(t, "color", format!("unknown colour {:?}", c.color)))?;
        if c.icons.len() != 4 {
            return Err(field_err(t, "icons", format!("has {} icon positions, a base card has 4", c.icons.len())));
        }
        let mut icons = [Icon::Hex; 4];
        for (slot, pos) in ICON_POSITIONS.iter().enumerate() {
            let v = c.icons.get(*pos).ok_or_else(|| field_err(t, "icons", format!("missing position {pos}")))?;
            let name = v.as_str().ok_or_else(|| field_err(t, &format!("icons.{pos}"), "is not a string"))?;
            icons[slot] = Icon::parse(name).ok_or_else(|| field_err(t, &format!("icons.{pos}"), format!("unknown icon {name:?}")))?;
        }
        if icons.iter().filter(|i| **i == Icon::Hex).count() != 1 {
            return Err(field_err(t, "icons", "must have exactly one card image (hex)"));
        }
        let featured_icon = Icon::parse(&c.featured_icon)
            .filter(|i| *i != Icon::Hex)
            .ok_or_else(|| field_err(t, "featured_icon", format!("unknown icon {:?}", c.featured_icon)))?;
        if c.effects.is_empty() {
            return Err(field_err(t, "effects", "a base card has at least one effect"));
        }
        out.push(CardInfo {
            id: CardId(first_id + i as u16),
            number: c.number,
            title: c.title,
            set: Set::Base,
            age: c.age,
            color,
            icons,
            featured_icon,
            effects: c.effects,
        });
    }
    Ok(out)
}

/// Every card the game knows, loaded once from the embedded data.
pub struct CardDb {
    pub cards: Vec<CardInfo>,
    pub specials: Vec<SpecialInfo>,
}

static DB: OnceLock<CardDb> = OnceLock::new();

const BASE_JSON: &str = include_str!("../../cards/base.json");
const SPECIALS_JSON: &str = include_str!("../../cards/special-achievements.json");

impl CardDb {
    pub fn get() -> &'static CardDb {
        DB.get_or_init(|| {
            let cards = parse_card_set(BASE_JSON, 0).expect("embedded card data is valid (checked by tests)");
            let raw: RawSpecials = serde_json::from_str(SPECIALS_JSON).expect("embedded special achievements are valid");
            CardDb { cards, specials: raw.special_achievements }
        })
    }
    pub fn card(&self, id: CardId) -> &CardInfo {
        &self.cards[id.0 as usize]
    }
    pub fn by_title(&self, title: &str) -> Option<CardId> {
        let norm = normalize_title(title);
        self.cards.iter().find(|c| normalize_title(&c.title) == norm).map(|c| c.id)
    }
    pub fn special_info(&self, s: Special) -> &SpecialInfo {
        self.specials.iter().find(|x| x.name == s.name()).expect("every base special achievement has data")
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
    fn embedded_data_has_all_base_cards() {
        let db = CardDb::get();
        assert_eq!(db.cards.len(), 115);
        assert_eq!(db.specials.len(), 5);
        for age in 1..=11u8 {
            let n = db.cards.iter().filter(|c| c.age == age).count();
            assert_eq!(n, if age == 1 { 15 } else { 10 }, "age {age}");
        }
        let archery = db.card(db.by_title("archery").unwrap());
        assert_eq!(archery.icons, [Icon::Authority, Icon::Concept, Icon::Hex, Icon::Authority]);
        assert!(db.by_title("A.I.").is_some());
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

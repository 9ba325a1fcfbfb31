//! Finding a card by the name someone types, for `/card` and its suggestions:
//! every card of every set (the Age 0 cards included), the sets of the game at
//! hand (or the playable ones) first, and Figures in the Sand's five Decrees by
//! name. A title is unique today across all six sets; should two sets ever
//! print the same one, each is offered and named as "Title [set]".

use engine::card::normalize_title;
use engine::{CardDb, CardId, Color, Set};

/// The cards whose title is `title` (ignoring case, spaces and dots).
fn titled(title: &str) -> Vec<CardId> {
    let norm = normalize_title(title);
    CardDb::get().cards.iter().filter(|c| normalize_title(&c.title) == norm).map(|c| c.id).collect()
}

/// What a card is called in a suggestion's value: its title, with its set when another
/// card has the same title.
pub fn value(c: CardId) -> String {
    let info = engine::card(c);
    if titled(&info.title).len() > 1 {
        format!("{} [{}]", info.title, info.set.name())
    } else {
        info.title.clone()
    }
}

/// A suggestion's label: "Assassination (age 1, red, The Unseen)"; base cards without their set.
pub fn label(c: CardId) -> String {
    let info = engine::card(c);
    match info.set {
        Set::Base => format!("{} (age {}, {})", info.title, info.age, info.color),
        set => format!("{} (age {}, {}, {})", info.title, info.age, info.color, set.title()),
    }
}

/// A Decree's suggestion label: "War (a Decree, red, Figures in the Sand)".
fn decree_label(c: Color) -> String {
    format!("{} (a Decree, {c}, {})", CardDb::get().decree(c).name, Set::Figures.title())
}

/// Figures: the Decree of this name ("War", "war decree"), if no card has that title.
pub fn resolve_decree(name: &str) -> Option<Color> {
    CardDb::get().decree_named(name.trim())
}

/// Up to 25 suggestions (label, value) for what is typed: titles that start with it before
/// those that contain it, cards of `preferred` sets before the others, then by title. The
/// Decrees are found by name among them, as Figures in the Sand's.
pub fn suggest(partial: &str, preferred: &[Set]) -> Vec<(String, String)> {
    let p = normalize_title(partial);
    let db = CardDb::get();
    let mut found: Vec<(bool, bool, &str, Result<CardId, Color>)> = db
        .cards
        .iter()
        .filter_map(|c| {
            let t = normalize_title(&c.title);
            t.contains(&p).then(|| (!t.starts_with(&p), !preferred.contains(&c.set), c.title.as_str(), Ok(c.id)))
        })
        .collect();
    found.extend(db.decrees.iter().filter_map(|d| {
        let t = normalize_title(&d.name);
        t.contains(&p).then(|| (!t.starts_with(&p), !preferred.contains(&Set::Figures), d.name.as_str(), Err(d.color)))
    }));
    found.sort();
    found
        .into_iter()
        .take(25)
        .map(|(.., found)| match found {
            Ok(c) => (label(c), value(c)),
            Err(d) => (decree_label(d), db.decree(d).name.clone()),
        })
        .collect()
}

/// The card named: "Title", or "Title [set]" (the set by name or box title) when titles repeat.
pub fn resolve(name: &str) -> Result<CardId, String> {
    let (title, set) = match name.trim().strip_suffix(']').and_then(|s| s.rsplit_once('[')) {
        Some((title, set)) => (title.trim(), Some(set.trim())),
        None => (name.trim(), None),
    };
    let mut cards = titled(title);
    if let Some(set) = set {
        let norm = normalize_title(set);
        cards.retain(|c| {
            let s = engine::card(*c).set;
            normalize_title(s.name()) == norm || normalize_title(s.title()) == norm
        });
    }
    match cards.as_slice() {
        [] => Err(format!("There is no card called \"{}\". (The suggestions list every card.)", name.trim())),
        [one] => Ok(*one),
        many => {
            let which: Vec<String> = many.iter().map(|c| format!("`{}`", value(*c))).collect();
            Err(format!("Several cards are called \"{title}\": choose {}.", which.join(" or ")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_is_found_by_its_suggested_value() {
        for c in &CardDb::get().cards {
            assert_eq!(resolve(&value(c.id)), Ok(c.id), "{}", c.title);
            assert_eq!(resolve(&c.title.to_uppercase()), Ok(c.id), "{}: titles are unique across the sets", c.title);
        }
        let a = CardDb::get().by_title("Assassination").unwrap();
        assert_eq!(resolve("Assassination [unseen]"), Ok(a));
        assert_eq!(resolve("assassination [The Unseen]"), Ok(a));
        assert!(resolve("Assassination [echoes]").unwrap_err().contains("no card called"));
        assert!(resolve("Nothing Like It").is_err());
    }

    #[test]
    fn suggestions_find_unseen_cards_and_prefer_the_sets_in_play() {
        let s = suggest("assass", &[Set::Base]);
        assert_eq!(s[0], ("Assassination (age 1, red, The Unseen)".to_string(), "Assassination".to_string()));
        // "ar": titles starting with it first, the preferred set's first among them.
        let unseen_first = suggest("ar", &[Set::Unseen]);
        let base_first = suggest("ar", &[Set::Base]);
        let set_of = |v: &(String, String)| engine::card(resolve(&v.1).unwrap()).set;
        assert_eq!(set_of(&unseen_first[0]), Set::Unseen, "{unseen_first:?}");
        assert_eq!(set_of(&base_first[0]), Set::Base, "{base_first:?}");
        assert!(unseen_first.iter().all(|(_, v)| normalize_title(v).contains("ar")));
        assert_eq!(suggest("", &[]).len(), 25);
        assert!(suggest("zzzz", &[]).is_empty());
    }

    /// Cities are found like any card: by the start of their title or any part of it, labelled
    /// with their set, first when Cities is in play.
    #[test]
    fn suggestions_find_cities() {
        let s = suggest("athe", &[Set::Base]);
        assert_eq!(s[0], ("Athens (age 1, red, Cities of Destiny)".to_string(), "Athens".to_string()));
        let s = suggest("st. pete", &[]);
        assert_eq!(s[0].1, "St. Petersburg");
        assert_eq!(resolve("st petersburg"), Ok(CardDb::get().by_title("St. Petersburg").unwrap()));
        assert_eq!(resolve("New York City [cities]").map(|c| engine::card(c).set), Ok(Set::Cities));
        // "ro": titles starting with it; with Cities in play, a city first (Rome, Rotterdam...).
        let cities_first = suggest("ro", &[Set::Cities]);
        assert_eq!(engine::card(resolve(&cities_first[0].1).unwrap()).set, Set::Cities, "{cities_first:?}");
        let every = CardDb::get().cards.iter().filter(|c| c.is_city()).count();
        assert_eq!(every, 115);
    }

    /// Every Figure and every Age 0 card is found by its title and suggested; the Decrees are
    /// suggested by name (no card has one of their names), first when Figures is in play.
    #[test]
    fn suggestions_find_figures_age_zero_cards_and_decrees() {
        let db = CardDb::get();
        let figures: Vec<&engine::card::CardInfo> = db.cards.iter().filter(|c| c.is_figure()).collect();
        let age_zero: Vec<&engine::card::CardInfo> = db.cards.iter().filter(|c| c.age == 0).collect();
        assert_eq!((figures.len(), age_zero.len()), (115, 15));
        for c in figures.iter().chain(&age_zero) {
            assert_eq!(resolve(&c.title), Ok(c.id), "{}", c.title);
            let s = suggest(&c.title, &[Set::Base, Set::Figures]);
            assert!(s.iter().any(|(l, v)| v == &value(c.id) && l == &label(c.id)), "{}: {s:?}", c.title);
        }
        let g = db.by_title("Gilgamesh").unwrap();
        assert_eq!(suggest("gilga", &[])[0], ("Gilgamesh (age 1, red, Figures in the Sand)".to_string(), "Gilgamesh".to_string()));
        assert_eq!(resolve("gilgamesh [figures]"), Ok(g));
        assert!(label(age_zero[0].id).contains("(age 0, "), "{}", label(age_zero[0].id));
        for d in &db.decrees {
            assert!(resolve(&d.name).is_err(), "no card is called {}", d.name);
            assert_eq!(resolve_decree(&d.name.to_uppercase()), Some(d.color));
            let s = suggest(&d.name, &[Set::Figures]);
            assert_eq!(s[0], (format!("{} (a Decree, {}, Figures in the Sand)", d.name, d.color), d.name.clone()), "{s:?}");
        }
        assert_eq!(resolve_decree("war decree"), Some(Color::Red));
        assert_eq!(resolve_decree("Archery"), None);
    }

    /// Echoes cards are found like any card, labelled with their set, first when Echoes is in play.
    #[test]
    fn suggestions_find_echoes_cards() {
        let s = suggest("chops", &[Set::Base]);
        assert_eq!(s[0], ("Chopsticks (age 1, yellow, Echoes of the Past)".to_string(), "Chopsticks".to_string()));
        assert_eq!(resolve("perfume [echoes]").map(|c| engine::card(c).set), Ok(Set::Echoes));
        // "c": with Echoes in play, an Echoes card first (Candles, Chopsticks...).
        let echoes_first = suggest("c", &[Set::Echoes]);
        assert_eq!(engine::card(resolve(&echoes_first[0].1).unwrap()).set, Set::Echoes, "{echoes_first:?}");
        assert_eq!(CardDb::get().cards.iter().filter(|c| c.set == Set::Echoes).count(), 115);
    }
}

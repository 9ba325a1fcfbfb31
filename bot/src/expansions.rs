//! Which expansions a game may be played with, and their names as people type
//! them. A set is playable once all its cards are implemented (the engine's
//! `Game::new` refuses the others); the lobby, `/innovation new`, `innovation
//! play` and `innovation simulate` all offer and accept only those.

use engine::Set;
use thiserror::Error;

/// An expansion that cannot be chosen, in words for the one who named it.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum ExpansionError {
    #[error("unknown expansion \"{name}\" (the expansions are {known}; {playable})")]
    Unknown { name: String, known: String, playable: String },
    #[error("{title} cannot be played yet: {implemented} of its {total} cards are implemented ({playable})")]
    NotPlayable { title: &'static str, implemented: usize, total: usize, playable: String },
}

/// Whether all of `set`'s cards are implemented.
pub fn is_playable(set: Set) -> bool {
    let (implemented, total) = engine::cards::implemented_in(set);
    implemented == total
}

/// The expansions that may be played, in `Set` order.
pub fn playable() -> Vec<Set> {
    Set::EXPANSIONS.into_iter().filter(|s| is_playable(*s)).collect()
}

/// "playable now: unseen" or "none is playable yet".
fn playable_words() -> String {
    let names: Vec<&str> = playable().iter().map(|s| s.name()).collect();
    if names.is_empty() {
        "none is playable yet".into()
    } else {
        format!("playable now: {}", names.join(", "))
    }
}

/// The expansion a name means: its short name ("unseen") or the title on its box, with or
/// without "The" ("The Unseen", "Echoes of the Past"), in any case. `None` for the base set too.
fn named(name: &str) -> Option<Set> {
    let norm = |s: &str| engine::card::normalize_title(s.trim().strip_prefix("the ").unwrap_or(s.trim()));
    let name = name.trim().to_lowercase();
    Set::EXPANSIONS.into_iter().find(|s| norm(&name) == norm(s.name()) || norm(&name) == norm(&s.title().to_lowercase()))
}

/// The expansions named, each playable, in `Set` order without repeats. Empty names, "base"
/// (always in play) and "none" name nothing.
pub fn parse_names<S: AsRef<str>>(names: &[S]) -> Result<Vec<Set>, ExpansionError> {
    let mut sets = Vec::new();
    for name in names.iter().map(|n| n.as_ref().trim()).filter(|n| !n.is_empty()) {
        if ["base", "none"].iter().any(|w| name.eq_ignore_ascii_case(w)) {
            continue;
        }
        let Some(set) = named(name) else {
            let known: Vec<&str> = Set::EXPANSIONS.iter().map(|s| s.name()).collect();
            return Err(ExpansionError::Unknown { name: name.to_string(), known: known.join(", "), playable: playable_words() });
        };
        let (implemented, total) = engine::cards::implemented_in(set);
        if implemented < total {
            return Err(ExpansionError::NotPlayable { title: set.title(), implemented, total, playable: playable_words() });
        }
        sets.push(set);
    }
    sets.sort();
    sets.dedup();
    Ok(sets)
}

/// A list as typed: "unseen", "unseen, echoes", "The Unseen + Cities", "none".
pub fn parse_list(text: &str) -> Result<Vec<Set>, ExpansionError> {
    parse_names(&text.split([',', '+', ';', '&']).collect::<Vec<_>>())
}

/// Suggestions for a list being typed, as (label, value): the playable expansions not named yet
/// that fit its last item, each after the ones named before it ("unseen, ec" gives "unseen,
/// echoes"), the list so far, and "none" while nothing is named. At most 25 (Discord's limit).
pub fn completions(partial: &str) -> Vec<(String, String)> {
    let mut items: Vec<&str> = partial.split([',', '+', ';', '&']).map(str::trim).collect();
    let last = engine::card::normalize_title(items.pop().unwrap_or(""));
    let mut before: Vec<Set> = items.iter().filter_map(|n| named(n)).collect();
    before.dedup();
    let choice = |sets: &[Set]| {
        let label = sets.iter().map(|s| s.title()).collect::<Vec<_>>().join(" + ");
        let value = sets.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ");
        (label, value)
    };
    let mut out = Vec::new();
    if before.is_empty() && last.is_empty() {
        out.push(("none (the base game only)".to_string(), "none".to_string()));
    }
    if !before.is_empty() && last.is_empty() {
        out.push(choice(&before));
    }
    let fits = |s: &Set| {
        let (name, title) = (engine::card::normalize_title(s.name()), engine::card::normalize_title(s.title()));
        name.contains(&last) || title.contains(&last)
    };
    for set in playable().into_iter().filter(|s| !before.contains(s)).filter(fits) {
        let mut sets = before.clone();
        sets.push(set);
        out.push(choice(&sets));
    }
    out.truncate(25);
    out
}

/// The sets in play in words: "the base game only", "the base game and The Unseen".
pub fn words(expansions: &[Set]) -> String {
    let titles: Vec<&str> = expansions.iter().filter(|s| **s != Set::Base).map(|s| s.title()).collect();
    match titles.as_slice() {
        [] => "the base game only".into(),
        [one] => format!("the base game and {one}"),
        [rest @ .., last] => format!("the base game, {} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_as_people_type_them() {
        for set in Set::EXPANSIONS {
            assert_eq!(named(set.name()), Some(set));
            assert_eq!(named(&set.name().to_uppercase()), Some(set));
            assert_eq!(named(set.title()), Some(set), "{}", set.title());
        }
        assert_eq!(named("the unseen"), Some(Set::Unseen));
        assert_eq!(named("Unseen"), Some(Set::Unseen));
        assert_eq!(named("echoes of the past"), Some(Set::Echoes));
        assert_eq!(named("base"), None);
        assert_eq!(named("relics"), None);
    }

    #[test]
    fn only_playable_sets_are_accepted() {
        assert_eq!(parse_list(""), Ok(vec![]));
        assert_eq!(parse_list("none"), Ok(vec![]));
        assert_eq!(parse_list(" base , "), Ok(vec![]));
        let unknown = parse_list("relics, unseen").unwrap_err();
        assert!(matches!(&unknown, ExpansionError::Unknown { name, .. } if name == "relics"), "{unknown}");
        assert!(unknown.to_string().contains("the expansions are echoes, figures, cities, artifacts, unseen"), "{unknown}");
        for set in Set::EXPANSIONS {
            let r = parse_list(&format!("{}, {}", set.name(), set.title()));
            if is_playable(set) {
                assert_eq!(r, Ok(vec![set]), "named twice, played once");
                assert!(playable().contains(&set));
            } else {
                let e = r.unwrap_err();
                assert!(e.to_string().starts_with(&format!("{} cannot be played yet", set.title())), "{e}");
                assert!(!playable().contains(&set));
            }
        }
    }

    #[test]
    fn suggestions_offer_only_playable_sets() {
        let values = |partial: &str| completions(partial).into_iter().map(|(_, v)| v).collect::<Vec<_>>();
        let playable = playable();
        assert_eq!(values("")[0], "none");
        assert_eq!(values("").len(), 1 + playable.len());
        for set in Set::EXPANSIONS {
            let offered = values(&set.name()[..3]).contains(&set.name().to_string());
            assert_eq!(offered, is_playable(set), "{set}");
        }
        assert!(values("relics").is_empty());
        if let Some(first) = playable.first() {
            // Named already: offered alone first, then with each other one, never twice.
            let after = values(&format!("{}, ", first.name()));
            assert_eq!(after[0], first.name());
            assert_eq!(after.len(), playable.len());
            assert!(after.iter().all(|v| v.starts_with(first.name()) && v.matches(first.name()).count() == 1), "{after:?}");
            let (label, value) = &completions(&first.name()[..2])[0];
            assert_eq!((label.as_str(), value.as_str()), (first.title(), first.name()));
        }
    }

    #[test]
    fn the_sets_in_play_in_words() {
        assert_eq!(words(&[]), "the base game only");
        assert_eq!(words(&[Set::Unseen]), "the base game and The Unseen");
        assert_eq!(words(&[Set::Echoes, Set::Unseen]), "the base game, Echoes of the Past and The Unseen");
    }
}

//! What a city's icons say, in a line each, for its face (with the markup of
//! printed text: `{3}` a value, `[concept]` an icon) and for the words beside
//! the pictures. Written from the "Cities of Destiny" pages of the rulebook;
//! the rules themselves live in the engine (`city`, `derived`): these are only
//! the words printed nowhere on the card, which shows its icons alone.

use engine::card::CardInfo;
use engine::{card, CardId, CityIcon, Slot, Splay};

/// The slots of a card whose meaning is said in words: a city's special icons (search icons
/// included) and bonuses, top icon first (the special slot beside the top-left icon, then the
/// bottom row left to right, then the top-left icon), as the engine runs them after a Meld action.
/// Empty for a card that is not a city.
pub fn icon_lines(c: CardId) -> Vec<(Slot, String)> {
    let info = card(c);
    if info.slots.len() != 6 {
        return Vec::new();
    }
    [5, 1, 2, 3, 0].iter().filter_map(|i| info.slots.get(*i)).filter_map(|s| words(info, *s).map(|w| (*s, w))).collect()
}

/// A special icon's or a bonus's meaning on this city; `None` for a standard icon or the image.
fn words(info: &CardInfo, s: Slot) -> Option<String> {
    let (a, col) = (info.age, info.color);
    let meld = "Meld action:";
    Some(match s {
        Slot::City(CityIcon::Plus) => format!("{meld} draw a {{{}}}.", a + 1),
        Slot::City(CityIcon::Junk) => format!("{meld} junk an available achievement of value {{{a}}}."),
        Slot::City(CityIcon::Uplift) if a < 11 => format!("{meld} junk the {{{}}} deck, then draw a {{{}}}.", a + 1, a + 2),
        Slot::City(CityIcon::Uplift) => format!("{meld} draw a {{{}}}.", a + 2),
        Slot::City(CityIcon::Unsplay) => format!("{meld} unsplay {col} on every opponent's board."),
        Slot::City(CityIcon::ArrowLeft) => format!("{meld} splay {col} {}.", Splay::Left.name()),
        Slot::City(CityIcon::ArrowRight) => format!("{meld} splay {col} {}.", Splay::Right.name()),
        Slot::City(CityIcon::ArrowUp) => format!("{meld} splay {col} {}.", Splay::Up.name()),
        Slot::Search(i) => {
            let top = if a == 1 { "top card".to_string() } else { format!("top {a} cards") };
            format!("{meld} reveal the {top} of the {{{a}}} deck; take each with [{}].", i.name())
        }
        Slot::City(CityIcon::Flag) => {
            format!("While visible: an achievement, if no opponent shows more {col} cards.")
        }
        Slot::City(CityIcon::Fountain) => "While visible: an achievement.".to_string(),
        Slot::Bonus(_) => "While visible: adds to your score.".to_string(),
        Slot::Icon(_) | Slot::Hex | Slot::Echo | Slot::Empty => return None,
    })
}

/// The same line without the markup of printed text, for words beside the pictures
/// ("draw a 3", "take each with [concept]").
pub fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        match rest[i..].find('}') {
            Some(j) => {
                out.push_str(&rest[i + 1..i + j]);
                rest = &rest[i + j + 1..];
            }
            None => {
                out.push_str(&rest[i..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::CardDb;

    fn id(t: &str) -> CardId {
        CardDb::get().by_title(t).unwrap()
    }

    #[test]
    fn every_special_icon_and_bonus_of_a_city_has_its_line() {
        for c in CardDb::get().cards.iter().filter(|c| c.is_city()) {
            let said = icon_lines(c.id);
            let expected = c.slots.iter().filter(|s| !matches!(s, Slot::Icon(_) | Slot::Hex)).count();
            assert_eq!(said.len(), expected, "{}: {said:?}", c.title);
        }
        assert!(icon_lines(id("Archery")).is_empty(), "a base card has no such lines");
    }

    #[test]
    fn lines_read_like_the_rulebook() {
        // Athens (1, red): concept, concept, concept, health, image, plus.
        assert_eq!(icon_lines(id("Athens")), vec![(Slot::City(CityIcon::Plus), "Meld action: draw a {2}.".to_string())]);
        assert_eq!(plain("Meld action: draw a {2}."), "Meld action: draw a 2.");
        assert_eq!(plain("take each with [concept]."), "take each with [concept].");
        let stockholm = icon_lines(id("Stockholm"));
        assert_eq!(stockholm[0].0, Slot::City(CityIcon::Flag));
        assert!(stockholm[0].1.contains("no opponent shows more green cards"), "{stockholm:?}");
        assert_eq!(stockholm[1], (Slot::Bonus(5), "While visible: adds to your score.".to_string()));
    }
}

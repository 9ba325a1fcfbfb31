//! Words for what the pictures show, used beside them and instead of them
//! when a picture cannot be drawn: the table, a board, a hand, a card, the end
//! of a game. Everything here reads from views, so nothing hidden leaks.

use engine::prompt::{Action, Choice};
use engine::state::Outcome as GameResult;
use engine::view::{AchievementFace, Face, PlayerView};
use engine::{card, CardDb, CardId, Color, Game, Icon, PlayerId, Set, Slot, Splay, View, WinReason};
use std::fmt::Write;

pub fn card_name(c: CardId) -> String {
    let i = card(c);
    format!("{} ({})", i.title, i.age)
}

fn face(f: &Face) -> String {
    match f {
        Face::Front(c) => card_name(*c),
        Face::Back { age, set } => back_words(*age, *set),
    }
}

/// A card as a viewer sees it, in words: "Archery (1)", or its back ("an unseen 3").
pub fn face_words(f: &Face) -> String {
    face(f)
}

pub use engine::view::back_words;

/// A claimed achievement as anyone may see it: a standard one by its back (its value), a special one by name.
pub fn achievement_word(a: &AchievementFace) -> String {
    match a {
        AchievementFace::Back { age, .. } => age.to_string(),
        AchievementFace::Special(s) => s.name().to_string(),
        AchievementFace::Decree(c) => format!("the {} Decree", engine::CardDb::get().decree(*c).name),
        AchievementFace::Museum => "a Museum".to_string(),
    }
}

/// Figures: a Decree by its name and colour, "War (red)".
pub fn decree_name(c: Color) -> String {
    format!("{} ({c})", CardDb::get().decree(c).name)
}

/// An answer in words `viewer` may read: the engine's [`Game::choice_label`], with a Decree
/// action naming its Decree ("Issue the War Decree (red)") where the engine says its colour.
pub fn choice_words(g: &Game, viewer: PlayerId, c: &Choice) -> String {
    match c {
        Choice::Action(Action::Decree(col)) => format!("Issue the {} Decree ({col})", CardDb::get().decree(*col).name),
        other => g.choice_label(viewer, other),
    }
}

/// Figures: the Decrees left in the supply ("War (red), Trade (green)", "none"), and the Age 0
/// deck once a card has introduced it, one line each, for the table in words. Nothing without Figures.
pub fn figures_supply(v: &View) -> Vec<String> {
    let mut out = Vec::new();
    if v.sets.contains(&Set::Figures) || !v.decrees.is_empty() {
        let names: Vec<String> = v.decrees.iter().map(|c| decree_name(*c)).collect();
        out.push(format!("Decrees in the supply: {}", if names.is_empty() { "none".to_string() } else { names.join(", ") }));
    }
    if let Some(n) = v.age_zero_deck {
        out.push(format!("Age 0 deck: {n} card{}", plural(n)));
    }
    out
}

/// A Decree's words for `/card`: its name, colour and effect, and how it is issued.
pub fn decree_text(c: Color) -> String {
    let d = CardDb::get().decree(c);
    let mut s = format!("**{}** — a Decree of Figures in the Sand, {c} · not a card: it waits in the supply until issued\n", d.name);
    for e in &d.effects {
        let _ = writeln!(s, "• {}", render::plain_words(&e.text));
    }
    s.push_str(
        "• Issued by a Decree action (the **Decree** button or `/decree`): from the supply, you run it, then claim it as an \
         achievement; already yours, you run it again; in another's achievements, it goes back to the supply, not run.\n",
    );
    s
}

fn icon_word(i: Icon) -> &'static str {
    i.name()
}

/// What an icon slot shows, in words ("concept", "search-concept", "bonus-5", "flag", "[image]").
fn slot_word(s: Slot) -> String {
    match s {
        Slot::Hex => "[image]".to_string(),
        other => other.name(),
    }
}

/// One player's board, icons, hand, score pile and achievements, as the view's viewer may see them.
pub fn board_text(v: &View, seat: usize) -> String {
    let Some(p) = v.players.get(seat) else { return String::new() };
    let mut s = String::new();
    let _ = write!(s, "**{}**", p.name);
    if p.eliminated {
        s.push_str(" (out of the game)");
    }
    s.push('\n');
    let piles: Vec<String> = p
        .piles
        .iter()
        .filter(|pile| !pile.cards.is_empty())
        .map(|pile| {
            let mut t = format!("{}: {}", pile.color, card_name(pile.cards[0]));
            if pile.cards.len() > 1 {
                let _ = write!(t, " +{}", pile.cards.len() - 1);
            }
            if pile.splay != Splay::None {
                let _ = write!(t, " splayed {}", pile.splay.name());
            }
            let shown = visible_specials(pile);
            if !shown.is_empty() {
                let _ = write!(t, " (showing {})", shown.join(", "));
            }
            let echoes = visible_echoes(pile);
            if !echoes.is_empty() {
                let _ = write!(t, " (echo effects of {})", echoes.join(", "));
            }
            t
        })
        .collect();
    let _ = writeln!(s, "  board: {}", if piles.is_empty() { "empty".to_string() } else { piles.join(" · ") });
    let icons: Vec<String> = p.icons.iter().filter(|(_, n)| *n > 0).map(|(i, n)| format!("{n} {}", icon_word(*i))).collect();
    if !icons.is_empty() {
        let _ = writeln!(s, "  icons: {}", icons.join(", "));
    }
    let _ = writeln!(s, "  {}", hidden_summary(v, p));
    s
}

/// The special icons and bonuses a pile shows (Cities of Destiny): on its top card, and what its
/// splay reveals of the others ("flag", "bonus 5"), as the engine's `derived` counts them.
fn visible_specials(pile: &engine::view::PileView) -> Vec<String> {
    let as_pile = engine::state::Pile { cards: pile.cards.iter().rev().copied().collect(), splay: pile.splay };
    engine::derived::visible_slots(&as_pile)
        .filter_map(|s| match s {
            Slot::City(c) => Some(c.name().to_string()),
            Slot::Bonus(b) => Some(format!("bonus {b}")),
            _ => None,
        })
        .collect()
}

/// Echoes of the Past: the cards of a pile whose echo effects are visible (the top card's, and
/// those its splay reveals), bottom first as a Dogma action runs them (the engine's `derived`).
pub fn visible_echoes(pile: &engine::view::PileView) -> Vec<String> {
    let as_pile = engine::state::Pile { cards: pile.cards.iter().rev().copied().collect(), splay: pile.splay };
    engine::derived::visible_echoes(&as_pile).into_iter().map(|c| card(c).title.clone()).collect()
}

fn hidden_summary(v: &View, p: &PlayerView) -> String {
    let mine = v.viewer == Some(p.seat);
    let hand = if mine {
        format!("hand: {}", list_or_none(p.hand.iter().map(face)))
    } else {
        let ages: Vec<String> = p.hand.iter().map(|f| f.age().to_string()).collect();
        format!("hand: {} card{}{}", p.hand.len(), plural(p.hand.len()), paren_list(&ages))
    };
    let score = format!("score {} ({} card{})", p.score_total, p.score.len(), plural(p.score.len()));
    let mut ach: Vec<String> = p.achievements.iter().map(achievement_word).collect();
    // Cities: visible flags and fountains that count as achievements now.
    let by_icons = p.achievements_held.saturating_sub(p.achievements.len());
    let ach = match by_icons {
        0 if ach.is_empty() => "none".to_string(),
        0 => ach.join(", "),
        k => {
            ach.push(if k == 1 { "1 by a flag or fountain".to_string() } else { format!("{k} by flags and fountains") });
            format!("{} held ({})", p.achievements_held, ach.join(", "))
        }
    };
    let mut s = format!("{hand} · {score} · achievements: {ach}");
    for (name, what) in expansion_zones(v, p) {
        let _ = write!(s, " · {name}: {what}");
    }
    s
}

/// The zones the expansions in play add to a player, as the viewer may see them: the safe
/// (backs only, for everyone: nobody may look at a secret, its owner included) and the forecast
/// (fronts for its owner) with their limit, the display and the Museums (public: every Artifact
/// in them by name, for everyone; "none" when empty while Artifacts of History is in play).
pub fn expansion_zones(v: &View, p: &PlayerView) -> Vec<(&'static str, String)> {
    let in_play = |set: Set| v.sets.contains(&set);
    let mut out = Vec::new();
    if in_play(Set::Unseen) || !p.safe.is_empty() {
        out.push(("safe", format!("{} (limit {})", secrets(&p.safe), p.zone_limit)));
    }
    if in_play(Set::Echoes) || !p.forecast.is_empty() {
        let n = p.forecast.len();
        let cards = if n == 0 { String::new() } else { format!(": {}", p.forecast.iter().map(face).collect::<Vec<_>>().join(", ")) };
        out.push(("forecast", format!("{n} card{}{cards} (limit {})", plural(n), p.zone_limit)));
    }
    if in_play(Set::Artifacts) || p.display.is_some() {
        out.push(("display", p.display.map_or("none".to_string(), card_name)));
    }
    if in_play(Set::Artifacts) || !p.museums.is_empty() {
        let names: Vec<String> = p.museums.iter().map(|c| card_name(*c)).collect();
        out.push(("museums", if names.is_empty() { "none".to_string() } else { names.join(", ") }));
    }
    out
}

/// "2 secrets (an unseen 1, a 3)", in the order they entered the safe; "no secrets".
pub fn secrets(safe: &[Face]) -> String {
    match safe.len() {
        0 => "no secrets".to_string(),
        n => format!("{n} secret{} ({})", plural(n), safe.iter().map(face).collect::<Vec<_>>().join(", ")),
    }
}

fn paren_list(items: &[String]) -> String {
    if items.is_empty() {
        String::new()
    } else {
        format!(" (ages {})", items.join(", "))
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn list_or_none(items: impl Iterator<Item = String>) -> String {
    let v: Vec<String> = items.collect();
    if v.is_empty() {
        "empty".into()
    } else {
        v.join(", ")
    }
}

/// The whole table in words.
pub fn table_text(v: &View) -> String {
    let mut s = String::new();
    if v.result.is_none() {
        if let Some(words) = v.set_aside_words() {
            let _ = writeln!(s, "{words}");
        }
        if let Some(p) = v.players.get(v.turn.player) {
            let _ = writeln!(s, "Turn {} · {} to play", v.turn.number + 1, p.name);
        }
    }
    let ach: Vec<String> = v.achievements.iter().map(|a| a.to_string()).collect();
    let specials: Vec<&str> = v.specials.iter().map(|s| s.name()).collect();
    let _ = writeln!(
        s,
        "Achievements: {} · special: {}",
        if ach.is_empty() { "none".into() } else { ach.join(" ") },
        if specials.is_empty() { "none".into() } else { specials.join(", ") }
    );
    let decks = |sizes: &[usize]| sizes.iter().enumerate().map(|(i, n)| format!("{}:{n}", i + 1)).collect::<Vec<_>>().join(" ");
    let _ = writeln!(s, "Decks (age:cards): {}", decks(&v.deck_sizes));
    for (set, sizes) in v.set_deck_sizes.iter().filter(|(set, _)| *set != Set::Base) {
        let _ = writeln!(s, "{} decks: {}", set.title(), decks(sizes));
    }
    if v.sets.contains(&Set::Artifacts) {
        let _ = writeln!(s, "Museums in the supply: {}", v.museums);
    }
    for line in figures_supply(v) {
        let _ = writeln!(s, "{line}");
    }
    if v.junk > 0 || !v.junked_specials.is_empty() {
        let specials: Vec<&str> = v.junked_specials.iter().map(|s| s.name()).collect();
        let named = if specials.is_empty() { String::new() } else { format!(" · special achievements: {}", specials.join(", ")) };
        let _ = writeln!(s, "Junk: {} card{}{named}", v.junk, plural(v.junk));
    }
    for p in &v.players {
        s.push_str(&board_text(v, p.seat));
    }
    s
}

/// The viewer's hand and score pile, listed.
pub fn hand_text(v: &View, seat: usize) -> String {
    let Some(p) = v.players.get(seat) else { return String::new() };
    let mut s = String::new();
    let _ = writeln!(s, "**Your hand** ({} card{}):", p.hand.len(), plural(p.hand.len()));
    if p.hand.is_empty() {
        s.push_str("  (empty)\n");
    }
    for f in &p.hand {
        match f {
            Face::Front(c) => {
                let i = card(*c);
                let _ = writeln!(s, "• {} — {} {}", card_name(*c), i.color, featured(*c));
            }
            Face::Back { age, set } => {
                let _ = writeln!(s, "• {}", back_words(*age, *set));
            }
        }
    }
    let _ = writeln!(
        s,
        "**Your score pile**: {} point{} ({})",
        p.score_total,
        plural(p.score_total as usize),
        list_or_none(p.score.iter().map(face))
    );
    for (name, what) in expansion_zones(v, p) {
        let _ = write!(s, "**Your {name}**: {what}");
        if name == "safe" && !p.safe.is_empty() {
            s.push_str(" — nobody may look at a secret, you included");
        }
        s.push('\n');
    }
    s
}

fn featured(c: CardId) -> String {
    let specials: Vec<String> =
        render::city_icon_lines(c).iter().filter(|(s, _)| !matches!(s, Slot::Bonus(_))).map(|(s, _)| slot_word(*s)).collect();
    if card(c).is_figure() {
        return "(a Figure: karma effects, no dogma effects)".to_string();
    }
    match card(c).featured_icon {
        Some(i) => format!("(featured icon: {})", i.name()),
        None if !specials.is_empty() => format!("(a city: {})", specials.join(", ")),
        None => "(no dogma effects)".to_string(),
    }
}

/// A city's facts: its six slots where they are printed (the special icon beside the top-left
/// icon, the image in the middle) and a line for each special icon and bonus.
fn city_text(c: CardId) -> String {
    let i = card(c);
    let w = |k: usize| slot_word(i.slots[k]);
    let mut s = format!(
        "**{}** — {}, age {}, {} · a city, no dogma effects
Icons: top {}, {} · bottom {}, {}, {} · {} in the middle
",
        i.title,
        i.set.title(),
        i.age,
        i.color,
        w(0),
        w(5),
        w(1),
        w(2),
        w(3),
        w(4)
    );
    for (slot, line) in render::city_icon_lines(c) {
        let _ = writeln!(s, "• {}: {}", slot_word(slot), render::plain_words(&line));
    }
    s
}

/// The four icon positions of a card, in the order of its slots.
const POSITIONS: [&str; 4] = ["top-left", "bottom-left", "bottom-middle", "bottom-right"];

/// A card's facts and its dogma effects as printed (an Echoes card's echo effect and bonuses with
/// where they are printed).
pub fn card_text(c: CardId) -> String {
    let i = card(c);
    if i.slots.len() == 6 {
        return city_text(c);
    }
    let icons: Vec<String> = i.slots.iter().map(|x| slot_word(*x)).collect();
    let featured = i.featured_icon.map_or("none", |f| f.name());
    let mut s =
        format!("**{}** — {}, age {}, {} · icons: {} · featured: {featured}\n", i.title, i.set.title(), i.age, i.color, icons.join(", "));
    if let Some(echo) = &i.echo {
        let at = i.slots.iter().position(|x| *x == Slot::Echo).map_or("", |k| POSITIONS[k]);
        let _ =
            writeln!(s, "• Echo effect ({at}; runs before the dogma effects, also while a splay shows it): {}", render::plain_words(echo));
    }
    for (k, slot) in i.slots.iter().enumerate() {
        if let Slot::Bonus(v) = slot {
            let _ = writeln!(
                s,
                "• Bonus {v} ({}): while visible, adds to your score (your highest bonus its value, each other 1).",
                POSITIONS[k]
            );
        }
    }
    for e in &i.effects {
        let _ = writeln!(s, "• {}", render::plain_words(&e.text));
    }
    for k in &i.karma {
        let _ = writeln!(s, "• Karma: {}", render::plain_words(k));
    }
    if i.is_figure() {
        s.push_str("• No dogma effects: a Figure is never chosen for Dogma; its karmas act while it is a top card.\n");
    }
    if i.effects.is_empty() && i.karma.is_empty() && i.echo.is_none() {
        s.push_str("• No dogma effects: never chosen for Dogma.\n");
        let on_board = engine::derived::value_on_board(c);
        if on_board != i.age {
            let _ = writeln!(s, "• On a board its value is {on_board}, not its printed age (`/help expansion: artifacts`).");
        }
    }
    if !engine::cards::is_implemented(c) {
        s.push_str("_(not implemented in this bot yet)_\n");
    }
    s
}

/// "alice won by achievements" and the like.
pub fn result_text(names: &[String], r: &GameResult) -> String {
    let who: Vec<&str> = r.winners.iter().filter_map(|w| names.get(*w).map(|s| s.as_str())).collect();
    let who = match who.len() {
        0 => "Nobody".to_string(),
        1 => who[0].to_string(),
        _ => format!("{} and {}", who[..who.len() - 1].join(", "), who[who.len() - 1]),
    };
    let verb = if r.winners.len() > 1 { "win" } else { "wins" };
    let how = match r.reason {
        WinReason::Achievements => "by achievements".to_string(),
        WinReason::Score => "on score (the game ended by drawing past the last age)".to_string(),
        WinReason::Card => match r.card {
            Some(c) => format!("by the effect of {}", card(c).title),
            None => "by a card's effect".to_string(),
        },
        WinReason::Elimination => "as the last left in the game".to_string(),
    };
    format!("{who} {verb} {how}!")
}

/// Splits text into pieces Discord accepts (at most `max` characters), on line breaks where possible.
pub fn chunks(text: &str, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for line in text.split_inclusive('\n') {
        if cur.chars().count() + line.chars().count() > max && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        if line.chars().count() > max {
            let chars: Vec<char> = line.chars().collect();
            for piece in chars.chunks(max) {
                out.push(piece.iter().collect());
            }
            continue;
        }
        cur.push_str(line);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Game, GameConfig};

    #[test]
    fn the_table_in_words_hides_other_hands() {
        let g = Game::new(GameConfig::new(&["ann", "bo"], 1)).unwrap();
        let v = g.view(Some(0));
        let t = table_text(&v);
        let bo_hand = &g.state().players[1].hand;
        for c in bo_hand {
            assert!(!t.contains(&card(*c).title), "{t}");
        }
        for c in &g.state().players[0].hand {
            assert!(t.contains(&card(*c).title), "{t}");
        }
    }

    /// The safe in words: its secrets by their backs and its limit, for everyone alike; no text
    /// names a secret, its owner's included. The Unseen decks are listed.
    #[test]
    fn the_safe_in_words_names_no_secret() {
        use engine::Set;
        let config = GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Unseen]);
        let mut st = Game::initial_state(&config).unwrap();
        let id = |t: &str| engine::CardDb::get().by_title(t).unwrap();
        let (unseen, base) = (id("Assassination"), id("Archery"));
        for c in [unseen, base] {
            st.remove(c);
        }
        st.players[0].safe.extend([unseen, base]);
        let g = Game::from_state(config, st).unwrap();
        for viewer in [None, Some(0), Some(1)] {
            let v = g.view(viewer);
            let mut texts = vec![table_text(&v), board_text(&v, 0)];
            if let Some(me) = viewer {
                texts.push(hand_text(&v, me));
            }
            for t in &texts {
                assert!(!t.contains("Assassination") && !t.contains("Archery"), "{viewer:?}: {t}");
            }
            assert!(texts[0].contains("The Unseen decks: 1:"), "{}", texts[0]);
            assert!(texts[1].contains("safe: 2 secrets (an unseen 1, a 1) (limit 5)"), "{}", texts[1]);
        }
        assert!(board_text(&g.view(None), 1).contains("safe: no secrets (limit 5)"));
        let own = hand_text(&g.view(Some(0)), 0);
        assert!(own.contains("**Your safe**: 2 secrets (an unseen 1, a 1) (limit 5) — nobody may look at a secret, you included"), "{own}");
        // Without The Unseen, no safe is mentioned.
        let plain = Game::new(GameConfig::new(&["ann", "bo"], 1)).unwrap();
        assert!(!table_text(&plain.view(Some(0))).contains("safe") && !hand_text(&plain.view(Some(0)), 0).contains("safe"));
    }

    /// A city in words: its six slots where they are printed, a line for each special icon and
    /// bonus; a city in hand says what it shows instead of a featured icon.
    #[test]
    fn a_city_in_words_shows_its_six_slots() {
        let id = |t: &str| engine::CardDb::get().by_title(t).unwrap();
        let t = card_text(id("Stockholm"));
        assert!(t.starts_with("**Stockholm** — Cities of Destiny, age 5, green · a city, no dogma effects\n"), "{t}");
        assert!(t.contains("Icons: top industry, flag · bottom prosperity, bonus-5, prosperity · [image] in the middle"), "{t}");
        assert!(t.contains("• flag: While visible: an achievement, if no opponent shows more green cards."), "{t}");
        assert!(t.contains("• bonus-5: While visible: adds to your score."), "{t}");
        let t = card_text(id("Thebes"));
        assert!(
            t.contains("top prosperity, search-concept") && t.contains("reveal the top card of the 1 deck; take each with [concept]"),
            "{t}"
        );
        assert_eq!(featured(id("Milan")), "(a city: plus, uplift)");
        assert_eq!(featured(id("Archery")), "(featured icon: authority)");
        // Every city's words fit one message.
        for c in engine::CardDb::get().cards.iter().filter(|c| c.is_city()) {
            assert!(card_text(c.id).chars().count() < 600, "{}", c.title);
        }
    }

    /// Cities on a board in words: the flags and fountains counted among the achievements held,
    /// the special icons and bonuses each pile shows; another's city in hand is a back.
    #[test]
    fn cities_on_a_board_in_words() {
        use engine::{Color, Set};
        let config = GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Cities]);
        let mut st = Game::initial_state(&config).unwrap();
        let id = |t: &str| engine::CardDb::get().by_title(t).unwrap();
        for t in ["Shanghai", "Tokyo", "Rome", "Osaka"] {
            st.remove(id(t));
        }
        st.players[0].piles[Color::Yellow.index()].cards.push(id("Shanghai"));
        st.players[0].piles[Color::Purple.index()] = engine::state::Pile { cards: vec![id("Tokyo"), id("Rome")], splay: Splay::Right };
        st.players[1].hand.push(id("Osaka"));
        let g = Game::from_state(config, st).unwrap();
        let t = board_text(&g.view(Some(1)), 0);
        assert!(t.contains("achievements: 2 held (2 by flags and fountains)"), "{t}");
        assert!(t.contains("yellow: Shanghai (8) (showing fountain)"), "{t}");
        assert!(t.contains("purple: Rome (2) +1 splayed right (showing bonus 2, flag)"), "{t}");
        assert!(board_text(&g.view(Some(1)), 1).contains("achievements: none"));
        let table = table_text(&g.view(Some(0)));
        assert!(
            !table.contains("Osaka") && table.contains("hand: 3 cards (ages 1, 1, 5)") && table.contains("Cities of Destiny decks: 1:"),
            "{table}"
        );
        assert!(hand_text(&g.view(Some(1)), 1).contains("• Osaka (5) — yellow (a city: search-concept)"));
    }

    #[test]
    fn chunks_fit() {
        let text = "a\n".repeat(3000);
        let c = chunks(&text, 2000);
        assert!(c.len() == 3 && c.iter().all(|x| x.chars().count() <= 2000));
        assert_eq!(c.concat(), text);
    }

    /// An Echoes card in words: its echo effect and bonus with where they are printed; a board
    /// says whose echo effects each pile shows; the forecast in words is its owner's alone (others
    /// read how many cards and their backs).
    #[test]
    fn echoes_in_words() {
        use engine::{Color, Set};
        let id = |t: &str| engine::CardDb::get().by_title(t).unwrap();
        let t = card_text(id("Bangle"));
        assert!(t.starts_with("**Bangle** — Echoes of the Past, age 1, red · icons: [image], authority, echo, bonus-1"), "{t}");
        assert!(
            t.contains(
                "• Echo effect (bottom-middle; runs before the dogma effects, also while a splay shows it): Tuck a 1 from your hand."
            ),
            "{t}"
        );
        assert!(t.contains("• Bonus 1 (bottom-right): while visible, adds to your score"), "{t}");
        for c in engine::CardDb::get().cards.iter().filter(|c| c.set == Set::Echoes) {
            let t = card_text(c.id);
            assert_eq!(t.contains("• Echo effect ("), c.echo.is_some(), "{t}");
            assert!(!t.contains('{'), "values in braces are printed as plain numbers: {t}");
            assert!(t.chars().count() < 1000, "{}", c.title);
        }
        let config = GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Echoes]);
        let mut st = Game::initial_state(&config).unwrap();
        for t in ["Chopsticks", "Candles", "Plumbing", "Bangle"] {
            st.remove(id(t));
        }
        st.players[0].forecast.extend([id("Chopsticks"), id("Candles")]);
        st.players[0].piles[Color::Red.index()] = engine::state::Pile { cards: vec![id("Bangle"), id("Plumbing")], splay: Splay::Up };
        let g = Game::from_state(config, st).unwrap();
        let own = hand_text(&g.view(Some(0)), 0);
        assert!(own.contains("**Your forecast**: 2 cards: Chopsticks (1), Candles (1) (limit 2)"), "{own}");
        for viewer in [None, Some(1)] {
            let v = g.view(viewer);
            let texts = [table_text(&v), board_text(&v, 0)];
            for t in &texts {
                assert!(!t.contains("Chopsticks") && !t.contains("Candles"), "{viewer:?}: {t}");
            }
            assert!(texts[1].contains("forecast: 2 cards: an echoes 1, an echoes 1 (limit 2)"), "{}", texts[1]);
            assert!(
                texts[1].contains("red: Plumbing (1) +1 splayed up (showing bonus 2, bonus 1) (echo effects of Bangle, Plumbing)"),
                "{}",
                texts[1]
            );
            assert!(texts[0].contains("Echoes of the Past decks: 1:"), "{}", texts[0]);
        }
        assert!(hand_text(&g.view(Some(1)), 1).contains("**Your forecast**: 0 cards (limit 5)"));
    }

    /// Artifacts in words: a compel effect reads as printed ("I compel you ..."), values as plain
    /// numbers; Battleship Yamato says it has no dogma effects and its value on a board; the display
    /// and the Museums are named with their values for every viewer alike ("none" when empty), and
    /// the table says how many Museums are left in the supply.
    #[test]
    fn artifacts_in_words() {
        use engine::Set;
        let id = |t: &str| engine::CardDb::get().by_title(t).unwrap();
        let t = card_text(id("Holmegaard Bows"));
        assert!(t.starts_with("**Holmegaard Bows** — Artifacts of History, age 1, red · icons: authority, health, [image], health"), "{t}");
        assert!(t.contains("\n• I compel you to transfer your highest top card with [authority] to my hand!"), "{t}");
        assert!(t.contains("• Draw a 2."), "{t}");
        for c in engine::CardDb::get().cards.iter().filter(|c| c.set == Set::Artifacts) {
            let t = card_text(c.id);
            assert!(!t.contains('{'), "values in braces are printed as plain numbers: {t}");
            assert!(t.chars().count() < 1000, "{}", c.title);
            let compels = c.effects.iter().filter(|e| e.kind == engine::card::EffectKind::Compel).count();
            assert_eq!(t.matches("• I compel you").count(), compels, "{t}");
        }
        let t = card_text(id("Battleship Yamato"));
        assert!(t.contains("icons: none, [image], none, none") && t.contains("• No dogma effects") && t.contains("value is 11"), "{t}");
        assert!(!card_text(id("Archery")).contains("No dogma effects"));

        let config = GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Artifacts]);
        let mut st = Game::initial_state(&config).unwrap();
        for t in ["Holmegaard Bows", "Dancing Girl"] {
            st.remove(id(t));
        }
        st.players[0].display = Some(id("Holmegaard Bows"));
        let m = st.museums.pop().unwrap();
        st.players[1].museums.push((m, id("Dancing Girl")));
        let g = Game::from_state(config, st).unwrap();
        for viewer in [None, Some(0), Some(1)] {
            let v = g.view(viewer);
            let table = table_text(&v);
            assert!(table.contains("Museums in the supply: 4") && table.contains("Artifacts of History decks: 1:"), "{table}");
            let (ann, bo) = (board_text(&v, 0), board_text(&v, 1));
            assert!(ann.contains("display: Holmegaard Bows (1) · museums: none"), "{ann}");
            assert!(bo.contains("display: none · museums: Dancing Girl (1)"), "{bo}");
        }
        assert!(hand_text(&g.view(Some(0)), 0).contains("**Your display**: Holmegaard Bows (1)\n**Your museums**: none"));
        let plain = Game::new(GameConfig::new(&["ann", "bo"], 1)).unwrap();
        let t = table_text(&plain.view(Some(0)));
        assert!(!t.contains("Museum") && !t.contains("display"), "{t}");
    }

    /// Figures in words: a Figure's card text shows its karmas where other cards show dogma
    /// effects and says it has none; in hand it reads as a Figure; the table names the Decrees
    /// left in the supply and, once introduced, the Age 0 deck's size; a claimed Decree is named
    /// among its owner's achievements; a Decree action names its Decree; `/card War` has words.
    #[test]
    fn figures_in_words() {
        use engine::state::Achievement;
        let id = |t: &str| CardDb::get().by_title(t).unwrap();
        let t = card_text(id("Gilgamesh"));
        assert!(t.starts_with("**Gilgamesh** — Figures in the Sand, age 1, red · icons: "), "{t}");
        assert!(t.contains("\n• Karma: Each [authority] on your board provides one additional [authority]"), "{t}");
        assert!(t.contains("• No dogma effects: a Figure is never chosen for Dogma; its karmas act while it is a top card."), "{t}");
        for c in CardDb::get().cards.iter().filter(|c| c.is_figure()) {
            let t = card_text(c.id);
            assert_eq!(t.matches("• Karma: ").count(), c.karma.len(), "{t}");
            assert!(!t.contains('{') && t.contains("No dogma effects"), "{t}");
            assert!(t.chars().count() < 2000, "{}", c.title);
        }
        let bear = card_text(id("Bear Grylls"));
        assert!(bear.contains("Introduce the 0 deck. Draw a 0."), "{bear}");
        assert!(!card_text(id("Archery")).contains("No dogma effects"));

        let config = GameConfig::new(&["ann", "bo"], 1).with_expansions(&[Set::Figures]);
        let mut st = Game::initial_state(&config).unwrap();
        assert_eq!(st.decrees.len(), 5, "the five Decrees start in the supply");
        st.remove(id("Gilgamesh"));
        st.players[0].hand.push(id("Gilgamesh"));
        st.decrees.retain(|c| *c != Color::Red);
        st.players[1].achievements.push(Achievement::Decree(Color::Red));
        let g = Game::from_state(config.clone(), st.clone()).unwrap();
        for viewer in [None, Some(0), Some(1)] {
            let v = g.view(viewer);
            let table = table_text(&v);
            assert!(
                table.contains("Decrees in the supply: Expansion (yellow), Trade (green), Advancement (blue), Rivalry (purple)\n"),
                "{table}"
            );
            assert!(table.contains("Figures in the Sand decks: 1:") && !table.contains("Age 0 deck"), "{table}");
            assert!(board_text(&v, 1).contains("achievements: the War Decree"), "{}", board_text(&v, 1));
        }
        assert!(hand_text(&g.view(Some(0)), 0).contains("• Gilgamesh (1) — red (a Figure: karma effects, no dogma effects)"));
        assert!(!table_text(&g.view(Some(1))).contains("Gilgamesh"), "another's Figure in hand is a back");
        // The Age 0 deck, once introduced.
        st.age_zero = true;
        let zero: Vec<CardId> = CardDb::get().of_set_and_age(Set::Base, 0).to_vec();
        st.deck_mut(Set::Base, 0).extend(zero);
        st.decrees.clear();
        let g = Game::from_state(config, st).unwrap();
        let table = table_text(&g.view(None));
        assert!(table.contains("Decrees in the supply: none\nAge 0 deck: 15 cards\n"), "{table}");
        // Without Figures, no Decree is mentioned.
        assert!(!table_text(&Game::new(GameConfig::new(&["ann", "bo"], 1)).unwrap().view(None)).contains("Decree"));

        assert_eq!(decree_name(Color::Purple), "Rivalry (purple)");
        assert_eq!(choice_words(&g, 0, &Choice::Action(Action::Decree(Color::Red))), "Issue the War Decree (red)");
        assert_eq!(choice_words(&g, 0, &Choice::Action(Action::Draw)), "Draw");
        let war = decree_text(Color::Red);
        assert!(
            war.starts_with("**War** — a Decree of Figures in the Sand, red") && war.contains("• Choose a value. Return all top cards"),
            "{war}"
        );
    }
}

use crate::draw::Canvas;
use crate::{board, face, hand, table, theme};
use crate::{board_png, card_png, hand_png, table_png, write_demo, RenderError};
use engine::state::Achievement;
use engine::view::{Face, PileView};
use engine::{card, CardDb, CardId, Color, Game, GameConfig, Splay, View};

/// Every card the game holds face down somewhere, by zone.
fn hidden_by_zone(g: &Game) -> Vec<(&'static str, Vec<CardId>)> {
    let st = g.state();
    let mut hands = Vec::new();
    let mut scores = Vec::new();
    let mut claimed = Vec::new();
    for p in &st.players {
        hands.extend(&p.hand);
        scores.extend(&p.score);
        claimed.extend(p.achievements.iter().filter_map(|a| match a {
            Achievement::Card(c) => Some(*c),
            _ => None,
        }));
    }
    let decks: Vec<CardId> = st.decks.iter().flatten().flatten().copied().collect();
    vec![
        ("hands", hands),
        ("score piles", scores),
        ("claimed achievements", claimed),
        ("available achievements", st.achievements.clone()),
        ("decks", decks),
        ("junk", st.junk.clone()),
    ]
}

/// Whether any text drawn names `title`, in full or cut short with an ellipsis.
fn names(texts: &[String], title: &str) -> bool {
    texts.iter().any(|t| {
        if t.contains(title) {
            return true;
        }
        match t.strip_suffix('…') {
            Some(prefix) => prefix.chars().count() >= 6 && title.starts_with(prefix.trim_end()),
            None => false,
        }
    })
}

fn views(g: &Game) -> Vec<View> {
    let mut v = vec![g.view(None)];
    v.extend((0..g.state().players.len()).map(|p| g.view(Some(p))));
    v
}

#[test]
fn table_and_boards_never_show_a_hidden_card() {
    let g = crate::demo_game().unwrap();
    let hidden = hidden_by_zone(&g);
    for (zone, cards) in &hidden {
        assert!(!cards.is_empty(), "the test game should have cards in the {zone}");
    }
    for p in &g.state().players {
        assert!(!p.hand.is_empty() && !p.score.is_empty(), "every player should have a hand and a score pile");
    }
    let spectator = g.view(None);
    let spectator_table = table::draw(&spectator).unwrap().encode().unwrap();
    let spectator_boards: Vec<Vec<u8>> =
        (0..spectator.players.len()).map(|p| board::draw(&spectator, p).unwrap().encode().unwrap()).collect();
    for view in views(&g).into_iter().skip(1) {
        let me = view.viewer.expect("a player's view");
        // The view itself shows this player's hand and score face up...
        assert!(view.players[me].hand.iter().all(|f| matches!(f, Face::Front(_))));
        assert!(view.players[me].score.iter().all(|f| matches!(f, Face::Front(_))));
        // ...but no public picture drawn from it names any hidden card,
        let mut pictures = vec![("table".to_string(), table::draw(&view).unwrap(), &spectator_table)];
        for (seat, spectators) in spectator_boards.iter().enumerate() {
            pictures.push((format!("board {seat}"), board::draw(&view, seat).unwrap(), spectators));
        }
        for (what, cv, spectators) in &pictures {
            for (zone, cards) in &hidden {
                for c in cards {
                    let title = &card(*c).title;
                    assert!(!names(&cv.texts, title), "{title} (in the {zone}) is named on the {what} from seat {me}'s view");
                }
            }
            // ...and each picture is the very same as a spectator's.
            assert!(cv.encode().unwrap() == **spectators, "the {what} from seat {me}'s view differs from the spectator's");
        }
    }
    // The spectator's own pictures name no hidden card either.
    let mut texts = table::draw(&spectator).unwrap().texts;
    for seat in 0..spectator.players.len() {
        texts.extend(board::draw(&spectator, seat).unwrap().texts);
    }
    for (zone, cards) in &hidden {
        for c in cards {
            assert!(!names(&texts, &card(*c).title), "{} (in the {zone}) is named", card(*c).title);
        }
    }
}

#[test]
fn the_hidden_card_check_does_find_names() {
    // The check above would see a hidden card if one were drawn: the hand picture names them.
    let g = crate::demo_game().unwrap();
    let seat = crate::demo::DEMO_SEAT;
    let texts = hand::draw(&g.view(Some(seat)), seat).unwrap().texts;
    for c in &g.state().players[seat].hand {
        assert!(names(&texts, &card(*c).title));
    }
    for c in &g.state().players[seat].score {
        assert!(names(&texts, &card(*c).title));
    }
}

#[test]
fn a_hand_is_drawn_only_for_its_owner() {
    let g = crate::demo_game().unwrap();
    assert!(matches!(hand_png(&g.view(None), 0), Err(RenderError::NotYourHand { seat: 0, viewer: None })));
    assert!(matches!(hand_png(&g.view(Some(1)), 0), Err(RenderError::NotYourHand { seat: 0, viewer: Some(1) })));
    assert!(hand_png(&g.view(Some(0)), 0).is_ok());
    assert!(matches!(board_png(&g.view(None), 7), Err(RenderError::NoSuchSeat(7))));
    assert!(matches!(card_png(CardId(9999)), Err(RenderError::NoSuchCard(9999))));
}

/// Decodes a PNG, returning its size.
fn decode(png: &[u8]) -> (u32, u32) {
    let dec = png::Decoder::new(std::io::Cursor::new(png));
    let mut r = dec.read_info().expect("a valid PNG header");
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).expect("valid PNG data");
    (info.width, info.height)
}

/// The cards of the sets whose faces the renderer lays out to the sizes below: the base set
/// (with the 15 Age 0 cards Figures in the Sand brings for it) and The Unseen (whose cards print
/// what base cards print: four icon positions and dogma effects), and Cities of Destiny (six icon
/// positions, no effects: a line for each special icon and bonus instead), and Echoes of the Past
/// (its echo effect first among the effects). Artifacts of History and Figures in the Sand (karma
/// effects instead of dogma effects) are held to their own sizes by their own tests below.
fn drawn_sets() -> impl Iterator<Item = &'static engine::card::CardInfo> {
    CardDb::get()
        .cards
        .iter()
        .filter(|c| matches!(c.set, engine::Set::Base | engine::Set::Unseen | engine::Set::Cities | engine::Set::Echoes))
}

#[test]
fn the_age_0_cards_are_among_the_faces_drawn() {
    let age_0: Vec<_> = drawn_sets().filter(|c| c.age == 0).collect();
    assert_eq!(age_0.len(), 15, "{:?}", age_0.iter().map(|c| &c.title).collect::<Vec<_>>());
    assert!(age_0.iter().all(|c| c.set == engine::Set::Base));
}

#[test]
fn every_card_text_fits_at_every_size() {
    // (what, width, height, smallest acceptable effect text size). The longest texts (The
    // Unseen's Popular Science and Area 51, three effects each) are set a point below the base
    // set's longest: 23 px on the 720 px card picture, 19 px on the 600 px hand card.
    let sizes = [
        ("card picture", crate::CARD_SIZE.0, crate::CARD_SIZE.1, 23.0),
        ("hand", hand::CARD_W, hand::CARD_H, 19.0),
        ("board", board::COL_W, board::CARD_H, 12.0),
    ];
    for (what, w, h, min) in sizes {
        let mut cv = Canvas::new(w as u32, h as u32, theme::BG).unwrap();
        // Echoes cards print an echo effect besides up to three dogma effects: their own test
        // below holds them to their own sizes.
        for c in drawn_sets().filter(|c| c.set != engine::Set::Echoes) {
            let fit = face::card_face(&mut cv, c.id, 0.0, 0.0, w, h);
            assert!(fit.text_fits, "{}: the effect text does not fit on the {what}", c.title);
            assert!(fit.text_size >= min, "{}: effect text at {} px on the {what}", c.title, fit.text_size);
            assert!(!fit.title_cut, "{}: the title is cut short on the {what}", c.title);
        }
    }
}

#[test]
fn every_title_fits_its_table_tile() {
    let mut cv = Canvas::new(200, 120, theme::BG).unwrap();
    for c in drawn_sets() {
        cv.texts.clear();
        let pile = PileView { color: c.color, cards: vec![c.id], splay: Splay::None };
        table::tile(&mut cv, &pile, 0.0, 0.0, 178.0, 100.0);
        assert!(cv.texts.iter().all(|t| !t.contains('…')), "{} is cut short on its tile: {:?}", c.title, cv.texts);
    }
}

#[test]
fn card_pictures_are_valid_pngs() {
    // Every tenth card (all of them are drawn by the fit test above).
    for c in CardDb::get().cards.iter().step_by(10) {
        let png = card_png(c.id).unwrap();
        assert_eq!(decode(&png), (crate::CARD_SIZE.0 as u32, crate::CARD_SIZE.1 as u32), "{}", c.title);
    }
}

#[test]
fn a_fresh_game_draws_for_two_to_five_players() {
    let names = ["alice", "bob", "carol", "dave", "a player with a really very long name indeed"];
    for n in 2..=5 {
        let g = Game::new(GameConfig::new(&names[..n], 3)).unwrap();
        let v = g.view(None);
        let (w, h) = decode(&table_png(&v).unwrap());
        assert!(w > 0 && h > 0);
        // Nothing is left out for lack of room: all ten achievements and five specials.
        let texts = table::draw(&v).unwrap().texts;
        for s in engine::Special::BASE {
            assert!(texts.iter().any(|t| t == s.name()), "{} missing from {texts:?}", s.name());
        }
        for a in 1..=10 {
            assert!(texts.iter().any(|t| *t == a.to_string()), "achievement {a} missing");
        }
        for p in 0..n {
            decode(&board_png(&v, p).unwrap());
            decode(&hand_png(&g.view(Some(p)), p).unwrap());
        }
    }
}

#[test]
fn names_in_any_script_draw_and_a_blank_one_becomes_its_seat() {
    let names = ["山田太郎", "김민준 🔥", "\u{10FFFD}\u{FE0F}"];
    let g = Game::new(GameConfig::new(&names, 3)).unwrap();
    let v = g.view(None);
    let texts = table::draw(&v).unwrap().texts;
    assert!(texts.iter().any(|t| t == "山田太郎"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "김민준 🔥"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "Player 3"), "{texts:?}");
    assert!(board::draw(&v, 2).unwrap().texts.iter().any(|t| t == "Player 3"));
    let own = g.view(Some(2));
    assert!(hand::draw(&own, 2).unwrap().texts.iter().any(|t| t.starts_with("Player 3's hand")));
}

#[test]
fn a_finished_game_and_an_eliminated_player_draw() {
    let g = crate::demo_game().unwrap();
    let mut v = g.view(None);
    v.players[1].eliminated = true;
    v.result = Some(engine::Outcome { winners: vec![2], reason: engine::WinReason::Achievements, card: None });
    let t = table::draw(&v).unwrap();
    assert!(t.texts.iter().any(|s| s.contains("Game over") && s.contains("Curie")), "{:?}", t.texts);
    assert!(!t.texts.iter().any(|s| s.contains("WAITING")));
    decode(&table_png(&v).unwrap());
    decode(&board_png(&v, 1).unwrap());
}

#[test]
fn a_tall_pile_is_summed_up_below_its_last_strips() {
    let g = crate::demo_game().unwrap();
    let mut v = g.view(None);
    // Every blue card in one pile, splayed up.
    let blues: Vec<CardId> = CardDb::get().cards.iter().filter(|c| c.color == Color::Blue).map(|c| c.id).collect();
    let n = blues.len();
    v.players[0].piles[Color::Blue.index()] = PileView { color: Color::Blue, cards: blues, splay: Splay::Up };
    let cv = board::draw(&v, 0).unwrap();
    let more = format!("+{} more", n - 1 - (board::MAX_STRIPS - 1));
    assert!(cv.texts.contains(&more), "{:?}", cv.texts);
    assert!(cv.texts.contains(&format!("{n} cards")));
}

#[test]
fn the_demo_writes_its_pictures() {
    let dir = std::env::temp_dir().join(format!("innovation-render-demo-{}", std::process::id()));
    let files = write_demo(&dir).unwrap();
    assert_eq!(files.len(), 1 + 4 + 1 + 3 + 1);
    for (path, _) in &files {
        let png = std::fs::read(path).unwrap();
        decode(&png);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The expansions' zones in a board picture: the safe and the forecast as backs (their owner's
/// board picture is the spectator's, byte for byte), the display by name, no secret named.
#[test]
fn a_board_with_a_safe_forecast_and_display_shows_only_backs_of_the_hidden_ones() {
    use engine::Set;
    let config = GameConfig::new(&["alice", "bob"], 9).with_expansions(&[Set::Echoes, Set::Unseen, Set::Artifacts]);
    let mut st = Game::initial_state(&config).unwrap();
    let id = |t: &str| CardDb::get().by_title(t).unwrap();
    let (secret, foreseen, shown) = (id("Assassination"), id("Chopsticks"), id("Holmegaard Bows"));
    for c in [secret, foreseen, shown, id("Archery")] {
        st.remove(c);
    }
    st.players[0].safe.push(secret);
    st.players[0].forecast.push(foreseen);
    st.players[0].display = Some(shown);
    st.players[0].piles[Color::Red.index()].cards.push(id("Archery"));
    let g = Game::from_state(config, st).unwrap();
    let spectator = board_png(&g.view(None), 0).unwrap();
    if let Ok(path) = std::env::var("SAVE_BOARD_PNG") {
        std::fs::write(path, &spectator).unwrap();
    }
    assert_eq!(board_png(&g.view(Some(0)), 0).unwrap(), spectator, "alice's own board picture shows no more");
    let texts = board::draw(&g.view(None), 0).unwrap().texts;
    assert!(texts.iter().any(|t| t == "Safe") && texts.iter().any(|t| t == "Forecast"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "Holmegaard Bows (1)"), "the display is public: {texts:?}");
    assert!(!texts.iter().any(|t| t.contains("Assassination") || t.contains("Chopsticks")), "{texts:?}");
}

/// A three-player game with The Unseen, mid-play: secrets in two safes, Unseen cards in hands
/// and on boards.
fn unseen_table() -> (Game, Vec<CardId>) {
    use engine::Set;
    let config = GameConfig::new(&["alice", "bob", "carol"], 5).with_expansions(&[Set::Unseen]);
    let mut st = Game::initial_state(&config).unwrap();
    let id = |t: &str| CardDb::get().by_title(t).unwrap();
    let secrets = vec![id("Assassination"), id("Archery"), id("Counterintelligence")];
    let shown = [id("Inhomogeneous Cosmology"), id("Order of the Occult Hand"), id("Popular Science")];
    let in_hand = id("Area 51");
    for c in secrets.iter().chain(&shown).chain([&in_hand]) {
        st.remove(*c);
    }
    st.players[0].safe.extend([secrets[0], secrets[1]]);
    st.players[1].safe.push(secrets[2]);
    for (p, c) in shown.iter().enumerate() {
        st.players[p].piles[card(*c).color.index()].cards.push(*c);
    }
    st.players[2].hand.push(in_hand);
    (Game::from_state(config, st).unwrap(), secrets)
}

/// The Unseen on the table, the boards and the hand: each safe as backs with its count and
/// limit, the Unseen decks, hidden cards' backs by set; no picture names a secret, not even its
/// owner's, and no public picture drawn from a player's view differs from the spectator's.
#[test]
fn the_unseen_shows_safes_as_backs_and_never_names_a_secret() {
    let (g, secrets) = unseen_table();
    let spectator = g.view(None);
    let table_texts = table::draw(&spectator).unwrap().texts;
    assert!(table_texts.iter().any(|t| t == "Unseen"), "the Unseen decks: {table_texts:?}");
    assert_eq!(table_texts.iter().filter(|t| *t == "Safe").count(), 3, "a safe line for each player: {table_texts:?}");
    assert!(table_texts.iter().any(|t| t == "2/5") && table_texts.iter().any(|t| t == "1/5"), "{table_texts:?}");
    for s in engine::Special::in_play(&[engine::Set::Unseen]) {
        assert!(table_texts.iter().any(|t| t == s.name()), "{} missing from {table_texts:?}", s.name());
    }
    let table_png_spectator = table_png(&spectator).unwrap();
    for view in views(&g) {
        let mut texts = table::draw(&view).unwrap().texts;
        assert_eq!(table_png(&view).unwrap(), table_png_spectator, "the table from {:?}'s view", view.viewer);
        for seat in 0..3 {
            let board = board::draw(&view, seat).unwrap();
            assert!(board.texts.iter().any(|t| t == "Safe"), "{:?}", board.texts);
            assert_eq!(board.encode().unwrap(), board_png(&spectator, seat).unwrap());
            texts.extend(board.texts);
        }
        if let Some(me) = view.viewer {
            let hand = hand::draw(&view, me).unwrap().texts;
            let k = g.state().players[me].safe.len();
            let words = format!("Safe: {k} secret{} (limit 5)", if k == 1 { "" } else { "s" });
            assert!(hand.contains(&words), "{words} not in {hand:?}");
            texts.extend(hand);
        }
        for c in &secrets {
            assert!(!names(&texts, &card(*c).title), "the secret {} is named in {:?}'s pictures", card(*c).title, view.viewer);
        }
    }
    // Carol's Unseen card in hand is drawn for her, and as an Unseen back for everyone else.
    assert!(hand::draw(&g.view(Some(2)), 2).unwrap().texts.iter().any(|t| t == "Area 51"));
}

#[test]
fn a_fresh_game_with_the_unseen_draws_for_two_to_six_players() {
    use engine::Set;
    let names = ["alice", "bob", "carol", "dave", "erin", "frank"];
    for n in 2..=6 {
        let config = GameConfig::new(&names[..n], 3).with_expansions(&[Set::Unseen]);
        let g = Game::from_state(config.clone(), Game::initial_state(&config).unwrap()).unwrap();
        let v = g.view(None);
        decode(&table_png(&v).unwrap());
        for p in 0..n {
            decode(&board_png(&v, p).unwrap());
            decode(&hand_png(&g.view(Some(p)), p).unwrap());
        }
    }
}

#[test]
fn backs_differ_by_set_in_shape_not_only_in_colour() {
    use engine::Set;
    let draw = |set| {
        let mut cv = Canvas::new(40, 48, theme::BG).unwrap();
        face::card_back(&mut cv, 4, set, 0.0, 0.0, 40.0, 48.0);
        cv
    };
    let (base, unseen) = (draw(Set::Base), draw(Set::Unseen));
    assert_eq!(base.texts, unseen.texts, "both show the value");
    // The Unseen back rings its value: its centre row crosses more edges between light and dark.
    let edges = |cv: &Canvas| {
        let row: Vec<bool> = (0..40).map(|x| cv.pixels()[24 * 40 + x].red() > 120).collect();
        row.windows(2).filter(|w| w[0] != w[1]).count()
    };
    assert!(edges(&unseen) > edges(&base), "{} vs {}", edges(&unseen), edges(&base));
}

/// Whether any pixel of the box (x, y, w, h) of `cv` is exactly `c`.
fn has_colour(cv: &Canvas, (x, y, w, h): (usize, usize, usize, usize), c: crate::draw::Rgb) -> bool {
    let cw = cv.size().0 as usize;
    (y..y + h).any(|r| cv.pixels()[r * cw + x..r * cw + x + w].iter().any(|p| (p.red(), p.green(), p.blue()) == (c.0, c.1, c.2)))
}

/// Every one of the 115 city faces, at the card picture's, the hand's and the board's sizes: the
/// title whole, every line fits its panel at a readable size, each special icon and bonus said in
/// words, the image in the middle, the special icon beside the top-left icon (a dark chip for a
/// special icon, a light one with its value for a bonus, a magnifying glass for a search icon).
#[test]
fn every_city_face_draws_its_six_slots_and_says_what_its_icons_do() {
    use engine::{Set, Slot};
    let cities: Vec<_> = CardDb::get().cards.iter().filter(|c| c.set == Set::Cities).collect();
    assert_eq!(cities.len(), 115);
    let sizes = [
        ("card picture", crate::CARD_SIZE.0, crate::CARD_SIZE.1, 20.0),
        ("hand", hand::CARD_W, hand::CARD_H, 17.0),
        ("board", board::COL_W, board::CARD_H, 10.0),
    ];
    for (what, w, h, min) in sizes {
        for c in &cities {
            let mut cv = Canvas::new(w as u32, h as u32, theme::BG).unwrap();
            let fit = face::card_face(&mut cv, c.id, 0.0, 0.0, w, h);
            assert!(fit.text_fits, "{}: its icons' lines do not fit on the {what}", c.title);
            assert!(fit.text_size >= min, "{}: lines at {} px on the {what}", c.title, fit.text_size);
            assert!(!fit.title_cut, "{}: the title is cut short on the {what}", c.title);
            assert!(cv.texts.iter().any(|t| *t == c.age.to_string()), "{}: no value", c.title);
            // Each line's words are drawn ("Meld action:" before an immediate icon, "While visible:" before the others).
            let lines = crate::city::icon_lines(c.id);
            assert_eq!(lines.len(), c.slots.iter().filter(|s| !matches!(s, Slot::Icon(_) | Slot::Hex)).count(), "{}", c.title);
            for (_, line) in &lines {
                let first = line.split_whitespace().next().unwrap();
                assert!(cv.texts.iter().any(|t| t == first), "{}: {line:?} is not drawn on the {what}", c.title);
            }
            // The top row: the special icon's dark chip (or a bonus's value) beside the top-left icon.
            let u = h.min(w / 1.2);
            let (m, is) = ((u * 0.035).max(3.0), u * 0.17);
            let second = ((m + is + m * 0.5).ceil() as usize + 2, m.ceil() as usize + 2, (is - 4.0) as usize, (is - 4.0) as usize);
            match c.slots[5] {
                Slot::City(_) => assert!(has_colour(&cv, second, theme::CITY_CHIP), "{}: no special icon beside the top-left one", c.title),
                Slot::Bonus(v) => assert!(cv.texts.contains(&v.to_string()), "{}: no bonus {v}", c.title),
                Slot::Search(_) | Slot::Icon(_) => assert!(has_colour(&cv, second, theme::PAPER), "{}: no search icon's glass", c.title),
                other => panic!("{}: {other:?} in the special slot", c.title),
            }
            // The image in the middle.
            let middle = ((m * 2.0) as usize, (h * 0.35) as usize, (w * 0.3) as usize, (h * 0.3) as usize);
            assert!(has_colour(&cv, middle, theme::HEX_FILL), "{}: no image in the middle on the {what}", c.title);
        }
    }
}

/// A covered city shows the slots its pile's splay reveals, the special icon beside the top-left
/// icon with the left ones (right and aslant), and the "+N more" summary counts flags, fountains
/// and bonuses besides standard icons (a search icon as its standard icon).
#[test]
fn covered_cities_show_the_slots_the_splay_reveals() {
    use engine::{CityIcon, Icon, Slot};
    let id = |t: &str| CardDb::get().by_title(t).unwrap();
    // Algiers (5, red): prosperity, concept, concept, bonus-5, image, flag.
    let algiers = id("Algiers");
    assert_eq!(board::revealed_sum(&[algiers], Splay::Left), vec![(Slot::Bonus(5), 1)]);
    assert_eq!(
        board::revealed_sum(&[algiers, algiers], Splay::Right),
        vec![(Slot::Icon(Icon::Prosperity), 2), (Slot::Icon(Icon::Concept), 2), (Slot::City(CityIcon::Flag), 2)]
    );
    assert_eq!(board::revealed_sum(&[algiers], Splay::None), vec![]);
    // Thebes (1, red): prosperity ×3, concept, image, search-concept: once covered, a concept icon.
    let thebes = id("Thebes");
    assert_eq!(board::revealed_sum(&[thebes], Splay::Aslant), vec![(Slot::Icon(Icon::Prosperity), 3), (Slot::Icon(Icon::Concept), 2)]);
    // The strip: the flag (a dark chip) at the left for a right splay, nothing of it for an up splay.
    let strip = |splay: Splay| {
        let mut cv = Canvas::new(board::COL_W as u32, board::STRIP_H as u32, theme::BG).unwrap();
        board::strip(&mut cv, algiers, splay, 0.0, 0.0);
        cv
    };
    let left_group = (4, 4, 100, (board::STRIP_H - 8.0) as usize);
    assert!(has_colour(&strip(Splay::Right), left_group, theme::CITY_CHIP), "the flag shows in a right splay");
    assert!(has_colour(&strip(Splay::Aslant), left_group, theme::CITY_CHIP), "and in an aslant one");
    assert!(!has_colour(&strip(Splay::Up), (0, 0, board::COL_W as usize, board::STRIP_H as usize), theme::CITY_CHIP), "not in an up one");
    assert!(strip(Splay::Left).texts.contains(&"5".to_string()), "a left splay shows the bonus: {:?}", strip(Splay::Left).texts);
}

/// A three-player game with Cities of Destiny, mid-play: alice shows a fountain, bob a flag on a
/// pile splayed right over another city, carol holds cities in her hand.
fn cities_table() -> Game {
    use engine::Set;
    let config = GameConfig::new(&["alice", "bob", "carol"], 5).with_expansions(&[Set::Cities]);
    let mut st = Game::initial_state(&config).unwrap();
    let id = |t: &str| CardDb::get().by_title(t).unwrap();
    let placed = [("Shanghai", 0), ("Archery", 0), ("Tokyo", 1), ("Rome", 1), ("Osaka", 2), ("Stockholm", 2)];
    for (t, _) in placed {
        st.remove(id(t));
    }
    st.players[0].piles[Color::Yellow.index()].cards.push(id("Shanghai"));
    st.players[0].piles[Color::Red.index()].cards.push(id("Archery"));
    // bob: Tokyo (purple, flag) under Rome (purple), splayed right: the flag shows.
    st.players[1].piles[Color::Purple.index()] = engine::state::Pile { cards: vec![id("Tokyo"), id("Rome")], splay: Splay::Right };
    st.players[2].hand.extend([id("Osaka"), id("Stockholm")]);
    Game::from_state(config, st).unwrap()
}

/// Cities on the table and the boards: achievements held count the fountain and the flag (the
/// table row's number, the board's number with a note of how many icons add), the Cities decks
/// and special achievements are shown, cities in a hand are backs for all but their owner, and
/// every public picture from a player's view is the spectator's.
#[test]
fn cities_count_their_flags_and_fountains_and_hide_hands() {
    let g = cities_table();
    let spectator = g.view(None);
    assert_eq!(spectator.players.iter().map(|p| p.achievements_held).collect::<Vec<_>>(), vec![1, 1, 0], "alice's fountain, bob's flag");
    let table_texts = table::draw(&spectator).unwrap().texts;
    if let Ok(path) = std::env::var("SAVE_CITIES_PNG") {
        std::fs::write(format!("{path}-table.png"), table_png(&spectator).unwrap()).unwrap();
        std::fs::write(format!("{path}-board.png"), board_png(&spectator, 1).unwrap()).unwrap();
        std::fs::write(format!("{path}-hand.png"), hand_png(&g.view(Some(2)), 2).unwrap()).unwrap();
        std::fs::write(format!("{path}-card.png"), card_png(CardDb::get().by_title("Thebes").unwrap()).unwrap()).unwrap();
    }
    assert!(table_texts.iter().any(|t| t == "Cities"), "the Cities decks: {table_texts:?}");
    for s in engine::Special::in_play(&[engine::Set::Cities]) {
        assert!(table_texts.iter().any(|t| t == s.name()), "{} missing from {table_texts:?}", s.name());
    }
    // Each player's row: "Achievements" then the number held (the header's "Achievements" first
    // lists the available ones).
    let rows: Vec<&str> = table_texts.windows(2).filter(|w| w[0] == "Achievements").skip(1).map(|w| w[1].as_str()).collect();
    assert_eq!(rows, vec!["1", "1", "0"], "{table_texts:?}");
    let board = board::draw(&spectator, 1).unwrap().texts;
    assert!(board.iter().any(|t| t == "+1 by a flag or fountain"), "{board:?}");
    assert!(!board::draw(&spectator, 2).unwrap().texts.iter().any(|t| t.contains("flag or fountain")));
    let table_spectator = table_png(&spectator).unwrap();
    for view in views(&g) {
        assert_eq!(table_png(&view).unwrap(), table_spectator, "the table from {:?}'s view", view.viewer);
        let mut texts = table::draw(&view).unwrap().texts;
        for seat in 0..3 {
            let b = board::draw(&view, seat).unwrap();
            assert_eq!(b.encode().unwrap(), board_png(&spectator, seat).unwrap());
            texts.extend(b.texts);
        }
        for t in ["Osaka", "Stockholm"] {
            assert!(!names(&texts, t), "carol's {t} is named in {:?}'s public pictures", view.viewer);
        }
    }
    let carol = hand::draw(&g.view(Some(2)), 2).unwrap().texts;
    assert!(carol.iter().any(|t| t == "Osaka") && carol.iter().any(|t| t == "Stockholm"), "{carol:?}");
    // Every size of game with Cities draws.
    let names = ["alice", "bob", "carol", "dave", "erin", "frank"];
    for n in [2, 6] {
        let config = GameConfig::new(&names[..n], 3).with_expansions(&[engine::Set::Cities]);
        let g = Game::from_state(config.clone(), Game::initial_state(&config).unwrap()).unwrap();
        decode(&table_png(&g.view(None)).unwrap());
        for p in 0..n {
            decode(&board_png(&g.view(None), p).unwrap());
            decode(&hand_png(&g.view(Some(p)), p).unwrap());
        }
    }
}

/// Every one of the 115 Echoes faces, at the card picture's, the hand's and the board's sizes: the
/// title whole (and on its table tile, with the other sets'), the echo effect and the dogma effects fit at a readable size, the echo effect's
/// words drawn (first, on its teal tint), the echo chip in the very icon position the card prints
/// its echo effect in, and each bonus's value drawn.
#[test]
fn every_echoes_face_draws_its_echo_effect_and_bonuses() {
    use engine::{Set, Slot};
    let echoes: Vec<_> = CardDb::get().cards.iter().filter(|c| c.set == Set::Echoes).collect();
    assert_eq!(echoes.len(), 115);
    // The longest (Novel, Karaoke: an echo effect and three dogma effects, or long ones) are set
    // at 18 px on the 720 px card picture and 15 px on the 600 px hand card.
    let sizes = [
        ("card picture", crate::CARD_SIZE.0, crate::CARD_SIZE.1, 18.0),
        ("hand", hand::CARD_W, hand::CARD_H, 15.0),
        ("board", board::COL_W, board::CARD_H, 10.0),
    ];
    let mut smallest = [f32::MAX; 3];
    for (k, (what, w, h, min)) in sizes.into_iter().enumerate() {
        for c in &echoes {
            let mut cv = Canvas::new(w as u32, h as u32, theme::BG).unwrap();
            let fit = face::card_face(&mut cv, c.id, 0.0, 0.0, w, h);
            smallest[k] = smallest[k].min(fit.text_size);
            assert!(fit.text_fits, "{}: the effects do not fit on the {what}", c.title);
            assert!(fit.text_size >= min, "{}: effects at {} px on the {what}", c.title, fit.text_size);
            assert!(!fit.title_cut, "{}: the title is cut short on the {what}", c.title);
            let u = h.min(w / 1.2);
            let (m, is) = ((u * 0.035).max(3.0), u * 0.17);
            match &c.echo {
                Some(echo) => {
                    let first = echo.split_whitespace().next().unwrap();
                    assert!(cv.texts.iter().any(|t| t == first), "{}: {echo:?} is not drawn on the {what}", c.title);
                    assert!(has_colour(&cv, (0, 0, w as usize, h as usize), theme::ECHO_PAPER), "{}: no echo tint", c.title);
                    // The echo chip where the echo slot is printed (top-left, or the bottom row).
                    let pos = c.slots.iter().position(|s| *s == Slot::Echo).unwrap();
                    let (sx, sy) = match pos {
                        0 => (m, m),
                        1 => (m, h - m - is),
                        2 => (w / 2.0 - is / 2.0, h - m - is),
                        _ => (w - m - is, h - m - is),
                    };
                    let box_ = (sx as usize + 3, sy as usize + 3, (is - 6.0) as usize, (is - 6.0) as usize);
                    assert!(has_colour(&cv, box_, theme::ECHO_CHIP), "{}: no echo chip at position {pos} on the {what}", c.title);
                }
                None => assert!(!has_colour(&cv, (0, 0, w as usize, h as usize), theme::ECHO_PAPER), "{}", c.title),
            }
            for s in &c.slots {
                if let Slot::Bonus(v) = s {
                    assert!(cv.texts.contains(&v.to_string()), "{}: no bonus {v} on the {what}", c.title);
                }
            }
        }
    }
    eprintln!("smallest Echoes effect text (card picture, hand, board): {smallest:?}");
}

/// A two-player game with Echoes of the Past, mid-play: alice foresaw Chopsticks and Candles,
/// her red pile is Plumbing splayed up over Bangle (whose echo effect and bonus the splay
/// reveals), bob holds an Echoes card in hand.
fn echoes_table() -> Game {
    use engine::Set;
    let config = GameConfig::new(&["alice", "bob"], 5).with_expansions(&[Set::Echoes]);
    let mut st = Game::initial_state(&config).unwrap();
    let id = |t: &str| CardDb::get().by_title(t).unwrap();
    for t in ["Chopsticks", "Candles", "Plumbing", "Bangle", "Perfume"] {
        st.remove(id(t));
    }
    st.players[0].forecast.extend([id("Chopsticks"), id("Candles")]);
    st.players[0].piles[Color::Red.index()] = engine::state::Pile { cards: vec![id("Bangle"), id("Plumbing")], splay: Splay::Up };
    st.players[1].hand.push(id("Perfume"));
    Game::from_state(config, st).unwrap()
}

/// Echoes on the table, the boards and the hand: the forecast as backs with its count and limit
/// in every public picture (the very same from any player's view as a spectator's, naming no
/// forecast card), in full in its owner's hand picture; a covered card shows the echo chip and
/// bonus its splay reveals.
#[test]
fn the_forecast_is_shown_to_its_owner_only_and_covered_echoes_show_their_echo() {
    let g = echoes_table();
    let spectator = g.view(None);
    if let Ok(path) = std::env::var("SAVE_ECHOES_PNG") {
        std::fs::write(format!("{path}-table.png"), table_png(&spectator).unwrap()).unwrap();
        std::fs::write(format!("{path}-board.png"), board_png(&spectator, 0).unwrap()).unwrap();
        std::fs::write(format!("{path}-hand.png"), hand_png(&g.view(Some(0)), 0).unwrap()).unwrap();
        std::fs::write(format!("{path}-card.png"), card_png(CardDb::get().by_title("Perfume").unwrap()).unwrap()).unwrap();
    }
    let table_texts = table::draw(&spectator).unwrap().texts;
    assert!(table_texts.iter().any(|t| t == "Echoes"), "the Echoes decks: {table_texts:?}");
    assert_eq!(table_texts.iter().filter(|t| *t == "Forecast").count(), 2, "a forecast line for each player: {table_texts:?}");
    // The limit by best splay: alice's up splay makes it 2, bob's unsplayed board 5.
    assert!(table_texts.iter().any(|t| t == "2/2") && table_texts.iter().any(|t| t == "0/5"), "{table_texts:?}");
    for s in engine::Special::in_play(&[engine::Set::Echoes]) {
        assert!(table_texts.iter().any(|t| t == s.name()), "{} missing from {table_texts:?}", s.name());
    }
    let board_texts = board::draw(&spectator, 0).unwrap().texts;
    assert!(board_texts.iter().any(|t| t == "Forecast") && board_texts.iter().any(|t| t == "2/2"), "{board_texts:?}");
    let table_spectator = table_png(&spectator).unwrap();
    for view in views(&g) {
        assert_eq!(table_png(&view).unwrap(), table_spectator, "the table from {:?}'s view", view.viewer);
        let mut texts = table::draw(&view).unwrap().texts;
        for seat in 0..2 {
            let b = board::draw(&view, seat).unwrap();
            assert_eq!(b.encode().unwrap(), board_png(&spectator, seat).unwrap(), "board {seat} from {:?}'s view", view.viewer);
            texts.extend(b.texts);
        }
        for t in ["Chopsticks", "Candles", "Perfume"] {
            assert!(!names(&texts, t), "{t} is named in {:?}'s public pictures", view.viewer);
        }
    }
    // Alice's hand picture shows her forecast in full; bob's does not show it.
    let alice = hand::draw(&g.view(Some(0)), 0).unwrap().texts;
    assert!(alice.iter().any(|t| t == "Forecast: 2 cards (limit 2) · only you see it"), "{alice:?}");
    assert!(alice.iter().any(|t| t == "Chopsticks") && alice.iter().any(|t| t == "Candles"), "{alice:?}");
    let bob = hand::draw(&g.view(Some(1)), 1).unwrap().texts;
    assert!(bob.iter().any(|t| t == "Forecast: 0 cards (limit 5) · only you see it") && bob.iter().any(|t| t == "Perfume"), "{bob:?}");
    assert!(!names(&bob, "Chopsticks") && !names(&bob, "Candles"), "{bob:?}");
    // Bangle under Plumbing, splayed up: its authority, echo and bonus show.
    use engine::{Icon, Slot};
    let bangle = CardDb::get().by_title("Bangle").unwrap();
    assert_eq!(board::revealed_sum(&[bangle], Splay::Up), vec![(Slot::Icon(Icon::Authority), 1), (Slot::Echo, 1), (Slot::Bonus(1), 1)]);
    let mut cv = Canvas::new(board::COL_W as u32, board::STRIP_H as u32, theme::BG).unwrap();
    board::strip(&mut cv, bangle, Splay::Up, 0.0, 0.0);
    assert!(has_colour(&cv, (0, 0, board::COL_W as usize, board::STRIP_H as usize), theme::ECHO_CHIP), "the echo chip on the strip");
    assert!(cv.texts.contains(&"1".to_string()), "the bonus on the strip: {:?}", cv.texts);
    let mut cv = Canvas::new(board::COL_W as u32, board::STRIP_H as u32, theme::BG).unwrap();
    board::strip(&mut cv, bangle, Splay::Left, 0.0, 0.0);
    assert!(!has_colour(&cv, (0, 0, board::COL_W as usize, board::STRIP_H as usize), theme::ECHO_CHIP), "a left splay hides it");
    // Every size of game with Echoes draws.
    let names = ["alice", "bob", "carol", "dave"];
    for n in [2, 4] {
        let config = GameConfig::new(&names[..n], 3).with_expansions(&[engine::Set::Echoes]);
        let g = Game::from_state(config.clone(), Game::initial_state(&config).unwrap()).unwrap();
        decode(&table_png(&g.view(None)).unwrap());
        for p in 0..n {
            decode(&board_png(&g.view(None), p).unwrap());
            decode(&hand_png(&g.view(Some(p)), p).unwrap());
        }
    }
}

/// Every one of the 115 Artifacts of History faces, at the card picture's, the hand's and the
/// board's sizes: the title whole (and on its table tile), its effects fit at a readable size,
/// each compel effect in a dark box like a demand's (its words say "I compel"), and Battleship
/// Yamato (no icons, no effects) drawn with its image and words saying what it is instead.
#[test]
fn every_artifacts_face_draws_its_effects_and_compels() {
    use engine::card::EffectKind;
    use engine::Set;
    let artifacts: Vec<_> = CardDb::get().cards.iter().filter(|c| c.set == Set::Artifacts).collect();
    assert_eq!(artifacts.len(), 115);
    // Two effects at most, the longest of about 240 letters: at least 26 px on the 720 px card
    // picture, 22 px on the 600 px hand card and 13 px on the board (measured: 26.5, 22, 13.5).
    let sizes = [
        ("card picture", crate::CARD_SIZE.0, crate::CARD_SIZE.1, 26.0),
        ("hand", hand::CARD_W, hand::CARD_H, 22.0),
        ("board", board::COL_W, board::CARD_H, 13.0),
    ];
    let mut smallest = [f32::MAX; 3];
    for (k, (what, w, h, min)) in sizes.into_iter().enumerate() {
        for c in &artifacts {
            let mut cv = Canvas::new(w as u32, h as u32, theme::BG).unwrap();
            let fit = face::card_face(&mut cv, c.id, 0.0, 0.0, w, h);
            smallest[k] = smallest[k].min(fit.text_size);
            assert!(fit.text_fits, "{}: the effects do not fit on the {what}", c.title);
            assert!(fit.text_size >= min, "{}: effects at {} px on the {what}", c.title, fit.text_size);
            assert!(!fit.title_cut, "{}: the title is cut short on the {what}", c.title);
            let compels = c.effects.iter().filter(|e| e.kind == EffectKind::Compel).count();
            assert_eq!(has_colour(&cv, (0, 0, w as usize, h as usize), theme::DEMAND), compels > 0, "{}: compel box", c.title);
            if compels > 0 {
                assert!(cv.texts.iter().any(|t| t == "compel"), "{}: \"I compel\" is not drawn on the {what}", c.title);
            }
        }
    }
    eprintln!("smallest Artifacts effect text (card picture, hand, board): {smallest:?}");
    let mut cv = Canvas::new(200, 120, theme::BG).unwrap();
    for c in &artifacts {
        cv.texts.clear();
        let pile = PileView { color: c.color, cards: vec![c.id], splay: Splay::None };
        table::tile(&mut cv, &pile, 0.0, 0.0, 178.0, 100.0);
        assert!(cv.texts.iter().all(|t| !t.contains('…')), "{} is cut short on its tile: {:?}", c.title, cv.texts);
    }
    // Battleship Yamato: no icons and no effects, its image in its slot, a plain panel.
    let yamato = CardDb::get().by_title("Battleship Yamato").unwrap();
    let mut cv = Canvas::new(crate::CARD_SIZE.0 as u32, crate::CARD_SIZE.1 as u32, theme::BG).unwrap();
    let fit = face::card_face(&mut cv, yamato, 0.0, 0.0, crate::CARD_SIZE.0, crate::CARD_SIZE.1);
    assert!(fit.text_fits && !fit.title_cut);
    assert!(
        cv.texts.iter().any(|t| t == "No dogma effects") && cv.texts.iter().any(|t| t == "Value 11 while on a board"),
        "{:?}",
        cv.texts
    );
    assert!(has_colour(&cv, (0, 0, crate::CARD_SIZE.0 as usize, crate::CARD_SIZE.1 as usize), theme::HEX_FILL), "its image");
}

/// A two-player game with Artifacts of History, mid-play: alice has Holmegaard Bows on display
/// and two Artifacts in Museums, bob one; three Museums have left the supply.
fn artifacts_table() -> Game {
    use engine::Set;
    let config = GameConfig::new(&["alice", "bob"], 5).with_expansions(&[Set::Artifacts]);
    let mut st = Game::initial_state(&config).unwrap();
    let id = |t: &str| CardDb::get().by_title(t).unwrap();
    let (shown, a, b, c) = (id("Holmegaard Bows"), id("Dancing Girl"), id("Battleship Yamato"), id("Action Comics #1"));
    for x in [shown, a, b, c] {
        st.remove(x);
    }
    st.players[0].display = Some(shown);
    for (p, x) in [(0, a), (0, b), (1, c)] {
        let m = st.museums.pop().unwrap();
        st.players[p].museums.push((m, x));
    }
    Game::from_state(config, st).unwrap()
}

/// Artifacts on the table and the boards: the display and the Museums are public, named with
/// their values in every picture (the same from every seat's view as a spectator's), and the
/// table counts the Museums left in the supply.
#[test]
fn the_display_and_museums_are_named_for_everyone() {
    let g = artifacts_table();
    let spectator = g.view(None);
    if let Ok(path) = std::env::var("SAVE_ARTIFACTS_PNG") {
        std::fs::write(format!("{path}-table.png"), table_png(&spectator).unwrap()).unwrap();
        std::fs::write(format!("{path}-board.png"), board_png(&spectator, 0).unwrap()).unwrap();
        for (name, title) in [("card", "Holmegaard Bows"), ("long", "Action Comics #1"), ("yamato", "Battleship Yamato")] {
            std::fs::write(format!("{path}-{name}.png"), card_png(CardDb::get().by_title(title).unwrap()).unwrap()).unwrap();
        }
    }
    let table_texts = table::draw(&spectator).unwrap().texts;
    assert!(table_texts.iter().any(|t| t == "Artifacts"), "the Artifacts decks: {table_texts:?}");
    assert!(table_texts.iter().any(|t| t == "Museums ×2"), "the Museums left: {table_texts:?}");
    assert!(table_texts.iter().any(|t| t == "Holmegaard Bows (1)"), "{table_texts:?}");
    assert!(table_texts.iter().any(|t| t == "Dancing Girl (1), Battleship Yamato (8)"), "{table_texts:?}");
    assert!(table_texts.iter().any(|t| t == "Action Comics #1 (8)"), "{table_texts:?}");
    let board_texts = board::draw(&spectator, 0).unwrap().texts;
    assert!(board_texts.iter().any(|t| t == "Display") && board_texts.iter().any(|t| t == "Holmegaard Bows (1)"), "{board_texts:?}");
    assert!(board_texts.iter().any(|t| t == "Dancing Girl (1), Battleship Yamato (8)"), "{board_texts:?}");
    let table_spectator = table_png(&spectator).unwrap();
    for view in views(&g) {
        assert_eq!(table_png(&view).unwrap(), table_spectator, "the table from {:?}'s view", view.viewer);
        for seat in 0..2 {
            assert_eq!(board_png(&view, seat).unwrap(), board_png(&spectator, seat).unwrap(), "board {seat} from {:?}", view.viewer);
        }
    }
    // Every size of game with Artifacts draws.
    let names = ["alice", "bob", "carol", "dave"];
    for n in [2, 4] {
        let config = GameConfig::new(&names[..n], 3).with_expansions(&[engine::Set::Artifacts, engine::Set::Unseen, engine::Set::Echoes]);
        let g = Game::from_state(config.clone(), Game::initial_state(&config).unwrap()).unwrap();
        decode(&table_png(&g.view(None)).unwrap());
        for p in 0..n {
            decode(&board_png(&g.view(None), p).unwrap());
            decode(&hand_png(&g.view(Some(p)), p).unwrap());
        }
    }
}

/// Every one of the 115 Figures in the Sand faces, at the card picture's, the hand's and the
/// board's sizes: the title whole (and on its table tile), its karma effects fit at a readable
/// size, each in a box of its own on the karma tint led by a "KARMA" tag, nothing that suggests a
/// dogma effect (no demand box, no "No dogma effects"), and its bonuses and [avatar] icons drawn
/// in their slots.
#[test]
fn every_figures_face_draws_its_karmas() {
    use engine::{Icon, Set, Slot};
    let figures: Vec<_> = CardDb::get().cards.iter().filter(|c| c.set == Set::Figures).collect();
    assert_eq!(figures.len(), 115);
    if let Ok(path) = std::env::var("SAVE_FIGURES_PNG") {
        for title in ["Sunshu Ao", "Gilgamesh", "Johannes Kepler", "Stephen Hawking", "Nelson Mandela", "Max Verstappen", "Fire"] {
            let png = card_png(CardDb::get().by_title(title).unwrap()).unwrap();
            std::fs::write(format!("{path}-card-{}.png", title.replace(' ', "-")), png).unwrap();
        }
    }
    // Up to three karmas, the longest of about 250 letters; each line of them is wider than a
    // dogma effect's (no featured icon before it). Measured: at least 22 px on the 720 px card
    // picture, 18 px on the 600 px hand card and 12.5 px on the board (Sunshu Ao's three).
    let sizes = [
        ("card picture", crate::CARD_SIZE.0, crate::CARD_SIZE.1, 22.0),
        ("hand", hand::CARD_W, hand::CARD_H, 18.0),
        ("board", board::COL_W, board::CARD_H, 12.5),
    ];
    let mut smallest = [(f32::MAX, ""); 3];
    for (k, (what, w, h, min)) in sizes.into_iter().enumerate() {
        for c in &figures {
            assert!(!c.karma.is_empty() && !c.has_dogma(), "{}", c.title);
            let mut cv = Canvas::new(w as u32, h as u32, theme::BG).unwrap();
            let fit = face::card_face(&mut cv, c.id, 0.0, 0.0, w, h);
            if fit.text_size < smallest[k].0 {
                smallest[k] = (fit.text_size, c.title.as_str());
            }
            assert!(fit.text_fits, "{}: the karmas do not fit on the {what}", c.title);
            assert!(fit.text_size >= min, "{}: karmas at {} px on the {what}", c.title, fit.text_size);
            assert!(!fit.title_cut, "{}: the title is cut short on the {what}", c.title);
            let all = (0, 0, w as usize, h as usize);
            assert_eq!(cv.texts.iter().filter(|t| *t == face::KARMA).count(), c.karma.len(), "{}: a tag for each karma", c.title);
            assert!(has_colour(&cv, all, theme::KARMA_PAPER), "{}: no karma tint on the {what}", c.title);
            assert!(!has_colour(&cv, all, theme::DEMAND), "{}: a demand's box on the {what}", c.title);
            assert!(!cv.texts.iter().any(|t| t == "No dogma effects"), "{}: {:?}", c.title, cv.texts);
            for karma in &c.karma {
                let first = karma.split_whitespace().next().unwrap();
                assert!(cv.texts.iter().any(|t| t == first), "{}: {karma:?} is not drawn on the {what}", c.title);
            }
            // Each slot where it is printed: a bonus's value, an [avatar] chip.
            let u = h.min(w / 1.2);
            let (m, is) = ((u * 0.035).max(3.0), u * 0.17);
            for (pos, s) in c.slots.iter().enumerate() {
                let (sx, sy) = match pos {
                    0 => (m, m),
                    1 => (m, h - m - is),
                    2 => (w / 2.0 - is / 2.0, h - m - is),
                    _ => (w - m - is, h - m - is),
                };
                let box_ = (sx as usize + 3, sy as usize + 3, (is - 6.0) as usize, (is - 6.0) as usize);
                match s {
                    Slot::Bonus(v) => assert!(cv.texts.contains(&v.to_string()), "{}: no bonus {v} on the {what}", c.title),
                    Slot::Icon(Icon::Avatar) => {
                        assert!(has_colour(&cv, box_, theme::icon_tint(Icon::Avatar)), "{}: no [avatar] at {pos} on the {what}", c.title)
                    }
                    _ => {}
                }
            }
        }
    }
    eprintln!("smallest Figures karma text (card picture, hand, board): {smallest:?}");
    let mut cv = Canvas::new(200, 120, theme::BG).unwrap();
    for c in &figures {
        cv.texts.clear();
        let pile = PileView { color: c.color, cards: vec![c.id], splay: Splay::None };
        table::tile(&mut cv, &pile, 0.0, 0.0, 178.0, 100.0);
        assert!(cv.texts.iter().all(|t| !t.contains('…')), "{} is cut short on its tile: {:?}", c.title, cv.texts);
    }
    // No other card wears the karma tint.
    for c in CardDb::get().cards.iter().filter(|c| c.set != Set::Figures).step_by(7) {
        let mut cv = Canvas::new(hand::CARD_W as u32, hand::CARD_H as u32, theme::BG).unwrap();
        face::card_face(&mut cv, c.id, 0.0, 0.0, hand::CARD_W, hand::CARD_H);
        assert!(!has_colour(&cv, (0, 0, hand::CARD_W as usize, hand::CARD_H as usize), theme::KARMA_PAPER), "{}", c.title);
    }
}

/// A three-player game with Figures in the Sand, mid-play, after Bear Grylls introduced the Age 0
/// deck: alice shows Gilgamesh and holds three Figures, bob has claimed the War Decree (red) and
/// shows Tanning (Age 0) over Homer splayed right, carol holds Fire (Age 0) and a Figure.
fn figures_table() -> Game {
    use engine::state::{Achievement, Pile};
    use engine::Set;
    let config = GameConfig::new(&["alice", "bob", "carol"], 5).with_expansions(&[Set::Figures]);
    let mut st = Game::initial_state(&config).unwrap();
    let id = |t: &str| CardDb::get().by_title(t).unwrap();
    let placed = ["Gilgamesh", "Sunshu Ao", "Hammurabi", "Alexander the Great", "Homer", "Tanning", "Fire", "Plato"];
    for t in placed {
        st.remove(id(t));
    }
    st.players[0].piles[Color::Red.index()].cards.push(id("Gilgamesh"));
    st.players[0].hand.extend([id("Sunshu Ao"), id("Hammurabi"), id("Alexander the Great")]);
    st.players[1].piles[Color::Purple.index()] = Pile { cards: vec![id("Homer"), id("Tanning")], splay: Splay::Right };
    st.decrees.retain(|c| *c != Color::Red);
    st.players[1].achievements.push(Achievement::Decree(Color::Red));
    st.players[2].hand.extend([id("Fire"), id("Plato")]);
    // The Age 0 deck: the Age 0 cards nowhere else.
    let age_0: Vec<CardId> = CardDb::get().of_set_and_age(Set::Base, 0).iter().copied().filter(|c| st.locate(*c).is_none()).collect();
    st.deck_mut(Set::Base, 0).extend(age_0);
    st.age_zero = true;
    Game::from_state(config, st).unwrap()
}

/// Figures on the table, the boards and the hand: the Decrees in the supply named in their
/// colours among the achievements, a claimed Decree by name in its owner's row and board, the
/// Age 0 deck first among the base decks with its size once introduced (not before), hands of
/// Figures hidden as any hand (every public picture from a seat's view is the spectator's and
/// names no hidden card), and a hand of Figures drawn in full for its owner.
#[test]
fn decrees_and_the_age_0_deck_are_shown_and_figures_in_hand_stay_hidden() {
    let g = figures_table();
    let spectator = g.view(None);
    assert_eq!(spectator.age_zero_deck, Some(13));
    if let Ok(path) = std::env::var("SAVE_FIGURES_PNG") {
        std::fs::write(format!("{path}-table.png"), table_png(&spectator).unwrap()).unwrap();
        std::fs::write(format!("{path}-board.png"), board_png(&spectator, 0).unwrap()).unwrap();
        std::fs::write(format!("{path}-board-decree.png"), board_png(&spectator, 1).unwrap()).unwrap();
        std::fs::write(format!("{path}-hand.png"), hand_png(&g.view(Some(0)), 0).unwrap()).unwrap();
    }
    let supply = ["Expansion", "Trade", "Advancement", "Rivalry"];
    let hidden = hidden_by_zone(&g);
    let table_spectator = table_png(&spectator).unwrap();
    for view in views(&g) {
        let table_texts = table::draw(&view).unwrap().texts;
        assert_eq!(table_png(&view).unwrap(), table_spectator, "the table from {:?}'s view", view.viewer);
        assert!(table_texts.iter().any(|t| t == "Figures"), "the Figures decks: {table_texts:?}");
        // The Decrees left in the supply, once each (among the achievements); War only in bob's row.
        for d in supply {
            assert_eq!(table_texts.iter().filter(|t| *t == d).count(), 1, "{d} in {:?}'s table: {table_texts:?}", view.viewer);
        }
        assert_eq!(table_texts.iter().filter(|t| *t == "Decrees").count(), 3, "a Decrees line in each row: {table_texts:?}");
        let rows: Vec<&str> = table_texts.windows(2).filter(|w| w[0] == "Decrees").map(|w| w[1].as_str()).collect();
        assert_eq!(rows, vec!["none", "War", "none"], "{table_texts:?}");
        // The Age 0 deck (its back shows 0) first on the base decks' line, with its size.
        assert!(table_texts.windows(3).any(|w| w == ["Decks", "0", "×13"]), "the Age 0 deck: {table_texts:?}");
        let mut texts = table_texts;
        for seat in 0..3 {
            let b = board::draw(&view, seat).unwrap();
            assert_eq!(b.encode().unwrap(), board_png(&spectator, seat).unwrap(), "board {seat} from {:?}'s view", view.viewer);
            texts.extend(b.texts);
        }
        for (zone, cards) in &hidden {
            for c in cards {
                assert!(!names(&texts, &card(*c).title), "{} (in the {zone}) is named in {:?}'s pictures", card(*c).title, view.viewer);
            }
        }
        // A hand picture names only its owner's cards.
        if let Some(me) = view.viewer {
            let hand = hand::draw(&view, me).unwrap().texts;
            for (p, ps) in g.state().players.iter().enumerate() {
                for c in &ps.hand {
                    assert_eq!(names(&hand, &card(*c).title), p == me, "{} in seat {me}'s hand picture", card(*c).title);
                }
            }
        }
    }
    // Bob's board names his Decree among his achievements; the public pictures name the boards' Figures.
    let bob = board::draw(&spectator, 1).unwrap().texts;
    assert!(bob.iter().any(|t| t == "War"), "{bob:?}");
    assert!(names(&table::draw(&spectator).unwrap().texts, "Gilgamesh"));
    // Alice's hand: her three Figures in full, each with its karmas.
    let alice = hand::draw(&g.view(Some(0)), 0).unwrap().texts;
    for t in ["Sunshu Ao", "Hammurabi", "Alexander the Great"] {
        assert!(names(&alice, t), "{t} in {alice:?}");
    }
    let karmas: usize =
        ["Sunshu Ao", "Hammurabi", "Alexander the Great"].iter().map(|t| card(CardDb::get().by_title(t).unwrap()).karma.len()).sum();
    assert_eq!(alice.iter().filter(|t| *t == face::KARMA).count(), karmas, "{alice:?}");
    // Before a card introduces it, no Age 0 deck: the base decks start at 1; every Decree is in the supply.
    let names = ["alice", "bob", "carol", "dave"];
    for n in [2, 4] {
        let config = GameConfig::new(&names[..n], 3).with_expansions(&[engine::Set::Figures]);
        let g = Game::from_state(config.clone(), Game::initial_state(&config).unwrap()).unwrap();
        let v = g.view(None);
        assert_eq!(v.age_zero_deck, None);
        let texts = table::draw(&v).unwrap().texts;
        assert!(texts.windows(2).any(|w| w == ["Decks", "1"]), "{texts:?}");
        for d in ["War", "Expansion", "Trade", "Advancement", "Rivalry"] {
            assert!(texts.iter().any(|t| t == d), "{d} missing from {texts:?}");
        }
        decode(&table_png(&v).unwrap());
        for p in 0..n {
            decode(&board_png(&v, p).unwrap());
            decode(&hand_png(&g.view(Some(p)), p).unwrap());
        }
    }
}

#[test]
fn the_legend_explains_the_avatar_the_age_0_icon_and_karmas() {
    let texts = crate::legend::draw().unwrap().texts;
    assert!(texts.iter().any(|t| t.starts_with("avatar (person")), "{texts:?}");
    assert!(texts.iter().any(|t| t.starts_with("Age 0 icon")), "{texts:?}");
    assert!(texts.iter().any(|t| t == face::KARMA), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("karma effect")), "{texts:?}");
    let png = crate::legend_png().unwrap();
    if let Ok(path) = std::env::var("SAVE_FIGURES_PNG") {
        std::fs::write(format!("{path}-legend.png"), &png).unwrap();
    }
    decode(&png);
}

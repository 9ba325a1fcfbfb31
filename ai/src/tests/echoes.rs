//! The computer players with Echoes of the Past: what their seat may see (the
//! forecast is its owner's alone, like a hand), what the evaluation makes of
//! the set (bonuses in the score, forecast cards as melds to come), and whole
//! games in which they foreshadow and promote.

use super::*;
use engine::sim::sim_config_with;

/// Twins that differ in cards the seat cannot see (other players' forecasts
/// among them, its own forecast kept as it sees it) give the seat the same
/// info set and the same answers.
#[test]
fn decisions_with_echoes_depend_only_on_what_the_seat_sees() {
    let t = check_twins(&games_with(Set::Echoes, 6, 61), 5, 300);
    println!("{t:?}");
    assert!(t.checked >= 20 && t.mid_action >= 3, "only {t:?}");
    assert!(t.other_forecasts >= 5, "too few twins differ in an opponent's forecast: {t:?}");
    assert!(t.own_forecast >= 5, "too few twins with a forecast of the asked seat: {t:?}");
}

/// Deals agreeing with what the seat saw are found for nearly every question with the set.
#[test]
fn worlds_with_echoes_are_found_for_nearly_every_question() {
    let (asked, found, mid, mid_found) = world_finding(&games_with(Set::Echoes, 6, 63), 600);
    println!("worlds found for {found} of {asked} questions; {mid_found} of {mid} in the middle of an action");
    assert!(mid >= 100 && mid_found as f64 >= 0.95 * mid as f64 && found as f64 >= 0.98 * asked as f64);
}

/// Each card of `cards` swapped with a card of its own deck (the same back,
/// from the top, a different one for each), while the deck has one.
fn swapped_with_their_decks(st: &State, cards: &[CardId]) -> Option<Relabel> {
    let mut pairs = Vec::new();
    let mut taken: HashSet<CardId> = HashSet::new();
    for c in cards {
        if let Some(t) = st.deck(card(*c).set, card(*c).age).iter().rev().find(|t| !taken.contains(t)) {
            taken.insert(*t);
            pairs.push((*c, *t));
            pairs.push((*t, *c));
        }
    }
    (!pairs.is_empty()).then(|| Relabel::from_pairs(pairs))
}

/// A forecast card never reaches an opponent's decision. At choices of action
/// in random games with the set, the cards in another player's forecast are
/// swapped with unseen cards of the same back: the asked seat sees the same
/// table, gets the same info set and answers the same, card for card. The
/// same swap in the asked seat's own forecast is a table it can tell apart
/// (its owner sees it), and its info set names its own forecast as it is.
#[test]
fn an_opponents_forecast_never_changes_a_decision() {
    let (mut compared, mut own_checked) = (0, 0);
    for seed in 0..10u64 {
        let (config, _) = sim_config_with(2 + (seed as usize % 2), false, 70, seed, &[Set::Echoes]);
        let mut game = Game::new(config.clone()).unwrap();
        let mut driver = Computer::new(Kind::Random, seed);
        let mut found = 0;
        while !game.is_over() && game.decisions().len() < 800 && found < 3 {
            let prompt = game.prompts()[0].clone();
            let seat = prompt.player;
            let st = game.state().clone();
            if prompt.kind == AnswerKind::Action && !game.in_first_meld() && prompt.options.len() > 1 {
                let theirs: Vec<CardId> = st.opponents(seat).iter().flat_map(|q| st.players[*q].forecast.clone()).collect();
                if let Some(sigma) = swapped_with_their_decks(&st, &theirs) {
                    let real = Game::from_state(config.clone(), st.clone()).unwrap();
                    let twin = Game::from_state(config.clone(), sigma.state(&st)).unwrap();
                    assert!(st.opponents(seat).iter().any(|q| real.state().players[*q].forecast != twin.state().players[*q].forecast));
                    assert_eq!(real.view(Some(seat)), twin.view(Some(seat)));
                    assert_eq!(real.prompt_for(seat), twin.prompt_for(seat));
                    let (real_info, _) = info::Observer::from_arranged(real.state().clone()).observe(&real, seat, &[]).unwrap();
                    let (twin_info, _) = info::Observer::from_arranged(twin.state().clone()).observe(&twin, seat, &[]).unwrap();
                    assert_eq!(format!("{real_info:?}"), format!("{twin_info:?}"), "an opponent's forecast is in the info set");
                    for kind in [Kind::basic(), Kind::Strong { budget: Budget::Rollouts(4), horizon: 2, width: 3 }] {
                        let a = Computer::for_arranged_game(kind.clone(), 3, real.state().clone()).decide_once(&real, seat);
                        let b = Computer::for_arranged_game(kind.clone(), 3, twin.state().clone()).decide_once(&twin, seat);
                        assert_eq!(a, b, "{kind} answered differently with another forecast in an opponent's hands");
                    }
                    compared += 1;
                    found += 1;
                }
                let mine = st.players[seat].forecast.clone();
                if let Some(sigma) = swapped_with_their_decks(&st, &mine) {
                    let real = Game::from_state(config.clone(), st.clone()).unwrap();
                    let other = Game::from_state(config.clone(), sigma.state(&st)).unwrap();
                    assert_ne!(real.view(Some(seat)), other.view(Some(seat)), "its owner sees the forecast");
                    let (info, _) = info::Observer::from_arranged(st.clone()).observe(&real, seat, &[]).unwrap();
                    assert_eq!(info.start.players[seat].forecast, mine, "the owner's forecast keeps its names");
                    own_checked += 1;
                }
            }
            driver.play(&mut game, seat).unwrap();
        }
    }
    assert!(compared >= 12, "only {compared} tables with an opponent's forecast compared");
    assert!(own_checked >= 5, "only {own_checked} tables with the asked seat's forecast checked");
}

fn id(title: &str) -> CardId {
    CardDb::get().by_title(title).unwrap_or_else(|| panic!("no card {title}"))
}

/// A two-player table with the set before anyone's first action, the hands
/// dealt at setup back under their decks, each player with the named top
/// cards (bottom first for a pile).
fn echoes_table(boards: [&[&str]; 2]) -> State {
    let config = GameConfig::new(&["ann", "bo"], 8).with_expansions(&[Set::Echoes]);
    let mut st = Game::initial_state(&config).unwrap();
    for p in 0..2 {
        for c in std::mem::take(&mut st.players[p].hand) {
            st.deck_mut(card(c).set, card(c).age).insert(0, c);
        }
        for t in boards[p] {
            let c = id(t);
            st.remove(c);
            st.players[p].piles[card(c).color.index()].cards.push(c);
        }
    }
    st
}

/// An Echoes bonus counts in the score (the engine's score, bonuses
/// included): Almanac's bonus 4, revealed under Writing by an up splay, is
/// worth at least its four points beyond the splay itself.
#[test]
fn a_revealed_bonus_counts_in_the_score() {
    let w = eval::Weights::default();
    let st = echoes_table([&["Almanac", "Writing"], &["Metalworking"]]);
    let mut shown = st.clone();
    shown.players[0].piles[engine::Color::Blue.index()].splay = engine::Splay::Up;
    assert_eq!(engine::derived::score(&shown, 0), engine::derived::score(&st, 0) + 4);
    let gain = eval::evaluate(&shown, 0, &w) - eval::evaluate(&st, 0, &w);
    assert!(gain >= w.splay[3] + 4.0 * w.score_point, "a revealed bonus 4 is worth {gain}");
}

/// A card in the forecast is a meld to come: worth `forecast_card` and
/// `forecast_age` per age to its owner, as much less to the other player,
/// and counted only from its back (the age), never its front.
#[test]
fn a_forecast_card_is_worth_its_back_to_its_owner() {
    let w = eval::Weights::default();
    assert!(w.forecast_card > 0.0);
    let st = echoes_table([&["Writing"], &["Metalworking"]]);
    let foreshadowed = |st: &State, c: CardId| {
        let mut s = st.clone();
        s.remove(c);
        s.players[0].forecast.push(c);
        s
    };
    let three = st.deck(Set::Echoes, 3).to_vec();
    let expected = w.forecast_card + 3.0 * w.forecast_age;
    for c in three.iter().take(2) {
        let s = foreshadowed(&st, *c);
        assert!((eval::evaluate(&s, 0, &w) - eval::evaluate(&st, 0, &w) - expected).abs() < 1e-9);
        assert!((eval::evaluate(&s, 1, &w) - eval::evaluate(&st, 1, &w) + expected).abs() < 1e-9);
    }
}

/// Basic and strong players finish games with the set; the foreshadowing and
/// promotion answers they give (renamed into their info sets and back) are
/// accepted by the game, and promotions happen.
#[test]
fn computer_players_finish_games_with_echoes_promoting_on_the_way() {
    let mut promotions = 0;
    for (index, kinds) in
        [[Kind::basic(), Kind::basic()], [Kind::Strong { budget: Budget::Rollouts(4), horizon: 2, width: 3 }, Kind::basic()]]
            .into_iter()
            .enumerate()
    {
        let (config, answer_seed) = sim_config_with(2, false, 19, index as u64, &[Set::Echoes]);
        let mut game = Game::new(config).unwrap();
        let mut seats: Vec<Computer> =
            kinds.iter().enumerate().map(|(s, k)| Computer::new(k.clone(), answer_seed.wrapping_add(s as u64))).collect();
        while !game.is_over() && game.decisions().len() < 3000 {
            let prompt = game.prompts()[0].clone();
            let p = prompt.player;
            seats[p].play(&mut game, p).unwrap();
            promotions += prompt.reason.starts_with("promote") as usize;
        }
        assert!(game.is_over(), "game {index} did not end in 3000 decisions");
    }
    assert!(promotions >= 1, "no promotion was chosen in two games");
}

//! The computer players with Cities of Destiny: what their seat may see, and
//! the set's own decisions (Endorse, melding a city, what cities are worth).

use super::*;
use engine::sim::sim_config_with;

/// Twins that differ in cards the seat cannot see (the cities in other hands
/// and in the deck among them) give the seat the same info set and answers.
#[test]
fn decisions_with_cities_depend_only_on_what_the_seat_sees() {
    let Twins { checked, mid_action, .. } = check_twins(&games_with(Set::Cities, 6, 41), 5, 300);
    println!("{checked} twins checked, {mid_action} in the middle of an action");
    assert!(checked >= 20 && mid_action >= 3, "only {checked} twins checked ({mid_action} in the middle of an action)");
}

/// Deals agreeing with what the seat saw are found for nearly every question with the set.
#[test]
fn worlds_with_cities_are_found_for_nearly_every_question() {
    let (asked, found, mid, mid_found) = world_finding(&games_with(Set::Cities, 6, 43), 600);
    println!("worlds found for {found} of {asked} questions; {mid_found} of {mid} in the middle of an action");
    assert!(mid >= 100 && mid_found as f64 >= 0.95 * mid as f64 && found as f64 >= 0.98 * asked as f64);
}

fn id(title: &str) -> CardId {
    CardDb::get().by_title(title).unwrap_or_else(|| panic!("no card {title}"))
}

/// A two-player table with the set before anyone's first action: the hands
/// dealt at setup go back under their decks, and each player gets the named
/// top cards and hand. Seat 0 is to play its single action of the first turn.
fn cities_table(boards: [&[&str]; 2], hands: [&[&str]; 2]) -> (GameConfig, State) {
    let config = GameConfig::new(&["ann", "bo"], 8).with_expansions(&[Set::Cities]);
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
        for t in hands[p] {
            let c = id(t);
            st.remove(c);
            st.players[p].hand.push(c);
        }
    }
    (config, st)
}

/// The answers of the basic and the strong player to seat 0's choice of
/// action on an arranged table, each applied to the game (an illegal one fails
/// the test), for a few seeds.
fn actions_chosen(config: &GameConfig, st: &State) -> Vec<Choice> {
    let game = Game::from_state(config.clone(), st.clone()).unwrap();
    assert_eq!(game.prompts()[0].kind, AnswerKind::Action);
    let mut chosen = Vec::new();
    for seed in 0..3 {
        for kind in [Kind::basic(), Kind::Strong { budget: Budget::Rollouts(6), horizon: 2, width: 3 }] {
            let mut g = game.clone();
            let d = Computer::for_arranged_game(kind, seed, st.clone()).play(&mut g, 0).unwrap();
            chosen.push(d.answer[0].clone());
        }
    }
    chosen
}

/// Experimentation ("Draw and meld a 5") endorsed with Athens (three
/// [concept]) melds two 5s for the price of a 1 from the hand: both players
/// endorse, every time.
#[test]
fn the_computer_endorses_a_good_dogma_for_a_cheap_card() {
    let (config, st) = cities_table([&["Experimentation", "Athens"], &["Metalworking"]], [&["Archery"], &["Oars"]]);
    let endorse = Choice::Action(engine::Action::Endorse(id("Experimentation")));
    let game = Game::from_state(config.clone(), st.clone()).unwrap();
    assert!(game.prompts()[0].options.contains(&endorse), "Endorse is offered");
    for a in actions_chosen(&config, &st) {
        assert_eq!(a, endorse);
    }
}

/// Masonry does nothing twice with no [authority] card in hand (and no three
/// red cards): endorsing it would only junk the hand's card. Nobody does.
#[test]
fn the_computer_does_not_pay_to_endorse_a_dogma_that_does_nothing() {
    let (config, st) = cities_table([&["Masonry", "Memphis"], &["Writing"]], [&["Sailing"], &["Pottery"]]);
    let endorse = Choice::Action(engine::Action::Endorse(id("Masonry")));
    let game = Game::from_state(config.clone(), st.clone()).unwrap();
    assert!(game.prompts()[0].options.contains(&endorse), "Endorse is offered");
    for a in actions_chosen(&config, &st) {
        assert_ne!(a, endorse);
    }
}

/// The same table with one pile splayed.
fn splayed(st: &State, p: PlayerId, colour: engine::Color, splay: engine::Splay) -> State {
    let mut s = st.clone();
    s.players[p].piles[colour.index()].splay = splay;
    s
}

/// A fountain counts as an achievement once a splay reveals it (the engine's
/// count of achievements held): Shanghai's fountain under Agriculture,
/// revealed by a right splay, is worth a whole achievement more than the
/// splay and the icons it reveals.
#[test]
fn a_revealed_fountain_is_worth_an_achievement() {
    let w = eval::Weights::default();
    let (_, st) = cities_table([&["Shanghai", "Agriculture"], &["Metalworking"]], [&[], &[]]);
    let shown = splayed(&st, 0, engine::Color::Yellow, engine::Splay::Right);
    assert_eq!(engine::derived::achievement_count(&shown, 0), engine::derived::achievement_count(&st, 0) + 1);
    let gain = eval::evaluate(&shown, 0, &w) - eval::evaluate(&st, 0, &w);
    assert!(gain >= w.achievement, "a revealed fountain is worth {gain}");
}

/// A flag counts as an achievement only while no opponent shows more cards of
/// its colour: bo splaying his two purple cards left takes ann's Tokyo flag
/// from her, which costs her at least an achievement.
#[test]
fn a_flag_counts_while_no_opponent_shows_more_cards_of_its_colour() {
    let w = eval::Weights::default();
    let (_, st) = cities_table([&["Tokyo"], &["Mysticism", "Code of Laws"]], [&[], &[]]);
    let outnumbered = splayed(&st, 1, engine::Color::Purple, engine::Splay::Left);
    assert_eq!(engine::derived::achievement_count(&st, 0), 1);
    assert_eq!(engine::derived::achievement_count(&outnumbered, 0), 0);
    let loss = eval::evaluate(&st, 0, &w) - eval::evaluate(&outnumbered, 0, &w);
    assert!(loss >= w.achievement, "losing the flag costs {loss}");
}

/// A city's bonus counts in the score (the engine's score): Tikal's bonus 4,
/// revealed under Archery by an up splay, is worth at least its four points
/// beyond the splay itself.
#[test]
fn a_revealed_bonus_counts_in_the_score() {
    let w = eval::Weights::default();
    let (_, st) = cities_table([&["Tikal", "Archery"], &["Metalworking"]], [&[], &[]]);
    let shown = splayed(&st, 0, engine::Color::Red, engine::Splay::Up);
    assert_eq!(engine::derived::score(&shown, 0), engine::derived::score(&st, 0) + 4);
    let gain = eval::evaluate(&shown, 0, &w) - eval::evaluate(&st, 0, &w);
    assert!(gain >= w.splay[3] + 4.0 * w.score_point, "a revealed bonus 4 is worth {gain}");
}

/// Basic players finish games with the set, and the Endorse actions they
/// choose (renamed into their info sets and back) are accepted by the game.
#[test]
fn basic_players_finish_games_with_cities_endorsing_on_the_way() {
    let mut endorsed = 0;
    for index in 0..2 {
        let (config, answer_seed) = sim_config_with(2, false, 9, index, &[Set::Cities]);
        let mut game = Game::new(config).unwrap();
        let mut seats: Vec<Computer> = (0..2).map(|s| Computer::new(Kind::basic(), answer_seed.wrapping_add(s))).collect();
        while !game.is_over() && game.decisions().len() < 3000 {
            let p = game.prompts()[0].player;
            let d = seats[p].play(&mut game, p).unwrap();
            endorsed += matches!(d.answer.first(), Some(Choice::Action(engine::Action::Endorse(_)))) as usize;
        }
        assert!(game.is_over(), "game {index} did not end in 3000 decisions");
    }
    assert!(endorsed >= 2, "only {endorsed} Endorse actions in two games");
}

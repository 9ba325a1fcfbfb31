//! The computer players with Artifacts of History: what their seat may see
//! (the display and the Museums are public, the Artifacts decks hidden like
//! any deck), what the evaluation makes of the set (the display, the Museums
//! and the lead toward the Museum Check, compels), and whole games in which
//! they dig, seize, meld from Museums and claim Museums.
//!
//! `Game::new` refuses the set until all its cards are implemented: these
//! games start from an arranged table, as the other sets' did, and play by the
//! set's rules; an answer reaching an Artifact's effects before they are
//! implemented is refused by the game, and the computer chooses again.

use super::*;
use engine::state::Achievement;

/// A game with the set, its first meld arranged (each player melds the last card of their hand).
fn artifacts_game(players: usize, seed: u64) -> (GameConfig, State) {
    let names = ["ann", "bo", "cy", "di", "ed"];
    let config = GameConfig::new(&names[..players], seed).with_expansions(&[Set::Artifacts]);
    let mut st = Game::initial_state(&config).unwrap();
    for p in 0..players {
        let c = st.players[p].hand.pop().unwrap();
        st.players[p].piles[card(c).color.index()].cards.push(c);
    }
    (config, st)
}

fn artifacts_games(n: u64, seed: u64) -> Vec<(GameConfig, Option<State>)> {
    (0..n)
        .map(|i| {
            let (config, st) = artifacts_game(2 + (i as usize % 3), seed + i);
            (config, Some(st))
        })
        .collect()
}

/// Twins that differ in cards the seat cannot see (the Artifacts decks among them; the display
/// and the Museums kept, as everyone sees them) give the seat the same info set and answers.
#[test]
fn decisions_with_artifacts_depend_only_on_what_the_seat_sees() {
    let t = check_twins(&artifacts_games(6, 140), 5, 300);
    println!("{t:?}");
    assert!(t.checked >= 20 && t.mid_action >= 3, "only {t:?}");
    assert!(t.artifacts >= 5, "too few twins with an Artifact on display or in a Museum: {t:?}");
}

/// Deals agreeing with what the seat saw are found for nearly every question with the set.
#[test]
fn worlds_with_artifacts_are_found_for_nearly_every_question() {
    let (asked, found, mid, mid_found) = world_finding(&artifacts_games(6, 150), 600);
    println!("worlds found for {found} of {asked} questions; {mid_found} of {mid} in the middle of an action");
    assert!(mid >= 100 && mid_found as f64 >= 0.95 * mid as f64 && found as f64 >= 0.98 * asked as f64);
}

fn id(title: &str) -> CardId {
    CardDb::get().by_title(title).unwrap_or_else(|| panic!("no card {title}"))
}

/// The evaluation's Artifacts terms: an Artifact on display is worth `display_card` and
/// `display_age` per age to its owner (as much less to the other player); one in a Museum
/// `museum_card` and `museum_age` per age; the single most Artifacts in Museums `museum_lead`
/// divided by the Museums left in the supply, nothing on a tie.
#[test]
fn the_display_and_museums_count_for_their_owner() {
    let w = eval::Weights::default();
    assert!(w.display_card > 0.0 && w.museum_card > 0.0 && w.museum_lead > 0.0);
    let (_, st) = artifacts_game(2, 3);
    let delta = |a: &State, b: &State, p: usize| eval::evaluate(b, p, &w) - eval::evaluate(a, p, &w);
    let close = |x: f64, y: f64| (x - y).abs() < 1e-9;
    let (bows, girl, comics) = (id("Holmegaard Bows"), id("Dancing Girl"), id("Action Comics #1"));
    let mut shown = st.clone();
    shown.remove(bows);
    shown.players[0].display = Some(bows);
    assert!(close(delta(&st, &shown, 0), w.display_card + w.display_age));
    assert!(close(delta(&st, &shown, 1), -(w.display_card + w.display_age)));
    // One Artifact in a Museum, four Museums left: the lead is worth a quarter of museum_lead.
    let mut kept = st.clone();
    kept.remove(comics);
    let m = kept.museums.pop().unwrap();
    kept.players[0].museums.push((m, comics));
    let card_value = w.museum_card + 8.0 * w.museum_age;
    assert!(close(delta(&st, &kept, 0), card_value + w.museum_lead / 4.0));
    // The other player keeps one too: a tie, no lead for anyone.
    let mut tied = kept.clone();
    tied.remove(girl);
    let m = tied.museums.pop().unwrap();
    tied.players[1].museums.push((m, girl));
    // For bo: an Artifact of age 1 in a Museum, and ann's lead gone.
    assert!(close(delta(&kept, &tied, 1), w.museum_card + w.museum_age + w.museum_lead / 4.0));
    let strength = |s: &State, p: usize| eval::strength(s, p, &eval::icon_table(s), &w);
    assert!(close(strength(&tied, 0) - strength(&st, 0), card_value));
}

/// A compel reaches the opponents eligible to share: a top card with compels and no demand,
/// used alone, is worth `dominant_dogma`, not `dominant_demand` (a base card's demand still is).
#[test]
fn a_compel_used_alone_is_no_threat() {
    let (_, mut st) = artifacts_game(2, 4);
    for p in 0..2 {
        for pile in st.players[p].piles.iter_mut() {
            pile.cards.clear();
        }
    }
    let girl = id("Dancing Girl");
    st.remove(girl);
    st.players[0].piles[card(girl).color.index()].cards.push(girl);
    let base = eval::Weights::default();
    let more_demand = eval::Weights { dominant_demand: base.dominant_demand + 10.0, ..base.clone() };
    let more_dogma = eval::Weights { dominant_dogma: base.dominant_dogma + 10.0, ..base.clone() };
    let s = |w: &eval::Weights, st: &State| eval::strength(st, 0, &eval::icon_table(st), w);
    assert_eq!(s(&more_demand, &st), s(&base, &st), "a compel is no demand on a player with fewer icons");
    assert!((s(&more_dogma, &st) - s(&base, &st) - 10.0).abs() < 1e-9);
    // Archery (a demand) in its place: dominant_demand.
    let archery = id("Archery");
    st.players[0].piles[card(girl).color.index()].cards.clear();
    st.remove(archery);
    st.players[0].piles[card(archery).color.index()].cards.push(archery);
    assert!((s(&more_demand, &st) - s(&base, &st) - 10.0).abs() < 1e-9);
}

/// Whole games with the set: the basic player beats the random one, and both dig up Artifacts,
/// showcase them into Museums, and meld from them; someone claims a Museum.
#[test]
fn computers_play_whole_games_with_artifacts() {
    let (mut digs, mut museum_melds, mut museums_claimed, mut basic_wins) = (0, 0, 0, 0);
    let games = 4;
    for i in 0..games {
        let (config, origin) = artifacts_game(2, 160 + i);
        let mut game = Game::from_state(config, origin.clone()).unwrap();
        let basic_seat = i as usize % 2;
        let mut seats: Vec<Computer> = (0..2)
            .map(|s| {
                let kind = if s == basic_seat { Kind::basic() } else { Kind::Random };
                Computer::for_arranged_game(kind, i * 2 + s as u64, origin.clone())
            })
            .collect();
        while !game.is_over() && game.decisions().len() < 3000 {
            let p = game.prompts()[0].player;
            let before = game.state().clone();
            let d = seats[p].play(&mut game, p).unwrap();
            let after = game.state();
            digs +=
                (0..2).filter(|q| after.players[*q].display.is_some() && after.players[*q].display != before.players[*q].display).count();
            if let Some(Choice::Action(engine::Action::Meld(c))) = d.answer.first() {
                museum_melds += before.players[p].museums.iter().any(|(_, a)| a == c) as usize;
            }
        }
        assert!(game.is_over(), "game {i} did not finish in 3000 decisions");
        let st = game.state();
        museums_claimed += st.players.iter().flat_map(|ps| &ps.achievements).filter(|a| matches!(a, Achievement::Museum(_))).count();
        basic_wins += game.result().unwrap().winners.contains(&basic_seat) as usize;
    }
    println!("{digs} digs, {museum_melds} melds from a Museum, {museums_claimed} Museums claimed, basic won {basic_wins} of {games}");
    assert!(digs >= 4 && museum_melds >= 1 && museums_claimed >= 1, "{digs} digs, {museum_melds} melds, {museums_claimed} claimed");
    assert_eq!(basic_wins, games as usize);
}

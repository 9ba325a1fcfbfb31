//! Setup (rulebook p 5): each player melds one of their two first cards at the
//! same time; the one whose melded title comes first alphabetically goes first
//! and takes a single action (the first two players do with four or more).

use engine::{card, Action, Choice, Decision, Game, GameConfig};

#[test]
fn the_first_meld_picks_the_first_player_alphabetically_and_the_first_turns_are_short() {
    let names = ["ann", "bo", "cy", "di", "ed"];
    for seed in 0..40u64 {
        let n = 2 + (seed as usize % 4);
        let mut g = Game::new(GameConfig::new(&names[..n], seed)).unwrap();
        let mut melded = Vec::new();
        let mut kept = Vec::new();
        for p in 0..n {
            let options = g.prompt_for(p).unwrap().options.clone();
            assert_eq!(options.len(), 2, "seed {seed}: each player chooses between two cards");
            let pick = (seed as usize / 4 + p) % 2;
            let (Choice::Card(m), Choice::Card(k)) = (options[pick].clone(), options[1 - pick].clone()) else {
                panic!("seed {seed}: the first meld offers cards")
            };
            assert_eq!(card(m).age, 1);
            melded.push(m);
            kept.push(k);
            g.apply(Decision::new(p, vec![Choice::Card(m)])).unwrap();
        }
        for p in 0..n {
            let ps = &g.state().players[p];
            assert_eq!(ps.top_cards(), vec![melded[p]], "seed {seed}: the chosen card is melded");
            assert_eq!(ps.hand, vec![kept[p]], "seed {seed}: the other card stays in hand");
        }
        let first = (0..n).min_by(|a, b| card(melded[*a]).title.cmp(&card(melded[*b]).title)).unwrap();
        assert_eq!(g.state().turn.player, first, "seed {seed}: {:?}", melded.iter().map(|c| &card(*c).title).collect::<Vec<_>>());
        assert_eq!(g.state().turn.actions_left, 1, "seed {seed}: the first player takes one action");
        assert_eq!(g.prompts()[0].player, first);
        // The first player draws; the next player (to the left) takes one action with 4+ players, else two.
        g.apply(Decision::new(first, vec![Choice::Action(Action::Draw)])).unwrap();
        let second = (first + 1) % n;
        assert_eq!(g.state().turn.player, second);
        assert_eq!(g.state().turn.actions_left, if n >= 4 { 1 } else { 2 }, "seed {seed}: {n} players");
        if n >= 4 {
            g.apply(Decision::new(second, vec![Choice::Action(Action::Draw)])).unwrap();
            assert_eq!(g.state().turn.player, (first + 2) % n);
            assert_eq!(g.state().turn.actions_left, 2, "seed {seed}: the third player takes two actions");
        }
    }
}

#[test]
fn the_second_players_single_first_action_is_told_as_one_of_one_after_a_concession() {
    // Four players at setup: the first two take one action, even if someone leaves meanwhile.
    let mut g = Game::new(GameConfig::new(&["ann", "bo", "cy", "di"], 7)).unwrap();
    for p in 0..4 {
        let c = g.prompt_for(p).unwrap().options[0].clone();
        g.apply(Decision::new(p, vec![c])).unwrap();
    }
    let first = g.state().turn.player;
    g.concede((first + 2) % 4).unwrap();
    g.apply(Decision::new(first, vec![Choice::Action(Action::Draw)])).unwrap();
    let second = (first + 1) % 4;
    assert_eq!(g.state().turn.player, second);
    assert_eq!(g.state().turn.actions_left, 1);
    let reason = &g.prompt_for(second).unwrap().reason;
    assert!(reason.contains("action 1 of 1"), "{reason}");
}

//! Bad scenario files are refused with an error naming the file and what is wrong.

use scenario::run_file;
use std::path::PathBuf;

fn run(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("innovation-scenario-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let results = run_file(&path);
    assert_eq!(results.len(), 1);
    assert!(!results[0].passed);
    assert!(results[0].file.ends_with(name));
    results[0].error.clone().unwrap()
}

fn scenario(setup: &str) -> String {
    format!(r#"{{"name": "bad", "players": ["alice", "bob"], "setup": {setup}, "steps": [], "expect": {{"partial": true}}}}"#)
}

#[test]
fn malformed_json() {
    let e = run("malformed.json", "{ \"name\": ");
    assert!(e.contains("malformed JSON"), "{e}");
}

#[test]
fn unknown_card() {
    let e = run("unknown-card.json", &scenario(r#"{"alice": {"hand": ["Teleportation"]}}"#));
    assert!(e.contains("unknown card") && e.contains("Teleportation"), "{e}");
}

#[test]
fn card_placed_twice() {
    let e = run("twice.json", &scenario(r#"{"alice": {"hand": ["Archery"]}, "bob": {"red": ["Archery"]}}"#));
    assert!(e.contains("Archery") && e.contains("twice"), "{e}");
}

#[test]
fn card_in_a_pile_of_the_wrong_colour() {
    let e = run("colour.json", &scenario(r#"{"alice": {"blue": ["Archery"]}}"#));
    assert!(e.contains("Archery is red, not blue"), "{e}");
}

#[test]
fn unknown_zone() {
    let e = run("zone.json", &scenario(r#"{"alice": {"pocket": ["Archery"]}}"#));
    assert!(e.contains("unknown key \"pocket\""), "{e}");
}

#[test]
fn unknown_player() {
    let e = run("player.json", &scenario(r#"{"zed": {"hand": ["Archery"]}}"#));
    assert!(e.contains("zed"), "{e}");
}

#[test]
fn an_illegal_step_fails_the_scenario() {
    let text = r#"{"name": "bad step", "players": ["alice", "bob"], "setup": {"alice": {"hand": ["Archery"]}},
        "steps": [{"action": "dogma", "card": "Archery"}], "expect": {"partial": true}}"#;
    let e = run("step.json", text);
    assert!(e.contains("step 1") && e.contains("not one of the answers"), "{e}");
}

#[test]
fn a_wrong_expectation_names_the_zone() {
    let text = r#"{"name": "wrong", "players": ["alice", "bob"], "setup": {"alice": {"hand": ["Archery"]}},
        "steps": [], "expect": {"alice": {"hand": ["Oars"]}}}"#;
    let e = run("expect.json", text);
    assert!(e.contains("alice.hand") && e.contains("Oars") && e.contains("Archery"), "{e}");
}

fn top(fields: &str) -> String {
    format!(r#"{{"name": "bad", "players": ["alice", "bob"], {fields}, "steps": [], "expect": {{"partial": true}}}}"#)
}

#[test]
fn unknown_expansion() {
    let e = run("expansion.json", &top(r#""expansions": ["space"]"#));
    assert!(e.contains("unknown expansion \"space\""), "{e}");
}

#[test]
fn an_unknown_expansion() {
    let e = run("relics.json", &top(r#""expansions": ["relics"]"#));
    assert!(e.contains("unknown expansion \"relics\"") && e.contains("unseen"), "{e}");
}

#[test]
fn a_deck_of_a_set_not_in_play() {
    let e = run("unseen-deck.json", &scenario(r#"{"decks": {"unseen": {"1": ["Assassination"]}}}"#));
    assert!(e.contains("\"unseen\" is not in this game"), "{e}");
}

#[test]
fn a_card_in_the_deck_of_another_set() {
    let text = r#"{"name": "bad", "players": ["alice", "bob"], "expansions": ["unseen"], "setup": {"decks": {"unseen": {"1": ["Archery"]}}}, "steps": [], "expect": {"partial": true}}"#;
    let e = run("set-deck.json", text);
    assert!(e.contains("Archery is a card of Base"), "{e}");
}

#[test]
fn edition_3_is_refused_clearly() {
    let e = run("edition.json", &top(r#""edition": 3"#));
    assert!(e.contains("edition 3"), "{e}");
}

#[test]
fn teams_of_non_names() {
    let e = run("teams.json", &top(r#""teams": [[1], [2]]"#));
    assert!(e.contains("teams"), "{e}");
}

#[test]
fn seed_not_an_integer() {
    let e = run("seed.json", &top(r#""seed": "abc""#));
    assert!(e.contains("seed"), "{e}");
}

#[test]
fn too_many_players() {
    let text = r#"{"name": "six", "players": ["a", "b", "c", "d", "e", "f"], "steps": [], "expect": {"partial": true}}"#;
    let e = run("six.json", text);
    assert!(e.contains("2 to 5 players"), "{e}");
}

#[test]
fn an_expansion_zone_with_cards() {
    let e = run("forecast.json", &scenario(r#"{"alice": {"forecast": ["Archery"]}}"#));
    assert!(e.contains("setup.alice.forecast") && e.contains("expansion"), "{e}");
}

#[test]
fn a_special_achievement_placed_twice() {
    let e = run("special-twice.json", &scenario(r#"{"alice": {"achievements": ["Monument"]}, "bob": {"achievements": ["monument"]}}"#));
    assert!(e.contains("Monument is placed twice"), "{e}");
}

#[test]
fn unknown_special_achievement() {
    let e = run("special.json", &scenario(r#"{"special_achievements": ["Monument", "Galaxy"]}"#));
    assert!(e.contains("unknown special achievement") && e.contains("Galaxy"), "{e}");
}

#[test]
fn unknown_key_in_setup_turn() {
    let e = run("turn.json", &scenario(r#"{"turn": {"player": "bob", "actions": 2}}"#));
    assert!(e.contains("unknown key \"actions\" in setup.turn"), "{e}");
}

#[test]
fn setup_turn_with_three_actions() {
    let e = run("turn3.json", &scenario(r#"{"turn": {"player": "bob", "actions_left": 3}}"#));
    assert!(e.contains("actions_left is 1 or 2"), "{e}");
}

#[test]
fn a_deck_card_of_the_wrong_age() {
    let e = run("deck-age.json", &scenario(r#"{"decks": {"base": {"2": ["Archery"]}}}"#));
    assert!(e.contains("Archery is a 1"), "{e}");
}

#[test]
fn a_deck_of_an_expansion() {
    let e = run("deck-set.json", &scenario(r#"{"decks": {"echoes": {"1": ["Archery"]}}}"#));
    assert!(e.contains("\"echoes\" is not in this game"), "{e}");
}

#[test]
fn a_deck_age_out_of_range() {
    let e = run("deck-12.json", &scenario(r#"{"decks_exact": {"base": {"12": []}}}"#));
    assert!(e.contains("\"12\" is not an age"), "{e}");
}

#[test]
fn an_unknown_splay() {
    let e = run("splay.json", &scenario(r#"{"alice": {"red": {"cards": ["Archery", "Oars"], "splay": "sideways"}}}"#));
    assert!(e.contains("splay is none, left, right, up or aslant"), "{e}");
}

#[test]
fn an_unknown_top_level_key() {
    let e = run("key.json", &top(r#""expansion": ["echoes"]"#));
    assert!(e.contains("unknown key \"expansion\""), "{e}");
}

#[test]
fn name_missing() {
    let e = run("noname.json", r#"{"players": ["alice", "bob"], "steps": [], "expect": {"partial": true}}"#);
    assert!(e.contains("`name`"), "{e}");
}

fn steps(steps: &str) -> String {
    format!(
        r#"{{"name": "bad", "players": ["alice", "bob"], "setup": {{"alice": {{"red": ["Archery"]}}, "bob": {{"hand": ["Oars"]}}}},
        "steps": {steps}, "expect": {{"partial": true}}}}"#
    )
}

#[test]
fn a_step_with_both_action_and_choose() {
    let e = run("both.json", &steps(r#"[{"action": "draw", "choose": []}]"#));
    assert!(e.contains("step 1") && e.contains("either `action` or `choose`"), "{e}");
}

#[test]
fn a_step_with_neither_action_nor_choose() {
    let e = run("neither.json", &steps(r#"[{"player": "alice"}]"#));
    assert!(e.contains("step 1") && e.contains("either `action` or `choose`"), "{e}");
}

#[test]
fn a_step_for_a_player_not_asked() {
    let e = run("not-asked.json", &steps(r#"[{"player": "bob", "action": "draw"}]"#));
    assert!(e.contains("bob is not being asked") && e.contains("alice"), "{e}");
}

#[test]
fn a_step_for_an_unknown_player() {
    let e = run("who.json", &steps(r#"[{"player": "carol", "action": "draw"}]"#));
    assert!(e.contains("unknown player \"carol\""), "{e}");
}

#[test]
fn an_unknown_action() {
    let e = run("fly.json", &steps(r#"[{"action": "fly", "card": "Archery"}]"#));
    assert!(e.contains("unknown action \"fly\"") && e.contains("endorse"), "{e}");
}

#[test]
fn an_endorse_with_no_city_is_not_a_legal_action() {
    let e = run("endorse.json", &steps(r#"[{"action": "endorse", "card": "Archery"}]"#));
    assert!(e.contains("step 1") && e.contains("endorse Archery"), "{e}");
}

#[test]
fn achieve_with_both_age_and_card() {
    let e = run("achieve.json", &steps(r#"[{"action": "achieve", "age": 1, "card": "Oars"}]"#));
    assert!(e.contains("not both"), "{e}");
}

#[test]
fn an_answer_number_out_of_range() {
    let e = run("number.json", &steps(r#"[{"action": "dogma", "card": "Archery"}, {"choose": [257]}]"#));
    assert!(e.contains("step 2") && e.contains("257 is not a value"), "{e}");
}

#[test]
fn an_answer_that_is_not_readable() {
    let e = run("answer.json", &steps(r#"[{"action": "dogma", "card": "Archery"}, {"choose": [true]}]"#));
    assert!(e.contains("cannot read the answer true"), "{e}");
}

#[test]
fn choose_is_not_a_list() {
    // One answer without its list is accepted (see scenario_format.rs); true/false/null are not answers.
    let e = run("choose.json", &steps(r#"[{"action": "dogma", "card": "Archery"}, {"choose": false}]"#));
    assert!(e.contains("`choose` is a list"), "{e}");
}

#[test]
fn a_step_after_the_game_ended() {
    let text = r#"{"name": "over", "players": ["alice", "bob"],
        "setup": {"alice": {"blue": ["Tools"], "score": ["Calendar", "Mapmaking", "Currency"], "achievements": ["Construction", "Optics", "Coal", "Canning", "Flight"]},
                  "achievements": ["Archery"], "turn": {"player": "alice", "actions_left": 2}},
        "steps": [{"action": "achieve", "age": 1}, {"action": "draw"}], "expect": {"partial": true}}"#;
    let e = run("over.json", text);
    assert!(e.contains("step 2") && e.contains("the game is already over"), "{e}");
}

fn expect(expect: &str) -> String {
    format!(
        r#"{{"name": "bad", "players": ["alice", "bob"], "setup": {{"alice": {{"hand": ["Oars"]}}}}, "steps": [], "expect": {expect}}}"#
    )
}

#[test]
fn partial_is_not_a_boolean() {
    let e = run("partial.json", &expect(r#"{"partial": "yes", "alice": {"hand": ["Oars"]}}"#));
    assert!(e.contains("expect.partial is true or false"), "{e}");
}

#[test]
fn an_unknown_win_reason() {
    let e = run("reason.json", &expect(r#"{"partial": true, "win_reason": "points"}"#));
    assert!(e.contains("expect.win_reason is one of"), "{e}");
}

#[test]
fn an_unknown_winner() {
    let e = run("winner.json", &expect(r#"{"partial": true, "winner": ["alice", 3]}"#));
    assert!(e.contains("expect.winner is a name or a list of names"), "{e}");
    let e = run("winner2.json", &expect(r#"{"partial": true, "winner": "carol"}"#));
    assert!(e.contains("unknown player \"carol\""), "{e}");
}

#[test]
fn an_unknown_key_in_expect_turn() {
    let e = run("turn.json", &expect(r#"{"partial": true, "turn": {"player": "alice", "actions": 1}}"#));
    assert!(e.contains("unknown key \"actions\" in expect.turn"), "{e}");
}

#[test]
fn an_unknown_key_in_expect_question() {
    let e = run("question.json", &expect(r#"{"partial": true, "question": {"player": "alice", "answers": []}}"#));
    assert!(e.contains("unknown key \"answers\" in expect.question"), "{e}");
}

#[test]
fn an_unknown_zone_in_expect() {
    let e = run("expect-zone.json", &expect(r#"{"alice": {"pocket": []}}"#));
    assert!(e.contains("unknown key \"pocket\" in expect.alice"), "{e}");
}

#[test]
fn an_unknown_card_in_expect() {
    let e = run("expect-card.json", &expect(r#"{"alice": {"hand": ["Teleportation"]}}"#));
    assert!(e.contains("unknown card \"Teleportation\""), "{e}");
}

#[test]
fn asking_an_unknown_player() {
    let e = run("asking.json", &expect(r#"{"partial": true, "asking": "carol"}"#));
    assert!(e.contains("unknown player \"carol\""), "{e}");
}

#[test]
fn messages_say_what_was_meant() {
    let base = |extra: &str| format!(r#"{{"name": "m", "players": ["alice", "bob"], {extra}}}"#);
    let e = run("players.json", r#"{"name": "m", "players": "alice, bob"}"#);
    assert!(e.contains("`players` must be a list"), "{e}");
    let e = run("carol.json", &base(r#""setup": {"carol": {"hand": ["Oars"]}}"#));
    assert!(e.contains("unknown key \"carol\" in setup") && e.contains("neither a player"), "{e}");
    let e = run("monument.json", &base(r#""setup": {"achievements": ["Monument"]}"#));
    assert!(e.contains("Monument is a special achievement"), "{e}");
    let e = run("turn.json", &base(r#""expect": {"partial": true, "turn": {"player": "bob", "actions_left": 2}}"#));
    assert!(e.contains("turn: expected bob with 2 action(s) left, got alice with 1 action(s) left"), "{e}");
    let e = run("win_card.json", &base(r#""expect": {"partial": true, "win_card": "Oars"}"#));
    assert!(e.contains("win_card: expected \"Oars\", got \"(the game is not over)\""), "{e}");
    let e = run("asking.json", &base(r#""expect": {"partial": true, "asking": "bob"}"#));
    assert!(e.contains("asking: expected bob, got alice"), "{e}");
}

//! The scenario runner does what `shared/design/scenario-format.md` says: each
//! test is a small scenario (inline) about one statement of the document.

use scenario::run_scenario;
use serde_json::Value;

fn run(text: &str) -> Result<(), String> {
    let v: Value = serde_json::from_str(text).expect("the test's JSON is well formed");
    run_scenario(&v)
}

fn passes(text: &str) {
    if let Err(e) = run(text) {
        panic!("the scenario should pass: {e}");
    }
}

fn fails(text: &str, needle: &str) -> String {
    let e = run(text).expect_err("the scenario should fail");
    assert!(e.contains(needle), "expected an error mentioning {needle:?}, got: {e}");
    e
}

/// `decks_exact`: the named deck then holds exactly these cards; the rest of that deck is junked
/// (age 5 has ten cards, one of which is set aside as the age-5 achievement, here named so it is known).
#[test]
fn decks_exact_junks_the_rest_of_the_deck() {
    passes(
        r#"{"name": "decks_exact", "players": ["alice", "bob"],
        "setup": {"achievements": ["Coal"], "decks_exact": {"base": {"5": ["Physics", "Chemistry"]}}},
        "steps": [],
        "expect": {"partial": true, "deck_sizes": {"base": {"5": 2}}, "achievements": ["Coal"],
                   "junk": ["The Pirate Code", "Statistics", "Steam Engine", "Banking", "Measurement", "Astronomy", "Societies"]}}"#,
    );
}

/// The first named is on top: drawing a 5 takes Physics, then Chemistry.
#[test]
fn decks_exact_first_named_on_top() {
    passes(
        r#"{"name": "decks_exact order", "players": ["alice", "bob"],
        "setup": {"alice": {"blue": ["Tools"]}, "decks_exact": {"base": {"1": ["Archery", "Oars"]}},
                  "turn": {"player": "alice", "actions_left": 2}},
        "steps": [{"action": "draw"}, {"action": "draw"}],
        "expect": {"partial": true, "alice": {"hand": ["Archery", "Oars"]}, "deck_sizes": {"base": {"1": 0}}}}"#,
    );
}

/// `seed`: an optional integer (negative ones too).
#[test]
fn seed_is_any_integer() {
    passes(r#"{"name": "seed", "players": ["alice", "bob"], "seed": -7, "steps": [], "expect": {"partial": true}}"#);
    passes(r#"{"name": "seed", "players": ["alice", "bob"], "seed": 12345678901, "steps": [], "expect": {"partial": true}}"#);
}

/// Every zone is optional, empty when absent: an expansion zone written empty is accepted.
#[test]
fn expansion_zones_written_empty() {
    passes(
        r#"{"name": "empty zones", "players": ["alice", "bob"],
        "setup": {"alice": {"hand": ["Oars"], "forecast": [], "safe": [], "display": [], "museums": []}},
        "steps": [],
        "expect": {"alice": {"hand": ["Oars"], "forecast": [], "safe": [], "display": [], "museums": []}}}"#,
    );
}

/// The defaults: edition 4, no expansions, no teams; `edition` 4 and `expansions` [] may be written.
#[test]
fn defaults_may_be_written() {
    passes(
        r#"{"name": "defaults", "players": ["alice", "bob"], "edition": 4, "expansions": [], "teams": [["alice"], ["bob"]],
        "setup": {}, "steps": [], "expect": {"partial": true}}"#,
    );
}

const CITY_STATES: &str = r#""players": ["alice", "bob"],
    "setup": {"alice": {"purple": ["City States"]}, "bob": {"red": ["Archery"], "green": ["The Wheel"]}, "decks": {"base": {"1": ["Tools"]}}}"#;
const CITY_STATES_DONE: &str =
    r#"{"alice": {"purple": ["City States"], "green": ["The Wheel"]}, "bob": {"red": ["Archery"], "hand": ["Tools"]}}"#;

/// A colour answers a question about piles, also when the engine offers the piles' top cards.
#[test]
fn a_colour_picks_the_asked_players_pile() {
    let expect = CITY_STATES_DONE;
    passes(&format!(
        r#"{{"name": "colour", {CITY_STATES}, "steps": [{{"action": "dogma", "card": "City States"}}, {{"player": "bob", "choose": ["green"]}}],
        "expect": {expect}}}"#
    ));
}

/// `{"player": NAME, "color": COLOUR}` picks that player's pile.
#[test]
fn a_pile_object_picks_that_pile() {
    let expect = CITY_STATES_DONE;
    passes(&format!(
        r#"{{"name": "pile", {CITY_STATES},
        "steps": [{{"action": "dogma", "card": "City States"}}, {{"player": "bob", "choose": [{{"player": "bob", "color": "green"}}]}}],
        "expect": {expect}}}"#
    ));
}

/// `question.options` are written as in steps: colours, pile objects and card names all work.
#[test]
fn question_options_are_written_as_in_steps() {
    for options in [
        r#"["red", "green"]"#,
        r#"[{"player": "bob", "color": "green"}, {"player": "bob", "color": "red"}]"#,
        r#"["The Wheel", "Archery"]"#,
    ] {
        passes(&format!(
            r#"{{"name": "options", {CITY_STATES}, "steps": [{{"action": "dogma", "card": "City States"}}],
            "expect": {{"partial": true, "asking": "bob", "question": {{"player": "bob", "options": {options}, "min": 1, "max": 1}}}}}}"#
        ));
    }
    let e = fails(
        &format!(
            r#"{{"name": "options", {CITY_STATES}, "steps": [{{"action": "dogma", "card": "City States"}}],
            "expect": {{"partial": true, "question": {{"options": ["red"]}}}}}}"#
        ),
        "question.options",
    );
    assert!(e.contains("The Wheel"), "{e}");
}

const CANAL: &str = r#""players": ["alice", "bob"],
    "setup": {"alice": {"yellow": ["Canal Building"], "hand": ["Calendar"]}, "achievements": []}"#;

/// A label is matched ignoring case and the markup characters `{}[]`, and must match exactly one option.
#[test]
fn labels_ignore_case_and_markup_only() {
    for answer in ["JUNK all cards in the [3] deck", "junk all cards in the 3 deck", "the {3} deck", "junk"] {
        passes(&format!(
            r#"{{"name": "label", {CANAL}, "steps": [{{"action": "dogma", "card": "Canal Building"}}, {{"choose": [{answer:?}]}}],
            "expect": {{"partial": true, "alice": {{"hand": ["Calendar"]}}, "deck_sizes": {{"base": {{"3": 0}}}}}}}}"#
        ));
    }
    // Spaces are not markup: "the3 deck" is not in the label.
    fails(
        &format!(
            r#"{{"name": "label", {CANAL}, "steps": [{{"action": "dogma", "card": "Canal Building"}}, {{"choose": ["the3 deck"]}}]}}"#
        ),
        "is not one of the answers",
    );
    fails(
        &format!(r#"{{"name": "label", {CANAL}, "steps": [{{"action": "dogma", "card": "Canal Building"}}, {{"choose": ["all"]}}]}}"#),
        "matches several options",
    );
    // `[]` declines the optional choice.
    passes(&format!(
        r#"{{"name": "label", {CANAL}, "steps": [{{"action": "dogma", "card": "Canal Building"}}, {{"choose": []}}],
        "expect": {{"partial": true, "alice": {{"hand": ["Calendar"]}}, "junk": []}}}}"#
    ));
    // Options are written as in steps.
    passes(&format!(
        r#"{{"name": "label", {CANAL}, "steps": [{{"action": "dogma", "card": "Canal Building"}}],
        "expect": {{"partial": true, "question": {{"player": "alice", "options": ["exchange", "junk"], "min": 0, "max": 1}}}}}}"#
    ));
}

const ROCKETRY: &str = r#""players": ["alice", "bob"],
    "setup": {"alice": {"blue": ["Rocketry"], "purple": ["Lighting"], "green": ["Bicycle"]},
              "bob": {"yellow": ["Agriculture"], "score": ["Archery", "Oars", "Calendar"]}}"#;

/// Two answers by the same back pick two different cards.
#[test]
fn two_cards_with_the_same_back() {
    passes(&format!(
        r#"{{"name": "backs", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}},
            {{"player": "alice", "choose": [{{"age": 1, "set": "base", "player": "bob", "zone": "score"}}, {{"age": 1, "set": "base"}}]}},
            {{"player": "alice", "choose": ["any order"]}}],
        "expect": {{"partial": true, "bob": {{"score": ["Calendar"]}}}}}}"#
    ));
    // The options, written by their backs.
    passes(&format!(
        r#"{{"name": "backs", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}}],
        "expect": {{"partial": true, "question": {{"options": [{{"age": 1, "set": "base"}}, {{"age": 2, "set": "base", "player": "bob", "zone": "score"}},
            {{"age": 1, "set": "base", "player": "bob"}}], "min": 2, "max": 2}}}}}}"#
    ));
    // No third 1 to take.
    fails(
        &format!(
            r#"{{"name": "backs", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}},
            {{"choose": [{{"age": 1, "set": "base"}}, {{"age": 1, "set": "base"}}, {{"age": 1, "set": "base"}}]}}]}}"#
        ),
        "more often than the question offers it",
    );
}

/// A back in a zone the question does not offer is not an answer; a malformed back is refused.
#[test]
fn backs_are_checked() {
    let step = |back: &str| {
        format!(r#"{{"name": "backs", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}}, {{"choose": [{back}, {back}]}}]}}"#)
    };
    fails(&step(r#"{"age": 1, "set": "base", "zone": "hand"}"#), "is not one of the answers");
    fails(&step(r#"{"age": 1, "set": "base", "player": "alice"}"#), "is not one of the answers");
    fails(&step(r#"{"age": 1, "set": "base", "player": "carol"}"#), "unknown player \"carol\"");
    fails(&step(r#"{"age": 1, "set": "base", "zone": "pocket"}"#), "`zone` is one of");
    fails(&step(r#"{"age": 1, "set": "echoes"}"#), "not in this game");
    fails(&step(r#"{"age": 1, "set": "space"}"#), "unknown set");
    fails(&step(r#"{"age": 1, "set": "base", "colour": "red"}"#), "unknown key \"colour\"");
}

const ACHIEVER: &str = r#""players": ["alice", "bob"],
    "setup": {"alice": {"blue": ["Tools"], "hand": ["Sailing"], "score": ["Calendar", "Mapmaking", "Currency"]},
              "achievements": ["Archery", "Oars", "Construction"], "turn": {"player": "alice", "actions_left": 2}}"#;

/// Achieve by value or by name; a name that is not available is refused.
#[test]
fn achieve_by_value_or_by_name() {
    passes(&format!(
        r#"{{"name": "achieve", {ACHIEVER}, "steps": [{{"action": "achieve", "card": "Archery"}}],
        "expect": {{"partial": true, "alice": {{"achievements": ["Archery"]}}, "achievements": ["Oars", "Construction"],
                   "turn": {{"player": "alice", "actions_left": 1}}}}}}"#
    ));
    passes(&format!(
        r#"{{"name": "achieve", {ACHIEVER}, "steps": [{{"action": "achieve", "age": 1}}],
        "expect": {{"partial": true, "alice": {{"achievements": ["Archery"]}}, "achievements": ["Oars", "Construction"]}}}}"#
    ));
    fails(
        &format!(r#"{{"name": "achieve", {ACHIEVER}, "steps": [{{"action": "achieve", "card": "Tools"}}]}}"#),
        "not an available achievement",
    );
    fails(&format!(r#"{{"name": "achieve", {ACHIEVER}, "steps": [{{"action": "achieve", "card": "Construction"}}]}}"#), "step 1");
}

/// The choice of an action: `options` written as in steps, and `actions` comparing only the kinds it lists.
#[test]
fn question_of_an_action() {
    passes(&format!(
        r#"{{"name": "actions", {ACHIEVER}, "steps": [],
        "expect": {{"partial": true, "asking": "alice", "question": {{"player": "alice", "options": [{{"action": "draw"}},
            {{"action": "meld", "card": "Sailing"}}, {{"action": "dogma", "card": "Tools"}}, {{"action": "achieve", "age": 1}}]}}}}}}"#
    ));
    passes(&format!(
        r#"{{"name": "actions", {ACHIEVER}, "steps": [],
        "expect": {{"partial": true, "question": {{"options": [{{"action": "draw"}}, {{"action": "meld", "card": "Sailing"}},
            {{"action": "dogma", "card": "Tools"}}, {{"action": "achieve", "card": "Archery"}}]}}}}}}"#
    ));
    passes(&format!(
        r#"{{"name": "actions", {ACHIEVER}, "steps": [],
        "expect": {{"partial": true, "question": {{"actions": {{"achieve": [1], "dogma": ["Tools"]}}}}}}}}"#
    ));
    fails(
        &format!(
            r#"{{"name": "actions", {ACHIEVER}, "steps": [], "expect": {{"partial": true, "question": {{"actions": {{"achieve": [1, 2]}}}}}}}}"#
        ),
        "question.actions.achieve",
    );
    fails(
        &format!(
            r#"{{"name": "actions", {ACHIEVER}, "steps": [], "expect": {{"partial": true, "question": {{"actions": {{"score": []}}}}}}}}"#
        ),
        "unknown action kind",
    );
}

/// "any order" answers a question asking for an order, and only such a question: where
/// this engine asks no order (another engine might have), the step is passed over.
#[test]
fn any_order_only_for_an_order() {
    passes(&format!(
        r#"{{"name": "order", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}}, {{"choose": ["Archery", "Oars"]}},
            {{"choose": ["Oars", "Archery"]}}],
        "expect": {{"partial": true, "bob": {{"score": ["Calendar"]}}}}}}"#
    ));
    passes(&format!(
        r#"{{"name": "order", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}}, {{"choose": ["any order"]}}],
        "expect": {{"partial": true, "asking": "alice", "question": {{"options": ["Archery", "Oars", "Calendar"]}}}}}}"#
    ));
    // Within a step, "any order" still answers only an order.
    fails(
        &format!(
            r#"{{"name": "order", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}}, {{"choose": ["Archery", "any order"]}}]}}"#
        ),
        "answers a question asking for an order",
    );
}

/// An order question a step does not answer gets the order the engine proposes (another
/// engine might not have asked it), and the step answers the question after it.
#[test]
fn an_order_question_not_answered_is_settled() {
    passes(&format!(
        r#"{{"name": "order", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}}, {{"choose": ["Archery", "Oars"]}}],
        "expect": {{"partial": true, "bob": {{"score": ["Calendar"]}}}}}}"#
    ));
    // Checking the question the steps stop at keeps it asked.
    passes(&format!(
        r#"{{"name": "order", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}}, {{"choose": ["Archery", "Oars"]}}],
        "expect": {{"partial": true, "bob": {{"score": ["Archery", "Oars", "Calendar"]}}, "question": {{"options": ["Archery", "Oars"]}}}}}}"#
    ));
}

/// Every zone of every player is checked: a zone (or a player) not listed must be empty.
#[test]
fn unlisted_zones_and_players_must_be_empty() {
    let setup = r#""players": ["alice", "bob"], "setup": {"alice": {"hand": ["Oars"]}, "bob": {"score": ["Archery"]}}, "steps": []"#;
    passes(&format!(r#"{{"name": "all", {setup}, "expect": {{"alice": {{"hand": ["Oars"]}}, "bob": {{"score": ["Archery"]}}}}}}"#));
    fails(&format!(r#"{{"name": "all", {setup}, "expect": {{"alice": {{"hand": ["Oars"]}}}}}}"#), "bob.score");
    fails(&format!(r#"{{"name": "all", {setup}, "expect": {{"alice": {{}}, "bob": {{"score": ["Archery"]}}}}}}"#), "alice.hand");
    // `partial`: only the players and zones listed are checked.
    passes(&format!(r#"{{"name": "partial", {setup}, "expect": {{"partial": true, "alice": {{"hand": ["Oars"]}}}}}}"#));
    passes(&format!(r#"{{"name": "partial", {setup}, "expect": {{"partial": true, "bob": {{}}}}}}"#));
    fails(&format!(r#"{{"name": "partial", {setup}, "expect": {{"partial": true, "bob": {{"score": []}}}}}}"#), "bob.score");
    passes(&format!(
        r#"{{"name": "partial", {setup}, "expect": {{"partial": false, "alice": {{"hand": ["Oars"]}}, "bob": {{"score": ["Archery"]}}}}}}"#
    ));
}

/// Piles compare in order, top first, with their splay ("none" when not given); hands compare unordered.
#[test]
fn piles_compare_in_order_with_their_splay() {
    let setup = r#""players": ["alice", "bob"],
        "setup": {"alice": {"red": {"cards": ["Archery", "Oars"], "splay": "left"}, "hand": ["Tools", "Sailing"]}}, "steps": []"#;
    passes(&format!(
        r#"{{"name": "pile", {setup}, "expect": {{"alice": {{"red": {{"cards": ["Archery", "Oars"], "splay": "left"}}, "hand": ["Sailing", "Tools"]}}}}}}"#
    ));
    fails(
        &format!(r#"{{"name": "pile", {setup}, "expect": {{"alice": {{"red": ["Archery", "Oars"], "hand": ["Sailing", "Tools"]}}}}}}"#),
        "alice.red",
    );
    fails(
        &format!(
            r#"{{"name": "pile", {setup}, "expect": {{"alice": {{"red": {{"cards": ["Oars", "Archery"], "splay": "left"}}, "hand": ["Sailing", "Tools"]}}}}}}"#
        ),
        "alice.red",
    );
}

/// Special achievements removed by `setup.special_achievements` are not in the junk.
#[test]
fn removed_special_achievements_are_not_junk() {
    passes(
        r#"{"name": "specials", "players": ["alice", "bob"], "setup": {"special_achievements": ["monument", "Wonder"]}, "steps": [],
        "expect": {"partial": true, "junk": [], "special_achievements": ["Wonder", "Monument"]}}"#,
    );
}

/// `winner`, `win_reason` and `turn`.
#[test]
fn winner_and_reason() {
    let text = r#"{"name": "win", "players": ["alice", "bob"],
        "setup": {"alice": {"blue": ["Tools"], "score": ["Calendar", "Mapmaking", "Currency"], "achievements": ["Construction", "Optics", "Coal", "Canning", "Flight"]},
                  "achievements": ["Archery"], "turn": {"player": "alice", "actions_left": 2}},
        "steps": [{"action": "achieve", "age": 1}], "expect": {"partial": true, "winner": WINNER, "win_reason": "achievements"}}"#;
    passes(&text.replace("WINNER", r#""alice""#));
    passes(&text.replace("WINNER", r#"["alice"]"#));
    fails(&text.replace("WINNER", r#""bob""#), "winner");
    let before = text
        .replace(r#"[{"action": "achieve", "age": 1}]"#, "[]")
        .replace(r#""winner": WINNER, "win_reason": "achievements""#, r#""winner": "alice""#);
    fails(&before, "the game is not over");
    let turn = text.replace(r#"[{"action": "achieve", "age": 1}]"#, "[]").replace(
        r#""winner": WINNER, "win_reason": "achievements""#,
        r#""turn": {"player": "alice", "actions_left": 2}, "asking": "alice""#,
    );
    passes(&turn);
}

/// The table as set up: hands and boards emptied back into their decks, the standard achievements
/// (one of each value 1 to 10) set aside and every special achievement available; alice's first turn, one action.
#[test]
fn the_default_table() {
    passes(
        r#"{"name": "default", "players": ["alice", "bob", "carol"], "steps": [],
        "expect": {"alice": {}, "bob": {}, "carol": {}, "junk": [], "asking": "alice", "turn": {"player": "alice", "actions_left": 1},
                   "special_achievements": ["Monument", "Empire", "World", "Wonder", "Universe"],
                   "deck_sizes": {"base": {"1": 14, "2": 9, "9": 9, "10": 9, "11": 10}}}}"#,
    );
    // After alice's single action, bob has two.
    passes(
        r#"{"name": "default", "players": ["alice", "bob"], "steps": [{"action": "draw"}],
        "expect": {"partial": true, "turn": {"player": "bob", "actions_left": 2}, "deck_sizes": {"base": {"1": 13}}}}"#,
    );
}

/// `setup.achievements` are exactly the available standard achievements; the ones set aside go back to their decks.
#[test]
fn setup_achievements_replace_the_set_aside_ones() {
    passes(
        r#"{"name": "achievements", "players": ["alice", "bob"], "setup": {"achievements": ["Archery", "Oars"]}, "steps": [],
        "expect": {"partial": true, "achievements": ["Oars", "Archery"], "deck_sizes": {"base": {"1": 13, "2": 10, "10": 10}}}}"#,
    );
    passes(
        r#"{"name": "achievements", "players": ["alice", "bob"], "setup": {"achievements": []}, "steps": [],
        "expect": {"partial": true, "achievements": [], "deck_sizes": {"base": {"1": 15, "5": 10}}}}"#,
    );
}

/// A card named in the setup is taken from wherever it lies: here every 1, wherever the shuffle put it
/// (one of them was the set-aside achievement of value 1), goes to alice's hand.
#[test]
fn a_named_card_is_taken_from_wherever_it_lies() {
    let ones: Vec<String> = engine::card::CardDb::get()
        .cards
        .iter()
        .filter(|c| c.age == 1 && c.set == engine::Set::Base)
        .map(|c| format!("{:?}", c.title))
        .collect();
    assert_eq!(ones.len(), 15);
    let hand = ones.join(", ");
    for seed in 0..4 {
        passes(&format!(
            r#"{{"name": "taken", "players": ["alice", "bob"], "seed": {seed}, "setup": {{"alice": {{"hand": [{hand}]}}}}, "steps": [],
            "expect": {{"alice": {{"hand": [{hand}]}}, "bob": {{}}, "junk": [], "deck_sizes": {{"base": {{"1": 0, "2": 9}}}},
                        "question": {{"actions": {{"achieve": []}}}}}}}}"#
        ));
    }
}

/// Notes for the reader ("comment", "note", "description", keys starting with `_` or `//`) may sit
/// anywhere and change nothing; a misspelt key of the format is still refused beside them.
#[test]
fn annotations_are_allowed_anywhere() {
    passes(
        r#"{"name": "notes", "description": "Writing is drawn", "_author": "someone", "players": ["alice", "bob"],
        "setup": {"comment": "table", "alice": {"blue": ["Writing"], "note": "only Writing", "//": "x"},
                  "decks": {"_why": "on top", "base": {"2": ["Calendar"], "comment": "the 2"}},
                  "turn": {"player": "alice", "actions_left": 2, "note": "her second turn"}},
        "steps": [{"action": "dogma", "card": "Writing", "comment": "draws a 2"}],
        "expect": {"note": "the drawn card", "alice": {"blue": ["Writing"], "hand": ["Calendar"], "comment": "kept"},
                   "bob": {"_": "nothing"}, "deck_sizes": {"base": {"note": "x"}}}}"#,
    );
    fails(
        r#"{"name": "typo", "players": ["alice", "bob"], "setup": {"alice": {"blue": ["Writing"], "hnad": ["Calendar"], "note": "x"}}}"#,
        "unknown key \"hnad\"",
    );
}

/// Leniency: one answer may be written without its list (`"choose": "Translation"`).
#[test]
fn a_single_answer_may_omit_its_list() {
    passes(&composites_keeping(r#""Translation""#));
    fails(&composites_keeping("true"), "is a list of answers");
}

/// "Transfer all but one card" is asked as the card kept; naming the cards that go instead
/// (a count the question does not take) is read as its complement.
#[test]
fn all_but_one_may_be_answered_with_the_cards_that_go() {
    passes(&composites_keeping(r#"["Translation"]"#));
    passes(&composites_keeping(r#"["Archery", "Calendar"]"#));
    fails(&composites_keeping(r#"["Archery", "Calendar", "Translation"]"#), "step 2");
}

/// Composites against bob, who holds three cards: alice's Dogma, then `steps`, then `expect`.
fn composites(steps: &str, expect: &str) -> String {
    format!(
        r#"{{"name": "Composites", "players": ["alice", "bob"],
        "setup": {{"alice": {{"red": ["Composites"]}},
                  "bob": {{"yellow": ["Agriculture"], "hand": ["Archery", "Calendar", "Translation"], "score": ["Oars", "Mathematics", "Mapmaking"]}}}},
        "steps": [{{"player": "alice", "action": "dogma", "card": "Composites"}}{steps}],
        "expect": {expect}}}"#
    )
}

/// Composites where bob answers "the card you keep" with `answer`, then gives his tied 2 Mapmaking:
/// he keeps Translation.
fn composites_keeping(answer: &str) -> String {
    composites(
        &format!(r#", {{"player": "bob", "choose": {answer}}}, {{"player": "bob", "choose": ["Mapmaking"]}}"#),
        r#"{"partial": true, "alice": {"red": ["Composites"], "hand": ["Archery", "Calendar"], "score": ["Mapmaking"]}, "bob": {"hand": ["Translation"]}}"#,
    )
}

const ATOMIC: &str = r#"{"name": "Atomic Theory", "players": ["alice", "bob"],
    "setup": {"alice": {"blue": ["Atomic Theory", "Chemistry"]}, "decks": {"base": {"7": ["Lighting"]}}, "turn": {"player": "alice", "actions_left": 2}},
    "steps": [{"player": "alice", "action": "dogma", "card": "Atomic Theory"}STEP],
    "expect": EXPECT}"#;

/// "You may splay your blue cards right" is asked as the one colour, which may be declined; a file
/// may check it as that colour or as the yes/no question it also is, and answer it either way.
#[test]
fn a_single_may_splay_is_a_colour_or_a_yes_no() {
    let at_question =
        |q: &str| ATOMIC.replace("STEP", "").replace("EXPECT", &format!(r#"{{"partial": true, "asking": "alice", "question": {q}}}"#));
    passes(&at_question(r#"{"player": "alice", "options": ["blue"], "min": 0, "max": 1}"#));
    passes(&at_question(r#"{"player": "alice", "options": ["yes", "no"], "min": 1, "max": 1}"#));
    passes(&at_question(r#"{"options": ["no", "yes"]}"#));
    fails(&at_question(r#"{"options": ["red"]}"#), "question.options");
    let splayed =
        r#"{"partial": true, "alice": {"blue": {"cards": ["Atomic Theory", "Chemistry"], "splay": "right"}, "purple": ["Lighting"]}}"#;
    let kept = r#"{"partial": true, "alice": {"blue": ["Atomic Theory", "Chemistry"], "purple": ["Lighting"]}}"#;
    for (answer, expect) in [(r#"["yes"]"#, splayed), (r#"["blue"]"#, splayed), (r#""blue""#, splayed), (r#"["no"]"#, kept), ("[]", kept)] {
        passes(&ATOMIC.replace("STEP", &format!(r#", {{"player": "alice", "choose": {answer}}}"#)).replace("EXPECT", expect));
    }
}

/// Cards chosen together and then asked for their order go in the order the choosing step wrote
/// them when no step answers the order question ("several answers ... give an order").
#[test]
fn a_written_selection_gives_the_order_asked_next() {
    let road = |picked: &str, blue: &str| {
        format!(
            r#"{{"name": "Road Building", "players": ["alice", "bob"],
            "setup": {{"alice": {{"red": ["Road Building"], "hand": ["Calendar", "Writing"]}}, "turn": {{"player": "alice", "actions_left": 2}}}},
            "steps": [{{"player": "alice", "action": "dogma", "card": "Road Building"}}, {{"player": "alice", "choose": {picked}}}],
            "expect": {{"partial": true, "alice": {{"red": ["Road Building"], "blue": {blue}}},
                       "question": {{"player": "alice", "options": ["bob"], "min": 0, "max": 1}}}}}}"#
        )
    };
    // The first written is melded first, so the last written is on top.
    passes(&road(r#"["Calendar", "Writing"]"#, r#"["Writing", "Calendar"]"#));
    passes(&road(r#"["Writing", "Calendar"]"#, r#"["Calendar", "Writing"]"#));
    fails(&road(r#"["Writing", "Calendar"]"#, r#"["Writing", "Calendar"]"#), "alice.blue");
}

/// Publications asks "junk an available special achievement or make one in the junk available" as
/// one choice among the specials; a file may first name the branch, as for "either ... or" labels.
#[test]
fn a_branch_named_before_the_thing_chosen() {
    let publications = |steps: &str, available: &str, junk: &str| {
        format!(
            r#"{{"name": "Publications", "players": ["alice", "bob"],
            "setup": {{"alice": {{"blue": ["Publications"]}}, "special_achievements": ["Empire", "World", "Wonder", "Universe"],
                      "junk": ["Monument"], "turn": {{"player": "alice", "actions_left": 2}}}},
            "steps": [{{"player": "alice", "action": "dogma", "card": "Publications"}}{steps}],
            "expect": {{"partial": true, "special_achievements": {available}, "junk": {junk}}}}}"#
        )
    };
    let all = r#"["Monument", "Empire", "World", "Wonder", "Universe"]"#;
    passes(&publications(r#", {"choose": ["Monument"]}"#, all, "[]"));
    passes(&publications(r#", {"choose": ["make a special achievement in the junk available"]}, {"choose": ["Monument"]}"#, all, "[]"));
    passes(&publications(
        r#", {"choose": "Junk an available special achievement"}, {"choose": ["Empire"]}"#,
        r#"["World", "Wonder", "Universe"]"#,
        r#"["Monument", "Empire"]"#,
    ));
    fails(&publications(r#", {"choose": ["make something else entirely"]}"#, all, "[]"), "step 2");
}

/// `{"action": "achieve", "card": NAME}` claims that card even when another available
/// achievement has its value (face down they are alike; the player claims "any one").
#[test]
fn achieve_by_name_among_achievements_of_one_value() {
    for (name, left) in [("Oars", "Archery"), ("Archery", "Oars")] {
        passes(&format!(
            r#"{{"name": "achieve by name", "players": ["alice", "bob"],
            "setup": {{"alice": {{"blue": ["Tools"], "score": ["Calendar", "Mapmaking", "Pottery"]}}, "achievements": ["Archery", "Oars"],
                      "turn": {{"player": "alice", "actions_left": 2}}}},
            "steps": [{{"action": "achieve", "card": "{name}"}}],
            "expect": {{"partial": true, "alice": {{"achievements": ["{name}"]}}, "achievements": ["{left}"]}}}}"#
        ));
    }
}

/// "You may return three cards" is asked as yes, then which three (Tools); a file may check
/// the question as the cards offered (min 0 for the "may"), or as the yes/no it first is.
#[test]
fn a_yes_then_which_may_be_checked_as_the_which() {
    let tools = |question: &str| {
        format!(
            r#"{{"name": "Tools", "players": ["alice", "bob"],
            "setup": {{"alice": {{"blue": ["Tools"], "hand": ["Archery", "Oars", "Sailing", "Writing"]}}, "turn": {{"player": "alice", "actions_left": 2}}}},
            "steps": [{{"action": "dogma", "card": "Tools"}}],
            "expect": {{"partial": true, "alice": {{"hand": ["Archery", "Oars", "Sailing", "Writing"]}}, "question": {question}}}}}"#
        )
    };
    passes(&tools(r#"{"player": "alice", "options": ["yes", "no"]}"#));
    passes(&tools(r#"{"player": "alice", "options": ["Archery", "Oars", "Sailing", "Writing"], "min": 0, "max": 3}"#));
    passes(&tools(r#"{"player": "alice", "options": ["Archery", "Oars", "Sailing", "Writing"], "min": 3, "max": 3}"#));
    fails(&tools(r#"{"player": "alice", "options": ["Archery", "Oars", "Sailing"]}"#), "question.options");
    fails(&tools(r#"{"player": "alice", "options": ["Archery", "Oars", "Sailing", "Writing"], "max": 2}"#), "question");
}

/// "All but one", asked as the card kept, may be checked as the cards that go.
#[test]
fn all_but_one_may_be_checked_as_the_cards_that_go() {
    let at_question = |q: &str| composites("", &format!(r#"{{"partial": true, "question": {q}}}"#));
    passes(&at_question(r#"{"player": "bob", "options": ["Archery", "Calendar", "Translation"], "min": 1, "max": 1}"#));
    passes(&at_question(r#"{"player": "bob", "options": ["Archery", "Calendar", "Translation"], "min": 2, "max": 2}"#));
    fails(&at_question(r#"{"player": "bob", "options": ["Archery", "Calendar", "Translation"], "min": 3}"#), "question.min");
}

/// Hypersonics asks the value of the pair first when there are two pairs; a step may name the
/// two cards instead (their value is taken), and a step naming cards of two values is refused.
#[test]
fn a_value_asked_before_its_cards_may_be_answered_with_the_cards() {
    let hypersonics = |answer: &str, bob: &str| {
        format!(
            r#"{{"name": "Hypersonics", "players": ["alice", "bob"],
            "setup": {{"alice": {{"green": ["Hypersonics"], "red": ["Coal"]}},
                      "bob": {{"red": ["Oars"], "yellow": ["Agriculture"], "blue": ["Chemistry"], "purple": ["Societies"]}},
                      "turn": {{"player": "alice", "actions_left": 2}}}},
            "steps": [{{"player": "alice", "action": "dogma", "card": "Hypersonics"}}, {{"player": "bob", "choose": {answer}}}],
            "expect": {{"partial": true, "bob": {bob}}}}}"#
        )
    };
    let fives_left = r#"{"red": [], "yellow": [], "blue": ["Chemistry"], "purple": ["Societies"]}"#;
    passes(&hypersonics("[1]", fives_left));
    passes(&hypersonics(r#"["Oars", "Agriculture"]"#, fives_left));
    passes(&hypersonics(r#"["Chemistry", "Societies"]"#, r#"{"red": ["Oars"], "yellow": ["Agriculture"], "blue": [], "purple": []}"#));
    fails(&hypersonics(r#"["Oars", "Chemistry"]"#, fives_left), "step 2");
}

/// A step declining a "you may" that was not asked because nothing could be chosen (Pottery with
/// an empty hand) is passed over; an answer other than a decline still fails.
#[test]
fn declining_what_was_not_asked_is_passed_over() {
    let pottery = |step: &str| {
        format!(
            r#"{{"name": "Pottery", "players": ["alice", "bob"],
            "setup": {{"alice": {{"blue": ["Pottery"]}}, "decks": {{"base": {{"1": ["Archery"]}}}}, "turn": {{"player": "alice", "actions_left": 2}}}},
            "steps": [{{"player": "alice", "action": "dogma", "card": "Pottery"}}, {step}],
            "expect": {{"partial": true, "alice": {{"blue": ["Pottery"], "hand": ["Archery"]}}, "turn": {{"player": "alice", "actions_left": 1}}}}}}"#
        )
    };
    passes(&pottery(r#"{"player": "alice", "choose": []}"#));
    passes(&pottery(r#"{"choose": ["no"]}"#));
    fails(&pottery(r#"{"player": "alice", "choose": ["Archery"]}"#), "step 2");
    // A malformed step is never passed over.
    fails(&pottery(r#"{"plyer": "alice", "choose": []}"#), "unknown key \"plyer\"");
    fails(&pottery(r#"{"player": "carol", "choose": []}"#), "unknown player");
}

/// "An order question may also be answered a card at a time": each step places the cards it
/// names next; a last single card is placed by itself, and the order is then complete.
#[test]
fn an_order_answered_a_card_at_a_time() {
    let steps = |order: &str| {
        format!(
            r#"{{"name": "order in parts", {ROCKETRY}, "steps": [{{"action": "dogma", "card": "Rocketry"}},
            {{"player": "alice", "choose": [{{"age": 1, "set": "base"}}, {{"age": 1, "set": "base"}}]}}{order}],
            "expect": {{"partial": true, "bob": {{"score": ["Calendar"]}}, "turn": {{"player": "bob", "actions_left": 2}}}}}}"#
        )
    };
    passes(&steps(r#", {"player": "alice", "choose": ["Oars"]}"#));
    passes(&steps(r#", {"player": "alice", "choose": ["Archery"]}"#));
    // A card already placed, or not among those ordered, is refused.
    fails(&steps(r#", {"player": "alice", "choose": ["Calendar"]}"#), "not one of the answers");
}

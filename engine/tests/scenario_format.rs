//! The scenario runner does what `shared/design/scenario-format.md` says: each
//! test is a small scenario (inline) about one statement of the document.

use engine::scenario::run_scenario;
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

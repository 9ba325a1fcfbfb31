//! Bad scenario files are refused with an error naming the file and what is wrong.

use engine::scenario::run_file;
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

//! `innovation scenario PATH...` as `shared/design/scenario-format.md` describes it: one line per
//! scenario (`ok  NAME` or `FAIL NAME: why`), then `N passed, M failed`; exit 0 only when nothing
//! failed; `--json` prints one object per scenario instead.

use std::path::{Path, PathBuf};
use std::process::Command;

const GOOD: &str = r#"{"name": "good one", "players": ["alice", "bob"], "setup": {"alice": {"hand": ["Oars"]}}, "steps": [],
    "expect": {"alice": {"hand": ["Oars"]}}}"#;
const BAD: &str = r#"{"name": "bad one", "players": ["alice", "bob"], "setup": {"alice": {"hand": ["Oars"]}}, "steps": [],
    "expect": {"alice": {"hand": ["Archery"]}}}"#;

fn folder(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("innovation-scenario-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (f, text) in files {
        let path = dir.join(f);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

fn run(args: &[&str], path: &Path) -> (String, i32) {
    let (out, _, code) = run_with_stderr(args, path);
    (out, code)
}

fn run_with_stderr(args: &[&str], path: &Path) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_innovation")).arg("scenario").args(args).arg(path).output().expect("it runs");
    (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap(), out.status.code().unwrap_or(-1))
}

#[test]
fn a_folder_without_scenarios_passes_with_a_warning() {
    let dir = folder("none", &[("notes.txt", "not a scenario")]);
    let (out, err, code) = run_with_stderr(&[], &dir);
    assert_eq!(out, "0 passed, 0 failed\n");
    assert!(err.contains("no scenario found"), "{err}");
    assert_eq!(code, 0);
}

#[test]
fn all_passing_exits_zero() {
    let dir = folder("pass", &[("a.json", GOOD), ("sub/b.json", GOOD), ("notes.txt", "not a scenario")]);
    let (out, code) = run(&[], &dir);
    assert_eq!(out, "ok  good one\nok  good one\n2 passed, 0 failed\n");
    assert_eq!(code, 0);
}

#[test]
fn a_failure_is_named_and_exits_non_zero() {
    let dir = folder("fail", &[("a.json", GOOD), ("b.json", BAD)]);
    let (out, code) = run(&[], &dir);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok  good one");
    assert!(lines[1].starts_with("FAIL bad one: alice.hand") && lines[1].contains("Archery") && lines[1].contains("Oars"), "{out}");
    assert_eq!(lines[2], "1 passed, 1 failed");
    assert_ne!(code, 0);
}

#[test]
fn json_prints_one_object_per_scenario() {
    let dir = folder("json", &[("a.json", GOOD), ("b.json", BAD)]);
    let (out, code) = run(&["--json"], &dir);
    let objs: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).expect("each line is a JSON object")).collect();
    assert_eq!(objs.len(), 2, "{out}");
    for o in &objs {
        let keys: Vec<&str> = o.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 4, "{o}");
        for k in ["name", "file", "passed", "error"] {
            assert!(keys.contains(&k), "{k} missing in {o}");
        }
    }
    assert_eq!(objs[0]["name"], "good one");
    assert_eq!(objs[0]["passed"], true);
    assert!(objs[0]["file"].as_str().unwrap().ends_with("a.json"));
    assert_eq!(objs[1]["passed"], false);
    assert!(objs[1]["error"].as_str().unwrap().contains("alice.hand"));
    assert_ne!(code, 0);
}

#[test]
fn a_malformed_file_fails_without_a_panic() {
    let dir = folder("malformed", &[("a.json", "{ \"name\": ")]);
    let out = Command::new(env!("CARGO_BIN_EXE_innovation")).arg("scenario").arg(&dir).output().expect("it runs");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("FAIL") && text.contains("malformed JSON") && text.ends_with("0 passed, 1 failed\n"), "{text}");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    assert_ne!(out.status.code(), Some(0));
}

#[test]
fn trace_shows_what_the_game_asked_before_each_step() {
    let with_step = r#"{"name": "traced", "players": ["alice", "bob"], "setup": {"alice": {"hand": ["Oars"]}}, "steps": [{"action": "meld", "card": "Oars"}],
        "expect": {"alice": {"red": ["Oars"]}}}"#;
    let dir = folder("trace", &[("a.json", with_step)]);
    let (out, code) = run(&["--trace"], &dir);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok  traced");
    assert!(lines[1].contains("alice is asked \"your move (action 1 of 1)\"") && lines[1].contains("meld Oars"), "{out}");
    assert!(lines[2].contains("step 1:") && lines[2].contains("meld"), "{out}");
    assert!(lines[3].contains("bob is asked"), "{out}");
    assert!(lines[4].contains("the steps run out here"), "{out}");
    assert_eq!(lines.last(), Some(&"1 passed, 0 failed"));
    assert_eq!(code, 0);
    // Without --trace, the usual lines only.
    let (plain, _) = run(&[], &dir);
    assert_eq!(plain, "ok  traced\n1 passed, 0 failed\n");
}

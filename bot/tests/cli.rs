//! The command line as a shell uses it: a tool whose reader goes away
//! (`innovation cards | head -1`) stops quietly instead of panicking.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_stops_the_card_list_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_innovation"))
        .args(["cards"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the innovation binary starts");
    // The reader goes away before anything is written, so the first write meets a closed pipe.
    drop(child.stdout.take());
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("stderr");
    let status = child.wait().expect("it ends");
    assert!(!err.contains("panicked"), "it panicked: {err}");
    assert!(!status.success(), "it cannot have written its list: {status:?}");
}

fn innovation(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_innovation")).args(args).output().expect("the innovation binary runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// `--expansions` names sets; one that is unknown, or whose cards are not all implemented yet,
/// is refused with a sentence saying so, before any game is played.
#[test]
fn simulate_refuses_expansions_it_cannot_play() {
    let (ok, _, err) = innovation(&["simulate", "--games", "1", "--expansions", "relics"]);
    assert!(!ok && err.contains("unknown expansion \"relics\"") && err.contains("unseen"), "{err}");
    for set in ["echoes", "figures", "cities", "artifacts", "unseen"] {
        let (_, _, err) = innovation(&["simulate", "--games", "1", "--expansions", set]);
        let (implemented, _) = engine::cards::implemented_in(engine::Set::parse(set).unwrap());
        if implemented < 115 {
            assert!(err.contains("cannot be played yet") && err.contains(&format!("{implemented} of its 115 cards")), "{err}");
        }
    }
}

/// `innovation cards --json` lists every card of every set with its stable id.
#[test]
fn the_card_list_has_every_set() {
    let (ok, out, err) = innovation(&["cards", "--json"]);
    assert!(ok, "{err}");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&out).expect("a JSON list");
    assert_eq!(rows.len(), 6 * 115 + 15);
    for set in ["base", "echoes", "figures", "cities", "artifacts", "unseen"] {
        assert_eq!(rows.iter().filter(|r| r["set"] == set && r["age"] != 0).count(), 115, "{set}");
    }
    assert_eq!(rows[115]["name"], "Bangle");
    assert_eq!(rows[115]["id"], 115);
}

/// `innovation play --expansions figures` with computer players only plays a whole game of
/// Figures in the Sand to its end: Figures are drawn, Decrees are issued (named in the choices as
/// "Issue the War Decree (red)"), and Auspice is asked. (Seed 2: three Decrees are issued.)
#[test]
fn a_whole_game_with_figures_is_played_from_the_command_line() {
    let (ok, out, err) = innovation(&["play", "--expansions", "figures", "--seed", "2", "--pause-ms", "0", "basic", "basic", "basic"]);
    assert!(ok, "{err}");
    let tail = out.char_indices().rev().nth(2000).map_or(out.as_str(), |(i, _)| &out[i..]);
    assert!(out.contains("Played with the base game and Figures in the Sand.") && out.contains("game over"), "{tail}");
    assert!(out.contains(" drew a figures "), "Figures are drawn: {tail}");
    let issued = out.lines().filter(|l| l.contains(": chooses Issue the ") && l.contains(" Decree (")).count();
    assert!(issued > 0 && out.contains(" issues the "), "a Decree is issued: {tail}");
    assert!(out.contains("(Auspice with "), "Auspice is asked: {tail}");
}

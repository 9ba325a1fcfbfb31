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

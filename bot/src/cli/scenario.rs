//! `innovation scenario PATH...`: runs rules scenarios and prints one line each,
//! then `N passed, M failed`; exits 0 only when nothing failed.

use anyhow::Result;
use scenario::{collect_files, trace_file};
use std::path::PathBuf;
use std::process::ExitCode;

/// `trace`: after each scenario's line, what the game asked before each step and where the steps ran out.
pub fn run(paths: &[PathBuf], json: bool, trace: bool) -> Result<ExitCode> {
    let files = collect_files(paths).map_err(anyhow::Error::msg)?;
    let (mut passed, mut failed) = (0, 0);
    for f in &files {
        for (r, lines) in trace_file(f, trace) {
            if r.passed {
                passed += 1;
            } else {
                failed += 1;
            }
            if json {
                println!("{}", serde_json::to_string(&r)?);
            } else if r.passed {
                println!("ok  {}", r.name);
            } else {
                println!("FAIL {}: {}", r.name, r.error.as_deref().unwrap_or(""));
            }
            if !json {
                for line in &lines {
                    println!("      {line}");
                }
            }
        }
    }
    if !json {
        println!("{passed} passed, {failed} failed");
    }
    if passed + failed == 0 {
        // Nothing failed, so the exit is 0, but a wrong path should not look like a green run.
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        eprintln!("warning: no scenario found in {}", names.join(", "));
    }
    Ok(if failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

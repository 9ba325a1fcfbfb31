//! Runs scenario files without building the bot (for engine work):
//! `cargo run -p innovation-scenario --example run -- [--trace] PATH...`. Same output as
//! `innovation scenario`: one line per scenario, then `N passed, M failed`; exits 1 on a failure.

use scenario::{collect_files, trace_file};
use std::path::PathBuf;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let trace = args.iter().any(|a| a == "--trace");
    let paths: Vec<PathBuf> = args.iter().filter(|a| *a != "--trace").map(PathBuf::from).collect();
    let files = match collect_files(&paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let (mut passed, mut failed) = (0, 0);
    for f in files {
        for (r, lines) in trace_file(&f, trace) {
            if r.passed {
                passed += 1;
                println!("ok  {}", r.name);
            } else {
                failed += 1;
                println!("FAIL {} ({}): {}", r.name, r.file, r.error.unwrap_or_default());
            }
            for l in lines {
                println!("      {l}");
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    std::process::exit(i32::from(failed > 0));
}

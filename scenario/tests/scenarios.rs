//! Runs every rules scenario in `engine/tests/scenarios/` (see `shared/design/scenario-format.md`).

use scenario::{collect_files, run_file};
use std::path::PathBuf;

#[test]
fn every_scenario_passes() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/scenarios");
    let files = collect_files(&[dir]).expect("the scenario folder is readable");
    let mut failed = Vec::new();
    let mut passed = 0;
    for f in &files {
        for r in run_file(f) {
            if r.passed {
                passed += 1;
            } else {
                failed.push(format!("FAIL {} ({}): {}", r.name, r.file, r.error.unwrap_or_default()));
            }
        }
    }
    assert!(failed.is_empty(), "{} scenarios failed:\n{}", failed.len(), failed.join("\n"));
    assert!(passed > 0, "no scenario ran");
}

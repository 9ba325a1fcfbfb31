//! `innovation cards [--json]`: every card the game knows, with its set, age,
//! colour, whether it is implemented and how many scenarios exercise it.

use anyhow::Result;
use engine::cards::is_implemented;
use engine::CardDb;
use scenario::scenario_counts;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Serialize)]
struct Row {
    /// The stable card id stored games hold.
    id: u16,
    number: String,
    name: String,
    set: &'static str,
    age: u8,
    color: &'static str,
    implemented: bool,
    scenarios: usize,
}

/// The repository's scenario folder: from the current directory if there, else where this binary was built from.
pub fn default_scenario_dir() -> PathBuf {
    let here = PathBuf::from("engine/tests/scenarios");
    if here.is_dir() {
        return here;
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/scenarios")
}

pub fn run(json: bool, scenarios: Option<PathBuf>) -> Result<ExitCode> {
    let dir = scenarios.unwrap_or_else(default_scenario_dir);
    let counts = scenario_counts(&dir);
    let rows: Vec<Row> = CardDb::get()
        .cards
        .iter()
        .map(|c| Row {
            id: c.id.0,
            number: c.number.clone(),
            name: c.title.clone(),
            set: c.set.name(),
            age: c.age,
            color: c.color.name(),
            implemented: is_implemented(c.id),
            scenarios: counts[c.id.0 as usize],
        })
        .collect();
    if json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        for r in &rows {
            println!(
                "{:<6} {:<40} {:<9} {:>2}  {:<7} {:<16} {} scenario{}",
                r.number,
                r.name,
                r.set,
                r.age,
                r.color,
                if r.implemented { "implemented" } else { "not implemented" },
                r.scenarios,
                if r.scenarios == 1 { "" } else { "s" }
            );
        }
        for set in engine::Set::ALL {
            let of_set: Vec<&Row> = rows.iter().filter(|r| r.set == set.name()).collect();
            let done = of_set.iter().filter(|r| r.implemented).count();
            println!("{}: {done} of {} cards implemented", set.title(), of_set.len());
        }
        let done = rows.iter().filter(|r| r.implemented).count();
        println!("{done} of {} cards implemented", rows.len());
    }
    Ok(ExitCode::SUCCESS)
}

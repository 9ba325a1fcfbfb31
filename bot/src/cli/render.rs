//! `innovation render --demo DIR`: the renderer's demo pictures, with their render times.

use anyhow::{Context, Result};
use std::path::Path;
use std::process::ExitCode;

pub fn demo(dir: &Path) -> Result<ExitCode> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let written = render::write_demo(dir).context("rendering the demo")?;
    for (path, took) in written {
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        println!("{}  {:.1} ms  {} KB", path.display(), took.as_secs_f64() * 1000.0, size / 1024);
    }
    Ok(ExitCode::SUCCESS)
}

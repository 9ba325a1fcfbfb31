//! Writes the demo pictures: `cargo run --release -p innovation-render --example demo -- DIR`.
fn main() {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "demo".into());
    match render::write_demo(std::path::Path::new(&dir)) {
        Ok(files) => {
            for (path, took) in files {
                let kb = std::fs::metadata(&path).map(|m| m.len() as f64 / 1024.0).unwrap_or(0.0);
                println!("{:>7.2} ms {:>7.1} KB  {}", took.as_secs_f64() * 1000.0, kb, path.display());
            }
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}

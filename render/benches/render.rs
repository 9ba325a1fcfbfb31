//! Render-and-encode times of the demo game's pictures (median of N runs,
//! release build) and their sizes: `cargo bench -p innovation-render`.
//! Targets: the 4-player table at most 30 ms and 400 KB; a board or a hand at
//! most 15 ms.

use std::time::{Duration, Instant};

const RUNS: usize = 41;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn bench(name: &str, target_ms: f64, target_kb: Option<f64>, f: impl Fn() -> Vec<u8>) {
    let png = f(); // warm up: fonts parsed, glyphs cached
    let times: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            std::hint::black_box(f());
            t.elapsed()
        })
        .collect();
    let ms = median(times).as_secs_f64() * 1000.0;
    let kb = png.len() as f64 / 1024.0;
    let ok_t = ms <= target_ms;
    let ok_s = target_kb.is_none_or(|t| kb <= t);
    let target = match target_kb {
        Some(t) => format!("≤ {target_ms} ms, ≤ {t} KB"),
        None => format!("≤ {target_ms} ms"),
    };
    println!("{name:<22} median {ms:>7.2} ms  {kb:>7.1} KB   target {target:<20} {}", if ok_t && ok_s { "ok" } else { "MISSED" });
}

fn main() {
    let game = render::demo_game().expect("the demo game builds");
    let public = game.view(None);
    let seat = game.view(None).turn.player;
    let own = game.view(Some(seat));
    println!("demo game, {} players, median of {RUNS} runs (render + PNG encode)", public.players.len());
    let t = Instant::now();
    let first = render::table_png(&public).unwrap();
    println!(
        "{:<22} {:>7.2} ms  {:>7.1} KB   (once, before any glyph is cached)",
        "table, first render",
        t.elapsed().as_secs_f64() * 1000.0,
        first.len() as f64 / 1024.0
    );
    bench("table (4 players)", 30.0, Some(400.0), || render::table_png(&public).unwrap());
    for p in 0..public.players.len() {
        bench(&format!("board {}", public.players[p].name), 15.0, None, || render::board_png(&public, p).unwrap());
    }
    bench(&format!("hand {} ({} cards)", own.players[seat].name, own.players[seat].hand.len()), 15.0, None, || {
        render::hand_png(&own, seat).unwrap()
    });
    // A big hand, for scale: ten cards.
    let mut big = own.clone();
    big.players[seat].hand =
        engine::CardDb::get().cards.iter().skip(40).step_by(7).take(10).map(|c| engine::view::Face::Front(c.id)).collect();
    bench("hand (10 cards)", 15.0, None, || render::hand_png(&big, seat).unwrap());
    let card = engine::CardDb::get().by_title("Skyscrapers").unwrap();
    bench("card Skyscrapers", 15.0, None, || render::card_png(card).unwrap());
}

//! Small pieces drawn once at a fraction of a pixel, then blended: the icon
//! chips and card backs that the table and boards draw dozens of, at positions
//! that are not whole pixels. Each is drawn on a transparent canvas at its
//! position's fraction, rounded to a quarter of a pixel (so at most an eighth
//! of a pixel off, which does not show), kept run-length encoded in a cache
//! shared by all threads, and blended over the picture.

use crate::draw::Canvas;
use crate::runs::Runs;
use crate::{face, icons};
use engine::{Icon, Set};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

/// The cache is emptied when it would grow past this many bytes (a chip or a
/// back takes about 3 KB; the demo's table and four boards use 39 of them).
const LIMIT: usize = 4 << 20;
/// Positions are rounded to 1 / STEPS of a pixel.
const STEPS: f32 = 4.0;
/// Anything bigger is drawn directly.
const MAX_SIZE: f32 = 256.0;

/// Draws `icon` on its chip in the square (x, y, size), as `icons::chip` does.
pub fn chip(cv: &mut Canvas, icon: Icon, x: f32, y: f32, size: f32) {
    place(cv, x, y, size, size, |fx, fy| Key::Chip { icon, size: size.to_bits(), fx, fy }, |cv, x, y| icons::chip(cv, icon, x, y, size));
}

/// A card back showing its value and set, as `face::card_back` draws it.
pub fn card_back(cv: &mut Canvas, age: u8, set: Set, x: f32, y: f32, w: f32, h: f32) {
    place(
        cv,
        x,
        y,
        w,
        h,
        |fx, fy| Key::Back { age, set, w: w.to_bits(), h: h.to_bits(), fx, fy },
        |cv, x, y| face::card_back(cv, age, set, x, y, w, h),
    );
}

/// What a sprite shows: the piece, its size, and the fraction of a pixel (in
/// quarters) its box starts at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Chip { icon: Icon, size: u32, fx: u8, fy: u8 },
    Back { age: u8, set: Set, w: u32, h: u32, fx: u8, fy: u8 },
}

struct Sprite {
    runs: Runs,
    texts: Vec<String>,
}

impl Sprite {
    fn bytes(&self) -> usize {
        self.runs.bytes() + self.texts.iter().map(|t| t.len() + 24).sum::<usize>()
    }
}

/// The whole pixel at or below `v` and the quarters of a pixel above it.
fn split(v: f32) -> (f32, u8) {
    let whole = v.floor();
    let f = ((v - whole) * STEPS).round();
    if f >= STEPS {
        (whole + 1.0, 0)
    } else {
        (whole, f as u8)
    }
}

/// Blends the sprite `key` (w x h at (x, y)) from the cache, drawing it there
/// first with `draw(canvas, x, y)` if need be; draws directly what cannot be
/// placed (off the picture, or too big).
fn place(cv: &mut Canvas, x: f32, y: f32, w: f32, h: f32, key: impl FnOnce(u8, u8) -> Key, draw: impl FnOnce(&mut Canvas, f32, f32)) {
    let (xi, fx) = split(x);
    let (yi, fy) = split(y);
    let (cw, ch) = cv.size();
    let fits = |v: f32| v.is_finite() && v > 0.0 && v <= MAX_SIZE;
    if !(fits(w) && fits(h) && xi >= 0.0 && yi >= 0.0 && xi < cw as f32 && yi < ch as f32) {
        draw(cv, x, y);
        return;
    }
    let key = key(fx, fy);
    // (The read lock is let go before the match: keeping it would deadlock with `keep`.)
    let known = store().read().unwrap_or_else(|e| e.into_inner()).sprites.get(&key).cloned();
    let sprite = match known {
        Some(s) => s,
        None => {
            // Room for the box from its fraction of a pixel on, and for anti-aliasing.
            let Ok(mut own) = Canvas::transparent((w + 2.0).ceil() as u32, (h + 2.0).ceil() as u32) else {
                draw(cv, x, y);
                return;
            };
            draw(&mut own, fx as f32 / STEPS, fy as f32 / STEPS);
            let s = Arc::new(Sprite { runs: Runs::encode(&own), texts: std::mem::take(&mut own.texts) });
            keep(key, s.clone());
            s
        }
    };
    cv.texts.extend(sprite.texts.iter().cloned());
    sprite.runs.blend(cv, xi as usize, yi as usize);
}

#[derive(Default)]
struct Store {
    sprites: HashMap<Key, Arc<Sprite>>,
    bytes: usize,
}

fn store() -> &'static RwLock<Store> {
    static SPRITES: OnceLock<RwLock<Store>> = OnceLock::new();
    SPRITES.get_or_init(|| RwLock::new(Store::default()))
}

fn keep(key: Key, sprite: Arc<Sprite>) {
    let mut s = store().write().unwrap_or_else(|e| e.into_inner());
    let size = sprite.bytes();
    if s.bytes + size > LIMIT {
        s.sprites.clear();
        s.bytes = 0;
    }
    // Another thread may have drawn the same sprite meanwhile: count it once.
    let old = s.sprites.insert(key, sprite).map(|p| p.bytes()).unwrap_or(0);
    s.bytes = (s.bytes + size).saturating_sub(old);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme;

    /// The largest difference of any channel of any pixel.
    fn max_diff(a: &Canvas, b: &Canvas) -> u8 {
        let channels = |p: &tiny_skia::PremultipliedColorU8| [p.red(), p.green(), p.blue(), p.alpha()];
        a.pixels()
            .iter()
            .zip(b.pixels())
            .flat_map(|(p, q)| channels(p).into_iter().zip(channels(q)))
            .map(|(x, y)| x.abs_diff(y))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn a_blended_sprite_is_the_drawn_piece() {
        // At positions on a quarter pixel the sprite is drawn at the same place:
        // it differs only by rounding in the blend.
        for (x, y) in [(10.0, 5.0), (10.25, 5.5), (3.75, 0.25)] {
            for icon in [Icon::Authority, Icon::Health, Icon::Meat] {
                let mut drawn = Canvas::new(60, 50, theme::PANEL).unwrap();
                icons::chip(&mut drawn, icon, x, y, 36.0);
                // Twice: drawn into the cache, then blended from it.
                for _ in 0..2 {
                    let mut blended = Canvas::new(60, 50, theme::PANEL).unwrap();
                    chip(&mut blended, icon, x, y, 36.0);
                    assert!(max_diff(&drawn, &blended) <= 2, "{icon:?} at ({x}, {y}): {}", max_diff(&drawn, &blended));
                }
            }
            for set in [Set::Base, Set::Unseen] {
                let mut drawn = Canvas::new(60, 50, theme::BG).unwrap();
                face::card_back(&mut drawn, 7, set, x, y, 36.0, 44.0 - y);
                let mut blended = Canvas::new(60, 50, theme::BG).unwrap();
                card_back(&mut blended, 7, set, x, y, 36.0, 44.0 - y);
                assert!(max_diff(&drawn, &blended) <= 2, "{set} back at ({x}, {y}): {}", max_diff(&drawn, &blended));
                assert_eq!(blended.texts, vec!["7".to_string()]);
            }
        }
    }

    #[test]
    fn a_sprite_off_the_picture_is_drawn_directly() {
        let mut cv = Canvas::new(40, 40, theme::BG).unwrap();
        card_back(&mut cv, 3, Set::Base, -5.0, 2.0, 20.0, 20.0);
        card_back(&mut cv, 4, Set::Base, 2.0, 2.0, 1000.0, 20.0);
        card_back(&mut cv, 5, Set::Base, 30.0, 30.0, 20.0, 20.0);
        assert_eq!(cv.texts, vec!["3", "4", "5"]);
    }
}

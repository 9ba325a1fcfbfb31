//! Card faces drawn once per card and size, then copied: a face never changes,
//! and drawing one (shapes, icons, a page of text) costs about a millisecond,
//! ten times as much as copying it. Faces are kept run-length encoded (about a
//! ninth of their size as pixels: most of a card is flat colour) in a cache
//! shared by all threads and bounded in size.

use crate::draw::Canvas;
use crate::face::{self, Fit};
use crate::theme;
use engine::CardId;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};
use tiny_skia::PremultipliedColorU8;

/// The cache is emptied when it would grow past this many bytes: every card at
/// the hand and board sizes takes 20.5 MB (112 and 65 KB a card). Single-card
/// pictures, asked for now and then, are drawn directly rather than kept (they
/// would add 17 MB).
const LIMIT: usize = 24 << 20;

/// Draws `id` in full into the box (x, y, w, h), as `face::card_face` does.
/// A box at whole pixels on the plain background is copied from the cache
/// (drawn there first if need be); any other box is drawn directly.
pub fn card_face(cv: &mut Canvas, id: CardId, x: f32, y: f32, w: f32, h: f32) -> Fit {
    let whole = |v: f32| v.fract() == 0.0 && (0.0..=f32::from(u16::MAX)).contains(&v);
    if !(whole(x) && whole(y) && whole(w) && whole(h))
        || w < 1.0
        || h < 1.0
        || !on_background(cv, x as usize, y as usize, w as usize, h as usize)
    {
        return face::card_face(cv, id, x, y, w, h);
    }
    let Some(f) = cached(id, w as u16, h as u16) else {
        return face::card_face(cv, id, x, y, w, h);
    };
    cv.texts.extend(f.texts.iter().cloned());
    f.runs.paint(cv, x as usize, y as usize);
    f.fit
}

/// Whether the box lies within the picture with the background at its four
/// corners (where a face's rounded corners let the background show).
fn on_background(cv: &Canvas, x: usize, y: usize, w: usize, h: usize) -> bool {
    let (cw, ch) = cv.size();
    if x + w > cw as usize || y + h > ch as usize {
        return false;
    }
    let bg = background();
    let px = cv.pixels();
    [(x, y), (x + w - 1, y), (x, y + h - 1), (x + w - 1, y + h - 1)].iter().all(|(a, b)| px.get(b * cw as usize + a) == Some(&bg))
}

fn background() -> PremultipliedColorU8 {
    let b = theme::BG;
    PremultipliedColorU8::from_rgba(b.0, b.1, b.2, 255).expect("an opaque colour is premultiplied")
}

/// A drawn face, with the text it logged and how its text fitted.
struct Face {
    runs: Runs,
    texts: Vec<String>,
    fit: Fit,
}

type Key = (CardId, u16, u16);

#[derive(Default)]
struct Store {
    faces: HashMap<Key, Arc<Face>>,
    bytes: usize,
}

fn store() -> &'static RwLock<Store> {
    static FACES: OnceLock<RwLock<Store>> = OnceLock::new();
    FACES.get_or_init(|| RwLock::new(Store::default()))
}

/// The face of `id` at w x h, drawn on the background at (0, 0); None if no
/// canvas of that size can be made.
fn cached(id: CardId, w: u16, h: u16) -> Option<Arc<Face>> {
    let key = (id, w, h);
    if let Some(f) = store().read().unwrap_or_else(|e| e.into_inner()).faces.get(&key) {
        return Some(f.clone());
    }
    let mut cv = Canvas::new(w.into(), h.into(), theme::BG).ok()?;
    let fit = face::card_face(&mut cv, id, 0.0, 0.0, w.into(), h.into());
    let f = Arc::new(Face { runs: Runs::encode(&cv), texts: std::mem::take(&mut cv.texts), fit });
    let size = f.runs.bytes() + f.texts.iter().map(|t| t.len() + 24).sum::<usize>();
    let mut s = store().write().unwrap_or_else(|e| e.into_inner());
    if s.bytes + size > LIMIT {
        s.faces.clear();
        s.bytes = 0;
    }
    if let Some(old) = s.faces.insert(key, f.clone()) {
        // Another thread drew the same face meanwhile; count it once.
        s.bytes -= old.runs.bytes() + old.texts.iter().map(|t| t.len() + 24).sum::<usize>();
    }
    s.bytes += size;
    Some(f)
}

/// A picture as runs of one colour, row after row (a run never spans two rows).
struct Runs {
    width: usize,
    height: usize,
    colors: Vec<PremultipliedColorU8>,
    lens: Vec<u16>,
}

impl Runs {
    fn encode(cv: &Canvas) -> Runs {
        let (w, h) = cv.size();
        let (width, height) = (w as usize, h as usize);
        let mut colors = Vec::new();
        let mut lens = Vec::new();
        for row in cv.pixels().chunks_exact(width) {
            let mut rest = row;
            while let Some(&c) = rest.first() {
                let n = rest.iter().take(u16::MAX as usize).take_while(|p| **p == c).count();
                colors.push(c);
                lens.push(n as u16);
                rest = &rest[n..];
            }
        }
        colors.shrink_to_fit();
        lens.shrink_to_fit();
        Runs { width, height, colors, lens }
    }

    fn bytes(&self) -> usize {
        self.colors.len() * 4 + self.lens.len() * 2
    }

    /// Copies the picture into `cv` with its top-left corner at (x, y), clipped to `cv`.
    fn paint(&self, cv: &mut Canvas, x: usize, y: usize) {
        let (cw, ch) = cv.size();
        let (cw, ch) = (cw as usize, ch as usize);
        let px = cv.pixels_mut();
        let mut runs = self.colors.iter().zip(&self.lens);
        for r in 0..self.height.min(ch.saturating_sub(y)) {
            let start = (y + r) * cw + x.min(cw);
            let dst = &mut px[start..start + self.width.min(cw.saturating_sub(x))];
            let mut col = 0;
            while col < self.width {
                let Some((c, n)) = runs.next() else { return };
                let end = (col + *n as usize).min(dst.len());
                if col < end {
                    dst[col..end].fill(*c);
                }
                col += *n as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::CardDb;

    /// The pixels of the box (x, y, w, h) of `cv`.
    fn crop(cv: &Canvas, x: usize, y: usize, w: usize, h: usize) -> Vec<PremultipliedColorU8> {
        let cw = cv.size().0 as usize;
        (y..y + h).flat_map(|r| cv.pixels()[r * cw + x..r * cw + x + w].to_vec()).collect()
    }

    #[test]
    fn a_copied_face_is_the_drawn_face() {
        for c in CardDb::get().cards.iter().step_by(9) {
            let mut drawn = Canvas::new(300, 270, theme::BG).unwrap();
            let fit = face::card_face(&mut drawn, c.id, 0.0, 0.0, 300.0, 270.0);
            // Twice: drawn into the cache, then copied from it.
            for _ in 0..2 {
                let mut copied = Canvas::new(340, 300, theme::BG).unwrap();
                let f = card_face(&mut copied, c.id, 16.0, 20.0, 300.0, 270.0);
                assert!(crop(&copied, 16, 20, 300, 270) == drawn.pixels(), "{}", c.title);
                assert_eq!(copied.texts, drawn.texts);
                assert_eq!((f.text_size, f.text_fits, f.title_cut), (fit.text_size, fit.text_fits, fit.title_cut));
                // Nothing outside the box is touched.
                assert!(crop(&copied, 0, 0, 340, 20).iter().all(|p| *p == background()));
                assert!(crop(&copied, 0, 0, 16, 300).iter().all(|p| *p == background()));
            }
        }
    }

    #[test]
    fn a_box_off_whole_pixels_or_off_the_picture_is_drawn_directly() {
        let id = CardDb::get().cards[0].id;
        let mut cv = Canvas::new(200, 150, theme::BG).unwrap();
        card_face(&mut cv, id, 10.5, 0.0, 180.0, 120.0);
        card_face(&mut cv, id, 100.0, 100.0, 180.0, 120.0);
        card_face(&mut cv, id, -20.0, 0.0, 180.0, 120.0);
        assert_eq!(cv.texts.iter().filter(|t| **t == CardDb::get().cards[0].title).count(), 3);
    }
}

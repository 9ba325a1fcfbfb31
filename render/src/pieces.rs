//! Pieces of pictures drawn once, then copied: card faces (a face costs about
//! a millisecond to draw, with its shapes, icons and page of text, ten times as
//! much as copying it), the table's pile tiles and the board's covered-card
//! strips. A piece depends only on what its key says, and is drawn on the flat
//! background it will be copied onto. Pieces are kept run-length encoded
//! (about a ninth of their size as pixels: most of a card is flat colour) in a
//! cache shared by all threads and bounded in size.

use crate::draw::{Canvas, Rgb};
use crate::face::{self, Fit};
use crate::runs::Runs;
use crate::{board, table, theme};
use engine::view::PileView;
use engine::{CardId, Color, Splay};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};
use tiny_skia::PremultipliedColorU8;

/// Faces are dropped when they would grow past this many bytes: every card at
/// the hand and board sizes takes 20.5 MB (112 and 65 KB a card). Single-card
/// pictures, asked for now and then, are drawn directly rather than kept (they
/// would add 17 MB).
const FACES_LIMIT: usize = 24 << 20;
/// Tiles and strips (about 14 and 10 KB each; a tile for each top card, pile
/// size and splay seen) are dropped past this many bytes.
const OTHERS_LIMIT: usize = 8 << 20;

/// Draws `id` in full into the box (x, y, w, h), as `face::card_face` does.
/// A box at whole pixels on the plain background is copied from the cache
/// (drawn there first if need be); any other box is drawn directly.
pub fn card_face(cv: &mut Canvas, id: CardId, x: f32, y: f32, w: f32, h: f32) -> Fit {
    let key = size(w, h).map(|(w, h)| Key::Face { card: id, w, h });
    copy_or_draw(cv, key, x, y, theme::BG, |cv, x, y| Some(face::card_face(cv, id, x, y, w, h))).unwrap_or_default()
}

/// A pile in compact form on a table row, as `table::tile` draws it.
pub fn tile(cv: &mut Canvas, pile: &PileView, x: f32, y: f32, w: f32, h: f32) {
    let key = match (pile.cards.first(), size(w, h)) {
        (Some(card), Some((w, h))) => Some(Key::Tile { card: *card, color: pile.color, count: pile.cards.len(), splay: pile.splay, w, h }),
        _ => None,
    };
    copy_or_draw(cv, key, x, y, theme::PANEL, |cv, x, y| {
        table::tile(cv, pile, x, y, w, h);
        None
    });
}

/// A covered card under a board pile, as `board::strip` draws it.
pub fn strip(cv: &mut Canvas, card: CardId, splay: Splay, x: f32, y: f32) {
    copy_or_draw(cv, Some(Key::Strip { card, splay }), x, y, theme::BG, |cv, x, y| {
        board::strip(cv, card, splay, x, y);
        None
    });
}

fn size(w: f32, h: f32) -> Option<(u16, u16)> {
    let whole = |v: f32| v.fract() == 0.0 && (1.0..=f32::from(u16::MAX)).contains(&v);
    (whole(w) && whole(h)).then_some((w as u16, h as u16))
}

/// What a piece shows: everything its drawing depends on but its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Key {
    Face { card: CardId, w: u16, h: u16 },
    Tile { card: CardId, color: Color, count: usize, splay: Splay, w: u16, h: u16 },
    Strip { card: CardId, splay: Splay },
}

impl Key {
    fn size(self) -> (u16, u16) {
        match self {
            Key::Face { w, h, .. } | Key::Tile { w, h, .. } => (w, h),
            Key::Strip { .. } => (board::COL_W as u16, board::STRIP_H as u16),
        }
    }
    fn is_face(self) -> bool {
        matches!(self, Key::Face { .. })
    }
}

/// Copies the piece `key` into `cv` at (x, y) when the box is at whole pixels
/// within the picture with `bg` at its corners, drawing it into the cache
/// first if need be; otherwise (or without a key) draws it directly with
/// `draw(cv, x, y)`.
fn copy_or_draw(
    cv: &mut Canvas,
    key: Option<Key>,
    x: f32,
    y: f32,
    bg: Rgb,
    draw: impl FnOnce(&mut Canvas, f32, f32) -> Option<Fit>,
) -> Option<Fit> {
    let whole = |v: f32| v.fract() == 0.0 && (0.0..=f32::from(u16::MAX)).contains(&v);
    let Some(key) = key.filter(|k| whole(x) && whole(y) && on_background(cv, x as usize, y as usize, k.size(), bg)) else {
        return draw(cv, x, y);
    };
    let piece = match cached(key) {
        Some(p) => p,
        None => {
            let (w, h) = key.size();
            let Ok(mut own) = Canvas::new(w.into(), h.into(), bg) else {
                return draw(cv, x, y);
            };
            let fit = draw(&mut own, 0.0, 0.0);
            keep(key, Piece { runs: Runs::encode(&own), texts: std::mem::take(&mut own.texts), fit })
        }
    };
    cv.texts.extend(piece.texts.iter().cloned());
    piece.runs.paint(cv, x as usize, y as usize);
    piece.fit
}

/// Whether the box lies within the picture with `bg` at its four corners
/// (where rounded corners let the background show).
fn on_background(cv: &Canvas, x: usize, y: usize, (w, h): (u16, u16), bg: Rgb) -> bool {
    let (w, h) = (w as usize, h as usize);
    let (cw, ch) = cv.size();
    if w == 0 || h == 0 || x + w > cw as usize || y + h > ch as usize {
        return false;
    }
    let bg = opaque(bg);
    let px = cv.pixels();
    [(x, y), (x + w - 1, y), (x, y + h - 1), (x + w - 1, y + h - 1)].iter().all(|(a, b)| px.get(b * cw as usize + a) == Some(&bg))
}

fn opaque(c: Rgb) -> PremultipliedColorU8 {
    PremultipliedColorU8::from_rgba(c.0, c.1, c.2, 255).expect("an opaque colour is premultiplied")
}

/// A drawn piece, with the text it logged and, for a face, how its text fitted.
struct Piece {
    runs: Runs,
    texts: Vec<String>,
    fit: Option<Fit>,
}

impl Piece {
    fn bytes(&self) -> usize {
        self.runs.bytes() + self.texts.iter().map(|t| t.len() + 24).sum::<usize>()
    }
}

#[derive(Default)]
struct Store {
    pieces: HashMap<Key, Arc<Piece>>,
    /// Bytes held by faces and by other pieces.
    face_bytes: usize,
    other_bytes: usize,
}

fn store() -> &'static RwLock<Store> {
    static PIECES: OnceLock<RwLock<Store>> = OnceLock::new();
    PIECES.get_or_init(|| RwLock::new(Store::default()))
}

fn cached(key: Key) -> Option<Arc<Piece>> {
    store().read().unwrap_or_else(|e| e.into_inner()).pieces.get(&key).cloned()
}

/// Keeps a piece, dropping every piece of its kind first if it would not fit.
fn keep(key: Key, piece: Piece) -> Arc<Piece> {
    let piece = Arc::new(piece);
    let size = piece.bytes();
    let mut s = store().write().unwrap_or_else(|e| e.into_inner());
    let face = key.is_face();
    let (held, limit) = if face { (s.face_bytes, FACES_LIMIT) } else { (s.other_bytes, OTHERS_LIMIT) };
    if held + size > limit {
        s.pieces.retain(|k, _| k.is_face() != face);
        if face {
            s.face_bytes = 0;
        } else {
            s.other_bytes = 0;
        }
    }
    // Another thread may have drawn the same piece meanwhile: count it once.
    let old = s.pieces.insert(key, piece.clone()).map(|p| p.bytes()).unwrap_or(0);
    let held = if face { &mut s.face_bytes } else { &mut s.other_bytes };
    *held = (*held + size).saturating_sub(old);
    piece
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
                assert!(crop(&copied, 0, 0, 340, 20).iter().all(|p| *p == opaque(theme::BG)));
                assert!(crop(&copied, 0, 0, 16, 300).iter().all(|p| *p == opaque(theme::BG)));
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

    #[test]
    fn copied_tiles_and_strips_are_the_drawn_ones() {
        for c in CardDb::get().cards.iter().step_by(11) {
            for (n, splay) in [(1, Splay::None), (3, Splay::Up), (12, Splay::Aslant)] {
                let pile = PileView { color: c.color, cards: vec![c.id; n], splay };
                let mut drawn = Canvas::new(200, 120, theme::PANEL).unwrap();
                table::tile(&mut drawn, &pile, 10.0, 10.0, 178.0, 100.0);
                let mut copied = Canvas::new(200, 120, theme::PANEL).unwrap();
                for _ in 0..2 {
                    copied.texts.clear();
                    tile(&mut copied, &pile, 10.0, 10.0, 178.0, 100.0);
                    assert!(copied.pixels() == drawn.pixels(), "tile of {} ({n}, {splay:?})", c.title);
                    assert_eq!(copied.texts, drawn.texts);
                }

                let mut drawn = Canvas::new(320, 40, theme::BG).unwrap();
                board::strip(&mut drawn, c.id, splay, 10.0, 3.0);
                let mut copied = Canvas::new(320, 40, theme::BG).unwrap();
                for _ in 0..2 {
                    copied.texts.clear();
                    strip(&mut copied, c.id, splay, 10.0, 3.0);
                    assert!(copied.pixels() == drawn.pixels(), "strip of {} ({splay:?})", c.title);
                    assert_eq!(copied.texts, drawn.texts);
                }
            }
        }
    }
}

//! The drawing surface: filled shapes (tiny-skia, anti-aliased), text in the
//! embedded DejaVu Sans Condensed and its fallbacks (ab_glyph, with a shared glyph cache),
//! and PNG encoding.

use ab_glyph::{Font as _, FontRef, GlyphId, PxScale, ScaleFont as _};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

use crate::RenderError;

/// An opaque colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const fn hex(v: u32) -> Rgb {
        Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }
    /// Mixes towards `other` by `t` (0 = self, 1 = other).
    pub fn mix(self, other: Rgb, t: f32) -> Rgb {
        let m = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round().clamp(0.0, 255.0) as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }
    fn paint(self) -> Paint<'static> {
        let mut p = Paint::default();
        p.set_color_rgba8(self.0, self.1, self.2, 255);
        p.anti_alias = true;
        p
    }
}

static REGULAR_TTF: &[u8] = include_bytes!("../assets/DejaVuSansCondensed.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../assets/DejaVuSansCondensed-Bold.ttf");
static CJK_TTF: &[u8] = include_bytes!("../assets/DroidSansFallbackFull.ttf");
static HANGUL_TTF: &[u8] = include_bytes!("../assets/NanumSquareR.ttf");
static SYMBOLS_TTF: &[u8] = include_bytes!("../assets/SymbolaEmoji.ttf");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

/// A font text is drawn from: the weight's DejaVu face, or a fallback for what
/// DejaVu lacks (players' names in other scripts, emoji). See `assets/FONTS.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Face {
    Regular,
    Bold,
    Cjk,
    Hangul,
    Symbols,
}

const FALLBACKS: [Face; 3] = [Face::Cjk, Face::Hangul, Face::Symbols];

impl From<Weight> for Face {
    fn from(w: Weight) -> Face {
        match w {
            Weight::Regular => Face::Regular,
            Weight::Bold => Face::Bold,
        }
    }
}

fn font(f: Face) -> &'static FontRef<'static> {
    static FONTS: OnceLock<[FontRef<'static>; 5]> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        [REGULAR_TTF, BOLD_TTF, CJK_TTF, HANGUL_TTF, SYMBOLS_TTF].map(|ttf| FontRef::try_from_slice(ttf).expect("the embedded fonts parse"))
    });
    &fonts[f as usize]
}

/// The scale of a face at a text size: fallbacks are scaled so that their em
/// matches DejaVu's (fonts differ in how tall a line is for the same em).
fn scale(face: Face, size: f32) -> PxScale {
    let em_ratio = |f: Face| {
        let font = font(f);
        font.height_unscaled() / font.units_per_em().unwrap_or(1000.0)
    };
    match face {
        Face::Regular | Face::Bold => PxScale::from(size),
        _ => PxScale::from(size * em_ratio(face) / em_ratio(Face::Regular)),
    }
}

/// Characters that only join or vary their neighbours (zero-width joiners,
/// variation selectors, skin tones, tags): never drawn on their own.
fn invisible(ch: char) -> bool {
    matches!(ch, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FE00}'..='\u{FE0F}' | '\u{1F3FB}'..='\u{1F3FF}' | '\u{E0000}'..='\u{E007F}')
}

/// The glyph that draws `ch` in weight `w`: from DejaVu when it has one, else
/// from the first fallback that does. `None` for a character no font has (and
/// for invisible ones): it is left out rather than drawn as a box.
fn glyph_for(ch: char, w: Weight) -> Option<(Face, GlyphId)> {
    if invisible(ch) {
        return None;
    }
    let face = Face::from(w);
    let id = font(face).glyph_id(ch);
    if id.0 != 0 || ch.is_control() {
        return Some((face, id));
    }
    FALLBACKS.into_iter().find_map(|f| Some(font(f).glyph_id(ch)).filter(|id| id.0 != 0).map(|id| (f, id)))
}

/// Whether any character of `text` can be drawn (a name made only of characters
/// no embedded font has would come out blank).
pub fn drawable(text: &str) -> bool {
    text.chars().any(|ch| !ch.is_whitespace() && glyph_for(ch, Weight::Regular).is_some_and(|(_, id)| id.0 != 0))
}

/// The glyphs of `text` in order, each with the pen advance before it (the
/// kerning with the previous glyph of the same face) and its own advance.
fn layout(text: &str, w: Weight, size: f32) -> impl Iterator<Item = (Face, GlyphId, f32, f32)> + '_ {
    let mut prev: Option<(Face, GlyphId)> = None;
    text.chars().filter_map(move |ch| {
        let (face, id) = glyph_for(ch, w)?;
        let s = font(face).as_scaled(scale(face, size));
        let kern = match prev {
            Some((pf, p)) if pf == face => s.kern(p, id),
            _ => 0.0,
        };
        prev = Some((face, id));
        Some((face, id, kern, s.h_advance(id)))
    })
}

/// A rasterised glyph: coverage bytes and where they sit relative to the pen.
struct GlyphBitmap {
    left: i32,
    top: i32,
    w: usize,
    h: usize,
    cov: Vec<u8>,
}

/// Glyph positions are rounded to a quarter pixel horizontally.
const SUBPIXEL: f32 = 4.0;

type GlyphKey = (Face, u16, u32, u8);

/// Rasterised glyphs, shared by all threads (a bot renders on whichever
/// worker thread is free). Bounded: cleared if it ever grows past a limit.
fn glyph_cache() -> &'static RwLock<HashMap<GlyphKey, Arc<GlyphBitmap>>> {
    static GLYPHS: OnceLock<RwLock<HashMap<GlyphKey, Arc<GlyphBitmap>>>> = OnceLock::new();
    GLYPHS.get_or_init(|| RwLock::new(HashMap::new()))
}

fn glyph_bitmap(face: Face, id: GlyphId, size: f32, frac: u8) -> Arc<GlyphBitmap> {
    let key = (face, id.0, size.to_bits(), frac);
    if let Some(g) = glyph_cache().read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return g.clone();
    }
    let f = font(face);
    let glyph = id.with_scale_and_position(scale(face, size), ab_glyph::point(frac as f32 / SUBPIXEL, 0.0));
    let bm = match f.outline_glyph(glyph) {
        Some(og) => {
            let b = og.px_bounds();
            let (gw, gh) = (b.width() as usize, b.height() as usize);
            let mut cov = vec![0u8; gw * gh];
            og.draw(|x, y, c| {
                let i = y as usize * gw + x as usize;
                if i < cov.len() {
                    cov[i] = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
                }
            });
            GlyphBitmap { left: b.min.x as i32, top: b.min.y as i32, w: gw, h: gh, cov }
        }
        None => GlyphBitmap { left: 0, top: 0, w: 0, h: 0, cov: Vec::new() },
    };
    let bm = Arc::new(bm);
    let mut c = glyph_cache().write().unwrap_or_else(|e| e.into_inner());
    if c.len() > 20_000 {
        c.clear();
    }
    c.insert(key, bm.clone());
    bm
}

/// Vertical metrics of a font at a size.
#[derive(Clone, Copy, Debug)]
pub struct Metrics {
    pub ascent: f32,
    pub descent: f32,
}

pub fn metrics(w: Weight, size: f32) -> Metrics {
    let s = font(w.into()).as_scaled(PxScale::from(size));
    Metrics { ascent: s.ascent(), descent: -s.descent() }
}

/// Width of `text` in pixels.
pub fn text_width(text: &str, w: Weight, size: f32) -> f32 {
    layout(text, w, size).map(|(_, _, kern, advance)| kern + advance).sum()
}

/// The largest size from `max` down to `min` (in steps of 1) at which `text`
/// fits in `width`; `min` if none does.
pub fn fit_size(text: &str, w: Weight, width: f32, max: f32, min: f32) -> f32 {
    let mut size = max;
    while size > min && text_width(text, w, size) > width {
        size -= 1.0;
    }
    size.max(min)
}

/// Cuts `text` with an ellipsis so that it fits in `width`.
pub fn ellipsize(text: &str, w: Weight, size: f32, width: f32) -> String {
    if text_width(text, w, size) <= width {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let s: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if text_width(&s, w, size) <= width {
            return s;
        }
    }
    "…".into()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
}

/// A picture being drawn. Every piece of text drawn is also logged, so that
/// tests can check what a picture says.
pub struct Canvas {
    pm: Pixmap,
    pub texts: Vec<String>,
}

impl Canvas {
    pub fn new(width: u32, height: u32, background: Rgb) -> Result<Canvas, RenderError> {
        // Filled as it is made (rather than zeroed, then filled): one pass over the pixels.
        let size = tiny_skia::IntSize::from_wh(width.max(1), height.max(1)).ok_or(RenderError::Size { width, height })?;
        let n = (size.width() as usize).checked_mul(size.height() as usize).filter(|n| *n <= i32::MAX as usize / 4);
        let n = n.ok_or(RenderError::Size { width, height })?;
        let pixels = [background.0, background.1, background.2, 255].repeat(n);
        let pm = Pixmap::from_vec(pixels, size).ok_or(RenderError::Size { width, height })?;
        Ok(Canvas { pm, texts: Vec::new() })
    }

    /// A picture with every pixel transparent, to draw a piece that is then
    /// blended over others.
    pub fn transparent(width: u32, height: u32) -> Result<Canvas, RenderError> {
        let pm = Pixmap::new(width.max(1), height.max(1)).ok_or(RenderError::Size { width, height })?;
        Ok(Canvas { pm, texts: Vec::new() })
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.pm.width(), self.pm.height())
    }

    /// The pixels, row after row (premultiplied RGBA; every pixel is opaque).
    pub fn pixels(&self) -> &[tiny_skia::PremultipliedColorU8] {
        self.pm.pixels()
    }

    pub fn pixels_mut(&mut self) -> &mut [tiny_skia::PremultipliedColorU8] {
        self.pm.pixels_mut()
    }

    pub fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgb) {
        if let Some(r) = Rect::from_xywh(x, y, w, h) {
            self.pm.fill_rect(r, &c.paint(), Transform::identity(), None);
        }
    }

    fn rounded_path(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<tiny_skia::Path> {
        let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
        let k = 0.552_284_8 * r;
        let mut pb = PathBuilder::new();
        pb.move_to(x + r, y);
        pb.line_to(x + w - r, y);
        pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
        pb.line_to(x + w, y + h - r);
        pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
        pb.line_to(x + r, y + h);
        pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
        pb.line_to(x, y + r);
        pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
        pb.close();
        pb.finish()
    }

    pub fn round_rect(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, c: Rgb) {
        if let Some(p) = Self::rounded_path(x, y, w, h, r) {
            self.pm.fill_path(&p, &c.paint(), FillRule::Winding, Transform::identity(), None);
        }
    }

    /// A rounded rectangle outline of width `lw`, drawn inside the rectangle.
    pub fn round_rect_outline(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, lw: f32, c: Rgb) {
        let i = lw / 2.0;
        if let Some(p) = Self::rounded_path(x + i, y + i, w - lw, h - lw, (r - i).max(0.0)) {
            let stroke = Stroke { width: lw, ..Stroke::default() };
            self.pm.stroke_path(&p, &c.paint(), &stroke, Transform::identity(), None);
        }
    }

    /// A dashed rounded outline (for empty places).
    pub fn dashed_outline(&mut self, x: f32, y: f32, w: f32, h: f32, r: f32, lw: f32, c: Rgb) {
        let i = lw / 2.0;
        if let Some(p) = Self::rounded_path(x + i, y + i, w - lw, h - lw, (r - i).max(0.0)) {
            let stroke = Stroke { width: lw, dash: tiny_skia::StrokeDash::new(vec![lw * 3.0, lw * 2.0], 0.0), ..Stroke::default() };
            self.pm.stroke_path(&p, &c.paint(), &stroke, Transform::identity(), None);
        }
    }

    pub fn circle(&mut self, cx: f32, cy: f32, r: f32, c: Rgb) {
        if let Some(p) = PathBuilder::from_circle(cx, cy, r) {
            self.pm.fill_path(&p, &c.paint(), FillRule::Winding, Transform::identity(), None);
        }
    }

    /// Fills a closed polygon.
    pub fn polygon(&mut self, pts: &[(f32, f32)], c: Rgb) {
        let mut pb = PathBuilder::new();
        for (i, (x, y)) in pts.iter().enumerate() {
            if i == 0 {
                pb.move_to(*x, *y)
            } else {
                pb.line_to(*x, *y)
            }
        }
        pb.close();
        if let Some(p) = pb.finish() {
            self.pm.fill_path(&p, &c.paint(), FillRule::Winding, Transform::identity(), None);
        }
    }

    /// Fills any path built by `build`.
    pub fn path(&mut self, c: Rgb, build: impl FnOnce(&mut PathBuilder)) {
        let mut pb = PathBuilder::new();
        build(&mut pb);
        if let Some(p) = pb.finish() {
            self.pm.fill_path(&p, &c.paint(), FillRule::Winding, Transform::identity(), None);
        }
    }

    /// Strokes an open polyline with round caps.
    pub fn line(&mut self, pts: &[(f32, f32)], width: f32, c: Rgb) {
        let mut pb = PathBuilder::new();
        for (i, (x, y)) in pts.iter().enumerate() {
            if i == 0 {
                pb.move_to(*x, *y)
            } else {
                pb.line_to(*x, *y)
            }
        }
        if let Some(p) = pb.finish() {
            let stroke = Stroke { width, line_cap: tiny_skia::LineCap::Round, line_join: tiny_skia::LineJoin::Round, ..Stroke::default() };
            self.pm.stroke_path(&p, &c.paint(), &stroke, Transform::identity(), None);
        }
    }

    /// Draws `text` with its top-left corner at (x, y) (the top of the line box,
    /// i.e. the font's ascent). Returns the width drawn.
    pub fn text(&mut self, text: &str, x: f32, y: f32, size: f32, w: Weight, c: Rgb) -> f32 {
        self.texts.push(text.to_string());
        let baseline = y + font(w.into()).as_scaled(PxScale::from(size)).ascent();
        let mut pen = x;
        for (face, id, kern, advance) in layout(text, w, size) {
            pen += kern;
            let whole = pen.floor();
            let frac = ((pen - whole) * SUBPIXEL).round() as u8;
            let (whole, frac) = if frac as f32 >= SUBPIXEL { (whole + 1.0, 0) } else { (whole, frac) };
            let g = glyph_bitmap(face, id, size, frac);
            self.blit(&g, whole as i32, baseline.round() as i32, c);
            pen += advance;
        }
        pen - x
    }

    /// Draws `text` aligned in the horizontal span [x, x + width], with the line box's
    /// top at y.
    pub fn text_aligned(&mut self, text: &str, x: f32, y: f32, width: f32, size: f32, w: Weight, c: Rgb, align: Align) -> f32 {
        let tw = text_width(text, w, size);
        let x0 = match align {
            Align::Left => x,
            Align::Center => x + (width - tw) / 2.0,
        };
        self.text(text, x0, y, size, w, c)
    }

    /// Draws `text` centred in a box, vertically centred on the cap height.
    pub fn text_centered(&mut self, text: &str, x: f32, y: f32, width: f32, height: f32, size: f32, w: Weight, c: Rgb) {
        let m = metrics(w, size);
        // Centre on the visual middle of capitals/digits (about 0.72 of the ascent).
        let cap = m.ascent * 0.72;
        let top = y + height / 2.0 - cap / 2.0 - (m.ascent - cap);
        self.text_aligned(text, x, top, width, size, w, c, Align::Center);
    }

    fn blit(&mut self, g: &GlyphBitmap, x: i32, baseline: i32, c: Rgb) {
        let (pw, ph) = (self.pm.width() as i32, self.pm.height() as i32);
        let data = self.pm.data_mut();
        for gy in 0..g.h {
            let py = baseline + g.top + gy as i32;
            if py < 0 || py >= ph {
                continue;
            }
            let row = &g.cov[gy * g.w..(gy + 1) * g.w];
            for (gx, &a) in row.iter().enumerate() {
                if a == 0 {
                    continue;
                }
                let px = x + g.left + gx as i32;
                if px < 0 || px >= pw {
                    continue;
                }
                let i = (py as usize * pw as usize + px as usize) * 4;
                let a = a as u32;
                let na = 255 - a;
                let px = &mut data[i..i + 4];
                px[0] = ((c.0 as u32 * a + px[0] as u32 * na + 127) / 255) as u8;
                px[1] = ((c.1 as u32 * a + px[1] as u32 * na + 127) / 255) as u8;
                px[2] = ((c.2 as u32 * a + px[2] as u32 * na + 127) / 255) as u8;
                px[3] = ((255 * a + px[3] as u32 * na + 127) / 255) as u8;
            }
        }
    }

    /// Encodes the picture as an RGB PNG (every pixel is opaque).
    pub fn encode(&self) -> Result<Vec<u8>, RenderError> {
        crate::encode::rgb_png(self.pm.data(), self.pm.width(), self.pm.height())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_other_scripts_and_emoji_are_drawn_from_the_fallbacks() {
        assert_eq!(glyph_for('a', Weight::Bold).map(|(f, _)| f), Some(Face::Bold));
        assert_eq!(glyph_for('Ж', Weight::Regular).map(|(f, _)| f), Some(Face::Regular));
        assert_eq!(glyph_for('日', Weight::Regular).map(|(f, _)| f), Some(Face::Cjk));
        assert_eq!(glyph_for('あ', Weight::Bold).map(|(f, _)| f), Some(Face::Cjk));
        assert_eq!(glyph_for('한', Weight::Regular).map(|(f, _)| f), Some(Face::Hangul));
        assert_eq!(glyph_for('🎲', Weight::Regular).map(|(f, _)| f), Some(Face::Symbols));
        assert_eq!(glyph_for('🔥', Weight::Bold).map(|(f, _)| f), Some(Face::Symbols));
        // Joiners and selectors take no room; what no font has is left out, not drawn as a box.
        assert_eq!(glyph_for('\u{FE0F}', Weight::Regular), None);
        assert_eq!(glyph_for('\u{200D}', Weight::Regular), None);
        assert_eq!(glyph_for('\u{10FFFD}', Weight::Regular), None);
        assert_eq!(text_width("ab\u{10FFFD}\u{FE0F}", Weight::Regular, 20.0), text_width("ab", Weight::Regular, 20.0));
    }

    #[test]
    fn fallback_glyphs_are_about_as_big_as_dejavu_ones() {
        let size = 30.0;
        let m = text_width("M", Weight::Regular, size);
        for s in ["日", "한", "🎲"] {
            let w = text_width(s, Weight::Regular, size);
            assert!(w > 0.8 * m && w < 2.5 * m, "{s}: {w} against M {m}");
        }
    }

    #[test]
    fn fallback_text_puts_ink_on_the_picture() {
        for s in ["日本", "한국", "🔥🎲"] {
            let mut cv = Canvas::new(120, 50, Rgb(255, 255, 255)).unwrap();
            cv.text(s, 4.0, 4.0, 30.0, Weight::Bold, Rgb(0, 0, 0));
            let inked = cv.pixels().iter().filter(|p| p.red() < 128).count();
            assert!(inked > 40, "{s}: {inked} dark pixels");
        }
    }

    #[test]
    fn a_name_nothing_can_draw_is_not_drawable() {
        assert!(drawable("ann"));
        assert!(drawable("🔥"));
        assert!(!drawable("\u{10FFFD}\u{FE0F}"));
        assert!(!drawable("  "));
    }
}

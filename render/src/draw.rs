//! The drawing surface: filled shapes (tiny-skia, anti-aliased), text in the
//! embedded DejaVu Sans Condensed (ab_glyph, with a shared glyph cache),
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

fn font(w: Weight) -> &'static FontRef<'static> {
    static FONTS: OnceLock<[FontRef<'static>; 2]> = OnceLock::new();
    let f = FONTS.get_or_init(|| {
        [
            FontRef::try_from_slice(REGULAR_TTF).expect("the embedded regular font parses"),
            FontRef::try_from_slice(BOLD_TTF).expect("the embedded bold font parses"),
        ]
    });
    &f[w as usize]
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

type GlyphKey = (Weight, u16, u32, u8);

/// Rasterised glyphs, shared by all threads (a bot renders on whichever
/// worker thread is free). Bounded: cleared if it ever grows past a limit.
fn glyph_cache() -> &'static RwLock<HashMap<GlyphKey, Arc<GlyphBitmap>>> {
    static GLYPHS: OnceLock<RwLock<HashMap<GlyphKey, Arc<GlyphBitmap>>>> = OnceLock::new();
    GLYPHS.get_or_init(|| RwLock::new(HashMap::new()))
}

fn glyph_bitmap(w: Weight, id: GlyphId, size: f32, frac: u8) -> Arc<GlyphBitmap> {
    let key = (w, id.0, size.to_bits(), frac);
    if let Some(g) = glyph_cache().read().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return g.clone();
    }
    let f = font(w);
    let glyph = id.with_scale_and_position(PxScale::from(size), ab_glyph::point(frac as f32 / SUBPIXEL, 0.0));
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
    let s = font(w).as_scaled(PxScale::from(size));
    Metrics { ascent: s.ascent(), descent: -s.descent() }
}

/// Width of `text` in pixels.
pub fn text_width(text: &str, w: Weight, size: f32) -> f32 {
    let s = font(w).as_scaled(PxScale::from(size));
    let mut x = 0.0;
    let mut prev: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = s.glyph_id(ch);
        if let Some(p) = prev {
            x += s.kern(p, id);
        }
        x += s.h_advance(id);
        prev = Some(id);
    }
    x
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
        let f = font(w);
        let s = f.as_scaled(PxScale::from(size));
        let baseline = y + s.ascent();
        let mut pen = x;
        let mut prev: Option<GlyphId> = None;
        for ch in text.chars() {
            let id = s.glyph_id(ch);
            if let Some(p) = prev {
                pen += s.kern(p, id);
            }
            let whole = pen.floor();
            let frac = ((pen - whole) * SUBPIXEL).round() as u8;
            let (whole, frac) = if frac as f32 >= SUBPIXEL { (whole + 1.0, 0) } else { (whole, frac) };
            let g = glyph_bitmap(w, id, size, frac);
            self.blit(&g, whole as i32, baseline.round() as i32, c);
            pen += s.h_advance(id);
            prev = Some(id);
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

//! A picture kept as runs of one colour, row after row: most of a card or an
//! icon is flat colour, so this takes about a ninth of the room of its pixels,
//! and copying it is filling a few spans a row.

use crate::draw::Canvas;
use tiny_skia::PremultipliedColorU8;

/// A picture as runs of one colour, row after row (a run never spans two rows).
pub struct Runs {
    width: usize,
    height: usize,
    colors: Vec<PremultipliedColorU8>,
    lens: Vec<u16>,
}

impl Runs {
    pub fn encode(cv: &Canvas) -> Runs {
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

    pub fn bytes(&self) -> usize {
        self.colors.len() * 4 + self.lens.len() * 2
    }

    /// Copies the picture into `cv` with its top-left corner at (x, y), clipped to `cv`.
    pub fn paint(&self, cv: &mut Canvas, x: usize, y: usize) {
        self.each_span(cv, x, y, |dst, c| dst.fill(c));
    }

    /// Draws the picture, which may be partly transparent, over `cv` with its
    /// top-left corner at (x, y) (source over, premultiplied), clipped to `cv`.
    pub fn blend(&self, cv: &mut Canvas, x: usize, y: usize) {
        self.each_span(cv, x, y, |dst, c| match c.alpha() {
            0 => {}
            255 => dst.fill(c),
            a => dst.iter_mut().for_each(|d| *d = over(c, *d, a)),
        });
    }

    /// Calls `f` with each run's pixels of `cv` (the picture placed with its top-left
    /// corner at (x, y), clipped to `cv`) and the run's colour.
    fn each_span(&self, cv: &mut Canvas, x: usize, y: usize, mut f: impl FnMut(&mut [PremultipliedColorU8], PremultipliedColorU8)) {
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
                    f(&mut dst[col..end], *c);
                }
                col += *n as usize;
            }
        }
    }
}

/// `s` (premultiplied, alpha `a`) over `d`.
fn over(s: PremultipliedColorU8, d: PremultipliedColorU8, a: u8) -> PremultipliedColorU8 {
    let k = 255 - a as u16;
    let mix = |s: u8, d: u8| (s as u16 + (d as u16 * k + 127) / 255).min(255) as u8;
    let (r, g, b, al) = (mix(s.red(), d.red()), mix(s.green(), d.green()), mix(s.blue(), d.blue()), mix(a, d.alpha()));
    // Premultiplied channels never exceed alpha; keep it so after rounding.
    PremultipliedColorU8::from_rgba(r.min(al), g.min(al), b.min(al), al).unwrap_or(d)
}

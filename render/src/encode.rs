//! PNG encoding of an opaque picture, row by row: each row is turned from RGBA
//! into RGB, filtered with Paeth and handed to fdeflate's fast compressor,
//! without ever holding the whole picture as RGB. A row the same as the one
//! above (flat colour: a quarter of a hand's rows, an eighth of the table's)
//! filters to zeros, so it is neither converted nor filtered. The bytes are those of the `png` crate's
//! encoder with the same settings (fast compression, Paeth filter).

use crate::RenderError;

/// Compressed rows are handed to the compressor in batches of about this many bytes.
const BATCH: usize = 64 * 1024;

/// Encodes `rgba` (4 bytes a pixel, row after row, all opaque) as an 8-bit RGB PNG.
pub fn rgb_png(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, RenderError> {
    let w = width as usize;
    if width == 0 || height == 0 || rgba.len() != 4 * w * height as usize {
        return Err(RenderError::Encode(format!("{} bytes are not an RGBA picture of {width}x{height}", rgba.len())));
    }
    let err = |e: std::io::Error| RenderError::Encode(e.to_string());
    let mut out = Vec::with_capacity(rgba.len() / 16);
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8 bits, RGB, deflate, standard filters, not interlaced
    chunk(&mut out, b"IHDR", &ihdr);

    // The IDAT chunk is written in place: length and type first, the length patched at the end.
    let start = out.len();
    out.extend_from_slice(&[0, 0, 0, 0]);
    out.extend_from_slice(b"IDAT");
    let mut z = fdeflate::Compressor::new(&mut out).map_err(err)?;
    let stride = 3 * w + 1;
    let mut batch: Vec<u8> = Vec::with_capacity(BATCH + stride);
    let mut prev = vec![0u8; 3 * w];
    let mut cur = vec![0u8; 3 * w];
    let mut above: Option<&[u8]> = None;
    for row in rgba.chunks_exact(4 * w) {
        let at = batch.len();
        batch.resize(at + stride, 0);
        batch[at] = 4; // Paeth
        if above != Some(row) {
            to_rgb(row, &mut cur);
            paeth(&cur, &prev, &mut batch[at + 1..]);
            std::mem::swap(&mut cur, &mut prev);
        }
        above = Some(row);
        if batch.len() >= BATCH {
            z.write_data(&batch).map_err(err)?;
            batch.clear();
        }
    }
    z.write_data(&batch).map_err(err)?;
    z.finish().map_err(err)?;
    let len = u32::try_from(out.len() - start - 8).ok().filter(|n| *n <= i32::MAX as u32);
    let len = len.ok_or_else(|| RenderError::Encode("the picture is too big for one PNG chunk".into()))?;
    out[start..start + 4].copy_from_slice(&len.to_be_bytes());
    let crc = crc32fast::hash(&out[start + 4..]);
    out.extend_from_slice(&crc.to_be_bytes());
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

/// Appends a chunk: length, type, data, CRC of type and data.
fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let at = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32fast::hash(&out[at..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// Drops the alpha byte of opaque pixels (premultiplied is then plain RGB),
/// four pixels at a time (the compiler turns this into shuffles).
fn to_rgb(rgba: &[u8], rgb: &mut [u8]) {
    let mut d4 = rgb.chunks_exact_mut(12);
    let mut s4 = rgba.chunks_exact(16);
    for (d, s) in (&mut d4).zip(&mut s4) {
        let d: &mut [u8; 12] = d.try_into().expect("12 bytes");
        let s: &[u8; 16] = s.try_into().expect("16 bytes");
        *d = [s[0], s[1], s[2], s[4], s[5], s[6], s[8], s[9], s[10], s[12], s[13], s[14]];
    }
    for (d, s) in d4.into_remainder().chunks_exact_mut(3).zip(s4.remainder().chunks_exact(4)) {
        d.copy_from_slice(&s[..3]);
    }
}

/// The Paeth filter of `row` (RGB) under `prev` into `out`, in blocks of 32
/// bytes that the compiler vectorises.
fn paeth(row: &[u8], prev: &[u8], out: &mut [u8]) {
    const BLOCK: usize = 32;
    let n = row.len().min(prev.len()).min(out.len());
    if n < 3 {
        return;
    }
    // The first pixel has nothing to its left: the predictor is the byte above.
    for i in 0..3 {
        out[i] = row[i].wrapping_sub(prev[i]);
    }
    let (out, x, a, b, c) = (&mut out[3..n], &row[3..n], &row[..n - 3], &prev[3..n], &prev[..n - 3]);
    let mut blocks = out.chunks_exact_mut(BLOCK);
    let mut done = 0;
    for (i, o) in (&mut blocks).enumerate() {
        let k = i * BLOCK;
        let (x, a, b, c) = (&x[k..k + BLOCK], &a[k..k + BLOCK], &b[k..k + BLOCK], &c[k..k + BLOCK]);
        for j in 0..BLOCK {
            o[j] = x[j].wrapping_sub(predict(a[j], b[j], c[j]));
        }
        done = k + BLOCK;
    }
    for (j, o) in blocks.into_remainder().iter_mut().enumerate() {
        let k = done + j;
        *o = x[k].wrapping_sub(predict(a[k], b[k], c[k]));
    }
}

/// The Paeth predictor from left `a`, above `b` and above-left `c`, in 8-bit
/// arithmetic only (Luca Versari's form, as in FPNGE and the png crate):
/// pa = |b - c|, pb = |a - c|, and pc = |pa - pb| when c lies between a and b,
/// else larger than both (so it does not matter).
#[inline(always)]
fn predict(a: u8, b: u8, c: u8) -> u8 {
    let pa = b.max(c) - b.min(c);
    let pb = a.max(c) - a.min(c);
    let pc = if (a < c) == (c < b) { pa.max(pb) - pa.min(pb) } else { 255 };
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(png: &[u8]) -> (u32, u32, Vec<u8>) {
        let mut r = png::Decoder::new(std::io::Cursor::new(png)).read_info().expect("a valid PNG header");
        let mut buf = vec![0; r.output_buffer_size().expect("a size")];
        let info = r.next_frame(&mut buf).expect("valid PNG data");
        assert_eq!((info.color_type, info.bit_depth), (png::ColorType::Rgb, png::BitDepth::Eight));
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    }

    #[test]
    fn pictures_decode_to_their_pixels() {
        // Noise, flat runs and repeated rows, at widths that do and do not fill a batch evenly.
        for (w, h) in [(1, 1), (2, 3), (7, 5), (300, 40), (1001, 90)] {
            let mut seed = 12345u32 + w;
            let rgba: Vec<u8> = (0..w * h)
                .flat_map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    let v = if (i / w) % 3 == 1 || i % 5 == 0 { 200 } else { (seed >> 16) as u8 };
                    [v, v.wrapping_mul(3), 255 - v, 255]
                })
                .collect();
            let (dw, dh, rgb) = decode(&rgb_png(&rgba, w, h).unwrap());
            assert_eq!((dw, dh), (w, h));
            let want: Vec<u8> = rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
            assert!(rgb == want, "{w}x{h}");
        }
    }

    #[test]
    fn rows_that_repeat_or_change_in_part_decode_to_their_pixels() {
        // Each row is the one above with one span changed: at the left edge, the
        // right edge, the middle, a single pixel, or nothing.
        for w in [1u32, 2, 5, 40, 333] {
            let n = w as usize;
            let mut seed = 777u32 + w;
            let mut rand = move || {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (seed >> 16) as usize
            };
            let mut row: Vec<u8> = (0..4 * n).map(|i| if i % 4 == 3 { 255 } else { rand() as u8 }).collect();
            let mut rgba = row.clone();
            let h = 60;
            for y in 1..h {
                let (s, e) = match y % 5 {
                    0 => (0, 1 + rand() % n),
                    1 => (rand() % n, n),
                    2 => {
                        let s = rand() % n;
                        (s, s + 1 + rand() % (n - s))
                    }
                    3 => {
                        let s = rand() % n;
                        (s, s + 1)
                    }
                    _ => (0, 0),
                };
                for p in s..e {
                    let v = rand() as u8;
                    row[4 * p..4 * p + 3].copy_from_slice(&[v, v ^ 0x5a, v.wrapping_add(7)]);
                }
                rgba.extend_from_slice(&row);
            }
            let (_, _, rgb) = decode(&rgb_png(&rgba, w, h).unwrap());
            let want: Vec<u8> = rgba.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
            assert!(rgb == want, "width {w}");
        }
    }

    #[test]
    fn the_predictor_is_the_specification_s() {
        let spec = |a: u8, b: u8, c: u8| {
            let p = a as i16 + b as i16 - c as i16;
            let (pa, pb, pc) = ((p - a as i16).abs(), (p - b as i16).abs(), (p - c as i16).abs());
            if pa <= pb && pa <= pc {
                a
            } else if pb <= pc {
                b
            } else {
                c
            }
        };
        let values: Vec<u8> = (0..=255).step_by(3).chain([1, 2, 127, 128, 254]).collect();
        for &a in &values {
            for &b in &values {
                for &c in &values {
                    assert_eq!(predict(a, b, c), spec(a, b, c), "a {a} b {b} c {c}");
                }
            }
        }
    }

    #[test]
    fn a_wrong_size_is_an_error() {
        assert!(rgb_png(&[255; 24], 4, 2).is_err());
        assert!(rgb_png(&[], 0, 0).is_err());
    }
}

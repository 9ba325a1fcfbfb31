//! Printed effect text with its markup: `{5}` is a value in a box (`{}` an
//! empty box, as Johannes Kepler prints it), `[authority]` an icon and `[hex]`
//! the card image. Laid out in words, wrapped to a width; a block may lead with
//! a tag (a karma's "KARMA").

use crate::draw::{metrics, text_width, Canvas, Rgb, Weight};
use crate::icons;
use crate::theme;
use engine::Icon;

#[derive(Clone, Debug, PartialEq)]
pub enum Atom {
    Text(String),
    Icon(Icon),
    Value(u8),
    /// An empty value box ("each {} value": every boxed value).
    EmptyValue,
    /// The card image.
    Hex,
    /// A word on a dark tag leading a block (a karma effect's "KARMA").
    Tag(String),
}

/// Splits printed text into words; a word is a run of atoms with no space
/// between them (`{1}.` is a value followed by a full stop).
pub fn parse(text: &str) -> Vec<Vec<Atom>> {
    let mut words = Vec::new();
    for raw in text.split_whitespace() {
        let mut atoms = Vec::new();
        let mut rest = raw;
        while !rest.is_empty() {
            let special = rest.find(['{', '[']);
            match special {
                Some(0) => {
                    let close = if rest.starts_with('{') { '}' } else { ']' };
                    if let Some(end) = rest.find(close) {
                        let inner = &rest[1..end];
                        let atom = match (close, inner) {
                            ('}', "") => Some(Atom::EmptyValue),
                            ('}', _) => inner.parse::<u8>().ok().map(Atom::Value),
                            (_, "hex") => Some(Atom::Hex),
                            _ => Icon::parse(inner).map(Atom::Icon),
                        };
                        atoms.push(atom.unwrap_or_else(|| Atom::Text(rest[..=end].to_string())));
                        rest = &rest[end + 1..];
                    } else {
                        atoms.push(Atom::Text(rest.to_string()));
                        rest = "";
                    }
                }
                Some(i) => {
                    atoms.push(Atom::Text(rest[..i].to_string()));
                    rest = &rest[i..];
                }
                None => {
                    atoms.push(Atom::Text(rest.to_string()));
                    rest = "";
                }
            }
        }
        words.push(atoms);
    }
    words
}

/// A tag's word, by the size of the text around it.
const TAG_SIZE: f32 = 0.68;

fn atom_width(a: &Atom, size: f32, w: Weight) -> f32 {
    match a {
        Atom::Text(t) => text_width(t, w, size),
        Atom::Icon(_) | Atom::Hex => size * 1.12,
        Atom::Value(v) => text_width(&v.to_string(), Weight::Bold, size * 0.86) + size * 0.5,
        Atom::EmptyValue => size * 0.95,
        Atom::Tag(t) => text_width(t, Weight::Bold, size * TAG_SIZE) + size * 0.6,
    }
}

/// Words placed on lines.
pub struct Layout {
    pub size: f32,
    pub weight: Weight,
    /// Each line: (x offset, atom).
    pub lines: Vec<Vec<(f32, Atom)>>,
    /// The widest line.
    pub width: f32,
}

impl Layout {
    pub fn line_height(&self) -> f32 {
        self.size * 1.28
    }
    pub fn height(&self) -> f32 {
        self.lines.len() as f32 * self.line_height()
    }
}

/// Wraps `words` to `width` at font size `size`.
pub fn layout(words: &[Vec<Atom>], size: f32, weight: Weight, width: f32) -> Layout {
    let space = text_width(" ", weight, size);
    let mut lines: Vec<Vec<(f32, Atom)>> = vec![Vec::new()];
    let mut x = 0.0f32;
    let mut widest = 0.0f32;
    for word in words {
        let ww: f32 = word.iter().map(|a| atom_width(a, size, weight)).sum();
        let line = lines.last_mut().expect("there is a line");
        if !line.is_empty() && x + space + ww > width {
            widest = widest.max(x);
            lines.push(Vec::new());
            x = 0.0;
        } else if !line.is_empty() {
            x += space;
        }
        let line = lines.last_mut().expect("there is a line");
        for a in word {
            line.push((x, a.clone()));
            x += atom_width(a, size, weight);
        }
    }
    widest = widest.max(x);
    Layout { size, weight, lines, width: widest }
}

/// Draws a layout with its top-left corner at (x, y). Values are drawn as
/// boxes of `ink` with the number in `paper`.
pub fn draw(cv: &mut Canvas, l: &Layout, x: f32, y: f32, ink: Rgb, paper: Rgb) {
    let lh = l.line_height();
    let m = metrics(l.weight, l.size);
    for (i, line) in l.lines.iter().enumerate() {
        let top = y + i as f32 * lh;
        // The line box is lh tall; text is centred in it.
        let text_top = top + (lh - (m.ascent + m.descent)) / 2.0;
        let mid = top + lh / 2.0;
        for (dx, a) in line {
            let ax = x + dx;
            match a {
                Atom::Text(t) => {
                    cv.text(t, ax, text_top, l.size, l.weight, ink);
                }
                Atom::Icon(icon) => {
                    let s = l.size * 1.08;
                    icons::chip(cv, *icon, ax + l.size * 0.02, mid - s / 2.0, s);
                }
                Atom::Hex => {
                    let s = l.size * 1.08;
                    icons::hexagon(cv, ax + l.size * 0.02, mid - s / 2.0, s, theme::HEX_FILL, theme::HEX_EDGE);
                }
                Atom::Value(v) => {
                    let w = atom_width(a, l.size, l.weight) - l.size * 0.1;
                    let h = l.size * 1.08;
                    cv.round_rect(ax + l.size * 0.05, mid - h / 2.0, w, h, l.size * 0.18, ink);
                    cv.text_centered(&v.to_string(), ax + l.size * 0.05, mid - h / 2.0, w, h, l.size * 0.86, Weight::Bold, paper);
                }
                Atom::EmptyValue => {
                    // The box drawn as an outline: no value in it.
                    let w = atom_width(a, l.size, l.weight) - l.size * 0.1;
                    let h = l.size * 1.08;
                    cv.round_rect_outline(ax + l.size * 0.05, mid - h / 2.0, w, h, l.size * 0.18, (l.size * 0.1).max(1.0), ink);
                }
                Atom::Tag(t) => {
                    let w = atom_width(a, l.size, l.weight) - l.size * 0.1;
                    let h = l.size * 0.98;
                    cv.round_rect(ax, mid - h / 2.0, w, h, l.size * 0.22, theme::KARMA_TAG);
                    cv.text_centered(t, ax, mid - h / 2.0, w, h, l.size * TAG_SIZE, Weight::Bold, theme::KARMA_TAG_TEXT);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_becomes_values_and_icons() {
        let w = parse("Draw a {3}. If it has [authority], score it.");
        assert_eq!(w[2], vec![Atom::Value(3), Atom::Text(".".into())]);
        assert_eq!(w[6], vec![Atom::Icon(Icon::Authority), Atom::Text(",".into())]);
        assert_eq!(parse("{10}")[0], vec![Atom::Value(10)]);
        // Johannes Kepler's empty box and Stephen Hawking's card image.
        assert_eq!(parse("each {} value")[1], vec![Atom::EmptyValue]);
        assert_eq!(parse("each [hex] in")[1], vec![Atom::Hex]);
        assert_eq!(parse("[nothing]")[0], vec![Atom::Text("[nothing]".into())]);
    }

    #[test]
    fn long_text_wraps_within_width() {
        let words = parse(
            "I demand you transfer a top non-yellow card with [efficiency] from your board to my board! If you do, score the card beneath it.",
        );
        let l = layout(&words, 20.0, Weight::Regular, 300.0);
        assert!(l.lines.len() > 2);
        assert!(l.width <= 300.0);
    }
}

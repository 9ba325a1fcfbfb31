//! The icons, drawn by code as silhouettes that differ in shape, so that they
//! can be told apart without colour: authority (a castle tower), concept (a
//! light bulb), health (a leaf), prosperity (a crown), industry (a factory),
//! efficiency (a clock), avatar (a person), and the card image (a hexagon).
//! Each icon sits on a light chip with a faint tint of its traditional colour.
//!
//! Cities of Destiny: a search icon is its standard icon with a magnifying glass
//! in its corner (as printed); the special icons are light silhouettes on a dark
//! chip, so that they stand apart from the standard ones: flag (a pennant on a
//! pole), fountain (a basin with jets), plus (a cross), junk (a bin), uplift (two
//! chevrons up), unsplay (two arrows meeting at a bar), and the three splay arrows.
//! A bonus is its value on a light chip.
//!
//! Echoes of the Past: the echo slot is a teal chip with waves spreading from a
//! point (its effect's words lead the card's effects, marked by the same chip).

use crate::draw::{Canvas, Rgb};
use crate::theme;
use engine::{CityIcon, Icon, Slot};

/// Draws what an icon slot shows in the square (x, y, size): a standard icon on its chip (with a
/// magnifying glass for a search icon), the card image, or an expansion's slot (echo effect,
/// bonus, city icon).
pub fn slot(cv: &mut Canvas, s: Slot, x: f32, y: f32, size: f32) {
    match s {
        Slot::Icon(i) => chip(cv, i, x, y, size),
        Slot::Search(i) => {
            chip(cv, i, x, y, size);
            magnifier(cv, x, y, size);
        }
        Slot::Hex => hexagon(cv, x, y, size, theme::HEX_FILL, theme::HEX_EDGE),
        Slot::Empty => {}
        Slot::Echo => echo_chip(cv, x, y, size),
        Slot::Bonus(v) => label_chip(cv, &v.to_string(), x, y, size),
        Slot::City(c) => city_chip(cv, c, x, y, size),
    }
}

/// A magnifying glass in the bottom-right corner of a chip: a search icon.
fn magnifier(cv: &mut Canvas, x: f32, y: f32, size: f32) {
    let r = size * 0.17;
    let (cx, cy) = (x + size - r - size * 0.12, y + size - r - size * 0.12);
    let t = (size * 0.07).max(1.0);
    cv.line(&[(cx + r * 0.6, cy + r * 0.6), (x + size - size * 0.02, y + size - size * 0.02)], t * 1.8, theme::INK);
    cv.circle(cx, cy, r + t * 0.9, theme::PAPER);
    cv.circle(cx, cy, r, theme::INK);
    cv.circle(cx, cy, r - t, theme::PAPER);
}

/// A Cities special icon: its light silhouette on a dark chip.
pub fn city_chip(cv: &mut Canvas, icon: CityIcon, x: f32, y: f32, size: f32) {
    let r = size * 0.2;
    cv.round_rect(x, y, size, size, r, theme::CITY_EDGE);
    let e = (size * 0.06).max(1.0);
    cv.round_rect(x + e, y + e, size - 2.0 * e, size - 2.0 * e, r - e * 0.5, theme::CITY_CHIP);
    city_glyph(cv, icon, x + size / 2.0, y + size / 2.0, size * 0.36, theme::CITY_INK, theme::CITY_CHIP);
}

/// The silhouette of a Cities special icon centred on (cx, cy), `s` = half its size.
pub fn city_glyph(cv: &mut Canvas, icon: CityIcon, cx: f32, cy: f32, s: f32, fg: Rgb, bg: Rgb) {
    let p = |x: f32, y: f32| (cx + x * s, cy + y * s);
    let arrow = |cv: &mut Canvas, angle: f32| {
        let a = angle.to_radians();
        let (ca, sa) = (a.cos(), a.sin());
        let rot = |px: f32, py: f32| (cx + (px * ca - py * sa) * s, cy + (px * sa + py * ca) * s);
        cv.line(&[rot(-0.85, 0.0), rot(0.2, 0.0)], s * 0.36, fg);
        cv.polygon(&[rot(0.95, 0.0), rot(0.05, -0.72), rot(0.05, 0.72)], fg);
    };
    match icon {
        CityIcon::Flag => {
            // A pennant on a pole, on a small base.
            cv.line(&[p(-0.6, 0.85), p(-0.6, -0.9)], s * 0.18, fg);
            cv.polygon(&[p(-0.52, -0.9), p(0.9, -0.5), p(-0.52, -0.1)], fg);
            cv.rect(cx - 0.9 * s, cy + 0.78 * s, 0.62 * s, 0.16 * s, fg);
        }
        CityIcon::Fountain => {
            // A basin on a foot, a column, and water falling either side.
            cv.polygon(&[p(-0.95, 0.2), p(0.95, 0.2), p(0.6, 0.62), p(-0.6, 0.62)], fg);
            cv.rect(cx - 0.16 * s, cy + 0.6 * s, 0.32 * s, 0.3 * s, fg);
            cv.rect(cx - 0.45 * s, cy + 0.82 * s, 0.9 * s, 0.12 * s, fg);
            cv.rect(cx - 0.09 * s, cy - 0.5 * s, 0.18 * s, 0.72 * s, fg);
            for side in [-1.0f32, 1.0] {
                cv.line(&[p(0.0, -0.55), p(0.35 * side, -0.9), p(0.7 * side, -0.55), p(0.8 * side, 0.05)], s * 0.14, fg);
            }
            cv.circle(cx, cy - 0.62 * s, 0.16 * s, fg);
        }
        CityIcon::Plus => {
            cv.rect(cx - 0.85 * s, cy - 0.22 * s, 1.7 * s, 0.44 * s, fg);
            cv.rect(cx - 0.22 * s, cy - 0.85 * s, 0.44 * s, 1.7 * s, fg);
        }
        CityIcon::Junk => {
            // A bin: a lid with a handle, a tapering body with grooves.
            cv.rect(cx - 0.22 * s, cy - 0.95 * s, 0.44 * s, 0.2 * s, fg);
            cv.rect(cx - 0.8 * s, cy - 0.72 * s, 1.6 * s, 0.2 * s, fg);
            cv.polygon(&[p(-0.62, -0.42), p(0.62, -0.42), p(0.48, 0.95), p(-0.48, 0.95)], fg);
            for gx in [-0.25f32, 0.0, 0.25] {
                cv.line(&[p(gx, -0.22), p(gx * 0.85, 0.75)], s * 0.1, bg);
            }
        }
        CityIcon::Uplift => {
            // Two chevrons pointing up.
            cv.line(&[p(-0.75, -0.05), p(0.0, -0.8), p(0.75, -0.05)], s * 0.3, fg);
            cv.line(&[p(-0.75, 0.75), p(0.0, 0.0), p(0.75, 0.75)], s * 0.3, fg);
        }
        CityIcon::Unsplay => {
            // Two arrows meeting at a bar: a pile pushed back together.
            cv.rect(cx - 0.1 * s, cy - 0.9 * s, 0.2 * s, 1.8 * s, fg);
            for side in [-1.0f32, 1.0] {
                cv.line(&[p(0.95 * side, 0.0), p(0.5 * side, 0.0)], s * 0.26, fg);
                cv.polygon(&[p(0.22 * side, 0.0), p(0.62 * side, -0.45), p(0.62 * side, 0.45)], fg);
            }
        }
        CityIcon::ArrowLeft => arrow(cv, 180.0),
        CityIcon::ArrowRight => arrow(cv, 0.0),
        CityIcon::ArrowUp => arrow(cv, -90.0),
    }
}

/// The echo slot of an Echoes card: light waves spreading right from a point, on a teal chip.
pub fn echo_chip(cv: &mut Canvas, x: f32, y: f32, size: f32) {
    let r = size * 0.2;
    cv.round_rect(x, y, size, size, r, theme::CHIP_EDGE);
    let e = (size * 0.06).max(1.0);
    cv.round_rect(x + e, y + e, size - 2.0 * e, size - 2.0 * e, r - e * 0.5, theme::ECHO_CHIP);
    let (cx, cy) = (x + size * 0.3, y + size / 2.0);
    cv.circle(cx, cy, size * 0.08, theme::ECHO_INK);
    for k in 1..=3 {
        let rad = size * (0.13 + 0.13 * k as f32);
        let arc: Vec<(f32, f32)> = (-4..=4)
            .map(|i| {
                let a = (i as f32 * 12.0).to_radians();
                (cx + rad * a.cos(), cy + rad * a.sin())
            })
            .collect();
        cv.line(&arc, (size * 0.07).max(1.0), theme::ECHO_INK);
    }
}

/// A chip with a short word on it.
fn label_chip(cv: &mut Canvas, text: &str, x: f32, y: f32, size: f32) {
    let r = size * 0.2;
    cv.round_rect(x, y, size, size, r, theme::CHIP_EDGE);
    let e = (size * 0.06).max(1.0);
    cv.round_rect(x + e, y + e, size - 2.0 * e, size - 2.0 * e, r - e * 0.5, theme::PAPER);
    let fs = if text.len() <= 2 { size * 0.5 } else { size * 0.9 / text.len() as f32 * 1.6 };
    cv.text_centered(text, x, y, size, size, fs.min(size * 0.5), crate::draw::Weight::Bold, theme::INK);
}

/// Draws `icon` on its chip in the square (x, y, size).
pub fn chip(cv: &mut Canvas, icon: Icon, x: f32, y: f32, size: f32) {
    let r = size * 0.2;
    cv.round_rect(x, y, size, size, r, theme::CHIP_EDGE);
    let e = (size * 0.06).max(1.0);
    cv.round_rect(x + e, y + e, size - 2.0 * e, size - 2.0 * e, r - e * 0.5, theme::icon_tint(icon));
    glyph(cv, icon, x + size / 2.0, y + size / 2.0, size * 0.36, theme::INK, theme::icon_tint(icon));
}

/// The card-image hexagon in the square (x, y, size).
pub fn hexagon(cv: &mut Canvas, x: f32, y: f32, size: f32, fill: Rgb, edge: Rgb) {
    let (cx, cy) = (x + size / 2.0, y + size / 2.0);
    let pts = |r: f32| -> Vec<(f32, f32)> {
        (0..6)
            .map(|i| {
                let a = std::f32::consts::PI / 3.0 * i as f32;
                (cx + r * a.cos(), cy + r * a.sin())
            })
            .collect()
    };
    cv.polygon(&pts(size * 0.5), edge);
    cv.polygon(&pts(size * 0.40), fill);
    cv.polygon(&pts(size * 0.22), edge);
}

/// The bare silhouette of `icon` centred on (cx, cy), `s` = half its size, in
/// `fg` with details cut out in `bg`.
pub fn glyph(cv: &mut Canvas, icon: Icon, cx: f32, cy: f32, s: f32, fg: Rgb, bg: Rgb) {
    let p = |x: f32, y: f32| (cx + x * s, cy + y * s);
    match icon {
        Icon::Authority => {
            // A castle tower: three merlons on a wall, an arched door.
            cv.polygon(
                &[
                    p(-0.8, 0.9),
                    p(-0.8, -0.85),
                    p(-0.48, -0.85),
                    p(-0.48, -0.55),
                    p(-0.16, -0.55),
                    p(-0.16, -0.85),
                    p(0.16, -0.85),
                    p(0.16, -0.55),
                    p(0.48, -0.55),
                    p(0.48, -0.85),
                    p(0.8, -0.85),
                    p(0.8, 0.9),
                ],
                fg,
            );
            cv.rect(cx - 0.24 * s, cy + 0.3 * s, 0.48 * s, 0.6 * s, bg);
            cv.circle(cx, cy + 0.3 * s, 0.24 * s, bg);
        }
        Icon::Prosperity => {
            // A crown: three points with balls, on a band.
            cv.polygon(&[p(-0.9, 0.45), p(-0.9, -0.5), p(-0.45, 0.0), p(0.0, -0.7), p(0.45, 0.0), p(0.9, -0.5), p(0.9, 0.45)], fg);
            cv.rect(cx - 0.9 * s, cy + 0.58 * s, 1.8 * s, 0.3 * s, fg);
            for (x, y) in [(-0.9, -0.6), (0.0, -0.8), (0.9, -0.6)] {
                let (a, b) = p(x, y);
                cv.circle(a, b, 0.16 * s, fg);
            }
        }
        Icon::Health => {
            // A leaf with a stem and a vein.
            let (ax, ay) = p(-0.6, 0.6);
            let (bx, by) = p(0.85, -0.85);
            let (c1x, c1y) = p(-0.75, -0.75);
            let (c2x, c2y) = p(0.65, 0.75);
            cv.path(fg, |pb| {
                pb.move_to(ax, ay);
                pb.quad_to(c1x, c1y, bx, by);
                pb.quad_to(c2x, c2y, ax, ay);
                pb.close();
            });
            cv.line(&[p(-0.9, 0.9), p(-0.55, 0.55)], 0.16 * s, fg);
            cv.line(&[p(-0.4, 0.4), p(0.5, -0.5)], 0.1 * s, bg);
        }
        Icon::Concept => {
            // A light bulb: a round glass, a neck and a screw base.
            cv.circle(cx, cy - 0.3 * s, 0.6 * s, fg);
            cv.polygon(&[p(-0.42, -0.05), p(0.42, -0.05), p(0.3, 0.45), p(-0.3, 0.45)], fg);
            cv.rect(cx - 0.32 * s, cy + 0.52 * s, 0.64 * s, 0.14 * s, fg);
            cv.round_rect(cx - 0.24 * s, cy + 0.72 * s, 0.48 * s, 0.2 * s, 0.08 * s, fg);
            cv.line(&[p(-0.18, -0.25), p(0.0, -0.05), p(0.18, -0.25)], 0.09 * s, bg);
        }
        Icon::Industry => {
            // A factory: a saw-tooth roof and a tall chimney.
            cv.polygon(
                &[
                    p(-0.95, 0.9),
                    p(-0.95, -0.1),
                    p(-0.55, -0.45),
                    p(-0.55, -0.1),
                    p(-0.15, -0.45),
                    p(-0.15, -0.1),
                    p(0.25, -0.45),
                    p(0.25, -0.1),
                    p(0.45, -0.1),
                    p(0.45, -0.9),
                    p(0.8, -0.9),
                    p(0.8, 0.9),
                ],
                fg,
            );
            for x in [-0.75, -0.35, 0.05] {
                cv.rect(cx + x * s, cy + 0.2 * s, 0.22 * s, 0.25 * s, bg);
            }
        }
        Icon::Efficiency => {
            // A clock: a ring, two hands.
            cv.circle(cx, cy, 0.92 * s, fg);
            cv.circle(cx, cy, 0.7 * s, bg);
            cv.line(&[p(0.0, -0.52), p(0.0, 0.0), p(0.38, 0.2)], 0.16 * s, fg);
            cv.circle(cx, cy, 0.12 * s, fg);
        }
        Icon::Avatar => {
            // A person: a head over shoulders.
            cv.circle(cx, cy - 0.45 * s, 0.36 * s, fg);
            let (ax, ay) = p(-0.85, 0.92);
            let (bx, by) = p(0.85, 0.92);
            let (c1x, c1y) = p(-0.85, -0.1);
            let (c2x, c2y) = p(0.85, -0.1);
            cv.path(fg, |pb| {
                pb.move_to(ax, ay);
                pb.cubic_to(c1x, c1y, c2x, c2y, bx, by);
                pb.close();
            });
        }
        // The Age 0 icon: a plain disc with a notch, unlike every other silhouette.
        Icon::Meat => {
            cv.circle(cx, cy, s * 0.9, fg);
            cv.circle(cx + s * 0.5, cy - s * 0.5, s * 0.35, bg);
        }
    }
}

//! A card drawn in full (title, value, the four icon positions, each effect
//! after the featured icon, demands in dark boxes as on the printed cards),
//! card backs, and splay arrows. A city (six slots, no effects) shows its
//! special icon beside the top-left icon, and in the middle its image with a
//! line for each special icon and bonus saying what it does. An Echoes card
//! shows its echo slot as the echo chip where it is printed, and its echo
//! effect's words first among its effects, led by the same chip. A Figure
//! prints karma effects where other cards print dogma effects: each in a box of
//! its own on a sand tint, led by a "KARMA" tag and no featured icon; its
//! [avatar] icons and bonuses sit in their slots like any card's.

use crate::draw::{ellipsize, fit_size, text_width, Canvas, Rgb, Weight};
use crate::icons;
use crate::rich;
use crate::theme;
use engine::{card, CardId, Set, Splay};

/// How the text of a card fitted its box.
#[derive(Clone, Copy, Debug, Default)]
#[cfg_attr(not(test), allow(dead_code))]
pub struct Fit {
    /// Font size of the effect text.
    pub text_size: f32,
    /// Whether all of the effect text fits in its panel.
    pub text_fits: bool,
    /// Whether the title had to be cut short.
    pub title_cut: bool,
}

/// Draws `id` in full into the box (x, y, w, h); a landscape box of about 3:2 suits it best.
pub fn card_face(cv: &mut Canvas, id: CardId, x: f32, y: f32, w: f32, h: f32) -> Fit {
    let info = card(id);
    let col = info.color;
    let u = h.min(w / 1.2);
    let m = (u * 0.035).max(3.0);
    let is = u * 0.17;
    let r = u * 0.05;
    let e = (u * 0.012).max(1.5);
    cv.round_rect(x, y, w, h, r, theme::card(col));
    cv.round_rect_outline(x, y, w, h, r, e, theme::card_dark(col));

    // Top row: the top-left icon (a city's special icon beside it), the title, the value.
    let city = info.slots.len() == 6;
    icons::slot(cv, info.slots[0], x + m, y + m, is);
    let mut tx = x + m + is + m * 1.2;
    if city {
        icons::slot(cv, info.slots[5], x + m + is + m * 0.5, y + m, is);
        tx += is + m * 0.5;
    }
    let age_x = x + w - m - is;
    cv.circle(age_x + is / 2.0, y + m + is / 2.0, is / 2.0, theme::card_dark(col));
    cv.circle(age_x + is / 2.0, y + m + is / 2.0, is / 2.0 - e * 1.5, theme::PAPER);
    cv.text_centered(&info.age.to_string(), age_x, y + m, is, is, is * 0.58, Weight::Bold, theme::INK);
    let tw = age_x - m * 1.2 - tx;
    let title_cut = !title(cv, &info.title, tx, y + m, tw, is, theme::on_card(col));

    // Bottom row: bottom-left, bottom-middle, bottom-right.
    let by = y + h - m - is;
    icons::slot(cv, info.slots[1], x + m, by, is);
    icons::slot(cv, info.slots[2], x + w / 2.0 - is / 2.0, by, is);
    icons::slot(cv, info.slots[3], x + w - m - is, by, is);

    // The effects between them.
    let py = y + m + is + m * 0.8;
    let ph = by - m * 0.8 - py;
    let (text_size, text_fits) =
        if city { city_panel(cv, id, x + m, py, w - 2.0 * m, ph, u) } else { effects_panel(cv, id, x + m, py, w - 2.0 * m, ph, u) };
    Fit { text_size, text_fits, title_cut }
}

/// A card's title in the box (x, y, w, h): on one line, else on two lines split at the space
/// nearest its middle, else cut short. Returns whether all of it was drawn.
fn title(cv: &mut Canvas, title: &str, x: f32, y: f32, w: f32, h: f32, c: Rgb) -> bool {
    let (max, min) = ((h * 0.62).round(), (h * 0.4).round());
    let one = fit_size(title, Weight::Bold, w, max, min);
    if text_width(title, Weight::Bold, one) <= w {
        cv.text_centered(title, x, y, w, h, one, Weight::Bold, c);
        return true;
    }
    if let Some((a, b)) = two_lines(title) {
        let (max, min) = ((h * 0.45).round(), (h * 0.3).round());
        let s = fit_size(a, Weight::Bold, w, max, min).min(fit_size(b, Weight::Bold, w, max, min));
        if text_width(a, Weight::Bold, s) <= w && text_width(b, Weight::Bold, s) <= w {
            cv.text_centered(a, x, y, w, h / 2.0 + 1.0, s, Weight::Bold, c);
            cv.text_centered(b, x, y + h / 2.0 - 1.0, w, h / 2.0 + 1.0, s, Weight::Bold, c);
            return true;
        }
    }
    let cut = ellipsize(title, Weight::Bold, min, w);
    cv.text_centered(&cut, x, y, w, h, min, Weight::Bold, c);
    cut == title
}

/// A title split in two lines at the space nearest its middle (`None`: a single word).
pub fn two_lines(title: &str) -> Option<(&str, &str)> {
    let mid = title.len() / 2;
    let i = title.match_indices(' ').map(|(i, _)| i).min_by_key(|i| i.abs_diff(mid))?;
    Some((title[..i].trim(), title[i + 1..].trim()))
}

/// The effects of `id` on a paper panel, the font shrunk until all of it fits: an Echoes card's
/// echo effect first (led by the echo chip on a teal tint: it runs before the dogma effects),
/// then each dogma effect after the featured icon, then a Figure's karma effects, each on a sand
/// tint led by a "KARMA" tag (no featured icon: a karma is no dogma effect). Returns the font
/// size used and whether everything fits.
fn effects_panel(cv: &mut Canvas, id: CardId, x: f32, y: f32, w: f32, h: f32, u: f32) -> (f32, bool) {
    let info = card(id);
    cv.round_rect(x, y, w, h, u * 0.03, theme::PAPER);
    let pad = (u * 0.022).max(2.0);
    let gap = pad;
    let blocks: Vec<(Block, &str)> = info
        .echo
        .iter()
        .map(|t| (Block::Echo, t.as_str()))
        .chain(info.effects.iter().map(|e| (if e.kind.is_demand() { Block::Demand } else { Block::Effect }, e.text.as_str())))
        .chain(info.karma.iter().map(|t| (Block::Karma, t.as_str())))
        .collect();
    if blocks.is_empty() {
        return no_effects(cv, info, x, y, w, h, u);
    }
    let parsed: Vec<_> = blocks
        .iter()
        .map(|(b, t)| {
            let mut words = rich::parse(t);
            if *b == Block::Karma {
                words.insert(0, vec![rich::Atom::Tag(KARMA.into())]);
            }
            words
        })
        .collect();
    let mut size = (u * 0.066).round().max(8.0);
    let min = 7.0;
    let plan = loop {
        let fi = size * 1.35;
        // A block led by an icon (the featured icon, the echo chip) leaves room for it; a karma's
        // tag is in its text.
        let lead = |b: Block| if b == Block::Karma { 0.0 } else { fi + pad };
        let layouts: Vec<_> =
            blocks.iter().zip(&parsed).map(|((b, _), p)| rich::layout(p, size, Weight::Regular, w - 4.0 * pad - lead(*b))).collect();
        let total: f32 = blocks.iter().zip(&layouts).map(|((b, _), l)| block_height(*b, l, fi, pad)).sum::<f32>()
            + gap * (layouts.len() as f32 - 1.0)
            + 2.0 * pad;
        if total <= h || size <= min {
            break (layouts, fi, total);
        }
        size -= 0.5;
    };
    let (layouts, fi, total) = plan;
    let size = layouts.first().map(|l| l.size).unwrap_or(size);
    // Centre the blocks vertically when there is room to spare.
    let mut cy = y + pad + ((h - total) / 2.0).max(0.0);
    for ((block, _), l) in blocks.iter().zip(&layouts) {
        let bh = block_height(*block, l, fi, pad);
        let (ink, paper) = match block {
            Block::Demand => (theme::DEMAND_TEXT, theme::DEMAND),
            Block::Echo => (theme::INK, theme::ECHO_PAPER),
            Block::Karma => (theme::INK, theme::KARMA_PAPER),
            Block::Effect => (theme::INK, theme::PAPER),
        };
        if paper != theme::PAPER {
            cv.round_rect(x + pad, cy, w - 2.0 * pad, bh, u * 0.025, paper);
        }
        let lead = match (block, info.featured_icon) {
            (Block::Karma, _) => 0.0,
            (Block::Echo, _) => {
                icons::echo_chip(cv, x + pad * 2.0, cy + pad, fi);
                fi + pad
            }
            (_, Some(f)) => {
                icons::chip(cv, f, x + pad * 2.0, cy + pad, fi);
                fi + pad
            }
            (_, None) => fi + pad,
        };
        let text_top = if *block == Block::Karma { cy + pad } else { cy + pad + ((fi - l.height()) / 2.0).max(0.0) };
        rich::draw(cv, l, x + pad * 2.0 + lead, text_top, ink, paper);
        cy += bh + gap;
    }
    (size, total <= h + 0.5)
}

/// The word on the tag leading each karma effect.
pub const KARMA: &str = "KARMA";

/// The height of a block of effect text: its lines, at least as tall as the icon leading it
/// (a karma's tag is a line's height), and its padding.
fn block_height(b: Block, l: &rich::Layout, fi: f32, pad: f32) -> f32 {
    let lines = if b == Block::Karma { l.height() } else { l.height().max(fi) };
    lines + 2.0 * pad
}

/// The panel of a card printing no effects (Battleship Yamato): what it is instead, in muted
/// words ("No dogma effects", and an Artifact's value on a board).
fn no_effects(cv: &mut Canvas, info: &engine::card::CardInfo, x: f32, y: f32, w: f32, h: f32, u: f32) -> (f32, bool) {
    let on_board = engine::derived::value_on_board(info.id);
    let value = format!("Value {on_board} while on a board");
    let mut lines = vec!["No dogma effects"];
    if on_board != info.age {
        lines.push(&value);
    }
    let size = lines.iter().map(|l| fit_size(l, Weight::Regular, w * 0.9, (u * 0.066).round().max(8.0), 7.0)).fold(f32::MAX, f32::min);
    let lh = size * 1.5;
    let top = y + (h - lh * lines.len() as f32) / 2.0;
    for (i, l) in lines.iter().enumerate() {
        cv.text_centered(l, x, top + i as f32 * lh, w, lh, size, Weight::Regular, theme::INK.mix(theme::PAPER, 0.35));
    }
    (size, true)
}

/// What a block of a card's effects is: its echo effect, a demand (or compel), another effect,
/// a Figure's karma effect.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Block {
    Echo,
    Demand,
    Effect,
    Karma,
}

/// A city's middle: its image (the hexagon of `slot_5`) at the left, and for each special icon
/// and bonus, the icon again with a line saying what it does, the font shrunk until all of it
/// fits. Returns the font size used and whether everything fits.
fn city_panel(cv: &mut Canvas, id: CardId, x: f32, y: f32, w: f32, h: f32, u: f32) -> (f32, bool) {
    let info = card(id);
    cv.round_rect(x, y, w, h, u * 0.03, theme::PAPER);
    let pad = (u * 0.022).max(2.0);
    let img = (h - 2.0 * pad).min(w * 0.22);
    if let Some(i) = info.hex_slot() {
        icons::slot(cv, info.slots[i], x + pad * 2.0, y + (h - img) / 2.0, img);
    }
    let lines = crate::city::icon_lines(id);
    let parsed: Vec<_> = lines.iter().map(|(_, t)| rich::parse(t)).collect();
    let (lx, lw) = (x + pad * 4.0 + img, w - img - pad * 5.0);
    let mut size = (u * 0.066).round().max(8.0);
    let min = 7.0;
    let plan = loop {
        let fi = size * 1.35;
        let text_w = lw - fi - pad;
        let layouts: Vec<_> = parsed.iter().map(|p| rich::layout(p, size, Weight::Regular, text_w)).collect();
        let total: f32 = layouts.iter().map(|l| l.height().max(fi) + pad).sum::<f32>() + pad;
        if total <= h || size <= min {
            break (layouts, fi, total);
        }
        size -= 0.5;
    };
    let (layouts, fi, total) = plan;
    let size = layouts.first().map(|l| l.size).unwrap_or(size);
    let mut cy = y + pad + ((h - total) / 2.0).max(0.0);
    for ((slot, _), l) in lines.iter().zip(&layouts) {
        let bh = l.height().max(fi);
        icons::slot(cv, *slot, lx, cy + (bh - fi) / 2.0, fi);
        rich::draw(cv, l, lx + fi + pad, cy + ((fi - l.height()) / 2.0).max(0.0), theme::INK, theme::PAPER);
        cy += bh + pad;
    }
    (size, total <= h + 0.5)
}

/// A card back showing its value and, by its colours and a ring around the value, its set.
pub fn card_back(cv: &mut Canvas, age: u8, set: Set, x: f32, y: f32, w: f32, h: f32) {
    let (fill, edge, ink) = theme::back(set);
    let r = w.min(h) * 0.18;
    cv.round_rect(x, y, w, h, r, edge);
    let e = (w.min(h) * 0.07).max(1.0);
    cv.round_rect(x + e, y + e, w - 2.0 * e, h - 2.0 * e, r - e * 0.5, fill);
    let mut s = fit_size(&age.to_string(), Weight::Bold, w - 2.0 * e - 2.0, (h * 0.62).round(), 6.0);
    if set != Set::Base {
        let d = (w - 2.0 * e).min(h - 2.0 * e) * 0.86;
        let (cx, cy) = (x + w / 2.0, y + h / 2.0);
        cv.circle(cx, cy, d / 2.0, edge);
        cv.circle(cx, cy, d / 2.0 - e.max(1.5), fill);
        s = fit_size(&age.to_string(), Weight::Bold, d * 0.8, (d * 0.62).round(), 6.0);
    }
    cv.text_centered(&age.to_string(), x, y, w, h, s, Weight::Bold, ink);
}

/// An arrow for a splay direction in the square (x, y, size); nothing for none.
pub fn splay_arrow(cv: &mut Canvas, splay: Splay, x: f32, y: f32, size: f32, c: Rgb) {
    let (cx, cy) = (x + size / 2.0, y + size / 2.0);
    let angle: f32 = match splay {
        Splay::None => return,
        Splay::Right => 0.0,
        Splay::Up => -90.0,
        Splay::Left => 180.0,
        Splay::Aslant => -45.0,
    };
    let a = angle.to_radians();
    let (ca, sa) = (a.cos(), a.sin());
    let s = size * 0.46;
    let rot = |px: f32, py: f32| (cx + (px * ca - py * sa) * s, cy + (px * sa + py * ca) * s);
    cv.line(&[rot(-0.85, 0.0), rot(0.35, 0.0)], size * 0.16, c);
    cv.polygon(&[rot(0.95, 0.0), rot(0.15, -0.62), rot(0.15, 0.62)], c);
}

//! A key to the pictures: each icon with its name (Cities of Destiny's special
//! icons, search icons and bonuses too, the [avatar] every Figure prints, the
//! Age 0 icon), each splay with what it reveals, and what a KARMA tag marks.

use crate::draw::{Canvas, Weight};
use crate::face;
use crate::icons;
use crate::theme;
use crate::RenderError;
use engine::{CityIcon, Icon, Slot, Splay};

const W: f32 = 900.0;
const M: f32 = 20.0;
const ROW: f32 = 56.0;

pub fn draw() -> Result<Canvas, RenderError> {
    let icons_list: Vec<(Slot, &str)> = vec![
        (Slot::Icon(Icon::Authority), "authority (castle)"),
        (Slot::Icon(Icon::Concept), "concept (light bulb)"),
        (Slot::Icon(Icon::Health), "health (leaf)"),
        (Slot::Icon(Icon::Prosperity), "prosperity (crown)"),
        (Slot::Icon(Icon::Industry), "industry (factory)"),
        (Slot::Icon(Icon::Efficiency), "efficiency (clock)"),
        (Slot::Icon(Icon::Avatar), "avatar (person; every Figure has one)"),
        (Slot::Icon(Icon::Meat), "Age 0 icon (once the Age 0 deck is in)"),
        (Slot::Hex, "card image (no icon)"),
        (Slot::Search(Icon::Concept), "search icon (counts as its icon)"),
        (Slot::Bonus(5), "bonus (adds to your score)"),
        (Slot::City(CityIcon::Flag), "flag (Cities)"),
        (Slot::City(CityIcon::Fountain), "fountain (Cities)"),
        (Slot::City(CityIcon::Plus), "plus (Cities)"),
        (Slot::City(CityIcon::Junk), "junk (Cities)"),
        (Slot::City(CityIcon::Uplift), "uplift (Cities)"),
        (Slot::City(CityIcon::Unsplay), "unsplay (Cities)"),
        (Slot::City(CityIcon::ArrowLeft), "splay left (Cities)"),
        (Slot::City(CityIcon::ArrowRight), "splay right (Cities)"),
        (Slot::City(CityIcon::ArrowUp), "splay up (Cities)"),
    ];
    let splays = [
        (Splay::Left, "splayed left: reveals the bottom-right icon"),
        (Splay::Right, "splayed right: reveals the two left icons"),
        (Splay::Up, "splayed up: reveals the bottom three icons"),
        (Splay::Aslant, "splayed aslant: reveals all four icons"),
    ];
    let city_note = "A city's special icon, beside its top-left icon, shows with the left ones.";
    let karma_note = "KARMA marks a Figure's karma effect: active while the Figure is a top card.";
    let half = (icons_list.len() as f32 / 2.0).ceil();
    let h = M + 44.0 + half * ROW + 16.0 + 44.0 + splays.len() as f32 * 46.0 + 2.0 * 34.0 + 6.0 + M;
    let mut cv = Canvas::new(W as u32, h as u32, theme::BG)?;
    let mut y = M;
    cv.text("Icons", M, y, 28.0, Weight::Bold, theme::TEXT);
    y += 44.0;
    for (i, (icon, name)) in icons_list.iter().enumerate() {
        let col = (i as f32 / half).floor();
        let row = i as f32 % half;
        let x = M + col * (W - 2.0 * M) / 2.0;
        let yy = y + row * ROW;
        icons::slot(&mut cv, *icon, x, yy, 46.0);
        cv.text(name, x + 58.0, yy + 10.0, 22.0, Weight::Regular, theme::TEXT);
    }
    y += half * ROW + 16.0;
    cv.text("Splays", M, y, 28.0, Weight::Bold, theme::TEXT);
    y += 44.0;
    for (s, text) in splays {
        face::splay_arrow(&mut cv, s, M + 6.0, y + 2.0, 32.0, theme::TEXT);
        cv.text(text, M + 58.0, y + 5.0, 22.0, Weight::Regular, theme::TEXT);
        y += 46.0;
    }
    cv.text(city_note, M, y + 5.0, 20.0, Weight::Regular, theme::MUTED);
    y += 34.0;
    let tag = crate::rich::layout(&[vec![crate::rich::Atom::Tag(crate::face::KARMA.into())]], 20.0, Weight::Regular, W);
    crate::rich::draw(&mut cv, &tag, M, y, theme::TEXT, theme::BG);
    let rest = karma_note.strip_prefix(crate::face::KARMA).unwrap_or(karma_note);
    cv.text(rest.trim_start(), M + tag.width + 6.0, y + 5.0, 20.0, Weight::Regular, theme::MUTED);
    Ok(cv)
}

//! Colours. Card colours follow the printed cards; everything that matters is
//! also said in words or shapes, never by colour alone.

use crate::draw::Rgb;
use engine::{Color, Icon, Set};

pub const BG: Rgb = Rgb::hex(0x23272e);
pub const PANEL: Rgb = Rgb::hex(0x2f343d);
pub const PANEL_EDGE: Rgb = Rgb::hex(0x444b57);
pub const TEXT: Rgb = Rgb::hex(0xf2f2f2);
pub const MUTED: Rgb = Rgb::hex(0xaab2bf);
pub const INK: Rgb = Rgb::hex(0x1b1b1b);
pub const PAPER: Rgb = Rgb::hex(0xfbf6e9);
pub const DEMAND: Rgb = Rgb::hex(0x262320);
pub const DEMAND_TEXT: Rgb = Rgb::hex(0xfbf6e9);
pub const CHIP_EDGE: Rgb = Rgb::hex(0x1b1b1b);
pub const HEX_FILL: Rgb = Rgb::hex(0xe9e2cf);
pub const HEX_EDGE: Rgb = Rgb::hex(0x4a4a4a);
/// Cities of Destiny's special icons: a light silhouette on a dark chip with a light edge.
pub const CITY_CHIP: Rgb = Rgb::hex(0x2a2f3a);
pub const CITY_EDGE: Rgb = Rgb::hex(0xf1e6c8);
pub const CITY_INK: Rgb = Rgb::hex(0xfbf6e9);
/// Echoes of the Past: the echo chip (waves on the set's teal) and the tint behind an echo effect.
pub const ECHO_CHIP: Rgb = Rgb::hex(0x1f4a52);
pub const ECHO_INK: Rgb = Rgb::hex(0xe3f6f8);
pub const ECHO_PAPER: Rgb = Rgb::hex(0xdcf0f2);
/// Figures in the Sand: the sand tint behind each karma effect, and its "KARMA" tag (the dark
/// of the set's card backs), so that a karma never looks like a dogma effect or a demand.
pub const KARMA_PAPER: Rgb = Rgb::hex(0xf3e1b6);
pub const KARMA_TAG: Rgb = Rgb::hex(0x6b4f1d);
pub const KARMA_TAG_TEXT: Rgb = Rgb::hex(0xfff4da);
/// The player the game waits on.
pub const WAIT: Rgb = Rgb::hex(0xffc83d);
pub const WAIT_TEXT: Rgb = Rgb::hex(0x1b1b1b);
pub const BACK: Rgb = Rgb::hex(0x5b4a3a);
pub const BACK_EDGE: Rgb = Rgb::hex(0xd8c7a8);
pub const BACK_TEXT: Rgb = Rgb::hex(0xf7ecd6);

/// A card back's fill, edge and value colours by set (the set of a hidden card is public:
/// "the backs of expansion cards have different colors than base cards"). An expansion's back
/// also rings its value, so that it differs by shape and not by colour alone.
pub fn back(set: Set) -> (Rgb, Rgb, Rgb) {
    match set {
        Set::Base => (BACK, BACK_EDGE, BACK_TEXT),
        Set::Unseen => (Rgb::hex(0x1e1b2b), Rgb::hex(0x9d8fd0), Rgb::hex(0xe6e0ff)),
        Set::Echoes => (Rgb::hex(0x1f4a52), Rgb::hex(0x9fd3da), Rgb::hex(0xe3f6f8)),
        Set::Figures => (Rgb::hex(0x5a4420), Rgb::hex(0xe6c27a), Rgb::hex(0xfff1d2)),
        Set::Cities => (Rgb::hex(0x26384f), Rgb::hex(0xa9bedb), Rgb::hex(0xe6eef9)),
        Set::Artifacts => (Rgb::hex(0x4f2424), Rgb::hex(0xdba3a3), Rgb::hex(0xf9e4e4)),
    }
}

pub fn card(c: Color) -> Rgb {
    match c {
        Color::Red => Rgb::hex(0xb83a2e),
        Color::Yellow => Rgb::hex(0xe0b32a),
        Color::Green => Rgb::hex(0x33864a),
        Color::Blue => Rgb::hex(0x2e63ad),
        Color::Purple => Rgb::hex(0x7d4597),
    }
}

/// Text colour on a card colour.
pub fn on_card(c: Color) -> Rgb {
    match c {
        Color::Yellow => INK,
        _ => Rgb::hex(0xffffff),
    }
}

pub fn card_dark(c: Color) -> Rgb {
    card(c).mix(Rgb(0, 0, 0), 0.35)
}

/// A faint tint of each icon's traditional colour, behind its dark silhouette.
pub fn icon_tint(i: Icon) -> Rgb {
    match i {
        Icon::Authority => Rgb::hex(0xe4e4e4),
        Icon::Concept => Rgb::hex(0xeadcf5),
        Icon::Health => Rgb::hex(0xd9f0d3),
        Icon::Prosperity => Rgb::hex(0xfaedb8),
        Icon::Industry => Rgb::hex(0xf6d5cf),
        Icon::Efficiency => Rgb::hex(0xd3e3f6),
        Icon::Avatar => Rgb::hex(0xf7e0c8),
        Icon::Meat => Rgb::hex(0xf0d0d0),
    }
}

pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Red => "RED",
        Color::Yellow => "YELLOW",
        Color::Green => "GREEN",
        Color::Blue => "BLUE",
        Color::Purple => "PURPLE",
    }
}

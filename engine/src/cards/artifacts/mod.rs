//! Artifacts of History: its 115 cards, one module per age, each card reading like its printed
//! text (compel effects are registered like demands, in printed order). The set's own rules (dig
//! events after a Meld action, the display and the showcase, Museums and the Museum check,
//! compel's reach, Battleship Yamato's value) live in the engine's one place for each: `turn`,
//! `dogma`, `derived`.

use super::Registry;

mod age1;
mod age10;
mod age11;
mod age2;
mod age3;
mod age4;
mod age5;
mod age6;
mod age7;
mod age8;
mod age9;

pub fn register(r: &mut Registry) {
    age1::register(r);
    age2::register(r);
    age3::register(r);
    age4::register(r);
    age5::register(r);
    age6::register(r);
    age7::register(r);
    age8::register(r);
    age9::register(r);
    age10::register(r);
    age11::register(r);
}

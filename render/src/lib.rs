//! PNG pictures of an Innovation game, drawn from the engine's views only:
//! the whole table, one player's board, a player's own hand, and single cards.
//!
//! The table and boards take everything hidden (hands, score piles,
//! achievements) as backs showing their value, even from a view in which the
//! viewer's own cards are face up, so a table picture may be posted publicly
//! whichever player's view it was drawn from.
//!
//! Text is set in DejaVu Sans Condensed, with fallbacks for what it lacks
//! (Chinese, Japanese, Korean, emoji) so that players' names draw as written;
//! all embedded in the library (sources and licences in `assets/FONTS.md`).
//! Icons are drawn by code as distinct silhouettes.

// Drawing calls take a box and a style; grouping them in structs would not read better.
#![allow(clippy::too_many_arguments)]

mod board;
mod city;
mod demo;
mod draw;
mod encode;
mod face;
mod hand;
mod icons;
mod legend;
mod pieces;
mod public;
mod rich;
mod runs;
mod sprites;
mod table;
mod theme;

#[cfg(test)]
mod tests;

use engine::{CardId, PlayerId, View};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

pub use city::{icon_lines as city_icon_lines, plain as plain_words};
pub use demo::demo_game;

#[derive(Debug, Error)]
pub enum RenderError {
    #[error("there is no player in seat {0}")]
    NoSuchSeat(PlayerId),
    #[error("there is no card with id {0}")]
    NoSuchCard(u16),
    #[error("a hand is shown only to its owner: this view is {viewer:?}'s, not seat {seat}'s")]
    NotYourHand { seat: PlayerId, viewer: Option<PlayerId> },
    #[error("a picture of {width}x{height} pixels cannot be made")]
    Size { width: u32, height: u32 },
    #[error("PNG encoding failed: {0}")]
    Encode(String),
    #[error("demo: {0}")]
    Demo(String),
    #[error("writing {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

/// The whole table: every board in compact form, whose turn it is, the
/// available achievements, the decks and the junk.
pub fn table_png(view: &View) -> Result<Vec<u8>, RenderError> {
    table::draw(view)?.encode()
}

/// One player's board in full.
pub fn board_png(view: &View, seat: PlayerId) -> Result<Vec<u8>, RenderError> {
    board::draw(view, seat)?.encode()
}

/// The viewer's own hand (view.viewer must be Some(seat)); refuses otherwise.
pub fn hand_png(view: &View, seat: PlayerId) -> Result<Vec<u8>, RenderError> {
    hand::draw(view, seat)?.encode()
}

/// One card in full.
pub fn card_png(card: CardId) -> Result<Vec<u8>, RenderError> {
    card_canvas(card)?.encode()
}

/// The size of a card picture.
const CARD_SIZE: (f32, f32) = (720.0, 480.0);

fn card_canvas(card: CardId) -> Result<draw::Canvas, RenderError> {
    if card.0 as usize >= engine::CardDb::get().cards.len() {
        return Err(RenderError::NoSuchCard(card.0));
    }
    let (w, h) = CARD_SIZE;
    let mut cv = draw::Canvas::new(w as u32, h as u32, theme::BG)?;
    face::card_face(&mut cv, card, 0.0, 0.0, w, h);
    Ok(cv)
}

/// A key to the pictures: every icon with its name, every splay with what it reveals.
pub fn legend_png() -> Result<Vec<u8>, RenderError> {
    legend::draw()?.encode()
}

/// Writes the demo pictures into dir and returns the paths with render times.
pub fn write_demo(dir: &Path) -> Result<Vec<(PathBuf, Duration)>, RenderError> {
    demo::write(dir)
}

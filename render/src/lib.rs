//! PNG pictures of the table, boards, hands and cards, drawn from engine views.
//! (Interface only: the drawing is being written on the `render` branch.)

use engine::{CardId, PlayerId, View};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum RenderError {
    #[error("pictures are not available in this build")]
    Unavailable,
}

pub fn table_png(_view: &View) -> Result<Vec<u8>, RenderError> {
    Err(RenderError::Unavailable)
}
pub fn board_png(_view: &View, _seat: PlayerId) -> Result<Vec<u8>, RenderError> {
    Err(RenderError::Unavailable)
}
pub fn hand_png(_view: &View, _seat: PlayerId) -> Result<Vec<u8>, RenderError> {
    Err(RenderError::Unavailable)
}
pub fn card_png(_card: CardId) -> Result<Vec<u8>, RenderError> {
    Err(RenderError::Unavailable)
}
pub fn write_demo(_dir: &Path) -> Result<Vec<(PathBuf, Duration)>, RenderError> {
    Err(RenderError::Unavailable)
}

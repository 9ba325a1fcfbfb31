//! The subcommands of `innovation` other than running the bot.

pub mod cards;
pub mod play;
pub mod render;
pub mod scenario;
pub mod simulate;

//! The subcommands of `innovation` other than running the bot.

pub mod cards;
pub mod scenario;
pub mod simulate;

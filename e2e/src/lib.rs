//! End-to-end testing of the Innovation bot: the real bot process against a
//! local stand-in for Discord, played by simulated people.
//!
//! - [`discord`]: the stand-in (HTTP API and gateway on 127.0.0.1), recording everything.
//! - [`players`]: people playing a game through it, pressing what the bot shows them.
//! - [`bot`]: the bot process (`innovation run`) pointed at the stand-in.
//! - the `load` binary: many games at once, with response times and the bot's memory.

pub mod bot;
pub mod discord;
pub mod limits;
pub mod multipart;
pub mod payload;
pub mod players;
pub mod tunnel;

/// The p-th percentile (0..=100) of sorted values.
pub fn percentile<T: Copy>(sorted: &[T], p: f64) -> Option<T> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

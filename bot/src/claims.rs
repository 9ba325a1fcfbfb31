//! Background work claimed in the database, so that when several bot processes
//! share one (PostgreSQL) exactly one of them does each item: moving a game's
//! computer players, sending a reminder, posting a time limit's vote.
//!
//! A claim is a lease: a row naming the item, its owner (this process, see
//! [`owner`]) and when it expires. The owner renews it while it works and
//! drops it when done. When a process dies in the middle, its claims expire and
//! another process takes them over ([`crate::store::Store::retake_expired`]) and
//! does the work again. What was half done is safe to redo: a decision is
//! checked against the stored version (it is never applied twice), and the
//! messages of a reminder or a vote carry the claim's item as Discord's
//! `nonce` with `enforce_nonce`, so a message the dead owner had already sent
//! is not created a second time.

use crate::remind::Secs;
use std::sync::OnceLock;

/// How long a claim holds without being renewed (seconds). Long enough for a
/// computer player's move and the delivery of a reminder under rate limits;
/// short enough that a dead process's work is taken over within a few minutes
/// (the background sweep runs every minute), inside the window in which
/// Discord checks a nonce for uniqueness.
pub const LEASE_SECS: Secs = 60;

/// One item of background work.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Work {
    /// Moving the computer players of a game (one driver at a time).
    Computer { game: i64 },
    /// The `n`-th reminder to the seat waited on since `stamp`.
    Reminder { game: i64, seat: usize, stamp: i64, n: i64 },
    /// The time limit of the seat waited on since `stamp` ran out (its vote or notice).
    Limit { game: i64, seat: usize, stamp: i64, at: Secs },
}

impl Work {
    pub fn kind(&self) -> &'static str {
        match self {
            Work::Computer { .. } => "computer",
            Work::Reminder { .. } => "reminder",
            Work::Limit { .. } => "limit",
        }
    }

    pub fn item(&self) -> String {
        match self {
            Work::Computer { game } => game.to_string(),
            Work::Reminder { game, seat, stamp, n } => format!("{game}:{seat}:{stamp}:{n}"),
            Work::Limit { game, seat, stamp, at } => format!("{game}:{seat}:{stamp}:{at}"),
        }
    }

    /// The item back from its stored kind and text; `None` for anything else.
    pub fn parse(kind: &str, item: &str) -> Option<Work> {
        let parts: Vec<&str> = item.split(':').collect();
        match (kind, parts.as_slice()) {
            ("computer", [g]) => Some(Work::Computer { game: g.parse().ok()? }),
            ("reminder", [g, s, st, n]) => {
                Some(Work::Reminder { game: g.parse().ok()?, seat: s.parse().ok()?, stamp: st.parse().ok()?, n: n.parse().ok()? })
            }
            ("limit", [g, s, st, at]) => {
                Some(Work::Limit { game: g.parse().ok()?, seat: s.parse().ok()?, stamp: st.parse().ok()?, at: at.parse().ok()? })
            }
            _ => None,
        }
    }

    pub fn game(&self) -> i64 {
        match self {
            Work::Computer { game } | Work::Reminder { game, .. } | Work::Limit { game, .. } => *game,
        }
    }

    /// The nonce of the `i`-th message sent for this item (Discord: at most 25 characters).
    /// The same item gives the same nonces in every process, so a message sent twice is dropped.
    pub fn nonce(&self, i: usize) -> String {
        // A short stable hash (FNV-1a) of the kind, the item and the message's index.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.kind().bytes().chain(self.item().bytes()).chain((i as u64).to_le_bytes()) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        format!("w{:x}", h)
    }
}

/// This process, as it signs its claims: host name, process id and a random part
/// (a restarted process with the same id is another owner).
pub fn owner() -> &'static str {
    static OWNER: OnceLock<String> = OnceLock::new();
    OWNER.get_or_init(|| {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "host".into());
        format!("{host}:{}:{:08x}", std::process::id(), rand::random::<u32>())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_read_back() {
        for w in [
            Work::Computer { game: 7 },
            Work::Reminder { game: 7, seat: 2, stamp: 40, n: 3 },
            Work::Limit { game: 9, seat: 0, stamp: 12, at: 1_900_000_000 },
        ] {
            assert_eq!(Work::parse(w.kind(), &w.item()), Some(w.clone()));
            assert!(w.nonce(0).len() <= 25);
            assert_ne!(w.nonce(0), w.nonce(1));
        }
        assert_eq!(Work::parse("reminder", "1:2"), None);
        assert_eq!(Work::parse("other", "1"), None);
    }
}

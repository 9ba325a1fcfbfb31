//! Which gateway shards this process runs. By default all of them, as many as Discord
//! recommends (serenity's `start_autosharded`). With `SHARD_COUNT` (the total) and `SHARDS`
//! (this process's part, a range such as `0-3` or one shard `2`), several processes, on
//! several machines, share the shards; they share one PostgreSQL database too
//! (`DATABASE_URL`), and a game is played from whichever process receives the interaction.

use poise::serenity_prelude as serenity;
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends, all in this process.
    Auto,
    /// Shards `first..=last` of `total`.
    Range { first: u32, last: u32, total: u32 },
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum ShardsError {
    #[error("SHARD_COUNT must be a number of shards (1 or more), not {0:?}")]
    Count(String),
    #[error("SHARDS must be a shard (like 2) or a range (like 0-3) within SHARD_COUNT ({total}), not {given:?}")]
    Range { given: String, total: u32 },
    #[error("SHARDS is set but SHARD_COUNT is not: set both (SHARD_COUNT the total, SHARDS this process's part)")]
    NoCount,
}

impl Shards {
    /// From the values of `SHARD_COUNT` and `SHARDS` (unset or empty: `None`).
    pub fn parse(count: Option<&str>, range: Option<&str>) -> Result<Shards, ShardsError> {
        let count = count.map(str::trim).filter(|s| !s.is_empty());
        let range = range.map(str::trim).filter(|s| !s.is_empty());
        let Some(count) = count else {
            return if range.is_some() { Err(ShardsError::NoCount) } else { Ok(Shards::Auto) };
        };
        let total: u32 = count.parse().ok().filter(|n| *n > 0).ok_or_else(|| ShardsError::Count(count.to_string()))?;
        let Some(range) = range else { return Ok(Shards::Range { first: 0, last: total - 1, total }) };
        let bad = || ShardsError::Range { given: range.to_string(), total };
        let (a, b) = match range.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (range, range),
        };
        let first: u32 = a.parse().map_err(|_| bad())?;
        let last: u32 = b.parse().map_err(|_| bad())?;
        if first > last || last >= total {
            return Err(bad());
        }
        Ok(Shards::Range { first, last, total })
    }

    /// From the environment.
    pub fn from_env() -> Result<Shards, ShardsError> {
        Shards::parse(std::env::var("SHARD_COUNT").ok().as_deref(), std::env::var("SHARDS").ok().as_deref())
    }

    /// Connects this process's shards and runs them until they are stopped.
    pub async fn start(&self, client: &mut serenity::Client) -> serenity::Result<()> {
        match *self {
            Shards::Auto => client.start_autosharded().await,
            // Serenity takes the range's end as the last shard (inclusive).
            Shards::Range { first, last, total } => client.start_shard_range(first..last, total).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shard_settings() {
        assert_eq!(Shards::parse(None, None), Ok(Shards::Auto));
        assert_eq!(Shards::parse(Some(" "), Some("")), Ok(Shards::Auto));
        assert_eq!(Shards::parse(Some("4"), None), Ok(Shards::Range { first: 0, last: 3, total: 4 }));
        assert_eq!(Shards::parse(Some("4"), Some("0-1")), Ok(Shards::Range { first: 0, last: 1, total: 4 }));
        assert_eq!(Shards::parse(Some("4"), Some("3")), Ok(Shards::Range { first: 3, last: 3, total: 4 }));
        assert!(matches!(Shards::parse(Some("4"), Some("2-4")), Err(ShardsError::Range { .. })));
        assert!(matches!(Shards::parse(Some("4"), Some("3-2")), Err(ShardsError::Range { .. })));
        assert!(matches!(Shards::parse(Some("4"), Some("x")), Err(ShardsError::Range { .. })));
        assert!(matches!(Shards::parse(Some("0"), None), Err(ShardsError::Count(_))));
        assert_eq!(Shards::parse(None, Some("0-1")), Err(ShardsError::NoCount));
    }
}

//! What the service needs to share a database with other bot processes: a cached
//! game is used only while it is still the stored one.

use crate::service::{Live, Refusal};
use crate::store::Store;

/// Is the cached game still the stored one? Another process sharing the database
/// may have stored a decision (the version moved on), cancelled the game or opened its
/// thread; then the cache must be reloaded before anything is decided from it.
pub async fn cache_is_current(store: &Store, live: &Live) -> Result<bool, Refusal> {
    let (version, cancelled, thread) = store.game_stamp(live.id).await?;
    let current = version == live.version && cancelled == live.cancelled && thread == live.thread;
    if !current {
        tracing::debug!(game = live.id, cached = live.version, stored = version, "the cached game is stale: reloading it");
    }
    Ok(current)
}

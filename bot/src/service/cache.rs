//! The game cache: live games in memory, each behind its own async mutex so a
//! slow game never blocks another, rebuilt from the database (its configuration
//! and decisions, or its kept table when the log no longer replays) when first needed.

use super::*;

/// A game in memory: its stored facts and the engine's game rebuilt from its decisions.
pub struct Live {
    pub id: i64,
    pub thread: Option<Snowflake>,
    pub players: Vec<PlayerRow>,
    pub game: Game,
    /// Number of decisions and undos stored (the database's `version`).
    pub version: i64,
    /// Per decision in force (`game.decisions()`): its number in the log (`seq`, the version it was made at).
    pub seqs: Vec<i64>,
    /// Per decision in force: how many events the game had once it was applied (for recaps).
    pub marks: Vec<usize>,
    /// Per seat: the version at which that seat's current question was first asked.
    pub stamps: Vec<i64>,
    pub creator: Option<Snowflake>,
    pub cancelled: bool,
    /// The computer players seated in this game, each with what it remembers of it
    /// (made when first needed; behind a mutex only so that `Live` may be shared).
    pub(super) computers: Mutex<HashMap<usize, ai::Computer>>,
}

impl Live {
    /// The seat of a person playing in this game (never a computer's).
    pub(super) fn seat_of(&self, user: Snowflake) -> Option<usize> {
        self.players.iter().find(|p| p.user_id == user && p.computer.is_none()).map(|p| p.seat)
    }
    /// Is this seat a computer player?
    pub fn is_computer(&self, seat: usize) -> bool {
        self.players.iter().any(|p| p.seat == seat && p.computer.is_some())
    }
    pub(super) fn user_of(&self, seat: usize) -> Snowflake {
        self.players.iter().find(|p| p.seat == seat).map(|p| p.user_id).unwrap_or(0)
    }
    /// How the thread addresses a seat: a mention for a person, the bold name for a computer.
    pub(super) fn mention(&self, seat: usize) -> String {
        if self.is_computer(seat) {
            format!("**{}**", self.game.names().get(seat).map(String::as_str).unwrap_or("computer"))
        } else {
            format!("<@{}>", self.user_of(seat))
        }
    }
    pub(super) fn waiting_names(&self) -> Vec<String> {
        self.game.prompts().iter().map(|p| self.game.names()[p.player].clone()).collect()
    }
}

/// After decision `version - 1` (by `actor`) was applied: a seat keeps its stamp
/// only if it was not the actor and its question did not change.
pub(super) fn update_stamps(g: &Game, before: &[Option<Prompt>], actor: usize, version: i64, stamps: &mut [i64]) {
    for (p, stamp) in stamps.iter_mut().enumerate() {
        let now = g.prompt_for(p);
        let same = p != actor && now.is_some() && before.get(p).and_then(|b| b.as_ref()) == now;
        if !same {
            *stamp = version;
        }
    }
}

/// The first meld: everyone chooses at once, before any card is on a board.
pub fn in_first_meld(g: &Game) -> bool {
    g.in_first_meld()
}

/// Rebuilds a game and its stamps from the configuration and decisions.
pub fn rebuild(config: GameConfig, decisions: &[Decision]) -> Result<(Game, Vec<i64>), GameError> {
    let log = crate::store::Log { decisions: decisions.to_vec(), seqs: (0..decisions.len() as i64).collect(), undone: Vec::new() };
    rebuild_log(config, &log).map(|r| (r.game, r.stamps))
}

/// A game rebuilt from its log, with what the cache keeps beside it.
pub struct Rebuilt {
    pub game: Game,
    pub stamps: Vec<i64>,
    pub marks: Vec<usize>,
}

/// Rebuilds a game from its stored log: its decisions in force, each stamping the questions it
/// changed with the version after it, and its undos, each of which asks every question anew.
pub fn rebuild_log(config: GameConfig, log: &crate::store::Log) -> Result<Rebuilt, GameError> {
    let mut g = Game::new(config)?;
    let n = g.names().len();
    let mut stamps = vec![0; n];
    let mut marks = Vec::with_capacity(log.decisions.len());
    let mut undos: Vec<i64> = log.undone.iter().map(|u| u.at).collect();
    undos.sort();
    let mut next_undo = undos.iter().peekable();
    for (d, seq) in log.decisions.iter().zip(&log.seqs) {
        let mut reset = None;
        while let Some(at) = next_undo.next_if(|at| **at < *seq) {
            reset = Some(*at);
        }
        if let Some(at) = reset {
            stamps.fill(at + 1);
        }
        let before: Vec<Option<Prompt>> = (0..n).map(|p| g.prompt_for(p).cloned()).collect();
        g.apply(d.clone())?;
        update_stamps(&g, &before, d.player, seq + 1, &mut stamps);
        marks.push(g.event_count());
    }
    if let Some(at) = next_undo.last() {
        stamps.fill(at + 1);
    }
    Ok(Rebuilt { game: g, stamps, marks })
}

#[derive(Default)]
pub(super) struct Slot {
    pub(super) game: Arc<AsyncMutex<Option<Live>>>,
    pub(super) deliver: Arc<Sequencer>,
}

impl Service {
    /// Forgets a game's cached state (it is rebuilt from the database when next needed).
    pub fn evict(&self, game: i64) {
        self.live.lock().expect("cache lock").remove(&game);
    }

    pub(super) fn slot(&self, game: i64) -> Arc<Slot> {
        self.live.lock().expect("cache lock").entry(game).or_default().clone()
    }

    pub(super) async fn load(&self, id: i64) -> Result<Live> {
        let row = self.store.game(id).await?;
        let players = self.store.players(id).await?;
        let log = self.store.log(id).await?;
        if log.version() != row.version {
            return Err(Refusal::Internal(format!(
                "game {id}: version {} but {} decisions and {} undos",
                row.version,
                log.decisions.len(),
                log.undone.len()
            )));
        }
        let Rebuilt { game, stamps, marks } = match rebuild_log(row.config.clone(), &log) {
            Ok(x) => x,
            Err(e) => self.resume_from_snapshot(id, row.config, &log, row.version, e).await?,
        };
        Ok(Live {
            id,
            thread: row.thread_id,
            players,
            game,
            version: row.version,
            seqs: log.seqs,
            marks,
            stamps,
            creator: row.creator_id,
            cancelled: row.cancelled,
            computers: Mutex::new(HashMap::new()),
        })
    }

    /// The table to keep after a decision, when the game could go on from it alone.
    pub(super) fn snapshot_at_boundary(g: &Game) -> Option<String> {
        g.resumable_state().and_then(|st| serde_json::to_string(st).ok())
    }

    /// A game whose log no longer replays (a later version's rules decide a step differently)
    /// goes on from its table as kept at the last action boundary, with the decisions after it.
    /// Its questions are treated as asked now (older buttons are stale).
    pub(super) async fn resume_from_snapshot(
        &self,
        id: i64,
        config: GameConfig,
        log: &crate::store::Log,
        version: i64,
        replay_error: GameError,
    ) -> Result<Rebuilt> {
        let lost = |why: String| Refusal::Internal(format!("game {id} cannot be replayed ({replay_error}), {why}"));
        let Some((at, json)) = self.store.snapshot(id).await? else { return Err(lost("and no table was kept".into())) };
        let state: engine::State = serde_json::from_str(&json).map_err(|e| lost(format!("and its kept table is unreadable: {e}")))?;
        let mut game = Game::from_state(config, state).map_err(|e| lost(format!("and its kept table does not start: {e}")))?;
        // The decisions made after the table was kept (`at` is the version it follows).
        let mut marks = Vec::with_capacity(log.decisions.len());
        for (d, seq) in log.decisions.iter().zip(&log.seqs) {
            if *seq >= at {
                game.apply(d.clone()).map_err(|e| lost(format!("nor the decisions after its kept table: {e}")))?;
            }
            marks.push(game.event_count());
        }
        tracing::warn!(game = id, "the log no longer replays ({replay_error}); going on from the table kept after decision {at}");
        let seats = game.names().len();
        Ok(Rebuilt { game, stamps: vec![version; seats], marks })
    }

    /// Locks a game (loading it if needed) and returns its slot and guard.
    pub(super) async fn lock(&self, game: i64) -> Result<(Arc<Slot>, OwnedMutexGuard<Option<Live>>)> {
        let slot = self.slot(game);
        let mut guard = slot.game.clone().lock_owned().await;
        // Another process may have moved a cached game on: check it against the stored one.
        if let Some(live) = guard.as_ref() {
            if !crate::db::cache_is_current(&self.store, live).await? {
                *guard = None;
            }
        }
        if guard.is_none() {
            match self.load(game).await {
                Ok(l) => *guard = Some(l),
                Err(e) => {
                    drop(guard);
                    self.evict(game);
                    return Err(e);
                }
            }
        }
        Ok((slot, guard))
    }

    pub(super) fn evict_slot(&self, slot: &Arc<Slot>) {
        let mut m = self.live.lock().expect("cache lock");
        m.retain(|_, s| !Arc::ptr_eq(s, slot));
    }

    /// Game ids in play with their current version (for the benchmark and checks).
    pub async fn version(&self, game: i64) -> Result<i64> {
        let (_slot, guard) = self.lock(game).await?;
        Ok(guard.as_ref().expect("loaded").version)
    }

    /// Runs `f` on the live game (tests, benchmark).
    pub async fn inspect<T>(&self, game: i64, f: impl FnOnce(&Live) -> T) -> Result<T> {
        let (_slot, guard) = self.lock(game).await?;
        Ok(f(guard.as_ref().expect("loaded")))
    }
}

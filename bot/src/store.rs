//! Storage: lobbies, games (configuration + ordered decisions + a version),
//! their players, and the bot's messages that carry buttons; SQLite (the
//! embedded default) or PostgreSQL (several processes sharing one database)
//! through sqlx's `Any` driver with runtime-checked queries. Every query is
//! written once, in the SQL both understand (`$1` parameters, `ON CONFLICT`
//! upserts, yes/no as the integers 0 and 1); each kind has its schema in
//! `migrations/sqlite/` and `migrations/postgres/`.
//!
//! A decision is stored in one transaction that also bumps the game's
//! `version` only if it still is the version the decision was made against:
//! two answers racing for the same question cannot both be stored.

use crate::claims::{Work, LEASE_SECS};
use crate::remind::{Prefs, Secs, WaitRow};
use engine::{Decision, GameConfig, Set};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::AnyConnection;
use sqlx::{AnyPool, Executor, Row};
use std::time::Duration;
use thiserror::Error;

/// A Discord id (user, channel, guild, message).
pub type Snowflake = u64;

#[derive(Debug, Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    /// The game's version moved on: someone else's decision was stored first.
    #[error("the game has moved on (expected version {expected})")]
    Conflict { expected: i64 },
    #[error("no such {0}")]
    NotFound(&'static str),
    #[error("there is already a {0}")]
    Exists(&'static str),
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// The default database: a file `innovation.db` in the working directory, created if missing.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://innovation.db?mode=rwc";

/// Which database a [`Store`] runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A file (or in-memory) database inside this process: the default, one process.
    Sqlite,
    /// A PostgreSQL server, which several bot processes may share.
    Postgres,
}

impl Backend {
    /// The kind of database a URL names (`postgres://`, `postgresql://`; anything else is SQLite).
    pub fn of_url(url: &str) -> Backend {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        }
    }
}

/// A database URL fit for logs: its password, if any, replaced by `***`.
pub fn redacted(url: &str) -> String {
    let Some(start) = url.find("://").map(|i| i + 3) else { return url.to_string() };
    let end = url[start..].find(['/', '?']).map_or(url.len(), |i| start + i);
    match url[start..end].rfind('@') {
        Some(at) => match url[start..start + at].find(':') {
            Some(colon) => format!("{}***{}", &url[..start + colon + 1], &url[start + at..]),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// Who this store's claims are signed by (this process, see [`crate::claims::owner`]).
    owner: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub seat: usize,
    pub user_id: Snowflake,
    pub name: String,
    /// A computer player's level (`basic`, `strong`); `None` for a person.
    pub computer: Option<String>,
}

/// What is written with a decision, in its transaction.
#[derive(Clone, Copy, Debug, Default)]
pub struct Alongside<'a> {
    /// The seats that won, when the decision ended the game.
    pub result: Option<&'a [usize]>,
    /// The time now, and the seats the game waits on after the decision (its waits are replaced).
    pub waiting: Option<(Secs, &'a [NewWait])>,
    /// The table after the decision, at an action boundary (JSON of `engine::State`).
    pub snapshot: Option<&'a str>,
}

/// A game's log as stored (see [`Store::log`]).
#[derive(Clone, Debug, Default)]
pub struct Log {
    /// The decisions in force, in order, and the number (`seq`) of each.
    pub decisions: Vec<Decision>,
    pub seqs: Vec<i64>,
    /// The decisions taken back, in order.
    pub undone: Vec<Undone>,
}

impl Log {
    /// The game's version this log makes: one for each decision and one for each undo.
    pub fn version(&self) -> i64 {
        (self.decisions.len() + 2 * self.undone.len()) as i64
    }
}

/// A decision taken back: its number, the version at which it was taken back, and the decision.
#[derive(Clone, Debug)]
pub struct Undone {
    pub seq: i64,
    pub at: i64,
    pub decision: Decision,
}

/// A person's games in one server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub user: Snowflake,
    /// Finished games (cancelled ones are not counted).
    pub finished: i64,
    pub won: i64,
    /// Games still in play.
    pub playing: i64,
}

/// The user ids computer players sit under: ids Discord never gives (its ids are
/// snowflakes carrying a timestamp, far larger), one per computer seat of a game.
pub const COMPUTER_IDS: std::ops::RangeInclusive<Snowflake> = 1..=9;

/// A member of a lobby, in joining order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyMember {
    pub id: Snowflake,
    pub name: String,
    /// A computer player's level; `None` for a person.
    pub computer: Option<String>,
}

#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub guild_id: Snowflake,
    pub channel_id: Snowflake,
    pub thread_id: Option<Snowflake>,
    pub config: GameConfig,
    pub version: i64,
    pub over: bool,
    /// Who created the game (`None` for games from before creators were recorded).
    pub creator_id: Option<Snowflake>,
    pub reminder_minutes: i64,
    pub limit_minutes: Option<i64>,
    /// Cancelled games are also `over`.
    pub cancelled: bool,
}

/// A seat a game waits on, as the service computes it after each decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewWait {
    pub seat: usize,
    pub user_id: Snowflake,
    /// The version at which the question was first asked.
    pub stamp: i64,
    /// The question in words.
    pub asked: String,
    pub first_meld: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyStatus {
    Open,
    Started,
    Cancelled,
}

#[derive(Clone, Debug)]
pub struct LobbyRow {
    pub id: i64,
    pub guild_id: Snowflake,
    pub channel_id: Snowflake,
    pub creator_id: Snowflake,
    pub seats: usize,
    pub teams: bool,
    pub message_id: Option<Snowflake>,
    pub status: LobbyStatus,
    pub game_id: Option<i64>,
    /// The level of the computer players added with the lobby's button.
    pub computer_level: String,
    /// The finished game whose Rematch button opened this lobby.
    pub rematch_of: Option<i64>,
    /// The expansions its game is played with (migration 0009), in `Set` order.
    pub expansions: Vec<Set>,
    /// Members in joining order.
    pub members: Vec<LobbyMember>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromptMessage {
    pub channel_id: Snowflake,
    pub message_id: Snowflake,
    pub seat: usize,
    pub stamp: i64,
    /// A time-limit vote's buttons (else a question's).
    pub vote: bool,
}

/// Yes/no columns are integers 0 and 1 in both databases (SQLite has no other kind).
fn flag(b: bool) -> i64 {
    i64::from(b)
}

/// Sets as stored: their names, comma-separated ("echoes,unseen"; empty for none).
fn set_names(sets: &[Set]) -> String {
    sets.iter().map(|s| s.name()).collect::<Vec<_>>().join(",")
}

fn parse_set_names(s: &str) -> Result<Vec<Set>> {
    s.split(',')
        .filter(|n| !n.trim().is_empty())
        .map(|n| Set::parse(n).ok_or_else(|| StoreError::Corrupt(format!("bad set name {n:?}"))))
        .collect()
}

fn id_text(id: Snowflake) -> String {
    id.to_string()
}

fn parse_id(s: &str) -> Result<Snowflake> {
    s.parse().map_err(|_| StoreError::Corrupt(format!("bad Discord id {s:?}")))
}

fn parse_opt_id(s: Option<String>) -> Result<Option<Snowflake>> {
    s.as_deref().map(parse_id).transpose()
}

impl Store {
    /// Opens the database at `url` and applies the migrations: `postgres://...` (PostgreSQL) or
    /// a SQLite URL, whose file is created if missing. `sqlite::memory:` gives a private
    /// in-memory database (one connection, kept open).
    pub async fn connect(url: &str) -> Result<Store> {
        sqlx::any::install_default_drivers();
        match Backend::of_url(url) {
            Backend::Postgres => {
                let max = std::env::var("DATABASE_MAX_CONNECTIONS").ok().and_then(|s| s.trim().parse().ok()).unwrap_or(8);
                let pool = AnyPoolOptions::new().max_connections(max).acquire_timeout(Duration::from_secs(30)).connect(url).await?;
                sqlx::migrate!("../migrations/postgres").run(&pool).await?;
                Ok(Store { pool, backend: Backend::Postgres, owner: crate::claims::owner().to_string() })
            }
            Backend::Sqlite => {
                let memory = url.contains(":memory:") || url.contains("mode=memory");
                // The file is created if missing (`mode=rwc`) unless the URL says otherwise.
                let url = if memory || url.contains("mode=") {
                    url.to_string()
                } else if url.contains('?') {
                    format!("{url}&mode=rwc")
                } else {
                    format!("{url}?mode=rwc")
                };
                let pool_opts = if memory {
                    AnyPoolOptions::new().max_connections(1).min_connections(1).idle_timeout(None).max_lifetime(None)
                } else {
                    AnyPoolOptions::new().max_connections(4)
                };
                let pool = pool_opts
                    .after_connect(move |conn, _| {
                        Box::pin(async move {
                            // The URL cannot carry these through the Any driver: set them on each connection.
                            conn.execute("PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000;").await?;
                            if !memory {
                                conn.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;").await?;
                            }
                            Ok(())
                        })
                    })
                    .connect(&url)
                    .await?;
                sqlx::migrate!("../migrations/sqlite").run(&pool).await?;
                Ok(Store { pool, backend: Backend::Sqlite, owner: crate::claims::owner().to_string() })
            }
        }
    }

    /// A transaction that writes. On SQLite it takes the write lock at once (`BEGIN IMMEDIATE`),
    /// waiting its turn behind other writers: a deferred transaction that reads first and writes
    /// later fails at once with "database is locked" when another connection wrote in between.
    /// On PostgreSQL rows are locked as they are written; every read-then-write here either
    /// re-checks its condition in the `UPDATE` itself or first locks the row it depends on.
    async fn write(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>> {
        Ok(match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        })
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The same database, its claims signed as another process (tests play several processes in one).
    pub fn with_owner(mut self, owner: impl Into<String>) -> Store {
        self.owner = owner.into();
        self
    }

    pub fn owner(&self) -> &str {
        &self.owner
    }

    // ---------- claims on background work (see `crate::claims`) ----------

    /// Takes (or renews) the claim on `work` until `now` + [`LEASE_SECS`]: true if it is now
    /// this store's, false while another owner's claim has not expired.
    pub async fn claim(&self, work: &Work, now: Secs) -> Result<bool> {
        let r = sqlx::query(
            "INSERT INTO claims (kind, item, owner, expires) VALUES ($1, $2, $3, $4)
             ON CONFLICT (kind, item) DO UPDATE SET owner = excluded.owner, expires = excluded.expires
             WHERE claims.owner = excluded.owner OR claims.expires <= $5",
        )
        .bind(work.kind())
        .bind(work.item())
        .bind(&self.owner)
        .bind(now + LEASE_SECS)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// The work is done (or given up): drops this store's claim on it.
    pub async fn release(&self, work: &Work) -> Result<()> {
        sqlx::query("DELETE FROM claims WHERE kind = $1 AND item = $2 AND owner = $3")
            .bind(work.kind())
            .bind(work.item())
            .bind(&self.owner)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Takes over the reminders and time limits whose owner let their claim expire (it died
    /// before it was done): each is this store's now, for another lease.
    pub async fn retake_expired(&self, now: Secs) -> Result<Vec<Work>> {
        let rows = sqlx::query(
            "UPDATE claims SET owner = $1, expires = $2 WHERE kind IN ('reminder', 'limit') AND expires <= $3 RETURNING kind, item",
        )
        .bind(&self.owner)
        .bind(now + LEASE_SECS)
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::new();
        for r in rows {
            let (kind, item): (String, String) = (r.get(0), r.get(1));
            match Work::parse(&kind, &item) {
                Some(w) => out.push(w),
                None => {
                    tracing::warn!(kind, item, "dropping a claim this version does not understand");
                    sqlx::query("DELETE FROM claims WHERE kind = $1 AND item = $2").bind(kind).bind(item).execute(&self.pool).await?;
                }
            }
        }
        Ok(out)
    }

    /// Claims held now, as (kind, item, owner) (tests and diagnostics).
    pub async fn claims(&self) -> Result<Vec<(String, String, String)>> {
        Ok(sqlx::query("SELECT kind, item, owner FROM claims ORDER BY kind, item")
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2)))
            .collect())
    }

    // ---------- lobbies ----------

    #[allow(clippy::too_many_arguments)] // one lobby row's columns
    pub async fn create_lobby(
        &self,
        guild: Snowflake,
        channel: Snowflake,
        creator: Snowflake,
        creator_name: &str,
        seats: usize,
        teams: bool,
        computer_level: &str,
        rematch_of: Option<i64>,
        expansions: &[Set],
    ) -> Result<i64> {
        let mut tx = self.write().await?;
        let id: i64 = match sqlx::query(
            "INSERT INTO lobbies (guild_id, channel_id, creator_id, seats, teams, computer_level, rematch_of, expansions)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(id_text(guild))
        .bind(id_text(channel))
        .bind(id_text(creator))
        .bind(seats as i64)
        .bind(flag(teams))
        .bind(computer_level)
        .bind(rematch_of)
        .bind(set_names(expansions))
        .fetch_one(&mut *tx)
        .await
        {
            Ok(row) => row.get(0),
            // The game already has a rematch that is not cancelled.
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => return Err(StoreError::Exists("rematch")),
            Err(e) => return Err(e.into()),
        };
        sqlx::query("INSERT INTO lobby_members (lobby_id, user_id, name, position) VALUES ($1, $2, $3, 0)")
            .bind(id)
            .bind(id_text(creator))
            .bind(creator_name)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(id)
    }

    pub async fn lobby(&self, id: i64) -> Result<LobbyRow> {
        let row =
            sqlx::query("SELECT id, guild_id, channel_id, creator_id, seats, teams, message_id, status, game_id, computer_level, rematch_of, expansions FROM lobbies WHERE id = $1")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
                .ok_or(StoreError::NotFound("lobby"))?;
        let members = sqlx::query("SELECT user_id, name, computer FROM lobby_members WHERE lobby_id = $1 ORDER BY position")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| Ok(LobbyMember { id: parse_id(r.get::<&str, _>(0))?, name: r.get(1), computer: r.get(2) }))
            .collect::<Result<Vec<_>>>()?;
        let status = match row.get::<&str, _>("status") {
            "open" => LobbyStatus::Open,
            "started" => LobbyStatus::Started,
            _ => LobbyStatus::Cancelled,
        };
        Ok(LobbyRow {
            id: row.get("id"),
            guild_id: parse_id(row.get("guild_id"))?,
            channel_id: parse_id(row.get("channel_id"))?,
            creator_id: parse_id(row.get("creator_id"))?,
            seats: row.get::<i64, _>("seats") as usize,
            teams: row.get::<i64, _>("teams") != 0,
            message_id: parse_opt_id(row.get("message_id"))?,
            status,
            game_id: row.get("game_id"),
            computer_level: row.get("computer_level"),
            rematch_of: row.get("rematch_of"),
            expansions: parse_set_names(row.get("expansions"))?,
            members,
        })
    }

    /// Changes an open lobby's expansions and seats; false if it is not open, or if more have
    /// joined than `seats` (checked in the same statement, against a Join at the same moment).
    pub async fn set_lobby_expansions(&self, id: i64, expansions: &[Set], seats: usize) -> Result<bool> {
        let r = sqlx::query(
            "UPDATE lobbies SET expansions = $1, seats = $2
             WHERE id = $3 AND status = 'open' AND (SELECT COUNT(*) FROM lobby_members WHERE lobby_id = $3) <= $2",
        )
        .bind(set_names(expansions))
        .bind(seats as i64)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// The rematch of `game` that is not cancelled (open or started), if any.
    pub async fn rematch_of(&self, game: i64) -> Result<Option<i64>> {
        Ok(sqlx::query_scalar("SELECT id FROM lobbies WHERE rematch_of = $1 AND status <> 'cancelled'")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?)
    }

    pub async fn set_lobby_message(&self, id: i64, message: Snowflake) -> Result<()> {
        sqlx::query("UPDATE lobbies SET message_id = $1 WHERE id = $2").bind(id_text(message)).bind(id).execute(&self.pool).await?;
        Ok(())
    }

    /// Adds a member at the end of the lobby; false if already a member.
    pub async fn join_lobby(&self, id: i64, user: Snowflake, name: &str) -> Result<bool> {
        self.add_lobby_member(id, user, name, None).await
    }

    /// Adds a computer player (under one of [`COMPUTER_IDS`]) at the end of the lobby; false if that id is taken.
    pub async fn add_computer(&self, id: i64, computer_id: Snowflake, name: &str, level: &str) -> Result<bool> {
        self.add_lobby_member(id, computer_id, name, Some(level)).await
    }

    async fn add_lobby_member(&self, id: i64, user: Snowflake, name: &str, computer: Option<&str>) -> Result<bool> {
        let r = sqlx::query(
            "INSERT INTO lobby_members (lobby_id, user_id, name, computer, position)
             VALUES ($1, $2, $3, $4, (SELECT COALESCE(MAX(position), -1) + 1 FROM lobby_members WHERE lobby_id = $1))
             ON CONFLICT (lobby_id, user_id) DO NOTHING",
        )
        .bind(id)
        .bind(id_text(user))
        .bind(name)
        .bind(computer)
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Removes a member; false if they were not one.
    pub async fn leave_lobby(&self, id: i64, user: Snowflake) -> Result<bool> {
        let r = sqlx::query("DELETE FROM lobby_members WHERE lobby_id = $1 AND user_id = $2")
            .bind(id)
            .bind(id_text(user))
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() == 1)
    }

    pub async fn cancel_lobby(&self, id: i64) -> Result<bool> {
        let r =
            sqlx::query("UPDATE lobbies SET status = 'cancelled' WHERE id = $1 AND status = 'open'").bind(id).execute(&self.pool).await?;
        Ok(r.rows_affected() == 1)
    }

    /// Creates the game of an open lobby and marks the lobby started, in one
    /// transaction; `None` if the lobby was no longer open (a second Start click).
    pub async fn start_lobby(&self, lobby: i64, config: &GameConfig, players: &[PlayerRow]) -> Result<Option<i64>> {
        let mut tx = self.write().await?;
        let l = sqlx::query("SELECT guild_id, channel_id, creator_id FROM lobbies WHERE id = $1 AND status = 'open'")
            .bind(lobby)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(l) = l else { return Ok(None) };
        let (guild, channel, creator): (String, String, String) = (l.get(0), l.get(1), l.get(2));
        let config_json = serde_json::to_string(config).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let game: i64 = sqlx::query("INSERT INTO games (guild_id, channel_id, config, creator_id) VALUES ($1, $2, $3, $4) RETURNING id")
            .bind(guild)
            .bind(channel)
            .bind(config_json)
            .bind(creator)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
        for p in players {
            sqlx::query("INSERT INTO game_players (game_id, seat, user_id, name, computer) VALUES ($1, $2, $3, $4, $5)")
                .bind(game)
                .bind(p.seat as i64)
                .bind(id_text(p.user_id))
                .bind(&p.name)
                .bind(&p.computer)
                .execute(&mut *tx)
                .await?;
        }
        let r = sqlx::query("UPDATE lobbies SET status = 'started', game_id = $1 WHERE id = $2 AND status = 'open'")
            .bind(game)
            .bind(lobby)
            .execute(&mut *tx)
            .await?;
        if r.rows_affected() != 1 {
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some(game))
    }

    /// Undoes a start whose thread could not be opened: the game is deleted and the lobby is open again.
    pub async fn unstart_lobby(&self, lobby: i64, game: i64) -> Result<()> {
        let mut tx = self.write().await?;
        sqlx::query("UPDATE lobbies SET status = 'open', game_id = NULL WHERE id = $1").bind(lobby).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM games WHERE id = $1 AND version = 0").bind(game).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    // ---------- games ----------

    pub async fn set_thread(&self, game: i64, thread: Snowflake) -> Result<()> {
        sqlx::query("UPDATE games SET thread_id = $1 WHERE id = $2").bind(id_text(thread)).bind(game).execute(&self.pool).await?;
        Ok(())
    }

    pub async fn game_by_thread(&self, thread: Snowflake) -> Result<Option<i64>> {
        Ok(sqlx::query("SELECT id FROM games WHERE thread_id = $1")
            .bind(id_text(thread))
            .fetch_optional(&self.pool)
            .await?
            .map(|r| r.get(0)))
    }

    pub async fn game(&self, id: i64) -> Result<GameRow> {
        let r = sqlx::query(
            "SELECT id, guild_id, channel_id, thread_id, config, version, status, creator_id, reminder_minutes, limit_minutes, cancelled_at
             FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or(StoreError::NotFound("game"))?;
        let config: GameConfig =
            serde_json::from_str(r.get("config")).map_err(|e| StoreError::Corrupt(format!("game {id} config: {e}")))?;
        Ok(GameRow {
            id: r.get("id"),
            guild_id: parse_id(r.get("guild_id"))?,
            channel_id: parse_id(r.get("channel_id"))?,
            thread_id: parse_opt_id(r.get("thread_id"))?,
            config,
            version: r.get("version"),
            over: r.get::<&str, _>("status") == "over",
            creator_id: parse_opt_id(r.get("creator_id"))?,
            reminder_minutes: r.get("reminder_minutes"),
            limit_minutes: r.get("limit_minutes"),
            cancelled: r.get::<Option<i64>, _>("cancelled_at").is_some(),
        })
    }

    /// What says whether a cached game is still the stored one: its version (decisions stored),
    /// whether it was cancelled, and its thread. One small read, before a cached game is used.
    pub async fn game_stamp(&self, id: i64) -> Result<(i64, bool, Option<Snowflake>)> {
        let r = sqlx::query("SELECT version, cancelled_at, thread_id FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
            .ok_or(StoreError::NotFound("game"))?;
        Ok((r.get(0), r.get::<Option<i64>, _>(1).is_some(), parse_opt_id(r.get(2))?))
    }

    pub async fn players(&self, game: i64) -> Result<Vec<PlayerRow>> {
        sqlx::query("SELECT seat, user_id, name, computer FROM game_players WHERE game_id = $1 ORDER BY seat")
            .bind(game)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| Ok(PlayerRow { seat: r.get::<i64, _>(0) as usize, user_id: parse_id(r.get(1))?, name: r.get(2), computer: r.get(3) }))
            .collect()
    }

    /// The decisions of a game in force (not taken back), in order.
    pub async fn decisions(&self, game: i64) -> Result<Vec<Decision>> {
        Ok(self.log(game).await?.decisions)
    }

    /// A game's log: its decisions in force with their numbers, and the moves taken back (migration 0008).
    pub async fn log(&self, game: i64) -> Result<Log> {
        let mut log = Log::default();
        for r in sqlx::query("SELECT seq, decision, undone_at FROM decisions WHERE game_id = $1 ORDER BY seq")
            .bind(game)
            .fetch_all(&self.pool)
            .await?
        {
            let seq: i64 = r.get(0);
            let d: Decision =
                serde_json::from_str(r.get(1)).map_err(|e| StoreError::Corrupt(format!("game {game} decision {seq}: {e}")))?;
            match r.get::<Option<i64>, _>(2) {
                Some(at) => log.undone.push(Undone { seq, at, decision: d }),
                None => {
                    log.seqs.push(seq);
                    log.decisions.push(d);
                }
            }
        }
        Ok(log)
    }

    /// Stores decision number `expected_version` of a game and bumps its
    /// version, in one transaction, only if the game is still at that version.
    /// `result`: `None` while the game goes on; the seats that won when this decision ended it.
    pub async fn append_decision(
        &self,
        game: i64,
        expected_version: i64,
        decision: &Decision,
        user: Snowflake,
        result: Option<&[usize]>,
    ) -> Result<()> {
        self.append_decision_with(game, expected_version, decision, user, Alongside { result, ..Alongside::default() }).await
    }

    /// [`Store::append_decision`], with what is written in the same transaction (see [`Alongside`]).
    pub async fn append_decision_with(
        &self,
        game: i64,
        expected_version: i64,
        decision: &Decision,
        user: Snowflake,
        alongside: Alongside<'_>,
    ) -> Result<()> {
        let Alongside { result, waiting, snapshot } = alongside;
        let json = serde_json::to_string(decision).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut tx = self.write().await?;
        let r = sqlx::query(
            "UPDATE games SET version = version + 1, status = $1, updated_at = CURRENT_TIMESTAMP
             WHERE id = $2 AND version = $3 AND status = 'playing'",
        )
        .bind(if result.is_some() { "over" } else { "playing" })
        .bind(game)
        .bind(expected_version)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() != 1 {
            return Err(StoreError::Conflict { expected: expected_version });
        }
        sqlx::query("INSERT INTO decisions (game_id, seq, seat, decision, user_id) VALUES ($1, $2, $3, $4, $5)")
            .bind(game)
            .bind(expected_version)
            .bind(decision.player as i64)
            .bind(json)
            .bind(id_text(user))
            .execute(&mut *tx)
            .await?;
        if let Some((now, waits)) = waiting {
            Self::replace_waits(&mut tx, game, now, waits).await?;
        }
        if let Some(winners) = result {
            Self::set_result(&mut tx, game, winners).await?;
        }
        if let Some(state) = snapshot {
            sqlx::query(
                "INSERT INTO snapshots (game_id, version, state) VALUES ($1, $2, $3)
                 ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state",
            )
            .bind(game)
            .bind(expected_version + 1)
            .bind(state)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Takes back decision `seq` (see migration 0008): it is marked, never deleted, and the game's
    /// version is bumped, in one transaction, only if the game is still at `expected_version` and
    /// the decision still in force. A table kept after it no longer fits the log and is dropped.
    pub async fn undo_decision(&self, game: i64, expected_version: i64, seq: i64, waiting: Option<(Secs, &[NewWait])>) -> Result<()> {
        let mut tx = self.write().await?;
        let r = sqlx::query(
            "UPDATE games SET version = version + 1, updated_at = CURRENT_TIMESTAMP WHERE id = $1 AND version = $2 AND status = 'playing'",
        )
        .bind(game)
        .bind(expected_version)
        .execute(&mut *tx)
        .await?;
        let marked = sqlx::query("UPDATE decisions SET undone_at = $1 WHERE game_id = $2 AND seq = $3 AND undone_at IS NULL")
            .bind(expected_version)
            .bind(game)
            .bind(seq)
            .execute(&mut *tx)
            .await?;
        if r.rows_affected() != 1 || marked.rows_affected() != 1 {
            return Err(StoreError::Conflict { expected: expected_version });
        }
        sqlx::query("DELETE FROM snapshots WHERE game_id = $1 AND version > $2").bind(game).bind(seq).execute(&mut *tx).await?;
        if let Some((now, waits)) = waiting {
            Self::replace_waits(&mut tx, game, now, waits).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The game's table as last kept (see migration 0006): the version it follows and its JSON.
    pub async fn snapshot(&self, game: i64) -> Result<Option<(i64, String)>> {
        Ok(sqlx::query("SELECT version, state FROM snapshots WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| (r.get(0), r.get(1))))
    }

    /// Marks each seat of a finished game as won or lost.
    async fn set_result(tx: &mut AnyConnection, game: i64, winners: &[usize]) -> Result<()> {
        sqlx::query("UPDATE game_players SET won = 0 WHERE game_id = $1").bind(game).execute(&mut *tx).await?;
        for seat in winners {
            sqlx::query("UPDATE game_players SET won = 1 WHERE game_id = $1 AND seat = $2")
                .bind(game)
                .bind(*seat as i64)
                .execute(&mut *tx)
                .await?;
        }
        Ok(())
    }

    /// Records who won a game that finished before results were stored.
    pub async fn record_result(&self, game: i64, winners: &[usize]) -> Result<()> {
        let mut tx = self.write().await?;
        Self::set_result(&mut tx, game, winners).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Finished (not cancelled) games of a server whose winners are not recorded yet.
    pub async fn games_without_results(&self, guild: Snowflake) -> Result<Vec<i64>> {
        Ok(sqlx::query_scalar(
            "SELECT g.id FROM games g WHERE g.guild_id = $1 AND g.status = 'over' AND g.cancelled_at IS NULL
               AND EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.won IS NULL)",
        )
        .bind(id_text(guild))
        .fetch_all(&self.pool)
        .await?)
    }

    /// A person's record in a server: finished games (not cancelled), games won, games in play.
    pub async fn record_of(&self, guild: Snowflake, user: Snowflake) -> Result<Record> {
        let r = sqlx::query(
            "SELECT COUNT(CASE WHEN g.status = 'over' THEN 1 END), COUNT(CASE WHEN p.won = 1 THEN 1 END),
                    COUNT(CASE WHEN g.status = 'playing' THEN 1 END)
             FROM game_players p JOIN games g ON g.id = p.game_id
             WHERE p.user_id = $1 AND g.guild_id = $2 AND g.cancelled_at IS NULL",
        )
        .bind(id_text(user))
        .bind(id_text(guild))
        .fetch_one(&self.pool)
        .await?;
        Ok(Record { user, finished: r.get(0), won: r.get(1), playing: r.get(2) })
    }

    /// The people of a server with the most wins (then the best share of their games), at most `n`.
    pub async fn leaderboard(&self, guild: Snowflake, n: i64) -> Result<Vec<Record>> {
        sqlx::query(
            "SELECT p.user_id, COUNT(*), COUNT(CASE WHEN p.won = 1 THEN 1 END) AS wins
             FROM game_players p JOIN games g ON g.id = p.game_id
             WHERE g.guild_id = $1 AND g.status = 'over' AND g.cancelled_at IS NULL AND p.computer IS NULL AND p.won IS NOT NULL
             GROUP BY p.user_id
             ORDER BY wins DESC, CAST(COUNT(CASE WHEN p.won = 1 THEN 1 END) AS REAL) / COUNT(*) DESC, COUNT(*) DESC, p.user_id
             LIMIT $2",
        )
        .bind(id_text(guild))
        .bind(n)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|r| Ok(Record { user: parse_id(r.get(0))?, finished: r.get(1), won: r.get(2), playing: 0 }))
        .collect()
    }

    /// Sets whom a game waits on: a seat asked the same question as before keeps its
    /// row (its reminders and limit go on); a new question starts a new wait at `now`.
    async fn replace_waits(tx: &mut AnyConnection, game: i64, now: Secs, waits: &[NewWait]) -> Result<()> {
        let existing: Vec<i64> = sqlx::query("SELECT seat FROM waits WHERE game_id = $1")
            .bind(game)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect();
        for seat in existing {
            if !waits.iter().any(|w| w.seat as i64 == seat) {
                sqlx::query("DELETE FROM waits WHERE game_id = $1 AND seat = $2").bind(game).bind(seat).execute(&mut *tx).await?;
            }
        }
        for w in waits {
            sqlx::query(
                "INSERT INTO waits (game_id, seat, user_id, stamp, since, asked, first_meld) VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (game_id, seat) DO UPDATE SET
                     user_id = excluded.user_id, stamp = excluded.stamp, since = excluded.since, asked = excluded.asked,
                     first_meld = excluded.first_meld, reminded_at = NULL, reminders = 0, extra_minutes = 0, vote_at = NULL
                 WHERE waits.stamp != excluded.stamp",
            )
            .bind(game)
            .bind(w.seat as i64)
            .bind(id_text(w.user_id))
            .bind(w.stamp)
            .bind(now)
            .bind(&w.asked)
            .bind(flag(w.first_meld))
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query(
            "DELETE FROM limit_votes WHERE game_id = $1 AND NOT EXISTS
                 (SELECT 1 FROM waits w WHERE w.game_id = limit_votes.game_id AND w.seat = limit_votes.seat AND w.stamp = limit_votes.stamp)",
        )
        .bind(game)
        .execute(&mut *tx)
        .await?;
        Ok(())
    }

    /// Sets whom a game waits on outside a decision (a game's start, a game from before waits were kept).
    pub async fn set_waits(&self, game: i64, now: Secs, waits: &[NewWait]) -> Result<()> {
        let mut tx = self.write().await?;
        Self::replace_waits(&mut tx, game, now, waits).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Games in play, with a thread, that have no waits recorded (started before waits were kept).
    pub async fn games_without_waits(&self) -> Result<Vec<i64>> {
        Ok(sqlx::query(
            "SELECT id FROM games g WHERE status = 'playing' AND thread_id IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM waits w WHERE w.game_id = g.id)",
        )
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect())
    }

    /// Ends a game in play as cancelled; false if it was not in play.
    pub async fn cancel_game(&self, game: i64, by: Snowflake, now: Secs) -> Result<bool> {
        let mut tx = self.write().await?;
        let r = sqlx::query(
            "UPDATE games SET status = 'over', cancelled_at = $1, cancelled_by = $2, updated_at = CURRENT_TIMESTAMP
             WHERE id = $3 AND status = 'playing'",
        )
        .bind(now)
        .bind(id_text(by))
        .bind(game)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM waits WHERE game_id = $1").bind(game).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(true)
    }

    pub async fn set_game_settings(&self, game: i64, reminder_minutes: i64, limit_minutes: Option<i64>) -> Result<()> {
        sqlx::query("UPDATE games SET reminder_minutes = $1, limit_minutes = $2 WHERE id = $3")
            .bind(reminder_minutes)
            .bind(limit_minutes)
            .bind(game)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    // ---------- reminders and time limits ----------

    const WAIT_ROWS: &'static str = "SELECT w.game_id, w.seat, w.user_id, w.stamp, w.since, w.asked, w.first_meld, w.reminded_at,
                w.reminders, w.extra_minutes, w.vote_at, g.guild_id, g.thread_id, g.reminder_minutes, g.limit_minutes,
                u.reminders AS wants_reminders, u.time_zone, u.quiet_start, u.quiet_end, u.away_until
         FROM waits w JOIN games g ON g.id = w.game_id LEFT JOIN user_settings u ON u.user_id = w.user_id
         WHERE g.status = 'playing' AND NOT EXISTS
             (SELECT 1 FROM game_players p WHERE p.game_id = w.game_id AND p.seat = w.seat AND p.computer IS NOT NULL)";

    fn wait_row(r: &AnyRow) -> Result<WaitRow> {
        let prefs = Self::prefs_of(
            r.get::<Option<i64>, _>("wants_reminders"),
            r.get("time_zone"),
            r.get("quiet_start"),
            r.get("quiet_end"),
            r.get("away_until"),
        );
        Ok(WaitRow {
            game: r.get("game_id"),
            seat: r.get::<i64, _>("seat") as usize,
            user: parse_id(r.get("user_id"))?,
            stamp: r.get("stamp"),
            since: r.get("since"),
            asked: r.get("asked"),
            first_meld: r.get::<i64, _>("first_meld") != 0,
            reminded_at: r.get("reminded_at"),
            reminders: r.get("reminders"),
            extra_minutes: r.get("extra_minutes"),
            vote_at: r.get("vote_at"),
            guild: parse_id(r.get("guild_id"))?,
            thread: parse_opt_id(r.get("thread_id"))?,
            reminder_minutes: r.get("reminder_minutes"),
            limit_minutes: r.get("limit_minutes"),
            prefs,
        })
    }

    fn prefs_of(reminders: Option<i64>, tz: Option<String>, qs: Option<i64>, qe: Option<i64>, away: Option<i64>) -> Prefs {
        Prefs {
            reminders: reminders.unwrap_or(1) != 0,
            tz: tz.as_deref().and_then(crate::remind::parse_time_zone).unwrap_or(chrono_tz::Tz::UTC),
            quiet: match (qs, qe) {
                (Some(a), Some(b)) => Some((a as u32, b as u32)),
                _ => None,
            },
            away_until: away,
        }
    }

    /// Every seat waited on in games in play (with the game's and the player's settings).
    pub async fn wait_rows(&self) -> Result<Vec<WaitRow>> {
        sqlx::query(Self::WAIT_ROWS).fetch_all(&self.pool).await?.iter().map(Self::wait_row).collect()
    }

    /// The seats one game waits on.
    pub async fn game_waits(&self, game: i64) -> Result<Vec<WaitRow>> {
        let sql = format!("{} AND w.game_id = $1 ORDER BY w.seat", Self::WAIT_ROWS);
        sqlx::query(&sql).bind(game).fetch_all(&self.pool).await?.iter().map(Self::wait_row).collect()
    }

    /// Games in play waiting on a computer player since before `before` (a computer
    /// answers at once: such a game lost its turn, as when the bot stopped meanwhile).
    pub async fn games_waiting_on_computers(&self, before: Secs) -> Result<Vec<i64>> {
        Ok(sqlx::query(
            "SELECT DISTINCT w.game_id FROM waits w
             JOIN games g ON g.id = w.game_id
             JOIN game_players p ON p.game_id = w.game_id AND p.seat = w.seat
             WHERE g.status = 'playing' AND p.computer IS NOT NULL AND w.since < $1
             ORDER BY w.game_id",
        )
        .bind(before)
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|r| r.get(0))
        .collect())
    }

    /// Takes the reminders due at `now`: they are marked sent in the same
    /// transaction that finds them, so each is handed out once, even across restarts.
    /// Each is also claimed by this store in that transaction (see [`crate::claims`]): it is
    /// released once delivered, and taken over by another process if this one dies first.
    pub async fn take_due_reminders(&self, now: Secs) -> Result<Vec<WaitRow>> {
        let claim = |r: &WaitRow| Work::Reminder { game: r.game, seat: r.seat, stamp: r.stamp, n: r.reminders + 1 };
        self.take_due(now, crate::remind::due_reminders, "UPDATE waits SET reminded_at = $1, reminders = reminders + 1", claim).await
    }

    /// Takes the time limits that ran out at `now` (marked as posted in the same transaction).
    pub async fn take_due_limits(&self, now: Secs) -> Result<Vec<WaitRow>> {
        let claim = |r: &WaitRow| Work::Limit { game: r.game, seat: r.seat, stamp: r.stamp, at: now };
        self.take_due(now, crate::remind::due_limits, "UPDATE waits SET vote_at = $1", claim).await
    }

    async fn take_due(
        &self,
        now: Secs,
        due: fn(&[WaitRow], Secs) -> Vec<&WaitRow>,
        update: &str,
        claim: impl Fn(&WaitRow) -> Work,
    ) -> Result<Vec<WaitRow>> {
        let mut tx = self.write().await?;
        let rows: Vec<WaitRow> =
            sqlx::query(Self::WAIT_ROWS).fetch_all(&mut *tx).await?.iter().map(Self::wait_row).collect::<Result<_>>()?;
        let mut taken = Vec::new();
        let sql =
            format!("{update} WHERE game_id = $2 AND seat = $3 AND stamp = $4 AND reminders = $5 AND vote_at IS NOT DISTINCT FROM $6");
        for r in due(&rows, now) {
            let done = sqlx::query(&sql)
                .bind(now)
                .bind(r.game)
                .bind(r.seat as i64)
                .bind(r.stamp)
                .bind(r.reminders)
                .bind(r.vote_at)
                .execute(&mut *tx)
                .await?;
            if done.rows_affected() == 1 {
                let w = claim(r);
                sqlx::query(
                    "INSERT INTO claims (kind, item, owner, expires) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (kind, item) DO UPDATE SET owner = excluded.owner, expires = excluded.expires",
                )
                .bind(w.kind())
                .bind(w.item())
                .bind(&self.owner)
                .bind(now + LEASE_SECS)
                .execute(&mut *tx)
                .await?;
                taken.push(r.clone());
            }
        }
        tx.commit().await?;
        Ok(taken)
    }

    /// Closes a time limit's vote by granting more time: the late seat's limit grows,
    /// the vote is closed and its ballots dropped. False if that question is gone or no vote was open.
    pub async fn extend_limit(&self, game: i64, seat: usize, stamp: i64, minutes: i64) -> Result<bool> {
        let mut tx = self.write().await?;
        let r = sqlx::query(
            "UPDATE waits SET extra_minutes = extra_minutes + $1, vote_at = NULL
             WHERE game_id = $2 AND seat = $3 AND stamp = $4 AND vote_at IS NOT NULL",
        )
        .bind(minutes)
        .bind(game)
        .bind(seat as i64)
        .bind(stamp)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM limit_votes WHERE game_id = $1 AND seat = $2 AND stamp = $3")
            .bind(game)
            .bind(seat as i64)
            .bind(stamp)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Records (or changes) a vote, if that seat's vote is open; returns all votes
    /// so far (voter, remove), or `None` when no such vote is open.
    pub async fn vote(&self, game: i64, seat: usize, stamp: i64, voter: Snowflake, remove: bool) -> Result<Option<Vec<(Snowflake, bool)>>> {
        let mut tx = self.write().await?;
        // An update that changes nothing, to lock the row (PostgreSQL) while the vote is recorded:
        // a vote closed meanwhile by another process is seen as closed.
        let open =
            sqlx::query("UPDATE waits SET vote_at = vote_at WHERE game_id = $1 AND seat = $2 AND stamp = $3 AND vote_at IS NOT NULL")
                .bind(game)
                .bind(seat as i64)
                .bind(stamp)
                .execute(&mut *tx)
                .await?;
        if open.rows_affected() != 1 {
            return Ok(None);
        }
        sqlx::query(
            "INSERT INTO limit_votes (game_id, seat, stamp, voter_id, remove) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, seat, stamp, voter_id) DO UPDATE SET remove = excluded.remove",
        )
        .bind(game)
        .bind(seat as i64)
        .bind(stamp)
        .bind(id_text(voter))
        .bind(flag(remove))
        .execute(&mut *tx)
        .await?;
        let votes = sqlx::query("SELECT voter_id, remove FROM limit_votes WHERE game_id = $1 AND seat = $2 AND stamp = $3")
            .bind(game)
            .bind(seat as i64)
            .bind(stamp)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| Ok((parse_id(r.get(0))?, r.get::<i64, _>(1) != 0)))
            .collect::<Result<Vec<_>>>()?;
        tx.commit().await?;
        Ok(Some(votes))
    }

    // ---------- players' own settings ----------

    pub async fn prefs(&self, user: Snowflake) -> Result<Prefs> {
        let r = sqlx::query("SELECT reminders, time_zone, quiet_start, quiet_end, away_until FROM user_settings WHERE user_id = $1")
            .bind(id_text(user))
            .fetch_optional(&self.pool)
            .await?;
        Ok(match r {
            None => Prefs::default(),
            Some(r) => Self::prefs_of(r.get(0), r.get(1), r.get(2), r.get(3), r.get(4)),
        })
    }

    pub async fn set_prefs(&self, user: Snowflake, p: &Prefs) -> Result<()> {
        sqlx::query(
            "INSERT INTO user_settings (user_id, reminders, time_zone, quiet_start, quiet_end, away_until) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders, time_zone = excluded.time_zone,
                 quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, away_until = excluded.away_until",
        )
        .bind(id_text(user))
        .bind(flag(p.reminders))
        .bind(p.tz.name())
        .bind(p.quiet.map(|q| q.0 as i64))
        .bind(p.quiet.map(|q| q.1 as i64))
        .bind(p.away_until)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The games a user plays in (newest first): (game id, whether it is over).
    pub async fn games_of_user(&self, user: Snowflake) -> Result<Vec<(i64, bool)>> {
        Ok(sqlx::query(
            "SELECT g.id, g.status FROM games g JOIN game_players p ON p.game_id = g.id
             WHERE p.user_id = $1 ORDER BY g.status = 'over', g.updated_at DESC, g.id DESC",
        )
        .bind(id_text(user))
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get::<&str, _>(1) == "over"))
        .collect())
    }

    // ---------- messages with buttons ----------

    pub async fn record_prompt_message(&self, game: i64, m: &PromptMessage) -> Result<()> {
        sqlx::query(
            "INSERT INTO prompt_messages (game_id, channel_id, message_id, seat, stamp, vote) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (channel_id, message_id) DO UPDATE SET game_id = excluded.game_id, seat = excluded.seat,
                 stamp = excluded.stamp, vote = excluded.vote",
        )
        .bind(game)
        .bind(id_text(m.channel_id))
        .bind(id_text(m.message_id))
        .bind(m.seat as i64)
        .bind(m.stamp)
        .bind(flag(m.vote))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    pub async fn prompt_messages(&self, game: i64) -> Result<Vec<PromptMessage>> {
        sqlx::query("SELECT channel_id, message_id, seat, stamp, vote FROM prompt_messages WHERE game_id = $1")
            .bind(game)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| {
                Ok(PromptMessage {
                    channel_id: parse_id(r.get(0))?,
                    message_id: parse_id(r.get(1))?,
                    seat: r.get::<i64, _>(2) as usize,
                    stamp: r.get(3),
                    vote: r.get::<i64, _>(4) != 0,
                })
            })
            .collect()
    }

    pub async fn forget_prompt_message(&self, channel: Snowflake, message: Snowflake) -> Result<()> {
        self.take_prompt_message(channel, message).await.map(|_| ())
    }

    /// Forgets a message with buttons; true if it was still recorded (its buttons are still on it),
    /// false if another already took them away (as the response to a click on it does).
    pub async fn take_prompt_message(&self, channel: Snowflake, message: Snowflake) -> Result<bool> {
        let r = sqlx::query("DELETE FROM prompt_messages WHERE channel_id = $1 AND message_id = $2")
            .bind(id_text(channel))
            .bind(id_text(message))
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() == 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_logged_without_their_password() {
        assert_eq!(redacted("postgres://bot:s3cret@db.example:5432/innovation"), "postgres://bot:***@db.example:5432/innovation");
        assert_eq!(redacted("postgres://bot@db/innovation"), "postgres://bot@db/innovation");
        assert_eq!(redacted("sqlite://innovation.db?mode=rwc"), "sqlite://innovation.db?mode=rwc");
        assert_eq!(Backend::of_url("postgresql://x/y"), Backend::Postgres);
        assert_eq!(Backend::of_url("sqlite::memory:"), Backend::Sqlite);
    }
}

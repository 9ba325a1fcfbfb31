//! Storage: lobbies, games (configuration + ordered decisions + a version),
//! their players, and the bot's messages that carry buttons; SQLite through
//! sqlx with runtime-checked queries, the schema in `migrations/`.
//!
//! A decision is stored in one transaction that also bumps the game's
//! `version` only if it still is the version the decision was made against:
//! two answers racing for the same question cannot both be stored.

use engine::{Decision, GameConfig};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::str::FromStr;
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
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// The default database: a file `innovation.db` in the working directory, created if missing.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://innovation.db?mode=rwc";

#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub seat: usize,
    pub user_id: Snowflake,
    pub name: String,
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
    /// Members in joining order.
    pub members: Vec<(Snowflake, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromptMessage {
    pub channel_id: Snowflake,
    pub message_id: Snowflake,
    pub seat: usize,
    pub stamp: i64,
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
    /// Opens (creating if missing) the database at `url` and applies the migrations.
    /// `sqlite::memory:` gives a private in-memory database (one connection, kept open).
    pub async fn connect(url: &str) -> Result<Store> {
        let memory = url.contains(":memory:") || url.contains("mode=memory");
        let opts = SqliteConnectOptions::from_str(url)?.create_if_missing(true).foreign_keys(true).busy_timeout(Duration::from_secs(10));
        let opts = if memory { opts } else { opts.journal_mode(SqliteJournalMode::Wal).synchronous(SqliteSynchronous::Full) };
        let pool_opts = if memory {
            SqlitePoolOptions::new().max_connections(1).min_connections(1).idle_timeout(None).max_lifetime(None)
        } else {
            SqlitePoolOptions::new().max_connections(4)
        };
        let pool = pool_opts.connect_with(opts).await?;
        sqlx::migrate!("../migrations").run(&pool).await?;
        Ok(Store { pool })
    }

    /// A transaction that writes: it takes SQLite's write lock at once (`BEGIN IMMEDIATE`), waiting
    /// its turn behind other writers. A deferred transaction that reads first and writes later fails
    /// at once with "database is locked" when another connection wrote in between.
    async fn write(&self) -> Result<sqlx::Transaction<'static, sqlx::Sqlite>> {
        Ok(self.pool.begin_with("BEGIN IMMEDIATE").await?)
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    pub fn pool(&self) -> &SqlitePool {
        &self.pool
    }

    // ---------- lobbies ----------

    pub async fn create_lobby(
        &self,
        guild: Snowflake,
        channel: Snowflake,
        creator: Snowflake,
        creator_name: &str,
        seats: usize,
        teams: bool,
    ) -> Result<i64> {
        let mut tx = self.write().await?;
        let id: i64 =
            sqlx::query("INSERT INTO lobbies (guild_id, channel_id, creator_id, seats, teams) VALUES (?, ?, ?, ?, ?) RETURNING id")
                .bind(id_text(guild))
                .bind(id_text(channel))
                .bind(id_text(creator))
                .bind(seats as i64)
                .bind(teams)
                .fetch_one(&mut *tx)
                .await?
                .get(0);
        sqlx::query("INSERT INTO lobby_members (lobby_id, user_id, name, position) VALUES (?, ?, ?, 0)")
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
            sqlx::query("SELECT id, guild_id, channel_id, creator_id, seats, teams, message_id, status, game_id FROM lobbies WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?
                .ok_or(StoreError::NotFound("lobby"))?;
        let members = sqlx::query("SELECT user_id, name FROM lobby_members WHERE lobby_id = ? ORDER BY position")
            .bind(id)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| Ok((parse_id(r.get::<&str, _>(0))?, r.get::<String, _>(1))))
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
            teams: row.get("teams"),
            message_id: parse_opt_id(row.get("message_id"))?,
            status,
            game_id: row.get("game_id"),
            members,
        })
    }

    pub async fn set_lobby_message(&self, id: i64, message: Snowflake) -> Result<()> {
        sqlx::query("UPDATE lobbies SET message_id = ? WHERE id = ?").bind(id_text(message)).bind(id).execute(&self.pool).await?;
        Ok(())
    }

    /// Adds a member at the end of the lobby; false if already a member.
    pub async fn join_lobby(&self, id: i64, user: Snowflake, name: &str) -> Result<bool> {
        let r = sqlx::query(
            "INSERT OR IGNORE INTO lobby_members (lobby_id, user_id, name, position)
             VALUES (?, ?, ?, (SELECT COALESCE(MAX(position), -1) + 1 FROM lobby_members WHERE lobby_id = ?))",
        )
        .bind(id)
        .bind(id_text(user))
        .bind(name)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Removes a member; false if they were not one.
    pub async fn leave_lobby(&self, id: i64, user: Snowflake) -> Result<bool> {
        let r = sqlx::query("DELETE FROM lobby_members WHERE lobby_id = ? AND user_id = ?")
            .bind(id)
            .bind(id_text(user))
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() == 1)
    }

    pub async fn cancel_lobby(&self, id: i64) -> Result<bool> {
        let r =
            sqlx::query("UPDATE lobbies SET status = 'cancelled' WHERE id = ? AND status = 'open'").bind(id).execute(&self.pool).await?;
        Ok(r.rows_affected() == 1)
    }

    /// Creates the game of an open lobby and marks the lobby started, in one
    /// transaction; `None` if the lobby was no longer open (a second Start click).
    pub async fn start_lobby(&self, lobby: i64, config: &GameConfig, players: &[PlayerRow]) -> Result<Option<i64>> {
        let mut tx = self.write().await?;
        let l = sqlx::query("SELECT guild_id, channel_id FROM lobbies WHERE id = ? AND status = 'open'")
            .bind(lobby)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(l) = l else { return Ok(None) };
        let (guild, channel): (String, String) = (l.get(0), l.get(1));
        let config_json = serde_json::to_string(config).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let game: i64 = sqlx::query("INSERT INTO games (guild_id, channel_id, config) VALUES (?, ?, ?) RETURNING id")
            .bind(guild)
            .bind(channel)
            .bind(config_json)
            .fetch_one(&mut *tx)
            .await?
            .get(0);
        for p in players {
            sqlx::query("INSERT INTO game_players (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)")
                .bind(game)
                .bind(p.seat as i64)
                .bind(id_text(p.user_id))
                .bind(&p.name)
                .execute(&mut *tx)
                .await?;
        }
        let r = sqlx::query("UPDATE lobbies SET status = 'started', game_id = ? WHERE id = ? AND status = 'open'")
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
        sqlx::query("UPDATE lobbies SET status = 'open', game_id = NULL WHERE id = ?").bind(lobby).execute(&mut *tx).await?;
        sqlx::query("DELETE FROM games WHERE id = ? AND version = 0").bind(game).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(())
    }

    // ---------- games ----------

    pub async fn set_thread(&self, game: i64, thread: Snowflake) -> Result<()> {
        sqlx::query("UPDATE games SET thread_id = ? WHERE id = ?").bind(id_text(thread)).bind(game).execute(&self.pool).await?;
        Ok(())
    }

    pub async fn game_by_thread(&self, thread: Snowflake) -> Result<Option<i64>> {
        Ok(sqlx::query("SELECT id FROM games WHERE thread_id = ?")
            .bind(id_text(thread))
            .fetch_optional(&self.pool)
            .await?
            .map(|r| r.get(0)))
    }

    pub async fn game(&self, id: i64) -> Result<GameRow> {
        let r = sqlx::query("SELECT id, guild_id, channel_id, thread_id, config, version, status FROM games WHERE id = ?")
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
        })
    }

    pub async fn players(&self, game: i64) -> Result<Vec<PlayerRow>> {
        sqlx::query("SELECT seat, user_id, name FROM game_players WHERE game_id = ? ORDER BY seat")
            .bind(game)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(|r| Ok(PlayerRow { seat: r.get::<i64, _>(0) as usize, user_id: parse_id(r.get(1))?, name: r.get(2) }))
            .collect()
    }

    /// The decisions of a game in order.
    pub async fn decisions(&self, game: i64) -> Result<Vec<Decision>> {
        sqlx::query("SELECT seq, decision FROM decisions WHERE game_id = ? ORDER BY seq")
            .bind(game)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                if r.get::<i64, _>(0) != i as i64 {
                    return Err(StoreError::Corrupt(format!("game {game}: decision {i} is missing")));
                }
                serde_json::from_str(r.get(1)).map_err(|e| StoreError::Corrupt(format!("game {game} decision {i}: {e}")))
            })
            .collect()
    }

    /// Stores decision number `expected_version` of a game and bumps its
    /// version, in one transaction, only if the game is still at that version.
    pub async fn append_decision(&self, game: i64, expected_version: i64, decision: &Decision, user: Snowflake, over: bool) -> Result<()> {
        let json = serde_json::to_string(decision).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut tx = self.write().await?;
        let r = sqlx::query(
            "UPDATE games SET version = version + 1, status = ?, updated_at = CURRENT_TIMESTAMP
             WHERE id = ? AND version = ? AND status = 'playing'",
        )
        .bind(if over { "over" } else { "playing" })
        .bind(game)
        .bind(expected_version)
        .execute(&mut *tx)
        .await?;
        if r.rows_affected() != 1 {
            return Err(StoreError::Conflict { expected: expected_version });
        }
        sqlx::query("INSERT INTO decisions (game_id, seq, seat, decision, user_id) VALUES (?, ?, ?, ?, ?)")
            .bind(game)
            .bind(expected_version)
            .bind(decision.player as i64)
            .bind(json)
            .bind(id_text(user))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The games a user plays in (newest first): (game id, whether it is over).
    pub async fn games_of_user(&self, user: Snowflake) -> Result<Vec<(i64, bool)>> {
        Ok(sqlx::query(
            "SELECT g.id, g.status FROM games g JOIN game_players p ON p.game_id = g.id
             WHERE p.user_id = ? ORDER BY g.status = 'over', g.updated_at DESC, g.id DESC",
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
        sqlx::query("INSERT OR REPLACE INTO prompt_messages (game_id, channel_id, message_id, seat, stamp) VALUES (?, ?, ?, ?, ?)")
            .bind(game)
            .bind(id_text(m.channel_id))
            .bind(id_text(m.message_id))
            .bind(m.seat as i64)
            .bind(m.stamp)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn prompt_messages(&self, game: i64) -> Result<Vec<PromptMessage>> {
        sqlx::query("SELECT channel_id, message_id, seat, stamp FROM prompt_messages WHERE game_id = ?")
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
                })
            })
            .collect()
    }

    pub async fn forget_prompt_message(&self, channel: Snowflake, message: Snowflake) -> Result<()> {
        sqlx::query("DELETE FROM prompt_messages WHERE channel_id = ? AND message_id = ?")
            .bind(id_text(channel))
            .bind(id_text(message))
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

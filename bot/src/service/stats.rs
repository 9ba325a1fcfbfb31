//! Records: how a person has done in a server's games (`/innovation stats`) and
//! the server's leaderboard (`/innovation leaderboard`). Who won is stored with
//! the decision that ends a game; games that ended before that was stored are
//! replayed once to find out, the first time a record needs them.

use super::*;
use crate::store::Record;

/// How many people the leaderboard shows.
pub const LEADERBOARD_SIZE: i64 = 10;

impl Service {
    /// Fills in the winners of the server's finished games that have none recorded yet.
    async fn settle_results(&self, guild: Snowflake) -> Result<()> {
        for game in self.store.games_without_results(guild).await? {
            let row = self.store.game(game).await?;
            let decisions = self.store.decisions(game).await?;
            match rebuild(row.config, &decisions) {
                Ok((g, _)) => {
                    if let Some(r) = g.result() {
                        self.store.record_result(game, &r.winners).await?;
                    }
                }
                // A game that no longer replays is left out of the records rather than failing them.
                Err(e) => tracing::warn!(game, "its result could not be worked out: {e}"),
            }
        }
        Ok(())
    }

    /// `user`'s record in the server's games.
    pub async fn record(&self, guild: Snowflake, user: Snowflake) -> Result<Record> {
        self.settle_results(guild).await?;
        Ok(self.store.record_of(guild, user).await?)
    }

    /// The people of the server with the most wins.
    pub async fn leaderboard(&self, guild: Snowflake) -> Result<Vec<Record>> {
        self.settle_results(guild).await?;
        Ok(self.store.leaderboard(guild, LEADERBOARD_SIZE).await?)
    }
}

/// A record in words: "12 games finished, 7 won (58 %), 2 in play".
pub fn record_text(r: &Record) -> String {
    let mut s = match r.finished {
        0 => "no game finished yet".to_string(),
        1 => format!("1 game finished, {}", if r.won == 1 { "won" } else { "lost" }),
        n => format!("{n} games finished, {} won ({} %)", r.won, (r.won * 100 + n / 2) / n),
    };
    if r.playing > 0 {
        let _ = write!(s, ", {} in play", r.playing);
    }
    s
}

/// The leaderboard in words, one line a person (mentions, to be sent without pinging).
pub fn leaderboard_text(rows: &[Record]) -> String {
    if rows.is_empty() {
        return "No game has finished in this server yet: start one with `/innovation new`.".into();
    }
    let mut s = String::from("**Innovation leaderboard** (finished games in this server)\n");
    for (i, r) in rows.iter().enumerate() {
        let medal = ["🥇", "🥈", "🥉"].get(i).copied().unwrap_or("▫️");
        let _ = writeln!(
            s,
            "{medal} {}. <@{}>: {} wins in {} games ({} %)",
            i + 1,
            r.user,
            r.won,
            r.finished,
            (r.won * 100 + r.finished / 2) / r.finished.max(1)
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(finished: i64, won: i64, playing: i64) -> Record {
        Record { user: 100, finished, won, playing }
    }

    #[test]
    fn records_read_naturally() {
        assert_eq!(record_text(&rec(0, 0, 0)), "no game finished yet");
        assert_eq!(record_text(&rec(0, 0, 2)), "no game finished yet, 2 in play");
        assert_eq!(record_text(&rec(1, 1, 0)), "1 game finished, won");
        assert_eq!(record_text(&rec(1, 0, 1)), "1 game finished, lost, 1 in play");
        assert_eq!(record_text(&rec(12, 7, 0)), "12 games finished, 7 won (58 %)");
        assert!(leaderboard_text(&[]).contains("No game has finished"));
        let board = leaderboard_text(&[rec(3, 2, 0), rec(4, 1, 0)]);
        assert!(board.contains("🥇 1. <@100>: 2 wins in 3 games (67 %)") && board.contains("🥈 2."), "{board}");
    }
}

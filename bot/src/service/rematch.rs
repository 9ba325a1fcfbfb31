//! Rematch: the game-over message carries a **Rematch** button. A person who
//! played the finished game presses it and gets a new lobby in the channel
//! where the game began, with the same seats (and teams), the same expansions,
//! the same computer players already seated, and themselves as its creator; the others join as
//! in any lobby. A game has one rematch at a time: while one is open or has
//! started, pressing again points to it; a cancelled one makes room for another.

use super::*;

impl Service {
    /// Opens the rematch lobby of the finished `game` for `user`, who played in it.
    /// Returns the lobby and the other people of the game (to be told).
    pub async fn rematch(&self, game: i64, user: &User) -> Result<(LobbyView, Vec<Snowflake>)> {
        let row = self.store.game(game).await?;
        let players = self.store.players(game).await?;
        if !players.iter().any(|p| p.user_id == user.id && p.computer.is_none()) {
            return Err(Refusal::NotAllowed("Only the people who played this game can start its rematch.".into()));
        }
        if !row.over {
            return Err(Refusal::Other("This game is not over yet.".into()));
        }
        if let Some(lobby) = self.store.rematch_of(game).await? {
            return Err(self.rematch_exists(lobby).await);
        }
        let computers: Vec<&str> = players.iter().filter_map(|p| p.computer.as_deref()).collect();
        let level: Level = computers.first().and_then(|l| l.parse().ok()).unwrap_or_default();
        let teams = row.config.teams.is_some();
        let expansions: Vec<engine::Set> = row.config.expansions.iter().copied().collect();
        let lobby = match self
            .store
            .create_lobby(row.guild_id, row.channel_id, user.id, &user.name, players.len(), teams, level.as_str(), Some(game), &expansions)
            .await
        {
            Ok(id) => id,
            Err(StoreError::Exists(_)) => {
                // Someone pressed at the same moment: theirs was first.
                let lobby = self.store.rematch_of(game).await?.unwrap_or_default();
                return Err(self.rematch_exists(lobby).await);
            }
            Err(e) => return Err(e.into()),
        };
        for _ in &computers {
            self.seat_computer(lobby).await?;
        }
        let others = players.iter().filter(|p| p.computer.is_none() && p.user_id != user.id).map(|p| p.user_id).collect();
        Ok((self.lobby(lobby).await?, others))
    }

    async fn rematch_exists(&self, lobby: i64) -> Refusal {
        let l = self.lobby(lobby).await.ok();
        let started = l.as_ref().is_some_and(|l| !l.open);
        let place = l.and_then(|l| l.link()).map(|link| format!(": {link}")).unwrap_or_default();
        if started {
            Refusal::Lobby(format!("This game's rematch has already started{place}"))
        } else {
            Refusal::Lobby(format!("This game's rematch is already open, join it there{place}"))
        }
    }
}

//! Reading a game: the hand, the table, a board, the log, a user's games, and
//! which game a command in a channel means.

use super::*;

/// One line of `/games`.
#[derive(Clone, Debug)]
pub struct GameSummary {
    pub id: i64,
    pub thread: Option<Snowflake>,
    pub players: Vec<String>,
    pub waiting_on: Vec<String>,
    /// Each one waited on, and for how long (seconds; `None` if not known).
    pub waiting_for: Vec<(String, Option<i64>)>,
    pub your_move: bool,
    pub result: Option<String>,
}

impl Service {
    /// The game whose thread is `channel`.
    pub async fn game_in_channel(&self, channel: Snowflake) -> Result<Option<i64>> {
        Ok(self.store.game_by_thread(channel).await?)
    }

    /// The hand (and score pile) of the user, for /hand.
    pub async fn hand(&self, game: i64, user: Snowflake) -> Result<(String, Picture)> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        let view = live.game.view(Some(seat));
        Ok((format!("**Game #{}**\n{}", live.id, text::hand_text(&view, seat)), Picture::Hand(view, seat)))
    }

    /// The table as the user may see it (a spectator's view for non-players).
    pub async fn table(&self, game: i64, user: Snowflake) -> Result<(String, Picture)> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let view = live.game.view(live.seat_of(user));
        let g = &live.game;
        let head = match g.result() {
            Some(r) => format!("**Game #{}** is over: {}", live.id, text::result_text(g.names(), r)),
            None => {
                let w: Vec<String> = g.prompts().iter().map(|p| g.names()[p.player].clone()).collect();
                format!("**Game #{}**: waiting on {}.", live.id, if w.is_empty() { "nobody".into() } else { w.join(", ") })
            }
        };
        // Figures: the Decrees left in the supply and the Age 0 deck, in words beside the picture.
        let head = text::figures_supply(&view).into_iter().fold(head, |h, line| format!("{h}\n{line}"));
        Ok((head, Picture::Table(view)))
    }

    /// One player's board (by name or mention id; the asker's own when `None`).
    pub async fn board(&self, game: i64, user: Snowflake, player: Option<PlayerRef>) -> Result<(String, Picture)> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let seat = match player {
            None => live.seat_of(user).ok_or_else(|| Refusal::Other("Name a player: you are not playing in this game.".into()))?,
            Some(PlayerRef::User(id)) => {
                live.seat_of(id).ok_or_else(|| Refusal::Other("That person is not playing in this game.".into()))?
            }
            Some(PlayerRef::Name(n)) => live.game.player_by_name(n.trim()).ok_or_else(|| {
                Refusal::Other(format!("No player is called \"{n}\" here; the players are {}.", live.game.names().join(", ")))
            })?,
        };
        let view = live.game.view(live.seat_of(user));
        Ok((text::board_text(&view, seat), Picture::Board(view, seat)))
    }

    /// The last `count` events, in the words the user may read.
    pub async fn log(&self, game: i64, user: Snowflake, count: usize) -> Result<Vec<String>> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let seat = live.seat_of(user);
        let all: Vec<String> = live.game.events().map(|e| e.text_for(seat).to_string()).collect();
        let skip = all.len().saturating_sub(count);
        Ok(all.into_iter().skip(skip).collect())
    }

    /// The user's games, playing ones first, with whom each waits on.
    pub async fn games_of(&self, user: Snowflake) -> Result<Vec<GameSummary>> {
        let mut out = Vec::new();
        for (id, _) in self.store.games_of_user(user).await?.into_iter().take(20) {
            let (_slot, guard) = match self.lock(id).await {
                Ok(x) => x,
                Err(_) => continue,
            };
            let live = guard.as_ref().expect("loaded");
            let g = &live.game;
            let seat = live.seat_of(user);
            let waits = if live.cancelled || g.is_over() { Vec::new() } else { self.store.game_waits(id).await.unwrap_or_default() };
            let now = self.now();
            let waiting_for = g
                .prompts()
                .iter()
                .map(|p| {
                    let since = waits.iter().find(|w| w.seat == p.player && w.stamp == live.stamps[p.player]).map(|w| now - w.since);
                    (g.names()[p.player].clone(), since)
                })
                .collect();
            let result = if live.cancelled { Some("cancelled".to_string()) } else { g.result().map(|r| text::result_text(g.names(), r)) };
            out.push(GameSummary {
                id,
                thread: live.thread,
                players: g.names().to_vec(),
                waiting_on: if live.cancelled { Vec::new() } else { live.waiting_names() },
                waiting_for,
                your_move: !live.cancelled && seat.is_some_and(|s| g.prompt_for(s).is_some()),
                result,
            });
            let over = g.is_over() || live.cancelled;
            drop(guard);
            if over {
                self.evict(id);
            }
        }
        Ok(out)
    }

    /// The game the user means: the thread's game, else the given id, else their only game in play.
    pub async fn resolve_game(&self, channel: Snowflake, given: Option<i64>, user: Snowflake) -> Result<i64> {
        if let Some(id) = self.game_in_channel(channel).await? {
            return Ok(id);
        }
        if let Some(id) = given {
            return Ok(id);
        }
        let playing: Vec<i64> = self.store.games_of_user(user).await?.into_iter().filter(|(_, over)| !over).map(|(id, _)| id).collect();
        match playing.as_slice() {
            [one] => Ok(*one),
            [] => Err(Refusal::NotAGameThread),
            _ => Err(Refusal::Other("Use this in a game's thread, or name the game with the `game` option (see /games).".into())),
        }
    }
}

//! Computer players in Discord games: seating them in a lobby, and letting the
//! one a game waits on answer (one decision at a time, through the same path
//! as a person's answer, so it is stored, told and replayed like any other).
//!
//! A computer sits under one of [`COMPUTER_IDS`] (user ids Discord never
//! gives) with its level stored beside it. It never gets a direct message,
//! a reminder or a time limit, and does not vote. It decides with the `ai`
//! crate from what its seat may see, off the async threads.
//!
//! Who moves it: after an outcome with [`Outcome::computer_turn`] is delivered,
//! the Discord side starts a *driver* for the game ([`Service::start_driving`]),
//! which pauses, calls [`Service::computer_move`] and delivers, until the game
//! no longer waits on a computer. At most one driver runs per game; a driver
//! stops under the game's lock, so a person's answer that hands the turn to a
//! computer right then always finds either the running driver or none.

use super::*;
use crate::store::COMPUTER_IDS;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::str::FromStr;
use std::time::Duration;

/// How a computer player plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Level {
    /// One step of look-ahead over a few deals of the hidden cards (about a millisecond a decision).
    #[default]
    Basic,
    /// Monte Carlo rollouts (tens of milliseconds a decision); beats the basic level most of the time.
    Strong,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Basic => "basic",
            Level::Strong => "strong",
        }
    }
    /// The `ai` player of this level.
    pub fn kind(self) -> ai::Kind {
        match self {
            Level::Basic => ai::Kind::basic(),
            Level::Strong => ai::Kind::strong(),
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Level {
    type Err = Refusal;
    fn from_str(s: &str) -> Result<Level> {
        match s.trim().to_ascii_lowercase().as_str() {
            "basic" => Ok(Level::Basic),
            "strong" => Ok(Level::Strong),
            other => Err(Refusal::Invalid(format!("\"{other}\" is not a computer level: choose basic or strong."))),
        }
    }
}

/// The pause before a computer answers, so that people can follow in the thread.
pub const DEFAULT_PAUSE: Duration = Duration::from_millis(1500);

/// A computer that waited this long without answering lost its driver (the bot
/// stopped, or storing failed): [`Service::games_waiting_on_computers`] finds it.
pub const STUCK_AFTER_SECS: i64 = 30;

impl Service {
    // ---------- lobbies ----------

    /// Seats one more computer player of the lobby's level (no checks: callers check).
    pub(super) async fn seat_computer(&self, lobby: i64) -> Result<()> {
        let l = self.lobby(lobby).await?;
        let Some(id) = COMPUTER_IDS.clone().find(|id| !l.members.iter().any(|m| m.id == *id)) else {
            return Err(Refusal::Lobby("There is no seat left for a computer player.".into()));
        };
        let n = COMPUTER_IDS.clone().position(|x| x == id).unwrap_or(0) + 1;
        self.store.add_computer(lobby, id, &format!("Computer {n}"), l.computer_level.as_str()).await?;
        Ok(())
    }

    /// The lobby, if it is open and `user` created it (only they seat or remove computers).
    async fn own_open_lobby(&self, lobby: i64, user: &User, what: &str) -> Result<LobbyView> {
        let l = self.lobby(lobby).await?;
        if l.creator != user.id {
            return Err(Refusal::Lobby(format!("Only the one who created this game can {what} computer players.")));
        }
        if !l.open {
            return Err(Refusal::Lobby("This lobby is closed.".into()));
        }
        Ok(l)
    }

    /// The lobby's creator adds a computer player to an empty seat.
    pub async fn add_computer(&self, lobby: i64, user: &User) -> Result<LobbyView> {
        if self.own_open_lobby(lobby, user, "add").await?.is_full() {
            return Err(Refusal::Lobby("Every seat is taken.".into()));
        }
        self.seat_computer(lobby).await?;
        self.lobby(lobby).await
    }

    /// The lobby's creator takes away the computer player who joined last.
    pub async fn remove_computer(&self, lobby: i64, user: &User) -> Result<LobbyView> {
        let l = self.own_open_lobby(lobby, user, "remove").await?;
        let Some(last) = l.members.iter().rev().find(|m| m.computer.is_some()) else {
            return Err(Refusal::Lobby("There is no computer player in this lobby.".into()));
        };
        self.store.leave_lobby(lobby, last.id).await?;
        self.lobby(lobby).await
    }

    // ---------- playing ----------

    /// The first computer seat the game waits on, if any.
    pub(super) fn computer_asked(live: &Live) -> Option<usize> {
        if live.cancelled || live.game.is_over() {
            return None;
        }
        live.game.prompts().iter().map(|p| p.player).find(|s| live.is_computer(*s))
    }

    /// How long a computer of this game waits before answering: the pause, or
    /// none once no person plays in it any more (computers then finish it at once).
    pub async fn computer_pause(&self, game: i64) -> Duration {
        let slot = self.live.lock().expect("cache lock").get(&game).cloned();
        let people_in = match slot {
            Some(slot) => match slot.game.lock().await.as_ref() {
                Some(live) => live.players.iter().any(|p| p.computer.is_none() && !live.game.state().players[p.seat].eliminated),
                None => true,
            },
            None => true,
        };
        if people_in {
            self.computer_pause
        } else {
            Duration::ZERO
        }
    }

    /// Marks the game as driven; false if a driver already runs for it (then that one moves the computers).
    pub fn start_driving(&self, game: i64) -> bool {
        self.driving.lock().expect("driving lock").insert(game)
    }

    /// The game's driver stopped (it found nothing to do, or failed).
    pub fn stop_driving(&self, game: i64) {
        self.driving.lock().expect("driving lock").remove(&game);
    }

    /// Games in play that waited on a computer for over `waited_secs` seconds and have
    /// no driver: to be driven again. At start every such game (0: no driver exists
    /// yet); later those waiting over [`STUCK_AFTER_SECS`] (a driver failed).
    pub async fn games_waiting_on_computers(&self, waited_secs: i64) -> Result<Vec<i64>> {
        let games = self.store.games_waiting_on_computers(self.now() - waited_secs + 1).await?;
        let driving = self.driving.lock().expect("driving lock");
        Ok(games.into_iter().filter(|g| !driving.contains(g)).collect())
    }

    /// The computer player the game waits on answers its question (one decision),
    /// stored and told like anyone's. `None` when the game waits on no computer:
    /// then the game's driver is stopped, under the game's lock.
    pub async fn computer_move(&self, game: i64) -> Result<Option<Outcome>> {
        let (slot, mut guard) = match self.lock(game).await {
            Ok(x) => x,
            Err(e) => {
                self.stop_driving(game);
                return Err(e);
            }
        };
        let live = guard.as_mut().expect("loaded");
        let Some(seat) = Self::computer_asked(live) else {
            self.stop_driving(game);
            if live.cancelled || live.game.is_over() {
                // Nothing more will happen in it: do not keep it in memory.
                drop(guard);
                self.evict(game);
            }
            return Ok(None);
        };
        let level: Level =
            live.players.iter().find(|p| p.seat == seat).and_then(|p| p.computer.as_deref()?.parse().ok()).unwrap_or_default();
        let seed = live.game.config().seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut computer = live
            .computers
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&seat)
            .unwrap_or_else(|| ai::Computer::new(level.kind(), seed));
        let g = live.game.clone();
        let version = live.version as u64;
        let (computer, decision) = tokio::task::spawn_blocking(move || {
            let d = choose(&mut computer, &g, seat, seed ^ version);
            (computer, d)
        })
        .await
        .map_err(|e| Refusal::Internal(format!("the computer player stopped: {e}")))?;
        live.computers.get_mut().unwrap_or_else(|e| e.into_inner()).insert(seat, computer);
        let decision = decision.ok_or_else(|| Refusal::Internal(format!("the computer player in seat {} found no answer", seat + 1)))?;
        let user = live.user_of(seat);
        let out = self.decide(slot, guard, decision, user, String::new(), None).await;
        if out.is_err() {
            self.stop_driving(game);
        }
        out.map(Some)
    }
}

/// The computer's answer, checked on a copy of the game. Should the player fail
/// (it never should), a random legal answer instead: a game never waits forever on a computer.
fn choose(computer: &mut ai::Computer, game: &Game, seat: usize, seed: u64) -> Option<Decision> {
    let accepted = |d: &Decision| game.clone().apply(d.clone()).is_ok();
    let mut refused: Vec<Vec<Choice>> = Vec::new();
    for _ in 0..10 {
        match computer.decide(game, seat, &refused) {
            Ok(d) if accepted(&d) => return Some(d),
            Ok(d) => refused.push(d.answer),
            Err(e) => {
                tracing::warn!(seat, "the computer player could not decide: {e}");
                break;
            }
        }
    }
    let prompt = game.prompt_for(seat)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..200).map(|_| Decision::new(seat, engine::sim::random_answer(prompt, &mut rng))).find(accepted)
}

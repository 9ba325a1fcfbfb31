//! The game logic of the bot, without Discord: lobbies, whose move it is,
//! mapping a Discord user's click or command to an engine decision, storing
//! it, and deciding what to tell whom (an [`Outcome`]): posts in the game's
//! thread, direct messages, the reply to the one who acted, and which
//! question to show to whom, in the thread when it reveals nothing, by DM
//! when it involves the player's hidden cards.
//!
//! Live games are cached in memory, each behind its own async mutex, so a
//! slow game never blocks another. A decision is committed to the database
//! (with a version check in the same transaction) before any outcome exists.
//!
//! One job a module: [`lobby`] (lobbies and starting games), [`cache`] (live
//! games, loading and rebuilding), [`present`] (showing questions), [`apply`]
//! (turning clicks and commands into stored decisions), [`tell`] (what to tell
//! whom after one), [`outcome`] (those messages as data, and their order),
//! [`read`] (looking at a game), and [`computers`], [`timing`], [`rematch`],
//! [`stats`].

use crate::ids::{ActionButton, Asked};
use crate::remind::{self, Clock, Secs, SystemClock};
use crate::store::{Alongside, LobbyMember, NewWait, PlayerRow, PromptMessage, Snowflake, Store, StoreError};
use crate::text;
use engine::state::{Outcome as GameResult, Zone};
use engine::{card, Action, AnswerKind, CardDb, CardId, Choice, Decision, Game, GameConfig, GameError, Prompt, View};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use thiserror::Error;
use tokio::sync::{watch, Mutex as AsyncMutex, OwnedMutexGuard};

mod apply;
mod cache;
pub mod computers;
mod lobby;
mod outcome;
mod present;
mod read;
mod recap;
mod rematch;
pub mod stats;
mod tell;
mod timing;
mod undo;

pub use apply::Answer;
pub use cache::{in_first_meld, rebuild, rebuild_log, Live, Rebuilt};
pub use computers::Level;
pub use lobby::{max_seats, LobbyOptions, LobbyView};
pub use outcome::{Dm, OrderTicket, Outcome, Picture, Post, Ui, UiKind};
pub use present::{Menu, MenuOption, Question};
pub use read::GameSummary;

// Shared between the modules above.
use apply::engine_refusal;
use cache::{update_stamps, Slot};
use outcome::Sequencer;
use present::is_private;
use tell::{bullets, set_reply, Before};

/// Someone on Discord: their id and the name they go by in games.
#[derive(Clone, Debug)]
pub struct User {
    pub id: Snowflake,
    pub name: String,
}

impl User {
    pub fn new(id: Snowflake, name: impl Into<String>) -> User {
        User { id, name: name.into() }
    }
}

/// Why something was refused, in words for the one who tried; nothing changed.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum Refusal {
    #[error("You are not playing in this game.")]
    NotInGame,
    #[error("Nobody is asking you anything right now{0}.")]
    NotAsked(String),
    #[error("That question was already answered (these buttons are from an older message).")]
    Stale,
    #[error("That is not a legal answer: {0}")]
    Illegal(String),
    #[error("{0} is not implemented in this bot yet: please choose something else.")]
    Unimplemented(String),
    #[error("There is no card called \"{0}\". (Try /card to look one up.)")]
    UnknownCard(String),
    #[error("Use this command in a game's thread.")]
    NotAGameThread,
    #[error("This game is over.")]
    GameOver,
    #[error("This game was cancelled.")]
    Cancelled,
    /// Not theirs to do (settings, cancelling).
    #[error("{0}")]
    NotAllowed(String),
    /// What was typed is not accepted; the words say what is.
    #[error("{0}")]
    Invalid(String),
    #[error("There is no such game.")]
    NoSuchGame,
    #[error("{0}")]
    Lobby(String),
    #[error("{0}")]
    Other(String),
    /// A move that cannot be taken back, and why.
    #[error("You cannot take that back: {0}.")]
    Undo(String),
    #[error("Something went wrong on my side ({0}); nothing was changed. Please try again.")]
    Internal(String),
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        match e {
            StoreError::Conflict { .. } => Refusal::Stale,
            StoreError::NotFound("game") => Refusal::NoSuchGame,
            other => Refusal::Internal(other.to_string()),
        }
    }
}

pub type Result<T, E = Refusal> = std::result::Result<T, E>;

pub struct Service {
    store: Store,
    live: Mutex<HashMap<i64, Arc<Slot>>>,
    clock: Arc<dyn Clock>,
    /// (game, user) whose direct messages Discord refused since the last one that went through.
    dm_refused: Mutex<HashSet<(i64, Snowflake)>>,
    /// Games whose computer players are being moved (see [`computers`]).
    driving: Mutex<HashSet<i64>>,
    computer_pause: std::time::Duration,
    /// Deals every game from this seed and its lobby instead of a random one (`DEAL_SEED`).
    deal_seed: Option<u64>,
}

impl Service {
    pub fn new(store: Store) -> Service {
        Service::with_clock(store, Arc::new(SystemClock))
    }

    /// A service reading the time from `clock` (tests move it by hand).
    pub fn with_clock(store: Store, clock: Arc<dyn Clock>) -> Service {
        Service {
            store,
            live: Mutex::new(HashMap::new()),
            clock,
            dm_refused: Mutex::new(HashSet::new()),
            driving: Mutex::new(HashSet::new()),
            computer_pause: computers::DEFAULT_PAUSE,
            deal_seed: None,
        }
    }

    /// Sets how long a computer player waits before answering (default [`computers::DEFAULT_PAUSE`]).
    pub fn with_computer_pause(mut self, pause: std::time::Duration) -> Service {
        self.computer_pause = pause;
        self
    }

    /// Deals every game from `seed` and its lobby's number instead of a random seed: the same
    /// lobbies get the same cards (end-to-end tests; reproducing a reported game).
    pub fn with_deal_seed(mut self, seed: Option<u64>) -> Service {
        self.deal_seed = seed;
        self
    }

    /// The seed a game started from lobby `lobby` is dealt with: random, unless set (see [`Service::with_deal_seed`]).
    pub fn deal_seed(&self, lobby: i64) -> u64 {
        match self.deal_seed {
            Some(seed) => seed ^ (lobby as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
            None => rand::random(),
        }
    }

    pub fn now(&self) -> Secs {
        self.clock.secs()
    }

    /// A direct message to `user` about `game` was refused: true the first time (tell them once, not at every message).
    pub fn dm_refused(&self, game: i64, user: Snowflake) -> bool {
        self.dm_refused.lock().expect("dm lock").insert((game, user))
    }

    /// A direct message went through: a later refusal is told again.
    pub fn dm_delivered(&self, game: i64, user: Snowflake) {
        self.dm_refused.lock().expect("dm lock").remove(&(game, user));
    }

    pub fn store(&self) -> &Store {
        &self.store
    }
}

/// A player named in a command: by Discord user, or by their name in the game.
#[derive(Clone, Debug)]
pub enum PlayerRef {
    User(Snowflake),
    Name(String),
}

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

pub mod computers;
mod rematch;
pub mod stats;
mod timing;

pub use computers::Level;

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

/// A picture to attach, with the words to show instead when it cannot be drawn.
#[derive(Clone, Debug)]
pub enum Picture {
    /// The whole table as the view's viewer sees it.
    Table(View),
    /// One player's board.
    Board(View, usize),
    /// The view's viewer's hand.
    Hand(View, usize),
    Card(CardId),
}

impl Picture {
    pub fn png(&self) -> Result<Vec<u8>, render::RenderError> {
        match self {
            Picture::Table(v) => render::table_png(v),
            Picture::Board(v, s) => render::board_png(v, *s),
            Picture::Hand(v, s) => render::hand_png(v, *s),
            Picture::Card(c) => render::card_png(*c),
        }
    }
    /// The words to show when the picture cannot be drawn.
    pub fn fallback(&self) -> String {
        match self {
            Picture::Table(v) => text::table_text(v),
            Picture::Board(v, s) => text::board_text(v, *s),
            Picture::Hand(..) => String::new(), // the hand is always listed in words too
            Picture::Card(c) => text::card_text(*c),
        }
    }
    pub fn file_name(&self) -> String {
        match self {
            Picture::Table(_) => "table.png".into(),
            Picture::Board(_, s) => format!("board-{s}.png"),
            Picture::Hand(..) => "hand.png".into(),
            Picture::Card(c) => format!("card-{}.png", c.0),
        }
    }
}

/// Buttons or menus answering one player's question.
#[derive(Clone, Debug, PartialEq)]
pub struct Ui {
    pub game: i64,
    pub stamp: i64,
    pub seat: usize,
    pub kind: UiKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum UiKind {
    /// The turn's action: which of the four buttons have something behind them.
    Actions { draw: bool, meld: bool, dogma: bool, achieve: bool },
    /// Pick from labelled options (labels never name a card the player may not see).
    Choose { options: Vec<String>, min: usize, max: usize, order: bool },
    /// The others' vote on the player `seat` who let the time limit pass: wait one more day, or remove them.
    LimitVote { name: String },
    /// Under the game-over message: open a new lobby for the same table (see `service/rematch.rs`).
    Rematch,
}

/// A message in the game's thread.
#[derive(Clone, Debug, Default)]
pub struct Post {
    pub text: String,
    pub pictures: Vec<Picture>,
    pub ui: Option<Ui>,
}

/// A direct message to a player.
#[derive(Clone, Debug)]
pub struct Dm {
    pub user: Snowflake,
    pub seat: usize,
    pub text: String,
    pub pictures: Vec<Picture>,
    pub ui: Option<Ui>,
    /// What to post in the game's thread instead when the message cannot be
    /// delivered (`None`: the usual words about direct messages being closed).
    pub fallback: Option<String>,
}

/// What to tell whom after something happened in a game.
#[derive(Debug, Default)]
pub struct Outcome {
    pub game: i64,
    pub thread: Option<Snowflake>,
    pub posts: Vec<Post>,
    pub dms: Vec<Dm>,
    /// For the one who acted, privately.
    pub reply: String,
    /// Messages whose buttons answer questions that are gone: take the buttons away.
    pub stale: Vec<PromptMessage>,
    /// This outcome's place in its game's order: deliver after [`OrderTicket::wait_turn`], then drop it.
    pub order: Option<OrderTicket>,
    /// The game now waits on a computer player: after delivering, let it move
    /// (see [`Service::computer_move`]).
    pub computer_turn: bool,
    /// The claimed background work this outcome is (a reminder, a time limit): released once
    /// delivered; its messages carry the claim's nonces (see [`crate::claims`]).
    pub claim: Option<crate::claims::Work>,
}

/// Keeps a game's outcomes delivered in the order they happened, without
/// holding the game itself while messages are sent.
struct Sequencer {
    issued: AtomicU64,
    state: watch::Sender<SeqState>,
}

#[derive(Default)]
struct SeqState {
    /// Every ticket below this one is done.
    done: u64,
    /// Tickets done out of order.
    finished: BTreeSet<u64>,
}

impl Default for Sequencer {
    fn default() -> Sequencer {
        Sequencer { issued: AtomicU64::new(0), state: watch::channel(SeqState::default()).0 }
    }
}

/// An outcome's place in the delivery order of its game; dropping it lets the next one go.
pub struct OrderTicket {
    n: u64,
    seq: Arc<Sequencer>,
}

impl OrderTicket {
    fn issue(seq: &Arc<Sequencer>) -> OrderTicket {
        OrderTicket { n: seq.issued.fetch_add(1, Ordering::SeqCst), seq: seq.clone() }
    }
    /// Waits until every earlier outcome of the game was delivered (or dropped).
    pub async fn wait_turn(&self) {
        let mut rx = self.seq.state.subscribe();
        let _ = rx.wait_for(|s| s.done >= self.n).await;
    }
}

impl Drop for OrderTicket {
    fn drop(&mut self) {
        let n = self.n;
        self.seq.state.send_modify(|s| {
            s.finished.insert(n);
            while s.finished.remove(&s.done) {
                s.done += 1;
            }
        });
    }
}

impl std::fmt::Debug for OrderTicket {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "OrderTicket({})", self.n)
    }
}

/// A lobby as shown in its message.
#[derive(Clone, Debug)]
pub struct LobbyView {
    pub id: i64,
    pub guild: Snowflake,
    /// The channel the lobby is posted in (a game's thread opens under it).
    pub channel: Snowflake,
    /// The lobby's message, once posted.
    pub message: Option<Snowflake>,
    pub creator: Snowflake,
    pub seats: usize,
    pub teams: bool,
    pub members: Vec<LobbyMember>,
    /// The level of computer players added with the lobby's button.
    pub computer_level: Level,
    pub open: bool,
    pub game: Option<i64>,
    pub cancelled: bool,
    /// The finished game whose Rematch button opened this lobby.
    pub rematch_of: Option<i64>,
}

impl LobbyView {
    pub fn min_players(&self) -> usize {
        if self.teams {
            4
        } else {
            2
        }
    }
    pub fn can_start(&self) -> bool {
        self.open && self.members.len() >= self.min_players() && self.members.len() <= self.seats
    }
    pub fn computers(&self) -> usize {
        self.members.iter().filter(|m| m.computer.is_some()).count()
    }
    pub fn is_full(&self) -> bool {
        self.members.len() >= self.seats
    }
    /// A link to the lobby's message, once it is posted.
    pub fn link(&self) -> Option<String> {
        self.message.map(|m| format!("https://discord.com/channels/{}/{}/{m}", self.guild, self.channel))
    }
    pub fn text(&self) -> String {
        let mut s = format!(
            "**Innovation**: a new game by <@{}> for up to {} players{}{}.\n",
            self.creator,
            self.seats,
            if self.teams { " in two teams of two" } else { "" },
            match self.rematch_of {
                Some(g) => format!(", a rematch of game #{g}"),
                None => String::new(),
            }
        );
        let names: Vec<String> = self
            .members
            .iter()
            .map(|m| match &m.computer {
                Some(level) => format!("{} (computer, {level})", m.name),
                None => format!("<@{}>", m.id),
            })
            .collect();
        let _ = writeln!(
            s,
            "Players ({}/{}): {}",
            self.members.len(),
            self.seats,
            if names.is_empty() { "none".into() } else { names.join(", ") }
        );
        if self.cancelled {
            s.push_str("This lobby was cancelled.");
        } else if !self.open {
            s.push_str("The game has started: see its thread.");
        } else if self.can_start() {
            s.push_str("Press **Join** to play. The creator can **Start** now");
            if !self.is_full() {
                let _ = write!(s, ", or fill seats with **Add computer** ({} level)", self.computer_level);
            }
            s.push('.');
        } else {
            let _ = write!(
                s,
                "Press **Join** to play. The creator can start once {} players have joined, and can fill seats with **Add computer** ({} level).",
                self.min_players(),
                self.computer_level
            );
        }
        s
    }
}

/// A player's current question, for `/answer` and for showing it again.
#[derive(Clone, Debug)]
pub struct Question {
    pub text: String,
    pub ui: Ui,
    pub private: bool,
    pub pictures: Vec<Picture>,
}

/// An entry of an ephemeral select menu (Meld, Dogma, Achieve).
#[derive(Clone, Debug, PartialEq)]
pub struct MenuOption {
    /// Index into the question's options.
    pub index: usize,
    pub label: String,
    pub description: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Menu {
    pub stamp: Asked,
    pub title: String,
    pub options: Vec<MenuOption>,
}

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

/// An answer as it arrives: option indices (buttons, menus) or choices.
#[derive(Clone, Debug)]
pub enum Answer {
    Indices(Vec<usize>),
    Choices(Vec<Choice>),
}

/// A game in memory: its stored facts and the engine's game rebuilt from its decisions.
pub struct Live {
    pub id: i64,
    pub thread: Option<Snowflake>,
    pub players: Vec<PlayerRow>,
    pub game: Game,
    /// Number of decisions stored (the database's `version`).
    pub version: i64,
    /// Per seat: the version at which that seat's current question was first asked.
    pub stamps: Vec<i64>,
    pub creator: Option<Snowflake>,
    pub cancelled: bool,
    /// The computer players seated in this game, each with what it remembers of it
    /// (made when first needed; behind a mutex only so that `Live` may be shared).
    computers: Mutex<HashMap<usize, ai::Computer>>,
}

impl Live {
    /// The seat of a person playing in this game (never a computer's).
    fn seat_of(&self, user: Snowflake) -> Option<usize> {
        self.players.iter().find(|p| p.user_id == user && p.computer.is_none()).map(|p| p.seat)
    }
    /// Is this seat a computer player?
    pub fn is_computer(&self, seat: usize) -> bool {
        self.players.iter().any(|p| p.seat == seat && p.computer.is_some())
    }
    fn user_of(&self, seat: usize) -> Snowflake {
        self.players.iter().find(|p| p.seat == seat).map(|p| p.user_id).unwrap_or(0)
    }
    /// How the thread addresses a seat: a mention for a person, the bold name for a computer.
    fn mention(&self, seat: usize) -> String {
        if self.is_computer(seat) {
            format!("**{}**", self.game.names().get(seat).map(String::as_str).unwrap_or("computer"))
        } else {
            format!("<@{}>", self.user_of(seat))
        }
    }
    fn waiting_names(&self) -> Vec<String> {
        self.game.prompts().iter().map(|p| self.game.names()[p.player].clone()).collect()
    }
}

/// After decision `version - 1` (by `actor`) was applied: a seat keeps its stamp
/// only if it was not the actor and its question did not change.
fn update_stamps(g: &Game, before: &[Option<Prompt>], actor: usize, version: i64, stamps: &mut [i64]) {
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
    let mut g = Game::new(config)?;
    let n = g.names().len();
    let mut stamps = vec![0; n];
    for (i, d) in decisions.iter().enumerate() {
        let before: Vec<Option<Prompt>> = (0..n).map(|p| g.prompt_for(p).cloned()).collect();
        g.apply(d.clone())?;
        update_stamps(&g, &before, d.player, i as i64 + 1, &mut stamps);
    }
    Ok((g, stamps))
}

#[derive(Default)]
struct Slot {
    game: Arc<AsyncMutex<Option<Live>>>,
    deliver: Arc<Sequencer>,
}

pub struct Service {
    store: Store,
    live: Mutex<HashMap<i64, Arc<Slot>>>,
    clock: Arc<dyn Clock>,
    /// (game, user) whose direct messages Discord refused since the last one that went through.
    dm_refused: Mutex<HashSet<(i64, Snowflake)>>,
    /// Games whose computer players are being moved (see [`computers`]).
    driving: Mutex<HashSet<i64>>,
    computer_pause: std::time::Duration,
}

struct Before {
    events: usize,
    hands: Vec<Vec<CardId>>,
    scores: Vec<Vec<CardId>>,
    first_meld: bool,
}

impl Before {
    fn of(g: &Game) -> Before {
        let sorted = |v: &Vec<CardId>| {
            let mut v = v.clone();
            v.sort();
            v
        };
        Before {
            events: g.event_count(),
            hands: g.state().players.iter().map(|p| sorted(&p.hand)).collect(),
            scores: g.state().players.iter().map(|p| sorted(&p.score)).collect(),
            first_meld: in_first_meld(g),
        }
    }
}

/// Is this question about the asked player's own hidden cards (hand or score pile)?
fn is_private(g: &Game, prompt: &Prompt) -> bool {
    g.prompt_is_private(prompt)
}

fn bullets(lines: &[String]) -> String {
    lines.iter().map(|l| format!("• {l}\n")).collect()
}

fn engine_refusal(e: GameError) -> Refusal {
    match e {
        GameError::Unimplemented { title } => Refusal::Unimplemented(title),
        GameError::Over => Refusal::GameOver,
        GameError::NotAsked { .. } => Refusal::NotAsked(String::new()),
        GameError::Illegal { problem, .. } => Refusal::Illegal(problem),
        GameError::FirstMeldConcession => {
            Refusal::Other("Nobody can concede before the first meld. Ask the other players to simply leave this game be.".into())
        }
        other => Refusal::Internal(other.to_string()),
    }
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
        }
    }

    /// Sets how long a computer player waits before answering (default [`computers::DEFAULT_PAUSE`]).
    pub fn with_computer_pause(mut self, pause: std::time::Duration) -> Service {
        self.computer_pause = pause;
        self
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

    /// Forgets a game's cached state (it is rebuilt from the database when next needed).
    pub fn evict(&self, game: i64) {
        self.live.lock().expect("cache lock").remove(&game);
    }

    fn slot(&self, game: i64) -> Arc<Slot> {
        self.live.lock().expect("cache lock").entry(game).or_default().clone()
    }

    async fn load(&self, id: i64) -> Result<Live> {
        let row = self.store.game(id).await?;
        let players = self.store.players(id).await?;
        let decisions = self.store.decisions(id).await?;
        if decisions.len() as i64 != row.version {
            return Err(Refusal::Internal(format!("game {id}: version {} but {} decisions", row.version, decisions.len())));
        }
        let (game, stamps) = match rebuild(row.config.clone(), &decisions) {
            Ok(x) => x,
            Err(e) => self.resume_from_snapshot(id, row.config, &decisions, row.version, e).await?,
        };
        Ok(Live {
            id,
            thread: row.thread_id,
            players,
            game,
            version: row.version,
            stamps,
            creator: row.creator_id,
            cancelled: row.cancelled,
            computers: Mutex::new(HashMap::new()),
        })
    }

    /// The table to keep after a decision, when the game could go on from it alone.
    fn snapshot_at_boundary(g: &Game) -> Option<String> {
        g.resumable_state().and_then(|st| serde_json::to_string(st).ok())
    }

    /// A game whose log no longer replays (a later version's rules decide a step differently)
    /// goes on from its table as kept at the last action boundary, with the decisions after it.
    /// Its questions are treated as asked now (older buttons are stale).
    async fn resume_from_snapshot(
        &self,
        id: i64,
        config: GameConfig,
        decisions: &[Decision],
        version: i64,
        replay_error: GameError,
    ) -> Result<(Game, Vec<i64>)> {
        let lost = |why: String| Refusal::Internal(format!("game {id} cannot be replayed ({replay_error}), {why}"));
        let Some((at, json)) = self.store.snapshot(id).await? else { return Err(lost("and no table was kept".into())) };
        let state: engine::State = serde_json::from_str(&json).map_err(|e| lost(format!("and its kept table is unreadable: {e}")))?;
        let mut game = Game::from_state(config, state).map_err(|e| lost(format!("and its kept table does not start: {e}")))?;
        for d in decisions.iter().skip(at.max(0) as usize) {
            game.apply(d.clone()).map_err(|e| lost(format!("nor the decisions after its kept table: {e}")))?;
        }
        tracing::warn!(game = id, "the log no longer replays ({replay_error}); going on from the table kept after decision {at}");
        let seats = game.names().len();
        Ok((game, vec![version; seats]))
    }

    /// Locks a game (loading it if needed) and returns its slot and guard. A cached game is
    /// first checked against the stored one (another process may have moved it on) and
    /// reloaded when stale.
    async fn lock(&self, game: i64) -> Result<(Arc<Slot>, OwnedMutexGuard<Option<Live>>)> {
        let slot = self.slot(game);
        let mut guard = slot.game.clone().lock_owned().await;
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

    // ---------- lobbies ----------

    fn lobby_view(l: crate::store::LobbyRow) -> LobbyView {
        use crate::store::LobbyStatus;
        LobbyView {
            id: l.id,
            guild: l.guild_id,
            channel: l.channel_id,
            message: l.message_id,
            creator: l.creator_id,
            seats: l.seats,
            teams: l.teams,
            members: l.members,
            computer_level: l.computer_level.parse().unwrap_or_default(),
            open: l.status == LobbyStatus::Open,
            game: l.game_id,
            cancelled: l.status == LobbyStatus::Cancelled,
            rematch_of: l.rematch_of,
        }
    }

    pub async fn lobby(&self, id: i64) -> Result<LobbyView> {
        match self.store.lobby(id).await {
            Ok(l) => Ok(Self::lobby_view(l)),
            Err(StoreError::NotFound(_)) => Err(Refusal::Lobby("That lobby does not exist any more.".into())),
            Err(e) => Err(e.into()),
        }
    }

    pub async fn create_lobby(&self, guild: Snowflake, channel: Snowflake, creator: &User, seats: usize, teams: bool) -> Result<LobbyView> {
        self.create_lobby_with_computers(guild, channel, creator, seats, teams, 0, Level::default()).await
    }

    /// A lobby with `computers` computer players of `level` already seated after the creator.
    #[allow(clippy::too_many_arguments)]
    pub async fn create_lobby_with_computers(
        &self,
        guild: Snowflake,
        channel: Snowflake,
        creator: &User,
        seats: usize,
        teams: bool,
        computers: usize,
        level: Level,
    ) -> Result<LobbyView> {
        if !(2..=5).contains(&seats) {
            return Err(Refusal::Lobby("A game has 2 to 5 seats.".into()));
        }
        if teams && seats != 4 {
            return Err(Refusal::Lobby("Team games are for 4 players (two teams of two): choose 4 seats.".into()));
        }
        if computers >= seats {
            return Err(Refusal::Lobby(format!(
                "A game of {seats} seats has room for at most {} computer player{} (you take a seat too).",
                seats - 1,
                if seats == 2 { "" } else { "s" }
            )));
        }
        let id = self.store.create_lobby(guild, channel, creator.id, &creator.name, seats, teams, level.as_str(), None).await?;
        for _ in 0..computers {
            self.seat_computer(id).await?;
        }
        self.lobby(id).await
    }

    pub async fn set_lobby_message(&self, lobby: i64, message: Snowflake) -> Result<()> {
        Ok(self.store.set_lobby_message(lobby, message).await?)
    }

    pub async fn join_lobby(&self, lobby: i64, user: &User) -> Result<LobbyView> {
        let l = self.lobby(lobby).await?;
        if !l.open {
            return Err(Refusal::Lobby("This lobby is closed.".into()));
        }
        if l.members.iter().any(|m| m.id == user.id) {
            return Err(Refusal::Lobby("You have already joined.".into()));
        }
        if l.members.len() >= l.seats {
            return Err(Refusal::Lobby("This game is full.".into()));
        }
        self.store.join_lobby(lobby, user.id, &user.name).await?;
        self.lobby(lobby).await
    }

    /// Leaves a lobby; the creator leaving cancels it.
    pub async fn leave_lobby(&self, lobby: i64, user: &User) -> Result<LobbyView> {
        let l = self.lobby(lobby).await?;
        if !l.open {
            return Err(Refusal::Lobby("This lobby is closed.".into()));
        }
        if !l.members.iter().any(|m| m.id == user.id && m.computer.is_none()) {
            return Err(Refusal::Lobby("You are not in this lobby.".into()));
        }
        if l.creator == user.id {
            self.store.cancel_lobby(lobby).await?;
        }
        self.store.leave_lobby(lobby, user.id).await?;
        self.lobby(lobby).await
    }

    pub async fn cancel_lobby(&self, lobby: i64, user: &User) -> Result<LobbyView> {
        self.cancel_lobby_as(lobby, user, false).await
    }

    /// Cancels a lobby: its creator may, and so may a member with Manage Server (`manager`).
    pub async fn cancel_lobby_as(&self, lobby: i64, user: &User, manager: bool) -> Result<LobbyView> {
        let l = self.lobby(lobby).await?;
        if l.creator != user.id && !manager {
            return Err(Refusal::Lobby("Only the one who created this game, or a member with Manage Server, can cancel it.".into()));
        }
        if !self.store.cancel_lobby(lobby).await? {
            return Err(Refusal::Lobby("This lobby is closed.".into()));
        }
        self.lobby(lobby).await
    }

    /// Starts the lobby's game (creator only). The game gets its thread with [`Service::open_game`].
    pub async fn start_lobby(&self, lobby: i64, user: &User, seed: u64) -> Result<(i64, LobbyView)> {
        let l = self.lobby(lobby).await?;
        if l.creator != user.id {
            return Err(Refusal::Lobby("Only the one who created this game can start it.".into()));
        }
        if !l.open {
            return Err(Refusal::Lobby("This game has already started or was cancelled.".into()));
        }
        if !l.can_start() {
            return Err(Refusal::Lobby(format!(
                "{} players are needed to start{} ({} joined).",
                l.min_players(),
                if l.teams { " a team game" } else { "" },
                l.members.len()
            )));
        }
        // Engine names must be distinct and not empty.
        let mut names: Vec<String> = Vec::new();
        for (i, m) in l.members.iter().enumerate() {
            let base = if m.name.trim().is_empty() { format!("player {}", i + 1) } else { m.name.trim().to_string() };
            let mut name = base.clone();
            let mut k = 2;
            while names.iter().any(|x| x.eq_ignore_ascii_case(&name)) {
                name = format!("{base} ({k})");
                k += 1;
            }
            names.push(name);
        }
        let mut config = GameConfig { players: names.clone(), teams: None, edition: 4, expansions: Vec::new(), seed };
        if l.teams {
            config.teams = Some(vec![vec![0, 2], vec![1, 3]]);
        }
        Game::new(config.clone()).map_err(engine_refusal)?;
        let players: Vec<PlayerRow> = l
            .members
            .iter()
            .enumerate()
            .map(|(seat, m)| PlayerRow { seat, user_id: m.id, name: names[seat].clone(), computer: m.computer.clone() })
            .collect();
        let Some(game) = self.store.start_lobby(lobby, &config, &players).await? else {
            return Err(Refusal::Lobby("This game has already started or was cancelled.".into()));
        };
        Ok((game, self.lobby(lobby).await?))
    }

    /// Undoes a start whose thread could not be opened.
    pub async fn unstart_lobby(&self, lobby: i64, game: i64) -> Result<()> {
        self.evict(game);
        Ok(self.store.unstart_lobby(lobby, game).await?)
    }

    /// Gives a started game its thread and says what to tell everyone: the game
    /// began (in the thread) and, by DM, each player's two cards for the first meld.
    pub async fn open_game(&self, game: i64, thread: Snowflake) -> Result<Outcome> {
        self.store.set_thread(game, thread).await?;
        self.evict(game);
        let (slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let g = &live.game;
        let mut seats = String::new();
        for p in &live.players {
            match &p.computer {
                Some(level) => {
                    let _ = writeln!(seats, "{}. {} (a computer player, {level})", p.seat + 1, p.name);
                }
                None => {
                    let _ = writeln!(seats, "{}. {} ({})", p.seat + 1, live.mention(p.seat), p.name);
                }
            }
        }
        let teams = match &g.config().teams {
            Some(t) => {
                let ts: Vec<String> =
                    t.iter().map(|team| team.iter().map(|s| g.names()[*s].clone()).collect::<Vec<_>>().join(" & ")).collect();
                format!("Teams: {}\n", ts.join(" vs "))
            }
            None => String::new(),
        };
        self.store.set_waits(game, self.now(), &Self::waits(live, &live.stamps)).await?;
        let row = self.store.game(game).await?;
        let mut out = Outcome { game, thread: Some(thread), ..Default::default() };
        out.posts.push(Post {
            text: format!(
                "**The game began!** Players in seat order:\n{seats}{teams}Everyone: I sent you your two cards by direct message. Choose one to meld; they are revealed together when all have chosen.\n{}",
                Self::settings_words(row.reminder_minutes, row.limit_minutes)
            ),
            pictures: vec![Picture::Table(g.view(None))],
            ui: None,
        });
        for p in g.prompts() {
            if !live.is_computer(p.player) {
                out.dms.push(self.question_dm(live, p.player, true));
            }
        }
        out.reply = "The game began.".into();
        out.order = Some(OrderTicket::issue(&slot.deliver));
        out.computer_turn = Self::computer_asked(live).is_some();
        drop(guard);
        Ok(out)
    }

    /// The game whose thread is `channel`.
    pub async fn game_in_channel(&self, channel: Snowflake) -> Result<Option<i64>> {
        Ok(self.store.game_by_thread(channel).await?)
    }

    // ---------- questions ----------

    fn labels(&self, live: &Live, prompt: &Prompt) -> Vec<String> {
        prompt.options.iter().map(|c| live.game.choice_label(prompt.player, c)).collect()
    }

    fn ui_for(&self, live: &Live, prompt: &Prompt) -> Ui {
        let kind = if prompt.kind == AnswerKind::Action {
            let has = |f: fn(&Choice) -> bool| prompt.options.iter().any(f);
            UiKind::Actions {
                draw: has(|c| matches!(c, Choice::Action(Action::Draw))),
                meld: has(|c| matches!(c, Choice::Action(Action::Meld(_)))),
                dogma: has(|c| matches!(c, Choice::Action(Action::Dogma(_)))),
                achieve: has(|c| matches!(c, Choice::Action(Action::Achieve(_)))),
            }
        } else {
            UiKind::Choose { options: self.labels(live, prompt), min: prompt.min, max: prompt.max, order: prompt.kind == AnswerKind::Order }
        };
        Ui { game: live.id, stamp: live.stamps[prompt.player], seat: prompt.player, kind }
    }

    fn how_many(prompt: &Prompt) -> String {
        if prompt.kind == AnswerKind::Order {
            return " (put them in order)".into();
        }
        match (prompt.min, prompt.max) {
            (1, 1) => String::new(),
            (0, 1) => " (or none)".into(),
            (a, b) if a == b => format!(" (choose {a})"),
            (0, b) => format!(" (choose up to {b}, or none)"),
            (a, b) => format!(" (choose {a} to {b})"),
        }
    }

    /// The DM carrying a private question (with the hand), or the first meld.
    fn question_dm(&self, live: &Live, seat: usize, first_meld: bool) -> Dm {
        let g = &live.game;
        let prompt = g.prompt_for(seat).expect("asked");
        let view = g.view(Some(seat));
        let mut pictures = Vec::new();
        let text = if first_meld {
            pictures.extend(prompt.options.iter().filter_map(|c| match c {
                Choice::Card(id) => Some(Picture::Card(*id)),
                _ => None,
            }));
            let cards: Vec<String> = prompt
                .options
                .iter()
                .filter_map(|c| match c {
                    Choice::Card(id) => Some(text::card_text(*id)),
                    _ => None,
                })
                .collect();
            format!(
                "**Game #{}**: choose the card you meld first (the first player is the one whose card comes first alphabetically).\n\n{}",
                live.id,
                cards.join("\n")
            )
        } else {
            pictures.push(Picture::Hand(view.clone(), seat));
            format!(
                "**Game #{}**{}: {}{}\n\n{}",
                live.id,
                live.thread.map(|t| format!(" (<#{t}>)")).unwrap_or_default(),
                prompt.reason,
                Self::how_many(prompt),
                text::hand_text(&view, seat)
            )
        };
        Dm { user: live.user_of(seat), seat, text, pictures, ui: Some(self.ui_for(live, prompt)), fallback: None }
    }

    /// The current question of a seat, as shown again by `/answer`.
    fn question_of(&self, live: &Live, seat: usize) -> Option<Question> {
        let g = &live.game;
        let prompt = g.prompt_for(seat)?;
        let private = is_private(g, prompt) || in_first_meld(g);
        let mut pictures = Vec::new();
        if private {
            pictures.push(Picture::Hand(g.view(Some(seat)), seat));
        }
        let mut text = format!("{}{}", prompt.reason, Self::how_many(prompt));
        if private {
            let _ = write!(text, "\n\n{}", text::hand_text(&g.view(Some(seat)), seat));
        }
        Some(Question { text, ui: self.ui_for(live, prompt), private, pictures })
    }

    /// A user's current question in a game (`None`: nothing asked of them now).
    pub async fn question(&self, game: i64, user: Snowflake) -> Result<Option<Question>> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        Ok(self.question_of(live, seat))
    }

    /// The entries of the ephemeral menu behind the Meld, Dogma or Achieve button.
    pub async fn action_menu(&self, game: i64, user: Snowflake, stamp: Option<Asked>, which: ActionButton) -> Result<Menu> {
        let (_slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        self.check_stamp(live, user, stamp)?;
        let (seat, prompt) = self.asked(live, user)?;
        if prompt.kind != AnswerKind::Action {
            return Err(Refusal::NotAsked(" for an action: answer the question you were asked first (see /answer)".into()));
        }
        let g = &live.game;
        let mut options = Vec::new();
        for (index, c) in prompt.options.iter().enumerate() {
            let entry = match (which, c) {
                (ActionButton::Draw, Choice::Action(Action::Draw)) => Some(("Draw".to_string(), None)),
                (ActionButton::Meld, Choice::Action(Action::Meld(id))) => Some((text::card_name(*id), Some(card(*id).color.to_string()))),
                (ActionButton::Dogma, Choice::Action(Action::Dogma(id))) => {
                    let mut label = text::card_name(*id);
                    if let Some(Zone::Pile(owner, _)) = g.state().locate(*id) {
                        if owner != seat {
                            label = format!("{label} on {}'s board (Parley)", g.names()[owner]);
                        }
                    }
                    Some((label, Some(self.dogma_description(g, seat, *id))))
                }
                (ActionButton::Achieve, Choice::Action(Action::Achieve(v))) => Some((format!("Achieve {v}"), None)),
                _ => None,
            };
            if let Some((label, description)) = entry {
                options.push(MenuOption { index, label, description });
            }
        }
        let title = match which {
            ActionButton::Draw => "Draw",
            ActionButton::Meld => "Meld a card from your hand",
            ActionButton::Dogma => "Use the dogma of a top card",
            ActionButton::Achieve => "Achieve",
        };
        if options.is_empty() {
            return Err(Refusal::Illegal(format!("you have nothing to {}", title.to_lowercase())));
        }
        Ok(Menu { stamp: Asked::new(seat, live.stamps[seat]), title: title.into(), options })
    }

    fn dogma_description(&self, g: &Game, seat: usize, c: CardId) -> String {
        let prev = g.dogma_preview(seat, c);
        let names = |v: &[usize]| v.iter().map(|p| g.names()[*p].clone()).collect::<Vec<_>>().join(", ");
        let mut parts = Vec::new();
        parts.push(if prev.sharing.is_empty() { "no one shares".to_string() } else { format!("shares: {}", names(&prev.sharing)) });
        if card(c).has_demand() {
            parts.push(if prev.demanded.is_empty() { "demands no one".to_string() } else { format!("demands: {}", names(&prev.demanded)) });
        }
        if !engine::cards::is_implemented(c) {
            parts.push("not implemented yet".into());
        }
        parts.join(" · ")
    }

    /// A button must answer the clicker's own current question.
    fn check_stamp(&self, live: &Live, user: Snowflake, stamp: Option<Asked>) -> Result<()> {
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        match stamp {
            Some(a) if a.seat != seat => {
                let name = live.game.names().get(a.seat).cloned().unwrap_or_default();
                Err(Refusal::NotAsked(format!(": this question is for {name}")))
            }
            Some(a) if live.game.prompt_for(seat).is_none() || a.stamp != live.stamps[seat] => Err(Refusal::Stale),
            _ => Ok(()),
        }
    }

    fn asked<'a>(&self, live: &'a Live, user: Snowflake) -> Result<(usize, &'a Prompt)> {
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        match live.game.prompt_for(seat) {
            Some(p) => Ok((seat, p)),
            None => {
                let w = live.waiting_names();
                Err(Refusal::NotAsked(if w.is_empty() { String::new() } else { format!(": the game waits on {}", w.join(", ")) }))
            }
        }
    }

    /// Autocomplete of /meld, /dogma, /achieve: (label, value) of the caller's legal choices.
    pub async fn action_choices(&self, game: i64, user: Snowflake, which: ActionButton, partial: &str) -> Vec<(String, String)> {
        let Ok(menu) = self.action_menu(game, user, None, which).await else { return Vec::new() };
        let (_slot, guard) = match self.lock(game).await {
            Ok(x) => x,
            Err(_) => return Vec::new(),
        };
        let live = guard.as_ref().expect("loaded");
        let Some(seat) = live.seat_of(user) else { return Vec::new() };
        let Some(prompt) = live.game.prompt_for(seat) else { return Vec::new() };
        let partial = partial.to_lowercase();
        menu.options
            .iter()
            .filter(|o| o.label.to_lowercase().contains(&partial))
            .map(|o| {
                let value = match &prompt.options[o.index] {
                    Choice::Action(Action::Meld(c) | Action::Dogma(c)) => card(*c).title.clone(),
                    Choice::Action(Action::Achieve(v)) => v.to_string(),
                    _ => "draw".into(),
                };
                let label = match &o.description {
                    Some(d) if which == ActionButton::Dogma => format!("{} — {d}", o.label),
                    _ => o.label.clone(),
                };
                (label.chars().take(100).collect(), value)
            })
            .take(25)
            .collect()
    }

    /// Autocomplete of /answer: the caller's options, valued by number.
    pub async fn answer_choices(&self, game: i64, user: Snowflake, partial: &str) -> Vec<(String, String)> {
        let Ok((_slot, guard)) = self.lock(game).await else { return Vec::new() };
        let live = guard.as_ref().expect("loaded");
        let Ok((_, prompt)) = self.asked(live, user) else { return Vec::new() };
        let partial = partial.to_lowercase();
        let mut out: Vec<(String, String)> = self
            .labels(live, prompt)
            .into_iter()
            .enumerate()
            .map(|(i, l)| (format!("{}. {l}", i + 1), (i + 1).to_string()))
            .filter(|(l, _)| partial.is_empty() || l.to_lowercase().contains(&partial))
            .collect();
        if prompt.min == 0 {
            out.push(("none (decline)".into(), "none".into()));
        }
        out.into_iter().map(|(l, v)| (l.chars().take(100).collect(), v)).take(25).collect()
    }

    // ---------- deciding ----------

    /// A slash command's action: /draw, /meld card, /dogma card, /achieve age.
    pub async fn act(&self, game: i64, user: Snowflake, which: ActionButton, arg: Option<&str>) -> Result<Outcome> {
        let choice = match which {
            ActionButton::Draw => Choice::Action(Action::Draw),
            ActionButton::Achieve => {
                let v: u8 = arg
                    .unwrap_or("")
                    .trim()
                    .parse()
                    .map_err(|_| Refusal::Illegal("give the age of the achievement, a number from 1 to 10".into()))?;
                Choice::Action(Action::Achieve(v))
            }
            ActionButton::Meld | ActionButton::Dogma => {
                let name = arg.unwrap_or("").trim();
                let id = CardDb::get().by_title(name).ok_or_else(|| Refusal::UnknownCard(name.to_string()))?;
                if which == ActionButton::Meld {
                    Choice::Action(Action::Meld(id))
                } else {
                    Choice::Action(Action::Dogma(id))
                }
            }
        };
        self.answer(game, user, None, Answer::Choices(vec![choice])).await
    }

    /// `/answer` with typed text: option numbers ("2", "1,3") or labels, or "none".
    pub async fn answer_text(&self, game: i64, user: Snowflake, text: &str) -> Result<Outcome> {
        let indices = {
            let (_slot, guard) = self.lock(game).await?;
            let live = guard.as_ref().expect("loaded");
            let (_, prompt) = self.asked(live, user)?;
            let labels = self.labels(live, prompt);
            let t = text.trim();
            if t.eq_ignore_ascii_case("none") || t.is_empty() {
                Vec::new()
            } else {
                let mut v = Vec::new();
                for part in t.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    let key = engine::card::normalize_title(part);
                    let i = match part.parse::<usize>() {
                        Ok(n) if n >= 1 && n <= labels.len() => n - 1,
                        _ => labels
                            .iter()
                            .position(|l| {
                                l.eq_ignore_ascii_case(part) || (!key.is_empty() && engine::card::normalize_title(l).starts_with(&key))
                            })
                            .ok_or_else(|| {
                                Refusal::Illegal(format!("\"{part}\" is not one of the answers (try the numbers /answer suggests)"))
                            })?,
                    };
                    v.push(i);
                }
                v
            }
        };
        self.answer(game, user, None, Answer::Indices(indices)).await
    }

    /// Applies a user's answer to their current question. With a `stamp` (from
    /// a button), the answer is refused if that question is no longer the one asked.
    pub async fn answer(&self, game: i64, user: Snowflake, stamp: Option<Asked>, answer: Answer) -> Result<Outcome> {
        let (slot, mut guard) = self.lock(game).await?;
        let live = guard.as_mut().expect("loaded");
        self.check_stamp(live, user, stamp)?;
        let (seat, prompt) = self.asked(live, user)?;
        let choices = match answer {
            Answer::Choices(c) => c,
            Answer::Indices(ix) => {
                let mut v = Vec::new();
                for i in ix {
                    v.push(prompt.options.get(i).cloned().ok_or(Refusal::Stale)?);
                }
                v
            }
        };
        // A Dogma on a card without an implementation is refused before it starts: the
        // engine may otherwise accept it and ask a first question (a Parley's payment)
        // whose every answer then fails, leaving the game stuck.
        for c in &choices {
            if let Choice::Action(Action::Dogma(id)) = c {
                if !engine::cards::is_implemented(*id) {
                    return Err(Refusal::Unimplemented(card(*id).title.clone()));
                }
            }
        }
        let labels: Vec<String> = choices.iter().map(|c| live.game.choice_label(seat, c)).collect();
        let reply = if labels.is_empty() { "You chose none.".to_string() } else { format!("You chose: {}.", labels.join(", ")) };
        self.decide(slot, guard, Decision::new(seat, choices), user, reply, None).await
    }

    /// The user concedes the game (they lose; the others play on).
    pub async fn concede(&self, game: i64, user: Snowflake) -> Result<Outcome> {
        let (slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let seat = live.seat_of(user).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if live.game.state().players[seat].eliminated {
            return Err(Refusal::Other("You are already out of this game.".into()));
        }
        let headline = format!("**{}** conceded.", live.game.names()[seat]);
        self.decide(slot, guard, Decision::concede(seat), user, "You conceded.".into(), Some(headline)).await
    }

    /// Applies, stores (committed before anything is told), then says what to tell whom.
    async fn decide(
        &self,
        slot: Arc<Slot>,
        mut guard: OwnedMutexGuard<Option<Live>>,
        d: Decision,
        user: Snowflake,
        reply: String,
        headline: Option<String>,
    ) -> Result<Outcome> {
        let live = guard.as_mut().expect("loaded");
        let before = Before::of(&live.game);
        let n = live.game.names().len();
        let prompts_before: Vec<Option<Prompt>> = (0..n).map(|p| live.game.prompt_for(p).cloned()).collect();
        // An illegal answer changes nothing in the engine.
        live.game.apply(d.clone()).map_err(engine_refusal)?;
        let over = live.game.is_over();
        let mut stamps = live.stamps.clone();
        update_stamps(&live.game, &prompts_before, d.player, live.version + 1, &mut stamps);
        let waits = Self::waits(live, &stamps);
        let winners = live.game.result().map(|r| r.winners.clone());
        let snapshot = Self::snapshot_at_boundary(&live.game);
        let alongside = Alongside { result: winners.as_deref(), waiting: Some((self.now(), &waits)), snapshot: snapshot.as_deref() };
        let stored = self.store.append_decision_with(live.id, live.version, &d, user, alongside).await;
        if let Err(e) = stored {
            // The engine moved on but the database did not: forget the cached game.
            *guard = None;
            drop(guard);
            self.evict_slot(&slot);
            return Err(e.into());
        }
        live.version += 1;
        live.stamps = stamps;
        let mut out = self.tell(live, &before, d.player, headline);
        out.reply = reply;
        out.stale = self.stale_messages(live).await;
        out.order = Some(OrderTicket::issue(&slot.deliver));
        out.computer_turn = Self::computer_asked(live).is_some();
        let id = live.id;
        drop(guard);
        if over {
            self.evict(id);
        }
        Ok(out)
    }

    fn evict_slot(&self, slot: &Arc<Slot>) {
        let mut m = self.live.lock().expect("cache lock");
        m.retain(|_, s| !Arc::ptr_eq(s, slot));
    }

    async fn stale_messages(&self, live: &Live) -> Vec<PromptMessage> {
        let Ok(msgs) = self.store.prompt_messages(live.id).await else { return Vec::new() };
        msgs.into_iter().filter(|m| live.game.prompt_for(m.seat).is_none() || live.stamps.get(m.seat) != Some(&m.stamp)).collect()
    }

    /// What to tell whom after a decision.
    fn tell(&self, live: &Live, before: &Before, actor: usize, headline: Option<String>) -> Outcome {
        let g = &live.game;
        let mut out = Outcome { game: live.id, thread: live.thread, ..Default::default() };
        let events: Vec<&engine::Event> = g.events().skip(before.events).collect();
        let first_meld = in_first_meld(g);

        // The thread: what happened, in public words, then who is asked what.
        let mut post = Post::default();
        if let Some(h) = headline {
            let _ = writeln!(post.text, "{h}");
        }
        if before.first_meld && first_meld {
            let waiting: Vec<String> = g.prompts().iter().map(|p| live.mention(p.player)).collect();
            let _ = writeln!(
                post.text,
                "{} has chosen a first card. Still choosing: {}.",
                g.names()[actor],
                if waiting.is_empty() { "nobody".into() } else { waiting.join(", ") }
            );
        } else {
            let lines: Vec<String> = events.iter().map(|e| e.text_for(None).to_string()).collect();
            post.text.push_str(&bullets(&lines));
        }
        let mut private_questions = Vec::new();
        if let Some(r) = g.result() {
            let _ = write!(post.text, "\n🏆 **Game over.** {}\n", text::result_text(g.names(), r));
            post.text.push_str(&Self::final_scores(live, r));
            post.pictures.push(Picture::Table(g.view(None)));
            post.ui = Some(Ui { game: live.id, stamp: live.version, seat: 0, kind: UiKind::Rematch });
        } else if !first_meld {
            for prompt in g.prompts() {
                if live.stamps[prompt.player] != live.version && !before.first_meld {
                    continue; // the same question as before: already shown
                }
                let who = live.mention(prompt.player);
                if live.is_computer(prompt.player) {
                    // A computer answers by itself in a moment: no buttons, no picture.
                    if prompt.kind == AnswerKind::Action {
                        let _ = write!(post.text, "\n{who} (computer) takes its turn…");
                    } else {
                        let _ = write!(post.text, "\n{who} (computer) is answering: {}{}", prompt.reason, Self::how_many(prompt));
                    }
                } else if prompt.kind == AnswerKind::Action {
                    let _ = write!(post.text, "\n{who}, {}", prompt.reason);
                    post.pictures.push(Picture::Table(g.view(None)));
                    post.ui = Some(self.ui_for(live, prompt));
                } else if is_private(g, prompt) {
                    let _ = write!(
                        post.text,
                        "\n{who}: {}{} — I sent you the choices by direct message (or use /answer here).",
                        prompt.reason,
                        Self::how_many(prompt)
                    );
                    private_questions.push(prompt.player);
                } else {
                    let _ = write!(post.text, "\n{who}: {}{}", prompt.reason, Self::how_many(prompt));
                    post.ui = Some(self.ui_for(live, prompt));
                }
            }
        }
        if !post.text.trim().is_empty() || post.ui.is_some() {
            out.posts.push(post);
        }

        // Direct messages: private happenings, the hand when it changed, private questions.
        if g.is_over() {
            return out;
        }
        for p in live.players.iter().filter(|p| p.computer.is_none()) {
            let seat = p.seat;
            let private_lines: Vec<String> = events
                .iter()
                .filter(|e| e.private.is_some() && e.audience.contains(&seat))
                .map(|e| e.text_for(Some(seat)).to_string())
                .collect();
            let st = &g.state().players[seat];
            let mut hand = st.hand.clone();
            hand.sort();
            let mut score = st.score.clone();
            score.sort();
            let changed = hand != before.hands[seat] || score != before.scores[seat];
            let asked = private_questions.contains(&seat);
            if st.eliminated || (private_lines.is_empty() && !changed && !asked) {
                continue;
            }
            if asked {
                let mut dm = self.question_dm(live, seat, false);
                if !private_lines.is_empty() {
                    dm.text = format!("{}\n{}", bullets(&private_lines), dm.text);
                }
                out.dms.push(dm);
            } else {
                let view = g.view(Some(seat));
                let mut text = format!("**Game #{}**{}\n", live.id, live.thread.map(|t| format!(" (<#{t}>)")).unwrap_or_default());
                text.push_str(&bullets(&private_lines));
                text.push_str(&text::hand_text(&view, seat));
                let pictures = if changed { vec![Picture::Hand(view, seat)] } else { Vec::new() };
                out.dms.push(Dm { user: p.user_id, seat, text, pictures, ui: None, fallback: None });
            }
        }
        out
    }

    /// Every player's achievements and score, each mentioned so that everyone is notified of the end.
    fn final_scores(live: &Live, r: &GameResult) -> String {
        let g = &live.game;
        let mut s = String::new();
        for (seat, ps) in g.state().players.iter().enumerate() {
            let _ = writeln!(
                s,
                "{} {} ({}): {} achievement{}, score {}{}",
                if r.winners.contains(&seat) { "👑" } else { "·" },
                g.names()[seat],
                live.mention(seat),
                ps.achievements.len(),
                if ps.achievements.len() == 1 { "" } else { "s" },
                ps.score_total(),
                if ps.eliminated { " (out)" } else { "" }
            );
        }
        s
    }

    // ---------- reading ----------

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

    pub async fn record_prompt_message(&self, game: i64, m: PromptMessage) -> Result<()> {
        Ok(self.store.record_prompt_message(game, &m).await?)
    }

    pub async fn forget_prompt_message(&self, channel: Snowflake, message: Snowflake) -> Result<()> {
        Ok(self.store.forget_prompt_message(channel, message).await?)
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

/// A player named in a command: by Discord user, or by their name in the game.
#[derive(Clone, Debug)]
pub enum PlayerRef {
    User(Snowflake),
    Name(String),
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test]
    async fn outcomes_are_delivered_in_order_even_when_dropped_out_of_order() {
        let seq = Arc::new(Sequencer::default());
        let (a, b, c) = (OrderTicket::issue(&seq), OrderTicket::issue(&seq), OrderTicket::issue(&seq));
        a.wait_turn().await; // the first goes at once
        let waiting_c = tokio::spawn(async move {
            c.wait_turn().await;
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting_c.is_finished(), "c waits for a and b");
        drop(b); // b is done (say, dropped) before a
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!waiting_c.is_finished(), "c still waits for a");
        drop(a);
        tokio::time::timeout(Duration::from_secs(2), waiting_c).await.expect("c goes once a and b are done").unwrap();
    }
}

//! The stand-in for Discord: its HTTP API (the routes the bot uses) and its
//! gateway (a websocket sending Hello, READY and the simulated users'
//! interactions), both on 127.0.0.1 with ports the OS picks.
//!
//! It keeps what a Discord server would: users, channels (text channels,
//! threads, direct-message channels), messages with their components and
//! attachments, and interactions with their responses. It checks requests the
//! way Discord does (the limits on text, components, files, command
//! definitions; one response per interaction, within 3 seconds) and records
//! every HTTP call and every message as it was published, so tests can look at
//! what each person saw.

use crate::limits::{Limiter, RateLimits};
use crate::multipart;
use crate::payload::{self, MessageFields, Place, Snowflakes};
use anyhow::{anyhow, bail, Context as _};
use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::{Method, Request, Response, StatusCode};
use serde_json::{json, Value};
use std::collections::{BTreeSet, HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, Notify};
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// The server every game is played in.
pub const GUILD: u64 = 1_100_000_000_000_000_001;
/// The bot's user id, which is also its application id.
pub const BOT: u64 = 1_100_000_000_000_000_002;
pub const BOT_NAME: &str = "Innovation";
/// The bot's token: requests carrying another are refused.
pub const TOKEN: &str = "e2e.stand-in.token";
/// Discord drops an interaction that gets no response within this time.
pub const INTERACTION_DEADLINE: Duration = Duration::from_secs(3);

/// Discord's permission bits the bot would have (everything it asks for in the README's invite link).
#[derive(Clone, Debug)]
pub struct Config {
    /// Keep the bytes of uploaded files (tests look at pictures; the load mode does not need them).
    pub keep_files: bool,
    /// Keep every published version of every message (tests check them for leaks).
    pub keep_history: bool,
    /// Discord's rate limits, enforced (see [`crate::limits`]).
    pub limits: RateLimits,
    /// Gateway shards the bot is told to run (`GET /gateway/bot`); each server's
    /// interactions go to the connection of its shard, direct messages' to shard 0.
    pub shards: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config { keep_files: true, keep_history: true, limits: RateLimits::default(), shards: 1 }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChannelKind {
    Text { name: String },
    Thread { parent: u64, name: String },
    Dm { user: u64 },
}

/// Who can read a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    /// Everyone in a server channel or thread.
    Public(u64),
    /// One user's direct messages.
    Dm(u64),
    /// An ephemeral interaction response, seen by one user only.
    Ephemeral(u64),
}

#[derive(Clone, Debug)]
pub struct File {
    pub id: u64,
    pub filename: String,
    pub content_type: String,
    pub size: usize,
    /// The bytes, when [`Config::keep_files`].
    pub data: Option<Arc<Vec<u8>>>,
}

#[derive(Clone, Debug)]
pub struct Message {
    pub id: u64,
    pub channel: u64,
    pub content: String,
    /// Action rows as Discord returns them.
    pub components: Value,
    pub attachments: Vec<File>,
    pub flags: u64,
    pub audience: Audience,
    /// Sent as the response to (or follow-up of) this interaction.
    pub interaction: Option<String>,
    pub edits: u32,
    /// 0 default, 20 reply to a slash command, 19 reply to a component.
    pub kind: u8,
}

impl Message {
    pub fn is_ephemeral(&self) -> bool {
        self.flags & 64 != 0
    }
    /// Still "thinking" (a deferred response not filled in yet).
    pub fn is_loading(&self) -> bool {
        self.flags & 128 != 0
    }
    /// Every component (buttons and menus) of every row.
    pub fn parts(&self) -> Vec<&Value> {
        self.components.as_array().into_iter().flatten().flat_map(|row| row["components"].as_array().into_iter().flatten()).collect()
    }
}

/// A message as it was published (created or edited): what its readers saw then.
#[derive(Clone, Debug)]
pub struct Publication {
    pub message: u64,
    pub channel: u64,
    pub audience: Audience,
    pub edit: bool,
    pub content: String,
    pub components: Value,
    /// Files added by this publication.
    pub files: Vec<File>,
    pub at: Instant,
}

#[derive(Clone, Debug)]
pub enum InteractionKind {
    Command { name: String },
    Autocomplete { name: String },
    Component { custom_id: String, message: u64 },
}

#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    pub user: u64,
    pub channel: u64,
    pub kind: InteractionKind,
    /// When the gateway wrote it to the bot.
    pub sent: Option<Instant>,
    /// The first response (callback) and when it came.
    pub responded: Option<Instant>,
    pub response_type: Option<u8>,
    pub response: Option<Value>,
    /// The message `@original` stands for (the response, or for a component the clicked message).
    pub original: Option<u64>,
    pub followups: Vec<u64>,
    /// Edits of the original through the webhook.
    pub original_edits: u32,
    /// A response came after the deadline and was refused, as Discord would.
    pub late: bool,
    /// How many publications there were when the response came, and when `@original` was first edited:
    /// what was published before these happened before them.
    pub published_at_response: Option<usize>,
    pub published_at_edit: Option<usize>,
}

impl Interaction {
    pub fn latency(&self) -> Option<Duration> {
        Some(self.responded?.checked_duration_since(self.sent?).unwrap_or_default())
    }
}

/// One HTTP request the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub path: String,
    pub status: u16,
    pub at: Instant,
}

/// A request refused because Discord would have refused it (not a missing route).
#[derive(Clone, Debug)]
pub struct Rejection {
    pub method: String,
    pub path: String,
    pub status: u16,
    pub reason: String,
}

#[derive(Default)]
pub struct State {
    pub users: HashMap<u64, String>,
    pub channels: HashMap<u64, ChannelKind>,
    /// The servers the bot is in ([`GUILD`] first), and the server of each text channel not in [`GUILD`].
    pub guilds: Vec<u64>,
    channel_guild: HashMap<u64, u64>,
    dm_of: HashMap<u64, u64>,
    /// Users whose privacy settings refuse direct messages from server members.
    pub closed_dms: HashSet<u64>,
    pub messages: HashMap<u64, Message>,
    by_channel: HashMap<u64, Vec<u64>>,
    /// Messages that have components now.
    active: BTreeSet<u64>,
    threads_of_message: HashMap<u64, u64>,
    pub interactions: HashMap<String, Interaction>,
    pub calls: Vec<Call>,
    pub publications: Vec<Publication>,
    pub rejections: Vec<Rejection>,
    /// Routes the stand-in does not know.
    pub unknown: Vec<String>,
    /// The commands as last registered, and their ids by name.
    pub commands: Vec<Value>,
    pub command_ids: HashMap<String, u64>,
    /// Every IDENTIFY the bot sent.
    pub identifies: Vec<Value>,
    pub sessions: u32,
    watchers: HashMap<u64, Vec<Arc<Notify>>>,
}

impl State {
    pub fn message(&self, id: u64) -> Option<&Message> {
        self.messages.get(&id)
    }
    /// The messages of a channel, oldest first.
    pub fn messages_in(&self, channel: u64) -> impl Iterator<Item = &Message> {
        self.by_channel.get(&channel).into_iter().flatten().filter_map(|id| self.messages.get(id))
    }
    /// Messages that carry components now, oldest first.
    pub fn active(&self) -> impl Iterator<Item = &Message> {
        self.active.iter().filter_map(|id| self.messages.get(id))
    }
    /// The server a channel or thread belongs to (`None`: a direct-message channel).
    pub fn guild_of(&self, channel: u64) -> Option<u64> {
        match self.channels.get(&channel)? {
            ChannelKind::Dm { .. } => None,
            ChannelKind::Text { .. } => Some(self.channel_guild.get(&channel).copied().unwrap_or(GUILD)),
            ChannelKind::Thread { parent, .. } => Some(self.channel_guild.get(parent).copied().unwrap_or(GUILD)),
        }
    }
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.dm_of.get(&user).copied()
    }
    pub fn thread_of_message(&self, message: u64) -> Option<u64> {
        self.threads_of_message.get(&message).copied()
    }
    pub fn name(&self, user: u64) -> String {
        self.users.get(&user).cloned().unwrap_or_else(|| format!("user{user}"))
    }
    pub fn interaction(&self, token: &str) -> Option<&Interaction> {
        self.interactions.get(token)
    }
}

enum Outgoing {
    Op(Value),
    Dispatch { t: &'static str, d: Value, token: Option<String> },
}

struct Conn {
    tx: mpsc::UnboundedSender<Outgoing>,
    number: u64,
}

struct Inner {
    http: SocketAddr,
    /// The same API over TLS behind an HTTP CONNECT tunnel (see [`StandIn::tunnel_url`]).
    tunnel: SocketAddr,
    gateway: SocketAddr,
    limiter: Mutex<Limiter>,
    ids: Snowflakes,
    config: Config,
    state: Mutex<State>,
    /// The bot's gateway connections, by shard.
    conn: Mutex<HashMap<u32, Conn>>,
    conns: AtomicU64,
    /// Woken on every change.
    any: Notify,
}

/// The stand-in for Discord. Cheap to clone; it runs until the process ends.
#[derive(Clone)]
pub struct StandIn {
    inner: Arc<Inner>,
}

/// A JSON answer with its status.
type Reply = (StatusCode, Value);

fn error(status: u16, code: u64, message: &str) -> Reply {
    (StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_REQUEST), json!({ "code": code, "message": message }))
}

fn id_of(v: &Value) -> Option<u64> {
    match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    }
}

impl StandIn {
    /// Starts the HTTP API and the gateway on 127.0.0.1.
    pub async fn start(config: Config) -> anyhow::Result<StandIn> {
        let http = TcpListener::bind("127.0.0.1:0").await?;
        let tunnel = TcpListener::bind("127.0.0.1:0").await?;
        let gateway = TcpListener::bind("127.0.0.1:0").await?;
        let inner = Arc::new(Inner {
            http: http.local_addr()?,
            tunnel: tunnel.local_addr()?,
            gateway: gateway.local_addr()?,
            limiter: Mutex::new(Limiter::new(config.limits.clone())),
            ids: Snowflakes::default(),
            config,
            state: Mutex::new(State::default()),
            conn: Mutex::new(HashMap::new()),
            conns: AtomicU64::new(0),
            any: Notify::new(),
        });
        let s = StandIn { inner };
        s.state().users.insert(BOT, BOT_NAME.into());
        s.state().guilds.push(GUILD);
        tokio::spawn(s.clone().serve_http(http));
        tokio::spawn(s.clone().serve_tunnel(tunnel, crate::tunnel::acceptor()?));
        tokio::spawn(s.clone().serve_gateway(gateway));
        Ok(s)
    }

    /// What the bot's `DISCORD_API_PROXY` should be.
    pub fn api_url(&self) -> String {
        format!("http://{}", self.inner.http)
    }

    /// What the bot's `DISCORD_API_TUNNEL` should be: an HTTP proxy that tunnels the bot's
    /// HTTPS requests to discord.com here, so that the bot talks to the stand-in as to Discord,
    /// with serenity's own rate limiter on.
    pub fn tunnel_url(&self) -> String {
        format!("http://{}", self.inner.tunnel)
    }

    /// Requests refused with 429 so far, by route.
    pub fn refused_by_route(&self) -> HashMap<String, u64> {
        self.inner.limiter.lock().expect("limiter").refused.clone()
    }

    pub fn gateway_url(&self) -> String {
        format!("ws://{}", self.inner.gateway)
    }

    /// The stand-in's state, locked (keep it short).
    pub fn state(&self) -> MutexGuard<'_, State> {
        self.inner.state.lock().expect("stand-in state")
    }

    pub fn next_id(&self) -> u64 {
        self.inner.ids.next()
    }

    // ---------- the world: users and channels ----------

    /// A member of the server.
    pub fn add_user(&self, name: &str) -> u64 {
        let id = self.next_id();
        self.state().users.insert(id, name.to_string());
        id
    }

    /// A text channel of the server.
    pub fn add_channel(&self, name: &str) -> u64 {
        let id = self.next_id();
        let mut st = self.state();
        st.channels.insert(id, ChannelKind::Text { name: name.into() });
        id
    }

    /// Another server the bot is in, on gateway shard `shard` (of [`Config::shards`]).
    pub fn add_guild(&self, shard: u32) -> u64 {
        let total = u64::from(self.inner.config.shards.max(1));
        let mut st = self.state();
        // A snowflake's shard is its timestamp part modulo the shard count: step through timestamps.
        let mut id = ((GUILD >> 22) + 1000 + st.guilds.len() as u64 * 7) << 22 | 1;
        while (id >> 22) % total != u64::from(shard) % total || st.guilds.contains(&id) {
            id += 1 << 22;
        }
        st.guilds.push(id);
        id
    }

    /// A text channel of the server `guild`.
    pub fn add_channel_in(&self, guild: u64, name: &str) -> u64 {
        let id = self.next_id();
        let mut st = self.state();
        st.channels.insert(id, ChannelKind::Text { name: name.into() });
        st.channel_guild.insert(id, guild);
        id
    }

    /// The user refuses direct messages from server members (Discord answers 50007).
    pub fn close_dms(&self, user: u64) {
        self.state().closed_dms.insert(user);
    }

    /// A [`Notify`] woken whenever something changes in these channels or these users' direct messages
    /// (threads opened from a watched channel are watched too).
    pub fn watch(&self, keys: &[u64]) -> Arc<Notify> {
        let n = Arc::new(Notify::new());
        let mut st = self.state();
        for k in keys {
            st.watchers.entry(*k).or_default().push(n.clone());
        }
        n
    }

    fn changed(&self, st: &State, channel: u64) {
        let mut keys = vec![channel];
        match st.channels.get(&channel) {
            Some(ChannelKind::Thread { parent, .. }) => keys.push(*parent),
            Some(ChannelKind::Dm { user }) => keys.push(*user),
            _ => {}
        }
        for k in keys {
            for n in st.watchers.get(&k).into_iter().flatten() {
                n.notify_waiters();
            }
        }
        self.inner.any.notify_waiters();
    }

    /// Waits until `f` gives something, checking after every change woken on `notify`
    /// (every change at all when `None`).
    pub async fn wait_for<T>(
        &self,
        notify: Option<&Notify>,
        timeout: Duration,
        what: &str,
        mut f: impl FnMut(&State) -> Option<T>,
    ) -> anyhow::Result<T> {
        let deadline = tokio::time::Instant::now() + timeout;
        let notify = notify.unwrap_or(&self.inner.any);
        loop {
            let woken = notify.notified();
            tokio::pin!(woken);
            woken.as_mut().enable();
            if let Some(t) = f(&self.state()) {
                return Ok(t);
            }
            if tokio::time::timeout_at(deadline, woken).await.is_err() {
                bail!("timed out after {timeout:?} waiting for {what}");
            }
        }
    }

    // ---------- the gateway ----------

    /// Whether a bot is connected and was sent READY.
    pub fn connected(&self) -> bool {
        self.inner.conn.lock().expect("conn").len() as u32 >= self.inner.config.shards.max(1)
    }

    /// Waits for the bot to connect, identify and register its commands.
    pub async fn wait_ready(&self, timeout: Duration) -> anyhow::Result<()> {
        self.wait_for(None, timeout, "the bot to connect and register its commands", |st| {
            (st.sessions > 0 && !st.command_ids.is_empty()).then_some(())
        })
        .await?;
        let deadline = Instant::now() + timeout;
        while !self.connected() {
            if Instant::now() > deadline {
                bail!("the bot did not stay connected");
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Ok(())
    }

    /// Waits for a new gateway session (after `before` sessions) and the command registration of it.
    pub async fn wait_session(&self, before: u32, timeout: Duration) -> anyhow::Result<()> {
        self.wait_for(None, timeout, "a new gateway session", |st| (st.sessions > before).then_some(())).await?;
        Ok(())
    }

    /// The shard of a server (Discord: `(guild_id >> 22) % shards`); direct messages go to shard 0.
    pub fn shard_of(&self, guild: Option<u64>) -> u32 {
        guild.map(|g| ((g >> 22) % u64::from(self.inner.config.shards.max(1))) as u32).unwrap_or(0)
    }

    fn send_dispatch(&self, t: &'static str, d: Value, token: Option<String>, guild: Option<u64>) -> anyhow::Result<()> {
        let shard = self.shard_of(guild);
        let conn = self.inner.conn.lock().expect("conn");
        let conn = conn.get(&shard).ok_or_else(|| anyhow!("the bot is not connected to the gateway (shard {shard})"))?;
        conn.tx.send(Outgoing::Dispatch { t, d, token }).map_err(|_| anyhow!("the gateway connection is closed"))
    }

    async fn serve_gateway(self, listener: TcpListener) {
        while let Ok((stream, _)) = listener.accept().await {
            let s = self.clone();
            tokio::spawn(async move {
                if let Err(e) = s.gateway_connection(stream).await {
                    eprintln!("stand-in gateway: {e:#}");
                }
            });
        }
    }

    async fn gateway_connection(self, stream: tokio::net::TcpStream) -> anyhow::Result<()> {
        let _ = stream.set_nodelay(true);
        let ws = tokio_tungstenite::accept_async(stream).await?;
        let (mut sink, mut source) = ws.split();
        let number = self.inner.conns.fetch_add(1, Ordering::SeqCst) + 1;
        let (tx, mut rx) = mpsc::unbounded_channel::<Outgoing>();
        // Writer: numbers dispatches and notes when each interaction left.
        let writer_self = self.clone();
        let writer = tokio::spawn(async move {
            let mut seq: u64 = 0;
            while let Some(out) = rx.recv().await {
                let (frame, token) = match out {
                    Outgoing::Op(v) => (v, None),
                    Outgoing::Dispatch { t, d, token } => {
                        seq += 1;
                        (json!({ "op": 0, "t": t, "s": seq, "d": d }), token)
                    }
                };
                let text = frame.to_string();
                if let Some(token) = token {
                    let mut st = writer_self.state();
                    if let Some(i) = st.interactions.get_mut(&token) {
                        i.sent = Some(Instant::now());
                    }
                }
                if sink.send(WsMessage::Text(text)).await.is_err() {
                    break;
                }
            }
            let _ = sink.close().await;
        });
        tx.send(Outgoing::Op(json!({ "op": 10, "d": { "heartbeat_interval": 41250 } }))).ok();
        let mut my_shard: Option<u32> = None;
        let result = async {
            while let Some(msg) = source.next().await {
                let text = match msg? {
                    WsMessage::Text(t) => t,
                    WsMessage::Binary(b) => String::from_utf8_lossy(&b).to_string(),
                    WsMessage::Close(_) => break,
                    _ => continue,
                };
                let v: Value = serde_json::from_str(&text).context("a gateway frame that is not JSON")?;
                match v["op"].as_u64() {
                    Some(1) => {
                        tx.send(Outgoing::Op(json!({ "op": 11 }))).ok();
                    }
                    Some(2) => {
                        let token = v["d"]["token"].as_str().unwrap_or("");
                        if token.strip_prefix("Bot ").unwrap_or(token) != TOKEN {
                            tx.send(Outgoing::Op(json!({ "op": 9, "d": false }))).ok();
                            continue;
                        }
                        let session = format!("session{number}");
                        let total = self.inner.config.shards.max(1);
                        let shard = v["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
                        if v["d"]["shard"][1].as_u64().unwrap_or(1) as u32 != total || shard >= total {
                            // Discord closes with 4010/4011 (invalid or needed sharding).
                            bail!("IDENTIFY with shard {} for {total} shards", v["d"]["shard"]);
                        }
                        let guilds: Vec<u64> = self.state().guilds.iter().copied().filter(|g| self.shard_of(Some(*g)) == shard).collect();
                        let mut ready = payload::ready(&session, &self.gateway_url(), BOT, BOT_NAME, &guilds);
                        ready["shard"] = json!([shard, total]);
                        my_shard = Some(shard);
                        {
                            let mut st = self.state();
                            st.identifies.push(v["d"].clone());
                        }
                        tx.send(Outgoing::Dispatch { t: "READY", d: ready, token: None }).ok();
                        self.inner.conn.lock().expect("conn").insert(shard, Conn { tx: tx.clone(), number });
                        let mut st = self.state();
                        st.sessions += 1;
                        self.inner.any.notify_waiters();
                    }
                    Some(6) => {
                        tx.send(Outgoing::Dispatch { t: "RESUMED", d: json!({}), token: None }).ok();
                        // A resumed session is the shard it was (the session id names the connection).
                        let total = u64::from(self.inner.config.shards.max(1));
                        let shard = v["d"]["shard"][0].as_u64().or_else(|| my_shard.map(u64::from)).unwrap_or(0) % total;
                        my_shard = Some(shard as u32);
                        self.inner.conn.lock().expect("conn").insert(shard as u32, Conn { tx: tx.clone(), number });
                        self.inner.any.notify_waiters();
                    }
                    _ => {}
                }
            }
            anyhow::Ok(())
        }
        .await;
        {
            let mut c = self.inner.conn.lock().expect("conn");
            c.retain(|_, c| c.number != number);
        }
        drop(tx);
        writer.abort();
        self.inner.any.notify_waiters();
        // A connection that simply dropped (the bot was killed) is no error.
        if let Err(e) = result {
            let s = e.to_string();
            if !(s.contains("Connection reset") || s.contains("without closing handshake") || s.contains("closed")) {
                return Err(e);
            }
        }
        Ok(())
    }

    // ---------- users acting ----------

    fn place(&self, st: &State, channel: u64) -> anyhow::Result<Place> {
        Ok(match st.channels.get(&channel) {
            Some(ChannelKind::Text { name }) => {
                Place { channel: payload::partial_channel(channel, 0, Some(name), None), channel_id: channel, guild: st.guild_of(channel) }
            }
            Some(ChannelKind::Thread { parent, name }) => Place {
                channel: payload::partial_channel(channel, 11, Some(name), Some(*parent)),
                channel_id: channel,
                guild: st.guild_of(channel),
            },
            Some(ChannelKind::Dm { .. }) => {
                Place { channel: payload::partial_channel(channel, 1, None, None), channel_id: channel, guild: None }
            }
            None => bail!("no channel {channel}"),
        })
    }

    fn new_interaction(&self, user: u64, channel: u64, kind: InteractionKind) -> (u64, String) {
        let id = self.next_id();
        let token = format!("itoken.{id}.{}", rand::random::<u32>());
        let i = Interaction {
            id,
            token: token.clone(),
            user,
            channel,
            kind,
            sent: None,
            responded: None,
            response_type: None,
            response: None,
            original: None,
            followups: Vec::new(),
            original_edits: 0,
            late: false,
            published_at_response: None,
            published_at_edit: None,
        };
        self.state().interactions.insert(token.clone(), i);
        (id, token)
    }

    /// A user runs a slash command: `options` as Discord sends them (see [`opt`]).
    pub fn slash(&self, user: u64, channel: u64, name: &str, options: Value) -> anyhow::Result<String> {
        self.command_interaction(2, user, channel, name, options)
    }

    /// Autocomplete of a slash command's option: `options` has the one being typed marked `focused`.
    pub fn autocomplete(&self, user: u64, channel: u64, name: &str, options: Value) -> anyhow::Result<String> {
        self.command_interaction(4, user, channel, name, options)
    }

    fn command_interaction(&self, kind: u8, user: u64, channel: u64, name: &str, options: Value) -> anyhow::Result<String> {
        let (place, who, cmd_id) = {
            let st = self.state();
            let cmd = *st.command_ids.get(name).ok_or_else(|| anyhow!("no command /{name} is registered"))?;
            (self.place(&st, channel)?, st.name(user), cmd)
        };
        let ikind =
            if kind == 4 { InteractionKind::Autocomplete { name: name.into() } } else { InteractionKind::Command { name: name.into() } };
        let (id, token) = self.new_interaction(user, channel, ikind);
        let mut data = json!({ "id": cmd_id.to_string(), "name": name, "type": 1, "options": options });
        if let Some(g) = place.guild {
            data["guild_id"] = json!(g.to_string());
        }
        let v = payload::interaction(kind, id, BOT, &token, &place, (user, &who), data);
        self.send_dispatch("INTERACTION_CREATE", v, Some(token.clone()), place.guild)?;
        Ok(token)
    }

    /// A user presses a button (`values` `None`) or chooses in a select menu.
    pub fn click(&self, user: u64, message: u64, custom_id: &str, values: Option<Vec<String>>) -> anyhow::Result<String> {
        let (place, who, msg_json, channel) = {
            let st = self.state();
            let m = st.messages.get(&message).ok_or_else(|| anyhow!("no message {message}"))?;
            let place = self.place(&st, m.channel)?;
            (place, st.name(user), self.message_json(&st, m), m.channel)
        };
        let (id, token) = self.new_interaction(user, channel, InteractionKind::Component { custom_id: custom_id.into(), message });
        let data = match &values {
            None => json!({ "custom_id": custom_id, "component_type": 2 }),
            Some(v) => json!({ "custom_id": custom_id, "component_type": 3, "values": v }),
        };
        let mut v = payload::interaction(3, id, BOT, &token, &place, (user, &who), data);
        v["message"] = msg_json;
        self.send_dispatch("INTERACTION_CREATE", v, Some(token.clone()), place.guild)?;
        Ok(token)
    }

    /// Waits for the interaction's first response.
    pub async fn response(&self, notify: Option<&Notify>, token: &str, timeout: Duration) -> anyhow::Result<Interaction> {
        self.wait_for(notify, timeout, "a response to an interaction", |st| {
            st.interactions.get(token).filter(|i| i.responded.is_some()).cloned()
        })
        .await
    }

    // ---------- what the bot sees of messages ----------

    fn message_json(&self, st: &State, m: &Message) -> Value {
        let mentions: Vec<Value> = payload::mentioned_ids(&m.content)
            .into_iter()
            .filter_map(|id| st.users.get(&id).map(|n| payload::user(id, n, id == BOT)))
            .collect();
        let guild = st.guild_of(m.channel);
        payload::message(MessageFields {
            id: m.id,
            channel: m.channel,
            guild,
            author: payload::user(BOT, BOT_NAME, true),
            content: &m.content,
            components: &m.components,
            attachments: m.attachments.iter().map(|f| payload::attachment(f.id, m.channel, &f.filename, f.size, &f.content_type)).collect(),
            flags: m.flags,
            edited: m.edits > 0,
            mentions,
            application_id: m.interaction.as_ref().map(|_| BOT),
            kind: m.kind,
        })
    }

    // ---------- the HTTP API ----------

    async fn serve_http(self, listener: TcpListener) {
        while let Ok((stream, _)) = listener.accept().await {
            let _ = stream.set_nodelay(true);
            let s = self.clone();
            tokio::spawn(async move {
                let io = hyper_util::rt::TokioIo::new(stream);
                let svc = hyper::service::service_fn(move |req| {
                    let s = s.clone();
                    async move { Ok::<_, std::convert::Infallible>(s.handle(req).await) }
                });
                let _ = hyper::server::conn::http1::Builder::new().keep_alive(true).serve_connection(io, svc).await;
            });
        }
    }

    async fn serve_tunnel(self, listener: TcpListener, tls: tokio_rustls::TlsAcceptor) {
        while let Ok((stream, _)) = listener.accept().await {
            let _ = stream.set_nodelay(true);
            let s = self.clone();
            let tls = tls.clone();
            tokio::spawn(async move {
                let Ok(stream) = crate::tunnel::accept(stream, &tls).await else { return };
                let io = hyper_util::rt::TokioIo::new(stream);
                let svc = hyper::service::service_fn(move |req| {
                    let s = s.clone();
                    async move { Ok::<_, std::convert::Infallible>(s.handle(req).await) }
                });
                let _ = hyper::server::conn::http1::Builder::new().keep_alive(true).serve_connection(io, svc).await;
            });
        }
    }

    async fn handle(&self, req: Request<hyper::body::Incoming>) -> Response<Full<Bytes>> {
        let arrived = Instant::now();
        let method = req.method().clone();
        let path = req.uri().path().to_string();
        let auth = req.headers().get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let ctype = req.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
        let body = match req.into_body().collect().await {
            Ok(b) => b.to_bytes(),
            Err(_) => Bytes::new(),
        };
        let mut limit_headers = Vec::new();
        let (status, value) = match self.parse_body(&ctype, &body) {
            Ok((json, files)) => {
                let rest = path.strip_prefix("/api/v10").unwrap_or(&path);
                let segs: Vec<&str> = rest.trim_matches('/').split('/').collect();
                let needs_auth = !matches!(segs.first(), Some(&"interactions") | Some(&"webhooks"));
                if needs_auth && auth != format!("Bot {TOKEN}") {
                    error(401, 0, "401: Unauthorized")
                } else if !path.starts_with("/api/v10/") {
                    error(404, 0, "404: Not Found")
                } else {
                    let verdict = self.inner.limiter.lock().expect("limiter").check(method.as_str(), &segs);
                    limit_headers = verdict.headers;
                    match verdict.refused {
                        // Refused before anything happens: the request changes nothing.
                        Some(body) => (StatusCode::TOO_MANY_REQUESTS, body),
                        None => self.route(&method, &segs, json, files, arrived),
                    }
                }
            }
            Err(e) => error(400, 50109, &format!("The request body contains invalid JSON: {e}")),
        };
        {
            let mut st = self.state();
            st.calls.push(Call { method: method.to_string(), path: path.clone(), status: status.as_u16(), at: arrived });
            if status.as_u16() == 404 && value["code"].as_u64() == Some(0) {
                st.unknown.push(format!("{method} {path}"));
            } else if status.is_client_error() && status != StatusCode::TOO_MANY_REQUESTS {
                st.rejections.push(Rejection {
                    method: method.to_string(),
                    path: path.clone(),
                    status: status.as_u16(),
                    reason: value.to_string(),
                });
            }
        }
        let mut resp = if status == StatusCode::NO_CONTENT {
            Response::new(Full::new(Bytes::new()))
        } else {
            let mut r = Response::new(Full::new(Bytes::from(value.to_string())));
            r.headers_mut().insert("content-type", "application/json".parse().expect("header"));
            r
        };
        *resp.status_mut() = status;
        for (name, value) in limit_headers {
            if let Ok(v) = value.parse() {
                resp.headers_mut().insert(name, v);
            }
        }
        resp
    }

    fn parse_body(&self, ctype: &str, body: &[u8]) -> Result<(Value, Vec<File>), String> {
        if let Some(b) = multipart::boundary(ctype) {
            let parts = multipart::parse(body, &b)?;
            let mut json = Value::Null;
            let mut files = Vec::new();
            for p in parts {
                if p.name == "payload_json" {
                    json = serde_json::from_slice(&p.data).map_err(|e| e.to_string())?;
                } else if let Some(name) = p.filename {
                    let slot: u64 = p.name.trim_start_matches("files[").trim_end_matches(']').parse().unwrap_or(files.len() as u64);
                    files.push(File {
                        id: slot,
                        filename: name,
                        content_type: p.content_type.unwrap_or_else(|| "application/octet-stream".into()),
                        size: p.data.len(),
                        data: self.inner.config.keep_files.then(|| Arc::new(p.data)),
                    });
                }
            }
            Ok((json, files))
        } else if body.is_empty() {
            Ok((Value::Null, Vec::new()))
        } else {
            Ok((serde_json::from_slice(body).map_err(|e| e.to_string())?, Vec::new()))
        }
    }

    fn route(&self, method: &Method, segs: &[&str], body: Value, files: Vec<File>, arrived: Instant) -> Reply {
        let num = |i: usize| segs.get(i).and_then(|s| s.parse::<u64>().ok());
        match (method.as_str(), segs) {
            ("GET", ["gateway"]) => (StatusCode::OK, json!({ "url": self.gateway_url() })),
            ("GET", ["gateway", "bot"]) => (
                StatusCode::OK,
                json!({ "url": self.gateway_url(), "shards": self.inner.config.shards.max(1),
                        "session_start_limit": { "total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1 } }),
            ),
            ("GET", ["users", "@me"]) => (StatusCode::OK, payload::user(BOT, BOT_NAME, true)),
            ("GET", ["oauth2", "applications", "@me"]) => {
                (StatusCode::OK, payload::application(BOT, BOT_NAME, payload::user(BOT - 1, "owner", false)))
            }
            ("PUT", ["applications", app, "commands"]) if *app == BOT.to_string() => self.register_commands(body, None),
            ("PUT", ["applications", app, "guilds", g, "commands"]) if *app == BOT.to_string() => {
                self.register_commands(body, g.parse().ok())
            }
            ("POST", ["interactions", _id, token, "callback"]) => self.callback(token, body, files, arrived),
            ("GET", ["webhooks", _app, token, "messages", which]) => self.webhook_get(token, which),
            ("PATCH", ["webhooks", _app, token, "messages", which]) => self.webhook_edit(token, which, body, files),
            ("DELETE", ["webhooks", _app, token, "messages", which]) => self.webhook_delete(token, which),
            ("POST", ["webhooks", _app, token]) => self.followup(token, body, files),
            ("POST", ["channels", _, "messages"]) => match num(1) {
                Some(c) => self.create_message(c, body, files),
                None => error(404, 10003, "Unknown Channel"),
            },
            ("PATCH", ["channels", _, "messages", _]) => match (num(1), num(3)) {
                (Some(c), Some(m)) => self.edit_channel_message(c, m, body, files),
                _ => error(404, 10008, "Unknown Message"),
            },
            ("GET", ["channels", _, "messages", _]) => {
                let st = self.state();
                match num(3).and_then(|m| st.messages.get(&m)).filter(|m| Some(m.channel) == num(1) && !m.is_ephemeral()) {
                    Some(m) => (StatusCode::OK, self.message_json(&st, m)),
                    None => error(404, 10008, "Unknown Message"),
                }
            }
            ("GET", ["channels", _]) => {
                let st = self.state();
                match num(1).and_then(|c| st.channels.get(&c).map(|k| (c, k))) {
                    Some((c, k)) => (StatusCode::OK, self.channel_json(&st, c, k)),
                    None => error(404, 10003, "Unknown Channel"),
                }
            }
            ("POST", ["channels", _, "messages", _, "threads"]) => match (num(1), num(3)) {
                (Some(c), Some(m)) => self.create_thread(c, Some(m), body),
                _ => error(404, 10008, "Unknown Message"),
            },
            ("POST", ["channels", _, "threads"]) => match num(1) {
                Some(c) => self.create_thread(c, None, body),
                None => error(404, 10003, "Unknown Channel"),
            },
            ("POST", ["users", "@me", "channels"]) => self.open_dm(body),
            _ => error(404, 0, "404: Not Found"),
        }
    }

    fn channel_json(&self, st: &State, id: u64, kind: &ChannelKind) -> Value {
        match kind {
            ChannelKind::Text { name } => payload::text_channel(id, st.guild_of(id).unwrap_or(GUILD), name),
            ChannelKind::Thread { parent, name } => payload::thread(id, st.guild_of(id).unwrap_or(GUILD), *parent, BOT, name),
            ChannelKind::Dm { user } => payload::dm_channel(id, *user, &st.name(*user)),
        }
    }

    fn register_commands(&self, body: Value, guild: Option<u64>) -> Reply {
        let Some(cmds) = body.as_array() else { return error(400, 50035, "Invalid Form Body: expected a list of commands") };
        if let Err(e) = validate_commands(cmds) {
            return error(400, 50035, &format!("Invalid Form Body: {e}"));
        }
        let mut st = self.state();
        let mut out = Vec::new();
        for c in cmds {
            let name = c["name"].as_str().unwrap_or_default().to_string();
            let id = *st.command_ids.entry(name).or_insert_with(|| self.inner.ids.next());
            let mut c = c.clone();
            c["id"] = json!(id.to_string());
            c["application_id"] = json!(BOT.to_string());
            c["version"] = json!(id.to_string());
            c["type"] = c.get("type").cloned().unwrap_or(json!(1));
            c["default_member_permissions"] = c.get("default_member_permissions").cloned().unwrap_or(Value::Null);
            c["nsfw"] = json!(false);
            if let Some(g) = guild {
                c["guild_id"] = json!(g.to_string());
            }
            out.push(c);
        }
        st.commands = out.clone();
        self.inner.any.notify_waiters();
        (StatusCode::OK, Value::Array(out))
    }

    /// A new message from the bot; checks it as Discord would.
    #[allow(clippy::too_many_arguments)]
    fn new_message(
        &self,
        st: &mut State,
        channel: u64,
        body: &Value,
        files: Vec<File>,
        audience: Audience,
        interaction: Option<String>,
        kind: u8,
        extra_flags: u64,
    ) -> Result<u64, Reply> {
        let content = body["content"].as_str().unwrap_or("").to_string();
        let components = body.get("components").cloned().filter(|c| !c.is_null()).unwrap_or(json!([]));
        let flags = body["flags"].as_u64().unwrap_or(0) | extra_flags;
        if extra_flags & 128 == 0 {
            check_message(&content, &components, files.len(), true).map_err(|e| error(400, 50035, &e))?;
        }
        let id = self.inner.ids.next();
        let files: Vec<File> = files.into_iter().map(|f| File { id: self.inner.ids.next(), ..f }).collect();
        let m = Message { id, channel, content, components, attachments: files.clone(), flags, audience, interaction, edits: 0, kind };
        self.insert(st, m, files, false);
        Ok(id)
    }

    fn insert(&self, st: &mut State, m: Message, new_files: Vec<File>, edit: bool) {
        let has_components = !m.parts().is_empty();
        if has_components {
            st.active.insert(m.id);
        } else {
            st.active.remove(&m.id);
        }
        if self.inner.config.keep_history && !m.is_loading() {
            st.publications.push(Publication {
                message: m.id,
                channel: m.channel,
                audience: m.audience,
                edit,
                content: m.content.clone(),
                components: m.components.clone(),
                files: new_files,
                at: Instant::now(),
            });
        }
        let channel = m.channel;
        if !edit {
            st.by_channel.entry(channel).or_default().push(m.id);
        }
        st.messages.insert(m.id, m);
        self.changed(st, channel);
    }

    /// Applies an edit (content, components, attachments) to a message.
    fn edit(&self, st: &mut State, id: u64, body: &Value, files: Vec<File>) -> Result<(), Reply> {
        let Some(mut m) = st.messages.get(&id).cloned() else { return Err(error(404, 10008, "Unknown Message")) };
        if let Some(c) = body.get("content") {
            m.content = c.as_str().unwrap_or("").to_string();
        }
        if let Some(c) = body.get("components") {
            m.components = if c.is_null() { json!([]) } else { c.clone() };
        }
        if let Some(keep) = body.get("attachments").and_then(|a| a.as_array()) {
            let kept: HashSet<u64> = keep.iter().filter_map(|a| id_of(&a["id"])).collect();
            m.attachments.retain(|f| kept.contains(&f.id));
        }
        let new_files: Vec<File> = files.into_iter().map(|f| File { id: self.inner.ids.next(), ..f }).collect();
        m.attachments.extend(new_files.iter().cloned());
        if m.is_loading() {
            m.flags &= !128;
        }
        check_message(&m.content, &m.components, m.attachments.len(), false).map_err(|e| error(400, 50035, &e))?;
        m.edits += 1;
        self.insert(st, m, new_files, true);
        Ok(())
    }

    fn audience_of(st: &State, channel: u64) -> Audience {
        match st.channels.get(&channel) {
            Some(ChannelKind::Dm { user }) => Audience::Dm(*user),
            _ => Audience::Public(channel),
        }
    }

    fn create_message(&self, channel: u64, body: Value, files: Vec<File>) -> Reply {
        let mut st = self.state();
        let audience = match st.channels.get(&channel) {
            None => return error(404, 10003, "Unknown Channel"),
            Some(ChannelKind::Dm { user }) if st.closed_dms.contains(user) => {
                return error(403, 50007, "Cannot send messages to this user")
            }
            Some(_) => Self::audience_of(&st, channel),
        };
        match self.new_message(&mut st, channel, &body, files, audience, None, 0, 0) {
            Ok(id) => (StatusCode::OK, self.message_json(&st, &st.messages[&id])),
            Err(r) => r,
        }
    }

    fn edit_channel_message(&self, channel: u64, id: u64, body: Value, files: Vec<File>) -> Reply {
        let mut st = self.state();
        match st.messages.get(&id) {
            Some(m) if m.channel == channel && !m.is_ephemeral() => {}
            _ => return error(404, 10008, "Unknown Message"),
        }
        match self.edit(&mut st, id, &body, files) {
            Ok(()) => (StatusCode::OK, self.message_json(&st, &st.messages[&id])),
            Err(r) => r,
        }
    }

    fn create_thread(&self, channel: u64, from: Option<u64>, body: Value) -> Reply {
        let mut st = self.state();
        if !matches!(st.channels.get(&channel), Some(ChannelKind::Text { .. })) {
            return error(400, 50024, "Cannot execute action on this channel type");
        }
        let name = body["name"].as_str().unwrap_or("").to_string();
        if name.is_empty() || name.chars().count() > 100 {
            return error(400, 50035, "Invalid Form Body: name must be 1 to 100 characters");
        }
        let id = match from {
            Some(m) => {
                if !st.messages.get(&m).is_some_and(|x| x.channel == channel && !x.is_ephemeral()) {
                    return error(404, 10008, "Unknown Message");
                }
                if st.threads_of_message.contains_key(&m) {
                    return error(400, 160004, "A thread has already been created for this message");
                }
                st.threads_of_message.insert(m, m);
                m // a thread started from a message has the message's id
            }
            None => self.inner.ids.next(),
        };
        let kind = ChannelKind::Thread { parent: channel, name: name.clone() };
        st.channels.insert(id, kind);
        let inherited = st.watchers.get(&channel).cloned().unwrap_or_default();
        st.watchers.entry(id).or_default().extend(inherited);
        self.changed(&st, id);
        (StatusCode::CREATED, payload::thread(id, st.guild_of(id).unwrap_or(GUILD), channel, BOT, &name))
    }

    fn open_dm(&self, body: Value) -> Reply {
        let Some(user) = id_of(&body["recipient_id"]) else { return error(400, 50035, "Invalid Form Body: recipient_id") };
        let mut st = self.state();
        if !st.users.contains_key(&user) {
            return error(400, 50035, "Invalid Form Body: unknown recipient");
        }
        let id = match st.dm_of.get(&user) {
            Some(c) => *c,
            None => {
                let c = self.inner.ids.next();
                st.dm_of.insert(user, c);
                st.channels.insert(c, ChannelKind::Dm { user });
                c
            }
        };
        (StatusCode::OK, payload::dm_channel(id, user, &st.name(user)))
    }

    fn callback(&self, token: &str, body: Value, files: Vec<File>, arrived: Instant) -> Reply {
        let mut st = self.state();
        let Some(i) = st.interactions.get(token).cloned() else { return error(404, 10062, "Unknown interaction") };
        if i.responded.is_some() {
            return error(400, 40060, "Interaction has already been acknowledged.");
        }
        if i.sent.is_some_and(|s| arrived.duration_since(s) > INTERACTION_DEADLINE) {
            if let Some(x) = st.interactions.get_mut(token) {
                x.late = true;
            }
            self.changed(&st, i.channel);
            return error(404, 10062, "Unknown interaction");
        }
        let kind = body["type"].as_u64().unwrap_or(0) as u8;
        let data = body.get("data").cloned().unwrap_or(Value::Null);
        let is_component = matches!(i.kind, InteractionKind::Component { .. });
        let is_autocomplete = matches!(i.kind, InteractionKind::Autocomplete { .. });
        let audience_for = |st: &State, flags: u64| {
            if flags & 64 != 0 {
                Audience::Ephemeral(i.user)
            } else {
                Self::audience_of(st, i.channel)
            }
        };
        let reply_kind = if is_component { 19 } else { 20 };
        let original = match (kind, is_component, is_autocomplete) {
            (8, _, true) => {
                let choices = data["choices"].as_array().cloned().unwrap_or_default();
                if choices.len() > 25 {
                    return error(400, 50035, "Invalid Form Body: at most 25 choices");
                }
                for c in &choices {
                    let n = c["name"].as_str().map(|s| s.chars().count()).unwrap_or(0);
                    if !(1..=100).contains(&n) || c.get("value").is_none() {
                        return error(400, 50035, &format!("Invalid Form Body: bad choice {c}"));
                    }
                }
                None
            }
            (_, _, true) => return error(400, 50035, "Invalid Form Body: an autocomplete interaction takes type 8"),
            (4, ..) => {
                let flags = data["flags"].as_u64().unwrap_or(0);
                let audience = audience_for(&st, flags);
                match self.new_message(&mut st, i.channel, &data, files, audience, Some(token.into()), reply_kind, 0) {
                    Ok(id) => Some(id),
                    Err(r) => return r,
                }
            }
            (5, ..) => {
                let flags = data["flags"].as_u64().unwrap_or(0);
                let audience = audience_for(&st, flags);
                match self.new_message(
                    &mut st,
                    i.channel,
                    &json!({ "flags": flags }),
                    Vec::new(),
                    audience,
                    Some(token.into()),
                    reply_kind,
                    128,
                ) {
                    Ok(id) => Some(id),
                    Err(r) => return r,
                }
            }
            (6, true, _) | (7, true, _) => {
                let InteractionKind::Component { message, .. } = i.kind else { unreachable!() };
                if kind == 7 {
                    if let Err(r) = self.edit(&mut st, message, &data, files) {
                        return r;
                    }
                }
                Some(message)
            }
            _ => return error(400, 50035, &format!("Invalid Form Body: interaction response type {kind} does not fit this interaction")),
        };
        let published = st.publications.len();
        let x = st.interactions.get_mut(token).expect("interaction");
        x.published_at_response = Some(published);
        x.responded = Some(arrived);
        x.response_type = Some(kind);
        x.response = Some(data);
        x.original = original;
        self.changed(&st, i.channel);
        (StatusCode::NO_CONTENT, Value::Null)
    }

    fn webhook_target(st: &State, token: &str, which: &str) -> Result<(Interaction, u64), Reply> {
        let Some(i) = st.interactions.get(token).cloned() else { return Err(error(401, 50027, "Invalid Webhook Token")) };
        let id = if which == "@original" {
            i.original.ok_or_else(|| error(404, 10015, "Unknown Webhook"))?
        } else {
            let id: u64 = which.parse().map_err(|_| error(404, 10008, "Unknown Message"))?;
            if !i.followups.contains(&id) && i.original != Some(id) {
                return Err(error(404, 10008, "Unknown Message"));
            }
            id
        };
        Ok((i, id))
    }

    fn webhook_get(&self, token: &str, which: &str) -> Reply {
        let st = self.state();
        match Self::webhook_target(&st, token, which) {
            Ok((_, id)) => (StatusCode::OK, self.message_json(&st, &st.messages[&id])),
            Err(r) => r,
        }
    }

    fn webhook_edit(&self, token: &str, which: &str, body: Value, files: Vec<File>) -> Reply {
        let mut st = self.state();
        let (i, id) = match Self::webhook_target(&st, token, which) {
            Ok(x) => x,
            Err(r) => return r,
        };
        if let Err(r) = self.edit(&mut st, id, &body, files) {
            return r;
        }
        if which == "@original" {
            let published = st.publications.len();
            if let Some(x) = st.interactions.get_mut(token) {
                x.original_edits += 1;
                x.published_at_edit.get_or_insert(published);
            }
            self.changed(&st, i.channel);
        }
        (StatusCode::OK, self.message_json(&st, &st.messages[&id]))
    }

    fn webhook_delete(&self, token: &str, which: &str) -> Reply {
        let mut st = self.state();
        let (i, id) = match Self::webhook_target(&st, token, which) {
            Ok(x) => x,
            Err(r) => return r,
        };
        st.messages.remove(&id);
        st.active.remove(&id);
        if let Some(v) = st.by_channel.get_mut(&i.channel) {
            v.retain(|m| *m != id);
        }
        self.changed(&st, i.channel);
        (StatusCode::NO_CONTENT, Value::Null)
    }

    fn followup(&self, token: &str, body: Value, files: Vec<File>) -> Reply {
        let mut st = self.state();
        let Some(i) = st.interactions.get(token).cloned() else { return error(401, 50027, "Invalid Webhook Token") };
        if i.responded.is_none() {
            return error(404, 10015, "Unknown Webhook");
        }
        // The first follow-up after a deferred response fills in the "thinking" message.
        if let Some(orig) = i.original.filter(|o| st.messages.get(o).is_some_and(|m| m.is_loading())) {
            if let Err(r) = self.edit(&mut st, orig, &body, files) {
                return r;
            }
            if let Some(x) = st.interactions.get_mut(token) {
                x.followups.push(orig);
            }
            return (StatusCode::OK, self.message_json(&st, &st.messages[&orig]));
        }
        let flags = body["flags"].as_u64().unwrap_or(0);
        let audience = if flags & 64 != 0 { Audience::Ephemeral(i.user) } else { Self::audience_of(&st, i.channel) };
        match self.new_message(&mut st, i.channel, &body, files, audience, Some(token.into()), 0, 0) {
            Ok(id) => {
                if let Some(x) = st.interactions.get_mut(token) {
                    x.followups.push(id);
                }
                self.changed(&st, i.channel);
                (StatusCode::OK, self.message_json(&st, &st.messages[&id]))
            }
            Err(r) => r,
        }
    }
}

/// A slash command option as Discord sends it (`kind`: 3 string, 4 integer, 5 boolean, 6 user).
pub fn opt(name: &str, kind: u8, value: Value) -> Value {
    json!({ "name": name, "type": kind, "value": value })
}

/// The option being typed, for autocomplete.
pub fn focused(name: &str, kind: u8, partial: &str) -> Value {
    json!({ "name": name, "type": kind, "value": partial, "focused": true })
}

/// A subcommand with its options.
pub fn sub(name: &str, options: Vec<Value>) -> Value {
    json!({ "name": name, "type": 1, "options": options })
}

/// Discord's checks of a message: text length, something to show, components' limits.
pub fn check_message(content: &str, components: &Value, files: usize, new: bool) -> Result<(), String> {
    if content.chars().count() > 2000 {
        return Err(format!("content: must be 2000 or fewer in length (it is {})", content.chars().count()));
    }
    let rows = components.as_array().ok_or("components: not a list")?;
    if new && content.is_empty() && rows.is_empty() && files == 0 {
        return Err("Cannot send an empty message".into());
    }
    if files > 10 {
        return Err(format!("files: at most 10 ({files})"));
    }
    if rows.len() > 5 {
        return Err(format!("components: at most 5 rows ({})", rows.len()));
    }
    let mut ids = HashSet::new();
    for row in rows {
        if row["type"].as_u64() != Some(1) {
            return Err(format!("components: a top-level component that is not an action row: {row}"));
        }
        let items = row["components"].as_array().ok_or("components: a row without components")?;
        if items.is_empty() || items.len() > 5 {
            return Err(format!("components: a row of {} components", items.len()));
        }
        for c in items {
            let kind = c["type"].as_u64().unwrap_or(0);
            let style = c["style"].as_u64().unwrap_or(0);
            let link = kind == 2 && style == 5;
            if !link {
                let id = c["custom_id"].as_str().ok_or_else(|| format!("components: no custom_id in {c}"))?;
                if id.is_empty() || id.chars().count() > 100 {
                    return Err(format!("components: custom_id must be 1 to 100 characters: {id:?}"));
                }
                if !ids.insert(id.to_string()) {
                    return Err(format!("components: custom_id {id:?} used twice in one message"));
                }
            }
            match kind {
                2 => {
                    if !(1..=5).contains(&style) {
                        return Err(format!("components: bad button style {style}"));
                    }
                    let label = c["label"].as_str().unwrap_or("");
                    if label.chars().count() > 80 || (label.is_empty() && c.get("emoji").is_none()) {
                        return Err(format!("components: a button label must be 1 to 80 characters: {label:?}"));
                    }
                }
                3 => {
                    if items.len() != 1 {
                        return Err("components: a select menu must be alone in its row".into());
                    }
                    let opts = c["options"].as_array().ok_or("components: a select menu without options")?;
                    if opts.is_empty() || opts.len() > 25 {
                        return Err(format!("components: a select menu of {} options", opts.len()));
                    }
                    let min = c["min_values"].as_u64().unwrap_or(1);
                    let max = c["max_values"].as_u64().unwrap_or(1);
                    if min > 25 || max == 0 || max > 25 || min > max || max as usize > opts.len() {
                        return Err(format!("components: select menu min_values {min} max_values {max} with {} options", opts.len()));
                    }
                    if c["placeholder"].as_str().is_some_and(|p| p.chars().count() > 150) {
                        return Err("components: placeholder over 150 characters".into());
                    }
                    let mut values = HashSet::new();
                    for o in opts {
                        let label = o["label"].as_str().unwrap_or("");
                        let value = o["value"].as_str().unwrap_or("");
                        if label.is_empty() || label.chars().count() > 100 || value.is_empty() || value.chars().count() > 100 {
                            return Err(format!("components: select option label and value must be 1 to 100 characters: {o}"));
                        }
                        if o["description"].as_str().is_some_and(|d| d.chars().count() > 100) {
                            return Err(format!("components: select option description over 100 characters: {o}"));
                        }
                        if !values.insert(value.to_string()) {
                            return Err(format!("components: select option value {value:?} used twice"));
                        }
                    }
                }
                other => return Err(format!("components: unexpected component type {other}")),
            }
        }
    }
    Ok(())
}

/// Discord's checks of slash command definitions.
pub fn validate_commands(cmds: &[Value]) -> Result<(), String> {
    if cmds.len() > 100 {
        return Err("at most 100 commands".into());
    }
    let mut names = HashSet::new();
    for c in cmds {
        let name = c["name"].as_str().unwrap_or("");
        check_name(name)?;
        if !names.insert(name) {
            return Err(format!("command name {name:?} used twice"));
        }
        check_description(c, name)?;
        check_options(c["options"].as_array().map(|v| v.as_slice()).unwrap_or(&[]), name, 0)?;
    }
    Ok(())
}

fn check_name(name: &str) -> Result<(), String> {
    let ok = (1..=32).contains(&name.chars().count())
        && name.chars().all(|ch| ch == '-' || ch == '_' || ch.is_alphanumeric())
        && name.chars().all(|ch| !ch.is_uppercase());
    if ok {
        Ok(())
    } else {
        Err(format!("bad name {name:?} (1 to 32 lowercase letters, digits, - or _)"))
    }
}

fn check_description(c: &Value, name: &str) -> Result<(), String> {
    let d = c["description"].as_str().unwrap_or("");
    if (1..=100).contains(&d.chars().count()) {
        Ok(())
    } else {
        Err(format!("{name}: description must be 1 to 100 characters ({} : {d:?})", d.chars().count()))
    }
}

fn check_options(opts: &[Value], parent: &str, depth: usize) -> Result<(), String> {
    if opts.len() > 25 {
        return Err(format!("{parent}: more than 25 options"));
    }
    let mut seen_optional = false;
    for o in opts {
        let name = o["name"].as_str().unwrap_or("");
        check_name(name).map_err(|e| format!("{parent}: {e}"))?;
        check_description(o, &format!("{parent} {name}"))?;
        let kind = o["type"].as_u64().unwrap_or(0);
        match kind {
            1 | 2 => {
                if depth >= 2 {
                    return Err(format!("{parent} {name}: subcommands nested too deep"));
                }
                check_options(o["options"].as_array().map(|v| v.as_slice()).unwrap_or(&[]), &format!("{parent} {name}"), depth + 1)?;
            }
            3..=11 => {
                let required = o["required"].as_bool().unwrap_or(false);
                if required && seen_optional {
                    return Err(format!("{parent} {name}: required options must come before optional ones"));
                }
                seen_optional |= !required;
                if o["autocomplete"].as_bool() == Some(true) && o["choices"].as_array().is_some_and(|c| !c.is_empty()) {
                    return Err(format!("{parent} {name}: autocomplete and choices together"));
                }
            }
            _ => return Err(format!("{parent} {name}: unknown option type {kind}")),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_checks() {
        let button = |id: &str, label: &str| json!({"type": 2, "style": 2, "custom_id": id, "label": label});
        let row = |items: Vec<Value>| json!({"type": 1, "components": items});
        assert!(check_message("hi", &json!([]), 0, true).is_ok());
        assert!(check_message("", &json!([]), 0, true).is_err(), "empty");
        assert!(check_message("", &json!([]), 0, false).is_ok(), "an edit may clear the text");
        assert!(check_message(&"x".repeat(2001), &json!([]), 0, true).is_err());
        assert!(check_message("", &json!([row(vec![button("a", "A"), button("b", "B")])]), 0, true).is_ok());
        assert!(check_message("", &json!([row(vec![button("a", "A"), button("a", "B")])]), 0, true).is_err(), "same id twice");
        assert!(check_message("", &json!([row(vec![button("a", &"x".repeat(81))])]), 0, true).is_err());
        let six: Vec<Value> = (0..6).map(|i| button(&i.to_string(), "x")).collect();
        assert!(check_message("", &json!([row(six)]), 0, true).is_err());
    }
}

//! Simulated people playing one game through the stand-in, as they would in
//! Discord: they read what the bot posted in the channel, the game's thread,
//! their direct messages and their private replies, and press the buttons and
//! choose in the menus that are there (or use the slash commands, with their
//! autocomplete), picking at random among what is offered.
//!
//! Who is asked is read as a person would: a question in the thread mentions
//! the player; a direct message is for its reader; a private reply for the one
//! who asked. Nothing here knows the bot's `custom_id` format.

use crate::discord::{focused, opt, sub, Audience, Interaction, Message, StandIn, State};
use anyhow::{anyhow, bail};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

#[derive(Clone, Debug)]
pub struct Options {
    pub seed: u64,
    /// How often a turn's action goes through a slash command (with autocomplete) instead of the buttons.
    pub slash_share: f64,
    /// A person's pause before each action: a random time in this range.
    pub think: (Duration, Duration),
    /// How long a response may take before it counts as never given.
    pub response_timeout: Duration,
    /// How long to wait for something to answer before asking the bot with `/answer`
    /// (as a person would after the bot was away); `None`: it is a failure.
    pub recover_after: Option<Duration>,
    /// Give up (fail) after this many actions.
    pub max_actions: usize,
    /// Computer players seated by `/innovation new` beside the users.
    pub computers: usize,
    /// The expansions asked of `/innovation new expansions:` ("unseen"); `None`: the option is left out.
    pub expansions: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 1,
            slash_share: 0.2,
            think: (Duration::ZERO, Duration::ZERO),
            response_timeout: Duration::from_secs(20),
            recover_after: None,
            max_actions: 5000,
            computers: 0,
            expansions: None,
        }
    }
}

/// What happened while playing.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    /// Answers the bot confirmed (it took the buttons away or replied "You chose").
    pub decisions: usize,
    /// Interactions sent.
    pub interactions: usize,
    /// Interactions that got no response in time (the bot was down, or too slow).
    pub unanswered: usize,
    /// Refusals seen, with who got them.
    pub refusals: Vec<(u64, String)>,
    pub slash_actions: usize,
    pub autocompletes: usize,
    pub menus: usize,
    /// Times a player asked `/answer` because nothing was left to press.
    pub recoveries: usize,
    /// Notices in the thread that a player's direct messages were refused.
    pub dm_notices: usize,
    /// `/answer` and `/hand` used because the thread said so.
    pub thread_commands: usize,
    /// For each confirmed answer, in order: how many publications the stand-in had when it was
    /// confirmed (everything published before belongs to the game before this answer).
    pub confirmed_at: Vec<usize>,
    /// The turn's actions chosen, by their button's label ("Draw", "Endorse"...), by button or command.
    pub actions: std::collections::BTreeMap<String, usize>,
}

/// One game and the people playing it.
pub struct Table {
    pub discord: StandIn,
    /// The text channel the game was started in.
    pub channel: u64,
    /// The players in joining order (the first created the game).
    pub users: Vec<u64>,
    pub lobby: Option<u64>,
    pub thread: Option<u64>,
    pub opts: Options,
    pub tally: Tally,
    notify: Arc<Notify>,
    rng: StdRng,
    /// Per user: messages up to this id are older than their last answer, so no longer theirs to press.
    seen: HashMap<u64, u64>,
    /// Messages that were refused: not pressed again.
    dead: HashSet<u64>,
    /// Thread messages read so far for notices ("I could not send you a direct message").
    notices_read: usize,
    /// Players told that their direct messages do not go through.
    no_dms: HashSet<u64>,
}

/// What a person does next.
enum Next {
    Over,
    Press(u64, Message),
    /// A thread message says this user should use these commands (`/hand`, `/answer`): after
    /// the bot said it could not reach them by direct message, or when they are asked something
    /// that went by direct message. The number of thread messages read.
    Command(u64, Vec<&'static str>, usize),
}

/// The bot's notice in the thread when a direct message could not be delivered.
pub const DM_REFUSED: &str = "I could not send you a direct message";

/// The last mention in a text that is one of `users`.
fn addressed(text: &str, users: &[u64]) -> Option<u64> {
    crate::payload::mentioned_ids(text).into_iter().rfind(|id| users.contains(id))
}

#[derive(Clone, Debug)]
struct Button {
    id: String,
    label: String,
}

#[derive(Clone, Debug)]
struct Menu {
    id: String,
    values: Vec<(String, String)>,
    min: usize,
    max: usize,
}

fn controls(m: &Message) -> (Vec<Button>, Vec<Menu>) {
    let mut buttons = Vec::new();
    let mut menus = Vec::new();
    for c in m.parts() {
        let id = c["custom_id"].as_str().unwrap_or("").to_string();
        match c["type"].as_u64() {
            Some(2) if !c["disabled"].as_bool().unwrap_or(false) => {
                buttons.push(Button { id, label: c["label"].as_str().unwrap_or("").to_string() })
            }
            Some(3) if !c["disabled"].as_bool().unwrap_or(false) => {
                let values = c["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|o| (o["value"].as_str().unwrap_or("").to_string(), o["label"].as_str().unwrap_or("").to_string()))
                    .collect::<Vec<_>>();
                let n = values.len();
                menus.push(Menu {
                    id,
                    min: c["min_values"].as_u64().unwrap_or(1) as usize,
                    max: (c["max_values"].as_u64().unwrap_or(1) as usize).min(n),
                    values,
                })
            }
            _ => {}
        }
    }
    (buttons, menus)
}

/// The turn's action buttons (Endorse: Cities of Destiny, shown when a Dogma may be endorsed;
/// Decree: Figures in the Sand, shown when a Decree may be issued).
const ACTIONS: [&str; 6] = ["Draw", "Meld", "Dogma", "Endorse", "Achieve", "Decree"];

/// What became of one press.
enum Pressed {
    /// The answer was taken (the buttons were taken away), confirmed at this publication count.
    Decided(usize),
    /// The same message now shows the next step (ordering).
    Continue,
    /// A private reply with new controls (the menu behind Meld, Dogma, Achieve).
    Menu(u64),
    Refused(String),
    /// No response in time.
    Silent,
}

impl Table {
    pub fn new(discord: &StandIn, channel: u64, users: Vec<u64>, opts: Options) -> Table {
        let notify = discord.watch(&[&[channel][..], &users[..]].concat());
        Table {
            discord: discord.clone(),
            channel,
            rng: StdRng::seed_from_u64(opts.seed),
            users,
            lobby: None,
            thread: None,
            opts,
            tally: Tally::default(),
            notify,
            seen: HashMap::new(),
            dead: HashSet::new(),
            notices_read: 0,
            no_dms: HashSet::new(),
        }
    }

    pub fn notify(&self) -> &Notify {
        &self.notify
    }

    async fn think(&mut self) {
        let (a, b) = self.opts.think;
        if b > Duration::ZERO {
            let d = if b > a { self.rng.gen_range(a..b) } else { a };
            tokio::time::sleep(d).await;
        }
    }

    /// Sends an interaction, waiting for the bot to be connected first.
    async fn send(&mut self, f: impl Fn(&StandIn) -> anyhow::Result<String>) -> anyhow::Result<String> {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
        loop {
            if self.discord.connected() {
                if let Ok(t) = f(&self.discord) {
                    self.tally.interactions += 1;
                    return Ok(t);
                }
            }
            if tokio::time::Instant::now() > deadline {
                bail!("the bot stayed away from the gateway for two minutes");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn response(&mut self, token: &str) -> Option<Interaction> {
        match self.discord.response(Some(&self.notify), token, self.opts.response_timeout).await {
            Ok(i) => Some(i),
            Err(_) => {
                self.tally.unanswered += 1;
                None
            }
        }
    }

    // ---------- the lobby ----------

    /// The first user starts a game of all the users: `/innovation new`, everyone joins, Start.
    pub async fn open(&mut self) -> anyhow::Result<u64> {
        let seats = (self.users.len() + self.opts.computers) as i64;
        let (creator, channel) = (self.users[0], self.channel);
        let mut options = vec![opt("seats", 4, json!(seats))];
        if self.opts.computers > 0 {
            options.push(opt("computers", 4, json!(self.opts.computers)));
        }
        if let Some(e) = &self.opts.expansions {
            options.push(opt("expansions", 3, json!(e)));
        }
        let token = self.send(|d| d.slash(creator, channel, "innovation", json!([sub("new", options.clone())]))).await?;
        let i = self.response(&token).await.ok_or_else(|| anyhow!("no answer to /innovation new"))?;
        let lobby = i.original.ok_or_else(|| anyhow!("/innovation new made no message"))?;
        self.lobby = Some(lobby);
        for k in 1..self.users.len() {
            let u = self.users[k];
            let join = self.button_labelled(lobby, "Join")?;
            let token = self.send(|d| d.click(u, lobby, &join, None)).await?;
            let i = self.response(&token).await.ok_or_else(|| anyhow!("no answer to Join"))?;
            if i.response_type != Some(7) {
                bail!("Join was answered with {:?}: {:?}", i.response_type, i.response);
            }
        }
        let start = self.button_labelled(lobby, "Start")?;
        let token = self.send(|d| d.click(creator, lobby, &start, None)).await?;
        let i = self.response(&token).await.ok_or_else(|| anyhow!("no answer to Start"))?;
        if i.response_type != Some(7) {
            bail!("Start was answered with {:?}: {:?}", i.response_type, i.response);
        }
        let thread = self
            .discord
            .wait_for(Some(&self.notify), Duration::from_secs(30), "the game's thread", |st| st.thread_of_message(lobby))
            .await?;
        self.thread = Some(thread);
        Ok(thread)
    }

    fn button_labelled(&self, message: u64, label: &str) -> anyhow::Result<String> {
        let st = self.discord.state();
        let m = st.message(message).ok_or_else(|| anyhow!("no message {message}"))?;
        let (buttons, _) = controls(m);
        buttons.into_iter().find(|b| b.label == label).map(|b| b.id).ok_or_else(|| anyhow!("no {label} button on {:?}", m.content))
    }

    // ---------- playing ----------

    /// Whether the thread announced the end of the game.
    pub fn over(&self) -> bool {
        self.over_in(&self.discord.state())
    }

    fn over_in(&self, st: &State) -> bool {
        let Some(t) = self.thread else { return false };
        st.messages_in(t).any(|m| m.content.contains("**Game over.**"))
    }

    /// The newest thing someone of this game can press, and who.
    fn next_control(&self, st: &State) -> Option<(u64, Message)> {
        let thread = self.thread?;
        let mut best: Option<(u64, Message)> = None;
        for m in st.active() {
            // People playing at random never take a move back: a confirmation's Undo is no question.
            if self.dead.contains(&m.id) || m.parts().iter().all(|p| p["label"] == "Undo") {
                continue;
            }
            let who = match m.audience {
                Audience::Public(c) if c == thread => addressed(&m.content, &self.users),
                Audience::Dm(u) if self.users.contains(&u) => Some(u),
                Audience::Ephemeral(u) if self.users.contains(&u) => {
                    let here = m.channel == thread || m.channel == self.channel || st.dm_channel(u) == Some(m.channel);
                    here.then_some(u)
                }
                _ => None,
            };
            let Some(u) = who else { continue };
            if self.seen.get(&u).is_some_and(|w| m.id <= *w) {
                continue;
            }
            if best.as_ref().is_none_or(|(_, b)| m.id > b.id) {
                best = Some((u, m.clone()));
            }
        }
        best
    }

    /// Something in the thread, not acted on yet, that tells a player to use a command: the notice
    /// that their direct messages do not go through, or (for such a player) a question sent by
    /// direct message "(or use /answer here)".
    fn thread_cue(&self, st: &State) -> Option<Next> {
        let thread = self.thread?;
        let mut read = self.notices_read;
        for m in st.messages_in(thread).skip(self.notices_read) {
            read += 1;
            if m.content.contains(DM_REFUSED) {
                if let Some(u) = addressed(&m.content, &self.users) {
                    return Some(Next::Command(u, vec!["hand", "answer"], read));
                }
            } else if let Some(u) = m
                .content
                .lines()
                .filter(|line| line.contains("/answer"))
                .filter_map(|line| addressed(line, &self.users))
                .find(|u| self.no_dms.contains(u))
            {
                // One line per asked player: read the line that points to /answer, not the post's last mention.
                return Some(Next::Command(u, vec!["answer"], read));
            }
        }
        None
    }

    /// Plays until the game is over.
    pub async fn play(&mut self) -> anyhow::Result<()> {
        self.play_until(|_| false).await
    }

    /// Plays until the game is over or `stop` says so (checked before each action).
    pub async fn play_until(&mut self, mut stop: impl FnMut(&Table) -> bool) -> anyhow::Result<()> {
        let mut actions = 0;
        while !self.over() {
            if stop(self) {
                return Ok(());
            }
            actions += 1;
            if actions > self.opts.max_actions {
                bail!("the game did not end after {} actions", self.opts.max_actions);
            }
            self.step().await?;
        }
        Ok(())
    }

    /// Waits for something to press, and presses it.
    pub async fn step(&mut self) -> anyhow::Result<()> {
        let wait = self.opts.recover_after.unwrap_or(self.opts.response_timeout);
        let found = {
            let this = &*self;
            this.discord
                .wait_for(Some(&this.notify), wait, "something to answer", |st| {
                    if this.over_in(st) {
                        return Some(Next::Over);
                    }
                    if let Some(n) = this.thread_cue(st) {
                        return Some(n);
                    }
                    this.next_control(st).map(|(u, m)| Next::Press(u, m))
                })
                .await
        };
        match found {
            Ok(Next::Press(user, msg)) => {
                self.think().await;
                self.act(user, msg).await
            }
            Ok(Next::Command(user, commands, read)) => {
                self.notices_read = read;
                if commands.contains(&"hand") {
                    self.no_dms.insert(user);
                    self.tally.dm_notices += 1;
                }
                let thread = self.thread.ok_or_else(|| anyhow!("no thread"))?;
                for cmd in commands {
                    self.think().await;
                    let token = self.send(|d| d.slash(user, thread, cmd, json!([]))).await?;
                    self.tally.thread_commands += 1;
                    if let Some(i) = self.response(&token).await {
                        if i.response_type == Some(5) {
                            // Deferred (a picture is being drawn): wait for it to be filled in.
                            let _ = self
                                .discord
                                .wait_for(Some(&self.notify), self.opts.response_timeout, "the deferred reply", |st| {
                                    st.interaction(&token).filter(|i| !i.followups.is_empty()).map(|_| ())
                                })
                                .await;
                        }
                    }
                }
                Ok(())
            }
            Ok(Next::Over) => Ok(()),
            Err(e) => {
                if self.opts.recover_after.is_none() {
                    return Err(e.context("the game waits, but nobody has anything to answer"));
                }
                self.recover().await
            }
        }
    }

    /// Nothing to press: each player asks `/answer` in the thread; whoever is asked gets the question again.
    async fn recover(&mut self) -> anyhow::Result<()> {
        self.tally.recoveries += 1;
        let thread = self.thread.ok_or_else(|| anyhow!("no thread"))?;
        for u in self.users.clone() {
            let token = self.send(|d| d.slash(u, thread, "answer", json!([]))).await?;
            self.response(&token).await;
        }
        Ok(())
    }

    /// What a person would press on this message: `None` when nothing.
    fn choose(&mut self, msg: &Message) -> Option<Choice> {
        let (buttons, menus) = controls(msg);
        // A turn's action: the action buttons (or their slash commands).
        let actions: Vec<&Button> = buttons.iter().filter(|b| ACTIONS.contains(&b.label.as_str())).collect();
        if !actions.is_empty() {
            // Figures: a Decree is powerful, and offered only now and then: people take it when it is.
            let pick = match actions.iter().find(|b| b.label == "Decree") {
                Some(b) => (*b).clone(),
                None => (*actions.choose(&mut self.rng)?).clone(),
            };
            *self.tally.actions.entry(pick.label.clone()).or_default() += 1;
            if self.rng.gen_bool(self.opts.slash_share) {
                return Some(Choice::Slash(pick.label.clone(), pick.id));
            }
            return Some(Choice::Press(pick.id, None));
        }
        let decline = buttons.iter().find(|b| b.label.to_lowercase().contains("decline"));
        if let Some(menu) = menus.first() {
            if let Some(d) = decline {
                if self.rng.gen_bool(0.15) {
                    return Some(Choice::Press(d.id.clone(), None));
                }
            }
            let k = self.rng.gen_range(menu.min.max(1)..=menu.max.max(1));
            let chosen: Vec<String> = menu.values.choose_multiple(&mut self.rng, k).map(|(v, _)| v.clone()).collect();
            return Some(Choice::Press(menu.id.clone(), Some(chosen)));
        }
        // Ordering offers "Start over" once something is placed: press it now and then, not forever.
        let mut choices: Vec<&Button> = buttons.iter().filter(|b| b.label != "Start over").collect();
        if choices.is_empty() || self.rng.gen_bool(0.05) {
            choices = buttons.iter().collect();
        }
        Some(Choice::Press(choices.choose(&mut self.rng)?.id.clone(), None))
    }

    async fn act(&mut self, user: u64, msg: Message) -> anyhow::Result<()> {
        match self.choose(&msg) {
            None => {
                self.dead.insert(msg.id);
                Ok(())
            }
            Some(Choice::Slash(action, button)) => {
                if !self.slash_action(user, &action).await? {
                    self.press(user, msg.id, button, None).await?;
                }
                Ok(())
            }
            Some(Choice::Press(id, values)) => self.press(user, msg.id, id, values).await,
        }
    }

    /// A turn's action by slash command: `/draw`, or `/meld`, `/dogma`, `/endorse`, `/achieve`,
    /// `/decree` with a value picked from the option's autocomplete. False when autocomplete offered nothing.
    async fn slash_action(&mut self, user: u64, action: &str) -> anyhow::Result<bool> {
        let thread = self.thread.ok_or_else(|| anyhow!("no thread"))?;
        let options = match action {
            "Draw" => json!([]),
            _ => {
                let (cmd, name, kind) = match action {
                    "Meld" => ("meld", "card", 3),
                    "Dogma" => ("dogma", "card", 3),
                    "Endorse" => ("endorse", "card", 3),
                    "Decree" => ("decree", "decree", 3),
                    _ => ("achieve", "age", 4),
                };
                let token = self.send(|d| d.autocomplete(user, thread, cmd, json!([focused(name, kind, "")]))).await?;
                self.tally.autocompletes += 1;
                let Some(i) = self.response(&token).await else { return Ok(true) };
                let choices: Vec<Value> = i.response.as_ref().and_then(|r| r["choices"].as_array().cloned()).unwrap_or_default();
                let Some(c) = choices.choose(&mut self.rng) else { return Ok(false) };
                self.think().await;
                json!([opt(name, kind, c["value"].clone())])
            }
        };
        let cmd = action.to_lowercase();
        let mark = self.discord.next_id();
        let token = self.send(|d| d.slash(user, thread, &cmd, options.clone())).await?;
        self.tally.slash_actions += 1;
        let Some(i) = self.response(&token).await else {
            self.seen.insert(user, mark);
            return Ok(true);
        };
        let text = self.discord.state().message(i.original.unwrap_or(0)).map(|m| m.content.clone()).unwrap_or_default();
        if text.starts_with("You chose") {
            self.tally.decisions += 1;
            self.tally.confirmed_at.push(i.published_at_response.unwrap_or(0));
            self.seen.insert(user, mark);
        } else {
            self.tally.refusals.push((user, text));
        }
        Ok(true)
    }

    /// Presses and follows through: menus are chosen in, multi-step answers completed.
    async fn press(&mut self, user: u64, message: u64, custom_id: String, values: Option<Vec<String>>) -> anyhow::Result<()> {
        let (mut message, mut custom_id, mut values) = (message, custom_id, values);
        for _ in 0..64 {
            let mark = self.discord.next_id();
            match self.press_once(user, message, &custom_id, values.take()).await? {
                Pressed::Decided(at) => {
                    self.tally.decisions += 1;
                    self.tally.confirmed_at.push(at);
                    self.seen.insert(user, mark);
                    return Ok(());
                }
                Pressed::Silent => {
                    // Taken or not, what shows next tells (after a restart: /answer).
                    self.seen.insert(user, mark);
                    return Ok(());
                }
                Pressed::Refused(text) => {
                    self.tally.refusals.push((user, text));
                    self.dead.insert(message);
                    return Ok(());
                }
                Pressed::Menu(m) => {
                    self.tally.menus += 1;
                    message = m;
                }
                Pressed::Continue => {}
            }
            let Some(m) = self.discord.state().message(message).cloned() else { return Ok(()) };
            self.think().await;
            match self.choose(&m) {
                Some(Choice::Press(id, v)) => {
                    custom_id = id;
                    values = v;
                }
                _ => return Ok(()),
            }
        }
        bail!("an answer that never ends")
    }

    async fn press_once(&mut self, user: u64, message: u64, custom_id: &str, values: Option<Vec<String>>) -> anyhow::Result<Pressed> {
        let token = self.send(|d| d.click(user, message, custom_id, values.clone())).await?;
        let Some(i) = self.response(&token).await else { return Ok(Pressed::Silent) };
        match i.response_type {
            Some(4) => {
                let m = self.discord.state().message(i.original.unwrap_or(0)).cloned();
                match m {
                    Some(m) if !m.parts().is_empty() => Ok(Pressed::Menu(m.id)),
                    Some(m) => Ok(Pressed::Refused(m.content)),
                    None => Ok(Pressed::Refused(String::new())),
                }
            }
            Some(6) => {
                // Acknowledged: the clicked message is edited next.
                let edited = self
                    .discord
                    .wait_for(Some(&self.notify), self.opts.response_timeout, "the clicked message to change", |st| {
                        st.interaction(&token).and_then(|i| i.published_at_edit)
                    })
                    .await;
                let Ok(at) = edited else {
                    self.tally.unanswered += 1;
                    return Ok(Pressed::Silent);
                };
                let has_controls = self.discord.state().message(message).is_some_and(|m| !m.parts().is_empty());
                Ok(if has_controls { Pressed::Continue } else { Pressed::Decided(at) })
            }
            Some(7) => Ok(Pressed::Decided(i.published_at_response.unwrap_or(0))),
            other => bail!("a press answered with response type {other:?}"),
        }
    }
}

enum Choice {
    /// Press a button, or choose these values in a menu.
    Press(String, Option<Vec<String>>),
    /// Use the slash command of this action instead (the button's id to fall back on).
    Slash(String, String),
}

//! End to end: the real bot process (`innovation run`, serenity and poise as in
//! production) against a local stand-in for Discord's HTTP API and gateway
//! (`e2e/`), played by simulated people who press what the bot shows them.
//!
//! - a whole 3-player game with The Unseen, then checks: every decision stored
//!   and replayable, every player told what they needed, nothing hidden ever
//!   shown in the channel or the thread (no secret in a safe either), every
//!   request one Discord would accept;
//! - the bot killed twice in the middle of a game and started again: the game
//!   goes on and ends, no confirmed decision lost;
//! - the same button pressed twice at once: one effect;
//! - presses by people who are not in the game, or not asked: refused, nothing changes;
//! - a player whose direct messages are refused plays a whole game with Cities of Destiny through
//!   the thread (with the same checks of what the public saw);
//! - two people and a computer player (seated by `/innovation new`) play a whole game with Echoes
//!   of the Past and Figures in the Sand to the end (the forecast's cards never named in public,
//!   shown to their owner; Figures drawn into hands never named in public until they are seen;
//!   Decrees issued through the Decree button or `/decree`);
//! - a meld taken back by its Undo button and by `/undo`; an undo after a draw refused.

use e2e::bot::BotProcess;
use e2e::discord::{focused, opt, Audience, Config, Message, Publication, StandIn, State};
use e2e::players::{Options, Table};
use engine::view::Face;
use engine::{CardDb, CardId, Decision, Game, GameConfig};
use innovation_bot::ids::{ActionButton, Asked, ComponentId};
use innovation_bot::store::Store;
use serde_json::{json, Value};
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

fn summary(t: &e2e::players::Tally) -> String {
    format!(
        "{} decisions, {} interactions ({} unanswered), {} refusals, {} slash actions, {} autocompletes, {} menus, {} recoveries",
        t.decisions,
        t.interactions,
        t.unanswered,
        t.refusals.len(),
        t.slash_actions,
        t.autocompletes,
        t.menus,
        t.recoveries
    )
}

/// The bot, its database and its Discord.
struct World {
    discord: StandIn,
    dir: tempfile::TempDir,
    bot: Option<BotProcess>,
}

impl World {
    async fn start() -> World {
        let dir = tempfile::tempdir().unwrap();
        let discord = StandIn::start(Config::default()).await.unwrap();
        let mut w = World { discord, dir, bot: None };
        w.start_bot().await;
        w
    }

    fn db(&self) -> PathBuf {
        self.dir.path().join("bot.db")
    }

    async fn start_bot(&mut self) {
        let sessions = self.discord.state().sessions;
        let bot = BotProcess::start(
            &PathBuf::from(env!("CARGO_BIN_EXE_innovation")),
            &self.discord,
            &self.db(),
            &self.dir.path().join("bot.log"),
        )
        .unwrap();
        self.bot = Some(bot);
        let ready = async {
            self.discord.wait_session(sessions, Duration::from_secs(60)).await?;
            self.discord.wait_ready(Duration::from_secs(60)).await
        };
        if let Err(e) = ready.await {
            self.fail(e);
        }
    }

    /// Kills the bot at once (SIGKILL).
    async fn kill_bot(&mut self) {
        self.bot.take().expect("running").kill().await.unwrap();
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("bot.log")).unwrap_or_default()
    }

    fn fail(&self, e: anyhow::Error) -> ! {
        let log = self.log();
        let tail: Vec<&str> = log.lines().rev().take(40).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        panic!("{e:#}\n--- bot log ---\n{}", tail.join("\n"));
    }

    async fn store(&self) -> Store {
        Store::connect(&format!("sqlite://{}", self.db().display())).await.unwrap()
    }

    fn users(&self, names: &[&str]) -> Vec<u64> {
        names.iter().map(|n| self.discord.add_user(n)).collect()
    }

    /// The one game of these users: its id, configuration and decisions.
    async fn game(&self, user: u64) -> (i64, GameConfig, Vec<Decision>, bool) {
        let store = self.store().await;
        let games = store.games_of_user(user).await.unwrap();
        assert_eq!(games.len(), 1, "one game");
        let id = games[0].0;
        let row = store.game(id).await.unwrap();
        let decisions = store.decisions(id).await.unwrap();
        store.close().await;
        (id, row.config, decisions, row.over)
    }

    /// No request the real Discord would have refused, none it does not know, no late response.
    fn check_requests(&self) {
        let st = self.discord.state();
        assert!(st.unknown.is_empty(), "routes the stand-in does not know: {:?}", st.unknown);
        // Direct messages to someone who refuses them are refused by Discord (code 50007): expected.
        let refused: Vec<_> = st.rejections.iter().filter(|r| !r.reason.contains("50007")).collect();
        assert!(refused.is_empty(), "requests Discord would refuse: {refused:#?}");
        let late: Vec<_> = st.interactions.values().filter(|i| i.late).collect();
        assert!(late.is_empty(), "responses after Discord's 3 seconds: {late:#?}");
        for identify in &st.identifies {
            assert_eq!(identify["intents"].as_u64(), Some(1 | 4096), "only GUILDS and DIRECT_MESSAGES");
        }
    }
}

/// How long a whole game may take. The pace of a game here is set by Discord's rate limit on
/// posting in one channel (5 messages per 5 s): the bot posts about one message per decision in
/// the game's thread, so a game of 250 decisions takes over 4 minutes however fast the players
/// are. This bound only catches a game that no longer moves.
const WHOLE_GAME_SECS: u64 = 900;

async fn timed<T>(w: &World, what: &str, secs: u64, f: impl std::future::Future<Output = anyhow::Result<T>>) -> T {
    match tokio::time::timeout(Duration::from_secs(secs), f).await {
        Ok(Ok(t)) => t,
        Ok(Err(e)) => w.fail(e.context(what.to_string())),
        Err(_) => w.fail(anyhow::anyhow!("{what}: took over {secs} s")),
    }
}

// ---------- what the public may know ----------

/// Every card title, longest first (so "Code of Laws" is found before a shorter title inside it).
fn titles() -> Vec<(CardId, String)> {
    let mut v: Vec<(CardId, String)> = CardDb::get().cards.iter().map(|c| (c.id, c.title.clone())).collect();
    v.sort_by_key(|(_, t)| std::cmp::Reverse(t.len()));
    v
}

/// The cards a text names (whole words).
fn named(text: &str, titles: &[(CardId, String)]) -> Vec<CardId> {
    let mut out = Vec::new();
    let mut text = text.to_string();
    for (id, t) in titles {
        let mut found = false;
        let mut from = 0;
        while let Some(i) = text[from..].find(t.as_str()) {
            let (a, b) = (from + i, from + i + t.len());
            let before = text[..a].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
            let after = text[b..].chars().next().is_none_or(|c| !c.is_alphanumeric());
            if before && after {
                found = true;
                text.replace_range(a..b, &" ".repeat(t.len()));
            }
            from = b;
        }
        if found {
            out.push(*id);
        }
    }
    out
}

/// All the words a publication shows: its text, and its buttons' and menus' labels.
fn words(p: &Publication) -> String {
    let mut s = p.content.clone();
    for row in p.components.as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            for key in ["label", "placeholder"] {
                if let Some(t) = c[key].as_str() {
                    s.push('\n');
                    s.push_str(t);
                }
            }
            for o in c["options"].as_array().into_iter().flatten() {
                for key in ["label", "description"] {
                    if let Some(t) = o[key].as_str() {
                        s.push('\n');
                        s.push_str(t);
                    }
                }
            }
        }
    }
    s
}

/// Cards whose face a spectator sees in a view: boards, the Artifacts' display and Museums,
/// and any face up among the other zones (none should be: hands, score piles, forecasts, safes).
fn faces(g: &Game) -> HashSet<CardId> {
    let v = g.view(None);
    let mut out = HashSet::new();
    for p in &v.players {
        for pile in &p.piles {
            out.extend(pile.cards.iter().copied());
        }
        out.extend(p.display.iter().chain(p.museums.iter()).copied());
        for f in p.hand.iter().chain(p.score.iter()).chain(p.forecast.iter()).chain(p.safe.iter()) {
            if let Face::Front(c) = f {
                out.insert(*c);
            }
        }
    }
    out
}

/// The cards in the players' safes (The Unseen's secrets).
fn secrets(g: &Game) -> HashSet<CardId> {
    g.state().players.iter().flat_map(|p| p.safe.iter().copied()).collect()
}

/// The cards in the players' forecasts (Echoes of the Past: each seen by its owner only).
fn forecasts(g: &Game) -> HashSet<CardId> {
    g.state().players.iter().flat_map(|p| p.forecast.iter().copied()).collect()
}

/// The game after each number of decisions, 0 to all.
fn versions(config: &GameConfig, decisions: &[Decision]) -> Vec<Game> {
    let mut g = Game::new(config.clone()).unwrap();
    let mut out = vec![g.clone()];
    for d in decisions {
        g.apply(d.clone()).unwrap();
        out.push(g.clone());
    }
    out
}

/// Nothing published in the channel or the thread names or pictures a card the
/// public may not know at that moment: every card named must be face up on the
/// table just before or after, or have been named by the game's public account
/// of what happened (a revealed card). In particular no secret in a safe, and no
/// card in a forecast, is named unless the public saw it before it went there. Pictures: never a hand; the
/// table exactly as a spectator sees it (safes and forecasts as backs); a card only when its
/// face is public. Returns the publications, card names and table pictures
/// checked, and the secrets the public never saw.
fn check_no_leaks(st: &State, places: &[u64], games: &[Game], confirmed_at: &[usize], people: &[usize]) -> (usize, usize, usize, usize) {
    let titles = titles();
    // Public knowledge after each version.
    let mut told: HashSet<CardId> = HashSet::new();
    let mut known: Vec<HashSet<CardId>> = Vec::new();
    let mut events = 0;
    for (v, g) in games.iter().enumerate() {
        for e in g.events().skip(events) {
            told.extend(named(e.text_for(None), &titles));
        }
        events = g.event_count();
        let mut k = faces(g);
        if v > 0 {
            k.extend(faces(&games[v - 1]));
        }
        k.extend(told.iter().copied());
        known.push(k);
    }
    // Secrets the public never saw, at each version, and forecast cards likewise.
    let unseen_secrets: Vec<HashSet<CardId>> =
        games.iter().zip(&known).map(|(g, k)| secrets(g).into_iter().filter(|c| !k.contains(c)).collect()).collect();
    let unseen_forecast: Vec<HashSet<CardId>> =
        games.iter().zip(&known).map(|(g, k)| forecasts(g).into_iter().filter(|c| !k.contains(c)).collect()).collect();
    let (mut checked, mut names) = (0, 0);
    let mut table_pictures: Vec<(std::ops::RangeInclusive<usize>, Vec<u8>)> = Vec::new();
    for (i, p) in st.publications.iter().enumerate() {
        let Audience::Public(c) = p.audience else { continue };
        if !places.contains(&c) {
            continue;
        }
        // The people's answers confirmed before it: the game was then at a version from just after
        // the last of them to just before the next (the computer's moves in between).
        let c = confirmed_at.iter().filter(|m| **m <= i).count().min(people.len());
        let lo = if c == 0 { 0 } else { people[c - 1] + 1 };
        let hi = people.get(c).copied().unwrap_or(games.len() - 1).max(lo).min(games.len() - 1);
        let window = lo..=hi;
        let v = hi;
        let known_then = |card: &CardId| window.clone().any(|x| known[x].contains(card));
        checked += 1;
        for card in named(&words(p), &titles) {
            names += 1;
            if known_then(&card) {
                continue;
            }
            assert!(
                !unseen_secrets[v].contains(&card),
                "publication {i} (after {v} decisions) names {}, a secret in a safe:\n{}",
                engine::card(card).title,
                words(p)
            );
            assert!(
                !unseen_forecast[v].contains(&card),
                "publication {i} (after {v} decisions) names {}, a card in a forecast:\n{}",
                engine::card(card).title,
                words(p)
            );
            assert!(
                known_then(&card),
                "publication {i} (after {v} decisions) names {}, which the public may not know:\n{}",
                engine::card(card).title,
                words(p)
            );
        }
        for f in &p.files {
            assert_ne!(f.filename, "hand.png", "a hand picture in public (publication {i})");
            if let Some(n) = f.filename.strip_prefix("card-").and_then(|s| s.strip_suffix(".png")) {
                let id = CardId(n.parse().unwrap());
                assert!(
                    !unseen_forecast[v].contains(&id) || known_then(&id),
                    "a picture of {}, in a forecast, in public",
                    engine::card(id).title
                );
                assert!(known_then(&id), "a picture of {} in public", engine::card(id).title);
            }
            if f.filename == "table.png" {
                table_pictures.push((window.clone(), f.data.as_ref().expect("kept").to_vec()));
            }
        }
    }
    // The table as posted is the spectator's view, drawn again here from the replayed game.
    for (window, png) in &table_pictures {
        let drawn = window.clone().any(|v| &render::table_png(&games[v].view(None)).unwrap() == png);
        assert!(drawn, "a table picture after {window:?} decisions is not the spectator's view of that moment");
    }
    let secrets_never_seen: HashSet<CardId> = unseen_secrets.iter().flatten().copied().collect();
    (checked, names, table_pictures.len(), secrets_never_seen.len())
}

/// Each player: the first meld's cards and their hand by direct message, the end of the game.
fn check_everyone_told(st: &State, users: &[u64], thread: u64) {
    for &u in users {
        let dms: Vec<&Publication> = st.publications.iter().filter(|p| p.audience == Audience::Dm(u) && !p.edit).collect();
        assert!(
            dms.iter().any(|p| p.content.contains("choose the card you meld first")
                && p.files.iter().filter(|f| f.filename.starts_with("card-")).count() == 2),
            "{}: no direct message with the two cards of the first meld",
            st.name(u)
        );
        assert!(dms.iter().any(|p| p.files.iter().any(|f| f.filename == "hand.png")), "{}: never sent their hand", st.name(u));
        let told_end = st.publications.iter().any(|p| {
            p.content.contains("Game over")
                && match p.audience {
                    Audience::Public(c) => c == thread && p.content.contains(&format!("<@{u}>")),
                    Audience::Dm(x) => x == u,
                    Audience::Ephemeral(_) => false,
                }
        });
        assert!(told_end, "{} was not told the game is over (no mention in the thread, no direct message)", st.name(u));
    }
}

/// Three people play a whole game with The Unseen and Artifacts of History, chosen by
/// `/innovation new expansions:`: secrets are safeguarded, Artifacts are dug up, showcased and put
/// in Museums, and no public message or picture shows a hidden card.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_three_player_game_to_the_end() {
    let w = World::start().await;
    let channel = w.discord.add_channel("games");
    let users = w.users(&["ann", "bo", "cy"]);
    let opts = Options { seed: 7, expansions: Some("unseen, artifacts".into()), ..Options::default() };
    let mut table = Table::new(&w.discord, channel, users.clone(), opts);
    let thread = timed(&w, "opening the game", 60, table.open()).await;
    timed(&w, "playing the game", WHOLE_GAME_SECS, table.play()).await;
    let t = table.tally.clone();
    println!("{}", summary(&t));
    assert_eq!(t.unanswered, 0, "every interaction answered");
    assert!(t.refusals.is_empty(), "nothing offered was refused: {:?}", t.refusals);
    assert!(t.slash_actions > 0 && t.autocompletes > 0 && t.menus > 0, "buttons, menus, slash commands and autocomplete all used");

    let (_, config, decisions, over) = w.game(users[0]).await;
    assert!(over, "the game is stored as over");
    assert_eq!(
        config.expansions.iter().copied().collect::<Vec<_>>(),
        vec![engine::Set::Artifacts, engine::Set::Unseen],
        "played with The Unseen and Artifacts of History"
    );
    assert_eq!(decisions.len(), t.decisions, "every confirmed answer stored, nothing else");
    let games = versions(&config, &decisions);
    assert!(games.last().unwrap().is_over());

    w.check_requests();
    let st = w.discord.state();
    check_everyone_told(&st, &users, thread);
    let sets_said =
        |place: u64, words: &str| st.publications.iter().any(|p| p.audience == Audience::Public(place) && p.content.contains(words));
    assert!(sets_said(channel, "Sets: the base game, Artifacts of History and The Unseen."), "the lobby says which sets are in play");
    assert!(sets_said(thread, "Played with the base game, Artifacts of History and The Unseen"), "the thread says which sets are in play");
    let people: Vec<usize> = (0..decisions.len()).collect();
    let (checked, names, tables, never_shown) = check_no_leaks(&st, &[channel, thread], &games, &t.confirmed_at, &people);
    println!("leak check: {checked} public messages, {names} card names, {tables} table pictures, {never_shown} secrets never shown");
    assert!(checked > decisions.len() / 2 && names > 50 && tables > 20, "the check saw the game");
    let safeguarded = games.iter().any(|g| !secrets(g).is_empty());
    assert!(safeguarded, "someone safeguarded a card: the check saw the safes");
    let shown = |g: &Game| g.state().players.iter().any(|p| p.display.is_some() || !p.museums.is_empty());
    assert!(games.iter().any(shown), "someone dug up an Artifact: the check saw the displays and Museums");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_killed_mid_game_loses_nothing() {
    let mut w = World::start().await;
    let channel = w.discord.add_channel("games");
    let users = w.users(&["ann", "bo", "cy"]);
    let opts =
        Options { seed: 11, response_timeout: Duration::from_secs(5), recover_after: Some(Duration::from_secs(3)), ..Options::default() };
    let mut table = Table::new(&w.discord, channel, users.clone(), opts);
    timed(&w, "opening the game", 60, table.open()).await;
    // Three kills: just as a press reaches the bot; just after the bot answered a press (its
    // outcome still being delivered); and while nothing happens.
    for (round, at) in [20, 45, 80].into_iter().enumerate() {
        timed(&w, "playing", WHOLE_GAME_SECS, table.play_until(|t| t.tally.decisions >= at)).await;
        let confirmed = table.tally.decisions;
        let pressing = if round < 2 {
            let mark = w.discord.next_id();
            let mut t = table;
            let h = tokio::spawn(async move {
                let r = t.step().await;
                (t, r)
            });
            let what = if round == 0 { "a press sent to the bot" } else { "a press answered by the bot" };
            let moment = w.discord.wait_for(None, Duration::from_secs(30), what, |st| {
                st.interactions
                    .values()
                    .any(|i| i.id > mark && if round == 0 { i.sent.is_some() } else { i.responded.is_some() })
                    .then_some(())
            });
            timed(&w, what, 40, moment).await;
            Err(h)
        } else {
            Ok(table)
        };
        w.kill_bot().await;
        let (_, _, stored, _) = w.game(users[0]).await;
        assert!(stored.len() >= confirmed, "kill {round}: {confirmed} answers were confirmed, {} stored", stored.len());
        w.start_bot().await;
        table = match pressing {
            Ok(t) => t,
            Err(h) => {
                let (t, r) = h.await.unwrap();
                r.unwrap();
                t
            }
        };
    }
    timed(&w, "finishing after the restarts", WHOLE_GAME_SECS, table.play()).await;
    let t = table.tally.clone();
    println!("{}", summary(&t));
    let (_, config, decisions, over) = w.game(users[0]).await;
    assert!(over);
    assert!(
        decisions.len() >= t.decisions && decisions.len() <= t.decisions + t.unanswered,
        "{} stored; {} confirmed, {} unanswered",
        decisions.len(),
        t.decisions,
        t.unanswered
    );
    assert!(versions(&config, &decisions).last().unwrap().is_over());
    assert_eq!(w.discord.state().sessions, 4, "four gateway sessions: the bot came back three times");
    w.check_requests();
}

/// The first control offered to `user` now (a message id and its components).
fn offered(st: &State, user: u64, thread: u64) -> Option<(u64, Vec<Value>)> {
    st.active()
        .filter(|m| !m.parts().iter().all(|p| p["label"] == "Undo"))
        .filter(|m| match m.audience {
            Audience::Dm(u) => u == user,
            Audience::Public(c) => c == thread && m.content.contains(&format!("<@{user}>")),
            Audience::Ephemeral(_) => false,
        })
        .last()
        .map(|m| (m.id, m.parts().into_iter().cloned().collect()))
}

fn refusal_text(st: &State, token: &str) -> Option<String> {
    let i = st.interaction(token)?;
    if i.response_type != Some(4) {
        return None;
    }
    st.message(i.original?).filter(|m| m.is_ephemeral()).map(|m| m.content.clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_press_twice_at_once_counts_once() {
    let w = World::start().await;
    let channel = w.discord.add_channel("games");
    let users = w.users(&["ann", "bo", "cy"]);
    let mut table = Table::new(&w.discord, channel, users.clone(), Options::default());
    let thread = timed(&w, "opening the game", 60, table.open()).await;
    let n = table.notify();
    let d = &w.discord;

    // The first meld, by direct message: ann presses her first card twice at once.
    let (msg, parts) =
        timed(&w, "ann's first meld", 30, d.wait_for(Some(n), Duration::from_secs(30), "ann's cards", |st| offered(st, users[0], thread)))
            .await;
    let id = parts[0]["custom_id"].as_str().unwrap().to_string();
    let a = d.click(users[0], msg, &id, None).unwrap();
    let b = d.click(users[0], msg, &id, None).unwrap();
    let ra = timed(&w, "first press", 30, d.response(Some(n), &a, Duration::from_secs(30))).await;
    let rb = timed(&w, "second press", 30, d.response(Some(n), &b, Duration::from_secs(30))).await;
    let refused: Vec<String> = [&a, &b].iter().filter_map(|t| refusal_text(&d.state(), t)).collect();
    assert_eq!(refused.len(), 1, "one press taken, one refused: {ra:?} {rb:?}");
    assert!(refused[0].contains("already answered"), "{refused:?}");
    let (_, _, decisions, _) = w.game(users[0]).await;
    assert_eq!(decisions.len(), 1, "one decision stored");

    // The others meld; then the first player's turn: Draw pressed twice at once.
    for &u in &users[1..] {
        let (msg, parts) =
            timed(&w, "first meld", 30, d.wait_for(Some(n), Duration::from_secs(30), "cards", |st| offered(st, u, thread))).await;
        let t = d.click(u, msg, parts[0]["custom_id"].as_str().unwrap(), None).unwrap();
        timed(&w, "first meld", 30, d.response(Some(n), &t, Duration::from_secs(30))).await;
    }
    let (who, msg, draw) = timed(
        &w,
        "the first turn",
        30,
        d.wait_for(Some(n), Duration::from_secs(30), "the Draw button", |st| {
            users.iter().find_map(|&u| {
                let (m, parts) = offered(st, u, thread)?;
                let draw = parts.iter().find(|p| p["label"] == "Draw")?;
                Some((u, m, draw["custom_id"].as_str()?.to_string()))
            })
        }),
    )
    .await;
    let before = w.game(users[0]).await.2.len();
    let a = d.click(who, msg, &draw, None).unwrap();
    let b = d.click(who, msg, &draw, None).unwrap();
    timed(&w, "first Draw", 30, d.response(Some(n), &a, Duration::from_secs(30))).await;
    timed(&w, "second Draw", 30, d.response(Some(n), &b, Duration::from_secs(30))).await;
    let refused: Vec<String> = [&a, &b].iter().filter_map(|t| refusal_text(&d.state(), t)).collect();
    assert_eq!(refused.len(), 1, "one Draw taken, one refused");
    let after = w.game(users[0]).await.2.len();
    assert_eq!(after, before + 1, "one card drawn");
    w.check_requests();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn presses_by_others_are_refused() {
    let w = World::start().await;
    let channel = w.discord.add_channel("games");
    let users = w.users(&["ann", "bo", "cy"]);
    let stranger = w.discord.add_user("zed");
    let mut table = Table::new(&w.discord, channel, users.clone(), Options::default());
    let d = &w.discord;
    let thread = timed(&w, "opening the game", 60, table.open()).await;
    timed(&w, "the first meld", 60, table.play_until(|t| t.tally.decisions >= 3)).await;
    let n = table.notify();
    let (asked, msg, parts) = timed(
        &w,
        "the first turn",
        30,
        d.wait_for(Some(n), Duration::from_secs(30), "the action buttons", |st| {
            users.iter().find_map(|&u| offered(st, u, thread).map(|(m, p)| (u, m, p)))
        }),
    )
    .await;
    let before = w.game(users[0]).await.2.len();
    let other = *users.iter().find(|u| **u != asked).unwrap();
    let asked_name = d.state().name(asked);

    let mut tries: Vec<(String, String, &str)> = Vec::new(); // (token, who, expected words)
    for (who, label) in [(stranger, "stranger"), (other, "other player")] {
        for id in parts.iter().filter_map(|p| p["custom_id"].as_str()) {
            let t = d.click(who, msg, id, None).unwrap();
            tries.push((
                t,
                format!("{label} pressing {id}"),
                if who == stranger { "not playing in this game" } else { "this question is for" },
            ));
        }
        let t = d.slash(who, thread, "draw", json!([])).unwrap();
        tries.push((t, format!("{label} using /draw"), if who == stranger { "not playing in this game" } else { "Nobody is asking you" }));
    }
    let t = d.slash(stranger, thread, "hand", json!([])).unwrap();
    tries.push((t, "stranger using /hand".into(), "not playing in this game"));
    for (t, what, expected) in &tries {
        timed(&w, what, 30, d.response(Some(n), t, Duration::from_secs(30))).await;
        let text = refusal_text(&d.state(), t).unwrap_or_else(|| panic!("{what}: not refused privately"));
        assert!(text.contains(expected), "{what}: {text:?} (expected {expected:?})");
        if expected.contains("question is for") {
            assert!(text.contains(&asked_name), "{what}: says whose question it is: {text}");
        }
    }
    assert_eq!(w.game(users[0]).await.2.len(), before, "nothing changed");
    w.check_requests();
}

/// A player whose privacy settings refuse direct messages still plays the whole game: the
/// bot says so in the thread, and they see their questions with `/answer` and their hand with `/hand`.
///
/// The game is played by two, with Cities of Destiny (chosen by `/innovation new expansions:`; a
/// game of its own would add minutes to this suite, whose pace is Discord's rate limit on posting
/// in the thread, and three players with Cities add two): cities reach the boards and hands, an Endorse chosen (its button or `/endorse`) is
/// stored and said, and no public message or picture shows a hidden card (cities in hand, the
/// cards a search reveals then takes, and what a player without direct messages is asked).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_without_direct_messages_plays_through_the_thread() {
    let started = std::time::Instant::now();
    let w = World::start().await;
    let channel = w.discord.add_channel("games");
    let users = w.users(&["ann", "bo"]);
    w.discord.close_dms(users[1]);
    let opts = Options { seed: 5, expansions: Some("cities".into()), ..Options::default() };
    let mut table = Table::new(&w.discord, channel, users.clone(), opts);
    let thread = timed(&w, "opening the game", 60, table.open()).await;
    timed(&w, "playing the game", WHOLE_GAME_SECS, table.play()).await;
    let t = table.tally.clone();
    println!("{}; {} notices, {} /answer and /hand; actions chosen: {:?}", summary(&t), t.dm_notices, t.thread_commands, t.actions);
    assert!(t.refusals.is_empty(), "{:?}", t.refusals);
    let (_, config, decisions, over) = w.game(users[0]).await;
    assert!(over && decisions.len() == t.decisions);
    check_cities_game(&w, &config, &decisions, &t, channel, thread);
    let st = w.discord.state();
    assert!(!st.publications.iter().any(|p| p.audience == Audience::Dm(users[1])), "bo got no direct message");
    let notices: Vec<&Publication> = st
        .publications
        .iter()
        .filter(|p| p.audience == Audience::Public(thread) && p.content.contains(e2e::players::DM_REFUSED) && !p.edit)
        .collect();
    assert_eq!(notices.len(), 1, "bo is told once that direct messages do not reach him");
    assert!(notices[0].content.contains(&format!("<@{}>", users[1])));
    // How often bo is asked privately depends on the game's path (the players' timing varies), so the
    // count is checked against the questions the thread pointed to /answer: /hand once, and /answer
    // for each of them (one may be answered by the /answer that follows the notice, and the game may end
    // before the last pointer is read when bo had already answered from an earlier /answer's reply).
    let bo = format!("<@{}>:", users[1]);
    let pointed = st
        .publications
        .iter()
        .filter(|p| p.audience == Audience::Public(thread) && !p.edit)
        .flat_map(|p| p.content.lines())
        .filter(|line| line.trim_start().starts_with(&bo) && line.contains("(or use /answer here)"))
        .count();
    println!("bo was pointed to /answer {pointed} times");
    assert!(
        t.thread_commands >= pointed.max(2),
        "bo used /hand and /answer for each of his {pointed} private questions ({} commands)",
        t.thread_commands
    );
    drop(st);
    w.check_requests();
    println!("the game with Cities took {:.0} s", started.elapsed().as_secs_f64());
}

/// A whole game with Cities of Destiny, as stored and published: played with Cities (said in the
/// lobby and the thread), cities on the boards and in hands, every Endorse chosen stored and
/// said, and nothing hidden shown in public.
fn check_cities_game(w: &World, config: &GameConfig, decisions: &[Decision], t: &e2e::players::Tally, channel: u64, thread: u64) {
    use engine::{Action, Choice, Set};
    assert_eq!(config.expansions.iter().copied().collect::<Vec<_>>(), vec![Set::Cities], "played with Cities of Destiny");
    let games = versions(config, decisions);
    assert!(games.last().unwrap().is_over());
    let cities_in = |g: &Game, board: bool| {
        g.state().players.iter().any(|p| {
            let mut cards: Box<dyn Iterator<Item = &CardId>> =
                if board { Box::new(p.piles.iter().flat_map(|pile| pile.cards.iter())) } else { Box::new(p.hand.iter()) };
            cards.any(|c| engine::card(*c).is_city())
        })
    };
    assert!(games.iter().any(|g| cities_in(g, true)), "cities reached the boards");
    assert!(games.iter().any(|g| cities_in(g, false)), "someone held a city: the leak check saw cities in hand");
    let endorsed = decisions.iter().filter(|d| matches!(d.answer.as_slice(), [Choice::Action(Action::Endorse(_))])).count();
    println!("{endorsed} Dogma actions endorsed");
    assert!(t.actions.get("Endorse").is_none_or(|n| *n == 0) || endorsed > 0, "an Endorse chosen is stored");
    let st = w.discord.state();
    let said = |place: u64, words: &str| st.publications.iter().any(|p| p.audience == Audience::Public(place) && p.content.contains(words));
    assert!(said(channel, "Sets: the base game and Cities of Destiny."), "the lobby says which sets are in play");
    assert!(said(thread, "Played with the base game and Cities of Destiny"), "the thread says which sets are in play");
    if endorsed > 0 {
        assert!(said(thread, "endorses the Dogma action on"), "the thread says the Dogma was endorsed");
    }
    let people: Vec<usize> = (0..decisions.len()).collect();
    let (checked, names, tables, _) = check_no_leaks(&st, &[channel, thread], &games, &t.confirmed_at, &people);
    println!("leak check: {checked} public messages, {names} card names, {tables} table pictures");
    assert!(checked > decisions.len() / 2 && names > 50 && tables > 20, "the check saw the game");
}

/// Two people and a computer player seated by `/innovation new computers:1`: the computer
/// answers by itself (after the bot's short pause), gets no direct message, and the game ends;
/// then **Rematch** opens a new lobby for the same table.
///
/// The game is played with Echoes of the Past and Figures in the Sand (chosen by `/innovation new
/// expansions:`, in place of games of their own, which would add minutes to this suite): Echoes
/// cards reach the boards, forecasts hold cards (their owners read them in their direct messages),
/// promotions are said in the thread, and no public message or picture shows a card in a forecast;
/// Figures are drawn and reach the boards, a Decree chosen with the Decree button or `/decree` is
/// stored and said, and no public message names a Figure in a hand (or a card of the Age 0 deck).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_a_computer_play_to_the_end() {
    let started = std::time::Instant::now();
    let w = World::start().await;
    let channel = w.discord.add_channel("games");
    let users = w.users(&["ann", "bo"]);
    let opts = Options { seed: 9, computers: 1, expansions: Some("echoes, figures".into()), ..Options::default() };
    let mut table = Table::new(&w.discord, channel, users.clone(), opts);
    let thread = timed(&w, "opening the game", 60, table.open()).await;
    timed(&w, "playing the game", WHOLE_GAME_SECS, table.play()).await;
    let t = table.tally.clone();
    println!("{}", summary(&t));
    assert_eq!(t.unanswered, 0);
    assert!(t.refusals.is_empty(), "{:?}", t.refusals);

    let (_, config, decisions, over) = w.game(users[0]).await;
    assert!(over, "the game is stored as over");
    assert_eq!(config.players.len(), 3);
    assert_eq!(config.players[1], "Computer 1", "seated by /innovation new, before bo joined");
    let by_computer = decisions.iter().filter(|d| d.player == 1).count();
    assert!(by_computer > 10, "the computer played ({by_computer} decisions)");
    assert_eq!(decisions.len(), t.decisions + by_computer, "every answer stored: the people's and the computer's");
    let games = versions(&config, &decisions);
    assert!(games.last().unwrap().is_over());
    check_echoes_game(&w, &config, &decisions, &games, &t, &users, channel, thread);
    check_figures_game(&w, &decisions, &games, &t, thread);

    w.check_requests();
    // Rematch: the button under the game-over message.
    let (over_id, rematch) = {
        let st = w.discord.state();
        check_everyone_told(&st, &users, thread);
        assert!(!st.publications.iter().any(|p| matches!(p.audience, Audience::Dm(u) if u <= 5)), "no direct message to a computer");
        let lobby = st.messages_in(channel).next().expect("the lobby");
        assert!(lobby.content.contains("Computer 1 (computer, basic)"), "{}", lobby.content);
        assert!(
            st.messages_in(thread).any(|m| m.content.contains("**Computer 1** (computer) takes its turn")),
            "the thread says when it is the computer's turn"
        );
        let over = st.messages_in(thread).filter(|m| m.content.contains("**Game over.**")).last().expect("the game-over message");
        let ids: Vec<String> = over.parts().iter().filter_map(|p| p["custom_id"].as_str().map(str::to_string)).collect();
        (over.id, ids.into_iter().find(|id| id.starts_with("rm:")).expect("a Rematch button under the game-over message"))
    };

    // Bo presses it: the new lobby, with the computer seated again, appears in the channel,
    // and ann is told in the thread.
    let t = w.discord.click(users[1], over_id, &rematch, None).unwrap();
    timed(&w, "the rematch", 30, w.discord.response(None, &t, Duration::from_secs(30))).await;
    {
        let st = w.discord.state();
        let lobbies: Vec<&Message> = st.messages_in(channel).collect();
        assert_eq!(lobbies.len(), 2, "the rematch's lobby is posted in the channel");
        let new = lobbies[1];
        assert!(new.content.contains("a rematch of game #") && new.content.contains("Computer 1 (computer, basic)"), "{}", new.content);
        assert!(new.parts().iter().any(|p| p["custom_id"].as_str().is_some_and(|id| id.starts_with("lj:"))), "with its Join button");
        assert!(
            st.messages_in(thread).any(|m| m.content.contains("opened a rematch") && m.content.contains(&format!("<@{}>", users[0]))),
            "ann is told in the thread"
        );
    }
    // Pressed again, the button points to the open lobby instead of opening another.
    let t = w.discord.click(users[0], over_id, &rematch, None).unwrap();
    timed(&w, "the second press", 30, w.discord.response(None, &t, Duration::from_secs(30))).await;
    let text = refusal_text(&w.discord.state(), &t).expect("answered privately");
    assert!(text.contains("already open"), "{text}");
    assert_eq!(w.discord.state().messages_in(channel).count(), 2);
    w.check_requests();
    println!("the game with Echoes and Figures took {:.0} s", started.elapsed().as_secs_f64());
}

/// A whole game with Echoes of the Past, as stored and published: played with Echoes (said in the
/// lobby and the thread), Echoes cards on the boards, cards in forecasts (each person who foresaw
/// one read its name in a direct message), every promotion said in the thread, and nothing hidden
/// shown in public (no card in a forecast named or pictured unless the public saw it before).
#[allow(clippy::too_many_arguments)]
fn check_echoes_game(
    w: &World,
    config: &GameConfig,
    decisions: &[Decision],
    games: &[Game],
    t: &e2e::players::Tally,
    users: &[u64],
    channel: u64,
    thread: u64,
) {
    use engine::Set;
    assert_eq!(
        config.expansions.iter().copied().collect::<Vec<_>>(),
        vec![Set::Echoes, Set::Figures],
        "played with Echoes of the Past and Figures in the Sand"
    );
    let echoes_on_boards = games.iter().any(|g| {
        g.state().players.iter().any(|p| p.piles.iter().flat_map(|pile| &pile.cards).any(|c| engine::card(*c).set == Set::Echoes))
    });
    assert!(echoes_on_boards, "Echoes cards reached the boards");
    assert!(games.iter().any(|g| !forecasts(g).is_empty()), "someone foreshadowed: the leak check saw forecasts");
    let st = w.discord.state();
    let said = |place: u64, words: &str| st.publications.iter().any(|p| p.audience == Audience::Public(place) && p.content.contains(words));
    assert!(said(channel, "Sets: the base game, Echoes of the Past and Figures in the Sand."), "the lobby says which sets are in play");
    assert!(
        said(thread, "Played with the base game, Echoes of the Past and Figures in the Sand"),
        "the thread says which sets are in play"
    );
    let promoted = games.last().unwrap().events().filter(|e| e.text_for(None).contains("from their forecast")).count();
    println!("{promoted} promotions");
    if promoted > 0 {
        assert!(said(thread, "from their forecast"), "the thread says the promotions");
    }
    // A person who held a card in their forecast read it by name in a direct message.
    for (seat, u) in [(0usize, users[0]), (2, users[1])] {
        let foreseen: HashSet<CardId> = games.iter().flat_map(|g| g.state().players[seat].forecast.iter().copied()).collect();
        if foreseen.is_empty() {
            continue;
        }
        let read = st.publications.iter().any(|p| {
            p.audience == Audience::Dm(u)
                && p.content.contains("**Your forecast**: ")
                && foreseen.iter().any(|c| p.content.contains(&engine::card(*c).title))
        });
        assert!(read, "{}: never read their forecast by name", st.name(u));
    }
    // The people's decisions among all (the computer sits in seat 1).
    let people: Vec<usize> = decisions.iter().enumerate().filter(|(_, d)| d.player != 1).map(|(k, _)| k).collect();
    assert_eq!(people.len(), t.decisions);
    let (checked, names, tables, _) = check_no_leaks(&st, &[channel, thread], games, &t.confirmed_at, &people);
    println!("leak check: {checked} public messages, {names} card names, {tables} table pictures");
    assert!(checked > t.decisions / 2 && names > 50 && tables > 20, "the check saw the game");
}

/// The Figures of a game as stored and published: Figures drawn into hands (the leak check saw
/// them there, hidden) and melded onto boards; every Decree chosen by a person (the Decree button
/// or `/decree`) stored and said in the thread; the karmas that acted; the Age 0 deck, if a card
/// introduced it, never named in public (the leak check's rule: no card named before it is seen).
fn check_figures_game(w: &World, decisions: &[Decision], games: &[Game], t: &e2e::players::Tally, thread: u64) {
    use engine::prompt::{Action, Choice};
    let figure = |c: &CardId| engine::card(*c).is_figure();
    let in_hands: HashSet<CardId> =
        games.iter().flat_map(|g| g.state().players.iter().flat_map(|p| p.hand.clone())).filter(figure).collect();
    let on_boards: HashSet<CardId> = games
        .iter()
        .flat_map(|g| g.state().players.iter().flat_map(|p| p.piles.iter().flat_map(|pile| pile.cards.clone())))
        .filter(figure)
        .collect();
    let last = games.last().unwrap();
    let events: Vec<String> = last.events().map(|e| e.text_for(None).to_string()).collect();
    let decrees = decisions.iter().filter(|d| matches!(d.answer.as_slice(), [Choice::Action(Action::Decree(_))])).count();
    let by_people =
        decisions.iter().filter(|d| d.player != 1 && matches!(d.answer.as_slice(), [Choice::Action(Action::Decree(_))])).count();
    let karmas = events.iter().filter(|e| e.contains("'s karma (")).count();
    let age_zero = games.iter().position(|g| g.state().age_zero);
    println!(
        "Figures: {} drawn into hands, {} on boards; {decrees} Decrees issued ({by_people} by people, Decree pressed {} times); \
         {karmas} karmas acted; Age 0 deck {}",
        in_hands.len(),
        on_boards.len(),
        t.actions.get("Decree").copied().unwrap_or(0),
        age_zero.map_or("never introduced".to_string(), |v| format!("introduced after {v} decisions"))
    );
    assert!(!in_hands.is_empty(), "Figures were drawn: the leak check saw Figures in hands");
    assert!(!on_boards.is_empty(), "a Figure reached a board");
    assert!(t.actions.get("Decree").is_none_or(|n| *n == 0) || by_people > 0, "a Decree chosen by a person is stored");
    let st = w.discord.state();
    // /decree is registered with the autocomplete the people use when they type it.
    let decree = st.commands.iter().find(|c| c["name"] == "decree").expect("/decree is registered");
    assert_eq!(decree["options"][0]["name"], "decree");
    assert_eq!(decree["options"][0]["autocomplete"], true);
    let said = |words: &str| st.publications.iter().any(|p| p.audience == Audience::Public(thread) && p.content.contains(words));
    for d in decisions {
        if let [Choice::Action(Action::Decree(c))] = d.answer.as_slice() {
            let name = &CardDb::get().decree(*c).name;
            assert!(said(&format!("the {name} Decree")), "the thread says the {name} Decree was issued");
        }
    }
    if let Some(v) = age_zero {
        // Every card of the Age 0 deck is hidden while there; the leak check refused any named too soon.
        assert!(games[v].view(None).age_zero_deck.is_some(), "the table shows the Age 0 deck once introduced");
    }
}

/// A game's decisions in force and taken back, as stored.
async fn stored(w: &World, user: u64) -> (usize, usize) {
    let store = w.store().await;
    let id = store.games_of_user(user).await.unwrap()[0].0;
    let log = store.log(id).await.unwrap();
    store.close().await;
    (log.decisions.len(), log.undone.len())
}

/// Undo end to end: the player to move melds with the Meld button and its menu, takes it back
/// with the Undo button under the confirmation; melds with `/meld`, takes it back with `/undo`;
/// then draws, and `/undo` is refused. The log keeps both melds, marked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_meld_is_taken_back_by_button_and_by_command() {
    let w = World::start().await;
    let channel = w.discord.add_channel("games");
    let users = w.users(&["ann", "bo", "cy"]);
    let mut table = Table::new(&w.discord, channel, users.clone(), Options::default());
    let d = &w.discord;
    let thread = timed(&w, "opening the game", 60, table.open()).await;
    timed(&w, "the first meld", 60, table.play_until(|t| t.tally.decisions >= 3)).await;
    // Play on until the game waits on someone's action (its question as stored), then find its Meld button.
    let mut wait = None;
    for _ in 0..60 {
        let store = w.store().await;
        let id = store.games_of_user(users[0]).await.unwrap()[0].0;
        let row = store.game_waits(id).await.unwrap().into_iter().next().map(|r| (id, r));
        store.close().await;
        match row {
            Some((id, r)) if r.asked.starts_with("your move") => {
                wait = Some((id, r));
                break;
            }
            _ => timed(&w, "a step", 60, table.step()).await,
        }
    }
    let (game, r) = wait.expect("the game came to someone's action");
    let n = table.notify();
    let who = r.user;
    let meld = ComponentId::Action { game, stamp: Asked::new(r.seat, r.stamp), action: ActionButton::Meld }.to_string();
    let msg = timed(
        &w,
        "the Meld button",
        30,
        d.wait_for(Some(n), Duration::from_secs(30), "the Meld button", |st| {
            st.active().find(|m| m.parts().iter().any(|p| p["custom_id"] == meld.as_str())).map(|m| m.id)
        }),
    )
    .await;
    let (base, none) = stored(&w, users[0]).await;
    assert_eq!(none, 0);

    // By button: Meld, a card from the menu, then Undo on the confirmation.
    let t = d.click(who, msg, &meld, None).unwrap();
    let menu = timed(&w, "the Meld menu", 30, d.response(Some(n), &t, Duration::from_secs(30))).await.original.unwrap();
    let m = d.state().message(menu).unwrap().clone();
    let select = m.parts().first().map(|p| (*p).clone()).unwrap_or_else(|| panic!("no menu: {:?}", m.content));
    let value = select["options"][0]["value"].as_str().unwrap().to_string();
    let t = d.click(who, menu, select["custom_id"].as_str().unwrap(), Some(vec![value])).unwrap();
    timed(&w, "the meld", 30, d.response(Some(n), &t, Duration::from_secs(30))).await;
    // A confirmation only the player sees, with the Undo button.
    let (confirm, undo) = timed(
        &w,
        "the Undo button",
        30,
        d.wait_for(Some(n), Duration::from_secs(30), "the Undo button", |st| {
            st.active().filter(|m| m.id > menu && m.audience == Audience::Ephemeral(who)).find_map(|m| {
                let undo = m.parts().into_iter().find(|p| p["label"] == "Undo")?;
                Some((m.id, undo["custom_id"].as_str()?.to_string()))
            })
        }),
    )
    .await;
    assert_eq!(stored(&w, users[0]).await, (base + 1, 0));
    let t = d.click(who, confirm, &undo, None).unwrap();
    timed(&w, "the undo", 30, d.response(Some(n), &t, Duration::from_secs(30))).await;
    assert_eq!(stored(&w, users[0]).await, (base, 1), "the meld taken back, and kept in the log marked");
    timed(
        &w,
        "the thread told",
        30,
        d.wait_for(Some(n), Duration::from_secs(30), "the undo in the thread", |st| {
            st.messages_in(thread).any(|m| m.content.contains("took back their last move")).then_some(())
        }),
    )
    .await;

    // By command: /meld with the card autocomplete offers, then /undo.
    let t = d.autocomplete(who, thread, "meld", json!([focused("card", 3, "")])).unwrap();
    let i = timed(&w, "autocomplete", 30, d.response(Some(n), &t, Duration::from_secs(30))).await;
    let card = i.response.unwrap()["choices"][0]["value"].clone();
    let t = d.slash(who, thread, "meld", json!([opt("card", 3, card)])).unwrap();
    let i = timed(&w, "/meld", 30, d.response(Some(n), &t, Duration::from_secs(30))).await;
    let reply = d.state().message(i.original.unwrap()).unwrap().clone();
    assert!(reply.content.starts_with("You chose") && reply.parts().iter().any(|p| p["label"] == "Undo"), "{reply:?}");
    let t = d.slash(who, thread, "undo", json!([])).unwrap();
    let i = timed(&w, "/undo", 30, d.response(Some(n), &t, Duration::from_secs(30))).await;
    let text = d.state().message(i.original.unwrap()).unwrap().content.clone();
    assert!(text.starts_with("You took back: Meld"), "{text}");
    assert_eq!(stored(&w, users[0]).await, (base, 2));

    // A draw cannot be taken back.
    let t = d.slash(who, thread, "draw", json!([])).unwrap();
    timed(&w, "/draw", 30, d.response(Some(n), &t, Duration::from_secs(30))).await;
    let t = d.slash(who, thread, "undo", json!([])).unwrap();
    timed(&w, "/undo after a draw", 30, d.response(Some(n), &t, Duration::from_secs(30))).await;
    let text = refusal_text(&d.state(), &t).expect("refused privately");
    assert_eq!(text, "You cannot take that back: a card was drawn since.");
    assert_eq!(stored(&w, users[0]).await, (base + 1, 2));
    w.check_requests();
}

//! Keeping games moving: whom each game waits on (stored with every
//! decision), reminders and the time limit's vote (found from those stored
//! rows and the clock, see [`crate::remind`]), players' own settings (time
//! zone, quiet hours, away), a game's settings, and cancelling.

use super::*;
use crate::claims::Work;
use crate::remind::{discord_time, duration_words, is_off, parse_duration, Prefs, WaitRow};
use crate::remind::{EXTENSION_MINUTES, MAX_LIMIT_MINUTES, MAX_REMINDER_MINUTES, MIN_LIMIT_MINUTES, MIN_REMINDER_MINUTES};
use tracing::warn;

/// The longest one may be away in one go.
const MAX_AWAY_DAYS: i64 = 366;

fn thread_link(guild: Snowflake, thread: Option<Snowflake>) -> String {
    match thread {
        Some(t) => format!("https://discord.com/channels/{guild}/{t}"),
        None => "its thread".into(),
    }
}

fn minutes_words(m: i64) -> String {
    duration_words(m * 60)
}

impl Service {
    /// Whom the game waits on now, as stored beside each decision.
    pub(super) fn waits(live: &Live, stamps: &[i64]) -> Vec<NewWait> {
        if live.cancelled {
            return Vec::new();
        }
        let first_meld = in_first_meld(&live.game);
        live.game
            .prompts()
            .iter()
            .map(|p| NewWait {
                seat: p.player,
                user_id: live.user_of(p.player),
                stamp: stamps[p.player],
                asked: if first_meld { "choose the card you meld first".to_string() } else { format!("{}{}", p.reason, Self::how_many(p)) },
                first_meld,
            })
            .collect()
    }

    pub(super) fn settings_words(reminder_minutes: i64, limit_minutes: Option<i64>) -> String {
        let limit = match limit_minutes {
            Some(m) => format!("a time limit of {} to answer", minutes_words(m)),
            None => "no time limit".to_string(),
        };
        format!(
            "Whoever the game waits on is reminded every {} by direct message; {limit}. (The creator changes this with `/innovation settings`; each player can turn reminders off or set quiet hours with `/innovation me`.)",
            minutes_words(reminder_minutes)
        )
    }

    // ---------- what is due ----------

    /// Everything due at the clock's time: reminders to send (marked sent as they
    /// are taken, so each goes once, even across restarts), and time limits that
    /// ran out (their vote is posted once). Also records whom games from before
    /// this was kept wait on.
    pub async fn due_work(&self) -> Result<Vec<Outcome>> {
        let now = self.now();
        for game in self.store.games_without_waits().await? {
            if let Ok((_slot, guard)) = self.lock(game).await {
                let live = guard.as_ref().expect("loaded");
                self.store.set_waits(game, now, &Self::waits(live, &live.stamps)).await?;
            }
        }
        let mut out = Vec::new();
        for r in self.store.take_due_reminders(now).await? {
            let mut o = self.reminder(&r, now).await;
            o.claim = Some(Work::Reminder { game: r.game, seat: r.seat, stamp: r.stamp, n: r.reminders + 1 });
            out.push(o);
        }
        for r in self.store.take_due_limits(now).await? {
            let work = Work::Limit { game: r.game, seat: r.seat, stamp: r.stamp, at: now };
            match self.limit_reached(&r, now).await {
                Ok(Some(mut o)) => {
                    o.claim = Some(work);
                    out.push(o)
                }
                Ok(None) => self.store.release(&work).await?,
                Err(e) => warn!(game = r.game, "could not post the time limit: {e}"),
            }
        }
        out.extend(self.retaken_work(now).await?);
        Ok(out)
    }

    /// Reminders and time limits another process took and did not finish (it died): their
    /// claims expired, so they are this process's now, sent again under the same nonces (a
    /// message the dead owner did send is not created twice). One that no longer applies (the
    /// question was answered meanwhile) is dropped.
    async fn retaken_work(&self, now: Secs) -> Result<Vec<Outcome>> {
        let mut out = Vec::new();
        for work in self.store.retake_expired(now).await? {
            let waits = self.store.game_waits(work.game()).await?;
            let row = match &work {
                Work::Reminder { seat, stamp, n, .. } => waits.iter().find(|r| r.seat == *seat && r.stamp == *stamp && r.reminders == *n),
                Work::Limit { seat, stamp, at, .. } => {
                    waits.iter().find(|r| r.seat == *seat && r.stamp == *stamp && r.vote_at == Some(*at))
                }
                Work::Computer { .. } => None,
            };
            let outcome = match (row, &work) {
                (Some(r), Work::Reminder { .. }) => Some(self.reminder(r, r.reminded_at.unwrap_or(now)).await),
                (Some(r), Work::Limit { at, .. }) => self.limit_reached(r, *at).await.unwrap_or_else(|e| {
                    warn!(game = r.game, "could not post the time limit: {e}");
                    None
                }),
                _ => None,
            };
            match outcome {
                Some(mut o) => {
                    tracing::info!(kind = work.kind(), item = %work.item(), "taking over background work a stopped process left undone");
                    o.claim = Some(work);
                    out.push(o);
                }
                None => self.store.release(&work).await?,
            }
        }
        Ok(out)
    }

    /// An outcome of claimed work was delivered: its claim is dropped.
    pub async fn finish_claim(&self, work: &Work) {
        if let Err(e) = self.store.release(work).await {
            warn!(kind = work.kind(), item = %work.item(), "could not release a claim (it expires by itself): {e}");
        }
    }

    /// A reminder, by direct message, starting with what happened since the player's last move.
    async fn reminder(&self, r: &WaitRow, now: Secs) -> Outcome {
        let waited = duration_words(now - r.since);
        let link = thread_link(r.guild, r.thread);
        let recap = self.folded_recap(r.game, r.seat).await;
        let recap = if recap.is_empty() { String::new() } else { format!("{recap}\n") };
        let text = format!(
            "⏰ **Game #{}** has been waiting on you for {waited}: {}\n{recap}Go to the game: {link} (or answer from here with `/answer game:{}`).\n\
             _I remind you every {} while the game waits on you. `/innovation me` turns reminders off or sets quiet hours; `/innovation away` pauses them._",
            r.game,
            r.asked,
            r.game,
            minutes_words(r.reminder_minutes)
        );
        let fallback = format!("⏰ <@{}>, reminder: this game has been waiting on you for {waited}: {}", r.user, r.asked);
        Outcome {
            game: r.game,
            thread: r.thread,
            dms: vec![Dm { user: r.user, seat: r.seat, text, pictures: Vec::new(), ui: None, fallback: Some(fallback) }],
            reply: String::new(),
            ..Default::default()
        }
    }

    /// The post about a player who let the time limit pass: the others' vote, or
    /// (in the first meld, when nobody can be removed) a notice.
    async fn limit_reached(&self, r: &WaitRow, now: Secs) -> Result<Option<Outcome>> {
        let (slot, guard) = self.lock(r.game).await?;
        let live = guard.as_ref().expect("loaded");
        let g = &live.game;
        if live.cancelled || g.is_over() || g.prompt_for(r.seat).is_none() || live.stamps.get(r.seat) != Some(&r.stamp) {
            return Ok(None);
        }
        let name = g.names()[r.seat].clone();
        let limit = minutes_words(r.limit_minutes.unwrap_or(0) + r.extra_minutes);
        let waited = duration_words(now - r.since);
        let mut post = Post::default();
        if in_first_meld(g) {
            post.text = format!(
                "⏳ **Time limit**: the game has waited {waited} on <@{}> to choose a first card (the limit is {limit}). \
                 Nobody can be removed before the first meld: wait for them, or the game's creator (or a member with Manage Server) \
                 can end the game with `/innovation cancel`.",
                r.user
            );
        } else {
            let voters = Self::voters(live, r.seat);
            if voters.is_empty() {
                return Ok(None); // only computers play on: nobody to vote
            }
            let need = voters.len() / 2 + 1;
            let mentions: Vec<String> = voters.iter().map(|s| live.mention(*s)).collect();
            post.text = format!(
                "⏳ **Time limit**: the game has waited {waited} on <@{}> (the limit is {limit}).\n{}: wait one more day for {name}, \
                 or remove {name} from the game? Removal counts as conceding: they lose, their cards are junked and they leave the turn order. \
                 A majority of you decides ({need} of {}); you can change your vote until then. If {name} answers first, the vote is over.",
                r.user,
                mentions.join(", "),
                voters.len()
            );
            post.ui = Some(Ui { game: r.game, stamp: r.stamp, seat: r.seat, kind: UiKind::LimitVote { name } });
        }
        Ok(Some(Outcome {
            game: r.game,
            thread: live.thread,
            posts: vec![post],
            order: Some(OrderTicket::issue(&slot.deliver)),
            ..Default::default()
        }))
    }

    /// Who votes on a late seat: every other person still in the game (computer players do not vote).
    fn voters(live: &Live, late: usize) -> Vec<usize> {
        (0..live.game.names().len()).filter(|s| *s != late && !live.game.state().players[*s].eliminated && !live.is_computer(*s)).collect()
    }

    /// A vote on a player who let the time limit pass. A strict majority of the
    /// other players still in the game decides: removal (as if they conceded) or
    /// one more day. Until then every vote is posted, and may be changed.
    pub async fn limit_vote(&self, game: i64, voter: Snowflake, asked: Asked, remove: bool) -> Result<Outcome> {
        let (slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let g = &live.game;
        let seat = live.seat_of(voter).ok_or(Refusal::NotInGame)?;
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if g.is_over() {
            return Err(Refusal::GameOver);
        }
        let name = g.names().get(asked.seat).cloned().unwrap_or_default();
        if seat == asked.seat {
            return Err(Refusal::Other(
                "This vote is about you, so it is for the others: answer your question instead (see /answer).".into(),
            ));
        }
        if g.state().players[seat].eliminated {
            return Err(Refusal::Other("You are out of this game, so you do not vote.".into()));
        }
        let over = || Refusal::Other(format!("This vote is over: {name} has answered since, or the others decided."));
        if g.prompt_for(asked.seat).is_none() || live.stamps.get(asked.seat) != Some(&asked.stamp) {
            return Err(over());
        }
        let votes = self.store.vote(game, asked.seat, asked.stamp, voter, remove).await?.ok_or_else(over)?;
        let voters = Self::voters(live, asked.seat);
        let need = voters.len() / 2 + 1;
        let counted: Vec<bool> = votes.iter().filter(|(u, _)| voters.iter().any(|s| live.user_of(*s) == *u)).map(|(_, r)| *r).collect();
        let removes = counted.iter().filter(|r| **r).count();
        let waits = counted.len() - removes;
        let voter_name = g.names()[seat].clone();
        if removes >= need {
            let headline = format!(
                "⏳ **{name}** was removed from the game by the others' vote ({removes} of {}), having let the time limit pass. \
                 It counts as conceding: {name} loses, their cards are junked and they leave the turn order.",
                voters.len()
            );
            let reply = format!("You voted to remove {name}: they are out of the game.");
            return self.decide(slot, guard, Decision::concede(asked.seat), voter, reply, Some(headline)).await;
        }
        let mut out = Outcome { game, thread: live.thread, ..Default::default() };
        if waits >= need {
            if !self.store.extend_limit(game, asked.seat, asked.stamp, EXTENSION_MINUTES).await? {
                return Err(over());
            }
            let deadline = self.store.game_waits(game).await?.into_iter().find(|w| w.seat == asked.seat).and_then(|w| w.deadline());
            let until = deadline.map(|d| format!(", until {}", discord_time(d))).unwrap_or_default();
            out.posts.push(Post {
                text: format!("⏳ The others chose to wait ({waits} of {}): {name} has one more day to answer{until}.", voters.len()),
                ..Default::default()
            });
            out.stale = self
                .store
                .prompt_messages(game)
                .await?
                .into_iter()
                .filter(|m| m.vote && m.seat == asked.seat && m.stamp == asked.stamp)
                .collect();
            out.reply = format!("You voted to wait: {name} has one more day.");
        } else {
            let what = if remove { format!("remove {name}") } else { format!("wait one more day for {name}") };
            out.posts.push(Post {
                text: format!("{voter_name} votes to {what}. (To remove: {removes} of {need} needed; to wait: {waits} of {need}.)"),
                ..Default::default()
            });
            out.reply = "Your vote is counted; you can change it until the vote is decided.".into();
        }
        out.order = Some(OrderTicket::issue(&slot.deliver));
        drop(guard);
        Ok(out)
    }

    // ---------- a game's settings ----------

    fn may_manage(live: &Live, user: Snowflake, manager: bool) -> bool {
        manager || live.creator == Some(user)
    }

    fn not_allowed(live: &Live, what: &str) -> Refusal {
        let who = match live.creator {
            Some(c) => format!("the one who created it (<@{c}>)"),
            None => "its creator".into(),
        };
        Refusal::NotAllowed(format!("Only {who} or a member with Manage Server can {what} this game."))
    }

    /// Shows (both `None`) or changes a game's reminder interval and time limit.
    /// Changes are for the game's creator or a server manager, and are posted in the thread.
    pub async fn game_settings(
        &self,
        game: i64,
        user: Snowflake,
        manager: bool,
        reminder: Option<&str>,
        limit: Option<&str>,
    ) -> Result<Outcome> {
        let (slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let row = self.store.game(game).await?;
        let mut out = Outcome { game, thread: live.thread, ..Default::default() };
        if reminder.is_none() && limit.is_none() {
            out.reply = format!("**Game #{game}**: {}", Self::settings_words(row.reminder_minutes, row.limit_minutes));
            return Ok(out);
        }
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if !Self::may_manage(live, user, manager) {
            return Err(Self::not_allowed(live, "change the settings of"));
        }
        let reminder_minutes = match reminder {
            None => row.reminder_minutes,
            Some(s) => parse_reminder(s)?,
        };
        let limit_minutes = match limit {
            None => row.limit_minutes,
            Some(s) => parse_limit(s)?,
        };
        self.store.set_game_settings(game, reminder_minutes, limit_minutes).await?;
        let limit_text = match limit_minutes {
            Some(m) => format!(
                "a time limit of **{}**: whoever does not answer within it may be removed by a vote of the others (removal counts as conceding)",
                minutes_words(m)
            ),
            None => "**no time limit**".into(),
        };
        out.posts.push(Post {
            text: format!(
                "⚙️ <@{user}> changed this game's settings: reminders every **{}**; {limit_text}.",
                minutes_words(reminder_minutes)
            ),
            ..Default::default()
        });
        out.reply = "Settings changed.".into();
        out.order = Some(OrderTicket::issue(&slot.deliver));
        drop(guard);
        Ok(out)
    }

    /// Cancels a game in play (its creator or a server manager): it ends with no
    /// winner and its buttons are taken away.
    pub async fn cancel_game(&self, game: i64, user: Snowflake, manager: bool) -> Result<Outcome> {
        let (slot, mut guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        if live.cancelled {
            return Err(Refusal::Cancelled);
        }
        if live.game.is_over() {
            return Err(Refusal::GameOver);
        }
        if !Self::may_manage(live, user, manager) {
            return Err(Self::not_allowed(live, "cancel"));
        }
        if !self.store.cancel_game(game, user, self.now()).await? {
            return Err(Refusal::GameOver);
        }
        let mut out = Outcome { game, thread: live.thread, ..Default::default() };
        out.posts.push(Post {
            text: format!("🛑 **This game was cancelled** by <@{user}>. Nobody wins, and nothing more can be played here."),
            ..Default::default()
        });
        out.stale = self.store.prompt_messages(game).await.unwrap_or_default();
        out.reply = format!("Game #{game} is cancelled.");
        out.order = Some(OrderTicket::issue(&slot.deliver));
        *guard = None;
        drop(guard);
        self.evict(game);
        Ok(out)
    }

    // ---------- players' own settings ----------

    pub async fn prefs(&self, user: Snowflake) -> Result<Prefs> {
        Ok(self.store.prefs(user).await?)
    }

    fn prefs_words(&self, p: &Prefs) -> String {
        let now = self.now();
        let local = chrono::TimeZone::timestamp_opt(&p.tz, now, 0).single().map(|t| t.format("%H:%M").to_string()).unwrap_or_default();
        let away = match p.away_until {
            Some(a) if a > now => format!("away until {}", discord_time(a)),
            _ => "not away".into(),
        };
        format!(
            "Reminders: **{}** · time zone: **{}** (it is {local} there) · quiet hours: **{}** · {away}",
            if p.reminders { "on" } else { "off" },
            p.tz.name(),
            remind::quiet_words(p.quiet)
        )
    }

    /// Shows (all `None`) or changes a player's own settings; nothing is changed if any part is refused.
    pub async fn set_prefs(
        &self,
        user: Snowflake,
        reminders: Option<bool>,
        time_zone: Option<&str>,
        quiet: Option<&str>,
    ) -> Result<String> {
        let mut p = self.store.prefs(user).await?;
        if reminders.is_none() && time_zone.is_none() && quiet.is_none() {
            return Ok(format!("Your settings: {}", self.prefs_words(&p)));
        }
        if let Some(tz) = time_zone {
            p.tz = remind::parse_time_zone(tz).ok_or_else(|| {
                Refusal::Invalid(format!(
                    "\"{}\" is not a time zone I know. Give its IANA name, like `Europe/Paris`, `America/New_York` or `Asia/Tokyo` (the suggestions list them), or `UTC`.",
                    tz.trim()
                ))
            })?;
        }
        if let Some(q) = quiet {
            p.quiet = remind::parse_quiet(q).ok_or_else(|| {
                Refusal::Invalid(format!(
                    "\"{}\" is not a range of hours. Give quiet hours as two different times of day, like `22:00-08:00` or `22-8` (in your time zone), or `off`.",
                    q.trim()
                ))
            })?;
        }
        if let Some(r) = reminders {
            p.reminders = r;
        }
        self.store.set_prefs(user, &p).await?;
        Ok(format!("Saved. Your settings: {}", self.prefs_words(&p)))
    }

    /// Sets (or with `off`, ends) the time a player is away: no reminders and no time
    /// limit for them until then, in all their games. Says so in each game's thread.
    pub async fn set_away(&self, user: Snowflake, until: &str) -> Result<(String, Vec<Outcome>)> {
        let mut p = self.store.prefs(user).await?;
        let now = self.now();
        let back = is_off(until) || until.trim().eq_ignore_ascii_case("back");
        let new = if back {
            None
        } else {
            let t = remind::parse_moment(until, &p.tz, now).ok_or_else(|| {
                Refusal::Invalid(format!(
                    "\"{}\" is not a date I can read. Give a date like `2030-07-01` or `2030-07-01 18:00` (in your time zone, {}; set it with `/innovation me`), \
                     or a duration like `3d`; `off` when you are back.",
                    until.trim(),
                    p.tz.name()
                ))
            })?;
            if t <= now {
                return Err(Refusal::Invalid(format!(
                    "{} is in the past: give a date after now (it is {} in {}), or a duration like `3d`.",
                    until.trim(),
                    chrono::TimeZone::timestamp_opt(&p.tz, now, 0)
                        .single()
                        .map(|d| d.format("%Y-%m-%d %H:%M").to_string())
                        .unwrap_or_default(),
                    p.tz.name()
                )));
            }
            if t > now + MAX_AWAY_DAYS * 86400 {
                return Err(Refusal::Invalid("You can be away for at most a year at a time: give an earlier date.".into()));
            }
            Some(t)
        };
        let was_away = p.away_at(now);
        p.away_until = new;
        self.store.set_prefs(user, &p).await?;
        let mut outs = Vec::new();
        if new.is_none() && !was_away {
            return Ok(("You are not away.".into(), outs));
        }
        for (game, over) in self.store.games_of_user(user).await? {
            if over {
                continue;
            }
            let Ok((slot, guard)) = self.lock(game).await else { continue };
            let live = guard.as_ref().expect("loaded");
            let Some(seat) = live.seat_of(user) else { continue };
            if live.cancelled || live.game.state().players[seat].eliminated {
                continue;
            }
            let name = &live.game.names()[seat];
            let text = match new {
                Some(t) => format!(
                    "💤 **{name}** is away until {}: no reminders for them, and their time limit is paused until then.",
                    discord_time(t)
                ),
                None => format!("👋 **{name}** is back: reminders and the time limit apply to them again."),
            };
            outs.push(Outcome {
                game,
                thread: live.thread,
                posts: vec![Post { text, ..Default::default() }],
                order: Some(OrderTicket::issue(&slot.deliver)),
                ..Default::default()
            });
        }
        let reply = match new {
            Some(t) => format!(
                "You are away until {}: no reminders, and your time limits are paused, in all your games ({} in play). `/innovation away until:off` when you are back earlier.",
                discord_time(t),
                outs.len()
            ),
            None => "Welcome back: reminders and time limits apply to you again.".into(),
        };
        Ok((reply, outs))
    }
}

/// A reminder interval as typed (a plain number is hours).
fn parse_reminder(s: &str) -> Result<i64> {
    let accepted = "Give the reminder interval as a duration from 1 hour to 30 days, like `12h`, `1d` or `2d12h`.";
    match parse_duration(s, 60) {
        Some(m) if (MIN_REMINDER_MINUTES..=MAX_REMINDER_MINUTES).contains(&m) => Ok(m),
        Some(m) if m < 0 => Err(Refusal::Invalid(format!("A reminder interval cannot be negative. {accepted}"))),
        Some(_) => Err(Refusal::Invalid(format!("\"{}\" is out of range. {accepted}", s.trim()))),
        None => Err(Refusal::Invalid(format!("\"{}\" is not a duration. {accepted}", s.trim()))),
    }
}

/// A time limit as typed (a plain number is days; `off` for none).
fn parse_limit(s: &str) -> Result<Option<i64>> {
    if is_off(s) {
        return Ok(None);
    }
    let accepted = "Give the time limit as a duration from 1 hour to 60 days, like `3d` or `36h`, or `off` for none.";
    match parse_duration(s, 1440) {
        Some(m) if (MIN_LIMIT_MINUTES..=MAX_LIMIT_MINUTES).contains(&m) => Ok(Some(m)),
        Some(m) if m < 0 => Err(Refusal::Invalid(format!("A time limit cannot be negative. {accepted}"))),
        Some(_) => Err(Refusal::Invalid(format!("\"{}\" is out of range. {accepted}", s.trim()))),
        None => Err(Refusal::Invalid(format!("\"{}\" is not a duration. {accepted}", s.trim()))),
    }
}

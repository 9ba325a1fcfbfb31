//! Reminders and time limits, computed from stored timestamps and the time
//! now, never from timers in memory: whatever is due after a restart is found
//! again. Everything here is pure (rows and `now` in, what is due out), plus
//! the clock the service reads and the parsing of what people type in the
//! settings commands.
//!
//! Times are Unix seconds (UTC), as stored.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;
use std::str::FromStr;
use std::sync::Mutex;

/// Seconds since 1970-01-01 UTC.
pub type Secs = i64;

/// Where the service reads the time: the system's in production, a hand-moved one in tests.
pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
    fn secs(&self) -> Secs {
        self.now().timestamp()
    }
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that moves only when told to (tests).
pub struct ManualClock(Mutex<DateTime<Utc>>);

impl ManualClock {
    pub fn new(at: DateTime<Utc>) -> ManualClock {
        ManualClock(Mutex::new(at))
    }
    /// A clock at the given UTC moment, "2030-01-15T09:00:00Z".
    pub fn at(rfc3339: &str) -> ManualClock {
        ManualClock::new(DateTime::parse_from_rfc3339(rfc3339).expect("an RFC 3339 moment").with_timezone(&Utc))
    }
    pub fn set(&self, at: DateTime<Utc>) {
        *self.0.lock().expect("clock") = at;
    }
    pub fn advance(&self, by: Duration) {
        *self.0.lock().expect("clock") += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().expect("clock")
    }
}

pub const DEFAULT_REMINDER_MINUTES: i64 = 12 * 60;
/// What "Wait 1 more day" adds to a late player's time limit.
pub const EXTENSION_MINUTES: i64 = 24 * 60;
pub const MIN_REMINDER_MINUTES: i64 = 60;
pub const MAX_REMINDER_MINUTES: i64 = 30 * 24 * 60;
pub const MIN_LIMIT_MINUTES: i64 = 60;
pub const MAX_LIMIT_MINUTES: i64 = 60 * 24 * 60;

/// A player's own settings, across their games.
#[derive(Clone, Debug, PartialEq)]
pub struct Prefs {
    pub reminders: bool,
    pub tz: Tz,
    /// Quiet hours: from, to, in minutes after local midnight (may wrap past midnight).
    pub quiet: Option<(u32, u32)>,
    pub away_until: Option<Secs>,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs { reminders: true, tz: Tz::UTC, quiet: None, away_until: None }
    }
}

impl Prefs {
    pub fn away_at(&self, t: Secs) -> bool {
        self.away_until.is_some_and(|a| t < a)
    }

    /// Is `t` within the quiet hours (in the player's time zone)?
    pub fn quiet_at(&self, t: Secs) -> bool {
        let Some((from, to)) = self.quiet else { return false };
        let local = self.tz.timestamp_opt(t, 0).single().expect("a Unix time is one moment");
        let m = local.hour() * 60 + local.minute();
        in_range(m, from, to)
    }

    /// The first moment at or after `t` outside the quiet hours.
    pub fn after_quiet(&self, t: Secs) -> Secs {
        let Some((_, to)) = self.quiet else { return t };
        if !self.quiet_at(t) {
            return t;
        }
        let local = self.tz.timestamp_opt(t, 0).single().expect("one moment").naive_local();
        let end_time = NaiveTime::from_num_seconds_from_midnight_opt(to * 60, 0).expect("a time of day");
        let mut day = local.date();
        for _ in 0..3 {
            let candidate = NaiveDateTime::new(day, end_time);
            if candidate > local {
                let at = local_to_utc(&self.tz, candidate);
                if at > t {
                    return at;
                }
            }
            day = day.succ_opt().expect("a next day");
        }
        t
    }
}

/// Is minute `m` in [from, to), the range wrapping past midnight when from > to?
fn in_range(m: u32, from: u32, to: u32) -> bool {
    if from <= to {
        from <= m && m < to
    } else {
        m >= from || m < to
    }
}

/// A local wall time as a UTC moment: the earlier one when the clocks go back,
/// the first valid minute after it when they jump forward over it.
fn local_to_utc(tz: &Tz, local: NaiveDateTime) -> Secs {
    let mut l = local;
    for _ in 0..24 * 4 {
        match tz.from_local_datetime(&l) {
            LocalResult::Single(d) => return d.timestamp(),
            LocalResult::Ambiguous(a, _) => return a.timestamp(),
            LocalResult::None => l += Duration::minutes(15),
        }
    }
    local.and_utc().timestamp()
}

/// A seat the game is waiting on, with what the reminder and the limit need.
#[derive(Clone, Debug)]
pub struct WaitRow {
    pub game: i64,
    pub seat: usize,
    pub user: u64,
    pub stamp: i64,
    pub since: Secs,
    pub asked: String,
    pub first_meld: bool,
    pub reminded_at: Option<Secs>,
    pub reminders: i64,
    pub extra_minutes: i64,
    pub vote_at: Option<Secs>,
    pub guild: u64,
    pub thread: Option<u64>,
    pub reminder_minutes: i64,
    pub limit_minutes: Option<i64>,
    pub prefs: Prefs,
}

impl WaitRow {
    /// When the next reminder should go (`None`: never, the player turned them off).
    /// A reminder falling while the player is away waits until they are back; one
    /// falling in their quiet hours waits until those end.
    pub fn next_reminder(&self) -> Option<Secs> {
        if !self.prefs.reminders || self.thread.is_none() {
            return None;
        }
        let base = self.reminded_at.unwrap_or(self.since);
        let mut t = base + self.reminder_minutes * 60;
        if let Some(a) = self.prefs.away_until {
            t = t.max(a);
        }
        Some(self.prefs.after_quiet(t))
    }

    pub fn reminder_due(&self, now: Secs) -> bool {
        self.next_reminder().is_some_and(|t| t <= now) && !self.prefs.away_at(now) && !self.prefs.quiet_at(now)
    }

    /// When the time limit runs out for this question (`None`: the game has no limit).
    /// Time away does not count: the limit runs from the question or from the
    /// player's return, whichever is later, plus what the others granted.
    pub fn deadline(&self) -> Option<Secs> {
        let limit = self.limit_minutes?;
        let start = match self.prefs.away_until {
            Some(a) if a > self.since => a,
            _ => self.since,
        };
        Some(start + (limit + self.extra_minutes) * 60)
    }

    /// The limit ran out and nothing was posted about it yet.
    pub fn limit_due(&self, now: Secs) -> bool {
        self.thread.is_some() && self.vote_at.is_none() && !self.prefs.away_at(now) && self.deadline().is_some_and(|d| d <= now)
    }
}

/// The rows whose reminder is due at `now`.
pub fn due_reminders(rows: &[WaitRow], now: Secs) -> Vec<&WaitRow> {
    rows.iter().filter(|r| r.reminder_due(now)).collect()
}

/// The rows whose time limit ran out at `now` and wait for the others' decision to be asked.
pub fn due_limits(rows: &[WaitRow], now: Secs) -> Vec<&WaitRow> {
    rows.iter().filter(|r| r.limit_due(now)).collect()
}

// ---------- words ----------

/// "2 days 3 hours", "45 minutes".
pub fn duration_words(secs: i64) -> String {
    let mins = (secs.max(0) + 59) / 60;
    let (d, h, m) = (mins / 1440, mins % 1440 / 60, mins % 60);
    let unit = |n: i64, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(unit(d, "day"));
    }
    if h > 0 {
        parts.push(unit(h, "hour"));
    }
    if m > 0 && d == 0 {
        parts.push(unit(m, "minute"));
    }
    if parts.is_empty() {
        parts.push("less than a minute".into());
    }
    parts.join(" ")
}

/// A moment as Discord shows it to each reader in their own time zone, with "in 3 days".
pub fn discord_time(t: Secs) -> String {
    format!("<t:{t}:f> (<t:{t}:R>)")
}

pub fn quiet_words(q: Option<(u32, u32)>) -> String {
    match q {
        None => "none".into(),
        Some((a, b)) => format!("{:02}:{:02}–{:02}:{:02}", a / 60, a % 60, b / 60, b % 60),
    }
}

// ---------- what people type ----------

/// A duration typed by a person: `12h`, `3d`, `90m`, `1d12h`, `2 days`, `1.5h`;
/// a plain number counts `default_unit` minutes. In minutes.
pub fn parse_duration(s: &str, default_unit: i64) -> Option<i64> {
    let s = s.trim().to_lowercase();
    if s.is_empty() {
        return None;
    }
    if let Ok(n) = s.parse::<f64>() {
        return finite_minutes(n * default_unit as f64);
    }
    let mut total = 0f64;
    let mut rest = s.as_str();
    let mut any = false;
    while !rest.trim_start().is_empty() {
        rest = rest.trim_start();
        let num_len = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
        if num_len == 0 {
            return None;
        }
        let n: f64 = rest[..num_len].parse().ok()?;
        rest = rest[num_len..].trim_start();
        let unit_len = rest.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(rest.len());
        let unit = match &rest[..unit_len] {
            "m" | "min" | "mins" | "minute" | "minutes" => 1.0,
            "h" | "hr" | "hrs" | "hour" | "hours" => 60.0,
            "d" | "day" | "days" => 1440.0,
            "w" | "week" | "weeks" => 10080.0,
            _ => return None,
        };
        rest = rest[unit_len..].trim_start().trim_start_matches(',');
        total += n * unit;
        any = true;
    }
    if any {
        finite_minutes(total)
    } else {
        None
    }
}

fn finite_minutes(m: f64) -> Option<i64> {
    (m.is_finite() && m.abs() < 1e9).then(|| m.round() as i64)
}

/// Is this word one of those that mean "none" / "off"?
pub fn is_off(s: &str) -> bool {
    matches!(s.trim().to_lowercase().as_str(), "off" | "none" | "no" | "never" | "0" | "-")
}

/// An IANA time zone name ("Europe/Paris"), any letter case; `UTC` too.
pub fn parse_time_zone(s: &str) -> Option<Tz> {
    let s = s.trim();
    Tz::from_str(s).ok().or_else(|| chrono_tz::TZ_VARIANTS.iter().find(|z| z.name().eq_ignore_ascii_case(s)).copied())
}

/// Time zone names containing `partial`, for autocomplete.
pub fn time_zones_matching(partial: &str) -> Vec<&'static str> {
    let p = partial.trim().to_lowercase().replace(' ', "_");
    chrono_tz::TZ_VARIANTS.iter().map(|z| z.name()).filter(|n| n.to_lowercase().contains(&p)).collect()
}

/// A time of day, `22`, `22:30`, `7:05`, `10pm`, `7am`: minutes after midnight.
pub fn parse_time_of_day(s: &str) -> Option<u32> {
    let s = s.trim().to_lowercase();
    let (s, pm) = if let Some(x) = s.strip_suffix("pm") {
        (x.trim().to_string(), Some(true))
    } else if let Some(x) = s.strip_suffix("am") {
        (x.trim().to_string(), Some(false))
    } else {
        (s, None)
    };
    let (h, m) = match s.split_once(':').or_else(|| s.split_once('h')) {
        Some((h, m)) => (h.trim().parse::<u32>().ok()?, if m.trim().is_empty() { 0 } else { m.trim().parse::<u32>().ok()? }),
        None => (s.trim().parse::<u32>().ok()?, 0),
    };
    let h = match pm {
        Some(pm) if (1..=12).contains(&h) => h % 12 + if pm { 12 } else { 0 },
        Some(_) => return None,
        None => h,
    };
    (h < 24 && m < 60).then_some(h * 60 + m)
}

/// Quiet hours: `22:00-08:00`, `22-8`, `10pm-7am`. `Some(None)` for "off".
pub fn parse_quiet(s: &str) -> Option<Option<(u32, u32)>> {
    if is_off(s) {
        return Some(None);
    }
    let s = s.replace(['–', '—'], "-");
    let (a, b) = s.split_once('-').or_else(|| s.split_once(" to "))?;
    let (a, b) = (parse_time_of_day(a)?, parse_time_of_day(b)?);
    (a != b).then_some(Some((a, b)))
}

/// A moment typed by a person in their time zone: `2030-07-01` (the start of that
/// day), `2030-07-01 18:00`, or a duration from now (`3d`, `1w`).
pub fn parse_moment(s: &str, tz: &Tz, now: Secs) -> Option<Secs> {
    let s = s.trim();
    if let Some(m) = parse_duration(s, 1440) {
        return Some(now + m * 60);
    }
    let s = s.replace('T', " ");
    for f in ["%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y/%m/%d %H:%M"] {
        if let Ok(dt) = NaiveDateTime::parse_from_str(&s, f) {
            return Some(local_to_utc(tz, dt));
        }
    }
    for f in ["%Y-%m-%d", "%Y/%m/%d", "%d.%m.%Y"] {
        if let Ok(d) = NaiveDate::parse_from_str(&s, f) {
            if d.year() > 9999 {
                return None;
            }
            return Some(local_to_utc(tz, d.and_hms_opt(0, 0, 0).expect("midnight")));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Secs = 1_900_000_000; // 2030-03-17T17:46:40Z

    fn row() -> WaitRow {
        WaitRow {
            game: 1,
            seat: 0,
            user: 7,
            stamp: 3,
            since: T0,
            asked: "your move".into(),
            first_meld: false,
            reminded_at: None,
            reminders: 0,
            extra_minutes: 0,
            vote_at: None,
            guild: 1,
            thread: Some(9),
            reminder_minutes: 720,
            limit_minutes: None,
            prefs: Prefs::default(),
        }
    }

    #[test]
    fn a_reminder_is_due_after_the_interval_then_again_after_the_next() {
        let mut r = row();
        assert!(!r.reminder_due(T0 + 720 * 60 - 1));
        assert!(r.reminder_due(T0 + 720 * 60));
        r.reminded_at = Some(T0 + 800 * 60); // sent late (the bot was down)
        assert!(!r.reminder_due(T0 + 1440 * 60));
        assert!(r.reminder_due(T0 + (800 + 720) * 60));
        r.prefs.reminders = false;
        assert!(!r.reminder_due(T0 + 100 * 86400));
        assert_eq!(due_reminders(&[row(), r], T0 + 720 * 60).len(), 1);
    }

    #[test]
    fn quiet_hours_postpone_to_their_end_in_the_players_time_zone() {
        let mut r = row();
        r.prefs.tz = parse_time_zone("america/new_york").unwrap();
        r.since = Utc.with_ymd_and_hms(2030, 1, 10, 12, 0, 0).unwrap().timestamp(); // 07:00 in New York
        r.prefs.quiet = Some((22 * 60, 8 * 60));
        // Due at 00:00 UTC = 19:00 New York: not quiet.
        assert_eq!(r.next_reminder(), Some(r.since + 12 * 3600));
        r.reminder_minutes = 16 * 60; // 04:00 UTC = 23:00 New York: quiet until 08:00 = 13:00 UTC
        let end = Utc.with_ymd_and_hms(2030, 1, 11, 13, 0, 0).unwrap().timestamp();
        assert_eq!(r.next_reminder(), Some(end));
        assert!(!r.reminder_due(end - 60));
        assert!(r.reminder_due(end));
        // Due before the quiet hours but found during them (the bot was down): waits too.
        r.reminder_minutes = 60;
        assert!(!r.reminder_due(end - 3600));
        assert!(r.reminder_due(end));
    }

    #[test]
    fn quiet_hours_within_one_day_and_across_a_clock_change() {
        let mut p = Prefs { tz: parse_time_zone("Europe/Paris").unwrap(), quiet: Some((60, 3 * 60)), ..Prefs::default() };
        // 2030-03-31: Paris moves from 02:00 to 03:00. 01:30 local = 00:30 UTC.
        let t = Utc.with_ymd_and_hms(2030, 3, 31, 0, 30, 0).unwrap().timestamp();
        assert!(p.quiet_at(t));
        let end = p.after_quiet(t);
        assert_eq!(end, Utc.with_ymd_and_hms(2030, 3, 31, 1, 0, 0).unwrap().timestamp(), "03:00 CEST");
        assert!(!p.quiet_at(end));
        p.quiet = Some((9 * 60, 17 * 60));
        assert!(!p.quiet_at(t));
    }

    #[test]
    fn away_postpones_reminders_and_pauses_the_limit() {
        let mut r = row();
        r.limit_minutes = Some(3 * 1440);
        assert_eq!(r.deadline(), Some(T0 + 3 * 86400));
        r.prefs.away_until = Some(T0 + 5 * 86400);
        assert!(!r.reminder_due(T0 + 4 * 86400));
        assert!(!r.limit_due(T0 + 4 * 86400));
        assert_eq!(r.next_reminder(), Some(T0 + 5 * 86400), "reminded when back");
        assert_eq!(r.deadline(), Some(T0 + 8 * 86400), "the limit runs again from the return");
        r.extra_minutes = 1440;
        assert_eq!(r.deadline(), Some(T0 + 9 * 86400));
        assert!(r.limit_due(T0 + 9 * 86400));
        r.vote_at = Some(T0 + 9 * 86400);
        assert!(!r.limit_due(T0 + 10 * 86400), "posted once");
    }

    #[test]
    fn typed_durations_zones_quiet_hours_and_moments() {
        assert_eq!(parse_duration("12h", 60), Some(720));
        assert_eq!(parse_duration("3 days", 60), Some(3 * 1440));
        assert_eq!(parse_duration("1d12h", 60), Some(2160));
        assert_eq!(parse_duration("1.5h", 60), Some(90));
        assert_eq!(parse_duration("8", 60), Some(480));
        assert_eq!(parse_duration("-5h", 60), None);
        assert_eq!(parse_duration("-5", 60), Some(-300), "a negative number is read, then refused by range");
        assert_eq!(parse_duration("soon", 60), None);
        assert_eq!(parse_duration("5 parsecs", 60), None);
        assert!(parse_time_zone("Mars/Olympus").is_none());
        assert_eq!(parse_time_zone("utc"), Some(Tz::UTC));
        assert!(time_zones_matching("new_y").contains(&"America/New_York"));
        assert_eq!(parse_quiet("22:00-08:00"), Some(Some((1320, 480))));
        assert_eq!(parse_quiet("22-8"), Some(Some((1320, 480))));
        assert_eq!(parse_quiet("10pm – 7:30am"), Some(Some((1320, 450))));
        assert_eq!(parse_quiet("off"), Some(None));
        assert_eq!(parse_quiet("25-8"), None);
        assert_eq!(parse_quiet("8-8"), None);
        let paris = parse_time_zone("Europe/Paris").unwrap();
        let d = parse_moment("2030-07-01", &paris, T0).unwrap();
        assert_eq!(d, Utc.with_ymd_and_hms(2030, 6, 30, 22, 0, 0).unwrap().timestamp());
        assert_eq!(parse_moment("2030-07-01 18:30", &Tz::UTC, T0), Some(Utc.with_ymd_and_hms(2030, 7, 1, 18, 30, 0).unwrap().timestamp()));
        assert_eq!(parse_moment("3d", &Tz::UTC, T0), Some(T0 + 3 * 86400));
        assert_eq!(parse_moment("next tuesday", &Tz::UTC, T0), None);
        assert_eq!(duration_words(3 * 86400 + 2 * 3600 + 59), "3 days 2 hours");
        assert_eq!(duration_words(45 * 60), "45 minutes");
    }
}

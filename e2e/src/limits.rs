//! Discord's rate limits, as the stand-in enforces them
//! (<https://discord.com/developers/docs/topics/rate-limits>): a global bucket for
//! one bot's requests other than interaction responses (50 a second, across all
//! its processes: they share the token), per-route buckets told in the
//! `X-RateLimit-*` headers of every answer, and `429 Too Many Requests` with
//! `retry_after` when a bucket is exceeded. Optionally also at random, to test
//! that the bot recovers from a 429 it could not foresee.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// What the stand-in enforces.
#[derive(Clone, Debug)]
pub struct RateLimits {
    /// Enforce the buckets at all (off: every request is answered, as before).
    pub enforce: bool,
    /// Requests a second in the global bucket.
    pub global_per_sec: u32,
    /// The chance that a request another bucket would allow gets a 429 anyway (0 to 1).
    pub random_429: f64,
}

impl Default for RateLimits {
    fn default() -> RateLimits {
        RateLimits { enforce: true, global_per_sec: 50, random_429: 0.0 }
    }
}

/// A fixed-window bucket: `limit` requests per `window`.
#[derive(Clone, Debug)]
struct Bucket {
    limit: u32,
    window: Duration,
    used: u32,
    reset: Instant,
}

impl Bucket {
    fn new(limit: u32, window: Duration, now: Instant) -> Bucket {
        Bucket { limit, window, used: 0, reset: now + window }
    }
    fn roll(&mut self, now: Instant) {
        if now >= self.reset {
            self.used = 0;
            self.reset = now + self.window;
        }
    }
}

/// The headers (and, for a 429, the body) of an answer.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub headers: Vec<(&'static str, String)>,
    /// `Some(body)`: refused with 429.
    pub refused: Option<Value>,
}

#[derive(Debug, Default)]
pub struct Limiter {
    config: RateLimits,
    global: Option<Bucket>,
    routes: HashMap<String, Bucket>,
    /// Requests refused with 429, by route (`METHOD /template`).
    pub refused: HashMap<String, u64>,
    rng_state: u64,
}

/// A route's template with its major parameter kept (`POST /channels/123/messages`; an
/// interaction's token too: each interaction has buckets of its own); the
/// bucket's limit and window; whether the global bucket counts it.
pub fn route_of(method: &str, segs: &[&str]) -> (String, u32, Duration, bool) {
    let templ: Vec<String> = segs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let major = i > 0 && matches!(segs[i - 1], "channels" | "guilds" | "webhooks");
            if s.chars().all(|c| c.is_ascii_digit()) && !major {
                "{id}".to_string()
            } else {
                s.to_string()
            }
        })
        .collect();
    let key = format!("{method} /{}", templ.join("/"));
    let interaction = matches!(segs.first(), Some(&"interactions") | Some(&"webhooks"));
    let (limit, secs) = match (method, segs) {
        ("POST", ["channels", _, "messages"]) | ("PATCH", ["channels", _, "messages", _]) => (5, 5),
        ("POST", ["channels", _, "threads"]) | ("POST", ["channels", _, "messages", _, "threads"]) => (5, 5),
        // Opening a direct-message channel has no documented limit of its own: Discord's usual 10 a second.
        ("POST", ["users", "@me", "channels"]) => (10, 1),
        _ if interaction => (50, 1),
        _ => (10, 10),
    };
    (key, limit, Duration::from_secs(secs), !interaction)
}

/// The same route with every id in place of its number (for counting requests by route).
pub fn route_name(method: &str, segs: &[&str]) -> String {
    let templ: Vec<&str> = segs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if s.chars().all(|c| c.is_ascii_digit()) && !s.is_empty() {
                "{id}"
            } else if i == 2 && matches!(segs[0], "interactions" | "webhooks") {
                "{token}"
            } else {
                s
            }
        })
        .collect();
    format!("{method} /{}", templ.join("/"))
}

fn epoch_secs(at: Instant, now: Instant) -> f64 {
    let wall = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs_f64();
    wall + at.saturating_duration_since(now).as_secs_f64()
}

impl Limiter {
    pub fn new(config: RateLimits) -> Limiter {
        Limiter { config, rng_state: 0x9e37_79b9_7f4a_7c15, ..Default::default() }
    }

    fn chance(&mut self) -> f64 {
        // xorshift: the stand-in needs no good randomness, only some.
        let mut x = self.rng_state;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.rng_state = x;
        (x >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Counts a request against its buckets: the headers to answer with, and whether it is refused.
    pub fn check(&mut self, method: &str, segs: &[&str]) -> Verdict {
        let now = Instant::now();
        if !self.config.enforce {
            return Verdict { headers: Vec::new(), refused: None };
        }
        let (key, limit, window, global) = route_of(method, segs);
        let name = route_name(method, segs);
        if global {
            let per_sec = self.config.global_per_sec;
            let g = self.global.get_or_insert_with(|| Bucket::new(per_sec, Duration::from_secs(1), now));
            g.roll(now);
            if g.used >= g.limit {
                let retry = g.reset.saturating_duration_since(now).as_secs_f64().max(0.001);
                *self.refused.entry(name).or_default() += 1;
                return Verdict {
                    headers: vec![
                        ("retry-after", format!("{retry:.3}")),
                        ("x-ratelimit-global", "true".into()),
                        ("x-ratelimit-scope", "global".into()),
                    ],
                    refused: Some(json!({ "message": "You are being rate limited.", "retry_after": retry, "global": true })),
                };
            }
        }
        let b = self.routes.entry(key.clone()).or_insert_with(|| Bucket::new(limit, window, now));
        b.roll(now);
        let bucket_headers = |b: &Bucket, remaining: u32| {
            let after = b.reset.saturating_duration_since(now).as_secs_f64();
            vec![
                ("x-ratelimit-limit", b.limit.to_string()),
                ("x-ratelimit-remaining", remaining.to_string()),
                ("x-ratelimit-reset", format!("{:.3}", epoch_secs(b.reset, now))),
                ("x-ratelimit-reset-after", format!("{after:.3}")),
                ("x-ratelimit-bucket", format!("{:x}", key.len() as u64 * 31 + u64::from(b.limit))),
            ]
        };
        if b.used >= b.limit {
            let retry = b.reset.saturating_duration_since(now).as_secs_f64().max(0.001);
            let mut headers = bucket_headers(b, 0);
            headers.push(("retry-after", format!("{retry:.3}")));
            headers.push(("x-ratelimit-scope", "user".into()));
            *self.refused.entry(name).or_default() += 1;
            return Verdict {
                headers,
                refused: Some(json!({ "message": "You are being rate limited.", "retry_after": retry, "global": false })),
            };
        }
        let random = self.config.random_429 > 0.0 && !key.contains("/interactions/") && {
            let p = self.config.random_429;
            self.chance() < p
        };
        let b = self.routes.get_mut(&key).expect("just inserted");
        if random {
            // A 429 nobody could foresee (Discord's "shared" scope): try again shortly.
            let retry = 0.05;
            let mut headers = bucket_headers(b, b.limit - b.used);
            headers.push(("retry-after", format!("{retry:.3}")));
            headers.push(("x-ratelimit-scope", "shared".into()));
            *self.refused.entry(name).or_default() += 1;
            return Verdict {
                headers,
                refused: Some(json!({ "message": "You are being rate limited.", "retry_after": retry, "global": false })),
            };
        }
        b.used += 1;
        if global {
            if let Some(g) = self.global.as_mut() {
                g.used += 1;
            }
        }
        Verdict { headers: bucket_headers(b, b.limit - b.used), refused: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_takes_five_messages_then_429() {
        let mut l = Limiter::new(RateLimits::default());
        let segs = ["channels", "42", "messages"];
        for i in 0..5 {
            let v = l.check("POST", &segs);
            assert!(v.refused.is_none(), "message {i}");
            assert!(v.headers.iter().any(|(h, r)| *h == "x-ratelimit-remaining" && *r == (4 - i).to_string()));
        }
        let v = l.check("POST", &segs);
        let body = v.refused.expect("the sixth is refused");
        assert!(body["retry_after"].as_f64().unwrap() > 0.0);
        assert!(l.check("POST", &["channels", "43", "messages"]).refused.is_none(), "another channel, another bucket");
        assert_eq!(route_name("POST", &segs), "POST /channels/{id}/messages");
    }

    #[test]
    fn the_global_bucket_spares_interaction_responses() {
        let mut l = Limiter::new(RateLimits { global_per_sec: 3, ..Default::default() });
        for c in 0..3 {
            assert!(l.check("POST", &["channels", &c.to_string(), "messages"]).refused.is_none());
        }
        let v = l.check("POST", &["channels", "9", "messages"]);
        assert_eq!(v.refused.expect("global")["global"], true);
        assert!(l.check("POST", &["interactions", "1", "tok", "callback"]).refused.is_none());
    }
}

//! What happened, in words: every event has a public wording, and where it
//! involves hidden cards, a private wording for the players allowed to see them.

use crate::state::PlayerId;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub public: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audience: Vec<PlayerId>,
}

impl Event {
    pub fn public(text: String) -> Event {
        Event { public: text, private: None, audience: Vec::new() }
    }
    pub fn with_private(public: String, private: String, audience: Vec<PlayerId>) -> Event {
        Event { public, private: Some(private), audience }
    }
    /// The wording `viewer` may read (`None`: a spectator, the public wording).
    pub fn text_for(&self, viewer: Option<PlayerId>) -> &str {
        match (&self.private, viewer) {
            (Some(p), Some(v)) if self.audience.contains(&v) => p,
            _ => &self.public,
        }
    }
}

//! The background task that keeps games moving: every minute it asks the
//! service what is due (reminders, time limits that ran out) and delivers it,
//! and starts the computer players of games that wait on one without being
//! moved (after a restart, or a failure).
//! Nothing is kept in memory between rounds: what is due comes from the
//! database, so a restart loses no reminder and sends none twice.

use super::spawn_delivery;
use crate::service::computers::STUCK_AFTER_SECS;
use crate::service::Service;
use poise::serenity_prelude::Http;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;
use tracing::warn;

/// How often the database is asked what is due.
pub const POLL: Duration = Duration::from_secs(60);

pub fn spawn(http: Arc<Http>, svc: Arc<Service>) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(POLL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut first = true;
        loop {
            tick.tick().await;
            match svc.due_work().await {
                Ok(outcomes) => {
                    for out in outcomes {
                        spawn_delivery(http.clone(), svc.clone(), out);
                    }
                }
                Err(e) => warn!("could not look for due reminders: {e}"),
            }
            // At the first round (the bot's start) no game has a driver yet: every one waiting on a computer is driven.
            let waited = if first { 0 } else { STUCK_AFTER_SECS };
            first = false;
            match svc.games_waiting_on_computers(waited).await {
                Ok(games) => {
                    for game in games {
                        super::computers::drive(http.clone(), svc.clone(), game);
                    }
                }
                Err(e) => warn!("could not look for games waiting on a computer player: {e}"),
            }
        }
    })
}

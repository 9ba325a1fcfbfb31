//! Moving the computer players of a game: a driver task per game that pauses
//! (so people can follow in the thread), lets the computer the game waits on
//! answer, delivers what happened, and goes on until the game waits on a
//! person (or is over). The rules and the choice are the service's; this only
//! paces and delivers.

use super::deliver::deliver;
use crate::service::Service;
use poise::serenity_prelude::Http;
use std::sync::Arc;
use tracing::warn;

/// Starts moving the game's computer players, unless a driver already does.
pub fn drive(http: Arc<Http>, svc: Arc<Service>, game: i64) {
    if !svc.start_driving(game) {
        return;
    }
    tokio::spawn(async move {
        let mut pause = true;
        loop {
            if pause {
                tokio::time::sleep(svc.computer_pause(game).await).await;
            }
            match svc.computer_move(game).await {
                // Delivered before the next move: the thread reads in order, at the pause's pace.
                // When the game then waits on people, the next round only stops the driver.
                Ok(Some(out)) => {
                    pause = out.computer_turn;
                    deliver(&http, &svc, out).await
                }
                Ok(None) => break,
                Err(e) => {
                    // Stopped; the periodic sweep tries again later.
                    warn!(game, "a computer player could not move: {e}");
                    svc.stop_driving(game);
                    break;
                }
            }
        }
    });
}

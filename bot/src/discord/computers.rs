//! Moving the computer players of a game: a driver task per game that pauses
//! (so people can follow in the thread), lets the computer the game waits on
//! answer, delivers what happened, and goes on until the game waits on a
//! person (or is over). The rules and the choice are the service's; this only
//! paces and delivers.
//!
//! The driver holds the game's claim in the database (see [`crate::claims`]) while it
//! runs, so that of several bot processes sharing it only one moves a game's computers;
//! when that process dies, its claim expires and the periodic sweep of another takes over.

use super::deliver::deliver;
use crate::claims::Work;
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
        let work = Work::Computer { game };
        if !claim(&svc, &work).await {
            // Another process moves this game's computers (or did until just now: its driver
            // was stopping; the sweep looks again once its claim expires).
            svc.stop_driving(game);
            return;
        }
        let mut pause = true;
        loop {
            if pause {
                tokio::time::sleep(svc.computer_pause(game).await).await;
            }
            if !claim(&svc, &work).await {
                svc.stop_driving(game);
                return;
            }
            match svc.computer_move(game).await {
                // Delivered before the next move: the thread reads in order, at the pause's pace.
                // When the game then waits on people, the next round only stops the driver.
                Ok(Some(out)) => {
                    pause = out.computer_turn;
                    deliver(&http, &svc, out, None).await
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
        if let Err(e) = svc.store().release(&work).await {
            warn!(game, "could not release the computer players' claim (it expires by itself): {e}");
        }
    });
}

/// Takes (or renews) the claim on moving the game's computers. A driver of another process
/// that is just stopping may hold it a moment longer: asked again a few times before giving up.
async fn claim(svc: &Service, work: &Work) -> bool {
    for attempt in 0..5 {
        match svc.store().claim(work, svc.now()).await {
            Ok(true) => return true,
            Ok(false) => {}
            Err(e) => warn!(game = work.game(), "could not claim the computer players' moves: {e}"),
        }
        if attempt < 4 {
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
    }
    false
}

//! Several bot processes sharing one database, played as several services (each with its
//! own cache and its own name on claims) on one SQLite file or one PostgreSQL database:
//! a game moved on by one is never served stale by another, each due reminder is taken
//! by one of them, and one that a process took and never delivered (it died) is taken
//! over by another once its claim expires, under the same nonce.

use chrono::Duration;
use innovation_bot::claims::{Work, LEASE_SECS};
use innovation_bot::ids::{ActionButton, Asked};
use innovation_bot::remind::ManualClock;
use innovation_bot::service::{Answer, Refusal, Service};
use innovation_bot::store::Store;
use std::sync::Arc;

mod common;
use common::{clock, user, Db, CHANNEL, GUILD};

/// A process: a service on the shared database, its claims signed `name`.
async fn process(db: &Db, clock: &Arc<ManualClock>, name: &str) -> Service {
    Service::with_clock(Store::connect(&db.url()).await.unwrap().with_owner(name), clock.clone())
}

/// A 2-player game started by `svc`, its first meld done; returns it and the seat to move.
async fn game_in_play(svc: &Service, seed: u64) -> (i64, usize) {
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), 2, false).await.unwrap();
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
    drop(svc.open_game(game, 7000 + game as u64).await.unwrap());
    for seat in 0..2 {
        drop(svc.answer(game, user(seat).id, Some(Asked::new(seat, 0)), Answer::Indices(vec![0])).await.unwrap());
    }
    let mover = svc.inspect(game, |l| l.game.prompts()[0].player).await.unwrap();
    (game, mover)
}

async fn game_moved_on_by_another_process_is_reloaded_not_served_stale(db: &Db) {
    let clock = clock();
    let a = process(db, &clock, "a").await;
    let b = process(db, &clock, "b").await;
    let (game, mover) = game_in_play(&a, 3).await;
    // B caches the game as it stands.
    let (v0, stamp0) = b.inspect(game, |l| (l.version, l.stamps[mover])).await.unwrap();
    // A stores the mover's draw.
    drop(a.act(game, user(mover).id, ActionButton::Draw, None).await.unwrap());
    // B sees it before deciding anything: the version moved on and the old button is stale.
    assert_eq!(b.version(game).await.unwrap(), v0 + 1, "reloaded from the database");
    let old = b.act(game, user(mover).id, ActionButton::Draw, None).await;
    let next = b.inspect(game, |l| (l.game.prompts()[0].player, l.stamps[l.game.prompts()[0].player])).await.unwrap();
    if next.0 == mover {
        // The mover's second action: answered through B, then seen by A.
        drop(old.unwrap());
        assert_eq!(a.version(game).await.unwrap(), v0 + 2);
    } else {
        assert!(old.is_err());
    }
    // A button from before both decisions is refused by either process, and changes nothing.
    let before = a.version(game).await.unwrap();
    let r = b.answer(game, user(mover).id, Some(Asked::new(mover, stamp0)), Answer::Indices(vec![0])).await;
    assert!(matches!(r, Err(Refusal::Stale) | Err(Refusal::NotAsked(_))), "{r:?}");
    assert_eq!(a.version(game).await.unwrap(), before);
    assert_eq!(b.version(game).await.unwrap(), before);
    // Cancelled by one process: the other's cache knows it.
    drop(a.cancel_game(game, user(0).id, false).await.unwrap());
    assert_eq!(b.act(game, user(next.0).id, ActionButton::Draw, None).await.err(), Some(Refusal::Cancelled));
}

async fn each_due_reminder_is_taken_by_one_process(db: &Db) {
    let clock = clock();
    let a = Arc::new(process(db, &clock, "a").await);
    let b = Arc::new(process(db, &clock, "b").await);
    let mut games = Vec::new();
    for seed in 0..4 {
        games.push(game_in_play(&a, seed).await.0);
    }
    clock.advance(Duration::hours(13));
    let (ra, rb) = tokio::join!(
        {
            let a = a.clone();
            async move { a.due_work().await.unwrap() }
        },
        {
            let b = b.clone();
            async move { b.due_work().await.unwrap() }
        }
    );
    let mut taken: Vec<i64> = ra.iter().chain(rb.iter()).filter(|o| !o.dms.is_empty()).map(|o| o.game).collect();
    taken.sort();
    assert_eq!(taken, games, "each game's reminder once, by one of the two");
    let claims = a.store().claims().await.unwrap();
    assert_eq!(claims.len(), 4, "each held until delivered: {claims:?}");
    for o in ra.iter().chain(rb.iter()) {
        let owner = if ra.iter().any(|x| std::ptr::eq(x, o)) { &a } else { &b };
        owner.finish_claim(o.claim.as_ref().expect("a claimed reminder")).await;
    }
    assert!(a.store().claims().await.unwrap().is_empty());
    clock.advance(Duration::minutes(10));
    assert!(a.due_work().await.unwrap().is_empty() && b.due_work().await.unwrap().is_empty(), "nothing twice");
}

async fn a_reminder_left_undelivered_by_a_dead_process_is_sent_once_by_another(db: &Db) {
    let clock = clock();
    let a = process(db, &clock, "a").await;
    let (game, mover) = game_in_play(&a, 5).await;
    clock.advance(Duration::hours(13));
    let taken = a.due_work().await.unwrap();
    assert_eq!(taken.len(), 1);
    let work = taken[0].claim.clone().expect("claimed");
    assert!(matches!(work, Work::Reminder { n: 1, .. }));
    // A dies here, before delivering: its outcome is gone, its claim stays.
    drop(taken);
    drop(a);
    let b = process(db, &clock, "b").await;
    assert!(b.due_work().await.unwrap().is_empty(), "not while A's claim holds");
    clock.advance(Duration::seconds(LEASE_SECS + 1));
    let again = b.due_work().await.unwrap();
    assert_eq!(again.len(), 1, "taken over once the claim expired");
    assert_eq!(again[0].claim.as_ref(), Some(&work), "the same item, so the same nonce: Discord drops it if A had sent it");
    assert_eq!(again[0].dms[0].user, user(mover).id);
    b.finish_claim(&work).await;
    let c = process(db, &clock, "c").await;
    clock.advance(Duration::seconds(LEASE_SECS + 1));
    assert!(c.due_work().await.unwrap().is_empty() && b.due_work().await.unwrap().is_empty(), "sent once, never again");
    // A reminder whose question was answered meanwhile is dropped, not sent.
    clock.advance(Duration::hours(12));
    let taken = c.due_work().await.unwrap();
    assert_eq!(taken.len(), 1);
    drop(taken);
    drop(b.act(game, user(mover).id, ActionButton::Draw, None).await.unwrap());
    clock.advance(Duration::seconds(LEASE_SECS + 1));
    assert!(b.due_work().await.unwrap().iter().all(|o| o.dms.is_empty()), "the question it was about is gone");
    assert!(b.store().claims().await.unwrap().is_empty());
}

async fn a_claim_is_held_by_one_owner_until_released_or_expired(db: &Db) {
    let clock = clock();
    let a = process(db, &clock, "a").await;
    let b = process(db, &clock, "b").await;
    let w = Work::Computer { game: 42 };
    let now = a.now();
    assert!(a.store().claim(&w, now).await.unwrap());
    assert!(a.store().claim(&w, now + 10).await.unwrap(), "renewed by its owner");
    assert!(!b.store().claim(&w, now + 10).await.unwrap(), "not while it holds");
    assert!(!b.store().claim(&w, now + 10 + LEASE_SECS - 1).await.unwrap());
    assert!(b.store().claim(&w, now + 10 + LEASE_SECS).await.unwrap(), "expired: taken over");
    a.store().release(&w).await.unwrap();
    assert_eq!(a.store().claims().await.unwrap().len(), 1, "only its owner releases it");
    b.store().release(&w).await.unwrap();
    assert!(a.store().claim(&w, now + 100).await.unwrap(), "released: free again");
}

on_both!(
    game_moved_on_by_another_process_is_reloaded_not_served_stale,
    each_due_reminder_is_taken_by_one_process,
    a_reminder_left_undelivered_by_a_dead_process_is_sent_once_by_another,
    a_claim_is_held_by_one_owner_until_released_or_expired,
);

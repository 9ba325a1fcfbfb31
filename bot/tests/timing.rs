//! Reminders, time limits and game management, with a clock moved by hand:
//! a due reminder is sent once (and not again after a restart), quiet hours
//! and being away hold reminders back, the time limit's vote removes a player
//! or grants a day, settings and cancelling are for the creator or a server
//! manager, and bad input is refused with words saying what is accepted.

use chrono::Duration;
use innovation_bot::ids::{ActionButton, Asked};
use innovation_bot::service::{Answer, Outcome, Refusal, Service, UiKind};
use innovation_bot::store::Store;

mod common;
use common::{clock, user, Db, CHANNEL, GUILD};

/// A started game (ann created it) whose first meld is done; returns it and the seat to move.
async fn game_in_play(svc: &Service, players: usize, seed: u64) -> (i64, usize) {
    let game = started(svc, players, seed).await;
    for seat in 0..players {
        drop(svc.answer(game, user(seat).id, Some(Asked::new(seat, 0)), Answer::Indices(vec![0])).await.unwrap());
    }
    let mover = svc.inspect(game, |l| l.game.prompts()[0].player).await.unwrap();
    (game, mover)
}

async fn started(svc: &Service, players: usize, seed: u64) -> i64 {
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), players, false).await.unwrap();
    for i in 1..players {
        svc.join_lobby(l.id, &user(i)).await.unwrap();
    }
    let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
    drop(svc.open_game(game, thread_of(game)).await.unwrap());
    game
}

fn thread_of(game: i64) -> u64 {
    5000 + game as u64
}

/// The reminders among what is due: (user, text).
fn reminders(outs: &[Outcome]) -> Vec<(u64, String)> {
    outs.iter().flat_map(|o| o.dms.iter().map(|d| (d.user, d.text.clone()))).collect()
}

fn posts(outs: &[Outcome]) -> Vec<String> {
    outs.iter().flat_map(|o| o.posts.iter().map(|p| p.text.clone())).collect()
}

/// What is due, as delivered: each claimed item is then released (as delivery does).
async fn due(svc: &Service) -> Vec<Outcome> {
    let outs = svc.due_work().await.unwrap();
    for o in &outs {
        if let Some(w) = &o.claim {
            svc.finish_claim(w).await;
        }
    }
    outs
}

async fn draw(svc: &Service, game: i64, seat: usize) -> Outcome {
    svc.act(game, user(seat).id, ActionButton::Draw, None).await.unwrap()
}

async fn a_due_reminder_is_sent_once_then_again_after_the_interval(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let (game, mover) = game_in_play(&svc, 2, 4).await;
    clock.advance(Duration::hours(11) + Duration::minutes(59));
    assert!(reminders(&due(&svc).await).is_empty(), "not before 12 hours");
    clock.advance(Duration::minutes(1));
    let outs = due(&svc).await;
    let sent = reminders(&outs);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].0, user(mover).id, "the one the game waits on");
    let text = &sent[0].1;
    assert!(text.contains(&format!("https://discord.com/channels/{GUILD}/{}", thread_of(game))), "a link to the thread: {text}");
    assert!(text.contains("12 hours") && text.contains("your move"), "how long, and what is asked: {text}");
    assert!(
        outs[0].dms[0].fallback.as_deref().is_some_and(|f| f.contains(&format!("<@{}>", user(mover).id))),
        "posted in the thread when DMs are closed"
    );
    assert!(reminders(&due(&svc).await).is_empty(), "sent once");
    clock.advance(Duration::hours(6));
    assert!(reminders(&due(&svc).await).is_empty());
    clock.advance(Duration::hours(6));
    assert_eq!(reminders(&due(&svc).await).len(), 1, "repeated at the interval");

    // An answer starts a new wait: the next reminder is 12 hours after it.
    clock.advance(Duration::hours(3));
    drop(draw(&svc, game, mover).await);
    let next = svc.inspect(game, |l| l.game.prompts()[0].player).await.unwrap();
    clock.advance(Duration::hours(11));
    let early: Vec<u64> = reminders(&due(&svc).await).into_iter().map(|(u, _)| u).collect();
    if next == mover {
        assert!(early.is_empty(), "the mover's second action is a new question: {early:?}");
    }
    clock.advance(Duration::hours(1));
    assert_eq!(reminders(&due(&svc).await).len(), 1);

    // The creator changes the interval; it is posted in the thread.
    let out = svc.game_settings(game, user(0).id, false, Some("2h"), None).await.unwrap();
    assert!(out.posts[0].text.contains("every **2 hours**"), "{}", out.posts[0].text);
    drop(out);
    clock.advance(Duration::hours(2));
    assert_eq!(reminders(&due(&svc).await).len(), 1);
}

async fn after_a_restart_due_reminders_are_sent_once_never_twice(db: &Db) {
    let url = db.url();
    let clock = clock();
    let store = Store::connect(&url).await.unwrap();
    let svc = Service::with_clock(store.clone(), clock.clone());
    let (game, mover) = game_in_play(&svc, 3, 8).await;
    clock.advance(Duration::hours(13));
    assert_eq!(reminders(&due(&svc).await).len(), 1, "sent before the restart");
    drop(svc);
    store.close().await;

    // The bot stops for two days: one reminder falls due meanwhile.
    let store = Store::connect(&url).await.unwrap();
    let svc = Service::with_clock(store.clone(), clock.clone());
    assert!(reminders(&due(&svc).await).is_empty(), "not sent again after the restart");
    drop(svc);
    store.close().await;
    clock.advance(Duration::days(2));
    let store = Store::connect(&url).await.unwrap();
    let svc = Service::with_clock(store, clock.clone());
    let sent = reminders(&due(&svc).await);
    assert_eq!(sent.len(), 1, "the reminder due while the bot was down is sent once, not once per missed interval");
    assert_eq!(sent[0].0, user(mover).id);
    assert!(sent[0].1.contains("2 days 13 hours"), "{}", sent[0].1);
    assert!(reminders(&due(&svc).await).is_empty());
    assert_eq!(svc.version(game).await.unwrap(), 3, "the game itself is untouched");
}

async fn quiet_hours_hold_a_reminder_until_they_end(db: &Db) {
    let clock = clock(); // 09:00 UTC = 04:00 in New York
    let svc = db.service_with(&clock).await;
    let (_game, mover) = game_in_play(&svc, 2, 4).await;
    // Due at 21:00 UTC = 16:00 in New York: make that quiet, until 18:30 there (23:30 UTC).
    let reply = svc.set_prefs(user(mover).id, None, Some("America/New_York"), Some("15:00-18:30")).await.unwrap();
    assert!(reply.contains("America/New_York") && reply.contains("15:00–18:30"), "{reply}");
    clock.advance(Duration::hours(12));
    assert!(reminders(&due(&svc).await).is_empty(), "quiet hours");
    clock.advance(Duration::hours(2) + Duration::minutes(29));
    assert!(reminders(&due(&svc).await).is_empty(), "still quiet");
    clock.advance(Duration::minutes(1));
    assert_eq!(reminders(&due(&svc).await).len(), 1, "sent when the quiet hours end");

    // Reminders off: none at all.
    svc.set_prefs(user(mover).id, Some(false), None, None).await.unwrap();
    clock.advance(Duration::days(3));
    assert!(reminders(&due(&svc).await).is_empty());
}

async fn away_pauses_reminders_and_the_time_limit_and_says_so_in_the_threads(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let (game, mover) = game_in_play(&svc, 2, 4).await;
    let other_game = started(&svc, 2, 9).await; // in its first meld
    drop(svc.game_settings(game, user(0).id, false, None, Some("2d")).await.unwrap());
    let (reply, outs) = svc.set_away(user(mover).id, "3d").await.unwrap();
    assert!(reply.contains("away until"), "{reply}");
    let mut threads: Vec<Option<u64>> = outs.iter().map(|o| o.thread).collect();
    threads.sort();
    assert_eq!(threads, vec![Some(thread_of(game)), Some(thread_of(other_game))], "said in each game's thread");
    assert!(posts(&outs).iter().all(|p| p.contains("is away until") && p.contains("<t:")), "{:?}", posts(&outs));
    drop(outs);

    clock.advance(Duration::days(3) - Duration::minutes(1));
    let outs = due(&svc).await;
    assert!(!reminders(&outs).iter().any(|(u, _)| *u == user(mover).id), "no reminders while away");
    assert!(posts(&outs).is_empty(), "no time limit while away: {:?}", posts(&outs));
    clock.advance(Duration::minutes(1));
    let outs = due(&svc).await;
    let to_mover = reminders(&outs).into_iter().filter(|(u, _)| *u == user(mover).id).count();
    assert_eq!(to_mover, 2, "back: reminded of both games");
    assert!(posts(&outs).is_empty(), "the time limit runs again from the return");
    clock.advance(Duration::days(2));
    let outs = due(&svc).await;
    assert!(posts(&outs).iter().any(|p| p.contains("Time limit")), "{:?}", posts(&outs));

    // Coming back early says so too.
    let (_, outs) = svc.set_away(user(1 - mover).id, "2030-12-24").await.unwrap();
    drop(outs);
    let (reply, outs) = svc.set_away(user(1 - mover).id, "off").await.unwrap();
    assert!(reply.contains("Welcome back"));
    assert!(posts(&outs).iter().all(|p| p.contains("is back")) && !outs.is_empty());
}

async fn the_time_limit_vote_removes_a_player_as_a_concession(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let (game, late) = game_in_play(&svc, 3, 21).await;
    let voters: Vec<usize> = (0..3).filter(|s| *s != late).collect();
    // Only the creator (ann) or a manager may set the limit.
    assert!(matches!(svc.game_settings(game, user(1).id, false, None, Some("1d")).await, Err(Refusal::NotAllowed(_))));
    let out = svc.game_settings(game, user(0).id, false, None, Some("1d")).await.unwrap();
    assert!(out.posts[0].text.contains("time limit of **1 day**"), "posted in the thread: {}", out.posts[0].text);
    drop(out);

    clock.advance(Duration::hours(23));
    assert!(posts(&due(&svc).await).is_empty());
    clock.advance(Duration::hours(1));
    let outs = due(&svc).await;
    let vote = outs.iter().flat_map(|o| &o.posts).find(|p| p.ui.is_some()).expect("the vote is posted");
    let ui = vote.ui.clone().unwrap();
    assert!(matches!(&ui.kind, UiKind::LimitVote { .. }) && ui.seat == late);
    for v in &voters {
        assert!(vote.text.contains(&format!("<@{}>", user(*v).id)), "the others are asked: {}", vote.text);
    }
    drop(outs);
    assert!(posts(&due(&svc).await).is_empty(), "posted once");
    let asked = Asked::new(ui.seat, ui.stamp);

    // The late player does not vote; a majority (2 of 2) is needed.
    assert!(matches!(svc.limit_vote(game, user(late).id, asked, false).await, Err(Refusal::Other(_))));
    let out = svc.limit_vote(game, user(voters[0]).id, asked, true).await.unwrap();
    assert!(out.posts[0].text.contains("votes to remove"), "{}", out.posts[0].text);
    drop(out);
    let v = svc.version(game).await.unwrap();
    let out = svc.limit_vote(game, user(voters[1]).id, asked, true).await.unwrap();
    assert!(out.posts[0].text.contains("was removed"), "{}", out.posts[0].text);
    assert!(out.stale.iter().all(|m| m.seat == late || !m.vote));
    drop(out);
    assert_eq!(svc.version(game).await.unwrap(), v + 1, "stored as a decision");
    let d = svc.store().decisions(game).await.unwrap().pop().unwrap();
    assert!(d.is_concession() && d.player == late, "the removal is the late player's concession");
    svc.inspect(game, |l| {
        assert!(l.game.state().players[late].eliminated, "out of the game");
        assert!(l.game.state().players[late].hand.is_empty(), "cards junked");
        assert!(!l.game.is_over(), "two players go on");
        assert!(l.game.prompts().iter().all(|p| p.player != late));
    })
    .await
    .unwrap();
    assert!(matches!(svc.limit_vote(game, user(voters[0]).id, asked, true).await, Err(Refusal::Other(_))), "the vote is over");
}

async fn the_others_can_grant_one_more_day_and_an_answer_ends_the_vote(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let (game, late) = game_in_play(&svc, 2, 4).await;
    drop(svc.game_settings(game, user(0).id, false, None, Some("36h")).await.unwrap());
    clock.advance(Duration::hours(36));
    let outs = due(&svc).await;
    let ui = outs.iter().flat_map(|o| &o.posts).find_map(|p| p.ui.clone()).expect("a vote");
    drop(outs);
    let asked = Asked::new(ui.seat, ui.stamp);
    let out = svc.limit_vote(game, user(1 - late).id, asked, false).await.unwrap();
    assert!(out.posts[0].text.contains("one more day"), "{}", out.posts[0].text);
    drop(out);
    clock.advance(Duration::hours(23));
    assert!(posts(&due(&svc).await).is_empty(), "a day more");
    clock.advance(Duration::hours(1));
    let outs = due(&svc).await;
    let ui = outs.iter().flat_map(|o| &o.posts).find_map(|p| p.ui.clone()).expect("a new vote after that day");
    drop(outs);
    // The late player answers: the vote is over, and the limit starts again.
    drop(draw(&svc, game, late).await);
    let r = svc.limit_vote(game, user(1 - late).id, Asked::new(ui.seat, ui.stamp), true).await;
    assert!(matches!(&r, Err(Refusal::Other(m)) if m.contains("vote is over")), "{r:?}");
    assert!(!svc.inspect(game, |l| l.game.state().players[late].eliminated).await.unwrap());
}

async fn in_the_first_meld_the_time_limit_only_gives_notice(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let game = started(&svc, 2, 3).await;
    drop(svc.game_settings(game, user(0).id, false, None, Some("1d")).await.unwrap());
    drop(svc.answer(game, user(0).id, Some(Asked::new(0, 0)), Answer::Indices(vec![0])).await.unwrap());
    clock.advance(Duration::days(1));
    let outs = due(&svc).await;
    let p = posts(&outs);
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].contains("first card") && p[0].contains("/innovation cancel"), "{}", p[0]);
    assert!(outs.iter().all(|o| o.posts.iter().all(|p| p.ui.is_none())), "no vote: nobody can be removed before the first meld");
    let sent = reminders(&outs);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, user(1).id, "only bo still has to choose");
}

async fn cancelling_is_for_the_creator_or_a_manager(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let (game, mover) = game_in_play(&svc, 2, 4).await;
    assert!(matches!(svc.cancel_game(game, user(1).id, false).await, Err(Refusal::NotAllowed(m)) if m.contains("Manage Server")));
    let out = svc.cancel_game(game, user(1).id, true).await.unwrap();
    assert!(out.posts[0].text.contains("cancelled"));
    drop(out);
    assert_eq!(svc.act(game, user(mover).id, ActionButton::Draw, None).await.unwrap_err(), Refusal::Cancelled);
    assert_eq!(svc.cancel_game(game, user(0).id, false).await.unwrap_err(), Refusal::Cancelled);
    let games = svc.games_of(user(0).id).await.unwrap();
    assert_eq!(games[0].result.as_deref(), Some("cancelled"));
    clock.advance(Duration::days(5));
    assert!(due(&svc).await.is_empty(), "no reminders for a cancelled game");

    // The creator cancels their own game; lobbies: the creator or a manager.
    let (game, _) = game_in_play(&svc, 2, 5).await;
    drop(svc.cancel_game(game, user(0).id, false).await.unwrap());
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), 3, false).await.unwrap();
    assert!(matches!(svc.cancel_lobby_as(l.id, &user(1), false).await, Err(Refusal::Lobby(_))));
    assert!(svc.cancel_lobby_as(l.id, &user(1), true).await.unwrap().cancelled);
}

async fn games_list_whom_each_waits_on_and_for_how_long(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let (game, mover) = game_in_play(&svc, 2, 4).await;
    clock.advance(Duration::hours(5));
    let list = svc.games_of(user(1 - mover).id).await.unwrap();
    let g = list.iter().find(|g| g.id == game).unwrap();
    assert_eq!(g.waiting_for, vec![(user(mover).name.clone(), Some(5 * 3600))]);
}

async fn bad_input_is_refused_saying_what_is_accepted(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let (game, _) = game_in_play(&svc, 2, 4).await;
    let refused = |r: Result<Outcome, Refusal>| match r {
        Err(Refusal::Invalid(m)) => m,
        other => panic!("not refused: {:?}", other.map(|o| o.posts.len())),
    };
    let m = refused(svc.game_settings(game, user(0).id, false, Some("-5h"), None).await);
    assert!(m.contains("1 hour to 30 days") && m.contains("12h"), "{m}");
    let m = refused(svc.game_settings(game, user(0).id, false, Some("-3"), None).await);
    assert!(m.contains("cannot be negative"), "{m}");
    let m = refused(svc.game_settings(game, user(0).id, false, Some("0"), None).await);
    assert!(m.contains("out of range"), "{m}");
    let m = refused(svc.game_settings(game, user(0).id, false, None, Some("forever")).await);
    assert!(m.contains("like `3d`") && m.contains("`off`"), "{m}");
    let shown = svc.game_settings(game, user(1).id, false, None, None).await.unwrap();
    assert!(shown.reply.contains("every 12 hours") && shown.reply.contains("no time limit"), "unchanged: {}", shown.reply);

    let m = svc.set_prefs(user(1).id, Some(false), Some("Mars/Olympus_Mons"), None).await.unwrap_err();
    assert!(matches!(&m, Refusal::Invalid(t) if t.contains("Europe/Paris")), "{m}");
    let m = svc.set_prefs(user(1).id, None, None, Some("after dinner")).await.unwrap_err();
    assert!(matches!(&m, Refusal::Invalid(t) if t.contains("22:00-08:00")), "{m}");
    assert!(svc.prefs(user(1).id).await.unwrap().reminders, "nothing saved from a refused change");

    let m = svc.set_away(user(1).id, "2020-01-01").await.unwrap_err();
    assert!(matches!(&m, Refusal::Invalid(t) if t.contains("in the past")), "{m}");
    let m = svc.set_away(user(1).id, "someday").await.unwrap_err();
    assert!(matches!(&m, Refusal::Invalid(t) if t.contains("2030-07-01")), "{m}");
    let m = svc.set_away(user(1).id, "-2d").await.unwrap_err();
    assert!(matches!(&m, Refusal::Invalid(_)), "{m}");
    assert_eq!(svc.prefs(user(1).id).await.unwrap().away_until, None);
}

async fn games_from_before_waits_were_kept_get_them_and_are_reminded(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let (game, mover) = game_in_play(&svc, 2, 4).await;
    // As if the game had been played by a bot from before migration 0002.
    sqlx::query("DELETE FROM waits").execute(svc.store().pool()).await.unwrap();
    clock.advance(Duration::days(3));
    assert!(due(&svc).await.is_empty(), "the wait starts when it is first recorded");
    clock.advance(Duration::hours(12));
    let sent = reminders(&due(&svc).await);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].0, user(mover).id);
    assert_eq!(svc.version(game).await.unwrap(), 2);
}

on_both!(
    a_due_reminder_is_sent_once_then_again_after_the_interval,
    after_a_restart_due_reminders_are_sent_once_never_twice,
    quiet_hours_hold_a_reminder_until_they_end,
    away_pauses_reminders_and_the_time_limit_and_says_so_in_the_threads,
    the_time_limit_vote_removes_a_player_as_a_concession,
    the_others_can_grant_one_more_day_and_an_answer_ends_the_vote,
    in_the_first_meld_the_time_limit_only_gives_notice,
    cancelling_is_for_the_creator_or_a_manager,
    games_list_whom_each_waits_on_and_for_how_long,
    bad_input_is_refused_saying_what_is_accepted,
    games_from_before_waits_were_kept_get_them_and_are_reminded,
);

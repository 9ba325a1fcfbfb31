//! A game is never lost to a rules fix: the table is kept at every action boundary beside the
//! log, and a game whose log no longer replays (here, as a later version of the rules would
//! see it, a decision in the middle of the log that the engine now refuses) goes on from that
//! table with the decisions after it. Without a kept table the game is refused, not changed.

use engine::Decision;
use innovation_bot::ids::Asked;
use innovation_bot::service::{rebuild, Answer, Level, Refusal, Service};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod common;
use common::{clock, play_to_the_end, random_pick, service, user, CHANNEL, GUILD};

/// Ann and bo; started and played `n` decisions at random (the game not over yet).
async fn played(svc: &Service, seed: u64, n: usize) -> i64 {
    let l = svc.create_lobby_with_computers(GUILD, CHANNEL, &user(0), 2, false, 0, Level::Basic).await.unwrap();
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
    svc.open_game(game, 9500 + game as u64).await.unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..n {
        let (seat, prompt, stamp) = svc
            .inspect(game, |l| {
                let p = l.game.prompts()[0].clone();
                (p.player, p.clone(), l.stamps[p.player])
            })
            .await
            .unwrap();
        let who = user(seat).id;
        svc.answer(game, who, Some(Asked::new(seat, stamp)), Answer::Indices(random_pick(&prompt, &mut rng))).await.unwrap();
        assert!(!svc.inspect(game, |l| l.game.is_over()).await.unwrap(), "pick a seed whose game lasts");
    }
    game
}

/// Rewrites decision `seq` of the stored log as the same answer by the other seat: a log the
/// engine refuses at that point, as a changed rule would.
async fn break_decision(svc: &Service, game: i64, seq: usize) {
    let decisions = svc.store().decisions(game).await.unwrap();
    let d = &decisions[seq];
    let changed = Decision::new(1 - d.player, d.answer.clone());
    sqlx::query("UPDATE decisions SET decision = $1 WHERE game_id = $2 AND seq = $3")
        .bind(serde_json::to_string(&changed).unwrap())
        .bind(game)
        .bind(seq as i64)
        .execute(svc.store().pool())
        .await
        .unwrap();
    svc.evict(game);
}

#[tokio::test]
async fn a_game_whose_log_no_longer_replays_goes_on_from_its_kept_table() {
    let clock = clock();
    let svc = service(&clock).await;
    let game = played(&svc, 21, 30).await;
    let before = svc.inspect(game, |l| serde_json::to_string(l.game.state()).unwrap()).await.unwrap();
    let (kept_at, _) = svc.store().snapshot(game).await.unwrap().expect("a table is kept");
    let version = svc.version(game).await.unwrap();
    assert!(kept_at > 10 && kept_at <= version, "kept at an action boundary late in the game: {kept_at} of {version}");

    break_decision(&svc, game, 5).await;
    let config = svc.store().game(game).await.unwrap().config;
    assert!(rebuild(config, &svc.store().decisions(game).await.unwrap()).is_err(), "the log no longer replays");
    let after = svc.inspect(game, |l| serde_json::to_string(l.game.state()).unwrap()).await.unwrap();
    assert_eq!(after, before, "the same table, from the kept one and the decisions after it");
    // And the game goes on to its end.
    let last = play_to_the_end(&svc, game, 22).await;
    assert!(last.posts.iter().any(|p| p.text.contains("Game over")));
}

#[tokio::test]
async fn without_a_kept_table_a_broken_log_is_refused_and_left_alone() {
    let clock = clock();
    let svc = service(&clock).await;
    // In the first meld no table is kept yet.
    let game = played(&svc, 23, 1).await;
    assert!(svc.store().snapshot(game).await.unwrap().is_none());
    break_decision(&svc, game, 0).await;
    let refused = svc.inspect(game, |_| ()).await;
    assert!(matches!(&refused, Err(Refusal::Internal(m)) if m.contains("no table was kept")), "{refused:?}");
    assert_eq!(svc.store().decisions(game).await.unwrap().len(), 1, "nothing was changed");
}

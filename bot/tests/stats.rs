//! Records and the leaderboard, without Discord: who won is stored with the
//! decision that ends a game (every seat of it marked), cancelled games and
//! other servers do not count, computers are left off the leaderboard, and a
//! game that finished before results were stored is worked out by replaying it.

use innovation_bot::service::stats::{leaderboard_text, record_text};
use innovation_bot::service::{Level, Service};

mod common;
use common::{clock, play_to_the_end, user, Db, CHANNEL, GUILD};

/// Ann, bo and a basic computer, played to the end; returns the game and its winners' seats.
async fn finished_game(svc: &Service, guild: u64, seed: u64) -> (i64, Vec<usize>) {
    let l = svc.create_lobby_with_computers(guild, CHANNEL, &user(0), 3, false, 1, Level::Basic).await.unwrap();
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
    svc.open_game(game, 8000 + game as u64).await.unwrap();
    play_to_the_end(svc, game, seed).await;
    let winners = svc.inspect(game, |l| l.game.result().map(|r| r.winners.clone())).await.unwrap().expect("over");
    (game, winners)
}

async fn finished_games_make_records_and_a_leaderboard(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let mut wins = [0i64; 3]; // ann, the computer, bo (seats 0, 1, 2)
    for seed in [1, 2, 3] {
        let (game, winners) = finished_game(&svc, GUILD, seed).await;
        let seats = svc.store().players(game).await.unwrap();
        assert_eq!(seats.len(), 3);
        for w in &winners {
            wins[*w] += 1;
        }
    }
    // A cancelled game and a game in another server do not count; a game in play shows as such.
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), 2, false).await.unwrap();
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let (cancelled, _) = svc.start_lobby(l.id, &user(0), 9).await.unwrap();
    svc.open_game(cancelled, 9100).await.unwrap();
    svc.cancel_game(cancelled, user(0).id, false).await.unwrap();
    finished_game(&svc, GUILD + 1, 4).await;
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), 2, false).await.unwrap();
    svc.join_lobby(l.id, &user(2)).await.unwrap();
    let (playing, _) = svc.start_lobby(l.id, &user(0), 10).await.unwrap();
    svc.open_game(playing, 9200).await.unwrap();

    let ann = svc.record(GUILD, user(0).id).await.unwrap();
    assert_eq!((ann.finished, ann.won, ann.playing), (3, wins[0], 1));
    let bo = svc.record(GUILD, user(1).id).await.unwrap();
    assert_eq!((bo.finished, bo.won, bo.playing), (3, wins[2], 0));
    let nobody = svc.record(GUILD, user(4).id).await.unwrap();
    assert_eq!((nobody.finished, nobody.won), (0, 0));
    assert_eq!(record_text(&nobody), "no game finished yet");

    let board = svc.leaderboard(GUILD).await.unwrap();
    assert_eq!(board.len(), 2, "people only: {board:?}");
    assert!(board.iter().all(|r| r.finished == 3));
    assert!(board[0].won >= board[1].won);
    let text = leaderboard_text(&board);
    assert!(text.contains(&format!("<@{}>", user(0).id)) && text.contains(&format!("<@{}>", user(1).id)), "{text}");
}

async fn games_finished_before_results_were_stored_are_worked_out(db: &Db) {
    let clock = clock();
    let svc = db.service_with(&clock).await;
    let (game, winners) = finished_game(&svc, GUILD, 5).await;
    // As a database from before migration 0005 would hold it.
    sqlx::query("UPDATE game_players SET won = NULL WHERE game_id = $1").bind(game).execute(svc.store().pool()).await.unwrap();
    assert_eq!(svc.store().games_without_results(GUILD).await.unwrap(), vec![game]);
    let ann = svc.record(GUILD, user(0).id).await.unwrap();
    assert_eq!((ann.finished, ann.won), (1, winners.contains(&0) as i64));
    assert!(svc.store().games_without_results(GUILD).await.unwrap().is_empty(), "worked out once, then stored");
}

on_both!(finished_games_make_records_and_a_leaderboard, games_finished_before_results_were_stored_are_worked_out,);

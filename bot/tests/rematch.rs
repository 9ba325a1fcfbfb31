//! Rematch, without Discord: the game-over message carries the button; a person
//! who played opens a lobby with the same seats, teams and computer players in the
//! game's channel; one rematch at a time (a cancelled one makes room for another);
//! nobody else, and no game still going, gets one.

use innovation_bot::service::{Level, Refusal, UiKind};

mod common;
use common::{clock, play_to_the_end, service, user, CHANNEL, GUILD};

#[tokio::test]
async fn a_finished_game_offers_a_rematch_to_its_players() {
    let clock = clock();
    let svc = service(&clock).await;
    // Ann, bo and a basic computer.
    let l = svc.create_lobby_with_computers(GUILD, CHANNEL, &user(0), 3, false, 1, Level::Basic).await.unwrap();
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &user(0), 3).await.unwrap();
    svc.open_game(game, 7000).await.unwrap();

    let early = svc.rematch(game, &user(1)).await;
    assert!(matches!(&early, Err(Refusal::Other(m)) if m.contains("not over")), "{early:?}");

    let last = play_to_the_end(&svc, game, 9).await;
    let over = last.posts.iter().find(|p| p.text.contains("Game over")).expect("the game-over message");
    let ui = over.ui.as_ref().expect("the game-over message has a button");
    assert_eq!((ui.game, &ui.kind), (game, &UiKind::Rematch));

    // Somebody who did not play cannot.
    let stranger = svc.rematch(game, &user(4)).await;
    assert!(matches!(&stranger, Err(Refusal::NotAllowed(_))), "{stranger:?}");

    // Bo opens it: same seats, the computer seated again, bo its creator, ann to be told.
    let (lobby, others) = svc.rematch(game, &user(1)).await.unwrap();
    assert_eq!((lobby.creator, lobby.seats, lobby.teams, lobby.channel, lobby.guild), (user(1).id, 3, false, CHANNEL, GUILD));
    assert_eq!(lobby.rematch_of, Some(game));
    assert_eq!(lobby.members.len(), 2);
    assert_eq!(lobby.members[1].computer.as_deref(), Some("basic"));
    assert_eq!(others, vec![user(0).id]);
    assert!(lobby.text().contains(&format!("a rematch of game #{game}")), "{}", lobby.text());

    // One at a time: ann is pointed to bo's lobby (with its link once it is posted).
    svc.set_lobby_message(lobby.id, 9999).await.unwrap();
    let again = svc.rematch(game, &user(0)).await;
    assert!(matches!(&again, Err(Refusal::Lobby(m)) if m.contains("already open") && m.contains("/9999")), "{again:?}");

    // Cancelled, it makes room for another; once that one starts, pressing again says so.
    svc.cancel_lobby(lobby.id, &user(1)).await.unwrap();
    let (lobby, others) = svc.rematch(game, &user(0)).await.unwrap();
    assert_eq!((lobby.creator, others), (user(0).id, vec![user(1).id]));
    svc.join_lobby(lobby.id, &user(1)).await.unwrap();
    let (second, _) = svc.start_lobby(lobby.id, &user(0), 4).await.unwrap();
    let started = svc.rematch(game, &user(1)).await;
    assert!(matches!(&started, Err(Refusal::Lobby(m)) if m.contains("already started")), "{started:?}");
    assert_eq!(svc.store().players(second).await.unwrap().len(), 3, "the rematch is a game of three again");
}

#[tokio::test]
async fn a_team_game_s_rematch_is_a_team_game() {
    let clock = clock();
    let svc = service(&clock).await;
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), 4, true).await.unwrap();
    for i in 1..4 {
        svc.join_lobby(l.id, &user(i)).await.unwrap();
    }
    let (game, _) = svc.start_lobby(l.id, &user(0), 5).await.unwrap();
    svc.open_game(game, 7001).await.unwrap();
    // Ended by its creator: over, so a rematch may be opened (the cancel message has no button, /innovation new works too).
    svc.cancel_game(game, user(0).id, false).await.unwrap();
    let (lobby, others) = svc.rematch(game, &user(2)).await.unwrap();
    assert!(lobby.teams && lobby.seats == 4 && lobby.computers() == 0);
    assert_eq!(others, vec![user(0).id, user(1).id, user(3).id]);
}

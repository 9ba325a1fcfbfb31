//! Computer players in the bot, without Discord: seating them in a lobby (the
//! creator only, never past the seats), a game of one person against computers
//! played to its end (the computers answer through the same path as people,
//! get no direct message and no buttons, and their decisions are stored and
//! replay), one driver per game, and no reminder or vote for a computer.

use chrono::Duration;
use innovation_bot::ids::Asked;
use innovation_bot::service::{Answer, Level, Outcome, Refusal, Service, UiKind, User};
use innovation_bot::store::COMPUTER_IDS;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod common;
use common::{clock, random_pick, service, user, CHANNEL, GUILD};

/// Ann and `computers` computer players of `level`; started, with its thread. Returns the game and the opening outcome.
async fn start_with_computers(svc: &Service, seats: usize, computers: usize, level: Level, seed: u64) -> (i64, Outcome) {
    let l = svc.create_lobby_with_computers(GUILD, CHANNEL, &user(0), seats, false, computers, level).await.unwrap();
    assert_eq!(l.members.len(), 1 + computers);
    let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
    let out = svc.open_game(game, 5000 + game as u64).await.unwrap();
    (game, out)
}

/// Nothing in an outcome goes to a computer, or offers buttons for a computer's question.
fn check_nothing_for_computers(out: &Outcome) {
    for dm in &out.dms {
        assert!(!COMPUTER_IDS.contains(&dm.user), "a direct message to a computer: {}", dm.text);
    }
    for post in &out.posts {
        assert!(!post.text.contains("<@1>") && !post.text.contains("<@2>"), "a computer mentioned as a user: {}", post.text);
    }
}

/// Ann answers her question at random (through the buttons' path).
async fn ann_answers(svc: &Service, game: i64, rng: &mut ChaCha8Rng) -> Outcome {
    let (prompt, stamp) = svc.inspect(game, |l| (l.game.prompt_for(0).cloned(), l.stamps[0])).await.unwrap();
    let p = prompt.expect("ann is asked");
    svc.answer(game, user(0).id, Some(Asked::new(0, stamp)), Answer::Indices(random_pick(&p, rng))).await.unwrap()
}

#[tokio::test]
async fn lobbies_seat_computers_for_their_creator_only() {
    let clock = clock();
    let svc = service(&clock).await;
    let l = svc.create_lobby_with_computers(GUILD, CHANNEL, &user(0), 5, false, 2, Level::Strong).await.unwrap();
    let text = l.text();
    assert!(text.contains("Computer 1 (computer, strong)") && text.contains("Computer 2 (computer, strong)"), "{text}");
    assert!(l.can_start(), "a person and two computers may start");
    assert_eq!(l.computers(), 2);

    // Only the creator adds or removes computers; a member who is not cannot.
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    assert!(matches!(svc.add_computer(l.id, &user(1)).await, Err(Refusal::Lobby(_))));
    assert!(matches!(svc.remove_computer(l.id, &user(1)).await, Err(Refusal::Lobby(_))));
    let l = svc.add_computer(l.id, &user(0)).await.unwrap();
    assert!(l.is_full());
    assert!(l.text().contains("Computer 3 (computer, strong)"), "{}", l.text());
    assert!(matches!(svc.add_computer(l.id, &user(0)).await, Err(Refusal::Lobby(_))), "no seat left");
    assert!(matches!(svc.join_lobby(l.id, &user(2)).await, Err(Refusal::Lobby(_))), "full");

    // Removing takes the last computer; a person may then join.
    let l = svc.remove_computer(l.id, &user(0)).await.unwrap();
    assert_eq!(l.computers(), 2);
    assert!(!l.text().contains("Computer 3"));
    let l = svc.join_lobby(l.id, &user(2)).await.unwrap();
    assert!(l.is_full());
    let (game, _) = svc.start_lobby(l.id, &user(0), 1).await.unwrap();
    let seats = svc.store().players(game).await.unwrap();
    let computers: Vec<(usize, &str)> = seats.iter().filter_map(|p| Some((p.seat, p.computer.as_deref()?))).collect();
    assert_eq!(computers, vec![(1, "strong"), (2, "strong")], "seated in joining order, with their level");

    // A computer cannot "leave" through a person's button, and nobody may seat more computers than seats.
    let l = svc.create_lobby_with_computers(GUILD, CHANNEL, &user(0), 3, false, 1, Level::Basic).await.unwrap();
    assert!(matches!(svc.leave_lobby(l.id, &User::new(1, "Computer 1")).await, Err(Refusal::Lobby(_))));
    let refused = svc.create_lobby_with_computers(GUILD, CHANNEL, &user(0), 3, false, 3, Level::Basic).await;
    assert!(matches!(&refused, Err(Refusal::Lobby(m)) if m.contains("at most 2")), "{refused:?}");
    let l = svc.create_lobby_with_computers(GUILD, CHANNEL, &user(0), 2, false, 0, Level::Basic).await.unwrap();
    assert!(!l.can_start(), "alone, nobody starts");
    let l = svc.add_computer(l.id, &user(0)).await.unwrap();
    assert!(l.can_start());
    assert!("clever".parse::<Level>().is_err());
}

#[tokio::test]
async fn a_person_plays_two_computers_to_the_end() {
    let clock = clock();
    let svc = service(&clock).await;
    let (game, opening) = start_with_computers(&svc, 3, 2, Level::Basic, 11).await;
    check_nothing_for_computers(&opening);
    assert!(opening.computer_turn, "the computers choose their first card at once");
    assert_eq!(opening.dms.len(), 1, "only ann gets her first two cards");
    assert!(opening.posts[0].text.contains("Computer 1 (a computer player, basic)"), "{}", opening.posts[0].text);

    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut computer_moves = 0;
    for _ in 0..3000 {
        let (over, ann_asked, computer_asked) = svc
            .inspect(game, |l| (l.game.is_over(), l.game.prompt_for(0).is_some(), l.game.prompts().iter().any(|p| l.is_computer(p.player))))
            .await
            .unwrap();
        if over {
            break;
        }
        let out = if computer_asked {
            assert!(svc.start_driving(game), "no driver runs yet");
            assert!(!svc.start_driving(game), "one driver per game");
            computer_moves += 1;
            svc.computer_move(game).await.unwrap().expect("the computer answers")
        } else {
            assert!(ann_asked, "the game waits on somebody");
            // Nobody else's turn: asking a computer to move does nothing and frees the game's driver.
            assert!(svc.start_driving(game));
            assert!(svc.computer_move(game).await.unwrap().is_none());
            assert!(svc.start_driving(game), "the driver was stopped");
            svc.stop_driving(game);
            ann_answers(&svc, game, &mut rng).await
        };
        check_nothing_for_computers(&out);
        if computer_asked {
            svc.stop_driving(game);
        }
        for post in &out.posts {
            if let Some(ui) = &post.ui {
                assert_eq!(ui.seat, 0, "buttons only for ann's questions: {}", post.text);
                assert!(!matches!(ui.kind, UiKind::LimitVote { .. }));
            }
        }
    }
    // A finished game is evicted and rebuilt from the database: its decisions replay.
    let over = svc.inspect(game, |l| l.game.is_over()).await.unwrap();
    assert!(over, "the game ended");
    assert!(computer_moves > 20, "the computers played ({computer_moves} decisions)");
    let decisions = svc.store().decisions(game).await.unwrap();
    let config = svc.store().game(game).await.unwrap().config;
    let (rebuilt, _) = innovation_bot::service::rebuild(config, &decisions).unwrap();
    assert!(rebuilt.is_over());
    assert!(decisions.iter().any(|d| d.player == 1) && decisions.iter().any(|d| d.player == 2));
}

#[tokio::test]
async fn computers_get_no_reminder_and_are_found_when_they_lost_their_turn() {
    let clock = clock();
    let svc = service(&clock).await;
    let (game, _) = start_with_computers(&svc, 2, 1, Level::Basic, 3).await;
    // The computer has not chosen its first card (its driver never ran, as after a restart).
    assert!(svc.games_waiting_on_computers(30).await.unwrap().is_empty(), "not yet: it has only just been asked");
    assert_eq!(svc.games_waiting_on_computers(0).await.unwrap(), vec![game], "at the bot's start: every game waiting on a computer");
    clock.advance(Duration::days(3));
    let due = svc.due_work().await.unwrap();
    for out in &due {
        for dm in &out.dms {
            assert!(!COMPUTER_IDS.contains(&dm.user), "a reminder to a computer");
        }
    }
    assert_eq!(svc.games_waiting_on_computers(30).await.unwrap(), vec![game]);
    assert!(svc.start_driving(game));
    assert!(svc.games_waiting_on_computers(30).await.unwrap().is_empty(), "a game being driven is left to its driver");
    let out = svc.computer_move(game).await.unwrap().expect("it chooses its first card");
    assert!(out.posts[0].text.contains("Computer 1 has chosen a first card"), "{}", out.posts[0].text);
    svc.stop_driving(game);
    assert!(svc.games_waiting_on_computers(30).await.unwrap().is_empty(), "it waits on ann now");
}

#[tokio::test]
async fn people_cannot_answer_for_a_computer() {
    let clock = clock();
    let svc = service(&clock).await;
    let (game, _) = start_with_computers(&svc, 2, 1, Level::Basic, 8).await;
    // The computer's own id is not a player's: nobody answers with it.
    let r = svc.answer(game, 1, Some(Asked::new(1, 0)), Answer::Indices(vec![0])).await;
    assert!(matches!(r, Err(Refusal::NotInGame)), "{r:?}");
    let r = svc.answer(game, user(0).id, Some(Asked::new(1, 0)), Answer::Indices(vec![0])).await;
    assert!(matches!(r, Err(Refusal::NotAsked(_))), "{r:?}");
    assert!(matches!(svc.concede(game, 1).await, Err(Refusal::NotInGame)));
}

#[tokio::test]
async fn computers_finish_at_once_a_game_nobody_plays_any_more() {
    let clock = clock();
    let svc = service(&clock).await.with_computer_pause(std::time::Duration::from_secs(9));
    let (game, _) = start_with_computers(&svc, 3, 2, Level::Basic, 21).await;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // The first meld: ann chooses, then each computer.
    drop(ann_answers(&svc, game, &mut rng).await);
    while svc.computer_move(game).await.unwrap().is_some() {}
    assert_eq!(svc.computer_pause(game).await, std::time::Duration::from_secs(9), "people follow at the pause's pace");
    let out = svc.concede(game, user(0).id).await.unwrap();
    assert!(out.computer_turn || svc.inspect(game, |l| l.game.is_over()).await.unwrap());
    assert_eq!(svc.computer_pause(game).await, std::time::Duration::ZERO, "nobody reads on: no pause");
    let mut moves = 0;
    while let Some(out) = svc.computer_move(game).await.unwrap() {
        check_nothing_for_computers(&out);
        moves += 1;
        assert!(moves < 5000, "the computers end the game");
    }
    let decisions = svc.store().decisions(game).await.unwrap();
    let config = svc.store().game(game).await.unwrap().config;
    let (g, _) = innovation_bot::service::rebuild(config, &decisions).unwrap();
    assert!(g.is_over(), "the computers played it to its end ({moves} decisions)");
    assert!(svc.store().game(game).await.unwrap().over);
}

#[tokio::test]
async fn no_time_limit_vote_without_people_to_vote() {
    let clock = clock();
    let svc = service(&clock).await;
    let (game, _) = start_with_computers(&svc, 2, 1, Level::Basic, 4).await;
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    drop(ann_answers(&svc, game, &mut rng).await);
    while svc.computer_move(game).await.unwrap().is_some() {}
    drop(svc.game_settings(game, user(0).id, false, None, Some("1d")).await.unwrap());
    assert!(svc.inspect(game, |l| l.game.prompt_for(0).is_some()).await.unwrap(), "the game waits on ann");
    clock.advance(Duration::days(2));
    let due = svc.due_work().await.unwrap();
    let votes = due.iter().flat_map(|o| &o.posts).filter(|p| matches!(p.ui.as_ref().map(|u| &u.kind), Some(UiKind::LimitVote { .. })));
    assert_eq!(votes.count(), 0, "a computer does not vote on removing ann");
    assert!(due.iter().flat_map(|o| &o.dms).any(|d| d.user == user(0).id), "ann is still reminded");
}

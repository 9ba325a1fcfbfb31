//! The bot's game logic without Discord, against SQLite and PostgreSQL (see `common::Db`): lobbies, a whole game
//! played with random legal answers, a restart in the middle of a game, racing
//! answers, and the refusals.

use engine::state::Zone;
use engine::{card, AnswerKind, Choice};
use innovation_bot::ids::{ActionButton, Asked};
use innovation_bot::service::{Answer, Outcome, Refusal, Service, UiKind, User};
use innovation_bot::store::Store;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

mod common;
use common::{random_pick, user, Db, CHANNEL, GUILD};

/// Creates a lobby, fills it, starts it and opens its thread; returns the game id.
async fn start_game(svc: &Service, players: usize, teams: bool, seed: u64) -> (i64, Outcome) {
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), players, teams).await.unwrap();
    for i in 1..players {
        svc.join_lobby(l.id, &user(i)).await.unwrap();
    }
    let (game, lobby) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
    assert!(!lobby.open);
    let out = svc.open_game(game, 5000 + game as u64).await.unwrap();
    (game, out)
}

/// Cards in a player's hand or score pile, by title (what must never show in public).
async fn hidden_titles(svc: &Service, game: i64) -> Vec<String> {
    svc.inspect(game, |live| {
        let st = live.game.state();
        let mut v = Vec::new();
        for ps in &st.players {
            for c in ps.hand.iter().chain(ps.score.iter()) {
                v.push(card(*c).title.clone());
            }
        }
        v
    })
    .await
    .unwrap()
}

/// Checks what an outcome shows in public: no option label in the thread names a hidden card;
/// and every question's buttons fit Discord's limits.
async fn check_public(svc: &Service, game: i64, out: &Outcome) {
    for ui in out.posts.iter().filter_map(|p| p.ui.as_ref()).chain(out.dms.iter().filter_map(|d| d.ui.as_ref())) {
        let rows = innovation_bot::discord::deliver::components(ui);
        innovation_bot::discord::deliver::check_limits(&rows).unwrap_or_else(|e| panic!("{ui:?}: {e}"));
    }
    let hidden = hidden_titles(svc, game).await;
    for post in &out.posts {
        if let Some(ui) = &post.ui {
            if let UiKind::Choose { options, .. } = &ui.kind {
                for label in options {
                    for t in &hidden {
                        assert!(!label.starts_with(&format!("{t} (")), "hidden card {t} offered in the thread: {label}");
                    }
                }
            }
        }
    }
}

/// One random legal answer by one of the waiting players, through the same
/// path as a button (stamp + option indices). Retries answers that reach
/// unimplemented cards. Returns false when nothing could be answered.
async fn play_one(svc: &Service, game: i64, rng: &mut ChaCha8Rng) -> bool {
    let prompts = svc.inspect(game, |live| (live.game.prompts().to_vec(), live.stamps.clone())).await.unwrap();
    let (prompts, stamps) = prompts;
    if prompts.is_empty() {
        return false;
    }
    let p = &prompts[rng.gen_range(0..prompts.len())];
    for _ in 0..50 {
        let pick = random_pick(p, rng);
        match svc.answer(game, user(p.player).id, Some(Asked::new(p.player, stamps[p.player])), Answer::Indices(pick)).await {
            Ok(out) => {
                assert!(out.order.is_some());
                check_public(svc, game, &out).await;
                return true;
            }
            Err(Refusal::Unimplemented(_)) => continue,
            Err(e) => panic!("a legal answer was refused: {e}"),
        }
    }
    false
}

async fn play_to_end(svc: &Service, game: i64, seed: u64, cap: usize) -> bool {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..cap {
        let over = svc.inspect(game, |l| l.game.is_over()).await.unwrap_or(true);
        if over {
            return true;
        }
        if !play_one(svc, game, &mut rng).await {
            return false;
        }
    }
    svc.inspect(game, |l| l.game.is_over()).await.unwrap()
}

async fn lobby_join_leave_start(db: &Db) {
    let svc = db.service().await;
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), 3, false).await.unwrap();
    assert_eq!(l.members.len(), 1);
    assert!(!l.can_start());
    assert!(matches!(svc.start_lobby(l.id, &user(0), 1).await, Err(Refusal::Lobby(_))), "one player cannot start");
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    assert!(matches!(svc.join_lobby(l.id, &user(1)).await, Err(Refusal::Lobby(_))), "joined twice");
    svc.join_lobby(l.id, &user(2)).await.unwrap();
    assert!(matches!(svc.join_lobby(l.id, &user(3)).await, Err(Refusal::Lobby(_))), "full");
    let l2 = svc.leave_lobby(l.id, &user(2)).await.unwrap();
    assert_eq!(l2.members.len(), 2);
    assert!(matches!(svc.leave_lobby(l.id, &user(2)).await, Err(Refusal::Lobby(_))), "not a member");
    assert!(matches!(svc.start_lobby(l.id, &user(1), 1).await, Err(Refusal::Lobby(_))), "only the creator starts");
    let (game, started) = svc.start_lobby(l.id, &user(0), 1).await.unwrap();
    assert!(!started.open && started.game == Some(game));
    assert!(matches!(svc.start_lobby(l.id, &user(0), 1).await, Err(Refusal::Lobby(_))), "a second start");
    assert!(matches!(svc.join_lobby(l.id, &user(3)).await, Err(Refusal::Lobby(_))), "closed");

    assert!(matches!(svc.create_lobby(GUILD, CHANNEL, &user(0), 6, false).await, Err(Refusal::Lobby(_))));
    assert!(matches!(svc.create_lobby(GUILD, CHANNEL, &user(0), 3, true).await, Err(Refusal::Lobby(_))), "teams need 4");

    // The creator leaving cancels the lobby.
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), 2, false).await.unwrap();
    let gone = svc.leave_lobby(l.id, &user(0)).await.unwrap();
    assert!(gone.cancelled && !gone.open);
}

async fn first_meld_by_dm_then_revealed_together(db: &Db) {
    let svc = db.service().await;
    let (game, out) = start_game(&svc, 3, false, 7).await;
    assert_eq!(out.thread, Some(5000 + game as u64));
    assert_eq!(out.posts.len(), 1);
    assert!(out.posts[0].text.contains("The game began"));
    assert_eq!(out.dms.len(), 3, "each player gets their two cards");
    for dm in &out.dms {
        let ui = dm.ui.as_ref().unwrap();
        assert!(matches!(&ui.kind, UiKind::Choose { options, min: 1, max: 1, .. } if options.len() == 2));
        assert_eq!(dm.pictures.len(), 2, "a picture per card");
    }
    drop(out); // delivered: releases the game's delivery order
    let ann_hand = svc.inspect(game, |l| l.game.state().players[0].hand.clone()).await.unwrap();

    // ann chooses: nothing is revealed, the others are still asked.
    let out = svc.answer(game, user(0).id, Some(Asked::new(0, 0)), Answer::Indices(vec![0])).await.unwrap();
    drop(out.order);
    let text = &out.posts[0].text;
    assert!(text.contains("has chosen") && !text.contains(&card(ann_hand[0]).title), "{text}");
    assert_eq!(svc.answer(game, user(0).id, Some(Asked::new(0, 0)), Answer::Indices(vec![1])).await.unwrap_err(), Refusal::Stale);
    assert!(matches!(svc.answer(game, user(0).id, None, Answer::Indices(vec![1])).await, Err(Refusal::NotAsked(_))));
    // bo's DM button (asked at version 0) still works after ann's choice.
    svc.answer(game, user(1).id, Some(Asked::new(1, 0)), Answer::Indices(vec![1])).await.unwrap();
    let out = svc.answer(game, user(2).id, Some(Asked::new(2, 0)), Answer::Indices(vec![0])).await.unwrap();
    let post = &out.posts[0];
    assert!(post.text.contains(&card(ann_hand[0]).title), "melds revealed: {}", post.text);
    assert!(post.text.contains("goes first") && post.text.contains("your move (action 1 of 1)"), "{}", post.text);
    assert!(matches!(post.ui.as_ref().unwrap().kind, UiKind::Actions { draw: true, meld: true, dogma: true, .. }));
    assert_eq!(post.pictures.len(), 1, "the table picture");
    // Everyone's hand changed: the two who chose before by direct message, the last to choose
    // in the reply to their choice (only the card they chose left their hand).
    let others: Vec<usize> = out.dms.iter().map(|d| d.seat).collect();
    assert_eq!(others, [0, 1], "everyone's hand changed");
    assert!(out.reply_tells && out.reply.contains("Your hand"), "{}", out.reply);
}

async fn whole_games_with_random_answers(db: &Db) {
    let svc = db.service().await;
    let mut ended = 0;
    for seed in 0..6u64 {
        let players = 2 + (seed as usize % 4);
        let teams = players == 4 && seed % 2 == 0;
        let (game, _) = start_game(&svc, players, teams, seed).await;
        if play_to_end(&svc, game, seed, 3000).await {
            ended += 1;
            // The stored log replays to the same finished game.
            let decisions = svc.store().decisions(game).await.unwrap();
            let row = svc.store().game(game).await.unwrap();
            assert!(row.over);
            assert_eq!(row.version as usize, decisions.len());
            let (g, _) = innovation_bot::service::rebuild(row.config, &decisions).unwrap();
            assert!(g.is_over());
            // A finished game refuses answers.
            assert!(matches!(svc.answer(game, user(0).id, None, Answer::Indices(vec![0])).await, Err(Refusal::GameOver)));
            let games = svc.games_of(user(0).id).await.unwrap();
            assert!(games.iter().any(|s| s.id == game && s.result.is_some()));
        }
    }
    assert!(ended >= 4, "only {ended} of 6 random games reached their end");
}

async fn a_restart_mid_game_loses_nothing(db: &Db) {
    let url = db.url();
    let store = Store::connect(&url).await.unwrap();
    let svc = Service::new(store.clone());
    let (game, _) = start_game(&svc, 4, false, 11).await;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for i in 0..40 {
        let ok = play_one(&svc, game, &mut rng).await;
        assert!(ok, "step {i}: {:?}", svc.inspect(game, |l| (l.game.result().cloned(), l.game.prompts().to_vec())).await);
    }
    let before = svc
        .inspect(game, |l| (l.version, l.stamps.clone(), format!("{:?}", l.game.view(None)), format!("{:?}", l.game.prompts())))
        .await
        .unwrap();
    drop(svc);
    store.close().await;

    let store = Store::connect(&url).await.unwrap();
    let svc = Service::new(store);
    let after = svc
        .inspect(game, |l| (l.version, l.stamps.clone(), format!("{:?}", l.game.view(None)), format!("{:?}", l.game.prompts())))
        .await
        .unwrap();
    assert_eq!(before, after, "the game continues where it was");
    assert_eq!(svc.game_in_channel(5000 + game as u64).await.unwrap(), Some(game));
    // Buttons posted before the restart still answer their question.
    assert!(play_one(&svc, game, &mut rng).await);
    assert!(play_to_end(&svc, game, 12, 3000).await || svc.version(game).await.unwrap() > 41);
}

async fn racing_answers_apply_exactly_once(db: &Db) {
    let svc = Arc::new(db.service().await);
    let (game, _) = start_game(&svc, 2, false, 3).await;
    svc.answer(game, user(0).id, Some(Asked::new(0, 0)), Answer::Indices(vec![0])).await.unwrap();
    svc.answer(game, user(1).id, Some(Asked::new(1, 0)), Answer::Indices(vec![0])).await.unwrap();
    let (player, stamp) = svc.inspect(game, |l| (l.game.prompts()[0].player, l.stamps[l.game.prompts()[0].player])).await.unwrap();
    let version = svc.version(game).await.unwrap();
    // Two clicks on the Draw button of the same message, at the same time.
    let draw = svc
        .inspect(game, |l| l.game.prompts()[0].options.iter().position(|c| *c == Choice::Action(engine::Action::Draw)).unwrap())
        .await
        .unwrap();
    let a = {
        let svc = svc.clone();
        tokio::spawn(async move {
            svc.answer(game, user(player).id, Some(Asked::new(player, stamp)), Answer::Indices(vec![draw])).await.map(|_| ())
        })
    };
    let b = {
        let svc = svc.clone();
        tokio::spawn(async move {
            svc.answer(game, user(player).id, Some(Asked::new(player, stamp)), Answer::Indices(vec![draw])).await.map(|_| ())
        })
    };
    let (a, b) = (a.await.unwrap(), b.await.unwrap());
    assert!(a.is_ok() != b.is_ok(), "exactly one applies: {a:?} {b:?}");
    let refused = if a.is_err() { a } else { b };
    assert_eq!(refused, Err(Refusal::Stale), "the other is told the question was already answered");
    assert_eq!(svc.version(game).await.unwrap(), version + 1);
    assert_eq!(svc.store().decisions(game).await.unwrap().len() as i64, version + 1);
}

async fn the_database_refuses_a_second_decision_at_the_same_version(db: &Db) {
    let store = db.store().await;
    let svc = Service::new(store.clone());
    let (game, _) = start_game(&svc, 2, false, 3).await;
    let d = engine::Decision::new(0, vec![Choice::Card(engine::CardId(0))]);
    store.append_decision(game, 0, &d, 100, None).await.unwrap();
    let again = store.append_decision(game, 0, &d, 100, None).await;
    assert!(matches!(again, Err(innovation_bot::store::StoreError::Conflict { expected: 0 })));
    assert_eq!(store.decisions(game).await.unwrap().len(), 1);
    assert_eq!(store.game(game).await.unwrap().version, 1);
}

async fn refusals_change_nothing(db: &Db) {
    let svc = db.service().await;
    let (game, _) = start_game(&svc, 2, false, 5).await;
    let stranger = 999u64;
    let v0 = svc.version(game).await.unwrap();
    assert_eq!(svc.answer(game, stranger, Some(Asked::new(0, 0)), Answer::Indices(vec![0])).await.unwrap_err(), Refusal::NotInGame);
    assert_eq!(svc.concede(game, stranger).await.unwrap_err(), Refusal::NotInGame);
    assert!(matches!(svc.concede(game, user(0).id).await, Err(Refusal::Other(_))), "no concession before the first meld");
    assert!(matches!(svc.answer(game, user(0).id, Some(Asked::new(0, 0)), Answer::Indices(vec![5])).await, Err(Refusal::Stale)));
    assert_eq!(svc.version(game).await.unwrap(), v0);
    svc.answer(game, user(0).id, Some(Asked::new(0, 0)), Answer::Indices(vec![0])).await.unwrap();
    svc.answer(game, user(1).id, Some(Asked::new(1, 0)), Answer::Indices(vec![0])).await.unwrap();

    let (mover, stamp) = svc.inspect(game, |l| (l.game.prompts()[0].player, l.stamps[l.game.prompts()[0].player])).await.unwrap();
    let other = 1 - mover;
    let v = svc.version(game).await.unwrap();
    // Not being asked.
    assert!(matches!(svc.act(game, user(other).id, ActionButton::Draw, None).await, Err(Refusal::NotAsked(_))));
    // Someone else's button.
    let theirs = svc.answer(game, user(other).id, Some(Asked::new(mover, stamp)), Answer::Indices(vec![0])).await.unwrap_err();
    assert!(matches!(&theirs, Refusal::NotAsked(m) if m.contains("this question is for")), "{theirs}");
    // A button from an old message.
    assert_eq!(
        svc.answer(game, user(mover).id, Some(Asked::new(mover, stamp - 1)), Answer::Indices(vec![0])).await.unwrap_err(),
        Refusal::Stale
    );
    // An unknown card, and a card that is not in the hand.
    assert!(matches!(svc.act(game, user(mover).id, ActionButton::Meld, Some("Flux Capacitor")).await, Err(Refusal::UnknownCard(_))));
    let not_mine = svc.inspect(game, |l| card(l.game.state().players[other].hand[0]).title.clone()).await.unwrap();
    assert!(matches!(svc.act(game, user(mover).id, ActionButton::Meld, Some(&not_mine)).await, Err(Refusal::Illegal(_))));
    assert!(matches!(svc.act(game, user(mover).id, ActionButton::Achieve, Some("7")).await, Err(Refusal::Illegal(_))));
    assert!(matches!(svc.act(game, user(mover).id, ActionButton::Achieve, Some("seven")).await, Err(Refusal::Illegal(_))));
    // Typed answers that are not options.
    assert!(matches!(svc.answer_text(game, user(mover).id, "42").await, Err(Refusal::Illegal(_))));
    // A command outside a game thread.
    assert_eq!(svc.game_in_channel(CHANNEL).await.unwrap(), None);
    assert_eq!(svc.resolve_game(CHANNEL, None, stranger).await.unwrap_err(), Refusal::NotAGameThread);
    assert_eq!(svc.resolve_game(5000 + game as u64, None, stranger).await.unwrap(), game);
    assert_eq!(svc.version(game).await.unwrap(), v, "nothing changed");

    // The autocomplete offers only the caller's legal choices.
    let mine =
        svc.inspect(game, |l| l.game.state().players[mover].hand.iter().map(|c| card(*c).title.clone()).collect::<Vec<_>>()).await.unwrap();
    let offered = svc.action_choices(game, user(mover).id, ActionButton::Meld, "").await;
    let mut offered_titles: Vec<String> = offered.into_iter().map(|(_, v)| v).collect();
    offered_titles.sort();
    let mut mine_sorted = mine.clone();
    mine_sorted.sort();
    assert_eq!(offered_titles, mine_sorted);
    assert!(svc.action_choices(game, user(other).id, ActionButton::Meld, "").await.is_empty());
    let dogma = svc.action_choices(game, user(mover).id, ActionButton::Dogma, "").await;
    assert_eq!(dogma.len(), 1);
    assert!(dogma[0].0.contains("share") || dogma[0].0.contains("no one"), "{:?}", dogma);

    // A legal meld by command works, and the mover's hand follows: with the reply to the
    // command, not in another direct message, since only the card they melded left it.
    let out = svc.act(game, user(mover).id, ActionButton::Meld, Some(&mine[0].to_lowercase())).await.unwrap();
    assert_eq!(svc.version(game).await.unwrap(), v + 1);
    assert!(out.reply.starts_with("You chose: Meld"), "{}", out.reply);
    let (_, hand) = out.reply.split_once("\n\n").expect("the hand after the reply");
    assert!(out.reply_tells && hand.contains("Your hand") && !hand.contains(&mine[0]), "{}", out.reply);
    for other_card in &mine[1..] {
        assert!(hand.contains(other_card.as_str()), "{}", out.reply);
    }
    assert!(!out.dms.iter().any(|d| d.seat == mover), "no direct message for a hand changed only by the mover's meld");
    assert!(out.posts[0].text.contains(&mine[0]), "{}", out.posts[0].text);
    drop(out);
    // A card drawn is a new hidden card: it comes by direct message (with the picture), as ever.
    let next = svc.inspect(game, |l| l.game.prompts()[0].player).await.unwrap();
    let out = svc.act(game, user(next).id, ActionButton::Draw, None).await.unwrap();
    assert!(!out.reply_tells && !out.reply.contains("Your hand"), "{}", out.reply);
    assert!(out.dms.iter().any(|d| d.seat == next && d.text.contains("Your hand") && !d.pictures.is_empty()));
}

async fn private_questions_go_by_dm_and_public_ones_to_the_thread(db: &Db) {
    let svc = db.service().await;
    let mut private_seen = 0;
    let mut public_seen = 0;
    for seed in 0..4u64 {
        let (game, _) = start_game(&svc, 3, false, 100 + seed).await;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..300 {
            if svc.inspect(game, |l| l.game.is_over()).await.unwrap_or(true) {
                break;
            }
            let (prompts, stamps) = svc.inspect(game, |l| (l.game.prompts().to_vec(), l.stamps.clone())).await.unwrap();
            let p = &prompts[0];
            let pick = random_pick(p, &mut rng);
            let out = match svc.answer(game, user(p.player).id, Some(Asked::new(p.player, stamps[p.player])), Answer::Indices(pick)).await {
                Ok(o) => o,
                Err(Refusal::Unimplemented(_)) => continue,
                Err(e) => panic!("{e}"),
            };
            drop(out.order);
            // Every new non-action question: where was it shown?
            let check = svc
                .inspect(game, |l| {
                    l.game
                        .prompts()
                        .iter()
                        .filter(|q| q.kind != AnswerKind::Action && l.stamps[q.player] == l.version)
                        .map(|q| {
                            let own_hidden = q.options.iter().any(|c| matches!(c, Choice::Card(id) if matches!(l.game.state().locate(*id), Some(Zone::Hand(o) | Zone::Score(o)) if o == q.player)));
                            (q.player, own_hidden)
                        })
                        .collect::<Vec<_>>()
                })
                .await
                .unwrap();
            for (seat, own_hidden) in check {
                let in_dm = out.dms.iter().any(|d| d.seat == seat && d.ui.is_some());
                let in_thread = out.posts.iter().any(|p| p.ui.as_ref().is_some_and(|u| u.seat == seat));
                if own_hidden {
                    private_seen += 1;
                    assert!(in_dm && !in_thread, "a question about hidden cards goes by DM");
                } else {
                    public_seen += 1;
                    assert!(in_thread && !in_dm, "a question revealing nothing goes to the thread");
                }
            }
        }
    }
    assert!(private_seen > 0 && public_seen > 0, "private {private_seen}, public {public_seen}");
}

async fn reading_commands(db: &Db) {
    let svc = db.service().await;
    let (game, _) = start_game(&svc, 2, false, 9).await;
    svc.answer(game, user(0).id, Some(Asked::new(0, 0)), Answer::Indices(vec![0])).await.unwrap();
    svc.answer(game, user(1).id, Some(Asked::new(1, 0)), Answer::Indices(vec![0])).await.unwrap();
    let (text, _) = svc.hand(game, user(0).id).await.unwrap();
    assert!(text.contains("Your hand"));
    assert_eq!(svc.hand(game, 999).await.unwrap_err(), Refusal::NotInGame);
    let (head, _) = svc.table(game, 999).await.unwrap();
    assert!(head.contains("waiting on"));
    let (b, _) = svc.board(game, 999, Some(innovation_bot::service::PlayerRef::Name("BO".into()))).await.unwrap();
    assert!(b.contains("bo"));
    assert!(svc.board(game, 999, Some(innovation_bot::service::PlayerRef::Name("zed".into()))).await.is_err());
    let log = svc.log(game, user(0).id, 3).await.unwrap();
    assert!(!log.is_empty() && log.len() <= 3);
    let games = svc.games_of(user(1).id).await.unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].waiting_on.len(), 1);
    let q = svc.question(game, user(games[0].players.iter().position(|n| *n == games[0].waiting_on[0]).unwrap()).id).await.unwrap();
    assert!(matches!(q.unwrap().ui.kind, UiKind::Actions { .. }));
    // Concession ends a two-player game.
    let out = svc.concede(game, user(0).id).await.unwrap();
    assert!(out.posts[0].text.contains("Game over"), "{}", out.posts[0].text);
    for i in 0..2 {
        assert!(out.posts[0].text.contains(&format!("<@{}>", user(i).id)), "everyone is notified of the end: {}", out.posts[0].text);
    }
}

async fn games_are_independent_and_never_wait_for_delivery(db: &Db) {
    let svc = db.service().await;
    let (a, _) = start_game(&svc, 2, false, 1).await;
    let (b, _) = start_game(&svc, 2, false, 2).await;
    // Outcomes of game a that are not delivered yet (a slow Discord) ...
    let held_a = svc.answer(a, user(0).id, Some(Asked::new(0, 0)), Answer::Indices(vec![0])).await.unwrap();
    let held_a2 = svc.answer(a, user(1).id, Some(Asked::new(1, 0)), Answer::Indices(vec![0])).await.unwrap();
    // ... block neither game a's next decision nor game b.
    let quick = async {
        svc.answer(b, user(0).id, Some(Asked::new(0, 0)), Answer::Indices(vec![1])).await.unwrap();
        svc.answer(b, user(1).id, Some(Asked::new(1, 0)), Answer::Indices(vec![1])).await.unwrap();
        let p = svc.inspect(a, |l| l.game.prompts()[0].player).await.unwrap();
        drop(svc.act(a, user(p).id, ActionButton::Draw, None).await.unwrap());
    };
    tokio::time::timeout(std::time::Duration::from_secs(5), quick).await.expect("nothing waits for undelivered outcomes");
    assert_eq!(svc.version(a).await.unwrap(), 3);
    assert_eq!(svc.version(b).await.unwrap(), 2);
    drop((held_a, held_a2));
}

/// Many games started at once on a file database (several connections): none fails with
/// "database is locked" (a transaction that read first and then wrote used to, when another
/// connection wrote in between; found by the e2e load mode).
async fn many_games_start_at_once_on_a_file_database(db: &Db) {
    let url = db.url();
    let svc = Arc::new(Service::new(Store::connect(&url).await.unwrap()));
    let mut lobbies = Vec::new();
    for k in 0..40u64 {
        let creator = User::new(1000 + 2 * k, "ann");
        let l = svc.create_lobby(GUILD, CHANNEL, &creator, 2, false).await.unwrap();
        svc.join_lobby(l.id, &User::new(1001 + 2 * k, "bo")).await.unwrap();
        lobbies.push((l.id, creator));
    }
    let tasks: Vec<_> = lobbies
        .into_iter()
        .map(|(l, creator)| {
            let svc = svc.clone();
            tokio::spawn(async move {
                let (game, _) = svc.start_lobby(l, &creator, l as u64).await?;
                svc.open_game(game, 9000 + game as u64).await.map(|_| ())
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap().unwrap();
    }
}

on_both!(
    lobby_join_leave_start,
    first_meld_by_dm_then_revealed_together,
    whole_games_with_random_answers,
    a_restart_mid_game_loses_nothing,
    racing_answers_apply_exactly_once,
    the_database_refuses_a_second_decision_at_the_same_version,
    refusals_change_nothing,
    private_questions_go_by_dm_and_public_ones_to_the_thread,
    reading_commands,
    games_are_independent_and_never_wait_for_delivery,
    many_games_start_at_once_on_a_file_database,
);

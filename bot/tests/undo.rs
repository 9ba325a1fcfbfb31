//! Taking back a move (service/undo.rs) against SQLite: by the button and by
//! `/undo`, refused after a draw or another player's answer, two presses at once,
//! and what is stored (the decision marked, the game replaying the same after a restart).

use engine::{Action, Choice};
use innovation_bot::ids::Asked;
use innovation_bot::service::{Answer, Outcome, Refusal, Service};
use innovation_bot::store::Store;
use std::sync::Arc;

mod common;
use common::{user, CHANNEL, GUILD};

/// A two-player game after both first melds; returns the game and the seat that moves first.
async fn after_first_melds(svc: &Service, seed: u64) -> (i64, usize) {
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), 2, false).await.unwrap();
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
    svc.open_game(game, 9000 + game as u64).await.unwrap();
    for seat in 0..2 {
        svc.answer(game, user(seat).id, None, Answer::Indices(vec![0])).await.unwrap();
    }
    let first = svc.inspect(game, |l| l.game.prompts()[0].player).await.unwrap();
    (game, first)
}

async fn act(svc: &Service, game: i64, seat: usize, a: Action) -> Outcome {
    svc.answer(game, user(seat).id, None, Answer::Choices(vec![Choice::Action(a)])).await.unwrap()
}

/// A card in the seat's hand.
async fn a_hand_card(svc: &Service, game: i64, seat: usize) -> engine::CardId {
    svc.inspect(game, |l| l.game.state().players[seat].hand[0]).await.unwrap()
}

/// The table as the engine has it (to compare before and after).
async fn table(svc: &Service, game: i64) -> String {
    svc.inspect(game, |l| format!("{:?} {:?}", l.game.state(), l.game.prompts())).await.unwrap()
}

#[tokio::test]
async fn a_meld_is_taken_back_by_its_button_and_again_by_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("undo.db").display());
    let svc = Service::new(Store::connect(&url).await.unwrap());
    let (game, ann) = after_first_melds(&svc, 11).await;
    let before = table(&svc, game).await;
    let stamp = svc.inspect(game, |l| l.stamps[ann]).await.unwrap();
    let c = a_hand_card(&svc, game, ann).await;
    let title = engine::card(c).title.clone();
    let out = act(&svc, game, ann, Action::Meld(c)).await;
    let seq = out.undo.expect("a meld may be taken back: the Undo button is offered");
    assert_eq!(seq, 2, "the third decision of the game");
    drop(out);

    // Someone else's press is refused; the player's own takes it back.
    let theirs = svc.undo(game, user(1 - ann).id, Some(seq)).await.unwrap_err().to_string();
    assert!(theirs.contains("answered since"), "{theirs}");
    let out = svc.undo(game, user(ann).id, Some(seq)).await.unwrap();
    assert_eq!(out.reply, format!("You took back: Meld {title} ({}).", engine::card(c).age));
    let post = &out.posts[0];
    assert!(
        post.text.contains("took back their last move") && post.text.contains(&format!("~~{} melded {title}", user(ann).name)),
        "{}",
        post.text
    );
    assert!(post.ui.is_some(), "the turn's question is asked again, with its buttons");
    assert!(out.dms.iter().any(|d| d.seat == ann), "the card is back in the hand: the hand is sent again");
    assert_eq!(table(&svc, game).await, before, "the game is as before the meld");
    drop(out);

    // The buttons of the question asked before are stale now; the new ones work.
    let err = svc.answer(game, user(ann).id, Some(Asked::new(ann, stamp)), Answer::Choices(vec![Choice::Action(Action::Meld(c))])).await;
    assert_eq!(err.unwrap_err(), Refusal::Stale);
    let out = act(&svc, game, ann, Action::Meld(c)).await;
    assert_eq!(out.undo, Some(4), "an undo counts as a version: the new decision is number 4");
    drop(out);
    let out = svc.undo(game, user(ann).id, None).await.unwrap();
    assert!(out.reply.contains(&title));
    drop(out);
    assert_eq!(table(&svc, game).await, before);

    // Stored: both melds marked, not deleted; the game replays the same after a restart.
    let log = svc.store().log(game).await.unwrap();
    assert_eq!((log.decisions.len(), log.undone.len()), (2, 2));
    assert_eq!(log.undone.iter().map(|u| (u.seq, u.at)).collect::<Vec<_>>(), vec![(2, 3), (4, 5)]);
    assert_eq!(svc.store().game(game).await.unwrap().version, 6);
    let stamps = svc.inspect(game, |l| l.stamps.clone()).await.unwrap();
    let svc2 = Service::new(Store::connect(&url).await.unwrap());
    assert_eq!(table(&svc2, game).await, before);
    assert_eq!(svc2.inspect(game, |l| l.stamps.clone()).await.unwrap(), stamps, "the same buttons work after a restart");
    // A second undo has nothing of ann's left to take back but her first meld, which bo answered after.
    let again = svc2.undo(game, user(ann).id, None).await.unwrap_err();
    assert!(matches!(again, Refusal::Undo(_)), "{again}");
}

#[tokio::test]
async fn an_undo_after_a_draw_is_refused() {
    let svc = Service::new(Store::connect("sqlite::memory:").await.unwrap());
    let (game, ann) = after_first_melds(&svc, 12).await;
    let out = act(&svc, game, ann, Action::Draw).await;
    assert_eq!(out.undo, None, "no Undo button after a draw");
    drop(out);
    let version = svc.version(game).await.unwrap();
    let r = svc.undo(game, user(ann).id, None).await.unwrap_err();
    assert_eq!(r.to_string(), "You cannot take that back: a card was drawn since.");
    assert_eq!(svc.version(game).await.unwrap(), version, "nothing changed");
    // Nor by someone outside the game.
    assert_eq!(svc.undo(game, user(3).id, None).await.unwrap_err(), Refusal::NotInGame);
}

#[tokio::test]
async fn another_players_answer_blocks_the_undo() {
    let svc = Service::new(Store::connect("sqlite::memory:").await.unwrap());
    let (game, ann) = after_first_melds(&svc, 13).await;
    let bo = 1 - ann;
    let c = a_hand_card(&svc, game, ann).await;
    let seq = act(&svc, game, ann, Action::Meld(c)).await.undo.unwrap();
    act(&svc, game, bo, Action::Draw).await;
    let r = svc.undo(game, user(ann).id, Some(seq)).await.unwrap_err();
    assert_eq!(r.to_string(), format!("You cannot take that back: {} has answered since.", user(bo).name));
}

#[tokio::test]
async fn two_undo_presses_at_once_take_back_one_decision() {
    let svc = Arc::new(Service::new(Store::connect("sqlite::memory:").await.unwrap()));
    let (game, ann) = after_first_melds(&svc, 14).await;
    let bo = 1 - ann;
    // ann's one action, bo's two, then ann (two cards in hand) melds twice: both melds may be taken back.
    act(&svc, game, ann, Action::Draw).await;
    act(&svc, game, bo, Action::Draw).await;
    let c = a_hand_card(&svc, game, bo).await;
    act(&svc, game, bo, Action::Meld(c)).await;
    let c = a_hand_card(&svc, game, ann).await;
    let first = act(&svc, game, ann, Action::Meld(c)).await.undo.unwrap();
    let c = a_hand_card(&svc, game, ann).await;
    let second = act(&svc, game, ann, Action::Meld(c)).await.undo.unwrap();
    let (a, b) = (svc.clone(), svc.clone());
    let (r1, r2) = tokio::join!(
        tokio::spawn(async move { a.undo(game, user(ann).id, Some(second)).await }),
        tokio::spawn(async move { b.undo(game, user(ann).id, Some(second)).await })
    );
    let (r1, r2) = (r1.unwrap(), r2.unwrap());
    assert_eq!(usize::from(r1.is_ok()) + usize::from(r2.is_ok()), 1, "exactly one press takes it back");
    let refused = match (r1, r2) {
        (Ok(_), Err(e)) | (Err(e), Ok(_)) => e,
        _ => unreachable!("one of each, checked above"),
    };
    assert_eq!(refused.to_string(), "That move was already taken back.");
    let log = svc.store().log(game).await.unwrap();
    assert_eq!(log.undone.len(), 1);
    assert_eq!(log.seqs.last(), Some(&first), "the first meld stays");
    // The first meld's own button still takes it back.
    assert!(svc.undo(game, user(ann).id, Some(first)).await.is_ok());
}

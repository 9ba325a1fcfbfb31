//! The catch-up (service/recap.rs) against SQLite: when a game comes back to a
//! player, their direct message starts with what happened since their last move,
//! exactly those events in the words they may read, and no card they may not see;
//! the reminder carries it too, and `/log since: my last turn` gives it whole.

use engine::{card, CardDb};
use innovation_bot::service::{Answer, Outcome, Service};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

mod common;
use common::{clock, random_pick, service, user, CHANNEL, GUILD};

async fn start(svc: &Service, players: usize, seed: u64) -> i64 {
    let l = svc.create_lobby(GUILD, CHANNEL, &user(0), players, false).await.unwrap();
    for i in 1..players {
        svc.join_lobby(l.id, &user(i)).await.unwrap();
    }
    let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
    svc.open_game(game, 7000 + game as u64).await.unwrap();
    game
}

/// Titles of cards the seat may not know from the game's events: named only in private
/// wordings meant for others.
async fn secret_titles(svc: &Service, game: i64, seat: usize) -> Vec<String> {
    svc.inspect(game, |l| {
        let mut known = String::new();
        let mut secret = String::new();
        for e in l.game.events() {
            known.push_str(e.text_for(Some(seat)));
            known.push_str(&e.public);
            if let Some(p) = e.private.as_ref().filter(|_| !e.audience.contains(&seat)) {
                secret.push_str(p);
            }
        }
        CardDb::get()
            .cards
            .iter()
            .map(|c| format!("{} (", c.title))
            .filter(|t| secret.contains(t.as_str()) && !known.contains(t.as_str()))
            .collect()
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn the_game_coming_back_brings_exactly_what_happened_since_in_the_players_words() {
    let clock = clock();
    let svc = service(&clock).await;
    let game = start(&svc, 3, 21).await;
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    // Events seen by ann (seat 0) when she last decided.
    let mut mark = 0;
    let mut checked = 0;
    for _ in 0..400 {
        let (prompts, stamps, over) = svc.inspect(game, |l| (l.game.prompts().to_vec(), l.stamps.clone(), l.game.is_over())).await.unwrap();
        if over || checked >= 8 {
            break;
        }
        let p = &prompts[0];
        let stamp = innovation_bot::ids::Asked::new(p.player, stamps[p.player]);
        let out: Outcome = match svc.answer(game, user(p.player).id, Some(stamp), Answer::Indices(random_pick(p, &mut rng))).await {
            Ok(o) => o,
            Err(innovation_bot::service::Refusal::Unimplemented(_)) => continue,
            Err(e) => panic!("{e}"),
        };
        let (first_meld, events, back_to_ann) = svc
            .inspect(game, |l| {
                let back = l.game.prompt_for(0).is_some() && l.stamps[0] == l.version;
                (l.game.in_first_meld(), l.game.event_count(), back)
            })
            .await
            .unwrap();
        if p.player == 0 {
            mark = events;
            assert!(!out.dms.iter().any(|d| d.seat == 0 && d.text.contains("Since your last move")), "no recap for one's own move");
            continue;
        }
        if first_meld || !back_to_ann {
            continue;
        }
        // The game came back to ann: her message starts with the recap, which is exactly the events since her move.
        let dm = out.dms.iter().find(|d| d.seat == 0).expect("ann is told");
        assert!(dm.text.contains("**Since your last move:**"), "{}", dm.text);
        let expected: Vec<String> =
            svc.inspect(game, |l| l.game.events().skip(mark).map(|e| e.text_for(Some(0)).to_string()).collect()).await.unwrap();
        let lines = svc.recap(game, user(0).id).await.unwrap();
        let joined: Vec<String> = lines.iter().map(|l| l.split_once(": ").expect("name: events").1.to_string()).collect();
        assert_eq!(joined.join("; "), expected.join("; "), "the recap is what happened since ann's move");
        for t in secret_titles(&svc, game, 0).await {
            assert!(!dm.text.contains(&t) && !lines.iter().any(|l| l.contains(&t)), "the recap names {t}, which ann may not see");
        }
        if !lines.is_empty() && !dm.text.contains("earlier action") {
            for l in &lines {
                assert!(dm.text.contains(&format!("• {}", l.chars().take(100).collect::<String>())), "{l} missing from\n{}", dm.text);
            }
        }
        checked += 1;
    }
    assert!(checked >= 5, "the game came back to ann only {checked} times");

    // The reminder carries the recap; the time was not up before.
    // (The loop stopped right after the game came back to ann.)
    assert!(svc.inspect(game, |l| l.game.prompt_for(0).is_some()).await.unwrap());
    assert!(!svc.recap(game, user(0).id).await.unwrap().is_empty());
    clock.advance(chrono::Duration::hours(13));
    let due = svc.due_work().await.unwrap();
    let dm = due.iter().flat_map(|o| o.dms.iter()).find(|d| d.seat == 0).expect("ann is reminded");
    assert!(dm.text.contains("Since your last move") && dm.text.starts_with("⏰"), "{}", dm.text);
    assert!(!dm.fallback.as_deref().unwrap_or("").contains("Since"), "the public fallback carries no recap");
}

#[tokio::test]
async fn the_recap_names_ones_own_drawn_card_but_not_anothers() {
    let clock = clock();
    let svc = service(&clock).await;
    let game = start(&svc, 2, 5).await;
    for seat in 0..2 {
        svc.answer(game, user(seat).id, None, Answer::Indices(vec![0])).await.unwrap();
    }
    let first = svc.inspect(game, |l| l.game.prompts()[0].player).await.unwrap();
    let other = 1 - first;
    let draw = |seat: usize| svc.answer(game, user(seat).id, None, Answer::Choices(vec![engine::Choice::Action(engine::Action::Draw)]));
    draw(first).await.unwrap();
    draw(other).await.unwrap();
    let out = draw(other).await.unwrap();
    let drawn: Vec<String> =
        svc.inspect(game, |l| l.game.state().players[other].hand.iter().map(|c| card(*c).title.clone()).collect()).await.unwrap();
    let dm = out.dms.iter().find(|d| d.seat == first).expect("the game comes back to the first player");
    let recap = &dm.text;
    assert!(recap.contains(&format!("{0}: {0} drew a", user(other).name)), "{recap}");
    assert_eq!(recap.matches("• ").count(), 2, "one line for each of the two actions: {recap}");
    for t in &drawn {
        assert!(!recap.contains(t.as_str()), "the recap names {t}, a card in the other's hand");
    }
    // The other player's own recap (later) names their cards; ask for it now through /log.
    let theirs = svc.recap(game, user(other).id).await.unwrap();
    assert!(theirs.is_empty(), "nothing happened since the other's last move: {theirs:?}");
}

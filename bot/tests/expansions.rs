//! Lobbies with expansions, without Discord, on SQLite and PostgreSQL (see `common::Db`):
//! the creator chooses playable expansions only, each allows one more seat, the lobby and
//! the thread say which sets are in play, the game is played with them, and a rematch keeps
//! them. A database made before lobbies had expansions keeps its lobbies.
//!
//! Most of these need The Unseen playable (all its cards implemented): until then
//! `expansions::playable()` offers nothing and they fail at their first step.

use engine::prompt::Action;
use engine::{Choice, Set};
use innovation_bot::expansions;
use innovation_bot::ids::{ActionButton, Asked};
use innovation_bot::service::{Answer, Level, LobbyOptions, Refusal};
use rand::SeedableRng;

mod common;
use common::{clock, play_to_the_end, random_pick, service, user, Db, CHANNEL, GUILD};

fn unseen(seats: usize) -> LobbyOptions {
    LobbyOptions { seats, expansions: vec![Set::Unseen], ..Default::default() }
}

/// An expansion that cannot be played yet, if any is left.
fn unplayable() -> Option<Set> {
    Set::EXPANSIONS.into_iter().find(|s| !expansions::is_playable(*s))
}

async fn a_lobby_with_the_unseen_has_six_seats(db: &Db) {
    let svc = db.service().await;
    assert!(expansions::is_playable(Set::Unseen), "The Unseen must be playable for this test");
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &unseen(6)).await.unwrap();
    assert_eq!((l.seats, l.max_seats(), l.expansions.clone()), (6, 6, vec![Set::Unseen]));
    assert!(l.text().contains("for up to 6 players") && l.text().contains("Sets: the base game and The Unseen."), "{}", l.text());
    for i in 1..6 {
        svc.join_lobby(l.id, &user(i)).await.unwrap();
    }
    // Six have joined: the creator cannot go back to the base game only (five seats at most).
    let refused = svc.set_lobby_expansions(l.id, &user(0), &[]).await;
    assert!(matches!(&refused, Err(Refusal::Lobby(m)) if m.contains("6 players have joined") && m.contains("at most 5")), "{refused:?}");
    assert_eq!(svc.lobby(l.id).await.unwrap().expansions, vec![Set::Unseen], "nothing changed");

    let (game, started) = svc.start_lobby(l.id, &user(0), 11).await.unwrap();
    assert!(!started.open);
    let row = svc.store().game(game).await.unwrap();
    assert_eq!(row.config.expansions.iter().copied().collect::<Vec<_>>(), vec![Set::Unseen]);
    assert_eq!(row.config.players.len(), 6);
    let out = svc.open_game(game, 8000 + game as u64).await.unwrap();
    assert!(
        out.posts[0].text.contains("Played with the base game and The Unseen (`/help` explains their words)."),
        "{}",
        out.posts[0].text
    );
    let sets = svc.inspect(game, |live| live.game.view(None).sets).await.unwrap();
    assert_eq!(sets, vec![Set::Base, Set::Unseen]);
    // Each player's hand, in words, shows their (empty) safe.
    let (text, _) = svc.hand(game, user(3).id).await.unwrap();
    assert!(text.contains("**Your safe**: no secrets (limit 5)"), "{text}");
}

async fn only_the_creator_chooses_playable_expansions(db: &Db) {
    let svc = db.service().await;
    // Without expansions, five seats at most; never more than ten.
    let six = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &LobbyOptions { seats: 6, ..Default::default() }).await;
    assert!(matches!(&six, Err(Refusal::Lobby(m)) if m.contains("2 to 5 seats") && m.contains("one more for each expansion")), "{six:?}");
    assert!(matches!(svc.create_lobby_with(GUILD, CHANNEL, &user(0), &unseen(7)).await, Err(Refusal::Lobby(_))));
    if let Some(set) = unplayable() {
        let o = LobbyOptions { expansions: vec![set], ..Default::default() };
        let r = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &o).await;
        assert!(matches!(&r, Err(Refusal::Lobby(m)) if m.contains(set.title()) && m.contains("cannot be chosen")), "{r:?}");
    }

    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &LobbyOptions { seats: 5, ..Default::default() }).await.unwrap();
    assert!(l.text().contains("Sets: the base game only."), "{}", l.text());
    assert!(l.text().contains("may change the expansions with the menu below"), "{}", l.text());
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let not_creator = svc.set_lobby_expansions(l.id, &user(1), &[Set::Unseen]).await;
    assert!(matches!(&not_creator, Err(Refusal::Lobby(m)) if m.contains("Only the one who created")), "{not_creator:?}");
    if let Some(set) = unplayable() {
        let r = svc.set_lobby_expansions(l.id, &user(0), &[Set::Unseen, set]).await;
        assert!(matches!(&r, Err(Refusal::Lobby(m)) if m.contains("cannot be chosen")), "{r:?}");
    }
    assert!(svc.lobby(l.id).await.unwrap().expansions.is_empty(), "refusals change nothing");

    // The creator adds The Unseen (the seats stay), then takes it away again.
    let with = svc.set_lobby_expansions(l.id, &user(0), &[Set::Unseen, Set::Unseen]).await.unwrap();
    assert_eq!((with.seats, with.max_seats(), with.expansions.clone()), (5, 6, vec![Set::Unseen]));
    assert!(with.text().contains("Sets: the base game and The Unseen."), "{}", with.text());
    let without = svc.set_lobby_expansions(l.id, &user(0), &[]).await.unwrap();
    assert_eq!((without.seats, without.max_seats()), (5, 5));

    // Fewer expansions bring the seats down to the most allowed when few have joined.
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &unseen(6)).await.unwrap();
    let l = svc.set_lobby_expansions(l.id, &user(0), &[]).await.unwrap();
    assert_eq!((l.seats, l.expansions.len()), (5, 0));

    // A started lobby's expansions are fixed.
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &unseen(2)).await.unwrap();
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    svc.start_lobby(l.id, &user(0), 3).await.unwrap();
    assert!(matches!(svc.set_lobby_expansions(l.id, &user(0), &[]).await, Err(Refusal::Lobby(_))));
    // Computer players fill the seats an expansion adds.
    let o = LobbyOptions { seats: 6, computers: 5, level: Level::Basic, expansions: vec![Set::Unseen], ..Default::default() };
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &o).await.unwrap();
    assert_eq!((l.members.len(), l.computers()), (6, 5));
}

on_both!(a_lobby_with_the_unseen_has_six_seats, only_the_creator_chooses_playable_expansions);

/// A game with The Unseen plays to its end through the service, and its rematch keeps The Unseen.
#[tokio::test]
async fn a_rematch_keeps_the_expansions() {
    let clock = clock();
    let svc = service(&clock).await;
    let o = LobbyOptions { seats: 3, computers: 1, level: Level::Basic, expansions: vec![Set::Unseen], ..Default::default() };
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &o).await.unwrap();
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &user(0), 5).await.unwrap();
    svc.open_game(game, 7100).await.unwrap();
    play_to_the_end(&svc, game, 5).await;
    let (lobby, _) = svc.rematch(game, &user(1)).await.unwrap();
    assert_eq!((lobby.seats, lobby.expansions.clone()), (3, vec![Set::Unseen]));
    assert!(lobby.text().contains("Sets: the base game and The Unseen."), "{}", lobby.text());
}

/// A SQLite database made before lobbies had expansions (migrations up to 0008) keeps its
/// lobbies, their members and its id sequence when migration 0009 builds the table again.
#[tokio::test]
async fn old_lobbies_survive_the_expansions_migration() {
    use sqlx::{Connection, Executor, Row};
    sqlx::any::install_default_drivers();
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("old.db").display());
    // The migrations before this one, applied as an older bot would have.
    let old = tempfile::tempdir().unwrap();
    let all = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations/sqlite");
    for f in std::fs::read_dir(&all).unwrap() {
        let f = f.unwrap();
        let name = f.file_name().into_string().unwrap();
        if name.as_str() < "0009" {
            std::fs::copy(f.path(), old.path().join(&name)).unwrap();
        }
    }
    let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
    conn.execute("PRAGMA foreign_keys = ON").await.unwrap();
    sqlx::migrate::Migrator::new(old.path()).await.unwrap().run(&mut conn).await.unwrap();
    for (id, status) in [(1, "cancelled"), (2, "open"), (3, "cancelled")] {
        sqlx::query(
            "INSERT INTO lobbies (id, guild_id, channel_id, creator_id, seats, teams, status) VALUES ($1, '1', '2', '100', 3, 0, $2)",
        )
        .bind(id)
        .bind(status)
        .execute(&mut conn)
        .await
        .unwrap();
    }
    sqlx::query("INSERT INTO lobby_members (lobby_id, user_id, name, position) VALUES (2, '100', 'ann', 0), (2, '101', 'bo', 1)")
        .execute(&mut conn)
        .await
        .unwrap();
    // The last lobby was deleted: its id is not to be given again.
    sqlx::query("DELETE FROM lobbies WHERE id = 3").execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();

    let store = innovation_bot::store::Store::connect(&url).await.unwrap();
    let l = store.lobby(2).await.unwrap();
    assert_eq!((l.seats, l.expansions.clone(), l.members.len()), (3, vec![], 2));
    assert_eq!(l.members[1].name, "bo");
    let id = store.create_lobby(1, 2, 100, "ann", 6, false, "basic", None, &[Set::Unseen]).await.unwrap();
    assert_eq!(id, 4, "ids go on from the old sequence");
    assert_eq!(store.lobby(id).await.unwrap().expansions, vec![Set::Unseen]);
    // Members still go with their lobby.
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let fk: Vec<String> = sqlx::query("SELECT \"table\" FROM pragma_foreign_key_list('lobby_members')")
        .fetch_all(&pool)
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(fk, vec!["lobbies".to_string()]);
    pool.close().await;
    store.close().await;
}

/// The Unseen: a secret the player is eligible for is offered by the Achieve button's menu
/// (by its place and back) and achieved with `/achieve secret:`. Random two-player games are
/// played until one offers a secret.
#[tokio::test]
async fn a_secret_is_achieved_through_the_achieve_menu_or_command() {
    let clock = clock();
    let svc = service(&clock).await;
    for seed in 0..40u64 {
        let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &unseen(2)).await.unwrap();
        svc.join_lobby(l.id, &user(1)).await.unwrap();
        let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
        svc.open_game(game, 7200 + seed).await.unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..3000 {
            let (prompts, stamps, over) =
                svc.inspect(game, |l| (l.game.prompts().to_vec(), l.stamps.clone(), l.game.is_over())).await.unwrap();
            if over {
                break;
            }
            let p = &prompts[0];
            let secret = p.options.iter().find_map(|c| match c {
                Choice::Action(Action::AchieveSecret(i)) => Some(*i),
                _ => None,
            });
            if let Some(i) = secret {
                let who = user(p.player);
                let menu = svc.action_menu(game, who.id, None, ActionButton::Achieve).await.unwrap();
                let secret = svc.inspect(game, |l| l.game.state().players[p.player].safe[i as usize]).await.unwrap();
                let back = engine::view::back_words(engine::card(secret).age, engine::card(secret).set);
                let label = format!("Achieve secret {}: {back}", i + 1);
                assert!(menu.options.iter().any(|o| o.label == label), "{label} not in {:?}", menu.options);
                let suggested = svc.action_choices(game, who.id, ActionButton::Achieve, "secret").await;
                assert!(suggested.iter().any(|(_, v)| *v == format!("secret {}", i + 1)), "{suggested:?}");
                let before = svc.inspect(game, |l| l.game.state().players[p.player].safe.clone()).await.unwrap();
                svc.act(game, who.id, ActionButton::Achieve, Some(&format!("secret {}", i + 1))).await.unwrap();
                let (safe, achievements) = svc
                    .inspect(game, |l| {
                        (l.game.state().players[p.player].safe.clone(), l.game.state().players[p.player].achievements.clone())
                    })
                    .await
                    .unwrap();
                assert_eq!(safe.len() + 1, before.len(), "the secret left the safe");
                assert!(achievements.contains(&engine::state::Achievement::Card(before[i as usize])), "and became an achievement");
                let bad = svc.act(game, who.id, ActionButton::Achieve, Some("secret 0")).await;
                assert!(matches!(bad, Err(Refusal::Illegal(_)) | Err(Refusal::NotAsked(_))), "{bad:?}");
                return;
            }
            for _ in 0..50 {
                let pick = random_pick(p, &mut rng);
                match svc.answer(game, user(p.player).id, Some(Asked::new(p.player, stamps[p.player])), Answer::Indices(pick)).await {
                    Ok(_) => break,
                    Err(Refusal::Unimplemented(_)) => continue,
                    Err(e) => panic!("a legal answer was refused: {e}"),
                }
            }
        }
    }
    panic!("no game offered a secret to achieve");
}

// ---------- Cities of Destiny ----------

fn cities(seats: usize) -> LobbyOptions {
    LobbyOptions { seats, expansions: vec![Set::Cities], ..Default::default() }
}

/// Cities of Destiny is offered (all its cities implemented), named as people type it, chosen in
/// the lobby, said in the lobby and the thread, and played to the end with a computer player; the
/// rematch keeps it.
#[tokio::test]
async fn cities_is_offered_chosen_and_played_to_the_end() {
    assert!(expansions::is_playable(Set::Cities), "Cities of Destiny must be playable for this test");
    assert!(expansions::playable().contains(&Set::Cities));
    assert!(expansions::completions("cit").iter().any(|(l, v)| l == "Cities of Destiny" && v == "cities"));
    assert_eq!(expansions::parse_list("Cities of Destiny + the unseen"), Ok(vec![Set::Cities, Set::Unseen]));
    let clock = clock();
    let svc = service(&clock).await;
    // Chosen in the lobby, before the start: one more seat.
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &LobbyOptions { seats: 2, ..Default::default() }).await.unwrap();
    let l = svc.set_lobby_expansions(l.id, &user(0), &[Set::Cities]).await.unwrap();
    assert_eq!((l.max_seats(), l.expansions.clone()), (6, vec![Set::Cities]));
    assert!(l.text().contains("Sets: the base game and Cities of Destiny."), "{}", l.text());
    svc.cancel_lobby(l.id, &user(0)).await.unwrap();

    let o = LobbyOptions { seats: 3, computers: 1, level: Level::Basic, expansions: vec![Set::Cities], ..Default::default() };
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &o).await.unwrap();
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &user(0), 21).await.unwrap();
    let out = svc.open_game(game, 7300).await.unwrap();
    assert!(out.posts[0].text.contains("Played with the base game and Cities of Destiny"), "{}", out.posts[0].text);
    assert_eq!(svc.inspect(game, |live| live.game.view(None).sets).await.unwrap(), vec![Set::Base, Set::Cities]);
    play_to_the_end(&svc, game, 21).await;
    let (lobby, _) = svc.rematch(game, &user(1)).await.unwrap();
    assert_eq!(lobby.expansions, vec![Set::Cities]);
}

/// Cities: when a Dogma action may be endorsed, the action buttons offer Endorse, its menu lists the
/// cards with the cities that may endorse them, and `/endorse` suggests them; a press by someone
/// else or on an old message, and `/endorse` of a card that cannot be endorsed, are refused in
/// words and change nothing; the Endorse goes on with the engine's questions (the city, the card
/// to junk), and the Dogma runs endorsed. Random two-player games are played until it happens
/// twice (once through the menu, then through the command) and the engine asked a question of one.
#[tokio::test]
async fn a_dogma_is_endorsed_through_the_endorse_menu_or_command() {
    use innovation_bot::service::UiKind;
    let clock = clock();
    let svc = service(&clock).await;
    let (mut endorsed, mut asked) = (0, 0);
    'games: for seed in 0..200u64 {
        let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &cities(2)).await.unwrap();
        svc.join_lobby(l.id, &user(1)).await.unwrap();
        let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
        svc.open_game(game, 7400 + seed).await.unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..3000 {
            let (prompts, stamps, over) =
                svc.inspect(game, |l| (l.game.prompts().to_vec(), l.stamps.clone(), l.game.is_over())).await.unwrap();
            if over {
                continue 'games;
            }
            let p = &prompts[0];
            let (who, other) = (user(p.player), user(1 - p.player));
            let stamp = Asked::new(p.player, stamps[p.player]);
            let endorsable: Vec<engine::CardId> = p
                .options
                .iter()
                .filter_map(|c| match c {
                    Choice::Action(Action::Endorse(id)) => Some(*id),
                    _ => None,
                })
                .collect();
            let Some(&card) = endorsable.first() else {
                let pick = random_pick(p, &mut rng);
                svc.answer(game, who.id, Some(stamp), Answer::Indices(pick)).await.unwrap();
                continue;
            };
            // The buttons offer Endorse; its menu and /endorse's suggestions list each card with its cities.
            let q = svc.question(game, who.id).await.unwrap().unwrap();
            assert!(matches!(q.ui.kind, UiKind::Actions { endorse: true, dogma: true, .. }), "{:?}", q.ui.kind);
            let menu = svc.action_menu(game, who.id, Some(stamp), ActionButton::Endorse).await.unwrap();
            assert_eq!(menu.options.len(), endorsable.len(), "{:?}", menu.options);
            let title = &engine::card(card).title;
            let entry = menu.options.iter().find(|o| o.label.starts_with(title.as_str())).expect("the card in the menu");
            let cities = svc.inspect(game, |l| engine::city::endorsing_cities(l.game.state(), p.player, card)).await.unwrap();
            let description = entry.description.clone().unwrap();
            assert!(
                description.starts_with("with ") && cities.iter().all(|c| description.contains(&engine::card(*c).title)),
                "{description}"
            );
            let suggested = svc.action_choices(game, who.id, ActionButton::Endorse, "").await;
            assert!(suggested.iter().any(|(l, v)| v == title && l.contains(" — with ")), "{suggested:?}");
            // Refusals change nothing.
            let versions = || async { svc.inspect(game, |l| l.version).await.unwrap() };
            let before = versions().await;
            let r = svc.action_menu(game, other.id, Some(stamp), ActionButton::Endorse).await;
            assert!(matches!(&r, Err(Refusal::NotAsked(m)) if m.contains("this question is for")), "{:?}", r.map(|m| m.title));
            let r = svc.answer(game, other.id, Some(stamp), Answer::Indices(vec![entry.index])).await;
            assert!(matches!(r, Err(Refusal::NotAsked(_))), "{:?}", r.map(|o| o.reply));
            let r = svc.act(game, other.id, ActionButton::Endorse, Some(title)).await;
            assert!(matches!(r, Err(Refusal::NotAsked(_))), "{:?}", r.map(|o| o.reply));
            let r = svc.act(game, who.id, ActionButton::Endorse, Some("Nonesuch")).await;
            assert!(matches!(r, Err(Refusal::UnknownCard(_))), "{:?}", r.map(|o| o.reply));
            let not_endorsable = engine::CardDb::get().cards.iter().find(|c| c.has_dogma() && !endorsable.contains(&c.id)).unwrap();
            let r = svc.act(game, who.id, ActionButton::Endorse, Some(&not_endorsable.title)).await;
            assert!(
                matches!(&r, Err(Refusal::Illegal(m)) if m.contains(&format!("you cannot endorse {}", not_endorsable.title))),
                "{:?}",
                r.map(|o| o.reply)
            );
            assert_eq!(versions().await, before, "nothing changed");

            // The Endorse: through the menu the first time, through /endorse the second.
            let events = svc.inspect(game, |l| l.game.event_count()).await.unwrap();
            let out = if endorsed == 0 {
                svc.answer(game, who.id, Some(stamp), Answer::Indices(vec![entry.index])).await.unwrap()
            } else {
                svc.act(game, who.id, ActionButton::Endorse, Some(title)).await.unwrap()
            };
            assert_eq!(out.reply, format!("You chose: Endorse the Dogma of {title}."));
            // The old buttons are stale now.
            let r = svc.action_menu(game, who.id, Some(stamp), ActionButton::Endorse).await;
            assert!(matches!(r, Err(Refusal::Stale) | Err(Refusal::NotAsked(_))), "{:?}", r.map(|m| m.title));
            // The engine's questions (which city, which card to pay), answered until the Endorse is done.
            for _ in 0..200 {
                let (p, stamp, over, said) = svc
                    .inspect(game, |l| {
                        let p = l.game.prompts().first().cloned();
                        let said = l.game.events().skip(events).any(|e| e.text_for(None).contains("endorses the Dogma action on"));
                        let stamp = p.as_ref().map(|p| l.stamps[p.player]).unwrap_or(0);
                        (p, stamp, l.game.is_over(), said)
                    })
                    .await
                    .unwrap();
                if said || over {
                    break;
                }
                let p = p.unwrap();
                if p.reason.starts_with("Endorse ") {
                    asked += 1;
                    let q = svc.question(game, user(p.player).id).await.unwrap().unwrap();
                    let UiKind::Choose { options, .. } = &q.ui.kind else { panic!("{:?}", q.ui.kind) };
                    assert!(options.iter().all(|o| o.contains(" (")), "cards named with their value: {options:?}");
                    // Paying is about the hand: asked privately.
                    assert_eq!(q.private, p.reason.contains("junk a card from your hand"), "{}", p.reason);
                }
                svc.answer(game, user(p.player).id, Some(Asked::new(p.player, stamp)), Answer::Indices(random_pick(&p, &mut rng)))
                    .await
                    .unwrap();
            }
            let said = svc
                .inspect(game, |l| l.game.events().skip(events).any(|e| e.text_for(None).contains("endorses the Dogma action on")))
                .await
                .unwrap();
            assert!(said, "the Dogma action was endorsed");
            endorsed += 1;
            if endorsed >= 2 && asked > 0 {
                return;
            }
        }
    }
    panic!("no game offered an Endorse twice with a question after it ({endorsed} endorsed, {asked} asked)");
}

// ---------- Echoes of the Past ----------

/// Echoes of the Past is offered (all its cards implemented), named as people type it, and played
/// to the end with a computer player; promotion after a Meld action asks by direct message (the
/// forecast is its owner's alone), naming the forecast's cards with their values, with the hand
/// and the forecast in words and the hand picture; the promoted card's free Dogma action follows
/// and is said in the thread. Random two-player games are played until a promotion was asked.
#[tokio::test]
async fn echoes_is_played_and_promotion_is_asked_in_private() {
    use innovation_bot::service::UiKind;
    assert!(expansions::is_playable(Set::Echoes), "Echoes of the Past must be playable for this test");
    assert!(expansions::completions("echo").iter().any(|(l, v)| l == "Echoes of the Past" && v == "echoes"));
    assert_eq!(expansions::parse_list("Echoes of the Past"), Ok(vec![Set::Echoes]));
    let clock = clock();
    let svc = service(&clock).await;
    let o = LobbyOptions { seats: 2, computers: 1, level: Level::Basic, expansions: vec![Set::Echoes], ..Default::default() };
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &o).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &user(0), 5).await.unwrap();
    let out = svc.open_game(game, 7500).await.unwrap();
    assert!(out.posts[0].text.contains("Played with the base game and Echoes of the Past"), "{}", out.posts[0].text);
    play_to_the_end(&svc, game, 5).await;

    let echoes = LobbyOptions { seats: 2, expansions: vec![Set::Echoes], ..Default::default() };
    for seed in 0..100u64 {
        let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &echoes).await.unwrap();
        svc.join_lobby(l.id, &user(1)).await.unwrap();
        let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
        svc.open_game(game, 7600 + seed).await.unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..3000 {
            let (prompts, stamps, over) =
                svc.inspect(game, |l| (l.game.prompts().to_vec(), l.stamps.clone(), l.game.is_over())).await.unwrap();
            if over {
                break;
            }
            let p = &prompts[0];
            let stamp = Asked::new(p.player, stamps[p.player]);
            if !p.reason.starts_with("promote ") || p.options.len() < 2 {
                svc.answer(game, user(p.player).id, Some(stamp), Answer::Indices(random_pick(p, &mut rng))).await.unwrap();
                continue;
            }
            // Promotion: a question about the forecast, asked privately with the forecast in words.
            let forecast = svc.inspect(game, |l| l.game.state().players[p.player].forecast.clone()).await.unwrap();
            let q = svc.question(game, user(p.player).id).await.unwrap().unwrap();
            assert!(q.private, "promotion names forecast cards: asked by direct message");
            assert!(q.text.starts_with("promote a card of value ") && q.text.contains("then a free Dogma action on it"), "{}", q.text);
            assert!(q.text.contains("**Your forecast**: "), "{}", q.text);
            let UiKind::Choose { options, .. } = &q.ui.kind else { panic!("{:?}", q.ui.kind) };
            for (c, label) in p.options.iter().zip(options) {
                let Choice::Card(id) = c else { panic!("{c:?}") };
                assert!(forecast.contains(id), "a forecast card");
                assert_eq!(label, &format!("{} ({})", engine::card(*id).title, engine::card(*id).age));
            }
            // The other player is not asked, and reads the cards as backs if shown the question's words.
            let theirs = svc.inspect(game, |l| l.game.choice_label(1 - p.player, &p.options[0])).await.unwrap();
            assert!(
                theirs.contains("forecast")
                    && !theirs.contains(
                        &engine::card(match p.options[0] {
                            Choice::Card(c) => c,
                            _ => unreachable!(),
                        })
                        .title
                    ),
                "{theirs}"
            );
            let events = svc.inspect(game, |l| l.game.event_count()).await.unwrap();
            let Choice::Card(chosen) = p.options[0] else { unreachable!() };
            let out = svc.answer(game, user(p.player).id, Some(stamp), Answer::Indices(vec![0])).await.unwrap();
            let said: Vec<String> =
                svc.inspect(game, |l| l.game.events().skip(events).map(|e| e.text_for(None).to_string()).collect()).await.unwrap();
            let title = &engine::card(chosen).title;
            assert!(said.iter().any(|e| e.contains(&format!("promotes {title}"))), "{said:?}");
            assert!(out.posts.iter().any(|post| post.text.contains(title.as_str())), "the thread says the promotion");
            return;
        }
    }
    panic!("no game asked a promotion among two forecast cards");
}

// ---------- Figures in the Sand ----------

fn figures(seats: usize) -> LobbyOptions {
    LobbyOptions { seats, expansions: vec![Set::Figures], ..Default::default() }
}

/// Figures in the Sand is offered (all its Figures implemented), named as people type it, chosen
/// in the lobby (one more seat), said in the lobby and the thread, and played to the end with a
/// computer player; the rematch keeps it.
#[tokio::test]
async fn figures_is_offered_chosen_and_played_to_the_end() {
    assert!(expansions::is_playable(Set::Figures), "Figures in the Sand must be playable for this test");
    assert!(expansions::playable().contains(&Set::Figures));
    assert!(expansions::completions("fig").iter().any(|(l, v)| l == "Figures in the Sand" && v == "figures"));
    assert_eq!(expansions::parse_list("Figures in the Sand, echoes"), Ok(vec![Set::Echoes, Set::Figures]));
    let clock = clock();
    let svc = service(&clock).await;
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &LobbyOptions { seats: 2, ..Default::default() }).await.unwrap();
    let l = svc.set_lobby_expansions(l.id, &user(0), &[Set::Figures]).await.unwrap();
    assert_eq!((l.max_seats(), l.expansions.clone()), (6, vec![Set::Figures]));
    assert!(l.text().contains("Sets: the base game and Figures in the Sand."), "{}", l.text());
    svc.cancel_lobby(l.id, &user(0)).await.unwrap();

    let o = LobbyOptions { seats: 3, computers: 1, level: Level::Basic, expansions: vec![Set::Figures], ..Default::default() };
    let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &o).await.unwrap();
    assert!(l.text().contains("Sets: the base game and Figures in the Sand."), "{}", l.text());
    svc.join_lobby(l.id, &user(1)).await.unwrap();
    let (game, _) = svc.start_lobby(l.id, &user(0), 23).await.unwrap();
    let out = svc.open_game(game, 7700).await.unwrap();
    assert!(out.posts[0].text.contains("Played with the base game and Figures in the Sand"), "{}", out.posts[0].text);
    assert_eq!(svc.inspect(game, |live| live.game.view(None).sets).await.unwrap(), vec![Set::Base, Set::Figures]);
    // The table in words beside its picture names the Decrees in the supply.
    let (head, _) = svc.table(game, user(0).id).await.unwrap();
    assert!(
        head.contains("\nDecrees in the supply: War (red), Expansion (yellow), Trade (green), Advancement (blue), Rivalry (purple)"),
        "{head}"
    );
    play_to_the_end(&svc, game, 23).await;
    let (lobby, _) = svc.rematch(game, &user(1)).await.unwrap();
    assert_eq!(lobby.expansions, vec![Set::Figures]);
}

/// Figures: when a Decree may be issued, the action buttons offer Decree, its menu lists the
/// Decrees by name and colour with what issuing each does, and `/decree` suggests them by name;
/// a press by someone else, `/decree` of no Decree or of one not offered, and the old buttons
/// afterwards are refused in words and change nothing; `/decree` takes a name or a colour in any
/// case. When no Decree may be issued, the Decree menu and `/decree` say what a Decree action
/// needs. Random three-player games are played until Decrees are issued twice (through the menu,
/// then through the command).
#[tokio::test]
async fn a_decree_is_issued_through_the_decree_menu_or_command() {
    use innovation_bot::service::UiKind;
    let clock = clock();
    let svc = service(&clock).await;
    let (mut issued, mut refused_without) = (0, false);
    'games: for seed in 0..200u64 {
        let l = svc.create_lobby_with(GUILD, CHANNEL, &user(0), &figures(3)).await.unwrap();
        svc.join_lobby(l.id, &user(1)).await.unwrap();
        svc.join_lobby(l.id, &user(2)).await.unwrap();
        let (game, _) = svc.start_lobby(l.id, &user(0), seed).await.unwrap();
        svc.open_game(game, 7800 + seed).await.unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..3000 {
            let (prompts, stamps, over) =
                svc.inspect(game, |l| (l.game.prompts().to_vec(), l.stamps.clone(), l.game.is_over())).await.unwrap();
            if over {
                continue 'games;
            }
            let p = &prompts[0];
            let (who, other) = (user(p.player), user((p.player + 1) % 3));
            let stamp = Asked::new(p.player, stamps[p.player]);
            let offered: Vec<engine::Color> = p
                .options
                .iter()
                .filter_map(|c| match c {
                    Choice::Action(Action::Decree(col)) => Some(*col),
                    _ => None,
                })
                .collect();
            let versions = || async { svc.inspect(game, |l| l.version).await.unwrap() };
            if offered.is_empty() {
                if p.kind == engine::AnswerKind::Action && !refused_without {
                    // No Decree to issue: the menu and the command say what a Decree action needs.
                    let before = versions().await;
                    let q = svc.question(game, who.id).await.unwrap().unwrap();
                    assert!(matches!(q.ui.kind, UiKind::Actions { decree: false, .. }), "{:?}", q.ui.kind);
                    let r = svc.action_menu(game, who.id, Some(stamp), ActionButton::Decree).await;
                    assert!(
                        matches!(&r, Err(Refusal::Illegal(m)) if m.contains("Figures of three different values")),
                        "{:?}",
                        r.map(|m| m.title)
                    );
                    let r = svc.act(game, who.id, ActionButton::Decree, Some("war")).await;
                    assert!(
                        matches!(&r, Err(Refusal::Illegal(m)) if m.contains("Figures of three different values")),
                        "{:?}",
                        r.map(|o| o.reply)
                    );
                    assert_eq!(versions().await, before, "nothing changed");
                    refused_without = true;
                }
                let pick = random_pick(p, &mut rng);
                svc.answer(game, who.id, Some(stamp), Answer::Indices(pick)).await.unwrap();
                continue;
            }
            // The buttons offer Decree; its menu and /decree's suggestions list each Decree by name and colour.
            let q = svc.question(game, who.id).await.unwrap().unwrap();
            assert!(matches!(q.ui.kind, UiKind::Actions { decree: true, .. }), "{:?}", q.ui.kind);
            let menu = svc.action_menu(game, who.id, Some(stamp), ActionButton::Decree).await.unwrap();
            assert_eq!(menu.options.len(), offered.len(), "{:?}", menu.options);
            assert!(menu.title.contains("junked"), "{}", menu.title);
            let col = offered[0];
            let name = engine::CardDb::get().decree(col).name.clone();
            let entry = menu.options.iter().find(|o| o.label == format!("{name} ({col})")).expect("the Decree in the menu");
            let description = entry.description.clone().unwrap();
            let effect = &engine::CardDb::get().decree(col).effects[0].text;
            assert!(
                ["in the supply: you run it, then claim it", "yours: you run it again", "it goes back to the supply, not run"]
                    .iter()
                    .any(|f| description.contains(f))
                    && description.ends_with(effect.as_str()),
                "{description}"
            );
            let suggested = svc.action_choices(game, who.id, ActionButton::Decree, "").await;
            assert!(suggested.iter().any(|(l, v)| v == &name && l.starts_with(&format!("{name} ({col}) — "))), "{suggested:?}");
            // Refusals change nothing.
            let before = versions().await;
            let r = svc.action_menu(game, other.id, Some(stamp), ActionButton::Decree).await;
            assert!(matches!(&r, Err(Refusal::NotAsked(m)) if m.contains("this question is for")), "{:?}", r.map(|m| m.title));
            let r = svc.act(game, other.id, ActionButton::Decree, Some(&name)).await;
            assert!(matches!(r, Err(Refusal::NotAsked(_))), "{:?}", r.map(|o| o.reply));
            let r = svc.act(game, who.id, ActionButton::Decree, Some("Nonesuch")).await;
            assert!(
                matches!(&r, Err(Refusal::Illegal(m)) if m.contains("there is no Decree called \"Nonesuch\"") && m.contains("War (red)")),
                "{:?}",
                r.map(|o| o.reply)
            );
            if let Some(not) = engine::Color::ALL.into_iter().find(|c| !offered.contains(c)) {
                let not_name = &engine::CardDb::get().decree(not).name;
                let r = svc.act(game, who.id, ActionButton::Decree, Some(not_name)).await;
                assert!(
                    matches!(&r, Err(Refusal::Illegal(m)) if m.contains(&format!("you cannot issue the {not_name} Decree now")) && m.contains(&format!("{name} ({col})"))),
                    "{:?}",
                    r.map(|o| o.reply)
                );
            }
            assert_eq!(versions().await, before, "nothing changed");

            // The Decree: through the menu the first time, through /decree by its colour (in capitals) the second.
            let events = svc.inspect(game, |l| l.game.event_count()).await.unwrap();
            let out = if issued == 0 {
                svc.answer(game, who.id, Some(stamp), Answer::Indices(vec![entry.index])).await.unwrap()
            } else {
                svc.act(game, who.id, ActionButton::Decree, Some(&col.to_string().to_uppercase())).await.unwrap()
            };
            assert!(out.reply.starts_with(&format!("You chose: Issue the {name} Decree ({col}).")), "{}", out.reply);
            let said: Vec<String> =
                svc.inspect(game, |l| l.game.events().skip(events).map(|e| e.text_for(None).to_string()).collect()).await.unwrap();
            assert!(said.iter().any(|e| e.contains(&format!("the {name} Decree"))), "{said:?}");
            // The old buttons are stale now.
            let r = svc.action_menu(game, who.id, Some(stamp), ActionButton::Decree).await;
            assert!(matches!(r, Err(Refusal::Stale) | Err(Refusal::NotAsked(_))), "{:?}", r.map(|m| m.title));
            issued += 1;
            if issued >= 2 && refused_without {
                return;
            }
        }
    }
    panic!("no game offered a Decree twice ({issued} issued)");
}

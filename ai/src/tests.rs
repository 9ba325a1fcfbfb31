use super::*;
use crate::info::Relabel;
use engine::card::{card, CardDb, CardId};
use engine::sim::sim_config;
use engine::{AnswerKind, GameConfig, Set, State};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashSet;

/// Plays a game with the given computer kinds by seat; returns the game.
fn play(kinds: &[Kind], seed: u64, cap: usize) -> Game {
    let (config, answer_seed) = sim_config(kinds.len(), false, seed, 0);
    let mut game = Game::new(config).unwrap();
    let mut seats: Vec<Computer> = kinds.iter().enumerate().map(|(i, k)| Computer::new(k.clone(), answer_seed + i as u64)).collect();
    while !game.is_over() && game.decisions().len() < cap {
        let p = game.prompts()[0].player;
        seats[p].play(&mut game, p).unwrap();
    }
    game
}

#[test]
fn computer_players_finish_games() {
    for (kinds, seed) in [
        (vec![Kind::basic(), Kind::Random], 1),
        (vec![Kind::Random, Kind::basic(), Kind::basic()], 2),
        (vec![Kind::Strong { budget: Budget::Rollouts(6), horizon: 2, width: 3 }, Kind::basic()], 3),
    ] {
        let g = play(&kinds, seed, 3000);
        assert!(g.is_over(), "{kinds:?} did not finish in 3000 decisions");
    }
}

#[test]
fn kinds_parse_and_print() {
    for s in ["random", "basic", "basic:deals=3", "strong", "strong:rollouts=10:horizon=2:width=3", "strong:ms=250"] {
        let k: Kind = s.parse().unwrap();
        assert_eq!(k.to_string().parse::<Kind>().unwrap(), k, "{s}");
    }
    assert!("clever".parse::<Kind>().is_err());
    assert!("basic:rollouts=3".parse::<Kind>().is_err());
}

#[test]
fn a_decision_is_the_same_for_the_same_seed() {
    let (config, _) = sim_config(2, false, 5, 0);
    let mut game = Game::new(config).unwrap();
    let mut r = Computer::new(Kind::Random, 9);
    for _ in 0..40 {
        let p = game.prompts()[0].player;
        r.play(&mut game, p).unwrap();
    }
    let p = game.prompts()[0].player;
    for kind in [Kind::basic(), Kind::Strong { budget: Budget::Rollouts(4), horizon: 2, width: 3 }] {
        assert_eq!(decide(&kind, &game, p, 7).unwrap(), decide(&kind, &game, p, 7).unwrap());
    }
}

/// Cards `seat` sees on a table: its hand, score pile and forecast (Echoes), and every board,
/// display and Museum (Artifacts).
fn seen(st: &State, seat: usize, out: &mut HashSet<CardId>) {
    out.extend(&st.players[seat].hand);
    out.extend(&st.players[seat].score);
    out.extend(&st.players[seat].forecast);
    for ps in &st.players {
        out.extend(ps.board_cards());
        out.extend(ps.display);
        out.extend(ps.museums.iter().map(|(_, a)| *a));
    }
}

/// A random renaming of the cards `seat` has not seen, backs (set and age) kept.
fn shuffle_unseen(seen: &HashSet<CardId>, rng: &mut impl Rng) -> Relabel {
    let mut by_age: Vec<Vec<CardId>> = vec![Vec::new(); 6 * 12];
    for c in &CardDb::get().cards {
        if !seen.contains(&c.id) {
            by_age[c.set.index() * 12 + c.age as usize].push(c.id);
        }
    }
    let mut pairs = Vec::new();
    for cards in by_age {
        let mut s = cards.clone();
        s.shuffle(rng);
        pairs.extend(cards.into_iter().zip(s));
    }
    Relabel::from_pairs(pairs)
}

/// A game with The Unseen, its first meld arranged (each player melds the
/// last card of their hand), as the engine's random play with the set does:
/// `Game::new` refuses the set until all its cards are implemented. Returns
/// the configuration and the arranged table the game began from.
fn unseen_game(players: usize, seed: u64) -> (GameConfig, State) {
    let names = ["ann", "bo", "cy", "di", "ed"];
    let config = GameConfig::new(&names[..players], seed).with_expansions(&[Set::Unseen]);
    let mut st = Game::initial_state(&config).unwrap();
    for p in 0..players {
        let c = st.players[p].hand.pop().unwrap();
        st.players[p].piles[card(c).color.index()].cards.push(c);
    }
    (config, st)
}

/// Games with one set, 2 to 4 players, as `innovation simulate` deals them.
fn games_with(set: Set, n: u64, seed: u64) -> Vec<(GameConfig, Option<State>)> {
    (0..n).map(|i| (engine::sim::sim_config_with(2 + (i as usize % 3), false, seed, i, &[set]).0, None)).collect()
}

/// The renaming of an info set is a renaming: every card of the sets in play
/// lies on its table exactly once.
fn each_card_once(info: &info::InfoSet) {
    let mut all = info.start.all_cards();
    let n = all.len();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), n, "a card lies twice on the table of an info set");
    let expected = CardDb::get().cards.iter().filter(|c| info.start.has(c.set) && (c.age > 0 || info.start.age_zero)).count();
    assert_eq!(n, expected, "cards missing from the table of an info set");
}

/// A game from its configuration, from its arranged table if it has one.
fn begin(config: &GameConfig, origin: &Option<State>) -> Game {
    match origin {
        Some(st) => Game::from_state(config.clone(), st.clone()).unwrap(),
        None => Game::new(config.clone()).unwrap(),
    }
}

/// The fairness test. Take a real game at a question to some seat; make a
/// twin game that differs only in cards that seat cannot see (every unseen
/// card swapped with another unseen card of the same age, before the current
/// action began, and the answers of the action renamed alike). The seat sees
/// the same thing in both, so its info set must be identical and its answer
/// the same (renamed). A card in a safe now counts as unseen even if the seat
/// saw it before it was safeguarded: nobody may look at a secret.
fn check_twins(games: &[(GameConfig, Option<State>)], every: usize, cap: usize) -> Twins {
    let mut rng = <ChaCha8Rng as SeedableRng>::seed_from_u64(11);
    let mut t = Twins::default();
    for (gi, (config, origin)) in games.iter().enumerate() {
        let mut game = begin(config, origin);
        let mut driver = match origin {
            Some(st) => Computer::for_arranged_game(Kind::Random, gi as u64, st.clone()),
            None => Computer::new(Kind::Random, gi as u64),
        };
        let mut observer = match origin {
            Some(st) => info::Observer::from_arranged(st.clone()),
            None => info::Observer::new(),
        };
        while !game.is_over() && game.decisions().len() < cap {
            let prompt = game.prompts()[0].clone();
            let seat = prompt.player;
            let is_first_meld = game.in_first_meld();
            if !is_first_meld && game.decisions().len().is_multiple_of(every) {
                // The start of the current action, and the answers since.
                let (start, answers) = if prompt.kind == AnswerKind::Action {
                    (game.state().clone(), Vec::new())
                } else {
                    let i = game.decisions().iter().rposition(|d| matches!(d.answer.first(), Some(Choice::Action(_)))).unwrap();
                    let mut g0 = begin(config, origin);
                    for d in &game.decisions()[..i] {
                        g0.apply(d.clone()).unwrap();
                    }
                    (g0.state().clone(), game.decisions()[i..].to_vec())
                };
                let mut s = HashSet::new();
                seen(&start, seat, &mut s);
                seen(game.state(), seat, &mut s);
                // Secrets are unseen, but for those safeguarded from a board during this action.
                let on_boards: HashSet<CardId> = start.players.iter().flat_map(|ps| ps.board_cards()).collect();
                for c in game.state().players.iter().flat_map(|ps| &ps.safe) {
                    if !on_boards.contains(c) {
                        s.remove(c);
                    }
                }
                let sigma = shuffle_unseen(&s, &mut rng);
                let mut twin_origin = sigma.state(&start);
                // The coin decides the flips to come: nobody knows it.
                twin_origin.coin = rng.gen();
                let twin = (|| {
                    let mut t = Game::from_state(config.clone(), twin_origin.clone()).ok()?;
                    for d in &answers {
                        t.apply(sigma.decision(d)).ok()?;
                    }
                    Some(t)
                })();
                // Only twins the seat cannot tell apart (an effect may have looked at a hidden card's colour).
                if let Some(twin) = twin.filter(|t| {
                    t.view(Some(seat)) == game.view(Some(seat))
                        && t.prompt_for(seat).map(|p| (&p.options, p.about))
                            == Some((&sigma.prompt(&prompt).options, sigma.prompt(&prompt).about))
                }) {
                    let (real_info, _) = observer.observe(&game, seat, &[]).unwrap();
                    each_card_once(&real_info);
                    let (twin_info, _) = info::Observer::from_arranged(twin_origin.clone()).observe(&twin, seat, &[]).unwrap();
                    assert_eq!(
                        format!("{real_info:?}"),
                        format!("{twin_info:?}"),
                        "info sets differ at decision {} of game {gi}",
                        game.decisions().len()
                    );
                    assert_eq!(real_info.config.seed, 0);
                    for kind in [Kind::basic(), Kind::Strong { budget: Budget::Rollouts(3), horizon: 1, width: 2 }] {
                        let real_computer = match origin {
                            Some(st) => Computer::for_arranged_game(kind.clone(), 5, st.clone()),
                            None => Computer::new(kind.clone(), 5),
                        };
                        let d_real = real_computer.decide_once(&game, seat);
                        let d_twin = Computer::for_arranged_game(kind.clone(), 5, twin_origin.clone()).decide_once(&twin, seat);
                        assert_eq!(sigma.choices(&d_real.answer), d_twin.answer, "{kind} decided differently on a twin");
                    }
                    t.checked += 1;
                    t.mid_action += !answers.is_empty() as usize;
                    t.own_secrets += (twin.state().players[seat].safe != game.state().players[seat].safe) as usize;
                    let mut at_start = HashSet::new();
                    seen(&start, seat, &mut at_start);
                    t.forgotten += game.state().players.iter().flat_map(|ps| &ps.safe).any(|c| at_start.contains(c)) as usize;
                    let (real_st, twin_st) = (game.state(), twin.state());
                    t.other_forecasts +=
                        real_st.opponents(seat).iter().any(|q| real_st.players[*q].forecast != twin_st.players[*q].forecast) as usize;
                    t.own_forecast += !real_st.players[seat].forecast.is_empty() as usize;
                    t.artifacts += real_st.players.iter().any(|ps| ps.display.is_some() || !ps.museums.is_empty()) as usize;
                }
            }
            driver.play(&mut game, seat).unwrap();
        }
    }
    t
}

/// What [`check_twins`] checked.
#[derive(Debug, Default)]
struct Twins {
    /// Twins compared, and how many of them in the middle of an action.
    checked: usize,
    mid_action: usize,
    /// Twins that differ in the asked seat's own secrets.
    own_secrets: usize,
    /// Twins with a secret the seat saw before it was safeguarded.
    forgotten: usize,
    /// Twins that differ in an opponent's forecast (Echoes).
    other_forecasts: usize,
    /// Twins in which the asked seat has a forecast (the same in both: it sees it).
    own_forecast: usize,
    /// Twins with an Artifact on display or in a Museum (public: the same in both).
    artifacts: usize,
}

impl Computer {
    /// One decision on a game, unwrapped (tests).
    fn decide_once(mut self, game: &Game, seat: PlayerId) -> Decision {
        self.decide(game, seat, &[]).unwrap()
    }
}

#[test]
fn decisions_depend_only_on_what_the_seat_sees() {
    let games: Vec<(GameConfig, Option<State>)> = (0..6u64).map(|i| (sim_config(2 + (i as usize % 3), false, 21, i).0, None)).collect();
    let Twins { checked, mid_action, .. } = check_twins(&games, 7, 400);
    println!("{checked} twins checked, {mid_action} in the middle of an action");
    assert!(checked >= 20 && mid_action >= 3, "only {checked} twins checked ({mid_action} in the middle of an action)");
}

/// The same with The Unseen: twins differ in secrets too, the asked seat's
/// own among them, and its info set and answers are the same.
#[test]
fn decisions_with_the_unseen_depend_only_on_what_the_seat_sees() {
    let n: u64 = std::env::var("TWIN_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(6);
    let games: Vec<(GameConfig, Option<State>)> = (0..n)
        .map(|i| {
            let (config, st) = unseen_game(2 + (i as usize % 3), 30 + i);
            (config, Some(st))
        })
        .collect();
    let Twins { checked, mid_action, own_secrets, forgotten, .. } = check_twins(&games, 5, 300);
    println!("{checked} twins checked, {mid_action} in the middle of an action, {own_secrets} with other secrets of the asked seat, {forgotten} with a secret seen before it was safeguarded");
    assert!(
        checked >= 20 && mid_action >= 3 && own_secrets >= 5,
        "only {checked} twins checked ({mid_action} in the middle of an action, {own_secrets} with other secrets of the asked seat)"
    );
}

/// Two tables identical but for which cards are the asked seat's secrets (each
/// swapped with an unseen card of the same back from a deck) at a choice of
/// action: the seat cannot tell them apart, and neither basic nor strong may
/// answer differently. The secrets really are other cards, and the answers
/// are compared card for card.
#[test]
fn a_decision_does_not_depend_on_which_cards_are_ones_own_secrets() {
    let mut compared = 0;
    for seed in 0..8u64 {
        let (config, origin) = unseen_game(2 + (seed as usize % 2), 50 + seed);
        let mut game = Game::from_state(config.clone(), origin.clone()).unwrap();
        let mut driver = Computer::for_arranged_game(Kind::Random, seed, origin.clone());
        while !game.is_over() && game.decisions().len() < 600 {
            let prompt = game.prompts()[0].clone();
            let seat = prompt.player;
            let st = game.state();
            if prompt.kind == AnswerKind::Action && !st.players[seat].safe.is_empty() && prompt.options.len() > 1 {
                // Each secret swapped with the top card of its own deck (the same back).
                let mut pairs = Vec::new();
                for s in &st.players[seat].safe {
                    if let Some(t) = st.deck(card(*s).set, card(*s).age).last() {
                        pairs.push((*s, *t));
                        pairs.push((*t, *s));
                    }
                }
                if !pairs.is_empty() {
                    let sigma = Relabel::from_pairs(pairs);
                    let real = Game::from_state(config.clone(), st.clone()).unwrap();
                    let twin = Game::from_state(config.clone(), sigma.state(st)).unwrap();
                    assert_ne!(real.state().players[seat].safe, twin.state().players[seat].safe);
                    assert_eq!(real.view(Some(seat)), twin.view(Some(seat)));
                    assert_eq!(real.prompt_for(seat), twin.prompt_for(seat));
                    for kind in [Kind::basic(), Kind::Strong { budget: Budget::Rollouts(4), horizon: 2, width: 3 }] {
                        let a = Computer::for_arranged_game(kind.clone(), 3, real.state().clone()).decide_once(&real, seat);
                        let b = Computer::for_arranged_game(kind.clone(), 3, twin.state().clone()).decide_once(&twin, seat);
                        assert_eq!(a, b, "{kind} answered differently with other secrets");
                    }
                    compared += 1;
                    if compared % 4 == 0 {
                        break;
                    }
                }
            }
            driver.play(&mut game, seat).unwrap();
        }
    }
    assert!(compared >= 12, "only {compared} tables with secrets compared");
}

/// Questions asked in random play of `games`, and how many of them a deal
/// agreeing with what the seat saw was found for: (asked, found, asked in the
/// middle of an action, found there).
fn world_finding(games: &[(GameConfig, Option<State>)], cap: usize) -> (usize, usize, usize, usize) {
    let mut rng = <ChaCha8Rng as SeedableRng>::seed_from_u64(3);
    let (mut asked, mut found, mut mid, mut mid_found) = (0, 0, 0, 0);
    for (gi, (config, origin)) in games.iter().enumerate() {
        let mut game = begin(config, origin);
        let (mut driver, mut obs) = match origin {
            Some(st) => (Computer::for_arranged_game(Kind::Random, gi as u64, st.clone()), info::Observer::from_arranged(st.clone())),
            None => (Computer::new(Kind::Random, gi as u64), info::Observer::new()),
        };
        while !game.is_over() && game.decisions().len() < cap {
            let seat = game.prompts()[0].player;
            let (info, _) = obs.observe(&game, seat, &[]).unwrap();
            each_card_once(&info);
            if info.phase == info::Phase::Playing {
                asked += 1;
                let ok = info.sample_world(&mut rng).is_some();
                found += ok as usize;
                if !info.answers.is_empty() {
                    mid += 1;
                    mid_found += ok as usize;
                }
            }
            driver.play(&mut game, seat).unwrap();
        }
    }
    (asked, found, mid, mid_found)
}

/// Deals that agree with what the seat saw are found for nearly every
/// question, in the middle of an action too (where the answers given so far
/// must replay the same way on the deal).
#[test]
fn worlds_are_found_for_nearly_every_question() {
    let games: Vec<(GameConfig, Option<State>)> = (0..6u64).map(|i| (sim_config(2 + (i as usize % 3), false, 77, i).0, None)).collect();
    let (asked, found, mid, mid_found) = world_finding(&games, 600);
    println!("worlds found for {found} of {asked} questions; {mid_found} of {mid} in the middle of an action");
    assert!(mid >= 100 && mid_found as f64 >= 0.95 * mid as f64 && found as f64 >= 0.98 * asked as f64);
}

/// The same with The Unseen, where secrets (one's own too) are dealt like
/// every other hidden card.
#[test]
fn worlds_with_the_unseen_are_found_for_nearly_every_question() {
    let games: Vec<(GameConfig, Option<State>)> = (0..6u64)
        .map(|i| {
            let (config, st) = unseen_game(2 + (i as usize % 3), 90 + i);
            (config, Some(st))
        })
        .collect();
    let (asked, found, mid, mid_found) = world_finding(&games, 600);
    println!("worlds found for {found} of {asked} questions; {mid_found} of {mid} in the middle of an action");
    assert!(mid >= 100 && mid_found as f64 >= 0.95 * mid as f64 && found as f64 >= 0.98 * asked as f64);
}

/// A game arranged with `Game::from_state` (as scenarios are) can be played
/// by computers told where it began, and computers not told still answer.
#[test]
fn computers_answer_in_arranged_games() {
    let (config, seed) = sim_config(2, false, 4, 0);
    let mut game = Game::new(config.clone()).unwrap();
    let mut r = Computer::new(Kind::Random, seed);
    while game.decisions().len() < 30 || game.prompts()[0].kind != AnswerKind::Action {
        let p = game.prompts()[0].player;
        r.play(&mut game, p).unwrap();
    }
    let origin = game.state().clone();
    for told in [true, false] {
        let mut g = Game::from_state(config.clone(), origin.clone()).unwrap();
        let mut seats: Vec<Computer> = (0..2)
            .map(|s| if told { Computer::for_arranged_game(Kind::basic(), s, origin.clone()) } else { Computer::new(Kind::basic(), s) })
            .collect();
        for _ in 0..60 {
            if g.is_over() {
                break;
            }
            let p = g.prompts()[0].player;
            seats[p].play(&mut g, p).unwrap();
        }
    }
}

/// A computer player can be kept across await points and threads (the bot's tasks).
#[test]
fn a_computer_is_send() {
    fn send<T: Send + 'static>() {}
    send::<Computer>();
    send::<Kind>();
}

/// Basic-vs-basic games that used to trade the same actions until the
/// simulator's cap of 5000 decisions (`simulate --ai basic,basic --seed 1`,
/// games 198, 506, 571, 837 and 844: demands returning the cards just drawn
/// or scored, answered in kind) now end, as every game of that run does
/// within 400 decisions.
#[test]
fn basic_players_end_the_games_they_used_to_loop_in() {
    for index in [198, 506, 571, 837, 844] {
        let (config, answer_seed) = sim_config(2, false, 1, index);
        let mut game = Game::new(config).unwrap();
        let mut seats: Vec<Computer> = (0..2).map(|s| Computer::new(Kind::basic(), answer_seed.wrapping_add(s))).collect();
        while !game.is_over() && game.decisions().len() < 1000 {
            let p = game.prompts()[0].player;
            seats[p].play(&mut game, p).unwrap();
        }
        assert!(game.is_over(), "game {index} did not end in 1000 decisions (turn {})", game.state().turn.number);
    }
}

/// The cost of a long game: nothing in a game of ordinary length, then the
/// same for every player for each card left in the decks, growing each turn.
#[test]
fn a_long_game_costs_every_player_each_card_left_in_the_decks() {
    let (config, seed) = sim_config(2, false, 6, 0);
    let mut game = Game::new(config).unwrap();
    let mut r = Computer::new(Kind::Random, seed);
    for _ in 0..40 {
        let p = game.prompts()[0].player;
        r.play(&mut game, p).unwrap();
    }
    let w = eval::Weights::default();
    let at_turn = |n: u32, junked: bool| {
        let mut st = game.state().clone();
        st.turn.number = n;
        if junked {
            let c = st.decks.iter_mut().flatten().find_map(|d| d.pop()).unwrap();
            st.junk.push(c);
        }
        st
    };
    for seat in 0..2 {
        let ordinary = eval::evaluate(&at_turn(w.long_game_turn, false), seat, &w);
        assert_eq!(ordinary, eval::evaluate(&at_turn(w.long_game_turn, true), seat, &w), "a card out of the decks before the long game");
        assert_eq!(ordinary, eval::evaluate(&at_turn(5, false), seat, &w));
        let long = at_turn(w.long_game_turn + 10, false);
        let cost = 10.0 * w.long_game_pressure * pace::supply_cards(&long) as f64;
        assert!(cost > 0.0);
        assert!((eval::evaluate(&long, seat, &w) - (ordinary - cost)).abs() < 1e-9);
        let fewer = eval::evaluate(&at_turn(w.long_game_turn + 10, true), seat, &w);
        assert!((fewer - eval::evaluate(&long, seat, &w) - 10.0 * w.long_game_pressure).abs() < 1e-9, "one card fewer in the decks");
    }
}

/// A card seen in one's hand and safeguarded during the current action is
/// forgotten at once: Black Market safeguards a card from the hand, then asks
/// which two available achievements to reveal. Two tables that differ only in
/// which card of that back was in the hand give the same info set and the
/// same answers at that second question.
#[test]
fn a_card_safeguarded_from_the_hand_is_forgotten() {
    let db = CardDb::get();
    let market = db.by_title("Black Market").unwrap();
    let (config, mut st) = unseen_game(2, 7);
    // Black Market on top of seat 0's board; the other board emptied into its hand (nobody shares).
    st.remove(market);
    st.players[0].piles[card(market).color.index()].cards.push(market);
    let theirs: Vec<CardId> = st.players[1].board_cards().collect();
    for c in theirs {
        st.remove(c);
        st.players[1].hand.push(c);
    }
    let kept = st.players[0].hand[0];
    let other = *st.deck(card(kept).set, card(kept).age).last().unwrap();
    let sigma = Relabel::from_pairs([(kept, other), (other, kept)]);
    let at_second_question = |origin: &State, safeguarded: CardId| {
        let mut g = Game::from_state(config.clone(), origin.clone()).unwrap();
        g.apply(Decision::new(0, vec![Choice::Action(engine::Action::Dogma(market))])).unwrap();
        assert_eq!(g.prompt_for(0).unwrap().kind, AnswerKind::Cards);
        g.apply(Decision::new(0, vec![Choice::Card(safeguarded)])).unwrap();
        assert_eq!(g.state().players[0].safe, vec![safeguarded]);
        g
    };
    let real = at_second_question(&st, kept);
    let twin_origin = sigma.state(&st);
    let twin = at_second_question(&twin_origin, other);
    assert_eq!(real.view(Some(0)), twin.view(Some(0)));
    assert_eq!(real.prompt_for(0).map(|p| &p.options), twin.prompt_for(0).map(|p| &p.options));
    let (real_info, _) = info::Observer::from_arranged(st.clone()).observe(&real, 0, &[]).unwrap();
    let (twin_info, _) = info::Observer::from_arranged(twin_origin.clone()).observe(&twin, 0, &[]).unwrap();
    assert_eq!(format!("{real_info:?}"), format!("{twin_info:?}"));
    for kind in [Kind::basic(), Kind::Strong { budget: Budget::Rollouts(4), horizon: 2, width: 3 }] {
        let a = Computer::for_arranged_game(kind.clone(), 1, st.clone()).decide_once(&real, 0);
        let b = Computer::for_arranged_game(kind.clone(), 1, twin_origin.clone()).decide_once(&twin, 0);
        assert_eq!(a, b, "{kind} answered differently");
    }
}

/// A secret safeguarded from a board during the current action keeps its
/// name until the action ends (a deal replays the action from the table
/// everyone saw), and the renaming stays a renaming: bo shares Illuminati and
/// safeguards its top card; then ann is asked which card of her hand to
/// reveal, and her info set still holds every card once and has deals.
#[test]
fn a_secret_safeguarded_from_a_board_during_the_action_is_dealt_consistently() {
    let db = CardDb::get();
    let illuminati = db.by_title("Illuminati").unwrap();
    let (config, mut st) = unseen_game(2, 11);
    st.remove(illuminati);
    st.players[0].piles[card(illuminati).color.index()].cards.push(illuminati);
    // Ann: a second card in hand, so that she is asked which one to reveal.
    let extra = st.deck_mut(Set::Base, 1).pop().unwrap();
    st.players[0].hand.push(extra);
    // Bo: a top card of his hand card's colour, and as many [concept] as ann (he shares).
    let bo_hand = st.players[1].hand[0];
    let colour = card(bo_hand).color;
    let concept = engine::Icon::Concept;
    let mut pool: Vec<CardId> = db.cards.iter().filter(|c| c.set == Set::Base && c.age <= 3).map(|c| c.id).collect();
    pool.retain(|c| st.locate(*c).is_some_and(|z| matches!(z, engine::Zone::Deck(..))));
    let same_colour = *pool.iter().find(|c| card(**c).color == colour).unwrap();
    st.remove(same_colour);
    st.players[1].piles[colour.index()].cards.push(same_colour);
    for c in pool.into_iter().filter(|c| card(*c).has_icon(concept) && *c != same_colour) {
        if engine::derived::icon_count(&st, 1, concept) >= engine::derived::icon_count(&st, 0, concept) {
            break;
        }
        let col = card(c).color;
        if col == colour {
            continue;
        }
        st.remove(c);
        st.players[1].piles[col.index()].cards.push(c);
    }
    assert!(engine::derived::icon_count(&st, 1, concept) >= engine::derived::icon_count(&st, 0, concept));
    let mut game = Game::from_state(config, st.clone()).unwrap();
    game.apply(Decision::new(0, vec![Choice::Action(engine::Action::Dogma(illuminati))])).unwrap();
    while game.prompts()[0].player == 1 {
        let p = game.prompts()[0].clone();
        game.apply(Decision::new(1, p.options[..p.min.max(1).min(p.options.len())].to_vec())).unwrap();
    }
    assert_eq!(game.state().players[1].safe.first(), Some(&same_colour), "bo safeguarded his top card");
    assert_eq!(game.prompt_for(0).unwrap().kind, AnswerKind::Cards);
    let (info, _) = info::Observer::from_arranged(st).observe(&game, 0, &[]).unwrap();
    each_card_once(&info);
    assert_eq!(info.start.players[1].top(colour), Some(same_colour), "the board as everyone saw it");
    let mut rng = <ChaCha8Rng as SeedableRng>::seed_from_u64(1);
    assert!(info.sample_world(&mut rng).is_some());
}

/// A secret is worth `secret` to its owner (and as much less to the other
/// player), and `claimable_secret` more once its owner may achieve it.
#[test]
fn secrets_count_as_achievements_only_their_owner_may_claim() {
    let w = eval::Weights::default();
    let (_, st) = unseen_game(2, 3);
    let with_secret = |st: &State| {
        let mut s = st.clone();
        let c = s.deck_mut(Set::Unseen, 1).pop().unwrap();
        s.players[0].safe.push(c);
        s
    };
    let delta = |a: &State, b: &State, p: usize| eval::evaluate(b, p, &w) - eval::evaluate(a, p, &w);
    assert!(w.secret > 0.0 && w.claimable_secret > 0.0);
    // Not eligible: no points.
    let secret = with_secret(&st);
    assert!(engine::turn::achievable_secrets(&secret, 0).is_empty());
    assert!((delta(&st, &secret, 0) - w.secret).abs() < 1e-9);
    assert!((delta(&st, &secret, 1) + w.secret).abs() < 1e-9);
    // Five points: the secret (a 1) may be achieved.
    let mut scored = st.clone();
    let five = scored.deck_mut(Set::Base, 5).pop().unwrap();
    scored.players[0].score.push(five);
    let both = with_secret(&scored);
    assert_eq!(engine::turn::achievable_secrets(&both, 0), vec![0]);
    assert!((delta(&scored, &both, 0) - w.secret - w.claimable_secret).abs() < 1e-9);
}

mod artifacts;
mod cities;
mod echoes;
mod figures;

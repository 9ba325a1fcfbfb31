//! Random play with The Unseen while its cards are being built: games set up with the set (its
//! decks, its draw rule, the safe) and played with random legal answers; a card without an
//! implementation is refused when chosen and another answer is taken. Every table keeps the
//! invariants, and every view shows only what its seat may see (`sim::check_table`).

use engine::sim::{check_table, random_decision};
use engine::{card, Game, GameConfig, GameError, Set};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn random_games_with_the_unseen_keep_every_invariant() {
    let games: u64 = std::env::var("UNSEEN_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(40);
    let mut failures = Vec::new();
    for i in 0..games {
        let names = ["ann", "bo", "cy", "di", "ed"];
        let n = 2 + (i as usize % 4);
        let config = GameConfig::new(&names[..n], i).with_expansions(&[Set::Unseen]);
        let mut st = Game::initial_state(&config).unwrap();
        // The first meld, arranged: each player melds the last card of their hand.
        for p in 0..n {
            let c = st.players[p].hand.pop().unwrap();
            st.players[p].piles[card(c).color.index()].cards.push(c);
        }
        let mut g = Game::from_state(config, st).unwrap();
        if std::env::var("UNSEEN_TRACE").is_ok() {
            eprintln!("game {i}");
        }
        let mut rng = ChaCha8Rng::seed_from_u64(i * 7 + 1);
        let mut refused_in_a_row = 0;
        while !g.is_over() && g.decisions().len() < 3000 && refused_in_a_row < 500 {
            let d = random_decision(&g, &mut rng).expect("a game not over asks something");
            match g.apply(d) {
                Ok(()) => refused_in_a_row = 0,
                Err(GameError::Unimplemented { .. }) => refused_in_a_row += 1,
                Err(e) => {
                    failures.push(format!("game {i}, decision {}: {e}", g.decisions().len() + 1));
                    break;
                }
            }
            if let Err(e) = check_table(&g) {
                failures.push(format!("game {i}, decision {}: {e}", g.decisions().len()));
                break;
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

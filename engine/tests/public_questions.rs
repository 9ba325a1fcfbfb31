//! A question's words are posted in public, so a question about a card only its player sees
//! (Scissors' "either meld it or score it" for a card from the hand, Charitable Trust's "you may
//! meld the last card you drew") names the card only to that player: its reason does not, the
//! question is asked in private, and `Game::reason_for` names the card to the asked player.
//! Two random games of the Echoes simulation (seed 1) that once named such cards in public.

use engine::sim::{play_random, sim_config_with, Checks};
use engine::{card, Set};

fn questions_about_hidden_cards(index: u64, players: usize, title: &str) -> usize {
    let (config, answer_seed) = sim_config_with(players, false, 1, index, &[Set::Echoes]);
    let mut seen = 0;
    let sim = play_random(config, answer_seed, 3000, Checks::Table, |game, _| {
        for p in game.prompts() {
            let Some(c) = p.about else { continue };
            if !p.reason.starts_with(title) {
                continue;
            }
            seen += 1;
            let name = &card(c).title;
            assert!(!p.reason.contains(name.as_str()), "the reason names {name}: {}", p.reason);
            assert!(game.prompt_is_private(p), "asked in public: {}", p.reason);
            assert!(game.reason_for(p, p.player).ends_with(&format!("{name} ({})", card(c).age)), "{}", game.reason_for(p, p.player));
        }
    });
    assert_eq!(sim.failure, None);
    seen
}

#[test]
fn scissors_names_the_chosen_card_to_its_player_only() {
    assert!(questions_about_hidden_cards(1998, 4, "Scissors") > 0);
}

#[test]
fn charitable_trust_names_the_drawn_card_to_its_player_only() {
    assert!(questions_about_hidden_cards(1995, 5, "Charitable Trust") > 0);
}

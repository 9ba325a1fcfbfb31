//! The computer players with Figures in the Sand: what their seat may see
//! (a karma's question about a hidden card among it) and whole games.

use super::*;
use engine::prompt::Prompt;

/// Twins that differ in cards the seat cannot see give the seat the same info
/// set and the same answers, with the set's karmas, Decrees and Age 0 deck.
#[test]
fn decisions_with_figures_depend_only_on_what_the_seat_sees() {
    let t = check_twins(&games_with(Set::Figures, 6, 81), 5, 300);
    println!("{t:?}");
    assert!(t.checked >= 20 && t.mid_action >= 3, "only {t:?}");
}

/// Deals agreeing with what the seat saw are found for nearly every question with the set.
#[test]
fn worlds_with_figures_are_found_for_nearly_every_question() {
    let (asked, found, mid, mid_found) = world_finding(&games_with(Set::Figures, 6, 83), 600);
    println!("worlds found for {found} of {asked} questions; {mid_found} of {mid} in the middle of an action");
    assert!(mid >= 100 && mid_found as f64 >= 0.95 * mid as f64 && found as f64 >= 0.98 * asked as f64);
}

/// A question can be about a card the asked seat cannot see (Murasaki Shikibu: "achieve the
/// junked card?", the junk being face down): renaming the hidden cards renames that card too,
/// so an info set never carries its real name.
#[test]
fn the_card_a_question_is_about_is_renamed_like_its_options() {
    let (a, b) = (CardId(7), CardId(9));
    let sigma = Relabel::from_pairs([(a, b), (b, a)]);
    let asked = Prompt {
        player: 0,
        kind: AnswerKind::YesNo,
        options: vec![engine::Choice::Yes, engine::Choice::No],
        min: 1,
        max: 1,
        reason: "Murasaki Shikibu: achieve the junked card?".into(),
        on_behalf_of: None,
        about: Some(a),
    };
    let renamed = sigma.prompt(&asked);
    assert_eq!(renamed.about, Some(b));
    assert_eq!(renamed.options, asked.options);
    assert_eq!(sigma.prompt(&renamed), asked);
}

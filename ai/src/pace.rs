//! Driving a long game toward its end.
//!
//! The evaluation in [`crate::eval`] compares two players' positions, so
//! nothing in it prefers a shorter game: two players who each undo the
//! other's progress (a demand that returns the cards just drawn, a score
//! pile sent back to the decks or moved to a hand and scored again) can
//! trade the same few actions forever, each answer being the best one step
//! ahead.
//!
//! Every game ends by running down the decks (achievements come from
//! drawing into higher ages, and a draw above age 11 ends the game on
//! score), so the pace of a game is measured by the cards left in the
//! supply decks. Past a turn that ordinary games rarely reach, every card
//! left in the decks costs every player the same amount, growing with each
//! turn: actions that take cards out of the decks win over those that put
//! them back, and sooner or later over everything else, so the game ends.
//! The term is the same for everyone, so it leaves the comparison between
//! players as it was and changes nothing in a game of ordinary length.

use crate::eval::Weights;
use engine::state::State;

/// Cards left in the supply decks (every age).
pub fn supply_cards(st: &State) -> usize {
    st.decks.iter().flatten().map(Vec::len).sum()
}

/// How much each card left in the decks costs at the table's turn: nothing
/// up to `w.long_game_turn`, then `w.long_game_pressure` more each turn.
pub fn pressure(st: &State, w: &Weights) -> f64 {
    let late = st.turn.number.saturating_sub(w.long_game_turn);
    w.long_game_pressure * late as f64
}

/// The cost of a long game to every player at the table: zero in a game of
/// ordinary length, then the cards left in the decks times [`pressure`].
pub fn long_game_cost(st: &State, w: &Weights) -> f64 {
    let p = pressure(st, w);
    if p <= 0.0 {
        return 0.0;
    }
    p * supply_cards(st) as f64
}

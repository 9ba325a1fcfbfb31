//! A game within the game (Artifacts' Martian Internet): "Start a new game, ignoring all players'
//! current cards and without shuffling, each player drawing and melding a 9 to begin, the winner
//! then transferring their cards to this game and junking each player's other cards from that
//! game."
//!
//! Readings this engine takes (`engine/SCENARIOS.md`):
//! - Every player's cards are set aside face down ([`crate::zone::Zone::SetAside`]); the new game
//!   is played by the same players on the same decks (unshuffled), supply, junk and Museums.
//! - To begin, each player draws and melds a 9, starting with the player who started it and going
//!   clockwise; the first player is the one whose melded card comes first alphabetically, as at
//!   the start of a game, and has one action (the first two players with four or more).
//! - It ends as a game ends (achievements, a draw past 11, a card's win, elimination), ending only
//!   the new game. A tie on score leaves several winners, each bringing their cards.
//! - The winners' cards go to the same zones in this game, board cards on top of their piles in
//!   their order (a pile keeps its splay); an Artifact that finds the display taken, and every card
//!   of the other players, is junked (special achievements to the junk, Decrees and Museums to the
//!   supply). Then this game goes on where it was.
//! - A player who concedes during the new game leaves this game too when it ends.

use crate::card::{card, CardId, Color};
use crate::ctx::{Act, Ctx, Res, Stop};
use crate::state::{Achievement, Outcome, PlayerId, PlayerState, SetAside, Turn};
use crate::turn;

/// Plays a new game within this one, started by `by`, and brings its winners' cards into this game.
/// Everyone begins it by drawing and melding a card of value `begin` (the printed {9}).
pub fn play_new_game(ctx: &mut Ctx, by: PlayerId, begin: u8) -> Res<()> {
    set_aside(ctx, by, begin);
    // The new game is played as a game of its own: no effect of this game is running in it.
    let running = Running::stash(ctx);
    let r = play(ctx, by, begin);
    running.restore(ctx);
    let outcome = match r {
        Err(Stop::GameOver(o)) => o,
        Err(Stop::Lost(q)) => return Err(Stop::Desync(format!("seat {q} lost outside any action of the new game"))),
        Err(other) => return Err(other),
        Ok(never) => match never {},
    };
    bring_back(ctx, outcome)
}

/// What is running in this game while the new game is played: the effects being executed, the
/// causes, the players deciding for others, the sentences executed alone and the foreseen card.
struct Running {
    frames: Vec<crate::ctx::Exec>,
    causes: Vec<(crate::ctx::Cause, usize)>,
    deciders: Vec<(PlayerId, PlayerId)>,
    gates: Vec<crate::sentence::Gate>,
    foreseen: Option<CardId>,
}

impl Running {
    fn stash(ctx: &mut Ctx) -> Running {
        Running {
            frames: std::mem::take(&mut ctx.frames),
            causes: std::mem::take(&mut ctx.causes),
            deciders: std::mem::take(&mut ctx.deciders),
            gates: std::mem::take(&mut ctx.gates),
            foreseen: ctx.foreseen.take(),
        }
    }
    fn restore(self, ctx: &mut Ctx) {
        ctx.frames = self.frames;
        ctx.causes = self.causes;
        ctx.deciders = self.deciders;
        ctx.gates = self.gates;
        ctx.foreseen = self.foreseen;
    }
}

/// "Ignoring all players' current cards": every player's cards are set aside, and everyone starts
/// the new game with none (a player already out of this game stays out of the new one).
fn set_aside(ctx: &mut Ctx, by: PlayerId, begin: u8) {
    let fresh: Vec<PlayerState> =
        ctx.st.players.iter().map(|ps| PlayerState { eliminated: ps.eliminated, ..PlayerState::default() }).collect();
    let players = std::mem::replace(&mut ctx.st.players, fresh);
    let frame = SetAside { by, players, turn: ctx.st.turn, conceded: Vec::new() };
    ctx.st.set_aside.push(frame);
    let who = ctx.name(by).to_string();
    ctx.say(format!("{who} starts a new game: everyone's cards are set aside, and each player draws and melds a {begin} to begin"));
}

/// The new game, to its end (always a `Stop`: the game over, or a question to wait for).
fn play(ctx: &mut Ctx, by: PlayerId, begin: u8) -> Res<std::convert::Infallible> {
    let mut order = vec![by];
    order.extend(ctx.st.others(by));
    let mut melded: Vec<(PlayerId, CardId)> = Vec::new();
    for p in order {
        let c = ctx.draw_and_meld(p, begin)?;
        melded.push((p, c));
    }
    let first = melded.iter().min_by_key(|(_, c)| card(*c).title.to_lowercase()).map_or(by, |(p, _)| *p);
    let who = ctx.name(first).to_string();
    ctx.say(format!("{who} goes first in the new game"));
    ctx.st.turn = Turn::new(first, turn::actions_in_turn(0, ctx.st.num_players()), 0);
    loop {
        turn::action_step(ctx)?;
    }
}

/// The new game is over: the winners' cards come into this game, everyone else's are junked, and
/// this game goes on where it was.
fn bring_back(ctx: &mut Ctx, outcome: Outcome) -> Res<()> {
    let Some(frame) = ctx.st.set_aside.pop() else {
        return Err(Stop::Desync("a new game ended that was never started".into()));
    };
    let new_game = std::mem::replace(&mut ctx.st.players, frame.players);
    ctx.st.turn = frame.turn;
    let names: Vec<String> = outcome.winners.iter().map(|w| ctx.name(*w).to_string()).collect();
    ctx.say(format!("The new game is over: {} won it ({})", names.join(" and "), outcome.reason.name()));
    for (p, ps) in new_game.into_iter().enumerate() {
        if outcome.winners.contains(&p) && !ctx.st.players[p].eliminated {
            transfer_in(ctx, p, ps);
        } else {
            junk_all(ctx, p, ps);
        }
    }
    // Conceding during the new game leaves this game too (and any game this one is within).
    for q in frame.conceded {
        if let Some(outer) = ctx.st.set_aside.last_mut() {
            outer.conceded.push(q);
        }
        ctx.lose(q)?;
    }
    Ok(())
}

/// The winner's cards from the new game go to the same places in this game.
fn transfer_in(ctx: &mut Ctx, p: PlayerId, ps: PlayerState) {
    let mut brought: Vec<String> = Vec::new();
    for col in Color::ALL {
        for c in &ps.pile(col).cards {
            ctx.st.pile_mut(p, col).cards.push(*c);
            ctx.record(p, Act::Transfer, Some(*c), None);
            brought.push(format!("{} ({})", card(*c).title, card(*c).age));
        }
    }
    let mut hidden = |ctx: &mut Ctx, cards: &[CardId], zone: &str, into: fn(&mut PlayerState) -> &mut Vec<CardId>| {
        for c in cards {
            into(&mut ctx.st.players[p]).push(*c);
            ctx.record(p, Act::Transfer, Some(*c), None);
        }
        if !cards.is_empty() {
            brought.push(format!("{} {zone}", cards.len()));
        }
    };
    hidden(ctx, &ps.hand, "in hand", |o| &mut o.hand);
    hidden(ctx, &ps.score, "in the score pile", |o| &mut o.score);
    hidden(ctx, &ps.forecast, "in the forecast", |o| &mut o.forecast);
    hidden(ctx, &ps.safe, "in the safe", |o| &mut o.safe);
    for a in &ps.achievements {
        ctx.st.players[p].achievements.push(*a);
        if let Achievement::Card(c) = a {
            ctx.record(p, Act::Transfer, Some(*c), None);
        }
    }
    if !ps.achievements.is_empty() {
        brought.push(format!("{} achievements", ps.achievements.len()));
    }
    for (m, a) in &ps.museums {
        ctx.st.players[p].museums.push((*m, *a));
        brought.push(format!("{} ({}) in a Museum", card(*a).title, card(*a).age));
    }
    let mut junked = None;
    if let Some(a) = ps.display {
        if ctx.st.players[p].display.is_none() {
            ctx.st.players[p].display = Some(a);
            brought.push(format!("{} ({}) on display", card(a).title, card(a).age));
        } else {
            // "Do as much as you can": the display holds one Artifact; this one stays behind.
            ctx.st.junk.push(a);
            ctx.record(p, Act::Junk, Some(a), None);
            junked = Some(a);
        }
    }
    let who = ctx.name(p).to_string();
    let what = if brought.is_empty() { "nothing".to_string() } else { brought.join(", ") };
    ctx.say(format!("{who} brings their cards from the new game into this game: {what}"));
    if let Some(a) = junked {
        ctx.say(format!("{} ({}) is junked: {who} has an Artifact on display already", card(a).title, card(a).age));
    }
}

/// A player's cards from the new game other than a winner's are junked; their special
/// achievements go to the junk, Decrees and Museums back to the supply.
fn junk_all(ctx: &mut Ctx, p: PlayerId, ps: PlayerState) {
    let cards = ps.all_cards();
    for c in &cards {
        ctx.st.junk.push(*c);
        ctx.record(p, Act::Junk, Some(*c), None);
    }
    for a in &ps.achievements {
        match a {
            Achievement::Special(s) => ctx.st.junked_specials.push(*s),
            Achievement::Decree(col) => ctx.st.decrees.push(*col),
            Achievement::Museum(m) => ctx.st.museums.push(*m),
            Achievement::Card(_) => {}
        }
    }
    ctx.st.museums.extend(ps.museums.iter().map(|(m, _)| *m));
    if !cards.is_empty() {
        let who = ctx.name(p).to_string();
        ctx.say(format!("{who}'s {} cards from the new game are junked", cards.len()));
    }
}

#[cfg(test)]
mod tests {
    use crate::card::{card, CardDb, CardId, Color, Set};
    use crate::game::{Game, GameConfig};
    use crate::prompt::{Action, Choice, Decision};
    use crate::state::{Turn, Zone};

    fn id(t: &str) -> CardId {
        CardDb::get().by_title(t).unwrap()
    }

    /// Three players; alice has Martian Internet on her board; the 9 deck holds three cards and
    /// the 10 and 11 decks none, so the new game's first Draw action ends it by score.
    fn table() -> Game {
        let config = GameConfig::new(&["alice", "bob", "carol"], 4).with_expansions(&[Set::Artifacts]);
        let mut st = Game::initial_state(&config).unwrap();
        for c in st.deck(Set::Base, 10).to_vec().into_iter().chain(st.deck(Set::Base, 11).to_vec()) {
            st.remove(c);
            st.junk.push(c);
        }
        let nines = st.deck(Set::Base, 9).to_vec();
        for c in nines.iter().skip(3) {
            st.remove(*c);
            st.junk.push(*c);
        }
        st.remove(id("Martian Internet"));
        st.players[0].piles[Color::Blue.index()].cards.push(id("Martian Internet"));
        st.turn = Turn::new(0, 1, 4);
        st.turn.started = true;
        Game::from_state(config, st).unwrap()
    }

    #[test]
    fn a_new_game_sets_every_card_aside_and_brings_the_winners_cards_back() {
        let mut g = table();
        let hands: Vec<Vec<CardId>> = g.state().players.iter().map(|ps| ps.hand.clone()).collect();
        g.apply(Decision::new(0, vec![Choice::Action(Action::Dogma(id("Martian Internet")))])).unwrap();
        // In the new game: everyone has one card, a 9 on their board; this game's cards are set aside.
        let st = g.state();
        assert_eq!(st.set_aside.len(), 1);
        assert!(st.players.iter().all(|ps| ps.all_cards().len() == 1 && ps.board_cards().all(|c| card(c).age == 9)));
        assert_eq!(st.locate(hands[1][0]), Some(Zone::SetAside(1)));
        assert_eq!(st.locate(id("Martian Internet")), Some(Zone::SetAside(0)));
        let v = g.view(Some(1));
        assert_eq!(v.set_aside[0].cards, vec![3, 2, 2], "Martian Internet and two cards in hand; two in hand");
        assert!(v.set_aside_words().unwrap().contains("started by alice"));
        // The first player draws: past 11, the new game ends by score, 0 to 0 to 0: all three win it.
        let first = g.prompts()[0].player;
        g.apply(Decision::new(first, vec![Choice::Action(Action::Draw)])).unwrap();
        let st = g.state();
        assert!(st.set_aside.is_empty() && !g.is_over());
        for (p, ps) in st.players.iter().enumerate() {
            assert_eq!(ps.hand, hands[p], "seat {p}'s hand is back as it was");
            assert!(ps.board_cards().any(|c| card(c).age == 9), "seat {p} brought their 9");
        }
        assert_eq!(st.turn.player, 1, "this game goes on: bob's turn");
    }

    #[test]
    fn conceding_in_the_new_game_leaves_this_game_too() {
        let mut g = table();
        g.apply(Decision::new(0, vec![Choice::Action(Action::Dogma(id("Martian Internet")))])).unwrap();
        let first = g.prompts()[0].player;
        let quitter = (first + 1) % 3;
        g.concede(quitter).unwrap();
        assert!(!g.is_over(), "two players are left in the new game");
        let first = g.prompts()[0].player;
        g.apply(Decision::new(first, vec![Choice::Action(Action::Draw)])).unwrap();
        let st = g.state();
        assert!(st.set_aside.is_empty());
        assert!(st.players[quitter].eliminated && st.players[quitter].all_cards().is_empty(), "out of this game too");
        assert!(!g.is_over(), "the other two play on");
    }
}

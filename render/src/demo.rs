//! A seeded mid-game for looking at the pictures: four players, several
//! splays, full score piles, achievements taken, cards in the junk.

use crate::RenderError;
use engine::game::GameConfig;
use engine::state::{Achievement, State, Turn};
use engine::{card, CardDb, CardId, Color, Game, Special, Splay};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub const DEMO_NAMES: [&str; 4] = ["Ada", "Brunel", "Curie", "Darwin"];
/// The seat whose turn it is in the demo, and whose hand is drawn.
pub const DEMO_SEAT: usize = 2;

struct Setup {
    /// Red, yellow, green, blue, purple: the values of the cards, top first, and the splay.
    piles: [(&'static [u8], Splay); 5],
    /// Cards in hand by title (for the hand that is drawn) or by value.
    hand_titles: &'static [&'static str],
    hand: &'static [u8],
    /// Values of the cards in the score pile.
    score: &'static [u8],
    /// Values of standard achievements taken.
    achievements: &'static [u8],
    specials: &'static [Special],
}

const SETUPS: [Setup; 4] = [
    Setup {
        piles: [(&[4, 1], Splay::Right), (&[2], Splay::None), (&[4, 3, 1], Splay::Left), (&[3], Splay::None), (&[4, 1], Splay::Right)],
        hand_titles: &[],
        hand: &[7, 8],
        score: &[1, 2, 3, 4],
        achievements: &[1, 2],
        specials: &[Special::Monument],
    },
    Setup {
        piles: [(&[3, 1], Splay::None), (&[1], Splay::None), (&[3, 2], Splay::Up), (&[3, 2, 1], Splay::Aslant), (&[], Splay::None)],
        hand_titles: &[],
        hand: &[7, 7],
        score: &[1, 2, 4],
        achievements: &[],
        specials: &[],
    },
    Setup {
        piles: [
            (&[5, 2], Splay::Up),
            (&[4, 1], Splay::Left),
            (&[4, 1], Splay::Right),
            (&[5, 4, 2, 1], Splay::Right),
            (&[5, 3, 2], Splay::Up),
        ],
        hand_titles: &["Vaccination", "Coal", "Machinery", "Perspective", "Measurement"],
        hand: &[],
        score: &[3, 4, 5, 5, 6],
        achievements: &[3],
        specials: &[],
    },
    Setup {
        piles: [(&[6, 3], Splay::Right), (&[5], Splay::None), (&[6], Splay::None), (&[5], Splay::None), (&[6, 5], Splay::Right)],
        hand_titles: &[],
        hand: &[7, 7],
        score: &[4, 5, 6],
        achievements: &[4],
        specials: &[],
    },
];

fn id(title: &str) -> Result<CardId, RenderError> {
    CardDb::get().by_title(title).ok_or_else(|| RenderError::Demo(format!("no card titled {title:?}")))
}

/// Takes the first card of `color` (any colour for `None`) from the top of the
/// deck of `age`, or of the nearest age that has one (lower ages first).
fn pick(st: &mut State, color: Option<Color>, age: u8) -> Result<CardId, RenderError> {
    let ages = (1..=age).rev().chain(age + 1..=11);
    for a in ages {
        let deck = st.deck_mut(engine::Set::Base, a);
        if let Some(i) = deck.iter().rposition(|c| color.is_none_or(|col| card(*c).color == col)) {
            return Ok(deck.remove(i));
        }
    }
    Err(RenderError::Demo(format!("no card left for {color:?} {age}")))
}

/// The demo's mid-game, the same every time.
pub fn demo_game() -> Result<Game, RenderError> {
    let config = GameConfig::new(&DEMO_NAMES, 1861);
    let mut st: State = Game::initial_state(&config).map_err(|e| RenderError::Demo(e.to_string()))?;
    // Hands and achievements back to the decks; the arrangement below places every card.
    let mut back: Vec<CardId> = std::mem::take(&mut st.achievements);
    for p in 0..st.players.len() {
        back.append(&mut st.players[p].hand);
    }
    for c in back {
        st.deck_mut(engine::Set::Base, card(c).age).insert(0, c);
    }
    // Hands named by title first, so that the cards are still in their decks.
    for (p, s) in SETUPS.iter().enumerate() {
        for t in s.hand_titles {
            let c = id(t)?;
            st.remove(c);
            st.players[p].hand.push(c);
        }
    }
    // One achievement of each value 1 to 10, some of them taken.
    for v in 1..=10u8 {
        let c = pick(&mut st, None, v)?;
        match SETUPS.iter().position(|s| s.achievements.contains(&v)) {
            Some(p) => st.players[p].achievements.push(Achievement::Card(c)),
            None => st.achievements.push(c),
        }
    }
    for (p, s) in SETUPS.iter().enumerate() {
        for (i, (ages, splay)) in s.piles.iter().enumerate() {
            let color = Color::ALL[i];
            for age in ages.iter().rev() {
                let c = pick(&mut st, Some(color), *age)?;
                st.players[p].piles[i].cards.push(c);
            }
            st.players[p].piles[i].splay = if ages.len() >= 2 { *splay } else { Splay::None };
        }
        for age in s.hand {
            let c = pick(&mut st, None, *age)?;
            st.players[p].hand.push(c);
        }
    }
    // Some cards were junked along the way.
    for age in [1u8, 2, 3] {
        let c = pick(&mut st, None, age)?;
        st.junk.push(c);
    }
    for (p, s) in SETUPS.iter().enumerate() {
        for age in s.score {
            let c = pick(&mut st, None, *age)?;
            st.players[p].score.push(c);
        }
        for sp in s.specials {
            st.specials.retain(|x| x != sp);
            st.players[p].achievements.push(Achievement::Special(*sp));
        }
    }
    st.turn = Turn::new(DEMO_SEAT, 1, 23);
    Game::from_state(config, st).map_err(|e| RenderError::Demo(e.to_string()))
}

/// Renders and encodes with `f`, timing it, and writes the file.
fn one(dir: &Path, name: &str, f: impl FnOnce() -> Result<Vec<u8>, RenderError>) -> Result<(PathBuf, Duration), RenderError> {
    let t = Instant::now();
    let png = f()?;
    let d = t.elapsed();
    let path = dir.join(name);
    std::fs::write(&path, png).map_err(|source| RenderError::Io { path: path.clone(), source })?;
    Ok((path, d))
}

pub fn write(dir: &Path) -> Result<Vec<(PathBuf, Duration)>, RenderError> {
    std::fs::create_dir_all(dir).map_err(|source| RenderError::Io { path: dir.to_path_buf(), source })?;
    let game = demo_game()?;
    let public = game.view(None);
    let mut out = Vec::new();
    out.push(one(dir, "table.png", || crate::table_png(&public))?);
    for p in 0..public.players.len() {
        let name = format!("board-{}-{}.png", p + 1, public.players[p].name.to_lowercase());
        out.push(one(dir, &name, || crate::board_png(&public, p))?);
    }
    let own = game.view(Some(DEMO_SEAT));
    let name = format!("hand-{}.png", own.players[DEMO_SEAT].name.to_lowercase());
    out.push(one(dir, &name, || crate::hand_png(&own, DEMO_SEAT))?);
    for t in ["Skyscrapers", "Fission", "Archery"] {
        let c = id(t)?;
        let name = format!("card-{}.png", t.to_lowercase().replace(' ', "-"));
        out.push(one(dir, &name, || crate::card_png(c))?);
    }
    out.push(one(dir, "legend.png", crate::legend_png)?);
    Ok(out)
}

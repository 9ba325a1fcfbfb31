//! A player's own hand, for their eyes only: every card in full, two to a
//! row, with Echoes of the Past their forecast below it (in full too: its
//! owner sees it, nobody else does), their score pile by title, and with The
//! Unseen their safe (as backs: nobody may look at a secret, its owner included).

use crate::draw::{ellipsize, Canvas, Weight};
use crate::face;
use crate::pieces;
use crate::public::Back;
use crate::table;
use crate::theme;
use crate::RenderError;
use engine::view::Face;
use engine::{card, PlayerId, Set, View};

const M: f32 = 16.0;
pub(crate) const CARD_W: f32 = 600.0;
pub(crate) const CARD_H: f32 = 400.0;
const GAP: f32 = 16.0;
const TITLE_H: f32 = 56.0;
const SCORE_TILE_W: f32 = 236.0;
const SCORE_TILE_H: f32 = 40.0;
const SAFE_H: f32 = 52.0;
const FORECAST_TITLE_H: f32 = 44.0;

pub fn draw(view: &View, seat: PlayerId) -> Result<Canvas, RenderError> {
    if view.viewer != Some(seat) {
        return Err(RenderError::NotYourHand { seat, viewer: view.viewer });
    }
    let p = view.players.get(seat).ok_or(RenderError::NoSuchSeat(seat))?;
    let n = p.hand.len();
    let cols = if n.max(p.forecast.len()) <= 1 { 1 } else { 2 };
    let rows = n.div_ceil(cols).max(1);
    let w = (2.0 * M + cols as f32 * CARD_W + (cols as f32 - 1.0) * GAP).max(2.0 * M + CARD_W);
    let per_row = ((w - 2.0 * M + 8.0) / (SCORE_TILE_W + 8.0)).floor().max(1.0) as usize;
    let score_rows = p.score.len().div_ceil(per_row);
    let score_h = 44.0 + score_rows as f32 * (SCORE_TILE_H + 8.0);
    let cards_h = if n == 0 { 60.0 } else { rows as f32 * (CARD_H + GAP) };
    // Echoes: the forecast, its cards in full for their owner, as many to a row as the hand's.
    let forecast = view.sets.contains(&Set::Echoes) || !p.forecast.is_empty();
    let f = p.forecast.len();
    let forecast_h = if !forecast {
        0.0
    } else if f == 0 {
        FORECAST_TITLE_H
    } else {
        FORECAST_TITLE_H + f.div_ceil(cols) as f32 * (CARD_H + GAP)
    };
    // The Unseen: the safe, whose secrets their owner may not look at either (backs only).
    let safe = view.sets.contains(&Set::Unseen) || !p.safe.is_empty();
    let safe_h = if safe { SAFE_H } else { 0.0 };
    let h = M + TITLE_H + cards_h + forecast_h + score_h + safe_h + M;
    let mut cv = Canvas::new(w as u32, h as u32, theme::BG)?;

    let name = crate::public::drawn_name(&p.name, seat);
    let title = if n == 1 { format!("{name}'s hand · 1 card") } else { format!("{name}'s hand · {n} cards") };
    let title = ellipsize(&title, Weight::Bold, 32.0, w - 2.0 * M);
    cv.text(&title, M, M + 6.0, 32.0, Weight::Bold, theme::TEXT);
    let y0 = M + TITLE_H;
    if n == 0 {
        cv.text("No cards in hand.", M, y0 + 10.0, 26.0, Weight::Regular, theme::MUTED);
    }
    cards_in_full(&mut cv, &p.hand, cols, y0);
    if forecast {
        let fy = y0 + cards_h;
        let label = format!("Forecast: {f} card{} (limit {}) · only you see it", if f == 1 { "" } else { "s" }, p.zone_limit);
        cv.text(&label, M, fy + 6.0, 24.0, Weight::Bold, theme::MUTED);
        cards_in_full(&mut cv, &p.forecast, cols, fy + FORECAST_TITLE_H);
    }

    // The score pile, by title (private like the hand).
    let sy = y0 + cards_h + forecast_h;
    let label = format!("Score pile: {} point{}", p.score_total, if p.score_total == 1 { "" } else { "s" });
    cv.text(&label, M, sy + 6.0, 24.0, Weight::Bold, theme::MUTED);
    if safe {
        let y = sy + score_h;
        let k = p.safe.len();
        let label = format!("Safe: {k} secret{} (limit {})", if k == 1 { "" } else { "s" }, p.zone_limit);
        let lw = cv.text(&label, M, y + 12.0, 24.0, Weight::Bold, theme::MUTED);
        let backs: Vec<Back> = p.safe.iter().map(Back::of).collect();
        if !backs.is_empty() {
            table::backs_row(&mut cv, &backs, M + lw + 16.0, y + 4.0, w - 2.0 * M - lw - 16.0, 34.0, 40.0);
        }
    }
    let mut score: Vec<&Face> = p.score.iter().collect();
    score.sort_by_key(|f| f.age());
    for (i, f) in score.iter().enumerate() {
        let (r, c) = (i / per_row, i % per_row);
        let x = M + c as f32 * (SCORE_TILE_W + 8.0);
        let y = sy + 44.0 + r as f32 * (SCORE_TILE_H + 8.0);
        match f {
            Face::Front(id) => {
                let info = card(*id);
                cv.round_rect(x, y, SCORE_TILE_W, SCORE_TILE_H, 7.0, theme::card(info.color));
                cv.text_centered(&info.age.to_string(), x + 4.0, y, 30.0, SCORE_TILE_H, 22.0, Weight::Bold, theme::on_card(info.color));
                let t = ellipsize(&info.title, Weight::Bold, 19.0, SCORE_TILE_W - 46.0);
                cv.text(&t, x + 38.0, y + 8.0, 19.0, Weight::Bold, theme::on_card(info.color));
            }
            Face::Back { age, set } => face::card_back(&mut cv, *age, *set, x, y, 34.0, SCORE_TILE_H),
        }
    }
    Ok(cv)
}

/// Cards drawn in full, `cols` to a row, from the top `y0` (a back where the view shows one).
fn cards_in_full(cv: &mut Canvas, faces: &[Face], cols: usize, y0: f32) {
    for (i, f) in faces.iter().enumerate() {
        let (r, c) = (i / cols, i % cols);
        let x = M + c as f32 * (CARD_W + GAP);
        let y = y0 + r as f32 * (CARD_H + GAP);
        match f {
            Face::Front(id) => {
                pieces::card_face(cv, *id, x, y, CARD_W, CARD_H);
            }
            Face::Back { age, set } => face::card_back(cv, *age, *set, x, y, CARD_W, CARD_H),
        }
    }
}

//! One player's board: the five colour piles side by side, each with its top
//! card in full, how many cards it holds, its splay, and the covered cards
//! with the icons the splay reveals; above them the player's score,
//! achievements, hand (as backs) and icon totals.

use crate::draw::{ellipsize, fit_size, text_width, Align, Canvas, Weight};
use crate::face;
use crate::icons;
use crate::pieces;
use crate::public::{self, Back, PublicAchievement, PublicPlayer};
use crate::table::{backs_row, icon_totals};
use crate::theme;
use crate::RenderError;
use engine::view::PileView;
use engine::{card, PlayerId, Set, Slot, Splay, View};

const M: f32 = 16.0;
pub(crate) const COL_W: f32 = 300.0;
const COL_GAP: f32 = 12.0;
pub(crate) const CARD_H: f32 = 270.0;
const LABEL_H: f32 = 34.0;
pub(crate) const STRIP_H: f32 = 34.0;
const STRIP_GAP: f32 = 4.0;
/// At most this many covered cards get a strip of their own; the rest are summed up.
pub(crate) const MAX_STRIPS: usize = 8;
const HEADER_H: f32 = 150.0;

pub fn draw(view: &View, seat: PlayerId) -> Result<Canvas, RenderError> {
    let players = public::players(view);
    let p = players.get(seat).ok_or(RenderError::NoSuchSeat(seat))?;
    let w = 2.0 * M + 5.0 * COL_W + 4.0 * COL_GAP;
    let strips = p.piles.iter().map(strip_count).max().unwrap_or(0);
    let below = if strips == 0 { 0.0 } else { 8.0 + strips as f32 * (STRIP_H + STRIP_GAP) };
    let h = HEADER_H + LABEL_H + CARD_H + below + M;
    let mut cv = Canvas::new(w as u32, h as u32, theme::BG)?;
    header(&mut cv, view, p, w);
    for (i, pile) in p.piles.iter().enumerate() {
        column(&mut cv, pile, M + i as f32 * (COL_W + COL_GAP), HEADER_H);
    }
    Ok(cv)
}

/// Strips under a pile: one per covered card, up to MAX_STRIPS (the last one
/// summing up the rest when there are more).
fn strip_count(p: &PileView) -> usize {
    p.cards.len().saturating_sub(1).min(MAX_STRIPS)
}

fn header(cv: &mut Canvas, view: &View, p: &PublicPlayer, w: f32) {
    let waiting = view.result.is_none() && view.waiting_on.contains(&p.seat);
    let turn = view.result.is_none() && view.turn.player == p.seat;
    cv.round_rect(M, M, w - 2.0 * M, HEADER_H - 2.0 * M + 4.0, 12.0, theme::PANEL);
    if waiting {
        cv.round_rect_outline(M, M, w - 2.0 * M, HEADER_H - 2.0 * M + 4.0, 12.0, 5.0, theme::WAIT);
    }
    let x = M + 18.0;
    let y = M + 10.0;
    // Name and status.
    let ns = fit_size(&p.name, Weight::Bold, 520.0, 36.0, 22.0);
    let name = ellipsize(&p.name, Weight::Bold, ns, 520.0);
    let mut bx = x + cv.text(&name, x, y, ns, Weight::Bold, theme::TEXT) + 14.0;
    let mut badge = |cv: &mut Canvas, text: &str, strong: bool| {
        let bw = text_width(text, Weight::Bold, 18.0) + 18.0;
        if strong {
            cv.round_rect(bx, y + 6.0, bw, 30.0, 7.0, theme::WAIT);
            cv.text_centered(text, bx, y + 6.0, bw, 30.0, 18.0, Weight::Bold, theme::WAIT_TEXT);
        } else {
            cv.round_rect_outline(bx, y + 6.0, bw, 30.0, 7.0, 2.0, theme::MUTED);
            cv.text_centered(text, bx, y + 6.0, bw, 30.0, 18.0, Weight::Bold, theme::MUTED);
        }
        bx += bw + 10.0;
    };
    if waiting {
        badge(cv, "WAITING", true);
    }
    if turn {
        let a = view.turn.actions_left;
        let t = if a == 1 { "TURN · 1 action left".to_string() } else { format!("TURN · {a} actions left") };
        badge(cv, &t, false);
    }
    if p.eliminated {
        badge(cv, "ELIMINATED", false);
    }
    if let Some(t) = crate::table::team_of(view, p.seat) {
        badge(cv, &format!("TEAM {t}"), false);
    }
    // Icon totals at the right of the first line.
    let iw = 7.0 * 78.0;
    icon_totals(cv, p, w - M - 18.0 - iw, y + 2.0, iw, 38.0);

    // Second line: score, achievements, hand.
    let y2 = y + 56.0;
    let mut sx = x;
    sx += cv.text("Score", sx, y2 + 12.0, 22.0, Weight::Regular, theme::MUTED) + 8.0;
    sx += cv.text(&p.score_total.to_string(), sx, y2 + 6.0, 32.0, Weight::Bold, theme::TEXT) + 8.0;
    let n = p.score.len();
    let cards = if n == 1 { "(1 card)".to_string() } else { format!("({n} cards)") };
    sx += cv.text(&cards, sx, y2 + 12.0, 20.0, Weight::Regular, theme::MUTED) + 28.0;
    sx += cv.text("Achievements", sx, y2 + 12.0, 22.0, Weight::Regular, theme::MUTED) + 8.0;
    sx += cv.text(&p.achievements_held.to_string(), sx, y2 + 6.0, 32.0, Weight::Bold, theme::TEXT) + 10.0;
    for a in &p.achievements {
        match a {
            PublicAchievement::Back(b) => {
                crate::sprites::card_back(cv, b.age, b.set, sx, y2 + 4.0, 34.0, 40.0);
                sx += 38.0;
            }
            PublicAchievement::Special(_) | PublicAchievement::Named(_) | PublicAchievement::Decree(_) => {
                // By name: a Decree in its colour, the others on paper.
                let (name, fill, ink) = match a {
                    PublicAchievement::Special(s) => (s.name(), theme::PAPER, theme::INK),
                    PublicAchievement::Named(n) => (n.as_str(), theme::PAPER, theme::INK),
                    PublicAchievement::Decree(c) => PublicAchievement::decree(*c),
                    PublicAchievement::Back(_) => unreachable!("matched above"),
                };
                let tw = text_width(name, Weight::Bold, 18.0) + 16.0;
                cv.round_rect(sx, y2 + 6.0, tw, 36.0, 7.0, fill);
                cv.text_centered(name, sx, y2 + 6.0, tw, 36.0, 18.0, Weight::Bold, ink);
                sx += tw + 6.0;
            }
        }
    }
    // Cities: the flags and fountains that count as achievements now.
    if let Some(k) = p.achievements_held.checked_sub(p.achievements.len()).filter(|k| *k > 0) {
        let t = if k == 1 { "+1 by a flag or fountain".to_string() } else { format!("+{k} by flags and fountains") };
        sx += cv.text(&t, sx + 2.0, y2 + 14.0, 18.0, Weight::Regular, theme::MUTED) + 2.0;
    }
    sx += 24.0;
    sx += cv.text("Hand", sx, y2 + 12.0, 22.0, Weight::Regular, theme::MUTED) + 8.0;
    sx += cv.text(&p.hand_count().to_string(), sx, y2 + 6.0, 32.0, Weight::Bold, theme::TEXT) + 10.0;
    // The expansions' zones: the safe and the forecast (their count against their limit, and
    // backs) when their set is in play, the display and Museums when they hold a card.
    let in_play = |set: Set| view.sets.contains(&set);
    let limit = p.zone_limit;
    let mut zones: Vec<(&str, String, Vec<Back>)> = Vec::new();
    if in_play(Set::Unseen) || !p.safe.is_empty() {
        zones.push(("Safe", format!("{}/{limit}", p.safe.len()), p.safe.clone()));
    }
    if in_play(Set::Echoes) || !p.forecast.is_empty() {
        zones.push(("Forecast", format!("{}/{limit}", p.forecast.len()), p.forecast.clone()));
    }
    // The display and the Museums are public: their Artifacts by name and value.
    let named = |c: engine::CardId| format!("{} ({})", card(c).title, card(c).age);
    if let Some(c) = p.display {
        zones.push(("Display", named(c), Vec::new()));
    }
    if !p.museums.is_empty() {
        zones.push(("Museums", p.museums.iter().map(|c| named(*c)).collect::<Vec<_>>().join(", "), Vec::new()));
    }
    let room = (w - M - 18.0 - sx).max(34.0);
    // With zones beside it, the hand takes the room its backs need, at most two fifths.
    let hand_w = if zones.is_empty() { room } else { (room * 0.4).min(p.hand.len() as f32 * 39.0).max(34.0) };
    backs_row(cv, &p.hand, sx, y2 + 4.0, hand_w, 34.0, 40.0);
    sx += hand_w + 24.0;
    for (label, count, backs) in zones {
        sx += cv.text(label, sx, y2 + 12.0, 22.0, Weight::Regular, theme::MUTED) + 8.0;
        let size = if count.len() > 3 { 20.0 } else { 32.0 };
        let count = ellipsize(&count, Weight::Bold, size, (w - M - 8.0 - sx).max(40.0));
        sx += cv.text(&count, sx, y2 + 6.0, size, Weight::Bold, theme::TEXT) + 10.0;
        if !backs.is_empty() {
            let bw = (backs.len() as f32 * 39.0).min(160.0);
            backs_row(cv, &backs, sx, y2 + 4.0, bw, 34.0, 40.0);
            sx += bw + 24.0;
        }
    }
}

fn column(cv: &mut Canvas, pile: &PileView, x: f32, y: f32) {
    // Label: colour, count, splay.
    let n = pile.cards.len();
    let label = theme::color_name(pile.color);
    let lw = cv.text(label, x + 2.0, y + 4.0, 20.0, Weight::Bold, theme::card(pile.color).mix(theme::TEXT, 0.45));
    if n > 0 {
        let count = if n == 1 { "1 card".to_string() } else { format!("{n} cards") };
        cv.text(&count, x + 2.0 + lw + 10.0, y + 4.0, 20.0, Weight::Regular, theme::TEXT);
    }
    if pile.splay != Splay::None {
        let word = pile.splay.name();
        let ww = text_width(word, Weight::Bold, 20.0);
        cv.text(word, x + COL_W - 2.0 - ww, y + 4.0, 20.0, Weight::Bold, theme::TEXT);
        face::splay_arrow(cv, pile.splay, x + COL_W - 2.0 - ww - 30.0, y + 2.0, 26.0, theme::TEXT);
    }
    let cy = y + LABEL_H;
    let Some(top) = pile.cards.first() else {
        cv.dashed_outline(x, cy, COL_W, CARD_H, 14.0, 3.0, theme::PANEL_EDGE);
        cv.text_centered("no cards", x, cy, COL_W, CARD_H, 22.0, Weight::Regular, theme::MUTED);
        return;
    };
    pieces::card_face(cv, *top, x, cy, COL_W, CARD_H);

    // Covered cards, top first, with what the splay reveals of each.
    let covered = &pile.cards[1..];
    if covered.is_empty() {
        return;
    }
    let mut sy = cy + CARD_H + 8.0;
    let shown = if covered.len() > MAX_STRIPS { MAX_STRIPS - 1 } else { covered.len() };
    for c in &covered[..shown] {
        pieces::strip(cv, *c, pile.splay, x, sy);
        sy += STRIP_H + STRIP_GAP;
    }
    if covered.len() > shown {
        let rest = &covered[shown..];
        let col = pile.color;
        cv.round_rect(x, sy, COL_W, STRIP_H, 6.0, theme::card_dark(col));
        let t = format!("+{} more", rest.len());
        let tw = cv.text(&t, x + 10.0, sy + 6.0, 18.0, Weight::Bold, theme::TEXT);
        let mut ix = x + 10.0 + tw + 12.0;
        for (slot, k) in revealed_sum(rest, pile.splay) {
            if ix + 60.0 > x + COL_W {
                break;
            }
            icons::slot(cv, slot, ix, sy + 4.0, STRIP_H - 8.0);
            ix += STRIP_H - 4.0;
            ix += cv.text(&format!("×{k}"), ix, sy + 6.0, 18.0, Weight::Bold, theme::TEXT) + 8.0;
        }
    }
}

/// What the splay reveals on covered cards, summed by kind in the order first seen: standard
/// icons (a search icon counts as its standard icon once covered: it searches only when melded),
/// then a city's special icons and bonuses, which count too (flags, fountains, bonuses).
pub(crate) fn revealed_sum(cards: &[engine::CardId], splay: Splay) -> Vec<(Slot, usize)> {
    let mut counts: Vec<(Slot, usize)> = Vec::new();
    for c in cards {
        let slots = &card(*c).slots;
        for pos in splay.revealed_slots(slots.len()) {
            let slot = match slots[*pos] {
                Slot::Search(i) => Slot::Icon(i),
                Slot::Hex | Slot::Empty => continue,
                s => s,
            };
            match counts.iter_mut().find(|(x, _)| *x == slot) {
                Some((_, n)) => *n += 1,
                None => counts.push((slot, 1)),
            }
        }
    }
    counts.sort_by_key(|(s, _)| !matches!(s, Slot::Icon(_)));
    counts
}

/// A covered card: its value and title, and the icons its pile's splay reveals,
/// in their positions (left edge for a right splay, right edge for left, the
/// bottom row for up, all four for aslant; a city's special icon, beside its
/// top-left icon, with the left ones).
pub fn strip(cv: &mut Canvas, c: engine::CardId, splay: Splay, x: f32, y: f32) {
    let info = card(c);
    let col = info.color;
    let revealed = left_first(splay.revealed_slots(info.slots.len()));
    let (bg, fg) = if revealed.is_empty() {
        (theme::card_dark(col).mix(theme::PANEL, 0.5), theme::TEXT.mix(theme::MUTED, 0.5))
    } else {
        (theme::card(col), theme::on_card(col))
    };
    cv.round_rect(x, y, COL_W, STRIP_H, 6.0, theme::card_dark(col));
    cv.round_rect(x + 2.0, y + 2.0, COL_W - 4.0, STRIP_H - 4.0, 5.0, bg);
    let is = STRIP_H - 8.0;
    let iy = y + 4.0;
    // Icon slots: top-left and bottom-left at the left, bottom-middle near the
    // middle, bottom-right at the right.
    let mid_x = x + COL_W / 2.0 + 40.0;
    let mut left = x + 4.0;
    let mut right = x + COL_W - 8.0;
    for pos in &revealed {
        let sx = match pos {
            0 | 1 | 5 => {
                let sx = left;
                left += is + 3.0;
                sx
            }
            2 => mid_x,
            _ => {
                right = x + COL_W - 4.0 - is - 6.0;
                x + COL_W - 4.0 - is
            }
        };
        icons::slot(cv, info.slots[*pos], sx, iy, is);
    }
    let left = left + 4.0;
    let mid_taken = revealed.contains(&2);
    let age = info.age.to_string();
    let aw = cv.text(&age, left, y + 5.0, 20.0, Weight::Bold, fg);
    let tx = left + aw + 8.0;
    let tend = if mid_taken { mid_x - 6.0 } else { right };
    let title = ellipsize(&info.title, Weight::Regular, 18.0, (tend - tx).max(10.0));
    cv.text_aligned(&title, tx, y + 7.0, tend - tx, 18.0, Weight::Regular, fg, Align::Left);
}

/// Revealed slots in the order a strip draws them from the left: the top-left icon, a city's
/// special icon beside it, the bottom-left icon, then the others.
fn left_first(revealed: &[usize]) -> Vec<usize> {
    let place = |i: &usize| match i {
        0 => 0,
        5 => 1,
        1 => 2,
        other => 3 + other,
    };
    let mut v = revealed.to_vec();
    v.sort_by_key(place);
    v
}

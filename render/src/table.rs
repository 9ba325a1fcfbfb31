//! The whole table in one picture: a header with whose turn it is, the
//! available achievements, the decks of each set in play and the junk, then
//! one row per player with their board in compact form (and, with The Unseen
//! or Echoes, their safe or forecast as backs; with Artifacts of History, the
//! Artifact on display and those in Museums by name, as they are public, and
//! the Museums left in the supply among the achievements; with Figures in the
//! Sand, the Decrees in the supply named in their colours among the achievements,
//! the Age 0 deck with the base decks once introduced, and each player's claimed
//! Decrees by name).

use crate::draw::{ellipsize, fit_size, text_width, Canvas, Rgb, Weight};
use crate::face;
use crate::public::{self, Back, PublicAchievement, PublicPlayer};
use crate::theme;
use crate::{sprites, RenderError};
use engine::view::PileView;
use engine::{card, CardDb, Set, View};
use std::borrow::Cow;

const W: f32 = 1280.0;
const M: f32 = 16.0;
const ROW_H: f32 = 170.0;
const ROW_GAP: f32 = 10.0;
const LEFT_W: f32 = 300.0;
const TILE_W: f32 = 178.0;
const TILE_H: f32 = 100.0;
const TILE_GAP: f32 = 10.0;

/// A line of a player's row or of the header for something an expansion adds.
const LINE_H: f32 = 48.0;

pub fn draw(view: &View) -> Result<Canvas, RenderError> {
    let players = public::players(view);
    let header_h = header_height(view);
    let row_h = row_height(view);
    let h = header_h + players.len() as f32 * (row_h + ROW_GAP) + M;
    let mut cv = Canvas::new(W as u32, h as u32, theme::BG)?;
    header(&mut cv, view, &players);
    let mut y = header_h;
    for p in &players {
        row(&mut cv, view, p, M, y, W - 2.0 * M, row_h);
        y += row_h + ROW_GAP;
    }
    Ok(cv)
}

/// The expansions in play, each with a line of decks in the header.
fn expansion_decks(view: &View) -> impl Iterator<Item = &(Set, Vec<usize>)> {
    view.set_deck_sizes.iter().filter(|(s, _)| *s != Set::Base)
}

fn header_height(view: &View) -> f32 {
    let supply = supply_lines(view).1.len() as f32 * 48.0;
    M + 46.0 + 8.0 + supply + 8.0 + 48.0 + 14.0 + expansion_decks(view).count() as f32 * (LINE_H + 8.0)
}

/// Room between a named achievement and the next, at scale 1.
const SUPPLY_GAP: f32 = 8.0;

/// An available achievement in the header: a standard achievement's back, or a name on a pill.
enum Supply {
    Back(u8),
    Named(Named),
}

/// A name on a pill: a special achievement, the Museums left, a Decree in its colour.
struct Named {
    text: String,
    fill: Rgb,
    ink: Rgb,
}

impl Named {
    /// The pill's width and the gap after it, at scale `k`.
    fn width(&self, k: f32) -> f32 {
        text_width(&self.text, Weight::Bold, 21.0 * k) + 20.0 * k + SUPPLY_GAP * k
    }
}

impl Supply {
    fn width(&self, k: f32) -> f32 {
        match self {
            Supply::Back(_) => 46.0 * k,
            Supply::Named(n) => n.width(k),
        }
    }
}

/// The room before the `i`th of `items` on a line: a gap between the backs and the names.
fn gap_before(items: &[Supply], i: usize) -> f32 {
    let after_backs = i > 0 && matches!(items[i - 1], Supply::Back(_)) && matches!(items[i], Supply::Named(_));
    if after_backs {
        8.0
    } else {
        0.0
    }
}

/// The achievements available, as the header lays them out: at the largest scale that puts
/// them on one line, down to 0.76 (16 px names); past that (many sets in play) on as many lines as they need
/// at 0.84. Standard achievements first (their backs), then the special achievements, the
/// Museums left (Artifacts) and the Decrees in the supply (Figures, in their colours).
fn supply_lines(view: &View) -> (f32, Vec<Vec<Supply>>) {
    let paper = |text: String| Supply::Named(Named { text, fill: theme::PAPER, ink: theme::INK });
    let items: Vec<Supply> =
        view.achievements
            .iter()
            .map(|v| Supply::Back(*v))
            .chain(view.specials.iter().map(|s| paper(s.name().to_string())))
            .chain(view.sets.contains(&Set::Artifacts).then(|| paper(format!("Museums ×{}", view.museums))))
            .chain(view.decrees.iter().map(|c| {
                Supply::Named(Named { text: CardDb::get().decree(*c).name.clone(), fill: theme::card(*c), ink: theme::on_card(*c) })
            }))
            .collect();
    let junk_w = text_width(&format!("Junk {}", view.junk), Weight::Bold, 24.0);
    let room = W - M - junk_w - 16.0 - (M + text_width("Achievements", Weight::Bold, 24.0) + 12.0);
    // The Decrees keep together on a line of their own when they do not fit whole after the others.
    let is_decree = |i: usize| i >= items.len() - view.decrees.len();
    let wrap = |k: f32| -> Vec<usize> {
        // The index each line starts at; a gap after the backs.
        let (mut starts, mut x) = (vec![0], 0.0);
        for (i, item) in items.iter().enumerate() {
            let gap = gap_before(&items, i);
            let first_decree = is_decree(i) && (i == 0 || !is_decree(i - 1));
            let decrees_w: f32 = if first_decree { items[i..].iter().map(|d| d.width(k)).sum() } else { 0.0 };
            if x > 0.0 && (x + gap + item.width(k) - SUPPLY_GAP * k > room || x + gap + decrees_w - SUPPLY_GAP * k > room) {
                starts.push(i);
                x = item.width(k);
            } else {
                x += gap + item.width(k);
            }
        }
        starts
    };
    let k = [1.0f32, 0.92, 0.84, 0.76].into_iter().find(|k| wrap(*k).len() == 1).unwrap_or(0.84);
    let starts = wrap(k);
    let mut lines: Vec<Vec<Supply>> = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        if starts.contains(&i) {
            lines.push(Vec::new());
        }
        lines.last_mut().expect("a line is started at 0").push(item);
    }
    if lines.is_empty() {
        lines.push(Vec::new());
    }
    (k, lines)
}

/// The zones of each player that the sets in play add, each a line of the player's row: the
/// safe and the forecast in the left column, then the claimed Decrees and the Artifacts (display
/// and Museums) across the whole row.
fn zones(view: &View) -> Vec<Set> {
    [Set::Unseen, Set::Echoes, Set::Figures, Set::Artifacts].into_iter().filter(|s| view.sets.contains(s)).collect()
}

/// Whether a zone's line spans the whole row (below the icon totals) rather than the left column.
fn across_the_row(set: Set) -> bool {
    matches!(set, Set::Figures | Set::Artifacts)
}

fn row_height(view: &View) -> f32 {
    ROW_H + zones(view).len() as f32 * LINE_H
}

/// A set's name as the table labels its decks.
fn set_label(set: Set) -> &'static str {
    match set {
        Set::Base => "Base",
        Set::Echoes => "Echoes",
        Set::Figures => "Figures",
        Set::Cities => "Cities",
        Set::Artifacts => "Artifacts",
        Set::Unseen => "Unseen",
    }
}

/// A line saying whose turn it is, or how the game ended.
pub fn status_line(view: &View) -> String {
    let name = |p: usize| view.players.get(p).map(|x| public::drawn_name(&x.name, p)).unwrap_or("?".into());
    if let Some(r) = &view.result {
        let winners: Vec<Cow<str>> = r.winners.iter().map(|p| name(*p)).collect();
        let how = match r.card {
            Some(c) => format!("by {}", card(c).title),
            None => format!("by {}", r.reason.name()),
        };
        return match winners.len() {
            0 => format!("Game over: nobody wins ({how})"),
            1 => format!("Game over: {} wins {how}", winners[0]),
            _ => format!("Game over: {} win {how}", winners.join(" and ")),
        };
    }
    if view.first_meld {
        return "New game · everyone chooses a first card to meld".into();
    }
    let t = view.turn;
    let actions = if t.actions_left == 1 { "1 action left".to_string() } else { format!("{} actions left", t.actions_left) };
    let line = format!("Turn {} · {} to play · {actions}", t.number + 1, name(t.player));
    // Martian Internet: a new game within the game is being played; this game's cards wait face down.
    match view.set_aside.last() {
        Some(frame) => {
            let counts: Vec<String> = frame.cards.iter().enumerate().map(|(p, n)| format!("{} {n}", name(p))).collect();
            format!("{line} · in Martian Internet's new game (set aside: {})", counts.join(", "))
        }
        None => line,
    }
}

fn header(cv: &mut Canvas, view: &View, players: &[PublicPlayer]) {
    let mut y = M;
    let line = status_line(view);
    // Right: who the game waits on.
    let waiting: Vec<&str> = view.waiting_on.iter().filter_map(|p| players.get(*p).map(|x| x.name.as_ref())).collect();
    let mut right_x = W - M;
    if view.result.is_none() && !waiting.is_empty() {
        let txt = if waiting.len() > 1 && waiting.len() == players.len() {
            "Waiting on everyone".to_string()
        } else {
            format!("Waiting on {}", waiting.join(", "))
        };
        let s = 26.0;
        let tw = text_width(&txt, Weight::Bold, s).min(W * 0.45);
        let txt = ellipsize(&txt, Weight::Bold, s, tw);
        let bw = tw + 28.0;
        cv.round_rect(W - M - bw, y, bw, 46.0, 23.0, theme::WAIT);
        cv.text_centered(&txt, W - M - bw, y, bw, 46.0, s, Weight::Bold, theme::WAIT_TEXT);
        right_x = W - M - bw - 16.0;
    }
    let avail = right_x - M;
    let s = fit_size(&line, Weight::Bold, avail, 34.0, 20.0);
    let line = ellipsize(&line, Weight::Bold, s, avail);
    cv.text_centered(&line, M, y, text_width(&line, Weight::Bold, s), 46.0, s, Weight::Bold, theme::TEXT);
    y += 46.0 + 8.0;

    // Achievements available: standard by value, special by name (with the Museums and the
    // Decrees left in the supply), on as many lines as they need; the junk at the right.
    let lh = 48.0;
    let x0 = M + cv.text_aligned("Achievements", M, y + 10.0, 200.0, 24.0, Weight::Bold, theme::MUTED, crate::draw::Align::Left) + 12.0;
    let junk = format!("Junk {}", view.junk);
    cv.text(&junk, W - M - text_width(&junk, Weight::Bold, 24.0), y + 10.0, 24.0, Weight::Bold, theme::MUTED);
    let (k, lines) = supply_lines(view);
    if lines.iter().all(|l| l.is_empty()) {
        cv.text("none left", x0, y + 10.0, 24.0, Weight::Regular, theme::MUTED);
    }
    for line in &lines {
        let (bw, bh) = (40.0 * k, 44.0 * k);
        let by = y + 2.0 + (44.0 - bh) / 2.0;
        let mut x = x0;
        for (i, item) in line.iter().enumerate() {
            x += gap_before(line, i);
            match item {
                Supply::Back(v) => sprites::card_back(cv, *v, Set::Base, x, by, bw, bh),
                Supply::Named(n) => {
                    let ph = 40.0 * k.max(0.8);
                    let py = y + 4.0 + (40.0 - ph) / 2.0;
                    cv.round_rect(x, py, n.width(k) - SUPPLY_GAP * k, ph, 8.0, n.fill);
                    cv.text_centered(&n.text, x, py, n.width(k) - SUPPLY_GAP * k, ph, 21.0 * k, Weight::Bold, n.ink);
                }
            }
            x += item.width(k);
        }
        y += lh;
    }
    y += 8.0;

    // Decks: how many cards are left of each age, a line for each set in play (the base line
    // with the Age 0 deck first once a Figure has introduced it).
    let ages = |sizes: &[usize]| -> Vec<(u8, usize)> { sizes.iter().enumerate().map(|(i, n)| (i as u8 + 1, *n)).collect() };
    let base: Vec<(u8, usize)> = view.age_zero_deck.map(|n| (0, n)).into_iter().chain(ages(&view.deck_sizes)).collect();
    let mut lines: Vec<(&str, Set, Vec<(u8, usize)>)> = vec![("Decks", Set::Base, base)];
    lines.extend(expansion_decks(view).map(|(s, sizes)| (set_label(*s), *s, ages(sizes))));
    let label_w = lines.iter().map(|(l, ..)| text_width(l, Weight::Bold, 24.0)).fold(0.0, f32::max);
    for (label, set, decks) in lines {
        let mut x = M;
        cv.text_aligned(label, x, y + 10.0, 160.0, 24.0, Weight::Bold, theme::MUTED, crate::draw::Align::Left);
        x += label_w + 16.0;
        let cell = (W - M - x) / decks.len().max(1) as f32;
        for (age, n) in decks {
            if n == 0 {
                cv.dashed_outline(x, y + 2.0, 40.0, 44.0, 7.0, 2.0, theme::PANEL_EDGE);
                cv.text_centered(&age.to_string(), x, y + 2.0, 40.0, 44.0, 22.0, Weight::Bold, theme::MUTED);
            } else {
                sprites::card_back(cv, age, set, x, y + 2.0, 40.0, 44.0);
            }
            let c = if n == 0 { theme::MUTED } else { theme::TEXT };
            cv.text(&format!("×{n}"), x + 44.0, y + 11.0, 22.0, Weight::Bold, c);
            x += cell;
        }
        y += LINE_H + 8.0;
    }
}

fn row(cv: &mut Canvas, view: &View, p: &PublicPlayer, x: f32, y: f32, w: f32, row_h: f32) {
    let waiting = view.result.is_none() && view.waiting_on.contains(&p.seat);
    let turn = view.result.is_none() && view.turn.player == p.seat;
    cv.round_rect(x, y, w, row_h, 12.0, theme::PANEL);
    if waiting {
        cv.round_rect_outline(x, y, w, row_h, 12.0, 5.0, theme::WAIT);
    }

    // Left: name, status, score, achievements, hand.
    let lx = x + 14.0;
    let mut ty = y + 10.0;
    let mut badges: Vec<(String, bool)> = Vec::new();
    if waiting {
        badges.push(("WAITING".into(), true));
    }
    if turn && !waiting {
        badges.push(("TURN".into(), false));
    }
    if p.eliminated {
        badges.push(("OUT".into(), false));
    }
    if let Some(t) = team_of(view, p.seat) {
        badges.push((format!("TEAM {t}"), false));
    }
    let badge_w: f32 = badges.iter().map(|(b, _)| text_width(b, Weight::Bold, 16.0) + 22.0).sum();
    let name_w = LEFT_W - 14.0 - badge_w;
    let ns = fit_size(&p.name, Weight::Bold, name_w, 30.0, 20.0);
    let name = ellipsize(&p.name, Weight::Bold, ns, name_w);
    let nw = cv.text_aligned(&name, lx, ty, name_w, ns, Weight::Bold, theme::TEXT, crate::draw::Align::Left);
    let mut bx = lx + nw + 10.0;
    for (b, strong) in badges {
        let bw = text_width(&b, Weight::Bold, 16.0) + 14.0;
        if strong {
            cv.round_rect(bx, ty + 4.0, bw, 26.0, 6.0, theme::WAIT);
            cv.text_centered(&b, bx, ty + 4.0, bw, 26.0, 16.0, Weight::Bold, theme::WAIT_TEXT);
        } else {
            cv.round_rect_outline(bx, ty + 4.0, bw, 26.0, 6.0, 2.0, theme::MUTED);
            cv.text_centered(&b, bx, ty + 4.0, bw, 26.0, 16.0, Weight::Bold, theme::MUTED);
        }
        bx += bw + 8.0;
    }
    ty += 44.0;
    // Score and achievements.
    let score = p.score_total.to_string();
    // Achievements held, as the rules count them (Cities' visible flags and fountains too).
    let ach = p.achievements_held.to_string();
    let mut sx = lx;
    sx += cv.text("Score", sx, ty + 5.0, 22.0, Weight::Regular, theme::MUTED) + 6.0;
    sx += cv.text(&score, sx, ty, 30.0, Weight::Bold, theme::TEXT) + 18.0;
    sx += cv.text("Achievements", sx, ty + 5.0, 22.0, Weight::Regular, theme::MUTED) + 6.0;
    cv.text(&ach, sx, ty, 30.0, Weight::Bold, theme::TEXT);
    ty += 40.0;
    // Hand as backs by value.
    let hx = lx + cv.text("Hand", lx, ty + 10.0, 22.0, Weight::Regular, theme::MUTED) + 8.0;
    backs_row(cv, &p.hand, hx, ty + 2.0, x + LEFT_W - hx, 36.0, 44.0);
    // The expansions' lines: the safe and the forecast (how many cards against the limit, and
    // their backs) in the left column; the claimed Decrees, and the display and the Museums by
    // name (public), across the row.
    let zones = zones(view);
    let wide: Vec<Set> = zones.iter().copied().filter(|s| across_the_row(*s)).collect();
    // The lines across the whole row: the row's last lines, below the icon totals.
    for (i, set) in wide.iter().enumerate() {
        let ly = y + row_h - 4.0 - LINE_H * (wide.len() - i) as f32;
        if *set == Set::Figures {
            decrees_line(cv, p, lx, ly, x + w - 14.0 - lx);
        } else {
            artifacts_line(cv, p, lx, ly, x + w - 14.0 - lx);
        }
    }
    for set in zones.into_iter().filter(|s| !across_the_row(*s)) {
        ty += LINE_H;
        let (label, backs) = if set == Set::Unseen { ("Safe", &p.safe) } else { ("Forecast", &p.forecast) };
        let mut zx = lx + cv.text(label, lx, ty + 10.0, 22.0, Weight::Regular, theme::MUTED) + 8.0;
        zx += cv.text(&format!("{}/{}", backs.len(), p.zone_limit), zx, ty + 4.0, 30.0, Weight::Bold, theme::TEXT) + 10.0;
        backs_row(cv, backs, zx, ty + 2.0, x + LEFT_W - zx, 36.0, 44.0);
    }

    // Middle: the five piles, and the icon totals below them.
    let px = x + LEFT_W + 4.0;
    let py = y + 12.0;
    for (i, pile) in p.piles.iter().enumerate() {
        crate::pieces::tile(cv, pile, px + i as f32 * (TILE_W + TILE_GAP), py, TILE_W, TILE_H);
    }
    let iy = py + TILE_H + 10.0;
    let span = 5.0 * TILE_W + 4.0 * TILE_GAP;
    icon_totals(cv, p, px, iy, span, 36.0);
}

/// Figures in the Sand in a player's row: the Decrees the player has claimed, by name in their
/// colours (achievements are public), or "none".
fn decrees_line(cv: &mut Canvas, p: &PublicPlayer, x: f32, y: f32, w: f32) {
    let mut zx = x + cv.text("Decrees", x, y + 10.0, 22.0, Weight::Regular, theme::MUTED) + 10.0;
    let claimed: Vec<_> = p
        .achievements
        .iter()
        .filter_map(|a| match a {
            PublicAchievement::Decree(c) => Some(PublicAchievement::decree(*c)),
            _ => None,
        })
        .collect();
    if claimed.is_empty() {
        cv.text("none", zx, y + 8.0, 24.0, Weight::Bold, theme::MUTED);
    }
    for (name, fill, ink) in claimed {
        let pw = text_width(name, Weight::Bold, 20.0) + 20.0;
        if zx + pw > x + w {
            break;
        }
        cv.round_rect(zx, y + 5.0, pw, 34.0, 7.0, fill);
        cv.text_centered(name, zx, y + 5.0, pw, 34.0, 20.0, Weight::Bold, ink);
        zx += pw + 8.0;
    }
}

/// Artifacts of History in a player's row: the Artifact on display and those in Museums, by
/// name and value (they are public), cut short to the row's width.
fn artifacts_line(cv: &mut Canvas, p: &PublicPlayer, x: f32, y: f32, w: f32) {
    let mut zx = x + cv.text("Display", x, y + 10.0, 22.0, Weight::Regular, theme::MUTED) + 8.0;
    let shown = p.display.map(|c| format!("{} ({})", card(c).title, card(c).age));
    let (t, c) = match &shown {
        Some(t) => (t.as_str(), theme::TEXT),
        None => ("none", theme::MUTED),
    };
    let dw = text_width(t, Weight::Bold, 24.0).min(w * 0.4);
    cv.text(&ellipsize(t, Weight::Bold, 24.0, dw), zx, y + 8.0, 24.0, Weight::Bold, c);
    zx += dw + 24.0;
    zx += cv.text("Museums", zx, y + 10.0, 22.0, Weight::Regular, theme::MUTED) + 8.0;
    let names: Vec<String> = p.museums.iter().map(|c| format!("{} ({})", card(*c).title, card(*c).age)).collect();
    let (t, c) = if names.is_empty() { ("none".to_string(), theme::MUTED) } else { (names.join(", "), theme::TEXT) };
    let room = (x + w - zx).max(40.0);
    cv.text(&ellipsize(&t, Weight::Bold, 24.0, room), zx, y + 8.0, 24.0, Weight::Bold, c);
}

/// A title of four words or more split in three lines, at the spaces that make the widest line
/// narrowest (`None` for fewer words).
fn three_lines(title: &str) -> Option<[&str; 3]> {
    let spaces: Vec<usize> = title.match_indices(' ').map(|(i, _)| i).collect();
    let mut best: Option<(f32, [&str; 3])> = None;
    for (k, i) in spaces.iter().enumerate() {
        for j in &spaces[k + 1..] {
            let lines = [title[..*i].trim(), title[i + 1..*j].trim(), title[j + 1..].trim()];
            let widest = lines.iter().map(|l| text_width(l, Weight::Bold, 14.0)).fold(0.0, f32::max);
            if best.as_ref().is_none_or(|(w, _)| widest < *w) {
                best = Some((widest, lines));
            }
        }
    }
    best.map(|(_, lines)| lines)
}

/// The team number (from 1) of `seat`, when there are teams of more than one.
pub fn team_of(view: &View, seat: usize) -> Option<usize> {
    if view.teams.iter().all(|t| t.len() <= 1) {
        return None;
    }
    view.teams.iter().position(|t| t.contains(&seat)).map(|i| i + 1)
}

/// Backs in a row, overlapping when there are more than fit; "none" when empty.
pub fn backs_row(cv: &mut Canvas, backs: &[Back], x: f32, y: f32, w: f32, bw: f32, bh: f32) {
    if backs.is_empty() {
        cv.text("none", x, y + bh / 2.0 - 12.0, 20.0, Weight::Regular, theme::MUTED);
        return;
    }
    let n = backs.len() as f32;
    let step = if n <= 1.0 { 0.0 } else { ((w - bw) / (n - 1.0)).min(bw + 5.0) };
    for (i, b) in backs.iter().enumerate() {
        sprites::card_back(cv, b.age, b.set, x + i as f32 * step, y, bw, bh);
    }
}

/// The seven icon totals in a row across `w`.
pub fn icon_totals(cv: &mut Canvas, p: &PublicPlayer, x: f32, y: f32, w: f32, size: f32) {
    let cell = w / p.icons.len().max(1) as f32;
    for (i, (icon, n)) in p.icons.iter().enumerate() {
        let cx = x + i as f32 * cell;
        sprites::chip(cv, *icon, cx, y, size);
        let c = if *n == 0 { theme::MUTED } else { theme::TEXT };
        cv.text_centered(&n.to_string(), cx + size + 4.0, y, (cell - size - 8.0).min(size * 1.2), size, size * 0.78, Weight::Bold, c);
    }
}

/// A pile in compact form: its top card's value and title, how many cards, the splay.
pub fn tile(cv: &mut Canvas, pile: &PileView, x: f32, y: f32, w: f32, h: f32) {
    let Some(top) = pile.cards.first() else {
        cv.dashed_outline(x, y, w, h, 10.0, 2.5, theme::PANEL_EDGE);
        let label = theme::color_name(pile.color);
        cv.text_centered(label, x, y, w, h * 0.6, 16.0, Weight::Bold, theme::MUTED);
        cv.text_centered("empty", x, y + h * 0.4, w, h * 0.6, 18.0, Weight::Regular, theme::MUTED);
        return;
    };
    let info = card(*top);
    let col = pile.color;
    cv.round_rect(x, y, w, h, 10.0, theme::card_dark(col));
    cv.round_rect(x + 2.5, y + 2.5, w - 5.0, h - 5.0, 8.0, theme::card(col));
    // Value.
    let r = 17.0;
    cv.circle(x + 8.0 + r, y + 8.0 + r, r, theme::PAPER);
    cv.text_centered(&info.age.to_string(), x + 8.0, y + 8.0, 2.0 * r, 2.0 * r, 22.0, Weight::Bold, theme::INK);
    // Title, on one or two lines.
    let tx = x + 8.0 + 2.0 * r + 6.0;
    let tw = x + w - 8.0 - tx;
    let band_h = 30.0;
    let title_h = h - band_h - 8.0;
    let fg = theme::on_card(col);
    let one = fit_size(&info.title, Weight::Bold, tw, 22.0, 19.0);
    if crate::draw::text_width(&info.title, Weight::Bold, one) <= tw {
        cv.text_centered(&info.title, tx, y + 4.0, tw, title_h, one, Weight::Bold, fg);
    } else {
        match face::two_lines(&info.title) {
            Some((a, b))
                if (text_width(a, Weight::Bold, 14.0) > tw || text_width(b, Weight::Bold, 14.0) > tw)
                    && three_lines(&info.title).is_some() =>
            {
                // A very long title ("Along the River during the Qingming Festival"): three lines.
                let lines = three_lines(&info.title).unwrap_or([a, b, ""]);
                let s = lines.iter().map(|l| fit_size(l, Weight::Bold, tw, 17.0, 12.0)).fold(17.0, f32::min);
                let lh = title_h / 3.0;
                for (i, l) in lines.iter().enumerate() {
                    let ly = y + 4.0 + i as f32 * lh;
                    cv.text_centered(&ellipsize(l, Weight::Bold, s, tw), tx, ly, tw, lh + 1.0, s, Weight::Bold, fg);
                }
            }
            Some((a, b)) => {
                let s = fit_size(a, Weight::Bold, tw, 19.0, 14.0).min(fit_size(b, Weight::Bold, tw, 19.0, 14.0));
                cv.text_centered(&ellipsize(a, Weight::Bold, s, tw), tx, y + 4.0, tw, title_h / 2.0 + 2.0, s, Weight::Bold, fg);
                cv.text_centered(&ellipsize(b, Weight::Bold, s, tw), tx, y + 2.0 + title_h / 2.0, tw, title_h / 2.0, s, Weight::Bold, fg);
            }
            None => {
                // One long word ("Counterintelligence"): across the whole tile, under the value.
                let (fx, fw) = (x + 8.0, w - 16.0);
                let s = fit_size(&info.title, Weight::Bold, fw, 18.0, 13.0);
                let top = y + 8.0 + 2.0 * r + 1.0;
                let bh = (y + h - band_h - 2.5) - top;
                cv.text_centered(&ellipsize(&info.title, Weight::Bold, s, fw), fx, top, fw, bh, s, Weight::Bold, fg);
            }
        }
    }
    // Band: count and splay.
    let by = y + h - band_h - 2.5;
    cv.rect(x + 2.5, by, w - 5.0, band_h, theme::card_dark(col));
    let n = pile.cards.len();
    let count = if n == 1 { "1 card".to_string() } else { format!("{n} cards") };
    cv.text(&count, x + 10.0, by + 4.0, 18.0, Weight::Bold, theme::TEXT);
    if pile.splay != engine::Splay::None {
        let word = pile.splay.name();
        let ww = text_width(word, Weight::Bold, 18.0);
        let wx = x + w - 10.0 - ww;
        cv.text(word, wx, by + 4.0, 18.0, Weight::Bold, theme::TEXT);
        face::splay_arrow(cv, pile.splay, wx - 26.0, by + 3.0, 24.0, theme::TEXT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Game, GameConfig};

    /// With every set in play (twenty special achievements, the Museums and five Decrees) the
    /// available achievements wrap onto more lines rather than shrink past reading or run into
    /// the junk; with fewer they keep to one line. Every one of them is drawn.
    #[test]
    fn the_available_achievements_wrap_when_many_sets_are_in_play() {
        let all = [Set::Echoes, Set::Figures, Set::Cities, Set::Artifacts, Set::Unseen];
        for (sets, lines) in [(&all[..], 3), (&[Set::Figures][..], 2), (&[Set::Figures, Set::Artifacts][..], 2), (&[][..], 1)] {
            let config = GameConfig::new(&["alice", "bob"], 3).with_expansions(sets);
            let g = Game::from_state(config.clone(), Game::initial_state(&config).unwrap()).unwrap();
            let v = g.view(None);
            let (k, laid) = supply_lines(&v);
            assert_eq!(laid.len(), lines, "{sets:?} at scale {k}");
            assert!(k >= 0.76, "{sets:?} at scale {k}");
            let room = W
                - M
                - text_width(&format!("Junk {}", v.junk), Weight::Bold, 24.0)
                - 16.0
                - (M + text_width("Achievements", Weight::Bold, 24.0) + 12.0);
            for line in &laid {
                let width: f32 = line.iter().enumerate().map(|(i, s)| gap_before(line, i) + s.width(k)).sum::<f32>() - SUPPLY_GAP * k;
                assert!(width <= room, "{sets:?}: a line of {width} px in {room}");
            }
            let cv = draw(&v).unwrap();
            if let (Ok(path), 5) = (std::env::var("SAVE_FIGURES_PNG"), sets.len()) {
                std::fs::write(format!("{path}-table-all-sets.png"), cv.encode().unwrap()).unwrap();
            }
            let texts = cv.texts;
            for s in &v.specials {
                assert!(texts.iter().any(|t| t == s.name()), "{} missing from {texts:?}", s.name());
            }
            for c in &v.decrees {
                assert!(texts.iter().any(|t| *t == CardDb::get().decree(*c).name), "{c:?} Decree missing from {texts:?}");
            }
            assert_eq!(texts.iter().any(|t| t == "Museums ×5"), sets.contains(&Set::Artifacts));
        }
    }
}

//! Turning the service's outcomes into Discord messages: posts in the game's
//! thread, direct messages, buttons and menus, pictures (with their words
//! instead when a picture cannot be drawn), and the report in the thread of a
//! direct message that could not be delivered.

use crate::claims::Work;
use crate::ids::{ActionButton, Asked, ComponentId};
use crate::service::{Menu, Outcome, Picture, Service, Ui, UiKind};
use crate::store::PromptMessage;
use crate::text::chunks;
use poise::serenity_prelude as serenity;
use serenity::{
    Builder as _, ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton,
    CreateInteractionResponseFollowup, CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, EditMessage,
    EditWebhookMessage, Http, MessageId, UserId,
};
use tracing::{debug, warn};

/// Discord's limit on a message's text.
pub const MAX_TEXT: usize = 2000;

fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}

/// How many pictures are drawn at once: one per core. Each takes tens of megabytes while it is
/// drawn, and more at once than there are cores only adds memory (many games at once drew
/// dozens together and went past 500 MB).
fn drawing_slots() -> &'static tokio::sync::Semaphore {
    static SLOTS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    SLOTS.get_or_init(|| tokio::sync::Semaphore::new(std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)))
}

/// Draws the pictures (off the async threads); a picture that cannot be drawn gives its words instead.
pub async fn draw(pictures: &[Picture]) -> (Vec<CreateAttachment>, String) {
    let mut files = Vec::new();
    let mut words = String::new();
    for p in pictures.iter().take(10) {
        let pic = p.clone();
        let _slot = drawing_slots().acquire().await.expect("the drawing slots are never closed");
        match tokio::task::spawn_blocking(move || pic.png()).await {
            Ok(Ok(bytes)) => files.push(CreateAttachment::bytes(bytes, p.file_name())),
            Ok(Err(e)) => {
                debug!("picture {} not drawn: {e}", p.file_name());
                let f = p.fallback();
                if !f.is_empty() {
                    words.push('\n');
                    words.push_str(&f);
                }
            }
            Err(e) => warn!("drawing {} panicked: {e}", p.file_name()),
        }
    }
    (files, words)
}

/// Buttons and menus for a question.
pub fn components(ui: &Ui) -> Vec<CreateActionRow> {
    let (game, stamp) = (ui.game, Asked::new(ui.seat, ui.stamp));
    match &ui.kind {
        UiKind::Actions { draw, meld, dogma, achieve, endorse, decree } => {
            let b = |action: ActionButton, label: &str, on: bool, style: ButtonStyle| {
                CreateButton::new(ComponentId::Action { game, stamp, action }.to_string()).label(label).style(style).disabled(!on)
            };
            let mut buttons = vec![
                b(ActionButton::Draw, "Draw", *draw, ButtonStyle::Primary),
                b(ActionButton::Meld, "Meld", *meld, ButtonStyle::Primary),
                b(ActionButton::Dogma, "Dogma", *dogma, ButtonStyle::Primary),
            ];
            // Cities: Endorse beside Dogma, only when a Dogma action may be endorsed.
            if *endorse {
                buttons.push(b(ActionButton::Endorse, "Endorse", true, ButtonStyle::Primary));
            }
            buttons.push(b(ActionButton::Achieve, "Achieve", *achieve, ButtonStyle::Success));
            // Figures: Decree after Achieve, only when a Decree may be issued.
            if *decree {
                buttons.push(b(ActionButton::Decree, "Decree", true, ButtonStyle::Success));
            }
            // A row holds five buttons: with both Endorse and Decree, Decree goes on a row of its own.
            buttons.chunks(5).map(|row| CreateActionRow::Buttons(row.to_vec())).collect()
        }
        UiKind::Rematch => vec![CreateActionRow::Buttons(vec![CreateButton::new(ComponentId::Rematch { game }.to_string())
            .label("Rematch")
            .emoji('🔁')
            .style(ButtonStyle::Success)])],
        UiKind::LimitVote { name } => vec![CreateActionRow::Buttons(vec![
            CreateButton::new(ComponentId::LimitVote { game, stamp, remove: false }.to_string())
                .label("Wait 1 more day")
                .style(ButtonStyle::Primary),
            CreateButton::new(ComponentId::LimitVote { game, stamp, remove: true }.to_string())
                .label(clip(&format!("Remove {name}"), 80))
                .style(ButtonStyle::Danger),
        ])],
        UiKind::Choose { options, min, max, order } => {
            if *order {
                return order_components(game, stamp, options, &[]);
            }
            let mut rows = Vec::new();
            if *max == 1 && options.len() <= 20 {
                let buttons: Vec<CreateButton> = options
                    .iter()
                    .enumerate()
                    .map(|(index, label)| {
                        CreateButton::new(ComponentId::Pick { game, stamp, index }.to_string())
                            .label(clip(label, 80))
                            .style(ButtonStyle::Secondary)
                    })
                    .collect();
                for chunk in buttons.chunks(5) {
                    rows.push(CreateActionRow::Buttons(chunk.to_vec()));
                }
            } else {
                let opts: Vec<CreateSelectMenuOption> =
                    options.iter().enumerate().take(25).map(|(i, l)| CreateSelectMenuOption::new(clip(l, 100), i.to_string())).collect();
                let n = opts.len();
                rows.push(CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(ComponentId::Select { game, stamp }.to_string(), CreateSelectMenuKind::String { options: opts })
                        .placeholder(if *max == 1 { "Choose one".to_string() } else { format!("Choose up to {max}") })
                        .min_values((*min).clamp(1, n) as u8)
                        .max_values((*max).clamp(1, n) as u8),
                ));
            }
            if *min == 0 {
                rows.push(CreateActionRow::Buttons(vec![CreateButton::new(ComponentId::Decline { game, stamp }.to_string())
                    .label("None / decline")
                    .style(ButtonStyle::Danger)]));
            }
            rows
        }
    }
}

/// Ordering: a button for each option not placed yet, and a reset.
pub fn order_components(game: i64, stamp: Asked, options: &[String], placed: &[usize]) -> Vec<CreateActionRow> {
    let buttons: Vec<CreateButton> = options
        .iter()
        .enumerate()
        .filter(|(i, _)| !placed.contains(i))
        .take(20)
        .map(|(index, label)| {
            CreateButton::new(ComponentId::Order { game, stamp, placed: placed.to_vec(), index }.to_string())
                .label(clip(label, 80))
                .style(ButtonStyle::Secondary)
        })
        .collect();
    let mut rows: Vec<CreateActionRow> = buttons.chunks(5).map(|c| CreateActionRow::Buttons(c.to_vec())).collect();
    if !placed.is_empty() {
        rows.push(CreateActionRow::Buttons(vec![CreateButton::new(ComponentId::OrderReset { game, stamp }.to_string())
            .label("Start over")
            .style(ButtonStyle::Danger)]));
    }
    rows
}

/// The **Undo** button under a move's confirmation (see `service/undo.rs`); none when nothing may be taken back.
pub fn undo_components(game: i64, undo: Option<i64>) -> Vec<CreateActionRow> {
    match undo {
        Some(seq) => vec![CreateActionRow::Buttons(vec![CreateButton::new(ComponentId::Undo { game, seq }.to_string())
            .label("Undo")
            .emoji('↩')
            .style(ButtonStyle::Secondary)])],
        None => Vec::new(),
    }
}

/// The ephemeral select menu behind the Meld, Dogma or Achieve button.
pub fn menu_components(game: i64, menu: &Menu) -> Vec<CreateActionRow> {
    let opts: Vec<CreateSelectMenuOption> = menu
        .options
        .iter()
        .take(25)
        .map(|o| {
            let mut opt = CreateSelectMenuOption::new(clip(&o.label, 100), o.index.to_string());
            if let Some(d) = &o.description {
                opt = opt.description(clip(d, 100));
            }
            opt
        })
        .collect();
    vec![CreateActionRow::SelectMenu(
        CreateSelectMenu::new(ComponentId::Select { game, stamp: menu.stamp }.to_string(), CreateSelectMenuKind::String { options: opts })
            .placeholder(clip(&menu.title, 100)),
    )]
}

fn mentions() -> CreateAllowedMentions {
    CreateAllowedMentions::new().all_users(true)
}

/// Sends text (split to fit), pictures and components to a channel; returns the message carrying the components.
pub async fn send(
    http: &Http,
    channel: ChannelId,
    text: &str,
    pictures: &[Picture],
    rows: Vec<CreateActionRow>,
) -> serenity::Result<serenity::Message> {
    send_to(http, Target::Channel(channel, None), text, pictures, rows).await
}

/// Where a message goes: a channel (each piece carrying a nonce made from claimed work, see
/// [`crate::claims`], when there is one), or a follow-up of an interaction (see [`Via`]).
#[derive(Clone, Copy)]
enum Target<'a> {
    Channel(ChannelId, Option<(&'a Work, usize)>),
    FollowUp(&'a str),
}

/// [`send`] to a target. A nonce is enforced by Discord: sent again after its owner died, a piece
/// already sent is not created twice.
async fn send_to(
    http: &Http,
    target: Target<'_>,
    text: &str,
    pictures: &[Picture],
    rows: Vec<CreateActionRow>,
) -> serenity::Result<serenity::Message> {
    let (files, words) = draw(pictures).await;
    send_drawn(http, target, text, &words, files, rows).await
}

/// [`send_to`] with the pictures drawn already (their words, for those that could not be, in `words`).
async fn send_drawn(
    http: &Http,
    target: Target<'_>,
    text: &str,
    words: &str,
    files: Vec<CreateAttachment>,
    rows: Vec<CreateActionRow>,
) -> serenity::Result<serenity::Message> {
    let full = format!("{text}{words}");
    let mut pieces = chunks(full.trim_end(), MAX_TEXT);
    if pieces.is_empty() {
        pieces.push("\u{200b}".into());
    }
    let last = pieces.len() - 1;
    let mut sent = None;
    for (i, piece) in pieces.into_iter().enumerate() {
        let (rows, files) = if i == last { (rows.clone(), files.clone()) } else { (Vec::new(), Vec::new()) };
        sent = Some(match target {
            Target::Channel(channel, once) => {
                let mut m = CreateMessage::new().content(piece).allowed_mentions(mentions()).components(rows).add_files(files);
                if let Some((work, k)) = once {
                    m = m.nonce(serenity::Nonce::String(work.nonce(k * 16 + i))).enforce_nonce(true);
                }
                channel.send_message(http, m).await?
            }
            Target::FollowUp(token) => {
                let m =
                    CreateInteractionResponseFollowup::new().content(piece).allowed_mentions(mentions()).components(rows).add_files(files);
                m.execute(http, (None, token)).await?
            }
        });
    }
    Ok(sent.expect("at least one piece"))
}

/// The interaction a decision was made through, when it was made in the game's thread (a
/// button or menu there, a slash command there). The thread's posts about that decision are
/// sent as the interaction's follow-ups: the same public message in the same thread, which
/// Discord does not count against the bot's rate limits; and while the interaction's token
/// lasts, their buttons are taken away through it too (see [`deliver`]).
#[derive(Clone, Debug)]
pub struct Via {
    pub token: String,
    pub channel: u64,
}

/// How long an interaction's token lets its follow-ups be edited (Discord: 15 minutes; less, to be safe).
const TOKEN_LASTS: std::time::Duration = std::time::Duration::from_secs(14 * 60);

/// Follow-ups with buttons, by message: the token that can edit them, and since when.
fn follow_ups() -> &'static std::sync::Mutex<std::collections::HashMap<u64, (String, std::time::Instant)>> {
    static FOLLOW_UPS: std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<u64, (String, std::time::Instant)>>> =
        std::sync::OnceLock::new();
    FOLLOW_UPS.get_or_init(Default::default)
}

fn remember_follow_up(message: MessageId, token: &str) {
    let mut known = follow_ups().lock().expect("follow-ups");
    known.retain(|_, (_, at)| at.elapsed() < TOKEN_LASTS);
    known.insert(message.get(), (token.to_string(), std::time::Instant::now()));
}

/// The token that can still edit this follow-up (forgotten once asked).
fn follow_up_token(message: u64) -> Option<String> {
    let (token, at) = follow_ups().lock().expect("follow-ups").remove(&message)?;
    (at.elapsed() < TOKEN_LASTS).then_some(token)
}

/// Takes the buttons off one of the bot's messages: through the interaction that sent it while
/// its token lasts, else as the bot.
async fn take_buttons_off(http: &Http, channel: u64, message: u64) -> serenity::Result<()> {
    if let Some(token) = follow_up_token(message) {
        let edit = EditWebhookMessage::new().components(vec![]);
        match http.edit_followup_message(&token, MessageId::new(message), &edit, Vec::new()).await {
            Ok(_) => return Ok(()),
            Err(e) => debug!("could not take buttons off follow-up {message} through its interaction: {e}"),
        }
    }
    ChannelId::new(channel).edit_message(http, MessageId::new(message), EditMessage::new().components(vec![])).await.map(|_| ())
}

/// Delivers an outcome: old buttons taken away, thread posts, direct messages
/// (reported in the thread when they cannot be delivered). Waits for the game's
/// earlier outcomes to be delivered first. `via`: the interaction the decision was made
/// through, whose follow-ups the thread's posts become when it was made in the thread.
pub async fn deliver(http: &Http, svc: &Service, out: Outcome, via: Option<&Via>) {
    if let Some(t) = &out.order {
        t.wait_turn().await;
    }
    let thread = out.thread.map(ChannelId::new);
    for m in &out.stale {
        // Only a message that still has its buttons: the one clicked to answer lost them in the
        // click's response already (a request that changes nothing is not sent).
        if !svc.store().take_prompt_message(m.channel_id, m.message_id).await.unwrap_or(true) {
            continue;
        }
        if let Err(e) = take_buttons_off(http, m.channel_id, m.message_id).await {
            debug!("could not take buttons off message {}: {e}", m.message_id);
        }
    }
    let claim = out.claim.as_ref();
    // Claimed work is no interaction's: it keeps its nonces.
    let follow_up = via.filter(|v| claim.is_none() && Some(v.channel) == out.thread).map(|v| v.token.as_str());
    for (k, post) in out.posts.iter().enumerate() {
        let Some(ch) = thread else { break };
        let rows = post.ui.as_ref().map(components).unwrap_or_default();
        let (files, words) = draw(&post.pictures).await;
        let mut sent = None;
        if let Some(token) = follow_up {
            match send_drawn(http, Target::FollowUp(token), &post.text, &words, files.clone(), rows.clone()).await {
                Ok(msg) => {
                    if post.ui.is_some() {
                        remember_follow_up(msg.id, token);
                    }
                    sent = Some(Ok(msg));
                }
                Err(e) => debug!(game = out.game, "could not post as the interaction's follow-up, posting in the thread: {e}"),
            }
        }
        let sent = match sent {
            Some(s) => s,
            None => send_drawn(http, Target::Channel(ch, claim.map(|w| (w, k))), &post.text, &words, files, rows).await,
        };
        match sent {
            Ok(msg) => {
                if let Some(ui) = &post.ui {
                    record(svc, out.game, ui, msg.channel_id, msg.id).await;
                }
            }
            Err(e) => warn!(game = out.game, "could not post in the thread: {e}"),
        }
    }
    for (k, dm) in out.dms.iter().enumerate() {
        let rows = dm.ui.as_ref().map(components).unwrap_or_default();
        let k = out.posts.len() + 2 * k;
        let r = async {
            let ch = dm_channel(http, dm.user).await?;
            send_to(http, Target::Channel(ch, claim.map(|w| (w, k))), &dm.text, &dm.pictures, rows).await
        }
        .await;
        match r {
            Ok(msg) => {
                svc.dm_delivered(out.game, dm.user);
                if let Some(ui) = &dm.ui {
                    record(svc, out.game, ui, msg.channel_id, msg.id).await;
                }
            }
            Err(e) => {
                warn!(game = out.game, "could not send a direct message: {e}");
                if let (Some(ch), Some(text)) = (thread, &dm.fallback) {
                    // A reminder goes to the thread instead, every time.
                    let _ = send_to(http, Target::Channel(ch, claim.map(|w| (w, k + 1))), text, &[], Vec::new()).await;
                } else if let Some(ch) = thread.filter(|_| svc.dm_refused(out.game, dm.user)) {
                    // Said once in the thread, not at every message (a hand changes often); the
                    // thread's posts mention the player whenever they are asked something.
                    let text = format!(
                        "<@{}>, I could not send you a direct message (Discord refused it: direct messages from server members may be off in your privacy settings). \
                         Until they go through, use **/answer** here to see and answer your questions, and **/hand** to see your hand.",
                        dm.user
                    );
                    let _ = ch.send_message(http, CreateMessage::new().content(text).allowed_mentions(mentions())).await;
                }
            }
        }
    }
    drop(out.order);
    if let Some(work) = &out.claim {
        svc.finish_claim(work).await;
    }
}

/// The direct-message channel with a user: asked of Discord once per user, then kept
/// (it never changes), instead of one request before every direct message.
async fn dm_channel(http: &Http, user: u64) -> serenity::Result<ChannelId> {
    static KNOWN: std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<u64, ChannelId>>> = std::sync::OnceLock::new();
    let known = KNOWN.get_or_init(Default::default);
    if let Some(ch) = known.lock().expect("dm channels").get(&user) {
        return Ok(*ch);
    }
    let ch = UserId::new(user).create_dm_channel(http).await?.id;
    known.lock().expect("dm channels").insert(user, ch);
    Ok(ch)
}

async fn record(svc: &Service, game: i64, ui: &Ui, channel: ChannelId, message: MessageId) {
    if ui.kind == UiKind::Rematch {
        return; // not a question: its button stays under the finished game
    }
    let vote = matches!(ui.kind, UiKind::LimitVote { .. });
    let m = PromptMessage { channel_id: channel.get(), message_id: message.get(), seat: ui.seat, stamp: ui.stamp, vote };
    if let Err(e) = svc.record_prompt_message(game, m).await {
        warn!(game, "could not record a message with buttons: {e}");
    }
}

/// Checks rows of components against Discord's limits: at most 5 rows, 5 buttons
/// a row, 25 options a menu, custom ids of at most 100 characters, labels of at most 80.
pub fn check_limits(rows: &[CreateActionRow]) -> Result<(), String> {
    let json = serde_json::to_value(rows).map_err(|e| e.to_string())?;
    let rows = json.as_array().ok_or("rows are not a list")?;
    if rows.len() > 5 {
        return Err(format!("{} rows", rows.len()));
    }
    for row in rows {
        let items = row["components"].as_array().ok_or("a row without components")?;
        if items.is_empty() || items.len() > 5 {
            return Err(format!("a row of {} components", items.len()));
        }
        for c in items {
            let id = c["custom_id"].as_str().ok_or("a component without custom_id")?;
            if id.len() > 100 || ComponentId::parse(id).is_none() {
                return Err(format!("bad custom_id {id:?}"));
            }
            if let Some(label) = c["label"].as_str() {
                if label.chars().count() > 80 || label.is_empty() {
                    return Err(format!("bad label {label:?}"));
                }
            }
            if let Some(opts) = c["options"].as_array() {
                if opts.is_empty() || opts.len() > 25 {
                    return Err(format!("a menu of {} options", opts.len()));
                }
                if items.len() != 1 {
                    return Err("a menu must be alone in its row".into());
                }
                let max = c["max_values"].as_u64().unwrap_or(1);
                let min = c["min_values"].as_u64().unwrap_or(1);
                if min > max || max as usize > opts.len() {
                    return Err(format!("menu min {min} max {max} of {} options", opts.len()));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ui(kind: UiKind) -> Ui {
        Ui { game: 123456, stamp: 7890, seat: 2, kind }
    }
    fn choose(n: usize, min: usize, max: usize, order: bool) -> Ui {
        let options = (0..n).map(|i| format!("option number {i} with a rather long label that goes on and on and on and on")).collect();
        ui(UiKind::Choose { options, min, max, order })
    }

    #[test]
    fn components_fit_discord_limits() {
        let all = [
            ui(UiKind::Actions { draw: true, meld: true, dogma: false, achieve: false, endorse: false, decree: false }),
            ui(UiKind::Actions { draw: true, meld: true, dogma: true, achieve: true, endorse: true, decree: false }),
            ui(UiKind::Actions { draw: true, meld: true, dogma: true, achieve: true, endorse: true, decree: true }),
            choose(2, 1, 1, false),
            choose(20, 0, 1, false),
            choose(21, 1, 1, false),
            choose(30, 0, 3, false),
            choose(3, 2, 2, false),
            choose(6, 6, 6, true),
            choose(25, 25, 25, true),
            ui(UiKind::LimitVote { name: "a player with a very long name indeed, far longer than any label may be on Discord".into() }),
        ];
        for u in &all {
            let rows = components(u);
            assert!(!rows.is_empty());
            check_limits(&rows).unwrap_or_else(|e| panic!("{u:?}: {e}"));
        }
        let placed = order_components(1, Asked::new(0, 2), &["a".into(), "b".into(), "c".into()], &[2]);
        check_limits(&placed).unwrap();
        assert_eq!(placed.len(), 2, "the two left, and Start over");
    }

    /// The action buttons' labels, row by row.
    fn action_labels(endorse: bool, decree: bool) -> Vec<Vec<String>> {
        let kind = UiKind::Actions { draw: true, meld: true, dogma: true, achieve: false, endorse, decree };
        let json = serde_json::to_value(components(&ui(kind))).unwrap();
        json.as_array()
            .unwrap()
            .iter()
            .map(|row| row["components"].as_array().unwrap().iter().map(|b| b["label"].as_str().unwrap().to_string()).collect())
            .collect()
    }

    /// Cities: the Endorse button stands beside Dogma only when a Dogma action may be endorsed.
    #[test]
    fn endorse_is_offered_beside_dogma_only_when_legal() {
        assert_eq!(action_labels(false, false), [["Draw", "Meld", "Dogma", "Achieve"]]);
        assert_eq!(action_labels(true, false), [["Draw", "Meld", "Dogma", "Endorse", "Achieve"]]);
        let json = serde_json::to_value(components(&ui(UiKind::Actions {
            draw: true,
            meld: true,
            dogma: true,
            achieve: false,
            endorse: true,
            decree: false,
        })))
        .unwrap();
        assert_eq!(json[0]["components"][3]["custom_id"], "a:123456:2v7890:N");
    }

    /// Figures: the Decree button follows Achieve only when a Decree may be issued; beside Endorse
    /// it goes on a second row (five buttons a row at most).
    #[test]
    fn decree_is_offered_after_achieve_only_when_legal() {
        assert_eq!(action_labels(false, true), [["Draw", "Meld", "Dogma", "Achieve", "Decree"]]);
        assert_eq!(action_labels(true, true), [vec!["Draw", "Meld", "Dogma", "Endorse", "Achieve"], vec!["Decree"]]);
        let kind = UiKind::Actions { draw: true, meld: false, dogma: false, achieve: false, endorse: false, decree: true };
        let json = serde_json::to_value(components(&ui(kind))).unwrap();
        assert_eq!(json[0]["components"][4]["custom_id"], "a:123456:2v7890:R");
        assert_eq!(json[0]["components"][4]["disabled"], false);
    }

    #[test]
    fn one_pick_is_buttons_many_is_a_menu() {
        let json = serde_json::to_value(components(&choose(3, 1, 1, false))).unwrap();
        assert_eq!(json[0]["components"].as_array().unwrap().len(), 3);
        assert_eq!(json[0]["components"][1]["custom_id"], "p:123456:2v7890:1");
        let json = serde_json::to_value(components(&choose(4, 0, 2, false))).unwrap();
        assert_eq!(json[0]["components"][0]["custom_id"], "s:123456:2v7890");
        assert_eq!(json[0]["components"][0]["options"].as_array().unwrap().len(), 4);
        assert_eq!(json[1]["components"][0]["custom_id"], "n:123456:2v7890", "may decline");
    }
}

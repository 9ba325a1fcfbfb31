//! Turning the service's outcomes into Discord messages: posts in the game's
//! thread, direct messages, buttons and menus, pictures (with their words
//! instead when a picture cannot be drawn), and the report in the thread of a
//! direct message that could not be delivered.

use crate::ids::{ActionButton, ComponentId};
use crate::service::{Menu, Outcome, Picture, Service, Ui, UiKind};
use crate::store::PromptMessage;
use crate::text::chunks;
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ChannelId, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, EditMessage, Http, MessageId, UserId,
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

/// Draws the pictures (off the async threads); a picture that cannot be drawn gives its words instead.
pub async fn draw(pictures: &[Picture]) -> (Vec<CreateAttachment>, String) {
    let mut files = Vec::new();
    let mut words = String::new();
    for p in pictures.iter().take(10) {
        let pic = p.clone();
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
    let (game, stamp) = (ui.game, ui.stamp);
    match &ui.kind {
        UiKind::Actions { draw, meld, dogma, achieve } => {
            let b = |action: ActionButton, label: &str, on: bool, style: ButtonStyle| {
                CreateButton::new(ComponentId::Action { game, stamp, action }.to_string()).label(label).style(style).disabled(!on)
            };
            vec![CreateActionRow::Buttons(vec![
                b(ActionButton::Draw, "Draw", *draw, ButtonStyle::Primary),
                b(ActionButton::Meld, "Meld", *meld, ButtonStyle::Primary),
                b(ActionButton::Dogma, "Dogma", *dogma, ButtonStyle::Primary),
                b(ActionButton::Achieve, "Achieve", *achieve, ButtonStyle::Success),
            ])]
        }
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
pub fn order_components(game: i64, stamp: i64, options: &[String], placed: &[usize]) -> Vec<CreateActionRow> {
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
    let (files, words) = draw(pictures).await;
    let full = format!("{text}{words}");
    let mut pieces = chunks(full.trim_end(), MAX_TEXT);
    if pieces.is_empty() {
        pieces.push("\u{200b}".into());
    }
    let last = pieces.len() - 1;
    let mut sent = None;
    for (i, piece) in pieces.into_iter().enumerate() {
        let mut m = CreateMessage::new().content(piece).allowed_mentions(mentions());
        if i == last {
            m = m.components(rows.clone()).add_files(files.clone());
        }
        sent = Some(channel.send_message(http, m).await?);
    }
    Ok(sent.expect("at least one piece"))
}

/// Delivers an outcome: old buttons taken away, thread posts, direct messages
/// (reported in the thread when they cannot be delivered). Waits for the game's
/// earlier outcomes to be delivered first.
pub async fn deliver(http: &Http, svc: &Service, out: Outcome) {
    if let Some(t) = &out.order {
        t.wait_turn().await;
    }
    let thread = out.thread.map(ChannelId::new);
    for m in &out.stale {
        let r = ChannelId::new(m.channel_id).edit_message(http, MessageId::new(m.message_id), EditMessage::new().components(vec![])).await;
        if let Err(e) = r {
            debug!("could not take buttons off message {}: {e}", m.message_id);
        }
        let _ = svc.forget_prompt_message(m.channel_id, m.message_id).await;
    }
    for post in &out.posts {
        let Some(ch) = thread else { break };
        let rows = post.ui.as_ref().map(components).unwrap_or_default();
        match send(http, ch, &post.text, &post.pictures, rows).await {
            Ok(msg) => {
                if let Some(ui) = &post.ui {
                    record(svc, out.game, ui, msg.channel_id, msg.id).await;
                }
            }
            Err(e) => warn!(game = out.game, "could not post in the thread: {e}"),
        }
    }
    for dm in &out.dms {
        let rows = dm.ui.as_ref().map(components).unwrap_or_default();
        let r = async {
            let ch = UserId::new(dm.user).create_dm_channel(http).await?;
            send(http, ch.id, &dm.text, &dm.pictures, rows).await
        }
        .await;
        match r {
            Ok(msg) => {
                if let Some(ui) = &dm.ui {
                    record(svc, out.game, ui, msg.channel_id, msg.id).await;
                }
            }
            Err(e) => {
                warn!(game = out.game, "could not send a direct message: {e}");
                if let Some(ch) = thread {
                    let what = if dm.ui.is_some() {
                        "Use **/answer** here to see and answer your question, and **/hand** to see your hand."
                    } else {
                        "Use **/hand** here to see your hand."
                    };
                    let text = format!(
                        "<@{}>, I could not send you a direct message (Discord refused it: direct messages from server members may be off in your privacy settings). {what}",
                        dm.user
                    );
                    let _ = ch.send_message(http, CreateMessage::new().content(text).allowed_mentions(mentions())).await;
                }
            }
        }
    }
    drop(out.order);
}

async fn record(svc: &Service, game: i64, ui: &Ui, channel: ChannelId, message: MessageId) {
    let m = PromptMessage { channel_id: channel.get(), message_id: message.get(), seat: ui.seat, stamp: ui.stamp };
    if let Err(e) = svc.record_prompt_message(game, m).await {
        warn!(game, "could not record a message with buttons: {e}");
    }
}

//! Button and menu dispatch: a click on one of the bot's components is parsed
//! from its `custom_id` and handed to the service; the clicked message is then
//! updated and the outcome delivered. No game rule lives here.

use super::*;

async fn say_private(http: &Http, ci: &ComponentInteraction, text: impl Into<String>) -> serenity::Result<()> {
    ci.create_response(http, CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content(text).ephemeral(true)))
        .await
}

/// A click on one of the bot's buttons or menus.
pub(super) async fn on_component(ctx: &serenity::Context, data: &Data, ci: &ComponentInteraction) -> Result<(), Error> {
    let http = &ctx.http;
    let svc = &data.svc;
    let Some(id) = ComponentId::parse(&ci.data.custom_id) else {
        say_private(http, ci, "I don't know this button (it may come from an older version of the bot).").await?;
        return Ok(());
    };
    let user = User::new(ci.user.id.get(), display_name(&ci.user, ci.member.as_ref()));
    match id {
        ComponentId::LobbyJoin(l) => lobby_update(http, ci, svc.join_lobby(l, &user).await).await?,
        ComponentId::LobbyLeave(l) => lobby_update(http, ci, svc.leave_lobby(l, &user).await).await?,
        ComponentId::LobbyAddComputer(l) => lobby_update(http, ci, svc.add_computer(l, &user).await).await?,
        ComponentId::LobbyRemoveComputer(l) => lobby_update(http, ci, svc.remove_computer(l, &user).await).await?,
        ComponentId::LobbyExpansions(l) => {
            let values = match &ci.data.kind {
                ComponentInteractionDataKind::StringSelect { values } => values.clone(),
                _ => Vec::new(),
            };
            let r = match crate::expansions::parse_names(&values) {
                Ok(sets) => svc.set_lobby_expansions(l, &user, &sets).await,
                Err(e) => Err(Refusal::Lobby(e.to_string())),
            };
            lobby_update(http, ci, r).await?
        }
        ComponentId::LobbyCancel(l) => {
            let button =
                CreateButton::new(ComponentId::LobbyCancelConfirm(l).to_string()).label("Yes, cancel it").style(ButtonStyle::Danger);
            ci.create_response(
                http,
                CreateInteractionResponse::Message(
                    CreateInteractionResponseMessage::new()
                        .content("Really cancel this lobby? Nobody will be able to join or start it.")
                        .components(vec![CreateActionRow::Buttons(vec![button])])
                        .ephemeral(true),
                ),
            )
            .await?
        }
        ComponentId::LobbyCancelConfirm(l) => match svc.cancel_lobby_as(l, &user, is_manager(ci.member.as_ref())).await {
            Ok(view) => {
                if let Ok(row) = svc.store().lobby(l).await {
                    if let Some(m) = row.message_id {
                        let edit = serenity::EditMessage::new()
                            .content(view.text())
                            .components(lobby_rows(&view))
                            .allowed_mentions(serenity::CreateAllowedMentions::new());
                        if let Err(e) = serenity::ChannelId::new(row.channel_id).edit_message(http, serenity::MessageId::new(m), edit).await
                        {
                            warn!(lobby = l, "could not update the lobby's message: {e}");
                        }
                    }
                }
                edit_clicked(http, ci, Some("The lobby is cancelled.".into()), Vec::new()).await?
            }
            Err(r) => say_private(http, ci, r.to_string()).await?,
        },
        ComponentId::CancelGame { game } => {
            let r = svc.cancel_game(game, user.id, is_manager(ci.member.as_ref())).await;
            answered(ctx, data, ci, r).await?
        }
        ComponentId::LimitVote { game, stamp, remove } => match svc.limit_vote(game, user.id, stamp, remove).await {
            Ok(out) => {
                say_private(http, ci, out.reply.clone()).await?;
                let via = deliver::Via { token: ci.token.clone(), channel: ci.channel_id.get() };
                spawn_delivery_via(ctx.http.clone(), svc.clone(), out, Some(via));
            }
            Err(r) => say_private(http, ci, r.to_string()).await?,
        },
        ComponentId::LobbyStart(l) => start(ctx, data, ci, l, &user).await?,
        ComponentId::Rematch { game } => rematch(http, svc, ci, game, &user).await?,
        ComponentId::Action { game, stamp, action: ActionButton::Draw } => {
            let r = match svc.action_menu(game, user.id, Some(stamp), ActionButton::Draw).await {
                Ok(menu) => svc.answer(game, user.id, Some(stamp), Answer::Indices(vec![menu.options[0].index])).await,
                Err(r) => Err(r),
            };
            answered(ctx, data, ci, r).await?
        }
        ComponentId::Action { game, stamp, action } => match svc.action_menu(game, user.id, Some(stamp), action).await {
            Ok(menu) => {
                let mut text = format!("**{}**", menu.title);
                if menu.options.len() > 25 {
                    text.push_str(&format!(" (showing 25 of {}; the slash command offers all)", menu.options.len()));
                }
                ci.create_response(
                    http,
                    CreateInteractionResponse::Message(
                        CreateInteractionResponseMessage::new().content(text).components(menu_components(game, &menu)).ephemeral(true),
                    ),
                )
                .await?
            }
            Err(r) => say_private(http, ci, r.to_string()).await?,
        },
        ComponentId::Pick { game, stamp, index } => {
            let r = svc.answer(game, user.id, Some(stamp), Answer::Indices(vec![index])).await;
            answered(ctx, data, ci, r).await?
        }
        ComponentId::Decline { game, stamp } => {
            let r = svc.answer(game, user.id, Some(stamp), Answer::Indices(Vec::new())).await;
            answered(ctx, data, ci, r).await?
        }
        ComponentId::Select { game, stamp } => {
            let values = match &ci.data.kind {
                ComponentInteractionDataKind::StringSelect { values } => values.clone(),
                _ => Vec::new(),
            };
            let indices: Option<Vec<usize>> = values.iter().map(|v| v.parse().ok()).collect();
            let r = match indices {
                Some(ix) => svc.answer(game, user.id, Some(stamp), Answer::Indices(ix)).await,
                None => Err(Refusal::Stale),
            };
            answered(ctx, data, ci, r).await?
        }
        ComponentId::Order { game, stamp, mut placed, index } => {
            let q = match svc.question(game, user.id).await {
                Ok(Some(q)) if Asked::new(q.ui.seat, q.ui.stamp) == stamp => q,
                Ok(_) => return Ok(say_private(http, ci, Refusal::Stale.to_string()).await?),
                Err(r) => return Ok(say_private(http, ci, r.to_string()).await?),
            };
            let UiKind::Choose { options, max, .. } = &q.ui.kind else {
                return Ok(say_private(http, ci, Refusal::Stale.to_string()).await?);
            };
            if !placed.contains(&index) && index < options.len() {
                placed.push(index);
            }
            if placed.len() >= options.len().min(*max) {
                let r = svc.answer(game, user.id, Some(stamp), Answer::Indices(placed)).await;
                answered(ctx, data, ci, r).await?
            } else {
                let so_far: Vec<String> = placed.iter().enumerate().map(|(i, p)| format!("{}. {}", i + 1, options[*p])).collect();
                let text = format!("{}\n\nOrder so far:\n{}\nNext:", q.text, so_far.join("\n"));
                edit_clicked(http, ci, Some(text), order_components(game, stamp, options, &placed)).await?
            }
        }
        ComponentId::OrderReset { game, stamp } => match svc.question(game, user.id).await {
            Ok(Some(q)) if Asked::new(q.ui.seat, q.ui.stamp) == stamp => {
                if let UiKind::Choose { options, .. } = &q.ui.kind {
                    edit_clicked(http, ci, Some(q.text.clone()), order_components(game, stamp, options, &[])).await?
                }
            }
            Ok(_) => say_private(http, ci, Refusal::Stale.to_string()).await?,
            Err(r) => say_private(http, ci, r.to_string()).await?,
        },
        ComponentId::Concede { game } => {
            let r = svc.concede(game, user.id).await;
            answered(ctx, data, ci, r).await?
        }
        ComponentId::Undo { game, seq } => {
            let r = svc.undo(game, user.id, Some(seq)).await;
            answered(ctx, data, ci, r).await?
        }
    }
    Ok(())
}

/// Replaces the clicked message's text and components, keeping its pictures.
async fn edit_clicked(http: &Http, ci: &ComponentInteraction, text: Option<String>, rows: Vec<CreateActionRow>) -> serenity::Result<()> {
    ci.create_response(http, CreateInteractionResponse::Acknowledge).await?;
    let mut edit = EditInteractionResponse::new().components(rows);
    if let Some(t) = text {
        edit = edit.content(crate::text::chunks(&t, deliver::MAX_TEXT).into_iter().next().unwrap_or_default());
    }
    ci.edit_response(http, edit).await?;
    Ok(())
}

/// After a click that answered a question: the clicked message loses its buttons
/// (private ones also say what was chosen), then the outcome is delivered. When the
/// move may be taken back, a confirmation only the clicker sees carries an **Undo** button.
async fn answered(ctx: &serenity::Context, data: &Data, ci: &ComponentInteraction, r: Result<Outcome, Refusal>) -> Result<(), Error> {
    let http = &ctx.http;
    match r {
        Ok(out) => {
            let private = ci.guild_id.is_none() || ci.message.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
            let text = private.then(|| format!("✅ {}\n\n{}", out.reply, ci.message.content));
            let undo = deliver::undo_components(out.game, out.undo);
            if let Err(e) = edit_clicked(http, ci, text, Vec::new()).await {
                warn!("could not update the clicked message: {e}");
            }
            // The confirmation, when it carries Undo, or something the clicker must see that the
            // clicked message (public) does not show them.
            if !undo.is_empty() || (out.reply_tells && !private) {
                let reply = crate::text::chunks(&format!("✅ {}", out.reply), deliver::MAX_TEXT).into_iter().next().unwrap_or_default();
                let confirm = CreateInteractionResponseFollowup::new().content(reply).components(undo).ephemeral(true);
                if let Err(e) = ci.create_followup(http, confirm).await {
                    warn!("could not confirm the move: {e}");
                }
            }
            let _ = data.svc.forget_prompt_message(ci.channel_id.get(), ci.message.id.get()).await;
            let via = deliver::Via { token: ci.token.clone(), channel: ci.channel_id.get() };
            spawn_delivery_via(ctx.http.clone(), data.svc.clone(), out, Some(via));
        }
        Err(r) => say_private(http, ci, r.to_string()).await?,
    }
    Ok(())
}

async fn lobby_update(http: &Http, ci: &ComponentInteraction, r: Result<LobbyView, Refusal>) -> serenity::Result<()> {
    match r {
        Ok(l) => {
            ci.create_response(
                http,
                CreateInteractionResponse::UpdateMessage(
                    CreateInteractionResponseMessage::new()
                        .content(l.text())
                        .components(lobby_rows(&l))
                        .allowed_mentions(serenity::CreateAllowedMentions::new()),
                ),
            )
            .await
        }
        Err(r) => say_private(http, ci, r.to_string()).await,
    }
}

/// Rematch under a finished game: the new lobby is posted in the channel where the
/// game began, and the thread is told, mentioning the other people so they see it.
async fn rematch(http: &Http, svc: &Service, ci: &ComponentInteraction, game: i64, user: &User) -> Result<(), Error> {
    let (lobby, others) = match svc.rematch(game, user).await {
        Ok(x) => x,
        Err(r) => return Ok(say_private(http, ci, r.to_string()).await?),
    };
    let posted = ChannelId::new(lobby.channel)
        .send_message(
            http,
            CreateMessage::new().content(lobby.text()).components(lobby_rows(&lobby)).allowed_mentions(CreateAllowedMentions::new()),
        )
        .await;
    let msg = match posted {
        Ok(m) => m,
        Err(e) => {
            warn!(game, "could not post the rematch's lobby: {e}");
            let _ = svc.cancel_lobby(lobby.id, user).await;
            let text = "I could not post the rematch's lobby in the channel where this game began (I need Send Messages there). \
                        Start one with `/innovation new` instead.";
            return Ok(say_private(http, ci, text).await?);
        }
    };
    svc.set_lobby_message(lobby.id, msg.id.get()).await?;
    let mut text = format!("🔁 <@{}> opened a rematch: {}", user.id, msg.link());
    if !others.is_empty() {
        let mentions: Vec<String> = others.iter().map(|u| format!("<@{u}>")).collect();
        text.push_str(&format!("\n{}: press **Join** there to play again.", mentions.join(" ")));
    }
    let mentions = CreateAllowedMentions::new().users(others.iter().map(|u| serenity::UserId::new(*u)));
    ci.create_response(
        http,
        CreateInteractionResponse::Message(CreateInteractionResponseMessage::new().content(text).allowed_mentions(mentions)),
    )
    .await?;
    Ok(())
}

/// The creator pressed Start: the game is created, its thread opened, and everyone told.
async fn start(ctx: &serenity::Context, data: &Data, ci: &ComponentInteraction, lobby: i64, user: &User) -> Result<(), Error> {
    let http = &ctx.http;
    let svc = &data.svc;
    let (game, view) = match svc.start_lobby(lobby, user, svc.deal_seed(lobby)).await {
        Ok(x) => x,
        Err(r) => return Ok(say_private(http, ci, r.to_string()).await?),
    };
    lobby_update(http, ci, Ok(view.clone())).await?;
    let names: Vec<String> = view.members.iter().map(|m| m.name.clone()).collect();
    let name: String = format!("Innovation #{game} · {}", names.join(", ")).chars().take(100).collect();
    let thread = match ci.channel_id.create_thread_from_message(http, ci.message.id, CreateThread::new(name.clone())).await {
        Ok(t) => Ok(t),
        Err(_) => ci.channel_id.create_thread(http, CreateThread::new(name).kind(ChannelType::PublicThread)).await,
    };
    let thread = match thread {
        Ok(t) => t,
        Err(e) => {
            warn!(game, "could not open the game's thread: {e}");
            svc.unstart_lobby(lobby, game).await?;
            if let Ok(l) = svc.lobby(lobby).await {
                let _ = ci.edit_response(http, EditInteractionResponse::new().content(l.text()).components(lobby_rows(&l))).await;
            }
            let _ = ci
                .create_followup(
                    http,
                    CreateInteractionResponseFollowup::new()
                        .content(
                            "I could not open a thread for the game. I need the permissions **Create Public Threads** and \
                             **Send Messages in Threads** in this channel. The lobby is open again: press Start once fixed.",
                        )
                        .ephemeral(true),
                )
                .await;
            return Ok(());
        }
    };
    info!(game, thread = %thread.id, "game started");
    match svc.open_game(game, thread.id.get()).await {
        Ok(out) => spawn_delivery(ctx.http.clone(), svc.clone(), out),
        Err(r) => error!(game, "could not open the game: {r}"),
    }
    Ok(())
}

//! The Discord side: poise slash commands, button and menu clicks, and the
//! delivery of the service's outcomes as messages. No game rule lives here.

pub mod commands;
mod components;
pub mod computers;
pub mod deliver;
pub mod help;
pub mod remind;
pub mod shards;
pub mod tunnel;

use crate::ids::{ActionButton, Asked, ComponentId};
use crate::service::{Answer, LobbyView, Outcome, Refusal, Service, UiKind, User};
use crate::store::{Store, DEFAULT_DATABASE_URL};
use anyhow::{anyhow, Context as _};
use deliver::{deliver, menu_components, order_components};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, ChannelId, ChannelType, ComponentInteraction, ComponentInteractionDataKind, CreateActionRow, CreateAllowedMentions,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption, CreateThread, EditInteractionResponse, FullEvent, GatewayIntents, Http,
    Interaction,
};
use std::sync::Arc;
use std::time::Duration;
use tracing::{error, info, warn};

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

pub struct Data {
    pub svc: Arc<Service>,
}

/// The name a user goes by: their server nickname, else their display name.
pub fn display_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    member.and_then(|m| m.nick.clone()).unwrap_or_else(|| user.display_name().to_string())
}

/// Join, Leave, Start and Cancel under a lobby, the creator's Add/Remove
/// computer, and the creator's menu of the playable expansions (none once it is closed).
pub fn lobby_rows(l: &LobbyView) -> Vec<CreateActionRow> {
    if !l.open {
        return Vec::new();
    }
    let mut rows = vec![
        CreateActionRow::Buttons(vec![
            CreateButton::new(ComponentId::LobbyJoin(l.id).to_string()).label("Join").style(ButtonStyle::Success).disabled(l.is_full()),
            CreateButton::new(ComponentId::LobbyLeave(l.id).to_string()).label("Leave").style(ButtonStyle::Secondary),
            CreateButton::new(ComponentId::LobbyStart(l.id).to_string())
                .label("Start")
                .style(ButtonStyle::Primary)
                .disabled(!l.can_start()),
            CreateButton::new(ComponentId::LobbyCancel(l.id).to_string()).label("Cancel").style(ButtonStyle::Danger),
        ]),
        CreateActionRow::Buttons(vec![
            CreateButton::new(ComponentId::LobbyAddComputer(l.id).to_string())
                .label("Add computer")
                .style(ButtonStyle::Secondary)
                .disabled(l.is_full()),
            CreateButton::new(ComponentId::LobbyRemoveComputer(l.id).to_string())
                .label("Remove computer")
                .style(ButtonStyle::Secondary)
                .disabled(l.computers() == 0),
        ]),
    ];
    let playable = crate::expansions::playable();
    if !playable.is_empty() {
        let options: Vec<CreateSelectMenuOption> = playable
            .iter()
            .map(|s| {
                CreateSelectMenuOption::new(s.title(), s.name())
                    .description("One more seat; /help expansion: explains its words")
                    .default_selection(l.expansions.contains(s))
            })
            .collect();
        let n = options.len() as u8;
        let menu = CreateSelectMenu::new(ComponentId::LobbyExpansions(l.id).to_string(), CreateSelectMenuKind::String { options })
            .placeholder("Expansions (the creator chooses; none: the base game only)")
            .min_values(0)
            .max_values(n);
        rows.push(CreateActionRow::SelectMenu(menu));
    }
    rows
}

/// Delivers an outcome in the background (the game's order is kept by the outcome's
/// guard); then, if the game waits on a computer player, lets it move.
pub fn spawn_delivery(http: Arc<Http>, svc: Arc<Service>, out: Outcome) {
    spawn_delivery_via(http, svc, out, None)
}

/// [`spawn_delivery`] of the outcome of a decision made through an interaction (see [`deliver::Via`]).
pub fn spawn_delivery_via(http: Arc<Http>, svc: Arc<Service>, out: Outcome, via: Option<deliver::Via>) {
    tokio::spawn(async move {
        let (game, computer_turn) = (out.game, out.computer_turn);
        deliver(&http, &svc, out, via.as_ref()).await;
        if computer_turn {
            computers::drive(http, svc, game);
        }
    });
}

/// Runs the bot until it is stopped (Ctrl-C).
pub async fn run() -> anyhow::Result<()> {
    let token = std::env::var("DISCORD_TOKEN").ok().filter(|t| !t.trim().is_empty()).ok_or_else(|| {
        anyhow!(
            "DISCORD_TOKEN is not set.\n\
             Create an application at https://discord.com/developers/applications, open its Bot page, \
             press \"Reset Token\" and copy the token, then run:\n    DISCORD_TOKEN=<your token> innovation run\n\
             (README.md, \"Run the bot\", has the whole setup.)"
        )
    })?;
    let shards = shards::Shards::from_env()?;
    let url = std::env::var("DATABASE_URL").unwrap_or_else(|_| DEFAULT_DATABASE_URL.to_string());
    let store = Store::connect(&url).await.with_context(|| format!("opening the database {}", crate::store::redacted(&url)))?;
    info!(database = %crate::store::redacted(&url), ?shards, "database ready (migrations applied)");
    let pause = match std::env::var("COMPUTER_PAUSE_MS") {
        Ok(s) if !s.trim().is_empty() => Duration::from_millis(
            s.trim().parse().map_err(|_| anyhow!("COMPUTER_PAUSE_MS must be a number of milliseconds (like 1500), not {s:?}"))?,
        ),
        _ => crate::service::computers::DEFAULT_PAUSE,
    };
    let deal_seed = match std::env::var("DEAL_SEED") {
        Ok(s) if !s.trim().is_empty() => {
            Some(s.trim().parse().map_err(|_| anyhow!("DEAL_SEED must be a whole number (like 9), not {s:?}"))?)
        }
        _ => None,
    };
    let svc = Arc::new(Service::new(store.clone()).with_computer_pause(pause).with_deal_seed(deal_seed));
    let dev_guild = match std::env::var("DEV_GUILD_ID") {
        Ok(s) if !s.trim().is_empty() => {
            Some(serenity::GuildId::new(s.trim().parse().map_err(|_| anyhow!("DEV_GUILD_ID must be a server id (a number), not {s:?}"))?))
        }
        _ => None,
    };

    let options = poise::FrameworkOptions {
        commands: commands::all(),
        on_error: |e| Box::pin(on_error(e)),
        event_handler: |ctx, event, _fw, data| Box::pin(on_event(ctx, event, data)),
        ..Default::default()
    };
    let setup_svc = svc.clone();
    let framework = poise::Framework::builder()
        .options(options)
        .setup(move |ctx, ready, fw| {
            Box::pin(async move {
                info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                match dev_guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(ctx, &fw.options().commands, g).await?;
                        info!(guild = %g, "slash commands registered in the development server");
                    }
                    None => {
                        poise::builtins::register_globally(ctx, &fw.options().commands).await?;
                        info!("slash commands registered globally (they can take a while to appear)");
                    }
                }
                Ok(Data { svc: setup_svc })
            })
        })
        .build();

    let intents = GatewayIntents::GUILDS | GatewayIntents::DIRECT_MESSAGES;
    // DISCORD_API_PROXY (tests): send the HTTP API to this address instead of Discord, e.g. http://127.0.0.1:3000.
    // Serenity applies a proxy only with its rate limiter off (the proxy is to do the limiting).
    let mut http = serenity::HttpBuilder::new(&token);
    if let Some(proxy) = std::env::var("DISCORD_API_PROXY").ok().filter(|p| !p.trim().is_empty()) {
        http = http.proxy(proxy.trim()).ratelimiter_disabled(true);
    } else if let Some(client) = tunnel::client_from_env()? {
        http = http.client(client);
    }
    let mut client =
        serenity::ClientBuilder::new_with_http(http.build(), intents).framework(framework).await.context("creating the Discord client")?;
    remind::spawn(client.http.clone(), svc.clone());
    let manager = client.shard_manager.clone();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            info!("stopping");
            manager.shutdown_all().await;
        }
    });
    shards.start(&mut client).await.context("running the Discord client (is the token right?)")?;
    store.close().await;
    Ok(())
}

async fn on_error(e: poise::FrameworkError<'_, Data, Error>) {
    match e {
        poise::FrameworkError::Command { error, ctx, .. } => {
            error!(command = %ctx.command().qualified_name, "command failed: {error}");
            let _ =
                ctx.send(poise::CreateReply::default().content("Something went wrong on my side; please try again.").ephemeral(true)).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                error!("while handling an error: {e}");
            }
        }
    }
}

async fn on_event(ctx: &serenity::Context, event: &FullEvent, data: &Data) -> Result<(), Error> {
    if let FullEvent::InteractionCreate { interaction: Interaction::Component(ci) } = event {
        if let Err(e) = components::on_component(ctx, data, ci).await {
            warn!(custom_id = %ci.data.custom_id, "component interaction failed: {e}");
        }
    }
    Ok(())
}

/// Does the member have Manage Server (may cancel any lobby or game, change any game's settings)?
pub fn is_manager(member: Option<&serenity::Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild())
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Set;

    fn lobby(expansions: Vec<Set>, open: bool) -> LobbyView {
        LobbyView {
            id: 7,
            guild: 1,
            channel: 2,
            message: None,
            creator: 100,
            seats: 4,
            teams: false,
            members: Vec::new(),
            computer_level: crate::service::Level::Basic,
            open,
            game: None,
            cancelled: false,
            rematch_of: None,
            expansions,
        }
    }

    /// Under an open lobby, a menu of the playable expansions (none chosen at least), the
    /// chosen ones selected; none under a closed one.
    #[test]
    fn the_lobby_offers_the_playable_expansions() {
        let playable = crate::expansions::playable();
        let chosen: Vec<Set> = playable.iter().copied().take(1).collect();
        let rows = lobby_rows(&lobby(chosen.clone(), true));
        deliver::check_limits(&rows).unwrap();
        let json = serde_json::to_value(&rows).unwrap();
        if playable.is_empty() {
            assert_eq!(json.as_array().unwrap().len(), 2, "no menu while no expansion is playable");
        } else {
            let menu = &json[2]["components"][0];
            assert_eq!((menu["custom_id"].as_str(), menu["min_values"].as_u64()), (Some("lx:7"), Some(0)));
            let options = menu["options"].as_array().unwrap();
            let values: Vec<&str> = options.iter().map(|o| o["value"].as_str().unwrap()).collect();
            assert_eq!(values, playable.iter().map(|s| s.name()).collect::<Vec<_>>());
            for (o, s) in options.iter().zip(&playable) {
                assert_eq!(o["default"].as_bool().unwrap_or(false), chosen.contains(s), "{o}");
            }
        }
        assert!(lobby_rows(&lobby(chosen, false)).is_empty());
    }
}

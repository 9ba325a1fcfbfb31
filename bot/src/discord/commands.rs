//! The slash commands. Each maps to the service and replies; what a decision
//! changes is then delivered to the thread and the players' DMs.

use super::deliver::{components, draw};
use super::{display_name, is_manager, lobby_rows, spawn_delivery, Context, Error};
use crate::ids::{ActionButton, ComponentId};
use crate::service::{Level, LobbyOptions, Outcome, PlayerRef, Refusal, User};
use poise::serenity_prelude as serenity;
use poise::CreateReply;
use serenity::{AutocompleteChoice, ButtonStyle, CreateActionRow, CreateButton};

/// Replies privately with a refusal (nothing changed).
async fn refuse(ctx: Context<'_>, r: Refusal) -> Result<(), Error> {
    ctx.send(CreateReply::default().content(r.to_string()).ephemeral(true)).await?;
    Ok(())
}

async fn private(ctx: Context<'_>, text: impl Into<String>) -> Result<(), Error> {
    let text: String = text.into();
    let text = crate::text::chunks(&text, super::deliver::MAX_TEXT).into_iter().next().unwrap_or_default();
    ctx.send(CreateReply::default().content(text).ephemeral(true)).await?;
    Ok(())
}

/// The game of the thread the command is used in.
async fn thread_game(ctx: Context<'_>) -> Result<i64, Refusal> {
    ctx.data().svc.game_in_channel(ctx.channel_id().get()).await?.ok_or(Refusal::NotAGameThread)
}

/// Replies to the actor, then delivers the outcome.
async fn applied(ctx: Context<'_>, out: Result<Outcome, Refusal>) -> Result<(), Error> {
    match out {
        Ok(out) => {
            let reply = crate::text::chunks(&out.reply, super::deliver::MAX_TEXT).into_iter().next().unwrap_or_default();
            let undo = super::deliver::undo_components(out.game, out.undo);
            ctx.send(CreateReply::default().content(reply).components(undo).ephemeral(true)).await?;
            // A slash command's interaction: its thread posts are its follow-ups (see `Via`).
            let via = match ctx {
                poise::Context::Application(a) => {
                    Some(super::deliver::Via { token: a.interaction.token.clone(), channel: a.interaction.channel_id.get() })
                }
                poise::Context::Prefix(_) => None,
            };
            super::spawn_delivery_via(ctx.serenity_context().http.clone(), ctx.data().svc.clone(), out, via);
            Ok(())
        }
        Err(r) => refuse(ctx, r).await,
    }
}

/// Innovation games: start one, change a game's settings or your own, go away, cancel, records.
#[poise::command(slash_command, subcommands("new_game", "settings", "me", "away", "cancel", "stats", "leaderboard"))]
pub async fn innovation(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

async fn manager(ctx: Context<'_>) -> bool {
    is_manager(ctx.author_member().await.as_deref())
}

/// This game's reminder interval and time limit (the creator or a server manager changes them).
#[poise::command(slash_command, guild_only)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Remind whoever the game waits on every ... (like 12h, 1d; 1 hour to 30 days)"] reminders: Option<String>,
    #[description = "Time to answer before the others may remove a player (like 3d, 36h; or off)"] limit: Option<String>,
    #[description = "Which game (outside its thread)"]
    #[autocomplete = "ac_my_games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = match game_for(ctx, game).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
    let manager = manager(ctx).await;
    let out = ctx.data().svc.game_settings(game, ctx.author().id.get(), manager, reminders.as_deref(), limit.as_deref()).await;
    applied(ctx, out).await
}

async fn ac_time_zone(_ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    crate::remind::time_zones_matching(partial).into_iter().take(25).map(|z| AutocompleteChoice::new(z, z)).collect()
}

/// Your settings in all your games: reminders, time zone, quiet hours.
#[poise::command(slash_command)]
pub async fn me(
    ctx: Context<'_>,
    #[description = "Send me reminders when a game waits on me"] reminders: Option<bool>,
    #[description = "Your time zone (like Europe/Paris), for quiet hours and dates"]
    #[autocomplete = "ac_time_zone"]
    time_zone: Option<String>,
    #[description = "No reminders during these hours, like 22:00-08:00 (or off)"] quiet_hours: Option<String>,
) -> Result<(), Error> {
    match ctx.data().svc.set_prefs(ctx.author().id.get(), reminders, time_zone.as_deref(), quiet_hours.as_deref()).await {
        Ok(text) => private(ctx, text).await,
        Err(r) => refuse(ctx, r).await,
    }
}

/// Pause reminders and time limits for you in all your games until a date (off: you are back).
#[poise::command(slash_command)]
pub async fn away(
    ctx: Context<'_>,
    #[description = "A date like 2030-07-01 or 2030-07-01 18:00 (your time zone), a duration like 3d, or off"] until: String,
) -> Result<(), Error> {
    match ctx.data().svc.set_away(ctx.author().id.get(), &until).await {
        Ok((reply, outs)) => {
            private(ctx, reply).await?;
            for out in outs {
                spawn_delivery(ctx.serenity_context().http.clone(), ctx.data().svc.clone(), out);
            }
            Ok(())
        }
        Err(r) => refuse(ctx, r).await,
    }
}

/// Cancel this game, or a lobby (its creator or a member with Manage Server; asks to confirm).
#[poise::command(slash_command, guild_only)]
pub async fn cancel(
    ctx: Context<'_>,
    #[description = "A game's number (outside its thread)"] game: Option<i64>,
    #[description = "A lobby's number instead, as in its message"] lobby: Option<i64>,
) -> Result<(), Error> {
    let svc = &ctx.data().svc;
    let in_thread = svc.game_in_channel(ctx.channel_id().get()).await.ok().flatten();
    let (id, what) = match (in_thread.or(game), lobby) {
        (Some(g), _) => (ComponentId::CancelGame { game: g }, format!("Really cancel game #{g}? It ends with no winner.")),
        (None, Some(l)) => (ComponentId::LobbyCancelConfirm(l), format!("Really cancel lobby #{l}?")),
        (None, None) => {
            return private(ctx, "Use this in a game's thread, or give `game:` (see /games) or `lobby:` (the number in a lobby's message).")
                .await
        }
    };
    let button = CreateButton::new(id.to_string()).label("Yes, cancel it").style(ButtonStyle::Danger);
    ctx.send(CreateReply::default().content(what).components(vec![CreateActionRow::Buttons(vec![button])]).ephemeral(true)).await?;
    Ok(())
}

/// How well computer players play, as offered by `/innovation new`.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ComputerLevel {
    #[name = "basic (quick, plays sensibly)"]
    Basic,
    #[name = "strong (thinks longer, plays better)"]
    Strong,
}

async fn ac_expansions(_ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    crate::expansions::completions(partial).into_iter().map(|(label, value)| AutocompleteChoice::new(label, value)).collect()
}

/// Start a new game of Innovation here: posts a lobby to join, with computer players if you like.
#[poise::command(slash_command, guild_only, rename = "new")]
pub async fn new_game(
    ctx: Context<'_>,
    #[description = "Number of seats (2 to 5, one more per expansion; default 4)"]
    #[min = 2]
    #[max = 10]
    seats: Option<u8>,
    #[description = "Play in two teams of two (4 seats)"] teams: Option<bool>,
    #[description = "Computer players to seat now (up to one less than the seats; Add computer adds more)"]
    #[min = 0]
    #[max = 9]
    computers: Option<u8>,
    #[description = "How well the computer players play (default basic)"] level: Option<ComputerLevel>,
    #[description = "Expansions to play with, like \"unseen\" (default none: the base game)"]
    #[autocomplete = "ac_expansions"]
    expansions: Option<String>,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else { return refuse(ctx, Refusal::Other("Start games in a server channel.".into())).await };
    if ctx.data().svc.game_in_channel(ctx.channel_id().get()).await.ok().flatten().is_some() {
        return refuse(ctx, Refusal::Other("This is a game's thread: start new games in a text channel.".into())).await;
    }
    let member = ctx.author_member().await;
    let me = User::new(ctx.author().id.get(), display_name(ctx.author(), member.as_deref()));
    let expansions = match crate::expansions::parse_list(expansions.as_deref().unwrap_or("")) {
        Ok(sets) => sets,
        Err(e) => return refuse(ctx, Refusal::Lobby(format!("{e}. Nothing was started."))).await,
    };
    let options = LobbyOptions {
        seats: seats.unwrap_or(4) as usize,
        teams: teams.unwrap_or(false),
        computers: computers.unwrap_or(0) as usize,
        level: match level.unwrap_or(ComputerLevel::Basic) {
            ComputerLevel::Basic => Level::Basic,
            ComputerLevel::Strong => Level::Strong,
        },
        expansions,
    };
    let svc = &ctx.data().svc;
    let lobby = match svc.create_lobby_with(guild.get(), ctx.channel_id().get(), &me, &options).await {
        Ok(l) => l,
        Err(r) => return refuse(ctx, r).await,
    };
    let reply = ctx
        .send(
            CreateReply::default()
                .content(lobby.text())
                .components(lobby_rows(&lobby))
                .allowed_mentions(serenity::CreateAllowedMentions::new()),
        )
        .await?;
    let msg = reply.message().await?;
    ctx.data().svc.set_lobby_message(lobby.id, msg.id.get()).await?;
    Ok(())
}

async fn ac_action(ctx: Context<'_>, partial: &str, which: ActionButton) -> Vec<(String, String)> {
    let svc = &ctx.data().svc;
    let Ok(Some(game)) = svc.game_in_channel(ctx.channel_id().get()).await else { return Vec::new() };
    svc.action_choices(game, ctx.author().id.get(), which, partial).await
}

async fn ac_meld(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    ac_action(ctx, partial, ActionButton::Meld).await.into_iter().map(|(l, v)| AutocompleteChoice::new(l, v)).collect()
}
async fn ac_dogma(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    ac_action(ctx, partial, ActionButton::Dogma).await.into_iter().map(|(l, v)| AutocompleteChoice::new(l, v)).collect()
}
/// Cities: the top cards whose Dogma the caller may endorse now, with the cities that may endorse it.
async fn ac_endorse(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    ac_action(ctx, partial, ActionButton::Endorse).await.into_iter().map(|(l, v)| AutocompleteChoice::new(l, v)).collect()
}
/// Figures: the Decrees the caller may issue now, by name and colour, with what issuing each does.
async fn ac_decree(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    ac_action(ctx, partial, ActionButton::Decree).await.into_iter().map(|(l, v)| AutocompleteChoice::new(l, v)).collect()
}
/// The available achievements the caller may achieve, valued by their age.
async fn ac_achieve(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let choices = ac_action(ctx, partial, ActionButton::Achieve).await;
    choices.into_iter().filter_map(|(l, v)| Some(AutocompleteChoice::new(l, v.parse::<u64>().ok()?))).collect()
}
/// The Unseen: the secrets of the caller's safe they may achieve, valued by their place.
async fn ac_achieve_secret(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let choices = ac_action(ctx, partial, ActionButton::Achieve).await;
    choices.into_iter().filter_map(|(l, v)| Some(AutocompleteChoice::new(l, v.strip_prefix("secret ")?.parse::<u64>().ok()?))).collect()
}

async fn act(ctx: Context<'_>, which: ActionButton, arg: Option<String>) -> Result<(), Error> {
    let game = match thread_game(ctx).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
    let out = ctx.data().svc.act(game, ctx.author().id.get(), which, arg.as_deref()).await;
    applied(ctx, out).await
}

/// Draw a card (your action).
#[poise::command(slash_command, guild_only, rename = "draw")]
pub async fn draw_card(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, ActionButton::Draw, None).await
}

/// Meld a card from your hand (your action).
#[poise::command(slash_command, guild_only)]
pub async fn meld(
    ctx: Context<'_>,
    #[description = "A card in your hand"]
    #[autocomplete = "ac_meld"]
    card: String,
) -> Result<(), Error> {
    act(ctx, ActionButton::Meld, Some(card)).await
}

/// Use the dogma of one of your top cards (your action).
#[poise::command(slash_command, guild_only)]
pub async fn dogma(
    ctx: Context<'_>,
    #[description = "One of your top cards"]
    #[autocomplete = "ac_dogma"]
    card: String,
) -> Result<(), Error> {
    act(ctx, ActionButton::Dogma, Some(card)).await
}

/// Cities of Destiny: use the dogma of one of your top cards, endorsed by a top city (your action).
#[poise::command(slash_command, guild_only)]
pub async fn endorse(
    ctx: Context<'_>,
    #[description = "One of your top cards whose featured icon a top city of yours shows"]
    #[autocomplete = "ac_endorse"]
    card: String,
) -> Result<(), Error> {
    act(ctx, ActionButton::Endorse, Some(card)).await
}

/// Figures in the Sand: issue a Decree, junking your whole hand first (your action).
#[poise::command(slash_command, guild_only)]
pub async fn decree(
    ctx: Context<'_>,
    #[description = "A Decree you may issue, by name or colour (War, Expansion, Trade, Advancement, Rivalry)"]
    #[autocomplete = "ac_decree"]
    decree: String,
) -> Result<(), Error> {
    act(ctx, ActionButton::Decree, Some(decree)).await
}

/// Achieve an available achievement, or a secret of your safe, you are eligible for (your action).
#[poise::command(slash_command, guild_only)]
pub async fn achieve(
    ctx: Context<'_>,
    #[description = "The age of an available achievement"]
    #[autocomplete = "ac_achieve"]
    age: Option<u8>,
    #[description = "The Unseen: a secret of your safe instead, by its place (1: the first that came in)"]
    #[autocomplete = "ac_achieve_secret"]
    secret: Option<u8>,
) -> Result<(), Error> {
    let arg = match (age, secret) {
        (Some(age), None) => age.to_string(),
        (None, Some(place)) => format!("secret {place}"),
        _ => return private(ctx, "Give `age:` (an available achievement) or `secret:` (a secret of your safe), one of them.").await,
    };
    act(ctx, ActionButton::Achieve, Some(arg)).await
}

async fn ac_answer(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let svc = &ctx.data().svc;
    let Ok(game) = svc.resolve_game(ctx.channel_id().get(), None, ctx.author().id.get()).await else { return Vec::new() };
    svc.answer_choices(game, ctx.author().id.get(), partial).await.into_iter().map(|(l, v)| AutocompleteChoice::new(l, v)).collect()
}

async fn ac_my_games(ctx: Context<'_>, _partial: &str) -> Vec<AutocompleteChoice> {
    let Ok(games) = ctx.data().svc.games_of(ctx.author().id.get()).await else { return Vec::new() };
    games
        .into_iter()
        .filter(|g| g.result.is_none())
        .map(|g| AutocompleteChoice::new(format!("#{} · {}", g.id, g.players.join(", ")), g.id))
        .take(25)
        .collect()
}

async fn game_for(ctx: Context<'_>, given: Option<i64>) -> Result<i64, Refusal> {
    ctx.data().svc.resolve_game(ctx.channel_id().get(), given, ctx.author().id.get()).await
}

/// Take back your latest move, while nothing hidden was shown and nobody answered since.
#[poise::command(slash_command)]
pub async fn undo(
    ctx: Context<'_>,
    #[description = "Which game (outside its thread)"]
    #[autocomplete = "ac_my_games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = match game_for(ctx, game).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
    let out = ctx.data().svc.undo(game, ctx.author().id.get(), None).await;
    applied(ctx, out).await
}

/// Answer the question you are being asked (shows it when you give no answer).
#[poise::command(slash_command)]
pub async fn answer(
    ctx: Context<'_>,
    #[description = "Option numbers (\"2\", \"1,3\") or \"none\"; leave out to see the question"]
    #[autocomplete = "ac_answer"]
    choice: Option<String>,
    #[description = "Which game (outside its thread)"]
    #[autocomplete = "ac_my_games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = match game_for(ctx, game).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
    let svc = &ctx.data().svc;
    let user = ctx.author().id.get();
    if let Some(choice) = choice {
        let out = svc.answer_text(game, user, &choice).await;
        return applied(ctx, out).await;
    }
    match svc.question(game, user).await {
        Ok(Some(q)) => {
            let (files, words) = draw(&q.pictures).await;
            let text = crate::text::chunks(&format!("{}{words}", q.text), super::deliver::MAX_TEXT).into_iter().next().unwrap_or_default();
            let mut reply = CreateReply::default().content(text).components(components(&q.ui)).ephemeral(true);
            for f in files {
                reply = reply.attachment(f);
            }
            ctx.send(reply).await?;
            Ok(())
        }
        Ok(None) => private(ctx, "Nobody is asking you anything in this game right now.").await,
        Err(r) => refuse(ctx, r).await,
    }
}

/// Your hand and score pile (only you see it).
#[poise::command(slash_command)]
pub async fn hand(
    ctx: Context<'_>,
    #[description = "Which game (outside its thread)"]
    #[autocomplete = "ac_my_games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let game = match game_for(ctx, game).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
    match ctx.data().svc.hand(game, ctx.author().id.get()).await {
        Ok((text, pic)) => picture_reply(ctx, text, vec![pic], true).await,
        Err(r) => refuse(ctx, r).await,
    }
}

async fn picture_reply(ctx: Context<'_>, text: String, pictures: Vec<crate::service::Picture>, ephemeral: bool) -> Result<(), Error> {
    // Pictures may take a moment: acknowledge first.
    if ephemeral {
        ctx.defer_ephemeral().await?;
    } else {
        ctx.defer().await?;
    }
    let (files, words) = draw(&pictures).await;
    let words = if text.contains(words.trim()) { String::new() } else { words };
    let text = crate::text::chunks(&format!("{text}{words}"), super::deliver::MAX_TEXT).into_iter().next().unwrap_or_default();
    let mut reply = CreateReply::default().content(text).ephemeral(ephemeral);
    for f in files {
        reply = reply.attachment(f);
    }
    ctx.send(reply).await?;
    Ok(())
}

/// The whole table (your own hidden cards included, only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn table(ctx: Context<'_>) -> Result<(), Error> {
    let game = match thread_game(ctx).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
    match ctx.data().svc.table(game, ctx.author().id.get()).await {
        Ok((text, pic)) => picture_reply(ctx, text, vec![pic], true).await,
        Err(r) => refuse(ctx, r).await,
    }
}

/// A player's board (yours if you name nobody).
#[poise::command(slash_command, guild_only)]
pub async fn board(ctx: Context<'_>, #[description = "The player"] player: Option<serenity::User>) -> Result<(), Error> {
    let game = match thread_game(ctx).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
    let who = player.map(|u| PlayerRef::User(u.id.get()));
    match ctx.data().svc.board(game, ctx.author().id.get(), who).await {
        Ok((text, pic)) => picture_reply(ctx, text, vec![pic], true).await,
        Err(r) => refuse(ctx, r).await,
    }
}

/// The sets whose cards `/card` suggests first: the game's, in its thread; else the playable ones.
async fn preferred_sets(ctx: Context<'_>) -> Vec<engine::Set> {
    let svc = &ctx.data().svc;
    if let Ok(Some(game)) = svc.game_in_channel(ctx.channel_id().get()).await {
        if let Ok(row) = svc.store().game(game).await {
            return row.config.sets();
        }
    }
    std::iter::once(engine::Set::Base).chain(crate::expansions::playable()).collect()
}

async fn ac_card(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let preferred = preferred_sets(ctx).await;
    crate::lookup::suggest(partial, &preferred).into_iter().map(|(label, value)| AutocompleteChoice::new(label, value)).collect()
}

/// A card's picture and text (or a Decree's words).
#[poise::command(slash_command)]
pub async fn card(
    ctx: Context<'_>,
    #[description = "The card's title"]
    #[autocomplete = "ac_card"]
    name: String,
) -> Result<(), Error> {
    let id = match crate::lookup::resolve(&name) {
        Ok(id) => id,
        // Figures: a Decree is no card, but its words are asked the same way.
        Err(why) => match crate::lookup::resolve_decree(&name) {
            Some(decree) => {
                ctx.send(CreateReply::default().content(crate::text::decree_text(decree))).await?;
                return Ok(());
            }
            None => return refuse(ctx, Refusal::Invalid(why)).await,
        },
    };
    picture_reply(ctx, crate::text::card_text(id), vec![crate::service::Picture::Card(id)], false).await
}

/// What `/log since:` can start from.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LogSince {
    #[name = "my last turn"]
    MyLastTurn,
}

/// The game's recent events (what only you may know included; only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn log(
    ctx: Context<'_>,
    #[description = "How many (default 15)"]
    #[min = 1]
    #[max = 100]
    count: Option<u32>,
    #[description = "Everything since your last move instead, one line an action"] since: Option<LogSince>,
) -> Result<(), Error> {
    let game = match thread_game(ctx).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
    if let Some(LogSince::MyLastTurn) = since {
        return match ctx.data().svc.recap(game, ctx.author().id.get()).await {
            Ok(lines) if lines.is_empty() => private(ctx, "Nothing has happened since your last move.").await,
            Ok(lines) => {
                // All of it, in as many messages as it takes.
                let text = format!("**Since your last move:**\n{}", lines.iter().map(|l| format!("• {l}\n")).collect::<String>());
                for chunk in crate::text::chunks(&text, super::deliver::MAX_TEXT) {
                    ctx.send(CreateReply::default().content(chunk).ephemeral(true)).await?;
                }
                Ok(())
            }
            Err(r) => refuse(ctx, r).await,
        };
    }
    match ctx.data().svc.log(game, ctx.author().id.get(), count.unwrap_or(15) as usize).await {
        Ok(lines) if lines.is_empty() => private(ctx, "Nothing has happened yet.").await,
        Ok(lines) => {
            let mut text: String = lines.iter().map(|l| format!("• {l}\n")).collect();
            while text.chars().count() > super::deliver::MAX_TEXT {
                let cut = text.find('\n').map(|i| i + 1).unwrap_or(text.len());
                text.drain(..cut);
            }
            private(ctx, text).await
        }
        Err(r) => refuse(ctx, r).await,
    }
}

/// Your games and whom each is waiting on.
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    let list = match ctx.data().svc.games_of(ctx.author().id.get()).await {
        Ok(l) => l,
        Err(r) => return refuse(ctx, r).await,
    };
    if list.is_empty() {
        return private(ctx, "You are not in any game. Start one with `/innovation new` in a server channel.").await;
    }
    let mut text = String::new();
    for g in list {
        let place = g.thread.map(|t| format!("<#{t}>")).unwrap_or_else(|| "(no thread)".into());
        let waiting: Vec<String> = g
            .waiting_for
            .iter()
            .map(|(name, secs)| match secs {
                Some(s) => format!("{name} ({})", crate::remind::duration_words(*s)),
                None => name.clone(),
            })
            .collect();
        let state = match &g.result {
            Some(r) => format!("over: {r}"),
            None if g.your_move => format!("**your move** · waiting on {}", waiting.join(", ")),
            None => format!("waiting on {}", waiting.join(", ")),
        };
        text.push_str(&format!("#{} {place} · {} · {state}\n", g.id, g.players.join(", ")));
    }
    private(ctx, text).await
}

/// Your record in this server's games, or another player's.
#[poise::command(slash_command, guild_only)]
pub async fn stats(ctx: Context<'_>, #[description = "The player (default: you)"] player: Option<serenity::User>) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return refuse(ctx, Refusal::Other("Records are kept per server: use this in a server.".into())).await;
    };
    let who = player.as_ref().unwrap_or(ctx.author());
    match ctx.data().svc.record(guild.get(), who.id.get()).await {
        Ok(r) => {
            let text = format!("<@{}> in this server: {}.", who.id, crate::service::stats::record_text(&r));
            ctx.send(CreateReply::default().content(text).allowed_mentions(serenity::CreateAllowedMentions::new())).await?;
            Ok(())
        }
        Err(r) => refuse(ctx, r).await,
    }
}

/// The players of this server with the most wins.
#[poise::command(slash_command, guild_only)]
pub async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else {
        return refuse(ctx, Refusal::Other("Records are kept per server: use this in a server.".into())).await;
    };
    match ctx.data().svc.leaderboard(guild.get()).await {
        Ok(rows) => {
            let text = crate::service::stats::leaderboard_text(&rows);
            ctx.send(CreateReply::default().content(text).allowed_mentions(serenity::CreateAllowedMentions::new())).await?;
            Ok(())
        }
        Err(r) => refuse(ctx, r).await,
    }
}

/// Concede this game (you lose; the others play on).
#[poise::command(slash_command, guild_only)]
pub async fn concede(ctx: Context<'_>) -> Result<(), Error> {
    let game = match thread_game(ctx).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
    let button = CreateButton::new(ComponentId::Concede { game }.to_string()).label("Yes, I concede").style(ButtonStyle::Danger);
    ctx.send(
        CreateReply::default()
            .content("Really concede this game? You lose it; the others play on.")
            .components(vec![CreateActionRow::Buttons(vec![button])])
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        innovation(),
        draw_card(),
        meld(),
        dogma(),
        endorse(),
        achieve(),
        decree(),
        answer(),
        undo(),
        hand(),
        table(),
        board(),
        card(),
        log(),
        games(),
        concede(),
        super::help::help(),
    ]
}

//! The slash commands. Each maps to the service and replies; what a decision
//! changes is then delivered to the thread and the players' DMs.

use super::deliver::{components, draw};
use super::{display_name, lobby_rows, spawn_delivery, Context, Error};
use crate::ids::{ActionButton, ComponentId};
use crate::service::{Outcome, PlayerRef, Refusal, User};
use engine::CardDb;
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
            let reply = out.reply.clone();
            ctx.send(CreateReply::default().content(reply).ephemeral(true)).await?;
            spawn_delivery(ctx.serenity_context().http.clone(), ctx.data().svc.clone(), out);
            Ok(())
        }
        Err(r) => refuse(ctx, r).await,
    }
}

/// Innovation games: start one in this channel.
#[poise::command(slash_command, guild_only, subcommands("new_game"))]
pub async fn innovation(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a new game of Innovation here: posts a lobby with Join, Leave and Start buttons.
#[poise::command(slash_command, guild_only, rename = "new")]
pub async fn new_game(
    ctx: Context<'_>,
    #[description = "Number of seats (2 to 5, default 4)"]
    #[min = 2]
    #[max = 5]
    seats: Option<u8>,
    #[description = "Play in two teams of two (4 seats)"] teams: Option<bool>,
) -> Result<(), Error> {
    let Some(guild) = ctx.guild_id() else { return refuse(ctx, Refusal::Other("Start games in a server channel.".into())).await };
    if ctx.data().svc.game_in_channel(ctx.channel_id().get()).await.ok().flatten().is_some() {
        return refuse(ctx, Refusal::Other("This is a game's thread: start new games in a text channel.".into())).await;
    }
    let member = ctx.author_member().await;
    let me = User::new(ctx.author().id.get(), display_name(ctx.author(), member.as_deref()));
    let teams = teams.unwrap_or(false);
    let seats = seats.unwrap_or(4) as usize;
    let lobby = match ctx.data().svc.create_lobby(guild.get(), ctx.channel_id().get(), &me, seats, teams).await {
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

async fn ac_action(ctx: Context<'_>, partial: &str, which: ActionButton) -> Vec<AutocompleteChoice> {
    let svc = &ctx.data().svc;
    let Ok(Some(game)) = svc.game_in_channel(ctx.channel_id().get()).await else { return Vec::new() };
    svc.action_choices(game, ctx.author().id.get(), which, partial)
        .await
        .into_iter()
        .map(|(label, value)| match which {
            ActionButton::Achieve => AutocompleteChoice::new(label, value.parse::<u64>().unwrap_or(0)),
            _ => AutocompleteChoice::new(label, value),
        })
        .collect()
}

async fn ac_meld(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    ac_action(ctx, partial, ActionButton::Meld).await
}
async fn ac_dogma(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    ac_action(ctx, partial, ActionButton::Dogma).await
}
async fn ac_achieve(ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    ac_action(ctx, partial, ActionButton::Achieve).await
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

/// Achieve an available achievement you are eligible for (your action).
#[poise::command(slash_command, guild_only)]
pub async fn achieve(
    ctx: Context<'_>,
    #[description = "Its age"]
    #[autocomplete = "ac_achieve"]
    age: u8,
) -> Result<(), Error> {
    act(ctx, ActionButton::Achieve, Some(age.to_string())).await
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

async fn ac_card(_ctx: Context<'_>, partial: &str) -> Vec<AutocompleteChoice> {
    let p = engine::card::normalize_title(partial);
    CardDb::get()
        .cards
        .iter()
        .filter(|c| engine::card::normalize_title(&c.title).contains(&p))
        .take(25)
        .map(|c| AutocompleteChoice::new(format!("{} (age {}, {})", c.title, c.age, c.color), c.title.clone()))
        .collect()
}

/// A card's picture and text.
#[poise::command(slash_command)]
pub async fn card(
    ctx: Context<'_>,
    #[description = "The card's title"]
    #[autocomplete = "ac_card"]
    name: String,
) -> Result<(), Error> {
    let Some(id) = CardDb::get().by_title(&name) else { return refuse(ctx, Refusal::UnknownCard(name)).await };
    picture_reply(ctx, crate::text::card_text(id), vec![crate::service::Picture::Card(id)], false).await
}

/// The game's recent events (what only you may know included; only you see it).
#[poise::command(slash_command, guild_only)]
pub async fn log(
    ctx: Context<'_>,
    #[description = "How many (default 15)"]
    #[min = 1]
    #[max = 100]
    count: Option<u32>,
) -> Result<(), Error> {
    let game = match thread_game(ctx).await {
        Ok(g) => g,
        Err(r) => return refuse(ctx, r).await,
    };
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
        let state = match &g.result {
            Some(r) => format!("over: {r}"),
            None if g.your_move => "**your move**".to_string(),
            None => format!("waiting on {}", g.waiting_on.join(", ")),
        };
        text.push_str(&format!("#{} {place} · {} · {state}\n", g.id, g.players.join(", ")));
    }
    private(ctx, text).await
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

pub const HELP: &str = "**Innovation** (4th edition), played asynchronously.
• `/innovation new seats: teams:` in a server channel posts a lobby; players press **Join**, the creator presses **Start**. The game gets its own thread.
• First meld: I send each player their two cards by direct message; choose one with its button.
• Your turn: the thread shows the table and buttons **Draw**, **Meld**, **Dogma**, **Achieve** — or use `/draw`, `/meld card:`, `/dogma card:`, `/achieve age:` (their suggestions list only your legal choices).
• Other questions come to you: in the thread when they reveal nothing, by direct message when they involve your hidden cards. `/answer` shows or answers your question anywhere (useful when DMs are closed).
• `/hand` your hand · `/table` the table · `/board player:` a board · `/card name:` a card · `/log count:` recent events · `/games` your games · `/concede`.
Allow direct messages from server members so your hand can reach you.";

/// How to play with this bot.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    private(ctx, HELP).await
}

pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        innovation(),
        draw_card(),
        meld(),
        dogma(),
        achieve(),
        answer(),
        hand(),
        table(),
        board(),
        card(),
        log(),
        games(),
        concede(),
        help(),
    ]
}

//! Lobbies: creating one (with computer players seated and the expansions
//! chosen), joining, leaving, changing the expansions, cancelling, starting its
//! game, and opening the started game in its thread.

use super::*;
use crate::expansions;
use engine::Set;

/// The most seats a game with these expansions may have: the engine's rule (5, and one more
/// for each expansion).
pub fn max_seats(expansions: &[Set]) -> usize {
    GameConfig::new(&[], 0).with_expansions(expansions).max_players()
}

/// What `/innovation new` asks for.
#[derive(Clone, Debug)]
pub struct LobbyOptions {
    pub seats: usize,
    pub teams: bool,
    /// Computer players seated at once after the creator.
    pub computers: usize,
    pub level: Level,
    /// The expansions in play (each playable).
    pub expansions: Vec<Set>,
}

impl Default for LobbyOptions {
    fn default() -> LobbyOptions {
        LobbyOptions { seats: 4, teams: false, computers: 0, level: Level::default(), expansions: Vec::new() }
    }
}

/// A lobby as shown in its message.
#[derive(Clone, Debug)]
pub struct LobbyView {
    pub id: i64,
    pub guild: Snowflake,
    /// The channel the lobby is posted in (a game's thread opens under it).
    pub channel: Snowflake,
    /// The lobby's message, once posted.
    pub message: Option<Snowflake>,
    pub creator: Snowflake,
    pub seats: usize,
    pub teams: bool,
    pub members: Vec<LobbyMember>,
    /// The level of computer players added with the lobby's button.
    pub computer_level: Level,
    pub open: bool,
    pub game: Option<i64>,
    pub cancelled: bool,
    /// The finished game whose Rematch button opened this lobby.
    pub rematch_of: Option<i64>,
    /// The expansions its game is played with, in `Set` order.
    pub expansions: Vec<Set>,
}

impl LobbyView {
    /// The most seats the chosen expansions allow.
    pub fn max_seats(&self) -> usize {
        max_seats(&self.expansions)
    }
    pub fn min_players(&self) -> usize {
        if self.teams {
            4
        } else {
            2
        }
    }
    pub fn can_start(&self) -> bool {
        self.open && self.members.len() >= self.min_players() && self.members.len() <= self.seats
    }
    pub fn computers(&self) -> usize {
        self.members.iter().filter(|m| m.computer.is_some()).count()
    }
    pub fn is_full(&self) -> bool {
        self.members.len() >= self.seats
    }
    /// A link to the lobby's message, once it is posted.
    pub fn link(&self) -> Option<String> {
        self.message.map(|m| format!("https://discord.com/channels/{}/{}/{m}", self.guild, self.channel))
    }
    pub fn text(&self) -> String {
        let mut s = format!(
            "**Innovation**: a new game by <@{}> for up to {} players{}{}.\n",
            self.creator,
            self.seats,
            if self.teams { " in two teams of two" } else { "" },
            match self.rematch_of {
                Some(g) => format!(", a rematch of game #{g}"),
                None => String::new(),
            }
        );
        let names: Vec<String> = self
            .members
            .iter()
            .map(|m| match &m.computer {
                Some(level) => format!("{} (computer, {level})", m.name),
                None => format!("<@{}>", m.id),
            })
            .collect();
        let _ = writeln!(
            s,
            "Players ({}/{}): {}",
            self.members.len(),
            self.seats,
            if names.is_empty() { "none".into() } else { names.join(", ") }
        );
        let change = if self.open && !self.cancelled && !expansions::playable().is_empty() {
            " The creator may change the expansions with the menu below, before the start."
        } else {
            ""
        };
        let _ = writeln!(s, "Sets: {}.{change}", expansions::words(&self.expansions));
        if self.cancelled {
            s.push_str("This lobby was cancelled.");
        } else if !self.open {
            s.push_str("The game has started: see its thread.");
        } else if self.can_start() {
            s.push_str("Press **Join** to play. The creator can **Start** now");
            if !self.is_full() {
                let _ = write!(s, ", or fill seats with **Add computer** ({} level)", self.computer_level);
            }
            s.push('.');
        } else {
            let _ = write!(
                s,
                "Press **Join** to play. The creator can start once {} players have joined, and can fill seats with **Add computer** ({} level).",
                self.min_players(),
                self.computer_level
            );
        }
        s
    }
}

/// How the most seats is counted, after a number of them.
const ONE_MORE: &str = " (five, and one more for each expansion)";

/// The playable expansions' titles ("The Unseen"), or words saying none is playable yet.
fn playable_titles() -> String {
    let titles: Vec<&str> = expansions::playable().iter().map(|s| s.title()).collect();
    if titles.is_empty() {
        "the base game (no expansion is playable yet)".into()
    } else {
        titles.join(", ")
    }
}

impl Service {
    pub(super) fn lobby_view(l: crate::store::LobbyRow) -> LobbyView {
        use crate::store::LobbyStatus;
        LobbyView {
            id: l.id,
            guild: l.guild_id,
            channel: l.channel_id,
            message: l.message_id,
            creator: l.creator_id,
            seats: l.seats,
            teams: l.teams,
            members: l.members,
            computer_level: l.computer_level.parse().unwrap_or_default(),
            open: l.status == LobbyStatus::Open,
            game: l.game_id,
            cancelled: l.status == LobbyStatus::Cancelled,
            rematch_of: l.rematch_of,
            expansions: l.expansions,
        }
    }

    pub async fn lobby(&self, id: i64) -> Result<LobbyView> {
        match self.store.lobby(id).await {
            Ok(l) => Ok(Self::lobby_view(l)),
            Err(StoreError::NotFound(_)) => Err(Refusal::Lobby("That lobby does not exist any more.".into())),
            Err(e) => Err(e.into()),
        }
    }

    pub async fn create_lobby(&self, guild: Snowflake, channel: Snowflake, creator: &User, seats: usize, teams: bool) -> Result<LobbyView> {
        self.create_lobby_with(guild, channel, creator, &LobbyOptions { seats, teams, ..Default::default() }).await
    }

    /// A lobby with `computers` computer players of `level` already seated after the creator.
    #[allow(clippy::too_many_arguments)]
    pub async fn create_lobby_with_computers(
        &self,
        guild: Snowflake,
        channel: Snowflake,
        creator: &User,
        seats: usize,
        teams: bool,
        computers: usize,
        level: Level,
    ) -> Result<LobbyView> {
        let options = LobbyOptions { seats, teams, computers, level, expansions: Vec::new() };
        self.create_lobby_with(guild, channel, creator, &options).await
    }

    /// A lobby as `/innovation new` asks: its seats, teams, computer players and expansions.
    pub async fn create_lobby_with(&self, guild: Snowflake, channel: Snowflake, creator: &User, o: &LobbyOptions) -> Result<LobbyView> {
        let (seats, teams, computers) = (o.seats, o.teams, o.computers);
        if let Some(set) = o.expansions.iter().find(|s| **s == Set::Base || !expansions::is_playable(**s)) {
            return Err(Refusal::Lobby(format!("{} cannot be chosen: only {} can.", set.title(), playable_titles())));
        }
        let max = max_seats(&o.expansions);
        if !(2..=max).contains(&seats) {
            return Err(Refusal::Lobby(format!("With {}, a game has 2 to {max} seats{ONE_MORE}.", expansions::words(&o.expansions))));
        }
        if teams && seats != 4 {
            return Err(Refusal::Lobby("Team games are for 4 players (two teams of two): choose 4 seats.".into()));
        }
        if computers >= seats {
            return Err(Refusal::Lobby(format!(
                "A game of {seats} seats has room for at most {} computer player{} (you take a seat too).",
                seats - 1,
                if seats == 2 { "" } else { "s" }
            )));
        }
        let id =
            self.store.create_lobby(guild, channel, creator.id, &creator.name, seats, teams, o.level.as_str(), None, &o.expansions).await?;
        for _ in 0..computers {
            self.seat_computer(id).await?;
        }
        self.lobby(id).await
    }

    /// The creator chooses the expansions before the start (none: the base game only). Fewer
    /// expansions may lower the most seats: the lobby's seats come down with it, unless more
    /// have joined than it would have.
    pub async fn set_lobby_expansions(&self, lobby: i64, user: &User, chosen: &[Set]) -> Result<LobbyView> {
        let l = self.lobby(lobby).await?;
        if l.creator != user.id {
            return Err(Refusal::Lobby("Only the one who created this game can choose its expansions.".into()));
        }
        if !l.open {
            return Err(Refusal::Lobby("This game has already started or was cancelled.".into()));
        }
        let mut chosen = chosen.to_vec();
        chosen.sort();
        chosen.dedup();
        if let Some(set) = chosen.iter().find(|s| **s == Set::Base || !expansions::is_playable(**s)) {
            return Err(Refusal::Lobby(format!("{} cannot be chosen: only {} can.", set.title(), playable_titles())));
        }
        let max = max_seats(&chosen);
        if l.members.len() > max {
            return Err(Refusal::Lobby(format!(
                "{} players have joined, and with {} a game has at most {max} seats{ONE_MORE}: someone must leave first.",
                l.members.len(),
                expansions::words(&chosen),
            )));
        }
        if !self.store.set_lobby_expansions(lobby, &chosen, l.seats.min(max)).await? {
            return Err(Refusal::Lobby("The lobby changed meanwhile (it closed, or someone joined): please try again.".into()));
        }
        self.lobby(lobby).await
    }

    pub async fn set_lobby_message(&self, lobby: i64, message: Snowflake) -> Result<()> {
        Ok(self.store.set_lobby_message(lobby, message).await?)
    }

    pub async fn join_lobby(&self, lobby: i64, user: &User) -> Result<LobbyView> {
        let l = self.lobby(lobby).await?;
        if !l.open {
            return Err(Refusal::Lobby("This lobby is closed.".into()));
        }
        if l.members.iter().any(|m| m.id == user.id) {
            return Err(Refusal::Lobby("You have already joined.".into()));
        }
        if l.members.len() >= l.seats {
            return Err(Refusal::Lobby("This game is full.".into()));
        }
        self.store.join_lobby(lobby, user.id, &user.name).await?;
        self.lobby(lobby).await
    }

    /// Leaves a lobby; the creator leaving cancels it.
    pub async fn leave_lobby(&self, lobby: i64, user: &User) -> Result<LobbyView> {
        let l = self.lobby(lobby).await?;
        if !l.open {
            return Err(Refusal::Lobby("This lobby is closed.".into()));
        }
        if !l.members.iter().any(|m| m.id == user.id && m.computer.is_none()) {
            return Err(Refusal::Lobby("You are not in this lobby.".into()));
        }
        if l.creator == user.id {
            self.store.cancel_lobby(lobby).await?;
        }
        self.store.leave_lobby(lobby, user.id).await?;
        self.lobby(lobby).await
    }

    pub async fn cancel_lobby(&self, lobby: i64, user: &User) -> Result<LobbyView> {
        self.cancel_lobby_as(lobby, user, false).await
    }

    /// Cancels a lobby: its creator may, and so may a member with Manage Server (`manager`).
    pub async fn cancel_lobby_as(&self, lobby: i64, user: &User, manager: bool) -> Result<LobbyView> {
        let l = self.lobby(lobby).await?;
        if l.creator != user.id && !manager {
            return Err(Refusal::Lobby("Only the one who created this game, or a member with Manage Server, can cancel it.".into()));
        }
        if !self.store.cancel_lobby(lobby).await? {
            return Err(Refusal::Lobby("This lobby is closed.".into()));
        }
        self.lobby(lobby).await
    }

    /// Starts the lobby's game (creator only). The game gets its thread with [`Service::open_game`].
    pub async fn start_lobby(&self, lobby: i64, user: &User, seed: u64) -> Result<(i64, LobbyView)> {
        let l = self.lobby(lobby).await?;
        if l.creator != user.id {
            return Err(Refusal::Lobby("Only the one who created this game can start it.".into()));
        }
        if !l.open {
            return Err(Refusal::Lobby("This game has already started or was cancelled.".into()));
        }
        if !l.can_start() {
            return Err(Refusal::Lobby(format!(
                "{} players are needed to start{} ({} joined).",
                l.min_players(),
                if l.teams { " a team game" } else { "" },
                l.members.len()
            )));
        }
        // Engine names must be distinct and not empty.
        let mut names: Vec<String> = Vec::new();
        for (i, m) in l.members.iter().enumerate() {
            let base = if m.name.trim().is_empty() { format!("player {}", i + 1) } else { m.name.trim().to_string() };
            let mut name = base.clone();
            let mut k = 2;
            while names.iter().any(|x| x.eq_ignore_ascii_case(&name)) {
                name = format!("{base} ({k})");
                k += 1;
            }
            names.push(name);
        }
        let mut config =
            GameConfig { players: names.clone(), teams: None, edition: 4, expansions: l.expansions.iter().copied().collect(), seed };
        if l.teams {
            config.teams = Some(vec![vec![0, 2], vec![1, 3]]);
        }
        Game::new(config.clone()).map_err(engine_refusal)?;
        let players: Vec<PlayerRow> = l
            .members
            .iter()
            .enumerate()
            .map(|(seat, m)| PlayerRow { seat, user_id: m.id, name: names[seat].clone(), computer: m.computer.clone() })
            .collect();
        let Some(game) = self.store.start_lobby(lobby, &config, &players).await? else {
            return Err(Refusal::Lobby("This game has already started or was cancelled.".into()));
        };
        Ok((game, self.lobby(lobby).await?))
    }

    /// Undoes a start whose thread could not be opened.
    pub async fn unstart_lobby(&self, lobby: i64, game: i64) -> Result<()> {
        self.evict(game);
        Ok(self.store.unstart_lobby(lobby, game).await?)
    }

    /// Gives a started game its thread and says what to tell everyone: the game
    /// began (in the thread) and, by DM, each player's two cards for the first meld.
    pub async fn open_game(&self, game: i64, thread: Snowflake) -> Result<Outcome> {
        self.store.set_thread(game, thread).await?;
        self.evict(game);
        let (slot, guard) = self.lock(game).await?;
        let live = guard.as_ref().expect("loaded");
        let g = &live.game;
        let mut seats = String::new();
        for p in &live.players {
            match &p.computer {
                Some(level) => {
                    let _ = writeln!(seats, "{}. {} (a computer player, {level})", p.seat + 1, p.name);
                }
                None => {
                    let _ = writeln!(seats, "{}. {} ({})", p.seat + 1, live.mention(p.seat), p.name);
                }
            }
        }
        let teams = match &g.config().teams {
            Some(t) => {
                let ts: Vec<String> =
                    t.iter().map(|team| team.iter().map(|s| g.names()[*s].clone()).collect::<Vec<_>>().join(" & ")).collect();
                format!("Teams: {}\n", ts.join(" vs "))
            }
            None => String::new(),
        };
        self.store.set_waits(game, self.now(), &Self::waits(live, &live.stamps)).await?;
        let row = self.store.game(game).await?;
        let expansions: Vec<Set> = g.config().expansions.iter().copied().collect();
        let sets = match expansions.as_slice() {
            [] => format!("Played with {}.\n", expansions::words(&expansions)),
            _ => format!("Played with {} (`/help` explains their words).\n", expansions::words(&expansions)),
        };
        let mut out = Outcome { game, thread: Some(thread), ..Default::default() };
        out.posts.push(Post {
            text: format!(
                "**The game began!** Players in seat order:\n{seats}{teams}{sets}Everyone: I sent you your two cards by direct message. Choose one to meld; they are revealed together when all have chosen.\n{}",
                Self::settings_words(row.reminder_minutes, row.limit_minutes)
            ),
            pictures: vec![Picture::Table(g.view(None))],
            ui: None,
        });
        for p in g.prompts() {
            if !live.is_computer(p.player) {
                out.dms.push(self.question_dm(live, p.player, true));
            }
        }
        out.reply = "The game began.".into();
        out.order = Some(OrderTicket::issue(&slot.deliver));
        out.computer_turn = Self::computer_asked(live).is_some();
        drop(guard);
        Ok(out)
    }
}

-- Lobbies, games, their players and decisions, and the bot's messages that carry buttons.
-- Discord ids (snowflakes) are stored as TEXT: they are u64, SQLite integers are i64.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    TEXT    NOT NULL,
    channel_id  TEXT    NOT NULL,             -- where the lobby was; the game's thread lives under it
    thread_id   TEXT    UNIQUE,               -- NULL until the thread is opened
    config      TEXT    NOT NULL,             -- engine::GameConfig as JSON
    version     INTEGER NOT NULL DEFAULT 0,   -- number of decisions; bumped in the same transaction as each one
    status      TEXT    NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'over')),
    created_at  TEXT    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    updated_at  TEXT    NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE game_players (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX game_players_by_user ON game_players (user_id);

-- The game's log: decision number `seq` (0-based) is the one that took the game from version seq to seq + 1.
CREATE TABLE decisions (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    decision    TEXT    NOT NULL,             -- engine::Decision as JSON (compact answer tokens)
    user_id     TEXT    NOT NULL,
    created_at  TEXT    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE lobbies (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    TEXT    NOT NULL,
    channel_id  TEXT    NOT NULL,
    creator_id  TEXT    NOT NULL,
    seats       INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 5),
    teams       INTEGER NOT NULL DEFAULT 0,
    message_id  TEXT,
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'started', 'cancelled')),
    game_id     INTEGER REFERENCES games (id) ON DELETE SET NULL,
    created_at  TEXT    NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE lobby_members (
    lobby_id  INTEGER NOT NULL REFERENCES lobbies (id) ON DELETE CASCADE,
    user_id   TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    position  INTEGER NOT NULL,
    PRIMARY KEY (lobby_id, user_id)
);

-- Messages the bot posted with buttons for a question, so that once the question
-- is answered or gone their buttons can be taken away.
CREATE TABLE prompt_messages (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    channel_id  TEXT    NOT NULL,
    message_id  TEXT    NOT NULL,
    seat        INTEGER NOT NULL,
    stamp       INTEGER NOT NULL,
    PRIMARY KEY (channel_id, message_id)
);
CREATE INDEX prompt_messages_by_game ON prompt_messages (game_id);

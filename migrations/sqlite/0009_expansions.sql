-- The expansions a lobby's game is played with, by name in `Set` order ("unseen", or
-- "echoes,unseen"; empty: the base game only), chosen by the lobby's creator before the start.
-- Each expansion raises the most players by one ("The maximum player count for a game with just
-- the base set is 5. Each expansion you add increases that maximum by 1."), so a lobby has 2 to
-- 10 seats. SQLite cannot change a column's check: the table is built again with the same rows,
-- ids and id sequence, and so is `lobby_members` (whose rows would go with the old table).
CREATE TABLE lobbies_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id        TEXT    NOT NULL,
    channel_id      TEXT    NOT NULL,
    creator_id      TEXT    NOT NULL,
    seats           INTEGER NOT NULL CHECK (seats BETWEEN 2 AND 10),
    teams           INTEGER NOT NULL DEFAULT 0,
    message_id      TEXT,
    status          TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'started', 'cancelled')),
    game_id         INTEGER REFERENCES games (id) ON DELETE SET NULL,
    created_at      TEXT    NOT NULL DEFAULT CURRENT_TIMESTAMP,
    computer_level  TEXT    NOT NULL DEFAULT 'basic' CHECK (computer_level IN ('basic', 'strong')),
    rematch_of      INTEGER REFERENCES games (id) ON DELETE SET NULL,
    expansions      TEXT    NOT NULL DEFAULT ''
);
INSERT INTO lobbies_new (id, guild_id, channel_id, creator_id, seats, teams, message_id, status, game_id, created_at, computer_level, rematch_of)
    SELECT id, guild_id, channel_id, creator_id, seats, teams, message_id, status, game_id, created_at, computer_level, rematch_of FROM lobbies;
-- Ids are never given twice: the new table goes on from the old one's sequence.
DELETE FROM sqlite_sequence WHERE name = 'lobbies_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'lobbies_new', seq FROM sqlite_sequence WHERE name = 'lobbies';

CREATE TABLE lobby_members_new (
    lobby_id  INTEGER NOT NULL REFERENCES lobbies_new (id) ON DELETE CASCADE,
    user_id   TEXT    NOT NULL,
    name      TEXT    NOT NULL,
    position  INTEGER NOT NULL,
    computer  TEXT    CHECK (computer IS NULL OR computer IN ('basic', 'strong')),
    PRIMARY KEY (lobby_id, user_id)
);
INSERT INTO lobby_members_new (lobby_id, user_id, name, position, computer)
    SELECT lobby_id, user_id, name, position, computer FROM lobby_members;

DROP TABLE lobby_members;
DROP TABLE lobbies;
-- Renaming also points lobby_members_new's reference (and the id sequence) at the new name.
ALTER TABLE lobbies_new RENAME TO lobbies;
ALTER TABLE lobby_members_new RENAME TO lobby_members;
CREATE UNIQUE INDEX lobbies_one_rematch ON lobbies (rematch_of) WHERE rematch_of IS NOT NULL AND status <> 'cancelled';
